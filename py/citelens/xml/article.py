"""The citation model of a structured article, and the steps every schema shares.

Input: a :class:`~citelens.xml.text.Built` text (from :func:`~citelens.xml.text.build_text`) and the
article's reference entries in list order, as a schema module (:mod:`~citelens.xml.jats`,
:mod:`~citelens.xml.elsevier`, :mod:`~citelens.xml.bmc`, :mod:`~citelens.xml.html`) reads them.
Output: an :class:`XmlArticle`: the text, the references, and one :class:`XmlCitation` per marker with
its offsets in the text, the ids of the entries it names and the offsets of its sentence.

Markers. Each citation element is one marker, except that two elements joined by a dash alone
(``<xref>1</xref>–<xref>4</xref>``, ``[<xref>3</xref>]-[<xref>6</xref>]``) are one range marker, and a
range marker (joined, or one element reading ``1–3`` or ``[3]-[6]`` that names only its ends) names every
entry between its ends in list order. Ids that name no entry of the list are dropped from ``ref_ids``
and reported in ``diagnostics``.

Sentences. :func:`citelens.sentences.split_sentences` (the splitter the PDF path uses) cuts the text;
then a marker that opens a sentence right after a full stop ("shown. [12] Next", "shown.⁷ Next" once
layout space is gone) is moved, with the markers and separators glued to it, to the end of the
sentence before it. Invariant: ``sentence.start <= start < end <= sentence.end`` for every citation.
"""

from __future__ import annotations

import enum
import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from citelens.model import SCHEMA_VERSION, InputError
from citelens.sentences import split_sentences
from citelens.xml.text import Built, NotPlaced, Placed

X = re.VERBOSE

# What may stand between two citation elements of one range marker: "–" in "1–4", "]-[" in "[3]-[6]",
# ")–(" in "(3)–(6)".
RANGE_JOIN = re.compile(r"^ [\])]? \s? [-\u2010-\u2015\u2212] \s? [\[(]? $", X)

# One element's text that is a range: "1–3", "[3]-[6]", "(12-14)", "3 – 6".
RANGE_TEXT = re.compile(
    r"""^ [\[(]? \s* (?P<first> \d{1,4} ) \s* [\])]? \s* [-\u2010-\u2015\u2212] \s* [\[(]? \s*
        (?P<last> \d{1,4} ) \s* [\])]? $""",
    X,
)

SENTENCE_STOPS = frozenset(".?!")

# What may stand between the markers glued to a sentence end: ", " in "shown.⁷,⁸ Next", "; " or "–".
MARKER_GLUE = re.compile(r"^ [\s,;\u2013\u2010-] {0,3} $", X)

# A label that is a number, as written in a reference list: "12", "12.", "[12]", "(12)".
NUMERIC_LABEL = re.compile(r"^ [\[(]? \s* (?P<number> \d{1,4} ) \s* [.\])]? $", X)

# A four-digit year in a date or citation string: "2014", "2014a" (suffix kept apart).
YEAR = re.compile(r"(?<!\d) (?P<year> (?:1[5-9]|20) \d\d ) (?P<suffix> [a-z] )? (?!\d)", X)


class XmlInputError(InputError):
    """An XML file citelens cannot read as an article: malformed or truncated, not a JATS article, an
    Elsevier full-text response or a BioMed Central article, or an article without a reference list."""


class Context(enum.StrEnum):
    """The part of the article a placed marker is in."""

    TITLE = "title"
    ABSTRACT = "abstract"
    BODY = "body"
    BACK = "back"  # acknowledgements, appendices, notes


class Format(enum.StrEnum):
    JATS = "jats"
    ELSEVIER = "elsevier"
    BMC = "bmc"
    HTML = "html"


@dataclass(frozen=True, slots=True)
class XmlReference:
    """An entry of the article's reference list, with the fields its markup gives."""

    id: str
    index: int  # 1-based position in the list
    label: str | None
    raw: str
    authors: tuple[str, ...] = ()  # surnames (or collaboration names), in order
    year: int | None = None
    year_suffix: str | None = None
    title: str | None = None
    source: str | None = None  # journal, book or proceedings
    doi: str | None = None
    pmid: str | None = None
    arxiv_id: str | None = None
    url: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "index": self.index, "label": self.label, "raw": self.raw,
                "authors": list(self.authors), "year": self.year, "year_suffix": self.year_suffix,
                "title": self.title, "source": self.source, "doi": self.doi, "pmid": self.pmid,
                "arxiv_id": self.arxiv_id, "url": self.url}


