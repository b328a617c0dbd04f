"""The shared corpus of real papers: manifest and extracted text items (cached).

Papers stay in ``../shared/corpus`` (``CITELENS_SHARED`` points elsewhere). Extracting a PDF with
pdfminer takes a second or more, so each extraction is cached as JSON under ``.cache/corpus/``, keyed
by the PDF's SHA-256 and the adapter's source, so a change to the adapter re-extracts. The scoring
helpers live in :mod:`citelens.evaluation`.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from citelens.fonts import classify_font
from citelens.model import Document, Font, Page

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
        data = extract(path).document.to_json()
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        tmp.replace(cached)
        # Through JSON either way (coordinates rounded to 0.01 pt), so a cold cache gives the same results.
        doc = Document.from_json(data)
    # Bold/italic come from font names: re-derive them so a change to fonts.py needs no re-extraction.
    pages = tuple(Page(p.number, p.width, p.height, p.items, tuple(Font(f.name, *classify_font(f.name))
                                                                    for f in p.fonts)) for p in doc.pages)
    return Document(pages, doc.bookmarks, doc.links)
