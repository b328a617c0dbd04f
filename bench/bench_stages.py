"""Time each stage of citelens on every PDF of the corpus (``../shared/corpus``, or ``$CITELENS_SHARED``).

    .venv/bin/python bench/bench_stages.py [--limit N] [--skip-extract] [--repeat 3] [--out build/bench.json]

Stages, per paper:
  extract     the pdfminer adapter on the PDF file, uncached, run once (pdfminer dominates)
  lines       ``layout.page_lines`` over every page, and the ``TextMap`` built from them
  outline     ``outline.detect_outline`` on those lines and the size histogram (as ``pipeline.analyze`` calls it)
  references  ``references.find_references``
  citations   ``citations.find_citations``
  sentences   ``sentences.sentences_for`` every citation
  figures     ``figures.find_figure_mentions``
  analyze     the whole ``pipeline.analyze`` on the text-only document (bookmarks and links dropped):
              every stage after text extraction, the figure the issue's speed goal is about

It times whichever citelens it imports: the pure-Python one of ``py/``, or, with
``PYTHONPATH=build/compiled``, the build compiled by mypyc (``make compiled``; ``make bench`` runs both). The
first line printed says which.

Time is CPU time of this process (``time.process_time``), so other work on the machine disturbs it
less than wall time would. The collector is set as the command line sets it
(:func:`citelens.cli.common.tune_gc`); ``--default-gc`` keeps Python's default (7 % slower, 2026-12-05).

The in-memory stages read the cached extraction of ``tests/corpus.py`` and run ``--repeat`` times; the
median counts. Reported per stage: the median over papers of ms per paper and of ms per page, and the
total over the corpus; once for every paper, once for the papers of 20-46 pages, with the ``analyze``
median of those beside the issue's target (< 20 ms). Prints the tables and writes every number to
``--out``. Asserts nothing: timings depend on the machine; compare runs on one machine only.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # tests/corpus.py: manifest and cached extractions

import corpus  # noqa: E402

import citelens.layout  # noqa: E402  (where it loads from: printed)
from citelens.citations import find_citations  # noqa: E402
from citelens.cli.common import build, tune_gc  # noqa: E402
from citelens.figures import find_figure_mentions  # noqa: E402
from citelens.layout import body_font_size, page_lines, size_histogram, text_map  # noqa: E402
from citelens.model import Document  # noqa: E402
from citelens.outline import detect_outline  # noqa: E402
from citelens.pipeline import analyze, body_start  # noqa: E402
from citelens.references import find_references  # noqa: E402
from citelens.sentences import sentences_for  # noqa: E402

STAGES = ("extract", "lines", "outline", "references", "citations", "sentences", "figures", "analyze")


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``fn`` over ``repeat`` runs, in ms."""
    runs = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time_ns()
        fn()
        runs.append((time.process_time_ns() - start) / 1e6)
    return statistics.median(runs)


def all_lines(document: Document) -> dict[int, list]:
    return {page.number: page_lines(page) for page in document.pages}


def bench_paper(paper: corpus.Paper, *, repeat: int, extract: bool) -> dict[str, Any]:
    row: dict[str, Any] = {"file": paper.file}
    if extract:
        from citelens.adapters.pdfminer import extract as pdfminer_extract

        row["extract"] = timed(lambda: pdfminer_extract(paper.path), 1)
    document = corpus.document(paper.file).without_pdf_structure()
    row["pages"] = len(document.pages)
    row["items"] = sum(len(p.items) for p in document.pages)
    row["lines"] = timed(lambda: text_map(document.pages, all_lines(document)), repeat)
    lines = all_lines(document)
    tm = text_map(document.pages, lines)
    sizes = size_histogram(document.pages)  # as pipeline.analyze passes it: made once, for the body size too
    body = body_font_size(document.pages, sizes) or 10.0
    row["outline"] = timed(lambda: detect_outline(document.pages, body, lines_by_page=lines, sizes=sizes), repeat)
    outline = detect_outline(document.pages, body, lines_by_page=lines, sizes=sizes)
    row["references"] = timed(lambda: find_references(tm), repeat)
    refs = find_references(tm)
    row["citations"] = timed(lambda: find_citations(tm, refs, body_start(tm, outline)), repeat)
    found = find_citations(tm, refs, body_start(tm, outline))
    row["sentences"] = timed(lambda: sentences_for(tm, list(found.spans)), repeat)
    skip = (refs.start, refs.end) if refs.start is not None and refs.end is not None else None
    row["figures"] = timed(lambda: find_figure_mentions(tm, outline, skip), repeat)
    row["analyze"] = timed(lambda: analyze(document), repeat)
    return row


