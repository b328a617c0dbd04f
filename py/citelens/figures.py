"""Figure, table, equation, section, algorithm and appendix mentions, and where each one points.

Input: the document's :class:`~citelens.layout.TextMap`, its section outline, and the ``[start, end)``
offsets of the bibliography in ``tm.text`` (no mention is taken from inside it).
Output: one :class:`~citelens.model.FigureMention` per referenced label, in text order, each with the
boxes of its own text: "Figs. 2 and 3" gives label "2" (boxes of "Figs. 2") and label "3" (boxes of
"3"); a range "Figures 2–4" also gives "3", boxed by the dash that stands for it. ``label`` keeps the
family apart: "S2" (supplementary, also "Supplementary Fig. 2" and PLOS's "S2 Fig"), "ED2" ("Extended
Data Fig. 2"), "2". A sub-panel stays on the label ("3a", "1A") but targets figure 3's caption; more
panels of one figure make one mention ("Figure 1A–C", "Figs. 3a,b", PNAS's "Fig. 2 A and B").

Targets (``Target(page, y)``, ``y`` = top of the line; ``None`` when not found):
- figures, tables, algorithms: the caption line that starts with the label ("Figure 3:", "Fig. 3.",
  "FIGURE 3 |", "Table 2", "TABLE II", "Figure 1 Simultaneous ..."), never a line of running text that
  happens to start with "Figure 3." (its previous line, close above in the same size, does not end a
  sentence); the first such caption wins ("Table 2 (continued)" does not move it). A caption's own
  "Figure 3:" is not a mention.
- equations: the line ending in the number "(3)" at its column's right edge, set apart from the
  equation by a gap (or alone on its line). A bare "(3)" is a mention in equation context ("in
  (3)", "from (3) and (4)"), or anywhere ("whether (3) holds") in papers whose bare "(n)" nearly all
  name their equations; only for numbers that exist as equation numbers, never for the items of an
  enumeration "(1) …, (2) …", and not at all in papers where such "(n)" mostly name no equation (they
  cite as "(12)").

Head words in English and German ("Abbildung 1", "Abb. 2", "Tabelle I", "Gl. (3)", "Abschnitt III-C",
"Algorithmus 1", "Anhang A"); IEEE numbers subsections "II-A".
- sections and appendices: the outline item whose title starts with the number ("3.2 Results",
  "IV. EXPERIMENTS", "Appendix A ..."); for outlines whose titles carry no number (bookmarks), the
  number is read from the heading line on the item's page.

Invariants: offsets and boxes come from ``tm``; mentions are sorted by their offset in ``tm.text``;
every regex used is linear (bounded or anchored), so the stage is linear in the text.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import TypeVar

from citelens.layout import Line, TextMap, join_lines
from citelens.model import Box, FigureMention, MentionKind, OutlineItem, Target
from citelens.params import PARAMS, FigureParams
from citelens.patterns import (
    APPENDIX_LETTER,
    APPENDIX_WORD,
    EQUATION_CONTEXT,
    EQUATION_NUMBER,
    EQUATION_LINE_END,
    EQUATION_NUMBER_ONLY,
    EQUATION_PAREN,
    FIGURE_CAPTION,
    FIGURE_LABEL,
    FIGURE_PANEL,
    FIGURE_SEP,
    FIGURE_WORD,
    FIGURE_WORD_PREFIX,
    HEADING_NUMBER,
    IEEE_SECTION_TITLE,
    REFERENCE_LIST_HEADING,
)

_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}
_SEPARATOR_RANK = {":": 3, "|": 3, "—": 3, "–": 3, ".": 2}
# Lower-case starts of every head word of FIGURE_WORD ("ta-" for "Ta-\nble", "§" for sections; then the German,
# Spanish, Portuguese, Italian, French and Dutch ones "fig", "tab" and "sec" do not find); none starts another
# ("sec" finds "sect" too), for each costs a scan of the whole text.
_KEYWORDS = ("fig", "tab", "ta-", "eq", "sec", "§", "alg", "append", "ap-", "chap",
             "abb", "gl.", "gleichung", "abschn", "anhang", "kapitel", "capítulo", "capitulo",
             "gráf", "cuadro", "ecuaci", "équation", "seç", "sezion", "apénd", "apênd", "anex", "annex",
             "vergelijk", "bijlage", "그림", "표")
# ... Korean's "그림" and "표" with them; Chinese and Japanese ones glued to the word before ("如图1所示"), apart.
_CJK_KEYWORDS = ("图", "圖", "図", "表")
# The first letters of "Chapter" and its kin ("Kapitel", "Capítulo"): a chapter mention names a heading of the
# document's own, or another work's chapter (a citation's locator, "Robert & Casella 2004, Chapter 7.3").
_CHAPTER_WORDS = ("cha", "kap", "cap")
_FLOATS = (MentionKind.FIGURE, MentionKind.TABLE, MentionKind.ALGORITHM)
# The characters a FIGURE_CAPTION match opens with (after spaces and tabs): Figure, Abb., Table, Algorithm,
# Supplementary, Extended, PLOS's S1, Spanish's Gráfico and Cuadro, the Chinese, Japanese and Korean words;
# "ſ" is an "s" to IGNORECASE.
_CAPTION_OPENERS = frozenset("FfAaTtSsEeſGgCc图圖図表그표")


def roman_value(text: str) -> int | None:
    """The value of a roman numeral made of I, V, X and L, or None.

    >>> roman_value("XIV"), roman_value("II"), roman_value("ID")
    (14, 2, None)
    """
    if not text or text.strip("IVXL"):  # empty or a character other than those of _ROMAN
        return None
    values = [_ROMAN[c] for c in text]
    return sum(-v if v < w else v for v, w in zip(values, values[1:] + [0], strict=True))


def _key(kind: MentionKind, label: str) -> tuple[MentionKind, str]:
    """Lookup key of a float's caption: roman numerals as numbers, so "Table 2" finds "TABLE II", and
    "A.1" as "A1"."""
    value = roman_value(label)
    if value is not None:
        return kind, str(value)
    return kind, label.replace(".", "") if label[:1].isalpha() else label


@dataclass(frozen=True, slots=True)
class _Item:
    label: str  # with family prefix and panel: "S2", "3a"
    base: str  # the target's label: "S2", "3"
    start: int
    end: int


# --------------------------------------------------------------------------------------- captions


def _body_size(tm: TextMap) -> float:
    # Characters per size, then per size rounded to a half point: a paper sets its thousands of lines in a
    # handful of sizes, so each is rounded once. Keys keep the order of their first line (max takes the first).
    chars: dict[float, int] = {}
    for line in tm.lines:
        chars[line.size] = chars.get(line.size, 0) + len(line.text)
    sizes: dict[float, int] = {}
    for size, n in chars.items():
        key = round(size * 2) / 2
        sizes[key] = sizes.get(key, 0) + n
    return max(sizes, key=lambda k: sizes[k]) if sizes else 10.0


@dataclass(frozen=True, slots=True)
class Caption:
    kind: MentionKind
    label: str  # "3", "S2", "ED1", "II"
    separator: str  # ":", "|", ".", or "" (a capitalised phrase follows, or nothing)


def caption_start(tm: TextMap, i: int, params: FigureParams = PARAMS.figures) -> Caption | None:
    """The caption line ``i`` opens ("Figure 3: ...", "TABLE II", "S1 Fig. ..."), or None.

    A line of running text that happens to start with "Figure 3." is no caption: the line before it,
    in the same column and size and at most ``caption_leading`` x size above, ends mid-sentence.
    """
    line = tm.lines[i]
    m = FIGURE_CAPTION.match(line.text)
    if m is None:
        return None
    if i > 0:
        prev = tm.lines[i - 1]
        tail = prev.text.rstrip()[-1:]
        if prev.page == line.page and prev.column == line.column and abs(prev.size - line.size) < params.same_size \
                and 0 < line.baseline - prev.baseline <= params.caption_leading * line.size \
                and (tail.isalnum() or tail in ",(-–"):
            return None
    kind = MentionKind.FIGURE if m.group("fig") else MentionKind.TABLE if m.group("tab") else MentionKind.ALGORITHM
    separator = m.group(0)[m.end("label") if m.group("label") else m.end():].strip()[:1]
    if m.group("plos"):
        return Caption(kind, m.group("plos"), separator)
    label = m.group("label")
    family = (m.group("family") or "").lower()
    if family.startswith("supplement") and not label.startswith("S"):
        label = "S" + label
    elif family.startswith("extended"):
        label = "ED" + label
    return Caption(kind, label, separator)


def _in(skip: tuple[int, int] | None, offset: int) -> bool:
    return skip is not None and skip[0] <= offset < skip[1]


def _captions(tm: TextMap, hits: Sequence[int], skip: tuple[int, int] | None,
              params: FigureParams) -> tuple[dict[tuple[MentionKind, str], Target], set[int]]:
    """Caption targets by (kind, label), and the offsets where a caption's own label word starts.

    ``hits`` are the offsets of head words; a caption opens a line with one. Several lines may open
    with "Table 4": the caption wins by its separator (":" or "|" over "." over none), then by being
    set smaller than the body, then by coming first. A loser set smaller than the body or saying
    "continued" is a continued caption; any other loser is running text ("Table 4. On average, ..."
    at the top of a column), whose "Table 4" is a mention.
    """
    text = tm.text
    found: dict[tuple[MentionKind, str], list[tuple[int, Caption]]] = {}
    for k in hits:
        i = tm.line_index(k)
        if text[tm.starts[i]:k].strip() or _in(skip, k):
            continue  # not at the start of its line
        caption = caption_start(tm, i, params)
        if caption is not None:
            found.setdefault(_key(caption.kind, caption.label), []).append((i, caption))
    targets: dict[tuple[MentionKind, str], Target] = {}
    heads: set[int] = set()
    body = _body_size(tm) if any(len(c) > 1 for c in found.values()) else 0.0
    pages = _PageLines(tm)
    sides: dict[tuple[MentionKind, str], tuple[MentionKind, tuple[Box | None, Box | None]]] = {}
    for key, candidates in found.items():
        def rank(c: tuple[int, Caption]) -> tuple[int, bool, int]:
            return (_SEPARATOR_RANK.get(c[1].separator, 0), tm.lines[c[0]].size < body - params.caption_smaller, -c[0])
        best = max(candidates, key=rank)
        line = tm.lines[best[0]]
        targets[key] = Target(line.page, line.box[1])
        sides[key] = (key[0], float_sides(tm, best[0], key[0], params, pages))
        for i, _caption in candidates:
            other = tm.lines[i]
            if i == best[0] or other.size < body - params.caption_smaller or "continued" in other.text.lower():
                heads.add(tm.starts[i] + len(other.text) - len(other.text.lstrip()))
    for key, area in float_areas(sides, params).items():
        if area is not None:
            targets[key] = replace(targets[key], area=area)
    return targets, heads


# --------------------------------------------------------------------------------- a float's area


@dataclass(slots=True)
class _Page:
    """One page's lines for :func:`float_sides`: by bottom and by top (ascending), and each column's extent."""

    lines: list[Line]
    by_bottom: list[Line]
    bottoms: list[float]
    by_top: list[Line]
    tops: list[float]
    columns: dict[int, tuple[float, float]]
    margins: dict[int, float]  # each column's left margin: where most of its lines start
    body: float  # the size most of the page's characters are set in

    @classmethod
    def of(cls, lines: list[Line]) -> _Page:
        # Counter counts the (column, rounded left edge) pairs.
        sizes: dict[float, int] = {}
        for ln in lines:
            sizes[ln.size] = sizes.get(ln.size, 0) + len(ln.text)
        columns = _extents(lines, _column_of)
        starts = Counter(zip([ln.column for ln in lines], map(round, [ln.box[0] for ln in lines])))
        best: dict[int, tuple[int, int]] = {}
        for (c, x), n in starts.items():
            if n > best.get(c, (0, 0))[0]:
                best[c] = (n, x)
        margins = {c: float(x) for c, (_n, x) in best.items()}
        by_bottom = sorted(lines, key=lambda ln: ln.box[3])
        by_top = sorted(lines, key=lambda ln: ln.box[1])
        return cls(lines, by_bottom, [ln.box[3] for ln in by_bottom], by_top, [ln.box[1] for ln in by_top],
                   columns, margins, max(sizes, key=sizes.__getitem__) if sizes else 0.0)


class _PageLines:
    """The text map's pages for :func:`float_sides`, each gathered when first needed."""

    def __init__(self, tm: TextMap) -> None:
        self._tm = tm
        self._pages: dict[int, _Page] = {}

    def __getitem__(self, page: int) -> _Page:
        found = self._pages.get(page)
        if found is None:
            # A few pages of a paper hold captions: only their lines are looked at.
            lines = self._tm.lines
            found = self._pages[page] = _Page.of([lines[i] for i in self._tm.line_range(page)
                                                  if lines[i].page == page])
        return found


