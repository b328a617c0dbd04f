"""The reference-list stage on small hand-made pages and on real entry strings: input → exact output."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from citelens.citations import find_citations
from citelens.layout import text_map
from citelens.model import Bookmark, DiagnosticCode, Document, Font, Page, TextItem
from citelens.pipeline import analyze
from citelens.references import find_references, parse_entry
from citelens.references.furniture import in_margin, page_margin
from builders import HANG_SECONDS

FONTS = (Font("Times-Roman"), Font("Times-Bold", bold=True))
BODY = "body text that fills a column line with ordinary prose words"


def it(text: str, x: float, y: float, size: float = 10.0) -> TextItem:
    return TextItem(text, x, y, 0.45 * size * len(text), size, size, 0)


def pages(*contents: list[TextItem]) -> list[Page]:
    return [Page(n, 612, 792, tuple(items), FONTS) for n, items in enumerate(contents, start=1)]


def furniture(page: int) -> list[TextItem]:
    """A running head and a page number, as journals print them on every page."""
    return [it("Journal of Small Tests 12 (2024)", 72, 40, 8), it(str(page), 300, 760, 8)]


_SEED = iter(range(10**6))


def prose(y0: float, n: int) -> list[TextItem]:
    """Lines of body text, each different (identical lines at page edges would be running heads)."""
    seed = next(_SEED)
    return [it(f"{BODY} {chr(97 + seed % 26)}{chr(97 + k % 26)}{chr(97 + k // 26 % 26)}", 72, y0 + 12 * k)
            for k in range(n)]


LAST_AUTHOR_YEAR_ENTRY = \
    "Foster, J., and K. Other (2015): “A study of item 5,” Journal of Experimental Tests, 5, 1–9."


def author_year_entries(second_row: Callable[[int], str] | None = None) -> list[TextItem]:
    """A References heading (12 pt) over six author-year entries of two rows (8 pt), Abbott to Foster, at y
    280-432; the last reads :data:`LAST_AUTHOR_YEAR_ENTRY`."""
    items = [it("References", 72, 280, 12)]
    for k, name in enumerate(("Abbott", "Baker", "Carver", "Dalton", "Ellis", "Foster")):
        first = f"{name}, J., and K. Other (20{10 + k}): “A study of item {k},” Journal of"
        second = second_row(k) if second_row else f"Experimental Tests, {k}, 1–9."
        items += [it(first, 72, 300 + 24 * k, 8), it(second, 84, 312 + 24 * k, 8)]
    return items


# ------------------------------------------------------------------------------------------ location


def numbered_paper() -> list[Page]:
    refs = [
        it("References", 72, 300, 12),
        it("[1] A. Smith, B. Jones, Retrieval of scientific infor-", 72, 320, 8),
        it("mation, J. Doc. 12 (2019) 1–20.", 84, 330, 8),
        it("[2] C. Müller, D. van der Berg, Citation graphs, in:", 72, 340, 8),
        it("Proc. ACL, 2020, pp. 5–9. doi:10.1000/ABC.123.", 84, 350, 8),
        it("[3] E. Lee, Reading with context, arXiv:2302.07302", 72, 360, 8),
        it("(2023).", 84, 370, 8),
        it("Appendix A  Proofs", 72, 420, 12),
        *prose(440, 4),
    ]
    p3 = [it("[4] Not an entry: this appendix page continues the", 72, 100, 8), *prose(120, 6)]
    return pages(furniture(1) + prose(80, 20), furniture(2) + prose(80, 15) + refs, furniture(3) + p3)


def test_numbered_list_after_the_last_heading_stops_at_the_appendix():
    tm = text_map(numbered_paper())
    rl = find_references(tm)
    assert [r.label for r in rl.references] == ["[1]", "[2]", "[3]"]
    assert [r.raw for r in rl.references] == [
        "A. Smith, B. Jones, Retrieval of scientific information, J. Doc. 12 (2019) 1–20.",
        "C. Müller, D. van der Berg, Citation graphs, in: Proc. ACL, 2020, pp. 5–9. doi:10.1000/ABC.123.",
        "E. Lee, Reading with context, arXiv:2302.07302 (2023).",
    ]
    assert [r.index for r in rl.references] == [1, 2, 3]
    assert all(r.page == 2 for r in rl.references)
    assert rl.start == tm.text.index("[1] A. Smith")
    assert rl.end == tm.text.index("(2023).") + len("(2023).")
    assert rl.diagnostics == ()
    first = rl.references[0]
    assert first.authors == ("Smith", "Jones") and first.year == 2019
    assert first.title == "Retrieval of scientific information"
    second = rl.references[1]
    assert second.authors == ("Müller", "van der Berg") and second.doi == "10.1000/abc.123"
    assert second.title == "Citation graphs"
    assert rl.references[2].arxiv_id == "2302.07302" and rl.references[2].year == 2023
    # the box covers the entry's two lines on page 2, and nothing of the next entry
    x0, y0, x1, y1 = first.box
    assert x0 == pytest.approx(72) and y0 < 320 < 330 < y1 < 338


@pytest.mark.parametrize("heading", ["Références", "Bibliographie", "Referências", "Riferimenti bibliografici",
                                     "Literatura", "Список литературы", "参考文献", "참고문헌", "Kaynaklar",
                                     "Reference list", "Notes and references", "Literatuur", "Litteratur",
                                     "Referenser", "Lähteet", "Irodalom", "Bibliografie", "Seznam literatury",
                                     "Piśmiennictwo", "Daftar Pustaka", "Tài liệu tham khảo", "Список літератури",
                                     "المراجع", "Bibliographical References",
                                     "Cited References", "Selected References", "List of References",
                                     "Selected Bibliography", "Works Consulted", "Literaturangaben"])
def test_the_list_heading_in_other_languages_and_other_words(heading):
    # Names forename first, no labels: without its heading such a list is not found at all.
    refs = [
        it(heading, 72, 300, 12),
        it("Kyle Lo and Lucy Lu Wang. 2020. Reading papers with", 72, 320, 8),
        it("context. In Proceedings of ACL, pages 1–9.", 84, 330, 8),
        it("Jacob Devlin and Ming-Wei Chang. 2019. Deep bidirec-", 72, 340, 8),
        it("tional transformers. In Proceedings of NAACL.", 84, 350, 8),
        it("Anna Rogers and Olga Kovaleva. 2021. A primer on", 72, 360, 8),
        it("models. Transactions of the ACL, 8:842–866.", 84, 370, 8),
    ]
    tm = text_map(pages(furniture(1) + prose(80, 20), furniture(2) + prose(80, 15) + refs))
    assert [r.authors[0] for r in find_references(tm).references] == ["Lo", "Devlin", "Rogers"]


def test_running_heads_and_page_numbers_inside_an_entry_are_dropped():
    p1 = furniture(1) + prose(80, 30)
    p2 = furniture(2) + prose(80, 40) + [
        it("References", 72, 600, 12),
        it("1. Alpha A, Beta B. A title that runs", 72, 620, 8),
        it("over a page break. Nature 1 (2001) 2.", 84, 630, 8),
        it("2. Gamma G. Another long title that is", 72, 640, 8),
        it("broken across the page. J. Test", 84, 650, 8),
    ]
    p3 = furniture(3) + [
        it("Biol. 3 (2002) 4–5.", 84, 80, 8),
        it("3. Delta D. Third entry. Cell 9 (2003) 1.", 72, 90, 8),
        it("4. Epsilon E. Fourth entry. Cell 9 (2004) 2.", 72, 100, 8),
    ]
    rl = find_references(text_map(pages(p1, p2, p3)))
    assert len(rl.references) == 4
    assert rl.references[1].raw == "Gamma G. Another long title that is broken across the page. J. Test Biol. 3 (2002) 4–5."
    assert rl.references[1].page == 2 and rl.references[1].authors == ("Gamma",)
    assert "Journal of Small Tests" not in " ".join(r.raw for r in rl.references)


def two_column_author_year() -> list[Page]:
    left = [
        it("REFERENCES", 54, 100, 10),
        it("Baron-Cohen, S. (1995). Mindblindness: An Essay", 54, 115, 8),
        it("on Autism. Cambridge, MA: MIT Press.", 64, 125, 8),
        it("Boitani, L., and Ciucci, P. (1995). Comparative social", 54, 135, 8),
        it("ecology of feral dogs and wolves. Ethol. Ecol.", 64, 145, 8),
        it("Evol. 7, 49–72. doi: 10.1080/08927014.1995.9522969", 64, 155, 8),
        it("Bräuer, J., Bös, M., Call, J., and Tomasello, M.", 54, 165, 8),
        it("(2013a). Domestic dogs coordinate their actions", 64, 175, 8),
    ]
    right = [
        it("in a problem-solving task. Anim. Cogn. 16, 273–285.", 320, 100, 8),
        it("Bräuer, J., Call, J., and Tomasello, M. (2013b).", 310, 110, 8),
        it("Visual perspective taking in dogs. Anim. Cogn.", 320, 120, 8),
        it("van der Berg, K. (2001). Ein Titel. Z. Tierpsychol.", 310, 130, 8),
        it("Conflict of Interest Statement: The authors declare", 310, 160, 8),
        it("no competing interests whatsoever in this work.", 310, 170, 8),
    ]
    return pages(prose(80, 30), left + right)


def test_hanging_indent_entries_broken_across_columns_come_out_whole():
    rl = find_references(text_map(two_column_author_year()))
    refs = rl.references
    assert len(refs) == 5
    assert all(r.label is None for r in refs)
    assert refs[2].raw == ("Bräuer, J., Bös, M., Call, J., and Tomasello, M. (2013a). Domestic dogs coordinate "
                           "their actions in a problem-solving task. Anim. Cogn. 16, 273–285.")
    assert (refs[2].year, refs[2].year_suffix) == (2013, "a") and (refs[3].year, refs[3].year_suffix) == (2013, "b")
    assert refs[2].authors == ("Bräuer", "Bös", "Call", "Tomasello")
    assert refs[2].title == "Domestic dogs coordinate their actions in a problem-solving task"
    assert refs[1].doi == "10.1080/08927014.1995.9522969"
    assert refs[4].authors == ("van der Berg",)
    # the box of an entry broken across columns is the part in its first column
    assert refs[2].box[2] < 306


def test_acs_heading_merged_into_the_first_entry_line():
    """ACS sets a 32 pt "■" before "REFERENCES": the extractor's line holds the heading and entry 1."""
    refs = [
        TextItem("■", 315, 531.7, 10, 32, 32, 0),
        it("(1) Parrinello, M.; Rahman, A. Polymorphic transitions in single", 319, 541.9, 9),
        it("REFERENCES", 332, 527.7, 10.5),
        it("crystals: A new molecular dynamics method. J. Appl. Phys. 1981, 52,", 315, 552.0, 9),
        it("(2) Ryckaert, J.-P.; Ciccotti, G. Numerical integration. J. Comput.", 319, 562.0, 9),
        it("Phys. 1977, 23, 327.", 315, 572.0, 9),
        it("(3) Andersen, H. C. Rattle: a velocity version of the shake", 319, 582.0, 9),
        it("algorithm. J. Comput. Phys. 1983, 52 (1), 24−34.", 315, 592.0, 9),
    ]
    tm = text_map(pages(prose(80, 40), refs))
    rl = find_references(tm)
    assert [r.label for r in rl.references] == ["(1)", "(2)", "(3)"]
    first = rl.references[0]
    assert "REFERENCES" not in first.raw and "■" not in first.raw
    assert first.authors == ("Parrinello", "Rahman") and first.year == 1981
    assert first.title == "Polymorphic transitions in single crystals: A new molecular dynamics method"


