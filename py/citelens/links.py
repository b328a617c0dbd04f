"""Exact links first: the PDF's own Link annotations that point into the reference list.

Input: the document's :class:`~citelens.model.Link` annotations, the reference stage's
``ReferenceList`` (its ``references``, ``start`` and ``end``) and the document's
:class:`~citelens.layout.TextMap`.
Output: one :class:`CiteLink` per annotation that lands on a bibliography entry, carrying that entry's
``Reference.index``; and :func:`merge_citations`, which lets those exact links overrule the heuristic
citations they overlap.

Which links. A destination is a bibliography entry when its name says so (hyperref ``cite.KEY``,
publisher anchors ``bib12``, ``CR12``, ``lb0205``, ... see ``patterns.CITE_ANCHOR``), or, for an
unnamed (explicit) or opaque destination (InDesign's ``Anchor 3``), when its point lands on an entry.
Never: figure, table, section, equation, footnote or page anchors (``patterns.NOT_CITE_ANCHOR``), and
no link whose own rectangle lies in the reference list (back-links, "cited on page" links).

Which entry. Where a destination lands differs by producer (``../shared/corpus/README.md``)::

    hyperref, InDesign    dest ─ ─ ─ ─ ─ ─ ─ ─ ─ ─   ~1.1 font sizes above the entry's first baseline
                          [12] Vaswani, A., Shazeer, N., ...
    rsos                  the same, ~2 font sizes above
    Springer, Cell        a line above to a line below, drifting down the page
    JMIR                  two entries above its own; BMC, ACS: the page only; Elsevier: nowhere near

1. Points. Each paper is consistent with itself, so its own offset is measured first: the tenth of a
   font size at which most destinations have an entry starting (in their column, within ``above`` /
   ``below``). A destination names the one entry at that offset (``tolerance``). "The nearest entry
   below" is wrong whenever the entry before the target is one line long: it sits right under the
   anchor.
2. Numbers. ``bib12`` names the entry labelled 12 when the labels cover the anchors, else the 12th
   entry (Elsevier's ``lb0205``: the 41st, in steps of 5). When most points agree with the paper's
   offset (``geometry_share``) a point beats a number (Cell 2024 renumbered bib19-21); otherwise labels
   stand, and positions drift with the points of nearby destinations where our list is split otherwise
   than the publisher's (:func:`_drift`).
   Where no one offset fits, the points are matched to the entries in order, column by column, the
   offset allowed to drift (Cell Press: from the entry's first line at a column's top to most of an
   entry above it at the bottom, :func:`_align`); the matching stands when its offsets drift in
   proportion down each column and it agrees with most anchor numbers (then a renumbered entry goes
   by its point). A destination's x names its column only where some line starts near it: x = 0
   (Nature, BMC) names the page only.
3. Unnamed and opaque destinations have only their point: they must mostly sit at one offset and name
   about one entry each (F1000 points every link at the list's heading: they name none).

Pieces of one marker (PLOS 2014 links glyph by glyph) are joined into one link.

Invariants: every ``ref_index`` is the index of an entry of ``refs``; the output follows the order of
``links`` (a joined marker where its first piece was); odd destinations (no page, no point, points off
the page) never raise, they are left out.
"""

from __future__ import annotations

import enum
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from citelens.ids import fold
from citelens.layout import TextMap
from citelens.model import Box, Citation, Link, LinkSource, Reference
from citelens.params import PARAMS, LinksParams
from citelens.patterns import (CITE_ANCHOR, LINKED_RANGE, NOT_CITE_ANCHOR, NUMERIC_LABEL, NUMERIC_RANGE,
                               PRINTED_GROUP_BREAK, PRINTED_NAME_WORD, PRINTED_YEAR, REF_SAME_AUTHORS)


class ReferenceList(Protocol):
    """What this stage reads of the reference stage's ``citelens.references.ReferenceList``."""

    @property
    def references(self) -> tuple[Reference, ...]: ...

    @property
    def start(self) -> int | None: ...  # offset in ``tm.text`` where the list begins, if known

    @property
    def end(self) -> int | None: ...

    @property
    def parts(self) -> tuple[ReferenceList, ...]: ...  # a book's lists, one closing each chapter; () for one list


@dataclass(frozen=True, slots=True)
class CiteLink:
    """A Link annotation whose destination is a bibliography entry: the marker's rectangle, and which entry."""

    page: int
    rect: Box
    ref_index: int  # the Reference.index it lands on
    dest_name: str | None

    def to_json(self) -> dict[str, object]:
        return {"page": self.page, "rect": [round(v, 2) for v in self.rect], "ref_index": self.ref_index,
                "dest_name": self.dest_name}


class AnchorKind(enum.StrEnum):
    NUMBERED = "numbered"  # a bibliography anchor carrying a number: bib12, CR12, cite.12
    KEYED = "keyed"  # a bibliography anchor with a key: cite.vaswani2017
    OPAQUE = "opaque"  # unnamed, or a name that says nothing (InDesign "Anchor 3"): its point decides


def anchor_name(name: str | None) -> str | None:
    """A destination name as text: PDF text strings in UTF-16 (byte order mark ``þÿ``) decoded.

    >>> anchor_name("\\xfe\\xff\\x00b\\x00i\\x00b\\x001\\x002"), anchor_name(" cite.x "), anchor_name("")
    ('bib12', 'cite.x', None)
    """
    if name is None:
        return None
    for bom, codec in (("\xfe\xff", "utf-16-be"), ("\xff\xfe", "utf-16-le")):
        if name.startswith(bom):
            try:
                name = name[2:].encode("latin-1").decode(codec)
            except UnicodeError:
                return None
            break
    return name.strip() or None


