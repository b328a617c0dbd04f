"""What the end-to-end tests share: the loopback server, the offline guard, the script installed in every
page, and :class:`Reader`, the few steps every test takes on the reader page. Fixtures are in conftest.py.

Waits go through ``<body>``'s ``data-*`` state attributes (web/README.md) and selectors, never fixed
sleeps; functions passed to ``wait_for_function`` are functions, not expressions (the CSP forbids eval).
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import builders

from corpus import document  # tests/corpus.py

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
CHROMIUM = os.environ.get("CITELENS_CHROMIUM", "/usr/bin/chromium")
# offline-stack.md: the last flag stops Chromium's own look-ups of Google hosts.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
#: Python loads in 2-12 s on a busy 2-core machine, then analyses; a CI runner may be slower still.
ANALYSIS_TIMEOUT_MS = 150_000

NUMBERED = "pdf/arxiv-2023-citesee-chi-2302.07302.pdf"  # 15 pages, [n], hyperref links, bookmarks
AUTHOR_YEAR = "pdf/acl-2020-main-447-s2orc.pdf"  # 15 pages, (Author, 2019), no bookmarks
SUPERSCRIPT = "pdf/bmj-open-2016-012335.pdf"  # 15 pages, superscript numbers, bookmarks
PAPERS = {"numbered": NUMBERED, "author-year": AUTHOR_YEAR, "superscript": SUPERSCRIPT}

#: The reference the security test plants in the demo paper, and its number in the reference list.
HOSTILE = "<img src=x onerror=alert(1)>"
HOSTILE_INDEX = 2

# Installed in every page before its own scripts: counts analyze requests to the citelens worker, records
# its progress stages and when Python is ready, and every flash the reader draws (they last 600 ms, so they
# are caught as they are inserted rather than polled for).
INIT_SCRIPT = """
(() => {
  const log = { analyze: 0, stages: [], ready: null, readyMs: null, workerStart: null, flashes: [] };
  Object.defineProperty(window, "__e2e", { value: log });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    #ours;
    constructor(url, options) {
      super(url, options);
      this.#ours = String(url).includes("citelens-worker");
      if (!this.#ours) return;
      log.workerStart = performance.now();
      this.addEventListener("message", (event) => {
        const data = event.data;
        if (data?.type === "progress") log.stages.push(data.stage);
        if (data?.type === "ready") { log.ready = performance.now(); log.readyMs = data.ms; }
      });
    }
    postMessage(message, ...rest) {
      if (this.#ours && message?.type === "analyze") log.analyze++;
      return super.postMessage(message, ...rest);
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement) || !node.classList.contains("flash-target")) continue;
        const rect = node.getBoundingClientRect();
        const box = document.getElementById("viewer-container").getBoundingClientRect();
        log.flashes.push({
          page: Number(node.dataset.page),
          left: parseFloat(node.style.left), top: parseFloat(node.style.top),
          width: parseFloat(node.style.width), height: parseFloat(node.style.height),
          inView: rect.height > 0 && rect.top >= box.top && rect.bottom <= box.bottom,
        });
      }
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""


# ------------------------------------------------------------------------------------------- guard


@dataclass
class Guard:
    """What must stay empty during every test."""

    leaks: list[str] = field(default_factory=list)  # requests that tried to leave loopback (aborted)
    errors: list[str] = field(default_factory=list)  # uncaught exceptions in a page
    dialogs: list[str] = field(default_factory=list)  # alert / confirm / prompt

    def clear(self) -> None:
        self.leaks.clear()
        self.errors.clear()
        self.dialogs.clear()

    def problems(self) -> dict[str, list[str]]:
        return {name: list(items) for name, items in (("requests off loopback", self.leaks),
                                                       ("page errors", self.errors), ("dialogs", self.dialogs))
                if items}

    def route(self, route: Any) -> None:
        url = route.request.url
        if urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.leaks.append(url)
            route.abort()

    def watch(self, page: Any) -> None:
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))

        def dialog(d: Any) -> None:
            self.dialogs.append(f"{d.type}: {d.message}")
            d.dismiss()

        page.on("dialog", dialog)


GUARD = Guard()


