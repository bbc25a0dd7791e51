# The replay of results files through every printer (tests/shell/replay.sh):
# replay_print, which feeds a file's results to a run's own writers, and
# the corpus and the outputs it must give (whole folders, as the other
# fixtures).  It reads files with json-c.
if HAVE_JSON_C
check_PROGRAMS += %reldir%/replay_print
%canon_reldir%_replay_print_SOURCES = %reldir%/replay_print.c \
	%reldir%/replay_file.c %reldir%/replay_file.h
%canon_reldir%_replay_print_CPPFLAGS = $(UNIT_CPPFLAGS) $(JSON_C_CFLAGS)
%canon_reldir%_replay_print_LDADD = $(UNIT_LDADD)
%canon_reldir%_replay_print_LDFLAGS = $(UNIT_LINK_FLAGS)
endif
EXTRA_DIST += %reldir%/corpus %reldir%/golden
