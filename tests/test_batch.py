"""Batches: ``citelens analyze --jobs N`` (a process pool) and ``citelens batch`` (Dask, Parquet tables).

On real corpus papers of several citation styles (the smallest, so the module stays quick: pdfminer reads
each in well under a second), JATS and BMC articles and a publisher's HTML page, plus a file that is no
PDF. The Dask tests share one real LocalCluster of 2 worker processes on the loopback interface.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from builders import ROOT, load_demo_paper
from corpus import CORPUS

pytest.importorskip("dask.distributed")
pytest.importorskip("pyarrow")

from citelens import __version__  # noqa: E402
from citelens import cli  # noqa: E402
from citelens.batch import document, run, tables  # noqa: E402
from citelens.cli.pdf import default_engine  # noqa: E402

PDFS = ["pdf/jacow-ipac2018-wepml008.pdf",  # numbered in brackets
        "pdf/acs-jctc-2022-2c00401.pdf",  # superscripts
        "pdf/neural-pagerank-wsd__preprint.pdf",  # author-year
        "pdf/pnas-2023-2220578120.pdf",  # numbered in parentheses
        "pdf/refextract__2304.10117.pdf"]
ARTICLES = ["jats/peerj-2015-727.xml", "jats/bmc-trials-2014-15-511.bmc-article-dtd.xml"]
#: The corpus PDF pdfminer reads slowest: 14 s on an idle 2-core machine (bench_batch.py), about 3x the timeout
#: below, which is 15x what a demo paper takes; a loaded machine only widens the first margin.
SLOW_PDF = "pdf/DropImpact_PRL_arXiv__ms.pdf"


def _corpus(name: str) -> Path:
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"corpus file {name} not found ({CORPUS})")
    return path


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The batch's files: PDFs, XML articles, an HTML page and one broken file, as a user would name them."""
    root = tmp_path_factory.mktemp("inputs")
    files = [_corpus(name) for name in PDFS + ARTICLES]
    page = root / "plos.html"
    shutil.copy(ROOT / "tests" / "html_inputs" / "plos.html", page)
    broken = root / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\nnot really a PDF at all\n")
    return [*files[:3], broken, *files[3:], page]


@pytest.fixture(scope="module")
def expected(inputs: list[Path]) -> dict[str, Any]:
    """What the single-process run gives: each file through :func:`document.process` here, in order."""
    results = [document.process(str(f)) for f in inputs]
    return {"results": results, "tables": {name: _sorted([row for r in results for row in r[name]])
                                           for name in document.TABLES}}


@pytest.fixture(scope="module")
def cluster() -> Any:
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      host="127.0.0.1", silence_logs=50) as local, Client(local) as client:
        yield local, client


