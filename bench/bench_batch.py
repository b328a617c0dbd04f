"""Whole-PDF throughput on one machine: each engine, ``analyze --jobs``, Dask, and INSPIRE's refextract beside.

    .venv/bin/python bench/bench_batch.py [--limit N] [--skip-refextract] [--skip-dask] [--engine E] [--out FILE]

On :data:`PAPERS`, 16 corpus papers of every citation style (the first of each style in turn, by file name,
from ``../shared/corpus/pdf``), one after the other in this process unless said:

  engine E      seconds per paper for the whole PDF: the adapter of engine E (pdfminer; pdfium where it exists)
                reads the file, the pipeline analyses it, the JSON is rendered; and the reference count
  refextract    INSPIRE's ``refextract.extract_references_from_file`` (it runs poppler's ``pdftotext``): its
                seconds per paper and the references it finds, with our time as a ratio of its time per paper
                (the target: <= 0.2x on every paper)
  --jobs 1/2    ``citelens analyze --jobs N --engine E -q`` over the 16 files as a user runs it (a new process:
                start-up and imports included; E: ``--engine``, else pdfium where it exists); papers per second,
                and the peak memory (RSS) of each of its processes
  dask 1/2      ``citelens.batch.run`` with engine E on a LocalCluster of 1 and 2 workers started beforehand
                (its start-up reported apart) into a new output folder; papers per second, each worker's peak
                memory

This process sets the collector as the command line does (:func:`citelens.cli.common.tune_gc`); refextract,
run in it too, has the same setting. Time is wall time (``time.perf_counter``): throughput with several
processes is what is measured. Each paper's
seconds, ours and refextract's alike, are the median of ``--repeat`` runs (3). One warm-up run per engine and
for refextract (imports; refextract loads its knowledge bases) on the smallest corpus paper is not counted.
Asserts nothing: the figures depend on the machine and its load; take final figures on an otherwise idle
machine. Prints a table and writes every number to ``--out``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # tests/corpus.py: the manifest and the corpus folder

import corpus  # noqa: E402

from citelens import pipeline  # noqa: E402
from citelens.cli.common import render, tune_gc  # noqa: E402
from citelens.model import Source  # noqa: E402

#: 16 papers, four styles in turn (and the corpus's two alphabetic-label papers): 5 to 55 pages.
PAPERS = (
    "pdf/pypdf__1512.04469.pdf",  # alphabetic
    "pdf/BufferStockTheory__BufferStockTheory-NoAppendix.pdf",  # author-year, 42 pages
    "pdf/DropImpact_PRL_arXiv__ms.pdf",  # numbered in brackets
    "pdf/acm-pldi-2009-tracemonkey.pdf",  # numbered in parentheses
    "pdf/acs-jctc-2022-2c00401.pdf",  # superscripts
    "pdf/pypdf__1801.07779.pdf",  # alphabetic
    "pdf/BufferStockTheory__harmenbergInvariant.pdf",  # author-year
    "pdf/New_MH_Test__SelfNormLimits13.pdf",  # numbered in brackets
    "pdf/asm-aem-2011-00294-11.pdf",  # numbered in parentheses
    "pdf/arxiv-2022-xai-molecular-perspective.pdf",  # superscripts, 41 pages
    "pdf/HAFiscal-Public__HAFiscal.pdf",  # author-year, 55 pages
    "pdf/New_MH_Test__bardenet14-supp.pdf",  # numbered in brackets
    "pdf/asm-jbacteriol-2022-00479-21.pdf",  # numbered in parentheses
    "pdf/bmj-open-2016-012335.pdf",  # superscripts
    "pdf/MinerU__demo1_spans.pdf",  # author-year
    "pdf/arxiv-2015-influence-maximization-1504.06236.pdf",  # numbered in brackets
)
WARM_UP = "pdf/jacow-ipac2018-wepml008.pdf"  # 3 pages
ENGINES = ("pdfminer", "pdfium")
RATIO_TARGET = 0.2  # our seconds / refextract's, on every paper


def engines() -> list[str]:
    """The engines whose adapter exists and whose PDF library is installed."""
    found = []
    for name in ENGINES:
        try:
            importlib.import_module(f"citelens.adapters.{name}")
        except ModuleNotFoundError:
            continue
        found.append(name)
    return found


def whole_pdf(engine: str, path: Path) -> tuple[float, int]:
    """Seconds for the whole PDF with ``engine`` and the reference count."""
    adapter = importlib.import_module(f"citelens.adapters.{engine}")
    began = time.perf_counter()
    extraction = adapter.extract(path)
    analysis = pipeline.analyze(extraction.document, source=Source(str(path), extraction.sha256, None),
                                diagnostics=extraction.diagnostics)
    render(analysis.to_json())
    return time.perf_counter() - began, len(analysis.references)


def median_of(runs: int, timed: Any, *args: Any) -> tuple[float, int]:
    """The median seconds of ``runs`` runs of ``timed(*args)`` (which returns seconds and a count), and the
    count (the same each run). One run of a fraction of a second varies by a third from run to run here."""
    results = [timed(*args) for _ in range(max(runs, 1))]
    return statistics.median(t for t, _ in results), results[-1][1]


def refextract(path: Path) -> tuple[float, int]:
    """refextract's seconds and reference count on ``path``. It reads a copy: refextract cuts what follows a
    PDF's last %%EOF out of the file itself, in place (``clean_pdf_file``), and the corpus must stay as fetched."""
    from refextract import extract_references_from_file

    with tempfile.TemporaryDirectory() as scratch:
        copy = Path(shutil.copy(path, scratch))
        began = time.perf_counter()
        found = extract_references_from_file(str(copy))
        return time.perf_counter() - began, len(found)


