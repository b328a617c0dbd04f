"""The outline stage on small hand-made documents: each rule of the issue, input → exact output."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
import pytest

from citelens.fonts import _PLAIN, with_font_styles
from citelens.model import Bookmark, Document, Font, OutlineItem, Page, TextItem
from citelens.layout import text_map
from citelens.outline import body_start, detect_outline, outline_from_bookmarks, prose_start
from citelens.params import PARAMS
from citelens.references.furniture import Furniture

REGULAR, BOLD = 0, 1
FONTS = (Font("Times-Roman"), Font("Times-Bold", bold=True))
BODY = "body text that fills a column line with ordinary prose words"


def it(text: str, x: float, y: float, size: float = 10.0, font: int = REGULAR) -> TextItem:
    return TextItem(text, x, y, 0.45 * size * len(text), size, size, font)


def body_lines(y0: float, n: int = 6) -> list[TextItem]:
    return [it(BODY, 72, y0 + 12 * k) for k in range(n)]


def pages(*contents: list[TextItem]) -> tuple[Page, ...]:
    return tuple(Page(n, 612, 792, tuple(items), FONTS) for n, items in enumerate(contents, start=1))


def titles(outline: tuple[OutlineItem, ...]) -> list[tuple[str, int, int]]:
    return [(o.title, o.level, o.page) for o in outline]


def paper(*headings: tuple[int, TextItem]) -> tuple[Page, ...]:
    """Pages of body text, with each heading put on its page above a paragraph."""
    n_pages = max(p for p, _ in headings)
    content: list[list[TextItem]] = [body_lines(100) + body_lines(400) for _ in range(n_pages)]
    for p, h in headings:
        content[p - 1].append(h)
        content[p - 1].extend(body_lines(h.y + 14, 3))
    return pages(*content)


def test_bold_numbered_and_known_headings_with_levels():
    doc = paper(
        (1, it("Abstract", 72, 80, font=BOLD)),
        (1, it("1 Introduction", 72, 250, 12, BOLD)),
        (2, it("2 Method", 72, 250, 12, BOLD)),
        (2, it("2.1 Data", 72, 550, font=BOLD)),
        (3, it("References", 72, 250, 12, BOLD)),
    )
    assert titles(detect_outline(doc, 10.0)) == [
        ("Abstract", 1, 1), ("1 Introduction", 1, 1), ("2 Method", 1, 2), ("2.1 Data", 2, 2), ("References", 1, 3)]


def test_a_subsection_heading_that_states_a_result_may_run_to_150_characters():
    # The life sciences head their results with a sentence: "2.9 Experimental observation of ..." wraps over
    # two lines, 147 characters in all.
    first, second = ("2.9 Experimental observation of anti-correlated variations in disorder and plastochron",
                     "is interpreted by the model as a change in inhibitory field geometry")
    paragraph = [it(BODY.capitalize(), 72, 284), *body_lines(296, 5)]
    doc = pages(body_lines(100) + [it("1 Introduction", 72, 200, 12, BOLD), *body_lines(216, 3)],
                [it("2 Results", 72, 84, 12, BOLD), *body_lines(100, 8), it(first, 72, 250, font=BOLD),
                 it(second, 72, 262, font=BOLD), *paragraph],
                [it("3 Discussion", 72, 84, 12, BOLD), *body_lines(100, 8)])
    assert titles(detect_outline(doc, 10.0))[2:] == [(f"{first} {second}", 2, 2), ("3 Discussion", 1, 3)]


def test_an_unnumbered_heading_stating_a_result_may_run_to_25_words_but_a_bold_captions_line_is_none():
    # eLife heads its results with sentences of up to 23 words; a bold caption's second line (15 words) carries on
    # the sentence of the line above, in its face.
    statement = ("The proportion of complex versus simple disorders in phyllotaxis sequences depends on the global "
                 "amount of disorders")  # 19 words
    caption = [it("Table 1. Tagging and recapture records of the sharks caught off the coast by the survey in", 72, 560,
                  font=BOLD),
               it("Atlantic waters from the long-term recaptures of the coastal program of the state department of", 72,
                  570, font=BOLD),
               it(BODY.capitalize(), 72, 584), *body_lines(596, 3)]
    doc = pages(body_lines(100) + [it("Introduction", 72, 250, 12, BOLD), *body_lines(266, 6)],
                [*body_lines(100, 8), it(statement, 72, 250, font=BOLD), it(BODY.capitalize(), 72, 264),
                 *body_lines(276, 5), *caption],
                [it("Discussion", 72, 84, 12, BOLD), *body_lines(100, 8)])
    found = [t for t, _, _ in titles(detect_outline(doc, 10.0))]
    assert statement in found and not any(t.startswith("Atlantic waters") for t in found)


def _first_page(*under_introduction: TextItem, opening: str = "Introduction") -> list[TextItem]:
    """Page 1: a title, an author line, the abstract under its label, ``opening`` over a paragraph, then
    ``under_introduction``."""
    abstract = [it(BODY, 72, 120 + 11 * k, 9) for k in range(4)]
    return [it("Things Measured With Care in Many Samples", 72, 60, 16, BOLD), it("Ann Author and Ben Writer", 72, 84),
            it("Abstract", 72, 106, font=BOLD), *abstract, it(opening, 72, 180, 12, BOLD), *body_lines(196, 4),
            *under_introduction]


@pytest.mark.parametrize("opening", ["Introduction", "Materials and methods"])
def test_an_unnumbered_subsection_on_page_1_under_the_introduction_is_no_front_matter(opening):
    # Page 1's bold unnumbered lines smaller than the title are its front matter (the author line), but the body
    # opens with its first section (the introduction, or where it runs unheaded, the next one): a bold line under
    # it, over a paragraph, is a subsection's heading.
    paragraph = [it(BODY.capitalize(), 72, 264), *body_lines(276, 5)]  # (a paragraph opens with a capital)
    doc = pages(_first_page(it("Study site and population", 72, 250, font=BOLD), *paragraph, opening=opening),
                body_lines(100) + [it("Results", 72, 250, 12, BOLD), *body_lines(266, 6)])
    assert titles(detect_outline(doc, 10.0)) == [
        ("Things Measured With Care in Many Samples", 1, 1), ("Abstract", 1, 1), (opening, 1, 1),
        ("Study site and population", 2, 1), ("Results", 1, 2)]


def test_a_title_opening_with_the_article_a_opens_no_body_on_page_1():
    # "A Study of ..." reads as numbered by a letter ("A Proofs"); it is the title, and the bold line under it,
    # over a line of text, is front matter still.
    front = [it("A Study of Things Measured With Care", 72, 60, 16, BOLD), it("Ann Author and Ben Writer", 72, 84),
             it("Department of Examples and Tests", 72, 106, font=BOLD), it(BODY.capitalize(), 72, 120),
             it("Introduction", 72, 180, 12, BOLD), *body_lines(196, 6)]
    doc = pages(front, body_lines(100) + [it("Results", 72, 250, 12, BOLD), *body_lines(266, 6)])
    assert "Department of Examples and Tests" not in [t for t, _, _ in titles(detect_outline(doc, 10.0))]


def test_a_figures_words_on_page_1_under_the_introduction_are_no_heading():
    # A graphical abstract's bold label over short labels in a smaller size (Science's first page): no paragraph,
    # whose first line is a full one, follows it.
    figure = [it("Viral clearance", 332, 260, font=BOLD), it("If regulation is successful", 313, 281, 8.5),
              it("return to baseline", 337, 290, 8.5)]
    doc = pages(_first_page(*figure), body_lines(100) + [it("Results", 72, 250, 12, BOLD), *body_lines(266, 6)])
    assert "Viral clearance" not in [t for t, _, _ in titles(detect_outline(doc, 10.0))]


def test_where_no_font_name_says_bold_a_heading_face_is_told_by_its_wider_glyphs():
    """Opaque names ("F0", "F1": Type 3 fonts) carry no style: the headings' face runs 8 % wider than the body's,
    as bold faces do (Times-Bold 7 %, cmbx 11-14 %); a face as wide as the body's (another regular) stays text."""
    def face(text: str, y: float, font: int, wider: float = 1.0) -> TextItem:
        return TextItem(text, 72, y, sum(_PLAIN.get(c, 500) for c in text) / 100 * wider, 10, 10, font)

    def lines(y0: float, n: int, tag: str) -> list[TextItem]:
        return [face(f"{BODY} {tag}{k}", y0 + 12 * k, 0) for k in range(n)]

    def page(number: int, head: str, y: float) -> Page:
        items = [*lines(100, 6, "a"), *lines(400, 6, "b"), face(head, y, 1, 1.08), *lines(y + 14, 3, "c"),
                 face("A plain line set apart in another regular face", 700, 2)]
        return Page(number, 612, 792, tuple(items), (Font("F0"), Font("F1"), Font("F2")))
    doc = with_font_styles(Document((page(1, "1 Introduction", 250), page(2, "2 Methods", 250),
                                     page(3, "2.1 Data collection", 550))))
    assert [f.bold for f in doc.pages[0].fonts] == [False, True, False]
    assert titles(detect_outline(doc.pages, 10.0)) == [
        ("1 Introduction", 1, 1), ("2 Methods", 1, 2), ("2.1 Data collection", 2, 3)]


def test_back_matter_set_small_keeps_its_headings_in_a_face_of_their_own():
    """Back matter set smaller than the body, its headings too: each is measured against its own paragraph.
    The same words in the paragraph's own face and case, or without space above, stay text."""
    heads = (Font("Times-Roman"), Font("Times-Bold", bold=True), Font("AdvSans-189"))
    thanks = "We thank the reviewers and the editors for their careful reading of the paper."
    small = [it(thanks, 72, 600 + 8.5 * k, 7.0) for k in range(3)]
    page2 = body_lines(100, 30) + [
        it("ACKNOWLEDGMENTS", 72, 480, 7.0, 2), *[it(thanks, 72, 492 + 8.5 * k, 7.0) for k in range(4)],
        # Nature's name for the competing interests statement, in bold
        it("COMPETING FINANCIAL INTERESTS", 72, 534, 7.0, 1),
        it("The authors declare no competing financial interests of any kind.", 72, 542.5, 7.0),
        it("REFERENCES", 72, 560, 7.0, 2), it("1. Author, A. (2001). A title. J. Things 3, 1-2.", 80, 572, 7.0),
        it("Acknowledgments", 72, 588.5, 7.0), *small,
    ]
    doc = (*paper((1, it("1 Introduction", 72, 250, 12, BOLD))), Page(2, 612, 792, tuple(page2), heads))
    found = titles(detect_outline(doc, 10.0))
    assert found == [("1 Introduction", 1, 1), ("ACKNOWLEDGMENTS", 1, 2), ("COMPETING FINANCIAL INTERESTS", 1, 2),
                     ("REFERENCES", 1, 2)]


def test_a_spaced_heading_in_a_narrow_column_is_shorter_than_its_paragraphs_lines_not_half_as_long():
    """A font of its own, space above, a paragraph under it at the usual leading: a heading, in a narrow
    column whose lines are 1.6 times its length too. A line in its own face and the body's size nearly as
    long as the paragraph's is a sentence set apart (a quotation, a formula's words), not a heading; set
    larger than the paragraph as well, it is a heading however long (Nature's 8.7 pt over 8.2 pt), and one
    that wraps is one heading."""
    faces = (Font("Times-Roman"), Font("Times-Bold", bold=True), Font("Sans-Medium"))
    narrow = "Prior to the labeling study we first made the new sugar"  # 56 characters
    def block(y: float) -> list[TextItem]:
        return [it(narrow, 72, y + 11 * k, 8.2) for k in range(4)]
    page = [*block(100), it("Metabolic labeling activates cells", 72, 165, 8.7, 2), *block(176),
            it("Sugar labeling is what made the new cells", 72, 241, 8.2, 2), *block(252),
            it("Membrane retention of the sugars made in the cells", 72, 317, 8.7, 2), *block(328),
            it("General procedures for the flow cytometry of the", 72, 393, 8.7, 2),
            it("labeled cells", 72, 403.5, 8.7, 2), *block(414)]
    doc = (*paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (1, it("2 Method", 72, 500, 12, BOLD))),
           Page(2, 612, 792, tuple(page), faces))
    found = titles(detect_outline(doc, 8.2))
    on_page_2 = [t for t, _, page_number in found if page_number == 2]
    assert on_page_2 == ["Metabolic labeling activates cells", "Membrane retention of the sugars made in the cells",
                         "General procedures for the flow cytometry of the labeled cells"]


