"""Assemble the static reader site: ``python tools/build_site.py --out site --wheel dist/citelens-….whl …``.

Input: the page (``web/``), the worker (``worker/``), the npm packages ``pdfjs-dist`` and ``pyodide`` in
``node_modules/``, and three pure-Python wheels (citelens from this repository, rapidfuzz built from its sdist,
micropip from PyPI). Output, a folder any static host can serve, with nothing fetched from elsewhere::

    site/index.html                  web/index.html
    site/web/…                       everything else in web/
    site/worker/…                    worker/*.js, *.py, smoke.html, and build.json (versions, wheel names)
    site/vendor/pdfjs/               pdf.mjs, pdf.worker.mjs, cmaps/, standard_fonts/, wasm/, iccs/, and the
                                     viewer components: pdf_viewer.mjs, pdf_viewer.css, images/
    site/vendor/pyodide/             Pyodide's core and a pyodide-lock.json listing only our three wheels
    site/wheels/                     citelens, rapidfuzz and micropip wheels, with Python 3.14 bytecode added

The lock lists only packages whose files are in ``site/wheels/`` (the npm package ships none of the 357 the
original names), so ``loadPackage`` can never reach for a file this site does not hold. The site is built
in a sibling temporary folder and moved into place at the end: a failed build leaves the previous site.

The wheels get bytecode for Pyodide's Python (tools/precompile.py, run in Pyodide under Node by
tools/pyodide_run.mjs), which halves the worker's import of citelens; ``--no-precompile`` copies them as
they are.
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# The library and its viewer components (web/pdf_viewer.mjs, .css and the images the CSS names), flattened.
PDFJS_FILES = ("build/pdf.mjs", "build/pdf.worker.mjs", "web/pdf_viewer.mjs", "web/pdf_viewer.css", "LICENSE")
PDFJS_DIRS = ("cmaps", "standard_fonts", "wasm", "iccs", "web/images")
# pyodide.js (classic script), the consoles, typings and source maps are not needed by a module worker.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
WORKER_SUFFIXES = (".js", ".html", ".py")
# The page's modules that make the worker's input (text items, fonts, links, metadata): part of the engine id.
ENGINE_WEB_FILES = ("analysis/analysis.js", "analysis/extract.js", "analysis/destinations.js")


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_metadata(path: Path) -> dict[str, Any]:
    """Name, version, runtime dependencies, top-level import names and tag of a wheel.

    Dependencies are the ``Requires-Dist`` lines without an environment marker (extras are not installed).
    """
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(whl.read(f"{info}/METADATA").decode("utf-8"))
        wheel = email.parser.Parser().parsestr(whl.read(f"{info}/WHEEL").decode("utf-8"))
    requires = []
    for req in meta.get_all("Requires-Dist") or ():
        if ";" in req:
            continue
        name = req.split()[0]
        for stop in "<>=!~[(":
            name = name.split(stop)[0]
        requires.append(_normalize(name))
    imports = sorted({n.split("/")[0] for n in names
                      if n.count("/") == 1 and n.endswith("/__init__.py") and ".dist-info" not in n})
    return {"name": meta["Name"], "version": meta["Version"], "requires": requires, "imports": imports,
            "tags": wheel.get_all("Tag") or []}


def _normalize(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(".", "-")


def lock_entry(path: Path, known: set[str]) -> dict[str, Any]:
    """The pyodide-lock.json entry of a pure-Python wheel; ``depends`` keeps only packages in ``known``."""
    meta = wheel_metadata(path)
    if meta["tags"] != ["py3-none-any"]:
        raise SystemExit(f"{path.name}: tags {meta['tags']}, but Pyodide can only install py3-none-any wheels")
    return {
        "name": _normalize(meta["name"]),
        "version": meta["version"],
        "file_name": path.name,
        "install_dir": "site",
        "sha256": file_sha256(path),
        "package_type": "package",
        "imports": meta["imports"],
        "depends": [d for d in meta["requires"] if d in known],
        "unvendored_tests": False,
    }


def build_lock(original: dict[str, Any], wheels: list[Path]) -> dict[str, Any]:
    """A copy of Pyodide's lock with its ``info`` (Python version, ABI) and only our wheels as packages."""
    known = {_normalize(wheel_metadata(w)["name"]) for w in wheels}
    packages = {}
    for w in wheels:
        entry = lock_entry(w, known)
        packages[entry["name"]] = entry
    return {"info": original["info"], "packages": dict(sorted(packages.items()))}


