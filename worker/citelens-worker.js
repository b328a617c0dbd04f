// The citelens Web Worker: Pyodide with the citelens wheel, answering analyses and reference look-ups.
//
// Start it as a module worker (`new Worker(url, {type: "module"})`) as soon as the page opens. It loads
// Python on the first {type: "boot"} signal or the first request, whichever comes first (loading takes
// a core for a second or more: the page decides when it can spare one), from ../vendor/pyodide/ and our
// wheels from ../wheels/ (never a CDN, never PyPI): restored from the site's snapshot, which holds citelens
// already imported, or started from scratch with the wheels installed. It answers requests in the order
// they come, each with exactly one reply (the typedefs below are the protocol). Requests posted while
// Python loads wait for it; if loading fails, every pending and later analysis is answered with a
// "WorkerError" and every look-up with an unresolved result, so no caller ever hangs.
//
// Two installers (worker/README.md says why the first is the default):
//   citelens-worker.js                     the snapshot, else loadPackage() through the site's pyodide-lock.json
//   citelens-worker.js?installer=micropip  no snapshot: micropip.install() of the wheel URLs, for comparison

/**
 * @typedef {"loading" | "installing" | "ready" | "analyzing"} Stage
 *
 * @typedef {object} ProgressMessage  worker → page, while loading and before each analysis
 * @property {"progress"} type
 * @property {Stage} stage
 * @property {string} message         a short human-readable line
 *
 * @typedef {object} ReadyMessage     worker → page, once Python and citelens are imported
 * @property {"ready"} type
 * @property {number} ms              from the worker's start to Python ready
 * @property {{boot: number, script: number, snapshot: number, pyodide: number, install: number, import: number}} stages
 *   when each step ended, ms from the worker's start: boot, when loading began (the boot signal or the
 *   first request); then pyodide.mjs imported, loadPyodide() done, wheels
 *   installed, citelens imported (restored from the snapshot, the last three are one moment); snapshot:
 *   the size in bytes of the snapshot restored, 0 when Python started from scratch
 *
 * @typedef {object} FailedMessage    worker → page, once, when loading failed (requests still get replies)
 * @property {"failed"} type
 * @property {ErrorInfo} error
 *
 * @typedef {object} ErrorInfo
 * @property {string} name            the Python exception class ("InputError", ...) or "WorkerError"
 * @property {string} message
 *
 * @typedef {{mailto: string | null, openalexKey: string | null, s2Key: string | null}} LookupSettings
 *
 * Every request has one form, {type, id, ...its fields}, and gets exactly one Reply with its id:
 *
 * @typedef {object} AnalyzeRequest   page → worker: analyse one paper
 * @property {"analyze"} type
 * @property {number} id
 * @property {string} payload         the analyze_json request: {"document", "metadata", "options", "source"} as JSON
 *
 * @typedef {object} ResolveRequest   page → worker: look one reference entry up (citelens.resolve)
 * @property {"resolve"} type
 * @property {number} id
 * @property {object} entry           one element of analysis.references
 * @property {LookupSettings} settings
 *
 * @typedef {object} CrossrefReferencesRequest  page → worker: the reference list Crossref's record of a
 *   paper holds (for a PDF whose own list could not be read; citelens.resolve.own)
 * @property {"crossref-references"} type
 * @property {number} id
 * @property {string} doi             the paper's own DOI (analysis.own_doi)
 * @property {LookupSettings} settings
 *
 * @typedef {AnalyzeRequest | ResolveRequest | CrossrefReferencesRequest} Request
 *
 * @typedef {{type: "boot"}} BootSignal  page → worker: load Python now (no reply; "ready" or "failed" follow)
 *
 * @typedef {object} Reply            worker → page, exactly one per Request
 * @property {"reply"} type
 * @property {number} id              the request's
 * @property {boolean} ok             false only for an analysis Python rejected or could not run, and for
 *                                    an unknown request; look-ups always answer ok with a result
 * @property {any} [result]           analyze: the analysis JSON string; resolve: a Result,
 *                                    {status: "resolved", record, via} or {status: "unresolved", reason,
 *                                    tried}; crossref-references: a CrossrefList
 * @property {ErrorInfo} [error]      when not ok
 * @property {number} ms              time spent on the request in the worker (analyze: inside Python)
 *
 * @typedef {object} CrossrefList
 * @property {string | null} doi
 * @property {"ok" | "none" | "failed"} status  ok: entries; none: Crossref answered and holds no list (no
 *   record, or a record without references); failed: no usable answer (network, rate limit, Python)
 * @property {object[]} entries       shaped as analysis.references (index from 1, page and box null,
 *                                    source "crossref")
 * @property {string | null} reason   why there are no entries
 * @property {number | null} http_status
 */

