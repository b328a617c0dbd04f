"""Measure what a long file costs: the long paper of tools/demo_paper.py at 100, 250 and 500 pages, through
the command line's path (pdfminer and the stages in CPython) and through the reader in headless Chromium.

    .venv/bin/python bench/bench_large.py                         # 100, 250 and 500 pages, both paths
    .venv/bin/python bench/bench_large.py --sizes 120 --skip-browser
    make bench-large

The papers are written once per version of tools/demo_paper.py into .cache/long-papers/ (seconds each).
Each size runs in a fresh child process, so its peak memory is its own:

  extract      the pdfminer adapter on the file (wall and CPU seconds), as ``citelens analyze`` runs it
  lines ... figures   each stage of pipeline.analyze in its order, CPU seconds (``time.process_time``)
  analyze      the whole pipeline.analyze, CPU seconds
  analyze (py) the same with rapidfuzz's pure-Python implementation, which is what the browser has
               (the site's rapidfuzz wheel is built without its C++ part): where Pyodide's time goes
  rss          the child's peak resident memory (extraction and analysis), MB
  traced       the peak of Python allocations during analyze alone (tracemalloc), MB

The reader (needs `make site` and /usr/bin/chromium) opens each paper cold in a fresh browser context, as
bench/bench_reader.py does, and records in ms after the citelens:open mark: the first page drawn, Python
ready, the analysis request sent to the worker (pdf.js has read every page), the links applied; the
worker's own Python time; while the analysis is pending, what the status line says and how long page turns
take (the viewer goes to a page and waits until it is drawn) and the main thread's long tasks (over 50 ms);
after it, whether a page near the end shows citation buttons. Asserts nothing; prints a table and writes
every number to ``--json`` (build/bench-large.json).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import resource
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT / "tests")]

SIZES = (100, 250, 500)
TIMEOUT_MS = 600_000
STAGES = ("lines", "outline", "references", "citations", "sentences", "figures")


def long_paper(pages: int) -> Path:
    from builders import load_demo_paper

    return load_demo_paper().cached_long_paper(pages)


# ------------------------------------------------------------------------------------ command line


def cpu(fn: Any) -> tuple[float, Any]:
    gc.collect()
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def measure_cli(path: Path) -> dict[str, Any]:
    """Run in the child: extraction, each stage, the whole analysis, its traced peak, the process's rss."""
    from citelens.adapters.pdfminer import extract
    from citelens.citations import find_citations
    from citelens.figures import find_figure_mentions
    from citelens.fonts import with_font_styles
    from citelens.layout import body_font_size, page_lines, size_histogram, text_map
    from citelens.outline import detect_outline
    from citelens.params import PARAMS
    from citelens.pipeline import analyze, body_start
    from citelens.references import find_references
    from citelens.sentences import sentences_for

    row: dict[str, Any] = {"file": str(path), "bytes": path.stat().st_size}
    wall = time.perf_counter()
    row["extract"], extraction = cpu(lambda: extract(path))
    row["extract_wall"] = time.perf_counter() - wall
    document = with_font_styles(extraction.document).without_pdf_structure()  # the pipeline's first stage
    row["pages"] = len(document.pages)
    row["items"] = sum(len(p.items) for p in document.pages)

    p = PARAMS
    sizes = size_histogram(document.pages)
    body = body_font_size(document.pages, sizes)
    row["lines"], lines = cpu(lambda: {pg.number: page_lines(pg, params=p.layout) for pg in document.pages})
    t, tm = cpu(lambda: text_map(document.pages, lines, p.layout))
    row["lines"] += t
    row["outline"], outline = cpu(lambda: detect_outline(document.pages, body, p.outline, p.layout, lines, sizes))
    row["references"], refs = cpu(lambda: find_references(tm, p.references))
    row["citations"], found = cpu(lambda: find_citations(tm, refs, body_start(tm, outline), p.citations))
    spans = [s for s in found.spans if s is not None]
    row["sentences"], _ = cpu(lambda: sentences_for(tm, spans, p.sentences))
    skip = (refs.start, refs.end) if refs.start is not None and refs.end is not None else None
    row["figures"], _ = cpu(lambda: find_figure_mentions(tm, outline, skip, p.figures))

    row["analyze"], analysis = cpu(lambda: analyze(document))
    row["found"] = {"references": len(analysis.references), "citations": len(analysis.citations),
                    "figure_mentions": len(analysis.figure_mentions), "outline": len(analysis.outline),
                    "diagnostics": sorted({d.code.value for d in analysis.diagnostics})}
    wall = time.perf_counter()
    row["json_chars"] = len(json.dumps(analysis.to_json(), ensure_ascii=False, separators=(",", ":")))
    row["to_json_wall"] = time.perf_counter() - wall
    del analysis
    gc.collect()
    tracemalloc.start()
    analyze(document)
    row["traced_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    row["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return row


def measure_pure_python(path: Path) -> float:
    """Run in a child started with RAPIDFUZZ_IMPLEMENTATION=python: analyze's CPU time (extraction untimed)."""
    from citelens.adapters.pdfminer import extract
    from citelens.pipeline import analyze

    document = extract(path).document.without_pdf_structure()
    import rapidfuzz.distance.Levenshtein as lev

    assert "_py" in lev.distance.__module__, lev.distance.__module__  # the pure-Python implementation
    return cpu(lambda: analyze(document))[0]


def child(args: list[str], env: dict[str, str] | None = None) -> Any:
    proc = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, check=False,
                          env={**os.environ, **(env or {})})
    if proc.returncode:
        raise RuntimeError(f"bench_large {' '.join(args)} failed:\n{proc.stderr}")
    return json.loads(proc.stdout)


