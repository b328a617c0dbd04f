"""Time the reference look-up chain per entry (its own CPU: parsing, matching, the chain's bookkeeping) and
``citelens xml`` over the corpus's XML articles.

    .venv/bin/python bench/bench_resolve.py [--repeat 20] [--json build/bench-resolve.json]

Resolution: each recorded case of tests/resolve_fixtures.py (the real API answers in
``$CITELENS_SHARED/api-fixtures``, replayed by URL: the only fake, at the network boundary) goes through
``citelens.resolve.resolve`` in CPython with a fresh client, no cache and a fake clock (a rate limit's wait
takes no time), ``--repeat`` times in one event loop; the median CPU time counts. The cases:

  doi     an entry holding only a DOI that a recording answers (Crossref works/, DataCite dois/)
  title   an entry holding the title, year and first author of a recorded search hit
  none    a DOI Crossref does not know, a title no API finds

XML: every file of ``corpus/jats`` through ``citelens.xml.read_article`` in this process (median of
``--repeat`` runs per file, CPU), and the command ``citelens xml corpus/jats -o …`` once in a subprocess
(wall time, interpreter start included). Asserts nothing; prints a table and writes every number to
``--json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # resolve_fixtures.py and corpus.py, imported as the tests do

import resolve_fixtures as rf  # noqa: E402
from corpus import SHARED  # noqa: E402

from citelens.resolve import Client, resolve  # noqa: E402


def cases() -> list[tuple[str, str, dict[str, Any]]]:
    """(kind, name, entry) for every recorded answer the chain can be led to."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    for (host, path), file in sorted(rf._by_path().items()):
        rec = rf.recorded(file)
        if rec.status != 200:
            continue
        if host == "api.crossref.org" and path.startswith("/works/10."):
            out.append(("doi", file, {"index": 1, "doi": path.removeprefix("/works/")}))
        elif host == "api.datacite.org" and path.startswith("/dois/10."):
            out.append(("doi", file, {"index": 1, "doi": path.removeprefix("/dois/")}))
    for key, file in rf.CROSSREF_SEARCHES.items():
        items = json.loads(rf.recorded(file).body)["message"]["items"]
        if not items:
            out.append(("none", file, {"index": 1, "title": key, "raw": f"A. Nobody. {key}. 2020."}))
            continue
        hit = items[0]
        title = hit["title"][0]
        year = (hit.get("issued", {}).get("date-parts") or [[None]])[0][0]
        author = (hit.get("author") or [{}])[0].get("family", "")
        out.append(("title", file, {"index": 1, "title": title, "year": year,
                                    "raw": f"{author} et al. {title}. {year}."}))
    out.append(("none", rf.CROSSREF_404, {"index": 1, "doi": "10.1371/notarealdoi"}))
    return out


async def _runs(entry: dict[str, Any], repeat: int) -> tuple[list[float], Any, int]:
    times, result, requests = [], None, 0
    for _ in range(repeat):
        clock = rf.FakeClock()
        replay = rf.Replay()
        client = Client(replay, clock=clock, sleep=clock.sleep)
        start = time.process_time()
        result = await resolve(entry, client)
        times.append((time.process_time() - start) * 1000)
        requests = len(replay.requested)
    return times, result, requests


def bench_resolution(repeat: int) -> dict[str, Any]:
    rows = []
    for kind, name, entry in cases():
        times, result, requests = asyncio.run(_runs(entry, repeat))
        rows.append({"kind": kind, "case": name, "entry": entry, "ms": statistics.median(times),
                     "min_ms": min(times), "status": str(result.status),
                     "via": None if result.via is None else str(result.via), "requests": requests})
    by_kind = {k: statistics.median(r["ms"] for r in rows if r["kind"] == k) for k in sorted({r["kind"] for r in rows})}
    return {"repeat": repeat, "cases": rows, "median_ms": statistics.median(r["ms"] for r in rows),
            "median_ms_by_kind": by_kind}


def bench_xml(repeat: int) -> dict[str, Any]:
    from citelens.xml import read_article

    folder = SHARED / "corpus" / "jats"
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() == ".xml")
    rows = []
    for path in files:
        data = path.read_bytes()
        times = []
        for _ in range(repeat):
            start = time.process_time()
            article = read_article(data, str(path))
            times.append((time.process_time() - start) * 1000)
        model = article.to_json()
        rows.append({"file": path.name, "kb": len(data) / 1024, "ms": statistics.median(times),
                     "references": len(model.get("references", [])), "citations": len(model.get("citations", []))})
    total = sum(r["ms"] for r in rows)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "citelens", "xml", str(folder), "-o", str(Path(tmp) / "out.jsonl"),
                               "-q"], capture_output=True, text=True, check=False)
        wall = time.perf_counter() - start
        lines = (Path(tmp) / "out.jsonl").read_text("utf-8").count("\n") if proc.returncode == 0 else 0
    return {"folder": str(folder), "files": len(rows), "articles": rows, "in_process_ms": total,
            "ms_per_article": total / len(rows), "files_per_s_in_process": 1000 * len(rows) / total,
            "command": {"returncode": proc.returncode, "wall_s": wall, "lines": lines,
                        "files_per_s": len(rows) / wall, "stderr": proc.stderr[-500:]}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--json", type=Path, default=ROOT / "build" / "bench-resolve.json")
    args = ap.parse_args(argv)
    if not rf.FIXTURES.is_dir():
        print(f"bench_resolve: no recordings at {rf.FIXTURES} (set CITELENS_SHARED)", file=sys.stderr)
        return 2
    report: dict[str, Any] = {"python": platform.python_version(), "cpus": os.cpu_count()}
    res = report["resolution"] = bench_resolution(args.repeat)
    print(f"resolution chain, CPython {report['python']}, replayed recordings: median of {args.repeat} runs, CPU ms")
    for r in res["cases"]:
        print(f"  {r['kind']:<6} {r['ms']:7.2f} ms  {r['requests']} requests  {r['status']:<10} "
              f"{r['via'] or '-':<16} {r['case']}")
    print(f"  median per entry {res['median_ms']:.2f} ms; by kind: "
          + ", ".join(f"{k} {v:.2f} ms" for k, v in res["median_ms_by_kind"].items()))
    x = report["xml"] = bench_xml(max(3, args.repeat // 4))
    print(f"\ncitelens xml over {x['folder']} ({x['files']} articles)")
    for r in x["articles"]:
        print(f"  {r['ms']:8.1f} ms  {r['kb']:7.0f} KB  {r['references']:4d} refs {r['citations']:5d} cites  {r['file']}")
    print(f"  in process: {x['ms_per_article']:.1f} ms per article, {x['files_per_s_in_process']:.1f} files/s (CPU)")
    c = x["command"]
    print(f"  the command: {c['wall_s']:.2f} s wall for {x['files']} files = {c['files_per_s']:.1f} files/s "
          f"(exit {c['returncode']}, {c['lines']} lines written)")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(report, indent=1, default=str) + "\n", "utf-8")
    print(f"\nwritten: {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
