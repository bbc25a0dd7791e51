# results: kbench's JSON results format: a result's entry written and read
# back by its table (entry.h), the one JSON writer, and for compare, fleet
# and tune's cache the reader, the pooling of repetitions, the counts.
# Reading needs json-c; without it the subcommands that read say so.
kb_results_sources = \
	%reldir%/counters.c %reldir%/counters.h \
	%reldir%/entry.h %reldir%/entry_write.c \
	%reldir%/json_write.c %reldir%/json_write.h \
	%reldir%/pooling.c %reldir%/pooling.h %reldir%/same_device.c \
	%reldir%/reader.h %reldir%/entries.h \
	%reldir%/format.c %reldir%/format.h \
	%reldir%/json_read.h
if HAVE_JSON_C
kb_results_sources += %reldir%/file_read.c \
	%reldir%/entries.c %reldir%/json_read.c %reldir%/entry_read.c \
	%reldir%/format_upgrade.c
runner_libkbrunner_la_CPPFLAGS += $(JSON_C_CFLAGS)
runner_libkbrunner_la_LIBADD += $(JSON_C_LIBS)
else
EXTRA_DIST += %reldir%/file_read.c %reldir%/entries.c \
	%reldir%/json_read.c %reldir%/entry_read.c %reldir%/format_upgrade.c
endif
runner_libkbrunner_la_SOURCES += $(kb_results_sources)
