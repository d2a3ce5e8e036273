# The two set-up commands are `make run` and `make test`; both create .venv on first use.
# Everything else is optional. Recipes use .venv's own executables, so no activation is needed.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000
# Extra pytest arguments. The suite runs on two workers (pytest-xdist, pyproject's addopts):
# e.g. `make test PYTEST_ARGS="-n 0"` for one process, or `PYTEST_ARGS="-m 'not browser'"`.
PYTEST_ARGS ?=

.PHONY: run test typecheck jstest rules-cases migrate clean bench bench-peer

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml changes (or the venv is new).
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

migrate: $(STAMP)
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput

# The embedded mode: SQLite, in-memory channel layer, eager Celery, one daphne process.
run: migrate
	@if DEBUG=$${DEBUG:-1} $(BIN)/python manage.py help load_content >/dev/null 2>&1; then \
		DEBUG=$${DEBUG:-1} $(BIN)/python manage.py load_content; \
	else echo "load_content: command not available yet, skipped"; fi
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py load_defenders_content
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo "Serving on http://$(HOST):$(PORT)/"
	DEBUG=$${DEBUG:-1} $(BIN)/daphne -b $(HOST) -p $(PORT) wildlands_site.asgi:application

# The type check and the board's JavaScript checks run first, so `make test` (and .ci/run)
# fails on a type error, a lint error or a failing JS unit test too.
test: $(STAMP) typecheck jstest
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

# node_modules (ESLint and its config) again only when package-lock.json changes.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# ESLint over the browser JavaScript, then the unit tests of the board's turn, prompt,
# motion, replay and socket logic with node's own test runner (tests/js).
jstest: $(NODE_STAMP)
	npx --no-install eslint
	node --import ./tests/js/static_folders.mjs --test tests/js/ examples/

# mypy over the pure cores, wildlands/rules and ancients_ai/engine ([tool.mypy] in pyproject.toml).
typecheck: $(STAMP)
	$(BIN)/python -m mypy

rules-cases: $(STAMP)
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py rules_cases tests/rules_cases

# The peer benchmark's boardgame.io server and client (benchmarks/peer: its own package.json
# and lock), installed for the benchmarks only, never by `make test`.
PEER_STAMP := benchmarks/peer/node_modules/.installed
$(PEER_STAMP): benchmarks/peer/package-lock.json
	cd benchmarks/peer && npm ci --no-audit --no-fund --loglevel=error
	touch $@

bench: $(STAMP) $(PEER_STAMP) ; $(BIN)/python benchmarks/run_all.py $(BENCH_ARGS)

# Race to 21 on this site and on boardgame.io + bgio-postgres, side by side (PEER_ARGS, e.g.
# PEER_ARGS="--rounds 3").
bench-peer: $(STAMP) $(PEER_STAMP) ; $(BIN)/python benchmarks/peer_bench.py $(PEER_ARGS)

clean:
	rm -rf $(VENV) node_modules benchmarks/peer/node_modules staticfiles .pytest_cache .mypy_cache .hypothesis *.egg-info
