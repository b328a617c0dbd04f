"""The browser build: tools/build_site.py, the site it makes, the worker's Python bridge, and the parts of
web/analysis/extract.js that need no browser (run in Node against a fake pdf.js).

The tests on ``site/`` need ``make site`` (``make test`` runs it first); without it they are skipped.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from citelens.model import Document, Page, TextItem
from citelens.pipeline import text_hash

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
NODE = shutil.which("node")


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_site = _load("build_site", ROOT / "tools" / "build_site.py")
precompile = _load("precompile", ROOT / "tools" / "precompile.py")
bridge = _load("citelens_worker_bridge", ROOT / "worker" / "bridge.py")

needs_site = pytest.mark.skipif(not (SITE / "worker" / "build.json").is_file(), reason="site/ not built: make site")


def _wheel(path: Path, name: str, version: str, *, tag: str = "py3-none-any", requires: tuple[str, ...] = (),
           files: tuple[str, ...] = ()) -> Path:
    whl = path / f"{name}-{version}-{tag}.whl"
    info = f"{name}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(whl, "w") as z:
        z.writestr(f"{name}/__init__.py", "")
        for f in files:
            z.writestr(f, "")
        z.writestr(f"{info}/METADATA", meta)
        z.writestr(f"{info}/WHEEL", f"Wheel-Version: 1.0\nTag: {tag}\n")
        z.writestr(f"{info}/RECORD", "")
    return whl


# ------------------------------------------------------------------------------------- build_site.py


def test_lock_entry_of_a_pure_wheel(tmp_path):
    whl = _wheel(tmp_path, "citelens", "0.1.0",
                 requires=("rapidfuzz>=3.9", "pdfminer.six>=2023; extra == 'pdf'", "Other_Pkg (>=1)"),
                 files=("citelens/sub/__init__.py",))
    entry = build_site.lock_entry(whl, {"citelens", "rapidfuzz", "other-pkg"})
    assert entry == {
        "name": "citelens", "version": "0.1.0", "file_name": whl.name, "install_dir": "site",
        "sha256": build_site.file_sha256(whl), "package_type": "package", "imports": ["citelens"],
        "depends": ["rapidfuzz", "other-pkg"], "unvendored_tests": False,
    }


def test_lock_keeps_pyodide_info_and_drops_its_packages(tmp_path):
    wheels = [_wheel(tmp_path, "citelens", "0.1.0", requires=("rapidfuzz>=3.9",)),
              _wheel(tmp_path, "rapidfuzz", "3.14.6")]
    original = {"info": {"python": "3.14.2", "abi_version": "2026_0"}, "packages": {"numpy": {}}}
    lock = build_site.build_lock(original, wheels)
    assert lock["info"] == original["info"]
    assert sorted(lock["packages"]) == ["citelens", "rapidfuzz"]
    assert lock["packages"]["citelens"]["depends"] == ["rapidfuzz"]


def test_a_compiled_wheel_is_refused(tmp_path):
    whl = _wheel(tmp_path, "rapidfuzz", "3.14.6", tag="cp311-cp311-manylinux_2_17_x86_64")
    with pytest.raises(SystemExit, match="py3-none-any"):
        build_site.lock_entry(whl, set())


def _fake_inputs(tmp_path: Path) -> dict:
    nm = tmp_path / "node_modules"
    for f in ("build/pdf.mjs", "build/pdf.worker.mjs", "build/pdf.mjs.map", "LICENSE", "cmaps/78-H.bcmap",
              "standard_fonts/FoxitSerif.pfb", "wasm/openjpeg.wasm", "iccs/x.icc", "web/pdf_viewer.mjs",
              "web/pdf_viewer.mjs.map", "web/pdf_viewer.css", "web/images/loading-icon.gif"):
        (nm / "pdfjs-dist" / f).parent.mkdir(parents=True, exist_ok=True)
        (nm / "pdfjs-dist" / f).write_text(f)
    (nm / "pdfjs-dist/package.json").write_text('{"version": "6.5.438"}')
    for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "console.html"):
        (nm / "pyodide" / f).parent.mkdir(parents=True, exist_ok=True)
        (nm / "pyodide" / f).write_text(f)
    (nm / "pyodide/package.json").write_text('{"version": "314.0.7"}')
    (nm / "pyodide/pyodide-lock.json").write_text('{"info": {"python": "3.14.2"}, "packages": {"numpy": {}}}')
    web, worker = tmp_path / "web", tmp_path / "worker"
    (web / "icons").mkdir(parents=True)
    worker.mkdir()
    for f in ("index.html", "app.js", "styles.css", "icons/a.svg", "README.md"):
        (web / f).write_text(f)
    for f in ("citelens-worker.js", "bridge.py", "smoke.html", "README.md"):
        (worker / f).write_text(f)
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    return {"web": web, "worker": worker, "node_modules": nm,
            "wheels": [_wheel(wheels, "citelens", "0.1.0", requires=("rapidfuzz>=3.9",)),
                       _wheel(wheels, "rapidfuzz", "3.14.6"), _wheel(wheels, "micropip", "0.11.1")]}


def test_build_lays_out_the_site(tmp_path):
    out = tmp_path / "site"
    info = build_site.build(out, **_fake_inputs(tmp_path), compile_wheels=False, make_snapshot=False)
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert files == [
        "index.html",
        "vendor/pdfjs/LICENSE", "vendor/pdfjs/cmaps/78-H.bcmap", "vendor/pdfjs/iccs/x.icc",
        "vendor/pdfjs/images/loading-icon.gif", "vendor/pdfjs/pdf.mjs", "vendor/pdfjs/pdf.worker.mjs",
        "vendor/pdfjs/pdf_viewer.css", "vendor/pdfjs/pdf_viewer.mjs", "vendor/pdfjs/standard_fonts/FoxitSerif.pfb",
        "vendor/pdfjs/wasm/openjpeg.wasm",
        "vendor/pyodide/pyodide-lock.json", "vendor/pyodide/pyodide.asm.mjs", "vendor/pyodide/pyodide.asm.wasm",
        "vendor/pyodide/pyodide.mjs", "vendor/pyodide/python_stdlib.zip",
        "web/app.js", "web/icons/a.svg", "web/styles.css",
        "wheels/citelens-0.1.0-py3-none-any.whl", "wheels/micropip-0.11.1-py3-none-any.whl",
        "wheels/rapidfuzz-3.14.6-py3-none-any.whl",
        "worker/bridge.py", "worker/build.json", "worker/citelens-worker.js", "worker/smoke.html",
    ]
    assert info["pyodide"] == "314.0.7" and info["pdfjs"] == "6.5.438" and info["python"] == "3.14.2"
    assert sorted(info["packages"]) == ["citelens", "micropip", "rapidfuzz"]


def test_a_failed_build_keeps_the_previous_site(tmp_path):
    out = tmp_path / "site"
    inputs = _fake_inputs(tmp_path)
    build_site.build(out, **inputs, compile_wheels=False, make_snapshot=False)
    (inputs["node_modules"] / "pyodide/pyodide.asm.wasm").unlink()
    with pytest.raises(FileNotFoundError):
        build_site.build(out, **inputs, compile_wheels=False, make_snapshot=False)
    assert (out / "vendor/pyodide/pyodide.asm.wasm").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["node_modules", "site", "web", "wheels", "worker"]


def test_precompile_adds_bytecode_listed_in_record(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    whl = _wheel(src, "demo", "1.0", files=("demo/sub/__init__.py", "demo/data.txt"))
    with zipfile.ZipFile(whl, "a") as z:
        z.writestr("demo/mod.py", "VALUE = 42\n")
    out = tmp_path / "out"
    out.mkdir()
    target = precompile.precompile(whl, out)
    tag = __import__("sys").implementation.cache_tag
    names = zipfile.ZipFile(target).namelist()
    pycs = sorted(n for n in names if n.endswith(".pyc"))
    assert pycs == [f"demo/__pycache__/__init__.{tag}.pyc", f"demo/__pycache__/mod.{tag}.pyc",
                    f"demo/sub/__pycache__/__init__.{tag}.pyc"]
    assert names[-1] == "demo-1.0.dist-info/RECORD"
    assert set(zipfile.ZipFile(whl).namelist()) <= set(names)
    record = zipfile.ZipFile(target).read(names[-1]).decode().splitlines()
    z = zipfile.ZipFile(target)
    for pyc in pycs:
        assert precompile._record_line(pyc, z.read(pyc)) in record
    # Unchecked-hash bytecode: flags word 0b01 (hash-based, unchecked), and the same bytes every time.
    assert int.from_bytes(z.read(pycs[1])[4:8], "little") == 1
    again = tmp_path / "again"
    again.mkdir()
    assert precompile.precompile(whl, again).read_bytes() == target.read_bytes()


# ------------------------------------------------------------------------------------------- the site

# Everything the worker and the analysis client load, relative to site/.
WORKER_NEEDS = (
    "worker/citelens-worker.js", "worker/bridge.py", "worker/build.json",
    "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs", "vendor/pyodide/pyodide.asm.wasm",
    "vendor/pyodide/python_stdlib.zip", "vendor/pyodide/pyodide-lock.json", "vendor/pyodide/snapshot.bin",
    "vendor/pdfjs/pdf.mjs", "vendor/pdfjs/pdf.worker.mjs", "vendor/pdfjs/cmaps/78-H.bcmap",
    "vendor/pdfjs/standard_fonts/FoxitSerif.pfb", "vendor/pdfjs/wasm/openjpeg.wasm",
    "web/analysis/analysis.js", "web/analysis/extract.js", "web/analysis/cache.js",
)


@needs_site
@pytest.mark.parametrize("rel", WORKER_NEEDS)
def test_site_holds_what_the_worker_needs(rel):
    assert (SITE / rel).is_file()


@needs_site
def test_lock_lists_exactly_our_wheels_with_their_sha256():
    lock = json.loads((SITE / "vendor/pyodide/pyodide-lock.json").read_text())
    original = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    assert lock["info"] == original["info"]
    wheels = {p.name for p in (SITE / "wheels").iterdir()}
    assert {e["file_name"] for e in lock["packages"].values()} == wheels
    assert sorted(lock["packages"]) == ["citelens", "micropip", "rapidfuzz"]
    for name, entry in lock["packages"].items():
        assert entry["sha256"] == build_site.file_sha256(SITE / "wheels" / entry["file_name"]), name
        assert set(entry["depends"]) <= set(lock["packages"]), name
        assert entry["imports"] == [name]
    assert lock["packages"]["citelens"]["depends"] == ["rapidfuzz"]
    build = json.loads((SITE / "worker/build.json").read_text())
    assert {n: p["sha256"] for n, p in build["packages"].items()} == \
        {n: e["sha256"] for n, e in lock["packages"].items()}


@needs_site
def test_the_interpreter_snapshot_is_the_one_build_json_names():
    """The worker restores Python from this snapshot (tools/pyodide_snapshot.mjs) instead of starting it."""
    snap = json.loads((SITE / "worker/build.json").read_text())["snapshot"]
    path = SITE / "vendor/pyodide" / snap["file_name"]
    assert snap["size"] == path.stat().st_size > 1_000_000
    assert snap["sha256"] == build_site.file_sha256(path)


@needs_site
def test_rapidfuzz_wheel_is_pure_python():
    (whl,) = (SITE / "wheels").glob("rapidfuzz-*.whl")
    assert whl.name.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(whl).namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd", ".dylib"))]
    assert "rapidfuzz/fuzz_py.py" in names  # the pure fallbacks the public modules pick


@needs_site
@pytest.mark.parametrize("name", ["citelens", "rapidfuzz"])
def test_wheels_carry_bytecode_for_pyodides_python(name):
    lock = json.loads((SITE / "vendor/pyodide/pyodide-lock.json").read_text())
    tag = "cpython-" + "".join(lock["info"]["python"].split(".")[:2])
    (whl,) = (SITE / "wheels").glob(f"{name}-*.whl")
    names = set(zipfile.ZipFile(whl).namelist())
    modules = [n for n in names if n.endswith(".py") and ".dist-info/" not in n]
    assert modules
    assert [m for m in modules if importlib.util.cache_from_source(m).replace(
        __import__("sys").implementation.cache_tag, tag) not in names] == []


@needs_site
def test_citelens_wheel_is_this_version():
    version = re.search(r'^version = "(.*)"', (ROOT / "pyproject.toml").read_text(), re.M).group(1)
    assert (SITE / "wheels" / f"citelens-{version}-py3-none-any.whl").is_file()


# Hosts that serve JS, wasm, wheels or fonts: nothing in the site may load from them.
CDN_HOSTS = ("cdn.jsdelivr.net", "unpkg.com", "cdnjs.cloudflare.com", "esm.sh", "skypack.dev", "jspm.io",
             "fonts.googleapis.com", "fonts.gstatic.com", "ajax.googleapis.com", "pyodide.org",
             "files.pythonhosted.org", "pypi.org", "raw.githubusercontent.com", "mozilla.github.io")
# Pyodide's default for `cdnUrl`, read only when running in Node (in a browser, packages come from
# packageBaseUrl, which the worker sets to ../wheels/); the build copies pyodide.mjs unchanged.
ALLOWED = {("vendor/pyodide/pyodide.mjs", "e.cdnUrl=k(e.packageBaseUrl??`https://cdn.jsdelivr.net")}


@needs_site
def test_nothing_in_the_site_refers_to_a_cdn():
    pattern = re.compile("|".join(re.escape(h) for h in CDN_HOSTS))
    found = []
    for path in SITE.rglob("*"):
        if not path.is_file() or path.suffix not in (".js", ".mjs", ".html", ".css", ".json", ".py"):
            continue
        text = path.read_text("utf-8", errors="replace")
        rel = path.relative_to(SITE).as_posix()
        for m in pattern.finditer(text):
            context = text[max(0, m.start() - 40):m.end()]
            if not any(rel == f and context.endswith(snippet) for f, snippet in ALLOWED):
                found.append(f"{rel}: ...{context}")
    assert not found


IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}/[^"']+)["']""")


