// web/library/cite.js against examples written out by hand from the style guides' rules (APA 7th, MLA 9th, Chicago
// author-date 17th): author lists and their truncation, the four kinds of work, page ranges, missing data.
import { test } from "node:test";
import assert from "node:assert/strict";

import { citationParts, formatCitation, initials, STYLES } from "../../web/library/cite.js";
import { parseBibtex } from "../../web/library/bibtex.js";

const VOSS = { given: "Harriet", family: "Voss" };
const SARTRE = { given: "Jean-Paul", family: "Sartre" };
const LEE = { given: "Kenton", family: "Lee" };
const article = (authors, extra = {}) => ({
  type: "article-journal", authors, year: 2009, title: "Rules for reference strings in the wild",
  venue: "Journal of Bibliographic Engineering", volume: "12", issue: "3", pages: "201--219",
  doi: "10.1234/jbe.2009.0123", ...extra,
});
const people = (n) => Array.from({ length: n }, (_, i) => ({ given: "Alex", family: `Author${i + 1}` }));
const conference = {
  type: "paper-conference", authors: [{ given: "Jacob", family: "Devlin" }, { given: "Ming-Wei", family: "Chang" }, LEE],
  year: 2019, title: "BERT: Pre-training of deep bidirectional transformers", venue: "Proceedings of NAACL-HLT 2019",
  pages: "4171–4186", publisher: "Association for Computational Linguistics", doi: "10.18653/v1/n19-1423",
};
const preprint = { authors: [{ given: "Ashish", family: "Vaswani" }, { given: "Noam", family: "Shazeer" }],
  year: 2017, title: "Attention is all you need", arxiv: "1706.03762v5", venue: null, doi: null, type: null };
const book = { type: "book", authors: [{ given: "Donald E.", family: "Knuth" }], year: 1984, title: "The TeXbook",
  publisher: "Addison-Wesley" };

test("initials: APA's given-name initials", () => {
  assert.equal(initials("Harriet"), "H.");
  assert.equal(initials("Jean-Paul"), "J.-P.");
  assert.equal(initials("J.R.R."), "J. R. R.");
  assert.equal(initials("Aidan N."), "A. N.");
  assert.equal(initials("łukasz"), "Ł.");
});

test("APA 7: journal article, one, two and three authors", () => {
  assert.equal(formatCitation(article([VOSS]), "apa"),
    "Voss, H. (2009). Rules for reference strings in the wild. Journal of Bibliographic Engineering, 12(3), 201–219. https://doi.org/10.1234/jbe.2009.0123");
  assert.equal(formatCitation(article([VOSS, SARTRE]), "apa"),
    "Voss, H., & Sartre, J.-P. (2009). Rules for reference strings in the wild. Journal of Bibliographic Engineering, 12(3), 201–219. https://doi.org/10.1234/jbe.2009.0123");
  assert.match(formatCitation(article([VOSS, SARTRE, LEE]), "apa"), /^Voss, H., Sartre, J\.-P\., & Lee, K\. \(2009\)\./);
});

test("APA 7: up to 20 authors in full, 21 or more: the first 19, an ellipsis, the last", () => {
  const twenty = formatCitation(article(people(20)), "apa");
  assert.match(twenty, /Author19, A\., & Author20, A\. \(2009\)/);
  const many = formatCitation(article(people(25)), "apa");
  assert.match(many, /^Author1, A\., Author2, A\., .*Author19, A\., \. \. \. Author25, A\. \(2009\)/);
  assert.doesNotMatch(many, /Author20,|Author24,/);
});

test("APA 7: italics for the journal and the volume; n.d. without a year; title first without authors", () => {
  const parts = citationParts(article([VOSS]), "apa");
  assert.deepEqual(parts.filter((p) => p.italic).map((p) => p.text), ["Journal of Bibliographic Engineering", "12"]);
  assert.match(formatCitation(article([VOSS], { year: null }), "apa"), /^Voss, H\. \(n\.d\.\)\. Rules/);
  assert.match(formatCitation(article([], {}), "apa"), /^Rules for reference strings in the wild\. \(2009\)\. Journal/);
});

