"""Bold and italic from a font's PostScript name: all the style information a text item carries.

pdf.js and pdfminer both give the name ("NimbusRomNo9L-Medi", "ABCDEF+CMBX12") and nothing more
reliable, so one function here decides for both adapters.
"""

from __future__ import annotations

from citelens.patterns import FONT_BOLD, FONT_ITALIC


def classify_font(name: str) -> tuple[bool, bool]:
    """``(bold, italic)`` for a PostScript font name.

    >>> classify_font("NimbusRomNo9L-Medi"), classify_font("CMTI10"), classify_font("Times-Roman")
    ((True, False), (False, True), (False, False))
    """
    return (FONT_BOLD.search(name) is not None, FONT_ITALIC.search(name) is not None)
