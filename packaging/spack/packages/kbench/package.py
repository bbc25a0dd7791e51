# kbench's Spack recipe: the release tarball (`make dist`), built with
# configure, with the CUDA toolkit and CUPTI that the spec names
# (packaging/spack/README.md says how it was tested).

import hashlib
import os

import spack.hooks.drop_redundant_rpaths
from spack.package import *


class Kbench(AutotoolsPackage, CudaPackage):
    """kbench measures how fast a CUDA kernel variant is and checks that it
    is still right: each variant is a plugin that kbench loads, verifies
    against a CPU reference on fresh random data and times on the GPU, in
    a worker process of its own."""

    homepage = "https://github.com/kbench/kbench"
    # The release's `make dist` tarball (it holds configure: no autotools
    # needed); the sum is that of the tarball the README names.
    url = "https://github.com/kbench/kbench/releases/download/v0.1.0/kbench-0.1.0.tar.gz"

    version("0.1.0", sha256="7e82154b3114727ebb2d45c27cc2d39ea168290ed931bcbd6c33ce8118e69930")

    variant("cuda", default=True, description="Build the CUDA catalogue (else host variants only)")
    variant("cupti", default=True, when="+cuda",
            description="Hardware counters and the stream audit, through CUPTI")
    variant("json-c", default=True,
            description="kbench compare and kbench fleet, which read results through json-c")
    variant("seccomp", default=True,
            description="The worker's seccomp seal (without it: mseal(2) alone)")

    depends_on("pkgconfig", type="build")
    depends_on("nettle@3.4:")
    depends_on("json-c@0.15:", when="+json-c")
    depends_on("libseccomp@2.5:", when="+seccomp")
    # CudaPackage gives the cuda_arch variant and depends_on("cuda",
    # when="+cuda"); configure builds for the architectures it names.
    conflicts("cuda_arch=none", when="+cuda",
              msg="kbench's CUDA plugins need cuda_arch, e.g. cuda_arch=90")

    def setup_build_environment(self, env):
        # make check (spack install --test=root) then skips
        # tests/shell/deb.sh and spack.sh, which package the tarball.
        env.set("KBENCH_PACKAGE_BUILD", "spack")

    def configure_args(self):
        spec = self.spec
        args = self.with_or_without("json-c") + self.with_or_without("seccomp")
        if spec.satisfies("+cuda"):
            cuda = spec["cuda"].prefix
            args += [
                f"--with-cuda={cuda}",
                "--with-cuda-arch=" + ",".join(spec.variants["cuda_arch"].value),
                f"--with-cupti={cuda}" if spec.satisfies("+cupti") else "--without-cupti",
            ]
        else:
            args += ["--without-cuda", "--without-cupti"]
        return args

    @run_after("install")
    def record_catalogue(self):
        """kbench knows its own catalogue by the SHA-256 that make install
        recorded beside it (catalogue.sha256).  Spack's post-install hook
        then drops the rpath entries that name no folder (the prefix's
        lib64), which changes the plugins: drop them now, through the same
        hook, and record the files as they stay."""
        spack.hooks.drop_redundant_rpaths.post_install(self.spec)
        manifest = join_path(self.prefix.lib, "kbench", "plugins", "catalogue.sha256")
        with open(manifest) as f:
            names = [line.split(None, 1)[1].strip() for line in f if line.strip()]
        with open(manifest, "w") as f:
            for name in names:
                with open(join_path(os.path.dirname(manifest), name), "rb") as lib:
                    f.write(f"{hashlib.sha256(lib.read()).hexdigest()}  {name}\n")