test("APA 7: conference paper, preprint, book", () => {
  assert.equal(formatCitation(conference, "apa"),
    "Devlin, J., Chang, M.-W., & Lee, K. (2019). BERT: Pre-training of deep bidirectional transformers. In Proceedings of NAACL-HLT 2019 (pp. 4171–4186). Association for Computational Linguistics. https://doi.org/10.18653/v1/n19-1423");
  assert.equal(formatCitation(preprint, "apa"),
    "Vaswani, A., & Shazeer, N. (2017). Attention is all you need (arXiv:1706.03762). arXiv. https://arxiv.org/abs/1706.03762");
  assert.deepEqual(citationParts(preprint, "apa").filter((p) => p.italic).map((p) => p.text), ["Attention is all you need"]);
  assert.equal(formatCitation(book, "apa"), "Knuth, D. E. (1984). The TeXbook. Addison-Wesley.");
});

test("MLA 9: one, two, three authors; containers; elided page ranges; URLs without the scheme", () => {
  assert.equal(formatCitation(article([VOSS]), "mla"),
    "Voss, Harriet. “Rules for reference strings in the wild.” Journal of Bibliographic Engineering, vol. 12, no. 3, 2009, pp. 201–19, https://doi.org/10.1234/jbe.2009.0123.");
  assert.match(formatCitation(article([VOSS, SARTRE]), "mla"), /^Voss, Harriet, and Jean-Paul Sartre\. “Rules/);
  assert.match(formatCitation(article([VOSS, SARTRE, LEE]), "mla"), /^Voss, Harriet, et al\. “Rules/);
  const pages = (p) => formatCitation(article([VOSS], { pages: p, doi: null }), "mla").match(/pp\. ([^.]+)\.$/)[1];
  assert.equal(pages("95-103"), "95–103");
  assert.equal(pages("1608-1774"), "1608–774");
  assert.equal(pages("2001-2009"), "2001–09");
  assert.equal(pages("321-328"), "321–28");
  assert.equal(formatCitation(preprint, "mla"),
    "Vaswani, Ashish, and Noam Shazeer. “Attention is all you need.” arXiv, 2017, arxiv.org/abs/1706.03762.");
  assert.equal(formatCitation(conference, "mla"),
    "Devlin, Jacob, et al. “BERT: Pre-training of deep bidirectional transformers.” Proceedings of NAACL-HLT 2019, Association for Computational Linguistics, 2019, pp. 4171–86, https://doi.org/10.18653/v1/n19-1423.");
  assert.equal(formatCitation(book, "mla"), "Knuth, Donald E. The TeXbook. Addison-Wesley, 1984.");
  assert.match(formatCitation(article([VOSS], { title: "Who cites whom?" }), "mla"), /“Who cites whom\?” Journal/);
});

test("Chicago 17 author-date: authors, journal, conference, preprint, book", () => {
  assert.equal(formatCitation(article([VOSS, SARTRE]), "chicago"),
    "Voss, Harriet, and Jean-Paul Sartre. 2009. “Rules for reference strings in the wild.” Journal of Bibliographic Engineering 12 (3): 201–19. https://doi.org/10.1234/jbe.2009.0123.");
  assert.match(formatCitation(article([VOSS, SARTRE, LEE]), "chicago"), /^Voss, Harriet, Jean-Paul Sartre, and Kenton Lee\. 2009\./);
  assert.equal(formatCitation(conference, "chicago"),
    "Devlin, Jacob, Ming-Wei Chang, and Kenton Lee. 2019. “BERT: Pre-training of deep bidirectional transformers.” In Proceedings of NAACL-HLT 2019, 4171–86. Association for Computational Linguistics. https://doi.org/10.18653/v1/n19-1423.");
  assert.equal(formatCitation(preprint, "chicago"),
    "Vaswani, Ashish, and Noam Shazeer. 2017. “Attention is all you need.” Preprint, arXiv:1706.03762. https://arxiv.org/abs/1706.03762.");
  assert.equal(formatCitation(book, "chicago"), "Knuth, Donald E. 1984. The TeXbook. Addison-Wesley.");
  assert.match(formatCitation(article([VOSS], { year: null }), "chicago"), /^Voss, Harriet\. n\.d\. “Rules/);
});

