// web/library/ids.js and web/library/names.js on tests/ids_cases.json, the one table of identifier and name
// cases that py/citelens/ids.py passes too (tests/test_ids.py): the two languages agree row by row.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { arxivId, matchKeys, normalizeDoi, normalizeTitle } from "../../web/library/ids.js";
import { parseName } from "../../web/library/names.js";

const { cases } = JSON.parse(readFileSync(new URL("../ids_cases.json", import.meta.url), "utf8"));

const RUN = {
  doi: normalizeDoi,
  arxiv_id: arxivId,
  title_key: normalizeTitle,
  match_keys: matchKeys,
  split_name: (text) => {
    const name = parseName(text);
    return { family: name.family ?? null, given: name.given ?? null, suffix: name.suffix ?? null };
  },
};

test("the table covers every function", () => {
  assert.deepEqual(new Set(cases.map((c) => c.fn)), new Set(Object.keys(RUN)));
  assert.ok(cases.length >= 60, `${cases.length} cases`);
});

for (const c of cases) {
  test(`${c.fn}: ${c.why}`, () => {
    assert.deepEqual(RUN[c.fn](c.in), c.out, JSON.stringify(c.in));
  });
}

test("the one form of a DOI or an arXiv id is a fixed point", () => {
  for (const c of cases.filter((x) => (x.fn === "doi" || x.fn === "arxiv_id") && x.out)) {
    assert.equal(RUN[c.fn](c.out), c.out, c.out);
  }
});
