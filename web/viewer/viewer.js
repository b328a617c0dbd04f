// The page viewer: one placeholder per page, sized from the PDF, and pdf.js rendering (canvas + text layer)
// only for the pages near the viewport, one page at a time, nearest first. A 500-page PDF costs 500 empty
// divs and a handful of canvases; far pages give their canvas and text layer back.
//
// Sizes follow pdf.js's own viewer: the viewer element carries `--scale-factor` (CSS px per PDF point),
// every page and layer is sized with calc() from it, and everything inside a page is positioned in
// percent. Zooming changes one custom property; canvases are re-rendered lazily behind the stretched old
// bitmap. Layers added by other modules (`layersFor`) hold the page's *unrotated* box, rotated by CSS
// like pdf.js's text layer, so analysis boxes (PDF points from the top-left of the page's view box) map to
// percentages without knowing the rotation.
//
// Events (CustomEvent, detail in parentheses): "pagenear" ({pageNumber}) each time a page comes within
// a screen of the viewport; "pagerendered" ({pageNumber}); "pagechange" ({pageNumber}); "zoomchange"
// ({zoom, mode}).

/** CSS pixels per PDF point at 100 % (pdf.js PixelsPerInch.PDF_TO_CSS_UNITS). */
const CSS_UNITS = 96 / 72;
const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5];
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 5;
/** Automatic zoom never goes above this (pdf.js MAX_AUTO_SCALE); narrow screens get page width. */
const MAX_AUTO_ZOOM = 1.25;
/** Horizontal room kept around a page at "page width" (margins + a scrollbar), CSS px. */
const FIT_PADDING = 36;
/** A canvas larger than this many pixels is rendered at a lower device-pixel ratio. */
const MAX_CANVAS_PIXELS = 2 ** 24;
/** Canvases and text layers kept for pages away from the viewport before the farthest are released. */
const KEEP_CANVASES = 6;
const KEEP_TEXT_LAYERS = 30;
/** Space left above a target when scrolling to it, CSS px. */
const SCROLL_MARGIN = 56;

/**
 * @typedef {{x0: number, y0: number, x1: number, y1: number}} Rect
 * @typedef {{page: number, y: number}} Position  a point in the document, PDF points from the page's top
 */

class PageView {
  /** @param {number} number */
  constructor(number) {
    this.number = number;
    this.div = document.createElement("div");
    this.div.className = "page";
    this.div.dataset.pageNumber = String(number);
    this.div.setAttribute("role", "region");
    this.div.setAttribute("aria-label", `Page ${number}`);
    this.canvasWrapper = document.createElement("div");
    this.canvasWrapper.className = "canvasWrapper";
    this.div.append(this.canvasWrapper);
    /** unrotated size in PDF points, and the page's own rotation */
    this.width = 612;
    this.height = 792;
    this.rotation = 0;
    this.sized = false;
    this.near = false;
    /** @type {number | null} the CSS scale the current canvas was drawn at */
    this.renderedScale = null;
    this.failed = false;
    /** @type {any} pdf.js RenderTask */
    this.renderTask = null;
    /** @type {"none" | "loading" | "done"} */
    this.textState = "none";
    /** @type {HTMLElement | null} */
    this.textDiv = null;
    /** @type {any} pdf.js TextLayer */
    this.textLayer = null;
    /** @type {HTMLElement | null} */
    this.layers = null;
  }

  /**
   * @param {number} width
   * @param {number} height
   * @param {number} rotation
   */
  setSize(width, height, rotation) {
    this.width = width;
    this.height = height;
    this.rotation = ((rotation % 360) + 360) % 360;
    const swap = this.rotation % 180 !== 0;
    const { style } = this.div;
    style.width = scaled(swap ? height : width, "x");
    style.height = scaled(swap ? width : height, "y");
    if (this.layers) sizeLayer(this.layers, this);
  }
}

/**
 * A CSS length: `points` PDF points at the viewer's current scale, rounded down to whole pixels exactly as
 * pdf.js sizes its text layer, so page, canvas and layers line up at every zoom.
 * @param {number} points
 * @param {"x" | "y"} axis
 */
function scaled(points, axis) {
  return `round(down, var(--total-scale-factor) * ${points}px, var(--scale-round-${axis}))`;
}

/**
 * @param {HTMLElement} layer
 * @param {PageView} view
 */