def guarded_context(browser: Any) -> Any:
    """A fresh context (its own profile: empty IndexedDB and localStorage) under the guard, with the
    init script in every page. The reader looks references up on its own (hover, click, the first 20
    after load): the four APIs are answered with their recorded "not found" responses (:class:`ApiReplay`),
    so nothing leaves loopback and every look-up ends; a test routes its own recordings over these."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    context.route("**/*", GUARD.route)
    ApiReplay().install(context)
    context.add_init_script(INIT_SCRIPT)
    context.on("page", GUARD.watch)
    return context


# ------------------------------------------------------------------------------------------ server


class Handler(http.server.SimpleHTTPRequestHandler):
    """site/ at the root, other folders under ``mounts`` prefixes; remembers every path asked for."""

    mounts: dict[str, Path] = {}
    requested: list[str] = []

    def translate_path(self, path: str) -> str:
        rel = unquote(urlsplit(path).path)
        for prefix, folder in self.mounts.items():
            if rel.startswith(prefix):
                return str(folder / rel.removeprefix(prefix))
        return super().translate_path(path)

    def do_GET(self) -> None:
        self.requested.append(unquote(urlsplit(self.path).path))
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


class Server(http.server.ThreadingHTTPServer):
    """Serves the site; a browser that drops a response half-sent (a closed tab, an aborted range
    request of pdf.js) is the browser's business, not a traceback on stderr."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(mounts: dict[str, Path]) -> tuple[http.server.ThreadingHTTPServer, list[str]]:
    handler = type("MountedHandler", (Handler,), {"mounts": dict(mounts), "requested": []})
    httpd = Server(("127.0.0.1", 0), functools.partial(handler, directory=str(SITE)))
    return httpd, handler.requested


def load_demo_paper(name: str = "e2e_demo_paper"):
    """tools/demo_paper.py as a module object of its own under ``name`` (see tests/builders.py)."""
    return builders.load_demo_paper(name)


# ------------------------------------------------------------------------------------------ reader


def wait_frames(page: Any) -> None:
    """Two animation frames: scroll events and layout caused by the last action have happened."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def marks(page: Any) -> dict[str, float]:
    """The page's performance marks (ms since navigation start), last one of each name."""
    return page.evaluate("() => Object.fromEntries(performance.getEntriesByType('mark')"
                         ".map((m) => [m.name, m.startTime]))")


