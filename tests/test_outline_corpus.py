"""The detected outline on the real papers of ../shared/corpus, against the PDFs' own bookmarks.

Each PDF with usable bookmarks is analysed ``--text-only`` (bookmarks ignored) and its detected
outline scored against them: a heading matches when its title agrees fuzzily (numbering and case
ignored) with a bookmark on the same page. Figures are printed in the run's summary.
"""

from __future__ import annotations

import json

import pytest

import corpus
from citelens.evaluation import OutlineScore, score_outline, section_bookmarks
from citelens.outline import detect_outline
from citelens.layout import body_font_size
from citelens.params import PARAMS
from citelens.patterns import APPENDIX_HEADING, KNOWN_SECTION, REFERENCE_LIST_HEADING
from citelens.pipeline import analyze

GOLDEN = corpus.ROOT / "tests" / "golden" / "outline"
PAPERS = corpus.pdf_papers() if (corpus.CORPUS / "MANIFEST.tsv").is_file() else ()


def test_corpus_is_present():
    assert PAPERS, f"the corpus is missing: expected {corpus.CORPUS}/MANIFEST.tsv (set CITELENS_SHARED)"


def detected(paper: corpus.Paper):
    return analyze(corpus.document(paper.file), text_only=True).outline


def test_outline_accuracy_against_bookmarks(measured):
    total = OutlineScore(0, 0, 0)
    rows = []
    for paper in PAPERS:
        doc = corpus.document(paper.file)
        if not section_bookmarks(doc.bookmarks):
            continue
        s = score_outline(detected(paper), doc.bookmarks)
        rows.append(f"  P {s.precision:.2f}  R {s.recall:.2f}  F1 {s.f1:.2f}  "
                    f"({s.matched}/{s.detected} detected, {s.matched}/{s.expected} bookmarks)  {paper.stem}")
        total = OutlineScore(total.detected + s.detected, total.expected + s.expected,
                                    total.matched + s.matched)
    measured.append(f"outline vs bookmarks, {len(rows)} papers:")
    measured.extend(rows)
    measured.append(f"  OVERALL P {total.precision:.3f}  R {total.recall:.3f}  F1 {total.f1:.3f}")
    assert len(rows) >= 15
    # Measured: pdf/ 0.901 (PDFium P 0.872, R 0.932, 57 papers, 2026-12-06, ninth session). Real third-level
    # headings below the depth a paper's bookmarks go to count against it (NAR's methods).
    # Issue 10's target: 0.85 on both folders.
    assert total.f1 >= 0.89, "\n".join(rows)


def test_outline_accuracy_on_the_check_folder(measured):
    """check/ is read as a total only: its papers are never listed one by one."""
    papers = corpus.check_papers()
    if not papers:
        pytest.skip("../shared/corpus/check not found")
    total = OutlineScore(0, 0, 0)
    for paper in papers:
        doc = corpus.document(paper.file)
        if section_bookmarks(doc.bookmarks):
            total = total + score_outline(detected(paper), doc.bookmarks)
    measured.append(f"outline vs bookmarks, check/: P {total.precision:.3f}  R {total.recall:.3f}  F1 {total.f1:.3f}")
    # Measured with PDFium, the default engine: 0.848, P 0.811, R 0.889 (2026-12-06, fifteenth session: one more
    # line taken for a heading once a double-spaced paper's lines were read drawn together; 0.849, P 0.812, R 0.889
    # from the fourteenth session: two more
    # lines taken for headings once a heading could stand centred over its paragraph; 0.850, P 0.815, R 0.889 from
    # the ninth session to then; 0.849 before
    # running heads were told wherever a template sets them; 0.834 before columns parted away from the page's
    # midline, and three columns, were read as such; 0.843 before run-in heads set smaller than their text could
    # wrap and headings could have a blank line below). Issue 10's target: 0.85.
    assert total.f1 >= 0.845


