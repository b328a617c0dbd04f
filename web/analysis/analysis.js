// The page's side of the analysis: pdf.js text → citelens worker → analysis object, with a cache.
//
//   const analyzer = new CitelensAnalyzer(new URL("../worker/citelens-worker.js", import.meta.url));
//   analyzer.start();                                  // at once: the worker is up before a paper opens
//   const hit = await analyzer.cached(pdfDocument);    // while the first page is drawn: no text, no Python
//   const analysis = await analyzer.analyze(pdfDocument, { file: "paper.pdf", onProgress });
//
// Python loads when it is first needed (boot()): when analyze() finds the paper uncached, at the first
// look-up, or 3 s after start() if no paper was opened by then. So a reopened paper's first page and links
// never share the machine with Python's start-up, and a new paper's first page is drawn before it begins
// (loading it beside the first page was measured: the first page came up to 0.4 s later, the links no sooner).
// analyze() looks the PDF up in IndexedDB (web/analysis/cache.js), first by the SHA-256 of its bytes, then by the
// hash of its text (web/analysis/extract.js reads every page for it), and returns the cached analysis when one made
// by the same build (build.json's engine id) exists; otherwise it finishes the Document (font names, links,
// bookmarks), posts it to the worker and caches the answer. The document also carries the PDF's metadata (info dictionary and XMP, as
// flat text), from which the pipeline takes the paper's own DOI: the analysis arrives with `own_doi`.
// crossrefReferences(doi, settings) asks the worker for the reference list Crossref's record of that paper
// holds (web/analysis/resolver.js caches it and offers it when the PDF's own list could not be read).
// Errors from the worker are rebuilt as Error objects with the same name and message: "InputError" (or
// another Python exception class) for a document Python rejected, "WorkerError" when Python never loaded.
//
// Events (the class is an EventTarget), for a quiet status line from the moment the page opens:
//   "progress"  CustomEvent, detail = Progress
//   "ready"     CustomEvent, detail = {ms, stages}    Python is ready (stages: see ReadyMessage)
//   "failed"    CustomEvent, detail = {error}         Python will never be ready; analyze() rejects

import { completeDocument, extractText, hex, readLinks } from "./extract.js";
import { AnalysisCache } from "./cache.js";

/** The analysis schema this page reads (citelens.model.SCHEMA_VERSION). */
const SCHEMA_VERSION = 1;

/**
 * @typedef {object} Progress
 * @property {"loading" | "installing" | "ready" | "analyzing" | "extracting" | "cached"} stage
 *   the worker's stages, plus "extracting" (reading the PDF's text) and "cached" (answer found in IndexedDB)
 * @property {string} message
 *
 * @typedef {object} Timings  milliseconds of the last analyze() call
 * @property {boolean} cached
 * @property {number} sha256    SHA-256 of the PDF's bytes
 * @property {number} lookup    IndexedDB lookups (by file hash, then by text hash)
 * @property {number} [text]    extractText: every page's text items and the text hash
 * @property {number} [document]  completeDocument: font names, links, bookmarks (misses only)
 * @property {number} [wait]    posting to the worker → its answer (includes waiting for Python to load)
 * @property {number} [python]  inside Python (worker's own measure)
 * @property {number} total
 *
 * @typedef {import("../../worker/citelens-worker.js").ErrorInfo} ErrorInfo
 * @typedef {import("../../worker/citelens-worker.js").Reply} Reply
 * @typedef {import("./schema.js").Analysis} Analysis
 * @typedef {import("../../worker/citelens-worker.js").LookupSettings} Settings
 */

// Python loads in 2-10 s on a 2-core machine; past this, the worker is taken as failed (last resort: the
// worker itself reports every failure it can see at once).
const START_TIMEOUT_MS = 60_000;
// A page that opens a paper asks within a second of starting (the paper's hash is looked up as soon as
// pdf.js has its bytes); one that waits for the user to pick a file loads Python after this.
const IDLE_BOOT_MS = 3_000;

export class CitelensAnalyzer extends EventTarget {
  #workerUrl;
  #cache;
  #startTimeoutMs;
  /** @type {Worker | null} */
  #worker = null;
  /** @type {Map<number, {resolve: Function, reject: Function, onProgress: Function | null}>} */
  #pending = new Map();
  #nextId = 1;
  /** @type {Error | null} */
  #failure = null;
  /** @type {number | null} */
  #readyMs = null;
  /** @type {Progress | null} */
  #lastProgress = null;
  /** @type {Promise<string>} */
  #engine = Promise.resolve("");
  #timer = 0;
  #idleTimer = 0;
  #idleBootMs;
  #booted = false;
  /** @type {WeakMap<object, string | null>} documents cached() found no analysis for, with their SHA-256 */
  #misses = new WeakMap();
  /** @type {Timings | null} */
  lastTimings = null;

