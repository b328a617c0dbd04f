// The reader: wires the toolbar, the viewer (pdf.js), the analyzer (Python in a worker), the overlay, the
// popover and the sidebar. Reading never waits for Python: the worker starts when the page opens, the PDF
// renders as soon as pdf.js has it, and the analysis starts after the first page is on screen; links
// appear when it arrives (or never, with one notice, if the worker fails).
//
// State for tests and tools, on <body>: data-pdf-state = empty | loading | ready | error;
// data-analysis-state = idle | pending | done | failed | unavailable; data-links = on | off.
// `window.citelens` gives read access to the viewer, the analysis and the reference states. Performance
// marks for benchmarks: citelens:open (a PDF is being opened), citelens:first-page (first page on screen),
// citelens:links (the analysis is applied: links visible).
//
// References are looked up lazily (web/analysis/resolver.js, through the worker): a citation hovered for 150 ms or
// opened, and the first 20 entries in the background once the links are on. The library (web/library/library.js,
// IndexedDB) opens with the page; data-library = ready | unavailable and data-resolver = ready |
// unavailable on <body> say whether each came up. Neither is needed for reading: without them every entry
// stays "Not looked up" and the popover shows the parsed entry.

import { PdfViewer } from "./viewer/viewer.js";
import { MentionOverlay } from "./references/overlay.js";
import { PdfLinkLayer } from "./viewer/links.js";
import { CitationPopover, safeHttpUrl } from "./references/popover.js";
import { Sidebar } from "./references/sidebar.js";
import { ReferenceStates } from "./references/reference-states.js";
import { pdfOutline } from "./analysis/destinations.js";
import { readFlag, writeFlag } from "./session/prefs.js";
import { h } from "./viewer/dom.js";
import { paperActions } from "./references/paper-actions.js";
import { LibraryPanel } from "./session/library-panel.js";
import { loadSettings, resolverSettings, settingsDialog } from "./session/settings.js";
import { askPassword } from "./session/password.js";

const PDFJS_URL = new URL("../vendor/pdfjs/", import.meta.url);
const WORKER_URL = new URL("../worker/citelens-worker.js", import.meta.url);
/** Height of the band flashed at a figure/section target, in body-text lines. */
const FLASH_LINES = 1.6;
/** References looked up in the background after the links appear (the rest wait for a hover or a click). */
const PREFETCH = 20;

/**
 * @typedef {import("./references/overlay.js").Mention} Mention
 * @typedef {import("./library/format.js").Reference} Reference
 * @typedef {import("./viewer/viewer.js").Position} Position
 * @typedef {{data: ArrayBuffer, name: string} | {url: string, name: string}} PdfSource
 */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const body = document.body;

// ---------------------------------------------------------------------------------------- analyzer
// Started before anything else: Python takes seconds to load and the user is still choosing a file.

/** @type {Promise<any>} resolves to a started CitelensAnalyzer, or rejects when it cannot exist */
const analyzerReady = import("./analysis/analysis.js").then(({ CitelensAnalyzer }) => {
  const analyzer = new CitelensAnalyzer(WORKER_URL.href);
  analyzer.addEventListener?.("failed", (/** @type {CustomEvent} */ event) => linkingUnavailable(event.detail?.error));
  analyzer.start();
  return analyzer;
});
analyzerReady.catch((error) => linkingUnavailable(error));

// ------------------------------------------------------------------------------------------ pdf.js

let pdfjs;
try {
  pdfjs = await import(new URL("pdf.mjs", PDFJS_URL).href);
  pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdf.worker.mjs", PDFJS_URL).href;
} catch (error) {
  showViewerMessage("The PDF renderer (pdf.js) could not be loaded. Build the site with `make site`.");
  body.dataset.pdfState = "error";
  throw error;
}

// ---------------------------------------------------------------------------------------- components

