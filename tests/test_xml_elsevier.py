"""Elsevier full-text XML (:mod:`citelens.xml.elsevier`) on a small article we wrote after the published
schema (``tests/xml_inputs/elsevier-small.xml``: no Elsevier XML is in the shared corpus), and its bad
forms."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from citelens.xml import NotPlaced, XmlInputError, read_article

INPUTS = Path(__file__).parent / "xml_inputs"
SMALL = (INPUTS / "elsevier-small.xml").read_bytes()


@pytest.fixture(scope="module")
def article():  # noqa: ANN201
    return read_article(SMALL, "elsevier-small.xml")


def test_text_markers_and_sentences(article) -> None:  # noqa: ANN001
    assert article.format == "elsevier"
    assert (article.title, article.doi) == ("Pain maps in a small invented cohort", "10.9999/j.citelens.2024.01.001")
    assert "1 Introduction\n\nDorsal horn neurons" in article.text  # the label joins its section title
    assert "fell to 10−3 in CO2 (Fig. 1)." in article.text  # ce:sup and ce:inf kept
    got = [(c.text, c.ref_ids, article.text[c.sentence[0]:c.sentence[1]], str(c.context)) for c in article.citations]
    intro = ("Dorsal horn neurons project to the thalamus [1,2], and lamina I cells respond to heat [3]–[5].")
    assert got == [
        ("[1]", ("bib0005",), "Maps of pain differ across cohorts [1].", "abstract"),
        ("[1,2]", ("bib0005", "bib0010"), intro, "body"),  # ce:cross-refs: several ids in one element
        ("[3]–[5]", ("bib0015", "bib0020", "bib0025"), intro, "body"),  # two cross-refs joined by a dash
        ("4", ("bib0020",), "Earlier work agrees.4", "body"),  # raised, after the full stop
        ("[2–4]", ("bib0010", "bib0015", "bib0020"), "A grouped range is one element [2–4].", "body"),
        ("[3]", ("bib0015",), "We thank the team of [3].", "back"),
    ]
    for c in article.citations:
        assert article.text[c.start:c.end] == c.text
    # The figure cross-ref is no citation; the figure caption, the table and the graphical abstract are
    # counted, not placed.
    assert article.not_placed == {NotPlaced.CAPTION: 1, NotPlaced.TABLE: 1, NotPlaced.OTHER: 1}
    assert article.elements == 10 and article.diagnostics == ()


def test_structured_and_unstructured_references(article) -> None:  # noqa: ANN001
    r = {ref.id: ref for ref in article.references}
    assert [ref.label for ref in article.references] == ["[1]", "[2]", "[3]", "[4]", "[5]"]
    one = r["bib0005"]
    assert (one.authors, one.year, one.title, one.source, one.doi) == \
        (("Andrew", "Brown"), 2003, "Projection neurons of lamina I", "J Invented Neurosci", "10.9999/jin.2003.100")
    assert (r["bib0010"].authors, r["bib0010"].source, r["bib0010"].year) == \
        (("The Invented Pain Consortium",), "Handbook of Invented Pain", 2010)
    assert r["bib0015"].raw == "C. Carter, Lamina I and heat, preprint (2015) arXiv:1501.01234."
    assert (r["bib0015"].authors, r["bib0015"].year, r["bib0015"].arxiv_id) == (("Carter",), 2015, "1501.01234")
    assert r["bib0025"].url == "https://example.org/maps"
    assert json.loads(json.dumps(article.to_json()))["references"][0]["id"] == "bib0005"


def _edit(old: str, new: str) -> bytes:
    text = SMALL.decode("utf-8")
    assert old in text
    return text.replace(old, new).encode("utf-8")


@pytest.mark.parametrize(("data", "message"), [
    (_edit('xmlns="http://www.elsevier.com/xml/svapi/article/dtd"', 'xmlns="http://example.org/other"'),
     "wrong namespace: <full-text-retrieval-response> is in http://example.org/other"),
    (re.sub(rb"<originalText>.*</originalText>", b"", SMALL, flags=re.S), "holds no article text"),
    (re.sub(rb"<ce:bibliography .*</ce:bibliography>", b"", SMALL, flags=re.S), "has no reference list"),
    (SMALL[:len(SMALL) // 2], "truncated file?"),
])
def test_bad_elsevier_input(data: bytes, message: str) -> None:
    with pytest.raises(XmlInputError, match=re.escape(message)):
        read_article(data, "e.xml")
