"""Publisher HTML (:mod:`citelens.xml.html`) on pages we wrote after the markup of PLOS, Springer/BMC,
ScienceDirect, eLife, Frontiers and Taylor & Francis (``tests/html_inputs/``), the readability-text
placement, bad pages, and ``citelens xml page.html [--text FILE]``."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from citelens.model import InputError
from citelens.xml import NotPlaced, XmlInputError
from citelens.xml.html import HtmlInputError, Placement, parse_html, place_in_text, read_html

INPUTS = Path(__file__).parent / "html_inputs"
PAGES = sorted(p.name for p in INPUTS.glob("*.html"))


def read(name: str):  # noqa: ANN201
    return read_html((INPUTS / name).read_bytes(), name)


# ------------------------------------------------------------------------------------------ parsing

@pytest.mark.parametrize(("page", "tags"), [
    # HTML leaves <li> and <p> open: the next one closes them.
    ("<ul><li>one<li>two</ul>", [("ul", None), ("li", "one"), ("li", "two")]),
    ("<p>a<p>b<div>c</div>", [("p", "a"), ("p", "b"), ("div", "c")]),
    # <br> is a space; a stray end tag is ignored; an XHTML-style empty <a/> closes itself.
    ("<p>a<br>b</span></p>", [("p", "a b")]),
    ('<p><a id="r1"/>Ames</p>', [("p", None), ("a", None)]),
])
def test_parse_closes_what_html_leaves_open(page: str, tags: list[tuple[str, str | None]]) -> None:
    root = parse_html(page)
    assert [(e.tag, e.text) for e in root.iter() if e.tag != "x-document"] == tags


# ------------------------------------------------------------------------------------------- pages

# (page, references, [(marker, ref_ids, context)], not_placed, citation elements)
CASES = [
    ("plos.html", 8, [
        ("1", ["pone.0115884.ref001"], "abstract"),
        ("1–4", [f"pone.0115884.ref00{k}" for k in (1, 2, 3, 4)], "body"),  # [<a>1</a>–<a>4</a>]: a range
        ("5", ["pone.0115884.ref005"], "body"), ("6", ["pone.0115884.ref006"], "body"),
        ("2", ["pone.0115884.ref002"], "body"), ("7", ["pone.0115884.ref007"], "body"),
        ("3", ["pone.0115884.ref003"], "body"), ("5", ["pone.0115884.ref005"], "back"),
    ], {"table": 1, "caption": 1, "footnote": 0, "other": 2}, 13),
    ("springer.html", 6, [
        ("1", ["ref-CR1"], "abstract"), ("1", ["ref-CR1"], "body"), ("2", ["ref-CR2"], "body"),
        ("3–5", ["ref-CR3", "ref-CR4", "ref-CR5"], "body"), ("6", ["ref-CR6"], "body"), ("6", ["ref-CR6"], "back"),
    ], {"table": 0, "caption": 1, "footnote": 0, "other": 1}, 9),
    ("sciencedirect.html", 5, [
        ("[1]", ["bib1"], "abstract"), ("[1]", ["bib1"], "body"), ("[2]", ["bib2"], "body"),
        ("[3]–[5]", ["bib3", "bib4", "bib5"], "body"), ("[4]", ["bib4"], "body"),
    ], {"table": 1, "caption": 0, "footnote": 0, "other": 1}, 8),
    ("elife.html", 4, [
        ("Ames and Bell, 2001", ["bib1"], "abstract"), ("Ames and Bell, 2001", ["bib1"], "body"),
        ("Cox, 2002", ["bib2"], "body"), ("Dunn et al., 2003a", ["bib3"], "body"), ("2003b", ["bib4"], "body"),
        ("Cox (2002)", ["bib2"], "body"),
    ], {"table": 0, "caption": 1, "footnote": 0, "other": 0}, 7),
    ("frontiers.html", 3, [
        ("Ames, 2001", ["B1"], "abstract"), ("Ames, 2001", ["B1"], "body"), ("Bell and Cox, 2002", ["B2"], "body"),
        ("Dunn et al., 2003", ["B3"], "body"),
    ], {"table": 1, "caption": 0, "footnote": 0, "other": 0}, 5),
    ("tandf.html", 3, [
        ("Ames 2001", ["cit0001"], "body"), ("Bell 2002", ["cit0002"], "body"), ("[3]", ["ref-3"], "body"),
    ], {"table": 0, "caption": 0, "footnote": 1, "other": 0}, 4),
]


def test_every_page_has_a_case() -> None:
    assert sorted(c[0] for c in CASES) == PAGES


@pytest.mark.parametrize(("page", "n_refs", "markers", "not_placed", "elements"), CASES)
def test_page(page: str, n_refs: int, markers: list, not_placed: dict, elements: int) -> None:
    out = json.loads(json.dumps(read(page).to_json()))
    assert out["schema_version"] == 1 and out["source"]["format"] == "html"
    assert len(out["references"]) == n_refs
    assert [(c["text"], c["ref_ids"], c["context"]) for c in out["citations"]] == markers
    text = out["text"]
    for c in out["citations"]:  # the offset check of the XML path, on every marker
        assert text[c["start"]:c["end"]] == c["text"]
        assert c["sentence"]["start"] <= c["start"] < c["end"] <= c["sentence"]["end"]
    assert out["not_placed"] == not_placed and out["citation_elements"] == elements
    assert out["diagnostics"] == []
    # Chrome never reaches the text: the reference list, its heading, navigation, link rows.
    for chrome in ("References", "Download references", "Google Scholar", "PubMed", "Jump to ref"):
        assert chrome not in text
    assert "\ufffd" not in text and all(not "\ue000" <= ch <= "\ue0ff" for ch in text)


def test_plos_text_title_sentences_and_references() -> None:
    a = read("plos.html")
    assert (a.title, a.doi) == ("Invented heat maps of the dorsal horn", "10.9999/journal.pone.0115884")
    assert a.text.startswith("Invented heat maps of the dorsal horn\n\nAbstract\n\n")  # the <h1> of the header
    assert "Values below 10−3 in H2O were dropped [3]." in a.text  # <sup>/<sub> kept, <br> a space
    assert "Cohorts were matched as before [7]. Values" in a.text
    assert "Fig 1" not in a.text and "Cohort A" not in a.text  # figure and table left out
    s = [a.text[c.sentence[0]:c.sentence[1]] for c in a.citations]
    assert s[1] == s[2] == "Projection neurons reach the thalamus [1–4], and some respond to heat [5, 6]."
    assert s[-1] == "We thank the authors of [5]."
    r = a.references
    assert [x.label for x in r] == [f"{k}." for k in range(1, 9)]
    assert (r[0].doi, r[0].pmid, r[0].year) == ("10.9999/jin.2001.1", "11111111", 2001)
    assert r[0].authors == ("Ames", "Bell")
    assert r[0].raw == "Ames A, Bell B (2001) Projection neurons of lamina I. J Invented Neurosci 12: 1–9."
    assert r[7].raw.startswith("Iles I (2008) Never cited here.")  # an entry no marker names is still one


def test_hostile_markup_stays_inert_text() -> None:
    a = read("plos.html")
    out = json.dumps(a.to_json(), ensure_ascii=False)
    # Escaped markup in an entry is text, character for character; real <script> is dropped with its content.
    assert a.references[1].raw == ("Cox C (2002) Heat and <script>alert(1)</script> in the cord. "
                                   "Invented Pain 3: 10–20.")
    for never in ("steal(", "document.cookie", "onerror", "alert(2)", "document.write", "[98]", "[99]",
                  "window.track", "color: blue"):
        assert never not in out
    # The page's own private-use characters cannot forge a marker.
    forged = (INPUTS / "plos.html").read_text(encoding="utf-8").replace("Heat maps of lamina I",
                                                                        "Heat \ue000maps\ue001 of lamina I")
    b = read_html(forged, "forged.html")
    assert [c.text for c in b.citations] == [c.text for c in a.citations]
    assert "Heat \ufffdmaps\ufffd of lamina I" in b.text


def test_springer_links_through_the_canonical_url_and_data_counter() -> None:
    a = read("springer.html")
    assert a.doi == "10.9999/s99999-024-00001-2"  # dc.identifier "doi:..."
    assert [r.label for r in a.references] == [f"{k}." for k in range(1, 7)]
    assert (a.references[0].doi, a.references[0].pmid) == ("10.9999/jim.2001.12", "22222222")  # %2F unquoted
    assert a.references[0].raw == "Ames A, Bell B. Large invented cohorts. J Invented Methods. 2001;12:1–9."
    assert "Large cohorts were described before1,2 and small ones later3–5." in a.text
    # A raised marker after a full stop belongs to the sentence before, as in the XML path.
    six = a.citations[4]
    assert a.text[six.sentence[0]:six.sentence[1]] == "A 12-fold rise was reported.6"


def test_sciencedirect_back_links_charset_and_graphical_abstract() -> None:
    a = read("sciencedirect.html")
    assert "Graphical abstract" not in a.text  # counted under other, as Elsevier XML's graphical abstract
    assert "Café “sized” cohorts were used [4]." in a.text
    r = {x.id: x for x in a.references}
    # A latin-1 byte, read by the page's <meta charset>.
    assert r["bib4"].raw == "D. Dunn, Café cohorts, J. Invented Stat. 4 (2016) 1-2."
    assert (r["bib1"].label, r["bib1"].doi) == ("[1]", "10.9999/jin.2003.100")
    assert (r["bib3"].arxiv_id, r["bib5"].url) == ("1501.01234", "https://example.org/maps")
    assert "View PDF" not in r["bib1"].raw and "Crossref" not in r["bib1"].raw


def test_frontiers_link_rows_are_not_entries() -> None:
    a = read("frontiers.html")
    assert [(r.id, r.authors, r.year) for r in a.references] == [
        ("B1", ("Ames",), 2001), ("B2", ("Bell", "Cox"), 2002), ("B3", ("Dunn", "Eves", "Ford"), 2003)]
    assert a.references[0].raw.endswith("Invented Sleep 1, 1–9. doi: 10.9999/isl.2001.1")
    assert a.references[0].doi == "10.9999/isl.2001.1"


def test_footnote_links_are_no_citations() -> None:
    a = read("tandf.html")
    assert a.title == "Invented rivers and their banks" and a.doi is None
    assert "Rivers move (Ames 2001; Bell 2002).1 Banks erode [3]." in a.text  # the footnote mark stays text
    assert a.not_placed[NotPlaced.FOOTNOTE] == 1  # "As Bell (2002) noted." in the footnote
    assert [r.label for r in a.references] == [None, None, None]  # <ul>: no number drawn


# ------------------------------------------------------------------------------------- bad pages

BAD = [
    (b"", "the file is empty"),
    (b"just some words, no markup", "no HTML elements"),
    (b"<html><body><p>A page without links.</p></body></html>", "no internal links"),
    (b'<html><body><p>See <a href="#s2">Section 2</a>.</p><h2 id="s2">Two</h2></body></html>',
     "land on no list of entries"),
    (b'<html><body><p>See <a href="#ref1">[1]</a>.</p><h2>References</h2></body></html>',
     "no internal links"),  # the target does not exist
    (b'<html><body><p>See <a href="#n1">[1]</a>.</p><div><p id="n1">A lone note.</p></div></body></html>',
     "land on no list of entries"),
    (b'<html><body><p>Text.</p><ol class="references"><li id="r1">A. <a href="#r2">see 2</a></li>'
     b'<li id="r2">B.</li></ol></body></html>', "all sit inside the list they land on"),
]


@pytest.mark.parametrize(("data", "message"), BAD)
def test_bad_page_raises_a_clear_input_error(data: bytes, message: str) -> None:
    with pytest.raises(HtmlInputError, match=re.escape(message)) as info:
        read_html(data, "bad.html")
    assert str(info.value).startswith("bad.html: ")
    assert isinstance(info.value, XmlInputError) and isinstance(info.value, InputError)
    assert isinstance(info.value, ValueError)


# ------------------------------------------------------------------------------------- readability

def extract(page: bytes) -> str:
    """What a readability-style extractor gives, by a simple process: head, scripts, styles and comments
    out, every tag dropped, entities decoded, white space collapsed."""
    body = re.sub(r"(?s)<!--.*?-->|<head>.*?</head>|<script.*?</script>|<style.*?</style>", " ",
                  page.decode("utf-8"))
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", body)).split())


def test_readability_text_places_links_by_their_context() -> None:
    page = (INPUTS / "plos.html").read_bytes()
    full = extract(page)
    text = full.replace("This is well known [2]. ", "")  # a sentence the extractor lost
    assert text != full
    placed = place_in_text(page, text, "plos.html")
    statuses = [(link.text, str(link.status)) for link in placed.links]
    assert statuses == [
        ("1", "placed_uniquely"), ("1", "placed_uniquely"), ("4", "placed_uniquely"), ("5", "placed_uniquely"),
        ("6", "placed_uniquely"),
        ("2", "not_found"),  # its sentence was deleted
        ("7", "not_found"),  # the figure caption before it and the deleted sentence are in its context
        ("3", "placed_uniquely"), ("5", "placed_uniquely"),
    ]
    assert placed.counts() == {"placed_uniquely": 7, "ambiguous": 0, "not_found": 2}
    a = placed.article
    assert a.text == text and len(a.references) == 8
    for c in a.citations:
        assert text[c.start:c.end] == c.text
        assert c.sentence[0] <= c.start < c.end <= c.sentence[1]
    assert [(c.text, len(c.ref_ids)) for c in a.citations] == [("1", 1), ("1–4", 4), ("5", 1), ("6", 1), ("3", 1),
                                                               ("5", 1)]
    # Without the deletion, all but "7": the extractor keeps the figure caption that stands before it, which
    # the page's text leaves out, so its 40 characters of context differ.
    again = place_in_text(page, full)
    assert again.counts() == {"placed_uniquely": 8, "ambiguous": 0, "not_found": 1}
    assert [link.text for link in again.links if link.status != Placement.UNIQUE] == ["7"]
    out = json.loads(json.dumps(placed.to_json()))
    assert out["placement"]["links"] == 9 and out["placement"]["placed_uniquely"] == 7
    assert [u["text"] for u in out["placement"]["unplaced"]] == ["2", "7"]
    assert out["placement"]["unplaced"][0]["before"] == "ond to heat [5, 6]. This is well known ["


def test_a_repeated_context_is_ambiguous() -> None:
    sentence = "The effect was replicated in a second and larger cohort"
    page = (f'<html><body><p>{sentence} [<a href="#r1">1</a>].</p><p>Then {sentence} [<a href="#r2">2</a>].</p>'
            '<h2>References</h2><ol><li id="r1">Ames A. One. 2001.</li><li id="r2">Bell B. Two. 2002.</li></ol>'
            '</body></html>')
    text = f"{sentence} [1]. Then {sentence} [2]. Once more: {sentence} [1]."
    placed = place_in_text(page, text, "twice.html")
    assert [(link.text, link.status, link.occurrences) for link in placed.links] == [
        ("1", Placement.AMBIGUOUS, 2), ("2", Placement.UNIQUE, 1)]
    assert [(c.text, c.ref_ids) for c in placed.article.citations] == [("2", ("r2",))]
    c = placed.article.citations[0]
    assert text[c.start:c.end] == "2" and text.index(f"{sentence} [2]") < c.start


# --------------------------------------------------------------------------------------------- cli

def run(*args: object) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "CITELENS_DEBUG"}
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run([sys.executable, "-m", "citelens", *map(str, args)], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120, check=False)


def test_cli_reads_an_html_page() -> None:
    proc = run("xml", INPUTS / "springer.html")
    assert proc.returncode == 0 and proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["source"]["format"] == "html" and len(out["citations"]) == 6


def test_cli_text_places_links_and_reports_counts(tmp_path: Path) -> None:
    page = (INPUTS / "plos.html").read_bytes()
    extracted = tmp_path / "plos.txt"
    extracted.write_text(extract(page).replace("This is well known [2]. ", ""), encoding="utf-8")
    proc = run("xml", INPUTS / "plos.html", "--text", extracted)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == f"citelens: {INPUTS / 'plos.html'}: 7 of 9 links placed uniquely in the text " \
                          "(0 ambiguous, 2 not found)\n"
    out = json.loads(proc.stdout)
    assert out["text"] == extracted.read_text(encoding="utf-8") and out["placement"]["not_found"] == 2


def test_cli_text_needs_one_html_page(tmp_path: Path) -> None:
    extracted = tmp_path / "t.txt"
    extracted.write_text("x", encoding="utf-8")
    for args in ((INPUTS,), (INPUTS / "plos.html", INPUTS / "elife.html")):
        proc = run("xml", *args, "--text", extracted)
        assert proc.returncode == 2 and "--text needs a single HTML page" in proc.stderr
    extracted.write_bytes(b"\xff\xfe bad")
    proc = run("xml", INPUTS / "plos.html", "--text", extracted)
    assert proc.returncode == 1 and "not UTF-8 text" in proc.stderr


def test_cli_bad_page_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.html"
    bad.write_bytes(BAD[2][0])
    target = tmp_path / "out.json"
    proc = run("xml", bad, "-o", target)
    assert proc.returncode == 1 and proc.stderr.startswith(f"citelens: {bad}: ") and "Traceback" not in proc.stderr
    assert not target.exists()
