// web/references/format.js: how a parsed entry is labelled in the popover and the References tab.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  displayTitle, listName, referenceByline, referenceLabel, referenceSummary, referenceTitle, shortAuthors,
} from "../../web/references/format.js";

const entry = (extra) => ({ index: 3, label: null, raw: "Smith, X. et al. 2019. A title.", page: 9, box: [0, 0, 1, 1],
  authors: ["Smith"], year: 2019, year_suffix: null, title: "A title", doi: null, arxiv_id: null, url: null, ...extra });

test("one, two and more authors", () => {
  assert.equal(shortAuthors([]), "");
  assert.equal(shortAuthors(["Smith"]), "Smith");
  assert.equal(shortAuthors(["Smith", "Lee"]), "Smith and Lee");
  assert.equal(shortAuthors(["Smith", "Lee", "Wu"]), "Smith et al.");
});

test("surnames keep their particles", () => {
  assert.equal(referenceLabel(entry({ authors: ["van der Berg", "de Souza"], year: 2019 })), "van der Berg and de Souza 2019");
  assert.equal(shortAuthors(["de Souza"]), "de Souza");
  assert.equal(shortAuthors(["van der Berg", "de Souza", "Smith"]), "van der Berg et al.");
  assert.equal(shortAuthors(["D’Souza", "Lefrançois"], true), "D’Souza et al.");
});

test("a printed list that ends with et al. keeps it", () => {
  assert.equal(shortAuthors(["Smith"], true), "Smith et al.");
  assert.equal(shortAuthors(["Smith", "Lee"], true), "Smith et al.");
  assert.equal(referenceLabel(entry({ et_al: true })), "Smith et al. 2019");
  assert.equal(referenceLabel(entry({ et_al: false })), "Smith 2019");
  assert.equal(referenceLabel(entry({})), "Smith 2019");  // analyses cached before the field existed
  assert.equal(referenceSummary(entry({ et_al: true, year_suffix: "b" })), "Smith et al. 2019b. A title");
});

test("a printed label wins", () => {
  assert.equal(referenceLabel(entry({ label: "[Knu84]", et_al: true })), "[Knu84]");
});

test("a list row: the label once, then the title", () => {
  // author-year: the label is who and when, so nothing is repeated beside it
  assert.equal(referenceLabel(entry({ et_al: true })), "Smith et al. 2019");
  assert.equal(referenceByline(entry({ et_al: true })), "");
  assert.equal(referenceTitle(entry({})), "A title");
  // numbered: the printed label, then who and when on the same line
  assert.equal(referenceLabel(entry({ label: "[12]", authors: ["Smith", "Lee"] })), "[12]");
  assert.equal(referenceByline(entry({ label: "[12]", authors: ["Smith", "Lee"] })), "Smith and Lee 2019");
  assert.equal(referenceByline(entry({ label: "[12]", authors: [], year: null })), "");
  // no title parsed: the raw text stands for it
  assert.equal(referenceTitle(entry({ title: null })), "Smith, X. et al. 2019. A title.");
});

test("titles as a UI font draws them", () => {
  assert.equal(displayTitle("2\u00a0Related\u2002work"), "2 Related work");
  assert.equal(displayTitle("3.1\u202fDe\u00adsign  \u200bchoices\n"), "3.1 Design choices");
  assert.equal(displayTitle("\ufb01nding e\ufb03cient \ue000pairs\ufffd"), "finding efficient pairs");
  assert.equal(displayTitle("\u0003Appendix\tA"), "Appendix A");
  assert.equal(displayTitle("Résumé — “quoted” ∑ α²"), "Résumé — “quoted” ∑ α²");  // real characters stay
  assert.equal(displayTitle("می\u200cخواهم"), "می\u200cخواهم");
});

test("a book's lists are named by their chapters, else by their place", () => {
  const list = (title) => ({ first: 9, last: 16, title, page: 4 });
  assert.equal(listName(list("2\u00a0Muscles of the jaw"), 1), "2 Muscles of the jaw");
  assert.equal(listName(list(null), 1), "List 2");
});
