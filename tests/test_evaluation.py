"""The accuracy harness: exact scores on a hand-made paper, pooling, and the table on the real corpus."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from citelens.evaluation import (
    OutlineScore,
    PaperScore,
    Tally,
    contradicted_links,
    evaluate,
    render_table,
    score_outline,
    section_bookmarks,
    summarize,
    tally,
    titles_match,
)
from citelens.layout import text_map
from citelens.links import CiteLink
from citelens.model import (
    Analysis,
    Bookmark,
    Box,
    Citation,
    Document,
    Link,
    OutlineItem,
    OutlineSource,
    Page,
    Reference,
    Source,
    TextItem,
)
from builders import HANG_SECONDS


def it(text: str, x: float, y: float, size: float = 10.0) -> TextItem:
    return TextItem(text, x, y, 0.5 * size * len(text), size, size)


# Page 1: "as shown in [1] and [2-4] here." / "Later work [3] agrees (Delta, 2004) and (2019)."
BODY = (
    it("as shown in ", 72, 100), it("[1]", 132, 100), it(" and ", 147, 100), it("[2-4]", 172, 100),
    it(" here.", 197, 100),
    it("Later work ", 72, 112), it("[3]", 127, 112), it(" agrees ", 142, 112), it("(Delta, 2004)", 182, 112),
    it(" and ", 247, 112), it("(2019).", 272, 112),
)
ENTRIES = (("[1]", "Alpha, A. 2001. One.", 100), ("[2]", "Beta, B. 2002. Two.", 112),
           ("[3]", "Gamma, C. 2003. Three.", 124), ("[4]", "Delta, D. 2004. Four.", 136))
LIST = (it("References", 72, 80, 12), *(it(f"{lb} {raw}", 72, y) for lb, raw, y in ENTRIES))
PAGES = (Page(1, 612, 792, BODY), Page(2, 612, 792, LIST))
REFERENCES = tuple(Reference(k, lb, raw, 2, (72.0, y - 10, 72 + 5.0 * (len(lb) + 1 + len(raw)), y + 2.2))
                   for k, (lb, raw, y) in enumerate(ENTRIES, start=1))


def cite_link(rect: Box, k: int) -> Link:
    return Link(1, rect, 2, 72.0, ENTRIES[k - 1][2] - 11, f"cite.k{k}")  # hyperref: a line above the entry


LINKS = (
    cite_link((132, 89, 147, 102.5), 1),  # [1]
    cite_link((177, 89, 182, 102.5), 2),  # [2-4] linked at its ends only
    cite_link((187, 89, 192, 102.5), 4),
    cite_link((127, 101, 142, 114.5), 3),  # [3]
    cite_link((187, 101, 212, 114.5), 4),  # natbib: the name ...
    cite_link((222, 101, 242, 114.5), 4),  # ... and the year, apart
    Link(1, (72, 89, 100, 102.5), 1, 0.0, 50.0, "figure.1"),  # not a citation
)
BOOKMARKS = (Bookmark("1 Introduction", 1, 1, 80.0), Bookmark("2 Methods", 1, 1, 300.0),
             Bookmark("References", 1, 2, 70.0))


def cit(text: str, x0: float, x1: float, y: float, refs: tuple[int, ...]) -> Citation:
    return Citation(1, text, refs, ((x0, y - 10, x1, y + 2.2),))


CITATIONS = (
    cit("[1]", 132, 147, 100, (1,)),  # right
    cit("[2-4]", 172, 197, 100, (2, 3, 4)),  # right: 3 is inside the linked range
    cit("[3]", 127, 142, 112, (2,)),  # the wrong entry
    cit("(Delta, 2004)", 182, 247, 112, (4,)),  # right, met by two links
    cit("(2019)", 272, 302, 112, (1,)),  # no link there: a false marker
)


def analysis(citations=CITATIONS, outline=(), references=REFERENCES) -> Analysis:
    return Analysis(Source("toy.pdf"), PAGES, 10.0, OutlineSource.DETECTED, tuple(outline), references=references,
                    citations=tuple(citations))


DOC = Document(PAGES, BOOKMARKS, LINKS)
OUTLINE = (OutlineItem("1 Introduction", 1, 1, 80.0), OutlineItem("2 Method", 1, 1, 300.0),
           OutlineItem("3 Results", 1, 2, 40.0))


# Author-year links checked against the words printed under them (or, for a linked year, just before it):
# (line of text items, linked item, target entry, contradicted?).
AY_ENTRIES = (Reference(1, None, "Beck, K. (2002). Test-driven development. Addison-Wesley.", 2, (72.0, 400.0, 400.0, 410.0)),
              Reference(2, None, "Bhat, T., & Nagappan, N. (2006). Evaluating the efficacy of TDD.", 2, (72.0, 400.0, 400.0, 410.0)),
              Reference(3, None, "———. (2007). More on the same.", 2, (72.0, 400.0, 400.0, 410.0)),
              Reference(4, None, "Zheng, L., & Chiang, W. (2023). Judging with MT-Bench.", 2, (72.0, 400.0, 400.0, 410.0)),
              Reference(5, None, "Heng, Q. (2023). Another author called Heng.", 2, (72.0, 400.0, 400.0, 410.0)))
AY_CASES = [
    ((("see ", 72), ("Beck (2002)", 92)), 1, 2, True),  # Beck's book linked to Bhat's paper
    ((("see ", 72), ("Bhat (2006)", 92)), 1, 2, False),  # right
    ((("as Beck ", 72), ("2002", 112)), 1, 2, True),  # only the year linked: the name before it counts
    ((("(Bhat and Nagappan ", 72), ("2006)", 167)), 1, 2, False),
    ((("in 2002 ", 72), ("(2002)", 112)), 1, 1, False),  # a year and no name: nothing to judge by
    ((("see ", 72), ("Beck (2002)", 92)), 1, 3, False),  # "———": the target names nobody
    ((("MT-Bench (Z", 72), ("heng et al., 2023)", 127)), 1, 4, False),  # "heng" is cut from "Zheng"
    ((("see ", 72), ("Smith (2002)", 92)), 1, 2, False),  # a name no entry carries: not judged
]


@pytest.mark.parametrize("line, linked, target, expected", AY_CASES)
def test_a_link_is_contradicted_by_the_author_and_year_printed_for_it(line, linked, target, expected):
    items = tuple(it(text, x, 100) for text, x in line)
    tm = text_map((Page(1, 612, 792, items),))
    box = items[linked]
    rect = (box.x, 89.0, box.x + box.width, 102.5)
    assert bool(contradicted_links([CiteLink(1, rect, target, None)], AY_ENTRIES, tm)) is expected


def test_exact_scores_on_a_small_paper():
    s = evaluate(DOC, analysis(outline=OUTLINE))
    assert s.name == "toy.pdf" and not s.partial
    assert s.tally == Tally(predicted=5, predicted_linked=4, links=6, links_found=6, resolved=6, entry_checked=6,
                            entry_correct=5, units=7, units_correct=5, extra_entries=1)
    t = s.tally
    assert (t.marker_precision, t.marker_recall) == (0.8, 1.0)
    assert t.marker_f1 == pytest.approx(8 / 9)
    assert t.entry_accuracy == pytest.approx(5 / 6)
    assert (t.entry_precision, t.entry_recall) == (pytest.approx(5 / 7), pytest.approx(5 / 6))
    assert t.entry_f1 == pytest.approx(10 / 13)
    assert (s.references, s.link_targets, s.reference_error) == (4, 4, 0)
    assert s.outline == OutlineScore(3, 3, 2)


def test_no_citations_yet_scores_zero_but_counts_the_links():
    s = evaluate(DOC, analysis(citations=()))
    t = s.tally
    assert (t.predicted, t.links, t.links_found, t.resolved) == (0, 6, 0, 6)
    assert (t.marker_precision, t.marker_recall, t.entry_f1) == (0.0, 0.0, 0.0)
    assert s.outline == OutlineScore(0, 3, 0)


def test_without_a_reference_list_the_links_are_still_markers():
    s = evaluate(DOC, analysis(references=()))
    t = s.tally
    assert (t.links, t.resolved, t.links_found, t.predicted_linked) == (6, 0, 6, 4)
    assert (t.units, t.units_correct) == (1, 0)  # only the false marker can be judged
    assert (s.references, s.link_targets) == (0, 4)


def test_the_reference_count_is_scored_against_every_anchor_of_the_links_kind():
    # The links name entries 1-4 of cite.k1..k4; the PDF anchors two more entries nobody links, a figure and a
    # page (not of the links' kind): six entries marked, so four found is 2 short.
    names = ("cite.k1", "cite.k2", "cite.k3", "cite.k4", "cite.k5", "cite.k6", "figure.1", "page.2")
    s = evaluate(Document(PAGES, BOOKMARKS, LINKS, destinations=names), analysis())
    assert (s.link_targets, s.entry_anchors, s.entries_marked, s.reference_error) == (4, 6, 6, -2)
    assert s.to_json()["entry_anchors"] == 6
    # Anchors of another kind than the links' say nothing about the list; fewer anchors than targets neither.
    other = evaluate(Document(PAGES, BOOKMARKS, LINKS, destinations=("bib1", "bib2", "bib3", "bib4", "bib5")),
                     analysis())
    assert (other.entry_anchors, other.entries_marked, other.reference_error) == (0, 4, 0)
    few = evaluate(Document(PAGES, BOOKMARKS, LINKS, destinations=("cite.k1",)), analysis())
    assert (few.entry_anchors, few.entries_marked) == (1, 4)
    assert summarize([s]).reference_error == pytest.approx(2 / 6)


def test_the_middle_of_a_range_linked_at_its_ends_counts_as_marked():
    # Without the link on "[3]", entry 3 is marked only by the printed range "[2-4]" linked at 2 and 4.
    links = tuple(lk for lk in LINKS if lk.dest_name != "cite.k3")
    s = evaluate(Document(PAGES, BOOKMARKS, links), analysis())
    assert (s.link_targets, s.entries_marked, s.reference_error) == (4, 4, 0)
    # Two links not joined by a dash mark no entry between them: "[1]" and the "4" of "[2-4]" are no range.
    apart = tuple(lk for lk in links if lk.dest_name != "cite.k2")
    assert evaluate(Document(PAGES, BOOKMARKS, apart), analysis()).link_targets == 2


def test_partial_links_are_flagged_and_pooled_apart():
    many = tuple(cit(f"[{k}]", 72, 80, 500 + 12 * k, (1,)) for k in range(12))  # 12 unlinked markers
    doc = Document(PAGES, (), LINKS[:1])
    s = evaluate(doc, analysis(citations=CITATIONS[:1] + many))
    assert s.partial and s.tally.links == 1 and s.tally.predicted == 13 and s.outline is None
    # Links that name every entry of the list mark a fully linked paper, however many false predictions outnumber
    # them: fewer of those must never make a paper count in full and score lower.
    wrong = evaluate(DOC, analysis(citations=CITATIONS + many))
    assert wrong.tally.links == 6 and wrong.tally.predicted == 17 and wrong.link_targets == 4 and not wrong.partial
    full = evaluate(DOC, analysis(), name="full")
    summary = summarize([full, s, evaluate(Document(PAGES), analysis(), name="nolinks")])
    assert (summary.papers, summary.linked_papers) == (3, 2)
    assert summary.full == full.tally and summary.partial == s.tally
    assert summary.all.marker_recall == pytest.approx(7 / 7)
    assert summary.reference_error == pytest.approx((0 + 3 / 1) / 2)  # 4 entries for 1 target: 300 %


def test_forced_flag_and_json_forms():
    s = evaluate(DOC, analysis(outline=OUTLINE), partial=True)
    assert s.partial
    data = json.loads(json.dumps(s.to_json()))
    assert data["citations"]["entry_f1"] == round(10 / 13, 4) and data["outline"]["matched"] == 2
    summary = summarize([s])
    data = json.loads(json.dumps(summary.to_json()))
    assert data["partial"]["links"] == 6 and data["full"]["links"] == 0 and data["all"]["links"] == 6


def test_table_lists_every_paper_and_the_pooled_rows():
    scores = [evaluate(DOC, analysis(outline=OUTLINE), name="toy"),
              evaluate(Document(PAGES), analysis(), name="unlinked")]
    table = render_table(scores, summarize(scores))
    lines = table.splitlines()
    assert lines[0].split()[:3] == ["paper", "links", "pred"]
    toy = next(ln for ln in lines if ln.startswith("toy"))
    assert toy.split()[1:4] == ["6", "5", "0.80"] and "4/4" in toy and toy.rstrip().endswith("0.67")
    assert any(ln.startswith("unlinked") and "4/-" in ln for ln in lines)
    assert any(ln.startswith("ALL fully linked (1 papers)") for ln in lines)


def test_tally_counts_a_citation_meeting_only_unresolved_markers_as_found_without_units():
    lost = Link(1, (132, 89, 147, 102.5), None, None, None, "cite.gone")
    t = tally([CITATIONS[0]], [lost])
    assert (t.predicted_linked, t.links_found, t.resolved, t.units) == (1, 1, 0, 0)
    t = tally([CITATIONS[0]], [CiteLink(2, (132, 89, 147, 102.5), 1, None)])  # another page: no meeting
    assert (t.predicted_linked, t.units, t.units_correct) == (0, 1, 0)


boxes = st.tuples(st.floats(0, 600), st.floats(0, 800), st.floats(0, 60), st.floats(0, 20)).map(
    lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3]))
citations = st.lists(st.builds(Citation, st.integers(1, 3), st.text(max_size=8),
                               st.lists(st.integers(1, 30), max_size=6).map(tuple),
                               st.lists(boxes, max_size=3).map(tuple)), max_size=80)
markers = st.lists(st.one_of(st.builds(CiteLink, st.integers(1, 3), boxes, st.integers(1, 30), st.none()),
                             st.builds(Link, st.integers(1, 3), boxes, st.none())), max_size=80)


@settings(max_examples=150, deadline=None)
@given(citations, markers)
def test_any_citations_and_markers_give_consistent_counts(cs, ms):
    t0 = time.perf_counter()
    t = tally(cs, ms)
    assert time.perf_counter() - t0 < HANG_SECONDS
    assert t.predicted == len(cs) and t.links == len(ms)
    assert t.predicted_linked <= t.predicted and t.links_found <= t.links and t.resolved <= t.links
    assert t.entry_correct <= t.entry_checked <= t.resolved and t.units_correct <= t.units
    assert t.units >= t.predicted - t.predicted_linked
    for x in (t.marker_f1, t.entry_accuracy, t.entry_f1):
        assert 0.0 <= x <= 1.0


# ------------------------------------------------------------------------------------- outline helpers


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [("3.2 Related Work", "Related work", True), ("IV. EXPERIMENTS", "Experiments", True),
     ("2 Method", "2 Methods", True), ("Results", "Methods", False), ("", "Intro", False),
     # IEEEtran's bookmark of subsection B under section III; an accent extracted as a mark beside its letter
     ("B. Datenstrukturen", "III-B Datenstrukturen", True), ("A. Motivation", "II-C2 Motivation", True),
     ("Maran˜o´n data", "Marañón data", True), ("Marañón data", "Marin data", False),
     ("3. Tiling", "4 Tiling", False), ("4. Tiling", "4 Tiling", True), ("4.2. Data", "4.2 Data", True)],
)
def test_titles_match(a, b, expected):
    assert titles_match(a, b) is expected


def test_section_bookmarks_drop_anchors_repeats_and_short_outlines():
    marks = (Bookmark("Section_3", 1, 1, 0.0), Bookmark("Title", 1, 1, 0.0), Bookmark("Title", 1, 2, 0.0),
             Bookmark("Title", 1, 3, 0.0), Bookmark("Intro", 1, 1, 0.0), Bookmark("Methods", 1, None, None))
    assert section_bookmarks(marks) == ()
    keep = marks[4:5] + (Bookmark("Methods", 1, 2, 0.0), Bookmark("Figure 2", 1, 2, 0.0), Bookmark("End", 1, 3, 0.0))
    assert [b.title for b in section_bookmarks(keep)] == ["Intro", "Methods", "End"]  # Figure 2 dropped
    assert section_bookmarks(keep[:2] + keep[2:3]) == ()  # Intro, Methods: 3 needed
    machine = (Bookmark("image 1", 1, 1, 0.0), Bookmark("2589143_Part2", 1, 2, 0.0), Bookmark("sec_3_1", 1, 3, 0.0),
               Bookmark("Page 4", 1, 4, 0.0), Bookmark("Part II", 1, 5, 0.0), Bookmark("COVID_19 outcomes", 1, 6, 0.0))
    assert [b.title for b in section_bookmarks(machine + keep)] == ["Part II", "COVID_19 outcomes", "Intro", "Methods",
                                                                     "End"]  # page images and identifiers dropped
    pages = (Bookmark("p. 522", 2, 1, 0.0), Bookmark("pp. 3-4", 2, 2, 0.0), Bookmark("Anchor 27", 3, 3, 0.0),
             Bookmark("P1 Introduction", 1, 1, 0.0), Bookmark("Anchoring effects", 1, 2, 0.0))
    assert [b.title for b in section_bookmarks(pages + keep)] == ["P1 Introduction", "Anchoring effects", "Intro",
                                                                   "Methods", "End"]  # a page's, an anchor's dropped


def test_score_outline_matches_one_to_one_on_the_same_page():
    detected = (OutlineItem("Introduction", 1, 1, 0), OutlineItem("Introduction", 1, 1, 50),
                OutlineItem("2 Methods", 1, 2, 0))
    assert score_outline(detected, BOOKMARKS) == OutlineScore(3, 3, 1)  # Methods is on page 1, not 2


# -------------------------------------------------------------------------------------------- corpus


def test_corpus_harness_without_a_reference_list_scores_like_the_outline_scorer():
    """On every corpus paper, ``evaluate`` without a ReferenceList at hand (the worker's case) runs, finds the
    links, and pools the outline exactly as :func:`score_outline` paper by paper does. (The accuracy
    figures themselves are asserted in test_accuracy_corpus and test_outline_corpus.)"""
    import corpus
    from citelens.pipeline import analyze

    scores: list[PaperScore] = []
    direct = OutlineScore(0, 0, 0)
    for paper in corpus.pdf_papers():
        doc = corpus.document(paper.file)
        analysis = analyze(doc, text_only=True)
        scores.append(evaluate(doc, analysis, name=paper.stem))
        if section_bookmarks(doc.bookmarks):
            direct = direct + score_outline(analysis.outline, doc.bookmarks)
    summary = summarize(scores)
    assert summary.papers == len(scores) >= 90
    assert summary.linked_papers >= 60  # papers whose citation links land on the analysis's own entries
    assert summary.outline_papers >= 50 and summary.outline == direct


def test_a_pdf_whose_links_name_other_entries_than_their_text_all_through_is_shifted():
    """links.links_shifted: three or more contradicted links, and a tenth of those judged, mean the producer's
    anchors run an entry off; one slip among right links does not."""
    from citelens.links import links_shifted

    lines = [f"see Beck (2002) and Bhat (2006), line {k}" for k in range(12)]
    items = tuple(it(text, 72, 100 + 14 * k) for k, text in enumerate(lines))
    tm = text_map((Page(1, 612, 792, items),))

    def link(k: int, target: int, which: str) -> CiteLink:
        x = 72 + 4.5 * lines[k].index(which)
        return CiteLink(1, (x, 89.0 + 14 * k, x + 4.5 * len(which), 102.5 + 14 * k), target, None)

    right = [link(k, 2, "Bhat (2006)") for k in range(12)]
    shifted = [link(k, 2, "Beck (2002)") for k in range(3)] + right[3:]  # Beck's citations linked to Bhat
    assert links_shifted(shifted, AY_ENTRIES, tm)
    assert not links_shifted([link(0, 2, "Beck (2002)")] + right[1:], AY_ENTRIES, tm)  # one slip
    assert not links_shifted(right, AY_ENTRIES, tm)
