// Moving inside the open document: jump to a point (a figure, a section, a reference entry) and flash what is
// there, remember where a link of the PDF itself was followed from (pdf.js follows it), and go Back to
// where the reader was (#back-button, label "Back to page N", focus returned to the mention that was
// followed). At most 50 steps are remembered.

/**
 * @typedef {import("../viewer/viewer.js").PdfViewer} PdfViewer
 * @typedef {import("../viewer/viewer.js").Position} Position
 * @typedef {import("../analysis/schema.js").Reference} Reference
 * @typedef {import("../analysis/schema.js").Box} Box
 */

/** Height of the band flashed at a figure/section target, in body-text lines. */
const FLASH_LINES = 1.6;
const MAX_BACK = 50;

export class Navigation {
  /** @type {PdfViewer} */ #viewer;
  /** @type {HTMLElement} */ #button;
  /** @type {HTMLElement} */ #label;
  /** @type {() => void} */ #beforeJump;
  /** @type {() => number | null} */ #bodyFontSize;
  /** @type {{position: Position, origin: HTMLElement | null}[]} */ #stack = [];
  #generation = 0;

  /**
   * @param {{viewer: PdfViewer, button: HTMLElement, label: HTMLElement, beforeJump: () => void,
   *          bodyFontSize: () => number | null}} options
   *   beforeJump: what goes away when the reader moves (the popover); bodyFontSize: the analysis' body text
   *   size in points, for the height of the flashed band
   */
  constructor({ viewer, button, label, beforeJump, bodyFontSize }) {
    this.#viewer = viewer;
    this.#button = button;
    this.#label = label;
    this.#beforeJump = beforeJump;
    this.#bodyFontSize = bodyFontSize;
    button.addEventListener("click", () => this.back());
  }

  /** A new document: nothing to go back to. */
  clear() {
    this.#generation++;
    this.#stack.length = 0;
    this.#update();
  }

  /**
   * Scroll to a point, flash it, and remember where the reader was for "Back".
   * @param {number} page
   * @param {number} y  PDF points from the page's top
   * @param {{x?: number, origin?: HTMLElement | null, box?: Box | null, flash?: boolean}} [options]
   */
  jumpTo(page, y, { x = 0, origin = null, box = null, flash = true } = {}) {
    const viewer = this.#viewer;
    this.#beforeJump();
    this.#stack.push({ position: viewer.getPosition(), origin });
    if (this.#stack.length > MAX_BACK) this.#stack.shift();
    viewer.scrollToPoint(page, y, { x });
    this.#update();
    if (!flash) return;
    if (box) {
      viewer.flash(page, box);
      return;
    }
    // The target is a line's top: flash that line in its column, or a band across the page without text.
    const generation = this.#generation;
    viewer.lineBox(page, y).then((line) => {
      if (generation !== this.#generation) return;
      const size = viewer.pageSize(page);
      const height = (this.#bodyFontSize() ?? 10) * FLASH_LINES;
      const width = size?.width ?? 612;
      viewer.flash(page, line ?? [width * 0.06, Math.max(0, y - height * 0.2), width * 0.94, y + height]);
    });
  }

  /**
   * The reader is about to be moved by something else (a link of the PDF itself, which pdf.js follows):
   * remember where it was for "Back".
   * @param {HTMLElement | null} origin
   */
  remember(origin) {
    this.#beforeJump();
    this.#stack.push({ position: this.#viewer.getPosition(), origin });
    if (this.#stack.length > MAX_BACK) this.#stack.shift();
    this.#update();
  }

  /**
   * @param {Reference} ref
   * @param {HTMLElement | null} origin
   */
  toReference(ref, origin) {
    if (ref.page === null) return; // an entry from Crossref's record: on no page of this PDF
    const box = ref.box?.length === 4 ? ref.box : null;
    this.jumpTo(ref.page, box ? box[1] : 0, { x: box ? box[0] : 0, origin, box });
  }

  back() {
    const entry = this.#stack.pop();
    if (!entry) return;
    this.#viewer.scrollToPoint(entry.position.page, entry.position.y, { margin: 0 });
    this.#update();
    if (entry.origin?.isConnected) entry.origin.focus({ preventScroll: true });
  }

  #update() {
    const last = this.#stack[this.#stack.length - 1];
    this.#button.hidden = !last;
    if (last) {
      this.#label.textContent = `Back to page ${last.position.page}`;
      this.#button.dataset.page = String(last.position.page);
    }
  }
}
