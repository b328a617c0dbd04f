"""``citelens batch``: PDFs and XML/HTML articles in, Parquet tables and JSON Lines out, run by Dask.

    citelens batch papers/ articles/ --out tables/               a LocalCluster of one worker per core
    citelens batch papers/ --out tables/ --workers 2             two worker processes
    citelens batch papers/ --out tables/ --engine pdfium         PDFs read by PDFium (default: as analyze)
    citelens batch papers/ --out tables/ --timeout 60            at most 60 s a file (default 120)
    citelens batch papers/ --out tables/ --scheduler tcp://HOST:8786   the workers of an existing cluster

Input: the paths (a folder is searched recursively for ``*.pdf``, ``*.xml``, ``*.nxml``, ``*.html``, ``*.htm``).
Output: ``OUT/`` as :mod:`citelens.batch.tables` lays it out. A file running past ``--timeout`` is stopped
(its worker's child process is killed) and is a ``documents`` row with status error. A second run over the same
output skips the files written there with status ok by this citelens version and, for PDFs, this engine, and
analyses the others again, those that failed before included; a file's new row replaces its error rows
(:mod:`citelens.batch.run`). stderr: one line per failed file, a progress bar on a terminal, a summary. Needs
the ``[batch]`` extra (dask[distributed], pyarrow), imported only when this command runs.
Exit status: 0 every file analysed (or skipped), 1 some file failed, 2 usage error.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from citelens.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    PROG,
    add_password,
    add_text_only,
    add_timeout,
    expand,
    positive_int,
    say,
)
from citelens.cli.pdf import add_engine

BATCH_EXTRA_HINT = "citelens batch needs the [batch] extra: pip install 'citelens[batch]'"


def register(sub: Any) -> None:
    """Add ``batch`` to the subcommands ``sub``."""
    batch = sub.add_parser(
        "batch",
        help="analyse many PDFs and XML/HTML articles with Dask into Parquet tables",
        description=(
            "Analyse PDFs and XML/HTML articles on a Dask cluster (a local one by default) and write Parquet "
            "tables (documents, references, citations, figure_mentions, outline) and the analyses as JSON Lines "
            "into OUT. A file running past --timeout is stopped and is a documents row with status error. A second "
            "run over OUT skips the files it holds as analysed (status ok) by this citelens version and, for "
            "PDFs, this --engine; it analyses again the files that failed before and those read by another "
            "engine or version; a file's new row replaces its error rows, and the ok rows of other engines or "
            "versions stay. An interrupted run keeps every chunk it wrote. Exit status: 0 all files "
            "analysed, 1 some file failed, 2 usage error."
        ),
    )
    batch.add_argument("paths", nargs="+", metavar="INPUT", help="a PDF, XML or HTML file or a folder of them")
    batch.add_argument("--out", metavar="DIR", type=Path, required=True, help="the output folder (created)")
    where = batch.add_mutually_exclusive_group()
    where.add_argument("--workers", metavar="N", type=positive_int, default=None,
                       help="worker processes of the local cluster (default: one per core)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on the existing cluster whose scheduler is at ADDRESS (tcp://HOST:8786)")
    add_text_only(batch)
    add_password(batch)
    add_engine(batch)
    add_timeout(batch, what="a documents row with status error")
    batch.add_argument("--chunk", metavar="N", type=positive_int, default=None,
                       help="documents per part file (default 32; a chunk is also written every 30 s)")
    batch.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no summary")
    batch.set_defaults(run=run, parser=batch)


def run(args: argparse.Namespace) -> int:
    try:
        import dask.distributed  # noqa: F401

        from citelens.batch import run as batch_run
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] not in {"dask", "distributed", "pyarrow"}:
            raise
        print(f"{PROG}: {BATCH_EXTRA_HINT}", file=sys.stderr)
        return EXIT_FAILED
    from citelens.batch.document import SUFFIXES

    if args.out.exists() and not args.out.is_dir():
        args.parser.error(f"--out {args.out} is a file, not a folder")
    files, empty = expand([Path(p) for p in args.paths], SUFFIXES, "PDF, XML or HTML")
    options = {"text_only": args.text_only, "password": args.password, "engine": args.engine,
               "timeout": args.timeout}
    chunk = {"chunk_documents": args.chunk} if args.chunk else {}
    began = time.monotonic()
    summary = batch_run.run(files, args.out, scheduler=args.scheduler, workers=args.workers, options=options,
                            say=say, progress=not args.quiet and sys.stderr.isatty(), **chunk)
    if not args.quiet:
        retried = f", {summary.retried} retried" if summary.retried else ""
        say(f"{summary.ok} ok, {summary.failed} failed, {summary.skipped} skipped{retried} in "
            f"{time.monotonic() - began:.1f} s: {args.out}")
    return EXIT_FAILED if summary.failed or empty else EXIT_OK