def _copy_tree(src: Path, dst: Path) -> None:
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("*.map", ".*", "__pycache__"))


def precompile(wheels: list[Path], dest: Path, pyodide: Path) -> list[Path]:
    """Copies of ``wheels`` in ``dest`` with bytecode for Pyodide's Python, compiled by Pyodide in Node."""
    paths = [p.resolve() for p in (dest, pyodide, *wheels)] + [ROOT / "tools"]
    cwd = Path(os.path.commonpath(paths))
    if cwd == Path(cwd.anchor):
        raise SystemExit(f"precompile: {dest} and the wheels need a common folder other than {cwd}")
    args = ["node", str(ROOT / "tools" / "pyodide_run.mjs"), os.path.relpath(pyodide, cwd),
            os.path.relpath(ROOT / "tools" / "precompile.py", cwd), os.path.relpath(dest, cwd),
            *(os.path.relpath(w, cwd) for w in wheels)]
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"precompile failed:\n{done.stderr}")
    return [dest / w.name for w in wheels]


def engine_id(info: dict[str, Any], files: list[Path]) -> str:
    """What makes an analysis in this build, as one hash: the wheels, pdf.js and Pyodide versions, and the
    files that turn a PDF into the worker's input and its answer. The page keys its analysis cache on it, so
    a rebuilt site never serves an analysis an older build made (web/analysis/cache.js)."""
    h = hashlib.sha256()
    h.update(json.dumps([info["pyodide"], info["pdfjs"], sorted((n, p["sha256"]) for n, p in info["packages"].items())])
             .encode("utf-8"))
    for path in files:
        h.update(b"\0" + path.name.encode("utf-8") + b"\0" + (path.read_bytes() if path.is_file() else b""))
    return h.hexdigest()[:32]


def _snapshot(pyodide: Path, bridge: Path, wheels: list[Path]) -> dict[str, Any] | None:
    """Write ``snapshot.bin`` beside Pyodide's core with Node: the interpreter with ``wheels`` imported and
    ``bridge`` run (tools/pyodide_snapshot.mjs). None, and a warning, when Node cannot make one."""
    out = pyodide / "snapshot.bin"
    done = subprocess.run(["node", str(ROOT / "tools" / "pyodide_snapshot.mjs"), str(pyodide), str(out), str(bridge),
                           *map(str, wheels)], capture_output=True, text=True, check=False)
    if done.returncode != 0 or not out.is_file():
        print(f"build_site: no Pyodide snapshot, the worker will start Python from scratch:\n{done.stderr[-2000:]}",
              file=sys.stderr)
        out.unlink(missing_ok=True)
        return None
    return {"file_name": out.name, "size": out.stat().st_size,
            "sha256": hashlib.sha256(out.read_bytes()).hexdigest(),
            # What it was made from: the worker restores it only for these very wheels and bridge.
            "packages": {_normalize(wheel_metadata(w)["name"]): file_sha256(w) for w in wheels},
            "bridge": file_sha256(bridge)}


def build(out: Path, *, web: Path, worker: Path, node_modules: Path, wheels: list[Path],
          compile_wheels: bool = True, make_snapshot: bool = True) -> dict[str, Any]:
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        info = _assemble(tmp, web=web, worker=worker, node_modules=node_modules, wheels=wheels,
                         compile_wheels=compile_wheels, make_snapshot=make_snapshot)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    return info


