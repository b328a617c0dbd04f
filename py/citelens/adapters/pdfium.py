"""PDF file → :class:`~citelens.model.Document`, with PDFium (pypdfium2). The only module that imports pypdfium2.

Input: a path to a PDF. Output: the Document the pdfminer adapter (:mod:`citelens.adapters.pdfminer`) gives
for the same file: the same glyphs grouped the same way (:func:`citelens.adapters.pdftext.group_glyphs`), the
font names, bookmarks, internal links with their destinations, and metadata, in the same coordinates.
The page's text comes in one call; a text object's font, size, matrix and baseline once; a glyph costs one
call (its origin), its advance is read once per font, scale and
character (per page: PDFium frees a font no open page uses, and its handle can name another font later; per
scale: a running head's letter-spaced capitals gave "ι" an advance 40 % wider than the text's, which closed
the text's word gaps, "καιΜΚΟ" for "και ΜΚΟ"). The
internal links are read while their page is loaded, and resolved once every page's geometry is known.

What PDFium's raw text needs to read as pdfminer (and pdf.js) read a page, done here:

- Ligatures: PDFium spells "ﬁ" as "f" and "i" at one origin; they become one glyph, as wide as the ligature.
- A hyphen that ends a line is U+FFFE in PDFium's text (its mark for "the word goes on"); it is the hyphen
  the page prints, so "-" again (the layout stage decides what a hyphen at a line end is).
- A character beyond U+FFFF ("𝛼", STIX math italic) is missing from PDFium's UTF-16 page text, as is a glyph
  with no character: on such a page each character's code is asked for by itself, so the text stays in line
  with the glyphs.
- Spaces and line breaks PDFium adds where it guesses a gap are left out: spaces come from
  :func:`~citelens.adapters.pdftext.group_glyphs`'s gaps, as for pdfminer.
- A glyph drawn again over itself (a "poor man's bold" ξ, a heading drawn twice 0.3 pt apart) is read once
  by PDFium's text page; the pdfminer adapter reads it once by the same rules. A run of space glyphs is one
  space in both (:func:`~citelens.adapters.pdftext.group_glyphs`), as in PDFium's text and pdf.js's.
- A glyph's width: PDFium's box of a glyph spans its ink too (an italic f reaching over the next letter),
  which would close the space after it; the advance is used, as pdfminer does (:func:`_font_width`).
- A glyph its font maps to no character: PDFium reads its code as a character (TeX's big sum sign as "X");
  it is no text, as pdfminer reads it (its box still counts), where the font is flagged symbolic (ISO
  32000-1, 9.8.2: a symbolic font's glyphs are outside the standard Latin set, so its codes say nothing:
  TeX's math fonts, MT Symbol). In a font without the flag (matplotlib's
  DejaVuSans and Bitstream Vera of a chart's labels, all flags clear) the code is the standard code of the
  letter its glyph draws, which pdfminer reads from the glyph's name: the code is kept.
- Order: PDFium moves a text object drawn back over its line (TeX's accent, set after the letter before
  it) to after the next one; the objects go back to the content stream's order (:func:`_in_content_order`).
- A text object whose characters PDFium places before the page's transformation (every character at the
  object's own origin, its boxes in the object's space; their matrix is right): its glyphs are its boxes,
  moved to where the matrix puts them (:func:`_untransformed_run`).
- A page turned by /Rotate: pdfminer's device space turns it, and its upright text is then not upright and
  left out; the same is done here (:data:`_ROTATION`).

Differences left, each the better reading or no matter to the analysis:

- A font name is the font's ``/BaseFont`` (pdfminer: the descriptor's ``/FontName``; they differ in spacing,
  "Arial Unicode MS" vs "ArialUnicodeMS"); a Type 3 font has neither and is ``unknown`` in both.
- A standard font embedded without ``/Widths``: PDFium places its glyphs by the embedded program's widths,
  pdfminer by the standard metrics (0.5 % apart in Helvetica-Bold); positions differ by a fraction of a point.
- A marked-content span's /ActualText is the text of its glyphs in both (PDFium's own text page reads it;
  the pdfminer adapter reads it after pdfminer: see its opening lines), so small capitals set with capital
  glyphs whose ToUnicode names lower case read as typed ("AUTHOR CONTRIBUTIONS"). Such a font draws two glyphs
  as one character ("C" and "c" both "c"), so a width learnt per character can be the other glyph's: where it
  leaves a gap before the next glyph and PDFium put no space there, the glyph is measured by its box
  (``_remeasured``), and "Acknowledgments" in those small capitals reads whole, not "Ac kn o wl e d g me n t s".
  PDFium puts a span's whole text in the box of its first text object and reads none of its other objects;
  the run then reaches as far as the span's objects do (:func:`_spread_actual_texts`), or the gap they leave
  would split the line.
- PDFium has no call for the info dictionary's keys or for the XMP packet: the metadata is read by the pdfminer
  adapter's reader where pdfminer is installed (the ``pdf`` extra brings both), else it is the info
  dictionary's standard keys (Title, Author, Subject, Keywords, Creator, Producer) and ``doi``.
- A link's named destination: PDFium resolves names itself; the name is found by matching the resolved
  destination against the document's named destinations.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from citelens.adapters.pdftext import (
    Extraction,
    Glyph,
    Metadata,
    SPACE_GAP,
    PageGeometry,
    check_file,
    file_sha256,
    group_glyphs,
    strip_subset,
    view_point,
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

__all__ = ["Extraction", "extract", "file_sha256"]

#: The engine's name, as ``--engine`` takes it and the analysis JSON records it.
NAME = "pdfium"

_c_void_p, _c_int = ctypes.c_void_p, ctypes.c_int


def _fast(func: Any, restype: Any) -> Any:
    """``func`` without argument types, for the per-glyph calls: ctypes then passes a ``c_void_p`` or a ``byref``
    as it is and a Python int as a C int, with none of the per-argument conversions of a typed prototype
    (same library function, same calling convention as pypdfium2's bindings). Every handle and pointer given
    to one must be a ctypes object, every float a ``c_float``: an int would be cut to 32 bits. The GIL is kept
    over the call (``PYFUNCTYPE``): these getters return in well under a microsecond, less than releasing and
    taking it back costs. The text page, given to every glyph's call, goes as a ``byref`` of what its handle
    points to, which ctypes passes as it is (a pointer object is converted anew at each call)."""
    return ctypes.PYFUNCTYPE(restype)(ctypes.cast(func, _c_void_p).value)


_text_object = _fast(pdfium_c.FPDFText_GetTextObject, _c_void_p)
_loose_box = _fast(pdfium_c.FPDFText_GetLooseCharBox, _c_int)
_char_box = _fast(pdfium_c.FPDFText_GetCharBox, _c_int)
_origin = _fast(pdfium_c.FPDFText_GetCharOrigin, _c_int)
_glyph_width = _fast(pdfium_c.FPDFFont_GetGlyphWidth, _c_int)
_font_size = _fast(pdfium_c.FPDFTextObj_GetFontSize, _c_int)
_font_of = _fast(pdfium_c.FPDFTextObj_GetFont, _c_void_p)
_matrix = _fast(pdfium_c.FPDFText_GetMatrix, _c_int)

_text_index = _fast(pdfium_c.FPDFText_GetTextIndexFromCharIndex, _c_int)
_unicode = _fast(pdfium_c.FPDFText_GetUnicode, ctypes.c_uint)
_unmapped = _fast(pdfium_c.FPDFText_HasUnicodeMapError, _c_int)
_is_generated = _fast(pdfium_c.FPDFText_IsGenerated, _c_int)

# The content stream's objects, for the pages whose text objects PDFium lists out of order.
_page_count = _fast(pdfium_c.FPDFPage_CountObjects, _c_int)
_page_object = _fast(pdfium_c.FPDFPage_GetObject, _c_void_p)
_object_type = _fast(pdfium_c.FPDFPageObj_GetType, _c_int)
_form_count = _fast(pdfium_c.FPDFFormObj_CountObjects, _c_int)
_form_object = _fast(pdfium_c.FPDFFormObj_GetObject, _c_void_p)  # its index is an unsigned long: a c_ulong
_TEXT_OBJECT, _FORM_OBJECT = pdfium_c.FPDF_PAGEOBJ_TEXT, pdfium_c.FPDF_PAGEOBJ_FORM

# A text object's marked-content marks, for a span's /ActualText (the mark's index is an unsigned long).
_count_marks = _fast(pdfium_c.FPDFPageObj_CountMarks, _c_int)
_get_mark = _fast(pdfium_c.FPDFPageObj_GetMark, _c_void_p)
_mark_string = _fast(pdfium_c.FPDFPageObjMark_GetParamStringValue, _c_int)

_base_font_name = _fast(pdfium_c.FPDFFont_GetBaseFontName, ctypes.c_size_t)  # once per font and page
#: The bytes of a font's name read in one call, its NUL included; a longer name takes two.
_FONT_NAME_BYTES = 128

_UNIT = ctypes.c_float(1.0)  # the font size a glyph width is asked at
_SYMBOLIC = 1 << 2  # the font descriptor's Symbolic flag (ISO 32000-1, table 123)

# What PDFium adds to the text itself (a space at a word gap, a line break): asked about only for these.
_MADE_UP = frozenset((0x20, 0x0D, 0x0A))

# The page's own mark for a hyphen at the end of a line (see the module's opening lines).
_LINE_END_HYPHEN = 0xFFFE

# Metadata keys read through PDFium when pdfminer is missing (it cannot list the info dictionary's keys).
_INFO_KEYS = ("Title", "Author", "Subject", "Keywords", "Creator", "Producer", "doi")

# pdfminer's device space for a page turned by /Rotate (pdfminer.pdfinterp.PDFPageInterpreter), as the
# 2x2 part of the matrix: upright text of such a page is not upright there, and is left out by both engines.
_ROTATION = {0: (1.0, 0.0, 0.0, 1.0), 90: (0.0, -1.0, 1.0, 0.0), 180: (-1.0, 0.0, 0.0, 1.0),
             270: (0.0, 1.0, -1.0, 0.0)}


def extract(path: str | Path, *, progress: Callable[[int, int], None] | None = None,
            password: str = "") -> Extraction:
    """Read a PDF into text items, bookmarks and links; ``password`` opens an encrypted one.

    Raises :class:`InputError` for a file that is missing or not a readable PDF and
    :class:`EncryptedError` for an encrypted one without its password; a page that fails to load becomes a
    diagnostic.
    """
    path = Path(path)
    check_file(path)
    sha = file_sha256(path)
    try:
        pdf = pdfium.PdfDocument(path, password=password or None)
    except pdfium.PdfiumError as exc:
        if exc.err_code == pdfium_c.FPDF_ERR_PASSWORD:
            raise EncryptedError(f"{path}: the password given does not open this encrypted PDF" if password
                                 else f"{path}: the PDF is encrypted and needs a password (--password)") from exc
        if exc.err_code == pdfium_c.FPDF_ERR_SECURITY:
            raise EncryptedError(f"{path}: the PDF is encrypted with a security handler PDFium does not "
                                 "support") from exc
        raise InputError(f"{path}: not a readable PDF ({type(exc).__name__}: {exc})") from exc
    try:
        count = len(pdf)
        if count <= 0:
            raise InputError(f"{path}: the PDF has no pages")
        diagnostics: list[Diagnostic] = []
        pages: list[Page] = []
        geometry: list[PageGeometry] = []
        anchors: list[tuple[int, tuple[float, float, float, float], Any]] = []  # (page index, box, destination)
        for index in range(count):
            number = index + 1
            raw = pdfium_c.FPDF_LoadPage(pdf.raw, index)
            if not raw:
                diagnostics.append(Diagnostic(DiagnosticCode.PAGE_FAILED, f"page {number} could not be read "
                                              "(PDFium could not load it)", number))
                geometry.append(_geometry_of(pdf, index, None))
                geo = geometry[-1]
                pages.append(Page(number, geo.width, geo.height))
            else:
                try:
                    geo = _geometry_of(pdf, index, raw)
                    geometry.append(geo)
                    pages.append(_page(number, raw, geo))
                    anchors.extend(_anchors(pdf, raw, index, geo))
                finally:
                    pdfium_c.FPDF_ClosePage(raw)
            if progress is not None:
                progress(number, count)
        bookmarks = tuple(_bookmarks(pdf, geometry))
        resolver = _Destinations(pdf, geometry)
        links = tuple(Link(index + 1, box, *resolver.resolve(dest, named=True)) for index, box, dest in anchors)
        metadata = _metadata(path, pdf, password)
        destinations = resolver.all_names()
    finally:
        pdf.close()
    return Extraction(Document(tuple(pages), bookmarks, links, metadata, destinations), sha, tuple(diagnostics))


# --------------------------------------------------------------------------------------------- text


def _geometry_of(pdf: pdfium.PdfDocument, index: int, raw: Any) -> PageGeometry:
    if raw:
        box = [ctypes.c_float() for _ in range(4)]
        if pdfium_c.FPDFPage_GetMediaBox(raw, *(ctypes.byref(v) for v in box)):
            rotate = pdfium_c.FPDFPage_GetRotation(raw) % 4 * 90
            return PageGeometry.of_box([v.value for v in box], rotate)
        width, height = pdfium_c.FPDF_GetPageWidthF(raw), pdfium_c.FPDF_GetPageHeightF(raw)
        return PageGeometry.of_box((0.0, 0.0, width, height), pdfium_c.FPDFPage_GetRotation(raw) % 4 * 90)
    w, h = ctypes.c_double(), ctypes.c_double()
    if pdfium_c.FPDF_GetPageSizeByIndex(pdf.raw, index, ctypes.byref(w), ctypes.byref(h)):
        return PageGeometry.of_box((0.0, 0.0, w.value, h.value), 0)
    return PageGeometry.of_box((0.0, 0.0, 612.0, 792.0), 0)


def _font_name(key: int, names: dict[int, str]) -> str:
    """The name of the font with handle ``key`` (0: none), read in one call where it fits
    :data:`_FONT_NAME_BYTES`."""
    name = names.get(key)
    if name is None:
        font = _c_void_p(key)
        buf = ctypes.create_string_buffer(_FONT_NAME_BYTES)
        size = _base_font_name(font, buf, ctypes.c_size_t(len(buf))) if key else 0
        if size > len(buf):  # PDFium leaves the buffer as it is and gives the size the name needs
            buf = ctypes.create_string_buffer(size)
            _base_font_name(font, buf, ctypes.c_size_t(size))
        name = strip_subset(buf.value.decode("utf-8", "replace")) or "unknown"
        names[key] = name
    return name


def _page(number: int, raw: Any, geo: PageGeometry) -> Page:
    textpage = pdfium_c.FPDFText_LoadPage(raw)
    if not textpage:
        return Page(number, geo.width, geo.height)
    try:
        # Font handles live as long as a page uses them: their names are cached per page.
        glyphs = _glyphs(raw, textpage, geo, {})
    finally:
        pdfium_c.FPDFText_ClosePage(textpage)
    return group_glyphs(number, geo.width, geo.height, glyphs)


def _text_indices(tp: Any, n: int) -> list[int]:
    """Where each of the ``n`` characters is in the page's text (-1: it is not), as
    ``FPDFText_GetTextIndexFromCharIndex`` gives it, asked about far fewer characters than ``n``.

    PDFium maps runs of characters one to one onto the text and leaves a character out of it only between runs
    (``CPDF_TextPage::Init``, ``m_CharIndices``), so the text index minus the character index never grows along
    the page and drops at each character left out. Two characters in the text with the same difference have
    every character between them in the text, in order: only the spans that hold a gap are split further::

        characters  0 1 2 3 4 5 6 7      index 3 left out
        text index  0 1 2 - 3 4 5 6      difference 0 0 0 . -1 -1 -1 -1
    """
    at = [-1] * n
    ask = _text_index

    def fill(lo: int, hi: int, t_lo: int, t_hi: int) -> None:
        while True:
            if t_lo >= 0 and t_hi - t_lo == hi - lo:
                at[lo:hi + 1] = range(t_lo, t_hi + 1)
                return
            at[lo], at[hi] = t_lo, t_hi
            if hi - lo <= 1:
                return
            mid = (lo + hi) // 2
            t_mid = ask(tp, mid)
            fill(lo, mid, t_lo, t_mid)
            lo, t_lo = mid, t_mid

    fill(0, n - 1, ask(tp, 0), ask(tp, n - 1))
    return at


def _run_end(tp: Any, start: int, n: int, obj: int) -> tuple[int, int | None]:
    """The index after the last character of ``obj``'s run that starts at ``start``, and the object of the
    character there where the search has read it (-1: not read; None: no object). PDFium lists a text
    object's characters together, so the end is searched for (doubling steps, then halving), not walked to."""
    lo, step, hi = start, 1, start + 1
    after: int | None = -1  # the object of character hi, once read: every hi the search settles on is
    while hi < n:
        after = _text_object(tp, hi)
        if after != obj:
            break
        lo, step = hi, step * 2
        hi, after = lo + step, -1
    hi = min(hi, n)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        at_mid = _text_object(tp, mid)
        if at_mid == obj:
            lo = mid
        else:
            hi, after = mid, at_mid
    return hi, after


def _glyphs(page: Any, textpage: Any, geo: PageGeometry, fonts: dict[int, str]) -> list[Glyph]:
    """The page's upright glyphs in PDFium's order, in pdfminer's device space (see :data:`_ROTATION`).

    A glyph runs from its origin over its advance (as pdfminer reads it), found once per font and character
    (:func:`_font_width`): a box that reached over the ink of an overhanging glyph (an italic f) would close
    the gap before the next word.
    """
    n = pdfium_c.FPDFText_CountChars(textpage)
    if n <= 0:
        return []
    units = (ctypes.c_ushort * (n + 1))()
    tp = ctypes.byref(textpage.contents)  # the handle, for the glyphs' calls (see _fast)
    if pdfium_c.FPDFText_GetText(textpage, 0, n, units) == n + 1:
        codes = units[:n]
    else:
        # A glyph without a character is missing from the text, or a character beyond U+FFFF is (this PDFium's
        # UTF-16 text drops it: "𝛼 = 0.01" reads " = 0.01"): the text no longer lines up with the glyphs. Each
        # character left in the text is asked for its own code instead; PDFium's line-end hyphen mark is then
        # U+0002, not the text's U+FFFE (on every other character of the corpus the two agree).
        at = _text_indices(tp, n)
        unicode = _unicode
        codes = [0 if k < 0 else _LINE_END_HYPHEN if (c := unicode(tp, i)) == 2 else c for i, k in enumerate(at)]
    ox, oy = ctypes.c_double(), ctypes.c_double()
    ox_at, oy_at = ctypes.byref(ox), ctypes.byref(oy)
    out_params = _Out()
    box, box_at = out_params.box, out_params.box_at
    matrix = pdfium_c.FS_MATRIX()
    matrix_at = ctypes.byref(matrix)
    tf = ctypes.c_float()
    tf_at = ctypes.byref(tf)
    ra, rb, rc, rd = _ROTATION.get(geo.rotate, _ROTATION[0])
    turned = geo.rotate != 0
    shift_x, shift_y = geo.x0, geo.y0
    # (font, scale) -> (character -> (advance at size 1 if the font gives one, whether the font maps it to no
    #                   character), character -> (its text, width) where the glyph reads as the character and is
    #                   no ligature)
    widths: dict[tuple[int, float], tuple[dict[int, tuple[float | None, bool]], dict[int, tuple[str, float]]]] = {}
    nothing: dict[int, tuple[str, float]] = {}
    symbolic: dict[int, bool] = {}  # font -> whether its descriptor flags it symbolic
    origin = _origin
    out: list[Glyph] = []
    append = out.append
    runs: list[tuple[int, int]] = []  # (text object, index of its first glyph in out)
    start, next_obj = 0, -1
    placed = -2  # the index of the last glyph placed by a width, not by its box (none yet), in any run
    reach = 0.0  # where a glyph after it starts past a gap that reads as a space
    while start < n:
        obj = next_obj if next_obj != -1 else _text_object(tp, start)
        if obj is None:  # what PDFium adds between objects (a line break) has no object: a run of one
            start, next_obj = start + 1, -1
            continue
        end, next_obj = _run_end(tp, start, n, obj)
        first, start = start, end
        _matrix(tp, first, matrix_at)
        a, b, c, d = matrix.a, matrix.b, matrix.c, matrix.d
        if turned:
            a, b, c, d = a * ra + b * rc, a * rb + b * rd, c * ra + d * rc, c * rb + d * rd
        obj_p = _c_void_p(obj)
        _font_size(obj_p, tf_at)
        size = tf.value * d
        # pdfminer's test for text set upright (LTChar.upright), then its own: no shear, a size people read.
        if not (a * d > 0 and b * c <= 0 and abs(b) <= 1e-3 and abs(c) <= 1e-3 and size >= MIN_TEXT_SIZE):
            continue
        font = _font_of(obj_p) or 0
        name = fonts.get(font) or _font_name(font, fonts)
        # Widths are learnt per font and scale: a run set otherwise (a running head's letter-spaced capitals)
        # can give a character another advance than the text's, which would close the text's word gaps. The
        # scale to half a point: a font expanded a little to justify a line (pdfTeX's microtype, up to 2 %, a
        # scale of its own on every line) keeps what is learnt at size 1.
        key = (font, round(tf.value * a * 2))
        per_font = widths.get(key)
        if per_font is None:
            per_font = widths[key] = ({}, {})
        known_of = per_font[0]
        # The widths of the characters read as themselves, for the glyph loop's short way (none when turned).
        plain = nothing if turned else per_font[1]
        runs.append((obj, len(out)))
        scale = tf.value * a  # a width at size 1 -> points along the baseline
        _origin(tp, first, ox_at, oy_at)
        base = _device(geo, ox.value, oy.value)[1] if turned else oy.value - shift_y
        # A run's first origin is where its characters' matrix puts it, or along its baseline from there (a
        # TJ offset before the first glyph). Where it is instead the object's own untransformed position,
        # PDFium placed the run's characters before the page's transformation (seen on a page set at 110 %,
        # in objects whose every character had one origin): they are placed by their boxes instead.
        if not turned and (abs(ox.value - matrix.e) > 1.0 or abs(oy.value - matrix.f) > 1.0):
            own = _own_matrix(obj_p)
            if own is not None and abs(own.e - ox.value) < 0.5 and abs(own.f - oy.value) < 0.5 and own.a > 0:
                out.extend(_untransformed_run(tp, first, end, codes, matrix, own, geo, size, name, out_params))
                continue
        px0 = -1.0  # the previous glyph's origin, for ligatures
        fresh: int | None = None  # the character whose width the previous glyph measured first
        # A glyph's width is its character's: learnt from the first glyph read as that character and reused,
        # or the font's width of the character (:func:`_font_width`). A font may draw two glyphs as one
        # character, though: small capitals set with the capital glyphs, which the ToUnicode map sends to lower
        # case with the lower-case glyphs ("C" and "c" both "c"). The next glyph then starts farther on than
        # that width says, with no space between (PDFium puts a space character of its own at a word's gap):
        # the glyph is measured again by its own box (:func:`_remeasured`), so the gap reads as no space.
        gap = SPACE_GAP * size  # a narrower gap reads as no space anyway
        for i in range(first, end):
            code = codes[i]
            # The short way of the common glyph (the long way below gives the same): a character that is
            # itself, its width known, no ligature.
            known_plain = plain.get(code)
            if known_plain is not None:
                origin(tp, i, ox_at, oy_at)
                gx0 = ox.value - shift_x
                if gx0 != px0:
                    px0 = gx0
                    fresh = None
                    if gx0 > reach and placed == i - 1:
                        out[-1] = _remeasured(tp, i - 1, out[-1], shift_x, out_params)
                    text, w = known_plain
                    x1 = gx0 + w * scale
                    append((text, gx0, x1, base, size, name))
                    placed, reach = i, x1 + gap
                    continue
            # The first cases of _text_of, here: PDFium's own spaces come this way, about one character in eight.
            if 0x20 < code < 0xD800:
                text = chr(code)
            elif code in _MADE_UP:
                if _is_generated(tp, i):
                    continue
                text = chr(code)
            else:
                text = _text_of(tp, i, codes, n)
            _origin(tp, i, ox_at, oy_at)
            x = ox.value
            gx0 = _device(geo, x, oy.value)[0] if turned else x - shift_x
            if gx0 == px0:
                # One glyph, several characters (a ligature PDFium spells out): one glyph, as pdfminer reads it,
                # as wide as PDFium's box of it (the font's width of "i" is not the width of "fi").
                _loose_box(tp, i, box_at)
                if fresh is not None:
                    del known_of[fresh]  # measured on the ligature's box, not the first character's own glyph
                    plain.pop(fresh, None)
                    fresh = None
                prev = out[-1]
                append_x1 = (box.right - shift_x) if not turned else prev[2]
                out[-1] = (prev[0] + text, prev[1], max(prev[2], append_x1), base, size, name)
                continue
            if gx0 > reach and placed == i - 1:  # (set only upright: a turned glyph is placed by its box)
                out[-1] = _remeasured(tp, i - 1, out[-1], shift_x, out_params)
            px0 = gx0
            known = known_of.get(code)
            fresh = None
            if known is None:
                fresh = code
                # A glyph the font gives no character for reads as its code: none, as pdfminer reads it,
                # unless the font is not symbolic (see the module's opening lines).
                known = known_of[code] = (_font_width(tp, i, font, code, scale, x, out_params),
                                          _unmapped(tp, i) == 1 and (code < 0x20 or _symbolic(font, symbolic)))
                if known[0] is not None and not known[1] and not turned and 0x20 < code < 0xD800:
                    plain[code] = (text, known[0])
            width, unmapped = known
            if unmapped:
                text = ""
            if width is None or turned:
                _loose_box(tp, i, box_at)
                if turned:
                    p, q = _device(geo, box.left, box.bottom), _device(geo, box.right, box.top)
                    append((text, min(p[0], q[0]), max(p[0], q[0]), base, size, name))
                else:
                    append((text, gx0, box.right - shift_x, base, size, name))
            else:
                x1 = gx0 + width * scale
                append((text, gx0, x1, base, size, name))
                placed, reach = i, x1 + gap
    if not turned:
        _spread_actual_texts(page, out, runs, shift_x)
    return _in_content_order(page, out, runs)


def _actual_text_mark(obj: Any) -> int | None:
    """The address of the text object's innermost mark where one of its marks has an /ActualText, else None."""
    count = _count_marks(obj)
    if count <= 0:
        return None
    size = ctypes.c_ulong(0)
    for k in range(count):
        mark = _get_mark(obj, ctypes.c_ulong(k))
        if mark and _mark_string(_c_void_p(mark), b"ActualText", None, ctypes.c_ulong(0), ctypes.byref(size)):
            return _innermost_mark(obj, count)
    return None


def _innermost_mark(obj: Any, count: int) -> int | None:
    return _get_mark(obj, ctypes.c_ulong(count - 1)) or None


def _spread_actual_texts(page: Any, out: list[Glyph], runs: list[tuple[int, int]], shift_x: float) -> None:
    """A marked-content span's /ActualText over several text objects reaches as far as its objects do.

    PDFium puts the span's whole text in the box of its first text object and reads none of the others
    (``CPDF_TextPage::ProcessMarkedContent``): the gap they leave split the line ("1 Contributions" set in three
    objects, then "and more" two em on: two items, the first 18 pt wide). The run's last glyph is stretched
    to the right edge of the span's last object, as pdfminer's glyphs keep their boxes. The span's objects are
    the text objects after the first in content order whose innermost mark is the first one's (PDFium's test).
    """
    marked = [k for k, (obj, _) in enumerate(runs) if _actual_text_mark(_c_void_p(obj)) is not None]
    if not marked:
        return
    objects = [_page_object(page, k) for k in range(_page_count(page))]
    where = {obj: k for k, obj in enumerate(objects) if obj}
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    for k in marked:
        obj, start = runs[k]
        end = runs[k + 1][1] if k + 1 < len(runs) else len(out)
        at = where.get(obj)
        if end <= start or at is None:
            continue
        obj_p = _c_void_p(obj)
        count = _count_marks(obj_p)
        mark = _innermost_mark(obj_p, count)
        reach = None
        for other in objects[at + 1:]:
            other_p = _c_void_p(other)
            if _object_type(other_p) != _TEXT_OBJECT:
                continue
            if _count_marks(other_p) != count or _innermost_mark(other_p, count) != mark:
                break
            if pdfium_c.FPDFPageObj_GetBounds(ctypes.cast(other, pdfium_c.FPDF_PAGEOBJECT), ctypes.byref(left),
                                              ctypes.byref(bottom), ctypes.byref(right), ctypes.byref(top)):
                reach = right.value if reach is None else max(reach, right.value)
        if reach is not None:
            text, x0, x1, base, size, name = out[end - 1]
            out[end - 1] = (text, x0, max(x1, reach - shift_x), base, size, name)


def _remeasured(tp: Any, i: int, glyph: Glyph, shift_x: float, out: _Out) -> Glyph:
    """Glyph ``i`` (upright), placed by its character's width, reaching as far
    as its own box does (its advance, or its ink where that reaches further: PDFium saw no word's gap there).
    The font's width is no help: PDFium finds the glyph in the font again from its character."""
    text, x0, x1, base, size, name = glyph
    _loose_box(tp, i, out.box_at)
    return (text, x0, max(x1, out.box.right - shift_x), base, size, name)


def _text_of(tp: Any, i: int, codes: Any, n: int) -> str | None:
    """The text of character ``i`` (None: PDFium made it up, a space or line break of its own): a surrogate
    pair is one character, PDFium's mark for a line-end hyphen a hyphen."""
    code = codes[i]
    if 0x20 < code < 0xD800:
        return chr(code)
    if code in _MADE_UP:
        return None if _is_generated(tp, i) else chr(code)
    if code == _LINE_END_HYPHEN:
        return "-"
    if 0xD800 <= code < 0xDC00 and i + 1 < n and 0xDC00 <= codes[i + 1] < 0xE000:
        return chr(0x10000 + ((code - 0xD800) << 10) + (codes[i + 1] - 0xDC00))
    if 0xDC00 <= code < 0xE000:
        return ""  # the second half of the pair above
    return chr(code) if code else ""


def _own_matrix(obj: Any) -> Any:
    """The text object's own matrix (``FPDFPageObj_GetMatrix``: before the page's transformation), or None."""
    own = pdfium_c.FS_MATRIX()
    ok = pdfium_c.FPDFPageObj_GetMatrix(ctypes.cast(obj, pdfium_c.FPDF_PAGEOBJECT), ctypes.byref(own))
    return own if ok else None


def _symbolic(font: int, known: dict[int, bool]) -> bool:
    """Whether the font descriptor flags the font symbolic (bit 3), for the font with handle ``font``."""
    flag = known.get(font)
    if flag is None:
        flags = pdfium_c.FPDFFont_GetFlags(ctypes.cast(font, pdfium_c.FPDF_FONT)) if font else 0
        flag = known[font] = bool(flags & _SYMBOLIC)
    return flag


def _untransformed_run(tp: Any, first: int, end: int, codes: Any, matrix: Any, own: Any, geo: PageGeometry,
                       size: float, name: str, out_params: _Out) -> list[Glyph]:
    """The glyphs of a run whose characters PDFium placed in its object's own space: each character's box,
    moved from the object's own origin ``own`` onto its characters' matrix, scaled as the page scales it."""
    scale = matrix.a / own.a
    x, base = matrix.e - geo.x0, matrix.f - geo.y0
    glyphs: list[Glyph] = []
    for i in range(first, end):
        text = _text_of(tp, i, codes, len(codes))
        if text is None:
            continue
        _char_box(tp, i, *out_params.ink_at)
        left, right = out_params.ink[0], out_params.ink[1]
        glyphs.append((text, x + (left - own.e) * scale, x + (right - own.e) * scale, base, size, name))
    return glyphs


def _in_content_order(page: Any, glyphs: list[Glyph], runs: list[tuple[int, int]]) -> list[Glyph]:
    """The glyphs with their text objects in the content stream's order, as pdfminer and pdf.js read them.

    PDFium moves a text object drawn back over its line (TeX's accent over the letter it set just before:
    "M", then "¨" over the "u" to come) to after the next object ("Muller¨"); only a page where an object
    starts left of the previous one's end on the same baseline is looked at again, its objects numbered
    in content order (inside Form XObjects too) and its runs put back in that order.
    """
    back = False
    for _obj, at in runs:
        if not 0 < at < len(glyphs):
            continue
        prev, this = glyphs[at - 1], glyphs[at]
        if abs(this[3] - prev[3]) < 0.1 * prev[4] and this[1] < prev[2] - 0.1 * prev[4]:
            back = True
            break
    if not back:
        return glyphs
    order: dict[int, int] = {}

    def number(count: int, get: Callable[[int], int | None]) -> None:
        for k in range(count):
            obj = get(k)
            if not obj:
                continue
            obj_p = _c_void_p(obj)
            kind = _object_type(obj_p)
            if kind == _TEXT_OBJECT:
                order[obj] = len(order)
            elif kind == _FORM_OBJECT:
                number(_form_count(obj_p), lambda j, form=obj_p: _form_object(form, ctypes.c_ulong(j)))

    number(_page_count(page), lambda k: _page_object(page, k))
    bounds = [start for _, start in runs] + [len(glyphs)]
    pieces = sorted(range(len(runs)), key=lambda k: order.get(runs[k][0], len(order)))
    return [g for k in pieces for g in glyphs[bounds[k]:bounds[k + 1]]]


class _Out:
    """The out-parameters the glyph calls write, made once per page (each thread reading a page has its own)."""

    __slots__ = ("box", "box_at", "ink", "ink_at", "width", "width_at")

    def __init__(self) -> None:
        self.box = pdfium_c.FS_RECTF()
        self.box_at = ctypes.byref(self.box)
        self.ink = (ctypes.c_double * 4)()  # left, right, bottom, top
        self.ink_at = tuple(ctypes.byref(self.ink, 8 * k) for k in range(4))
        self.width = ctypes.c_float()
        self.width_at = ctypes.byref(self.width)


def _font_width(tp: Any, i: int, font: int, code: int, scale: float, origin: float, out: _Out) -> float | None:
    """The advance of glyph ``i`` at size 1, or None (its box stands in). PDFium's "loose" box is the union of
    the advance and the glyph's ink: where the ink stops short of its right edge, that edge is the advance;
    where the ink reaches it (an overhanging f), the font's width of the character is, if it fits the box
    (PDFium finds a character's code in the font again from its text, which can miss)."""
    if scale <= 0:
        return None
    _loose_box(tp, i, out.box_at)
    right = out.box.right
    _char_box(tp, i, *out.ink_at)
    if out.ink[1] < right - 0.01:
        return (right - origin) / scale
    width = out.width
    if font and _glyph_width(_c_void_p(font), code, _UNIT, out.width_at) and 0 < width.value * scale \
            <= right - origin + 0.01:
        return float(width.value)
    return (right - origin) / scale


def _device(geo: PageGeometry, x: float, y: float) -> tuple[float, float]:
    """A user-space point in pdfminer's device space for the page's /Rotate (pdfminer.pdfinterp)."""
    if geo.rotate == 90:
        return (y - geo.y0, geo.x1 - x)
    if geo.rotate == 180:
        return (geo.x1 - x, y + geo.y1)
    if geo.rotate == 270:
        return (geo.y1 - y, x - geo.x0)
    return (x - geo.x0, y - geo.y0)


# ---------------------------------------------------------------------------------- destinations


def _utf16(read: Callable[[Any, int], int]) -> str:
    """A UTF-16LE text from a PDFium getter ``read(buffer, size)`` that returns the size it needs."""
    size = read(None, 0)
    if size <= 2:
        return ""
    buf = ctypes.create_string_buffer(size)
    read(buf, size)
    return buf.raw[:size].decode("utf-16-le", "replace").rstrip("\x00")


#: The bytes of a destination's name read in one call (UTF-16: 256 characters); a longer one takes three.
_NAME_BYTES = 512


class _Destinations:
    """Resolves PDFium destinations to (page number, x, y, name) in citelens coordinates."""

    def __init__(self, pdf: pdfium.PdfDocument, geometry: list[PageGeometry]) -> None:
        self._pdf = pdf
        self._geometry = geometry
        self._names: dict[int, str] | None = None
        self._all: list[str] = []  # every name, as names() reads them

    def names(self) -> dict[int, str]:
        """The named destinations, by the address of the destination each resolves to (the first name of
        each)."""
        if self._names is None:
            self._names = {}
            doc = self._pdf.raw
            # PDFium finds the i-th name by walking the name tree from its start: one call reads a name that
            # fits the buffer; a longer one is measured first (PDFium's size then is -1), then read.
            buf = ctypes.create_string_buffer(_NAME_BYTES)
            size = ctypes.c_long(0)
            for i in range(pdfium_c.FPDF_CountNamedDests(doc)):
                size.value = len(buf)
                dest = pdfium_c.FPDF_GetNamedDest(doc, i, buf, ctypes.byref(size))
                if dest and size.value < 0:
                    pdfium_c.FPDF_GetNamedDest(doc, i, None, ctypes.byref(size))
                    buf = ctypes.create_string_buffer(max(size.value, len(buf)))
                    dest = pdfium_c.FPDF_GetNamedDest(doc, i, buf, ctypes.byref(size))
                if not dest or size.value <= 0:  # no destination, or one without a name
                    continue
                name = buf.raw[:size.value].decode("utf-16-le", "replace").rstrip("\x00")
                self._all.append(name)
                key = ctypes.cast(dest, _c_void_p).value
                if key:
                    self._names.setdefault(key, name)
        return self._names

    def all_names(self) -> tuple[str, ...]:
        """Every named destination's name, sorted, once each (whatever it resolves to)."""
        self.names()
        return tuple(sorted(set(self._all)))

    def resolve(self, dest: Any, *, named: bool = False) -> tuple[int | None, float | None, float | None,
                                                                 str | None]:
        key = ctypes.cast(dest, _c_void_p).value
        if not key:
            return (None, None, None, None)
        name = self.names().get(key) if named else None
        index = pdfium_c.FPDFDest_GetDestPageIndex(self._pdf.raw, dest)
        if not 0 <= index < len(self._geometry):
            return (None, None, None, name)
        x, y = self._view(dest)
        x, y = self._geometry[index].point(x, y)
        return (index + 1, x, y, name)

    @staticmethod
    def _view(dest: Any) -> tuple[float | None, float | None]:
        nparams = ctypes.c_ulong(0)
        params = (pdfium_c.FS_FLOAT * 4)()
        mode = pdfium_c.FPDFDest_GetView(dest, ctypes.byref(nparams), params)
        if mode == pdfium_c.PDFDEST_VIEW_XYZ:
            has_x, has_y, has_zoom = pdfium_c.FPDF_BOOL(), pdfium_c.FPDF_BOOL(), pdfium_c.FPDF_BOOL()
            x, y, zoom = pdfium_c.FS_FLOAT(), pdfium_c.FS_FLOAT(), pdfium_c.FS_FLOAT()
            if not pdfium_c.FPDFDest_GetLocationInPage(dest, ctypes.byref(has_x), ctypes.byref(has_y),
                                                       ctypes.byref(has_zoom), ctypes.byref(x), ctypes.byref(y),
                                                       ctypes.byref(zoom)):
                return (None, None)
            return (x.value if has_x.value else None, y.value if has_y.value else None)
        kind = _VIEWS.get(mode)
        return view_point(kind, [float(params[k]) for k in range(min(nparams.value, 4))])


_VIEWS = {pdfium_c.PDFDEST_VIEW_FITH: "FitH", pdfium_c.PDFDEST_VIEW_FITBH: "FitBH",
          pdfium_c.PDFDEST_VIEW_FITV: "FitV", pdfium_c.PDFDEST_VIEW_FITBV: "FitBV",
          pdfium_c.PDFDEST_VIEW_FITR: "FitR"}


def _bookmark_dest(pdf: pdfium.PdfDocument, mark: Any) -> Any:
    dest = pdfium_c.FPDFBookmark_GetDest(pdf.raw, mark)
    if not dest:
        action = pdfium_c.FPDFBookmark_GetAction(mark)
        if action and pdfium_c.FPDFAction_GetType(action) == pdfium_c.PDFACTION_GOTO:
            dest = pdfium_c.FPDFAction_GetDest(pdf.raw, action)
    return dest


def _bookmarks(pdf: pdfium.PdfDocument, geometry: list[PageGeometry]) -> Iterator[Bookmark]:
    resolver = _Destinations(pdf, geometry)
    seen: set[int] = set()  # an outline whose siblings loop back is read up to the loop

    def walk(mark: Any, level: int) -> Iterator[Bookmark]:
        while mark:
            key = ctypes.cast(mark, _c_void_p).value or 0
            if key in seen or level > 64:
                return
            seen.add(key)
            title = _utf16(lambda buf, size, mark=mark: pdfium_c.FPDFBookmark_GetTitle(mark, buf, size))
            dest = _bookmark_dest(pdf, mark)
            page, _x, y, _n = resolver.resolve(dest)
            yield Bookmark(" ".join(title.split()), level, page, y)
            yield from walk(pdfium_c.FPDFBookmark_GetFirstChild(pdf.raw, mark), level + 1)
            mark = pdfium_c.FPDFBookmark_GetNextSibling(pdf.raw, mark)

    yield from walk(pdfium_c.FPDFBookmark_GetFirstChild(pdf.raw, None), 1)


def _anchors(pdf: pdfium.PdfDocument, raw: Any, index: int,
             geo: PageGeometry) -> Iterator[tuple[int, tuple[float, float, float, float], Any]]:
    """The internal links of a loaded page: (page index, box, destination), resolved once every page's geometry
    is known (a destination belongs to the document, not to the page)."""
    rect = pdfium_c.FS_RECTF()
    pos = ctypes.c_int(0)
    link = pdfium_c.FPDF_LINK()
    while pdfium_c.FPDFLink_Enumerate(raw, ctypes.byref(pos), ctypes.byref(link)):
        dest = pdfium_c.FPDFLink_GetDest(pdf.raw, link)
        if not dest:
            action = pdfium_c.FPDFLink_GetAction(link)
            if not action or pdfium_c.FPDFAction_GetType(action) != pdfium_c.PDFACTION_GOTO:
                continue  # URI and other external actions are not document structure
            dest = pdfium_c.FPDFAction_GetDest(pdf.raw, action)
            if not dest:
                continue
        if not pdfium_c.FPDFLink_GetAnnotRect(link, ctypes.byref(rect)):
            continue
        yield index, geo.rect(rect.left, rect.bottom, rect.right, rect.top), dest


# -------------------------------------------------------------------------------------- metadata


def _metadata(path: Path, pdf: pdfium.PdfDocument, password: str) -> tuple[tuple[str, str], ...]:
    try:
        from citelens.adapters.pdfminer import read_metadata
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] != "pdfminer":
            raise
    else:
        return read_metadata(path, password)
    out = Metadata()
    for key in _INFO_KEYS:
        tag = key.encode("ascii")
        out.keep(key, _utf16(lambda buf, size, tag=tag: pdfium_c.FPDF_GetMetaText(pdf.raw, tag, buf, size)))
    return out.pairs()