def test_a_spaced_heading_over_a_paragraph_whose_first_line_is_indented():
    """Many styles indent every paragraph's first line, the first under a heading too (Elsevier's, APA's): an
    unnumbered heading in italics at the body's size, a blank line above and under it, is a heading still; a
    line as far in as a list's or a quotation's is not its paragraph."""
    faces = (Font("Times-Roman"), Font("Times-Bold", bold=True), Font("Times-Italic", italic=True))

    def section(indent: float) -> tuple[Page, ...]:
        page = [*[it(BODY, 72, 100 + 12 * k) for k in range(4)], it("Sample collection and extraction", 72, 160, 10, 2),
                it("Specimens were collected over two years at four sites in the", 72 + indent, 180, 10),
                *[it(BODY, 72, 192 + 12 * k) for k in range(4)]]
        return (*paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (1, it("2 Method", 72, 500, 12, BOLD))),
                Page(2, 612, 792, tuple(page), faces))

    assert "Sample collection and extraction" in [t for t, _, _ in titles(detect_outline(section(15), 10.0))]
    assert "Sample collection and extraction" not in [t for t, _, _ in titles(detect_outline(section(40), 10.0))]


def test_a_long_spaced_heading_counts_in_the_face_of_the_papers_other_headings():
    # BMC renames its fonts, so its bold is not known, and sets a narrow column: "Székely agriculture and
    # forest management" (41 characters) over a 57-character line is told apart only by the short headings
    # set in its face and size elsewhere ("Study area").
    faces = (Font("Times-Roman"), Font("Times-Bold", bold=True), Font("RdksxjAdvTT99c4c969"))
    narrow = "During the 17-18th centuries, the agricultural techniques"  # 57 characters

    def block(y: float) -> list[TextItem]:
        return [it(narrow, 72, y + 12 * k, 9.8) for k in range(4)]

    page = [*block(100), it("Study area", 72, 172, 9.2, 2), *block(184),
            it("Székely agriculture and forest management", 72, 256, 9.2, 2), *block(268)]
    doc = (*paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (1, it("2 Method", 72, 500, 12, BOLD))),
           Page(2, 612, 792, tuple(page), faces))
    assert [t for t, _, n in titles(detect_outline(doc, 9.8)) if n == 2] == [
        "Study area", "Székely agriculture and forest management"]
    alone = [*page[:4], *block(184), it("Székely agriculture and forest management", 72, 256, 9.2, 2), *block(268)]
    doc = (*doc[:-1], Page(2, 612, 792, tuple(alone), faces))
    assert [t for t, _, n in titles(detect_outline(doc, 9.8)) if n == 2] == []


def test_larger_size_alone_makes_a_heading_and_level_follows_size():
    doc = paper((1, it("Overview", 72, 250, 14)), (2, it("Design Goals", 72, 250, 12)),
                (3, it("Further Thoughts", 72, 250, 14)))
    assert titles(detect_outline(doc, 10.0)) == [("Overview", 1, 1), ("Design Goals", 2, 2), ("Further Thoughts", 1, 3)]


def test_bold_run_in_heading_is_titled_by_its_bold_part():
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)))
    p2 = doc[1]
    run_in = (it("2.1 Data.", 72, 560, font=BOLD), it("We collected all the samples by hand over a year.", 120, 560))
    doc = (doc[0], Page(2, 612, 792, p2.items + run_in, FONTS))
    assert titles(detect_outline(doc, 10.0)) == [("1 Introduction", 1, 1), ("2 Method", 1, 2), ("2.1 Data", 2, 2)]


def test_a_list_of_names_in_a_heading_face_is_an_author_line():
    # An author box set in the headings' face ("M. Andrés Blanco, David B. Sykes, Lei Gu, ..."): names, no section.
    doc = paper((1, it("M. Andrés Blanco, David B. Sykes, Lei Gu", 72, 120, 12, BOLD)),
                (1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                (3, it("Results", 72, 250, 12, BOLD)))
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == ["Introduction", "Methods", "Results"]


def test_a_heading_with_a_word_in_another_face_is_no_run_in_head_cut_at_that_word():
    # "4.2.1 The covtype dataset" with the dataset's name in typewriter: the bold face comes back after it,
    # so the line is not "4.2.1 The" running into a paragraph.
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                (3, it("3 Results", 72, 250, 12, BOLD)))
    fonts = (*FONTS, Font("Courier"))
    line = (it("2.1 The", 72, 560, font=BOLD), it("covtype", 108, 560, font=2), it("dataset", 142, 560, font=BOLD),
            *body_lines(574, 3))
    doc = (doc[0], Page(2, 612, 792, doc[1].items + line, fonts), doc[2])
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))][:2] == ["1 Introduction", "2 Method"]
    assert "2.1 The" not in [t for t, _, _ in titles(detect_outline(doc, 10.0))]


def _with_run_in(doc: tuple[Page, ...], page: int, head: str) -> tuple[Page, ...]:
    run_in = (it(head, 72, 560, font=BOLD), it("We collected all the samples by hand over a year.", 150, 560))
    return tuple(Page(pg.number, 612, 792, pg.items + run_in, FONTS) if pg.number == page else pg for pg in doc)


def test_an_unnumbered_run_in_head_is_a_section_only_where_sections_have_no_numbers():
    numbered = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                     (3, it("3 Results", 72, 250, 12, BOLD)))
    assert titles(detect_outline(_with_run_in(numbered, 2, "Sample collection."), 10.0)) == [
        ("1 Introduction", 1, 1), ("2 Method", 1, 2), ("3 Results", 1, 3)]
    # ... even where it names a body section (LaTeX's \paragraph{Model.}); what such a paper leaves unnumbered
    # is the matter after its text.
    assert [t for t, _, _ in titles(detect_outline(_with_run_in(numbered, 2, "Experimental setup."), 10.0))] == [
        "1 Introduction", "2 Method", "3 Results"]
    assert "Acknowledgments" in [t for t, _, _ in titles(detect_outline(_with_run_in(numbered, 3, "Acknowledgments."),
                                                                         10.0))]
    unnumbered = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                       (3, it("Results", 72, 250, 12, BOLD)))
    assert ("Sample collection", 2, 2) in titles(detect_outline(_with_run_in(unnumbered, 2, "Sample collection."), 10.0))
    # ASM runs a lower level's head on after its section's, in one bold phrase: the section's ends at its full stop.
    nested = _with_run_in(unnumbered, 2, "Pipeline development. (i) Pipeline overview.")
    assert ("Pipeline development", 2, 2) in titles(detect_outline(nested, 10.0))


@pytest.mark.parametrize("head", ["Sample collection.—", "Sample collection—", "Sample collection —"])
def test_a_run_in_head_may_close_with_a_dash(head):
    # The Physical Review's journals close a run-in head with a dash ("Introduction.—"), as others do with a full
    # stop or a colon.
    unnumbered = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                       (3, it("Results", 72, 250, 12, BOLD)))
    assert ("Sample collection", 2, 2) in titles(detect_outline(_with_run_in(unnumbered, 2, head), 10.0))


def _on_page_2(doc: tuple[Page, ...], *items: TextItem) -> tuple[Page, ...]:
    return tuple(Page(pg.number, 612, 792, pg.items + items, FONTS) if pg.number == 2 else pg for pg in doc)


def test_a_run_in_head_may_fill_most_of_its_line_or_wrap_onto_the_next():
    unnumbered = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                       (3, it("Results", 72, 250, 12, BOLD)))
    # Most of the line's letters are the head's: the line reads as emphasised, and is still a run-in head.
    filled = _on_page_2(unnumbered, it("Survival of the strains in dry air.", 72, 560, font=BOLD),
                        it("We took", 235, 560))
    assert ("Survival of the strains in dry air", 2, 2) in titles(detect_outline(filled, 10.0))
    # The head wraps, hyphenated at the line's end; its face runs on into the next line's start.
    wrapped = _on_page_2(unnumbered, it("Survival of the wild type and the mutant in desic-", 72, 560, font=BOLD),
                         it("cation.", 72, 572, font=BOLD), it("We took the samples by hand.", 110, 572))
    assert ("Survival of the wild type and the mutant in desiccation", 2, 2) in titles(detect_outline(wrapped, 10.0))
    # PNAS sets its run-in heads smaller than the text: the head goes on in its size and face at the start of
    # a line of the paragraph's size.
    small = _on_page_2(unnumbered, it("Structural Mapping of Disease-Related Mutations in", 72, 560, 8, BOLD),
                       it("Humans.", 72, 572, 8, BOLD), it("Human channels are associated with disorders", 104, 572))
    assert ("Structural Mapping of Disease-Related Mutations in Humans", 2, 2) in titles(detect_outline(small, 10.0))
    # A bold sentence running on into plain text is no head: nothing in its face closes it on the next line.
    sentence = _on_page_2(unnumbered, it("We stress that this result holds for all of", 72, 560, font=BOLD),
                          it("the samples we took by hand.", 72, 572))
    assert [t for t, _, _ in titles(detect_outline(sentence, 10.0))] == ["Introduction", "Methods", "Results"]


def test_a_run_in_head_may_fill_its_line_and_its_paragraph_open_on_the_next():
    # PNAS and ASM: "ECLI Is Stabilized by the Conserved Glycosylation." alone on its line, set smaller than the
    # text, its paragraph opening under it; the same bold sentence carrying on the line above is none.
    unnumbered = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Results", 72, 250, 12, BOLD)),
                       (3, it("Discussion", 72, 250, 12, BOLD)))

    def under(last_words: str) -> list[str]:
        doc = _on_page_2(unnumbered, it(f"the strains were grown in the dark at room temperature {last_words}", 72, 548),
                         it("ECLI Is Stabilized by the Conserved Glycosylation.", 72, 562, 8.0, BOLD),
                         it("Compared to the other channels of known structure, the loop is long.", 72, 573))
        return [t for t, _, _ in titles(detect_outline(doc, 10.0))]

    assert under("overnight.") == ["Introduction", "Results", "ECLI Is Stabilized by the Conserved Glycosylation",
                                   "Discussion"]
    assert under("with") == ["Introduction", "Results", "Discussion"]
    # A manuscript double-spaced: the paragraph opens under the head at its own, wider leading.
    spaced = _on_page_2(unnumbered, it("the strains were grown in the dark at room temperature overnight.", 72, 540),
                        it("Comparison to other strategies of delivery.", 72, 562, font=BOLD),
                        *[it("Importantly, this strong improvement was not observed with other methods of", 72,
                             580 + 20 * k) for k in range(3)])
    assert "Comparison to other strategies of delivery" in [t for t, _, _ in titles(detect_outline(spaced, 10.0))]


def test_a_run_in_head_opens_a_paragraph_and_a_heading_opens_in_its_face():
    """A bold phrase closed by a full stop under a line that ends mid-sentence carries that sentence on (a
    species' name in a reference's title); under a line that closes one it is a run-in head. A numbered line
    whose first words are plain is a list's entry, its bold words a title inside it."""
    unnumbered = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                       (3, it("Results", 72, 250, 12, BOLD)))

    def under(last_words: str) -> list[str]:
        doc = _on_page_2(unnumbered, it(f"the strains were grown in the dark at room temperature {last_words}", 72, 560),
                         it("Escherichia coli.", 72, 572, font=BOLD), it("Cells were counted by hand.", 150, 572))
        return [t for t, _, _ in titles(detect_outline(doc, 10.0))]

    assert "Escherichia coli" not in under("with")
    assert "Escherichia coli" in under("overnight.")
    entry = _on_page_2(unnumbered, it("35. Leal WS:", 72, 560), it("Duality of the binding protein", 128, 560, font=BOLD))
    assert [t for t, _, _ in titles(detect_outline(entry, 10.0))] == ["Introduction", "Methods", "Results"]


