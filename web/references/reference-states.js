// What is known about each reference beyond the parsed entry: whether a bibliographic index knows it
// (the Resolver, web/analysis/resolver.js) and whether the user's library holds it (web/library/library.js). DOM-free; the
// popover and the sidebar render `info(index)` and follow the "change" events.
//
// States, in order of precedence:
//   library     the parsed entry (entryRef) or the resolved record matches a paper of the library
//   pending     a look-up is running
//   resolved    a record was found (result.record)
//   unresolved  every source answered and none matched ("No match found")
//   failed      a source could not be asked: offline, a rate limit, an HTTP error, no answer in time
//               ("Not looked up: offline"; resolver.js failure()); asked again once a minute has passed
//   idle        not looked up yet (lazy: hovering or opening a citation looks it up)
// Both collaborators are optional and may arrive late (`connect`): without a resolver nothing is looked up,
// without a library nothing is "in library", and the reader works either way.

import { failure } from "../analysis/resolver.js";

/** @typedef {"idle" | "pending" | "resolved" | "library" | "unresolved" | "failed"} ReferenceState */
/**
 * @typedef {import("../analysis/schema.js").Reference} Reference
 * @typedef {import("../analysis/resolver.js").Result} Result
 * @typedef {{state: ReferenceState, result: Result | null, paper: any | null}} ReferenceInfo
 * @typedef {import("../library/library.js").RefKey} RefKey
 */

/** @type {Record<ReferenceState, string>} the pill shown for each state */
const STATE_LABELS = {
  idle: "Not looked up",
  pending: "Looking up…",
  resolved: "Found",
  library: "In library",
  unresolved: "No match found",
  failed: "Not looked up",
};

/** @type {Record<string, string>} a library paper's reading status, as shown */
export const STATUS_LABELS = {
  to_read: "to read",
  reading: "reading",
  read: "read",
  skimmed: "skimmed",
};

/**
 * The pill text of a state; "In library · to read" when the paper's status is known.
 * @param {ReferenceInfo} info
 */
export function pillText(info) {
  if (info.state === "library" && info.paper?.status) {
    return `${STATE_LABELS.library} · ${STATUS_LABELS[info.paper.status] ?? info.paper.status}`;
  }
  if (info.state === "failed") return `${STATE_LABELS.failed}: ${failure(info.result)?.label ?? "look-up failed"}`;
  return STATE_LABELS[info.state];
}

/**
 * The library key of a resolved record (a Record of interfaces: doi, arxiv, title, year, and the match keys
 * the worker computed for it).
 * @param {any} record
 * @returns {RefKey}
 */
function recordKey(record) {
  return { doi: record?.doi ?? null, arxiv: record?.arxiv ?? null, title: record?.title ?? null, year: record?.year ?? null,
    keys: Array.isArray(record?.keys) ? record.keys : undefined };
}

/**
 * What a view shows of an info: equal signatures render the same (results are rebuilt by each read).
 * @param {ReferenceInfo} info
 */
export function signature(info) {
  const r = /** @type {any} */ (info.result);
  return JSON.stringify([info.state, r?.status ?? null, r?.record?.title ?? r?.reason ?? null, r?.record?.doi ?? null,
    info.paper?.id ?? null, info.paper?.status ?? null, info.paper?.updated ?? null]);
}

export class ReferenceStates extends EventTarget {
  /** @type {Map<number, ReferenceInfo>} */ #info = new Map();
  /** @type {Map<number, Reference>} */ #references = new Map();
  /** @type {any} */ #resolver = null;
  /** @type {any} */ #library = null;
  /** @type {((entry: Reference) => RefKey) | null} */ #entryRef = null;
  /** @type {Set<number>} */ #inflight = new Set();
  /** @type {Map<number, number>} the last refresh started per index: an older one never overwrites it */
  #tokens = new Map();
  #document = 0;

