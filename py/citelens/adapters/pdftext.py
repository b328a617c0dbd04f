"""What the PDF adapters share, whatever library reads the file (no PDF library is imported here).

- :class:`Extraction`, what ``extract`` returns, and :func:`check_file`, the checks made before a library opens
  the file (so every engine says "no such file" and "not a PDF" alike);
- :func:`group_glyphs`: upright glyphs in content order → text items grouped the way pdf.js groups them (a run
  of glyphs in one font on one baseline; a gap wider than a word space becomes a space, a jump backwards or
  over a column gutter starts a new item) and the page's font table; a glyph's character is read plainly
  (:data:`citelens.model.PLAIN_CHARS`), so both engines read a font's odd ToUnicode map alike (the adapters
  leave out text under :data:`citelens.model.MIN_TEXT_SIZE`), and a spacing accent drawn over or under a
  letter is read with it (:func:`compose_accents`);
- :class:`PageGeometry`: a point of the page's raw user space → citelens coordinates (top-left of the displayed
  page, y downward), for destinations and annotation rectangles; :func:`view_point`, the point a destination's
  view names;
- :func:`xmp_properties` and :class:`Metadata`: the metadata as web/analysis/analysis.js reads it from pdf.js.
"""

from __future__ import annotations

import hashlib
import io
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from math import nan
from pathlib import Path

from citelens.model import (
    ACCENT_CHARS,
    PLAIN_CHARS,
    SPACING_ACCENTS,
    Diagnostic,
    Document,
    Font,
    InputError,
    Page,
    TextItem,
    compose_accent,
    is_combining,
    plain_text,
)
from citelens.xml.parse import PROLOG_ENTITY

# A glyph pdfminer cannot map to Unicode comes out as "(cid:123)".
_CID = re.compile(r"\(cid:\d+\)")

# Gaps between glyphs, in units of the font size (pdf.js uses similar fractions when it adds spaces).
SPACE_GAP = 0.12  # wider than this: a space between words
SPLIT_GAP = 1.0  # wider than this (or going back more than half an em): a new item
TIE_GAP = 0.001  # how far past a threshold a gap must be to count as past it (see group_glyphs)

#: Characters kept of one metadata text (web/analysis/analysis.js keeps as many).
METADATA_CHARS = 1000

#: One glyph: (text, left edge, right edge of its advance, baseline, font size, font name), in the page's
#: bottom-left coordinates shifted to the MediaBox corner (y upward).
Glyph = tuple[str, float, float, float, float, str]


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


def check_file(path: Path) -> None:
    """Raise :class:`InputError` for a path that is no file or whose first KiB holds no ``%PDF-`` header."""
    if not path.is_file():
        raise InputError(f"{path}: no such file")
    with path.open("rb") as f:
        head = f.read(1024)
    if b"%PDF-" not in head:
        raise InputError(f"{path}: not a PDF (no %PDF- header)")


# --------------------------------------------------------------------------------------------- text


def clean(text: str) -> str:
    text = plain_text(_CID.sub("", text))
    # Ligatures (ﬁ, ﬂ, ...) and other compatibility glyphs: pdf.js normalises these too.
    if any(ord(c) >= 0xFB00 and ord(c) <= 0xFB4F for c in text):
        text = unicodedata.normalize("NFKC", text)
    return text


def strip_subset(name: str) -> str:
    # "ABCDEF+CMBX10" -> "CMBX10": the six-letter tag only names the subset.
    return name[7:] if len(name) > 7 and name[6] == "+" and name[:6].isupper() else name


#: How many glyphs either side of an accent, in content order, may be its letter.
_ACCENT_REACH = 16


