"""Time text extraction with each PDF engine on every PDF of the corpus (``../shared/corpus/pdf``).

    .venv/bin/python bench/bench_extract.py [--engine pdfium --engine pdfminer] [--limit N] [--out FILE]

Per engine and paper, the adapter's ``extract`` runs once on the file, uncached. A page's time is the CPU time
(``time.process_time``) from the previous page's progress call to its own (the first page's includes opening
the file); a paper's time is the whole ``extract``: every page, then the links, bookmarks and metadata.
Reported per engine: the median and 90th percentile over all pages of ms per page, and the median and
90th percentile over papers of seconds per paper, beside the target (median <= 10 ms per page). Prints a
table and writes every number to ``--out``. Asserts nothing: compare runs on one machine only.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # tests/corpus.py: the manifest

import corpus  # noqa: E402

from citelens.cli.pdf import ENGINES, engine_module  # noqa: E402

TARGET_MS_PER_PAGE = 10.0  # the median a page may take with PDFium


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between the nearest ranks)."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    pos = q * (len(ordered) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def bench_paper(extract: Any, path: Path) -> dict[str, Any]:
    pages: list[float] = []
    last = start = time.process_time()

    def progress(n: int, total: int) -> None:
        nonlocal last
        now = time.process_time()
        pages.append((now - last) * 1000)
        last = now

    extract(path, progress=progress)
    return {"paper_s": time.process_time() - start, "page_ms": pages}


def summarize(rows: list[dict[str, Any]]) -> dict[str, float]:
    pages = [ms for r in rows for ms in r["page_ms"]]
    papers = [r["paper_s"] for r in rows]
    return {"papers": len(rows), "pages": len(pages),
            "page_ms_median": statistics.median(pages), "page_ms_p90": quantile(pages, 0.9),
            "paper_s_median": statistics.median(papers), "paper_s_p90": quantile(papers, 0.9),
            "total_s": sum(papers)}


def table(summary: dict[str, dict[str, float]]) -> str:
    head = (f"{'engine':<10}{'papers':>7}{'pages':>7}{'ms/page':>9}{'p90':>8}{'s/paper':>9}{'p90':>8}"
            f"{'total s':>9}")
    lines = [head, "-" * len(head)]
    for engine, s in summary.items():
        lines.append(f"{engine:<10}{s['papers']:>7}{s['pages']:>7}{s['page_ms_median']:>9.1f}{s['page_ms_p90']:>8.1f}"
                     f"{s['paper_s_median']:>9.2f}{s['paper_s_p90']:>8.2f}{s['total_s']:>9.1f}")
    lines.append(f"ms/page: median and p90 over every page; s/paper: over papers (whole extract). "
                 f"Target: pdfium median <= {TARGET_MS_PER_PAGE:g} ms per page.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", action="append", choices=tuple(ENGINES),
                        help="an engine to time (repeatable; default: every installed one)")
    parser.add_argument("--limit", type=int, metavar="N", help="only the first N papers of the manifest")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bench-extract.json", help="JSON results")
    args = parser.parse_args(argv)

    papers = [p for p in corpus.pdf_papers() if p.path.is_file()]
    papers = papers[: args.limit] if args.limit else papers
    engines = {}
    for name in args.engine or ENGINES:
        try:
            engines[name] = engine_module(name).extract
        except ModuleNotFoundError:
            print(f"bench: the {name} engine is not installed; skipped", file=sys.stderr)
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in engines}
    tty = sys.stderr.isatty()
    for n, paper in enumerate(papers, start=1):
        if tty:
            print(f"\r[{n}/{len(papers)}] {paper.stem[:60]:<60}", end="", file=sys.stderr, flush=True)
        for name, extract in engines.items():
            rows[name].append({"file": paper.file, **bench_paper(extract, paper.path)})
    if tty:
        print("\r" + " " * 72 + "\r", end="", file=sys.stderr)
    summary = {name: summarize(r) for name, r in rows.items() if r}
    print(table(summary))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"summary": summary, "papers": rows}, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
