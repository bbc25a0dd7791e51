# kbench plot's picture maker: a Python script that `kbench plot`
# (runner/plot.c) runs from the source tree or from here once installed.
dist_pkglibexec_SCRIPTS = scripts/kbench-plot
