"""The reader on real papers (numbered, author-year, superscript): citations become buttons, a marker opens
the entry the Python pipeline links it to, figure and table mentions show the float with its caption, the
outline navigates, the keyboard path works, and links stay visible in dark mode; "Back" returns to the
page the jump was made from and names it.

Expectations come from the CPython pipeline on the pdfminer extraction of the same PDF
(:func:`harness.python_analysis`), so a marker is checked against what the other adapter finds, not
against the browser's own answer.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image
from rapidfuzz import fuzz

from corpus import document
from harness import (AUTHOR_YEAR, NUMBERED, PAPERS, SUPERSCRIPT, match_markers, python_analysis, wait_frames)

OUTLINE_HEADINGS = {"bookmarks": "Bookmarks", "detected": "Sections (detected)"}


def samples(ours: list[dict[str, Any]], pairs: dict[int, int], theirs: list[dict[str, Any]]) -> list[int]:
    """Citations to click: the first single-reference marker, the first multi-reference one (if any) and
    the last single-reference one; only markers both pipelines found, with the same entries."""
    agreed = [i for i, j in pairs.items() if ours[i]["ref_indexes"] and ours[i]["ref_indexes"] == theirs[j]["ref_indexes"]]
    single = [i for i in agreed if len(ours[i]["ref_indexes"]) == 1]
    multi = [i for i in agreed if len(ours[i]["ref_indexes"]) > 1]
    picked = [single[0], *multi[:1], single[-1]]
    return list(dict.fromkeys(picked))


def assert_entry_shown(popover: Any, expected: dict[str, Any]) -> None:
    """The popover's single view shows ``expected`` (a reference of the Python analysis)."""
    assert popover.get_attribute("data-view") == "single"
    assert popover.get_attribute("data-state") != "missing"
    raw = popover.locator(".popover-raw").inner_text()
    assert fuzz.ratio(raw, expected["raw"]) >= 90, (raw, expected["raw"])
    if expected["title"] and popover.locator(".popover-entry-title").count():
        title = popover.locator(".popover-entry-title").inner_text()
        assert fuzz.ratio(title, expected["title"]) >= 85, (title, expected["title"])


@pytest.mark.parametrize("style", list(PAPERS))
def test_citations_are_linked_and_open_their_entry(reader, style):
    path = PAPERS[style]
    reader.ensure(path)
    page = reader.page
    ours, theirs = reader.analysis(), python_analysis(path)
    linked = [c for c in ours["citations"] if c["boxes"]]
    assert int(reader.state()["citations"]) == len(linked) >= 20
    assert ours["citation_style"] == theirs["citation_style"]

    heading = page.locator("#outline-heading")
    assert heading.inner_text() == OUTLINE_HEADINGS[ours["outline_source"]]
    assert page.locator(".outline-item").count() == len(ours["outline"]) > 3

    references = {r["index"]: r for r in theirs["references"]}
    pairs = dict(match_markers(ours["citations"], theirs["citations"]))
    popover = page.locator("#citation-popover")
    for i in samples(ours["citations"], pairs, theirs["citations"]):
        citation = ours["citations"][i]
        expected = theirs["citations"][pairs[i]]["ref_indexes"]
        reader.go_to(citation["page"])
        button = reader.mention(f"c{i}")
        assert button.get_attribute("data-kind") == "citation"
        assert button.get_attribute("data-ref-indexes") == " ".join(map(str, expected))
        reader.show(button)
        button.click()
        popover.wait_for(state="visible")
        assert button.get_attribute("aria-expanded") == "true"
        if len(expected) == 1:
            assert_entry_shown(popover, references[expected[0]])
        else:
            assert popover.get_attribute("data-view") == "list"
            rows = popover.locator(".popover-row")
            assert rows.evaluate_all("(rows) => rows.map((r) => Number(r.dataset.refIndex))") == expected
            popover.locator(f'.popover-row[data-ref-index="{expected[-1]}"]').click()
            page.wait_for_selector('#citation-popover[data-view="single"]')
            assert_entry_shown(popover, references[expected[-1]])
        reader.close_popover()
        assert button.get_attribute("aria-expanded") == "false"


