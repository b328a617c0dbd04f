"""The Python half of the citelens worker: JSON string in, JSON string out.

``analyze``: the ``analyze_json`` request string the page posts. Output: ``(result, None, None)`` or
``(None, error name, error message)``; nothing is raised across into JavaScript, where a Python traceback
would arrive as one opaque ``PythonError``.

``resolve`` (a coroutine: JavaScript awaits it as a Promise): ``{"entry", "settings"}`` in, the Result JSON
out (:mod:`citelens.resolve`), always a Result: any failure is an unresolved one with its reason. Requests
go through ``pyodide.http.pyfetch``; one client per settings keeps each host's pace across entries.

pdf.js knows a font's PostScript name but not its style, so the page sends every font as
``[name, false, false]`` and the style is decided here by :func:`citelens.fonts.classify_font`, the same
function the pdfminer adapter uses: both adapters see bold headings alike, and no regex lives in JS.
"""

from __future__ import annotations

import json
from typing import Any

from citelens.fonts import classify_font
from citelens.pipeline import analyze_json


def analyze(payload: str) -> tuple[str | None, str | None, str | None]:
    """``analyze_json`` with font styles filled in; an exception becomes its class name and message.

    >>> analyze("not json")[1]
    'InputError'
    """
    try:
        return analyze_json(classify_fonts(payload)), None, None
    except Exception as exc:  # noqa: BLE001 - every failure must travel back as {name, message}
        return None, type(exc).__name__, str(exc)


_CLIENTS: dict[tuple[str | None, ...], Any] = {}


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
        from citelens.resolve import Client, Settings
        from citelens.resolve import resolve as resolve_entry
        from citelens.resolve.transport import FetchTransport

        settings = Settings.from_json(request.get("settings"))
        key = (settings.mailto, settings.openalex_key, settings.s2_key, str(id(transport)))
        client = _CLIENTS.get(key)
        if client is None:
            client = _CLIENTS[key] = Client(transport or FetchTransport(), settings=settings)
        result = await resolve_entry(entry, client, settings)
        return json.dumps(result.to_json(), ensure_ascii=False, separators=(",", ":"))
    except Exception as exc:  # noqa: BLE001 - the page gets a Result whatever happens here
        return _unresolved(f"internal error: {type(exc).__name__}: {exc}")


def _unresolved(reason: str) -> str:
    return json.dumps({"status": "unresolved", "reason": reason, "tried": []})


def classify_fonts(payload: str) -> str:
    """The request with each font's bold/italic flags set from its name (flags already true stay true).

    A request that is not shaped as expected is returned unchanged, for ``analyze_json`` to reject it.

    >>> json.loads(classify_fonts('{"document": {"pages": [{"fonts": [["CMBX12", false, false]]}]}}'))
    {'document': {'pages': [{'fonts': [['CMBX12', True, False]]}]}}
    """
    try:
        request: Any = json.loads(payload)
        pages = request["document"]["pages"]
        iter(pages)
    except (ValueError, KeyError, TypeError):
        return payload
    for page in pages:
        fonts = page.get("fonts") if isinstance(page, dict) else None
        if isinstance(fonts, list):
            page["fonts"] = [_styled(f) for f in fonts]
    return json.dumps(request, ensure_ascii=False, separators=(",", ":"))


def _styled(font: Any) -> Any:
    if not isinstance(font, list) or len(font) != 3 or not isinstance(font[0], str):
        return font
    bold, italic = classify_font(font[0])
    return [font[0], bool(font[1]) or bold, bool(font[2]) or italic]