def classify_anchor(name: str | None) -> tuple[AnchorKind | None, int | None]:
    """What a destination name says: ``(kind, number)``; kind None for anchors that are never citations.

    >>> classify_anchor("bib12"), classify_anchor("cite.vaswani2017"), classify_anchor("figure.3")
    ((<AnchorKind.NUMBERED: 'numbered'>, 12), (<AnchorKind.KEYED: 'keyed'>, None), (None, None))
    """
    if name is None:
        return AnchorKind.OPAQUE, None
    m = CITE_ANCHOR.match(name)
    if m:
        return (AnchorKind.NUMBERED, int(m["number"])) if m["number"] else (AnchorKind.KEYED, None)
    if NOT_CITE_ANCHOR.search(name):
        return None, None
    return AnchorKind.OPAQUE, None


# ------------------------------------------------------------------------------------------- geometry


def overlaps(a: Box, b: Box, params: LinksParams = PARAMS.links) -> bool:
    """Whether two boxes on one page cover the same glyphs (not merely touch: link rectangles are padded).

    >>> overlaps((10, 10, 20, 20), (16, 12, 40, 22)), overlaps((10, 10, 20, 20), (19.5, 10, 40, 20))
    (True, False)
    """
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return False
    return w >= params.overlap_x * max(min(a[2] - a[0], b[2] - b[0]), 1e-6) \
        and h >= params.overlap_y * max(min(a[3] - a[1], b[3] - b[1]), 1e-6)


def overlap_area(a: Box, b: Box) -> float:
    return max(min(a[2], b[2]) - max(a[0], b[0]), 0.0) * max(min(a[3], b[3]) - max(a[1], b[1]), 0.0)


class PageIndex:
    """The TextMap's lines per page, sorted by top edge, to find the lines near a box quickly; and, for each line
    asked about, its items' edges, to find those under a box (:meth:`items_across`). Build one for a text map
    and pass it to each function here that takes ``index``."""

    __slots__ = ("_tm", "_pages", "_params", "_edges")

    def __init__(self, tm: TextMap, params: LinksParams = PARAMS.links) -> None:
        self._tm = tm
        self._params = params
        # Per line asked about: its items' left edges and the furthest right edge reached up to each item, or
        # None where the items do not run left to right.
        self._edges: dict[int, tuple[list[float], list[float]] | None] = {}
        self._pages: dict[int, tuple[list[float], list[int], float]] = {}
        per_page: dict[int, list[tuple[float, int]]] = {}  # (top, line index) of each line, per page
        tallest: dict[int, float] = {}
        for i, line in enumerate(tm.lines):
            top, bottom = line.box[1], line.box[3]
            page = line.page
            if page in per_page:
                per_page[page].append((top, i))
                if bottom - top > tallest[page]:
                    tallest[page] = bottom - top
            else:
                per_page[page] = [(top, i)]
                tallest[page] = bottom - top
        for page, lines in per_page.items():
            lines.sort()  # by top; lines at one height in text order
            self._pages[page] = ([top for top, _ in lines], [i for _, i in lines], tallest[page])

    def lines_near(self, page: int, top: float, bottom: float) -> list[int]:
        """Indexes (into ``tm.lines``) of the page's lines whose vertical extent meets [top, bottom]."""
        entry = self._pages.get(page)
        if entry is None:
            return []
        tops, idxs, tallest = entry
        lo, hi = bisect_left(tops, top - tallest), bisect_right(tops, bottom)
        lines = self._tm.lines
        return [i for i in idxs[lo:hi] if lines[i].box[3] >= top and lines[i].box[1] <= bottom]

    def items_across(self, i: int, x0: float, x1: float) -> range:
        """Positions of the items of line ``i`` that may reach into [x0, x1]: none before the range ends left of
        x0, none after it starts right of x1 (those within it are to be tested one by one)."""
        items = self._tm.lines[i].items
        if i in self._edges:
            edges = self._edges[i]
        else:
            lefts = [item.x for item in items]
            reach: list[float] = []
            right = float("-inf")
            for item in items:
                end = item.x + item.width
                if end > right:
                    right = end
                reach.append(right)
            ordered = all(a <= b for a, b in zip(lefts, lefts[1:], strict=False))
            edges = self._edges[i] = (lefts, reach) if ordered else None
        if edges is None:
            return range(len(items))
        lefts, reach = edges
        return range(bisect_left(reach, x0), bisect_right(lefts, x1))

    def starts_between(self, page: int, x0: float, x1: float) -> bool:
        """Whether some line of the page has its left edge in [x0, x1]."""
        entry = self._pages.get(page)
        return entry is not None and any(x0 <= self._tm.lines[i].box[0] <= x1 for i in entry[1])

    def order(self, page: int, box: Box) -> tuple[int, int, float]:
        """A reading-order key for a box: its page, the line it sits on, its left edge."""
        cy = (box[1] + box[3]) / 2
        best, best_d = -1, float("inf")
        slack = self._params.box_slack
        for i in self.lines_near(page, cy - slack, cy + slack) or self.lines_near(page, box[1], box[3]):
            b = self._tm.lines[i].box
            d = 0.0 if b[0] <= box[0] <= b[2] else min(abs(box[0] - b[0]), abs(box[0] - b[2]))
            if d < best_d:
                best, best_d = i, d
        if best < 0:  # between lines: after the last line that starts above it
            above = [i for i in self.lines_near(page, -1e9, cy)]
            best = max(above) if above else -1
        return (page, best, box[0])


def text_under(tm: TextMap, page: int, rect: Box, index: PageIndex | None = None,
               params: LinksParams = PARAMS.links) -> str:
    """The characters under a rectangle (a link's marker), lines joined by spaces.

    Characters are placed in proportion within their text item, as everywhere in citelens.
    """
    index = index or PageIndex(tm, params)
    parts: list[str] = []
    for i in sorted(index.lines_near(page, rect[1], rect[3])):
        chars: list[str] = []
        items = tm.lines[i].items
        for j in index.items_across(i, rect[0], rect[2]):
            item = items[j]
            text, x, width = item.text, item.x, item.width
            if x + width < rect[0] or x > rect[2]:
                continue  # (an item in the range that ends left of the rectangle: one before it reached further)
            _, y0, _, y1 = item.box
            h = min(rect[3], y1) - max(rect[1], y0)
            if h < params.same_line * min(y1 - y0, rect[3] - rect[1]):
                continue
            n = max(len(text), 1)
            # Only the characters whose centres may fall inside are looked at: a character or two more on either
            # side of the span the rectangle's edges give, each then tested as any other.
            lo, hi = 0, len(text)
            if width > 0:
                first, last = (rect[0] - x) * n / width - 0.5, (rect[2] - x) * n / width - 0.5
                if first == first and last == last:  # (no NaN; infinities are clamped to the text)
                    lo = max(0, int(min(max(first, -2.0), n)) - 1)
                    hi = min(hi, int(min(max(last, -2.0), n)) + 2)
            for k in range(lo, hi):
                cx = x + width * (k + 0.5) / n
                if rect[0] <= cx <= rect[2]:
                    chars.append(text[k])
        if chars:
            parts.append("".join(chars).strip())
    return " ".join(p for p in parts if p)


