"""``citelens eval --gold``: the PDF analysis scored against the XML version's exact citations
(:mod:`citelens.xml.gold`), on a hand-made case and on every PDF/JATS pair of the shared corpus."""

from __future__ import annotations

import re

import pytest

from citelens.model import Analysis, Citation, OutlineSource, Reference, Sentence, Source
from citelens.pipeline import analyze
from citelens.xml import read_article
from citelens.xml.gold import GoldScore, letters, map_references, render_gold, score_gold
from corpus import CORPUS, document, pdf_papers

SMALL = (b'<article><body><p>Maps differ <xref ref-type="bibr" rid="a">[1]</xref>. Heat helps a lot '
         b'<xref ref-type="bibr" rid="b">[2]</xref>. Cold hurts everyone <xref ref-type="bibr" rid="c">[3]</xref>.'
         b'</p></body><back><ref-list><ref id="a"><label>1</label><mixed-citation>Ada A (2001) Maps.</mixed-citation>'
         b'</ref><ref id="b"><label>2</label><mixed-citation>Bo B (2002) Heat.</mixed-citation></ref><ref id="c">'
         b'<label>3</label><mixed-citation>Cy C (2003) Cold.</mixed-citation></ref></ref-list></back></article>')


def _cite(text: str, sentence: str, refs: tuple[int, ...]) -> Citation:
    k = sentence.index(text)
    return Citation(1, text, refs, ((0.0, 0.0, 1.0, 1.0),), Sentence(sentence, k, k + len(text)))


def test_score_on_a_hand_made_pair() -> None:
    article = read_article(SMALL, "small.xml")
    refs = tuple(Reference(i, str(i), raw, 2, (0.0, 0.0, 1.0, 1.0))
                 for i, raw in enumerate(("Ada A (2001) Maps.", "Bo B (2002) Heat.", "Cy C (2003) Cold."), 1))
    citations = (
        _cite("[1]", "Maps differ [1].", (1,)),  # found, right entry
        _cite("[2]", "Heat helps a lot [2].", (3,)),  # found, wrong entry
        _cite("[9]", "Table 2 shows something else [9].", (3,)),  # no XML marker there
    )  # and "[3]" is missed
    analysis = Analysis(Source(), (), None, OutlineSource.NONE, references=refs, citations=citations)
    s = score_gold(article, analysis, name="small")
    assert (s.markers, s.markers_found, s.predicted, s.predicted_matched) == (3, 2, 3, 2)
    assert (s.links, s.links_right, s.named, s.named_right) == (3, 1, 2, 1)
    assert (s.marker_recall, s.marker_precision, s.entry_recall, s.entry_precision) == (2 / 3, 2 / 3, 1 / 3, 0.5)
    assert map_references(refs, article.references) == {1: "a", 2: "b", 3: "c"}
    assert "0.67" in render_gold({"text-only": s})


@pytest.mark.parametrize(("pdf", "xml"), [
    ("Ostoji´c", "Ostojić"),  # frontiers-psychol-2015: the PDF sets the accent as a character of its own
    ("Dvoˇra´k", "Dvořák"),  # ˇ is a modifier letter: str.isalpha() keeps it unless it is dropped
    ("Gauˆte, Br¨auer, Gar¸con, ˚Angstr¨om", "Gaûte, Bräuer, Garçon, Ångström"),
    ("Virányi 2014, ﬁg. 2", "Viranyi (2014), fig. 2"),
])
def test_letters_fold_diacritics_on_both_sides(pdf: str, xml: str) -> None:
    assert letters(pdf) == letters(xml) and letters(xml).isascii()


def test_unnumbered_lists_pair_entries_by_their_text() -> None:
    article = read_article(SMALL.replace(b"<label>", b"<!--").replace(b"</label>", b"-->"), "x.xml")
    refs = (Reference(1, None, "Bo, B. 2002. Heat.", 1, (0, 0, 1, 1)),
            Reference(2, None, "Ada, A. 2001. Maps.", 1, (0, 0, 1, 1)))
    assert map_references(refs, article.references) == {1: "b", 2: "a"}


def _pairs() -> list[tuple[str, str]]:
    out = []
    for p in pdf_papers() if (CORPUS / "MANIFEST.tsv").is_file() else ():
        m = re.search(r"JATS/XML pair: (jats/\S+\.xml)", p.row["notes"])
        if m:
            out.append((p.file, m.group(1)))
    return out


PAIRS = _pairs()


