# Host (CPU) plugins: the pipeline runs and is tested on any machine.
plugin_LTLIBRARIES += plugins/host/reduce_cpu.la plugins/host/copy_cpu.la
plugins_host_reduce_cpu_la_SOURCES = plugins/host/reduce_cpu.c
plugins_host_copy_cpu_la_SOURCES = plugins/host/copy_cpu.c
