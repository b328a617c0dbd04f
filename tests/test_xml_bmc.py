"""BioMed Central's own article DTD (:mod:`citelens.xml.bmc`): a small article we wrote after the one real
file of the shared corpus (``jats/bmc-trials-2014-15-511.bmc-article-dtd.xml``), that real file, and bad
input."""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from citelens.xml import NotPlaced, XmlInputError, read_article
from citelens.xml.bmc import read_bmc
from corpus import CORPUS

REAL = "jats/bmc-trials-2014-15-511.bmc-article-dtd.xml"

SMALL = b"""<?xml version='1.0'?>
<!DOCTYPE art SYSTEM 'http://www.biomedcentral.com/xml/article.dtd'>
<art>
  <ui>0000-0000-1-1</ui>
  <fm>
    <dochead>Research</dochead>
    <bibl>
      <title><p>Small invented trial</p></title>
      <aug><au id="A1"><snm>Ada</snm><fnm>Alice</fnm><email>a@example.org</email></au></aug>
      <xrefbib><pubidlist><pubid idtype="doi">10.9999/bmc.small.1</pubid></pubidlist></xrefbib>
    </bibl>
    <abs><sec><st><p>Background</p></st><p>Pain maps differ <abbrgrp>
        <abbr bid="B1">1</abbr>
      </abbrgrp>.</p></sec></abs>
  </fm>
  <bdy>
    <sec>
      <st><p>Background</p></st><p>Many trials agree <abbrgrp>
          <abbr bid="B1">1</abbr>-<abbr bid="B4">4</abbr>
        </abbrgrp>, others not <abbrgrp>
          <abbr bid="B2">2</abbr>
          <abbr bid="B5">5</abbr>
        </abbrgrp> (Table&#160;<tblr tid="T1">1</tblr>, Figure&#160;<figr fid="F1">1</figr>).</p>
      <fig id="F1"><title><p>Figure 1</p></title><text><p>After <abbrgrp><abbr bid="B3">3</abbr></abbrgrp>.</p></text>
        <graphic file="1745-0000-1-1-1"/></fig>
      <tbl id="T1"><title><p>Table 1</p></title><caption><p>Sources</p></caption><tblbdy cols="1"><r><c>
        <p><abbrgrp><abbr bid="B2">2</abbr></abbrgrp></p></c></r></tblbdy></tbl>
      <p>A missing entry <abbrgrp><abbr bid="B9">9</abbr></abbrgrp> and p<sub>FWE</sub> &lt; 10<sup>-3</sup>.</p>
    </sec>
  </bdy>
  <bm>
    <ack><sec><st><p>Acknowledgements</p></st><p>We thank the team of <abbrgrp><abbr bid="B5">5</abbr></abbrgrp>.</p></sec></ack>
    <refgrp>
      <bibl id="B1"><title><p>First maps</p></title><aug><au><snm>Ada</snm><fnm>A</fnm></au><au><snm>Byron</snm><fnm>B</fnm></au></aug><source>J Maps</source><pubdate>2001</pubdate><volume>1</volume><issue>2</issue><fpage>1</fpage><lpage>9</lpage><xrefbib><pubidlist><pubid idtype="doi">10.9999/maps.1</pubid><pubid idtype="pmpid" link="fulltext">1234567</pubid></pubidlist></xrefbib></bibl>
      <bibl id="B2"><title><p>Second maps?</p></title><aug><au><snm>Curie</snm><fnm>M</fnm></au><au><cnm>The Map Consortium</cnm></au><etal/></aug><source>Maps Rev</source><pubdate>2005</pubdate><volume>3</volume><note>CD000001</note></bibl>
      <bibl id="B3"><title><p>A book of maps</p></title><aug><au><snm>Dirac</snm><fnm>P</fnm></au></aug><source>Maps</source><publisher>London: Invented Press</publisher><pubdate>2010</pubdate></bibl>
      <bibl id="B4"><title><p>Fourth</p></title><aug><au><snm>Euler</snm><fnm>L</fnm></au></aug><source>J Maps</source><pubdate>2012</pubdate><fpage>e5</fpage></bibl>
      <bibl id="B5"><title><p>Map Browser</p></title><note>[<url>http://example.org/maps</url>]</note></bibl>
    </refgrp>
  </bm>
</art>
"""


@pytest.fixture(scope="module")
def small():  # noqa: ANN201
    return read_article(SMALL, "bmc-small.xml")


