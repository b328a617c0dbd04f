// web/references/format.js: how a parsed entry is labelled in the popover and the References tab.
import { test } from "node:test";
import assert from "node:assert/strict";

import { referenceLabel, referenceSummary, shortAuthors } from "../../web/references/format.js";

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
