// Host page-locking strategies, timed (diagnostic for issue 64).
#include <cuda_runtime.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
struct tk{char*p;size_t a,b;};
static void*touch(void*x){struct tk*t=(struct tk*)x;for(size_t i=t->a;i<t->b;i+=4096)t->p[i]=0;return 0;}
static void ptouch(char*p,size_t n,int th){pthread_t id[64];struct tk t[64];for(int i=0;i<th;i++){t[i].p=p;t[i].a=n/th*i/4096*4096;t[i].b=i==th-1?n:n/th*(i+1)/4096*4096;pthread_create(&id[i],0,touch,&t[i]);}for(int i=0;i<th;i++)pthread_join(id[i],0);}
#define CK(x) do{cudaError_t e=(x);if(e){printf("%s: %s\n",#x,cudaGetErrorString(e));exit(1);}}while(0)
int main(int argc,char**argv){
  double t=now(); CK(cudaFree(0)); printf("context %.3f\n",now()-t);
  size_t sizes[]={256u<<20,(size_t)1<<30};
  for(int s=0;s<2;s++){size_t n=sizes[s];
   for(int mode=0;mode<5;mode++){
    double t0=now(); char*p=NULL; double t1=0;
    if(mode==0){p=(char*)mmap(0,n,3,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);madvise(p,n,MADV_HUGEPAGE);t1=now();CK(cudaHostRegister(p,n,0));}
    if(mode==1){p=(char*)mmap(0,n,3,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);madvise(p,n,MADV_HUGEPAGE);ptouch(p,n,16);t1=now();CK(cudaHostRegister(p,n,0));}
    if(mode==2){p=(char*)mmap(0,n,3,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);ptouch(p,n,16);t1=now();CK(cudaHostRegister(p,n,0));}
    if(mode==3){CK(cudaHostAlloc((void**)&p,n,0));t1=now();}
    if(mode==4){p=(char*)mmap(0,n,3,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);madvise(p,n,MADV_HUGEPAGE);ptouch(p,n,1);t1=now();CK(cudaHostRegister(p,n,0));}
    double t2=now();
    void*d;CK(cudaMalloc(&d,n));double c0=now();CK(cudaMemcpy(d,p,n,cudaMemcpyHostToDevice));double c1=now();CK(cudaMemcpy(p,d,n,cudaMemcpyDeviceToHost));double c2=now();
    double f0=now(); if(mode==3)CK(cudaFreeHost(p)); else {CK(cudaHostUnregister(p));munmap(p,n);} double f1=now(); CK(cudaFree(d));
    printf("size %zuMiB mode %d: prep %.1f ms register %.1f ms total %.1f ms; up %.1f GB/s down %.1f GB/s; free %.1f ms\n",n>>20,mode,1e3*(t1-t0),1e3*(t2-t1),1e3*(t2-t0),n/(c1-c0)/1e9,n/(c2-c1)/1e9,1e3*(f1-f0));
   }}
  return 0;}