def bench_cli(sizes: list[int], pure_python: bool) -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for n in sizes:
        path = long_paper(n)
        row = child(["--child", str(path)])
        if pure_python:
            row["analyze_py"] = child(["--child-py", str(path)], {"RAPIDFUZZ_IMPLEMENTATION": "python"})
        out[n] = row
        print(f"  cli {n} pages done", file=sys.stderr, flush=True)
    return out


# ------------------------------------------------------------------------------------------ reader

# Added after harness.INIT_SCRIPT (which wraps Worker first): times of the worker's messages, long tasks.
BENCH_SCRIPT = """
(() => {
  const log = { posted: null, result: null, pythonMs: null, progress: [], longtasks: [] };
  Object.defineProperty(window, "__bench", { value: log });
  const Wrapped = window.Worker;
  window.Worker = class extends Wrapped {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes("citelens-worker")) return;
      this.addEventListener("message", (event) => {
        const d = event.data;
        if (d?.type === "progress") log.progress.push([performance.now(), d.stage]);
        else if (d?.ok === true && typeof d.ms === "number" && log.posted !== null && log.result === null) {
          log.result = performance.now(); log.pythonMs = d.ms;
        }
      });
    }
    postMessage(message, ...rest) {
      if (message?.type === "analyze" && log.posted === null) log.posted = performance.now();
      return super.postMessage(message, ...rest);
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) log.longtasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
})();
"""

# Go to page n; resolve with the ms until it is drawn with its text layer (or null after 60 s).
TURN = """async (n) => {
  const t0 = performance.now();
  window.citelens.viewer.goToPage(n);
  const drawn = () => document.querySelector(`.page[data-page-number="${n}"][data-rendered="true"] .textLayer`);
  while (!drawn()) {
    if (performance.now() - t0 > 60000) return null;
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - t0;
}"""

STATUS = """() => ({ state: document.body.dataset.analysisState ?? null,
  text: document.getElementById("status-text")?.textContent ?? "",
  title: document.getElementById("status")?.title ?? "",
  hidden: document.getElementById("status")?.hidden ?? true })"""


