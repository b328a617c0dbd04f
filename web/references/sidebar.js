// The sidebar: two tabs. Outline lists the PDF's bookmarks (from pdf.js at once, then the analysis'
// outline) or, for a PDF without bookmarks that name its sections (none, or pages, figures, one title on every
// page), the headings the analysis detected, titled "Sections (detected)". References lists every parsed entry
// as Zotero's item list does: one line of label (the printed "[12]" with its authors and year, or
// "Smith et al. 2019"), then the title (the raw text when none was parsed), then its state pill: the row
// scrolls to the entry on its page, the chevron opens the citation popover for that entry alone. Pills follow
// the states (looked up, found, "In library · to read") as the resolver and the library change. Titles are
// shown as displayTitle() makes them: odd spaces and characters the UI font lacks would show as missing-glyph
// boxes.
//
// Keyboard: the sidebar is one Tab stop (a roving tabindex over the selected tab and the visible list's
// rows): ArrowDown / ArrowUp move, Home / End go to the tab / the last row, ArrowLeft / ArrowRight switch
// tabs on a tab and go between a reference row and its chevron, Enter or Space activates.
//
// A PDF whose own list could not be read may get Crossref's list of the paper instead
// (showCrossrefReferences, from the resolver's "references" events): the rows say where they came from in
// #references-notice (data-source="crossref", data-state = pending | ok | none | failed), and as nothing on
// a page marks those entries, a row opens the entry's popover instead of jumping. A book's or a thesis's lists, one
// closing each chapter and each numbered from 1, are grouped: a row naming the chapter opens each.

import { h } from "../viewer/dom.js";
import { displayTitle, listName, referenceByline, referenceLabel, referenceTitle } from "./format.js";
import { pillText } from "./reference-states.js";

