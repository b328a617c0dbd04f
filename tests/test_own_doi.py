"""The paper's own DOI (citelens.own_doi): a table of metadata and first pages, the metadata the pdfminer
adapter reads from a real corpus paper, and the field ``own_doi`` of the analysis, through the worker's bridge
and ``citelens analyze`` alike."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import corpus
from citelens.model import Document, Page, TextItem
from citelens.own_doi import doi_in_metadata, own_doi
from citelens.pipeline import analyze

ELIFE = "10.7554/elife.01567"
BRIDGE = Path(__file__).resolve().parent.parent / "worker" / "bridge.py"
CITESEE = "pdf/arxiv-2023-citesee-chi-2302.07302.pdf"  # ACM: the DOI in its XMP, none printed on page 1


def paper(metadata: dict[str, str] | None, *lines: str) -> Document:
    items = tuple(TextItem(text, 72, 80 + 14 * n, 6 * len(text), 10, 10) for n, text in enumerate(lines))
    second = Page(2, 612, 792, (TextItem("doi:10.1000/page.two", 72, 80, 90, 10, 10),))
    return Document((Page(1, 612, 792, items), second), metadata=tuple((metadata or {}).items()))


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
    assert own_doi(paper(metadata, *lines)) == expected


def test_own_doi_of_no_pages_or_odd_metadata() -> None:
    assert own_doi(Document((), metadata=(("doi", ELIFE),))) == ELIFE
    assert own_doi(Document(())) is None
    assert doi_in_metadata({"doi": 10.1, 3: "10.1/x"}) is None
    assert doi_in_metadata(["doi", ELIFE]) is None  # type: ignore[arg-type]


def test_the_adapter_reads_the_info_dictionary_and_the_xmp_of_a_real_paper() -> None:
    metadata = dict(corpus.document(CITESEE).metadata)
    assert metadata["Title"].startswith("CiteSee: Augmenting Citations")  # the info dictionary
    assert metadata["prism:doi"] == "10.1145/3544548.3580847"  # XMP, under its own prefix, in lower case
    assert "dc:title" not in metadata  # an rdf:Alt of texts, which pdf.js gives as a list: not one text
    assert analyze(corpus.document(CITESEE)).own_doi == "10.1145/3544548.3580847"


def test_text_only_keeps_the_metadata() -> None:
    document = paper({"prism:doi": "10.1021/acs.jctc.2c00401"}, "A title")
    assert analyze(document, text_only=True).to_json()["own_doi"] == "10.1021/acs.jctc.2c00401"


# ----------------------------------------------------------------------------------- the worker side


@pytest.fixture(scope="module")
def bridge():
    spec = importlib.util.spec_from_file_location("citelens_worker_bridge_own_doi", BRIDGE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _request(lines: list[str], metadata: dict | None = None) -> str:
    items = [[text, 72, 80 + 14 * n, 6 * len(text), 10, 10, 0] for n, text in enumerate(lines)]
    page = {"number": 1, "width": 612, "height": 792, "fonts": ["Times-Roman"], "items": items}
    document = {"pages": [page]} | ({"metadata": metadata} if metadata is not None else {})
    return json.dumps({"document": document, "options": {"text_only": False}})


def test_the_worker_analysis_carries_the_papers_own_doi(bridge) -> None:
    result, name, _ = bridge.analyze(_request(["A paper", f"doi:{ELIFE}"]))
    assert name is None
    analysis = json.loads(result)
    assert analysis["own_doi"] == ELIFE and analysis["references"] == []
    from_metadata = json.loads(bridge.analyze(_request(["A paper"], {"prism:doi": "10.1021/ACS.jctc.2c00401"}))[0])
    assert from_metadata["own_doi"] == "10.1021/acs.jctc.2c00401"
    assert json.loads(bridge.analyze(_request(["A paper"]))[0])["own_doi"] is None
    assert bridge.analyze(_request(["A paper"], ["not", "an object"]))[1] == "InputError"  # type: ignore[arg-type]
