"""The JS checks `make lint` runs (tsc over the JSDoc types, eslint), and that their rules really bite.

`make test` runs `make lint` first; these tests also keep the rules from going quiet: eslint must refuse
markup built from text (no-unsanitized) and an unused variable, and tsc must refuse a value of the wrong type.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "node_modules" / ".bin"
needs_npm = pytest.mark.skipif(not (BIN / "eslint").is_file() or not (BIN / "tsc").is_file(),
                               reason="npm devDependencies not installed (make lint installs them)")


def _eslint(source: str, name: str = "web/viewer/probe.js") -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "eslint"), "--stdin", "--stdin-filename", name],
                          cwd=ROOT, input=source, capture_output=True, text=True, timeout=120)


@needs_npm
def test_the_tree_passes_tsc_and_eslint() -> None:
    for args in ([str(BIN / "tsc"), "-p", "tsconfig.json"], [str(BIN / "eslint"), "web", "worker"]):
        done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"{' '.join(args[-2:])}:\n{done.stdout[-4000:]}{done.stderr[-2000:]}"


@needs_npm
@pytest.mark.parametrize(("source", "rule"), [
    ("export function show(el, text) { el.innerHTML = text; }\n", "no-unsanitized/property"),
    ("export function show(el, text) { el.insertAdjacentHTML('beforeend', text); }\n", "no-unsanitized/method"),
    ("export function count(items) { const unused = 1; return items.length; }\n", "no-unused-vars"),
])
def test_eslint_refuses(source: str, rule: str) -> None:
    done = _eslint(source)
    assert done.returncode == 1 and rule in done.stdout, done.stdout + done.stderr


@needs_npm
def test_eslint_lets_text_through() -> None:
    done = _eslint("export function show(el, text) { el.textContent = text; }\n")
    assert done.returncode == 0, done.stdout + done.stderr


@needs_npm
def test_tsc_refuses_a_wrong_type(tmp_path: Path) -> None:
    probe = tmp_path / "probe.js"
    probe.write_text('/** @param {number} n */\nfunction twice(n) { return 2 * n; }\ntwice("two");\n', "utf-8")
    done = subprocess.run([str(BIN / "tsc"), "--noEmit", "--checkJs", "--allowJs", str(probe)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0 and "TS2345" in done.stdout, done.stdout
