// web/references/overlay.js mentionLabel: the label (aria-label and title) of a mention's button.
import { test } from "node:test";
import assert from "node:assert/strict";

import { mentionLabel } from "../../web/references/overlay.js";

const citation = (text, refs) => ({ id: "c0", text, citation: { ref_indexes: refs } });

test("a citation is named by its marker and the number of entries it cites", () => {
  assert.equal(mentionLabel(citation("[3, 7]", [3, 7])), "Citation [3, 7]: 2 references");
  assert.equal(mentionLabel(citation("(Smith, 2019)", [4])), "Citation (Smith, 2019): 1 reference");
  assert.equal(mentionLabel(citation("[99]", [])), "Citation [99]: no matching reference");
});

test("a citation without marker text (a link over rotated or drawn text) has no empty name", () => {
  assert.equal(mentionLabel(citation("", [15])), "Citation: 1 reference");
  assert.equal(mentionLabel(citation("  ", [15, 18])), "Citation: 2 references");
});

test("a figure mention names where it goes, or that its target is not in the file", () => {
  const fig = { id: "m0", text: "Fig. 2", mentionKind: "figure", figure: { label: "2", target: { page: 6 } } };
  assert.equal(mentionLabel(fig), "Fig. 2: go to page 6");
  assert.equal(mentionLabel({ ...fig, figure: { label: "S1", target: null } }), "Fig. 2: not in this file");
});
