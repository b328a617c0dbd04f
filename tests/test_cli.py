"""The ``citelens`` command, run as users run it (``python -m citelens`` in a subprocess), on the demo paper
and its broken copies (``tools/demo_paper.py``): exit codes, output shapes, and one clear line per bad file."""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import citelens
from citelens import cli
from citelens.cli import common
from citelens.model import SCHEMA_VERSION
from builders import load_demo_paper


ANALYSIS_KEYS = {"schema_version", "source", "pages", "body_font_size", "outline_source", "outline",
                 "citation_style", "references", "reference_lists", "citations", "figure_mentions", "diagnostics",
                 "own_doi"}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return load_demo_paper().build_all(tmp_path_factory.mktemp("demo"))


def run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CITELENS_DEBUG"}
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run([sys.executable, "-m", "citelens", *map(str, args)], capture_output=True,
                          text=True, encoding="utf-8", cwd=cwd, env=env, timeout=300, check=False)


def stderr_lines(proc: subprocess.CompletedProcess[str]) -> list[str]:
    return proc.stderr.splitlines()


# ------------------------------------------------------------------------------------ one PDF


def test_one_pdf_prints_one_compact_analysis(demo: dict[str, Path]) -> None:
    paper = demo["demo-paper.pdf"]
    proc = run("analyze", paper)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.count("\n") == 1 and proc.stdout.endswith("\n")
    out = json.loads(proc.stdout)
    assert set(out) == ANALYSIS_KEYS
    assert out["schema_version"] == SCHEMA_VERSION
    assert out["source"]["file"] == str(paper)
    assert out["source"]["sha256"] == hashlib.sha256(paper.read_bytes()).hexdigest()
    assert len(out["source"]["text_hash"]) == 32
    assert out["pages"] == [{"number": 1, "width": 612.0, "height": 792.0},
                            {"number": 2, "width": 612.0, "height": 792.0}]
    assert out["body_font_size"] == 10.0
    assert out["outline_source"] == "detected"
    sections = ["1 Introduction", "2 Related Work", "2.1 Reference Parsing", "2.2 Reading Interfaces",
                "3 Method", "4 Results", "5 Conclusion", "References"]
    titles = [o["title"] for o in out["outline"]]
    assert [t for t in titles if t in sections] == sections
    assert out["citation_style"] == "numeric"
    assert [r["index"] for r in out["references"]] == list(range(1, 9))
    assert out["reference_lists"] == []  # a paper's one list
    assert all(r["year"] and r["authors"] and r["title"] for r in out["references"])
    markers = [(c["text"], c["ref_indexes"]) for c in out["citations"]]
    assert ("[2, 3]", [2, 3]) in markers and ("[4-6]", [4, 5, 6]) in markers
    assert {i for c in out["citations"] for i in c["ref_indexes"]} == set(range(1, 9))
    for c in out["citations"]:
        s = c["sentence"]
        assert c["source"] == "text" and s["text"][s["start"]:s["end"]] == c["text"]
    figure = next(m for m in out["figure_mentions"] if m["text"] == "Figure 1")
    assert figure["kind"] == "figure" and figure["target"]["page"] == 2
    assert out["diagnostics"] == []
    assert out["own_doi"] is None  # its first page and its metadata name no DOI of its own


def test_a_thesis_gives_each_chapters_list_with_its_chapter(tmp_path: Path) -> None:
    # Three chapters, each closing with its own list numbered from 1, no bookmarks: the chapters' headings are
    # found after each list, and each chapter's "[k]" is its own list's k-th entry.
    thesis = load_demo_paper().write_thesis(tmp_path / "thesis.pdf")
    proc = run("analyze", thesis.path)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    sizes = [len(entries) for entries in thesis.lists]
    firsts = [1 + sum(sizes[:k]) for k in range(len(sizes))]
    assert out["reference_lists"] == [
        {"first": first, "last": first + size - 1, "title": title, "page": page}
        for first, size, title, page in zip(firsts, sizes, thesis.chapters, (1, 2, 3), strict=True)]
    assert [o["title"] for o in out["outline"]] == [
        t for chapter in thesis.chapters for t in (chapter, "References")]
    assert [r["raw"] for r in out["references"]] == [e for entries in thesis.lists for e in entries]
    cited = [(c["page"], c["ref_indexes"]) for c in out["citations"]]
    chapters = enumerate(zip(firsts, thesis.cited, strict=True))
    assert cited == [(n + 1, [first + k - 1]) for n, (first, numbers) in chapters for k in numbers]
    # Each entry names "chapter 1" or "2" of its own book: no mention of the thesis's chapters, in any list.
    assert out["figure_mentions"] == []


