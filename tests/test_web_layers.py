"""The reader's layers (web/README.md): each folder of web/ imports only from its own layer and the ones below.

    library/ < analysis/ < viewer/ < references/ < session/ < app.js (the composition root)

``library/`` is the DOM-free data layer (the library, its formats, identifiers, names); ``analysis/`` talks to the
worker and the caches and touches no DOM either; ``viewer/`` draws pages; ``references/`` is what the reader
shows about citations; ``session/`` is one open document and the page's chrome. Every relative import counts:
static, dynamic (``import("…")``) and JSDoc type imports, so a type cannot pull a layer upwards either.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
VENDOR = WEB.parent / "vendor"
LAYERS = ("library", "analysis", "viewer", "references", "session")
ROOT_MODULES = {"app.js"}
# Layers that run without a document: no element, window or markup API appears in them.
DOM_FREE = ("library", "analysis")
DOM_NAMES = ("document.", "window.", "innerHTML", "outerHTML", "insertAdjacentHTML", "HTMLElement", "customElements")

IMPORT = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}/[^"']+)["']""")
MODULES = sorted(WEB.rglob("*.js"))


def _rank(path: Path) -> int:
    """The layer of a file under web/ (len(LAYERS) for the root); -1 for anything outside web/."""
    try:
        rel = path.resolve().relative_to(WEB)
    except ValueError:
        return -1
    if len(rel.parts) == 1:
        return len(LAYERS)
    return LAYERS.index(rel.parts[0])


def _name(path: Path) -> str:
    return path.relative_to(WEB).as_posix()


def test_every_module_is_in_a_layer() -> None:
    loose = [_name(p) for p in MODULES if len(p.relative_to(WEB).parts) == 1 and p.name not in ROOT_MODULES]
    strays = [_name(p) for p in MODULES if len(p.relative_to(WEB).parts) > 1 and p.relative_to(WEB).parts[0] not in LAYERS]
    nested = [_name(p) for p in MODULES if len(p.relative_to(WEB).parts) > 2]
    assert not loose and not strays and not nested, (loose, strays, nested)
    assert all(any((WEB / layer).glob("*.js")) for layer in LAYERS)


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_imports_point_down_the_layers(path: Path) -> None:
    own = _rank(path)
    for spec in IMPORT.findall(path.read_text(encoding="utf-8")):
        target = (path.parent / spec).resolve()
        if target.is_relative_to(VENDOR):  # pdf.js and Pyodide, copied into site/vendor/ by make site
            assert own >= LAYERS.index("analysis"), f"{_name(path)} (library/) imports {spec}"
            continue
        assert target.is_file(), f"{_name(path)} imports {spec}, which does not exist"
        rank = _rank(target)
        if rank == -1:  # the worker's typedefs, pdf.js and Pyodide beside the site
            assert own >= LAYERS.index("analysis"), f"{_name(path)} (library/) reaches outside web/: {spec}"
            continue
        assert rank <= own, f"{_name(path)} imports {_name(target)} from a layer above its own"


@pytest.mark.parametrize("path", [p for p in MODULES if p.relative_to(WEB).parts[0] in DOM_FREE], ids=_name)
def test_data_layers_are_dom_free(path: Path) -> None:
    """Imported and parsed text is data in these layers: none of it can become markup or touch the page."""
    source = path.read_text(encoding="utf-8")
    for banned in DOM_NAMES:
        assert banned not in source, f"{_name(path)} uses {banned}"
