// PDF destinations (a named destination or an explicit [pageRef, {name}, ...args] array, as pdf.js gives
// them for link annotations and bookmarks) resolved to a point of a page in citelens coordinates: PDF
// points from the top-left of the page's view box, y down.

/**
 * @typedef {{page: number, x: number, y: number}} Destination
 */

/**
 * @param {any} pdf  PDFDocumentProxy
 * @param {string | any[] | null | undefined} dest
 * @returns {Promise<Destination | null>}
 */
export async function resolveDestination(pdf, dest) {
  try {
    const explicit = typeof dest === "string" ? await pdf.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length < 2) return null;
    const [ref, mode, ...args] = explicit;
    let index = null;
    if (ref && typeof ref === "object") index = await pdf.getPageIndex(ref);
    else if (Number.isInteger(ref)) index = ref;
    if (index === null || index < 0 || index >= pdf.numPages) return null;
    const page = await pdf.getPage(index + 1);
    const [vx0, , , vy1] = page.view;
    let left = null;
    let top = null;
    switch (mode?.name) {
      case "XYZ": [left, top] = args; break;
      case "FitH": case "FitBH": [top] = args; break;
      case "FitV": case "FitBV": [left] = args; break;
      case "FitR": left = args[0]; top = args[3]; break;
      default: break;
    }
    const y = typeof top === "number" ? Math.max(0, vy1 - top) : 0;
    const x = typeof left === "number" ? Math.max(0, left - vx0) : 0;
    return { page: index + 1, x, y };
  } catch {
    return null;
  }
}

/**
 * The PDF's own bookmarks, flattened in order with levels and resolved destinations: the outline shown
 * before the analysis arrives (and instead of it when the worker is unavailable).
 * @param {any} pdf  PDFDocumentProxy
 * @returns {Promise<{title: string, level: number, page: number, y: number}[]>}
 */
export async function pdfOutline(pdf) {
  const tree = await pdf.getOutline().catch(() => null);
  if (!tree?.length) return [];
  /** @type {{title: string, level: number, dest: any}[]} */
  const flat = [];
  const walk = (/** @type {any[]} */ nodes, /** @type {number} */ level) => {
    for (const node of nodes) {
      flat.push({ title: String(node.title ?? ""), level, dest: node.dest });
      if (node.items?.length && level < 6) walk(node.items, level + 1);
    }
  };
  walk(tree, 1);
  const resolved = await Promise.all(flat.map((item) => resolveDestination(pdf, item.dest)));
  return flat.flatMap((item, i) => {
    const d = resolved[i];
    return d ? [{ title: item.title, level: item.level, page: d.page, y: d.y }] : [];
  });
}