def on_screen(reader: Any, number: int, box: list[float]) -> dict[str, float]:
    """Where a box of page ``number`` (PDF points from its top-left) is, and the viewport, in CSS px."""
    return reader.page.evaluate("""([n, box]) => {
      const viewer = window.citelens.viewer;
      const element = viewer.pageElement(n);
      const perPoint = element.clientHeight / viewer.pageSize(n).height;
      const page = element.getBoundingClientRect();
      const view = document.getElementById("viewer-container").getBoundingClientRect();
      const top = page.top + element.clientTop;
      return { top: top + box[1] * perPoint, bottom: top + box[3] * perPoint, viewTop: view.top, viewBottom: view.bottom };
    }""", [number, box])


def jump(reader: Any, kind: str, caption_under: bool) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """Click the first mention of a ``kind`` whose float is over (``caption_under``) or under its caption, on
    a page before the float's; returns the mention's index, the mention and the flash drawn."""
    ours = reader.analysis()
    i, mention = next((i, m) for i, m in enumerate(ours["figure_mentions"])
                      if m["kind"] == kind and m["target"] and m["target"]["area"]
                      and (m["target"]["area"][3] <= m["target"]["y"] + 1) == caption_under
                      and m["target"]["page"] > m["page"])
    reader.go_to(mention["page"])
    button = reader.mention(f"m{i}")
    assert button.get_attribute("data-kind") == kind
    assert button.get_attribute("data-target-page") == str(mention["target"]["page"])
    reader.show(button)
    seen = len(reader.log()["flashes"])
    button.click()
    reader.page.wait_for_function("(n) => window.__e2e.flashes.length > n", arg=seen)
    wait_frames(reader.page)
    return i, mention, reader.log()["flashes"][seen]


def test_figure_mention_shows_the_figure_over_its_caption_and_back_returns(reader):
    reader.ensure(NUMBERED)
    page = reader.page
    i, mention, flash = jump(reader, "figure", caption_under=True)
    target, area = mention["target"], mention["target"]["area"]
    # The figure's area, from the Python analysis: the drawing PDFium finds is tested in tests/; here, that
    # it holds no text of the page but the figure's own labels, and the caption right under it.
    items = document(NUMBERED).pages[target["page"] - 1].items
    inside = [it for it in items if area[1] <= it.y - it.height / 2 <= area[3] and area[0] <= it.x <= area[2]]
    assert all(len(it.text) < 60 for it in inside), [it.text for it in inside]
    under = sorted((it for it in items if target["y"] - 1 <= it.y - it.height <= target["y"] + 12
                    and area[0] <= it.x <= area[2]), key=lambda it: it.x)
    assert any(re.match(rf"\s*(Figure|Fig\.?)\s*{re.escape(mention['label'])}\b", it.text) for it in under), under
    # The jump puts the figure and its caption in the viewport, and flashes the figure.
    assert flash["page"] == target["page"] and flash["inView"], flash
    shown = on_screen(reader, target["page"], [area[0], area[1], area[2], target["y"] + 10])
    assert shown["viewTop"] - 1 <= shown["top"] and shown["bottom"] <= shown["viewBottom"] + 1, shown

    back = page.locator("#back-button")
    back.wait_for(state="visible")
    # Back names the page the jump was made from: the mention's.
    assert page.locator("#back-label").inner_text() == f"Back to page {mention['page']}"
    back.click()
    wait_frames(page)
    assert reader.position()["page"] <= mention["page"] <= reader.position()["page"] + 1
    assert page.evaluate("() => document.activeElement?.dataset?.mentionId") == f"m{i}"


def test_table_mention_shows_the_table_under_its_caption(reader):
    reader.ensure(SUPERSCRIPT)
    _i, mention, flash = jump(reader, "table", caption_under=False)
    target, area = mention["target"], mention["target"]["area"]
    assert area[1] >= target["y"] and flash["page"] == target["page"], (mention, flash)
    # The caption's line and the table's rows under it are in the viewport.
    shown = on_screen(reader, target["page"], [area[0], target["y"], area[2], area[3]])
    assert shown["viewTop"] - 1 <= shown["top"] and shown["bottom"] <= shown["viewBottom"] + 1, shown
    assert reader.page.locator("#back-label").inner_text() == f"Back to page {mention['page']}"
    reader.page.locator("#back-button").click()


# A preprint with its figure legends on pages of their own (the figures come later) and supplementary
# figures that are not in the file.
LEGENDS_PREPRINT = "pdf/paper-qa__10.1101_2024.02.06.579151.pdf"


