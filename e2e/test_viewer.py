"""The viewer as a reader uses it: find in the document (a term of the last page found from page 1, as many
matches as the PDF's text holds), printing (the paper's pages only, every one, whole), the reading position
kept across visits (and a picture of the page it was left at, shown before pdf.js draws it), files that cannot be opened (the paper on screen stays), a small screen (page width,
24 px targets) and a 500-page file (only the pages near the view are drawn).

Expected counts and pictures come from PDFium (pypdfium2) reading the same PDF, not from pdf.js.
"""

from __future__ import annotations

import base64
import io
import re
import unicodedata
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageFilter

from corpus import CORPUS
from harness import NUMBERED, Reader, guarded_context, load_demo_paper, wait_frames

# ------------------------------------------------------------------------------------------- helpers


def fold(text: str) -> str:
    """Text as pdf.js's find compares it by default: compatibility forms (ligatures) decomposed, accents
    dropped, case folded."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


def page_texts(path: Path) -> list[str]:
    doc = pdfium.PdfDocument(path)
    try:
        return [page.get_textpage().get_text_range() for page in doc]
    finally:
        doc.close()


def last_page_term(path: Path) -> tuple[str, int]:
    """A word of the last page found on no other page, and how often the document holds it (as a substring,
    which is how pdf.js finds a query). Only words no line-end hyphen splits anywhere, so that the count does
    not depend on how hyphenation is undone."""
    texts = [fold(t) for t in page_texts(path)]
    joined = [re.sub(r"-\r?\n", "", t) for t in texts]
    words = dict.fromkeys(re.findall(r"[a-z]{8,}", texts[-1]))
    for word in words:
        counts = [t.count(word) for t in texts]
        if counts[-1] and sum(counts) == counts[-1] and all(j.count(word) == c for j, c in zip(joined, counts)):
            if counts[-1] >= 2:
                return word, counts[-1]
    for word in words:
        counts = [t.count(word) for t in texts]
        if counts[-1] and sum(counts) == counts[-1] and all(j.count(word) == c for j, c in zip(joined, counts)):
            return word, counts[-1]
    raise AssertionError(f"no word of the last page of {path.name} is on that page alone")


def thumbnail(page: Any, width: int = 80) -> Image.Image:
    """A page as a small blurred grey picture: its layout (columns, figures, blank space), not its glyphs,
    which two renderers draw a little differently."""
    scale = width / page.get_width()
    image = page.render(scale=3 * scale).to_pil().convert("L")
    return image.resize((width, round(page.get_height() * scale))).filter(ImageFilter.GaussianBlur(1))


def correlation(a: Image.Image, b: Image.Image) -> float:
    """Normalised cross-correlation of two grey pictures (1 = the same picture; 0 for a blank one)."""
    pa, pb = list(a.tobytes()), list(b.resize(a.size).tobytes())
    ma, mb = sum(pa) / len(pa), sum(pb) / len(pb)
    num = sum((x - ma) * (y - mb) for x, y in zip(pa, pb))
    den = (sum((x - ma) ** 2 for x in pa) * sum((y - mb) ** 2 for y in pb)) ** 0.5
    return num / den if den else 0.0


def position_entries(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("() => Object.values(JSON.parse(localStorage.getItem('citelens.positions') || '{}'))")


# ---------------------------------------------------------------------------------------------- find


def test_find_reaches_a_term_of_the_last_page_from_page_one(reader):
    reader.ensure(NUMBERED)
    page = reader.page
    term, expected = last_page_term(CORPUS / NUMBERED)
    last = int(reader.state()["pageCount"])
    reader.go_to(1, mentions=False)
    page.focus("#viewer-container")
    page.keyboard.press("Control+f")
    page.wait_for_selector("#find-bar:not([hidden])")
    assert page.evaluate("() => document.activeElement?.id") == "find-input"
    page.keyboard.type(term)
    # every page's text searched, the first match selected
    page.wait_for_function("""(n) => {
      const m = window.citelens.viewer.findController.pageMatches;
      return m.length === n && Array.from({ length: n }, (_, i) => m[i]).every(Array.isArray)
        && ["found", "wrapped"].includes(document.getElementById("find-bar").dataset.state);
    }""", arg=last)
    bar = page.locator("#find-bar")
    assert bar.get_attribute("data-total") == str(expected), (term, expected)
    assert bar.get_attribute("data-current") == "1"
    assert page.locator("#find-count").inner_text() == f"1 of {expected} match{'es' if expected > 1 else ''}"
    selected = page.locator(f'.page[data-page-number="{last}"] .textLayer .highlight.selected')
    selected.first.wait_for(state="attached")
    assert page.evaluate("() => window.citelens.viewer.currentPage") == last
    box, view = selected.first.bounding_box(), page.locator("#viewer-container").bounding_box()
    assert view["y"] <= box["y"] and box["y"] + box["height"] <= view["y"] + view["height"], (box, view)
    # highlights on the page that has the term, none on page 1
    assert page.locator(f'.page[data-page-number="{last}"] .textLayer .highlight').count() >= expected
    assert page.locator('.page[data-page-number="1"] .textLayer .highlight').count() == 0

    if expected > 1:
        page.keyboard.press("Enter")
        page.wait_for_selector('#find-bar[data-current="2"]')
        page.keyboard.press("Shift+Enter")
        page.wait_for_selector('#find-bar[data-current="1"]')
    page.click("#find-next")
    page.wait_for_selector(f'#find-bar[data-current="{2 if expected > 1 else 1}"]')

    page.locator("#find-input").press("Escape")
    page.wait_for_selector("#find-bar", state="hidden")
    wait_frames(page)
    assert page.locator(".textLayer .highlight").count() == 0

    # `/` opens the bar again, with the last query
    page.focus("#viewer-container")
    page.keyboard.press("/")
    page.wait_for_selector("#find-bar:not([hidden])")
    assert page.locator("#find-input").input_value() == term
    page.keyboard.press("Escape")
    page.wait_for_selector("#find-bar", state="hidden")


def test_a_term_not_in_the_paper_says_so(reader):
    reader.ensure(NUMBERED)
    page = reader.page
    page.focus("#viewer-container")
    page.keyboard.press("Control+f")
    page.fill("#find-input", "zqxjkvwzzq")
    page.wait_for_selector('#find-bar[data-state="not-found"]')
    assert page.locator("#find-count").inner_text() == "Not found"
    page.keyboard.press("Escape")
    page.wait_for_selector("#find-bar", state="hidden")


# --------------------------------------------------------------------------------------------- print


def test_print_renders_every_page_of_the_paper_and_nothing_else(reader, measured):
    reader.ensure(NUMBERED)
    page = reader.page
    original = pdfium.PdfDocument(CORPUS / NUMBERED)
    # window.print() would open the browser's dialog: counted instead; page.pdf() then prints the page
    page.evaluate("() => { window.__printed = 0; window.print = () => { window.__printed++; }; }")
    try:
        # printed from the browser's menu, nothing prepared: one line on how to print, none of the reader
        unprepared = pdfium.PdfDocument(page.pdf())
        text = " ".join(p.get_textpage().get_text_range() for p in unprepared)
        assert len(unprepared) == 1 and "Print button" in text, text
        assert not any(word in text for word in ("Open PDF", "Link citations", "Library", "Outline", "Bookmarks")), text

        page.click("#print")
        page.wait_for_function("() => window.__printed === 1", timeout=120_000)
        assert page.evaluate("() => document.body.dataset.print") == "ready"
        printed = pdfium.PdfDocument(page.pdf(prefer_css_page_size=True, print_background=True))
        assert len(printed) == len(original)
        worst = 1.0
        pictures = [thumbnail(p) for p in original]
        for i in range(len(original)):
            ours, theirs = printed[i], original[i]
            assert abs(ours.get_width() - theirs.get_width()) < 1.5 and abs(ours.get_height() - theirs.get_height()) < 1.5
            # the page as an image: no text of the toolbar, the sidebar or anything else of the reader
            assert ours.get_textpage().get_text_range().strip() == "", i + 1
            # the whole page, and that page: not blank, not cut, more like it than like its neighbours
            picture = thumbnail(ours)
            score = correlation(picture, pictures[i])
            others = [correlation(picture, pictures[j]) for j in (i - 1, i + 1) if 0 <= j < len(pictures)]
            worst = min(worst, score)
            assert score > 0.9 and all(score > o + 0.05 for o in others), (i + 1, score, others)
        measured.append(f"print: {len(printed)} of {len(original)} pages printed, each the PDF's page "
                        f"(lowest correlation {worst:.3f})")

        page.keyboard.press("Control+p")  # the shortcut prints the same way
        page.wait_for_function("() => window.__printed === 2", timeout=120_000)
    finally:
        page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
        original.close()
    assert page.locator("#print-container > *").count() == 0


# -------------------------------------------------------------------------------------------- memory


def test_reopening_a_paper_restores_its_page_and_zoom(reader_context, server):
    url = f"{server.base}/index.html?file=/corpus/{NUMBERED}"
    page = reader_context.new_page()
    try:
        page.goto(url)
        first = Reader(page, server.base)
        first.wait_settled()
        first.go_to(7, mentions=False)
        page.evaluate("() => window.citelens.viewer.setZoom(1.5)")
        page.wait_for_function("""() => Object.values(JSON.parse(localStorage.getItem("citelens.positions") || "{}"))
            .some((p) => p.page === 7 && p.zoom === 1.5)""")
        page.close()

        page = reader_context.new_page()
        page.goto(url)
        page.wait_for_selector('body[data-pdf-state="ready"]')
        assert page.evaluate("() => window.citelens.viewer.currentPage") == 7
        assert page.evaluate("() => document.body.dataset.zoom") == "1.500"
        where = page.evaluate("""() => {
          const view = document.getElementById("viewer-container").getBoundingClientRect();
          const seven = document.querySelector('.page[data-page-number="7"]').getBoundingClientRect();
          return { top: seven.top - view.top, height: view.height };
        }""")
        assert -20 <= where["top"] <= 0.2 * where["height"], where
        page.wait_for_selector('.page[data-page-number="7"][data-rendered="true"]')
    finally:
        page.evaluate("() => localStorage.removeItem('citelens.positions')")
        page.close()


# Records, in the order they happen on the start page: the kept picture put in its box, pdf.js's drawing.
PICTURE_WATCH = """
(() => {
  const log = { order: [], picture: null };
  Object.defineProperty(window, "__picture", { value: log });
  new MutationObserver(() => {
    const img = document.querySelector(".page-snapshot");
    if (img && !log.picture) {
      const page = img.closest(".page");
      log.order.push("picture");
      log.picture = { page: Number(page.dataset.pageNumber), rendered: page.dataset.rendered === "true" };
      // (the page's CSP lets no fetch() read a blob: URL; a canvas can copy the decoded picture)
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext("2d").drawImage(img, 0, 0);
      log.picture.url = canvas.toDataURL("image/png");
    }
    if (document.querySelector('.page[data-rendered="true"]') && !log.order.includes("drawn")) log.order.push("drawn");
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-rendered"] });
})();
"""


def test_a_reopened_paper_shows_its_page_as_it_was_left_before_pdfjs_draws_it(browser, server):
    context = guarded_context(browser)  # a profile of its own: no picture kept by another test
    url = f"{server.base}/index.html?file=/corpus/{NUMBERED}"
    try:
        page = context.new_page()
        page.goto(url)
        Reader(page, server.base).wait_settled()
        page.wait_for_selector('body[data-picture-kept="1"]', state="attached")
        page.close()

        page = context.new_page()
        page.add_init_script(PICTURE_WATCH)
        page.goto(url)
        page.wait_for_function("() => document.body.dataset.pdfState === 'ready' && window.__picture.picture?.url")
        log = page.evaluate("() => window.__picture")
        assert log["order"][0] == "picture" and log["picture"] == {**log["picture"], "page": 1, "rendered": False}, log
        page.wait_for_function("() => document.body.dataset.analysisState === 'done'")
        marks = page.evaluate("""() => Object.fromEntries(["citelens:open", "citelens:first-page", "citelens:page-drawn",
          "citelens:links"].map((n) => [n, performance.getEntriesByName(n, "mark").at(-1)?.startTime]))""")
        print(f"\nreopened: picture on screen {marks['citelens:first-page'] - marks['citelens:open']:.0f} ms after "
              f"opening, links {marks['citelens:links'] - marks['citelens:open']:.0f} ms, "
              f"pdf.js's drawing {marks['citelens:page-drawn'] - marks['citelens:open']:.0f} ms")
        assert marks["citelens:open"] < marks["citelens:first-page"] < marks["citelens:page-drawn"], marks
        # The cached analysis goes on the picture: its links do not wait for pdf.js's drawing (the lookup
        # runs beside the picture's and is done by the time it is on screen; the drawing comes later).
        assert marks["citelens:first-page"] <= marks["citelens:links"] < marks["citelens:page-drawn"], marks
        # The picture is the paper's first page, as PDFium draws it (not another page, not a blank one).
        shown = Image.open(io.BytesIO(base64.b64decode(log["picture"]["url"].split(",", 1)[1]))).convert("L")
        doc = pdfium.PdfDocument(CORPUS / NUMBERED)
        try:
            first, second = thumbnail(doc[0]), thumbnail(doc[1])
        finally:
            doc.close()
        picture = shown.resize(first.size).filter(ImageFilter.GaussianBlur(1))
        assert correlation(first, picture) > 0.9 > correlation(second, picture) + 0.1, \
            (correlation(first, picture), correlation(second, picture))
        assert abs(shown.width / shown.height - first.width / first.height) < 0.02
        # Gone once pdf.js has drawn the page: nothing stands over the real canvas and its text layer.
        page.wait_for_selector('.page[data-page-number="1"][data-rendered="true"]')
        assert page.locator(".page-snapshot").count() == 0
    finally:
        context.close()


# ---------------------------------------------------------------------------------------- bad files


def open_state(reader: Reader) -> dict[str, str]:
    return {k: reader.state().get(k) for k in ("pdfState", "analysisState", "pageCount", "citations")}


def failed_with(page, name: str) -> None:
    """Wait until opening `name` failed (an earlier test's failure may still be on the body: its message
    names another file)."""
    page.wait_for_function("""(name) => document.body.dataset.openState === "failed"
      && document.getElementById("viewer-message").textContent.includes(name)""", arg=name)


def test_a_bad_file_from_the_picker_keeps_the_open_paper(reader):
    reader.ensure(NUMBERED)
    page = reader.page
    before, title = open_state(reader), page.title()
    page.set_input_files("#file-input", files=[
        {"name": "broken.pdf", "mimeType": "application/pdf", "buffer": b"%PDF-1.7\nnot really a PDF\n"}])
    failed_with(page, "broken.pdf")
    assert open_state(reader) == before
    assert page.title() == title
    message = page.locator("#viewer-message")
    assert message.is_visible()
    text = message.inner_text()
    assert "broken.pdf" in text and "is not a PDF" in text and Path(NUMBERED).name in text and "stays open" in text
    assert page.locator(".page").count() == int(before["pageCount"])
    assert page.locator('.page[data-page-number="1"][data-rendered="true"]').count() == 1
    assert page.locator(".pdf-reader-ref-link").count() > 0
    message.click()  # put away
    message.wait_for(state="hidden")


@pytest.fixture(scope="module")
def zero_pages(generated: Path) -> Path:
    """A PDF whose page tree is empty (/Count 0): valid, with nothing to show."""
    path = generated / "zero-pages.pdf"
    doc = pdfium.PdfDocument.new()
    buffer = io.BytesIO()
    doc.save(buffer)
    path.write_bytes(buffer.getvalue())
    return path


def test_a_zero_page_pdf_says_so_and_nothing_stays_opening(reader_context, server, zero_pages):
    page = reader_context.new_page()
    try:
        page.goto(f"{server.base}/index.html?file=/gen/{zero_pages.name}")
        fresh = Reader(page, server.base)
        fresh.wait_settled()
        state = fresh.state()
        assert (state["pdfState"], state["openState"]) == ("error", "failed"), state
        assert "zero-pages.pdf" in page.locator("#viewer-message").inner_text()
        assert "has no pages" in page.locator("#viewer-message").inner_text()
        for panel in ("#outline-empty", "#references-empty"):
            assert "Opening" not in page.locator(panel).inner_text()
        assert page.locator("#status").is_hidden()
        # The reader still opens the next file.
        fresh.open(NUMBERED)
    finally:
        page.close()


def test_a_zero_page_pdf_dropped_on_the_reader_keeps_the_open_paper(reader, zero_pages):
    reader.ensure(NUMBERED)
    page = reader.page
    before = open_state(reader)
    page.evaluate("""(bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], "zero-pages.pdf", { type: "application/pdf" }));
      window.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    }""", list(zero_pages.read_bytes()))
    failed_with(page, "zero-pages.pdf")
    assert open_state(reader) == before
    assert "has no pages" in page.locator("#viewer-message").inner_text()
    assert page.locator('.page[data-page-number="1"][data-rendered="true"]').count() == 1


# -------------------------------------------------------------------------------------- small screens


def test_a_small_screen_gets_page_width_and_24px_targets(reader_context, server, measured):
    page = reader_context.new_page()
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(f"{server.base}/index.html?file=/corpus/{NUMBERED}")
        small = Reader(page, server.base)
        small.wait_settled()
        assert page.locator("#zoom-select").input_value() == "page-width"
        fit = page.evaluate("""() => {
          const container = document.getElementById("viewer-container");
          const canvas = document.querySelector('.page[data-page-number="1"] .canvasWrapper').getBoundingClientRect();
          return { page: canvas.width, room: container.clientWidth, overflow: container.scrollWidth - container.clientWidth };
        }""")
        assert fit["overflow"] <= 0 and fit["page"] >= fit["room"] - 45, fit
        small.go_to(2)
        heights = page.evaluate("""() => {
          const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
          const tools = [...document.querySelectorAll(".toolbar button, .toolbar select, .toolbar input:not([type=checkbox]), .toolbar label")]
            .filter(shown).map((el) => ({ id: el.id || el.className, h: el.getBoundingClientRect().height }));
          const links = [...document.querySelectorAll('.mention-layer[data-page="2"] .pdf-reader-ref-link')].map((el) => {
            const r = el.getBoundingClientRect();
            const hit = (dy) => document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2 + dy)
              ?.closest(".pdf-reader-ref-link") === el;
            return { h: r.height, target: parseFloat(getComputedStyle(el, "::before").height), above: hit(-11), below: hit(11) };
          });
          return { tools, links };
        }""")
        assert heights["tools"] and all(t["h"] >= 24 for t in heights["tools"]), heights["tools"]
        links = heights["links"]
        assert links and all(max(link["h"], link["target"]) >= 24 for link in links), links
        # the padding answers the pointer where no other marker is closer
        reached = sum(link["above"] and link["below"] for link in links)
        assert reached >= 0.8 * len(links), links
        measured.append(f"small screen (390 px): page {fit['page']:.0f} px wide in {fit['room']} px; "
                        f"markers {min(link['h'] for link in links):.1f}-{max(link['h'] for link in links):.1f} px "
                        f"tall, targets >= 24 px; {reached}/{len(links)} hit 11 px above and below their centre")
    finally:
        page.close()


# ---------------------------------------------------------------------------------------- long files

LONG = 500


@pytest.fixture(scope="module")
def paper_500(generated: Path) -> Any:
    return load_demo_paper().write_long_paper(generated / f"long-{LONG}.pdf", LONG)


def test_a_500_page_file_draws_only_the_pages_near_the_view(reader_context, server, paper_500, measured):
    page = reader_context.new_page()
    try:
        # Only pages are measured: no Python (its worker is refused), so nothing else takes the CPU.
        page.route("**/worker/citelens-worker.js", lambda route: route.fulfill(status=404, body="missing"))
        page.goto(f"{server.base}/index.html?file=/gen/{paper_500.path.name}")
        page.wait_for_selector('body[data-pdf-state="ready"]')
        assert page.evaluate("() => document.body.dataset.pageCount") == str(LONG)
        counts = []

        def drawn() -> dict[str, int]:
            return page.evaluate("""() => ({
              canvases: document.querySelectorAll(".page canvas").length,
              rendered: document.querySelectorAll('.page[data-rendered="true"]').length,
              textLayers: document.querySelectorAll(".page .textLayer").length,
            })""")

        for n in [*range(1, LONG + 1, 25), LONG]:
            page.evaluate("(n) => window.citelens.viewer.goToPage(n)", n)
            page.wait_for_selector(f'.page[data-page-number="{n}"][data-rendered="true"]', timeout=60_000)
            counts.append(drawn())
        # then scrolled through, a screen at a time, as a reader does
        page.evaluate("(n) => window.citelens.viewer.goToPage(n)", 200)
        for _ in range(40):
            page.evaluate("() => { document.getElementById('viewer-container').scrollTop += 700; }")
            wait_frames(page)
        page.wait_for_function("""() => window.citelens.viewer.nearPages().every((n) =>
            document.querySelector(`.page[data-page-number="${n}"]`).dataset.rendered === "true")""", timeout=60_000)
        counts.append(drawn())
        far = page.evaluate("""() => [...document.querySelectorAll('.page[data-rendered="true"]')]
            .map((p) => Number(p.dataset.pageNumber))""")
        heap = page.evaluate("() => performance.memory?.usedJSHeapSize ?? null")
        most = max(c["canvases"] for c in counts)
        assert most <= 12, counts
        assert max(c["rendered"] for c in counts) <= 12, counts
        current = page.evaluate("() => window.citelens.viewer.currentPage")
        assert all(abs(p - current) <= 12 for p in far), (current, far)
        memory = f"JS heap {heap / 1e6:.1f} MB" if heap else "JS heap not reported"
        measured.append(f"{LONG} pages: at most {most} canvases and {max(c['rendered'] for c in counts)} drawn "
                        f"pages over {len(counts)} stops (jumps every 25 pages, then 40 screens of scrolling); {memory}")
    finally:
        page.close()
