"""The recipe: a Document in, an Analysis out, every stage composed here and nowhere else.

Stages take plain data and return new plain data; this module decides their order, what the
``--text-only`` switch removes, and which diagnostics the document as a whole earns. The first stage
styles the fonts from their names (both adapters send names only), the last finds the paper's own DOI.
:func:`analyze_json` is the ``str -> str`` entry point the Pyodide worker calls (through
``worker/bridge.py``, which only turns its exceptions into ``{name, message}``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from citelens.citations import find_citations
from citelens.figures import find_figure_mentions
from citelens.fonts import with_font_styles
from citelens.layout import TextMap, body_font_size, page_lines, size_counts, size_histogram, text_map
from citelens.linenumbers import without_line_numbers
from citelens.links import PageIndex, citation_links, links_shifted, merge_citations
from citelens.model import (
    SCHEMA_VERSION,
    Analysis,
    Citation,
    Diagnostic,
    DiagnosticCode,
    Document,
    InputError,
    OutlineItem,
    OutlineSource,
    Page,
    ReferenceListPart,
    Source,
)
from citelens.outline import (body_start, detect_outline, outline_from_bookmarks, prose_start, section_bookmarks,
                              sections)
from citelens.own_doi import own_doi
from citelens.params import PARAMS, Params
from citelens.patterns import REFERENCE_LIST_HEADING
from citelens.references import ReferenceList, find_references
from citelens.references.furniture import Furniture
from citelens.sentences import sentences_for


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
    need_chars, need_words = params.text_layer.min_chars, params.text_layer.min_words
    chars = words = 0
    for page in document.pages:  # counted until both thresholds are passed: a page or two of a real paper
        for item in page.items:
            split = item.text.split()
            words += len(split)
            chars += sum(map(len, split))
        if chars >= need_chars and words >= need_words:
            break
    if chars < need_chars or words < need_words:
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
    document = with_font_styles(document)
    if text_only:
        document = document.without_pdf_structure()
    printed = document.pages  # (the text hash is of the text as extracted)
    document = replace(document, pages=without_line_numbers(printed, params.layout))
    diags = list(diagnostics) + text_layer_diagnostics(document, params)
    scanned = any(d.code == DiagnosticCode.NO_TEXT_LAYER for d in diags)
    counts = size_counts(document.pages)
    sizes = size_histogram(document.pages, counts)
    body = body_font_size(document.pages, sizes, counts)
    lines = {page.number: page_lines(page, params=params.layout) for page in document.pages}
    tm = text_map(document.pages, lines, params.layout)

    furniture = Furniture(tm, params.references)  # running heads and feet: no heading, no entry
    outline: tuple[OutlineItem, ...] = ()
    outline_source = OutlineSource.NONE
    # The PDF's own outline wins where it names the paper's sections; one that lists its pages, figures or
    # anchors, or repeats one title on every page, gives way to the headings found in the text (and stands
    # where none are found).
    if section_bookmarks(document.bookmarks):
        outline = outline_from_bookmarks(document.bookmarks)
        outline_source = OutlineSource.BOOKMARKS
    if not outline and body is not None:
        outline = detect_outline(document.pages, body, params.outline, params.layout, lines, sizes,
                                 furniture.running)
        outline_source = OutlineSource.DETECTED if outline else OutlineSource.NONE
    if not outline and document.bookmarks:
        outline = outline_from_bookmarks(document.bookmarks)
        outline_source = OutlineSource.BOOKMARKS if outline else OutlineSource.NONE

    refs = find_references(tm, params.references, furniture)
    start = body_start(tm, outline, params.outline)
    found = find_citations(tm, refs, start, params.citations, prose_start(tm, start, params.outline))
    if outline_source == OutlineSource.DETECTED:
        outline = sections(outline)  # the title block and the abstract's label told where the body starts; no more
        outline_source = OutlineSource.DETECTED if outline else OutlineSource.NONE
    citations = found.citations
    spans: list[tuple[int, int] | None] = list(found.spans)
    if document.links:  # exact links first; the heuristics fill in what they miss
        index = PageIndex(tm, params.links)  # (one for the three steps)
        cite_links = citation_links(document.links, refs, tm, params.links, index)
        # ... unless the links' printed authors and years name other entries than their targets, all through
        # the paper: a producer's anchors one entry off. The text's own reading names the entries then.
        if cite_links and links_shifted(cite_links, refs.references, tm, params.links, index):
            cite_links = ()
        if cite_links:
            merged = merge_citations(cite_links, citations, tm, params.links, index)
            span_of = {(c.page, c.boxes): span for c, span in zip(citations, found.spans, strict=True)}
            spans = [span_of.get((c.page, c.boxes)) or _span_of_boxes(tm, c) for c in merged]
            citations = merged
    placed = [(k, span) for k, span in enumerate(spans) if span is not None]
    sentences = dict(zip((k for k, _ in placed), sentences_for(tm, [span for _, span in placed], params.sentences),
                         strict=True))
    citations = tuple(replace(c, sentence=sentences[k]) if k in sentences else c for k, c in enumerate(citations))
    # (Where each chapter closes with a list, the last one's: the chapters between the lists hold mentions, the
    # lists before the last none.)
    last = refs.parts[-1] if refs.parts else refs
    skip = (last.start, last.end) if last.start is not None and last.end is not None else None
    lists = [(part.start, part.end) for part in refs.parts[:-1] if part.start is not None and part.end is not None]
    mentions = find_figure_mentions(tm, outline, skip, params.figures, lists)

    if source is None:
        source = Source()
    if source.text_hash is None:
        source = replace(source, text_hash=text_hash(printed))
    return Analysis(
        source=source,
        pages=document.pages,
        body_font_size=body,
        outline_source=outline_source,
        outline=outline,
        citation_style=found.style,
        references=refs.references,
        citations=citations,
        figure_mentions=mentions,
        # Without a text layer, "no references" and "no citations" say nothing new.
        diagnostics=tuple(diags) + (() if scanned else refs.diagnostics + found.diagnostics),
        own_doi=own_doi(document),
        reference_lists=reference_lists(tm, refs, outline),
    )


def reference_lists(tm: TextMap, refs: ReferenceList, outline: Sequence[OutlineItem]) -> tuple[ReferenceListPart, ...]:
    """The lists of a book or a thesis, one closing each chapter (``refs.parts``), each with the chapter that cites
    it: the first of the outline's highest headings after the list before it (the document's start for the
    first) and before the list itself, the list's own heading ("References") aside. () for one list."""
    out: list[ReferenceListPart] = []
    after: tuple[int, float] = (0, float("-inf"))
    first = 1
    for part in refs.parts:
        last = first + len(part.references) - 1
        if part.references and part.start is not None and part.end is not None:  # (a part always has both)
            head = tm.lines[tm.line_index(part.start)]
            at = (head.page, head.box[1])
            chapter = [o for o in outline
                       if after < (o.page, o.y) < at and not REFERENCE_LIST_HEADING.match(o.title)]
            top = min(chapter, key=lambda o: o.level) if chapter else None  # (min: the first of the highest)
            out.append(ReferenceListPart(first, last, None if top is None else top.title, part.references[0].page))
            tail = tm.lines[tm.line_index(max(part.start, part.end - 1))]
            after = (tail.page, tail.box[3])
        first = last + 1
    return tuple(out) if len(out) > 1 else ()


