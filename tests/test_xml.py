"""Structured sources (:mod:`citelens.xml`): the text builder on tiny inputs, JATS on a small article we
wrote (``tests/xml_inputs/jats-small.xml``) and on every real JATS article of ``../shared/corpus/jats``,
bad input, and the ``citelens xml`` command."""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from citelens.model import InputError
from citelens.xml import NotPlaced, XmlInputError, read_article
from citelens.xml.jats import BLOCKS, DROPPED, LEFT_OUT
from citelens.xml.text import Markup, build_text
from corpus import CORPUS

INPUTS = Path(__file__).parent / "xml_inputs"
JATS_DIR = CORPUS / "jats"


def _cites(elem: ET.Element) -> tuple[str, ...] | None:
    return tuple((elem.get("rid") or "").split()) if elem.tag == "xref" else None


MARKUP = Markup(BLOCKS, LEFT_OUT, DROPPED, frozenset({"sup"}), frozenset({"label"}), _cites)


def build(body: str):  # noqa: ANN201
    return build_text([(ET.fromstring(body), "body")], MARKUP)


# ------------------------------------------------------------------------------------- text builder

BUILD_CASES = [
    # (XML, text, markers as they read in the text)
    ('<body><p>As shown <xref rid="b1">[1]</xref>.</p></body>', "As shown [1].", ["[1]"]),
    # Pretty-printed superscripts: the layout white space around and inside <sup> is not text.
    ('<body><p>identified\n  <sup>\n    <xref rid="b7">7</xref>,\n    <xref rid="b8">8</xref>\n  </sup>.'
     ' Next</p></body>', "identified7,8. Next", ["7", "8"]),
    # A wrapped line before a marker is a space; before a comma it is nothing.
    ('<body><p>the island\n\t<xref rid="b1">[1]</xref>\n\t,\n\t<xref rid="b2">[2]</xref>\n\t. It</p></body>',
     "the island [1], [2]. It", ["[1]", "[2]"]),
    # Superscripts and subscripts stay: notation and raised markers.
    ("<body><p>p<sub>FWE</sub> &lt; 10<sup>-3</sup> in H<sub>2</sub>O</p></body>", "pFWE < 10-3 in H2O", []),
    # Blocks are paragraphs; a label joins its title's line.
    ("<body><sec><label>2.1</label><title>Methods</title><p>One.</p><p>Two.</p></sec></body>",
     "2.1 Methods\n\nOne.\n\nTwo.", []),
    # Tables, figures and footnotes are left out of the text (their citations are counted).
    ('<body><p>Before <table-wrap><table><tr><td><xref rid="b1">1</xref></td></tr></table></table-wrap>'
     'after.</p></body>', "Before after.", []),
    # The sentinels cannot be forged by the article: private-use characters become U+FFFD.
    ('<body><p>A\ue000B <xref rid="b1">x\ue001</xref></p></body>', "A\ufffdB x\ufffd", ["x\ufffd"]),
    # An empty citation element places nothing.
    ('<body><p>Empty <xref rid="b1"/> here.</p></body>', "Empty here.", []),
]


@pytest.mark.parametrize(("xml", "text", "markers"), BUILD_CASES)
def test_build_text_table(xml: str, text: str, markers: list[str]) -> None:
    built = build(xml)
    assert built.text == text
    assert [built.text[p.start:p.end] for p in built.placed] == markers
    assert all(p.exact and built.text[p.start:p.end] == p.text for p in built.placed)


def test_left_out_citations_are_counted_by_their_nearest_heading() -> None:
    built = build('<body><p>Text.<fig><caption><p>After <xref rid="b1">1</xref>.</p></caption></fig></p>'
                  '<table-wrap><caption><p><xref rid="b2">2</xref></p></caption><table><tr><td>'
                  '<xref rid="b3">3</xref> <xref rid="b4">4</xref></td></tr></table></table-wrap>'
                  '<p>Note<fn><p><xref rid="b5">5</xref></p></fn>.</p></body>')
    assert built.text == "Text.\n\nNote."
    assert built.placed == ()
    assert built.not_placed == {NotPlaced.CAPTION: 2, NotPlaced.TABLE: 2, NotPlaced.FOOTNOTE: 1}


# -------------------------------------------------------------------------------- our small article


@pytest.fixture(scope="module")
def small():  # noqa: ANN201
    return read_article((INPUTS / "jats-small.xml").read_bytes(), "jats-small.xml")


