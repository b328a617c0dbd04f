"""In-text citation markers, each linked to the reference entries it names.

Input: the document's :class:`~citelens.layout.TextMap`, its parsed reference list, and the offset
where the body starts (text before it, the title and author block, is not searched for superscripts).
Output: the document's citation style and one :class:`~citelens.model.Citation` per marker, in text
order, each with its page, text, ``ref_indexes`` (1-based :attr:`Reference.index` values) and one box
per line the marker spans.

How:
1. The style is decided once, by tally, before anything is matched: every bracketed or parenthesised
   number, every parenthesis holding a name and a year, every narrative ``Name (2019)`` and every
   raised small number votes; bracketed votes weigh ``bracket_weight``; a style wins when its votes
   exceed ``max(min_votes, total x vote_share)`` and its markers reach a fair share of the references
   and of the pages before the bibliography (otherwise the next style is tried).
2. Only that style's markers are then matched: numeric (brackets; parentheses only in documents
   whose markers are parenthesised; raised superscripts only in superscript documents), or author-year
   (parenthetical and narrative, first-author surname + year + suffix; ties link to all candidates).

Invariants: the bibliography itself is never searched; every ``ref_indexes`` value names an existing
entry (numbers outside the list reject the marker); offsets and boxes come from the TextMap.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from functools import lru_cache

from rapidfuzz import fuzz

from citelens import ids
from citelens.layout import Line, TextMap, join_lines
from citelens.model import Citation, CitationStyle, Diagnostic, DiagnosticCode, Reference, TextItem
from citelens.params import PARAMS, CitationParams
from citelens.patterns import (
    AFFILIATION_WORDS,
    ALPHA_BRACKET,
    ALPHA_KEY,
    ALPHA_LABEL_START,
    AY_BARE,
    AY_BARE_COMMA,
    AY_BARE_RUN,
    AY_CELL,
    AY_GOES_ON,
    AY_GROUP_ABBREVIATION,
    AY_HEREAFTER,
    AY_LEADING_AUTHORS,
    AY_LEADING_AUTHORS_NARRATIVE,
    AY_NAME_BEFORE_BRACKET,
    AY_NARRATIVE,
    AY_YEARS_ONLY,
    AY_YEARS_PART,
    AY_NARRATIVE_BRACKET,
    AY_NARRATIVE_LEAD,
    AY_NAME_YEARS,
    AY_OPEN_AT_LINE_END,
    AY_PAREN,
    AY_PAREN_EXTENT,
    AY_PAREN_START,
    ENUMERATION_AFTER,
    ENTRY_NO_YEAR,
    EQUATION_BEFORE,
    INDEX_BEFORE,
    MATH_SYMBOL,
    NO_YEAR,
    NAME_PARTICLES,
    NUM_AND,
    NUM_BRACKET,
    NUM_BRACKET_LOCATOR,
    NUM_BRACKET_RANGE,
    NUM_LIST_PART,
    NUM_PAREN,
    NUM_PAREN_LOCATOR,
    ENUMERATION_CONJOINED,
    ENUMERATION_ITEM,
    ENUMERATION_ITEM_ANY,
    ENUMERATION_PUNCTUATED,
    NUM_SUB_LETTERS,
    PAREN_CITATION_AFTER,
    PART_LABEL_BEFORE,
    RAISED_GROUP,
    REF_WORD_NUMBERS,
    SENTENCE_STOP,
    SUPERSCRIPT_DIGITS,
    SUPERSCRIPT_MATH_BEFORE,
    SUPERSCRIPT_OPERATOR_AFTER,
    SUPERSCRIPT_PIECE,
    SUPERSCRIPT_MARKER,
    UNICODE_SUPERSCRIPT,
    WORD_OF_THREE,
    YEAR,
    YEARS_SEPARATOR,
)
from citelens.references import ReferenceList

# Units a raised number squares, cubes or (its minus lost in extraction) inverts: "m2", "cm3", "s2", "d 1" for
# per day (not "in15,16", a citation).
EXPONENT_UNITS = frozenset({"m", "cm", "mm", "km", "nm", "μm", "µm", "s", "ms", "g", "kg", "mg", "μg", "l", "ml", "dl",
                            "h", "d", "day", "yr", "min", "mol", "x", "y"})


@dataclass(frozen=True, slots=True)
class CitationResult:
    style: CitationStyle
    citations: tuple[Citation, ...]
    spans: tuple[tuple[int, int], ...] = ()  # each citation's [start, end) in ``tm.text``, same order
    diagnostics: tuple[Diagnostic, ...] = ()


# Internal styles: numeric splits by how its markers are set.
_BRACKET, _PAREN, _SUPER, _AUTHOR_YEAR = "numeric-bracket", "numeric-paren", "superscript", "author-year"
_ALPHA = "alphabetic"
_PUBLIC = {_BRACKET: CitationStyle.NUMERIC, _PAREN: CitationStyle.NUMERIC,
           _SUPER: CitationStyle.SUPERSCRIPT, _AUTHOR_YEAR: CitationStyle.AUTHOR_YEAR,
           _ALPHA: CitationStyle.ALPHABETIC}
# Styles whose markers are resolved to entries while they are found (the others carry printed numbers).
_RESOLVED = (_AUTHOR_YEAR, _ALPHA)


@dataclass(frozen=True, slots=True)
class _Marker:
    start: int
    end: int
    numbers: tuple[int, ...]  # numeric styles: the numbers written; author-year: resolved indexes


def _start(m: _Marker) -> int:
    return m.start


# --------------------------------------------------------------------------------------- scanning


def _segments(tm: TextMap, refs: ReferenceList, body_start: int) -> list[tuple[int, int]]:
    """The spans of ``tm.text`` to search: everything but the bibliography (and the front matter); the
    prose the bibliography passed over (``refs.skipped``) is searched too."""
    end = len(tm.text)
    if refs.start is not None:
        spans = [(body_start, max(refs.start, body_start))]
        spans.extend((max(a, body_start), b) for a, b in refs.skipped)
        if refs.end is not None and refs.end < end:
            spans.append((max(refs.end, body_start), end))
        return [(a, b) for a, b in spans if b > a]
    return [(body_start, end)] if end > body_start else []


def _numbers(body: str, limit: int, p: CitationParams = PARAMS.citations) -> tuple[int, ...] | None:
    """``"3, 7, 9-11"`` → (3, 7, 9, 10, 11); None when any part is not a citation number <= limit.

    >>> _numbers("3, 7, 9–11", 20), _numbers("0, 1", 20), _numbers("10 mm", 20), _numbers("4-2", 20)
    ((3, 7, 9, 10, 11), None, None, None)
    """
    out: list[int] = []
    for part in body.replace(";", ",").split(","):
        m = NUM_LIST_PART.fullmatch(part.strip())
        if not m:
            return None
        a = int(m.group("a"))
        b = int(m.group("b")) if m.group("b") else a
        if not 1 <= a <= b <= limit or b - a > p.range_max:
            return None
        out.extend(range(a, b + 1))
    return tuple(out) if out else None


def _enumeration(text: str, start: int, end: int) -> bool:
    """A list item's number, not a citation: "[1] TSPNet: ..." opening a line, a capital after it."""
    at_line_start = start == 0 or text[start - 1] in "\n\f"
    return at_line_start and bool(ENUMERATION_AFTER.match(text, end))


def _equation_number(tm: TextMap, start: int, end: int, p: CitationParams) -> bool:
    """A right-aligned "(3)": alone on its line, or at its end far from the text before it."""
    if end < len(tm.text) and tm.text[end] not in "\n\f":
        return False
    if start == 0 or tm.text[start - 1] in "\n\f":
        return True
    items = tm.items(start, end)
    if not items:
        return False
    line = tm.lines[tm.line_index(start)]
    first = items[0][0]
    k = line.items.index(first)
    if k == 0:
        return False
    prev = line.items[k - 1]
    return first.x - (prev.x + prev.width) > p.equation_gap * first.size


def _indexed(text: str, start: int) -> bool:
    """A bracket that indexes the short variable glued before it: "t[1]", "(to[1])", "x[3]"; not a citation.

    >>> _indexed("scores t[1]", 8), _indexed("shown [1]", 6), _indexed("shown[1]", 5), _indexed("et al[1]", 5)
    (True, False, False, False)
    """
    return bool(INDEX_BEFORE.search(text[max(0, start - 6):start]))


_RELATIONS = frozenset("∈∉⊂⊆⊃⊇=≠≤≥<>×→↦∪∩")