# ------------------------------------------------------------------------------------ entry starts


@dataclass(frozen=True, slots=True)
class _Start:
    """Where an entry's first line is: page, left edge of its first character, baseline, font size."""

    index: int
    page: int
    x0: float
    baseline: float
    size: float


def _entry_starts(refs: ReferenceList, index: PageIndex, tm: TextMap, params: LinksParams) -> list[_Start]:
    """Each entry's first line: the first line, in reading order, that its box (the union of its lines in
    its first column) holds; the box's left edge for entries that start mid-line."""
    out: list[_Start] = []
    for ref in refs.references:
        start = _start_from_box(ref, tm, index, params)
        if start is not None:
            out.append(start)
    return out


def _start_from_box(ref: Reference, tm: TextMap, index: PageIndex, params: LinksParams) -> _Start | None:
    x0, y0, x1, y1 = ref.box
    best = None
    for i in index.lines_near(ref.page, y0, y1):
        b = tm.lines[i].box
        if b[2] > x0 and b[0] < x1 and min(b[3], y1) - max(b[1], y0) >= params.same_line * (b[3] - b[1]) \
                and (best is None or i < best):
            best = i
    if best is None:
        return None
    line = tm.lines[best]
    return _Start(ref.index, line.page, max(line.box[0], x0), line.baseline, line.size)


# --------------------------------------------------------------------------------------- resolution


@dataclass(frozen=True, slots=True)
class _Dest:
    key: Hashable  # a named destination, or ("@", page, x, y)
    kind: AnchorKind
    number: int | None
    page: int | None
    x: float | None
    y: float | None


Candidates = list[tuple[float, int]]  # (first baseline minus destination y, in font sizes; entry index)


def _column(dest: _Dest, starts: dict[int, list[_Start]], params: LinksParams) -> list[_Start]:
    """The entries of the destination's page in its column (all of the page's when its x says nothing)."""
    if dest.page is None:
        return []
    cands = starts.get(dest.page, [])
    if dest.x is not None:
        cands = [s for s in cands if dest.x - params.column_left <= s.x0 <= dest.x + params.column_right]
    return cands


def _candidates(dest: _Dest, starts: dict[int, list[_Start]], params: LinksParams,
                above: float | None = None, below: float | None = None) -> Candidates:
    """The entries whose first line starts near the destination point, in its column."""
    if dest.y is None:
        return []
    lo = -(params.above if above is None else above)
    hi = params.below if below is None else below
    out: Candidates = []
    for s in _column(dest, starts, params):
        d = (s.baseline - dest.y) / s.size
        if lo <= d <= hi:
            out.append((d, s.index))
    return out


def _plausible_x(x: float | None, page: int | None, index: PageIndex, params: LinksParams) -> float | None:
    """A destination's x if it can name a column: some line of its page starts near it. Producers that
    name only the page write x = 0 (the page's edge, where no text starts) or a value off the text."""
    if x is None or page is None or x <= params.edge_x:
        return None
    return x if index.starts_between(page, x - params.column_left, x + params.column_right) else None


