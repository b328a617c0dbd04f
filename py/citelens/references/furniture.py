"""What on a reference list's pages is no part of its entries (step 2 of :mod:`citelens.references`).

Input: the :class:`~citelens.layout.TextMap` and its lines. Output: per page, the lines that are running
heads and feet or page numbers (:class:`Furniture`), the x of a margin of line numbers, the gutters of
columns the shared layout misread, and rows whose size marks them as a column's footnotes or heads. Pure;
pages are read only as the list reaches them.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter, defaultdict

from citelens.layout import TextMap
from citelens.model import TextItem
from citelens.params import PARAMS, ReferencesParams
from citelens.patterns import (
    PAGE_NUMBER_LINE,
    REF_ALPHA_LABEL_ONLY,
    REF_DIGITS,
    REF_LABEL_ONLY,
    REF_LEADING_NUMBER,
    YEAR,
)
from citelens.references.split import Row


def side_by_side(tm: TextMap, pieces: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Lines of two columns the shared layout took for one (too few lines on the page to tell: the list's
    first lines under its heading at a page's foot), read column by column.

    Two columns show as pairs of lines on one baseline with a gap between them that no other line of
    that column crosses; at least two such pairs are asked for.

    ::

        Aigrain, S., Favata, F., 2004,      Ambikasaran, S. 2015, Numer.    <- one baseline, two lines
          A&A, 414, 1139                      Appl., 22, 1102
    """
    keys = [(p[3], round(tm.lines[p[0]].baseline)) for p in pieces]
    if sum(1 for n in Counter(keys).values() if n == 2) < 2:
        return pieces  # (most pages: told in one pass, without building the groups)
    by_base: dict[tuple[int, int], list[tuple[int, int, int, int]]] = defaultdict(list)
    for key, p in zip(keys, pieces):
        by_base[key].append(p)
    # An entry's label set apart in a column of labels as wide as the widest ("[Ken17]" where "[ABCD+19]" is
    # the widest) is no column of text: its lines hold nothing else.
    pairs = [pr for pr in (sorted(ps, key=lambda p: tm.lines[p[0]].box[0]) for ps in by_base.values() if len(ps) == 2)
             if not label_alone(tm.lines[pr[0][0]].text)]
    if len(pairs) < 2:
        return pieces
    out = pieces
    for col in {p[0][3] for p in pairs}:
        mine = [pr for pr in pairs if pr[0][3] == col]
        if len(mine) < 2:
            continue
        lo = max(tm.lines[a[0]].box[2] for a, _ in mine)
        hi = min(tm.lines[b[0]].box[0] for _, b in mine)
        if hi - lo < 2 * tm.lines[mine[0][0][0]].size:
            continue
        split = (lo + hi) / 2
        lines = [tm.lines[p[0]] for p in pieces if p[3] == col]
        if any(ln.box[0] < split < ln.box[2] for ln in lines):
            continue

        def side(p: tuple[int, int, int, int], col: int = col, split: float = split) -> int:
            return 1 if p[3] == col and tm.lines[p[0]].box[0] >= split else 0

        out = sorted(((k, a, b, c + side((k, a, b, c))) for k, a, b, c in out),
                     key=lambda p: (p[3], tm.lines[p[0]].baseline))
    return out


def label_alone(text: str) -> bool:
    """Whether ``text`` is an entry's label and nothing else: "[12]", "7.", "[Knu84]", "[Ser]"."""
    text = text.strip()
    return REF_LABEL_ONLY.fullmatch(text) is not None or REF_ALPHA_LABEL_ONLY.fullmatch(text) is not None


def confused_columns(tm: TextMap, i: int, j: int, params: ReferencesParams = PARAMS.references) -> bool:
    """Whether lines i..j of a page show columns the shared layout did not see: three lines on one
    baseline, narrow lines it took for spanning ones, or lines holding wide gaps (two columns' text run
    together)."""
    lines = tm.lines[i:j]
    right = max(line.box[2] for line in lines)
    per_baseline = _per_baseline(tm, i, j)
    if sum(1 for n in per_baseline.values() if n >= 3) >= params.confused_min_lines:
        return True  # three lines side by side, again and again: three columns
    odd = 0
    narrow = params.spanning_max_share * right
    for line in lines:
        if line.column == -1 and line.box[2] - line.box[0] < narrow:
            odd += 1
        else:
            items = line.items
            if len(items) > 1:
                gap = params.column_gap * line.size
                end = items[0].x + items[0].width
                for b in items[1:]:
                    if b.x - end > gap:
                        odd += 1
                        break
                    end = b.x + b.width
        if odd >= params.confused_min_lines:
            return True
    return False


