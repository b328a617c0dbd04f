"""Lines, columns, reading order and offset→box mapping on small hand-made pages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citelens.layout import ASIDE, body_font_size, char_edges, page_lines
from citelens.model import Font, Page, TextItem


def item(text: str, x: float, y: float, size: float = 10.0, font: int = 0, width: float | None = None) -> TextItem:
    return TextItem(text, x, y, width if width is not None else 0.5 * size * len(text), size, size, font)


def page(*items: TextItem, width: float = 612.0, height: float = 792.0) -> Page:
    return Page(1, width, height, items, (Font("Times-Roman"), Font("Times-Bold", bold=True)))


def test_body_font_size_is_the_modal_size_by_characters():
    p = page(item("Title", 72, 60, 17.2), item("a long line of body text", 72, 100, 9.96),
             item("another long body line", 72, 112, 9.96))
    assert body_font_size([p]) == 10.0
    assert body_font_size([]) is None


@pytest.mark.parametrize("scale", [1.0, 1.25, 0.8])
def test_the_body_size_stands_as_set_at_any_scale(scale):
    # Nature Communications sets its text at 8.2 pt under 8.7 pt subheadings: rounded to half a point the text
    # read 8.0 pt, and printed 1.25 x larger 10.5 pt (10.25 rounded up), which its 10.9 pt subheadings hardly
    # exceed. The half point holding most characters is found first (9.96 and 10.04 are one size), then the size
    # in it to 0.1 pt.
    body = [item("a long line of the paper's body text", 72, 100 + 12 * k, 8.2 * scale) for k in range(3)]
    heads = [item("Subheading", 72, 160, 8.7 * scale)]
    assert body_font_size([page(*body, *heads)]) == pytest.approx(8.2 * scale, abs=0.051)


def test_the_body_size_counts_printed_characters_not_the_extractors_spaces():
    # 40 letters at 10 pt against 37 at 9 pt: the 9 pt text’s 19 spaces (one engine's guess, another's none)
    # must not outweigh them.
    p = page(item("abcdefghij" * 4, 72, 100, 10.0), item("a " * 19 + "b", 72, 120, 9.0),
             item("cdefghijklmnopqrs", 72, 132, 9.0))
    assert body_font_size([p]) == 10.0


@pytest.mark.parametrize(
    ("items", "expected"),
    [
        # items on one baseline join, with a space where there is a gap
        ([item("Hello", 72, 100), item("world", 72 + 25 + 3, 100)], ["Hello world"]),
        # no gap: no space (a word split over two items)
        ([item("Hel", 72, 100), item("lo", 72 + 15, 100)], ["Hello"]),
        # a superscript 3.5 pt above the baseline stays on its line
        ([item("see", 72, 100), item("12", 88, 96.5, 7), item("more", 100, 100)], ["see12 more"]),
        # two lines 12 pt apart stay apart, top first
        ([item("second", 72, 112), item("first", 72, 100)], ["first", "second"]),
    ],
)
def test_lines(items, expected):
    assert [ln.text for ln in page_lines(page(*items))] == expected


def test_two_columns_are_read_left_column_first_and_never_merged():
    left = [item(f"left column line number {i} text", 54, 100 + 12 * i, width=240) for i in range(5)]
    right = [item(f"right column line number {i} txt", 318, 101 + 12 * i, width=240) for i in range(5)]
    head = item("3.2 A Heading", 318, 160, 12, font=1, width=80)
    lines = page_lines(page(*left, *right, head))
    texts = [ln.text for ln in lines]
    assert texts[:5] == [ln.text for ln in left]
    assert "3.2 A Heading" in texts and texts.index("3.2 A Heading") > 4
    assert all(ln.column in (0, 1) for ln in lines)
    assert {ln.column for ln in lines if ln.text.startswith("right")} == {1}


def _words(text: str, x: float, y: float, space: float, size: float = 9.0) -> list[TextItem]:
    """A line read word by word, as pdf.js gives a justified line: one item per word, ``space`` pt apart."""
    out = []
    for word in text.split():
        out.append(item(word, x, y, size))
        x += 0.5 * size * len(word) + space
    return out


def test_a_justified_line_read_word_by_word_over_the_midline_is_one_line():
    # The Lancet's text column spans the page's midline and stretches its spaces to 0.8 em: every space
    # of the line is as wide as the one over the midline, which is no gutter.
    words = _words("We used the OECD Creditor Reporting System", 270, 170, 7.2)
    assert [ln.text for ln in page_lines(page(*words, width=595.28))] == ["We used the OECD Creditor Reporting System"]


def test_two_columns_read_word_by_word_are_two_lines():
    # Words spaced 0.3 em on either side of a 1.5 em gutter; and a narrow gutter (0.8 em) beside
    # a single wide gap (a table's cell, an equation's number) on one side only.
    left = _words("the left column of the page", 180, 170, 2.7)
    right = _words("and its right column text", 318, 170, 2.7)
    assert [ln.text for ln in page_lines(page(*left, *right, width=612.0))] == [
        "the left column of the page", "and its right column text"]
    left = [item("and so", 237, 190, 9.0), item("(3)", 279, 190, 9.0)]
    right = _words("where the next column goes", 299.7, 190, 2.7)
    assert [ln.text for ln in page_lines(page(*left, *right, width=612.0))] == [
        "and so (3)", "where the next column goes"]


def _column(x: float, width: float, n: int, word: str, y0: float = 100.0, size: float = 9.0) -> list[TextItem]:
    """``n`` justified lines of one column: each a run of prose exactly ``width`` wide from ``x``."""
    return [item(f"{word} column line {k} of its justified paragraph text", x, y0 + 11 * k, size, width=width)
            for k in range(n)]


def test_columns_parted_away_from_the_midline_are_read_one_after_the_other():
    # The Lancet: a margin column for notes (37-110 pt), then two text columns (119-333, 344-558 of 595)
    # whose gutter, 1.3 em wide, lies 40 pt right of the page's midline.
    left, right = _column(119, 214, 20, "left"), _column(344.4, 214, 20, "right")
    lines = page_lines(page(*left, *right, width=595.28))
    assert [ln.text for ln in lines] == [i.text for i in left + right]


@pytest.mark.parametrize("extra", [-40.0, 0.0, 60.0])
def test_two_columns_off_the_page_middle_are_read_one_after_the_other(extra):
    # A page box wider on one side than the text (a letter-size paper on a wider page, a thesis's binding
    # margin): the columns part at the text block's middle, 298 pt, whatever the page's own middle.
    # A reference list's columns: ragged right, a gutter of an em.
    left = [item(f"{k}. Author A, Writer B. A study of item {k}.", 54, 100 + 11 * k, 9.0, width=200 + 4 * (k % 10))
            for k in range(1, 21)]
    right = [item(f"{k}. Author C, Writer D. A study of item {k}.", 303, 100 + 11 * (k - 20), 9.0,
                  width=200 + 5 * (k % 9)) for k in range(21, 41)]
    lines = page_lines(page(*right, *left, width=612.0 + extra))
    assert [ln.text for ln in lines] == [i.text for i in left + right]
    assert [ln.column for ln in lines] == [0] * 20 + [1] * 20


def test_a_full_left_column_and_a_few_ragged_lines_in_the_right_one_are_read_one_after_the_other():
    # A paper's last page: the left column full, the reference list's last entries at the top of the right one,
    # ragged. The text block's right edge, read where a tenth of the page's lines reach, falls at 440 pt, and the
    # block's middle at 255 pt, inside the left column (70-280 pt), whose every line crosses it; the page's middle,
    # in the gutter, crosses none.
    left = [item(f"text of the left column, line {k:02d} of it", 70, 100 + 12 * k, 10.0, width=210)
            for k in range(50)]
    widths = [210, 40, 205, 60, 90, 208, 30, 120, 95, 200]
    right = [item(f"[{k}] {'entry text ' * (w // 40)}".strip(), 320, 100 + 12 * k, 10.0, width=w)
             for k, w in enumerate(widths)]
    lines = page_lines(page(*right, *left))
    assert [ln.text for ln in lines] == [i.text for i in left + right]
    assert [ln.column for ln in lines] == [0] * 50 + [1] * 10


def test_three_columns_are_read_one_after_the_other():
    # Science: three columns of 164 pt, 14 pt apart, on a 594 pt page.
    cols = [_column(x, 164, 20, name) for x, name in ((37, "first"), (215, "second"), (393, "third"))]
    lines = page_lines(page(*cols[2], *cols[0], *cols[1], width=593.97))
    assert [ln.text for ln in lines] == [i.text for col in cols for i in col]
    assert len({ln.column for ln in lines}) == 3


def test_a_tables_aligned_columns_keep_its_rows_in_order():
    # A table's cells line up as columns do, but they are short and far apart: its rows read row by row.
    rows = [[item(f"Author{k}", 75, 100 + 14 * k, width=30), item(f"{1999 + k}", 143, 100 + 14 * k, width=14),
             item("Cross-sectional", 429, 100 + 14 * k, width=41), item("Students", 487, 100 + 14 * k, width=40)]
            for k in range(12)]
    lines = page_lines(page(*[i for r in rows for i in r], width=595.28))
    assert [ln.baseline for ln in lines] == sorted(ln.baseline for ln in lines)


def test_spanning_title_comes_before_the_columns():
    title = item("A Title That Spans Both Columns Of The Page", 150, 60, 16, width=320)
    left = [item(f"left column line number {i} text", 54, 120 + 12 * i, width=240) for i in range(4)]
    right = [item(f"right column line number {i} txt", 318, 120 + 12 * i, width=240) for i in range(4)]
    lines = page_lines(page(*right, *left, title))
    assert lines[0].text == title.text and lines[0].column == -1
    assert [ln.text for ln in lines[1:5]] == [i.text for i in left]


def test_boxes_map_offsets_back_to_items():
    a, b = item("see [12] and", 72, 100, width=60), item("more", 140, 100, width=20)
    (line,) = page_lines(page(a, b))
    start = line.text.index("[12]")
    (box,) = line.boxes(start, start + 4)
    edges = char_edges(a)
    assert box[0] == pytest.approx(edges[4]) and box[2] == pytest.approx(edges[8])
    assert box[1] == pytest.approx(90.0) and box[3] > 100
    assert len(line.boxes(0, len(line.text))) == 2


@pytest.mark.parametrize(
    ("text", "cut", "lo", "hi"),
    [
        # "[12]" after "see " in a 60 pt item: narrow brackets and space, digits 0.5 em
        ("see [12] and", (4, 8), 14.0, 30.0),
        # equal glyphs share equally
        ("0000", (1, 3), 14.0, 46.0),
    ],
)
def test_char_edges_weigh_glyphs(text, cut, lo, hi):
    edges = char_edges(item(text, 0, 100, width=60 if text != "0000" else 60))
    assert edges[0] == 0 and edges[-1] == 60 and list(edges) == sorted(edges)
    if text == "0000":
        assert edges[cut[0]] == pytest.approx(15) and edges[cut[1]] == pytest.approx(45)
    else:
        assert lo <= edges[cut[0]] <= hi and edges[cut[0]] < edges[cut[1]] <= 60


texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12)
items_strategy = st.lists(
    st.builds(TextItem, texts, st.floats(0, 600), st.floats(0, 790), st.floats(0.1, 300), st.floats(1, 30),
              st.floats(1, 30), st.integers(-1, 1)),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(items_strategy)
def test_every_item_lands_in_exactly_one_line(items):
    p = page(*items)
    lines = page_lines(p)
    kept = [i for i in items if i.text.strip()]
    placed = [i for ln in lines for i in ln.items]
    assert sorted(map(id, placed)) == sorted(map(id, kept))
    for ln in lines:
        for it, off in zip(ln.items, ln.offsets, strict=True):
            assert ln.text[off:off + len(it.text)] == it.text
            assert ln.box[0] <= it.box[0] and ln.box[2] >= it.box[2]


def _side_box_page():
    """Frontiers' page 2 in miniature: a 7.5 pt biography in the left margin beside 9.5 pt body text, 14 pt
    apart (less than the 2.5 em that splits a line), its baselines between the body's."""
    body = [item(f"body line {i} of the paper (Smith et al., 20{i:02d}) and more", 175.6, 100 + 11.45 * i, 9.5,
                 width=374) for i in range(12)]
    bio = [item(f"biography line {i} of an author", 45.8, 140 + 9.5 * i, 7.5, width=116) for i in range(6)]
    head = [item("Range and Virányi", 45.2, 28.8, 7, width=55), item("Evolutionary origins of cooperation", 405.3,
                                                                   28.8, 7, width=144)]
    foot = [item("Frontiers in Psychology", 45.2, 751.4, 7.5, width=83),
            item("January 2015 | Volume 5 | Article 1582 | 2", 422.2, 751.4, 7, width=127)]
    return body, bio, head, foot