def summarize(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for stage in STAGES:
        timed_rows = [r for r in rows if stage in r and r["pages"]]
        if not timed_rows:
            continue
        out[stage] = {
            "papers": len(timed_rows),
            "pages": sum(r["pages"] for r in timed_rows),
            "ms_per_paper": statistics.median(r[stage] for r in timed_rows),
            "ms_per_page": statistics.median(r[stage] / r["pages"] for r in timed_rows),
            "total_ms": sum(r[stage] for r in timed_rows),
        }
    return out


#: The issue's speed goal: every stage after extraction (``analyze``) under this median, in ms, over the papers
#: of LONG_PAGES pages.
TARGET_MS = 20.0
LONG_PAGES = (20, 46)


def long_papers(rows: list[dict[str, Any]], pages: tuple[int, int] = LONG_PAGES) -> dict[str, Any] | None:
    """The issue's speed goal is about a 30-page paper: the medians over the papers of 20-46 pages, per stage
    (``stages``, as :func:`summarize`) and of ``analyze``."""
    chosen = [r for r in rows if pages[0] <= r["pages"] <= pages[1] and "analyze" in r]
    if not chosen:
        return None
    return {"papers": len(chosen), "median_pages": statistics.median(r["pages"] for r in chosen),
            "analyze_ms_median": statistics.median(r["analyze"] for r in chosen),
            "analyze_ms_max": max(r["analyze"] for r in chosen), "target_ms": TARGET_MS,
            "stages": summarize(chosen)}


def table(summary: dict[str, dict[str, float]]) -> str:
    head = f"{'stage':<11}{'papers':>7}{'pages':>7}{'ms/paper':>11}{'ms/page':>10}{'total s':>10}"
    lines = [head, "-" * len(head)]
    for stage, s in summary.items():
        lines.append(f"{stage:<11}{s['papers']:>7}{s['pages']:>7}{s['ms_per_paper']:>11.1f}"
                     f"{s['ms_per_page']:>10.2f}{s['total_ms'] / 1000:>10.2f}")
    lines.append("ms/paper and ms/page: medians over papers; total: sum over papers")
    return "\n".join(lines)


def environment() -> dict[str, Any]:
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, check=False).stdout.strip() or None
    except OSError:
        commit = None
    versions = {}
    for dist in ("citelens", "pdfminer.six", "rapidfuzz"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = None
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "commit": commit, "build": build(), "versions": versions, "when": time.strftime("%Y-%m-%dT%H:%M:%S%z")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N papers of the manifest")
    parser.add_argument("--skip-extract", action="store_true", help="skip the (slow) uncached pdfminer stage")
    parser.add_argument("--repeat", type=int, default=3, help="runs per in-memory stage (median counts)")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bench.json", help="JSON results file")
    parser.add_argument("--default-gc", action="store_true",
                        help="keep Python's collector settings (default: as the citelens command sets them)")
    args = parser.parse_args(argv)
    if not args.default_gc:
        tune_gc()

    if not (corpus.CORPUS / "MANIFEST.tsv").is_file():
        print(f"bench: no corpus at {corpus.CORPUS} (set CITELENS_SHARED)", file=sys.stderr)
        return 1
    papers = [p for p in corpus.pdf_papers() if p.path.is_file()]
    missing = len(corpus.pdf_papers()) - len(papers)
    if missing:
        print(f"bench: {missing} PDFs of the manifest are missing; skipped", file=sys.stderr)
    papers = papers[: args.limit] if args.limit else papers

    print(f"citelens {build()}: {Path(citelens.layout.__file__).parent}")
    rows = []
    tty = sys.stderr.isatty()
    for n, paper in enumerate(papers, start=1):
        if tty:
            print(f"\r[{n}/{len(papers)}] {paper.stem[:60]:<60}", end="", file=sys.stderr, flush=True)
        rows.append(bench_paper(paper, repeat=args.repeat, extract=not args.skip_extract))
    if tty:
        print("\r" + " " * 72 + "\r", end="", file=sys.stderr)

    summary = summarize(rows)
    print(f"all papers ({len(rows)})")
    print(table(summary))
    longer = long_papers(rows)
    if longer:
        lo, hi = LONG_PAGES
        print(f"\npapers of {lo}-{hi} pages ({longer['papers']}, median {longer['median_pages']:.0f} pages)")
        print(table(longer["stages"]))
        verdict = "met" if longer["analyze_ms_median"] < TARGET_MS else "not met"
        print(f"\nall stages after extraction (analyze), papers of {lo}-{hi} pages: "
              f"{longer['analyze_ms_median']:.1f} ms median, {longer['analyze_ms_max']:.1f} ms max; "
              f"target < {TARGET_MS:.0f} ms median: {verdict}")
        summary["long_papers"] = longer
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {"environment": environment(), "repeat": args.repeat, "gc": "default" if args.default_gc else "cli",
              "summary": summary, "papers": rows}
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