  /**
   * @param {string | URL} workerUrl  site/worker/citelens-worker.js
   * @param {{cache?: AnalysisCache | null, startTimeoutMs?: number, idleBootMs?: number}} [options]
   *   cache: null disables caching; startTimeoutMs: how long Python may take to load before it counts as
   *   failed; idleBootMs: after start(), how long to wait for a first need before loading Python anyway
   */
  constructor(workerUrl, { cache = new AnalysisCache(), startTimeoutMs = START_TIMEOUT_MS, idleBootMs = IDLE_BOOT_MS } = {}) {
    super();
    this.#workerUrl = new URL(workerUrl, globalThis.location?.href);
    this.#cache = cache;
    this.#startTimeoutMs = startTimeoutMs;
    this.#idleBootMs = idleBootMs;
  }

  /** Milliseconds from the worker's start to Python ready, or null while loading. */
  get readyMs() {
    return this.#readyMs;
  }

  /** The error that stopped the worker, or null. */
  get failure() {
    return this.#failure;
  }

  /** Spawns the worker (once; later calls do nothing). Call it as soon as the page opens. */
  start() {
    if (this.#worker || this.#failure) return this;
    // Which build makes the analyses (tools/build_site.py's engine id: the wheels, pdf.js, the bridge and
    // the extraction modules): a rebuilt site never reuses an older build's analyses. No id, no reuse.
    this.#engine = fetch(new URL("build.json", this.#workerUrl), { cache: "no-cache" })
      .then((r) => (r.ok ? r.json() : {}))
      .then((/** @type {any} */ build) => (typeof build?.engine === "string" ? build.engine : ""), () => "");
    try {
      this.#worker = new Worker(this.#workerUrl, { type: "module" });
    } catch (error) {
      this.#fail(`the worker could not be started: ${error.message}`);
      return this;
    }
    this.#worker.onmessage = (event) => this.#receive(event.data);
    // A worker script that is missing or does not parse fires only this, and nothing else ever will.
    this.#worker.onerror = (event) => {
      event.preventDefault?.();
      this.#fail(`the worker failed: ${event.message || "its script could not be loaded"}`);
    };
    this.#worker.onmessageerror = () => this.#fail("a message from the worker could not be read");
    // Nobody asked for Python yet (no paper opened, or only cached ones): load it while the page is idle.
    this.#idleTimer = setTimeout(() => this.boot(), this.#idleBootMs);
    return this;
  }

