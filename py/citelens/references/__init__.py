"""Reference list: where the bibliography is, its entries, and what each entry says.

Input: the document's :class:`~citelens.layout.TextMap` (lines in reading order, pages joined by "\f").
Output: a :class:`ReferenceList`: the entries as :class:`~citelens.model.Reference` (1-based ``index`` in
list order), the offsets in ``tm.text`` where the list starts (after its heading) and ends (past its last
entry), and diagnostics (``no_references`` when no list is found, ``references_unsplit`` when a list is
found but cannot be split into at least ``min_entries`` entries).

How (one module a step):

1. **Where** (:mod:`~citelens.references.locate`). The list starts after the *last* line that is a
   References / Bibliography / Works Cited / Literature Cited heading (numbered, upper case, with a line
   number or ACS's "■" before it; a "References" running head is no heading). Without one, the last third
   of the pages (2 to 20) is scanned bottom-up for a running sequence of numbered entries ("[1]", "1.",
   "(1)") of at least ``fallback_min_chars`` characters, given up when more than a third of its blocks do
   not look like references. The list stops at an appendix or supplementary heading, another section
   heading set apart from the entries (Cell's "STAR★METHODS", Nature's "ONLINE METHODS"), end matter
   ("Received:", "Copyright ©", "Conflict of Interest Statement:"), or foreign text (a caption, a wide gap,
   three lines in a larger font) -- unless the list's next entry follows the foreign text (PNAS, floats).
   A numbered list that goes on at a page or column turn without its next number ended there, but for the
   last entry's few remaining lines (a supplement after the list). A list numbered on under a second heading
   after a section of text (Nature's Methods references) is one list in two parts; lists numbered from 1
   closing each chapter of a book or a thesis are ``parts`` of the whole, each cited from its chapter.
2. **Clean** (:mod:`~citelens.references.furniture`). Running heads and feet (the same text at a page's
   edge on pages nearby), page numbers, footnotes and heads in another font size at a column's top or
   bottom, and bioRxiv's line numbers are dropped before splitting, so an entry broken across a column or
   page comes out whole. Pages whose columns the shared layout misreads (three columns; lines taken for
   spanning ones) are cut at their gutters and read column by column.
3. **Split** (:mod:`~citelens.references.split`). The first strategy that yields ``min_entries`` entries
   wins: numbered (labels "[12]", "(12)", "12.", "12" at a line start, in increasing sequence; two entries
   run together on one line are cut apart), hanging indent (a line at the column's left edge starts an
   entry, continuation lines are indented), spacing (flush-left entries set apart by a wider line step),
   author-year (a flush-left line starting with a surname after an entry that already holds a year). Short
   unnumbered lines alone (group headings) are no entries.
4. **Parse** (:mod:`~citelens.references.entry`). Each entry's text is joined across line breaks
   (hyphenated words rejoined: :func:`~citelens.layout.join_lines`; accents the extractor split off put
   back) and read for authors' surnames (four name orders, particles and diacritics kept), year and its
   letter, title, DOI (normalised), arXiv id and URL. Parsing is best effort and total: a field it cannot
   find stays empty.

Invariants: ``0 <= start <= end <= len(tm.text)``; entries are in list order and do not overlap; each
entry's ``raw`` holds no label ("[12]" is in ``label``) and no running head or page number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from citelens.construct import frozen_constructor
from citelens.layout import TextMap, join_lines
from citelens.model import Box, Diagnostic, DiagnosticCode, Reference
from citelens.params import PARAMS, ReferencesParams
from citelens.patterns import (
    REF_ID_HINT,
    REF_SAME_AUTHORS,
    REF_YEAR_AT_END,
    REF_YEAR_SENTENCE_SCAN,
    REF_YEAR_START,
    YEAR,
)
from citelens.references.entry import EntryFields, compose_accents, dense_text, parse_entry
from citelens.references.furniture import Furniture
from citelens.references.locate import fallback, heading_lines, read_rows, skipped_prose, until_list_ends
from citelens.references.split import Entry, LabelKind, Row, label_of, numbered_entries, split_entries, union

__all__ = ["EntryFields", "ReferenceList", "compose_accents", "find_references", "parse_entry"]


@dataclass(frozen=True, slots=True)
class ReferenceList:
    """The bibliography: its entries, and the span of ``tm.text`` it takes.

    ``start`` is the offset of its first entry's first character (after its heading; where a page's
    columns were re-read, the earliest of the entries' offsets), ``end`` is just past its last entry.
    Text the list skipped (a column of Methods prose between PNAS's entries 3 and 4) lies inside the span;
    ``skipped`` holds the stretches of it that are prose (see
    :func:`~citelens.references.locate.skipped_prose`), for the citation search.
    Both are None when no list was found.
    """

    references: tuple[Reference, ...]
    start: int | None  # offset in tm.text where the bibliography begins (after its heading)
    end: int | None  # offset just past its last entry
    diagnostics: tuple[Diagnostic, ...] = ()
    skipped: tuple[tuple[int, int], ...] = ()  # [a, b) inside start..end the list passed over (see above)
    # A book's or a thesis's lists, one after each chapter (:func:`_lists_by_chapter`): each part a list of its
    # own (indexes from 1), cited from the text between the part before it and itself. The whole then holds
    # every part's entries in order (indexes running on), spans them all, and skips the chapters between.
    parts: tuple[ReferenceList, ...] = ()


def find_references(tm: TextMap, params: ReferencesParams = PARAMS.references,
                    furniture: Furniture | None = None) -> ReferenceList:
    """Find the bibliography of ``tm`` and parse its entries (see the module docstring). ``furniture``: the
    document's running heads and feet, where another stage has read them already."""
    if not tm.lines:
        return ReferenceList((), None, None, (_no_references("the document has no text"),))
    if furniture is None:
        furniture = Furniture(tm, params)
    # The last heading heads the list, unless no list follows it (a table's row labelled "Bibliography" over
    # rows of figures, an index's entry): a list's entries are dated. Then a heading before it is tried, and
    # failing those the list found without a heading, where it is dated and longer.
    heading = None
    entries: list[Entry] = []
    rows: list[Row] = []
    dated = False
    # (Every heading line, read once: a book's lists, one after each chapter, and a list's second part after the
    # Methods are looked for under the others.)
    candidates = list(heading_lines(tm, furniture, params))
    for tried, (line, cut) in enumerate(candidates):
        if tried == params.heading_tries:
            break
        found = until_list_ends(read_rows(tm, line + 1 if cut is None else line, furniture, cut, params), params)
        split = split_entries(found, params)
        dated = _a_dated_list(split, params)
        if heading is None or dated:
            heading, rows, entries = (line, cut), found, split
        if dated:
            break
    under_heading = rows, entries  # (as read under it, before the rest of this function)
    if not dated:
        fb_rows, fb_entries = fallback(tm, furniture, params)
        if len(fb_entries) > len(entries) \
                and (len(entries) < params.min_entries or _a_dated_list(fb_entries, params)):
            rows, entries = fb_rows, fb_entries
    elif heading is not None:
        rows, entries = _numbering_goes_on(tm, furniture, candidates, heading[0], rows, entries, params)
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
    refs = _dated_alike(_same_authors(tuple(_reference(tm, i, e, params) for i, e in enumerate(entries, start=1))),
                         params)
    start = min(r.start for r in rows)
    end = max(r.end for e in entries for r in e.rows)
    skipped = skipped_prose(tm, rows, start, end, furniture, params)
    chapters = _lists_by_chapter(tm, furniture, candidates, heading[0], under_heading, (start, end),
                                 tuple(diags), params) if heading is not None and heading[1] is None else None
    return chapters or ReferenceList(refs, start, max(end, start), tuple(diags), skipped)


def _lists_by_chapter(tm: TextMap, furniture: Furniture, candidates: Iterable[tuple[int, tuple[int, int] | None]],
                      heading: int, under_heading: tuple[list[Row], list[Entry]], found_list: tuple[int, int],
                      diags: tuple[Diagnostic, ...], params: ReferencesParams) -> ReferenceList | None:
    """A book's or a thesis's bibliographies, one closing each chapter, or None where the text has one list.

    Each is a dated list under a heading of its own, numbered from 1 or not numbered at all (a list numbered
    on from another's is that list's second part: :func:`_numbering_goes_on`), and a chapter's prose,
    ``chapter_min_lines`` lines at least, stands between each two (a running head over a list's next page
    heads no list of its own: nothing but the list lies between). Each list is cited from the text before it,
    back to the list before: the third chapter's "[3]" is its own list's third entry. ``candidates``: every
    heading line, as :func:`heading_lines` gives them; ``heading``: the line heading the list found, with its
    rows and entries as read ``under_heading``; ``found_list`` the list's span, inside which a heading is a
    running head over its pages."""
    a, b = found_list
    heads = [line for line, cut in candidates if cut is None and line != heading and not a <= tm.starts[line] < b]
    if not 1 <= len(heads) < params.chapter_max_lists:
        return None  # most papers: the found list's heading alone; thousands are a hostile file's, not a book's
    heads.append(heading)
    found: list[tuple[int, int, list[Row], list[Entry]]] = []
    for line in sorted(heads):
        if line == heading:
            rows, entries = under_heading
        else:
            rows = until_list_ends(read_rows(tm, line + 1, furniture, None, params), params)
            entries = split_entries(rows, params)
        if not entries or not _a_dated_list(entries, params):
            continue
        first = entries[0].rows[0].label
        if first is not None and first.kind is not LabelKind.ALPHA and first.number > 1:
            continue
        start, end = min(r.start for r in rows), max(r.end for e in entries for r in e.rows)
        if found and start < found[-1][1]:
            continue
        if found and _prose_lines(tm, furniture, found[-1][1], start, params) < params.chapter_min_lines:
            return None
        found.append((start, end, rows, entries))
    if len(found) < 2:
        return None
    parts: list[ReferenceList] = []
    everything: list[Reference] = []
    for start, end, rows, entries in found:
        refs = _dated_alike(_same_authors(tuple(_reference(tm, i, e, params)
                                                for i, e in enumerate(entries, start=1))), params)
        parts.append(ReferenceList(refs, start, max(end, start), (), skipped_prose(tm, rows, start, end, furniture,
                                                                                  params)))
        offset = len(everything)
        everything.extend(replace(r, index=offset + r.index) for r in refs)
    between = [(prev.end, nxt.start) for prev, nxt in zip(parts, parts[1:], strict=False)
               if prev.end is not None and nxt.start is not None]
    skipped = tuple(sorted([*(s for part in parts for s in part.skipped), *between]))
    return ReferenceList(tuple(everything), parts[0].start, parts[-1].end, diags, skipped, tuple(parts))


def _prose_lines(tm: TextMap, furniture: Furniture, a: int, b: int, params: ReferencesParams) -> int:
    """The lines of text between offsets ``a`` and ``b`` of ``skipped_min_chars`` or more, furniture aside."""
    if b <= a:
        return 0
    first, last = tm.line_index(a), tm.line_index(b - 1)
    return sum(1 for k in range(first + 1, last) if k not in furniture.lines_of(tm.lines[k].page)
               and len(tm.lines[k].text.strip()) >= params.skipped_min_chars)


def _numbering_goes_on(tm: TextMap, furniture: Furniture, candidates: list[tuple[int, tuple[int, int] | None]],
                       heading: int, rows: list[Row], entries: list[Entry],
                       params: ReferencesParams) -> tuple[list[Row], list[Entry]]:
    """A numbered list in two parts, the second going on with the first's numbers under a heading of its own
    after a section of text: Nature's journals set the references of their Methods, numbered on from the
    main list's, after the Methods ("Methods references", or "References" again). Where the list found opens
    past number 2, the list under an earlier heading that ends just before it comes first; where it is
    numbered from 1, a dated list further on that opens with its next number follows it. ``rows`` and
    ``entries`` are the list found under the line ``heading``; both parts' are returned. ``candidates``: every
    heading line, as :func:`heading_lines` gives them."""
    first = entries[0].rows[0].label
    if first is None or first.kind is LabelKind.ALPHA:
        return rows, entries
    if first.number > 2:
        for tried, (line, cut) in enumerate(candidates):
            if tried == params.heading_tries:
                break
            if line >= heading:
                continue
            before_rows = until_list_ends(read_rows(tm, line + 1 if cut is None else line, furniture, cut, params),
                                          params)
            before = numbered_entries(before_rows, params)
            last = before[-1].rows[0].label if before else None
            if last is not None and last.kind is first.kind and last.number == first.number - 1 \
                    and _a_dated_list(before, params):
                return before_rows + rows, before + numbered_entries(rows, params, first.number)
        return rows, entries
    last = entries[-1].rows[0].label
    if last is None or last.kind is not first.kind:
        return rows, entries
    end = tm.line_index(max(r.end for r in rows) - 1)
    for i in range(end + 1, len(tm.lines)):
        lb = label_of(tm.lines[i].text)
        if lb is not None and lb.kind is first.kind and lb.number == last.number + 1:
            after_rows = until_list_ends(read_rows(tm, i, furniture, None, params), params)
            after = numbered_entries(after_rows, params, lb.number)
            if _a_dated_list(after, params):
                return rows + after_rows, entries + after
            break
    return rows, entries


def _a_dated_list(entries: list[Entry], params: ReferencesParams) -> bool:
    """Whether ``entries`` read as a reference list: at least ``min_entries`` of them, most holding a year."""
    if len(entries) < params.min_entries:
        return False
    dated = sum(1 for e in entries if any(YEAR.search(r.text) for r in e.rows))
    return dated >= params.dated_share * len(entries)


def _no_references(message: str) -> Diagnostic:
    return Diagnostic(DiagnosticCode.NO_REFERENCES, message)


_new_reference = frozen_constructor(Reference)  # (one a list entry: see construct.py)


def _reference(tm: TextMap, index: int, entry: Entry, params: ReferencesParams) -> Reference:
    first = entry.rows[0]
    joined = "\n".join([first.text[entry.skip:]] + [r.text for r in entry.rows[1:]])
    # join_lines, with its hyphen repairs only where a line ends in a hyphen
    raw = compose_accents(join_lines(joined) if "-\n" in joined else " ".join(joined.split()))
    dense = compose_accents(dense_text(joined)) if REF_ID_HINT.search(joined) else raw
    box = _first_box(entry)
    f = parse_entry(raw, dense, params)
    return _new_reference(index, entry.label, raw, first.page, box, f.authors, f.year, f.year_suffix, f.title,
                          f.doi, f.arxiv_id, f.url, f.et_al)


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


def _dated_alike(refs: tuple[Reference, ...], params: ReferencesParams) -> tuple[Reference, ...]:
    """A list is set in one style, so it dates its entries in one place. When most entries end with their
    year ("..., 35(4):1265–1280, 2008."), an entry's last year is its date, and an earlier one belongs to a
    title or a meeting's name ("Timetabling Competition 2019. In Proceedings of PATAT-2018, pages 5–31,
    2018."); when most set the year as a sentence after the authors ("Yuan Cao. 2023. React: ..."), that
    year is the date, and one in parentheses later ("React (2022). arXiv preprint") is not."""
    # Each of the two finds one match an entry (the year at the end: there is room for one only; the year
    # sentence: the first counts).
    for find in (_year_at_end, REF_YEAR_SENTENCE_SCAN.search):
        found = [find(r.raw) for r in refs]
        dated = sum(m is not None for m in found)
        if dated >= params.dated_alike_min and dated >= params.dated_alike_share * len(refs):
            return tuple(r if m is None else _dated(r, m) for r, m in zip(refs, found))
    return refs


def _year_at_end(raw: str) -> re.Match[str] | None:
    """REF_YEAR_AT_END's match in ``raw``, tried only where it can start: its year (and letter) ends the text
    but for spaces and a full stop, and a comma or full stop and spaces stand before the year
    ("..., 2008.", ", 2018a")."""
    t = raw.rstrip()
    if t.endswith("."):
        t = t[:-1].rstrip()
    last = t[-1:]
    if last.isdecimal():
        year_start = len(t) - 4
    elif "a" <= last <= "z":
        year_start = len(t) - 5
    else:
        return None
    at = len(raw[:max(year_start, 0)].rstrip()) - 1
    return REF_YEAR_AT_END.match(raw, at) if at >= 0 else None


def _dated(ref: Reference, m: re.Match[str]) -> Reference:
    year, suffix = int(m.group("year")), m.group("suffix")
    return ref if (ref.year, ref.year_suffix) == (year, suffix) else replace(ref, year=year, year_suffix=suffix)


def _first_box(entry: Entry) -> Box:
    """Union box of the entry's lines in its first column of its first page."""
    first = entry.rows[0]
    box = first.box
    for row in entry.rows[1:]:
        if row.page != first.page or row.column != first.column:
            break
        box = union(box, row.box)
    return box
