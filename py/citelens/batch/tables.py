"""The ``citelens batch`` output folder: Parquet tables written as part files, read back as one dataset each.

Why Parquet: typed, columnar and compressed, read as one table by DuckDB, pandas, Polars, Spark or Arrow
(``read_parquet('out/citations/*.parquet')``) without a database server. Layout of ``OUT/``::

    documents/part-<chunk>.parquet        one row per input file (ok or error)
    references/part-<chunk>.parquet       one row per reference-list entry
    citations/part-<chunk>.parquet        one row per in-text citation marker
    figure_mentions/part-<chunk>.parquet  one row per figure, table, equation or section mention (PDFs)
    outline/part-<chunk>.parquet          one row per outline entry (PDFs)
    analyses/part-<chunk>.jsonl           the analysis JSON of each document read, one per line

A chunk is a few documents written together (:func:`write_chunk`): each file goes to a temporary name and is
renamed into place, ``documents`` last, so a reader never sees half a file and a chunk exists once its
``documents`` part does; :func:`tidy` removes what an interrupted run left of a chunk that never got that far.
A file's error row stands until the file's next outcome is written: :func:`drop_superseded` then rewrites the
older ``documents`` parts without it, so each file has one row, its latest outcome, beside the ok rows that
other engines or versions gave it.
:data:`SCHEMAS` is the documented schema (README "Batches"), one ``pyarrow.schema`` per table; ``document``
(the file's SHA-256) joins them.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from citelens.batch.document import TABLES

_s, _i, _f, _b = pa.string(), pa.int32(), pa.float64(), pa.bool_()

SCHEMAS: dict[str, pa.Schema] = {
    "documents": pa.schema([
        ("document", _s), ("file", _s), ("sha256", _s), ("kind", _s), ("engine", _s), ("text_hash", _s),
        ("pages", _i), ("citation_style", _s), ("references", _i), ("citations", _i), ("status", _s),
        ("error", _s), ("citelens_version", _s), ("seconds", _f)]),
    "references": pa.schema([
        ("document", _s), ("index", _i), ("label", _s), ("raw", _s), ("page", _i), ("authors", pa.list_(_s)),
        ("year", _i), ("year_suffix", _s), ("title", _s), ("venue", _s), ("doi", _s), ("pmid", _s),
        ("arxiv_id", _s), ("url", _s), ("et_al", _b), ("ref_id", _s), ("keys", pa.list_(_s)), ("list", _i),
        ("list_title", _s)]),
    "citations": pa.schema([
        ("document", _s), ("index", _i), ("page", _i), ("start", _i), ("end", _i), ("text", _s),
        ("ref_indexes", pa.list_(_i)), ("sentence", _s), ("marker_start", _i), ("marker_end", _i),
        ("sentence_start", _i), ("sentence_end", _i), ("context", _s), ("source", _s)]),
    "figure_mentions": pa.schema([
        ("document", _s), ("index", _i), ("page", _i), ("text", _s), ("kind", _s), ("label", _s),
        ("target_page", _i), ("target_y", _f)]),
    "outline": pa.schema([
        ("document", _s), ("index", _i), ("title", _s), ("level", _i), ("page", _i), ("y", _f), ("source", _s)]),
}
assert tuple(sorted(SCHEMAS)) == tuple(sorted(TABLES))

ANALYSES = "analyses"
_PART = "part-"


def chunk_name(seq: int) -> str:
    """A chunk's name, unique across runs and sorting by when it was written."""
    return f"{time.time_ns():020d}-{os.getpid()}-{seq:05d}"


def write_chunk(out: Path, chunk: str, results: Iterable[dict[str, Any]]) -> None:
    """Write one chunk of :func:`citelens.batch.document.process` results: a part file per table (empty
    parts too: every part carries the schema) and the analyses' JSON Lines, each atomically."""
    results = list(results)
    staged: list[tuple[Path, Path]] = []
    try:
        lines = [r["analysis"] for r in results if r["analysis"] is not None]
        staged.append(_stage(out / ANALYSES / f"{_PART}{chunk}.jsonl",
                             lambda tmp: tmp.write_text("".join(line + "\n" for line in lines), encoding="utf-8")))
        for name in TABLES:
            rows = [row for r in results for row in r[name]]
            table = pa.Table.from_pylist(rows, schema=SCHEMAS[name])
            staged.append(_stage(out / name / f"{_PART}{chunk}.parquet", lambda tmp, t=table: pq.write_table(t, tmp)))
        for tmp, final in staged:  # documents last
            os.replace(tmp, final)
    finally:
        for tmp, _ in staged:
            tmp.unlink(missing_ok=True)


