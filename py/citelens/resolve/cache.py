"""Resolution results kept for 30 days, per DOI and per (text hash, entry index).

Keys (shared with web/analysis/resolver.js, which keeps the same keys in IndexedDB):

- ``doi:<doi>``          the result for a DOI, whichever paper cited it
- ``arxiv:<id>``         the same for an arXiv id
- ``entry:<text hash>:<index>``   the result for one entry of one paper (its text hash: ``analysis.source``)

Only results worth keeping are stored: resolved ones and "no match" (every step answered, none matched).
A rate limit, a network error or a timeout says nothing about the paper and is tried again next time.
A stored value is ``{"stored": <unix seconds>, "result": <Result JSON>}``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from citelens.resolve.record import Result

TTL_SECONDS = 30 * 24 * 3600

#: The reason of an unresolved result that may be cached (see :func:`cacheable`).
NO_MATCH = "no match"


class Cache(Protocol):
    def get(self, key: str) -> Result | None: ...

    def put(self, key: str, result: Result) -> None: ...


def entry_key(text_hash: str | None, index: Any) -> str | None:
    """>>> entry_key("c6035622be4e7c53384fe1b82222ba92", 55)
    'entry:c6035622be4e7c53384fe1b82222ba92:55'
    """
    return f"entry:{text_hash}:{index}" if text_hash and index is not None else None


def cacheable(result: Result) -> bool:
    return result.ok or result.reason == NO_MATCH


class MemoryCache:
    """A dict with the TTL; for tests and for one process."""

    def __init__(self, ttl: float = TTL_SECONDS, clock: Callable[[], float] = time.time) -> None:
        self.ttl, self.clock = ttl, clock
        self.items: dict[str, dict[str, Any]] = {}

    def get(self, key: str) -> Result | None:
        return fresh(self.items.get(key), self.ttl, self.clock())

    def put(self, key: str, result: Result) -> None:
        self.items[key] = {"stored": self.clock(), "result": result.to_json()}


def fresh(data: dict[str, Any] | None, ttl: float, now: float) -> Result | None:
    if not data or not isinstance(data.get("stored"), (int, float)) or now - data["stored"] > ttl:
        return None
    try:
        return Result.from_json(data["result"])
    except (KeyError, TypeError, ValueError):
        return None
