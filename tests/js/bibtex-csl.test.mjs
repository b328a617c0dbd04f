// web/library/bibtex.js, web/library/csl.js, web/library/ids.js: parsing (total, errors per entry with lines), serialising, the
// round trips on tests/library_inputs/ (files we wrote) and the conversions to the library's Paper shape.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { entryToPaper, paperToEntry, parseBibtex, serialiseBibtex, citationKey } from "../../web/library/bibtex.js";
import { itemToPaper, paperToItem, parseCsl, serialiseCsl } from "../../web/library/csl.js";
import { arxivId, matchKeys, normalizeDoi, normalizeTitle } from "../../web/library/ids.js";
import { detectFormat, entryRef } from "../../web/library/library.js";

const input = (name) => readFileSync(new URL(`../library_inputs/${name}`, import.meta.url), "utf8");
const noLine = (entries) => entries.map(({ line: _line, ...e }) => e);

test("parseBibtex: entries, @string macros, # concatenation, months, @preamble, @comment", () => {
  const file = parseBibtex(input("zotero-mix.bib"));
  assert.deepEqual(file.entries.map((e) => e.key), ["vaswani2017attention", "devlin-etal-2019-bert", "Mueller2009",
    "chang2023citesee", "knuth1984texbook", "who2020", "beethoven1802", "lee2021graph"]);
  const byKey = Object.fromEntries(file.entries.map((e) => [e.key, e]));
  assert.equal(byKey.Mueller2009.type, "article");
  assert.equal(byKey.Mueller2009.fields.journal, "Journal of Bibliographic Engineering"); // @string jbe
  assert.equal(byKey.chang2023citesee.fields.booktitle,
    "Proceedings of the CHI Conference on Human Factors in Computing Systems"); // @STRING( "…" # "…" )
  assert.equal(byKey.vaswani2017attention.fields.month, "June");
  assert.equal(byKey.who2020.fields.month, "11~March");
  assert.equal(byKey.knuth1984texbook.fields.year, "1984"); // a bare number
  assert.equal(byKey.Mueller2009.fields.title,
    "{Über} die {DNA}-Reparatur in {\\emph{E.~coli}}: $\\alpha$-Helices und {\\\"U}berraschungen");
  assert.equal(byKey.lee2021graph.fields.title, 'A {Graph} Neural Network for {\\"{O}}dometry {"}Estimation{"}');
  assert.deepEqual(Object.keys(byKey.Mueller2009.fields), ["author", "title", "journal", "year", "volume", "number",
    "pages", "month", "note", "issn", "doi", "owner", "timestamp"]); // lowercase, in file order
  assert.deepEqual(file.preambles, ["\\providecommand{\\noopsort}[1]{}\\newcommand{\\DNA}{DNA}"]);
  assert.ok(file.comments.includes("jabref-meta: databaseType:bibtex;"));
  assert.equal(file.strings.jbe, "Journal of Bibliographic Engineering");
});

test("parseBibtex: a broken entry is reported with its line and the rest is imported", () => {
  const file = parseBibtex(input("zotero-mix.bib"));
  assert.deepEqual(file.errors, [{ line: 106, entry: "broken1", skipped: true,
    message: 'expected , or } after the field "title" at line 108, found "author = {No"' }]);
  const jab = parseBibtex(input("jabref-parens.bib"));
  assert.deepEqual(jab.entries.map((e) => e.key), ["shannon1948", "he2016deep", "erdos1959"]);
  assert.deepEqual(jab.errors.map((e) => [e.line, e.entry, e.skipped]), [[20, "he2016deep", false], [31, "unclosed2020", true]]);
  assert.match(jab.errors[0].message, /undefined macro "cvprseries" in series \(line 28\) kept as text/);
  assert.equal(jab.entries[0].fields.month, "July~1");
  assert.equal(jab.entries[1].fields.booktitle, "Proceedings of the IEEE Conference on Computer Vision and Pattern Recognition ({CVPR})");
});

test("parseBibtex is total on damaged text", () => {
  const cases = ["", "@", "@article", "@article{", "@article{key", "@article{key,", "@article{key, title",
    "@article{key, title =", "@article{key, title = {x", "@article{key, title = \"x", "@article{key, title = x # }",
    "}}}{{{@@@", "@string{x = }", "@preamble{", "@comment{", "\uFEFF@misc{k, title={ok}}", "@misc{k title={x}}"];
  for (const text of cases) {
    const file = parseBibtex(text);
    assert.ok(Array.isArray(file.entries) && Array.isArray(file.errors), text);
    for (const e of file.errors) assert.ok(e.line >= 1 && e.message, JSON.stringify([text, e]));
  }
  assert.deepEqual(parseBibtex("\uFEFF@misc{k, title={ok}}").entries.map((e) => e.fields.title), ["ok"]);
  const dup = parseBibtex("@misc{k, title={one}, Title={two}}");
  assert.equal(dup.entries[0].fields.title, "one");
  assert.match(dup.errors[0].message, /title appears twice/);
});

