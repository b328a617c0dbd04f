"""The reference-list stage on the real papers of ../shared/corpus.

Ground truth: for every paper whose PDF links its citations to its bibliography, the number of distinct
link targets (MANIFEST ``gt_cite_targets``). A few papers link only part of their list (Elsevier links the
first citation of each entry, publishers skip notes): for those the true count was read off the list by eye
and is written below with how it was checked. The issue's target: the number of entries found within 5 %
of the truth on at least 95 % of these papers.
"""

from __future__ import annotations

import json
import re

import pytest

import corpus
from citelens.layout import text_map
from citelens.references import find_references

PAPERS = corpus.pdf_papers() if (corpus.CORPUS / "MANIFEST.tsv").is_file() else ()

# Papers whose links name fewer entries than the list holds: the true count, checked by eye in the text.
TRUE_COUNT = {
    "rsos-2015-PMC4632522": 76,  # three-column list, last label "76." (p14), no "77."
    "bmc-jethnobiolethnomed-2015-PMC4417228": 68,  # last label "68." (p22)
    "jmir-2012-jmir.1963": 57,  # last label "57." (p13), then Abbreviations
    "elsevier-pain-2014-j.pain.2014.08.023": 71,  # last label "[71]" (p10)
    "elsevier-ympev-2014-10.009": 103,  # author-year, Albertson ... Zwickl, alphabetical, p15-16
    "arxiv-2022-xai-molecular-perspective": 149,  # last label "(149)" (p41)
    "cell-2024-cell.2024.02.016": 63,  # last label "63." before STAR★METHODS, no "64."
    "acs-jctc-2022-2c00401": 36,  # last label "(36)", a note ("This depends on Wyckoff site occupancy too.")
    "nar-2024-gkae252": 98,  # last label "98." (p16)
    # Numbered lists whose labels run 1..N without a gap (test_numbered_lists_run_in_sequence), N read as the
    # last label, with what follows it: the links name fewer (ranges linked at their ends, entries cited
    # only in tables, figures or the supplement).
    "DropImpact_PRL_arXiv__ms": 56,  # last label "[56]" (p16), then the page number and the document's end
    "distquant__preprint": 19,  # last label "[19]" (p6), then the page number and the document's end
    "kagome__Kaplan_et_al._-_2024_-_Unification_of_Nonlinear_Anomalous_Hall_Effect_and_Nonreciprocal_"
    "Magnetoresistance_in_Metals_by_the": 59,  # last label "[59]" (p7), then "Supplemental Material:" (p8)
    "mmda__72b37044a17c9210ed56c2cc7b9a737b1385311b": 109,  # last label "109." (p17), the document's end
    "norma__fulltext__23449c52": 41,  # last label "[41]" (p11), the document's end
    "norma__fulltext__56fffdb5": 58,  # last label "58." (p13), then the page number and the document's end
    "norma__fulltext__72b0684b": 49,  # last label "49." (p12), then "Edited by G Eysenbach; submitted"
    "paper-qa__10.1016_j.bpj.2022.02.026": 55,  # last label "55." (p10), the document's end
    "paper-qa__10.1016_j.febslet.2014.11.036": 153,  # last label "[153]" (p12), the document's end
    "paper-qa__10.1021_acschembio.3c00138": 38,  # last label "(38)" (p9), then the running foot, the end
    "paper-qa__10.1038_s12276-023-01094-x": 106,  # last label "106." (p11), then "ACKNOWLEDGEMENTS"
    "paper-qa__10.1038_s41467-023-40886-7": 52,  # last label "52." (p14), then "Acknowledgements"
    "paper-qa__10.1093_nar_gkae088": 104,  # last label "104." (p23), then "Received: March 6, 2023."
    "paper-qa__10.1093_nar_gkae105": 87,  # last label "87." (p15), then "Received: May 19, 2023."
    "paper-qa__10.1093_nar_gkae212": 100,  # last label "100." (p17), then "Received: September 5, 2023."
    "paper-qa__10.1128_aem.01486-22": 90,  # last label "90." (p19), then the running foot, the end
    "refextract__2304.10117": 33,  # last label "[33]" (p5, a URL note REVTeX numbers as an entry), the end
    "scholarphi__ards": 46,  # last label "46." (p13), then "Publisher’s note Springer Nature"
    "scholarphi__silicaGlass": 49,  # last label "(49)" (p7), then the running foot, the end
    # Author-year: one entry per line at a column's left edge, counted in the lines of pages 10-11 (x 51
    # and 321: 52 + 49; continuation lines at x 60 and 330).
    "WASP-4b_anomaly__ms": 101,
}