def _prose(line: Line, body: float, left: float, width: float, params: FigureParams) -> bool:
    """A line of running text: in the body's size, from its column's ``left`` edge (or a paragraph's indent)
    over most of its ``width``, its items apart by word spaces only. A figure's words are short or small; a
    table's row has columns apart by an em or more, and a cell's wrapped text starts in its cell, not at the
    column's edge."""
    if abs(line.size - body) > params.prose_size * body or line.box[2] - line.box[0] < params.prose_width * width \
            or line.box[0] - left > params.prose_indent * line.size:
        return False
    if _letters(line.text) * 2 < len(line.text.replace(" ", "")):
        return False
    return all(b.x - (a.x + a.width) <= params.prose_gap * line.size for a, b in zip(line.items, line.items[1:]))


def _height(box: Box) -> float:
    return box[3] - box[1]


def _letters(text: str) -> int:
    return sum(map(str.isalpha, text))


def float_sides(tm: TextMap, i: int, kind: MentionKind, params: FigureParams = PARAMS.figures,
                pages: _PageLines | None = None) -> tuple[Box | None, Box | None]:
    """The areas a float whose caption opens line ``i`` may take above and below it: the figure's drawing
    or the table's body, ``(x0, top, x1, bottom)`` on the caption's page, without the caption; None on a
    side that holds none. :func:`float_areas` decides the side. Across the caption's column (the page's
    text width for a caption spanning both columns, or when the other column has no running text beside
    the float), from the caption's edge outwards, a drawing reaches to the nearest line of running text or
    another caption, or to the page's text edge: it is text-free or holds short and small labels. A table
    is its rows, set apart in columns: it ends at its last row before running text, another caption or a
    gap wider than ``table_gap`` x the body size. Less than ``object_min_height`` x the body size is no
    float: a legends page stacks captions one under another's text, their figures on other pages::

        running text ..........................   <- prose: the drawing's area stops here
            ┌──────── drawing ───────┐  label
            └────────────────────────┘
        Figure 3: The caption ...              <- line i
    """
    pages = pages if pages is not None else _PageLines(tm)
    line = tm.lines[i]
    page = pages[line.page]
    body = page.body or line.size
    # The caption: its first line and those under it in its column and size, at its leading.
    last = i
    while last + 1 < len(tm.lines):
        nxt, cur = tm.lines[last + 1], tm.lines[last]
        if nxt.page != line.page or nxt.column != line.column or abs(nxt.size - line.size) >= params.same_size \
                or not 0 < nxt.baseline - cur.baseline <= params.caption_leading * line.size:
            break
        last += 1
    top, bottom = line.box[1], tm.lines[last].box[3]
    columns = page.columns
    left = min(lo for lo, _hi in columns.values())
    right = max(hi for _lo, hi in columns.values())
    x0, x1 = left, right
    if line.column != -1 and line.box[2] - line.box[0] <= params.span_share * (right - left):
        x0, x1 = columns[line.column]
    full = right - left if line.column == -1 else max(hi - lo for lo, hi in columns.values())

    def beside(ln: Line) -> bool:
        return min(ln.box[2], x1) - max(ln.box[0], x0) > params.overlap * (ln.box[2] - ln.box[0])

    size_limit = params.prose_size * body

    def stop(ln: Line) -> bool:
        # _prose's first test, asked here: most lines met are a drawing's small labels or a table's rows.
        if not abs(ln.size - body) > size_limit:
            lo, hi = columns[ln.column]
            if _prose(ln, body, page.margins[ln.column], min(hi - lo, full), params):
                return True
        return ln.text.lstrip(" \t")[:1] in _CAPTION_OPENERS and FIGURE_CAPTION.match(ln.text) is not None

    # A drawing may hold no text at all: it reaches to the running text (or the page's text edge). A table is
    # its rows: it ends at its last row before running text, a caption or a wide gap.
    table = kind is MentionKind.TABLE
    gap = params.table_gap * body if table else float("inf")

    def reach(outward: Iterator[Line], start: float, near: int, far: int, page_edge: float) -> float:
        edge = start
        for ln in outward:
            if ln is line or not beside(ln):
                continue
            if stop(ln):
                return edge if table else ln.box[far]
            if abs(ln.box[far] - edge) > gap:
                return edge
            edge = ln.box[near]
        return edge if table else page_edge

    def above() -> Box | None:
        k = bisect_right(page.bottoms, top + params.same_size)
        edge = reach(reversed(page.by_bottom[:k]), top, 1, 3, page.tops[0])
        return (x0, edge, x1, top) if top - edge >= params.object_min_height * body else None

    def below() -> Box | None:
        k = bisect_left(page.tops, bottom - params.same_size)
        edge = reach(iter(page.by_top[k:]), bottom, 3, 1, page.bottoms[-1])
        return (x0, bottom, x1, edge) if edge - bottom >= params.object_min_height * body else None

    return tuple(_widened(page, line, a, x0, x1, left, right, stop) for a in (above(), below()))  # type: ignore[return-value]


