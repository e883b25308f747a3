"""Build step: the Deckula! hindsight solver and rules engine, compiled with Cython where a C compiler is at hand.

The modules stay plain Python (the same files run uncompiled, and are what ruff and the tests read); compiled, the
hindsight search runs about a third faster (benchmarks/deckula_hindsight.py). Without a C compiler (or Cython, in a
build without isolation) the build goes on and the kit runs them uncompiled. `make build` compiles them again in
place after an edit (tests/conftest.py refuses a compiled module older than its source).
"""

import os
import runpy

from setuptools import Extension, setup

try:
    from Cython.Build import cythonize
except ImportError:  # a build without isolation where Cython is not installed: the modules run plain
    cythonize = None

# (read without importing the kit: its dependencies are not in the build's environment)
COMPILED, DIRECTIVES = (runpy.run_path("tablekit/compiled.py")[name] for name in ("COMPILED", "DIRECTIVES"))


def extension(module: str) -> Extension:
    """A module's extension, optional: a failed C build leaves the plain module in use."""
    return Extension(module, [module.replace(".", "/") + ".py"], optional=True)


extensions = [extension(module) for module in COMPILED]
setup(ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES, build_dir="build/cython", quiet=True)
      if cythonize is not None else [],
      options={"build_ext": {"parallel": os.cpu_count() or 1}})
