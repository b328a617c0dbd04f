"""Citation accuracy on the real papers of ../shared/corpus, against the PDFs' own citation links.

Every PDF is analysed ``--text-only`` (its links and bookmarks ignored) and scored by
:mod:`citelens.evaluation` against its citation links, as ``citelens eval`` does. Two folders:
``pdf/``, the papers the rules were developed on (a row per paper is printed), and ``check/``, papers
kept for checking that the rules generalise: only its pooled totals are printed or asserted, so that
nobody tunes to one of its papers. Figures are pooled over the papers whose links cover their markers
(partially linked papers only count for recall), overall and per hand-labelled citation style
(``corpus.style_bucket``). The floors sit a little under what was last measured; the issue's targets
are in the comments. (The reference count is asserted here against the entries each PDF marks, and in
tests/test_references_corpus.py against each list's true length, which the links undercount where a
publisher links only the first entry of a group; the outline's in tests/test_outline_corpus.py.)
"""

from __future__ import annotations

import pytest

import corpus
from citelens.evaluation import render_table, summarize

HAVE_CORPUS = (corpus.CORPUS / "MANIFEST.tsv").is_file()
pytestmark = pytest.mark.skipif(not HAVE_CORPUS, reason="../shared/corpus not found (CITELENS_SHARED)")

# Floors: (overall marker→entry F1, per style F1, superscript marker precision). Measured when set:
# pdf/ 0.978 (alphabetic 0.981, author-year 0.959, brackets 1.000, parentheses 0.997, superscript 0.983,
# superscript marker P 1.000); check/ 0.980 (author-year 0.969, 0.971 since 2026-12-06's tenth session, brackets
# 0.990, parentheses 0.972, superscript 0.978, marker P 0.979). (check/ was 0.984 and author-year 0.982 while one
# list stopped early:
# the links to its lost entries, judged as links of unknown entries, were left out of F1; found, they count.)
# check/ 0.973 since 2026-12-06's thirteenth session (superscript 0.984, marker P 1.000; 0.959 at its start scored
# as now): its one paper whose citations none of the heuristics find ("other") was taken for partially linked
# for its false superscripts (powers of variables and brackets) and left out (0.981 then); those powers are no
# citations now, and a partially linked paper's links must leave much of its list unnamed too.
# pdf/ 0.979 since the fourteenth session (superscript 0.984: a sentence naming authors with their superscripts
# is no author line).
# Issue 10's targets: 0.95 overall, superscript 0.93 (marker precision 0.97), brackets 0.98, parentheses 0.97,
# author-year 0.95, alphabetic 0.95. Links whose printed author and year contradict their target are set aside
# by the scoring (citelens.evaluation).
FLOORS = {
    "pdf": {"all": 0.965, "alphabetic": 0.97, "author-year": 0.945, "numbered-bracket": 0.99,
            "numbered-paren": 0.99, "superscript": 0.975, "superscript_precision": 0.99},
    "check": {"all": 0.965, "author-year": 0.96, "numbered-bracket": 0.98, "numbered-paren": 0.965,
              "superscript": 0.97, "superscript_precision": 0.97},
}


@pytest.fixture(scope="module")
def scored() -> dict[str, list]:
    return {folder: corpus.score_folder(folder) for folder in ("pdf", "check")}


@pytest.mark.parametrize("folder", ["pdf", "check"])
def test_marker_to_entry_accuracy(scored, measured, folder):
    papers = scored[folder]
    if folder == "check" and not papers:
        pytest.skip("../shared/corpus/check not found")
    if folder == "pdf":  # check/'s papers are never listed one by one
        summary = summarize(s for _, s in papers)
        measured.append("citations vs the PDFs' own citation links (text-only analysis), pdf/:")
        measured.extend("  " + line for line in render_table([s for _, s in papers], summary).splitlines())
    totals = corpus.pooled(papers)
    measured.extend(corpus.render_pooled(f"{folder}/ totals", totals).splitlines())
    floors = FLOORS[folder]
    assert totals["linked_papers"] >= (60 if folder == "pdf" else 20)
    assert totals["entry_f1"] >= floors["all"], f"{folder}: marker→entry F1 {totals['entry_f1']}"
    low = {name: s["entry_f1"] for name, s in totals["styles"].items()
           if name in floors and s["full_papers"] and s["entry_f1"] < floors[name]}
    assert not low, f"{folder}: styles under their floors {low}"
    sup = totals["styles"].get("superscript")
    if sup and sup["full_papers"]:
        assert sup["marker_precision"] >= floors["superscript_precision"], \
            f"{folder}: superscript marker precision {sup['marker_precision']}"