@dataclass(frozen=True, slots=True)
class XmlCitation:
    start: int  # text[start:end] is the marker
    end: int
    text: str
    ref_ids: tuple[str, ...]  # the entries named, in list order for a range
    sentence: tuple[int, int]  # [start, end) of the marker's sentence in the text
    context: Context

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "text": self.text, "ref_ids": list(self.ref_ids),
                "sentence": {"start": self.sentence[0], "end": self.sentence[1]}, "context": str(self.context)}


@dataclass(frozen=True, slots=True)
class XmlDiagnostic:
    code: str  # "unknown_id", "empty_marker", "marker_text"
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True, slots=True)
class XmlArticle:
    format: Format
    text: str
    references: tuple[XmlReference, ...]
    citations: tuple[XmlCitation, ...]
    not_placed: dict[NotPlaced, int] = field(default_factory=dict)
    title: str | None = None
    doi: str | None = None
    diagnostics: tuple[XmlDiagnostic, ...] = ()
    elements: int = 0  # citation elements in the file: placed (joined ranges count 2), not placed or empty
    file: str | None = None
    sha256: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "source": {"file": self.file, "sha256": self.sha256, "format": str(self.format)},
            "title": self.title,
            "doi": self.doi,
            "text": self.text,
            "references": [r.to_json() for r in self.references],
            "citations": [c.to_json() for c in self.citations],
            "citation_elements": self.elements,
            "not_placed": {str(k): self.not_placed.get(k, 0) for k in NotPlaced},
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def numeric_label(label: str | None) -> int | None:
    """The number of a numeric entry label, else None.

    >>> numeric_label("[12]"), numeric_label("12."), numeric_label("Smith 2001"), numeric_label(None)
    (12, 12, None, None)
    """
    if label is None:
        return None
    m = NUMERIC_LABEL.match(label.strip())
    return int(m.group("number")) if m else None


def _between(ids: Sequence[str], first: str, last: str, order: dict[str, int],
             references: Sequence[XmlReference]) -> tuple[str, ...]:
    a, b = order[first], order[last]
    if a >= b:
        return tuple(dict.fromkeys(ids))
    return tuple(dict.fromkeys([*ids[:ids.index(first)], *(r.id for r in references[a:b + 1]),
                                *ids[ids.index(last) + 1:]]))


def _range_in_text(text: str, ids: tuple[str, ...], order: dict[str, int],
                   references: Sequence[XmlReference], by_number: dict[int, str]) -> tuple[str, ...]:
    """The ids of one element reading "1–3": every entry from its first to its last number."""
    m = RANGE_TEXT.match(text)
    if m is None or len(ids) > 2:
        return ids
    lo, hi = int(m.group("first")), int(m.group("last"))
    if not lo < hi <= lo + 200:
        return ids
    first, last = by_number.get(lo), by_number.get(hi)
    if first is None and ids and ids[0] in order:  # no numeric labels: count from the entry it names
        first = ids[0]
        k = order[first] + hi - lo
        last = references[k].id if k < len(references) else None
    if first is None or last is None or first not in order or last not in order:
        return ids
    return _between([first, last], first, last, order, references)