def _operand(text: str, start: int) -> bool:
    """A bracket after a relation or an operator is an interval, a vector or a set: "τ ∈ [1, 2]",
    "x = [1, 3]". A citation follows words and punctuation.

    >>> _operand("with τ ∈ [1, 2]", 9), _operand("as shown in [1, 2]", 12)
    (True, False)
    """
    before = text[max(0, start - 3):start].rstrip()
    return bool(before) and before[-1] in _RELATIONS


def _in_formula(tm: TextMap, start: int, p: CitationParams) -> bool:
    """A bracket of mathematics, not a citation: an index (:func:`_indexed`) or an operand (:func:`_operand`).
    A bracket raised over a word of two letters is a superscript citation, "it[2]", "reported in[3]" (as the
    journals that raise their bracketed numbers set them), where one over a single letter stays an index (a
    network's layer: "W[1]")."""
    text = tm.text
    if _operand(text, start):
        return True
    if not _indexed(text, start):
        return False
    if not text[start - 2:start].isalpha():
        return True
    hit = tm.items(start, start + 1)
    return not (hit and _raised(hit[0][0], tm.lines[tm.line_index(start)], p))


def _brackets(tm: TextMap, spans: list[tuple[int, int]], limit: int, p: CitationParams) -> Iterator[_Marker]:
    text = tm.text
    for a, b in spans:
        seg = text[a:b]
        taken: list[tuple[int, int]] = []
        for m in NUM_BRACKET_RANGE.finditer(seg):  # "[3]–[6]"
            lo, hi = int(m.group("a")), int(m.group("b"))
            if 1 <= lo < hi <= limit and hi - lo <= p.range_max:
                taken.append((m.start(), m.end()))
                if not _in_formula(tm, a + m.start(), p):  # "x[3]-[4]": neither bracket is a citation
                    yield _Marker(a + m.start(), a + m.end(), tuple(range(lo, hi + 1)))
        for m in chain(NUM_BRACKET.finditer(seg), NUM_BRACKET_LOCATOR.finditer(seg)):
            if any(s <= m.start() < e for s, e in taken) or _enumeration(text, a + m.start(), a + m.end()) \
                    or _in_formula(tm, a + m.start(), p):
                continue
            body = m.group("body")
            if "and" in body or "&" in body:
                body = NUM_AND.sub(",", body)
            nums = _numbers(NUM_SUB_LETTERS.sub("", body), limit, p)
            if nums:
                yield _Marker(a + m.start(), a + m.end(), nums)


def _parens(tm: TextMap, spans: list[tuple[int, int]], limit: int,
            p: CitationParams) -> tuple[list[_Marker], dict[int, int]]:
    """Numbers in parentheses that may be citations, and the numbers display equations carry ("... = 0 (3)"
    set apart at the right), each with where it is first set. In the style tally a "(3)" of the prose that an
    equation's number matches counts as the equation's mention ("If m satisfies (26), ..."), not as a
    citation: otherwise a mathematical paper's equation numbers outvote its citations."""
    text = tm.text
    markers: list[_Marker] = []
    equations: dict[int, int] = {}
    for a, b in spans:
        seg = text[a:b]
        for m in chain(NUM_PAREN.finditer(seg), NUM_PAREN_LOCATOR.finditer(seg)):
            start, end = a + m.start(), a + m.end()
            if _equation_number(tm, start, end, p):
                body = m.group("body").strip()
                if body.isdigit():
                    equations.setdefault(int(body), start)
                continue
            if EQUATION_BEFORE.search(seg, max(0, m.start() - p.paren_before_chars), m.start()):
                continue  # "Eq. (3)", "equations (4)-(6)"
            if PART_LABEL_BEFORE.search(text[max(a, start - p.part_label_chars):start]):
                continue  # "Study (2)", "Hypothesis (1)": the paper's own numbered parts
            before = text[max(a, start - p.paren_before_chars):start]
            word = before.split()[-1] if before.split() and not before[-1:].isspace() else ""
            if word and (word[-1] in ")]" or len(word) <= 3 or not word.isalpha()):
                continue  # a function call or an index: "c(1, 2)", "ln(2)", "x2(3)"; not "consortia(56)"
            if _enumeration(text, start, end):
                continue
            if (start == 0 or text[start - 1] in "\n\f") and not PAREN_CITATION_AFTER.match(text, end):
                continue  # opening a line, a citation carries on its sentence: "(12)." or "(12) and"
            nums = _numbers(m.group("body"), limit, p)
            if nums:
                markers.append(_Marker(start, end, nums))
    markers.sort(key=_start)  # (a number with a locator, found after the others, in its place)
    return _without_enumerations(text, _without_tuples(text, markers), p), equations


# What joins two groups of numbers in parentheses into a list of them: a comma, and "and" or "or" after it.
_GROUPS_JOINED = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?")


def _without_tuples(text: str, markers: list[_Marker]) -> list[_Marker]:
    """The markers less the lists of pairs or coordinates: "(1,2), (2,3), (3,5)" (a sequence's terms, a grid's
    points). Groups listed with commas that name a number again are none of citations: a place cites each work
    once, in one group of its numbers. (Two groups set side by side may repeat one: "Get2 (11,19) (19,20)", a
    reference manager's two citations run together.)"""
    drop: set[int] = set()
    k = 0
    while k < len(markers):
        last = k
        while last + 1 < len(markers) \
                and _GROUPS_JOINED.fullmatch(text, markers[last].end, markers[last + 1].start) is not None:
            last += 1
        if any(not set(markers[j].numbers).isdisjoint(markers[j + 1].numbers) for j in range(k, last)):
            drop.update(range(k, last + 1))
        k = last + 1
    return [m for k, m in enumerate(markers) if k not in drop] if drop else markers


def _without_enumerations(text: str, markers: list[_Marker], p: CitationParams) -> list[_Marker]:
    """The markers less a sentence's enumeration: "(1) mixing, (2) heating and (3) cooling" numbers the items
    of a list run into the text, from 1 up by one, each opening words of its own. Citations rarely run so:
    in their order of first citation a sentence names consecutive works at once ("(1-3)"), and those cited
    again are not all the first ones, one by one, each followed by words.

    A list's last item stands right after "and" or "or" ("verified in terms of (1) whether the split is large
    and (2) whether models are sensitive"), or opens its clause after a comma or a semicolon ("we (1) cooled
    the sample, (2) dried it"): a citation follows the words it supports ("in mice (1) and rats (2)"), never
    a bare conjunction or comma; such a list may have two items, and its items may open with any word but a
    conjunction ("a representation that (1) is precise and (2) contains"). An item may hold citations of its
    own ("(2) giant cells (identified by their boutons (35)), and (3) projection neurons"): they stay, and the
    list goes on past them."""
    items: set[int] = set()
    for k, m in enumerate(markers):
        if m.numbers != (1,) or k in items:
            continue
        run = _items(text, markers, k, ENUMERATION_ITEM, p)
        if len(run) < p.enumeration_min:
            run = _items(text, markers, k, ENUMERATION_ITEM_ANY, p)
            if len(run) < 2:
                continue
            last = markers[run[-1]].start
            if ENUMERATION_CONJOINED.search(text, max(0, last - 6), last) is None \
                    and ENUMERATION_PUNCTUATED.search(text, max(0, last - 3), last) is None:
                continue
        items.update(run)
    return [m for k, m in enumerate(markers) if k not in items] if items else markers


def _items(text: str, markers: list[_Marker], k: int, item: re.Pattern[str], p: CitationParams) -> list[int]:
    """The markers of the list whose "(1)" is ``markers[k]``: "(2)", "(3)", ... each followed by what ``item``
    matches, each in the sentence of the one before; other markers between them are passed over."""
    if item.match(text, markers[k].end) is None:
        return []
    run = [k]
    for j in range(k + 1, len(markers)):
        n = markers[j].numbers
        if n == (1,) or not _same_sentence(text, markers[run[-1]].end, markers[j].start, p):
            break  # another list, or past this one's sentence
        if n == (len(run) + 1,) and item.match(text, markers[j].end) is not None:
            run.append(j)
    return run


def _same_sentence(text: str, a: int, b: int, p: CitationParams) -> bool:
    """Whether ``text[a:b]``, between two items of an enumeration, is short and ends no sentence (a full stop
    before a lower-case word ends an abbreviation: "(i.e. blood coagulation)")."""
    return b - a <= p.enumeration_gap and SENTENCE_STOP.search(text, a, b) is None and "\n\n" not in text[a:b]


