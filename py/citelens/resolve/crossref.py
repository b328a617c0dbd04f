"""Crossref: request URLs and response parsers (pure; tested on the recorded responses).

``works/{doi}`` answers ``{status, message-type: "work", message}``; ``works?query.bibliographic=`` answers
``message-type: "work-list"`` with ``message.items``. ``title`` and ``container-title`` are arrays, dates
are ``{"date-parts": [[y, m, d]]}`` (parts may be partial), DOIs in lists are lower case. A 404 is the
plain text "Resource not found." (arXiv DOIs included: they are DataCite's). ``works/{doi}`` often holds
the publisher's deposited ``reference`` list: :func:`references_from_work` reads it as reference entries.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, urlencode

from citelens import ids
from citelens.resolve.record import Author, Record, Source, as_dict, as_list, first, text

API = "https://api.crossref.org"

#: Crossref work types as CSL types (the rest map to None).
CSL_TYPES = {
    "journal-article": "article-journal", "proceedings-article": "paper-conference",
    "posted-content": "article", "book": "book", "monograph": "book", "edited-book": "book",
    "reference-book": "book", "book-chapter": "chapter", "book-section": "chapter", "book-part": "chapter",
    "reference-entry": "entry", "dissertation": "thesis", "report": "report", "dataset": "dataset",
    "standard": "standard", "other": "document",
}


def work_url(doi: str, mailto: str | None = None) -> str:
    """``works/{doi}``; the DOI's slash kept (both forms were recorded), other reserved characters escaped.

    >>> work_url("10.1038/s42256-024-00832-8", "me@example.org")
    'https://api.crossref.org/works/10.1038/s42256-024-00832-8?mailto=me%40example.org'
    """
    url = f"{API}/works/{quote(doi, safe='/')}"
    return f"{url}?{urlencode({'mailto': mailto})}" if mailto else url


def search_url(raw: str, rows: int = 3, mailto: str | None = None) -> str:
    """``works?query.bibliographic=<the raw reference>``: Crossref's matcher built for reference strings.

    >>> search_url("Vaswani et al. Attention is all you need. 2017", 3)
    'https://api.crossref.org/works?query.bibliographic=Vaswani+et+al.+Attention+is+all+you+need.+2017&rows=3'
    """
    query: dict[str, Any] = {"query.bibliographic": " ".join(raw.split())[:1000], "rows": rows}
    if mailto:
        query["mailto"] = mailto
    return f"{API}/works?{urlencode(query)}"


def parse_work(body: str) -> Record | None:
    """The record of a ``works/{doi}`` body, or None when it is not one (an error, another shape)."""
    data = _json(body)
    if not isinstance(data, dict) or data.get("message-type") != "work":
        return None
    return record(data.get("message"))


def parse_search(body: str) -> list[tuple[Record, str | None]]:
    """The items of a work-list body, each with its Crossref type (``[]`` for anything else)."""
    data = _json(body)
    if not isinstance(data, dict) or data.get("message-type") != "work-list":
        return []
    out = []
    for item in as_list(as_dict(data.get("message")).get("items")):
        rec = record(item)
        if rec is not None:
            kind = item.get("type")
            out.append((rec, kind if isinstance(kind, str) else None))
    return out


def record(item: Any) -> Record | None:
    """One Crossref work (``message`` or a list item) as a Record; None without a title or DOI."""
    if not isinstance(item, dict):
        return None
    title = text(first(item.get("title")))
    doi = ids.doi(item.get("DOI"))
    if not title or not doi:
        return None
    subtitle = text(first(item.get("subtitle")))
    if subtitle and subtitle.casefold() not in title.casefold():
        title = f"{title}: {subtitle}"
    return Record(
        title=title, source=Source.CROSSREF, source_url=f"{API}/works/{doi}",
        authors=tuple(_author(a) for a in as_list(item.get("author")) if isinstance(a, dict)),
        year=work_year(item), venue=text(first(item.get("container-title"))), doi=doi,
        arxiv=ids.arxiv_id(doi) if doi.startswith("10.48550/") else None,
        url=text(item.get("URL")) or f"https://doi.org/{doi}", pdf_url=_open_pdf(item),
        cited_by=_int(item.get("is-referenced-by-count")), type=CSL_TYPES.get(text(item.get("type")) or ""),
    )


def work_year(item: dict[str, Any]) -> int | None:
    """The year the work was issued (print or online, whichever came first: Crossref's ``issued``).

    >>> work_year({"issued": {"date-parts": [[2018]]}}), work_year({"issued": {"date-parts": [[None]]}})
    (2018, None)
    """
    for key in ("issued", "published", "published-print", "published-online", "created"):
        parts = as_list(as_dict(item.get(key)).get("date-parts"))
        year = as_list(parts[0])[0] if parts and as_list(parts[0]) else None
        if isinstance(year, int):
            return year
    return None


def references_from_work(body: str) -> list[dict[str, Any]]:
    """A work's deposited ``reference`` list as analysis reference entries (``index`` from 1).

    Each entry has the keys of ``analysis["references"]`` that resolution and the reader read (``raw``,
    ``title``, ``year``, ``doi``, ``arxiv_id``, ``authors`` as surnames with their particles, ``keys``) plus
    ``key`` (Crossref's own) and ``source: "crossref"``; ``page`` and ``box`` are None: nothing on a page
    marks them.
    """
    data = _json(body)
    if not isinstance(data, dict) or data.get("message-type") != "work":
        return []
    out: list[dict[str, Any]] = []
    for ref in as_list(as_dict(data.get("message")).get("reference")):
        if not isinstance(ref, dict):
            continue
        title = text(ref.get("article-title")) or text(ref.get("volume-title")) or text(ref.get("series-title"))
        year = ref.get("year")
        year = int(year[:4]) if isinstance(year, str) and year[:4].isdigit() else None
        key = ref.get("key")
        author = text(ref.get("author"))
        doi = ids.doi(ref.get("DOI"))
        raw = text(ref.get("unstructured")) or ". ".join(
            p for p in (author, str(year) if year else None, title, text(ref.get("journal-title")),
                        f"doi:{doi}" if doi else None) if p)
        if not raw:
            continue
        first_author = ids.split_name(author) if author else None
        surname = first_author and (first_author.family or first_author.literal)
        arxiv = ids.arxiv_id(doi) if doi and doi.startswith("10.48550/") else None
        out.append({
            "index": len(out) + 1, "label": None, "raw": raw, "page": None, "box": None,
            "authors": [surname] if surname else [],
            "year": year, "year_suffix": None, "title": title, "doi": doi, "arxiv_id": arxiv, "url": None,
            "key": key if isinstance(key, str) else None, "source": "crossref",
            "keys": ids.match_keys(doi, arxiv, title, year),
        })
    return out


def _author(data: dict[str, Any]) -> Author:
    family = text(data.get("family"))
    if family:
        return Author(family=family, given=text(data.get("given")))
    return Author(literal=text(data.get("name")) or "")


def _open_pdf(item: dict[str, Any]) -> str | None:
    """A PDF link, only when the version of record carries a Creative Commons licence from day one."""
    open_licence = any(
        "creativecommons.org" in str(lic.get("URL", "")) and lic.get("content-version") in ("vor", "unspecified")
        and not lic.get("delay-in-days")
        for lic in as_list(item.get("license")) if isinstance(lic, dict))
    if not open_licence:
        return None
    for link in as_list(item.get("link")):
        if isinstance(link, dict) and link.get("content-type") == "application/pdf" and text(link.get("URL")):
            return text(link["URL"])
    return None


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _json(body: str) -> Any:
    try:
        return json.loads(body)
    except (ValueError, TypeError):
        return None
