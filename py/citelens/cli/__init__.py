"""The ``citelens`` command: PDF files in, analysis JSON out.

    citelens analyze paper.pdf [--pretty] [-o out.json]    one analysis, as one JSON document
    citelens analyze papers/ more.pdf [-o out.jsonl]       one analysis per line (JSON Lines)
    citelens eval papers/ [--json]                         text-only analysis scored against the PDFs' own links
    citelens xml article.xml [--pretty] [-o out.json]      a JATS, Elsevier or BMC XML article's model
    citelens xml articles/ [-o out.jsonl] [--progress]     one model per line (JSON Lines)
    citelens xml page.html [--text extracted.txt]          a publisher's HTML page (markers linking to its list)
    citelens eval --gold article.xml paper.pdf [--json]    the PDF analysis scored against the XML's citations
    citelens resolve paper.pdf [options]                   the analysis with a record for each reference
    citelens batch papers/ articles/ --out DIR [--workers N | --scheduler tcp://HOST:8786]
                                                           Parquet tables and JSON Lines, run by Dask

Contract: stdout (or ``-o``) carries only analyses; everything for people goes to stderr, one line per
event: ``citelens: FILE: message`` for a file that failed or earned a warning, a progress bar and a
summary in batch mode. A bad file never stops a batch and never prints a traceback (set
``CITELENS_DEBUG=1`` to get one). Exit status: 0 all files analysed, 1 some file failed, 2 usage error.

This package is the one place that opens user files and, with the adapters, knows a PDF library exists.
One module per command (:mod:`~citelens.cli.analyze`, :mod:`~citelens.cli.evaluate`,
:mod:`~citelens.cli.xml`, :mod:`~citelens.cli.resolve`, :mod:`~citelens.cli.batch`), each with a ``register(subparsers)`` and a
``run(args)``; :mod:`~citelens.cli.pdf` is one PDF to its analysis JSON, :mod:`~citelens.cli.common` what
every command shares (stderr lines, the per-file guard, output, progress, the files a folder holds).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from citelens import __version__
from citelens.cli import analyze, batch, evaluate, resolve, xml
from citelens.cli.common import EXIT_FAILED, EXIT_USAGE, PROG, build, tune_gc

__all__ = ["main", "parser"]


def main(argv: Sequence[str] | None = None, *, transport: Any = None,
         sleep: Callable[[float], Any] | None = None) -> int:
    """``citelens``; ``transport`` and ``sleep`` go to the look-ups of ``resolve`` (tests give a replay)."""
    command_line = parser()
    args = command_line.parse_args(argv)
    if args.command is None:
        command_line.print_usage(sys.stderr)
        print(f"{PROG}: error: a command is required (try '{PROG} analyze --help')", file=sys.stderr)
        return EXIT_USAGE
    args.transport, args.sleep = transport, sleep
    tune_gc()
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`citelens analyze dir | head -1`): not an error worth a traceback.
        # Point stdout at devnull so the interpreter's final flush does not raise again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILED
    except OSError as exc:  # the output cannot be written (disk full, permissions): no file to blame
        print(f"{PROG}: cannot write the output: {exc}", file=sys.stderr)
        return EXIT_FAILED


def parser() -> argparse.ArgumentParser:
    """The ``citelens`` parser with every command."""
    top = argparse.ArgumentParser(
        prog=PROG,
        description="Live citations, figure links and section outlines for scholarly PDFs.",
    )
    top.add_argument("--version", action="version", version=f"{PROG} {__version__} ({build()})")
    sub = top.add_subparsers(dest="command", metavar="COMMAND")
    analyze.register(sub)
    evaluate.register(sub)
    xml.register(sub)
    resolve.register(sub)
    batch.register(sub)
    return top
