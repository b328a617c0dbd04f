"""Section outline: the PDF's bookmarks when it has them, otherwise headings detected from the text.

Input: pages of text items and the body font size (or the PDF's bookmarks).
Output: a tuple of :class:`~citelens.model.OutlineItem` in reading order; empty when the text shows
no trustworthy outline (fewer than ``min_headings`` headings, or a gap between two headings longer
than ``max_gap_share`` of the pages after one that names no body section every paper may carry): no outline
is better than a junk one.

A line is a heading when it is clearly larger than the body text, or bold and either numbered
("3.2 Results", "IV. METHODS") or a known section name ("Acknowledgements"). Bold run-in headings
("**2.1 Data.** We collected ...") count, titled by their bold part. Rejected: long lines, unnumbered
lines ending in a full stop, running heads and feet (the same line on several pages), anything in the
page's outer margin, unnumbered lines set smaller than the body (a figure's or a table's words), lines with
another line of their size and face beside them (a table's header cells, a figure's labels), lists of
people's names (an author box in a heading's face), large
words straight over a caption (an axis title) and formulas set large, table-of-contents leaders, record fields
("First published: 12 Aug 2014"), labels of the front matter ("Keywords", "To cite this
article"), unnumbered run-in paragraph heads in a paper whose sections are numbered (they sit below
its outline), a numbered list restarting at 1 inside a section, and, after the References heading,
anything that is not an appendix heading (so reference entries never become headings).

:func:`body_start` reads the outline for where the body begins in the text map (past the title and
author block), which the citation stage needs; :func:`sections` then leaves out that front matter (the title
block and the abstract's label), which a paper's table of contents does not list.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from operator import attrgetter
import re

from rapidfuzz.distance import Levenshtein

from citelens.figures import roman_value
from citelens.layout import Line, TextMap, join_lines, make_line, page_lines, shifted, size_histogram
from citelens.model import Bookmark, OutlineItem, Page, TextItem
from citelens.params import PARAMS, LayoutParams, OutlineParams
from citelens.patterns import (
    ABSTRACT_LABEL,
    AFFILIATION_WORDS,
    ANCHOR_BOOKMARK,
    APPENDIX_HEADING,
    APPENDIX_LETTER,
    APPENDIX_WORD,
    AUTHOR_NAME_MARKED,
    CAPTION,
    CONTRIBUTIONS_HEADING,
    DOTTED_LEADER,
    FIGURE_CAPTION,
    HEADING_NUMBER,
    KNOWN_SECTION,
    FONT_SMALLCAPS,
    LINE_NUMBER,
    MATH_CHARS,
    NAME_LIST_LINE,
    NOT_A_SECTION,
    REFERENCE_LIST_HEADING,
    RUN_IN_NESTED,
    ROMAN_NUMBER,
    SECTION_NUMBER_ONLY,
    THEOREM_LABEL,
    UNNUMBERED_SECTION,
)


_LETTER_RUN = re.compile(r"[^\W\d_]+(?:[-‐][^\W\d_]+)*")


def outline_from_bookmarks(bookmarks: Sequence[Bookmark]) -> tuple[OutlineItem, ...]:
    """The PDF's own outline; entries whose destination does not resolve to a page are dropped."""
    return tuple(OutlineItem(b.title, b.level, b.page, b.y if b.y is not None else 0.0)
                 for b in bookmarks if b.page is not None and b.title)


def section_bookmarks(bookmarks: Sequence[Bookmark]) -> tuple[Bookmark, ...]:
    """The bookmarks that name the paper's sections, or ``()`` where fewer than 3 do: a PDF's outline may list
    its pages instead ("p. 522", a scan's "image 3"), its figures and tables, named anchors, or one title on
    every page (RSC's PDFs repeat the paper's title for each page).

    Dropped: unresolved ones, anchor-named or figure/table ones, and titles repeated on 3+ entries.
    """
    counts: dict[str, int] = {}
    for b in bookmarks:
        counts[b.title] = counts.get(b.title, 0) + 1
    keep = tuple(b for b in bookmarks
                 if b.page is not None and not ANCHOR_BOOKMARK.match(b.title) and counts[b.title] < 3)
    return keep if len(keep) >= 3 else ()


@dataclass(frozen=True, slots=True)
class Heading:
    """A heading candidate, before levels are assigned."""

    title: str
    number: str | None
    page: int
    y: float
    size: float
    bold: bool
    line: Line
    letter_only: bool = False  # numbered only by a bare letter ("A Proofs"): an appendix, or nothing
    spaced: bool = False  # told only by its spacing and font (see _spaced): never after the references
    italic: bool = False  # most of its letters in italics
    figure: bool = False  # large, but no text follows it: a figure's words, dropped once running heads are known
    run_in: bool = False  # the bold head of a paragraph that runs on after it on the same line
    long: bool = False  # spaced, though long beside its paragraph's first line: kept in the face of other headings
    centred: bool = False  # centred over its paragraph (:func:`_centred_over`): dropped alone in its face


def _faces(page: Page) -> tuple[frozenset[int], frozenset[int]]:
    """Indexes of the page's fonts in a heading face (bold, or small capitals as elsarticle's
    "1. INTRODUCTION" in CMCSC10), and of its italic fonts."""
    emph = frozenset(i for i, f in enumerate(page.fonts) if f.bold or _smallcaps(f.name))
    return emph, frozenset(i for i, f in enumerate(page.fonts) if f.italic)


@lru_cache(maxsize=1024)  # a paper names its few fonts again on every page
def _smallcaps(name: str) -> bool:
    return FONT_SMALLCAPS.search(name) is not None


@lru_cache(maxsize=16384)
def _letters(text: str) -> int:
    return sum(map(str.isalpha, text))


def _longest_word(text: str) -> int:
    """The longest run of letters in ``text``: a heading has words, while a formula's letters stand one by
    one between brackets, slashes and digits ("G(R/G)1/ρ" has four letters and no word); a hyphen joins
    the parts of one word ("RNA-seq")."""
    return max(map(len, _LETTER_RUN.findall(text)), default=0)


def _lead(line: Line) -> int:
    """How many leading items are only a section number ("2.1.", "IV."), whatever their font."""
    k = 0
    while k < len(line.items) - 1 and SECTION_NUMBER_ONLY.match(line.items[k].text.strip()):
        k += 1
    return k


_font = attrgetter("font")
_size = attrgetter("size")


def _share(items: Sequence[TextItem], fonts: frozenset[int]) -> float:
    """Share of the letters of ``items`` set in one of ``fonts``."""
    if len(items) == 1:  # most lines: all or nothing
        return 1.0 if items[0].font in fonts and _letters(items[0].text) else 0.0
    if not fonts or fonts.isdisjoint(map(_font, items)):
        return 0.0
    total = styled = 0
    for i in items:
        n = _letters(i.text)
        total += n
        if i.font in fonts:
            styled += n
    return styled / total if total else 0.0


def _letters_ok(title: str) -> bool:
    letters = sum(map(str.isalpha, title))
    return letters >= 2 and letters * 2 >= len(title.replace(" ", ""))


@lru_cache(maxsize=16384)  # a line's text is parsed by each test it meets: the heading's, the spacing's, the run-in's
def _parse(text: str) -> tuple[str | None, str, bool]:
    """Split ``"3.2 Results"`` into ``("3.2", "Results", False)``; ``(None, text, False)`` when not numbered.

    The last flag marks a bare appendix letter (``"B Hyper-parameters"``), a number only after the
    bibliography.
    """
    first = text[:1]
    if not first or not (first.isdigit() or "A" <= first <= "Z" or first in "a§cs"):  # ("" is in every string)
        # Both patterns open with a digit, a capital, "appendix", "§", "chapter" or "section": most lines do not.
        return None, text, False
    m = HEADING_NUMBER.match(text)
    if m:
        return m.group("number").rstrip("."), m.group("title").strip(), False
    m = APPENDIX_LETTER.match(text)
    if m:
        return m.group("number"), m.group("title").strip(), True
    return None, text, False


def _within_margin(page: Page, line: Line, share: float) -> bool:
    x0, y0, x1, y1 = line.box
    mx, my = page.width * share, page.height * share
    return x1 <= mx or x0 >= page.width - mx or y1 <= my or y0 >= page.height - my


def _opens_paragraph(text: str) -> bool:
    """Whether a line can open a paragraph or a list under a heading: a capital, a digit or a bracket first."""
    first = text.lstrip()[:1]
    return first.isupper() or first in "0123456789["


def _own_face(items: Sequence[TextItem], nxt: Line, p: OutlineParams) -> bool:
    """Whether ``items`` (a heading's) are set in a face the line ``nxt`` under them is not: at most
    ``own_face_share`` of its letters are in the heading's fonts. A paragraph may set a word or a symbol in
    the heading's face ("The coefficient of efficiency (**E**)"); its own face is the one it is written in."""
    fonts = {i.font for i in items}
    if fonts.isdisjoint(map(_font, nxt.items)):
        return True
    inside = total = 0
    for i in nxt.items:
        n = _letters(i.text)
        total += n
        if i.font in fonts:
            inside += n
    return inside <= p.own_face_share * total


def _aligned(line: Line, nxt: Line, size: float, p: OutlineParams) -> bool:
    """Whether a heading ``line`` of ``size`` stands flush with the line ``nxt`` under it or centred over it."""
    return abs(nxt.box[0] - line.box[0]) <= p.indent * size \
        or abs((nxt.box[0] + nxt.box[2]) - (line.box[0] + line.box[2])) <= 2 * size


def _close_under(line: Line, nxt: Line, size: float, p: OutlineParams) -> bool:
    """Whether ``nxt`` comes under ``line`` on its page and in its column, within ``apart_below`` x ``size``."""
    return nxt.page == line.page and nxt.column == line.column \
        and 0 < nxt.baseline - line.baseline <= p.apart_below * size


def _spaced(prev: Line, line: Line, after: Sequence[Line], body: float, p: OutlineParams,
            under_heading: bool = False, last: Line | None = None, ratio: float | None = None) -> bool:
    """A heading told by its spacing and a font of its own: a short line after a blank line, set in
    none of the fonts of the paragraph that follows at the usual leading, whose line is half as long again
    as the heading at least (a heading is shorter than a full line of its paragraph, though in a narrow
    column not by half; a line nearly as long is a sentence set apart). BMC renames its fonts
    ("RdksxjAdvTT99c4c969"), so the bold of its 9.2 pt "Study area" over 9.8 pt text is not known.
    A heading set larger than its paragraph as well as in a font of its own is told by both, so it may be
    as long as a heading ever is and wrap (``last`` is its last line): Nature's journals set "Membrane
    retention of conjugated molecules" at 8.7 pt over a 62-character first line at 8.2 pt. ``ratio`` replaces
    ``spaced_next_ratio``, the share of the heading's length the paragraph's first line must reach."""
    last = last or line
    text = line.text.strip() if last is line else f"{line.text.strip()} {last.text.strip()}"
    if not after:
        return False
    nxt = after[0]
    larger = line.size >= p.larger_ratio * nxt.size
    ratio = p.spaced_next_ratio if ratio is None else ratio
    if not _short_title(text, p.max_chars if larger else p.spaced_max_chars, p) \
            or len(nxt.text) < (p.spaced_min_next if larger else max(ratio * len(text), p.spaced_min_next)):
        return False
    # The paragraph's own leading, where its second line is at hand: a heading may stand as far over its
    # paragraph as under the one before it (a blank line above and below), both more than a leading apart.
    leading = _leading(nxt, after[1]) if len(after) > 1 else None
    return _spaced_over(prev, line, last, nxt, body, p, under_heading, leading, after[1] if after[1:] else None) \
        and abs(nxt.size - body) <= p.body_size_tolerance * body \
        and nxt.text.lstrip()[:1].isupper() \
        and _own_face(line.items, nxt, p) and _own_face(last.items, nxt, p)


