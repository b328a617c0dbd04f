// The citation popover: one element (#citation-popover) for the whole page, anchored under (or above)
// the mention that opened it, 320 px wide. It closes on a click outside, on Esc (focus goes back to the
// mention) and when the document scrolls. A marker citing several entries ([3, 7], (Smith 2019; Lee 2020))
// opens a compact list, one row per entry; a row expands to the single view, which has a way back.
//
// Single view, by reference state (reference-states.js):
//   pending     two skeleton lines, the raw entry as tooltip, actions disabled: never an empty popover
//   unresolved  the parsed entry (title, authors, year), the raw entry in monospace (4 lines at most), a
//               "No match found" pill, "Scholar ↗" (a search on the title, else the raw text) and
//               "Jump to entry"
//   resolved / library: shown like unresolved with their own pill until the resolution stage supplies
//               more to show.
// Every text from the PDF is set with textContent or as an attribute (dom.js).

import { h } from "./dom.js";
import { authorList, referenceLabel, referenceSummary, scholarUrl, yearText } from "./format.js";
import { STATE_LABELS } from "./reference-states.js";

const WIDTH = 320;
const GAP = 6;
const EDGE = 8;

/**
 * @typedef {import("./format.js").Reference} Reference
 * @typedef {import("./reference-states.js").ReferenceStates} ReferenceStates
 * @typedef {{anchor: HTMLElement, refIndexes: number[], title: string, expanded: number | null}} OpenState
 */

export class CitationPopover {
  /** @type {HTMLElement} */ #element;
  /** @type {HTMLElement} */ #scroller;
  /** @type {ReferenceStates} */ #states;
  /** @type {(ref: Reference, anchor: HTMLElement | null) => void} */ #onJump;
  /** @type {Map<number, Reference>} */ #references = new Map();
  /** @type {OpenState | null} */ #open = null;
  #scrollTopAtOpen = 0;