# Reference counts within 5 % of the entries each PDF marks (citelens.evaluation: its link targets with the
# middles of ranges linked at their ends, or every named destination of their kind, which a producer sets for
# each entry cited or not). Measured when set: pdf/ 71 of 73, check/ 22 of 24 (2026-12-06, tenth session; 21 of 24
# before a numbered list ended at a page turn that no next number follows; issue 10's target: 95 % of
# papers). The hand-read list lengths of
# tests/test_references_corpus.py are the stricter truth for pdf/; this one needs no reading, so it is the
# one check/ can have.
REFCOUNT_FLOORS = {"pdf": 0.95, "check": 0.9}


@pytest.mark.parametrize("folder", ["pdf", "check"])
def test_reference_counts_against_the_entries_each_pdf_marks(scored, measured, folder):
    papers = scored[folder]
    if folder == "check" and not papers:
        pytest.skip("../shared/corpus/check not found")
    within, linked = map(int, corpus.pooled(papers)["refcount_within_5pct"].split("/"))
    measured.append(f"{folder}/ reference count within 5 % of the entries the PDF marks: {within}/{linked} "
                    f"({within / linked:.1%}; issue target 95 %)")
    assert linked >= (60 if folder == "pdf" else 20)
    assert within / linked >= REFCOUNT_FLOORS[folder], f"{folder}: {within}/{linked}"


def _rewritten_scores(bucket: str, rewrite) -> dict:
    """The pooled figures of ``bucket`` (a hand-labelled citation style) over the linked pdf/ papers of that style,
    each rewritten by ``rewrite`` (a document in, a document out) and scored against its own links."""
    from citelens.evaluation import evaluate, reference_list
    from citelens.pipeline import analyze

    scored = []
    for paper in [p for p in corpus.papers("pdf") if corpus.style_bucket(p) == bucket]:
        doc = rewrite(corpus.document(paper.file))
        refs = reference_list(doc)
        scored.append((paper, evaluate(doc, analyze(doc, text_only=True), refs, name=paper.stem)))
    return corpus.pooled(scored)["styles"][bucket]


def _figures(what: str, totals: dict) -> str:
    return (f"{what}, {totals['papers']} linked pdf/ papers: F1 {totals['entry_f1']:.3f}, marker precision "
            f"{totals['marker_precision']:.3f}, recall (all) {totals['marker_recall_all']:.3f}")


def _in_list(doc):
    """Whether a box on a page of ``doc`` overlaps an entry of its reference list (as the text-only analysis
    finds it): the rewritings leave the list as it is."""
    from citelens.pipeline import analyze

    listed: dict[int, list] = {}
    for ref in analyze(doc.without_pdf_structure()).references:
        listed.setdefault(ref.page, []).append(ref.box)

    def inside(page: int, b) -> bool:
        return any(b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3] for x0, y0, x1, y1 in listed.get(page, ()))

    return inside


