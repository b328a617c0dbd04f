// The reader's keyboard and wheel: Ctrl/Cmd + − 0 zoom (instead of the browser's page zoom), Ctrl+wheel
// zooms, PageUp/PageDown turn pages, L opens or closes the library panel. Keys typed into a field, and L
// while a dialog is open, are left alone; the popover, menus and sidebar handle their own keys.

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
    if (!typing && !event.altKey && (event.key === "l" || event.key === "L") && !document.querySelector("dialog[open]")) {
      event.preventDefault();
      toggleLibrary();
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
