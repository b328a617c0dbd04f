"""web/analysis/resolver.js in Chromium on the built site: the reader page (its CSP included) imports the Resolver and
a CitelensAnalyzer of its own; look-ups run in the worker's Python through the browser's fetch.

The network is Playwright routes on the context, registered after the offline guard so they take
precedence for the four API hosts: each request is fulfilled with the real recorded response
(``tests/resolve_fixtures.py``: body, status and headers as recorded, CORS as the API sends it) or, when
nothing was recorded for it, aborted as a network failure. Semantic Scholar's recorded 429 carries no
Access-Control-Allow-Origin, so the page sees a CORS failure, as it would.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

import pytest

from harness import Reader, guarded_context, python_analysis
from resolve_fixtures import S2_429, lookup, browser_headers, recorded

MULTILEXSUM = "pdf/arxiv-2022-multilexsum-neurips-2206.10883.pdf"
API = re.compile(r"^https://api\.(crossref|semanticscholar|datacite|openalex)\.org/")

# A test entry of our own: the query Crossref and Semantic Scholar were recorded answering with nothing.
NONSENSE = {"index": 901, "label": "[901]", "raw": "askldjrq3rjaw938h", "title": "askldjrq3rjaw938h", "year": None,
            "doi": None, "arxiv_id": None, "authors": []}

SETUP = """async ({analysis, dbName}) => {
  const { CitelensAnalyzer } = await import("/web/analysis/analysis.js");
  const { Resolver, ResolutionCache } = await import("/web/analysis/resolver.js");
  window.__res ??= { analyzer: new CitelensAnalyzer("/worker/citelens-worker.js", { cache: null }).start() };
  // the worker's own answers, however long Python takes to load: no 8 s deadline here
  const resolver = new Resolver({ analyzer: window.__res.analyzer, cache: new ResolutionCache(dbName),
                                  settings: { mailto: "e2e@example.org", openalexKey: null, s2Key: null },
                                  deadlineMs: 150_000 });
  window.__res.changes = [];
  resolver.addEventListener("change", (e) => window.__res.changes.push(e.detail));
  resolver.setDocument(analysis);
  window.__res.resolver = resolver;
}"""


class Api:
    """The routes: every API request logged; ``first`` overrides answer the first matching requests."""

    def __init__(self) -> None:
        self.log: list[str] = []
        self.overrides: list[list[Any]] = []  # [count left, predicate, recording]

    def handle(self, route: Any) -> None:
        url = route.request.url
        self.log.append(url)
        rec = None
        for override in self.overrides:
            if override[0] > 0 and override[1](url):
                override[0] -= 1
                rec = override[2]
                break
        rec = rec or lookup(url)
        if rec is None:
            route.abort("internetdisconnected")
            return
        route.fulfill(status=rec.status, headers=browser_headers(rec, urlsplit(url).hostname or ""), body=rec.body)


@pytest.fixture(scope="module")
def api_page(browser: Any, server: Any):
    context = guarded_context(browser)
    api = Api()
    context.route(API, api.handle)  # after the guard: these hosts never reach it
    page = context.new_page()
    page.goto(f"{server.base}/index.html")
    yield page, api
    context.close()


@pytest.fixture
def api(api_page):
    page, api = api_page
    api.log.clear()
    api.overrides.clear()
    return api


def analysis_of(path: str) -> dict[str, Any]:
    analysis = python_analysis(path)
    return {"source": analysis["source"] | {"text_hash": analysis["source"]["text_hash"] or "multilexsum"},
            "references": analysis["references"] + [NONSENSE]}


def setup(page: Any, db: str) -> None:
    page.evaluate(SETUP, {"analysis": analysis_of(MULTILEXSUM), "dbName": db})


def resolve(page: Any, index: int) -> dict[str, Any]:
    return page.evaluate("(i) => window.__res.resolver.resolve(i)", index)


def paths(log: list[str]) -> list[str]:
    return [f"{urlsplit(u).hostname}{urlsplit(u).path}" for u in log]


def test_attention_is_resolved_in_the_worker_through_routed_fetches(api_page, api, measured) -> None:
    page, _ = api_page
    setup(page, "e2e-resolution-1")
    entry = next(r for r in python_analysis(MULTILEXSUM)["references"] if r["index"] == 55)
    assert (entry["title"], entry["doi"], entry["arxiv_id"]) == ("Attention is all you need", None, None)
    started = page.evaluate("() => performance.now()")
    result = resolve(page, 55)
    took = page.evaluate("() => performance.now()") - started
    assert result["status"] == "resolved", result
    assert result["via"] == "s2-match"
    record = result["record"]
    assert (record["title"], record["arxiv"], record["doi"], record["pdf_url"]) == (
        "Attention is All you Need", "1706.03762", None, None)
    # Crossref's wrong hit first (rejected), then Semantic Scholar; mailto goes to Crossref only.
    assert paths(api.log) == ["api.crossref.org/works", "api.semanticscholar.org/graph/v1/paper/search/match"]
    assert "mailto=e2e%40example.org" in api.log[0] and "mailto" not in api.log[1]
    assert page.evaluate("() => window.__res.changes.map((c) => [c.index, c.result.status])") == [[55, "resolved"]]
    assert page.evaluate("() => window.__res.resolver.result(55).record.title") == "Attention is All you Need"
    measured.append(f"resolver: reference [55] resolved in the worker in {took:.0f} ms (Python load included "
                    f"on first use), 2 routed requests")


def test_a_second_resolver_finds_it_in_indexeddb_without_a_request(api_page, api) -> None:
    page, _ = api_page
    setup(page, "e2e-resolution-1")  # the database the test above filled
    page.wait_for_function("() => window.__res.changes.some((c) => c.index === 55)")
    assert page.evaluate("() => window.__res.resolver.result(55)?.via") == "s2-match"
    again = resolve(page, 55)
    assert again["record"]["arxiv"] == "1706.03762"
    assert api.log == []


def test_no_match_is_unresolved_and_concurrent_calls_share_one_look_up(api_page, api) -> None:
    page, _ = api_page
    setup(page, "e2e-resolution-2")
    results = page.evaluate("() => Promise.all([window.__res.resolver.resolve(901), window.__res.resolver.resolve(901)])")
    assert results[0] == results[1] == {"status": "unresolved", "reason": "no match",
                                        "tried": ["crossref-search", "s2-match"]}
    assert len(api.log) == 2  # one Crossref search (recorded: no items), one S2 match (recorded 404)
    assert page.evaluate("() => window.__res.resolver.resolve(12345)") == {
        "status": "unresolved", "reason": "no such reference", "tried": []}


def test_s2_429_seen_as_a_cors_failure_is_retried_then_succeeds(api_page, api) -> None:
    page, _ = api_page
    setup(page, "e2e-resolution-3")
    api.overrides.append([1, lambda u: "search/match" in u, recorded(S2_429)])
    result = resolve(page, 55)
    assert result["status"] == "resolved" and result["via"] == "s2-match", result
    s2 = [u for u in api.log if "semanticscholar" in u]
    assert len(s2) == 2, api.log


def test_s2_refusing_every_time_ends_unresolved_with_a_reason(api_page, api) -> None:
    page, _ = api_page
    setup(page, "e2e-resolution-4")
    api.overrides.append([99, lambda u: "semanticscholar" in u, recorded(S2_429)])
    result = resolve(page, 55)
    assert result == {"status": "unresolved", "reason": "rate limited by Semantic Scholar (or unreachable)",
                      "tried": ["crossref-search", "s2-match"]}
    # In a browser the refusal is a fetch with no response: the first try and one retry, 1 s apart.
    assert sum("semanticscholar" in u for u in api.log) == 2
    # A rate limit says nothing about the paper: kept a minute (not asked again within it), unlike the
    # "no match" of the test above, kept 30 days.
    stored = """async ([db, key, options]) => (await new (await import("/web/analysis/resolver.js"))
      .ResolutionCache(db, options).get(key))"""
    text_hash = analysis_of(MULTILEXSUM)["source"]["text_hash"]
    key = f"entry:{text_hash}:55"
    assert page.evaluate(stored, ["e2e-resolution-4", key, {}])["reason"] == result["reason"]
    assert page.evaluate(stored, ["e2e-resolution-4", key, {"retryAfterMs": 0}]) is None
    assert page.evaluate(stored, ["e2e-resolution-2", f"entry:{text_hash}:901", {"retryAfterMs": 0}])["reason"] == "no match"
    assert page.evaluate("() => window.__res.resolver.settled(55)")


def test_past_the_deadline_an_entry_is_no_answer_in_time_until_the_late_answer_replaces_it(api_page, api) -> None:
    page, _ = api_page
    page.evaluate("""async ({analysis, dbName}) => {
      const { Resolver, ResolutionCache, failure } = await import("/web/analysis/resolver.js");
      const resolver = new Resolver({ analyzer: window.__res.analyzer, cache: new ResolutionCache(dbName), deadlineMs: 1 });
      window.__res.changes = [];
      resolver.addEventListener("change", (e) => window.__res.changes.push([e.detail.result.status, failure(e.detail.result)?.kind ?? null]));
      resolver.setDocument(analysis);
      window.__res.late = resolver;
      window.__res.first = await resolver.resolve(55);
    }""", {"analysis": analysis_of(MULTILEXSUM), "dbName": "e2e-resolution-5"})
    assert page.evaluate("() => window.__res.first") == {"status": "unresolved", "reason": "timed out: no answer in time",
                                                         "tried": []}
    page.wait_for_function("() => window.__res.late.result(55)?.status === 'resolved'")
    assert page.evaluate("() => window.__res.changes") == [["unresolved", "timed-out"], ["resolved", None]]
    assert page.evaluate("() => window.__res.late.settled(55)")
