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


class Flow:
    """Text set down a paper's columns, column after column and page after page, as the probe tests lay out
    whole papers: ``x`` and ``y`` are where the next line goes, ``down`` moves on a line (to the next column's
    ``top`` past ``bottom``, and to a new page after the last column), ``page`` is the page being set."""

    def __init__(self, lefts: tuple[float, ...], top: float = 72.0, bottom: float = 720.0,
                 first: float | None = None) -> None:
        self.lefts, self.top, self.bottom = lefts, top, bottom
        self.done: list[list[TextItem]] = []
        self.items: list[TextItem] = []
        self.column, self.y = 0, top if first is None else first

    @property
    def x(self) -> float:
        return self.lefts[self.column]

    @property
    def page(self) -> int:
        return len(self.done) + 1

    def put(self, item: TextItem) -> None:
        self.items.append(item)

    def down(self, step: float) -> None:
        self.y += step
        if self.y > self.bottom:
            self.turn()

    def turn(self) -> None:
        """On to the next column's top, or the next page's first column."""
        self.column, self.y = self.column + 1, self.top
        if self.column == len(self.lefts):
            self.new_page()

    def new_page(self) -> None:
        self.done.append(self.items)
        self.items, self.column, self.y = [], 0, self.top

    def pages(self, fonts: tuple = ()) -> list[Page]:
        """The pages set, the one being set last."""
        return [Page(n, 612, 792, tuple(items), fonts) for n, items in enumerate([*self.done, self.items], start=1)]


def pages(*contents: list[TextItem]) -> list[Page]:
    return [Page(n, 612, 792, tuple(items)) for n, items in enumerate(contents, start=1)]


def write_pdf(path: Path, objects: list[str]) -> Path:
    """A PDF of ``objects`` (object 1 the catalog), written object by object with its cross-reference table."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode("latin-1")
    out += b"".join(f"{o:010d} 00000 n \n".encode("latin-1") for o in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode("latin-1")
    path.write_bytes(bytes(out))
    return path


def write_named_destinations_pdf(path: Path, tree: dict[str, list[str]], old_style: list[str]) -> Path:
    """A one-page PDF written object by object, whose catalog holds named destinations both ways: a /Names
    /Dests tree of one kid per ``tree`` key (each kid's /Names pairs name -> [page /XYZ 72 700 0]) and a PDF
    1.1 /Dests dictionary of the ``old_style`` names. reportlab, which writes the demo paper, resolves every
    destination to an array and writes no name at all."""
    dest = "[3 0 R /XYZ 72 700 0]"
    objects = ["<< /Type /Catalog /Pages 2 0 R /Names 4 0 R /Dests 5 0 R >>",
               "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"]
    kids = [6 + k for k in range(len(tree))]
    objects.append(f"<< /Dests << /Kids [{' '.join(f'{k} 0 R' for k in kids)}] >> >>")
    objects.append("<< " + " ".join(f"/{n} {dest}" for n in old_style) + " >>")
    for names in tree.values():
        pairs = " ".join(f"({n}) {dest}" for n in sorted(names))
        objects.append(f"<< /Names [{pairs}] /Limits [({min(names)}) ({max(names)})] >>")
    return write_pdf(path, objects)
