"""Time the reader page (site/index.html) in headless Chromium: from opening a PDF to its links on screen.

    .venv/bin/python bench/bench_reader.py                    # four 15-30 page papers, 3 runs each
    .venv/bin/python bench/bench_reader.py --runs 5 pdf/cell-2024-cell.2024.02.016.pdf
    .venv/bin/python bench/bench_reader.py --site /tmp/other/site     # another build, to compare with

Needs `make site`, Debian's chromium (`make chromium`) and the test extra (playwright). bench_browser.py
times the pipeline's parts on worker/smoke.html; this script times what a reader sees on the real page.
Each run of a paper starts a fresh browser context (a fresh profile: empty HTTP cache and IndexedDB):

  cold    index.html?file=<paper>: Python loads in the worker while pdf.js opens and draws the paper; the
          links come when the analysis arrives.
  second  in that tab, once done, another paper not seen before (the next one of the list): the worker is
          warm, nothing is cached, so this is pdf.js + extraction + Python analysis alone.
  reopen  the first paper again in a new tab of the same profile: the analysis comes from IndexedDB
          (whether an analyze request reached the worker is reported), the HTTP cache is warm.

Printed per paper, min / median / max over the runs, in ms since the page's citelens:open mark (the
durations of parts in ms); the "from navigation" rows count from the navigation's start instead, which
takes in loading the page itself (what a warm HTTP and code cache shortens on a reopen):
  page1 cold / reopen     citelens:first-page, the first page on screen: drawn by pdf.js, or on a reopen the
                          picture of it kept from the last visit (web/viewer/snapshots.js)
  drawn cold / reopen     citelens:page-drawn, pdf.js has drawn it (text layer and links follow)
  links cold / reopen     citelens:links, the analysis applied (buttons on the pages in view)
  python ready            the worker's "ready" message: Python loaded and citelens imported; then its
                          parts, ms from the worker's start: loading began (the page asked for Python),
                          pyodide.mjs imported, the interpreter up (snapshot restored), wheels installed,
                          citelens imported
  text / document         (durations) pdf.js text items of every page; fonts, links and bookmarks
  python                  (duration) the analysis inside Pyodide, with its parts as the worker reports them
                          (Document.from_json, pipeline.analyze, to_json + dumps)
  links second            another paper in the warm tab
Requests are watched, not routed (routing would turn Chromium's HTTP cache off; Chromium's resolver maps
every host but 127.0.0.1 to nothing, so none gets anywhere): those that leave loopback (the reader's
background look-ups of references) are reported per paper, count and hosts, and never stop the bench.
Writes every figure to --json. Asserts nothing about speed: compare runs taken close together on one machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT / "tests")]

import harness  # noqa: E402
from harness import CHROMIUM, CHROMIUM_ARGS, INIT_SCRIPT, make_server  # noqa: E402

CORPUS = Path(os.environ.get("CITELENS_SHARED", ROOT.parent / "shared")) / "corpus"
# Four papers of 10-30 pages, one per citation style, the shortest and the longest of the range included.
DEFAULT_PAPERS = (
    "pdf/arxiv-2023-citesee-chi-2302.07302.pdf",  # 15 pages, numbered, hyperref links
    "pdf/eacl-2023-main-121-longeval.pdf",  # 20 pages, author-year
    "pdf/cell-2024-cell.2024.02.016.pdf",  # 17 pages, superscript
    "pdf/biorxiv-2024-593936.pdf",  # 30 pages, author-year
)
PAGE_RANGE = (10, 30)
TIMEOUT_MS = 180_000
SETTLED = """() => {
  const b = document.body.dataset;
  return b.pdfState === "error" || ["done", "failed", "unavailable"].includes(b.analysisState);
}"""
# A second file opened in the same page: its own citelens:links mark, after its citelens:open (the first file's
# "done" state is still on the body the moment the second one is asked for).
LINKED_AGAIN = """() => {
  const last = (name) => performance.getEntriesByName(name, "mark").at(-1)?.startTime ?? -1;
  return document.body.dataset.pdfState === "error" || last("citelens:links") > last("citelens:open");
}"""
# Opening another file while a page still renders is a test of its own (e2e/test_reader.py): wait first.
RENDER_IDLE = """() => window.citelens.viewer.nearPages().every((n) => {
  const page = document.querySelector(`.page[data-page-number="${n}"]`);
  return page.classList.contains("page-failed") || (page.dataset.rendered === "true" && page.querySelector(".textLayer"));
})"""
# Beside harness.INIT_SCRIPT (which counts analyze requests): the worker's ready parts and, per analyze
# request, the time and parts it reports spending in Python.
BENCH_SCRIPT = """
(() => {
  const log = { readyStages: null, python: [] };
  Object.defineProperty(window, "__bench", { value: log });
  const Inner = window.Worker;
  window.Worker = class extends Inner {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes("citelens-worker")) return;
      const analyses = new Set();
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        if (message?.type === "analyze") analyses.add(message.id);
        return post(message, ...rest);
      };
      this.addEventListener("message", ({ data }) => {
        if (data?.type === "ready") log.readyStages = data.stages;
        if (data?.type === "reply" && analyses.has(data.id)) log.python.push({ ms: data.ms, stages: data.stages ?? null });
      });
    }
  };
})();
"""
FIGURES = """() => {
  const last = (name) => performance.getEntriesByName(name, "mark").at(-1)?.startTime ?? null;
  const span = (name) => performance.getEntriesByName(name, "measure").at(-1)?.duration ?? null;
  return { open: last("citelens:open"), page1: last("citelens:first-page"), links: last("citelens:links"),
           drawn: last("citelens:page-drawn"),
           nav: performance.getEntriesByType("navigation")[0]?.startTime ?? 0,
           ready: window.__e2e.ready, analyze: window.__e2e.analyze, readyStages: window.__bench.readyStages,
           python: window.__bench.python.at(-1) ?? null,
           text: span("citelens:text"), document: span("citelens:document"),
           state: {...document.body.dataset} };
}"""


def figures_of(page: Any) -> dict[str, Any]:
    """Marks relative to the last citelens:open, the worker's figures, the analyze count, the state."""
    data = page.evaluate(FIGURES)
    if data["state"].get("analysisState") != "done":
        raise RuntimeError(f"the reader did not link this paper: {data['state']}")
    t0 = data["open"]
    return {"page1": data["page1"] - t0, "links": data["links"] - t0,
            "drawn": None if data["drawn"] is None else data["drawn"] - t0,
            # From the navigation's start: what a reader waits after asking for index.html?file=...
            # (the page loads, then opens the file); only cold and reopen loads are navigations.
            "page1_nav": data["page1"] - data["nav"], "links_nav": data["links"] - data["nav"],
            "python_ready": None if data["ready"] is None else data["ready"] - t0,
            "ready_stages": data["readyStages"], "python": data["python"],
            "text": data["text"], "document": data["document"],
            "analyze": data["analyze"], "citations": int(data["state"].get("citations", 0)),
            "pages": int(data["state"].get("pageCount", 0))}


