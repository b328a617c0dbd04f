// The sidebar: two tabs. Outline lists the PDF's bookmarks (from pdf.js at once, then the analysis'
// outline) or, for a PDF without bookmarks, the headings the analysis detected, titled
// "Sections (detected)". References lists every parsed entry with its state pill: the row scrolls to the
// entry on its page, the chevron opens the citation popover for that entry alone. Pills follow the states
// (looked up, found, "In library · to read") as the resolver and the library change.
//
// A PDF whose own list could not be read may get Crossref's list of the paper instead
// (showCrossrefReferences, from the resolver's "references" events): the rows say where they came from in
// #references-notice (data-source="crossref", data-state = pending | ok | none | failed), and as nothing on
// a page marks those entries, a row opens the entry's popover instead of jumping.

import { h } from "../viewer/dom.js";
import { referenceLabel, referenceSummary } from "./format.js";
import { pillText } from "./reference-states.js";

/**
 * @typedef {import("../analysis/schema.js").Reference} Reference
 * @typedef {import("./reference-states.js").ReferenceStates} ReferenceStates
 * @typedef {{title: string, level: number, page: number, y: number}} OutlineEntry
 * @typedef {"bookmarks" | "detected" | "none"} OutlineSource
 */

const OUTLINE_HEADINGS = /** @type {Record<OutlineSource, string>} */ ({
  bookmarks: "Bookmarks",
  detected: "Sections (detected)",
  none: "Outline",
});

export class Sidebar {
  /** @type {Record<string, HTMLElement>} */ #el;
  /** @type {ReferenceStates} */ #states;
  /** @type {(entry: OutlineEntry, origin: HTMLElement) => void} */ #onOutline;
  /** @type {(ref: Reference, origin: HTMLElement) => void} */ #onReference;
  /** @type {(ref: Reference, anchor: HTMLElement) => void} */ #onDetails;