def _short_title(text: str, max_chars: int, p: OutlineParams) -> bool:
    """Whether ``text`` reads as a heading told by its spacing: a capital first, no closing punctuation, at most
    ``max_chars`` characters and ``standalone_short_words`` words."""
    return text[:1].isupper() and text[-1] not in ".,;:" and len(text) <= max_chars \
        and len(text.split()) <= p.standalone_short_words


def _spaced_over(prev: Line, line: Line, last: Line, nxt: Line, body: float, p: OutlineParams, under: bool,
                 leading: float | None = None, then: Line | None = None) -> bool:
    """Whether the heading ``line`` (to its wrapped line ``last``) has a blank line above it (unless ``under`` a
    heading just found) and ``nxt`` under ``last`` at the usual leading, flush with it (or indented as a
    paragraph's first line: ``spaced_indent``) or with ``line`` centred over it and the paragraph's next line
    ``then`` (:func:`_centred_over`), all in one column; or,
    given the paragraph's own ``leading``, a blank line above it and as much or less below it."""
    pitch = nxt.baseline - last.baseline
    if not (prev.page == line.page == nxt.page and prev.column == line.column == nxt.column
            and (-p.spaced_flush * line.size <= nxt.box[0] - line.box[0] <= p.spaced_indent * line.size
                 or _centred_over(line, nxt, then, p))):
        return False
    above = line.baseline - prev.baseline
    if (under or above >= p.spaced_above * pitch) and 0 < pitch <= p.spaced_pitch * body:
        return True
    return leading is not None and body <= leading <= p.spaced_pitch * body and above >= p.spaced_above * leading \
        and 0 < pitch <= above


def _set_apart(prev: Line | None, line: Line, text: str, after: Sequence[Line], page: Page, body: float,
               p: OutlineParams) -> bool:
    """A numbered heading in no heading font: a short numbered line in capitals ("1 INTRODUCTION",
    "II. RELATED WORK", small capitals faked by size) or in a font the paragraph does not use (ACM's
    sans "1.2 What is optimistic replication?" over serif text), with a blank line above it (or the
    column's top) and a paragraph close under it, flush with it or centred over it. A numbered list
    item is set in the paragraph's own font and case; a table's numbered row has no paragraph under it.
    ``text`` is the line's, its words one space apart.
    """
    if len(text) > p.max_chars:
        return False
    number, title, letter = _parse(text)
    if letter and number is not None and after and _letters(title) >= 4 and title.upper() == title \
            and _numbers_under(number, _parse(" ".join(after[0].text.split()))[0]):
        # A letter is a section's number where the section's first subsection follows, numbered under it:
        # an appendix's "B COMPLEXITY OF COMPUTING ALIGNMENT" over "B.1 COST OF ...". (Alone, "A" may be the
        # article opening a line in capitals.)
        letter = False
    if number is None or letter or text.endswith((".", ",", ";", ":")) \
            or not (title[:1].isupper() or _named_in_lower_case(number, title)) or not _letters_ok(title) \
            or MATH_CHARS.search(text) or CAPTION.match(title):
        return False
    size = max(map(_size, line.items))
    if not after or not _close_under(line, after[0], size, p):
        # A heading may end its column, its paragraph opening the next one (a footnote or a float took the
        # room under it): in capitals, with a blank line above, it is a heading still.
        return _ends_column(line, after, page, body, p) and _letters(title) >= 4 and title.upper() == title \
            and not (prev is not None and prev.page == line.page and prev.column == line.column
                     and 0 < line.baseline - prev.baseline < p.apart_above * body)
    nxt = after[0]
    # Under a section's heading comes a paragraph, or straight away its first subsection ("3 METHODS",
    # then "3.1 SEQUENCE ALIGNMENT ..."), which opens with this number; under a section numbered in Roman
    # numerals the subsections are lettered ("III. DYCOS", then "A. Overview": IEEE's styles).
    sub = _parse(" ".join(nxt.text.split()))[0]
    first_sub = sub is not None and (sub.startswith(number.rstrip(".") + ".") and sub != number
                                     or sub == "A" and ROMAN_NUMBER.fullmatch(number.rstrip(".")) is not None)
    if not first_sub and (abs(nxt.size - body) > p.body_size_tolerance * body or len(nxt.text) < p.spaced_min_next
                          or not (nxt.text.lstrip()[:1].isupper() or _names_first(nxt.text, title))):
        return False
    if prev is not None and prev.page == line.page and prev.column == line.column \
            and 0 < line.baseline - prev.baseline < p.apart_above * body:
        return False
    if not (first_sub or _aligned(line, nxt, size, p)):
        return False
    capitals = _letters(title) >= 4 and title.upper() == title
    rest = line.items[_lead(line):]
    foreign = _own_face(rest, nxt, p)
    return capitals or foreign and line.size >= p.apart_min_size * body


def _ends_column(line: Line, after: Sequence[Line], page: Page, body: float, p: OutlineParams) -> bool:
    """Whether ``line`` is the last line of text of its column, low on its page: what follows is in the other
    column or on another page, or smaller than the body (a footnote), or nothing. (A line across both
    columns is followed by the columns under it: it ends none.)"""
    if line.column < 0 or line.baseline < page.height / 2:
        return False
    if not after:
        return True
    nxt = after[0]
    return nxt.page != line.page or nxt.column != line.column or nxt.size < p.footnote_size * body


def _named_in_lower_case(number: str, title: str) -> bool:
    """Whether a subsection's title may open in lower case: a name written so ("C. langdetect", "3.2 k-means"),
    under a subsection's number (dotted, or a letter); a numbered list's items are numbered "1", "2", ...."""
    return ("." in number or number.isalpha()) and title[:1].islower()


def _names_first(text: str, title: str) -> bool:
    """Whether a paragraph opens with its heading's first word, a name written in lower case whatever its place
    ("langdetect is a Python wrapper ..." under "C. langdetect")."""
    first = title.split()[0]
    return first[:1].islower() and text.split()[:1] == [first]


def _spaced_heading(lines: Sequence[Line], n: int, body: float, p: OutlineParams,
                    found: Sequence[Heading] = ()) -> tuple[Heading, int] | None:
    """``lines[n]`` as a heading told by its spacing and font (:func:`_spaced`) with the index of its last
    line, or None. Right under a heading just ``found`` ("Methods", then "Materials") it needs no blank
    line above it. A heading set larger than the body may wrap onto a second line in its size and face."""
    under = bool(found) and n > 0 and found[-1].line is lines[n - 1]
    if not n:
        return None
    line = last = lines[n]
    prev = lines[n - 1]
    if prev.page != line.page or prev.column != line.column or not under and line.baseline - prev.baseline <= 0:
        # Spacing tells a heading only below the line before it in its column, a blank line (``spaced_above``
        # leadings) between them unless ``under`` a heading (:func:`_spaced_over`): a line beside that one or
        # above it is a table's cell or a label.
        return None
    font = line.items[0].font
    if n + 1 == len(lines) or font in map(_font, lines[n + 1].items) \
            and (n + 2 == len(lines) or font in map(_font, lines[n + 2].items)):
        # A heading told by its spacing is set in none of the fonts of the paragraph under it (the next line,
        # or the one after a wrapped heading or a first subheading: :func:`_spaced`, :func:`_over_spaced`); a
        # line of running text shares its first font with both, which costs less to see than the rest.
        return None
    if line.size >= p.larger_ratio * body and n + 2 < len(lines) \
            and _continuation(line, lines[n + 1], 0.0, False, p) and not _own_face(line.items, lines[n + 1], p):
        last = lines[n + 1]
    after = lines[n + 1:n + 3] if last is line else lines[n + 2:n + 4]  # the paragraph's first two lines
    long = False
    if not _spaced(lines[n - 1], line, after, body, p, under, last) \
            and not (last is line and n + 2 < len(lines)  # or over its first subheading
                     and _over_spaced(lines[n - 1], line, lines[n + 1], lines[n + 2], body, p, under)):
        # In a narrow column a heading may be nearly as long as its paragraph's first line: such a line is
        # kept only where the paper sets other headings, told by their spacing, in its face (detect_outline).
        if not _spaced(lines[n - 1], line, after, body, p, under, last, ratio=p.spaced_long_ratio):
            return None
        long = True
    text = " ".join(line.text.split()) if last is line else join_lines(f"{line.text}\n{last.text}")
    number, title, letter = _parse(text)
    if _letters_ok(title) and not CAPTION.match(title) and not MATH_CHARS.search(text) \
            and max(_letters(w) for w in text.split()) >= 4:
        return Heading(text, number, line.page, line.box[1], line.size, False, line, letter, True, long=long), \
            n if last is line else n + 1
    return None


def _over_spaced(prev: Line, line: Line, sub: Line, para: Line, body: float, p: OutlineParams, under: bool) -> bool:
    """Whether ``line`` is a heading told by its spacing and font with its first subheading ``sub`` straight
    under it, and ``sub`` one over the paragraph ``para`` (BMC's "Pressures", then "Forests"): a short line
    after a blank line, set over ``sub`` at the usual leading, in none of the paragraph's fonts and in
    another face or size than ``sub``'s, or in capitals over ``sub`` in lower case (BMJ's "RESULTS", then
    "Search results", in one face)."""
    head = line.text.strip()
    return _short_title(head, p.spaced_max_chars, p) \
        and _spaced_over(prev, line, line, sub, body, p, under) and _own_face(line.items, para, p) \
        and (_own_face(line.items, sub, p) or abs(line.size - sub.size) >= p.same_size
             or _letters(head) >= 4 and head.upper() == head and sub.text.upper() != sub.text) \
        and _spaced(line, sub, [para], body, p, under_heading=True)


def _known(title: str) -> bool:
    """Whether ``title`` names a section every paper may carry: :data:`KNOWN_SECTION`, or a reference list's
    heading in any language it is known in ("LITERATUR", "Bibliografía")."""
    return KNOWN_SECTION.match(title) is not None or REFERENCE_LIST_HEADING.match(title) is not None


def _body_section(title: str) -> bool:
    """Whether ``title`` names a section of a paper's body every paper may carry ("Results", "3 Discussion"):
    :data:`KNOWN_SECTION` but neither the abstract nor the matter after the text."""
    name = _parse(title)[1]
    return KNOWN_SECTION.match(name) is not None and UNNUMBERED_SECTION.match(name) is None


def _opens_page(line: Line, after: Sequence[Line], text: str) -> bool:
    """Whether a line in the page's top margin is a section heading opening the page's text: a known
    section name with the page's first lines close under it (PNAS sets "Materials and Methods" 43 pt
    from the top of a 783 pt page). Stamps and banners there name no section."""
    if not after or not KNOWN_SECTION.match(_parse(text)[1]):
        return False
    nxt = after[0]
    return nxt.page == line.page and 0 < nxt.baseline - line.baseline <= 3 * line.size \
        and abs(nxt.box[0] - line.box[0]) <= 3 * line.size


def _prose_sizes(sizes: dict[float, int], share: float) -> frozenset[float]:
    """Font sizes (to 0.5 pt) holding at least ``share`` of all characters: sizes of running text.

    ASM's methods and references at 7.5 pt outweigh its 9 pt body; 9 pt is still prose, not a heading.
    """
    total = sum(sizes.values()) or 1
    return frozenset(size for size, n in sizes.items() if n >= share * total)


