"""Accuracy of a ``--text-only`` analysis, scored against what the PDF itself says.

Input: a :class:`~citelens.model.Document` with the PDF's own Link annotations and bookmarks, and an
:class:`~citelens.model.Analysis` of the same pages made without them (``analyze(doc, text_only=True)``).
Output: a :class:`PaperScore` per paper, pooled into a :class:`Summary`; each has one JSON form, and
:func:`render_table` prints them. Pure functions: no files, no PDF library.

Ground truth
------------
*Link markers* are the PDF's citation links (:func:`citelens.links.citation_links`), resolved against
the analysis's **own** reference list, so "the right entry" means the entry of *that* list the link
lands on; named citation links that land on none of its entries (``unresolved_citation_links``)
are markers of an unknown entry. Pieces of one marker are joined first. A predicted citation and a
marker *meet* when one of the citation's boxes overlaps the marker's rectangle on the same page
(:func:`citelens.links.overlaps`).

Definitions
-----------
- **marker precision** = predicted citations meeting at least one marker / predicted citations;
  **marker recall** = markers met by at least one predicted citation / markers; F1 of the two.
  A citation counts once however many markers it meets, and a marker once however many citations
  meet it, so ``[3-7]`` linked at both ends, or natbib's "(Beltagy et al., 2019)" linked on the name
  and on the year, is one right citation, not one right and one missed.
- **marker→entry accuracy** = of the resolved markers met by a predicted citation, the share whose
  entry is among the ref_indexes of the citations meeting it.
- **combined marker→entry F1**. The unit is a pair (predicted citation, resolved marker it meets):
  right when the marker's entry is among the citation's ref_indexes. A predicted citation meeting no
  marker at all is one wrong unit (a false marker); one meeting only unresolved markers makes no unit
  (its entries cannot be judged). Precision = right units / units. Recall = resolved markers met by a
  citation that names their entry / resolved markers. So the entries a range implies but the PDF does
  not link (``[3-7]``: 4, 5, 6) and the authors natbib leaves unlinked cost nothing, while a
  citation naming the wrong entry for a linked year costs a unit. ``extra_entries`` counts, for
  information, the entries of met citations that no meeting marker names (inner numbers of a numeric
  range excused): Elsevier links a whole group to its first entry, so it is not a penalty.
- **reference count error** = entries found − entries the PDF marks. The PDF marks at least the distinct
  link targets (destination names, or entries for unnamed destinations) with the entries inside a range
  it links only at its ends (``[6–9]`` linked at 6 and 9 marks 7 and 8: the printed range names them,
  :func:`citelens.links.linked_ranges`), and where its citation links
  use named anchors, every anchor of their kind among its named destinations: a producer sets one anchor
  per entry whether or not a link uses it (hyperref's ``cite.KEY`` for each ``\bibitem``; Elsevier's
  ``lb0205`` and PMC's ``B12`` for each entry), while links miss entries cited only in tables, figure
  legends or a range's middle. The larger of the two counts is the truth; an anchor's kind is its name
  with the numbers taken out (``bib#``, ``e#_ref#``) or, for keyed anchors, its ``cite.`` prefix.
- **outline** = :func:`score_outline` of the detected outline against the section bookmarks.
- **contradicted links**: an author-year link whose printed words name an author (and year) that its
  target entry does not carry, while another entry of the list carries them all ("Beck (2002)" linked
  to "Bhat, T. (2006)"): a publisher's linking slip, not ground truth. Such a marker keeps counting as a
  marker but of an unknown entry (like an unresolved one); ``contradicted`` counts them, and the table
  prints the total, so the figure is never silently flattered. (:func:`citelens.links.contradicted_links`;
  where a PDF's links are so all through, :func:`citelens.links.links_shifted`, the analysis with links
  reads the entries from the text.)

Partially linked papers
-----------------------
Some publishers link only part of the markers. A paper with fewer link markers than
``partial_coverage`` x its predicted citations (and at least ``partial_min_markers`` predictions) whose
links also point at fewer than ``partial_coverage`` x the entries of its list, or one flagged by the
caller, is *partial*: every predicted citation without a link would count as false, so its precisions
are pooled apart (:attr:`Summary.partial`) and only its recalls join the rest. The second test keeps a
paper whose links name its whole list from passing for partially linked on the strength of false
predictions alone (a mathematical paper's powers read as citations): otherwise, the fewer of those a change
made, the sooner the paper would count in full, and the lower its precision would score the change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from rapidfuzz import fuzz

from citelens.ids import fold
from citelens.layout import text_map
from citelens.linenumbers import without_line_numbers
from citelens.links import (AnchorKind, CiteLink, PageIndex, ReferenceList, anchor_name, citation_links,
                            classify_anchor, contradicted_links, linked_ranges, overlaps, unresolved_citation_links)
from citelens.model import Analysis, Bookmark, Box, Citation, Document, Link, OutlineItem, Reference
from citelens.outline import section_bookmarks
from citelens.params import PARAMS, Params
from citelens.patterns import ANCHOR_NUMBERS, CITE_KEY_PREFIX, NUMERIC_RANGE, TITLE_NUMBERING

# ------------------------------------------------------------------------------------------ outline


def _norm(title: str) -> str:
    """A title without its numbering, case and accents. An extractor may hand a PDF's accent over as a
    spacing mark beside its letter ("Maran˜o´n" for "Marañón"): both spellings lose their accents."""
    return " ".join(fold(TITLE_NUMBERING.sub("", title)).replace("-", " ").split())


def titles_match(a: str, b: str, params: Params = PARAMS) -> bool:
    """Fuzzy equality of two heading titles, ignoring numbering and case; two different section numbers
    in digits are two different sections.

    >>> titles_match("3.2 Related Work", "Related work"), titles_match("Results", "Methods")
    (True, False)
    """
    x, y = _norm(a), _norm(b)
    if _section_number(a) != _section_number(b) and None not in (_section_number(a), _section_number(b)):
        return False  # "3. Tiling" (a list item) and "4 Tiling" are different lines, however alike their words
    return bool(x) and bool(y) and fuzz.ratio(x, y) >= params.evaluation.title_ratio


def _section_number(title: str) -> str | None:
    """The title's section number when it is one in digits ("4.2." → "4.2"); None for none or another kind
    (an IEEEtran bookmark numbers "III-B" what the page prints "B.")."""
    m = TITLE_NUMBERING.match(title)
    number = m.group("number").rstrip(".") if m else ""
    return number if number.replace(".", "").isdigit() else None


def _ratio(num: int, den: int, empty: float) -> float:
    return num / den if den else empty


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


@dataclass(frozen=True, slots=True)
class OutlineScore:
    detected: int
    expected: int
    matched: int

    @property
    def precision(self) -> float:
        return _ratio(self.matched, self.detected, 1.0 if not self.expected else 0.0)

    @property
    def recall(self) -> float:
        return _ratio(self.matched, self.expected, 1.0)

    @property
    def f1(self) -> float:
        return _f1(self.precision, self.recall)

    def __add__(self, other: OutlineScore) -> OutlineScore:
        return OutlineScore(self.detected + other.detected, self.expected + other.expected,
                            self.matched + other.matched)

    def to_json(self) -> dict[str, Any]:
        return {"detected": self.detected, "expected": self.expected, "matched": self.matched,
                "precision": _r(self.precision), "recall": _r(self.recall), "f1": _r(self.f1)}


def score_outline(detected: Sequence[OutlineItem], bookmarks: Sequence[Bookmark],
                  params: Params = PARAMS) -> OutlineScore:
    """One-to-one matching: same page, fuzzily equal title, against :func:`section_bookmarks`."""
    expected = list(section_bookmarks(bookmarks))
    used: set[int] = set()
    matched = 0
    for d in detected:
        for i, b in enumerate(expected):
            if i not in used and b.page == d.page and titles_match(d.title, b.title, params):
                used.add(i)
                matched += 1
                break
    return OutlineScore(len(detected), len(expected), matched)


# ------------------------------------------------------------------------------------------ markers


def _r(x: float) -> float:
    return round(x, 4)


@dataclass(frozen=True, slots=True)
class Tally:
    """The counts every citation figure is computed from; they add up across papers."""

    predicted: int = 0  # predicted citations
    predicted_linked: int = 0  # ... meeting at least one link marker
    links: int = 0  # link markers (resolved or not)
    links_found: int = 0  # ... met by at least one predicted citation
    resolved: int = 0  # link markers whose entry is known
    entry_checked: int = 0  # resolved markers met by a predicted citation
    entry_correct: int = 0  # ... one of which names the marker's entry (= resolved markers found)
    units: int = 0  # (citation, resolved marker) pairs, plus one per citation meeting no marker
    units_correct: int = 0
    extra_entries: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    @property
    def marker_precision(self) -> float:
        return _ratio(self.predicted_linked, self.predicted, 0.0)

    @property
    def marker_recall(self) -> float:
        return _ratio(self.links_found, self.links, 0.0)

    @property
    def marker_f1(self) -> float:
        return _f1(self.marker_precision, self.marker_recall)

    @property
    def entry_accuracy(self) -> float:
        return _ratio(self.entry_correct, self.entry_checked, 0.0)

    @property
    def entry_precision(self) -> float:
        return _ratio(self.units_correct, self.units, 0.0)

    @property
    def entry_recall(self) -> float:
        return _ratio(self.entry_correct, self.resolved, 0.0)

    @property
    def entry_f1(self) -> float:
        return _f1(self.entry_precision, self.entry_recall)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("marker_precision", "marker_recall", "marker_f1", "entry_accuracy", "entry_precision",
                     "entry_recall", "entry_f1"):
            out[name] = _r(getattr(self, name))
        return out


@dataclass(frozen=True, slots=True)
class _Marker:
    page: int
    rect: Box
    ref_index: int | None


def _meets(c: Citation, m: _Marker, params: Params) -> bool:
    r = m.rect
    return c.page == m.page and any(b[1] < r[3] and b[3] > r[1] and b[0] < r[2] and b[2] > r[0]
                                    and overlaps(b, r, params.links) for b in c.boxes)


def tally(citations: Sequence[Citation], markers: Sequence[CiteLink | Link], params: Params = PARAMS) -> Tally:
    """Score predicted citations against link markers (see the module doc for each count).

    ``markers`` are resolved :class:`~citelens.links.CiteLink` objects or unresolved ``Link`` objects.
    """
    ms = [_Marker(m.page, m.rect, m.ref_index if isinstance(m, CiteLink) else None) for m in markers]
    by_page: dict[int, list[int]] = {}
    for j, m in enumerate(ms):
        by_page.setdefault(m.page, []).append(j)
    met_by: dict[int, list[int]] = {}  # marker → citations meeting it
    predicted_linked = units = units_correct = extra = 0
    for i, c in enumerate(citations):
        hits = [j for j in by_page.get(c.page, ()) if _meets(c, ms[j], params)]
        for j in hits:
            met_by.setdefault(j, []).append(i)
        if not hits:
            units += 1  # a false marker
            continue
        predicted_linked += 1
        named = [r for j in hits if (r := ms[j].ref_index) is not None]
        units += len(named)
        units_correct += sum(r in c.ref_indexes for r in named)
        if named:
            lo, hi = min(named), max(named)
            ranged = len(set(named)) >= 2 and NUMERIC_RANGE.search(c.text) is not None
            extra += sum(1 for k in set(c.ref_indexes) if k not in named and not (ranged and lo < k < hi))
    resolved = [j for j, m in enumerate(ms) if m.ref_index is not None]
    checked = [j for j in resolved if j in met_by]
    correct = sum(any(ms[j].ref_index in citations[i].ref_indexes for i in met_by[j]) for j in checked)
    return Tally(
        predicted=len(citations), predicted_linked=predicted_linked, links=len(ms), links_found=len(met_by),
        resolved=len(resolved), entry_checked=len(checked), entry_correct=correct, units=units,
        units_correct=units_correct, extra_entries=extra,
    )


# -------------------------------------------------------------------------------------------- paper


@dataclass(frozen=True, slots=True)
class _OwnList:
    """The analysis's reference list, when the caller has no ``ReferenceList`` at hand."""

    references: tuple[Reference, ...]
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True, slots=True)
class PaperScore:
    name: str
    tally: Tally
    partial: bool  # links cover only part of the markers: precisions pooled apart
    references: int  # entries the analysis found
    link_targets: int  # distinct entries the PDF's citation links point at
    outline: OutlineScore | None  # None: the PDF has no usable section bookmarks
    contradicted: int = 0  # links whose printed author and year name another entry than their target
    entry_anchors: int = 0  # named destinations of the kind the citation links use (see the module's doc)

    @property
    def entries_marked(self) -> int:
        """How many entries the PDF marks: the truth the reference count is scored against."""
        return max(self.link_targets, self.entry_anchors)

    @property
    def reference_error(self) -> int:
        return self.references - self.entries_marked

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "partial": self.partial, "citations": self.tally.to_json(),
                "references": self.references, "link_targets": self.link_targets,
                "entry_anchors": self.entry_anchors, "reference_error": self.reference_error,
                "outline": None if self.outline is None else self.outline.to_json(),
                "contradicted": self.contradicted}