function sizeLayer(layer, view) {
  layer.style.width = scaled(view.width, "x");
  layer.style.height = scaled(view.height, "y");
  layer.dataset.mainRotation = String(view.rotation);
}

export class PdfViewer extends EventTarget {
  /** @type {HTMLElement} */ #container;
  /** @type {HTMLElement} */ #viewer;
  /** @type {any} the pdf.js module */ #pdfjs;
  /** @type {any} PDFDocumentProxy */ #pdf = null;
  /** @type {PageView[]} */ #views = [];
  /** @type {IntersectionObserver | null} */ #observer = null;
  #zoom = 1;
  /** @type {string} "auto" | "page-width" | "custom" */ #zoomMode = "auto";
  #currentPage = 1;
  #busy = false;
  #renderScheduled = false;
  #scrollScheduled = false;
  #generation = 0;
  /** @type {((value?: unknown) => void) | null} */ #firstRendered = null;

  /**
   * @param {{container: HTMLElement, viewer: HTMLElement, pdfjs: any}} options
   *   container: the scrolling element; viewer: the element that receives the pages; pdfjs: the pdf.js module
   */
  constructor({ container, viewer, pdfjs }) {
    super();
    this.#container = container;
    this.#viewer = viewer;
    this.#pdfjs = pdfjs;
    container.addEventListener("scroll", () => this.#onScroll(), { passive: true });
    new ResizeObserver(() => {
      if (this.#pdf && this.#zoomMode !== "custom") this.setZoom(this.#zoomMode);
    }).observe(container);
    this.#setScaleProperties();
  }

  get pdfDocument() { return this.#pdf; }
  get pageCount() { return this.#views.length; }
  get currentPage() { return this.#currentPage; }
  get zoom() { return this.#zoom; }
  get zoomMode() { return this.#zoomMode; }

  /**
   * Show a document: placeholders for every page sized like page 1 (corrected as each page is fetched),
   * then render from the top. Resolves once the first page is drawn (or failed to render).
   * @param {any} pdfDocument  a pdf.js PDFDocumentProxy
   * @param {{page?: number}} [options]
   */
  async open(pdfDocument, { page = 1 } = {}) {
    this.close();
    const generation = this.#generation;
    this.#pdf = pdfDocument;
    const first = await pdfDocument.getPage(1);
    if (generation !== this.#generation) return;
    const [x0, y0, x1, y1] = first.view;
    const fragment = document.createDocumentFragment();
    for (let n = 1; n <= pdfDocument.numPages; n++) {
      const view = new PageView(n);
      view.setSize(x1 - x0, y1 - y0, first.rotate);
      if (n === 1) view.sized = true;
      this.#views.push(view);
      fragment.append(view.div);
    }
    this.#viewer.append(fragment);
    const rendered = new Promise((resolve) => { this.#firstRendered = resolve; });
    this.setZoom(this.#zoomMode === "custom" ? this.#zoom : this.#zoomMode);
    this.#observer = new IntersectionObserver((entries) => this.#onIntersect(entries), {
      root: this.#container,
      rootMargin: "100% 0px",
    });
    for (const view of this.#views) this.#observer.observe(view.div);
    if (page > 1) this.goToPage(page);
    this.#updateCurrentPage();
    await rendered;
  }

  close() {
    this.#generation++;
    // A draw of the old document may still be settling; its finally leaves #busy alone (another
    // generation), so the new document starts from an idle renderer.
    this.#busy = false;
    this.#renderScheduled = false;
    this.#observer?.disconnect();
    this.#observer = null;
    for (const view of this.#views) {
      view.renderTask?.cancel();
      view.textLayer?.cancel();
    }
    this.#views = [];
    this.#pdf = null;
    this.#currentPage = 1;
    this.#firstRendered?.();
    this.#firstRendered = null;
    this.#viewer.replaceChildren();
  }

  /**
   * The page's element, or null outside the document.
   * @param {number} pageNumber
   */
  pageElement(pageNumber) {
    return this.#views[pageNumber - 1]?.div ?? null;
  }

  /**
   * The element holding a page's overlays (links, mentions, flashes): the page's unrotated box, so children
   * positioned in percent of it land on the right spot at every zoom and rotation. Created on first use.
   * @param {number} pageNumber
   * @returns {HTMLElement | null}
   */
  layersFor(pageNumber) {
    const view = this.#views[pageNumber - 1];
    if (!view) return null;
    if (!view.layers) {
      view.layers = document.createElement("div");
      view.layers.className = "page-layers";
      sizeLayer(view.layers, view);
      view.div.append(view.layers);
    }
    return view.layers;
  }

  /** Page numbers currently within a screen of the viewport. */
  nearPages() {
    return this.#views.filter((v) => v.near).map((v) => v.number);
  }

  // ------------------------------------------------------------------------------------------ zoom

  /**
   * @param {number | string} value  a zoom factor (1 = 100 %), "auto" or "page-width"
   */
  setZoom(value) {
    let mode = "custom";
    let zoom = Number(value);
    if (value === "auto" || value === "page-width") {
      mode = value;
      const fit = this.#pageWidthZoom();
      zoom = value === "auto" ? Math.min(fit, MAX_AUTO_ZOOM) : fit;
    }
    if (!Number.isFinite(zoom)) return;
    zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
    const changed = Math.abs(zoom - this.#zoom) > 1e-6;
    const position = this.#views.length && changed ? this.getPosition() : null;
    this.#zoom = zoom;
    this.#zoomMode = mode;
    this.#setScaleProperties();
    if (position) this.scrollToPoint(position.page, position.y, { margin: 0 });
    if (changed) this.#scheduleRender();
    this.dispatchEvent(new CustomEvent("zoomchange", { detail: { zoom, mode } }));
  }

  zoomIn() {
    this.setZoom(ZOOM_STEPS.find((z) => z > this.#zoom + 1e-3) ?? MAX_ZOOM);
  }

  zoomOut() {
    this.setZoom([...ZOOM_STEPS].reverse().find((z) => z < this.#zoom - 1e-3) ?? MIN_ZOOM);
  }

  #pageWidthZoom() {
    const view = this.#views[this.#currentPage - 1] ?? this.#views[0];
    if (!view) return 1;
    const width = view.rotation % 180 ? view.height : view.width;
    const room = Math.max(120, this.#container.clientWidth - FIT_PADDING);
    return room / (width * CSS_UNITS);
  }

  #setScaleProperties() {
    const scale = this.#zoom * CSS_UNITS;
    this.#viewer.style.setProperty("--scale-factor", String(scale));
    this.#viewer.style.setProperty("--total-scale-factor", String(scale));
  }

  // ------------------------------------------------------------------------------------ navigation

  /** @param {number} pageNumber */
  goToPage(pageNumber) {
    const n = Math.min(this.#views.length, Math.max(1, Math.round(pageNumber)));
    if (!this.#views.length) return;
    const view = this.#views[n - 1];
    this.#container.scrollTop = this.#pageTop(view) - 8;
    this.#updateCurrentPage(n);
  }

  previousPage() { this.goToPage(this.#currentPage - 1); }
  nextPage() { this.goToPage(this.#currentPage + 1); }

  /**
   * Where the reader is: the page at the top of the viewport and the y (PDF points) shown there.
   * @returns {Position}
   */
  getPosition() {
    const top = this.#container.scrollTop;
    const view = this.#viewAt(top);
    if (!view) return { page: 1, y: 0 };
    const fraction = (top - this.#pageTop(view)) / Math.max(1, view.div.clientHeight);
    const y = view.rotation === 180 ? (1 - fraction) * view.height : fraction * (view.rotation % 180 ? view.width : view.height);
    return { page: view.number, y };
  }

  /**
   * Scroll so that the point (x, y) of a page, PDF points from its top-left, shows near the top.
   * @param {number} pageNumber
   * @param {number} y
   * @param {{x?: number, margin?: number}} [options]
   */
  scrollToPoint(pageNumber, y, { x = 0, margin = SCROLL_MARGIN } = {}) {
    const view = this.#views[pageNumber - 1];
    if (!view) return;
    const [fx, fy] = displayFraction(view, x, y);
    this.#container.scrollTop = this.#pageTop(view) + fy * view.div.clientHeight - margin;
    const { scrollWidth, clientWidth } = this.#container;
    if (scrollWidth > clientWidth) {
      const left = view.div.offsetLeft + this.#viewer.offsetLeft + fx * view.div.clientWidth;
      if (left < this.#container.scrollLeft || left > this.#container.scrollLeft + clientWidth - 40) {
        this.#container.scrollLeft = left - 40;
      }
    }
    this.#updateCurrentPage();
  }

  /**
   * Outline a rectangle of a page for 600 ms (CSS animation), e.g. a figure caption or a reference entry.
   * @param {number} pageNumber
   * @param {[number, number, number, number]} box  PDF points from the page's top-left
   */
  flash(pageNumber, box) {
    const layers = this.layersFor(pageNumber);
    const view = this.#views[pageNumber - 1];
    if (!layers || !view) return;
    const div = document.createElement("div");
    div.className = "flash-target";
    div.dataset.page = String(pageNumber);
    placeBox(div, box, view.width, view.height);
    layers.append(div);
    const remove = () => div.remove();
    div.addEventListener("animationend", remove, { once: true });
    setTimeout(remove, 1500); // no animation (reduced motion, hidden tab): remove anyway
  }

  /**
   * The box of the text line starting nearest below `y` (a caption's or heading's top, as the analysis
   * gives targets), joined with its neighbours on the same baseline up to a word gap: on a two-column
   * page that is the line in its own column, not across the gutter.
   *
   *     y ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─ ─
   *     [Figure 4: Overview of][different]   ·gutter·  [Consider an example]
   *     └──────── returned box ─────────┘
   *
   * @param {number} pageNumber
   * @param {number} y  PDF points from the page's top
   * @returns {Promise<[number, number, number, number] | null>}
   */
  async lineBox(pageNumber, y) {
    const pdf = this.#pdf;
    if (!pdf || pageNumber < 1 || pageNumber > pdf.numPages) return null;
    try {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      const [vx0, , , vy1] = page.view;
      const boxes = content.items
        .filter((/** @type {any} */ item) => typeof item.str === "string" && item.str.trim() && item.width > 0)
        .map((/** @type {any} */ item) => {
          const h = item.height || Math.hypot(item.transform[2], item.transform[3]) || 10;
          const x0 = item.transform[4] - vx0;
          const base = vy1 - item.transform[5];
          return { x0, x1: x0 + item.width, top: base - h, base, h };
        });
      let best = null;
      for (const b of boxes) {
        if (b.top < y - 0.6 * b.h || b.top > y + 2 * b.h) continue;
        if (!best || Math.abs(b.top - y) < Math.abs(best.top - y)) best = b;
      }
      if (!best) return null;
      const line = boxes.filter((b) => Math.abs(b.base - best.base) < 0.3 * best.h).sort((a, b) => a.x0 - b.x0);
      let { x0, x1, top } = best;
      const gap = 1.5 * best.h;
      for (const b of line) if (b.x0 > x1 - 1 && b.x0 <= x1 + gap) { x1 = Math.max(x1, b.x1); top = Math.min(top, b.top); }
      for (const b of [...line].reverse()) if (b.x1 < x0 + 1 && b.x1 >= x0 - gap) { x0 = Math.min(x0, b.x0); top = Math.min(top, b.top); }
      return [x0 - 2, top - 1, x1 + 2, best.base + 0.28 * best.h];
    } catch {
      return null;
    }
  }

  /** @param {number} pageNumber */
  pageSize(pageNumber) {
    const view = this.#views[pageNumber - 1];
    return view ? { width: view.width, height: view.height, rotation: view.rotation } : null;
  }

  /**
   * Use the sizes from the analysis for pages not fetched yet, so that scrolling to a far page lands right
   * before pdf.js has looked at it.
   * @param {{number: number, width: number, height: number}[]} pages
   */
  applyPageSizes(pages) {
    for (const p of pages) {
      const view = this.#views[p.number - 1];
      if (view && !view.sized && (Math.abs(view.width - p.width) > 0.5 || Math.abs(view.height - p.height) > 0.5)) {
        view.setSize(p.width, p.height, view.rotation);
      }
    }
  }

  /** @param {PageView} view */
  #pageTop(view) {
    return this.#viewer.offsetTop + view.div.offsetTop + view.div.clientTop;
  }

  /**
   * The last page whose top is at or above `y` (scroll coordinates): a binary search, pages are stacked.
   * @param {number} y
   */
  #viewAt(y) {
    let lo = 0;
    let hi = this.#views.length - 1;
    if (hi < 0) return null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#pageTop(this.#views[mid]) <= y) lo = mid;
      else hi = mid - 1;
    }
    return this.#views[lo];
  }

  #onScroll() {
    if (this.#scrollScheduled) return;
    this.#scrollScheduled = true;
    requestAnimationFrame(() => {
      this.#scrollScheduled = false;
      this.#updateCurrentPage();
    });
  }

  /** @param {number} [forced] */
  #updateCurrentPage(forced) {
    if (!this.#views.length) return;
    let page = forced;
    if (page === undefined) {
      const line = this.#container.scrollTop + this.#container.clientHeight / 3;
      page = this.#viewAt(line)?.number ?? 1;
      // at the very bottom the last page is current even when short
      const { scrollTop, scrollHeight, clientHeight } = this.#container;
      if (scrollTop + clientHeight >= scrollHeight - 2) page = this.#views.length;
    }
    if (page !== this.#currentPage) {
      this.#currentPage = page;
      this.dispatchEvent(new CustomEvent("pagechange", { detail: { pageNumber: page } }));
    }
  }

  // ------------------------------------------------------------------------------------- rendering

  /** @param {IntersectionObserverEntry[]} entries */
  #onIntersect(entries) {
    for (const entry of entries) {
      const view = this.#views[Number(/** @type {HTMLElement} */ (entry.target).dataset.pageNumber) - 1];
      if (!view) continue;
      view.near = entry.isIntersecting;
      if (view.near) this.dispatchEvent(new CustomEvent("pagenear", { detail: { pageNumber: view.number } }));
    }
    this.#scheduleRender();
  }

  #scheduleRender() {
    if (this.#renderScheduled || this.#busy) return;
    this.#renderScheduled = true;
    requestAnimationFrame(() => {
      this.#renderScheduled = false;
      this.#renderNext();
    });
  }

  async #renderNext() {
    if (this.#busy || !this.#pdf) return;
    const scale = this.#zoom * CSS_UNITS;
    const current = this.#currentPage;
    let next = null;
    for (const view of this.#views) {
      if (!view.near || view.failed) continue;
      if (view.renderedScale === scale && view.textState !== "none") continue;
      if (!next || Math.abs(view.number - current) < Math.abs(next.number - current)) next = view;
    }
    if (!next) {
      this.#release();
      return;
    }
    this.#busy = true;
    const generation = this.#generation;
    try {
      await this.#draw(next, scale);
    } catch (error) {
      if (generation === this.#generation && !(error instanceof this.#pdfjs.RenderingCancelledException)) {
        next.failed = true;
        next.div.classList.add("page-failed");
        next.div.dataset.error = "This page could not be rendered.";
        console.error(`citelens: page ${next.number} failed to render`, error);
      }
    } finally {
      if (generation === this.#generation) {
        this.#busy = false;
        if (next.failed) {
          this.#firstRendered?.();
          this.#firstRendered = null;
        }
        this.#scheduleRender();
      }
    }
  }

  /**
   * @param {PageView} view
   * @param {number} scale  CSS px per PDF point
   */
  async #draw(view, scale) {
    const generation = this.#generation;
    const page = await this.#pdf.getPage(view.number);
    if (generation !== this.#generation) return;
    if (!view.sized) {
      const [x0, y0, x1, y1] = page.view;
      view.setSize(x1 - x0, y1 - y0, page.rotate);
      view.sized = true;
    }
    const viewport = page.getViewport({ scale });
    if (view.renderedScale !== scale) {
      let ratio = globalThis.devicePixelRatio || 1;
      const pixels = viewport.width * viewport.height * ratio * ratio;
      if (pixels > MAX_CANVAS_PIXELS) ratio *= Math.sqrt(MAX_CANVAS_PIXELS / pixels);
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.floor(viewport.width * ratio));
      canvas.height = Math.max(1, Math.floor(viewport.height * ratio));
      canvas.setAttribute("role", "presentation");
      const context = canvas.getContext("2d", { alpha: false });
      view.renderTask = page.render({
        canvasContext: context,
        viewport,
        transform: ratio === 1 ? null : [ratio, 0, 0, ratio, 0, 0],
      });
      try {
        await view.renderTask.promise;
      } finally {
        view.renderTask = null;
      }
      if (generation !== this.#generation) return;
      const old = view.canvasWrapper.firstElementChild;
      view.canvasWrapper.replaceChildren(canvas);
      if (old instanceof HTMLCanvasElement) old.width = old.height = 0; // frees the bitmap now
      view.renderedScale = scale;
      view.div.dataset.rendered = "true";
      this.dispatchEvent(new CustomEvent("pagerendered", { detail: { pageNumber: view.number } }));
      this.#firstRendered?.();
      this.#firstRendered = null;
    }
    if (view.textState === "none") await this.#buildTextLayer(view, page, viewport);
  }

  /**
   * @param {PageView} view
   * @param {any} page  PDFPageProxy
   * @param {any} viewport
   */
  async #buildTextLayer(view, page, viewport) {
    const generation = this.#generation;
    view.textState = "loading";
    const div = document.createElement("div");
    div.className = "textLayer";
    try {
      const content = await page.getTextContent({ includeMarkedContent: true, disableNormalization: true });
      if (generation !== this.#generation) return;
      const layer = new this.#pdfjs.TextLayer({ textContentSource: content, container: div, viewport });
      view.textLayer = layer;
      await layer.render();
      if (generation !== this.#generation || view.textLayer !== layer) return;
      // pdf.js's viewer trick: a block after the text keeps a drag-selection from jumping to the page's end
      const end = document.createElement("div");
      end.className = "endOfContent";
      div.append(end);
      div.addEventListener("mousedown", () => div.classList.add("selecting"));
      div.addEventListener("mouseup", () => div.classList.remove("selecting"));
      view.div.insertBefore(div, view.layers);
      view.textDiv = div;
      view.textState = "done";
    } catch (error) {
      view.textState = "done"; // a page without a usable text layer is still readable
      if (generation === this.#generation) console.warn(`citelens: no text layer for page ${view.number}`, error);
    }
  }

  /** Give back canvases and text layers of the pages farthest from the viewport. */
  #release() {
    const current = this.#currentPage;
    const far = (/** @type {PageView} */ a, /** @type {PageView} */ b) =>
      Math.abs(b.number - current) - Math.abs(a.number - current);
    const canvases = this.#views.filter((v) => v.renderedScale !== null && !v.near).sort(far);
    for (const view of canvases.slice(0, Math.max(0, canvases.length - KEEP_CANVASES))) {
      const canvas = view.canvasWrapper.firstElementChild;
      if (canvas instanceof HTMLCanvasElement) canvas.width = canvas.height = 0;
      view.canvasWrapper.replaceChildren();
      view.renderedScale = null;
      delete view.div.dataset.rendered;
    }
    const texts = this.#views.filter((v) => v.textState === "done" && !v.near).sort(far);
    for (const view of texts.slice(0, Math.max(0, texts.length - KEEP_TEXT_LAYERS))) {
      view.textLayer?.cancel();
      view.textDiv?.remove();
      view.textLayer = null;
      view.textDiv = null;
      view.textState = "none";
    }
  }
}

/**
 * Where a point of the unrotated page (PDF points from its top-left) shows on the displayed page, as
 * fractions of its displayed width and height.
 * @param {{width: number, height: number, rotation: number}} view
 * @param {number} x
 * @param {number} y
 * @returns {[number, number]}
 */
function displayFraction(view, x, y) {
  const fx = x / view.width;
  const fy = y / view.height;
  switch (view.rotation) {
    case 90: return [1 - fy, fx];
    case 180: return [1 - fx, 1 - fy];
    case 270: return [fy, 1 - fx];
    default: return [fx, fy];
  }
}

/**
 * Position an absolutely placed element over a box, in percent of the page's unrotated box.
 * @param {HTMLElement} element
 * @param {ArrayLike<number>} box  [x0, y0, x1, y1], PDF points from the page's top-left
 * @param {number} width   the page's width, PDF points
 * @param {number} height  the page's height, PDF points
 */
export function placeBox(element, box, width, height) {
  const [x0, y0, x1, y1] = [box[0], box[1], box[2], box[3]];
  const { style } = element;
  style.left = `${(100 * x0) / width}%`;
  style.top = `${(100 * y0) / height}%`;
  style.width = `${(100 * Math.max(0, x1 - x0)) / width}%`;
  style.height = `${(100 * Math.max(0, y1 - y0)) / height}%`;
}
