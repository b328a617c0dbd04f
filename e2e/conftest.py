"""End-to-end tests of the reader (``site/``) in headless Debian Chromium, driven by pytest-playwright.

Needs ``make site`` and ``/usr/bin/chromium`` (``make test`` provides both; ``make chromium`` installs the
browser with apt). Nothing is downloaded at run time: one loopback HTTP server serves

    /            site/ (the reader, pdf.js, Pyodide, the wheels)
    /corpus/...  the shared corpus (``../shared/corpus`` or ``$CITELENS_SHARED/corpus``), never copied
    /gen/...     PDFs written for this session (demo paper variants, a hostile reference)

and every test runs under a guard: a context route on ``**/*`` lets loopback through and records and
aborts anything else (Chromium routes the module worker's requests too). After each test the guard,
uncaught page errors and JavaScript dialogs are checked; any of them fails it.

One browser, one context and one reader page serve the whole session: Python loads once in the page's
worker and each paper is opened with ``window.citelens.open(url)``, as a user opening another file would.
Tests that need a fresh page (a new worker, a broken worker) open one in the same context and close it.
"""

from __future__ import annotations

import os
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from corpus import CORPUS  # tests/corpus.py
from strict import pytest_runtest_makereport  # noqa: F401  (tests/strict.py: skips fail under make test)
from harness import (ApiReplay, CHROMIUM, CHROMIUM_ARGS, GUARD, HOSTILE, HOSTILE_INDEX, NUMBERED, SITE, Reader, Startup,
                     guarded_context, load_demo_paper, make_server, marks)

#: Demo papers without a reference list (e2e/test_crossref_references.py): file name → the DOI page 1 prints.
#: Crossref's recorded record of 10.7554/elife.01567 holds 27 references; it has no record of the other.
NO_REFERENCES = {"no-references-elife.pdf": "10.7554/elife.01567",
                 "no-references-unknown.pdf": "10.5555/citelens.demo.0000"}

# --------------------------------------------------------------------------------- measured figures

MEASURED: list[str] = []


@pytest.fixture
def measured() -> list[str]:
    """Append lines here to have them printed in the run's summary (as in tests/conftest.py)."""
    return MEASURED


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:  # noqa: ANN001
    if MEASURED:
        terminalreporter.section("measured in the browser (e2e)")
        for line in MEASURED:
            terminalreporter.write_line(line)


# ------------------------------------------------------------------------------------------- guard


@pytest.fixture(autouse=True)
def offline_guard():
    """Fails the test on any request off loopback, uncaught page error or dialog while it ran."""
    GUARD.clear()
    yield GUARD
    problems = GUARD.problems()
    GUARD.clear()
    assert not problems, problems


# ------------------------------------------------------------------------------------------ server