def test_a_numbered_lower_level_may_run_in_in_italics():
    """ACM's and amsart's "5.2.1 *Syntactic scheduling.* A scheduler ...": a number of two levels or more,
    then an italic phrase closed by a full stop. An italic word after a number of one level stays text."""
    italic = (*FONTS, Font("Times-Italic", italic=True))
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                (2, it("2.1 Design", 72, 550, font=BOLD)), (3, it("3 Results", 72, 250, 12, BOLD)))
    extra = [it("2.1.1", 72, 600), it("Data sources.", 100, 600, font=2), it("We took the samples by hand.", 165, 600),
             it("2", 72, 640), it("Samples.", 80, 640, font=2), it("We took the samples by hand again.", 125, 640)]
    doc = tuple(Page(pg.number, 612, 792, pg.items + (tuple(extra) if pg.number == 2 else ()), italic) for pg in doc)
    assert titles(detect_outline(doc, 10.0)) == [
        ("1 Introduction", 1, 1), ("2 Method", 1, 2), ("2.1 Design", 2, 2), ("2.1.1 Data sources", 3, 2),
        ("3 Results", 1, 3)]


def test_a_bold_numbered_heading_may_name_a_program_in_italics():
    # "4.2.1 **The** *covtype* **dataset**", read word by word (pdf.js): the italics inside it are no run-in
    # head of their own; the heading is the whole line.
    faces = (*FONTS, Font("Times-Italic", italic=True))
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                (2, it("2.1 Design", 72, 550, font=BOLD)), (3, it("3 Results", 72, 250, 12, BOLD)))
    extra = [it("2.1.1", 72, 614, font=BOLD), it("The", 99, 614, font=BOLD), it("covtype", 117, 614, font=2),
             it("dataset", 152, 614, font=BOLD),
             *[it(f"We consider the dataset covtype.binary described in the paper {k}.", 72, 632 + 12 * k) for k in range(3)]]
    doc = tuple(Page(pg.number, 612, 792, pg.items + (tuple(extra) if pg.number == 2 else ()), faces) for pg in doc)
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == [
        "1 Introduction", "2 Method", "2.1 Design", "2.1.1 The covtype dataset", "3 Results"]


def test_a_tables_bold_row_label_is_no_heading():
    # An unnumbered bold line over a paragraph is a heading; over a short cell of a table ("Male", its
    # figures further right) it labels the rows under it.
    doc = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                (3, it("Results", 72, 250, 12, BOLD)))
    rows = [it("Gender", 72, 560, font=BOLD), it("Male", 80, 572), it("53 4.10 (0.10)", 250, 572),
            it("Female", 80, 584), it("61 4.57 (0.73)", 250, 584)]
    doc = _on_page_2(doc, *rows)
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == ["Introduction", "Methods", "Results"]
    # The same bold line over a paragraph's first line is a heading.
    para = _on_page_2(paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                            (3, it("Results", 72, 250, 12, BOLD))),
                      it("Gender", 72, 560, font=BOLD), it("Men and women took part in equal numbers, as planned.", 72, 572))
    assert "Gender" in [t for t, _, _ in titles(detect_outline(para, 10.0))]


def test_a_heading_in_capitals_may_end_its_column():
    """A footnote or a float may take the room under a heading at a page's foot: its paragraph opens the
    next page. Numbered and in capitals, with a blank line above, it is a heading still; set so in the text's
    face and case it would not be."""
    doc = paper((1, it("1. INTRODUCTION", 72, 250, 12, BOLD)), (2, it("2. DATA", 72, 250, 12, BOLD)),
                (3, it("4. RESULTS", 72, 250, 12, BOLD)), (3, it("5. DISCUSSION", 72, 550, 12, BOLD)))
    last = [it("3. THE SIZE DISTRIBUTION", 72, 700), it("1 https://example.org/code", 72, 740, 7)]
    assert [t for t, _, _ in titles(detect_outline(_on_page_2(doc, *last), 10.0))] == [
        "1. INTRODUCTION", "2. DATA", "3. THE SIZE DISTRIBUTION", "4. RESULTS", "5. DISCUSSION"]
    plain = [it("3. the size distribution", 72, 700), it("1 https://example.org/code", 72, 740, 7)]
    assert [t for t, _, _ in titles(detect_outline(_on_page_2(doc, *plain), 10.0))] == [
        "1. INTRODUCTION", "2. DATA", "4. RESULTS", "5. DISCUSSION"]


def test_a_heading_in_capitals_over_its_first_subheading_in_one_face():
    # BMJ's journals: "RESULTS", then "Search results", in one face of their own and the body's size, then
    # the paragraph; the capitals tell the levels apart.
    faces = (*FONTS, Font("AdvPECFD36"))
    doc = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                (3, it("Discussion", 72, 250, 12, BOLD)))
    extra = (it("RESULTS", 72, 560, font=2), it("Search results", 72, 572, font=2),
             *[it(f"We identified {k}267 potentially eligible articles in the search.", 72, 584 + 12 * k) for k in range(3)])
    doc = tuple(Page(pg.number, 612, 792, pg.items + (extra if pg.number == 2 else ()), faces) for pg in doc)
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == [
        "Introduction", "Methods", "RESULTS", "Search results", "Discussion"]


def test_a_heading_over_a_long_subheading_or_a_bulleted_list():
    # Cell Press's STAR Methods: "METHOD DETAILS" straight over a subheading that wraps, and "Data and code
    # availability" over a list whose bullet is one glyph of a symbol font (read "d", as Zapf Dingbats' reads "n").
    faces = (*FONTS, Font("Helvetica-Heavy", bold=True), Font("MathPi"))
    doc = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                (3, it("Discussion", 72, 250, 12, BOLD)))
    extra = (it("METHOD DETAILS", 72, 560, font=2),
             it("Sampling, visualization and volumetric estimation of the symbiosis from", 72, 574, font=2),
             it("marine locations", 72, 586, font=2),
             *[it(f"All the specimens of strain {k} were sampled in the open sea by hand.", 72, 598 + 12 * k) for k in range(3)],
             it("Data and code availability", 72, 660, font=2),
             *[item for k in range(3) for item in (it("d", 72, 674 + 12 * k, 6.5, font=3),
                                                     it(f"The data of part {k} will be shared on request.", 80, 674 + 12 * k))])
    doc = tuple(Page(pg.number, 612, 792, pg.items + (extra if pg.number == 2 else ()), faces) for pg in doc)
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == [
        "Introduction", "Methods", "METHOD DETAILS",
        "Sampling, visualization and volumetric estimation of the symbiosis from marine locations",
        "Data and code availability", "Discussion"]


def test_a_run_in_head_numbered_in_roman_numerals_in_a_paper_numbered_in_digits_is_a_list_item():
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                (2, it("2.1 Data", 72, 550, font=BOLD)), (3, it("3 Results", 72, 250, 12, BOLD)))
    items = (it("I. Statistical:", 72, 600, font=BOLD), it("uses one or more statistical models", 140, 600),
             it("II. Hybrid:", 72, 640, font=BOLD), it("defines a small number of rules", 125, 640))
    found = [t for t, _, _ in titles(detect_outline(_on_page_2(doc, *items), 10.0))]
    assert found == ["1 Introduction", "2 Method", "2.1 Data", "3 Results"]


def test_a_page_shown_small_in_a_figure_holds_no_headings():
    # A figure showing a paper's page sets its "ABSTRACT" and "INTRODUCTION" at 4.5 pt over 10 pt text; a
    # heading is never set at little more than half the text's size (the back matter's, at 7 pt, still counts).
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                (3, it("3 Results", 72, 250, 12, BOLD)))
    shown = (it("ABSTRACT", 300, 600, 4.5, BOLD), *[it(BODY, 300, 606 + 6 * k, 5.6) for k in range(4)],
             it("INTRODUCTION", 300, 640, 4.5, BOLD), *[it(BODY, 300, 646 + 6 * k, 5.6) for k in range(4)])
    found = [t for t, _, _ in titles(detect_outline(_on_page_2(doc, *shown), 10.0))]
    assert found == ["1 Introduction", "2 Method", "3 Results"]


def test_a_numbered_section_title_opens_with_a_capital_unless_a_subsection_names_something_so():
    # "23 y 24 de Febrero de 2006" set large is a date, "2. same-object location" a figure's label; a
    # subsection may be named in lower case ("3.2 k-means").
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                (2, it("2.1 k-means", 72, 550, 12, BOLD)), (3, it("3 Results", 72, 250, 12, BOLD)),
                (3, it("23 y 24 de Febrero de 2006", 72, 550, 12, BOLD)))
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == ["1 Introduction", "2 Method", "2.1 k-means",
                                                                     "3 Results"]


def test_author_lines_are_no_headings_though_an_initial_reads_as_a_letter():
    """"D. White" reads like IEEE's "A. Overview": the marks that tie a name to its affiliation tell an author
    line ("D. E. Trilling,1, 2", "J. Rajagopal4", "D. White∗,‡"), and so does an address on page 1."""
    heads = [(1, it("A Survey of Things", 72, 60, 16, BOLD)),
             (1, it("D. E. Trilling,1, 2 F. Valdes,4", 72, 90, 11, BOLD)),
             (1, it("D. White∗,‡", 72, 120, 11, BOLD)),
             (1, it("C. Contreras, Michigan State University, 48823 East Lansing, MI, USA", 72, 150, 11, BOLD)),
             (1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
             (2, it("A. Overview", 72, 550, 11, BOLD)), (3, it("3 Results", 72, 250, 12, BOLD))]
    found = [t for t, _, _ in titles(detect_outline(paper(*heads), 10.0))]
    assert found == ["A Survey of Things", "1 Introduction", "2 Method", "A. Overview", "3 Results"]


def test_the_roles_an_author_contributions_statement_lists_are_no_sections():
    roles = [it("Data curation:", 72, 600, font=BOLD), it("Alice Smith, Bob Jones.", 140, 600),
             it("Methodology:", 72, 640, font=BOLD), it("Bob Jones.", 135, 640)]
    doc = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                (3, it("Author Contributions", 72, 250, 12, BOLD)), (4, it("References", 72, 250, 12, BOLD)))
    doc = tuple(Page(pg.number, 612, 792, pg.items + tuple(roles), FONTS) if pg.number == 3 else pg for pg in doc)
    found = [t for t, _, _ in titles(detect_outline(_with_run_in(doc, 2, "Sample collection."), 10.0))]
    assert found == ["Introduction", "Methods", "Sample collection", "Author Contributions", "References"]


def test_a_numbered_list_restarting_inside_a_section_is_not_a_run_of_sections():
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Related Work", 72, 250, 12, BOLD)),
                (3, it("3 System Architecture", 72, 250, 12, BOLD)), (3, it("1. Layout", 72, 320, font=BOLD)),
                (3, it("2. Edge routing", 72, 560, font=BOLD)), (4, it("4 Tiling", 72, 250, 12, BOLD)))
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == [
        "1 Introduction", "2 Related Work", "3 System Architecture", "4 Tiling"]


def test_a_lone_top_level_number_inside_a_section_is_a_list_item():
    # Between "2.1" and "2.2" only parts of section 2 stand: "3. Payroll tax cut." there is a numbered item
    # run in as a head; section 3 comes later.
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Model", 72, 250, 12, BOLD)),
                (2, it("2.1 Income", 72, 500, 11, BOLD)), (4, it("2.2 Recessions", 72, 250, 11, BOLD)),
                (5, it("3 Results", 72, 250, 12, BOLD)))
    doc = _with_run_in(doc, 3, "3. Payroll tax cut.")
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == [
        "1 Introduction", "2 Model", "2.1 Income", "2.2 Recessions", "3 Results"]


