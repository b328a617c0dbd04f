// The mention overlay: one <button class="pdf-reader-ref-link"> per box of every citation and figure /
// table / equation / section mention of the analysis, placed in percent of the page's box (PDF points
// from its top-left, page sizes from `analysis.pages`), so zoom and rotation never move them off the text.
//
// Kinds (`data-kind`): citation, figure, table, equation, section. The analysis also knows algorithms and
// appendices: an algorithm is a captioned float like a figure, so it becomes `figure`; an appendix is a
// section of the paper, so it becomes `section`. The original kind stays in `data-mention-kind`.
//
// A mention broken over two lines has two boxes: both are buttons, only the first is in the tab order
// (the other is aria-hidden), and hovering one lights up both. Pages get their buttons when pdf.js first
// draws them (its "pagerender" event), in the page's reading order: the analysis lists citations and other mentions
// each in reading order, and the two lists are merged page by page (mergeReadingOrder).

import { h } from "../viewer/dom.js";
import { placeBox } from "../viewer/viewer.js";

/** @type {Record<string, string>} */
const KIND_MAP = {
  citation: "citation",
  figure: "figure",
  table: "table",
  equation: "equation",
  section: "section",
  algorithm: "figure",
  appendix: "section",
};

const KIND_NAMES = /** @type {Record<string, string>} */ ({
  figure: "Figure", table: "Table", equation: "Equation", section: "Section", algorithm: "Algorithm",
  appendix: "Appendix",
});

/**
 * @typedef {import("../viewer/viewer.js").PdfViewer} PdfViewer
 * @typedef {import("../analysis/schema.js").Citation} Citation
 * @typedef {import("../analysis/schema.js").FigureMention} FigureMention
 * @typedef {{
 *   id: string, kind: string, mentionKind: string, page: number, text: string, boxes: number[][],
 *   citation: Citation | null, figure: FigureMention | null,
 * }} Mention
 * @typedef {(mention: Mention, button: HTMLButtonElement) => void} ActivateHandler
 */

/** A pointer resting this long on a citation asks for its look-up (passing over the page asks nothing). */
const HOVER_DELAY_MS = 150;

export class MentionOverlay {
  /** @type {PdfViewer} */ #viewer;
  /** @type {ActivateHandler} */ #onActivate;
  /** @type {((mention: Mention) => void) | null} */ #onHover;
  #hoverTimer = 0;
  /** @type {Map<number, Mention[]>} */ #byPage = new Map();
  /** @type {Map<string, Mention>} */ #byId = new Map();
  /** @type {Map<number, {width: number, height: number}>} */ #sizes = new Map();
  /** @type {Map<number, HTMLElement>} */ #layers = new Map();
  #enabled = true;

  /**
   * @param {{viewer: PdfViewer, onActivate: ActivateHandler, onHover?: (mention: Mention) => void}} options
   *   onHover: a citation was hovered for HOVER_DELAY_MS (its references are worth looking up)
   */
  constructor({ viewer, onActivate, onHover }) {
    this.#viewer = viewer;
    this.#onActivate = onActivate;
    this.#onHover = onHover ?? null;
    // pdf.js starts drawing a page when it comes into view: its buttons are built then. A page whose drawing
    // began before the analysis came and ends after it is in no list setAnalysis reads (neither in view, where
    // the reader went back to another page, nor drawn yet): its buttons are built when it is drawn.
    const build = (/** @type {{pageNumber: number}} */ event) => this.#buildPage(event.pageNumber);
    viewer.eventBus.on("pagerender", build);
    viewer.eventBus.on("pagerendered", build);
  }

