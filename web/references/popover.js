// The citation popover: one element (#citation-popover) for the whole page, anchored under (or above)
// the mention that opened it, 320 px wide. It is a dialog: Tab and Shift+Tab cycle through its controls,
// focus stays inside until Esc, which closes it and puts focus back on the mention (or sidebar chevron)
// that opened it. It also closes on a click outside and when the document scrolls. A marker citing
// several entries ([3, 7], (Smith 2019; Lee 2020)) opens a compact list, one row per entry; a row expands
// to the single view, which has a way back.
//
// Single view, by reference state (reference-states.js):
//   pending, idle, unresolved, failed  the parsed entry at once, whatever the look-up is doing: title,
//               authors · year, the raw entry in monospace (4 lines at most); Read later (primary), Add to
//               list ▾, Cite ▾ (all from the parsed entry), Scholar, DOI, arXiv, Jump to entry; the pill
//               says "Looking up…", "No match found" or "Not looked up: offline" (failed: why, in
//               .popover-reason too), and unresolved / failed add Add manually (a form prefilled from the entry)
//   resolved    the record, which refines the card when the look-up answers: title, authors (3 + "+N"),
//               year · venue · cited by N; Read later (primary), Add to list ▾, PDF (open-access only),
//               Cite ▾; links to the source, Scholar, DOI
//   library     the paper as the library holds it, "In library · <status>"; Open in reader (with a PDF
//               link), Link papers (this paper cites that one; hidden once linked), Cite ▾
// Read later and Add to list flip the popover to the library view from what it already holds: no refetch.
// Every text from the PDF or an API is set with textContent or as an attribute (dom.js).

import { h } from "../viewer/dom.js";
import {
  SOURCE_NAMES, authorList, authorsShort, listName, recordMeta, referenceLabel, referenceSummary, scholarTitleUrl,
  scholarUrl, yearText,
} from "./format.js";
import { listTree, menuButton } from "./menus.js";
import { paperForm } from "./paper-form.js";
import { pillText, signature } from "./reference-states.js";

const WIDTH = 320;
const GAP = 6;
const EDGE = 8;

/** @type {[string, string][]} Cite menu: style → label */
const CITE_STYLES = [["bibtex", "BibTeX"], ["ris", "RIS"], ["apa", "APA"], ["mla", "MLA"], ["chicago", "Chicago"]];

/**
 * @typedef {import("../analysis/schema.js").Reference} Reference
 * @typedef {import("../analysis/schema.js").ReferenceListPart} ReferenceListPart
 * @typedef {import("./reference-states.js").ReferenceStates} ReferenceStates
 * @typedef {import("./reference-states.js").ReferenceInfo} ReferenceInfo
 * @typedef {import("./paper-form.js").PaperFields} PaperFields
 * @typedef {{anchor: HTMLElement, refIndexes: number[], title: string, expanded: number | null,
 *            form: number | null, shown: string}} OpenState
 *   form: the entry whose "Add manually" form is open; shown: the signature of what is on screen
 * @typedef {{
 *   hasLibrary: () => boolean,
 *   readLater: (index: number, listId?: string | null) => Promise<void>,
 *   lists: () => Promise<{id: string, name: string, parent: string | null}[]>,
 *   createList: (name: string) => Promise<{id: string}>,
 *   cite: (index: number, style: string) => Promise<string>,
 *   hasLink: (index: number) => Promise<boolean>,
 *   linkPapers: (index: number) => Promise<void>,
 *   openPdf: (url: string) => void,
 *   saveManual: (index: number, fields: PaperFields, status: string) => Promise<void>,
 * }} PopoverActions  what the buttons do (web/references/paper-actions.js)
 */

export class CitationPopover {
  /** @type {HTMLElement} */ #element;
  /** @type {HTMLElement} */ #scroller;
  /** @type {ReferenceStates} */ #states;
  /** @type {(ref: Reference, anchor: HTMLElement | null) => void} */ #onJump;
  /** @type {PopoverActions | null} */ #actions;
  /** @type {Map<number, Reference>} */ #references = new Map();
  /** @type {Map<number, string>} */ #lists = new Map();  // entry index -> its list's chapter, where there are lists
  /** @type {OpenState | null} */ #open = null;
  #scrollTopAtOpen = 0;

