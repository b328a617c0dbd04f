// Find in document: the find bar (#find-bar) drives pdf.js's PDFFindController through the viewer's event
// bus ("find" events), which searches every page's text, highlights the matches on the pages drawn and
// scrolls to the selected one; it answers with "updatefindmatchescount" and "updatefindcontrolstate".
// Ctrl/Cmd+F and `/` open the bar (with the selection, if any, as the query); Enter / Shift+Enter and the
// arrows go to the next / previous match; Esc closes the bar and removes the highlights.
//
// State on #find-bar: data-state = idle | pending | found | wrapped | not-found; data-current, data-total.

/**
 * @typedef {import("../viewer/viewer.js").PdfViewer} PdfViewer
 */

/** pdf.js FindState values. */
const STATES = /** @type {Record<number, string>} */ ({ 0: "found", 1: "not-found", 2: "wrapped", 3: "pending" });

/**
 * @param {{viewer: PdfViewer, byId: (id: string) => HTMLElement, container: HTMLElement}} options
 *   container: the scrolling viewer, focused when the bar closes
 * @returns {{open: () => void, close: () => void}}
 */
export function bindFind({ viewer, byId, container }) {
  const bar = byId("find-bar");
  const input = /** @type {HTMLInputElement} */ (byId("find-input"));
  const count = byId("find-count");
  const opener = byId("open-find");
  const bus = viewer.eventBus;

  const find = (/** @type {string} */ type, findPrevious = false) => {
    bus.dispatch("find", {
      source: bar, type, query: input.value, caseSensitive: false, entireWord: false, highlightAll: true,
      findPrevious, matchDiacritics: false,
    });
  };

  /** @param {{current: number, total: number}} matches */
  const showCount = (matches) => {
    bar.dataset.current = String(matches.current);
    bar.dataset.total = String(matches.total);
    if (matches.total) count.textContent = `${matches.current} of ${matches.total} match${matches.total === 1 ? "" : "es"}`;
  };

  bus.on("updatefindmatchescount", (/** @type {any} */ event) => showCount(event.matchesCount));
  bus.on("updatefindcontrolstate", (/** @type {any} */ event) => {
    const state = input.value ? STATES[event.state] ?? "idle" : "idle";
    bar.dataset.state = state;
    if (event.matchesCount) showCount(event.matchesCount);
    if (state === "not-found") count.textContent = "Not found";
    else if (state === "pending" && !Number(bar.dataset.total)) count.textContent = "Searching…";
    else if (state === "idle") count.textContent = "";
    count.title = state === "wrapped"
      ? (event.previous ? "Reached the start, continued from the end" : "Reached the end, continued from the start")
      : "";
  });

  function open() {
    if (!viewer.pageCount) return;
    const selected = globalThis.getSelection?.()?.toString().trim() ?? "";
    if (selected && selected.length < 100 && !selected.includes("\n")) input.value = selected;
    const wasHidden = bar.hidden;
    bar.hidden = false;
    opener.setAttribute("aria-expanded", "true");
    input.focus();
    input.select();
    if (input.value && (wasHidden || selected)) find("");
  }

  function close() {
    if (bar.hidden) return;
    bar.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    bar.dataset.state = "idle";
    bus.dispatch("findbarclose", { source: bar });
    container.focus({ preventScroll: true });
  }

  // Another document: its own search.
  bus.on("pagesinit", () => {
    bar.hidden = true;
    opener.setAttribute("aria-expanded", "false");
    bar.dataset.state = "idle";
    count.textContent = "";
  });

  input.addEventListener("input", () => {
    delete bar.dataset.current;
    bar.dataset.total = "0";
    find("");
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") find("again", event.shiftKey);
    else if (event.key === "Escape") close();
    else return;
    event.preventDefault();
  });
  byId("find-next").addEventListener("click", () => find("again", false));
  byId("find-previous").addEventListener("click", () => find("again", true));
  byId("find-close").addEventListener("click", close);
  opener.addEventListener("click", () => (bar.hidden ? open() : close()));

  window.addEventListener("keydown", (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const typing = target.closest?.("input, select, textarea, [contenteditable]");
    const modifier = event.ctrlKey || event.metaKey;
    if (modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "f") {
      if (!viewer.pageCount) return; // nothing open: the browser's own find
      event.preventDefault();
      open();
    } else if (event.key === "/" && !modifier && !event.altKey && !typing && !document.querySelector("dialog[open]")) {
      if (!viewer.pageCount) return;
      event.preventDefault();
      open();
    } else if (event.key === "Escape" && !bar.hidden && bar.contains(target)) {
      close();
    }
  });

  return { open, close };
}
