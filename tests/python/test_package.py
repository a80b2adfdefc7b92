"""pip builds and installs the package (pyproject.toml, setup.py): a wheel of the module
this build made (KIFU_CMAKE_BUILD_DIR, so the test builds nothing new), installed into a
virtual environment and imported from there."""

import os
import pathlib
import subprocess
import sys
import zipfile

import pytest

import kifu

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_pip_builds_a_wheel_that_installs_and_imports(tmp_path):
    try:
        import setuptools  # noqa: F401  (Debian's python3-setuptools: the backend, offline)
    except ImportError:
        pytest.skip("setuptools is not installed (Debian: python3-setuptools)")
    build_dir = pathlib.Path(kifu.__file__).resolve().parents[2]  # <build>/python/kifu/__init__.py
    env = {"KIFU_CMAKE_BUILD_DIR": str(build_dir), "PATH": "/usr/bin:/bin"}
    env.update({k: v for k, v in os.environ.items() if k.startswith(("LD_", "ASAN_", "UBSAN_", "HOME"))})
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-q", "-w",
                    str(wheels), str(ROOT)], check=True, env=env)
    [wheel] = wheels.glob("kifu-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("kifu/_kifu") and n.endswith(".so") for n in names), names
    assert {"kifu/__init__.py", "kifu/dask.py", "kifu/py.typed"} <= set(names)
    metadata = next(n for n in names if n.endswith("METADATA"))
    assert f"Version: {kifu.__version__}" in zipfile.ZipFile(wheel).read(metadata).decode()
    # Installed in a virtual environment, it is the kifu that environment imports.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--no-deps", "-q", str(wheel)],
                   check=True, env=env)
    shown = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import kifu; print(kifu.__file__); print(kifu.__version__); "
                            "print(kifu.read('startpos').fen)"],
                           check=True, env=env, capture_output=True, text=True, cwd=tmp_path).stdout.split("\n")
    assert shown[0].startswith(str(venv)) and shown[1] == kifu.__version__
    assert shown[2] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
