# binms-teach: every target creates .venv if it is missing and reuses it after.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
NOTEBOOKS := $(sort $(wildcard notebooks/*.ipynb notebooks/exercises/*.ipynb \
	notebooks/solutions/*.ipynb notebooks/appendix/*.ipynb))
# The exact versions the notebooks are executed with (`make constraints` rewrites it).
# `make CONSTRAINTS= dev` installs without them (e.g. on a Python other than the tested one).
CONSTRAINTS ?= binms_teach/constraints.txt
# --no-compile: Python compiles what it imports, when it imports it, instead of every module of
# every package up front (a fresh install of the book extra: 17 s instead of 42 s, load 2.5-3).
PIP_INSTALL = $(BIN)/python -m pip install --quiet --no-compile $(if $(CONSTRAINTS),-c $(CONSTRAINTS))

.PHONY: lab reproduce test test-unit test-notebooks test-e2e test-latest execute-notebooks nav \
	exercises slides teach bench lint course dev constraints wheel book clean

# Python keeps what it compiles in __pycache__ (its default), so that a module is compiled once.
# Some container images turn that off (PYTHONDONTWRITEBYTECODE=1); with the installs'
# --no-compile every process then compiles scikit-learn, pandas and SciPy again, about 3 s per
# kernel: the notebooks under nbval took 158 s instead of 89 s, the unit tests 201 s instead of
# 142 s (two cores).
unexport PYTHONDONTWRITEBYTECODE

# JupyterLab refuses to run as root unless told (containers, CI machines).
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: course  ## open the course in JupyterLab
	$(BIN)/jupyter lab notebooks/ $(AS_ROOT)

reproduce: course  ## rerun the paper's experiments headless
	$(BIN)/python -m binms_teach reproduce

test: test-unit test-notebooks  ## the whole suite: lint, unit tests, then the notebooks under nbval

# Two test processes (pytest-xdist), each taking whole files (a notebook runs in one kernel):
# `make test JOBS=1` runs everything in one process, JOBS=4 on a machine with more cores.
JOBS ?= 2
PARALLEL = $(if $(filter-out 1,$(JOBS)),-n $(JOBS) --dist loadfile)
# With several test processes, one BLAS/OpenMP thread each: two processes of two threads on two
# cores spin against each other (small float32 products ran 6x slower; results do not depend
# on the thread count: the notebooks pass with OMP_NUM_THREADS=1 too).
ONE_THREAD = $(if $(filter-out 1,$(JOBS)),OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1)

test-unit: dev
	$(BIN)/ruff check .
	$(ONE_THREAD) $(BIN)/pytest -m "not e2e" $(PARALLEL)

test-notebooks: dev
	$(ONE_THREAD) $(BIN)/pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg $(PARALLEL)

test-e2e: dev  ## the widgets in a real JupyterLab, the book and the slides, in headless Chromium
	bash tools/install_chromium.sh  # tests/e2e/test_slides.py builds the decks it opens
	$(ONE_THREAD) $(BIN)/pytest -m "e2e and not hub" tests/e2e $(PARALLEL)

execute-notebooks: dev  ## re-run every notebook in place so its stored outputs are today's
	$(BIN)/python tools/execute_notebooks.py $(NOTEBOOKS)

nav: dev  ## rewrite the navigation links of the notebooks (safe to re-run)
	$(BIN)/python tools/navigation.py

# The exercise notebooks are written from the solutions notebooks (tools/exercises.py), linked
# (tools/navigation.py), then executed so their stored outputs are today's.
exercises: dev  ## regenerate notebooks/exercises/ from notebooks/solutions/ and execute them
	$(BIN)/python tools/exercises.py
	$(BIN)/python tools/navigation.py
	$(BIN)/python tools/execute_notebooks.py notebooks/exercises/*.ipynb  # a shell glob: new ones too

# The decks for the room (docs/slides/NN_title.md, tools/slides.py): each executed, written as a
# reveal.js page and printed to a PDF handout in build/slides/. Installs only the "slides" extra.
# Needs Node.js's npm once (reveal.js and MathJax are fetched with `npm pack`, then cached in
# build/slides-cache/) and Chromium for the PDFs. SLIDES_ARGS: e.g. "06 07", "--no-pdf".
slides: $(VENV)/.slides-installed  ## the decks and their PDF handouts: build/slides/ (npm once; Chromium)
	$(BIN)/python tools/slides.py $(SLIDES_ARGS)

# For teachers: nbgrader and its JupyterLab extension (the "teach" extra) from this clone.
teach: $(VENV)/.teach-installed  ## nbgrader for a graded class (docs/teaching.md); then: source .venv/bin/activate
	@echo "Installed. nbgrader runs alembic from .venv/bin: first run  source $(BIN)/activate"
	@echo "then  binms-teach nbgrader my-course  and the cycle of docs/teaching.md."

bench: dev  ## benchmarks/RESULTS.md and the plots (BENCH_ARGS=--large adds n = 128k ... 1M)
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

book: $(VENV)/.book-installed  ## the course as a static site, readable offline: build/book/html
	$(BIN)/python tools/build_book.py

lint: dev
	$(BIN)/ruff check .

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

course: $(VENV)/.course-installed
$(VENV)/.course-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[course]'
	touch $@

dev: $(VENV)/.dev-installed
$(VENV)/.dev-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[dev]'
	touch $@ $(VENV)/.course-installed $(VENV)/.slides-installed $(VENV)/.teach-installed

$(VENV)/.slides-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[slides]'
	touch $@

$(VENV)/.teach-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[teach]'
	touch $@ $(VENV)/.course-installed

$(VENV)/.book-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[book]'
	touch $@

constraints: dev  ## after adding a dependency to pyproject.toml: pin it in constraints.txt and environment.yml
	$(PIP_INSTALL) -e '.[dev,book]'
	$(BIN)/python tools/constraints.py

# The suite against the newest releases, in a venv of its own (not in CI): catches breakage
# before students meet it. A failure here means: update the code or notebooks, then
# `make constraints` and `make execute-notebooks`.
LATEST := .venv-latest
test-latest:  ## the whole suite against the newest releases of every dependency
	rm -rf $(LATEST)
	$(PY) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -m pip install --quiet --upgrade -e '.[dev]'
	$(LATEST)/bin/ruff check .
	$(LATEST)/bin/pytest -m "not e2e"
	$(LATEST)/bin/pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg

wheel: dev  ## the wheel (with the data and the notebooks inside) in dist/
	$(BIN)/python -m pip wheel --quiet --no-deps -w dist .

clean:
	rm -rf $(VENV) $(LATEST) build dist *.egg-info .pytest_cache

# The class server of docs/class-server.md, set up by its scripts and used by three students
# in Chromium (tests/e2e/test_class_server.py). As root: it creates Unix users (and removes them).
.PHONY: test-hub
test-hub: dev  ## the class-server recipe end to end (root; installs under /opt/binms-class-test)
	bash tools/install_chromium.sh
	$(BIN)/pytest -m hub tests/e2e/test_class_server.py -s
