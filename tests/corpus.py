"""The shared corpus of real papers: manifest and extracted text items (cached).

Papers stay in ``../shared/corpus`` (``CITELENS_SHARED`` points elsewhere). Extracting a PDF takes
a second or more with pdfminer (a tenth of that with PDFium), so each extraction is cached as JSON under
``.cache/corpus/``, keyed by the PDF's SHA-256, the engine and the adapter's source, so a change to the
adapter re-extracts. :data:`ENGINE` is the engine the accuracy tests read the papers with (the CLI's
default, :func:`citelens.cli.pdf.default_engine`); ``document(file, engine=...)`` reads with the other.
The scoring helpers live in :mod:`citelens.evaluation`.

A third engine, ``"pdfjs"`` (:data:`READER`), reads a paper as the reader does: pdf.js's text items through
``web/analysis/extract.js`` (``tools/extract_pdfjs.mjs`` under Node; the project's ``npm ci`` brings
pdf.js), made plain as the worker makes them (:meth:`~citelens.model.Document.plain`).
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import subprocess
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from citelens.cli.pdf import ENGINES
from citelens.fonts import with_font_styles
from citelens.model import Document

if TYPE_CHECKING:
    from citelens.evaluation import PaperScore

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


@cache
def check_papers() -> tuple[Paper, ...]:
    """``check/``: papers kept for checking generalisation. Use their pooled totals only: never list,
    debug or tune to one of them (its README)."""
    path = CORPUS / "check" / "MANIFEST.tsv"
    if not path.is_file():
        return ()
    with path.open(newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["file"].endswith(".pdf")]
    return tuple(Paper(f"check/{Path(r['file']).name}", int(r["pages"] or 0), r["has_outline"] == "yes",
                       int(r["bookmarks"] or 0), r["style_guess"], r) for r in rows)


def jats_articles() -> list[Path]:
    """``jats/``'s articles in name order, for the probes that lay them out as papers; the calling test is skipped
    where the folder holds none (a checkout without ``../shared``)."""
    articles = sorted((CORPUS / "jats").glob("*.xml"))
    if not articles:
        import pytest  # (tools import this module too, without pytest's run)

        pytest.skip(f"no JATS articles in {CORPUS / 'jats'}")
    return articles


STYLES = ("numbered-bracket", "numbered-paren", "superscript", "author-year", "alphabetic")


def style_bucket(paper: Paper) -> str:
    """The citation style a paper's hand label (MANIFEST ``style_guess``, and a note "alphabetic labels" for
    ``[Knu84]`` lists) falls in: one of :data:`STYLES`, ``numbered`` or ``other``."""
    if "alphabetic labels" in paper.row.get("notes", ""):
        return "alphabetic"
    for name in STYLES:
        if paper.style.startswith(name):
            return name
    return "numbered" if paper.style.startswith("numbered") else "other"


#: The engine of the corpus accuracy tests: the CLI's default where both are installed.
ENGINE = next(iter(ENGINES))


#: The reader's engine: pdf.js and the browser's adapter (see the module's docstring).
READER = "pdfjs"
_READER_SOURCES = ("web/analysis/extract.js", "web/analysis/destinations.js", "tools/extract_pdfjs.mjs",
                   "node_modules/pdfjs-dist/package.json")


def _adapter_key(engine: str) -> str:
    if engine == READER:
        src = b"".join((ROOT / f).read_bytes() for f in _READER_SOURCES)
    else:
        adapters = ROOT / "py" / "citelens" / "adapters"
        src = (adapters / f"{engine}.py").read_bytes() + (adapters / "pdftext.py").read_bytes()
    model = (ROOT / "py" / "citelens" / "model.py").read_bytes()
    return hashlib.sha256(src + model).hexdigest()[:10]


def _cache_file(file: str, engine: str) -> Path:
    from citelens.adapters.pdftext import file_sha256

    tag = "" if engine == "pdfminer" else f"-{engine}"
    return CACHE / f"{Path(file).stem}-{file_sha256(CORPUS / file)[:12]}{tag}-{_adapter_key(engine)}.json"


def read_as_the_reader(files: Iterable[str]) -> None:
    """Extract with pdf.js (one Node process) every paper of ``files`` not yet in the cache."""
    todo = [f for f in files if not _cache_file(f, READER).is_file()]
    if not todo:
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        run = subprocess.run(["node", str(ROOT / "tools" / "extract_pdfjs.mjs"), tmp, *(str(CORPUS / f) for f in todo)],
                             capture_output=True, text=True, cwd=ROOT)
        if run.returncode:
            raise RuntimeError(f"tools/extract_pdfjs.mjs failed ({run.returncode}): {run.stderr[-2000:]}")
        for f in todo:
            record = json.loads((Path(tmp) / f"{Path(f).stem}.json").read_text(encoding="utf-8"))
            if "error" in record:
                raise RuntimeError(f"pdf.js cannot read {f}: {record['error']}")
            (Path(tmp) / f"{Path(f).stem}.json").replace(_cache_file(f, READER))


@cache
def document(file: str, engine: str = ENGINE) -> Document:
    """The paper's Document as the ``engine`` adapter makes it (cached on disk), its fonts styled."""
    from citelens.cli.pdf import engine_module

    path = CORPUS / file
    cached = _cache_file(file, engine)
    if engine == READER:
        read_as_the_reader([file])
        record = json.loads(cached.read_text(encoding="utf-8"))
        return with_font_styles(Document.from_json(record["document"]).plain())
    if cached.is_file():
        doc = Document.from_json(json.loads(cached.read_text(encoding="utf-8")))
    else:
        data = engine_module(engine).extract(path).document.to_json()
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        tmp.replace(cached)
        # Through JSON either way (coordinates rounded to 0.01 pt), so a cold cache gives the same results.
        doc = Document.from_json(data)
    # Styled as the pipeline's first stage styles it, for the tests that run one stage alone.
    return with_font_styles(doc)