def test_a_references_running_head_is_no_heading():
    def entries(first: int, y0: float) -> list[TextItem]:
        return [it(f"({n}) A. {chr(65 + n % 26)}{'ab' * (n % 5)}son, On topic {chr(97 + n % 26)}. J. Tests "
                   f"{n} (20{n:02d}) 1–2.", 72, y0 + 12 * k, 8) for k, n in enumerate(range(first, first + 8))]

    head = [it("References", 250, 40, 8)]  # the running head over each page of the list
    doc = pages(prose(80, 40), prose(80, 20) + [it("References", 72, 400, 12)] + entries(1, 420),
                head + entries(9, 80), head + entries(17, 80), head + entries(25, 80))
    refs = find_references(text_map(doc)).references
    assert [r.label for r in refs] == [f"({n})" for n in range(1, 33)]


def test_an_alphabetical_list_resumes_after_a_float_set_into_it():
    refs = [
        it("References", 72, 100, 12),
        it("Adams, A. (2001). First title of one. J. Test 1, 1–2.", 72, 120, 8),
        it("Brown, B. (2002). Second title of two. J. Test 2, 3–4.", 72, 130, 8),
        it("Figure 4. A figure placed on the reference page, with", 72, 160, 9),
        it("a caption in the body size that runs over two lines.", 72, 171, 9),
        it("Carter, C. (2003). Third title of three. J. Test 3, 5–6.", 72, 200, 8),
        it("Dixon, D. (2004). Fourth title of four. J. Test 4, 7–8.", 72, 210, 8),
        it("Appendix A  Proofs", 72, 260, 12),
        it("Evans, E. (2005). Not an entry: it follows the appendix.", 72, 280, 8),
    ]
    rl = find_references(text_map(pages(prose(80, 40), refs)))
    assert [r.authors for r in rl.references] == [("Adams",), ("Brown",), ("Carter",), ("Dixon",)]
    assert "Figure" not in " ".join(r.raw for r in rl.references)


def test_a_list_of_names_in_chinese_japanese_or_korean_resumes_after_a_float_set_into_it():
    # Names written in their script (a surname and a given name, no space between) open the entries; the list
    # goes on after a figure's caption with such a name as it does with a Latin surname.
    refs = [
        it("References", 72, 100, 12),
        it("김철호 (2004). 범죄자의 재범방지를 위하여. 보호관찰, 4,", 72, 120, 8), it("307-314.", 84, 130, 8),
        it("이정명, 심신통합적 움직임 교육에 관한 연구, 한국무용과학회지,", 72, 140, 8), it("12, 1-9.", 84, 150, 8),
        it("Figure 4. A figure placed on the reference page, with", 72, 180, 9),
        it("a caption in the body size that runs over two lines.", 72, 191, 9),
        it("张三, 李四. 引文解析研究[J]. 情报学报, 2019,", 72, 220, 8), it("38(2): 1-10.", 84, 230, 8),
        it("山岸 喬. 2016. 生薬シリーズ 173. 漢方研究.", 72, 240, 8), it("532(4): 131-132.", 84, 250, 8),
        it("Appendix A  Proofs", 72, 290, 12),
        it("Evans, E. (2005). Not an entry: it follows the appendix.", 72, 310, 8),
    ]
    rl = find_references(text_map(pages(prose(80, 40), refs)))
    assert len(rl.references) == 4 and "Figure" not in " ".join(r.raw for r in rl.references)
    assert rl.references[-1].raw.startswith("山岸")


def f1000_page() -> list[Page]:
    """F1000's last page: the list opens under the left column's prose, the Discussion runs on in the
    right column, and entry 3 ends under it before entry 4."""
    def col(x: float, y0: float, n: int, tag: str) -> list[TextItem]:
        return [it(f"prose of the discussion {tag}{k} goes on here.", x, y0 + 12 * k) for k in range(n)]

    left = [*col(72, 80, 20, "a"), it("References", 72, 330, 10),
            it("1. Clyne PJ, Warr CG: A novel family of receptors.", 72, 345, 6),
            it("Neuron. 1999; 22(2): 327–38.", 84, 352, 6),
            it("2. Gao Q, Chess A: Identification of candidate genes.", 72, 360, 6),
            it("Genomics. 1999; 60(1): 31–9.", 84, 367, 6),
            it("3. Vogt RG, Riddiford LM: Pheromone binding by moth.", 72, 375, 6)]
    right = [*col(320, 80, 6, "b"), it("as shown before [2] and in [4].", 320, 152),
             *col(320, 164, 4, "c"),
             it("Nature. 1981; 293(5828): 161–3.", 332, 400, 6),
             it("4. Ishida Y, Leal WS: Identification and cloning.", 320, 408, 6),
             it("J Chem Ecol. 2002; 28(4): 867–71.", 332, 415, 6),
             it("5. Bohbot J, Pitts RJ: Molecular characterization.", 320, 423, 6),
             it("Insect Mol Biol. 2007; 16(5): 525–37.", 332, 430, 6)]
    return pages(prose(80, 40), left + right)


def test_an_entry_ends_after_the_prose_the_list_passed_over():
    tm = text_map(f1000_page())
    rl = find_references(tm)
    assert [r.label for r in rl.references] == ["1.", "2.", "3.", "4.", "5."]
    assert rl.references[2].raw == "Vogt RG, Riddiford LM: Pheromone binding by moth. Nature. 1981; 293(5828): 161–3."
    assert rl.references[2].year == 1981
    [(a, b)] = rl.skipped  # the right column's prose, for the citation search
    assert rl.start < a < b < rl.end
    assert "as shown before [2]" in tm.text[a:b] and "Nature" not in tm.text[a:b]


def test_labels_closed_by_a_parenthesis_open_entries():
    # "12)" labels, as Japanese journals and many in Russian set them, hanging as "12." labels do.
    refs = [
        it("References", 72, 300, 12),
        it("1) A. Smith and B. Jones: J. Phys. Soc. Jpn. 12 (2019) 1.", 72, 320, 8),
        it("2) C. Müller, D. van der Berg, and E. Lee: Phys. Rev. B 5", 72, 332, 8),
        it("(2020) 123.", 84, 342, 8),
        it("3) E. Lee: Jpn. J. Appl. Phys. 62 (2023) 015001.", 72, 354, 8),
    ]
    rl = find_references(text_map(pages(furniture(1) + prose(80, 20), furniture(2) + prose(80, 15) + refs)))
    assert [(r.label, r.authors[0], r.year) for r in rl.references] == [
        ("1)", "Smith", 2019), ("2)", "Müller", 2020), ("3)", "Lee", 2023)]


def test_numbered_list_without_heading_is_found_in_the_last_pages():
    entries = [it(f"{n}. Author{chr(64 + n)} X, Other Y. A study of item {n}. J. Exp. {n} (20{10 + n}) {n}–9.",
                  72, 160 + 12 * n, 8) for n in range(1, 6)]
    doc = pages(prose(80, 40), prose(80, 40), prose(80, 30), prose(80, 5) + entries)
    rl = find_references(text_map(doc))
    assert [r.label for r in rl.references] == ["1.", "2.", "3.", "4.", "5."]
    assert rl.references[0].year == 2011 and rl.references[4].year == 2015
    assert rl.references[0].authors == ("AuthorA", "Other")


def test_a_list_without_heading_is_found_before_supplementary_pages():
    entries = [it(f"[{n}] A. Author{chr(64 + n)} and B. Other, A study of item {n}, Phys. Rev. {n}, 1{n} (20{10 + n}).",
                  72, 160 + 12 * n, 8) for n in range(1, 6)]
    supplement = [it("Supplemental Material: A study of items", 72, 80, 10), *prose(100, 40)]
    doc = pages(prose(80, 40), prose(80, 40), prose(80, 5) + entries, supplement, prose(80, 40))
    rl = find_references(text_map(doc))
    assert [r.label for r in rl.references] == ["[1]", "[2]", "[3]", "[4]", "[5]"]
    assert rl.references[-1].raw.endswith("(2015).")


def test_a_list_without_heading_is_found_before_matrices_whose_rows_open_with_one():
    # An appendix's matrices and arrays after the list: many rows open with "1", none with words after it.
    entries = [it(f"[{n}] A. Author{chr(64 + n)} and B. Other, A study of item {n}, Phys. Rev. {n}, 1{n} (20{10 + n}).",
                  72, 160 + 12 * n, 8) for n in range(1, 6)]
    rows = [it(r, 200, 300 + 14 * k) for k, r in enumerate(["1 1", "1 0 1", "1 1", "1 2 1", "1 1", "1 3 3 1"])]
    doc = pages(prose(80, 40), prose(80, 40), prose(80, 5) + entries, prose(80, 15) + rows, prose(80, 40))
    rl = find_references(text_map(doc))
    assert [r.label for r in rl.references] == ["[1]", "[2]", "[3]", "[4]", "[5]"]


@pytest.mark.parametrize("after", [
    "Publisher’s note Springer Nature remains neutral with regard to",
    "Supplemental Material: A study of items",
    "JEFF WEEKS is an independent consultant living in Canton, NY. He",
    "John Smith (M’99) received the B.S. degree in physics from the",
    "A Proofs of the main theorems . . . . . . . . . . . . . . . . . 14",  # an appendix's table of contents
    "Received December 2001; revised November 2003; accepted March 2004.",  # ACM's history line
    "Edited by: Jane Roe, University of Somewhere, Country",  # an editor line of front matter
])
def test_end_matter_after_the_last_entry_is_no_part_of_it(after):
    items = [it("References", 72, 300, 12),
             it("[1] A. Smith, Retrieval, J. Doc. 12 (2019) 1–20.", 72, 320, 8),
             it("[2] C. Müller, Citation graphs, in: Proc. ACL, 2020.", 72, 332, 8),
             it("[3] E. Lee, Reading with context, 2023.", 72, 344, 8),
             it(after, 72, 360, 8), it("the rest of the paragraph of end matter, at the entries' size", 72, 370, 8)]
    refs = find_references(text_map(pages(prose(80, 40), items))).references
    assert refs[-1].raw == "E. Lee, Reading with context, 2023."


def test_a_heading_set_far_larger_over_the_next_page_is_no_part_of_the_last_entry():
    # F1000 follows its list with its peer review, under "Open Peer Review" at twice the entries' size.
    names = ["Abbott", "Baker", "Carver", "Dalton", "Ellis", "Foster"]
    entries = [it("References", 72, 280, 12)]
    for k, name in enumerate(names):
        entries.append(it(f"{name} J, Other K: A study of item {k}. J Exp Tests. 20{10 + k}; {k}: 1–9.", 72,
                          300 + 12 * k, 8))
    review = [it("Open Peer Review", 72, 90, 18), it("Current Referee Status:", 72, 130, 14),
              it("Version 2", 72, 160, 10.5),
              *(it(f"Referee report {k}: the authors answer each point raised and the article reads well.", 72,
                   190 + 10 * k, 8) for k in range(10))]
    refs = find_references(text_map(pages(prose(80, 16) + entries, review))).references
    assert len(refs) == 6
    assert refs[-1].raw == "Foster J, Other K: A study of item 5. J Exp Tests. 2015; 5: 1–9."


