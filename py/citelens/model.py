"""The data citelens reads and writes: pages of text items in, one analysis out.

Coordinates, everywhere in citelens
-----------------------------------
PDF points (1/72 inch), relative to the **top-left corner of the page's MediaBox**, with **y growing
downward**. A box is ``(x0, y0, x1, y1)`` with ``x0 < x1`` and ``y0 < y1`` (``y0`` is the top edge).
pdf.js and pdfminer both report bottom-left user space; the adapters convert (``y = height - y_pdf``),
nothing downstream ever does. A text item's ``y`` is its **baseline**; its box is
``(x, y - height, x + width, y + DESCENT * height)``, i.e. from one font height above the baseline to
a typical descender below it (see :meth:`TextItem.box`).

JSON
----
Every type has one compact JSON form (``to_json`` / ``from_json``); top-level documents carry
``schema_version``. Text items travel as arrays, not objects, because the browser posts tens of
thousands of them per paper and arrays are the cheapest form to build in JS and to parse here::

    {"schema_version": 1,
     "pages": [{"number": 1, "width": 612.0, "height": 792.0,
                "fonts": ["CMBX12"],                            # PostScript names
                "items": [["1 Introduction", 72.0, 96.2, 81.4, 12.0, 12.0, 0]]}],
     "bookmarks": [{"title": "Introduction", "level": 1, "page": 1, "y": 88.0}],
     "links": [{"page": 2, "rect": [100.0, 80.0, 112.0, 91.0], "dest_page": 9, "dest_x": 72.0,
                "dest_y": 120.0, "dest_name": "cite.vaswani2017"}],
     "metadata": {"Title": "Attention is all you need", "prism:doi": "10.5555/3295222.3295349"},
     "destinations": ["cite.vaswani2017", "section.1"]}                 # optional

An item array is ``[text, x, y, width, height, font_size, font_index]``; ``font_index`` points into
the page's ``fonts`` table (``-1`` when unknown). A font is its name; the pipeline decides its style from
it (:func:`citelens.fonts.with_font_styles`). ``[name, bold, italic]`` gives a style the name does not
show. ``metadata`` is the PDF's info dictionary and XMP properties as flat ``{key: text}``.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from citelens import ids

SCHEMA_VERSION = 1

Box = tuple[float, float, float, float]

#: How far below the baseline a text item's box reaches, as a share of its height (Times' descender).
DESCENT = 0.22


class CitelensError(Exception):
    """Base class of every error citelens raises on misuse or unreadable input."""


class InputError(CitelensError, ValueError):
    """The input is not something citelens can read (not a PDF, malformed JSON, ...)."""


class EncryptedError(InputError):
    """The PDF is encrypted and no password was given."""


def _r(value: float) -> float:
    """Round a coordinate for JSON: 0.01 pt is far below anything a reader can see."""
    return round(float(value), 2)


def _box(values: Any) -> Box:
    x0, y0, x1, y1 = (float(v) for v in values)
    return (x0, y0, x1, y1)


def _box_json(box: Box | None) -> list[float] | None:
    return None if box is None else [_r(v) for v in box]


# --------------------------------------------------------------------------------------------- input


@dataclass(frozen=True, slots=True)
class Font:
    name: str
    bold: bool = False
    italic: bool = False

    def to_json(self) -> str | list[Any]:
        return [self.name, self.bold, self.italic] if self.bold or self.italic else self.name

    @classmethod
    def from_json(cls, data: Any) -> Font:
        if isinstance(data, str):
            return cls(data)
        name, bold, italic = data
        return cls(str(name), bool(bold), bool(italic))


#: The smallest font size of text anybody reads, in points. Smaller text is data hidden in the page (LaTeXiT
#: keeps each formula's source as 10^-6 pt Courier): PDFium's text page leaves it out, pdfminer and pdf.js
#: read it, and as text of size 0 it made a paper's body size 0.
MIN_TEXT_SIZE = 0.5

#: What a character means to the text, where it is not itself (ISO 32000-1 9.10: a font's ToUnicode map names
#: any character). Every space separator (U+00A0, the en and em spaces, ...) is a word space; a soft hyphen the
#: page prints is a hyphen; any other control character is no printed text, only the code of a glyph with no
#: map. The engines read some of these differently ("devel\xad" in pdfminer, "devel-" in PDFium, "devel " in
#: pdf.js): every text item says them this one way.
PLAIN_CHARS: dict[str, str] = {
    **{chr(c): "" for c in [*range(0x20), *range(0x7F, 0xA0)]},
    **{c: " " for c in map(chr, range(0xA0, 0x3001)) if unicodedata.category(c) == "Zs"},
    "\t": " ", "\n": " ", "\r": " ", "\x85": " ",  # white space, though control characters
    "\u00ad": "-",
    # The hyphen and the non-breaking hyphen are the hyphen-minus every rule reads ("state\u2010of\u2010the\u2010art",
    # "Smith\u2010Jones", "12\u201015": some publishers' PDFs print every hyphen so).
    "\u2010": "-", "\u2011": "-",
    # Zero-width space, word joiner, zero-width no-break space: marks of where a line may or may not break, no
    # printed text ("Intro\u200bduction" is "Introduction"; pdfminer kept them where PDFium drops them).
    "\u200b": "", "\u2060": "", "\ufeff": "",
}
_PLAIN_TABLE = str.maketrans(PLAIN_CHARS)


def _plain(text: str) -> bool:
    """Whether ``text`` holds none of :data:`PLAIN_CHARS` (all but the two hyphens are unprintable in Python's
    sense, which one C call tells)."""
    return text.isprintable() and "\u2010" not in text and "\u2011" not in text


def plain_text(text: str) -> str:
    """``text`` with :data:`PLAIN_CHARS` replaced."""
    return text if _plain(text) else text.translate(_PLAIN_TABLE)


#: Spacing accents and the combining marks they stand for. A font without accented letters (TeX's OT1 fonts,
#: LaTeX's default) makes the typesetter draw a letter and a spacing accent over or under it as two glyphs: TeX
#: draws the accent first, others after the letter. Read glyph by glyph, the text says "M¨uller", "Maran˜o´n",
#: "Preguic¸a". The accent is put back on its letter (:func:`compose_accent`); which letter is the reader's
#: part: :func:`citelens.adapters.pdftext.compose_accents` by the glyphs' boxes, :meth:`Document.plain` by
#: pdf.js's items.
SPACING_ACCENTS: dict[str, str] = {
    "\u00a8": "\u0308", "\u00b4": "\u0301", "`": "\u0300", "\u02d8": "\u0306", "\u02c7": "\u030c",
    "\u02dc": "\u0303", "~": "\u0303", "\u02c6": "\u0302", "^": "\u0302", "\u00af": "\u0304",
    "\u02d9": "\u0307", "\u02da": "\u030a", "\u02dd": "\u030b", "\u00b8": "\u0327", "\u02db": "\u0328",
}
_DOTLESS = {"\u0131": "i", "\u0237": "j"}  # TeX sets an accent over i and j on their dotless forms


def is_combining(char: str) -> bool:
    """Whether ``char`` is one of Unicode's combining diacritical marks (U+0300-U+036F). Some typesetters draw
    an accent as such a mark's own glyph, of no width, just after its letter (where Unicode puts it too): the
    mark belongs to the letter before it."""
    return len(char) == 1 and "\u0300" <= char <= "\u036f"


def compose_accent(letter: str, accent: str) -> str | None:
    """The one character ``letter`` with ``accent`` (a key of :data:`SPACING_ACCENTS`, or a combining mark) on
    it, or None where Unicode has no such letter: "˚C", a ring set as a degree sign, and an accent over a
    variable stay as they are."""
    mark = SPACING_ACCENTS.get(accent) or (accent if is_combining(accent) else None)
    if mark is None or len(letter) != 1 or not letter.isalpha():
        return None
    composed = unicodedata.normalize("NFC", _DOTLESS.get(letter, letter) + mark)
    return composed if len(composed) == 1 else None


#: A spacing accent or a combining mark: a character that may be an accent drawn apart from its letter.
ACCENT_CHARS = re.compile("[" + re.escape("".join(SPACING_ACCENTS)) + "\u0300-\u036f]")


def _accents_on_letters(items: list[TextItem]) -> list[TextItem]:
    """pdf.js's items with each accent put on its letter. pdf.js starts a new item where the pen moves back, and
    a spacing accent (:data:`SPACING_ACCENTS`) drawn over or under a letter moves it back: after the accent
    where the accent comes first (TeX: "…by M¨", "uller"), before it where the letter does ("Maran", "˜o",
    "´n"). So the accent is at the edge where an item starts left of the previous one's end, by no more than a
    letter's width, and belongs to the letter across that edge. A combining mark drawn as its own glyph is an
    item of its own that starts where its letter's item ends (:func:`is_combining`)."""
    for k in range(1, len(items)):
        a, b = items[k - 1], items[k]
        em = max(a.size, b.size)
        if not a.text or not b.text or abs(b.y - a.y) > em:
            continue
        if is_combining(b.text[0]) and abs(b.x - (a.x + a.width)) <= em / 3 \
                and (letter := compose_accent(a.text[-1], b.text[0])):
            # A combining mark's own item, at the end of its letter's (pdf.js: "(7) Ce", "\u0301", "larie").
            items[k - 1], items[k] = replace(a, text=a.text[:-1] + letter), replace(b, text=b.text[1:])
            continue
        if not 0 < a.x + a.width - b.x <= em:
            continue  # no step back, or one wider than a letter: no accent's
        if b.text[0] in SPACING_ACCENTS and (letter := compose_accent(a.text[-1], b.text[0])):
            items[k - 1], items[k] = replace(a, text=a.text[:-1] + letter), replace(b, text=b.text[1:])
        elif a.text[-1] in SPACING_ACCENTS and (letter := compose_accent(b.text[0], a.text[-1])):
            items[k - 1], items[k] = replace(a, text=a.text[:-1]), replace(b, text=letter + b.text[1:])
    return items