def test_side_box_is_read_after_the_body_it_sits_beside():
    body, bio, head, foot = _side_box_page()
    lines = page_lines(page(*body, *bio, *head, *foot, width=595.28, height=779.53))
    texts = [ln.text for ln in lines]
    assert all(t in texts for t in (i.text for i in body + bio)), texts
    at = [texts.index(i.text) for i in body]
    assert at == list(range(at[0], at[0] + len(body))), "the side box interleaves the body"
    assert [texts.index(i.text) for i in bio] == list(range(len(texts) - len(bio), len(texts)))
    assert {ln.column for ln in lines if ln.text.startswith("biography")} == {ASIDE}
    # the running head and foot in the same margin stay where they are: first and last of the body's flow
    assert texts[0] == "Range and Virányi" and texts.index("Frontiers in Psychology") < texts.index(bio[0].text)


def test_reference_labels_in_a_margin_are_no_side_box():
    labels = [item(f"[{i}]", 54, 100 + 24 * i, width=14) for i in range(1, 9)]
    entries = [item(f"Author {i}, A long title of a paper, Journal {i}, 2001.", 90, 100 + 24 * i, width=400)
               for i in range(1, 9)] + [item(f"continued entry line {i} of the reference", 90, 112 + 24 * i,
                                             width=400) for i in range(1, 9)]
    lines = page_lines(page(*labels, *entries))
    assert ASIDE not in {ln.column for ln in lines}
    assert [ln.text for ln in lines][0] == "[1] Author 1, A long title of a paper, Journal 1, 2001."