# The target, and what this stage reaches on the corpus (asserted: a paper falling out of the
# 5 % band is a regression to look at, not noise).
TARGET_RATE = 0.95
REACHED_RATE = 1.0


def linked(paper: corpus.Paper) -> int:
    return int(paper.row.get("gt_cite_targets") or 0)


MEASURED_PAPERS = [p for p in PAPERS if linked(p) > 0]


def test_corpus_has_papers_with_citation_links():
    assert len(MEASURED_PAPERS) >= 20


def within(found: int, expected: int, share: float = 0.05) -> bool:
    return abs(found - expected) <= share * expected


def test_reference_counts_against_the_links(measured):
    rows = []
    ok = 0
    for paper in MEASURED_PAPERS:
        tm = text_map(corpus.document(paper.file).pages)
        refs = find_references(tm).references
        expected = TRUE_COUNT.get(paper.stem, linked(paper))
        good = within(len(refs), expected)
        ok += good
        note = f" (links name {linked(paper)})" if paper.stem in TRUE_COUNT else ""
        rows.append(f"  {'ok ' if good else 'BAD'} found {len(refs):4d}  true {expected:4d}{note:20s} "
                    f"{paper.style[:18]:18s} {paper.stem}")
    rate = ok / len(MEASURED_PAPERS)
    measured.append(f"reference counts within 5 % of the truth, {len(MEASURED_PAPERS)} papers with citation links:")
    measured.extend(rows)
    measured.append(f"  OVERALL {ok}/{len(MEASURED_PAPERS)} = {rate:.1%} (issue target {TARGET_RATE:.0%})")
    assert rate >= max(TARGET_RATE, REACHED_RATE), "\n".join(rows)


def _without(pages, line_indexes, tm):
    """The pages less the items of the given lines of ``tm``."""
    from dataclasses import replace
    ids = {id(item) for j in line_indexes for item in tm.lines[j].items}
    return [replace(pg, items=tuple(i for i in pg.items if id(i) not in ids)) for pg in pages]


@pytest.mark.corpus
def test_lists_are_found_without_their_heading_and_not_made_up_without_a_list(measured):
    """Robustness on the real papers: with its heading line removed (a heading in an unknown language or an
    image, a preprint without one), a list is still found by the fallbacks; with the whole list removed,
    the fallbacks rarely make one up from what is left (a paper without references)."""
    from citelens.patterns import REFERENCE_LIST_HEADING

    headed = kept = invented = total = 0
    for paper in PAPERS:
        doc = corpus.document(paper.file)
        tm = text_map(doc.pages)
        rl = find_references(tm)
        if rl.start is None or not rl.references:
            continue
        total += 1
        first = tm.line_index(rl.start)
        last = tm.line_index(max(rl.end - 1, rl.start)) if rl.end else len(tm.lines) - 1
        n = len(rl.references)
        heading = next((j for j in range(first, max(-1, first - 4), -1)
                        if REFERENCE_LIST_HEADING.match(tm.lines[j].text.strip())), None)
        if heading is not None and n >= 5:
            headed += 1
            kept += within(len(find_references(text_map(_without(doc.pages, [heading], tm))).references), n)
        gone = find_references(text_map(_without(doc.pages, range(max(first - 3, 0), last + 1), tm)))
        invented += bool(gone.references)
    measured.append(f"lists found again without their heading line: {kept}/{headed}; a list made up once the "
                    f"list is removed: {invented}/{total} papers")
    # Measured when set (2026-12-06, ninth session): 87/90 and 2/97; 88/90 once an author-year list ended at a page
    # turn that no name follows (eleventh session) (86/90 before a numbered list was looked for over
    # the whole of a paper whose appendices are longer than its last third; 84/89 at the eighth session's end, before
    # an undated list under a heading gave way to a dated one without; 70/89 and 4/97 before forename-first names
    # counted and before a table's rows of figures were told from entries; 79/89 before entries without titles, whose
    # digits outnumber nothing but their letters, counted, 80/89 before programs named as their makers, 81/89 and 3/97
    # before a contents' "References 16" gave way and columns starting under text across a page were read as columns,
    # 83/89 before a draft's line numbers past the pages measured were looked for on the same side of the spread).
    # Without the papers the shares say nothing.
    assert headed >= 80 and total >= 90, f"only {headed} headed lists in {total} papers"
    assert kept >= 0.95 * headed and invented <= 0.03 * total