@dataclass(frozen=True, slots=True)
class TextItem:
    """A run of text in one font on one baseline (a pdf.js text item, or pdfminer chars grouped alike)."""

    text: str
    x: float
    y: float  # baseline
    width: float
    height: float
    size: float  # font size in points, after the text matrix (pdf.js: hypot(c, d))
    font: int = -1  # index into Page.fonts

    @property
    def box(self) -> Box:
        return (self.x, self.y - self.height, self.x + self.width, self.y + DESCENT * self.height)

    def to_json(self) -> list[Any]:
        return [self.text, _r(self.x), _r(self.y), _r(self.width), _r(self.height), _r(self.size), self.font]

    @classmethod
    def from_json(cls, data: Any) -> TextItem:
        text, x, y, width, height, size, font = data
        return cls(str(text), float(x), float(y), float(width), float(height), float(size), int(font))


@dataclass(frozen=True, slots=True)
class Page:
    number: int  # 1-based
    width: float
    height: float
    items: tuple[TextItem, ...] = ()
    fonts: tuple[Font, ...] = ()

    def font_of(self, item: TextItem) -> Font | None:
        return self.fonts[item.font] if 0 <= item.font < len(self.fonts) else None

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "width": _r(self.width),
            "height": _r(self.height),
            "fonts": [f.to_json() for f in self.fonts],
            "items": [i.to_json() for i in self.items],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Page:
        return cls(
            number=int(data["number"]),
            width=float(data["width"]),
            height=float(data["height"]),
            items=tuple(TextItem.from_json(i) for i in data.get("items", ())),
            fonts=tuple(Font.from_json(f) for f in data.get("fonts", ())),
        )

    def summary_json(self) -> dict[str, Any]:
        return {"number": self.number, "width": _r(self.width), "height": _r(self.height)}


