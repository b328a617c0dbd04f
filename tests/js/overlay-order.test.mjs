// web/references/overlay.js mergeReadingOrder: a page's citations and figure mentions, each list already in
// the analysis' reading order, merged into the one order Tab follows.
import { test } from "node:test";
import assert from "node:assert/strict";

import { mergeReadingOrder } from "../../web/references/overlay.js";

const m = (id, x0, y0, x1 = x0 + 40, y1 = y0 + 10) => ({ id, boxes: [[x0, y0, x1, y1]] });
const ids = (list) => list.map((x) => x.id);

test("two columns: the left column is read to its end before the right one starts", () => {
  const citations = [m("c-left-top", 60, 100), m("c-left-bottom", 60, 600), m("c-right-top", 320, 120)];
  const figures = [m("f-left-middle", 80, 300), m("f-right-bottom", 330, 650)];
  assert.deepEqual(ids(mergeReadingOrder(citations, figures)),
    ["c-left-top", "f-left-middle", "c-left-bottom", "c-right-top", "f-right-bottom"]);
});

test("one column: a lower line comes later wherever on the line it starts", () => {
  const citations = [m("c-line1-right", 400, 100), m("c-line3-left", 70, 140)];
  const figures = [m("f-line2-left", 70, 120), m("f-line4-right", 420, 160)];
  assert.deepEqual(ids(mergeReadingOrder(citations, figures)),
    ["c-line1-right", "f-line2-left", "c-line3-left", "f-line4-right"]);
});

test("one line: left to right; each list keeps its own order", () => {
  const citations = [m("c1", 100, 200), m("c2", 300, 200)];
  const figures = [m("f1", 200, 201)];
  assert.deepEqual(ids(mergeReadingOrder(citations, figures)), ["c1", "f1", "c2"]);
  assert.deepEqual(ids(mergeReadingOrder([], figures)), ["f1"]);
});