def _float_page(page):
    """A page of a full-page figure: scattered labels and ticks in 7 pt, a three-line caption in 9 pt."""
    from dataclasses import replace

    from citelens.model import TextItem

    def item(text: str, x: float, y: float, size: float) -> TextItem:
        return TextItem(text, x, y, 0.45 * size * len(text), size, size, 0)
    words = [item(t, x, y, 7) for t, x, y in [("0.5", 90, 150), ("1.0", 90, 250), ("Time (s)", 250, 420),
                                                ("Accuracy", 60, 200), ("(a)", 80, 100), ("(b)", 320, 100),
                                                ("baseline", 400, 140), ("ours", 400, 152)]]
    caption = [item("Figure 7. Accuracy of the two methods over time, for the baseline and for ours, with", 72, 480, 9),
               item("the standard error over five runs shaded; (a) the first data set, (b) the second one, in the",
                    72, 491, 9),
               item("same units as in Figure 3.", 72, 502, 9)]
    return replace(page, items=tuple(words + caption))


@pytest.mark.corpus
def test_lists_keep_their_ends_with_other_matter_after_them_or_a_float_inside(measured):
    """Robustness on the real papers: another paper's first three pages after the last one (a supplement, a
    bound-in article) change no list, nor does a page of a figure set after the list's first page, nor the
    list's last page set 8 % smaller. A list changes when its count does, or its last entry's length by more
    than 40 characters."""
    from dataclasses import replace

    docs = [corpus.document(p.file) for p in PAPERS]
    lists = [find_references(text_map(d.pages)).references for d in docs]

    def changed(before, pages) -> bool:
        after = find_references(text_map(pages)).references
        return len(after) != len(before) or (bool(after) and abs(len(after[-1].raw) - len(before[-1].raw)) > 40)
    appended = floated = appended_total = floated_total = smaller = 0
    for k, (doc, refs) in enumerate(zip(docs, lists)):
        if len(refs) < 5:
            continue
        # The pages of the next paper whose list starts past its fourth page: its first three hold none.
        other = next(docs[j % len(docs)] for j in range(k + 7, k + 7 + len(docs))
                     if lists[j % len(docs)] and lists[j % len(docs)][0].page > 4)
        extra = [replace(pg, number=len(doc.pages) + n) for n, pg in enumerate(other.pages[:3], start=1)]
        appended_total += 1
        appended += changed(refs, list(doc.pages) + extra)
        first = refs[0].page
        if refs[-1].page > first:
            floated_total += 1
            pages = [*doc.pages[:first], _float_page(doc.pages[first - 1]), *doc.pages[first:]]
            floated += changed(refs, [replace(pg, number=n) for n, pg in enumerate(pages, start=1)])
            last = refs[-1].page
            smaller += changed(refs, [pg if pg.number != last else replace(pg, items=tuple(
                replace(i, size=0.92 * i.size, height=0.92 * i.height) for i in pg.items)) for pg in doc.pages])
    measured.append(f"lists changed by another paper's first pages after them: {appended}/{appended_total}; by a "
                    f"figure's page inside them: {floated}/{floated_total}; by their last page set 8 % smaller: "
                    f"{smaller}/{floated_total}")
    # Measured when set (2026-12-06, tenth session): 9/97, 1/83 and 2/83 (34/97, 28/83 and 2/83 that morning, before
    # a numbered list ended at a turn no next number follows, a far larger title ended a list, and a column with no
    # line in the list's size, undated, was dropped); 7/97 after an author-year list ended at a turn no name follows
    # (eleventh session); 6/97 after a row opening with a bare number at a turn (a draft's line numbers) was held
    # apart from an author-year list (twenty-fifth). Without the papers the shares say nothing.
    assert appended_total >= 90 and floated_total >= 75
    assert appended <= 0.08 * appended_total and floated <= 0.05 * floated_total and smaller <= 0.05 * floated_total