test("BibTeX round trip: serialise(parse(x)) parses back to the same entries", () => {
  for (const name of ["zotero-mix.bib", "jabref-parens.bib"]) {
    const file = parseBibtex(input(name));
    const text = serialiseBibtex(file.entries, file);
    const back = parseBibtex(text);
    assert.deepEqual(back.errors, [], name);
    assert.deepEqual(noLine(back.entries), noLine(file.entries), name);
    assert.deepEqual(back.preambles, file.preambles, name);
    // and through the library's Paper shape (source kept)
    const again = parseBibtex(serialiseBibtex(file.entries.map((e) => paperToEntry(entryToPaper(e)))));
    assert.deepEqual(noLine(again.entries), noLine(file.entries), name);
  }
  assert.match(serialiseBibtex(parseBibtex("@misc{k, month = jan}").entries), /month = jan/);
});

test("entryToPaper: decoded title and names, identifiers, type, venue", () => {
  const byKey = Object.fromEntries(parseBibtex(input("zotero-mix.bib")).entries.map((e) => [e.key, entryToPaper(e)]));
  const m = byKey.Mueller2009;
  assert.equal(m.title, "Über die DNA-Reparatur in E. coli: α-Helices und Überraschungen");
  assert.deepEqual(m.authors.map((a) => a.family), ["Müller", "García Márquez", "Østergaard", "Straßer"]);
  assert.equal(m.doi, "10.1234/jbe.2009.0123");
  assert.equal(m.year, 2009);
  assert.equal(m.month, 3);
  assert.equal(m.pages, "201–219");
  assert.equal(m.source.format, "bibtex");
  const v = byKey.vaswani2017attention;
  assert.equal(v.type, "article"); // Google Scholar's "arXiv preprint" journal
  assert.equal(v.arxiv, "1706.03762");
  assert.deepEqual(v.keywords, ["Computer Science - Computation and Language", "Computer Science - Machine Learning"]);
  assert.equal(v.language, "english");
  assert.equal(byKey.chang2023citesee.arxiv, "2302.07302"); // eprint + eprinttype = arxiv
  assert.equal(byKey.chang2023citesee.publisher, "Association for Computing Machinery");
  assert.equal(byKey.devlin_etal ?? byKey["devlin-etal-2019-bert"].venue.includes("North American Chapter"), true);
  assert.deepEqual(byKey.who2020.authors, [{ literal: "World Health Organization" }]);
  assert.equal(byKey.who2020.more_authors, true);
  assert.equal(byKey.lee2021graph.year, 2021); // biblatex date
  assert.equal(byKey.lee2021graph.venue, "IEEE Transactions on Robotics"); // journaltitle
  assert.equal(byKey.beethoven1802.title,
    "Notes on von Neumann Architectures and the “Quoted” Naïveté of Café & Bar Talk, 50\u2009% Off");
});

test("paperToEntry: a record's fields make an entry; an edited import rewrites only what changed", () => {
  const record = { title: "BERT: Pre-training for R&D", authors: [{ given: "Jacob", family: "Devlin" }, { literal: "Google AI" }],
    year: 2019, venue: "Proceedings of NAACL", doi: "10.18653/v1/n19-1423", type: "paper-conference", pages: "4171–4186" };
  const entry = paperToEntry(record);
  assert.equal(entry.type, "inproceedings");
  assert.equal(entry.key, "devlin2019bert");
  assert.deepEqual(entry.fields, { author: "Devlin, Jacob and {Google AI}", title: "{BERT}: Pre-training for R\\&D",
    booktitle: "Proceedings of NAACL", year: "2019", pages: "4171--4186", doi: "10.18653/v1/n19-1423" });
  const back = entryToPaper(parseBibtex(serialiseBibtex([entry])).entries[0]);
  for (const k of ["title", "authors", "year", "venue", "doi", "pages", "type"]) assert.deepEqual(back[k], record[k], k);

  const original = parseBibtex(input("zotero-mix.bib")).entries.find((e) => e.key === "Mueller2009");
  const paper = { ...entryToPaper(original), year: 2010, volume: null };
  const edited = paperToEntry(paper);
  assert.equal(edited.fields.year, "2010");
  assert.equal(edited.fields.volume, undefined);
  assert.equal(edited.fields.title, original.fields.title);
  assert.equal(edited.fields.author, original.fields.author);
  assert.equal(citationKey({ authors: [{ family: "Müller" }], year: 2009, title: "The Über paper" }), "muller2009uber");
});