def _with_equations(doc):
    """``doc`` with a display equation numbered as its page, "(k)", at the foot of each page k before its reference
    list, set apart at the right of the text block as equation numbers are."""
    from dataclasses import replace

    from citelens.layout import page_lines
    from citelens.model import TextItem
    from citelens.pipeline import analyze

    refs = analyze(doc.without_pdf_structure()).references
    stop = refs[0].page if refs else len(doc.pages) + 1
    pages = []
    for pg in doc.pages:
        lines = [ln for ln in page_lines(pg) if len(ln.text) >= 50] if pg.number < stop else []
        if not lines:
            pages.append(pg)
            continue
        size, font = lines[0].size, lines[0].items[0].font
        y = max(ln.baseline for ln in page_lines(pg)) + 2.5 * size
        x0, x1 = min(ln.box[0] for ln in lines), max(ln.box[2] for ln in lines)
        label = f"({pg.number})"
        equation = (TextItem("f(x) = a + b x", (x0 + x1) / 2 - 30, y, 60, size, size, font),
                    TextItem(label, x1 - 0.5 * size * len(label), y, 0.5 * size * len(label), size, size, font))
        pages.append(replace(pg, items=pg.items + equation))
    return replace(doc, pages=tuple(pages))


def test_citations_in_parentheses_hold_where_equations_are_numbered_alike(measured):
    """Robustness on the real papers that cite in parentheses: a display equation numbered "(k)" at the foot of
    each page k before the list, as a paper that numbers its equations as it cites sets them. A "(k)" cited before
    the equation is shown stays a citation."""
    paren = _rewritten_scores("numbered-paren", _with_equations)
    measured.append(f"citations in parentheses with equations numbered alike on every page, {paren['papers']} "
                    f"linked pdf/ papers: F1 {paren['entry_f1']:.3f}, marker recall {paren['marker_recall_all']:.3f}")
    # Measured when set (2026-12-06, eleventh session): F1 0.989, recall 0.978 (0.957 and 0.918 before a number
    # set before its equation was a citation; 0.997 and 0.995 without the equations). Without the papers the
    # figures say nothing.
    assert paren["papers"] >= 8
    assert paren["marker_recall_all"] >= 0.97 and paren["entry_f1"] >= 0.97


#: A numbered citation in brackets, with the space before it: "shown [12]", "[3, 4]", "[5–7]" (no locator, which
#: superscript styles do not print; the space goes, a superscript being glued to its word).
_BRACKETED = r"\s?\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\]"


def _as_superscripts(doc):
    """``doc`` with its numbered citations in brackets set as superscript styles set them, outside the reference
    list: "shown [12]." becomes "shown¹²." (the number raised a third of the size, at 0.7 of it, glued to the word
    before, what follows moved up to it), and the PDF's links over them moved onto the raised numbers. A bracket
    split over two items stays as it is."""
    import re
    from dataclasses import replace

    from citelens.layout import char_edges
    from citelens.model import TextItem

    bracketed = re.compile(_BRACKETED)
    in_list = _in_list(doc)
    moved: dict[int, list] = {}  # page: (old x0, old x1, old top, old bottom, the raised item's box)

    def rewrite(pg):
        out = []
        for it in pg.items:
            found = list(bracketed.finditer(it.text))
            if not found or in_list(pg.number, it.box):
                out.append(it)
                continue
            edges, pos, shift = char_edges(it), 0, 0.0
            for m in found:
                if it.text[pos:m.start()]:
                    out.append(replace(it, text=it.text[pos:m.start()], x=edges[pos] - shift,
                                       width=edges[m.start()] - edges[pos]))
                body = m.group(1).replace(" ", "")
                span = edges[m.end()] - edges[m.start()]
                width = span * len(body) / len(m.group(0)) * 0.7
                raised = TextItem(body, edges[m.start()] - shift, it.y - 0.33 * it.size, width, 0.7 * it.height,
                                  0.7 * it.size, it.font)
                out.append(raised)
                moved.setdefault(pg.number, []).append(
                    (edges[m.start() + (m.group(0)[0] != "[")], edges[m.end()], it.box[1], it.box[3], raised.box))
                shift += span - width
                pos = m.end()
            if it.text[pos:]:
                out.append(replace(it, text=it.text[pos:], x=edges[pos] - shift, width=edges[-1] - edges[pos]))
        return replace(pg, items=tuple(out))

    pages = tuple(rewrite(pg) for pg in doc.pages)
    links = []
    for link in doc.links:
        x0, y0, x1, y1 = link.rect
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        for ox0, ox1, top, bottom, (sx0, sy0, sx1, sy1) in moved.get(link.page, ()):
            if ox0 - 1 <= cx <= ox1 + 1 and top - 2 <= cy <= bottom + 2:
                def onto(v, ox0=ox0, ox1=ox1, sx0=sx0, sx1=sx1):
                    return sx0 + (min(max(v, ox0), ox1) - ox0) / max(ox1 - ox0, 1e-6) * (sx1 - sx0)
                link = replace(link, rect=(onto(x0), sy0, onto(x1), sy1))
                break
        links.append(link)
    return replace(doc, pages=pages, links=tuple(links))