def _flush_and_tight(page, top: float | None, bottom: float | None):
    """``page`` with its list set flush left and without space between entries: each line of the list moved left
    to the column's edge (the leftmost line start within 20 pt left of it, where the column left of it stays 12 pt
    away), and each step down a column that is wider than the list's line pitch (a quarter of its steps are no
    wider) closed to that pitch. The list's lines: those below ``top`` and above ``bottom`` (None: all)."""
    from dataclasses import replace

    from citelens.layout import page_lines

    lines = page_lines(page)
    starts = [ln.items[0].x for ln in lines]
    dx: dict[int, float] = {}
    dy: dict[int, float] = {}
    for ln in lines:
        x = ln.items[0].x
        edge = min(s for s in starts if x - 20 <= s <= x)
        left = [o.box[2] for o in lines
                if o is not ln and o.box[2] <= x + 1 and abs(o.baseline - ln.baseline) < 2 * ln.size]
        if edge < x - 1 and not (left and edge - max(left) < 12):
            dx.update((id(i), edge - x) for i in ln.items)
    columns: dict[int, list] = {}
    for ln in lines:
        if (top is None or ln.baseline >= top) and (bottom is None or ln.box[1] <= bottom):
            columns.setdefault(ln.column, []).append(ln)
    for column in columns.values():
        column.sort(key=lambda ln: ln.baseline)
        steps = sorted(b.baseline - a.baseline for a, b in zip(column, column[1:])
                       if b.baseline - a.baseline > 0.5 * a.size)
        if len(steps) < 4:
            continue
        pitch = steps[len(steps) // 4]
        y = column[0].baseline
        for prev, ln in zip(column, column[1:]):
            step = ln.baseline - prev.baseline
            y += min(step, pitch) if 0.5 * prev.size < step < 2.5 * pitch else step
            dy.update((id(i), y - ln.baseline) for i in ln.items)
    return replace(page, items=tuple(replace(i, x=i.x + dx.get(id(i), 0.0), y=i.y + dy.get(id(i), 0.0))
                                     for i in page.items))


@pytest.mark.corpus
def test_lists_split_alike_set_flush_left_without_space_between_entries(measured):
    """Robustness on the real papers: the list set flush left, no indent and no space between its entries, as
    some journals set it, so entries are told apart by how they open (a label, a name, a year after a rule) and
    not by the layout. A list changes when its count does by more than 5 %."""
    from dataclasses import replace

    changed = total = 0
    for paper in PAPERS:
        doc = corpus.document(paper.file)
        refs = find_references(text_map(doc.pages)).references
        if len(refs) < 5:
            continue
        total += 1
        first, last = refs[0], refs[-1]
        pages = [pg if not first.page <= pg.number <= last.page else _flush_and_tight(
            pg, first.box[1] if pg.number == first.page else None, last.box[3] if pg.number == last.page else None)
            for pg in doc.pages]
        after = find_references(text_map(pages)).references
        changed += abs(len(after) - len(refs)) > 0.05 * len(refs)
    measured.append(f"lists changed when set flush left without space between entries: {changed}/{total}")
    # Measured when set (2026-12-06, eleventh session): 8/97 (20/97 that morning, before names forenames first,
    # a year after a rule and an organisation opened entries of flush-left lists); 7/97 since 2026-12-07's
    # twentieth, when a line ending short of the column ended its entry; 5/97 since the twenty-fifth's, when a
    # line wrapped mid-phrase at the column's edge ended none. Without the papers the share says nothing.
    assert total >= 90
    assert changed <= 0.1 * total


def test_numbered_lists_run_in_sequence():
    """Where entries are numbered, the labels run 1, 2, 3, ... with no gap and no repeat."""
    checked = 0
    for paper in PAPERS:
        refs = find_references(text_map(corpus.document(paper.file).pages)).references
        labels = [r.label for r in refs]
        if not labels or labels[0] is None or not re.fullmatch(r"[\[(]?\d+[.)\]]?", labels[0]):
            continue  # unlabelled, or alphabetic labels ("[Knu84]"): test_alphabetic_labels_are_kept_as_printed
        numbers = [int(re.sub(r"\D", "", lb)) for lb in labels if lb]
        assert numbers == list(range(1, len(numbers) + 1)), paper.stem
        checked += 1
    assert checked >= 15


ALPHABETIC = [p for p in PAPERS if "alphabetic labels" in p.row.get("notes", "")]


@pytest.mark.parametrize("paper", ALPHABETIC, ids=lambda p: p.stem)
def test_alphabetic_labels_are_kept_as_printed(paper):
    """On amsalpha/alpha lists every entry carries its printed label ("[Knu84]", "[BCD+05]"), brackets
    included, so that a citation "[Knu84]" in the text can name it; and every label is another."""
    refs = find_references(text_map(corpus.document(paper.file).pages)).references
    labels = [r.label for r in refs]
    assert len(refs) >= TRUE_COUNT.get(paper.stem, linked(paper))
    assert all(lb is not None and re.fullmatch(r"\[[^\[\]]+\]", lb) and not lb[1:-1].isdigit()
               for lb in labels), labels
    assert len(set(labels)) == len(labels)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.stem)
