"""The one text builder: an XML article's running text, and where each citation element lands in it.

Input: parts of a parsed XML tree (``(element, context)`` pairs: the title, the abstracts, the body, the
back matter) and a :class:`Markup` saying which elements are blocks, which are left out of the text (and
under which heading their citations are counted), which are superscripts, and which are citations.
Output: :class:`Built`: the text, one :class:`Placed` per citation element that reached the text (its
``[start, end)`` offsets and its own text), and the counts of citation elements left out.

How. The tree is written out once into a *raw* string in which private-use sentinels stand for what
markup means to the text: a citation element's start and end, a block boundary, white space that only
lays out the XML file, the start of a superscript. One pass then normalises white space and removes the
sentinels, recording where each citation's start and end sentinels fell. The text we store and the
offsets of the markers come out of that same pass, so they cannot drift apart::

    raw:   "shown\\uE003\\uE004\\uE0001\\uE001\\uE003. Next"      (pretty-printed <sup><xref>1</xref></sup>)
    text:  "shown1. Next"                                  marker [5, 6)

White space: runs become one space; a block boundary becomes a blank line ("\\n\\n", what
:data:`citelens.patterns.PARAGRAPH_BREAK` ends a sentence at). Pretty-printed XML puts a newline and an
indent between tags, where the typeset article has nothing (``identified\\n<sup>7</sup>`` is
"identified⁷"); a white space run holding a newline at a tag boundary (``LAYOUT``) is therefore dropped
before a superscript, before closing punctuation and after an opening bracket or a dash, and is a space
elsewhere. Private-use characters of the sentinel range in the article itself become U+FFFD, so no input
can forge a marker.

Invariants: for every :class:`Placed` ``p``, ``p.start < p.end`` and, unless the element's text differs
from what the markup lets into the text (``p.exact`` is False), ``text[p.start:p.end] == p.text``;
placed citations are in document order and ``0 <= start <= end <= len(text)``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# The sentinels: U+E000.. in the Private Use Area, never in the text we return.
CITE_OPEN, CITE_CLOSE, BREAK, LAYOUT, GLUE = "\ue000", "\ue001", "\ue002", "\ue003", "\ue004"
_SENTINELS = frozenset(CITE_OPEN + CITE_CLOSE + BREAK + LAYOUT + GLUE)
_FORGED = {ord(c): "\ufffd" for c in _SENTINELS} | {ord(c): "\ufffd" for c in "\ue005\ue006\ue007"}

# Layout white space is dropped before closers and after openers: "[1]\n," → "[1],", "(\n<xref>S" → "(S",
# "1–\n3" and "131\n–142" → "1–3", "131–142".
_CLOSERS = frozenset(",.;:)]}!?\u2019\u201d\u2013")
_OPENERS = frozenset("([{\u2018\u201c/-\u2010\u2011\u2012\u2013\u2014\u2212")


class NotPlaced(enum.StrEnum):
    """Where a citation element left out of the running text was."""

    TABLE = "table"
    CAPTION = "caption"
    FOOTNOTE = "footnote"
    OTHER = "other"  # front matter, sub-articles, anything else outside the parts built


def local(tag: Any) -> str:
    """An element's name without its namespace (comments and processing instructions give "").

    >>> local("{http://www.elsevier.com/xml/common/dtd}cross-ref"), local("xref")
    ('cross-ref', 'xref')
    """
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


@dataclass(frozen=True, slots=True)
class Markup:
    """What a schema's elements mean to the text. Names are local names (no namespace)."""

    blocks: frozenset[str]  # start and end a paragraph: p, sec, title, list-item ...
    left_out: Mapping[str, NotPlaced]  # not in the text; citations inside counted under the value
    dropped: frozenset[str]  # not in the text, nothing counted: tex-math, object-id ...
    raised: frozenset[str]  # superscripts: no layout space before them
    labels: frozenset[str]  # a label followed by a block title joins the title's line: "2.1 Methods"
    cites: Callable[[Any], tuple[str, ...] | None]  # the ids a citation element names; None: no citation


@dataclass(frozen=True, slots=True)
class Placed:
    """A citation element in the text: ``text[start:end]`` is its marker."""

    start: int
    end: int
    text: str  # the element's own text, white space collapsed
    ids: tuple[str, ...]
    context: str
    exact: bool  # text[start:end] == self.text


@dataclass(frozen=True, slots=True)
class Built:
    text: str
    placed: tuple[Placed, ...]
    not_placed: dict[NotPlaced, int] = field(default_factory=dict)
    empty: int = 0  # citation elements with no text (nothing to place)


def element_text(elem: Any) -> str:
    """An element's text with white space collapsed (sentinel characters replaced, as in the text).

    >>> import xml.etree.ElementTree as ET
    >>> element_text(ET.fromstring("<xref>Smith\\n  <i>et al.</i>, 2001 </xref>"))
    'Smith et al., 2001'
    """
    return " ".join("".join(elem.itertext()).translate(_FORGED).split())


