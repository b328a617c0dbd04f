"""What every ``citelens`` command shares: its stderr lines, its output file, batch progress, the files a
command reads, the guard around each file, and the options several commands take.

Contract: stdout (or ``-o``) carries only results; everything for people goes to stderr, one line per event
(:func:`say`): ``citelens: FILE: message`` for a file that failed or earned a warning, a progress bar and a
summary in batch mode. :func:`guarded` runs the work on one file: a bad file is one line on stderr and None,
never the end of a batch and never a traceback (``CITELENS_DEBUG=1`` lets the traceback through).
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TextIO, TypeVar

from citelens.model import CitelensError

PROG = "citelens"
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

T = TypeVar("T")


# ------------------------------------------------------------------------------------------ process

#: The young generation's threshold a citelens process sets (Python's default: 700 allocations).
GC_THRESHOLD = 20_000


def build() -> str:
    """Which build runs: the analysis modules compiled by mypyc (``make compiled``), or pure Python. Told from
    where the layout module loads from, without loading it."""
    spec = importlib.util.find_spec("citelens.layout")
    origin = spec.origin if spec is not None else None
    return "pure Python" if origin is None or origin.endswith(".py") else "compiled by mypyc"


def tune_gc() -> None:
    """Set the collector for a process that analyses papers: a paper's analysis makes some 10^5 short-lived
    objects (items, lines, tuples) and keeps few, so the default threshold (a collection every 700 new
    container objects, and now and then a full one over everything alive, the extracted document included)
    took 7 % of the stages' time, 32.1 ms a paper against 29.9 ms with this one (bench/bench_stages.py's
    20-46 page papers, 2026-12-05). Cycles are still collected, only in larger steps. The command line sets
    it, and each worker process it starts; the library leaves a host program's collector alone."""
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])


# ------------------------------------------------------------------------------------------ options


def add_input_output(parser: argparse.ArgumentParser, *, metavar: str, what: str, single: str) -> None:
    """The arguments every reading command shares: the paths, ``-o/--output`` and ``--pretty``."""
    parser.add_argument("paths", nargs="+", metavar=metavar, help=what)
    parser.add_argument("-o", "--output", metavar="FILE", type=Path,
                        help="write to FILE instead of stdout (replaced in one step, never half-written)")
    parser.add_argument("--pretty", action="store_true", help=f"indent the JSON ({single} only)")


def add_password(parser: argparse.ArgumentParser) -> None:
    """``--password``: the user password of encrypted PDFs (``$CITELENS_PDF_PASSWORD`` when not given, which
    keeps it out of the process list)."""
    parser.add_argument("--password", metavar="TEXT", default=os.environ.get("CITELENS_PDF_PASSWORD", ""),
                        help="open encrypted PDFs with this password (default: $CITELENS_PDF_PASSWORD)")


def add_text_only(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--text-only", action="store_true",
                        help="ignore the PDF's own bookmarks and link annotations; use its text alone")


#: Seconds one file may take before it is an error (``--timeout`` of ``analyze`` and ``batch``).
DEFAULT_TIMEOUT = 120.0


def add_timeout(parser: argparse.ArgumentParser, *, what: str) -> None:
    """``--timeout SECONDS``: a file taking longer is stopped and becomes ``what`` ("timed out after N s")."""
    parser.add_argument("--timeout", metavar="SECONDS", type=positive_float, default=DEFAULT_TIMEOUT,
                        help=f"a file taking longer is stopped and is {what} (default {DEFAULT_TIMEOUT:g})")


def positive_float(text: str) -> float:
    """argparse's ``type`` for a quantity that must be more than 0 (``--timeout``)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {text}")
    return value


def positive_int(text: str) -> int:
    """argparse's ``type`` for a count that must be 1 or more (``--jobs``, ``--workers``, ``--limit``)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return value


def check_batch(args: argparse.Namespace, *, single: str) -> bool:
    """Whether ``args.paths`` make a batch (several paths or a folder: JSON Lines); a usage error for
    ``--pretty`` in a batch and for an ``-o`` whose folder does not exist."""
    parser: argparse.ArgumentParser = args.parser
    paths = [Path(p) for p in args.paths]
    batch = len(paths) > 1 or any(p.is_dir() for p in paths)
    if batch and args.pretty:
        parser.error(f"--pretty needs {single}: a folder or several files give JSON Lines, one per line")
    if args.output is not None and not args.output.parent.is_dir():
        parser.error(f"cannot write {args.output}: no folder {args.output.parent}")
    return batch


# -------------------------------------------------------------------------------------------- files


def expand(paths: Sequence[Path], suffixes: Sequence[str], what: str) -> tuple[list[Path], int]:
    """Files to read, in order (each folder's files with one of ``suffixes``, searched recursively and sorted
    by path), and how many folders held none (each said on stderr: "no ``what`` files in this folder").
    A file named twice is read once, where first named; a missing file fails later, in its turn."""
    files: list[Path] = []
    empty = 0
    for path in paths:
        if path.is_dir():
            found = sorted((p for p in path.rglob("*") if p.suffix.lower() in suffixes and p.is_file()),
                           key=lambda p: p.parts)
            if not found:
                say(f"{path}: no {what} files in this folder")
                empty += 1
            files.extend(found)
        else:
            files.append(path)
    unique: dict[Path, Path] = {}
    for f in files:
        unique.setdefault(f.resolve(), f)
    return list(unique.values()), empty


