"""Figure mentions and citation sentences on the real papers of ../shared/corpus.

Figure mentions are scored against the PDFs' own figure, table, equation, section, algorithm and
appendix links (MANIFEST ``gt_figure_links``): a predicted mention matches a link when their boxes
overlap on the same page, and the target is right when its page is the link's destination page.
Boxes are cut from pdfminer's text runs in proportion to characters, so they can be off by a character
or two: a box within one line height of the link, on the same line, counts as overlapping.

What the links cannot tell: many mentions are not linked at all (supplementary figures that are not in
the PDF, "Figures 1D and 1E" where Cell links only "1D", references typed by hand). Precision against the
links is therefore a lower bound; it is also reported for the mentions given a target (those a reader
can follow), where unlinked supplementary material mostly drops out.

Sentences are checked on exact known markers, and measured over every citation link of the corpus: the
share of sentences that look whole (start with a capital, end with ".", "?", "!" or the marker, 20 to
1000 characters).
"""

from __future__ import annotations

import re
import statistics
import time
from dataclasses import dataclass

import pytest

import corpus
from citelens.figures import find_figure_mentions
from citelens.layout import TextMap, join_lines, text_map
from citelens.links import AnchorKind, anchor_name, classify_anchor
from citelens.model import Box, Document, FigureMention, Link
from citelens.model import MentionKind as K
from citelens.outline import outline_from_bookmarks
from citelens.pipeline import analyze
from citelens.references import find_references
from citelens.sentences import sentence_for, sentences_for

PAPERS = corpus.pdf_papers() if (corpus.CORPUS / "MANIFEST.tsv").is_file() else ()
pytestmark = pytest.mark.skipif(not PAPERS, reason="corpus not available")

# What the issue asks, and what the stage reaches on this corpus (see the measured summary; measured on
# the 97 papers: recall 0.971, target 0.957, precision 0.821, precision with a target 0.943).
MIN_RECALL = 0.965
MIN_TARGET = 0.95
MIN_PRECISION = 0.81
MIN_PRECISION_TARGETED = 0.935
MIN_PAPER_RECALL = 0.85  # each paper with at least 10 links, but for those below
# Papers whose links name labels no mention carries, each with its floor just under the figure measured.
LINKS_WITHOUT_MENTIONS = {
    # Tables whose cells list bare section numbers ("5.1, 5.5"; "Thomas's write rule (6.1)"), linked, with no
    # head word before them (33 of its 115 links); and a "Sec-" hyphenated across a page break.
    "papers-we-love__Optimistic_Replication": 0.7,
}
MIN_WHOLE_SENTENCES = 0.92

# Link destination names of figure-like anchors, by kind (names as in the corpus README).
ANCHOR_KINDS = [
    (re.compile(r"^figure[.*]|^(?:link_|bm_|Hyp)?Fig\d|^fig(?:ure)?S?-?\d|^mk:fig|^l[fF]\d|^F\d+$|^R\w+\.\d+\.g\d"
                r"|^bmk_.*F\d+$"), K.FIGURE),
    (re.compile(r"^table[.*]|^(?:link_|bm_|Hyp)?Tab\d|^table-?\d+$|^TABLE_\d|^l[tT]\d|^T\d+$|^R\w+\.\d+\.t\d"
                r"|^bmk_.*TB\d+$"), K.TABLE),
    (re.compile(r"^equation[.*]|^mk:eq|^fd\d"), K.EQUATION),
    (re.compile(r"^(?:sub)*section[.*]|^sec\d|^mk:sec|^Section_\d"), K.SECTION),
    (re.compile(r"^appendix[.*]"), K.APPENDIX),
    (re.compile(r"^algorithm[.*]"), K.ALGORITHM),
]
# A linked text that names something: a number, a roman numeral or an appendix letter ("STAR Methods"
# links to a section by name, which no mention pattern claims to find).
NAMES_A_LABEL = re.compile(r"\d|\b[IVXA-H]\b")
TOC_LINE = re.compile(r"^\s*[\d.]+\s*$|(?:\.\s*){5,}")
PAGE_REFERENCE = re.compile(r"\bpages?\s+\d+(?:\s*[\u2013-]\s*\d*)?\W*$", re.IGNORECASE)
TITLED = re.compile(r"^\s*[\dA-Z][\d.]*\s+[^\W\d_]{3,}")  # a number, then a word: "2 Tokenizer & Model"


