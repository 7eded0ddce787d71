# ttt-maps: the two commands are `make posters` and `make test`.
#
# Everything runs from a project venv (.venv) that the first target to need it
# creates: system packages first (scripts/system-deps.sh: cairo headers, a C
# compiler, the DejaVu font; apt-get on Debian/Ubuntu), then pip (in compat
# mode: a .pth path entry instead of setuptools' import hook, which costs every
# run ~40 ms). `make posters` installs the package alone (`pip install -e .`:
# typer, rich, Pillow, pycairo, platformdirs); `make test` and the other
# development targets the whole [dev] extra (the test tools, the docs tools,
# the linters). A stamp file inside the venv records each set-up; it is redone
# when pyproject.toml, this Makefile or the system-deps script changes, so a
# second `make test` goes straight to the tests.
#
# `make test` also runs the Sphinx and MyST tests under the oldest Sphinx and
# myst-parser that pyproject.toml allows, in a second venv inside the first
# ($(VENV)/oldest-docs, set up once like the first: scripts/oldest_docs.py
# reads the bounds).
#
# Variables: PYTHON (interpreter that makes the venv, default python3),
# VENV (default .venv), PYTEST_ARGS (extra pytest arguments), JOBS (pytest-xdist
# workers: default one per core, 0 for none),
# BROWSER=0 (skip installing the test tools: Chromium and Firefox ESR for the
# viewer, poppler and qpdf for our PDFs, rsvg-convert and Inkscape for our
# SVGs; the tests that need them skip).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= python3
VENV ?= .venv
BROWSER ?= 1
PYTEST_ARGS ?=
JOBS ?= auto
SEED ?= 0
SEED_DIR ?= ../shared/seed-program
BASELINE ?=
BEFORE ?=
BENCH_ARGS ?=

PY := $(VENV)/bin/python
STAMP := $(VENV)/.ttt-maps-setup
POSTERS_STAMP := $(VENV)/.ttt-maps-posters
OLDEST := $(VENV)/oldest-docs
OLDEST_STAMP := $(OLDEST)/.ttt-maps-setup
OLDEST_TESTS := tests/test_sphinx.py tests/test_myst.py
# ruff over whatever of these exists (empty folders are not in a fresh clone).
LINT_PATHS := $(wildcard ttt_maps tests examples scripts docs)

.PHONY: help setup venv posters test check lint mutate bench browser readme docs proofs clean distclean

help:
	@echo "make posters   set up, then render both maps and the poster into output/"
	@echo "make test      set up, lint, then run the test suite"
	@echo "make check     lint and the fast tests (no browsers, builds or big boards)"
	@echo "make lint      ruff and mypy"
	@echo "make mutate    mutation testing of the modules that make claims, against the fast"
	@echo "               tests that guard them; the kill rate per module (not part of make test)"
	@echo "make bench     time and measure the main commands (scripts/bench.py);"
	@echo "               SEED=1 against the seed program, BASELINE=REV against an older build"
	@echo "make venv      only set up .venv for development (system packages + pip install -e '.[dev]')"
	@echo "make readme    remake the example outputs of the README and docs/ from their commands"
	@echo "make docs      build the documentation site into docs/_build/html (warnings are errors)"
	@echo "make proofs    rebuild the shipped proofs (6x5, 6x6) with the prover and check them all"
	@echo "               again (needs gcc; about 5 minutes; not part of make test)"
	@echo "make clean     remove caches and build files (distclean: also .venv)"

# --- set-up ------------------------------------------------------------------

setup venv: $(STAMP)

# The system packages, the venv and pip: $(call install,WHAT) installs WHAT.
define install
	bash scripts/system-deps.sh --python "$(PYTHON)"
	if [ ! -x "$(PY)" ]; then $(PYTHON) -m venv "$(VENV)"; fi
	$(PY) -m pip install --quiet --disable-pip-version-check -e '$(1)' \
		--config-settings editable_mode=compat
	touch "$@"
endef

