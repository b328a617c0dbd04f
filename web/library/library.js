// The user's library: papers, nested reading lists and "cites" links, in IndexedDB. DOM-free.
//
// Database "citelens-library" (schema DB_VERSION, upgrades in MIGRATIONS; an upgrade never drops data):
//   papers     key "id"; index "keys" (multiEntry) over each paper's match keys (web/library/ids.js: doi:…,
//              arxiv:…, title:…|year), index "status"
//   lists      key "id"; {id, name, parent: id | null}
//   relations  key ["from", "to", "kind"]; indexes "from", "to"
// A paper is in the library when one of its match keys is: add() looks them up in the same transaction
// that writes, so two adds of one paper (an import holding duplicates, two tabs) never make two papers.
// What the user imported is kept under paper.source ({format: "bibtex", entry} or {format: "csl-json",
// item}) and export writes it back, so an import → export round trip loses nothing (bibtex.js, csl.js).
//
// Every write dispatches "change" (a CustomEvent, detail {kind, ids}) here and, through a
// BroadcastChannel, in the reader's other tabs (detail.remote = true there).
// Misuse (an unknown status, a paper or list that does not exist) throws LibraryError; a database that
// cannot be opened makes Library.open reject with a LibraryError saying why.

import { entryToPaper, paperToEntry, parseBibtex, serialiseBibtex } from "./bibtex.js";
import { itemToPaper, paperToItem, parseCsl, serialiseCsl } from "./csl.js";
import { arxivId, matchKeys, normalizeDoi } from "./ids.js";

export { matchKeys, normalizeDoi, arxivId, normalizeTitle } from "./ids.js";

/**
 * @typedef {import("./names.js").Name} Name
 * @typedef {"to_read" | "reading" | "read" | "skimmed"} Status
 * @typedef {{
 *   id: string, title: string, authors: Name[], year: number | null, venue: string | null,
 *   doi: string | null, arxiv: string | null, url: string | null, pdf_url: string | null,
 *   status: Status, added: string, updated?: string, lists: string[],
 *   type?: string | null, volume?: string | null, issue?: string | null, pages?: string | null,
 *   publisher?: string | null, abstract?: string | null, keywords?: string[], language?: string | null,
 *   isbn?: string | null, issn?: string | null, month?: number | null, more_authors?: boolean,
 *   source?: {format: "bibtex", entry: object} | {format: "csl-json", item: object},
 * }} Paper
 * @typedef {{id: string, name: string, parent: string | null}} List
 * @typedef {{from: string, to: string, kind: string, added: string}} Link
 * @typedef {{doi?: string | null, arxiv?: string | null, title?: string | null, year?: number | null,
 *   keys?: string[]}} RefKey  `keys`: match keys the worker computed (py/citelens/ids.py), used as they are
 * @typedef {{entry: string, line: number | null, message: string}} ImportError
 */

export const DB_NAME = "citelens-library";
export const DB_VERSION = 3;
/** @type {readonly Status[]} */
export const STATUSES = Object.freeze(["to_read", "reading", "read", "skimmed"]);
const CHANNEL = "citelens-library";

/** Fields a paper may carry; anything else given to add() or update() is ignored. */
const FIELDS = ["title", "authors", "year", "venue", "doi", "arxiv", "url", "pdf_url", "type", "volume", "issue",
  "pages", "publisher", "abstract", "keywords", "language", "isbn", "issn", "month", "more_authors", "source",
  "cited_by", "source_url", "record_source"];

export class LibraryError extends Error {
  name = "LibraryError";
}

/**
 * Schema migrations: MIGRATIONS[v] turns a version v-1 database into version v inside the upgrade
 * transaction. A new version appends one; none ever deletes a store that holds user data.
 * @type {Array<((db: IDBDatabase, tx: IDBTransaction, from: number) => void) | null>}
 */