def test_legend_only_and_supplementary_targets_say_which_they_are(reader):
    reader.ensure(LEGENDS_PREPRINT)
    page = reader.page
    mentions = reader.analysis()["figure_mentions"]
    status = page.locator("#status-text")
    # A legend without its figure: the jump goes to the legend, and the status line says only it is there.
    i, legend = next((i, m) for i, m in enumerate(mentions)
                     if m["kind"] == "figure" and m["target"] and not m["target"].get("area"))
    reader.go_to(legend["page"])
    button = reader.mention(f"m{i}")
    reader.show(button)
    button.click()
    expected = (f"Figure {legend['label']}: only its legend is on page {legend['target']['page']}, "
                "not the figure itself")
    page.wait_for_function("(text) => document.getElementById('status-text').textContent === text", arg=expected)
    assert reader.position()["page"] == legend["target"]["page"]
    assert page.locator("#back-label").inner_text() == f"Back to page {legend['page']}"
    # A supplementary figure not in the file: no jump, and the status line says so.
    k, supplement = next((k, m) for k, m in enumerate(mentions)
                         if m["kind"] == "figure" and m["target"] is None and re.match(r"S\d", m["label"]))
    reader.go_to(supplement["page"])
    button = reader.mention(f"m{k}")
    reader.show(button)
    before = reader.position()
    button.click()
    number = supplement["label"][1:]
    page.wait_for_function("(text) => document.getElementById('status-text').textContent === text",
                           arg=f"Supplementary Figure {number} is not in this file")
    assert status.is_visible()
    assert reader.position() == before


@pytest.mark.parametrize("path", [NUMBERED, AUTHOR_YEAR], ids=["bookmarks", "detected"])
def test_outline_entries_navigate(reader, path):
    reader.ensure(path)
    page = reader.page
    outline = reader.analysis()["outline"]
    # two entries far apart, visited in turn: each must land at the top of the view
    picks = [k for k, e in enumerate(outline) if e["page"] >= 3][:1] + [len(outline) - 1]
    for k in picks:
        entry = outline[k]
        item = page.locator(".outline-item").nth(k)
        assert item.locator(".outline-title").inner_text() == entry["title"]
        item.click()
        wait_frames(page)
        where = page.evaluate("""([number, y]) => {
          const container = document.getElementById("viewer-container").getBoundingClientRect();
          const page = document.querySelector(`.page[data-page-number="${number}"]`).getBoundingClientRect();
          const size = window.citelens.viewer.pageSize(number);
          return (page.top + (y / size.height) * page.height - container.top) / container.height;
        }""", [entry["page"], entry["y"]])
        assert 0 <= where <= 0.35, (entry, where)


def test_a_theses_lists_are_grouped_by_chapter_and_each_chapter_cites_its_own(reader):
    # Three chapters, each closing with its own list numbered from 1: the References tab opens each list with
    # a row naming its chapter, and chapter 2's "[2]" opens chapter 2's second entry, not the first list's,
    # its header naming the chapter.
    reader.ensure("gen/thesis.pdf")
    page = reader.page
    ours = reader.analysis()
    lists = ours["reference_lists"]
    assert [part["title"] for part in lists] == ["1 Bones of the inner ear", "2 Muscles of the jaw",
                                                  "3 Nerves of the face"]
    page.click("#tab-references")
    rows = page.evaluate("""() => [...document.querySelectorAll('#references-list > li')].map((row) =>
      row.classList.contains('reference-group')
        ? row.querySelector('.reference-group-title').textContent : Number(row.dataset.refIndex))""")
    expected = [x for part in lists for x in (part["title"], *range(part["first"], part["last"] + 1))]
    assert rows == expected
    # The keyboard goes from entry to entry over the chapters' rows: from the first list's last entry, the next.
    last = page.locator(f'.reference-item[data-ref-index="{lists[0]["last"]}"] .reference-jump')
    last.focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.closest('.reference-item')?.dataset.refIndex") == \
        str(lists[1]["first"])
    page.click("#tab-outline")
    i, citation = next((i, c) for i, c in enumerate(ours["citations"]) if c["page"] == 2 and c["text"] == "[2]")
    second = lists[1]["first"] + 1
    assert citation["ref_indexes"] == [second]
    reader.go_to(2)
    button = reader.mention(f"c{i}")
    reader.show(button)
    button.click()
    popover = page.locator("#citation-popover")
    popover.wait_for(state="visible")
    assert popover.get_attribute("data-ref-index") == str(second)
    assert "part 2 of chapter 2" in popover.locator(".popover-raw").inner_text()
    assert popover.locator(".popover-list").inner_text() == "2 Muscles of the jaw"  # whose "[2]" it is
    reader.close_popover()