def anchor_kind(name: str | None) -> K | None:
    name = anchor_name(name)
    if not name or "footnote" in name:
        return None
    return next((kind for rx, kind in ANCHOR_KINDS if rx.search(name)), None)


def page_index(tm: TextMap) -> dict[int, list[int]]:
    index: dict[int, list[int]] = {}
    for i, line in enumerate(tm.lines):
        index.setdefault(line.page, []).append(i)
    return index


def chars_in(tm: TextMap, index: dict[int, list[int]], page: int, rect: Box) -> tuple[int, int] | None:
    """The span of ``tm.text`` whose characters' centres lie in ``rect``."""
    x0, y0, x1, y1 = rect
    lo = hi = None
    for i in index.get(page, ()):
        line = tm.lines[i]
        b = line.box
        if not (b[0] < x1 + 1 and b[2] > x0 - 1 and b[1] < y1 + 1 and b[3] > y0 - 1):
            continue
        for c in range(len(line.text)):
            boxes = line.boxes(c, c + 1)
            if boxes:
                cx, cy = (boxes[0][0] + boxes[0][2]) / 2, (boxes[0][1] + boxes[0][3]) / 2
                if x0 - 1 <= cx <= x1 + 1 and y0 - 1 <= cy <= y1 + 1:
                    o = tm.starts[i] + c
                    lo, hi = (o if lo is None else min(lo, o)), (o + 1 if hi is None else max(hi, o + 1))
    return None if lo is None else (lo, hi)


def near(box: Box, rect: Box) -> bool:
    slack = rect[3] - rect[1]
    return box[0] < rect[2] + slack and rect[0] - slack < box[2] and box[1] < rect[3] and rect[1] < box[3]


def overlap(box: Box, rect: Box) -> bool:
    return box[0] < rect[2] and rect[0] < box[2] and box[1] < rect[3] and rect[1] < box[3]


def ground_truth(doc: Document, tm: TextMap) -> list[tuple[Link, K]]:
    out = []
    index = page_index(tm)
    for link in doc.links:
        kind = anchor_kind(link.dest_name)
        if kind is None or link.dest_page is None:
            continue
        span = chars_in(tm, index, link.page, link.rect)
        if span is None or not NAMES_A_LABEL.search(tm.text[span[0]:span[1]]):
            continue
        i = tm.line_index(span[0])
        line = tm.lines[i]
        if PAGE_REFERENCE.search(tm.text[max(tm.starts[i], span[0] - 16):span[1]]):
            continue  # "see Page 9", "Pages 1–44" linked to the anchor of the section there: a page, no label
        if TOC_LINE.search(line.text):  # a table of contents' page numbers and leaders
            continue
        if tm.text[span[0]:span[1]].strip() == line.text.strip() and TITLED.search(line.text):
            continue  # a whole line "2 Tokenizer & Model" linked: a table of contents' entry, not a mention
        out.append((link, kind))
    return out


@dataclass
class Score:
    predicted: int = 0
    matched: int = 0
    targeted: int = 0
    targeted_matched: int = 0
    links: int = 0
    found: int = 0
    target_right: int = 0

    def add(self, other: Score) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def precision(self) -> float:
        return self.matched / self.predicted if self.predicted else 1.0

    @property
    def precision_targeted(self) -> float:
        return self.targeted_matched / self.targeted if self.targeted else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.links if self.links else 1.0

    @property
    def target(self) -> float:
        return self.target_right / self.found if self.found else 1.0


def score(mentions: tuple[FigureMention, ...], truth: list[tuple[Link, K]]) -> Score:
    kinds = {kind for _link, kind in truth}
    if kinds & {K.SECTION, K.APPENDIX}:
        kinds |= {K.SECTION, K.APPENDIX}  # "Appendix C" may be linked as section.C
    predicted = [m for m in mentions if m.kind in kinds]
    s = Score(links=len(truth))
    for m in predicted:
        hit = any(lk.page == m.page and any(near(b, lk.rect) for b in m.boxes) for lk, _kind in truth)
        s.predicted += 1
        s.matched += hit
        if m.target is not None:
            s.targeted += 1
            s.targeted_matched += hit
    for link, _kind in truth:
        cands = [m for m in predicted if m.page == link.page and any(near(b, link.rect) for b in m.boxes)]
        if not cands:
            continue
        s.found += 1
        cx = (link.rect[0] + link.rect[2]) / 2
        # The mention under the link: overlapping it, then nearest its centre.
        best = min(cands, key=lambda m: (not any(overlap(b, link.rect) for b in m.boxes),
                                         min(abs((b[0] + b[2]) / 2 - cx) for b in m.boxes)))
        s.target_right += best.target is not None and best.target.page == link.dest_page
    return s


