"""Time the reader page (site/index.html) in headless Chromium: from opening a PDF to its links on screen.

    .venv/bin/python bench/bench_reader.py                    # four 15-30 page papers, 3 runs each
    .venv/bin/python bench/bench_reader.py --runs 5 pdf/cell-2024-cell.2024.02.016.pdf

Needs `make site`, Debian's chromium (`make chromium`) and the test extra (playwright). bench_browser.py
times the pipeline's parts on worker/smoke.html; this script times what a reader sees on the real page.
Each run of a paper starts a fresh browser context (a fresh profile: empty HTTP cache and IndexedDB):

  cold    index.html?file=<paper>: Python loads in the worker while pdf.js opens and draws the paper; the
          links come when the analysis arrives.
  second  in that tab, once done, another paper not seen before (the next one of the list): the worker is
          warm, nothing is cached, so this is pdf.js + extraction + Python analysis alone.
  warm    the first paper again in a new tab of the same profile: the analysis comes from IndexedDB
          (no analyze request reaches the worker: checked), the HTTP cache is warm.

Printed, min / median / max over the runs, in ms since the page's citelens:open mark:
  page1   citelens:first-page, the first page drawn
  links   citelens:links, the analysis applied (buttons on the pages in view)
  python  (cold) the worker's "ready" message: Python loaded; the first page must come before it
Requests are watched, not routed (routing would turn Chromium's HTTP cache off): any request that leaves
loopback fails the run (Chromium's resolver also maps every other host to nothing).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT / "tests")]

from harness import CHROMIUM, CHROMIUM_ARGS, INIT_SCRIPT, SITE, make_server  # noqa: E402

CORPUS = Path(os.environ.get("CITELENS_SHARED", ROOT.parent / "shared")) / "corpus"
DEFAULT_PAPERS = (
    "pdf/arxiv-2023-citesee-chi-2302.07302.pdf",  # 15 pages, numbered, hyperref links
    "pdf/eacl-2023-main-121-longeval.pdf",  # 20 pages, author-year
    "pdf/cell-2024-cell.2024.02.016.pdf",  # 17 pages, superscript
    "pdf/biorxiv-2024-593936.pdf",  # 30 pages, author-year
)
TIMEOUT_MS = 180_000
SETTLED = """() => {
  const b = document.body.dataset;
  return b.pdfState === "error" || ["done", "failed", "unavailable"].includes(b.analysisState);
}"""
# Opening another file while a page still renders hits a viewer bug (see e2e/test_reader.py): wait first.
RENDER_IDLE = """() => window.citelens.viewer.nearPages().every((n) => {
  const page = document.querySelector(`.page[data-page-number="${n}"]`);
  return page.classList.contains("page-failed") || (page.dataset.rendered === "true" && page.querySelector(".textLayer"));
})"""


def figures_of(page: Any) -> dict[str, Any]:
    """Marks relative to the last citelens:open, the worker's ready time, the analyze count, the state."""
    data = page.evaluate("""() => {
      const last = (name) => performance.getEntriesByName(name, "mark").at(-1)?.startTime ?? null;
      return { open: last("citelens:open"), page1: last("citelens:first-page"), links: last("citelens:links"),
               ready: window.__e2e.ready, analyze: window.__e2e.analyze, state: {...document.body.dataset} };
    }""")
    if data["state"].get("analysisState") != "done":
        raise RuntimeError(f"the reader did not link this paper: {data['state']}")
    t0 = data["open"]
    return {"page1": data["page1"] - t0, "links": data["links"] - t0,
            "python": None if data["ready"] is None else data["ready"] - t0,
            "analyze": data["analyze"], "citations": int(data["state"].get("citations", 0)),
            "pages": int(data["state"].get("pageCount", 0))}


def run_once(browser: Any, base: str, paper: str, second: str) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(INIT_SCRIPT)
    leaks: list[str] = []
    errors: list[str] = []
    context.on("request", lambda r: None if urlsplit(r.url).hostname == "127.0.0.1"
               or r.url.startswith(("data:", "blob:")) else leaks.append(r.url))
    out: dict[str, Any] = {}
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/index.html?file=/corpus/{paper}")
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        out["cold"] = figures_of(page)
        page.wait_for_function(RENDER_IDLE, timeout=TIMEOUT_MS)
        page.evaluate("(url) => window.citelens.open(url)", f"/corpus/{second}")
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        out["second"] = figures_of(page)
        page.close()

        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/index.html?file=/corpus/{paper}")
        page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
        out["warm"] = figures_of(page)
        if out["warm"]["analyze"]:
            raise RuntimeError(f"{paper}: the warm open sent the paper to Python")
    finally:
        context.close()
    if leaks or errors:
        raise RuntimeError(f"{paper}: requests off loopback {leaks}, page errors {errors}")
    return out


def spread(values: list[float]) -> str:
    return f"{min(values):7.0f} {statistics.median(values):7.0f} {max(values):7.0f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("papers", nargs="*", default=list(DEFAULT_PAPERS), help="paths inside the corpus")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", type=Path, default=ROOT / "build" / "bench_reader.json")
    args = ap.parse_args(argv)
    if not (SITE / "worker" / "build.json").is_file():
        print("bench_reader: site/ is not built; run `make site`", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    httpd, _ = make_server({"/corpus/": CORPUS})
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    report: dict[str, Any] = {"papers": {}}
    before_python = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"chromium {browser.version}; min / median / max of {args.runs} runs, ms after opening",
                  file=sys.stderr)
            for k, paper in enumerate(args.papers):
                second = args.papers[(k + 1) % len(args.papers)] if len(args.papers) > 1 else DEFAULT_PAPERS[0]
                runs = [run_once(browser, base, paper, second) for _ in range(args.runs)]
                cold, warm, again = ([r[m] for r in runs] for m in ("cold", "warm", "second"))
                before_python += [c["page1"] < c["python"] for c in cold if c["python"] is not None]
                table = {
                    "page1 cold": [c["page1"] for c in cold],
                    "python cold": [c["python"] for c in cold if c["python"] is not None],
                    "links cold": [c["links"] for c in cold],
                    "page1 warm": [w["page1"] for w in warm],
                    "links warm": [w["links"] for w in warm],
                    f"links second ({Path(second).stem[:24]})": [s["links"] for s in again],
                }
                report["papers"][paper] = {"pages": cold[0]["pages"], "citations": cold[0]["citations"],
                                           "second": second, "figures": table, "runs": runs}
                print(f"\n{paper}: {cold[0]['pages']} pages, {cold[0]['citations']} citations linked")
                for name, values in table.items():
                    print(f"  {name:<40} {spread(values)}")
            browser.close()
    finally:
        httpd.shutdown()
    print(f"\nfirst page before Python ready: {sum(before_python)} of {len(before_python)} cold opens")
    report["first_page_before_python"] = [sum(before_python), len(before_python)]
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    return 0 if all(before_python) else 1


if __name__ == "__main__":
    raise SystemExit(main())
