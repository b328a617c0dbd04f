// Which paper each reference is: looked up lazily through the worker (citelens.resolve in Python, the
// browser's fetch), remembered in IndexedDB. DOM-free.
//
//   const resolver = new Resolver({ analyzer, settings: { mailto, openalexKey, s2Key: null } });
//   resolver.setDocument(analysis);            // a new paper: per-document state forgotten
//   resolver.addEventListener("change", (e) => show(e.detail.index, e.detail.result));
//   const result = await resolver.resolve(55); // never rejects: a failure is an "unresolved" Result
//   resolver.prefetch(20);                     // the first 20 entries, one at a time, in the background
//
// Results are cached in their own database, "citelens-resolution" (the analyses' "citelens" database and its
// version stay untouched), store "results", for 30 days, under the keys citelens.resolve.cache uses:
//   entry:<text hash>:<index>   one entry of one paper (the text hash: analysis.source.text_hash)
//   doi:<doi>, arxiv:<id>       the paper itself, whichever document cites it: the entry's and the record's
//                               own `keys`, as the worker computed them (py/citelens/ids.py)
// Only answers worth keeping are stored: resolved ones and "no match". A rate limit, a network error or a
// timeout is tried again on the next look-up. An IndexedDB that cannot be opened is a cache that misses.
//
// Sources that mark nothing: when the analysis has no reference entries but knows the paper's own DOI
// (analysis.own_doi), setDocument() asks the worker for the reference list Crossref's record of it holds,
// kept in the same store for 30 days under crossref-references:<doi> (lists and "Crossref holds none";
// not failures). Its entries then stand for the reference list: resolve(index) and prefetch() work on them,
// their results cached under the text hash "crossref:<doi>". A "references" event tells the page:
//   resolver.addEventListener("references", (e) => show(e.detail));  // {doi, status, references, reason}
// status "pending" (asking), then "ok" (references: the entries), "none" or "failed" (reason says why).

import { SafeStore } from "./idb.js";

/**
 * @typedef {object} Record  CSL-flavoured (citelens.resolve.record.Record.to_json): title, authors, year, venue, doi, arxiv, url,
 *   pdf_url, cited_by, type, source, source_url, keys (its match keys, py/citelens/ids.py)
 * @typedef {{status: "resolved", record: Record, via: string}
 *   | {status: "unresolved", reason: string, tried: string[]}} Result
 * @typedef {import("../../worker/citelens-worker.js").LookupSettings} Settings
 * @typedef {{stored: number, result: Result}} Stored
 */

export const DB_NAME = "citelens-resolution";
export const STORE = "results";
const DB_VERSION = 1;
const TTL_MS = 30 * 24 * 3600 * 1000;
/** Key prefix of a paper's Crossref reference list in the store. */
const CROSSREF_LIST = "crossref-references:";
/** The reason of the one unresolved answer worth caching (citelens.resolve.cache.NO_MATCH). */
const NO_MATCH = "no match";
// Python gives up on an entry after its budget (90 s + one request's timeout); this is the last resort for
// a worker that never answers.
const REPLY_TIMEOUT_MS = 150_000;

/** @param {string} reason @param {string[]} [tried] @returns {Result} */
export function unresolved(reason, tried = []) {
  return { status: "unresolved", reason, tried };
}

/** @param {Result} result */
function cacheable(result) {
  return result?.status === "resolved" || (result?.status === "unresolved" && result.reason === NO_MATCH);
}

/**
 * The doi: and arxiv: keys among the match keys the worker computed for an entry or a record
 * (py/citelens/ids.py), the keys citelens.resolve.chain caches under too.
 * @param {{keys?: unknown} | null | undefined} item
 * @returns {string[]}
 */
function idKeys(item) {
  const keys = Array.isArray(item?.keys) ? item.keys : [];
  return keys.filter((k) => typeof k === "string" && (k.startsWith("doi:") || k.startsWith("arxiv:")));
}

/** Results in IndexedDB; every method resolves (null / false on any failure), none throws. */
export class ResolutionCache {
  #store;
  #ttl;