@pytest.mark.corpus
def test_outline_holds_where_font_names_say_nothing(measured):
    """Robustness on the real papers: every font renamed to an opaque name ("F0", "F1", ...: Type 3 fonts and
    some producers name them so) and its style cleared, so bold can only come from the glyphs' widths."""
    from dataclasses import replace

    from citelens.model import Font

    total = OutlineScore(0, 0, 0)
    for paper in PAPERS:
        doc = corpus.document(paper.file)
        if not section_bookmarks(doc.bookmarks):
            continue
        names: dict[str, str] = {}
        pages = tuple(replace(pg, fonts=tuple(Font(names.setdefault(f.name, f"F{len(names)}")) for f in pg.fonts))
                      for pg in doc.without_pdf_structure().pages)
        total = total + score_outline(analyze(replace(doc, pages=pages), text_only=True).outline, doc.bookmarks)
    measured.append(f"outline vs bookmarks with opaque font names: P {total.precision:.3f}  R {total.recall:.3f}  "
                    f"F1 {total.f1:.3f}")
    # Measured when set (2026-12-06, tenth session): 0.843, P 0.870, R 0.818 (0.814, R 0.760, before bold was
    # read off the glyphs' widths where no name says it); 0.901 with the fonts' own names.
    assert total.f1 >= 0.83


def _heading_lines(page, o):
    """The lines of the page that set the outline item ``o``: its first line, found at its top and by its first
    words, and the lines under it in its column at its leading until they hold its title; [] if not found."""
    from citelens.layout import page_lines

    lines = page_lines(page)
    key = " ".join(o.title.split())[:12]
    first = next((k for k, ln in enumerate(lines)
                  if abs(ln.box[1] - o.y) < 0.6 and " ".join(ln.text.split())[:12] == key), None)
    if first is None:
        return []
    group, have, k = [lines[first]], len(" ".join(lines[first].text.split())), first + 1
    while have < len(" ".join(o.title.split())) - 2 and k < len(lines) and lines[k].column == group[0].column \
            and 0 < lines[k].baseline - group[-1].baseline < 2 * group[0].size:
        group.append(lines[k])
        have += 1 + len(" ".join(lines[k].text.split()))
        k += 1
    return group


def in_capitals(doc, headings):
    """``doc`` with the lines of each of ``headings`` (detected outline items) set in capitals, as templates that
    set their headings so print them."""
    from dataclasses import replace

    pages = list(doc.pages)
    for o in headings:
        page = pages[o.page - 1]
        ids = {id(i) for ln in _heading_lines(page, o) for i in ln.items}
        pages[o.page - 1] = replace(page, items=tuple(replace(i, text=i.text.upper()) if id(i) in ids else i
                                                      for i in page.items))
    return replace(doc, pages=tuple(pages))


def in_small_capitals(doc, headings):
    """``doc`` with the lines of each of ``headings`` (detected outline items) set in small capitals faked by size,
    as Word and fonts without small capitals set them (IEEE's Word template, ICLR's): a capital or a digit stays,
    each run of lower-case letters is set in capitals at 0.8 of the size, an item of its own."""
    from dataclasses import replace

    from citelens.layout import char_edges

    pages = list(doc.pages)
    for o in headings:
        page = pages[o.page - 1]
        ids = {id(i) for ln in _heading_lines(page, o) for i in ln.items}
        out = []
        for i in page.items:
            if id(i) not in ids:
                out.append(i)
                continue
            edges, text, k = char_edges(i), i.text, 0
            while k < len(text):
                small = text[k].islower()
                j = k + 1
                while j < len(text) and text[j].islower() == small:
                    j += 1
                piece = replace(i, text=text[k:j], x=edges[k], width=edges[j] - edges[k])
                out.append(replace(piece, text=piece.text.upper(), size=0.8 * i.size, height=0.8 * i.height)
                           if small else piece)
                k = j
        pages[o.page - 1] = replace(page, items=tuple(out))
    return replace(doc, pages=tuple(pages))