def _continuation(line: Line, nxt: Line, nxt_share: float, emphasised: bool, p: OutlineParams) -> bool:
    """Whether ``nxt`` carries on the heading ``line`` wrapped from: same column, size and face, close below.
    A wrapped title's short last line under a line spanning both columns sits in one column; it carries
    on when it starts where the spanning line does. A heading in capitals wraps in capitals: a line in
    capitals over one in mixed case is a section's heading over its first subheading ("PROCESS EVALUATION",
    then "Year 9 participants"); an acronym may well close a mixed-case heading's wrapped line."""
    column = nxt.column == line.column or line.column == -1 and abs(nxt.box[0] - line.box[0]) <= line.size
    return column and abs(nxt.size - line.size) < p.same_size \
        and 0 < nxt.baseline - line.baseline <= p.wrap_leading * line.size \
        and (nxt_share >= p.face_share) == emphasised \
        and not (_capitals(line.text) and _capitals(nxt.text) is False) \
        and HEADING_NUMBER.match(" ".join(nxt.text.split())) is None \
        and KNOWN_SECTION.match(nxt.text.strip()) is None


def _large(size: float, body: float, prose: frozenset[float], p: OutlineParams) -> bool:
    """Whether text of ``size`` is set large for a heading: ``size_ratio`` x the body, in no size of running text."""
    return size >= p.size_ratio * body and round(size * 2) / 2 not in prose


def _capitals(text: str) -> bool | None:
    """Whether a line's letters are all capitals; None for a line of fewer than four letters."""
    letters = [c for c in text if c.isalpha()]
    return None if len(letters) < 4 else all(c.isupper() for c in letters)


def _repaired(page: Page, lines: list[Line], body: float, p: OutlineParams, layout: LayoutParams) -> list[Line]:
    """The page's lines with what a heading's text must not hold taken out, its pieces put together, and its
    small capitals read at their capitals' size."""
    return _small_capitals(_rejoined(page, _without_line_numbers(page, lines, body, p, layout), p, layout), p)


def _small_capitals(lines: list[Line], p: OutlineParams) -> list[Line]:
    """Lines of small capitals faked by size, as Word and fonts without small capitals set them ("M" at 10 pt,
    "ATERIALS AND" at 8 pt), at their capitals' size: most of their letters are the smaller ones, so the line
    reads smaller than the text a heading so set stands over. A line of capitals in two sizes whose larger
    letters open its words, few of them; and the line it wraps onto, in its small capitals alone ("DIVERSITY
    PRIORS" under "4 T|RANSFORMER-DNA B|ASELINES: ...")."""
    out = lines
    last: Line | None = None  # the line before, read so ...
    last_small = last_big = 0.0  # ... its small capitals' size and its capitals'
    before = -2  # ... and its index
    # (Most lines hold a lower-case letter: those in capitals are found in one pass, in C.)
    for k in [k for k, line in enumerate(lines) if line.text.isupper()]:
        line = lines[k]
        if before != k - 1:
            last = None
        before = k
        items = line.items
        big = max(i.size for i in items)
        if len(items) >= 2 and p.small_caps[0] * big <= line.size <= p.small_caps[1] * big \
                and sum(len(i.text.strip()) for i in items if i.size > line.size) * 2 <= len(line.text.strip()):
            pass  # capitals opening words of small capitals
        elif last is not None and big - line.size < 0.05 and abs(line.size - last_small) < 0.05 \
                and line.column == last.column and 0 < line.baseline - last.baseline <= 2 * last_big:
            big = last_big  # wrapped on from a line of small capitals
        else:
            last = None
            continue
        if out is lines:
            out = list(lines)
        last_small, last_big = line.size, big
        out[k] = last = replace(line, size=round(big, 1))
    return out


def _rejoined(page: Page, lines: list[Line], p: OutlineParams, layout: LayoutParams) -> list[Line]:
    """Lines that sit on one baseline in one column, the second starting where the first ends, as one
    line. Capitals and small capitals of two sizes ("I. I" at 10 pt, "NTRODUCTION" at 8 pt) are one word;
    line building can hand the smaller part to the other column's next baseline and leave it alone."""
    out: list[Line] = []
    a: Line | None = None  # the last line kept
    for line in lines:
        if a is not None and a.column == line.column and a.page == line.page:
            size = a.size if a.size > line.size else line.size
            if abs(a.baseline - line.baseline) <= p.rejoin_baseline * size \
                    and -p.rejoin_overlap * size <= line.box[0] - a.box[2] <= p.rejoin_gap * size:
                a = out[-1] = replace(make_line(page, [*a.items, *line.items], layout), column=a.column)
                continue
        out.append(line)
        a = line
    return out


def _without_line_numbers(page: Page, lines: list[Line], body: float, p: OutlineParams,
                          layout: LayoutParams) -> list[Line]:
    """The lines without a draft's margin line numbers ("50 2 Related Work" → "2 Related Work").

    A line-numbered draft prints a small integer beside every line, rising down the page; a number in
    the text is set in the text's size and does not open line after line in a rising sequence."""
    most = p.line_number_size * body
    # (a digit first: most lines open with a word)
    marks = [first for ln in lines if (first := ln.items[0]).text.lstrip()[:1].isdigit() and first.size <= most
             and LINE_NUMBER.match(first.text)]
    if len(marks) < p.line_number_min:
        return lines
    values = [int(i.text) for i in marks]
    if sum(b > a for a, b in zip(values, values[1:], strict=False)) < p.line_number_rising * (len(values) - 1):
        return lines
    drop = {id(i) for i in marks}
    out: list[Line] = []
    for ln in lines:
        if id(ln.items[0]) not in drop:
            out.append(ln)
        elif len(ln.items) > 1:
            out.append(replace(make_line(page, list(ln.items[1:]), layout), column=ln.column))
    return out


def _known_apart(prev: Line | None, line: Line, text: str, after: Sequence[Line], p: OutlineParams) -> bool:
    """An unnumbered section name every paper may carry ("ACKNOWLEDGMENTS", "REFERENCES", "Declaration of
    interests": :func:`_known`) alone on its line, in a face its paragraph does not use, with space
    above it and that paragraph (a full line of it, opening with a capital, a digit or a bracket) close under
    it, flush with it or centred over it (IEEE centres its "REFERENCES" over the column as it does its
    section headings). Journals set the back matter smaller than the body, its headings with it, so the
    heading is measured against the paragraph it opens, not against the body: that paragraph is no larger
    than the heading. The same words in the paragraph's own face are a sentence's start, not a heading,
    unless set in capitals (IEEE's "REFERENCES" in the text's font): no sentence is one word in capitals.
    ``text`` is the line's, its words one space apart."""
    # (The layout first: most lines have no paragraph opening close under them, and it costs less to see than
    # the section names.)
    if not after:
        return False
    nxt = after[0]
    size = max(map(_size, line.items))
    if not _close_under(line, nxt, size, p):
        return False
    if nxt.size > (1 + p.body_size_tolerance) * size or len(nxt.text) < p.spaced_min_next \
            or not _opens_paragraph(nxt.text):
        return False
    if not _aligned(line, nxt, size, p):
        return False
    if prev is not None and prev.page == line.page and prev.column == line.column \
            and 0 < line.baseline - prev.baseline < p.apart_above * max(size, prev.size):
        return False
    if not _known(text) or _parse(text)[0] is not None:
        return False
    return _own_face(line.items, nxt, p) or bool(_capitals(text))


def _numbers_under(number: str, sub: str | None) -> bool:
    """Whether section number ``sub`` numbers a subsection of ``number``: "B.1" under "B", "2.3" under "2."."""
    return sub is not None and sub.startswith(number.rstrip(".") + ".")


def _apart_wrapped(lines: Sequence[Line], n: int, text: str, page: Page, body: float,
                   p: OutlineParams) -> tuple[str, int] | None:
    """The text of a numbered heading set apart (:func:`_set_apart`) over two or three lines, each after the
    first carrying it on in capitals (:func:`_wraps_in_capitals`): "4 TRANSFORMER-DNA BASELINES: PURE READ
    RECALL WITHOUT" over "DIVERSITY PRIORS", or in the heading's own face (:func:`_wraps_in_face`: IEEE's
    italic "B. Long subsection titles that wrap in" over "a narrow column"), its paragraph under the last
    line; and the index of that line. Else None. ``text``: ``lines[n]``'s."""
    last = n
    while last + 1 < len(lines) and last - n < 2 and (_wraps_in_capitals(lines[last], lines[last + 1], p)
                                                       or _wraps_in_face(lines[last], lines[last + 1], p)):
        last += 1
    # The longest reading whose paragraph follows it: a third line may open the paragraph instead.
    for end in range(last, n, -1):
        line, cont = lines[n], lines[end]
        # (The heading's lines as one for the tests of its place: their box, the last one's baseline.)
        both = replace(line, baseline=cont.baseline,
                       box=(min(ln.box[0] for ln in lines[n:end + 1]), line.box[1],
                            max(ln.box[2] for ln in lines[n:end + 1]), cont.box[3]))
        joined = " ".join([text, *(" ".join(ln.text.split()) for ln in lines[n + 1:end + 1])])
        if _set_apart(lines[n - 1] if n else None, both, joined, lines[end + 1:end + 2], page, body, p):
            return joined, end
    return None


def _wraps_in_capitals(line: Line, nxt: Line, p: OutlineParams) -> bool:
    """Whether ``nxt`` carries on a heading in capitals (:func:`_wraps`: in the column, at the line's leading,
    in its size), in capitals and not numbered itself, the line ending without punctuation."""
    text = nxt.text.strip()
    return _wraps(line, nxt, p) and line.text.rstrip()[-1:].isalnum() \
        and _letters(text) >= 4 and text.upper() == text and not text[:1].isdigit()


def _wraps_in_face(line: Line, nxt: Line, p: OutlineParams) -> bool:
    """Whether ``nxt`` carries on a heading in its own face (:func:`_wraps`: in the column, at the line's leading,
    in its size), every letter in the fonts of the heading's title, not numbered itself, the line ending without
    punctuation. (:func:`_set_apart` then asks the paragraph under it to be in another face.)"""
    fonts = {i.font for i in line.items[_lead(line):] if _letters(i.text)}
    return bool(fonts) and _wraps(line, nxt, p) and line.text.rstrip()[-1:].isalnum() \
        and not nxt.text.lstrip()[:1].isdigit() and all(i.font in fonts for i in nxt.items if _letters(i.text))


def _leading(a: Line, b: Line) -> float | None:
    """The leading from line ``a`` to line ``b`` under it in one column of one page (a paragraph's own, from
    its first two lines), or None."""
    return b.baseline - a.baseline if a.page == b.page and a.column == b.column else None


def _neither_spaced_nor_apart(text: str, followed: bool) -> bool:
    """Whether a plain line fails the first tests of both :func:`_spaced` and :func:`_set_apart`: nothing
    follows it, or it opens with neither a capital, a digit, "appendix" nor "§", or it ends in punctuation. Most
    lines of running text do; both tests are too dear to run on every one."""
    if not followed:
        return True
    text = text.strip()
    if not text or text[-1] in ".,;:":
        return True
    first = text[0]
    return not (first.isupper() or first.isdigit() or first == "a" or first == "§")


def _packed(lines: Sequence[Line], n: int, body: float, p: OutlineParams, found: Sequence[Heading]) -> bool:
    """Whether ``lines[n]`` sits too close under the line above it for :func:`_spaced`, :func:`_set_apart`
    and :func:`_known_apart` alike: in its column, less than ``apart_above`` x the smaller of the body and
    that line's size under it and less than ``spaced_above`` x the leading under it (or under its wrapped
    line), and not under a heading just found. Most lines of running text are; the three tests cost more."""
    if not n or n + 1 >= len(lines) or found and found[-1].line is lines[n - 1]:
        return False
    prev, line = lines[n - 1], lines[n]
    if prev.page != line.page or prev.column != line.column:
        return False
    gap = line.baseline - prev.baseline
    # (The gap above first: four in ten of the lines that get here sit beside the line above or far under it,
    # and the leading under the line costs more to see.)
    if not 0 < gap < p.apart_above * min(body, prev.size):
        return False
    nxt = lines[n + 1]
    pitch = nxt.baseline - line.baseline
    if n + 2 < len(lines):
        pitch = min(pitch, lines[n + 2].baseline - nxt.baseline)
    return gap < p.spaced_above * pitch


