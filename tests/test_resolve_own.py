"""The paper's own DOI and its Crossref reference list (citelens.resolve.own), shared by ``citelens resolve``
and the browser worker (worker/bridge.py ``analyze`` and ``crossref_references``); on the real recorded
Crossref records (``resolve_fixtures``)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path

import pytest

from citelens.model import Document, Page, TextItem
from citelens.resolve import Client, Settings, crossref
from citelens.resolve.own import CrossrefList, crossref_list, doi_in_metadata, needs_crossref_list, own_doi
from resolve_fixtures import Replay, in_thread, recorded

ELIFE = "10.7554/elife.01567"
ELIFE_RECORD = "crossref/work_10.7554_elife.01567.json"
BRIDGE = Path(__file__).resolve().parent.parent / "worker" / "bridge.py"


def first_page(*lines: str) -> Document:
    items = tuple(TextItem(text, 72, 80 + 14 * n, 6 * len(text), 10, 10) for n, text in enumerate(lines))
    second = Page(2, 612, 792, (TextItem("doi:10.1000/page.two", 72, 80, 90, 10, 10),))
    return Document((Page(1, 612, 792, items), second))


# ---------------------------------------------------------------------------------------- own DOI


@pytest.mark.parametrize(("metadata", "lines", "expected"), [
    # The info dictionary and XMP as the 47 corpus PDFs carry them (Elsevier, ACS, ASM, NAR, Springer).
    ({"doi": "10.1016/j.cell.2024.02.016", "Subject": "Cell, 187 (2024). doi:10.1016/j.other"}, (),
     "10.1016/j.cell.2024.02.016"),
    ({"prism:doi": "10.1021/acs.jctc.2c00401"}, (), "10.1021/acs.jctc.2c00401"),
    ({"Doi": "10.1128/JB.00479-21"}, (), "10.1128/jb.00479-21"),
    ({"dc:identifier": "doi:10.1093/nar/gkae252"}, (), "10.1093/nar/gkae252"),
    ({"Subject": "Nature Neuroscience 14, 217 (2011). doi:10.1038/nn.2727"}, ("doi:10.9999/printed",),
     "10.1038/nn.2727"),
    # Metadata first, the first page only without it; a DOI elsewhere in the metadata does not count.
    ({"Title": "On 10.1000/xyz", "Subject": "no identifier here"}, ("eLife 2014;3:e01567", f"DOI: {ELIFE}."),
     ELIFE),
    ({}, ("Header", "https://doi.org/10.1063/1.4938384", "cites doi:10.1000/later"), "10.1063/1.4938384"),
    (None, ("A title", "no identifier on this page"), None),  # page 2's DOI is not the paper's
    ({"doi": ""}, (), None),
])
def test_own_doi(metadata, lines, expected) -> None:
    assert own_doi(first_page(*lines), metadata) == expected


def test_own_doi_of_no_document_or_odd_metadata() -> None:
    assert own_doi(None, {"doi": ELIFE}) == ELIFE
    assert own_doi(Document(())) is None
    assert doi_in_metadata({"doi": 10.1, 3: "10.1/x"}) is None
    assert doi_in_metadata(["doi", ELIFE]) is None  # type: ignore[arg-type]


def test_only_an_analysis_without_entries_needs_crossrefs_list() -> None:
    assert needs_crossref_list({"references": []})
    assert needs_crossref_list({})
    assert not needs_crossref_list({"references": [{"index": 1, "raw": "x"}]})


# --------------------------------------------------------------------------------- Crossref's list


def fetch(doi: str, replay: Replay, mailto: str | None = None) -> CrossrefList:
    settings = Settings(mailto=mailto)

    async def go() -> CrossrefList:
        return await crossref_list(Client(replay, settings=settings), doi, settings)

    return in_thread(asyncio.run, go())  # type: ignore[return-value]


def test_the_recorded_elife_record_gives_its_27_references() -> None:
    replay = Replay()
    found = fetch(ELIFE, replay, mailto="me@example.org")
    assert replay.requested == [f"https://api.crossref.org/works/{ELIFE}?mailto=me%40example.org"]
    assert (found.status, found.reason, found.found) == (200, None, True)
    assert list(found.entries) == crossref.references_from_work(recorded(ELIFE_RECORD).body)
    assert len(found.entries) == 27
    first, last = found.entries[0], found.entries[-1]
    assert (first["index"], first["authors"], first["year"], first["doi"], first["title"]) == (
        1, ["Bonke"], 2003, "10.1038/nature02100", "APL regulates vascular tissue identity in Arabidopsis")
    assert last["index"] == 27 and all(e["page"] is None and e["source"] == "crossref" for e in found.entries)
    assert sum(1 for e in found.entries if e["doi"]) == 27  # eLife deposits a DOI for every entry here
    out = found.to_json()
    assert (out["status"], out["doi"], out["http_status"], len(out["entries"])) == ("ok", ELIFE, 200, 27)


def test_a_record_without_a_list_a_404_and_a_failure_each_say_why() -> None:
    bare = fetch("10.3892/ijo_00000353", Replay())  # a real record with "reference-count": 0
    assert (bare.entries, bare.status, bare.found) == ((), 200, True)
    assert bare.reason == "Crossref's record of 10.3892/ijo_00000353 holds no reference list"
    assert bare.to_json()["status"] == "none"

    missing = fetch("10.5555/not.recorded", Replay())  # Crossref's recorded 404, "Resource not found."
    assert (missing.entries, missing.status) == ((), 404)
    assert missing.reason == "Crossref has no record of 10.5555/not.recorded"
    assert missing.to_json()["status"] == "none"

    refused = fetch(ELIFE, Replay(refuse=lambda url: True))
    assert refused.entries == () and refused.status is None and not refused.found
    assert refused.reason.startswith("Crossref could not be reached: network error")
    assert refused.to_json()["status"] == "failed"


def test_an_answer_that_is_not_a_work_is_no_list() -> None:
    search = recorded("crossref/query_title_nonsense_no_results.json")  # a work-list, not a work
    found = fetch(ELIFE, Replay(lambda url: search))
    assert found.entries == () and found.to_json()["status"] == "failed"
    assert found.reason == "Crossref's answer is not a work record"


# ----------------------------------------------------------------------------------- the worker side


@pytest.fixture(scope="module")
def bridge():
    spec = importlib.util.spec_from_file_location("citelens_worker_bridge_own", BRIDGE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _request(lines: list[str], metadata: dict | None = None) -> str:
    items = [[text, 72, 80 + 14 * n, 6 * len(text), 10, 10, 0] for n, text in enumerate(lines)]
    page = {"number": 1, "width": 612, "height": 792, "fonts": [["Times-Roman", False, False]], "items": items}
    body = {"document": {"pages": [page]}, "options": {"text_only": False}}
    return json.dumps(body | ({"metadata": metadata} if metadata is not None else {}))


def test_the_worker_analysis_carries_the_papers_own_doi(bridge) -> None:
    result, name, _ = bridge.analyze(_request(["A paper", f"doi:{ELIFE}"]))
    assert name is None
    analysis = json.loads(result)
    assert analysis["own_doi"] == ELIFE and analysis["references"] == []
    from_metadata = json.loads(bridge.analyze(_request(["A paper"], {"prism:doi": "10.1021/ACS.jctc.2c00401"}))[0])
    assert from_metadata["own_doi"] == "10.1021/acs.jctc.2c00401"
    assert json.loads(bridge.analyze(_request(["A paper"]))[0])["own_doi"] is None


def call(bridge, payload, replay: Replay) -> dict:
    text = payload if isinstance(payload, str) else json.dumps(payload)
    return json.loads(in_thread(asyncio.run, bridge.crossref_references(text, replay)))  # type: ignore[arg-type]


def test_the_worker_answers_crossrefs_list_as_the_cli_reads_it(bridge) -> None:
    replay = Replay()
    out = call(bridge, {"doi": f"https://doi.org/{ELIFE.upper()}", "settings": {"mailto": "me@example.org"}}, replay)
    assert replay.requested == [f"https://api.crossref.org/works/{ELIFE}?mailto=me%40example.org"]
    assert out == {"doi": ELIFE, "status": "ok", "reason": None, "http_status": 200,
                   "entries": crossref.references_from_work(recorded(ELIFE_RECORD).body)}


@pytest.mark.parametrize(("payload", "status", "reason"), [
    ({"doi": "10.5555/not.recorded"}, "none", "Crossref has no record of 10.5555/not.recorded"),
    ({"doi": "nonsense"}, "failed", "bad request: no DOI"),
    ("{not json", "failed", "bad request: no DOI"),
    ([ELIFE], "failed", "bad request: no DOI"),
])
def test_the_worker_always_answers_with_a_list_or_a_reason(bridge, payload, status, reason) -> None:
    out = call(bridge, payload, Replay())
    assert (out["status"], out["reason"], out["entries"]) == (status, reason, [])