def _numbered_entries(first: int, last: int, y0: float) -> list[TextItem]:
    """Entries ``first``..``last`` ("12. Baker, A. B. et al. ..."), two rows each at 8 pt, 22 pt apart."""
    names = ("Abbott", "Baker", "Carver", "Dalton", "Ellis", "Foster", "Grant", "Hill", "Irwin", "Jones")
    out = []
    for k in range(first, last + 1):
        y = y0 + 22 * (k - first)
        text = f"{k}. {names[k % 10]}, A. B. et al. Regulation of genes in model {7 * k}. Nature {k}, 1–9"
        out += [it(text, 72, y, 8),
                it(f"(20{10 + k % 10}).", 84, y + 10, 8)]
    return out


@pytest.mark.parametrize("second", ["Methods references", "References", "Additional references"])
def test_a_numbered_list_goes_on_under_a_second_heading_after_the_methods(second):
    # Nature's journals number the references of their Methods on from the main list's and set them after the
    # Methods, under a heading of their own: one list in two parts, the Methods' prose between them.
    main = furniture(2) + prose(80, 10) + [it("References", 72, 220, 12)] + _numbered_entries(1, 12, 240)
    methods = furniture(3) + [it("Methods", 72, 80, 12)] + prose(100, 10) \
        + [it("Cells were grown as described [14] and then counted [15].", 72, 222)] + prose(234, 8) \
        + [it(second, 72, 360, 12)] + _numbered_entries(13, 18, 380)
    tm = text_map(pages(furniture(1) + prose(80, 40), main, methods))
    rl = find_references(tm)
    assert [r.label for r in rl.references] == [f"{k}." for k in range(1, 19)]
    assert rl.references[12].raw.startswith("Dalton, A. B. et al.") and rl.references[12].page == 3
    # The Methods' prose is no part of the list: the citations in it are searched.
    prose_start = tm.text.index("Cells were grown")
    assert any(a <= prose_start < b for a, b in rl.skipped)
    # A numbered list after the references that does not go on with their numbers is never joined to them.
    methods[-12:] = _numbered_entries(1, 6, 380)
    tm = text_map(pages(furniture(1) + prose(80, 40), main, methods))
    assert [r.label for r in find_references(tm).references] in [[f"{k}." for k in range(1, n + 1)] for n in (6, 12)]


def _chapter_entries(chapter: int, n: int, y0: float) -> list[TextItem]:
    """``n`` numbered entries of two rows, each chapter's its own names, topics and years."""
    names = ("Abbott", "Baker", "Carver", "Dalton", "Ellis", "Foster", "Grant", "Hill", "Irwin", "Jones")
    topics = ("genes", "cells", "mice", "yeast", "plants", "worms", "fish", "flies", "viruses", "bacteria")
    out = []
    for k in range(1, n + 1):
        y = y0 + 22 * (k - 1)
        text = f"{k}. {names[(k + 3 * chapter) % 10]}, A. B. Regulation of {topics[(k * chapter) % 10]} in model " \
               f"{7 * k + 100 * chapter}. Nature {k}, 1–9"
        out += [it(text, 72, y, 8), it(f"(19{60 + 10 * chapter + k}).", 84, y + 10, 8)]
    return out


def _thesis(chapters: int = 3) -> list[Page]:
    """A chapter of prose citing "[c]" and "[c + 3]" on one page, then a page of more prose and the chapter's own
    list of eight entries, numbered from 1, its heading lower on the page from chapter to chapter."""
    content = []
    for c in range(1, chapters + 1):
        content.append(furniture(len(content) + 1) + [it(f"Chapter {c}", 72, 80, 14)] + prose(100, 20)
                       + [it(f"As shown [{c}] and [{c + 3}] in chapter {c} before.", 72, 350)] + prose(362, 20))
        y = 300 + 40 * c
        content.append(furniture(len(content) + 1) + prose(80, 12) + [it("References", 72, y, 12)]
                       + _chapter_entries(c, 8, y + 20))
    return pages(*content)


def test_each_chapter_of_a_thesis_is_cited_from_its_own_list():
    # A book's or a thesis's chapters each close with a list of their own, numbered from 1: the third chapter's
    # "[3]" is its own list's third entry, not the first list's nor the last's.
    tm = text_map(_thesis())
    rl = find_references(tm)
    assert len(rl.parts) == 3 and [len(p.references) for p in rl.parts] == [8, 8, 8]
    assert [r.index for r in rl.references] == list(range(1, 25))
    assert [r.page for r in rl.references] == [2] * 8 + [4] * 8 + [6] * 8
    found = find_citations(tm, rl)
    assert [(c.text, c.page, c.ref_indexes) for c in found.citations] == [
        ("[1]", 1, (1,)), ("[4]", 1, (4,)), ("[2]", 3, (10,)), ("[5]", 3, (13,)), ("[3]", 5, (19,)), ("[6]", 5, (22,))]
    assert rl.references[9].year == 1982  # chapter 2's second entry
    # A paper's one list stays one, its parts none.
    assert find_references(text_map(_thesis(1))).parts == ()


def test_the_analysis_names_each_chapters_list_by_its_chapter():
    # The reader's References sidebar groups a thesis's lists under their chapters: the analysis gives each list's
    # entries and the heading of the chapter that cites it (here the PDF's bookmarks; the list's own "References"
    # names no chapter). A paper's one list gives none.
    chapters = ("Chapter 1 Bones", "Chapter 2 Muscles", "Chapter 3 Nerves")
    marks = tuple(b for c, title in enumerate(chapters, start=1)
                  for b in (Bookmark(title, 1, 2 * c - 1, 70.0), Bookmark("References", 2, 2 * c, 280.0 + 40 * c)))
    analysis = analyze(Document(tuple(_thesis()), marks))
    assert [part.to_json() for part in analysis.reference_lists] == [
        {"first": 1, "last": 8, "title": "Chapter 1 Bones", "page": 2},
        {"first": 9, "last": 16, "title": "Chapter 2 Muscles", "page": 4},
        {"first": 17, "last": 24, "title": "Chapter 3 Nerves", "page": 6}]
    assert analysis.to_json()["reference_lists"][1]["title"] == "Chapter 2 Muscles"
    # Without an outline naming the chapters: the lists, untitled.
    assert [(p.first, p.title) for p in analyze(Document(tuple(_thesis()))).reference_lists] == [
        (1, None), (9, None), (17, None)]
    assert analyze(Document(tuple(_thesis(1)))).reference_lists == ()


def test_a_numbered_list_ends_at_a_page_turn_that_no_next_entry_follows():
    # A supplement after the list: its text in the entries' size on the next page. Entries broken at a turn keep
    # their ends, a page range's "2390." at a row's start included; the last keeps a line, not the supplement.
    first = [it("References", 72, 600, 12),
             it("[1] A. Smith, B. Jones, Retrieval of scientific information,", 72, 620, 8),
             it("J. Doc. 12 (2019) 1–20.", 84, 630, 8),
             it("[2] C. Müller, D. van der Berg, Community structures of archaea", 72, 640, 8)]
    second = [it("and bacteria in lakes, Freshw. Biol. 55 (2010) 2375–", 84, 90, 8),
              it("2390.", 84, 100, 8),
              it("[3] E. Lee, Reading with context, in: Proc. of the Conference", 72, 110, 8)]
    supplement = [it("on Reading, 2023.", 84, 90, 8),
                  *(it(f"S{k} the supplement's text runs on in the entries' own size, line after line {k}", 72,
                       100 + 10 * k, 8) for k in range(12))]
    refs = find_references(text_map(pages(prose(80, 40), first, second, supplement))).references
    assert [r.raw for r in refs] == [
        "A. Smith, B. Jones, Retrieval of scientific information, J. Doc. 12 (2019) 1–20.",
        "C. Müller, D. van der Berg, Community structures of archaea and bacteria in lakes, Freshw. Biol. 55 "
        "(2010) 2375– 2390.",
        "E. Lee, Reading with context, in: Proc. of the Conference on Reading, 2023."]


def test_the_title_and_authors_over_the_next_page_are_no_part_of_an_author_year_list():
    # A supplement's own title page after the list: its title a size larger, its authors and affiliations in
    # other sizes than the entries', then its Abstract; a number opening one of the entries' rows ("1 (1):") is no
    # label, so the supplement's "2 Methods" cannot go on with the list as its entry 2.
    entries = author_year_entries(
        lambda k: f"1 ({k + 1}), {k}1–{k}9." if k == 2 else f"Experimental Tests, {k}, 1–9.")
    supplement = [it("Items Read at Length: the Methods and Data Not Shown", 72, 90, 11),
                  it("Jane Roe    Richard Roe", 72, 120, 9),
                  it("Department of Tests, University of Somewhere", 72, 132, 7),
                  it("Abstract", 72, 170, 8),
                  *(it(f"the abstract of the supplement in the entries' size, line {k} of it", 72, 182 + 10 * k, 8)
                    for k in range(8)),
                  it("2 Methods", 72, 280, 8.5),
                  *(it(f"the methods of the supplement in the entries' size, line {k} of them", 72, 292 + 10 * k, 8)
                    for k in range(8))]
    refs = find_references(text_map(pages(prose(80, 16) + entries, supplement))).references
    assert len(refs) == 6
    assert refs[-1].raw == LAST_AUTHOR_YEAR_ENTRY


def test_an_author_year_list_ends_at_a_page_turn_that_no_name_follows():
    # Another paper's text on the next page, in the entries' size, opening with no name: the list ended at the
    # turn. (An author line forenames first further down would resume it: "Jacob Devlin, ..." opens entries of
    # lists that set names so, and after a float, too.)
    entries = author_year_entries()
    supplement = [it("randomised controlled trial of the intervention: outcomes and lessons learnt in a", 72, 90, 8),
                  *(it(f"study of the supplement's own, its text in the entries' size, line {k} of it", 72,
                       100 + 10 * k, 8) for k in range(20))]
    refs = find_references(text_map(pages(prose(80, 16) + entries, supplement))).references
    assert len(refs) == 6
    assert refs[-1].raw == LAST_AUTHOR_YEAR_ENTRY


def test_an_author_year_list_whose_rows_open_with_years_ends_at_a_page_turn_that_no_name_follows():
    # ACL sets the year first on an entry's second line ("2017. Semeval 2017 task 10"): read as a number, it
    # makes no numbered list, and the list still ends at the turn to another paper's text.
    entries = author_year_entries(lambda k: f"20{10 + k}. Experimental Tests, {k}, 1–9.")
    supplement = [it("randomised controlled trial of the intervention: outcomes and lessons learnt in a", 72, 90, 8),
                  *(it(f"study of the supplement's own, its text in the entries' size, line {k} of it", 72,
                       100 + 10 * k, 8) for k in range(20))]
    refs = find_references(text_map(pages(prose(80, 16) + entries, supplement))).references
    assert len(refs) == 6
    assert refs[-1].raw.endswith("2015. Experimental Tests, 5, 1–9.")


def test_an_author_year_list_ends_at_a_page_turn_to_a_draft_whose_lines_are_numbered():
    # Another paper's draft after the list, each line numbered in the margin ("1 Residues Neighboring ...", its
    # title, "5 David F. Jordan1,2,*, ...", "9 1. Department of ..."): an author-year list has no numbered
    # entries, so a row that opens with a bare number at the turn is no entry of it, and no name after it resumes
    # the list.
    entries = author_year_entries()
    lines = ["Residues Neighboring an SH3-Binding", "Motif Participate in the Interaction In Vivo", "", "",
             "David F. Jordan1,2,3,4,*, Alexandre K. Dubé1,2,3,4,5, Ugo Dionne2,3,4,6,7,8 and",
             "Christian R. Landry 1,2,3,4,5,*", "", "",
             *(f"{k}. Department of Biochemistry, University of Somewhere, line {k} of the affiliations"
               for k in range(1, 8)),
             *(f"the draft's own text in the entries' size, line {k} of it" for k in range(8))]
    draft = [it(f"{n} {text}".strip(), 60, 90 + 14 * n, 20 if n < 3 else 8) for n, text in enumerate(lines, start=1)]
    refs = find_references(text_map(pages(prose(80, 16) + entries, draft))).references
    assert len(refs) == 6
    assert refs[-1].raw == LAST_AUTHOR_YEAR_ENTRY


