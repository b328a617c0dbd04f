"""Splitting a reference list into entries (step 3 of :mod:`citelens.references`).

Input: the list's :class:`Row` s in reading order (furniture dropped, the list's end found). Output:
:class:`Entry` s, each the rows of one entry in order and the label that opened it, if any. The unit types
(:class:`Row`, :class:`Label`, :class:`Entry`) live here: a row is what the splitter cuts between. Pure;
the first strategy (numbered, hanging indent, spacing, author-year) that yields ``min_entries`` wins.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from dataclasses import dataclass

from citelens.construct import frozen_constructor
from citelens.model import Box
from citelens.params import ReferencesParams
from citelens.patterns import (
    AUTHOR_START,
    AUTHOR_START_FORENAME,
    AUTHOR_START_NAMED_YEAR,
    ENTRY_PLACE_STATE,
    NAME_INITIALS_SURNAME,
    NAME_SURNAME_COMMA,
    REF_ALPHA_YEARLESS,
    REF_LABEL,
    REF_LABEL_INLINE,
    REF_PAREN_YEAR_START,
    REF_YEAR,
    REF_YEAR_START,
)


class LabelKind(enum.StrEnum):
    BRACKET = "bracket"  # [12]
    PAREN = "paren"  # (12)
    DOT = "dot"  # 12.
    BARE = "bare"  # 12
    ALPHA = "alpha"  # [Knu84]: no number, the entries run in alphabetical order


@dataclass(frozen=True, slots=True)
class Label:
    kind: LabelKind
    number: int
    text: str  # as written, e.g. "[12]"
    end: int  # offset in the row's text where the entry's own text begins


@dataclass(frozen=True, slots=True)
class Row:
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
    label: Label | None  # the numbered label its text starts with, if any

    @property
    def start(self) -> int:
        return self.segments[0][0]

    @property
    def end(self) -> int:
        return self.segments[-1][1]


# (Rows, labels and entries are made by the hundred a paper: see construct.py.)
new_row = frozen_constructor(Row)
new_label = frozen_constructor(Label)


@dataclass(frozen=True, slots=True)
class Entry:
    label: str | None
    rows: tuple[Row, ...]
    skip: int  # characters of the first row's text that belong to the label


new_entry = frozen_constructor(Entry)


def split_entries(rows: list[Row], params: ReferencesParams) -> list[Entry]:
    if not rows:
        return []
    best: list[Entry] = []
    for strategy in (numbered_entries, _hanging, _spaced, _author_year):
        entries = [e for e in strategy(rows, params) if not _subheading(e, params)]
        if len(entries) >= params.min_entries:
            return entries
        if len(entries) > len(best):
            best = entries
    return best or [new_entry(None, tuple(rows), 0)]


def _subheading(entry: Entry, params: ReferencesParams) -> bool:
    """A short unnumbered line on its own inside a list: a group heading ("Books", "Ξενόγλωσση") or the
    heading of what follows the list ("Figures"), not an entry."""
    if entry.label is not None or len(entry.rows) > 1:
        return False
    text = entry.rows[0].text
    return len(text) < params.subheading_max_chars and not any(c.isdigit() for c in text)


# The kinds in order with their group names, once: iterating an enum class builds its members' list anew each
# time (a microsecond), and a member's ``.value`` is a property (a third of one).
_KIND_GROUPS = tuple((kind, kind.value) for kind in LabelKind)


def label_of(text: str) -> Label | None:
    m = REF_LABEL.match(text)
    if m is None:
        return None
    for kind, group in _KIND_GROUPS:
        g = m.group(group)
        if g is not None:
            end = m.end()
            while end < len(text) and text[end] == " ":
                end += 1
            number = 0 if kind is LabelKind.ALPHA else int(g)
            return new_label(kind, number, text[m.start():m.end()].strip().lstrip("■").strip(), end)
    return None


def numbered_entries(rows: list[Row], params: ReferencesParams, first: int = 1) -> list[Entry]:
    """Entries opened by labels in increasing sequence from ``first`` (or the number after it: an entry the
    extractor lost); of the label kinds present, the longest chain."""
    labels = [r.label for r in rows]
    kinds = {lb.kind for lb in labels if lb is not None}
    best: list[Entry] = []
    for kind in kinds:
        entries = _chain(rows, labels, kind, params, first)
        if len(entries) > len(best):
            best = entries
    return best


def _chain(rows: list[Row], labels: list[Label | None], kind: LabelKind,
           params: ReferencesParams, first: int = 1) -> list[Entry]:
    # Label edge per page and column: where the labels of this kind start (left-aligned lists) or end
    # (right-aligned "[9]" / "[10]" differ by a digit's width, inside the slack).
    edge: dict[tuple[int, int], float] = {}
    for r, lb in zip(rows, labels, strict=True):
        if lb is not None and lb.kind == kind:
            key = (r.page, r.column)
            edge[key] = min(edge.get(key, r.x), r.x)
    entries: list[Entry] = []
    cur: list[Row] = []
    cur_label: Label | None = None
    expected: int | None = None
    first_label_row = None
    kind_group = kind.value
    for k, (row, lb) in enumerate(zip(rows, labels, strict=True)):
        start = False
        if lb is None and kind == LabelKind.ALPHA and expected is not None:
            lb = _yearless(row)
        if lb is not None and lb.kind == kind == LabelKind.ALPHA:
            # Alphabetic labels carry no number to run in sequence: every one at the label edge opens an
            # entry (a "[Knu84]" inside an entry's text is not at the line start, or not at the edge).
            # (A label without a year has no edge of its own: on a column where no other label stands, none.)
            key = (row.page, row.column)
            start = key in edge and row.x <= edge[key] + params.label_slack * row.size \
                and (expected is not None or k <= params.chain_first_rows)
        elif lb is not None and lb.kind == kind:
            aligned = row.x <= edge[(row.page, row.column)] + params.label_slack * row.size
            if expected is None:
                start = (first == 1 or lb.number >= first) and lb.number <= first + 1 \
                    and k <= params.chain_first_rows
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
                entries.append(new_entry(cur_label.text if cur_label else None, tuple(cur),
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
            if m is not None and m.group(kind_group) is not None and int(m.group(kind_group)) == expected:
                head, tail = _cut_row(row, m.start(kind_group) - 1)
                cur.append(head)
                entries.append(new_entry(cur_label.text if cur_label else None, tuple(cur),
                                      cur_label.end if cur_label else 0))
                lb2 = tail.label
                cur, cur_label, expected = [tail], lb2, expected + 1
                continue
        cur.append(row)
    if cur:
        entries.append(new_entry(cur_label.text if cur_label else None, tuple(cur),
                              cur_label.end if cur_label else 0))
    return entries


def _yearless(row: Row) -> Label | None:
    """An alphabetic label without a year, in a list labelled so: alpha.bst labels an entry that has none by
    its authors alone ("[Ser]", "[GJ]", "[BCD+]"). Only inside such a list, and only at its labels' edge."""
    m = REF_ALPHA_YEARLESS.match(row.text)
    if m is None:
        return None
    end = m.end()
    while end < len(row.text) and row.text[end] == " ":
        end += 1
    return new_label(LabelKind.ALPHA, 0, m.group().strip(), end)