def test_a_line_under_another_is_never_joined_to_it_by_a_large_neighbour():
    # PLOS ONE page 1: a 13 pt heading stretches the band's tolerance to 9.7 pt, over two 8 pt lines of the
    # side box 9.5 pt apart; stacked at the same x they are two lines, not one.
    head = item("Introduction", 196.3, 498.2, 12.95, width=76)
    upper = item("duction in any medium, provided the original author", 36.9, 498.1, 7.97, width=146)
    lower = item("and source are credited.", 36.9, 507.6, 7.97, width=72)
    texts = [ln.text for ln in page_lines(page(head, upper, lower))]
    assert lower.text in texts and not any(upper.text in t and lower.text in t for t in texts), texts


def test_a_drop_cap_does_not_draw_the_next_lines_superscripts_into_its_line():
    # ACS's Nano Letters: a 30 pt "S" opens the first line of the text; the raised "2−5" at the start of the
    # line below sits 7 pt under the first line's baseline, within a 30 pt letter's reach but not a 10 pt
    # line's: it is the lower line's.
    cap = item("S", 60.5, 507.6, 30.0, width=14.5)
    first = item("for defect-free samples,", 76.5, 507.9, width=94.2)
    note = item("1", 170.7, 503.4, 6.7, width=3.6)
    rest = item("is believed to be among the", 180.1, 507.9, width=120.4)
    raised = [item("2", 190.9, 514.7, 6.7, width=3.6), item("−", 194.5, 514.7, 6.7, width=5.1),
              item("5", 199.7, 514.7, 6.7, width=3.6)]
    below = [item("strongest", 60.5, 519.1, width=130), item("materials known", 205.0, 519.1, width=80)]
    lines = page_lines(page(cap, first, note, rest, *raised, *below))
    top = next(ln for ln in lines if "believed" in ln.text)
    assert "2" not in [i.text for i in top.items] and "S" in [i.text for i in top.items]
    assert any("strongest" in ln.text and "5" in [i.text for i in ln.items] for ln in lines)