# What the posters need: the package and its own dependencies, nothing else.
$(POSTERS_STAMP): pyproject.toml Makefile scripts/system-deps.sh
	$(call install,.)

# Development: the test tools, the docs tools and the linters too.
$(STAMP): pyproject.toml Makefile scripts/system-deps.sh
	$(call install,.[dev])

# The oldest docs tools: this checkout, pytest, and the pins scripts/oldest_docs.py
# prints. pycairo comes from the wheel pip built for .venv a moment before, so the
# set-up is downloads and unpacking (measured on the shared 2-core machine: 34 s
# of CPU; 47 s to 2 min 20 s of wall time, as loaded as the machine was).
$(OLDEST_STAMP): pyproject.toml Makefile scripts/oldest_docs.py | $(STAMP)
	if [ ! -x "$(OLDEST)/bin/python" ]; then $(PYTHON) -m venv "$(OLDEST)"; fi
	$(OLDEST)/bin/python -m pip install --quiet --disable-pip-version-check -e . pytest \
		$$($(PY) scripts/oldest_docs.py) --config-settings editable_mode=compat
	touch "$@"

# The test tools, all from Debian (scripts/system-deps.sh --help lists them;
# browsers never from `playwright install`).
browser:
ifeq ($(BROWSER),0)
	@echo "BROWSER=0: not checking for Chromium and poppler; the browser and poppler tests will skip"
else
	bash scripts/system-deps.sh --browser --python "$(PYTHON)"
endif

# --- the two commands ----------------------------------------------------------

# The repository's posters are in English, whatever language the shell speaks
# (ttt-maps render --lang fr draws them in French).
posters: $(POSTERS_STAMP)
	$(VENV)/bin/ttt-maps render --lang en
	$(PY) examples/compare_policies.py > /dev/null

# Lint runs first (measured: cold, in a fresh clone with no mypy cache, a few
# seconds; warm, under one), then the docs tests under the oldest Sphinx, then
# the tests; all run even if one failed, and the target fails if any did.
# pytest's exit 5 (no tests collected) is reported but is not a failure.
# Tests run in parallel (pytest-xdist, one worker per core; the package's tests
# share one build on one worker: tests/conftest.py).
PYTEST := $(PY) -m pytest -n $(JOBS) --dist loadgroup

test: $(STAMP) $(OLDEST_STAMP) browser
	@lint=0; $(MAKE) --no-print-directory lint || lint=$$?; \
	echo "$(OLDEST)/bin/python -m pytest $(OLDEST_TESTS)"; \
	oldest=0; $(OLDEST)/bin/python -m pytest -p no:cacheprovider -W ignore::DeprecationWarning \
		$(OLDEST_TESTS) || oldest=$$?; \
	if [ $$oldest -ne 0 ]; then echo "make test: the docs tests failed under the oldest Sphinx" >&2; fi; \
	echo "$(PYTEST) $(PYTEST_ARGS)"; \
	tests=0; $(PYTEST) $(PYTEST_ARGS) || tests=$$?; \
	if [ $$tests -eq 5 ]; then echo "make test: WARNING: pytest collected no tests"; tests=0; fi; \
	if [ $$lint -ne 0 ]; then echo "make test: lint failed (see above)" >&2; fi; \
	[ $$lint -eq 0 ] && [ $$oldest -eq 0 ] && [ $$tests -eq 0 ]

# --- development ---------------------------------------------------------------

# The inner loop: lint, then every test not marked slow (tests/conftest.py:
# browsers, package builds, docs builds, big boards from cold).
check: $(STAMP)
	@lint=0; $(MAKE) --no-print-directory lint || lint=$$?; \
	tests=0; $(PYTEST) -m "not slow" $(PYTEST_ARGS) || tests=$$?; \
	[ $$lint -eq 0 ] && [ $$tests -eq 0 ]

