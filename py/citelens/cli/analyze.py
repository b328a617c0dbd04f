"""``citelens analyze``: PDF files in, analysis JSON out; with ``--resolve``, ``citelens resolve``'s output.

    citelens analyze paper.pdf [--pretty] [-o out.json]    one analysis, as one JSON document
    citelens analyze papers/ more.pdf [-o out.jsonl]       one analysis per line (JSON Lines)
    citelens analyze papers/ --jobs 4 --timeout 60          four worker processes, at most 60 s a file
    citelens analyze paper.pdf --resolve [resolution options]   see citelens.cli.resolve

Input: the paths (a folder is searched recursively for ``*.pdf``). Output: the analysis JSON of each file
that could be read, in input order whatever ``--jobs`` (:func:`~citelens.cli.pdf.analyze_one`,
:func:`~citelens.cli.common.render`); its warnings and failures on stderr, in the same order. ``--jobs N``
(default: the usable cores) analyses N files at a time in worker processes (:func:`citelens.batch.pool.imap`);
``--jobs 1`` or a single file runs in this process. A file that fails, or runs past ``--timeout`` seconds, is
one error line and the batch goes on. On a terminal the progress bar (tqdm) shows the rate and the time left.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from citelens.cli import resolve
from citelens.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    PROG,
    STATUS_LINE,
    Status,
    about,
    add_input_output,
    add_password,
    add_text_only,
    add_timeout,
    check_batch,
    expand,
    output,
    positive_int,
    render,
    tune_gc,
)
from citelens.cli.pdf import add_engine, analyze_one, pdf_adapter

def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


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
    add_engine(analyze)
    analyze.add_argument("-q", "--quiet", action="store_true",
                         help="no progress bar and no summary (failures and warnings are still printed)")
    analyze.add_argument("-j", "--jobs", metavar="N", type=positive_int, default=default_jobs(),
                         help="analyse N files at a time in worker processes (default: the cores, "
                              f"{default_jobs()} here; 1 runs in this process)")
    add_timeout(analyze, what="an error line")
    analyze.add_argument("--resolve", action="store_true",
                         help="also look up each reference (see `citelens resolve --help`)")
    resolve.add_options(analyze)
    analyze.set_defaults(run=run, parser=analyze)


def run(args: argparse.Namespace) -> int:
    if args.resolve:
        return resolve.run(args)
    batch = check_batch(args, single="a single PDF")
    if pdf_adapter(args.engine) is None:
        return EXIT_FAILED

    files, failed = expand([Path(p) for p in args.paths], (".pdf",), "PDF")
    options = {"text_only": args.text_only, "password": args.password, "engine": args.engine,
               "timeout": args.timeout, "pretty": args.pretty}
    progress = Progress(sys.stderr, total=len(files), enabled=batch and not args.quiet)
    ok = 0
    with output(args.output) as out, contextlib.closing(_results(files, options, args.jobs, progress)) as results:
        for n, (file, done) in enumerate(results, start=1):
            rendered, pages, seconds, lines = done
            progress.start(n, file)
            for line in lines:
                progress.say(line)
            progress.done(file, rendered is not None, pages, seconds)
            if rendered is None:
                failed += 1
                out.discard = not batch  # -o keeps its old content when its single PDF failed
                continue
            ok += 1
            out.write(rendered + "\n")
            out.flush()
    progress.close()
    if batch and not args.quiet:
        progress.summary(ok, failed)
    return EXIT_FAILED if failed else EXIT_OK


#: One file's outcome: its compact analysis JSON (None: it failed), pages, seconds, its stderr lines.
Done = tuple[Any, int, float, list[str]]


def _results(files: list[Path], options: dict[str, Any], jobs: int, progress: Progress) -> Iterator[tuple[Path, Done]]:
    """Each file with its outcome, in input order: here, or in ``jobs`` worker processes."""
    if jobs <= 1 or len(files) <= 1:
        warm_up()  # the imports are not the first file's time
        for n, file in enumerate(files, start=1):
            progress.start(n, file)
            yield file, analyze_file(file, options, progress.page)
        return
    from citelens.batch.pool import imap

    tasks = [(str(f), options) for f in files]
    for outcome in imap(analyze_task, tasks, jobs=jobs, timeout=options["timeout"], warm_up=warm_up):
        file = files[outcome.index]
        if outcome.error is not None:
            message = outcome.error if outcome.error.startswith("Traceback") else about(file, outcome.error)
            yield file, (None, 0, 0.0, [f"{PROG}: {line}" for line in message.rstrip().splitlines()])
        else:
            yield file, outcome.result


class _Timeout(BaseException):
    """A file ran past its ``--timeout`` (a BaseException: no ``except Exception`` in a library swallows it)."""


@contextlib.contextmanager
def _time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`_Timeout` in this thread after ``seconds``, where signals allow it (the main thread of a
    POSIX process); elsewhere no limit."""
    if seconds is None or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def analyze_file(file: Path, options: dict[str, Any], page: Callable[[int, int], None] | None = None) -> Done:
    """One PDF as ``--jobs`` sees it: (its analysis JSON, rendered, or None; pages, seconds, the stderr lines
    it gave: warnings, or why it failed), under ``options["timeout"]``."""
    pages = 0

    def seen(number: int, total: int) -> None:
        nonlocal pages
        pages = total
        if page is not None:
            page(number, total)

    began = time.monotonic()
    captured = io.StringIO()
    result = None
    with contextlib.redirect_stderr(captured):
        try:
            with _time_limit(options["timeout"]):
                result = analyze_one(None, file, text_only=options["text_only"], progress=seen,
                                     password=options["password"], engine=options["engine"])
        except _Timeout:
            limit = options["timeout"]
            print(f"{PROG}: {about(file, f'timed out after {limit:g} s')}", file=sys.stderr)
    rendered = None if result is None else render(result, pretty=options.get("pretty", False))
    return rendered, pages, time.monotonic() - began, captured.getvalue().splitlines()


