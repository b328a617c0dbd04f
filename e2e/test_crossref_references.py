"""A PDF whose reference list cannot be read, but which prints its own DOI: the References sidebar lists the
entries of that paper's Crossref record instead, says so, and each entry opens a popover and is looked up.

The PDFs are the demo paper written without its reference list and with ``doi:<DOI>`` under the abstract
(tools/demo_paper.py ``write_without_references``; e2e/conftest.py ``generated``). Crossref is answered with
its real recorded record of eLife 10.7554/elife.01567, which holds 27 deposited references
(:class:`harness.ApiReplay`); a DOI Crossref does not know gets its recorded 404 ("Resource not found.").

Each test runs in a page of its own (its own worker), closed at the end, so no background look-up of these
entries outlives the recorded answers.
"""

from __future__ import annotations

from typing import Any

import pytest

from citelens.resolve import crossref
from harness import ApiReplay, Reader, Recorded

ELIFE_PDF, ELIFE_DOI = "gen/no-references-elife.pdf", "10.7554/elife.01567"  # e2e/conftest.py NO_REFERENCES
UNKNOWN_PDF, UNKNOWN_DOI = "gen/no-references-unknown.pdf", "10.5555/citelens.demo.0000"
RECORD = "crossref/work_10.7554_elife.01567"
#: Beyond the 20 entries looked up in the background: only a click looks this one up.
CLICKED = 23
LIST_TIMEOUT_MS = 60_000


@pytest.fixture
def fresh(reader_context: Any, server: Any, api: ApiReplay):
    """A page of the session's context with a worker of its own; closed afterwards."""
    page = reader_context.new_page()
    try:
        yield Reader(page, server.base)
    finally:
        if not page.is_closed():
            page.close()


def open_paper(reader: Reader, path: str, *, reload: bool = False) -> dict[str, Any]:
    page = reader.page
    if reload:
        page.reload()
    else:
        page.goto(f"{reader.base}/index.html?file={Reader.url(path)}")
    reader.wait_settled()
    assert reader.state()["analysisState"] == "done", (reader.state(), reader.notices())
    page.wait_for_selector('body[data-resolver="ready"]')
    page.click("#tab-references")
    return reader.analysis()


def notice(page: Any, state: str) -> Any:
    locator = page.locator(f'#references-notice[data-source="crossref"][data-state="{state}"]')
    locator.wait_for(timeout=LIST_TIMEOUT_MS)
    return locator


def test_crossrefs_list_stands_in_for_the_unreadable_one(fresh: Reader, api: ApiReplay) -> None:
    page = fresh.page
    record = Recorded.load(RECORD)
    api.when("api.crossref.org", f"/works/{ELIFE_DOI}", (), record)
    expected = crossref.references_from_work(record.body)
    assert len(expected) == 27

    analysis = open_paper(fresh, ELIFE_PDF)
    assert analysis["references"] == [] and analysis["own_doi"] == ELIFE_DOI
    assert "no_references" in {d["code"] for d in analysis["diagnostics"]}

    assert notice(page, "ok").inner_text() == (
        f"References from Crossref's record of {ELIFE_DOI}: this PDF's own list could not be read.")
    assert api.asked("api.crossref.org", f"/works/{ELIFE_DOI}")
    rows = page.locator(".reference-item")
    assert rows.count() == len(expected)
    assert page.locator("#references-count").inner_text() == "27"
    assert page.locator("#references-empty").is_hidden()
    texts = rows.locator(".reference-text").all_inner_texts()
    for text, entry in zip(texts, expected, strict=True):
        assert entry["title"] in text, (text, entry)
    assert rows.first.get_attribute("data-ref-index") == "1"
    assert page.locator(".reference-item[data-page]").count() == 0  # on no page of this PDF

    # A row opens its entry's popover (nothing on a page to jump to), and the entry is looked up by its DOI.
    entry = expected[CLICKED - 1]
    assert entry["doi"] == "10.1016/j.cub.2008.02.070"
    row = page.locator(f'.reference-item[data-ref-index="{CLICKED}"]')
    with page.expect_request(lambda r: entry["doi"] in r.url and "api.crossref.org" in r.url):
        row.locator(".reference-jump").click()
    popover = page.locator("#citation-popover")
    popover.wait_for(state="visible")
    assert popover.get_attribute("data-ref-index") == str(CLICKED)
    assert popover.get_attribute("data-state") in ("pending", "resolved", "unresolved")
    assert popover.locator(".popover-jump").count() == 0
    assert popover.locator("a.popover-doi").get_attribute("href") == f"https://doi.org/{entry['doi']}"
    page.keyboard.press("Escape")
    popover.wait_for(state="hidden")

    # The chevron does the same.
    page.locator('.reference-item[data-ref-index="2"] .reference-chevron').click()
    popover.wait_for(state="visible")
    assert popover.get_attribute("data-ref-index") == "2"
    page.keyboard.press("Escape")

    # Reopened: the list comes from IndexedDB, Crossref is not asked again for it.
    asked = len(api.asked("api.crossref.org", f"/works/{ELIFE_DOI}"))
    open_paper(fresh, ELIFE_PDF, reload=True)
    notice(page, "ok")
    assert page.locator(".reference-item").count() == 27
    assert len(api.asked("api.crossref.org", f"/works/{ELIFE_DOI}")) == asked


def test_a_doi_crossref_does_not_know_leaves_a_notice_and_nothing_broken(fresh: Reader, api: ApiReplay) -> None:
    page = fresh.page
    analysis = open_paper(fresh, UNKNOWN_PDF)
    assert analysis["references"] == [] and analysis["own_doi"] == UNKNOWN_DOI

    text = notice(page, "none").inner_text()
    assert text == (f"No reference list is available: this PDF's own could not be read, and Crossref holds none "
                    f"for {UNKNOWN_DOI} (Crossref has no record of {UNKNOWN_DOI}).")
    [asked] = api.asked("api.crossref.org", f"/works/{UNKNOWN_DOI}")
    assert api.requests[asked].startswith(f"https://api.crossref.org/works/{UNKNOWN_DOI}")
    assert page.locator(".reference-item").count() == 0
    assert page.locator("#references-empty").inner_text() == "No reference list was found in this PDF."
    assert fresh.notices() == {}
    assert fresh.state()["analysisState"] == "done"
    # The reader still works: the page turns, the outline is there.
    fresh.go_to(2, mentions=False)
    assert page.locator(".outline-item").count() > 0
