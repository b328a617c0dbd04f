"""citelens.ids on the one table of identifier and name cases (tests/ids_cases.json) that web/library/ids.js
and web/library/names.js must also pass (tests/js/ids.test.mjs), and the identifiers it gives the stages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citelens import ids
from citelens.references import parse_entry
from citelens.model import Reference
from citelens.resolve.record import Author

CASES = json.loads((Path(__file__).parent / "ids_cases.json").read_text(encoding="utf-8"))["cases"]


def _run(fn: str, value):
    if fn == "match_keys":
        return ids.match_keys(value.get("doi"), value.get("arxiv"), value.get("title"), value.get("year"))
    if fn == "split_name":
        name = ids.split_name(value)
        return {"family": name.family, "given": name.given, "suffix": name.suffix}
    return getattr(ids, fn)(value)


def test_the_table_covers_every_function() -> None:
    assert {c["fn"] for c in CASES} == {"doi", "arxiv_id", "title_key", "match_keys", "split_name"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['fn']}: {c['why']}")
def test_parity_table(case) -> None:
    assert _run(case["fn"], case["in"]) == case["out"]


@pytest.mark.parametrize("case", [c for c in CASES if c["fn"] in ("doi", "arxiv_id") and c["out"]],
                         ids=lambda c: f"{c['fn']}: {c['why']}")
def test_the_one_form_is_a_fixed_point(case) -> None:
    assert _run(case["fn"], case["out"]) == case["out"]


def test_an_entry_and_its_json_keys_use_the_same_rules() -> None:
    raw = "van der Berg, J., de Souza, M. 2019. Über Straßen. arXiv preprint arXiv:1906.01234v3."
    f = parse_entry(raw)
    assert f.arxiv_id == "1906.01234" and f.authors[:2] == ("van der Berg", "de Souza")
    ref = Reference(1, None, raw, 1, (0, 0, 1, 1), authors=f.authors, year=f.year, title="Über Straßen",
                    arxiv_id=f.arxiv_id)
    assert ref.to_json()["keys"] == ["arxiv:1906.01234", "title:uber strassen|2019"]
    assert Reference.from_json(ref.to_json()) == ref


def test_a_record_author_keeps_particles_and_suffix() -> None:
    assert Author.from_name("Rik van der Berg") == Author(family="van der Berg", given="Rik")
    king = Author.from_name("Martin Luther King Jr.")
    assert king.to_json() == {"given": "Martin Luther", "family": "King", "suffix": "Jr."}
    assert Author.from_json(king.to_json()) == king
    assert Author.from_name("OpenAI").to_json() == {"literal": "OpenAI"}