def test_rejections():
    long = "1 " + "A heading that goes on and on " * 6
    doc = paper(
        (1, it("1 Introduction", 72, 250, 12, BOLD)),
        (1, it(long, 72, 330, 12, BOLD)),  # over 160 characters
        (2, it("This bold sentence ends with a full stop.", 72, 250, 12, BOLD)),  # unnumbered, ends in "."
        (2, it("Contents . . . . . . . . 3", 72, 330, 12, BOLD)),  # dotted leader
        (2, it("2 Method", 72, 550, 12, BOLD)),
        (3, it("Preprint under review", 200, 30, 12, BOLD)),  # outer margin
        (3, it("3 Results", 72, 250, 12, BOLD)),
    )
    assert titles(detect_outline(doc, 10.0)) == [("1 Introduction", 1, 1), ("2 Method", 1, 2), ("3 Results", 1, 3)]


def test_running_heads_on_three_pages_are_dropped():
    heads = [(n, it(f"Journal of Examples {n}", 72, 60, 12, BOLD)) for n in (1, 2, 3)]
    doc = paper(*heads, (1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                (3, it("3 Results", 72, 250, 12, BOLD)))
    assert titles(detect_outline(doc, 10.0)) == [("1 Introduction", 1, 1), ("2 Method", 1, 2), ("3 Results", 1, 3)]


@pytest.mark.parametrize("sections, subsections", [
    (["1 | INTRODUCTION", "2 | METHODS", "3 | RESULTS"], ["1.1 | Background", "2.1 | Study design", "3.1 | Findings"]),
    (["1.0 INTRODUCTION", "2.0 METHODS", "3.0 RESULTS"], ["1.1 Background", "2.1 Study design", "3.1 Findings"]),
    (["§1. Introduction", "§2. The model", "§3. Results"], ["§1.1. Background", "§2.1. Estimates", "§3.1. Tests"]),
    (["§ 1 Introduction", "§ 2 The model", "§ 3 Results"], ["1.1 Background", "2.1 Estimates", "3.1 Tests"]),
    (["Chapter 1 Introduction", "Chapter 2 The model", "Chapter 3 Results"],
     ["1.1 Background", "2.1 Estimates", "3.1 Tests"]),
    (["Section 1: Introduction", "Section 2: The model", "Section 3: Results"],
     ["Section 1.1: Background", "Section 2.1: Estimates", "Section 3.1: Tests"]),
])
def test_numbers_set_off_by_a_bar_a_section_sign_or_a_word_or_closed_by_a_zero(sections, subsections):
    # Wiley's journals set a bar between a heading's number and its title; reports number their sections
    # "2.0", their subsections "2.1": the bar is no part of the number, and ".0" adds no level. Mathematics,
    # law and older physics set the section sign before the number ("§2. The model"), books, theses and reports
    # a word ("Chapter 2 The model", "Section 2.1: Estimates"): no part of it either.
    content = []
    for n, (top, sub) in enumerate(zip(sections, subsections, strict=True), start=1):
        y = 150 + 7 * n
        content.append([it(top, 72, y, 12, BOLD), *body_lines(y + 16, 6), it(sub, 72, y + 110, 10, BOLD),
                        *body_lines(y + 126, 8)])
    found = titles(detect_outline(pages(*content), 10.0))
    expected = [(t, level) for pair in zip(sections, subsections, strict=True) for t, level in zip(pair, (1, 2))]
    assert [(t, level) for t, level, _ in found] == expected


def test_a_section_repeated_under_each_study_is_no_running_head():
    # Psychology's papers of several studies repeat "Method", "Results" and "Discussion" under each; down the
    # page, on lines of their own over a paragraph, they are sections, not furniture at the page's edge.
    content = []
    for n in (1, 2, 3):
        y = 200 + 30 * n  # (one height on every page is a table's head repeated where the table goes on)
        content.append([it(f"Study {n}", 72, y, 12, BOLD), *body_lines(y + 14, 4),
                        it("Method", 72, y + 80, 10, BOLD), *body_lines(y + 94, 6),
                        it("Results", 72, y + 190, 10, BOLD), *body_lines(y + 204, 6)])
    found = [t for t, _, _ in titles(detect_outline(pages(*content), 10.0))]
    assert found == ["Study 1", "Method", "Results", "Study 2", "Method", "Results", "Study 3", "Method", "Results"]


def _alternating_heads_paper() -> tuple[Page, ...]:
    """A four-page letter: the journal's name heads odd pages, the authors' names even ones, in bold 12 pt
    80 pt down the page (outside its margin share), each over a paragraph, as a heading is."""
    content = []
    for n in range(1, 5):
        head = "Example Letters in Nutrition" if n % 2 else "Smith, Jones and Lee"
        content.append([it(head, 72, 80, 12, BOLD), *body_lines(94, 8),
                        it(("Introduction", "Methods", "Results", "Discussion")[n - 1], 72, 300, 12, BOLD),
                        *body_lines(314, 20)])
    return pages(*content)


def test_a_running_head_is_no_heading_where_it_looks_like_one():
    # A running head is the same line at the top of page after page, wherever the template sets it, however
    # much it looks like a heading; a short paper's alternating heads each recur on every other page.
    doc = _alternating_heads_paper()
    found = [t for t, _, _ in titles(detect_outline(doc, 10.0, running_heads=_running(doc)))]
    assert found == ["Introduction", "Methods", "Results", "Discussion"]
    # A heading set larger than the running head that repeats it on the pages after it (LaTeX's marks) stays.
    doc = pages(*[[it(f"{n} {name}", 72, 80, 12, BOLD), *body_lines(94, 30)]
                  for n, name in enumerate(("Introduction", "Method", "Results"), start=1)],
                [it("Appendices", 72, 80, 17, BOLD), *body_lines(100, 30)],
                *[[it("APPENDICES", 72, 60, 10), *body_lines(100 + 2 * n, 30)] for n in range(3)])
    assert "Appendices" in [t for t, _, _ in titles(detect_outline(doc, 10.0, running_heads=_running(doc)))]


def _running(doc: tuple[Page, ...]) -> Callable[[int], frozenset[float]]:
    return Furniture(text_map(doc), PARAMS.references).running


def test_after_references_only_appendix_headings():
    doc = paper(
        (1, it("1 Introduction", 72, 250, 12, BOLD)),
        (2, it("2 Method", 72, 250, 12, BOLD)),
        (3, it("References", 72, 250, 12, BOLD)),
        (3, it("12. Smith J. Bold Entry", 72, 300, font=BOLD)),  # a bold numbered reference entry
        (3, it("3. Lee K. Bold Entry", 72, 330, font=BOLD)),  # ... numbered on from "2 Method", in the list's size
        (4, it("A Proofs", 72, 250, 12, BOLD)),
        (4, it("A.1 Lemma One", 72, 550, font=BOLD)),
        (5, it("B PDF filters", 72, 250, 12, BOLD)),  # an appendix's title may open with an acronym
        (6, it("C ABLATION STUDIES", 72, 250, 12, BOLD)),  # ... or be set in capitals
        (6, it("C. SMITH AND J. LEE, 2019", 72, 550, 12, BOLD)),  # (an initial has its full stop)
    )
    assert titles(detect_outline(doc, 10.0)) == [
        ("1 Introduction", 1, 1), ("2 Method", 1, 2), ("References", 1, 3), ("A Proofs", 1, 4),
        ("A.1 Lemma One", 2, 4), ("B PDF filters", 1, 5), ("C ABLATION STUDIES", 1, 6)]


def test_a_book_numbers_its_next_chapter_on_after_a_chapters_list():
    # Each chapter of a book or a thesis closes with its list: the next chapter goes on with the numbers and the
    # look of the one before the list; an entry numbered so in the list's size stays an entry.
    doc = paper(
        (1, it("1 Bones", 72, 250, 14, BOLD)), (2, it("References", 72, 250, 12, BOLD)),
        (2, it("2. Smith J. An entry", 72, 300, font=BOLD)),
        (3, it("2 Muscles", 72, 250, 14, BOLD)), (3, it("2.1 The jaw", 72, 550, 12, BOLD)),
        (4, it("References", 72, 350, 12, BOLD)), (5, it("4 Nerves", 72, 250, 14, BOLD)),  # not numbered on
    )
    assert titles(detect_outline(doc, 10.0)) == [
        ("1 Bones", 1, 1), ("References", 1, 2), ("2 Muscles", 1, 3), ("2.1 The jaw", 2, 3), ("References", 1, 4)]
    # Unnumbered chapters: the next is set as the last before the list; an entry in the list's size is none.
    doc = paper(
        (1, it("Bones", 72, 250, 14, BOLD)), (2, it("References", 72, 250, 12, BOLD)),
        (2, it("Smith J. An entry in bold", 72, 300, font=BOLD)),
        (3, it("Muscles", 72, 250, 14, BOLD)), (4, it("References", 72, 350, 12, BOLD)),
        (5, it("Nerves", 72, 250, 14, BOLD)),
    )
    assert titles(detect_outline(doc, 10.0)) == [
        ("Bones", 1, 1), ("References", 1, 2), ("Muscles", 1, 3), ("References", 1, 4), ("Nerves", 1, 5)]


def test_a_bare_letter_before_the_references_is_not_an_appendix_number():
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (1, it("A Survey of Things", 72, 550, font=BOLD)),
                (2, it("2 Method", 72, 250, 12, BOLD)), (3, it("3 Results", 72, 250, 12, BOLD)))
    assert "A Survey of Things" not in [t for t, _, _ in titles(detect_outline(doc, 10.0))]
    # In capitals, an "A" opening a heading is its article: a heading of its own, not numbered by the letter.
    doc = paper((1, it("1 INTRODUCTION", 72, 250, 12, BOLD)), (1, it("A SATISFACTORY MODEL", 72, 550, font=BOLD)),
                (2, it("2 METHOD", 72, 250, 12, BOLD)), (3, it("3 RESULTS", 72, 250, 12, BOLD)))
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == [
        "1 INTRODUCTION", "A SATISFACTORY MODEL", "2 METHOD", "3 RESULTS"]


def test_no_outline_is_better_than_a_junk_one():
    two = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)))
    assert detect_outline(two, 10.0) == ()
    # three headings, but 6 pages of nothing between two of them (> half of 8 pages)
    gap = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Stray Words", 72, 250, 12, BOLD)),
                (8, it("3 Other Words", 72, 250, 12, BOLD)))
    assert detect_outline(gap, 10.0) == ()
    # ... unless the section before the gap is one every paper may name: a Results section runs over pages
    # without a subsection in a paper that numbers none.
    imrad = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                  (3, it("Results", 72, 250, 12, BOLD)), (9, it("Discussion", 72, 250, 12, BOLD)))
    assert [t for t, _, _ in titles(detect_outline(imrad, 10.0))] == ["Introduction", "Methods", "Results",
                                                                       "Discussion"]


def test_tight_leading_page_is_retried_with_a_smaller_tolerance():
    # A 14 pt heading 8 pt above the first body line: at 0.75 x 14 = 10.5 pt it merges with the body
    # line (whose 10 pt text then decides the size); at 0.5 x 14 = 7 pt it stands alone.
    def tight(title: str, n: int) -> list[TextItem]:
        return [it(title, 72, 100, 14), *[it(BODY, 72, 108 + 12 * k) for k in range(8)]]

    doc = pages(tight("Overview", 1), tight("Design Goals", 2), tight("Evaluation Plan", 3))
    assert titles(detect_outline(doc, 10.0)) == [("Overview", 1, 1), ("Design Goals", 1, 2), ("Evaluation Plan", 1, 3)]


def test_bookmarks_become_outline_items_and_unresolved_ones_are_dropped():
    marks = (Bookmark("Intro", 1, 1, 90.0), Bookmark("Lost", 1, None, None), Bookmark("Sub", 2, 2, None))
    assert outline_from_bookmarks(marks) == (OutlineItem("Intro", 1, 1, 90.0), OutlineItem("Sub", 2, 2, 0.0))


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

words = st.sampled_from(["1", "2.1", "Introduction", "References", "A", "Results.", "the", "IV.", "[12]", "σ =",
                         "Figure 3", "Appendix B", "....", "Méthodes", "  ", "x"])
