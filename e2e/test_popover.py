"""The citation popover with the metadata APIs unreachable, and the reader's keyboard paths.

Offline (:func:`offline`): a context of its own (its own IndexedDB) in which every request to the four API
hosts is aborted as a failed connection and counted; its clock is Playwright's (``context.clock``), so "a
minute later" is a jump of the page's time, not a wait. The popover must show the parsed entry with its
buttons enabled at once, say "Not looked up: offline" within 8 s, not ask again within the minute (in this
session or the next, from IndexedDB) and ask again after it; Read later saves the parsed entry.

Keyboard (the session's reader page, the numbered paper): ``]`` / ``[`` move between citation links, the
sidebar is one Tab stop with arrow keys inside, Tab stays inside an open popover until Esc, which puts focus
back on the citation. The References tab shows each entry's label once, then its title.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote_plus

import pytest

from corpus import CORPUS  # tests/corpus.py
from harness import AUTHOR_YEAR, NUMBERED, ApiReplay, Reader, Recorded, guarded_context, python_analysis

API = re.compile(r"^https://api\.(crossref|semanticscholar|datacite|openalex)\.org/")
#: The issue's bounds: the entry and its buttons within 300 ms of the click, a final state within 8 s.
INSTANT_MS = 300
FINAL_MS = 8_000
MINUTE_MS = 60_000

# The time of the last click on the page, from the event itself (performance.now() clock).
CLICK_CLOCK = """() => document.addEventListener("click", (e) => { window.__clickAt = e.timeStamp; }, true)"""
# Counts the page's look-up requests to its citelens worker (the page → Python boundary).
COUNT_RESOLVES = """(() => {
  const Native = window.Worker;
  window.__resolves = [];
  window.Worker = class extends Native {
    postMessage(message, ...rest) {
      if (message?.type === "resolve") window.__resolves.push(message.entry?.index);
      return super.postMessage(message, ...rest);
    }
  };
})();"""


class Aborted:
    """Every API request aborted as a failed connection, each URL kept."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def handle(self, route: Any) -> None:
        self.urls.append(route.request.url)
        route.abort("internetdisconnected")

    def about(self, entry: dict[str, Any]) -> list[str]:
        """The requests that asked for ``entry``: its title's (else raw text's) three longest words in the URL."""
        words = sorted(re.findall(r"[a-z]{4,}", (entry["title"] or entry["raw"]).lower()), key=len)[-3:]
        return [u for u in self.urls if all(w in unquote_plus(u).lower() for w in words)]


@pytest.fixture(scope="module")
def offline(browser: Any, server: Any):
    context = guarded_context(browser)
    aborted = Aborted()
    context.route(API, aborted.handle)  # after the guard's and the replay's routes: these win
    context.add_init_script(COUNT_RESOLVES)
    context.clock.install()
    page = context.new_page()
    reader = Reader(page, server.base)
    open_paper(reader)
    yield reader, aborted
    context.close()


def open_paper(reader: Reader, *, reload: bool = False) -> None:
    page = reader.page
    if reload:
        page.reload()
    else:
        page.goto(f"{reader.base}/index.html?file=/corpus/{NUMBERED}")
    reader.wait_settled()
    assert reader.state()["analysisState"] == "done", (reader.state(), reader.notices())
    page.wait_for_selector('body[data-library="ready"][data-resolver="ready"]')
    page.evaluate(CLICK_CLOCK)
    reader.current = NUMBERED


def references(path: str = NUMBERED) -> dict[int, dict[str, Any]]:
    return {r["index"]: r for r in python_analysis(path)["references"]}


def citation_of(reader: Reader, index: int) -> Any:
    """The first marker citing only reference ``index``, on its page, scrolled into view."""
    citations = reader.analysis()["citations"]
    i, citation = next((i, c) for i, c in enumerate(citations) if c["ref_indexes"] == [index] and c["boxes"])
    reader.go_to(citation["page"])
    button = reader.mention(f"c{i}")
    reader.show(button)
    return button


def state_of(page: Any, index: int) -> str:
    return page.evaluate("(i) => window.citelens.states.get(i)", index)


def pill(page: Any) -> str:
    return page.locator("#citation-popover .popover-header .state-pill").inner_text()


def since_click(page: Any, condition: str, timeout: float) -> float:
    """Milliseconds from the last click until ``condition`` (a JS expression over ``p``, the popover) held,
    checked on every animation frame."""
    handle = page.wait_for_function(
        f"() => {{ const p = document.getElementById('citation-popover'); return ({condition}) && performance.now() - window.__clickAt; }}",
        timeout=timeout, polling="raf")
    return float(handle.json_value())