  /** The number of mentions, by kind (after mapping). */
  counts() {
    /** @type {Record<string, number>} */
    const counts = {};
    for (const mention of this.#byId.values()) counts[mention.kind] = (counts[mention.kind] ?? 0) + 1;
    return counts;
  }

  clear() {
    for (const layer of this.#layers.values()) layer.remove();
    this.#layers.clear();
    this.#byPage.clear();
    this.#byId.clear();
    this.#sizes.clear();
  }

  /**
   * Take an analysis (the parsed JSON of `analyze_json`) and put buttons on the pages near the viewport.
   * @param {{pages: {number: number, width: number, height: number}[], citations: Citation[],
   *          figure_mentions: FigureMention[]}} analysis
   */
  setAnalysis(analysis) {
    this.clear();
    for (const page of analysis.pages ?? []) this.#sizes.set(page.number, page);
    /** @type {Map<number, Mention[]>} */ const citations = new Map();
    /** @type {Map<number, Mention[]>} */ const figures = new Map();
    const add = (/** @type {Map<number, Mention[]>} */ into, /** @type {Mention} */ mention) => {
      if (!mention.boxes?.length || !this.#sizes.has(mention.page)) return;
      this.#byId.set(mention.id, mention);
      const list = into.get(mention.page) ?? [];
      list.push(mention);
      into.set(mention.page, list);
    };
    (analysis.citations ?? []).forEach((citation, i) => add(citations, {
      id: `c${i}`, kind: "citation", mentionKind: "citation", page: citation.page, text: citation.text,
      boxes: citation.boxes, citation, figure: null,
    }));
    (analysis.figure_mentions ?? []).forEach((figure, i) => {
      // Nowhere to go: no link, save for a supplementary float, which says it is not in the file.
      if (!figure.target && !/^(S|ED)\d/.test(figure.label)) return;
      add(figures, {
        id: `m${i}`, kind: KIND_MAP[figure.kind] ?? "section", mentionKind: figure.kind, page: figure.page,
        text: figure.text, boxes: figure.boxes, citation: null, figure,
      });
    });
    for (const page of new Set([...citations.keys(), ...figures.keys()])) {
      this.#byPage.set(page, mergeReadingOrder(citations.get(page) ?? [], figures.get(page) ?? []));
    }
    for (const page of this.#viewer.nearPages()) this.#buildPage(page);
  }

  /**
   * Boxes the overlay covers on a page (for the PDF's own links underneath).
   * @param {number} pageNumber
   */
  boxesOn(pageNumber) {
    return (this.#byPage.get(pageNumber) ?? []).flatMap((m) => m.boxes);
  }

  /** @param {string} id */
  mention(id) {
    return this.#byId.get(id) ?? null;
  }

  /**
   * The first (focusable) button of a mention, building its page's layer if needed.
   * @param {string} id
   * @returns {HTMLButtonElement | null}
   */
  button(id) {
    const mention = this.#byId.get(id);
    if (!mention) return null;
    this.#buildPage(mention.page);
    return this.#layers.get(mention.page)?.querySelector(`button[data-mention-id="${id}"]`) ?? null;
  }

  /** @param {boolean} enabled */
  setEnabled(enabled) {
    this.#enabled = enabled;
    for (const layer of this.#layers.values()) layer.hidden = !enabled;
  }

  /** @param {number} pageNumber */
  #buildPage(pageNumber) {
    if (this.#layers.has(pageNumber)) return;
    const mentions = this.#byPage.get(pageNumber);
    const size = this.#sizes.get(pageNumber);
    const host = this.#viewer.layersFor(pageNumber);
    if (!mentions?.length || !size || !host) return;
    const layer = h("div", { className: "mention-layer", dataset: { page: pageNumber } });
    layer.hidden = !this.#enabled;
    for (const mention of mentions) {
      mention.boxes.forEach((box, part) => layer.append(this.#button(mention, box, part, size)));
    }
    layer.addEventListener("pointerover", (event) => this.#hover(event, true));
    layer.addEventListener("pointerout", (event) => this.#hover(event, false));
    host.append(layer);
    this.#layers.set(pageNumber, layer);
  }

  /**
   * @param {Mention} mention
   * @param {number[]} box
   * @param {number} part
   * @param {{width: number, height: number}} size
   */
  #button(mention, box, part, size) {
    const citation = mention.citation;
    const label = mentionLabel(mention);
    const attrs = {
      type: "button",
      "aria-label": label,
      "aria-haspopup": citation ? "dialog" : null,
      "aria-expanded": citation ? "false" : null,
      title: mention.figure ? label : `${label} (] next citation, [ previous)`,
      tabindex: part === 0 ? null : "-1",
      "aria-hidden": part === 0 ? null : "true",
    };
    /** @type {Record<string, string | number>} */
    const dataset = { kind: mention.kind, mentionKind: mention.mentionKind, mentionId: mention.id, page: mention.page };
    if (part > 0) dataset.part = part;
    if (citation) {
      dataset.refIndexes = citation.ref_indexes.join(" ");
      dataset.source = citation.source;
    } else if (mention.figure?.target) {
      dataset.targetPage = mention.figure.target.page;
      dataset.label = mention.figure.label;
    }
    const button = /** @type {HTMLButtonElement} */ (h("button", { className: "pdf-reader-ref-link", dataset, attrs }));
    placeBox(button, box, size.width, size.height);
    button.addEventListener("click", (event) => {
      event.preventDefault();
      const first = part === 0 ? button : this.button(mention.id) ?? button;
      this.#onActivate(mention, first);
    });
    return button;
  }

  /**
   * @param {Event} event
   * @param {boolean} on
   */
  #hover(event, on) {
    const target = /** @type {HTMLElement} */ (event.target);
    const id = target.dataset?.mentionId;
    if (!id || !target.parentElement) return;
    clearTimeout(this.#hoverTimer);
    const mention = this.#byId.get(id);
    if (on && mention?.citation && this.#onHover) {
      const onHover = this.#onHover;
      this.#hoverTimer = setTimeout(() => onHover(mention), HOVER_DELAY_MS);
    }
    for (const part of target.parentElement.querySelectorAll(`[data-mention-id="${id}"]`)) {
      part.classList.toggle("hover", on);
    }
  }
}

/**
 * A mention button's label (its aria-label and title): "Citation [3, 7]: 2 references", "Figure 4: go to page 6".
 * A citation whose marker the text map does not hold (a link over rotated or drawn text) is "Citation: 1 reference".
 * @param {Mention} mention
 */
export function mentionLabel(mention) {
  if (mention.citation) {
    const n = mention.citation.ref_indexes.length;
    const what = n === 0 ? "no matching reference" : n === 1 ? "1 reference" : `${n} references`;
    const text = mention.text.trim();
    return text ? `Citation ${text}: ${what}` : `Citation: ${what}`;
  }
  const target = mention.figure?.target;
  const name = KIND_NAMES[mention.mentionKind] ?? "Mention";
  const text = mention.text || `${name} ${mention.figure?.label ?? ""}`;
  return target ? `${text}: go to page ${target.page}` : `${text}: not in this file`;
}

/**
 * One page's citations and other mentions in one reading order. Each list is already in reading order
 * (the analysis made it from the page's lines and columns), so only which list goes next is decided here,
 * from how text is read: on one line left to right; in one column (boxes above one another) top to
 * bottom; across columns, the left one first. A page has columns when one of its lists goes back up the
 * page from one mention to the next, which reading order does only at a column break; without that
 * evidence a page is one column and lower text comes later wherever it starts.
 * @param {Mention[]} a
 * @param {Mention[]} b
 * @returns {Mention[]}
 */
export function mergeReadingOrder(a, b) {
  if (!a.length || !b.length) return [...a, ...b];
  const columns = goesBackUp(a) || goesBackUp(b);
  /** @type {Mention[]} */
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(readBefore(b[j].boxes[0], a[i].boxes[0], columns) ? b[j++] : a[i++]);
  return out.concat(a.slice(i), b.slice(j));
}

/** @param {Mention[]} list */
function goesBackUp(list) {
  return list.some((m, k) => k > 0 && m.boxes[0][3] < list[k - 1].boxes[0][1]);
}

/**
 * Whether box `p` is read before box `q` (both [x0, y0, x1, y1], y down).
 * @param {number[]} p
 * @param {number[]} q
 * @param {boolean} columns  the page is set in columns
 */
function readBefore(p, q, columns) {
  const sameLine = p[1] < q[3] && q[1] < p[3];
  const sameColumn = p[0] < q[2] && q[0] < p[2];
  if (sameLine) return p[0] < q[0];
  if (sameColumn || !columns) return p[1] < q[1];
  return p[0] < q[0];
}