/**
 * @typedef {import("../analysis/schema.js").Reference} Reference
 * @typedef {import("../analysis/schema.js").ReferenceListPart} ReferenceListPart
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
    }
    // scrolling panels are not Tab stops of their own (Chromium makes a scroller without focusable content one)
    for (const panel of [this.#el.panelOutline, this.#el.panelReferences]) panel.tabIndex = -1;
    const sidebar = /** @type {HTMLElement} */ (this.#el.tabOutline.closest("aside") ?? this.#el.panelOutline.parentElement);
    sidebar.addEventListener("keydown", (event) => this.#key(event));
    sidebar.addEventListener("focusin", (event) => {
      const target = /** @type {HTMLElement} */ (event.target);
      if (this.#stops().includes(target)) this.#rove(target);
    });
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
    this.#rove(outline ? this.#el.tabOutline : this.#el.tabReferences);
  }

  /** The sidebar's roving stops, in order: the selected tab, then the visible list's rows. */
  #stops() {
    const outline = this.#el.tabOutline.getAttribute("aria-selected") === "true";
    const tab = outline ? this.#el.tabOutline : this.#el.tabReferences;
    const list = outline ? this.#el.outlineList : this.#el.referencesList;
    return [tab, .../** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll(outline ? ".outline-item" : ".reference-jump"))];
  }

  /**
   * Make `current` the sidebar's one Tab stop (tabindex 0); every other tab, row and chevron -1.
   * @param {HTMLElement} current
   */
  #rove(current) {
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (this.#el.tabOutline.closest("aside")?.querySelectorAll(
      ".tab, .outline-item, .reference-jump, .reference-chevron") ?? [])) {
      el.tabIndex = el === current ? 0 : -1;
    }
  }

  /** @param {KeyboardEvent} event */
  #key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = /** @type {HTMLElement} */ (event.target);
    const stops = this.#stops();
    const chevron = target.classList.contains("reference-chevron");
    const at = stops.indexOf(chevron ? /** @type {HTMLElement} */ (target.previousElementSibling) : target);
    if (at < 0) return;
    /** @type {HTMLElement | null} */
    let next;
    if (event.key === "ArrowDown") next = stops[Math.min(at + 1, stops.length - 1)];
    else if (event.key === "ArrowUp") next = stops[Math.max(at - 1, 0)];
    else if (event.key === "Home") next = stops[0];
    else if (event.key === "End") next = stops[stops.length - 1];
    else if ((event.key === "ArrowLeft" || event.key === "ArrowRight") && target.classList.contains("tab")) {
      const other = target === this.#el.tabOutline ? "references" : "outline";
      this.selectTab(other);
      next = other === "outline" ? this.#el.tabOutline : this.#el.tabReferences;
    } else if (event.key === "ArrowRight" && target.classList.contains("reference-jump")) {
      next = /** @type {HTMLElement | null} */ (target.nextElementSibling);
    } else if (event.key === "ArrowLeft" && chevron) {
      next = /** @type {HTMLElement | null} */ (target.previousElementSibling);
    } else return;
    event.preventDefault();
    if (!next) return;
    this.#rove(next);
    next.focus();
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
      const title = displayTitle(entry.title);
      const button = h("button", {
        className: "outline-item",
        dataset: { level, page: entry.page },
        attrs: { type: "button", title: `${title} (page ${entry.page})`, tabindex: "-1" },
      },
      h("span", { className: "outline-title", text: title }),
      h("span", { className: "outline-page", text: String(entry.page) }));
      button.addEventListener("click", () => this.#onOutline(entry, button));
      return h("li", { dataset: { level } }, button);
    });
    this.#el.outlineList.replaceChildren(...items);
    this.#roveSelected();
    this.#el.outlineEmpty.textContent = emptyMessage;
    this.#el.outlineEmpty.hidden = items.length > 0;
  }

  /**
   * @param {Reference[]} references
   * @param {{lists?: ReferenceListPart[], emptyMessage?: string}} [options]  lists: a book's or a thesis's lists,
   *   one closing each chapter (the analysis' reference_lists): each opens with a row naming its chapter
   */
  showReferences(references, { lists = [], emptyMessage = "No reference list was found in this PDF." } = {}) {
    this.#setNotice(null);
    const opening = new Map(lists.map((list, k) => [list.first, { list, k }]));
    const items = references.flatMap((ref) => {
      const info = this.#states.info(ref.index);
      const byline = referenceByline(ref);
      const jump = h("button", {
        className: "reference-jump",
        attrs: { type: "button", title: ref.raw, tabindex: "-1" },
      },
      h("span", { className: "reference-head" },
        h("span", { className: "reference-label", text: referenceLabel(ref) }),
        byline ? h("span", { className: "reference-byline", text: byline }) : null),
      h("span", { className: "reference-text", text: displayTitle(referenceTitle(ref)) }),
      h("span", { className: "state-pill", dataset: { state: info.state }, text: pillText(info) }));
      // Entries from an API (Crossref's list) are on no page: the row shows the entry's details.
      const onPage = typeof ref.page === "number" && ref.page > 0;
      if (!onPage) jump.dataset.action = "details";
      jump.addEventListener("click", () => (onPage ? this.#onReference(ref, jump) : this.#onDetails(ref, jump)));
      const chevron = h("button", {
        className: "reference-chevron",
        attrs: { type: "button", "aria-label": `Details of reference ${referenceLabel(ref)}`, "aria-haspopup": "dialog",
                 "aria-expanded": "false", title: "Details", tabindex: "-1" },
      }, h("span", { className: "icon icon-chevron", attrs: { "aria-hidden": "true" } }));
      chevron.addEventListener("click", () => this.#onDetails(ref, chevron));
      /** @type {Record<string, string | number>} */
      const dataset = { refIndex: ref.index, state: info.state };
      if (onPage && ref.page !== null) dataset.page = ref.page;
      const row = h("li", { className: "reference-item", dataset }, jump, chevron);
      const group = opening.get(ref.index);
      return group ? [this.#groupRow(group.list, group.k), row] : [row];
    });
    this.#el.referencesList.replaceChildren(...items);
    this.#roveSelected();
    this.#el.referencesList.dataset.lists = String(lists.length);
    this.#el.referencesCount.textContent = references.length ? String(references.length) : "";
    this.#el.referencesEmpty.textContent = emptyMessage;
    this.#el.referencesEmpty.hidden = items.length > 0;
  }

  /**
   * The row opening one of a book's lists: its chapter's heading (or "List 2" where the outline names none),
   * the entries it holds and the page it starts on. Not a stop of the keyboard's: it leads nowhere.
   * @param {ReferenceListPart} list
   * @param {number} k  0-based
   */
  #groupRow(list, k) {
    const title = listName(list, k);
    const span = `${list.first}–${list.last} · p. ${list.page}`;
    return h("li", {
      className: "reference-group",
      dataset: { first: list.first, last: list.last },
      attrs: { title: `${title}: entries ${list.first}–${list.last}, from page ${list.page}` },
    },
    h("span", { className: "reference-group-title", text: title }),
    h("span", { className: "reference-group-span", text: span }));
  }

  /** New rows: the Tab stop stays where focus is, else goes back to the selected tab. */
  #roveSelected() {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    if (active && this.#stops().includes(active)) return;
    this.#rove(this.#el.tabOutline.getAttribute("aria-selected") === "true" ? this.#el.tabOutline : this.#el.tabReferences);
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
    this.showReferences([], { emptyMessage: status === "pending"
      ? `No reference list was found in this PDF. Asking Crossref for the list of ${doi}…`
      : "No reference list was found in this PDF." });
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
