// pdf.js → citelens Document: the browser's adapter, the counterpart of py/citelens/adapters/pdfminer.py.
//
// Input: a pdf.js PDFDocumentProxy opened with `fontExtraProperties: true` (see pdfjsDocumentOptions).
// Output: the Document JSON that citelens.model.Document.from_json reads, and its text hash:
//   pages    {number, width, height, fonts: [name], items: [[text, x, y, w, h, size, font]]}
//   links    {page, rect, dest_page, dest_x, dest_y, dest_name}   Link annotations with a destination
//   bookmarks {title, level, page, y}                            the PDF's outline, depth first
//
// Coordinates are converted here and nowhere else: pdf.js reports PDF user space (origin bottom-left, not
// shifted to the page box); citelens wants points from the top-left of the displayed page, y down. The
// page's viewport at scale 1 is exactly that map (for an unrotated page: x - view[0], view[3] - y).
//
// Items are pdf.js's text items, one for one: no merging. Dropped, as the pdfminer adapter drops them:
// items with no visible text, and items not upright on the displayed page (arXiv's side stamp, vertical
// table heads). Bold and italic are decided in Python from the font names (citelens.fonts, the pipeline's
// first stage), so the fonts go out as names.
//
// The work is split in two so a cached paper costs only the first half: extractText() reads the text of
// every page and hashes it; completeDocument() adds what only an analysis needs (font names, which cost an
// operator list per page; link annotations and bookmarks: readLinks(), which may run beside extractText()).
// Link and bookmark destinations are resolved by destinations.js, the reader's one rule for them.

import { Destinations } from "./destinations.js";

/**
 * @typedef {[string, number, number, number, number, number, number]} ItemArray
 *   [text, x, y_baseline, width, height, font_size, font_index]
 *
 * @typedef {object} PageJson
 * @property {number} number      1-based
 * @property {number} width
 * @property {number} height
 * @property {string[]} fonts   PostScript names (pdf.js font ids until completeDocument names them)
 * @property {ItemArray[]} items
 *
 * @typedef {object} LinkJson
 * @property {number} page
 * @property {[number, number, number, number]} rect   [x0, y0, x1, y1], y0 the top edge
 * @property {number | null} dest_page
 * @property {number | null} dest_x
 * @property {number | null} dest_y
 * @property {string | null} dest_name
 *
 * @typedef {object} BookmarkJson
 * @property {string} title
 * @property {number} level        1 = top
 * @property {number | null} page
 * @property {number | null} y
 *
 * @typedef {object} DocumentJson
 * @property {number} schema_version
 * @property {PageJson[]} pages
 * @property {BookmarkJson[]} bookmarks
 * @property {LinkJson[]} links
 *
 * @typedef {object} TextLayer  what extractText() returns and completeDocument() finishes
 * @property {PageJson[]} pages    fonts still hold pdf.js's internal font ids
 * @property {string | null} textHash  null where crypto.subtle is missing (a page not served securely)
 * @property {object[]} viewports   pdf.js PageViewport of each page, scale 1
 */

const DOCUMENT_SCHEMA_VERSION = 1;

// Below this, a matrix entry is zero: text is upright (pdfminer adapter: abs(matrix[1]) > 1e-3).
const SKEW = 1e-3;
// Pages read at once: enough to keep pdf.js's worker busy, few enough that a page the reader asks to
// render is not queued behind the whole paper.
const CONCURRENCY = 3;
// A font that pdf.js sent with an operator list is stored within milliseconds; this only bounds the wait
// should one never be (a font that then keeps its pdf.js id as its name, and no style).
const FONT_WAIT_MS = 2000;

/**
 * The getDocument() options the reader needs, for pdf.js served from `pdfjsBase` (site/vendor/pdfjs/).
 * fontExtraProperties gives the fonts' real names (bold headings); the rest keeps pdf.js offline.
 * @param {string | URL} pdfjsBase
 */
export function pdfjsDocumentOptions(pdfjsBase) {
  const base = new URL(pdfjsBase, globalThis.location?.href);
  return {
    fontExtraProperties: true,
    cMapUrl: new URL("cmaps/", base).href,
    cMapPacked: true,
    standardFontDataUrl: new URL("standard_fonts/", base).href,
    wasmUrl: new URL("wasm/", base).href,
    iccUrl: new URL("iccs/", base).href,
    isEvalSupported: false,
    enableXfa: false,
  };
}

/**
 * Text, links and bookmarks of a whole PDF, and the hash of its text.
 * @param {any} pdfDocument  a pdf.js PDFDocumentProxy
 * @returns {Promise<{document: DocumentJson, textHash: string | null}>}
 */
export async function extractDocument(pdfDocument) {
  const text = await extractText(pdfDocument);
  const document = await completeDocument(pdfDocument, text);
  return { document, textHash: text.textHash };
}

/**
 * The text items of every page (fonts as pdf.js ids) and the text hash.
 * @param {any} pdfDocument
 * @param {{onPage?: ((done: number, count: number) => void) | null}} [options]  called as each page is read
 * @returns {Promise<TextLayer>}
 */
