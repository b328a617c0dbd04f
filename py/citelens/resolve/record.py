"""What resolution produces: a :class:`Record` (one paper as a metadata API describes it) and a
:class:`Result` (one per reference entry: resolved with a record, or unresolved with a reason).

Both have one JSON form, CSL-flavoured::

    {"title": "Attention is All you Need",
     "authors": [{"given": "Ashish", "family": "Vaswani"}, {"literal": "OpenAI"}],
     "year": 2017, "venue": "Neural Information Processing Systems", "doi": null, "arxiv": "1706.03762",
     "url": "https://www.semanticscholar.org/paper/204e...", "pdf_url": null, "cited_by": 136941,
     "type": "paper-conference", "source": "semanticscholar", "source_url": "https://www.semanticscholar.org/...",
     "keys": ["arxiv:1706.03762", "title:attention is all you need|2017"]}

    {"status": "resolved", "record": {...}, "via": "s2-match"}
    {"status": "unresolved", "reason": "no match", "tried": ["crossref-search", "s2-match"]}

Invariants: ``doi`` and ``arxiv`` are in :mod:`citelens.ids`' forms (``doi`` lower case without
``https://doi.org/``, ``arxiv`` a bare id without version: ``1706.03762``, ``cs/0112017``); empty strings
from an API become ``None``; ``authors`` is a tuple of ``Author`` (``family`` set, with its particles, or
``literal`` for an organisation or a name that cannot be split). A record's JSON carries its
:func:`citelens.ids.match_keys` as ``keys``, which the reader's look-up cache and library use as they are.
"""

from __future__ import annotations

import enum
import html
import re
from dataclasses import dataclass
from typing import Any

from citelens import ids


class Source(enum.StrEnum):
    CROSSREF = "crossref"
    DATACITE = "datacite"
    SEMANTICSCHOLAR = "semanticscholar"
    OPENALEX = "openalex"


class Via(enum.StrEnum):
    """The step of the chain that found the record (also the names in ``tried``)."""

    DOI = "doi"
    ARXIV = "arxiv"
    CROSSREF_SEARCH = "crossref-search"
    S2_MATCH = "s2-match"
    OPENALEX_SEARCH = "openalex-search"


class Status(enum.StrEnum):
    RESOLVED = "resolved"
    UNRESOLVED = "unresolved"


@dataclass(frozen=True, slots=True)
class Author(ids.Name):
    """A record's author: :class:`citelens.ids.Name`'s parts, with their CSL-JSON form."""

    def to_json(self) -> dict[str, str | None]:
        if self.family is None:
            return {"literal": self.literal or ""}
        out = {"given": self.given, "family": self.family}
        if self.suffix:
            out["suffix"] = self.suffix
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Author:
        if data.get("family"):
            return cls(family=str(data["family"]), given=data.get("given") or None, suffix=data.get("suffix") or None)
        return cls(literal=str(data.get("literal") or ""))

    @classmethod
    def from_name(cls, name: str) -> Author:
        """A display name ("Aidan N. Gomez", "Pius von Däniken", "OpenAI") in parts (:func:`citelens.ids.split_name`)."""
        parts = ids.split_name(name)
        return cls(family=parts.family, given=parts.given, suffix=parts.suffix, literal=parts.literal)


@dataclass(frozen=True, slots=True)
class Record:
    title: str
    source: Source
    source_url: str
    authors: tuple[Author, ...] = ()
    year: int | None = None
    venue: str | None = None
    doi: str | None = None
    arxiv: str | None = None
    url: str | None = None
    pdf_url: str | None = None
    cited_by: int | None = None
    type: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "authors": [a.to_json() for a in self.authors], "year": self.year,
            "venue": self.venue, "doi": self.doi, "arxiv": self.arxiv, "url": self.url,
            "pdf_url": self.pdf_url, "cited_by": self.cited_by, "type": self.type,
            "source": str(self.source), "source_url": self.source_url,
            "keys": ids.match_keys(self.doi, self.arxiv, self.title, self.year),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Record:
        return cls(
            title=str(data["title"]), source=Source(data["source"]), source_url=str(data["source_url"]),
            authors=tuple(Author.from_json(a) for a in data.get("authors", ())), year=data.get("year"),
            venue=data.get("venue"), doi=data.get("doi"), arxiv=data.get("arxiv"), url=data.get("url"),
            pdf_url=data.get("pdf_url"), cited_by=data.get("cited_by"), type=data.get("type"),
        )


@dataclass(frozen=True, slots=True)
class Result:
    status: Status
    record: Record | None = None
    via: Via | None = None
    reason: str | None = None
    tried: tuple[Via, ...] = ()

    @classmethod
    def resolved(cls, record: Record, via: Via) -> Result:
        return cls(Status.RESOLVED, record=record, via=via)

    @classmethod
    def unresolved(cls, reason: str, tried: tuple[Via, ...] = ()) -> Result:
        return cls(Status.UNRESOLVED, reason=reason, tried=tried)

    @property
    def ok(self) -> bool:
        return self.status is Status.RESOLVED

    def to_json(self) -> dict[str, Any]:
        if self.record is not None:
            return {"status": str(self.status), "record": self.record.to_json(), "via": str(self.via)}
        return {"status": str(self.status), "reason": self.reason, "tried": [str(t) for t in self.tried]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        if data.get("status") == Status.RESOLVED:
            return cls.resolved(Record.from_json(data["record"]), Via(data["via"]))
        return cls.unresolved(str(data.get("reason") or "no match"), tuple(Via(t) for t in data.get("tried", ())))


# ------------------------------------------------------------------------------------- normalising


def text(value: Any) -> str | None:
    """A string field as shown to people: markup removed, whitespace collapsed, empty as None.

    Crossref titles carry JATS/HTML markup ("<i>KRAS</i>") and runs of spaces.

    >>> text("  Construction of a <i>KRAS</i>\\n  panel ")
    'Construction of a KRAS panel'
    >>> text("") is None and text(None) is None
    True
    """
    if not isinstance(value, str):
        return None
    value = " ".join(html.unescape(_TAG.sub(" ", value)).split())
    # A tag inside a word ("<i>p</i>53") left a space before the punctuation that followed it.
    value = _SPACE_BEFORE_PUNCT.sub(r"\1", value)
    return value or None


# An HTML or JATS tag: "<i>", "</jats:title>", "<sup>".
_TAG = re.compile(r"</?[A-Za-z][\w:.-]*(?:\s[^<>]*)?/?>")
# A space left before closing punctuation once tags are gone: "KRAS / NRAS ," -> "KRAS / NRAS,".
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:!?)\]])")


def as_list(value: Any) -> list[Any]:
    """``value`` when an API sent a list there, else ``[]``: parsers stay total on any JSON."""
    return value if isinstance(value, list) else []


def as_dict(value: Any) -> dict[str, Any]:
    """``value`` when an API sent an object there, else ``{}``."""
    return value if isinstance(value, dict) else {}


def first(value: Any) -> Any:
    """The first element of a Crossref array field (``title``, ``container-title``), or the value itself.

    >>> first(["A", "B"]), first([]), first("C")
    ('A', None, 'C')
    """
    if isinstance(value, list):
        return value[0] if value else None
    return value
