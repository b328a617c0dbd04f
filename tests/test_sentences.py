"""The sentence stage: tricky sentences from corpus papers → exact splits; sentences of markers on small
hand-made pages; linear time and in-range offsets on adversarial text."""

from __future__ import annotations

import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citelens.layout import join_lines, text_map
from citelens.model import Page
from citelens.patterns import SENTENCE_ABBREVIATION, SENTENCE_DOTTED_NUMBER, SENTENCE_INITIALS
from citelens.sentences import _ABBREVIATION_CHARS, _never_ends, join_with_offsets, sentence_for, split_sentences
from builders import HANG_SECONDS, column, item, pages


def split(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


# Excerpts of real sentences (corpus paper in the comment), each split exactly.
SPLITS = [
    # cell-2024: a superscript marker after the full stop belongs to the sentence before it
    ("what is thought to be the host’s food vacuole.5,6,9 In the open ocean and coastal environments",
     ["what is thought to be the host’s food vacuole.5,6,9", "In the open ocean and coastal environments"]),
    # cell-2024: ... also after a closing parenthesis
    ("based on a small number of measurements (N = 7).19 A recent study found a similar relationship",
     ["based on a small number of measurements (N = 7).19", "A recent study found a similar relationship"]),
    # cell-2024: "et al." then a superscript marker, and "ca."
    ("Data compiled by Taniguchi et al.21 provide the values for ca. 1,000-fold in cell volume. Next.",
     ["Data compiled by Taniguchi et al.21 provide the values for ca. 1,000-fold in cell volume.", "Next."]),
    # bracketed markers glued to, or spaced after, the full stop
    ("as shown before.[12] Next one. As before. [3–5, 7] We then", ["as shown before.[12]", "Next one.",
                                                                      "As before. [3–5, 7]", "We then"]),
    ("as reported in ref. 12. (4) Then", ["as reported in ref. 12. (4)", "Then"]),
    # a marker after a full stop opens the next sentence when it is its subject
    ("It failed. [12] showed why.", ["It failed.", "[12] showed why."]),
    # citesee: "e.g.", "i.e." inside parentheses
    ("users often skim [4, 19, 28] and switch between papers (i.e., information patches) to optimize their "
     "efficiency (e.g., the rate of discovering prior work) [46]. Finally, we",
     ["users often skim [4, 19, 28] and switch between papers (i.e., information patches) to optimize their "
      "efficiency (e.g., the rate of discovering prior work) [46].", "Finally, we"]),
    # acl-2020: "§2.5", "al." in an author-year citation
    ("See §2.5 for details on filtering (Ammar et al., 2018). In this paper, we describe S2ORC (§2).",
     ["See §2.5 for details on filtering (Ammar et al., 2018).", "In this paper, we describe S2ORC (§2)."]),
    # section numbers, figure and equation abbreviations, decimals, "vs.", "approx.", "cf."
    ("as described in Sec. 2.1. The results in Fig. 3 and Figs. 4 and 5 (cf. Eq. 2) cost approx. 3.5 units vs. "
     "4.2 units. Then", ["as described in Sec. 2.1. The results in Fig. 3 and Figs. 4 and 5 (cf. Eq. 2) cost "
                         "approx. 3.5 units vs. 4.2 units.", "Then"]),
    # nature-neurosci-2011: initials are no sentence ends
    ("Correspondence should be addressed to C.A.A. (costas@caltech.edu). Received 6 October 2010",
     ["Correspondence should be addressed to C.A.A. (costas@caltech.edu).", "Received 6 October 2010"]),
    ("Data of J. Smith and the U.S. Army were used. No. 5 was not. The end",
     ["Data of J. Smith and the U.S. Army were used.", "No. 5 was not.", "The end"]),
    # p-values, "etc." before a capital, lower case after a stop, "?", "!", "…", closing quotes
    ("It was significant (p < 0.05). Apples, pears, etc. The rest of the e. coli strains? Yes! “It works.” So… "
     "Done", ["It was significant (p < 0.05).", "Apples, pears, etc.", "The rest of the e. coli strains?", "Yes!",
              "“It works.”", "So…", "Done"]),
    # a numbered list: "2." opening a line is a number, not the end of a sentence
    ("The steps are:\n1. Collect the samples.\n2. Dry them.", ["The steps are:\n1. Collect the samples.",
                                                              "2. Dry them."]),
    # ieee-2022: "IV." opening a line (a heading number)
    ("as in the last part.\nIV. EXPERIMENTS\nWe ran it.", ["as in the last part.", "IV. EXPERIMENTS\nWe ran it."]),
    # a blank line (a JATS paragraph break) always ends a sentence
    ("A heading without a stop\n\nText starts here. More", ["A heading without a stop", "Text starts here.", "More"]),
    ("", []),
    ("   \n  ", []),
    ("no stop at all", ["no stop at all"]),
]


@pytest.mark.parametrize(("text", "expected"), SPLITS)
def test_split_sentences(text, expected):
    assert split(text) == expected


# ------------------------------------------------------------------------------------------ offsets


JOIN_CASES = ["infor-\nmation re-\nuse", "state-of-the-\nArt and\fpage", "a-\nb-\nc", "  lead\n\n trail  ",
              "x-\n\n y", "Fig-\nure 3-\n\nA", "\u00e9t\u00e9-\n\u00e9t\u00e9", "a - \n b",
              "first-\nand second-line, pre-\nor post-op"]


@pytest.mark.parametrize("text", JOIN_CASES)
def test_join_with_offsets_equals_join_lines(text):
    joined, offsets = join_with_offsets(text)
    assert joined == join_lines(text)
    assert len(offsets) == len(joined) and offsets == sorted(set(offsets))
    for ch, o in zip(joined, offsets, strict=True):
        assert ch == text[o] or (ch == " " and text[o].isspace())


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("ab-Z \n\f\té."), max_size=60))
def test_join_with_offsets_property(text):
    joined, offsets = join_with_offsets(text)
    assert joined == join_lines(text)
    assert all(0 <= o < len(text) for o in offsets) and offsets == sorted(set(offsets))


