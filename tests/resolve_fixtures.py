"""The network boundary of the resolution tests: real recorded API responses, replayed by URL.

The responses are the files of ``../shared/api-fixtures`` (read from there, never copied; see its NOTES.md
and MANIFEST.tsv), each with the status and headers recorded in its ``.meta.json``. :func:`lookup` maps a
URL the resolver builds to the recording that answers it:

- identifier look-ups (``works/{doi}``, ``dois/{doi}``, ``paper/DOI:...``) by the recorded request's path;
- searches by the paper the query names, because no recording used our exact query: the Crossref answers
  were recorded for ``query.title`` (+ ``query.author``), ours ask ``query.bibliographic``; the envelope
  and the items are the same (NOTES.md), and the hit they return is what a resolver must judge;
- unknown DOIs at Crossref get its recorded 404 ("Resource not found.", the same body for every DOI);
  unknown titles at Semantic Scholar get its recorded 404 ``{"error": "Title match not found"}``.

Anything else has no recording: :class:`Replay` raises a network error for it, the browser tests abort it.
:class:`Replay` also takes per-test overrides (a 429 first, a request that never answers).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from citelens.ids import title_key
from citelens.resolve.transport import Response, TransportError
from corpus import SHARED

FIXTURES = SHARED / "api-fixtures"

#: Hosts whose real API sends ``Access-Control-Allow-Origin: *`` to browsers. DataCite's recordings lack
#: it only because the recording client sent no Origin (NOTES.md); external-apis.md lists its CORS as yes.
CORS_ADDED = {"api.datacite.org"}


@dataclass(frozen=True)
class Recorded:
    file: str  # relative to FIXTURES
    status: int
    headers: dict[str, str]  # lower-case names, values joined with ", "
    body: str

    def response(self, url: str) -> Response:
        return Response(url, self.status, self.headers, self.body)


@cache
def recorded(file: str) -> Recorded:
    """A recording by its path under the fixtures folder (``semanticscholar/match_paperqa.json``)."""
    body = (FIXTURES / file).read_text(encoding="utf-8")
    meta = json.loads((FIXTURES / _meta_name(file)).read_text(encoding="utf-8"))
    headers = {k.lower(): ", ".join(v) for k, v in (meta.get("response_headers") or {}).items()}
    # Zotero's pasted OpenAlex JSON has no recorded request or status: a body for the parser tests only.
    return Recorded(file, int(meta["status"] or 200), headers, body)


def _meta_name(file: str) -> str:
    return str(Path(file).with_suffix(".meta.json"))


@cache
def _by_path() -> dict[tuple[str, str], str]:
    """(host, lower-case unquoted path) of each recorded GET → its file."""
    out: dict[tuple[str, str], str] = {}
    for meta in sorted(FIXTURES.glob("*/*.meta.json")):
        data = json.loads(meta.read_text(encoding="utf-8"))
        request = str(data.get("request") or "")
        if not request.startswith("GET "):
            continue
        parts = urlsplit(request[4:])
        out.setdefault((parts.hostname or "", unquote(parts.path).lower()), data["file"])
    return out


#: Searches, by words of the title the query holds (normalised) → the recording that answers them.
CROSSREF_SEARCHES = {
    "attention is all you need": "crossref/query_title_attention_is_all_you_need_authors_rows1.json",
    "paperqa retrieval augmented generative agent": "crossref/query_title_paperqa_rows1.json",
    "augmenting large language models": "crossref/query_title_augmenting_llm_chemistry_tools_rows1.json",
    "effect of native oxide layers on copper": "crossref/query_title_native_oxide_copper_rows1.json",
    "askldjrq3rjaw938h": "crossref/query_title_nonsense_no_results.json",
}
S2_MATCHES = {
    "attention is all you need": "semanticscholar/match_attention_is_all_you_need_2025-08.json",
    "paperqa retrieval augmented generative agent": "semanticscholar/match_paperqa.json",
    "augmenting large language models": "semanticscholar/match_augmenting_llm_chemistry_tools.json",
}
OPENALEX_SEARCHES = {
    "paperqa retrieval augmented generative agent": "openalex/titlesearch_paperqa.json",
    "augmenting large language models": "openalex/titlesearch_augmenting_llm_chemistry_tools.json",
}
CROSSREF_404 = "crossref/error_404_works_notarealdoi.txt"
S2_NO_MATCH = "semanticscholar/match_error_404_title_match_not_found.json"
S2_429 = "semanticscholar/error_429_too_many_requests.json"


def lookup(url: str) -> Recorded | None:
    """The recording that answers ``url``, or None when there is none."""
    parts = urlsplit(url)
    host, path = parts.hostname or "", unquote(parts.path)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    if host == "api.crossref.org" and path == "/works" and "query.bibliographic" in query:
        return _search(CROSSREF_SEARCHES, query["query.bibliographic"])
    if host == "api.semanticscholar.org" and path.endswith("/paper/search/match"):
        return _search(S2_MATCHES, query.get("query", "")) or recorded(S2_NO_MATCH)
    if host == "api.openalex.org" and path == "/works" and "search" in query:
        return _search(OPENALEX_SEARCHES, query["search"])
    file = _by_path().get((host, path.lower()))
    if file:
        return recorded(file)
    if host == "api.crossref.org" and path.startswith("/works/10."):
        return recorded(CROSSREF_404)
    return None


def _search(table: dict[str, str], query: str) -> Recorded | None:
    words = title_key(query)
    for key, file in table.items():
        if key in words:
            return recorded(file)
    return None


def browser_headers(rec: Recorded, host: str) -> dict[str, str]:
    """Headers to fulfil a browser request with: the recorded ones without those describing the recorded
    transfer (the body is stored decoded and pretty-printed), CORS as the real API sends it."""
    headers = {k: v for k, v in rec.headers.items()
               if k not in {"content-length", "content-encoding", "transfer-encoding", "connection"}}
    if host in CORS_ADDED and rec.status < 400:
        headers["access-control-allow-origin"] = "*"
    if "access-control-allow-origin" not in headers:
        # Recorded without the header (S2's CloudFront 429): the browser must refuse it. Playwright's
        # fulfill adds "access-control-allow-origin: <the page's origin>" to any cross-origin response that
        # lacks one (playwright PR #12943), which would let it through; "null" matches no http origin.
        headers["access-control-allow-origin"] = "null"
    return headers


# --------------------------------------------------------------------------------- the transport


Override = Callable[[str], Recorded | None]


class Replay:
    """A Transport answering from the recordings; ``requested`` lists every URL asked, in order.

    ``overrides`` are tried first, in order, each ``url -> Recorded | None`` (None: not mine); a
    ``hang`` predicate makes matching requests never answer (the client's timeout must end them); a
    ``refuse`` predicate makes them fail as a dropped connection does. ``opaque=True`` is a browser's
    fetch: a failure cannot be told from a CORS refusal.
    """

    def __init__(self, *overrides: Override, hang: Callable[[str], bool] | None = None,
                 refuse: Callable[[str], bool] | None = None, opaque: bool = False) -> None:
        self.overrides = list(overrides)
        self.hang = hang
        self.refuse = refuse
        self.opaque_errors = opaque
        self.requested: list[str] = []

    async def get(self, url: str, timeout: float) -> Response:
        self.requested.append(url)
        if self.hang is not None and self.hang(url):
            await asyncio.Event().wait()  # never set
        if self.refuse is not None and self.refuse(url):
            raise TransportError("Failed to fetch")
        for override in self.overrides:
            rec = override(url)
            if rec is not None:
                return rec.response(url)
        rec = lookup(url)
        if rec is None:
            raise TransportError(f"no recording for {url}")
        return rec.response(url)


def first_n(n: int, file: str, where: Callable[[str], bool]) -> Override:
    """An override answering the first ``n`` matching requests with ``file`` (then stepping aside)."""
    left = [n]

    def override(url: str) -> Recorded | None:
        if left[0] > 0 and where(url):
            left[0] -= 1
            return recorded(file)
        return None

    return override


def with_headers(rec: Recorded, **extra: str) -> Recorded:
    """A recording with headers added (``retry_after="2"`` -> ``retry-after: 2``)."""
    return Recorded(rec.file, rec.status, {**rec.headers, **{k.replace("_", "-"): v for k, v in extra.items()}},
                    rec.body)


def in_thread(function: Callable[..., object], *args: object, **kwargs: object) -> object:
    """``function(*args)`` on a thread of its own: ``asyncio.run`` refuses to start where an event loop runs,
    and Playwright's sync API leaves one running on the main thread once an e2e test has used it."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(function, *args, **kwargs).result()


class FakeClock:
    """``clock`` and ``sleep`` for a Client: sleeping advances the clock at once and is recorded."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 3))
        self.now += seconds
        await asyncio.sleep(0)
