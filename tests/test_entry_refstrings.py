"""One entry's fields on printed reference strings of many styles and languages.

Ground truth: ``../shared/corpus/refstrings/grobid-train.jsonl``, 8,676 strings from GROBID's citation
training corpus with their first author's surname, year, title and DOI (see the corpus README). The file is
split in two halves by a hash of the string: the rules were looked at against failures of the DEV half
only, so the HELD-OUT half measures them on strings nobody tuned to. Scored as the README says: the first
author right when the surname is the gold one (accents, case and spacing aside), the title right when
rapidfuzz's ratio is at least 90 after lower-casing and dropping punctuation, year and DOI exactly.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
import unicodedata

import pytest
from rapidfuzz import fuzz

import corpus
from citelens.references import parse_entry

PATH = corpus.CORPUS / "refstrings" / "grobid-train.jsonl"
FIELDS = ("first author", "year", "title", "doi")

# Floors just under the measured figures (2026-12-06, ninth session, dev / held-out: first author 0.958 / 0.957,
# year 0.990 / 0.990, title 0.896 / 0.885, DOI 0.993 / 0.974); the targets on unseen strings are title >= 0.85 and
# first author >= 0.95 (baseline on the whole file: first author 0.86, title 0.62). On 2026-12-07, twentieth
# session: first author 0.959 / 0.958 (a collaboration written "Collab." counted as one written out), title
# 0.898 / 0.886.
FLOORS = {
    "dev": {"first author": 0.955, "year": 0.985, "title": 0.89, "doi": 0.98},
    "held-out": {"first author": 0.955, "year": 0.985, "title": 0.88, "doi": 0.96},
}


def half(raw: str) -> str:
    return "dev" if int(hashlib.sha1(raw.encode("utf-8")).hexdigest(), 16) % 2 == 0 else "held-out"


def _name_key(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s.casefold()) if c.isalpha())


def _title_key(s: str) -> str:
    return " ".join(re.sub(r"[^\w\s]|_", " ", s.lower()).split())


def _first_author_right(authors: tuple[str, ...], gold: str) -> bool:
    if authors and _name_key(authors[0]) == _name_key(gold):
        return True
    # A collaboration named before its members is the author text cites ("Astropy Collaboration et al.
    # 2018", "ATLAS Collab. (G. Aad et al.)"), so it comes first; the gold names its first member.
    return len(authors) > 1 and "collab" in authors[0].lower() and _name_key(authors[1]) == _name_key(gold)


def score(rows: list[dict]) -> dict[str, tuple[int, int]]:
    tally = {f: [0, 0] for f in FIELDS}
    for row in rows:
        gold, got = row["gold"], parse_entry(row["raw"])
        checks = {
            "first author": (gold["surname"], lambda g: _first_author_right(got.authors, g)),
            "year": (gold["year"], lambda g: got.year == g),
            "title": (gold["title"], lambda g: bool(got.title)
                      and fuzz.ratio(_title_key(got.title), _title_key(g)) >= 90),
            "doi": (gold["doi"], lambda g: got.doi == g.lower()),
        }
        for field, (g, right) in checks.items():
            if g:
                tally[field][1] += 1
                tally[field][0] += bool(right(g))
    return {f: (a, b) for f, (a, b) in tally.items()}


@pytest.fixture(scope="module")
def halves() -> dict[str, list[dict]]:
    if not PATH.is_file():
        pytest.skip(f"no {PATH}")
    rows = [json.loads(line) for line in PATH.read_text(encoding="utf-8").splitlines() if line.strip()]
    out: dict[str, list[dict]] = {"dev": [], "held-out": []}
    for row in rows:
        out[half(row["raw"])].append(row)
    return out


@pytest.mark.parametrize("name", ["dev", "held-out"])
def test_entry_fields_on_printed_reference_strings(halves, name, measured):
    rows = halves[name]
    t0 = time.perf_counter()
    tally = score(rows)
    ms = (time.perf_counter() - t0) * 1000 / len(rows)
    figures = {f: a / b for f, (a, b) in tally.items()}
    measured.append(f"entry fields, refstrings {name} ({len(rows)} strings, {ms:.2f} ms each): "
                    + ", ".join(f"{f} {figures[f]:.3f} ({a}/{b})" for f, (a, b) in tally.items()))
    for field, floor in FLOORS[name].items():
        assert figures[field] >= floor, f"{field} {figures[field]:.3f} < {floor} on the {name} half"
