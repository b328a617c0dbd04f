// What the page says to the reader outside the PDF: the quiet status line in the toolbar (#status), the
// dismissible notices (#notices .notice[data-notice], one per key, scoped to the document or the session)
// and the viewer's message (#viewer-message: a file that could not be opened, with a way on when there is
// one). Text only, through dom.js.

import { h } from "../viewer/dom.js";

/** A finished status ("68 citations linked") fades after this long. */
const DONE_FADE_MS = 4000;

export class Notices {
  /** @type {HTMLElement} */ #status;
  /** @type {HTMLElement} */ #statusText;
  /** @type {HTMLElement} */ #notices;
  /** @type {HTMLElement} */ #viewerMessage;
  /** @type {ReturnType<typeof setTimeout> | undefined} */ #timer;

  /**
   * @param {{status: HTMLElement, statusText: HTMLElement, notices: HTMLElement, viewerMessage: HTMLElement}} elements
   */
  constructor({ status, statusText, notices, viewerMessage }) {
    this.#status = status;
    this.#statusText = statusText;
    this.#notices = notices;
    this.#viewerMessage = viewerMessage;
  }

  /**
   * The status line; `null` hides it. A finished state fades after a few seconds.
   * @param {string | null} text
   * @param {{done?: boolean, title?: string}} [options]  title: the full line, on hover
   */
  status(text, { done = false, title } = {}) {
    clearTimeout(this.#timer);
    this.#status.hidden = text === null;
    this.#status.classList.toggle("done", done);
    this.#statusText.textContent = text ?? "";
    if (title) this.#status.title = title;
    else if (text === null) this.#status.removeAttribute("title");
    if (done) this.#timer = setTimeout(() => { this.#status.hidden = true; }, DONE_FADE_MS);
  }

  /**
   * @param {string} key  data-notice, one notice per key
   * @param {string} text
   * @param {"document" | "session"} scope  document notices go away with the document
   */
  show(key, text, scope) {
    this.#notices.querySelector(`[data-notice="${key}"]`)?.remove();
    const close = h("button", { className: "notice-close", attrs: { type: "button", "aria-label": "Dismiss" }, text: "×" });
    const notice = h("div", { className: "notice", dataset: { notice: key, scope }, attrs: { role: "status" } },
      h("span", { className: "notice-text", text }), close);
    close.addEventListener("click", () => notice.remove());
    this.#notices.append(notice);
  }

  /** @param {"document" | "session"} scope */
  clear(scope) {
    for (const notice of this.#notices.querySelectorAll(`[data-scope="${scope}"]`)) notice.remove();
  }

  /**
   * @param {string} text
   * @param {{href: string, text: string} | null} [link]  a way on from here (the PDF on its own site)
   */
  viewerMessage(text, link = null) {
    const message = this.#viewerMessage;
    message.textContent = text;
    if (link) {
      message.append(" ", h("a", {
        className: "viewer-message-link", text: link.text,
        attrs: { href: link.href, target: "_blank", rel: "noopener noreferrer" },
      }));
    }
    message.hidden = false;
  }

  hideViewerMessage() {
    this.#viewerMessage.hidden = true;
  }
}

/**
 * The status line while links are being made: what is happening now, so a 500-page file's minute is not a
 * silent one. Python's own steps read as one, "Linking citations".
 * @param {string | undefined} stage  an analysis Progress stage (analysis/analysis.js)
 * @param {string} message
 * @param {number} pages
 */
export function progressText(stage, message, pages) {
  if (stage === "extracting" || stage === "loading" || stage === "installing") return `${message}…`;
  if (stage === "cached") return message;
  return pages > 50 ? `Linking citations in ${pages} pages…` : "Linking citations…";
}
