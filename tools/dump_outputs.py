"""Dump every corpus paper's analysis JSON, to prove a refactoring changed no output (or only what it meant to).

    tools/dump_outputs.py OUT                 the CLI's JSON of each paper, with and without --text-only
    tools/dump_outputs.py OUT --worker        also the browser worker's JSON (minutes; cached per paper)
    tools/dump_outputs.py --compare A B [--ignore own_doi]   which papers' JSON differ between two dumps

Run from the repository root. It runs this tree's ``py/``, unless ``PYTHONPATH`` names a folder holding a
citelens of its own (``PYTHONPATH=build/compiled``: the compiled build); it prints which it loaded. Papers:
every PDF of ``pdf/`` and ``check/`` that tests/corpus.py lists. OUT gets one file per paper and output, ``cli-text-only/``, ``cli/`` and ``worker/``
(``pdf/NAME.json``, ``check/NAME.json``), and ``index.json`` mapping each file to its SHA-256; ``diff`` two
such files to see how one paper changed. ``--compare`` names the differing ``pdf/`` papers with the first JSON
path where they differ; for ``check/`` it gives the count only (that folder is read as totals, never per
paper). ``--ignore KEY`` drops a top-level key on both sides first (an intended new field). Exit status 1
when something differs.

What is covered. CLI: the bytes ``citelens analyze [--text-only] FILE`` prints (``citelens.cli.common.render`` of
``pipeline.analyze`` with the CLI's ``Source``), computed from tests/corpus.py's cached extraction by the default
engine (seconds, not the minutes extraction takes). Not covered there: the adapter itself (the cache is keyed by
the adapter's source, so a change to it re-extracts and is covered) and the extraction's own diagnostics (pages the
engine failed on), which the cache does not keep. Worker: the analysis JSON string the worker posts back for each
paper opened in the real reader (``site/``: pdf.js text items, web/extract.js, worker/bridge.py in Pyodide, in
Debian's Chromium through Playwright, as e2e/ does), captured from the worker's message before the page parses it.
Needs ``make site``; it is rebuilt from the worktree, so run ``make site`` after a change. Each paper's worker JSON
is cached under ``.cache/dump-worker/`` keyed by the site build and the PDF's hash.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# This tree's py/ goes first, unless PYTHONPATH names a citelens of its own: the compiled build
# (PYTHONPATH=build/compiled, tests/test_compiled.py) or another tree's sources.
_GIVEN = any((Path(p) / "citelens").is_dir() for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "e2e"), *([] if _GIVEN else [str(ROOT / "py")])]

import corpus  # noqa: E402  (tests/corpus.py)

MODES = ("cli-text-only", "cli", "worker")
WORKER_CACHE = ROOT / ".cache" / "dump-worker"
#: Python loads in the page's worker first; the longest corpus paper then takes a minute or two on a busy machine.
WORKER_TIMEOUT_MS = 600_000

# The worker's answers, captured as the strings it posts (before the page parses them).
CAPTURE_SCRIPT = """
(() => {
  const answers = [];
  Object.defineProperty(window, "__dump", { value: answers });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes("citelens-worker")) return;
      this.addEventListener("message", (event) => {
        const data = event.data;
        if (data && data.ok === true && typeof data.result === "string") answers.push(data.result);
        if (data && data.ok === false) answers.push({ error: data.error ?? data });
      });
    }
  };
})();
"""


def papers() -> list[corpus.Paper]:
    return list(corpus.pdf_papers()) + list(corpus.check_papers())


def cli_json(paper: corpus.Paper, *, text_only: bool) -> str:
    """What ``citelens analyze [--text-only] PAPER`` prints, from the cached extraction."""
    from citelens.adapters.pdfminer import file_sha256
    from citelens.cli.common import render
    from citelens.model import Source
    from citelens.pipeline import analyze

    path = paper.path
    analysis = analyze(corpus.document(paper.file), source=Source(str(path), file_sha256(path), None),
                       text_only=text_only)
    return render(analysis.to_json())


def write(out: Path, mode: str, paper: corpus.Paper, text: str, index: dict[str, str]) -> None:
    rel = f"{mode}/{paper.file.removesuffix('.pdf')}.json"
    target = out / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text + "\n", encoding="utf-8")
    index[rel] = hashlib.sha256(text.encode("utf-8")).hexdigest()


def _site_key() -> str:
    site = ROOT / "site"
    h = hashlib.sha256((site / "worker" / "build.json").read_bytes())
    for folder in ("web", "worker"):
        for f in sorted((site / folder).rglob("*")):
            if f.is_file():
                h.update(f.relative_to(site).as_posix().encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:16]


def worker_json(todo: list[corpus.Paper]) -> Iterator[tuple[corpus.Paper, str]]:
    """Each paper's worker JSON, from the cache or from one reader page opening the papers in turn."""
    from citelens.adapters.pdfminer import file_sha256

    if not (ROOT / "site" / "worker" / "build.json").is_file():
        raise SystemExit("site/ is not built: run `make site`")
    cache = WORKER_CACHE / _site_key()
    missing = []
    for paper in todo:
        cached = cache / f"{file_sha256(paper.path)[:16]}.json"
        if cached.is_file():
            yield paper, cached.read_text(encoding="utf-8")
        else:
            missing.append((paper, cached))
    if not missing:
        return

    from playwright.sync_api import sync_playwright

    from harness import CHROMIUM, CHROMIUM_ARGS, Reader, guarded_context, make_server  # e2e/harness.py

    httpd, _ = make_server({"/corpus/": corpus.CORPUS})
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = guarded_context(browser)
            context.add_init_script(CAPTURE_SCRIPT)
            page = context.new_page()
            page.goto(f"{base}/index.html")
            reader = Reader(page, base)
            for n, (paper, cached) in enumerate(missing, start=1):
                print(f"worker [{n}/{len(missing)}] {paper.file if paper.file.startswith('pdf/') else 'check/…'}",
                      file=sys.stderr, flush=True)
                page.evaluate("() => window.__dump.splice(0)")
                reader.wait_render_idle()
                page.evaluate("(url) => window.citelens.open(url)", reader.url(paper.file))
                page.wait_for_function("""() => {
                  const b = document.body.dataset;
                  return b.pdfState === "error" || ["done", "failed", "unavailable"].includes(b.analysisState);
                }""", timeout=WORKER_TIMEOUT_MS)
                answers = page.evaluate("() => window.__dump")
                if len(answers) == 1 and isinstance(answers[0], str):
                    text = answers[0]
                else:
                    text = json.dumps({"dump_error": answers, "state": reader.state()}, ensure_ascii=False)
                cache.mkdir(parents=True, exist_ok=True)
                cached.write_text(text, encoding="utf-8")
                yield paper, text
            context.close()
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()