class _Writer:
    """Writes parts of the tree into the raw string (a list of pieces)."""

    def __init__(self, markup: Markup) -> None:
        self.m = markup
        self.out: list[str] = []
        self.cites: list[tuple[Any, tuple[str, ...], str]] = []  # element, ids, context, in order
        self.not_placed: dict[NotPlaced, int] = {}
        self.raised = 0  # depth inside superscripts, where layout white space is dropped: "29,\n30" → "29,30"

    def text(self, s: str | None) -> None:
        """A text node: its own white space kept, a run at either end holding a newline is layout."""
        if not s:
            return
        s = s.translate(_FORGED)
        layout = "" if self.raised else LAYOUT
        core = s.strip()
        if not core:
            self.out.append(layout if "\n" in s else " ")
            return
        lead, trail = s[:len(s) - len(s.lstrip())], s[len(s.rstrip()):]
        if lead:
            self.out.append(layout if "\n" in lead else " ")
        self.out.append(core)
        if trail:
            self.out.append(layout if "\n" in trail else " ")

    def count(self, elem: Any, where: NotPlaced) -> None:
        """Count the citation elements inside a left-out element, each under its nearest heading."""
        name = local(elem.tag)
        where = self.m.left_out.get(name, where)
        if self.m.cites(elem) is not None:
            self.not_placed[where] = self.not_placed.get(where, 0) + 1
        for child in elem:
            self.count(child, where)

    def element(self, elem: Any, context: str) -> None:
        name = local(elem.tag)
        if not name:  # comment or processing instruction: only its tail is text
            return
        if name in self.m.left_out:
            self.count(elem, self.m.left_out[name])
            return
        if name in self.m.dropped:
            return
        ids = self.m.cites(elem)
        block = name in self.m.blocks
        if block:
            self.out.append(BREAK)
        if ids is not None:
            self.cites.append((elem, ids, context))
            self.out.append(CITE_OPEN)
        raised = name in self.m.raised
        if raised:
            self.out.append(GLUE)
            self.raised += 1
        self.text(elem.text)
        children = list(elem)
        for k, child in enumerate(children):
            if child is None:  # a title already written after its label
                continue
            if local(child.tag) in self.m.labels and k + 1 < len(children) \
                    and local(children[k + 1].tag) in self.m.blocks and not list(child):
                # "<label>2.1</label><title>Methods</title>": one heading line, "2.1 Methods".
                self.out.append(BREAK)
                self.text(child.text)
                self.out.append(" ")
                self._title_inline(children[k + 1], context)
                self.text(children[k + 1].tail)
                children[k + 1] = None  # type: ignore[call-overload]
                continue
            self.element(child, context)
            self.text(child.tail)
        if raised:
            self.raised -= 1
        if ids is not None:
            self.out.append(CITE_CLOSE)
        if block:
            self.out.append(BREAK)

    def _title_inline(self, title: Any, context: str) -> None:
        """A block written without its opening break (it follows its label on the same line)."""
        self.text(title.text)
        for child in title:
            self.element(child, context)
            self.text(child.tail)
        self.out.append(BREAK)


def _normalise(raw: str, n_cites: int) -> tuple[str, list[int], list[int]]:
    """The text without sentinels, white space collapsed; start and end offset of each citation."""
    out: list[str] = []
    starts = [-1] * n_cites
    ends = [-1] * n_cites
    stack: list[int] = []
    waiting: list[int] = []  # citations opened, waiting for their first visible character
    pending = ""  # "", "layout", "space" or "break": white space seen since the last visible character
    glue = False
    k = 0
    rank = {"": 0, "layout": 1, "space": 2, "break": 3}
    size = 0  # len("".join(out))
    for ch in raw:
        if ch == CITE_OPEN:
            stack.append(k)
            waiting.append(k)
            k += 1
        elif ch == CITE_CLOSE:
            if stack:
                i = stack.pop()
                ends[i] = size
                if i in waiting:  # nothing visible inside: an empty marker
                    waiting.remove(i)
                    starts[i] = ends[i] = -1
        elif ch == BREAK:
            pending = "break"
        elif ch == GLUE:
            glue = True
        elif ch == LAYOUT:
            if rank[pending] < 1:
                pending = "layout"
        elif ch.isspace():
            if rank[pending] < 2:
                pending = "space"
        else:
            if size and pending:
                prev = out[-1][-1]
                if pending == "break":
                    sep = "\n\n"
                elif pending == "space":
                    sep = " "
                else:  # layout white space only
                    sep = "" if glue or prev in _OPENERS or ch in _CLOSERS else " "
                if sep:
                    out.append(sep)
                    size += len(sep)
            for i in waiting:
                starts[i] = size
            waiting.clear()
            out.append(ch)
            size += 1
            pending = ""
            glue = False
    return "".join(out), starts, ends


def build_text(parts: Iterable[tuple[Any, str]], markup: Markup) -> Built:
    """Build the text of ``parts`` (each ``(element, context)``, blocks apart) and place its citations.

    >>> import xml.etree.ElementTree as ET
    >>> m = Markup(frozenset({"p"}), {"table": NotPlaced.TABLE}, frozenset(), frozenset({"sup"}),
    ...            frozenset(), lambda e: tuple(e.get("rid").split()) if e.tag == "xref" else None)
    >>> body = ET.fromstring('''<body><p>It was shown
    ...   <sup><xref rid="b1">1</xref></sup>. Later work <xref rid="b2">[2]</xref>
    ...   agrees.<table><xref rid="b3">3</xref></table></p><p>Next.</p></body>''')
    >>> b = build_text([(body, "body")], m)
    >>> b.text
    'It was shown1. Later work [2] agrees.\\n\\nNext.'
    >>> [(b.text[p.start:p.end], p.ids) for p in b.placed], dict(b.not_placed)
    ([('1', ('b1',)), ('[2]', ('b2',))], {<NotPlaced.TABLE: 'table'>: 1})
    """
    w = _Writer(markup)
    for elem, context in parts:
        w.out.append(BREAK)
        w.element(elem, context)
        w.out.append(BREAK)
    text, starts, ends = _normalise("".join(w.out), len(w.cites))
    placed = []
    empty = 0
    for (elem, ids, context), start, end in zip(w.cites, starts, ends, strict=True):
        if start < 0 or end <= start:
            empty += 1
            continue
        own = element_text(elem)
        placed.append(Placed(start, end, own, ids, context, text[start:end] == own))
    return Built(text, tuple(placed), w.not_placed, empty)
