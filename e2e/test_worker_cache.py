"""The Python worker starts with the page and never delays reading; analyses are cached in IndexedDB under
the text hash, so reopening a paper, even another file with the same text, needs no Python at all.

"No Python" is observed at the boundary: the init script (harness.INIT_SCRIPT) counts the ``analyze``
requests the page posts to the citelens worker.
"""

from __future__ import annotations

from harness import Reader, marks


def test_worker_starts_with_the_page_and_reading_never_waits_for_python(startup, measured):
    # The session page opened the numbered paper from ?file= while Python loaded (a cold start).
    assert startup.stages[:3] == ("loading", "installing", "ready"), startup.stages
    assert startup.worker_start < startup.first_page, "the worker must start in parallel with pdf.js"
    assert startup.first_page < startup.python_ready, "the first page must render before Python is ready"
    assert startup.python_ready <= startup.links
    measured.append(f"cold start (15 pages, numbered): worker started at {startup.worker_start:.0f} ms, first page "
                    f"{startup.first_page - startup.open:.0f} ms after opening, Python ready at "
                    f"{startup.python_ready:.0f} ms (worker: {startup.ready_ms:.0f} ms), links "
                    f"{startup.links - startup.open:.0f} ms after opening")


def test_reopening_a_paper_needs_no_python(reader, reader_context, server, measured):
    paper, copy = "gen/demo-paper-linked.pdf", "gen/demo-paper-linked-copy.pdf"
    posted = reader.log()["analyze"]
    reader.open(paper)
    assert reader.log()["analyze"] == posted + 1, "the first opening is analysed by Python"
    first = reader.analysis()
    assert first["citations"]

    reader.open(paper)  # the same bytes: found by the file's SHA-256
    assert reader.log()["analyze"] == posted + 1
    reader.open(copy)  # other bytes, the same text: found by the text hash
    assert reader.log()["analyze"] == posted + 1
    again = reader.analysis()
    assert again["source"]["file"] == "demo-paper-linked-copy.pdf"
    assert again["source"]["text_hash"] == first["source"]["text_hash"]
    assert again["citations"] == first["citations"] and again["references"] == first["references"]

    # Another tab of the same browser profile: a new worker, Python not loaded yet, links from the cache.
    page = reader_context.new_page()
    try:
        page.goto(f"{server.base}/index.html?file=/{paper}")
        fresh = Reader(page, server.base)
        fresh.wait_settled()
        assert fresh.state()["analysisState"] == "done"
        assert fresh.state()["citations"] == str(sum(1 for c in first["citations"] if c["boxes"]))
        log, m = fresh.log(), marks(page)
        assert log["analyze"] == 0, "a cached paper must not be sent to Python"
        ready = "not yet" if log["ready"] is None else f"at {log['ready']:.0f} ms"
        measured.append(f"cache hit in a new tab: links {m['citelens:links'] - m['citelens:open']:.0f} ms after "
                        f"opening (at {m['citelens:links']:.0f} ms), no analyze request; Python ready {ready}")
    finally:
        page.close()

    # Even with no worker at all (its script missing), a paper analysed before keeps its links.
    page = reader_context.new_page()
    try:
        page.route("**/worker/citelens-worker.js", lambda route: route.fulfill(status=404, body="missing"))
        page.goto(f"{server.base}/index.html?file=/{paper}")
        broken = Reader(page, server.base)
        broken.wait_settled()
        assert broken.state()["analysisState"] == "done"
        assert page.locator(".pdf-reader-ref-link[data-kind=citation]").count() > 0
    finally:
        page.close()