def test_a_superscript_banded_with_the_other_columns_line_joins_its_own():
    # Two columns whose baselines are 6 pt apart (after a heading in one of them): banding walks down the page
    # and puts the left line's raised "32,33" (at 170.7, over its baseline at 174) with the right column's line
    # at 168 (whose own superscript, higher, opened the band: the left line at 174 is out of its reach), and
    # the split at the gutter left it a line of its own. It joins the line of the word it is glued
    # to, and a citation reads "primates32,33".
    left = [item("availability and group size.", 60, 162, width=121.5),
            item("were also found in primates", 60, 174, width=121.5), item(", and in lions", 197.2, 174, width=67.6),
            item("in the wild, and more text", 60, 186, width=200)]
    raised = item("32,33", 181.5, 170.7, 7.0, width=15.7)
    right = [item("of individuals within the group", 318, 156, width=217),
             item("12", 535, 164.7, 7.0, width=6.3),  # the right line's own superscript opens the band
             item("expected when mapping the framework", 318, 168, width=217),
             item("onto the social structure of crows", 318, 180, width=217)]
    lines = page_lines(page(*left, raised, *right))
    assert "were also found in primates32,33, and in lions" in [ln.text for ln in lines]
    assert not any(ln.text == "32,33" for ln in lines)
    host = next(ln for ln in lines if "primates" in ln.text)
    assert (host.size, host.baseline, host.column) == (10.0, 174, 0)


