"""Reference list: where the bibliography is, its entries, and what each entry says.

Input: the document's :class:`~citelens.layout.TextMap` (lines in reading order, pages joined by "\f").
Output: a :class:`ReferenceList`: the entries as :class:`~citelens.model.Reference` (1-based ``index`` in
list order), the offsets in ``tm.text`` where the list starts (after its heading) and ends (past its last
entry), and diagnostics (``no_references`` when no list is found, ``references_unsplit`` when a list is
found but cannot be split into at least ``min_entries`` entries).

How:

1. **Where.** The list starts after the *last* line that is a References / Bibliography / Works Cited /
   Literature Cited heading (numbered, upper case, with a line number or ACS's "■" before it; a
   "References" running head is no heading). Without one, the last third of the pages (2 to 20) is
   scanned bottom-up for a running sequence of numbered entries ("[1]", "1.", "(1)") of at least
   ``fallback_min_chars`` characters, given up when more than a third of its blocks do not look like
   references. The list stops at an appendix or supplementary heading, another section heading set apart
   from the entries (Cell's "STAR★METHODS", Nature's "ONLINE METHODS"), end matter ("Received:",
   "Copyright ©", "Conflict of Interest Statement:"), or foreign text (a caption, a wide gap, three lines
   in a larger font) -- unless the list's next entry follows the foreign text (PNAS, floats).
2. **Clean.** Running heads and feet (the same text at a page's edge on pages nearby), page numbers,
   footnotes and heads in another font size at a column's top or bottom, and bioRxiv's line numbers are
   dropped before splitting, so an entry broken across a column or page comes out whole. Pages whose
   columns the shared layout misreads (three columns; lines taken for spanning ones) are cut at their
   gutters and read column by column.
3. **Split.** The first strategy that yields ``min_entries`` entries wins: numbered (labels "[12]",
   "(12)", "12.", "12" at a line start, in increasing sequence; two entries run together on one line are
   cut apart), hanging indent (a line at the column's left edge starts an entry, continuation lines are
   indented), spacing (flush-left entries set apart by a wider line step), author-year (a flush-left line
   starting with a surname after an entry that already holds a year). Short unnumbered lines alone (group
   headings) are no entries.
4. **Parse** (:mod:`citelens.entry`). Each entry's text is joined across line breaks (hyphenated words rejoined:
   :func:`~citelens.layout.join_lines`; accents the extractor split off put back) and read for authors'
   surnames (four name orders, particles and diacritics kept), year and its letter, title, DOI
   (normalised), arXiv id and URL. Parsing is best effort and total: a field it cannot find stays empty.

Invariants: ``0 <= start <= end <= len(tm.text)``; entries are in list order and do not overlap; each
entry's ``raw`` holds no label ("[12]" is in ``label``) and no running head or page number.
"""

from __future__ import annotations

import enum
import unicodedata
from bisect import bisect_left
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain

from citelens.layout import TextMap, join_lines, strip_span
from citelens.model import Box, Diagnostic, DiagnosticCode, Reference, TextItem
from citelens.entry import compose_accents, dense_text, parse_entry
from citelens.params import PARAMS, ReferencesParams
from citelens.patterns import (
    APPENDIX_HEADING,
    AUTHOR_START,
    CAPTION,
    DOTTED_LEADER,
    END_MATTER,
    HEADING_NUMBER,
    KNOWN_SECTION,
    PAGE_NUMBER_LINE,
    REFERENCE_LIST_HEADING,
    REF_DIGITS,
    REF_ALPHA_LABEL_ONLY,
    REF_SAME_AUTHORS,
    REF_YEAR_START,
    REF_DOI,
    REF_HEADING_HINT,
    REF_ID_HINT,
    REF_LABEL,
    REF_LABEL_INLINE,
    REF_LABEL_ONLY,
    REF_LEADING_NUMBER,
    REF_NUMBER_ONLY,
    REF_YEAR,
)


@dataclass(frozen=True, slots=True)
class ReferenceList:
    """The bibliography: its entries, and the span of ``tm.text`` it takes.

    ``start`` is the offset of its first entry's first character (after its heading; where a page's
    columns were re-read, the earliest of the entries' offsets), ``end`` is just past its last entry.
    Text the list skipped (a column of Methods prose between PNAS's entries 3 and 4) lies inside the span;
    ``skipped`` holds the stretches of it that are prose (see :func:`_skipped`), for the citation search.
    Both are None when no list was found.
    """

    references: tuple[Reference, ...]
    start: int | None  # offset in tm.text where the bibliography begins (after its heading)
    end: int | None  # offset just past its last entry
    diagnostics: tuple[Diagnostic, ...] = ()
    skipped: tuple[tuple[int, int], ...] = ()  # [a, b) inside start..end the list passed over (see above)


class LabelKind(enum.StrEnum):
    BRACKET = "bracket"  # [12]
    PAREN = "paren"  # (12)
    DOT = "dot"  # 12.
    BARE = "bare"  # 12
    ALPHA = "alpha"  # [Knu84]: no number, the entries run in alphabetical order


@dataclass(frozen=True, slots=True)
class _Label:
    kind: LabelKind
    number: int
    text: str  # as written, e.g. "[12]"
    end: int  # offset in the row's text where the entry's own text begins


@dataclass(frozen=True, slots=True)
class _Row:
    """A kept piece of one line (or of a label line and the text line beside it): the unit of splitting."""

    line: int  # index into tm.lines
    segments: tuple[tuple[int, int], ...]  # (start, end) offsets in tm.text, in order
    text: str
    x: float  # left edge of the kept text
    page: int
    column: int
    size: float
    baseline: float
    box: Box  # union of its items' boxes
    label: _Label | None  # the numbered label its text starts with, if any

    @property
    def start(self) -> int:
        return self.segments[0][0]

    @property
    def end(self) -> int:
        return self.segments[-1][1]


@dataclass(frozen=True, slots=True)
class _Entry:
    label: str | None
    rows: tuple[_Row, ...]
    skip: int  # characters of the first row's text that belong to the label


# ------------------------------------------------------------------------------------------- public


