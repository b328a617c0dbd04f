"""The worker's entry point ``analyze_json`` (str in, str out) and the Document JSON it reads, without any
PDF library: documents are built by hand, as the browser builds them from pdf.js text items."""

from __future__ import annotations

import hashlib
import time
import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citelens.model import SCHEMA_VERSION, Bookmark, Document, Font, InputError, Link, Page, TextItem
from citelens.pipeline import analyze, analyze_json, text_hash

FONTS = (Font("Times-Roman"), Font("Times-Bold", bold=True))
PROSE = "prose words that fill a line of a column the way body text does in a paper"


def page(number: int, *items: TextItem) -> Page:
    return Page(number, 612.0, 792.0, items, FONTS)


def paper() -> Document:
    """Two pages of body text under numbered bold headings; one bookmark and one link."""
    pages = []
    for n, headings in ((1, ("1 Introduction", "2 Method")), (2, ("3 Results", "4 Discussion"))):
        items = []
        y = 90.0
        for h in headings:
            items.append(TextItem(h, 72.0, y, 6.0 * len(h), 12.0, 12.0, 1))
            y += 18
            for _ in range(12):
                items.append(TextItem(PROSE, 72.0, y, 330.0, 10.0, 10.0, 0))
                y += 12
            y += 10
        pages.append(page(n, *items))
    return Document(tuple(pages), MARKS, (Link(1, (100.0, 80.0, 112.0, 91.0), 2, 72.0, 120.5, "cite.x"),))


#: The paper's own outline: its sections.
MARKS = (Bookmark("Introduction", 1, 1, 80.0), Bookmark("Method", 1, 1, 280.0), Bookmark("Results", 1, 2, 80.0))


def request(document: Document, **extra: object) -> str:
    return json.dumps({"document": document.to_json(), **extra})


def test_analyze_json_is_str_to_compact_str() -> None:
    out = analyze_json(request(paper()))
    assert isinstance(out, str)
    data = json.loads(out)
    assert out == json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    assert data["schema_version"] == SCHEMA_VERSION
    assert data["outline_source"] == "bookmarks"
    assert data["pages"] == [{"number": 1, "width": 612.0, "height": 792.0},
                             {"number": 2, "width": 612.0, "height": 792.0}]
    assert data["references"] == data["citations"] == data["figure_mentions"] == []


@pytest.mark.parametrize("marks", [
    (Bookmark("image 1", 1, 1, 0.0), Bookmark("image 2", 1, 2, 0.0)),  # a scan's pages
    tuple(Bookmark("A Paper's Title", 1, n, 0.0) for n in (1, 2, 2)),  # one title on every page (RSC)
    (Bookmark("A Paper's Title", 1, 1, 0.0),),  # the title alone
    (Bookmark("Section_1", 1, 1, 80.0), Bookmark("Section_2", 1, 1, 280.0), Bookmark("Figure 1", 1, 2, 80.0)),
])
def test_bookmarks_that_name_no_sections_give_way_to_the_headings_found(marks) -> None:
    """The PDF's own outline wins where it names the paper's sections (3 or more of them); where it lists its
    pages, repeats its title, holds one entry or names anchors and figures, the headings found in the text
    make the outline, and the PDF's stands where none are found."""
    document = paper()
    assert analyze(document).outline_source == "bookmarks"
    found = analyze(Document(document.pages, marks, document.links))
    assert found.outline_source == "detected"
    assert [o.title for o in found.outline] == ["1 Introduction", "2 Method", "3 Results", "4 Discussion"]
    plain = tuple(page(pg.number, *(replace(i, font=0, size=10.0, height=10.0) for i in pg.items))
                  for pg in document.pages)
    kept = analyze(Document(plain, marks, document.links))
    assert kept.outline_source == "bookmarks" and [o.title for o in kept.outline] == [m.title for m in marks]


def test_analyze_json_matches_analyze() -> None:
    document = paper()
    assert json.loads(analyze_json(request(document))) == analyze(document).to_json()