def centred(doc, headings):
    """``doc`` with the lines of each of ``headings`` (detected outline items) centred over their column (the
    extent of its lines of 50 characters or more on that page), as REVTeX, IEEE and many journals set them; a
    line wider than the column (a heading over both columns) stays."""
    from dataclasses import replace

    from citelens.layout import page_lines

    pages = list(doc.pages)
    for o in headings:
        page = pages[o.page - 1]
        group = _heading_lines(page, o)
        column = [ln for ln in page_lines(page) if group and ln.column == group[0].column and len(ln.text) >= 50]
        if not column:
            continue
        left, right = min(ln.box[0] for ln in column), max(ln.box[2] for ln in column)
        shift = {id(i): (left + right - ln.box[0] - ln.box[2]) / 2 for ln in group
                 if ln.box[0] >= left - 2 and ln.box[2] <= right + 2 for i in ln.items}
        pages[o.page - 1] = replace(page, items=tuple(replace(i, x=i.x + shift[id(i)]) if id(i) in shift else i
                                                      for i in page.items))
    return replace(doc, pages=tuple(pages))


def _bookmarked_outlines():
    """Each pdf/ paper with section bookmarks: its document, the document without its links and bookmarks, its
    text-only outline, and the headings of that outline a bookmark names."""
    from citelens.evaluation import titles_match

    for paper in PAPERS:
        doc = corpus.document(paper.file)
        marks = section_bookmarks(doc.bookmarks)
        if not marks:
            continue
        text = doc.without_pdf_structure()
        outline = analyze(text).outline
        yield doc, text, outline, [o for o in outline if any(b.page == o.page and titles_match(o.title, b.title)
                                                             for b in marks)]


def _rewritten_outline(rewrite) -> tuple[OutlineScore, OutlineScore]:
    """The outline scores of the pdf/ papers with bookmarks, as printed and with the headings the analysis finds
    (those a bookmark names) rewritten by ``rewrite`` (a document and those headings in, a document out)."""
    before = after = OutlineScore(0, 0, 0)
    for doc, text, outline, found in _bookmarked_outlines():
        before = before + score_outline(outline, doc.bookmarks)
        after = after + score_outline(analyze(rewrite(text, found)).outline, doc.bookmarks)
    return before, after


@pytest.mark.corpus
def test_outline_holds_where_headings_are_set_in_capitals(measured):
    """Robustness on the real papers: the headings the analysis finds (those a bookmark names) set in capitals,
    as IEEE, ACM and many journals set theirs; scored against the same bookmarks (case is ignored)."""
    before, after = _rewritten_outline(in_capitals)
    measured.append(f"outline vs bookmarks with the headings set in capitals: P {after.precision:.3f}  "
                    f"R {after.recall:.3f}  F1 {after.f1:.3f} (as printed: {before.f1:.3f})")
    # Measured when set (2026-12-06, twelfth session): 0.897, P 0.870, R 0.927 (as printed 0.901; 0.896 before
    # an "A" opening a heading in capitals was read as its article). check/ through the same: 0.850 either way
    # (0.849 since the fourteenth session's centred headings).
    assert after.f1 >= 0.885


@pytest.mark.corpus
def test_outline_holds_where_headings_are_set_in_small_capitals(measured):
    """Robustness on the real papers: the headings the analysis finds (those a bookmark names) set in small
    capitals faked by size, as Word's templates (IEEE's) and fonts without small capitals do: most of a heading's
    letters then read smaller than the text under it; scored against the same bookmarks (case is ignored)."""
    before, after = _rewritten_outline(in_small_capitals)
    measured.append(f"outline vs bookmarks with the headings set in small capitals: P {after.precision:.3f}  "
                    f"R {after.recall:.3f}  F1 {after.f1:.3f} (as printed: {before.f1:.3f})")
    # Measured when set (2026-12-07, seventeenth session): 0.892 (as printed 0.900); 0.810 before a line of
    # capitals in two sizes, the larger opening its words, was read at its capitals' size. check/ through the
    # same: 0.807 (0.718 before; as printed 0.848).
    assert after.f1 >= 0.88


