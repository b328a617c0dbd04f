// Run a Python script in Pyodide under Node: node tools/pyodide_run.mjs PYODIDE_DIR SCRIPT.py [ARGS...]
//
// The build uses it for what only the browser's Python can do, such as compiling bytecode for Python 3.14
// (tools/precompile.py). The current directory is mounted at the same path inside Pyodide and made its
// working directory, so relative paths in ARGS work; stdout and stderr pass through. Exit status 1 when
// the script raises, else what it returns through SystemExit.

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, script, ...args] = process.argv.slice(2);
if (!pyodideDir || !script) {
  console.error("usage: node tools/pyodide_run.mjs PYODIDE_DIR SCRIPT.py [ARGS...]");
  process.exit(2);
}
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({
  indexURL,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
const cwd = process.cwd();
pyodide.FS.mkdirTree(cwd);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: cwd }, cwd);
pyodide.globals.set("_argv", pyodide.toPy([script, ...args]));
try {
  process.exitCode = pyodide.runPython(`
import os, runpy, sys
os.chdir(${JSON.stringify(cwd)})
sys.argv = list(_argv)
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    status = 0
except SystemExit as exc:
    status = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
status
`);
} catch (error) {
  console.error(error.message); // the Python traceback
  process.exitCode = 1;
}
