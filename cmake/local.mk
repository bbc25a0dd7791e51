# The CMake package, for plugin authors who build with CMake:
# find_package(kbench CONFIG) finds it under $(libdir)/cmake/kbench.
# kbench-config.cmake is written at install time from its .in template by
# make (kb_subst_dirs, Makefile.am: so that `make install prefix=DIR`
# installs a package that names DIR), with the directories unexpanded, so
# that the package also works staged under a DESTDIR or moved with its
# prefix; configure writes kbench-config-version.cmake, which names none.
kbenchcmakedir = $(libdir)/cmake/kbench
nodist_kbenchcmake_DATA = cmake/kbench-config-version.cmake
EXTRA_DIST += cmake/kbench-config.cmake.in
install-kbench-cmake:
	$(MKDIR_P) '$(DESTDIR)$(kbenchcmakedir)'
	$(kb_subst_dirs) $(srcdir)/cmake/kbench-config.cmake.in \
	  > '$(DESTDIR)$(kbenchcmakedir)/kbench-config.cmake' && \
	chmod 644 '$(DESTDIR)$(kbenchcmakedir)/kbench-config.cmake'
uninstall-kbench-cmake:
	rm -f '$(DESTDIR)$(kbenchcmakedir)/kbench-config.cmake'
.PHONY: install-kbench-cmake uninstall-kbench-cmake
