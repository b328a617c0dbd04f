"""DataCite: request URL and parser. arXiv DOIs (``10.48550/arXiv.<id>``) are DataCite's, as are Zenodo's.

``dois/{doi}`` answers JSON:API, ``{data: {id, type: "dois", attributes}}`` (``included`` only when asked
for). Attributes: ``titles[{title}]``, ``creators[{name: "Family, Given", nameType, givenName,
familyName}]``, ``publicationYear``, ``publisher`` (a string here), ``types.citeproc``, ``url``,
``identifiers[{identifier, identifierType: "arXiv"}]``.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from citelens import ids
from citelens.resolve.record import Author, Record, Source, as_dict, as_list, text

API = "https://api.datacite.org"


def arxiv_doi(arxiv_id: str) -> str:
    """The DataCite DOI arXiv registered for a paper.

    >>> arxiv_doi("1706.03762")
    '10.48550/arxiv.1706.03762'
    """
    return f"10.48550/arxiv.{arxiv_id}".lower()


def doi_url(doi: str) -> str:
    """>>> doi_url("10.48550/arxiv.2311.16162")
    'https://api.datacite.org/dois/10.48550/arxiv.2311.16162'
    """
    return f"{API}/dois/{quote(doi, safe='/')}"


def parse(body: str) -> Record | None:
    try:
        data = json.loads(body)
    except (ValueError, TypeError):
        return None
    item = data.get("data") if isinstance(data, dict) else None
    if not isinstance(item, dict) or not isinstance(item.get("attributes"), dict):
        return None
    attrs = item["attributes"]
    doi = ids.doi(item.get("id") or attrs.get("doi"))
    titles = [t for t in as_list(attrs.get("titles")) if isinstance(t, dict) and not t.get("titleType")]
    title = text(titles[0].get("title")) if titles else None
    if not doi or not title:
        return None
    arxiv = next((ids.arxiv_id(i.get("identifier")) for i in as_list(attrs.get("identifiers"))
                  if isinstance(i, dict) and i.get("identifierType") == "arXiv"), None)
    if arxiv is None and doi.startswith("10.48550/"):
        arxiv = ids.arxiv_id(doi)
    publisher = attrs.get("publisher")
    publisher = text(publisher.get("name") if isinstance(publisher, dict) else publisher)
    year = attrs.get("publicationYear")
    year = int(year) if isinstance(year, (int, str)) and not isinstance(year, bool) and str(year).isdigit() else None
    return Record(
        title=title, source=Source.DATACITE, source_url=f"https://commons.datacite.org/doi.org/{doi}",
        authors=tuple(_creator(c) for c in as_list(attrs.get("creators")) if isinstance(c, dict)),
        year=year, venue=text(as_dict(attrs.get("container")).get("title")) or publisher, doi=doi, arxiv=arxiv,
        url=text(attrs.get("url")) or f"https://doi.org/{doi}",
        # The record is the arXiv deposit itself, whose PDF is always open.
        pdf_url=f"https://arxiv.org/pdf/{arxiv}" if arxiv else None,
        cited_by=None,  # DataCite's citationCount counts only DataCite-tracked links: 0 for most papers
        type=text(as_dict(attrs.get("types")).get("citeproc")),
    )


def _creator(data: dict[str, Any]) -> Author:
    family = text(data.get("familyName"))
    if family:
        return Author(family=family, given=text(data.get("givenName")))
    name = text(data.get("name")) or ""
    if data.get("nameType") == "Personal" and "," in name:
        family, _, given = name.partition(",")
        return Author(family=family.strip(), given=given.strip() or None)
    if data.get("nameType") == "Personal":
        return Author.from_name(name)
    return Author(literal=name)