const started = performance.now();
const here = new URL(import.meta.url);
const installer = here.searchParams.get("installer") === "micropip" ? "micropip" : "lock";

/** @param {ProgressMessage | ReadyMessage | FailedMessage | Reply} message */
function post(message) {
  self.postMessage(message);
}

/** @param {Stage} stage @param {string} message */
function progress(stage, message) {
  post({ type: "progress", stage, message });
}

/** @param {unknown} error @returns {ErrorInfo} */
function workerError(error) {
  const message = error instanceof Error ? error.message : String(error);
  return { name: "WorkerError", message: `Python could not be loaded: ${message}` };
}

/** Restores Python from the site's snapshot (citelens already imported), or starts it from scratch and
 * installs the wheels; resolves to the bridge's `analyze`, `resolve` and `crossrefReferences` functions. */
async function boot() {
  const booted = performance.now() - started;
  progress("loading", "Loading Python");
  const wheels = new URL("../wheels/", here).href;
  const buildInfo = fetchJson(new URL("build.json", here));
  buildInfo.catch(() => {}); // awaited below; loading Python goes on meanwhile
  // The snapshot (tools/pyodide_snapshot.mjs) holds an interpreter with these very wheels imported and the
  // bridge run: restoring it replaces Python's start-up, the install and the imports. It is used only when
  // it was made from the wheels this build installs, and never with the micropip installer (which is there
  // to install them).
  const snapshot = installer === "micropip" ? Promise.resolve(null) : buildInfo
    .then((info) => (snapshotFits(info) ? fetch(new URL(`../vendor/pyodide/${info.snapshot.file_name}`, here)) : null))
    .then((response) => (response?.ok ? response.arrayBuffer() : null))
    .catch(() => null);
  // @ts-expect-error: site/vendor/pyodide/ is copied beside worker/ by make site (tools/build_site.py)
  const { loadPyodide } = await import("../vendor/pyodide/pyodide.mjs");
  /** @type {ReadyMessage["stages"]} */
  const stages = { boot: booted, script: performance.now() - started, snapshot: 0, pyodide: 0, install: 0, import: 0 };
  const start = {
    indexURL: new URL("../vendor/pyodide/", here).href,
    // Our wheels sit in ../wheels/; the lock names them by file. Setting the base also keeps
    // Pyodide's CDN fallback (Node only) out of every code path.
    packageBaseUrl: wheels,
    stdout: () => {},
    stderr: (line) => console.warn("[citelens worker]", line),
  };
  const memory = await snapshot;
  let pyodide = null;
  if (memory) {
    try {
      pyodide = await failFast(loadPyodide({ ...start, _loadSnapshot: memory }));
      stages.snapshot = memory.byteLength;
    } catch (error) {
      console.warn("[citelens worker] the snapshot did not restore; starting Python from scratch:", lastLine(error));
    }
  }
  if (pyodide) {
    stages.pyodide = stages.install = performance.now() - started;
  } else {
    pyodide = await failFast(loadPyodide(start));
    stages.pyodide = performance.now() - started;
    await install(pyodide, wheels, await buildInfo);
    stages.install = performance.now() - started;
  }
  const analyze = pyodide.globals.get("analyze");
  const resolve = pyodide.globals.get("resolve");
  const crossrefReferences = pyodide.globals.get("crossref_references");
  const ms = performance.now() - started;
  stages.import = ms;
  progress("ready", `Python ready in ${((ms - booted) / 1000).toFixed(1)} s`);
  post({ type: "ready", ms, stages });
  return { analyze, resolve, crossrefReferences };
}

