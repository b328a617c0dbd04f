"""web/library/library.js on real IndexedDB in Debian Chromium: adding without duplicates, finding by DOI, arXiv id
and title + year, statuses, nested lists, links, change events (also across instances), persistence over a
reload, the v1 → v2 schema migration on a database made by hand, a newer schema left untouched, and the
BibTeX and CSL-JSON import → export round trips on the files in tests/library_inputs/ (made by us).

The module is loaded from the built site (``make site`` copies web/) into a blank page of the same origin
(served by a route, so no reader and no Python start). Each test uses a database of its own.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from harness import guarded_context

INPUTS = Path(__file__).resolve().parent.parent / "tests" / "library_inputs"
BLANK = "<!doctype html><meta charset=utf-8><title>library store test</title>"


@pytest.fixture(scope="module")
def page(browser: Any, server: Any):
    context = guarded_context(browser)
    page = context.new_page()
    url = f"{server.base}/library-store-test.html"
    page.route(url, lambda route: route.fulfill(status=200, content_type="text/html", body=BLANK))
    page.goto(url)
    yield page
    context.close()


@pytest.fixture
def db() -> str:
    return f"citelens-library-test-{uuid.uuid4().hex[:12]}"


def run(page: Any, body: str, **args: Any) -> Any:
    """Runs ``body`` (an async function body) with the modules imported and ``args`` in scope."""
    script = f"""async (args) => {{
      const {{ Library, LibraryError, STATUSES, entryRef, DB_VERSION }} = await import("/web/library/library.js");
      const bibtex = await import("/web/library/bibtex.js");
      const csl = await import("/web/library/csl.js");
      {body}
    }}"""
    return page.evaluate(script, args)


def test_add_never_duplicates_and_find_matches_doi_arxiv_title(page: Any, db: str) -> None:
    out = run(page, """
      const lib = await Library.open(args.db);
      const first = await lib.add({title: "Attention Is All You Need", authors: [{given: "Ashish", family: "Vaswani"}],
                                   year: 2017, doi: "https://doi.org/10.48550/ARXIV.1706.03762", source: "crossref"});
      const again = await lib.add({doi: "10.48550/arxiv.1706.03762", venue: "NeurIPS"});
      const byArxiv = await lib.add({arxiv: "arXiv:1706.03762v5", title: "something else", year: 2017});
      const byTitle = await lib.find({title: "{Attention} is  all you NEED!", year: "2017"});
      const wrongYear = await lib.find({title: "Attention is all you need", year: 2016});
      const accents = await lib.add({title: "Über die DNA-Reparatur in E. coli", year: 2009});
      const accentsLatex = await lib.find({title: "{\\\\\\"U}ber die {DNA}-Reparatur in \\\\emph{E.~coli}", year: 2009});
      const short = await lib.add({title: "Introduction", year: 2009});
      const shortAgain = await lib.add({title: "Introduction", year: 2009});
      const fromEntry = await lib.find(entryRef({index: 3, raw: "...", authors: ["Vaswani"], year: 2017,
                                                 title: null, doi: null, arxiv_id: "1706.03762", url: null,
                                                 keys: ["arxiv:1706.03762"]}));
      const all = await lib.papers();
      lib.close();
      return {first, again, byArxiv, byTitle, wrongYear, accents, accentsLatex, short, shortAgain, fromEntry,
              count: all.length};
    """, db=db)
    first = out["first"]
    assert out["first"]["created"] is True
    paper = first["paper"]
    assert paper["doi"] == "10.48550/arxiv.1706.03762" and paper["arxiv"] == "1706.03762"
    assert paper["status"] == "to_read" and paper["lists"] == [] and paper["added"]
    assert paper["record_source"] == "crossref" and "source" not in paper and "keys" not in paper
    assert out["again"]["created"] is False and out["again"]["paper"]["id"] == paper["id"]
    assert out["again"]["paper"]["venue"] == "NeurIPS"  # a missing field merged in
    assert out["byArxiv"]["created"] is False
    assert out["byArxiv"]["paper"]["title"] == "Attention Is All You Need"  # an existing field is not overwritten
    assert out["byTitle"]["id"] == paper["id"]
    assert out["wrongYear"] is None
    assert out["accentsLatex"]["id"] == out["accents"]["paper"]["id"]
    assert out["short"]["created"] and not out["shortAgain"]["created"]
    assert out["fromEntry"]["id"] == paper["id"]
    assert out["count"] == 3


def test_status_update_and_misuse(page: Any, db: str) -> None:
    out = run(page, """
      const lib = await Library.open(args.db);
      const {paper} = await lib.add({title: "A study of reading habits", year: 2020});
      const seen = [];
      for (const s of STATUSES) seen.push((await lib.setStatus(paper.id, s)).status);
      const errors = [];
      for (const bad of [() => lib.setStatus(paper.id, "done"), () => lib.setStatus("nope", "read"),
                         () => lib.add({title: "x y z"}, {status: "later"}), () => lib.update(paper.id, {status: ""})]) {
        try { await bad(); errors.push(null); } catch (e) { errors.push([e.name, e instanceof LibraryError, e.message]); }
      }
      const updated = await lib.update(paper.id, {title: "A study of reading habits, revised", year: 2021, id: "hijack"});
      const oldKey = await lib.find({title: "A study of reading habits", year: 2020});
      const newKey = await lib.find({title: "a study of reading habits revised", year: 2021});
      const removed = await lib.remove(paper.id);
      const removedAgain = await lib.remove(paper.id);
      const count = (await lib.papers()).length;
      lib.close();
      return {seen, errors, updated, oldKey, newKey, id: paper.id, removed, removedAgain, count};
    """, db=db)
    assert out["seen"] == ["to_read", "reading", "read", "skimmed"]
    assert all(e and e[0] == "LibraryError" and e[1] for e in out["errors"]), out["errors"]
    assert "unknown reading status" in out["errors"][0][2]
    assert "no paper with id nope" in out["errors"][1][2]
    assert out["updated"]["id"] == out["id"] and out["updated"]["year"] == 2021 and out["updated"]["status"] == "skimmed"
    assert out["oldKey"] is None and out["newKey"]["id"] == out["id"]
    assert out["removed"] is True and out["removedAgain"] is False and out["count"] == 0


def test_nested_lists_and_links(page: Any, db: str) -> None:
    out = run(page, """
      const lib = await Library.open(args.db);
      const thesis = await lib.createList("Thesis");
      const ch2 = await lib.createList("Chapter 2", thesis.id);
      const other = await lib.createList("Other");
      const a = (await lib.add({title: "Paper A about graphs", year: 2019}, {listId: ch2.id})).paper;
      const b = (await lib.add({title: "Paper B about trees", year: 2018})).paper;
      const c = (await lib.add({title: "Paper C about forests", year: 2017})).paper;
      await lib.addToList(b.id, other.id);
      await lib.addToList(b.id, other.id);
      await lib.addToList(c.id, thesis.id);
      const inThesis = (await lib.exportText("csl-json", {listId: thesis.id}));
      const bLists = (await lib.get(b.id)).lists;
      let badParent = null;
      try { await lib.createList("Orphan", "no-such-list"); } catch (e) { badParent = e.message; }
      await lib.link(a.id, b.id);
      await lib.link(a.id, b.id);
      await lib.link(a.id, c.id);
      await lib.link(c.id, b.id);
      const linksA = (await lib.links(a.id)).map((l) => l.to).sort();
      const backB = (await lib.backlinks(b.id)).map((l) => l.from).sort();
      const has = [await lib.hasLink(a.id, b.id), await lib.hasLink(b.id, a.id)];
      let selfLink = null;
      try { await lib.link(a.id, a.id); } catch (e) { selfLink = e.name; }
      const gone = await lib.removeList(thesis.id);
      const listsLeft = (await lib.lists()).map((l) => l.name);
      const aLists = (await lib.get(a.id)).lists;
      await lib.removeFromList(b.id, other.id);
      const bListsAfter = (await lib.get(b.id)).lists;
      await lib.remove(b.id);
      const afterRemove = [(await lib.links(a.id)).length, (await lib.links(c.id)).length];
      lib.close();
      return {ids: {a: a.id, b: b.id, c: c.id, thesis: thesis.id, ch2: ch2.id, other: other.id},
              inThesis: JSON.parse(inThesis).map((i) => i.title).sort(), bLists, badParent, linksA, backB, has,
              selfLink, gone, listsLeft, aLists, bListsAfter, afterRemove};
    """, db=db)
    ids = out["ids"]
    assert out["inThesis"] == ["Paper A about graphs", "Paper C about forests"]  # a nested list's papers too
    assert out["bLists"] == [ids["other"]]  # added twice, listed once
    assert "no reading list" in out["badParent"]
    assert out["linksA"] == sorted([ids["b"], ids["c"]])
    assert out["backB"] == sorted([ids["a"], ids["c"]])
    assert out["has"] == [True, False]
    assert out["selfLink"] == "LibraryError"
    assert sorted(out["gone"]) == sorted([ids["thesis"], ids["ch2"]])
    assert out["listsLeft"] == ["Other"]
    assert out["aLists"] == [] and out["bListsAfter"] == []
    assert out["afterRemove"] == [1, 0]  # removing B took its links with it


def test_change_events_here_and_in_another_instance(page: Any, db: str) -> None:
    out = run(page, """
      const lib = await Library.open(args.db);
      const other = await Library.open(args.db);
      const here = [];
      const there = [];
      lib.addEventListener("change", (e) => here.push(e.detail.kind));
      const remote = new Promise((resolve) => other.addEventListener("change", (e) => {
        there.push([e.detail.kind, e.detail.remote]);
        if (there.length === 3) resolve();
      }));
      const {paper} = await lib.add({title: "Events are announced", year: 2024});
      await lib.setStatus(paper.id, "reading");
      await lib.createList("L");
      await remote;
      const seenByOther = await other.get(paper.id);
      lib.close();
      other.close();
      return {here, there, status: seenByOther.status};
    """, db=db)
    assert out["here"] == ["papers", "papers", "lists"]
    assert out["there"] == [["papers", True], ["papers", True], ["lists", True]]
    assert out["status"] == "reading"


def test_library_survives_a_reload(page: Any, db: str) -> None:
    run(page, """
      const lib = await Library.open(args.db);
      const {paper} = await lib.add({title: "Kept across reloads of the page", year: 2022, doi: "10.1000/keep"});
      await lib.setStatus(paper.id, "read");
      lib.close();
    """, db=db)
    page.reload()
    out = run(page, """
      const lib = await Library.open(args.db);
      const found = await lib.find({doi: "https://doi.org/10.1000/KEEP"});
      lib.close();
      return found;
    """, db=db)
    assert out["title"] == "Kept across reloads of the page" and out["status"] == "read"


def test_v1_database_upgrades_without_loss(page: Any, db: str) -> None:
    """A database in the first schema (papers and lists only, no match keys, no relations), made by hand."""
    out = run(page, """
      const v1 = await new Promise((resolve, reject) => {
        const req = indexedDB.open(args.db, 1);
        req.onupgradeneeded = () => {
          req.result.createObjectStore("papers", {keyPath: "id"});
          req.result.createObjectStore("lists", {keyPath: "id"});
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      await new Promise((resolve, reject) => {
        const tx = v1.transaction(["papers", "lists"], "readwrite");
        tx.objectStore("lists").put({id: "l1", name: "Old list", parent: null});
        tx.objectStore("papers").put({id: "p1", title: "An old paper kept from version one", authors: [{given: "Ada", family: "Lovelace"}],
                                      year: 1843, venue: "Taylor's Scientific Memoirs", doi: "10.1000/ADA", arxiv: null,
                                      url: null, status: "read", added: "2020-01-02T03:04:05.000Z", note: "a field v2 does not know"});
        tx.objectStore("papers").put({id: "p2", title: "A second old paper without status", year: 2001, arxiv: "cs/0101001"});
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      v1.close();
      const lib = await Library.open(args.db);
      const papers = await lib.papers();
      const byDoi = await lib.find({doi: "10.1000/ada"});
      const byArxiv = await lib.find({arxiv: "cs/0101001v3"});
      const byTitle = await lib.find({title: "An old paper kept from version one", year: 1843});
      const lists = await lib.lists();
      await lib.link("p1", "p2");
      const links = await lib.links("p1");
      const dup = await lib.add({doi: "10.1000/ada", title: "Another title"});
      const count = (await lib.papers()).length;
      lib.close();
      const version = await new Promise((resolve) => {
        const req = indexedDB.open(args.db);
        req.onsuccess = () => { resolve(req.result.version); req.result.close(); };
      });
      return {papers, byDoi, byArxiv, byTitle, lists, links: links.length, dup: dup.created, count, version, DB_VERSION};
    """, db=db)
    assert out["version"] == out["DB_VERSION"] == 3
    by_id = {p["id"]: p for p in out["papers"]}
    p1 = by_id["p1"]
    assert p1["title"] == "An old paper kept from version one" and p1["authors"] == [{"given": "Ada", "family": "Lovelace"}]
    assert p1["status"] == "read" and p1["added"] == "2020-01-02T03:04:05.000Z" and p1["venue"] == "Taylor's Scientific Memoirs"
    assert p1["note"] == "a field v2 does not know"  # nothing the migration does not know is dropped
    assert p1["lists"] == [] and p1["pdf_url"] is None
    p2 = by_id["p2"]
    assert p2["status"] == "to_read" and p2["authors"] == [] and p2["added"]
    assert out["byDoi"]["id"] == "p1" and out["byArxiv"]["id"] == "p2" and out["byTitle"]["id"] == "p1"
    assert out["lists"] == [{"id": "l1", "name": "Old list", "parent": None}]
    assert out["links"] == 1 and out["dup"] is False and out["count"] == 2


def test_v2_keys_are_made_again_by_the_shared_rules(page: Any, db: str) -> None:
    """A v2 database whose keys were made by earlier rules (an old-style arXiv id's key in arXiv's case):
    v3 makes every paper's keys again, so the keys the worker hands over (citelens.ids) find it."""
    out = run(page, """
      const v2 = await new Promise((resolve, reject) => {
        const req = indexedDB.open(args.db, 2);
        req.onupgradeneeded = () => {
          const papers = req.result.createObjectStore("papers", {keyPath: "id"});
          papers.createIndex("keys", "keys", {multiEntry: true});
          papers.createIndex("status", "status");
          req.result.createObjectStore("lists", {keyPath: "id"});
          const relations = req.result.createObjectStore("relations", {keyPath: ["from", "to", "kind"]});
          relations.createIndex("from", "from");
          relations.createIndex("to", "to");
          papers.put({id: "p1", title: "Knots", authors: [], year: 2003, arxiv: "math.GT/0309136", status: "read",
                      added: "2020-01-02T03:04:05.000Z", lists: [], keys: ["arxiv:math.GT/0309136"]});
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      v2.close();
      const lib = await Library.open(args.db);
      const found = await lib.find({keys: ["arxiv:math.gt/0309136"]});
      const paper = await lib.get("p1");
      lib.close();
      return {found: found?.id ?? null, status: paper?.status};
    """, db=db)
    assert out == {"found": "p1", "status": "read"}


def test_a_newer_schema_is_refused_and_left_untouched(page: Any, db: str) -> None:
    out = run(page, """
      const future = await new Promise((resolve) => {
        const req = indexedDB.open(args.db, 99);
        req.onupgradeneeded = () => req.result.createObjectStore("papers", {keyPath: "id"}).put({id: "x", title: "from the future"});
        req.onsuccess = () => resolve(req.result);
      });
      future.close();
      let error = null;
      try { await Library.open(args.db); } catch (e) { error = [e.name, e.message]; }
      const still = await new Promise((resolve) => {
        const req = indexedDB.open(args.db);
        req.onsuccess = () => {
          const db = req.result;
          const get = db.transaction("papers").objectStore("papers").get("x");
          get.onsuccess = () => { resolve([db.version, get.result.title]); db.close(); };
        };
      });
      return {error, still};
    """, db=db)
    assert out["error"][0] == "LibraryError" and "newer citelens" in out["error"][1]
    assert out["still"] == [99, "from the future"]


def _without_line(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "line"} for e in entries]


@pytest.mark.parametrize("name", ["zotero-mix.bib", "jabref-parens.bib"])
def test_bibtex_import_export_round_trip(page: Any, db: str, name: str) -> None:
    text = (INPUTS / name).read_text(encoding="utf-8")
    out = run(page, """
      const lib = await Library.open(args.db);
      const first = await lib.importText(args.text);
      const again = await lib.importText(args.text, "bibtex");
      const exported = await lib.exportText("bibtex");
      const original = bibtex.parseBibtex(args.text);
      const back = bibtex.parseBibtex(exported);
      const count = (await lib.papers()).length;
      lib.close();
      return {first, again, original, back, count, exported};
    """, db=db, text=text)
    original, back = out["original"], out["back"]
    assert original["entries"], "the input has entries"
    assert out["first"]["added"] == len(original["entries"]) == out["count"]
    assert out["again"]["added"] == 0 and out["again"]["unchanged"] == len(original["entries"])  # no duplicates
    skipped = [e for e in original["errors"] if e["skipped"]]
    assert skipped, "each input holds a broken entry"
    assert [e["line"] for e in out["first"]["errors"]] == [e["line"] for e in original["errors"]]
    assert all("(entry skipped)" in e["message"] for e in out["first"]["errors"] if e["entry"] in {s["entry"] for s in skipped})
    assert back["errors"] == []
    # every field of every entry comes back, same value, same order
    assert _without_line(back["entries"]) == _without_line(original["entries"]), out["exported"]


def test_csl_import_export_round_trip(page: Any, db: str) -> None:
    text = (INPUTS / "zotero-mix.json").read_text(encoding="utf-8")
    out = run(page, """
      const lib = await Library.open(args.db);
      const first = await lib.importText(args.text);
      const again = await lib.importText(args.text);
      const exported = await lib.exportText("csl-json");
      const papers = await lib.papers();
      lib.close();
      return {first, again, exported: JSON.parse(exported), papers};
    """, db=db, text=text)
    items = [i for i in json.loads(text) if isinstance(i, dict) and i.get("id") != "no-metadata"]
    assert out["first"]["added"] == len(items) == len(out["papers"])
    assert out["again"]["added"] == 0
    assert [(e["entry"], e["message"]) for e in out["first"]["errors"]] == [
        ("item 7", "item 7 is not an object (entry skipped)"),
        ("no-metadata", "item 8 has no title, author, DOI or URL (entry skipped)")]
    assert out["exported"] == items  # every item back, unknown fields ("custom", "journalAbbreviation") too
    vaswani = next(p for p in out["papers"] if p["title"] == "Attention Is All You Need")
    assert vaswani["arxiv"] == "1706.03762" and vaswani["type"] == "article" and vaswani["year"] == 2017


def test_cross_format_and_edited_papers_export(page: Any, db: str) -> None:
    """A BibTeX import exported as CSL-JSON and back; a paper edited after import exports the edit and
    keeps its other fields; a paper added from a record is written from its fields."""
    text = (INPUTS / "zotero-mix.bib").read_text(encoding="utf-8")
    out = run(page, """
      const lib = await Library.open(args.db);
      await lib.importText(args.text);
      const mueller = await lib.find({doi: "10.1234/jbe.2009.0123"});
      await lib.update(mueller.id, {title: "Über die DNA-Reparatur, neu", venue: null});
      const record = (await lib.add({title: "Deep Residual Learning for Image Recognition",
        authors: [{given: "Kaiming", family: "He"}, {given: "Xiangyu", family: "Zhang"}], year: 2016,
        venue: "Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition (CVPR)",
        doi: "10.1109/CVPR.2016.90", type: "paper-conference", source: "crossref", source_url: "https://api.crossref.org/works/10.1109/CVPR.2016.90"})).paper;
      const bib = bibtex.parseBibtex(await lib.exportText("bibtex", {ids: [mueller.id, record.id]}));
      const cslText = await lib.exportText("csl-json");
      const other = await Library.open(args.db + "-copy");
      const fromCsl = await other.importText(cslText, "csl-json");
      const copied = await other.papers();
      other.close();
      lib.close();
      return {bib, fromCsl, copied: copied.map((p) => [p.title, p.doi, p.year, p.authors.length]).sort()};
    """, db=db, text=text)
    mueller, he = out["bib"]["entries"]
    assert mueller["key"] == "Mueller2009" and mueller["fields"]["title"] == "Über die {DNA}-Reparatur, neu"  # capitals protected
    assert "journal" not in mueller["fields"]
    assert mueller["fields"]["author"].startswith("M{\\\"u}ller, J{\\\"o}rg")  # untouched fields as imported
    assert mueller["fields"]["note"] == "Erratum in vol. 13, p.~44"
    assert he["type"] == "inproceedings" and he["key"] == "he2016deep"
    assert he["fields"]["author"] == "He, Kaiming and Zhang, Xiangyu"
    assert he["fields"]["doi"] == "10.1109/cvpr.2016.90" and he["fields"]["year"] == "2016"
    assert out["fromCsl"]["added"] == 9 and out["fromCsl"]["errors"] == []
    titles = [c[0] for c in out["copied"]]
    assert "Coronavirus Disease 2019 (COVID-19): Situation Report – 51" in titles
