# citelens developer commands. Every target is idempotent and fast when nothing changed:
# the venv is (re)installed only when pyproject.toml is newer than .venv/.stamp, the demo PDFs only when
# their generator changed, the wheel only when a source file did.

PYTHON  ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.stamp
DEMO    := build/demo/demo-paper.pdf
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
WHEEL   := dist/citelens-$(VERSION)-py3-none-any.whl
PY_SOURCES := $(shell find py -name '*.py' -not -path '*/__pycache__/*') pyproject.toml
SOURCES := $(PY_SOURCES) README.md
# The browser reader: npm packages (pdf.js, Pyodide), two wheels from PyPI kept in an ignored cache, the site.
NPM_STAMP := node_modules/.citelens-stamp
WHEELS    := .cache/wheels
RAPIDFUZZ := $(WHEELS)/rapidfuzz-3.14.6-py3-none-any.whl
MICROPIP  := $(WHEELS)/micropip-0.11.1-py3-none-any.whl
SITE      := site/worker/build.json
SITE_SRC  := $(shell find web worker -type f -not -name '.*' 2>/dev/null) tools/build_site.py \
             tools/precompile.py tools/pyodide_run.mjs tools/pyodide_snapshot.mjs
# The end-to-end tests (e2e/) drive Debian's chromium through Playwright: `playwright install` downloads a
# browser, which this network does not allow. Installed with apt when missing (as root, or through sudo).
CHROMIUM  := /usr/bin/chromium
PDFTOTEXT := /usr/bin/pdftotext
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The command line's build with the analysis modules compiled by mypyc (pyproject.toml's mypyc hook), installed
# into a folder of its own: PYTHONPATH=build/compiled runs it (bench/, tests/test_compiled.py). About 2.5 min.
COMPILED  := build/compiled/.stamp

.PHONY: help setup demo demo-cli test lint e2e chromium bench bench-large bench-batch wheel compiled site serve clean

help:
	@echo "make setup   create .venv and install citelens with its pdf, test, demo, batch and bench extras"
	@echo "make demo    build everything and serve the reader on the demo paper (http://localhost:8000/)"
	@echo "make demo-cli  build the demo paper and print its analysis JSON (the command-line path)"
	@echo "make test    lint the JS, then run every test, unit and end-to-end in Chromium (ARGS='-k cli' to pick some)"
	@echo "make lint    type-check (tsc --checkJs) and eslint web/ and worker/; fails on any error"
	@echo "make e2e     run only the end-to-end tests (e2e/: the reader in headless Chromium)"
	@echo "make chromium  install Debian's chromium for the end-to-end tests, if /usr/bin/chromium is missing"
	@echo "make bench   time each stage on the corpus (ARGS='--limit 5' or '--skip-extract'), then extraction per engine"
	@echo "make bench-large  the long paper at 100, 250, 500 pages: CLI and reader (ARGS='--sizes 120 --skip-browser')"
	@echo "make bench-batch  papers per second: each engine, --jobs 1/2, Dask 1/2 workers; refextract beside (ARGS='--limit 4')"
	@echo "make wheel   build the pure-Python wheel into dist/ and check its tag is py3-none-any"
	@echo "make compiled  build the wheel compiled by mypyc (build/compiled-dist/), installed in build/compiled/"
	@echo "make site    build the static browser reader into site/ (npm ci, wheels, Pyodide, pdf.js)"
	@echo "make serve   build the site and serve it on http://localhost:8000/ (PORT=8000)"
	@echo "make clean   remove build/ and dist/ (the venv stays)"

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[pdf,test,demo,batch,bench]'
	@touch $@

PORT ?= 8000

demo: $(DEMO) site | setup
	@mkdir -p site/demo && cp build/demo/demo-paper.pdf build/demo/demo-paper-linked.pdf site/demo/
	@echo
	@echo "  citelens reader on the demo paper:  http://localhost:$(PORT)/index.html?file=demo/demo-paper.pdf"
	@echo "  any PDF: open the page and pick or drop a file   (Ctrl-C stops the server)"
	@echo
	$(BIN)/python -m http.server --bind 127.0.0.1 --directory site $(PORT)

demo-cli: $(DEMO) | setup
	$(BIN)/citelens analyze $(DEMO) --pretty

$(DEMO): tools/demo_paper.py | setup
	$(BIN)/python tools/demo_paper.py build/demo

test: lint setup site $(COMPILED) $(CHROMIUM)
	CITELENS_STRICT=1 $(BIN)/pytest $(ARGS)

# The JS is checked, not built: tsc reads the JSDoc types (tsconfig.json), eslint the rules in eslint.config.js
# (no-unsanitized keeps markup out of the page). Both come from package.json's devDependencies.
lint: $(NPM_STAMP)
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/eslint web worker

