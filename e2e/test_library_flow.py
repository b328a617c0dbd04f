"""Resolution and the library, end to end: a citation's record found through the APIs, kept with Read later,
still there after a reload; a BibTeX import makes another reference "In library"; failures end in "No match
found" with Add manually; a hostile record stays text.

The paper is Multi-LexSum (arXiv 2206.10883): its [55] is "Attention is all you need" with no DOI, so the
resolver searches. The APIs are answered with their real recorded responses (:class:`harness.ApiReplay`):
Crossref's title query gives the recorded confident wrong hit ("Self-Attention with Relative Position
Representations"), which must be rejected, then Semantic Scholar's match gives the paper. Requests with no
recording of their own get each API's recorded "not found" answer.

Each test runs in its own page of the session's context (a reload is part of the flow), and empties the
library through its API and forgets the look-up settings before it ends.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from harness import ApiReplay, Reader, Recorded

PAPER = "pdf/arxiv-2022-multilexsum-neurips-2206.10883.pdf"
ATTENTION = 55  # "Attention is all you need", no DOI, no arXiv id in the entry
LONGFORMER = 1  # arXiv 2004.05150
ROUGE = 37  # "ROUGE: A package for automatic evaluation of summaries", title only
PEGASUS = 60  # "Pegasus: Pre-training with extracted gap-sentences…", title only
PYTORCH = 46  # "Pytorch: An imperative style, high-performance deep learning library", title only
#: A look-up may wait behind the background prefetch of the first 20 entries (Semantic Scholar: 1 request/s).
LOOKUP_TIMEOUT_MS = 90_000

# A title with escaped markup: shown through textContent it stays "&lt;script&gt;"; through innerHTML it would
# turn into "<script>" (and a resolver that decodes entities would hand over a literal "<script>", which must
# stay text too). Real tags are what the resolver removes from titles ("<i>KRAS</i>"), so they are not used.
HOSTILE_TITLE = ("Pytorch: An imperative style, high-performance deep learning library "
                 "&lt;script&gt;window.__pwned = 1&lt;/script&gt;")
HOSTILE_VENUE = "NeurIPS &lt;img src=x onerror=alert(1)&gt;"

# Written for this test: BibTeX as Zotero exports it, for the paper's reference [1].
LONGFORMER_BIB = r"""@article{beltagy2020longformer,
  title = {Longformer: The Long-Document Transformer},
  author = {Beltagy, Iz and Peters, Matthew E. and Cohan, Arman},
  year = {2020},
  journal = {arXiv preprint arXiv:2004.05150},
  eprint = {2004.05150},
  archiveprefix = {arXiv},
}
"""


# ------------------------------------------------------------------------------------------ helpers


@pytest.fixture
def lexsum(reader_context: Any, server: Any, api: ApiReplay):
    """A page of the session's context on Multi-LexSum, links applied, library and resolver up; the
    library is emptied before and after."""
    page = reader_context.new_page()
    reader = Reader(page, server.base)
    try:
        load(reader)
        clear_library(page)
        yield reader
    finally:
        if not page.is_closed():
            clear_library(page)
            page.evaluate("() => localStorage.removeItem('citelens.settings')")
            page.close()


def load(reader: Reader, *, reload: bool = False) -> None:
    page = reader.page
    if reload:
        page.reload()
    else:
        page.goto(f"{reader.base}/index.html?file=/corpus/{PAPER}")
    reader.wait_settled()
    assert reader.state()["analysisState"] == "done", (reader.state(), reader.notices())
    page.wait_for_selector('body[data-library="ready"][data-resolver="ready"]')
    reader.current = PAPER


def clear_library(page: Any) -> None:
    page.evaluate("""async () => {
      const library = window.citelens.library;
      for (const paper of await library.papers()) await library.remove(paper.id);
      for (const list of await library.lists()) await library.removeList(list.id).catch(() => {});
    }""")
    assert papers(page) == []


def papers(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("() => window.citelens.library.papers()")


def marker(reader: Reader, index: int) -> Any:
    """The first marker citing only reference ``index``, scrolled into view."""
    citations = reader.analysis()["citations"]
    i, citation = next((i, c) for i, c in enumerate(citations) if c["ref_indexes"] == [index] and c["boxes"])
    reader.go_to(citation["page"])
    button = reader.mention(f"c{i}")
    reader.show(button)
    return button


def open_citation(reader: Reader, index: int) -> Any:
    """Click the first marker citing only reference ``index``; the popover locator."""
    marker(reader, index).click()
    popover = reader.page.locator("#citation-popover")
    popover.wait_for(state="visible")
    assert popover.get_attribute("data-ref-index") == str(index)
    return popover


def wait_state(page: Any, index: int, states: str) -> str:
    """Wait until the open popover shows ``index`` in one of ``states`` (space-separated); the state."""
    page.wait_for_function("""([index, states]) => {
      const p = document.getElementById("citation-popover");
      return !p.hidden && p.dataset.refIndex === String(index) && states.split(" ").includes(p.dataset.state);
    }""", arg=[index, states], timeout=LOOKUP_TIMEOUT_MS)
    return page.locator("#citation-popover").get_attribute("data-state")


def sidebar_pill(page: Any, index: int) -> Any:
    return page.locator(f'.reference-item[data-ref-index="{index}"] .state-pill')


def import_file(page: Any, path: Path) -> str:
    """Import a file through the library panel (L opens it); the report's summary line."""
    page.keyboard.press("Escape")
    page.focus("#viewer-container")
    page.keyboard.press("l")
    page.wait_for_selector("#library-panel:not([hidden])")
    page.set_input_files("#library-import-file", str(path))
    summary = page.locator("#library-report .library-report-summary")
    summary.wait_for()
    return summary.inner_text()


