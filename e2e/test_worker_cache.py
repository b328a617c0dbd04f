"""The Python worker starts with the page and never delays reading; analyses are cached in IndexedDB under
the text hash, so reopening a paper, even another file with the same text, needs no Python at all.

"No Python" is observed at the boundary: the init script (harness.INIT_SCRIPT) counts the ``analyze``
requests the page posts to the citelens worker.
"""

from __future__ import annotations

import json

from harness import SITE, Reader, marks


def test_worker_starts_with_the_page_and_python_comes_from_the_snapshot(startup, measured):
    # The session page opened the numbered paper from ?file= (a cold start). make site builds a snapshot
    # with citelens imported (tools/pyodide_snapshot.mjs): restored, nothing is installed.
    snapshot = json.loads((SITE / "worker" / "build.json").read_text("utf-8"))["snapshot"]
    expected = ("loading", "ready") if snapshot else ("loading", "installing", "ready")
    assert startup.stages[:len(expected)] == expected, startup.stages
    assert startup.worker_start < startup.first_page, "the worker must start in parallel with pdf.js"
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
    assert reader.analysis() == first, "a cache hit gives the analysis Python made, whole"
    reader.open(copy)  # other bytes, the same text: found by the text hash
    assert reader.log()["analyze"] == posted + 1
    again = reader.analysis()
    assert again["source"]["file"] == "demo-paper-linked-copy.pdf"
    assert again["source"]["sha256"] != first["source"]["sha256"]
    assert {**again, "source": first["source"]} == first, "only the source names the other file"

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


def test_a_rebuilt_site_does_not_reuse_older_analyses(reader, reader_context, server):
    """The cache is keyed on build.json's engine id (the wheels, pdf.js, the bridge, the extraction modules:
    tools/build_site.py). A site rebuilt with any of them changed has another id: the paper is analysed
    again, and the new build's analysis is what a later open finds."""
    paper = "gen/demo-paper-linked.pdf"
    reader.ensure(paper)
    cached = reader.analysis()
    build = json.loads((SITE / "worker" / "build.json").read_text("utf-8"))
    rebuilt = json.dumps({**build, "engine": "0" * 32})
    page = reader_context.new_page()
    try:
        page.route("**/worker/build.json", lambda route: route.fulfill(
            status=200, body=rebuilt, headers={"content-type": "application/json"}))
        page.goto(f"{server.base}/index.html?file=/{paper}")
        fresh = Reader(page, server.base)
        fresh.wait_settled()
        assert fresh.state()["analysisState"] == "done"
        assert fresh.log()["analyze"] == 1, "an analysis from an older build must not be used"
        assert fresh.analysis() == cached  # the same code here, so the same answer

        fresh.open(paper)  # the rebuilt site's own analysis is cached now
        assert fresh.log()["analyze"] == 1
    finally:
        page.close()
    # This build again: its analysis replaces the "rebuilt" one, for the tests that reopen the paper.
    posted = reader.log()["analyze"]
    reader.open(paper)
    assert reader.log()["analyze"] == posted + 1
