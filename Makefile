# tablekit — the two commands a person needs: `make lab` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip

.PHONY: lab test test-fast chromium lint binder-check benchmarks build clean

# the modules the build compiles with Cython (listed in tablekit/compiled.py; see setup.py)
COMPILED := $(shell $(PYTHON) -c 'import runpy; print(*runpy.run_path("tablekit/compiled.py")["SOURCES"].values())')

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

$(VENV)/.kit: pyproject.toml setup.py | $(PY)
	$(PIP) install -q -e .
	touch $@ $(VENV)/.compiled

$(VENV)/.kit-test: pyproject.toml setup.py | $(PY)
	$(PIP) install -q -e ".[test]"
	touch $@ $(VENV)/.kit $(VENV)/.compiled

## make build: compile the Deckula! hindsight search and engine again, in place, after an edit to one of them
## (the tests refuse a compiled module older than its source)
build: $(VENV)/.compiled

$(VENV)/.compiled: $(COMPILED) tablekit/compiled.py | $(VENV)/.kit
	$(PY) -c 'import pathlib, sys, tablekit.compiled as c; sys.exit(bool(c.stale(pathlib.Path("."))))' \
		|| $(PIP) install -q --no-deps -e .
	touch $@

## make lab: install the kit (first time only) and open JupyterLab at the front door
## (as root, e.g. in a container, Jupyter needs --allow-root; LAB_ARGS adds your own options)
lab: $(VENV)/.kit $(VENV)/.compiled
	$(VENV)/bin/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) $(LAB_ARGS) notebooks/00-start-here.ipynb

## make test: install with the test extra (first time only) and run the whole suite:
## unit, contract, property and solver tests, every notebook under nbval, the browser tests
## (Chromium is checked first, before anything is installed: see `make chromium`)
test: chromium $(VENV)/.kit-test $(VENV)/.compiled
	$(VENV)/bin/ruff check .
	$(PY) -m pytest --nbval-lax --nbval-current-env tests notebooks

## make chromium: Debian's Chromium for the browser tests; installed with apt-get when it is
## missing and we are root, otherwise one line says how to install it (tools/ensure-chromium)
chromium:
	@tools/ensure-chromium

## make test-fast: everything but the notebooks and the browser
test-fast: $(VENV)/.kit-test $(VENV)/.compiled
	$(PY) -m pytest tests --ignore=tests/browser

lint: $(VENV)/.kit-test
	$(VENV)/bin/ruff check .

## make binder-check: imitate a Binder build in a fresh venv and run every notebook
binder-check:
	bash binder/imitate.sh .

benchmarks: $(VENV)/.kit-test $(VENV)/.compiled
	$(PY) benchmarks/engines.py
	$(PY) benchmarks/simulate.py

clean:
	rm -rf $(VENV) build *.egg-info
	rm -f $(COMPILED:.py=.*.so)
