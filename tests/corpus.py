"""The shared corpus of real papers: manifest, extracted text items (cached), and scoring helpers.

Papers stay in ``../shared/corpus`` (``CITELENS_SHARED`` points elsewhere). Extracting a PDF with
pdfminer takes a second or more, so each extraction is cached as JSON under ``.cache/corpus/``, keyed
by the PDF's SHA-256 and the adapter's source, so a change to the adapter re-extracts.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rapidfuzz import fuzz

from citelens.fonts import classify_font
from citelens.model import Bookmark, Document, Font, OutlineItem, Page

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("CITELENS_SHARED", ROOT.parent / "shared")).resolve()
CORPUS = SHARED / "corpus"
CACHE = ROOT / ".cache" / "corpus"


@dataclass(frozen=True)
class Paper:
    file: str  # path relative to the corpus folder, e.g. "pdf/acl-2020-main-447-s2orc.pdf"
    pages: int
    has_outline: bool
    bookmarks: int
    style: str
    row: dict

    @property
    def path(self) -> Path:
        return CORPUS / self.file

    @property
    def stem(self) -> str:
        return Path(self.file).stem


@cache
def manifest() -> tuple[Paper, ...]:
    with (CORPUS / "MANIFEST.tsv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    out = []
    for r in rows:
        if not r["file"].endswith(".pdf"):
            continue
        out.append(Paper(r["file"], int(r["pages"] or 0), r["has_outline"] == "yes", int(r["bookmarks"] or 0),
                         r["style_guess"], r))
    return tuple(out)


def pdf_papers() -> tuple[Paper, ...]:
    return manifest()


def _adapter_key() -> str:
    src = (ROOT / "py" / "citelens" / "adapters" / "pdfminer.py").read_bytes()
    model = (ROOT / "py" / "citelens" / "model.py").read_bytes()
    return hashlib.sha256(src + model).hexdigest()[:10]


@cache
def document(file: str) -> Document:
    """The paper's Document as the pdfminer adapter makes it (cached on disk)."""
    from citelens.adapters.pdfminer import extract, file_sha256

    path = CORPUS / file
    key = f"{Path(file).stem}-{file_sha256(path)[:12]}-{_adapter_key()}.json"
    cached = CACHE / key
    if cached.is_file():
        doc = Document.from_json(json.loads(cached.read_text(encoding="utf-8")))
    else:
        doc = extract(path).document
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(".tmp")
        tmp.write_text(json.dumps(doc.to_json(), ensure_ascii=False), encoding="utf-8")
        tmp.replace(cached)
    # Bold/italic come from font names: re-derive them so a change to fonts.py needs no re-extraction.
    pages = tuple(Page(p.number, p.width, p.height, p.items, tuple(Font(f.name, *classify_font(f.name))
                                                                    for f in p.fonts)) for p in doc.pages)
    return Document(pages, doc.bookmarks, doc.links)


# ------------------------------------------------------------------------------------ outline scoring

_NUMBERING = re.compile(r"^\s*(?:(?:\d+|[A-Z]|[IVX]+)(?:\.\d+)*\.?)\s+")


def _norm(title: str) -> str:
    return " ".join(_NUMBERING.sub("", title).lower().replace("-", " ").split())


def titles_match(a: str, b: str) -> bool:
    """Fuzzy equality of two heading titles, ignoring numbering and case."""
    x, y = _norm(a), _norm(b)
    return bool(x) and bool(y) and fuzz.ratio(x, y) >= 85


@dataclass(frozen=True)
class OutlineScore:
    detected: int
    expected: int
    matched: int

    @property
    def precision(self) -> float:
        return self.matched / self.detected if self.detected else (1.0 if not self.expected else 0.0)

    @property
    def recall(self) -> float:
        return self.matched / self.expected if self.expected else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


# Bookmarks that name an anchor, not a section: PLOS 2014 ("Section_3", "Reference 12", "TABLE_1"),
# and figure/table entries, which are not part of a section outline.
_NOT_A_SECTION = re.compile(r"^(?:section|table|figure|fig|reference|ref)[ _.]*\d+\b", re.IGNORECASE)


def section_bookmarks(bookmarks: tuple[Bookmark, ...]) -> tuple[Bookmark, ...]:
    """The bookmarks that can serve as ground truth for a section outline.

    Dropped: unresolved ones, anchor-named or figure/table ones, and titles repeated on 3+ entries
    (RSC's PDF repeats the paper title for each page). Fewer than 3 left: the PDF has no usable outline.
    """
    counts: dict[str, int] = {}
    for b in bookmarks:
        counts[b.title] = counts.get(b.title, 0) + 1
    keep = tuple(b for b in bookmarks
                 if b.page is not None and not _NOT_A_SECTION.match(b.title) and counts[b.title] < 3)
    return keep if len(keep) >= 3 else ()


def score_outline(detected: tuple[OutlineItem, ...], bookmarks: tuple[Bookmark, ...]) -> OutlineScore:
    """One-to-one matching: same page, fuzzily equal title, against :func:`section_bookmarks`."""
    expected = list(section_bookmarks(bookmarks))
    used: set[int] = set()
    matched = 0
    for d in detected:
        for i, b in enumerate(expected):
            if i not in used and b.page == d.page and titles_match(d.title, b.title):
                used.add(i)
                matched += 1
                break
    return OutlineScore(len(detected), len(expected), matched)
