// A picture of the page a paper was left at, so that reopening it shows that page at once: pdf.js needs
// the document parsed, its fonts loaded and the page drawn (0.4-1 s on a 2-core machine), while the
// page's place is known a few hundred ms after opening. The picture stands in the page's box until pdf.js
// has drawn the page itself, then goes; nothing is read from it (no text, no links). pdf.js has no such
// cache, and a browser's bfcache keeps only a page being left, not a document reopened later: hence ours.
//
// Database "citelens-snapshots", object store "pages", key = the PDF's fingerprint (pdf.js's first
// fingerprint: the same bytes, the same key), value = Snapshot. Only the page last left is kept per
// paper, and at most LIMIT papers (the oldest go first). A store that cannot be opened always misses.

import { SafeStore } from "../analysis/idb.js";

/**
 * @typedef {object} Snapshot
 * @property {number} page     the page pictured (1-based)
 * @property {Blob} image      WebP (PNG where WebP cannot be encoded) of pdf.js's canvas of that page
 * @property {number} stored   Date.now() when kept
 */

const DB_NAME = "citelens-snapshots";
const STORE = "pages";
/** Papers whose picture is kept; beyond this the least recently kept go. */
export const LIMIT = 40;
/** A picture wider than this (device px) is scaled down first: it is shown for well under a second. */
const MAX_WIDTH = 1400;
const QUALITY = 0.8;

export class PageSnapshots {
  #store;

  /** @param {string} [name]  database name (tests may use their own) */
  constructor(name = DB_NAME) {
    this.#store = new SafeStore({
      name, version: 1, store: STORE, warn: () => {},
      upgrade: (db) => {
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE).createIndex("stored", "stored");
      },
    });
  }

  /**
   * The picture kept for this paper, or null.
   * @param {string | null} key
   * @returns {Promise<Snapshot | null>}
   */
  async recall(key) {
    if (!key) return null;
    const record = await this.#store.run("readonly", (store) => store.get(key));
    return record && record.image instanceof Blob && Number.isInteger(record.page) ? record : null;
  }

  /**
   * Keep a picture of a drawn page (replacing the paper's earlier one), then forget the oldest papers'.
   * @param {string | null} key
   * @param {number} page
   * @param {HTMLCanvasElement} canvas  pdf.js's canvas of that page, fully drawn
   * @returns {Promise<boolean>} whether it was kept
   */
  async keep(key, page, canvas) {
    if (!key || !canvas.width || !canvas.height) return false;
    const image = await encode(canvas);
    if (!image) return false;
    const kept = await this.#store.run("readwrite", (store) => store.put({ page, image, stored: Date.now() }, key), true);
    if (!kept) return false;
    const count = await this.#store.run("readonly", (store) => store.count());
    if (typeof count === "number" && count > LIMIT) {
      await this.#store.run("readwrite", (store) => {
        let extra = count - LIMIT;
        const cursor = store.index("stored").openCursor();
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at || extra-- <= 0) return;
          at.delete();
          at.continue();
        };
        return null;
      }, true);
    }
    return true;
  }
}

/**
 * The canvas as an image file, scaled to MAX_WIDTH at most; null when the browser cannot encode it.
 * @param {HTMLCanvasElement} canvas
 * @returns {Promise<Blob | null>}
 */
async function encode(canvas) {
  let source = canvas;
  if (canvas.width > MAX_WIDTH) {
    source = document.createElement("canvas");
    source.width = MAX_WIDTH;
    source.height = Math.round(canvas.height * MAX_WIDTH / canvas.width);
    source.getContext("2d")?.drawImage(canvas, 0, 0, source.width, source.height);
  }
  try {
    return await new Promise((resolve) => source.toBlob((blob) => resolve(blob), "image/webp", QUALITY));
  } catch {
    return null;
  }
}
