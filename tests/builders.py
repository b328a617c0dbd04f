"""What several test files build their inputs with: the demo paper module, pages of one-item lines, the hang guard."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from citelens.model import Page, TextItem

ROOT = Path(__file__).resolve().parent.parent

# The ceiling the adversarial-input tests hold a stage to. It is a hang guard, not a speed goal (bench/ measures
# speed): linear work on these inputs takes milliseconds even on a loaded machine, while a pattern that
# backtracks catastrophically or a quadratic scan over 20,000-50,000 characters takes minutes.
HANG_SECONDS = 10.0


def load_demo_paper(name: str = "citelens_tools_demo_paper") -> ModuleType:
    """``tools/demo_paper.py`` as a module of its own under ``name`` (``tools/`` is not a package); a second
    name gives a separate copy whose module-level data a test may change alone."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "demo_paper.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the file runs
        spec.loader.exec_module(module)
    return sys.modules[name]


def item(text: str, x: float, y: float, size: float = 10.0) -> TextItem:
    """A text item whose glyphs are 0.45 em wide on average."""
    return TextItem(text, x, y, 0.45 * size * len(text), size, size)


def column(lines: list[str | tuple[str, float]], y0: float = 100.0, x: float = 72.0) -> list[TextItem]:
    """One item per line, 12 pt apart; a ``(text, size)`` pair sets the line's font size."""
    out, y = [], y0
    for line in lines:
        text, size = (line, 10.0) if isinstance(line, str) else line
        out.append(item(text, x, y, size))
        y += 1.2 * max(size, 10.0)
    return out


def pages(*contents: list[TextItem]) -> list[Page]:
    return [Page(n, 612, 792, tuple(items)) for n, items in enumerate(contents, start=1)]