def test_an_unsorted_list_of_names_goes_on_past_a_page_turn():
    # Entries that open with names but run in no order of them (a list in order of citation, set without its
    # numbers): an entry broken at the page turn goes on on the next page, and the list with the next name and its
    # initials, though it sorts before the last one ("Landsteiner, K." after "Liang, T.").
    names = ("Sergelius, P.", "Adler, S. L.", "Nielsen, H. B.", "Bell, J. S.", "Xu, S.-Y.", "Liang, T.")
    entries = [it("References", 72, 280, 12)]
    for k, name in enumerate(names):
        entries += [it(f"{name} A study of the item {k} in the field of its own, and of the others. Journal of", 72,
                       300 + 24 * k, 8),
                    it(f"Experimental Tests, {k}, 1–9 (20{10 + k}).", 72, 310 + 24 * k, 8)]
    entries[-1] = it("Experimental Tests from the thermopower of its", 72, entries[-1].y, 8)
    second = [it("experiments, 5, 1–9 (2015).", 72, 90, 8)]
    for k, name in enumerate(("Landsteiner, K.", "Golkar, S.", "Delbourgo, R.")):
        second += [it(f"{name} A study of the item {6 + k} in the field of its own, and of the others. Journal of",
                      72, 104 + 24 * k, 8),
                   it(f"Experimental Tests, {6 + k}, 1–9 (20{16 + k}).", 72, 114 + 24 * k, 8)]
    refs = find_references(text_map(pages(prose(80, 16) + entries, second))).references
    assert [r.authors[:1] for r in refs] == [(n.split(",")[0],) for n in names + ("Landsteiner", "Golkar",
                                                                                   "Delbourgo")]
    assert refs[5].raw.endswith("thermopower of its experiments, 5, 1–9 (2015).")


def test_an_author_year_entry_broken_at_a_page_turn_goes_on_with_the_list():
    # The end of an entry at the next page's top, then the next entries; the list's last page set a little
    # smaller than the rest (7.5 pt under 8 pt) is still the list.
    entries = author_year_entries()[:-2] + [it("Foster, J., and K. Other (2015): “A study of item 5,”", 72,
                                               420, 8)]
    second = [it("Journal of Experimental Tests, 5, 1–9.", 84, 90, 7.5),
              it("Garcia, J., and K. Other (2016): “A study of item 6,” Annals of", 72, 102, 7.5),
              it("Testing Methods, 6, 1–9.", 84, 114, 7.5),
              it("Hughes, J., and K. Other (2017): “A study of item 7,” Review of", 72, 126, 7.5),
              it("Reading, 7, 1–9.", 84, 138, 7.5)]
    refs = find_references(text_map(pages(prose(80, 16) + entries, second))).references
    assert [r.raw for r in refs[-3:]] == [
        LAST_AUTHOR_YEAR_ENTRY, "Garcia, J., and K. Other (2016): “A study of item 6,” Annals of Testing Methods, 6, "
        "1–9.", "Hughes, J., and K. Other (2017): “A study of item 7,” Review of Reading, 7, 1–9."]


def test_an_indented_row_opening_like_a_name_does_not_set_where_the_list_resumes():
    # An alphabetical list resumes after a page turn with an entry whose author sorts after the last entry's.
    # A continuation row, indented, may open like an organisation's name ("SWNT and graphene ...", read as
    # "SWN, T"): it is no entry's first row, and the entry after the turn ("Garcia" after "Foster") resumes the
    # list though it sorts before "SWN", on to the page after.
    entries = author_year_entries()[:-2] + [it("Foster, J., and K. Other (2015): “A study of item 5 in growing", 72,
                                               420, 8),
                                            it("SWNT and Graphene Tests, 5, 1–9, and more words of its", 84, 432, 8)]
    second = [it("title's end.", 84, 90, 8),
              it("Garcia, J., and K. Other (2016): “A study of item 6,” Annals", 72, 102, 8),
              it("of testing methods, 6, 1–9.", 84, 114, 8),
              it("Hughes, J., and K. Other (2017): “A study of item 7,” Review of", 72, 126, 8),
              it("Reading, 7, 1–9.", 84, 138, 8)]
    third = [it("Irwin, J., and K. Other (2018): “A study of item 8,” Studies in", 72, 90, 8),
             it("Measurement, 8, 1–9.", 84, 102, 8)]
    refs = find_references(text_map(pages(prose(80, 16) + entries, second, third))).references
    assert len(refs) == 9
    assert refs[-1].raw == "Irwin, J., and K. Other (2018): “A study of item 8,” Studies in Measurement, 8, 1–9."


def test_a_heading_under_a_line_across_both_columns_ends_the_list():
    # The space between a line set across the page and the first line of a column under it sets that line
    # apart as a heading: a supplement's "Abstract" under its affiliations, in the entries' size.
    entries = author_year_entries()
    supplement = [it("Department of Tests, University of Somewhere, 1 Long Road, Somewhere Else, Country of Tests",
                     72, 100, 7),
                  it("Abstract", 72, 140, 8),
                  *(it(f"the abstract of the supplement, line {k} of it", 72, 152 + 10 * k, 8) for k in range(40)),
                  *(it(f"the supplement's text goes on, line {k} of it", 320, 140 + 10 * k, 8) for k in range(41))]
    refs = find_references(text_map(pages(prose(80, 16) + entries, supplement))).references
    assert len(refs) == 6
    assert refs[-1].raw == LAST_AUTHOR_YEAR_ENTRY


def test_an_author_year_list_does_not_resume_two_pages_after_foreign_text_began():
    # A float or a box set into a list takes a page at most: two pages on, a row that opens like an author
    # and sorts after the last entry ("Manual, Fourth Edition, ...", in a supplement's methods) resumes nothing.
    entries = author_year_entries()
    title = [it("Stressful Events in a Supplement of Its Own", 72, 90, 18)]
    text = [[it(f"the supplement's text in the entries' size, page {p} line {k} of it", 72, 130 + 10 * k, 8)
             for k in range(50)] for p in (2, 3)]
    resumed = [it("the Diagnostic and Statistical", 72, 90, 8),
               it("Manual, Fourth Edition, Revised (American", 72, 100, 8),
               *(it(f"the supplement's text in the entries' size, page 4 line {k} of it", 72, 110 + 10 * k, 8)
                 for k in range(10))]
    refs = find_references(text_map(pages(prose(80, 16) + entries, title + text[0], text[1], resumed))).references
    assert len(refs) == 6
    assert refs[-1].raw == LAST_AUTHOR_YEAR_ENTRY


def test_a_title_half_again_as_large_over_the_next_page_is_no_part_of_the_last_entry():
    # Another paper's first page after the list (a supplement, a bound-in article): its title one line at 1.5
    # times the entries' size, its abstract in their size.
    entries = author_year_entries()
    article = [it("Decision Records in the Format of Their Own", 72, 120, 12),
               *(it(f"the abstract of the article in the entries' size, line {k} of it", 72, 150 + 10 * k, 8)
                 for k in range(10)),
               it("1 Introduction", 72, 270, 12)]
    refs = find_references(text_map(pages(prose(80, 16) + entries, article))).references
    assert len(refs) == 6
    assert refs[-1].raw == LAST_AUTHOR_YEAR_ENTRY


def test_the_words_of_a_figure_on_a_page_inside_the_list_are_no_entries():
    # A full-page figure set between two pages of the list: its labels and ticks, in other sizes than the
    # entries', and its caption. The list goes on after it.
    def entry(k: int, y: float) -> list[TextItem]:  # "Aabson, A.", "Aacson, A.", ...: in alphabetical order
        name = f"A{chr(97 + k // 26)}{chr(97 + k % 26)}son"
        return [it(f"{name}, A., and B. Writer (20{10 + k}): A study of", 72, y, 8),
                it(f"item {k}, Journal of {name} Studies, {k}, 1–9.", 84, y + 10, 8)]
    first = [it("References", 72, 80, 12)] + [i for k in range(1, 31) for i in entry(k, 100 + 22 * (k - 1))]
    figure = [it(t, x, y, 7) for t, x, y in [("(a)", 80, 100), ("(b)", 320, 100), ("baseline", 400, 140),
                                             ("0.5", 90, 150), ("ours", 400, 152), ("Accuracy", 60, 200)]]
    figure += [it("Figure 7. Accuracy of the two methods over time, for the baseline and for ours.", 72, 480, 9)]
    second = [i for k in range(31, 41) for i in entry(k, 100 + 22 * (k - 31))]
    refs = find_references(text_map(pages(prose(80, 50), first, figure, second))).references
    assert len(refs) == 40
    assert refs[29].raw == "Abeson, A., and B. Writer (2040): A study of item 30, Journal of Abeson Studies, 30, 1–9."
    assert refs[30].raw.startswith("Abfson, A.")


def test_a_list_whose_names_put_forenames_first_goes_on_after_a_table_on_a_page_of_its_own():
    # LaTeX sets an appendix's table on a page inside the list; the footnote under the list's first page opens
    # the interruption a page earlier. The list resumes with an entry opening with a forename ("Jacob Devlin,").
    forenames = ["Anna", "Boris", "Clara", "David", "Emil", "Freya", "Jacob", "Karl", "Lena", "Maria"]
    surnames = ["Abbott", "Baker", "Carver", "Dalton", "Ellis", "Foster", "Gibson", "Hardy", "Irwin", "Jones"]

    def entry(k: int, y: float) -> list[TextItem]:
        return [it(f"{forenames[k]} {surnames[k]}, Kim Other, and Lee Third. 20{10 + k}. A study", 72, y, 8),
                it(f"of item {k}. In Proceedings of the {surnames[k]} Workshop, pages 1–9.", 84, y + 10, 8)]
    first = [it("References", 72, 500, 12), *entry(0, 520), *entry(1, 544), *entry(2, 568), *entry(3, 592),
             *entry(4, 616), *entry(5, 640), it("3 A footnote of the text above, at the foot of the page.", 72, 740, 7)]
    table = [it("Table 9: Scores of every model on the held-out sets.", 72, 100, 9)]
    table += [it(f"Model {k}   {50 + k}.1   {60 + k}.2   {70 + k}.3", 72, 120 + 11 * k, 8) for k in range(20)]
    last = [i for k in range(6, 10) for i in entry(k, 100 + 24 * (k - 6))]
    refs = find_references(text_map(pages(prose(80, 50), prose(80, 30) + first, table, last))).references
    assert [r.authors[0] for r in refs] == surnames
    assert refs[5].raw == ("Freya Foster, Kim Other, and Lee Third. 2015. A study of item 5. In Proceedings of the "
                           "Foster Workshop, pages 1–9.")