/** Whether build.json names a snapshot made from the wheels it installs. @param {any} info */
function snapshotFits(info) {
  const made = info?.snapshot?.packages;
  return Boolean(made) && ["citelens", "rapidfuzz"].every((name) => made[name] && made[name] === info.packages?.[name]?.sha256);
}

/**
 * Installs citelens and rapidfuzz into a freshly started Python and runs the bridge in its globals.
 * @param {any} pyodide @param {string} wheels  the wheels' base URL @param {any} build  build.json
 */
async function install(pyodide, wheels, build) {
  progress("installing", "Installing citelens");
  const bridgeSource = await fetchText(new URL("bridge.py", here));
  const errors = [];
  const options = { messageCallback: () => {}, errorCallback: (m) => errors.push(m) };
  if (installer === "micropip") {
    await pyodide.loadPackage(wheels + build.packages.micropip.file_name, options);
    const micropip = pyodide.pyimport("micropip");
    const urls = ["citelens", "rapidfuzz"].map((name) => wheels + build.packages[name].file_name);
    try {
      await micropip.install.callKwargs(urls, { deps: false });
    } catch (error) {
      throw new Error(lastLine(error), { cause: error });
    } finally {
      micropip.destroy();
    }
  } else {
    await pyodide.loadPackage(["citelens"], options);
  }
  // loadPackage reports a missing or corrupt wheel through errorCallback only: the import below is the
  // real check, and the collected messages explain its failure.
  try {
    pyodide.runPython(bridgeSource, { filename: "bridge.py" });
  } catch (error) {
    throw new Error([...errors, lastLine(error)].join("; "), { cause: error });
  }
}

/**
 * `promise`, or a rejection as soon as loading is known to have failed. loadPyodide() never settles when
 * its wasm cannot be fetched or compiled: Pyodide 314 catches that error and only logs it with
 * console.warn("wasm instantiation failed!", then the error), so the warning is watched for here; an
 * unhandled error in this worker counts too.
 * @template T @param {Promise<T>} promise @returns {Promise<T>}
 */
function failFast(promise) {
  const { warn } = console;
  /** @type {(event: PromiseRejectionEvent) => void} */
  let onRejection = () => {};
  /** @type {(event: ErrorEvent) => void} */
  let onError = () => {};
  const failed = new Promise((_, reject) => {
    const fail = (error) => reject(error instanceof Error ? error : new Error(String(error)));
    let instantiation = false;
    console.warn = (...args) => {
      warn.apply(console, args);
      if (args[0] === "wasm instantiation failed!") {
        instantiation = true;
        setTimeout(() => fail("Python's wasm could not be instantiated"), 0);
      } else if (instantiation) {
        fail(`Python's wasm could not be instantiated: ${args[0]?.message ?? args[0]}`);
      }
    };
    onRejection = (event) => fail(event.reason);
    onError = (event) => fail(event.error ?? event.message);
  });
  self.addEventListener("unhandledrejection", onRejection);
  self.addEventListener("error", onError);
  return Promise.race([promise, failed]).finally(() => {
    console.warn = warn;
    self.removeEventListener("unhandledrejection", onRejection);
    self.removeEventListener("error", onError);
  });
}

/** @param {URL} url */
async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response.text();
}

/** @param {URL} url */
async function fetchJson(url) {
  return JSON.parse(await fetchText(url));
}

/** The last line of a Python traceback ("ModuleNotFoundError: No module named 'x'"). */
function lastLine(error) {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim().split("\n").pop() ?? "";
}