# ------------------------------------------------------------------------------------------- tests


def test_read_later_survives_a_reload_and_an_import_puts_a_reference_in_the_library(
        lexsum: Reader, api: ApiReplay, tmp_path: Path, reader_context: Any, server: Any):
    reader, page = lexsum, lexsum.page
    crossref_wrong_hit = Recorded.load("crossref/query_title_attention_is_all_you_need_authors_rows1")
    s2_match = Recorded.load("semanticscholar/match_attention_is_all_you_need_2025-08")
    api.when("api.crossref.org", "/works", ("attention", "need"), crossref_wrong_hit)
    api.when("api.semanticscholar.org", "/search/match", ("attention", "need"), s2_match)

    popover = open_citation(reader, ATTENTION)
    assert wait_state(page, ATTENTION, "resolved unresolved") == "resolved", popover.inner_text()
    # the chain: Crossref's search first (its confident wrong hit rejected), then Semantic Scholar's match
    crossref = api.asked("api.crossref.org", "attention")
    s2 = api.asked("api.semanticscholar.org", "search/match", "attention")
    assert crossref and s2 and crossref[0] < s2[0], api.requests
    wrong = crossref_wrong_hit.json()["message"]["items"][0]["title"][0]
    right = s2_match.json()["data"][0]
    assert popover.locator(".popover-entry-title").inner_text() == right["title"] == "Attention is All you Need"
    assert wrong not in popover.inner_text()
    assert popover.locator(".popover-authors").inner_text() == "Ashish Vaswani, Noam M. Shazeer, Niki Parmar +5"
    meta = popover.locator(".popover-meta").inner_text()
    assert "2017" in meta and "Neural Information Processing Systems" in meta and f"cited by {right['citationCount']:,}" in meta
    assert popover.locator(".popover-pdf").count() == 0  # openAccessPdf.url is "" in this recording
    assert popover.locator("a.popover-source").inner_text() == "Semantic Scholar ↗"
    scholar = popover.locator("a.popover-scholar").get_attribute("href")
    assert scholar == "https://scholar.google.com/scholar?q=Attention+is+All+you+Need"
    assert popover.locator("a.popover-arxiv").get_attribute("href") == "https://arxiv.org/abs/1706.03762"

    # Cite → BibTeX on the clipboard, with a visible confirmation
    reader_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.base)
    try:
        popover.locator(".popover-cite").click()
        popover.locator('.cite-choice[data-style="bibtex"]').click()
        popover.locator(".popover-copied").wait_for()
        assert popover.locator(".popover-copied").inner_text() == "Copied BibTeX"
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert copied.lstrip().startswith("@") and "Attention is All you Need" in copied and "2017" in copied, copied
    finally:
        reader_context.clear_permissions()

    asked = len(api.requests)
    popover.locator(".popover-read-later").click()
    assert wait_state(page, ATTENTION, "library") == "library"
    assert popover.locator(".state-pill").inner_text() == "In library · to read"
    assert popover.locator(".popover-read-later").count() == 0
    assert popover.locator(".popover-entry-title").inner_text() == "Attention is All you Need"
    assert not [u for u in api.requests[asked:] if "attention" in u.lower()], "Read later fetched the record again"
    [paper] = papers(page)
    assert (paper["title"], paper["status"], paper["arxiv"], paper["year"]) == ("Attention is All you Need", "to_read", "1706.03762", 2017)
    assert sidebar_pill(page, ATTENTION).inner_text() == "In library · to read"

    # reload: the library is still there, and [55] is in it before anything is looked up again
    load(reader, reload=True)
    [again] = papers(page)
    assert again["id"] == paper["id"] and again["status"] == "to_read"
    page.click("#tab-references")
    pill = sidebar_pill(page, ATTENTION)
    pill.wait_for()
    page.wait_for_function("(i) => document.querySelector(`.reference-item[data-ref-index=\"${i}\"]`)?.dataset.state === 'library'",
                           arg=ATTENTION)
    assert pill.inner_text() == "In library · to read"

    # [1] is not in the library until a BibTeX file holding it is imported
    assert page.locator(f'.reference-item[data-ref-index="{LONGFORMER}"]').get_attribute("data-state") != "library"
    bib = tmp_path / "longformer.bib"
    bib.write_text(LONGFORMER_BIB, encoding="utf-8")
    assert import_file(page, bib) == "longformer.bib: 1 added, 0 merged, 0 errors"
    assert page.locator("#library-list .library-item").count() == 2
    page.keyboard.press("Escape")
    page.wait_for_selector("#library-panel", state="hidden")
    page.wait_for_function("(i) => document.querySelector(`.reference-item[data-ref-index=\"${i}\"]`)?.dataset.state === 'library'",
                           arg=LONGFORMER)
    assert sidebar_pill(page, LONGFORMER).inner_text() == "In library · to read"
    page.click("#tab-outline")
    popover = open_citation(reader, LONGFORMER)
    assert wait_state(page, LONGFORMER, "library") == "library"
    assert popover.locator(".state-pill").inner_text() == "In library · to read"
    assert popover.locator(".popover-entry-title").inner_text() == "Longformer: The Long-Document Transformer"
    # the open paper cites it: Link papers files Multi-LexSum itself as "reading" and adds the relation
    link = popover.locator(".popover-link-papers")
    link.wait_for()
    link.click()
    popover.locator(".popover-linked").wait_for()
    linked = page.evaluate("""async () => {
      const library = window.citelens.library;
      const all = await library.papers();
      const reading = all.filter((p) => p.status === "reading");
      const target = all.find((p) => p.arxiv === "2004.05150");
      return {reading: reading.map((p) => p.arxiv), cites: reading.length === 1 && await library.hasLink(reading[0].id, target.id, "cites")};
    }""")
    assert linked == {"reading": ["2206.10883"], "cites": True}, linked
    reader.close_popover()