@dataclass(frozen=True, slots=True)
class Bookmark:
    """An entry of the PDF's own outline; ``page``/``y`` are None when its destination cannot be resolved."""

    title: str
    level: int  # 1 = top level
    page: int | None
    y: float | None

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "level": self.level, "page": self.page,
                "y": None if self.y is None else _r(self.y)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Bookmark:
        y = data.get("y")
        return cls(str(data["title"]), int(data["level"]), data.get("page"), None if y is None else float(y))


@dataclass(frozen=True, slots=True)
class Link:
    """A Link annotation whose destination is inside the document."""

    page: int
    rect: Box
    dest_page: int | None
    dest_x: float | None = None
    dest_y: float | None = None
    dest_name: str | None = None  # named destination (e.g. ``cite.vaswani2017``, ``bib12``), if any

    def to_json(self) -> dict[str, Any]:
        return {
            "page": self.page,
            "rect": _box_json(self.rect),
            "dest_page": self.dest_page,
            "dest_x": None if self.dest_x is None else _r(self.dest_x),
            "dest_y": None if self.dest_y is None else _r(self.dest_y),
            "dest_name": self.dest_name,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Link:
        def opt(key: str) -> float | None:
            v = data.get(key)
            return None if v is None else float(v)

        return cls(int(data["page"]), _box(data["rect"]), data.get("dest_page"), opt("dest_x"), opt("dest_y"),
                   data.get("dest_name"))


@dataclass(frozen=True, slots=True)
class Document:
    """Everything the stages read: the text of each page, what the PDF itself says about structure, and its
    metadata as ``(key, text)`` pairs in the order the PDF gives them (info dictionary, then XMP)."""

    pages: tuple[Page, ...]
    bookmarks: tuple[Bookmark, ...] = ()
    links: tuple[Link, ...] = ()
    metadata: tuple[tuple[str, str], ...] = ()
    #: The names of the PDF's named destinations, sorted: every anchor a producer set, linked to or not
    #: (hyperref sets ``cite.KEY`` for every bibliography entry, cited or not). The browser does not send them;
    #: :mod:`citelens.evaluation` counts a list's entries with them.
    destinations: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "pages": [p.to_json() for p in self.pages],
            "bookmarks": [b.to_json() for b in self.bookmarks],
            "links": [lk.to_json() for lk in self.links],
            "metadata": dict(self.metadata),
            **({"destinations": list(self.destinations)} if self.destinations else {}),
        }

    def plain(self) -> Document:
        """The document with its items' text made plain (:func:`plain_text`), its accents on their letters
        (:func:`_accents_on_letters`) and without text under :data:`MIN_TEXT_SIZE`, as the PDF adapters
        make it: for items read by another library (pdf.js)."""
        pages = []
        for page in self.pages:
            if all(item.size >= MIN_TEXT_SIZE and _plain(item.text) and not ACCENT_CHARS.search(item.text)
                   for item in page.items):
                pages.append(page)  # the common page: nothing to do
                continue
            items = []
            for item in page.items:
                text = plain_text(item.text)
                if item.size >= MIN_TEXT_SIZE and text.strip():
                    items.append(item if text is item.text else replace(item, text=text))
            pages.append(replace(page, items=tuple(item for item in _accents_on_letters(items) if item.text.strip())))
        return replace(self, pages=tuple(pages))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Document:
        if not isinstance(data, dict) or "pages" not in data:
            raise InputError("document JSON needs an object with a 'pages' list")
        version = data.get("schema_version", SCHEMA_VERSION)
        if version != SCHEMA_VERSION:
            raise InputError(f"document schema_version {version} is not supported (expected {SCHEMA_VERSION})")
        metadata = data.get("metadata") or {}
        if not isinstance(metadata, dict):
            raise InputError("document JSON: 'metadata' must be an object of texts")
        try:
            return cls(
                pages=tuple(Page.from_json(p) for p in data["pages"]),
                bookmarks=tuple(Bookmark.from_json(b) for b in data.get("bookmarks", ())),
                links=tuple(Link.from_json(lk) for lk in data.get("links", ())),
                # Info dictionaries also hold dates and numbers: only texts are kept.
                metadata=tuple((k, v) for k, v in metadata.items() if isinstance(k, str) and isinstance(v, str)),
                destinations=tuple(str(n) for n in data.get("destinations", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"malformed document JSON: {exc!r}") from exc

    def without_pdf_structure(self) -> Document:
        """The same text and metadata with the PDF's bookmarks, links and named destinations dropped
        (``--text-only``)."""
        return Document(self.pages, metadata=self.metadata)


# -------------------------------------------------------------------------------------------- output


class OutlineSource(enum.StrEnum):
    BOOKMARKS = "bookmarks"
    DETECTED = "detected"
    NONE = "none"


class CitationStyle(enum.StrEnum):
    NUMERIC = "numeric"
    SUPERSCRIPT = "superscript"
    AUTHOR_YEAR = "author-year"
    ALPHABETIC = "alphabetic"  # "[Knu84]": labels made of the authors' letters and the year
    UNKNOWN = "unknown"


class MentionKind(enum.StrEnum):
    FIGURE = "figure"
    TABLE = "table"
    EQUATION = "equation"
    SECTION = "section"
    ALGORITHM = "algorithm"
    APPENDIX = "appendix"


class LinkSource(enum.StrEnum):
    TEXT = "text"  # found by the heuristics
    PDF_LINK = "pdf-link"  # given by the PDF's own Link annotation


class DiagnosticCode(enum.StrEnum):
    NO_TEXT_LAYER = "no_text_layer"
    EMPTY_PAGE = "empty_page"
    NO_OUTLINE = "no_outline"
    PAGE_FAILED = "page_failed"
    BAD_DESTINATION = "bad_destination"
    NO_REFERENCES = "no_references"
    REFERENCES_UNSPLIT = "references_unsplit"
    NO_CITATIONS = "no_citations"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: DiagnosticCode
    message: str
    page: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"code": str(self.code), "message": self.message, "page": self.page}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Diagnostic:
        return cls(DiagnosticCode(data["code"]), str(data["message"]), data.get("page"))


@dataclass(frozen=True, slots=True)
class OutlineItem:
    title: str
    level: int
    page: int
    y: float

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "level": self.level, "page": self.page, "y": _r(self.y)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> OutlineItem:
        return cls(str(data["title"]), int(data["level"]), int(data["page"]), float(data["y"]))


@dataclass(frozen=True, slots=True)
class Reference:
    """One entry of the reference list. ``authors`` are surnames with their particles, as printed
    ("van der Berg", "de Souza"). The JSON form adds ``keys``: the entry's :func:`citelens.ids.match_keys`
    (``doi:…``, ``arxiv:…``, ``title:…|year``), under which the reader finds it in the library and the
    look-up cache."""

    index: int  # 1-based position in the reference list
    label: str | None
    raw: str
    page: int
    box: Box
    authors: tuple[str, ...] = ()
    year: int | None = None
    year_suffix: str | None = None
    title: str | None = None
    doi: str | None = None
    arxiv_id: str | None = None
    url: str | None = None
    et_al: bool = False  # the printed author list ends with "et al.": more authors than ``authors``

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "label": self.label, "raw": self.raw, "page": self.page,
            "box": _box_json(self.box), "authors": list(self.authors), "year": self.year,
            "year_suffix": self.year_suffix, "title": self.title, "doi": self.doi,
            "arxiv_id": self.arxiv_id, "url": self.url, "et_al": self.et_al,
            "keys": ids.match_keys(self.doi, self.arxiv_id, self.title, self.year),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Reference:
        return cls(
            index=int(data["index"]), label=data.get("label"), raw=str(data["raw"]), page=int(data["page"]),
            box=_box(data["box"]), authors=tuple(data.get("authors", ())), year=data.get("year"),
            year_suffix=data.get("year_suffix"), title=data.get("title"), doi=data.get("doi"),
            arxiv_id=data.get("arxiv_id"), url=data.get("url"), et_al=bool(data.get("et_al", False)),
        )


@dataclass(frozen=True, slots=True)
class Sentence:
    """The sentence a marker belongs to (:func:`citelens.sentences.sentence_for`).

    ``text`` is the sentence joined across line, column and page breaks, hyphenation repaired
    (:func:`citelens.layout.join_lines`); ``start``/``end`` locate the marker *inside* ``text``:
    ``text[start:end] == join_lines(marker)``.
    """

    text: str
    start: int  # offset of the marker's start within ``text``
    end: int  # offset just past the marker's end within ``text``

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "start": self.start, "end": self.end}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sentence:
        return cls(str(data["text"]), int(data["start"]), int(data["end"]))