export async function extractText(pdfDocument, { onPage = null } = {}) {
  const count = pdfDocument.numPages;
  const pages = new Array(count);
  const viewports = new Array(count);
  let done = 0;
  await eachPage(count, async (n) => {
    const page = await pdfDocument.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    viewports[n - 1] = viewport;
    pages[n - 1] = pageText(n, viewport, content);
    onPage?.(++done, count);
  });
  return { pages, viewports, textHash: await textHash(pages) };
}

/**
 * The link annotations and bookmarks of a PDF. They need no text, so the reader reads them while the text is
 * read: their destinations are round trips to pdf.js's worker, which fill its gaps between pages of text.
 * @param {any} pdfDocument
 * @param {any[] | null} [viewports]  each page's PageViewport at scale 1, when already at hand
 * @returns {Promise<{links: LinkJson[], bookmarks: BookmarkJson[]}>}
 */
export async function readLinks(pdfDocument, viewports = null) {
  const resolver = new Destinations(pdfDocument, viewports);
  const links = new Array(pdfDocument.numPages);
  const [, outline] = await Promise.all([
    eachPage(pdfDocument.numPages, async (n) => {
      const page = await pdfDocument.getPage(n);
      const viewport = viewports?.[n - 1] ?? page.getViewport({ scale: 1 });
      links[n - 1] = await pageLinks(n, viewport, await page.getAnnotations(), resolver);
    }),
    pdfDocument.getOutline().catch(() => null),
  ]);
  const bookmarks = [];
  await walkOutline(outline ?? [], 1, resolver, bookmarks);
  return { links: links.flat(), bookmarks };
}

/**
 * Finishes a TextLayer into the Document: real font names, link annotations, bookmarks.
 * The TextLayer's pages are reused (their fonts and font indexes rewritten), not copied.
 * @param {any} pdfDocument
 * @param {TextLayer} text
 * @param {Promise<{links: LinkJson[], bookmarks: BookmarkJson[]}>} [linked]  readLinks() of this document,
 *   when it was started earlier
 * @returns {Promise<DocumentJson>}
 */
export async function completeDocument(pdfDocument, text, linked = readLinks(pdfDocument, text.viewports)) {
  const [, { links, bookmarks }] = await Promise.all([loadFonts(pdfDocument, text.pages), linked]);
  const commonObjs = text.pages.length ? (await pdfDocument.getPage(1)).commonObjs : null;
  for (const page of text.pages) nameFonts(commonObjs, page);
  return { schema_version: DOCUMENT_SCHEMA_VERSION, pages: text.pages, bookmarks, links };
}

/**
 * First 16 bytes (hex) of SHA-256 over the items' texts, joined by "\n" within a page and "\f" between
 * pages: citelens.pipeline.text_hash, so Python and the browser agree.
 * @param {PageJson[]} pages
 * @returns {Promise<string | null>}
 */
export async function textHash(pages) {
  if (!globalThis.crypto?.subtle) return null;
  const text = pages.map((p) => p.items.map((item) => item[0]).join("\n")).join("\f");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return hex(new Uint8Array(digest, 0, 16));
}

/** @param {Uint8Array} bytes */
export function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// ------------------------------------------------------------------------------------------------ text

/**
 * @param {number} number
 * @param {any} viewport
 * @param {{items: any[], styles: Record<string, {vertical?: boolean}>}} content
 * @returns {PageJson}
 */
function pageText(number, viewport, content) {
  const fontIndex = new Map();
  const items = [];
  const [va, vb, vc, vd, ve, vf] = viewport.transform;
  const scale = Math.hypot(va, vb); // 1, unless the page sets a UserUnit
  for (const item of content.items) {
    const str = item.str;
    if (!str || !str.trim() || content.styles[item.fontName]?.vertical) continue;
    const [a, b, c, d, e, f] = item.transform;
    // The item's matrix on the displayed page (viewport × item), y pointing down.
    const m0 = va * a + vc * b;
    const m1 = vb * a + vd * b;
    const m2 = va * c + vc * d;
    const m3 = vb * c + vd * d;
    if (Math.abs(m1) > SKEW || Math.abs(m2) > SKEW || m0 * m3 >= 0) continue;
    let font = fontIndex.get(item.fontName);
    if (font === undefined) {
      font = fontIndex.size;
      fontIndex.set(item.fontName, font);
    }
    items.push([
      // A lone surrogate (a broken ToUnicode map) would not survive UTF-8 on the way to Python.
      str.toWellFormed ? str.toWellFormed() : str,
      round(va * e + vc * f + ve),
      round(vb * e + vd * f + vf),
      round(item.width * scale),
      round(item.height * scale),
      round(Math.hypot(c, d) * scale),
      font,
    ]);
  }
  return {
    number,
    width: round(viewport.width),
    height: round(viewport.height),
    fonts: [...fontIndex.keys()],
    items: /** @type {ItemArray[]} */ (items),
  };
}