def test_pretty_is_the_same_json_indented(demo: dict[str, Path]) -> None:
    compact = run("analyze", demo["demo-paper.pdf"])
    pretty = run("analyze", "--pretty", demo["demo-paper.pdf"])
    assert pretty.returncode == 0
    assert pretty.stdout.startswith("{\n  \"schema_version\": 1,")
    assert json.loads(pretty.stdout) == json.loads(compact.stdout)


def test_output_file_is_written_whole_and_nothing_is_left_beside_it(demo: dict[str, Path],
                                                                       tmp_path: Path) -> None:
    target = tmp_path / "analysis.json"
    target.write_text("old", encoding="utf-8")
    proc = run("analyze", demo["demo-paper.pdf"], "-o", target)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""
    assert json.loads(target.read_text(encoding="utf-8"))["schema_version"] == SCHEMA_VERSION
    assert sorted(p.name for p in tmp_path.iterdir()) == ["analysis.json"]


def test_output_file_keeps_its_content_when_the_pdf_fails(demo: dict[str, Path], tmp_path: Path) -> None:
    target = tmp_path / "analysis.json"
    target.write_text("old", encoding="utf-8")
    proc = run("analyze", demo["encrypted.pdf"], "-o", target)
    assert proc.returncode == 1
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["analysis.json"]


def test_password_opens_an_encrypted_pdf_and_a_wrong_one_says_so(demo: dict[str, Path]) -> None:
    locked = demo["encrypted.pdf"]
    opened = run("analyze", "--password", load_demo_paper().USER_PASSWORD, locked)
    assert opened.returncode == 0, opened.stderr
    plain = json.loads(run("analyze", demo["demo-paper.pdf"]).stdout)
    analysis = json.loads(opened.stdout)
    assert len(analysis["references"]) == len(plain["references"]) > 0
    assert len(analysis["citations"]) == len(plain["citations"])
    wrong = run("analyze", "--password", "not-it", locked)
    assert wrong.returncode == 1 and wrong.stdout == ""
    assert stderr_lines(wrong) == [f"citelens: {locked}: the password given does not open this encrypted PDF"]


def test_text_only_ignores_the_pdfs_bookmarks(demo: dict[str, Path]) -> None:
    linked = demo["demo-paper-linked.pdf"]
    with_bookmarks = json.loads(run("analyze", linked).stdout)
    text_only = json.loads(run("analyze", "--text-only", linked).stdout)
    assert with_bookmarks["outline_source"] == "bookmarks"
    assert text_only["outline_source"] == "detected"
    # Same text either way: the switch drops structure, not items.
    assert with_bookmarks["source"]["text_hash"] == text_only["source"]["text_hash"]


# ------------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize(("name", "says"), [
    ("encrypted.pdf", "encrypted and needs a password"),
    ("truncated.pdf", "not a readable PDF"),
    ("not-a-pdf.pdf", "not a PDF"),
    ("missing.pdf", "no such file"),
])
def test_a_bad_file_fails_with_one_clear_line(demo: dict[str, Path], name: str, says: str) -> None:
    path = demo.get(name, demo["demo-paper.pdf"].parent / name)
    proc = run("analyze", path)
    assert proc.returncode == 1
    assert proc.stdout == ""
    [line] = stderr_lines(proc)
    assert line.startswith(f"citelens: {path}: ")
    assert says in line
    assert "Traceback" not in proc.stderr


def test_a_scan_still_gives_its_json_and_warns_once(demo: dict[str, Path]) -> None:
    scan = demo["scanned.pdf"]
    proc = run("analyze", scan)
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    assert [d["code"] for d in out["diagnostics"]] == ["no_text_layer"]
    [line] = stderr_lines(proc)
    assert line.startswith(f"citelens: {scan}: warning: no usable text layer")
    assert "OCR" in line


