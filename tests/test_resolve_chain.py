"""The resolution chain on recorded responses: which URLs are asked in which order, which hits are
accepted, the cache, rate limits, timeouts. The transport (``resolve_fixtures.Replay``) is the only fake:
it answers each URL with a real recording; the client's clock and sleep are fake so waits take no time."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from functools import cache
from urllib.parse import urlsplit

import pytest

from citelens.resolve import Client, Result, Settings, Via, resolve
from citelens.resolve import crossref, datacite, semanticscholar
from citelens.adapters.cache import DirectoryCache
from citelens.resolve.cache import MemoryCache
from citelens.resolve.settings import PARAMS
from resolve_fixtures import S2_429, FakeClock, Replay, first_n, in_thread, recorded, with_headers

MULTILEXSUM = "pdf/arxiv-2022-multilexsum-neurips-2206.10883.pdf"


def run(entry: dict, replay: Replay, settings: Settings | None = None, *, clock: FakeClock | None = None,
        params=PARAMS, cache=None, text_hash: str | None = None, client: Client | None = None) -> Result:
    clock = clock or FakeClock()
    client = client or Client(replay, settings=settings, params=params, clock=clock, sleep=clock.sleep)
    return in_thread(asyncio.run, resolve(entry, client, settings, cache, text_hash=text_hash))


def hosts_and_paths(urls: list[str]) -> list[str]:
    return [f"{urlsplit(u).hostname}{urlsplit(u).path}" for u in urls]


@cache
def multilexsum_entry(index: int) -> dict:
    """A reference entry as ``citelens analyze`` gives it for the real Multi-LexSum paper."""
    from citelens.pipeline import analyze
    from corpus import document

    refs = analyze(document(MULTILEXSUM)).to_json()["references"]
    return next(r for r in refs if r["index"] == index)


ATTENTION = {"index": 55, "title": "Attention is all you need", "year": 2017, "doi": None, "arxiv_id": None,
             "raw": "Ashish Vaswani, Noam Shazeer, Niki Parmar, Jakob Uszkoreit, Llion Jones, Aidan N Gomez, "
                    "Łukasz Kaiser, and Illia Polosukhin. Attention is all you need. Advances in neural "
                    "information processing systems, 30, 2017."}
PAPERQA = {"index": 3, "title": "PaperQA: Retrieval-Augmented Generative Agent for Scientific Research",
           "year": 2023, "doi": None, "arxiv_id": None,
           "raw": "Jakub Lála et al. PaperQA: Retrieval-Augmented Generative Agent for Scientific Research. 2023."}
CHEMCROW = {"index": 7, "title": "Augmenting large language models with chemistry tools", "year": 2024,
            "doi": None, "arxiv_id": None,
            "raw": "Andres M. Bran, Sam Cox, Oliver Schilter, Carlo Baldassari, Andrew D. White, and Philippe "
                   "Schwaller. Augmenting large language models with chemistry tools. Nature Machine "
                   "Intelligence, 6(5):525-535, 2024."}


# ---------------------------------------------------------------------------------- order of the chain


@pytest.mark.corpus
def test_multilexsum_attention_wrong_crossref_hit_rejected_then_s2_match_accepted() -> None:
    entry = multilexsum_entry(55)
    assert (entry["title"], entry["year"], entry["doi"], entry["arxiv_id"]) == (
        "Attention is all you need", 2017, None, None)
    replay = Replay()
    result = run(entry, replay)
    assert replay.requested == [crossref.search_url(entry["raw"], 3), semanticscholar.match_url(entry["title"])]
    assert (result.status, result.via) == ("resolved", Via.S2_MATCH)
    record = result.record
    assert (record.title, record.arxiv, record.doi, record.year, record.pdf_url) == (
        "Attention is All you Need", "1706.03762", None, 2017, None)


def test_doi_goes_to_crossref_alone() -> None:
    replay = Replay()
    result = run(CHEMCROW | {"doi": "10.1038/s42256-024-00832-8"}, replay, Settings(mailto="me@example.org"))
    assert replay.requested == ["https://api.crossref.org/works/10.1038/s42256-024-00832-8?mailto=me%40example.org"]
    assert (result.via, result.record.source, result.record.doi) == (Via.DOI, "crossref", "10.1038/s42256-024-00832-8")


def test_arxiv_doi_goes_to_datacite_not_crossref() -> None:
    replay = Replay()
    result = run({"index": 1, "raw": "x", "doi": "10.48550/arXiv.2311.16162"}, replay)
    assert replay.requested == ["https://api.datacite.org/dois/10.48550/arxiv.2311.16162"]
    assert (result.via, result.record.source, result.record.arxiv) == (Via.DOI, "datacite", "2311.16162")


def test_arxiv_id_goes_to_datacite() -> None:
    replay = Replay()
    result = run({"index": 1, "raw": "CROCI. arXiv:1902.02534v2", "arxiv_id": "1902.02534v2"}, replay)
    assert replay.requested == ["https://api.datacite.org/dois/10.48550/arxiv.1902.02534"]
    assert (result.via, result.record.arxiv, result.record.pdf_url) == (
        Via.ARXIV, "1902.02534", "https://arxiv.org/pdf/1902.02534")


def test_a_doi_crossref_does_not_know_is_asked_of_datacite() -> None:
    replay = Replay()
    result = run({"index": 1, "raw": "Garza. Analysis tools. Zenodo 2016.", "doi": "10.5281/zenodo.48440"}, replay)
    assert hosts_and_paths(replay.requested) == ["api.crossref.org/works/10.5281/zenodo.48440",
                                                 "api.datacite.org/dois/10.5281/zenodo.48440"]
    assert (result.via, result.record.source, result.record.year) == (Via.DOI, "datacite", 2016)


def test_a_doi_nobody_knows_falls_through_to_the_searches() -> None:
    clock = FakeClock()
    replay = Replay()  # DataCite has no recording for it: the network fails there, retried, then given up
    result = run(CHEMCROW | {"doi": "10.1371/notarealdoi"}, replay, clock=clock)
    assert hosts_and_paths(replay.requested) == [
        "api.crossref.org/works/10.1371/notarealdoi",
        *["api.datacite.org/dois/10.1371/notarealdoi"] * (1 + PARAMS.network_retries), "api.crossref.org/works"]
    assert (result.via, result.record.doi) == (Via.CROSSREF_SEARCH, "10.1038/s42256-024-00832-8")


def test_near_miss_from_crossref_rejected_then_s2_accepted() -> None:
    replay = Replay()
    result = run(PAPERQA, replay)
    assert hosts_and_paths(replay.requested) == ["api.crossref.org/works",
                                                 "api.semanticscholar.org/graph/v1/paper/search/match"]
    # Crossref's hit ("Retrieval augmented scientific claim verification", 10.1093/jamiaopen/ooae021) is
    # not kept; the S2 record keeps its arXiv DataCite DOI and id.
    assert (result.via, result.record.doi, result.record.arxiv) == (
        Via.S2_MATCH, "10.48550/arxiv.2312.07559", "2312.07559")


def test_year_two_off_is_rejected_everywhere() -> None:
    replay = Replay()
    result = run(CHEMCROW | {"year": 2021}, replay)  # Crossref says 2024, Semantic Scholar 2023
    assert len(replay.requested) == 2
    assert result.to_json() == {"status": "unresolved", "reason": "no match", "tried": ["crossref-search", "s2-match"]}


def test_no_hit_anywhere_is_no_match() -> None:
    nonsense = first_n(1, "crossref/query_title_nonsense_no_results.json",
                       lambda u: "query.bibliographic=askldjrq3rjaw938h" in u)
    replay = Replay(nonsense)
    result = run({"index": 1, "raw": "askldjrq3rjaw938h", "title": "askldjrq3rjaw938h"}, replay)
    assert result.reason == "no match" and len(replay.requested) == 2  # S2 answered its recorded 404


def test_openalex_is_asked_only_with_a_key() -> None:
    s2_refuses = first_n(99, S2_429, lambda u: "semanticscholar" in u)
    replay = Replay(s2_refuses)
    result = run(CHEMCROW | {"year": 2023}, replay, params=replace(PARAMS, retries=0))
    assert not any("openalex" in u for u in replay.requested)
    assert result.via is Via.CROSSREF_SEARCH  # 2023 vs Crossref's 2024: one year apart

    replay = Replay(s2_refuses, first_n(1, "crossref/query_title_nonsense_no_results.json", lambda u: "crossref" in u))
    result = run(PAPERQA, replay, Settings(openalex_key="KEY"), params=replace(PARAMS, retries=0))
    assert hosts_and_paths(replay.requested) == ["api.crossref.org/works",
                                                 "api.semanticscholar.org/graph/v1/paper/search/match",
                                                 "api.openalex.org/works"]
    assert "api_key=KEY" in replay.requested[-1]
    assert (result.via, result.record.source, result.record.arxiv) == (Via.OPENALEX_SEARCH, "openalex", "2312.07559")


# ------------------------------------------------------------------------------------------- caching


def test_cache_hit_makes_no_request(tmp_path) -> None:
    store = DirectoryCache(tmp_path)
    first = run(PAPERQA, Replay(), cache=store, text_hash="abc")
    assert first.ok
    replay = Replay()
    again = run(PAPERQA, replay, cache=store, text_hash="abc")
    assert replay.requested == [] and again == first
    # The record's DOI is a key too: another paper citing it by that DOI needs no request either.
    replay = Replay()
    by_doi = run({"index": 9, "raw": "x", "doi": "10.48550/arXiv.2312.07559"}, replay, cache=store, text_hash="zzz")
    assert replay.requested == [] and by_doi.record == first.record


def test_cache_expires_after_30_days_and_keeps_no_transient_failure() -> None:
    now = [time.time()]
    store = MemoryCache(clock=lambda: now[0])
    run(CHEMCROW, Replay(), cache=store, text_hash="t")
    now[0] += 29 * 86400
    replay = Replay()
    run(CHEMCROW, replay, cache=store, text_hash="t")
    assert replay.requested == []
    now[0] += 2 * 86400
    run(CHEMCROW, replay, cache=store, text_hash="t")
    assert len(replay.requested) == 1

    limited = Replay(first_n(99, S2_429, lambda u: "semanticscholar" in u))
    result = run(PAPERQA | {"index": 4}, limited, cache=store, text_hash="t")
    assert result.reason == "rate limited by Semantic Scholar"
    assert store.get("entry:t:4") is None


# ------------------------------------------------------------------------------- rate limits, timeouts


def test_429_then_success_backs_off_and_succeeds() -> None:
    clock = FakeClock()
    replay = Replay(first_n(1, S2_429, lambda u: "search/match" in u))
    result = run(PAPERQA, replay, clock=clock)
    assert hosts_and_paths(replay.requested)[1:] == ["api.semanticscholar.org/graph/v1/paper/search/match"] * 2
    assert result.via is Via.S2_MATCH
    assert 1.0 in clock.slept  # no Retry-After in the recorded 429: backoff_base * 2**0


def test_retry_after_is_honoured() -> None:
    # The recorded S2 429 has no Retry-After (CloudFront); Crossref and others may send one: added here.
    with_wait = with_headers(recorded(S2_429), retry_after="7")
    left = [1]

    def once(url: str):
        if left[0] and "search/match" in url:
            left[0] -= 1
            return with_wait
        return None

    clock = FakeClock()
    result = run(PAPERQA, Replay(once), clock=clock)
    assert result.ok and 7.0 in clock.slept and 1.0 not in clock.slept


def test_429_for_ever_gives_up_with_a_reason_and_later_entries_fail_fast() -> None:
    clock = FakeClock()
    replay = Replay(first_n(99, S2_429, lambda u: "semanticscholar" in u))
    client = Client(replay, clock=clock, sleep=clock.sleep)
    result = run(PAPERQA, replay, client=client)
    assert result.to_json() == {"status": "unresolved", "reason": "rate limited by Semantic Scholar",
                                "tried": ["crossref-search", "s2-match"]}
    s2 = [u for u in replay.requested if "semanticscholar" in u]
    assert len(s2) == 1 + PARAMS.retries
    assert [s for s in clock.slept if s >= 1] == [1.0, 2.0, 4.0]
    # Another entry right after: Semantic Scholar is cooling down, not asked again.
    before = len(replay.requested)
    again = run(CHEMCROW | {"year": 2019}, replay, client=client)
    assert "rate limited by Semantic Scholar" in again.reason
    assert not any("semanticscholar" in u for u in replay.requested[before:])


def test_in_a_browser_a_failed_fetch_to_s2_reads_as_a_rate_limit() -> None:
    # A fetch TypeError: S2's 429 has no Access-Control-Allow-Origin, so the page sees only this.
    replay = Replay(refuse=lambda u: "semanticscholar" in u, opaque=True)
    result = run(PAPERQA, replay)
    assert result.reason == "rate limited by Semantic Scholar (or unreachable)"
    # No response at all: retried network_retries times, 1 s apart, so a reader waits about a second.
    assert sum("semanticscholar" in u for u in replay.requested) == 1 + PARAMS.network_retries
    # From the CLI (urllib) the same failure is what it is.
    clock = FakeClock()
    replay = Replay(refuse=lambda u: "semanticscholar" in u)
    client = Client(replay, clock=clock, sleep=clock.sleep)
    result = run(PAPERQA, replay, client=client)
    assert result.reason == "network error: Failed to fetch"
    # ... and the next entry does not wait through the same retries: the host is cooling down.
    before = len(replay.requested)
    again = run(ATTENTION, replay, client=client)
    assert again.reason == "network error: Failed to fetch"
    assert [u for u in replay.requested[before:] if "semanticscholar" in u] == []
    clock.now += PARAMS.backoff_max  # cooled down: asked again
    run(ATTENTION | {"index": 56}, replay, client=client)
    assert any("semanticscholar" in u for u in replay.requested[before:])


def test_a_request_that_never_answers_times_out() -> None:
    replay = Replay(hang=lambda u: "semanticscholar" in u)
    started = time.monotonic()
    result = run(PAPERQA, replay, params=replace(PARAMS, timeout=0.05))
    assert time.monotonic() - started < 5
    assert result.to_json() == {"status": "unresolved", "reason": "timed out", "tried": ["crossref-search", "s2-match"]}


def test_the_budget_ends_an_entry_whatever_its_waits() -> None:
    clock = FakeClock()
    replay = Replay(first_n(99, S2_429, lambda u: "semanticscholar" in u))
    result = run(PAPERQA, replay, clock=clock, params=replace(PARAMS, budget=2.5))
    assert result.reason is not None and "timed out" in result.reason
    assert clock.now - 1000.0 <= 2.5


def test_requests_to_one_host_are_paced() -> None:
    clock = FakeClock()
    replay = Replay()
    client = Client(replay, clock=clock, sleep=clock.sleep)
    run(ATTENTION, replay, client=client)
    run(PAPERQA, replay, client=client)
    # Crossref, S2, Crossref, S2; no time passes but the waits. The second Crossref request waits its
    # 0.2 s; the second S2 request, 1 s after the first, waits what is left of it.
    crossref_gap, s2_gap = PARAMS.hosts["api.crossref.org"].interval, PARAMS.hosts["api.semanticscholar.org"].interval
    assert clock.slept == [pytest.approx(crossref_gap), pytest.approx(s2_gap - crossref_gap)]


def test_nothing_to_search_for() -> None:
    result = run({"index": 1, "raw": "", "title": None}, Replay())
    assert result.to_json() == {"status": "unresolved", "reason": "nothing to search for: the entry has no text",
                                "tried": []}


def test_datacite_url_builder() -> None:
    assert datacite.doi_url(datacite.arxiv_doi("1706.03762")) == "https://api.datacite.org/dois/10.48550/arxiv.1706.03762"