def test_keyboard_tab_to_a_marker_enter_opens_escape_closes(reader):
    reader.ensure(NUMBERED)
    page = reader.page
    reader.go_to(2)
    page.focus("#viewer-container")
    for _ in range(80):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => ({kind: document.activeElement?.dataset?.kind ?? null,"
                                " id: document.activeElement?.dataset?.mentionId ?? null})")
        if focused["kind"] == "citation":
            break
    else:
        pytest.fail("Tab never reached a citation marker")
    marker = reader.mention(focused["id"])
    page.keyboard.press("Enter")
    popover = page.locator("#citation-popover")
    popover.wait_for(state="visible")
    assert marker.get_attribute("aria-expanded") == "true"
    assert page.evaluate("() => document.getElementById('citation-popover').contains(document.activeElement)")
    page.keyboard.press("Escape")
    popover.wait_for(state="hidden")
    assert marker.get_attribute("aria-expanded") == "false"
    assert page.evaluate("() => document.activeElement?.dataset?.mentionId") == focused["id"]


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_dark_mode_keeps_links_visible(reader, measured):
    reader.ensure(NUMBERED)
    page = reader.page
    reader.go_to(2)
    page.click("#toggle-dark")
    page.wait_for_selector('html[data-theme="dark"]')
    marker = page.locator('.mention-layer[data-page="2"] .pdf-reader-ref-link[data-kind="citation"]:not([data-part])').first
    reader.show(marker)
    page.mouse.move(2, 2)  # no hover anywhere near
    wait_frames(page)
    accent = page.evaluate("""(el) => getComputedStyle(el).borderBottomColor.match(/\\d+/g).slice(0, 3).map(Number)""",
                           marker.element_handle())
    box = marker.bounding_box()
    shot = page.screenshot(clip={"x": box["x"] - 3, "y": box["y"] - 3, "width": box["width"] + 6,
                                 "height": box["height"] + 6})
    data = Image.open(io.BytesIO(shot)).convert("RGB").tobytes()
    pixels = [tuple(data[k:k + 3]) for k in range(0, len(data), 3)]
    background = max(set(pixels), key=pixels.count)
    accent = tuple(accent)
    underline = [p for p in pixels if sum(abs(a - b) for a, b in zip(p, accent)) < 90]
    assert luminance(background) < 0.2, f"the page is not dark under the marker: {background}"
    assert len(underline) >= 3, f"no accent pixels ({accent}) in the marker's box: {sorted(set(pixels))[:20]}"
    ratio = contrast(accent, background)
    assert ratio >= 3, (accent, background, ratio)
    measured.append(f"dark mode: marker underline {accent} on page background {background}, contrast {ratio:.1f}:1, "
                    f"{len(underline)} accent pixels in a {box['width']:.0f}x{box['height']:.0f} px marker")


def test_opening_a_file_while_a_page_is_rendering(reader_context, server):
    """A user opens another paper while the reader is still drawing a page of the current one."""
    page = reader_context.new_page()
    try:
        page.goto(f"{server.base}/index.html?file=/corpus/{NUMBERED}")
        page.wait_for_selector('body[data-pdf-state="ready"]')
        # At "pagerendered" the canvas is drawn and the page's text layer is still being built.
        page.evaluate("""async (url) => {
          const viewer = window.citelens.viewer;
          await new Promise((resolve) => {
            viewer.addEventListener("pagerendered", resolve, { once: true });
            viewer.goToPage(viewer.pageCount);
          });
          window.citelens.open(url);
        }""", f"/corpus/{AUTHOR_YEAR}")
        # open() marked the new file "opening" before returning; the paper on screen stays until it is read
        page.wait_for_selector('body[data-open-state="ready"]', timeout=20_000)
        assert page.evaluate("() => document.body.dataset.pdfState") == "ready"
        assert page.title().startswith(AUTHOR_YEAR.removeprefix("pdf/"))
    finally:
        page.close()
