"""Where the reference list is (step 1 of :mod:`citelens.references`).

Input: the :class:`~citelens.layout.TextMap`. Output: the line of the list's heading (or none), the
list's :class:`~citelens.references.split.Row` s from there to where the list ends (a heading, end
matter, foreign text), or, without a heading, the last pages' numbered or author-year run that reads as
a list; and the prose the list passed over inside its span. Pure; rows are read lazily, page by page.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from itertools import chain

from citelens.layout import TextMap, strip_span
from citelens.params import PARAMS, ReferencesParams
from citelens.patterns import (
    APPENDIX_HEADING,
    AUTHOR_START,
    AUTHOR_START_FORENAME,
    AUTHOR_START_NAMED_YEAR,
    CAPTION,
    CJK_NAME_START,
    DOTTED_LEADER,
    END_MATTER,
    ENTRY_WORD,
    HEADING_NUMBER,
    KNOWN_SECTION,
    REFERENCE_LIST_HEADING,
    REF_DOI,
    REF_HEADING_STEM,
    REF_LEADING_NUMBER,
    REF_NUMBER_ONLY,
    REF_SAME_AUTHORS,
    REF_YEAR,
)
from citelens.references.furniture import (
    Furniture,
    column_gutters,
    column_of,
    confused_columns,
    crosses_gutter,
    drop_odd_sizes,
    in_margin,
    label_alone,
    line_number_margin,
    page_margin,
    side_by_side,
    side_by_side_start,
)
from citelens.references.split import (
    Entry,
    LabelKind,
    Row,
    goes_on,
    label_of,
    new_row,
    numbered_entries,
    split_entries,
    union,
    with_initials,
)


def skipped_prose(tm: TextMap, rows: Sequence[Row], start: int, end: int, furniture: Furniture,
             params: ReferencesParams) -> tuple[tuple[int, int], ...]:
    """The stretches of ``start``..``end`` no kept row covers that hold at least ``skipped_min_lines``
    lines of ``skipped_min_chars`` characters other than running heads and feet: prose the list passed over (F1000 sets the end of
    the Discussion beside the first entries)."""
    covered = sorted(seg for r in rows for seg in r.segments)
    out = []
    at = start
    least = params.skipped_min_chars * params.skipped_min_lines
    for a, b in [*covered, (end, end)]:
        # A stretch shorter than skipped_min_lines lines of skipped_min_chars holds no such lines: most are
        # the line breaks between two rows, and are passed over without a look at their lines.
        if a > at and a - at >= least:
            first, last = tm.line_index(at), tm.line_index(a - 1)
            prose = sum(1 for k in range(first, last + 1)
                        if k not in furniture.lines_of(tm.lines[k].page)
                        and len(tm.text[max(at, tm.starts[k]):min(a, tm.starts[k] + len(tm.lines[k].text))].strip())
                        >= params.skipped_min_chars)
            if prose >= params.skipped_min_lines:
                out.append((at, a))
        at = max(at, b)
    return tuple(out)


# Cheap pre-filters for the heading test: what may precede the heading word, the letters it may start
# with, and a word stem every REFERENCE_LIST_HEADING alternative holds.
_HEADING_LEAD = "0123456789.■ \t"
_HEADING_FIRST = frozenset("RrBbLlWwCcNnΒβΑαIiVXЛлСс参참KkHhSsPpDdTtام")


def heading_lines(tm: TextMap, furniture: Furniture,
                  params: ReferencesParams = PARAMS.references) -> Iterator[tuple[int, tuple[int, int] | None]]:
    """The lines that may head the list, the likeliest first: each line's index, and the span of the heading item
    when it shares its line with the first entry (ACS sets "■ REFERENCES" so that the extractor merges it into
    entry 1's line). The last heading line comes first, then those before it. A "References" running head over
    every page of the list is no heading; the first of them comes last (the list's first page carries the
    heading at its top)."""
    running: int | None = None
    for i in range(len(tm.lines) - 1, -1, -1):
        line = tm.lines[i]
        if len(line.text) > params.heading_line_chars:
            if "EFERENCES" not in line.text:
                continue
        elif line.text.lstrip(_HEADING_LEAD)[:1] not in _HEADING_FIRST \
                or not REF_HEADING_STEM.search(line.text.lower()):
            continue
        elif REFERENCE_LIST_HEADING.match(line.text):
            if _contents_entry(tm, i, params):
                continue
            if i not in furniture.lines_of(line.page):
                yield i, None
            else:
                running = i
            continue
        if len(line.items) > 1:
            for item, off in zip(line.items, line.offsets, strict=True):
                if off and item.text.strip().isupper() and REFERENCE_LIST_HEADING.match(item.text):
                    s = tm.starts[i] + off
                    yield i, (s, s + len(item.text))
                    break
    if running is not None:
        yield running, None


def _contents_entry(tm: TextMap, i: int, params: ReferencesParams) -> bool:
    """Whether line ``i`` is a table of contents' entry: a page number stands at its right on its baseline
    ("References ........ 16", the number cut off as a cell of its own), and another entry's page number
    just above or below it (a contents lists several sections; one number beside a heading may be a label
    of the next column's list)."""
    line = tm.lines[i]
    beside = numbers = 0
    for j in range(max(0, i - params.contents_reach), min(len(tm.lines), i + params.contents_reach + 1)):
        other = tm.lines[j]
        if j != i and other.page == line.page and other.box[0] > line.box[2] \
                and REF_NUMBER_ONLY.fullmatch(other.text.strip()):
            numbers += 1
            beside += abs(other.baseline - line.baseline) < params.contents_baseline * line.size
    return beside > 0 and numbers >= 2


def read_rows(tm: TextMap, first: int, furniture: Furniture, cut: tuple[int, int] | None = None,
          params: ReferencesParams = PARAMS.references) -> Iterator[Row]:
    """Rows from line ``first`` to the end of the document, lazily, page by page, furniture dropped.

    A page set in three or more columns (Royal Society Open Science's reference pages), which the shared
    layout reads as one, is cut at its gutters and read column by column here.
    """
    margins = line_number_margin(tm, first, params)
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
        confused = confused_columns(tm, i, j, params)
        gutters = column_gutters(tm, i, j, params) if confused else []
        # Columns may start partway down a page: the text ends across the page, then the list is set in
        # columns under it. Text crosses every gutter then, which are looked for from the first line set side
        # by side with two others on; the lines above it are read as the layout reads them.
        top = i
        if confused and not gutters:
            top = side_by_side_start(tm, i, j)
            gutters = column_gutters(tm, top, j, params)
        lo = i
        if gutters and top == i and i == first and heading >= 0 and tm.lines[heading].page == page:
            lo = tm.line_index(tm.page_starts[page])  # the whole page: re-read, then keep what follows
        split = top if top > i else lo  # lines from here on are cut at the gutters, those above read as they were
        drop = furniture.lines_of(page)
        margin = page_margin(margins, page)
        for k in range(lo, j):
            if k in drop:
                continue
            line = tm.lines[k]
            first_item = line.items[0] if line.items else None
            k0 = 1 if margin is not None and first_item is not None \
                and in_margin(first_item.x, first_item.size, margin, params) \
                and REF_NUMBER_ONLY.fullmatch(first_item.text.strip()) else 0
            if k0 >= len(line.items):
                continue
            if not gutters or k < split:
                pieces.append((k, k0, len(line.items), line.column))
                continue
            start, col = k0, column_of(line.items[k0], gutters)
            for m in range(k0 + 1, len(line.items)):
                c = column_of(line.items[m], gutters)
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
                h_col, h_base = column_of(h_item, gutters), h_line.baseline
                sizes = Counter(round(tm.lines[k].size, 1) for k in range(i, j))
                size = sizes.most_common(1)[0][0]

                def after(p: tuple[int, int, int, int]) -> bool:
                    return p[3] > h_col or (p[3] == h_col and (tm.lines[p[0]].baseline > h_base or p[0] == heading))

                pieces = [p for p in pieces if (p[0] >= i and (cut is None or after(p))) or (
                    after(p) and abs(tm.lines[p[0]].items[p[1]].size - size) <= params.furniture_size_ratio * size
                    and not any(crosses_gutter(it, gutters) for it in tm.lines[p[0]].items[p[1]:p[2]]))]
            above = [p for p in pieces if p[0] < split]
            pieces = above + sorted(pieces[len(above):], key=lambda p: (p[3], tm.lines[p[0]].baseline))
        else:
            pieces = side_by_side(tm, pieces)
        out: list[Row] = []
        for k, a, b, col in pieces:
            row = _row(tm, k, a, b, col, cut, margin, params)
            if row is not None:
                out.append(row)
        yield from _merge_label_rows(out, params)
        i = j


def _row(tm: TextMap, k: int, a: int, b: int, column: int, cut: tuple[int, int] | None,
         margin: float | None = None, params: ReferencesParams = PARAMS.references) -> Row | None:
    line = tm.lines[k]
    s0 = tm.starts[k]
    if a == 0 and b == len(line.items) and margin is None and (cut is None or not s0 <= cut[0] < s0 + len(line.text)):
        # The common case: the whole line.
        text = line.text.strip()
        if not text or text[0] == "■":
            pass
        else:
            lo = s0 + (len(line.text) - len(line.text.lstrip()))
            return new_row(k, ((lo, lo + len(text)),), text, line.box[0], line.page, column, line.size,
                           line.baseline, line.box, label_of(text))
    last = line.items[b - 1]
    lo, hi = s0 + line.offsets[a], s0 + line.offsets[b - 1] + len(last.text)
    first = line.items[a]
    x = first.x
    if margin is not None and in_margin(first.x, first.size, margin, params):
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
    return new_row(k, tuple(spans), text, x, line.page, column, line.size, line.baseline, box, label_of(text))


def _merge_label_rows(rows: list[Row], params: ReferencesParams) -> list[Row]:
    """A label set far left of its entry's text ends up as a line of its own: join it to its text."""
    out: list[Row] = []
    for row in rows:
        prev = out[-1] if out else None
        if prev is not None and len(prev.text) <= params.label_max_chars and prev.page == row.page \
                and abs(prev.baseline - row.baseline) < params.label_baseline * row.size \
                and label_alone(prev.text) \
                and row.x > prev.x:
            text = prev.text + " " + row.text
            out[-1] = new_row(prev.line, prev.segments + row.segments, text, prev.x, prev.page, prev.column,
                              row.size, prev.baseline, union(prev.box, row.box), label_of(text))
        else:
            out.append(row)
    return out


def until_list_ends(stream: Iterator[Row], params: ReferencesParams) -> list[Row]:
    """Take rows from ``stream`` until the list ends; drop size-odd lines at column tops and bottoms.

    The list ends at a section heading, an end-matter line ("Received: ...", "Copyright ©"), or where
    foreign text starts (three lines in a larger font, one line in a far larger one, a figure caption, a
    wide gap) -- unless, in a numbered list, the next entry follows it: PNAS sets entries 1-3 under the
    Methods column and 4- on the next page. Text at a page or column turn that no next number follows ends a
    numbered list, but for the last entry's end (:func:`_last_entry_end`); so does text that no name follows in
    an author-year list. A heading always ends it (Nature's "ONLINE METHODS" and the references numbered on
    there stay out: the text in between must stay outside ``start``..``end`` for the citation search).
    """
    head: list[Row] = []
    for row in stream:
        head.append(row)
        if len(head) >= params.size_sample_lines:
            break
    if not head:
        return []
    size = _list_size(head, params)
    pitch = _pitch(head, size, params)
    rows: list[Row] = []
    foreign: list[Row] = []
    last_number = 0
    last_key = ""  # the latest entry's first word, for alphabetical author-year lists
    unsorted = False  # an entry's first word sorted before the one before it: the list runs in no order of names
    big = 0
    longest = entry_rows = 0  # rows of the longest entry so far (numbered, or opening with a name), and the latest's
    turned = False  # ``foreign`` opened at a page or column turn (the list ended there unless it resumes)
    # A numbered list opens with its first label, or with entry 1 a row or two in (after a group's name): a
    # number at a row's start further on ("1 (1):167–190, 2008.", an appendix's "2 RESEARCH APPROACH") is no
    # label of an author-year list.
    numbered = any(r.label is not None and r.label.kind is not LabelKind.ALPHA and (k == 0 or r.label.number == 1)
                   for k, r in enumerate(head[:params.numbered_opening_rows]))
    # An author-year list: its entries open with names; neither numbered nor labelled "[Knu84]" (a year opening a
    # row, "2017. Semeval ...", reads as a number).
    named = not numbered and not any(r.label is not None and r.label.kind is LabelKind.ALPHA for r in head)
    opened = 0  # rows of an author-year list that open with a name
    # Each page's and column's left edge so far: a row indented from it continues an entry (a hanging list),
    # however its text opens ("SWNT and graphene ..." reads as an organisation's "SWN, T").
    edges: dict[tuple[int, int], float] = {}
    indent = params.indent_min * size
    for row in chain(head, stream):
        lb = row.label
        if lb is not None and lb.kind is LabelKind.ALPHA:
            # An alphabetic list resumes with a labelled entry in its own size (no number to follow on).
            continues = bool(foreign) and abs(row.size - size) <= params.resume_size_share * size
        elif numbered and (lb is not None or last_number):
            continues = lb is not None and lb.number == last_number + 1 \
                and abs(row.size - size) <= params.resume_size_share * size
        else:
            # An unnumbered list resumes with an entry in its own size whose author sorts after the last
            # one (a float or a block of notes set into an alphabetical list), or, where the names put forenames
            # first ("Jacob Devlin, ..."; no surname to sort by at the row's start), opens with a name.
            # After a page or column turn, about the list's size is enough: a last page may be set a little
            # smaller.
            continues = bool(foreign) and (abs(row.size - size) <= params.resume_size_share * size if turned
                                           else _in_size(row, size, params)) \
                and (last_key <= _sort_key(row.text) or unsorted and with_initials(row.text)
                     if AUTHOR_START.match(row.text) is not None
                     else AUTHOR_START_FORENAME.match(row.text) is not None
                     or CJK_NAME_START.match(row.text) is not None)
        if foreign:
            if continues:
                rows.extend(_continuation(foreign, row, pitch, numbered, params))
                foreign, turned = [], False
            elif len(foreign) < params.interruption_max_lines \
                    and row.page <= foreign[0].page + params.interruption_max_pages:
                foreign.append(row)
                continue
            else:
                break
        opens = named and lb is None and _opens_entry(row.text)
        if rows:
            if _is_section_heading(row, rows[-1], size, params) or END_MATTER.match(row.text):
                break
            if (lb is None or named and lb.kind is LabelKind.BARE) and _turn(rows[-1], row) \
                    and (last_number or named and not opens and opened >= params.named_rows_share * len(rows)):
                # A numbered entry broken at a page or column turn goes on for a line or few, then the next
                # number follows; where none does, the list ended at the turn and what follows it (an
                # appendix, a supplement's title page) is no entry. Held apart until the next number shows; in
                # an author-year list whose rows open with names, until a row opening with a name does. Such a
                # list numbers no entry: a row opening with a bare number there is a draft's numbered line ("1
                # Residues Neighboring ...", another paper's title), held apart too.
                foreign, turned = [row], True
                continue
            if row.text.count(".") >= 5 and DOTTED_LEADER.search(row.text) \
                    and len(row.text.rstrip(". 0123456789")) >= 3:
                break  # a table of contents line ("A Proofs . . . . . 12"): an appendix's, after the list
            joined = _small_caps(rows[-1], row, params)
            if joined is not None and len(rows) > 1 and _is_section_heading(joined, rows[-2], size, params):
                del rows[-1]  # the heading's initial capital, taken for the end of the last entry
                break
            prev = rows[-1]
            if _is_caption(row.text) or (prev.page == row.page and prev.column == row.column
                                         and row.baseline - prev.baseline > params.gap_pitches * pitch) \
                    or (row.size >= params.alien_size_ratio * size and lb is None
                        and sum(c.isalpha() for c in row.text) >= params.heading_min_chars):
                # A caption, or a wide gap in a column (a box of other matter after the list: ACS's
                # "Recommended by ACS"): foreign text, unless the next numbered entry follows it.
                foreign = [row]
                continue
            if row.size >= size * params.resume_size_ratio and len(row.text) >= params.big_min_chars:
                big += 1
                if big >= params.big_lines:
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
        if continues and lb is not None and numbered:
            last_number = lb.number
            longest, entry_rows = max(longest, entry_rows), 0
        elif not last_number and AUTHOR_START.match(row.text) is not None \
                and not (rows and goes_on(rows[-1].text)) \
                and row.x <= edges.get((row.page, row.column), row.x) + indent:
            key = _sort_key(row.text)
            unsorted = unsorted or key < last_key
            last_key = key
        if opens:
            longest, entry_rows = max(longest, entry_rows), 0
            opened += 1
        entry_rows += 1
        rows.append(row)
        where = (row.page, row.column)
        if row.x < edges.get(where, row.x + 1):
            edges[where] = row.x
    if foreign and turned:
        rows.extend(_last_entry_end(rows, foreign, size, pitch, longest - entry_rows, params))
    return drop_odd_sizes(rows, size, params)


def _last_entry_end(rows: list[Row], foreign: list[Row], size: float, pitch: float, room: int,
                    params: ReferencesParams) -> list[Row]:
    """The rows after a turn that end the list's last entry: in the list's size, one line apart, no heading,
    and no more of them than the list's longest entry has rows beyond the last one's (``room``): an entry is
    a few lines long, and the text after the list is not (a supplement's title page, an appendix)."""
    out: list[Row] = []
    prev = rows[-1]
    for row in foreign:
        if len(out) >= room or row.label is not None or not _in_size(row, size, params):
            break
        if out and not _next_line(prev, row, pitch, params):
            break
        if _is_section_heading(row, prev, size, params) or END_MATTER.match(row.text) or _is_caption(row.text):
            break
        out.append(row)
        prev = row
    return out


def _opens_entry(text: str) -> bool:
    """Whether a row of an author-year list opens an entry: with a name, surname or forenames first, or with
    the dash that stands for the last entry's authors ("—. 1995, ..."). Looser than the split's test
    (:func:`citelens.references.split._opens_named`), which also asks that the entry before hold its year: here
    a row only has to look like an entry's first for the list to go on past a turn."""
    return AUTHOR_START.match(text) is not None or AUTHOR_START_FORENAME.match(text) is not None \
        or REF_SAME_AUTHORS.match(text) is not None


def _in_size(row: Row, size: float, params: ReferencesParams) -> bool:
    """Whether ``row`` is set in the list's ``size`` (within ``furniture_size_ratio`` of it)."""
    return abs(row.size - size) <= params.furniture_size_ratio * size


def _next_line(upper: Row, lower: Row, pitch: float, params: ReferencesParams) -> bool:
    """Whether ``lower`` follows ``upper`` in one column, at most ``gap_pitches`` line pitches below it."""
    return upper.page == lower.page and upper.column == lower.column \
        and 0 < lower.baseline - upper.baseline <= params.gap_pitches * pitch


def _turn(prev: Row, row: Row) -> bool:
    """Whether ``row`` goes on at another page or column than ``prev`` (a line spanning the columns goes on in
    either)."""
    return row.page != prev.page or (row.column != prev.column and -1 not in (row.column, prev.column))


def _continuation(foreign: list[Row], resumed: Row, pitch: float, numbered: bool,
                  params: ReferencesParams) -> list[Row]:
    """The rows at the end of ``foreign`` that continue the entry before it: unlabelled, in the size of the
    entry the list resumes with (a page may set the list a little smaller), just above it in its column.
    F1000 runs the Discussion on beside its first entries and sets the end of entry 6 ("Nature. 1981;
    293(5828): 161–3") under it. In a ``numbered`` list a number out of its sequence at a row's start is the
    entry's text ("2390." ending a page range)."""
    out: list[Row] = []
    below = resumed
    for row in reversed(foreign):
        if not _in_size(row, resumed.size, params):
            if not any(c.isalpha() for c in row.text):
                continue  # a page number in the margin beside the column
            break
        if (row.label is not None and not numbered) or not _next_line(row, below, pitch, params) \
                or _is_caption(row.text):
            break
        out.append(row)
        below = row
    return out[::-1]


def _sort_key(text: str) -> str:
    """The first word, lower case and without accents: where an entry sorts in an alphabetical list."""
    words = text.split(maxsplit=1)
    word = words[0] if words else ""
    return unicodedata.normalize("NFKD", word.lower()).encode("ascii", "ignore").decode()


def _pitch(rows: Sequence[Row], size: float, params: ReferencesParams) -> float:
    """Median baseline step between consecutive rows of one column (the list's line pitch), measured on
    rows in the list's size one line apart: an equation's or a figure's fragments above the list's first
    entries step by a sub- or superscript's fraction of a line."""
    same = [r for r in rows if _in_size(r, size, params)]
    steps = sorted(b.baseline - a.baseline for a, b in zip(same, same[1:])
                   if a.page == b.page and a.column == b.column and b.baseline - a.baseline > params.pitch_min * size)
    return steps[len(steps) // 2] if steps else params.pitch_default * size


def _is_caption(text: str) -> bool:
    m = CAPTION.match(text)
    if m is None:
        return False
    rest = text[m.end():].lstrip()
    return not rest or rest[0] in ".:|"


def _list_size(rows: Sequence[Row], params: ReferencesParams) -> float:
    sizes: Counter[float] = Counter()
    for row in rows[: params.size_sample_lines]:
        sizes[round(row.size, 1)] += len(row.text)
    return sizes.most_common(1)[0][0]


def _small_caps(prev: Row, row: Row, params: ReferencesParams) -> Row | None:
    """``prev`` and ``row`` as one heading when they are one word in small capitals that the extractor split
    into its full-size initial and the smaller rest ("A" + "PPENDIX", "R" + "EFERENCES"): an upper-case
    letter alone, larger than the upper-case text beside it on the same baseline."""
    if prev.page != row.page or len(prev.text) != 1 or not prev.text.isupper() or prev.size <= row.size \
            or abs(prev.baseline - row.baseline) > params.same_baseline * row.size or not row.text[:1].isupper():
        return None
    return replace(row, text=prev.text + row.text, size=prev.size, segments=prev.segments + row.segments)


def _is_section_heading(row: Row, prev: Row, size: float, params: ReferencesParams) -> bool:
    text = row.text
    if len(text) > params.heading_max_chars or len(text) < params.heading_min_chars:
        return False
    upper = text.isupper() and sum(c.isalpha() for c in text) >= params.heading_min_capitals
    bigger = row.size >= size * params.heading_size_ratio
    # A line spanning the columns sits right above a column's first line: the space between them counts too.
    stacked = row.page == prev.page and (row.column == prev.column or -1 in (row.column, prev.column))
    gap = row.baseline - prev.baseline if stacked else 0.0
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


def fallback(tm: TextMap, furniture: Furniture, params: ReferencesParams) -> tuple[list[Row], list[Entry]]:
    """No heading: the bottom-most running sequence of numbered entries in the last pages (see
    ``fallback_share``); failing that, an unnumbered list that ends the text (:func:`_fallback_unnumbered`);
    failing that, a numbered list further up, before appendices longer than the text's last third (a dataset
    paper's 27 pages of documentation after its list), in a paper of at most ``fallback_wide_pages`` pages:
    there, where numbered footnotes and listings are met too, nearly every entry opens with an author's name
    and holds a year (at most ``fallback_unnumbered_junk`` of them do not).
    """
    pages = sorted(tm.page_starts)
    n = int(min(max(-(-len(pages) * params.fallback_share // 1), params.fallback_min_pages),
                params.fallback_max_pages, len(pages)))
    first_page = pages[-n] if n else pages[0]
    first = tm.line_index(tm.page_starts[first_page])
    rows = list(read_rows(tm, first, furniture, None, params))
    found = _numbered_run(rows, params.fallback_tries, params)
    if found is None:
        found = _fallback_unnumbered(rows, params)
    if not found[1] and n < len(pages) <= params.fallback_wide_pages:
        wide = list(read_rows(tm, tm.line_index(tm.page_starts[pages[0]]), furniture, None, params))
        run = _numbered_run(wide, params.fallback_wide_tries, params, by_author=True)
        if run is not None and _open_like_references(run[1], params):
            found = run
    return found


def _numbered_run(rows: list[Row], tries: int, params: ReferencesParams,
                  by_author: bool = False) -> tuple[list[Row], list[Entry]] | None:
    """The bottom-most run of numbered entries in ``rows`` that reads as a reference list, of the last ``tries``
    starting at an entry numbered 1 (``by_author``: whose first entry opens with an author's name); None
    without one."""
    # An entry opens with words (a name, a title), not with more figures: "1 1" is a matrix's row. A short
    # first row ("1 b100.", a dataset's name) has its words on the next.
    starts = [k for k, r in enumerate(rows) if r.label is not None and r.label.number == 1
              and (ENTRY_WORD.search(r.text, r.label.end) is not None
                   or k + 1 < len(rows) and rows[k + 1].label is None and ENTRY_WORD.search(rows[k + 1].text))
              and (not by_author or _author_first(r.text[r.label.end:].lstrip()))]
    for k in reversed(starts[-tries:]):
        region = until_list_ends(iter(rows[k:]), params)
        entries = numbered_entries(region, params)
        if len(entries) < params.min_entries:
            continue
        chars = sum(len(r.text) for e in entries for r in e.rows)
        if chars < params.fallback_min_chars:
            continue
        junk = sum(1 for e in entries if not _looks_like_reference(" ".join(r.text for r in e.rows), params))
        if junk > params.fallback_max_junk * len(entries):
            continue
        return region, entries
    return None


def _fallback_unnumbered(rows: list[Row], params: ReferencesParams) -> tuple[list[Row], list[Entry]]:
    """No heading and no numbered run: an unnumbered (author-year) or alphabetically labelled list that
    ends the text. Every entry of such a list opens with its first author's name, surname first ("Smith, J.",
    "Bates DM") or forenames first ("Kyle Lo, Tyler Murray", "A. Smith"), or an alphabetic label, and holds a
    year; prose does not, paragraph after paragraph.

    Candidate first rows are tried bottom-up; the list starts at the top-most one whose region still
    splits into such entries (at most ``fallback_unnumbered_junk`` of them otherwise), and the search ends
    after ``fallback_unnumbered_misses`` candidates in a row that fail.
    """
    starts = [k for k, r in enumerate(rows)
              if _author_first(r.text) or (r.label is not None and r.label.kind is LabelKind.ALPHA)]
    best: tuple[list[Row], list[Entry]] = ([], [])
    misses = 0
    for k in reversed(starts[-params.fallback_unnumbered_tries:]):
        region = until_list_ends(iter(rows[k:]), params)
        entries = split_entries(region, params)
        if len(entries) < params.fallback_unnumbered_min_entries:
            continue
        if _open_like_references(entries, params) and _opens_like_reference(entries[0], params):
            best, misses = (region, entries), 0
        elif best[1]:
            misses += 1
            if misses >= params.fallback_unnumbered_misses:
                break
    return best


def _open_like_references(entries: list[Entry], params: ReferencesParams) -> bool:
    """Whether at most ``fallback_unnumbered_junk`` of ``entries`` fail :func:`_opens_like_reference`."""
    junk = sum(1 for e in entries if not _opens_like_reference(e, params))
    return junk <= params.fallback_unnumbered_junk * len(entries)


def _opens_like_reference(entry: Entry, params: ReferencesParams) -> bool:
    """An entry that opens with an author's name (:func:`_author_first`) or an alphabetic label, holds a
    year, and has no fewer letters than digits: names (and a title) are words, while a table's row is figures
    ("ROUGE-1 (2004) 0.31 0.34"). An entry without a title has as many digits as an astronomer's do ("Schmidt,
    M. 1968, AJ, 151, 393": 10 letters, 10 digits), so letters are weighed against digits, not against all."""
    first = entry.rows[0]
    opens = _author_first(first.text[entry.skip:]) \
        or (first.label is not None and first.label.kind is LabelKind.ALPHA) \
        or AUTHOR_START_NAMED_YEAR.match(first.text, entry.skip) is not None
    text = " ".join(r.text for r in entry.rows)
    return opens and len(text) < params.entry_max_chars and REF_YEAR.search(text) is not None \
        and sum(map(str.isalpha, text)) >= sum(map(str.isdigit, text))


def _author_first(text: str) -> bool:
    """Whether ``text`` opens with a first author's name, surname first ("Smith, J.", "Bates DM") or forenames
    first ("Kyle Lo,", "A. Smith,")."""
    return AUTHOR_START.match(text) is not None or AUTHOR_START_FORENAME.match(text) is not None


def _looks_like_reference(text: str, params: ReferencesParams) -> bool:
    return len(text) < params.entry_max_chars and (REF_YEAR.search(text) is not None or REF_DOI.search(text) is not None)