def test_a_line_takes_its_size_from_its_text_not_from_longer_superscripts():
    # A paragraph's last line in a narrow column: "literature." and 23 characters of raised citation numbers.
    # The size holding most characters is the superscripts' 7 pt; the line is set in 10 pt, on its baseline.
    # Two columns' lines read as one, the smaller column's a little higher, keep the size of the most text.
    lines = page_lines(page(item("literature", 60, 168, width=45), item("10,13,14,19,27,28,30,31", 105, 164.7, 7.0),
                            item(".", 185.5, 168, width=2.5)))
    assert [(ln.text, ln.size, ln.baseline) for ln in lines] == [("literature10,13,14,19,27,28,30,31.", 10.0, 168)]
    merged = page_lines(page(item("new aliquot was", 60, 191.3, 8.7, width=60),
                             item("1. H. Nakagawa, L. Wang, H. Cantor, New Insights", 122, 188.3, 6.2, width=150)))
    assert [(ln.size, ln.baseline) for ln in merged] == [(6.2, 188.3)]


def test_a_smaller_columns_lines_between_the_others_baselines_stay_lines_of_their_own():
    # A two-column page whose left column runs prose at 10 pt on a 12 pt leading and whose right runs a reference
    # list at 8 pt on 9.6 pt: the right's baselines fall between the left's, banding puts a right line with the
    # left line above it, and being smaller and low in that band it looked like a superscript of the next line.
    # Words standing over that line's own words are no superscript: each line stays one ("[26][25]M. Ackermann
    # ..." was read before). A raised number glued to a word still goes down to its line.
    left = [item(f"prose of the left column, line {k} of it", 72, 128 + 12 * k, width=230) for k in range(4)]
    right = []
    for k, (label, text) in enumerate((("[25]", "Astropart. Phys. 22 (2005) 339."),
                                       ("[26]", "M. Ackermann et al. Astropart. Phys. 22 (2005) 339."),
                                       ("[27]", "M. Ackermann et al. Phys. Rev. D76 (2007) 042008."))):
        right += [item(label, 320, 135 + 9.6 * k, 8, width=14), item(text, 334, 135 + 9.6 * k, 8, width=200)]
    lines = [ln.text for ln in page_lines(page(*left, *right)) if ln.box[0] >= 300]
    assert lines == ["[25]Astropart. Phys. 22 (2005) 339.", "[26]M. Ackermann et al. Astropart. Phys. 22 (2005) 339.",
                     "[27]M. Ackermann et al. Phys. Rev. D76 (2007) 042008."]