def _per_baseline(tm: TextMap, i: int, j: int) -> Counter[int]:
    """How many of lines i..j of a page stand on each (rounded) baseline."""
    return Counter(round(tm.lines[k].baseline) for k in range(i, j))


def side_by_side_start(tm: TextMap, i: int, j: int) -> int:
    """The first of lines i..j of a page that shares its baseline with two others (three columns side by
    side, as :func:`confused_columns` counts them), or ``j``."""
    per_baseline = _per_baseline(tm, i, j)
    return next((k for k in range(i, j) if per_baseline[round(tm.lines[k].baseline)] >= 3), j)


def column_gutters(tm: TextMap, i: int, j: int, params: ReferencesParams = PARAMS.references) -> list[float]:
    """x of the gutters between the columns of lines i..j of a page (no text crosses them).

    ::

        | 1. Langer P. 2009 ...  |   | 4. Brennan AJ ...  |   | 6. Kovacs KM ...  |
                                  ^ no text crosses here     ^ nor here: two gutters, three columns
    """
    if j - i < params.gutter_min_lines:
        return []
    step = params.gutter_step
    intervals = [(item.x, item.x + item.width) for k in range(i, j) for item in tm.lines[k].items]
    hi = max(x1 for _, x1 in intervals)
    nb = int(hi / step) + 2
    diff = [0] * (nb + 1)
    for x0, x1 in intervals:
        diff[max(int(x0 / step), 0)] += 1
        diff[min(int(x1 / step) + 1, nb)] -= 1
    cover: list[int] = []
    c = 0
    for d in diff[:nb]:
        c += d
        cover.append(c)
    lo_b = next((b for b, v in enumerate(cover) if v), 0)
    hi_b = max((b for b, v in enumerate(cover) if v), default=0)
    allowed = max(1, (j - i) // params.gutter_crossing_lines)
    # Uncovered runs >= gutter_min wide are candidate gutters; the text between two of them is a column.
    runs: list[tuple[int, int]] = []
    run_start: int | None = None
    for b in range(lo_b, hi_b + 1):
        if cover[b] <= allowed:
            if run_start is None:
                run_start = b
        elif run_start is not None:
            if (b - run_start) * step >= params.gutter_min:
                runs.append((run_start, b))
            run_start = None
    # A column narrower than 60 pt is a margin of labels or line numbers, not a column: drop the gutter
    # beside it (the narrower neighbour merges into the wider one), until every column is wide.
    covered = [0]
    for v in cover:
        covered.append(covered[-1] + (v > allowed))
    while runs:
        edges = [lo_b] + [x for r in runs for x in r] + [hi_b + 1]
        widths = [(covered[edges[2 * k + 1]] - covered[edges[2 * k]]) * step for k in range(len(runs) + 1)]
        k = min(range(len(widths)), key=widths.__getitem__)
        if widths[k] >= params.column_min:
            break
        runs.pop(k if k < len(runs) else k - 1)
    return [(a + b) / 2 * step for a, b in runs]


def crosses_gutter(item: TextItem, gutters: list[float]) -> bool:
    """Whether the item runs across a gutter (a line of full-width prose, not a column's text)."""
    return any(item.x < g < item.x + item.width for g in gutters)


def column_of(item: TextItem, gutters: list[float]) -> int:
    return bisect_left(gutters, item.x + item.width / 2)


def line_number_margin(tm: TextMap, first: int,
                       params: ReferencesParams = PARAMS.references) -> dict[int, float] | None:
    """Per page, the x of a margin of line numbers (bioRxiv preprints, drafts for review), if most lines
    start with one there.

    Line numbers rise by one from line to line (unlike entry labels, which rise once per entry), and
    reach the hundreds or stand alone on blank lines. Two-sided layouts set them at another x on even
    and odd pages (in the outer margin), so the margin is read page by page, and its share of the lines is
    taken over the pages that number lines: a page after the list (figures, a supplement) may number none.
    """
    xs: dict[int, Counter[int]] = defaultdict(Counter)
    numbers: list[int] = []
    per_page: Counter[int] = Counter()
    n = 0
    for i in range(first, min(len(tm.lines), first + params.line_number_scan)):
        line = tm.lines[i]
        n += 1
        per_page[line.page] += 1
        if n == params.line_number_probe and len(numbers) < params.line_number_min:
            return None
        m = REF_LEADING_NUMBER.match(line.items[0].text.strip()) if line.items else None
        if m is not None:
            xs[line.page][round(line.items[0].x)] += 1
            numbers.append(int(m.group().strip()))
    if not xs or n < params.line_number_min:
        return None
    margins = {page: c.most_common(1)[0] for page, c in xs.items()}
    count = sum(k for _, k in margins.values())
    steps = sum(1 for a, b in zip(numbers, numbers[1:]) if b == a + 1)
    lines = sum(per_page[page] for page in margins)
    if count < params.line_number_share * lines or steps < params.line_number_rising * (len(numbers) - 1) \
            or max(numbers) < params.line_number_reach:
        return None
    return {page: float(x) for page, (x, _) in margins.items()}


def page_margin(margins: dict[int, float] | None, page: int) -> float | None:
    """The line-number margin of ``page``; past the pages measured, the one of the nearest page measured on
    the same side of the spread (an even number of pages away), or failing one the nearest page measured."""
    if not margins:
        return None
    if page in margins:
        return margins[page]
    same_side = [p for p in margins if (p - page) % 2 == 0]
    return margins[min(same_side or margins, key=lambda p: abs(p - page))]


def in_margin(x: float, size: float, margin: float, params: ReferencesParams = PARAMS.references) -> bool:
    """Whether an item of ``size`` starting at ``x`` is in the line-number margin at ``margin``: right-aligned
    numbers start further left as they grow, by a digit's width, which scales with their size."""
    return margin - params.line_number_left * size <= x <= margin + params.line_number_right * size


class Furniture:
    """Running heads and feet, and page numbers, at a page's top or bottom edge: asked page by page.

    A line among the ``edge_lines`` top or bottom lines of its page is furniture when the same text,
    digits aside, sits at the edge of ``repeat_pages`` pages within ``repeat_window`` pages of it (journals alternate
    heads on odd and even pages); a bare page number at the very top or bottom is furniture too. Pages
    are read only as the reference list reaches them, so a long document costs no more than its list.
    """

    def __init__(self, tm: TextMap, params: ReferencesParams) -> None:
        self.tm = tm
        self.k = params.edge_lines
        pages = sorted(tm.page_starts)
        self.pages = pages
        self.repeat = min(params.repeat_pages, max(2, len(pages) // 2))
        self.window = params.repeat_window
        self.size_share = params.furniture_size_ratio  # (for running)
        self.same_size, self.spacing = params.furniture_same_size, params.furniture_line_spacing
        self._edges: dict[int, list[tuple[int, str]]] = {}
        self._norms: dict[int, frozenset[str]] = {}  # the texts of each page's edge lines
        self._out: dict[int, frozenset[int]] = {}
        self._running: dict[int, frozenset[float]] = {}

    def edges(self, page: int) -> list[tuple[int, str]]:
        got = self._edges.get(page)
        if got is None:
            tm = self.tm
            lines = tm.lines
            start, end = tm.page_starts.get(page), tm.page_ends.get(page)
            if start is None or end is None or start >= end:
                got = []
            else:
                i, j = tm.line_index(start), tm.line_index(max(end - 1, start)) + 1
                if j - i > 2 * self.k:
                    order = sorted([(lines[m].baseline, m) for m in range(i, j)])
                    idx = [m for _, m in order[: self.k]] + [m for _, m in order[-self.k:]]
                else:
                    idx = list(range(i, j))
                got = [(m, _norm_furniture(lines[m].text)) for m in idx]
            self._edges[page] = got
        return got

    def _edge_texts(self, page: int) -> frozenset[str]:
        got = self._norms.get(page)
        if got is None:
            got = self._norms[page] = frozenset(norm for _, norm in self.edges(page))
        return got

    def _near(self, page: int) -> list[int]:
        k = bisect_left(self.pages, page)
        return [p for p in self.pages[max(k - self.window, 0):k + self.window + 1] if p != page]

    def running(self, page: int) -> frozenset[float]:
        """The baselines (to 0.1 pt) of the page's running heads and feet and page number set in the size most
        of their repetitions on the pages around are: what the outline stage must not take for a heading,
        wherever the template sets it on the page. A line set larger than its repetitions is the heading a
        running head repeats on the pages after it (LaTeX's marks: "Appendices" at 17 pt over pages headed
        "APPENDICES")."""
        got = self._running.get(page)
        if got is None:
            lines = self.tm.lines
            out = set()
            for m in self.lines_of(page):
                norm = _norm_furniture(lines[m].text)
                sizes = sorted([lines[m].size] + [lines[o].size for p in self._near(page)
                                                  for o, other in self.edges(p) if other == norm])
                if lines[m].size <= (1 + self.size_share) * sizes[len(sizes) // 2]:
                    out.add(round(lines[m].baseline, 1))
            got = self._running[page] = frozenset(out)
        return got

    def lines_of(self, page: int) -> frozenset[int]:
        got = self._out.get(page)
        if got is not None:
            return got
        edge = self.edges(page)
        near = self._near(page)
        others = [self._edge_texts(p) for p in near]
        out: set[int] = set()
        extreme = {edge[0][0], edge[-1][0]} if edge else set()
        for m, norm in edge:
            if norm.startswith(("[#]", "(#)")):
                continue  # "[12] Ibid." on several pages is an entry, whatever it repeats
            if 1 + sum(norm in o for o in others) >= self.repeat:
                if not self._closing_figures(m, norm):
                    out.add(m)
            elif m in extreme and PAGE_NUMBER_LINE.match(self.tm.lines[m].text):
                out.add(m)
        got = self._out[page] = frozenset(out)
        return got

    def _closing_figures(self, m: int, norm: str) -> bool:
        """Whether line ``m``, figures and punctuation only and no page number, ends (or opens) a paragraph of
        the text block: in the size of the nearest line over or under it, one line's spacing from it. An
        entry's closing line "2017;138:49–56." reads so at the foot of many a page of a list (digits aside, the
        same text), while a running foot or head stands apart from the text block, or in another size."""
        lines = self.tm.lines
        line = lines[m]
        if any(c.isalpha() for c in norm) or PAGE_NUMBER_LINE.match(line.text):
            return False
        start, end = self.tm.page_starts[line.page], self.tm.page_ends[line.page]
        x0, _, x1, _ = line.box
        near = min((o for o in range(self.tm.line_index(start), self.tm.line_index(max(end - 1, start)) + 1)
                    if o != m and lines[o].box[0] < x1 and x0 < lines[o].box[2]),
                   key=lambda o: abs(lines[o].baseline - line.baseline), default=None)
        return near is not None and abs(lines[near].size - line.size) <= self.same_size \
            and 0 < abs(lines[near].baseline - line.baseline) <= self.spacing * line.size




def _norm_furniture(text: str) -> str:
    return " ".join(REF_DIGITS.sub("#", text.lower()).split())


def drop_odd_sizes(rows: list[Row], size: float, params: ReferencesParams) -> list[Row]:
    """Footnotes at a column's foot and heads at its top, in another size than the entries, are dropped; so is
    a column with no line in the entries' size (a figure's words on a page of its own inside the list), and
    what follows the list's last line in its size, unless they are dated as entries are (the list's last page
    set smaller than the others).

    ::

        | ... last entry line (7 pt)   |        <- the column's last list-size row
        | 19 A footnote (6 pt)         |        <- below it, another size: dropped
    """
    tol = params.furniture_size_ratio * size
    odd = [abs(r.size - size) > tol for r in rows]
    if not any(odd):
        return rows
    groups: dict[tuple[int, int], list[int]] = defaultdict(list)
    for k, r in enumerate(rows):
        groups[(r.page, r.column)].append(k)
    drop: set[int] = set()
    for ks in groups.values():
        normal = [rows[k].baseline for k in ks if not odd[k]]
        if not normal:
            if not _dated([rows[k] for k in ks], params):
                drop.update(ks)  # a column with no line in the list's size (a float's page) holds no entry
            continue
        lo, hi = min(normal), max(normal)
        for k in ks:
            if odd[k] and (rows[k].baseline < lo or rows[k].baseline > hi):
                drop.add(k)
    # The list ends with an entry in its size: the rows in other sizes after its last one are what follows it
    # (a title and its authors over the next page), wherever they sit.
    last = max((k for k, o in enumerate(odd) if not o), default=len(rows))
    if not _dated(rows[last + 1:], params):
        drop.update(range(last + 1, len(rows)))
    return [r for k, r in enumerate(rows) if k not in drop]


def _dated(rows: list[Row], params: ReferencesParams) -> bool:
    """Whether ``rows`` read as the list's entries in another size (its last page set smaller): entries are
    dated, so a share of their rows hold a year; a figure's words and a title page's lines hardly do."""
    return sum(1 for r in rows if YEAR.search(r.text)) >= params.odd_dated_share * len(rows) > 0
