# The CMake package, for plugin authors who build with CMake:
# find_package(kbench CONFIG) finds it under $(libdir)/cmake/kbench.
# configure writes both files from their .in templates (configure.ac), with
# the directories unexpanded, so that the package also works staged under
# a DESTDIR or moved with its prefix.
kbenchcmakedir = $(libdir)/cmake/kbench
nodist_kbenchcmake_DATA = cmake/kbench-config.cmake \
	cmake/kbench-config-version.cmake
