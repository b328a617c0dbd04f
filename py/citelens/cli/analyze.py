"""``citelens analyze``: PDF files in, analysis JSON out; with ``--resolve``, ``citelens resolve``'s output.

    citelens analyze paper.pdf [--pretty] [-o out.json]    one analysis, as one JSON document
    citelens analyze papers/ more.pdf [-o out.jsonl]       one analysis per line (JSON Lines)
    citelens analyze paper.pdf --resolve [resolution options]   see citelens.cli.resolve

Input: the paths (a folder is searched recursively for ``*.pdf``). Output: the analysis JSON of each file
that could be read, in order (:func:`~citelens.cli.pdf.analyze_one`, :func:`~citelens.cli.common.render`);
its warnings and failures on stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from citelens.cli import resolve
from citelens.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    Status,
    add_input_output,
    add_password,
    add_text_only,
    check_batch,
    expand,
    output,
    render,
)
from citelens.cli.pdf import analyze_one, pdf_adapter


def register(sub: Any) -> None:
    """Add ``analyze`` to the subcommands ``sub``, with ``--resolve`` and the resolution options."""
    analyze = sub.add_parser(
        "analyze",
        help="analyse PDFs and print the analysis as JSON",
        description=(
            "Analyse PDFs. One PDF gives one JSON document; a folder (searched recursively for *.pdf) or "
            "several files give JSON Lines, one analysis per line, with progress on stderr. "
            "Exit status: 0 all files analysed, 1 some file failed, 2 usage error."
        ),
    )
    add_input_output(analyze, metavar="PATH", what="a PDF file or a folder of PDFs", single="a single PDF")
    add_text_only(analyze)
    add_password(analyze)
    analyze.add_argument("-q", "--quiet", action="store_true",
                         help="no progress bar and no summary (failures and warnings are still printed)")
    analyze.add_argument("--resolve", action="store_true",
                         help="also look up each reference (see `citelens resolve --help`)")
    resolve.add_options(analyze)
    analyze.set_defaults(run=run, parser=analyze)


def run(args: argparse.Namespace) -> int:
    if args.resolve:
        return resolve.run(args)
    batch = check_batch(args, single="a single PDF")
    adapter = pdf_adapter()
    if adapter is None:
        return EXIT_FAILED

    files, failed = expand([Path(p) for p in args.paths], (".pdf",), "PDF")
    status = Status(sys.stderr, total=len(files), enabled=batch and not args.quiet)
    ok = 0
    with output(args.output) as out:
        for n, file in enumerate(files, start=1):
            status.start(n, file)
            result = analyze_one(adapter, file, text_only=args.text_only, progress=status.page,
                                 password=args.password)
            status.done(file, result is not None)
            if result is None:
                failed += 1
                out.discard = not batch  # -o keeps its old content when its single PDF failed
                continue
            ok += 1
            out.write(render(result, pretty=args.pretty) + "\n")
            out.flush()
    if batch and not args.quiet:
        status.summary(ok, failed)
    return EXIT_FAILED if failed else EXIT_OK
