// The toolbar: page number and count, previous/next, zoom (select, in, out), "Link citations" (the
// overlay on or off), dark mode and the sidebar toggle. The three switches are remembered in localStorage
// (prefs.js); dark mode defaults to the system's preference, the sidebar to open on wide screens.
// State on the page: <body data-links="on|off" data-zoom>, <html data-theme>, body.sidebar-closed.

import { readFlag, writeFlag } from "./prefs.js";

/**
 * @typedef {import("../viewer/viewer.js").PdfViewer} PdfViewer
 */

/**
 * Wire the toolbar to the viewer. `onLinks` shows or hides the mention overlay.
 * @param {{viewer: PdfViewer, byId: (id: string) => HTMLElement, onLinks: (on: boolean) => void}} options
 * @returns {{updatePageControls: () => void}}
 */
export function toolbar({ viewer, byId, onLinks }) {
  const body = document.body;
  const pageInput = /** @type {HTMLInputElement} */ (byId("page-number"));

  function updatePageControls() {
    const count = viewer.pageCount;
    if (document.activeElement !== pageInput) pageInput.value = count ? String(viewer.currentPage) : "";
    pageInput.disabled = !count;
    byId("page-count").textContent = `/ ${count}`;
    /** @type {HTMLButtonElement} */ (byId("prev-page")).disabled = !count || viewer.currentPage <= 1;
    /** @type {HTMLButtonElement} */ (byId("next-page")).disabled = !count || viewer.currentPage >= count;
    /** @type {HTMLButtonElement} */ (byId("print")).disabled = !count;
  }
  viewer.addEventListener("pagechange", updatePageControls);

  const select = /** @type {HTMLSelectElement} */ (byId("zoom-select"));
  const custom = /** @type {HTMLOptionElement} */ (byId("zoom-custom"));
  viewer.addEventListener("zoomchange", (event) => {
    const { zoom, mode } = /** @type {CustomEvent} */ (event).detail;
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
  select.addEventListener("change", () => {
    const value = select.value;
    if (value !== "custom") viewer.setZoom(value === "auto" || value === "page-width" ? value : Number(value));
  });
  byId("zoom-in").addEventListener("click", () => viewer.zoomIn());
  byId("zoom-out").addEventListener("click", () => viewer.zoomOut());
  byId("prev-page").addEventListener("click", () => viewer.previousPage());
  byId("next-page").addEventListener("click", () => viewer.nextPage());

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
  const linksToggle = /** @type {HTMLInputElement} */ (byId("toggle-links"));
  const applyLinks = (/** @type {boolean} */ on) => {
    linksToggle.checked = on;
    body.dataset.links = on ? "on" : "off";
    onLinks(on);
  };
  applyLinks(readFlag("linkCitations", true));
  linksToggle.addEventListener("change", () => {
    writeFlag("linkCitations", linksToggle.checked);
    applyLinks(linksToggle.checked);
  });

  // Dark mode: remembered, or the system's preference.
  const darkToggle = byId("toggle-dark");
  const applyDark = (/** @type {boolean} */ dark) => {
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    darkToggle.setAttribute("aria-pressed", String(dark));
  };
  applyDark(readFlag("darkMode", globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false));
  darkToggle.addEventListener("click", () => {
    const dark = document.documentElement.dataset.theme !== "dark";
    writeFlag("darkMode", dark);
    applyDark(dark);
  });

  // Sidebar: open by default on wide screens, over the page on narrow ones.
  const narrow = globalThis.matchMedia?.("(max-width: 800px)").matches ?? false;
  const sidebarToggle = byId("toggle-sidebar");
  const applySidebar = (/** @type {boolean} */ open) => {
    body.classList.toggle("sidebar-closed", !open);
    sidebarToggle.setAttribute("aria-expanded", String(open));
  };
  applySidebar(!narrow && readFlag("sidebar", true));
  sidebarToggle.addEventListener("click", () => {
    const open = body.classList.contains("sidebar-closed");
    if (!narrow) writeFlag("sidebar", open);
    applySidebar(open);
  });

  return { updatePageControls };
}