@pytest.mark.corpus
def test_outline_holds_where_headings_are_centred(measured):
    """Robustness on the real papers: the headings the analysis finds (those a bookmark names) centred over their
    column, as REVTeX, IEEE and many journals set theirs; scored against the same bookmarks."""
    before, after = _rewritten_outline(centred)
    measured.append(f"outline vs bookmarks with the headings centred: P {after.precision:.3f}  "
                    f"R {after.recall:.3f}  F1 {after.f1:.3f} (as printed: {before.f1:.3f})")
    # Measured when set (2026-12-06, fourteenth session): 0.892, P 0.870, R 0.915 (as printed 0.901; 0.803 before
    # a heading could stand centred over its paragraph rather than flush with it, 0.890 before a centred heading
    # could stand over its first subheading centred alike). check/ through the same: 0.837 (0.721 before).
    assert after.f1 >= 0.88


def double_spaced(doc, headings=()):
    """``doc`` set double-spaced, as a manuscript for review or a thesis is: on each page every line moved down
    whole (its superscripts with it) so that the distance between any two baselines doubles, the page made as
    much taller. (``headings`` is not used: every line moves.)"""
    from dataclasses import replace

    from citelens.layout import page_lines

    pages = []
    for page in doc.pages:
        lines = page_lines(page)
        if not lines:
            pages.append(page)
            continue
        top = min(ln.baseline for ln in lines)
        shift = {id(i): ln.baseline - top for ln in lines for i in ln.items}
        bottom = max(ln.baseline for ln in lines)
        pages.append(replace(page, height=page.height + bottom - top,
                             items=tuple(replace(i, y=i.y + shift[id(i)]) if id(i) in shift else i
                                         for i in page.items)))
    return replace(doc, pages=tuple(pages))


@pytest.mark.corpus
def test_outline_holds_where_lines_are_double_spaced(measured):
    """Robustness on the real papers: every page set double-spaced, as manuscripts for review and theses are (a
    blank line above a heading, its paragraph close under it: twice as far in ems); scored against the same
    bookmarks."""
    before, after = _rewritten_outline(double_spaced)
    measured.append(f"outline vs bookmarks with the pages double-spaced: P {after.precision:.3f}  "
                    f"R {after.recall:.3f}  F1 {after.f1:.3f} (as printed: {before.f1:.3f})")
    # Measured when set (2026-12-06, fifteenth session): 0.920 (as printed 0.901; 0.766 before a paper's lines
    # were drawn together to print's leading: every vertical measure of a heading is in ems of single-spaced
    # text). check/ through the same: 0.844 (0.763 before). 0.900 since the body's size stands as set (check/
    # 0.849): NAR's unbookmarked subsections, lost double-spaced before, are found as in print (where the
    # bookmarks name no subsection, each counts as a false heading).
    assert after.f1 >= 0.89


def unnumbered(doc, headings):
    """``doc`` with each of ``headings`` (detected outline items) that is numbered printed without its number
    ("2.1. Taxon sampling" as "Taxon sampling", where the number stood), as journals that number no sections
    set them; each heading keeps its face, its size and its place."""
    import re
    from dataclasses import replace

    number = re.compile(r"\s*(?:\d+|[A-Z])(?:\.\d+)*\.?\s+(?=\S)")
    pages = list(doc.pages)
    for o in headings:
        page = pages[o.page - 1]
        group = _heading_lines(page, o)
        if not group or not number.match(" ".join(o.title.split()) + " ") or not group[0].items:
            continue
        items = group[0].items
        m = number.match(items[0].text + " ")
        if m is None:
            continue
        if m.end() >= len(items[0].text) and len(items) > 1:  # the number an item of its own
            edits = {id(items[0]): None, id(items[1]): replace(items[1], x=items[0].x)}
        else:
            edits = {id(items[0]): replace(items[0], text=items[0].text[m.end():])}
        pages[o.page - 1] = replace(page, items=tuple(edits.get(id(i), i) for i in page.items
                                                      if id(i) not in edits or edits[id(i)] is not None))
    return replace(doc, pages=tuple(pages))