def reference_list(document: Document, params: Params = PARAMS) -> ReferenceList:
    """The reference list the text of ``document`` holds, read as the analysis reads it (the PDF's own links and
    bookmarks ignored, a draft's line numbers set aside): :func:`evaluate`'s ``refs``."""
    from citelens.references import find_references

    pages = without_line_numbers(document.without_pdf_structure().pages, params.layout)
    return find_references(text_map(pages, params=params.layout), params.references)


def evaluate(document: Document, analysis: Analysis, refs: ReferenceList | None = None, *,
             name: str | None = None, partial: bool | None = None, params: Params = PARAMS) -> PaperScore:
    """Score a text-only ``analysis`` of ``document`` against the document's own links and bookmarks.

    ``refs``: the analysis's ``ReferenceList`` if at hand (:func:`reference_list`: its offsets sharpen which
    links start inside the list); by default the analysis's references. ``partial``: force the partial-links flag.
    The links are read on the text as the analysis reads it (a draft's line numbers set aside).
    """
    own: ReferenceList = refs if refs is not None else _OwnList(analysis.references)
    tm = text_map(without_line_numbers(document.pages, params.layout), params=params.layout)
    index = PageIndex(tm, params.links)
    resolved = citation_links(document.links, own, tm, params.links, index)
    lost = unresolved_citation_links(document.links, own, tm, params.links, index)
    slips = contradicted_links(resolved, own.references, tm, params.links, index)
    markers = [Link(lk.page, lk.rect, None, dest_name=lk.dest_name) if i in slips else lk for i, lk in enumerate(resolved)]
    t = tally(analysis.citations, (*markers, *lost), params)
    targets = {lk.dest_name if lk.dest_name is not None else ("@", lk.ref_index) for lk in resolved}
    targets |= {lk.dest_name for lk in lost}
    # The middle of a range linked only at its ends ("[6–9]" linked at 6 and 9): marked by the printed range.
    linked = {lk.ref_index for lk in resolved}
    targets |= {("@", k) for end, start in linked_ranges(resolved, tm, index, params.links).items()
                for k in range(resolved[start].ref_index + 1, resolved[end].ref_index) if k not in linked}
    if partial is None:
        ev = params.evaluation
        partial = t.links > 0 and t.predicted >= ev.partial_min_markers \
            and t.links < ev.partial_coverage * t.predicted \
            and len(targets) < ev.partial_coverage * len(analysis.references)
    outline = score_outline(analysis.outline, document.bookmarks, params) \
        if section_bookmarks(document.bookmarks) else None
    anchors = entry_anchors(document.destinations, [lk.dest_name for lk in (*resolved, *lost)])
    return PaperScore(name or analysis.source.file or "", t, partial, len(analysis.references), len(targets),
                      outline, len(slips), anchors)


