# The two commands: `make run` and `make test`. Both build .venv first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: strategy-fixtures run test lint bench bench-scale resilience screenshots install clean lock check-reproducible image

# Every install installs from a lock with a hash for each file (uv wrote
# them: `make lock`): requirements/main.txt is the program's (the Docker
# image), requirements/dev.txt the same pins plus the test and lint tools.
# Plain pip reads them, so a fresh machine needs only Python. Wheels only:
# a build from an sdist would not give the same bytes twice. The project
# itself goes in without its dependencies (they are all in the lock) and is
# built by the locked setuptools, not one fetched for a build environment;
# `pip check` then fails if pyproject.toml asks for more than the lock has.
LOCK := requirements/main.txt
DEV_LOCK := requirements/dev.txt
PIP_LOCKED := --require-hashes --no-deps --only-binary :all:

$(STAMP): pyproject.toml $(DEV_LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet $(PIP_LOCKED) -r $(DEV_LOCK)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	$(BIN)/python -m pip check
	touch $(STAMP)

install: $(STAMP)

# Rewrites the locks from pyproject.toml (and requirements/*.in), keeping
# every pin that still fits; `make lock UPGRADE=1` moves all to the newest.
# Resolved for CPython 3.11 (3.11.7, this machine's: markers such as
# python_full_version < "3.11.3" are decided for it, and so for any later
# 3.11) on x86_64 Linux with glibc 2.28 or newer: this machine, CI's (Debian
# bookworm) and the python:3.11-slim-bookworm image. Each pin carries the
# hashes of every file published for its version, so pip finds this
# platform's wheel among them; other platforms are not resolved or tested.
LOCK_FOR := --python-version 3.11.7 --python-platform x86_64-manylinux_2_28
UV_COMPILE = $(BIN)/uv pip compile --quiet --generate-hashes $(LOCK_FOR) \
	--custom-compile-command 'make lock' $(if $(UPGRADE),--upgrade)
lock:
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r requirements/uv.txt
	$(UV_COMPILE) pyproject.toml requirements/build.in -o $(LOCK)
	$(UV_COMPILE) pyproject.toml requirements/build.in --extra dev --constraint $(LOCK) -o $(DEV_LOCK)
	$(UV_COMPILE) requirements/uv.in -o requirements/uv.txt

# The image (Docker and its registry needed: not on the CI machine), its
# OCI labels from git: the commit, its time, the version in pyproject.toml.
IMAGE ?= breakpoker:local
image:
	docker build --tag $(IMAGE) \
		--build-arg REVISION=$$(git rev-parse HEAD) \
		--build-arg CREATED=$$(git log -1 --format=%cI) \
		--build-arg VERSION=$$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml) \
		--build-arg SOURCE=$$(git remote get-url origin 2>/dev/null || echo unknown) .

# Two fresh venvs installed from the dev lock must hold the same bytes:
# every archive pip took (its sha256, from pip's install report) and every
# file installed, compared by path and sha256 (tests/reproducible.py).
check-reproducible:
	$(PYTHON) tests/reproducible.py $(DEV_LOCK)

HOST ?= 127.0.0.1
PORT ?= 8000

# Migrate, make sure an admin exists, and start the embedded Redis, a worker
# and the API together (state in ./instance); Ctrl-C stops them all.
run: install
	$(BIN)/breakpoker run --host $(HOST) --port $(PORT)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-logo
	$(BIN)/mypy --strict service workers dealer_ui tests/bench --exclude '^tests/bench/test_'

CHROMIUM ?= /usr/bin/chromium
NO_BROWSER := echo "*** The browser tests (tests/ui) are SKIPPED: Debian's Chromium is not at $(CHROMIUM). Install it with 'apt-get install chromium' (.ci/run does) to run them. ***"

# Two test processes (pytest-xdist), a file each at a time: most tests wait
# on servers, workers and the browser rather than the CPU. The fault tests
# time the whole stack's recovery, and the "alone" ones need a machine no
# other test process loads, so they run after, by themselves.
TEST_PROCESSES ?= 2
SERIAL := resilience or alone
# The tests' temporary folders (their SQLite databases, instance folders,
# Redis sockets) in memory where the machine has a tmpfs: on disk, SQLite
# waits for a sync at each commit, tens of thousands a run. Only a tmpfs
# with 4 GB free: a container's 64 MB /dev/shm would fill.
TEST_TMPDIR ?= $(shell test -d /dev/shm -a -w /dev/shm && test $$(df --output=avail -k /dev/shm | tail -1) -gt 4000000 && echo /dev/shm || echo $${TMPDIR:-/tmp})
TEST_ENV := TMPDIR=$(TEST_TMPDIR) BREAKPOKER_CHROMIUM=$(CHROMIUM)