def _raised(item: TextItem, line: Line, p: CitationParams) -> bool:
    return item.size < p.script_size * line.size and line.baseline - item.y > p.script_rise * line.size


def _script(item: TextItem, line: Line, p: CitationParams) -> bool:
    """Set smaller than its line, raised or lowered: an exponent, an index, a superscript."""
    return item.size < p.script_size * line.size and abs(line.baseline - item.y) > p.script_offset * line.size


def _touching(a: TextItem, b: TextItem, line: Line, p: CitationParams) -> bool:
    """``b`` starts where ``a`` ends (``a`` on the left): no space between them."""
    return b.x - (a.x + a.width) < p.script_gap * line.size


def _scripted(tm: TextMap, p: CitationParams) -> list[int]:
    """Indexes of the lines holding an item set smaller than ``script_size`` x the line's size beside others:
    the only lines a raised number stands on (a superscript is never a line of its own). A page sets few."""
    out: list[int] = []
    for i, line in enumerate(tm.lines):
        items = line.items
        if len(items) < 2:
            continue
        small = p.script_size * line.size
        for item in items:
            if item.size < small:
                out.append(i)
                break
    return out


def note_marks(tm: TextMap, refs: ReferenceList, params: CitationParams = PARAMS.citations,
               scripted: Sequence[int] | None = None) -> set[tuple[int, int]]:
    """(page, number) of each numbered note: a line that opens with a raised number and does not name an
    institution ("4While much of the literature ..." at a page's foot). A raised number in the text that
    matches a note of its page is the note's mark, not a citation: a paper that numbers its notes so does
    not number its citations the same way on the same page. Affiliation lists ("2Department of ...") are
    no notes: their marks stand on author lines, which :func:`_author_line` recognises by their names.
    ``scripted``: :func:`_scripted` of ``tm`` when already known."""
    out: set[tuple[int, int]] = set()
    lo = refs.start if refs.start is not None else len(tm.text)
    hi = refs.end if refs.end is not None else len(tm.text)
    for i in _scripted(tm, params) if scripted is None else scripted:
        line = tm.lines[i]
        items = line.items
        if lo <= tm.starts[i] < hi:
            continue
        first = items[0].text.strip()
        if not (first.isdigit() and len(first) <= params.note_max_digits and _raised(items[0], line, params)):
            continue
        if AFFILIATION_WORDS.search(line.text):
            continue
        out.add((line.page, int(first)))
    return out


@dataclass(frozen=True, slots=True)
class _Raised:
    start: int
    end: int
    numbers: tuple[int, ...]
    name_before: bool  # follows a capitalised word, as an author's mark follows a name
    list_after: bool  # followed by ",", "&", "and" or the line's end, as the marks of an author list are


def _superscripts(tm: TextMap, spans: list[tuple[int, int]], limit: int, notes: set[tuple[int, int]],
                  p: CitationParams, scripted: Sequence[int] | None = None) -> list[_Marker]:
    found = list(_raised_numbers(tm, spans, limit, p, scripted))
    # A note is called once, from its own page; a cited entry is often cited again.
    times = Counter(n for m in found for n in m.numbers)
    return [m for m in found if not (len(m.numbers) == 1 and times[m.numbers[0]] == 1
                                     and (tm.page_at(m.start), m.numbers[0]) in notes)]


def _group_power(text: str, start: int, p: CitationParams) -> bool:
    """Whether the raised number at ``start`` is glued to a closing bracket whose group is mathematics: an
    operator or a Greek letter and no word (three letters in a row), or one letter: "(2π)3", "f(σ)2",
    "(Xj − X¯)2", "p(w)2" raise a bracketed expression to a power. A citation after a parenthesis follows words
    ("(summarized in Table 1)12") or a name ("(AY189223)31", "(W1)22")."""
    if start == 0 or text[start - 1] not in ")]":
        return False
    depth = 0
    for i in range(start - 1, max(-1, start - 1 - p.script_before_chars * 2), -1):
        c = text[i]
        if c in ")]":
            depth += 1
        elif c in "([":
            depth -= 1
            if depth == 0:
                inner = text[i + 1:start - 1].strip()
                return (len(inner) == 1 and inner.isalpha()) \
                    or (MATH_SYMBOL.search(inner) is not None and WORD_OF_THREE.search(inner) is None)
    return False  # (its opening bracket out of reach: a long group, words likely)


def _raised_numbers(tm: TextMap, spans: list[tuple[int, int]], limit: int,
                    p: CitationParams, scripted: Sequence[int] | None = None) -> Iterator[_Marker]:
    """Raised, smaller numbers: ``policy.8``, ``analyses.9,10``, ``Miller25``, ``¹⁻⁴``.

    A citation superscript stands on its own after a word, a closing parenthesis or punctuation. Rejected,
    each for what it is instead: a number opening a line (an affiliation or a note's own label); one part of
    a run of script text holding letters or operators, or sitting on an index ("pt1−γ", "ψ0−1": exponents);
    one after an operator, a minus, a Greek letter, a digit, a capital symbol or a unit ("ns−1", "σ2", "R2",
    "cm2", "p53 2"), glued to a letter of its own ("c2", "A(p2)", "E(X2)") or to a bracketed expression
    (:func:`_group_power`), or before an operator ("R2 = 0.93"); one glued to the capital that follows it (an
    isotope "15N", an affiliation "2Department"); every mark of an author line (:func:`_author_line`); and,
    in :func:`_superscripts`, a note's mark (:func:`note_marks`) that is raised nowhere else.
    ``scripted``: :func:`_scripted` of ``tm`` when already known.
    """
    text = tm.text
    authors = False  # the line before was an author line (lines that hold no script text leave it be)
    for i in _scripted(tm, p) if scripted is None else scripted:
        line = tm.lines[i]
        items = line.items
        s0 = tm.starts[i]
        if not any(a <= s0 < b or a < s0 + len(line.text) <= b for a, b in spans):
            continue
        found: list[_Raised] = []
        small, rise, baseline = p.script_size * line.size, p.script_rise * line.size, line.baseline
        k = 0  # where the next raised number may start: past the one before
        # (_raised, inline: most items of the line are not)
        for at in [n for n, item in enumerate(items) if item.size < small and baseline - item.y > rise]:
            if at < k or not SUPERSCRIPT_MARKER.fullmatch(items[at].text.strip()):
                continue
            k = at
            j = k + 1
            while j < len(items) and _raised(items[j], line, p) and SUPERSCRIPT_PIECE.fullmatch(items[j].text.strip()):
                j += 1
            start = s0 + line.offsets[k]
            end = s0 + line.offsets[j - 1] + len(items[j - 1].text.rstrip())
            prev = items[k - 1] if k > 0 else None
            after = items[j] if j < len(items) else None
            first, last = k, j - 1
            k = j
            if first == 0 or not any(a <= start < b for a, b in spans):
                continue  # a raised number opening a line marks an affiliation or a note: "¹Shanghai No.9"
            if prev is not None and _touching(prev, items[first], line, p) and _script(prev, line, p):
                continue  # on an index or after more script text: "pt1−γ" (t below, 1−γ above), "ψ0−1"
            if after is not None and _touching(items[last], after, line, p) and _script(after, line, p):
                continue  # the start of a longer exponent: "1−γ", "2n", "−1/2"
            bare = _word_before(text, start, end, p)
            if bare is None:
                continue  # an exponent, an isotope's or an affiliation's number
            raw = text[start:end].translate(SUPERSCRIPT_DIGITS).replace("−", "-")
            raw = _spaced_list(raw.strip(" ,)"))
            nums = _numbers(raw, limit, p)
            if not nums:
                continue
            found.append(_raised_mark(text, start, end, nums, bare))
        if _author_line(found, p, authors) and not _prose(line.text, p):
            authors = True
            continue
        authors = False
        for r in found:
            yield _Marker(r.start, r.end, r.numbers)
    # Unicode superscript digits set in the body font: "shown¹⁻⁴", "worldwide.¹", by the same rules ("m²", "R²",
    # "x²", "σ²" are powers; an author line's marks, "Jungwon Hwang¹, Sunghoon Kim²", are no citations).
    for a, b in spans:
        by_line: dict[int, list[_Raised]] = {}
        for m in UNICODE_SUPERSCRIPT.finditer(text, a, b):
            bare = _word_before(text, m.start(), m.end(), p)
            if bare is None:
                continue
            nums = _numbers(m.group().translate(SUPERSCRIPT_DIGITS).replace("−", "-"), limit, p)
            if nums:
                by_line.setdefault(tm.line_index(m.start()), []).append(
                    _raised_mark(text, m.start(), m.end(), nums, bare))
        for i, found in by_line.items():
            if not (_author_line(found, p) and not _prose(tm.lines[i].text, p)):
                for r in found:
                    yield _Marker(r.start, r.end, r.numbers)