def test_a_suspended_hyphen_at_a_line_end_stays_with_its_space():
    # "first- and second-line": the compound's head comes after "and", "or" or "to"; a word broken at the
    # line's end is still joined.
    assert join_lines("including first-\nand second-line, pre-\nor post-treatment, a 10-\nto 20-fold rise") \
        == "including first- and second-line, pre- or post-treatment, a 10- to 20-fold rise"
    assert join_lines("the infor-\nmation and the under-\nstanding") == "the information and the understanding"
    # The head may be written solid after "and" or "or" ("hypo- and hypermethylation"); after "to" it must
    # be hyphenated, as "to" can end a word broken before a tail of two letters.
    assert join_lines("similar hypo-\nand hypermethylation, inter-\nor intraspecific, in Toron-\nto and the hus-\nband") \
        == "similar hypo- and hypermethylation, inter- or intraspecific, in Toronto and the husband"


# --------------------------------------------------------------------------------- on a text map


def sentence(pages_: list[Page], marker: str, nth: int = 0):
    tm = text_map(pages_)
    k = -1
    for _ in range(nth + 1):
        k = tm.text.index(marker, k + 1)
    s = sentence_for(tm, k, k + len(marker))
    assert s.text[s.start:s.end] == join_lines(marker)
    return s


def test_sentence_joined_across_lines_with_hyphenation_repaired():
    doc = pages(column(["The first sentence ends here. Recent work on infor-",
                        "mation retrieval [12] has shown that state-of-the-",
                        "Art systems work. Another sentence follows."]))
    s = sentence(doc, "[12]")
    assert s.text == "Recent work on information retrieval [12] has shown that state-of-the-Art systems work."
    assert s.text[s.start:s.end] == "[12]"


def test_sentence_crosses_a_page_break_and_skips_the_page_number():
    p1 = column(["Earlier text ends. The effect was first described by", "Smith and Jones [3] and later"])
    p1.append(item("7", 300, 760))  # page number, well below the text
    p2 = column(["confirmed by others [4, 5]. A new sentence."])
    s = sentence(pages(p1, p2), "[4, 5]")
    assert s.text == "The effect was first described by Smith and Jones [3] and later confirmed by others [4, 5]."