def _widened(page: _Page, line: Line, area: Box | None, x0: float, x1: float, left: float, right: float,
             stop: Callable[[Line], bool]) -> Box | None:
    if area is None or (x0, x1) == (left, right):
        return area
    # A drawing wider than its caption's column leaves the other column without running text beside it.
    k = bisect_left(page.tops, area[1])
    for ln in page.by_top[k:]:
        if ln.box[1] >= area[3]:
            break
        if ln.column not in (line.column, -1) and stop(ln):
            return area
    return (left, area[1], right, area[3])


def float_areas(sides: dict[tuple[MentionKind, str], tuple[MentionKind, tuple[Box | None, Box | None]]],
                params: FigureParams = PARAMS.figures) -> dict[tuple[MentionKind, str], Box | None]:
    """Each float's area, from the two sides :func:`float_sides` found for its caption. A paper captions
    each kind of float on one side, mostly figures under and tables over them: that side is the one its
    captions with a float on one side only show, by a majority (the kind's usual side on a tie). A caption
    with floats on both sides (a table under one caption and over the next) takes the paper's side; one with
    a float on the other side only takes that, or the larger by ``other_side`` x (a page's top margin over a
    figure captioned above it is no drawing)."""
    votes: Counter[tuple[MentionKind, int]] = Counter()
    for kind, (up, down) in sides.values():
        if (up is None) != (down is None):
            votes[(kind, 0 if up is not None else 1)] += 1
    out: dict[tuple[MentionKind, str], Box | None] = {}
    for key, (kind, (up, down)) in sides.items():
        usual = 1 if kind is MentionKind.TABLE else 0
        side = usual if votes[(kind, usual)] >= votes[(kind, 1 - usual)] else 1 - usual
        first, second = (up, down) if side == 0 else (down, up)
        if first is None or second is not None and _height(second) > params.other_side * _height(first):
            first = second
        out[key] = first
    return out