@dataclass(frozen=True, slots=True)
class Citation:
    page: int
    text: str
    ref_indexes: tuple[int, ...]
    boxes: tuple[Box, ...]
    sentence: Sentence | None = None
    source: LinkSource = LinkSource.TEXT

    def to_json(self) -> dict[str, Any]:
        return {
            "page": self.page, "text": self.text, "ref_indexes": list(self.ref_indexes),
            "boxes": [_box_json(b) for b in self.boxes],
            "sentence": None if self.sentence is None else self.sentence.to_json(),
            "source": str(self.source),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Citation:
        s = data.get("sentence")
        return cls(int(data["page"]), str(data["text"]), tuple(int(i) for i in data["ref_indexes"]),
                   tuple(_box(b) for b in data["boxes"]), None if s is None else Sentence.from_json(s),
                   LinkSource(data.get("source", "text")))


@dataclass(frozen=True, slots=True)
class Target:
    page: int
    y: float
    #: A figure's, table's or algorithm's own area on the caption's page (its drawing or body, without the
    #: caption), ``(x0, top, x1, bottom)``; None for equations and sections, and where the page holds
    #: only the caption (a legends page).
    area: Box | None = None

    def to_json(self) -> dict[str, Any]:
        return {"page": self.page, "y": _r(self.y), "area": None if self.area is None else _box_json(self.area)}


@dataclass(frozen=True, slots=True)
class FigureMention:
    page: int
    text: str
    kind: MentionKind
    label: str
    boxes: tuple[Box, ...]
    target: Target | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "page": self.page, "text": self.text, "kind": str(self.kind), "label": self.label,
            "boxes": [_box_json(b) for b in self.boxes],
            "target": None if self.target is None else self.target.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FigureMention:
        t = data.get("target")
        return cls(int(data["page"]), str(data["text"]), MentionKind(data["kind"]), str(data["label"]),
                   tuple(_box(b) for b in data["boxes"]),
                   None if t is None else Target(int(t["page"]), float(t["y"]),
                                                 None if t.get("area") is None else _box(t["area"])))


@dataclass(frozen=True, slots=True)
class Source:
    """Where the analysed text came from. ``text_hash``: first 16 bytes (hex) of SHA-256 over the page texts;
    ``engine``: the library that read the PDF's text (``pdfium``, ``pdfminer``), written only when known (the
    command line knows it; the browser's analysis, read by pdf.js, has no such key)."""

    file: str | None = None
    sha256: str | None = None
    text_hash: str | None = None
    engine: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"file": self.file, "sha256": self.sha256, "text_hash": self.text_hash}
        if self.engine is not None:
            out["engine"] = self.engine
        return out