random_items = st.lists(
    st.builds(lambda ws, x, y, size, font: TextItem(" ".join(ws), x, y, 5.0 * max(len(ws), 1), size, size, font),
              st.lists(words, min_size=1, max_size=6), st.floats(0, 600), st.floats(0, 790), st.floats(4, 24),
              st.integers(-1, 1)),
    max_size=40,
)


@settings(max_examples=100, deadline=None)
@given(st.lists(random_items, min_size=1, max_size=5), st.floats(5, 14))
def test_detect_outline_is_total_and_stays_in_range(contents, body):
    doc = pages(*contents)
    outline = detect_outline(doc, body)
    assert outline == () or len(outline) >= 3
    for o in outline:
        assert 1 <= o.page <= len(doc) and -50 <= o.y <= 792 and 1 <= o.level <= 6 and o.title.strip()


def test_a_one_word_logo_above_the_title_is_neither_heading_nor_title():
    # MPRA's cover: "MPRA" at 58 pt, then the paper's title at 21 pt.
    doc = paper((1, it("MPRA", 72, 60, 58)), (1, it("Territorial Rural Development", 72, 130, 21)),
                (2, it("1 Introduction", 72, 250, 12, BOLD)), (3, it("2 Method", 72, 250, 12, BOLD)))
    assert titles(detect_outline(doc, 10.0)) == [
        ("Territorial Rural Development", 1, 1), ("1 Introduction", 1, 2), ("2 Method", 1, 3)]


def test_of_the_large_lines_on_page_one_the_title_is_the_longest():
    # RSC's first page: the journal's name set larger over two lines, "EDGE ARTICLE" as large as the title.
    front = [it("Chemical", 72, 50, 21), it("Science", 72, 71, 21), it("EDGE ARTICLE", 72, 108, 16),
             it("Generation of bright monomeric red proteins", 72, 150, 16), *body_lines(200)]
    rest = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("1.1 Method", 72, 250, 10, BOLD)))
    doc = pages(front, *(list(pg.items) for pg in rest))
    assert titles(detect_outline(doc, 10.0)) == [
        ("Generation of bright monomeric red proteins", 1, 1), ("1 Introduction", 1, 2), ("1.1 Method", 2, 3)]


def test_a_little_larger_than_the_body_italics_and_a_bold_number_make_a_heading():
    # JSS: 12 pt headings over 10.9 pt text (under the 1.12 size ratio): "Data input" in CMTI12, and
    # "3.1. readData" with only its number bold, the name in typewriter.
    fonts = (Font("CMR10"), Font("CMBX12", bold=True), Font("CMTI12", italic=True), Font("CMTT12"))

    def text(y0: float) -> list[TextItem]:
        return [TextItem("The " + BODY, 72, y0 + 13.5 * k, 300, 10.9, 10.9, 0) for k in range(5)]

    def page(n: int, *heading: TextItem) -> Page:
        return Page(n, 612, 792, (*text(100), *heading, *text(heading[0].y + 21)), fonts)

    doc = (page(1, TextItem("1. Introduction", 72, 250, 90, 12, 12, 1)),
           page(2, TextItem("3.1.", 72, 250, 22, 12, 12, 1), TextItem("readData", 100, 250, 50, 12, 12, 3)),
           page(3, TextItem("Data input", 72, 250, 60, 12, 12, 2)))
    assert [(o.title, o.page) for o in detect_outline(doc, 10.9)] == [
        ("1. Introduction", 1), ("3.1. readData", 2), ("Data input", 3)]


def test_a_section_heading_in_the_top_margin_opening_the_page_is_kept():
    # PNAS sets "Materials and Methods" 43 pt from the top (the margin is 6 % of 792 = 47.5 pt); a stamp
    # there ("Preprint under review") stays out.
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Results", 72, 250, 12, BOLD)),
                (2, it("3 Discussion", 72, 550, 12, BOLD)))
    top = [it("Materials and Methods", 72, 43, 12, BOLD), *body_lines(60, 4)]
    stamp = [it("Preprint under review", 72, 40, 12, BOLD), *body_lines(60, 4)]
    for extra, expected in ((top, [("Materials and Methods", 1, 3)]), (stamp, [])):
        got = titles(detect_outline((*doc, Page(3, 612, 792, tuple(extra), FONTS)), 10.0))
        assert got == [("1 Introduction", 1, 1), ("2 Results", 1, 2), ("3 Discussion", 1, 2), *expected]


def test_a_short_line_in_a_font_of_its_own_after_a_blank_line_is_a_heading():
    # BMC renames its fonts: "Study area" is set at 9.2 pt in "RdksxjAdvTT99c4c969" (bold, by the look of
    # it) over 9.8 pt text, a blank line above, the paragraph under it at the usual leading. The same short
    # line in the paragraph's own font is not a heading, nor is one without the blank line.
    fonts = (Font("LlxskpAdvTT86d47313"), Font("RdksxjAdvTT99c4c969"))

    def para(y0: float, n: int = 4) -> list[TextItem]:
        return [TextItem(f"The paragraph goes on here over line {k} of the text", 57, y0 + 12 * k, 240, 9.8, 9.8, 0)
                for k in range(n)]

    def page(n: int, head: str, font: int, above: float = 24, below: float = 12) -> Page:
        return Page(n, 612, 792, (*para(100), TextItem(head, 57, 136 + above, 60, 9.2, 9.2, font),
                                  *para(136 + above + below)), fonts)

    # Springer sets a lower level with a blank line below it too: as far over its paragraph as under the one
    # before it, both more than the paragraph's leading apart.
    doc = (page(1, "Study area", 1), page(2, "Data collection", 1), page(3, "Data analysis", 1),
           page(4, "Closing words", 0), page(5, "Tight heading", 1, above=12), page(6, "Upgrade cases", 1, below=24),
           page(7, "Further below", 1, below=36), page(8, "One line apart", 0, below=24))
    assert [(o.title, o.page) for o in detect_outline(doc, 9.8)] == [
        ("Study area", 1), ("Data collection", 2), ("Data analysis", 3), ("Upgrade cases", 6)]


# ------------------------------------------------------------------ numbered headings in the body's weight

SANS = 2
FACES = (*FONTS, Font("Helvetica"))
PROSE = "The paragraph under a heading opens with a capital letter and runs on"


def section_page(n: int, head: list[TextItem], above: float = 24, x: float = 72) -> Page:
    """A paragraph (baselines 100-136), ``above`` pt lower the heading's items (given at y=0), 16 pt under
    it the next paragraph: the heading's items are moved to their baseline."""
    y = 136 + above
    items = [it(PROSE, x, 100 + 12 * k) for k in range(4)]
    items += [TextItem(i.text, i.x, y, i.width, i.height, i.size, i.font) for i in head]
    items += [it(PROSE, x, y + 16 + 12 * k) for k in range(4)]
    return Page(n, 612, 792, tuple(items), FACES)


def with_bold_sections(case: Page) -> tuple[Page, ...]:
    """The case on page 2, among bold numbered sections (an outline needs three headings)."""
    first = section_page(1, [it("1 Introduction", 72, 0, 12, BOLD)])
    rest = [section_page(n, [it(title, 72, 0, 12, BOLD)]) for n, title in ((3, "3 Discussion"), (4, "4 Summary"))]
    return (first, Page(2, 612, 792, case.items, FACES), *rest)


def centred(text: str, size: float = 10.0, font: int = REGULAR) -> TextItem:
    width = 0.45 * size * len(text)
    left, right = 72, 72 + 0.45 * 10 * len(PROSE)
    return TextItem(text, (left + right - width) / 2, 0, width, size, size, font)


@pytest.mark.parametrize(("head", "above", "expected"), [
    # ICLR and IEEE: capitals (small capitals faked by size) in the body's own font, a blank line above
    ([it("2 METHOD", 72, 0)], 24, "2 METHOD"),
    ([centred("II. RELATED WORK", 8.0)], 24, "II. RELATED WORK"),
    # ACM: a sans heading over serif text, in the body's weight and size
    ([it("2.1 What is optimistic replication?", 72, 0, font=SANS)], 24, "2.1 What is optimistic replication?"),
    # a numbered list item: the paragraph's own font and case
    ([it("2 Method", 72, 0)], 24, None),
    # capitals, but no blank line above: a line of the paragraph
    ([it("2 METHOD", 72, 0)], 12, None),
    # capitals ending in a full stop: a sentence
    ([it("2 THE METHOD WORKS.", 72, 0)], 24, None),
], ids=["capitals", "centred-roman", "foreign-font", "list-item", "no-blank-line", "full-stop"])
def test_a_numbered_line_set_apart_in_capitals_or_a_font_of_its_own_is_a_heading(head, above, expected):
    got = [o.title for o in detect_outline(with_bold_sections(section_page(2, head, above)), 10.0)]
    assert got == ["1 Introduction", *([expected] if expected else []), "3 Discussion", "4 Summary"]


@pytest.mark.parametrize(("head", "above", "expected"), [
    ([it("2 METHOD", 72, 0)], 24, "2 METHOD"),  # a blank line above: 48 pt double-spaced
    ([it("2 METHOD", 72, 0)], 12, None),  # none: 24 pt, the paragraph's own leading
], ids=["blank-line", "no-blank-line"])
def test_a_double_spaced_manuscripts_headings_are_told_by_its_own_leading(head, above, expected):
    # A manuscript for review sets its lines twice as far apart as print does: a blank line above a heading is
    # 4 ems, its paragraph 2 ems under it, a paragraph's lines 2 ems apart. Its lines are read drawn together.
    def double_spaced(page: Page) -> Page:
        top = min(i.y for i in page.items)
        return Page(page.number, page.width, 2 * page.height,
                    tuple(replace(i, y=2 * i.y - top) for i in page.items), page.fonts)

    got = [o.title for o in detect_outline([double_spaced(pg) for pg in
                                            with_bold_sections(section_page(2, head, above))], 10.0)]
    assert got == ["1 Introduction", *([expected] if expected else []), "3 Discussion", "4 Summary"]


def test_a_numbered_heading_in_capitals_may_wrap_and_a_letter_numbers_a_section_over_its_first_subsection():
    # A heading set apart in capitals wraps like any other, its paragraph under its second line. A letter is
    # a section's number (an appendix's) where its first subsection follows, numbered under it; alone, an "A"
    # opening a line in capitals may be the article.
    items = [it(PROSE, 72, 100 + 12 * k) for k in range(4)]
    items += [it("2 THE STRUCTURE OF GLOBAL SECURITY", 72, 160), it("GOVERNANCE", 72, 174)]
    items += [it(PROSE, 72, 190 + 12 * k) for k in range(4)]
    items += [it("B COMPLEXITY OF ALIGNMENT", 72, 262), it("B.1 COST OF A NEW REPRESENTATION", 72, 278, 8)]
    items += [it(PROSE, 72, 294 + 12 * k) for k in range(4)]
    items += [it("A NEW WAY OF READING", 72, 366)] + [it(PROSE, 72, 382 + 12 * k) for k in range(4)]
    got = [o.title for o in detect_outline(with_bold_sections(Page(2, 612, 792, tuple(items), FACES)), 10.0)]
    assert got == ["1 Introduction", "2 THE STRUCTURE OF GLOBAL SECURITY GOVERNANCE", "B COMPLEXITY OF ALIGNMENT",
                   "B.1 COST OF A NEW REPRESENTATION", "3 Discussion", "4 Summary"]


def test_a_heading_in_a_font_of_its_own_may_lend_its_face_to_a_symbol_of_the_paragraph():
    # Elsevier: "2.3. Statistical analyses" in a face of its own, over "The coefficient of efficiency (E)"
    # whose E is set in that face. The paragraph's own face is the one it is written in.
    case = section_page(2, [it("2.3 Statistical analyses", 72, 0, font=SANS)])
    y = next(i.y for i in case.items if i.text.startswith("2.3")) + 16
    first = [i for i in case.items if i.y == y][0]
    opening = [it("The coefficient of efficiency (", 72, y), it("E", 72 + 0.45 * 10 * 31, y, font=SANS),
               it(") of the model runs on and on", 72 + 0.45 * 10 * 32, y)]
    case = Page(2, 612, 792, tuple(i for i in case.items if i is not first) + tuple(opening), FACES)
    got = [o.title for o in detect_outline(with_bold_sections(case), 10.0)]
    assert got == ["1 Introduction", "2.3 Statistical analyses", "3 Discussion", "4 Summary"]