# -------------------------------------------------------------------------------------- equations


K = TypeVar("K")


def _extents(lines: Iterable[Line], key: Callable[[Line], K]) -> dict[K, tuple[float, float]]:
    """The leftmost left edge and the rightmost right edge of each ``key``'s lines (a column's, a page's): the
    edges are gathered in one pass, then min and max run in C (the first of equal values wins, as in a running
    min or max)."""
    edges: dict[K, tuple[list[float], list[float]]] = {}
    for line in lines:
        k = key(line)
        box = line.box
        if k in edges:
            edges[k][0].append(box[0])
            edges[k][1].append(box[2])
        else:
            edges[k] = ([box[0]], [box[2]])
    return {k: (min(x0s), max(x1s)) for k, (x0s, x1s) in edges.items()}


_column_of = attrgetter("column")
_page_of = attrgetter("page")
_page_column_of = attrgetter("page", "column")


def _equations(tm: TextMap, skip: tuple[int, int] | None,
               params: FigureParams) -> tuple[dict[str, Target], set[int]]:
    """Equation numbers by label ("3", "2.5", "A.3", "3a"), and the offsets of their "(".

    Numbered on the right, the number ends near its column's right edge, apart from the equation;
    numbered on the left (leqno), it stands alone near the column's left edge, the equation to its right::

        |   E = mc^2 + ...                         (3) |   gap >= equation_gap x size before "(3)",
        |                                  ^^^^^^^^^^^ |   within equation_edge x text width of
        | (4)    F = ma                                |   the column's edge
    """
    candidates: list[tuple[int, re.Match[str]]] = []
    for n in EQUATION_LINE_END.finditer(tm.text):
        i = tm.line_index(n.start())
        line = tm.lines[i]
        m = EQUATION_NUMBER.search(line.text, max(0, n.start() - tm.starts[i] - 2))
        if m is not None and not _in(skip, n.start()):
            candidates.append((i, m))
    out: dict[str, Target] = {}
    offsets: set[int] = set()
    if not candidates:
        return out, offsets
    pages = {tm.lines[i].page for i, _m in candidates}
    # Only the pages holding a candidate are looked at, their lines in text order.
    per_page: dict[int, list[Line]] = {}
    for j in sorted(j for page in pages for j in tm.line_range(page)):
        line = tm.lines[j]
        if line.page in pages:
            per_page.setdefault(line.page, []).append(line)
    looked_at = [line for lines in per_page.values() for line in lines]
    columns = _extents(looked_at, _page_column_of)
    span = _extents(looked_at, _page_of)
    for i, m in candidates:
        line = tm.lines[i]
        text = line.text
        lo, hi = span[line.page]
        reach = params.equation_edge * (hi - lo)
        left, right = columns[(line.page, line.column)]
        at_right = line.box[2] >= right - reach and _apart(line, m.start(), params)
        alone = m.start() == 0 or not text[:m.start()].strip()
        at_left = alone and line.box[0] <= left + reach
        if not at_right and not at_left:
            continue
        neighbours = [ln for ln in per_page[line.page]
                      if ln is not line and abs(ln.baseline - line.baseline) < params.same_baseline * line.size]
        if alone and neighbours and all(EQUATION_NUMBER_ONLY.match(ln.text) for ln in neighbours):
            continue  # a table's column heads "(1) (2) (3)"
        if not at_right and not any(ln.box[0] > line.box[2] for ln in neighbours):
            continue  # on the left, the equation must stand to its right
        out.setdefault(m.group("label"), Target(line.page, line.box[1]))
        offsets.add(tm.starts[i] + m.start())
    return out, offsets


