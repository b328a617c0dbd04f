"""The worker's Python entry point for resolution (worker/bridge.py ``resolve``): JSON string in, Result JSON
out, whatever happens; run here under asyncio with the recorded responses as its transport."""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path

import pytest

from resolve_fixtures import Replay, in_thread

BRIDGE = Path(__file__).resolve().parent.parent / "worker" / "bridge.py"


@pytest.fixture(scope="module")
def bridge():
    spec = importlib.util.spec_from_file_location("citelens_worker_bridge", BRIDGE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ATTENTION = {"index": 55, "label": "[55]", "title": "Attention is all you need", "year": 2017, "doi": None,
             "arxiv_id": None, "authors": ["Vaswani"],
             "raw": "Ashish Vaswani et al. Attention is all you need. Advances in neural information processing "
                    "systems, 30, 2017."}


def call(bridge, payload, replay: Replay) -> dict:
    text = payload if isinstance(payload, str) else json.dumps(payload)
    return json.loads(in_thread(asyncio.run, bridge.resolve(text, replay)))


def test_an_entry_and_settings_in_a_result_out(bridge) -> None:
    replay = Replay()
    result = call(bridge, {"entry": ATTENTION, "settings": {"mailto": "me@example.org", "openalexKey": None,
                                                            "s2Key": None}}, replay)
    assert result["status"] == "resolved" and result["via"] == "s2-match"
    assert result["record"]["arxiv"] == "1706.03762"
    assert "mailto=me%40example.org" in replay.requested[0]


@pytest.mark.parametrize(("payload", "reason"), [
    ("{not json", "bad request: the payload is not JSON"),
    ({"settings": {}}, "bad request: no entry"),
    ([1, 2], "bad request: no entry"),
])
def test_a_bad_request_is_an_unresolved_result(bridge, payload, reason) -> None:
    assert call(bridge, payload, Replay()) == {"status": "unresolved", "reason": reason, "tried": []}


def test_an_entry_of_the_wrong_shape_is_an_unresolved_result_not_an_exception(bridge) -> None:
    replay = Replay()
    result = call(bridge, {"entry": {"index": 1, "raw": 42, "title": ["x"]}, "settings": None}, replay)
    assert result == {"status": "unresolved", "reason": "nothing to search for: the entry has no text", "tried": []}
    assert replay.requested == []
