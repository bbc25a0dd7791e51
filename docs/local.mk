# The man page, kbench.1: help2man's rendering of kbench --help and
# --version, plus docs/kbench.h2m for what --help has no room for
# (DESCRIPTION, MEASUREMENT, ISOLATION, ENVIRONMENT, FILES, EXAMPLES, SEE
# ALSO), plus a section per subcommand (KBENCH COMPARE, ...) rendered from
# its own --help.  Generated rather than written so that it cannot drift
# from --help as options are added; tests/shell/man.sh checks that every
# long option of runner/plan/cli.c and of every --help is in it (a
# subcommand's in its section) and that it renders without warnings.
#
# Two steps, because --help names the plugin directory, which configure's
# --prefix or --libdir decides:
#
# docs/kbench.1.in  help2man's page with that directory as @plugindir@.
#   Distributed (and committed), like configure, so that a tarball or a
#   checkout builds and installs the page without help2man.  It ends with
#   a checksum of what it was made from (--help, --version, the include,
#   mkman.sh).  mkman.sh runs on every make, as it takes milliseconds, and
#   remakes the page only when that checksum changed: file times cannot
#   tell, since a checkout, merge or rebase sets them in any order, and
#   depending on the kbench binary would want help2man after every build.
#   Without help2man it warns and keeps the page.  The page is remade in
#   $(srcdir), where distributed files live (as automake does for Info
#   files); in `make distcheck`'s read-only srcdir it is up to date, as
#   `make dist` just checked it, and mkman.sh writes nothing.
# docs/kbench.1  the page installed: @plugindir@ filled in by fillman.sh,
#   with break points, so that a long --prefix renders without warnings.
nodist_man1_MANS = docs/kbench.1
CLEANFILES += docs/kbench.1
# $(srcdir)/ so that `make dist` brings the page up to date in VPATH builds
# too (distdir strips the prefix).
# docs/tables.py: the docs' sample outputs made from runs, and checked
# against kbench's output by tests/shell/docs.sh.
EXTRA_DIST += docs/kbench.h2m docs/mkman.sh docs/fillman.sh docs/tables.py \
	$(srcdir)/docs/kbench.1.in

$(srcdir)/docs/kbench.1.in: kb-always | kbench$(EXEEXT)
	@HELP2MAN='$(HELP2MAN)' $(SHELL) $(srcdir)/docs/mkman.sh \
	  ./kbench$(EXEEXT) $(srcdir)/docs/kbench.h2m '$(KB_CONF_PLUGINDIR)' $@
# No recipe, never a file: what depends on it is always looked at.
kb-always:

docs/kbench.1: $(srcdir)/docs/kbench.1.in $(srcdir)/docs/fillman.sh Makefile \
		runner/util/install_dirs.h
	$(AM_V_GEN)$(MKDIR_P) docs && \
	$(SHELL) $(srcdir)/docs/fillman.sh '$(plugindir)' \
	  $(srcdir)/docs/kbench.1.in > $@.$$$$.tmp && mv -f $@.$$$$.tmp $@