# Both parts are one run (tests/support/run_folder.py): the serial part
# reads the default par sheet and numba's compiled loops that the parallel
# part left, rather than making them again. Each part has its own instance.
test: lint
	@test -x $(CHROMIUM) || $(NO_BROWSER)
	run=$$(mktemp -d "$(TEST_TMPDIR)/breakpoker-run-XXXXXX") && trap 'rm -rf "$$run"' EXIT && \
	mkdir "$$run/numba" && export BREAKPOKER_TEST_RUN_FOLDER="$$run" NUMBA_CACHE_DIR="$$run/numba" && \
	BREAKPOKER_INSTANCE="$$run/parallel" $(TEST_ENV) $(BIN)/pytest -n $(TEST_PROCESSES) --dist loadfile -m "not ($(SERIAL))" && \
	BREAKPOKER_INSTANCE="$$run/serial" $(TEST_ENV) $(BIN)/pytest -m "$(SERIAL)"
	@test -x $(CHROMIUM) || $(NO_BROWSER)

# The fault tests alone (they also run in make test): Redis, workers and the
# API killed, the database cut off, races; on PostgreSQL too with TEST_DATABASE_URL.
resilience: install
	$(BIN)/pytest -m resilience -v

# The README's pictures of the main screens, taken by the browser tests.
screenshots: install
	@test -x $(CHROMIUM) || { $(NO_BROWSER); exit 1; }
	BREAKPOKER_CHROMIUM=$(CHROMIUM) BREAKPOKER_SCREENSHOTS=1 $(BIN)/pytest -q tests/ui

# The benchmarks are not the product: they live in tests/bench/, run from
# the checkout as `python -m tests.bench <command>`.
BENCH := $(BIN)/python -m tests.bench

# BENCH_DATABASE_URL: an empty PostgreSQL database for the load figures there too.
bench: install
	$(BENCH) bench
	$(BENCH) bench-office
	$(BENCH) bench-expected
	$(BENCH) bench-protection-cost
	$(BENCH) bench-profile
	$(BENCH) bench-strategy
	$(BENCH) bench-rated
	@if [ -n "$(BENCH_DATABASE_URL)" ]; then $(BENCH) bench-rated --database "$(BENCH_DATABASE_URL)"; fi
	$(BENCH) bench-alerts
	@if [ -n "$(BENCH_DATABASE_URL)" ]; then $(BENCH) bench-alerts --database "$(BENCH_DATABASE_URL)"; fi
	$(BENCH) bench-load
	@if [ -n "$(BENCH_DATABASE_URL)" ]; then $(BENCH) bench-load --database "$(BENCH_DATABASE_URL)"; fi

# How the back office's figures grow with the rounds stored (issue 22): not
# in `bench` (tens of minutes at 1M rounds). SCALE_SIZES, and
# BENCH_DATABASE_URL (an empty PostgreSQL database) for PostgreSQL too;
# the JSON and SVG go to docs/scale/.
SCALE_SIZES ?= 10000,100000
bench-scale: install
	$(BENCH) bench-scale --sizes $(SCALE_SIZES) --out docs/scale
	@if [ -n "$(BENCH_DATABASE_URL)" ]; then $(BENCH) bench-scale --sizes $(SCALE_SIZES) --out docs/scale --database "$(BENCH_DATABASE_URL)"; fi

# After a rules change moves the Main Bet: the optimal-strategy sheets the
# tests pin, rebuilt from cold (about two minutes).
strategy-fixtures: install
	rm -rf .strategy-fixtures
	BREAKPOKER_INSTANCE=.strategy-fixtures $(BIN)/breakpoker strategy build --qualifier K-3-2 --qualifier A-3-2
	for q in K-3-2 A-3-2; do cp .strategy-fixtures/strategy/$$q-*/optimal.json tests/analysis/fixtures/optimal_$$q.json; done
	chmod 644 tests/analysis/fixtures/*.json
	rm -rf .strategy-fixtures

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
