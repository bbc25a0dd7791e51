# output: the writers of a run's results (table and TAP, CSV, JSON,
# markdown)
# behind one interface, and the progress line.
kb_output_sources = \
	%reldir%/cells.c %reldir%/cells.h \
	%reldir%/csv.c %reldir%/csv.h \
	%reldir%/energy_text.c %reldir%/energy_text.h \
	%reldir%/groups.c %reldir%/groups.h \
	%reldir%/markdown.c %reldir%/markdown.h \
	%reldir%/progress.c %reldir%/progress.h \
	%reldir%/replace.c %reldir%/replace.h \
	%reldir%/results_json.c %reldir%/results_json.h \
	%reldir%/side.c %reldir%/side.h \
	%reldir%/table.c %reldir%/table.h \
	%reldir%/writer.c %reldir%/writer.h
runner_libkbrunner_la_SOURCES += $(kb_output_sources)