def analysed(paper: corpus.Paper) -> tuple[Document, TextMap, tuple[FigureMention, ...], float]:
    doc = corpus.document(paper.file)
    tm = text_map(doc.pages)
    outline = outline_from_bookmarks(doc.bookmarks) or analyze(doc).outline
    refs = find_references(tm)
    skip = (refs.start, refs.end) if refs.start is not None and refs.end is not None else None
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        mentions = find_figure_mentions(tm, outline, skip)
        times.append(time.perf_counter() - t0)
    return doc, tm, mentions, min(times)


def test_figure_mentions_against_the_pdfs_own_links(measured):
    total = Score()
    rows, weak, times = [], [], []
    for paper in PAPERS:  # MANIFEST counts no figure links for a few that have them (Cell's "fig1")
        doc, tm, mentions, seconds = analysed(paper)
        truth = ground_truth(doc, tm)
        if not truth:
            continue
        s = score(mentions, truth)
        total.add(s)
        times.append(seconds)
        rows.append(f"  {paper.stem[:44]:44s} P {s.precision:.2f} ({s.matched}/{s.predicted})  "
                    f"P@target {s.precision_targeted:.2f}  R {s.recall:.2f} ({s.found}/{s.links})  "
                    f"target {s.target:.2f}  {seconds * 1000:.1f} ms")
        if s.links >= 10 and s.recall < LINKS_WITHOUT_MENTIONS.get(paper.stem, MIN_PAPER_RECALL):
            weak.append(paper.stem)
    measured.append(f"figure mentions vs the PDFs' figure/table/equation/section links, {len(rows)} papers:")
    measured.extend(rows)
    measured.append(f"  overall: precision {total.precision:.3f} ({total.matched}/{total.predicted}), "
                    f"precision of mentions with a target {total.precision_targeted:.3f} "
                    f"({total.targeted_matched}/{total.targeted}), recall {total.recall:.3f} "
                    f"({total.found}/{total.links}), target page right {total.target:.3f} "
                    f"({total.target_right}/{total.found}); median {statistics.median(times) * 1000:.1f} ms a paper")
    assert len(rows) >= 20
    assert total.recall >= MIN_RECALL
    assert total.target >= MIN_TARGET
    assert total.precision >= MIN_PRECISION
    assert total.precision_targeted >= MIN_PRECISION_TARGETED
    assert not weak, f"papers below {MIN_PAPER_RECALL} recall: {weak}"


def test_figure_stage_runs_on_every_paper_and_keeps_boxes_in_its_pages():
    for paper in PAPERS:
        doc, _tm, mentions, _seconds = analysed(paper)
        sizes = {p.number: (p.width, p.height) for p in doc.pages}
        for m in mentions:
            w, h = sizes[m.page]
            assert m.label and m.text.strip()
            assert all(-5 <= b[0] <= b[2] <= w + 5 and -5 <= b[1] <= b[3] <= h + 5 for b in m.boxes), paper.stem
            assert m.target is None or m.target.page in sizes


# ------------------------------------------------------------------------------------------ sentences

