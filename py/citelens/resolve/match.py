"""Whether a search hit is the paper a reference entry cites: titles and years checked locally.

Search APIs always answer with their best guess, and their scores cannot tell a right hit from a wrong
one: Crossref gives "Self-Attention with Relative Position Representations" a score of 53.9 for "Attention
is all you need" (right hits score 46-64); Semantic Scholar's ``matchScore`` is unbounded. So a hit is
accepted only when

- rapidfuzz's token-set ratio of the normalised titles is >= ``min_title_ratio`` (85), and
- the shorter title is at least ``min_title_length_ratio`` of the longer (token-set ratio alone scores a
  title contained in a longer one 100: "Attention is all you need" vs "... in speech separation"), and
- when both years are known, they differ by at most ``max_year_gap`` (1: preprint vs proceedings).

Without a parsed title the entry's raw text stands in for it, and the length check is skipped (the raw
text is longer than any title by design).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz

from citelens import ids
from citelens.resolve.record import Record, text
from citelens.resolve.settings import PARAMS, ResolveParams


@dataclass(frozen=True, slots=True)
class Verdict:
    accepted: bool
    score: float  # token-set ratio, 0-100
    why: str  # "title 52.9 < 85", "year 2017 vs 2025", "ok"


def judge(entry: dict[str, Any], record: Record, params: ResolveParams = PARAMS) -> Verdict:
    """Is ``record`` the paper ``entry`` cites?

    >>> from citelens.resolve.record import Record, Source
    >>> hit = Record("Attention is All you Need", Source.SEMANTICSCHOLAR, "u", year=2017)
    >>> judge({"title": "Attention is all you need", "year": 2018}, hit)
    Verdict(accepted=True, score=100.0, why='ok')
    >>> judge({"title": "Attention is all you need", "year": 2019}, hit).why
    'year 2019 vs 2017'
    """
    main, colon, _ = record.title.partition(":")
    verdicts = [_judge(entry, record.title, record.year, params)]
    if colon and _key(main):
        verdicts.append(_judge(entry, main, record.year, params))
    return max(verdicts, key=lambda v: (v.accepted, v.score))


def _judge(entry: dict[str, Any], title: str, year_found: int | None, params: ResolveParams) -> Verdict:
    wanted = entry.get("title") or ""
    by_title = bool(_key(wanted))
    ours = _key(wanted if by_title else entry.get("raw") or "")
    theirs = _key(title)
    if not ours or not theirs:
        return Verdict(False, 0.0, "no title to compare")
    score = round(fuzz.token_set_ratio(ours, theirs), 1)
    if score < params.min_title_ratio:
        return Verdict(False, score, f"title {score} < {params.min_title_ratio:g}")
    if by_title:
        shorter, longer = sorted((len(ours), len(theirs)))
        if shorter < params.min_title_length_ratio * longer:
            return Verdict(False, score, f"title length {shorter} vs {longer}")
    year = entry.get("year")
    if isinstance(year, int) and year_found is not None and abs(year - year_found) > params.max_year_gap:
        return Verdict(False, score, f"year {year} vs {year_found}")
    return Verdict(True, score, "ok")


def best(entry: dict[str, Any], records: list[Record], params: ResolveParams = PARAMS) -> Record | None:
    """The accepted record with the highest title score (the first on ties), or None."""
    chosen: tuple[float, Record] | None = None
    for record in records:
        verdict = judge(entry, record, params)
        if verdict.accepted and (chosen is None or verdict.score > chosen[0]):
            chosen = (verdict.score, record)
    return chosen[1] if chosen else None


def _key(title: str) -> str:
    """A title as compared (:func:`citelens.ids.title_key`), after the markup an API sends with it."""
    return ids.title_key(text(title) or "")