def anchor_kind(name: str | None) -> str | None:
    """The kind of a bibliography anchor: its name with its numbers taken out, or a keyed anchor's prefix;
    None for a name that is no bibliography anchor.

    >>> anchor_kind("bib12"), anchor_kind("e107_ref3"), anchor_kind("/cite.kempe2003"), anchor_kind("figure.2")
    ('bib#', 'e#_ref#', '/cite.', None)
    """
    name = anchor_name(name)
    kind, _number = classify_anchor(name)
    if kind is AnchorKind.NUMBERED:
        return ANCHOR_NUMBERS.sub("#", name)
    if kind is AnchorKind.KEYED:
        return CITE_KEY_PREFIX.match(name).group(0)
    return None


def entry_anchors(destinations: Iterable[str], link_dests: Iterable[str | None]) -> int:
    """How many named destinations are bibliography anchors of a kind the citation links point at (the
    largest such kind): 0 where the links use no named anchor, or names that say nothing (InDesign's
    ``...indd:Anchor 12`` is set on figures too).

    >>> entry_anchors(["cite.a", "cite.b", "cite.c", "figure.1", "page.1"], ["cite.a"])
    3
    >>> entry_anchors(["B1", "B2", "B3", "B1-R", "cite.B1", "cite.B2"], ["B1", "B2", None])
    3
    """
    kinds = {anchor_kind(d) for d in link_dests if d is not None} - {None}
    counts = Counter(k for k in map(anchor_kind, set(destinations)) if k in kinds)
    return max(counts.values(), default=0)


