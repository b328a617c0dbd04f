"""Bad input: files pdf.js cannot read say so, a scan without a text layer gets its notice, and a worker
that cannot start leaves a reader that works without links and says so once.

The broken files are the demo paper's variants (tools/demo_paper.py), written for the session.
"""

from __future__ import annotations

from harness import NUMBERED, Reader


def test_file_that_is_not_a_pdf_shows_an_error(reader):
    reader.open("gen/not-a-pdf.pdf", expect="error")
    message = reader.page.locator("#viewer-message")
    assert message.is_visible()
    assert "not-a-pdf.pdf" in message.inner_text() and "is not a PDF" in message.inner_text()
    assert reader.state()["analysisState"] == "idle"


def test_truncated_pdf_shows_an_error(reader):
    reader.open("gen/truncated.pdf", expect="error")
    message = reader.page.locator("#viewer-message")
    assert message.is_visible() and "truncated.pdf" in message.inner_text()


def test_scan_without_text_layer_shows_its_notice(reader):
    reader.open("gen/scanned.pdf")
    notice = reader.page.locator('#notices .notice[data-notice="no-text-layer"]')
    assert notice.is_visible()
    assert "No text layer" in notice.inner_text()
    assert reader.state()["citations"] == "0"
    assert reader.page.locator(".page").count() == 2
    # The notice belongs to that document: the next one does not inherit it.
    reader.open(NUMBERED)
    assert notice.count() == 0


def test_reader_works_without_links_when_the_worker_cannot_start(reader_context, server):
    page = reader_context.new_page()
    try:
        page.route("**/worker/citelens-worker.js", lambda route: route.fulfill(status=404, body="missing"))
        page.goto(f"{server.base}/index.html?file=/gen/unseen-1.pdf")
        broken = Reader(page, server.base)
        broken.wait_settled()
        state = broken.state()
        assert (state["pdfState"], state["analysisState"]) == ("ready", "unavailable"), state
        page.wait_for_selector('.page[data-page-number="1"][data-rendered="true"]')
        notices = page.locator('#notices .notice[data-notice="linking-unavailable"]')
        assert notices.count() == 1 and notices.is_visible()
        assert page.locator(".pdf-reader-ref-link").count() == 0
        # Another file in the same page: still readable, still one notice.
        broken.open("gen/unseen-2.pdf", expect="unavailable")
        assert notices.count() == 1
    finally:
        page.close()
