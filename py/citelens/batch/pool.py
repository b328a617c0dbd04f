"""One function over many items in worker processes, results in input order, each item under a timeout.

:func:`imap` is what ``citelens analyze --jobs N`` runs on. Why not :class:`concurrent.futures.ProcessPoolExecutor`:
it cannot stop a call that hangs (its worker keeps the slot for ever) and one worker that dies breaks the whole
pool. Here each worker process serves one item at a time over its own pipe; an item past its timeout gets its
worker killed and replaced, a worker that dies (a crash in a C library, the OOM killer) costs only the item it
held, and the next items go on. Workers start with the ``spawn`` method (no fork of a process holding threads or
open files; the same on Linux, macOS and Windows), so ``work`` and ``warm_up`` must be importable module-level
functions and items and results picklable. A worker calls ``warm_up()`` (imports) before it says it is ready,
so an item's clock starts when a warm worker receives it.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

_READY = "ready"


@dataclass(frozen=True, slots=True)
class Outcome(Generic[T, R]):
    """What became of one item: its ``result``, or ``error`` (a timeout, a dead worker, a traceback)."""

    index: int
    item: T
    result: R | None = None
    error: str | None = None


def _serve(conn: Connection, work: Callable[[Any], Any], warm_up: Callable[[], Any] | None) -> None:
    """A worker's loop: (index, item) in, (index, ok, result or traceback text) out; None ends it. Ctrl-C is
    the parent's to handle (it stops the workers), so a worker ignores it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if warm_up is not None:
        warm_up()
    conn.send(_READY)
    while True:
        try:
            task = conn.recv()
        except EOFError:
            return
        if task is None:
            return
        index, item = task
        try:
            conn.send((index, True, work(item)))
        except BaseException:  # noqa: BLE001 - reported for this item; the worker serves the next one
            conn.send((index, False, traceback.format_exc()))


class _Worker:
    def __init__(self, ctx: Any, work: Callable[[Any], Any], warm_up: Callable[[], Any] | None) -> None:
        self.conn, child = ctx.Pipe(duplex=True)
        self.process = ctx.Process(target=_serve, args=(child, work, warm_up), daemon=True)
        self.process.start()
        child.close()
        self.ready = False
        self.task: int | None = None  # the index of the item it holds
        self.deadline = 0.0

    def stop(self, *, kill: bool = False) -> None:
        if kill:
            self.process.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                pass
        self.process.join(timeout=None if kill else 5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


def imap(work: Callable[[T], R], items: Iterable[T], *, jobs: int, timeout: float | None,
         warm_up: Callable[[], Any] | None = None) -> Iterator[Outcome[T, R]]:
    """``work(item)`` for each item in ``jobs`` spawned processes, yielded in input order as each becomes
    the next one due. An item running longer than ``timeout`` seconds (None: no limit) is an Outcome with
    an error and its worker is replaced (while items wait), as is a worker that dies. Closing the iterator
    stops the workers."""
    pending = list(enumerate(items))
    if not pending:
        return
    ctx = multiprocessing.get_context("spawn")
    workers = [_Worker(ctx, work, warm_up) for _ in range(max(1, min(jobs, len(pending))))]
    done: dict[int, Outcome[T, R]] = {}
    given = 0  # items handed to a worker so far (pending[given:] wait)
    due = 0  # the next index to yield

    def drop(w: _Worker, error: str) -> None:
        """Stop ``w``, record ``error`` for the item it held, start a fresh worker if items still wait."""
        if w.task is not None:
            done[w.task] = Outcome(w.task, pending[w.task][1], error=error)
            w.task = None
        w.stop(kill=True)
        workers.remove(w)
        if given < len(pending):
            workers.append(_Worker(ctx, work, warm_up))

    try:
        while due < len(pending):
            for w in workers:
                if w.ready and w.task is None and given < len(pending):
                    w.conn.send(pending[given])
                    w.task, given = given, given + 1
                    w.deadline = time.monotonic() + timeout if timeout is not None else float("inf")
            deadlines = [w.deadline for w in workers if w.task is not None and w.deadline != float("inf")]
            wait_for = max(0.0, min(deadlines) - time.monotonic()) if deadlines else None
            for conn in wait([w.conn for w in workers], timeout=wait_for):
                w = next(w for w in workers if w.conn is conn)
                try:
                    message = conn.recv()
                except (EOFError, OSError):
                    w.process.join(1)
                    if not w.ready:  # it died starting: a new one would too
                        raise RuntimeError(f"a worker process failed to start (exit code {w.process.exitcode})")
                    drop(w, f"the worker process died (exit code {w.process.exitcode})")
                    continue
                if message == _READY:
                    w.ready = True
                    continue
                index, ok, value = message
                done[index] = (Outcome(index, pending[index][1], result=value) if ok
                               else Outcome(index, pending[index][1], error=value))
                w.task = None
            now = time.monotonic()
            for w in [w for w in workers if w.task is not None and now >= w.deadline]:
                drop(w, f"timed out after {timeout:g} s")
            while due in done:
                yield done.pop(due)
                due += 1
    finally:
        for w in workers:
            w.stop(kill=w.task is not None or not w.ready)
