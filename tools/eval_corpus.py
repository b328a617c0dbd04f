"""`citelens eval` over a corpus folder, from cached extractions, with the figures pooled per citation style.

    .venv/bin/python tools/eval_corpus.py pdf            # ../shared/corpus/pdf: a row per paper, then totals
    .venv/bin/python tools/eval_corpus.py check          # ../shared/corpus/check: totals only, always
    .venv/bin/python tools/eval_corpus.py pdf check --json build/eval.json

The scoring is :mod:`citelens.evaluation`'s, exactly as ``citelens eval`` does it; what this adds is the
extraction cache of the tests (``tests/corpus.py``: pdfminer runs once per PDF) and the pooling by the
hand-labelled citation style of each paper (``corpus.style_bucket``). ``check/`` is for generalisation: its papers are never
listed one by one, so nobody tunes to them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "py"))

import corpus  # noqa: E402
from citelens.evaluation import render_table, summarize  # noqa: E402

TOTALS_ONLY = {"check"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", help="folders of the corpus: pdf, check")
    ap.add_argument("--json", type=Path, help="also write the totals (and pdf/'s rows) here")
    ap.add_argument("--engine", choices=(*corpus.ENGINES, corpus.READER), default=corpus.ENGINE,
                    help=f"the PDF adapter whose extractions are scored (default: {corpus.ENGINE}, the tests'; "
                         f"{corpus.READER}: pdf.js as the reader reads the paper, needs Node)")
    args = ap.parse_args()
    report = {}
    for folder in args.folders:
        t0 = time.perf_counter()
        scored = corpus.score_folder(folder, args.engine)
        t = corpus.pooled(scored)
        if folder not in TOTALS_ONLY:
            print(render_table([s for _, s in scored], summarize(s for _, s in scored)))
            t["rows"] = [dict(s.to_json(), style=corpus.style_bucket(r)) for r, s in scored]
        print(corpus.render_pooled(folder, t), f"  [{time.perf_counter() - t0:.1f} s]")
        report[folder] = dict(t, engine=args.engine)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