def _cut_row(row: Row, at: int) -> tuple[Row, Row]:
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
    return (new_row(row.line, tuple(heads), head_text, row.x, row.page, row.column, row.size, row.baseline,
                    row.box, row.label),
            new_row(row.line, tuple(tails), tail_text, row.x, row.page, row.column, row.size, row.baseline,
                    row.box, label_of(tail_text)))


# How an entry's last line ends: a full stop, a semicolon, a closing bracket ("(2005).", "2450 (1981);").
_ENTRY_ENDS = ".;)]"


def _hanging(rows: list[Row], params: ReferencesParams) -> list[Entry]:
    """Entries opened by lines at the column's left edge, continued by indented lines; or, in a list that sets its
    entries as paragraphs (:func:`_first_lines_indented`), opened by indented lines and continued at the edge.

    ::

        Ahmad, R. and Afzal, M. T. 2018. Cad: an        <- left edge: a new entry
            algorithm for citation-anchors detection     <- indented: continues it

            Ahmad, R. and Afzal, M. T. 2018. Cad: an    <- indented: a new entry (paragraphs)
        algorithm for citation-anchors detection.       <- left edge: continues it
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
        indents = [rows[k].x for k in ks if rows[k].x >= left + params.indent_min * size]
        info[key] = (left, _median(indents) if indents else None)
    # Most of the list (by lines) must sit in columns that show the indent, or it is no hanging list.
    indented = sum(len(ks) for key, ks in groups.items() if info[key][1] is not None)
    if indented < params.hanging_share * len(rows):
        return []
    edges = _right_edges(rows)
    paragraphs = _first_lines_indented(rows, info, edges, params)
    forenames = _forenames_first(rows)
    starts: list[bool] = []
    text = ""
    for k, r in enumerate(rows):
        left, ind = info[(r.page, r.column)]
        if ind is None:
            others = [(lf, ix) for kk, (lf, ix) in info.items() if kk[1] == r.column and ix is not None]
            if not others:
                # Nothing to compare with (F1000 sets a flush column beside indented ones): a line
                # opens an entry when it reads like one.
                new = k == 0 or _opens_named(r.text, text, forenames)
                starts.append(new)
                text = r.text if new else text + " " + r.text
                continue
            ref_left, ref_ind = min(others, key=lambda v: abs(v[0] - left))
            if abs(left - ref_ind) < abs(left - ref_left) and abs(left - ref_left) > params.indent_min * r.size:
                left, ind = ref_left, ref_ind  # this column holds only continuation lines
            else:
                ind = left + (ref_ind - ref_left)
        new = (r.x < (left + ind) / 2) != paragraphs  # (at the edge; or indented, where the list sets paragraphs)
        if not new and not paragraphs and r.x >= ind + params.indent_min * r.size and REF_YEAR_START.match(r.text) \
                and REF_YEAR.search(text) \
                and (k == 0 or abs(rows[k - 1].baseline - r.baseline) > params.same_baseline * r.size):
            # "(2016): “Wealth ...” set right of the indent: the same authors' next entry, their names
            # replaced by a rule drawn as a line (no text), so the entry starts with its year.
            new = True
        starts.append(new)
        text = r.text if new else text + " " + r.text
    n_cont = starts.count(False)
    if n_cont < params.hanging_min_continuations * len(rows):
        return []
    if n_cont < params.hanging_continuations * len(rows):
        # Most entries on one line: a few indented lines do not make a hanging list of a flush one (whose every
        # line at the left edge would open an entry) unless the lines before those at the edge end as entries
        # end, with a full stop, a semicolon or a closing bracket, or short of the column's edge (:func:`_fits`),
        # not mid-sentence at the edge.
        ends = [rows[k - 1].text.rstrip()[-1:] in _ENTRY_ENDS or _fits(rows[k - 1], rows[k], edges, params)
                for k in range(1, len(rows)) if starts[k]]
        if sum(ends) < params.hanging_ends * len(ends):
            return []
    return _entries_from_starts(rows, starts)


def _first_lines_indented(rows: list[Row], info: dict[tuple[int, int], tuple[float, float | None]],
                          edges: dict[tuple[int, int], float], params: ReferencesParams) -> bool:
    """Whether the list indents its entries' first lines, set as paragraphs, rather than the lines after them
    (a hanging indent). Told by the list's first line, which opens an entry, indented; and by the lines above the
    others: the line above an entry's first line ended the entry before, often short of the column's edge (the
    next line's first word would have fit on it, :func:`_fits`), and the line above a continuation line runs on
    to the edge. Where more of the lines above indented lines end so than of those above lines at the edge, the
    indent opens entries. ``info``: the left edge and indent of each page-column (:func:`_hanging`)."""
    left, ind = info[(rows[0].page, rows[0].column)]
    if ind is None or rows[0].x < (left + ind) / 2:
        return False
    ended, seen = [0, 0], [0, 0]  # lines ended above an indented line, above a line at the edge; lines seen
    for prev, r in zip(rows, rows[1:]):
        left, ind = info[(r.page, r.column)]
        if ind is not None and prev.page == r.page and prev.column == r.column:
            at_edge = r.x < (left + ind) / 2
            seen[at_edge] += 1
            ended[at_edge] += _fits(prev, r, edges, params)
    indented, edge = (ended[k] / seen[k] if seen[k] else 0.0 for k in (0, 1))
    return indented > edge


def _median(xs: list[float]) -> float:
    s = sorted(xs)
    return s[len(s) // 2]


def _spaced(rows: list[Row], params: ReferencesParams) -> list[Entry]:
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
    # A line step is at least about an em (type is set with its leading at least its size); a shorter one joins
    # a raised or merged piece of a line, no line step.
    least = params.spaced_min_step * _median([r.size for r in rows])
    ordered = sorted(v for v in steps if v >= least)
    if len(ordered) < 2 * params.min_entries:
        return []
    # The first jump up from the line pitch (the narrowest steps) to a step at least ``entry_gap_ratio`` times as
    # wide separates the steps inside entries from those between them; wider steps still (a line lost, a gap
    # before a group's heading) are steps between entries too.
    low, high = params.spaced_wide_min * len(steps), params.spaced_wide_max * len(steps)
    k = next((i for i in range(len(ordered) - 1) if low <= len(ordered) - i - 1 <= high
              and ordered[i + 1] >= params.entry_gap_ratio * ordered[i]), None)
    if k is None:
        return []
    threshold = (ordered[k] + ordered[k + 1]) / 2
    if threshold > params.spaced_max_gap * ordered[len(ordered) // 4]:
        return []  # the wide steps are gaps between blocks, not between entries
    forenames = _forenames_first(rows)
    starts: list[bool] = []
    text = ""
    for k2, r in enumerate(rows):
        prev = rows[k2 - 1] if k2 else None
        if prev is None:
            new = True
        elif prev.page == r.page and prev.column == r.column and r.baseline > prev.baseline:
            new = r.baseline - prev.baseline > threshold
        else:  # a new column or page: its first line opens an entry if it reads like one
            new = _opens_named(r.text, text, forenames)
        starts.append(new)
        text = r.text if new else text + " " + r.text
    return _entries_from_starts(rows, starts)


def _author_year(rows: list[Row], params: ReferencesParams) -> list[Entry]:
    """Flush-left lists: a line that reads as an entry's first (:func:`_opens_named`: "Surname, X.", or after an
    entry that ended, a year in parentheses, an organisation and its year, a name forenames first in a list that
    sets names so) opens an entry when the current one has its year and the line before may have closed it
    (:func:`_may_end`); so does the line after one that ended its paragraph (:func:`_ended`)."""
    forenames = _forenames_first(rows)
    edges = _right_edges(rows)
    starts: list[bool] = []
    text = ""
    for k, r in enumerate(rows):
        if k == 0:
            new = True
        else:
            prev = rows[k - 1]
            fits = _fits(prev, r, edges, params)  # (both tests below ask it)
            new = _opens_named(r.text, text, forenames) and _may_end(prev, r, fits) \
                or fits and _ended(prev, r, REF_YEAR.search(text) is not None, forenames)
        starts.append(new)
        text = r.text if new else text + " " + r.text
    return _entries_from_starts(rows, starts)


def _right_edges(rows: list[Row]) -> dict[tuple[int, int], float]:
    """The right edge of each page's column of the list: where its longest line ends."""
    edges: dict[tuple[int, int], float] = {}
    for r in rows:
        key = (r.page, r.column)
        if r.box[2] > edges.get(key, float("-inf")):
            edges[key] = r.box[2]
    return edges


