/* The stencil reference with its clamps in the loop (stencil_common.cuh)
** and with the two ends apart, timed over 64M floats in chunks of 1M:
** gcc -O3 -o st stencil_reference.c && ./st && taskset -c 0 ./st */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
typedef void (*fn)(const float*,float*,size_t,size_t,size_t);
static inline void stencil_reference(const float *in, float *want, size_t n, size_t begin, size_t end)
{ for (size_t i = begin; i < end; i++) { double l = in[i > 0 ? i - 1 : 0]; double r = in[i + 1 < n ? i + 1 : n - 1]; want[i] = (float)(l / 4.0 + (double)in[i] / 2.0 + r / 4.0); } }
static void fast_reference(const float *in, float *want, size_t n, size_t begin, size_t end)
{ size_t i = begin; if (i == 0 && i < end) { stencil_reference(in, want, n, 0, 1); i = 1; }
  size_t stop = end < n - 1 ? end : n - 1;
  for (; i < stop; i++) want[i] = (float)((double)in[i - 1] / 4.0 + (double)in[i] / 2.0 + (double)in[i + 1] / 4.0);
  if (i < end) stencil_reference(in, want, n, i, end); }
int main(){size_t n=(size_t)1<<26;float*in=malloc(n*4),*a=malloc(n*4),*b=malloc(n*4);for(size_t i=0;i<n;i++)in[i]=(float)((int)(i*2654435761u%16777216)-8388608)/8388608.0f;
 volatile fn f=stencil_reference; volatile fn g=fast_reference;
 for(int k=0;k<2;k++){double t=now();for(size_t c=0;c<n;c+=1<<20)f(in,a,n,c,c+(1<<20)<n?c+(1<<20):n);double t1=now();for(size_t c=0;c<n;c+=1<<20)g(in,b,n,c,c+(1<<20)<n?c+(1<<20):n);double t2=now();
 size_t bad=0;for(size_t i=0;i<n;i++)bad+=a[i]!=b[i];printf("ref %.1f ms fast %.1f ms bad %zu\n",1e3*(t1-t),1e3*(t2-t1),bad);}
 return 0;}
