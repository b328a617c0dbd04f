// The page viewer: pdf.js's own viewer components (pdfjs-dist/web/pdf_viewer.mjs) put together once —
// `PDFViewer` (pages rendered on demand, at most its buffer of canvases, text layer, annotation layer with
// the PDF's own links, zoom modes), `PDFLinkService` (internal and web links), `PDFFindController` (find
// in document, highlights on every page) and `PDFHistory` (the browser's Back and Forward) on one `EventBus`
// — and the few things the reader adds on top of them, in the coordinates the analysis uses (PDF points
// from the top-left of a page's view box):
//
//   layersFor(n)   a `.page-layers` element over page n's unrotated box, for overlays (mentions, flashes);
//                  it survives pdf.js resetting the page (put back as soon as pdf.js empties the page div)
//   getPosition(), scrollToPoint(), flash(), lineBox(), pageSize()
//   covered links  the PDF's own link annotations under a mention button get `.covered` (setCoverage)
//
// Events on this object (CustomEvent, detail in parentheses): "pagechange" ({pageNumber}), "zoomchange"
// ({zoom, mode}), "pagerendered" ({pageNumber}). pdf.js's own events ("pagesinit", "pagerender",
// "pagerendered", "textlayerrendered", "annotationlayerrendered", "pagechanging", "scalechanging",
// "updatefindmatchescount", …) are on `eventBus`. A drawn page carries `data-rendered="true"` (removed when
// pdf.js gives its canvas back); a page pdf.js could not draw gets `.page-failed`.

/** Zoom mode on open when the viewport is narrower than this (CSS px): the page fills the width. */
export const NARROW_VIEWPORT = 800;
/** Space left above a target when scrolling to it, CSS px. */
const SCROLL_MARGIN = 56;
/** Share of the smaller rectangle a link and a mention must overlap to be the same spot. */
const SAME_SPOT = 0.5;
/** pdf.js's TextLayerMode.ENABLE, AnnotationMode.ENABLE (links, no form fields), AnnotationEditorType.DISABLE. */
const TEXT_LAYER_ENABLE = 1;
const ANNOTATIONS_NO_FORMS = 1;
const EDITOR_DISABLE = -1;

/**
 * @typedef {import("./snapshots.js").Snapshot} Snapshot
 * @typedef {{page: number, y: number}} Position  a point in the document, PDF points from the page's top
 * @typedef {(page: number) => ArrayLike<number>[]} CoverageLookup  mention boxes of a page
 */

export class PdfViewer extends EventTarget {
  /** @type {HTMLElement} */ #container;
  /** @type {any} the pdf.js module */ #pdfjs;
  /** @type {any} PDFDocumentProxy */ #pdf = null;
  /** @type {Map<number, HTMLElement>} page → its overlay layers */ #layers = new Map();
  /** @type {MutationObserver} */ #pageObserver;
  /** @type {CoverageLookup} */ #coverage = () => [];
  /** pdf.js RenderingStates.FINISHED */ #finished;
  /** @type {((value?: unknown) => void) | null} */ #closed = null;
  /** @type {{img: HTMLImageElement, url: string, page: number} | null} the picture standing in a page */
  #picture = null;
  #generation = 0;

