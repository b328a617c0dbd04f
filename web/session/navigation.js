// Moving inside the open document: jump to a point (a figure, a section, a reference entry) and flash what is
// there, remember where a link of the PDF itself was followed from (pdf.js follows it), and go Back to
// where the reader was (#back-button, label "Back to page N" naming the page of the mention followed, focus
// returned to it). At most 50 steps are remembered.
//
// A figure, table or algorithm jump shows the float, not just its caption: the analysis gives the float's
// area (target.area: the drawing above a figure's caption, the body under a table's), and the view scrolls
// so that area and the caption are in it, centred when they fit, else the caption kept in view with as much
// of the float as fits. A caption on a page without its float (a preprint's legends page) and a
// supplementary float that is not in the file say so in the status line.

/**
 * @typedef {import("../viewer/viewer.js").PdfViewer} PdfViewer
 * @typedef {import("../viewer/viewer.js").Position} Position
 * @typedef {import("../analysis/schema.js").Reference} Reference
 * @typedef {import("../analysis/schema.js").Box} Box
 * @typedef {import("../analysis/schema.js").FigureMention} FigureMention
 */

/** Height of the band flashed at a figure/section target, in body-text lines. */
const FLASH_LINES = 1.6;
const MAX_BACK = 50;
/** Lines of a caption kept in view beside its float (its length is not in the analysis). */
const CAPTION_LINES = 3;
/** Space kept around a float shown whole, CSS px. */
const FLOAT_PAD = 12;
/** Kinds whose target is a caption with a float beside it. */
const FLOATS = new Set(["figure", "table", "algorithm"]);
const FLOAT_NAMES = /** @type {Record<string, string>} */ ({ figure: "Figure", table: "Table", algorithm: "Algorithm" });

export class Navigation {
  /** @type {PdfViewer} */ #viewer;
  /** @type {HTMLElement} */ #button;
  /** @type {HTMLElement} */ #label;
  /** @type {() => void} */ #beforeJump;
  /** @type {() => number | null} */ #bodyFontSize;
  /** @type {HTMLElement | null} */ #scroller;
  /** @type {(text: string) => void} */ #say;
  /** @type {{position: Position, origin: HTMLElement | null, from: number}[]} */ #stack = [];
  #generation = 0;

  /**
   * @param {{viewer: PdfViewer, button: HTMLElement, label: HTMLElement, beforeJump: () => void,
   *          bodyFontSize: () => number | null, scroller?: HTMLElement | null, say?: (text: string) => void}} options
   *   beforeJump: what goes away when the reader moves (the popover); bodyFontSize: the analysis' body text
   *   size in points, for the height of the flashed band; scroller: the scrolling viewport, whose height a
   *   float must fit; say: a short message for the reader (a legend without its figure)
   */
  constructor({ viewer, button, label, beforeJump, bodyFontSize, scroller = null, say = () => {} }) {
    this.#viewer = viewer;
    this.#button = button;
    this.#label = label;
    this.#beforeJump = beforeJump;
    this.#bodyFontSize = bodyFontSize;
    this.#scroller = scroller;
    this.#say = say;
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
   * @param {{x?: number, origin?: HTMLElement | null, box?: Box | null, flash?: boolean, margin?: number}} [options]
   *   origin: the element followed (on a page, that page is the one Back names); margin: CSS
   *   px left above the point (the viewer's default when absent)
   */
  jumpTo(page, y, { x = 0, origin = null, box = null, flash = true, margin } = {}) {
    const viewer = this.#viewer;
    this.#beforeJump();
    this.#push(origin);
    viewer.scrollToPoint(page, y, margin === undefined ? { x } : { x, margin });
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
    this.#push(origin);
    this.#update();
  }

  /**
   * Show a figure's, table's or algorithm's float and its caption (see the head of this file); any other
   * mention goes to its target's line.
   * @param {FigureMention} figure
   * @param {HTMLElement | null} origin  the mention's button
   */
  toFigure(figure, origin) {
    const target = figure.target;
    const kind = FLOAT_NAMES[figure.kind] ?? "Mention";
    const name = `${kind} ${figure.label}`;
    if (!target) {
      const family = /^(S|ED)(\d.*)$/.exec(figure.label);
      if (family) this.#say(`${family[1] === "S" ? "Supplementary" : "Extended Data"} ${kind} ${family[2]} is not in this file`);
      return;
    }
    const area = FLOATS.has(figure.kind) ? target.area ?? null : null;
    const viewer = this.#viewer;
    const size = viewer.pageSize(target.page);
    const element = viewer.pageElement(target.page);
    if (!area || !size || !element || !this.#scroller) {
      this.jumpTo(target.page, target.y, { origin });
      if (FLOATS.has(figure.kind) && !area) this.#say(`${name}: only its legend is on page ${target.page}, not the ${figure.kind} itself`);
      return;
    }
    const perPoint = element.clientHeight / size.height; // CSS px per PDF point at this zoom
    const visible = this.#scroller.clientHeight / perPoint;
    const pad = FLOAT_PAD / perPoint;
    const caption = (this.#bodyFontSize() ?? 10) * FLASH_LINES * CAPTION_LINES;
    const under = area[1] >= target.y - 1; // a table's body under its caption, or a float over it
    const top = Math.min(area[1], target.y);
    const bottom = under ? area[3] : Math.max(area[3], target.y + caption);
    let y;
    if (bottom - top + 2 * pad <= visible) y = top - (visible - (bottom - top)) / 2; // all of it, centred
    else if (under) y = top - pad; // the caption at the top, as much of the table as fits under it
    else y = bottom + pad - visible; // the caption at the bottom, as much of the drawing as fits over it
    this.jumpTo(target.page, y, { origin, box: [area[0], area[1], area[2], area[3]], margin: 0 });
  }

  /** @param {HTMLElement | null} origin */
  #push(origin) {
    const position = this.#viewer.getPosition();
    // The page the followed element is on (a mention's button, a link of the PDF: inside pdf.js's page div);
    // from the sidebar, the page in view.
    const page = /** @type {HTMLElement | null | undefined} */ (origin?.closest("[data-page-number]"));
    const from = Number(page?.dataset.pageNumber) || position.page;
    this.#stack.push({ position, origin, from });
    if (this.#stack.length > MAX_BACK) this.#stack.shift();
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
      this.#label.textContent = `Back to page ${last.from}`;
      this.#button.dataset.page = String(last.from);
    }
  }
}