@needs_site
@pytest.mark.parametrize("folder", ["worker", "web"])
def test_relative_imports_resolve_inside_the_site(folder):
    """Native ES modules: every relative import names a file (with its .js suffix) that the site holds."""
    missing = []
    for js in (SITE / folder).rglob("*.js"):
        for spec in IMPORT.findall(js.read_text("utf-8")):
            if not (js.parent / spec).resolve().is_file():
                missing.append(f"{js.name}: {spec}")
    assert not missing


# ---------------------------------------------------------------------------------- worker/bridge.py


def _paper_with_bold_headings() -> str:
    """Three pages of body text, each with a heading in the body's size: only bold sets it apart, and the
    fonts are sent as names, as web/analysis/extract.js sends them."""
    body = "body text that fills a column line with ordinary prose words"

    def item(text, y, font):
        return [text, 72, y, 4.5 * len(text), 10, 10, font]

    pages = []
    for n, title in enumerate(("1 Introduction", "2 Method", "3 Results"), start=1):
        items = [item(body, 100 + 12 * k, 0) for k in range(6)] + [item(title, 250, 1)]
        items += [item(body, 264 + 12 * k, 0) for k in range(6)]
        pages.append({"number": n, "width": 612, "height": 792, "items": items,
                      "fonts": ["NimbusRomNo9L-Regu", "NimbusRomNo9L-Medi"]})
    return json.dumps({"document": {"pages": pages}, "options": {"text_only": False}})