def test_numbered_citations_hold_where_brackets_are_set_as_superscripts(measured):
    """Robustness on the real papers that cite in brackets, written as superscript styles write them (Nature, AMA,
    ACS): the same citations raised and smaller, glued to the word before, in the same papers' text, formulas,
    tables and affiliations. What the superscript rules take for a citation there is scored against the same
    links."""
    totals = _rewritten_scores("numbered-bracket", _as_superscripts)
    measured.append(_figures("citations in brackets set as superscripts", totals))
    # Measured (2026-12-06, fourteenth session): F1 0.887, marker precision 0.936, recall 0.833 (0.883 and 0.826
    # before a sentence naming authors with their superscripts was no longer an author line; check/'s bracketed
    # papers 0.903 -> 0.910). When set (the thirteenth session): F1 0.883, marker precision 0.936, recall 0.826 (0.861,
    # 0.872 and 0.829 at that session's start, before the powers of a variable or a bracket, "c²", "(2π)³", were
    # no citations and before an author's "∗" and "†" marks counted as the marks of a name). Recall is
    # bounded by the rewriting: brackets split over two items stay, and are not searched for in a superscript
    # paper; a bracket that opened a line opens it raised, as no real superscript does (it is glued to its word),
    # and a raised number opening a line is taken for a note's or an affiliation's mark. Without the papers the
    # figures say nothing.
    assert totals["papers"] >= 25
    assert totals["entry_f1"] >= 0.875 and totals["marker_precision"] >= 0.925


#: A numbered citation in brackets, a locator too: "[12]", "[3, 4]", "[5–7]", "[31, Ch. 3]", "[2, pp. 12–15]".
_BRACKETED_LOCATED = r"\[(\d[\d,;\s–-]*(?:,\s*(?:Ch|pp?|Sect|Chapter|Theorem|Lemma|Section)\.?\s[^\]\[]{1,12})?)\]"


def _in_parentheses(doc):
    """``doc`` with its numbered citations in brackets written in parentheses, as Vancouver styles in parentheses
    write them, outside the reference list: "[12]" becomes "(12)", "[31, Ch. 3]" "(31, Ch. 3)", a bracket opened
    at a line's end closed on the next line alike. Only characters change: every line keeps its length and every
    glyph its place, so the PDF's links still cover their citations."""
    import re
    from dataclasses import replace

    from citelens.layout import page_lines

    bracketed = re.compile(_BRACKETED_LOCATED)
    in_list = _in_list(doc)

    def rewrite(pg):
        new = {}
        pending = False  # a bracket opened at the end of the line before: "[11, 22," then "44]"
        for line in page_lines(pg):
            if in_list(pg.number, line.box):
                continue
            text = bracketed.sub(lambda m: "(" + m.group(1) + ")", line.text)
            if pending and (m := re.match(r"[\d,;\s–-]*\]", text)):
                text = text[:m.end() - 1] + ")" + text[m.end():]
            m = re.search(r"\[(\d[\d,;\s–-]*)$", text)
            pending = m is not None
            if m:
                text = text[:m.start()] + "(" + text[m.start() + 1:]
            for item, start in zip(line.items, line.offsets):
                piece = text[start:start + len(item.text)]
                if piece != item.text:
                    new[id(item)] = piece
        return replace(pg, items=tuple(replace(i, text=new[id(i)]) if id(i) in new else i for i in pg.items))

    return replace(doc, pages=tuple(rewrite(pg) for pg in doc.pages))


