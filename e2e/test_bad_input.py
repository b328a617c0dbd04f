"""Bad input: files pdf.js cannot read say so, an encrypted one asks for its password, a scan without a
text layer gets its notice, a PDF on a site that refuses other pages gets a link to it there, and a worker
that cannot start leaves a reader that works without links and says so once.

The broken files are the demo paper's variants (tools/demo_paper.py), written for the session.
"""

from __future__ import annotations

import builders

from corpus import CORPUS
from harness import NUMBERED, Reader


def test_file_that_is_not_a_pdf_shows_an_error(reader):
    reader.ensure(NUMBERED)
    before = reader.state()
    reader.open("gen/not-a-pdf.pdf", expect="error")
    message = reader.page.locator("#viewer-message")
    assert message.is_visible()
    assert "not-a-pdf.pdf" in message.inner_text() and "is not a PDF" in message.inner_text()
    # nothing of the refused file was analysed: the paper that was open stays, with its links
    after = reader.state()
    assert (after["pdfState"], after["analysisState"], after["citations"]) == ("ready", "done", before["citations"])


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


def test_a_pdf_on_another_site_opens_when_it_allows_it_else_the_page_links_to_it(reader_context, server):
    """An open-access PDF opened from a popover comes from another site: read when that site sends CORS
    headers; otherwise (most publishers) a message with a plain link to the PDF on its site."""
    # A corpus paper other tests open anyway: the demo paper's text would put its analysis in the cache, where
    # test_worker_cache.py must find none for the linked demo paper (the same text).
    pdf = (CORPUS / NUMBERED).read_bytes()
    page = reader_context.new_page()
    try:
        page.route("https://oa.example.org/**", lambda route: route.fulfill(
            status=200, body=pdf, headers={"content-type": "application/pdf", "access-control-allow-origin": "*"}))
        # route.fulfill adds the page's origin when the header is missing; "null" is what a refusal looks like
        page.route("https://closed.example.org/**", lambda route: route.fulfill(
            status=200, body=pdf, headers={"content-type": "application/pdf", "access-control-allow-origin": "null"}))
        other = Reader(page, server.base)
        page.goto(f"{server.base}/index.html?file=https://oa.example.org/papers/open.pdf")
        other.wait_settled()
        assert other.state()["pdfState"] == "ready", other.state()
        assert page.locator("#viewer-message").is_hidden()

        page.goto(f"{server.base}/index.html?file=https://closed.example.org/papers/closed.pdf")
        other.wait_settled()
        assert other.state()["pdfState"] == "error", other.state()
        message = page.locator("#viewer-message")
        assert "closed.pdf" in message.inner_text() and "could not be loaded" in message.inner_text()
        link = message.locator("a.viewer-message-link")
        assert link.get_attribute("href") == "https://closed.example.org/papers/closed.pdf"
        assert link.get_attribute("target") == "_blank" and "noopener" in link.get_attribute("rel")
    finally:
        page.close()


def test_an_encrypted_pdf_asks_for_its_password_and_opens_with_it(reader_context, server):
    password = builders.load_demo_paper().USER_PASSWORD
    page = reader_context.new_page()
    try:
        other = Reader(page, server.base)
        page.goto(f"{server.base}/index.html?file=/gen/encrypted.pdf")
        page.wait_for_selector('#password-dialog[open][data-state="needed"]')
        assert "encrypted.pdf" in page.locator("#password-dialog").inner_text()
        page.keyboard.press("l")  # typing in the password field opens no library panel
        page.fill("#password-input", "not-the-password")
        page.keyboard.press("Enter")
        page.wait_for_selector('#password-dialog[open][data-state="incorrect"]')
        assert page.locator("#password-reason").inner_text() == "That password is not right; try again."
        page.fill("#password-input", password)
        page.click("#password-submit")
        other.wait_settled()
        state = other.state()
        assert (state["pdfState"], state["analysisState"]) == ("ready", "done"), state
        assert int(state["citations"]) > 0 and state.get("libraryPanel") != "open"
        # The demo paper's text is now cached; test_worker_cache.py needs the linked demo paper (the same text)
        # analysed afresh, so this analysis leaves the cache again.
        forget_cached_analysis(page)

        # Cancel: the file stays closed, with a message saying why; the reader is still usable.
        page.goto(f"{server.base}/index.html?file=/gen/encrypted.pdf")
        page.wait_for_selector('#password-dialog[open][data-state="needed"]')
        page.click("#password-cancel")
        other.wait_settled()
        assert other.state()["pdfState"] == "error"
        assert "stays closed without its password" in page.locator("#viewer-message").inner_text()
        other.open(NUMBERED)
    finally:
        page.close()


def forget_cached_analysis(page) -> None:
    """Delete the open paper's analysis from the reader's IndexedDB cache (web/analysis/cache.js)."""
    page.evaluate("""async () => {
      const key = window.citelens.analysis.source.text_hash;
      const { AnalysisCache } = await import("./web/analysis/cache.js");
      if (!(await new AnalysisCache().delete(key))) throw new Error("the cached analysis was not deleted");
    }""")
