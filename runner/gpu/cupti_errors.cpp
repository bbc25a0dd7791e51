// The CUPTI glue's shared words (cupti_glue.hpp): a failed CUPTI or CUDA
// call as a status and a sentence, times, and kernel names demangled.
#include "gpu/cupti_glue.hpp"

namespace {

const char *const k_permission =
    "GPU performance counters are restricted to administrators (CUPTI_ERROR_INSUFFICIENT_PRIVILEGES): "
    "run as root or with CAP_SYS_ADMIN, or let every user read them by loading the nvidia module with "
    "NVreg_RestrictProfilingToAdminUsers=0 (e.g. 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' in "
    "/etc/modprobe.d/, then reboot or reload the module); "
    "/proc/driver/nvidia/params shows RmProfilingAdminOnly: 0 once it applies";

const char *const k_busy =
    "another process holds the GPU's profiler (CUPTI_ERROR_HARDWARE_BUSY): usually another kbench, ncu or "
    "Nsight Systems on this GPU, or DCGM's profiling metrics (dcgm-exporter; 'dcgmi profile --pause' frees "
    "the profiler and 'dcgmi profile --resume' gives it back)";

}  // namespace

namespace kbc {

int say(char *err, size_t size, int status, const char *fmt, ...)
{
  if (err && size) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
  }
  return status;
}

// A failed CUPTI call as a status and a sentence naming the call.
int cupti_fail(CUptiResult r, const char *call, char *err, size_t size)
{
  if (r == CUPTI_ERROR_INSUFFICIENT_PRIVILEGES) return say(err, size, KB_CUPTI_NO_PERMISSION, "%s", k_permission);
  if (r == CUPTI_ERROR_HARDWARE_BUSY) return say(err, size, KB_CUPTI_BUSY, "%s: %s", call, k_busy);
  const char *name = nullptr, *msg = nullptr;
  cuptiGetResultString(r, &name);
  cuptiGetErrorMessage(r, &msg);
  int status = KB_CUPTI_ERROR;
  if (r == CUPTI_ERROR_NOT_SUPPORTED || r == CUPTI_ERROR_NOT_COMPATIBLE ||
      r == CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED || r == CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED)
    status = KB_CUPTI_UNSUPPORTED;
  return say(err, size, status, "%s: %s%s%s", call, name ? name : "CUPTI error", msg ? ": " : "", msg ? msg : "");
}

int cuda_fail(cudaError_t e, const char *call, char *err, size_t size)
{
  int status = (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver) ? KB_CUPTI_UNSUPPORTED : KB_CUPTI_ERROR;
  return say(err, size, status, "%s: %s: %s", call, cudaGetErrorName(e), cudaGetErrorString(e));
}

double ms_since(std::chrono::steady_clock::time_point t0)
{
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::string demangle(const char *name)
{
  int st = 0;
  char *d = abi::__cxa_demangle(name, nullptr, nullptr, &st);
  std::string r = (st == 0 && d) ? d : name;
  free(d);
  return r;
}

}  // namespace kbc
