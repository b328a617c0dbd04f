// The reader's composition root: makes each part once and connects them; what each does is in its module.
// Reading never waits for Python: the worker starts when the page opens, the PDF renders as soon as pdf.js
// has it (session/document.js), and links appear when the analysis arrives (or never, with one notice, if
// the worker fails). The resolver and the library come up on their own; data-resolver and data-library =
// ready | unavailable on <body> say whether each did. Neither is needed for reading.
//
// `window.citelens` (read-only, for tests and tools): viewer, states, analysis, library, resolver,
// libraryPanel, open(url). web/README.md lists the page's state attributes and selectors.

import { PdfViewer } from "./viewer/viewer.js";
import { PageSnapshots } from "./viewer/snapshots.js";
import { MentionOverlay } from "./references/overlay.js";
import { CitationPopover } from "./references/popover.js";
import { Sidebar } from "./references/sidebar.js";
import { ReferenceStates } from "./references/reference-states.js";
import { LibraryPanel } from "./session/library-panel.js";
import { Notices } from "./session/notices.js";
import { Navigation } from "./session/navigation.js";
import { DocumentSession } from "./session/document.js";
import { startLookups } from "./session/lookups.js";
import { toolbar } from "./session/toolbar.js";
import { bindKeys } from "./session/keys.js";
import { bindFiles, urlSource } from "./session/files.js";
import { bindFind } from "./session/find.js";
import { PrintService } from "./viewer/print.js";

const PDFJS_URL = new URL("../vendor/pdfjs/", import.meta.url);
const WORKER_URL = new URL("../worker/citelens-worker.js", import.meta.url);

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const body = document.body;
const notices = new Notices({
  status: $("status"), statusText: $("status-text"), notices: $("notices"), viewerMessage: $("viewer-message"),
});

// The worker first: Python takes seconds to load and the user is still choosing a file.
let unavailableShown = false;
/** Citation linking cannot be had in this page load: said once. @param {any} error */
function linkingUnavailable(error) {
  if (body.dataset.analysisState === "pending") body.dataset.analysisState = "unavailable";
  body.dataset.linking = "unavailable";
  notices.status(null);
  if (unavailableShown) return;
  unavailableShown = true;
  const why = error?.message ? ` (${error.message})` : "";
  notices.show("linking-unavailable", `Citation linking is unavailable${why}. The reader works without links.`, "session");
}
const analyzerReady = import("./analysis/analysis.js").then(({ CitelensAnalyzer }) => {
  const analyzer = new CitelensAnalyzer(WORKER_URL.href);
  analyzer.addEventListener("failed", (event) => linkingUnavailable(/** @type {CustomEvent} */ (event).detail?.error));
  return analyzer.start();
});
analyzerReady.catch((error) => linkingUnavailable(error));

/** @type {any} */
let pdfjs;
/** @type {any} pdfjs-dist/web/pdf_viewer.mjs */
let components;
try {
  // @ts-expect-error: site/vendor/pdfjs/ is copied beside web/ by make site (tools/build_site.py)
  pdfjs = await import("../vendor/pdfjs/pdf.mjs");
  pdfjs.GlobalWorkerOptions.workerSrc = new URL("pdf.worker.mjs", PDFJS_URL).href;
  // pdf.js's viewer components read the library from globalThis.pdfjsLib, which pdf.mjs sets
  // @ts-expect-error: site/vendor/pdfjs/ is copied beside web/ by make site (tools/build_site.py)
  components = await import("../vendor/pdfjs/pdf_viewer.mjs");
} catch (error) {
  notices.viewerMessage("The PDF renderer (pdf.js) could not be loaded. Build the site with `make site`.");
  body.dataset.pdfState = "error";
  throw error;
}