def test_small_capitals_split_over_two_lines_by_size_are_one_heading():
    # IEEE's "I. INTRODUCTION": "I. I" at 10 pt and "NTRODUCTION" at 8 pt on one baseline, in the left
    # column, 6.5 pt under a line of the right column: line building gives the smaller piece to the right
    # column's next line and leaves two lines; the heading is both.
    def line(x: float, y: float) -> TextItem:
        return TextItem(PROSE[:56], x, y, 252, 10, 10, REGULAR)

    def page(n: int, number: str, word: str) -> Page:
        left = [line(40, 188 + 12 * k) for k in range(5)] + [line(40, 280 + 12 * k) for k in range(5)]
        right = [line(303, 194 + 12 * k) for k in range(12)]
        head = [TextItem(number, 127, 260.46, 15.1, 9.96, 9.96, 0),
                TextItem(word, 142.86, 260.46, 62.15, 7.97, 7.97, 0)]
        return Page(n, 595, 842, (*left[:5], *head, *left[5:], *right), FACES)

    doc = (page(1, "I. I", "NTRODUCTION"), page(2, "II. M", "ETHOD"), page(3, "III. R", "ESULTS"))
    assert [o.title for o in detect_outline(doc, 10.0)] == ["I. INTRODUCTION", "II. METHOD", "III. RESULTS"]


@pytest.mark.parametrize("number_size", [5.0, 10.0], ids=["small", "body-size"])
def test_a_drafts_margin_line_numbers_are_not_part_of_its_headings(number_size):
    # lineno: a number beside every line, rising down the page: "50 2 Related Work" is "2 Related Work".
    # bioRxiv's drafts set them in the body's size, beside unnumbered headings set large ("79 Introduction").
    def page(n: int, head: str, size: float) -> Page:
        items, y, k = [], 100.0, 12 * n
        for text, sz, font in [(PROSE, 10, 0)] * 5 + [(head, size, BOLD)] + [(PROSE, 10, 0)] * 6:
            items += [TextItem(str(k), 40, y, number_size, number_size, number_size, 0), it(text, 72, y, sz, font)]
            y, k = y + (20 if font == BOLD else 12), k + 1
        return Page(n, 612, 792, tuple(items), FACES)

    doc = (page(1, "1 Introduction", 12), page(2, "2 Related Work", 12), page(3, "3 Method", 12))
    assert [o.title for o in detect_outline(doc, 10.0)] == ["1 Introduction", "2 Related Work", "3 Method"]
    doc = (page(1, "Introduction", 20), page(2, "Methods", 20), page(3, "Results", 20))
    assert [o.title for o in detect_outline(doc, 10.0)] == ["Introduction", "Methods", "Results"]


# ------------------------------------------------------------------ what is not a heading, and levels

@pytest.mark.parametrize(("label", "expected"), [
    ("Lemma 3.1", False), ("Theorem 2", False), ("Definition 1 (Buffer stock)", False), ("Fig. A.1", False),
    ("To cite this article", False), ("Keywords and phrases", False), ("Trial registration number", False),
    ("Output: S", False), ("Continued", False), ("Model setup", True),
], ids=["lemma", "theorem", "definition", "figure-label", "to-cite", "keywords", "registration", "algorithm-output",
        "continued-table", "section"])
def test_theorem_and_figure_labels_are_not_sections(label, expected):
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it(label, 72, 250, 12, BOLD)),
                (3, it("2 Method", 72, 250, 12, BOLD)), (4, it("3 Results", 72, 250, 12, BOLD)))
    assert (label in [t for t, _, _ in titles(detect_outline(doc, 10.0))]) is expected


def test_numbered_pseudo_code_lines_with_bold_keywords_are_not_headings():
    # An algorithm's numbered lines set their keywords in bold: "1 for k ← 1 to N", "6 if".
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                (3, it("3 Results", 72, 250, 12, BOLD)))
    code = [(it("1", 72, 560), it("for", 80, 560, font=BOLD), it("k ← 1 to N do the update", 100, 560)),
            (it("6", 72, 572), it("if", 80, 572, font=BOLD), it("the sample is accepted then", 100, 572))]
    p2 = doc[1]
    doc = (doc[0], Page(2, 612, 792, p2.items + code[0] + code[1], FONTS), doc[2])
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == ["1 Introduction", "2 Method", "3 Results"]


def test_a_figures_large_words_are_not_headings():
    # Words set large inside a diagram ("Current subtraction" over "VDD" at 7 pt) are followed by other
    # labels, not by a paragraph; a large heading is followed by text in its column.
    def page(n: int, head: str, under: list[TextItem]) -> Page:
        return Page(n, 612, 792, (*body_lines(100, 4), it(head, 72, 250, 16), *under, *body_lines(400, 4)), FONTS)

    prose = [it(PROSE, 72, 270 + 12 * k) for k in range(3)]
    labels = [it("VDD", 90, 268, 7), it("Iref", 200, 290, 7), it("M1", 130, 320, 7)]
    doc = (page(1, "Overview", prose), page(2, "Current subtraction", labels), page(3, "Design Goals", prose),
           page(4, "Evaluation Plan", prose))
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == ["Overview", "Design Goals", "Evaluation Plan"]


def test_a_figures_axis_title_over_its_caption_and_a_formula_set_large_are_not_headings():
    # The words just above a caption belong to the figure (an axis title); a heading has words, while a
    # formula's letters stand one by one between brackets and slashes.
    def page(n: int, head: str, under: list[TextItem]) -> Page:
        return Page(n, 612, 792, (*body_lines(100, 4), it(head, 72, 250, 16), *under, *body_lines(400, 4)), FONTS)

    prose = [it(PROSE, 72, 270 + 12 * k) for k in range(3)]
    caption = [it("Figure 4. Masses and semi-major axes of the companions that meet the requirements", 72, 270, 9)]
    doc = (page(1, "Overview", prose), page(2, "Semi-major axis [AU]", caption), page(3, "Design Goals", prose),
           page(4, "G(R/G)1/ρ", prose), page(5, "Evaluation Plan", prose))
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == ["Overview", "Design Goals", "Evaluation Plan"]


def test_a_record_field_in_bold_is_no_run_in_head():
    # "First published: 12 Aug 2014" labels a field of the paper's record, its value a date, not a section.
    doc = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                (3, it("Results", 72, 250, 12, BOLD)))
    field = (it("First published:", 72, 560, font=BOLD), it("12 Aug 2014, 3:190 (doi: 10.12688/f1000research)", 150, 560))
    doc = tuple(Page(pg.number, 612, 792, pg.items + field, FONTS) if pg.number == 2 else pg for pg in doc)
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == ["Introduction", "Methods", "Results"]


def test_a_tables_bold_header_cells_side_by_side_are_not_headings():
    # A heading stands alone across its column; a table's header row sets its cells side by side, one of
    # them maybe between two header rows ("Method" beside "AutoScholarQuery" over "Crawler Recall"), or set a
    # size larger than its neighbours ("System" at 9 pt beside "Topology" at 8 pt).
    # A bold heading with the other column's plain text beside it (columns read as one) stays a heading.
    doc = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                (3, it("Results", 72, 250, 12, BOLD)))
    table = (it("Dataset", 72, 560, font=BOLD), it("Type", 160, 560, font=BOLD), it("Order", 240, 560, font=BOLD),
             it("System", 72, 660.2, 9, BOLD), it("Topology", 330, 660, 8, BOLD), it("Propagation", 400, 660, 8, BOLD),
             it("Active Directory name-value pair state of any kind", 72, 674, 8),
             it("Method", 72, 596, font=BOLD), it("AutoScholarQuery", 160, 590, font=BOLD),
             it("Crawler Recall", 160, 602, font=BOLD),
             *(it(f"Taxi real {k}0320 0.{k}1 0.{k}7", 72, 574 + 48 * j + 12 * k) for j in (0, 1) for k in range(2)))
    beside = (it("Discussion", 72, 700, 12, BOLD), it("plain words of the other column", 300, 700),
              *body_lines(714, 3))
    doc = tuple(Page(pg.number, 612, 792, pg.items + (table if pg.number == 2 else beside if pg.number == 3 else ()),
                     FONTS) for pg in doc)
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == ["Introduction", "Methods", "Results",
                                                                    "Discussion"]


def test_a_table_of_contents_entry_gives_way_to_its_heading_and_a_continued_tables_head_counts_once():
    contents = [it("1 Introduction", 72, 100, 12, BOLD), it("2 Method", 72, 130, 12, BOLD),
                it("3 Results", 72, 160, 12, BOLD)]
    toc = Page(1, 612, 792, tuple(c for h in contents for c in (h, *body_lines(h.y + 14, 1))), FONTS)
    rest = paper((1, it("1 INTRODUCTION", 72, 250, 12, BOLD)), (2, it("2 METHOD", 72, 250, 12, BOLD)),
                 (2, it("Key resources", 72, 500, 12, BOLD)), (3, it("Key resources", 72, 500, 12, BOLD)),
                 (3, it("3 RESULTS", 72, 250, 12, BOLD)))
    doc = (toc, *(Page(pg.number + 1, 612, 792, pg.items, FONTS) for pg in rest))
    assert titles(detect_outline(doc, 10.0)) == [
        ("1 INTRODUCTION", 1, 2), ("2 METHOD", 1, 3), ("Key resources", 1, 3), ("3 RESULTS", 1, 4)]


def test_levels_follow_numbering_then_size_weight_and_italics():
    # An unnumbered italic subsection as large as the bold numbered sections sits under them; an
    # unnumbered bold heading set like them is at their level.
    fonts = (*FONTS, Font("Times-Italic", italic=True))
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)),
                (2, it("Data collection", 72, 550, 12, 2)), (3, it("Closing Remarks", 72, 250, 12, BOLD)))
    doc = tuple(Page(pg.number, 612, 792, pg.items, fonts) for pg in doc)
    assert titles(detect_outline(doc, 10.0)) == [
        ("1 Introduction", 1, 1), ("2 Method", 1, 2), ("Data collection", 2, 2), ("Closing Remarks", 1, 3)]


def test_an_italic_numbered_subsection_wraps_like_any_heading():
    # Elsevier: "3.2. ERK signaling ... is" / "critical for ..." in italics at the body's size.
    fonts = (*FONTS, Font("Times-Italic", italic=True))
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Results", 72, 250, 12, BOLD)),
                (3, it("3 Discussion", 72, 250, 12, BOLD)))
    wrapped = (it("2.1. Signaling downstream of the receptor in sensory neurons is", 72, 560, font=2),
               it("critical for irritant pain", 72, 571, font=2), *body_lines(590, 3))
    doc = tuple(Page(pg.number, 612, 792, pg.items + (wrapped if pg.number == 2 else ()), fonts) for pg in doc)
    assert ("2.1. Signaling downstream of the receptor in sensory neurons is critical for irritant pain", 2, 2) \
        in titles(detect_outline(doc, 10.0))


def test_a_lettered_italic_subsection_wraps_over_two_lines_in_its_face():
    # IEEE: "B. Long subsection titles wrap in" / "a narrow column" in italics at the body's size, under
    # "II. METHODS"; the second line carries the heading on in its face, not in capitals.
    fonts = (*FONTS, Font("Times-Italic", italic=True))

    def section(heading: str, y: float) -> list[TextItem]:
        return [it(heading, 72, y), *[it(PROSE, 72, y + 16 + 12 * k) for k in range(6)]]

    second = [*section("II. METHODS", 80), it("A. Samples", 72, 180, font=2),
              *[it(PROSE, 72, 194 + 12 * k) for k in range(6)],
              it("B. The divergence angles and plastochrons are controlled by a unique", 72, 290, font=2),
              it("combination of the geometric parameters", 72, 301, font=2),
              *[it(PROSE, 72, 316 + 12 * k) for k in range(6)]]
    doc = tuple(Page(n, 612, 792, tuple(items), fonts) for n, items in
                enumerate([section("I. INTRODUCTION", 80), second, section("III. RESULTS", 80)], start=1))
    assert titles(detect_outline(doc, 10.0)) == [
        ("I. INTRODUCTION", 1, 1), ("II. METHODS", 1, 2), ("A. Samples", 2, 2),
        ("B. The divergence angles and plastochrons are controlled by a unique combination of the geometric "
         "parameters", 2, 2), ("III. RESULTS", 1, 3)]


