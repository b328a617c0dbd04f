"""``citelens batch``: many PDFs and XML/HTML articles analysed by ``dask.distributed``, written as Parquet tables.

Why Dask: it is the usual way Python spreads tasks from one machine to many, with nothing of ours to run on
the machines: a :class:`~distributed.LocalCluster` of worker processes by default, or the scheduler at
``--scheduler tcp://HOST:8786`` that the user started with ``dask scheduler`` / ``dask worker``. The workers
run :func:`citelens.batch.document.process` (so they need citelens installed and the input paths readable:
a shared filesystem on a cluster) and send back rows; only this process writes to ``OUT``
(:mod:`citelens.batch.tables`), a chunk at a time. A task whose worker dies is run again elsewhere (Dask's
own rescheduling, then ``retries``); a bad file is a ``documents`` row with its error.

Each task runs the analysis in a child process of its worker (:func:`citelens.batch.document.task`), so a
file running past ``options["timeout"]`` is stopped and is an error row, and the worker goes on.

Resumable: a run first tidies what an interrupted one left half-written, then skips every file already in
``documents`` with status ok, this citelens version and, for a PDF, this run's engine (an article's engine is
its format); a file whose rows there (of its bytes, or of its path) are all errors is analysed again, as is
a file read by another engine or version (its new rows join the old ones; ``documents.engine`` tells them
apart). A second copy of a file met in the same run is read once. Once its chunks are written, and again at
the start of the next run (if this one was stopped first), the error rows that a later row of the same file
supersedes are dropped (:func:`citelens.batch.tables.drop_superseded`): a file retried has one row, its latest.
"""

from __future__ import annotations

import logging
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from citelens import __version__
from citelens.adapters.pdftext import file_sha256
from citelens.batch import document, tables
from citelens.cli.common import DEFAULT_TIMEOUT

#: Documents buffered before their chunk is written, and the longest a finished document waits for it.
CHUNK_DOCUMENTS = 32
CHUNK_SECONDS = 30.0
#: Runs of a task after a failure of its own (a worker's death is rescheduled by Dask before these count).
RETRIES = 2


@dataclass
class Summary:
    ok: int = 0
    failed: int = 0
    skipped: int = 0
    retried: int = 0  # files whose earlier rows were errors, analysed again
    chunks: int = 0
    errors: list[tuple[str, str]] = field(default_factory=list)  # (file, message)