  /**
   * Attach the resolver and/or the library (either may be null, and each may be given later).
   * @param {{resolver?: any, library?: any, entryRef?: (entry: Reference) => RefKey}} parts
   */
  connect({ resolver, library, entryRef }) {
    if (resolver && resolver !== this.#resolver) {
      this.#resolver = resolver;
      resolver.addEventListener("change", (/** @type {CustomEvent} */ event) => {
        const index = event.detail?.index;
        if (typeof index === "number" && this.#references.has(index)) this.refresh(index);
      });
    }
    if (entryRef) this.#entryRef = entryRef;
    if (library && library !== this.#library) {
      this.#library = library;
      library.addEventListener("change", () => this.refreshAll());
    }
    this.refreshAll();
  }

  get library() { return this.#library; }
  get resolver() { return this.#resolver; }

  /**
   * A new document: its reference list (analysis.references). States start from the library and what the
   * resolver already knows (its cache), then follow both.
   * @param {Reference[]} references
   */
  setReferences(references) {
    this.#document++;
    this.#references = new Map(references.map((r) => [r.index, r]));
    this.#info.clear();
    this.#inflight.clear();
    this.#emit(null);
    this.refreshAll();
  }

  /** Forget every state (a new document is opening). */
  reset() {
    this.#document++;
    this.#references.clear();
    this.#info.clear();
    this.#inflight.clear();
    this.#emit(null);
  }

  /**
   * @param {number} index  the reference's 1-based index
   * @returns {ReferenceState}
   */
  get(index) {
    return this.info(index).state;
  }

  /**
   * @param {number} index
   * @returns {ReferenceInfo}
   */
  info(index) {
    return this.#info.get(index) ?? { state: "idle", result: null, paper: null };
  }

  /** @param {number} index */
  reference(index) {
    return this.#references.get(index) ?? null;
  }

  /**
   * Put a reference in a state by hand (tools, tests); the next refresh recomputes it.
   * @param {number} index
   * @param {ReferenceState} state
   */
  set(index, state) {
    if (!(state in STATE_LABELS)) throw new TypeError(`unknown reference state ${state}`);
    this.#info.set(index, { ...this.info(index), state });
    this.#emit(index);
  }

  /**
   * Look a reference up (hover, click): pending until the resolver answers. Does nothing when the resolver
   * has nothing to ask (an answer, or a failure less than a minute old), a look-up runs, or there is no resolver.
   * @param {number} index
   */
  async lookup(index) {
    const resolver = this.#resolver;
    if (!resolver || !this.#references.has(index) || this.#inflight.has(index) || resolver.settled(index)) return;
    const doc = this.#document;
    this.#inflight.add(index);
    const info = this.info(index);
    if (info.state !== "library") this.#put(index, { ...info, state: "pending" });
    try {
      await resolver.resolve(index);
    } catch {
      // resolve() never rejects by contract; a broken resolver leaves the entry as it was
    } finally {
      if (doc === this.#document) {
        this.#inflight.delete(index);
        await this.refresh(index);
      }
    }
  }

  /**
   * A paper was just added for this reference: show it as in library at once (the library's own "change"
   * event confirms it a moment later).
   * @param {number} index
   * @param {any} paper
   */
  markInLibrary(index, paper) {
    this.#put(index, { ...this.info(index), state: "library", paper });
  }

  refreshAll() {
    for (const index of this.#references.keys()) this.refresh(index);
  }

  /**
   * Recompute one reference's state from the resolver's result and the library.
   * @param {number} index
   */
  async refresh(index) {
    const entry = this.#references.get(index);
    if (!entry) return;
    const token = (this.#tokens.get(index) ?? 0) + 1;
    this.#tokens.set(index, token);
    const doc = this.#document;
    const result = this.#resolver?.result(index) ?? null;
    let paper = null;
    if (this.#library) {
      try {
        if (result?.status === "resolved") paper = await this.#library.find(recordKey(result.record));
        if (!paper && this.#entryRef) paper = await this.#library.find(this.#entryRef(entry));
      } catch {
        paper = null; // a library that cannot be read counts as empty; the panel reports its error
      }
    }
    if (doc !== this.#document || this.#tokens.get(index) !== token) return;
    /** @type {ReferenceState} */
    let state;
    if (paper) state = "library";
    else if (this.#inflight.has(index) || result?.status === "pending") state = "pending";
    else if (result?.status === "resolved") state = "resolved";
    else if (failure(result)) state = "failed";
    else if (result?.status === "unresolved") state = "unresolved";
    else state = "idle";
    this.#put(index, { state, result: result?.status === "pending" ? null : result, paper: paper ?? null });
  }

  /**
   * @param {number} index
   * @param {ReferenceInfo} next
   */
  #put(index, next) {
    const before = this.#info.get(index);
    this.#info.set(index, next);
    if (before && signature(before) === signature(next)) return;
    this.#emit(index);
  }

  /** @param {number | null} index */
  #emit(index) {
    this.dispatchEvent(new CustomEvent("change", { detail: { index, state: index === null ? null : this.get(index) } }));
  }
}