/**
 * Makes pdf.js send the fonts of the text items to the page, where their names are (commonObjs, shared by
 * all pages). pdf.js sends a font only with an operator list, which costs about as much as reading the
 * page's text again; but one font object serves every page that uses it, so operator lists are asked only
 * for a few pages that together use every font (greedy set cover: 1 to 9 pages of 15-30 in the corpus),
 * and none for the fonts already there: those of the pages the viewer has drawn.
 * @param {any} pdfDocument
 * @param {PageJson[]} pages
 */
async function loadFonts(pdfDocument, pages) {
  if (!pages.length) return;
  const { commonObjs } = await pdfDocument.getPage(1);
  const uncovered = new Set(pages.flatMap((page) => page.fonts).filter((id) => !commonObjs.has(id)));
  const chosen = [];
  while (uncovered.size) {
    let best = -1;
    let most = 0;
    pages.forEach((page, i) => {
      const count = page.fonts.filter((id) => uncovered.has(id)).length;
      if (count > most) [best, most] = [i, count];
    });
    if (best < 0) break;
    chosen.push(best + 1);
    for (const id of pages[best].fonts) uncovered.delete(id);
  }
  const all = new Set(pages.flatMap((page) => page.fonts));
  const coming = new Set();
  await Promise.all(chosen.map(async (n) => {
    const opList = await (await pdfDocument.getPage(n)).getOperatorList().catch(() => null);
    // The operator list names the fonts it sent (setFont and dependency arguments). A font the text
    // names but the operator list does not (an inline font gets a new id at each load) never arrives.
    for (const args of opList?.argsArray ?? []) {
      if (Array.isArray(args) && all.has(args[0])) coming.add(args[0]);
    }
  }));
  // The page stores each font once the browser has loaded it (FontFace): a few milliseconds.
  const arrived = [...coming].map((id) => new Promise((done) => commonObjs.get(id, done, done)));
  await Promise.race([Promise.all(arrived), new Promise((done) => setTimeout(done, FONT_WAIT_MS))]);
}

/**
 * Replaces the page's pdf.js font ids by the fonts' PostScript names, merging ids that name one font.
 * @param {any} commonObjs
 * @param {PageJson} json
 */
function nameFonts(commonObjs, json) {
  const byName = new Map();
  const remap = json.fonts.map((id) => {
    const name = fontName(commonObjs, id);
    if (!byName.has(name)) byName.set(name, byName.size);
    return byName.get(name);
  });
  json.fonts = [...byName.keys()];
  for (const item of json.items) item[6] = remap[item[6]];
}

let warnedNoNames = false;

function fontName(commonObjs, id) {
  const font = commonObjs?.has(id) ? commonObjs.get(id) : null;
  const name = font?.name;
  if (typeof name !== "string" || !name) {
    if (!warnedNoNames) {
      warnedNoNames = true;
      console.warn("citelens: pdf.js gave no font names (open the PDF with fontExtraProperties: true); " +
        "bold headings will not be recognised");
    }
    return id;
  }
  // "ABCDEF+CMBX10" -> "CMBX10": the six-letter tag only names the subset (as the pdfminer adapter does).
  const tag = name.slice(0, 6);
  const upper = tag === tag.toUpperCase() && tag !== tag.toLowerCase(); // Python's str.isupper()
  return name.length > 7 && name[6] === "+" && upper ? name.slice(7) : name;
}

/**
 * @param {number} number
 * @param {any} viewport
 * @param {any[]} annotations
 * @param {Destinations} resolver
 * @returns {Promise<LinkJson[]>}
 */
async function pageLinks(number, viewport, annotations, resolver) {
  const links = annotations.filter((a) => a.subtype === "Link" && a.dest && Array.isArray(a.rect));
  return Promise.all(links.map(async (a) => {
    const [x0, y0] = viewport.convertToViewportPoint(a.rect[0], a.rect[1]);
    const [x1, y1] = viewport.convertToViewportPoint(a.rect[2], a.rect[3]);
    const dest = await resolver.resolve(a.dest);
    return {
      page: number,
      rect: /** @type {LinkJson["rect"]} */ ([Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)].map(round)),
      dest_page: dest.page,
      dest_x: dest.x,
      dest_y: dest.y,
      dest_name: dest.name,
    };
  }));
}

/**
 * @param {any[]} nodes   pdf.js outline items ({title, dest, items})
 * @param {number} level
 * @param {Destinations} resolver
 * @param {BookmarkJson[]} out
 */
async function walkOutline(nodes, level, resolver, out) {
  for (const node of nodes) {
    const dest = node.dest ? await resolver.resolve(node.dest) : { page: null, y: null };
    const title = String(node.title ?? "").split(/\s+/).filter(Boolean).join(" ");
    out.push({ title: title.toWellFormed ? title.toWellFormed() : title, level, page: dest.page, y: dest.y });
    await walkOutline(node.items ?? [], level + 1, resolver, out);
  }
}

// ------------------------------------------------------------------------------------------- helpers

/** Runs `task(n)` for n = 1..count, CONCURRENCY at a time; rejects with the first failure. */
async function eachPage(count, task) {
  let next = 1;
  const lane = async () => {
    while (next <= count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, lane));
}

function round(v) {
  return Math.round(v * 100) / 100;
}
