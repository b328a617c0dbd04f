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
SOURCES := $(shell find py -name '*.py' -not -path '*/__pycache__/*') pyproject.toml README.md

.PHONY: help setup demo test bench wheel clean

help:
	@echo "make setup   create .venv and install citelens with its pdf, test and demo extras"
	@echo "make demo    build the demo paper (build/demo/) and print its analysis"
	@echo "make test    run every test (ARGS='-k cli' to pick some)"
	@echo "make bench   time each stage on the corpus (ARGS='--limit 5' or '--skip-extract')"
	@echo "make wheel   build the pure-Python wheel into dist/ and check its tag is py3-none-any"
	@echo "make clean   remove build/ and dist/ (the venv stays)"

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[pdf,test,demo]'
	@touch $@

demo: $(DEMO) | setup
	$(BIN)/citelens analyze $(DEMO) --pretty

$(DEMO): tools/demo_paper.py | setup
	$(BIN)/python tools/demo_paper.py build/demo

test: setup
	$(BIN)/pytest $(ARGS)

bench: setup
	$(BIN)/python bench/bench_stages.py $(ARGS)

wheel: $(WHEEL)

$(WHEEL): $(SOURCES) | setup
	$(BIN)/python -m build --wheel --outdir dist .
	@$(BIN)/python -c 'import sys, zipfile; w = zipfile.ZipFile(sys.argv[1]); \
	  tags = [l for l in w.read(next(n for n in w.namelist() if n.endswith(".dist-info/WHEEL"))).decode().splitlines() if l.startswith("Tag:")]; \
	  assert tags == ["Tag: py3-none-any"], tags; assert "citelens/__init__.py" in w.namelist(); \
	  print(sys.argv[1], "is", tags[0][5:])' $@

clean:
	rm -rf build dist