def _in_row(lines: Sequence[Line], shares: Sequence[float], n: int, p: OutlineParams) -> bool:
    """Whether another line of the same column, size and face stands beside the line, their boxes at one
    height: a heading is alone across its column, while a table's header cells and a figure's labels sit
    side by side ("Dataset   Type   Order Size", a head cell set between two header rows)."""
    line = lines[n]
    x0, y0, x1, y1 = line.box
    emphasised = shares[n] >= p.emphasis_share
    gap = p.cell_gap * line.size  # cells part by a column's gap; pieces of one phrase touch (small capitals)
    for k in range(max(0, n - 8), min(len(lines), n + 9)):
        o = lines[k]
        if k == n or o.column != line.column or abs(o.size - line.size) > p.row_size * line.size \
                or (shares[k] >= p.emphasis_share) != emphasised or not (o.box[2] <= x0 - gap or o.box[0] >= x1 + gap):
            continue
        if min(y1, o.box[3]) - max(y0, o.box[1]) >= p.row_overlap * min(y1 - y0, o.box[3] - o.box[1]):
            return True
    return False


def _candidates(page: Page, lines: Sequence[Line], body: float, prose: frozenset[float],
                p: OutlineParams) -> list[Heading]:
    out: list[Heading] = []
    number: str | None  # (each line's, from :func:`_parse`)
    # The title is the largest line of page 1 that has two words: a one-word line set larger is a logo
    # (MPRA's cover sets "MPRA" at 58 pt over the 21 pt title).
    page_max = max((ln.size for ln in lines if " " in ln.text.strip()), default=0.0) if page.number == 1 else 0.0
    emph, italic = _faces(page)
    # Each line's share in a heading face.
    shares = [_share(ln.items, emph) for ln in lines] if emph else [0.0] * len(lines)
    # Which lines are in a paragraph of their size and face (:func:`_in_paragraph`): made when a line first asks,
    # which on about half the pages (of the corpus) none does.
    paragraph: list[bool] = []
    large, a_little_larger = p.size_ratio * body, p.larger_ratio * body
    n = -1
    while n + 1 < len(lines):
        n += 1
        line = lines[n]
        big = line.size >= large and round(line.size * 2) / 2 not in prose
        # A little larger than the body: JSS sets 12 pt headings over 10.9 pt text, its lowest level in
        # italics ("Data input") and "3.1. readData" with the name in typewriter.
        larger = not big and line.size >= a_little_larger
        if not big and not shares[n] and not (italic and (larger or line.text[:1].isdigit())):
            if _neither_spaced_nor_apart(line.text, n + 1 < len(lines)) or _packed(lines, n, body, p, out):
                continue
            spaced = _spaced_heading(lines, n, body, p, out)
            if spaced is not None:
                out.append(spaced[0])
                n = spaced[1]
                continue
            text = " ".join(line.text.split())
            number, title, letter = _parse(text)
            prev, after = lines[n - 1] if n else None, lines[n + 1:n + 2]
            # Set apart, a numbered line is a heading (:func:`_set_apart`), and an unnumbered one that names a
            # known section (:func:`_known_apart`): each test turns the other's lines away, so one runs.
            if _set_apart(prev, line, text, after, page, body, p) if number is not None \
                    else _known_apart(prev, line, text, after, p):
                out.append(Heading(text, number, line.page, line.box[1], line.size, False, line, letter))
            elif number is not None and (wrapped := _apart_wrapped(lines, n, text, page, body, p)) is not None:
                out.append(Heading(wrapped[0], number, line.page, line.box[1], line.size, False, line, letter))
                n = wrapped[1]
            continue  # plain body text, the most lines by far: no heading face, no size, no italic number
        text = " ".join(line.text.split())
        if not (big or larger or shares[n]) and _parse(text)[0] is None and emph.isdisjoint(map(_font, line.items)):
            # Neither large nor in a heading face, the line is here for opening with a digit on a page with
            # italics. It is a heading only when numbered (in italics, "2.1. Results", or set apart) or as a
            # run-in head, which needs a heading face; most such lines are a table's rows ("0.87 0.91 0.93") or
            # a sentence going on ("2019 saw ...").
            continue
        if not text or _within_margin(page, line, p.margin) and not _opens_page(line, lines[n + 1:n + 2], text):
            continue
        lead = _lead(line)
        rest = line.items[lead:]
        emphasised = _share(rest, emph | italic if larger else emph) >= p.emphasis_share \
            or (larger and lead > 0 and line.items[0].font in emph)
        if not emphasised and not big:
            head = _run_in(line, emph, lead) if not _mid_sentence(lines, n, out, p) else None
            if head is None and lead and italic and "." in line.items[lead - 1].text.strip().rstrip(".") \
                    and line.items[lead].font in italic:
                # A lower level run in in italics after its number: ACM's and amsart's "5.2.1 *Syntactic
                # scheduling.* A scheduler should ...". Only with a number of two levels or more: italics
                # alone mark a word, a name or a variable at any line's start. Its first word is in italics:
                # in "4.2.1 **The** *covtype* **dataset**" the italics name a program inside a bold heading.
                head = _run_in(line, italic, lead)
            if head is not None:
                number, title, letter = _parse(head)
                out.append(Heading(head, number, line.page, line.box[1], line.size, True, line, letter,
                                   run_in=True))
                continue
            number, title, letter = _parse(text)
            # IEEE and Elsevier set subsections in italics: "2.1. Piezoresistive effect".
            if number is not None and "." in number.rstrip(".") and _share(rest, italic) >= p.emphasis_share \
                    and len(text) <= p.max_chars and not text.endswith(".") and _letters_ok(title):
                # Such a heading wraps like any other: its next lines in its size and italics carry it on.
                last = n
                while last + 1 < len(lines) and last - n < 2 \
                        and len(text) + len(lines[last + 1].text) < p.max_chars \
                        and _continuation(lines[last], lines[last + 1], _share(lines[last + 1].items, italic), True, p):
                    last += 1
                    text = join_lines(f"{text}\n{lines[last].text}")
                out.append(Heading(text, number, line.page, line.box[1], line.size, False, line, letter))
                n = last
            elif _packed(lines, n, body, p, out):
                pass  # at its paragraph's leading: neither set apart nor spaced
            elif _set_apart(lines[n - 1] if n else None, line, text, lines[n + 1:n + 2], page, body, p):
                out.append(Heading(text, number, line.page, line.box[1], line.size, False, line, letter))
            elif number is not None and (wrapped := _apart_wrapped(lines, n, text, page, body, p)) is not None:
                out.append(Heading(wrapped[0], number, line.page, line.box[1], line.size, False, line, letter))
                n = wrapped[1]
            elif (spaced := _spaced_heading(lines, n, body, p, out)) is not None:
                out.append(spaced[0])  # a little larger, in a font of its own (Nature's 8.7 pt over 8.2 pt)
                n = spaced[1]
            continue
        if not big:
            paragraph = paragraph or _in_paragraph(lines, shares, p)
            if paragraph[n]:
                continue  # four or more bold lines alike: a bold paragraph, not a heading
        if not big and not larger and _opens_plain(rest, emph | italic):
            # A heading in the text's size tells itself apart by its face alone, and its title opens in it:
            # "35. Leal WS: **Duality of ...**" is a list's entry. (One set larger may name a function in
            # typewriter: JSS's "3.1. readData".)
            continue
        # A heading wrapped over up to three lines is one heading.
        last = n
        while last + 1 < len(lines) and last - n < 2 and not KNOWN_SECTION.match(text) \
                and _continuation(lines[last], lines[last + 1], shares[last + 1], emphasised, p):
            last += 1
            text = join_lines(f"{text}\n{lines[last].text}")  # "pre-" over "sentation": "presentation"
        # A paper's title (large, unnumbered, on page 1) may run over three lines; a section heading is shorter.
        title_like = page.number == 1 and big and HEADING_NUMBER.match(text) is None
        if len(text) > (p.title_max_chars if title_like else p.max_chars) or DOTTED_LEADER.search(text):
            continue
        number, title, letter = _parse(text)
        if not _letters_ok(title):
            continue
        if number is not None and title[:1].islower() and not _named_in_lower_case(number, title):
            continue  # a section's title opens with a capital: "23 y 24 de Febrero de 2006" is a date
        known = KNOWN_SECTION.match(title) is not None and (number is not None or title[0].isupper())
        if not big and number is None and not known and last == n and text.endswith(".") \
                and len(title.split()) >= 2 and title[0].isupper() and len(text) <= p.max_chars \
                and not MATH_CHARS.search(text) and not CAPTION.match(text) \
                and _head_over_paragraph(lines, n, lead, emph, p) and not _mid_sentence(lines, n, out, p):
            # A run-in head that fills its line, its paragraph opening on the next (PNAS's and ASM's
            # "ECLI Is Stabilized by β1 and the Conserved Asn326 Glycosylation." over "Compared to ...").
            out.append(Heading(text.rstrip(" ."), None, line.page, line.box[1], line.size, True, line, letter,
                               run_in=True))
            continue
        if not big and number is None and not known:
            below = shares[last + 1] if last + 1 < len(lines) else 0.0
            words = len(title.split())
            # A line of its own in a heading's face is a heading where it opens afresh: the lines of a bold caption
            # or paragraph carry on the sentence of the line above, in their face. A long one (a result stated as a
            # heading runs to 25 words, a caption's line as long) opens afresh after any line.
            if words > p.standalone_max_words \
                    or (words > p.standalone_short_words or n and shares[n - 1] >= p.emphasis_share) \
                    and _mid_sentence(lines, n, out, p) \
                    or not (_standalone(lines[last], lines[last + 1:last + 3], below, p)
                            or _over_subheading(lines[last], lines[last + 1:last + 2], below, p)
                            or _over_heading(lines, last, shares, italic, p)):
                # A run-in head may fill most of its line ("Genes important for desiccation tolerance in
                # A. baumannii AB5075. We took") or wrap, its face running on into the next line's start.
                run_in = _run_in(line, emph, lead) if last == n and not _mid_sentence(lines, n, out, p) else None
                if run_in is None and last == n and n + 1 < len(lines) \
                        and all(i.font in emph for i in line.items[lead:] if _letters(i.text)) \
                        and not text.endswith((".", ":")) \
                        and _wraps(line, lines[n + 1], p, lines[n + 1].items[0].size) \
                        and not _mid_sentence(lines, n, out, p):
                    run_in = _run_in(lines[n + 1], emph, 0, before=text)
                    last = n + 1
                if run_in is not None:
                    number, title, letter = _parse(run_in)
                    out.append(Heading(run_in, number, line.page, line.box[1], line.size, True, line, letter,
                                       run_in=True))
                    n = last
                continue
        if number is None and not known:
            # A display equation or a label set large, a caption, a bullet ("d Strong volume ..."),
            # a logo ("ll"), a sentence, a question, or a line of prose broken off at a comma (a scan's OCR
            # sets some prose lines large; a heading does not end at a comma).
            if MATH_CHARS.search(text) or not text[0].isupper() or CAPTION.match(text) \
                    or text.endswith((".", "?", ",")) or _longest_word(text) < 4:
                continue  # also table heads and diagram labels: "F1 P R F1", "ETT CTT"
            if page.number == 1 and (line.size < p.title_size * page_max
                                     or " " not in text and page_max >= p.size_ratio * body) \
                    and not (_text_follows(lines[last], lines[last + 1:last + 2], body, p)
                             and len(lines[last + 1].text) >= p.spaced_min_next
                             and any(h.number is not None and not h.letter_only or _body_section(h.title)
                                     for h in out)):
                # Front matter: authors, affiliations, "Highlights", a logo; the title alone is kept. It comes
                # before the body: under a section of the body ("Introduction", "Methods", "1 Overview") on page
                # 1, an unnumbered heading over a paragraph, whose first line is a full one, is a subsection's (a
                # figure's words stand over short labels).
                continue
            paragraph = paragraph or _in_paragraph(lines, shares, p)
            if paragraph[n]:
                continue  # four or more lines alike: a summary paragraph set large, not a heading
            if big and page.number > 1 and not _text_follows(lines[last], lines[last + 1:last + 2], body, p):
                # A figure's words, short lines scattered over a graphic, set large; or a running head,
                # which must still be seen on every page it is on to be known for one.
                out.append(Heading(text, number, line.page, line.box[1], line.size, emphasised, line, letter,
                                   figure=True))
                n = last
                continue
        out.append(Heading(text, number, line.page, line.box[1], line.size, emphasised, line, letter))
        n = last
    if out:  # (after the rest: few lines get this far)
        at = {id(ln): k for k, ln in enumerate(lines)}
        out = [h for h in out if ((k := at.get(id(h.line))) is None or not _in_row(lines, shares, k, p))
               and not NAME_LIST_LINE.search(h.title) and not AUTHOR_NAME_MARKED.match(h.title)
               and not (page.number == 1 and h.title.count(",") >= 2 and AFFILIATION_WORDS.search(h.title))]
    if page.number == 1:
        # Of the large unnumbered lines left on page 1 the title is the one with the most letters: RSC sets
        # the journal's name ("Chemical Science", over two lines) larger and "EDGE ARTICLE" as large,
        # Elsevier its masthead's "Molecular Phylogenetics and Evolution" at 13.9 pt over a 13.4 pt title.
        front = [h for h in out if h.number is None and not KNOWN_SECTION.match(h.title)
                 and h.size >= p.title_size * page_max]
        if len(front) > 1:
            largest = max(front, key=lambda h: _letters(h.title))
            out = [h for h in out if h is largest or not any(h is f for f in front)]
    at = {id(ln): k for k, ln in enumerate(lines)}
    for k, h in enumerate(out):
        centred, slanted = _centred(lines, at, h, p), _share(h.line.items, italic) >= p.face_share
        if centred or slanted:
            out[k] = replace(h, italic=slanted or h.italic, centred=centred)
    return out