def test_the_bridge_is_the_documented_entry_point():
    """Fonts sent by name are styled in the pipeline: the bridge and ``analyze_json`` give one analysis, which
    finds the bold headings."""
    payload = _paper_with_bold_headings()
    result, name, message = bridge.analyze(payload)
    assert (name, message) == (None, None)
    assert result == bridge.analyze_json(payload)
    assert [o["title"] for o in json.loads(result)["outline"]] == ["1 Introduction", "2 Method", "3 Results"]


@pytest.mark.parametrize(("payload", "name"), [
    ("not json", "InputError"),
    ('{"document": {"pages": "x"}}', "InputError"),
    ('{"document": {"pages": [{"number": 1}]}}', "InputError"),
    ('[]', "InputError"),
])
def test_bridge_returns_errors_as_name_and_message(payload, name):
    result, got, message = bridge.analyze(payload)
    assert result is None and got == name and message


# ------------------------------------------------------------------ web/analysis/extract.js in Node (fake pdf.js)

FAKE_PDFJS = r"""
import { extractDocument, textHash } from "./web/analysis/extract.js";

// Just enough of pdf.js: PageViewport's transform at scale 1, text items, annotations, destinations.
function viewport(view, rotation) {
  const [x0, y0, x1, y1] = view;
  const t = rotation === 90 ? [0, 1, 1, 0, -y0, -x0] : [1, 0, 0, -1, -x0, y1];
  return {
    transform: t, rotation, width: rotation === 90 ? y1 - y0 : x1 - x0, height: rotation === 90 ? x1 - x0 : y1 - y0,
    convertToViewportPoint: (x, y) => [t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]],
  };
}
const fonts = new Map([["g_d0_f1", { name: "ABCDEF+CMBX12" }], ["g_d0_f2", { name: "CMR10" }],
                       ["g_d0_f3", { name: "CMR10" }]]);
const commonObjs = {
  has: (id) => fonts.has(id) && loaded.has(id),
  get: (id, cb) => (cb ? (fonts.has(id) ? cb(fonts.get(id)) : null) : fonts.get(id)),
};
const loaded = new Set();
const item = (str, transform, fontName = "g_d0_f2", width = 50, height = 10) =>
  ({ str, transform, fontName, width, height, dir: "ltr", hasEOL: false });
const ref = (num) => ({ num, gen: 0 });
const pages = [
  { view: [0, 0, 612, 792], rotation: 0, items: [
      item("1 Introduction", [12, 0, 0, 12, 72, 700], "g_d0_f1", 80, 12),
      item(" ", [10, 0, 0, 10, 130, 680]),
      item("", [10, 0, 0, 10, 130, 680]),
      item("arXiv:2401.00001", [0, 10, -10, 0, 20, 300]),
      item("Body text [1].", [10, 0, 0, 10, 72, 680], "g_d0_f3"),
      item("caf\u00e9 \ud83d\ude00 \ud800", [10, 0, 0, 10, 72, 660])],
    annotations: [
      { subtype: "Link", rect: [140, 676, 150, 690], dest: "cite.one" },
      { subtype: "Link", rect: [72, 600, 90, 610], dest: [ref(12), { name: "FitH" }, 500] },
      { subtype: "Link", rect: [72, 500, 90, 510], url: "https://example.org" },
      { subtype: "Link", rect: [72, 400, 90, 410], dest: "missing" }] },
  { view: [10, 20, 622, 812], rotation: 0, items: [item("References", [10, 0, 0, 10, 82, 792])],
    annotations: [] },
  { view: [0, 0, 612, 792], rotation: 90, annotations: [], items: [
      item("Landscape", [0, 10, -10, 0, 100, 100]),
      item("Sideways", [10, 0, 0, 10, 100, 200])] },
];
const doc = {
  numPages: pages.length,
  async getPage(n) {
    const p = pages[n - 1];
    return {
      commonObjs,
      getViewport: () => viewport(p.view, p.rotation),
      getTextContent: async () => ({ items: p.items, styles: {} }),
      getOperatorList: async () => { for (const it of p.items) loaded.add(it.fontName); },
      getAnnotations: async () => p.annotations,
    };
  },
  getDestination: async (name) => (name === "cite.one" ? [ref(12), { name: "XYZ" }, 30, 700, null] : null),
  getPageIndex: async (r) => (r.num === 12 ? 1 : Promise.reject(new Error("bad ref"))),
  getOutline: async () => [{ title: " Intro\n duction ", dest: [ref(12), { name: "XYZ" }, null, 500, 0],
                              items: [{ title: "Sub", dest: null, items: [] }] }],
};
const { document, textHash: hash } = await extractDocument(doc);
const tricky = [{ items: [["\u00e9\u00e8 \ud83d\ude00"], ["b"]] }, { items: [] }, { items: [["\f\n"]] }];
console.log(JSON.stringify({ document, hash, tricky: await textHash(tricky), empty: await textHash([]) }));
"""


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_extract_against_a_fake_pdfjs(tmp_path):
    out = subprocess.run([NODE, "--input-type=module", "-e", FAKE_PDFJS], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, check=True)
    got = json.loads(out.stdout)
    doc = got["document"]
    p1, p2, p3 = doc["pages"]
    # Whitespace-only, empty and rotated items are dropped; the rest keep pdf.js's order.
    assert [i[0] for i in p1["items"]] == ["1 Introduction", "Body text [1].", "caf\u00e9 \U0001F600 \ufffd"]
    # Subset tag stripped; two pdf.js ids of one font merged; names only: styles are the pipeline's.
    assert p1["fonts"] == ["CMBX12", "CMR10"]
    assert p1["items"][0] == ["1 Introduction", 72, 92, 80, 12, 12, 0]
    assert [i[6] for i in p1["items"]] == [0, 1, 1]
    # A page box not at the origin: coordinates are relative to its top-left corner.
    assert p2["items"] == [["References", 72, 20, 50, 10, 10, 0]]
    assert (p2["width"], p2["height"]) == (612, 792)
    # On a page turned by /Rotate, what counts is the text's direction on screen (pdfminer alike).
    assert p3["items"] == [["Landscape", 100, 100, 50, 10, 10, 0]]
    assert (p3["width"], p3["height"]) == (792, 612)
    assert doc["links"] == [
        {"page": 1, "rect": [140, 102, 150, 116], "dest_page": 2, "dest_x": 20, "dest_y": 112,
         "dest_name": "cite.one"},
        {"page": 1, "rect": [72, 182, 90, 192], "dest_page": 2, "dest_x": None, "dest_y": 312,
         "dest_name": None},
        {"page": 1, "rect": [72, 382, 90, 392], "dest_page": None, "dest_x": None, "dest_y": None,
         "dest_name": "missing"},
    ]
    assert doc["bookmarks"] == [{"title": "Intro duction", "level": 1, "page": 2, "y": 312},
                                {"title": "Sub", "level": 2, "page": None, "y": None}]
    # The hash is citelens.pipeline.text_hash of the same items, so Python and the browser agree.
    parsed = Document.from_json(doc)
    assert got["hash"] == text_hash(parsed.pages)
    tricky = [Page(1, 1, 1, (TextItem("\u00e9\u00e8 \U0001F600", 0, 0, 1, 1, 1), TextItem("b", 0, 0, 1, 1, 1))),
              Page(2, 1, 1), Page(3, 1, 1, (TextItem("\f\n", 0, 0, 1, 1, 1),))]
    assert got["tricky"] == text_hash(tricky)
    assert got["empty"] == text_hash([])


