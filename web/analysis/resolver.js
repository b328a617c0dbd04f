// Which paper each reference is: looked up lazily through the worker (citelens.resolve in Python, the
// browser's fetch), remembered in IndexedDB. DOM-free.
//
//   const resolver = new Resolver({ analyzer, settings: { mailto, openalexKey, s2Key: null } });
//   resolver.setDocument(analysis);            // a new paper: per-document state forgotten
//   resolver.addEventListener("change", (e) => show(e.detail.index, e.detail.result));
//   const result = await resolver.resolve(55); // never rejects: a failure is an "unresolved" Result
//   failure(result);                           // null for an answer, else {kind: "offline", label: "offline"}…
//   resolver.settled(55);                      // true: nothing to ask now (an answer, or a failure < 1 min old)
//   resolver.prefetch(20);                     // the first 20 entries, one at a time, in the background
//
// Results are cached in their own database, "citelens-resolution" (the analyses' "citelens" database and its
// version stay untouched), store "results", for 30 days, under the keys citelens.resolve.cache uses:
//   entry:<text hash>:<index>   one entry of one paper (the text hash: analysis.source.text_hash)
//   doi:<doi>, arxiv:<id>       the paper itself, whichever document cites it: the entry's and the record's
//                               own `keys`, as the worker computed them (py/citelens/ids.py)
// Answers are stored for 30 days: resolved ones and "no match". A look-up that failed (offline, a rate
// limit, an HTTP error, no answer in time: failure(result) says which) is stored under its entry key too,
// for RETRY_AFTER_MS only: within that minute, in this session or the next, the failure is the answer and
// nothing is asked; after it, the next look-up tries again. An IndexedDB that cannot be opened is a cache
// that misses.
//
// A look-up's state is final within LOOKUP_DEADLINE_MS: past it the entry settles as failed ("no answer in
// time"); an answer that arrives later still replaces it (a "change" event) and is cached.
// prefetch() stops at the first look-up that finds the network unreachable.
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
/** Unresolved answers that are final: every source answered, or there was nothing to ask. */
const FINAL_REASONS = [NO_MATCH, "no such reference", "nothing to search for"];
/** A failed look-up is the answer for this long; the next look-up after it asks again. */
export const RETRY_AFTER_MS = 60_000;
/** A look-up's state is final this long after it started, answered or not. */
export const LOOKUP_DEADLINE_MS = 8_000;
/** The reason of a look-up that had no answer by LOOKUP_DEADLINE_MS. */
const NO_ANSWER = "timed out: no answer in time";
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
 * Why a look-up failed, or null when its Result is an answer (resolved, "no match", nothing to ask).
 * Reads the reasons py/citelens/resolve/transport.py and chain.py give: "network error: …" (no response:
 * offline, DNS, refused), "rate limited by <host>" (429; "(or unreachable)" for a browser's opaque
 * failure), "<host> is unavailable (HTTP 503)", "<host> answered HTTP <n>", "timed out"; and this file's
 * "look-up unavailable" (no worker). Several steps' reasons are joined with "; ": the first kind found in
 * this order wins. `label` completes "Not looked up: …".
 * @param {Result | null | undefined} result
 * @returns {{kind: "offline" | "rate-limited" | "http" | "timed-out" | "unavailable" | "error", label: string} | null}
 */
