// The PDF's own Link annotations, drawn by us instead of pdf.js's annotation layer (which is not used):
// web links open in a new tab, links inside the document navigate like a figure mention (with "Back").
// Where a mention button of the overlay covers a link (hyperref puts one link on every citation marker,
// and the analysis turns exactly those into `source: "pdf-link"` citations), the link is marked
// `covered` and hidden while the overlay is on, so one marker never carries two links. With
// "Link citations" off the PDF's own links come back.

import { h } from "./dom.js";
import { resolveDestination } from "../analysis/destinations.js";
import { placeBox } from "./viewer.js";

/** Share of the smaller rectangle two rectangles must overlap to count as the same link. */
const SAME_SPOT = 0.5;
const WEB_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/**
 * @typedef {import("./viewer.js").PdfViewer} PdfViewer
 * @typedef {import("../analysis/destinations.js").Destination} Destination
 * @typedef {(page: number) => ArrayLike<number>[]} CoverageLookup  mention boxes of a page
 */

export class PdfLinkLayer {
  /** @type {PdfViewer} */ #viewer;
  /** @type {(dest: Destination, origin: HTMLElement) => void} */ #onNavigate;
  /** @type {Map<number, HTMLElement>} page → its link layer */ #built = new Map();
  /** @type {Set<number>} */ #loading = new Set();
  /** @type {CoverageLookup} */ #coverage = () => [];
  #generation = 0;

  /**
   * @param {{viewer: PdfViewer, onNavigate: (dest: Destination, origin: HTMLElement) => void}} options
   */
  constructor({ viewer, onNavigate }) {
    this.#viewer = viewer;
    this.#onNavigate = onNavigate;
    viewer.addEventListener("pagenear", (event) => {
      this.#build(/** @type {CustomEvent} */ (event).detail.pageNumber);
    });
  }

  clear() {
    this.#generation++;
    this.#built.clear();
    this.#loading.clear();
    this.#coverage = () => [];
  }

  /**
   * Which boxes the overlay covers; re-marks every page built so far.
   * @param {CoverageLookup} coverage
   */
  setCoverage(coverage) {
    this.#coverage = coverage;
    for (const [page, layer] of this.#built) this.#markCovered(page, layer);
  }

  /** @param {number} pageNumber */
  async #build(pageNumber) {
    if (this.#built.has(pageNumber) || this.#loading.has(pageNumber)) return;
    const pdf = this.#viewer.pdfDocument;
    if (!pdf) return;
    const generation = this.#generation;
    this.#loading.add(pageNumber);
    let annotations;
    let view = [0, 0, 612, 792];
    try {
      const page = await pdf.getPage(pageNumber);
      view = page.view;
      annotations = await page.getAnnotations({ intent: "display" });
    } catch {
      annotations = [];
    }
    if (generation !== this.#generation) return;
    this.#loading.delete(pageNumber);
    const host = this.#viewer.layersFor(pageNumber);
    if (!host) return;
    const layer = h("div", { className: "link-layer" });
    const [vx0, vy0, vx1, vy1] = view;
    const width = vx1 - vx0;
    const height = vy1 - vy0;
    for (const annotation of annotations) {
      if (annotation.subtype !== "Link" || !Array.isArray(annotation.rect)) continue;
      const [ax0, ay0, ax1, ay1] = annotation.rect;
      // user space (y up) → citelens page coordinates (y down, from the view box's top-left)
      const box = [Math.min(ax0, ax1) - vx0, vy1 - Math.max(ay0, ay1), Math.max(ax0, ax1) - vx0, vy1 - Math.min(ay0, ay1)];
      const element = this.#linkElement(annotation, pdf);
      if (!element) continue;
      element.dataset.box = box.map((v) => v.toFixed(1)).join(" ");
      placeBox(element, box, width, height);
      layer.append(element);
    }
    if (!layer.childElementCount) return;
    host.prepend(layer); // below the mention layer
    this.#built.set(pageNumber, layer);
    this.#markCovered(pageNumber, layer);
  }

  /**
   * @param {any} annotation  a pdf.js Link annotation
   * @param {any} pdf
   * @returns {HTMLElement | null}
   */
  #linkElement(annotation, pdf) {
    const url = annotation.url ?? annotation.unsafeUrl;
    if (typeof url === "string" && url) {
      let parsed;
      try {
        parsed = new URL(url);
      } catch {
        return null;
      }
      if (!WEB_PROTOCOLS.has(parsed.protocol)) return null;
      return h("a", {
        className: "pdf-link pdf-link-external",
        attrs: { href: parsed.href, target: "_blank", rel: "noopener noreferrer", title: parsed.href,
                 "aria-label": `Link to ${parsed.href}` },
      });
    }
    if (annotation.dest === undefined || annotation.dest === null) return null;
    const button = h("button", {
      className: "pdf-link pdf-link-internal",
      attrs: { type: "button", "aria-label": "Link inside the document", title: "Go to the link's target" },
    });
    button.addEventListener("click", async () => {
      const dest = await resolveDestination(pdf, annotation.dest);
      if (dest && this.#viewer.pdfDocument === pdf) this.#onNavigate(dest, button);
    });
    return button;
  }

  /**
   * @param {number} pageNumber
   * @param {HTMLElement} layer
   */
  #markCovered(pageNumber, layer) {
    const boxes = this.#coverage(pageNumber);
    for (const link of /** @type {NodeListOf<HTMLElement>} */ (layer.querySelectorAll(".pdf-link"))) {
      const box = (link.dataset.box ?? "").split(" ").map(Number);
      const covered = boxes.some((b) => overlapShare(box, b) >= SAME_SPOT);
      link.classList.toggle("covered", covered);
      // hidden links must not be reached by Tab either
      if (covered) link.setAttribute("data-covered", "true");
      else link.removeAttribute("data-covered");
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
