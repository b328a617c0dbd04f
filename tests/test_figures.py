"""The figure-mention stage on small hand-made pages: each rule of the issue, input → exact output."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citelens.figures import _head_words, _keyword_hits, find_figure_mentions, roman_value
from citelens.layout import char_edges, text_map
from citelens.model import MentionKind as K
from citelens.model import OutlineItem, Page, Target, TextItem
from citelens.params import PARAMS
from builders import HANG_SECONDS, column, item, pages


def mentions(*contents: list[TextItem], outline=(), skip=None):
    tm = text_map(pages(*contents))
    return find_figure_mentions(tm, outline, skip)


def _at(target: Target | None) -> tuple[int, float] | None:
    """Where a target points: its page and y (its float's area is tested on its own below)."""
    return None if target is None else (target.page, target.y)


def brief(found) -> list[tuple[K, str, str]]:
    return [(m.kind, m.label, m.text) for m in found]


MENTIONS = [
    ("as shown in Fig. 3 and Figs. 4a,b.", [(K.FIGURE, "3", "Fig. 3"), (K.FIGURE, "4a", "Figs. 4a,b")]),
    ("see Figure 1 and figure 2; FIG. 5 too", [(K.FIGURE, "1", "Figure 1"), (K.FIGURE, "2", "figure 2"),
                                               (K.FIGURE, "5", "FIG. 5")]),
    ("Figures 2–4 agree", [(K.FIGURE, "2", "Figures 2"), (K.FIGURE, "3", "–"), (K.FIGURE, "4", "4")]),
    ("Tables 1, 2 and 5 and Tab. 6", [(K.TABLE, "1", "Tables 1"), (K.TABLE, "2", "2"), (K.TABLE, "5", "5"),
                                      (K.TABLE, "6", "Tab. 6")]),
    ("by Eq. (3), Eqs. (4)–(6) and Equation 7", [(K.EQUATION, "3", "Eq. (3)"), (K.EQUATION, "4", "Eqs. (4)"),
                                                 (K.EQUATION, "5", "–"), (K.EQUATION, "6", "(6)"),
                                                 (K.EQUATION, "7", "Equation 7")]),
    ("in Sec. 2.1. Section IV, §3.2 and Sections 5 and 6", [(K.SECTION, "2.1", "Sec. 2.1"),
                                                            (K.SECTION, "IV", "Section IV"),
                                                            (K.SECTION, "3.2", "§3.2"), (K.SECTION, "5", "Sections 5"),
                                                            (K.SECTION, "6", "6")]),
    ("Algorithm 2 in Appendix A and Appendices B and C", [(K.ALGORITHM, "2", "Algorithm 2"),
                                                          (K.APPENDIX, "A", "Appendix A"),
                                                          (K.APPENDIX, "B", "Appendices B"), (K.APPENDIX, "C", "C")]),
    # families apart
    ("Fig. S2, Supplementary Figure 2, Extended Data Fig. 2 and S1 Fig",
     [(K.FIGURE, "S2", "Fig. S2"), (K.FIGURE, "S2", "Supplementary Figure 2"), (K.FIGURE, "ED2", "Extended Data Fig. 2"),
      (K.FIGURE, "S1", "S1 Fig")]),
    # sub-panels: one mention per figure, labelled by the first panel
    ("Fig. 3(b), Figure 1A–C and (Fig. 2 A and B) and Fig. 2.a", [(K.FIGURE, "3b", "Fig. 3(b)"),
                                                                 (K.FIGURE, "1A", "Figure 1A–C"),
                                                                 (K.FIGURE, "2A", "Fig. 2 A and B"),
                                                                 (K.FIGURE, "2a", "Fig. 2.a")]),
    ("Figures 1D and 1E, Table II", [(K.FIGURE, "1D", "Figures 1D"), (K.FIGURE, "1E", "1E"), (K.TABLE, "II", "Table II")]),
    # German head words
    ("siehe Abbildung 1, Abb. 2, Tabelle I, Gleichung (3), Gl. 4, Abschnitt 2.1 und Algorithmus 1, Anhang A",
     [(K.FIGURE, "1", "Abbildung 1"), (K.FIGURE, "2", "Abb. 2"), (K.TABLE, "I", "Tabelle I"),
      (K.EQUATION, "3", "Gleichung (3)"), (K.EQUATION, "4", "Gl. 4"), (K.SECTION, "2.1", "Abschnitt 2.1"),
      (K.ALGORITHM, "1", "Algorithmus 1"), (K.APPENDIX, "A", "Anhang A")]),
    # Spanish, Portuguese, Italian and French head words; the language's "and" joins two labels
    ("véase la Figura 1, el Gráfico 2, los cuadros 16 y 17, la Tabla 3, la Ecuación (4), la Sección 2.1 y el Apéndice B",
     [(K.FIGURE, "1", "Figura 1"), (K.FIGURE, "2", "Gráfico 2"), (K.TABLE, "16", "cuadros 16"), (K.TABLE, "17", "17"),
      (K.TABLE, "3", "Tabla 3"), (K.EQUATION, "4", "Ecuación (4)"), (K.SECTION, "2.1", "Sección 2.1"),
      (K.APPENDIX, "B", "Apéndice B")]),
    ("ver Tabela 2, Equação 5, Seção 3 e Anexo A; vedi Tabella 4, Sezione 2; voir Tableau 1 et Annexe C",
     [(K.TABLE, "2", "Tabela 2"), (K.EQUATION, "5", "Equação 5"), (K.SECTION, "3", "Seção 3"),
      (K.APPENDIX, "A", "Anexo A"), (K.TABLE, "4", "Tabella 4"), (K.SECTION, "2", "Sezione 2"),
      (K.TABLE, "1", "Tableau 1"), (K.APPENDIX, "C", "Annexe C")]),
    ("zie Figuur 1, Tabel 2 en 3, Vergelijking 4, Sectie 5 en Bijlage A",
     [(K.FIGURE, "1", "Figuur 1"), (K.TABLE, "2", "Tabel 2"), (K.TABLE, "3", "3"), (K.EQUATION, "4", "Vergelijking 4"),
      (K.SECTION, "5", "Sectie 5"), (K.APPENDIX, "A", "Bijlage A")]),
    # Chinese and Japanese glue the head word to the words around it; Korean sets it apart; "代表1" is no table
    ("如图1所示，表2和图3a给出了结果，代表1个样本。",
     [(K.FIGURE, "1", "图1"), (K.TABLE, "2", "表2"), (K.FIGURE, "3a", "图3a")]),
    ("図2に示すように、表1の結果は", [(K.FIGURE, "2", "図2"), (K.TABLE, "1", "表1")]),
    ("그림 1과 같이 표 2에서 목표 1을", [(K.FIGURE, "1", "그림 1"), (K.TABLE, "2", "표 2")]),
    # IEEE subsections: a letter after the section's numeral; a range of numerals stays a range
    ("in Section II-A, Sec. III-C2 and Sections II-IV; Table I-A", [(K.SECTION, "II-A", "Section II-A"),
                                                                   (K.SECTION, "III-C2", "Sec. III-C2"),
                                                                   (K.SECTION, "II", "Sections II"),
                                                                   (K.SECTION, "IV", "IV")]),
    # not mentions
    ("a figurehead 3, config. 3, the Table of contents, Fig. A, Table 2015 and section headings",
     []),
    ("Tables 4, entry 2 and Figures 1–900", [(K.TABLE, "4", "Tables 4"), (K.FIGURE, "1", "Figures 1"),
                                             (K.FIGURE, "900", "900")]),
]


@pytest.mark.parametrize(("text", "expected"), MENTIONS)
def test_mentions(text, expected):
    assert brief(mentions(column([text]))) == expected


def test_a_hyphenated_head_word_and_a_label_on_the_next_line():
    found = mentions(column(["as the Fig-", "ure 3 shows and the", "Table", "2 lists"]))
    assert [(m.kind, m.label, m.text) for m in found] == [(K.FIGURE, "3", "Figure 3"), (K.TABLE, "2", "Table 2")]
    assert [len(m.boxes) for m in found] == [2, 2]


def test_boxes_cover_only_the_mention():
    m = mentions(column(["see Fig. 3 now"]))[0]
    (x0, _y0, x1, _y1), = m.boxes
    edges = char_edges(TextItem("see Fig. 3 now", 72, 0, 4.5 * len("see Fig. 3 now"), 10, 10, 0))
    assert m.page == 1 and x0 == pytest.approx(edges[4]) and x1 == pytest.approx(edges[10])


# ------------------------------------------------------------------------------------------ targets


def test_captions_are_targets_not_mentions():
    p1 = column(["Our results are in Figure 3 and Table 2, and", "Table 1 (see Fig. 9)."])
    p2 = column([("Figure 3: The pipeline of the model.", 8.0), "Body text of page two goes on here.",
                 ("Table 2. Results on the test set.", 8.0)], y0=300)
    p3 = column([("TABLE 1 | Overview of the data", 8.0)], y0=200)
    found = mentions(p1, p2, p3)
    assert [(m.label, m.page, _at(m.target)) for m in found] == [
        ("3", 1, (2, 292.0)), ("2", 1, (2, 316.0)), ("1", 1, (3, 192.0)), ("9", 1, None)]


def test_chinese_captions_are_targets():
    p1 = column(["实验结果如图1所示，详见表2。"])
    p2 = column([("图1 实验装置示意图", 8.0), "正文继续在这里。", ("表2：实验结果", 8.0)], y0=300)
    assert [(m.label, m.page, _at(m.target)) for m in mentions(p1, p2)] == [("1", 1, (2, 292.0)), ("2", 1, (2, 316.0))]


def test_running_text_that_starts_a_line_with_figure_is_no_caption():
    doc = column(["The main result of this study is shown in", "Figure 3. It holds in all cases we tried."])
    caption = column([("Figure 3: The actual caption.", 8.0)], y0=500)
    found = mentions(doc + caption)
    assert [(m.label, m.text, _at(m.target)) for m in found] == [("3", "Figure 3", (1, 492.0))]


def test_running_text_figure_line_at_a_column_top_loses_to_the_real_caption():
    body = column(["Table 4. On average, the parses contain many more paragraphs."], y0=100)
    caption = column([("Table 4: Extraction statistics.", 8.0)], y0=400)
    found = mentions(body + caption)
    assert [(m.label, m.text, _at(m.target)) for m in found] == [("4", "Table 4", (1, 392.0))]


def test_roman_and_arabic_table_numbers_meet():
    found = mentions(column(["as Table 2 shows", ("TABLE II", 8.0), ("RESULTS ON THE TEST SET", 8.0)]))
    assert [(m.label, _at(m.target)) for m in found] == [("2", (1, 104.0))]


def test_families_have_their_own_captions():
    text = column(["see Figure 2, Figure S2 and Extended Data Fig. 2."])
    caps = column([("Figure 2: Main.", 8.0), ("Figure S2: Supplementary.", 8.0)], y0=400)
    found = mentions(text + caps)
    assert [(m.label, _at(m.target)) for m in found] == [("2", (1, 392.0)), ("S2", (1, 404.0)), ("ED2", None)]


def test_sub_panel_mentions_target_the_figure():
    found = mentions(column(["in Fig. 3a", ("Fig. 3. Panels (a) and (b).", 8.0)]))
    assert [(m.label, _at(m.target)) for m in found] == [("3a", (1, 104.0))]


def equation_line(eq: str, number: str, y: float, x_number: float = 520.0) -> list[TextItem]:
    return [item(eq, 200, y), item(number, x_number, y)]


def test_equation_numbers_at_the_right_edge_and_mentions_of_them():
    body = column(["A line of running text that fills the whole column width ok.",
                   "From Eq. (3) and from (4) it follows, as in (2.5).",
                   "This line of running text ends with a citation in (12)"])
    eqs = equation_line("E = mc^2", "(3)", 300) + equation_line("F = ma", "(4)", 330) \
        + equation_line("G = 1", "(2.5)", 360)
    found = mentions(body + eqs)
    assert [(m.label, m.text, _at(m.target)) for m in found] == [
        ("3", "Eq. (3)", (1, 290.0)), ("4", "(4)", (1, 320.0)), ("2.5", "(2.5)", (1, 350.0))]


def test_bare_numbers_are_no_equations_where_they_cite():
    body = column(["As shown in (12), in (13) and in (14), and again in (3)."])
    found = mentions(body + equation_line("E = mc^2", "(3)", 300))
    assert found == ()


def test_bare_numbers_name_equations_where_the_paper_cites_them_so():
    # Where the paper's bare "(n)" all name its equations, one names an equation out of equation context
    # too; the items of an enumeration "(1) ..., (2) ..." never do.
    body = column(["A line of running text that fills the whole column width ok.",
                   "We check whether (3) holds, and integrating (4) gives it in (3).",
                   "Our aims: (1) speed and (2) accuracy."])
    eqs = equation_line("E = mc^2", "(1)", 300) + equation_line("F = ma", "(2)", 330) \
        + equation_line("G = 1", "(3)", 360) + equation_line("H = 2", "(4)", 390)
    assert [(m.label, m.text) for m in mentions(body + eqs)] == [("3", "(3)"), ("4", "(4)"), ("3", "(3)")]
    # Without any bare number in equation context, nothing says the paper cites equations that way.
    alone = column(["We check whether (3) holds."])
    assert mentions(alone + eqs) == ()


def test_ieee_subsection_targets_from_the_bookmarks():
    body = column(["as Abschnitt III-C and Section II shows"])
    p2 = column([("II. RELATED WORK", 12.0), "text", ("C. Sprungtypen", 11.0), "more"], y0=100)
    outline = (OutlineItem("II Related Work", 1, 2, 90.0), OutlineItem("III-C Sprungtypen", 2, 2, 124.0))
    found = mentions(body, p2, outline=outline)
    assert [(m.label, _at(m.target)) for m in found] == [("III-C", (2, 124.0)), ("II", (2, 90.0))]


def test_left_numbered_equations():
    body = column(["A line of running text that fills the whole column width.", "Then Eq. (5) becomes simple."])
    eq = [item("(5)", 72, 300), item("inf = P(v, s) + P(v, w)", 200, 300)]
    assert [(m.label, _at(m.target)) for m in mentions(body + eq)] == [("5", (1, 290.0))]


def test_a_table_header_of_numbers_is_no_equation():
    body = column(["A line of running text that fills the whole column width ok.", "by Eq. (3) we see"])
    header = [item("(1)", 300, 300), item("(2)", 400, 300), item("(3)", 520, 300)]
    assert [(m.label, _at(m.target)) for m in mentions(body + header)] == [("3", None)]


def test_sections_from_the_outline_and_from_the_printed_numbers():
    body = column(["see Section 3.2, Sec. 2, Appendix A and Section 4.1"])
    p2 = column([("2. The Method", 12.0), "text"], y0=100) + column([("3.2 Results", 11.0), "more"], y0=300)
    p3 = column([("A Proofs of the theorems", 12.0), "text", ("4.1 Not in the outline", 11.0)], y0=100)
    outline = (OutlineItem("The Method", 1, 2, 90.0), OutlineItem("3.2 Results", 2, 2, 288.0),
               OutlineItem("References", 1, 3, 50.0), OutlineItem("A Proofs of the theorems", 1, 3, 88.0))
    found = mentions(body, p2, p3, outline=outline)
    assert [(m.kind, m.label, _at(m.target)) for m in found] == [
        (K.SECTION, "3.2", (2, 288.0)), (K.SECTION, "2", (2, 90.0)), (K.APPENDIX, "A", (3, 88.0)),
        (K.SECTION, "4.1", (3, 115.4))]


def test_a_section_sign_before_a_headings_number_is_no_part_of_it_and_a_heading_mentions_nothing():
    # "§2. The model" is section 2's heading; it, and "Appendix A. Proofs", open with a mention's words, and
    # lead nowhere but to themselves.
    body = column(["as shown in §2 and in Section 3.1 and Appendix A"])
    p2 = column([("§2. The model", 12.0), "text"], y0=100) + column([("§ 3.1 Proofs", 11.0), "more"], y0=300)
    p3 = column([("Appendix A. Proofs", 12.0), "text"], y0=100)
    outline = (OutlineItem("§2. The model", 1, 2, 90.0), OutlineItem("§ 3.1 Proofs", 2, 2, 288.0),
               OutlineItem("Appendix A. Proofs", 1, 3, 90.0))
    found = mentions(body, p2, p3, outline=outline)
    assert [(m.kind, m.label, _at(m.target)) for m in found] == [
        (K.SECTION, "2", (2, 90.0)), (K.SECTION, "3.1", (2, 288.0)), (K.APPENDIX, "A", (3, 90.0))]


def test_a_chapter_is_a_section_and_its_heading_may_name_it_so():
    # Books, theses and reports number "Chapter 3 Methods", "Section 2.1: Data": the word is no part of the
    # number a mention names. A chapter the document does not have is another work's (a citation's locator).
    body = column(["as Chapter 3 and Section 2.1 show, and Chapters 2 and 3 and Kapitel 3 agree",
                   "with (Robert and Casella, 2004, Chapter 7.3)"])
    p2 = column([("Section 2.1: Data", 12.0), "text"], y0=100) + column([("Chapter 3 Methods", 14.0), "more"], y0=300)
    outline = (OutlineItem("Section 2.1: Data", 2, 2, 90.0), OutlineItem("Chapter 3 Methods", 1, 2, 288.0))
    found = mentions(body, p2, outline=outline)
    assert [(m.text, m.label, _at(m.target)) for m in found] == [
        ("Chapter 3", "3", (2, 288.0)), ("Section 2.1", "2.1", (2, 90.0)),
        ("3", "3", (2, 288.0)), ("Kapitel 3", "3", (2, 288.0))]


def test_nothing_is_taken_from_the_bibliography():
    body = column(["see Figure 1.", "References", "[1] A. Author. Table 3 of the survey. 2019.", "after Fig. 2"])
    tm = text_map(pages(body))
    start = tm.text.index("[1]")
    skip = (start, tm.text.index("after"))
    assert [m.label for m in find_figure_mentions(tm, (), skip)] == ["1", "2"]


def test_roman_value():
    assert [roman_value(t) for t in ("I", "IV", "IX", "XII", "XL", "L", "A", "")] == [1, 4, 9, 12, 40, 50, None, None]


# ------------------------------------------------------------------------------------ properties

words = st.sampled_from(["Fig.", "Figs.", "Figure", "Table", "Eq.", "(3)", "(2.5)", "in", "and", "–", "3", "3a", "S2",
                         "IV", "A", "§", "Section", "Appendix", "1,", "9" * 40, "(" * 30, ".", "Supplementary",
                         "Extended Data", "S1", "Fig-\nure", "(A.1)", "(1)", "(2)", "Abb.", "Abschnitt", "II-A"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(words, min_size=1, max_size=12), min_size=1, max_size=40))
def test_mentions_are_total_and_in_range(lines):
    doc = pages(column([" ".join(w) for w in lines]) + equation_line("x = y", "(3)", 700))
    tm = text_map(doc)
    right = max(i.box[2] for i in doc[0].items)
    for m in find_figure_mentions(tm, (OutlineItem("3 Results", 1, 1, 100.0),), (5, 50)):
        assert m.page == 1 and m.boxes and m.label and m.text.strip()
        for x0, y0, x1, y1 in m.boxes:
            assert 72 <= x0 <= x1 <= right and 0 <= y0 <= y1 <= 792
        assert m.target is None or m.target.page == 1


@pytest.mark.parametrize("unit", ["9", "(", "Fig. ", "Figs. 1, ", "(3) and ", "§", "Table 1–", "S1 Fig ", "e"])
def test_fifty_thousand_adversarial_characters_well_under_a_second(unit):
    text = (unit * (50_000 // len(unit) + 1))[:50_000]
    page = Page(1, 612, 792, tuple(item(text[k:k + 80], 72, 40 + (k // 80) % 60 * 12) for k in range(0, 50_000, 80)))
    tm = text_map([page])
    t0 = time.perf_counter()
    find_figure_mentions(tm, ())
    assert time.perf_counter() - t0 < HANG_SECONDS


# ------------------------------------------------------------------------------------ a float's area

PROSE = "The results of the second experiment agree with the model in every case we ran."


def _float(kind: K, label: str, *contents: list[TextItem]):
    found = mentions(*contents)
    return next(m.target for m in found if m.kind is kind and m.label == label)


def test_a_figure_is_the_text_free_area_over_its_caption():
    # Running text, then a drawing with two short labels in it, then the caption, then text again.
    page = [*column([PROSE] * 4, y0=100), item("Layer 1", 120, 200, 7), item("Output", 300, 260, 7),
            *column(["Figure 2: The network, layer by layer.", "Its second line goes on here."], y0=320),
            *column([PROSE, "As Figure 2 shows, it works."], y0=360)]
    target = _float(K.FIGURE, "2", page)
    lines = text_map(pages(page)).lines
    # From under the last line of running text down to the caption's top: the labels are inside.
    assert target.page == 1 and target.area is not None
    x0, top, x1, bottom = target.area
    assert top == lines[3].box[3] and bottom == target.y == lines[6].box[1]
    assert x0 <= 72 and x1 >= 72 + 0.45 * 10 * len(PROSE) - 1


def test_a_table_is_its_rows_under_its_caption():
    rows = [[item("Model", 72, y, 9), item("F1", 300, y, 9), item("0.91", 400, y, 9)] for y in (220, 232, 244)]
    page = [*column([PROSE] * 3, y0=100), *column(["Table 1: Scores on the test set."], y0=200),
            *[i for row in rows for i in row], *column([PROSE] * 2, y0=300), *column(["See Table 1."], y0=340)]
    target = _float(K.TABLE, "1", page)
    lines = text_map(pages(page)).lines
    caption = next(ln for ln in lines if ln.text.startswith("Table 1"))
    last_row = max(ln.box[3] for ln in lines if ln.baseline == 244)
    assert target.area is not None
    x0, top, x1, bottom = target.area
    # Under the caption, down to the last row's bottom (a wide gap, then running text, ends it).
    assert top == caption.box[3] and bottom == last_row


def test_a_caption_stacked_under_another_legend_has_no_float():
    # A legends page: each caption under the previous one's text, the figures on other pages.
    legend = "A long legend line that explains the panels of the figure in running prose here."
    page = [*column(["Figure 1. The first figure.", legend, legend], y0=100),
            *column(["Figure 2. The second figure.", legend, legend], y0=150)]
    text = [*column(["As Figures 1 and 2 show, it works."], y0=100)]
    found = mentions(text, page)
    targets = {m.label: m.target for m in found if m.kind is K.FIGURE}
    assert targets["2"] is not None and targets["2"].page == 2 and targets["2"].area is None


_PIECES = ["Fig. ", "Figure ", "Supplementary ", "Table ", "Ta-\nble ", "Eq. ", "Sec. ", "§", "Appendix ",
           "Extended   Data ", "S1 ", "Fig", "  ", "\n", ", ", "(", ")", "x", "data ", "1", ".", "-", "Abb. ", "S2 Table"]


@given(st.lists(st.sampled_from(_PIECES), min_size=5, max_size=60), st.integers(0, 400), st.integers(0, 400))
@settings(max_examples=500, deadline=None)
def test_head_words_outside_the_bibliography_are_those_of_a_search_of_the_whole_text(pieces, a, b):
    # _keyword_hits leaves the inside of the bibliography unsearched: what is taken outside it must not change.
    text = "".join(pieces)
    skip = (min(a, b, len(text)), min(max(a, b), len(text)))

    def outside(hits):
        return ([k for k in hits if not skip[0] <= k < skip[1]],
                [m.span() for m in _head_words(text, hits) if not skip[0] <= m.start() < skip[1]])

    params = PARAMS.figures
    assert outside(_keyword_hits(text, params, text.lower(), skip)) == outside(_keyword_hits(text, params, text.lower()))
