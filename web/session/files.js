// Where a PDF comes from: the file picker (#open-file, #file-input), a file dropped anywhere on the page
// (#drop-zone shows while dragging; a PDF among several files wins) and an address (`?file=<url>`,
// `window.citelens.open(url)`): http(s) and blob: only, relative ones against the page.

/**
 * @typedef {{data: ArrayBuffer, name: string} | {url: string, name: string}} PdfSource
 */

/**
 * Picking and dropping files; each readable file becomes a source for `open`, a file that cannot be read a
 * message through `fail`.
 * @param {{input: HTMLInputElement, button: HTMLElement, dropZone: HTMLElement,
 *          open: (source: PdfSource) => void, fail: (message: string) => void}} options
 */
export function bindFiles({ input, button, dropZone, open, fail }) {
  const openFile = async (/** @type {File} */ file) => {
    let data;
    try {
      data = await file.arrayBuffer();
    } catch (error) {
      fail(`“${file.name}” could not be read: ${/** @type {Error} */ (error).message}`);
      return;
    }
    open({ data, name: file.name });
  };
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file) openFile(file);
    input.value = "";
  });
  const carriesFiles = (/** @type {DragEvent} */ event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
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
}

/**
 * The source for an address, or the message saying why it cannot be opened.
 * @param {string} value  a URL, relative to the page or absolute
 * @returns {{source: PdfSource} | {error: string}}
 */
export function urlSource(value) {
  let url;
  try {
    url = new URL(value, location.href);
  } catch {
    return { error: `“${value}” is not a valid address.` };
  }
  if (!["http:", "https:", "blob:"].includes(url.protocol)) {
    return { error: `“${value}” cannot be opened: only http(s) addresses are supported.` };
  }
  const name = decodeURIComponent(url.pathname.split("/").pop() || url.hostname || "document.pdf");
  return { source: { url: url.href, name } };
}
