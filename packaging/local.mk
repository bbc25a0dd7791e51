# kbench installed the way HPC sites install software: Debian packages
# (debian/, which the tarball carries, since they are built from it) and
# a Spack recipe (packaging/spack/).  README.md: Install from a package.
EXTRA_DIST += packaging/README.md debian/changelog debian/control debian/copyright \
	debian/rules debian/source/format debian/kbench.install \
	debian/kbench-dev.install debian/kbench.lintian-overrides \
	debian/kbench-dev.lintian-overrides \
	packaging/spack/README.md packaging/spack/repo.yaml \
	packaging/spack/packages.yaml packaging/spack/externals.sh \
	packaging/spack/packages/kbench/package.py

# make deb: kbench and kbench-dev from this tree's `make dist` tarball,
# unpacked and built in $(DEB_DIR) as a site builds them (debian/rules:
# KBENCH_CUDA, KBENCH_CUDA_ARCH; DEB_BUILD_OPTIONS=nocheck leaves out make
# check).  $(DEB_TARBALL) names another tarball to build instead.
DEB_DIR = deb
DEB_TARBALL =
DEB_BUILD_FLAGS = -jauto
deb:
	@$(if $(shell command -v dh),,$(error make deb needs debhelper: apt-get install debhelper))
	@tarball='$(DEB_TARBALL)'; \
	if test -z "$$tarball"; then \
	  $(MAKE) $(AM_MAKEFLAGS) dist-gzip && tarball=$(distdir).tar.gz; \
	fi && \
	rm -rf '$(DEB_DIR)' && $(MKDIR_P) '$(DEB_DIR)' && \
	tar -xzf "$$tarball" -C '$(DEB_DIR)' && \
	cd '$(DEB_DIR)'/kbench-*/ && \
	dpkg-buildpackage -us -uc -b $(DEB_BUILD_FLAGS) && cd .. && \
	echo "make deb: built in $(DEB_DIR):" && ls *.deb
clean-local: clean-deb
clean-deb:
	rm -rf '$(DEB_DIR)'
.PHONY: deb clean-deb
