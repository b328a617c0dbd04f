"""OpenAlex: search URL (only with the user's API key) and parser.

A list is ``{meta, results: [...], group_by}``; a work is not wrapped. ``doi`` is a lower-case
``https://doi.org/...`` URL or null; arXiv works carry ``https://doi.org/10.48550/arxiv.NNNN`` with
``type: "preprint"``. Authors are ``authorships[].author.display_name``. A 404 is an HTML page.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from citelens import ids
from citelens.resolve.record import Author, Record, Source, as_dict, as_list, text

API = "https://api.openalex.org"

CSL_TYPES = {"article": "article-journal", "preprint": "article", "book": "book", "book-chapter": "chapter",
             "dissertation": "thesis", "dataset": "dataset", "report": "report", "review": "article-journal"}


def search_url(title: str, api_key: str, rows: int = 3, mailto: str | None = None) -> str:
    """The key goes in the query (a header would force a CORS preflight).

    >>> search_url("Attention is all you need", "KEY")
    'https://api.openalex.org/works?search=Attention+is+all+you+need&per-page=3&api_key=KEY'
    """
    query: dict[str, Any] = {"search": " ".join(title.split())[:300], "per-page": rows, "api_key": api_key}
    if mailto:
        query["mailto"] = mailto
    return f"{API}/works?{urlencode(query)}"


def parse_search(body: str) -> list[Record]:
    try:
        data = json.loads(body)
    except (ValueError, TypeError):
        return []
    results = data.get("results") if isinstance(data, dict) else None
    return [r for r in (work(item) for item in as_list(results)) if r is not None]


def work(item: Any) -> Record | None:
    if not isinstance(item, dict):
        return None
    title = text(item.get("display_name")) or text(item.get("title"))
    if not title:
        return None
    doi = ids.doi(item.get("doi"))
    arxiv = ids.arxiv_id(doi) if doi and doi.startswith("10.48550/") else None
    locations = [item.get("best_oa_location"), item.get("primary_location"), *as_list(item.get("locations"))]
    pdf = next((text(loc.get("pdf_url")) for loc in locations if isinstance(loc, dict) and text(loc.get("pdf_url"))),
               None)
    primary = as_dict(item.get("primary_location"))
    source = as_dict(primary.get("source"))
    year = item.get("publication_year")
    authors = tuple(Author.from_name(text(as_dict(a.get("author")).get("display_name")) or text(a.get("raw_author_name")) or "")
                    for a in as_list(item.get("authorships")) if isinstance(a, dict))
    ident = text(item.get("id")) or ""
    return Record(
        title=title, source=Source.OPENALEX, source_url=ident or API,
        authors=authors, year=year if isinstance(year, int) and not isinstance(year, bool) else None,
        venue=text(source.get("display_name")),
        doi=doi, arxiv=arxiv, url=f"https://doi.org/{doi}" if doi else (text(primary.get("landing_page_url")) or ident),
        pdf_url=pdf, cited_by=item.get("cited_by_count") if type(item.get("cited_by_count")) is int else None,
        type=CSL_TYPES.get(text(item.get("type")) or ""),
    )
