"""The reference list a paper's Crossref record holds: for PDFs whose own list cannot be read.

Input: the paper's own DOI (``analysis["own_doi"]``, :mod:`citelens.own_doi`) and a
:class:`~citelens.resolve.transport.Client`. Output: :func:`crossref_list`, a :class:`CrossrefList` of entries
shaped as ``analysis["references"]`` (:func:`~citelens.resolve.crossref.references_from_work`) or the reason
there are none.

Used alike by ``citelens resolve`` (:mod:`citelens.cli.resolve`) and the browser worker
(``worker/bridge.py``): the two differ only in their transport. Invariants: nothing here raises for bad
input or a failed request; a list is offered only for an analysis whose own list is empty
(:func:`needs_crossref_list`), never mixed with one the PDF holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from citelens.resolve import crossref
from citelens.resolve.settings import Settings
from citelens.resolve.transport import Client, FetchError


def needs_crossref_list(analysis: Mapping[str, Any]) -> bool:
    """Whether an analysis JSON has no reference entries of its own (its list was absent or unsplit).

    >>> needs_crossref_list({"references": []}), needs_crossref_list({"references": [{"index": 1}]})
    (True, False)
    """
    return not analysis.get("references")


@dataclass(frozen=True, slots=True)
class CrossrefList:
    """What Crossref holds for ``doi``: ``entries`` (possibly none) and, without entries, ``reason``.

    ``status`` is the HTTP status (None when no response came); ``found`` says whether the answer is final
    (a record with or without a list, or a 404), so worth keeping, or a failure worth trying again.
    """

    doi: str
    entries: tuple[dict[str, Any], ...] = ()
    status: int | None = None
    reason: str | None = None

    @property
    def found(self) -> bool:
        return self.status in (200, 404)

    def to_json(self) -> dict[str, Any]:
        """``{"doi", "status": "ok" | "none" | "failed", "entries", "reason", "http_status"}``.

        ``none``: Crossref answered and holds no list (no record, or a record without references);
        ``failed``: no usable answer (network, rate limit, timeout, server error).
        """
        status = "ok" if self.entries else "none" if self.found else "failed"
        return {"doi": self.doi, "status": status, "entries": list(self.entries), "reason": self.reason,
                "http_status": self.status}


async def crossref_list(client: Client, doi: str, settings: Settings | None = None) -> CrossrefList:
    """The entries of Crossref's ``works/{doi}`` deposited ``reference`` list; never raises.

    ``settings.mailto`` joins the request (Crossref's polite pool), as for every other Crossref look-up.
    """
    mailto = (settings or client.settings).mailto
    try:
        response = await client.get(crossref.work_url(doi, mailto))
    except FetchError as error:
        return CrossrefList(doi, reason=f"Crossref could not be reached: {error}")
    if response.status == 404:
        return CrossrefList(doi, status=404, reason=f"Crossref has no record of {doi}")
    if response.status != 200:
        return CrossrefList(doi, status=response.status, reason=f"Crossref answered HTTP {response.status}")
    if crossref.parse_work(response.body) is None:
        return CrossrefList(doi, status=None, reason="Crossref's answer is not a work record")
    entries = tuple(crossref.references_from_work(response.body))
    reason = None if entries else f"Crossref's record of {doi} holds no reference list"
    return CrossrefList(doi, entries, 200, reason)