def test_small_article_markers_ranges_and_sentences(small) -> None:  # noqa: ANN001
    got = [(c.text, c.ref_ids, small.text[c.sentence[0]:c.sentence[1]], str(c.context)) for c in small.citations]
    assert got == [
        ("[1]", ("b1",), "Corrected maps are standard [1].", "abstract"),
        # <xref>1</xref>–<xref>4</xref>: one marker naming every entry between, in list order.
        ("1–4", ("b1", "b2", "b3", "b4"), "Many studies agree 1–4.", "body"),
        ("[3]-[6]", ("b3", "b4", "b5", "b6"), "Others differ [3]-[6] and one range is a single link 2–5.", "body"),
        # One element reading "2–5" that names only entry 2 (PLOS Medicine's markup).
        ("2–5", ("b2", "b3", "b4", "b5"), "Others differ [3]-[6] and one range is a single link 2–5.", "body"),
        # Raised markers after a full stop belong to the sentence before them.
        ("5", ("b5",), "Thresholds used pFWE < 0.05 as before.5,6", "body"),
        ("6", ("b6",), "Thresholds used pFWE < 0.05 as before.5,6", "body"),
        ("2", ("b2",), "The effect was shown earlier.2", "body"),
        # No ref-type, but its id is an entry: a citation.
        ("Smith\ufffd et al.", ("b6",), "Next sentence cites Smith\ufffd et al. and a missing entry 99.", "body"),
        ("99", (), "Next sentence cites Smith\ufffd et al. and a missing entry 99.", "body"),
        ("5", ("b5",), "We thank the authors of 5.", "back"),
    ]
    assert "pFWE < 0.05" in small.text  # the subscript is kept
    assert small.not_placed == {NotPlaced.CAPTION: 1, NotPlaced.TABLE: 2, NotPlaced.FOOTNOTE: 1}
    assert small.elements == 16
    assert [d.code for d in small.diagnostics] == ["unknown_id"]
    assert small.title == "Small test article" and small.doi == "10.9999/citelens.test.1"


def test_small_article_references(small) -> None:  # noqa: ANN001
    r = {ref.id: ref for ref in small.references}
    assert [ref.index for ref in small.references] == [1, 2, 3, 4, 5, 6]
    assert r["b1"].raw == "Ada A, Byron B (2001) First maps. J Maps 1: 1–9. doi: 10.9999/maps.1"
    assert (r["b1"].label, r["b1"].authors, r["b1"].year, r["b1"].title, r["b1"].source, r["b1"].doi) == \
        ("1", ("Ada", "Byron"), 2001, "First maps", "J Maps", "10.9999/maps.1")
    # element-citation: pieces without punctuation, a collaboration among the authors, a PMID.
    assert (r["b2"].authors, r["b2"].year, r["b2"].pmid) == (("Curie", "The Map Consortium"), 2005, "1234567")
    # Unstructured mixed-citation: the fields come from the text, as the PDF path reads them.
    assert (r["b3"].authors, r["b3"].year, r["b3"].arxiv_id) == (("Dirac",), 2010, "1001.01234")
    assert (r["b5"].year, r["b5"].year_suffix) == (2012, "a")


def test_fields_set_side_by_side_in_a_mixed_citation_read_apart() -> None:
    # Some publishers set a name's parts, or two fields, with nothing between (PMC shows "Silk MJ"); type faces
    # inside a field stay glued ("<italic>E. coli</italic>s").
    xml = (b'<article><body><p>As shown <xref ref-type="bibr" rid="b1">(Silk 2014)</xref>.</p></body><back><ref-list>'
           b'<ref id="b1"><mixed-citation><person-group><name><surname>Silk</surname><given-names>MJ</given-names>'
           b'</name>, <name><surname>Croft</surname><given-names>DP</given-names></name></person-group> '
           b'<year>2014</year> Networks of <italic>E. coli</italic>s. <source>Ecol</source> <fpage>9</fpage>'
           b'<lpage>12</lpage>.</mixed-citation></ref></ref-list></back></article>')
    ref = read_article(xml, "t.xml").references[0]
    assert ref.raw == "Silk MJ, Croft DP 2014 Networks of E. colis. Ecol 9 12."
    assert (ref.authors, ref.year) == (("Silk", "Croft"), 2014)


