"""``citelens resolve`` and ``citelens analyze --resolve`` run in-process on real PDFs, with the transport
given as an argument: a replay of the recorded API responses (``resolve_fixtures``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citelens import cli
from citelens.resolve import crossref
from corpus import CORPUS
from resolve_fixtures import Replay, in_thread, recorded

MULTILEXSUM = CORPUS / "pdf" / "arxiv-2022-multilexsum-neurips-2206.10883.pdf"

pytestmark = pytest.mark.corpus


class Naps:
    """An injected sleep: records the waits, takes no time."""

    def __init__(self) -> None:
        self.slept: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.slept.append(seconds)


def run(argv: list[str], replay: Replay) -> int:
    return in_thread(cli.main, [str(a) for a in argv], transport=replay, sleep=Naps())


def test_resolve_adds_a_result_per_chosen_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.json"
    replay = Replay()
    code = run(["resolve", MULTILEXSUM, "--refs", "55", "--cache-dir", tmp_path / "cache", "-o", out], replay)
    assert code == 0
    analysis = json.loads(out.read_text(encoding="utf-8"))
    assert len(analysis["references"]) == 64
    [result] = analysis["resolutions"]
    assert {k: result[k] for k in ("index", "status", "via")} == {"index": 55, "status": "resolved", "via": "s2-match"}
    assert set(result) == {"index", "status", "via", "record"}
    record = analysis["resolutions"][0]["record"]
    assert (record["title"], record["arxiv"], record["doi"], record["source"]) == (
        "Attention is All you Need", "1706.03762", None, "semanticscholar")
    # Crossref's wrong hit was asked first and rejected.
    assert [u.split("?")[0] for u in replay.requested] == [
        "https://api.crossref.org/works", "https://api.semanticscholar.org/graph/v1/paper/search/match"]
    err = capsys.readouterr().err
    assert "1 of 1 references resolved, 2 requests" in err

    # Again, from the cache: no request at all, the same output.
    again = Replay()
    assert run(["resolve", MULTILEXSUM, "--refs", "55", "--cache-dir", tmp_path / "cache", "-o", out], again) == 0
    assert again.requested == []
    assert json.loads(out.read_text(encoding="utf-8"))["resolutions"] == analysis["resolutions"]


def test_analyze_resolve_reports_unreachable_sources_as_unresolved(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    replay = Replay()  # nothing recorded for DeBERTa's arXiv id: the network fails there
    code = run(["analyze", MULTILEXSUM, "--resolve", "--no-cache", "--refs", "24,55", "-q", "-o", out], replay)
    assert code == 0
    resolutions = json.loads(out.read_text(encoding="utf-8"))["resolutions"]
    assert [r["index"] for r in resolutions] == [24, 55]
    deberta, attention = resolutions
    assert deberta["status"] == "unresolved" and deberta["reason"].startswith("network error")
    assert deberta["tried"] == ["arxiv", "crossref-search", "s2-match"]
    assert attention["status"] == "resolved"


def test_limit_takes_the_first_entries(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    code = run(["resolve", MULTILEXSUM, "--no-cache", "--limit", "2", "-q", "-o", out],
               Replay(refuse=lambda url: True))
    assert code == 0
    resolutions = json.loads(out.read_text(encoding="utf-8"))["resolutions"]
    assert [r["index"] for r in resolutions] == [1, 2]
    assert all(r["status"] == "unresolved" for r in resolutions)


def test_no_reference_list_but_a_doi_uses_crossrefs_list(tmp_path: Path) -> None:
    from reportlab.pdfgen import canvas

    pdf = tmp_path / "no-refs.pdf"
    page = canvas.Canvas(str(pdf))
    page.drawString(72, 760, "Automated quantitative histology: a short note. doi:10.7554/eLife.01567")
    for n in range(40):
        page.drawString(72, 730 - 15 * n, f"Line {n} of a paper whose reference list is not in this file at all.")
    page.save()

    out = tmp_path / "out.json"
    replay = Replay(refuse=lambda url: "elife.01567" not in url.lower())
    assert run(["resolve", pdf, "--no-cache", "--limit", "2", "-o", out], replay) == 0
    analysis = json.loads(out.read_text(encoding="utf-8"))
    assert analysis["references"] == []
    expected = crossref.references_from_work(recorded("crossref/work_10.7554_elife.01567.json").body)
    assert analysis["crossref_references"] == expected
    assert replay.requested[0] == "https://api.crossref.org/works/10.7554/elife.01567"
    assert [r["index"] for r in analysis["resolutions"]] == [1, 2]


@pytest.mark.parametrize(("argv", "message"), [
    (["--limit", "0"], "expected a positive whole number"),
    (["--refs", "3,x"], "expected entry indexes like 3,17,55"),
    (["--doi", "nonsense"], "--doi: not a DOI"),
])
def test_bad_options_are_usage_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        run(["resolve", MULTILEXSUM, *argv], Replay())
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_a_file_that_is_not_a_pdf_fails_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_text("not a pdf", encoding="utf-8")
    replay = Replay()
    assert run(["resolve", bad, "--no-cache"], replay) == 1
    assert replay.requested == []
    err = capsys.readouterr().err
    assert str(bad) in err and "Traceback" not in err