def _apart(line: Line, at: int, params: FigureParams) -> bool:
    """Whether the "(" at ``at`` opens an item set apart from what precedes it on the line."""
    if at == 0:
        return True
    for n, (item, off) in enumerate(zip(line.items, line.offsets, strict=True)):
        if off <= at < off + len(item.text):
            if line.text[off:at].strip():
                return False  # inside a run of text: "... as in (3.3)"
            if n == 0:
                return True
            prev = line.items[n - 1]
            return item.x - (prev.x + prev.width) >= params.equation_gap * item.size
    return False


# --------------------------------------------------------------------------------------- sections


def _section_number(title: str, appendix: bool = False) -> tuple[str | None, str]:
    """``("3.2", "Results")`` for "3.2 Results", ``("A", "Proofs")`` for "Appendix A: Proofs" (and for
    "A Proofs" when ``appendix``: a bare letter numbers only what follows the bibliography)."""
    text = " ".join(title.split())
    m = HEADING_NUMBER.match(text) or (APPENDIX_LETTER.match(text) if appendix else None)
    if m is None:
        m = IEEE_SECTION_TITLE.match(text)
        if m is not None and roman_value(m.group("number").split("-")[0]) is None:
            m = None
    if m is None:
        return None, title
    number = APPENDIX_WORD.sub("", m.group("number")).rstrip(".:")
    return number, m.group("title")


def _sections(tm: TextMap, outline: Sequence[OutlineItem], params: FigureParams,
              lower: str) -> dict[str, Target | None]:
    """Section targets by number: "3.2", "IV", "A", "A.1". ``lower``: ``tm.text.lower()``."""
    out: dict[str, Target | None] = {}
    if len(lower) != len(tm.text):  # a few characters lower-case to two ("İ"): offsets would drift
        lower = tm.text
    appendix = numbered_sections = False
    for item in outline:
        title = " ".join(item.title.split())
        # Appendices come after the bibliography, or after sections numbered 1, 2, ...: "A Proofs".
        appendix = appendix or REFERENCE_LIST_HEADING.match(title) is not None or APPENDIX_WORD.match(title) is not None \
            or (numbered_sections and APPENDIX_LETTER.match(title) is not None)
        numbered_sections = numbered_sections or title[:1].isdigit()
        number, _title = _section_number(title, appendix)
        if number is None:
            number = _printed_number(tm, lower, item.page, title, appendix, params)
        if number is not None:
            out.setdefault(number, Target(item.page, item.y))
    return out


def _printed_number(tm: TextMap, lower: str, page: int, title: str, appendix: bool,
                    params: FigureParams) -> str | None:
    """The number printed before an outline title that has none, on its page: bookmarks often say "The
    implementation of TIMP" where the page says "2. The implementation of TIMP"."""
    lo, hi = tm.page_starts.get(page), tm.page_ends.get(page)
    n = params.title_probe_chars
    probe = title[:n].rsplit(" ", 1)[0] if len(title) > n else title
    if lo is None or len(probe) < 3:
        return None
    probe = probe.lower()
    k = lower.find(probe, lo, hi)
    while k >= 0:
        i = tm.line_index(k)
        head = tm.text[tm.starts[i]:k].strip()
        if head and len(head) <= params.number_max_chars:
            number, rest = _section_number(f"{head} {title}", appendix)
            if number is not None and rest == title:
                return number
        k = lower.find(probe, k + 1, hi)
    return None


