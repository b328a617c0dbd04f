"""Sentences: where a sentence of running text starts and ends, and the sentence holding a marker.

Input: any plain text (:func:`split_sentences`), or a :class:`~citelens.layout.TextMap` and the
``[start, end)`` offsets of a marker in ``tm.text`` (:func:`sentence_for`).
Output: sentence spans ``(start, end)`` of the text, trimmed of whitespace, in order and disjoint; or a
:class:`~citelens.model.Sentence` whose ``text`` is the sentence joined across line, column and page
breaks with hyphenation repaired (the rules of :func:`citelens.layout.join_lines`), and whose
``start``/``end`` locate the marker inside that text: ``s.text[s.start:s.end] == join_lines(marker)``.

Rules. A sentence ends at ".", "?", "!" or "…" (with closing quotes or brackets) followed by white space
and a character that is not a lower-case letter, except after an abbreviation (``et al.``, ``e.g.``,
``Fig.``, ``Eq.``, ``vs.``, ``approx.``, see ``SENTENCE_ABBREVIATION``), initials (``J. Smith``,
``U.S.``), a dotted section number (``Sec. 2.1.``) or a list number opening a line (``3. Results``). A
citation marker right after the full stop (``before.[12] Next``, ``before.¹² Next``, ``before. [12]
Next``) belongs to the sentence before it. A blank line always ends a sentence. On a page,
:func:`sentence_for` also stops at a line set much larger than the marker's (a heading), at a numbered
heading line and at the start of a caption, and steps over what interrupts running text: smaller print
(floats, footnotes), line numbers and running heads.

Why not pysbd: it hangs for minutes on long digit runs (its regexes backtrack), costs ~1 ms per
sentence in CPython and more in Pyodide, and knows nothing about the layout. These few rules run in
linear time: every regex here is anchored at a stop character, bounded, or possessive, and each
candidate end is judged from at most ``SentenceParams.token_window`` characters before it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from operator import itemgetter

from citelens.layout import Line, TextMap, hyphen_matches, join_lines, strip_span
from citelens.model import Sentence
from citelens.params import PARAMS, SentenceParams
from citelens.patterns import (
    CAPTION,
    FIGURE_CAPTION,
    HEADING_NUMBER,
    HYPHEN_BREAK,
    HYPHEN_KEPT,
    KNOWN_SECTION,
    PARAGRAPH_BREAK,
    SENTENCE_ABBREVIATION,
    SENTENCE_DOTTED_NUMBER,
    SENTENCE_END,
    SENTENCE_INITIALS,
    SENTENCE_NUMBER_ABBREVIATION,
    SENTENCE_TRAILING_MARKER,
)

_OPENERS = "([{\"'“‘"
_ROMAN = frozenset("IVX")
_CAPTION_FIRST = frozenset("FfTtSsAaEeBbCcKkLlPp")  # Figure, Table, Supplementary, Algorithm, Extended, Box ...
# The longest word of SENTENCE_ABBREVIATION ("approx").
_ABBREVIATION_CHARS = 6
_CAPTION_SECOND = frozenset("iaulxboche")  # fIgure, tAble, sUpplementary, aLgorithm, eXtended, aBb., bOx, sCheme ...


def _token_before(text: str, stop: int, lo: int, p: SentenceParams = PARAMS.sentences) -> tuple[str, int]:
    """The whitespace-delimited token ending at ``stop`` (opening brackets and quotes dropped), and
    where it starts; at most ``p.token_window`` characters are looked at."""
    window = text[max(lo, stop - p.token_window):stop]
    # rsplit cuts at the same white space as str.isspace, and drops what ends the window: so a window ending in
    # white space has the empty token.
    token = "" if not window or window[-1].isspace() else window.rsplit(None, 1)[-1]
    start = stop - len(token)
    stripped = token.lstrip(_OPENERS)
    return stripped, start + (len(token) - len(stripped))


def _is_end(text: str, lo: int, stop: int, stop_text: str, nxt: str) -> bool:
    """Whether the stop at ``stop`` ends a sentence whose successor opens with ``nxt``."""
    if not nxt or nxt.islower():
        return False
    if stop_text[0] != ".":
        return True
    token, tstart = _token_before(text, stop, lo)
    if not token:
        return True
    if _never_ends(token):
        return False
    if SENTENCE_NUMBER_ABBREVIATION.fullmatch(token) and nxt.isdigit():
        return False
    line_start = tstart <= lo or text[tstart - 1] in "\n\f"
    # "3. Results" or "IV. EXPERIMENTS" opening a line: a list or heading number, not the end of "3".
    return not (line_start and (token.isdigit() and len(token) <= 2 or set(token) <= _ROMAN))


def _never_ends(token: str) -> bool:
    """An abbreviation, initials or a dotted number: SENTENCE_ABBREVIATION, SENTENCE_INITIALS or
    SENTENCE_DOTTED_NUMBER matches ``token`` whole. Most tokens are words, numbers or markers: the
    regexes run only on what they could match (``_ABBREVIATION_CHARS`` characters at most, ending in a
    letter; with a dot inside; or one capital, initials' only form without a dot)."""
    if "." in token:
        return SENTENCE_INITIALS.fullmatch(token) is not None or SENTENCE_DOTTED_NUMBER.fullmatch(token) is not None \
            or (len(token) <= _ABBREVIATION_CHARS and SENTENCE_ABBREVIATION.fullmatch(token) is not None)
    if len(token) == 1 and "A" <= token <= "Z":
        return True
    return len(token) <= _ABBREVIATION_CHARS and token[-1:].isalpha() and SENTENCE_ABBREVIATION.fullmatch(token) is not None


def _end_at(text: str, lo: int, m: re.Match[str]) -> int | None:
    """Where the next sentence starts if the candidate end ``m`` is one, else None."""
    after = m.end()
    nxt = text[after] if after < len(text) else ""
    if not _is_end(text, lo, m.start("stop"), m.group("stop"), nxt):
        return None
    if m.group("marker") is None:
        t = SENTENCE_TRAILING_MARKER.match(text, after)
        if t is not None:
            return t.end()
    return after


def _boundaries(text: str) -> list[int]:
    """Offsets where a sentence starts, 0 first and ``len(text)`` last, ascending."""
    out = [0]
    for m in SENTENCE_END.finditer(text):
        b = _end_at(text, 0, m)
        if b is not None and b > out[-1]:
            out.append(b)
    out.extend(m.end() for m in PARAGRAPH_BREAK.finditer(text))
    out.append(len(text))
    return sorted(set(out))


def _span_around(text: str, ws: int, we: int, p: SentenceParams = PARAMS.sentences) -> tuple[int, int]:
    """The sentence of ``text`` holding ``text[ws:we]``: only the candidate ends near it are judged."""
    reach = max(0, ws - p.marker_reach)  # a trailing marker moves an end at most this far
    start = None
    end = len(text)
    for m in SENTENCE_END.finditer(text, reach):
        b = _end_at(text, 0, m)
        if b is None:
            continue
        if b <= ws:
            start = b
        elif b >= we:
            end = b
            break
    if start is None:
        earlier = [m for m in _until(SENTENCE_END.finditer(text), reach)]
        start = next((b for m in reversed(earlier) if (b := _end_at(text, 0, m)) is not None and b <= ws), 0)
    for m in PARAGRAPH_BREAK.finditer(text):
        if m.end() <= ws:
            start = max(start, m.end())
        elif m.start() >= we:
            end = min(end, m.start())
            break
    return start, end


def _until(matches: Iterator[re.Match[str]], stop: int) -> Iterator[re.Match[str]]:
    for m in matches:
        if m.start() >= stop:
            return
        yield m


def split_sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of ``text`` as ``(start, end)`` offsets, trimmed, in order.

    >>> t = "As shown by Smith et al. in Fig. 2, it works.[12] Next, e.g. here. Done"
    >>> [t[a:b] for a, b in split_sentences(t)]
    ['As shown by Smith et al. in Fig. 2, it works.[12]', 'Next, e.g. here.', 'Done']
    """
    bounds = _boundaries(text)
    out: list[tuple[int, int]] = []
    for a, b in zip(bounds, bounds[1:], strict=False):
        a, b = strip_span(text, a, b)
        if a < b:
            out.append((a, b))
    return out


# ------------------------------------------------------------------------------- joining with offsets


def join_with_offsets(text: str) -> tuple[str, list[int]]:
    """:func:`citelens.layout.join_lines` of ``text``, and for each character of the result the offset
    in ``text`` it came from (a space standing for a break maps to the break's first character).

    >>> join_with_offsets("infor-\\nmation  re-\\nuse")
    ('information reuse', [0, 1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 13, 15, 16, 19, 20, 21])
    """
    if "-\n" not in text and "-\f" not in text:
        return _collapse(text, list(range(len(text))))
    pos = list(range(len(text)))
    # 1. HYPHEN_BREAK: "infor-\nmation" → "information".
    parts: list[str] = []
    pmap: list[int] = []
    last = 0
    for m in hyphen_matches(HYPHEN_BREAK, text):
        parts.append(text[last:m.end(1)])
        pmap.extend(pos[last:m.end(1)])
        parts.append(m.group(2))
        pmap.append(pos[m.start(2)])
        last = m.end()
    parts.append(text[last:])
    pmap.extend(pos[last:])
    text, pos = "".join(parts), pmap
    # 2. HYPHEN_KEPT: "state-of-the-\nArt" → "state-of-the-Art".
    parts, pmap, last = [], [], 0
    for m in hyphen_matches(HYPHEN_KEPT, text):
        parts.append(text[last:m.end(1) + 1])
        pmap.extend(pos[last:m.end(1) + 1])
        last = m.end()
    parts.append(text[last:])
    pmap.extend(pos[last:])
    return _collapse("".join(parts), pmap)


def _collapse(text: str, pos: list[int]) -> tuple[str, list[int]]:
    """Runs of white space become one space, none at the ends (``" ".join(text.split())``), with offsets."""
    parts: list[str] = []
    pmap: list[int] = []
    words = text.split()
    k = prev_end = 0
    for n, word in enumerate(words):
        k = text.index(word, k)
        if n:
            parts.append(" ")
            pmap.append(pos[prev_end])
        parts.append(word)
        pmap.extend(pos[k:k + len(word)])
        k = prev_end = k + len(word)
    return "".join(parts), pmap


# ---------------------------------------------------------------------------------- on a TextMap


def _heading_text(line: Line, text: str, p: SentenceParams) -> bool:
    """A line whose words make a heading, numbered or a known section's name (``text``: the line's,
    stripped); with a line set much larger than the marker's (:meth:`_Reader._kind`), the lines that end
    the sentence before them and start none."""
    if len(line.text) > p.heading_chars + p.heading_slack or not text or text[-1] in ".,;:":
        return False
    first = text[0]
    # HEADING_NUMBER opens with "appendix", a digit or a capital; KNOWN_SECTION here with a capital: most
    # lines of running text open with neither.
    if not (first.isupper() or first.isdigit() or first == "a"):
        return False
    text = " ".join(text.split())
    if len(text) > p.heading_chars:
        return False
    m = HEADING_NUMBER.match(text)
    if m is not None:
        return m.group("title")[:1].isupper()
    return first.isupper() and KNOWN_SECTION.match(text) is not None


def _standalone_heading(tm: TextMap, j: int, text: str, p: SentenceParams) -> bool:
    """An unnumbered heading in the body's size (bold, which the text map does not tell): a short
    capitalised line without end punctuation, after a finished sentence, before a capitalised line,
    and either narrow or set off by more space above than below (``text``: the line's, stripped)::

        ... the end of a paragraph.
                                                            <- extra space
        Metabolic constraints of the size relationship      <- short, no full stop
        The strong covariation of haptophyte and ...
    """
    if not text or len(text) > p.heading_chars or text[-1] in ".,;:!?" or not text[0].isupper() \
            or j + 1 >= len(tm.lines):
        return False
    line = tm.lines[j]
    nxt = tm.lines[j + 1]
    if not nxt.text.lstrip()[:1].isupper() or nxt.column != line.column:
        return False
    spaced = False
    if j > 0:
        prev = tm.lines[j - 1]
        if prev.page == line.page and prev.column == line.column:
            if prev.text.rstrip()[-1:] not in ".?!:":
                return False
            # More space above than below: a heading set off from the paragraph before it.
            spaced = line.baseline - prev.baseline > p.heading_above * (nxt.baseline - line.baseline) > 0
    width = (line.box[2] - line.box[0]) / max(nxt.box[2] - nxt.box[0], 1.0)
    return width < p.heading_width or (spaced and width < p.heading_width_spaced)


def _heading_continued(tm: TextMap, j: int, text: str, p: SentenceParams) -> bool:
    """The second line of a wrapped numbered heading: short, no end punctuation, under a line opening
    with a section number (a heading when :meth:`_Reader._kind` finds it one; ``text``: the line's, stripped)::

        4.3. Synaptic input from presumed Ad nociceptors to lamina I
        projection neurons
    """
    if j == 0 or not text or len(text) > p.heading_chars // 2 or text[-1] in ".,;:!?":
        return False
    line, prev = tm.lines[j], tm.lines[j - 1]
    return prev.column == line.column and HEADING_NUMBER.match(" ".join(prev.text.split())) is not None \
        and 0 < line.baseline - prev.baseline <= p.heading_wrap * line.size


def _caption_start(line: Line) -> bool:
    text = line.text.lstrip()
    # FIGURE_CAPTION and CAPTION open with one of a few words (any case), or "S1": most lines fail on their
    # first two characters. A non-ASCII second one is left to the regexes (they match "ı" for "i").
    second = text[1:2]
    if text[:1] not in _CAPTION_FIRST or second.isascii() and second.lower() not in _CAPTION_SECOND \
            and not second.isdigit():
        return False
    return FIGURE_CAPTION.match(text) is not None or (CAPTION.match(text) is not None and ":" in text[:20])


def _furniture(tm: TextMap, i: int, text: str, p: SentenceParams) -> bool:
    """A line number, a page number, or a page's first or last line set well apart from the rest of
    its page (a running head or foot): further from the next line of its page than ``furniture_gap`` x their
    size and than ``furniture_leading`` x the leading of the lines beyond (a double-spaced manuscript's last
    line stands as far under the line above it as every line of it does); ``text``: the line's, stripped. The
    lines on its baseline are its pieces ("A PREPRINT" and the paper's title, a running head and its page
    number): a page's first line is the first of its baseline."""
    if not text or text.isdigit():
        return True
    lines = tm.lines
    line = lines[i]
    page, base, n = line.page, line.baseline, len(lines)
    near = p.furniture_same_baseline * line.size
    a, b = i - 1, i + 1
    while a >= 0 and lines[a].page == page and -near <= lines[a].baseline - base <= near:
        a -= 1
    while b < n and lines[b].page == page and -near <= lines[b].baseline - base <= near:
        b += 1
    prev_same = a >= 0 and lines[a].page == page
    next_same = b < n and lines[b].page == page
    if prev_same == next_same:  # inside its page, or alone on it
        return False
    other = lines[a] if prev_same else lines[b]
    gap = abs(other.baseline - base)
    if gap <= p.furniture_gap * max(line.size, other.size):
        return False
    k = a - 1 if prev_same else b + 1
    if 0 <= k < len(lines) and lines[k].page == line.page and lines[k].column == other.column:
        return gap > p.furniture_leading * abs(other.baseline - lines[k].baseline)
    return True


_TEXT, _ASIDE, _CAPTION, _STOP = range(4)


class _Reader:
    """Finds sentences on one text map; what each line is (running text, aside, caption start, heading)
    is worked out once per line and marker size and shared by all markers (a table of citations asks
    about the same lines over and over)."""

    __slots__ = ("tm", "p", "_kinds", "_headings", "_last")

    def __init__(self, tm: TextMap, p: SentenceParams) -> None:
        self.tm = tm
        self.p = p
        self._kinds: dict[float, list[int]] = {}  # per marker size, each line's kind once asked (-1 before)
        self._headings: dict[int, bool] = {}  # _heading_text of each line asked about
        # The last sentence found: its [start, end) in tm.text, window, segments, [a, z) and joined text.
        self._last: tuple[int, int, str, list[tuple[int, int, int]], int, int, str] | None = None

    def _kind(self, j: int, ref: float) -> int:
        kinds = self._kinds.get(ref)
        if kinds is None:
            kinds = self._kinds[ref] = [-1] * len(self.tm.lines)
        kind = kinds[j]
        if kind < 0:
            tm, p, line = self.tm, self.p, self.tm.lines[j]
            text = line.text.strip()
            first = text[:1]
            larger = ref * p.larger
            # Most lines are running text and open in lower case: no heading of _heading_text or
            # _standalone_heading does, so neither is asked. The line before a wrapped heading's second line is
            # asked about first: it is rarely a heading, and its answer is usually known already.
            if line.size > larger \
                    or (not (first.islower() and first != "a")
                        and (self._heading_text(j) or _standalone_heading(tm, j, text, p))) \
                    or (j > 0 and (tm.lines[j - 1].size > larger or self._heading_text(j - 1))
                        and _heading_continued(tm, j, text, p)):
                kind = _STOP
            elif line.size < ref * p.smaller or _furniture(tm, j, text, p):
                kind = _ASIDE
            elif first in _CAPTION_FIRST and _caption_start(line):
                kind = _CAPTION
            else:
                kind = _TEXT
            kinds[j] = kind
        return kind

    def _heading_text(self, j: int) -> bool:
        heading = self._headings.get(j)
        if heading is None:
            line = self.tm.lines[j]
            heading = self._headings[j] = _heading_text(line, line.text.strip(), self.p)
        return heading

    def _extend(self, i: int, step: int, budget: int, ref: float) -> tuple[list[int], bool]:
        """Lines next to line ``i`` (not included) in direction ``step`` that may share its sentence,
        until ``budget`` characters are gathered; and whether a hard boundary (a heading, a caption's
        start, the document's end) stopped the walk."""
        lines = self.tm.lines
        kinds = self._kinds.get(ref)
        if kinds is None:
            kinds = self._kinds[ref] = [-1] * len(lines)
        out: list[int] = []
        chars = skipped = 0
        j = i + step
        while 0 <= j < len(lines):
            kind = kinds[j]
            if kind < 0:
                kind = self._kind(j, ref)
            if kind == _STOP:
                return out, True
            if kind == _CAPTION:
                if step < 0:  # the marker is in this caption: its first line opens the sentence
                    out.append(j)
                return out, True
            if kind == _ASIDE:
                skipped += 1
                if skipped > self.p.max_skipped:
                    return out, True
            else:
                skipped = 0
                out.append(j)
                chars += len(lines[j].text) + 1
                if chars >= budget:
                    return out, False
            j += step
        return out, True

    def sentence(self, start: int, end: int) -> Sentence:
        tm = self.tm
        n = len(tm.text)
        start, end = max(0, min(start, n)), max(0, min(end, n))
        start, end = strip_span(tm.text, start, max(start, end))
        if not tm.lines:
            return Sentence("", 0, 0)
        # Markers often share a sentence ("skim [4, 19, 28] and switch ... [46]."): reuse the last one.
        last = self._last
        if last is not None and last[0] <= start and end <= last[1] \
                and _in_segments(last[3], start) and _in_segments(last[3], max(start, end - 1)):
            window, segments, a, z, joined = last[2:]
        else:
            window, segments, a, z = self._find(start, end)
            joined = _join(window[a:z])
            self._last = (_to_text(segments, a), _to_text(segments, z), window, segments, a, z, joined)
        ws = _to_window(segments, start)
        we = _to_window(segments, end - 1) + 1 if end > start else ws
        # Where the marker lands: after the joined text before it, and a space if one stood there. The
        # check catches the rare case this misses (a hyphen at a line end just before the marker).
        before, marker = _join(window[a:ws]), _join(window[ws:we])
        lo = len(before) + (1 if before and window[ws - 1].isspace() else 0)
        if joined[lo:lo + len(marker)] == marker:
            return Sentence(joined, lo, lo + len(marker))
        joined, offsets = join_with_offsets(window[a:z])
        lo = bisect_left(offsets, ws - a)
        hi = bisect_left(offsets, we - a)
        return Sentence(joined, lo, max(lo, hi))

    def _find(self, start: int, end: int) -> tuple[str, list[tuple[int, int, int]], int, int]:
        """The window of lines around the marker, and the sentence's ``[a, z)`` in it (trimmed)."""
        tm, params = self.tm, self.p
        first, last = tm.line_index(start), tm.line_index(max(end - 1, start))
        ref = tm.lines[first].size
        back = ahead = params.window
        while True:
            before, hard_before = self._extend(first, -1, back, ref)
            after, hard_after = self._extend(last, 1, ahead, ref)
            window, segments = _window(tm, before[::-1] + list(range(first, last + 1)) + after)
            ws = _to_window(segments, start)
            we = _to_window(segments, end - 1) + 1 if end > start else ws
            a, z = _span_around(window, ws, we)
            grow = False
            if a == 0 and not hard_before and back < params.max_window:
                back *= 2
                grow = True
            if z == len(window) and not hard_after and ahead < params.max_window:
                ahead *= 2
                grow = True
            if not grow:
                a, z = strip_span(window, a, z)
                return window, segments, a, z


def sentence_for(tm: TextMap, start: int, end: int, params: SentenceParams = PARAMS.sentences) -> Sentence:
    """The sentence holding the marker ``tm.text[start:end]``, joined, with the marker's place in it.

    >>> from citelens.layout import text_map
    >>> from citelens.model import Page, TextItem
    >>> page = Page(1, 600, 800, (TextItem("It was shown be-", 72, 100, 80, 10, 10),
    ...                           TextItem("fore.[12] Next one.", 72, 112, 95, 10, 10)))
    >>> tm = text_map([page])
    >>> s = sentence_for(tm, tm.text.index("[12]"), tm.text.index("[12]") + 4)
    >>> s.text, s.text[s.start:s.end]
    ('It was shown before.[12]', '[12]')
    """
    return _Reader(tm, params).sentence(start, end)


def sentences_for(tm: TextMap, spans: Iterable[tuple[int, int]],
                  params: SentenceParams = PARAMS.sentences) -> list[Sentence]:
    """:func:`sentence_for` of each marker span, sharing the work on lines they have in common: use this
    for all the citations of a document at once."""
    reader = _Reader(tm, params)
    return [reader.sentence(start, end) for start, end in spans]


def _join(text: str) -> str:
    """:func:`citelens.layout.join_lines`, without its regexes when no line ends in a hyphen."""
    if "-\n" in text or "-\f" in text:
        return join_lines(text)
    return " ".join(text.split())


def _window(tm: TextMap, indexes: list[int]) -> tuple[str, list[tuple[int, int, int]]]:
    """The text of lines ``indexes`` joined by "\\n" ("\\f" across pages), and ``(window offset,
    text offset, length)`` for each line."""
    lengths = [len(tm.lines[i].text) for i in indexes]
    base = tm.starts[indexes[0]]
    end = tm.starts[indexes[-1]] + lengths[-1]
    if end - base == sum(lengths) + len(indexes) - 1:
        # Lines one separator apart in tm.text (consecutive, no empty page between): the window is a slice of
        # it, "\f" already standing between pages.
        return tm.text[base:end], [(tm.starts[i] - base, tm.starts[i], n) for i, n in zip(indexes, lengths)]
    parts: list[str] = []
    segments: list[tuple[int, int, int]] = []
    pos = 0
    prev_page = None
    for i in indexes:
        line = tm.lines[i]
        if parts:
            parts.append("\f" if line.page != prev_page else "\n")
            pos += 1
        segments.append((pos, tm.starts[i], len(line.text)))
        parts.append(line.text)
        pos += len(line.text)
        prev_page = line.page
    return "".join(parts), segments


# Segments are in text order, apart by at least a separator: the one that may hold an offset is the last
# one starting at or before it.
_TPOS = itemgetter(1)
_WPOS = itemgetter(0)


def _in_segments(segments: list[tuple[int, int, int]], offset: int) -> bool:
    k = bisect_right(segments, offset, key=_TPOS) - 1
    return k >= 0 and offset <= segments[k][1] + segments[k][2]


def _to_text(segments: list[tuple[int, int, int]], offset: int) -> int:
    """The text offset of window offset ``offset`` (a separator maps to the end of the line before it)."""
    k = bisect_right(segments, offset, key=_WPOS) - 1
    if k < 0:
        return segments[0][1]
    wpos, tpos, length = segments[k]
    return tpos + min(offset - wpos, length)


def _to_window(segments: list[tuple[int, int, int]], offset: int) -> int:
    """The window offset of text offset ``offset`` (clamped into the nearest line)."""
    k = bisect_right(segments, offset, key=_TPOS) - 1
    if k < 0:
        return segments[0][0]
    wpos, tpos, length = segments[k]
    return wpos + (offset - tpos if offset <= tpos + length else length)