def test_a_last_page_of_the_list_set_smaller_keeps_its_entries():
    # A page of the list set 8 % smaller than the pages before (scaled on its own when the PDF was put together):
    # no line of it is in the list's size, but its rows are dated, as entries are.
    def entry(k: int, y: float, size: float) -> list[TextItem]:
        return [it(f"[{k}] A. Author{k}, B. Writer, A study of item {k}, J. Exp. Tests {k}", 72, y, size),
                it(f"(20{10 + k % 80:02d}) 1–9.", 84, y + 1.25 * size, size)]
    first = [it("References", 72, 80, 12)] + [i for k in range(1, 31) for i in entry(k, 100 + 22 * (k - 1), 8)]
    last = [i for k in range(31, 41) for i in entry(k, 100 + 20 * (k - 31), 7.36)]
    refs = find_references(text_map(pages(prose(80, 50), first, last))).references
    assert [r.label for r in refs] == [f"[{k}]" for k in range(1, 41)]
    assert refs[-1].raw == "A. Author40, B. Writer, A study of item 40, J. Exp. Tests 40 (2050) 1–9."


def test_line_numbers_are_measured_on_the_pages_that_number_their_lines():
    # A draft numbers the lines of its text and list, not those of the figure pages after them: the pages without
    # numbers leave the share of numbered lines on the others as it is.
    items = [it("References", 120, 88, 10)]
    for k in range(24):
        n = 1 + k // 2
        text = f"{n} Author{chr(65 + n % 26)} Name. A study of item {n}." if k % 2 == 0 else \
            f"Journal of Tests, {n}:1–9, 20{10 + n % 80:02d}."
        items.append(it(f"{300 + k} {text}" if k % 2 == 0 else text, 72 if k % 2 == 0 else 140, 100 + 12 * k, 9))
        if k % 2:
            items.append(it(str(300 + k), 72, 100 + 12 * k, 5))
    figures = [[it(f"Figure {p}{k}. A panel of the figure and what it shows, in the caption's words.", 72,
                   100 + 12 * k, 9) for k in range(50)] for p in (1, 2, 3)]
    refs = find_references(text_map(pages(prose(80, 40), items, *figures))).references
    assert [r.label for r in refs] == [str(n) for n in range(1, 13)]
    assert refs[0].raw == "AuthorB Name. A study of item 1. Journal of Tests, 1:1–9, 2011."


@pytest.mark.parametrize("first, second", [
    ("[1] A. Smith, Retrieval, in: The Handbook of Documents,", "edited by B. Jones and C. Lee, Oxford, 2019, pp. 1–20."),
    # Vancouver and Chicago set the editors as a sentence of their own after the book's title.
    ("[1] Smith A. Retrieval. In: The Handbook of Documents.", "Edited by B. Jones and C. Lee. Oxford, 2019, pp. 1–20."),
])
def test_a_line_of_an_entry_that_opens_with_words_of_end_matter_goes_on_with_the_entry(first, second):
    # "edited by" opens a line of a chapter's entry; front matter's editor line has a colon ("Edited by:").
    items = [it("References", 72, 300, 12),
             it(first, 72, 320, 8),
             it(second, 84, 330, 8),
             it("[2] C. Müller, Citation graphs, in: Proc. ACL, 2020.", 72, 342, 8),
             it("[3] E. Lee, Reading with context, 2023.", 72, 354, 8)]
    refs = find_references(text_map(pages(prose(80, 40), items))).references
    assert [r.label for r in refs] == ["[1]", "[2]", "[3]"]
    assert refs[0].raw.endswith(second)


def test_an_unnumbered_list_without_heading_ends_the_text():
    names = ["Abbott", "Baker", "Carver", "Dalton", "Ellis", "Foster"]
    entries = []
    for k, name in enumerate(names):
        y = 300 + 24 * k
        entries.append(it(f"{name}, J., and Other, K. (20{10 + k}). A study of item {k},", 72, y, 8))
        entries.append(it(f"J. Exp. Tests {k}, {k}1–{k}9.", 84, y + 10, 8))
    doc = pages(prose(80, 40), prose(80, 40), prose(80, 16) + entries)
    refs = find_references(text_map(doc)).references
    assert [r.authors[:1] for r in refs] == [(n,) for n in names]
    assert [r.year for r in refs] == [2010 + k for k in range(6)]
    assert refs[0].raw == "Abbott, J., and Other, K. (2010). A study of item 0, J. Exp. Tests 0, 01–09."


def test_a_list_without_heading_whose_names_put_forenames_first():
    # ACL's and NeurIPS's lists name authors forename first, some by initials, some alone before the title.
    heads = ["Kyle Lo, Lucy Lu Wang, and Mark Neumann. 2020.", "Andrea Schaerf. A survey of automated timetabling,",
             "D. S. Johnson. A theoretician's guide to experiments,", "J-D Kim, Tomoko Ohta, and Yuka Tateisi. 2003.",
             "E Gashi and K Sylejmani. Simulated annealing for course", "Masaki Eto. 2019. Extended co-citation search:"]
    doc = _headless_list(heads, lambda k: f"a study of item {k}. J. Exp. Tests {k}, 20{10 + k}.")
    refs = find_references(text_map(doc)).references
    assert [r.authors[:1] for r in refs] == [("Lo",), ("Schaerf",), ("Johnson",), ("Kim",), ("Gashi",), ("Eto",)]


def test_a_flush_left_list_whose_names_put_forenames_first_splits_at_each_name():
    # No indent, no space between entries: a forename-first name opens an entry where the line before ended one
    # and the entry has its year. A name that goes on the author list ("Allan Peter Davis, ...") opens none:
    # the entry has no year yet; nor does a title's line after a line that does not end the entry.
    rows = ["Kyle Lo, Lucy Lu Wang, Mark Neumann, Rodney Kinney, and Daniel S. Weld. 2020. S2ORC: The",
            "semantic scholar open research corpus. In Proceedings of ACL, pages 4969–4983.",
            "Jiao Li, Yueping Sun, Robin J Johnson, Daniela Sciaky, Chih-Hsuan Wei, Robert Leaman,",
            "Allan Peter Davis, Carolyn J Mattingly, and Zhiyong Lu. 2016. Biocreative V CDR task corpus:",
            "a resource for chemical disease relation extraction. Database, 2016.",
            "Haifeng Liu, Xiangjie Kong, Xiaomei Bai, Wei Wang, and Feng Xia. 2015. Context-based filtering of",
            "Citation Recommendation. IEEE Access, 3:1695–1703.",
            "Masaki Eto. 2019. Extended co-citation search: Graph-based document retrieval on a co-citation",
            "network containing citation context information. Inf. Process. Manag., 56(6).",
            "Andrea Schaerf. 1999. A survey of automated timetabling. Artif. Intell. Rev., 13(2):87–127.",
            "Tomoko Ohta and Yuka Tateisi. 2003. GENIA corpus: a semantically annotated corpus for",
            "bio-textmining. Bioinformatics, 19:180–182."]
    refs = _flush_left_list(rows)
    assert [(r.authors[:1], r.year) for r in refs] == [
        (("Lo",), 2020), (("Li",), 2016), (("Liu",), 2015), (("Eto",), 2019), (("Schaerf",), 1999), (("Ohta",), 2003)]


def test_a_flush_left_list_splits_at_the_same_authors_next_entry_and_at_an_organisation():
    # No indent, no space between entries: after an entry that ended with its year given, a row opening with a
    # year in parentheses is the same authors' next entry (their names drawn as a rule), and one naming an
    # organisation and its year opens one too. A year wrapped onto a row of its own before the entry has one
    # ("Brown, M., and J. Dagnall" over "(2019): ...") opens none.
    rows = ["Auclert, A., M. Rognlie, and L. Straub (2018): “The Intertemporal Keynesian Cross,” Working",
            "Paper 25020, National Bureau of Economic Research.",
            "(2020): “Micro Jumps, Macro Humps: Monetary Policy and Business Cycles in an Estimated HANK",
            "Model,” Discussion paper, Stanford University.",
            "Abernathy, K. L., M. Brown, and J. Dagnall.",
            "(2019): “A Study of Items,” Journal of Experimental Tests, 5, 1–9.",
            "Board of Governors of the Federal Reserve System (2004): “Survey of Consumer Finances, 2004,”",
            "Data files: Summary Extract Public Data.",
            "Ganong, P., and P. Noel (2019): “Consumer Spending during Unemployment,” American Economic",
            "Review, 109(7), 2383–2424.",
            "Kaplan, G., and G. L. Violante (2014): “A model of the consumption response to fiscal stimulus",
            "payments,” Econometrica, 82(4), 1199–1239."]
    refs = _flush_left_list(rows)
    assert [r.year for r in refs] == [2018, 2020, 2019, 2004, 2019, 2014]


def test_a_flush_left_list_splits_at_names_not_at_its_entries_identifier_lines():
    # No indent, no space between entries: a line of an entry's identifiers ("DOI 10.1093/...", PeerJ's) ends the
    # entry; "DOI" is no surname "DO" with an initial "I".
    rows = ["Abascal F, Zardoya R, Posada D. 2005. ProtTest: selection of best-fit models of protein",
            "evolution. Bioinformatics 21(9):2104-2105",
            "DOI 10.1093/bioinformatics/bti263.",
            "Darriba D, Taboada GL, Doallo R, Posada D. 2011. ProtTest 3: fast selection of best-fit models",
            "of protein evolution. Bioinformatics 27(8):1164-1165",
            "DOI 10.1093/bioinformatics/btr088.",
            "Edgar RC. 2004. MUSCLE: a multiple sequence alignment method with reduced time and space",
            "complexity. BMC Bioinformatics 5:113",
            "DOI 10.1186/1471-2105-5-113."]
    refs = _flush_left_list(rows)
    assert [(r.authors[:1], r.doi) for r in refs] == [
        (("Abascal",), "10.1093/bioinformatics/bti263"), (("Darriba",), "10.1093/bioinformatics/btr088"),
        (("Edgar",), "10.1186/1471-2105-5-113")]


def test_a_flush_left_list_does_not_split_at_a_books_place_and_publisher():
    rows = ["Bekoff, M., and Allen, C. (1998). Intentional communication and social play: how and why animals",
            "negotiate and agree to play, in Animal Play: Evolutionary, Comparative, and Ecological Perspectives,",
            "eds M. Bekoff and J. A. Byers (Cambridge: Cambridge University Press), 97-114. Reprinted in",
            "Cambridge, MA: MIT Press.",
            "Boitani, L., and Ciucci, P. (1995). Comparative social ecology of feral dogs and wolves. Ethol.",
            "Ecol. Evol. 7, 49-72."]
    refs = _flush_left_list(rows)
    assert [(r.authors[:1], r.year) for r in refs] == [(("Bekoff",), 1998), (("Boitani",), 1995)]


def test_a_flush_left_list_whose_names_put_forenames_first_and_surnames_in_capitals():
    rows = ["Bowen PENG, Jeffrey QUESNELLE, Honglu FAN, and Enrico SHIPPOLE. 2023. YaRN: Efficient context",
            "window extension of large language models. arXiv preprint arXiv:2309.00071.",
            "Edoardo Maria PONTI, Goran GLAVAS, and Anna KORHONEN. 2020. XCOPA: A multilingual dataset for",
            "causal commonsense reasoning. In Proceedings of EMNLP, pages 2362-2376.",
            "Rafael RAFAILOV, Archit SHARMA, and Chelsea FINN. 2023. Direct preference optimization. In",
            "Advances in Neural Information Processing Systems."]
    refs = _flush_left_list(rows)
    assert [(r.authors[:1], r.year) for r in refs] == [(("Peng",), 2023), (("Ponti",), 2020), (("Rafailov",), 2023)]


