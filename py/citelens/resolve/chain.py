"""The resolution chain: one reference entry in, one :class:`~citelens.resolve.record.Result` out.

Input: an element of ``analysis["references"]`` (``raw``, ``title``, ``year``, ``doi``, ``arxiv_id``, ...),
a :class:`~citelens.resolve.transport.Client` (or a bare Transport, wrapped in one), the user's
:class:`~citelens.resolve.settings.Settings` and an optional cache. Steps, in order, each tried only when
the ones before found nothing (``../shared/notes/external-apis.md`` says why this order):

1. ``doi``: the entry's DOI at Crossref ``works/{doi}``; arXiv DOIs (``10.48550/``) and DOIs Crossref does
   not know (404: Zenodo, figshare) at DataCite ``dois/{doi}``.
2. ``arxiv``: the entry's arXiv id at DataCite ``dois/10.48550/arXiv.<id>``, then Semantic Scholar
   ``paper/arXiv:<id>``.
3. ``crossref-search``: ``works?query.bibliographic=<raw entry>&rows=3``, each hit checked locally
   (:mod:`~citelens.resolve.match`: title ratio, title length, year; no volume or peer review).
4. ``s2-match``: ``paper/search/match?query=<title>``, the one hit checked the same way; 404 is "no match".
5. ``openalex-search``: ``works?search=<title>&api_key=...``, only with the user's key.

Identifier look-ups (1, 2) are trusted without a title check: the entry named the paper. Invariants: the
coroutine always returns (never raises for a network, API or data problem) within the params' ``budget``;
an unresolved result says why ("no match" only when every step tried answered and none matched) and which
steps were tried.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from citelens import ids
from citelens.resolve import crossref, datacite, openalex, semanticscholar
from citelens.resolve.cache import NO_MATCH, Cache, cacheable, entry_key
from citelens.resolve.match import best, judge
from citelens.resolve.record import Record, Result, Via
from citelens.resolve.settings import PARAMS, ResolveParams, Settings
from citelens.resolve.transport import Client, FailureKind, FetchError, Response, Transport


async def resolve(entry: dict[str, Any], transport: Client | Transport, settings: Settings | None = None,
                  cache: Cache | None = None, *, text_hash: str | None = None,
                  params: ResolveParams | None = None) -> Result:
    """The Result for one reference entry (see the module docstring); never raises for network trouble.

    ``text_hash`` (``analysis["source"]["text_hash"]``) makes the per-entry cache key; without it only the
    DOI and arXiv keys are used.
    """
    settings = settings or (transport.settings if isinstance(transport, Client) else Settings())
    if isinstance(transport, Client):
        client = transport
        params = params or client.params
    else:
        params = params or PARAMS
        client = Client(transport, settings=settings, params=params)
    entry = _plain(entry)
    doi = ids.doi(entry.get("doi"))
    arxiv = ids.arxiv_id(entry.get("arxiv_id") or entry.get("arxiv"))
    keys = [k for k in (entry_key(text_hash, entry.get("index")),) if k] + ids.match_keys(doi, arxiv)
    if cache is not None:
        for key in keys:
            hit = cache.get(key)
            if hit is not None:
                return hit
    steps = _Steps(entry, client, settings, params, doi, arxiv)
    try:
        # The client's deadline stops new requests and waits; this is the last resort for a transport
        # that ignores its timeout.
        result = await asyncio.wait_for(steps.run(), params.budget + params.timeout)
    except TimeoutError:
        result = Result.unresolved("timed out", tuple(steps.tried))
    if cache is not None and cacheable(result):
        for key in keys[:1] if not result.ok else keys:
            cache.put(key, result)
        if result.ok and result.record is not None:
            for key in ids.match_keys(result.record.doi, result.record.arxiv):
                if key not in keys:
                    cache.put(key, result)
    return result


def _plain(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry with the fields the chain reads as their types (a hand-made or damaged entry may differ).

    >>> _plain({"index": 3, "raw": 42, "title": ["x"], "year": "2017", "doi": None})
    {'index': 3, 'raw': '', 'title': None, 'year': None, 'doi': None}
    """
    out = dict(entry)
    out["raw"] = entry.get("raw") if isinstance(entry.get("raw"), str) else ""
    out["title"] = entry.get("title") if isinstance(entry.get("title"), str) else None
    year = entry.get("year")
    out["year"] = year if isinstance(year, int) and not isinstance(year, bool) else None
    return out