test("Chicago 17: up to ten authors in full; eleven or more: the first seven and et al.", () => {
  const ten = formatCitation(article(people(10)), "chicago");
  assert.match(ten, /^Author1, Alex, Alex Author2, .*Alex Author9, and Alex Author10\. 2009\./);
  const eleven = formatCitation(article(people(11)), "chicago");
  assert.match(eleven, /^Author1, Alex, Alex Author2, .*Alex Author7, et al\. 2009\./);
  assert.doesNotMatch(eleven, /Author8/);
});

test("Chicago 17, 9.61: inclusive numbers", () => {
  const pages = (p) => formatCitation(article([VOSS], { pages: p, doi: null }), "chicago").match(/: ([^.]+)\.$/)[1];
  const table = { "3-10": "3–10", "71-72": "71–72", "96-117": "96–117", "100-104": "100–104", "1100-1113": "1100–1113",
    "101-108": "101–8", "808-833": "808–33", "1103-1104": "1103–4", "321-328": "321–28", "498-532": "498–532",
    "1087-1089": "1087–89", "1496-1504": "1496–1504", "11564-11615": "11564–615", "12991-13001": "12991–3001" };
  for (const [input, expected] of Object.entries(table)) assert.equal(pages(input), expected, input);
});

test("'and others' in BibTeX ends every style's list in et al.", () => {
  const who = { ...article([VOSS]), more_authors: true };
  assert.match(formatCitation(who, "apa"), /^Voss, H\., et al\. \(2009\)/);
  assert.match(formatCitation(who, "mla"), /^Voss, Harriet, et al\. “/);
  assert.match(formatCitation(who, "chicago"), /^Voss, Harriet, et al\. 2009\./);
});

test("RIS: tags for a journal article and a preprint", () => {
  assert.equal(formatCitation(article([VOSS, SARTRE]), "ris"), [
    "TY  - JOUR", "AU  - Voss, Harriet", "AU  - Sartre, Jean-Paul", "TI  - Rules for reference strings in the wild",
    "JO  - Journal of Bibliographic Engineering", "PY  - 2009", "VL  - 12", "IS  - 3", "SP  - 201", "EP  - 219",
    "DO  - 10.1234/jbe.2009.0123", "ER  - "].join("\n"));
  const ris = formatCitation(preprint, "ris");
  assert.match(ris, /^TY {2}- UNPB\n/);
  assert.match(ris, /\nT2 {2}- arXiv\n/);
  assert.match(ris, /\nUR {2}- https:\/\/arxiv\.org\/abs\/1706\.03762\n/);
});

test("BibTeX: an imported entry comes back as it was; a record is written from its fields", () => {
  const text = "@article{Key1,\n  author = {M{\\\"u}ller, J.},\n  title = {The {DNA} story},\n  year = {2009},\n  note = {kept}\n}";
  const entry = parseBibtex(text).entries[0];
  const paper = { title: "The DNA story", authors: [{ given: "J.", family: "Müller" }], year: 2009, venue: null, type: "article-journal",
    doi: null, arxiv: null, url: null, source: { format: "bibtex", entry } };
  assert.equal(formatCitation(paper, "bibtex"), text);
  assert.equal(formatCitation(book, "bibtex"),
    "@book{knuth1984texbook,\n  author = {Knuth, Donald E.},\n  title = {The {TeXbook}},\n  year = {1984},\n  publisher = {Addison-Wesley}\n}");
});

test("every style on a sparse record: no crash, no 'undefined' or 'null'", () => {
  for (const style of STYLES) {
    for (const work of [{ title: "Only a title" }, { authors: [{ literal: "WHO" }] }, {}]) {
      const text = formatCitation(work, style);
      assert.doesNotMatch(text, /undefined|null|NaN/, `${style} ${JSON.stringify(work)}: ${text}`);
    }
  }
  assert.throws(() => formatCitation(book, "harvard"), RangeError);
});
