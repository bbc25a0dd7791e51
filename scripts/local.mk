# The offline subcommands written in Python: kbench plot's picture maker
# and kbench report's page maker with its template, which kbench
# (runner/commands/script.c) runs from the source tree or from here once
# installed.  kbench-report imports kbench-plot from its own folder.
dist_pkglibexec_SCRIPTS = scripts/kbench-plot scripts/kbench-report \
	scripts/kbench-history
kbenchscriptsdir = $(pkglibexecdir)
dist_kbenchscripts_DATA = scripts/kbench-report.html.j2 \
	scripts/kbench-history.html.j2 scripts/kbench-page.css
