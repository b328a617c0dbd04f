"""The recipe: a Document in, an Analysis out, every stage composed here and nowhere else.

Stages take plain data and return new plain data; this module decides their order, what the
``--text-only`` switch removes, and which diagnostics the document as a whole earns.
:func:`analyze_json` is the ``str -> str`` entry point the Pyodide worker calls.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from citelens.layout import body_font_size, page_lines, text_map
from citelens.model import (
    SCHEMA_VERSION,
    Analysis,
    Diagnostic,
    DiagnosticCode,
    Document,
    InputError,
    OutlineItem,
    OutlineSource,
    Page,
    Source,
)
from citelens.outline import detect_outline, outline_from_bookmarks
from citelens.params import PARAMS, Params


def text_hash(pages: Iterable[Page]) -> str:
    """First 16 bytes (hex) of SHA-256 over the page texts: items joined by "\\n", pages by "\\f".

    The browser computes the same over the items it posts, so a paper re-downloaded under another
    name finds its cached analysis.

    >>> text_hash([])
    'e3b0c44298fc1c149afbf4c8996fb924'
    """
    h = hashlib.sha256()
    for n, page in enumerate(pages):
        if n:
            h.update(b"\f")
        h.update("\n".join(item.text for item in page.items).encode("utf-8"))
    return h.hexdigest()[:32]


def text_layer_diagnostics(document: Document, params: Params = PARAMS) -> list[Diagnostic]:
    """``no_text_layer`` for a scanned or empty document, ``empty_page`` for blank pages of a real one."""
    text = " ".join(item.text for page in document.pages for item in page.items)
    chars = len("".join(text.split()))
    words = len(text.split())
    if chars < params.text_layer.min_chars or words < params.text_layer.min_words:
        return [Diagnostic(
            DiagnosticCode.NO_TEXT_LAYER,
            f"no usable text layer ({chars} characters, {words} words in {len(document.pages)} pages): "
            "a scanned PDF? Run OCR first (e.g. ocrmypdf) to link its citations",
        )]
    return [Diagnostic(DiagnosticCode.EMPTY_PAGE, f"page {page.number} has no text", page.number)
            for page in document.pages if not any(item.text.strip() for item in page.items)]


def analyze(
    document: Document,
    *,
    source: Source | None = None,
    text_only: bool = False,
    diagnostics: Iterable[Diagnostic] = (),
    params: Params = PARAMS,
) -> Analysis:
    """Run every stage on ``document``. ``text_only`` ignores the PDF's own bookmarks and links."""
    if text_only:
        document = document.without_pdf_structure()
    diags = list(diagnostics) + text_layer_diagnostics(document, params)
    body = body_font_size(document.pages)
    lines = {page.number: page_lines(page, params=params.layout) for page in document.pages}
    tm = text_map(document.pages, lines, params.layout)
    outline: tuple[OutlineItem, ...] = ()
    outline_source = OutlineSource.NONE
    if document.bookmarks:
        outline = outline_from_bookmarks(document.bookmarks)
        outline_source = OutlineSource.BOOKMARKS
    if not outline and body is not None:
        outline = detect_outline(document.pages, body, params.outline, params.layout, lines)
        outline_source = OutlineSource.DETECTED if outline else OutlineSource.NONE
    if source is None:
        source = Source()
    if source.text_hash is None:
        source = Source(source.file, source.sha256, text_hash(document.pages))
    return Analysis(
        source=source,
        pages=document.pages,
        body_font_size=body,
        outline_source=outline_source,
        outline=outline,
        diagnostics=tuple(diags),
    )


def analyze_json(payload: str) -> str:
    """Worker entry point: ``{"document": {...}, "options": {"text_only": false}}`` → analysis JSON.

    Raises :class:`~citelens.model.InputError` on malformed input; the worker sends it back as
    ``{name, message}``.
    """
    try:
        request: Any = json.loads(payload)
    except json.JSONDecodeError as exc:
        raise InputError(f"request is not JSON: {exc}") from exc
    if not isinstance(request, dict) or "document" not in request:
        raise InputError("request needs a 'document' object")
    document = Document.from_json(request["document"])
    options = request.get("options") or {}
    src = request.get("source") or {}
    source = Source(src.get("file"), src.get("sha256"), src.get("text_hash"))
    analysis = analyze(document, source=source, text_only=bool(options.get("text_only", False)))
    out = analysis.to_json()
    assert out["schema_version"] == SCHEMA_VERSION
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))