@pytest.mark.corpus
def test_outline_holds_where_headings_are_not_numbered(measured):
    """Robustness on the real papers: their numbered headings printed without numbers, as many journals set
    theirs (Cell's, Nature's, most of medicine's): told by their face, size and spacing alone; scored against
    the same bookmarks (a title matches whatever its number)."""
    before, after = _rewritten_outline(unnumbered)
    measured.append(f"outline vs bookmarks with the headings unnumbered: P {after.precision:.3f}  "
                    f"R {after.recall:.3f}  F1 {after.f1:.3f} (as printed: {before.f1:.3f})")
    # Measured when set (2026-12-07, sixteenth session): 0.795, P 0.824, R 0.769 (as printed 0.901); 0.772 before a
    # long gap after a known body section ("Results") stopped rejecting an outline of few headings and before a
    # spaced heading's paragraph could indent its first line (Elsevier's italic subsections). check/ through the
    # same: 0.817 (0.814 before; as printed 0.848). What is left: subsections in the body's size and face but
    # for italics that run longer than 60 characters, and appendices after the list, which only their letters
    # tell from a reference entry's text.
    assert after.f1 >= 0.785


# The sections every paper may carry, named in Spanish: a heading that is one of them (its number kept) is
# written so, its bookmark too.
IN_SPANISH = {
    "abstract": "Resumen", "summary": "Resumen", "introduction": "Introducción", "background": "Antecedentes",
    "methods": "Métodos", "method": "Método", "materials and methods": "Materiales y métodos",
    "methodology": "Metodología", "results": "Resultados", "discussion": "Discusión",
    "results and discussion": "Resultados y discusión", "conclusions": "Conclusiones", "conclusion": "Conclusión",
    "acknowledgements": "Agradecimientos", "acknowledgments": "Agradecimientos", "acknowledgement": "Agradecimientos",
    "acknowledgment": "Agradecimientos", "references": "Referencias", "bibliography": "Bibliografía",
    "funding": "Financiación", "limitations": "Limitaciones", "appendix": "Apéndice"}


def in_spanish(doc):
    """``doc`` with each text item and bookmark that is a section every paper may carry (:data:`IN_SPANISH`)
    named in Spanish, its number and case kept ("2. MATERIALS AND METHODS" as "2. MATERIALES Y MÉTODOS")."""
    import re
    from dataclasses import replace

    parts = re.compile(r"^(\s*(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVX]{1,5}\.|[A-Z]\.)?\s*)(.*?)(\s*[.:]?\s*)$")

    def named(text: str) -> str:
        m = parts.match(text)
        name = IN_SPANISH.get(" ".join(m.group(2).split()).lower())
        if name is None:
            return text
        return m.group(1) + (name.upper() if m.group(2).isupper() else name) + m.group(3)

    pages = tuple(replace(pg, items=tuple(replace(i, text=named(i.text)) if named(i.text) != i.text else i
                                          for i in pg.items)) for pg in doc.pages)
    return replace(doc, pages=pages, bookmarks=tuple(replace(b, title=named(b.title)) for b in doc.bookmarks))


@pytest.mark.corpus
def test_outline_holds_where_the_paper_names_its_sections_in_another_language(measured):
    """Robustness on the real papers: the sections every paper may carry ("Introduction", "Results",
    "References") named in Spanish, in the text and in the bookmarks alike, as printed and with the headings'
    numbers taken away (where only a heading's name and face tell it); scored against the bookmarks so named."""
    printed = spanish = bare = bare_spanish = OutlineScore(0, 0, 0)
    for doc, _text, outline, found in _bookmarked_outlines():
        printed = printed + score_outline(outline, doc.bookmarks)
        for unnumbered_too in (False, True):
            shown = unnumbered(doc, found) if unnumbered_too else doc
            named = in_spanish(shown)
            score = score_outline(analyze(named.without_pdf_structure()).outline, named.bookmarks)
            if unnumbered_too:
                bare, bare_spanish = bare + score_outline(analyze(shown.without_pdf_structure()).outline,
                                                          shown.bookmarks), bare_spanish + score
            else:
                spanish = spanish + score
    measured.append(f"outline vs bookmarks with the sections named in Spanish: F1 {spanish.f1:.3f} (as printed "
                    f"{printed.f1:.3f}); unnumbered too: {bare_spanish.f1:.3f} (unnumbered in English {bare.f1:.3f})")
    # Measured when set (2026-12-07, seventeenth session): 0.896 (as printed 0.901), unnumbered too 0.792
    # (unnumbered in English 0.797); 0.881 and 0.765 before the sections' names were read in Spanish, Portuguese,
    # French, German, Italian and Dutch. check/ through the same: 0.848 (as printed 0.848), unnumbered too 0.817
    # (unnumbered in English 0.817); 0.828 and 0.781 before. 0.895 on pdf/ since that session's small capitals (as
    # printed 0.900).
    assert spanish.f1 >= 0.89 and bare_spanish.f1 >= 0.785


