"""The Python half of the citelens worker: JSON string in, JSON string out.

``analyze``: :func:`citelens.pipeline.analyze_json` on the request string the page posts, the documented
entry point itself (font styles, the paper's ``own_doi``: all decided in the pipeline). Output:
``(result, None, None)`` or ``(None, error name, error message)``; nothing is raised across into JavaScript,
where a Python traceback would arrive as one opaque ``PythonError``.

``resolve`` (a coroutine: JavaScript awaits it as a Promise): ``{"entry", "settings"}`` in, the Result JSON
out (:mod:`citelens.resolve`), always a Result: any failure is an unresolved one with its reason. Requests
go through ``pyodide.http.pyfetch``; one client per settings keeps each host's pace across entries.

``crossref_references`` (a coroutine): ``{"doi", "settings"}`` in, Crossref's deposited reference list of
that paper out (:func:`citelens.resolve.own.crossref_list`: ``{"doi", "status": "ok" | "none" | "failed",
"entries", "reason", "http_status"}``), through the same clients; never an exception.
"""

from __future__ import annotations

import json
from typing import Any

from citelens import ids
from citelens.pipeline import analyze_json


def analyze(payload: str) -> tuple[str | None, str | None, str | None]:
    """``analyze_json(payload)``; an exception becomes its class name and message.

    >>> analyze("not json")[1]
    'InputError'
    """
    try:
        return analyze_json(payload), None, None
    except Exception as exc:  # noqa: BLE001 - every failure must travel back as {name, message}
        return None, type(exc).__name__, str(exc)


_CLIENTS: dict[tuple[str | None, ...], Any] = {}


def _client(settings: Any, transport: Any) -> Any:
    """One client per settings (and transport): each API host keeps its pace across every request."""
    from citelens.resolve import Client
    from citelens.adapters.http import FetchTransport

    key = (settings.mailto, settings.openalex_key, settings.s2_key, str(id(transport)))
    client = _CLIENTS.get(key)
    if client is None:
        client = _CLIENTS[key] = Client(transport or FetchTransport(), settings=settings)
    return client


async def resolve(payload: str, transport: Any = None) -> str:
    """The Result JSON for ``{"entry": <analysis reference>, "settings": {mailto, openalexKey, s2Key}}``.

    ``transport`` defaults to the browser's fetch; tests give a replay of recorded responses.

    >>> import asyncio; json.loads(asyncio.run(resolve("not json")))["reason"]
    'bad request: the payload is not JSON'
    """
    try:
        request = json.loads(payload)
    except ValueError:
        return _unresolved("bad request: the payload is not JSON")
    entry = request.get("entry") if isinstance(request, dict) else None
    if not isinstance(entry, dict):
        return _unresolved("bad request: no entry")
    try:
        from citelens.resolve import Settings
        from citelens.resolve import resolve as resolve_entry

        settings = Settings.from_json(request.get("settings"))
        result = await resolve_entry(entry, _client(settings, transport), settings)
        return json.dumps(result.to_json(), ensure_ascii=False, separators=(",", ":"))
    except Exception as exc:  # noqa: BLE001 - the page gets a Result whatever happens here
        return _unresolved(f"internal error: {type(exc).__name__}: {exc}")


async def crossref_references(payload: str, transport: Any = None) -> str:
    """Crossref's reference list for ``{"doi": <the paper's own DOI>, "settings": {...}}``, as JSON.

    >>> import asyncio; json.loads(asyncio.run(crossref_references('{"doi": "no doi"}')))["reason"]
    'bad request: no DOI'
    """
    try:
        request = json.loads(payload)
    except ValueError:
        request = None
    doi = ids.doi(request.get("doi")) if isinstance(request, dict) else None
    if doi is None:
        return _no_list(None, "bad request: no DOI")
    try:
        from citelens.resolve import Settings
        from citelens.resolve.own import crossref_list

        settings = Settings.from_json(request.get("settings"))
        found = await crossref_list(_client(settings, transport), doi, settings)
        return json.dumps(found.to_json(), ensure_ascii=False, separators=(",", ":"))
    except Exception as exc:  # noqa: BLE001 - the page gets an answer whatever happens here
        return _no_list(doi, f"internal error: {type(exc).__name__}: {exc}")


def _no_list(doi: str | None, reason: str) -> str:
    return json.dumps({"doi": doi, "status": "failed", "entries": [], "reason": reason, "http_status": None})


def _unresolved(reason: str) -> str:
    return json.dumps({"status": "unresolved", "reason": reason, "tried": []})
