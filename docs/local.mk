# The man page, kbench.1: help2man's rendering of kbench --help and
# --version, plus docs/kbench.h2m for what --help has no room for
# (DESCRIPTION, MEASUREMENT, ISOLATION, ENVIRONMENT, FILES, EXAMPLES, SEE
# ALSO).  Generated rather than written so that it cannot drift from
# --help as options are added; tests/man.sh checks that every long option
# of runner/cli.c is in it and that it renders without warnings.
#
# Two steps, because --help names the plugin directory, which configure's
# --prefix or --libdir decides:
#
# docs/kbench.1.in  help2man's page with that directory as @plugindir@.
#   Distributed (and committed), like configure, so that a tarball or a
#   checkout builds and installs the page without help2man.  It depends on
#   --help's sources, not on the kbench binary, which is only order-only:
#   a fresh build makes a newer binary and would otherwise always want
#   help2man.  It is remade in $(srcdir), where distributed files live (as
#   automake does for Info files): never in `make distcheck`, whose
#   read-only srcdir is up to date as `make dist` just made it.  File times
#   only say when to look: mkman.sh remakes the page when a checksum of
#   --help, --version and the include differs from the one it recorded
#   (else it touches it), and without help2man it warns and keeps it.
# docs/kbench.1  the page installed: @plugindir@ filled in.
nodist_man1_MANS = docs/kbench.1
CLEANFILES += docs/kbench.1
# $(srcdir)/ so that `make dist` brings the page up to date in VPATH builds
# too (distdir strips the prefix).
EXTRA_DIST += docs/kbench.h2m docs/mkman.sh $(srcdir)/docs/kbench.1.in

KB_MAN_DEPS = $(srcdir)/docs/kbench.h2m $(srcdir)/docs/mkman.sh \
	$(srcdir)/runner/cli.c $(srcdir)/include/kbench/plugin.h \
	$(top_srcdir)/configure.ac

$(srcdir)/docs/kbench.1.in: $(KB_MAN_DEPS) | kbench$(EXEEXT)
	$(AM_V_GEN)HELP2MAN='$(HELP2MAN)' $(SHELL) $(srcdir)/docs/mkman.sh \
	  ./kbench$(EXEEXT) $(srcdir)/docs/kbench.h2m '$(plugindir)' $@

docs/kbench.1: $(srcdir)/docs/kbench.1.in Makefile
	$(AM_V_GEN)$(MKDIR_P) docs && \
	sed -e 's|@plugindir[@]|$(plugindir)|g' $(srcdir)/docs/kbench.1.in \
	  > $@.tmp && mv -f $@.tmp $@