def test_small_article_markers_ranges_and_sentences(small) -> None:  # noqa: ANN001
    assert small.format == "bmc" and small.to_json()["source"]["format"] == "bmc"
    assert (small.title, small.doi) == ("Small invented trial", "10.9999/bmc.small.1")
    # A citation group is typeset as BMC's stylesheet does: brackets, commas between its elements.
    assert "Many trials agree [1-4], others not [2,5] (Table 1, Figure 1)." in small.text
    assert "pFWE < 10-3" in small.text and "Figure 1\n" not in small.text  # sub/sup kept; no caption text
    got = [(c.text, c.ref_ids, small.text[c.sentence[0]:c.sentence[1]], str(c.context)) for c in small.citations]
    body = "Many trials agree [1-4], others not [2,5] (Table 1, Figure 1)."
    assert got == [
        ("1", ("B1",), "Pain maps differ [1].", "abstract"),
        # <abbr>1</abbr>-<abbr>4</abbr>: one marker naming every entry between, in list order.
        ("1-4", ("B1", "B2", "B3", "B4"), body, "body"),
        ("2", ("B2",), body, "body"),
        ("5", ("B5",), body, "body"),
        ("9", (), "A missing entry [9] and pFWE < 10-3.", "body"),
        ("5", ("B5",), "We thank the team of [5].", "back"),
    ]
    for c in small.citations:
        assert small.text[c.start:c.end] == c.text
    assert small.not_placed == {NotPlaced.CAPTION: 1, NotPlaced.TABLE: 1}
    assert small.elements == 9  # 7 placed (the range counts 2), 2 not placed
    assert [d.code for d in small.diagnostics] == ["unknown_id"]


def test_small_article_references(small) -> None:  # noqa: ANN001
    r = {ref.id: ref for ref in small.references}
    assert [(ref.index, ref.label) for ref in small.references] == [(k, str(k)) for k in range(1, 6)]
    one = r["B1"]
    assert one.raw == "Ada A, Byron B: First maps. J Maps 2001, 1(2):1-9."
    assert (one.authors, one.year, one.title, one.source, one.doi, one.pmid) == \
        (("Ada", "Byron"), 2001, "First maps", "J Maps", "10.9999/maps.1", "1234567")
    assert r["B2"].raw == "Curie M, The Map Consortium, et al.: Second maps? Maps Rev 2005, 3. CD000001"
    assert r["B2"].authors == ("Curie", "The Map Consortium")
    assert r["B3"].raw == "Dirac P: A book of maps. Maps. London: Invented Press; 2010."
    assert r["B4"].raw == "Euler L: Fourth. J Maps 2012, e5."
    assert (r["B5"].raw, r["B5"].authors, r["B5"].year, r["B5"].url) == \
        ("Map Browser. [http://example.org/maps]", (), None, "http://example.org/maps")
    assert json.loads(json.dumps(small.to_json()))["references"][1]["authors"] == ["Curie", "The Map Consortium"]


def test_the_callers_tree_is_left_as_it_was() -> None:
    root = ET.fromstring(SMALL)
    before = ET.tostring(root)
    read_bmc(root)
    assert ET.tostring(root) == before


# ----------------------------------------------------------------------------------- the real file


def _manifest_counts() -> tuple[int, int] | None:
    """(abbr citations, bibl entries) as the manifest's notes give them for the real file."""
    with (CORPUS / "MANIFEST.tsv").open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if row["file"] == REAL:
                m = re.search(r"<abbr bid='Bn'> \((\d+)\) -> <bibl id='Bn'> \((\d+)\)", row["notes"])
                return (int(m.group(1)), int(m.group(2))) if m else None
    return None


@pytest.fixture(scope="module")
def real():  # noqa: ANN201
    path = CORPUS / REAL
    if not path.is_file():
        pytest.skip(f"no shared corpus at {CORPUS}")
    return path.read_bytes(), read_article(path.read_bytes(), REAL)


@pytest.mark.corpus
def test_corpus_counts(real) -> None:  # noqa: ANN001
    data, a = real
    assert _manifest_counts() == (72, 38)
    # Counted here from the file's bytes, apart from the reader.
    refgrp = re.search(rb"<refgrp>.*</refgrp>", data, re.S).group(0)
    assert len(a.references) == len(re.findall(rb"<bibl id=", refgrp)) == 38
    assert a.elements == len(re.findall(rb"<abbr bid=", data)) == 72
    # Two citations in table captions, two in table cells; every other one is placed.
    assert a.not_placed == {NotPlaced.CAPTION: 2, NotPlaced.TABLE: 2}
    assert len(a.citations) == 72 - 4 == 68
    assert a.diagnostics == ()
    assert a.format == "bmc" and a.doi == "10.1186/1745-6215-15-511"
    assert a.title.startswith("A core outcome set for clinical trials on non-specific low back pain")


