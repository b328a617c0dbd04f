"""Bold and italic from a font's PostScript name: all the style information a text item carries.

pdf.js and pdfminer both give the name ("NimbusRomNo9L-Medi", "ABCDEF+CMBX12") and nothing more
reliable, so both adapters send names only and the pipeline's first stage, :func:`with_font_styles`,
decides the style of every font of a Document with :func:`classify_font`. Where no name says bold (opaque
names, "F1" or a Type 3 font's), the widths of the glyphs do (:func:`bold_by_width`): a bold face runs
wider than its family's regular. PDFium's font weight, the one other source, is missing or wrong too often
to use (0 or 400 for bold faces on a third of the corpus's papers, 2026-12-06).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import replace

from citelens.model import Document, Font, Page
from citelens.params import PARAMS, FontParams
from citelens.patterns import FONT_BOLD, FONT_ITALIC

#: Advance widths of Times-Roman's letters and space (Adobe's AFM, in 1/1000 em): the width a text would take
#: in a plain serif face, against which each font's glyphs are measured.
_PLAIN = dict(zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ", (
    444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500,
    722, 500, 500, 444, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889, 722, 722, 556, 722, 667,
    556, 611, 722, 722, 944, 722, 722, 611, 250), strict=True))


def classify_font(name: str) -> tuple[bool, bool]:
    """``(bold, italic)`` for a PostScript font name.

    >>> classify_font("NimbusRomNo9L-Medi"), classify_font("CMTI10"), classify_font("Times-Roman")
    ((True, False), (False, True), (False, False))
    """
    return (FONT_BOLD.search(name) is not None, FONT_ITALIC.search(name) is not None)


def with_font_styles(document: Document, params: FontParams = PARAMS.fonts) -> Document:
    """The document with each font's bold and italic set from its name (where no name says bold, bold from
    the glyphs' widths: :func:`bold_by_width`); a style already set stays set.

    >>> from citelens.model import Page
    >>> page = Page(1, 612, 792, fonts=(Font("CMBX12"), Font("CMR10", italic=True)))
    >>> with_font_styles(Document((page,))).pages[0].fonts
    (Font(name='CMBX12', bold=True, italic=False), Font(name='CMR10', bold=False, italic=True))
    """
    # A paper sets a few fonts and names them again on every page: each is styled once. A page whose fonts
    # were styled already (a cached extraction's) stays as it is.
    styled: dict[Font, Font] = {}
    pages = []
    for page in document.pages:
        for f in page.fonts:
            if f not in styled:
                styled[f] = _styled(f)
        fonts = tuple([styled[f] for f in page.fonts])
        pages.append(page if fonts == page.fonts else replace(page, fonts=fonts))
    if len(styled) > 1 and not any(f.bold for f in styled.values()):
        wide = bold_by_width(pages, params)
        if wide:
            pages = [replace(page, fonts=tuple([Font(f.name, True, f.italic) if f.name in wide else f
                                                for f in page.fonts]))
                     if any(f.name in wide for f in page.fonts) else page for page in pages]
    return replace(document, pages=tuple(pages))


def bold_by_width(pages: Iterable[Page], params: FontParams = PARAMS.fonts) -> frozenset[str]:
    """The names of the fonts whose glyphs run wider than the body font's by a bold face's margin, in the
    body's size or larger (see :class:`~citelens.params.FontParams`). Each font's width is measured on its
    items of letters against the same text's width in Times-Roman, so the letters' mix cancels out; the body
    font is the one with most characters.

    >>> from citelens.model import Page, TextItem
    >>> body = [TextItem("plain words of the body text", 72, 100 + 12 * k, 112.5, 10, 10, 0) for k in range(5)]
    >>> head = TextItem("Methods and data", 72, 80, 77.2, 10, 10, 1)  # in Times-Bold: 7 % wider
    >>> plain = TextItem("Methods and data", 72, 200, 71.1, 10, 10, 2)  # in Times-Roman
    >>> sorted(bold_by_width([Page(1, 612, 792, (head, *body, plain), (Font("F0"), Font("F1"), Font("F2")))]))
    ['F1']
    """
    width: defaultdict[str, float] = defaultdict(float)
    plain: defaultdict[str, float] = defaultdict(float)
    chars: Counter[str] = Counter()
    sizes: defaultdict[str, Counter[float]] = defaultdict(Counter)
    for page in pages:
        fonts = page.fonts
        for item in page.items:
            if not 0 <= item.font < len(fonts) or item.size <= 0:
                continue
            name = fonts[item.font].name
            text = item.text
            if chars[name] >= params.width_sample:
                continue
            letters = sum(1 for c in text if c in _PLAIN) - text.count(" ")
            if letters < 3 or letters < 0.8 * (len(text) - text.count(" ")):
                continue  # figures, symbols, a formula: not what the table measures
            width[name] += item.width / item.size
            plain[name] += sum(_PLAIN.get(c, 500) for c in text) / 1000
            chars[name] += len(text)
            sizes[name][round(item.size, 1)] += len(text)
    if len(chars) < 2:
        return frozenset()
    body = chars.most_common(1)[0][0]
    body_ratio = width[body] / plain[body]
    body_size = sizes[body].most_common(1)[0][0]
    return frozenset(
        name for name, n in chars.items()
        if name != body and n >= params.width_min_chars
        and sizes[name].most_common(1)[0][0] >= params.width_bold_size * body_size
        and params.width_bold_min <= width[name] / plain[name] / body_ratio <= params.width_bold_max)


def _styled(font: Font) -> Font:
    """``font`` with its style from its name; the same object when that adds nothing."""
    bold, italic = classify_font(font.name)
    if (font.bold or not bold) and (font.italic or not italic):
        return font
    return Font(font.name, font.bold or bold, font.italic or italic)
