# measure: the sample loop, one sampler per mode, the stream check and the
# stopping criterion.
runner_libkbrunner_la_SOURCES += \
	%reldir%/measure.c %reldir%/measure.h %reldir%/sampler.h \
	%reldir%/sample_run.c %reldir%/cold.c %reldir%/hot.c %reldir%/graph.c %reldir%/host.c \
	%reldir%/host_floor.c %reldir%/host_floor.h \
	%reldir%/stream_check.c %reldir%/stream_check.h %reldir%/region_check.c %reldir%/stream_order.c %reldir%/stream_order.h \
	%reldir%/kernel_time.c %reldir%/kernel_time.h \
	%reldir%/kernel_pass.c %reldir%/kernel_pass.h \
	%reldir%/probe.c %reldir%/probe.h %reldir%/probe_state.h \
	%reldir%/neighbours.c %reldir%/neighbours.h \
	%reldir%/energy.c %reldir%/energy.h \
	%reldir%/gpu_state.c %reldir%/gpu_state.h \
	%reldir%/placement_study.c %reldir%/placement_study.h \
	%reldir%/verified.c %reldir%/verified.h \
	%reldir%/criterion.c %reldir%/criterion.h
