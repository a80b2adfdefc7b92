"""The kifu Python package built by CMake (the target kifu_python), for pip and wheels.

pyproject.toml holds the metadata; this adds the build: CMake configures a release build of
the module alone (no tests, no tool) for the Python that runs pip, builds it, and the wheel
takes python/kifu with the module beside it. KIFU_CMAKE_BUILD_DIR names a build directory
to use instead (an incremental build, or one already configured); CMAKE_BUILD_PARALLEL_LEVEL
bounds the jobs, as for make.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = pathlib.Path(__file__).resolve().parent


def version() -> str:
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"project\(kifu\s+VERSION\s+([0-9.]+)", text).group(1)


class BuildWithCMake(build_py):
    def run(self):
        super().run()
        build = pathlib.Path(os.environ.get("KIFU_CMAKE_BUILD_DIR", ROOT / "build" / "python-wheel"))
        if not (build / "CMakeCache.txt").exists():
            subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
                            "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_FLAGS_RELEASE=-O2 -DNDEBUG",
                            "-DKIFU_BUILD_TESTS=OFF", "-DKIFU_BUILD_TOOLS=OFF", "-DKIFU_BUILD_PYTHON=ON",
                            "-DKIFU_INSTALL=OFF", f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "kifu_python"], check=True)
        built = build / "python" / "kifu"
        target = pathlib.Path(self.build_lib) / "kifu"
        target.mkdir(parents=True, exist_ok=True)
        for module in built.glob("_kifu*.so"):
            shutil.copy2(module, target / module.name)


(ROOT / "build").mkdir(exist_ok=True)
setup(version=version(), cmdclass={"build_py": BuildWithCMake},
      package_data={"kifu": ["*.pyi", "py.typed"]},
      options={"build": {"build_base": str(ROOT / "build" / "python-setuptools")},
               "egg_info": {"egg_base": str(ROOT / "build")}})