e2e: setup site $(CHROMIUM)
	CITELENS_STRICT=1 $(BIN)/pytest e2e $(ARGS)

chromium: $(CHROMIUM)

$(CHROMIUM):
	$(SUDO) apt-get update
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends chromium

bench: setup $(COMPILED)
	$(BIN)/python bench/bench_stages.py $(ARGS)
	PYTHONPATH=build/compiled $(BIN)/python bench/bench_stages.py --skip-extract --out build/bench-compiled.json $(ARGS)
	$(BIN)/python bench/bench_extract.py

bench-large: setup site $(CHROMIUM)
	$(BIN)/python bench/bench_large.py $(ARGS)

# refextract reads PDFs through poppler's pdftotext: Debian's poppler-utils, installed like chromium.
bench-batch: setup $(PDFTOTEXT)
	$(BIN)/python bench/bench_batch.py $(ARGS)

$(PDFTOTEXT):
	$(SUDO) apt-get update
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends poppler-utils

wheel: $(WHEEL)

$(WHEEL): $(SOURCES) | setup
	$(BIN)/python -m build --wheel --outdir dist .
	@$(BIN)/python -c 'import sys, zipfile; w = zipfile.ZipFile(sys.argv[1]); \
	  tags = [l for l in w.read(next(n for n in w.namelist() if n.endswith(".dist-info/WHEEL"))).decode().splitlines() if l.startswith("Tag:")]; \
	  assert tags == ["Tag: py3-none-any"], tags; assert "citelens/__init__.py" in w.namelist(); \
	  print(sys.argv[1], "is", tags[0][5:])' $@

compiled: $(COMPILED)

# Same sources, same output (tests/test_compiled.py compares the two on the corpus); a platform wheel, for
# the command line and batches only: the browser reader installs the pure one.
# Built from a copy of the sources: the mypyc hook leaves its extension modules beside the sources it
# compiled, where they would shadow py/'s modules for everything else (tests, the editable install).
# mypyc's C needs a compiler and Python's headers: Debian's gcc and python3-dev, installed like chromium when
# missing (python3-dev holds the headers of Debian's own python3; another Python brings its own).
$(COMPILED): $(PY_SOURCES) | setup
	@command -v cc >/dev/null || { $(SUDO) apt-get update && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends gcc libc6-dev; }
	@$(BIN)/python -c 'import os, sys, sysconfig; \
	  sys.exit(not os.path.isfile(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' || { \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y --no-install-recommends \
	  python3-dev; }
	rm -rf build/compiled build/compiled-dist build/compiled-src
	mkdir -p build/compiled-src && cp -r py pyproject.toml README.md build/compiled-src/
	find build/compiled-src -name __pycache__ -prune -exec rm -rf {} +
	cd build/compiled-src && HATCH_BUILD_HOOK_ENABLE_MYPYC=true ../../$(BIN)/python -m build --wheel \
	  --outdir ../compiled-dist .
	$(BIN)/python -m pip install --quiet --no-deps --target build/compiled build/compiled-dist/*.whl
	rm -rf build/compiled-src
	@touch $@

site: $(SITE)

$(SITE): $(SITE_SRC) $(WHEEL) $(RAPIDFUZZ) $(MICROPIP) $(NPM_STAMP) | setup
	$(BIN)/python tools/build_site.py --out site $(WHEEL) $(RAPIDFUZZ) $(MICROPIP)

serve: site
	$(BIN)/python -m http.server --bind 127.0.0.1 --directory site $(PORT)

# npm ci only when the lock changed (the devDependencies, tsc and eslint, included); --omit=optional leaves out
# pdf.js's 34 MB native canvas for Node.
$(NPM_STAMP): package.json package-lock.json
	npm ci --omit=optional --no-audit --no-fund
	@touch $@

# rapidfuzz has no Pyodide wheel: its sdist builds a pure-Python one (the *_py fallbacks), byte-identical
# across builds thanks to SOURCE_DATE_EPOCH. micropip 0.11.1 needs Python 3.13+, so it is fetched for 3.14.
$(RAPIDFUZZ): | setup
	SOURCE_DATE_EPOCH=1700000000 $(BIN)/python -m pip wheel --quiet rapidfuzz==3.14.6 --no-deps \
	  --no-binary rapidfuzz -C wheel.cmake=false -w $(WHEELS)

$(MICROPIP): | setup
	$(BIN)/python -m pip download --quiet micropip==0.11.1 --no-deps --python-version 3.14 \
	  --only-binary=:all: -d $(WHEELS)

clean:
	rm -rf build dist site site.tmp