# --------------------------------------------------------------------------------------- mentions


def _kind(m: re.Match[str]) -> MentionKind:
    if m.group("fig") or m.group("plos_fig"):
        return MentionKind.FIGURE
    if m.group("tab") or m.group("plos_tab"):
        return MentionKind.TABLE
    if m.group("eq"):
        return MentionKind.EQUATION
    if m.group("sec"):
        return MentionKind.SECTION
    if m.group("alg"):
        return MentionKind.ALGORITHM
    return MentionKind.APPENDIX


def _label_ok(kind: MentionKind, label: str, paren: bool) -> bool:
    """The label forms each kind takes: parentheses only for equations; a lone letter only for sections,
    appendices (and "Table I"); roman numerals for anything but equations."""
    if paren and kind is not MentionKind.EQUATION:
        return False
    if "-" in label:  # IEEE's "II-A" numbers subsections only
        return kind in (MentionKind.SECTION, MentionKind.APPENDIX)
    if not label.isalpha():
        return True
    if kind is MentionKind.EQUATION:
        return False
    if len(label) > 1:
        return roman_value(label) is not None
    return kind in (MentionKind.SECTION, MentionKind.APPENDIX) or (kind is MentionKind.TABLE and label in _ROMAN)


def _parse_items(text: str, pos: int, kind: MentionKind, prefix: str, params: FigureParams,
                 first_start: int) -> list[_Item]:
    """The labels of one mention, from ``pos`` (just after its head word)."""
    items: list[_Item] = []
    m = FIGURE_LABEL.match(text, pos)
    if m is None or not _label_ok(kind, m.group("label"), bool(m.group("open"))):
        return items
    last_base = None
    pending_range = False
    connector = (0, 0)
    start = first_start
    while True:
        label = m.group("label")
        panel = (m.group("panel") or "").strip("().")
        base = prefix + label if prefix and not label.startswith(prefix[:1]) else label
        if pending_range and items and base.isdigit() and items[-1].base.isdigit():
            # "Figures 2–4": 3 has no text of its own; the dash between the ends stands for it.
            lo, hi = int(items[-1].base), int(base)
            if 0 < hi - lo <= params.max_range:
                for v in range(lo + 1, hi):
                    items.append(_Item(str(v), str(v), connector[0], connector[1]))
        items.append(_Item(base + panel, base, start, m.end()))
        last_base = base
        pos = m.end()
        # Further labels, or sub-panels of this one ("Fig. 1b to e", "Figs. 3a,b", "Fig. 2 A and B").
        while True:
            sep = FIGURE_SEP.match(text, pos)
            if sep is None:
                # PNAS sets panels after a space: "Fig. 2 A–C", "Fig. 1 A and B".
                if text[pos:pos + 1] == " " and not panel:
                    p = FIGURE_PANEL.match(text, pos + 1)
                    if p is not None and p.group("panel").isupper() and roman_value(p.group("panel")) is None:
                        items[-1] = _Item(items[-1].label + p.group("panel"), last_base, items[-1].start, p.end())
                        pos = p.end()
                        panel = p.group("panel")
                        continue
                return items
            nxt = FIGURE_LABEL.match(text, sep.end())
            if nxt is not None and _label_ok(kind, nxt.group("label"), bool(nxt.group("open"))) \
                    and not (panel and len(nxt.group("label")) == 1 and nxt.group("label").isalpha()) \
                    and FIGURE_WORD.match(text, sep.end()) is None:  # "Fig. 2 and S1 Fig": a new mention
                m = nxt
                pending_range = sep.group("range") is not None
                connector = sep.span("range") if pending_range else (0, 0)
                start = m.start()
                break
            p = FIGURE_PANEL.match(text, sep.end())
            if p is not None and panel and p.group("panel").isupper() == panel.isupper():
                # More panels of the same figure: one mention, "Figure 1A–C", labelled by its first panel.
                items[-1] = _Item(items[-1].label, last_base, items[-1].start, p.end())
                pos = p.end()
                continue
            return items


def _keyword_hits(text: str, params: FigureParams, lower: str, skip: tuple[int, int] | None = None) -> list[int]:
    """Where a head word of ``FIGURE_WORD`` may start (at its "Supplementary" or "S1" prefix if any),
    ascending. ``lower``: ``text.lower()``. Inside the bibliography ``skip`` no mention and no caption is
    taken: only its edges are searched (:func:`_searched`).

    A regex scan of the whole text costs ~80 ns a character in CPython (a head word can start
    anywhere); the keywords are rare, so ``str.find`` locates them and the regex only confirms.
    """
    starts: set[int] = set()
    spans = _searched(text, lower, skip, params)
    for keyword in _KEYWORDS:
        for lo, hi in spans:
            k = lower.find(keyword, lo, hi + len(keyword) - 1)  # those starting before hi
            while k >= 0:
                if k == 0 or not (lower[k - 1].isalnum() or lower[k - 1] in "._"):
                    # a prefix ("Supplementary ", "S1 ") ends in white space: only then look for one
                    before = FIGURE_WORD_PREFIX.search(text, max(0, k - params.lookbehind_chars), k) if k and text[k - 1] in " \t\n\f" else None
                    starts.add(before.start() if before is not None else k)
                k = lower.find(keyword, k + 1, hi + len(keyword) - 1)
    for keyword in _CJK_KEYWORDS:  # (no space before them: FIGURE_WORD tells "图1" from "代表1")
        for lo, hi in spans:
            k = lower.find(keyword, lo, hi)
            while k >= 0:
                starts.add(k)
                k = lower.find(keyword, k + 1, hi)
    return sorted(starts)


