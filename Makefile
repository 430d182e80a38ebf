# The two commands: `make run` and `make test`. Both build .venv first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench install clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The API server comes with the API issue; until then `run` shows the engine at work.
run: install
	$(BIN)/breakpoker house-way Ah Kd 9s 9c 6h 4d 2c
	@echo
	@echo "The rules engine is installed. Try: $(BIN)/breakpoker house-way --help, $(BIN)/breakpoker settle --help"
	@echo "The HTTP API and the dealer tablet arrive with the API issue (#4)."

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-logo
	$(BIN)/mypy --strict service workers dealer_ui

test: lint
	$(BIN)/pytest

bench: install
	$(BIN)/breakpoker bench

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
