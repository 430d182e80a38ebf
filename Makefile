# The two commands: `make run` and `make test`. Both build .venv first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: strategy-fixtures run test lint bench resilience screenshots install clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

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
	$(BIN)/mypy --strict service workers dealer_ui

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

test: lint
	@test -x $(CHROMIUM) || $(NO_BROWSER)
	$(TEST_ENV) $(BIN)/pytest -n $(TEST_PROCESSES) --dist loadfile -m "not ($(SERIAL))"
	$(TEST_ENV) $(BIN)/pytest -m "$(SERIAL)"
	@test -x $(CHROMIUM) || $(NO_BROWSER)

# The fault tests alone (they also run in make test): Redis, workers and the
# API killed, the database cut off, races; on PostgreSQL too with TEST_DATABASE_URL.
resilience: install
	$(BIN)/pytest -m resilience -v

# The README's pictures of the main screens, taken by the browser tests.
screenshots: install
	@test -x $(CHROMIUM) || { $(NO_BROWSER); exit 1; }
	BREAKPOKER_CHROMIUM=$(CHROMIUM) BREAKPOKER_SCREENSHOTS=1 $(BIN)/pytest -q tests/ui

# BENCH_DATABASE_URL: an empty PostgreSQL database for the load figures there too.
bench: install
	$(BIN)/breakpoker bench
	$(BIN)/breakpoker bench-office
	$(BIN)/breakpoker bench-expected
	$(BIN)/breakpoker bench-profile
	$(BIN)/breakpoker bench-strategy
	$(BIN)/breakpoker bench-load
	@if [ -n "$(BENCH_DATABASE_URL)" ]; then $(BIN)/breakpoker bench-load --database "$(BENCH_DATABASE_URL)"; fi

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