def test_a_flush_left_list_splits_where_a_line_ended_short_of_the_column():
    # No indent, no space, names forenames first with initials ("A. Ali"), which read as no entry's opening: a
    # line breaks before a word that does not fit, so a line that ends as an entry ends, well short of the
    # column's edge where the next line's first word would have fit, ended its entry. A line as long as the
    # column ends none, whatever its end ("... (2011)." over "arXiv:1107.5760 [hep-ex].").
    rows = ["Z. J. Xiao, W. F. Wang and Y. Y. Fan, Charmless decays in perturbative QCD, Phys. Rev. D 85 (2012),",
            "094003.",
            "M. Beneke and M. Neubert, Nucl. Phys. B 675 (2003), 333.",
            "C. D. Lu, Y. L. Shen and W. Wang, Phys. Rev. D 73 (2006), 034005.",
            "A. Ali and C. Greub, Phys. Rev. D 57 (1998), 2996.",
            "M. J. Morello et al. (CDF Collaboration), Charmless decays at the Tevatron, CDF public note (2011).",
            "arXiv:1107.5760 [hep-ex].",
            "A. Ali, G. Kramer and C. D. Lu, Phys. Rev. D 58 (1998), 094009."]
    refs = _flush_left_list(rows)
    assert [(r.authors[:1], r.year) for r in refs] == [
        (("Xiao",), 2012), (("Beneke",), 2003), (("Lu",), 2006), (("Ali",), 1998), (("Morello",), 2011),
        (("Ali",), 1998)]
    assert refs[4].raw.endswith("(2011). arXiv:1107.5760 [hep-ex].")


def test_a_flush_left_list_splits_where_a_line_ended_short_without_a_year_or_a_full_stop():
    # Entries with no year ("these proceedings.", a standard's number and title) and entries that end in no
    # punctuation at all ("... (2008) 99") are ended by their short last line all the same: the next line's first
    # word would have fit on it, so its paragraph ended there, and the next line opens as entries open (not in
    # lower case). A line going on in lower case after a short line ends no entry.
    rows = ["V. Aynutdinov, V. Balkanov, I. Belolaptikov et al., The prototype string for the km3-scale Baikal, these",
            "proceedings.",
            "V. Balkanov et al., Astropart. Phys. 12 (1999) 75.",
            "V. Aynutdinov et al., NIM A588 (2008) 99",
            "M. Boliev et al., Nucl. Phys. (Proc. Suppl.) 48 (1996) 83;",
            "3GPP TS 23.501: System architecture for the 5G System; Stage 2, the technical specification group",
            "services and system aspects.",
            "3GPP TS 23.502: Procedures for the 5G System; Stage 2.",
            "O. Suvorova, a search for the fast magnetic monopoles with the Baikal neutrino telescope",
            "array in its",
            "early years of operation, Preprint INR-1999-17."]
    refs = _flush_left_list(rows)
    assert [r.raw.split(",")[0].split(":")[0] for r in refs] == [
        "V. Aynutdinov", "V. Balkanov et al.", "V. Aynutdinov et al.", "M. Boliev et al.", "3GPP TS 23.501",
        "3GPP TS 23.502", "O. Suvorova"]
    assert refs[0].raw.endswith("these proceedings.") and refs[-1].raw.endswith("Preprint INR-1999-17.")


def test_a_flush_left_list_does_not_split_where_a_line_wrapped_at_the_edge_mid_phrase():
    # A place reads as "Surname, Forename" ("Athens, Greece."), but the line above it runs to the column's edge
    # after a comma or mid-name ("Punta" over "Cana, ..."): the line wrapped, the entry goes on.
    rows = ["Kyle Lo and Lucy Wang. 2009. Semantic parsing of the many papers. In Proceedings of EACL, pages 33–41,",
            "Athens, Greece. Association for Computational Linguistics.",
            "Jiao Li and Robin Johnson. 2019. A task corpus for chemical relations. In Proceedings of EMNLP, Punta",
            "Cana, Dominican Republic. Association for Computational Linguistics.",
            "Masaki Eto. 2019. Extended co-citation search. Inf. Process. Manag., 56(6).",
            "Andrea Schaerf. 1999. A survey of automated timetabling. Artif. Intell. Rev., 13(2):87–127."]
    refs = _flush_left_list(rows)
    assert [(r.authors[:1], r.year) for r in refs] == [(("Lo",), 2009), (("Li",), 2019), (("Eto",), 2019),
                                                       (("Schaerf",), 1999)]


def test_a_flush_left_list_splits_at_a_name_with_initials_after_an_entry_ending_in_a_word_at_the_edge():
    # An entry may end in no punctuation ("In WWW", a link) on a line as long as the column's: a name with its
    # initials after it ("Smith, J. A.") opens the next entry all the same; a place after a comma does not.
    rows = ["Abbott, J., and K. Other (2010): A study of the first item and of the second one, Journal of Tests, In WWW",
            "Brown, M. A., and K. Other (2012): A study of the second item and of others, pages 33–41, Athens,",
            "Greece, G. Other, and the Association of Tests and of Testing Methods and of Reading at Length, 2012.",
            "Chen, L. (2014): A study of the third item. Annals of Testing Methods, 6, 1–9."]
    refs = _flush_left_list(rows)
    assert [(r.authors[:1], r.year) for r in refs] == [(("Abbott",), 2010), (("Brown",), 2012), (("Chen",), 2014)]


def test_a_hanging_list_of_mostly_one_line_entries():
    # Short entries, most on one line: few lines show the indent, and those at the edge follow lines that end as
    # entries end. A flush list whose few indented lines are its own (a line set in a little, no entry's end
    # before the lines at the edge) is not cut at every line.
    short = [f"{chr(65 + k)}. Author{k}, Nucl. Phys. B {600 + k} (20{k:02d}) {100 + 7 * k}." for k in range(24)]
    items = [it("References", 72, 290, 12)]
    y = 310
    for k, line in enumerate(short):
        items.append(it(line, 72, y, 8))
        y += 10
        if k % 12 == 3:  # two entries wrap, their second lines indented
            items.append(it("[arXiv:1410.8813 [hep-lat]].", 84, y, 8))
            y += 10
    refs = find_references(text_map(pages(prose(80, 40), prose(80, 4) + items))).references
    assert len(refs) == 24 and refs[3].raw.endswith("[arXiv:1410.8813 [hep-lat]].")
    flush = ["Lo, K., Wang, L. L., Neumann, M., Kinney, R., and Weld, D. S. (2020). S2ORC: the semantic",
             "scholar open research corpus, a resource built from the papers of many fields of study in",
             "   Proceedings of the Annual Meeting of the Association for Computational Linguistics, pages",
             "4969–4983, held online in the summer of that year.",
             "Li, J., Sun, Y., Johnson, R. J., Sciaky, D., Wei, C.-H., and Leaman, R. (2016). Biocreative",
             "task corpus: a resource for chemical disease relation extraction and for the many tools",
             "that read it. Database, 2016, article baw068.",
             "Eto, M. (2019). Extended co-citation search: graph-based document retrieval on a co-citation",
             "network containing citation context information. Inf. Process. Manag., 56(6), 102046.",
             "Ohta, T., and Tateisi, Y. (2003). GENIA corpus: a semantically annotated corpus for the",
             "mining of texts in biology, with the terms of its domain marked by hand across the abstracts",
             "of many papers. Bioinformatics, 19, 180–182.",
             "Schaerf, A. (1999). A survey of automated timetabling, of the problems of schools and of",
             "universities and of the methods that solve them. Artif. Intell. Rev., 13(2), 87–127."]
    entries = [it("References", 72, 290, 12)]
    entries += [it(t.strip(), 72 + (12 if t.startswith(" ") else 0), 310 + 10 * k, 8) for k, t in enumerate(flush)]
    refs = find_references(text_map(pages(prose(80, 40), prose(80, 16) + entries))).references
    assert [(r.authors[:1], r.year) for r in refs] == [(("Lo",), 2020), (("Li",), 2016), (("Eto",), 2019),
                                                       (("Ohta",), 2003), (("Schaerf",), 1999)]


def _flush_left_list(rows: list[str]) -> tuple:
    """The references found in a list of ``rows`` (8 pt) under a References heading, each row flush left at
    the column's edge, one line pitch apart: no indent and no space tells entries apart."""
    entries = [it("References", 72, 290, 12), *(it(t, 72, 310 + 10 * k, 8) for k, t in enumerate(rows))]
    return find_references(text_map(pages(prose(80, 40), prose(80, 16) + entries))).references


def _headless_list(heads: list[str], second: Callable[[int], str]) -> list[Page]:
    """Three pages of prose, the last ending in a list without a heading: entry k opens with ``heads[k]``, its
    second line (indented) is ``second(k)``."""
    entries = []
    for k, head in enumerate(heads):
        y = 300 + 24 * k
        entries += [it(head, 72, y, 8), it(second(k), 84, y + 10, 8)]
    return pages(prose(80, 40), prose(80, 40), prose(80, 16) + entries)


def test_a_numbered_list_without_heading_is_found_before_appendices_longer_than_the_text():
    # A dataset paper: six pages of text ending in a numbered list without a heading, then ten pages of
    # documentation whose own numbered lists (steps, a checklist) hold no references.
    names = ["Beltagy", "Bommarito", "Cohan", "Dalton", "Ellis", "Foster", "Garcia", "Hughes"]
    entries = [it(f"[{k}] Iz {names[k - 1]}, Matthew Peters, and Ann Lee. A study of item {k}. In Proc.", 72,
                  300 + 24 * k, 8) for k in range(1, 9)]
    entries += [it(f"Tests, pages {k}1–{k}9, 20{10 + k}.", 84, 310 + 24 * k, 8) for k in range(1, 9)]
    text = [prose(80, 40) for _ in range(5)] + [prose(80, 16) + entries]
    appendix = [prose(80, 30) + [it(f"{k}. Download the files of part {k} and check each of them by hand.", 72,
                                    500 + 12 * k, 10) for k in range(1, 5)] for _ in range(10)]
    refs = find_references(text_map(pages(*text, *appendix))).references
    assert [r.year for r in refs] == [2010 + k for k in range(1, 9)]


def test_a_list_without_heading_of_entries_without_titles():
    # Astronomy's entries have no title and as many digits as letters, and cut a long author list to
    # "Surname et al.": still a list's entries, one a line.
    lines = ["Boslough, M., Brown, P., & Harris, A. W. 2015, Icarus, 257, 302", "Mainzer et al. 2011, ApJ, 741, 90",
             "Mainzer et al. 2014, ApJ, 792, 30", "Rabinowitz, D. L. 1993, ApJ, 407, 412",
             "Schmidt, M. 1968, AJ, 151, 393", "Trilling et al. 2017, AJ, submitted",
             "Valdes, F. & Gruendl, R. 2014, ASPC, 485, 379"]
    doc = pages(prose(80, 40), prose(80, 40), prose(80, 16) + [it(t, 72, 300 + 12 * k, 8) for k, t in enumerate(lines)])
    refs = find_references(text_map(doc)).references
    assert [(r.authors[:1], r.year) for r in refs] == [
        (("Boslough",), 2015), (("Mainzer",), 2011), (("Mainzer",), 2014), (("Rabinowitz",), 1993),
        (("Schmidt",), 1968), (("Trilling",), 2017), (("Valdes",), 2014)]