const container = $("viewer-container");
const viewer = new PdfViewer({ container, viewer: $("viewer"), pdfjs });
const states = new ReferenceStates();
const popover = new CitationPopover({
  element: $("citation-popover"),
  scroller: container,
  states,
  onJump: (ref, anchor) => jumpToReference(ref, anchor),
});
const overlay = new MentionOverlay({
  viewer,
  onActivate: activateMention,
  onHover: (mention) => { for (const index of mention.citation?.ref_indexes ?? []) states.lookup(index); },
});
const links = new PdfLinkLayer({
  viewer,
  onNavigate: (dest, origin) => jumpTo(dest.page, dest.y, { x: dest.x, origin }),
});
const sidebar = new Sidebar({
  states,
  onOutline: (entry, origin) => jumpTo(entry.page, entry.y, { origin, flash: false }),
  onReference: (ref, origin) => jumpToReference(ref, origin),
  onDetails: (ref, anchor) => popover.open({ anchor, refIndexes: [ref.index], title: ref.label ?? "" }),
});

/** @type {any} the analysis of the open document, once it arrived */
let analysis = null;
/** @type {{title: string | null, url: string | null, arxiv: string | null, file: string}} the open paper's own metadata */
let currentMeta = { title: null, url: null, arxiv: null, file: "" };
/** @type {any} the open pdf.js document */
let currentPdf = null;
/** @type {any} pdf.js loading task of the open document */
let loadingTask = null;
let documentToken = 0;
/** @type {{position: Position, origin: HTMLElement | null}[]} */
const backStack = [];

// ------------------------------------------------------------------------------------------- opening

/**
 * @param {PdfSource} source
 */