  /**
   * @param {{element: HTMLElement, scroller: HTMLElement, states: ReferenceStates,
   *          onJump: (ref: Reference, anchor: HTMLElement | null) => void}} options
   *   element: #citation-popover; scroller: the document's scrolling element (scrolling it closes the popover)
   */
  constructor({ element, scroller, states, onJump }) {
    this.#element = element;
    this.#scroller = scroller;
    this.#states = states;
    this.#onJump = onJump;
    document.addEventListener("pointerdown", (event) => {
      if (!this.#open) return;
      const target = /** @type {Node} */ (event.target);
      if (this.#element.contains(target) || this.#open.anchor.contains(target)) return;
      this.close({ restoreFocus: false });
    }, true);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.#open) {
        event.preventDefault();
        event.stopPropagation();
        this.close({ restoreFocus: true });
      }
    }, true);
    scroller.addEventListener("scroll", () => {
      if (this.#open && Math.abs(scroller.scrollTop - this.#scrollTopAtOpen) > 2) this.close({ restoreFocus: false });
    }, { passive: true });
    window.addEventListener("resize", () => this.close({ restoreFocus: false }));
    states.addEventListener("change", (event) => {
      const { index } = /** @type {CustomEvent} */ (event).detail;
      if (this.#open && (index === null || this.#open.refIndexes.includes(index))) this.#render();
    });
  }

  get isOpen() { return this.#open !== null; }

  /** @param {Reference[]} references */
  setReferences(references) {
    this.#references = new Map(references.map((r) => [r.index, r]));
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
    this.#open = { anchor, refIndexes: [...refIndexes], title, expanded: refIndexes.length <= 1 ? (refIndexes[0] ?? 0) : null };
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
    open.anchor.setAttribute("aria-expanded", "false");
    open.anchor.classList.remove("active");
    if (restoreFocus && open.anchor.isConnected) open.anchor.focus({ preventScroll: true });
  }

  #render() {
    const open = this.#open;
    if (!open) return;
    const body = open.expanded !== null ? this.#single(open.expanded, open.refIndexes.length > 1) : this.#list(open);
    this.#element.replaceChildren(...body);
    this.#element.setAttribute("aria-label", open.title ? `Citation ${open.title}` : "Citation");
    this.#place(open.anchor);
  }

  /**
   * @param {OpenState} open
   * @returns {HTMLElement[]}
   */
  #list(open) {
    this.#element.dataset.view = "list";
    delete this.#element.dataset.state;
    const rows = open.refIndexes.map((index) => {
      const ref = this.#references.get(index);
      const state = this.#states.get(index);
      const row = h("button", {
        className: "popover-row",
        dataset: { refIndex: index, state },
        attrs: { type: "button", title: ref?.raw ?? null },
      },
      h("span", { className: "row-label", text: ref ? referenceLabel(ref) : `#${index}` }),
      h("span", { className: "row-text", text: ref ? referenceSummary(ref) : "Not in the reference list" }),
      pill(state));
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
    const state = this.#states.get(index);
    this.#element.dataset.view = "single";
    this.#element.dataset.state = ref ? state : "missing";
    const back = fromList ? h("button", {
      className: "popover-back-list",
      attrs: { type: "button", "aria-label": "Back to all references of this citation" },
      text: "‹ All",
    }) : null;
    back?.addEventListener("click", () => {
      if (!this.#open) return;
      this.#open.expanded = null;
      this.#render();
      this.#element.querySelector(`.popover-row[data-ref-index="${index}"]`)?.focus({ preventScroll: true });
    });
    if (!ref) {
      const what = this.#open?.refIndexes.length ? `Entry ${index} is not in the parsed reference list.`
        : "No entry of the reference list matches this citation.";
      return [this.#header(back), h("p", { className: "popover-missing", text: what })];
    }
    const header = this.#header(back, h("span", { className: "popover-label", text: referenceLabel(ref) }), pill(state));
    if (state === "pending") {
      return [
        header,
        h("div", { className: "popover-body popover-skeleton", attrs: { title: ref.raw, "aria-busy": "true" } },
          h("span", { className: "skeleton-line" }), h("span", { className: "skeleton-line short" }),
          h("span", { className: "visually-hidden", text: "Looking up this reference" })),
        this.#actions(ref, true),
      ];
    }
    const meta = [authorList(ref.authors), yearText(ref)].filter(Boolean).join(" · ");
    return [
      header,
      h("div", { className: "popover-body" },
        ref.title ? h("p", { className: "popover-entry-title", text: ref.title }) : null,
        meta ? h("p", { className: "popover-meta", text: meta }) : null,
        h("p", { className: "popover-raw", attrs: { title: ref.raw }, text: ref.raw })),
      this.#actions(ref, false),
    ];
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
   * @param {Reference} ref
   * @param {boolean} disabled
   */
  #actions(ref, disabled) {
    const links = [];
    if (disabled) {
      links.push(h("button", { className: "popover-scholar", attrs: { type: "button", disabled: true }, text: "Scholar ↗" }));
    } else {
      links.push(outbound("popover-scholar", scholarUrl(ref), "Scholar ↗", "Search Google Scholar for this entry"));
      if (ref.doi) links.push(outbound("popover-doi", `https://doi.org/${encodeURI(ref.doi)}`, "DOI ↗", `DOI ${ref.doi}`));
      if (ref.arxiv_id) {
        links.push(outbound("popover-arxiv", `https://arxiv.org/abs/${encodeURIComponent(ref.arxiv_id)}`, "arXiv ↗", `arXiv ${ref.arxiv_id}`));
      }
    }
    const jump = h("button", { className: "popover-jump", attrs: { type: "button", disabled }, text: "Jump to entry" });
    jump.addEventListener("click", () => {
      const anchor = this.#open?.anchor ?? null;
      this.close({ restoreFocus: false });
      this.#onJump(ref, anchor);
    });
    return h("div", { className: "popover-actions" }, ...links, jump);
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

/** @param {import("./reference-states.js").ReferenceState} state */
function pill(state) {
  return h("span", { className: "state-pill", dataset: { state }, text: STATE_LABELS[state] });
}

/**
 * @param {string} className
 * @param {string} href
 * @param {string} text
 * @param {string} label
 */
function outbound(className, href, text, label) {
  return h("a", {
    className: `popover-link ${className}`,
    attrs: { href, target: "_blank", rel: "noopener noreferrer", title: label },
    text,
  });
}
