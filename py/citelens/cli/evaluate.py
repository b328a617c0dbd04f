"""``citelens eval``: the text-only analysis of PDFs scored against their own links and bookmarks, or one
PDF's analysis scored against the XML version of the same article.

    citelens eval papers/ [--json]                         a table per paper and pooled totals
    citelens eval --gold article.xml paper.pdf [--json]    the PDF analysis scored against the XML's citations

Output on stdout: the table (:func:`citelens.evaluation.render_table`, :func:`citelens.xml.gold.render_gold`)
or one JSON document with ``--json``; a file that cannot be read is one line on stderr and the others are
still scored.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from citelens.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    Status,
    expand,
    guarded,
)
from citelens.cli.pdf import add_engine, pdf_adapter
from citelens.model import Source


def register(sub: Any) -> None:
    """Add ``eval`` to the subcommands ``sub``."""
    evaluate = sub.add_parser(
        "eval",
        help="score the text-only analysis against the PDF's own citation links and bookmarks",
        description=(
            "For each PDF, run the analysis ignoring the PDF's own links and bookmarks (--text-only), then "
            "score it against them: citation markers (precision / recall / F1: a predicted marker matches "
            "a link when their boxes overlap on the same page), marker→entry accuracy (the predicted entry "
            "is the one the link lands on), reference count (entries found vs distinct link targets) and "
            "outline F1 vs bookmarks. Prints a table per paper and pooled totals. "
            "Exit status: 0 all files scored, 1 some file failed, 2 usage error."
        ),
    )
    evaluate.add_argument("paths", nargs="+", metavar="PATH", help="a PDF file or a folder of PDFs")
    evaluate.add_argument("--json", action="store_true", help="print the scores as one JSON document")
    evaluate.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    add_engine(evaluate)
    evaluate.add_argument("--gold", metavar="ARTICLE.xml", type=Path,
                          help="score the analysis of the one PDF given against this XML version's citations "
                               "(JATS, Elsevier or BMC), with and without the PDF's own links")
    evaluate.set_defaults(run=run, parser=evaluate)


def run(args: argparse.Namespace) -> int:
    if args.gold is not None:
        return run_gold(args)
    from citelens.evaluation import evaluate, reference_list, render_table, summarize
    from citelens.model import SCHEMA_VERSION
    from citelens.pipeline import analyze

    adapter = pdf_adapter(args.engine)
    if adapter is None:
        return EXIT_FAILED
    files, failed = expand([Path(p) for p in args.paths], (".pdf",), "PDF")
    status = Status(sys.stderr, total=len(files), enabled=not args.quiet and len(files) > 1)
    scores = []
    for n, file in enumerate(files, start=1):
        status.start(n, file)

        def score(file: Path = file) -> Any:
            document = adapter.extract(file, progress=status.page).document
            analysis = analyze(document, source=Source(str(file), engine=adapter.NAME), text_only=True)
            return evaluate(document, analysis, reference_list(document), name=file.name)

        scored = guarded(file, score)
        status.done(file, scored is not None)
        if scored is None:
            failed += 1
        else:
            scores.append(scored)
    summary = summarize(scores)
    if args.json:
        print(json.dumps({"schema_version": SCHEMA_VERSION, "papers": [s.to_json() for s in scores],
                          "summary": summary.to_json()}, ensure_ascii=False, indent=1))
    else:
        print(render_table(scores, summary))
    return EXIT_FAILED if failed else EXIT_OK


def run_gold(args: argparse.Namespace) -> int:
    """``citelens eval --gold ARTICLE.xml PAPER.pdf``: the PDF analysis scored against the XML."""
    from citelens.model import SCHEMA_VERSION
    from citelens.pipeline import analyze
    from citelens.xml import read_article
    from citelens.xml.gold import render_gold, score_gold

    parser: argparse.ArgumentParser = args.parser
    if len(args.paths) != 1 or Path(args.paths[0]).is_dir():
        parser.error("--gold takes exactly one PDF: citelens eval --gold ARTICLE.xml PAPER.pdf")
    adapter = pdf_adapter(args.engine)
    if adapter is None:
        return EXIT_FAILED
    pdf, gold = Path(args.paths[0]), args.gold
    article = guarded(gold, lambda: read_article(gold.read_bytes(), str(gold)))
    if article is None:
        return EXIT_FAILED

    def both() -> dict[str, Any]:
        extraction = adapter.extract(pdf)
        return {mode: analyze(extraction.document, source=Source(str(pdf), engine=adapter.NAME), text_only=mode == "text-only")
                for mode in ("text-only", "with-links")}

    runs = guarded(pdf, both)
    if runs is None:
        return EXIT_FAILED
    scores = {mode: score_gold(article, analysis, name=pdf.name) for mode, analysis in runs.items()}
    if args.json:
        print(json.dumps({"schema_version": SCHEMA_VERSION, "gold": str(gold), "pdf": str(pdf),
                          "modes": {mode: s.to_json() for mode, s in scores.items()}}, ensure_ascii=False, indent=1))
    else:
        print(render_gold(scores))
    return EXIT_OK
