"""The resolver's cache on disk: one JSON file per key (the CLI's ``--cache-dir``); the entry format and the
30-day freshness rule are :mod:`citelens.resolve.cache`'s."""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from citelens.resolve.cache import TTL_SECONDS, fresh
from citelens.resolve.record import Result


class DirectoryCache:
    """One JSON file per key under a folder (the CLI's ``--cache-dir``; default ~/.cache/citelens/resolve).

    File names are the SHA-256 of the key, so any DOI is a safe name. Writes go to a temporary file renamed
    into place: a reader never sees half a file. An unreadable file counts as a miss.
    """

    def __init__(self, folder: Path, ttl: float = TTL_SECONDS, clock: Callable[[], float] = time.time) -> None:
        self.folder, self.ttl, self.clock = Path(folder), ttl, clock

    def _path(self, key: str) -> Path:
        digest = hashlib.sha256(key.encode("utf-8")).hexdigest()
        return self.folder / digest[:2] / f"{digest}.json"

    def get(self, key: str) -> Result | None:
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        return fresh(data, self.ttl, self.clock())

    def put(self, key: str, result: Result) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"key": key, "stored": self.clock(), "result": result.to_json()},
                                  ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
