"""Time the browser pipeline in headless Chromium: Pyodide start, pdf.js extraction, analysis, cache.

    .venv/bin/python bench/bench_browser.py                       # three 15-30 page corpus papers, 3 runs
    .venv/bin/python bench/bench_browser.py --runs 5 pdf/cell-2024-cell.2024.02.016.pdf
    .venv/bin/python bench/bench_browser.py --installer micropip  # the micropip path instead of the lock

Needs `make site`, Debian's chromium (/usr/bin/chromium) and the `playwright` package (no browser
download). Serves site/ and the corpus from one loopback server and opens worker/smoke.html?file=… in a fresh
browser context (cold: empty HTTP cache and IndexedDB), then opens it again in the same context (warm: the
analysis comes from IndexedDB, found by the file's hash), then a copy with other bytes and the same text
(found by the text hash). Any request that leaves loopback is aborted and fails the run.

Printed per paper, min / median / max over the runs, milliseconds:
  ready      worker start → Python ready (the worker's own measure), made of
   pyodide     loadPyodide() (wasm, stdlib, interpreter)
   install     loadPackage(["citelens"]) (or micropip: load it, install two wheel URLs)
   import      import citelens and the bridge (modules compiled from source: wheels carry no .pyc)
  page1      page open → first page rendered
  text       extractText: text items of every page and the text hash
  document   completeDocument: font names (an operator list per page), links, bookmarks
  python     analyze_json inside Pyodide, bridge included
  links      page open → analysis in hand (cold: Python had to load; warm: from the cache)
  open       page open → PDF open in pdf.js
  hit        analyze() on a cache hit: found by the file's SHA-256 (warm) or by the text hash (copy)
The smoke page renders page 1 first, then analyses: "links" = page1 + analyze().
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CORPUS = Path(os.environ.get("CITELENS_SHARED", ROOT.parent / "shared")) / "corpus"
DEFAULT_PAPERS = (
    "pdf/arxiv-2023-citesee-chi-2302.07302.pdf",  # 15 pages, numbered, hyperref links
    "pdf/eacl-2023-main-121-longeval.pdf",  # 20 pages, author-year
    "pdf/cell-2024-cell.2024.02.016.pdf",  # 17 pages, superscript
)
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]


class Handler(http.server.SimpleHTTPRequestHandler):
    """site/ at the root, the corpus under /corpus/, and under /copy/ the corpus with a comment appended
    to each PDF (other bytes, same text: what a re-downloaded or re-saved copy looks like)."""

    def translate_path(self, path: str) -> str:
        rel = unquote(urlsplit(path).path)
        for prefix in ("/corpus/", "/copy/"):
            if rel.startswith(prefix):
                return str(CORPUS / rel.removeprefix(prefix))
        return super().translate_path(path)

    def do_GET(self) -> None:
        if not urlsplit(self.path).path.startswith("/copy/"):
            return super().do_GET()
        try:
            data = Path(self.translate_path(self.path)).read_bytes() + b"\n% another copy\n"
        except OSError:
            return self.send_error(404)
        self.send_response(200)
        self.send_header("Content-Type", "application/pdf")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page closed mid-download: not news
            super().handle_error(request, client_address)


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def run_once(browser: Any, base: str, paper: str, installer: str) -> dict[str, Any]:
    context = browser.new_context()
    leaks: list[str] = []

    def guard(route: Any) -> None:
        host = urlsplit(route.request.url).hostname
        if host in ("127.0.0.1", "localhost") or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            leaks.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    extra = "&installer=micropip" if installer == "micropip" else ""
    out: dict[str, Any] = {}
    try:
        for phase, folder in (("cold", "corpus"), ("warm", "corpus"), ("copy", "copy")):
            page.goto(f"{base}/worker/smoke.html?file=/{folder}/{paper}{extra}")
            page.wait_for_selector("body:not([data-state=running])", timeout=120_000)
            result = page.evaluate("window.smokeResult")
            if result.get("error"):
                raise RuntimeError(f"{paper} ({phase}): {result['error']}")
            out[phase] = result
    finally:
        context.close()
    if leaks or errors:
        raise RuntimeError(f"{paper}: requests off loopback {leaks}, page errors {errors}")
    return out


def figures(runs: list[dict[str, Any]]) -> dict[str, list[float]]:
    cold = [r["cold"] for r in runs]
    warm = [r["warm"] for r in runs]
    copy = [r["copy"] for r in runs]
    return {
        "ready": [r["worker_ready_ms"] for r in cold],
        " pyodide": [r["worker_stages"]["pyodide"] for r in cold],
        " install": [r["worker_stages"]["install"] - r["worker_stages"]["pyodide"] for r in cold],
        " import": [r["worker_stages"]["import"] - r["worker_stages"]["install"] for r in cold],
        "page1 cold": [r["marks"]["first_page"] for r in cold],
        "text": [r["timings"]["text"] for r in cold],
        "document": [r["timings"]["document"] for r in cold],
        "python": [r["timings"]["python"] for r in cold],
        "links cold": [r["marks"]["analysis"] for r in cold],
        "open warm": [r["marks"]["pdf_open"] for r in warm],
        "page1 warm": [r["marks"]["first_page"] for r in warm],
        "hit warm": [r["timings"]["total"] for r in warm],
        "links warm": [r["marks"]["analysis"] for r in warm],
        "hit copy": [r["timings"]["total"] for r in copy],
        "links copy": [r["marks"]["analysis"] for r in copy],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("papers", nargs="*", default=list(DEFAULT_PAPERS), help="paths inside the corpus")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--installer", choices=("lock", "micropip"), default="lock")
    ap.add_argument("--json", type=Path, default=ROOT / "build" / "bench_browser.json")
    args = ap.parse_args(argv)
    if not (SITE / "worker" / "build.json").is_file():
        print("bench_browser: site/ is not built; run `make site`", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    server, base = serve()
    report: dict[str, Any] = {"installer": args.installer, "papers": {}}
    try:
        with sync_playwright() as pw:
            t = time.perf_counter()
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"chromium {browser.version} launched in {time.perf_counter() - t:.2f} s; "
                  f"installer: {args.installer}; min / median / max of {args.runs} runs, ms", file=sys.stderr)
            for paper in args.papers:
                runs = [run_once(browser, base, paper, args.installer) for _ in range(args.runs)]
                first = runs[0]["cold"]
                table = figures(runs)
                report["papers"][paper] = {"pages": first["pages"], "citations": first["citations"],
                                           "references": first["references"], "figures": table, "runs": runs}
                print(f"\n{paper}: {first['pages']} pages, {first['citations']} citations, "
                      f"{first['references']} references, {first['figure_mentions']} figure mentions, "
                      f"outline {first['outline']} ({first['outline_source']})")
                for name, values in table.items():
                    print(f"  {name:<11} {min(values):7.0f} {statistics.median(values):7.0f} {max(values):7.0f}")
            browser.close()
    finally:
        server.shutdown()
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