ENTRY_READY = """!p.hidden && p.querySelector('.popover-raw')
  && p.querySelector('.popover-read-later:not([disabled])') && p.querySelector('.popover-add-to-list:not([disabled])')
  && p.querySelector('.popover-cite:not([disabled])') && p.querySelector('.popover-jump:not([disabled])')
  && p.querySelector('a.popover-scholar[href^="https://scholar.google.com/"]')"""


# -------------------------------------------------------------------------------------------- offline


def test_offline_popover_shows_the_entry_at_once_and_offline_within_8_s(offline, measured) -> None:
    reader, aborted = offline
    page = reader.page
    refs = references()
    # an entry past the 20 the reader looks up in the background, with a title: nothing known of it yet
    index = next(i for i, r in sorted(refs.items()) if i > 20 and r["title"] and any(
        c["ref_indexes"] == [i] for c in reader.analysis()["citations"]))
    assert state_of(page, index) == "idle"
    button = citation_of(reader, index)
    reader.wait_render_idle()
    button.click()
    shown = since_click(page, ENTRY_READY, 5_000)
    popover = page.locator("#citation-popover")
    assert popover.get_attribute("data-ref-index") == str(index)
    assert popover.locator(".popover-raw").inner_text() == refs[index]["raw"]
    assert popover.locator(".popover-entry-title").inner_text() == refs[index]["title"]
    final = since_click(page, "p.dataset.state === 'failed'", FINAL_MS + 2_000)
    assert pill(page) == "Not looked up: offline"
    assert "No match found" not in popover.inner_text()
    assert "offline" in popover.locator(".popover-reason").inner_text()
    assert shown <= INSTANT_MS, f"entry and buttons shown {shown:.0f} ms after the click"
    assert final <= FINAL_MS, f"offline said {final:.0f} ms after the click"
    measured.append(f"popover offline: entry + enabled buttons {shown:.0f} ms after the click, "
                    f"'Not looked up: offline' after {final:.0f} ms ({len(aborted.urls)} API requests aborted so far)")
    reader.close_popover()


def settle_lookup(page, index: int) -> None:
    """Wait until the reader's look-up of entry ``index`` has its answer: the resolver hands back the popover's
    own look-up while it runs, so any request this open would send has been sent when it returns."""
    page.evaluate("(i) => window.citelens.resolver.resolve(i).then(() => null)", index)


def test_an_offline_failure_is_not_retried_within_the_minute_but_after_it(offline, measured) -> None:
    reader, aborted = offline
    page = reader.page
    first = references()[1]  # the background look-up's first entry: asked as soon as links are on
    page.wait_for_function("() => window.citelens.states.get(1) === 'failed'", timeout=FINAL_MS + 2_000)
    asked = len(aborted.about(first))
    assert asked >= 1, aborted.urls
    resolves = page.evaluate("() => window.__resolves.filter((i) => i === 1).length")

    # opened again within the minute: the failure is the answer, nothing is asked
    citation_of(reader, 1).click()
    page.wait_for_selector("#citation-popover:not([hidden])")
    assert page.locator("#citation-popover").get_attribute("data-state") == "failed"
    assert pill(page) == "Not looked up: offline"
    settle_lookup(page, 1)
    reader.close_popover()
    assert len(aborted.about(first)) == asked
    assert page.evaluate("() => window.__resolves.filter((i) => i === 1).length") == resolves

    # the next session, still within the minute: remembered in IndexedDB, not asked
    open_paper(reader, reload=True)
    page.wait_for_function("() => window.citelens.states.get(1) === 'failed'")
    citation_of(reader, 1).click()
    page.wait_for_selector("#citation-popover[data-state='failed']")
    settle_lookup(page, 1)
    reader.close_popover()
    assert len(aborted.about(first)) == asked
    assert page.evaluate("() => window.__resolves.filter((i) => i === 1)") == []

    # a minute later, the next session asks the APIs again
    page.clock.fast_forward(MINUTE_MS + 1_000)
    open_paper(reader, reload=True)
    page.wait_for_function("() => window.citelens.states.get(1) === 'failed'", timeout=FINAL_MS + 2_000)
    assert len(aborted.about(first)) > asked, aborted.urls
    measured.append(f"popover offline: entry [1] asked {asked}x, then 0 requests within the minute (twice, one a "
                    f"reload), {len(aborted.about(first)) - asked} more after it")


