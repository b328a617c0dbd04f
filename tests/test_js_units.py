"""The reader's DOM-free modules, web/library/ (latex.js, names.js, ids.js, bibtex.js, csl.js, cite.js and the
DOM-free helpers of library.js) and web/references/format.js, under Node's own test runner: ``node --test tests/js/``.

Each ``tests/js/*.test.mjs`` file is one pytest case, so a failure names its file and shows Node's report.
The IndexedDB side of web/library/library.js runs in Chromium instead (e2e/test_library_store.py).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))
NODE = shutil.which("node")


def test_there_are_js_tests() -> None:
    assert len(JS_TESTS) >= 3, JS_TESTS


@pytest.mark.skipif(NODE is None, reason="node is not installed (make site installs the npm packages and needs it)")
@pytest.mark.parametrize("path", JS_TESTS, ids=lambda p: p.name)
def test_node_unit_tests(path: Path) -> None:
    result = subprocess.run([NODE, "--test", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    summary = [line for line in result.stdout.splitlines() if line.startswith(("# pass", "# fail"))]
    assert result.returncode == 0, f"{path.name}: {summary}\n{result.stdout[-6000:]}\n{result.stderr[-2000:]}"
    assert "# fail 0" in summary, summary