class Reader:
    """A reader page and the steps tests take on it."""

    def __init__(self, page: Any, base: str) -> None:
        self.page = page
        self.base = base
        self.current: str | None = None

    @staticmethod
    def url(path: str) -> str:
        """Corpus paths (``pdf/...``) and session files (``gen/...``) as the server serves them."""
        return f"/{path}" if path.startswith("gen/") else f"/corpus/{path}"

    def open(self, path: str, *, expect: str = "done") -> None:
        """Open a PDF in the running page (its worker stays warm) and wait until the reader settles.
        ``expect`` is the ``data-analysis-state`` to reach, or ``"error"`` for a file the reader cannot open
        (the paper that was open, if any, stays: ``current`` is kept)."""
        kept = self.current
        self.current = None
        self.wait_render_idle()
        # open() sets data-open-state="opening" synchronously, and the new paper's first page resets
        # data-analysis-state before data-open-state leaves "opening": a "done" seen after belongs to it.
        self.page.evaluate("(url) => window.citelens.open(url)", self.url(path))
        self.wait_settled()
        state = self.state()
        if expect == "error":
            assert state["openState"] == "failed", state
            self.current = kept
            return
        assert (state["pdfState"], state["analysisState"]) == ("ready", expect), (state, self.notices())
        self.current = path

    def ensure(self, path: str) -> None:
        """Open ``path`` unless it is what the page shows."""
        if self.current != path:
            self.open(path)

    def wait_render_idle(self) -> None:
        """Wait until the pages near the view are drawn with their text layers: nothing is rendering.
        (Opening a file while a page renders is its own test: test_reader.py.)"""
        self.page.wait_for_function("""() => {
          const viewer = window.citelens.viewer;
          return viewer.nearPages().every((n) => {
            const page = document.querySelector(`.page[data-page-number="${n}"]`);
            return page.classList.contains("page-failed")
              || (page.dataset.rendered === "true" && page.querySelector(".textLayer"));
          });
        }""")

    def wait_settled(self) -> None:
        self.page.wait_for_function(
            """() => {
              const b = document.body.dataset;
              return b.openState !== "opening" && (b.pdfState === "error" || b.openState === "failed"
                || ["done", "failed", "unavailable"].includes(b.analysisState));
            }""", timeout=ANALYSIS_TIMEOUT_MS)

    def state(self) -> dict[str, str]:
        return self.page.evaluate("() => ({...document.body.dataset})")

    def notices(self) -> dict[str, str]:
        return self.page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#notices .notice')]
            .map((n) => [n.dataset.notice, n.querySelector('.notice-text').textContent]))""")

    def analysis(self) -> dict[str, Any]:
        return self.page.evaluate("() => window.citelens.analysis")

    def log(self) -> dict[str, Any]:
        return self.page.evaluate("() => window.__e2e")

    def go_to(self, number: int, *, mentions: bool = True) -> None:
        """Scroll to a page; wait until it is drawn and, with ``mentions``, until its buttons exist."""
        self.page.evaluate("(n) => window.citelens.viewer.goToPage(n)", number)
        self.page.wait_for_selector(f'.page[data-page-number="{number}"][data-rendered="true"]')
        if mentions:
            self.page.wait_for_selector(f'.mention-layer[data-page="{number}"]', state="attached")

    def mention(self, mention_id: str) -> Any:
        """The focusable (first) button of a mention: ``c<i>`` = citations[i], ``m<i>`` = figure_mentions[i]."""
        return self.page.locator(f'.pdf-reader-ref-link[data-mention-id="{mention_id}"]:not([data-part])')

    def show(self, locator: Any) -> None:
        """Scroll an element into view and let the scroll settle (a later scroll would close a popover)."""
        locator.scroll_into_view_if_needed()
        wait_frames(self.page)

    def position(self) -> dict[str, float]:
        return self.page.evaluate("() => window.citelens.viewer.getPosition()")

    def close_popover(self) -> None:
        if self.page.locator("#citation-popover").is_visible():
            self.page.keyboard.press("Escape")
            self.page.wait_for_selector("#citation-popover", state="hidden")


@dataclass(frozen=True)
class Startup:
    """The session page's first load: the reader opened with ``?file=`` (the numbered paper) while Python
    loaded in its worker. Times in ms since navigation start."""

    open: float  # performance mark citelens:open
    first_page: float  # citelens:first-page
    links: float  # citelens:links
    worker_start: float  # the citelens worker was constructed
    python_ready: float  # its "ready" message arrived
    ready_ms: float  # the worker's own measure, start → ready
    stages: tuple[str, ...]  # progress stages, in the order received


# --------------------------------------------------------------------------------- the Python side


@functools.cache
def python_analysis(path: str) -> dict[str, Any]:
    """The CPython pipeline on the default engine's extraction of a corpus paper (cached by tests/corpus.py)."""
    from citelens.pipeline import analyze

    return analyze(document(path)).to_json()