def bench_reader_once(browser: Any, base: str, url: str, pages: int, late: int) -> dict[str, Any]:
    from harness import INIT_SCRIPT, ApiReplay

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    # The reader looks up its first references once linked: the APIs answer with their recorded "not found"
    # (as in the e2e tests), so nothing leaves loopback. Routing turns the HTTP cache off: runs are cold anyway.
    ApiReplay().install(context)
    context.add_init_script(INIT_SCRIPT)
    context.add_init_script(BENCH_SCRIPT)
    leaks: list[str] = []
    errors: list[str] = []
    context.on("request", lambda r: None if urlsplit(r.url).hostname == "127.0.0.1"
               or r.url.startswith(("data:", "blob:")) else leaks.append(r.url))
    out: dict[str, Any] = {"pages": pages}
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/index.html?file={url}")
        page.wait_for_function("() => document.body.dataset.pdfState === 'ready' || document.body.dataset.pdfState === 'error'",
                               timeout=TIMEOUT_MS)
        statuses: list[dict[str, Any]] = []
        turns: list[dict[str, Any]] = []
        # Page turns while the analysis runs: forward through the paper, as a reader leafing through it.
        targets = [2, pages // 4, pages // 2, 3 * pages // 4, late, 5]
        k = 0
        while True:
            s = page.evaluate(STATUS)
            s["t"] = page.evaluate("() => performance.now() - performance.getEntriesByName('citelens:open').at(-1).startTime")
            if not statuses or (s["text"], s["title"], s["state"]) != (statuses[-1]["text"], statuses[-1]["title"],
                                                                     statuses[-1]["state"]):
                statuses.append(s)
            if s["state"] in ("done", "failed", "unavailable"):
                break
            if k < len(targets):
                ms = page.evaluate(TURN, targets[k])
                turns.append({"page": targets[k], "ms": ms,
                              "during_analysis": page.evaluate(STATUS)["state"] == "pending"})
                k += 1
            else:
                page.wait_for_timeout(250)  # a bench samples the status line; tests never sleep
        data = page.evaluate("""() => {
          const last = (name) => performance.getEntriesByName(name, "mark").at(-1)?.startTime ?? null;
          return { open: last("citelens:open"), page1: last("citelens:first-page"), links: last("citelens:links"),
                   ready: window.__e2e.ready, bench: window.__bench, state: {...document.body.dataset} };
        }""")
        t0 = data["open"]
        rel = lambda t: None if t is None else t - t0  # noqa: E731
        b = data["bench"]
        window = (b["posted"] or t0, data["links"] or b["result"] or t0)
        long_tasks = [d for s, d in b["longtasks"] if window[0] - 1000 <= s <= window[1]]
        out.update({
            "state": data["state"].get("analysisState"), "citations": int(data["state"].get("citations", 0) or 0),
            "page1": rel(data["page1"]), "python_ready": rel(data["ready"]), "posted": rel(b["posted"]),
            "result": rel(b["result"]), "links": rel(data["links"]), "python_ms": b["pythonMs"],
            "statuses": statuses, "turns": turns,
            "long_tasks": {"count": len(long_tasks), "total": sum(long_tasks), "max": max(long_tasks, default=0)},
        })
        if out["state"] == "done":
            page.evaluate(TURN, late)
            page.wait_for_selector(f'.mention-layer[data-page="{late}"]', state="attached", timeout=60_000)
            out["late_page"] = late
            out["late_buttons"] = page.evaluate(
                "(n) => document.querySelectorAll(`.mention-layer[data-page=\"${n}\"] .pdf-reader-ref-link`).length", late)
    finally:
        context.close()
    if leaks or errors:
        out["problems"] = {"requests off loopback": leaks, "page errors": errors}
    return out


def bench_browser(sizes: list[int]) -> dict[int, dict[str, Any]]:
    from harness import CHROMIUM, CHROMIUM_ARGS, SITE, make_server
    from playwright.sync_api import sync_playwright

    if not (SITE / "worker" / "build.json").is_file():
        raise SystemExit("bench_large: site/ is not built; run `make site` (or pass --skip-browser)")
    papers = {n: long_paper(n) for n in sizes}
    folder = next(iter(papers.values())).parent
    httpd, _ = make_server({"/long/": folder})
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    out: dict[int, dict[str, Any]] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            out["chromium"] = browser.version  # type: ignore[index]
            for n, path in papers.items():
                late = n - max(6, n // 20)  # a body page near the end, before the reference list
                out[n] = bench_reader_once(browser, base, f"/long/{path.name}", n, late)
                print(f"  reader {n} pages done", file=sys.stderr, flush=True)
            browser.close()
    finally:
        httpd.shutdown()
    return out


# ------------------------------------------------------------------------------------------ report


def fmt(value: Any, spec: str = "7.2f") -> str:
    return f"{value:{spec}}" if isinstance(value, (int, float)) else f"{'-':>7}"


def print_cli(cli: dict[int, dict[str, Any]]) -> None:
    sizes = list(cli)
    print("\ncommand line (CPython): seconds of CPU unless said; per page in ms in brackets")
    print(f"  {'':<22}" + "".join(f"{n:>18}" for n in sizes))
    rows = [("extract (wall)", "extract_wall"), ("extract", "extract"), *((s, s) for s in STAGES),
            ("analyze", "analyze"), ("analyze (py rapidfuzz)", "analyze_py")]
    for label, key in rows:
        cells = []
        for n in sizes:
            v = cli[n].get(key)
            cells.append(f"{fmt(v, '8.2f')} ({fmt(1000 * v / cli[n]['pages'], '5.1f') if v is not None else '-'})")
        print(f"  {label:<22}" + "".join(f"{c:>18}" for c in cells))
    for label, key in (("peak rss MB", "rss_mb"), ("traced peak MB", "traced_mb")):
        print(f"  {label:<22}" + "".join(f"{fmt(cli[n][key], '18.1f')}" for n in sizes))
    for n in sizes:
        f = cli[n]["found"]
        print(f"  {n} pages: {cli[n]['items']} text items; found {f['references']} references, {f['citations']} "
              f"citations, {f['figure_mentions']} figure mentions, {f['outline']} outline items; "
              f"analysis JSON {cli[n]['json_chars'] / 2**20:.1f} MB")


def print_browser(browser: dict[Any, dict[str, Any]]) -> None:
    sizes = [n for n in browser if n != "chromium"]
    print(f"\nreader (Chromium {browser.get('chromium')}): ms after citelens:open, cold (fresh profile)")
    print(f"  {'':<26}" + "".join(f"{n:>10}" for n in sizes))
    for label, key in (("first page drawn", "page1"), ("Python ready", "python_ready"),
                       ("request sent (text read)", "posted"), ("result back", "result"), ("links applied", "links"),
                       ("Python time (worker)", "python_ms")):
        print(f"  {label:<26}" + "".join(fmt(browser[n].get(key), "10.0f") for n in sizes))
    print(f"  {'long tasks (n / max ms)':<26}" + "".join(
        f"{browser[n]['long_tasks']['count']:>5}/{browser[n]['long_tasks']['max']:<4.0f}" for n in sizes))
    for n in sizes:
        r = browser[n]
        turns = ", ".join(f"p{t['page']} {fmt(t['ms'], '.0f')}{'*' if t['during_analysis'] else ''}" for t in r["turns"])
        print(f"  {n} pages: state {r['state']}, {r['citations']} citations linked; page {r.get('late_page')} "
              f"shows {r.get('late_buttons')} buttons; page turns (ms, * during analysis): {turns}")
        said = " → ".join(f"{s['text'] or '(none)'}{' [' + s['title'] + ']' if s['title'] else ''} @{s['t']:.0f}"
                          for s in r["statuses"])
        print(f"    status line: {said}")
        if r.get("problems"):
            print(f"    PROBLEMS: {r['problems']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), help="page counts (default 100 250 500)")
    ap.add_argument("--skip-cli", action="store_true")
    ap.add_argument("--skip-browser", action="store_true")
    ap.add_argument("--skip-pure-python", action="store_true", help="no analyze run on pure-Python rapidfuzz")
    ap.add_argument("--json", type=Path, default=ROOT / "build" / "bench-large.json")
    ap.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--child-py", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(measure_cli(args.child)))
        return 0
    if args.child_py:
        print(json.dumps(measure_pure_python(args.child_py)))
        return 0

    report: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(),
                              "cpus": os.cpu_count(), "sizes": args.sizes}
    for n in args.sizes:  # written before timing anything: generation is not measured
        print(f"  paper {n} pages: {long_paper(n)}", file=sys.stderr, flush=True)
    if not args.skip_cli:
        report["cli"] = bench_cli(args.sizes, not args.skip_pure_python)
        print_cli(report["cli"])
    if not args.skip_browser:
        report["browser"] = bench_browser(args.sizes)
        print_browser(report["browser"])
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    print(f"\nwritten: {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
