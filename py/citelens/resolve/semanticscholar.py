"""Semantic Scholar Graph API: request URLs and parser.

``paper/search/match?query=<title>`` answers ``{data: [one paper with matchScore]}``, or HTTP 404
``{"error": "Title match not found"}`` when nothing matches; ``paper/arXiv:<id>`` answers the paper itself.
``externalIds`` holds ``DOI`` (case kept: "10.48550/arXiv.2312.07559") and ``ArXiv``. ``openAccessPdf`` is
``null`` (2024), ``{"url": "", ...}`` (2025: no PDF) or ``{"url": "https://...", status, license}``.
Unauthenticated 429s come from CloudFront without Retry-After (see :mod:`~citelens.resolve.transport`).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote, urlencode

from citelens import ids
from citelens.resolve.record import Author, Record, Source, as_dict, as_list, text

API = "https://api.semanticscholar.org/graph/v1"
FIELDS = "title,authors,year,venue,journal,externalIds,openAccessPdf,citationCount,publicationTypes,url"


def match_url(title: str) -> str:
    """>>> match_url("Attention is all you need")  # doctest: +ELLIPSIS
    'https://api.semanticscholar.org/graph/v1/paper/search/match?query=Attention+is+all+you+need&fields=title%2C...'
    """
    return f"{API}/paper/search/match?{urlencode({'query': ' '.join(title.split())[:300], 'fields': FIELDS})}"


def arxiv_url(arxiv_id: str) -> str:
    """>>> arxiv_url("1706.03762")  # doctest: +ELLIPSIS
    'https://api.semanticscholar.org/graph/v1/paper/arXiv:1706.03762?fields=...'
    """
    return f"{API}/paper/arXiv:{quote(arxiv_id, safe='/')}?{urlencode({'fields': FIELDS})}"


def parse_match(body: str) -> Record | None:
    """The paper of a ``search/match`` body (None for the 404 body or anything else)."""
    data = _json(body)
    items = data.get("data") if isinstance(data, dict) else None
    return paper(items[0]) if isinstance(items, list) and items else None


def parse_paper(body: str) -> Record | None:
    return paper(_json(body))


#: publicationTypes as CSL types, first match wins (a NeurIPS paper is ["JournalArticle", "Conference"]).
CSL_TYPES = (("Conference", "paper-conference"), ("JournalArticle", "article-journal"),
             ("Review", "article-journal"), ("Book", "book"), ("BookSection", "chapter"), ("Dataset", "dataset"))


def paper(item: Any) -> Record | None:
    if not isinstance(item, dict):
        return None
    title = text(item.get("title"))
    if not title:
        return None
    external = as_dict(item.get("externalIds"))
    doi = ids.doi(external.get("DOI"))
    arxiv = ids.arxiv_id(external.get("ArXiv")) if isinstance(external.get("ArXiv"), str) else None
    oa = item.get("openAccessPdf")
    pdf = text(oa.get("url")) if isinstance(oa, dict) else None  # "" means none (2025 shape)
    journal = as_dict(item.get("journal"))
    types = as_list(item.get("publicationTypes"))
    csl = next((csl for name, csl in CSL_TYPES if name in types), "article" if arxiv else None)
    year = item.get("year")
    url = text(item.get("url")) or f"https://www.semanticscholar.org/paper/{text(item.get('paperId')) or ''}"
    return Record(
        title=title, source=Source.SEMANTICSCHOLAR, source_url=url,
        authors=tuple(_author(a) for a in as_list(item.get("authors")) if isinstance(a, dict)),
        year=year if isinstance(year, int) and not isinstance(year, bool) else None,
        venue=text(item.get("venue")) or text(journal.get("name")), doi=doi, arxiv=arxiv, url=url,
        pdf_url=pdf, cited_by=_count(item.get("citationCount")),
        type=csl,
    )


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _author(data: dict[str, Any]) -> Author:
    return Author.from_name(text(data.get("name")) or "")


def _json(body: str) -> Any:
    try:
        return json.loads(body)
    except (ValueError, TypeError):
        return None
