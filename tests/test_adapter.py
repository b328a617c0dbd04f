"""Each PDF adapter (pdfminer, PDFium) against the truth: the demo paper's writer records where it drew every
heading, bookmark and link (``tools/demo_paper.py``), so coordinates, fonts and destinations are checked
exactly, in citelens coordinates (top-left origin, y = baseline)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from citelens.cli.pdf import ENGINES, engine_module
from citelens.fonts import with_font_styles
from citelens.model import Document, EncryptedError, InputError, TextItem
from builders import load_demo_paper, write_named_destinations_pdf, write_pdf

TOL = 0.01  # pt; JSON keeps two decimals, so the adapter must be at least this exact


@pytest.fixture(scope="module", params=tuple(ENGINES))
def extract(request: pytest.FixtureRequest) -> Callable[..., Any]:
    pytest.importorskip(ENGINES[request.param], reason="the adapter needs the [pdf] extra")
    return engine_module(request.param).extract


@pytest.fixture(scope="module")
def paper(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    return load_demo_paper().write_demo_paper(tmp_path_factory.mktemp("demo") / "paper.pdf")


@pytest.fixture(scope="module")
def linked(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    return load_demo_paper().write_demo_paper(tmp_path_factory.mktemp("demo") / "linked.pdf", linked=True)


@pytest.fixture(scope="module")
def document(paper, extract) -> Document:  # type: ignore[no-untyped-def]
    return extract(paper.path).document


def find(document: Document, page: int, text: str) -> TextItem:
    [item] = [i for i in document.pages[page - 1].items if i.text == text]
    return item


def test_pages_have_the_media_box_size(paper, document: Document) -> None:  # type: ignore[no-untyped-def]
    assert paper.pages == 2
    assert [(p.number, p.width, p.height) for p in document.pages] == [(1, 612.0, 792.0), (2, 612.0, 792.0)]


def test_headings_sit_where_reportlab_drew_them(paper, document: Document) -> None:  # type: ignore[no-untyped-def]
    assert [h.text for h in paper.headings][:3] == ["Abstract", "1 Introduction", "2 Related Work"]
    for drawn in (paper.title, *paper.headings):
        item = find(document, drawn.page, drawn.text)
        assert item.x == pytest.approx(drawn.x, abs=TOL)
        assert item.y == pytest.approx(drawn.y, abs=TOL)  # the baseline, measured from the page's top
        assert item.size == pytest.approx(drawn.size, abs=TOL)
        assert item.width == pytest.approx(drawn.width, abs=TOL)
        font = document.pages[drawn.page - 1].font_of(item)
        assert font is not None and font.name == "Times-Bold"


def test_y_grows_downward_and_boxes_hang_from_the_baseline(document: Document) -> None:
    intro = find(document, 1, "1 Introduction")
    related = find(document, 1, "2 Related Work")
    assert intro.y < related.y  # the earlier heading is higher on the page
    x0, y0, x1, y1 = intro.box
    assert (x0, x1) == (intro.x, intro.x + intro.width)
    assert y1 - y0 == pytest.approx(1.22 * intro.height)  # a font height above, a descender below


def test_fonts_and_text_of_body_lines(document: Document) -> None:
    page = document.pages[0]
    # Names only: the pipeline's first stage decides their style, for this adapter as for pdf.js's.
    assert {(f.name, f.bold, f.italic) for f in page.fonts} == {(n, False, False) for n in
                                                                 ("Times-Bold", "Times-Roman", "Times-Italic")}
    styled = {f.name: (f.bold, f.italic) for f in with_font_styles(document).pages[0].fonts}
    assert styled == {"Times-Bold": (True, False), "Times-Roman": (False, False), "Times-Italic": (False, True)}
    # Non-ASCII survives; five space glyphs stay one item, and one space (as PDFium and pdf.js read them).
    [authors] = [i for i in page.items if i.text.split() == "Ada Lindqvist Tomás Ferreira Mei Okonkwo".split()]
    assert "  " not in authors.text
    assert page.font_of(authors).name == "Times-Roman"  # type: ignore[union-attr]
    body = [i for i in page.items if i.text.startswith("A citation such as [1] is a promise")]
    assert len(body) == 1 and body[0].size == pytest.approx(10.0)
    assert "[2, 3]" in " ".join(i.text for i in page.items)


def test_progress_is_reported_per_page(paper, extract) -> None:  # type: ignore[no-untyped-def]
    seen: list[tuple[int, int]] = []
    extract(paper.path, progress=lambda n, total: seen.append((n, total)))
    assert seen == [(1, 2), (2, 2)]


def test_bookmarks_resolve_to_page_and_top(linked, extract) -> None:  # type: ignore[no-untyped-def]
    document = extract(linked.path).document
    assert len(linked.bookmarks) == len(document.bookmarks) == 9
    for want, got in zip(linked.bookmarks, document.bookmarks, strict=True):
        assert (got.title, got.level, got.page) == (want.title, want.level, want.page)
        assert got.y == pytest.approx(want.y, abs=TOL)
    assert [b.level for b in document.bookmarks if b.title.startswith("2.")] == [2, 2]


def test_internal_links_resolve_to_the_cited_entry(linked, extract) -> None:  # type: ignore[no-untyped-def]
    document = extract(linked.path).document
    assert len(linked.links) == len(document.links) > 10
    for want, got in zip(linked.links, document.links, strict=True):
        assert got.page == want.page
        assert got.rect == pytest.approx(want.rect, abs=TOL)
        assert got.dest_page == want.dest_page
        assert got.dest_y == pytest.approx(want.dest_y, abs=TOL)
        assert got.dest_x == pytest.approx(72.0)
    # "[2, 3]" links each number to its own entry.
    first_group = [lk for lk in linked.links if lk.page == 1][2:4]
    assert [lk.dest for lk in first_group] == ["ref2", "ref3"]


def test_named_destinations_are_listed_linked_or_not(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    tree = {"first": ["bib1", "bib10", "bib2"], "second": ["cite.knuth84", "figure.1"]}
    path = write_named_destinations_pdf(tmp_path / "named.pdf", tree, old_style=["sec1", "bib2"])
    names = extract(path).document.destinations
    # Both places a PDF keeps names, sorted, each once (bib2 is in both), whether any link uses them or not.
    assert names == ("bib1", "bib10", "bib2", "cite.knuth84", "figure.1", "sec1")


def test_the_plain_paper_has_no_bookmarks_or_links(document: Document) -> None:
    assert document.bookmarks == () and document.links == () and document.destinations == ()


def test_the_demo_paper_is_byte_for_byte_reproducible(paper, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    again = load_demo_paper().write_demo_paper(tmp_path / "again.pdf")
    assert again.path.read_bytes() == paper.path.read_bytes()


# ---------------------------------------------------------------------------------------- bad input


def test_a_scan_has_pages_but_no_items(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    extraction = extract(load_demo_paper().write_scanned(tmp_path / "scan.pdf"))
    assert [len(p.items) for p in extraction.document.pages] == [0, 0]
    assert extraction.diagnostics == ()


def test_an_encrypted_pdf_raises_encrypted_error(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    demo = load_demo_paper()
    path = demo.write_demo_paper(tmp_path / "locked.pdf", encrypt=demo.USER_PASSWORD).path
    with pytest.raises(EncryptedError, match="encrypted"):
        extract(path)
    assert issubclass(EncryptedError, InputError) and issubclass(InputError, ValueError)


def test_a_truncated_pdf_is_an_input_error(paper, tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # pdfminer ends a file cut short with PSEOF, which is no PDFException: it must not escape as itself.
    path = load_demo_paper().write_truncated(paper.path, tmp_path / "cut.pdf")
    with pytest.raises(InputError, match="not a readable PDF"):
        extract(path)


@pytest.mark.parametrize(("content", "says"), [
    (None, "no such file"),
    (b"", "not a PDF"),
    (b"plain text, not a PDF\n", "not a PDF"),
    (b"%PDF-1.4\n" + b"garbage " * 100, "not a readable PDF"),
])
def test_unreadable_files_are_input_errors(tmp_path: Path, content: bytes | None, says: str,
                                           extract) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "x.pdf"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(InputError, match=says):
        extract(path)


def test_glyphs_whose_characters_are_spaces_hyphens_or_controls_read_plainly() -> None:
    # What a font's ToUnicode map may name for a word space (U+2003, U+00A0), a printed soft hyphen and a
    # glyph with no character (a control code): the text a reader sees.
    from citelens.adapters.pdftext import group_glyphs

    def run(chars: str, x: float = 10.0) -> list[tuple[str, float, float, float, float, str]]:
        return [(c, x + 5 * i, x + 5 * i + 5, 700.0, 10.0, "F") for i, c in enumerate(chars)]

    page = group_glyphs(1, 600, 800, run("non\u2003linear\xa0high\xadlevel\x00\x14"))
    assert [item.text for item in page.items] == ["non linear high-level"]
    page = group_glyphs(1, 600, 800, run("\x00\x13\x00\x14"))
    assert page.items == ()
    # A zero-width space, a word joiner and a zero-width no-break space mark where a line may break: no text.
    glyphs = run("Introduction")
    marks = [("\u200b", 35.0, 35.0, 700.0, 10.0, "F"), ("\u2060", 50.0, 50.0, 700.0, 10.0, "F")]  # no width
    page = group_glyphs(1, 600, 800, [*glyphs[:5], marks[0], *glyphs[5:8], marks[1], *glyphs[8:],
                                      ("\ufeff", 70.0, 70.0, 700.0, 10.0, "F")])
    assert [item.text for item in page.items] == ["Introduction"]
    # The hyphen (U+2010) and the non-breaking hyphen (U+2011) some publishers print for every hyphen are the
    # hyphen-minus the rules read, from the PDF adapters and from pdf.js's items alike.
    page = group_glyphs(1, 600, 800, run("state\u2010of\u2010the\u2010art Smith\u2011Jones"))
    assert [item.text for item in page.items] == ["state-of-the-art Smith-Jones"]
    from citelens.model import Document, Page, TextItem

    read = Document((Page(1, 600, 800, (TextItem("pp. 12\u201015", 10, 100, 50, 10, 10, 0),)),)).plain()
    assert [item.text for item in read.pages[0].items] == ["pp. 12-15"]


def test_a_spacing_accent_over_or_under_a_letter_reads_as_the_accented_letter() -> None:
    # TeX's OT1 fonts have no accented letters: "M\u00a8uller" is an M, a dieresis drawn over the u (before it in
    # the content), the u. Other typesetters draw the accent after its letter ("Maran\u02dco\u00b4n"), a cedilla
    # after it in both. The accent goes on the letter its box lies over; one over nothing, or with no such
    # letter in Unicode (a ring set as the degree sign of "25\u02daC"), stays.
    from citelens.adapters.pdftext import group_glyphs

    def text(*glyphs: tuple[str, float, float]) -> list[str]:
        return [item.text for item in group_glyphs(1, 600, 800, [(c, x0, x1, 700.0, 10.0, "F")
                                                                  for c, x0, x1 in glyphs]).items]

    assert text(("M", 10, 19), ("\u00a8", 20, 25), ("u", 19.5, 25)) == ["M\u00fc"]
    assert text(("n", 10, 15), ("\u02dc", 12, 16), ("o", 15, 20), ("\u00b4", 17, 20), ("n", 20, 25)) == \
        ["\u00f1\u00f3n"]
    assert text(("c", 10, 14.4), ("\u00b8", 11, 13.4), ("a", 14.4, 19)) == ["\u00e7a"]
    assert text(("\u00b4", 10, 13), ("\u0131", 10.2, 13)) == ["\u00ed"]  # over a dotless i
    assert text(("G", 10, 17.8), ("\u00a8o", 17.8, 22.8), ("tze", 22.8, 37)) == ["G\u00f6tze"]  # one glyph, PDFium
    assert text(("5", 10, 15), ("\u02da", 15, 19), ("C", 19, 26)) == ["5\u02daC"]  # no C with a ring
    assert text(("x", 10, 15), ("^", 16, 20), ("y", 21, 26)) == ["x^y"]  # apart from both: over nothing
    # A combining mark drawn as its own glyph (no width, in a font of its own), just after its letter.
    assert text(("C", 10, 16), ("e", 16, 19.8), ("\u0301", 20.1, 20.1), ("l", 19.8, 22)) == ["C\u00e9l"]


def test_items_read_by_another_library_get_their_accents_alike() -> None:
    # pdf.js starts an item where the pen moves back, as it does over an accent: "…by M\u00a8" then "uller"
    # (the accent first, TeX) or "Maran", "\u02dco", "\u00b4n" (the letter first). Document.plain puts the accent
    # on the letter across that edge, as the adapters do by the glyphs' boxes.
    from citelens.model import Document, Page, TextItem

    def plain(*items: tuple[str, float, float]) -> list[str]:
        page = Page(1, 600, 800, tuple(TextItem(t, x, 100, w, 10, 10, 0) for t, x, w in items))
        return [item.text for item in Document((page,)).plain().pages[0].items]

    assert plain(("proposed by M\u00a8", 292.8, 104.0), ("uller et al.", 392.6, 60)) == \
        ["proposed by M", "\u00fcller et al."]
    assert plain(("Maran", 59.8, 26.8), ("\u02dco", 84.0, 7.8), ("\u00b4n data", 89.2, 28.9)) == \
        ["Mara\u00f1", "\u00f3", "n data"]
    # An item right of its neighbour's end is no accent's move back: a spacing accent typed as itself stays.
    assert plain(("Peter\u00b4", 10, 30), ("s car", 41, 20)) == ["Peter\u00b4", "s car"]
    assert plain(("(7) Ce", 328.5, 24.7), ("\u0301", 353.5, 0), ("larie", 353.1, 14.6)) == ["(7) C\u00e9", "larie"]
    # A step back to the line's start is a new line of the item's, not an accent's.
    assert plain(("una", 70, 100), ("\u00a8", 72, 3)) == ["una", "\u00a8"]


def test_items_read_by_another_library_are_made_plain_alike() -> None:
    # The worker's pdf.js items go through Document.plain: the same characters and sizes as the adapters'.
    from citelens.model import Document, Page, TextItem

    page = Page(1, 600, 800, (TextItem("non\u2003linear high\xadlevel\x00\u200b", 10, 100, 100, 10, 10, 0),
                              TextItem("<latexit sha1_base64=", 10, 200, 0.01, 0, 0.000001, 0),
                              TextItem("\x00\x14", 10, 300, 10, 10, 10, 0),
                              TextItem("plain", 10, 400, 20, 10, 10, 0)))
    plain = Document((page,)).plain()
    assert [item.text for item in plain.pages[0].items] == ["non linear high-level", "plain"]
    assert plain.pages[0].items[1] is page.items[3]


def _utf16(text: str) -> str:
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def _small_capitals_pdf(path: Path) -> Path:
    """A one-page PDF written object by object, as an InDesign paper sets a heading's small capitals: Helvetica
    (WinAnsi), whose ToUnicode gives the capital glyphs T, O, N the text of the lowercase letter they were also
    drawn for ("t", "o", "n"), and a /Span whose ActualText is the letter typed around each such glyph, inline
    or by name from the page's /Properties."""
    content = ("BT /F1 12 Tf 72 700 Td [(A)(U)]TJ "
               f"/Span << /ActualText {_utf16('T')} >> BDC (T) Tj EMC (H) Tj "
               f"/Span << /ActualText {_utf16('O')} >> BDC (O) Tj EMC (R) Tj ( ) Tj "
               f"/Span << /ActualText {_utf16('NOTE')} >> BDC [(N)(O)] TJ (T) Tj (E) Tj EMC "
               "( ) Tj /Span /P0 BDC (T) Tj EMC (O) Tj ET")
    return _helvetica_pdf(path, content, "3 beginbfchar <54> <0074> <4F> <006F> <4E> <006E> endbfchar",
                          f"/Properties << /P0 << /ActualText {_utf16('T')} >> >>")