def _centred(lines: Sequence[Line], at: dict[int, int], h: Heading, p: OutlineParams) -> bool:
    """Whether the heading ``h`` stands centred over the lines under it (:func:`_centred_over`), told from its first
    line: a heading wrapped over two lines counts as not centred, and :func:`_alone_centred` keeps it."""
    k = at.get(id(h.line))
    return k is not None and k + 2 < len(lines) and lines[k + 1].column == h.line.column \
        and _centred_over(h.line, lines[k + 1], lines[k + 2], p)


def _in_paragraph(lines: Sequence[Line], shares: Sequence[float], p: OutlineParams, run: int = 4) -> list[bool]:
    """For each line, whether it belongs to ``run`` or more consecutive lines of one size and face."""
    count = len(lines)
    out = [False] * count
    faced = [share > p.face_share for share in shares]
    same, leading = p.same_size, p.wrap_leading
    start = 0
    for i in range(1, count):
        a, b = lines[i - 1], lines[i]
        if a.column == b.column and -same < a.size - b.size < same \
                and 0 < b.baseline - a.baseline <= leading * b.size and faced[i - 1] == faced[i]:
            continue  # alike: the run goes on
        if i - start >= run:
            out[start:i] = [True] * (i - start)
        start = i
    if count - start >= run:
        out[start:] = [True] * (count - start)
    return out


def _standalone(line: Line, after: Sequence[Line], after_share: float, p: OutlineParams) -> bool:
    """An unnumbered heading in a heading face: a short line of its own, followed by body text.

    Cell Press, BMJ, Frontiers and BMC number no sections: "Lead contact" in bold, then a paragraph.
    The next line must be in the same column and be set in a plain face no much larger than the heading;
    that rules out table header cells and bold figure labels. A heading is flush with its paragraph or hangs
    out to the left of it (a paragraph's first line may be indented; Science's manuscripts set headings at
    the margin and the text 6 em in), so the next line starts at most ``indent`` x size left of it, or it stands
    centred over the paragraph (:func:`_centred_over`). A paragraph is words: under a table's bold column head
    comes a row of figures ("16.6 (14.0) 2.3 (−0.2 to 4.7)"). ``line`` is the heading's last line when it wraps;
    ``after``: the lines under it, the paragraph's first two where it has two.
    """
    text = " ".join(line.text.split())
    if not after or text.endswith((",", ";", ":")) or MATH_CHARS.search(text):
        return False
    nxt = after[0]
    indent = nxt.box[0] - line.box[0]
    return (nxt.column == line.column and 0 < nxt.baseline - line.baseline <= 3 * line.size
            and (-p.indent * line.size <= indent or _centred_over(line, nxt, after[1] if after[1:] else None, p))
            and nxt.size <= line.size * p.standalone_next_size
            and after_share < p.face_share and len(nxt.text) > len(text) / 2
            and len(nxt.text) >= (p.hang_min_next if indent > p.indent * line.size else p.standalone_min_next)
            and _letters(nxt.text) * 2 >= len(nxt.text.replace(" ", ""))
            and not _opening(nxt)[:1].islower()  # a paragraph or a list opens; a wrapped sentence goes on
            and not _cells_over_cells(line, nxt, p))


def _centred_over(line: Line, nxt: Line, then: Line | None, p: OutlineParams) -> bool:
    """Whether ``line`` stands centred over the paragraph that opens with ``nxt`` and goes on with ``then``
    (REVTeX, IEEE and many journals centre their section headings over the column): their middles within an em,
    ``nxt`` reaching out an em or more on either side, and ``then`` under it, flush with it or with its indent
    (a paragraph's lines share their left edge; under a chart's centred title and subtitle come its figures)."""
    return then is not None and _same_middle(line, nxt) \
        and (nxt.box[2] - nxt.box[0]) - (line.box[2] - line.box[0]) >= 2 * line.size \
        and then.column == nxt.column and 0 < then.baseline - nxt.baseline <= 2 * nxt.size \
        and -p.indent * nxt.size <= then.box[0] - nxt.box[0] <= 1.0 and then.box[2] <= nxt.box[2] + 1.0


def _cells_over_cells(line: Line, nxt: Line, p: OutlineParams) -> bool:
    """Whether ``line`` parts its words into cells and ``nxt`` resumes at one of them after a gap of its own:
    a table's header over its first row ("ID   Literature Review Topics" over "P1   Co-design methodologies"). A
    heading is one phrase; only its number stands apart ("2.1   Results")."""
    items, size = line.items, line.size
    for k in range(_lead(line) + 1, len(items)):
        a, b = items[k - 1], items[k]
        if b.x - (a.x + a.width) < p.cell_gap * size:
            continue
        for m in range(1, len(nxt.items)):
            c, d = nxt.items[m - 1], nxt.items[m]
            if abs(d.x - b.x) <= p.cell_align * size and d.x - (c.x + c.width) >= p.cell_gap_below * size:
                return True
    return False


def _opening(line: Line) -> str:
    """The line's text after a list's bullet: one glyph in a font of its own before the item's first word
    (Cell Press's bullet reads "d" in its symbol font, Zapf Dingbats' "n", Wingdings' "l")."""
    items = line.items
    if len(items) > 1 and len(items[0].text.strip()) == 1 and items[0].font != items[1].font:
        return line.text[line.offsets[1]:].lstrip()
    return line.text.lstrip()


def _text_follows(line: Line, after: Sequence[Line], body: float, p: OutlineParams) -> bool:
    """Whether text follows a large unnumbered line in its column: a heading is followed by a paragraph
    (or a heading under it) close below, while a figure's words are short scattered lines inside the
    graphic, the next one a label of one word or one set small ("Current subtraction" over "VDD"), or
    in another column. ``line`` is the heading's last line when it wraps."""
    if not after:
        return False
    nxt = after[0]
    return nxt.page == line.page and nxt.column == line.column \
        and 0 < nxt.baseline - line.baseline <= p.apart_below * line.size \
        and nxt.size >= p.figure_label_size * body and len(nxt.text.split()) >= 2 \
        and not FIGURE_CAPTION.match(nxt.text)


def _over_heading(lines: Sequence[Line], k: int, shares: Sequence[float], italic: frozenset[int],
                  p: OutlineParams) -> bool:
    """A heading straight over its first subsection's heading, which a paragraph follows: a section needs no
    paragraph of its own before its first subsection ("Experiment and discussion" in bold over "Experimental
    set-up" in italics, then the text). The line under it is a heading by :func:`_standalone`, in a heading
    face or in italics, flush with it, no larger (a subsection is not set above its section) and, as a
    heading's text, not ending a sentence or a clause. (:func:`_over_subheading` takes a heading in capitals
    over a subheading in a heading face but not in capitals, asking for no paragraph under it.) ``lines[k]`` is
    the heading's last line."""
    if k + 2 >= len(lines):
        return False
    line, sub = lines[k], lines[k + 1]
    text, below = " ".join(line.text.split()), " ".join(sub.text.split())
    if text.endswith((",", ";", ":", ".")) or below.endswith((",", ";", ":", ".")) or sub.size > line.size \
            or len(below.split()) > p.standalone_short_words:
        return False
    return sub.column == line.column and 0 < sub.baseline - line.baseline <= 3 * line.size \
        and abs(sub.box[0] - line.box[0]) <= p.indent * line.size \
        and (shares[k + 1] >= p.face_share or _share(sub.items, italic) >= p.emphasis_share) \
        and _standalone(sub, lines[k + 2:k + 4], shares[k + 2], p)


def _over_subheading(line: Line, after: Sequence[Line], after_share: float, p: OutlineParams) -> bool:
    """A section heading in capitals straight over its first subheading, set in a heading face but not
    in capitals ("RESOURCE AVAILABILITY", then "Lead contact" in Cell Press's STAR Methods), flush with it or
    both centred: a heading needs no paragraph of its own before its first subsection."""
    text = " ".join(line.text.split())
    if not after or text.upper() != text or _letters(text) < 4 or text.endswith((",", ";", ":", ".")):
        return False
    nxt = after[0]
    sub = " ".join(nxt.text.split())
    return nxt.column == line.column and 0 < nxt.baseline - line.baseline <= 3 * line.size \
        and (abs(nxt.box[0] - line.box[0]) <= p.indent * line.size or _same_middle(line, nxt)) \
        and after_share >= p.face_share and sub.upper() != sub and sub[:1].isupper() and len(sub) <= p.max_chars


def _same_middle(line: Line, nxt: Line) -> bool:
    """Whether two lines are centred alike, their middles within an em of ``line``'s size: a centred heading
    over its paragraph (:func:`_centred_over`), or over its first subheading, centred too."""
    return abs((nxt.box[0] + nxt.box[2]) - (line.box[0] + line.box[2])) <= 2 * line.size


_DASHES = ("—", "–")  # an em dash, and the en dash some fonts set for it