def test_marker_after_a_full_stop_and_a_space_goes_to_the_sentence_before() -> None:
    xml = (b'<article><body><p>It was shown. <xref ref-type="bibr" rid="b1">12</xref> Next one. It grew '
           b'12-fold. <xref ref-type="bibr" rid="b1">12</xref>-fold growth.</p></body><back><ref-list>'
           b'<ref id="b1"><mixed-citation>A</mixed-citation></ref></ref-list></back></article>')
    a = read_article(xml, "t.xml")
    assert [a.text[c.sentence[0]:c.sentence[1]] for c in a.citations] == ["It was shown. 12", "12-fold growth."]


# -------------------------------------------------------------------------------------- the corpus


def _manifest_jats() -> list[tuple[str, int, int]]:
    """(file, refs, xref bibr) for each JATS article of the manifest, as its notes give them."""
    out = []
    with (CORPUS / "MANIFEST.tsv").open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            m = re.search(r"refs=(\d+); xref bibr=(\d+)", row["notes"])
            if row["file"].startswith("jats/") and m:
                out.append((row["file"], int(m.group(1)), int(m.group(2))))
    return out


JATS_ROWS = _manifest_jats() if (CORPUS / "MANIFEST.tsv").is_file() else []


def test_the_manifest_lists_the_jats_articles() -> None:
    if not JATS_ROWS:
        pytest.skip(f"no shared corpus at {CORPUS}")
    assert len(JATS_ROWS) == 19


@pytest.mark.corpus
@pytest.mark.parametrize(("file", "refs", "xrefs"), JATS_ROWS, ids=[Path(r[0]).stem for r in JATS_ROWS])
def test_corpus_article(file: str, refs: int, xrefs: int) -> None:
    data = (CORPUS / file).read_bytes()
    a = read_article(data, file)
    assert len(a.references) == refs
    assert a.elements == xrefs  # every <xref ref-type="bibr"> is placed, counted as not placed, or empty
    assert a.citations, "an article with citations places some"
    for c in a.citations:
        # The offset check: the text holds the marker exactly where its offsets say.
        assert a.text[c.start:c.end] == c.text
        assert c.sentence[0] <= c.start < c.end <= c.sentence[1] <= len(a.text)
        assert set(c.ref_ids) <= {r.id for r in a.references}
    assert not [d for d in a.diagnostics if d.code == "marker_text"]
    # Each single-element marker reads as its element does, parsed here independently.
    root = ET.fromstring(data)
    own = {" ".join("".join(x.itertext()).split()) for x in root.iter("xref") if x.get("ref-type") == "bibr"}
    joined = re.compile(r"[\[(]?\d+[\])]?\s?[-\u2013]\s?[\[(]?\d+[\])]?")  # two elements: "1–4", "[3]-[6]"
    assert all(c.text in own or joined.fullmatch(c.text) for c in a.citations)


def _article(stem: str):  # noqa: ANN202
    path = JATS_DIR / f"{stem}.xml"
    if not path.is_file():
        pytest.skip(f"no shared corpus at {CORPUS}")
    return read_article(path.read_bytes(), path.name)


@pytest.mark.corpus
def test_corpus_ranges_expand_in_list_order() -> None:
    # PLOS Medicine links "1–3" to its first entry only; F1000 writes <xref>1</xref>–<xref>3</xref>.
    med = _article("plos-med-2005-0020124")
    first = next(c for c in med.citations if c.text == "1–3")
    assert first.ref_ids == tuple(r.id for r in med.references[:3])
    f1000 = _article("f1000research-2014-3-305")
    joined = next(c for c in f1000.citations if c.text == "1–3")
    assert joined.ref_ids == ("ref-1", "ref-2", "ref-3")


@pytest.mark.corpus
def test_corpus_superscript_markers_stay_in_the_text() -> None:
    a = _article("f1000research-2014-3-305")
    assert "(OBPs) from mosquitoes have been isolated and identified7." in a.text
    c = next(c for c in a.citations if a.text[c.start - 10:c.start] == "identified")
    assert c.text == "7" and c.ref_ids == ("ref-7",)
    # A raised marker after its full stop ends the sentence it closes.
    assert a.text[c.sentence[0]:c.sentence[1]].endswith("have been isolated and identified7.")


@pytest.mark.corpus
def test_corpus_table_and_caption_citations_are_counted_not_placed() -> None:
    assert _article("bmc-microbiol-2011-11-174").not_placed == {NotPlaced.CAPTION: 6, NotPlaced.TABLE: 14}
    nano = _article("nanoconvergence-2020-PMC7417471")
    assert nano.not_placed == {NotPlaced.CAPTION: 12, NotPlaced.TABLE: 52}


# -------------------------------------------------------------------------------------- bad input