def _sorted(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows in a stable order without the time they took (the only column that varies between runs)."""
    rows = [{k: v for k, v in row.items() if k != "seconds"} for row in rows]
    return sorted(rows, key=lambda r: (r["document"] or "", r.get("index") or 0, r.get("file") or ""))


def _tables(out: Path) -> dict[str, list[dict[str, Any]]]:
    return {name: _sorted(tables.read(out, name).to_pylist()) for name in document.TABLES}


def _rows_of(results: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    return {name: _sorted([row for r in results for row in r[name]]) for name in document.TABLES}


def _chunks(out: Path) -> dict[str, frozenset[str]]:
    """The chunks each folder of ``out`` holds parts of."""
    return {folder.name: frozenset(p.name.removeprefix("part-").partition(".")[0] for p in folder.iterdir())
            for folder in out.iterdir() if folder.is_dir()}

# ------------------------------------------------------------------------------------------- Dask


@pytest.fixture(scope="module")
def written(cluster: Any, inputs: list[Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """``citelens batch`` on the cluster's 2 workers (through ``--scheduler``): its exit code, stderr, output."""
    local, _ = cluster
    out = tmp_path_factory.mktemp("batch") / "tables"
    err = _capture_stderr(lambda: cli.main(["batch", *map(str, inputs), "--out", str(out),
                                            "--scheduler", local.scheduler_address]))
    return {"out": out, **err}


def _capture_stderr(call: Any) -> dict[str, Any]:
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stderr(buffer):
        code = call()
    return {"code": code, "err": buffer.getvalue().splitlines()}


def test_two_workers_write_the_rows_of_the_single_process_run(cluster: Any, inputs: list[Path],
                                                              expected: dict[str, Any],
                                                              written: dict[str, Any]) -> None:
    local, _ = cluster
    out, err = written["out"], written["err"]
    assert written["code"] == 1  # the broken file
    got = _tables(out)
    assert got == expected["tables"]
    docs = {row["file"]: row for row in got["documents"]}
    broken = docs[str(inputs[3])]
    assert (broken["status"], broken["kind"], broken["citelens_version"]) == ("error", "pdf", __version__)
    assert broken["error"].startswith("not a readable PDF")
    assert f"citelens: {inputs[3]}: {broken['error']}" in err  # the line `citelens analyze` prints
    assert err[-1].startswith(f"citelens: {len(inputs) - 1} ok, 1 failed, 0 skipped in ")
    assert all(docs[str(f)]["status"] == "ok" and docs[str(f)]["references"] > 0 for f in inputs if f != inputs[3])
    assert {docs[str(f)]["engine"] for f in inputs} == {default_engine(), "jats", "bmc", "html", None}
    # The JSON Lines hold each analysis as `citelens analyze` / `citelens xml` print it.
    lines = sorted(tables.analyses(out), key=lambda a: a["source"]["file"])
    assert lines == sorted((json.loads(r["analysis"]) for r in expected["results"] if r["analysis"]),
                           key=lambda a: a["source"]["file"])
    # Every table joins on `document`; each citation names entries of its own document's list.
    refs = {(r["document"], r["index"]) for r in got["references"]}
    assert all((c["document"], i) in refs for c in got["citations"] for i in c["ref_indexes"])
    assert all(c["sentence"][c["marker_start"]:c["marker_end"]] for c in got["citations"] if c["sentence"])

    # A second run skips every document written by this version and engine, and tries the broken one again.
    again = _capture_stderr(lambda: cli.main(["batch", *map(str, inputs), str(inputs[0]), "--out", str(out),
                                              "--scheduler", local.scheduler_address]))
    assert again["code"] == 1
    assert again["err"][0] == (f"citelens: {out}: {len(inputs) - 1} done already (citelens {__version__}, "
                               f"PDFs by {default_engine()}): skipped; 1 failed before: retrying")
    assert again["err"][-1].startswith(f"citelens: 0 ok, 1 failed, {len(inputs) - 1} skipped, 1 retried in ")
    assert _tables(out) == expected["tables"]  # nothing else written again; of the broken file, its latest row


def test_the_readmes_duckdb_query_runs_on_the_tables(written: dict[str, Any], expected: dict[str, Any]) -> None:
    duckdb = pytest.importorskip("duckdb")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [query] = re.findall(r"```sql\n(.*?)```", readme, re.S)
    assert "'tables/" in query
    rows = duckdb.sql(query.replace("'tables/", f"'{written['out']}/")).fetchall()
    # Recounted here from the rows: how many markers name each entry of each document.
    refs = {(r["document"], r["index"]): r for r in expected["tables"]["references"] if r["keys"]}
    named = [(c["document"], i) for c in expected["tables"]["citations"] for i in c["ref_indexes"]]
    counts = sorted((sum(1 for n in named if n == key) for key in refs), reverse=True)
    assert len(rows) == 10 and all(documents == 1 for _, _, documents, _ in rows)  # papers citing no common work
    assert [citations for *_, citations in rows] == counts[:10]


def test_a_worker_killed_mid_run_loses_no_document(cluster: Any, inputs: list[Path], expected: dict[str, Any],
                                                   tmp_path: Path) -> None:
    local, client = cluster
    out = tmp_path / "out"
    summary: list[run.Summary] = []
    worker = threading.Thread(target=lambda: summary.append(
        run.run(inputs, out, client, chunk_documents=2, say=lambda line: None)))
    worker.start()
    killed = None
    deadline = time.monotonic() + 120
    while killed is None and worker.is_alive() and time.monotonic() < deadline:
        busy = [addr for addr, keys in client.processing().items() if any("citelens-" in str(k) for k in keys)]
        if busy:
            pid = client.run(os.getpid, workers=busy[:1])[busy[0]]
            os.kill(pid, signal.SIGKILL)
            killed = pid
        time.sleep(0.02)
    worker.join(timeout=300)
    assert killed is not None, "no task was seen running"
    assert summary and (summary[0].ok, summary[0].failed) == (len(inputs) - 1, 1)
    assert _tables(out) == expected["tables"]
    client.wait_for_workers(2, timeout=120)  # the nanny restarts it for the next test


def test_an_interrupted_run_keeps_what_it_wrote_and_the_next_one_finishes(cluster: Any, inputs: list[Path],
                                                                          expected: dict[str, Any],
                                                                          tmp_path: Path) -> None:
    _, client = cluster
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    proc = subprocess.Popen([sys.executable, "-m", "citelens", "batch", *map(str, inputs), "--out", str(out),
                             "--workers", "1", "--chunk", "1", "-q"], env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not list((out / "documents").glob("part-*.parquet")) and time.monotonic() < deadline:
            assert proc.poll() is None, "the run ended before any chunk was written"
            time.sleep(0.05)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the command, its cluster and its workers, at once
        proc.wait()
    before = tables.read(out, "documents").num_rows
    assert 1 <= before < len(inputs)
    # What a crash between two renames leaves: a chunk's part without its documents part, a temporary file.
    orphan = next((out / "references").glob("part-*.parquet"))
    shutil.copy(orphan, orphan.with_name("part-99999999999999999999-1-00000.parquet"))
    (out / "citations" / ".part-x.parquet.tmp").write_bytes(b"half")

    summary = run.run(inputs, out, client, say=lambda line: None)
    assert summary.skipped + summary.retried == before  # the broken file is tried again if it was written
    assert summary.ok + summary.failed == len(inputs) - summary.skipped
    assert _tables(out) == expected["tables"]  # every analysed document once
    assert not list(out.rglob("*.tmp"))


def _batch(cluster: Any, files: list[Path], out: Path, *options: str) -> dict[str, Any]:
    local, _ = cluster
    return _capture_stderr(lambda: cli.main(["batch", *map(str, files), "--out", str(out),
                                             "--scheduler", local.scheduler_address, *options]))


def _busy_children(client: Any) -> list[int]:
    """The pids of the workers' child processes that are runnable now: an idle sandbox child is blocked
    reading its stdin (sleeping); one still reading a PDF is running."""
    import psutil

    children = [c for pid in client.run(os.getpid).values() for c in psutil.Process(pid).children(recursive=True)]
    busy = []
    for child in children:
        try:
            if child.status() == psutil.STATUS_RUNNING:
                busy.append(child.pid)
        except psutil.NoSuchProcess:
            pass
    return busy


def test_a_file_past_its_timeout_is_stopped_and_an_error_row_and_the_batch_finishes(cluster: Any,
                                                                                   tmp_path: Path) -> None:
    _, client = cluster
    slow, good = _corpus(SLOW_PDF), [_corpus(PDFS[0]), _corpus(PDFS[1])]
    out = tmp_path / "out"
    got = _batch(cluster, [good[0], slow, good[1]], out, "--timeout", "5", "--engine", "pdfminer")
    assert got["code"] == 1
    docs = {row["file"]: row for row in tables.read(out, "documents").to_pylist()}
    assert (docs[str(slow)]["status"], docs[str(slow)]["error"], docs[str(slow)]["engine"],
            docs[str(slow)]["seconds"]) == ("error", "timed out after 5 s", "pdfminer", 5.0)
    assert f"citelens: {slow}: timed out after 5 s" in got["err"]
    assert got["err"][-1].startswith("citelens: 2 ok, 1 failed, 0 skipped in ")
    # The slow file's process was killed, not left reading (pdfminer needs 14 s on it on an idle machine).
    assert _busy_children(client) == []
    # The other files' rows are those of the single-process run.
    want = [document.process(str(f), options={"engine": "pdfminer"}) for f in good]
    assert {k: v for k, v in _tables(out).items() if k != "documents"} == {
        name: _sorted([row for w in want for row in w[name]]) for name in document.TABLES if name != "documents"}
    assert [docs[str(f)] | {"seconds": None} for f in good] == [w["documents"][0] | {"seconds": None} for w in want]


def test_a_resume_with_the_other_engine_reads_the_pdfs_again(cluster: Any, tmp_path: Path) -> None:
    pytest.importorskip("pypdfium2")
    pytest.importorskip("pdfminer")
    pdf, article = _corpus(PDFS[0]), _corpus(ARTICLES[0])
    out = tmp_path / "out"
    assert _batch(cluster, [pdf, article], out, "--engine", "pdfminer")["code"] == 0
    other = _batch(cluster, [pdf, article], out, "--engine", "pdfium")
    assert other["code"] == 0
    assert other["err"][0] == f"citelens: {out}: 1 done already (citelens {__version__}, PDFs by pdfium): skipped"
    assert other["err"][-1].startswith("citelens: 1 ok, 0 failed, 1 skipped in ")
    docs = tables.read(out, "documents").to_pylist()
    assert sorted((r["file"], r["engine"], r["status"]) for r in docs) == sorted(
        [(str(pdf), "pdfminer", "ok"), (str(pdf), "pdfium", "ok"), (str(article), "jats", "ok")])
    assert sorted(a["source"].get("engine") or a["source"]["format"] for a in tables.analyses(out)) == [
        "jats", "pdfium", "pdfminer"]
    # Both engines' rows are there now: a third run reads nothing.
    third = _batch(cluster, [pdf, article], out, "--engine", "pdfium")
    assert (third["code"], third["err"][0]) == (
        0, f"citelens: {out}: 2 done already (citelens {__version__}, PDFs by pdfium): skipped")
    assert tables.read(out, "documents").num_rows == 3


def test_a_retried_file_has_one_documents_row_its_latest(cluster: Any, demo: dict[str, Path],
                                                         tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    encrypted, replaced = tmp_path / "encrypted.pdf", tmp_path / "paper.pdf"
    shutil.copy(demo["encrypted.pdf"], encrypted)
    replaced.write_bytes(b"%PDF-1.7\nnot really a PDF at all\n")
    out = tmp_path / "out"
    count = f"SELECT file, count(*), any_value(status) FROM read_parquet('{out}/documents/*.parquet') GROUP BY file"
    first = _batch(cluster, [encrypted, replaced], out, "--password", "")
    assert first["code"] == 1
    assert first["err"][-1].startswith("citelens: 0 ok, 2 failed, 0 skipped in ")
    stopped = tmp_path / "first"
    shutil.copytree(out, stopped)

    # The encrypted file fails again (still no password); a good paper where the broken file was.
    shutil.copy(demo["demo-paper.pdf"], replaced)
    second = _batch(cluster, [encrypted, replaced], out, "--password", "")
    assert second["code"] == 1
    assert second["err"][0] == f"citelens: {out}: 2 failed before: retrying"
    assert second["err"][-1].startswith("citelens: 1 ok, 1 failed, 0 skipped, 2 retried in ")
    assert _tables(out) == _rows_of([document.process(str(encrypted), options={"password": ""}),
                                     document.process(str(replaced))])
    assert sorted(duckdb.sql(count).fetchall()) == [(str(encrypted), 1, "error"), (str(replaced), 1, "ok")]
    assert len(set(_chunks(out).values())) == 1  # the first run's chunk, left with no row, went whole

    # A run stopped after writing its rows but before dropping the error rows they supersede: the first run's
    # parts beside the second's, and a part's rewrite left half-written.
    for part in stopped.rglob("part-*"):
        shutil.copy(part, out / part.relative_to(stopped))
    (out / "documents" / f".{next(stopped.glob('documents/part-*')).name}.tmp").write_bytes(b"half")
    assert sorted(row[:2] for row in duckdb.sql(count).fetchall()) == [(str(encrypted), 2), (str(replaced), 2)]
    password = load_demo_paper().USER_PASSWORD
    third = _batch(cluster, [encrypted, replaced], out, "--password", password)
    assert third["code"] == 0, third["err"]
    assert third["err"][0] == (f"citelens: {out}: 1 done already (citelens {__version__}, PDFs by "
                               f"{default_engine()}): skipped; 1 failed before: retrying")
    assert third["err"][-1].startswith("citelens: 1 ok, 0 failed, 1 skipped, 1 retried in ")
    assert _tables(out) == _rows_of([document.process(str(encrypted), options={"password": password}),
                                     document.process(str(replaced))])
    assert sorted(duckdb.sql(count).fetchall()) == [(str(encrypted), 1, "ok"), (str(replaced), 1, "ok")]
    assert len(set(_chunks(out).values())) == 1 and not list(out.rglob("*.tmp"))


def _error(file: Path | str, sha: str | None, message: str) -> dict[str, Any]:
    return document.failed(str(file), sha, message)


def test_an_error_row_gives_way_to_the_next_outcome_of_its_file_and_an_ok_row_stays(demo: dict[str, Path],
                                                                                  tmp_path: Path) -> None:
    paper = demo["demo-paper.pdf"]
    good = document.process(str(paper))
    sha, other = good["documents"][0]["sha256"], "0" * 64
    copy = tmp_path / "copy.pdf"
    cases = [  # (the chunks, in the order written; the (file, status, error) rows left; how many went)
        ([[_error(paper, sha, "first")], [_error(paper, sha, "second")]], [(paper, "error", "second")], 1),
        ([[_error(paper, sha, "first"), _error(paper, sha, "second")]], [(paper, "error", "second")], 1),
        ([[_error(paper, other, "replaced since")], [good]], [(paper, "ok", None)], 1),  # the path
        ([[_error(copy, sha, "a copy")], [good]], [(paper, "ok", None)], 1),  # the bytes
        ([[good], [_error(paper, other, "replaced since")]],
         [(paper, "error", "replaced since"), (paper, "ok", None)], 0),  # an ok row stays
        ([[_error("a.pdf", None, "unreadable"), good], [_error("b.pdf", None, "unreadable")]],
         [("a.pdf", "error", "unreadable"), ("b.pdf", "error", "unreadable"), (paper, "ok", None)], 0),
    ]
    for n, (chunks, left, dropped) in enumerate(cases):
        out = tmp_path / f"out{n}"
        for seq, results in enumerate(chunks):
            tables.write_chunk(out, tables.chunk_name(seq), results)
        assert tables.drop_superseded(out) == dropped, n
        rows = tables.read(out, "documents").to_pylist()
        assert sorted((r["file"], r["status"], r["error"]) for r in rows) == sorted(
            (str(f), s, e) for f, s, e in left), n
        others = _rows_of([good] if (paper, "ok", None) in left else [])
        assert {k: v for k, v in _tables(out).items() if k != "documents"} == {
            k: v for k, v in others.items() if k != "documents"}, n
        assert len(set(_chunks(out).values())) == 1, n  # a chunk left with no row went whole
        assert tables.drop_superseded(out) == 0, n


def test_a_thesiss_entries_name_their_chapters_list(tmp_path: Path) -> None:
    # Three chapters, each closing with a list numbered from 1: each references row names its list and chapter,
    # read back from the table as written; a paper's one list names none.
    thesis = load_demo_paper().write_thesis(tmp_path / "thesis.pdf")
    result = document.process(str(thesis.path))
    tables.write_chunk(tmp_path / "out", tables.chunk_name(0), [result])
    rows = tables.read(tmp_path / "out", "references", ["index", "label", "list", "list_title"]).to_pylist()
    expected = []
    for n, (chapter, entries) in enumerate(zip(thesis.chapters, thesis.lists, strict=True), start=1):
        expected += [(f"[{k}]", n, chapter) for k in range(1, len(entries) + 1)]
    assert [(r["label"], r["list"], r["list_title"]) for r in rows] == expected
    assert [r["index"] for r in rows] == list(range(1, len(expected) + 1))
    paper = document.process(str(load_demo_paper().write_demo_paper(tmp_path / "paper.pdf").path))
    assert {(r["list"], r["list_title"]) for r in paper["references"]} == {(None, None)}


# ---------------------------------------------------------------------------------------- --jobs


def _cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CITELENS_DEBUG"}
    env.update(PYTHONIOENCODING="utf-8", PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "citelens", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=300, check=False)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return load_demo_paper().build_all(tmp_path_factory.mktemp("demo"))


def _without_times(stderr: str) -> list[str]:
    return [re.sub(r" in \d+\.\d s$", " in _ s", line) for line in stderr.splitlines()]


def test_jobs_2_prints_what_jobs_1_prints_in_the_same_order(demo: dict[str, Path]) -> None:
    files = [_corpus(PDFS[0]), demo["not-a-pdf.pdf"], demo["demo-paper.pdf"], demo["scanned.pdf"],
             _corpus(PDFS[1]), demo["encrypted.pdf"], demo["demo-paper-linked.pdf"]]
    one, two = _cli("analyze", "--jobs", "1", *files), _cli("analyze", "--jobs", "2", *files)
    assert one.returncode == two.returncode == 1
    assert two.stdout == one.stdout
    assert [json.loads(line)["source"]["file"] for line in two.stdout.splitlines()] == [
        str(f) for f in files if f.name not in {"not-a-pdf.pdf", "encrypted.pdf"}]
    assert _without_times(two.stderr) == _without_times(one.stderr)
    assert f"citelens: {demo['not-a-pdf.pdf']}: not a PDF (no %PDF- header)" in two.stderr.splitlines()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_past_its_timeout_is_an_error_line_and_the_batch_goes_on(demo: dict[str, Path], jobs: str) -> None:
    slow = _corpus(SLOW_PDF)
    began = time.monotonic()
    proc = _cli("analyze", "--jobs", jobs, "--timeout", "5", "--engine", "pdfminer", demo["demo-paper.pdf"], slow,
                demo["demo-paper-linked.pdf"])
    assert time.monotonic() - began < 120, "the slow file was not stopped at its timeout"
    assert proc.returncode == 1, proc.stderr
    assert [json.loads(line)["source"]["file"] for line in proc.stdout.splitlines()] == [
        str(demo["demo-paper.pdf"]), str(demo["demo-paper-linked.pdf"])]
    err = proc.stderr.splitlines()
    assert f"citelens: {slow}: timed out after 5 s" in err
    assert err[-1].startswith("citelens: 2 ok, 1 failed in ")
