"""The paper's own DOI, and the reference list its Crossref record holds: for PDFs whose list cannot be read.

Input: a :class:`~citelens.model.Document` (only its first page is read) and the PDF's metadata as flat
``{key: text}`` (the info dictionary's entries and the XMP properties, as pdf.js or pdfminer give them); then
a :class:`~citelens.resolve.transport.Client`. Output: :func:`own_doi`, the DOI the PDF names as its own or
None; :func:`crossref_list`, a :class:`CrossrefList` of entries shaped as ``analysis["references"]``
(:func:`~citelens.resolve.crossref.references_from_work`) or the reason there are none.

Used alike by ``citelens resolve`` (:mod:`~citelens.resolve.command`) and the browser worker
(``worker/bridge.py``): the two differ only in their transport. Invariants: nothing here raises for bad
input or a failed request; a list is offered only for an analysis whose own list is empty
(:func:`needs_crossref_list`), never mixed with one the PDF holds.

Where the DOI comes from, in this order: a metadata key that names a DOI (Elsevier's info ``doi``, XMP
``prism:doi``, ``dc:identifier``, ...), then the info ``Subject`` ("Cell, 187 (2024) 1762-1777.
doi:10.1016/j.cell.2024.02.016"), then the first DOI printed on the first page, where publishers print the
paper's own in the header or footer. Measured on the 47 corpus PDFs (pdfminer): 13 name a DOI in their
metadata, 28 print one on page 1; where both exist they agree in 10 of 11 (PLOS ONE's printed DOI breaks
across two text items and is read as "10.1371/journal.pone": hence metadata first).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from citelens import ids
from citelens.model import Document
from citelens.resolve import crossref
from citelens.resolve.settings import Settings
from citelens.resolve.transport import Client, FetchError

#: Metadata keys (lower case) that hold the paper's DOI, most specific first: the info dictionary's own
#: ``doi`` (Elsevier, Oxford), XMP ``prism:doi`` (ACS, Elsevier), ``pdfx:doi`` and ``crossmark:doi`` (Crossmark
#: PDFs), ``dc:identifier`` ("doi:10.1093/nar/gkae252"); the free-text ``subject`` last.
METADATA_KEYS = ("doi", "prism:doi", "pdfx:doi", "crossmark:doi", "dc:identifier", "subject")


def own_doi(document: Document | None, metadata: Mapping[str, Any] | None = None) -> str | None:
    """The paper's own DOI: from its metadata, else the first DOI printed on its first page; or None.

    >>> from citelens.model import Page, TextItem
    >>> line = TextItem("eLife 2014;3:e01567. doi:10.7554/eLife.01567.", 72, 60, 300, 9, 9)
    >>> paper = Document((Page(1, 612, 792, (line,)),))
    >>> own_doi(paper), own_doi(paper, {"Subject": "Cell, 187 (2024). doi:10.1016/j.cell.2024.02.016"})
    ('10.7554/elife.01567', '10.1016/j.cell.2024.02.016')
    """
    return doi_in_metadata(metadata) or (doi_on_first_page(document) if document is not None else None)


def doi_in_metadata(metadata: Mapping[str, Any] | None) -> str | None:
    """The DOI of the first key of :data:`METADATA_KEYS` (any case) whose text holds one, or None.

    >>> doi_in_metadata({"Title": "10.1000/not-this", "prism:doi": "10.1021/acs.jctc.2c00401"})
    '10.1021/acs.jctc.2c00401'
    >>> doi_in_metadata({"Doi": ""}), doi_in_metadata(None), doi_in_metadata({"doi": 42})
    (None, None, None)
    """
    if not isinstance(metadata, Mapping):
        return None
    by_key: dict[str, str] = {}
    for key, value in metadata.items():
        if isinstance(key, str) and isinstance(value, str):
            by_key.setdefault(key.strip().casefold(), value)
    for key in METADATA_KEYS:
        doi = ids.doi(by_key.get(key))
        if doi:
            return doi
    return None


def doi_on_first_page(document: Document) -> str | None:
    """The first DOI printed on the document's first page (its items in reading order), or None.

    >>> from citelens.model import Page, TextItem
    >>> items = (TextItem("A short note", 72, 60, 80, 12, 12), TextItem("doi.org/10.1063/1.4938384.", 72, 80, 9, 9, 9))
    >>> doi_on_first_page(Document((Page(1, 612, 792, items),))), doi_on_first_page(Document(()))
    ('10.1063/1.4938384', None)
    """
    if not document.pages:
        return None
    text = " ".join(item.text for item in document.pages[0].items)
    return ids.doi(text)


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
