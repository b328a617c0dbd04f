// Write a memory snapshot of Pyodide with citelens imported:
//   node tools/pyodide_snapshot.mjs PYODIDE_DIR OUT BRIDGE.py WHEEL...
//
// The worker restores it instead of starting Python, installing the wheels and importing them: the
// interpreter's start-up, the install and the imports are all done here, once, at build time. Made under
// Node, it restores in Chromium's workers. What it holds:
//   - the wheels unpacked into site-packages (while the snapshot is made: a snapshot holds the heap, not
//     the file system, so every module of their packages is imported here; one that cannot be imported
//     in Pyodide, such as the pdfminer adapter, is left out and named on stderr; so are the command
//     line's, citelens.cli and citelens.batch, which run processes, Dask and Parquet files, nothing a
//     browser's worker does: importing them grew the heap past the initial memory on 2026-12-07),
//   - BRIDGE.py run as __main__, so its analyze, resolve and crossref_references are in the globals.
// Nothing is run on top (no warm-up analysis): the heap must not grow past the interpreter's initial
// memory, the size a restore starts with.
// The snapshot is then restored here once and its `analyze` called, so a snapshot that would not
// restore fails the build (exit status 1) instead of the reader.

import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, out, bridge, ...wheels] = process.argv.slice(2);
if (!pyodideDir || !out || !bridge || !wheels.length) {
  console.error("usage: node tools/pyodide_snapshot.mjs PYODIDE_DIR OUT BRIDGE.py WHEEL...");
  process.exit(2);
}
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const quiet = { stdout: () => {}, stderr: (/** @type {string} */ line) => console.error(line) };

const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, ...quiet });
pyodide.FS.mkdirTree("/tmp/wheels");
for (const wheel of wheels) pyodide.FS.writeFile(`/tmp/wheels/${basename(wheel)}`, readFileSync(wheel));
// Unpacked with zipfile rather than loadPackage(): loadPackage keeps JavaScript objects alive, and a
// snapshot can only be made of an interpreter that holds none.
pyodide.runPython(`
import gc, importlib, os, pkgutil, sys, sysconfig, zipfile

site = sysconfig.get_paths()["purelib"]
tops = set()
for name in sorted(os.listdir("/tmp/wheels")):
    with zipfile.ZipFile(f"/tmp/wheels/{name}") as whl:
        whl.extractall(site)
        tops |= {n.split("/")[0] for n in whl.namelist() if n.count("/") == 1 and n.endswith("/__init__.py")}
    os.remove(f"/tmp/wheels/{name}")
importlib.invalidate_caches()
gc.collect()  # (the heap is kept within the initial memory: what the unpacking and each import leave is freed)
COMMAND_LINE = ("citelens.cli", "citelens.batch", "citelens.__main__")


def walk(path, prefix):
    # Every module under path but the command line's (pkgutil.walk_packages would import their packages to
    # look inside them).
    for module in pkgutil.iter_modules(path, prefix):
        if module.name.startswith(COMMAND_LINE):
            continue
        try:
            imported = importlib.import_module(module.name)
        except ImportError as exc:
            print(f"pyodide_snapshot: {module.name} left out ({exc})", file=sys.stderr)
            continue
        gc.collect()
        if module.ispkg:
            walk(imported.__path__, module.name + ".")


for top in sorted(tops):
    walk(importlib.import_module(top).__path__, top + ".")
`);
pyodide.runPython(readFileSync(bridge, "utf8"), { filename: "bridge.py" });
const snapshot = pyodide.makeMemorySnapshot();

let name;
try {
  const restored = await loadPyodide({ indexURL, _loadSnapshot: snapshot, ...quiet });
  const reply = restored.globals.get("analyze")("not json");
  [, name] = reply.toJs();
  reply.destroy();
} catch (error) {
  name = String(error?.message ?? error).split("\n")[0];
}
if (name !== "InputError") {
  console.error(`pyodide_snapshot: the snapshot does not restore: ${name}`);
  process.exit(1);
}
writeFileSync(out, snapshot);
