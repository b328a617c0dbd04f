// The reader's keyboard and wheel: Ctrl/Cmd + − 0 zoom (instead of the browser's page zoom), Ctrl+wheel
// zooms, PageUp/PageDown turn pages, L opens or closes the library panel, `]` / `[` move focus to the next
// / previous citation link (from the focused one, else from the first / last one in view; the citation
// buttons' tooltip says so). Keys typed into a field, and L, ] and [ while a dialog is open, are left
// alone; the popover, menus and sidebar handle their own keys.

/**
 * @typedef {import("../viewer/viewer.js").PdfViewer} PdfViewer
 */

/**
 * @param {{viewer: PdfViewer, container: HTMLElement, toggleLibrary: () => void}} options
 *   container: the scrolling viewer, where Ctrl+wheel zooms
 */
export function bindKeys({ viewer, container, toggleLibrary }) {
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
    const dialogOpen = document.querySelector("dialog[open]") || target.closest?.("[role=dialog]");
    if (!typing && !event.altKey && (event.key === "l" || event.key === "L") && !dialogOpen) {
      event.preventDefault();
      toggleLibrary();
      return;
    }
    if (!typing && !event.altKey && (event.key === "]" || event.key === "[") && !dialogOpen) {
      const next = nextCitation(container, target, event.key === "]" ? 1 : -1);
      if (next) {
        event.preventDefault();
        next.focus();
      }
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
}

/**
 * The citation link after (step 1) or before (step -1) `from` in reading order, among the buttons built so
 * far; from anywhere else, the first (or last) one in the viewer's view.
 * @param {HTMLElement} container  the scrolling viewer
 * @param {HTMLElement} from  the focused element
 * @param {1 | -1} step
 * @returns {HTMLElement | null}
 */
export function nextCitation(container, from, step) {
  const links = /** @type {HTMLElement[]} */ ([...container.querySelectorAll(
    '.pdf-reader-ref-link[data-kind="citation"]:not([data-part])')]).filter((el) => !el.closest("[hidden]"));
  if (!links.length) return null;
  const at = links.indexOf(from);
  if (at >= 0) return links[at + step] ?? null;
  const view = container.getBoundingClientRect();
  const inView = links.filter((el) => {
    const box = el.getBoundingClientRect();
    return box.bottom > view.top && box.top < view.bottom && box.right > view.left && box.left < view.right;
  });
  return (step > 0 ? inView[0] : inView[inView.length - 1]) ?? null;
}