@needs_site
def test_the_snapshot_names_the_wheels_and_bridge_it_holds():
    """The worker restores the snapshot only for the wheels it was made from (citelens-worker.js snapshotFits)."""
    build = json.loads((SITE / "worker/build.json").read_text())
    snap = build["snapshot"]
    assert snap["packages"] == {name: build["packages"][name]["sha256"] for name in ("citelens", "rapidfuzz")}
    assert snap["bridge"] == build_site.file_sha256(SITE / "worker/bridge.py")


def test_the_engine_id_changes_with_what_makes_an_analysis(tmp_path):
    inputs = _fake_inputs(tmp_path)
    (inputs["web"] / "analysis").mkdir()
    (inputs["web"] / "analysis/extract.js").write_text("one")
    (inputs["web"] / "analysis/resolver.js").write_text("one")

    def engine() -> str:
        return build_site.build(tmp_path / "site", **inputs, compile_wheels=False, make_snapshot=False)["engine"]

    first = engine()
    assert engine() == first  # the same inputs, the same id
    (inputs["web"] / "analysis/resolver.js").write_text("two")  # look-ups only: analyses stay valid
    assert engine() == first
    (inputs["web"] / "analysis/extract.js").write_text("two")
    second = engine()
    assert second != first
    (inputs["worker"] / "bridge.py").write_text("changed")
    assert engine() not in (first, second)
    json_path = tmp_path / "site/worker/build.json"
    assert json.loads(json_path.read_text())["engine"] == engine()
