"""PDF file → :class:`~citelens.model.Document`, with pdfminer.six. The only module that imports pdfminer.

Input: a path to a PDF. Output: a Document whose pages hold text items grouped the way pdf.js groups
them (a run of glyphs in one font on one baseline; a gap wider than a word space becomes a space, a
jump backwards or over a column gutter starts a new item) and their fonts' names (the pipeline decides
their style), plus the PDF's own bookmarks, internal Link annotations with their destinations resolved
to a page and a point, and its metadata as web/analysis/analysis.js reads it from pdf.js: the info
dictionary's texts, then the XMP properties that hold one text (lower-case ``prefix:name`` keys).

Coordinates are converted here, once: pdfminer reports bottom-left user space already shifted to the
MediaBox corner (and rotated by /Rotate); we flip y against the page height (see ``citelens.model``).
Only upright horizontal glyphs become items; rotated text (arXiv's side stamp, vertical table heads)
is counted in the page's diagnostics instead.
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTContainer, LTPage
from pdfminer.pdfdocument import PDFDocument, PDFEncryptionError, PDFNoOutlines, PDFPasswordIncorrect
from pdfminer.pdfexceptions import PDFException
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser, PDFSyntaxError
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1
from pdfminer.psexceptions import PSException
from pdfminer.psparser import PSLiteral
from pdfminer.utils import decode_text

from citelens.model import (
    Bookmark,
    Diagnostic,
    DiagnosticCode,
    Document,
    EncryptedError,
    Font,
    InputError,
    Link,
    Page,
    TextItem,
)
from citelens.xml.parse import PROLOG_ENTITY

# pdfminer logs every recoverable oddity of real-world PDFs at WARNING; they are not the user's problem.
logging.getLogger("pdfminer").setLevel(logging.ERROR)

# A glyph pdfminer cannot map to Unicode comes out as "(cid:123)".
_CID = re.compile(r"\(cid:\d+\)")

# Gaps between glyphs, in units of the font size (pdf.js uses similar fractions when it adds spaces).
SPACE_GAP = 0.12  # wider than this: a space between words
SPLIT_GAP = 1.0  # wider than this (or going back more than half an em): a new item

#: Characters kept of one metadata text (web/analysis/analysis.js keeps as many).
METADATA_CHARS = 1000


@dataclass(frozen=True, slots=True)
class Extraction:
    document: Document
    sha256: str
    diagnostics: tuple[Diagnostic, ...]


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def extract(path: str | Path, *, progress: Callable[[int, int], None] | None = None,
            password: str = "") -> Extraction:
    """Read a PDF into text items, bookmarks and links; ``password`` opens an encrypted one.

    Raises :class:`InputError` for a file that is missing or not a readable PDF and
    :class:`EncryptedError` for an encrypted one without its password; a page that fails to parse becomes a
    diagnostic.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    with path.open("rb") as f:
        head = f.read(1024)
    if b"%PDF-" not in head:
        raise InputError(f"{path}: not a PDF (no %PDF- header)")
    sha = file_sha256(path)
    diagnostics: list[Diagnostic] = []
    with path.open("rb") as f:
        try:
            parser = PDFParser(f)
            doc = PDFDocument(parser, password=password)
        except (PDFEncryptionError, PDFPasswordIncorrect) as exc:
            raise EncryptedError(f"{path}: the password given does not open this encrypted PDF" if password
                                 else f"{path}: the PDF is encrypted and needs a password (--password)") from exc
        # PSException: a file cut short ends pdfminer's tokenizer with PSEOF, which is no PDFException.
        except (PDFException, PSException, PDFSyntaxError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise InputError(f"{path}: not a readable PDF ({type(exc).__name__}: {exc})") from exc
        try:
            pdf_pages = list(PDFPage.create_pages(doc))
        except (PDFException, PSException, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise InputError(f"{path}: the PDF's page tree is broken ({type(exc).__name__})") from exc
        if not pdf_pages:
            raise InputError(f"{path}: the PDF has no pages")

        rsrc = PDFResourceManager(caching=True)
        device = PDFPageAggregator(rsrc, laparams=None)
        interp = PDFPageInterpreter(rsrc, device)
        pages: list[Page] = []
        geometry: dict[int, _PageGeometry] = {}
        for number, pdf_page in enumerate(pdf_pages, start=1):
            geo = _PageGeometry.of(pdf_page)
            geometry[pdf_page.pageid] = geo
            try:
                interp.process_page(pdf_page)
                layout = device.get_result()
                page, skipped = _page_from_layout(number, layout)
            except Exception as exc:  # noqa: BLE001 - one broken page must not lose the rest
                diagnostics.append(Diagnostic(DiagnosticCode.PAGE_FAILED,
                                              f"page {number} could not be read ({type(exc).__name__})", number))
                page = Page(number, geo.width, geo.height)
            pages.append(page)
            if progress is not None:
                progress(number, len(pdf_pages))
        index = {p.pageid: n for n, p in enumerate(pdf_pages, start=1)}
        resolver = _Destinations(doc, index, geometry)
        bookmarks = tuple(_bookmarks(doc, resolver))
        links = tuple(_links(pdf_pages, resolver, geometry))
        metadata = _metadata(doc)
    return Extraction(Document(tuple(pages), bookmarks, links, metadata), sha, tuple(diagnostics))


# --------------------------------------------------------------------------------------------- text


def _chars(container: LTContainer[Any]) -> Iterator[LTChar]:
    for obj in container:
        if isinstance(obj, LTChar):
            yield obj
        elif isinstance(obj, LTContainer):  # LTFigure: Form XObjects hold text too
            yield from _chars(obj)


def _clean(text: str) -> str:
    text = _CID.sub("", text)
    # Ligatures (ﬁ, ﬂ, ...) and other compatibility glyphs: pdf.js normalises these too.
    if any(ord(c) >= 0xFB00 and ord(c) <= 0xFB4F for c in text):
        text = unicodedata.normalize("NFKC", text)
    return text


def _strip_subset(name: str) -> str:
    # "ABCDEF+CMBX10" -> "CMBX10": the six-letter tag only names the subset.
    return name[7:] if len(name) > 7 and name[6] == "+" and name[:6].isupper() else name


def _page_from_layout(number: int, layout: LTPage) -> tuple[Page, int]:
    width, height = layout.width, layout.height
    fonts: dict[str, int] = {}
    items: list[TextItem] = []
    skipped = 0
    run: list[str] = []
    x0 = x1 = reach = base = size = 0.0  # reach: right edge of the run's last glyph, spaces included
    font = -1

    def flush() -> None:
        text = "".join(run).rstrip()
        if text.strip():
            items.append(TextItem(text, x0, height - base, max(x1 - x0, 0.01), size, size, font))
        run.clear()

    for ch in _chars(layout):
        text = ch.get_text()
        if not ch.upright or abs(ch.matrix[1]) > 1e-3 or abs(ch.matrix[2]) > 1e-3 or ch.size <= 0:
            skipped += 1
            continue
        name = _strip_subset(ch.fontname)
        fi = fonts.setdefault(name, len(fonts))
        cbase = ch.matrix[5]
        csize = ch.size
        if run:
            gap = ch.x0 - reach  # space glyphs fill a gap: "Ada Lindqvist     Tomás" stays one run
            same_line = abs(cbase - base) < 0.1 * size
            if fi != font or abs(csize - size) > 0.01 or not same_line or gap > SPLIT_GAP * size \
                    or gap < -0.5 * size:
                flush()
            elif gap > SPACE_GAP * size and not run[-1].endswith(" ") and text != " ":
                run.append(" ")
        if not run:
            if text == " ":
                continue
            x0, base, size, font = ch.x0, cbase, csize, fi
            x1 = reach = ch.x0
        run.append(_clean(text))
        reach = max(reach, ch.x1)
        if not text.isspace():  # the item ends at its last glyph: its text is stripped of trailing spaces
            x1 = max(x1, ch.x1)
    if run:
        flush()
    font_table = tuple(Font(n) for n in fonts)
    return Page(number, width, height, tuple(items), font_table), skipped


# -------------------------------------------------------------------------------------- metadata

_RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
_RDF_LISTS = {f"{_RDF}Bag", f"{_RDF}Seq", f"{_RDF}Alt"}


def _metadata(doc: PDFDocument) -> tuple[tuple[str, str], ...]:
    """The info dictionary's texts, then the XMP properties holding one text, first of each key kept."""
    out: dict[str, str] = {}

    def keep(key: str, value: Any) -> None:
        if isinstance(value, str) and value.strip() and key not in out:
            out[key] = value[:METADATA_CHARS]

    try:
        for info in doc.info:
            for key, value in info.items():
                value = resolve1(value)
                keep(str(key), decode_text(value) if isinstance(value, bytes) else value)
        for key, value in _xmp(doc):
            keep(key, value)
    except Exception:  # noqa: BLE001 - metadata is a hint (the paper's own DOI); a broken one is none
        pass
    return tuple(out.items())


def _xmp(doc: PDFDocument) -> Iterator[tuple[str, str]]:
    """``(prefix:name, text)`` of each property of the XMP packet's descriptions that holds one text (lists
    of texts are skipped, as pdf.js gives them as arrays)."""
    stream = resolve1(doc.catalog.get("Metadata"))
    if not isinstance(stream, PDFStream):
        return
    data = stream.get_data()
    if PROLOG_ENTITY.search(data):
        return  # entity declarations: the shape of an entity-expansion attack, never of XMP
    prefixes = {uri: prefix for _, (prefix, uri) in ET.iterparse(io.BytesIO(data), events=("start-ns",))}
    for description in ET.fromstring(data).iter(f"{_RDF}Description"):
        for prop in description:
            if any(child.tag in _RDF_LISTS for child in prop):
                continue
            uri, _, name = prop.tag[1:].partition("}") if prop.tag.startswith("{") else ("", "", prop.tag)
            prefix = prefixes.get(uri)
            yield (f"{prefix}:{name}" if prefix else name).lower(), "".join(prop.itertext()).strip()


# ---------------------------------------------------------------------------------- destinations


@dataclass(frozen=True, slots=True)
class _PageGeometry:
    """Maps a point in a page's raw user space to our top-left coordinates."""

    x0: float
    y0: float
    x1: float
    y1: float
    rotate: int

    @classmethod
    def of(cls, page: PDFPage) -> _PageGeometry:
        x0, y0, x1, y1 = page.mediabox
        return cls(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1), page.rotate)

    @property
    def width(self) -> float:
        return self.y1 - self.y0 if self.rotate in (90, 270) else self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.x1 - self.x0 if self.rotate in (90, 270) else self.y1 - self.y0

    def point(self, x: float | None, y: float | None) -> tuple[float | None, float | None]:
        """User-space point → (x, y) from the top-left of the displayed page; None stays None."""
        if self.rotate == 90 and x is not None and y is not None:
            return (y - self.y0, x - self.x0)
        if self.rotate == 180 and x is not None and y is not None:
            return (self.x1 - x, y - self.y0)
        if self.rotate == 270 and x is not None and y is not None:
            return (self.y1 - y, self.x1 - x)
        return (None if x is None else x - self.x0, None if y is None else self.y1 - y)

    def rect(self, r: Any) -> tuple[float, float, float, float]:
        ax, ay, bx, by = (float(resolve1(v)) for v in r)
        p, q = self.point(ax, ay), self.point(bx, by)
        xs = sorted((p[0] or 0.0, q[0] or 0.0))
        ys = sorted((p[1] or 0.0, q[1] or 0.0))
        return (xs[0], ys[0], xs[1], ys[1])


def _name(obj: Any) -> str | None:
    obj = resolve1(obj)
    if isinstance(obj, PSLiteral):
        return str(obj.name)
    if isinstance(obj, bytes):
        return decode_text(obj)  # PDFDocEncoding, or UTF-16 with its BOM (BMC, Cell and ASM anchors)
    if isinstance(obj, str):
        return obj
    return None


class _Destinations:
    """Resolves explicit and named destinations to (page number, x, y, name)."""

    def __init__(self, doc: PDFDocument, index: dict[int, int], geometry: dict[int, _PageGeometry]) -> None:
        self._doc = doc
        self._index = index
        self._geometry = geometry

    def resolve(self, dest: Any) -> tuple[int | None, float | None, float | None, str | None]:
        name = None
        dest = resolve1(dest)
        for _ in range(4):  # a name resolves to an array, or to a dict holding /D
            if isinstance(dest, (bytes, str, PSLiteral)):
                name = _name(dest)
                try:
                    dest = resolve1(self._doc.get_dest(_name_key(dest)))
                except Exception:  # noqa: BLE001 - a dangling name is the PDF's problem, not ours
                    return (None, None, None, name)
            elif isinstance(dest, dict):
                dest = resolve1(dest.get("D"))
            else:
                break
        if not isinstance(dest, list) or not dest:
            return (None, None, None, name)
        target = dest[0]
        objid = target.objid if isinstance(target, PDFObjRef) else None
        page = self._index.get(objid) if objid is not None else None
        if page is None and isinstance(target, int):  # remote-style 0-based page index
            page = target + 1 if 0 <= target < len(self._index) else None
        if page is None:
            return (None, None, None, name)
        kind = _name(dest[1]) if len(dest) > 1 else None
        args = [resolve1(a) for a in dest[2:]]
        num = [float(a) if isinstance(a, (int, float)) else None for a in args]
        x = y = None
        if kind == "XYZ":
            x = num[0] if len(num) > 0 else None
            y = num[1] if len(num) > 1 else None
        elif kind in ("FitH", "FitBH"):
            y = num[0] if num else None
        elif kind in ("FitV", "FitBV"):
            x = num[0] if num else None
        elif kind == "FitR" and len(num) == 4:
            x, y = num[0], num[3]
        geo = self._geometry.get(objid) if objid is not None else None
        if geo is not None:
            x, y = geo.point(x, y)
        return (page, x, y, name)


def _name_key(dest: Any) -> Any:
    # Named destinations are looked up by their raw key (bytes for strings, the name for /Names).
    return dest.name if isinstance(dest, PSLiteral) else dest


def _bookmarks(doc: PDFDocument, resolver: _Destinations) -> Iterator[Bookmark]:
    try:
        outlines = list(doc.get_outlines())
    except PDFNoOutlines:
        return
    except Exception:  # noqa: BLE001 - a broken outline tree means no bookmarks, not a failed file
        return
    for level, title, dest, action, _se in outlines:
        if dest is None and action is not None:
            action = resolve1(action)
            if isinstance(action, dict) and _name(action.get("S")) == "GoTo":
                dest = action.get("D")
        page = x = y = None
        if dest is not None:
            page, x, y, _n = resolver.resolve(dest)
        title = title if isinstance(title, str) else decode_text(title)
        yield Bookmark(" ".join(title.split()), max(int(level), 1), page, y)


def _links(pages: list[PDFPage], resolver: _Destinations, geometry: dict[int, _PageGeometry]) -> Iterator[Link]:
    for number, page in enumerate(pages, start=1):
        try:
            annots = resolve1(page.annots) or []
        except Exception:  # noqa: BLE001
            continue
        geo = geometry[page.pageid]
        for ref in annots if isinstance(annots, list) else []:
            try:
                a = resolve1(ref)
                if not isinstance(a, dict) or _name(a.get("Subtype")) != "Link" or "Rect" not in a:
                    continue
                dest = a.get("Dest")
                if dest is None:
                    action = resolve1(a.get("A"))
                    if not isinstance(action, dict) or _name(action.get("S")) != "GoTo":
                        continue  # URI and other external actions are not document structure
                    dest = action.get("D")
                if dest is None:
                    continue
                rect = geo.rect(resolve1(a["Rect"]))
                dest_page, x, y, name = resolver.resolve(dest)
            except Exception:  # noqa: BLE001 - one malformed annotation is skipped, not fatal
                continue
            yield Link(number, rect, dest_page, x, y, name)