def _raised_mark(text: str, start: int, end: int, numbers: tuple[int, ...], bare: str) -> _Raised:
    """A raised number after the word ``bare`` (:func:`_word_before`), with what tells an author's marks: a
    name before it, a list's comma or "and" (or another mark) after it."""
    after_text = text[end:end + 6].lstrip()
    plain = bare.rstrip(",").replace("-", "").replace("'", "").replace("’", "")
    name_before = len(bare) >= 2 and bare[0].isupper() and plain.isalpha() \
        and (len(plain) > 2 or _forename_before(text, start))
    # (an author's other marks: "∗" corresponding, "†" equal contribution)
    list_after = after_text[:1] in (",", "&", "", "*", "∗", "†", "‡", "§", "¶") or after_text.startswith("and ")
    return _Raised(start, end, numbers, name_before, list_after)


def _forename_before(text: str, start: int) -> bool:
    """Whether the word before the one a raised number at ``text[start:]`` follows is a forename, an initial or a
    particle: an author is named by forename or initials and surname ("Wei Li", "J. Xu"), while a two-letter
    capitalised word standing alone between commas is a symbol, an element's or an abbreviation's ("Cu¹¹¹,¹¹²,
    Rh¹¹³, and Pd¹¹⁴")."""
    words = text[max(0, start - 40):start].split()
    word = words[-2] if len(words) > 1 else ""
    return word[:1].isupper() and word[-1:] not in ",;" or word in NAME_PARTICLES


def _word_before(text: str, start: int, end: int, p: CitationParams) -> str | None:
    """The word a raised number at ``text[start:end]`` follows, stripped of its opening brackets and quotes; None
    where the number is no citation's but an exponent's, an isotope's or an affiliation's, for what stands
    around it (the rules of :func:`_raised_numbers`)."""
    if SUPERSCRIPT_OPERATOR_AFTER.match(text, end):
        return None  # "(R2 = 0.93)", "x2 + y2"
    nxt = text[end:end + 1]
    if nxt.isalpha() and nxt.isupper():
        return None  # glued to a capital: an isotope "15N", an affiliation "2Department", "3Institute"
    window = text[max(0, start - p.script_before_chars):start].rstrip()
    if SUPERSCRIPT_MATH_BEFORE.search(window):
        return None  # "ns−1", "B−1", "10−3", "σ2", "λ2": an exponent
    word = window.split()[-1] if window else ""
    bare = word.lstrip("([{‘“'\"")
    # "R2", "N2", "10 16", "cm2", "(mm3)", "(OH)2", "p53 2": exponents and chemistry follow a number, a
    # capital symbol or a unit; citations follow words, short ones too, punctuation ("in15,16",
    # "policy.8") and names that end in a digit ("AgamOBP1 21", "AaegOBP39 32,33"). A power, a charge or a
    # count of atoms is one number: a raised list or range after a short name ending in a digit, a two-letter
    # capitalised word (an abbreviation, an element: "in AD1,2", "such as Ni109,110") or a bracketed
    # abbreviation ("(FX)8-12") is a group of citations ("IL-15 36,37", "CD4 5-7"; a gene's, a protein's, a
    # cell line's name). A single capital stays a symbol whatever follows: "W1,2", "C1,1" are spaces.
    if bare[-1:].isdigit() and sum(c.isalpha() for c in bare) < 3:
        if not (bare[:1].isalpha() and _raised_group(text, start, end)):
            return None
    elif bare.isalpha() and len(bare) <= 2:
        if bare.islower() and bare in EXPONENT_UNITS or not bare.islower() and not (
                len(bare) == 2 and bare[0].isupper()
                and (_raised_group(text, start, end) or bare[1].islower() and _forename_before(text, start))):
            return None
    elif bare.lower() in EXPONENT_UNITS or (bare[:1].isupper() and bare[:-1].isalpha() and bare[-1:] == ")"
                                            and len(bare) <= 3 and not _raised_group(text, start, end)):
        return None
    if bare and not bare.strip("*∗"):
        return None  # after asterisks, a figure's or a table's significance marks ("** * *** 20 *"), or a note's
    if _group_power(text, start, p):
        return None  # "(2π)3", "f(σ)2": the power of a bracketed expression
    if start >= 1 and text[start - 1].isalpha() and (start == 1 or not (
            text[start - 2].isalpha() or text[start - 2] in "'’"
            or (text[start - 2].isdigit() and text[start - 1].isupper()))):
        # Glued to a letter of its own, a variable: "c2", "A(p2)", "−q2", "2c2", "E(X2)"; not a word's
        # last letter ("Parkinson’s1,41") nor an identifier's ("PDB ID: 2H5Q21").
        return None
    den = bare.rpartition("/")[2]
    if den != bare and (den.lower() in EXPONENT_UNITS or (len(den) == 1 and den.isalpha())):
        return None  # a denominator's power: "kg/m2", "1/r2", "W/m2" (not "and/or2")
    return bare


def _raised_group(text: str, start: int, end: int) -> bool:
    """Whether the raised ``text[start:end]`` is a list or a range of numbers ("1,2", "8-12"), not one number."""
    return RAISED_GROUP.search(text[start:end].translate(SUPERSCRIPT_DIGITS)) is not None


def _spaced_list(raw: str) -> str:
    """Raised numbers that only spaces part, rising ("active1 2", "trial28 31 32": BMJ's style), as a list:
    "1,2". Anything else as it is.

    >>> _spaced_list("1 2"), _spaced_list("28 31 32"), _spaced_list("2 1"), _spaced_list("3–5")
    ('1,2', '28,31,32', '2 1', '3–5')
    """
    parts = raw.split()
    if len(parts) < 2 or not all(x.isdigit() for x in parts):
        return raw
    numbers = [int(x) for x in parts]
    return ",".join(parts) if all(a < b for a, b in zip(numbers, numbers[1:])) else raw


def _author_line(found: list[_Raised], p: CitationParams, continued: bool = False) -> bool:
    """An author line: two or more of its raised numbers follow capitalised words (names) and are followed
    by a comma, "&", "and" or the line's end ("Joonsu Han1, Rimsha Bhatta1, Yu Liu1,4 & Hua Wang1,5"); or,
    right after such a line, one that goes on with names ("Alberto Elosegui-Artola2,3 & Hua Wang1,4").
    Citations follow the words they support, mostly lower-case, and run on into the sentence."""
    names = sum(1 for r in found if r.name_before and r.list_after)
    if continued:
        return names >= 1 and sum(1 for r in found if r.name_before) == len(found)
    return names >= 2 and names >= p.author_line_share * len(found)


#: The words in lower case an author line holds: the conjunction before its last name and surnames' particles.
_AUTHOR_LINE_WORDS = frozenset({"and", "et", "al.", *NAME_PARTICLES})


def _prose(text: str, p: CitationParams) -> bool:
    """Whether a line runs prose: ``author_line_prose`` words or more in lower case besides those an author line
    holds (:data:`_AUTHOR_LINE_WORDS`). An author line is names and their marks; a sentence naming authors
    goes on in its own words ("average based on Großkopf and Laroche56 and Dron et al.57). Since ...")."""
    return sum(1 for w in text.split() if w[:1].islower() and w.rstrip(",;") not in _AUTHOR_LINE_WORDS) \
        >= p.author_line_prose


def alpha_keys(references: Iterable[Reference]) -> dict[str, int]:
    """Alphabetic label → entry index: from the entry's label ("[Knu84]") or, where the list kept it in the
    text, from the text's start ("[AAB+15] M. Abadi, ...")."""
    out: dict[str, int] = {}
    for ref in references:
        label = (ref.label or "").strip().strip("[]").strip()
        if not ALPHA_KEY.fullmatch(label):
            m = ALPHA_LABEL_START.match(ref.raw.lstrip())
            label = m.group("key") if m else ""
        if label:
            out.setdefault(label, ref.index)
    return out


def _alphabetic(text: str, spans: list[tuple[int, int]], keys: dict[str, int]) -> Iterator[_Marker]:
    """"[Knu84]", "[GJ79, BCD+05]", "[AL11, S. 364]": every label must name an entry of the list (a label
    is made from the authors and the year, so one that names none is some other bracket)."""
    if not keys:
        return
    for a, b in spans:
        for m in ALPHA_BRACKET.finditer(text, a, b):
            labels = [k.strip() for k in re.split(r"[,;]", m.group("body"))]
            if all(k in keys for k in labels):
                yield _Marker(m.start(), m.end(), tuple(dict.fromkeys(keys[k] for k in labels)))


