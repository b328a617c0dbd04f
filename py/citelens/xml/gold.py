"""The PDF analysis of a paper, scored against the exact citations of its XML version.

Input: an :class:`~citelens.xml.article.XmlArticle` (the gold standard) and an
:class:`~citelens.model.Analysis` of the same article's PDF. Output: a :class:`GoldScore` of counts that add
up across papers; :func:`render_gold` prints them. Pure functions.

Alignment
---------
*Entries.* A PDF entry is the XML entry with the same number when both lists are numbered (labels "12",
"[12]", "12."); otherwise the XML entry whose raw text is most alike (rapidfuzz ``token_set_ratio`` of at
least ``ENTRY_RATIO``), each XML entry taken once, best pairs first.

*Markers.* The XML's placed citation elements are grouped into markers as a reader sees them: elements
separated only by brackets, commas, semicolons or dashes are one marker ("[1], [2], [3]"). A PDF
citation and an XML marker are the same place when the letters around them agree: the last
``CONTEXT`` letters before the marker, or before and inside it ("Smith et al. (2001)" where the XML links
only "2001"), or the first letters after it, compared over the length both have (at least ``MIN_LETTERS``;
the PDF side is cut at its sentence) with ``fuzz.ratio`` of at least ``CONTEXT_RATIO``. Letters only,
case-folded, without diacritics: digits, brackets, spaces and accents (a PDF may set "´" beside its
letter) differ between the two renderings of one text. Each PDF citation
goes to its best XML marker (ties: the one nearest in relative position), and to the XML markers just
before it that its own text covers (one parenthesis of author-year citations whose XML links each year
apart); several PDF citations may share one XML marker (a group the PDF path splits).

Figures
-------
- **marker recall** = XML markers met by a PDF citation / XML markers;
  **marker precision** = PDF citations meeting an XML marker / PDF citations. PDF citations in tables,
  captions and footnotes have no XML marker to meet (the XML counts those apart): they lower precision.
- **entry recall** = (XML marker, entry) links whose entry is among the mapped entries of the PDF
  citations meeting the marker / all links of the XML markers (a range names every entry between);
  **entry precision** = entries named by matched PDF citations that the marker names / entries they name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from rapidfuzz import fuzz

from citelens.ids import letters
from citelens.model import Analysis, Citation, Reference
from citelens.xml.article import XmlArticle, XmlReference, numeric_label

CONTEXT = 30  # letters compared on each side of a marker
MIN_LETTERS = 8  # fewer letters than this on a side say nothing
CONTEXT_RATIO = 85.0
ENTRY_RATIO = 60.0

# What joins the elements of one marker as a reader sees it: "], [" in "[1], [2]", "; " in "1; 2", "–".
MARKER_JOIN = re.compile(r"^ [\s,;\[\]()\u2013\u2014-]{0,6} $", re.X)


def _r(x: float) -> float:
    return round(x, 4)


@dataclass(frozen=True, slots=True)
class GoldScore:
    name: str = ""
    markers: int = 0  # XML markers (grouped citation elements) placed in the text
    markers_found: int = 0  # ... met by at least one PDF citation
    predicted: int = 0  # PDF citations
    predicted_matched: int = 0  # ... meeting an XML marker
    links: int = 0  # (XML marker, entry) pairs
    links_right: int = 0  # ... whose entry a PDF citation meeting the marker names
    named: int = 0  # entries named by matched PDF citations
    named_right: int = 0  # ... that the XML marker names
    xml_references: int = 0
    pdf_references: int = 0
    references_mapped: int = 0  # PDF entries paired with an XML entry

    def __add__(self, other: GoldScore) -> GoldScore:
        counts = {f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self) if f.name != "name"}
        return GoldScore("ALL", **counts)

    @property
    def marker_recall(self) -> float:
        return self.markers_found / self.markers if self.markers else 0.0

    @property
    def marker_precision(self) -> float:
        return self.predicted_matched / self.predicted if self.predicted else 0.0

    @property
    def entry_recall(self) -> float:
        return self.links_right / self.links if self.links else 0.0

    @property
    def entry_precision(self) -> float:
        return self.named_right / self.named if self.named else 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        for name in ("marker_recall", "marker_precision", "entry_recall", "entry_precision"):
            out[name] = _r(getattr(self, name))
        return out


def map_references(pdf: Sequence[Reference], xml: Sequence[XmlReference]) -> dict[int, str]:
    """PDF entry index → XML entry id (see the module doc)."""
    by_number: dict[int, str] = {}
    for r in xml:
        n = numeric_label(r.label)
        if n is not None:
            by_number.setdefault(n, r.id)
    out: dict[int, str] = {}
    pdf_numbered = sum(numeric_label(r.label) is not None for r in pdf)
    if by_number and pdf_numbered >= len(pdf) / 2:
        for r in pdf:
            n = numeric_label(r.label)
            if n is not None and n in by_number:
                out[r.index] = by_number[n]
        return out
    pairs = []
    folded = [(r.id, " ".join(r.raw.casefold().split())) for r in xml]
    for p in pdf:
        raw = " ".join(p.raw.casefold().split())
        for xid, xraw in folded:
            score = fuzz.token_set_ratio(raw, xraw, score_cutoff=ENTRY_RATIO)
            if score:
                pairs.append((score, p.index, xid))
    used: set[str] = set()
    for _score, index, xid in sorted(pairs, key=lambda t: -t[0]):
        if index not in out and xid not in used:
            out[index] = xid
            used.add(xid)
    return out


@dataclass(frozen=True, slots=True)
class _Side:
    before: str
    with_marker: str
    after: str
    start: int = 0  # the marker's offsets in the XML text (XML side only)
    end: int = 0
    sentence: tuple[int, int] = (0, 0)


def _xml_markers(article: XmlArticle) -> list[tuple[_Side, tuple[str, ...]]]:
    """The XML's markers as a reader sees them (elements joined), with their letters around and ids."""
    groups: list[list[int]] = []
    cits = article.citations
    for k, c in enumerate(cits):
        if groups and MARKER_JOIN.match(article.text[cits[groups[-1][-1]].end:c.start]) \
                and cits[groups[-1][-1]].sentence == c.sentence:
            groups[-1].append(k)
        else:
            groups.append([k])
    text = article.text
    out = []
    for g in groups:
        start, end = cits[g[0]].start, cits[g[-1]].end
        ids = tuple(dict.fromkeys(i for k in g for i in cits[k].ref_ids))
        lo = max(0, start - 5 * CONTEXT)
        side = _Side(letters(text[lo:start])[-CONTEXT:], letters(text[lo:end])[-CONTEXT:],
                     letters(text[end:end + 5 * CONTEXT])[:CONTEXT], start, end, cits[g[0]].sentence)
        out.append((side, ids))
    return out