def _helvetica_pdf(path: Path, content: str, bfchars: str, resources: str = "") -> Path:
    """A one-page PDF of ``content`` in Helvetica (WinAnsi) with a ToUnicode map of ``bfchars``."""
    cmap = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Adobe-Identity-UCS def "
            "/CMapType 2 def 1 begincodespacerange <00> <FF> endcodespacerange "
            f"{bfchars} endcmap CMapName currentdict /CMap defineresource pop end end")
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
               f"/Resources << /Font << /F1 5 0 R >> {resources} >> >>",
               f"<< /Length {len(content)} >>\nstream\n{content}\nendstream",
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding /ToUnicode 6 0 R >>",
               f"<< /Length {len(cmap)} >>\nstream\n{cmap}\nendstream"]
    return write_pdf(path, objects)


def test_a_glyphs_actual_text_is_its_text(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # Without the ActualText, the ToUnicode reads "AUtHoR", "NOtE", "to" (pdfminer did so in a Nature
    # paper's "AUtHoR contRIBUtIonS"): the span's text replaces its glyphs'. The "O" after the last span is
    # outside it and reads as its ToUnicode says. (PDFium puts a span's whole text in the box of its first text
    # object and drops the glyphs of the others, here "T" and "E": its adapter stretches the run over them, see
    # test_an_actual_text_span_over_several_objects_reaches_over_them; pdfminer's glyphs keep their boxes.)
    document = extract(_small_capitals_pdf(tmp_path / "caps.pdf")).document
    assert " ".join(item.text for item in document.pages[0].items) == "AUTHOR NOTE To"


def test_two_glyphs_read_as_one_character_keep_their_own_widths(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # Small capitals set with the capital glyphs, whose ToUnicode reads the capital C as "c" like the lowercase
    # c before it (no ActualText here): PDFium's adapter learnt the width of "c" from the narrow lowercase glyph
    # and left a gap after each capital, read as spaces ("Ac c A"); each glyph is as wide as its own box.
    content = "BT /F1 12 Tf 72 700 Td (acca) Tj ET BT /F1 12 Tf 72 680 Td (ACCA) Tj ET"
    pdf = _helvetica_pdf(tmp_path / "two-glyphs.pdf", content, "1 beginbfchar <43> <0063> endbfchar")
    assert [item.text for item in extract(pdf).document.pages[0].items] == ["acca", "AccA"]


@pytest.mark.parametrize(("actual", "own", "texts"), [
    ("ethods", ["E", "T", "H", "O", "D", "S"], ["e", "t", "h", "o", "d", "s"]),  # small capitals typed lowercase
    ("ΛΙΟ", ["λ", "ι", "ο"], ["Λ", "Ι", "Ο"]),
    ("τη", ["Τ", "Η", "Χ"], ["τη", "", ""]),  # not one a glyph: all on the first, the others keep their boxes
    ("fi", ["\ufb01"], ["fi"]),
    ("a\u00ad", ["a"], ["a"]),  # a soft hyphen where the word may break, mid-line: nothing
    ("\u00ad", [" "], [" "]),  # ... and nothing left: the glyph's own text
    ("\u00ad", ["-"], ["\u00ad"]),  # the hyphen drawn at a line's end: a printed soft hyphen, read as a hyphen
    ("", ["x"], ["x"]),
])
def test_actual_text_goes_to_the_glyphs_of_its_span(actual: str, own: list[str], texts: list[str]) -> None:
    pytest.importorskip("pdfminer", reason="the adapter needs the [pdf] extra")
    from citelens.adapters.pdfminer import _actual_texts

    assert _actual_texts(actual, own) == texts


def _plain_pdf(path: Path, content: str) -> Path:
    """A one-page PDF of ``content`` in Helvetica (WinAnsi, no ToUnicode) as /F1."""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
               "/Resources << /Font << /F1 5 0 R >> >> >>",
               f"<< /Length {len(content)} >>\nstream\n{content}\nendstream",
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    return write_pdf(path, objects)


def test_text_drawn_again_over_itself_reads_once(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # A heading emboldened by drawing it three times 0.25 pt apart, a word drawn again in the same text object,
    # a glyph set back over itself by a TJ kern as wide as it: the page shows each once (pdfminer read
    # "1 Introduction" three times, the outline's title "1 Introduction1 Introduction1 Introduction"). A text
    # drawn again on the next line, and a letter that follows itself ("all"), are text of their own.
    content = ("BT /F1 12 Tf 72 700 Td (1 Introduction) Tj ET BT /F1 12 Tf 72.25 700 Td (1 Introduction) Tj ET "
               "BT /F1 12 Tf 72.5 700 Td (1 Introduction) Tj ET "
               "BT /F1 12 Tf 72 680 Td (Bold) Tj 0.3 0 Td (Bold) Tj ( all) Tj ET "
               "BT /F1 12 Tf 72 660 Td [(x) 500 (x)] TJ ET BT /F1 12 Tf 72 640 Td (x) Tj 0 -20 Td (x) Tj ET")
    items = extract(_plain_pdf(tmp_path / "overprint.pdf", content)).document.pages[0].items
    assert [(item.text, round(item.x, 1)) for item in items] == [
        ("1 Introduction", 72.0), ("Bold all", 72.0), ("x", 72.0), ("x", 72.0), ("x", 72.0)]


def test_a_glyph_raised_by_text_rise_sits_on_its_raised_baseline(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # Ts raises the glyphs after it (in unscaled text space: 3 units of a matrix scaled by 2 are 6 pt);
    # pdfminer keeps the rise out of a glyph's matrix, and its adapter read "2" on the line's baseline.
    content = "BT /F1 6 Tf 2 0 0 2 72 700 Tm (E = mc) Tj 3 Ts /F1 4 Tf (2) Tj ET"
    items = extract(_plain_pdf(tmp_path / "rise.pdf", content)).document.pages[0].items
    assert [(item.text, round(item.y, 2), item.size) for item in items] == [("E = mc", 92.0, 12.0), ("2", 86.0, 8.0)]


def test_the_double_quote_operator_shows_its_text_on_the_next_line(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # ``aw ac string "`` is ``aw Tw ac Tc string '``: the next line first (pdfminer showed it after "first").
    content = 'BT /F1 12 Tf 14 TL 72 700 Td (first) Tj 0 0 (second) " ET'
    items = extract(_plain_pdf(tmp_path / "quote.pdf", content)).document.pages[0].items
    assert [(item.text, item.x, item.y) for item in items] == [("first", 72.0, 92.0), ("second", 72.0, 106.0)]


def test_text_turned_half_a_turn_is_no_text(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # Upside down, it reads backwards a glyph at a time (pdfminer's "upright" holds for it): left out, as text
    # turned a quarter is. A negative font size turns it back: -12 Tf with that matrix is upright.
    content = ("BT /F1 12 Tf -1 0 0 -1 300 300 Tm (upside down) Tj ET BT /F1 12 Tf 72 700 Td (upright) Tj ET "
               "BT /F1 -12 Tf -1 0 0 -1 72 680 Tm (turned twice) Tj ET")
    items = extract(_plain_pdf(tmp_path / "turned.pdf", content)).document.pages[0].items
    assert [(item.text, item.x, item.y, item.size) for item in items] == [("upright", 72.0, 92.0, 12.0),
                                                                         ("turned twice", 72.0, 112.0, 12.0)]


def test_a_gap_of_exactly_one_em_and_a_run_of_spaces_read_alike(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # A heading's number and title a quad apart (a TJ kern of -1000, TeX's \quad in a font whose quad is an em):
    # the gap is the new-item threshold to the last bit, and pdfminer's arithmetic put it past (two items,
    # "1." and "Introduction"), PDFium's not. A tie is short of a threshold in both, as pdf.js reads it: one
    # item, a space. Three space glyphs in a row are one space (pdfminer read "2   Methods").
    content = ("BT /F1 12 Tf 72 700 Td [(1.)-1000(Introduction)] TJ ET "
               "BT /F1 12 Tf 72 680 Td [(2)( )( )( )(Methods)] TJ ET")
    items = extract(_plain_pdf(tmp_path / "tie.pdf", content)).document.pages[0].items
    assert [item.text for item in items] == ["1. Introduction", "2 Methods"]


def test_an_actual_text_span_over_several_objects_reaches_over_them(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # PDFium puts a span's text in the box of its first text object and reads none of the others: the adapter
    # read "1 Contributions" 18 pt wide and "and more" as a second item, past the gap the span's other objects
    # left. The span reaches as far as its objects do, as pdfminer's glyphs keep their boxes.
    content = (f"BT /F1 12 Tf 72 700 Td (1 ) Tj /Span << /ActualText {_utf16('Contributions')} >> BDC (C) Tj "
               "(ONTRIBU) Tj (TIONS) Tj EMC ( and more) Tj ET")
    pdf = _helvetica_pdf(tmp_path / "span.pdf", content, "1 beginbfchar <41> <0041> endbfchar")
    items = extract(pdf).document.pages[0].items
    assert [(item.text, item.x, round(item.width, 1)) for item in items] == [("1 Contributions and more", 72.0, 163.4)]


def test_a_standard_fonts_glyphs_are_as_wide_as_its_widths_and_encoding_say(tmp_path: Path, extract) -> None:  # type: ignore[no-untyped-def]
    # pdfminer measured a font named as a standard font by the standard width of the text its ToUnicode gives a
    # code ("C" read as "c": as wide as a "c", 28 pt for "ACCA"), and never read its /Widths (here every capital
    # 600 units, a substitute's widths): a glyph is as wide as /Widths says, else as its encoding's character.
    content = "BT /F1 12 Tf 72 700 Td (ACCA) Tj ET"
    pdf = _helvetica_pdf(tmp_path / "remapped.pdf", content, "1 beginbfchar <43> <0063> endbfchar")
    [item] = extract(pdf).document.pages[0].items
    assert (item.text, round(item.width, 2)) == ("AccA", 33.34)  # A 667, C 722 units: Helvetica's
    widths = " ".join(["600"] * 26)
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
               "/Resources << /Font << /F1 5 0 R >> >> >>",
               f"<< /Length {len(content)} >>\nstream\n{content}\nendstream",
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding "
               f"/FirstChar 65 /LastChar 90 /Widths [{widths}] >>"]
    [item] = extract(write_pdf(tmp_path / "widths.pdf", objects)).document.pages[0].items
    assert (item.text, round(item.width, 2)) == ("ACCA", 28.8)


@pytest.mark.parametrize(("base", "descriptor_name", "name"), [
    ("Arial-BoldMT", None, "Arial-BoldMT"),  # no /FontName: pdfminer named it "unknown", not bold
    ("Arial,Bold", "Arial", "Arial,Bold"),  # Word's unembedded bold: pdfminer named it "Helvetica-Bold"
])
def test_a_fonts_name_is_its_base_font_where_its_descriptor_names_none_or_less(
        tmp_path: Path, extract, base: str, descriptor_name: str | None, name: str) -> None:  # type: ignore[no-untyped-def]
    # As pdf.js names it (and PDFium: /BaseFont always); a heading's bold comes from this name.
    content = "BT /F1 12 Tf 72 700 Td (1 Introduction) Tj ET"
    named = f"/FontName /{descriptor_name} " if descriptor_name else ""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
               "/Resources << /Font << /F1 5 0 R >> >> >>",
               f"<< /Length {len(content)} >>\nstream\n{content}\nendstream",
               f"<< /Type /Font /Subtype /TrueType /BaseFont /{base} /Encoding /WinAnsiEncoding /FirstChar 32 "
               f"/LastChar 122 /Widths [{' '.join(['556'] * 91)}] /FontDescriptor 6 0 R >>",
               f"<< /Type /FontDescriptor {named}/Flags 32 /FontBBox [-628 -376 2000 1010] /ItalicAngle 0 "
               "/Ascent 905 /Descent -212 /CapHeight 716 /StemV 80 >>"]
    document = extract(write_pdf(tmp_path / "named.pdf", objects)).document
    [item] = document.pages[0].items
    font = with_font_styles(document).pages[0].font_of(item)
    assert font is not None and (font.name, font.bold) == (name, True)