@pytest.mark.parametrize(("index", "fixture", "state", "said"), [
    # a refusal says nothing about the paper: "not looked up", and why; only a real empty answer is "no match"
    (PEGASUS, "semanticscholar/error_429_too_many_requests", "failed", "Not looked up: rate limited (429)"),
    (ROUGE, "semanticscholar/match_error_404_title_match_not_found", "unresolved", "No match found"),
], ids=["s2-429", "s2-404"])
def test_an_api_error_or_no_match_is_said_and_add_manually_saves_the_entry(lexsum: Reader, api: ApiReplay, index: int,
                                                                           fixture: str, state: str, said: str):
    reader, page = lexsum, lexsum.page
    entry = next(r for r in reader.analysis()["references"] if r["index"] == index)
    word = entry["title"].split()[0].rstrip(":").lower()
    api.when("api.semanticscholar.org", "/search/match", (word,), Recorded.load(fixture))

    # the settings' Crossref address goes with the look-ups (a bad one is refused)
    page.click("#open-settings")
    page.fill("#settings-mailto", "not an address")
    page.click("#settings-save")
    assert page.locator("#settings-dialog .form-error").inner_text() == "That e-mail address does not look right."
    page.fill("#settings-mailto", "reader@example.org")
    assert not page.locator("#settings-openalex").is_checked()
    page.click("#settings-save")
    page.wait_for_selector("#settings-dialog", state="hidden")

    # resting the pointer on the marker is enough to start the look-up (entries past the 20th are not prefetched)
    button = marker(reader, index)
    assert not api.asked("api.crossref.org", word)
    assert page.evaluate("(i) => window.citelens.states.get(i)", index) == "idle"
    button.hover()
    page.wait_for_function("(i) => window.citelens.states.get(i) !== 'idle'", arg=index)
    assert page.locator("#citation-popover").is_hidden()
    button.click()
    popover = reader.page.locator("#citation-popover")
    popover.wait_for(state="visible")
    # (a look-up waiting behind the background ones past 8 s is "no answer in time" until its answer comes)
    page.wait_for_function("""(said) => document.querySelector("#citation-popover .popover-header .state-pill")
      ?.textContent === said""", arg=said, timeout=LOOKUP_TIMEOUT_MS)
    assert wait_state(page, index, "resolved unresolved failed") == state, popover.inner_text()
    assert api.asked("api.semanticscholar.org", "search/match", word), api.requests
    crossref = [api.requests[i] for i in api.asked("api.crossref.org", word)]
    assert crossref and all("mailto=reader@example.org" in unquote(u) for u in crossref), crossref
    assert not api.asked("api.openalex.org"), "OpenAlex is off by default"
    assert popover.locator(".state-pill").inner_text() == said
    assert popover.locator(".popover-raw").inner_text().startswith(entry["raw"][:40])

    popover.locator(".popover-add-manually").click()
    form = popover.locator("form.paper-form")
    assert form.locator('input[name="title"]').input_value() == entry["title"]
    assert form.locator('input[name="year"]').input_value() == str(entry["year"])
    assert form.locator('textarea[name="authors"]').input_value().split("\n") == entry["authors"]
    form.locator('input[name="title"]').fill("")
    form.locator(".form-save").click()
    assert form.locator(".form-error").inner_text() == "A title is needed."
    assert papers(page) == []
    form.locator('input[name="title"]').fill(entry["title"])
    form.locator('select[name="status"]').select_option("skimmed")
    form.locator(".form-save").click()
    assert wait_state(page, index, "library") == "library"
    assert popover.locator(".state-pill").inner_text() == "In library · skimmed"
    [paper] = papers(page)
    assert paper["title"] == entry["title"] and paper["year"] == entry["year"] and paper["status"] == "skimmed"
    assert [a["family"] for a in paper["authors"]] == entry["authors"]
    reader.close_popover()