def _ref_words(text: str, spans: list[tuple[int, int]], limit: int, p: CitationParams) -> Iterator[_Marker]:
    """"ref. 41", "refs 29 and 30": entries named by number in the sentence, searched once the document is
    known to number its citations (not counted in the style tally). The marker is the numbers."""
    for a, b in spans:
        for m in REF_WORD_NUMBERS.finditer(text, a, b):
            nums = _numbers(m.group("body").replace("and", ","), limit, p)
            if nums:
                yield _Marker(m.start("body"), m.end("body"), nums)


# ------------------------------------------------------------------------------------- author-year


# Surname key: accents, spacing diacritics and case dropped ("F¨arber" → "farber", "Müller" → "muller").
_fold = lru_cache(maxsize=4096)(ids.letters)


class _AuthorIndex:
    """Entries by year (+ suffix), matched on the first author's folded surname."""

    def __init__(self, references: Iterable[Reference]) -> None:
        self._by_year: dict[int, list[Reference]] = defaultdict(list)
        self.first_author: dict[int, str] = {}  # each entry's, by its index
        self._suffix: dict[int, str | None] = {}  # an undated entry's letter: "n.d.-a"
        # A group author's abbreviation (folded) -> its name (folded), as a citation defines it: "[WHO]"
        self.abbreviations: dict[str, str] = {}
        for ref in references:
            if ref.authors:
                self.first_author[ref.index] = ref.authors[0]
            if ref.year is not None:
                self._by_year[ref.year].append(ref)
            elif (undated := ENTRY_NO_YEAR.search(ref.raw, 0, 160)) is not None:
                # APA's "Smith, J. (n.d.). Title." and "(in press)": the year's words, where the year would be
                key, suffix = _undated(undated.group(0).strip("()"))
                self._by_year[key].append(ref)
                self._suffix[ref.index] = suffix

    def match(self, surname: str, year: int, suffix: str | None, phrase: str = "", second: str = "",
              etal: bool = False) -> tuple[int, ...]:
        """Entries of ``year`` (+ ``suffix``) by ``surname``; else whose entry opens with ``phrase``
        ("World Health Organization", an author that is not a person). Of several, those the rest of the
        citation fits: ``second`` author ("Range and Huber"), ``etal`` or a single author (:func:`_narrow`)."""
        key = _fold(surname)
        if len(key) < 2:
            return ()
        pool = self._by_year.get(year, [])
        if suffix:
            letter = self._suffix.get if year in (NO_DATE, IN_PRESS) else None
            with_suffix = [r for r in pool if (letter(r.index) if letter else r.year_suffix) == suffix]
            pool = with_suffix or [r for r in pool if not (letter(r.index) if letter else r.year_suffix)]
        found = [r for r in pool if _same_author(key, r)]
        if len(found) > 1:
            # A citation spells its entry's surname: where one of the year's entries has it, names alike only
            # in most letters ("Jiang" for "Jian") are other people.
            found = [r for r in found if r.authors and _named(key, r.authors[0])] or found
        hits = [r.index for r in (_narrow(found, second, etal) if len(found) > 1 else found)]
        if not hits and phrase:
            long_key = _fold(phrase)
            hits = [r.index for r in pool if len(long_key) >= 6 and _opens_with(r.raw, len(phrase) + 12, long_key)]
        if not hits and (group := self.abbreviations.get(key)) is not None:
            # "(WHO, 2020)" after "(World Health Organization [WHO], 2019)": the group's entries of the year
            hits = [r.index for r in pool if _opens_with(r.raw, len(group) + 24, group)]
        return tuple(hits)


def _named(key: str, name: str) -> bool:
    """``key`` (a cited surname, folded) is the surname ``name``, or its last word ("Berg" of "van der Berg",
    "Baggethun" of "Gómez-Baggethun"): not a tail of its letters ("Lu" is no part of "Asmatulu"). Chinese and
    Japanese set no space between words, so there one ends the other: "以及张三" reads the name "张三"."""
    folded = _fold(name)
    if folded == key:
        return True
    if not key.isascii():
        return bool(folded) and (folded.endswith(key) or key.endswith(folded))
    last = name.replace("-", " ").split()
    return len(last) > 1 and _fold(last[-1]) == key


def _same_name(key: str, name: str, p: CitationParams = PARAMS.citations) -> bool:
    """``key`` (folded) names the author ``name``: :func:`_named`, or nearly the same letters."""
    if _named(key, name):
        return True
    folded = _fold(name)
    return bool(folded) and len(key) >= p.name_min_letters and _alike(folded, key, p.name_ratio)


@lru_cache(maxsize=16384)
def _alike(a: str, b: str, ratio: float) -> bool:
    """``fuzz.ratio(a, b) >= ratio``, compared letter by letter only where it can hold: the ratio is
    ``200 * common / (len(a) + len(b))`` and the common subsequence no longer than the shorter string, so
    names of lengths far apart are told apart by their lengths. Each pair once: a paper cites its authors
    over and over. (In the browser rapidfuzz is its pure-Python build, ~30 µs a comparison: a tenth of an
    author-year paper's analysis before this.)

    >>> _alike("muller", "mueller", 88.0), _alike("smith", "smithsonian", 88.0), _alike("lee", "leo", 88.0)
    (True, False, False)
    """
    if 200 * min(len(a), len(b)) < ratio * (len(a) + len(b)):
        return False
    return fuzz.ratio(a, b) >= ratio


def _narrow(found: list[Reference], second: str, etal: bool) -> list[Reference]:
    """Of one first author's entries of one year, those the citation's form fits: "Range and Huber, 2007"
    the two-author entry with Huber second, "Range et al., 2007" one of three or more authors, "Robinson
    2014" a single author's (frontiers-psychol-2015, springer-behavecolsociobiol-2015 hold both kinds).
    All of them when none fits: an author list may be cut short."""
    if second:
        key = _fold(second.split()[-1])
        fit = [r for r in found if len(r.authors) >= 2 and _same_name(key, r.authors[1])]
        fit = [r for r in fit if len(r.authors) == 2] or fit
    elif etal:
        fit = [r for r in found if len(r.authors) >= 3 or r.et_al] or [r for r in found if len(r.authors) == 2]
    else:
        fit = [r for r in found if len(r.authors) == 1 and not r.et_al]
    return fit or found


def _same_author(key: str, ref: Reference) -> bool:
    if ref.authors and _same_name(key, ref.authors[0]):
        return True
    # An organisation or an unparsed author list: the name opens the entry. Not a name shorter than the Latin
    # letters of the first author read there, which it only opens: "Li" opens "Liu, C.", a surname of its own
    # (Chinese, Japanese and Korean write a full name without a space, "山田太郎": its surname opens it).
    if ref.authors and len(key) <= len(first := _fold(ref.authors[0])) and first.isascii():
        return False
    return _opens_with(ref.raw, len(key) + 12, key)


_HEAD_CHARS = 64


@lru_cache(maxsize=4096)
def _head(raw: str) -> str:
    return _fold(raw[:_HEAD_CHARS])


def _opens_with(raw: str, n: int, key: str) -> bool:
    """``_fold(raw[:n]).startswith(key)``, ruled out in most cases by the letters of the entry's first
    ``_HEAD_CHARS`` characters, folded once an entry: folding goes character by character, so the letters
    of a shorter prefix open those of a longer one, and an entry whose head does not open with ``key``
    cannot. (Each ``n`` made a new string to fold, for every entry of the year: a tenth of an author-year
    paper's analysis in the browser's Python.)

    >>> _opens_with("World Health Organization (2019). Report", 17, "worldhealth"), _opens_with("Smith, J.", 17, "who")
    (True, False)
    """
    if n <= _HEAD_CHARS and not _head(raw).startswith(key):
        return False
    return _fold(raw[:n]).startswith(key)


