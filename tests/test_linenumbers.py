"""A draft's margin line numbers (citelens.linenumbers): set aside before the text is read, on hand-made pages
set as lineno and Word set them; a reference list's labels, and a table's row numbers on a paper without line
numbers, are text."""

from __future__ import annotations

from citelens.linenumbers import without_line_numbers
from citelens.model import Document, Page, TextItem
from citelens.pipeline import analyze

PROSE = "the words of a paragraph running across the column of a page"


def it(text: str, x: float, y: float, size: float = 10.0) -> TextItem:
    return TextItem(text, x, y, 0.45 * size * len(text), size, size)


def numbered_page(n: int, first: int, lines: list[str], numbered_blank: int = 0) -> Page:
    """A page of ``lines`` at 12 pt leading from y=100, each numbered in the left margin as lineno sets it (a
    tiny number right-aligned 10 pt left of the text), from ``first`` on; then ``numbered_blank`` blank lines
    numbered, as a word processor numbers them."""
    items = []
    for k, text in enumerate([*lines, *[""] * numbered_blank]):
        y = 100 + 12 * k
        number = str(first + k)
        width = 0.5 * 5 * len(number)
        items.append(TextItem(number, 62 - width, y, width, 5.0, 5.0))
        if text:
            items.append(it(text, 72, y))
    return Page(n, 612, 792, tuple(items))


def texts(page: Page) -> list[str]:
    return [i.text for i in page.items]


def test_a_drafts_line_numbers_are_set_aside_on_every_page():
    pages = [numbered_page(n, 1 + 30 * (n - 1), [PROSE] * 30) for n in (1, 2, 3)]
    cleaned = without_line_numbers(pages)
    assert all(texts(page) == [PROSE] * 30 for page in cleaned)


def test_blank_lines_numbered_count_as_lines():
    # Word numbers the blank lines at the end of a page or between paragraphs: the numbers rise by one a line all
    # the same, beside text or not.
    pages = [numbered_page(n, 1 + 40 * (n - 1), [PROSE] * 28, numbered_blank=12) for n in (1, 2)]
    assert all(texts(page) == [PROSE] * 28 for page in without_line_numbers(pages))


def test_a_short_last_page_loses_its_line_numbers_too():
    # A draft's last page of a few lines (the end of its reference list) holds too few numbers to tell by
    # themselves; in the strip of the page before, rising on from its last, beside text, they are line numbers.
    # A page after it that sets integers elsewhere (a table's column) keeps them.
    pages = [numbered_page(n, 1 + 30 * (n - 1), [PROSE] * 30) for n in (1, 2, 3)]
    pages.append(numbered_page(4, 91, ["12. Smith J. A title. Journal 2019;3:1-9.", "13. Lee K. Another title."]))
    table = Page(5, 612, 792, tuple(it(t, x, 100 + 12 * k) for k, t in enumerate(("1", "2", "3")) for x in (300,))
                 + (it("Table 1 Counts", 72, 88),))
    cleaned = without_line_numbers([*pages, table])
    assert texts(cleaned[3]) == ["12. Smith J. A title. Journal 2019;3:1-9.", "13. Lee K. Another title."]
    assert cleaned[4] == table


def test_a_reference_lists_labels_rise_by_one_an_entry_and_stay():
    # Labels set apart left of their entries, an entry of three lines each: they rise by one for every three
    # lines, no line number does.
    items = []
    for k in range(12):
        y = 100 + 36 * k
        items.append(TextItem(str(k + 1), 62 - 5 * len(str(k + 1)), y, 5 * len(str(k + 1)), 10.0, 10.0))
        items += [it("Author A, Author B. A title of the paper. Journal", 72, y), it("12:34-56, 2019.", 72, y + 12),
                  it("doi:10.1000/xyz", 72, y + 24)]
    page = Page(1, 612, 792, tuple(items))
    assert without_line_numbers([page, page]) == (page, page)


def test_a_numbered_drafts_list_labels_stay_where_its_entries_wrap_under_them():
    # A draft numbers its lines in the margin; its reference list sets bare labels, its entries' second lines
    # wrapping flush under them. Most entries are one line, so the labels rise by one a line as line numbers do;
    # but the wrapped lines run through the labels' column, and are lines all the same.
    def margin(number: int, y: float) -> TextItem:
        return TextItem(str(number), 52 - 2.5 * len(str(number)), y, 2.5 * len(str(number)), 5.0, 5.0)

    def page(n: int, first: int, line: int) -> Page:
        items, y = [], 100.0
        for k in range(24):
            items += [margin(line, y), it(str(first + k), 72, y), it("Author A. A title. Journal 12, 2019.", 90, y)]
            line, y = line + 1, y + 12
            if k % 2:  # every other entry wraps under its label
                items += [margin(line, y), it("doi:10.1000/xyz.2019 and a page range", 72, y)]
                line, y = line + 1, y + 12
        return Page(n, 612, 792, tuple(items))

    pages = without_line_numbers([page(1, 1, 1), page(2, 25, 31)])
    assert [sum(i.x == 72 and i.text.isdigit() for i in p.items) for p in pages] == [24, 24]  # the labels
    assert not any(i.x < 52 for p in pages for i in p.items)  # the line numbers set aside


def test_a_tables_row_numbers_on_a_paper_without_line_numbers_stay():
    # A table numbers its rows one a line, like line numbers; but only on one of the paper's pages.
    table = Page(3, 612, 792, tuple(i for k in range(10) for i in (it(str(k + 1), 40, 100 + 12 * k),
                                                                     it(f"0.{k}1 0.{k}2 0.{k}3", 72, 100 + 12 * k))))
    prose = [Page(n, 612, 792, tuple(it(PROSE, 72, 100 + 12 * k) for k in range(30))) for n in (1, 2, 4, 5)]
    pages = [prose[0], prose[1], table, prose[2], prose[3]]
    assert without_line_numbers(pages) == tuple(pages)


def test_the_analysis_reads_a_numbered_draft_without_its_numbers():
    # A citation in parentheses broken by a line number ("(Smith et 2 al. 2019)") and a reference list whose
    # lines each carry one: read whole once the numbers are set aside.
    body = ["We build on earlier work on reading papers (Smith et", "al. 2019) and on layout (Jones 2020).",
            "Others read the references alone (Brown and Lee 2018)."] + [PROSE] * 25
    refs = [PROSE] * 20 + ["References", "Brown, A., Lee, B. 2018. Reading reference lists. Journal A 1: 2-3.",
                           "Jones, K. 2020. Layout of the page. Journal B 4: 5-6.",
                           "Smith, J., Roe, K. 2019. Reading papers in a browser. Journal C 7: 8-9."]
    pages = [numbered_page(1, 1, body), numbered_page(2, 29, refs, numbered_blank=3)]
    analysis = analyze(Document(tuple(pages)))
    assert [r.raw for r in analysis.references] == refs[21:]
    assert [(c.text, c.ref_indexes) for c in analysis.citations] == [
        ("(Smith et al. 2019)", (3,)), ("(Jones 2020)", (2,)), ("(Brown and Lee 2018)", (1,))]
    assert analysis.citations[0].sentence.text == "We build on earlier work on reading papers (Smith et al. 2019) " \
        "and on layout (Jones 2020)."