def test_a_double_spaced_pages_last_line_is_text_and_its_running_foot_furniture():
    # A manuscript for review sets its lines 24 pt apart at 10 pt: its page's last line stands 2.4 ems under the
    # line above, as every line does; its running foot, 60 pt under the text, is stepped over.
    def double_spaced(lines: list[str], y0: float = 100.0) -> list:
        return [item(text, 72, y0 + 24 * k) for k, text in enumerate(lines)]

    p1 = double_spaced(["Earlier text ends. The effect was first described by", "Smith and Jones [3] and later",
                        "confirmed by the field studies of"])
    p1.append(item("Draft manuscript, not for circulation", 72, 100 + 24 * 2 + 60))
    p2 = double_spaced(["many groups [4, 5]. A new sentence."], y0=160)
    s = sentence(pages(p1, p2), "[4, 5]")
    assert s.text == "The effect was first described by Smith and Jones [3] and later confirmed by the field " \
        "studies of many groups [4, 5]."


def test_a_running_head_beside_its_page_number_or_the_papers_title_is_furniture():
    # A journal's head shares its baseline with the page number or the paper's short title, in the body's size:
    # together they are the page's first line, set apart from the text, and stepped over.
    for head in ([item("JAMA Network Open | Nutrition", 72, 40), item("3/9", 500, 40)],
                 [item("12", 72, 40), item("A PREPRINT", 420, 40)]):
        p1 = column(["Earlier text ends. The effect was first described by", "Smith and Jones [3] and later"])
        p2 = head + column(["confirmed by others [4, 5]. A new sentence."])
        s = sentence(pages(p1, p2), "[4, 5]")
        assert s.text == "The effect was first described by Smith and Jones [3] and later confirmed by others [4, 5]."


def test_marker_right_after_a_full_stop_belongs_to_the_sentence_before():
    doc = pages(column(["It was shown before.[12] Next one starts. It was shown", "again. [13] We go on."]))
    assert sentence(doc, "[12]").text == "It was shown before.[12]"
    assert sentence(doc, "[13]").text == "It was shown again. [13]"


def test_superscript_marker_after_a_full_stop():
    doc = pages(column(["in the host’s food vacuole.5,6,9 In the open ocean it lives."]))
    assert sentence(doc, "5,6,9").text == "in the host’s food vacuole.5,6,9"


def test_a_larger_heading_does_not_glue_onto_the_sentence():
    doc = pages(column(["this paragraph ends without a stop", ("2 Related Work", 12.0),
                        "Prior systems [7] did this. More."]))
    assert sentence(doc, "[7]").text == "Prior systems [7] did this."
    assert sentence(doc, "without").text == "this paragraph ends without a stop"


def test_a_numbered_heading_in_body_size_is_a_boundary():
    doc = pages(column(["the last sentence of a section", "3.2 Data Collection", "We collected [8] samples."]))
    assert sentence(doc, "[8]").text == "We collected [8] samples."


def test_a_figure_in_smaller_print_inside_the_sentence_is_stepped_over():
    doc = pages(column(["The model was trained as in", ("Figure 2: The pipeline of the model.", 8.0),
                        ("Axis labels 0 10 20", 7.0), "earlier work [9]. Then more."]))
    assert sentence(doc, "[9]").text == "The model was trained as in earlier work [9]."


def test_a_marker_inside_a_caption_gets_the_caption_sentence():
    doc = pages(column(["Body text before the figure ends here.", ("Figure 2: Results of the model [4].", 8.0),
                        ("Second caption sentence.", 8.0), "Body text goes on."]))
    assert sentence(doc, "[4]").text == "Figure 2: Results of the model [4]."


def test_marker_spanning_a_line_break_is_exact():
    doc = pages(column(["as argued by several authors [12,", "13] before us. Then."]))
    s = sentence(doc, "[12,\n13]")
    assert s.text == "as argued by several authors [12, 13] before us."
    assert s.text[s.start:s.end] == "[12, 13]"