def test_a_section_heading_may_be_followed_straight_away_by_its_first_subsection():
    # ICLR: "3 METHODS" in capitals, then at once "3.1 SEQUENCE ALIGNMENT"; a numbered capital line
    # followed by a line that is not its subsection and no paragraph is no heading.
    def case(under: str) -> Page:
        y = 160
        items = [it(PROSE, 72, 100 + 12 * k) for k in range(4)]
        items += [it("2 METHODS", 72, y), it(under, 72, y + 16, 8.0)]
        items += [it(PROSE, 72, y + 32 + 12 * k) for k in range(4)]
        return Page(2, 612, 792, tuple(items), FACES)

    got = [o.title for o in detect_outline(with_bold_sections(case("2.1 SEQUENCE ALIGNMENT")), 10.0)]
    assert got == ["1 Introduction", "2 METHODS", "2.1 SEQUENCE ALIGNMENT", "3 Discussion", "4 Summary"]
    got = [o.title for o in detect_outline(with_bold_sections(case("0.25 0.50 0.75")), 10.0)]
    assert got == ["1 Introduction", "3 Discussion", "4 Summary"]


def test_a_long_outline_survives_a_long_section_without_headings():
    # Twelve headings, then a discussion running over pages of tables: the gap that rejects three stray
    # lines does not reject them.
    many = [(1 + k // 4, it(f"{k + 1} Section number {k + 1}", 72, (200, 300, 500, 600)[k % 4], 12, BOLD))
            for k in range(12)]
    doc = paper(*many, (12, it("13 Closing section", 72, 250, 12, BOLD)))
    assert len(detect_outline(doc, 10.0)) == 13
    few = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Stray Words", 72, 250, 12, BOLD)),
                (12, it("3 Closing section", 72, 250, 12, BOLD)))
    assert detect_outline(few, 10.0) == ()


def test_a_numbered_heading_and_an_unnumbered_one_alike_are_not_a_running_head():
    # "5 Evaluation" in a table of contents, "5 EVALUATION" the section, "Evaluation" a paragraph head:
    # three pages, but a running head repeats itself with its number or without it, not both ways.
    doc = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("5 Evaluation", 72, 250, 12, BOLD)),
                (3, it("Evaluation", 72, 250, 12, BOLD)), (4, it("6 Conclusion", 72, 250, 12, BOLD)))
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == [
        "1 Introduction", "5 Evaluation", "Evaluation", "6 Conclusion"]


def test_a_section_heading_in_capitals_may_stand_straight_over_its_first_subheading():
    # Cell Press: "RESOURCE AVAILABILITY" in bold capitals, then at once "Lead contact" in bold; two bold
    # lines in capitals one over the other are not that (a table's head).
    def case(under: str, text: str) -> Page:
        return Page(2, 612, 792, (*body_lines(100, 4), it("RESOURCE AVAILABILITY", 72, 250, font=BOLD),
                                  it(under, 72, 272, font=BOLD), it(text, 72, 286), *body_lines(298, 4)), FACES)

    got = [o.title for o in detect_outline(with_bold_sections(case("Lead contact", PROSE)), 10.0)]
    assert got == ["1 Introduction", "RESOURCE AVAILABILITY", "Lead contact", "3 Discussion", "4 Summary"]
    got = [o.title for o in detect_outline(with_bold_sections(case("SOURCE IDENTIFIER", BODY)), 10.0)]
    assert got == ["1 Introduction", "3 Discussion", "4 Summary"]
    # Both centred over the column, as templates that centre their headings set them.
    centred = Page(2, 612, 792, (*body_lines(100, 4), *_centred("RESOURCE AND DATA AVAILABILITY", 250)[:1],
                                 *_centred("Lead contact", 272), *body_lines(328, 4)), FACES)
    got = [o.title for o in detect_outline(with_bold_sections(centred), 10.0)]
    assert got == ["1 Introduction", "RESOURCE AND DATA AVAILABILITY", "Lead contact", "3 Discussion", "4 Summary"]


def test_a_section_heading_may_stand_straight_over_its_first_subheading_in_italics():
    # "Experiment and discussion" in bold, at once "Experimental set-up" in italics, then the text: the section
    # has no paragraph of its own. A bold line over an italic line that a paragraph does not follow, or
    # over a line ending a sentence, is not that.
    italic = 3
    faces = (*FACES, Font("Times-Italic", italic=True))

    def case(under: str, text: str) -> tuple[Page, ...]:
        page = Page(2, 612, 792, (*body_lines(100, 4), it("Experiment and discussion", 72, 250, font=BOLD),
                                  it(under, 72, 272, font=italic), it(text, 72, 286), *body_lines(298, 4)), faces)
        first, _, *rest = with_bold_sections(page)
        return (first, page, *rest)

    got = [o.title for o in detect_outline(case("Experimental set-up", PROSE), 10.0)]
    assert got == ["1 Introduction", "Experiment and discussion", "Experimental set-up", "3 Discussion", "4 Summary"]
    for under, text in (("Experimental set-up", "0.25 0.50 0.75"), ("as was set up before.", PROSE)):
        got = [o.title for o in detect_outline(case(under, text), 10.0)]
        assert "Experiment and discussion" not in got, (under, text)


def test_a_short_line_in_a_font_of_its_own_right_under_a_heading_needs_no_blank_line():
    # Nature: "Methods", then at once "Materials" (8.7 pt in a font of its own over 8.2 pt text).
    fonts = (Font("AdvOTdd63dae3"), Font("AdvOT70e1938e"), Font("AdvOT3d287b35.B", bold=True))

    def para(y0: float, n: int = 4) -> list[TextItem]:
        return [TextItem("The paragraph goes on here over line of the running text", 57, y0 + 11 * k, 240, 8.2, 8.2, 0)
                for k in range(n)]

    def page(n: int, head: str, sub: str) -> Page:
        return Page(n, 612, 792, (*para(100), TextItem(head, 57, 160, 40, 10, 10, 2),
                                  TextItem(sub, 57, 171, 50, 8.7, 8.7, 1), *para(182)), fonts)

    doc = (page(1, "Results", "Cell lines"), page(2, "Discussion", "Limitations"), page(3, "Methods", "Materials"))
    assert [o.title for o in detect_outline(doc, 8.2)] == [
        "Results", "Cell lines", "Discussion", "Limitations", "Methods", "Materials"]


def test_the_title_is_the_longest_large_line_on_page_one_even_under_a_slightly_larger_masthead():
    # Elsevier: the journal's name at 13.9 pt in the masthead, the title at 13.4 pt over two lines, its
    # short last line in the left column under a line spanning both.
    wide = [TextItem(PROSE, 40, 300 + 12 * k, 515, 10, 10, 0) for k in range(3)]
    left = [TextItem(PROSE[:40], 40, 360 + 12 * k, 240, 10, 10, 0) for k in range(12)]
    right = [TextItem(PROSE[:40], 315, 360 + 12 * k, 240, 10, 10, 0) for k in range(12)]
    front = [it("Molecular Phylogenetics and Evolution", 163, 108, 13.9),
             TextItem("A tribal level phylogeny of Lake Tanganyika cichlid fishes based", 33, 189, 400, 13.4, 13.4, 0),
             TextItem("on a genomic multi-marker approach", 33, 206, 235, 13.4, 13.4, 0),
             it("Britta S. Meyer, Michael Matschiner, Walter Salzburger", 33, 229, 10.6)]
    page1 = Page(1, 595, 794, (*front, *wide, *left, *right), FONTS)
    rest = paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (2, it("2 Method", 72, 250, 12, BOLD)))
    doc = (page1, *(Page(pg.number + 1, 612, 792, pg.items, FONTS) for pg in rest))
    assert titles(detect_outline(doc, 10.0)) == [
        ("A tribal level phylogeny of Lake Tanganyika cichlid fishes based on a genomic multi-marker approach", 1, 1),
        ("1 Introduction", 1, 2), ("2 Method", 1, 3)]


def test_body_starts_at_an_opening_heading_but_not_at_a_later_section() -> None:
    # PNAS and Nature run the introduction unheaded: "Results" is the first heading, and the citations
    # before it count; the author line's affiliation superscripts above it do not.
    body = [TextItem(f"Body text of the introduction, line {k} (1).", 72, 220 + 12 * k, 200, 10, 10) for k in range(4)]
    p = Page(1, 612, 792, (TextItem("A Title", 72, 60, 40, 16, 16),
                           TextItem("Ann Author1,2 & Bob Author3,4 & Carl Author5", 72, 90, 220, 10, 10),
                           TextItem("Introduction", 72, 200, 60, 12, 12), *body,
                           TextItem("Results", 72, 400, 40, 12, 12)))
    tm = text_map([p])
    assert body_start(tm, (OutlineItem("Introduction", 1, 1, 188.0),)) == tm.text.index("Introduction")
    assert body_start(tm, (OutlineItem("Results", 1, 1, 388.0),)) == tm.text.index("Body text")
    # a first heading numbered past the start: the opening section's heading was missed, the body began earlier
    assert body_start(tm, (OutlineItem("2.1. Transits", 2, 1, 388.0),)) == tm.text.index("Body text")
    assert body_start(tm, (OutlineItem("1. Introduction", 1, 1, 188.0),)) == tm.text.index("Introduction")


def test_the_prose_starts_at_an_abstract_set_a_size_smaller_before_the_first_heading() -> None:
    # IEEE: "Abstract—..." runs in at 9 pt over a 10 pt body, before "I. INTRODUCTION"; the author line and
    # the title above it are no prose.
    abstract = [TextItem(f"Abstract line {k} of the paper, in nine point type.", 72, 110 + 11 * k, 200, 9, 9)
                for k in range(4)]
    body = [TextItem(f"Body text of the introduction, line {k} here.", 72, 220 + 12 * k, 200, 10, 10) for k in range(8)]
    p = Page(1, 612, 792, (TextItem("A Title", 72, 60, 40, 16, 16),
                           TextItem("Ann Author and Bob Author", 72, 90, 120, 10, 10),
                           *abstract, TextItem("I. INTRODUCTION", 72, 200, 80, 10, 10), *body))
    tm = text_map([p])
    outline = (OutlineItem("I. INTRODUCTION", 1, 1, 190.0),)
    assert body_start(tm, outline) == tm.text.index("I. INTRODUCTION")
    assert prose_start(tm, body_start(tm, outline)) == tm.text.index("Abstract line 0")


OPENING = "We recruited the participants from four schools over one year of study."


def _paper_with(page: int, extra: list[TextItem]) -> tuple[Page, ...]:
    doc = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                (3, it("Results", 72, 250, 12, BOLD)))
    return tuple(Page(pg.number, 612, 792, pg.items + tuple(extra), FONTS) if pg.number == page else pg for pg in doc)


