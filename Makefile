# binms-teach: every target creates .venv if it is missing and reuses it after.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
NOTEBOOKS := $(sort $(wildcard notebooks/*.ipynb notebooks/exercises/*.ipynb \
	notebooks/solutions/*.ipynb notebooks/appendix/*.ipynb))
# The exact versions the notebooks are executed with (`make constraints` rewrites it).
# `make CONSTRAINTS= dev` installs without them (e.g. on a Python other than the tested one).
CONSTRAINTS ?= binms_teach/constraints.txt
# --no-compile: Python compiles each module when it is first imported, not all at install.
PIP_INSTALL = $(BIN)/python -m pip install --quiet --no-compile $(if $(CONSTRAINTS),-c $(CONSTRAINTS))

.PHONY: lab reproduce test test-core test-unit test-notebooks test-e2e test-latest execute-notebooks nav \
	exercises slides teach bench lint course dev test-installed constraints wheel book clean

# Keep Python's __pycache__ (some images turn it off): with --no-compile every process would
# compile scikit-learn, pandas and SciPy again.
unexport PYTHONDONTWRITEBYTECODE

# JupyterLab refuses to run as root unless told (containers, CI machines).
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

# ---- what a person does (each target installs what it needs into .venv first)

lab: course  ## open the course in JupyterLab
	$(BIN)/jupyter lab notebooks/ $(AS_ROOT)

reproduce: course  ## rerun the paper's experiments headless
	$(BIN)/python -m binms_teach reproduce

test: test-unit test-notebooks  ## the whole suite: lint, unit tests, then the notebooks under nbval

test-core: test-installed  ## first: the readable layer, its doctests and the planted-bug tests (~30 s)
	$(BIN)/pytest -m core -p no:nbval

test-unit: test-installed  ## lint and the unit tests
	$(BIN)/ruff check .
	$(ONE_THREAD) $(BIN)/pytest -m "not e2e" $(PARALLEL)

test-notebooks: test-installed  ## every notebook under nbval: its stored outputs are today's
	$(ONE_THREAD) $(BIN)/pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg $(PARALLEL)

test-e2e: test-installed $(VENV)/.browser-installed  ## the widgets in JupyterLab, the book and the decks, in headless Chromium
	bash tools/install_chromium.sh  # tests/e2e/test_slides.py builds the decks it opens
	$(ONE_THREAD) $(BIN)/pytest -m "e2e and not hub" tests/e2e $(PARALLEL)

lint: dev  ## ruff
	$(BIN)/ruff check .

execute-notebooks: dev  ## re-run every notebook in place so its stored outputs are today's
	$(BIN)/python tools/execute_notebooks.py $(NOTEBOOKS)

nav: dev  ## rewrite the navigation links of the notebooks (safe to re-run)
	$(BIN)/python tools/navigation.py

exercises: dev  ## regenerate notebooks/exercises/ from notebooks/solutions/, link and execute them
	$(BIN)/python tools/exercises.py
	$(BIN)/python tools/navigation.py
	$(BIN)/python tools/execute_notebooks.py notebooks/exercises/*.ipynb  # a shell glob: new ones too

slides: $(VENV)/.slides-installed  ## the decks and their PDF handouts in build/slides/ (SLIDES_ARGS: e.g. "06 07", "--no-pdf"; npm once, Chromium)
	$(BIN)/python tools/slides.py $(SLIDES_ARGS)

teach: $(VENV)/.teach-installed  ## nbgrader for a graded class (docs/teaching.md); then: source .venv/bin/activate
	@echo "Installed. nbgrader runs alembic from .venv/bin: first run  source $(BIN)/activate"
	@echo "then  binms-teach nbgrader my-course  and the cycle of docs/teaching.md."

book: $(VENV)/.book-installed  ## the course as a static site, readable offline: build/book/html
	$(BIN)/python tools/build_book.py

bench: test-installed  ## benchmarks/RESULTS.md and the plots (BENCH_ARGS=--large adds n = 128k ... 1M)
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

wheel: dev  ## the wheel (with the data and the notebooks inside) in dist/
	$(BIN)/python -m pip wheel --quiet --no-deps -w dist .

constraints: dev  ## after adding a dependency to pyproject.toml: pin it in constraints.txt and environment.yml
	$(PIP_INSTALL) -e '.[$(ALL_EXTRAS)]'
	$(BIN)/python tools/constraints.py

test-latest:  ## the whole suite against the newest releases of every dependency (not in CI)
	rm -rf $(LATEST)
	$(PY) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -m pip install --quiet --upgrade -e '.[$(TEST_EXTRAS)]'
	$(LATEST)/bin/ruff check .
	$(LATEST)/bin/pytest -m "not e2e"
	$(LATEST)/bin/pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg

clean:  ## remove the venvs and everything built
	rm -rf $(VENV) $(LATEST) build dist *.egg-info .pytest_cache

# ---- how (the installs, and the settings of the runs above)

# Two test processes, each taking whole files (a notebook runs in one kernel); JOBS=1 or 4.
JOBS ?= 2
PARALLEL = $(if $(filter-out 1,$(JOBS)),-n $(JOBS) --dist loadfile)
# One BLAS/OpenMP thread per test process: two processes of two threads on two cores spin
# against each other (results do not depend on the thread count).
ONE_THREAD = $(if $(filter-out 1,$(JOBS)),OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1)
LATEST := .venv-latest
# `make test` installs every extra its tests use; `pip install -e '.[dev]'` alone skips them.
TEST_EXTRAS := dev,engine,teach
ALL_EXTRAS := $(TEST_EXTRAS),browser,book

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
	touch $@ $(VENV)/.course-installed $(VENV)/.slides-installed

test-installed: $(VENV)/.test-installed
$(VENV)/.test-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[$(TEST_EXTRAS)]'
	touch $@ $(VENV)/.dev-installed $(VENV)/.course-installed $(VENV)/.slides-installed \
		$(VENV)/.teach-installed

$(VENV)/.browser-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[browser]'
	touch $@

$(VENV)/.slides-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[slides]'
	touch $@

$(VENV)/.teach-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[teach]'
	touch $@ $(VENV)/.course-installed

$(VENV)/.book-installed: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(PIP_INSTALL) -e '.[book]'
	touch $@

# The class server of docs/class-server.md, set up by its scripts and used by three students
# in Chromium (tests/e2e/test_class_server.py). As root: it creates Unix users (and removes them).
.PHONY: test-hub
test-hub: test-installed $(VENV)/.browser-installed  ## the class-server recipe end to end: attacks, ops, Kubernetes route (root; under /opt)
	bash tools/install_chromium.sh
	$(BIN)/pytest -m hub tests/e2e/test_class_server.py tests/e2e/test_class_server_ops.py \
		tests/e2e/test_class_server_k8s.py -s

# The class server under load: N students (binms-ld-01 ...) start JupyterLab through the hub
# and run lesson 06 at once (benchmarks/hub_load.py). As root; installs under /opt/binms-load.
# Writes benchmarks/hub_load.json and HUB_LOAD.md; `make hub-sizing` then rewrites the table
# of docs/class-server/sizing.md from them.
N ?= 1
.PHONY: bench-hub hub-sizing
bench-hub: test-installed  ## the hub load benchmark (root): N students at once (N=10)
	$(BIN)/python benchmarks/hub_load.py --students $(N)

hub-sizing: test-installed  ## docs/class-server/sizing.md's table from benchmarks/hub_load.json
	$(BIN)/python benchmarks/hub_sizing.py