def test_a_record_holding_markup_is_shown_as_text(lexsum: Reader, api: ApiReplay, server: Any):
    """An API answer is as hostile as a PDF: a record whose title holds a <script> and whose venue holds an
    <img> is shown literally in the popover and the library panel, and runs nothing."""
    reader, page = lexsum, lexsum.page
    recorded = Recorded.load("semanticscholar/match_attention_is_all_you_need_2025-08")
    body = copy.deepcopy(recorded.json())
    body["data"][0].update(title=HOSTILE_TITLE, venue=HOSTILE_VENUE, year=2019)
    api.when("api.semanticscholar.org", "/search/match", ("pytorch",), recorded.with_json(body))

    popover = open_citation(reader, PYTORCH)
    assert wait_state(page, PYTORCH, "resolved unresolved") == "resolved", popover.inner_text()
    record = page.evaluate("(i) => window.citelens.resolver.result(i).record", PYTORCH)
    title, venue = record["title"], record["venue"]
    assert "&lt;script&gt;" in title or "<script>" in title, title
    assert "&lt;img" in venue or "<img" in venue, venue
    assert popover.locator(".popover-entry-title").inner_text() == title
    assert venue in popover.locator(".popover-meta").inner_text()
    # Add to list ▾: nested lists as a tree; the paper goes in as to_read and into the chosen list
    week = page.evaluate("""async () => {
      const library = window.citelens.library;
      const group = await library.createList("Reading group");
      return (await library.createList("Week 3", group.id)).id;
    }""")
    popover.locator(".popover-add-to-list").click()
    choices = popover.locator(".list-choice")
    choices.first.wait_for()
    assert choices.evaluate_all("(els) => els.map((e) => [e.textContent, e.dataset.depth])") == [
        ["Reading group", "0"], ["Week 3", "1"]]
    assert popover.locator("input.list-new").get_attribute("placeholder") == "New list…"
    popover.locator(f'.list-choice[data-list-id="{week}"]').click()
    wait_state(page, PYTORCH, "library")
    [paper] = papers(page)
    assert (paper["status"], paper["lists"]) == ("to_read", [week])
    reader.close_popover()
    page.keyboard.press("l")
    page.wait_for_selector('#library-panel[data-state="ready"]')
    assert page.locator("#library-list .library-title").inner_text() == title
    assert venue in page.locator("#library-list .library-meta").inner_text()
    assert page.locator("#library-list .library-list-chip").inner_text() == "Week 3"
    page.keyboard.press("Escape")

    assert page.evaluate("() => document.querySelectorAll('#citation-popover script, #library-panel script, img').length") == 0
    assert page.evaluate("() => window.__pwned") is None
    assert not [p for p in server.requested if p.rstrip("/").endswith("/x")], "the <img> was loaded"