def _span_of_boxes(tm: TextMap, citation: Citation) -> tuple[int, int] | None:
    return tm.span(citation.page, citation.boxes[0]) if citation.boxes else None


def analyze_json(payload: str) -> str:
    """Worker entry point: ``{"document": {...}, "options": {"text_only": false}, "source": {...}}`` → analysis
    JSON, both as strings; the request is parsed once. The document's items are made plain first
    (:meth:`~citelens.model.Document.plain`), as the PDF adapters make theirs.

    Raises :class:`~citelens.model.InputError` on malformed input; the worker sends it back as
    ``{name, message}``.
    """
    try:
        request: Any = json.loads(payload)
    except json.JSONDecodeError as exc:
        raise InputError(f"request is not JSON: {exc}") from exc
    if not isinstance(request, dict) or "document" not in request:
        raise InputError("request needs a 'document' object")
    # pdf.js's items, read by the rules the PDF adapters read glyphs by (model.PLAIN_CHARS, MIN_TEXT_SIZE).
    document = Document.from_json(request["document"]).plain()
    options = request.get("options") or {}
    src = request.get("source") or {}
    source = Source(src.get("file"), src.get("sha256"), src.get("text_hash"))
    analysis = analyze(document, source=source, text_only=bool(options.get("text_only", False)))
    out = analysis.to_json()
    assert out["schema_version"] == SCHEMA_VERSION
    return json.dumps(out, ensure_ascii=False, separators=(",", ":"))