def test_read_later_offline_saves_the_parsed_entry(offline) -> None:
    reader, _ = offline
    page = reader.page
    refs = references()
    index = next(i for i, r in sorted(refs.items()) if r["title"] and len(r["authors"]) >= 2 and any(
        c["ref_indexes"] == [i] for c in reader.analysis()["citations"]))
    citation_of(reader, index).click()
    page.wait_for_selector("#citation-popover .popover-read-later:not([disabled])")
    page.click("#citation-popover .popover-read-later")
    page.wait_for_selector("#citation-popover[data-state='library']")
    assert pill(page) == "In library · to read"
    [paper] = page.evaluate("() => window.citelens.library.papers()")
    entry = refs[index]
    assert (paper["title"], paper["year"], paper["status"], paper["record_source"]) == (
        entry["title"], entry["year"], "to_read", "entry")
    assert [a["family"] for a in paper["authors"]] == entry["authors"]
    reader.close_popover()
    page.evaluate("""async () => { for (const p of await window.citelens.library.papers()) await window.citelens.library.remove(p.id); }""")


LEXSUM = "pdf/arxiv-2022-multilexsum-neurips-2206.10883.pdf"
ATTENTION = 55  # "Attention is all you need": no DOI, no arXiv id; Semantic Scholar's recorded match finds it


def test_a_paper_saved_offline_takes_the_record_a_later_look_up_finds(browser: Any, server: Any) -> None:
    context = guarded_context(browser)
    replay = ApiReplay()
    replay.when("api.crossref.org", "/works", ("attention", "need"),
                Recorded.load("crossref/query_title_attention_is_all_you_need_authors_rows1"))
    replay.when("api.semanticscholar.org", "/search/match", ("attention", "need"),
                Recorded.load("semanticscholar/match_attention_is_all_you_need_2025-08"))
    aborted = Aborted()
    context.route(API, aborted.handle)
    context.clock.install()
    try:
        page = context.new_page()
        reader = Reader(page, server.base)
        page.goto(f"{server.base}/index.html?file=/corpus/{LEXSUM}")
        reader.wait_settled()
        page.wait_for_selector('body[data-library="ready"][data-resolver="ready"]')
        entry = references(LEXSUM)[ATTENTION]
        citation_of(reader, ATTENTION).click()
        page.wait_for_selector("#citation-popover[data-state='failed']", timeout=FINAL_MS + 2_000)
        page.click("#citation-popover .popover-read-later")
        page.wait_for_selector("#citation-popover[data-state='library']")
        [saved] = page.evaluate("() => window.citelens.library.papers()")
        assert (saved["title"], saved["record_source"], saved["arxiv"]) == (entry["title"], "entry", None)
        reader.close_popover()
        page.wait_for_function("() => window.__e2e.ready !== null", timeout=150_000)

        # back online a minute later, the next session: the look-up finds the record, the paper takes it
        context.unroute(API, aborted.handle)
        replay.install(context)
        page.clock.fast_forward(MINUTE_MS + 1_000)
        page.reload()
        reader.wait_settled()
        page.wait_for_selector('body[data-library="ready"][data-resolver="ready"]')
        citation_of(reader, ATTENTION).click()
        page.wait_for_selector("#citation-popover[data-state='library']")
        # the popover shows the enriched paper (its look-up may wait behind the background ones)
        page.wait_for_function("""() => document.querySelector('#citation-popover .popover-entry-title')
          ?.textContent === 'Attention is All you Need'""", timeout=90_000)
        [paper] = page.evaluate("() => window.citelens.library.papers()")
        assert paper["id"] == saved["id"] and paper["status"] == "to_read"
        assert (paper["title"], paper["arxiv"], paper["record_source"]) == (
            "Attention is All you Need", "1706.03762", "semanticscholar")
        assert [a["family"] for a in paper["authors"]][:2] == ["Vaswani", "Shazeer"]
        reader.close_popover()
    finally:
        context.close()


# ------------------------------------------------------------------------------------------- keyboard


