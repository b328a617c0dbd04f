// Write a memory snapshot of a freshly started Pyodide: node tools/pyodide_snapshot.mjs PYODIDE_DIR OUT
//
// Starting Python from a snapshot skips the interpreter's own start-up (the stdlib's imports): the
// worker's loadPyodide() took 1.9-2.3 s under Node here and 0.2-0.26 s from this snapshot, and a
// snapshot made under Node restores in Chromium's workers. It holds a bare interpreter only (our wheels
// are still installed after the restore, from the lock), so it depends on nothing but this Pyodide
// build: the worker checks the version recorded in build.json and starts without it on any mismatch.

import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, out] = process.argv.slice(2);
if (!pyodideDir || !out) {
  console.error("usage: node tools/pyodide_snapshot.mjs PYODIDE_DIR OUT");
  process.exit(2);
}
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, stdout: () => {}, stderr: (l) => console.error(l) });
writeFileSync(out, pyodide.makeMemorySnapshot());