def _searched(text: str, lower: str, skip: tuple[int, int] | None, params: FigureParams) -> list[tuple[int, int]]:
    """The ``[lo, hi)`` ranges where a keyword of a mention or caption outside ``skip`` may start: all the text
    but the inside of the bibliography, a fifth of a paper's text.

    A hit is dropped only when its keyword starts at or after ``skip[0] + lookbehind_chars`` (so the hit, and a
    prefix before it, lie in ``skip``, where :func:`_captions` and :func:`find_figure_mentions` take nothing) and
    before a "barrier" ``c`` inside ``skip``: a character no head word or prefix holds (",", ")", ":" ...). A head
    word matched from such a hit ends at ``c`` at the latest, so it never overlaps a head word after ``c``, and
    :func:`_head_words` pairs the hits after ``c`` as it would with every hit::

        ... body ...|skip[0]  bibliography .........................., c   more entries|skip[1] appendix ...
                    |<- lookbehind ->|<-------- not searched --------->|<------------------ searched ----->
    """
    if skip is None or len(lower) != len(text):  # a character lower-casing to two shifts ``lower``'s offsets
        return [(0, len(text))]
    first = skip[0] + params.lookbehind_chars
    c = min(skip[1], len(text)) - 1
    while c > first and (text[c].isalnum() or text[c].isspace() or text[c] in ".-§"):
        c -= 1
    if c <= first:
        return [(0, len(text))]
    return [(0, first), (c, len(text))]


def _head_words(text: str, hits: Sequence[int]) -> Iterator[re.Match[str]]:
    """The matches of ``FIGURE_WORD`` at ``hits``, in order, not overlapping."""
    end = -1
    for k in hits:
        if k >= end:
            m = FIGURE_WORD.match(text, k)
            if m is not None:
                end = m.end()
                yield m


def find_figure_mentions(tm: TextMap, outline: Sequence[OutlineItem], skip: tuple[int, int] | None = None,
                         params: FigureParams = PARAMS.figures,
                         lists: Sequence[tuple[int, int]] = ()) -> tuple[FigureMention, ...]:
    """Every mention of a figure, table, equation, section, algorithm or appendix, with its target. ``skip``: the
    bibliography (the last list), where nothing is searched; ``lists``: a book's lists before its last, one closing
    each chapter, where no mention is taken (an entry's "Chapter 3" is its book's)."""
    text = tm.text
    lower = text.lower()  # both the head words and the sections' printed numbers are found in it
    hits = _keyword_hits(text, params, lower, skip)
    captions, heads = _captions(tm, hits, skip, params)
    equations, eq_offsets = _equations(tm, skip, params)
    sections = _sections(tm, outline, params, lower)
    found: list[tuple[MentionKind, _Item]] = []
    chapters: set[int] = set()  # the starts of the items a "Chapter" names
    for m in _head_words(text, hits):
        if _in(skip, m.start()) or m.start() in heads:
            continue
        kind = _kind(m)
        family = (m.group("family") or "").lower()
        prefix = "S" if family.startswith("supp") else "ED" if family.startswith("extended") else ""
        if m.group("plos"):
            label = "S" + m.group("plos_number")
            end = m.end("plos_fig") if m.group("plos_fig") else m.end("plos_tab")
            found.append((kind, _Item(label, label, m.start(), end)))
            continue
        chapter = kind is MentionKind.SECTION and m.group("sec")[:3].lower() in _CHAPTER_WORDS
        for item in _parse_items(text, m.end(), kind, prefix, params, m.start()):
            found.append((kind, item))
            if chapter:
                chapters.add(item.start)
    if equations:
        found.extend((MentionKind.EQUATION, item) for item in _bare_equations(text, skip, equations, eq_offsets,
                                                                           {item.start for _k, item in found}, params))
    found.sort(key=lambda ki: (ki[1].start, ki[1].end))
    out: list[FigureMention] = []
    seen: set[tuple[int, int, str]] = set()
    for kind, item in found:
        if "." in item.base:
            item = _without_superscript(tm, item, params)
        if (item.start, item.end, item.label) in seen or any(a <= item.start < b for a, b in lists):
            continue
        seen.add((item.start, item.end, item.label))
        boxes = tm.boxes(item.start, item.end)
        if not boxes:
            continue
        if kind in (MentionKind.SECTION, MentionKind.APPENDIX) and item.base not in sections:
            sections[item.base] = _heading_line(tm, item.base, params)
        target = _target(kind, item.base, captions, equations, sections)
        if target is None and item.start in chapters:
            continue  # a chapter of another work, in a citation's locator ("Casella 2004, Chapter 7.3"), or a table's
        if target is not None and kind in (MentionKind.SECTION, MentionKind.APPENDIX) \
                and (item.start == 0 or text[item.start - 1] in "\n\f") and _is_heading(boxes[0], target):
            continue  # the heading's own number ("Appendix A. Proofs", "§2. The model"): where a mention leads
        out.append(FigureMention(boxes[0][0], join_lines(text[item.start:item.end]), kind, item.label,
                                 tuple(b for _page, b in boxes), target))
    return tuple(out)