def test_an_unexpected_error_is_one_line_and_the_batch_goes_on(demo: dict[str, Path],
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    import citelens.pipeline

    real = citelens.pipeline.analyze
    calls = []

    def flaky(document, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(kwargs["source"].file)
        if len(calls) == 1:
            raise RuntimeError("boom\nwith a second line")
        return real(document, **kwargs)

    monkeypatch.delenv("CITELENS_DEBUG", raising=False)
    monkeypatch.setattr(citelens.pipeline, "analyze", flaky)
    code = cli.main(["analyze", "-q", "--jobs", "1", str(demo["demo-paper.pdf"]), str(demo["demo-paper-linked.pdf"])])
    out, err = capsysbinary.readouterr()
    assert code == 1
    assert len(out.decode().splitlines()) == 1
    [line] = err.decode().splitlines()
    assert line == (f"citelens: {demo['demo-paper.pdf']}: internal error: RuntimeError: boom with a second line"
                    " (CITELENS_DEBUG=1 shows the traceback)")


def without(libraries: list[str], *args: str | Path) -> subprocess.CompletedProcess[str]:
    """``citelens ARGS`` in a Python where importing each of ``libraries`` fails."""
    code = (f"import sys; sys.modules.update(dict.fromkeys({libraries!r}))\n"  # None: `import x` fails
            "from citelens.cli import main; sys.exit(main(sys.argv[1:]))")
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], capture_output=True, text=True,
                          timeout=300, check=False)


def test_without_a_pdf_library_it_names_the_extra_to_install(demo: dict[str, Path]) -> None:
    proc = without(["pdfminer", "pypdfium2"], "analyze", demo["demo-paper.pdf"])
    assert proc.returncode == 1
    assert proc.stderr == ("citelens: citelens analyze needs the [pdf] extra: pip install 'citelens[pdf]' "
                           "(the pdfium engine needs pypdfium2)\n")
    asked = without(["pdfminer"], "analyze", "--engine", "pdfminer", demo["demo-paper.pdf"])
    assert asked.returncode == 1 and "(the pdfminer engine needs pdfminer)" in asked.stderr


@pytest.mark.parametrize("engine", ["pdfminer", "pdfium"])
def test_each_engine_reads_the_demo_paper_alike_and_is_named(demo: dict[str, Path], engine: str) -> None:
    # Without pypdfium2 the default is pdfminer; either way the analysis names its engine.
    proc = without(["pypdfium2"] if engine == "pdfminer" else [], "analyze", demo["demo-paper-linked.pdf"])
    chosen = run("analyze", "--engine", engine, demo["demo-paper-linked.pdf"])
    assert proc.returncode == chosen.returncode == 0, proc.stderr + chosen.stderr
    default, named = json.loads(proc.stdout), json.loads(chosen.stdout)
    assert default["source"]["engine"] == named["source"]["engine"] == engine
    assert default == named
    reference = json.loads(run("analyze", "--engine", "pdfminer", demo["demo-paper-linked.pdf"]).stdout)
    for key in ("references", "citations", "outline", "figure_mentions"):
        assert named[key] == reference[key], key


# ---------------------------------------------------------------------------------------- batch


@pytest.fixture
def folder(demo: dict[str, Path], tmp_path: Path) -> Path:
    root = tmp_path / "papers"
    (root / "sub").mkdir(parents=True)
    shutil.copy(demo["demo-paper.pdf"], root / "b-paper.pdf")
    shutil.copy(demo["demo-paper-linked.pdf"], root / "sub" / "a-linked.pdf")
    shutil.copy(demo["not-a-pdf.pdf"], root / "a-broken.pdf")
    (root / "notes.txt").write_text("not a candidate: wrong suffix", encoding="utf-8")
    return root