def _calibrate(cands: Sequence[Candidates], params: LinksParams) -> tuple[float | None, int]:
    """The paper's own offset from a destination to its entry's first baseline, and how many
    destinations have an entry at that offset.

    Each producer is consistent with itself (hyperref: ~1.1 font sizes above; rsos: ~2) while the
    nearest entry below is not: a one-line entry before the target sits right under the anchor.
    The offset is the tenth of a font size shared by the most destinations' candidates.
    """
    bins: Counter[int] = Counter()
    for cs in cands:
        for b in {round(d * 10) for d, _ in cs}:
            bins[b] += 1
    if not bins:
        return None, 0
    best = max(bins, key=lambda b: (bins[b - 1] + bins[b] + bins[b + 1], -abs(b - 10)))
    near = sorted(d for cs in cands for d, _ in cs if abs(d * 10 - best) <= params.calibrate_near)
    d0 = near[len(near) // 2]
    hits = sum(any(abs(d - d0) <= params.agree for d, _ in cs) for cs in cands)
    return d0, hits


def _pick(cands: Candidates, d0: float | None, params: LinksParams) -> int | None:
    """The one candidate at the paper's offset; without an offset, the nearest entry starting below."""
    if not cands:
        return None
    if d0 is None:
        below = [c for c in cands if c[0] >= 0]
        return min(below)[1] if below else None
    near = [c for c in cands if abs(c[0] - d0) <= params.tolerance]
    # Two entries at the offset: a destination without x on a two-column page (OUP) names neither.
    return near[0][1] if len(near) == 1 else None


def _align(dests: Sequence[_Dest], starts: dict[int, list[_Start]], d0: float,
           params: LinksParams) -> dict[object, tuple[int, float]]:
    """Destinations matched to entries in order, for producers whose offset drifts down a column.

    Some publisher PDFs (Cell Press) place their destinations by a layout slightly different from
    the page's: a destination is at its entry's first line at the top of a column and up to a whole
    entry above it at the bottom, so no one offset fits the paper. What holds for every producer is
    order and smoothness: down a column, destinations follow their entries in the same order, and
    the offset from one destination to its entry changes little from one destination to the next.
    Per column, the destinations (by y) are matched to entries (by first baseline) strictly in
    order, minimising the change of offset between neighbours plus the first one's distance from
    the paper's usual offset ``d0``; a destination may stay unmatched (its entry missing from our
    list) at a cost of ``drift_skip``. Returns each matched destination's entry and offset.
    """
    groups: dict[tuple[int | None, tuple[int, ...]], list[_Dest]] = {}
    for d in dests:
        col = _column(d, starts, params)
        if d.y is not None and col:
            groups.setdefault((d.page, tuple(sorted(s.index for s in col))), []).append(d)
    out: dict[object, tuple[int, float]] = {}
    skip = params.drift_skip
    for ds in groups.values():
        col = sorted(_column(ds[0], starts, params), key=lambda s: s.baseline)
        ys = sorted({d.y for d in ds if d.y is not None})
        cand = [[(j, (s.baseline - y) / s.size) for j, s in enumerate(col)
                 if -params.drift_above <= (s.baseline - y) / s.size <= params.drift_below] for y in ys]
        # cost[i][k]: the best matching of ys[:i + 1] that matches ys[i] to cand[i][k]
        cost: list[list[float]] = []
        back: list[list[tuple[int, int] | None]] = []
        for i, cs in enumerate(cand):
            row, brow = [], []
            for j, o in cs:
                best, arg = abs(o - d0) + skip * i, None
                for i2 in range(i):
                    for k2, (j2, o2) in enumerate(cand[i2]):
                        if j2 < j:
                            c = cost[i2][k2] + abs(o - o2) + skip * (i - i2 - 1)
                            if c < best:
                                best, arg = c, (i2, k2)
                row.append(best)
                brow.append(arg)
            cost.append(row)
            back.append(brow)
        m = len(ys)
        ends = [(cost[i][k] + skip * (m - 1 - i), i, k) for i in range(m) for k in range(len(cand[i]))]
        if not ends:
            continue
        _, i, k = min(ends)
        matched: dict[float, tuple[int, float]] = {}
        at: tuple[int, int] | None = (i, k)
        while at is not None:
            i, k = at
            j, o = cand[i][k]
            matched[ys[i]] = (col[j].index, o)
            at = back[i][k]
        for d in ds:
            if d.y in matched:
                out[d.key] = matched[d.y]
    return out


def _residual(aligned: dict[object, tuple[int, float]], dests: dict[object, _Dest], params: LinksParams) -> float:
    """How far the matched offsets are from a straight line down each column (mean, in font sizes).

    A drift comes from a layout scaled otherwise than the page, so the offset grows in proportion
    down a column; points unrelated to the entries (JMIR's regular grid) leave offsets scattered.
    """
    cols: dict[tuple[int | None, float | None], set[tuple[float, float]]] = {}
    for k, (_, o) in aligned.items():
        d = dests[k]
        if d.y is not None:
            cols.setdefault((d.page, d.x), set()).add((d.y, o))
    res: list[float] = []
    for pts in cols.values():
        if len(pts) < params.residual_min_points:
            continue
        ys, os = [y for y, _ in pts], [o for _, o in pts]
        my, mo = sum(ys) / len(ys), sum(os) / len(os)
        sxx = sum((y - my) ** 2 for y in ys) or 1.0
        slope = sum((y - my) * (o - mo) for y, o in pts) / sxx
        res.extend(abs(o - mo - slope * (y - my)) for y, o in pts)
    return sum(res) / len(res) if res else float("inf")


class _Scheme(enum.Enum):
    LABEL = "label"  # the entry printed with that number
    INDEX = "index"  # the n-th entry


def _number_scheme(dests: Sequence[_Dest], refs: Sequence[Reference],
                   params: LinksParams) -> tuple[_Scheme, dict[int, int], int] | None:
    """How anchor numbers name entries here: by printed label, or by position in the list.

    Returns the scheme, the entry index of each number it names, and the step between numbers
    (Elsevier numbers its anchors ``lb0005``, ``lb0010``, ...: steps of 5); None if neither names
    entries for ``params.number_coverage`` of the numbered destinations.
    """
    numbers = sorted({d.number for d in dests if d.number is not None})
    if not numbers:
        return None
    step = 5 if len(numbers) >= 3 and all(n % 5 == 0 for n in numbers) else 1
    by_label: dict[int, int] = {}
    for r in refs:
        m = NUMERIC_LABEL.match(r.label or "")
        if m:
            by_label.setdefault(int(m["number"]), r.index)
    indexes = {r.index for r in refs}
    via_label = {n: by_label[n // step] for n in numbers if n % step == 0 and n // step in by_label}
    via_index = {n: n // step for n in numbers if n % step == 0 and n // step in indexes}
    # Printed labels survive a mis-split list, positions do not: labels win a near tie.
    enough = params.number_coverage * len(numbers)
    if len(via_label) >= enough and len(via_label) >= len(via_index) - params.label_tie * len(numbers):
        return _Scheme.LABEL, via_label, step
    if len(via_index) >= enough:
        return _Scheme.INDEX, via_index, step
    return None


def _drift(numbered: Sequence[_Dest], picks: dict[object, int | None], n_entries: int,
           step: int, params: LinksParams) -> dict[object, int]:
    """Anchor numbers as positions in a list we split differently from the publisher (Cell Reports: 77
    entries for anchors up to bib85): ``n`` names entry ``n + offset``, the offset drifting down the list.

    A destination whose point names an entry within ``bound`` of its number takes that entry; the
    others take the median offset of the four nearest such destinations (by number), or none. The
    bound is how far our entry count is from the highest number, so points that are far off (Elsevier
    puts them nowhere near the entries) never move a number.
    """
    ds = sorted(numbered, key=lambda d: d.number or 0)
    ms = [(d.number or 0) // step for d in ds]
    bound = min(abs(n_entries - max(ms)) + 1, params.drift_bound_max)
    pts = [picks.get(d.key) for d in ds]
    offsets = [(k, p - m) for k, (p, m) in enumerate(zip(pts, ms, strict=True))
               if p is not None and abs(p - m) <= bound]
    out: dict[object, int] = {}
    for k, d in enumerate(ds):
        p = pts[k]
        if p is not None and abs(p - ms[k]) <= bound:
            out[d.key] = p
            continue
        near = sorted(o for _, o in sorted(offsets, key=lambda ko: abs(ko[0] - k))[:params.drift_neighbours])
        out[d.key] = ms[k] + (near[len(near) // 2] if near else 0)
    return out


def _resolve(dests: dict[object, _Dest], refs: Sequence[Reference], starts: dict[int, list[_Start]],
             params: LinksParams) -> dict[object, int | None]:
    cands = {k: _candidates(d, starts, params) for k, d in dests.items()}
    named = [k for k, d in dests.items() if d.kind is not AnchorKind.OPAQUE and d.y is not None]
    opaque = [k for k, d in dests.items() if d.kind is AnchorKind.OPAQUE and cands[k]]
    d0, hits = _calibrate([cands[k] for k in named], params)
    geometry_holds = bool(named) and hits >= params.geometry_share * len(named)
    out: dict[object, int | None] = {k: _pick(cands[k], d0, params) for k in named}

    numbered = [d for d in dests.values() if d.number is not None]
    scheme = _number_scheme(numbered, refs, params)
    if named and not geometry_holds:
        # No one offset fits: try points matched in order (a drifting offset). Points and numbers are
        # independent witnesses: the matching is believed where it names most of the destinations,
        # its offsets drift in proportion down each column, and, for numbered anchors, it agrees with
        # their numbers on most of them (a renumbered entry then goes by its point). JMIR's points,
        # a regular grid unrelated to the entries, agree with many numbers by chance but scatter.
        # Numbers that count positions agree within the drift our list's split allows (``_drift``).
        aligned = _align([dests[k] for k in named], starts, params.usual_offset if d0 is None else d0, params)
        agree = None
        if scheme is not None:
            by_number = scheme[1]
            nums = [dests[k] for k in named if dests[k].number is not None and dests[k].key in aligned]
            if scheme[0] is _Scheme.INDEX:
                step = scheme[2]
                bound = min(abs(len(refs) - max((d.number or 0) // step for d in numbered)) + 1, params.drift_bound_max)
                agree = sum(abs((d.number or 0) // step - aligned[d.key][0]) <= bound for d in nums) / max(len(nums), 1)
            else:
                agree = sum(by_number.get(d.number or 0) == aligned[d.key][0] for d in nums) / max(len(nums), 1)
        if len(aligned) >= params.geometry_share * len(named) and (agree is None or agree >= params.drift_agree) \
                and _residual(aligned, dests, params) <= params.drift_residual:
            out = {k: aligned[k][0] if k in aligned else None for k in named}
            geometry_holds = True
    if scheme is not None:
        kind, by_number, step = scheme
        valid = {r.index for r in refs}
        if kind is _Scheme.INDEX and not geometry_holds:
            drifted = _drift(numbered, out, len(refs), step, params)
            out.update({k: v if v in valid else None for k, v in drifted.items()})
        else:
            for d in numbered:
                if geometry_holds and out.get(d.key) is not None:
                    continue  # the point agrees with the paper's offset: it beats a number (Cell's bib19-21)
                idx = by_number.get(d.number or 0)
                out[d.key] = idx if idx is not None else out.get(d.key)

    # Opaque destinations: only the point speaks, so the point must be trustworthy: most of them at one
    # offset, and about one entry each (F1000 points every link at the list's heading).
    if opaque:
        o0, o_hits = _calibrate([cands[k] for k in opaque], params)
        picks = {k: _pick(cands[k], o0, params) for k in opaque}
        found = [v for v in picks.values() if v is not None]
        if o_hits >= params.geometry_share * len(opaque) and len(set(found)) >= params.opaque_distinct * len(found):
            out.update(picks)
    return out


def _in_list(refs: ReferenceList, tm: TextMap) -> dict[int, list[Box]]:
    """Boxes of the bibliography's lines per page (a link starting there is a back-link, not a citation)."""
    out: dict[int, list[Box]] = {}
    if refs.start is not None and refs.end is not None and refs.end > refs.start and tm.lines:
        for part in refs.parts or (refs,):  # (a list closing each chapter: the chapters between are no list)
            if part.start is None or part.end is None:
                continue
            for i in range(tm.line_index(part.start), tm.line_index(max(part.end - 1, part.start)) + 1):
                line = tm.lines[i]
                out.setdefault(line.page, []).append(line.box)
    else:
        for r in refs.references:
            out.setdefault(r.page, []).append(r.box)
    return out


def _inside(page: int, rect: Box, region: dict[int, list[Box]]) -> bool:
    cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
    return any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in region.get(page, ()))


def citation_links(links: Sequence[Link], refs: ReferenceList, tm: TextMap,
                   params: LinksParams = PARAMS.links, index: PageIndex | None = None) -> tuple[CiteLink, ...]:
    """The links that land on a bibliography entry, each with the entry's index (see the module doc).

    Pieces of one marker (PLOS 2014 links glyph by glyph) come out as one link. ``index``: ``tm``'s
    :class:`PageIndex`, where the caller has one (each function of this module that takes it builds it otherwise).
    """
    return _cite_links(links, refs, tm, params, index)[0]


def unresolved_citation_links(links: Sequence[Link], refs: ReferenceList, tm: TextMap,
                              params: LinksParams = PARAMS.links, index: PageIndex | None = None) -> tuple[Link, ...]:
    """Links whose name says "bibliography entry" but that land on no entry of ``refs`` (an entry the
    reference stage missed, or no reference list at all): markers still, of an unknown entry."""
    return _cite_links(links, refs, tm, params, index)[1]


def _cite_links(links: Sequence[Link], refs: ReferenceList, tm: TextMap, params: LinksParams,
                index: PageIndex | None) -> tuple[tuple[CiteLink, ...], tuple[Link, ...]]:
    region = _in_list(refs, tm) if refs.references else {}
    # A page before or after the list (one page of slack for a list found short) holds no entry: an
    # "R12" there is some other publisher anchor.
    pages = [r.page for r in refs.references]
    lo, hi = (min(pages) - 1, max(pages) + 1) if pages else (-(10**9), 10**9)
    candidates: list[tuple[Link, str | None, object]] = []
    dests: dict[object, _Dest] = {}
    index = index or PageIndex(tm, params)
    for link in links:
        name = anchor_name(link.dest_name)
        kind, number = classify_anchor(name)
        if kind is None or _inside(link.page, link.rect, region) \
                or (link.dest_page is not None and not lo <= link.dest_page <= hi):
            continue
        key: Hashable = name if name is not None else ("@", link.dest_page, link.dest_x, link.dest_y)
        if key not in dests:
            dests[key] = _Dest(key, kind, number, link.dest_page,
                               _plausible_x(link.dest_x, link.dest_page, index, params), link.dest_y)
        candidates.append((link, name, key))
    if not candidates:
        return (), ()
    resolved: dict[object, int | None] = {}
    if refs.references:
        starts: dict[int, list[_Start]] = {}
        for s in _entry_starts(refs, index, tm, params):
            starts.setdefault(s.page, []).append(s)
        resolved = _resolve(dests, refs.references, starts, params)
    out: list[CiteLink] = []
    lost: list[Link] = []
    for link, name, key in candidates:
        idx = resolved.get(key)
        if idx is None:
            if dests[key].kind is not AnchorKind.OPAQUE:
                last = lost[-1] if lost else None
                if last is not None and last.page == link.page and last.dest_name == link.dest_name \
                        and _touching(last.rect, link.rect, params):
                    r, q = last.rect, link.rect
                    link = replace(last, rect=(min(r[0], q[0]), min(r[1], q[1]), max(r[2], q[2]), max(r[3], q[3])))
                    lost.pop()
                lost.append(link)
            continue
        out.append(CiteLink(link.page, link.rect, idx, name))
    return _join_pieces(out, params), tuple(lost)


def _join_pieces(links: list[CiteLink], params: LinksParams) -> tuple[CiteLink, ...]:
    """One marker cut into pieces, one link: PLOS 2014 links "[2, 3]" glyph by glyph, the comma after
    the 2 annotated after the 3; some PDFs repeat an annotation. Pieces to one entry that touch on a line
    join, where the first of them stood."""
    first_of: dict[tuple[int, int], list[int]] = {}  # (page, entry) → positions in ``out``
    out: list[CiteLink | None] = []
    for link in links:
        hit = None
        for k in first_of.get((link.page, link.ref_index), ()):
            kept = out[k]
            if kept is not None and _touching(kept.rect, link.rect, params):
                hit = k
                break
        if hit is None:
            first_of.setdefault((link.page, link.ref_index), []).append(len(out))
            out.append(link)
            continue
        kept = out[hit]
        assert kept is not None
        r, q = kept.rect, link.rect
        out[hit] = CiteLink(kept.page, (min(r[0], q[0]), min(r[1], q[1]), max(r[2], q[2]), max(r[3], q[3])),
                            kept.ref_index, kept.dest_name)
    return tuple(c for c in out if c is not None)


def _touching(a: Box, b: Box, params: LinksParams) -> bool:
    """Same line, and no more than a thin gap apart (or overlapping)."""
    h = min(a[3], b[3]) - max(a[1], b[1])
    return h >= params.same_line * min(a[3] - a[1], b[3] - b[1]) and max(a[0], b[0]) - min(a[2], b[2]) <= params.box_slack


# ------------------------------------------------------------------------------------------- merging


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _same_line(a: Box, b: Box, params: LinksParams) -> bool:
    return min(a[3], b[3]) - max(a[1], b[1]) >= params.same_line * min(a[3] - a[1], b[3] - b[1])


def _cover(boxes: Sequence[Box], rect: Box, params: LinksParams) -> tuple[Box, ...]:
    """``boxes`` widened to cover ``rect``: the box on its line that it overlaps or follows closely is
    stretched to its left and right edges (keeping its own top and bottom), else ``rect`` is added."""
    out = list(boxes)
    for k, b in enumerate(out):
        if _same_line(b, rect, params) and max(b[0], rect[0]) - min(b[2], rect[2]) <= 2 * (rect[3] - rect[1]):
            out[k] = w = (min(b[0], rect[0]), b[1], max(b[2], rect[2]), b[3])
            # the boxes of the range's other pieces (two heuristic citations joined) are now inside it
            return tuple(o for j, o in enumerate(out)
                         if j == k or not (_same_line(o, w, params) and w[0] - 1 <= o[0] and o[2] <= w[2] + 1))
    return (*out, rect)


def _beside(rect: Box, boxes: Sequence[tuple[Box, int]], params: LinksParams) -> int:
    """The citation whose box stands nearest beside a link's rectangle that has no area (narrower or lower than
    ``min_extent``: it covers no glyph, nobody can click it; a producer wrote the marker's left edge twice), on its
    line and within half the rectangle's height of it: the marker the link was made for. -2 where none is: the link
    is no citation (a marker of no text)."""
    best, nearest = -2, 0.5 * (rect[3] - rect[1])
    for box, i in boxes:
        if _same_line(box, rect, params):
            gap = max(box[0] - rect[2], rect[0] - box[2], 0.0)
            if gap <= nearest:
                best, nearest = i, gap
    return best


def _linked_range(a: CiteLink, b: CiteLink, tm: TextMap, index: PageIndex, params: LinksParams) -> bool:
    """Whether two links, one after the other, are the ends of one printed range: "[3–7]" linked at "3"
    and "7" (hyperref and most publishers link a range only at its ends).

    The text from the start of ``a`` to the end of ``b`` on their line must be two numbers joined by a
    dash, rising by as many entries as the links do: in numbered styles labels count the entries, so a
    range "3–7" names five consecutive entries, while years joined by a dash ("2001–2003") do not.
    """
    if a.page != b.page or not _same_line(a.rect, b.rect, params) or b.rect[0] < a.rect[2] - params.box_slack:
        return False
    span = b.ref_index - a.ref_index
    if not 0 < span <= params.range_max:
        return False
    top, bottom = max(a.rect[1], b.rect[1]), min(a.rect[3], b.rect[3])
    m = LINKED_RANGE.match(text_under(tm, a.page, (a.rect[0], top, b.rect[2], bottom), index, params))
    return m is not None and int(m["last"]) - int(m["first"]) == span


def linked_ranges(links: Sequence[CiteLink], tm: TextMap, index: PageIndex | None = None,
                  params: LinksParams = PARAMS.links) -> dict[int, int]:
    """The ranges ``links`` reach only at their ends (:func:`_linked_range`), as a map from each range's
    end link to its start link (positions in ``links``), in reading order."""
    index = index or PageIndex(tm, params)
    order = sorted(range(len(links)), key=lambda k: index.order(links[k].page, links[k].rect))
    return {k2: k1 for k1, k2 in zip(order, order[1:], strict=False)
            if _linked_range(links[k1], links[k2], tm, index, params)}


def merge_citations(from_links: Sequence[CiteLink], heuristic: Sequence[Citation], tm: TextMap,
                    params: LinksParams = PARAMS.links, index: PageIndex | None = None) -> tuple[Citation, ...]:
    """Exact links first.

    Each link goes to the heuristic citation it overlaps most (on its page). A citation given links
    keeps its text and boxes, takes its entries from the links (plus its own entries strictly inside a
    numeric range the links reach only at its ends, ``[3-7]``) and becomes ``pdf-link``; a citation
    given none stays as it is. A link no citation covers becomes a citation of its own: the text under
    its rectangle, the rectangle as its box; one whose rectangle has no area goes to the citation beside it, or
    is none (:func:`_beside`). Sorted by page and reading order.

    A range linked only at its ends (:func:`_linked_range`) is one citation naming every entry from
    its start to its end, in list order, its boxes covering the whole range: the two ends join the same
    citation (the start's, else the end's, else a new one), and two heuristic citations the range
    spans become one.
    """
    index = index or PageIndex(tm, params)
    by_page: dict[int, list[tuple[Box, int]]] = {}
    for i, c in enumerate(heuristic):
        by_page.setdefault(c.page, []).extend((box, i) for box in c.boxes)
    owner: list[int] = []  # per link: the heuristic citation it goes to, -1 (none: a citation of its own) or -2
    for link in from_links:
        best, best_area = -1, 0.0
        r = link.rect
        for box, i in by_page.get(link.page, ()):
            if box[1] < r[3] and box[3] > r[1] and box[0] < r[2] and box[2] > r[0] and overlaps(box, r, params):
                area = overlap_area(box, r)
                if area > best_area:
                    best, best_area = i, area
        if best < 0 and (r[2] - r[0] < params.min_extent or r[3] - r[1] < params.min_extent):
            best = _beside(r, by_page.get(link.page, ()), params)
        owner.append(best)

    key = {k: index.order(lk.page, lk.rect) for k, lk in enumerate(from_links)}
    range_start = linked_ranges(from_links, tm, index, params)  # a range's end link → its start link
    absorbed: dict[int, int] = {}  # a heuristic citation → the one it became part of
    orphan_group: dict[int, int] = {}  # an orphan link → the first link of its range

    def root(i: int) -> int:
        while i in absorbed:
            i = absorbed[i]
        return i

    for k2, k1 in range_start.items():  # in reading order
        o1 = root(owner[k1]) if owner[k1] >= 0 else -1
        o2 = root(owner[k2]) if owner[k2] >= 0 else -1
        if o1 >= 0 and o2 >= 0 and o1 != o2:
            absorbed[o2] = o1
        elif o1 >= 0:
            owner[k2] = o1
        elif o2 >= 0:
            owner[k1] = o2
        else:
            orphan_group[k2] = orphan_group.get(k1, k1)

    def entries(ks: list[int]) -> list[int]:
        ids: list[int] = []
        for k in sorted(ks, key=lambda k: key[k]):
            start = range_start.get(k)
            if start is not None and start in ks:
                ids.extend(range(from_links[start].ref_index + 1, from_links[k].ref_index))
            ids.append(from_links[k].ref_index)
        return list(dict.fromkeys(ids))

    owned: dict[int, list[int]] = {}
    orphans: dict[int, list[int]] = {}
    for k in range(len(from_links)):
        if owner[k] >= 0:
            owned.setdefault(root(owner[k]), []).append(k)
        elif owner[k] == -1:
            orphans.setdefault(orphan_group.get(k, k), []).append(k)

    parts: dict[int, list[int]] = {}  # a citation → the heuristic citations it is made of
    for i in range(len(heuristic)):
        parts.setdefault(root(i), []).append(i)
    keyed: list[tuple[tuple[int, int, float], Citation]] = []
    for i, c in enumerate(heuristic):
        if i in absorbed:
            continue
        ks = owned.get(i)
        if ks:
            ids = entries(ks)
            boxes = tuple(b for j in parts[i] for b in heuristic[j].boxes)
            for k in ks:
                if range_start.get(k) in ks:
                    boxes = _cover(boxes, _union(from_links[range_start[k]].rect, from_links[k].rect), params)
            text = c.text if len(parts[i]) == 1 and boxes == c.boxes \
                else " ".join(text_under(tm, c.page, b, index, params) for b in boxes)
            if len(ids) >= 2 and NUMERIC_RANGE.search(c.text):
                linked = [lk for lk in ids if lk in {from_links[k].ref_index for k in ks}]
                lo, hi = min(linked), max(linked)
                inner = [j for j in c.ref_indexes if lo < j < hi and j not in ids]
                ids = sorted(ids + inner) if inner else ids
            c = replace(c, text=text, ref_indexes=tuple(ids), boxes=boxes, source=LinkSource.PDF_LINK)
        keyed.append((index.order(c.page, c.boxes[0]) if c.boxes else (c.page, -1, 0.0), c))
    seen: set[tuple[int, Box, int]] = set()
    for ks in orphans.values():
        first = from_links[ks[0]]
        if len(ks) == 1:
            if (first.page, first.rect, first.ref_index) in seen:
                continue
            seen.add((first.page, first.rect, first.ref_index))
        boxes = ()
        for k in sorted(ks, key=lambda k: key[k]):
            boxes = _cover(boxes, from_links[k].rect, params)
        c = Citation(first.page, " ".join(text_under(tm, first.page, b, index, params) for b in boxes),
                     tuple(entries(ks)), boxes, None, LinkSource.PDF_LINK)
        keyed.append((index.order(first.page, boxes[0]), c))
    keyed.sort(key=lambda kc: kc[0])
    return tuple(c for _, c in keyed)


# --------------------------------------------------------------------------------- links that contradict


# Words of author lists that are not names ("Smith and Lee", "Smith, with Lee").
_NOT_NAMES = frozenset({"and", "with", "the", "for", "see", "also", "eds", "editors"})


def _author_part(ref: Reference) -> tuple[str, set[str]]:
    """An entry's author part (its folded raw text up to the first year) and the years it prints."""
    raw = fold(ref.raw)
    year = PRINTED_YEAR.search(raw)
    return (raw[:year.start()] if year else raw[:100]), set(PRINTED_YEAR.findall(raw))


def _printed_names(tm: TextMap, index: PageIndex, lk: CiteLink, names: set[str],
                   params: LinksParams) -> tuple[set[str], set[str]]:
    """The author names and years printed for a link: the words under it, or, when only a year is
    linked ("Tibbetts and Dale 2007" with "2007" linked), the names just before it on its line, back to
    the group's opening bracket, the previous member's semicolon or the previous citation's closing
    bracket. Only whole names count: a word cut at the rectangle's edge ("heng" of "Zheng") is none."""
    under = fold(text_under(tm, lk.page, lk.rect, index, params))
    years = set(PRINTED_YEAR.findall(under))
    if len(under) > params.name_chars:
        return set(), years  # a rectangle over more than a citation (wrapped across lines): unjudged
    words = [w for w in PRINTED_NAME_WORD.findall(under) if w in names]
    if not words and not years:
        return set(), years  # "[12]", "Fig. 3": no name and no year to judge by (most links of a numbered paper)
    x0, y0, x1, y1 = lk.rect
    found: set[str] = set()
    if words:
        # A word the rectangle cuts ("(Z" + "heng et al.,") is no name: it runs on past the edge, so it is
        # not a whole word of the text under a slightly wider rectangle.
        wider = PRINTED_NAME_WORD.findall(fold(text_under(tm, lk.page, (x0 - params.name_edge, y0,
                                                                         x1 + params.name_edge, y1), index, params)))
        found = {w for w in words if w in wider}
    if found or not years:
        return found, years
    left = fold(text_under(tm, lk.page, (max(0.0, x0 - params.name_context), y0, x0 - params.name_gap, y1), index,
                           params))
    left = PRINTED_GROUP_BREAK.split(left.rstrip(" ([{"))[-1]
    return {w for w in PRINTED_NAME_WORD.findall(left) if w in names}, years


def judged_links(links: Sequence[CiteLink], references: Sequence[Reference], tm: TextMap,
                 params: LinksParams = PARAMS.links, index: PageIndex | None = None) -> dict[int, bool]:
    """For each link whose printed words name an author of some entry: its index into ``links``, and whether
    those words contradict its target, naming an author (and year) the target does not carry while another
    entry carries them all ("Beck (2002)" linked to "Bhat, T. (2006)", a publisher's linking slip).

    Only words that are names in some entry's author part count, so "see", "Table" or a lone year never
    decide; a link showing no such name, or landing on an entry whose author part names nobody or is
    IEEE's "———" (the same authors as above), is not judged.
    """
    parts: dict[int, tuple[set[str], set[str]]] = {}  # each entry's author part as name words, and its years
    for r in references:
        if not REF_SAME_AUTHORS.match(r.raw):
            head, years = _author_part(r)
            parts[r.index] = (set(PRINTED_NAME_WORD.findall(head)), years)
    names = {w for words, _ in parts.values() for w in words} - _NOT_NAMES
    index = index or PageIndex(tm, params)
    out: dict[int, bool] = {}
    for i, lk in enumerate(links):
        if lk.ref_index not in parts or not parts[lk.ref_index][0]:
            continue
        printed, years = _printed_names(tm, index, lk, names, params)
        if not printed:
            continue

        def carries(part: tuple[set[str], set[str]]) -> bool:
            return printed <= part[0] and years <= part[1]

        out[i] = not carries(parts[lk.ref_index]) \
            and any(carries(part) for k, part in parts.items() if k != lk.ref_index)
    return out


def contradicted_links(links: Sequence[CiteLink], references: Sequence[Reference], tm: TextMap,
                       params: LinksParams = PARAMS.links, index: PageIndex | None = None) -> set[int]:
    """Indexes into ``links`` of the links their own printed words contradict (:func:`judged_links`)."""
    return {i for i, wrong in judged_links(links, references, tm, params, index).items() if wrong}


def links_shifted(links: Sequence[CiteLink], references: Sequence[Reference], tm: TextMap,
                  params: LinksParams = PARAMS.links, index: PageIndex | None = None) -> bool:
    """Whether the PDF's citation links must not name entries: at least ``shifted_min`` of them, and
    ``shifted_share`` of those whose printed words can be judged, name another entry than their text does
    (:func:`judged_links`). A producer whose anchors run one entry off from some point on (an entry it
    numbered twice, or skipped) puts every later link an entry away, including those whose words cannot
    tell ("2018)" after "a report"); a PDF whose links are right has no contradicted link at all (70 of the
    73 linked corpus papers; the other three: 12 of 60, 24 of 168 and 47 of 50 judged links contradicted)."""
    judged = judged_links(links, references, tm, params, index)
    wrong = sum(judged.values())
    return wrong >= params.shifted_min and wrong >= params.shifted_share * len(judged)