  /**
   * Tells the worker to load Python now (once; requests do it too). Loading takes a core for a second or
   * more, so analyze() boots as soon as the paper proves uncached, not while its first page is drawn from
   * the cache; start() boots on its own if nothing has asked within the idle delay.
   */
  boot() {
    this.start();
    clearTimeout(this.#idleTimer);
    if (this.#booted || this.#failure) return this;
    this.#booted = true;
    this.#worker?.postMessage({ type: "boot" });
    this.#timer = setTimeout(() => {
      this.#fail(`Python did not load within ${Math.round(this.#startTimeoutMs / 1000)} s`);
    }, this.#startTimeoutMs);
    return this;
  }

  /**
   * The cached analysis of this very file (found by the SHA-256 of its bytes), or null: no text is read,
   * so the reader can ask while pdf.js draws the first page and show a reopened paper's links at once.
   * @param {any} pdfDocument
   * @param {{file?: string | null}} [options]
   * @returns {Promise<object | null>}
   */
  async cached(pdfDocument, { file = null } = {}) {
    const t0 = performance.now();
    const engine = await this.#engine;
    const sha256 = await fileSha256(pdfDocument);
    const t1 = performance.now();
    const record = sha256 && this.#cache ? (await this.#cache.bySha256(sha256))
      .find((r) => fresh(r, engine)) : null;
    // A paper is open: Python waits until analyze() finds it uncached (its first page is drawn by then).
    clearTimeout(this.#idleTimer);
    if (!record) {
      this.#misses.set(pdfDocument, sha256);
      return null;
    }
    const analysis = JSON.parse(record.analysis);
    analysis.source = { ...analysis.source, file, sha256 };
    this.lastTimings = { cached: true, sha256: t1 - t0, lookup: performance.now() - t1, total: performance.now() - t0 };
    return analysis;
  }

  /**
   * The analysis of an open PDF. Worth calling even after the worker failed: a cached analysis needs no
   * Python (only a cache miss then rejects with the WorkerError).
   * @param {any} pdfDocument  a pdf.js PDFDocumentProxy, opened with fontExtraProperties: true
   * @param {{file?: string | null, onProgress?: ((p: Progress) => void) | null}} [options]
   * @returns {Promise<Analysis>} the analysis object (citelens.model.Analysis as JSON)
   */
  async analyze(pdfDocument, { file = null, onProgress = null } = {}) {
    this.start();
    clearTimeout(this.#idleTimer);
    const t0 = performance.now();
    const note = (stage, message) => onProgress?.({ stage, message });
    const engine = await this.#engine;
    const restore = (record, timings) => {
      const analysis = JSON.parse(record.analysis);
      // The same text may come from another file: say which one is open now.
      analysis.source = { ...analysis.source, file, sha256 };
      note("cached", "Links restored");
      this.lastTimings = { cached: true, ...timings, total: performance.now() - t0 };
      return analysis;
    };

    // A byte-identical file: found by its hash before any text is read (unless cached() just looked).
    const missed = this.#misses.has(pdfDocument);
    const sha256 = missed ? this.#misses.get(pdfDocument) ?? null : await fileSha256(pdfDocument);
    this.#misses.delete(pdfDocument);
    const t1 = performance.now();
    const same = sha256 && this.#cache && !missed
      ? (await this.#cache.bySha256(sha256)).find((r) => fresh(r, engine)) : null;
    const t2 = performance.now();
    if (same) return restore(same, { sha256: t1 - t0, lookup: t2 - t1 });
    // Python loads while the text is read (a copy with the same text found below needs it for look-ups).
    this.boot();

    // Links, bookmarks and metadata need no text: read beside it (unused if the text proves cached).
    const linked = readLinks(pdfDocument);
    const described = pdfMetadata(pdfDocument);
    linked.catch(() => {});
    note("extracting", "Reading the text");
    // A long file says how far it is, about every 5 % (a short one is read before anyone could look).
    const step = Math.max(10, Math.ceil(pdfDocument.numPages / 20));
    const text = await extractText(pdfDocument, {
      onPage: (done, count) => {
        if (count > step && (done % step === 0 || done === count)) note("extracting", `Reading the text: page ${done} of ${count}`);
      },
    });
    const t3 = performance.now();
    performance.measure("citelens:text", { start: t2, end: t3 });
    // The same text in another file (re-saved, re-downloaded with other metadata).
    const cached = text.textHash && this.#cache ? await this.#cache.get(text.textHash) : null;
    const t4 = performance.now();
    if (fresh(cached, engine)) return restore(cached, { sha256: t1 - t0, text: t3 - t2, lookup: t2 - t1 + t4 - t3 });
    // Without Python only a cached analysis can be had: do not read fonts and links for nothing.
    if (this.#failure) throw this.#failure;

    const [document, metadata] = await Promise.all([completeDocument(pdfDocument, text, linked), described]);
    const t5 = performance.now();
    performance.measure("citelens:document", { start: t4, end: t5 });
    const payload = JSON.stringify({
      document: { ...document, metadata },
      options: { text_only: false },
      source: { file, sha256, text_hash: text.textHash },
    });
    const { result, ms } = await this.#request({ type: "analyze", payload }, onProgress);
    const t6 = performance.now();
    // Stored while the links are applied: IndexedDB runs a later lookup after this write, so a reopen finds it.
    if (text.textHash && engine && this.#cache) {
      this.#cache.put(text.textHash, result, { schemaVersion: SCHEMA_VERSION, engine, sha256 });
    }
    const analysis = JSON.parse(result);
    this.lastTimings = {
      cached: false, sha256: t1 - t0, lookup: t2 - t1 + t4 - t3, text: t3 - t2, document: t5 - t4,
      wait: t6 - t5, python: ms, total: performance.now() - t0,
    };
    return analysis;
  }

  /**
   * Look one reference entry up in the worker (citelens.resolve through the browser's fetch). Resolves to
   * the Result the worker sends (unresolved ones included); rejects only when the worker itself failed.
   * Caching and de-duplication are web/analysis/resolver.js's.
   * @param {object} entry  one element of analysis.references
   * @param {Settings} settings
   * @returns {Promise<object>} the Result
   */
  resolve(entry, settings) {
    return this.#request({ type: "resolve", entry, settings }).then((reply) => reply.result);
  }

  /**
   * The reference list Crossref's record of the paper `doi` holds (citelens.resolve.own through the worker).
   * Resolves to the worker's CrossrefList (status "ok" | "none" | "failed"); rejects only when the worker
   * itself failed. Caching is web/analysis/resolver.js's.
   * @param {string} doi
   * @param {Settings} settings
   * @returns {Promise<import("../../worker/citelens-worker.js").CrossrefList>}
   */
  crossrefReferences(doi, settings) {
    return this.#request({ type: "crossref-references", doi, settings }).then((reply) => reply.result);
  }

  /** Stops the worker; pending and later analyses reject with a WorkerError. */
  terminate() {
    this.#fail("the analyzer was stopped");
  }

  /**
   * Post one request ({type, ...its fields}; the id is added here) and wait for its Reply: resolves to the
   * reply when it is ok, rejects with the rebuilt error otherwise, or with the WorkerError once the worker failed.
   * @param {{type: string, [field: string]: any}} request
   * @param {((p: Progress) => void) | null} [onProgress]  told of the worker's progress until the reply
   * @returns {Promise<Reply>}
   */
  #request(request, onProgress = null) {
    this.boot();
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress });
      if (onProgress && this.#lastProgress && this.#readyMs === null) onProgress(this.#lastProgress);
      this.#worker?.postMessage({ ...request, id });
    });
  }

  /** @param {any} message  a worker → page message */
  #receive(message) {
    if (message?.type === "progress") {
      const progress = { stage: message.stage, message: message.message };
      this.#lastProgress = progress;
      for (const p of this.#pending.values()) p.onProgress?.(progress);
      this.dispatchEvent(new CustomEvent("progress", { detail: progress }));
    } else if (message?.type === "ready") {
      clearTimeout(this.#timer);
      this.#readyMs = message.ms;
      this.dispatchEvent(new CustomEvent("ready", { detail: { ms: message.ms, stages: message.stages } }));
    } else if (message?.type === "failed") {
      this.#fail(message.error?.message ?? "Python could not be loaded");
    } else if (message?.type === "reply") {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.ok) pending.resolve(message);
      else pending.reject(rebuildError(message.error));
    }
  }

  /** Every pending and future request fails with a WorkerError carrying `message`. */
  #fail(message) {
    if (this.#failure) return;
    clearTimeout(this.#timer);
    this.#failure = rebuildError({ name: "WorkerError", message });
    this.#worker?.terminate();
    for (const p of this.#pending.values()) p.reject(this.#failure);
    this.#pending.clear();
    this.dispatchEvent(new CustomEvent("failed", { detail: { error: this.#failure } }));
  }
}

/**
 * Whether a cached record was made by this build (and schema). Without a build id nothing is reused.
 * @param {any} record @param {string} engine
 */
function fresh(record, engine) {
  return Boolean(engine) && record?.schema_version === SCHEMA_VERSION && record.engine === engine;
}

/**
 * An Error with the name and message that crossed the worker boundary.
 * @param {ErrorInfo | undefined} info
 */
function rebuildError(info) {
  const error = new Error(String(info?.message ?? "unknown error"));
  error.name = String(info?.name ?? "Error");
  return error;
}

/**
 * The PDF's metadata as flat text for the worker: the info dictionary's text entries (its Custom ones
 * included) and the XMP properties, keyed by their names ("doi", "Subject", "prism:doi"). Python decides
 * what in them is a DOI; nothing is parsed here. Missing or unreadable metadata is {}.
 * @param {any} pdfDocument
 * @returns {Promise<Record<string, string>>}
 */
async function pdfMetadata(pdfDocument) {
  const out = /** @type {Record<string, string>} */ ({});
  const keep = (/** @type {string} */ key, /** @type {unknown} */ value) => {
    if (typeof value === "string" && value.trim() && !(key in out)) out[key] = value.slice(0, 1000);
  };
  try {
    const { info, metadata } = await pdfDocument.getMetadata();
    for (const [key, value] of Object.entries(info ?? {})) keep(key, value);
    for (const [key, value] of Object.entries(info?.Custom ?? {})) keep(key, value);
    for (const [key, value] of metadata ?? []) keep(key, value);
  } catch {
    // no metadata: the DOI may still be printed on the first page
  }
  return out;
}

/** SHA-256 (hex) of the PDF's bytes, or null where it cannot be computed. */
async function fileSha256(pdfDocument) {
  if (!globalThis.crypto?.subtle) return null;
  try {
    const data = await pdfDocument.getData();
    const digest = await crypto.subtle.digest("SHA-256", data);
    return hex(new Uint8Array(digest));
  } catch {
    return null;
  }
}