def _stage(final: Path, write: Any) -> tuple[Path, Path]:
    final.parent.mkdir(parents=True, exist_ok=True)
    tmp = _tmp(final)
    write(tmp)
    with tmp.open("rb") as f:
        os.fsync(f.fileno())
    return tmp, final


def _tmp(final: Path) -> Path:
    return final.with_name(f".{final.name}.tmp")


def _chunk_of(path: Path) -> str:
    return path.name.removeprefix(_PART).partition(".")[0]


def tidy(out: Path) -> int:
    """Remove temporary files and the parts of chunks without a ``documents`` part (an interrupted run's);
    how many files went."""
    committed = {_chunk_of(p) for p in (out / "documents").glob(f"{_PART}*.parquet")}
    removed = 0
    for folder in [*(out / name for name in TABLES), out / ANALYSES]:
        if not folder.is_dir():
            continue
        for p in folder.iterdir():
            if p.name.endswith(".tmp") or (p.name.startswith(_PART) and _chunk_of(p) not in committed):
                p.unlink()
                removed += 1
    return removed


def drop_superseded(out: Path) -> int:
    """Remove every ``documents`` error row that a later row of the same file (its path) or of the same bytes
    (its SHA-256) supersedes; how many rows went. An ok row always stays. Only ``documents`` parts change (an
    error row has no rows in the other tables): each is rewritten to a temporary file renamed over it, and one
    left with no row goes with the rest of its chunk (empty parts). A stop at any moment leaves each part as it
    was or as it is to be, and the rows that supersede were written before any row goes."""
    parts = sorted((out / "documents").glob(f"{_PART}*.parquet"))
    files: set[str] = set()
    shas: set[str] = set()
    drop: dict[Path, set[int]] = {}
    for part in reversed(parts):  # the latest first: parts sort by when they were written, rows within one too
        rows = pq.read_table(part, columns=["file", "sha256", "status"]).to_pylist()
        for n in reversed(range(len(rows))):
            file, sha = rows[n]["file"], rows[n]["sha256"]
            if rows[n]["status"] != "ok" and (file in files or sha in shas):
                drop.setdefault(part, set()).add(n)
            files.add(file)
            if sha:
                shas.add(sha)
    for part, gone in drop.items():
        table = pq.read_table(part, schema=SCHEMAS["documents"])
        kept = table.filter(pa.array([n not in gone for n in range(table.num_rows)], pa.bool_()))
        if not kept.num_rows:
            part.unlink()
            continue
        try:
            os.replace(_stage(part, lambda tmp, t=kept: pq.write_table(t, tmp))[0], part)
        finally:
            _tmp(part).unlink(missing_ok=True)
    if drop:
        tidy(out)  # the other parts of the chunks left without a documents part
    return sum(map(len, drop.values()))


def read(out: Path, name: str, columns: list[str] | None = None) -> pa.Table:
    """Table ``name`` of ``out``: every part as one table (empty, with its schema, before any)."""
    folder = out / name
    parts = sorted(folder.glob(f"{_PART}*.parquet")) if folder.is_dir() else []
    if not parts:
        return SCHEMAS[name].empty_table().select(columns or SCHEMAS[name].names)
    return ds.dataset(parts, schema=SCHEMAS[name], format="parquet").to_table(columns=columns)


def analyses(out: Path) -> list[dict[str, Any]]:
    """Every analysis JSON of ``out``, chunk by chunk."""
    found = []
    for part in sorted((out / ANALYSES).glob(f"{_PART}*.jsonl")):
        found.extend(json.loads(line) for line in part.read_text(encoding="utf-8").splitlines())
    return found


def written(out: Path) -> list[dict[str, Any]]:
    """(file, sha256, kind, engine, status, citelens_version) of every ``documents`` row of ``out``: what a
    new run skips or retries."""
    return read(out, "documents", ["file", "sha256", "kind", "engine", "status", "citelens_version"]).to_pylist()