async function openDocument(source) {
  const token = ++documentToken;
  performance.mark("citelens:open");
  closeDocument();
  body.dataset.pdfState = "loading";
  $("welcome").hidden = true;
  hideViewerMessage();
  sidebar.clear("Opening…");
  const oldTask = loadingTask;
  loadingTask = null;
  oldTask?.destroy().catch(() => {});

  const task = pdfjs.getDocument({
    ...("data" in source ? { data: source.data } : { url: source.url }),
    cMapUrl: new URL("cmaps/", PDFJS_URL).href,
    cMapPacked: true,
    standardFontDataUrl: new URL("standard_fonts/", PDFJS_URL).href,
    wasmUrl: new URL("wasm/", PDFJS_URL).href,
    iccUrl: new URL("iccs/", PDFJS_URL).href,
    fontExtraProperties: true, // web/analysis/extract.js reads real font names for bold headings
    isEvalSupported: false,
    enableXfa: false,
  });
  loadingTask = task;
  let refused = false; // the user closed the password prompt
  task.onPassword = (/** @type {(password: string) => void} */ update, /** @type {number} */ reason) => {
    if (token !== documentToken) return;
    askPassword({ dialog: /** @type {HTMLDialogElement} */ ($("password-dialog")), name: source.name,
      incorrect: reason === pdfjs.PasswordResponses.INCORRECT_PASSWORD }).then((password) => {
      if (token !== documentToken) return;
      if (password === null) {
        refused = true;
        task.destroy().catch(() => {});
      } else {
        update(password);
      }
    });
  };
  let pdf;
  try {
    pdf = await task.promise;
  } catch (error) {
    if (token !== documentToken) return;
    body.dataset.pdfState = "error";
    sidebar.clear("No document open.");
    if (refused) showViewerMessage(`“${source.name}” is encrypted; it stays closed without its password.`);
    else showViewerMessage(openErrorMessage(/** @type {Error} */ (error), source), elsewhere(source, error));
    return;
  }
  if (token !== documentToken) return;
  document.title = `${source.name} — citelens`;
  currentPdf = pdf;
  currentMeta = {
    title: null, url: "url" in source ? source.url : null, file: source.name,
    arxiv: /(\d{4}\.\d{4,5})(v\d+)?(?:\.pdf)?$/i.exec(source.name)?.[1] ?? null,
  };
  pdf.getMetadata().then((/** @type {any} */ meta) => {
    const title = typeof meta?.info?.Title === "string" ? meta.info.Title.trim() : "";
    if (token === documentToken && title && !/^untitled$|\.(docx?|tex|dvi|pdf)$/i.test(title)) currentMeta.title = title;
  }, () => {});
  sidebar.setReferencesMessage("Linking citations…");
  const page = Number(/(?:^|[#&])page=(\d+)/.exec(location.hash)?.[1] ?? 1);
  // A paper opened before has its analysis cached under its bytes' hash: look it up while the first
  // page is drawn, so its links appear with it (a cache hit needs no text, no Python).
  const early = analyzerReady.then((a) => a.cached(pdf, { file: source.name })).catch(() => null);
  try {
    await viewer.open(pdf, { page });
  } catch (error) {
    if (token !== documentToken) return;
    body.dataset.pdfState = "error";
    showViewerMessage(`This PDF could not be displayed: ${/** @type {Error} */ (error).message}`);
    return;
  }
  if (token !== documentToken) return;
  performance.mark("citelens:first-page");
  body.dataset.pdfState = "ready";
  body.dataset.pageCount = String(viewer.pageCount);
  updatePageControls();
  analyse(pdf, source.name, token, early);
  // The PDF's own bookmarks, until (or instead of, without Python) the analysis' outline.
  pdfOutline(pdf).then((entries) => {
    if (token === documentToken && !analysis) {
      const waiting = body.dataset.analysisState === "pending";
      sidebar.showOutline(entries, entries.length ? "bookmarks" : "none",
        waiting ? "Looking for sections…" : "This PDF has no bookmarks.");
    }
  });
}

function closeDocument() {
  popover.close();
  overlay.clear();
  links.clear();
  states.reset();
  currentMeta = { title: null, url: null, arxiv: null, file: "" };
  currentPdf = null;
  viewer.close();
  analysis = null;
  backStack.length = 0;
  updateBackButton();
  clearNotices("document");
  setStatus(null);
  body.dataset.analysisState = "idle";
  delete body.dataset.pageCount;
  for (const name of ["mentions", "citations"]) delete body.dataset[name];
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

// ---------------------------------------------------------------------------------------- analysis

let linkingUnavailableShown = false;

/** @param {any} error */
function linkingUnavailable(error) {
  if (body.dataset.analysisState === "pending") body.dataset.analysisState = "unavailable";
  body.dataset.linking = "unavailable";
  setStatus(null);
  if (linkingUnavailableShown) return;
  linkingUnavailableShown = true;
  const why = error?.message ? ` (${error.message})` : "";
  showNotice("linking-unavailable", `Citation linking is unavailable${why}. The reader works without links.`, "session");
}

/**
 * @param {any} pdf
 * @param {string} name
 * @param {number} token
 * @param {Promise<object | null>} [early] the cached analysis of these very bytes, looked up while the
 *   first page was drawn
 */
async function analyse(pdf, name, token, early = Promise.resolve(null)) {
  let analyzer;
  const without = () => {
    body.dataset.analysisState = "unavailable";
    sidebar.setReferencesMessage("No references: citation linking is unavailable.");
    sidebar.setOutlineMessage("This PDF has no bookmarks.");
  };
  try {
    analyzer = await analyzerReady;
  } catch {
    if (token === documentToken) without();
    return;
  }
  const hit = await early;
  if (hit) {
    if (token === documentToken) applyAnalysis(hit);
    return;
  }
  if (analyzer.failure) {
    without();
    linkingUnavailable(analyzer.failure);
    return;
  }
  body.dataset.analysisState = "pending";
  setStatus("Linking citations…");
  let result;
  try {
    result = await analyzer.analyze(pdf, {
      file: name,
      onProgress: (/** @type {{stage?: string, message?: string}} */ p) => {
        if (token !== documentToken || !p?.message) return;
        setStatus(progressText(p.stage, p.message, pdf.numPages));
        $("status").title = p.message;
      },
    });
  } catch (error) {
    if (token !== documentToken) return;
    setStatus(null);
    const err = /** @type {Error} */ (error);
    if (err?.name === "WorkerError" || analyzer.failure) {
      without();
      linkingUnavailable(err);
      return;
    }
    body.dataset.analysisState = "failed";
    showNotice("analysis-failed", `Citations in this PDF could not be linked: ${err?.message ?? err}`, "document");
    sidebar.setReferencesMessage("No references: the analysis did not run.");
    sidebar.setOutlineMessage("This PDF has no bookmarks.");
    return;
  }
  if (token !== documentToken) return;
  applyAnalysis(result);
}

/** @param {any} result */
function applyAnalysis(result) {
  analysis = result;
  viewer.applyPageSizes(result.pages ?? []);
  const references = result.references ?? [];
  resolver?.setDocument(result);
  states.setReferences(references);
  popover.setReferences(references);
  overlay.setAnalysis(result);
  links.setCoverage((page) => overlay.boxesOn(page));
  if ((result.outline ?? []).length || result.outline_source !== "none" || !document.querySelector(".outline-item")) {
    sidebar.showOutline(result.outline ?? [], result.outline_source ?? "none");
  }
  sidebar.showReferences(references);
  const codes = new Set((result.diagnostics ?? []).map((/** @type {{code: string}} */ d) => d.code));
  if (codes.has("no_text_layer")) {
    showNotice("no-text-layer", "No text layer: this PDF is a scan or an image, so nothing can be linked. "
      + "Run OCR (for example ocrmypdf) and open the result.", "document");
  }
  const counts = overlay.counts();
  const citations = counts.citation ?? 0;
  body.dataset.citations = String(citations);
  body.dataset.mentions = String(Object.values(counts).reduce((a, b) => a + b, 0));
  body.dataset.analysisState = "done";
  performance.mark("citelens:links");
  setStatus(citations ? `${citations} citation${citations === 1 ? "" : "s"} linked` : "No citations linked", { done: true });
  document.dispatchEvent(new CustomEvent("citelens:analysis", { detail: { analysis: result } }));
  resolver?.prefetch(PREFETCH);
}

// ------------------------------------------------------------------------ resolution and library

let settings = loadSettings();
/** @type {any} web/analysis/resolver.js Resolver, once the analyzer and the module are there */
let resolver = null;
/** @type {any} web/library/library.js Library, once opened */
let library = null;

Promise.all([analyzerReady, import("./analysis/resolver.js")]).then(([analyzer, { Resolver }]) => {
  resolver = new Resolver({ analyzer, settings: resolverSettings(settings) });
  // No reference list in the PDF but its own DOI known: Crossref's list of the paper (web/analysis/resolver.js).
  resolver.addEventListener("references", (/** @type {CustomEvent} */ { detail }) => {
    states.setReferences(detail.references);
    popover.setReferences(detail.references);
    sidebar.showCrossrefReferences(detail);
  });
  if (analysis) resolver.setDocument(analysis);
  states.connect({ resolver });
  body.dataset.resolver = "ready";
  if (analysis) resolver.prefetch(PREFETCH);
}).catch((error) => {
  body.dataset.resolver = "unavailable";
  console.warn("citelens: references cannot be looked up:", error);
});

const libraryPanel = new LibraryPanel({ panel: $("library-panel"), toggle: $("open-library") });

import("./library/library.js").then(async ({ Library, entryRef }) => {
  library = await Library.open();
  states.connect({ library, entryRef });
  libraryPanel.setLibrary(library);
  body.dataset.library = "ready";
}).catch((error) => {
  body.dataset.library = "unavailable";
  libraryPanel.setLibrary(null, `The library is not available in this browser: ${error?.message ?? error}`);
});

/** @type {Promise<any> | null} */
let citeModule = null;
popover.setActions(paperActions({
  states,
  library: () => library,
  currentPaper: async () => {
    const title = currentMeta.title ?? await titleOnFirstPage(currentPdf);
    return title ? { title, url: currentMeta.url, arxiv: currentMeta.arxiv } : null;
  },
  formatCitation: async () => {
    citeModule ??= import("./library/cite.js");
    return (await citeModule.catch(() => null))?.formatCitation ?? null;
  },
  openPdf: (url) => {
    const reader = new URL(location.pathname, location.href);
    reader.searchParams.set("file", url);
    window.open(reader.href, "_blank", "noopener");
  },
}));

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

settingsDialog({
  dialog: /** @type {HTMLDialogElement} */ ($("settings-dialog")),
  opener: $("open-settings"),
  onChange: (saved) => {
    settings = saved;
    resolver?.setSettings?.(resolverSettings(saved));
  },
});

// ------------------------------------------------------------------------------------- navigation

/**
 * @param {Mention} mention
 * @param {HTMLButtonElement} button
 */
function activateMention(mention, button) {
  if (mention.citation) {
    popover.open({ anchor: button, refIndexes: mention.citation.ref_indexes, title: mention.text });
    return;
  }
  const target = mention.figure?.target;
  if (!target) return;
  jumpTo(target.page, target.y, { origin: button });
}

/**
 * Scroll to a point, flash it, and remember where the reader was for "Back".
 * @param {number} page
 * @param {number} y  PDF points from the page's top
 * @param {{x?: number, origin?: HTMLElement | null, box?: number[] | null, flash?: boolean}} [options]
 */
function jumpTo(page, y, { x = 0, origin = null, box = null, flash = true } = {}) {
  popover.close();
  backStack.push({ position: viewer.getPosition(), origin });
  if (backStack.length > 50) backStack.shift();
  viewer.scrollToPoint(page, y, { x });
  updateBackButton();
  if (!flash) return;
  if (box) {
    viewer.flash(page, box);
    return;
  }
  // The target is a line's top: flash that line in its column, or a band across the page without text.
  const token = documentToken;
  viewer.lineBox(page, y).then((line) => {
    if (token !== documentToken) return;
    const size = viewer.pageSize(page);
    const height = (analysis?.body_font_size ?? 10) * FLASH_LINES;
    const width = size?.width ?? 612;
    viewer.flash(page, line ?? [width * 0.06, Math.max(0, y - height * 0.2), width * 0.94, y + height]);
  });
}

/**
 * @param {Reference} ref
 * @param {HTMLElement | null} origin
 */
function jumpToReference(ref, origin) {
  const box = ref.box?.length === 4 ? ref.box : null;
  jumpTo(ref.page, box ? box[1] : 0, { x: box ? box[0] : 0, origin, box });
}

function goBack() {
  const entry = backStack.pop();
  if (!entry) return;
  viewer.scrollToPoint(entry.position.page, entry.position.y, { margin: 0 });
  updateBackButton();
  if (entry.origin?.isConnected) entry.origin.focus({ preventScroll: true });
}

function updateBackButton() {
  const button = $("back-button");
  const last = backStack[backStack.length - 1];
  button.hidden = !last;
  if (last) {
    $("back-label").textContent = `Back to page ${last.position.page}`;
    button.dataset.page = String(last.position.page);
  }
}

// --------------------------------------------------------------------------------------- status

let statusTimer = 0;

/**
 * The quiet indicator in the toolbar; `null` hides it. A finished state fades after a few seconds.
 * @param {string | null} text
 * @param {{done?: boolean}} [options]
 */
/**
 * The status line while links are being made: what is happening now, so a 500-page file's minute is not a
 * silent one. Python's own steps read as one, "Linking citations".
 * @param {string | undefined} stage  web/analysis/analysis.js Progress stage
 * @param {string} message
 * @param {number} pages
 */
function progressText(stage, message, pages) {
  if (stage === "extracting" || stage === "loading" || stage === "installing") return `${message}…`;
  if (stage === "cached") return message;
  return pages > 50 ? `Linking citations in ${pages} pages…` : "Linking citations…";
}

function setStatus(text, { done = false } = {}) {
  clearTimeout(statusTimer);
  const status = $("status");
  status.hidden = text === null;
  status.classList.toggle("done", done);
  $("status-text").textContent = text ?? "";
  if (text === null) status.removeAttribute("title");
  if (done) statusTimer = setTimeout(() => { status.hidden = true; }, 4000);
}

/**
 * @param {string} key  data-notice, one notice per key
 * @param {string} text
 * @param {"document" | "session"} scope  document notices go away with the document
 */
function showNotice(key, text, scope) {
  const notices = $("notices");
  notices.querySelector(`[data-notice="${key}"]`)?.remove();
  const close = h("button", { className: "notice-close", attrs: { type: "button", "aria-label": "Dismiss" }, text: "×" });
  const notice = h("div", { className: "notice", dataset: { notice: key, scope }, attrs: { role: "status" } },
    h("span", { className: "notice-text", text }), close);
  close.addEventListener("click", () => notice.remove());
  notices.append(notice);
}

/** @param {"document" | "session"} scope */
function clearNotices(scope) {
  for (const notice of $("notices").querySelectorAll(`[data-scope="${scope}"]`)) notice.remove();
}

/** @param {string} text */
/**
 * @param {string} text
 * @param {{href: string, text: string} | null} [link]  a way on from here (the PDF on its own site)
 */
function showViewerMessage(text, link = null) {
  const message = $("viewer-message");
  message.textContent = text;
  if (link) {
    message.append(" ", h("a", {
      className: "viewer-message-link", text: link.text,
      attrs: { href: link.href, target: "_blank", rel: "noopener noreferrer" },
    }));
  }
  message.hidden = false;
}

/**
 * A PDF on another site that did not arrive (that site sends no CORS headers, or the network failed) can
 * still be opened by the browser itself: the link for it, else null.
 * @param {{url: string} | {data: any}} source
 * @param {any} error
 */
function elsewhere(source, error) {
  if (!("url" in source) || error?.name === "InvalidPDFException" || error?.name === "PasswordException") return null;
  const url = safeHttpUrl(source.url);
  if (!url || new URL(url).origin === location.origin) return null;
  return { href: url, text: "Open it on its own site ↗" };
}

function hideViewerMessage() {
  $("viewer-message").hidden = true;
}

// -------------------------------------------------------------------------------------- toolbar

function updatePageControls() {
  const count = viewer.pageCount;
  const input = /** @type {HTMLInputElement} */ ($("page-number"));
  if (document.activeElement !== input) input.value = count ? String(viewer.currentPage) : "";
  input.disabled = !count;
  $("page-count").textContent = `/ ${count}`;
  /** @type {HTMLButtonElement} */ ($("prev-page")).disabled = !count || viewer.currentPage <= 1;
  /** @type {HTMLButtonElement} */ ($("next-page")).disabled = !count || viewer.currentPage >= count;
}

viewer.addEventListener("pagechange", updatePageControls);

viewer.addEventListener("zoomchange", (event) => {
  const { zoom, mode } = /** @type {CustomEvent} */ (event).detail;
  const select = /** @type {HTMLSelectElement} */ ($("zoom-select"));
  const custom = /** @type {HTMLOptionElement} */ ($("zoom-custom"));
  const percent = `${Math.round(zoom * 100)}%`;
  body.dataset.zoom = zoom.toFixed(3);
  if (mode !== "custom") {
    select.value = mode;
  } else {
    const option = [...select.options].find((o) => Math.abs(Number(o.value) - zoom) < 1e-3);
    if (option) {
      select.value = option.value;
    } else {
      custom.textContent = percent;
      custom.hidden = false;
      select.value = "custom";
    }
  }
  custom.hidden = select.value !== "custom";
  select.title = `Zoom ${percent}`;
});

$("zoom-select").addEventListener("change", (event) => {
  const value = /** @type {HTMLSelectElement} */ (event.target).value;
  if (value !== "custom") viewer.setZoom(value === "auto" || value === "page-width" ? value : Number(value));
});
$("zoom-in").addEventListener("click", () => viewer.zoomIn());
$("zoom-out").addEventListener("click", () => viewer.zoomOut());
$("prev-page").addEventListener("click", () => viewer.previousPage());
$("next-page").addEventListener("click", () => viewer.nextPage());
$("back-button").addEventListener("click", goBack);

const pageInput = /** @type {HTMLInputElement} */ ($("page-number"));
pageInput.addEventListener("change", () => {
  const n = Number.parseInt(pageInput.value, 10);
  if (Number.isFinite(n)) viewer.goToPage(n);
  updatePageControls();
});
pageInput.addEventListener("keydown", (event) => {
  if (event.key === "Enter") pageInput.dispatchEvent(new Event("change"));
});
pageInput.addEventListener("focus", () => pageInput.select());
pageInput.addEventListener("blur", updatePageControls);

// "Link citations": the overlay on or off, remembered.
const linksToggle = /** @type {HTMLInputElement} */ ($("toggle-links"));
function applyLinks(/** @type {boolean} */ on) {
  linksToggle.checked = on;
  body.dataset.links = on ? "on" : "off";
  overlay.setEnabled(on);
  if (!on) popover.close();
}
applyLinks(readFlag("linkCitations", true));
linksToggle.addEventListener("change", () => {
  writeFlag("linkCitations", linksToggle.checked);
  applyLinks(linksToggle.checked);
});

// Dark mode: remembered, or the system's preference.
const darkToggle = $("toggle-dark");
function applyDark(/** @type {boolean} */ dark) {
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  darkToggle.setAttribute("aria-pressed", String(dark));
}
applyDark(readFlag("darkMode", globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false));
darkToggle.addEventListener("click", () => {
  const dark = document.documentElement.dataset.theme !== "dark";
  writeFlag("darkMode", dark);
  applyDark(dark);
});

// Sidebar: open by default on wide screens, over the page on narrow ones.
const narrow = globalThis.matchMedia?.("(max-width: 800px)").matches ?? false;
function applySidebar(/** @type {boolean} */ open) {
  body.classList.toggle("sidebar-closed", !open);
  $("toggle-sidebar").setAttribute("aria-expanded", String(open));
}
applySidebar(!narrow && readFlag("sidebar", true));
$("toggle-sidebar").addEventListener("click", () => {
  const open = body.classList.contains("sidebar-closed");
  if (!narrow) writeFlag("sidebar", open);
  applySidebar(open);
});

// Files: picker, drag and drop.
const fileInput = /** @type {HTMLInputElement} */ ($("file-input"));
$("open-file").addEventListener("click", () => fileInput.click());
fileInput.addEventListener("change", () => {
  const file = fileInput.files?.[0];
  if (file) openFile(file);
  fileInput.value = "";
});

/** @param {File} file */
async function openFile(file) {
  let data;
  try {
    data = await file.arrayBuffer();
  } catch (error) {
    showViewerMessage(`“${file.name}” could not be read: ${/** @type {Error} */ (error).message}`);
    return;
  }
  openDocument({ data, name: file.name });
}

const dropZone = $("drop-zone");
/** @param {DragEvent} event */
const carriesFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
window.addEventListener("dragover", (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  if (event.dataTransfer) event.dataTransfer.dropEffect = "copy";
  dropZone.hidden = false;
});
window.addEventListener("dragleave", (event) => {
  if (!event.relatedTarget || event.relatedTarget === document.documentElement) dropZone.hidden = true;
});
window.addEventListener("drop", (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  dropZone.hidden = true;
  const files = [...(event.dataTransfer?.files ?? [])];
  const file = files.find((f) => f.type === "application/pdf" || /\.pdf$/i.test(f.name)) ?? files[0];
  if (file) openFile(file);
});

// Keyboard: Ctrl/Cmd +/−/0 zoom (instead of the browser's page zoom), PageUp/PageDown turn pages.
window.addEventListener("keydown", (event) => {
  const target = /** @type {HTMLElement} */ (event.target);
  const typing = target.closest?.("input, select, textarea, [contenteditable]");
  if ((event.ctrlKey || event.metaKey) && !event.altKey) {
    if (event.key === "+" || event.key === "=") viewer.zoomIn();
    else if (event.key === "-" || event.key === "_") viewer.zoomOut();
    else if (event.key === "0") viewer.setZoom("auto");
    else return;
    event.preventDefault();
    return;
  }
  if (!typing && !event.altKey && (event.key === "l" || event.key === "L") && !document.querySelector("dialog[open]")) {
    event.preventDefault();
    libraryPanel.toggle($("open-library"));
    return;
  }
  if (typing || event.altKey || event.shiftKey || !viewer.pageCount) return;
  if (event.key === "PageDown") viewer.nextPage();
  else if (event.key === "PageUp") viewer.previousPage();
  else return;
  event.preventDefault();
});
container.addEventListener("wheel", (event) => {
  if (!event.ctrlKey || !viewer.pageCount) return;
  event.preventDefault();
  if (event.deltaY < 0) viewer.zoomIn();
  else if (event.deltaY > 0) viewer.zoomOut();
}, { passive: false });

// ------------------------------------------------------------------------------------------ start

Object.defineProperty(window, "citelens", {
  value: Object.freeze({
    viewer,
    states,
    get analysis() { return analysis; },
    get library() { return library; },
    get resolver() { return resolver; },
    libraryPanel,
    /** @param {string} url */
    open: (url) => openUrl(url),
  }),
});

/** @param {string} value  a URL, relative to the page or absolute on this origin */
function openUrl(value) {
  let url;
  try {
    url = new URL(value, location.href);
  } catch {
    showViewerMessage(`“${value}” is not a valid address.`);
    body.dataset.pdfState = "error";
    return;
  }
  if (!["http:", "https:", "blob:"].includes(url.protocol)) {
    showViewerMessage(`“${value}” cannot be opened: only http(s) addresses are supported.`);
    body.dataset.pdfState = "error";
    return;
  }
  const name = decodeURIComponent(url.pathname.split("/").pop() || url.hostname || "document.pdf");
  openDocument({ url: url.href, name });
}

const fileParam = new URLSearchParams(location.search).get("file");
if (fileParam) openUrl(fileParam);
updatePageControls();
