# Fuzz targets: fuzz/run.sh builds and runs them with clang's libFuzzer,
# outside automake (it says why); make only distributes them.  A new
# target, fuzz/fuzz_NAME.c with its seeds in fuzz/corpus/fuzz_NAME/, is
# picked up here without a change.
EXTRA_DIST += fuzz/run.sh $(wildcard $(srcdir)/fuzz/fuzz_*.c) fuzz/corpus