def guarded(file: Path, work: Callable[[], T]) -> T | None:
    """``work()``, or None after one line on stderr saying why ``file`` gave nothing: citelens' own errors
    by their message, a file that cannot be read by its reason, anything else as an internal error."""
    try:
        return work()
    except Exception as exc:  # noqa: BLE001 - one bad file must not end the batch
        if os.environ.get("CITELENS_DEBUG") and not isinstance(exc, (CitelensError, OSError)):
            raise
        say(failure(file, exc))
    return None


def failure(file: Path, exc: Exception) -> str:
    """The line (without ``citelens:``) saying why ``file`` gave nothing, as :func:`guarded` says it."""
    if isinstance(exc, CitelensError):
        return about(file, str(exc))
    if isinstance(exc, OSError):
        return about(file, f"cannot read: {exc.strerror or exc}")
    return about(file, f"internal error: {type(exc).__name__}: {one_line(str(exc))}"
                       " (CITELENS_DEBUG=1 shows the traceback)")


# ------------------------------------------------------------------------------------------- stderr


def about(file: Path, message: str) -> str:
    """``FILE: message``; the adapter's errors already start with the file name."""
    message = one_line(message)
    return message if message.startswith(f"{file}:") else f"{file}: {message}"


def one_line(text: str) -> str:
    return " ".join(text.split())


def say(message: str) -> None:
    """``citelens: message`` on stderr, after clearing the progress line."""
    STATUS_LINE.clear()
    print(f"{PROG}: {message}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------------- output


def render(data: Any, *, pretty: bool = False) -> str:
    """One result as the commands print it: compact on one line, or indented with ``pretty``."""
    if pretty:
        return json.dumps(data, ensure_ascii=False, indent=2)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class Output:
    """Text sink writing UTF-8 whatever the locale: JSON is UTF-8 by definition (RFC 8259)."""

    def __init__(self, raw: IO[bytes]) -> None:
        self._raw = raw
        self.discard = False  # for a file: leave the target as it was

    def write(self, text: str) -> None:
        self._raw.write(text.encode("utf-8"))

    def flush(self) -> None:
        self._raw.flush()


@contextmanager
def output(path: Path | None) -> Iterator[Output]:
    """stdout, or a temporary file beside ``path`` renamed over it once everything is written."""
    if path is None:
        yield Output(sys.stdout.buffer)
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("wb") as f:
            out = Output(f)
            yield out
            f.flush()
            os.fsync(f.fileno())
        if not out.discard:
            os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


# ----------------------------------------------------------------------------------------- progress


class StatusLine:
    """The one ``\\r``-rewritten line on a terminal; cleared before any other stderr output."""

    def __init__(self) -> None:
        self.stream: TextIO | None = None
        self.width = 0

    def show(self, stream: TextIO, text: str) -> None:
        columns = shutil.get_terminal_size((80, 24)).columns - 1
        text = text[:columns]
        stream.write("\r" + text + " " * max(self.width - len(text), 0))
        stream.flush()
        self.stream, self.width = stream, len(text)

    def clear(self) -> None:
        if self.stream is not None and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
        self.width = 0


STATUS_LINE = StatusLine()


class Status:
    """Batch progress on stderr: a live bar on a terminal, one line per finished file otherwise."""

    BAR = 20

    def __init__(self, stream: TextIO, *, total: int, enabled: bool) -> None:
        self.stream = stream
        self.total = total
        self.enabled = enabled
        self.tty = enabled and stream.isatty()
        self.n = 0
        self.name = ""
        self.began = time.monotonic()
        self.file_began = self.began
        self.pages = 0

    def start(self, n: int, file: Path) -> None:
        self.n, self.name, self.pages = n, file.name, 0
        self.file_began = time.monotonic()
        if self.tty:
            self._draw("")

    def page(self, number: int, total: int) -> None:
        self.pages = total
        if self.tty:
            self._draw(f"page {number}/{total}")

    def _draw(self, detail: str) -> None:
        filled = round(self.BAR * (self.n - 1) / self.total) if self.total else self.BAR
        bar = "#" * filled + "-" * (self.BAR - filled)
        STATUS_LINE.show(self.stream, f"[{bar}] {self.n}/{self.total} {self.name} {detail}".rstrip())

    def done(self, file: Path, ok: bool) -> None:
        """One line per analysed file when stderr is no terminal; a failure has had its own line."""
        if not self.enabled or self.tty or not ok:
            return
        seconds = time.monotonic() - self.file_began
        print(f"{PROG}: [{self.n}/{self.total}] {file}: {self.pages} pages in {seconds:.1f} s",
              file=self.stream, flush=True)

    def summary(self, ok: int, failed: int) -> None:
        STATUS_LINE.clear()
        elapsed = time.monotonic() - self.began
        print(f"{PROG}: {ok} ok, {failed} failed in {elapsed:.1f} s", file=self.stream, flush=True)