def find_references(tm: TextMap, params: ReferencesParams = PARAMS.references) -> ReferenceList:
    """Find the bibliography of ``tm`` and parse its entries (see the module docstring)."""
    if not tm.lines:
        return ReferenceList((), None, None, (_no_references("the document has no text"),))
    furniture = _Furniture(tm, params)
    heading = _heading(tm, furniture)
    entries: list[_Entry] = []
    rows: list[_Row] = []
    if heading is not None:
        line, cut = heading
        rows = _stop(_rows(tm, line + 1 if cut is None else line, furniture, cut, params), params)
        entries = _split(rows, params)
    if len(entries) < params.min_entries:
        fb_rows, fb_entries = _fallback(tm, furniture, params)
        if len(fb_entries) > len(entries):
            rows, entries = fb_rows, fb_entries
    if not entries:
        what = "a References heading but no entries after it" if heading is not None else \
            "no References heading and no numbered list in the last pages"
        return ReferenceList((), None, None, (_no_references(f"no reference list found: {what}"),))
    diags: list[Diagnostic] = []
    if len(entries) < params.min_entries:
        diags.append(Diagnostic(
            DiagnosticCode.REFERENCES_UNSPLIT,
            f"the reference list could not be split into entries by number, indent or author-year "
            f"({len(entries)} found)", rows[0].page if rows else None))
    refs = _same_authors(tuple(_reference(tm, i, e, params) for i, e in enumerate(entries, start=1)))
    start = min(r.start for r in rows)
    end = max(r.end for e in entries for r in e.rows)
    skipped = _skipped(tm, rows, start, end, furniture, params)
    return ReferenceList(refs, start, max(end, start), tuple(diags), skipped)


def _skipped(tm: TextMap, rows: Sequence[_Row], start: int, end: int, furniture: _Furniture,
             params: ReferencesParams) -> tuple[tuple[int, int], ...]:
    """The stretches of ``start``..``end`` no kept row covers that hold at least ``skipped_min_lines``
    lines of ``skipped_min_chars`` characters other than running heads and feet: prose the list passed over (F1000 sets the end of
    the Discussion beside the first entries)."""
    covered = sorted(seg for r in rows for seg in r.segments)
    out = []
    at = start
    for a, b in [*covered, (end, end)]:
        if a > at:
            first, last = tm.line_index(at), tm.line_index(a - 1)
            prose = sum(1 for k in range(first, last + 1)
                        if k not in furniture.lines_of(tm.lines[k].page)
                        and len(tm.text[max(at, tm.starts[k]):min(a, tm.starts[k] + len(tm.lines[k].text))].strip())
                        >= params.skipped_min_chars)
            if prose >= params.skipped_min_lines:
                out.append((at, a))
        at = max(at, b)
    return tuple(out)


def _no_references(message: str) -> Diagnostic:
    return Diagnostic(DiagnosticCode.NO_REFERENCES, message)


# ---------------------------------------------------------------------------------------- location


# Cheap pre-filters for the heading test: what may precede the heading word, the letters it may start
# with, and a word stem every REFERENCE_LIST_HEADING alternative holds.
_HEADING_LEAD = "0123456789.■ \t"
_HEADING_FIRST = frozenset("RrBbLlWwCcΒβΑαIVX")


def _heading(tm: TextMap, furniture: _Furniture) -> tuple[int, tuple[int, int] | None] | None:
    """The last heading line: its index, and the span of the heading item when it shares its line with
    the first entry (ACS sets "■ REFERENCES" so that the extractor merges it into entry 1's line).

    A "References" running head over every page of the list is no heading; when every candidate is
    one, the first of them is (the list's first page carries the heading at its top).
    """
    running: int | None = None
    for i in range(len(tm.lines) - 1, -1, -1):
        line = tm.lines[i]
        if len(line.text) > 60:
            if "EFERENCES" not in line.text:
                continue
        elif line.text.lstrip(_HEADING_LEAD)[:1] not in _HEADING_FIRST or not REF_HEADING_HINT.search(line.text):
            continue
        elif REFERENCE_LIST_HEADING.match(line.text):
            if i not in furniture.lines_of(line.page):
                return i, None
            running = i
            continue
        if len(line.items) > 1:
            for item, off in zip(line.items, line.offsets, strict=True):
                if off and item.text.strip().isupper() and REFERENCE_LIST_HEADING.match(item.text):
                    s = tm.starts[i] + off
                    return i, (s, s + len(item.text))
    return None if running is None else (running, None)


def _rows(tm: TextMap, first: int, furniture: _Furniture, cut: tuple[int, int] | None = None,
          params: ReferencesParams = PARAMS.references) -> Iterator[_Row]:
    """Rows from line ``first`` to the end of the document, lazily, page by page, furniture dropped.

    A page set in three or more columns (Royal Society Open Science's reference pages), which the shared
    layout reads as one, is cut at its gutters and read column by column here.
    """
    margins = _line_number_margin(tm, first)
    i, n = first, len(tm.lines)
    heading = first - 1 if cut is None else first  # the heading line (or the line holding it)
    while i < n:
        page = tm.lines[i].page
        j = i
        while j < n and tm.lines[j].page == page:
            j += 1
        pieces: list[tuple[int, int, int, int]] = []  # (line, first item, end item, column)
        # Only where the shared layout went wrong: it reads two columns well, but not three (RSOS), nor
        # two whose lines it took for spanning ones (The Lancet's reference page).
        gutters = _gutters(tm, i, j, params) if _confused_columns(tm, i, j) else []
        lo = i
        if gutters and i == first and heading >= 0 and tm.lines[heading].page == page:
            lo = tm.line_index(tm.page_starts[page])  # the whole page: re-read, then keep what follows
        drop = furniture.lines_of(page)
        margin = _page_margin(margins, page)
        for k in range(lo, j):
            if k in drop:
                continue
            line = tm.lines[k]
            k0 = 1 if margin is not None and line.items and _in_margin(line.items[0].x, margin) \
                and REF_NUMBER_ONLY.fullmatch(line.items[0].text.strip()) else 0
            if k0 >= len(line.items):
                continue
            if not gutters:
                pieces.append((k, k0, len(line.items), line.column))
                continue
            start, col = k0, _column_of(line.items[k0], gutters)
            for m in range(k0 + 1, len(line.items)):
                c = _column_of(line.items[m], gutters)
                if c != col:
                    pieces.append((k, start, m, col))
                    start, col = m, c
            pieces.append((k, start, len(line.items), col))
        if gutters:
            if lo < i:
                # Keep what follows the heading in reading order: below it in its column, and the
                # columns to its right.
                # Only text in the list's font size: prose above the heading is set larger.
                # Where the heading shares its line with text of another column (Science sets
                # "REFERENCES AND NOTES" beside a Methods column), its column is its own item's, and the
                # lines after it in the layout's order are filtered the same way.
                h_line = tm.lines[heading]
                h_item = h_line.items[0]
                if cut is not None:
                    h_item = next((item for item, off in zip(h_line.items, h_line.offsets, strict=True)
                                   if tm.starts[heading] + off >= cut[0]), h_item)
                h_col, h_base = _column_of(h_item, gutters), h_line.baseline
                sizes = Counter(round(tm.lines[k].size, 1) for k in range(i, j))
                size = sizes.most_common(1)[0][0]

                def after(p: tuple[int, int, int, int]) -> bool:
                    return p[3] > h_col or (p[3] == h_col and (tm.lines[p[0]].baseline > h_base or p[0] == heading))

                pieces = [p for p in pieces if (p[0] >= i and (cut is None or after(p))) or (
                    after(p) and abs(tm.lines[p[0]].items[p[1]].size - size) <= 0.05 * size
                    and not any(_crosses(it, gutters) for it in tm.lines[p[0]].items[p[1]:p[2]]))]
            pieces.sort(key=lambda p: (p[3], tm.lines[p[0]].baseline))
        else:
            pieces = _side_by_side(tm, pieces)
        out: list[_Row] = []
        for k, a, b, col in pieces:
            row = _row(tm, k, a, b, col, cut, margin)
            if row is not None:
                out.append(row)
        yield from _merge_label_rows(out)
        i = j