def test_a_list_without_heading_may_name_programs_and_organisations():
    # Software and organisations are cited by their name and a year where an author-year list puts authors.
    heads = ["Kyle Lo, Lucy Lu Wang, and Mark Neumann. 2020.", "Grobid. 2023. GROBID.",
             "Zejiang Shen and Kyle Lo. 2021. Layoutparser:", "pdf2image. 2023. pdf2image.",
             "World Health Organization. 2020. Global report", "Masaki Eto. 2019. Extended co-citation search:",
             "pdfplumber. 2023. pdfplumber.", "Zhang Wei and Li Na. 2022. A study"]
    doc = _headless_list(heads, lambda k: f"of item {k}. https://github.com/example/item{k}.")
    refs = find_references(text_map(doc)).references
    assert [r.raw.split(".")[0] for r in refs] == [h.split(".")[0] for h in heads]


def test_a_table_row_labelled_bibliography_after_the_list_is_no_heading():
    # An appendix's table scores a model per kind of region: its row "Bibliography" stands alone on a line over
    # a row of figures. The list is under the last heading that a dated list follows.
    entries = [it("References", 72, 280, 12)] + [
        it(f"Author{chr(65 + k)} A. and Writer B. 20{10 + k}. A study of item {k}. In Proc. Tests.", 72,
           300 + 12 * k, 9)
        for k in range(6)]
    table = [it("Table 5: Scores per region type.", 72, 90, 9)]
    for k, label in enumerate(["Abstract", "Author", "Bibliography", "Caption", "Equation", "Figure"]):
        table += [it(label, 102, 110 + 24 * k, 9),
                  it(f"{90 - k}.5 {80 - k}.1 {70 - k}.2 {60 - k}.3", 172, 122 + 24 * k, 9)]
    refs = find_references(text_map(pages(prose(80, 16) + entries, table))).references
    assert [r.year for r in refs] == [2010 + k for k in range(6)]


def test_an_undated_list_under_a_heading_gives_way_to_a_dated_list_without_one():
    # The only heading-like line titles a numbered set of steps; the paper's own list, author-year, has no
    # heading and ends the text.
    steps = [it("Bibliography", 72, 280, 12)] + [
        it(f"{k}. Open the settings and choose the style of item {k} from the menu.", 72, 300 + 12 * k, 10)
        for k in range(1, 6)]
    names = ["Abbott", "Baker", "Carver", "Dalton", "Ellis", "Foster"]
    entries = []
    for k, name in enumerate(names):
        entries.append(it(f"{name}, J., and Other, K. (20{10 + k}). A study of item {k},", 72, 300 + 24 * k, 8))
        entries.append(it(f"J. Exp. Tests {k}, {k}1–{k}9.", 84, 310 + 24 * k, 8))
    refs = find_references(text_map(pages(prose(80, 16) + steps, prose(80, 40), prose(80, 16) + entries))).references
    assert [r.year for r in refs] == [2010 + k for k in range(6)]


def test_a_table_of_contents_entry_is_no_heading_of_the_list():
    # A preprint's contents on page 1 list "References" with its page number beside it, a cell of its own,
    # over the authors' numbered affiliations; the list on the last page has no heading line (or one the
    # heading test misses). Read from the contents' line, the affiliations would be the list.
    contents = []
    for k, title in enumerate(["1. Introduction", "2. Methods", "3. Results", "References"]):
        contents += [it(title, 72, 100 + 12 * k), it(str(3 * k + 1), 500, 100 + 12 * k)]
    contents += [it(f"{k + 1}Department of Things {k}, University of Somewhere, Some City, Country.", 72, 150 + 10 * k, 8)
                 for k in range(3)]
    heads = [f"[{k + 1}] A. Author{k}, B. Writer, A title of the paper number {k}," for k in range(8)]
    doc = _headless_list(heads, lambda k: f"J. Things {k} (2001) 1-10.")
    doc[0] = replace(doc[0], items=tuple(contents) + doc[0].items[9:])
    refs = find_references(text_map(doc)).references
    assert [r.label for r in refs] == [f"[{k + 1}]" for k in range(8)]


def test_a_list_without_heading_set_in_three_columns_under_text_across_the_page():
    # Royal Society journals end the text across the page and set the list in three columns under it:
    # side by side, the columns' lines come one row at a time, "1." beside "4." beside "7.". Read column by
    # column from where the columns start, the list runs 1 to 9.
    text = [it(f"{BODY} {BODY[:20]} {k}", 56, 80 + 12 * k) for k in range(45)]
    entries = []
    for col, x in enumerate((56, 200, 345)):
        for e in range(3):
            n = 3 * col + e + 1
            y = 640 + 30 * e
            entries += [it(f"{n}. Author{n} A, Writer B. 200{e} A title", x, y, 7),
                        it(f"of the paper number {n} on some", x + 8, y + 9, 7),
                        it(f"things. J. Things {n}, 1-10.", x + 8, y + 18, 7)]
    doc = pages(prose(80, 50), prose(80, 50), text + entries)
    refs = find_references(text_map(doc)).references
    assert [r.label for r in refs] == [f"{n}." for n in range(1, 10)]
    assert refs[3].raw == "Author4 A, Writer B. 2000 A title of the paper number 4 on some things. J. Things 4, 1-10."


def test_a_table_of_methods_and_their_years_is_no_list():
    # A results table at a paper's end, one method a row with its year: no heading, no list.
    rows = ["ROUGE-1 (2004) 0.31 0.34 0.46", "SIM (2019) 0.37 0.52 0.60", "DPR (2020) 0.29 0.31 0.41",
            "BERTScore-DB-XL (2020) 0.30 0.37 0.46", "SummaC-NLI (2022) 0.22 0.26 0.34",
            "MultiVers-FEVER (2022) 0.47 0.58 0.71", "SuperPAL (2021) 0.61 0.68 0.77"]
    doc = pages(prose(80, 40), prose(80, 40), prose(80, 16) + [it(r, 72, 300 + 12 * k, 8) for k, r in enumerate(rows)])
    assert find_references(text_map(doc)).references == ()


@pytest.mark.parametrize(("labels", "expected"), [
    (["[Knu84]", "[GJ79]", "[BCD+05]"], ["[Knu84]", "[GJ79]", "[BCD+05]"]),
    (["[AL11]", "[Tho17a]", "[vdH10]", "[JOP+ ]"], ["[AL11]", "[Tho17a]", "[vdH10]", "[JOP+ ]"]),
    (["[12]", "[13]", "[14]"], None),  # numbered, not alphabetic: no entry opens the list
])
def test_alphabetic_labels_open_entries(labels, expected):
    items = [it("References", 72, 300, 12)]
    y = 320
    for k, label in enumerate(labels):
        items.append(it(f"{label} D. Knuth, The art of item {k}, Addison-Wesley,", 72, y, 8))
        items.append(it(f"[Online]. Available: http://example.org/{k}, 198{k}.", 110, y + 10, 8))
        y += 22
    rl = find_references(text_map(pages(prose(80, 40), items)))
    if expected is None:
        assert [r.label for r in rl.references] != labels
        return
    assert [r.label for r in rl.references] == expected
    assert [r.raw for r in rl.references][0] == "D. Knuth, The art of item 0, Addison-Wesley, [Online]. " \
        "Available: http://example.org/0, 1980."


def test_an_alphabetic_label_set_apart_from_its_text_joins_it():
    items = [it("References", 72, 300, 12),
             it("[Ko12]", 72, 320, 8), it("Y. Ko, A study of term weighting, in SIGIR, 2012.", 120, 320, 8),
             it("[Lav06] N. Lavesson, Evaluation of learning algorithms, 2006.", 72, 334, 8),
             it("[ZSVG+16]", 72, 348, 8), it("A. Zubiaga et al., Tweetlid, 2016.", 120, 348, 8)]
    rl = find_references(text_map(pages(prose(80, 40), items)))
    assert [(r.label, r.authors[:1]) for r in rl.references] == [
        ("[Ko12]", ("Ko",)), ("[Lav06]", ("Lavesson",)), ("[ZSVG+16]", ("Zubiaga",))]


@pytest.mark.parametrize("raw, authors, title", [
    # Spanish and Portuguese surnames of two words, Surname-comma style; and one among others (astronomy).
    ("García Márquez, G., López Pérez, J.: A study of the work. J. Tests 3, 4-5 (2001)",
     ("García Márquez", "López Pérez"), "A study of the work"),
    ("Triaud, A. H. M. J., Collier Cameron, A., Queloz, D., et al. 2010, A&A, 524, A25",
     ("Triaud", "Collier Cameron", "Queloz"), None),
    ("Hah,N., Murakami,S., Nagari,A., Danko,C.G. and Lee Kraus,W. (2013) Enhancer transcripts mark active "
     "estrogen receptor binding sites. Genome Res., 23, 1210-1223.",
     ("Hah", "Murakami", "Nagari", "Danko", "Lee Kraus"),
     "Enhancer transcripts mark active estrogen receptor binding sites"),
])
def test_a_surname_of_two_words_before_its_initials(raw, authors, title):
    e = parse_entry(raw)
    assert e.authors == authors
    assert e.title == title


@pytest.mark.parametrize("dash", ["———,", "——,", "---,", "———."])
def test_a_dash_run_for_authors_repeats_the_authors_above(dash):
    items = [it("References", 72, 300, 12),
             it("[1] M. Lui and T. Baldwin, “Cross-domain feature selection,” in IJCNLP, 2011.", 72, 320, 8),
             it(f"[2] {dash} “langid.py: An off-the-shelf tool,” in ACL, 2012.", 72, 332, 8),
             it("[3] S. Nakatani, “Language detection library,” 2010.", 72, 344, 8)]
    refs = find_references(text_map(pages(prose(80, 40), items))).references
    assert [r.authors for r in refs] == [("Lui", "Baldwin"), ("Lui", "Baldwin"), ("Nakatani",)]


def test_line_numbers_in_the_outer_margin_of_either_page_are_dropped():
    """Two-sided drafts set their line numbers at another x on odd and even pages."""
    def page(first_line: int, first_entry: int, margin: float, heading: bool) -> list[TextItem]:
        items = [it("References", 120, 88, 10)] if heading else []
        for k in range(12):
            n = first_entry + k // 2
            y = 100 + 12 * k
            text = f"{n} Author{chr(65 + n % 26)} Name. A study of item {n}." if k % 2 == 0 else \
                f"Journal of Tests, {n}:1–9, 20{10 + n % 80:02d}."
            items.append(it(f"{first_line + k} {text}" if k % 2 == 0 else text, margin if k % 2 == 0 else 140, y, 9))
            if k % 2:
                items.append(it(str(first_line + k), margin, y, 5))
        return items
    doc = pages(prose(80, 40), page(300, 1, 72, True), page(312, 7, 90, False))
    refs = find_references(text_map(doc)).references
    assert [r.label for r in refs] == [str(n) for n in range(1, 13)]
    assert refs[0].raw == "AuthorB Name. A study of item 1. Journal of Tests, 1:1–9, 2011."


def test_a_line_number_a_digit_longer_starts_a_digit_further_left_in_its_own_size():
    # Right-aligned line numbers: "1000" starts one digit's width (about half an em) left of where "999" does,
    # in 9 pt as in 16 pt digits; a line starting an em and a half left of the margin is no line number.
    for size in (9.0, 11.0, 16.0):
        assert in_margin(100 - 0.55 * size, size, 100.0)
        assert in_margin(100 + 0.1 * size, size, 100.0)
        assert not in_margin(100 - 1.5 * size, size, 100.0)
        assert not in_margin(100 + 0.5 * size, size, 100.0)


def test_past_the_pages_measured_a_page_takes_the_line_number_margin_of_its_side_of_the_spread():
    margins = {5: 73.0, 6: 90.0, 7: 73.0, 8: 90.0, 9: 73.0}  # odd pages at 73 pt, even ones at 90 pt
    assert [page_margin(margins, p) for p in (6, 10, 11, 12, 3)] == [90.0, 90.0, 73.0, 90.0, 73.0]
    assert page_margin({5: 73.0}, 12) == 73.0  # one side measured: the nearest page
    assert page_margin(None, 3) is None