def overlaps(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def same_marker(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two citations are the same marker: same page and overlapping boxes."""
    return a["page"] == b["page"] and any(overlaps(x, y) for x in a["boxes"] for y in b["boxes"])


def match_markers(ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> list[tuple[int, int]]:
    """Pairs (i, j) of the same marker, each citation used once, in ``ours`` order."""
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    by_page: dict[int, list[int]] = {}
    for j, c in enumerate(theirs):
        by_page.setdefault(c["page"], []).append(j)
    for i, c in enumerate(ours):
        for j in by_page.get(c["page"], ()):
            if j not in used and same_marker(c, theirs[j]):
                used.add(j)
                pairs.append((i, j))
                break
    return pairs


# ------------------------------------------------------------------------ recorded API responses
# The reference look-up asks four APIs (py/citelens/resolve through the worker's fetch). Tests answer them
# with the real responses recorded in ``$CITELENS_SHARED/api-fixtures`` (NOTES.md, MANIFEST.tsv): body,
# status and headers as recorded, so a response without Access-Control-Allow-Origin (Semantic Scholar's
# 429) fails in the browser as it would for real. Bodies there are pretty-printed or decoded, so the
# recorded transfer headers (content-encoding, content-length) are left out.

from corpus import SHARED  # noqa: E402  (tests/corpus.py; kept with the helpers that use it)
from resolve_fixtures import browser_headers  # noqa: E402  (tests/: CORS as each real API sends it)

API_FIXTURES = SHARED / "api-fixtures"
API_HOSTS = ("api.crossref.org", "api.datacite.org", "api.semanticscholar.org", "api.openalex.org")
_TRANSFER_HEADERS = {"content-encoding", "content-length", "transfer-encoding", "connection"}


@dataclass(frozen=True)
class Recorded:
    """One recorded response: ``name`` is its path under api-fixtures without the extension."""

    name: str
    status: int
    headers: dict[str, str]
    body: bytes

    @classmethod
    def load(cls, name: str) -> Recorded:
        import json

        meta = json.loads((API_FIXTURES / f"{name}.meta.json").read_text(encoding="utf-8"))
        body_path = next(p for p in (API_FIXTURES / f"{name}.json", API_FIXTURES / f"{name}.txt") if p.is_file())
        headers = {k.lower(): ", ".join(v) if isinstance(v, list) else str(v)
                   for k, v in meta["response_headers"].items() if k.lower() not in _TRANSFER_HEADERS}
        return cls(name, int(meta["status"]), headers, body_path.read_bytes())

    def json(self) -> Any:
        import json

        return json.loads(self.body)

    def with_json(self, body: Any) -> Recorded:
        """The same status and headers with another JSON body (a hostile variant of a real answer)."""
        import json

        return Recorded(f"{self.name} (altered)", self.status, self.headers, json.dumps(body).encode("utf-8"))


@dataclass
class ApiReplay:
    """Answers the APIs' hosts on a browser context: the first rule whose host, path part and query words
    match a request gives its response; otherwise each API's recorded "not found" answer (DataCite has
    none recorded: its requests fail as a network error). Every request is kept in ``requests``."""

    rules: list[tuple[str, str, tuple[str, ...], Recorded]] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def when(self, host: str, path: str, words: tuple[str, ...], response: Recorded) -> ApiReplay:
        """``path``: a part of the URL path; ``words``: lowercase words all found in the decoded query."""
        self.rules.append((host, path, words, response))
        return self

    def fallback(self, host: str, path: str, query: str) -> Recorded | None:
        if host == "api.crossref.org":
            return Recorded.load("crossref/query_title_nonsense_no_results" if "query" in query
                                 else "crossref/error_404_works_notarealdoi")
        if host == "api.semanticscholar.org":
            return Recorded.load("semanticscholar/match_error_404_title_match_not_found" if "/search/match" in path
                                 else "semanticscholar/error_404_paper_not_found")
        if host == "api.openalex.org":
            return Recorded.load("openalex/error_404_work_doi_not_found")
        return None

    def handle(self, route: Any) -> None:
        from urllib.parse import unquote_plus

        url = route.request.url
        parts = urlsplit(url)
        host, path, query = parts.hostname or "", parts.path, unquote_plus(parts.query).lower()
        self.requests.append(url)
        response = next((r for h, p, words, r in self.rules
                         if h == host and p in path and all(w in query for w in words)), None)
        response = response or self.fallback(host, path, query)
        if response is None:
            route.abort("connectionfailed")
        else:
            route.fulfill(status=response.status, headers=browser_headers(response, host), body=response.body)

    def install(self, context: Any) -> None:
        """Routed after the guard, so these hosts are answered here and everything else still meets it."""
        for host in API_HOSTS:
            context.route(f"https://{host}/**", self.handle)

    def uninstall(self, context: Any) -> None:
        for host in API_HOSTS:
            context.unroute(f"https://{host}/**", self.handle)

    def asked(self, host: str, *words: str) -> list[int]:
        """Positions in ``requests`` of the requests to ``host`` whose decoded URL holds every word."""
        from urllib.parse import unquote_plus

        return [i for i, url in enumerate(self.requests)
                if urlsplit(url).hostname == host and all(w in unquote_plus(url).lower() for w in words)]
