"""Shared geometry for every stage: body font size, lines, columns, reading order, offsets → boxes.

Input: :class:`~citelens.model.Page` objects (text items, top-left coordinates, y = baseline).
Output: :class:`Line` objects, in reading order, each knowing which items it holds and where each item
starts in the line's text, so a regex match on ``line.text`` gives boxes with :meth:`Line.boxes`.

Invariants: every item of a page lands in exactly one line; a line never crosses a column gutter or the
strip that sets a side box apart from the body;
``line.text[o:o + len(item.text)] == item.text`` for each item and its offset.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from math import inf
from operator import attrgetter

from citelens.construct import frozen_constructor
from citelens.model import DESCENT, Box, Page, TextItem
from citelens.params import PARAMS, LayoutParams
from citelens.patterns import HYPHEN_BREAK, HYPHEN_KEPT, LINE_END_HYPHEN, WORD_OF_THREE


def size_counts(pages: Iterable[Page]) -> dict[float, int]:
    """Printed characters per font size, as set, over all items: one pass that the body size and the outline's
    prose sizes (:func:`size_histogram`) both read. Spaces do not count: each extractor guesses them its own way
    (pdfminer, PDFium and pdf.js put them in different items, or none), and a body size near a tie with another
    size would follow the guess."""
    # The texts per size first: a paper sets a few sizes over thousands of items, and each size's texts are
    # joined and counted once. The dict keeps the order in which sizes first appear (body_font_size's ties go
    # to the first).
    texts: defaultdict[float, list[str]] = defaultdict(list)
    for page in pages:
        for item in page.items:
            texts[item.size].append(item.text)
    counts: dict[float, int] = {}
    for size, group in texts.items():
        joined = "".join(group)
        counts[size] = len(joined) - joined.count(" ")  # spaces: the extractor's guess
    return counts


def size_histogram(pages: Iterable[Page], counts: dict[float, int] | None = None) -> dict[float, int]:
    """Printed characters per font size rounded to 0.5 pt (:func:`size_counts`, given as ``counts`` or counted
    from ``pages``), in the order the sizes first appear."""
    out: dict[float, int] = {}
    for size, n in (size_counts(pages) if counts is None else counts).items():
        key = round(size * 2) / 2
        out[key] = out.get(key, 0) + n
    return out


def body_font_size(pages: Iterable[Page], sizes: dict[float, int] | None = None,
                   counts: dict[float, int] | None = None) -> float | None:
    """The size the text is set in: of the sizes rounded to 0.5 pt (``sizes``, :func:`size_histogram`), the one
    holding most printed characters; within it, the size to 0.1 pt holding most (``counts``, :func:`size_counts`).
    Sizes a hair apart (10.0 and 10.04) are one, and the text's own size stands as set: 8.2 pt, not 8.0, beside
    8.7 pt subheadings, and 10.25 pt not 10.5 (a paper printed at another scale keeps its proportions).

    >>> from citelens.model import Page, TextItem
    >>> body_font_size([Page(1, 600, 800, (TextItem("Title", 0, 50, 30, 14, 14), TextItem("body text", 0, 90, 40, 10, 10.04)))])
    10.0
    """
    pages = list(pages) if counts is None else pages
    if counts is None:
        counts = size_counts(pages)
    bins = size_histogram(pages, counts) if sizes is None else sizes
    if not bins:
        return None
    modal = max(bins, key=bins.__getitem__)
    fine: dict[float, int] = {}
    for size, n in counts.items():
        if round(size * 2) / 2 == modal:
            key = round(size, 1)
            fine[key] = fine.get(key, 0) + n
    return max(fine, key=fine.__getitem__) if fine else modal


#: ``Line.column`` of a side box beside the body (a margin biography): read after the page's other lines.
ASIDE = 2


@dataclass(frozen=True, slots=True)
class Line:
    """Items on one baseline within one column, left to right."""

    page: int
    items: tuple[TextItem, ...]
    offsets: tuple[int, ...]  # where each item's text starts in ``text``
    text: str
    box: Box
    baseline: float
    size: float  # the font size covering most characters
    column: int  # 0 left / only column, 1 right column, -1 spanning both columns, ASIDE a side box

    def boxes(self, start: int, end: int) -> tuple[Box, ...]:
        """Boxes covering ``text[start:end]``: one per item touched, cut at estimated glyph edges."""
        out: list[Box] = []
        # The items come in text order: none before the last that starts at or before ``start`` is touched, nor
        # any from the first that starts at or after ``end`` on. A line holds up to dozens.
        first = bisect_right(self.offsets, start) - 1
        if first < 0:
            first = 0
        for item, off in zip(self.items[first:], self.offsets[first:], strict=True):
            if off >= end:
                break
            stop = off + len(item.text)
            lo = start if start > off else off
            hi = end if end < stop else stop
            if lo >= hi:
                continue
            edges = char_edges(item)
            _, y0, _, y1 = item.box
            out.append((edges[lo - off], y0, edges[hi - off], y1))
        return tuple(out)


_new_line = frozen_constructor(Line)  # Line(...) without the frozen __init__: page_lines builds over a thousand a paper
_set_column = getattr(Line, "column").__set__  # the slot's own setter, past the frozen guard: a Line not yet shared


# Typical advance widths in em of a proportional text face (Times and Helvetica are within ~15 %):
# items give only their total width, and cutting it in equal shares puts "[12]" of "see [12] here"
# a glyph off; weighting by these puts box edges within a fraction of a glyph.
_NARROW = frozenset(" .,:;'!|ijlI`’‘\u00b7")
_SEMI = frozenset("ftr()[]{}-/\"“”*1")
_WIDE = frozenset("mwMW@%—")


def _advance(c: str) -> float:
    if c in _NARROW:
        return 0.28
    if c in _SEMI:
        return 0.36
    if c in _WIDE:
        return 0.85
    if c.isdigit():
        return 0.5
    if c.isupper():
        return 0.68
    return 0.5


class _Advances(dict[str, float]):
    """:func:`_advance` of each character met, worked out once: a paper sets a few hundred characters."""

    def __missing__(self, c: str) -> float:
        w = self[c] = _advance(c)
        return w


_ADVANCES = _Advances()


def char_edges(item: TextItem) -> tuple[float, ...]:
    """x of each glyph edge of ``item`` (``len(text) + 1`` values from ``x`` to ``x + width``), the item's
    width shared out by typical glyph advances."""
    # Cached by the item's identity: a TextItem's own hash builds a tuple of all its fields in Python, dearer than
    # most of the work it would save. The entry holds the item, so its id is not reused while the entry lives;
    # the `is` test makes that plain.
    hit = _EDGES.get(id(item))
    if hit is not None and hit[0] is item:
        return hit[1]
    weights = list(map(_ADVANCES.__getitem__, item.text))
    total = sum(weights) or 1.0
    scale = item.width / total
    edges = list(accumulate(map(scale.__mul__, weights), initial=item.x))
    edges[-1] = item.x + item.width
    if len(_EDGES) >= _EDGES_MAX:
        _EDGES.clear()  # a paper's boxes ask for a few hundred items: emptied now and then, not kept in order
    out = _EDGES[id(item)] = (item, tuple(edges))
    return out[1]


#: :func:`char_edges` of the items met last, by ``id(item)``: the item itself and its edges.
_EDGES: dict[int, tuple[TextItem, tuple[float, ...]]] = {}
_EDGES_MAX = 8192


def shifted(line: Line, dy: float) -> Line:
    """``line`` moved ``dy`` points down its page (box and baseline), its items and text shared."""
    x0, y0, x1, y1 = line.box
    return _new_line(line.page, line.items, line.offsets, line.text, (x0, y0 + dy, x1, y1 + dy), line.baseline + dy,
                     line.size, line.column)


def make_line(page: Page, items: list[TextItem], params: LayoutParams, aside: frozenset[int] = frozenset()) -> Line:
    """A line of ``items``, which come sorted by x (page_lines cuts them from a sorted band); a side box's
    line when its items are in ``aside``."""
    column = ASIDE if aside and id(items[0]) in aside else 0
    return _line(page.number, items, params.space_gap, _Rounded(), column)


class _Rounded(dict[float, float]):
    """``round(size, 1)`` of each font size met, worked out once: a line's size is rounded to 0.1 pt, ``round`` to
    a digit takes a third of a microsecond, and a page sets a few sizes over a hundred lines. One per page."""

    def __missing__(self, size: float) -> float:
        rounded = round(size, 1)
        if size:  # 0.0 and -0.0, one key, round to two values
            self[size] = rounded
        return rounded


def _line(number: int, items: Sequence[TextItem], space_gap: float, rounded: _Rounded, column: int = 0) -> Line:
    first = items[0]
    if len(items) == 1:
        return _new_line(number, (first,), (0,), _halfwidth(first.text), first.box, first.y, rounded[first.size],
                         column)
    # One pass: the text (a space where a gap between two items is wider than a word space) and where each
    # item starts in it; the characters per size (the size covering most characters wins, ties: the first
    # seen) and the lowest baseline of each size; the line's box. Neighbours mostly share a size: the
    # characters and lowest baseline of a run of one size are counted locally, and added up per rounded
    # size where the run ends.
    text = first.text
    size, x, y, height = first.size, first.x, first.y, first.height
    x0, y0 = x, y - height  # first.box, its terms at hand
    x1 = prev_end = x + first.width
    y1 = y + DESCENT * height
    parts = [text]
    offsets = [0]
    pos = len(text)
    sizes: dict[float, int] | None = None  # made where a second size first shows
    lowest: dict[float, float] = {}
    run_size, run_chars, run_low = size, pos, y
    prev_text = text
    for i in items[1:]:
        text = i.text
        size, x, y = i.size, i.x, i.y
        if x - prev_end > space_gap * (run_size if run_size > size else size) \
                and prev_text[-1:] != " " and text[:1] != " ":
            parts.append(" ")
            pos += 1
        offsets.append(pos)
        parts.append(text)
        n = len(text)
        pos += n
        prev_end, prev_text = x + i.width, text
        if size == run_size:
            run_chars += n
            if y > run_low:
                run_low = y
        else:
            if sizes is None:
                sizes = {}
            key = rounded[run_size]
            if key in sizes:
                sizes[key] += run_chars
                if run_low > lowest[key]:
                    lowest[key] = run_low
            else:
                sizes[key] = run_chars
                lowest[key] = run_low
            run_size, run_chars, run_low = size, n, y
        if x < x0:
            x0 = x
        if prev_end > x1:
            x1 = prev_end
        height = i.height
        if y - height < y0:
            y0 = y - height
        if y + DESCENT * height > y1:
            y1 = y + DESCENT * height
    key = rounded[run_size]
    if sizes is None:  # one size throughout: the common case
        return _new_line(number, tuple(items), tuple(offsets), _halfwidth("".join(parts)), (x0, y0, x1, y1), run_low,
                         key, column)
    if key in sizes:
        sizes[key] += run_chars
        if run_low > lowest[key]:
            lowest[key] = run_low
    else:
        sizes[key] = run_chars
        lowest[key] = run_low
    size = max(sizes, key=sizes.__getitem__)
    # Raised smaller text sets no line's size, however many characters it holds: a paragraph's last line,
    # "literature.¹⁰,¹³,¹⁴,¹⁹,²⁷,²⁸,³⁰", is set in the size whose baseline the superscripts sit above. Raised
    # text of words is not a superscript's (two columns' lines read as one, a smaller column's a little higher).
    under = [s for s in sizes if size < _SCRIPT * s and lowest[s] - lowest[size] > _RAISED * s]
    if under and WORD_OF_THREE.search("".join(i.text for i in items if rounded[i.size] == size)) is None:
        size = max(under, key=sizes.__getitem__)
    return _new_line(number, tuple(items), tuple(offsets), _halfwidth("".join(parts)), (x0, y0, x1, y1),
                     lowest[size], size, column)


_RAISED, _SCRIPT = PARAMS.layout.script_raised, PARAMS.layout.script_size


# Chinese, Japanese and Korean type set ASCII's punctuation, digits and letters in full-width forms ("（张三，
# 2019）", "［1］", "２０１９"): a line's text reads them as ASCII, one character for one, so its offsets hold.
_FULLWIDTH = re.compile("[\uff01-\uff5e]")
_HALFWIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)}


def _halfwidth(text: str) -> str:
    return text if text.isascii() or _FULLWIDTH.search(text) is None else text.translate(_HALFWIDTH)


def _one_letter(item: TextItem) -> bool:
    text = item.text.strip()
    return len(text) == 1 and text.isalpha()


def page_lines(page: Page, tolerance: float | None = None, params: LayoutParams = PARAMS.layout) -> list[Line]:
    """Group a page's items into lines, in reading order.

    ``tolerance`` is the baseline distance, in units of font size, within which items share a line
    (``params.line_tolerance`` by default; the outline stage retries tight-leading pages with less).
    """
    tol = params.line_tolerance if tolerance is None else tolerance
    items = sorted([i for i in page.items if i.text.strip()], key=_y)
    # 1. Bands of items whose baselines lie within tol x size of the band's first item. A superscript
    #    sits ~0.35 em above its baseline and joins it; the next line, >= 1 em below, does not.
    bands: list[list[TextItem]] = []
    lows: list[float] = []  # the smallest and largest font size in each band
    highs: list[float] = []
    ref_y = ref_size = 0.0
    drop, drop_cap = params.stacked_drop, params.drop_cap_ratio
    band: list[TextItem] = []
    # The band's first item while it may be an initial: one large letter, a drop cap, whose size says nothing of
    # the line's. Told only when a much smaller item joins it, which few bands see.
    opener: TextItem | None = None
    for item in items:
        size = item.size
        below = item.y - ref_y
        # _stacked's own first test, inline: most items are no wider than an em or sit on the band's baseline.
        if band and below <= tol * (ref_size if ref_size > size else size) \
                and (below <= drop * size or (item.x + item.width) - item.x <= size
                     or not _stacked(band, item, params)):
            band.append(item)
            if opener is not None and size * drop_cap <= ref_size and _one_letter(opener):
                ref_size = size  # the line's own text, beside the initial: its size sets the band's reach
                opener = None
            elif size > ref_size:
                highs[-1] = size
                if not (size >= drop_cap * ref_size and _one_letter(item)):
                    ref_size = size  # (a drop cap joining the line does not widen its reach)
            elif size < lows[-1]:
                lows[-1] = size
        else:
            band = [item]
            bands.append(band)
            lows.append(size)
            highs.append(size)
            ref_y, ref_size = item.y, size
            opener = item
    _hand_down_superscripts(bands, lows, highs, params)
    for band in bands:
        if len(band) > 1:
            band.sort(key=_x)
    # 2. Split each band at wide horizontal gaps: a column gutter, or a table's cell gap; and where a side
    #    box meets the body, however narrow the strip between them.
    #
    #    | body text of the left column ....|  gutter  |3.2 Heading in the right column |
    #                                       ^ gap > gutter_gap x size, and the gap covers the middle
    #
    #    Side boxes are found from the gaps the split meets (one pass over the items for both); the few pages
    #    that hold one are split again, at the boxes' edges too.
    gaps: list[_Gap] = []
    middle = _text_middle(bands, page.width, params)
    mids: tuple[float, ...] = (middle,)
    lines = _split(page.number, bands, mids, params, frozenset(), gaps)
    aside = _aside_items(bands, params, gaps)
    gutters = () if aside else _off_centre_gutters(bands, gaps, page.width, params, middle)
    if gutters:  # (few pages: the columns part away from the midline, or there are three)
        mids = gutters
        lines = _split(page.number, bands, mids, params, frozenset(), [])
    # The lines are this call's own, seen by no one yet: those that read in another column than the 0 they
    # were built with have it set in place rather than being built again.
    if aside:
        lines = _split(page.number, bands, mids, params, aside, [])
    _rejoin_scripts(page.number, lines, params)
    if aside:
        order = _reading_order(page.width, lines, [ASIDE if id(line.items[0]) in aside else 0 for line in lines],
                               params, middle)
        for k, column in order:
            if column:
                _set_column(lines[k], column)
        return [lines[k] for k, _ in order]
    sides = _sides(page.width, lines, params, gutters, middle)
    if sides is None:  # one column, read top to bottom: the column 0 the lines were built with stands
        lines.sort(key=_baseline)
        return lines
    for line, column in zip(lines, sides, strict=True):
        if column:
            _set_column(line, column)
    return [lines[k] for k in _body_order(lines, sides)]


#: A gap of at least ``aside_gap`` em between two items of a band, the width of a side box's strip or more
#: (:func:`_aside_items`): its left and right x, the sizes of the item reaching furthest right before it and of
#: the item after it, its band and where in the band the item after it stands.
_Gap = tuple[float, float, float, float, list[TextItem], int]


def _split(number: int, bands: list[list[TextItem]], mids: tuple[float, ...], params: LayoutParams,
           aside: frozenset[int], gaps: list[_Gap]) -> list[Line]:
    """Each band (sorted by x) cut into lines (column 0) at the gaps that part columns (over ``mids``: the
    page's midline, or its gutters where :func:`_off_centre_gutters` found them) or cells, and where the
    items of ``aside`` meet the others; the gaps a side box's strip may be made of are added to ``gaps``."""
    mid, more = mids[0], mids[1:]
    split_gap, gutter_gap, space_gap, em = params.split_gap, params.gutter_gap, params.space_gap, params.aside_gap
    rounded = _Rounded()
    lines: list[Line] = []
    for band in bands:
        first = band[0]
        if len(band) == 1:
            lines.append(_new_line(number, (first,), (0,), _halfwidth(first.text), first.box, first.y,
                                   rounded[first.size], 0))
            continue
        start = 0  # where the line being cut from the band starts
        prev = last = first  # the item before, and the one reaching furthest right so far
        right = first.x + first.width
        for k in range(1, len(band)):
            item = band[k]
            x, size = item.x, item.size
            gap = x - right
            # A gap over the page's midline parts two columns, or a box from a body narrower than itself.
            if gap >= em * (size if size > last.size else last.size) and not right < mid < x \
                    and not (more and any(right < m < x for m in more)):
                gaps.append((right, x, last.size, size, band, k))
            wide = size if size > prev.size else prev.size
            if gap > split_gap * wide or (gap > gutter_gap * wide
                                          and (right <= mid + wide and x >= mid - wide
                                               or more and any(right <= m + wide and x >= m - wide for m in more))
                                          and not (gap <= params.gutter_word_max * wide
                                                   and _spaced_alike(band, k, gap, params.gutter_word_share))) \
                    or (aside and (id(item) in aside) != (id(prev) in aside)):
                # A piece of one item (a two-column page's line of one item, cut from its band at the gutter: half
                # the lines of such a page) is its line, built here without a list cut from the band.
                lines.append(_line(number, band[start:k], space_gap, rounded) if k - start > 1
                             else _new_line(number, (prev,), (0,), _halfwidth(prev.text), prev.box, prev.y,
                                            rounded[prev.size], 0))
                start = k
            prev = item
            end = x + item.width
            if end > right:
                right, last = end, item
        if start == len(band) - 1:  # (prev is the band's last item)
            lines.append(_new_line(number, (prev,), (0,), _halfwidth(prev.text), prev.box, prev.y,
                                   rounded[prev.size], 0))
        else:
            lines.append(_line(number, band[start:] if start else band, space_gap, rounded))
    return lines


def _rejoin_scripts(number: int, lines: list[Line], params: LayoutParams) -> None:
    """Join to its line a superscript that banding gave to another column's line, a little higher, and the split
    at the gutter left a line of its own: two columns whose baselines are offset (after a heading or an
    equation in one of them) band a line of one with the other's line above it, and a superscript raised over
    the lower line with the higher. Such a line holds a few raised small numbers, no word, glued to a word of a
    line whose baseline is below them by at most ``superscript_rise`` x its size (``script_glue`` x their size
    apart at most): it joins that line, in place."""
    limit, small = params.script_line_chars, params.script_size
    short = [k for k, line in enumerate(lines) if len(line.text) <= limit and len(line.items) <= 4]
    if not short:
        return
    top = max(line.size for line in lines)
    orphans = [k for k in short if lines[k].size < small * top and WORD_OF_THREE.search(lines[k].text) is None]
    if not orphans:
        return
    glue, rise = params.script_glue, params.superscript_rise
    by_baseline = sorted([(line.baseline, j) for j, line in enumerate(lines)])
    reach = rise * top
    joined: set[int] = set()
    for k in orphans:
        o = lines[k]
        gap = glue * o.size
        x0, x1, y = o.box[0], o.box[2], o.baseline
        # The lines whose baseline is below the orphan's by at most an em's reach of the page's largest size.
        for n in range(bisect_right(by_baseline, (y, len(lines))), len(by_baseline)):
            base, j = by_baseline[n]
            if base - y > reach:
                break
            host = lines[j]
            if base - y > rise * host.size or j in joined or o.size >= small * host.size:
                continue
            if any(abs(i.x + i.width - x0) <= gap or abs(i.x - x1) <= gap for i in host.items):
                lines[j] = _line(number, sorted((*host.items, *o.items), key=_x), params.space_gap, _Rounded())
                joined.add(k)
                break
    if joined:
        lines[:] = [line for k, line in enumerate(lines) if k not in joined]


def _text_middle(bands: list[list[TextItem]], width: float, params: LayoutParams) -> float:
    """The middle of the page's text block, where two columns part, where it is clearly off the page's own
    middle: a two-sided layout shifts its text towards the spine page by page (a thesis's binding margin), and
    a page box may be wider on one side than the text (a letter-size paper on an A4 page). The block's left
    edge is the leftmost x at which ``text_middle_share`` of the page's lines start (within a point: lines
    start flush); its right edge the x that as many lines reach (ragged lines end short of the edge, justified
    ones on it). A line number, a margin note or a stamp in the margin is one of few. Without a left edge, with
    the block's middle within ``text_middle_slack`` x the width of the page's, or crossed by more than twice as
    many items as the page's (:func:`_crossing`: a short right column's ragged lines set the block's right edge),
    the page's middle stands. ``bands``: sorted by x."""
    need = max(params.text_middle_min, int(params.text_middle_share * len(bands)))
    if len(bands) < need:
        return width / 2
    lefts = sorted([band[0].x for band in bands])
    flush = params.text_middle_flush
    left = next((lefts[k] for k in range(len(lefts) - need + 1) if lefts[k + need - 1] - lefts[k] <= flush), None)
    right = sorted([band[-1].x + band[-1].width for band in bands])[-need]
    if left is None or right - left < width / 2:
        return width / 2
    middle = (left + right) / 2
    if abs(middle - width / 2) <= params.text_middle_slack * width:
        return width / 2
    # Two columns part where no line crosses (a page of one column, both crossed alike, keeps the block's).
    return width / 2 if 2 * _crossing(bands, width / 2) < _crossing(bands, middle) else middle


def _crossing(bands: list[list[TextItem]], x: float) -> int:
    """How many items of ``bands`` reach across ``x``."""
    return sum(1 for band in bands for i in band if i.x < x < i.x + i.width)


def _spaced_alike(band: list[TextItem], k: int, gap: float, share: float) -> bool:
    """Whether gaps of at least ``share`` of ``gap`` (the one before ``band[k]``, sorted by x) part neighbouring
    items on both sides of it: the line's words are spaced as widely, so ``gap`` parts two words, not two
    columns. A gutter is wider than the spaces between the words on either side of it (a single wide gap on
    one side is an equation's number or a table's cell, no spacing of the line's)."""
    least = share * gap
    left = found = False
    right = band[0].x + band[0].width
    for n in range(1, len(band)):
        item = band[n]
        if n == k:
            if not left:
                return False
            found = True
        elif item.x - right >= least:
            if found:
                return True
            left = True
        end = item.x + item.width
        if end > right:
            right = end
    return False


def _stacked(band: list[TextItem], item: TextItem, params: LayoutParams) -> bool:
    """Whether ``item`` sits under an item of ``band`` on another baseline, overlapping it by more than an
    em: the next line of a smaller-set column, not part of this line (PLOS's 8 pt side box beside a 13 pt
    heading: "provided the original author" and "and source are credited." 9.5 pt apart, both within
    tolerance of the heading). Accents, superscripts and subscripts overlap their neighbours by less.
    ``band`` comes in baseline order, top down, as banding walks down the page."""
    x0, x1 = item.x, item.x + item.width
    y, size = item.y, item.size
    drop = params.stacked_drop * size
    if x1 - x0 <= size or y - band[0].y <= drop:
        return False  # band[0] is the band's highest item: the common case, one baseline, ends here
    for other in band:
        if y - other.y <= drop:
            return False  # neither this item nor any after it, lower down, sits above item's baseline
        # min(x1, other's right) - max(x0, other's left), the overlap, without two calls
        left, right = other.x, other.x + other.width
        if (right if right < x1 else x1) - (left if left > x0 else x0) > (size if size > other.size else other.size):
            return True
    return False


_x = attrgetter("x")
_y = attrgetter("y")
_box = attrgetter("box")
_baseline = attrgetter("baseline")


def _main(band: list[TextItem]) -> tuple[float, float]:
    """Baseline and size of the band's body: its largest item, the first with the longest text of those.

    ``max(band, key=lambda i: (i.size, len(i.text)))`` without a call and a tuple per item."""
    top = band[0]
    size, length = top.size, len(top.text)
    for i in band:
        if i.size > size or (i.size == size and len(i.text) > length):
            top, size, length = i, i.size, len(i.text)
    return top.y, size


def _hand_down_superscripts(bands: list[list[TextItem]], lows: list[float], highs: list[float],
                             params: LayoutParams) -> None:
    """Move a superscript that banding gave to the line above back to its own line.

    Banding walks down the page, so a raised small number sitting 0.5 em above the next baseline can
    fall within tolerance of the line above (ACS's "in¹⁵,¹⁶" at 6.8 pt under one baseline and 5.2 pt
    over the next). A subscript hangs at most ~0.3 em below its line; anything lower that is raised
    over the next line belongs there. ``lows`` and ``highs`` are the smallest and largest font size of
    each band.
    """
    script, drop, rise = params.script_size, params.subscript_drop, params.superscript_rise
    # _main of the band after the last one looked at, kept for its own turn (two in five follow one that had
    # small items too) unless items moved into it; -1 when none is kept.
    known, main = -1, (0.0, 0.0)
    emptied = False
    for k in range(len(bands) - 1):
        band = bands[k]
        if len(band) < 2 or lows[k] >= script * highs[k]:
            continue  # nothing small in it: no superscript to hand down
        nxt = bands[k + 1]
        y, size = main if known == k else _main(band)
        ny, nsize = main = _main(nxt)
        known = k + 1
        small, hang, reach = script * size, drop * size, rise * nsize
        moved = [i for i in band if i.size < small and i.y - y > hang and 0 < ny - i.y <= reach]
        if moved:
            # Words standing over the next line's items are a line of their own (the other column's smaller text,
            # its baselines between this column's), and so is all on their baseline: none is a superscript (a
            # superscript and a subscript stacked on one base overlap, but hold no word).
            kept = {i.y for i in moved if WORD_OF_THREE.search(i.text) is not None and _over_any(i, nxt)}
            if kept:
                moved = [i for i in moved if not any(abs(i.y - ky) <= 0.1 * i.size for ky in kept)]
        if moved:
            band[:] = [i for i in band if i not in moved]
            emptied = emptied or not band
            nxt.extend(moved)
            known = -1
            lows[k + 1] = min(lows[k + 1], *(i.size for i in moved))
            highs[k + 1] = max(highs[k + 1], *(i.size for i in moved))
    if emptied:
        bands[:] = [b for b in bands if b]


def _over_any(item: TextItem, line: list[TextItem]) -> bool:
    """Whether ``item`` stands over an item of ``line``, across a third of its own width or more: the items of one
    line follow each other, so an item over another is on a line of its own, no superscript of that line. (Looser
    than :func:`_stacked`'s em: a short word over the next line's counts; the caller asks for a word.)"""
    x0, x1 = item.x, item.x + item.width
    least = item.width / 3
    return any(min(x1, o.x + o.width) - max(x0, o.x) > least for o in line)


def _size_steps(gaps: Iterable[tuple[float, float, float, float, object, int]], small: float) -> bool:
    """Whether two or more ``gaps`` (:data:`_Gap` and the gaps of :func:`_aside_items` hold the sizes of the items
    left and right of each at [2] and [3]) step one way between a smaller size (``small`` x the other or less)
    and a larger: a side box set smaller beside the body."""
    up = down = 0
    for g in gaps:
        left, right = g[2], g[3]
        if left <= small * right:
            up += 1
        if right <= small * left:
            down += 1
    return up >= 2 or down >= 2


def _off_centre_gutters(bands: list[list[TextItem]], found: list[_Gap], width: float,
                        params: LayoutParams, middle: float | None = None) -> tuple[float, ...]:
    """The middles of the gutters that part a page's columns away from its midline, left to right, or ().
    Columns part where their lines stop and start, line after line, not where the page's middle is: The
    Lancet's text columns (119-333 pt and 344-558 pt of 595) sit beside a margin column, their gutter 40 pt
    right of the midline and 1.3 em wide, too narrow for a gap anywhere to part them; Science sets three
    columns, parted a third and two thirds across.

    A gutter is a strip in the middle ``gutter_middle`` of the page, more than an em from the midline (the
    midline's own rule covers the rest), over which gaps of at least ``aside_gap`` em (``found``, from
    :func:`_split`) line up in many of the page's bands; most of those gaps part prose from prose
    (``gutter_chars`` characters on either side in their band, mostly letters, a word just before the gap),
    and the lines right of it start flush, those left of it end flush (justified columns): a table's cells
    are short or figures, and a list's labels are no words."""
    need = max(params.gutter_min_bands, params.gutter_bands_share * len(bands))
    if len(found) < need:
        return ()
    mid, reach = width / 2 if middle is None else middle, params.gutter_middle * width / 2
    # Runs of x where at least ``need`` gaps are open; of each, the stretch where the most are (its core).
    strips: list[tuple[float, float, int, float, float]] = []  # run start, end, most open, core start, end
    for count, x, nx in _open_strips(found, need):
        if strips and strips[-1][1] == x:
            r0, _, most, c0, c1 = strips[-1]
            strips[-1] = (r0, nx, count, x, nx) if count > most else (r0, nx, most, c0, c1)
        else:
            strips.append((x, nx, count, x, nx))
    out = []
    for r0, r1, _, s0, s1 in strips:
        centre = (s0 + s1) / 2
        if r1 - r0 < params.aside_strip or abs(centre - mid) > reach:
            continue
        over = [g for g in found if g[0] <= s0 and g[1] >= s1]
        if len(over) < need or abs(centre - mid) <= max(g[2] for g in over) or not _columns_part(over, params):
            continue
        out.append(centre)
    return tuple(out) if len(out) <= 2 else ()  # (four columns: a table's, read as the midline reads it)


def _open_strips(gaps: Sequence[tuple[float, float, object, object, object, object]],
                 least: float) -> list[tuple[int, float, float]]:
    """``(count, from, to)``: the stretches of x over which at least ``least`` of ``gaps`` (from, to, ...) are
    open, a stretch for each count. The gaps' ends are swept: a band's gaps never overlap, so the count at x is
    the number of bands open there."""
    events = sorted([(g[0], 1) for g in gaps] + [(g[1], -1) for g in gaps])
    strips: list[tuple[int, float, float]] = []
    count = 0
    for (x, step), (nx, _) in zip(events, events[1:]):
        count += step
        if count >= least and nx > x:
            if strips and strips[-1][2] == x and strips[-1][0] == count:
                strips[-1] = (count, strips[-1][1], nx)
            else:
                strips.append((count, x, nx))
    return strips


def _columns_part(over: list[_Gap], params: LayoutParams) -> bool:
    """Whether the gaps ``over`` a strip part columns of prose: at least ``gutter_flush`` of them part words
    from words, and as many end and start at one x each (see :func:`_off_centre_gutters`)."""
    least, need = params.gutter_chars, params.gutter_flush * len(over)
    if _flush([g[0] for g in over]) < need or _flush([g[1] for g in over]) < need:
        return False
    prose = 0
    for _, _, _, _, band, k in over:
        # The text each side of the gap runs on without a gap as wide (a table's row is cells far apart), and
        # the word just before the gap is one (a list's labels, "1." "2.", line up beside its entries).
        if any(map(str.isalpha, band[k - 1].text)) and _prose(_run(band, k, -1, params), least) \
                and _prose(_run(band, k, 1, params), least):
            prose += 1
    return prose >= need


def _flush(xs: list[float]) -> int:
    """How many of ``xs`` lie within a point of one another's rounding, at the x most of them share."""
    counts = Counter(map(round, xs))
    return max(counts[x - 1] + counts[x] + counts[x + 1] for x in counts)


def _run(band: list[TextItem], k: int, step: int, params: LayoutParams) -> list[TextItem]:
    """The items of ``band`` (sorted by x) next to the gap before ``band[k]``, leftwards (``step`` -1) or
    rightwards (1), up to the next gap of ``aside_gap`` em or more."""
    n = k - 1 if step < 0 else k
    out = [band[n]]
    while 0 <= n + step < len(band):
        a, b = (band[n + step], band[n]) if step < 0 else (band[n], band[n + step])
        if b.x - (a.x + a.width) >= params.aside_gap * max(a.size, b.size):
            break
        n += step
        out.append(band[n])
    return out


def _prose(items: Sequence[TextItem], least: int) -> bool:
    """Whether ``items`` hold ``least`` characters or more, most of them letters: words, not a table's figures."""
    text = "".join(i.text for i in items)
    return len(text) >= least and 2 * sum(map(str.isalpha, text)) >= len(text) - text.count(" ")


def _aside_items(bands: list[list[TextItem]], params: LayoutParams, found: list[_Gap]) -> frozenset[int]:
    """``id()`` of the items of the page's side boxes: text beside the body, apart from it by an empty strip.

    Frontiers sets author biographies and the editors' note in the left margin, 7.5 pt beside 9.5 pt body,
    14 pt apart: too close for the gutter rules, and its baselines fall between the body's, so without this
    its lines merge with the body's or interleave them ("(Miklósi et al., Budapest, Hungary. She conducted
    2003; ...)").

        Range and Virányi            Evolutionary origins ...   running head: one body line beside, stays
                                     body text ................
        *Correspondence:  |strip|    body text ................  a side box: long body lines beside it
        biography .....   |     |    body text ................
        biography .....   |     |    body text ................
        Frontiers in ...             January 2015 | Volume 5   running foot: stays

    The strip is where gaps of at least ``aside_gap`` em in ``aside_bands`` or more bands line up; bands no
    item crosses it form runs, and in each run the narrower side's blocks (lines at most two sizes apart)
    that pass the tests of :class:`~citelens.params.LayoutParams` are side boxes. A two-column page's
    gutter is such a strip too, its sides alike in width: no side box. Bands come sorted by x; ``found`` holds
    their gaps of ``aside_gap`` em or more (see :func:`_split`).
    """
    if len(found) < params.aside_bands:
        return frozenset()
    # A side box is set smaller than the body beside it: the last test below wants two gaps across its strip
    # between a smaller and a larger size. Most pages are set in one size, and hold no two such gaps at all.
    small = params.aside_smaller
    if not _size_steps(found, small):
        return frozenset()
    # from, to, sizes of the items on either side of it (as in found), characters before and after it in its band
    gaps: list[tuple[float, float, float, float, int, int]] = []
    seen: list[int] = []
    counted: list[TextItem] | None = None
    for a, b, left_size, right_size, band, k in found:
        if band is not counted:  # a band's gaps come together
            seen, counted = list(accumulate([len(i.text) for i in band], initial=0)), band  # characters of band[:k]
        gaps.append((a, b, left_size, right_size, seen[k], seen[-1] - seen[k]))
    strips = _open_strips(gaps, params.aside_bands)
    # Word spaces of justified lines line up by chance, a point or two wide; a strip beside a box is wider.
    strips = [st for st in strips if st[2] - st[1] >= params.aside_strip]
    # A side box is at most aside_share of the body's width: a strip near the middle of the page's text (a
    # two-column page's gutter, the usual strip) cannot set one apart. Measured on the whole page, wider
    # than the run's sides (PNAS's running foot reaches past its side notes), so with slack.
    x0 = min(band[0].x for band in bands)
    x1 = max(band[-1].x + band[-1].width for band in bands)
    out: set[int] = set()
    for _, s0, s1 in sorted(strips, key=lambda s: -s[0])[:params.aside_strips]:
        if min(s0 - x0, x1 - s1) > params.aside_slack * params.aside_share * max(s0 - x0, x1 - s1):
            continue
        # Cheap to check first: lines of prose on both sides (not equation numbers beside equations), one
        # side smaller than the other (not a table's columns).
        over = [g for g in gaps if g[0] <= s0 and g[1] >= s1]
        least = params.aside_min_lines * params.aside_min_chars
        if sum(g[4] for g in over) < least or sum(g[5] for g in over) < least:
            continue
        if not _size_steps(over, small):
            continue
        # Its middle half: a line ending a little into the strip (the gaps' ends vary) does not cross it.
        out.update(_aside_beside(bands, s0 + (s1 - s0) / 4, s1 - (s1 - s0) / 4, params))
        if out:
            break
    return frozenset(out)


def _aside_beside(bands: list[list[TextItem]], lo: float, hi: float, params: LayoutParams) -> set[int]:
    """The side boxes on either side of the strip ``[lo, hi]`` (see :func:`_aside_items`)."""
    # Runs of bands no item crosses the strip, each band cut into its items left and right of it.
    runs: list[tuple[list[list[TextItem]], list[list[TextItem]]]] = [([], [])]
    for band in bands:
        if band[0].x >= hi:
            runs[-1][0].append([])
            runs[-1][1].append(band)
            continue
        left: list[TextItem] = []
        right: list[TextItem] = []
        for i in band:
            if i.x >= hi:
                right.append(i)
            elif i.x + i.width <= lo:
                left.append(i)
            else:
                if runs[-1][0]:
                    runs.append(([], []))
                break
        else:
            runs[-1][0].append(left)
            runs[-1][1].append(right)
    out: set[int] = set()
    lines = params.aside_min_lines
    for lefts, rights in runs:
        if sum(1 for b in lefts if b) < lines and sum(1 for b in rights if b) < lines:
            continue
        lw, rw = _extent(lefts), _extent(rights)
        if not lw or not rw or min(lw, rw) > params.aside_share * max(lw, rw):
            continue  # one side empty, or a two-column page's gutter
        narrow, wide = (lefts, rights) if lw < rw else (rights, lefts)
        blocks: list[list[list[TextItem]]] = []
        above = (0.0, 0.0)  # _main of the line before, the last of blocks[-1]
        for items in narrow:
            if not items:
                continue
            main = _main(items)
            if blocks and main[0] - above[0] <= 2 * above[1]:
                blocks[-1].append(items)
            else:
                blocks.append([items])
            above = main
        if all(len(b) < lines for b in blocks):
            continue
        # The body's lines beside a box reach the strip: a table's narrow column beside a column of body text
        # further off is no side box.
        reach = params.aside_reach
        long = [_main(w) for w in wide if sum(len(i.text) for i in w) >= params.min_line_chars and _solid(w, params)
                and (w[0].x - hi if narrow is lefts else lo - w[-1].x - w[-1].width) <= reach * w[0].size]
        sized = [(b, _aside_size(b, long, params)) for b in blocks]
        # A box of aside_min_lines lines vouches for the shorter blocks of its size beside the same body
        # (Frontiers' one-line "*Correspondence:" above the biography).
        sizes = [size for b, size in sized if size and len(b) >= lines]
        for b, size in sized:
            if size and any(abs(size - s) <= params.aside_same_size * s for s in sizes):
                out.update(id(i) for line in b for i in line)
    return out


def _extent(parts: list[list[TextItem]]) -> float:
    xs = [i.x for p in parts for i in p]
    return max(i.x + i.width for p in parts for i in p) - min(xs) if xs else 0.0


def _solid(items: list[TextItem], params: LayoutParams, gap: float = 1.0) -> bool:
    """Whether ``items`` (sorted by x) run on without a gap of ``gap`` x ``aside_gap`` em: prose, not a
    table's row."""
    right = items[0].x + items[0].width
    for item in items[1:]:
        if item.x - right >= gap * params.aside_gap * item.size:
            return False
        right = max(right, item.x + item.width)
    return True


def _aside_size(block: list[list[TextItem]], long: list[tuple[float, float]], params: LayoutParams) -> float:
    """The font size of a block of the strip's narrower side if it reads as a side box beside the ``long``
    lines of the body (prose lines in a smaller size than the body's), else 0."""
    if not all(_solid(b, params, params.aside_justified) for b in block):  # PLOS justifies "Copyright:  2014 Iskandar ..."
        return 0.0
    chars: Counter[float] = Counter()
    for b in block:
        for i in b:
            chars[i.size] += len(i.text)
    size = chars.most_common(1)[0][0]  # by characters: Frontiers' "*" of "*Correspondence:" is 10 pt, the rest 7.5
    if _extent(block) < params.aside_min_width * size or chars.total() < params.aside_min_chars * len(block):
        return 0.0
    top, bottom = _main(block[0])[0], _main(block[-1])[0]
    beside = [s for y, s in long if top - params.aside_beside * s <= y <= bottom + params.aside_beside * s]
    if len(beside) < 2 or size > params.aside_smaller * max(beside):
        return 0.0
    return size


def reading_order(page: Page, lines: list[Line], params: LayoutParams = PARAMS.layout) -> list[Line]:
    """Assign columns and sort in reading order; side boxes (``column == ASIDE``) come last.

    A page counts as two-column when at least ``two_column_share`` of its longer lines sit wholly in
    one half and both halves have such lines.
    """
    columns = [ln.column for ln in lines]
    return [_with_column(lines[k], column) for k, column in _reading_order(page.width, lines, columns, params)]


def _reading_order(width: float, lines: Sequence[Line], columns: list[int],
                   params: LayoutParams, middle: float | None = None) -> list[tuple[int, int]]:
    """:func:`reading_order` of ``lines``, each in the body or a side box as ``columns`` says: ``(index, column)``
    of each line, in reading order."""
    body = [k for k, column in enumerate(columns) if column != ASIDE]
    asides = [k for k, column in enumerate(columns) if column == ASIDE]
    asides.sort(key=lambda k: (lines[k].baseline, lines[k].box[0]))
    chosen = [lines[k] for k in body]
    sides = _sides(width, chosen, params, (), middle)
    return [(body[n], 0 if sides is None else sides[n]) for n in _body_order(chosen, sides)] \
        + [(k, ASIDE) for k in asides]


def _sides(width: float, lines: Sequence[Line], params: LayoutParams,
           gutters: tuple[float, ...] = (), middle: float | None = None) -> list[int] | None:
    """Where each of ``lines`` sits on a two-column page: 0 wholly in the left half, 1 in the right half, -1
    across both; None on a one-column page. Where :func:`_off_centre_gutters` found the page's gutters, the
    columns are theirs: 0 left of the first, then 1, then 3 (2 is :data:`ASIDE`'s), -1 across a gutter."""
    slack = width * params.half_slack
    if gutters:
        bounds = (-inf, *gutters, inf)
        ids = [0, 1, 3][:len(bounds) - 1]
        out = []
        for x0, _, x1, _ in map(_box, lines):
            side = -1
            for c, lo, hi in zip(ids, bounds, bounds[1:]):
                if x0 >= lo - slack and x1 <= hi + slack:
                    side = c
                    break
            out.append(side)
        return out
    mid = width / 2 if middle is None else middle
    left_end, right_start = mid + slack, mid - slack
    # The longer lines decide; the sides of all are worked out only on a two-column page (one in six).
    least = params.min_line_chars
    halves0 = halves1 = 0
    long = [line.box for line in lines if len(line.text) >= least]
    for box in long:
        if box[2] <= left_end:
            halves0 += 1
        elif box[0] >= right_start:
            halves1 += 1
    if not halves0 or not halves1 or halves0 + halves1 < params.two_column_share * len(long):
        return None
    return [0 if box[2] <= left_end else 1 if box[0] >= right_start else -1 for box in map(_box, lines)]


def _body_order(lines: Sequence[Line], sides: list[int] | None) -> list[int]:
    """The indexes of ``lines`` in reading order: top to bottom, and on a two-column page (``sides``, see
    :func:`_sides`) zone by zone."""
    baselines = [line.baseline for line in lines]
    if sides is None:
        return sorted(range(len(lines)), key=baselines.__getitem__)
    # Spanning lines (a title, a full-width figure or table) cut the page into zones; within a zone
    # the left column is read before the right one.
    #
    #   [ title, spanning ........................ ]   zone 0
    #   [ left col ...... ]      [ right col ..... ]   zone 1: left, then right
    #   [ full-width figure caption .............. ]   zone 1 ends
    #   [ left col ...... ]      [ right col ..... ]   zone 2
    cuts = sorted(b for b, s in zip(baselines, sides, strict=True) if s < 0)
    keys = [(bisect_left(cuts, b) + (s < 0), s, b) for b, s in zip(baselines, sides, strict=True)]
    return sorted(range(len(keys)), key=keys.__getitem__)


def _with_column(line: Line, column: int) -> Line:
    if line.column == column:
        return line
    return _new_line(line.page, line.items, line.offsets, line.text, line.box, line.baseline, line.size, column)


@dataclass(frozen=True, slots=True)
class TextMap:
    """The whole document as one string, every character traceable to its page and box.

    Lines in reading order joined by ``"\\n"``; the join between two pages is ``"\\f"``. Stages run
    their regexes over ``text`` and get boxes for any match with :meth:`boxes` (pdfplumber's TextMap).

    >>> from citelens.model import Page, TextItem
    >>> p1 = Page(1, 600, 800, (TextItem("see [12] here", 72, 100, 65, 10, 10),))
    >>> p2 = Page(2, 600, 800, (TextItem("next page", 72, 100, 45, 10, 10),))
    >>> tm = text_map([p1, p2])
    >>> tm.text
    'see [12] here\\x0cnext page'
    >>> tm.page_at(tm.text.index("next")), [(pg, [round(v) for v in b]) for pg, b in tm.boxes(4, 8)]
    (2, [(1, [93, 90, 112, 102])])
    >>> tm.span(1, (92, 90, 112, 102))
    (4, 8)
    """

    text: str
    lines: tuple[Line, ...]
    starts: tuple[int, ...]  # offset of each line in ``text``
    page_starts: dict[int, int]  # page number → offset of its first character
    page_ends: dict[int, int]  # page number → offset just past its last character

    def line_index(self, offset: int) -> int:
        """Index of the line holding ``offset`` (a separator belongs to the line before it)."""
        k = bisect_right(self.starts, offset) - 1
        return k if k > 0 else 0

    def page_at(self, offset: int) -> int:
        return self.lines[self.line_index(offset)].page if self.lines else 0

    def boxes(self, start: int, end: int) -> tuple[tuple[int, Box], ...]:
        """One ``(page, box)`` per line that ``text[start:end]`` touches: the union of its glyph boxes."""
        out: list[tuple[int, Box]] = []
        if not self.lines or end <= start:
            return ()
        for i in range(self.line_index(start), self.line_index(max(end - 1, start)) + 1):
            line, s = self.lines[i], self.starts[i]
            parts = line.boxes(max(start - s, 0), min(end - s, len(line.text)))
            if len(parts) == 1:  # a marker or a mention mostly lies in one item: its box is the union
                out.append((line.page, parts[0]))
            elif parts:
                x0, y0, x1, y1 = zip(*parts)
                out.append((line.page, (min(x0), min(y0), max(x1), max(y1))))
        return tuple(out)

    def items(self, start: int, end: int) -> list[tuple[TextItem, int]]:
        """The items ``text[start:end]`` touches, each with its own offset in ``text``."""
        out: list[tuple[TextItem, int]] = []
        if not self.lines or end <= start:
            return out
        for i in range(self.line_index(start), self.line_index(max(end - 1, start)) + 1):
            line, s = self.lines[i], self.starts[i]
            for item, off in zip(line.items, line.offsets, strict=True):
                a = s + off
                if a < end and a + len(item.text) > start:
                    out.append((item, a))
        return out


    def line_range(self, page: int) -> range:
        """The indexes of the lines from ``page``'s first character to its last (empty for a page without
        text); a caller keeps those whose ``page`` is this one."""
        if page not in self.page_starts:
            return range(0)
        first = self.line_index(self.page_starts[page])
        return range(first, self.line_index(max(self.page_ends[page] - 1, self.page_starts[page])) + 1)

    def span(self, page: int, box: Box) -> tuple[int, int] | None:
        """The inverse of :meth:`boxes`: the ``[start, end)`` of the characters on ``page`` whose
        centres lie inside ``box`` (first line only), or None when no character does."""
        for i in self.line_range(page):
            line, s0 = self.lines[i], self.starts[i]
            if line.page != page or line.box[3] <= box[1] or line.box[1] >= box[3]:
                continue
            lo = hi = None
            for item, off in zip(line.items, line.offsets, strict=True):
                n = len(item.text)
                if not n or item.x + item.width <= box[0] or item.x >= box[2]:
                    continue
                edges = char_edges(item)
                for k in range(n):
                    cx = (edges[k] + edges[k + 1]) / 2
                    if box[0] <= cx <= box[2] and not item.text[k].isspace():
                        lo = s0 + off + k if lo is None else min(lo, s0 + off + k)
                        hi = s0 + off + k + 1 if hi is None else max(hi, s0 + off + k + 1)
            if lo is not None and hi is not None:
                return (lo, hi)
        return None


def text_map(pages: Iterable[Page], lines_by_page: dict[int, list[Line]] | None = None,
             params: LayoutParams = PARAMS.layout) -> TextMap:
    """Build the :class:`TextMap` of ``pages`` (reusing already computed lines when given)."""
    parts: list[str] = []
    lines: list[Line] = []
    starts: list[int] = []
    page_starts: dict[int, int] = {}
    page_ends: dict[int, int] = {}
    pos = 0
    for page in pages:
        if parts:
            parts.append("\f")
            pos += 1
        page_starts[page.number] = pos
        page_lines_ = lines_by_page[page.number] if lines_by_page and page.number in lines_by_page \
            else page_lines(page, params=params)
        if page_lines_:
            texts = [line.text for line in page_lines_]
            # each line starts one separator past the end of the one before it
            starts.extend(accumulate([len(t) + 1 for t in texts[:-1]], initial=pos))
            text = "\n".join(texts)
            lines.extend(page_lines_)
            parts.append(text)
            pos += len(text)
        page_ends[page.number] = pos
    return TextMap("".join(parts), tuple(lines), tuple(starts), page_starts, page_ends)


def strip_span(text: str, a: int, b: int) -> tuple[int, int]:
    """``[a, b)`` narrowed to exclude whitespace at both ends.

    >>> strip_span("  [12] ", 0, 7)
    (2, 6)
    """
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def join_lines(text: str) -> str:
    """Text spanning line, column or page breaks, as one run: breaks become spaces, and a word
    hyphenated at a line end is rejoined when it continues in lower case.

    >>> join_lines("infor-\\nmation re-\\nuse in state-of-the-\\nArt\\fsystems")
    'information reuse in state-of-the-Art systems'
    """
    if "-\n" not in text and "-\f" not in text:  # no hyphen at a break: neither pattern can match
        return " ".join(text.split())
    text = _replaced(HYPHEN_BREAK, text, _glued)
    if "-\n" in text or "-\f" in text:
        text = _replaced(HYPHEN_KEPT, text, _kept)
    return " ".join(text.split())


def hyphen_matches(pattern: re.Pattern[str], text: str) -> list[re.Match[str]]:
    """The matches of ``pattern.finditer(text)`` for HYPHEN_BREAK or HYPHEN_KEPT, tried only at the word
    character before each hyphen that ends a line (LINE_END_HYPHEN), where alone they can start: opening with
    a word character, they are otherwise tried at nearly every character (7 us for a 200-character sentence)."""
    out: list[re.Match[str]] = []
    last = 0
    for hyphen in LINE_END_HYPHEN.finditer(text):
        k = hyphen.start() - 1
        if k >= last:
            m = pattern.match(text, k)
            if m is not None:
                out.append(m)
                last = m.end()
    return out


def _replaced(pattern: re.Pattern[str], text: str, repl: Callable[[re.Match[str]], str]) -> str:
    """``pattern.sub(repl, text)`` for HYPHEN_BREAK or HYPHEN_KEPT (see :func:`hyphen_matches`)."""
    parts: list[str] = []
    last = 0
    for m in hyphen_matches(pattern, text):
        parts.append(text[last:m.start()])
        parts.append(repl(m))
        last = m.end()
    parts.append(text[last:])
    return "".join(parts)


# The replacements of join_lines as functions: CPython 3.11 expands a template ("\1\2") in Python for
# every match, which costs twice as much.
def _glued(m: re.Match[str]) -> str:
    return m[1] + m[2]


def _kept(m: re.Match[str]) -> str:
    return m[1] + "-"