def analyze_task(task: tuple[str, dict[str, Any]]) -> Done:
    """:func:`analyze_file` in a worker process; the pool's own timeout replaces the signal."""
    file, options = task
    return analyze_file(Path(file), {**options, "timeout": None})


def warm_up() -> None:
    """A worker's imports and collector (:func:`~citelens.cli.common.tune_gc`), before its first file's clock
    starts."""
    import citelens.pipeline  # noqa: F401

    tune_gc()

    pdf_adapter()


class Progress:
    """Batch progress on stderr: on a terminal a tqdm bar (files done, rate, time left, the file being read),
    else :class:`~citelens.cli.common.Status`'s line per finished file; the lines in between go above it."""

    def __init__(self, stream: Any, *, total: int, enabled: bool) -> None:
        self.stream = stream
        self.status = Status(stream, total=total, enabled=enabled)
        self.bar: Any = None
        if self.status.tty:
            try:
                from tqdm import tqdm
            except ModuleNotFoundError:  # the older bar, without rate and time left
                return
            self.status.enabled = self.status.tty = False
            self.bar = tqdm(total=total, file=stream, unit="file", dynamic_ncols=True, leave=False)
        self.name = ""

    def start(self, n: int, file: Path) -> None:
        self.name = file.name
        if self.bar is not None:
            self.bar.set_postfix_str(self.name, refresh=False)
        else:
            self.status.start(n, file)

    def page(self, number: int, total: int) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(f"{self.name} page {number}/{total}")
        else:
            self.status.page(number, total)

    def say(self, line: str) -> None:
        if self.bar is not None:
            self.bar.write(line, file=self.stream)
        else:
            STATUS_LINE.clear()
            print(line, file=self.stream, flush=True)

    def done(self, file: Path, ok: bool, pages: int, seconds: float) -> None:
        if self.bar is not None:
            self.bar.update(1)
            return
        self.status.pages = pages
        self.status.file_began = time.monotonic() - seconds
        self.status.done(file, ok)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()

    def summary(self, ok: int, failed: int) -> None:
        self.status.summary(ok, failed)