@contextmanager
def connect(*, scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A Dask client: of the scheduler at ``scheduler``, or of a new LocalCluster of ``workers`` processes
    with one thread each (the analysis is pure Python: threads would share one GIL), closed on exit."""
    from dask.distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as client:
            yield client
        return
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.CRITICAL) as cluster, Client(cluster) as client:
        yield client


@dataclass
class Plan:
    todo: list[tuple[Path, str]]  # the files to analyse with their SHA-256 ("": unreadable)
    skipped: int = 0  # already written
    retried: int = 0  # in todo, and the file (its bytes, or its path) gave only errors before


def plan(files: Sequence[Path], out: Path, engine: str, say: Callable[[str], None]) -> Plan:
    """What a run over ``files`` into ``out`` reads with the PDF ``engine``, and what it skips; a second copy
    of a file is said and read once."""
    rows = [r for r in tables.written(out) if r["citelens_version"] == __version__]
    done = {r["sha256"] for r in rows if r["status"] == "ok" and (r["kind"] != "pdf" or r["engine"] == engine)}
    ok = [r for r in rows if r["status"] == "ok"]
    errors = [r for r in rows if r["status"] != "ok"]
    # Failed before: these bytes, or the file at this path (since replaced), gave only errors.
    failed_bytes = {r["sha256"] for r in errors} - {r["sha256"] for r in ok}
    failed_paths = {r["file"] for r in errors} - {r["file"] for r in ok}
    first: dict[str, Path] = {}
    result = Plan([])
    for file in files:
        try:
            sha = file_sha256(file)
        except OSError:
            sha = ""  # process() reports it as the document's error
        if sha in done:
            result.skipped += 1
        elif sha in first:
            say(f"{file}: the same file as {first[sha]}: read once")
        else:
            if sha:
                first[sha] = file
            result.retried += sha in failed_bytes or str(file) in failed_paths
            result.todo.append((file, sha))
    return result


def run(files: Sequence[Path], out: Path, client: Any = None, *, scheduler: str | None = None,
        workers: int | None = None, options: dict[str, Any] | None = None,
        chunk_documents: int = CHUNK_DOCUMENTS, chunk_seconds: float = CHUNK_SECONDS,
        say: Callable[[str], None] = print, progress: bool = False) -> Summary:
    """Analyse ``files`` into ``out`` on ``client``'s cluster, or (None) on one :func:`connect` makes from
    ``scheduler`` or ``workers`` once there is something to do; what became of the files. ``options``: as
    :func:`citelens.batch.document.process` takes them, and ``timeout`` (seconds a file may take; default
    :data:`~citelens.cli.common.DEFAULT_TIMEOUT`, None: no limit). The engine is decided here, for every
    worker alike."""
    from citelens.cli.pdf import default_engine

    options = {"timeout": DEFAULT_TIMEOUT, **(options or {})}
    options["engine"] = options.get("engine") or default_engine()
    out.mkdir(parents=True, exist_ok=True)
    tables.tidy(out)
    tables.drop_superseded(out)
    todo = plan(files, out, options["engine"], say)
    summary = Summary(skipped=todo.skipped, retried=todo.retried)
    said = [f"{todo.skipped} done already (citelens {__version__}, PDFs by {options['engine']}): skipped"
            if todo.skipped else "", f"{todo.retried} failed before: retrying" if todo.retried else ""]
    if any(said):
        say(f"{out}: {'; '.join(s for s in said if s)}")
    if not todo.todo:
        return summary
    if client is None:
        with connect(scheduler=scheduler, workers=workers) as client:
            return _run(todo.todo, out, client, summary, options, chunk_documents, chunk_seconds, say, progress)
    return _run(todo.todo, out, client, summary, options, chunk_documents, chunk_seconds, say, progress)


def _run(todo: list[tuple[Path, str]], out: Path, client: Any, summary: Summary, options: dict[str, Any] | None,
         chunk_documents: int, chunk_seconds: float, say: Callable[[str], None], progress: bool) -> Summary:
    from dask.distributed import as_completed
    run_id = uuid.uuid4().hex[:8]
    futures = {client.submit(document.task, str(file), sha or None, options, retries=RETRIES, pure=False,
                             key=f"citelens-{run_id}-{n}-{sha[:12]}"): (file, sha)
               for n, (file, sha) in enumerate(todo)}
    bar = _bar(len(todo)) if progress else None
    buffer: list[dict[str, Any]] = []
    last = time.monotonic()

    def flush() -> None:
        nonlocal last
        if buffer:
            tables.write_chunk(out, tables.chunk_name(summary.chunks), buffer)
            summary.chunks += 1
            buffer.clear()
        last = time.monotonic()

    try:
        for future in as_completed(futures):
            file, sha = futures[future]
            try:
                result = future.result()
            except Exception as exc:  # noqa: BLE001 - a task that failed every try (KilledWorker...)
                result = _lost(file, sha, exc)
            row = result["documents"][0]
            if row["status"] == "ok":
                summary.ok += 1
            else:
                summary.failed += 1
                summary.errors.append((str(file), row["error"]))
                _say(bar, say, f"{file}: {row['error']}")
            buffer.append(result)
            future.release()
            if bar is not None:
                bar.update(1)
            if len(buffer) >= chunk_documents or time.monotonic() - last >= chunk_seconds:
                flush()
    finally:
        flush()  # what finished is written, also when interrupted
        tables.drop_superseded(out)  # then the error rows it replaces go
        if bar is not None:
            bar.close()
    return summary


def _lost(file: Path, sha: str, exc: BaseException) -> dict[str, Any]:
    """The rows of a document whose task never came back."""
    return document.failed(str(file), sha, f"the task failed on every try ({type(exc).__name__}: {exc})")


def _bar(total: int) -> Any:
    try:
        from tqdm import tqdm
    except ModuleNotFoundError:
        return None
    return tqdm(total=total, file=sys.stderr, unit="doc", dynamic_ncols=True, leave=False)


def _say(bar: Any, say: Callable[[str], None], message: str) -> None:
    if bar is None:
        say(message)
    else:
        with bar.external_write_mode(file=sys.stderr):
            say(message)
