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
SOURCES, DIRECTIVES = (runpy.run_path("tablekit/compiled.py")[name] for name in ("SOURCES", "DIRECTIVES"))


# each optional: a failed C build leaves the plain module in use
extensions = [Extension(module, [path], optional=True) for module, path in SOURCES.items()]
setup(ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES, build_dir="build/cython", quiet=True)
      if cythonize is not None else [],
      options={"build_ext": {"parallel": os.cpu_count() or 1}})