@pytest.mark.corpus
def test_corpus_pairs_pdf_against_xml(measured: list[str]) -> None:
    if not PAIRS:
        pytest.skip(f"no shared corpus at {CORPUS}")
    totals = {"text-only": GoldScore("ALL"), "with-links": GoldScore("ALL")}
    rows = []
    for pdf, xml in PAIRS:
        article = read_article((CORPUS / xml).read_bytes(), xml)
        doc = document(pdf)
        for mode in totals:
            s = score_gold(article, analyze(doc, text_only=mode == "text-only"), name=pdf)
            totals[mode] = totals[mode] + s
            rows.append(f"  {mode:<10} {s.name[4:44]:<40} mR {s.marker_recall:.2f} mP {s.marker_precision:.2f} "
                        f"eR {s.entry_recall:.2f} eP {s.entry_precision:.2f}")
    for mode, t in totals.items():
        measured.append(f"PDF vs JATS ({mode}, {len(rows) // 2} pairs): markers R {t.marker_recall:.3f} "
                        f"P {t.marker_precision:.3f}; entries R {t.entry_recall:.3f} P {t.entry_precision:.3f} "
                        f"({t.markers} XML markers, {t.predicted} PDF citations)")
    measured.extend(rows)
    text, links = totals["text-only"], totals["with-links"]
    assert len(rows) // 2 == 8
    # Floors a little under what was last measured (text-only markers R 0.998 P 0.972, entries R 0.955
    # P 0.958; with links 0.998 / 0.966 / 0.956 / 0.955): a drop below them is a regression to look at.
    # springer-behavecolsociobiol-2015's XML (and its PDF's links) point one entry too early after "R
    # Development Core Team (2012)", so its entries score 0.69 where the analysis is right: text-only, and
    # with links too, since its links' printed authors contradict their targets (links.links_shifted) and the
    # text names the entries. Without that pair: entries R 0.997 text-only, 0.998 with links.
    assert text.marker_recall >= 0.97 and text.marker_precision >= 0.96
    assert text.entry_recall >= 0.945 and text.entry_precision >= 0.95
    assert links.marker_recall >= 0.97 and links.marker_precision >= 0.955
    assert links.entry_recall >= 0.945 and links.entry_precision >= 0.945
    assert text.references_mapped == text.xml_references  # every entry of these lists pairs up


@pytest.mark.corpus
def test_cli_eval_gold(tmp_path) -> None:  # noqa: ANN001
    import json
    import subprocess
    import sys

    pdf, xml = CORPUS / "pdf" / "rsos-2015-PMC4632522.pdf", CORPUS / "jats" / "rsos-2015-PMC4632522.xml"
    if not pdf.is_file():
        pytest.skip(f"no shared corpus at {CORPUS}")

    def run(*args: object) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "citelens", "eval", *map(str, args)], capture_output=True,
                              text=True, encoding="utf-8", timeout=300, check=False)

    proc = run("--gold", xml, pdf, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out["modes"]) == {"text-only", "with-links"}
    assert out["modes"]["text-only"]["markers"] == 65 and out["modes"]["text-only"]["xml_references"] == 76
    bad = run("--gold", tmp_path / "missing.xml", pdf)
    assert bad.returncode == 1 and "missing.xml: cannot read" in bad.stderr
    usage = run("--gold", xml, pdf, pdf)
    assert usage.returncode == 2 and "--gold takes exactly one PDF" in usage.stderr


def _markup_fields(xml: bytes) -> dict[str, tuple[str | None, int | None, str | None]]:
    """Entry id → (first author, year, title) as the publisher's markup gives them, read here with ElementTree
    and not with the reader (which falls back on parsing the entry's text where markup gives no title):
    JATS ``ref`` (``surname`` or ``collab``, ``year``, ``article-title`` or ``chapter-title``) and BMC's
    ``bibl`` (``snm`` or ``cnm``, ``pubdate``, ``title``). A field the markup lacks is None."""
    import xml.etree.ElementTree as ET

    def local(el: ET.Element) -> str:
        return el.tag.rsplit("}", 1)[-1]

    def first(el: ET.Element, *names: str) -> str | None:
        for sub in el.iter():
            if local(sub) in names:
                text = " ".join("".join(sub.itertext()).split())
                if text:
                    return text
        return None

    out = {}
    for el in ET.fromstring(xml).iter():
        if local(el) in ("ref", "bibl") and el.get("id"):
            jats = local(el) == "ref"
            year = first(el, "year" if jats else "pubdate")
            out[el.get("id")] = (first(el, *(("surname", "collab") if jats else ("snm", "cnm"))),
                                 int(year[:4]) if year and year[:4].isdigit() else None,
                                 first(el, *(("article-title", "chapter-title") if jats else ("title",))))
    return out


@pytest.mark.corpus
def test_corpus_pairs_entry_fields_against_the_markup(measured: list[str]) -> None:
    """Each PDF entry's first author, year and title (text-only analysis) against its twin's markup: real
    entries as each publisher typesets them, unlike the reference strings of test_entry_refstrings."""
    if not PAIRS:
        pytest.skip(f"no shared corpus at {CORPUS}")
    from rapidfuzz import fuzz

    def key(s: str) -> str:
        return " ".join(re.sub(r"[^\w\s]|_", " ", s.lower()).split())

    tally = {"first author": [0, 0], "year": [0, 0], "title": [0, 0]}
    for pdf, xml in PAIRS:
        data = (CORPUS / xml).read_bytes()
        article, fields = read_article(data, xml), _markup_fields(data)
        analysis = analyze(document(pdf), text_only=True)
        pairs = map_references(analysis.references, article.references)
        for ref in analysis.references:
            author, year, title = fields.get(pairs.get(ref.index, ""), (None, None, None))
            for name, gold, right in (
                    ("first author", author, lambda g: bool(ref.authors) and letters(ref.authors[0]) == letters(g)),
                    ("year", year, lambda g: ref.year == g),
                    ("title", title, lambda g: bool(ref.title) and fuzz.ratio(key(ref.title), key(g)) >= 90)):
                if gold:
                    tally[name][1] += 1
                    tally[name][0] += bool(right(gold))
    figures = {name: a / b for name, (a, b) in tally.items()}
    measured.append(f"PDF entries vs their JATS/BMC markup ({len(PAIRS)} pairs): "
                    + ", ".join(f"{n} {figures[n]:.3f} ({a}/{b})" for n, (a, b) in tally.items()))
    # Floors a little under what was measured when set (2026-12-06: first author 0.991, year 0.995, title
    # 0.972): a drop below them is a regression to look at.
    assert figures["first author"] >= 0.98 and figures["year"] >= 0.985 and figures["title"] >= 0.96