const MIGRATIONS = [
  null,
  // v1, the first shape: papers {id, title, authors, year, venue, doi, arxiv, url, status, added} and lists.
  (db) => {
    db.createObjectStore("papers", { keyPath: "id" });
    db.createObjectStore("lists", { keyPath: "id" });
  },
  // v2: match keys indexed (find() without a scan), status index, relations; every v1 paper is rewritten
  // with its keys and the fields v1 lacked (lists, pdf_url, status when missing).
  (db, tx) => {
    const papers = tx.objectStore("papers");
    if (!papers.indexNames.contains("keys")) papers.createIndex("keys", "keys", { multiEntry: true });
    if (!papers.indexNames.contains("status")) papers.createIndex("status", "status");
    if (!db.objectStoreNames.contains("relations")) {
      const relations = db.createObjectStore("relations", { keyPath: ["from", "to", "kind"] });
      relations.createIndex("from", "from");
      relations.createIndex("to", "to");
    }
    papers.openCursor().onsuccess = (event) => {
      const cursor = /** @type {IDBCursorWithValue | null} */ (/** @type {IDBRequest} */ (event.target).result);
      if (!cursor) return;
      const p = cursor.value;
      const upgraded = {
        ...p,
        authors: Array.isArray(p.authors) ? p.authors : [],
        lists: Array.isArray(p.lists) ? p.lists : [],
        pdf_url: p.pdf_url ?? null,
        status: STATUSES.includes(p.status) ? p.status : "to_read",
        added: p.added ?? new Date().toISOString(),
      };
      upgraded.keys = matchKeys(upgraded);
      cursor.update(upgraded);
      cursor.continue();
    };
  },
  // v3: every paper's match keys made again by the rules library/ids.js shares with py/citelens/ids.py
  // (an old-style arXiv id lower-cased in its key, an old SICI DOI with its angle brackets, one title key),
  // so papers stored before meet the keys the worker hands over. From v1, v2's rewrite has just made them.
  (db, tx, from) => {
    if (from < 2) return;
    tx.objectStore("papers").openCursor().onsuccess = (event) => {
      const cursor = /** @type {IDBCursorWithValue | null} */ (/** @type {IDBRequest} */ (event.target).result);
      if (!cursor) return;
      cursor.update({ ...cursor.value, keys: matchKeys(cursor.value) });
      cursor.continue();
    };
  },
];

/** An IDBRequest as a promise (awaiting these keeps a transaction alive). */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** A transaction's end as a promise. */
function committed(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve(undefined);
    tx.onabort = tx.onerror = () => reject(tx.error ?? new LibraryError("the library transaction was aborted"));
  });
}