  constructor(name = DB_NAME, { ttlMs = TTL_MS } = {}) {
    this.#store = new SafeStore({
      name, version: DB_VERSION, store: STORE,
      upgrade: (db) => { if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE); },
      warn: (error) => console.warn("citelens: resolution cache:", error),
    });
    this.#ttl = ttlMs;
  }

  /** @param {string} key @returns {Promise<Result | null>} */
  async get(key) {
    return this.#fresh(await this.#store.run("readonly", (store) => store.get(key)));
  }

  /**
   * Every fresh entry result of one document, by index.
   * @param {string} textHash @returns {Promise<Map<number, Result>>}
   */
  async entries(textHash) {
    const prefix = `entry:${textHash}:`;
    const found = new Map();
    const [keys, values] = await Promise.all([
      this.#store.run("readonly", (store) => store.getAllKeys(IDBKeyRange.bound(prefix, `${prefix}\uffff`))),
      this.#store.run("readonly", (store) => store.getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`))),
    ]);
    if (!Array.isArray(keys) || !Array.isArray(values) || keys.length !== values.length) return found;
    keys.forEach((key, i) => {
      const result = this.#fresh(values[i]);
      const index = Number(String(key).slice(prefix.length));
      if (result && Number.isInteger(index)) found.set(index, result);
    });
    return found;
  }

  /** @param {string[]} keys @param {Result} result */
  async put(keys, result) {
    /** @type {Stored} */
    const value = { stored: Date.now(), result };
    return (await this.#store.run("readwrite", (store) => {
      /** @type {IDBRequest<IDBValidKey> | null} */
      let last = null;
      for (const key of keys) last = store.put(value, key);
      return last;
    }, true)) === true;
  }

  async clear() {
    return (await this.#store.run("readwrite", (store) => store.clear(), true)) === true;
  }

  /** @param {Stored | null} value */
  #fresh(value) {
    if (!value || typeof value.stored !== "number" || Date.now() - value.stored > this.#ttl) return null;
    return value.result?.status ? value.result : null;
  }
}

export class Resolver extends EventTarget {
  #analyzer;
  /** @type {Settings} */
  #settings;
  #cache;
  #replyTimeoutMs;
  /** Bumped by setDocument: answers for an older document are cached but not shown. */
  #generation = 0;
  /** @type {string | null} */
  #textHash = null;
  /** @type {Map<number, any>} index → reference entry */
  #entries = new Map();
  /** @type {Map<number, Result>} */
  #results = new Map();
  /** @type {Map<number, Promise<Result>>} */
  #inflight = new Map();
  #prefetching = 0;
  /** How many entries the page asked to prefetch: run again once Crossref's list replaces an empty one. */
  #prefetchWanted = 0;

  /**
   * @param {{analyzer: {resolve: (entry: object, settings: Settings) => Promise<Result>,
   *   crossrefReferences: (doi: string, settings: Settings) => Promise<any>}, settings?: Settings,
   *   cache?: ResolutionCache | null, replyTimeoutMs?: number}} options
   *   analyzer: the CitelensAnalyzer (web/analysis/analysis.js), which owns the worker; cache: null disables caching
   */
  constructor({ analyzer, settings = { mailto: null, openalexKey: null, s2Key: null },
    cache = new ResolutionCache(), replyTimeoutMs = REPLY_TIMEOUT_MS }) {
    super();
    this.#analyzer = analyzer;
    this.#settings = { ...settings };
    this.#cache = cache;
    this.#replyTimeoutMs = replyTimeoutMs;
  }

  /** New settings apply to the next look-ups (results already known stay). @param {Settings} settings */
  setSettings(settings) {
    this.#settings = { ...settings };
  }

  /**
   * A new paper: forget per-document state; results cached for it earlier arrive as "change" events. With
   * no entries and a DOI of its own, Crossref's list of the paper is fetched ("references" events).
   * @param {{source?: {text_hash?: string | null}, references?: any[], own_doi?: string | null}} analysis
   */
  setDocument(analysis) {
    const generation = ++this.#generation;
    this.#textHash = analysis?.source?.text_hash ?? null;
    const references = analysis?.references ?? [];
    this.#entries = new Map(references.map((entry) => [entry.index, entry]));
    this.#results = new Map();
    this.#inflight = new Map();
    this.#prefetching = 0;
    this.#prefetchWanted = 0;
    const doi = typeof analysis?.own_doi === "string" && analysis.own_doi ? analysis.own_doi : null;
    if (!references.length && doi) this.#crossrefList(doi, generation);
    else this.#restore(generation);
  }

  /** Results cached earlier for this document's entries arrive as "change" events. @param {number} generation */
  #restore(generation) {
    if (!this.#cache || !this.#textHash) return;
    this.#cache.entries(this.#textHash).then((found) => {
      if (generation !== this.#generation) return;
      for (const [index, result] of found) {
        if (this.#entries.has(index) && !this.#results.has(index)) this.#settle(index, result);
      }
    });
  }

