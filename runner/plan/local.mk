# plan: what to run, from the command line: options, the plan of cases
# (sweeps and --cases files), devices, launcher ranks, the plugin search,
# a library's trust domain.
kb_plan_sources = \
	%reldir%/cases_file.c \
	%reldir%/cli.c %reldir%/cli.h %reldir%/cli_help.c \
	%reldir%/devices.c %reldir%/devices.h \
	%reldir%/launcher.c %reldir%/launcher.h \
	%reldir%/plan.c %reldir%/plan.h \
	%reldir%/plugin_path.c %reldir%/plugin_path.h \
	%reldir%/trust.c %reldir%/trust.h
runner_libkbrunner_la_SOURCES += $(kb_plan_sources)
nodist_runner_libkbrunner_la_SOURCES += %reldir%/shipped.h

# The file names of the plugins kbench ships, one C string a line, for
# trust.c: made from plugin_LTLIBRARIES, so that the list cannot fall
# behind the build.
%reldir%/shipped.h: Makefile
	$(AM_V_GEN)$(MKDIR_P) $(@D) && { \
	echo '/* Made by make (runner/plan/local.mk): the file names of the'; \
	echo '** plugins kbench ships, for trust.c. */'; \
	for p in $(plugin_LTLIBRARIES); do \
	  printf '"%s.so",\n' "$$(basename "$$p" .la)"; \
	done; } > $@-t && mv $@-t $@
BUILT_SOURCES += %reldir%/shipped.h
CLEANFILES += %reldir%/shipped.h

# The catalogue's libraries by content, for trust.c: each built library's
# SHA-256 and file name, as sha256sum writes them, in the build tree's
# plugins/ (remade whenever a library is); the install records the
# installed files' anew in plugindir (they may differ: install-strip).
plugins/catalogue.sha256: $(plugin_LTLIBRARIES)
	$(AM_V_GEN)for p in $(plugin_LTLIBRARIES); do \
	  ( cd "$$(dirname "$$p")/.libs" && \
	    sha256sum "$$(basename "$$p" .la).so" ) || exit 1; \
	done > $@-t && mv $@-t $@
all-local: plugins/catalogue.sha256
CLEANFILES += plugins/catalogue.sha256
install-data-hook:
	cd "$(DESTDIR)$(plugindir)" && for p in $(plugin_LTLIBRARIES); do \
	  sha256sum "$$(basename "$$p" .la).so" || exit 1; \
	done > catalogue.sha256-t && mv catalogue.sha256-t catalogue.sha256
uninstall-hook:
	rm -f "$(DESTDIR)$(plugindir)/catalogue.sha256"