function newId() {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The stored form → the Paper given out (without the internal match keys). */
function out(record) {
  if (!record) return null;
  const { keys, seq, ...paper } = record;
  return paper;
}

let counter = 0;
/** Orders papers added in the same millisecond (an import) as they came. */
function nextSeq() {
  counter = (counter + 1) % 1000;
  return Date.now() * 1000 + counter;
}

const isEmpty = (v) => v === null || v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/**
 * Clean paper fields from a record, an import or a form: known fields only, identifiers normalised.
 * @param {Record<string, any>} fields
 */
function clean(fields) {
  /** @type {Record<string, any>} */
  const p = {};
  for (const k of FIELDS) if (fields[k] !== undefined) p[k] = fields[k];
  if (typeof p.source === "string") {
    // a resolver Record: its `source` names the index it came from, not imported data
    p.record_source = p.source;
    delete p.source;
  } else if (p.source !== undefined && !(p.source && typeof p.source === "object" && p.source.format)) {
    delete p.source;
  }
  if (fields.arxiv === undefined && fields.arxiv_id !== undefined) p.arxiv = fields.arxiv_id;
  if (p.doi !== undefined) p.doi = normalizeDoi(p.doi);
  if (p.arxiv !== undefined) p.arxiv = arxivId(p.arxiv);
  if (!p.arxiv && p.doi) p.arxiv = arxivId(p.doi) ?? p.arxiv;
  if (p.year !== undefined && p.year !== null) {
    const y = Number.parseInt(String(p.year), 10);
    p.year = Number.isFinite(y) ? y : null;
  }
  if (p.title !== undefined) p.title = String(p.title ?? "").trim();
  if (p.authors !== undefined) {
    p.authors = (Array.isArray(p.authors) ? p.authors : []).map((a) => {
      if (typeof a === "string") return { literal: a };
      if (a && a.literal !== undefined) return { literal: String(a.literal) };
      /** @type {Name} */
      const n = { given: a?.given ?? null, family: String(a?.family ?? "") };
      if (a?.suffix) n.suffix = a.suffix;
      return n;
    });
  }
  for (const k of ["url", "pdf_url"]) if (p[k] === "") p[k] = null;
  return p;
}

export class Library extends EventTarget {
  /** @type {IDBDatabase} */ #db;
  /** @type {BroadcastChannel | null} */ #channel = null;

  /** @param {IDBDatabase} db  use Library.open */
  constructor(db) {
    super();
    this.#db = db;
    if (typeof BroadcastChannel !== "undefined") {
      this.#channel = new BroadcastChannel(`${CHANNEL}:${db.name}`);
      this.#channel.onmessage = (event) => {
        this.dispatchEvent(new CustomEvent("change", { detail: { ...event.data, remote: true } }));
      };
    }
  }

  /**
   * Opens (creating or upgrading) the library database.
   * @param {string} [name]
   * @returns {Promise<Library>}
   */
  static async open(name = DB_NAME) {
    if (typeof indexedDB === "undefined") throw new LibraryError("this browser has no IndexedDB: the library needs it");
    const db = await new Promise((resolve, reject) => {
      let request;
      try {
        request = indexedDB.open(name, DB_VERSION);
      } catch (error) {
        reject(new LibraryError(`the library cannot be opened: ${error?.message ?? error}`));
        return;
      }
      request.onupgradeneeded = (event) => {
        const tx = /** @type {IDBTransaction} */ (request.transaction);
        for (let v = event.oldVersion + 1; v <= DB_VERSION; v++) MIGRATIONS[v]?.(request.result, tx, event.oldVersion);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        const error = request.error;
        reject(new LibraryError(error?.name === "VersionError"
          ? `the library was written by a newer citelens (schema newer than ${DB_VERSION}); it is left untouched`
          : `the library cannot be opened: ${error?.message ?? error}`));
      };
      request.onblocked = () => {
        // another tab holds an older version open; it closes on "versionchange" and this open then goes on
      };
    });
    db.onversionchange = () => db.close();
    return new Library(db);
  }

  /** Closes the database (tests; a page that leaves). */
  close() {
    this.#channel?.close();
    this.#db.close();
  }

  /** @param {string} kind @param {string[]} ids */
  #changed(kind, ids) {
    const detail = { kind, ids };
    this.dispatchEvent(new CustomEvent("change", { detail }));
    try {
      this.#channel?.postMessage(detail);
    } catch {
      // a closed channel: other tabs refresh on their next read
    }
  }

  /** @param {string | string[]} stores @param {IDBTransactionMode} [mode] */
  #tx(stores, mode = "readonly") {
    try {
      return this.#db.transaction(stores, mode);
    } catch (error) {
      throw new LibraryError(`the library is closed or unavailable: ${error?.message ?? error}`);
    }
  }

  // ------------------------------------------------------------------------------------ papers

  /** @returns {Promise<Paper[]>} every paper, newest first */
  async papers() {
    const all = await done(this.#tx("papers").objectStore("papers").getAll());
    return all.sort((a, b) => String(b.added).localeCompare(String(a.added)) || (b.seq ?? 0) - (a.seq ?? 0))
      .map(out);
  }

  /** @param {string} id @returns {Promise<Paper | null>} */
  async get(id) {
    return out(await done(this.#tx("papers").objectStore("papers").get(String(id))));
  }

  /**
   * The paper matching a reference, record or paper, or null. A reference entry or a record from the worker
   * carries its match keys (`keys`); anything else (a paper, a form's fields) gets them from matchKeys.
   * @param {RefKey | null | undefined} ref
   * @returns {Promise<Paper | null>}
   */
  async find(ref) {
    const keys = Array.isArray(ref?.keys) ? ref.keys : matchKeys(ref);
    if (!keys.length) return null;
    const index = this.#tx("papers").objectStore("papers").index("keys");
    for (const key of keys) {
      const hit = await done(index.get(key));
      if (hit) return out(hit);
    }
    return null;
  }

  /**
   * Adds a paper, or returns the one already there (missing fields filled in, list membership added).
   * @param {Record<string, any>} fields  a Record (resolver), a parsed import, a form's fields
   * @param {{status?: Status, listId?: string | null}} [options]
   * @returns {Promise<{paper: Paper, created: boolean}>}
   */
  async add(fields, { status = "to_read", listId = null } = {}) {
    checkStatus(status);
    const tx = this.#tx(["papers", "lists"], "readwrite");
    const end = committed(tx);
    let result;
    try {
      if (listId !== null && !(await done(tx.objectStore("lists").get(listId)))) {
        throw new LibraryError(`no reading list with id ${listId}`);
      }
      result = await this.#addIn(tx.objectStore("papers"), clean(fields), status, listId);
    } catch (error) {
      tx.abort();
      await end.catch(() => {});
      throw error;
    }
    await end;
    this.#changed("papers", [result.paper.id]);
    return result;
  }

  /** add() inside a transaction; awaits only requests of that transaction. */
  async #addIn(store, fields, status, listId) {
    const keys = matchKeys(fields);
    let existing = null;
    for (const key of keys) {
      existing = await done(store.index("keys").get(key));
      if (existing) break;
    }
    const now = new Date().toISOString();
    if (existing) {
      const merged = { ...existing };
      let touched = false;
      for (const [k, v] of Object.entries(fields)) {
        if (isEmpty(merged[k]) && !isEmpty(v)) {
          merged[k] = v;
          touched = true;
        }
      }
      if (listId !== null && !merged.lists.includes(listId)) {
        merged.lists = [...merged.lists, listId];
        touched = true;
      }
      if (touched) {
        merged.keys = matchKeys(merged);
        merged.updated = now;
        await done(store.put(merged));
      }
      return { paper: out(merged), created: false, merged: touched };
    }
    const paper = {
      title: "", authors: [], year: null, venue: null, doi: null, arxiv: null, url: null, pdf_url: null,
      ...fields,
      id: newId(), status, added: now, lists: listId !== null ? [listId] : [], seq: nextSeq(),
    };
    paper.keys = keys;
    await done(store.add(paper));
    return { paper: out(paper), created: true, merged: false };
  }

  /** @param {string} id @param {Status} status @returns {Promise<Paper>} */
  async setStatus(id, status) {
    checkStatus(status);
    return this.#modify(id, (p) => ({ ...p, status }));
  }

  /**
   * Changes a paper's fields (and status). id, added and source cannot be changed here.
   * @param {string} id @param {Record<string, any>} patch @returns {Promise<Paper>}
   */
  async update(id, patch) {
    const fields = clean(patch ?? {});
    delete fields.source;
    if (patch?.status !== undefined) checkStatus(patch.status);
    return this.#modify(id, (p) => {
      const next = { ...p, ...fields };
      if (patch?.status !== undefined) next.status = patch.status;
      return next;
    });
  }

  async #modify(id, change) {
    const tx = this.#tx("papers", "readwrite");
    const end = committed(tx);
    const store = tx.objectStore("papers");
    const before = await done(store.get(String(id)));
    if (!before) {
      tx.abort();
      await end.catch(() => {});
      throw new LibraryError(`no paper with id ${id} in the library`);
    }
    const after = change(before);
    after.keys = matchKeys(after);
    after.updated = new Date().toISOString();
    store.put(after);
    await end;
    this.#changed("papers", [after.id]);
    return out(after);
  }

  /** Removes a paper and its links. @param {string} id @returns {Promise<boolean>} whether it existed */
  async remove(id) {
    const tx = this.#tx(["papers", "relations"], "readwrite");
    const end = committed(tx);
    const papers = tx.objectStore("papers");
    const existed = !!(await done(papers.getKey(String(id))));
    papers.delete(String(id));
    const relations = tx.objectStore("relations");
    for (const index of ["from", "to"]) {
      for (const key of await done(relations.index(index).getAllKeys(String(id)))) relations.delete(key);
    }
    await end;
    if (existed) this.#changed("papers", [String(id)]);
    return existed;
  }

  // ------------------------------------------------------------------------------------- lists

  /** @returns {Promise<List[]>} sorted by name */
  async lists() {
    const all = await done(this.#tx("lists").objectStore("lists").getAll());
    return all.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** @param {string} name @param {string | null} [parent] @returns {Promise<List>} */
  async createList(name, parent = null) {
    const clean = String(name ?? "").trim();
    if (!clean) throw new LibraryError("a reading list needs a name");
    const tx = this.#tx("lists", "readwrite");
    const end = committed(tx);
    const store = tx.objectStore("lists");
    if (parent !== null && !(await done(store.get(parent)))) {
      tx.abort();
      await end.catch(() => {});
      throw new LibraryError(`no reading list with id ${parent}`);
    }
    const list = { id: newId(), name: clean, parent };
    store.add(list);
    await end;
    this.#changed("lists", [list.id]);
    return list;
  }

  /** @param {string} id @param {string} name @returns {Promise<List>} */
  async renameList(id, name) {
    const clean = String(name ?? "").trim();
    if (!clean) throw new LibraryError("a reading list needs a name");
    const tx = this.#tx("lists", "readwrite");
    const end = committed(tx);
    const store = tx.objectStore("lists");
    const list = await done(store.get(id));
    if (!list) {
      tx.abort();
      await end.catch(() => {});
      throw new LibraryError(`no reading list with id ${id}`);
    }
    const next = { ...list, name: clean };
    store.put(next);
    await end;
    this.#changed("lists", [id]);
    return next;
  }

  /**
   * Deletes a list and the lists nested in it; their papers stay in the library, off those lists.
   * @param {string} id @returns {Promise<string[]>} the ids of the lists deleted
   */
  async removeList(id) {
    const tx = this.#tx(["lists", "papers"], "readwrite");
    const end = committed(tx);
    const lists = await done(tx.objectStore("lists").getAll());
    const gone = new Set();
    const walk = (/** @type {string} */ at) => {
      gone.add(at);
      for (const l of lists) if (l.parent === at && !gone.has(l.id)) walk(l.id);
    };
    if (lists.some((l) => l.id === id)) walk(id);
    for (const l of gone) tx.objectStore("lists").delete(l);
    const papers = tx.objectStore("papers");
    for (const p of await done(papers.getAll())) {
      if (p.lists?.some((l) => gone.has(l))) papers.put({ ...p, lists: p.lists.filter((l) => !gone.has(l)) });
    }
    await end;
    if (gone.size) this.#changed("lists", [...gone]);
    return [...gone];
  }

  /** @param {string} paperId @param {string} listId @returns {Promise<Paper>} */
  async addToList(paperId, listId) {
    await this.#checkList(listId);
    return this.#modify(paperId, (p) => ({ ...p, lists: p.lists.includes(listId) ? p.lists : [...p.lists, listId] }));
  }

  /** @param {string} paperId @param {string} listId @returns {Promise<Paper>} */
  async removeFromList(paperId, listId) {
    return this.#modify(paperId, (p) => ({ ...p, lists: p.lists.filter((l) => l !== listId) }));
  }

  async #checkList(listId) {
    if (!(await done(this.#tx("lists").objectStore("lists").get(listId)))) {
      throw new LibraryError(`no reading list with id ${listId}`);
    }
  }

  // ------------------------------------------------------------------------------------- links

  /**
   * Records that one paper cites (or otherwise relates to) another. Linking twice changes nothing.
   * @param {string} fromId @param {string} toId @param {string} [kind] @returns {Promise<Link>}
   */
  async link(fromId, toId, kind = "cites") {
    if (fromId === toId) throw new LibraryError("a paper cannot be linked to itself");
    const tx = this.#tx(["papers", "relations"], "readwrite");
    const end = committed(tx);
    const papers = tx.objectStore("papers");
    for (const id of [fromId, toId]) {
      if (!(await done(papers.getKey(String(id))))) {
        tx.abort();
        await end.catch(() => {});
        throw new LibraryError(`no paper with id ${id} in the library`);
      }
    }
    const relations = tx.objectStore("relations");
    const key = [String(fromId), String(toId), String(kind)];
    let link = await done(relations.get(key));
    if (!link) {
      link = { from: key[0], to: key[1], kind: key[2], added: new Date().toISOString() };
      relations.add(link);
    }
    await end;
    this.#changed("links", [key[0], key[1]]);
    return link;
  }

  /** @param {string} fromId @param {string} toId @param {string} [kind] */
  async unlink(fromId, toId, kind = "cites") {
    const tx = this.#tx("relations", "readwrite");
    const end = committed(tx);
    tx.objectStore("relations").delete([String(fromId), String(toId), String(kind)]);
    await end;
    this.#changed("links", [String(fromId), String(toId)]);
  }

  /** @param {string} fromId @param {string} toId @param {string} [kind] @returns {Promise<boolean>} */
  async hasLink(fromId, toId, kind = "cites") {
    const key = [String(fromId), String(toId), String(kind)];
    return !!(await done(this.#tx("relations").objectStore("relations").getKey(key)));
  }

  /** Links from a paper. @param {string} fromId @returns {Promise<Link[]>} */
  async links(fromId) {
    return done(this.#tx("relations").objectStore("relations").index("from").getAll(String(fromId)));
  }

  /** Links to a paper (who cites it). @param {string} toId @returns {Promise<Link[]>} */
  async backlinks(toId) {
    return done(this.#tx("relations").objectStore("relations").index("to").getAll(String(toId)));
  }

  // ---------------------------------------------------------------------------- import / export

  /**
   * Imports a BibTeX or CSL-JSON file. Entries matching a paper already there are merged into it (missing
   * fields filled in), never duplicated. One transaction: the import is all in or, on a storage error, out.
   * @param {string} text
   * @param {"auto" | "bibtex" | "csl-json"} [format]
   * @param {{status?: Status, listId?: string | null}} [options]
   * @returns {Promise<{added: number, merged: number, unchanged: number, ids: string[], errors: ImportError[]}>}
   *   `errors`: entries that could not be read (skipped) and problems in entries that were read anyway
   */
  async importText(text, format = "auto", { status = "to_read", listId = null } = {}) {
    checkStatus(status);
    const kind = format === "auto" ? detectFormat(text) : format;
    /** @type {Record<string, any>[]} */
    let incoming;
    /** @type {ImportError[]} */
    let errors;
    if (kind === "bibtex") {
      const parsed = parseBibtex(text);
      incoming = parsed.entries.map(entryToPaper);
      errors = parsed.errors.map(({ line, entry, message, skipped }) => ({
        entry, line, message: skipped ? `${message} (entry skipped)` : message,
      }));
    } else if (kind === "csl-json") {
      const parsed = parseCsl(text);
      incoming = parsed.items.map(itemToPaper);
      errors = parsed.errors.map(({ line, entry, message, skipped }) => ({
        entry, line, message: skipped ? `${message} (entry skipped)` : message,
      }));
    } else {
      throw new LibraryError(`unknown import format ${format}: bibtex or csl-json`);
    }
    if (listId !== null) await this.#checkList(listId);
    const tx = this.#tx("papers", "readwrite");
    const end = committed(tx);
    const store = tx.objectStore("papers");
    let added = 0;
    let merged = 0;
    let unchanged = 0;
    const ids = [];
    try {
      for (const fields of incoming) {
        const result = await this.#addIn(store, clean(fields), status, listId);
        ids.push(result.paper.id);
        if (result.created) added++;
        else if (result.merged) merged++;
        else unchanged++;
      }
    } catch (error) {
      tx.abort();
      await end.catch(() => {});
      throw error;
    }
    await end;
    if (ids.length) this.#changed("papers", ids);
    return { added, merged, unchanged, ids, errors };
  }

  /**
   * The library (or some papers, or one list and the lists nested in it) as BibTeX or CSL-JSON.
   * @param {"bibtex" | "csl-json"} format
   * @param {{ids?: string[] | null, listId?: string | null}} [options]
   * @returns {Promise<string>}
   */
  async exportText(format, { ids = null, listId = null } = {}) {
    let papers = await this.papers();
    papers.reverse(); // oldest first: an exported import comes out in its own order
    if (ids) {
      const order = new Map(ids.map((id, i) => [String(id), i]));
      papers = papers.filter((p) => order.has(p.id)).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    }
    if (listId !== null) {
      const lists = await this.lists();
      const within = new Set([listId]);
      for (let grew = true; grew;) {
        grew = false;
        for (const l of lists) if (l.parent !== null && within.has(l.parent) && !within.has(l.id)) { within.add(l.id); grew = true; }
      }
      papers = papers.filter((p) => p.lists.some((l) => within.has(l)));
    }
    if (format === "bibtex") return serialiseBibtex(papers.map(paperToEntry));
    if (format === "csl-json") return serialiseCsl(papers.map(paperToItem));
    throw new LibraryError(`unknown export format ${format}: bibtex or csl-json`);
  }
}

/**
 * "csl-json" when the text is JSON (starts with [ or {), else "bibtex".
 * @param {string} text @returns {"bibtex" | "csl-json"}
 */
export function detectFormat(text) {
  return /^\s*[[{]/.test(String(text ?? "").replace(/^\uFEFF/, "")) ? "csl-json" : "bibtex";
}

function checkStatus(status) {
  if (!STATUSES.includes(status)) {
    throw new LibraryError(`unknown reading status ${JSON.stringify(status)}: one of ${STATUSES.join(", ")}`);
  }
}

/**
 * The library key of a parsed reference entry (analysis.references[i]): its fields and the match keys
 * the analysis computed for it (py/citelens/ids.py), which find() uses as they are.
 * @param {{doi?: string | null, arxiv_id?: string | null, title?: string | null, year?: number | null,
 *          keys?: string[]}} entry
 * @returns {RefKey}
 */
export function entryRef(entry) {
  return {
    doi: entry?.doi ?? null,
    arxiv: entry?.arxiv_id ?? null,
    title: entry?.title ?? null,
    year: Number.isInteger(entry?.year) ? Number(entry?.year) : null,
    keys: Array.isArray(entry?.keys) ? entry.keys : [],
  };
}