# ---------------------------------------------------------------------------------------- summary


@dataclass(frozen=True, slots=True)
class Summary:
    papers: int
    linked_papers: int  # papers with at least one link marker
    full: Tally = field(default_factory=Tally)  # papers whose links cover their markers
    partial: Tally = field(default_factory=Tally)  # partially linked papers (precisions apart)
    outline: OutlineScore = field(default_factory=lambda: OutlineScore(0, 0, 0))
    outline_papers: int = 0
    reference_error: float | None = None  # mean |entries found − entries marked| / entries marked
    contradicted: int = 0  # links left out of the ground truth: their printed author and year name another entry

    @property
    def all(self) -> Tally:
        """Every linked paper: use its recalls and accuracies, not its precisions."""
        return self.full + self.partial

    def to_json(self) -> dict[str, Any]:
        return {"papers": self.papers, "linked_papers": self.linked_papers, "full": self.full.to_json(),
                "partial": self.partial.to_json(), "all": self.all.to_json(),
                "outline_papers": self.outline_papers, "outline": self.outline.to_json(),
                "reference_error": None if self.reference_error is None else _r(self.reference_error),
                "contradicted": self.contradicted}


def summarize(scores: Iterable[PaperScore]) -> Summary:
    """Pool paper scores: counts are summed (micro averages), partial papers apart."""
    scores = list(scores)
    linked = [s for s in scores if s.tally.links]
    full = sum((s.tally for s in linked if not s.partial), Tally())
    part = sum((s.tally for s in linked if s.partial), Tally())
    outlines = [s.outline for s in scores if s.outline is not None]
    errors = [abs(s.reference_error) / s.entries_marked for s in linked if s.entries_marked]
    return Summary(len(scores), len(linked), full, part, sum(outlines, OutlineScore(0, 0, 0)), len(outlines),
                   sum(errors) / len(errors) if errors else None, sum(s.contradicted for s in scores))