def _narratives(text: str, a: int, b: int, backwards: str) -> Iterator[re.Match[str]]:
    """The matches of ``AY_NARRATIVE.finditer(text, a, b)``, tried only where one can be (``backwards`` is
    ``text[::-1]``). A narrative citation's names hold only AY_NARRATIVE_LEAD characters, so its opening bracket
    is the first other character after its start: an AY_NARRATIVE_BRACKET, and the citation starts in the run of
    lead characters before it. It ends at the first closing bracket after that (its years and locator hold
    none), so searching from the run's start to there finds it, and nothing before the run can match."""
    n = len(text)
    pos = a
    while True:
        bracket = AY_NARRATIVE_BRACKET.search(text, pos, b)
        if bracket is None:
            return
        q = bracket.start()
        lead = AY_NARRATIVE_LEAD.match(backwards, n - q, n - pos)
        ends = [e for e in (text.find(")", q + 1, b), text.find("]", q + 1, b)) if e >= 0]
        if ends and lead is not None:
            m = AY_NARRATIVE.search(text, q - (lead.end() - lead.start()), min(ends) + 1)
            if m is not None and m.start() <= q:
                yield m
                pos = m.end()
                continue
        pos = q + 1


def _author_year(text: str, spans: list[tuple[int, int]], index: _AuthorIndex,
                 p: CitationParams) -> Iterator[_Marker]:
    backwards = text[::-1]
    for a, b in spans:
        taken: list[tuple[int, int]] = []  # the parenthetical markers' spans, in order, apart
        taken_starts: list[int] = []
        for m in _paren_matches(text, a, b):  # "(Smith et al., 2019a; Lee 2020, p. 4)"
            body = m.group("body") if m.group("body") is not None else m.group("sbody")
            parts = body.split(";")
            hits = _part_hits(parts, index, p)
            start = m.start()
            if len(parts) > 1 and AY_YEARS_ONLY.fullmatch(parts[0]):
                # A narrative citation sharing its bracket with others: "Brown et al. (2002; see also Miller
                # et al., 2003)". Its name stands before the bracket, its years open the bracket's first part.
                named = _named_before(text, max(a, start - p.ay_lead_chars), start, parts[0], index)
                if named is not None:
                    start, first_hits = named
                    hits = first_hits + hits
            if hits:
                taken.append((m.start(), m.end()))
                taken_starts.append(m.start())
                # Prose after the last year is no part of the marker: "(...; see also Petit et al., 1992
                # on similar results in Tonkean (Macaca tonkeana) and ...)" ends at "1992".
                last = m.end() - 1 - len(body) + max(y.end() for rx in (YEAR, NO_YEAR) for y in rx.finditer(body))
                end = m.end() if len(text[last:m.end() - 1].strip()) <= p.ay_tail_chars else last
                yield _Marker(start, end, tuple(dict.fromkeys(hits)))
        for m in _narratives(text, a, b, backwards):  # "Smith et al. (2019)", "Johnson [2002]"
            if _overlaps(taken, taken_starts, m.start(), m.end()):
                continue
            # "A, B, C, and D (2002)": D alone matched; "A, B, C and D (2002)": "C and D" matched
            leading = AY_LEADING_AUTHORS if m.group("second") else AY_LEADING_AUTHORS_NARRATIVE
            lead = leading.search(text, max(a, m.start() - p.ay_lead_chars), m.start())
            hits = list(_resolve(m, index, first=lead.group("first"))) if lead else []
            if not hits:
                lead, hits = None, list(_resolve(m, index))
            if hits:
                start = lead.start() if lead else m.start()
                if lead is None and m.group("name")[:1] >= "\u3400":
                    start += _name_in_run(m.group("name"), index.first_author.get(hits[0], ""))
                yield _Marker(start, m.end(), tuple(dict.fromkeys(hits)))


def _name_in_run(run: str, author: str) -> int:
    """Where ``author`` (an entry's first author, "张三", "山田太郎") stands in ``run``, the ideographs a Chinese or
    Japanese narrative citation's name was read from: no space parts a name from the words before it ("以及张三"),
    and a Japanese text cites the surname of a list's full name ("山田" of "山田太郎"). 0 where not found."""
    for key in (author, author[:2]):
        k = run.rfind(key) if len(key) >= 2 else -1
        if k > 0:
            return k
    return 0


def _named_before(text: str, lo: int, bracket: int, years: str, index: _AuthorIndex) -> tuple[int, list[int]] | None:
    """Where the name that ends just before ``text[bracket]`` starts, and the entries it and ``years`` name,
    read as the narrative citation "Name (years)"; None when no name stands there or it names no entry."""
    head = AY_NAME_BEFORE_BRACKET.search(text, lo, bracket)
    if head is None:
        return None
    m = AY_NARRATIVE.fullmatch(f"{head.group()}({years.strip()})")
    hits = list(_resolve(m, index)) if m is not None else []
    return (head.start(), hits) if hits else None


def _part_hits(parts: Iterable[str], index: _AuthorIndex, p: CitationParams) -> list[int]:
    """The entries the parts of a parenthetical citation's body name (``body.split(";")``), in order."""
    hits: list[int] = []
    names = ""  # the last part's names, as its years follow them: "Smith et al.,"
    for part in parts:
        named = False
        if (abbr := AY_GROUP_ABBREVIATION.search(part)) is not None:
            # A group author named with its abbreviation: the name cites, the abbreviation stands for it after.
            # The name opens with its first capital ("e.g., World Health Organization [WHO], 2020").
            name = part[:abbr.start()].strip(" ,")
            name = name[next((k for k, c in enumerate(name) if c.isupper()), 0):]
            part = name + part[abbr.end():]
            if len(group := _fold(name)) >= 6:
                index.abbreviations.setdefault(_fold(abbr.group("abbr")), group)
        for nm in AY_NAME_YEARS.finditer(part):
            phrase = part[: nm.start("years")].strip(" ,")
            lead = AY_LEADING_AUTHORS.search(part, max(0, nm.start() - p.ay_lead_chars), nm.start())
            found = list(_resolve(nm, index, phrase, lead.group("first"))) if lead else []
            hits.extend(found or _resolve(nm, index, phrase))
            names, named = part[nm.start(): nm.start("years")], True
        if not named and names and (years := AY_YEARS_PART.match(part)) is not None:
            # Years alone after a part that names authors: the same authors' ("...; 2019b, p. 4").
            again = AY_NAME_YEARS.fullmatch(names + years.group("years"))
            if again is not None:
                hits.extend(_resolve(again, index, names.strip(" ,")))
        elif not named:
            names = ""
    return hits


def _broken(tm: TextMap, spans: list[tuple[int, int]], index: _AuthorIndex,
            p: CitationParams) -> Iterator[_Marker]:
    """Parenthetical citations broken at a column's or a page's end: "(Afgan et" at a page's foot, "al.,
    2016)" at the next one's head. What stands between the halves (running feet and heads, footnotes, a
    figure's words) keeps AY_PAREN from reading them as one.

    A column ends where the next line is on another page or set in another size (a footnote, a running
    foot). Its sentence goes on at the first line of its size that opens a column (the line before it is on
    another page, set in another size, or stands lower on the page) and carries on the name list
    (:data:`~citelens.patterns.AY_GOES_ON`), within ``broken_lines`` lines. Joined, the halves must be one
    parenthetical citation naming an entry; each half is then a marker of the entries its parts name, as a PDF
    links each half."""
    text, lines, starts = tm.text, tm.lines, tm.starts
    same = p.broken_same_size
    for a, b in spans:
        for opened in AY_OPEN_AT_LINE_END.finditer(text, a, b):  # (found in C: a few lines of a paper)
            i = tm.line_index(opened.start())
            if i + 1 >= len(lines):
                continue
            line, nxt = lines[i], lines[i + 1]
            if nxt.page == line.page and abs(nxt.size - line.size) <= same:
                continue  # going on in the next line: AY_PAREN reads it whole
            t = line.text.rstrip()
            k = opened.start() - starts[i]
            closer = ")" if t[k] == "(" else "]"
            for j in range(i + 1, min(len(lines), i + 1 + p.broken_lines)):
                goes, before = lines[j], lines[j - 1]
                if abs(goes.size - line.size) > same or before.page == goes.page \
                        and abs(before.size - goes.size) <= same and before.box[1] <= goes.box[1]:
                    continue  # another size, or no column's first line
                if AY_GOES_ON.match(goes.text):
                    break
            else:
                continue
            c = goes.text.find(closer)
            if c < 0 or not a <= starts[j] < b:
                continue
            first, second = t[k + 1:], goes.text[:c]
            if AY_PAREN.fullmatch(f"{t[k]}{first} {second}{closer}") is None:
                continue
            parts = f"{first} {second}".split(";")
            cut = first.count(";")  # the part broken in two
            before_hits, after_hits = _part_hits(parts[:cut + 1], index, p), _part_hits(parts[cut:], index, p)
            if before_hits and after_hits:
                yield _Marker(starts[i] + k, starts[i] + len(t), tuple(dict.fromkeys(before_hits)))
                yield _Marker(starts[j], starts[j] + c + 1, tuple(dict.fromkeys(after_hits)))