# Both checkers run; the target fails if either found something.
lint: $(STAMP)
	@status=0; \
	echo "$(VENV)/bin/ruff check $(LINT_PATHS)"; $(VENV)/bin/ruff check $(LINT_PATHS) || status=1; \
	echo "$(VENV)/bin/mypy ttt_maps"; $(VENV)/bin/mypy ttt_maps || status=1; \
	exit $$status

# Mutation testing (mutmut; [tool.mutmut] in pyproject.toml names the modules that make
# claims and the fast tests that guard them): each mutant is a small planted bug, and a
# test must fail for it. Then the kill rate per module (scripts/mutation_score.py) and
# the survivors in mutants/survivors.txt (`$(VENV)/bin/mutmut show NAME` shows one).
# Results are kept in mutants/: a second run tries only the mutants of changed code.
# MUTATE_JOBS: workers (default 2). MUTANTS: which mutants (mutmut's name patterns); by
# default a fixed fifth of them, every function's mutants numbered ...0 and ...5, so a
# run takes minutes, not hours; MUTANTS= (empty) tries all 3,370. Not part of `make test`.
MUTATE_JOBS ?= 2
MUTANTS ?= *__mutmut_*[05]

mutate: $(STAMP)
	env -u PYTHONPATH $(VENV)/bin/mutmut run --max-children $(MUTATE_JOBS) $(if $(MUTANTS),'$(MUTANTS)') \
		> mutants.log 2>&1 || { tail -n 20 mutants.log; exit 1; }
	$(PY) scripts/mutation_score.py

# make bench SEED=1 also builds (once) and runs the seed program, the Haskell
# program ttt-maps grew from (SEED_DIR: its folder); BASELINE=REV or a path to
# another ttt-maps compares with an older build (a revision is built once in
# the temporary directory); BEFORE=REV adds that build's imports (say, main).
# BENCH_ARGS: more arguments (--runs N, --only TEXT).
bench: $(STAMP)
	seed=""; if [ "$(SEED)" = 1 ]; then seed=$$(bash scripts/seed-program.sh "$(SEED_DIR)" | tail -n 1); fi; \
	$(PY) scripts/bench.py $${seed:+--seed "$$seed"} $(if $(BASELINE),--baseline "$(BASELINE)") \
		$(if $(BEFORE),--before "$(BEFORE)") $(BENCH_ARGS)

# The proofs the package ships (X wins 6x5, 5x6 and 6x6 with four in a row): the prover
# (scripts/proofs/prover.c, needs gcc) writes every certificate again under build/proofs
# and the package's checker (ttt_maps/audit/proofs.py) checks each (about 5 minutes); the
# files the package ships are copied into ttt_maps/solve/proofs/ (byte for byte the same:
# the prover is deterministic) and each board's claims, its value and every first move's,
# are checked from them by `check --board`. Not part of `make test`.
PROOFS_OUT ?= build/proofs

proofs: $(STAMP)
	PROOFS_OUT=$(PROOFS_OUT) $(PY) scripts/proofs/make_all.py 6x5 6x6
	for b in 6x5 6x6; do \
		cp $(PROOFS_OUT)/$$b.win.xz $(PROOFS_OUT)/$$b.lb.xz ttt_maps/solve/proofs/ && \
		cp $(PROOFS_OUT)/$$b/first-*.xz ttt_maps/solve/proofs/$$b/ || exit 1; \
	done
	for b in 6x5k4 5x6k4 6x6k4; do $(PY) -m ttt_maps check --board $$b || exit 1; done

readme: $(STAMP)
	$(PY) scripts/readme_examples.py

# The documentation site: MyST pages in docs/, their maps drawn by ttt-maps' own
# directive, warnings as errors (-W; --keep-going lists them all before failing).
# Make-mode keeps the doctrees beside the pages: docs/_build/{html,doctrees}.
docs: $(STAMP)
	$(VENV)/bin/sphinx-build -M html docs docs/_build -W --keep-going -q
	@echo "docs/_build/html/index.html"

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis docs/_build docs/_generated \
		mutants mutants.log
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf "$(VENV)"
