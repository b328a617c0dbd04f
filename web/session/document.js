// One open document, from opening to links: pdf.js opens the file (asking for a password when it is
// encrypted), the viewer draws the first page, the cached analysis is looked up meanwhile (a hit is
// applied with the first page: on a reopen with the picture of it, before pdf.js has drawn it), else the
// analysis runs in the worker; it is applied to the overlay, the PDF's own links, the sidebar, the popover
// and the reference states. Opening another file first closes this one; answers for a closed one are dropped.
//
// State on <body>: data-pdf-state = empty | loading | ready | error; data-analysis-state = idle | pending |
// done | failed | unavailable (a reopened paper's cached analysis may be done before its pdf state is
// ready); data-page-count, data-citations, data-mentions; data-picture-kept (the page whose picture was
// last kept for the next opening). Performance marks:
// citelens:open (a PDF is being opened), citelens:first-page (first page on screen: drawn by pdf.js, or on a
// reopen the picture of it kept from the last visit, viewer/snapshots.js), citelens:page-drawn (pdf.js has
// drawn it), citelens:links (the analysis is applied); `document` receives citelens:analysis (detail
// {analysis}) then.

import { pdfOutline } from "../analysis/destinations.js";
import { pdfjsDocumentOptions } from "../analysis/extract.js";
import { safeHttpUrl } from "../references/popover.js";
import { progressText } from "./notices.js";
import { askPassword } from "./password.js";
import { recallPosition, rememberPosition } from "./prefs.js";

/**
 * @typedef {import("../analysis/schema.js").Analysis} Analysis
 * @typedef {import("../analysis/analysis.js").CitelensAnalyzer} CitelensAnalyzer
 * @typedef {import("../analysis/resolver.js").Resolver} Resolver
 * @typedef {import("../viewer/viewer.js").PdfViewer} PdfViewer
 * @typedef {import("../viewer/snapshots.js").PageSnapshots} PageSnapshots
 * @typedef {import("../references/overlay.js").MentionOverlay} MentionOverlay
 * @typedef {import("../references/popover.js").CitationPopover} CitationPopover
 * @typedef {import("../references/sidebar.js").Sidebar} Sidebar
 * @typedef {import("../references/reference-states.js").ReferenceStates} ReferenceStates
 * @typedef {import("./notices.js").Notices} Notices
 * @typedef {import("./navigation.js").Navigation} Navigation
 * @typedef {import("./files.js").PdfSource} PdfSource
 * @typedef {{title: string | null, url: string | null, arxiv: string | null}} PaperMeta
 *
 * @typedef {object} Parts  what a document is shown with
 * @property {any} pdfjs                the pdf.js module
 * @property {string | URL} pdfjsBase   site/vendor/pdfjs/
 * @property {Promise<CitelensAnalyzer>} analyzer  rejects when there is no worker
 * @property {() => Resolver | null} resolver
 * @property {PdfViewer} viewer
 * @property {PageSnapshots} snapshots  pictures of the page each paper was left at
 * @property {MentionOverlay} overlay
 * @property {CitationPopover} popover
 * @property {Sidebar} sidebar
 * @property {ReferenceStates} states
 * @property {Notices} notices
 * @property {Navigation} navigation
 * @property {HTMLDialogElement} passwordDialog
 * @property {HTMLElement} welcome
 * @property {() => void} onPages   the page count changed
 * @property {(error: any) => void} unavailable  the worker cannot be had (said once per page load)
 */

/** References looked up in the background after the links appear (the rest wait for a hover or a click). */
export const PREFETCH = 20;
/** The reading position is written this long after the page or zoom last changed (scrolling writes once). */
const REMEMBER_DELAY_MS = 400;
/** A picture of the page on screen is kept this long after the reader settled on it (viewer/snapshots.js). */
const PICTURE_DELAY_MS = 1500;

