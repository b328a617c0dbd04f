"""A draft's line numbers in the margin, found and set aside before the text is read.

Manuscripts for review, preprints and theses number their lines (LaTeX's lineno, Word's line numbering): a
column of integers beside the text, one for each line or for every fifth. Read as text they are everywhere:
a number alone before each line of a reference list looks like an entry's label, one inside a sentence like a
citation, a numbered heading's number doubles. They are no part of the paper, so every stage reads the pages
without them. (Our own: no PDF library sets line numbers apart; PDFium and pdf.js give them as any other text.)

What marks them, on any page that has them:
  * integers alone in their items, aligned on one edge (right-aligned as lineno and Word set them, or left);
  * most of them on the baseline of text beside them, on one side (a word processor numbers blank lines too);
  * rising down the page by the number of lines between them: the step from one number to the next is the
    count of lines that start just right of the strip (or end just left of it, or run through it) between the
    two, blank lines numbered included (a list's labels rise by one per entry, of two or three lines each, and
    its entries may wrap flush under them);
  * on many of the document's pages: a draft numbers its lines throughout, while a table's row numbers or a
    code listing's stand on a page or two.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import replace

from citelens.model import Page, TextItem
from citelens.params import PARAMS, LayoutParams


def without_line_numbers(pages: Sequence[Page], params: LayoutParams = PARAMS.layout) -> tuple[Page, ...]:
    """``pages`` without their margin line numbers, where the document numbers its lines on at least
    ``line_number_pages`` of its pages that hold text (``line_number_min`` items or more; else the pages as they
    are)."""
    found: dict[int, set[int]] = {}
    texts = 0
    for k, page in enumerate(pages):
        if len(page.items) < params.line_number_min:
            continue
        texts += 1
        numbers = _strip(page, params)
        if numbers:
            found[k] = numbers
    if not found or len(found) < params.line_number_pages * texts:
        return tuple(pages)
    for k in range(len(pages)):
        if k not in found and (beside := found.get(k - 1) or found.get(k + 1)):
            numbers = _short_page(pages[k], [i for i in pages[k - 1 if k - 1 in found else k + 1].items
                                             if id(i) in beside], params)
            if numbers:
                found[k] = numbers
    out = list(pages)
    for k, numbers in found.items():
        page = pages[k]
        out[k] = replace(page, items=tuple(i for i in page.items if id(i) not in numbers))
    return tuple(out)


def _short_page(page: Page, strip: list[TextItem], params: LayoutParams) -> set[int]:
    """The line numbers of a page next to a numbered one that holds too few lines to tell them by themselves (a
    draft's last page, a page of a few lines before a float page): integers in the neighbour's strip (aligned on
    the same edge as its numbers), rising down the page, each on the baseline of text beside it. A draft numbers
    the lines of every page of its text alike."""
    size = max(i.size for i in strip)
    tol = params.line_number_align * size
    right, left = max(_right(i) for i in strip), min(i.x for i in strip)
    aligned = [(i, v) for i in page.items if i.text[:1] in _OPENS_NUMBER and (v := _value(i)) is not None
               and (abs(_right(i) - right) <= tol or abs(i.x - left) <= tol)]
    if not aligned:
        return set()
    aligned.sort(key=lambda iv: iv[0].y)
    ids = {id(i) for i, _ in aligned}
    near = params.line_number_baseline * size
    text = [i for i in page.items if id(i) not in ids and i.text.strip()]
    if any(b <= a for (_, a), (_, b) in zip(aligned, aligned[1:])) \
            or not all(any(abs(t.y - i.y) <= near for t in text) for i, _ in aligned):
        return set()
    return ids


def _value(item: TextItem) -> int | None:
    text = item.text.strip()
    return int(text) if 0 < len(text) <= 5 and text.isdigit() and text.isascii() else None


_OPENS_NUMBER = frozenset("0123456789 ")


def _strip(page: Page, params: LayoutParams) -> set[int]:
    """The ids of the page's line numbers: the items of each aligned column of integers that passes the tests of
    the module's doc (several: lineno numbers each column of a two-column page beside it)."""
    # (Most items open with a letter: the first character turns them away before the strip and the digits test.)
    numbers = [(i, v) for i in page.items if i.text[:1] in _OPENS_NUMBER and (v := _value(i)) is not None]
    if len(numbers) < params.line_number_min:
        return set()
    groups: list[list[tuple[TextItem, int]]] = []
    for edge in (_right, _left):
        numbers.sort(key=lambda iv: edge(iv[0]))
        start = 0
        for k in range(1, len(numbers) + 1):
            if k < len(numbers) and edge(numbers[k][0]) - edge(numbers[start][0]) \
                    <= params.line_number_align * numbers[start][0].size:
                continue
            group = numbers[start:k]
            start = k
            if len(group) >= params.line_number_min and _rising(group, params.line_number_share):
                groups.append(group)
    # The largest columns first, and only a few: a page sets its line numbers in one strip beside each column; a
    # page of tables may hold dozens of rising columns of figures, each read against every item of the page.
    groups.sort(key=len, reverse=True)
    out: set[int] = set()
    for group in groups[:params.line_number_strips]:
        if not any(id(i) in out for i, _ in group) and _numbers_lines(page, group, params):
            out.update(id(i) for i, _ in group)
    return out


def _rising(group: list[tuple[TextItem, int]], share: float) -> bool:
    """Whether ``share`` of the steps down the column of numbers rise (a table's column of values seldom does:
    the cheap test before the lines beside are read)."""
    values = [v for _, v in sorted(group, key=lambda iv: iv[0].y)]
    return sum(1 for a, b in zip(values, values[1:]) if b > a) >= share * (len(values) - 1)


def _right(item: TextItem) -> float:
    return item.x + item.width


def _left(item: TextItem) -> float:
    return item.x


def _numbers_lines(page: Page, group: list[tuple[TextItem, int]], params: LayoutParams) -> bool:
    """Whether the aligned integers of ``group`` number the lines beside them: most of them on the baseline of
    text right of them (or, set right of the text, left of them; a word processor numbers blank lines too), and
    rising down the page by the count of lines from one to the next: lines that start (or end) beside the strip,
    within ``line_number_reach`` x the text's size (the column beside it: a two-column page's other column sets
    its lines on a grid of its own), lines that run through it (a list's entry wrapping under its label), and
    blank lines numbered."""
    group = sorted(group, key=lambda iv: iv[0].y)
    size = max(i.size for i, _ in group)
    right_edge = max(_right(i) for i, _ in group)
    left_edge = min(i.x for i, _ in group)
    ids = {id(i) for i, _ in group}
    after: list[TextItem] = []
    before: list[TextItem] = []
    across: list[tuple[float, float]] = []  # text running through the strip: lines too
    for item in page.items:
        if id(item) in ids or not item.text.strip():
            continue
        if item.x >= right_edge:
            after.append(item)
        elif item.x + item.width <= left_edge:
            before.append(item)
        else:
            across.append((item.y, item.size))
    tol = params.line_number_baseline * size
    for side, gap in ((after, lambda i: i.x - right_edge), (before, lambda i: left_edge - i.x - i.width)):
        if len(side) < params.line_number_min:
            continue
        ys = sorted(i.y for i in side)
        if sum(1 for i, _ in group if _near(ys, i.y, tol)) < params.line_number_beside * len(group):
            continue
        # The lines: those of text beside the strip, and the blank lines a word processor numbers too.
        reach = params.line_number_reach * sorted(i.size for i in side)[len(side) // 2]
        beside = _baselines([(i.y, i.size) for i in side if gap(i) <= reach] + [(i.y, i.size) for i, _ in group]
                            + across, params.line_number_same_line)
        agree = sum(1 for (a, va), (b, vb) in zip(group, group[1:])
                    if vb > va and _count_between(beside, a.y + tol, b.y + tol) == vb - va)
        if agree >= params.line_number_share * (len(group) - 1):
            return True
    return False


def _baselines(items: list[tuple[float, float]], same: float) -> list[float]:
    """The distinct lines of ``items`` (baseline and size), top down: an item within ``same`` x the larger size of
    the last line's first item is on that line (a superscript or an index at a line's start)."""
    out: list[float] = []
    last = last_size = 0.0
    for y, size in sorted(items):
        if not out or y - last > same * max(size, last_size):
            out.append(y)
            last, last_size = y, size
    return out


def _near(baselines: list[float], y: float, tol: float) -> bool:
    k = bisect_left(baselines, y - tol)
    return k < len(baselines) and baselines[k] <= y + tol


def _count_between(baselines: list[float], lo: float, hi: float) -> int:
    """How many of ``baselines`` lie in ``(lo, hi]``."""
    return bisect_right(baselines, hi) - bisect_right(baselines, lo)
