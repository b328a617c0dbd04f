"""The Crossref reference list of a paper (citelens.resolve.own), shared by ``citelens resolve`` and the
browser worker (worker/bridge.py ``crossref_references``); on the real recorded Crossref records
(``resolve_fixtures``)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path

import pytest

from citelens.resolve import Client, Settings, crossref
from citelens.resolve.own import CrossrefList, crossref_list, needs_crossref_list
from resolve_fixtures import Replay, in_thread, recorded

ELIFE = "10.7554/elife.01567"
ELIFE_RECORD = "crossref/work_10.7554_elife.01567.json"
BRIDGE = Path(__file__).resolve().parent.parent / "worker" / "bridge.py"


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
