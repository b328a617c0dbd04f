"""Text from a PDF is text: a reference entry carrying markup is shown literally and runs nothing.

``hostile.pdf`` is the demo paper with reference [2] rewritten to hold ``<img src=x onerror=alert(1)>``
(conftest.py ``generated``). Had the markup become HTML, an <img> element would exist, the browser would
request ``x`` from the server and ``alert`` would open a dialog (the guard fails any test that sees one).
"""

from __future__ import annotations

from harness import HOSTILE, HOSTILE_INDEX


def test_reference_with_markup_is_shown_as_text_and_runs_nothing(reader, server, offline_guard):
    reader.open("gen/hostile.pdf")
    page = reader.page
    analysis = reader.analysis()
    entry = next(r for r in analysis["references"] if r["index"] == HOSTILE_INDEX)
    assert HOSTILE in entry["raw"], entry

    i, citation = next((i, c) for i, c in enumerate(analysis["citations"]) if c["ref_indexes"] == [HOSTILE_INDEX])
    reader.go_to(citation["page"])
    button = reader.mention(f"c{i}")
    reader.show(button)
    button.click()
    popover = page.locator("#citation-popover")
    popover.wait_for(state="visible")
    assert popover.get_attribute("data-view") == "single"
    assert HOSTILE in popover.locator(".popover-raw").inner_text()
    if HOSTILE in (entry["title"] or ""):
        assert HOSTILE in popover.locator(".popover-entry-title").inner_text()
    assert popover.locator("*").evaluate_all("(els) => els.filter((e) => e.tagName === 'IMG').length") == 0
    reader.close_popover()

    # The sidebar's reference list shows the same entry, as text too.
    page.click("#tab-references")
    item = page.locator(f'.reference-item[data-ref-index="{HOSTILE_INDEX}"] .reference-jump')
    assert HOSTILE in (item.get_attribute("title") or "")
    if entry["title"]:
        assert HOSTILE in item.inner_text()
    page.click("#tab-outline")

    assert page.evaluate("() => document.querySelectorAll('img').length") == 0
    assert not [p for p in server.requested if p.rstrip("/").endswith("/x")], "the <img> was loaded"
    assert not offline_guard.dialogs
