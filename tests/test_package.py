"""The package's shape: a pure wheel, and the architecture's boundaries kept (house style)."""

from __future__ import annotations

import ast
import graphlib
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from citelens.fonts import classify_font

PKG = Path(__file__).resolve().parent.parent / "py" / "citelens"
# Modules allowed to touch files, PDF libraries or the network: the adapters (pdfminer, the resolver's
# transports and disk cache), the command lines and the batch runners (worker processes, Dask, Parquet files).
EDGES = {"adapters", "cli", "batch", "__main__.py"}
FORBIDDEN_IMPORTS = {"pdfminer", "urllib", "http", "socket", "requests", "js", "pyodide", "subprocess"}
PURE = {"urllib.parse"}  # string functions only


def _stage_modules() -> list[Path]:
    return [p for p in PKG.rglob("*.py")
            if p.relative_to(PKG).parts[0] not in EDGES and p.relative_to(PKG).as_posix() not in EDGES]


@pytest.mark.parametrize("path", _stage_modules(), ids=lambda p: str(p.relative_to(PKG)))
def test_stages_touch_no_file_pdf_library_or_network(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            names = []
        for name in names:
            assert name in PURE or name.split(".")[0] not in FORBIDDEN_IMPORTS, f"{path.name} imports {name}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id != "open", f"{path.name} opens a file"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PKG.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports: every ``import`` statement in its
    source, at the top or inside a function (lazy), relative ones resolved. ``from pkg import name`` is an
    import of the submodule ``pkg.name`` when there is one, else of ``pkg``. That importing ``pkg.sub`` first
    runs ``pkg/__init__.py`` is Python's doing, not the module's: it is no edge."""
    modules = {_module_name(p): p for p in PKG.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([base] if base else []))
                for alias in node.names:
                    target = f"{base}.{alias.name}"
                    if target in modules:
                        edges.add(target)
                    elif base in modules:
                        edges.add(base)
        graph[name] = edges - {name}
    return graph


def test_the_import_walk_sees_lazy_imports():
    graph = import_graph()
    assert "citelens.layout" in graph["citelens.pipeline"]  # at the top
    assert "citelens.adapters.pdfminer" in graph["citelens.cli.pdf"]  # inside a function


def test_no_import_cycle():
    """No module imports, at the top or lazily, a module that imports it back (directly or not)."""
    try:
        graphlib.TopologicalSorter(import_graph()).prepare()
    except graphlib.CycleError as error:
        pytest.fail(f"import cycle: {' -> '.join(error.args[1])}")


def test_wheel_is_pure_python_and_needs_only_rapidfuzz(tmp_path):
    root = PKG.parent.parent
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path), str(root)],
                   check=True, capture_output=True)
    (wheel,) = tmp_path.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "citelens/pipeline.py" in names and not any(n.startswith(("tests/", "tools/")) for n in names)
    requires = [ln for ln in meta.splitlines() if ln.startswith("Requires-Dist:") and "extra ==" not in ln]
    assert [r.split()[1] for r in requires] == ["rapidfuzz>=3.9"]


@pytest.mark.parametrize(
    ("name", "bold", "italic"),
    [
        ("NimbusRomNo9L-Medi", True, False),  # Times bold in LaTeX
        ("NimbusRomNo9L-ReguItal", False, True),
        ("CMBX12", True, False),
        ("CMTI10", False, True),
        ("CMR10", False, False),
        ("LinLibertineTB", True, False),  # ACM's Libertine bold
        ("LinLibertineTI", False, True),
        ("AdvOT3b30f6db.B+fb", True, False),  # Elsevier/ASM obfuscated names
        ("AdvOTd0125be5.BI", True, True),
        ("AdvPSHN-H", True, False),  # Cell Press Helvetica Neue Heavy
        ("Arial,Bold", True, False),
        ("MinionPro-BoldIt", True, True),
        ("HelveticaLTStd-Obl", False, True),
        ("Times-Roman", False, False),
        ("Symbol", False, False),
        # Adobe's style abbreviations (Technical Note 5088), alone or before a width
        ("ArnoPro-Smbd", True, False),
        ("HelveticaNeueLTStd-BdItCn", True, True),
        ("FrutigerLTStd-Blk", True, False),
        ("MyriadPro-SbIt", True, True),
        ("MinionPro-ItCapt", False, True),
        ("HiraginoSans-W6", True, False),
        ("MinionPro-Regular", False, False),
        ("SabonLTStd-Roman", False, False),
        ("Helvetica-Condensed", False, False),
    ],
)
def test_font_style_from_name(name, bold, italic):
    assert classify_font(name) == (bold, italic)