  /**
   * Crossref's reference list of the paper `doi` (cached, else from the worker) becomes this document's
   * entries; "references" events say so. @param {string} doi @param {number} generation
   */
  async #crossrefList(doi, generation) {
    await null; // after the page has shown the analysis' own (empty) list
    const tell = (/** @type {object} */ detail) => {
      if (generation === this.#generation) this.dispatchEvent(new CustomEvent("references", { detail }));
    };
    tell({ doi, status: "pending", references: [], reason: null });
    const key = `${CROSSREF_LIST}${doi}`;
    let list = this.#cache ? /** @type {any} */ (await this.#cache.get(key)) : null;
    if (!list) {
      let timer = 0;
      const timeout = new Promise((resolve) => {
        timer = setTimeout(() => resolve({ status: "failed", reason: "timed out" }), this.#replyTimeoutMs);
      });
      try {
        list = await Promise.race([
          this.#analyzer.crossrefReferences(doi, this.#settings).catch((/** @type {any} */ error) => (
            { status: "failed", reason: `look-up unavailable: ${error?.message ?? error}` })),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
      if (this.#cache && (list?.status === "ok" || list?.status === "none")) await this.#cache.put([key], list);
    }
    if (generation !== this.#generation) return;
    const references = list?.status === "ok" && Array.isArray(list.entries) ? list.entries : [];
    if (references.length) {
      this.#entries = new Map(references.map((entry) => [entry.index, entry]));
      this.#textHash = `crossref:${doi}`;
      this.#restore(generation);
    }
    tell({ doi, status: references.length ? "ok" : list?.status === "none" ? "none" : "failed", references,
      reason: list?.reason ?? null });
    if (references.length && this.#prefetchWanted) this.prefetch(this.#prefetchWanted);
  }

  /** What is known now about entry `index` (its 1-based index), or null. @returns {Result | null} */
  result(index) {
    return this.#results.get(index) ?? null;
  }

  /**
   * The Result for entry `index`: from memory, the cache, or the worker (one look-up per entry at a time).
   * Never rejects. @param {number} index @returns {Promise<Result>}
   */
  resolve(index) {
    const known = this.#results.get(index);
    if (known) return Promise.resolve(known);
    const running = this.#inflight.get(index);
    if (running) return running;
    const entry = this.#entries.get(index);
    if (!entry) return Promise.resolve(unresolved("no such reference"));
    const generation = this.#generation;
    const promise = this.#lookUp(entry).catch((error) => unresolved(`look-up failed: ${error?.message ?? error}`))
      .then((result) => {
        if (generation === this.#generation) {
          this.#inflight.delete(index);
          this.#settle(index, result);
        }
        return result;
      });
    this.#inflight.set(index, promise);
    return promise;
  }

  /**
   * Look up the first `count` entries in the background, one at a time (each host is paced in Python too).
   * A new document or another prefetch call stops this one.
   */
  prefetch(count = 20) {
    this.#prefetchWanted = count;
    const run = ++this.#prefetching;
    const generation = this.#generation;
    const indexes = [...this.#entries.keys()].slice(0, count);
    (async () => {
      for (const index of indexes) {
        if (run !== this.#prefetching || generation !== this.#generation) return;
        if (!this.#results.has(index)) await this.resolve(index);
      }
    })();
  }

  /** @param {number} index @param {Result} result */
  #settle(index, result) {
    this.#results.set(index, result);
    this.dispatchEvent(new CustomEvent("change", { detail: { index, result } }));
  }

  /** @param {any} entry @returns {Promise<Result>} */
  async #lookUp(entry) {
    const keys = [...(this.#textHash ? [`entry:${this.#textHash}:${entry.index}`] : []), ...idKeys(entry)];
    for (const key of keys) {
      const hit = this.#cache ? await this.#cache.get(key) : null;
      if (hit) return hit;
    }
    let timer = 0;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve(unresolved("timed out")), this.#replyTimeoutMs);
    });
    let result;
    try {
      result = await Promise.race([
        this.#analyzer.resolve(entry, this.#settings)
          .catch((error) => unresolved(`look-up unavailable: ${error?.message ?? error}`)),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
    if (!result?.status) result = unresolved("look-up failed: an answer that is not a result");
    if (this.#cache && cacheable(result)) {
      const record = result.status === "resolved" ? result.record : null;
      // "no match" belongs to this entry's text only; a record is the paper, found by any of its ids.
      const all = result.status === "resolved" ? [...keys, ...idKeys(record)]
        : keys.filter((k) => k.startsWith("entry:"));
      await this.#cache.put([...new Set(all)], result);
    }
    return result;
  }
}
