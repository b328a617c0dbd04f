"""`citelens eval` over a corpus folder, from cached extractions, with the figures pooled per citation style.

    .venv/bin/python tools/eval_corpus.py pdf            # ../shared/corpus/pdf: a row per paper, then totals
    .venv/bin/python tools/eval_corpus.py check          # ../shared/corpus/check: totals only, always
    .venv/bin/python tools/eval_corpus.py pdf check --json build/eval.json

The scoring is :mod:`citelens.evaluation`'s, exactly as ``citelens eval`` does it; what this adds is the
extraction cache of the tests (``tests/corpus.py``: pdfminer runs once per PDF) and the pooling by the
folder's ``MANIFEST.tsv`` style (its ``style_guess`` column; a note "alphabetic labels" marks ``[Knu84]``
lists), which the issue's targets are stated in. ``check/`` is for generalisation: its papers are never
listed one by one, so nobody tunes to them.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "py"))

import corpus  # noqa: E402
from citelens.evaluation import PaperScore, Tally, evaluate, render_table, summarize  # noqa: E402
from citelens.layout import text_map  # noqa: E402
from citelens.pipeline import analyze  # noqa: E402
from citelens.references import find_references  # noqa: E402

TOTALS_ONLY = {"check"}
WITHIN = 0.05  # the reference count is right when within 5 % of the link targets


def style_of(row: dict) -> str:
    """The bucket a paper's hand-labelled style falls in."""
    style, notes = row.get("style_guess", ""), row.get("notes", "")
    if "alphabetic labels" in notes:
        return "alphabetic"
    for name in ("superscript", "numbered-bracket", "numbered-paren", "author-year"):
        if style.startswith(name):
            return name
    return "numbered" if style.startswith("numbered") else "other"


def rows(folder: str) -> list[dict]:
    path = corpus.CORPUS / folder / "MANIFEST.tsv" if folder != "pdf" else corpus.CORPUS / "MANIFEST.tsv"
    with path.open(newline="", encoding="utf-8") as f:
        found = [r for r in csv.DictReader(f, delimiter="\t") if r["file"].endswith(".pdf")]
    for r in found:  # check/MANIFEST.tsv names its files with or without the folder
        r["file"] = r["file"] if r["file"].startswith(folder + "/") else f"{folder}/{Path(r['file']).name}"
    return found


def score(folder: str) -> list[tuple[dict, PaperScore]]:
    out = []
    for row in rows(folder):
        doc = corpus.document(row["file"])
        analysis = analyze(doc, text_only=True)
        refs = find_references(text_map(doc.without_pdf_structure().pages))
        out.append((row, evaluate(doc, analysis, refs, name=Path(row["file"]).stem)))
    return out


def totals(scored: list[tuple[dict, PaperScore]]) -> dict:
    summary = summarize(s for _, s in scored)
    linked = [s for _, s in scored if s.tally.links and s.link_targets]
    within = sum(1 for s in linked if abs(s.reference_error) <= WITHIN * s.link_targets)
    styles: dict[str, dict] = {}
    for name in sorted({style_of(r) for r, _ in scored}):
        group = [s for r, s in scored if style_of(r) == name and s.tally.links]
        full = sum((s.tally for s in group if not s.partial), Tally())
        every = sum((s.tally for s in group), Tally())
        styles[name] = {"papers": len(group), "full_papers": sum(1 for s in group if not s.partial),
                        "entry_f1": round(full.entry_f1, 3), "marker_precision": round(full.marker_precision, 3),
                        "marker_recall_all": round(every.marker_recall, 3),
                        "entry_accuracy_all": round(every.entry_accuracy, 3)}
    return {"papers": summary.papers, "linked_papers": summary.linked_papers,
            "entry_f1": round(summary.full.entry_f1, 3), "marker_f1": round(summary.full.marker_f1, 3),
            "marker_precision": round(summary.full.marker_precision, 3),
            "marker_recall": round(summary.full.marker_recall, 3),
            "entry_accuracy_all": round(summary.all.entry_accuracy, 3),
            "outline_f1": round(summary.outline.f1, 3), "outline_papers": summary.outline_papers,
            "refcount_within_5pct": f"{within}/{len(linked)}",
            "styles": styles}


def render_totals(folder: str, t: dict) -> str:
    lines = [f"{folder}: {t['papers']} papers, {t['linked_papers']} linked; marker→entry F1 {t['entry_f1']:.3f} "
             f"(marker P {t['marker_precision']:.3f} R {t['marker_recall']:.3f} F1 {t['marker_f1']:.3f}), "
             f"accuracy (all linked) {t['entry_accuracy_all']:.3f}; outline F1 {t['outline_f1']:.3f} "
             f"({t['outline_papers']} papers); reference count within 5 % on {t['refcount_within_5pct']}"]
    for name, s in t["styles"].items():
        lines.append(f"  {name:<17} {s['papers']:>3} linked ({s['full_papers']} fully): F1 {s['entry_f1']:.3f}  "
                     f"marker P {s['marker_precision']:.3f}  recall (all) {s['marker_recall_all']:.3f}  "
                     f"accuracy (all) {s['entry_accuracy_all']:.3f}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", help="folders of the corpus: pdf, check")
    ap.add_argument("--json", type=Path, help="also write the totals (and pdf/'s rows) here")
    args = ap.parse_args()
    report = {}
    for folder in args.folders:
        t0 = time.perf_counter()
        scored = score(folder)
        t = totals(scored)
        if folder not in TOTALS_ONLY:
            print(render_table([s for _, s in scored], summarize(s for _, s in scored)))
            t["rows"] = [dict(s.to_json(), style=style_of(r)) for r, s in scored]
        print(render_totals(folder, t), f"  [{time.perf_counter() - t0:.1f} s]")
        report[folder] = t
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