def _assemble(tmp: Path, *, web: Path, worker: Path, node_modules: Path, wheels: list[Path],
              compile_wheels: bool, make_snapshot: bool) -> dict[str, Any]:

    # The page: web/index.html at the root, the rest of web/ beside it under web/.
    (tmp / "web").mkdir()
    if web.is_dir():
        for src in sorted(web.rglob("*")):
            if src.is_dir() or src.name.startswith(".") or src.suffix == ".md":  # docs are not the page
                continue
            rel = src.relative_to(web)
            dst = tmp / "index.html" if rel == Path("index.html") else tmp / "web" / rel
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)

    pdfjs = node_modules / "pdfjs-dist"
    vendor = tmp / "vendor"
    (vendor / "pdfjs").mkdir(parents=True)
    for name in PDFJS_FILES:
        shutil.copy2(pdfjs / name, vendor / "pdfjs" / Path(name).name)
    for name in PDFJS_DIRS:
        _copy_tree(pdfjs / name, vendor / "pdfjs" / Path(name).name)

    pyodide = node_modules / "pyodide"
    (vendor / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, vendor / "pyodide" / name)

    (tmp / "wheels").mkdir()
    if compile_wheels:
        wheels = precompile(wheels, tmp / "wheels", pyodide)
    else:
        for w in wheels:
            shutil.copy2(w, tmp / "wheels" / w.name)
        wheels = [tmp / "wheels" / w.name for w in wheels]
    original = json.loads((pyodide / "pyodide-lock.json").read_text("utf-8"))
    lock = build_lock(original, wheels)
    (vendor / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", "utf-8")

    (tmp / "worker").mkdir()
    for src in sorted(worker.iterdir()):
        if src.is_file() and src.suffix in WORKER_SUFFIXES:
            shutil.copy2(src, tmp / "worker" / src.name)

    # The wheels the worker installs; micropip only installs others, so it is left out of the snapshot.
    analysis_wheels = [w for w in wheels if _normalize(wheel_metadata(w)["name"]) != "micropip"]
    snapshot = _snapshot(vendor / "pyodide", tmp / "worker" / "bridge.py", analysis_wheels) if make_snapshot else None
    info: dict[str, Any] = {
        "pyodide": json.loads((pyodide / "package.json").read_text("utf-8"))["version"],
        "pdfjs": json.loads((pdfjs / "package.json").read_text("utf-8"))["version"],
        "python": original["info"]["python"],
        # The worker installs these (by name through the lock, or by file with micropip).
        "packages": {name: {"version": e["version"], "file_name": e["file_name"], "sha256": e["sha256"]}
                     for name, e in lock["packages"].items()},
        # The interpreter with the wheels imported, restored instead of starting Python and installing
        # them (see tools/pyodide_snapshot.mjs); null when there is none.
        "snapshot": snapshot,
    }
    info["engine"] = engine_id(info, [tmp / "worker" / "bridge.py", *(tmp / "web" / f for f in ENGINE_WEB_FILES)])
    (tmp / "worker" / "build.json").write_text(json.dumps(info, indent=1) + "\n", "utf-8")
    return info


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "site")
    ap.add_argument("--web", type=Path, default=ROOT / "web")
    ap.add_argument("--worker", type=Path, default=ROOT / "worker")
    ap.add_argument("--node-modules", type=Path, default=ROOT / "node_modules")
    ap.add_argument("--no-precompile", action="store_true", help="copy the wheels without adding bytecode")
    ap.add_argument("--no-snapshot", action="store_true", help="no Pyodide memory snapshot (Python starts from scratch)")
    ap.add_argument("wheels", type=Path, nargs="+", help="the citelens, rapidfuzz and micropip wheels")
    args = ap.parse_args(argv)
    info = build(args.out, web=args.web, worker=args.worker, node_modules=args.node_modules, wheels=args.wheels,
                 compile_wheels=not args.no_precompile, make_snapshot=not args.no_snapshot)
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    pkgs = ", ".join(f"{n} {p['version']}" for n, p in info["packages"].items())
    print(f"{args.out}: Pyodide {info['pyodide']} (Python {info['python']}), pdf.js {info['pdfjs']}, {pkgs}; "
          f"{size / 1e6:.1f} MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