def _peak_rss(pid: int, stop: threading.Event, peaks: dict[int, int]) -> None:
    """Sample the RSS of ``pid`` and its descendants every 0.1 s into ``peaks`` (bytes, per process)."""
    import psutil

    try:
        root = psutil.Process(pid)
    except psutil.NoSuchProcess:
        return
    while not stop.is_set():
        try:
            tree = [root, *root.children(recursive=True)]
        except psutil.Error:  # it has ended
            return
        for p in tree:
            try:
                if "resource_tracker" not in " ".join(p.cmdline()):  # multiprocessing's helper, no worker
                    peaks[p.pid] = max(peaks.get(p.pid, 0), p.memory_info().rss)
            except psutil.Error:
                pass
        stop.wait(0.1)


def jobs(n: int, files: list[Path], engine: str) -> dict[str, Any]:
    """``citelens analyze --jobs n -q FILES`` as a new process: seconds, papers per second, peak RSS."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    began = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "citelens", "analyze", "--jobs", str(n), "--engine", engine, "-q",
                             *map(str, files)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    stop, peaks = threading.Event(), {}
    sampler = threading.Thread(target=_peak_rss, args=(proc.pid, stop, peaks))
    sampler.start()
    _, err = proc.communicate()
    seconds = time.perf_counter() - began
    stop.set()
    sampler.join()
    workers = sorted((v for k, v in peaks.items() if k != proc.pid), reverse=True) or [peaks.get(proc.pid, 0)]
    return {"seconds": seconds, "papers_per_second": len(files) / seconds, "exit": proc.returncode,
            "stderr": err.decode("utf-8", "replace").strip()[-500:],
            "peak_mb_main": peaks.get(proc.pid, 0) / 2**20, "peak_mb_workers": [w / 2**20 for w in workers]}


def _maxrss_kb() -> int:
    """A Dask worker's peak RSS, KiB on Linux: its own or its sandbox child's (which reads the files), ended
    first so that the kernel counts it."""
    from citelens.batch.document import close_sandboxes

    close_sandboxes()
    return max(resource.getrusage(who).ru_maxrss for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))


def dask(n: int, files: list[Path], engine: str) -> dict[str, Any]:
    """``citelens.batch.run`` on a fresh LocalCluster of ``n`` workers into a new folder."""
    from citelens.batch import run as batch

    began = time.perf_counter()
    with batch.connect(workers=n) as client, tempfile.TemporaryDirectory(prefix="bench-batch-") as out:
        client.wait_for_workers(n)
        started = time.perf_counter() - began
        t0 = time.perf_counter()
        summary = batch.run(files, Path(out), client, options={"engine": engine}, say=lambda line: None)
        seconds = time.perf_counter() - t0
        peaks = client.run(_maxrss_kb)
    return {"start_seconds": started, "seconds": seconds, "papers_per_second": len(files) / seconds,
            "ok": summary.ok, "failed": summary.failed, "peak_mb_workers": sorted((v / 1024 for v in peaks.values()),
                                                                                  reverse=True)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=int, default=None, help="only the first N papers")
    ap.add_argument("--skip-refextract", action="store_true")
    ap.add_argument("--skip-dask", action="store_true")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs per paper of each engine and of refextract; the median counts (default 3)")
    ap.add_argument("--engine", choices=ENGINES, default=None,
                    help="the engine of the --jobs and Dask runs (default: the fastest installed, pdfium)")
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "bench-batch.json")
    args = ap.parse_args()
    tune_gc()
    if not args.skip_refextract and shutil.which("pdftotext") is None:
        print("bench_batch: refextract reads PDFs through poppler's pdftotext, which is not installed: run "
              "`make bench-batch` (it installs Debian's poppler-utils) or pass --skip-refextract", file=sys.stderr)
        return 2

    files = [corpus.CORPUS / name for name in PAPERS[:args.limit]]
    missing = [f for f in files if not f.is_file()]
    if missing:
        print(f"bench_batch: not in the corpus: {', '.join(map(str, missing))}", file=sys.stderr)
        return 1
    pages = {p.file: p.pages for p in corpus.pdf_papers()}
    styles = {p.file: corpus.style_bucket(p) for p in corpus.pdf_papers()}
    warm = corpus.CORPUS / WARM_UP
    found = engines()
    rows: list[dict[str, Any]] = [{"paper": name, "pages": pages.get(name), "style": styles.get(name)}
                                  for name in PAPERS[:args.limit]]
    for engine in found:
        whole_pdf(engine, warm)
        for row, path in zip(rows, files, strict=True):
            row[f"{engine}_s"], row[f"{engine}_refs"] = median_of(args.repeat, whole_pdf, engine, path)
            print(f"  {engine:<10} {row[f'{engine}_s']:7.2f} s  {row['paper']}", file=sys.stderr, flush=True)
    ours = args.engine or found[-1]  # the fastest engine installed: pdfium where it exists
    if not args.skip_refextract:
        refextract(warm)
        for row, path in zip(rows, files, strict=True):
            row["refextract_s"], row["refextract_refs"] = median_of(args.repeat, refextract, path)
            for engine in found:
                row[f"{engine}_ratio"] = row[f"{engine}_s"] / row["refextract_s"]
            print(f"  refextract {row['refextract_s']:7.2f} s  {row['paper']}", file=sys.stderr, flush=True)
    runs: dict[str, Any] = {f"jobs_{n}": jobs(n, files, ours) for n in (1, 2)}
    if not args.skip_dask:
        runs.update({f"dask_{n}": dask(n, files, ours) for n in (1, 2)})

    report = {"machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                          "load_1min": os.getloadavg()[0]},
              "engines": found, "runs_engine": ours, "repeat": args.repeat, "papers": rows, "runs": runs}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2), encoding="utf-8")
    print(table(report))
    print(f"\nwritten to {args.out}")
    return 0


def table(report: dict[str, Any]) -> str:
    found, rows = report["engines"], report["papers"]
    has_ref = rows and "refextract_s" in rows[0]
    head = ["paper", "pages", "style", *(f"{e} s" for e in found), *(f"{e} refs" for e in found)]
    if has_ref:
        head += ["refextract s", "refextract refs", *(f"{e} / refextract" for e in found)]
    lines = [" | ".join(head), " | ".join("---" for _ in head)]
    for r in rows:
        cells = [Path(r["paper"]).stem[:40], str(r["pages"]), str(r["style"]),
                 *(f"{r[f'{e}_s']:.2f}" for e in found), *(str(r[f"{e}_refs"]) for e in found)]
        if has_ref:
            cells += [f"{r['refextract_s']:.2f}", str(r["refextract_refs"]), *(f"{r[f'{e}_ratio']:.2f}x" for e in found)]
        lines.append(" | ".join(cells))
    out = ["| " + line + " |" for line in lines]
    out.append("")
    for e in found:
        secs = [r[f"{e}_s"] for r in rows]
        out.append(f"{e}: median {statistics.median(secs):.2f} s a paper, "
                   f"{statistics.median(r[f'{e}_s'] / r['pages'] for r in rows) * 1000:.0f} ms a page")
        if has_ref:
            ratios = [r[f"{e}_ratio"] for r in rows]
            met = sum(1 for x in ratios if x <= RATIO_TARGET)
            out.append(f"  / refextract: median {statistics.median(ratios):.2f}x, worst {max(ratios):.2f}x; "
                       f"<= {RATIO_TARGET}x (target: every paper) on {met} of {len(ratios)}")
    if has_ref:
        out.append(f"refextract: median {statistics.median(r['refextract_s'] for r in rows):.2f} s a paper")
    out.append(f"--jobs and Dask runs with --engine {report['runs_engine']}:")
    for name, run in report["runs"].items():
        extra = f" (cluster start {run['start_seconds']:.1f} s apart)" if "start_seconds" in run else \
                f" (main process {run['peak_mb_main']:.0f} MB)"
        workers = ", ".join(f"{m:.0f}" for m in run["peak_mb_workers"])
        out.append(f"{name}: {run['papers_per_second']:.3f} papers/s ({run['seconds']:.1f} s); "
                   f"peak MB per worker: {workers}{extra}")
    load = report["machine"]["load_1min"]
    out.append(f"machine: {report['machine']['cpus']} CPUs, load {load:.1f} at the end (idle is ~0: figures "
               "taken under load are no figures)")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