def run_once(browser: Any, base: str, paper: str, second: str, query: str = "") -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(INIT_SCRIPT)
    context.add_init_script(BENCH_SCRIPT)
    off_loopback: list[str] = []
    errors: list[str] = []
    context.on("request", lambda r: None if urlsplit(r.url).hostname == "127.0.0.1"
               or r.url.startswith(("data:", "blob:")) else off_loopback.append(r.url))
    out: dict[str, Any] = {}
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/index.html?{query}file=/corpus/{paper}")
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        out["cold"] = figures_of(page)
        page.wait_for_function(RENDER_IDLE, timeout=TIMEOUT_MS)
        page.evaluate("(url) => window.citelens.open(url)", f"/corpus/{second}")
        page.wait_for_function(LINKED_AGAIN, timeout=TIMEOUT_MS)
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        out["second"] = figures_of(page)
        page.close()

        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/index.html?{query}file=/corpus/{paper}")
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        out["reopen"] = figures_of(page)
    finally:
        context.close()
    out["off_loopback"] = off_loopback
    out["page_errors"] = errors
    return out


def spread(values: list[float]) -> str:
    if not values:
        return "      -       -       -"
    return f"{min(values):7.0f} {statistics.median(values):7.0f} {max(values):7.0f}"


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def table_of(runs: list[dict[str, Any]], second: str) -> dict[str, list[float]]:
    """The printed rows: name → one value per run (rows a run could not measure leave it out)."""
    cold, reopen, again = ([r[m] for r in runs] for m in ("cold", "reopen", "second"))
    table: dict[str, list[float]] = {
        "page1 cold": [c["page1"] for c in cold],
        "links cold": [c["links"] for c in cold],
        "python ready (cold)": [c["python_ready"] for c in cold if c["python_ready"] is not None],
    }
    for part in ("boot", "script", "pyodide", "install", "import"):
        table[f"  {part} (from worker start)"] = [c["ready_stages"][part] for c in cold
                                                  if c["ready_stages"] and part in c["ready_stages"]]
    table["text (cold)"] = [c["text"] for c in cold if c["text"] is not None]
    table["document (cold)"] = [c["document"] for c in cold if c["document"] is not None]
    table["python analysis (cold)"] = [c["python"]["ms"] for c in cold if c["python"]]
    parts = sorted({k for c in cold if c["python"] and c["python"]["stages"] for k in c["python"]["stages"]})
    for part in parts:
        table[f"  {part}"] = [c["python"]["stages"][part] for c in cold if c["python"] and c["python"]["stages"]]
    table["page1 reopen"] = [w["page1"] for w in reopen]
    table["drawn cold (pdf.js)"] = [c["drawn"] for c in cold if c["drawn"] is not None]
    table["drawn reopen (pdf.js)"] = [w["drawn"] for w in reopen if w["drawn"] is not None]
    table["links reopen"] = [w["links"] for w in reopen]
    table["page1 cold, from navigation"] = [c["page1_nav"] for c in cold]
    table["page1 reopen, from navigation"] = [w["page1_nav"] for w in reopen]
    table["links cold, from navigation"] = [c["links_nav"] for c in cold]
    table["links reopen, from navigation"] = [w["links_nav"] for w in reopen]
    table[f"links second ({Path(second).stem[:24]})"] = [s["links"] for s in again]
    table["python analysis (second)"] = [s["python"]["ms"] for s in again if s["python"]]
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("papers", nargs="*", default=list(DEFAULT_PAPERS), help="paths inside the corpus")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", type=Path, default=ROOT / "build" / "bench_reader.json")
    ap.add_argument("--query", default="", help="more of the page's query string, before file= (e.g. 'a=1&')")
    ap.add_argument("--site", type=Path, default=harness.SITE, help="the built site to serve (another build, to compare)")
    args = ap.parse_args(argv)
    if not (args.site / "worker" / "build.json").is_file():
        print(f"bench_reader: {args.site} is not built; run `make site`", file=sys.stderr)
        return 2
    harness.SITE = args.site.resolve()  # what make_server serves
    from playwright.sync_api import sync_playwright

    httpd, _ = make_server({"/corpus/": CORPUS})
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    report: dict[str, Any] = {"papers": {}, "load": os.getloadavg(), "site": str(args.site)}
    summary: list[tuple[str, dict[str, float | None]]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            report["chromium"] = browser.version
            print(f"chromium {browser.version}; load average {os.getloadavg()[0]:.2f}; "
                  f"min / median / max of {args.runs} runs, ms", file=sys.stderr)
            for k, paper in enumerate(args.papers):
                second = (args.papers[(k + 1) % len(args.papers)] if len(args.papers) > 1
                          else next(p for p in DEFAULT_PAPERS if p != paper))
                runs = [run_once(browser, base, paper, second, args.query) for _ in range(args.runs)]
                table = table_of(runs, second)
                cold = runs[0]["cold"]
                off = [url for r in runs for url in r["off_loopback"]]
                hosts = Counter(urlsplit(url).hostname for url in off)
                python_on_reopen = sum(r["reopen"]["analyze"] for r in runs)
                errors = [e for r in runs for e in r["page_errors"]]
                report["papers"][paper] = {
                    "pages": cold["pages"], "citations": cold["citations"], "second": second,
                    "figures": table, "medians": {name: median(v) for name, v in table.items()},
                    "off_loopback": {"count": len(off), "hosts": dict(hosts)},
                    "analyze_requests_on_reopen": python_on_reopen, "page_errors": errors, "runs": runs,
                }
                low, high = PAGE_RANGE
                note = "" if low <= cold["pages"] <= high else f" (outside {low}-{high} pages)"
                print(f"\n{paper}: {cold['pages']} pages{note}, {cold['citations']} citations linked")
                for name, values in table.items():
                    print(f"  {name:<40} {spread(values)}")
                print(f"  requests off loopback: {len(off)} in {args.runs} runs"
                      + (f" ({', '.join(f'{h} {n}' for h, n in hosts.most_common())})" if off else ""))
                if python_on_reopen:
                    print(f"  reopened papers sent to Python: {python_on_reopen} of {args.runs}")
                if errors:
                    print(f"  page errors: {errors}")
                summary.append((paper, {n: median(table[n]) for n in
                                        ("page1 cold", "links cold", "page1 reopen", "links reopen",
                                         "page1 cold, from navigation", "page1 reopen, from navigation")}))
            browser.close()
    finally:
        httpd.shutdown()
    print("\nmedians (ms), from citelens:open                        from navigation")
    print("                      page1 cold  links cold  page1 reopen  links reopen  page1 cold  page1 reopen")
    for paper, m in summary:
        print(f"  {Path(paper).stem[:20]:<20} " + "  ".join(
            f"{m[n]:>10.0f}" if m[n] is not None else f"{'-':>10}" for n in m))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