def test_a_list_without_heading_whose_first_entry_names_a_dataset_on_a_short_row():
    # "1 b100." names a dataset, its words (a URL) on the next row: still the list's first entry.
    heads = ["1 b100.", "2 b103."] + [f"{k} Hannah Author{k} and Daniel Writer. Route planning" for k in range(3, 11)]
    doc = _headless_list(heads, lambda k: "https://github.com/example/graphs/blob/master/b10{k}.dot." if k < 2
                         else f"in networks, part {k}. In Proc. ESA, pages 1-10, 20{k + 10}.")
    refs = find_references(text_map(doc)).references
    assert [r.label for r in refs] == [str(k) for k in range(1, 11)]


def test_no_reference_list_is_a_diagnostic_not_an_error():
    rl = find_references(text_map(pages(prose(80, 40), prose(80, 40))))
    assert rl.references == () and rl.start is None and rl.end is None
    assert [d.code for d in rl.diagnostics] == [DiagnosticCode.NO_REFERENCES]
    empty = find_references(text_map([]))
    assert empty.references == () and empty.diagnostics[0].code == DiagnosticCode.NO_REFERENCES


def test_a_list_that_cannot_be_split_says_so():
    doc = pages(prose(80, 30), [it("References", 72, 100, 12), *prose(120, 2)])
    rl = find_references(text_map(doc))
    assert len(rl.references) <= 2
    assert [d.code for d in rl.diagnostics] == [DiagnosticCode.REFERENCES_UNSPLIT]


# ------------------------------------------------------------------------------------------- parsing

# One entry's fields: tests/test_entry.py.


def test_identifiers_broken_across_lines_are_closed_up():
    p = pages(prose(80, 30), [
        it("References", 72, 100, 12),
        it("1. Datta R, Platt R. 2011. Environmental cleaning. Arch", 72, 120, 8),
        it("Intern Med 171:491–494. https://doi.org/10.1001/", 84, 130, 8),
        it("archinternmed.2011.64.", 84, 140, 8),
        it("2. Huang SS. 2006. Risk of acquiring bacteria. Infect 1:2.", 72, 150, 8),
        it("3. Ortiz J. 2007. More. arXiv:2104.", 72, 160, 8),
        it("08809, 2021.", 84, 170, 8),
    ])
    refs = find_references(text_map(p)).references
    assert refs[0].doi == "10.1001/archinternmed.2011.64"
    assert refs[0].raw.endswith("https://doi.org/10.1001/ archinternmed.2011.64.")
    assert refs[2].arxiv_id == "2104.08809"


# ------------------------------------------------------------------------------------------ property


NASTY = st.one_of(
    st.text(max_size=50_000),
    st.text(alphabet="[]()0123456789. \n,;", max_size=50_000),
    st.builds(lambda n: "References\n" + "".join(f"[{k}] A. B, C. {1900 + k % 120}.\n" for k in range(n)),
              st.integers(0, 3000)),
    st.builds(lambda n: "(" * n + "Smith, J. 2019" + ")" * n, st.integers(0, 20_000)),
    st.builds(lambda n: "9" * n, st.integers(0, 50_000)),
)


def _pages_from_text(text: str) -> list[Page]:
    """Lay text out as lines of items, 60 lines a page (one item a line), like an extractor would."""
    lines = text.split("\n")
    out = []
    for p in range(0, max(len(lines), 1), 60):
        items = tuple(it(t[:300], 72 + (k % 3), 60 + 11 * k, 8 + (k % 5 == 0) * 4)
                      for k, t in enumerate(lines[p:p + 60]) if t.strip())
        out.append(Page(p // 60 + 1, 612, 792, items, FONTS))
    return out


@settings(max_examples=40, deadline=None)
@given(NASTY)
@example("\n".join(["² x"] * 30))  # a digit str.isdigit() knows but int() does not, in a line-number margin
@example("\n".join(f"{870 + k} line {k}" for k in range(40)))
def test_any_text_is_processed_quickly_and_stays_in_range(text):
    tm = text_map(_pages_from_text(text))
    t0 = time.perf_counter()
    rl = find_references(tm)
    assert time.perf_counter() - t0 < HANG_SECONDS
    n = len(tm.text)
    if rl.references:
        assert 0 <= rl.start <= rl.end <= n
    for k, r in enumerate(rl.references, start=1):
        assert r.index == k
        assert r.page in tm.page_starts
        x0, y0, x1, y1 = r.box
        assert 0 <= x0 <= x1 <= 612 + 1 and y0 <= y1
        assert r.year is None or 1800 <= r.year <= 2049
    for raw in (text[:3000], text[-3000:]):
        f = parse_entry(raw)
        assert isinstance(f.authors, tuple)


WORDS = ["References", "REFERENCES", "[1]", "[2]", "(3)", "4.", "5", "Smith, J.", "Lee JK,", "A. B. Jones,",
         "2019.", "(2020a)", "doi:10.1000/x.y", "Title of work.", "J. Tests 12, 1–9.", "Appendix A",
         "Figure 2.", "Received: 1 May", "■", "et al.", "870", "Page 3 of 9", "M¨uller", "", " "]


@st.composite
def random_pages(draw):
    n_pages = draw(st.integers(1, 4))
    out = []
    for number in range(1, n_pages + 1):
        items = []
        for _ in range(draw(st.integers(0, 60))):
            text = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6)))
            size = draw(st.sampled_from([6.0, 7.5, 8.0, 9.0, 10.0, 12.0, 32.0]))
            x = draw(st.floats(0, 560, allow_nan=False))
            y = draw(st.floats(10, 780, allow_nan=False))
            if text.strip():
                items.append(TextItem(text, x, y, min(0.45 * size * len(text), 612 - x), size, size, 0))
        out.append(Page(number, 612, 792, tuple(items), FONTS))
    return out


@settings(max_examples=60, deadline=None)
@given(random_pages())
def test_any_geometry_is_processed_and_stays_in_range(doc):
    tm = text_map(doc)
    rl = find_references(tm)
    if rl.references:
        assert 0 <= rl.start <= rl.end <= len(tm.text)
    else:
        assert rl.diagnostics
    assert [r.index for r in rl.references] == list(range(1, len(rl.references) + 1))
    for r in rl.references:
        assert r.page in tm.page_starts and r.box[0] <= r.box[2] and r.box[1] <= r.box[3]


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from("ab., \n2019a8."), max_size=30)
       | st.builds("".join, st.lists(st.sampled_from(["x", ",", ".", " ", "\n", "1987", "2019", "20", "a", "b"]),
                                     max_size=8)))
@example("Computers and Operations Research, 35(4):1265–1280, 2008.")
@example("pages 5–31, 2018a. ")
@example(", 2008")
def test_the_year_at_the_end_is_found_where_the_pattern_finds_it(text):
    # _year_at_end tries REF_YEAR_AT_END only where it can start; it must find what a search finds.
    from citelens.patterns import REF_YEAR_AT_END
    from citelens.references import _year_at_end

    found, searched = _year_at_end(text), REF_YEAR_AT_END.search(text)
    assert (found.span() if found else None) == (searched.span() if searched else None)


def test_an_entrys_closing_line_of_figures_at_the_foot_of_several_pages_is_no_running_foot():
    # Vancouver's entries close with "2017;138:49–56.": where one closes a page, digits aside it reads as the
    # same line on the pages around, as a running foot does; but it follows the entry's line one line below
    # and in its size, where a foot stands apart from the text block (here: the page number).
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma".split()

    def entry(e: int) -> str:
        return f"{e}. {words[e % 18].title()} A, Other B. On {words[e // 18 % 18]} and {words[(e + 5) % 18]}. J Tests."

    def page(n: int) -> list[TextItem]:
        out = [it("Journal of Small Tests 12 (2024)", 72, 40, 8), it(str(n), 300, 760, 8)]
        for k in range(33):
            e = 33 * (n - 2) + k + 1
            out += [it(entry(e), 72, 72 + 20 * k, 8), it(f"{2000 + e % 20};{e}:{e}–{e + 9}.", 84, 82 + 20 * k, 8)]
        return out

    first = furniture(1) + prose(80, 30) + [it("References", 72, 500, 12)]
    rl = find_references(text_map(pages(first, *(page(n) for n in range(2, 6)))))
    assert len(rl.references) == 132
    assert all(r.raw.endswith(f";{r.index}:{r.index}–{r.index + 9}.") for r in rl.references), \
        [r.raw for r in rl.references if r.index % 33 == 0]


def test_alphabetic_labels_in_a_column_wider_than_a_pages_labels_stay_with_their_entries():
    # amsalpha sets the labels in a column as wide as the list's widest; on a page of short labels the gap
    # between label and entry is wide, yet the labels are no column of text of their own.
    keys = ["Abe17", "Ken17", "Lim19", "Mo18", "Ng20", "Oh16", "Pa19", "Qi21"]
    def page(ks: list[str]) -> list[TextItem]:
        out = []
        for k, key in enumerate(ks):
            y = 72 + 30 * k
            out += [it(f"[{key}]", 72, y, 8), it(f"{key[:-2]} A, Other B. A title of the work of", 140, y, 8),
                    it(f"{key[:-2]} on its topic. J Tests. 20{key[-2:]};1:2–9.", 140, y + 10, 8)]
        return out

    first = prose(80, 30) + [it("References", 72, 500, 12)] + [
        it("[ABCD+19]", 72, 520, 8), it("Alpha A, Beta B, Gamma C, Delta D, et al. A title of a", 140, 520, 8),
        it("work of four. J Tests. 2019;1:2–9.", 140, 530, 8)]
    rl = find_references(text_map(pages(first, page(keys[:4]), page(keys[4:]))))
    assert [r.label for r in rl.references] == ["[ABCD+19]"] + [f"[{k}]" for k in keys]
    assert all(r.raw.startswith(r.label.strip("[]")[:-2]) for r in rl.references[1:]), [r.raw for r in rl.references]


def test_an_alphabetic_label_without_a_year_opens_its_entry_in_a_list_labelled_so():
    # alpha.bst labels an entry that has no year by its authors alone: "[Ser]", "[GJ]". Inside a list of
    # alphabetic labels such a label opens an entry, set apart in the labels' column or run into the text.
    first = prose(80, 30) + [it("References", 72, 500, 12)]
    rows = [("[Abe17]", "Abe A, Other B. A title of a work. J Tests. 2017;1:2-9."),
            ("[GJ]", "Garey M, Johnson D. Computers and intractability. Unpublished notes."),
            ("[Knu84]", "Knuth D. The TeXbook. Addison-Wesley; 1984."),
            ("[Ser]", "Serre J-P. A course in arithmetic, to appear."),
            ("[Tho18]", "Thomas A. Another title of a work. J Tests. 2018;3:4-5.")]
    for gap in (40, 0):
        items = []
        for k, (label, text) in enumerate(rows):
            if gap:
                items += [it(label, 72, 520 + 12 * k, 8), it(text, 72 + gap, 520 + 12 * k, 8)]
            else:
                items.append(it(f"{label} {text}", 72, 520 + 12 * k, 8))
        rl = find_references(text_map(pages(first + items)))
        assert [r.label for r in rl.references] == [label for label, _ in rows], gap
        assert rl.references[3].raw.startswith("Serre"), rl.references[3].raw
