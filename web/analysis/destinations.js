// PDF destinations, resolved by one rule for the analysis and for the reader: a named destination or an
// explicit [pageRef | pageIndex, {name: mode}, ...args] array (as pdf.js gives them for link annotations
// and bookmarks) becomes a page number and a point in citelens coordinates: PDF points from the top-left of
// the displayed page, y down, through the page's viewport at scale 1 (so rotated pages are right too).
// A coordinate the destination leaves out (FitH has no x, Fit has neither) stays null.
//
// extract.js uses Destinations for the Document's links and bookmarks; the reader uses
// resolveDestination() for a click on one of the PDF's internal links and pdfOutline() for the bookmarks
// shown before the analysis arrives.

/**
 * @typedef {{page: number | null, x: number | null, y: number | null, name: string | null}} Resolved
 *   name: the destination's name when it was a named one
 * @typedef {{page: number, x: number, y: number}} Destination  a point to scroll to (missing coordinates 0)
 */

/** Resolves pdf.js destinations for one document, asking pdf.js once per name and per page reference. */
export class Destinations {
  #doc;
  /** @type {any[] | null} */ #viewports;
  /** @type {Map<string, Promise<any>>} */ #named = new Map();
  /** @type {Map<string, Promise<number | null>>} */ #pages = new Map();
  /** @type {Map<number, Promise<any>>} */ #lazy = new Map();

  /**
   * @param {any} pdfDocument  PDFDocumentProxy
   * @param {any[] | null} [viewports]  each page's PageViewport at scale 1, when already at hand
   */
  constructor(pdfDocument, viewports = null) {
    this.#doc = pdfDocument;
    this.#viewports = viewports;
  }

  /**
   * @param {string | any[] | null} dest
   * @returns {Promise<Resolved>}
   */
  async resolve(dest) {
    const name = typeof dest === "string" ? dest : null;
    let explicit = dest;
    if (name !== null) {
      if (!this.#named.has(name)) this.#named.set(name, this.#doc.getDestination(name).catch(() => null));
      explicit = await this.#named.get(name);
    }
    const none = { page: null, x: null, y: null, name };
    if (!Array.isArray(explicit) || !explicit.length) return none;
    const page = await this.#pageNumber(explicit[0]);
    if (page === null) return none;
    const kind = explicit[1]?.name ?? null;
    const num = explicit.slice(2).map((v) => (typeof v === "number" && Number.isFinite(v) ? v : null));
    let x = null;
    let y = null;
    if (kind === "XYZ") [x = null, y = null] = num;
    else if (kind === "FitH" || kind === "FitBH") y = num[0] ?? null;
    else if (kind === "FitV" || kind === "FitBV") x = num[0] ?? null;
    else if (kind === "FitR" && num.length === 4) [x, y] = [num[0], num[3]];
    const point = pagePoint(await this.#viewport(page), x, y);
    return { page, x: point[0], y: point[1], name };
  }

  /** @param {any} target  a page reference {num, gen} or a 0-based page index */
  async #pageNumber(target) {
    if (Number.isInteger(target)) return target >= 0 && target < this.#doc.numPages ? target + 1 : null;
    if (!target || typeof target !== "object") return null;
    const key = `${target.num}R${target.gen}`;
    if (!this.#pages.has(key)) {
      this.#pages.set(key, this.#doc.getPageIndex(target).then((/** @type {number} */ i) => i + 1, () => null));
    }
    return this.#pages.get(key) ?? null;
  }

  /** @param {number} page  1-based */
  #viewport(page) {
    if (this.#viewports) return this.#viewports[page - 1];
    if (!this.#lazy.has(page)) {
      this.#lazy.set(page, this.#doc.getPage(page).then((/** @type {any} */ p) => p.getViewport({ scale: 1 }), () => null));
    }
    return this.#lazy.get(page);
  }
}

/** @type {WeakMap<object, Destinations>} */
const perDocument = new WeakMap();

/** @param {any} pdf */
function destinationsOf(pdf) {
  let found = perDocument.get(pdf);
  if (!found) perDocument.set(pdf, (found = new Destinations(pdf)));
  return found;
}

/**
 * Where to scroll for a destination of `pdf`, or null when it points nowhere in this file.
 * @param {any} pdf  PDFDocumentProxy
 * @param {string | any[] | null | undefined} dest
 * @returns {Promise<Destination | null>}
 */
export async function resolveDestination(pdf, dest) {
  const found = await destinationsOf(pdf).resolve(dest ?? null);
  return found.page === null ? null : { page: found.page, x: Math.max(0, found.x ?? 0), y: Math.max(0, found.y ?? 0) };
}

/**
 * The PDF's own bookmarks, flattened in order with levels and resolved destinations: the outline shown
 * before the analysis arrives (and instead of it when the worker is unavailable).
 * @param {any} pdf  PDFDocumentProxy
 * @returns {Promise<{title: string, level: number, page: number, y: number}[]>}
 */
export async function pdfOutline(pdf) {
  const tree = await pdf.getOutline().catch(() => null);
  if (!tree?.length) return [];
  /** @type {{title: string, level: number, dest: any}[]} */
  const flat = [];
  const walk = (/** @type {any[]} */ nodes, /** @type {number} */ level) => {
    for (const node of nodes) {
      flat.push({ title: String(node.title ?? ""), level, dest: node.dest });
      if (node.items?.length && level < 6) walk(node.items, level + 1);
    }
  };
  walk(tree, 1);
  const resolved = await Promise.all(flat.map((item) => resolveDestination(pdf, item.dest)));
  return flat.flatMap((item, i) => {
    const d = resolved[i];
    return d ? [{ title: item.title, level: item.level, page: d.page, y: d.y }] : [];
  });
}

/**
 * A user-space point on a page to top-left coordinates; a missing coordinate stays null (on a rotated
 * page both are needed, as in the pdfminer adapter).
 * @param {any} viewport
 * @param {number | null} x
 * @param {number | null} y
 * @returns {[number | null, number | null]}
 */
function pagePoint(viewport, x, y) {
  if (!viewport) return [null, null];
  if (x !== null && y !== null) {
    const [vx, vy] = viewport.convertToViewportPoint(x, y);
    return [round(vx), round(vy)];
  }
  if (viewport.rotation % 360 !== 0) return [null, null];
  const [va, , , vd, ve, vf] = viewport.transform;
  const vx = x === null ? null : round(va * x + ve);
  const vy = y === null ? null : round(vd * y + vf);
  return [vx, vy];
}

/** @param {number} v */
function round(v) {
  return Math.round(v * 100) / 100;
}
