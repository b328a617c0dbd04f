"""One function over many items in worker processes, results in input order, each item under a timeout.

:func:`imap` is what ``citelens analyze --jobs N`` runs on. Why not :class:`concurrent.futures.ProcessPoolExecutor`:
it cannot stop a call that hangs (its worker keeps the slot for ever) and one worker that dies breaks the whole
pool. Here each worker process serves one item at a time over its own pipe; an item past its timeout gets its
worker killed and replaced, a worker that dies (a crash in a C library, the OOM killer) costs only the item it
held, and the next items go on. Workers start with the ``spawn`` method (no fork of a process holding threads or
open files; the same on Linux, macOS and Windows), so ``work`` and ``warm_up`` must be importable module-level
functions and items and results picklable. A worker calls ``warm_up()`` (imports) before it says it is ready,
so an item's clock starts when a warm worker receives it.

:class:`Sandbox` is the same worker for a caller that may not start ``multiprocessing`` children (a Dask
worker is a daemonic process): one child interpreter started with :mod:`subprocess`, serving calls one at a
time over its stdin and stdout (pickles), killed and replaced when a call runs past its timeout or kills it.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
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
    timed_out: bool = False  # the error is the timeout's


def _timed_out(index: int, item: T, timeout: float | None) -> Outcome[T, Any]:
    return Outcome(index, item, error=f"timed out after {timeout:g} s", timed_out=True)


def _died(index: int, item: T, code: int | None) -> Outcome[T, Any]:
    return Outcome(index, item, error=f"the worker process died (exit code {code})")


def _answer(index: int, item: T, ok: bool, value: Any) -> Outcome[T, Any]:
    """The Outcome of a worker's (index, ok, result or traceback) reply."""
    return Outcome(index, item, result=value) if ok else Outcome(index, item, error=value)


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

    def drop(w: _Worker, outcome: Callable[[int, T], Outcome[T, R]]) -> None:
        """Stop ``w``, record ``outcome`` of the item it held, start a fresh worker if items still wait."""
        if w.task is not None:
            done[w.task] = outcome(w.task, pending[w.task][1])
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
                    code = w.process.exitcode
                    drop(w, lambda index, item, code=code: _died(index, item, code))
                    continue
                if message == _READY:
                    w.ready = True
                    continue
                index, ok, value = message
                done[index] = _answer(index, pending[index][1], ok, value)
                w.task = None
            now = time.monotonic()
            for w in [w for w in workers if w.task is not None and now >= w.deadline]:
                drop(w, lambda index, item: _timed_out(index, item, timeout))
            while due in done:
                yield done.pop(due)
                due += 1
    finally:
        for w in workers:
            w.stop(kill=w.task is not None or not w.ready)


class _Pipe:
    """``send``/``recv`` of whole pickles over two byte streams (what :func:`_serve` needs of a connection)."""

    def __init__(self, reader: Any, writer: Any) -> None:
        self.reader, self.writer = reader, writer

    def send(self, obj: Any) -> None:
        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)  # all or nothing: no half pickle on failure
        self.writer.write(data)
        self.writer.flush()

    def recv(self) -> Any:
        return pickle.load(self.reader)  # EOFError once the other side closed


_EOF = object()


def _child() -> None:
    """A :class:`Sandbox` child: (work, warm_up) first, then :func:`_serve`. Its protocol stream is a copy of
    fd 1; fd 1 itself goes to stderr, so what a library prints cannot corrupt it. It exits when its parent
    dies, even mid-item (the parent's timeout would have stopped it)."""
    protocol = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    parent = os.getppid()

    def orphaned() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    if os.name == "posix":
        threading.Thread(target=orphaned, daemon=True).start()
    pipe = _Pipe(sys.stdin.buffer, protocol)
    work, warm_up = pipe.recv()
    _serve(pipe, work, warm_up)


class Sandbox(Generic[T, R]):
    """``work(item)`` in a child process, one call at a time, each under a timeout that stops it: the child
    is killed and the next call starts a fresh one. The child starts on the first call (``warm_up()`` runs
    before that call's clock starts) and serves the next ones; :meth:`close` ends it. Not for several threads
    at once: give each thread its own."""

    def __init__(self, work: Callable[[T], R], warm_up: Callable[[], Any] | None = None) -> None:
        self.work, self.warm_up = work, warm_up
        self._proc: subprocess.Popen[bytes] | None = None
        self._pipe: _Pipe | None = None
        self._messages: queue.Queue[Any] = queue.Queue()
        self._reader: threading.Thread | None = None

    def _start(self) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-c", "from citelens.batch.pool import _child; _child()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)})
        self._pipe = _Pipe(self._proc.stdout, self._proc.stdin)
        self._messages = queue.Queue()
        self._reader = threading.Thread(target=self._read, args=(self._pipe, self._messages), daemon=True)
        self._reader.start()
        self._pipe.send((self.work, self.warm_up))
        if self._messages.get() != _READY:
            code = self._stop()
            raise RuntimeError(f"the sandbox process failed to start (exit code {code})")

    @staticmethod
    def _read(pipe: _Pipe, messages: queue.Queue[Any]) -> None:
        """The child's messages into ``messages``, then _EOF (it ends when the child's stdout closes)."""
        try:
            while True:
                messages.put(pipe.recv())
        except Exception:  # noqa: BLE001 - EOF, or the half pickle of a child killed mid-write
            pass
        messages.put(_EOF)

    def call(self, item: T, timeout: float | None) -> Outcome[T, R]:
        """``work(item)``'s result, or an Outcome with ``error``: a traceback, "timed out after N s", or the
        child's death."""
        if self._proc is None:
            self._start()
        assert self._pipe is not None
        try:
            self._pipe.send((0, item))
        except OSError:
            return _died(0, item, self._stop())
        try:
            message = self._messages.get(timeout=timeout)
        except queue.Empty:
            self._stop()
            return _timed_out(0, item, timeout)
        if message is _EOF:
            return _died(0, item, self._stop())
        _, ok, value = message
        return _answer(0, item, ok, value)

    def _stop(self) -> int | None:
        """Kill the child and wait for it and its reader; its exit code."""
        proc, self._proc = self._proc, None
        if proc is None:
            return None
        proc.kill()
        code = proc.wait()
        for stream in (proc.stdin, proc.stdout):
            try:
                stream.close()  # type: ignore[union-attr]
            except OSError:
                pass
        if self._reader is not None:
            self._reader.join()
        return code

    def close(self) -> None:
        """End the child: asked first (EOF on its stdin), killed if it does not go within 5 s."""
        proc = self._proc
        if proc is None:
            return
        try:
            proc.stdin.close()  # type: ignore[union-attr]
            proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self._stop()
