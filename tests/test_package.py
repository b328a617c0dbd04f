"""The package's shape: a pure wheel, and the architecture's boundaries kept (house style)."""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from citelens.fonts import classify_font

PKG = Path(__file__).resolve().parent.parent / "py" / "citelens"
# Modules allowed to touch files, PDF libraries or the network: the adapters (pdfminer, the resolver's
# transports and disk cache) and the command lines.
EDGES = {"adapters", "cli.py", "__main__.py", "resolve/command.py"}
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
    ],
)
def test_font_style_from_name(name, bold, italic):
    assert classify_font(name) == (bold, italic)