def assemble(built: Built, references: Sequence[XmlReference], fmt: Format, *, title: str | None = None,
             doi: str | None = None, total_cites: int | None = None) -> XmlArticle:
    """Markers from the placed citation elements (ranges joined and expanded), with their sentences.

    ``total_cites``: every citation element in the document; those neither placed nor counted under a
    heading by the builder are counted as ``other``.
    """
    text = built.text
    order = {r.id: k for k, r in enumerate(references)}
    by_number: dict[int, str] = {}
    for r in references:
        n = numeric_label(r.label)
        if n is not None:
            by_number.setdefault(n, r.id)
    diags: list[XmlDiagnostic] = []
    unknown: dict[str, int] = {}

    # 1. Join "1–4" ranges made of two elements.
    groups: list[list[Placed]] = []
    for p in built.placed:
        if groups and groups[-1][-1].context == p.context and len(groups[-1]) == 1 \
                and RANGE_JOIN.match(text[groups[-1][-1].end:p.start]) \
                and numeric_label(groups[-1][-1].text.strip("[]()")) is not None \
                and numeric_label(p.text.strip("[]()")) is not None:
            groups[-1].append(p)
        else:
            groups.append([p])

    markers: list[tuple[int, int, str, tuple[str, ...], Context]] = []
    for g in groups:
        first, last = g[0], g[-1]
        known = []
        for p in g:
            for i in p.ids:
                if i in order:
                    known.append(i)
                else:
                    unknown[i] = unknown.get(i, 0) + 1
        ids = tuple(dict.fromkeys(known))
        if len(g) == 2 and first.ids and last.ids and first.ids[-1] in order and last.ids[0] in order:
            ids = _between(list(ids), first.ids[-1], last.ids[0], order, references)
        elif len(g) == 1:
            ids = _range_in_text(first.text, ids, order, references, by_number)
        start, end = first.start, last.end
        if len(g) == 2 and "]" in text[first.end:last.start] and text[start - 1:start] == "[" \
                and text[end:end + 1] == "]":
            start, end = start - 1, end + 1  # "[3]-[6]" whole, not "3]-[6"
        marker = text[start:end]
        if len(g) == 1 and not first.exact:
            diags.append(XmlDiagnostic("marker_text", f"marker at {first.start} reads {marker!r} in the text "
                                                      f"but {first.text!r} in its element"))
        markers.append((start, end, marker, ids, Context(first.context)))

    # 2. Sentences: the PDF path's splitter, then markers after a full stop go to the sentence before.
    bounds = _glue_markers(text, split_sentences(text), [(s, e) for s, e, *_ in markers])
    starts = [a for a, _ in bounds]
    citations = []
    for start, end, marker, ids, ctx in markers:
        k = bisect_right(starts, start) - 1
        sent = bounds[k] if k >= 0 else (start, end)
        if not sent[0] <= start or not end <= sent[1]:  # a marker across a sentence end: take both
            j = k
            while j + 1 < len(bounds) and bounds[j][1] < end:
                j += 1
            sent = (min(sent[0], start), max(bounds[j][1], end))
        citations.append(XmlCitation(start, end, marker, ids, sent, ctx))

    for i, n in sorted(unknown.items()):
        diags.append(XmlDiagnostic("unknown_id", f"{n} citation(s) name {i!r}, which is no entry of the "
                                                 "reference list"))
    if built.empty:
        diags.append(XmlDiagnostic("empty_marker", f"{built.empty} citation element(s) have no text to place"))
    not_placed = dict(built.not_placed)
    counted = len(built.placed) + built.empty + sum(not_placed.values())
    if total_cites is not None and total_cites > counted:
        not_placed[NotPlaced.OTHER] = not_placed.get(NotPlaced.OTHER, 0) + total_cites - counted
    return XmlArticle(fmt, text, tuple(references), tuple(citations), not_placed, title, doi, tuple(diags),
                      max(counted, total_cites or 0))


def _glue_markers(text: str, spans: list[tuple[int, int]], markers: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sentence spans where a sentence opening with markers right after a full stop gives them (and
    what glues them together) to the sentence before it.

    A narrative marker ("Cox (2002) disagreed.") opens its own sentence and is left there.

    >>> t = "It was shown. 12,13 Next one."
    >>> [t[a:b] for a, b in _glue_markers(t, [(0, 13), (14, 29)], [(14, 16), (17, 19)])]
    ['It was shown. 12,13', 'Next one.']
    >>> t = "It was shown. Cox (2002) disagreed."
    >>> [t[a:b] for a, b in _glue_markers(t, [(0, 13), (14, 35)], [(14, 24)])]
    ['It was shown.', 'Cox (2002) disagreed.']
    """
    out = list(spans)
    at = dict(markers)
    for k in range(1, len(out)):
        a, b = out[k]
        prev_a, prev_b = out[k - 1]
        if a not in at or text[prev_b - 1:prev_b] not in SENTENCE_STOPS or text[prev_b:a].strip():
            continue
        if text[a:a + 1].isalpha():
            continue  # a narrative citation is the sentence's subject
        end = at[a]
        while True:  # markers glued to this one: "12,13", "12–14"
            nxt = min((s for s in at if s >= end and MARKER_GLUE.match(text[end:s])), default=None)
            if nxt is None or nxt > b:
                break
            end = at[nxt]
        rest = text[end:b]
        if rest and not rest[:1].isspace():
            continue  # "12-fold": the number is the start of the sentence's first word
        out[k - 1] = (prev_a, end)
        out[k] = (end + len(rest) - len(rest.lstrip()), b)
    return [s for s in out if s[0] < s[1]]
