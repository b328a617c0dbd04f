"""The build compiled by mypyc (``make compiled``: pyproject.toml's mypyc hook) gives the same analyses as the
pure-Python package, byte for byte, on every corpus paper, with and without the PDF's own links and bookmarks.

The compiled build is what the command line runs for speed (``bench/bench_stages.py`` times both); the browser
reader installs the pure wheel. Both dumps come from ``tools/dump_outputs.py``, run once with ``PYTHONPATH=py``
and once with ``PYTHONPATH=build/compiled``, each in its own process.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import corpus

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"
SOURCES = ROOT / "py" / "citelens"


def _compiled_modules() -> list[str]:
    """The modules pyproject.toml's mypyc hook compiles, as paths under py/citelens (a folder: its modules)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    out: list[str] = []
    for entry in include:
        path = ROOT / entry
        files = sorted(path.glob("*.py")) if path.is_dir() else [path]
        out += [f.relative_to(SOURCES).as_posix() for f in files]
    return out


@pytest.fixture(scope="module")
def compiled() -> Path:
    """build/compiled, brought up to date by ``make compiled`` (nothing to do under ``make test``, which built it
    before the tests; about 2.5 minutes where a source is newer)."""
    subprocess.run(["make", "-s", "compiled"], cwd=ROOT, check=True)
    return COMPILED


def _env(path: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(path), "CITELENS_SHARED": str(corpus.SHARED)}


def test_compiled_build_holds_an_extension_module_for_each_module_it_compiles(compiled):
    # None beside py/'s sources, where one would shadow its module for the pure runs (the editable install).
    assert not [p for p in SOURCES.parent.rglob("*.so")], "an extension module in py/: make compiled builds elsewhere"
    modules = _compiled_modules()
    assert len(modules) >= 16, modules
    for module in modules:
        stem = (compiled / "citelens" / module).with_suffix("")
        assert list(stem.parent.glob(stem.name + ".cpython-*.so")), f"{module} is not compiled"
    # And the interpreter given that path imports them, not py/'s sources.
    shown = subprocess.run([sys.executable, "-c", "import citelens.layout as m; print(m.__file__)"],
                           env=_env(compiled), capture_output=True, text=True, check=True).stdout.strip()
    assert shown.endswith(".so") and Path(shown).is_relative_to(compiled), shown
    version = subprocess.run([sys.executable, "-m", "citelens", "--version"], env=_env(compiled),
                             capture_output=True, text=True, check=True).stdout
    assert version.endswith("(compiled by mypyc)\n"), version


@pytest.mark.corpus
def test_compiled_build_gives_the_same_json_as_the_pure_one_on_every_corpus_paper(compiled, tmp_path):
    if not (corpus.CORPUS / "MANIFEST.tsv").is_file():
        pytest.skip(f"no corpus at {corpus.CORPUS}")
    dump = ROOT / "tools" / "dump_outputs.py"
    for name, path in (("pure", ROOT / "py"), ("compiled", compiled)):
        run = subprocess.run([sys.executable, str(dump), str(tmp_path / name)], cwd=ROOT, env=_env(path),
                             check=True, capture_output=True, text=True)
        # Each dump ran the build it was given ("citelens from .../layout.py" or ".../layout.cpython-*.so").
        loaded = run.stderr.partition("citelens from ")[2].splitlines()[0]
        assert Path(loaded).is_relative_to(path) and loaded.endswith(".py" if name == "pure" else ".so"), loaded
    result = subprocess.run([sys.executable, str(dump), "--compare", str(tmp_path / "pure"),
                             str(tmp_path / "compiled")], cwd=ROOT, env=_env(ROOT / "py"), capture_output=True,
                            text=True)
    print(result.stdout)
    papers = len(corpus.pdf_papers()) + len(corpus.check_papers())
    assert result.returncode == 0, result.stdout + result.stderr
    # Every paper compared, in both forms: "cli-text-only: 126 papers compared, 0 differ" and "cli: ...".
    assert result.stdout.count(f"{papers} papers compared, 0 differ") == 2, result.stdout