class _Steps:
    """One entry's walk down the chain: what was tried, what went wrong, the deadline."""

    def __init__(self, entry: dict[str, Any], client: Client, settings: Settings, params: ResolveParams,
                 doi: str | None, arxiv: str | None) -> None:
        self.entry, self.client, self.settings, self.params = entry, client, settings, params
        self.doi, self.arxiv = doi, arxiv
        self.tried: list[Via] = []
        self.errors: list[str] = []
        self.deadline = client.clock() + params.budget

    async def run(self) -> Result:
        steps: list[tuple[Via, Callable[[], Awaitable[Record | None]]]] = []
        if self.doi:
            steps.append((Via.DOI, self.by_doi))
        if self.arxiv:
            steps.append((Via.ARXIV, self.by_arxiv))
        if self.entry.get("raw") or self.entry.get("title"):
            steps.append((Via.CROSSREF_SEARCH, self.crossref_search))
            steps.append((Via.S2_MATCH, self.s2_match))
            if self.settings.openalex_key:
                steps.append((Via.OPENALEX_SEARCH, self.openalex_search))
        for via, step in steps:
            self.tried.append(via)
            try:
                record = await step()
            except FetchError as error:
                self._note(str(error))
                if error.kind is FailureKind.TIMEOUT and self.client.clock() >= self.deadline:
                    break
                continue
            if record is not None:
                return Result.resolved(record, via)
        if not steps:
            return Result.unresolved("nothing to search for: the entry has no text")
        return Result.unresolved("; ".join(self.errors) if self.errors else NO_MATCH, tuple(self.tried))

    def _note(self, reason: str) -> None:
        if reason not in self.errors:
            self.errors.append(reason)

    async def get(self, url: str) -> Response:
        return await self.client.get(url, deadline=self.deadline)

    def _unexpected(self, name: str, response: Response) -> None:
        self._note(f"{name} answered HTTP {response.status}")

    # ------------------------------------------------------------------------------------ the steps

    async def by_doi(self) -> Record | None:
        assert self.doi
        if not self.doi.startswith("10.48550/"):
            response = await self.get(crossref.work_url(self.doi, self.settings.mailto))
            if response.status == 200:
                record = crossref.parse_work(response.body)
                if record is not None:
                    return record
                self._note("Crossref sent an answer that could not be read")
            elif response.status not in (400, 404):  # 400: a malformed DOI; 404: not Crossref's
                self._unexpected("Crossref", response)
        return await self._datacite(self.doi)

    async def by_arxiv(self) -> Record | None:
        assert self.arxiv
        record = await self._datacite(datacite.arxiv_doi(self.arxiv))
        if record is not None:
            return record
        response = await self.get(semanticscholar.arxiv_url(self.arxiv))
        if response.status == 200:
            return semanticscholar.parse_paper(response.body)
        if response.status != 404:
            self._unexpected("Semantic Scholar", response)
        return None

    async def _datacite(self, doi: str) -> Record | None:
        response = await self.get(datacite.doi_url(doi))
        if response.status == 200:
            return datacite.parse(response.body)
        if response.status != 404:
            self._unexpected("DataCite", response)
        return None

    async def crossref_search(self) -> Record | None:
        raw = self.entry.get("raw") or self.entry.get("title") or ""
        response = await self.get(crossref.search_url(raw, self.params.search_rows, self.settings.mailto))
        if response.status != 200:
            self._unexpected("Crossref", response)
            return None
        hits = [rec for rec, kind in crossref.parse_search(response.body)
                if kind not in self.params.rejected_crossref_types]
        return best(self.entry, hits, self.params)

    async def s2_match(self) -> Record | None:
        query = self.entry.get("title") or self.entry.get("raw") or ""
        response = await self.get(semanticscholar.match_url(query))
        if response.status == 404:  # {"error": "Title match not found"}
            return None
        if response.status != 200:
            self._unexpected("Semantic Scholar", response)
            return None
        record = semanticscholar.parse_match(response.body)
        return record if record is not None and judge(self.entry, record, self.params).accepted else None

    async def openalex_search(self) -> Record | None:
        assert self.settings.openalex_key
        query = self.entry.get("title") or self.entry.get("raw") or ""
        response = await self.get(openalex.search_url(query, self.settings.openalex_key, self.params.search_rows,
                                                      self.settings.mailto))
        if response.status != 200:
            self._unexpected("OpenAlex", response)
            return None
        return best(self.entry, openalex.parse_search(response.body), self.params)