def _overlaps(spans: list[tuple[int, int]], starts: list[int], start: int, end: int) -> bool:
    """Whether ``start`` or ``end`` falls in one of ``spans``, which come in order and apart (``starts``: their
    starts): ``s <= start < e`` or ``s < end <= e``. Only the last span to start at or before ``start``, and
    the last to start before ``end``, can hold it.

    >>> spans = [(2, 5), (8, 12)]
    >>> [_overlaps(spans, [2, 8], a, b) for a, b in [(0, 2), (0, 3), (4, 7), (5, 8), (6, 9), (12, 20)]]
    [False, True, True, False, True, False]
    """
    k = bisect_right(starts, start) - 1
    if k >= 0 and start < spans[k][1]:
        return True
    k = bisect_left(starts, end) - 1
    return k >= 0 and end <= spans[k][1]


def _paren_matches(text: str, a: int, b: int) -> Iterator[re.Match[str]]:
    """The matches of ``AY_PAREN.finditer(text, a, b)``, tried only at an AY_PAREN_START. Most brackets of a
    paper hold no year, and AY_PAREN fails at each of them only after trying its names at every character
    up to 400 on (a millisecond a paper, a third of the author-year tally); AY_PAREN_START rejects them at
    the first bracket after."""
    pos = a
    while True:
        start = AY_PAREN_START.search(text, pos, b)
        if start is None:
            return
        extent = AY_PAREN_EXTENT.match(text, start.start(), b)
        m = AY_PAREN.match(text, start.start(), extent.end()) if extent is not None else None
        if m is not None:
            yield m
            pos = m.end()
        else:
            pos = start.start() + 1


def _bare(text: str, spans: list[tuple[int, int]], index: _AuthorIndex) -> Iterator[_Marker]:
    """Citations without brackets ("Frazier et al., 2014"): searched only once the document is known to
    cite by author and year, and not counted in the style tally."""
    backwards = text[::-1]
    for a, b in spans:
        for m in chain(_bare_matches(text, a, b, backwards), AY_CELL.finditer(text, a, b)):
            hits = list(_resolve(m, index))
            if hits:
                yield _Marker(m.start(), m.end(), tuple(dict.fromkeys(hits)))


def _aliases(text: str, spans: list[tuple[int, int]], markers: list[_Marker], p: CitationParams) -> Iterator[_Marker]:
    """Later mentions of an alias a citation gives its one entry ("(Bouma et al. 2019, hereafter B19)", then
    "the rate reported by B19"): each cites that entry. The alias is defined in or just after the citation
    (within ``alias_reach`` characters) and is a whole word where it recurs."""
    for m in markers:
        if len(m.numbers) != 1:
            continue
        h = AY_HEREAFTER.search(text, m.start, min(m.end + p.alias_reach, len(text)))
        if h is None:
            continue
        alias = h.group("alias")
        for a, b in spans:
            k = text.find(alias, max(a, h.end()), b)
            while k >= 0:
                end = k + len(alias)
                if (k == 0 or not (text[k - 1].isalnum() or text[k - 1] == "-")) \
                        and (end == len(text) or not (text[end].isalnum() or text[end] == "-")):
                    yield _Marker(k, end, m.numbers)
                k = text.find(alias, end, b)


def _bare_matches(text: str, a: int, b: int, backwards: str) -> Iterator[re.Match[str]]:
    """The matches of ``AY_BARE.finditer(text, a, b)``, tried only around the commas before a year
    (``backwards`` is ``text[::-1]``). Such a citation holds only AY_BARE_RUN characters and one AY_BARE_COMMA,
    so it lies in the run of those characters around the first comma after where the search stands: a search
    over that run (and the character after it, for the closing word boundary) finds it, and nothing before
    the run can match."""
    n = len(text)
    pos = a
    while True:
        comma = AY_BARE_COMMA.search(text, pos, b)
        if comma is None:
            return
        q = comma.start()
        back = AY_BARE_RUN.match(backwards, n - q, n - pos)
        ahead = AY_BARE_RUN.match(text, q, b)
        assert back is not None and ahead is not None  # a run of none matches too
        m = AY_BARE.search(text, q - (back.end() - back.start()), min(ahead.end() + 1, b))
        if m is not None:
            yield m
            pos = m.end()
        else:
            pos = ahead.end()


def _resolve(m: re.Match[str], index: _AuthorIndex, phrase: str = "", first: str | None = None) -> Iterator[int]:
    """The entries an AY_NAME_YEARS or AY_NARRATIVE match names, one year after another. ``first``: the
    first of the authors listed before the match ("MacLeod, Rutherford, Campbell, Ebsworthy, & Holker"):
    an entry is named by its first author, and a list of three or more names fits entries of as many."""
    name = _one_word(first if first else m.group("name"))
    surname = _unpossessed(name.split()[-1] if name.split() else name)
    second = "" if first else _unpossessed(_one_word(m.group("second") or ""))
    etal = bool(first) or bool(m.group("etal"))
    for year, suffix in _years(m.group("years")):
        yield from index.match(surname, year, suffix, phrase, second, etal)


def _one_word(name: str) -> str:
    """A name hyphenated at a line's end as one word: "Subrama-\nnian" -> "Subramanian"."""
    return name.replace("-\n", "").replace("-\f", "") if "-\n" in name or "-\f" in name else name


# The keys an undated work is indexed by in place of its year: APA's "n.d." and "in press" ("forthcoming").
NO_DATE, IN_PRESS = 0, 1


def _undated(word: str) -> tuple[int, str | None]:
    """The key and letter of an undated work's words: ``(NO_DATE, "a")`` for "n.d.-a", ``(IN_PRESS, None)`` for
    "in press"."""
    head, _, letter = word.lower().partition("-")
    return (NO_DATE if head.startswith("n") else IN_PRESS), (letter or None)


def _unpossessed(name: str) -> str:
    """A name without its possessive's "'s": "Berg's (2018) view" names Berg (names hold apostrophes: "O'Neil");
    without the "et al." glued to a Chinese, Japanese or Korean name: "张三等", "山田ら", "山田ほか", "김성철등"."""
    if len(name) > 3 and name[-2:] in ("'s", "’s"):
        return name[:-2]
    if len(name) > 2:
        if name.endswith("ほか"):
            return name[:-2]
        if name[-1] in _CJK_ET_AL and name[-2] >= "\u3400":
            return name[:-1]
    return name


# "et al." as Chinese, Japanese and Korean write it glued to a name ("等", "ら", "他", "등", "외"; "ほか" above).
_CJK_ET_AL = frozenset("等ら他등외")


def _years(years: str) -> Iterator[tuple[int, str | None]]:
    """Each year with its suffix; a suffix alone takes the year before it.

    >>> list(_years("2006a,b, 2009")), list(_years("2018a, b")), list(_years("2008 and 2009"))
    ([(2006, 'a'), (2006, 'b'), (2009, None)], [(2018, 'a'), (2018, 'b')], [(2008, None), (2009, None)])
    """
    last = None
    for part in YEARS_SEPARATOR.split(years):
        part = part.strip()
        y = YEAR.fullmatch(part)
        if y:
            last = int(y.group("year"))
            yield last, y.group("suffix")
        elif NO_YEAR.fullmatch(part):
            yield _undated(part)
        elif last is not None and len(part) == 1 and part.isalpha():
            yield last, part


# ------------------------------------------------------------------------------------------- style


def _tally(tm: TextMap, spans: list[tuple[int, int]], limit: int, index: _AuthorIndex,
           p: CitationParams, notes: set[tuple[int, int]], keys: dict[str, int],
           scripted: Sequence[int] | None = None) -> tuple[dict[str, list[_Marker]], list[_Marker]]:
    """Each style's markers, as they vote; and the numbers in parentheses an equation's number matches that
    stand before the equation is set, which vote for no style but are citations where numbers in parentheses
    win: a text mentions an equation after showing it ("from (3)"), and cites in order from its start."""
    text = tm.text
    parens, equations = _parens(tm, spans, limit, p)
    votes: list[_Marker] = []
    before: list[_Marker] = []
    for m in parens:
        shown = equations.get(m.numbers[0]) if len(m.numbers) == 1 else None
        if shown is None:
            votes.append(m)
        elif m.start < shown:
            before.append(m)
    return {
        _BRACKET: list(_brackets(tm, spans, limit, p)),
        _PAREN: votes,
        _SUPER: _superscripts(tm, spans, limit, notes, p, scripted),
        _AUTHOR_YEAR: list(_author_year(text, spans, index, p)),
        _ALPHA: list(_alphabetic(text, spans, keys)),
    }, before