def test_text_only_option_drops_the_pdfs_structure() -> None:
    data = json.loads(analyze_json(request(paper(), options={"text_only": True})))
    assert data["outline_source"] == "detected"
    assert [o["title"] for o in data["outline"]] == ["1 Introduction", "2 Method", "3 Results", "4 Discussion"]


def test_text_hash_is_sha256_of_page_texts_and_stable() -> None:
    document = paper()
    joined = "\f".join("\n".join(i.text for i in p.items) for p in document.pages)
    expected = hashlib.sha256(joined.encode("utf-8")).hexdigest()[:32]
    assert text_hash(document.pages) == expected
    first = json.loads(analyze_json(request(document)))
    again = json.loads(analyze_json(request(document, source={"file": "renamed.pdf", "sha256": "ab" * 32})))
    assert first["source"] == {"file": None, "sha256": None, "text_hash": expected}
    assert again["source"] == {"file": "renamed.pdf", "sha256": "ab" * 32, "text_hash": expected}
    # Structure is not text: dropping bookmarks and links keeps the hash.
    assert text_hash(document.without_pdf_structure().pages) == expected


def test_a_given_text_hash_is_kept() -> None:
    data = json.loads(analyze_json(request(paper(), source={"text_hash": "f" * 32})))
    assert data["source"]["text_hash"] == "f" * 32


@pytest.mark.parametrize("payload", [
    "",
    "not json",
    "[1, 2]",
    "{}",
    '{"document": null}',
    '{"document": {}}',
    '{"document": {"pages": "x"}}',
    '{"document": {"pages": [{"number": 1}]}}',
    '{"document": {"pages": [{"number": 1, "width": 1, "height": 1, "items": [["a", 1]]}]}}',
    '{"document": {"schema_version": 99, "pages": []}}',
])
def test_malformed_requests_raise_input_error(payload: str) -> None:
    with pytest.raises(InputError):
        analyze_json(payload)
    assert issubclass(InputError, ValueError)


def test_document_json_round_trip() -> None:
    document = paper()
    again = Document.from_json(json.loads(json.dumps(document.to_json())))
    assert again == document
    assert document.to_json()["schema_version"] == SCHEMA_VERSION


def test_unresolved_destinations_survive_the_round_trip() -> None:
    document = Document((page(1),), (Bookmark("Dangling", 2, None, None),),
                        (Link(1, (1.0, 2.0, 3.0, 4.0), None, None, None, "nowhere"),),
                        destinations=("bib1", "cite.x", "nowhere"))
    assert Document.from_json(json.loads(json.dumps(document.to_json()))) == document
    assert document.without_pdf_structure().destinations == ()


# Coordinates in JSON keep two decimals; draw values that already have at most two.
coord = st.integers(min_value=-10**6, max_value=10**7).map(lambda n: n / 100)
items = st.builds(TextItem, st.text(max_size=12), coord, coord, coord, coord, coord,
                  st.integers(min_value=-1, max_value=3))
fonts = st.builds(Font, st.text(max_size=8), st.booleans(), st.booleans())
pages = st.lists(st.tuples(coord, coord, st.lists(items, max_size=6), st.lists(fonts, max_size=3)), max_size=3)
bookmarks = st.builds(Bookmark, st.text(max_size=10), st.integers(1, 6), st.none() | st.integers(1, 3),
                      st.none() | coord)
links = st.builds(Link, st.integers(1, 3), st.tuples(coord, coord, coord, coord), st.none() | st.integers(1, 3),
                  st.none() | coord, st.none() | coord, st.none() | st.text(max_size=10))


@settings(max_examples=60, deadline=None)
@given(pages, st.lists(bookmarks, max_size=3), st.lists(links, max_size=3),
       st.lists(st.text(max_size=10), max_size=3))
