"""Bold and italic from a font's PostScript name: all the style information a text item carries.

pdf.js and pdfminer both give the name ("NimbusRomNo9L-Medi", "ABCDEF+CMBX12") and nothing more
reliable, so both adapters send names only and the pipeline's first stage, :func:`with_font_styles`,
decides the style of every font of a Document with :func:`classify_font`.
"""

from __future__ import annotations

from dataclasses import replace

from citelens.model import Document, Font
from citelens.patterns import FONT_BOLD, FONT_ITALIC


def classify_font(name: str) -> tuple[bool, bool]:
    """``(bold, italic)`` for a PostScript font name.

    >>> classify_font("NimbusRomNo9L-Medi"), classify_font("CMTI10"), classify_font("Times-Roman")
    ((True, False), (False, True), (False, False))
    """
    return (FONT_BOLD.search(name) is not None, FONT_ITALIC.search(name) is not None)


def with_font_styles(document: Document) -> Document:
    """The document with each font's bold and italic set from its name; a style already set stays set.

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
    return replace(document, pages=tuple(pages))


def _styled(font: Font) -> Font:
    """``font`` with its style from its name; the same object when that adds nothing."""
    bold, italic = classify_font(font.name)
    if (font.bold or not bold) and (font.italic or not italic):
        return font
    return Font(font.name, font.bold or bold, font.italic or italic)