@pytest.mark.parametrize(("extra", "heading"), [
    # A bold line in the body's size over a paragraph: a heading.
    ([it("Study population", 72, 560, font=BOLD), it(OPENING, 72, 574), it(BODY, 72, 586)], ("Study population", 2, 2)),
    # A heading may hang out to the left of its paragraph (Science's manuscripts: headings at the margin, text
    # 6 em in) ...
    ([it("Study population", 72, 560, font=BOLD), it(OPENING, 132, 574), it(BODY, 132, 586)],
     ("Study population", 2, 2)),
    # ... over a paragraph's first line, not over a table's short sub-rows indented under their group's label.
    ([it("Weight status", 72, 560, font=BOLD), it("Normal BMI 23.0-24.9", 112, 574),
      it("Overweight BMI 25.0-29.9", 112, 586)], None),
    # A bold line well right of the text's left edge is a label inside a figure or a table.
    ([it("Study population", 180, 560, font=BOLD), it(OPENING, 72, 574), it(BODY, 72, 586)], None),
    # The same line set smaller than the body: a figure's label or a table's column head.
    ([it("Study population", 72, 560, 7.5, BOLD), it(OPENING, 72, 570, 7.5), it(BODY, 72, 579, 7.5)], None),
    # A bold header row over its first row, its cells resuming where the header's do: a table, not a section.
    ([it("ID", 72, 560, font=BOLD), it("Literature Review Topics", 100, 560, font=BOLD), it("P1", 72, 574),
      it("Co-design methodologies and examples of interaction", 100, 574)], None),
    # A bold column head over a row of figures: a table, not a section.
    ([it("Difference adjusted", 72, 560, font=BOLD), it("16.6 (14.0) 2.3 (-0.2 to 4.7) p=0.07 12.1", 72, 574)], None),
])
def test_an_unnumbered_bold_line_heads_a_paragraph_in_the_text_size(extra, heading):
    got = [t for t in titles(detect_outline(_paper_with(2, extra), 10.0)) if t[0] not in ("Introduction", "Methods", "Results")]
    assert got == ([heading] if heading else [])


def test_a_heading_in_capitals_over_a_subheading_in_mixed_case_is_two_headings():
    extra = [it("PROCESS EVALUATION", 72, 560, font=BOLD), it("Year 9 participants", 72, 572, font=BOLD),
             it(OPENING, 72, 586), it(BODY, 72, 598)]
    got = titles(detect_outline(_paper_with(2, extra), 10.0))
    assert [t for t, _, _ in got] == ["Introduction", "Methods", "PROCESS EVALUATION", "Year 9 participants", "Results"]


def test_a_lower_case_known_name_in_bold_at_a_line_start_is_no_run_in_head():
    extra = [it("evaluation.", 72, 560, font=BOLD), it("We compare the models with three baselines here.", 130, 560)]
    got = titles(detect_outline(_paper_with(2, extra), 10.0))
    assert [t for t, _, _ in got] == ["Introduction", "Methods", "Results"]


def test_ieee_sections_in_the_texts_font_with_lettered_subsections_and_a_centred_references_heading():
    """IEEE's styles set "III. DYCOS" in capitals of the text's font centred over the column, its first
    subsection "A. Overview" straight under it, and "REFERENCES" (or another language's name for it) centred
    in the text's font over the first entry. Capitals alone on a line are no sentence's start; a known name
    in the text's face and case is."""
    refs = "[AL11] C. C. Aggarwal and N. Li, On node classification in networks, SDM, 2011."
    text = "The classifier walks the graph and labels each node it meets"  # 60 characters, as BODY
    def paragraph(y: float, n: int = 3) -> list[TextItem]:
        return [it(text, 72, y + 12 * k) for k in range(n)]
    def centred(title: str, y: float, over: str = text) -> TextItem:
        return it(title, 72 + 0.45 * 10 * (len(over) - len(title)) / 2, y)
    page1 = [*body_lines(100), centred("I. INTRODUCTION", 250), *paragraph(264),
             centred("II. RELATED WORK", 400), *paragraph(414)]
    page2 = [centred("III. DYCOS", 80), it("A. Overview", 72, 104, font=2), *paragraph(118, 8),
             centred("LITERATUR", 230, refs), *[it(refs, 72, 250 + 12 * k) for k in range(4)],
             it("References", 72, 320), *body_lines(332, 3)]
    faces = (*FONTS, Font("Times-Italic", italic=True))
    doc = tuple(Page(n, 612, 792, tuple(items), faces) for n, items in enumerate((page1, page2), start=1))
    found = titles(detect_outline(doc, 10.0))
    assert found == [("I. INTRODUCTION", 1, 1), ("II. RELATED WORK", 1, 1), ("III. DYCOS", 1, 2),
                     ("A. Overview", 2, 2), ("LITERATUR", 1, 2)]


def test_ieee_lettered_subsections_sit_under_their_roman_numbered_section_and_may_name_in_lower_case():
    """Under sections numbered in Roman numerals come lettered subsections, level 2 under each: "I." and
    "V." are sections where the Roman numbers reach them, letters else. A subsection's title may be a name
    written in lower case ("C. langdetect"), its paragraph opening with that name."""
    text = "The classifier walks the graph and labels each node it meets"  # 60 characters, as BODY
    def paragraph(y: float, n: int = 3, opening: str = text) -> list[TextItem]:
        return [it(opening, 72, y), *[it(text, 72, y + 12 * k) for k in range(1, n)]]
    def centred(title: str, y: float) -> TextItem:
        return it(title, 72 + 0.45 * 10 * (len(text) - len(title)) / 2, y)
    page1 = [*body_lines(100), centred("I. INTRODUCTION", 200), *paragraph(214),
             it("A. Motivation", 72, 270, font=2), *paragraph(284), it("B. Problems", 72, 340, font=2),
             *paragraph(354), centred("II. RELATED WORK", 410), *paragraph(424)]
    page2 = [centred("III. DYCOS", 80), *paragraph(94), it("A. Overview", 72, 150, font=2), *paragraph(164),
             it("B. langdetect", 72, 220, font=2),
             *paragraph(234, opening="langdetect is a wrapper of a library that detects languages"),
             centred("IV. ANALYSIS", 290), *paragraph(304), centred("V. OUTLOOK", 360), *paragraph(374),
             it("1. the first item of a list, in its own face", 72, 430, font=2), *paragraph(444)]
    faces = (*FONTS, Font("Times-Italic", italic=True))
    doc = tuple(Page(n, 612, 792, tuple(items), faces) for n, items in enumerate((page1, page2), start=1))
    assert titles(detect_outline(doc, 10.0)) == [
        ("I. INTRODUCTION", 1, 1), ("A. Motivation", 2, 1), ("B. Problems", 2, 1), ("II. RELATED WORK", 1, 1),
        ("III. DYCOS", 1, 2), ("A. Overview", 2, 2), ("B. langdetect", 2, 2), ("IV. ANALYSIS", 1, 2),
        ("V. OUTLOOK", 1, 2)]


def test_a_spaced_heading_straight_over_its_first_spaced_subheading():
    """BMC sets "Pressures" over "Forests" over the paragraph, each in a renamed font of its own and smaller
    than the text: the section's heading has its subheading under it, not a paragraph, and both are
    headings. Two lines of the paragraph's own face stay text."""
    faces = (Font("Times-Roman"), Font("Times-Bold", bold=True), Font("AdvTT99c4c969"), Font("AdvTT3f84ef53"))
    text = "The most frequently regulated pressure relating to the forests was"  # 66 characters
    def paragraph(y: float, n: int = 4) -> list[TextItem]:
        return [it(text, 72, y + 12 * k, 9.8) for k in range(n)]
    page = [*paragraph(100), it("Pressures", 72, 168, 9.2, 2), it("Forests", 72, 180, 9.2, 3), *paragraph(192),
            it("Grazing", 72, 260, 9.8), it("Wood cutting", 72, 272, 9.8), *paragraph(284)]
    doc = (*paper((1, it("1 Introduction", 72, 250, 12, BOLD)), (1, it("2 Method", 72, 500, 12, BOLD))),
           Page(2, 612, 792, tuple(page), faces))
    found = titles(detect_outline(doc, 9.8))
    assert [t for t, _, page_number in found if page_number == 2] == ["Pressures", "Forests"]


def test_running_heads_by_pairs_and_by_trigram_index_agree() -> None:
    # The two ways _running compares titles (every pair that may match, or the trigram index of long books)
    # find the same running heads, on titles alike in length and numbering and a few edits apart.
    import random
    from dataclasses import replace

    from citelens.outline import Heading, _running
    from citelens.params import PARAMS

    rng = random.Random(7)
    words = ["Journal of Tests", "Results", "Methods", "Data", "Vol. 3"]
    found = 0
    for _ in range(40):
        headings = []
        for _ in range(rng.randrange(1, 40)):
            title = " ".join(rng.choices(words, k=rng.randrange(1, 3)))
            if rng.random() < 0.3:  # a typo: a letter dropped
                k = rng.randrange(len(title))
                title = title[:k] + title[k + 1:]
            number = rng.choice([None, None, "1", "2", "2.1"])
            headings.append(Heading(title, number, rng.randrange(1, 8), 0, 10, True, None))
        by_index = _running(headings, replace(PARAMS.outline, repeat_index_from=0))
        assert _running(headings, PARAMS.outline) == by_index
        found += len(by_index)
    assert found > 20  # (the titles do repeat)



def _centred(text: str, y: float, size: float = 10.0) -> list[TextItem]:
    """``text`` in bold centred over the body's column (x 72 to 337.5, as :func:`body_lines` sets it), over a
    paragraph of three lines."""
    width, column = 0.45 * size * len(text), 0.45 * 10 * len(BODY)
    return [it(text, 72 + (column - width) / 2, y, size, BOLD),
            *(it(BODY.capitalize() if k == 0 else BODY, 72, y + 14 + 12 * k) for k in range(3))]


def test_unnumbered_headings_centred_over_their_paragraphs():
    """REVTeX, IEEE and many journals centre their section headings over the column: a short bold line centred
    over a paragraph (its lines flush with each other) is a heading as it is set flush; a chart's title centred
    over its subtitle, with the chart's figures under that, is not."""
    doc = pages(*(body_lines(100) + _centred(title, 250) + body_lines(400)
                  for title in ("Study area", "Data collection", "Village laws")))
    assert [t for t, _, _ in titles(detect_outline(doc, 10.0))] == ["Study area", "Data collection", "Village laws"]
    chart = [*_centred("Relative expression", 560)[:1],
             it("Normalised to the untreated fibroblasts per cell line", 90, 574),
             it("80", 150, 588), it("40", 150, 600), it("0", 150, 612)]
    assert [t for t, _, _ in titles(detect_outline(_on_page_2(doc, *chart), 10.0))] == [
        "Study area", "Data collection", "Village laws"]


def test_a_centred_line_alone_in_its_face_is_a_boxs_title_not_a_heading():
    """A paper sets its headings of a level alike: a bold line centred over a paragraph in a face (font and size)
    none of its headings is set in is the title of a box or a table, over what it heads."""
    doc = paper((1, it("Introduction", 72, 250, 12, BOLD)), (2, it("Methods", 72, 250, 12, BOLD)),
                (3, it("Results", 72, 250, 12, BOLD)))
    box = _on_page_2(doc, *_centred("Key points of the trial", 560, 9.0))
    assert [t for t, _, _ in titles(detect_outline(box, 10.0))] == ["Introduction", "Methods", "Results"]
    # Two such lines in one face are a level of headings.
    on_3 = tuple(Page(pg.number, 612, 792, pg.items + tuple(_centred("Key points of the trial", 560, 9.0)), FONTS)
                 if pg.number == 3 else pg for pg in doc)
    two = _on_page_2(on_3, *_centred("Sampling of the sites", 560, 9.0))
    assert [t for t, _, _ in titles(detect_outline(two, 10.0))] == [
        "Introduction", "Methods", "Sampling of the sites", "Results", "Key points of the trial"]


@pytest.mark.parametrize("name", [
    "Introducción", "MATERIALES Y MÉTODOS", "Resultados y discusión", "Considerações finais", "Résultats",
    "Material und Methoden", "Schlussfolgerungen", "Conclusioni", "Dankwoord", "Agradecimientos", "引言", "结论",
    "はじめに", "考察", "연구 방법", "결론"])
def test_the_sections_every_paper_may_carry_are_known_in_its_language(name):
    from citelens.patterns import KNOWN_SECTION
    assert KNOWN_SECTION.match(name)


@pytest.mark.parametrize("name", ["Resumen", "ZUSAMMENFASSUNG", "Résumé:", "摘要", "초록"])
def test_the_abstracts_label_is_known_in_its_language(name):
    from citelens.patterns import ABSTRACT_LABEL
    assert ABSTRACT_LABEL.match(name)
