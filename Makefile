# binms-teach: every target creates .venv if it is missing and reuses it after.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
NOTEBOOKS := $(sort $(wildcard notebooks/*.ipynb notebooks/solutions/*.ipynb))

.PHONY: lab reproduce test test-unit test-notebooks test-e2e execute-notebooks nav bench lint course dev \
	book clean

# JupyterLab refuses to run as root unless told (containers, CI machines).
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: course  ## open the course in JupyterLab
	$(BIN)/jupyter lab notebooks/ $(AS_ROOT)

reproduce: course  ## rerun the paper's experiments headless
	$(BIN)/python -m binms_teach reproduce

test: test-unit test-notebooks  ## the whole suite: lint, unit tests, then the notebooks under nbval

test-unit: dev
	$(BIN)/ruff check .
	$(BIN)/pytest -m "not e2e"

test-notebooks: dev
	$(BIN)/pytest --nbval notebooks --nbval-sanitize-with notebooks/sanitize.cfg

test-e2e: dev  ## the widgets in a real JupyterLab, driven in headless Chromium
	bash tools/install_chromium.sh
	$(BIN)/pytest -m e2e tests/e2e

execute-notebooks: dev  ## re-run every notebook in place so its stored outputs are today's
	$(BIN)/python tools/execute_notebooks.py $(NOTEBOOKS)

nav: dev  ## rewrite the navigation links of the notebooks (safe to re-run)
	$(BIN)/python tools/navigation.py

bench: dev  ## benchmarks/RESULTS.md and the plot
	$(BIN)/python benchmarks/run.py

book: $(VENV)/.book-installed  ## the course as a static site, readable offline: build/book/html
	$(BIN)/python tools/build_book.py

lint: dev
	$(BIN)/ruff check .

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

course: $(VENV)/.course-installed
$(VENV)/.course-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[course]'
	touch $@

dev: $(VENV)/.dev-installed
$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.course-installed

$(VENV)/.book-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[book]'
	touch $@

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
