"""PDF file → :class:`~citelens.model.Document`, with pdfminer.six. The only module that imports pdfminer.

Input: a path to a PDF. Output: a Document whose pages hold text items grouped the way pdf.js groups
them (:func:`citelens.adapters.pdftext.group_glyphs`) and their fonts' names (the pipeline decides
their style), plus the PDF's own bookmarks, internal Link annotations with their destinations resolved
to a page and a point, and its metadata as web/analysis/analysis.js reads it from pdf.js: the info
dictionary's texts, then the XMP properties that hold one text (lower-case ``prefix:name`` keys).

Coordinates are converted here, once: pdfminer reports bottom-left user space already shifted to the
MediaBox corner (and rotated by /Rotate); we flip y against the page height (see ``citelens.model``).
Only upright horizontal glyphs become items; rotated or upside-down text (arXiv's side stamp, vertical table heads, the
text of a page turned by /Rotate) is left out.

A glyph's text is what its font's ToUnicode map says (else its encoding), but inside a marked-content
sequence with /ActualText it is that text (ISO 32000-1, 14.9.4), as PDFium reads it (the comment over
:class:`_Device` says why it matters: capitals whose map names a lowercase letter). Where PDFium reads a span
differently: it puts the span's whole text in the box of its first text object and drops the glyphs of its
other objects (here the glyphs keep their boxes, a character each where they are as many); it reads a soft
hyphen of ActualText as a hyphen where the page draws none (a Nature paper's "supra-threshold", "reso-nant",
printed "suprathreshold", "resonant"; here it is a hyphen only where the span draws one); and it reads no
ActualText none of whose characters a one-byte font's map or encoding gives (a tab over a space glyph; here
a tab, read as a space).

Two things of a glyph pdfminer's layout loses are noted as it is drawn (:class:`_Device`): the text rise (Ts),
which raises the glyph's baseline (pdfminer keeps it out of the glyph's matrix; PDFium and pdf.js place the
glyph where it is drawn), and which text-showing operator drew it with which code, so that text drawn again
over itself (a heading emboldened by overprinting) is read once, as the page shows it and PDFium reads it
(:func:`_overprints`).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTContainer, LTPage
from pdfminer.pdfdocument import PDFDocument, PDFEncryptionError, PDFNoOutlines, PDFPasswordIncorrect
from pdfminer.pdfexceptions import PDFException
from pdfminer.pdffont import PDFSimpleFont, PDFType3Font
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser, PDFSyntaxError
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1
from pdfminer.psexceptions import PSException
from pdfminer.psparser import PSLiteral
from pdfminer.utils import decode_text

from citelens.adapters.pdftext import (
    Extraction,
    Glyph,
    Metadata,
    PageGeometry,
    check_file,
    file_sha256,
    group_glyphs,
    strip_subset,
    view_point,
    xmp_properties,
)
from citelens.model import (
    MIN_TEXT_SIZE,
    Bookmark,
    Diagnostic,
    DiagnosticCode,
    Document,
    EncryptedError,
    InputError,
    Link,
    Page,
)

# pdfminer logs every recoverable oddity of real-world PDFs at WARNING; they are not the user's problem.
logging.getLogger("pdfminer").setLevel(logging.ERROR)

__all__ = ["Extraction", "extract", "file_sha256", "read_metadata"]

#: The engine's name, as ``--engine`` takes it and the analysis JSON records it.
NAME = "pdfminer"


def extract(path: str | Path, *, progress: Callable[[int, int], None] | None = None,
            password: str = "") -> Extraction:
    """Read a PDF into text items, bookmarks and links; ``password`` opens an encrypted one.

    Raises :class:`InputError` for a file that is missing or not a readable PDF and
    :class:`EncryptedError` for an encrypted one without its password; a page that fails to parse becomes a
    diagnostic.
    """
    path = Path(path)
    check_file(path)
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

        rsrc = _Resources(caching=True)
        device = _Device(rsrc, laparams=None)
        interp = _Interpreter(rsrc, device)
        pages: list[Page] = []
        geometry: dict[int, PageGeometry] = {}
        for number, pdf_page in enumerate(pdf_pages, start=1):
            geo = PageGeometry.of_box(pdf_page.mediabox, pdf_page.rotate)
            geometry[pdf_page.pageid] = geo
            try:
                interp.process_page(pdf_page)
                layout = device.get_result()
                page = group_glyphs(number, layout.width, layout.height, _glyphs(layout, device))
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
        destinations = _destination_names(doc)
    return Extraction(Document(tuple(pages), bookmarks, links, metadata, destinations), sha, tuple(diagnostics))


# --------------------------------------------------------------------------------------------- text


def _chars(container: LTContainer[Any]) -> Iterator[LTChar]:
    for obj in container:
        if isinstance(obj, LTChar):
            yield obj
        elif isinstance(obj, LTContainer):  # LTFigure: Form XObjects hold text too
            yield from _chars(obj)


def _glyphs(layout: LTPage, device: _Device) -> Iterator[Glyph]:
    chars = list(_chars(layout))
    texts = [ch.get_text() for ch in chars]
    drawn = device.glyphs if len(chars) == device.drawn else None  # (always so: the device keeps drawing order)
    dropped: set[int] = set()
    if drawn is not None:
        for start, end, actual in device.spans:
            texts[start:end] = _actual_texts(actual, texts[start:end])
        dropped = _overprints(chars, drawn)
    for k, (ch, text) in enumerate(zip(chars, texts)):
        # pdfminer's "upright" holds for text turned half a turn too (its matrix -1 0 0 -1): that reads
        # backwards, a glyph an item, and is left out, as the PDFium adapter leaves it out. The glyph's own
        # matrix is the font size times pdfminer's: a negative size (-12 Tf) turns the text back upright.
        size_sign = 1.0 if drawn is None or drawn[k][4] >= 0 else -1.0
        if not ch.upright or ch.matrix[0] * size_sign <= 0 or abs(ch.matrix[1]) > 1e-3 \
                or abs(ch.matrix[2]) > 1e-3 or ch.size < MIN_TEXT_SIZE or k in dropped:
            continue
        # The baseline is where the glyph is drawn: raised by the text rise (Ts, in unscaled text space units,
        # ISO 32000-1, 9.3.7), which pdfminer keeps out of the glyph's matrix.
        rise = drawn[k][3] * ch.matrix[3] if drawn is not None else 0.0
        yield text, ch.x0, ch.x1, ch.matrix[5] + rise, ch.size, strip_subset(ch.fontname)


def _overprints(chars: list[LTChar], drawn: list[_Drawn]) -> set[int]:
    """The glyphs that draw again what the page has drawn just before, at (nearly) the same place: no text of
    their own. A producer emboldens a heading by drawing it twice or three times a fraction of a point apart
    ("poor man's bold"); the page shows the text once, and PDFium's text page reads it once, by two rules
    (``CPDF_TextPage::IsSameAsPreTextObject`` and ``ProcessTextObjectItems``) read here alike:

    - a text-showing operator whose codes, in order, are those of one of the :data:`_OVERPRINT_OPERATORS`
      operators before it, at the same font size, its box overlapping that one's by more than half its width
      and its origin off by less than 0.9 of the last glyph's width across and 1/8 of the box (or the size)
      up or down;
    - a glyph whose code in the same font one of the :data:`_OVERPRINT_GLYPHS` glyphs read before it has, its
      origin within 0.07 em of that one's both ways (a glyph set over itself inside one operator)::

          1 Introduction          drawn at x
           1 Introduction         drawn at x + 0.3 pt: dropped
    """
    dropped: set[int] = set()
    bounds = [0] + [k for k in range(1, len(drawn)) if drawn[k][0] != drawn[k - 1][0]] + [len(drawn)]
    ops = list(zip(bounds, bounds[1:]))
    for j, (start, end) in enumerate(ops):
        for before in reversed(ops[max(0, j - _OVERPRINT_OPERATORS):j]):
            if _same_text_drawn(chars, drawn, before, (start, end)):
                dropped.update(range(start, end))
                break
    recent: deque[tuple[int, int, float, float]] = deque(maxlen=_OVERPRINT_GLYPHS)
    for k, ch in enumerate(chars):
        if k in dropped:
            continue
        _, code, font, _rise, _size = drawn[k]
        x, y, near = ch.matrix[4], ch.matrix[5], 0.07 * ch.size
        if any(c == code and f == font and abs(px - x) < near and abs(py - y) < near for c, f, px, py in recent):
            dropped.add(k)
            continue
        recent.append((code, font, x, y))
    return dropped


#: How many text-showing operators before one a copy of it is looked for in, and how many glyphs before a glyph
#: (PDFium's numbers: five text objects, seven characters).
_OVERPRINT_OPERATORS, _OVERPRINT_GLYPHS = 5, 7


def _same_text_drawn(chars: list[LTChar], drawn: list[_Drawn], before: tuple[int, int],
                     this: tuple[int, int]) -> bool:
    """Whether the operator of glyphs ``this`` draws the codes of the operator ``before`` again over them (see
    :func:`_overprints`)."""
    (b0, b1), (t0, t1) = before, this
    if b1 - b0 != t1 - t0 or drawn[b0][4] != drawn[t0][4]:
        return False
    if any(drawn[b][1] != drawn[t][1] for b, t in zip(range(b0, b1), range(t0, t1))):
        return False
    old, new = chars[b0:b1], chars[t0:t1]
    ox0, oy0 = min(c.x0 for c in old), min(c.y0 for c in old)
    ox1, oy1 = max(c.x1 for c in old), max(c.y1 for c in old)
    nx0, ny0 = min(c.x0 for c in new), min(c.y0 for c in new)
    nx1, ny1 = max(c.x1 for c in new), max(c.y1 for c in new)
    across, up = min(ox1, nx1) - max(ox0, nx0), min(oy1, ny1) - max(oy0, ny0)
    if across <= 0 or up <= 0 or abs(across - (nx1 - nx0)) > (nx1 - nx0) / 2:
        return False
    dx, dy = new[0].matrix[4] - old[0].matrix[4], new[0].matrix[5] - old[0].matrix[5]
    return abs(dx) <= 0.9 * old[-1].width and abs(dy) <= max(across, up, old[0].size) / 8


# A marked-content sequence's /ActualText (ISO 32000-1, 14.9.4) is the text of the glyphs it encloses, in place
# of what their fonts say. Producers write it where a font's ToUnicode cannot say it: the map gives each code one
# text, and small capitals and "all caps" are set with the capital glyphs, for capitals and lowercase letters
# typed alike, so a capital's code maps to one of the letters it was drawn for. In a Nature paper (InDesign CS2)
# Minion Pro Bold's code 0x43 draws the glyph named "C" (in its /Encoding and in the embedded CFF font's) and
# its ToUnicode says "c", as for 0x63; so for T, O, N: "AUTHOR CONTRIBUTIONS" read "AUtHoR contRIBUtIonS". In
# a Greek paper (pages imported by TCPDF) the Times subset's CID 0x0190 (Identity-H) draws a capital Iota (as
# tall as the capitals, 797 units wide; "ι" is CID 0x01A8, 569 wide, of x-height) and its ToUnicode says "ι":
# "ΒΙΒΛΙΟΓΡΑΦΙΑ" read "ΒιΒλιογραφια". Each such glyph sits in a /Span whose ActualText is the letter typed ("T",
# "ΛΙΟΓΡΑΦΙΑ"; a lowercase letter set in small capitals keeps its case: "ethods" over the capitals of the
# heading "Methods"). PDFium reads ActualText (CPDF_TextPage::ProcessMarkedContent); pdfminer hands marked
# content to its device, which reads it here.
class _Device(PDFPageAggregator):
    """pdfminer's page aggregator that also notes the ActualText spans of the page, as
    ``(first glyph, glyph after the last, text)``, glyphs counted in drawing order (:func:`_chars`'s order), and
    what pdfminer's glyphs do not keep of each glyph drawn (:data:`_Drawn`)."""

    def begin_page(self, page: Any, ctm: Any) -> None:
        super().begin_page(page, ctm)
        self.spans: list[tuple[int, int, str]] = []
        self._open: list[tuple[int, str | None]] = []  # the marked-content sequences open: (first glyph, text)
        self.drawn = 0  # glyphs drawn so far
        self.glyphs: list[_Drawn] = []
        self._operators = 0  # text-showing operators run so far

    def begin_tag(self, tag: PSLiteral, props: Any = None) -> None:
        text = None
        props = resolve1(props)
        if isinstance(props, dict):
            value = resolve1(props.get("ActualText"))
            if isinstance(value, bytes):
                text = decode_text(value)  # PDFDocEncoding, or UTF-16BE after its BOM
            elif isinstance(value, str):
                text = value
        self._open.append((self.drawn, text))

    def end_tag(self) -> None:
        if not self._open:  # an EMC without its BMC/BDC
            return
        start, text = self._open.pop()
        # The outermost ActualText stands for everything inside it, an inner one included.
        if text is not None and self.drawn > start and all(t is None for _, t in self._open):
            self.spans.append((start, self.drawn, text))

    def render_string(self, *args: Any, **kwargs: Any) -> None:
        self._operators += 1
        super().render_string(*args, **kwargs)

    def render_char(self, matrix: Any, font: Any, fontsize: float, scaling: float, rise: float, cid: int,
                    *args: Any) -> float:
        self.drawn += 1
        self.glyphs.append((self._operators, cid, id(font), rise, fontsize))
        return super().render_char(matrix, font, fontsize, scaling, rise, cid, *args)


#: What the device notes of a glyph drawn: (its text-showing operator's number, its code, its font's identity,
#: the text rise, the font size the operator set).
_Drawn = tuple[int, int, int, float, float]


class _Resources(PDFResourceManager):
    """pdfminer's resource manager, a simple font named as a standard 14 font (``/Times-Bold``) given the width of
    each code by its /Widths, else by the standard metrics of the character its encoding names.

    pdfminer gives such a font the standard metrics of a character, looked up by the text the font's ToUnicode
    map gives the code (``PDFSimpleFont.char_width``), and never reads its /Widths: a code the map sends to
    another letter (a capital read as lower case, "INTRODUCTION" as "IntRoDUCtIon") or to a ligature's letters
    ("fi", no such width) got another glyph's width, and the glyphs after it moved off where the page draws
    them. A font's /Widths are its glyphs' advances (ISO 32000-1, 9.2.4 and 9.6.2.1), as PDFium and pdf.js read
    them."""

    def get_font(self, objid: object, spec: Any) -> Any:
        font = super().get_font(objid, spec)
        if not isinstance(font, PDFSimpleFont) or isinstance(font, PDFType3Font):
            return font
        if isinstance(spec, dict) and not getattr(font, "_named", False):
            font.fontname = _font_name(spec, font.fontname)
            font._named = True
        widths = getattr(font, "widths", None)
        if isinstance(widths, dict) and any(isinstance(key, str) for key in widths) \
                and not getattr(font, "_widths_by_code", False):
            by_code = {code: widths[text] for code, text in font.cid2unicode.items() if text in widths}
            given = resolve1(spec.get("Widths")) if isinstance(spec, dict) else None
            if isinstance(given, list):
                first = resolve1(spec.get("FirstChar", 0))
                first = first if isinstance(first, int) else 0
                for k, width in enumerate(given):
                    width = resolve1(width)
                    if isinstance(width, (int, float)):
                        by_code[first + k] = width
            font.widths = {**widths, **by_code}  # the texts' widths stay, for a code neither names
            font._widths_by_code = True
        return font


def _font_name(spec: dict[str, Any], read: Any) -> Any:
    """A simple font's name as pdf.js names it (``translateFont``): its descriptor's /FontName, but its
    /BaseFont where the descriptor names none or names a prefix of it (``/Arial`` for ``/Arial,Bold``, a Word
    font left unembedded). pdfminer names a font without /FontName "unknown" (a bold heading's font then reads
    as not bold; PDFium names it by /BaseFont), and a font it measures by a standard font's metrics by that font
    (``/Arial,Bold`` as "Helvetica-Bold")."""
    base = resolve1(spec.get("BaseFont"))
    base = base.name if isinstance(base, PSLiteral) else decode_text(base) if isinstance(base, bytes) else None
    descriptor = resolve1(spec.get("FontDescriptor"))
    name = resolve1(descriptor.get("FontName")) if isinstance(descriptor, dict) else None
    name = name.name if isinstance(name, PSLiteral) else decode_text(name) if isinstance(name, bytes) else None
    if name and base and base != name and base.startswith(name):
        return base
    return name or base or read


class _Interpreter(PDFPageInterpreter):
    """pdfminer's interpreter, a marked-content sequence's properties given by name (``/Span /P0 BDC``) looked
    up in the resources' /Properties, as ISO 32000-1 (14.6.2) has it, and the ``"`` operator moving to the next
    line."""

    def do_BDC(self, tag: Any, props: Any) -> None:
        if isinstance(props, PSLiteral):
            named = resolve1(resolve1(self.resources.get("Properties")) or {})
            props = resolve1(named.get(props.name)) if isinstance(named, dict) else None
        super().do_BDC(tag, props)

    def do__w(self, aw: Any, ac: Any, s: Any) -> None:
        """The ``"`` operator: word and character spacing set, then ``'``, which moves to the next line before it
        shows the text (ISO 32000-1, table 109); pdfminer's shows it where the last text ended, on the line
        before."""
        self.do_Tw(aw)
        self.do_Tc(ac)
        self.do__q(s)


_HYPHENS = frozenset("-\u00ad\u2010\u2011")


def _actual_texts(actual: str, own: list[str]) -> list[str]:
    """The texts of a span's glyphs (``own``: as their fonts read them) where the span's ActualText is
    ``actual``: a character a glyph when they are as many, else all of it on the first glyph (the others keep
    their boxes, no text).

    A soft hyphen in ActualText is where the typed word may break (InDesign writes "a\u00ad" over the "a" of
    "supra|threshold", mid-line): a hyphen where the span draws one (a line-end hyphen, which the layout stage
    reads), else nothing. An ActualText left empty says nothing: the glyphs keep their reading.

    >>> _actual_texts("ethods", ["E", "T", "H", "O", "D", "S"]), _actual_texts("τη", ["Τ", "Η", "X"])
    (['e', 't', 'h', 'o', 'd', 's'], ['τη', '', ''])
    """
    if "\u00ad" in actual and not any(c in _HYPHENS for text in own for c in text):
        actual = actual.replace("\u00ad", "")
    if not actual:
        return own
    if len(actual) == len(own):
        return list(actual)
    return [actual] + [""] * (len(own) - 1)


# -------------------------------------------------------------------------------------- metadata

def read_metadata(path: Path, password: str = "") -> tuple[tuple[str, str], ...]:
    """The metadata of the PDF at ``path`` (as :func:`extract` gives it), without reading its pages; none for
    a file pdfminer cannot open."""
    try:
        with path.open("rb") as f:
            return _metadata(PDFDocument(PDFParser(f), password=password))
    except Exception:  # noqa: BLE001 - metadata is a hint; the caller has read the file with another library
        return ()


def _metadata(doc: PDFDocument) -> tuple[tuple[str, str], ...]:
    """The info dictionary's texts, then the XMP properties holding one text, first of each key kept."""
    out = Metadata()
    try:
        for info in doc.info:
            for key, value in info.items():
                value = resolve1(value)
                out.keep(str(key), decode_text(value) if isinstance(value, bytes) else value)
        stream = resolve1(doc.catalog.get("Metadata"))
        if isinstance(stream, PDFStream):
            for key, value in xmp_properties(stream.get_data()):
                out.keep(key, value)
    except Exception:  # noqa: BLE001 - metadata is a hint (the paper's own DOI); a broken one is none
        pass
    return out.pairs()


# ---------------------------------------------------------------------------------- destinations


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

    def __init__(self, doc: PDFDocument, index: dict[int, int], geometry: dict[int, PageGeometry]) -> None:
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
        x, y = view_point(kind, num)
        geo = self._geometry.get(objid) if objid is not None else None
        if geo is not None:
            x, y = geo.point(x, y)
        return (page, x, y, name)


def _destination_names(doc: PDFDocument) -> tuple[str, ...]:
    """Every named destination's name, sorted, once each: the keys of the catalog's /Names /Dests tree
    (PDF 1.2 on) and of its /Dests dictionary (PDF 1.1), as PDFium's FPDF_GetNamedDest lists them. One
    difference seen in the corpus: a name string with an unknown escape, hyperref's "footnote.\\hskip", loses
    the escaped letter here ("footnote.skip"); PDFium is right to keep it (ISO 32000-1, 7.3.4.2: the
    backslash alone is ignored)."""
    names: set[str] = set()
    seen: set[int] = set()

    def walk(node: Any, depth: int) -> None:
        node = resolve1(node)
        if not isinstance(node, dict) or depth > 32 or id(node) in seen:  # a cyclic or absurd tree ends here
            return
        seen.add(id(node))
        pairs = resolve1(node.get("Names"))
        if isinstance(pairs, list):
            for key in pairs[0::2]:
                name = _name(key)
                if name:
                    names.add(name)
        kids = resolve1(node.get("Kids"))
        for kid in kids if isinstance(kids, list) else ():
            walk(kid, depth + 1)

    try:
        tree = resolve1(doc.catalog.get("Names"))
        if isinstance(tree, dict):
            walk(tree.get("Dests"), 0)
        old = resolve1(doc.catalog.get("Dests"))
        if isinstance(old, dict):
            names.update(str(k) for k in old)
    except Exception:  # noqa: BLE001 - a broken name tree means fewer names, not a failed file
        pass
    return tuple(sorted(names))


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


def _links(pages: list[PDFPage], resolver: _Destinations, geometry: dict[int, PageGeometry]) -> Iterator[Link]:
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
                rect = geo.rect(*(float(resolve1(v)) for v in resolve1(a["Rect"])))
                dest_page, x, y, name = resolver.resolve(dest)
            except Exception:  # noqa: BLE001 - one malformed annotation is skipped, not fatal
                continue
            yield Link(number, rect, dest_page, x, y, name)