def active(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => { const a = document.activeElement; return {
      id: a?.id || null, cls: a?.className || "", mention: a?.dataset?.mentionId ?? null, kind: a?.dataset?.kind ?? null,
      inPopover: !!a?.closest?.('#citation-popover'), inSidebar: !!a?.closest?.('#sidebar') }; }""")


def test_brackets_move_focus_to_the_next_and_previous_citation(reader) -> None:
    reader.ensure(NUMBERED)
    page = reader.page
    reader.go_to(2)
    page.focus("#viewer-container")
    page.keyboard.press("]")
    first = active(page)
    assert first["kind"] == "citation", first
    # the first citation link in view, then the next ones in reading order
    order = page.evaluate("""() => [...document.querySelectorAll('.pdf-reader-ref-link[data-kind="citation"]:not([data-part])')]
      .map((b) => b.dataset.mentionId)""")
    at = order.index(first["mention"])
    box = reader.mention(first["mention"]).bounding_box()
    view = page.locator("#viewer-container").bounding_box()
    assert box and view and view["y"] <= box["y"] + box["height"] and box["y"] <= view["y"] + view["height"]
    page.keyboard.press("]")
    assert active(page)["mention"] == order[at + 1]
    page.keyboard.press("]")
    assert active(page)["mention"] == order[at + 2]
    page.keyboard.press("[")
    assert active(page)["mention"] == order[at + 1]
    # the hint: every citation link's tooltip names the keys
    assert "] next citation, [ previous" in (reader.mention(first["mention"]).get_attribute("title") or "")
    # and Enter opens the focused one
    page.keyboard.press("Enter")
    page.wait_for_selector("#citation-popover:not([hidden])")
    reader.close_popover()
    assert active(page)["mention"] == order[at + 1]


def test_focus_stays_in_the_popover_until_escape(reader) -> None:
    reader.ensure(NUMBERED)
    page = reader.page
    reader.go_to(2)
    page.focus("#viewer-container")
    for _ in range(30):  # a citation of one entry: its single view has every action
        page.keyboard.press("]")
        if " " not in (page.evaluate("() => document.activeElement.dataset.refIndexes") or " "):
            break
    opener = active(page)["mention"]
    page.keyboard.press("Enter")
    page.wait_for_selector("#citation-popover:not([hidden])")
    controls = page.locator("#citation-popover").evaluate(
        "(p) => p.querySelectorAll('button:not([disabled]), a[href]').length")
    assert controls >= 4
    seen = set()
    for _ in range(controls + 3):
        page.keyboard.press("Tab")
        now = active(page)
        assert now["inPopover"], now
        seen.add(now["cls"])
    for _ in range(controls + 3):
        page.keyboard.press("Shift+Tab")
        assert active(page)["inPopover"], active(page)
    assert any("popover-read-later" in c for c in seen) and any("popover-close" in c for c in seen), seen
    page.keyboard.press("Escape")
    page.wait_for_selector("#citation-popover", state="hidden")
    assert active(page)["mention"] == opener


TOOLBAR_IDS = {"prev-page", "page-number", "next-page", "zoom-out", "zoom-select", "zoom-in", "toggle-links",
               "open-library", "open-settings", "toggle-dark", "find-button", "print-button"}


def test_the_sidebar_is_one_tab_stop_with_arrow_keys_inside(reader, measured) -> None:
    reader.ensure(NUMBERED)
    page = reader.page
    page.click("#tab-outline")
    items = page.locator(".outline-item")
    assert items.count() > 3
    # one Tab stop: from the control before the sidebar, one Tab enters it and the next one leaves it
    page.focus("#tab-outline")
    page.keyboard.press("Tab")
    assert not active(page)["inSidebar"], active(page)
    page.keyboard.press("Shift+Tab")
    assert active(page)["id"] == "tab-outline"
    page.keyboard.press("Shift+Tab")
    assert not active(page)["inSidebar"], active(page)
    page.keyboard.press("Tab")
    assert active(page)["id"] == "tab-outline"

    # arrows move, Home / End, Enter goes there; the row last visited is the Tab stop
    page.keyboard.press("ArrowDown")
    assert "outline-item" in active(page)["cls"]
    assert page.evaluate("() => document.activeElement === document.querySelector('.outline-item')")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement === document.querySelectorAll('.outline-item')[1]")
    page.keyboard.press("End")
    last = items.count() - 1
    assert page.evaluate("(n) => document.activeElement === document.querySelectorAll('.outline-item')[n]", last)
    target = int(items.nth(last).get_attribute("data-page"))
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => window.citelens.viewer.currentPage === n", arg=target)
    assert page.evaluate("() => [...document.querySelectorAll('#sidebar .tab, #sidebar .outline-item')]"
                         ".filter((e) => e.tabIndex === 0).length") == 1
    page.focus("#tab-outline")
    page.keyboard.press("Home")
    assert active(page)["id"] == "tab-outline"

    # References: ArrowRight switches the tab; a row's chevron is ArrowRight away and opens the popover
    page.keyboard.press("ArrowRight")
    assert active(page)["id"] == "tab-references"
    assert page.locator("#panel-references").is_visible()
    page.keyboard.press("ArrowDown")
    assert "reference-jump" in active(page)["cls"]
    page.keyboard.press("ArrowRight")
    assert "reference-chevron" in active(page)["cls"]
    page.keyboard.press("Enter")
    page.wait_for_selector("#citation-popover:not([hidden])")
    assert active(page)["inPopover"]
    page.keyboard.press("Escape")
    page.wait_for_selector("#citation-popover", state="hidden")
    assert "reference-chevron" in active(page)["cls"]
    page.click("#tab-outline")

    # from "Open PDF" to the first citation link of the page in view
    reader.go_to(2)
    page.focus("#open-file")
    stops = []
    for presses in range(1, 80):
        page.keyboard.press("Tab")
        stops.append(active(page))
        if stops[-1]["kind"] == "citation":
            break
    else:
        pytest.fail("Tab never reached a citation")
    in_sidebar = [s for s in stops if s["inSidebar"]]
    in_page = [s for s in stops if not s["inSidebar"] and s["id"] not in TOOLBAR_IDS]
    measured.append(f"keyboard: {presses} Tab presses from Open PDF to the first citation link "
                    f"({len(in_sidebar)} in the sidebar, {len(in_page) - 1} in the page before it)")
    assert len(in_sidebar) == 1, in_sidebar


# -------------------------------------------------------------------------------------- references tab


@pytest.mark.parametrize("path", [NUMBERED, AUTHOR_YEAR])
def test_reference_rows_show_the_label_once_then_the_title(reader, path) -> None:
    reader.ensure(path)
    page = reader.page
    page.click("#tab-references")
    rows = page.evaluate("""() => [...document.querySelectorAll('.reference-item')].map((row) => {
      const label = row.querySelector('.reference-label');
      return { index: Number(row.dataset.refIndex), label: label.textContent,
               cut: label.scrollWidth > label.clientWidth + 1,
               byline: row.querySelector('.reference-byline')?.textContent ?? null,
               title: row.querySelector('.reference-text').textContent };
    })""")
    page.click("#tab-outline")
    refs = references(path)
    assert len(rows) == len(refs) > 10
    for row in rows:
        entry = refs[row["index"]]
        assert row["title"] == " ".join((entry["title"] or entry["raw"]).split()), row
        if entry["label"]:  # numbered: the printed label; who and when beside it
            assert row["label"] == entry["label"], row
        else:  # author-year: the label is who and when, in full, and not repeated in the title
            assert not row["cut"], row
            assert row["byline"] is None and not row["title"].startswith(row["label"]), row


ODD = re.compile("[\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff\ufffd\ue000-\uf8ff\x00-\x1f]")
#: Springer's bookmarks hold no-break spaces ("5 Experimental comparison of\u00a0TDD and\u00a0TDD+M").
NBSP_BOOKMARKS = "pdf/papers-we-love__test-driven-development-with-mutation-testing.pdf"


def test_bookmark_titles_hold_no_undrawable_characters(reader) -> None:
    import pypdfium2

    own = [item.get_title() for item in pypdfium2.PdfDocument(CORPUS / NBSP_BOOKMARKS).get_toc()]
    assert any("\u00a0" in t for t in own)
    page = reader.page
    # every title the sidebar shows while the file opens: pdf.js's bookmarks at once, then the analysis' outline
    page.evaluate("""() => {
      window.__outlineTitles = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) {
          if (n instanceof HTMLElement) for (const t of n.querySelectorAll('.outline-title')) window.__outlineTitles.push(t.textContent);
        }
      }).observe(document.getElementById('outline-list'), { childList: true, subtree: true });
    }""")
    reader.open(NBSP_BOOKMARKS)
    assert page.locator("#outline-heading").get_attribute("data-source") == "bookmarks"
    seen = page.evaluate("() => window.__outlineTitles")
    assert len(seen) > len(own) / 2
    assert [t for t in seen if ODD.search(t)] == []
    assert set(seen) <= {" ".join(t.split()) for t in own}