  /**
   * @param {{container: HTMLElement, viewer: HTMLElement, pdfjs: any, components: any}} options
   *   container: the scrolling element (absolutely positioned, pdf.js requires it); viewer: the element
   *   that receives the pages; pdfjs: the pdf.js module; components: pdfjs-dist/web/pdf_viewer.mjs
   */
  constructor({ container, viewer, pdfjs, components }) {
    super();
    this.#container = container;
    this.#pdfjs = pdfjs;
    const { EventBus, PDFViewer, PDFLinkService, PDFFindController, PDFHistory, LinkTarget, RenderingStates } = components;
    this.#finished = RenderingStates.FINISHED;
    this.eventBus = new EventBus();
    this.linkService = new PDFLinkService({
      eventBus: this.eventBus, externalLinkTarget: LinkTarget.BLANK, externalLinkRel: "noopener noreferrer nofollow",
    });
    this.findController = new PDFFindController({ eventBus: this.eventBus, linkService: this.linkService });
    this.pdfViewer = new PDFViewer({
      container, viewer, eventBus: this.eventBus, linkService: this.linkService, findController: this.findController,
      textLayerMode: TEXT_LAYER_ENABLE, annotationMode: ANNOTATIONS_NO_FORMS, annotationEditorMode: EDITOR_DISABLE,
      // a narrow screen gives the page all its width: no border or side padding around it
      removePageBorders: globalThis.innerWidth < NARROW_VIEWPORT, enablePermissions: false,
    });
    this.linkService.setViewer(this.pdfViewer);
    this.history = new PDFHistory({ eventBus: this.eventBus, linkService: this.linkService });
    this.linkService.setHistory(this.history);

    // pdf.js empties a page's div when it resets it (zoom, far from the view): the overlays go back in.
    this.#pageObserver = new MutationObserver((records) => {
      for (const record of records) this.#repair(/** @type {HTMLElement} */ (record.target));
    });
    const bus = this.eventBus;
    bus.on("pagesinit", () => {
      for (let i = 0; i < this.pdfViewer.pagesCount; i++) {
        this.#pageObserver.observe(this.pdfViewer.getPageView(i).div, { childList: true });
      }
    });
    bus.on("pagerendered", (/** @type {any} */ event) => {
      if (event.isDetailView) return;
      const view = this.pdfViewer.getPageView(event.pageNumber - 1);
      if (!view) return;
      view.div.dataset.rendered = "true";
      if (this.#picture?.page === event.pageNumber) this.#dropPicture();
      view.div.classList.toggle("page-failed", Boolean(event.error));
      if (event.error) view.div.dataset.error = "This page could not be rendered.";
      this.#repair(view.div);
      this.dispatchEvent(new CustomEvent("pagerendered", { detail: { pageNumber: event.pageNumber } }));
    });
    bus.on("annotationlayerrendered", (/** @type {any} */ event) => this.#markCovered(event.pageNumber));
    bus.on("pagechanging", (/** @type {any} */ event) => {
      this.dispatchEvent(new CustomEvent("pagechange", { detail: { pageNumber: event.pageNumber } }));
    });
    bus.on("scalechanging", (/** @type {any} */ event) => {
      const mode = typeof event.presetValue === "string" && Number.isNaN(Number(event.presetValue))
        ? event.presetValue : "custom";
      this.dispatchEvent(new CustomEvent("zoomchange", { detail: { zoom: event.scale, mode } }));
    });
  }

  get pdfDocument() { return this.#pdf; }
  get pageCount() { return this.#pdf ? this.pdfViewer.pagesCount : 0; }
  get currentPage() { return this.#pdf ? this.pdfViewer.currentPageNumber : 1; }
  get zoom() { return this.pdfViewer.currentScale; }
  get zoomMode() {
    const value = this.pdfViewer.currentScaleValue;
    return typeof value === "string" && Number.isNaN(Number(value)) ? value : "custom";
  }

  /**
   * Show a document at a page and zoom. Resolves once the first page is drawn (or failed to draw), or when
   * the viewer is closed first; rejects when pdf.js cannot lay the document out (no first page).
   * @param {any} pdfDocument  a pdf.js PDFDocumentProxy with at least one page
   * @param {{page?: number, zoom?: number | string | null, picture?: Promise<Snapshot | null> | null,
   *          onPicture?: (() => void) | null}} [options]
   *   zoom: a factor, "auto" or "page-width"; the default is "auto", page width on narrow screens;
   *   picture: a picture of the start page kept from an earlier visit (snapshots.js), shown in the page's
   *   box until pdf.js has drawn it; onPicture: called when it is on screen
   */
  async open(pdfDocument, { page = 1, zoom = null, picture = null, onPicture = null } = {}) {
    this.close();
    const generation = this.#generation;
    this.#pdf = pdfDocument;
    const start = zoom ?? (globalThis.innerWidth < NARROW_VIEWPORT ? "page-width" : "auto");
    const bus = this.eventBus;
    const onInit = () => {
      bus.off("pagesinit", onInit);
      if (generation !== this.#generation) return;
      this.pdfViewer.currentScaleValue = String(start);
      if (page > 1 && page <= pdfDocument.numPages) this.pdfViewer.currentPageNumber = page;
      if (picture) this.#showPicture(picture, generation, onPicture);
    };
    bus.on("pagesinit", onInit);
    this.linkService.setDocument(pdfDocument, null);
    this.pdfViewer.setDocument(pdfDocument);
    const fingerprint = pdfDocument.fingerprints?.[0];
    if (fingerprint) this.history.initialize({ fingerprint, resetHistory: true, updateUrl: false });
    const viewer = this.pdfViewer;
    const closed = new Promise((resolve) => { this.#closed = resolve; });
    await Promise.race([viewer.onePageRendered, viewer.pagesPromise.then(() => viewer.onePageRendered), closed]);
  }

  /**
   * Put a kept picture of a page in its box, if pdf.js has not drawn that page yet.
   * @param {Promise<Snapshot | null>} picture
   * @param {number} generation
   * @param {(() => void) | null} onShown
   */
  async #showPicture(picture, generation, onShown) {
    const snapshot = await picture.catch(() => null);
    const view = snapshot && generation === this.#generation ? this.#view(snapshot.page) : null;
    if (!snapshot || !view || view.div.dataset.rendered === "true") return;
    const url = URL.createObjectURL(snapshot.image);
    const img = document.createElement("img");
    img.className = "page-snapshot";
    img.alt = "";
    img.src = url;
    try {
      await img.decode();
    } catch {
      URL.revokeObjectURL(url);
      return;
    }
    if (generation !== this.#generation || view.div.dataset.rendered === "true") {
      URL.revokeObjectURL(url);
      return;
    }
    this.#dropPicture();
    view.div.append(img);
    this.#picture = { img, url, page: snapshot.page };
    onShown?.();
  }

  #dropPicture() {
    if (!this.#picture) return;
    this.#picture.img.remove();
    URL.revokeObjectURL(this.#picture.url);
    this.#picture = null;
  }

  /**
   * The canvas of a page pdf.js has fully drawn, or null (to keep a picture of it: snapshots.js).
   * @param {number} pageNumber
   * @returns {HTMLCanvasElement | null}
   */
  drawnCanvas(pageNumber) {
    const view = this.#view(pageNumber);
    return view && view.renderingState === this.#finished && view.canvas ? view.canvas : null;
  }

  close() {
    this.#dropPicture();
    this.#generation++;
    this.#closed?.(); // an open() still waiting for its first page returns
    this.#closed = null;
    for (const layer of this.#layers.values()) layer.remove();
    this.#layers.clear();
    this.#coverage = () => [];
    this.#pageObserver.disconnect();
    if (this.#pdf) {
      this.eventBus.dispatch("findbarclose", { source: this });
      this.pdfViewer.setDocument(null);
      this.linkService.setDocument(null);
      this.history.reset();
    }
    this.#pdf = null;
  }

  /**
   * The page's element, or null outside the document.
   * @param {number} pageNumber
   */
  pageElement(pageNumber) {
    return this.#view(pageNumber)?.div ?? null;
  }

  /**
   * The element holding a page's overlays (mentions, flashes): the page's unrotated box, so children
   * positioned in percent of it land on the right spot at every zoom and rotation. Created on first use.
   * @param {number} pageNumber
   * @returns {HTMLElement | null}
   */
  layersFor(pageNumber) {
    const view = this.#view(pageNumber);
    if (!view) return null;
    let layers = this.#layers.get(pageNumber);
    if (!layers) {
      layers = document.createElement("div");
      layers.className = "page-layers";
      this.#layers.set(pageNumber, layers);
    }
    this.#pdfjs.setLayerDimensions(layers, view.viewport);
    if (layers.parentElement !== view.div) view.div.append(layers);
    return layers;
  }

  /** Pages in view (pdf.js draws each of them) and pages drawn already (its buffer keeps a few). */
  nearPages() {
    if (!this.#pdf) return [];
    const pages = new Set(this.pdfViewer._getVisiblePages().ids);
    for (const view of this.pdfViewer.getCachedPageViews()) {
      if (view.renderingState === this.#finished) pages.add(view.id);
    }
    return [...pages].sort((a, b) => a - b);
  }

  /**
   * Which boxes the mention overlay covers: the PDF's own links there get `.covered` (hidden while the
   * overlay is on, so one marker never carries two links). Re-marks every page drawn so far.
   * @param {CoverageLookup} coverage
   */
  setCoverage(coverage) {
    this.#coverage = coverage;
    for (let n = 1; n <= this.pageCount; n++) this.#markCovered(n);
  }

  // ------------------------------------------------------------------------------------------ zoom

  /** @param {number | string} value  a zoom factor (1 = 100 %), "auto" or "page-width" */
  setZoom(value) {
    if (!this.#pdf) return;
    if (value !== "auto" && value !== "page-width" && !(Number(value) > 0)) return;
    this.pdfViewer.currentScaleValue = String(value);
  }

  zoomIn() { if (this.#pdf) this.pdfViewer.increaseScale(); }
  zoomOut() { if (this.#pdf) this.pdfViewer.decreaseScale(); }

  // ------------------------------------------------------------------------------------ navigation

  /** @param {number} pageNumber */
  goToPage(pageNumber) {
    if (!this.pageCount) return;
    this.pdfViewer.currentPageNumber = Math.min(this.pageCount, Math.max(1, Math.round(pageNumber)));
  }

  previousPage() { if (this.pageCount) this.pdfViewer.previousPage(); }
  nextPage() { if (this.pageCount) this.pdfViewer.nextPage(); }

  /**
   * Where the reader is: the page at the top of the viewport and the y (PDF points from its top) there.
   * @returns {Position}
   */
  getPosition() {
    if (!this.#pdf) return { page: 1, y: 0 };
    const top = this.#container.scrollTop;
    const views = this.#views();
    let lo = 0;
    let hi = views.length - 1;
    while (lo < hi) { // the last page whose top is at or above the view's top: pages are stacked
      const mid = (lo + hi + 1) >> 1;
      if (this.#pageTop(views[mid]) <= top) lo = mid;
      else hi = mid - 1;
    }
    const view = views[lo];
    const [, y] = this.#toPage(view, 0, top - this.#pageTop(view));
    return { page: view.id, y };
  }

  /**
   * Scroll so that the point (x, y) of a page, PDF points from its top-left, shows near the top.
   * @param {number} pageNumber
   * @param {number} y
   * @param {{x?: number, margin?: number}} [options]
   */
  scrollToPoint(pageNumber, y, { x = 0, margin = SCROLL_MARGIN } = {}) {
    const view = this.#view(pageNumber);
    if (!view) return;
    const [vx0, , , vy1] = view.viewport.viewBox;
    const [px, py] = view.viewport.convertToViewportPoint(vx0 + x, vy1 - y);
    const container = this.#container;
    container.scrollTop = this.#pageTop(view) + py - margin;
    const { scrollWidth, clientWidth } = container;
    if (scrollWidth > clientWidth) {
      const left = this.#pageLeft(view) + px;
      if (left < container.scrollLeft || left > container.scrollLeft + clientWidth - 40) container.scrollLeft = left - 40;
    }
    this.pdfViewer.update();
  }

  /**
   * Outline a rectangle of a page for 600 ms (CSS animation), e.g. a figure caption or a reference entry.
   * @param {number} pageNumber
   * @param {[number, number, number, number]} box  PDF points from the page's top-left
   */
  flash(pageNumber, box) {
    const layers = this.layersFor(pageNumber);
    const size = this.pageSize(pageNumber);
    if (!layers || !size) return;
    const div = document.createElement("div");
    div.className = "flash-target";
    div.dataset.page = String(pageNumber);
    placeBox(div, box, size.width, size.height);
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

  /**
   * A page's unrotated size in PDF points and its rotation.
   * @param {number} pageNumber
   */
  pageSize(pageNumber) {
    const view = this.#view(pageNumber);
    if (!view) return null;
    const { pageWidth, pageHeight } = view.viewport.rawDims;
    return { width: pageWidth, height: pageHeight, rotation: view.viewport.rotation };
  }

  // ------------------------------------------------------------------------------------ internals

  /** @param {number} pageNumber */
  #view(pageNumber) {
    if (!this.#pdf || !Number.isInteger(pageNumber)) return null;
    return this.pdfViewer.getPageView(pageNumber - 1) ?? null;
  }

  #views() {
    return Array.from({ length: this.pdfViewer.pagesCount }, (_, i) => this.pdfViewer.getPageView(i));
  }

  /** @param {any} view  a PDFPageView; its content box's top in the container's scroll coordinates */
  #pageTop(view) {
    const box = this.#container.getBoundingClientRect();
    return view.div.getBoundingClientRect().top - box.top + this.#container.scrollTop + view.div.clientTop;
  }

  /** @param {any} view */
  #pageLeft(view) {
    const box = this.#container.getBoundingClientRect();
    return view.div.getBoundingClientRect().left - box.left + this.#container.scrollLeft + view.div.clientLeft;
  }

  /**
   * A point of the displayed page (CSS px from its top-left) in page coordinates (PDF points from the view
   * box's top-left).
   * @param {any} view
   * @param {number} x
   * @param {number} y
   * @returns {[number, number]}
   */
  #toPage(view, x, y) {
    const [px, py] = view.viewport.convertToPdfPoint(x, y);
    const [vx0, , , vy1] = view.viewport.viewBox;
    return [px - vx0, vy1 - py];
  }

  /** @param {HTMLElement} div  a page's div: put its overlays back, say whether it holds a drawing */
  #repair(div) {
    const number = Number(div.dataset.pageNumber);
    const layers = this.#layers.get(number);
    if (layers && layers.parentElement !== div) div.append(layers);
    if (!div.querySelector(":scope > .canvasWrapper")) delete div.dataset.rendered;
  }

  /** @param {number} pageNumber */
  #markCovered(pageNumber) {
    const div = this.pageElement(pageNumber);
    const size = this.pageSize(pageNumber);
    const sections = div?.querySelectorAll(".annotationLayer .linkAnnotation");
    if (!size || !sections?.length) return;
    const boxes = this.#coverage(pageNumber);
    for (const section of /** @type {NodeListOf<HTMLElement>} */ (sections)) {
      // pdf.js places each annotation in percent of the page's unrotated box
      const { left, top, width, height } = section.style;
      const x0 = (parseFloat(left) / 100) * size.width;
      const y0 = (parseFloat(top) / 100) * size.height;
      const box = [x0, y0, x0 + (parseFloat(width) / 100) * size.width, y0 + (parseFloat(height) / 100) * size.height];
      const covered = boxes.some((b) => overlapShare(box, b) >= SAME_SPOT);
      section.classList.toggle("covered", covered);
    }
  }
}

/**
 * Intersection area over the smaller rectangle's area.
 * @param {ArrayLike<number>} a
 * @param {ArrayLike<number>} b
 */
function overlapShare(a, b) {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const hgt = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || hgt <= 0) return 0;
  const smaller = Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]));
  return smaller > 0 ? (w * hgt) / smaller : 0;
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