BAD = [
    ("truncated.xml", "the XML ends before the document does (truncated file?)"),
    ("wrong-namespace.xml", "wrong namespace: the root element <article> is in http://www.w3.org/1999/xhtml"),
    ("no-back.xml", "the article has no reference list: no <back> matter"),
    ("entity-bomb.xml", "declares its own entities"),
]


@pytest.mark.parametrize(("name", "message"), BAD)
def test_bad_input_raises_a_clear_input_error(name: str, message: str) -> None:
    with pytest.raises(XmlInputError) as info:
        read_article((INPUTS / name).read_bytes(), name)
    assert isinstance(info.value, InputError) and isinstance(info.value, ValueError)
    assert str(info.value).startswith(f"{name}: ") and message in str(info.value)


@pytest.mark.parametrize(("data", "message"), [
    (b"", "the file is empty"),
    (b"%PDF-1.7 not xml", "not well-formed XML"),
    (b"<html><body/></html>", "the root element is <html>"),
    (b"<article><body/><back><ref-list/></back></article>", "<back> has no <ref-list> with <ref> entries"),
    (b"<article><body><p>&undefinedthing;</p></body></article>", "undefined entity"),
])
def test_more_bad_input(data: bytes, message: str) -> None:
    with pytest.raises(XmlInputError, match=re.escape(message)):
        read_article(data, "x.xml")


# ---------------------------------------------------------------------------------------------- CLI


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CITELENS_DEBUG"}
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run([sys.executable, "-m", "citelens", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120, check=False)


def test_cli_one_file_prints_one_json_document() -> None:
    proc = run("xml", INPUTS / "jats-small.xml")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and proc.stdout.count("\n") == 1
    out = json.loads(proc.stdout)
    assert set(out) == {"schema_version", "source", "title", "doi", "text", "references", "citations",
                        "citation_elements", "not_placed", "diagnostics"}
    assert out["schema_version"] == 1 and out["source"]["format"] == "jats"
    c = out["citations"][1]
    assert out["text"][c["start"]:c["end"]] == c["text"] == "1–4" and c["ref_ids"] == ["b1", "b2", "b3", "b4"]
    assert out["text"][c["sentence"]["start"]:c["sentence"]["end"]] == "Many studies agree 1–4."
    assert out["not_placed"] == {"table": 2, "caption": 1, "footnote": 1, "other": 0}
    assert out["references"][0]["id"] == "b1" and out["references"][0]["label"] == "1"


@pytest.mark.parametrize("name", [name for name, _ in BAD])
def test_cli_bad_file_exits_1_and_writes_nothing(tmp_path: Path, name: str) -> None:
    target = tmp_path / "out.json"
    proc = run("xml", INPUTS / name, "-o", target)
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"citelens: {INPUTS / name}: ") and proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_cli_bad_file_keeps_an_existing_output(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")
    assert run("xml", INPUTS / "truncated.xml", "-o", target).returncode == 1
    assert target.read_text(encoding="utf-8") == "old" and len(list(tmp_path.iterdir())) == 1


def test_cli_folder_gives_json_lines_a_bar_and_goes_on_past_a_bad_file(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("jats-small.xml", "truncated.xml", "no-back.xml"):
        (folder / name).write_bytes((INPUTS / name).read_bytes())
    (folder / "sub").mkdir()
    (folder / "sub" / "again.nxml").write_bytes((INPUTS / "jats-small.xml").read_bytes())
    target = tmp_path / "out.jsonl"
    proc = run("xml", folder, "-o", target, "--progress")
    assert proc.returncode == 1
    lines = target.read_text(encoding="utf-8").splitlines()
    assert [Path(json.loads(line)["source"]["file"]).name for line in lines] == ["jats-small.xml", "again.nxml"]
    assert "[" in proc.stderr and "4/4" in proc.stderr  # the bar was drawn
    assert f"citelens: {folder / 'truncated.xml'}: " in proc.stderr
    assert f"citelens: {folder / 'no-back.xml'}: " in proc.stderr
    assert proc.stderr.rstrip().endswith("2 ok, 2 failed in " + proc.stderr.rstrip().rsplit(" in ", 1)[1])
    # Without --progress and without a terminal: no bar, only failures and the summary.
    quiet = run("xml", folder, "-o", target)
    assert "[" not in quiet.stderr.replace(f"{folder}", "") and "2 ok, 2 failed" in quiet.stderr


def test_cli_pretty_needs_one_file() -> None:
    proc = run("xml", INPUTS, "--pretty")
    assert proc.returncode == 2 and "--pretty needs a single file" in proc.stderr
