# Old names of the kit's helpers for the host plugins, until they include
# <kbench/kit.h> (see kb_util.h).
noinst_HEADERS = plugins/common/kb_util.h