def scaled(doc, factor: float):
    """``doc`` printed ``factor`` x as large: every page, position and font size (a paper set for A4 printed on
    letter, a journal's 8 pt against a thesis's 12 pt)."""
    from dataclasses import replace

    return replace(doc, pages=tuple(
        replace(pg, width=pg.width * factor, height=pg.height * factor,
                items=tuple(replace(i, x=i.x * factor, y=i.y * factor, width=i.width * factor,
                                    height=i.height * factor, size=i.size * factor) for i in pg.items))
        for pg in doc.pages))


@pytest.mark.corpus
def test_outline_holds_where_the_paper_is_printed_at_another_scale(measured):
    """Robustness on the real papers: each printed 0.8 x and 1.25 x as large; scored against the same bookmarks.
    Every measure of the outline is in ems of the text's own size."""
    scores = {}
    for factor in (0.8, 1.25):
        _, scores[factor] = _rewritten_outline(lambda doc, headings, f=factor: scaled(doc, f))
    measured.append("outline vs bookmarks with the papers printed at another scale: "
                    + ", ".join(f"{f} x: F1 {t.f1:.3f}" for f, t in scores.items()))
    # Measured when set (2026-12-06, fifteenth session): 0.901 at both scales, as printed (check/: 0.848 at both,
    # as printed); 0.899 at 1.25 x before the body's size stood as set rather than rounded to half a point (a
    # paper's 8.2 pt text read 8.0 pt and, 1.25 x larger, 10.5 pt: its subheadings 1.06 x its size lost).
    assert all(t.f1 >= 0.895 for t in scores.values())


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.stem)
def test_detected_outline_is_never_junk(paper):
    outline = detected(paper)
    pages = [o.page for o in outline]
    assert pages == sorted(pages), "headings out of page order"
    assert len(outline) <= 4 * len(corpus.document(paper.file).pages)
    after_refs = False
    for o in outline:
        assert sum(c.isalpha() for c in o.title) >= 2 \
            and len(o.title) <= (PARAMS.outline.title_max_chars if o.page == 1 else PARAMS.outline.max_chars)
        assert 1 <= o.level <= 6
        if after_refs:
            # A reference entry must never become a heading: after the bibliography comes an appendix,
            # or a section that plainly ends it (Nature's "Methods", Cell's "STAR+METHODS").
            assert APPENDIX_HEADING.match(o.title) or KNOWN_SECTION.match(o.title) or o.title.isupper(), o.title
            after_refs = bool(APPENDIX_HEADING.match(o.title))
        after_refs = after_refs or bool(REFERENCE_LIST_HEADING.match(o.title))


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.stem)
def test_detected_outline_matches_golden(paper, update_golden):
    """The reviewed outline of each paper; ``--update-golden`` rewrites it (review the diff)."""
    doc = corpus.document(paper.file)
    body = body_font_size(doc.pages)
    got = [[o.level, o.page, round(o.y), o.title] for o in detect_outline(doc.pages, body)] if body else []
    path = GOLDEN / f"{paper.stem}.json"
    if update_golden:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    assert path.is_file(), f"no golden outline for {paper.stem}: run pytest --update-golden and review it"
    assert got == json.loads(path.read_text(encoding="utf-8"))


def test_bookmarks_win_when_present():
    paper = next(p for p in PAPERS if section_bookmarks(corpus.document(p.file).bookmarks))
    analysis = analyze(corpus.document(paper.file))
    assert str(analysis.outline_source) == "bookmarks"
    assert len(analysis.outline) == sum(1 for b in corpus.document(paper.file).bookmarks if b.page is not None)