def test_numbered_citations_hold_where_brackets_are_written_as_parentheses(measured):
    """Robustness on the real papers that cite in brackets, written as Vancouver styles in parentheses write them
    (NAR, ASM, PNAS): the same citations in parentheses, among the same papers' equation numbers, numbered lists
    run into sentences ("(1) whether ... and (2) whether") and values in parentheses."""
    totals = _rewritten_scores("numbered-bracket", _in_parentheses)
    measured.append(_figures("citations in brackets written in parentheses", totals))
    # Measured when set (2026-12-06, thirteenth session): F1 0.980, marker precision 0.981, recall 0.976 (0.975,
    # 0.971 and 0.974 at that session's start, before two-item lists, lists past their items' own citations and
    # locators in parentheses were read); check/'s bracketed papers 0.964 -> 0.971, precision 0.932 -> 0.945.
    # What is left: a paper's display equations and their mentions ("relations (6) and (7)"), lists whose items
    # each open a sentence, values in parentheses. Without the papers the figures say nothing.
    assert totals["papers"] >= 25
    assert totals["entry_f1"] >= 0.977 and totals["marker_precision"] >= 0.975


def _surnames_in_capitals(doc):
    """``doc`` with its reference list's surnames set in capitals, as some journals and many French and economics
    lists set them ("Joseph Chee CHANG, Dan KLEIN and Kyle LO. 2023."): the words the text-only analysis reads as
    an entry's surnames, in the items of its entries; titles, venues and the text elsewhere as printed."""
    import re
    from dataclasses import replace

    from citelens.pipeline import analyze

    word = re.compile(r"[^\W\d_][\w'’\-]*")
    boxes: dict[int, list] = {}
    names: dict[int, set[str]] = {}
    for ref in analyze(doc.without_pdf_structure()).references:
        boxes.setdefault(ref.page, []).append(ref.box)
        names.setdefault(ref.page, set()).update(w for a in ref.authors for w in word.findall(a)
                                                  if len(w) > 1 and w[0].isupper())

    def inside(b, listed) -> bool:
        return any(b[0] >= x0 - 1 and b[2] <= x1 + 1 and b[1] >= y0 - 1 and b[3] <= y1 + 1 for x0, y0, x1, y1 in listed)

    pages = []
    for page in doc.pages:
        listed, upper = boxes.get(page.number, []), names.get(page.number, set())
        items = tuple(replace(i, text=word.sub(lambda m: m.group(0).upper() if m.group(0) in upper else m.group(0),
                                               i.text)) if listed and inside(i.box, listed) else i
                      for i in page.items)
        pages.append(replace(page, items=items))
    return replace(doc, pages=tuple(pages))


def test_author_year_citations_hold_where_the_list_sets_surnames_in_capitals(measured):
    """Robustness on the real author-year papers, their reference lists' surnames set in capitals (the text cites
    "Chang et al. (2023)", the list prints "Joseph Chee CHANG"): scored against the same links."""
    totals = _rewritten_scores("author-year", _surnames_in_capitals)
    measured.append(_figures("author-year citations, the list's surnames in capitals", totals))
    # Measured when set (2026-12-07, sixteenth session): F1 0.949, marker precision 0.995 (as printed: 0.959).
    # Before surnames in capitals were read as such: 0.881 (a short one after a forename, "Kyle LO", read as a
    # Vancouver name's initials, so "Kyle" was the surname). check/'s author-year papers the same way: 0.961
    # (0.936 before; 0.971 as printed). What is left: lists of short East Asian surnames only ("Boon Peng YAP,
    # Andrew KOH, and Eng Siong CHNG"), which nothing tells from Vancouver initials.
    assert totals["papers"] >= 20
    assert totals["entry_f1"] >= 0.94 and totals["marker_precision"] >= 0.99