/** @type {Promise<Awaited<ReturnType<typeof boot>>> | null} */
let booting = null;
/** @type {ErrorInfo | null} */
let failure = null;

/** Python, loading from the first call on: a boot signal or the first request. */
function ready() {
  if (!booting) {
    booting = boot();
    booting.catch((error) => {
      failure = workerError(error);
      console.error("[citelens worker]", error);
      post({ type: "failed", error: failure });
    });
  }
  return booting;
}

/**
 * One analysis: the bridge's `analyze`, which turns Python's exceptions into (name, message).
 * @param {AnalyzeRequest} request
 * @returns {Promise<Omit<Reply, "type" | "id">>}
 */
async function analyzePaper({ payload }) {
  let analyze;
  try {
    ({ analyze } = await ready());
  } catch {
    return { ok: false, error: failure ?? workerError("unknown"), ms: 0 };
  }
  if (typeof payload !== "string") {
    return { ok: false, error: { name: "TypeError", message: "an analyze request needs a JSON payload" }, ms: 0 };
  }
  progress("analyzing", "Linking citations");
  const t0 = performance.now();
  let reply;
  try {
    reply = analyze(payload);
  } catch (error) {
    // Only an interpreter failure gets here (the bridge turns Python exceptions into values).
    return { ok: false, error: { name: "WorkerError", message: lastLine(error) }, ms: performance.now() - t0 };
  }
  const [result, name, message] = reply.toJs();
  reply.destroy();
  const ms = performance.now() - t0;
  return result === undefined || result === null ? { ok: false, error: { name, message }, ms } : { ok: true, result, ms };
}

/**
 * One reference looked up: the bridge's `resolve` coroutine, awaited as a Promise. Requests interleave
 * (each waits on the network, paced per host in Python); an analysis runs between their awaits. Always
 * answered with a Result, a failure as {status: "unresolved", reason}.
 * @param {ResolveRequest} request
 * @returns {Promise<Omit<Reply, "type" | "id">>}
 */
async function resolveEntry({ entry, settings }) {
  const t0 = performance.now();
  let result;
  try {
    const { resolve } = await ready();
    result = JSON.parse(await resolve(JSON.stringify({ entry, settings })));
  } catch (error) {
    const reason = failure ? `Python is not available: ${failure.message}` : `worker error: ${lastLine(error)}`;
    result = { status: "unresolved", reason, tried: [] };
  }
  return { ok: true, result, ms: performance.now() - t0 };
}

/**
 * Crossref's reference list of one paper: the bridge's `crossref_references` coroutine. Always answered,
 * a failure as {status: "failed", reason}.
 * @param {CrossrefReferencesRequest} request
 * @returns {Promise<Omit<Reply, "type" | "id">>}
 */
async function crossrefList({ doi, settings }) {
  const t0 = performance.now();
  let result;
  try {
    const { crossrefReferences } = await ready();
    result = JSON.parse(await crossrefReferences(JSON.stringify({ doi, settings })));
  } catch (error) {
    const reason = failure ? `Python is not available: ${failure.message}` : `worker error: ${lastLine(error)}`;
    result = { doi, status: "failed", entries: [], reason, http_status: null };
  }
  return { ok: true, result, ms: performance.now() - t0 };
}

/** @type {Record<string, (request: any) => Promise<Omit<Reply, "type" | "id">>>} */
const HANDLERS = { analyze: analyzePaper, resolve: resolveEntry, "crossref-references": crossrefList };

/** @param {MessageEvent<Request | BootSignal>} event */
self.onmessage = async (event) => {
  const request = event.data;
  if (request?.type === "boot") {
    ready().catch(() => {}); // reported through the "failed" message
    return;
  }
  const id = request?.id;
  const handler = Object.hasOwn(HANDLERS, request?.type) ? HANDLERS[request.type] : null;
  const reply = handler ? await handler(request)
    : { ok: false, error: { name: "TypeError", message: `unknown request ${JSON.stringify(request?.type)}` }, ms: 0 };
  post({ type: "reply", id, ...reply });
};
