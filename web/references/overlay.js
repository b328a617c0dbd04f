// The mention overlay: one <button class="pdf-reader-ref-link"> per box of every citation and figure /
// table / equation / section mention of the analysis, placed in percent of the page's box (PDF points
// from its top-left, page sizes from `analysis.pages`), so zoom and rotation never move them off the text.
//
// Kinds (`data-kind`): citation, figure, table, equation, section. The analysis also knows algorithms and
// appendices: an algorithm is a captioned float like a figure, so it becomes `figure`; an appendix is a
// section of the paper, so it becomes `section`. The original kind stays in `data-mention-kind`.
//
// A mention broken over two lines has two boxes: both are buttons, only the first is in the tab order
// (the other is aria-hidden), and hovering one lights up both. Pages get their buttons when they first
// come near the viewport; their order in the tab sequence is the page's text order (pdf.js text items),
// as the analysis lists citations and other mentions separately.

import { h } from "../viewer/dom.js";
import { placeBox } from "../viewer/viewer.js";

/** @type {Record<string, string>} */
export const KIND_MAP = {
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
 * @typedef {{page: number, text: string, ref_indexes: number[], boxes: number[][],
 *            sentence: {text: string, start: number, end: number} | null, source: "text" | "pdf-link"}} Citation
 * @typedef {{page: number, text: string, kind: string, label: string, boxes: number[][],
 *            target: {page: number, y: number} | null}} FigureMention
 * @typedef {{
 *   id: string, kind: string, mentionKind: string, page: number, text: string, boxes: number[][],
 *   citation: Citation | null, figure: FigureMention | null, order: number,
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
  /** @type {Map<number, {items: any[], view: number[]}>} text items seen before the analysis arrived */
  #text = new Map();
  #enabled = true;

  /**
   * @param {{viewer: PdfViewer, onActivate: ActivateHandler, onHover?: (mention: Mention) => void}} options
   *   onHover: a citation was hovered for HOVER_DELAY_MS (its references are worth looking up)
   */
  constructor({ viewer, onActivate, onHover }) {
    this.#viewer = viewer;
    this.#onActivate = onActivate;
    this.#onHover = onHover ?? null;
    viewer.addEventListener("pagenear", (event) => {
      this.#buildPage(/** @type {CustomEvent} */ (event).detail.pageNumber);
    });
    viewer.addEventListener("textcontent", (event) => {
      const { pageNumber, items, view } = /** @type {CustomEvent} */ (event).detail;
      if (this.#sizes.size && !this.#byPage.has(pageNumber)) return; // analysed, nothing to order
      this.#text.set(pageNumber, { items, view });
      this.#orderPage(pageNumber);
    });
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
    this.#text.clear();
  }

  /**
   * Take an analysis (the parsed JSON of `analyze_json`) and put buttons on the pages near the viewport.
   * @param {{pages: {number: number, width: number, height: number}[], citations: Citation[],
   *          figure_mentions: FigureMention[]}} analysis
   */
  setAnalysis(analysis) {
    const text = this.#text;
    this.clear();
    this.#text = text;
    for (const page of analysis.pages ?? []) this.#sizes.set(page.number, page);
    let order = 0;
    const add = (/** @type {Mention} */ mention) => {
      if (!mention.boxes?.length || !this.#sizes.has(mention.page)) return;
      this.#byId.set(mention.id, mention);
      const list = this.#byPage.get(mention.page) ?? [];
      list.push(mention);
      this.#byPage.set(mention.page, list);
    };
    (analysis.citations ?? []).forEach((citation, i) => add({
      id: `c${i}`, kind: "citation", mentionKind: "citation", page: citation.page, text: citation.text,
      boxes: citation.boxes, citation, figure: null, order: order++,
    }));
    (analysis.figure_mentions ?? []).forEach((figure, i) => {
      if (!figure.target) return; // nowhere to go: no link
      add({
        id: `m${i}`, kind: KIND_MAP[figure.kind] ?? "section", mentionKind: figure.kind, page: figure.page,
        text: figure.text, boxes: figure.boxes, citation: null, figure, order: order++,
      });
    });
    for (const list of this.#byPage.values()) list.sort(byPosition);
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
    this.#orderPage(pageNumber);
  }

  /**
   * @param {Mention} mention
   * @param {number[]} box
   * @param {number} part
   * @param {{width: number, height: number}} size
   */
  #button(mention, box, part, size) {
    const citation = mention.citation;
    const attrs = {
      type: "button",
      "aria-label": this.#label(mention),
      "aria-haspopup": citation ? "dialog" : null,
      "aria-expanded": citation ? "false" : null,
      title: mention.figure ? this.#label(mention) : null,
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

  /** @param {Mention} mention */
  #label(mention) {
    if (mention.citation) {
      const n = mention.citation.ref_indexes.length;
      const what = n === 0 ? "no matching reference" : n === 1 ? "1 reference" : `${n} references`;
      return `Citation ${mention.text}: ${what}`;
    }
    const target = mention.figure?.target;
    const name = KIND_NAMES[mention.mentionKind] ?? "Mention";
    const text = mention.text || `${name} ${mention.figure?.label ?? ""}`;
    return target ? `${text}: go to page ${target.page}` : text;
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

  /**
   * Put a page's buttons in the order of the page's text, so Tab follows the reading order of both
   * columns. Without text (not loaded yet) the buttons stay in (y, x) order.
   * @param {number} pageNumber
   */
  #orderPage(pageNumber) {
    const layer = this.#layers.get(pageNumber);
    const text = this.#text.get(pageNumber);
    const mentions = this.#byPage.get(pageNumber);
    if (!layer || !text || !mentions || layer.dataset.ordered) return;
    const [vx0, , , vy1] = text.view;
    const items = text.items.map((/** @type {any} */ item) => {
      const x = item.transform[4] - vx0;
      const y = vy1 - item.transform[5];
      const height = item.height || Math.hypot(item.transform[2], item.transform[3]);
      return [x, y - height, x + item.width, y + 0.25 * height];
    });
    /** @type {Map<string, number>} */
    const rank = new Map();
    let previous = 0;
    for (const mention of mentions) {
      const [x0, y0, x1, y1] = mention.boxes[0];
      const cx = (x0 + x1) / 2;
      const cy = (y0 + y1) / 2;
      const index = items.findIndex((b) => cx >= b[0] - 1 && cx <= b[2] + 1 && cy >= b[1] - 1 && cy <= b[3] + 1);
      previous = index >= 0 ? index : previous;
      rank.set(mention.id, previous + x0 / 1e4);
    }
    const buttons = [...layer.children].sort((a, b) => {
      const ra = rank.get(/** @type {HTMLElement} */ (a).dataset.mentionId ?? "") ?? 0;
      const rb = rank.get(/** @type {HTMLElement} */ (b).dataset.mentionId ?? "") ?? 0;
      return ra - rb || Number(/** @type {HTMLElement} */ (a).dataset.part ?? 0) - Number(/** @type {HTMLElement} */ (b).dataset.part ?? 0);
    });
    layer.append(...buttons);
    layer.dataset.ordered = "true";
    this.#text.delete(pageNumber);
  }
}

/**
 * Reading order without the page's text: top to bottom, then left to right, lines within 3 pt equal.
 * @param {Mention} a
 * @param {Mention} b
 */
function byPosition(a, b) {
  const dy = a.boxes[0][1] - b.boxes[0][1];
  return Math.abs(dy) > 3 ? dy : a.boxes[0][0] - b.boxes[0][0];
}