def dump(out: Path, *, worker: bool) -> int:
    out.mkdir(parents=True, exist_ok=True)
    index: dict[str, str] = {}
    todo = papers()
    for paper in todo:
        write(out, "cli-text-only", paper, cli_json(paper, text_only=True), index)
        write(out, "cli", paper, cli_json(paper, text_only=False), index)
    if worker:
        for paper, text in worker_json(todo):
            write(out, "worker", paper, text, index)
    (out / "index.json").write_text(json.dumps(index, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    counts = {mode: sum(1 for k in index if k.startswith(f"{mode}/")) for mode in MODES}
    print(f"{out}: " + ", ".join(f"{mode} {n}" for mode, n in counts.items() if n), file=sys.stderr)
    return 0


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    if type(a) is not type(b):
        return path or "/"
    if isinstance(a, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}/{key}"
            if a[key] != b[key]:
                return _first_difference(a[key], b[key], f"{path}/{key}")
        return f"{path} (key order)" if list(a) != list(b) else path or "/"
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}/{i}")
        return f"{path} (length {len(a)} vs {len(b)})"
    return path or "/"


def _load(folder: Path, rel: str, ignore: list[str]) -> tuple[str, Any]:
    text = (folder / rel).read_text(encoding="utf-8").rstrip("\n")
    if not ignore:
        return text, None
    data = json.loads(text)
    for key in ignore:
        if isinstance(data, dict):
            data.pop(key, None)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")), data


def compare(a: Path, b: Path, ignore: list[str]) -> int:
    ia = json.loads((a / "index.json").read_text(encoding="utf-8"))
    ib = json.loads((b / "index.json").read_text(encoding="utf-8"))
    differ = 0
    for mode in MODES:
        keys = sorted({k for k in ia | ib if k.startswith(f"{mode}/")})
        if not keys:
            continue
        only = [k for k in keys if (k in ia) != (k in ib)]
        changed: list[tuple[str, str]] = []
        for rel in keys:
            if rel in only:
                continue
            if not ignore and ia[rel] == ib[rel]:
                continue
            ta, da = _load(a, rel, ignore)
            tb, db = _load(b, rel, ignore)
            if ta != tb:
                da = json.loads(ta) if da is None else da
                db = json.loads(tb) if db is None else db
                changed.append((rel, _first_difference(da, db)))
        compared = len(keys) - len(only)
        hidden = [rel for rel, _ in changed if not rel.startswith(f"{mode}/pdf/")]
        print(f"{mode}: {compared} papers compared, {len(changed)} differ"
              + (f" ({len(hidden)} of them in check/)" if hidden else "")
              + (f", {len(only)} in one dump only" if only else "")
              + (f" (ignoring {', '.join(ignore)})" if ignore else ""))
        for rel, where in changed:
            if rel.startswith(f"{mode}/pdf/"):
                print(f"  {rel}: first difference at {where}")
        for rel in only:
            if rel.startswith(f"{mode}/pdf/"):
                print(f"  {rel}: only in {a if rel in ia else b}")
        differ += len(changed) + len(only)
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, help="the folder to dump into")
    parser.add_argument("--worker", action="store_true", help="also dump the browser worker's output")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"), help="compare two dumps")
    parser.add_argument("--ignore", action="append", default=[], metavar="KEY",
                        help="with --compare: drop this top-level key on both sides first (repeatable)")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare, args.ignore)
    if args.out is None:
        parser.error("give OUT, or --compare A B")
    import citelens.layout  # (which citelens runs: py/'s sources, or the compiled build's modules)
    print(f"citelens from {citelens.layout.__file__}", file=sys.stderr)
    return dump(args.out, worker=args.worker)


if __name__ == "__main__":
    sys.exit(main())
