"""The Python half of the citelens worker: one call per analysis, JSON string in, JSON string out.

Input: the ``analyze_json`` request string the page posts. Output: ``(result, None, None)`` or
``(None, error name, error message)``; nothing is raised across into JavaScript, where a Python traceback
would arrive as one opaque ``PythonError``.

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