@pytest.fixture(scope="session")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PDFs written for this session: the demo paper's variants (tools/demo_paper.py), a copy of the linked
    paper with other bytes and the same text, and ``hostile.pdf``: the demo paper whose reference [2]
    carries :data:`HOSTILE` in its title (the text cites it as ``[2]`` and ``[2, 3]``); and the demo paper without
    its reference list, printing ``doi:<DOI>`` on page 1, under each name of :data:`NO_REFERENCES`; ``thesis.pdf``,
    three chapters each closing with a list of its own (``write_thesis``)."""
    out = tmp_path_factory.mktemp("gen")
    load_demo_paper().build_all(out)
    (out / "demo-paper-linked-copy.pdf").write_bytes(
        (out / "demo-paper-linked.pdf").read_bytes() + b"\n% another copy, same text\n")
    for n in (1, 2):  # bytes no test opens before the broken-worker test: never cached
        (out / f"unseen-{n}.pdf").write_bytes((out / "demo-paper.pdf").read_bytes() + f"\n% unseen {n}\n".encode())
    hostile = load_demo_paper("e2e_demo_paper_hostile")  # its own module: its REFERENCES change alone
    refs = list(hostile.REFERENCES)
    refs[HOSTILE_INDEX - 1] = (f"Harriet Voss. 2009. Rules for reference strings {HOSTILE} in the wild. "
                               "Journal of Bibliographic Engineering, 12(3):201–219.")
    hostile.REFERENCES = tuple(refs)
    hostile.write_demo_paper(out / "hostile.pdf")
    # No reference list, the paper's own DOI on page 1: one Crossref holds a list for, one it does not know.
    for name, doi in NO_REFERENCES.items():
        load_demo_paper().write_without_references(out / name, doi)
    load_demo_paper().write_thesis(out / "thesis.pdf")  # three chapters, each closing with its own list
    return out


#: Pages of the long paper (tools/demo_paper.py ``write_long_paper``) that e2e/test_long_paper.py opens.
LONG_PAGES = 120


@pytest.fixture(scope="session")
def long_paper(generated: Path) -> Any:
    """The two-column long paper of :data:`LONG_PAGES` pages, written into the session's folder (served as
    ``gen/long-120.pdf``) when a test first asks for it: the ``LongPaper`` record of what was drawn."""
    return load_demo_paper().write_long_paper(generated / f"long-{LONG_PAGES}.pdf", LONG_PAGES)


@dataclass(frozen=True)
class Server:
    base: str
    requested: list[str]  # every path asked for, in order


@pytest.fixture(scope="session")
def server(generated: Path):
    if not (SITE / "worker" / "build.json").is_file():
        pytest.fail("site/ is not built: run `make site` (make test does it first)")
    if not (CORPUS / "pdf").is_dir():
        pytest.fail(f"the corpus is missing: {CORPUS} (set CITELENS_SHARED)")
    httpd, requested = make_server({"/corpus/": CORPUS, "/gen/": generated})
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield Server(f"http://127.0.0.1:{httpd.server_address[1]}", requested)
    httpd.shutdown()
    httpd.server_close()


# ----------------------------------------------------------------------------------------- browser


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """pytest-playwright has no flag for the browser's path: Debian's chromium, with offline flags."""
    if not (os.access(CHROMIUM, os.X_OK) or shutil.which(CHROMIUM)):
        pytest.fail(f"{CHROMIUM} not found: run `make chromium` (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def reader_context(browser: Any):
    """The session's context: one profile, so IndexedDB (the analysis cache) is shared by its pages."""
    context = guarded_context(browser)
    yield context
    context.close()


@pytest.fixture(scope="session")
def session_reader(reader_context: Any, server: Server) -> tuple[Reader, Startup]:
    """The reader page, first opened on ``?file=`` the numbered paper: a cold start, timed."""
    page = reader_context.new_page()
    page.goto(f"{server.base}/index.html?file=/corpus/{NUMBERED}")
    reader = Reader(page, server.base)
    reader.wait_settled()
    assert reader.state()["analysisState"] == "done", (reader.state(), reader.notices())
    reader.current = NUMBERED
    m = marks(page)
    log = reader.log()
    startup = Startup(m["citelens:open"], m["citelens:first-page"], m["citelens:links"], log["workerStart"],
                      log["ready"], log["readyMs"], tuple(log["stages"]))
    return reader, startup


@pytest.fixture
def reader(session_reader: tuple[Reader, Startup]) -> Reader:
    """The session's reader page. Afterwards: popover closed, light theme, links on."""
    r = session_reader[0]
    yield r
    r.close_popover()
    r.page.evaluate("""() => {
      if (document.documentElement.dataset.theme === "dark") document.getElementById("toggle-dark").click();
      const links = document.getElementById("toggle-links");
      if (!links.checked) links.click();
    }""")


@pytest.fixture
def startup(session_reader: tuple[Reader, Startup]) -> Startup:
    return session_reader[1]


@pytest.fixture
def api(reader_context: Any):
    """The metadata APIs answered from their recordings for this test only (harness.ApiReplay); requests with
    no recording of their own get each API's recorded "not found"."""
    replay = ApiReplay()
    replay.install(reader_context)
    yield replay
    replay.uninstall(reader_context)
