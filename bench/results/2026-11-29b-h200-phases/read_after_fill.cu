// Does the CPU read a page-locked buffer slower when the GPU wrote it? (diag)
#include <cuda_runtime.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <stdint.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+1e-9*t.tv_nsec;}
struct tk{char*p;size_t a,b;};
static void*touch(void*x){struct tk*t=(struct tk*)x;for(size_t i=t->a;i<t->b;i+=4096)t->p[i]=0;return 0;}
static void ptouch(char*p,size_t n,int th){pthread_t id[64];struct tk t[64];for(int i=0;i<th;i++){t[i].p=p;t[i].a=n/th*i/4096*4096;t[i].b=i==th-1?n:n/th*(i+1)/4096*4096;pthread_create(&id[i],0,touch,&t[i]);}for(int i=0;i<th;i++)pthread_join(id[i],0);}
#define CK(x) do{cudaError_t e=(x);if(e){printf("%s: %s\n",#x,cudaGetErrorString(e));exit(1);}}while(0)
__global__ void gfill(float*o,size_t n){for(size_t i=blockIdx.x*(size_t)blockDim.x+threadIdx.x;i<n;i+=(size_t)gridDim.x*blockDim.x)o[i]=(float)(i%1000)*0.001f;}
static long huge_kb(void*p){FILE*f=fopen("/proc/self/smaps","r");char l[512];unsigned long a,b;int in=0;long kb=-1;while(fgets(l,sizeof l,f)){if(sscanf(l,"%lx-%lx",&a,&b)==2&&strchr(l,'-')&&l[0]!=' '&&!strchr(l,':')){in=(a<=(unsigned long)p&&(unsigned long)p<b);}else if(sscanf(l,"%lx-%lx",&a,&b)==2){in=(a<=(unsigned long)p&&(unsigned long)p<b);}if(in&&strncmp(l,"AnonHugePages:",14)==0){kb=atol(l+14);}}fclose(f);return kb;}
static double seq(const float*p,size_t n){double t=now();double s=0;for(size_t i=0;i<n;i++)s+=p[i];volatile double v=s;(void)v;return now()-t;}
static double tiled(const float*in,size_t rows,size_t cols){double t=now();uint32_t d=0;static uint32_t w[64][64];for(size_t c0=0;c0<cols;c0+=64)for(size_t r0=0;r0<rows;r0+=64){for(size_t r=r0;r<r0+64;r++)for(size_t c=c0;c<c0+64;c++){uint32_t b;memcpy(&b,&in[r*cols+c],4);w[c-c0][r-r0]=b;}d^=w[3][5];}volatile uint32_t v=d;(void)v;return now()-t;}
int main(){
  CK(cudaFree(0));
  size_t rows=8192,cols=8192,n=rows*cols,bytes=n*4;
  for(int way=0;way<3;way++){
    char*p=(char*)mmap(0,bytes,3,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);madvise(p,bytes,MADV_HUGEPAGE);
    if(way>0)ptouch(p,bytes,16);
    CK(cudaHostRegister(p,bytes,way==2?cudaHostRegisterMapped:0));
    printf("way %d (%s): AnonHugePages %ld kB of %zu\n",way,way==0?"register only":way==1?"16-thread touch, register":"16-thread touch, register mapped",huge_kb(p),bytes>>10);
    float*f=(float*)p;
    for(size_t i=0;i<n;i++)f[i]=(float)(i%1000)*0.001f;
    printf("  cpu-filled: seq %.1f ms tiled %.1f ms\n",1e3*seq(f,n),1e3*tiled(f,rows,cols));
    void*d;CK(cudaHostGetDevicePointer(&d,p,0));gfill<<<1056,256>>>((float*)d,n);CK(cudaDeviceSynchronize());
    printf("  gpu-filled: seq %.1f ms tiled %.1f ms\n",1e3*seq(f,n),1e3*tiled(f,rows,cols));
    printf("  again     : seq %.1f ms tiled %.1f ms\n",1e3*seq(f,n),1e3*tiled(f,rows,cols));
    void*dv;CK(cudaMalloc(&dv,bytes));CK(cudaMemset(dv,0,bytes));CK(cudaMemcpy(p,dv,bytes,cudaMemcpyDeviceToHost));
    printf("  dma-copied: seq %.1f ms tiled %.1f ms\n",1e3*seq(f,n),1e3*tiled(f,rows,cols));
    for(size_t i=0;i<n;i++)f[i]=(float)(i%7);
    printf("  cpu again : seq %.1f ms tiled %.1f ms\n",1e3*seq(f,n),1e3*tiled(f,rows,cols));
    CK(cudaFree(dv));CK(cudaHostUnregister(p));munmap(p,bytes);
  }
  return 0;}