def test_out_of_range_and_empty_markers_do_not_raise():
    tm = text_map(pages(column(["Only one sentence here."])))
    assert sentence_for(tm, -5, 3).text == "Only one sentence here."
    assert sentence_for(tm, 10_000, 20_000).start <= len(sentence_for(tm, 10_000, 20_000).text)
    empty = text_map([])
    assert sentence_for(empty, 0, 0).text == ""


# ------------------------------------------------------------------------------------ properties

ADVERSARIAL = st.one_of(
    st.text(max_size=2000),
    st.builds(lambda n, s: s * n, st.integers(1, 50_000), st.sampled_from(["9", ".", "[", "(", "1.", ". ", "e.g. ",
                                                                           "[1]. ", "a.", ".5 ", "\n", "-\n"])),
    st.builds(lambda a, b: "(" * a + "x. Y" + ")" * b, st.integers(0, 20_000), st.integers(0, 20_000)),
)


@settings(max_examples=60, deadline=None)
@given(ADVERSARIAL)
def test_split_sentences_is_linear_and_in_range(text):
    t0 = time.perf_counter()
    spans = split_sentences(text)
    assert time.perf_counter() - t0 < HANG_SECONDS  # ~50 ms for the worst unit measured (". " x 25,000)
    last = 0
    for a, b in spans:
        assert last <= a < b <= len(text) and text[a:b] == text[a:b].strip()
        last = b


@pytest.mark.parametrize("unit", ["9", ".", "[", "1.", ". ", "et al. ", "[1]. ", "a.5 ", "(", "Fig. 3. "])
def test_fifty_thousand_adversarial_characters_well_under_a_second(unit):
    text = (unit * (50_000 // len(unit) + 1))[:50_000]
    t0 = time.perf_counter()
    split_sentences(text)
    page = Page(1, 612, 792, tuple(item(text[k:k + 80], 72, 40 + (k // 80) % 60 * 12) for k in range(0, 50_000, 80)))
    tm = text_map([page])
    for k in range(0, len(tm.text), 5000):
        sentence_for(tm, k, k + 3)
    assert time.perf_counter() - t0 < HANG_SECONDS


words = st.sampled_from(["The", "study", "et al.", "Fig. 3.", "[12].", "e.g.", "infor-", "mation", "(Smith, 2019).",
                         "5,6.", "U.S.", "end.", "Next", "3.5", "é", "?", "—"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(words, min_size=1, max_size=10), min_size=1, max_size=30), st.data())
def test_sentence_for_keeps_the_marker_exact(lines, data):
    tm = text_map(pages(column([" ".join(w) for w in lines])))
    a = data.draw(st.integers(0, len(tm.text)))
    b = data.draw(st.integers(a, min(len(tm.text), a + 30)))
    marker = tm.text[a:b]
    s = sentence_for(tm, a, b)
    assert 0 <= s.start <= s.end <= len(s.text)
    if marker.strip() and "-\n" not in marker and not marker.rstrip().endswith("-"):
        assert s.text[s.start:s.end] == join_lines(marker)


# The shortcut in front of the regexes that say a token never ends a sentence (abbreviations, initials, dotted
# numbers) must agree with them on every token, including the characters IGNORECASE folds ("ſ", "K", "ı").
@given(st.text(alphabet="aeilpsxAEIGPSZ.0129ſıKé-)(", max_size=9))
@settings(max_examples=2000, deadline=None)
def test_never_ends_agrees_with_its_regexes(token):
    expected = any(p.fullmatch(token) for p in (SENTENCE_ABBREVIATION, SENTENCE_INITIALS, SENTENCE_DOTTED_NUMBER))
    assert _never_ends(token) == expected


def test_abbreviation_chars_is_the_longest_abbreviation():
    words = re.sub(r"\s|\\", "", SENTENCE_ABBREVIATION.pattern).removeprefix("(?i:").removesuffix(")").split("|")
    assert _ABBREVIATION_CHARS == max(map(len, words))