def _ended(prev: Row, row: Row, dated: bool, forenames: bool) -> bool:
    """Whether ``prev``, the line above ``row``, which stops short of its column's edge (where the next line's
    first word would have fit, :func:`_fits`: a line breaks early only where its paragraph ends, or where a style
    breaks it on purpose, PeerJ's "DOI 10.7717/..." line), ended its entry: it ends as an entry ends (a full stop,
    a semicolon, a closing bracket) with the entry's year given (``dated``) or the next line opening as entries
    open, with a capital or a digit ("these proceedings." over "V. Balkanov et al.", a standard's "...; Stage 2."
    over "3GPP TS 23.502:": many entries have no year); or, ending in no punctuation ("NIM A588 (2008) 99"), the
    entry has its year and the next line opens with a name as the list sets them (``forenames`` first or not)."""
    if prev.text.rstrip()[-1:] in _ENTRY_ENDS:
        first = row.text.lstrip()[:1]
        return dated or first.isalnum() and not first.islower()
    return dated and _names_first(row.text, forenames)


def _may_end(prev: Row, row: Row, fits: bool) -> bool:
    """Whether ``prev`` may close an entry before ``row``: it ends as entries end (a full stop, a semicolon, a
    closing bracket, a page number or an article's number), or short of its column's edge (``fits``), or
    ``row`` opens with a name and its initials ("Smith, J. A.", "J. A. Smith") after a line that does not go on
    (:func:`goes_on`: an entry may end in a word, "In WWW", a link). A line that runs to the edge after a comma
    or a joining word, or before a place that reads as "Surname, Forename" ("..., pages 33–41," over "Athens,
    Greece."; "Punta" over "Cana, Dominican Republic."), wrapped: the next line goes on with the entry."""
    end = prev.text.rstrip()[-1:]
    return end in _ENTRY_ENDS or end.isdigit() or fits \
        or not goes_on(prev.text) and with_initials(row.text)