@dataclass(frozen=True, slots=True)
class ReferenceListPart:
    """One of a book's or a thesis's reference lists, each closing a chapter and numbered from 1: the entries
    ``first`` to ``last`` (``Reference.index``, which runs on from list to list), the heading of the chapter that
    cites them (the outline's highest heading between the list before and this one, None where none stands
    there) and the page the list opens on."""

    first: int
    last: int
    title: str | None
    page: int

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "last": self.last, "title": self.title, "page": self.page}


@dataclass(frozen=True, slots=True)
class Analysis:
    source: Source
    pages: tuple[Page, ...]  # only number, width and height are written out
    body_font_size: float | None
    outline_source: OutlineSource
    outline: tuple[OutlineItem, ...] = ()
    citation_style: CitationStyle = CitationStyle.UNKNOWN
    references: tuple[Reference, ...] = ()
    citations: tuple[Citation, ...] = ()
    figure_mentions: tuple[FigureMention, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    own_doi: str | None = None  # the DOI the paper names as its own (citelens.own_doi)
    # A book's or a thesis's lists, one closing each chapter; () for a paper's one list.
    reference_lists: tuple[ReferenceListPart, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "source": self.source.to_json(),
            "pages": [p.summary_json() for p in self.pages],
            "body_font_size": self.body_font_size,
            "outline_source": str(self.outline_source),
            "outline": [o.to_json() for o in self.outline],
            "citation_style": str(self.citation_style),
            "references": [r.to_json() for r in self.references],
            "reference_lists": [part.to_json() for part in self.reference_lists],
            "citations": [c.to_json() for c in self.citations],
            "figure_mentions": [m.to_json() for m in self.figure_mentions],
            "diagnostics": [d.to_json() for d in self.diagnostics],
            "own_doi": self.own_doi,
        }
