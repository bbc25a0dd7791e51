# The CMake package, for plugin authors who build with CMake:
# find_package(kbench CONFIG) finds it under $(libdir)/cmake/kbench.
# kbench-config.cmake is written at install time from its .in template by
# make (kb_subst_dirs, Makefile.am: so that `make install prefix=DIR`
# installs a package that names DIR), with the directories unexpanded, so
# that the package also works staged under a DESTDIR or moved with its
# prefix; configure writes kbench-config-version.cmake, which names none.
# The build tree's copy (kbench_uninstalled, Makefile.am) names the
# source tree; the installed one names none (@KBENCH_SOURCE_DIR@ empty).
kbenchcmakedir = $(libdir)/cmake/kbench
nodist_kbenchcmake_DATA = kbench-config-version.cmake
EXTRA_DIST += cmake/kbench-config.cmake.in
install-kbench-cmake:
	$(MKDIR_P) '$(DESTDIR)$(kbenchcmakedir)'
	$(kb_subst_dirs) -e 's|@KBENCH_SOURCE_DIR[@]||g' \
	  $(srcdir)/cmake/kbench-config.cmake.in \
	  > '$(DESTDIR)$(kbenchcmakedir)/kbench-config.cmake' && \
	chmod 644 '$(DESTDIR)$(kbenchcmakedir)/kbench-config.cmake'
uninstall-kbench-cmake:
	rm -f '$(DESTDIR)$(kbenchcmakedir)/kbench-config.cmake'
.PHONY: install-kbench-cmake uninstall-kbench-cmake
kbench-config.cmake: $(srcdir)/cmake/kbench-config.cmake.in Makefile
	$(AM_V_GEN)$(kb_subst_uninstalled) $(srcdir)/cmake/kbench-config.cmake.in > $@-t && mv $@-t $@
