"""How the resolver talks to the network: a :class:`Transport` does one plain GET; a
:class:`Client` makes it polite and bounded.

Transports (injected, so the chain runs the same under the CLI, in Pyodide and in tests) live at the
edge, in :mod:`citelens.adapters.http`: ``urllib`` for the CLI, Pyodide's ``pyfetch`` for the worker. Tests
replay the recorded responses of ``../shared/api-fixtures`` through the same protocol.

:class:`Client` adds, per host: pacing and a concurrency cap (:class:`~citelens.params.HostLimits`);
retries with exponential backoff on 429 and 503 (honouring ``Retry-After``) and, fewer, on requests that
got no response; a per-request timeout; a deadline for the whole entry; and a cool-down after a host has
refused us (or stayed unreachable) through every retry, so the next entries give up at once instead of
hammering it. Every way a request can fail ends in a :class:`FetchError` with a reason for people;
nothing waits for ever.

Clock and sleep are injected (``clock=time.monotonic``, ``sleep=asyncio.sleep``) so tests of the waits do
not wait.
"""

from __future__ import annotations

import asyncio
import email.utils
import enum
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import urlsplit

from citelens.resolve.settings import PARAMS, ResolveParams, Settings


@dataclass(frozen=True, slots=True)
class Response:
    """An HTTP response as the resolver needs it: header names in lower case, the body as text."""

    url: str
    status: int
    headers: Mapping[str, str] = field(default_factory=dict)
    body: str = ""


class TransportError(OSError):
    """The request got no HTTP response: DNS, refused connection, reset, CORS refusal (opaque), timeout."""


class Transport(Protocol):
    #: True when a failure cannot be told apart from a refusal (a browser's fetch TypeError).
    opaque_errors: bool

    async def get(self, url: str, timeout: float) -> Response:
        """One GET; raises :class:`TransportError` (or TimeoutError) when no response arrives."""
        ...


class FailureKind(enum.StrEnum):
    RATE_LIMITED = "rate_limited"
    NETWORK = "network"
    TIMEOUT = "timeout"


class FetchError(Exception):
    """A request that failed for good; ``str(error)`` is the reason shown to people."""

    def __init__(self, kind: FailureKind, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind


#: How each host is named in reasons ("rate limited by Semantic Scholar").
HOST_NAMES = {"api.crossref.org": "Crossref", "api.semanticscholar.org": "Semantic Scholar",
              "api.datacite.org": "DataCite", "api.openalex.org": "OpenAlex"}

#: Statuses worth another try after a wait.
RETRY_STATUSES = frozenset({429, 503})


@dataclass
class _Host:
    limits_interval: float
    semaphore: asyncio.Semaphore
    next_start: float = 0.0
    cooldown_until: float = 0.0
    cooldown: FetchError | None = None


class Client:
    """Polite, bounded GETs over a :class:`Transport`; one per process, shared by every entry."""

    def __init__(self, transport: Transport, *, settings: Settings | None = None,
                 params: ResolveParams = PARAMS, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
                 wall: Callable[[], float] = time.time) -> None:
        self.transport = transport
        self.settings = settings or Settings()
        self.params = params
        self.clock = clock
        self.sleep = sleep
        self.wall = wall
        self._hosts: dict[str, _Host] = {}
        #: Every URL handed to the transport, in order (retries included): what the CLI reports.
        self.requested: list[str] = []

    def _host(self, host: str) -> _Host:
        state = self._hosts.get(host)
        if state is None:
            limits = self.params.limits(host, self.settings)
            state = self._hosts[host] = _Host(limits.interval, asyncio.Semaphore(limits.concurrency))
        return state

    async def get(self, url: str, *, deadline: float | None = None) -> Response:
        """The response to ``url`` (any status but a retried 429/503), or :class:`FetchError`.

        ``deadline`` is a time on ``clock`` past which nothing more is started or waited for.
        """
        host = urlsplit(url).hostname or ""
        name = HOST_NAMES.get(host, host)
        state = self._host(host)
        if state.cooldown is not None and self.clock() < state.cooldown_until:
            raise FetchError(state.cooldown.kind, str(state.cooldown))
        attempt = 0
        while True:
            async with state.semaphore:
                await self._wait_until(state.next_start, deadline)
                state.next_start = self.clock() + state.limits_interval
                failure: FetchError | None = None
                response: Response | None = None
                try:
                    response = await self._once(url, deadline)
                except FetchError as error:
                    failure = error
            if response is not None and response.status not in RETRY_STATUSES:
                return response
            if failure is not None and failure.kind is FailureKind.TIMEOUT:
                raise failure
            if response is not None:
                failure = FetchError(FailureKind.RATE_LIMITED, f"rate limited by {name}"
                                     if response.status == 429 else f"{name} is unavailable (HTTP 503)")
                delay = self._retry_after(response)
            else:
                assert failure is not None
                delay = None
                if self.transport.opaque_errors and host == "api.semanticscholar.org":
                    # Its 429s carry no Access-Control-Allow-Origin: in a browser they are this error.
                    failure = FetchError(FailureKind.RATE_LIMITED, f"rate limited by {name} (or unreachable)")
            if delay is None:
                delay = min(self.params.backoff_base * 2 ** attempt, self.params.backoff_max)
            retries = self.params.retries if response is not None else self.params.network_retries
            if attempt >= retries or delay > self.params.max_retry_after:
                # Refused or unreachable through every retry: the next entries give up at once for a while.
                state.cooldown_until = self.clock() + self.params.backoff_max
                state.cooldown = failure
                raise failure
            attempt += 1
            state.next_start = max(state.next_start, self.clock() + delay)

    async def _once(self, url: str, deadline: float | None) -> Response:
        timeout = self.params.timeout
        if deadline is not None:
            timeout = min(timeout, deadline - self.clock())
            if timeout <= 0:
                raise FetchError(FailureKind.TIMEOUT, "timed out")
        self.requested.append(url)
        try:
            return await asyncio.wait_for(self.transport.get(url, timeout), timeout)
        except TimeoutError:
            raise FetchError(FailureKind.TIMEOUT, "timed out") from None
        except OSError as error:  # TransportError, urllib's URLError, pyodide's AbortError
            raise FetchError(FailureKind.NETWORK, f"network error: {error}") from None

    async def _wait_until(self, when: float, deadline: float | None) -> None:
        now = self.clock()
        if deadline is not None and max(when, now) >= deadline:
            raise FetchError(FailureKind.TIMEOUT, "timed out")
        if when > now:
            await self.sleep(when - now)

    def _retry_after(self, response: Response) -> float | None:
        """Seconds from ``Retry-After`` (a number or an HTTP date), or None when absent or unreadable.

        >>> c = Client(None, wall=lambda: 1_700_000_000.0)  # type: ignore[arg-type]
        >>> c._retry_after(Response("u", 429, {"retry-after": "7"}))
        7.0
        >>> c._retry_after(Response("u", 429, {"retry-after": "Tue, 14 Nov 2023 22:13:30 GMT"}))
        10.0
        >>> c._retry_after(Response("u", 429, {})) is None
        True
        """
        value = (response.headers.get("retry-after") or "").strip()
        if not value:
            return None
        try:
            return max(float(value), 0.0)
        except ValueError:
            pass
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        return max(when.timestamp() - self.wall(), 0.0)