def _is_heading(first: tuple[int, Box], target: Target) -> bool:
    """Whether a mention's first box (page, box) is on its target's line (beside it: another column's line at
    its height): opening its line, the mention is the heading it would lead to."""
    page, (_x0, y0, _x1, y1) = first
    return page == target.page and y0 - (y1 - y0) / 2 <= target.y <= y1


def _without_superscript(tm: TextMap, item: _Item, params: FigureParams) -> _Item:
    """"Equation 3.⁷⁹˒⁸⁰" reads as "Equation 3.79,80": the digits after the dot, raised or set smaller,
    are a citation, not part of the label."""
    dot = tm.text.rfind(".", item.start, item.end)
    before, after = tm.items(dot - 1, dot), tm.items(dot + 1, dot + 2)
    if not before or not after or dot - 1 < item.start:
        return item
    a, b = before[0][0], after[0][0]
    if b.size < params.script_size * a.size or b.y < a.y - params.script_rise * a.size:
        cut = len(item.base) - len(item.base.rsplit(".", 1)[1]) - 1
        label = item.base[:cut]
        if label and label[-1].isalnum():
            return _Item(label, label, item.start, dot)
    return item


def _heading_line(tm: TextMap, number: str, params: FigureParams) -> Target | None:
    """A heading line numbered ``number`` ("5.6.3 Model output"), for sections the outline lacks."""
    text = tm.text
    for lead in ("\n", "\f"):
        # One scan finds both forms, "3.2 " and "3.2. ", after a line break; the first form is tried first.
        found: tuple[list[int], list[int]] = ([], [])
        head = f"{lead}{number}"
        k = text.find(head)
        while k >= 0:
            after = k + len(head)
            if text.startswith(" ", after):
                found[0].append(k)
            elif text.startswith(". ", after):
                found[1].append(k)
            k = text.find(head, k + 1)
        for extra, hits in enumerate(found):
            for k in hits:
                line = tm.lines[tm.line_index(k + 1)]
                title = line.text[len(head) + extra:].strip()
                if len(line.text) <= params.heading_max_chars and title[:1].isupper() and not title.endswith((".", ",", ";")):
                    return Target(line.page, line.box[1])
    return None


def _enumerations(text: str, bare: Sequence[tuple[int, str]], window: int) -> set[int]:
    """The offsets of bare numbers that count items: a run "(1) …, (2) … and (3) …" that starts at
    (1), each next number within ``window`` characters of the one before. Enumerations restart at one;
    equations cited one after the other rarely begin at the first."""
    at: dict[str, list[int]] = {}
    for offset, label in bare:
        at.setdefault(label, []).append(offset)
    out: set[int] = set()
    for first in at.get("1", ()):
        run, last, n = [first], first, 2
        while True:
            nxt = [o for o in at.get(str(n), ()) if last < o <= last + window]
            if not nxt:
                break
            last = nxt[0]
            run.append(last)
            n += 1
        if len(run) >= 2:
            out.update(run)
    return out


def _bare_equations(text: str, skip: tuple[int, int] | None, equations: dict[str, Target], numbers: set[int],
                    taken: set[int], params: FigureParams) -> list[_Item]:
    """Equation mentions without a head word: "(2.5)" anywhere; "(3)" in equation context ("in (3)"),
    or anywhere in a paper whose bare "(n)" nearly all name its equations ("whether (3) holds",
    "Integrating (18)", "such as (9)"); only for existing equation numbers, never for the items of an
    enumeration "(1) …, (2) …", and none in a paper where such "(n)" mostly name no equation."""
    bare: list[tuple[int, str]] = []
    for m in EQUATION_PAREN.finditer(text):
        at = m.start()
        if _in(skip, at) or at in numbers or (at and (text[at - 1].isalnum() or text[at - 1] == ")")):
            continue
        bare.append((at, m.group("label")))
    counting = _enumerations(text, bare, params.enumeration_window)
    context: list[_Item] = []
    free: list[_Item] = []
    dotted: list[_Item] = []
    misses = free_misses = 0
    for at, label in bare:
        if "." in label and label in equations:
            dotted.extend(_parse_items(text, at, MentionKind.EQUATION, "", params, at))
            continue
        if at in counting:
            continue
        items = _parse_items(text, at, MentionKind.EQUATION, "", params, at)
        miss = bool(items) and items[0].base not in equations
        if EQUATION_CONTEXT.search(text, max(0, at - params.lookbehind_chars), at):
            misses += miss
            context.extend(items)
        else:
            free_misses += miss
            free.extend(items)
    if context and misses > params.bare_equation_miss * len(context):
        context = []
    # Without context only where bare numbers are the paper's way of citing equations: nearly all name one.
    if not context or free_misses + misses > params.bare_equation_free_miss * (len(free) + len(context)):
        free = []
    seen = set(taken)
    out: list[_Item] = []
    for item in sorted(dotted + context + free, key=lambda it: it.start):
        if item.base in equations and item.start not in seen and item.start not in numbers:
            seen.add(item.start)
            out.append(item)
    return out


def _target(kind: MentionKind, base: str, captions: dict[tuple[MentionKind, str], Target],
            equations: dict[str, Target], sections: dict[str, Target | None]) -> Target | None:
    if kind in _FLOATS:
        return captions.get(_key(kind, base))
    if kind is MentionKind.EQUATION:
        return equations.get(base)
    target = sections.get(base)
    if target is None and kind is MentionKind.APPENDIX and "." in base:
        target = sections.get(base.split(".")[0])
    return target