def _pdf_side(c: Citation) -> _Side | None:
    s = c.sentence
    if s is None:
        return None
    return _Side(letters(s.text[:s.start])[-CONTEXT:], letters(s.text[:s.end])[-CONTEXT:],
                 letters(s.text[s.end:])[:CONTEXT])


def _tail_ratio(a: str, b: str) -> float:
    n = min(len(a), len(b))
    return fuzz.ratio(a[-n:], b[-n:]) if n >= MIN_LETTERS else 0.0


def _head_ratio(a: str, b: str) -> float:
    n = min(len(a), len(b))
    return fuzz.ratio(a[:n], b[:n]) if n >= MIN_LETTERS else 0.0


def _alike(x: _Side, p: _Side) -> float:
    return max(_tail_ratio(x.before, p.before), _tail_ratio(x.with_marker, p.with_marker),
               _head_ratio(x.after, p.after))


def match_markers(xml: Sequence[_Side], pdf: Sequence[_Side | None], text: str = "",
                  pdf_texts: Sequence[str] = ()) -> list[tuple[int, ...]]:
    """For each PDF citation, the XML markers at its place: the best by context, and the XML markers
    just before it that the PDF citation's own text covers ("(Hare et al., 2002; Topál et al., 2009)" is
    one PDF citation and two XML markers where the XML links the years only)."""
    out: list[tuple[int, ...]] = []
    n, m = len(xml), len(pdf)
    for j, p in enumerate(pdf):
        if p is None:
            out.append(())
            continue
        best: tuple[float, float] | None = None
        pick = None
        for i, x in enumerate(xml):
            score = _alike(x, p)
            if score < CONTEXT_RATIO:
                continue
            key = (score, -abs(i / max(n, 1) - j / max(m, 1)))
            if best is None or key > best:
                best, pick = key, i
        if pick is None:
            out.append(())
            continue
        found = [pick]
        own = letters(pdf_texts[j]) if j < len(pdf_texts) else ""
        k = pick - 1
        while own and k >= 0 and xml[k].sentence == xml[pick].sentence \
                and xml[pick].end - xml[k].start <= len(pdf_texts[j]) + 2 \
                and letters(text[xml[k].start:xml[pick].end]) in own:
            found.append(k)
            k -= 1
        out.append(tuple(sorted(found)))
    return out


def score_gold(article: XmlArticle, analysis: Analysis, *, name: str = "") -> GoldScore:
    """Score ``analysis`` (of the PDF) against ``article`` (its XML version)."""
    ref_map: Mapping[int, str] = map_references(analysis.references, article.references)
    xml = _xml_markers(article)
    hits = match_markers([side for side, _ in xml], [_pdf_side(c) for c in analysis.citations], article.text,
                         [c.text for c in analysis.citations])
    met: dict[int, list[Citation]] = {}
    named = named_right = 0
    for c, found in zip(analysis.citations, hits, strict=True):
        for i in found:
            met.setdefault(i, []).append(c)
        ids = {x for i in found for x in xml[i][1]}
        if found:
            for k in c.ref_indexes:
                named += 1
                named_right += ref_map.get(k) in ids
    links = links_right = 0
    for i, (_side, ids) in enumerate(xml):
        named_here = {ref_map.get(k) for c in met.get(i, ()) for k in c.ref_indexes}
        links += len(ids)
        links_right += sum(x in named_here for x in ids)
    return GoldScore(
        name=name, markers=len(xml), markers_found=len(met), predicted=len(analysis.citations),
        predicted_matched=sum(bool(found) for found in hits), links=links, links_right=links_right, named=named,
        named_right=named_right, xml_references=len(article.references),
        pdf_references=len(analysis.references), references_mapped=len(ref_map),
    )


def render_gold(scores: Mapping[str, GoldScore]) -> str:
    """One row per mode (or paper): markers, recall/precision of markers and of their entries."""
    head = f"{'':<24} {'xml':>5} {'pdf':>5} {'mR':>5} {'mP':>5} {'eR':>5} {'eP':>5} {'refs x/p/mapped':>16}"
    lines = [head, "-" * len(head)]
    for label, s in scores.items():
        lines.append(f"{label[:24]:<24} {s.markers:>5} {s.predicted:>5} {s.marker_recall:5.2f} "
                     f"{s.marker_precision:5.2f} {s.entry_recall:5.2f} {s.entry_precision:5.2f} "
                     f"{f'{s.xml_references}/{s.pdf_references}/{s.references_mapped}':>16}")
    lines.append("xml = XML markers (elements joined as read), pdf = PDF citations, m = markers found, "
                 "e = marker→entry links (R: XML links found, P: PDF entries right)")
    return "\n".join(lines)