@pytest.mark.corpus
def test_corpus_offsets_entries_and_sentences(real) -> None:  # noqa: ANN001
    data, a = real
    index = {r.id: r.index for r in a.references}
    for c in a.citations:
        # The offset check: the text holds the marker exactly where its offsets say.
        assert a.text[c.start:c.end] == c.text
        assert c.sentence[0] <= c.start < c.end <= c.sentence[1] <= len(a.text)
        # BMC numbers its list by position: each marker reads the number of the entry it names.
        assert len(c.ref_ids) == 1 and c.text == str(index[c.ref_ids[0]])
    assert [c.start for c in a.citations] == sorted(c.start for c in a.citations)
    # The markers, in order, are the file's <abbr> elements outside its tables, parsed here independently.
    root = ET.fromstring(data)
    in_tables = {id(x) for t in root.iter("table") for x in t.iter("abbr")}
    assert [c.ref_ids[0] for c in a.citations] == [x.get("bid") for x in root.iter("abbr") if id(x) not in in_tables]
    assert {str(c.context) for c in a.citations} == {"body"}


@pytest.mark.corpus
def test_corpus_groups_read_as_typeset(real) -> None:  # noqa: ANN001
    _, a = real
    assert "disability-adjusted life years (DALYs) [1,2]. The costs" in a.text
    assert "five recent Cochrane systematic reviews) [8,30,31,32] (Oosterhuis T et al. unpublished data)." in a.text
    first = a.citations[0]
    assert a.text[first.sentence[0]:first.sentence[1]].startswith("Low back pain (LBP) is the leading global")
    assert a.text[first.sentence[0]:first.sentence[1]].endswith("(DALYs) [1,2].")
    # The tables (captions and cells) are left out; the reference to one is text.
    assert "are presented in Table 1." in a.text and "Definitions of the terms used" not in a.text
    assert "This core area is to assess whether" not in a.text
    assert "Acknowledgements\n\nThis research project was funded" in a.text


@pytest.mark.corpus
def test_corpus_references(real) -> None:  # noqa: ANN001
    _, a = real
    r = {ref.id: ref for ref in a.references}
    assert r["B3"].raw == ("Dagenais S, Caro J, Haldeman S: A systematic review of low back pain cost of illness "
                           "studies in the United States and internationally. Spine J 2008, 8:8-20.")
    assert (r["B3"].authors, r["B3"].year, r["B3"].source, r["B3"].doi, r["B3"].pmid) == \
        (("Dagenais", "Caro", "Haldeman"), 2008, "Spine J", "10.1016/j.spinee.2007.10.005", "18164449")
    assert r["B6"].authors[-1] == "Editioral Board, Cochrane Back Review Group"  # <cnm>, spelt as the file does
    # A book: the publisher after the source, as BMC's list writes it.
    assert r["B15"].raw.endswith("Abstract Book of the XII \u2018International Low Back Pain Forum\u2019. "
                                 "Odense; 2012.")
    assert r["B29"].pmid == "8438002"  # a <pubid> straight under <xrefbib>, no <pubidlist>
    assert r["B25"].url == "http://www.ichom.org/project/low-back-pain" and r["B25"].authors == ()
    assert r["B1"].raw.count(", ") > 29 and ", et al.: Years lived with disability" in r["B1"].raw


@pytest.mark.corpus
def test_cli_reads_the_real_file() -> None:
    path = CORPUS / REAL
    if not path.is_file():
        pytest.skip(f"no shared corpus at {CORPUS}")
    env = {k: v for k, v in os.environ.items() if k != "CITELENS_DEBUG"} | {"PYTHONIOENCODING": "utf-8"}
    proc = subprocess.run([sys.executable, "-m", "citelens", "xml", str(path)], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["source"]["format"] == "bmc" and len(out["references"]) == 38 and out["citation_elements"] == 72


# -------------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(("data", "message"), [
    (b"<art><fm/><bdy><p>Text <abbrgrp><abbr bid='B1'>1</abbr></abbrgrp>.</p></bdy></art>",
     "the article has no reference list: no <bm> back matter"),
    (b"<art><bdy/><bm><ack/><refgrp/></bm></art>", "<bm> has no <refgrp> with <bibl> entries"),
    (SMALL[:len(SMALL) // 2], "truncated file?"),
    (SMALL.replace(b"<art>", b"<art xmlns='http://example.org/x'>"),
     "the root element is <art>"),
])
def test_bad_bmc_input(data: bytes, message: str) -> None:
    with pytest.raises(XmlInputError, match=re.escape(message)) as info:
        read_article(data, "b.xml")
    assert str(info.value).startswith("b.xml: ")