def _run_in(line: Line, emph: frozenset[int], k: int, before: str = "") -> str | None:
    """The bold head of a run-in heading, "2.1 Data. We collected ..." → "2.1 Data", else None.

    The emphasised part must open the line (after a section number in any font) and be numbered, a
    known section name, or a phrase of two or more words closed by a full stop ("Desiccation assay."
    in ASM and PNAS methods sections). ``k``: how many leading items are its number (:func:`_lead`).
    ``before``: the head's first line, all in its face, when the head wraps onto ``line``.
    """
    j = end = k
    # The bold run may hold short pieces in other fonts: "3.4. FIDD using CN(1)." sets "(1)" in CMR7.
    while j < len(line.items) and (line.items[j].font in emph or _letters(line.items[j].text) <= 3):
        if line.items[j].font in emph:
            end = j + 1
        j += 1
    j = end
    if j == k or j == len(line.items) or not _letters(" ".join(i.text for i in line.items[k:j])):
        return None
    raw = join_lines(f"{before}\n{line.text[: line.offsets[j]]}")
    if raw.endswith(","):
        return None  # a run-in head closes with a full stop or a colon; one on a comma was cut where its face changed
    # ... or a dash, in its face or the text's: the Physical Review's "Introduction.—", "Methods—".
    closed = raw.endswith((".", ":")) or raw.rstrip().endswith(_DASHES) \
        or line.text[line.offsets[j]:].lstrip().startswith(_DASHES)
    raw = raw.rstrip(" " + "".join(_DASHES))
    if not closed and any(i.font in emph and _letters(i.text) for i in line.items[j + 1:]):
        return None  # the face comes back after a word in another one ("4.2.1 The covtype dataset"): one heading
    if raw.endswith(":") and line.text[line.offsets[j]:].lstrip()[:1].isdigit():
        return None  # a field of the paper's record, its value a date or a number: "First published: 12 Aug 2014"
    nested = RUN_IN_NESTED.search(raw)
    if nested is not None:
        # ASM's journals run a lower level's numbered head on after its section's, in one bold phrase:
        # "Pipeline development. (i) Pipeline overview. The cinful ...". The section's head ends at its full stop.
        raw = raw[:nested.start() + 1]
    head = raw.rstrip(" .:")
    number, title, _letter = _parse(head)
    if not _letters_ok(title) or len(head) > 100:
        return None
    if number is not None and (MATH_CHARS.search(title) or title[:1].islower() and "." not in number.rstrip(".")):
        # Pseudo-code: numbered lines, keywords in bold ("1 for k ← 1 to", "6 if", "9 return"); a run-in
        # section title holds no operator, and a top-level one opens with a capital (a lower level may
        # open with a name: "2.8. k-shell decomposition").
        return None
    phrase = closed and len(title.split()) >= 2 and title[0].isupper() \
        and not MATH_CHARS.search(title) and not CAPTION.match(title)
    # A heading opens with a capital: a caption's bold opening that wraps ("... in multilingual human" over
    # "evaluation. We compare ...") leaves a lower-case word in bold at the next line's start.
    if number is not None or KNOWN_SECTION.match(title) and title[0].isupper() or phrase:
        return head
    return None


def _opens_plain(items: Sequence[TextItem], faces: frozenset[int]) -> bool:
    """Whether the first word of ``items`` (a line after its section number) is set in none of ``faces``:
    a heading's title is all in its face, while a bold phrase inside an entry of a list ("35. Leal WS: **Duality
    monomer-dimer of ...**") follows plain words. A symbol or a letter in a math font may open a title in
    a face ("$k$-means clustering"): only a word of two letters or more counts."""
    for i in items:
        if _letters(i.text) >= 2:
            return i.font not in faces
    return False


def _head_over_paragraph(lines: Sequence[Line], n: int, lead: int, emph: frozenset[int], p: OutlineParams) -> bool:
    """Whether line ``n`` is in a heading face throughout (after its number), a paragraph opens on the next
    line (in its column at a paragraph's leading, with a capital, in another face), and the line above, if
    close over it, closes its sentence: the line opens a paragraph of its own (a run-in head's)."""
    if n + 1 >= len(lines):
        return False
    line, nxt = lines[n], lines[n + 1]
    # A paragraph's leading: the usual one, or the paragraph's own where it is set wider (a manuscript's
    # double spacing).
    reach = p.wrap_leading * max(line.size, nxt.size)
    own = _leading(nxt, lines[n + 2]) if n + 2 < len(lines) else None
    if own is not None:
        reach = max(reach, p.head_gap * own)
    if not (all(i.font in emph for i in line.items[lead:] if _letters(i.text)) and nxt.items[0].font not in emph
            and nxt.page == line.page and nxt.column == line.column and nxt.text.lstrip()[:1].isupper()
            and 0 < nxt.baseline - line.baseline <= reach):
        return False
    prev = lines[n - 1] if n else None
    return prev is None or prev.page != line.page or prev.column != line.column \
        or not 0 < line.baseline - prev.baseline <= p.wrap_leading * max(line.size, prev.size) \
        or prev.text.rstrip()[-1:] in ".!?:"


def _mid_sentence(lines: Sequence[Line], n: int, found: Sequence[Heading], p: OutlineParams) -> bool:
    """Whether line ``n`` carries on the sentence of the line above: that line, in its column and size at a
    paragraph's leading, ends without closing a sentence or a clause ("... in the malaria mosquito" over
    "*Anopheles gambiae*. Nature. 2010") and is no heading (``found``: the page's headings so far). A run-in
    head opens a paragraph, so it follows a line that ends one, or a heading."""
    if n == 0:
        return False
    prev = lines[n - 1]
    end = prev.text.rstrip()[-1:]
    return bool(end) and (end.isalnum() or end in ",-") and _wraps(prev, lines[n], p) \
        and not (found and found[-1].line is prev)


def _wraps(line: Line, nxt: Line, p: OutlineParams, size: float | None = None) -> bool:
    """Whether ``nxt`` carries ``line`` on: the next line of its paragraph, in its column and size, at a
    paragraph's leading under it. ``size``: the size of what carries it on, where that is not the next line's
    (a run-in head set smaller than its paragraph goes on at the start of a line of the paragraph's size)."""
    return nxt.page == line.page and nxt.column == line.column \
        and abs((nxt.size if size is None else size) - line.size) < p.same_size \
        and 0 < nxt.baseline - line.baseline <= p.wrap_leading * line.size


def _long_in_heading_face(headings: list[Heading], pages: Sequence[Page]) -> list[Heading]:
    """The headings without the long spaced ones (:func:`_spaced_heading`) set in a face (font and size) no
    other spaced heading of the paper is in: a paper sets its headings of a level in one face, while a
    sentence set apart in a font of its own (a quotation, a display) stands alone in it."""
    if not any(h.long for h in headings):
        return headings
    by_number = {page.number: page for page in pages}
    faces = {_face(h, by_number) for h in headings if h.spaced and not h.long}
    return [h for h in headings if not h.long or _face(h, by_number) in faces]


def _face(h: Heading, by_number: dict[int, Page]) -> tuple[str, float]:
    """The font (its name) and size (to half a point) a heading's first item is set in."""
    first, fonts = h.line.items[0], by_number[h.page].fonts
    return fonts[first.font].name if 0 <= first.font < len(fonts) else "", round(first.size * 2) / 2


def _alone_centred(headings: list[Heading], pages: Sequence[Page]) -> list[Heading]:
    """The headings without the unnumbered ones centred over their paragraph in a face (font and size) no other
    heading of the paper is in: a paper sets its headings of a level alike, while a table's or a box's title
    is centred over what it heads, alone in its face."""
    if not any(h.centred for h in headings):
        return headings
    by_number = {page.number: page for page in pages}
    faces = Counter(_face(h, by_number) for h in headings)
    return [h for h in headings if not (h.centred and h.number is None and not h.run_in and not _known(h.title)
                                        and faces[_face(h, by_number)] == 1)]


def _running(headings: list[Heading], p: OutlineParams) -> set[int]:
    """Indexes of headings whose text recurs on ``repeat_pages`` or more pages (running heads). Two
    headings that both carry a section number, and not the same one, are different sections however alike
    their titles ("1.1 Introduction", "2.1 Introduction" in a thesis).

    Comparing every pair is quadratic: a 500-page book has 1,000 headings, a million edit distances (a minute
    in Pyodide). Two strings within ``k`` edits share at least ``max(len) - 2 - 3k`` of their trigrams
    (the q-gram lemma), and with ``k <= repeat_distance * min(len)`` that bound is positive whenever the
    longer string is longer than ``2 / (1 - 3 * repeat_distance)``: so only titles that share trigrams are
    compared, save for short ones, which are compared with all.

    >>> from citelens.params import PARAMS
    >>> hs = [Heading(t, n, pg, 0, 10, True, None) for t, n, pg in [("Journal of Tests", None, 1),
    ...       ("Journal of Tests", None, 2), ("Journal of Tests.", None, 3), ("Introduction", "1.1", 4),
    ...       ("Introduction", "2.1", 5), ("Introduction", "3.1", 6)]]
    >>> sorted(_running(hs, PARAMS.outline))
    [0, 1, 2]
    >>> from dataclasses import replace  # the same through the trigram index
    >>> sorted(_running(hs, replace(PARAMS.outline, repeat_index_from=0)))
    [0, 1, 2]
    """
    keys = [h.title.lower() for h in headings]
    if len(keys) <= p.repeat_index_from:  # a paper's few dozen headings: every pair is cheaper than an index
        return _running_pairs(headings, keys, p)
    grams = [Counter(k[n:n + 3] for n in range(len(k) - 2)) for k in keys]
    holders: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for j, g in enumerate(grams):
        for gram, count in g.items():
            holders[gram].append((j, count))
    short = 2 / (1 - 3 * p.repeat_distance) if p.repeat_distance < 1 / 3 else float("inf")
    bad: set[int] = set()
    for i, a in enumerate(keys):
        shared: Counter[int] = Counter()
        for gram, count in grams[i].items():
            for j, other in holders[gram]:
                shared[j] += min(count, other)
        pages = {headings[i].page}
        for j in (range(len(keys)) if len(a) <= short else sorted(shared)):
            b = keys[j]
            if i == j or headings[j].page in pages:
                continue
            if _distinct_sections(headings[i], headings[j]):
                continue
            limit = int(p.repeat_distance * min(len(a), len(b)))
            if abs(len(a) - len(b)) > limit or shared[j] < max(len(a), len(b)) - 2 - 3 * limit:
                continue
            if Levenshtein.distance(a, b, score_cutoff=limit) <= limit:
                pages.add(headings[j].page)
        if len(pages) >= p.repeat_pages:
            bad.add(i)
    return bad


def _running_pairs(headings: list[Heading], keys: list[str], p: OutlineParams) -> set[int]:
    """:func:`_running` by comparing every pair that may match: of one numbering and within reach in length.

    Two headings not :func:`_distinct_sections` carry the same number or both none, so each is compared within
    its number's group only. Two titles further apart in length than the edits allowed never match: with
    ``k = int(repeat_distance * min(len))`` edits, ``b``'s length is within ``int(repeat_distance * len(a))``
    of ``a``'s, so only that window of the group's titles sorted by length is compared. (The order of the
    comparisons changes nothing: each adds its page or not, on its own.)"""
    lengths = [len(k) for k in keys]
    groups: defaultdict[str | None, list[int]] = defaultdict(list)
    for j in sorted(range(len(keys)), key=lengths.__getitem__):
        groups[headings[j].number].append(j)
    windows = {number: (group, [lengths[j] for j in group]) for number, group in groups.items()}
    bad: set[int] = set()
    on = [h.page for h in headings]
    share = p.repeat_distance
    for i, a in enumerate(keys):
        pages = {on[i]}
        la = lengths[i]
        reach = int(share * la)
        group, group_lengths = windows[headings[i].number]
        for j in group[bisect_left(group_lengths, la - reach):bisect_right(group_lengths, la + reach)]:
            lb = lengths[j]
            limit = int(share * (la if la < lb else lb))
            if abs(la - lb) > limit or i == j or on[j] in pages:
                continue
            if Levenshtein.distance(a, keys[j], score_cutoff=limit) <= limit:
                pages.add(on[j])
        if len(pages) >= p.repeat_pages:
            bad.add(i)
    return bad


