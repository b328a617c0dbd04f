// Analyses kept in IndexedDB, keyed by the text hash, so reopening a paper (even a copy under another
// name) needs no Python at all.
//
// Database "citelens", object store "analyses", key = the text hash (32 hex digits), value = CacheRecord;
// an index "sha256" over the PDF files' hashes finds the analysis of a byte-identical file before its text
// is even read (the warm path: no text extraction, no Python). Each record names the engine that made it
// (build.json's id, checked by analysis.js): a rebuilt site analyses again and overwrites it.
// A cache that cannot be opened is a cache that always misses: no method here ever throws (idb.js).

import { SafeStore } from "./idb.js";

/**
 * @typedef {object} CacheRecord
 * @property {string} analysis        the analysis JSON string, as the worker returned it
 * @property {number} schema_version  of that analysis
 * @property {string} engine          which build made it (site/worker/build.json's engine id)
 * @property {string | null} sha256   of the PDF file it was made from
 * @property {string} stored          ISO 8601 date of storing
 */

export const DB_NAME = "citelens";
export const STORE = "analyses";
const SHA256_INDEX = "sha256";
const DB_VERSION = 1;

export class AnalysisCache {
  #store;

  /** @param {string} [name]  database name (tests may use their own) */
  constructor(name = DB_NAME) {
    this.#store = new SafeStore({
      name, version: DB_VERSION, store: STORE, warn,
      upgrade: (db) => {
        // Records without a file hash (null) are simply left out of the index.
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE).createIndex(SHA256_INDEX, "sha256");
      },
    });
  }

  /**
   * @param {string} textHash
   * @returns {Promise<CacheRecord | null>}
   */
  async get(textHash) {
    const record = await this.#store.run("readonly", (store) => store.get(textHash));
    return record && typeof record.analysis === "string" ? record : null;
  }

  /**
   * Every record made from a file with this SHA-256 (usually one; more after an upgrade of the engine).
   * @param {string} sha256
   * @returns {Promise<CacheRecord[]>}
   */
  async bySha256(sha256) {
    const records = await this.#store.run("readonly", (store) => store.index(SHA256_INDEX).getAll(sha256));
    return Array.isArray(records) ? records.filter((r) => typeof r?.analysis === "string") : [];
  }

  /**
   * @param {string} textHash
   * @param {string} analysis
   * @param {{schemaVersion: number, engine?: string, sha256?: string | null}} meta
   * @returns {Promise<boolean>} whether it was stored
   */
  async put(textHash, analysis, { schemaVersion, engine = "", sha256 = null }) {
    /** @type {CacheRecord} */
    const record = {
      analysis, schema_version: schemaVersion, engine, sha256, stored: new Date().toISOString(),
    };
    return (await this.#store.run("readwrite", (store) => store.put(record, textHash), true)) === true;
  }

  /** @param {string} textHash */
  async delete(textHash) {
    return (await this.#store.run("readwrite", (store) => store.delete(textHash), true)) === true;
  }

  async clear() {
    return (await this.#store.run("readwrite", (store) => store.clear(), true)) === true;
  }
}

let warned = false;

function warn(error) {
  if (warned) return;
  warned = true;
  console.warn("citelens: the analysis cache is unavailable;", error?.message ?? error);
}
