// What is known about each reference beyond the parsed entry: looked up against a bibliographic index or
// not. Until the resolution stage exists every entry is "unresolved"; the popover and the sidebar already
// render all four states and follow changes, so a resolver only has to call `set`.

/** @typedef {"pending" | "resolved" | "library" | "unresolved"} ReferenceState */

/** @type {Record<ReferenceState, string>} the pill shown for each state */
export const STATE_LABELS = {
  pending: "Looking up…",
  resolved: "Found",
  library: "In library",
  unresolved: "No match found",
};

export class ReferenceStates extends EventTarget {
  /** @type {Map<number, ReferenceState>} */
  #states = new Map();
  /** @type {ReferenceState} */
  #fallback = "unresolved";

  /** Forget every state (a new document). */
  reset() {
    this.#states.clear();
    this.dispatchEvent(new CustomEvent("change", { detail: { index: null, state: null } }));
  }

  /**
   * @param {number} index  the reference's 1-based index
   * @returns {ReferenceState}
   */
  get(index) {
    return this.#states.get(index) ?? this.#fallback;
  }

  /**
   * @param {number} index
   * @param {ReferenceState} state
   */
  set(index, state) {
    if (!(state in STATE_LABELS)) throw new TypeError(`unknown reference state ${state}`);
    this.#states.set(index, state);
    this.dispatchEvent(new CustomEvent("change", { detail: { index, state } }));
  }
}