def with_initials(line: str) -> bool:
    """Whether ``line`` opens with a name and its initials, surname first ("Smith, J. A.", "O'Neil, JA") or
    initials first ("J. A. Smith", "K.-H. Müller"): a place ("Athens, Greece.") or a journal ("Annals, Volume
    2") holds none. The entry parser's own name patterns."""
    return NAME_SURNAME_COMMA.match(line) is not None or NAME_INITIALS_SURNAME.match(line) is not None


def goes_on(text: str) -> bool:
    """Whether a line of an entry goes on on the next: it ends in a comma, a hyphen, an ampersand or a word
    that joins ("Evans," over "D. A. and Bennett", "Journal of" over "Neurology, ...")."""
    words = text.split()
    return bool(words) and (words[-1][-1] in ",-&" or words[-1] in _JOINING)


_JOINING = frozenset(("and", "of", "in", "the", "for", "on"))


def _fits(prev: Row, row: Row, edges: dict[tuple[int, int], float], params: ReferencesParams) -> bool:
    """Whether ``row``'s first word would have fit after ``prev``, the line above it in its column, with
    ``ended_slack`` em to spare (a ragged right margin balances its lines a little): a line breaks before a word
    that does not fit on it, so ``prev`` ended its paragraph. Justified or ragged, a line inside a paragraph
    reaches about as far as the column's longest."""
    if prev.page != row.page or prev.column != row.column:
        return False
    word = row.text.split(None, 1)[0] if row.text.strip() else ""
    width = (row.box[2] - row.box[0]) * len(word) / max(len(row.text), 1)  # (its share of the line's width)
    return edges[(prev.page, prev.column)] - prev.box[2] > width + params.ended_slack * row.size