def _cited_in_german(doc):
    """``doc`` citing as a paper written in German does: two authors' names joined by "und", "et al." written
    "u. a." ("Smith und Lee (2019)", "(Smith u. a., 2019)"); its reference list as printed."""
    import re
    from dataclasses import replace

    name = r"[A-Z][A-Za-zÀ-ÿ'’\-]+"
    joined, etal = re.compile(rf"({name}) (?:and|&) ({name})"), re.compile(r"\bet al\.")
    inside = _in_list(doc)
    return replace(doc, pages=tuple(replace(pg, items=tuple(
        i if inside(pg.number, i.box) else replace(i, text=etal.sub("u. a.", joined.sub(r"\1 und \2", i.text)))
        for i in pg.items)) for pg in doc.pages))


def test_author_year_citations_hold_where_the_text_cites_in_another_language(measured):
    """Robustness on the real author-year papers, their text citing as a paper in German does ("Smith und Lee
    (2019)", "Smith u. a. (2019)"; Spanish "y" and "y cols.", French "et" and "et coll.", Italian's and
    Portuguese's "e" and Dutch "en" alike): scored against the same links."""
    totals = _rewritten_scores("author-year", _cited_in_german)
    measured.append(_figures("author-year citations, cited as in German (\"und\", \"u. a.\")", totals))
    # Measured when set (2026-12-07, sixteenth session): F1 0.958 (as printed 0.959); 0.307 at that session's
    # start, before a citation's two authors could be joined by another language's "and" (0.842 with "und" alone)
    # and "et al." be written in another language (0.536 with "u. a." alone). check/'s author-year papers the
    # same way: 0.971 (as printed 0.971; 0.261 before).
    assert totals["papers"] >= 20
    assert totals["entry_f1"] >= 0.95 and totals["marker_precision"] >= 0.99


def _as_unicode_superscripts(doc):
    """``doc`` with its raised citation numbers written as Unicode superscript digits at the end of the word they
    follow ("worldwide.1" raised becomes "worldwide.¹"), as Word's exports set them: each raised run of digits,
    commas and dashes glued to the item before it joins that item's text, and the item's width grows by its own."""
    import re
    from dataclasses import replace

    from citelens.layout import page_lines

    superscript = str.maketrans("0123456789,–-−", "⁰¹²³⁴⁵⁶⁷⁸⁹,⁻⁻⁻")
    pages = []
    for page in doc.pages:
        dropped, edited, into = set(), {}, {}
        for line in page_lines(page):
            for prev, it in zip(line.items, line.items[1:], strict=False):
                target = into.get(id(prev), prev)
                if it.size < 0.8 * line.size and line.baseline - it.y > 0.2 * line.size \
                        and re.fullmatch(r"[\d,–\-−]+", it.text.strip()) and abs(it.x - (prev.x + prev.width)) < 1.5 \
                        and (id(prev) not in dropped or id(prev) in into):
                    base = edited.get(id(target), target)
                    edited[id(target)] = replace(base, text=base.text + it.text.strip().translate(superscript),
                                                 width=base.width + it.width)
                    dropped.add(id(it))
                    into[id(it)] = target
        pages.append(replace(page, items=tuple(edited.get(id(i), i) for i in page.items if id(i) not in dropped)))
    return replace(doc, pages=tuple(pages))