def _side_by_side(tm: TextMap, pieces: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Lines of two columns the shared layout took for one (too few lines on the page to tell: the list's
    first lines under its heading at a page's foot), read column by column.

    Two columns show as pairs of lines on one baseline with a gap between them that no other line of
    that column crosses; at least two such pairs are asked for.

    ::

        Aigrain, S., Favata, F., 2004,      Ambikasaran, S. 2015, Numer.    <- one baseline, two lines
          A&A, 414, 1139                      Appl., 22, 1102
    """
    by_base: dict[tuple[int, int], list[tuple[int, int, int, int]]] = defaultdict(list)
    for p in pieces:
        by_base[(p[3], round(tm.lines[p[0]].baseline))].append(p)
    pairs = [sorted(ps, key=lambda p: tm.lines[p[0]].box[0]) for ps in by_base.values() if len(ps) == 2]
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


def _row(tm: TextMap, k: int, a: int, b: int, column: int, cut: tuple[int, int] | None,
         margin: float | None = None) -> _Row | None:
    line = tm.lines[k]
    s0 = tm.starts[k]
    if a == 0 and b == len(line.items) and margin is None and (cut is None or not s0 <= cut[0] < s0 + len(line.text)):
        # The common case: the whole line.
        text = line.text.strip()
        if not text or text[0] == "■":
            pass
        else:
            lo = s0 + (len(line.text) - len(line.text.lstrip()))
            return _Row(k, ((lo, lo + len(text)),), text, line.box[0], line.page, column, line.size,
                        line.baseline, line.box, _label(text))
    last = line.items[b - 1]
    lo, hi = s0 + line.offsets[a], s0 + line.offsets[b - 1] + len(last.text)
    first = line.items[a]
    x = first.x
    if margin is not None and _in_margin(first.x, margin):
        # bioRxiv: the line number and the text run together in one item ("967 Kursula P., ...").
        m = REF_LEADING_NUMBER.match(first.text)
        if m is not None:
            lo += m.end()
            x = first.x + first.width * m.end() / max(len(first.text), 1)
    spans = [(lo, cut[0]), (cut[1], hi)] if cut is not None and lo <= cut[0] < hi else [(lo, hi)]
    spans = [strip_span(tm.text, sa, sb) for sa, sb in spans]
    spans = [sp for sp in spans if sp[0] < sp[1]]
    if spans and tm.text[spans[0][0]] == "■":
        spans[0] = strip_span(tm.text, spans[0][0] + 1, spans[0][1])
        spans = [sp for sp in spans if sp[0] < sp[1]]
    if not spans:
        return None
    text = " ".join(tm.text[sa:sb] for sa, sb in spans)
    items = line.items[a:b]
    if cut is not None and lo <= cut[0] < hi:
        items = tuple(it for it, off in zip(line.items[a:b], line.offsets[a:b], strict=True)
                      if not cut[0] <= s0 + off < cut[1]) or items
    boxes = [it.box for it in items if it.text.strip() != "■"] or [it.box for it in items]
    box = (max(x, min(bx[0] for bx in boxes)), min(bx[1] for bx in boxes), max(bx[2] for bx in boxes),
           max(bx[3] for bx in boxes))
    return _Row(k, tuple(spans), text, x, line.page, column, line.size, line.baseline, box, _label(text))


def _confused_columns(tm: TextMap, i: int, j: int) -> bool:
    """Whether lines i..j of a page show columns the shared layout did not see: three lines on one
    baseline, narrow lines it took for spanning ones, or lines holding wide gaps (two columns' text run
    together)."""
    right = max(tm.lines[k].box[2] for k in range(i, j))
    per_baseline = Counter(round(tm.lines[k].baseline) for k in range(i, j))
    if sum(1 for n in per_baseline.values() if n >= 3) >= 3:
        return True  # three lines side by side, again and again: three columns
    odd = 0
    for k in range(i, j):
        line = tm.lines[k]
        if line.column == -1 and line.box[2] - line.box[0] < 0.45 * right:
            odd += 1
        else:
            items = line.items
            for a, b in zip(items, items[1:]):
                if b.x - (a.x + a.width) > 1.5 * line.size:
                    odd += 1
                    break
        if odd >= 3:
            return True
    return False


def _gutters(tm: TextMap, i: int, j: int, params: ReferencesParams = PARAMS.references) -> list[float]:
    """x of the gutters between the columns of lines i..j of a page (no text crosses them).

    ::

        | 1. Langer P. 2009 ...  |   | 4. Brennan AJ ...  |   | 6. Kovacs KM ...  |
                                  ^ no text crosses here     ^ nor here: two gutters, three columns
    """
    if j - i < 12:
        return []
    step = 2.0
    intervals = [(item.x, item.x + item.width) for k in range(i, j) for item in tm.lines[k].items]
    hi = max(b for _, b in intervals)
    nb = int(hi / step) + 2
    diff = [0] * (nb + 1)
    for a, b in intervals:
        diff[max(int(a / step), 0)] += 1
        diff[min(int(b / step) + 1, nb)] -= 1
    cover: list[int] = []
    c = 0
    for d in diff[:nb]:
        c += d
        cover.append(c)
    lo_b = next((b for b, v in enumerate(cover) if v), 0)
    hi_b = max((b for b, v in enumerate(cover) if v), default=0)
    allowed = max(1, (j - i) // 40)
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


def _crosses(item: TextItem, gutters: list[float]) -> bool:
    """Whether the item runs across a gutter (a line of full-width prose, not a column's text)."""
    return any(item.x < g < item.x + item.width for g in gutters)


def _column_of(item: TextItem, gutters: list[float]) -> int:
    return bisect_left(gutters, item.x + item.width / 2)




def _merge_label_rows(rows: list[_Row]) -> list[_Row]:
    """A label set far left of its entry's text ends up as a line of its own: join it to its text."""
    out: list[_Row] = []
    for row in rows:
        prev = out[-1] if out else None
        if prev is not None and len(prev.text) <= 10 and prev.page == row.page \
                and abs(prev.baseline - row.baseline) < 0.5 * row.size \
                and (REF_LABEL_ONLY.fullmatch(prev.text) or REF_ALPHA_LABEL_ONLY.fullmatch(prev.text)) \
                and row.x > prev.x:
            text = prev.text + " " + row.text
            out[-1] = _Row(prev.line, prev.segments + row.segments, text, prev.x, prev.page, prev.column,
                           row.size, prev.baseline, _union(prev.box, row.box), _label(text))
        else:
            out.append(row)
    return out


def _line_number_margin(tm: TextMap, first: int) -> dict[int, float] | None:
    """Per page, the x of a margin of line numbers (bioRxiv preprints, drafts for review), if most lines
    start with one there.

    Line numbers rise by one from line to line (unlike entry labels, which rise once per entry), and
    reach the hundreds or stand alone on blank lines. Two-sided layouts set them at another x on even
    and odd pages (in the outer margin), so the margin is read page by page.
    """
    xs: dict[int, Counter[int]] = defaultdict(Counter)
    numbers: list[int] = []
    n = 0
    for i in range(first, min(len(tm.lines), first + 200)):
        line = tm.lines[i]
        n += 1
        if n == 20 and len(numbers) < 10:
            return None
        m = REF_LEADING_NUMBER.match(line.items[0].text.strip()) if line.items else None
        if m is not None:
            xs[line.page][round(line.items[0].x)] += 1
            numbers.append(int(m.group().strip()))
    if not xs or n < 10:
        return None
    margins = {page: c.most_common(1)[0] for page, c in xs.items()}
    count = sum(k for _, k in margins.values())
    steps = sum(1 for a, b in zip(numbers, numbers[1:]) if b == a + 1)
    if count < 0.6 * n or steps < 0.8 * (len(numbers) - 1) or max(numbers) < 100:
        return None
    return {page: float(x) for page, (x, _) in margins.items()}


def _page_margin(margins: dict[int, float] | None, page: int) -> float | None:
    """The line-number margin of ``page``; past the pages measured, the one of the page two before (same
    side of the spread) or the nearest one measured."""
    if not margins:
        return None
    if page in margins:
        return margins[page]
    if page - 2 in margins:
        return margins[page - 2]
    return margins[min(margins, key=lambda p: abs(p - page))]


def _in_margin(x: float, margin: float) -> bool:
    # Right-aligned numbers: "967" starts at 35.6 pt, "1000" at 29.5 pt.
    return margin - 8 <= x <= margin + 2


class _Furniture:
    """Running heads and feet, and page numbers, at a page's top or bottom edge: asked page by page.

    A line among the ``edge_lines`` top or bottom lines of its page is furniture when the same text,
    digits aside, sits at the edge of ``repeat_pages`` pages within four pages of it (journals alternate
    heads on odd and even pages); a bare page number at the very top or bottom is furniture too. Pages
    are read only as the reference list reaches them, so a long document costs no more than its list.
    """

    def __init__(self, tm: TextMap, params: ReferencesParams) -> None:
        self.tm = tm
        self.k = params.edge_lines
        pages = sorted(tm.page_starts)
        self.pages = pages
        self.repeat = min(params.repeat_pages, max(2, len(pages) // 2))
        self._edges: dict[int, list[tuple[int, str]]] = {}
        self._out: dict[int, frozenset[int]] = {}

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

    def lines_of(self, page: int) -> frozenset[int]:
        got = self._out.get(page)
        if got is not None:
            return got
        edge = self.edges(page)
        k = bisect_left(self.pages, page)
        near = [p for p in self.pages[max(k - 4, 0):k + 5] if p != page]
        others = [{norm for _, norm in self.edges(p)} for p in near]
        out: set[int] = set()
        extreme = {edge[0][0], edge[-1][0]} if edge else set()
        for m, norm in edge:
            if norm.startswith(("[#]", "(#)")):
                continue  # "[12] Ibid." on several pages is an entry, whatever it repeats
            if 1 + sum(norm in o for o in others) >= self.repeat:
                out.add(m)
            elif m in extreme and PAGE_NUMBER_LINE.match(self.tm.lines[m].text):
                out.add(m)
        got = self._out[page] = frozenset(out)
        return got




def _norm_furniture(text: str) -> str:
    return " ".join(REF_DIGITS.sub("#", text.lower()).split())


def _stop(stream: Iterator[_Row], params: ReferencesParams) -> list[_Row]:
    """Take rows from ``stream`` until the list ends; drop size-odd lines at column tops and bottoms.

    The list ends at a section heading, an end-matter line ("Received: ...", "Copyright ©"), or where
    foreign text starts (three lines in a larger font, a figure caption, a wide gap) -- unless, in a
    numbered list, the next entry follows it: PNAS sets entries 1-3 under the Methods column and 4- on the
    next page. A heading always ends it (Nature's "ONLINE METHODS" and the references numbered on there
    stay out: the text in between must stay outside ``start``..``end`` for the citation search).
    """
    head: list[_Row] = []
    for row in stream:
        head.append(row)
        if len(head) >= params.size_sample_lines:
            break
    if not head:
        return []
    size = _list_size(head, params)
    pitch = _pitch(head, size)
    rows: list[_Row] = []
    foreign: list[_Row] = []
    last_number = 0
    last_key = ""  # the latest entry's first word, for alphabetical author-year lists
    big = 0
    for row in chain(head, stream):
        lb = row.label
        if lb is not None and lb.kind is LabelKind.ALPHA:
            # An alphabetic list resumes with a labelled entry in its own size (no number to follow on).
            continues = bool(foreign) and abs(row.size - size) <= params.resume_size_share * size
        elif lb is not None or last_number:
            continues = lb is not None and lb.number == last_number + 1 \
                and abs(row.size - size) <= params.resume_size_share * size
        else:
            # An unnumbered list resumes with an entry in its own size whose author sorts after the last
            # one (a float or a block of notes set into an alphabetical list).
            continues = bool(foreign) and abs(row.size - size) <= params.furniture_size_ratio * size \
                and AUTHOR_START.match(row.text) is not None and last_key <= _sort_key(row.text)
        if foreign:
            if continues:
                rows.extend(_continuation(foreign, row, size, pitch, params))
                foreign = []
            elif len(foreign) < params.interruption_max_lines:
                foreign.append(row)
                continue
            else:
                break
        if rows:
            if _is_section_heading(row, rows[-1], size, params) or END_MATTER.match(row.text):
                break
            if DOTTED_LEADER.search(row.text) and len(row.text.rstrip(". 0123456789")) >= 3:
                break  # a table of contents line ("A Proofs . . . . . 12"): an appendix's, after the list
            joined = _small_caps(rows[-1], row)
            if joined is not None and len(rows) > 1 and _is_section_heading(joined, rows[-2], size, params):
                del rows[-1]  # the heading's initial capital, taken for the end of the last entry
                break
            prev = rows[-1]
            if _is_caption(row.text) or (prev.page == row.page and prev.column == row.column
                                         and row.baseline - prev.baseline > params.gap_pitches * pitch):
                # A caption, or a wide gap in a column (a box of other matter after the list: ACS's
                # "Recommended by ACS"): foreign text, unless the next numbered entry follows it.
                foreign = [row]
                continue
            if row.size >= size * params.resume_size_ratio and len(row.text) >= 30:
                big += 1
                if big >= 3:
                    # The larger lines before the run belong to it, however short ("Feasibility study
                    # and pilot", a title's first line over a cover page).
                    n = 2
                    while n < len(rows) - 1 and rows[-n - 1].size >= size * params.resume_size_ratio:
                        n += 1
                    foreign = rows[-n:] + [row]
                    del rows[-n:]
                    big = 0
                    continue
            else:
                big = 0
        if continues and lb is not None:
            last_number = lb.number
        elif not last_number and AUTHOR_START.match(row.text) is not None:
            last_key = _sort_key(row.text)
        rows.append(row)
    return _drop_odd_sizes(rows, size, params)


def _continuation(foreign: list[_Row], resumed: _Row, size: float, pitch: float,
                  params: ReferencesParams) -> list[_Row]:
    """The rows at the end of ``foreign`` that continue the entry before it: unlabelled, in the list's
    size, just above the entry the list resumes with in its column. F1000 runs the Discussion on beside
    its first entries and sets the end of entry 6 ("Nature. 1981; 293(5828): 161–3") under it."""
    out: list[_Row] = []
    below = resumed
    for row in reversed(foreign):
        if row.label is not None or row.page != below.page or row.column != below.column \
                or abs(row.size - size) > params.furniture_size_ratio * size or _is_caption(row.text) \
                or not 0 < below.baseline - row.baseline <= params.gap_pitches * pitch:
            break
        out.append(row)
        below = row
    return out[::-1]


def _sort_key(text: str) -> str:
    """The first word, lower case and without accents: where an entry sorts in an alphabetical list."""
    word = text.split(maxsplit=1)[0] if text.split() else ""
    return unicodedata.normalize("NFKD", word.lower()).encode("ascii", "ignore").decode()


def _pitch(rows: Sequence[_Row], size: float) -> float:
    """Median baseline step between consecutive rows of one column (the list's line pitch), measured on
    rows in the list's size one line apart: an equation's or a figure's fragments above the list's first
    entries step by a sub- or superscript's fraction of a line."""
    same = [r for r in rows if abs(r.size - size) <= 0.05 * size]
    steps = sorted(b.baseline - a.baseline for a, b in zip(same, same[1:])
                   if a.page == b.page and a.column == b.column and b.baseline - a.baseline > 0.6 * size)
    return steps[len(steps) // 2] if steps else 1.2 * size


def _is_caption(text: str) -> bool:
    m = CAPTION.match(text)
    if m is None:
        return False
    rest = text[m.end():].lstrip()
    return not rest or rest[0] in ".:|"


def _list_size(rows: Sequence[_Row], params: ReferencesParams) -> float:
    sizes: Counter[float] = Counter()
    for row in rows[: params.size_sample_lines]:
        sizes[round(row.size, 1)] += len(row.text)
    return sizes.most_common(1)[0][0]


def _small_caps(prev: _Row, row: _Row) -> _Row | None:
    """``prev`` and ``row`` as one heading when they are one word in small capitals that the extractor split
    into its full-size initial and the smaller rest ("A" + "PPENDIX", "R" + "EFERENCES"): an upper-case
    letter alone, larger than the upper-case text beside it on the same baseline."""
    if prev.page != row.page or len(prev.text) != 1 or not prev.text.isupper() or prev.size <= row.size \
            or abs(prev.baseline - row.baseline) > 0.3 * row.size or not row.text[:1].isupper():
        return None
    return replace(row, text=prev.text + row.text, size=prev.size, segments=prev.segments + row.segments)


def _is_section_heading(row: _Row, prev: _Row, size: float, params: ReferencesParams) -> bool:
    text = row.text
    if len(text) > params.heading_max_chars or len(text) < 3:
        return False
    upper = text.isupper() and sum(c.isalpha() for c in text) >= 4
    bigger = row.size >= size * params.heading_size_ratio
    gap = row.baseline - prev.baseline if row.page == prev.page and row.column == prev.column else 0.0
    if not (upper or bigger or gap > params.heading_gap * size):
        return False  # set like an entry line: no heading (the cheap test first)
    numbered = HEADING_NUMBER.match(text)
    title = numbered.group("title") if numbered else text
    known = KNOWN_SECTION.match(title) or KNOWN_SECTION.match(text)
    appendix = APPENDIX_HEADING.match(text)
    if not (known or appendix or REFERENCE_LIST_HEADING.match(text)):
        return False
    if bigger or upper:
        return True
    # Same size and case as the entries: a heading only when it is a known name alone on its line,
    # set apart by space, and not a continuation ending in a full stop.
    return bool(known) and not text.endswith(".")


def _drop_odd_sizes(rows: list[_Row], size: float, params: ReferencesParams) -> list[_Row]:
    """Footnotes at a column's foot and heads at its top, in another size than the entries, are dropped.

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
            continue
        lo, hi = min(normal), max(normal)
        for k in ks:
            if odd[k] and (rows[k].baseline < lo or rows[k].baseline > hi):
                drop.add(k)
    return [r for k, r in enumerate(rows) if k not in drop]


def _fallback(tm: TextMap, furniture: _Furniture, params: ReferencesParams) -> tuple[list[_Row], list[_Entry]]:
    """No heading: the bottom-most running sequence of numbered entries in the last pages (see
    ``fallback_share``); failing that, an unnumbered list that ends the text (:func:`_fallback_unnumbered`)."""
    pages = sorted(tm.page_starts)
    n = min(max(-(-len(pages) * params.fallback_share // 1), params.fallback_min_pages), params.fallback_max_pages,
            len(pages))
    n = int(n)
    first_page = pages[-n] if n else pages[0]
    first = tm.line_index(tm.page_starts[first_page])
    rows = list(_rows(tm, first, furniture, None, params))
    starts = [k for k, r in enumerate(rows) if r.label is not None and r.label.number == 1]
    for k in reversed(starts[-params.fallback_tries:]):
        region = _stop(iter(rows[k:]), params)
        entries = _numbered(region, params)
        if len(entries) < params.min_entries:
            continue
        chars = sum(len(r.text) for e in entries for r in e.rows)
        if chars < params.fallback_min_chars:
            continue
        junk = sum(1 for e in entries if not _looks_like_reference(" ".join(r.text for r in e.rows)))
        if junk > params.fallback_max_junk * len(entries):
            continue
        return region, entries
    return _fallback_unnumbered(rows, params)


def _fallback_unnumbered(rows: list[_Row], params: ReferencesParams) -> tuple[list[_Row], list[_Entry]]:
    """No heading and no numbered run: an unnumbered (author-year) or alphabetically labelled list that
    ends the text. Every entry of such a list opens with a surname and its initials ("Smith, J.",
    "Bates DM") or an alphabetic label, and holds a year; prose does not, paragraph after paragraph.

    Candidate first rows are tried bottom-up; the list starts at the top-most one whose region still
    splits into such entries (at most ``fallback_unnumbered_junk`` of them otherwise), and the search ends
    after ``fallback_unnumbered_misses`` candidates in a row that fail.
    """
    starts = [k for k, r in enumerate(rows)
              if AUTHOR_START.match(r.text) or (r.label is not None and r.label.kind is LabelKind.ALPHA)]
    best: tuple[list[_Row], list[_Entry]] = ([], [])
    misses = 0
    for k in reversed(starts[-params.fallback_unnumbered_tries:]):
        region = _stop(iter(rows[k:]), params)
        entries = _split(region, params)
        if len(entries) < params.fallback_unnumbered_min_entries:
            continue
        junk = sum(1 for e in entries if not _opens_like_reference(e))
        if junk <= params.fallback_unnumbered_junk * len(entries) and _opens_like_reference(entries[0]):
            best, misses = (region, entries), 0
        elif best[1]:
            misses += 1
            if misses >= params.fallback_unnumbered_misses:
                break
    return best


def _opens_like_reference(entry: _Entry) -> bool:
    """An entry that opens with a surname and initials, or an alphabetic label, and holds a year."""
    first = entry.rows[0]
    opens = AUTHOR_START.match(first.text[entry.skip:]) is not None \
        or (first.label is not None and first.label.kind is LabelKind.ALPHA)
    text = " ".join(r.text for r in entry.rows)
    return opens and len(text) < 1500 and REF_YEAR.search(text) is not None


def _looks_like_reference(text: str) -> bool:
    return len(text) < 1500 and (REF_YEAR.search(text) is not None or REF_DOI.search(text) is not None)


# ------------------------------------------------------------------------------------------ splitting


def _split(rows: list[_Row], params: ReferencesParams) -> list[_Entry]:
    if not rows:
        return []
    best: list[_Entry] = []
    for strategy in (_numbered, _hanging, _spaced, _author_year):
        entries = [e for e in strategy(rows, params) if not _subheading(e)]
        if len(entries) >= params.min_entries:
            return entries
        if len(entries) > len(best):
            best = entries
    return best or [_Entry(None, tuple(rows), 0)]


def _subheading(entry: _Entry) -> bool:
    """A short unnumbered line on its own inside a list: a group heading ("Books", "Ξενόγλωσση") or the
    heading of what follows the list ("Figures"), not an entry."""
    if entry.label is not None or len(entry.rows) > 1:
        return False
    text = entry.rows[0].text
    return len(text) < 30 and not any(c.isdigit() for c in text)


def _label(text: str) -> _Label | None:
    m = REF_LABEL.match(text)
    if m is None:
        return None
    for kind in LabelKind:
        g = m.group(kind.value)
        if g is not None:
            end = m.end()
            while end < len(text) and text[end] == " ":
                end += 1
            number = 0 if kind is LabelKind.ALPHA else int(g)
            return _Label(kind, number, text[m.start():m.end()].strip().lstrip("■").strip(), end)
    return None


def _numbered(rows: list[_Row], params: ReferencesParams) -> list[_Entry]:
    """Entries opened by labels in increasing sequence; of the label kinds present, the longest chain."""
    labels = [r.label for r in rows]
    kinds = {lb.kind for lb in labels if lb is not None}
    best: list[_Entry] = []
    for kind in kinds:
        entries = _chain(rows, labels, kind, params)
        if len(entries) > len(best):
            best = entries
    return best


def _chain(rows: list[_Row], labels: list[_Label | None], kind: LabelKind,
           params: ReferencesParams) -> list[_Entry]:
    # Label edge per page and column: where the labels of this kind start (left-aligned lists) or end
    # (right-aligned "[9]" / "[10]" differ by a digit's width, inside the slack).
    edge: dict[tuple[int, int], float] = {}
    for r, lb in zip(rows, labels, strict=True):
        if lb is not None and lb.kind == kind:
            key = (r.page, r.column)
            edge[key] = min(edge.get(key, r.x), r.x)
    entries: list[_Entry] = []
    cur: list[_Row] = []
    cur_label: _Label | None = None
    expected: int | None = None
    first_label_row = None
    for k, (row, lb) in enumerate(zip(rows, labels, strict=True)):
        start = False
        if lb is not None and lb.kind == kind == LabelKind.ALPHA:
            # Alphabetic labels carry no number to run in sequence: every one at the label edge opens an
            # entry (a "[Knu84]" inside an entry's text is not at the line start, or not at the edge).
            start = row.x <= edge[(row.page, row.column)] + params.label_slack * row.size \
                and (expected is not None or k <= 3)
        elif lb is not None and lb.kind == kind:
            aligned = row.x <= edge[(row.page, row.column)] + params.label_slack * row.size
            if expected is None:
                start = lb.number <= 2 and k <= 3
            elif lb.number == expected:
                start = aligned or kind in (LabelKind.BRACKET, LabelKind.PAREN)
            elif expected < lb.number <= expected + 2:
                start = aligned  # an entry lost by the extractor, or a gap in the numbering
        elif lb is not None and expected is not None and lb.number == expected \
                and {lb.kind, kind} == {LabelKind.DOT, LabelKind.BARE}:
            # "40 Spinelli S" among "39. Ishida Y" and "41. Lautenschlager C" (F1000): the dot got lost.
            key = (row.page, row.column)
            start = key in edge and row.x <= edge[key] + params.label_slack * row.size
        if start:
            assert lb is not None
            if cur:
                entries.append(_Entry(cur_label.text if cur_label else None, tuple(cur),
                                      cur_label.end if cur_label else 0))
            cur, cur_label, expected = [row], lb, lb.number + 1
            if first_label_row is None:
                first_label_row = k
            continue
        if expected is None:
            continue
        # Two entries run together on one line: "... 2019. [15] Victoria Clarke".
        if kind in (LabelKind.BRACKET, LabelKind.PAREN):
            m = REF_LABEL_INLINE.search(row.text)
            if m is not None and m.group(kind.value) is not None and int(m.group(kind.value)) == expected:
                head, tail = _cut_row(row, m.start(kind.value) - 1)
                cur.append(head)
                entries.append(_Entry(cur_label.text if cur_label else None, tuple(cur),
                                      cur_label.end if cur_label else 0))
                lb2 = tail.label
                cur, cur_label, expected = [tail], lb2, expected + 1
                continue
        cur.append(row)
    if cur:
        entries.append(_Entry(cur_label.text if cur_label else None, tuple(cur),
                              cur_label.end if cur_label else 0))
    return entries


def _cut_row(row: _Row, at: int) -> tuple[_Row, _Row]:
    """Split a row at character ``at`` of its text (which maps 1:1 onto its segments joined by spaces)."""
    heads: list[tuple[int, int]] = []
    tails: list[tuple[int, int]] = []
    pos = 0
    for a, b in row.segments:
        n = b - a
        if pos + n <= at:
            heads.append((a, b))
        elif pos >= at:
            tails.append((a, b))
        else:
            heads.append((a, a + at - pos))
            tails.append((a + at - pos, b))
        pos += n + 1
    head_text, tail_text = row.text[:at].rstrip(), row.text[at:].lstrip()
    heads = [s for s in heads if s[0] < s[1]] or [(row.start, row.start)]
    tails = [s for s in tails if s[0] < s[1]] or [(row.end, row.end)]
    return (_Row(row.line, tuple(heads), head_text, row.x, row.page, row.column, row.size, row.baseline, row.box,
                 row.label),
            _Row(row.line, tuple(tails), tail_text, row.x, row.page, row.column, row.size, row.baseline, row.box,
                 _label(tail_text)))


def _hanging(rows: list[_Row], params: ReferencesParams) -> list[_Entry]:
    """Entries opened by lines at the column's left edge, continued by indented lines.

    ::

        Ahmad, R. and Afzal, M. T. 2018. Cad: an        <- left edge: a new entry
            algorithm for citation-anchors detection     <- indented: continues it
    """
    groups: dict[tuple[int, int], list[int]] = defaultdict(list)
    for k, r in enumerate(rows):
        groups[(r.page, r.column)].append(k)
    # Left edge and indent per page-column; a column with no indented line (one-line entries only, or
    # only continuation lines) borrows the edge of another column with the same column index.
    info: dict[tuple[int, int], tuple[float, float | None]] = {}
    for key, ks in groups.items():
        size = rows[ks[0]].size
        left = min(rows[k].x for k in ks)
        ind = [rows[k].x for k in ks if rows[k].x >= left + params.indent_min * size]
        info[key] = (left, _median(ind) if ind else None)
    # Most of the list (by lines) must sit in columns that show the indent, or it is no hanging list.
    indented = sum(len(ks) for key, ks in groups.items() if info[key][1] is not None)
    if indented < 0.5 * len(rows):
        return []
    starts: list[bool] = []
    text = ""
    for k, r in enumerate(rows):
        left, ind = info[(r.page, r.column)]
        if ind is None:
            others = [v for kk, v in info.items() if kk[1] == r.column and v[1] is not None]
            if not others:
                # Nothing to compare with (F1000 sets a flush column beside indented ones): a line
                # opens an entry when it reads like one.
                new = k == 0 or (AUTHOR_START.match(r.text) is not None and REF_YEAR.search(text) is not None)
                starts.append(new)
                text = r.text if new else text + " " + r.text
                continue
            ref_left, ref_ind = min(others, key=lambda v: abs(v[0] - left))
            if abs(left - ref_ind) < abs(left - ref_left) and abs(left - ref_left) > params.indent_min * r.size:
                left, ind = ref_left, ref_ind  # this column holds only continuation lines
            else:
                ind = left + (ref_ind - ref_left)
        new = r.x < (left + ind) / 2
        if not new and r.x >= ind + params.indent_min * r.size and REF_YEAR_START.match(r.text) \
                and REF_YEAR.search(text) and (k == 0 or abs(rows[k - 1].baseline - r.baseline) > 0.3 * r.size):
            # "(2016): “Wealth ...” set right of the indent: the same authors' next entry, their names
            # replaced by a rule drawn as a line (no text), so the entry starts with its year.
            new = True
        starts.append(new)
        text = r.text if new else text + " " + r.text
    n_cont = starts.count(False)
    if n_cont < 0.1 * len(rows):
        return []
    return _entries_from_starts(rows, starts)


def _median(xs: list[float]) -> float:
    s = sorted(xs)
    return s[len(s) // 2]


def _spaced(rows: list[_Row], params: ReferencesParams) -> list[_Entry]:
    """Flush-left entries set apart by extra space (Cell Press): a wider baseline step opens an entry.

    ::

        Babicki, S., Arndt, D., ... (2016). Heatmapper:    } 9.5 pt steps inside an entry
        Acids Res. 44, W147-53.                            }
                                                           } 11.6 pt step: a new entry
        Becker, P.B., and Workman, J.L. (2013). ...
    """
    steps: list[float] = []
    for a, b in zip(rows, rows[1:]):
        if a.page == b.page and a.column == b.column and b.baseline > a.baseline:
            steps.append(b.baseline - a.baseline)
    if len(steps) < 2 * params.min_entries:
        return []
    ordered = sorted(steps)
    median = ordered[len(ordered) // 2]
    ordered = [v for v in ordered if v >= 0.6 * median]  # merged or raised lines, not a line step
    if len(ordered) < 2 * params.min_entries:
        return []
    # The widest relative jump between consecutive step sizes separates line pitch from entry spacing.
    ratio, k = max((ordered[i + 1] / ordered[i], i) for i in range(len(ordered) - 1) if ordered[i] > 0)
    wide = len(ordered) - k - 1
    if ratio < params.entry_gap_ratio or not 0.1 * len(steps) <= wide <= 0.7 * len(steps):
        return []
    threshold = (ordered[k] + ordered[k + 1]) / 2
    if threshold > 2.5 * ordered[len(ordered) // 4]:
        return []  # the wide steps are gaps between blocks, not between entries
    starts: list[bool] = []
    text = ""
    for k2, r in enumerate(rows):
        prev = rows[k2 - 1] if k2 else None
        if prev is None:
            new = True
        elif prev.page == r.page and prev.column == r.column and r.baseline > prev.baseline:
            new = r.baseline - prev.baseline > threshold
        else:  # a new column or page: its first line opens an entry if it reads like one
            new = AUTHOR_START.match(r.text) is not None and REF_YEAR.search(text) is not None
        starts.append(new)
        text = r.text if new else text + " " + r.text
    return _entries_from_starts(rows, starts)


def _author_year(rows: list[_Row], params: ReferencesParams) -> list[_Entry]:
    """Flush-left lists: a line starting "Surname, X." opens an entry when the current one has a year."""
    starts: list[bool] = []
    text = ""
    for k, r in enumerate(rows):
        new = k == 0 or (AUTHOR_START.match(r.text) is not None and REF_YEAR.search(text) is not None)
        starts.append(new)
        text = r.text if new else text + " " + r.text
    return _entries_from_starts(rows, starts)


def _entries_from_starts(rows: list[_Row], starts: list[bool]) -> list[_Entry]:
    entries: list[_Entry] = []
    cur: list[_Row] = []
    for row, s in zip(rows, starts, strict=True):
        if s and cur:
            entries.append(_Entry(None, tuple(cur), 0))
            cur = []
        cur.append(row)
    if cur:
        entries.append(_Entry(None, tuple(cur), 0))
    return entries


# -------------------------------------------------------------------------------------------- parsing


def _reference(tm: TextMap, index: int, entry: _Entry, params: ReferencesParams) -> Reference:
    first = entry.rows[0]
    joined = "\n".join([first.text[entry.skip:]] + [r.text for r in entry.rows[1:]])
    # join_lines, with its hyphen repairs only where a line ends in a hyphen
    raw = compose_accents(join_lines(joined) if "-\n" in joined else " ".join(joined.split()))
    dense = compose_accents(dense_text(joined)) if REF_ID_HINT.search(joined) else raw
    box = _first_box(entry)
    fields = parse_entry(raw, dense, params)
    return Reference(index, entry.label, raw, first.page, box, **fields)


def _same_authors(refs: tuple[Reference, ...]) -> tuple[Reference, ...]:
    """A dash run where an entry's authors belong ("———, “Title,” ...", "——. 2005."): the styles' sign for
    "the same authors as the entry above", so the entry takes the previous entry's authors. So does an
    entry that starts with its year ("(2016): “Title,”"): its rule was drawn as a line, not set as text."""
    out: list[Reference] = []
    for ref in refs:
        if out and not ref.authors and (REF_SAME_AUTHORS.match(ref.raw) or REF_YEAR_START.match(ref.raw)):
            ref = replace(ref, authors=out[-1].authors)
        out.append(ref)
    return tuple(out)


def _first_box(entry: _Entry) -> Box:
    """Union box of the entry's lines in its first column of its first page."""
    first = entry.rows[0]
    box = first.box
    for row in entry.rows[1:]:
        if row.page != first.page or row.column != first.column:
            break
        box = _union(box, row.box)
    return box


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
