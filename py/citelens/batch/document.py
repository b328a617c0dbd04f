"""One input file (a PDF, a JATS/Elsevier/BMC XML article or a publisher's HTML page) to its analysis JSON and
its rows of the ``citelens batch`` tables (:mod:`citelens.batch.tables` holds their schemas).

:func:`process` never raises for a bad file: the file is a ``documents`` row with ``status`` "error" and the
message ``citelens analyze`` would print for it. :func:`task` is what a Dask worker runs: :func:`process` in a
child process of its own (:class:`citelens.batch.pool.Sandbox`, one per worker thread, reused from file to
file) under ``options["timeout"]``: a file past it has its child killed and is an error row "timed out after
N s", as is a file that kills the child. The rows are plain dicts made
from the analysis JSON alone (:func:`rows`), so the JSON Lines and the tables never disagree, and they need
no pyarrow.
"""

from __future__ import annotations

import atexit
import hashlib
import threading
import time
from pathlib import Path
from typing import Any

from citelens import __version__, ids
from citelens.adapters.pdftext import file_sha256
from citelens.cli.common import failure, render

PDF_SUFFIXES = (".pdf",)
XML_SUFFIXES = (".xml", ".nxml")
HTML_SUFFIXES = (".html", ".htm")
SUFFIXES = PDF_SUFFIXES + XML_SUFFIXES + HTML_SUFFIXES

#: The tables, in the order a chunk's part files are renamed into place (``documents`` last: a chunk counts
#: as written once its ``documents`` part is there).
TABLES = ("references", "citations", "figure_mentions", "outline", "documents")


def kind_of(path: Path) -> str:
    """"pdf", "xml" or "html", by the file's suffix."""
    suffix = path.suffix.lower()
    return "pdf" if suffix in PDF_SUFFIXES else "html" if suffix in HTML_SUFFIXES else "xml"