test("parseCsl: items kept as they are, errors per item, bad JSON with its line", () => {
  const { items, errors } = parseCsl(input("zotero-mix.json"));
  assert.equal(items.length, 6);
  assert.deepEqual(errors.map((e) => [e.entry, e.skipped]), [["item 7", true], ["no-metadata", true]]);
  const bad = parseCsl('[\n  {"id": "a", "title": "x"},\n  {"id": "b" "title": "y"}\n]');
  assert.equal(bad.items.length, 0);
  assert.equal(bad.errors[0].line, 3);
  assert.match(bad.errors[0].message, /^not valid JSON/);
  assert.deepEqual(parseCsl('{"id": "one", "type": "book", "title": "Alone"}').items.map((i) => i.id), ["one"]);
  assert.deepEqual(parseCsl('{"items": [{"title": "Wrapped"}]}').errors.map((e) => e.skipped), [false]); // no type
  assert.equal(parseCsl("42").errors.length, 1);
});

test("CSL round trip: serialise(parse(x)) and through the Paper shape give the same items", () => {
  const { items } = parseCsl(input("zotero-mix.json"));
  assert.deepEqual(parseCsl(serialiseCsl(items)).items, items);
  assert.deepEqual(parseCsl(serialiseCsl(items.map((i) => paperToItem(itemToPaper(i))))).items, items);
});

test("itemToPaper: names with particles, literal authors, dates, arXiv, rich text", () => {
  const byId = Object.fromEntries(parseCsl(input("zotero-mix.json")).items.map((i) => [i.id, itemToPaper(i)]));
  const m = byId["http://zotero.org/users/local/AbCdEf/items/ZX81QK2P"];
  assert.equal(m.title, "Über die DNA-Reparatur in E. coli: α-Helices und Überraschungen");
  assert.deepEqual(m.authors.slice(2), [{ given: "Ludwig", family: "van Beethoven" },
    { given: "Jean", family: "de la Fontaine", suffix: "Jr." }]);
  assert.equal(m.year, 2009);
  assert.equal(m.doi, "10.1234/jbe.2009.0123");
  assert.equal(m.venue, "Journal of Bibliographic Engineering");
  const v = byId.vaswani2017attention;
  assert.equal(v.arxiv, "1706.03762");
  assert.equal(v.type, "article");
  assert.equal(byId.knuth1984.year, 1984); // issued.raw
  assert.deepEqual(byId.who2020.authors, [{ literal: "World Health Organization" }]);
  assert.deepEqual(byId.lee2021.authors.map((a) => a.family), ["Lee", "d'Alembert"]);
});

test("ids: DOI and arXiv normalisation, title keys, entryRef, detectFormat", () => {
  assert.equal(normalizeDoi("https://doi.org/10.1145/3544548.3580847."), "10.1145/3544548.3580847");
  assert.equal(normalizeDoi("doi:10.1002/J.1538-7305.1948.TB01338.X"), "10.1002/j.1538-7305.1948.tb01338.x");
  assert.equal(normalizeDoi("https://doi.org/10.1000%2Fabc"), "10.1000/abc");
  assert.equal(normalizeDoi("(see 10.1000/xyz(1)2)"), "10.1000/xyz(1)2");
  assert.equal(normalizeDoi("no doi here"), null);
  assert.equal(arxivId("1706.03762v5"), "1706.03762");
  assert.equal(arxivId("arXiv preprint arXiv:2302.07302"), "2302.07302");
  assert.equal(arxivId("https://arxiv.org/pdf/1706.03762v2.pdf"), "1706.03762");
  assert.equal(arxivId("10.48550/arXiv.1706.03762"), "1706.03762");
  assert.equal(arxivId("hep-th/9901001v2"), "hep-th/9901001");
  assert.equal(arxivId("Journal 2019.12345"), null); // a number without "arXiv" is not an id
  assert.equal(normalizeTitle("{BERT}: Pre-training of  Deep-Bidirectional Transformers!"),
    "bert pre training of deep bidirectional transformers");
  assert.equal(normalizeTitle("Über die {\\\"U}berraschung — na\\\"ive ﬁsh"), "uber die uberraschung naive fish");
  assert.deepEqual(matchKeys({ doi: "10.48550/arXiv.1706.03762", title: "Attention", year: "2017" }),
    ["doi:10.48550/arxiv.1706.03762", "arxiv:1706.03762", "title:attention|2017"]);
  assert.deepEqual(matchKeys({ title: "No year here" }), []);
  // an analysis entry carries the keys ids.py computed: entryRef hands them on, deriving none
  assert.deepEqual(entryRef({ index: 1, authors: [], year: 2019, title: "T", doi: "10.1000/x", arxiv_id: "1901.00001",
    url: "https://arxiv.org/abs/1901.00001", keys: ["doi:10.1000/x", "arxiv:1901.00001", "title:t|2019"] }),
  { doi: "10.1000/x", arxiv: "1901.00001", title: "T", year: 2019, keys: ["doi:10.1000/x", "arxiv:1901.00001", "title:t|2019"] });
  assert.equal(detectFormat("  [ {} ]"), "csl-json");
  assert.equal(detectFormat("% comment\n@article{x,}"), "bibtex");
});