def test_entries_are_never_junk(paper):
    tm = text_map(corpus.document(paper.file).pages)
    rl = find_references(tm)
    if rl.references:
        assert 0 <= rl.start <= rl.end <= len(tm.text)
    for r in rl.references:
        assert r.raw and "\f" not in r.raw and "\n" not in r.raw
        assert r.page in tm.page_starts
        assert r.box[0] <= r.box[2] and r.box[1] <= r.box[3]
        assert r.doi is None or (r.doi == r.doi.lower() and r.doi.startswith("10.") and not r.doi.endswith("."))


# A handful of papers, entry by entry: (paper, index) → (authors, year, title start).
ENTRY_CHECKS = {
    ("acl-2020-main-447-s2orc", 1): (("Ahmad", "Afzal"), 2018, "Cad: an algorithm for citation-anchors"),
    ("arxiv-2023-citesee-chi-2302.07302", 16): (("Cohan", "Ammar", "van Zuylen", "Cady"), 2019,
                                                 "Structural Scaffolds for Citation Intent"),
    ("frontiers-psychol-2015-fpsyg-05-01582", 5): (("Bräuer", "Bös", "Call", "Tomasello"), 2013,
                                                    "Domestic dogs (Canis familiaris) coordinate"),
    ("nar-2024-gkae252", 2): (("Schuster-Böckler", "Lehner"), 2012, "Chromatin organization is a major"),
    ("cell-2024-cell.2024.02.016", 4): (("Rai", "Söderbäck", "Bergman"), 2000, "Tansley Review No. 116"),
    ("rsos-2015-PMC4632522", 4): (("Brennan", "Sharp", "Lefevre", "Topcic", "Auguste", "Digby", "Nicholas"), 2007,
                                  "The tammar wallaby and fur seal"),
    ("elsevier-ympev-2014-10.009", 65): (("Salzburger", "Baric", "Sturmbauer"), 2002,
                                         "Speciation via introgressive hybridization"),
    ("pnas-2023-2220578120", 1): (("Yu", "Catterall"), 2003, "Overview of the voltage-gated sodium channel"),
    ("asm-jbacteriol-2022-00479-21", 2): (("Marchetti", "Rossiter"), 2013, "Economic burden of healthcare"),
    ("springer-behavecolsociobiol-2015-PMC4521097", 1): (("Anacker", "Beery"), 2013, "Life in groups"),
}


@pytest.mark.parametrize(("key", "expected"), sorted(ENTRY_CHECKS.items()), ids=lambda v: str(v)[:40])
def test_entries_parse_sensibly(key, expected):
    stem, index = key
    paper = next(p for p in PAPERS if p.stem == stem)
    ref = find_references(text_map(corpus.document(paper.file).pages)).references[index - 1]
    authors, year, title = expected
    assert ref.authors == authors, ref.raw
    assert ref.year == year, ref.raw
    assert ref.title is not None and ref.title.startswith(title), ref.raw


def test_dois_and_years_are_found_where_written(measured):
    """Of the entries whose text holds a DOI or a year, the share where the stage reports it."""
    with_doi = got_doi = with_year = got_year = 0
    for paper in PAPERS:
        for r in find_references(text_map(corpus.document(paper.file).pages)).references:
            if re.search(r"\b10\.\d{4,9}/", r.raw):
                with_doi += 1
                got_doi += r.doi is not None
            if re.search(r"(?<!\d)(?:19|20)\d\d(?!\d)", r.raw):
                with_year += 1
                got_year += r.year is not None
    measured.append(f"references: DOI found in {got_doi}/{with_doi} entries that hold one, "
                    f"year in {got_year}/{with_year}")
    assert got_doi == with_doi and got_year >= 0.995 * with_year


GOLDEN = corpus.ROOT / "tests" / "golden" / "references"


def _golden_row(r) -> list:
    return [r.label, r.page, r.raw[:40], list(r.authors), r.year, r.year_suffix, r.doi, r.arxiv_id]


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.stem)
def test_references_match_golden(paper, update_golden):
    """The reviewed entries of each paper (label, page, start of text, authors, year, DOI, arXiv id);
    ``--update-golden`` rewrites them: review the diff before committing."""
    refs = find_references(text_map(corpus.document(paper.file).pages)).references
    got = [_golden_row(r) for r in refs]
    path = GOLDEN / f"{paper.stem}.json"
    if update_golden:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text("[\n" + ",\n".join(json.dumps(row, ensure_ascii=False) for row in got) + "\n]\n",
                        encoding="utf-8")
    assert path.is_file(), f"no golden references for {paper.stem}: run pytest --update-golden and review it"
    assert got == json.loads(path.read_text(encoding="utf-8"))
