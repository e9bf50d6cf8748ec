# `make run` sets everything up on a fresh machine and serves the web table on localhost
# with a demo encounter for every ruleset (it prints the GM and player links);
# `make play` plays the example fights in the terminal; `make test` runs ruff, mypy and the
# whole test suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test lint typecheck pytest bench clean
PORT ?= 8000

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/fracas serve --demo --port $(PORT)

play: $(STAMP)
	$(BIN)/fracas run examples/lines-skirmish.yaml
	$(BIN)/fracas run examples/nwo-firefight.yaml
	$(BIN)/fracas run examples/tiers-duel.yaml
	$(BIN)/fracas run examples/pools-squad-assault.yaml
	$(BIN)/fracas run examples/fatewalker-duel.yaml

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	cd benchmarks && ../$(BIN)/python run.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