def _weight(style: str, markers: list[_Marker], text: str, p: CitationParams) -> int:
    """A style's votes: the distinct entries its markers name, bracketed ones weighing ``bracket_weight``.

    Distinct entries rather than raw markers: a manual's "[1]" console output or a prompt's numbered
    list repeats a few small numbers many times (JSS, PaSa), where real citations name most entries.
    """
    weight: dict[int, int] = {}
    for m in markers:
        w = p.bracket_weight if style in (_BRACKET, _ALPHA) or (style == _AUTHOR_YEAR and text[m.end - 1] == "]") else 1
        for n in m.numbers:
            weight[n] = max(weight.get(n, 0), w)
    return sum(weight.values())


def _covers(tm: TextMap, markers: list[_Marker], n_refs: int, body_pages: int, p: CitationParams,
            numeric: bool) -> bool:
    refs_hit = {n for m in markers for n in m.numbers}
    pages_hit = {tm.page_at(m.start) for m in markers}
    ref_share = len(refs_hit) / n_refs if n_refs else 1.0
    page_share = len(pages_hit) / body_pages if body_pages else 1.0
    return ref_share >= p.min_ref_share and page_share >= p.min_page_share


def find_citations(tm: TextMap, refs: ReferenceList, body_start: int = 0,
                   params: CitationParams = PARAMS.citations, prose_start: int | None = None) -> CitationResult:
    """Decide the citation style, then find and link every marker of that style.

    ``body_start``: where the body begins, past the title and author block, whose superscripts and
    numbers in parentheses mark affiliations. ``prose_start`` (at most ``body_start``): where its first
    paragraph begins, an abstract without a heading of its own ("Abstract—In this paper ... [12]"):
    bracketed labels and author-year citations, which no affiliation mark looks like, count from there.
    """
    if len(refs.parts) > 1:
        return _by_chapter(tm, refs, body_start, params, prose_start)
    references = refs.references
    early = body_start if prose_start is None else min(prose_start, body_start)
    spans = _segments(tm, refs, early)
    body_spans = spans if early == body_start else _segments(tm, refs, body_start)
    if not references or not body_spans:
        return CitationResult(CitationStyle.UNKNOWN, (), (), (Diagnostic(
            DiagnosticCode.NO_CITATIONS, "no reference list found, so no citation can be linked"),)
            if not references else ())
    by_label = _label_numbers(references)
    limit = max(by_label) if by_label else len(references)
    index = _AuthorIndex(references)
    scripted = _scripted(tm, params)
    found, before_equations = _tally(tm, spans, limit, index, params, note_marks(tm, refs, params, scripted),
                                     alpha_keys(references), scripted)
    if early < body_start:
        for style in (_SUPER, _PAREN):
            found[style] = [m for m in found[style] if m.start >= body_start]
    votes = {style: _weight(style, markers, tm.text, params) for style, markers in found.items()}
    total = sum(votes.values())
    body_end = refs.start if refs.start is not None else len(tm.text)
    body_pages = max(tm.page_at(max(body_end - 1, 0)) - tm.page_at(body_start) + 1, 1)
    alphabetical: bool | None = None  # (asked only where a numbered style leads the vote)
    for style in sorted(votes, key=lambda s: -votes[s]):
        if votes[style] <= max(params.min_votes, params.vote_share * total):
            break
        markers = found[style]
        numeric = style not in _RESOLVED
        if numeric and alphabetical is None:
            alphabetical = _alphabetical_without_numbers(references, params)
        if numeric and alphabetical or not _covers(tm, markers, len(references), body_pages, params, numeric):
            continue
        if numeric:
            markers = markers + list(_ref_words(tm.text, body_spans, limit, params))
        if style == _PAREN:
            markers = markers + [m for m in before_equations if m.start >= body_start]
        if style == _AUTHOR_YEAR:  # inside a marker already found, a bare one is dropped by _dedupe
            markers = markers + list(_bare(tm.text, spans, index)) + list(_broken(tm, spans, index, params))
            markers = markers + list(_aliases(tm.text, spans, markers, params))
        named = [(m, indexes) for m in markers if (indexes := _indexes(m, by_label if numeric else None))]
        kept = _dedupe(sorted(named, key=lambda pair: (pair[0].start, pair[0].end)))
        return CitationResult(_PUBLIC[style], tuple(_citation(tm, m, indexes) for m, indexes in kept),
                              tuple((m.start, m.end) for m, _ in kept))
    return CitationResult(CitationStyle.UNKNOWN, (), (), (Diagnostic(
        DiagnosticCode.NO_CITATIONS, f"no citation style stands out (votes: {votes})"),))


def _by_chapter(tm: TextMap, refs: ReferenceList, body_start: int, params: CitationParams,
                prose_start: int | None) -> CitationResult:
    """:func:`find_citations` where each chapter closes with a list of its own (``refs.parts``): each list is
    cited from the text between the list before it and itself (the last also from what follows it, its
    appendices), its entries' indexes running on from the lists before."""
    citations: list[Citation] = []
    spans: list[tuple[int, int]] = []
    styles: Counter[CitationStyle] = Counter()
    diagnostics: list[Diagnostic] = []
    offset, scope = 0, body_start
    for k, part in enumerate(refs.parts):
        last = k == len(refs.parts) - 1
        # (A list's end at the text's end: nothing after it is searched but after the last.)
        found = find_citations(tm, part if last else replace(part, end=len(tm.text)), max(scope, body_start),
                               params, prose_start if k == 0 else None)
        citations.extend(replace(c, ref_indexes=tuple(i + offset for i in c.ref_indexes)) for c in found.citations)
        spans.extend(found.spans)
        styles[found.style] += len(found.citations)
        diagnostics.extend(d for d in found.diagnostics if d not in diagnostics)
        offset += len(part.references)
        scope = part.end if part.end is not None else scope
    if not citations:
        return CitationResult(CitationStyle.UNKNOWN, (), (), tuple(diagnostics))
    return CitationResult(styles.most_common(1)[0][0], tuple(citations), tuple(spans))


def _alphabetical_without_numbers(references: tuple[Reference, ...], p: CitationParams) -> bool:
    """Whether the list is one no number in the text can cite: its entries carry no number and run in the
    order of their first authors' names. A list cited by number is numbered, and in the order of first
    citation unless sorted by name for its labels; the numbers over the text of a paper whose bibliography
    is such a list are its notes' (Chicago's notes and bibliography, the humanities' way), and the third
    entry of the alphabet is not what note 3 cites."""
    if len(references) < p.alphabetical_min_entries or any(r.label for r in references):
        return False
    names = [ids.fold(r.authors[0]) for r in references if r.authors]
    pairs = len(names) - 1
    return pairs > 0 and sum(a <= b for a, b in zip(names, names[1:])) >= p.alphabetical_share * pairs


def _label_numbers(references: tuple[Reference, ...]) -> dict[int, int]:
    """Printed number → entry index: "[12]" names the entry labelled 12, even when an entry was lost."""
    out: dict[int, int] = {}
    for ref in references:
        label = (ref.label or "").strip("[]().: \t")
        number = int(label) if label.isdigit() else ref.index  # "[Knu84]" is no number 84
        out.setdefault(number, ref.index)
    return out


def _indexes(m: _Marker, by_label: dict[int, int] | None) -> tuple[int, ...]:
    """The entries a marker names: its own resolved indexes, or its printed numbers through ``by_label``."""
    if by_label is None:
        return m.numbers
    return tuple(dict.fromkeys(by_label[n] for n in m.numbers if n in by_label))


def _citation(tm: TextMap, m: _Marker, indexes: tuple[int, ...]) -> Citation:
    page = tm.page_at(m.start)
    boxes = tuple(box for pg, box in tm.boxes(m.start, m.end) if pg == page)
    return Citation(page, join_lines(tm.text[m.start:m.end]), indexes, boxes)


def _dedupe(pairs: list[tuple[_Marker, tuple[int, ...]]]) -> list[tuple[_Marker, tuple[int, ...]]]:
    """Drop a marker that overlaps the one before it (the same text matched twice); ``pairs`` come sorted by
    where their markers start."""
    out: list[tuple[_Marker, tuple[int, ...]]] = []
    last_end = -1
    for pair in pairs:
        if pair[0].start < last_end:
            continue
        out.append(pair)
        last_end = pair[0].end
    return out