def test_superscript_citations_hold_where_set_as_unicode_superscripts(measured):
    """Robustness on the real superscript papers: their raised citation numbers written as Unicode superscripts
    glued to the word before, as Word's exports set them (the raised numbers that are powers or marks alike);
    the citations found are compared with those found as printed (the links' boxes lie under the old items)."""
    from collections import Counter

    from citelens.pipeline import analyze

    printed = lost = new = 0
    papers = [p for p in corpus.papers("pdf") if corpus.style_bucket(p) == "superscript"]
    for paper in papers:
        doc = corpus.document(paper.file)
        before = Counter((c.page, c.ref_indexes) for c in analyze(doc, text_only=True).citations)
        rewritten = analyze(_as_unicode_superscripts(doc), text_only=True)
        after = Counter((c.page, c.ref_indexes) for c in rewritten.citations)
        printed += sum(before.values())
        lost += sum((before - after).values())
        new += sum((after - before).values())
    measured.append(f"superscript citations as Unicode superscripts, {len(papers)} pdf/ papers: {lost} of {printed} "
                    f"lost, {new} new")
    # Measured when set (2026-12-07, seventeenth session): 4 of 1009 lost, 5 new; 572 lost and 498 new before a
    # Unicode superscript could follow a stop ("worldwide.¹", AMA's place) or a digit of a name ("AaegOBP39³²")
    # and was judged by the raised numbers' rules (units, variables, author lines). check/'s the same way: 1 of
    # 243 lost, 3 new (113 and 93 before).
    assert len(papers) >= 15 and lost + new <= 0.02 * printed


def with_line_numbers(doc):
    """``doc`` numbered as a draft for review is, the way LaTeX's lineno numbers it: every line of text numbered,
    on from page to page, a tiny number 10 pt outside its column (left of the left column and of a line across
    the page, right of the right column), on the line's baseline."""
    from dataclasses import replace

    from citelens.layout import page_lines
    from citelens.model import TextItem

    number, pages = 0, []
    for page in doc.pages:
        lines = [ln for ln in page_lines(page) if ln.column in (0, 1, -1)]
        if not lines:
            pages.append(page)
            continue
        left = min(ln.box[0] for ln in lines if ln.column != 1) if any(ln.column != 1 for ln in lines) else 0.0
        right = max((ln.box[2] for ln in lines if ln.column == 1), default=0.0)
        added, seen = [], set()
        for ln in sorted(lines, key=lambda ln: (ln.column == 1, ln.baseline)):
            key = (ln.column == 1, round(ln.baseline))
            if key in seen:
                continue  # (a line cut in pieces at a table's cells: one number)
            seen.add(key)
            number += 1
            size = 0.55 * ln.size
            width = 0.5 * size * len(str(number))
            x = right + 10 if ln.column == 1 else left - 10 - width
            added.append(TextItem(str(number), x, ln.baseline, width, size, size, ln.items[0].font))
        pages.append(replace(page, items=page.items + tuple(added)))
    return replace(doc, pages=tuple(pages))


def test_citations_and_lists_hold_where_lines_are_numbered(measured):
    """Robustness on the real papers: each numbered line by line as a draft for review is (LaTeX's lineno), the
    numbers beside every line of text, its reference list's too; scored against the same links."""
    from citelens.evaluation import evaluate, reference_list
    from citelens.pipeline import analyze

    scored = []
    for paper in corpus.papers("pdf"):
        doc = with_line_numbers(corpus.document(paper.file))
        scored.append((paper, evaluate(doc, analyze(doc, text_only=True), reference_list(doc), name=paper.stem)))
    t = corpus.pooled(scored)
    measured.append(f"citations with the lines numbered (lineno), pdf/: F1 {t['entry_f1']:.3f}, marker precision "
                    f"{t['marker_precision']:.3f}, recall {t['marker_recall']:.3f}; reference counts within 5 % on "
                    f"{t['refcount_within_5pct']}")
    # Measured when set (2026-12-06, fifteenth session): F1 0.977, precision 0.998, recall 0.973; counts 70/73
    # (as printed: 0.979, 71/73). Before a draft's line numbers were set aside: F1 0.629, counts 20/73 (the numbers
    # were entries' labels, citations and headings' numbers). check/ through the same: 0.971, 22/24 (0.464, 7/24).
    within, linked = map(int, t["refcount_within_5pct"].split("/"))
    assert t["entry_f1"] >= 0.97 and t["marker_precision"] >= 0.99 and within >= linked - 5
