noinst_HEADERS = plugins/common/kb_util.h plugins/common/kb_cuda.h