def test_library_panel_imports_filters_changes_status_exports_and_removes(lexsum: Reader, tmp_path: Path):
    """The panel by keyboard and by its controls: L opens it; a CSL-JSON file with a bad item imports the
    good ones and says what failed; search and status filter; a status change; BibTeX export of what is
    there; Remove asks first; Esc closes and returns focus."""
    page = lexsum.page
    items = [
        {"id": "lecun2015", "type": "article-journal", "title": "Deep learning", "container-title": "Nature",
         "author": [{"family": "LeCun", "given": "Yann"}, {"family": "Bengio", "given": "Yoshua"}],
         "issued": {"date-parts": [[2015, 5, 28]]}, "DOI": "10.1038/nature14539"},
        {"id": "kingma2015", "type": "paper-conference", "title": "Adam: A Method for Stochastic Optimization",
         "author": [{"family": "Kingma", "given": "Diederik P."}, {"family": "Ba", "given": "Jimmy"}],
         "issued": {"date-parts": [[2015]]}},
        42,
    ]
    path = tmp_path / "refs.json"
    path.write_text(json.dumps(items), encoding="utf-8")
    page.focus("#viewer-container")
    page.keyboard.press("l")
    panel = page.locator("#library-panel")
    panel.wait_for()
    assert page.get_attribute("#open-library", "aria-expanded") == "true"
    assert page.evaluate("() => document.activeElement.id") == "library-search"
    # The panel opens at once and reads the library after (data-state "loading", then "ready").
    page.locator('#library-panel[data-state="ready"]').wait_for()
    assert page.locator("#library-empty").inner_text().startswith("Your library is empty.")
    page.set_input_files("#library-import-file", str(path))
    page.locator("#library-report .library-report-summary").wait_for()
    assert page.locator("#library-report .library-report-summary").inner_text() == "refs.json: 2 added, 0 merged, 1 error"
    assert page.locator("#library-report").get_attribute("data-state") == "partial"
    assert "not an object" in page.locator("#library-report .library-errors li").inner_text()
    rows = panel.locator(".library-item")
    page.wait_for_function("() => document.querySelectorAll('#library-list .library-item').length === 2")

    page.fill("#library-search", "lecun")
    page.wait_for_function("() => document.querySelectorAll('#library-list .library-item').length === 1")
    assert rows.locator(".library-title").inner_text() == "Deep learning"
    assert rows.locator(".library-meta").inner_text() == "Yann LeCun, Yoshua Bengio · 2015 · Nature"
    rows.locator("select.library-status").select_option("read")
    page.wait_for_function("() => document.querySelector('#library-list .library-item')?.dataset.status === 'read'")
    page.fill("#library-search", "")
    page.select_option("#library-status-filter", "to_read")
    page.wait_for_function("() => [...document.querySelectorAll('#library-list .library-title')].map((e) => e.textContent).join() === 'Adam: A Method for Stochastic Optimization'")
    page.select_option("#library-status-filter", "")
    page.wait_for_function("() => document.querySelectorAll('#library-list .library-item').length === 2")

    with page.expect_download() as download:
        page.click("#library-export")
    exported = Path(download.value.path()).read_text(encoding="utf-8")
    assert download.value.suggested_filename == "citelens-library.bib"
    assert exported.count("@") == 2 and "Deep learning" in exported and "10.1038/nature14539" in exported, exported

    adam = panel.locator(".library-item", has_text="Adam")
    adam.locator(".library-remove").click()
    adam.locator(".library-remove-cancel").click()
    assert len(papers(page)) == 2
    adam.locator(".library-remove").click()
    adam.locator(".library-remove-confirm").click()
    page.wait_for_function("() => document.querySelectorAll('#library-list .library-item').length === 1")
    assert [(p["title"], p["status"]) for p in papers(page)] == [("Deep learning", "read")]

    page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement?.id") == "open-library"
