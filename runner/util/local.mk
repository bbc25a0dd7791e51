# util: small pure helpers with no notion of a case (formatting, the host's
# facts, statistics, random numbers and the fills' elements, SHA-256,
# nearest names, where kbench is installed).  It includes nothing of the
# runner outside itself.
kb_util_sources = \
	%reldir%/fill_bits.h %reldir%/format.c %reldir%/format.h \
	%reldir%/host_facts.c %reldir%/host_facts.h \
	%reldir%/mannwhitney.c %reldir%/mannwhitney.h \
	%reldir%/install_dir.c %reldir%/install_dir.h \
	%reldir%/nearest.c %reldir%/nearest.h \
	%reldir%/rng.c %reldir%/rng.h \
	%reldir%/sha256.c %reldir%/sha256.h \
	%reldir%/stats.c %reldir%/stats.h
runner_libkbrunner_la_SOURCES += $(kb_util_sources)

# The installation directories install_dir.c moves with the binary, as
# configure chose them (configure.ac: expanded there, so that make install
# prefix=DIR, which keeps the way from bindir to plugindir, rebuilds
# nothing: on a 16-core GPU host it relinked the kbench the other tests
# were running).  Written on every make, replaced only when they changed
# (configure's --prefix or --libdir), so that a new prefix recompiles what
# uses them and nothing else.  The draft has a name of its own (the
# shell's pid): the tests' parallel `make install`s each run this rule,
# and one shared draft, moved away by one make while another wrote it,
# failed their installs (20 of 24 in 3 rounds of 8).
BUILT_SOURCES += %reldir%/install_dirs.h
nodist_runner_libkbrunner_la_SOURCES = %reldir%/install_dirs.h
DISTCLEANFILES += %reldir%/install_dirs.h
%reldir%/install_dirs.h: kb-always
	@$(MKDIR_P) $(@D) && draft=$@.$$$$.tmp && { \
	  echo '/* Made by make (runner/util/local.mk): the directories of'; \
	  echo '** the install, as configure and make chose them. */'; \
	  echo '#define KB_BINDIR "$(KB_CONF_BINDIR)"'; \
	  echo '#define KB_PLUGINDIR "$(KB_CONF_PLUGINDIR)"'; \
	  echo '#define KB_LIBEXECDIR "$(KB_CONF_LIBEXECDIR)"'; \
	} > $$draft && \
	if cmp -s $$draft $@; then rm -f $$draft; else mv -f $$draft $@; fi