def process(file: str, sha256: str | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """``{"analysis": the compact analysis JSON or None, table name: [row, ...]}`` for one file.
    ``options``: ``text_only``, ``password`` and ``engine`` (None: the default, ``cli.pdf.default_engine``)
    for PDFs; the analysis JSON is the one ``citelens analyze`` prints, the engine named in its source."""
    options = options or {}
    path = Path(file)
    kind = kind_of(path)
    began = time.monotonic()
    engine = None
    try:
        sha256 = sha256 or file_sha256(path)
        if kind == "pdf":
            data, engine = _pdf(path, options)
        else:
            data = _article(path, kind)
            engine = data["source"]["format"]
    except Exception as exc:  # noqa: BLE001 - a bad file is a row, never a failed task
        return failed(file, sha256, failure(path, exc).removeprefix(f"{path}: "), engine=engine,
                      seconds=time.monotonic() - began)
    out = rows(data, file=file, sha256=sha256 or "", kind=kind, engine=engine)
    out["documents"][0]["seconds"] = time.monotonic() - began
    return {"analysis": render(data), **out}


_sandboxes = threading.local()
_opened: list[Any] = []  # every Sandbox of this process, for close_sandboxes


def close_sandboxes() -> None:
    """End this process's sandbox children (at exit, or when nothing runs): their peak memory is then in
    ``resource.getrusage(RUSAGE_CHILDREN)``; the next task starts a fresh one."""
    for sandbox in _opened:
        sandbox.close()


def task(file: str, sha256: str | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """:func:`process` in this thread's sandbox process, stopped after ``options["timeout"]`` seconds (None:
    no limit)."""
    from citelens.batch.pool import Sandbox

    options = options or {}
    sandbox = getattr(_sandboxes, "sandbox", None)
    if sandbox is None:
        sandbox = _sandboxes.sandbox = Sandbox(_process, warm_up)
        if not _opened:
            atexit.register(close_sandboxes)
        _opened.append(sandbox)
    timeout = options.get("timeout")
    outcome = sandbox.call((file, sha256, options), timeout)
    if outcome.error is None:
        return outcome.result
    engine = options.get("engine") if kind_of(Path(file)) == "pdf" else None
    seconds = float(timeout) if outcome.timed_out else None
    return failed(file, sha256, outcome.error.rstrip().splitlines()[-1], engine=engine, seconds=seconds)


def _process(item: tuple[str, str | None, dict[str, Any]]) -> dict[str, Any]:
    return process(*item)


def warm_up() -> None:
    """A sandbox's imports and collector (:func:`~citelens.cli.common.tune_gc`), before its first file's clock
    starts."""
    import citelens.cli.xml  # noqa: F401
    import citelens.pipeline  # noqa: F401
    from citelens.cli.common import tune_gc
    from citelens.cli.pdf import pdf_adapter

    tune_gc()

    pdf_adapter()


def _pdf(path: Path, options: dict[str, Any]) -> tuple[dict[str, Any], str]:
    from citelens import pipeline
    from citelens.cli.pdf import PDF_EXTRA_HINT, pdf_adapter
    from citelens.model import CitelensError, Source

    adapter = pdf_adapter(options.get("engine"))
    if adapter is None:
        raise CitelensError(PDF_EXTRA_HINT)
    extraction = adapter.extract(path, password=options.get("password", ""))
    analysis = pipeline.analyze(extraction.document,
                                source=Source(str(path), extraction.sha256, None, adapter.NAME),
                                text_only=bool(options.get("text_only")), diagnostics=extraction.diagnostics)
    return analysis.to_json(), adapter.NAME


def _article(path: Path, kind: str) -> dict[str, Any]:
    from citelens.cli.xml import read

    return read(path).to_json()


def _text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _document_row(file: str, sha256: str | None, kind: str, engine: str | None,
                  seconds: float | None = None) -> dict[str, Any]:
    return {"document": sha256, "file": file, "sha256": sha256, "kind": kind, "engine": engine,
            "text_hash": None, "pages": None, "citation_style": None, "references": None, "citations": None,
            "status": "ok", "error": None, "citelens_version": __version__, "seconds": seconds}


def failed(file: str, sha256: str | None, message: str, *, engine: str | None = None,
           seconds: float | None = None) -> dict[str, Any]:
    """The result of a file that gave no analysis: its ``documents`` row with ``message``, no other rows."""
    row = _document_row(file, sha256 or None, kind_of(Path(file)), engine, seconds)
    return {"analysis": None, "documents": [{**row, "status": "error", "error": message}],
            **{name: [] for name in TABLES if name != "documents"}}


def rows(data: dict[str, Any], *, file: str, sha256: str, kind: str, engine: str | None) -> dict[str, list[dict[str, Any]]]:
    """The table rows of one analysis JSON (a PDF's :meth:`~citelens.model.Analysis.to_json` or an
    article's :meth:`~citelens.xml.article.XmlArticle.to_json`); ``document`` is the file's SHA-256."""
    doc = sha256
    row = _document_row(file, sha256, kind, engine)
    row["references"], row["citations"] = len(data["references"]), len(data["citations"])
    if "pages" in data:  # a PDF's analysis
        row.update(text_hash=data["source"]["text_hash"], pages=len(data["pages"]),
                   citation_style=data["citation_style"])
        # A book's or a thesis's lists, one per chapter: each entry's list and its chapter's heading.
        lists = {i: (k, part["title"]) for k, part in enumerate(data.get("reference_lists") or [], start=1)
                 for i in range(part["first"], part["last"] + 1)}
        return {
            "documents": [row],
            "references": [_pdf_reference(doc, r, *lists.get(r["index"], (None, None))) for r in data["references"]],
            "citations": [_pdf_citation(doc, n, c) for n, c in enumerate(data["citations"], start=1)],
            "figure_mentions": [{"document": doc, "index": n, "page": m["page"], "text": m["text"],
                                 "kind": m["kind"], "label": m["label"],
                                 "target_page": (m["target"] or {}).get("page"),
                                 "target_y": (m["target"] or {}).get("y")}
                                for n, m in enumerate(data["figure_mentions"], start=1)],
            "outline": [{"document": doc, "index": n, "title": o["title"], "level": o["level"], "page": o["page"],
                         "y": o["y"], "source": data["outline_source"]}
                        for n, o in enumerate(data["outline"], start=1)],
        }
    row["text_hash"] = _text_hash(data["text"])
    by_id = {r["id"]: r["index"] for r in data["references"]}
    return {
        "documents": [row],
        "references": [_article_reference(doc, r) for r in data["references"]],
        "citations": [_article_citation(doc, n, c, data["text"], by_id)
                      for n, c in enumerate(data["citations"], start=1)],
        "figure_mentions": [],
        "outline": [],
    }


def _pdf_reference(doc: str, r: dict[str, Any], part: int | None, title: str | None) -> dict[str, Any]:
    return {"document": doc, "index": r["index"], "label": r["label"], "raw": r["raw"], "page": r["page"],
            "authors": r["authors"], "year": r["year"], "year_suffix": r["year_suffix"], "title": r["title"],
            "venue": None, "doi": r["doi"], "pmid": None, "arxiv_id": r["arxiv_id"], "url": r["url"],
            "et_al": r["et_al"], "ref_id": None, "keys": r["keys"], "list": part, "list_title": title}


def _article_reference(doc: str, r: dict[str, Any]) -> dict[str, Any]:
    return {"document": doc, "index": r["index"], "label": r["label"], "raw": r["raw"], "page": None,
            "authors": r["authors"], "year": r["year"], "year_suffix": r["year_suffix"], "title": r["title"],
            "venue": r["source"], "doi": r["doi"], "pmid": r["pmid"], "arxiv_id": r["arxiv_id"], "url": r["url"],
            "et_al": None, "ref_id": r["id"], "keys": ids.match_keys(r["doi"], r["arxiv_id"], r["title"], r["year"]),
            "list": None, "list_title": None}


def _pdf_citation(doc: str, n: int, c: dict[str, Any]) -> dict[str, Any]:
    s = c["sentence"] or {}
    return {"document": doc, "index": n, "page": c["page"], "start": None, "end": None, "text": c["text"],
            "ref_indexes": c["ref_indexes"], "sentence": s.get("text"), "marker_start": s.get("start"),
            "marker_end": s.get("end"), "sentence_start": None, "sentence_end": None, "context": None,
            "source": c["source"]}


def _article_citation(doc: str, n: int, c: dict[str, Any], text: str, by_id: dict[str, int]) -> dict[str, Any]:
    a, b = c["sentence"]["start"], c["sentence"]["end"]
    return {"document": doc, "index": n, "page": None, "start": c["start"], "end": c["end"], "text": c["text"],
            "ref_indexes": [by_id[i] for i in c["ref_ids"] if i in by_id], "sentence": text[a:b],
            "marker_start": c["start"] - a, "marker_end": c["end"] - a, "sentence_start": a, "sentence_end": b,
            "context": c["context"], "source": "markup"}