def compose_accents(glyphs: list[Glyph]) -> list[Glyph]:
    """The glyphs with each spacing accent drawn over or under a letter read as part of that letter
    (:data:`citelens.model.SPACING_ACCENTS`): TeX sets the accent before its letter, other typesetters after
    it, and pdfTeX may set the accent of a word's capital after the word ("Ozcan and¨"). The accent's letter is
    the glyph its box overlaps most, by at least a third of the accent's width, among its neighbours in
    content order (:data:`_ACCENT_REACH` either side), on a baseline at most an em below the accent's (TeX
    raises an accent over a capital) and not above it by more than a third of an em. An accent over nothing
    (a ``^`` in code, a hat over a space) stays. An accent and its letter at one origin may come as one glyph
    of both characters (PDFium's reading of two characters drawn at one place: "¨o"): one letter too. A
    combining mark drawn as its own glyph goes on the glyph before it (:func:`citelens.model.is_combining`)."""
    accents = SPACING_ACCENTS
    if not ACCENT_CHARS.search("".join([glyph[0] for glyph in glyphs])):
        return glyphs  # the common page: one pass in C
    marks = [k for k, glyph in enumerate(glyphs) if (text := glyph[0]) in accents or is_combining(text)
             or (len(text) == 2 and (text[0] in accents or text[1] in accents))]
    if not marks:
        return glyphs
    out = list(glyphs)
    dropped: set[int] = set()
    for k in marks:
        accent, x0, x1, base, _size, _name = out[k]
        if is_combining(accent):  # its letter is the glyph before it, which ends where the mark is drawn
            j = k - 1
            if j >= 0 and j not in dropped:
                letter, a0, a1, lbase, lsize, _ = out[j]
                if a0 <= x0 <= a1 + lsize / 3 and abs(base - lbase) <= lsize / 3 \
                        and (composed := compose_accent(letter, accent)):
                    out[j] = (composed, *out[j][1:])
                    dropped.add(k)
            continue
        if len(accent) == 2:  # one glyph: accent and letter in either order
            letter = compose_accent(accent[1], accent[0]) or compose_accent(accent[0], accent[1])
            if letter:
                out[k] = (letter, *out[k][1:])
            continue
        best, most, accented = -1, (x1 - x0) / 3, ""
        for j in range(max(k - _ACCENT_REACH, 0), min(k + _ACCENT_REACH + 1, len(out))):
            if j == k or j in dropped:
                continue
            letter, a0, a1, lbase, lsize, _ = out[j]
            overlap = min(x1, a1) - max(x0, a0)
            if overlap > most and -lsize / 3 <= base - lbase <= lsize and (composed := compose_accent(letter, accent)):
                best, most, accented = j, overlap, composed
        if best >= 0:
            out[best] = (accented, *out[best][1:])
            dropped.add(k)
    return [glyph for k, glyph in enumerate(out) if k not in dropped]