def papers(folder: str) -> tuple[Paper, ...]:
    return check_papers() if folder == "check" else pdf_papers()


WITHIN = 0.05  # a reference count is right within 5 % of the entries the PDF marks (PaperScore.entries_marked)


def score_folder(folder: str, engine: str = ENGINE) -> list[tuple[Paper, PaperScore]]:
    """Each paper of ``pdf`` or ``check`` read by ``engine``, analysed text-only and scored against its own
    links, as ``citelens eval`` does. The reader's reading (:data:`READER`) is scored against the links and
    bookmarks :data:`ENGINE` reads, so both readings meet the same truth."""
    from dataclasses import replace

    from citelens.evaluation import evaluate, reference_list
    from citelens.pipeline import analyze

    out = []
    if engine == READER:
        read_as_the_reader(p.file for p in papers(folder))
    for paper in papers(folder):
        doc = document(paper.file, engine)
        if engine == READER:
            truth = document(paper.file)
            doc = replace(doc, links=truth.links, bookmarks=truth.bookmarks, destinations=truth.destinations)
        analysis = analyze(doc, text_only=True)
        refs = reference_list(doc)
        out.append((paper, evaluate(doc, analysis, refs, name=paper.stem)))
    return out


def pooled(scored: list[tuple[Paper, PaperScore]]) -> dict:
    """Totals of a folder: pooled over every paper and over each citation style (:func:`style_bucket`)."""
    from citelens.evaluation import Tally, summarize

    summary = summarize(s for _, s in scored)
    linked = [s for _, s in scored if s.tally.links and s.entries_marked]
    within = sum(1 for s in linked if abs(s.reference_error) <= WITHIN * s.entries_marked)
    styles: dict[str, dict] = {}
    for name in sorted({style_bucket(r) for r, _ in scored}):
        group = [s for r, s in scored if style_bucket(r) == name and s.tally.links]
        full = sum((s.tally for s in group if not s.partial), Tally())
        every = sum((s.tally for s in group), Tally())
        styles[name] = {"papers": len(group), "full_papers": sum(1 for s in group if not s.partial),
                        "entry_f1": round(full.entry_f1, 3), "marker_precision": round(full.marker_precision, 3),
                        "marker_recall_all": round(every.marker_recall, 3),
                        "entry_accuracy_all": round(every.entry_accuracy, 3)}
    return {"papers": summary.papers, "linked_papers": summary.linked_papers,
            "entry_f1": round(summary.full.entry_f1, 3), "marker_f1": round(summary.full.marker_f1, 3),
            "marker_precision": round(summary.full.marker_precision, 3),
            "marker_recall": round(summary.full.marker_recall, 3),
            "entry_accuracy_all": round(summary.all.entry_accuracy, 3),
            "outline_f1": round(summary.outline.f1, 3), "outline_precision": round(summary.outline.precision, 3),
            "outline_recall": round(summary.outline.recall, 3), "outline_papers": summary.outline_papers,
            "refcount_within_5pct": f"{within}/{len(linked)}", "contradicted": summary.contradicted,
            "styles": styles}


def render_pooled(folder: str, t: dict) -> str:
    lines = [f"{folder}: {t['papers']} papers, {t['linked_papers']} linked; marker→entry F1 {t['entry_f1']:.3f} "
             f"(marker P {t['marker_precision']:.3f} R {t['marker_recall']:.3f} F1 {t['marker_f1']:.3f}), "
             f"accuracy (all linked) {t['entry_accuracy_all']:.3f}; outline F1 {t['outline_f1']:.3f} "
             f"(P {t['outline_precision']:.3f} R {t['outline_recall']:.3f}, {t['outline_papers']} papers); "
             f"reference count within 5 % on {t['refcount_within_5pct']}; "
             f"{t['contradicted']} contradicted links set aside"]
    for name, s in t["styles"].items():
        lines.append(f"  {name:<17} {s['papers']:>3} linked ({s['full_papers']} fully): F1 {s['entry_f1']:.3f}  "
                     f"marker P {s['marker_precision']:.3f}  recall (all) {s['marker_recall_all']:.3f}  "
                     f"accuracy (all) {s['entry_accuracy_all']:.3f}")
    return "\n".join(lines)