def _forenames_first(rows: list[Row]) -> bool:
    """Whether the list's first entry puts its first author's forenames first: a list sets every name alike."""
    return bool(rows) and AUTHOR_START.match(rows[0].text) is None \
        and AUTHOR_START_FORENAME.match(rows[0].text) is not None


def _names_first(line: str, forenames: bool) -> bool:
    """Whether ``line`` opens with an author's name as the list sets names (surname first, or forenames first
    where the list's first entry does)."""
    if forenames:
        return AUTHOR_START_FORENAME.match(line) is not None
    return AUTHOR_START.match(line) is not None and ENTRY_PLACE_STATE.match(line) is None


def _opens_named(line: str, text: str, forenames: bool) -> bool:
    """Whether ``line`` opens an author-year entry after the entry's ``text`` so far, once that holds its year:
    a name surname first ("Surname, X."; not a book's place, "Cambridge, MA: MIT Press."); or, where the line
    before ended the entry with a full stop, a year in parentheses (the same authors'), an organisation and its
    year, or a name forenames first in a list that sets names ``forenames`` first."""
    if REF_YEAR.search(text) is None:
        return False
    if AUTHOR_START.match(line) is not None:
        # ... but not a book's place and publisher wrapped onto a line of their own ("Cambridge, MA: MIT Press.")
        return ENTRY_PLACE_STATE.match(line) is None
    # After an entry that ended, its year given: the next entry of the same authors, a rule standing for their
    # names ("(2020): “Micro Jumps, ...”"), an organisation's or a program's ("Board of Governors of the Federal
    # Reserve System (2004):"), or a name forenames first where the list sets them so.
    return text.endswith(".") and (REF_PAREN_YEAR_START.match(line) is not None
                                   or AUTHOR_START_NAMED_YEAR.match(line) is not None
                                   or forenames and AUTHOR_START_FORENAME.match(line) is not None)



def _entries_from_starts(rows: list[Row], starts: list[bool]) -> list[Entry]:
    entries: list[Entry] = []
    cur: list[Row] = []
    for row, s in zip(rows, starts, strict=True):
        if s and cur:
            entries.append(new_entry(None, tuple(cur), 0))
            cur = []
        cur.append(row)
    if cur:
        entries.append(new_entry(None, tuple(cur), 0))
    return entries


def union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