export class DocumentSession {
  /** @type {Parts} */ #parts;
  #token = 0;
  /** @type {any} pdf.js loading task of the open document */
  #task = null;
  /** @type {any} the open pdf.js document */
  #pdf = null;
  /** @type {Analysis | null} */
  #analysis = null;
  /** @type {PaperMeta & {file: string}} */
  #meta = { title: null, url: null, arxiv: null, file: "" };
  /** @type {(string | null)[]} what the open paper's reading position is remembered under */
  #keys = [];
  /** where the open paper started: `explicit` when the address asked for the page */
  #start = { page: 1, explicit: false };
  #rememberTimer = 0;
  #pictureTimer = 0;

  /** @param {Parts} parts */
  constructor(parts) {
    this.#parts = parts;
  }

  /** Remember where the open paper is being read (called as the page or the zoom changes). */
  remember() {
    const { viewer } = this.#parts;
    if (!this.#pdf || !this.#keys.length || document.body.dataset.pdfState !== "ready") return;
    clearTimeout(this.#rememberTimer);
    const keys = [...this.#keys];
    this.#rememberTimer = setTimeout(() => {
      if (!viewer.pageCount) return;
      const zoom = viewer.zoomMode === "custom" ? Number(viewer.zoom.toFixed(3)) : viewer.zoomMode;
      rememberPosition(keys, { page: viewer.currentPage, zoom });
    }, REMEMBER_DELAY_MS);
    this.#keepPicture();
  }

  /** Keep a picture of the page on screen for the next opening, once the reader rests on a drawn page. */
  #keepPicture() {
    clearTimeout(this.#pictureTimer);
    if (this.#pdf) this.#pictureTimer = setTimeout(() => this.#keepPictureNow(), PICTURE_DELAY_MS);
  }

  /** Keep a picture of the page on screen now (the canvas is copied at once: a closing paper's too). */
  #keepPictureNow() {
    const { viewer, snapshots } = this.#parts;
    clearTimeout(this.#pictureTimer);
    const key = this.#pdf?.fingerprints?.[0] ?? null;
    const page = viewer.currentPage;
    const canvas = key ? viewer.drawnCanvas(page) : null;
    if (!canvas) return;
    snapshots.keep(key, page, canvas).then((kept) => {
      if (kept && this.#pdf?.fingerprints?.[0] === key) document.body.dataset.pictureKept = String(page);
    }, () => {});
  }

  /** The analysis of the open document, once it arrived. */
  get analysis() {
    return this.#analysis;
  }

  /**
   * Open a file. The paper on screen stays until the new one is read: a file that cannot be opened (not a
   * PDF, damaged, no pages, a refused password) leaves it open, with the reason in #viewer-message.
   * @param {PdfSource} source
   */
  async open(source) {
    const { pdfjs, viewer, sidebar, notices } = this.#parts;
    const body = document.body;
    const token = ++this.#token;
    performance.mark("citelens:open");
    body.dataset.openState = "opening";
    notices.hideViewerMessage();
    if (!this.#pdf) {
      body.dataset.pdfState = "loading";
      this.#parts.welcome.hidden = true;
      sidebar.clear("Opening…");
    }

    const task = pdfjs.getDocument({
      ...("data" in source ? { data: source.data } : { url: source.url }),
      ...pdfjsDocumentOptions(this.#parts.pdfjsBase),
    });
    let refused = false; // the user closed the password prompt
    task.onPassword = (/** @type {(password: string) => void} */ update, /** @type {number} */ reason) => {
      if (token !== this.#token) return;
      askPassword({ dialog: this.#parts.passwordDialog, name: source.name,
        incorrect: reason === pdfjs.PasswordResponses.INCORRECT_PASSWORD }).then((password) => {
        if (token !== this.#token) return;
        if (password === null) {
          refused = true;
          task.destroy().catch(() => {});
        } else {
          update(password);
        }
      });
    };
    /** @param {string} message @param {{href: string, text: string} | null} [link] */
    const fail = (message, link = null) => {
      task.destroy().catch(() => {});
      body.dataset.openState = "failed";
      if (!this.#pdf) {
        body.dataset.pdfState = "error";
        sidebar.clear("No document open.");
      }
      notices.viewerMessage(this.#pdf ? `${message} “${this.#meta.file}” stays open.` : message, link);
    };
    let pdf;
    try {
      pdf = await task.promise;
    } catch (error) {
      if (token !== this.#token) return;
      if (refused) fail(`“${source.name}” is encrypted; it stays closed without its password.`);
      else fail(openErrorMessage(/** @type {Error} */ (error), source), elsewhere(source, error));
      return;
    }
    if (token !== this.#token) {
      task.destroy().catch(() => {});
      return;
    }
    if (!pdf.numPages) {
      fail(`“${source.name}” has no pages: there is nothing in it to show.`);
      return;
    }

    // The new paper replaces the one on screen.
    // pdf.js's page views may still finish a text or annotation layer of the old one: its document is
    // destroyed once the new one's first page is drawn.
    const oldTask = this.#task;
    this.close();
    this.#task = task;
    body.dataset.pdfState = "loading";
    this.#parts.welcome.hidden = true;
    sidebar.clear("Opening…");
    document.title = `${source.name} — citelens`;
    this.#pdf = pdf;
    this.#meta = {
      title: null, url: "url" in source ? source.url : null, file: source.name,
      arxiv: /(\d{4}\.\d{4,5})(v\d+)?(?:\.pdf)?$/i.exec(source.name)?.[1] ?? null,
    };
    pdf.getMetadata().then((/** @type {any} */ meta) => {
      const title = typeof meta?.info?.Title === "string" ? meta.info.Title.trim() : "";
      if (token === this.#token && title && !/^untitled$|\.(docx?|tex|dvi|pdf)$/i.test(title)) this.#meta.title = title;
    }, () => {});
    sidebar.setReferencesMessage("Linking citations…");
    // Where to start: `#page=N` in the address, else where this paper was left (by the PDF's fingerprint;
    // its text hash, once the analysis brings it, may know better: #apply).
    const asked = Number(/(?:^|[#&])page=(\d+)/.exec(location.hash)?.[1] ?? 0);
    this.#keys = [pdf.fingerprints?.[0] ?? null];
    const left = asked ? null : recallPosition(this.#keys);
    this.#start = { page: asked || left?.page || 1, explicit: asked > 0 };
    // A paper opened before has its analysis cached under its bytes' hash: look it up while the first
    // page is drawn, so its links appear with it (a cache hit needs no text, no Python).
    const early = this.#parts.analyzer.then((a) => a.cached(pdf, { file: source.name })).catch(() => null);
    // The page it was left at, as it looked then: on screen as soon as pdf.js has laid the pages out.
    const startPage = this.#start.page;
    const picture = this.#parts.snapshots.recall(this.#keys[0])
      .then((s) => (s?.page === startPage ? s : null), () => null);
    let pictured = false;
    const onPicture = () => {
      if (token !== this.#token || pictured) return;
      pictured = true;
      performance.mark("citelens:first-page");
      // A cached analysis goes on the picture at once: its buttons sit in the page's box, which pdf.js has
      // laid out, so they need no drawing (pdf.js draws the page under them later).
      early.then((hit) => this.#applyCached(hit, token));
    };
    try {
      await viewer.open(pdf, { page: this.#start.page, zoom: left?.zoom ?? null, picture, onPicture });
    } catch (error) {
      oldTask?.destroy().catch(() => {});
      if (token !== this.#token) return;
      body.dataset.pdfState = "error";
      body.dataset.openState = "failed";
      notices.viewerMessage(`This PDF could not be displayed: ${/** @type {Error} */ (error).message}`);
      return;
    }
    oldTask?.destroy().catch(() => {});
    if (token !== this.#token) return;
    performance.mark("citelens:page-drawn");
    if (!pictured) performance.mark("citelens:first-page");
    pictured = true;
    body.dataset.pdfState = "ready";
    body.dataset.openState = "ready";
    body.dataset.pageCount = String(viewer.pageCount);
    this.#parts.onPages();
    this.#analyse(pdf, source.name, token, early);
    // The PDF's own bookmarks, until (or instead of, without Python) the analysis' outline.
    pdfOutline(pdf).then((entries) => {
      if (token === this.#token && !this.#analysis) {
        const waiting = body.dataset.analysisState === "pending";
        sidebar.showOutline(entries, entries.length ? "bookmarks" : "none",
          waiting ? "Looking for sections…" : "This PDF has no bookmarks.");
      }
    });
  }

  close() {
    const { popover, overlay, states, viewer, navigation, notices } = this.#parts;
    const body = document.body;
    if (this.#pdf && document.body.dataset.pdfState === "ready") this.#keepPictureNow(); // the page it is left at
    popover.close();
    overlay.clear();
    states.reset();
    this.#meta = { title: null, url: null, arxiv: null, file: "" };
    this.#pdf = null;
    clearTimeout(this.#rememberTimer);
    clearTimeout(this.#pictureTimer);
    this.#keys = [];
    viewer.close();
    this.#analysis = null;
    navigation.clear();
    notices.clear("document");
    notices.status(null);
    body.dataset.analysisState = "idle";
    delete body.dataset.pageCount;
    delete body.dataset.pictureKept;
    for (const name of ["mentions", "citations"]) delete body.dataset[name];
  }

  /**
   * The open paper itself, to file it in the library ("Link papers"): its title from the PDF's info, or
   * the largest text in the top half of page 1; null when it has neither.
   * @returns {Promise<{title: string, url: string | null, arxiv: string | null} | null>}
   */
  async paper() {
    const { url, arxiv } = this.#meta;
    const title = this.#meta.title ?? await titleOnFirstPage(this.#pdf);
    return title ? { title, url, arxiv } : null;
  }

  /**
   * @param {any} pdf
   * @param {string} name
   * @param {number} token
   * @param {Promise<object | null>} early  the cached analysis of these very bytes, looked up while the
   *   first page was drawn
   */
  async #analyse(pdf, name, token, early) {
    const { sidebar, notices } = this.#parts;
    const body = document.body;
    const without = () => {
      body.dataset.analysisState = "unavailable";
      sidebar.setReferencesMessage("No references: citation linking is unavailable.");
      sidebar.setOutlineMessage("This PDF has no bookmarks.");
    };
    let analyzer;
    try {
      analyzer = await this.#parts.analyzer;
    } catch {
      if (token === this.#token) without();
      return;
    }
    const hit = await early;
    if (hit) {
      this.#applyCached(hit, token);
      return;
    }
    if (analyzer.failure) {
      without();
      this.#parts.unavailable(analyzer.failure);
      return;
    }
    body.dataset.analysisState = "pending";
    notices.status("Linking citations…");
    let result;
    try {
      result = await analyzer.analyze(pdf, {
        file: name,
        onProgress: (p) => {
          if (token !== this.#token || !p?.message) return;
          notices.status(progressText(p.stage, p.message, pdf.numPages), { title: p.message });
        },
      });
    } catch (error) {
      if (token !== this.#token) return;
      notices.status(null);
      const err = /** @type {Error} */ (error);
      if (err?.name === "WorkerError" || analyzer.failure) {
        without();
        this.#parts.unavailable(err);
        return;
      }
      body.dataset.analysisState = "failed";
      notices.show("analysis-failed", `Citations in this PDF could not be linked: ${err?.message ?? err}`, "document");
      sidebar.setReferencesMessage("No references: the analysis did not run.");
      sidebar.setOutlineMessage("This PDF has no bookmarks.");
      return;
    }
    if (token !== this.#token) return;
    this.#apply(result);
  }

  /**
   * Apply the cached analysis found for the open paper, once: with the picture of its page (open) or
   * after pdf.js has drawn it (#analyse), whichever comes first.
   * @param {object | null} hit
   * @param {number} token
   */
  #applyCached(hit, token) {
    if (hit && token === this.#token && !this.#analysis) this.#apply(/** @type {Analysis} */ (hit));
  }

  /** @param {Analysis} result */
  #apply(result) {
    const { viewer, states, popover, overlay, sidebar, notices } = this.#parts;
    const body = document.body;
    this.#analysis = result;
    // The text hash finds a paper read before under other bytes (another copy): its position is used when
    // the reader has not moved since opening.
    const textHash = result.source?.text_hash ?? null;
    if (textHash && !this.#keys.includes(textHash)) {
      const left = this.#start.explicit ? null : recallPosition([textHash]);
      this.#keys = [textHash, ...this.#keys];
      if (left && viewer.currentPage === this.#start.page && left.page !== viewer.currentPage) {
        if (left.zoom !== undefined) viewer.setZoom(left.zoom);
        viewer.goToPage(left.page);
      }
    }
    const references = result.references ?? [];
    const resolver = this.#parts.resolver();
    resolver?.setDocument(result);
    states.setReferences(references);
    popover.setReferences(references, result.reference_lists ?? []);
    overlay.setAnalysis(result);
    viewer.setCoverage((page) => overlay.boxesOn(page));
    if ((result.outline ?? []).length || result.outline_source !== "none" || !document.querySelector(".outline-item")) {
      sidebar.showOutline(result.outline ?? [], result.outline_source ?? "none");
    }
    sidebar.showReferences(references, { lists: result.reference_lists ?? [] });
    const codes = new Set((result.diagnostics ?? []).map((d) => d.code));
    if (codes.has("no_text_layer")) {
      notices.show("no-text-layer", "No text layer: this PDF is a scan or an image, so nothing can be linked. "
        + "Run OCR (for example ocrmypdf) and open the result.", "document");
    }
    const counts = overlay.counts();
    const citations = counts.citation ?? 0;
    body.dataset.citations = String(citations);
    body.dataset.mentions = String(Object.values(counts).reduce((a, b) => a + b, 0));
    body.dataset.analysisState = "done";
    performance.mark("citelens:links");
    notices.status(citations ? `${citations} citation${citations === 1 ? "" : "s"} linked` : "No citations linked", { done: true });
    document.dispatchEvent(new CustomEvent("citelens:analysis", { detail: { analysis: result } }));
    resolver?.prefetch(PREFETCH);
    this.#keepPicture();
  }
}

/**
 * @param {Error} error
 * @param {{name: string, url?: string}} source
 */
function openErrorMessage(error, source) {
  const name = source.name;
  if (source.url && /^(Failed to fetch|NetworkError|Load failed)/i.test(error?.message ?? "")) {
    // fetch() refused (pdf.js passes its TypeError on by message): another site without CORS headers for
    // this page, or no network
    const host = new URL(source.url, location.href).host;
    return `“${name}” could not be loaded from ${host}: that site does not let other pages read the file, ` +
      "or the network failed.";
  }
  switch (error?.name) {
    case "PasswordException":
      return `“${name}” is encrypted and needs a password.`;
    case "InvalidPDFException":
      return `“${name}” is not a PDF, or it is damaged beyond repair.`;
    case "ResponseException":
    case "MissingPDFException":
    case "UnexpectedResponseException":
      // pdf.js ResponseException carries the HTTP status (0 for a network error)
      return `“${name}” could not be loaded (${"status" in error && error.status ? `HTTP ${error.status}` : error.message}).`;
    default:
      return `“${name}” could not be opened: ${error?.message ?? error}`;
  }
}

/**
 * A PDF on another site that did not arrive (that site sends no CORS headers, or the network failed) can
 * still be opened by the browser itself: the link for it, else null.
 * @param {PdfSource} source
 * @param {any} error
 */
function elsewhere(source, error) {
  if (!("url" in source) || error?.name === "InvalidPDFException" || error?.name === "PasswordException") return null;
  const url = safeHttpUrl(source.url);
  if (!url || new URL(url).origin === location.origin) return null;
  return { href: url, text: "Open it on its own site ↗" };
}

/**
 * The open paper's title when its PDF info has none (most LaTeX papers): the text set in the largest size
 * in the top half of page 1. Only to file the paper under a name for "Link papers"; the user can edit it.
 * @param {any} pdf
 */
async function titleOnFirstPage(pdf) {
  if (!pdf) return null;
  try {
    const page = await pdf.getPage(1);
    const [, , , top] = page.view;
    const { items } = await page.getTextContent();
    const text = items.filter((/** @type {any} */ i) => i.str?.trim() && i.transform[5] > top / 2);
    const size = Math.max(0, ...text.map((/** @type {any} */ i) => i.height));
    const title = text.filter((/** @type {any} */ i) => i.height >= size - 0.5).map((/** @type {any} */ i) => i.str)
      .join(" ").replace(/\s+/g, " ").trim();
    return title || null;
  } catch {
    return null;
  }
}