def _once(headings: list[Heading], p: OutlineParams) -> list[Heading]:
    """Each section once. A section number names one section, so the same number and title met twice
    is a table of contents listing the heading before the heading itself (Qwen2's "1 Introduction" on
    page 2, "1 INTRODUCTION" on page 3): the later one is kept. The same title at the same height on
    the next page is a table's or a box's head repeated where it continues, or a running head of two
    pages: the first one is kept."""
    def key(h: Heading) -> str:
        return " ".join(_parse(h.title)[1].lower().split())

    last_of = {(h.number, key(h)): i for i, h in enumerate(headings) if h.number is not None}
    out: list[Heading] = []
    for i, h in enumerate(headings):
        if h.number is not None and last_of[(h.number, key(h))] != i:
            continue
        if any(o.page == h.page - 1 and o.title.lower() == h.title.lower() and abs(o.y - h.y) <= p.repeat_height * h.size
               for o in out[-p.repeat_lookback:]):
            continue
        out.append(h)
    return out


def _top_number(h: Heading) -> int | None:
    """The first number of a heading's numbering in digits ("4" of "4.2"), else None."""
    number = h.number
    return int(number.split(".")[0]) if number and number[:1].isdigit() else None


def _without_lists(headings: list[Heading]) -> list[Heading]:
    """The headings without a numbered list set like them inside a section. Section numbers only rise; a
    run "1.", "2.", "3." that restarts below the current section's number ("3 System Architecture", then
    "1. Layout", "2. Edge routing"), stays within it, lies on one or two pages and is followed by the
    section numbering again at or above where it was, is a list's items, not sections."""
    drop: set[int] = set()
    top = 0
    i = 0
    while i < len(headings):
        t = _top_number(headings[i])
        if t == 1 and top > 1 and "." not in (headings[i].number or "").rstrip("."):
            j = i
            while j + 1 < len(headings) and _top_number(headings[j + 1]) == j + 2 - i <= top \
                    and "." not in (headings[j + 1].number or "").rstrip(".") \
                    and headings[j + 1].page - headings[i].page <= 1:
                j += 1
            resumed = next((n for h in headings[j + 1:] if (n := _top_number(h)) is not None), None)
            if resumed is not None and resumed >= top:
                drop.update(range(i, j + 1))
                i = j + 1
                continue
        if t is not None and t > top:
            top = t
        i += 1
    return [h for n, h in enumerate(headings) if n not in drop]


def _in_sequence(headings: list[Heading]) -> list[Heading]:
    """The headings without a lone top-level number inside a section: between "2.2" and "2.3" only parts of
    section 2 stand, so a "3." there (a numbered item run in as a head: "3. Payroll tax cut. In this
    policy ...") is no section; section 3 comes later."""
    tops = [_top_number(h) for h in headings]
    numbered = [k for k, t in enumerate(tops) if t is not None]
    drop: set[int] = set()
    for a, k, b in zip(numbered, numbered[1:], numbered[2:]):
        h = headings[k]
        if tops[a] == tops[b] != tops[k] and "." not in (h.number or "").rstrip(".") \
                and "." in (headings[b].number or "").rstrip("."):
            drop.add(k)
    return [h for n, h in enumerate(headings) if n not in drop]


def _distinct_sections(a: Heading, b: Heading) -> bool:
    """Whether two alike headings are different sections: both numbered, not the same number; or one
    numbered and one not (a running head repeats itself, with its number or without it, never both
    ways: "5 EVALUATION" and an "Evaluation" paragraph head are two headings)."""
    return (a.number is None) != (b.number is None) or a.number is not None and a.number != b.number


def _levels(headings: list[Heading], p: OutlineParams) -> list[int]:
    """Levels follow the numbering first, then the look.

    A dotted number's depth is its level (3.2.1 → 3). Unnumbered known section names are level 1. Other
    unnumbered headings take the level of the numbered ones set alike (size, weight, italics); failing
    that, a heading set weaker than the numbered heading it follows (smaller, or as large but not bold, or
    italic where that one is upright: an italic subsection under a bold "2 Methods") sits one level under
    it; failing that, its look's rank among the unnumbered headings (larger first, then capitals, bold,
    upright)."""
    by_look: dict[tuple[float, bool, bool], Counter[int]] = defaultdict(Counter)
    depth: list[int | None] = []
    numbers = [None if h.number is None else APPENDIX_WORD.sub("", h.number).rstrip(".:") for h in headings]
    # Sections numbered in Roman numerals (IEEE's "III. DYCOS") have lettered subsections; in a paper whose
    # sections carry digits, Roman numerals number items of a list.
    romans = sum(1 for n in numbers if n and roman_value(n) is not None and (len(n) > 1 or n == "I"))
    roman: int | None = 0 if romans > sum(1 for n in numbers if n and n[0].isdigit()) else None
    for h, number in zip(headings, numbers, strict=True):
        d: int | None = None
        if number and (number[0].isdigit() or "." in number):  # 3.2.1, A.1
            # A report's "2.0 METHODS" numbers section 2, over "2.1 Study design": a trailing ".0" adds no level.
            d = number.count(".") + 1 - (number.endswith(".0") and number.count(".") == 1)
        elif roman is not None and number and (value := roman_value(number)) is not None \
                and (len(number) > 1 or value == roman + 1):
            d, roman = 1, value  # IV; "I", "V" or "X" where the sections' Roman numbers reach it
        elif number and len(number) > 1:
            d = 1
        elif number and h.number != number:  # "Appendix A"
            d = 1
        elif number and roman and number.isalpha() and number.isupper():
            d = 2  # under sections numbered in Roman numerals, subsections are lettered: "A. Overview"
        if d is not None:
            by_look[_look(h)][d] += 1
        depth.append(d)

    def style(h: Heading) -> tuple[float, bool, bool, bool]:
        return (-round(h.size, 1), not h.title.isupper(), not h.bold, h.italic)

    # The paper's title (the largest line on page 1) is level 1 and does not push sections down.
    biggest = max(h.size for h in headings)
    title = next((i for i, h in enumerate(headings) if h.page == 1 and h.size == biggest and depth[i] is None), None)
    styles = sorted({style(h) for i, (h, d) in enumerate(zip(headings, depth, strict=True)) if d is None and i != title})
    out: list[int] = []
    parent: tuple[Heading, int] | None = None  # the last numbered heading and its depth
    for i, (h, d) in enumerate(zip(headings, depth, strict=True)):
        if d is not None:
            parent = (h, d)
        if i == title:
            d = 1
        elif d is None:
            known = by_look.get(_look(h))
            if _known(h.title):  # "Abstract", "References": top level whatever their size
                d = 1
            elif known:
                d = known.most_common(1)[0][0]
            elif parent is not None and _weaker(h, parent[0], p):
                d = parent[1] + 1
            else:
                d = min(styles.index(style(h)) + 1, 3)
        out.append(min(d, 6))
    return out


def _look(h: Heading) -> tuple[float, bool, bool]:
    return (round(h.size, 1), h.bold, h.italic)


def _weaker(h: Heading, than: Heading, p: OutlineParams) -> bool:
    """Whether ``h`` is set in a weaker style than ``than``: smaller, or as large and not bold where it
    is bold, or as large and as bold but italic where it is upright."""
    a, b = round(h.size, 1), round(than.size, 1)
    if abs(a - b) >= p.weaker_size:
        return a < b
    if h.bold != than.bold:
        return than.bold
    return h.italic and not than.italic