def test_a_folder_gives_json_lines_and_one_bad_file_does_not_stop_it(folder: Path) -> None:
    proc = run("analyze", folder)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert [json.loads(line)["source"]["file"] for line in lines] == [
        str(folder / "b-paper.pdf"), str(folder / "sub" / "a-linked.pdf")]  # sorted by path, recursive
    assert all(json.loads(line)["schema_version"] == SCHEMA_VERSION for line in lines)
    err = stderr_lines(proc)
    assert f"citelens: {folder / 'a-broken.pdf'}: not a PDF (no %PDF- header)" in err
    # Not a terminal: one progress line per analysed file, then the summary.
    assert err[1].startswith(f"citelens: [2/3] {folder / 'b-paper.pdf'}: 2 pages in ")
    assert err[-1].startswith("citelens: 2 ok, 1 failed in ")
    assert "Traceback" not in proc.stderr


def test_several_files_give_json_lines_and_quiet_drops_progress(demo: dict[str, Path], tmp_path: Path) -> None:
    target = tmp_path / "out.jsonl"
    proc = run("analyze", "-q", demo["demo-paper.pdf"], demo["demo-paper-linked.pdf"], "-o", target)
    assert proc.returncode == 0
    assert proc.stdout == proc.stderr == ""
    lines = target.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["outline_source"] for line in lines] == ["detected", "bookmarks"]


def test_a_folder_without_pdfs_fails(tmp_path: Path) -> None:
    proc = run("analyze", tmp_path)
    assert proc.returncode == 1
    assert f"citelens: {tmp_path}: no PDF files in this folder" in stderr_lines(proc)


# ----------------------------------------------------------------------------------- usage, version


@pytest.mark.parametrize("args", [
    [],
    ["analyze"],
    ["frobnicate", "x.pdf"],
    ["analyze", "--no-such-option", "x.pdf"],
    ["analyze", "--pretty", "a.pdf", "b.pdf"],
    ["analyze", "a.pdf", "-o", "no/such/folder/out.json"],
])
def test_usage_errors_exit_2(args: list[str], tmp_path: Path) -> None:
    proc = run(*args, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "usage: citelens" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_version() -> None:
    proc = run("--version")
    assert proc.returncode == 0
    # The tests run py/'s sources (the compiled build says "compiled by mypyc": tests/test_compiled.py).
    assert proc.stdout == f"citelens {citelens.__version__} (pure Python)\n"


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_progress_rewrites_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    term = _Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    status = common.Status(term, total=2, enabled=True)
    status.start(1, Path("papers/first.pdf"))
    status.page(1, 3)
    status.done(Path("papers/first.pdf"), True)
    status.start(2, Path("papers/second.pdf"))
    common.say("papers/second.pdf: not a PDF (no %PDF- header)")  # clears the bar before its own line
    status.summary(1, 1)
    text = term.getvalue()
    assert "\r[--------------------] 1/2 first.pdf page 1/3" in text
    assert "\r[##########----------] 2/2 second.pdf" in text
    assert "\n" not in text.split("citelens: papers/second.pdf")[0]  # the bar never scrolls the terminal
    lines = [line.rsplit("\r", 1)[-1] for line in text.split("\n")]  # what the terminal shows
    assert lines[0] == "citelens: papers/second.pdf: not a PDF (no %PDF- header)"
    assert lines[1].startswith("citelens: 1 ok, 1 failed in ")


def test_eval_scores_the_text_only_analysis_against_the_pdfs_own_links(demo: dict[str, Path]) -> None:
    """The linked demo paper carries a hyperref-style link per citation number and bookmarks: the
    text-only analysis must find every linked marker and name its entry."""
    linked = demo["demo-paper-linked.pdf"]
    proc = run("eval", "--json", linked)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["schema_version"] == 1
    (paper,) = out["papers"]
    cites = paper["citations"]
    assert cites["links"] > 0 and paper["references"] == 8
    assert cites["marker_recall"] == 1.0 and cites["entry_accuracy"] == 1.0
    table = run("eval", linked, demo["not-a-pdf.pdf"])
    assert table.returncode == 1  # one file failed, the other was still scored
    assert "demo-paper-linked.pdf" in table.stdout and "ALL fully linked" in table.stdout
    assert "not-a-pdf.pdf" in table.stderr and "Traceback" not in table.stderr


def test_the_command_line_collects_the_young_generation_in_larger_steps():
    import gc

    from citelens.cli.common import GC_THRESHOLD, tune_gc

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        tune_gc()
        assert gc.get_threshold() == (GC_THRESHOLD, 10, 10)
    finally:
        gc.set_threshold(*before)