  /**
   * @param {{states: ReferenceStates,
   *          onOutline: (entry: OutlineEntry, origin: HTMLElement) => void,
   *          onReference: (ref: Reference, origin: HTMLElement) => void,
   *          onDetails: (ref: Reference, anchor: HTMLElement) => void}} options
   */
  constructor({ states, onOutline, onReference, onDetails }) {
    const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
    this.#el = {
      tabOutline: byId("tab-outline"), tabReferences: byId("tab-references"),
      panelOutline: byId("panel-outline"), panelReferences: byId("panel-references"),
      outlineHeading: byId("outline-heading"), outlineEmpty: byId("outline-empty"), outlineList: byId("outline-list"),
      referencesEmpty: byId("references-empty"), referencesList: byId("references-list"),
      referencesCount: byId("references-count"),
    };
    this.#states = states;
    this.#onOutline = onOutline;
    this.#onReference = onReference;
    this.#onDetails = onDetails;
    const tabs = [this.#el.tabOutline, this.#el.tabReferences];
    for (const tab of tabs) {
      tab.addEventListener("click", () => this.selectTab(tab === this.#el.tabOutline ? "outline" : "references"));
      tab.addEventListener("keydown", (event) => {
        if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
        event.preventDefault();
        const other = tab === this.#el.tabOutline ? "references" : "outline";
        this.selectTab(other);
        (other === "outline" ? this.#el.tabOutline : this.#el.tabReferences).focus();
      });
    }
    states.addEventListener("change", (event) => {
      const { index } = /** @type {CustomEvent} */ (event).detail;
      for (const item of this.#el.referencesList.querySelectorAll(".reference-item")) {
        const i = Number(/** @type {HTMLElement} */ (item).dataset.refIndex);
        if (index !== null && i !== index) continue;
        const pill = /** @type {HTMLElement} */ (item.querySelector(".state-pill"));
        const info = states.info(i);
        pill.dataset.state = info.state;
        pill.textContent = pillText(info);
        /** @type {HTMLElement} */ (item).dataset.state = info.state;
      }
    });
  }

  /** @param {"outline" | "references"} name */
  selectTab(name) {
    const outline = name === "outline";
    this.#el.tabOutline.setAttribute("aria-selected", String(outline));
    this.#el.tabReferences.setAttribute("aria-selected", String(!outline));
    this.#el.tabOutline.tabIndex = outline ? 0 : -1;
    this.#el.tabReferences.tabIndex = outline ? -1 : 0;
    this.#el.panelOutline.hidden = !outline;
    this.#el.panelReferences.hidden = outline;
  }

  /** @param {string} message  shown in both panels, e.g. "Opening…" or "No document open." */
  clear(message = "No document open.") {
    this.#el.outlineHeading.textContent = "Outline";
    this.#el.outlineHeading.dataset.source = "";
    this.#el.outlineList.replaceChildren();
    this.#el.outlineEmpty.textContent = message;
    this.#el.outlineEmpty.hidden = false;
    this.#el.referencesList.replaceChildren();
    this.#el.referencesEmpty.textContent = message;
    this.#el.referencesEmpty.hidden = false;
    this.#el.referencesCount.textContent = "";
    this.#setNotice(null);
  }

  /**
   * @param {OutlineEntry[]} entries
   * @param {OutlineSource} source
   * @param {string} [emptyMessage]
   */
  showOutline(entries, source, emptyMessage = "This PDF has no bookmarks and no headings were found.") {
    this.#el.outlineHeading.textContent = OUTLINE_HEADINGS[source] ?? "Outline";
    this.#el.outlineHeading.dataset.source = source;
    const items = entries.map((entry) => {
      const level = Math.max(1, Math.min(6, entry.level));
      const button = h("button", {
        className: "outline-item",
        dataset: { level, page: entry.page },
        attrs: { type: "button", title: `${entry.title} (page ${entry.page})` },
      },
      h("span", { className: "outline-title", text: entry.title }),
      h("span", { className: "outline-page", text: String(entry.page) }));
      button.addEventListener("click", () => this.#onOutline(entry, button));
      return h("li", { dataset: { level } }, button);
    });
    this.#el.outlineList.replaceChildren(...items);
    this.#el.outlineEmpty.textContent = emptyMessage;
    this.#el.outlineEmpty.hidden = items.length > 0;
  }

  /**
   * @param {Reference[]} references
   * @param {string} [emptyMessage]
   */
  showReferences(references, emptyMessage = "No reference list was found in this PDF.") {
    this.#setNotice(null);
    const items = references.map((ref) => {
      const info = this.#states.info(ref.index);
      const jump = h("button", {
        className: "reference-jump",
        attrs: { type: "button", title: ref.raw },
      },
      h("span", { className: "reference-label", text: referenceLabel(ref) }),
      h("span", { className: "reference-body" },
        h("span", { className: "reference-text", text: referenceSummary(ref) }),
        h("span", { className: "state-pill", dataset: { state: info.state }, text: pillText(info) })));
      // Entries from an API (Crossref's list) are on no page: the row shows the entry's details.
      const onPage = typeof ref.page === "number" && ref.page > 0;
      if (!onPage) jump.dataset.action = "details";
      jump.addEventListener("click", () => (onPage ? this.#onReference(ref, jump) : this.#onDetails(ref, jump)));
      const chevron = h("button", {
        className: "reference-chevron",
        attrs: { type: "button", "aria-label": `Details of reference ${referenceLabel(ref)}`, "aria-haspopup": "dialog",
                 "aria-expanded": "false", title: "Details" },
      }, h("span", { className: "icon icon-chevron", attrs: { "aria-hidden": "true" } }));
      chevron.addEventListener("click", () => this.#onDetails(ref, chevron));
      /** @type {Record<string, string | number>} */
      const dataset = { refIndex: ref.index, state: info.state };
      if (onPage && ref.page !== null) dataset.page = ref.page;
      return h("li", { className: "reference-item", dataset }, jump, chevron);
    });
    this.#el.referencesList.replaceChildren(...items);
    this.#el.referencesCount.textContent = references.length ? String(references.length) : "";
    this.#el.referencesEmpty.textContent = emptyMessage;
    this.#el.referencesEmpty.hidden = items.length > 0;
  }

  /** @param {string} message  shown when the outline is empty */
  setOutlineMessage(message) {
    this.#el.outlineEmpty.textContent = message;
    this.#el.outlineEmpty.hidden = this.#el.outlineList.childElementCount > 0;
  }

  /**
   * Crossref's reference list of the paper, for a PDF whose own list could not be read: while it is asked
   * for, once it is there (the rows, resolvable, with a notice saying where they came from), or why there
   * is none.
   * @param {{doi: string, status: "pending" | "ok" | "none" | "failed", references: Reference[],
   *   reason: string | null}} list
   */
  showCrossrefReferences({ doi, status, references, reason }) {
    if (status === "ok" && references.length) {
      this.showReferences(references);
      this.#setNotice(status, `References from Crossref's record of ${doi}: this PDF's own list could not be read.`);
      return;
    }
    this.showReferences([], status === "pending"
      ? `No reference list was found in this PDF. Asking Crossref for the list of ${doi}…`
      : "No reference list was found in this PDF.");
    if (status === "pending") return;
    const why = reason ? ` (${reason})` : "";
    this.#setNotice(status, status === "none"
      ? `No reference list is available: this PDF's own could not be read, and Crossref holds none for ${doi}${why}.`
      : `No reference list is available: this PDF's own could not be read, and Crossref's list for ${doi} `
        + `could not be fetched${why}.`);
  }

  /**
   * The note above the references saying where they came from, or null to remove it.
   * @param {string | null} state
   * @param {string} [text]
   */
  #setNotice(state, text = "") {
    this.#el.panelReferences.querySelector("#references-notice")?.remove();
    if (state === null) return;
    const notice = h("p", {
      className: "panel-empty references-notice",
      dataset: { source: "crossref", state },
      attrs: { id: "references-notice", role: "status" },
      text,
    });
    this.#el.referencesEmpty.before(notice);
  }

  /** @param {string} message */
  setReferencesMessage(message) {
    this.#el.referencesEmpty.textContent = message;
    this.#el.referencesEmpty.hidden = this.#el.referencesList.childElementCount > 0;
  }
}