def test_any_document_round_trips(raw_pages, raw_bookmarks, raw_links, names) -> None:  # type: ignore[no-untyped-def]
    document = Document(
        tuple(Page(n, w, h, tuple(its), tuple(fs)) for n, (w, h, its, fs) in enumerate(raw_pages, start=1)),
        tuple(raw_bookmarks),
        tuple(raw_links),
        destinations=tuple(sorted(set(names))),
    )
    text = json.dumps(document.to_json(), ensure_ascii=False)
    assert Document.from_json(json.loads(text)) == document


# ---------------------------------------------------------------------------------- whole pipeline

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ADVERSARIAL = st.one_of(
    st.text(alphabet=st.sampled_from("0123456789"), min_size=1, max_size=50_000),  # a long digit run
    st.text(alphabet=st.sampled_from("[](),;-–. 0123456789"), max_size=50_000),  # thousands of brackets
    st.text(alphabet=st.sampled_from("(()) aA1.\n"), max_size=50_000),  # nested parentheses
    st.text(max_size=50_000),  # anything
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(ADVERSARIAL, st.integers(1, 400))
def test_any_page_is_analysed_quickly_and_everything_stays_in_range(text, per_line):
    """Up to 50,000 adversarial characters over two pages, cut into lines, and a real reference list after
    them: every stage together stays well under a second, and every page, offset and box stays in range."""
    lines = [text[i:i + per_line] for i in range(0, len(text), per_line)] or [" "]
    items = tuple(TextItem(t, 72, 60 + (k % 60) * 11, 5.0 * max(len(t), 1), 10, 10, k % 2)
                  for k, t in enumerate(lines))
    fonts = (Font("Times-Roman"), Font("Times-Bold", True))
    # A real reference list after the adversarial pages, so the citation stages have entries to match.
    refs = tuple(TextItem(line, 72, 80 + 12 * k, 5.0 * len(line), 10, 10, 0) for k, line in enumerate(
        ["References"] + [f"[{n}] Smith{n} J, Lee K. A title number {n}. J Examples. 2019;{n}:1-9." for n in range(1, 31)]))
    pages = (Page(1, 612, 792, items[: len(items) // 2], fonts), Page(2, 612, 792, items[len(items) // 2:], fonts),
             Page(3, 612, 792, refs, fonts))
    start = time.process_time()
    analysis = analyze(Document(pages))
    assert time.process_time() - start < 1.0
    for c in analysis.citations:
        assert 1 <= c.page <= 3 and all(1 <= i <= len(analysis.references) for i in c.ref_indexes)
        assert all(0 <= b[0] <= b[2] <= 612.01 and b[1] <= b[3] for b in c.boxes)
        if c.sentence is not None:
            assert 0 <= c.sentence.start <= c.sentence.end <= len(c.sentence.text)
    for m in analysis.figure_mentions:
        assert 1 <= m.page <= 3 and (m.target is None or 1 <= m.target.page <= 3)
    for r in analysis.references:
        assert 1 <= r.page <= 3
    for o in analysis.outline:
        assert 1 <= o.page <= 3


@pytest.mark.parametrize(
    "text",
    [
        "1" * 50_000,  # a long digit run (pysbd's known hang)
        "[" * 25_000 + "]" * 25_000,  # thousands of brackets
        "(" * 50_000,  # unbalanced parentheses
        "[1, 2" * 10_000,  # unfinished citations
        "(Smith et al., 2019; " * 2_500,  # an endless author-year group
        ". " * 25_000,  # sentence ends everywhere
        "Figure 1 Table 2 Eq. (3) Section 4 " * 1_500,  # mentions everywhere
    ],
    ids=["digits", "brackets", "parens", "unfinished", "author-year", "stops", "mentions"],
)
@pytest.mark.parametrize("per_line", [80, 50_000])
def test_fifty_thousand_adversarial_characters(text, per_line):
    test_any_page_is_analysed_quickly_and_everything_stays_in_range.hypothesis.inner_test(text[:50_000], per_line)
