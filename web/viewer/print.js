// Printing the paper itself, as pdf.js's viewer app does: every page is rendered (print intent) at
// PRINT_DPI into an image inside #print-container, the page size goes into an `@page` rule, and the
// stylesheet's `@media print` shows that container alone, one image per sheet. The screen's canvases are
// not used: pdf.js keeps only the few near the view, and a canvas sized for the screen prints blurred.
//
// State on <body>: data-print = preparing | ready (absent otherwise). Call prepare(), then window.print();
// "afterprint" (or the next prepare()) gives the images back.

/** Print resolution, dots per inch (pdf.js's viewer prints at 150). */
export const PRINT_DPI = 150;
const PDF_DPI = 72;

export class PrintService {
  /** @type {HTMLElement} */ #container;
  /** @type {any} the pdf.js module */ #pdfjs;
  /** @type {string[]} */ #urls = [];
  /** @type {CSSStyleSheet | null} */ #pageRule = null;
  #generation = 0;

  /**
   * @param {{container: HTMLElement, pdfjs: any}} options  container: the (screen-hidden) print container
   */
  constructor({ container, pdfjs }) {
    this.#container = container;
    this.#pdfjs = pdfjs;
    window.addEventListener("afterprint", () => this.destroy());
  }

  /**
   * Render every page of `pdf` into the print container.
   * @param {any} pdf  PDFDocumentProxy
   * @param {(done: number, total: number) => void} [onProgress]
   * @returns {Promise<boolean>} false when cancelled by another prepare() or destroy()
   */
  async prepare(pdf, onProgress) {
    this.destroy();
    const generation = this.#generation;
    document.body.dataset.print = "preparing";
    const first = await pdf.getPage(1);
    const [x0, y0, x1, y1] = first.view;
    const swap = first.rotate % 180 !== 0;
    this.#setPageSize(swap ? y1 - y0 : x1 - x0, swap ? x1 - x0 : y1 - y0);
    const canvas = document.createElement("canvas");
    for (let n = 1; n <= pdf.numPages; n++) {
      if (generation !== this.#generation) return false;
      const page = await pdf.getPage(n);
      const viewport = page.getViewport({ scale: PRINT_DPI / PDF_DPI });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({
        canvas, viewport, intent: "print", background: "#ffffff", annotationMode: this.#pdfjs.AnnotationMode.ENABLE,
      }).promise;
      const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
      if (generation !== this.#generation) return false;
      const wrapper = document.createElement("div");
      wrapper.className = "printed-page";
      const img = document.createElement("img");
      img.alt = `Page ${n}`;
      if (blob) {
        const url = URL.createObjectURL(/** @type {Blob} */ (blob));
        this.#urls.push(url);
        img.src = url;
      }
      wrapper.append(img);
      this.#container.append(wrapper);
      await img.decode().catch(() => {});
      onProgress?.(n, pdf.numPages);
    }
    canvas.width = canvas.height = 0;
    if (generation !== this.#generation) return false;
    document.body.dataset.print = "ready";
    return true;
  }

  /** Give the images back; a prepare() still running stops. */
  destroy() {
    this.#generation++;
    for (const url of this.#urls) URL.revokeObjectURL(url);
    this.#urls = [];
    this.#container.replaceChildren();
    delete document.body.dataset.print;
  }

  /**
   * The sheet size, from the first page as pdf.js does; set through CSSOM (the CSP allows no inline style).
   * @param {number} width   PDF points
   * @param {number} height  PDF points
   */
  #setPageSize(width, height) {
    if (!this.#pageRule) {
      this.#pageRule = new CSSStyleSheet();
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, this.#pageRule];
    }
    this.#pageRule.replaceSync(`@page { size: ${width}pt ${height}pt; margin: 0; }`);
  }
}