def render_table(scores: Sequence[PaperScore], summary: Summary) -> str:
    """A plain-text table: one row per paper, then the pooled figures."""
    head = f"{'paper':<44} {'links':>5} {'pred':>5} {'mP':>5} {'mR':>5} {'mF1':>5} {'acc':>5} " \
           f"{'eP':>5} {'eR':>5} {'eF1':>5} {'refs':>9} {'outF1':>5}"
    lines = [head, "-" * len(head)]

    def pct(x: float, defined: bool = True) -> str:
        return f"{x:5.2f}" if defined else f"{'-':>5}"

    def row(label: str, t: Tally, refs: str, outline: str, flag: str = "") -> str:
        if not t.links:
            cites = f"{'-':>5} {t.predicted:>5} " + " ".join(f"{'-':>5}" for _ in range(7))
        else:
            cites = (f"{t.links:>5} {t.predicted:>5} {pct(t.marker_precision, t.predicted > 0)} "
                     f"{pct(t.marker_recall)} {pct(t.marker_f1)} {pct(t.entry_accuracy, t.entry_checked > 0)} "
                     f"{pct(t.entry_precision, t.units > 0)} {pct(t.entry_recall, t.resolved > 0)} "
                     f"{pct(t.entry_f1)}")
        return f"{label[:44]:<44} {cites} {refs:>9} {outline:>5}{flag}"

    for s in scores:
        refs = f"{s.references}/{s.entries_marked}" if s.tally.links else f"{s.references}/-"
        outline = "-" if s.outline is None else pct(s.outline.f1)
        lines.append(row(s.name, s.tally, refs, outline, "  partial links" if s.partial else ""))
    lines.append("-" * len(head))
    err = "-" if summary.reference_error is None else f"±{summary.reference_error:.0%}"
    lines.append(row(f"ALL fully linked ({summary.linked_papers - _count_partial(scores)} papers)",
                     summary.full, err, pct(summary.outline.f1)))
    if summary.partial.links:
        lines.append(row(f"ALL partially linked ({_count_partial(scores)})", summary.partial, "", ""))
        lines.append(row("ALL linked (use R and acc only)", summary.all, "", ""))
    lines.append(f"papers {summary.papers}, with citation links {summary.linked_papers}, "
                 f"with section bookmarks {summary.outline_papers}; links = link markers, pred = predicted "
                 "citations, m = markers, acc = marker→entry accuracy, e = combined marker→entry, "
                 "refs = entries found / entries the PDF marks (link targets, or its anchors of their kind; "
                 "pooled: mean relative error); "
                 f"{summary.contradicted} links whose printed author and year name another entry than their "
                 "target judged as links of an unknown entry")
    return "\n".join(lines)


def _count_partial(scores: Sequence[PaperScore]) -> int:
    return sum(1 for s in scores if s.partial and s.tally.links)