const container = $("viewer-container");
const viewer = new PdfViewer({ container, viewer: $("viewer"), pdfjs, components });
const states = new ReferenceStates();
const popover = new CitationPopover({
  element: $("citation-popover"), scroller: container, states,
  onJump: (ref, anchor) => navigation.toReference(ref, anchor),
});
const navigation = new Navigation({
  viewer, button: $("back-button"), label: $("back-label"), beforeJump: () => popover.close(),
  bodyFontSize: () => session.analysis?.body_font_size ?? null,
  scroller: container, say: (text) => notices.status(text, { done: true }),
});
const overlay = new MentionOverlay({
  viewer,
  onActivate: (mention, button) => {
    if (mention.citation) popover.open({ anchor: button, refIndexes: mention.citation.ref_indexes, title: mention.text });
    else if (mention.figure) navigation.toFigure(mention.figure, button);
  },
  onHover: (mention) => { for (const index of mention.citation?.ref_indexes ?? []) states.lookup(index); },
});
// The PDF's own internal links are followed by pdf.js (PDFLinkService, PDFHistory); "Back" remembers where from.
container.addEventListener("click", (event) => {
  const link = /** @type {HTMLElement} */ (event.target).closest?.(".annotationLayer .internalLink");
  if (link instanceof HTMLElement) navigation.remember(link);
}, true);
const sidebar = new Sidebar({
  states,
  onOutline: (entry, origin) => navigation.jumpTo(entry.page, entry.y, { origin, flash: false }),
  onReference: (ref, origin) => navigation.toReference(ref, origin),
  onDetails: (ref, anchor) => popover.open({ anchor, refIndexes: [ref.index], title: ref.label ?? "" }),
});
const { updatePageControls } = toolbar({
  viewer, byId: $,
  onLinks: (on) => {
    overlay.setEnabled(on);
    if (!on) popover.close();
  },
});
const session = new DocumentSession({
  pdfjs, pdfjsBase: PDFJS_URL, analyzer: analyzerReady, resolver: () => lookups.resolver(), viewer,
  snapshots: new PageSnapshots(), overlay,
  popover, sidebar, states, notices, navigation, passwordDialog: /** @type {HTMLDialogElement} */ ($("password-dialog")),
  welcome: $("welcome"), onPages: updatePageControls, unavailable: linkingUnavailable,
});
viewer.addEventListener("pagechange", () => session.remember());
viewer.addEventListener("zoomchange", () => session.remember());
const libraryPanel = new LibraryPanel({ panel: $("library-panel"), toggle: $("open-library") });

const lookups = startLookups({
  analyzer: analyzerReady, session, states, popover, sidebar, libraryPanel,
  settingsDialog: /** @type {HTMLDialogElement} */ ($("settings-dialog")), settingsOpener: $("open-settings"),
});

bindKeys({ viewer, container, toggleLibrary: () => libraryPanel.toggle($("open-library")) });
bindFind({ viewer, byId: $, container });
$("viewer-message").addEventListener("click", () => {
  if (body.dataset.pdfState === "ready") notices.hideViewerMessage();
});

// Print: the paper's pages only, each rendered for print (viewer/print.js), from #print and Ctrl/Cmd+P.
const printer = new PrintService({ container: $("print-container"), pdfjs });
let printing = false;
async function printPaper() {
  const pdf = viewer.pdfDocument;
  if (!pdf || printing) return;
  printing = true;
  try {
    notices.status(`Preparing to print: page 1 of ${pdf.numPages}…`);
    const ready = await printer.prepare(pdf, (done, total) => {
      notices.status(`Preparing to print: page ${Math.min(done + 1, total)} of ${total}…`);
    });
    notices.status(null);
    if (ready && viewer.pdfDocument === pdf) window.print();
  } catch (error) {
    notices.status(null);
    printer.destroy();
    notices.show("print-failed", `The paper could not be printed: ${/** @type {Error} */ (error).message}`, "document");
  } finally {
    printing = false;
  }
}
$("print").addEventListener("click", printPaper);
window.addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "p"
      && viewer.pdfDocument) {
    event.preventDefault();
    printPaper();
  }
});

bindFiles({
  input: /** @type {HTMLInputElement} */ ($("file-input")), button: $("open-file"), dropZone: $("drop-zone"),
  open: (source) => session.open(source), fail: (message) => notices.viewerMessage(message),
});

/** @param {string} value  a URL, relative to the page or absolute on this origin */
function openUrl(value) {
  const found = urlSource(value);
  if ("source" in found) {
    session.open(found.source);
    return;
  }
  notices.viewerMessage(found.error);
  body.dataset.pdfState = "error";
}

Object.defineProperty(window, "citelens", {
  value: Object.freeze({
    viewer,
    states,
    get analysis() { return session.analysis; },
    get library() { return lookups.library(); },
    get resolver() { return lookups.resolver(); },
    libraryPanel,
    open: openUrl,
  }),
});

const fileParam = new URLSearchParams(location.search).get("file");
if (fileParam) openUrl(fileParam);
updatePageControls();
