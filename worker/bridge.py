"""The Python half of the citelens worker: JSON string in, JSON string out.

``analyze``: the ``analyze_json`` request string the page posts. Output: ``(result, None, None)`` or
``(None, error name, error message)``; nothing is raised across into JavaScript, where a Python traceback
would arrive as one opaque ``PythonError``. The result is the analysis JSON plus ``"own_doi"``: the DOI the
paper names as its own (the request's ``"metadata"``, else the first page: :func:`citelens.resolve.own.own_doi`),
or null.

``resolve`` (a coroutine: JavaScript awaits it as a Promise): ``{"entry", "settings"}`` in, the Result JSON
out (:mod:`citelens.resolve`), always a Result: any failure is an unresolved one with its reason. Requests
go through ``pyodide.http.pyfetch``; one client per settings keeps each host's pace across entries.

``crossref_references`` (a coroutine): ``{"doi", "settings"}`` in, Crossref's deposited reference list of
that paper out (:func:`citelens.resolve.own.crossref_list`: ``{"doi", "status": "ok" | "none" | "failed",
"entries", "reason", "http_status"}``), through the same clients; never an exception.

pdf.js knows a font's PostScript name but not its style, so the page sends every font as
``[name, false, false]`` and the style is decided here by :func:`citelens.fonts.classify_font`, the same
function the pdfminer adapter uses: both adapters see bold headings alike, and no regex lives in JS.
"""

from __future__ import annotations

import json
from typing import Any

from citelens import ids
from citelens.fonts import classify_font
from citelens.pipeline import analyze_json


def analyze(payload: str) -> tuple[str | None, str | None, str | None]:
    """``analyze_json`` with font styles filled in and ``own_doi`` added; an exception becomes its class
    name and message.

    >>> analyze("not json")[1]
    'InputError'
    """
    try:
        request, doi = _prepare(payload)
        result = analyze_json(request)
        # The analysis is one JSON object: its closing brace makes room for one more key.
        return f"{result[:-1]},\"own_doi\":{json.dumps(doi)}}}", None, None
    except Exception as exc:  # noqa: BLE001 - every failure must travel back as {name, message}
        return None, type(exc).__name__, str(exc)


def _prepare(payload: str) -> tuple[str, str | None]:
    """The request with font styles set (:func:`classify_fonts`), and the paper's own DOI, from one parse of
    the request (it holds every page's text: parsing it twice would cost as much as the analysis itself)."""
    try:
        request: Any = json.loads(payload)
        pages = request["document"]["pages"]
        iter(pages)
    except (ValueError, KeyError, TypeError):
        return payload, None
    for page in pages:
        fonts = page.get("fonts") if isinstance(page, dict) else None
        if isinstance(fonts, list):
            page["fonts"] = [_styled(f) for f in fonts]
    return json.dumps(request, ensure_ascii=False, separators=(",", ":")), _own_doi(pages, request.get("metadata"))


def _own_doi(pages: Any, metadata: Any) -> str | None:
    from citelens.model import Document, Page
    from citelens.resolve.own import own_doi

    try:
        first = Document((Page.from_json(pages[0]),)) if pages else None
    except (KeyError, TypeError, ValueError, IndexError):
        first = None  # analyze_json rejects a malformed page with its own message
    return own_doi(first, metadata if isinstance(metadata, dict) else None)


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


def classify_fonts(payload: str) -> str:
    """The request with each font's bold/italic flags set from its name (flags already true stay true).

    A request that is not shaped as expected is returned unchanged, for ``analyze_json`` to reject it.

    >>> json.loads(classify_fonts('{"document": {"pages": [{"fonts": [["CMBX12", false, false]]}]}}'))
    {'document': {'pages': [{'fonts': [['CMBX12', True, False]]}]}}
    """
    return _prepare(payload)[0]


def _styled(font: Any) -> Any:
    if not isinstance(font, list) or len(font) != 3 or not isinstance(font[0], str):
        return font
    bold, italic = classify_font(font[0])
    return [font[0], bool(font[1]) or bold, bool(font[2]) or italic]