def _closer(lines_by_page: Sequence[Sequence[Line]], body: float, p: OutlineParams) -> float:
    """How much closer a paper's lines must be drawn to stand as print sets them: 1.0 for most papers; for a
    manuscript double-spaced (or one and a half) for review or a thesis, whose lines of text stand 1.5-2.4 x
    their size apart where print sets them about 1.2 x (``leading_print``), that leading over theirs. Every
    vertical measure of a heading (a blank line above it, its paragraph close under it, a wrapped line) is in
    ems of single-spaced text. The leading is the median distance between consecutive lines of one column set
    in the body's size (over the first pages that give ``leading_sample`` of them); a paper whose leading is under
    ``leading_stretched`` x the size is read as it is."""
    pitches: list[float] = []
    same, reach = p.same_size, 4 * body
    for lines in lines_by_page:
        if len(pitches) >= p.leading_sample:
            break  # (a paper sets its text one way throughout: its first pages tell)
        for a, b in zip(lines, lines[1:]):
            if a.column == b.column and abs(a.size - body) < same and abs(b.size - body) < same \
                    and 0 < b.baseline - a.baseline < reach:
                pitches.append(b.baseline - a.baseline)
    if len(pitches) < p.min_lines_for_leading:
        return 1.0
    pitches.sort()
    leading = pitches[len(pitches) // 2]
    return 1.0 if leading < p.leading_stretched * body else p.leading_print * body / leading


def _drawn_together(page: Page, lines: Sequence[Line], closer: float, body: float, prose: frozenset[float],
                    p: OutlineParams) -> list[Heading]:
    """:func:`_candidates` on the page's lines drawn ``closer`` together (:func:`_closer`; 1.0: as they stand):
    each line moves up whole (its superscripts with it) to where print's leading would set it, the page shortened
    alike; the headings found stand where their lines do on the page."""
    if closer == 1.0 or not lines:
        return _candidates(page, lines, body, prose, p)
    top = min(line.baseline for line in lines)
    moved: dict[int, Line] = {}
    near: list[Line] = []
    for line in lines:
        drawn = shifted(line, (closer - 1.0) * (line.baseline - top))
        moved[id(drawn)] = line
        near.append(drawn)
    short = replace(page, height=top + closer * (page.height - top))
    out = []
    for h in _candidates(short, near, body, prose, p):
        line = moved.get(id(h.line), h.line)
        out.append(replace(h, y=h.y + line.box[1] - h.line.box[1], line=line))
    return out


def detect_outline(
    pages: Sequence[Page],
    body: float,
    p: OutlineParams = PARAMS.outline,
    layout: LayoutParams = PARAMS.layout,
    lines_by_page: dict[int, list[Line]] | None = None,
    sizes: dict[float, int] | None = None,
    running_heads: Callable[[int], Collection[float]] | None = None,
) -> tuple[OutlineItem, ...]:
    """Headings detected from the text, or ``()`` when no trustworthy outline is found.

    ``lines_by_page`` reuses lines already built at the default tolerance, ``sizes`` the document's
    :func:`~citelens.layout.size_histogram`, ``running_heads`` the baselines of a page's running heads and feet
    (:meth:`citelens.references.furniture.Furniture.running`).
    """
    headings: list[Heading] = []
    prose = _prose_sizes(size_histogram(pages) if sizes is None else sizes, p.prose_share)
    built = [lines_by_page[page.number] if lines_by_page is not None and page.number in lines_by_page
             else page_lines(page, layout.line_tolerance, layout) for page in pages]
    closer = _closer(built, body, p)
    for page, lines in zip(pages, built, strict=True):
        lines = _repaired(page, lines, body, p, layout)
        found = _drawn_together(page, lines, closer, body, prose, p)
        # A tight-leading template merges a large heading into the body line under it: only a page with
        # large text in a line that is not large itself (the body's size covers most of its letters) is
        # worth the second pass. (Large text is ``size_ratio`` x the body at least: a page whose largest
        # item is smaller has none, and most pages are such.)
        if not found and max(map(_size, page.items), default=0.0) >= p.size_ratio * body \
                and any(_large(i.size, body, prose, p) and not _large(ln.size, body, prose, p)
                        for ln in lines for i in ln.items):
            tight = _repaired(page, page_lines(page, layout.line_tolerance_tight, layout), body, p, layout)
            found_tight = _drawn_together(page, tight, closer, body, prose, p)
            if found_tight:
                found = found_tight
        headings.extend(found)
    headings = _alone_centred(_long_in_heading_face(headings, pages), pages)
    heights = {page.number: page.height for page in pages}
    # A running head or foot is set at the page's top or bottom edge: the same heading on a line of its own
    # further down the page on three pages is a section a paper repeats ("Methods", "Results" under each of its
    # studies, "Industry Case 1" to "9"), not furniture. A run-in head met so often labels a form's field (each
    # referee report's "Competing Interests:"), wherever it is.
    running = {i for i in _running(headings, p) if headings[i].run_in or _at_edge(headings[i], heights, p)}
    kept: list[Heading] = []
    after_refs = False
    contributions = False  # under an author-contributions statement's heading
    chapter: Heading | None = None  # the last top-level heading ("2 Methods", a large "Methods") before a list
    for i, h in enumerate(headings):
        if i in running:
            continue
        if running_heads is not None:
            if _at_edge(h, heights, p) and round(h.line.baseline, 1) in running_heads(h.page):
                continue  # the same line at the edge of the pages around: a running head, however it is set
        if h.run_in and contributions:
            continue  # a role the statement lists, "Data curation: A. B.", "Methodology: C. D."
        if not h.run_in:
            contributions = CONTRIBUTIONS_HEADING.match(h.title) is not None
        if h.size < p.min_heading_size * body:
            continue  # no heading is set at little more than half the text's size: a page shown in a figure
        if h.number is None and not h.run_in and h.size < p.min_unnumbered_size * body \
                and not _known(h.title):
            # A paper does not set its headings smaller than its text: a smaller unnumbered line is a figure's
            # label or a table's column head. Only the back matter's known names ("Acknowledgments" at 7 pt)
            # and the run-in heads of a methods section set small come that small.
            continue
        if h.figure or THEOREM_LABEL.match(h.title) or FIGURE_CAPTION.match(h.title) or NOT_A_SECTION.match(h.title):
            continue  # a theorem's, a figure's or the front matter's label ("Lemma 3.1", "Fig. A.1", "Keywords")
        if after_refs:
            # Reference entries must never become headings; only an appendix, or a section the
            # bibliography plainly ended for (Nature's "Methods", Cell's "STAR+METHODS": a known name
            # or a line in capitals, standalone), comes after it; or the next chapter of a book or a thesis,
            # whose chapters each close with a list: set as the last chapter before the list is, and numbered on
            # from it where it is numbered (an entry is set in the list's size and face, and numbered from 1).
            if _next_chapter(chapter, h):
                after_refs = False
                chapter = h
            elif not APPENDIX_HEADING.match(h.title):
                if h.number is not None or h.spaced or not (KNOWN_SECTION.match(h.title) or h.title.isupper()):
                    continue
                after_refs = REFERENCE_LIST_HEADING.match(h.title) is not None
        elif h.letter_only:
            # Before the bibliography "A Survey of ..." is a title, not appendix A; a letter numbers a section
            # where its first subsection follows, numbered under it ("B COMPLEXITY ..." over "B.1 COST ...").
            if h.number is not None and i + 1 < len(headings) and _numbers_under(h.number, headings[i + 1].number):
                h = replace(h, letter_only=False)
            else:
                # In capitals, "A" opening the line is the article ("A SATISFACTORY MODEL"): a title, whatever its size.
                if not KNOWN_SECTION.match(h.title) and h.size < p.size_ratio * body \
                        and not (h.number == "A" and h.title.isupper()):
                    continue
                h = replace(h, number=None, letter_only=False)
        elif REFERENCE_LIST_HEADING.match(h.title):
            after_refs = True
        elif not h.run_in and (h.number is not None and h.number.isdigit()
                               or h.number is None and h.size >= p.size_ratio * body):
            chapter = h
        kept.append(h)
    kept = _once(kept, p)
    # A paragraph's run-in head ("Datacenter Monitoring. We ...") in a paper whose sections are numbered
    # sits below its numbered levels (LaTeX's \paragraph), deeper than a paper's outline goes, even where it
    # names a body section ("Model.", "Data."): such a paper leaves unnumbered only the matter after its text
    # ("Acknowledgments."). Where the sections carry no numbers (ASM's and PNAS's methods), run-in heads are
    # the lowest sections.
    if sum(h.number is not None for h in kept) >= p.numbered_paper:
        kept = [h for h in kept if not h.run_in or h.number is not None or UNNUMBERED_SECTION.match(h.title)]
        # A paper numbers its sections in one system: where they are numbered in digits, a run-in head
        # numbered in Roman numerals labels an item of a list ("I. Statistical: uses ...", "II. Hybrid: ...").
        roman = {id(h) for h in kept if h.number is not None and ROMAN_NUMBER.fullmatch(h.number.rstrip("."))}
        if 2 * len(roman) < sum(h.number is not None for h in kept):
            kept = [h for h in kept if not (h.run_in and id(h) in roman)]
    kept = _in_sequence(_without_lists(kept))
    if len(kept) < p.min_headings:
        return ()
    # A long gap between few headings is a sign of junk, but not after a body section every paper may name:
    # a Results or a Discussion runs over many pages without a subsection where the paper numbers none (an
    # abstract or the matter after the text does not).
    max_gap = p.max_gap_share * len(pages)
    if len(kept) < p.gap_trusted and any(b.page - a.page > max_gap and not _body_section(a.title)
                                         for a, b in zip(kept, kept[1:], strict=False)):
        return ()
    levels = _levels(kept, p)
    return tuple(OutlineItem(h.title, lv, h.page, h.y) for h, lv in zip(kept, levels, strict=True))


def _next_chapter(chapter: Heading | None, h: Heading) -> bool:
    """Whether ``h``, after a reference list, is the chapter after ``chapter`` (the last top-level heading before
    the list: numbered in digits alone, or unnumbered and set large): on a line of its own, in its size (within half
    a point) and weight, and numbered one on, or unnumbered as it is (and not told by its spacing alone)."""
    if chapter is None or h.run_in or abs(h.size - chapter.size) > 0.5 or h.bold != chapter.bold:
        return False
    if chapter.number is None:
        return h.number is None and not h.spaced
    return h.number is not None and h.number.isdigit() and int(h.number) == int(chapter.number) + 1


def _at_edge(h: Heading, heights: dict[int, float], p: OutlineParams) -> bool:
    """Whether ``h`` stands in its page's top or bottom ``running_zone``, where running heads and feet are set."""
    zone = p.running_zone * heights[h.page]
    return not zone < h.y < heights[h.page] - zone


def sections(outline: Sequence[OutlineItem]) -> tuple[OutlineItem, ...]:
    """The detected outline without the front matter a paper's table of contents never lists: the title block
    (the first page's headings before its first numbered or named section: the title, a journal's masthead, an
    article type; page 2's too after a cover page), a cover page's "REFERENCES" before the paper opens, and the
    abstract's label. All sit at the top of the first pages, where a reader already opens, and LaTeX's
    bookmarks, like most publishers', start at the first section. The full list still
    tells :func:`body_start` where the body begins.

    >>> items = [OutlineItem(t, 1, pg, 0.0) for t, pg in [("A Study of Things", 1), ("Abstract", 1),
    ...          ("1 Introduction", 1), ("2 Summary", 3)]]
    >>> [o.title for o in sections(items)]
    ['1 Introduction', '2 Summary']
    >>> cover = [OutlineItem(t, 1, pg, 0.0) for t, pg in [("A Study of Things", 1), ("REFERENCES", 1),
    ...          ("A Study of Things", 2), ("1 Introduction", 2), ("References", 9)]]
    >>> [o.title for o in sections(cover)]
    ['1 Introduction', 'References']
    """
    # A paper's reference list follows its opening ("Abstract", "1 Introduction"): a "REFERENCES" before it is
    # a cover page's note on linked references (JSTOR's), front matter too.
    opening = next((i for i, o in enumerate(outline) if _parse(o.title)[1].lower().startswith(_OPENINGS)), 0)
    outline = [o for i, o in enumerate(outline) if i >= opening or not REFERENCE_LIST_HEADING.match(o.title)]
    # After a cover page (a publisher's or an archive's), which holds no heading or repeats the paper's title,
    # the title block is on page 2 as well.
    on_cover = {o.title for o in outline if o.page == 1}
    first = 2 if outline and (outline[0].page == 2 or any(o.page == 2 and o.title in on_cover for o in outline)) else 1
    k = 0
    while k < len(outline) and outline[k].page <= first and not (
            KNOWN_SECTION.match(outline[k].title) or HEADING_NUMBER.match(outline[k].title)):
        k += 1
    if k == len(outline):
        k = 0  # no section follows: nothing tells a title block from the paper's own headings
    return tuple(o for o in outline[k:] if not (o.page <= 2 and ABSTRACT_LABEL.match(o.title)))


_OPENINGS = ("abstract", "summary", "introduction", "background", "preliminaries",
             # ... in the languages KNOWN_SECTION reads
             "resumen", "resumo", "résumé", "resume", "zusammenfassung", "riassunto", "sommario", "samenvatting",
             "introducción", "introduccion", "introdução", "introducao", "einleitung", "introduzione", "inleiding",
             "antecedentes", "hintergrund", "摘要", "要旨", "초록", "요약", "引言", "前言", "はじめに", "서론")


def body_start(tm: TextMap, outline: Sequence[OutlineItem], p: OutlineParams = PARAMS.outline) -> int:
    """Where the body begins: the line of the first heading on the first two pages that names a
    section ("Abstract", "1 Introduction"); 0 when there is none. The title and author block before it
    holds affiliation superscripts, never citations. A first heading numbered past the start ("2.1
    Transits" with no "1" before it) means the opening section's heading was missed, so the body began
    earlier: at the first paragraph of body text, as when the first heading is "Results"."""
    for item in outline:
        if item.page > 2:
            break
        numbered = HEADING_NUMBER.match(item.title)
        if KNOWN_SECTION.match(item.title) and not item.title.lower().startswith(_OPENINGS) and not numbered:
            return _first_paragraph(tm, p)  # "Results" first: the introduction ran unheaded before it (PNAS, Nature)
        if numbered and not _first_number(numbered.group("number")):
            return min(_first_paragraph(tm, p) or len(tm.text), _heading_start(tm, item))
        if KNOWN_SECTION.match(item.title) or numbered:
            return _heading_start(tm, item)
    return 0


def prose_start(tm: TextMap, start: int, p: OutlineParams = PARAMS.outline) -> int:
    """Where the first paragraph begins, at most ``start`` (the :func:`body_start`): an abstract set without a
    heading line of its own ("Abstract—In this paper ...", IEEE's run-in label) is prose before the first
    heading."""
    first = _first_paragraph(tm, p, min_size=p.abstract_min_size)
    return min(start, first) if first else start


def _heading_start(tm: TextMap, item: OutlineItem) -> int:
    for i, line in enumerate(tm.lines):
        if line.page == item.page and line.box[3] >= item.y:
            return tm.starts[i]
    return 0


def _first_number(number: str) -> bool:
    """The numbering of a paper's first section or its first subsection: "1", "1.", "1.1", "I.", "A.", "0"."""
    head = number.strip(" .:").split(".")
    # (An appendix's word before its letter, "Appendix A", "Anexo A", "Anhang B", is the one numbering of
    # HEADING_NUMBER that holds a space.)
    return head[0].lower() in ("0", "1", "i", "a") or " " in number.strip()


def _first_paragraph(tm: TextMap, p: OutlineParams, run: int = 3, min_size: float | None = None) -> int:
    """Start of the first ``run`` lines in a row set in the body's size or larger (``min_size`` x the
    body's), in one column: the abstract or the introduction, past the title, the author line and its
    affiliation superscripts."""
    chars: dict[float, int] = {}
    for line in tm.lines:
        chars[line.size] = chars.get(line.size, 0) + len(line.text)
    if not chars:
        return 0
    body = max(chars, key=chars.__getitem__)
    smallest = (p.paragraph_min_size if min_size is None else min_size) * body
    count = 0
    for i, line in enumerate(tm.lines):
        prev = tm.lines[i - 1] if i else None
        if line.size >= smallest and len(line.text) >= 20:
            alike = prev is not None and count and prev.page == line.page and prev.column == line.column \
                and abs(prev.size - line.size) < p.same_size
            count = count + 1 if alike else 1
            if count == run:
                return tm.starts[i - run + 1]
        else:
            count = 0
    return 0