KNOWN = [
    # a superscript after a comma, a heading set in the body size just above ("Metabolic constraints ...")
    ("cell-2024-cell.2024.02.016", r"symbioses,(20)",
     "The strong covariation of haptophyte and UCYN-A body size in the B. bigelowii/UCYN-A symbiosis, and similar "
     "covariations in other N2-fixing symbioses,20 imply a robust and common underlying mechanism."),
    # superscripts after the full stop belong to the sentence before
    ("cell-2024-cell.2024.02.016", r"vacuole\.(5,6,9)",
     "UCYN-A is surrounded by a single host membrane, engulfed in what is thought to be the host’s food "
     "vacuole.5,6,9"),
    # "et al." followed by a superscript is no sentence end
    ("cell-2024-cell.2024.02.016", r"Taniguchi et al\.(21)",
     "Data compiled by Taniguchi et al.21 provide the empirical values for maximum growth rate mmax for various "
     "phytoplankton (Figure S3A)."),
    ("arxiv-2023-citesee-chi-2302.07302", r"(\[46\])",
     "To better support the literature review process in a scientific paper reader interface, we look to prior "
     "work in exploratory search [39], sensemaking [51], and information foraging [46] behavior for user models to "
     "guide the design of our system."),
    # over a figure caption in smaller print, to the top of the next column
    ("arxiv-2023-papermage-emnlp-demo", r"(\(Kang et al\., 2022, 2023\))",
     "Recent research has explored, for example, AI-powered reading support for math symbol definitions (Head et "
     "al., 2021), in-situ passage explanations or summaries (August et al., 2023; Rachatasumrit et al., 2022; Kim "
     "et al., 2023), automatic span highlighting (Chang et al., 2023; Fok et al., 2023b), interactive clipping and "
     "synthesis (Kang et al., 2022, 2023) and more."),
    # a wrapped numbered heading ("4.3. Synaptic input ... lamina I / projection neurons") stays out
    ("elsevier-pain-2014-j.pain.2014.08.023", r"primary afferents (\[60\])",
     "Between 75% and 80% of lamina I projection neurons express the NK1r [12,53,59], and these are densely "
     "innervated by substance P-containing primary afferents [60]."),
    # across a page break, over the running foot and head
    ("plos-one-2018-pone.0197919", r"(\[25\])",
     "The expression level of branched chain amino acids (leucine, isoleucine, and valine) was increased under "
     "drought in tolerant cultivars of wheat [20; 23; 24] and barley (Hordeum vulgare L.) [25]."),
    ("nar-2024-gkae252", r"(\(39,40\))",
     "In addition to this pattern relying on a well-established mechanism, we also noted the DNA repair "
     "deficiency-associated SBS10b and SBS15 (Figure 1A, C), recently linked with DNA methylation (39,40) through "
     "the mispairing with adenine instead of guanine during replication (38)."),
]


@pytest.mark.parametrize(("stem", "marker", "expected"), KNOWN, ids=[f"{s}:{m}" for s, m, _e in KNOWN])
def test_sentence_of_known_markers(stem, marker, expected):
    paper = next(p for p in PAPERS if p.stem == stem)
    tm = text_map(corpus.document(paper.file).pages)
    m = re.search(marker, tm.text)
    assert m is not None
    s = sentence_for(tm, m.start(1), m.end(1))
    assert s.text == expected
    assert s.text[s.start:s.end] == join_lines(m.group(1))


def whole(text: str, end: int) -> bool:
    return 20 <= len(text) <= 1000 and not text[:1].islower() \
        and (text.rstrip("\"”’)")[-1:] in ".?!:" or end >= len(text) - 1 or text[-1].isdigit() or text[-1] == "]")


def test_citation_sentences_look_whole(measured):
    rows, total, good, per_marker = [], 0, 0, []
    for paper in PAPERS:
        if int(paper.row.get("gt_cite_links") or 0) == 0:
            continue
        doc = corpus.document(paper.file)
        tm = text_map(doc.pages)
        spans = []
        index = page_index(tm)
        for link in doc.links:
            kind, _number = classify_anchor(anchor_name(link.dest_name))
            if kind in (AnchorKind.NUMBERED, AnchorKind.KEYED):
                span = chars_in(tm, index, link.page, link.rect)
                if span is not None:
                    spans.append(span)
        if not spans:
            continue
        t0 = time.perf_counter()
        found = sentences_for(tm, spans)
        per_marker.append((time.perf_counter() - t0) / len(spans))
        ok = sum(whole(s.text, s.end) for s in found)
        for s, (a, b) in zip(found, spans, strict=True):
            marker = tm.text[a:b].strip()
            assert s.text[s.start:s.end] == join_lines(marker) or "-\n" in marker or marker.endswith("-")
        total += len(found)
        good += ok
        rows.append(f"  {paper.stem[:44]:44s} {ok}/{len(found)} whole")
    share = good / total
    measured.append(f"citation sentences that look whole, over {total} linked citations in {len(rows)} papers: "
                    f"{share:.3f}; median {statistics.median(per_marker) * 1e6:.0f} µs a marker")
    measured.extend(rows)
    assert share >= MIN_WHOLE_SENTENCES
