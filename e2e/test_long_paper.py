"""A long file in the reader: the 120-page two-column paper of ``tools/demo_paper.py`` (the ``long_paper``
fixture of conftest.py). The first page must be on screen, and the reader usable, while the analysis of
the whole paper still runs; once it is done, citations on a page near the end link to their entries.

How long each step takes at 100 to 500 pages is measured by bench/bench_large.py; nothing here is timed.
"""

from __future__ import annotations

import re
from typing import Any

from harness import Reader, marks

PAGE_ONE_DRAWN = '.page[data-page-number="1"][data-rendered="true"] .textLayer'


def test_page_one_before_the_analysis_then_late_citations_link(reader: Reader, long_paper: Any) -> None:
    page = reader.page
    path = "gen/" + long_paper.path.name
    reader.wait_render_idle()
    reader.current = None
    # Every text the status line shows, kept as it changes (it says how far a long file is).
    page.evaluate("""() => {
      window.__statusTexts = [];
      const text = document.getElementById("status-text");
      new MutationObserver(() => window.__statusTexts.push(text.textContent))
        .observe(text, { childList: true, characterData: true, subtree: true });
    }""")
    page.evaluate("(url) => window.citelens.open(url)", reader.url(path))
    # Page 1 drawn while the analysis is pending: the paper is readable before its links exist.
    page.wait_for_function("""(selector) => document.querySelector(selector) !== null
        && document.body.dataset.analysisState === "pending" """, arg=PAGE_ONE_DRAWN)
    assert reader.state()["pdfState"] == "ready"
    assert reader.state()["pageCount"] == str(long_paper.pages)
    # ... and another page can be opened meanwhile (the viewer does not wait for Python).
    reader.go_to(3, mentions=False)
    reader.wait_settled()
    state = reader.state()
    assert (state["pdfState"], state["analysisState"]) == ("ready", "done"), (state, reader.notices())
    reader.current = path
    m = marks(page)
    assert m["citelens:first-page"] < m["citelens:links"]
    said = page.evaluate("() => window.__statusTexts")
    n = long_paper.pages
    assert f"Reading the text: page {n} of {n}…" in said and f"Linking citations in {n} pages…" in said, said

    analysis = reader.analysis()
    assert len(analysis["references"]) == long_paper.references
    label = {r["index"]: int(r["label"].strip("[]")) for r in analysis["references"]}
    late = max(p for p in long_paper.cited_on if p < min(r["page"] for r in analysis["references"]) - 1)
    reader.go_to(late)
    buttons = page.locator(f'.mention-layer[data-page="{late}"] .pdf-reader-ref-link[data-kind="citation"]'
                           ":not([data-part])")
    count = buttons.count()
    assert count > 0
    drawn = set(long_paper.cited_on[late]) | set(long_paper.cited_on.get(late - 1, ()))
    shown = set()
    for k in range(count):
        indexes = [int(i) for i in buttons.nth(k).get_attribute("data-ref-indexes").split()]
        shown.update(label[i] for i in indexes)
    assert shown and shown <= drawn, (late, shown - drawn)

    # One of them opens its entry: the reference list at the end of the paper is reached from page `late`.
    button = buttons.first
    index = int(button.get_attribute("data-ref-indexes").split()[0])
    reader.show(button)
    button.click()
    popover = page.locator("#citation-popover")
    popover.wait_for(state="visible")
    raw = popover.locator(".popover-raw").first.inner_text()
    assert re.search(rf"part {label[index]}\.", raw), raw
    reader.close_popover()
