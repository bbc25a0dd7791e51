# model: what a case and its result are, shared by every other folder: the
# result and its fields, verdicts, parameters, variants, the measure's
# settings, metrics, energy, clocks.  It includes util/ only.
kb_model_sources = \
	%reldir%/clock_events.c %reldir%/clock_events.h \
	%reldir%/device_report.h \
	%reldir%/disturbers.c %reldir%/disturbers.h \
	%reldir%/energy.c %reldir%/energy.h \
	%reldir%/field_text.c %reldir%/field_text.h \
	%reldir%/measure_cfg.c %reldir%/measure_cfg.h \
	%reldir%/metrics.c %reldir%/metrics.h \
	%reldir%/params.c %reldir%/params.h \
	%reldir%/placement.c %reldir%/placement.h \
	%reldir%/plausible.c %reldir%/plausible.h \
	%reldir%/result.c %reldir%/result.h \
	%reldir%/result_fields.c %reldir%/result_fields.h \
	%reldir%/result_notes.c %reldir%/result_notes.h \
	%reldir%/variant.c %reldir%/variant.h \
	%reldir%/verdict.c %reldir%/verdict.h
runner_libkbrunner_la_SOURCES += $(kb_model_sources)