  /**
   * @param {{element: HTMLElement, scroller: HTMLElement, states: ReferenceStates,
   *          onJump: (ref: Reference, anchor: HTMLElement | null) => void, actions?: PopoverActions | null}} options
   *   element: #citation-popover; scroller: the document's scrolling element (scrolling it closes the popover)
   */
  constructor({ element, scroller, states, onJump, actions = null }) {
    this.#element = element;
    this.#scroller = scroller;
    this.#states = states;
    this.#onJump = onJump;
    this.#actions = actions;
    document.addEventListener("pointerdown", (event) => {
      if (!this.#open) return;
      const target = /** @type {Node} */ (event.target);
      if (this.#element.contains(target) || this.#open.anchor.contains(target)) return;
      this.close({ restoreFocus: false });
    }, true);
    element.addEventListener("keydown", (event) => {
      if (event.key === "Tab" && this.#open) this.#trapTab(event);
    });
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !this.#open) return;
      // Esc in a menu or the form closes that first (menus.js handles it on the way down)
      if (this.#element.querySelector(".menu[data-open]") && this.#element.contains(/** @type {Node} */ (event.target))) return;
      event.preventDefault();
      event.stopPropagation();
      this.close({ restoreFocus: true });
    }, true);
    scroller.addEventListener("scroll", () => {
      if (this.#open && Math.abs(scroller.scrollTop - this.#scrollTopAtOpen) > 2) this.close({ restoreFocus: false });
    }, { passive: true });
    window.addEventListener("resize", () => this.close({ restoreFocus: false }));
    states.addEventListener("change", (event) => {
      const { index } = /** @type {CustomEvent} */ (event).detail;
      const open = this.#open;
      if (!open || open.form !== null) return; // never wipe a form being filled in
      if (index !== null && !open.refIndexes.includes(index)) return;
      if (this.#signature() !== open.shown) this.#render();
    });
  }

  get isOpen() { return this.#open !== null; }

  /**
   * @param {Reference[]} references
   * @param {ReferenceListPart[]} [lists]  a book's or a thesis's lists, one per chapter (the analysis'
   *   reference_lists): an entry's header names its list, as each list numbers its entries from 1
   */
  setReferences(references, lists = []) {
    this.#references = new Map(references.map((r) => [r.index, r]));
    this.#lists = new Map(lists.flatMap((list, k) => {
      const name = listName(list, k);
      return Array.from({ length: list.last - list.first + 1 }, (_, i) => [list.first + i, name]);
    }));
  }

  /** @param {PopoverActions} actions */
  setActions(actions) {
    this.#actions = actions;
  }

  /**
   * @param {{anchor: HTMLElement, refIndexes: number[], title?: string}} options
   *   anchor: the mention (or sidebar chevron) it belongs to; title: the marker text, e.g. "[3, 7]"
   */
  open({ anchor, refIndexes, title = "" }) {
    if (this.#open?.anchor === anchor) {
      this.close({ restoreFocus: false });
      return;
    }
    this.close({ restoreFocus: false });
    this.#open = {
      anchor, refIndexes: [...refIndexes], title, expanded: refIndexes.length <= 1 ? (refIndexes[0] ?? 0) : null,
      form: null, shown: "",
    };
    for (const index of refIndexes) this.#states.lookup(index);
    this.#scrollTopAtOpen = this.#scroller.scrollTop;
    anchor.setAttribute("aria-expanded", "true");
    anchor.classList.add("active");
    this.#element.hidden = false;
    this.#render();
    this.#element.focus({ preventScroll: true });
  }

  /** @param {{restoreFocus?: boolean}} [options] */
  close({ restoreFocus = false } = {}) {
    const open = this.#open;
    if (!open) return;
    this.#open = null;
    this.#element.hidden = true;
    this.#element.replaceChildren();
    delete this.#element.dataset.view;
    delete this.#element.dataset.state;
    delete this.#element.dataset.refIndex;
    open.anchor.setAttribute("aria-expanded", "false");
    open.anchor.classList.remove("active");
    if (restoreFocus && open.anchor.isConnected) open.anchor.focus({ preventScroll: true });
  }

  /** What the open popover shows, as a string: re-rendered only when it changes. */
  #signature() {
    const open = this.#open;
    if (!open) return "";
    const shown = open.expanded !== null ? [open.expanded] : open.refIndexes;
    return JSON.stringify([open.expanded, open.form, ...shown.map((i) => signature(this.#states.info(i)))]);
  }

  #render() {
    const open = this.#open;
    if (!open) return;
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const hadFocus = this.#element.contains(active) && active !== this.#element;
    const body = open.expanded !== null ? this.#single(open.expanded, open.refIndexes.length > 1) : this.#list(open);
    this.#element.replaceChildren(...body);
    open.shown = this.#signature();
    this.#element.setAttribute("aria-label", open.title ? `Citation ${open.title}` : "Citation");
    this.#place(open.anchor);
    // the focused control was replaced (the look-up answered): focus its successor, else the dialog
    if (hadFocus && !this.#element.contains(document.activeElement)) {
      const first = active?.classList[0];
      const same = first ? /** @type {HTMLElement | null} */ (this.#element.querySelector(`.${CSS.escape(first)}`)) : null;
      (same ?? this.#element).focus({ preventScroll: true });
    }
  }

  /**
   * @param {OpenState} open
   * @returns {HTMLElement[]}
   */
  #list(open) {
    this.#element.dataset.view = "list";
    delete this.#element.dataset.state;
    delete this.#element.dataset.refIndex;
    const rows = open.refIndexes.map((index) => {
      const ref = this.#references.get(index);
      const info = this.#states.info(index);
      const record = info.paper ?? (info.result?.status === "resolved" ? info.result.record : null);
      const row = h("button", {
        className: "popover-row",
        dataset: { refIndex: index, state: info.state },
        attrs: { type: "button", title: ref?.raw ?? null },
      },
      h("span", { className: "row-label", text: ref ? referenceLabel(ref) : `#${index}` }),
      h("span", { className: "row-text", text: record?.title ?? (ref ? referenceSummary(ref) : "Not in the reference list") }),
      pill(info));
      row.addEventListener("click", () => {
        open.expanded = index;
        this.#render();
        this.#element.querySelector("button")?.focus({ preventScroll: true });
      });
      return h("li", {}, row);
    });
    return [
      this.#header(h("span", { className: "popover-title-count", text: `${open.refIndexes.length} references` })),
      h("ul", { className: "popover-list" }, ...rows),
    ];
  }

  /**
   * @param {number} index
   * @param {boolean} fromList
   * @returns {HTMLElement[]}
   */
  #single(index, fromList) {
    const ref = this.#references.get(index);
    const info = this.#states.info(index);
    const open = /** @type {OpenState} */ (this.#open);
    this.#element.dataset.view = "single";
    this.#element.dataset.state = ref ? info.state : "missing";
    this.#element.dataset.refIndex = String(index);
    const back = fromList ? h("button", {
      className: "popover-back-list",
      attrs: { type: "button", "aria-label": "Back to all references of this citation" },
      text: "‹ All",
    }) : null;
    back?.addEventListener("click", () => {
      if (!this.#open) return;
      this.#open.expanded = null;
      this.#open.form = null;
      this.#render();
      /** @type {HTMLElement | null} */ (this.#element.querySelector(`.popover-row[data-ref-index="${index}"]`))?.focus({ preventScroll: true });
    });
    if (!ref) {
      const what = open.refIndexes.length ? `Entry ${index} is not in the parsed reference list.`
        : "No entry of the reference list matches this citation.";
      return [this.#header(back), h("p", { className: "popover-missing", text: what })];
    }
    const list = this.#lists.get(index);
    const header = this.#header(back, h("span", { className: "popover-label", text: referenceLabel(ref) }),
      list ? h("span", { className: "popover-list", attrs: { title: `In the list of ${list}` }, text: list }) : null,
      pill(info));
    if (open.form === index) return [header, this.#form(index, ref)];
    if (info.state === "resolved" || info.state === "library") return [header, ...this.#recordView(index, ref, info)];
    return [header, ...this.#entryView(index, ref, info)];
  }

  /**
   * Tab and Shift+Tab go round the popover's controls: past the last comes the first.
   * @param {KeyboardEvent} event
   */
  #trapTab(event) {
    const focusable = [...this.#element.querySelectorAll(
      "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])")]
      .filter((el) => /** @type {HTMLElement} */ (el).offsetParent !== null || el === document.activeElement);
    event.preventDefault();
    if (!focusable.length) return;
    const at = focusable.indexOf(/** @type {Element} */ (document.activeElement));
    const step = event.shiftKey ? -1 : 1;
    const next = at < 0 ? (event.shiftKey ? focusable.length - 1 : 0) : (at + step + focusable.length) % focusable.length;
    /** @type {HTMLElement} */ (focusable[next]).focus({ preventScroll: true });
  }

  /**
   * The parsed entry, shown at once: while it is looked up, when nothing matched, when it could not be
   * looked up. Every action works from the entry alone.
   * @param {number} index
   * @param {Reference} ref
   * @param {ReferenceInfo} info
   */
  #entryView(index, ref, info) {
    const meta = [authorList(ref.authors), yearText(ref)].filter(Boolean).join(" · ");
    const reason = info.state === "failed" ? `${pillText(info)}. Opened again after a minute, it is looked up again.` : "";
    const actions = this.#actions;
    const buttons = [];
    if (actions?.hasLibrary()) buttons.push(...this.#saveButtons(index));
    if (actions?.hasLibrary() && (info.state === "unresolved" || info.state === "failed")) {
      const add = h("button", { className: "popover-add-manually", attrs: { type: "button" }, text: "Add manually" });
      add.addEventListener("click", () => {
        if (!this.#open) return;
        this.#open.form = index;
        this.#render();
      });
      buttons.push(add);
    }
    if (actions) buttons.push(this.#citeMenu(index));
    return [
      h("div", { className: "popover-body", attrs: { "aria-busy": info.state === "pending" ? "true" : null } },
        ref.title ? h("p", { className: "popover-entry-title", text: ref.title }) : null,
        meta ? h("p", { className: "popover-meta", text: meta }) : null,
        h("p", { className: "popover-raw", attrs: { title: ref.raw }, text: ref.raw }),
        reason ? h("p", { className: "popover-reason", text: reason }) : null),
      buttons.length ? h("div", { className: "popover-buttons" }, ...buttons) : null,
      h("p", { className: "popover-feedback", attrs: { role: "status", "aria-live": "polite" } }),
      this.#entryActions(ref),
    ].filter((e) => e !== null);
  }

  /**
   * Read later (primary) and Add to list ▾: from the record when one was found, else from the parsed entry.
   * @param {number} index
   */
  #saveButtons(index) {
    const actions = /** @type {PopoverActions} */ (this.#actions);
    const later = h("button", { className: "popover-read-later primary", attrs: { type: "button" }, text: "Read later" });
    later.addEventListener("click", () => this.#run(later, () => actions.readLater(index)));
    const toList = menuButton({
      className: "popover-add-to-list", label: "Add to list ▾", title: "Add to a reading list", menuClass: "list-menu",
      items: async () => {
        const lists = await actions.lists().catch(() => []);
        return [
          ...listTree(lists).map(({ list, depth }) => ({
            label: list.name, depth, className: "list-choice", dataset: { listId: list.id },
            onSelect: () => this.#run(null, () => actions.readLater(index, list.id)),
          })),
          { input: { placeholder: "New list…", label: "New list name", className: "list-new",
            onSubmit: (/** @type {string} */ name) => this.#run(null, async () => {
              const list = await actions.createList(name);
              await actions.readLater(index, list.id);
            }) } },
        ];
      },
    });
    return [later, toList];
  }

  /**
   * A resolved record, or the library's paper.
   * @param {number} index
   * @param {Reference} ref
   * @param {ReferenceInfo} info
   */
  #recordView(index, ref, info) {
    const record = info.result?.status === "resolved" ? info.result.record : null;
    const item = info.paper ?? record;
    const inLibrary = info.state === "library";
    const title = item?.title || ref.title || ref.raw;
    const meta = recordMeta({ year: item?.year ?? ref.year, venue: item?.venue ?? null, cited_by: item?.cited_by ?? null });
    const authors = item?.authors?.length ? authorsShort(item.authors, 3) : authorsShort(ref.authors, 3);
    const pdfUrl = safeHttpUrl(item?.pdf_url ?? record?.pdf_url ?? null);
    const actions = this.#actions;
    const buttons = [];
    if (actions?.hasLibrary() && !inLibrary) buttons.push(...this.#saveButtons(index));
    if (pdfUrl && actions) {
      const label = inLibrary ? "Open in reader" : "PDF";
      const pdf = h("button", {
        className: inLibrary ? "popover-open-reader" : "popover-pdf",
        attrs: { type: "button", title: `Open ${pdfUrl} in this reader (new tab)` }, text: label,
      });
      pdf.addEventListener("click", () => actions.openPdf(pdfUrl));
      buttons.push(pdf);
    }
    if (inLibrary && actions?.hasLibrary()) {
      const link = h("button", {
        className: "popover-link-papers", attrs: { type: "button", title: "Record that this paper cites that one" },
        text: "Link papers",
      });
      link.hidden = true; // shown once we know the relation does not exist yet
      actions.hasLink(index).then((linked) => { link.hidden = linked; }, () => {});
      link.addEventListener("click", () => this.#run(link, async () => {
        await actions.linkPapers(index);
        link.replaceWith(h("span", { className: "popover-linked", attrs: { role: "status" }, text: "Linked ✓" }));
      }, { keep: true }));
      buttons.push(link);
    }
    if (actions && item) buttons.push(this.#citeMenu(index));

    const links = [];
    const source = record?.source ?? item?.record_source;
    const sourceUrl = record?.source_url ?? item?.source_url;
    if (sourceUrl && SOURCE_NAMES[source]) {
      links.push(outbound("popover-source", sourceUrl, `${SOURCE_NAMES[source]} ↗`, `This record at ${SOURCE_NAMES[source]}`));
    }
    links.push(outbound("popover-scholar", scholarTitleUrl(title), "Scholar ↗", "Search Google Scholar for this title"));
    const doi = item?.doi ?? ref.doi;
    if (doi) links.push(outbound("popover-doi", `https://doi.org/${encodeURI(doi)}`, "DOI ↗", `DOI ${doi}`));
    const arxiv = item?.arxiv ?? ref.arxiv_id;
    if (arxiv) links.push(outbound("popover-arxiv", `https://arxiv.org/abs/${encodeURIComponent(arxiv)}`, "arXiv ↗", `arXiv ${arxiv}`));
    links.push(this.#jump(ref));

    return [
      h("div", { className: "popover-body" },
        h("p", { className: "popover-entry-title", text: title }),
        authors ? h("p", { className: "popover-authors", text: authors }) : null,
        meta ? h("p", { className: "popover-meta", text: meta }) : null),
      buttons.length ? h("div", { className: "popover-buttons" }, ...buttons) : null,
      h("p", { className: "popover-feedback", attrs: { role: "status", "aria-live": "polite" } }),
      h("div", { className: "popover-actions popover-footer" }, ...links),
    ].filter((e) => e !== null);
  }

  /** @param {number} index */
  #citeMenu(index) {
    const actions = /** @type {PopoverActions} */ (this.#actions);
    return menuButton({
      className: "popover-cite", label: "Cite ▾", title: "Copy a citation", menuClass: "cite-menu",
      items: () => CITE_STYLES.map(([style, label]) => ({
        label, className: "cite-choice", dataset: { style },
        onSelect: () => this.#run(null, async () => {
          const text = await actions.cite(index, style);
          await this.#copy(text, label);
        }),
      })),
    });
  }

  /**
   * Copy to the clipboard and say so; where the clipboard is refused, show the text selected in a
   * read-only box for Ctrl+C.
   * @param {string} text
   * @param {string} label
   */
  async #copy(text, label) {
    const feedback = this.#element.querySelector(".popover-feedback");
    if (!feedback) return;
    this.#element.querySelector(".popover-copy-fallback")?.remove();
    try {
      await navigator.clipboard.writeText(text);
      feedback.textContent = `Copied ${label}`;
      feedback.className = "popover-feedback popover-copied";
    } catch {
      feedback.textContent = `The clipboard is not available: select and copy the ${label} below.`;
      feedback.className = "popover-feedback";
      const box = /** @type {HTMLTextAreaElement} */ (h("textarea", {
        className: "popover-copy-fallback", attrs: { readonly: true, rows: 5, "aria-label": `${label} citation` },
      }));
      box.value = text;
      feedback.after(box);
      box.focus({ preventScroll: true });
      box.select();
    }
  }

  /**
   * Run an action with its button disabled; a failure is shown in the popover, never thrown away.
   * @param {HTMLElement | null} button
   * @param {() => Promise<void>} action
   * @param {{keep?: boolean}} [options]
   */
  async #run(button, action, { keep = false } = {}) {
    button?.setAttribute("disabled", "");
    try {
      await action();
    } catch (error) {
      const feedback = this.#element.querySelector(".popover-feedback");
      if (feedback) {
        feedback.textContent = `Failed: ${/** @type {Error} */ (error)?.message ?? error}`;
        feedback.className = "popover-feedback popover-error";
      }
    } finally {
      if (!keep) button?.removeAttribute("disabled");
    }
  }

  /**
   * @param {number} index
   * @param {Reference} ref
   */
  #form(index, ref) {
    const actions = /** @type {PopoverActions} */ (this.#actions);
    return paperForm({
      entry: ref,
      onSave: async (fields, status) => {
        await actions.saveManual(index, fields, status);
        if (!this.#open) return;
        this.#open.form = null;
        this.#render();
      },
      onCancel: () => {
        if (!this.#open) return;
        this.#open.form = null;
        this.#render();
        /** @type {HTMLElement | null} */ (this.#element.querySelector(".popover-add-manually"))?.focus({ preventScroll: true });
      },
    });
  }

  /**
   * @param {...(HTMLElement | null)} children
   */
  #header(...children) {
    const close = h("button", { className: "popover-close", attrs: { type: "button", "aria-label": "Close" }, text: "×" });
    close.addEventListener("click", () => this.close({ restoreFocus: true }));
    return h("div", { className: "popover-header" }, ...children, close);
  }

  /**
   * Links under a parsed entry: Scholar (its title, else the raw text), DOI, arXiv, Jump to entry.
   * @param {Reference} ref
   */
  #entryActions(ref) {
    const links = [outbound("popover-scholar", scholarUrl(ref), "Scholar ↗", "Search Google Scholar for this entry")];
    if (ref.doi) links.push(outbound("popover-doi", `https://doi.org/${encodeURI(ref.doi)}`, "DOI ↗", `DOI ${ref.doi}`));
    if (ref.arxiv_id) {
      links.push(outbound("popover-arxiv", `https://arxiv.org/abs/${encodeURIComponent(ref.arxiv_id)}`, "arXiv ↗", `arXiv ${ref.arxiv_id}`));
    }
    return h("div", { className: "popover-actions popover-footer" }, ...links, this.#jump(ref));
  }

  /**
   * "Jump to entry", or null for an entry on no page (Crossref's list of a PDF whose own was unreadable).
   * @param {Reference} ref
   */
  #jump(ref) {
    if (!(typeof ref.page === "number" && ref.page > 0)) return null;
    const jump = h("button", { className: "popover-jump", attrs: { type: "button" }, text: "Jump to entry" });
    jump.addEventListener("click", () => {
      const anchor = this.#open?.anchor ?? null;
      this.close({ restoreFocus: false });
      this.#onJump(ref, anchor);
    });
    return jump;
  }

  /** @param {HTMLElement} anchor */
  #place(anchor) {
    const rect = anchor.getBoundingClientRect();
    const width = Math.min(WIDTH, window.innerWidth - 2 * EDGE);
    const style = this.#element.style;
    style.width = `${width}px`;
    style.left = `${Math.max(EDGE, Math.min(rect.left, window.innerWidth - width - EDGE))}px`;
    style.top = "0px";
    const height = this.#element.offsetHeight;
    const below = rect.bottom + GAP;
    const above = rect.top - GAP - height;
    const top = below + height <= window.innerHeight - EDGE || above < EDGE ? below : above;
    style.top = `${Math.max(EDGE, top)}px`;
    this.#element.dataset.placement = top === below ? "below" : "above";
  }
}

/** @param {ReferenceInfo} info */
function pill(info) {
  return h("span", { className: "state-pill", dataset: { state: info.state }, text: pillText(info) });
}

/**
 * An API's URL as a link target only when it is http(s): a `javascript:` URL in a record stays unused.
 * @param {string | null} value
 */
export function safeHttpUrl(value) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * @param {string} className
 * @param {string} href
 * @param {string} text
 * @param {string} label
 */
function outbound(className, href, text, label) {
  const safe = safeHttpUrl(href);
  return h("a", {
    className: `popover-link ${className}`,
    attrs: { href: safe, target: "_blank", rel: "noopener noreferrer", title: label },
    text,
  });
}
