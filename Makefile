# `make run` sets everything up on a fresh machine and serves the web table on localhost
# with a demo encounter for every ruleset (it prints the GM and player links);
# `make play` plays the example fights in the terminal; `make test` runs ruff, mypy and the
# whole test suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The compiled build of the fast paths (fracas/compiled.py): remade when a source it was made
# from changes (build/mypyc.d names them); where it cannot be made, fracas runs as plain Python.
COMPILED := build/compiled.stamp

.PHONY: run play test lint typecheck pytest bench clean
PORT ?= 8000

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

$(COMPILED): $(STAMP) tools/compile_fast_paths.py src/fracas/compiled.py
	$(BIN)/python tools/compile_fast_paths.py --optional
	touch $(COMPILED)

-include build/mypyc.d

run: $(STAMP) $(COMPILED)
	$(BIN)/fracas serve --demo --port $(PORT)

play: $(STAMP) $(COMPILED)
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

# Twice: every test over the compiled build, then the fast paths' identity tests (with the nwo
# tests that spy on its methods, which compiled classes cannot be patched for) and the map
# searches' and lines' (core/grid_layers.py and core/grid_lines.py are compiled too) as plain
# Python.
FAST_PATH_TESTS := $(wildcard tests/sim/test_*_fastpath.py) tests/rulesets/nwo/test_grid_tables.py \
	tests/core/test_grid_lines.py
pytest: $(STAMP) $(COMPILED)
	$(BIN)/pytest
	FRACAS_PURE=1 $(BIN)/pytest $(FAST_PATH_TESTS) tests/core/test_compiled.py

bench: $(STAMP) $(COMPILED)
	cd benchmarks && ../$(BIN)/python run.py

clean:
	rm -rf $(VENV) build .mypy_cache .pytest_cache .ruff_cache