def group_glyphs(number: int, width: float, height: float, glyphs: Iterable[Glyph]) -> Page:
    """The page of text items the glyphs make, in their order (the content stream's), accents composed with
    their letters (:func:`compose_accents`)."""
    glyphs = compose_accents(glyphs if isinstance(glyphs, list) else list(glyphs))
    fonts: dict[str, int] = {}
    items: list[TextItem] = []
    run: list[str] = []
    x0 = x1 = reach = base = size = 0.0  # reach: right edge of the run's last glyph, spaces included
    level = 0.0  # the run's baseline, where a glyph on it is on its line (see below)
    space_gap = split_gap = back_gap = line_gap = 0.0  # the run's thresholds, in points
    font = fi = -1
    last_name: str | None = None
    spaced = False  # the run ends with a space

    def flush() -> None:
        text = "".join(run).rstrip()
        if text.strip():
            items.append(TextItem(text, x0, height - base, max(x1 - x0, 0.01), size, size, font))
        run.clear()

    for text, gx0, gx1, cbase, csize, name in glyphs:
        if text in PLAIN_CHARS:  # one glyph's odd character (model.PLAIN_CHARS); longer texts go through clean()
            text = PLAIN_CHARS[text]
            if not text:
                continue
        if name != last_name:
            fi = fonts.setdefault(name, len(fonts))
            last_name = name
        if run:
            gap = gx0 - reach  # space glyphs fill a gap: "Ada Lindqvist     Tomás" stays one run
            # Most glyphs have the run's size and baseline: those are told apart before any difference is made.
            if fi != font or gap > split_gap or gap < back_gap \
                    or csize != size and ((d := csize - size) > 0.01 or d < -0.01) \
                    or cbase != level and ((d := cbase - base) > line_gap or -d > line_gap):
                flush()
            elif gap > space_gap and not spaced and text != " ":
                run.append(" ")
        if not run:
            if text == " ":
                continue
            x0, base, size, font = gx0, cbase, csize, fi
            x1 = reach = gx0
            # Each threshold moved by TIE_GAP: a gap of exactly a threshold (a TJ kern of -1000 after "1.", a
            # quad) is one side of it in both engines, whatever the last bits of their arithmetic (PDFium's
            # positions are 32-bit floats, pdfminer's 64-bit): a gap of one em is a space, as pdf.js reads it.
            tie = TIE_GAP * size
            space_gap, split_gap = SPACE_GAP * size + tie, SPLIT_GAP * size + tie
            back_gap, line_gap = -0.5 * size - tie, 0.1 * size - tie
            # A glyph on the baseline is within line_gap of it, unless line_gap is negative (a negative size):
            # then no baseline is the run's level (NaN), and the difference is always looked at.
            level = base if line_gap >= 0 else nan
        if text == " ":
            if not spaced:  # a run of space glyphs is one space, as pdf.js and PDFium read it
                run.append(text)
                spaced = True
        elif len(text) == 1 and text < "\ufb00":
            run.append(text)
            spaced = False
        else:
            cleaned = clean(text)
            run.append(cleaned)
            spaced = cleaned.endswith(" ")
        if gx1 > reach:
            reach = gx1
        if gx1 > x1 and not text.isspace():  # the item ends at its last glyph: its text loses trailing spaces
            x1 = gx1
    if run:
        flush()
    return Page(number, width, height, tuple(items), tuple(Font(n) for n in fonts))


# -------------------------------------------------------------------------------------- metadata

_RDF = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}"
_RDF_LISTS = {f"{_RDF}Bag", f"{_RDF}Seq", f"{_RDF}Alt"}


class Metadata:
    """Collects ``(key, text)`` pairs: the first text of each key, cut to :data:`METADATA_CHARS`."""

    def __init__(self) -> None:
        self._out: dict[str, str] = {}

    def keep(self, key: str, value: object) -> None:
        if isinstance(value, str) and value.strip() and key not in self._out:
            self._out[key] = value[:METADATA_CHARS]

    def pairs(self) -> tuple[tuple[str, str], ...]:
        return tuple(self._out.items())


def xmp_properties(data: bytes) -> Iterator[tuple[str, str]]:
    """``(prefix:name, text)`` of each property of the XMP packet's descriptions that holds one text (lists
    of texts are skipped, as pdf.js gives them as arrays)."""
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
class PageGeometry:
    """Maps a point in a page's raw user space to our top-left coordinates."""

    x0: float
    y0: float
    x1: float
    y1: float
    rotate: int

    @classmethod
    def of_box(cls, box: Sequence[float], rotate: int) -> PageGeometry:
        x0, y0, x1, y1 = box
        return cls(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1), rotate)

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

    def rect(self, ax: float, ay: float, bx: float, by: float) -> tuple[float, float, float, float]:
        p, q = self.point(ax, ay), self.point(bx, by)
        xs = sorted((p[0] or 0.0, q[0] or 0.0))
        ys = sorted((p[1] or 0.0, q[1] or 0.0))
        return (xs[0], ys[0], xs[1], ys[1])


def view_point(kind: str | None, num: Sequence[float | None]) -> tuple[float | None, float | None]:
    """The user-space (x, y) a destination's view (``XYZ``, ``FitH``, ...) with these numbers names."""
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
    return x, y