export function failure(result) {
  if (result?.status !== "unresolved") return null;
  const reason = String(result.reason ?? "");
  if (FINAL_REASONS.some((final) => reason === final || reason.startsWith(`${final}:`))) return null;
  if (/network error/i.test(reason)) return { kind: "offline", label: "offline" };
  if (/rate limited/i.test(reason)) return { kind: "rate-limited", label: "rate limited (429)" };
  const http = /HTTP (\d{3})/.exec(reason);
  if (http) {
    const status = Number(http[1]);
    return { kind: "http", label: status === 503 ? "service unavailable (503)" : `HTTP error (${status})` };
  }
  if (/timed out/i.test(reason)) return { kind: "timed-out", label: "no answer in time" };
  if (/look-up unavailable/i.test(reason)) return { kind: "unavailable", label: "look-ups unavailable" };
  return { kind: "error", label: "look-up failed" };
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

  #retryAfter;

  /**
   * @param {string} [name]
   * @param {{ttlMs?: number, retryAfterMs?: number}} [options]  how long answers and failures are kept
   */
  constructor(name = DB_NAME, { ttlMs = TTL_MS, retryAfterMs = RETRY_AFTER_MS } = {}) {
    this.#store = new SafeStore({
      name, version: DB_VERSION, store: STORE,
      upgrade: (db) => { if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE); },
      warn: (error) => console.warn("citelens: resolution cache:", error),
    });
    this.#ttl = ttlMs;
    this.#retryAfter = retryAfterMs;
  }

  /** @param {string} key @returns {Promise<Result | null>} */
  async get(key) {
    return (await this.stored(key))?.result ?? null;
  }

  /** The fresh value under `key` with the time it was stored (Date.now()). @param {string} key @returns {Promise<Stored | null>} */
  async stored(key) {
    const value = await this.#store.run("readonly", (store) => store.get(key));
    return this.#fresh(value) ? value : null;
  }

  /**
   * Every fresh entry result of one document, by index, with the time each was stored.
   * @param {string} textHash @returns {Promise<Map<number, Stored>>}
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
      const index = Number(String(key).slice(prefix.length));
      if (this.#fresh(values[i]) && Number.isInteger(index)) found.set(index, values[i]);
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

  /** Whether a stored value is still worth using: an answer for 30 days, a failure for a minute. @param {Stored | null} value */
  #fresh(value) {
    if (!value || typeof value.stored !== "number" || !value.result?.status) return false;
    const age = Date.now() - value.stored;
    return age >= 0 && age <= (failure(value.result) ? this.#retryAfter : this.#ttl);
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
  /** @type {Map<number, number>} when each failed result was had (Date.now()): retried RETRY_AFTER_MS later */
  #failedAt = new Map();
  #deadlineMs;
  /** @type {Map<number, Promise<Result>>} */
  #inflight = new Map();
  #prefetching = 0;
  /** How many entries the page asked to prefetch: run again once Crossref's list replaces an empty one. */
  #prefetchWanted = 0;

  /**
   * @param {{analyzer: {resolve: (entry: object, settings: Settings) => Promise<Result>,
   *   crossrefReferences: (doi: string, settings: Settings) => Promise<any>}, settings?: Settings,
   *   cache?: ResolutionCache | null, replyTimeoutMs?: number, deadlineMs?: number}} options
   *   analyzer: the CitelensAnalyzer (web/analysis/analysis.js), which owns the worker; cache: null disables caching
   */
  constructor({ analyzer, settings = { mailto: null, openalexKey: null, s2Key: null },
    cache = new ResolutionCache(), replyTimeoutMs = REPLY_TIMEOUT_MS, deadlineMs = LOOKUP_DEADLINE_MS }) {
    super();
    this.#analyzer = analyzer;
    this.#settings = { ...settings };
    this.#cache = cache;
    this.#replyTimeoutMs = replyTimeoutMs;
    this.#deadlineMs = deadlineMs;
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
    this.#failedAt = new Map();
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
      for (const [index, { stored, result }] of found) {
        if (this.#entries.has(index) && !this.#results.has(index)) this.#settle(index, result, stored);
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
   * Whether entry `index` needs no look-up now: it has an answer, or a failure younger than RETRY_AFTER_MS.
   * @param {number} index
   */
  settled(index) {
    if (!this.#results.has(index)) return false;
    const failedAt = this.#failedAt.get(index);
    return failedAt === undefined || Date.now() - failedAt < RETRY_AFTER_MS;
  }

  /**
   * The Result for entry `index`: from memory, the cache, or the worker (one look-up per entry at a time),
   * within LOOKUP_DEADLINE_MS. Never rejects. @param {number} index @returns {Promise<Result>}
   */
  resolve(index) {
    if (this.settled(index)) return Promise.resolve(/** @type {Result} */ (this.#results.get(index)));
    const running = this.#inflight.get(index);
    if (running) return running;
    const entry = this.#entries.get(index);
    if (!entry) return Promise.resolve(unresolved("no such reference"));
    const generation = this.#generation;
    const current = () => generation === this.#generation;
    const work = this.#lookUp(entry)
      .catch((error) => ({ result: unresolved(`look-up failed: ${error?.message ?? error}`), at: Date.now() }));
    let timer = 0;
    const late = unresolved(NO_ANSWER);
    const deadline = new Promise((resolve) => {
      timer = setTimeout(() => resolve({ result: late, at: Date.now() }), this.#deadlineMs);
    });
    const promise = Promise.race([work, deadline]).then(({ result, at }) => {
      clearTimeout(timer);
      if (current()) {
        this.#inflight.delete(index);
        this.#settle(index, result, at);
        if (result === late) this.#store(entry, result);
      }
      return result;
    });
    // An answer after the deadline replaces "no answer in time", unless a newer look-up has begun.
    work.then(({ result, at }) => {
      if (current() && this.#results.get(index) === late && !this.#inflight.has(index)) this.#settle(index, result, at);
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
        if (this.settled(index)) continue;
        // offline: the other entries would fail the same way; the next open of each asks again
        if (failure(await this.resolve(index))?.kind === "offline") return;
      }
    })();
  }

  /** @param {number} index @param {Result} result @param {number} [at]  when it was had (Date.now()) */
  #settle(index, result, at = Date.now()) {
    this.#results.set(index, result);
    if (failure(result)) this.#failedAt.set(index, at);
    else this.#failedAt.delete(index);
    this.dispatchEvent(new CustomEvent("change", { detail: { index, result } }));
  }

  /** The cache keys of an entry: its own, then its DOI's and arXiv id's. @param {any} entry */
  #keys(entry) {
    return [...(this.#textHash ? [`entry:${this.#textHash}:${entry.index}`] : []), ...idKeys(entry)];
  }

  /**
   * Store a Result: an answer under every key it belongs to, a failure under the entry's own key (kept a
   * minute). @param {any} entry @param {Result} result
   */
  async #store(entry, result) {
    if (!this.#cache) return;
    const keys = this.#keys(entry);
    if (cacheable(result)) {
      const record = result.status === "resolved" ? result.record : null;
      // "no match" belongs to this entry's text only; a record is the paper, found by any of its ids.
      const all = result.status === "resolved" ? [...keys, ...idKeys(record)]
        : keys.filter((k) => k.startsWith("entry:"));
      await this.#cache.put([...new Set(all)], result);
    } else if (failure(result)) {
      const own = keys.filter((k) => k.startsWith("entry:"));
      if (own.length) await this.#cache.put(own, result);
    }
  }

  /**
   * The entry's Result from the cache (with the time it was stored) or the worker (now).
   * @param {any} entry @returns {Promise<{result: Result, at: number}>}
   */
  async #lookUp(entry) {
    /** @type {Stored | null} */
    let failed = null;
    for (const key of this.#keys(entry)) {
      const hit = this.#cache ? await this.#cache.stored(key) : null;
      if (hit && !failure(hit.result)) return { result: hit.result, at: hit.stored };
      failed ??= hit;
    }
    if (failed) return { result: failed.result, at: failed.stored };
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
    await this.#store(entry, result);
    return { result, at: Date.now() };
  }
}
