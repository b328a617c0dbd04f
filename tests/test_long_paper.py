"""A long file through the command line: the 120-page two-column paper of ``tools/demo_paper.py`` (written
once for this module, about a second) beside the demo paper, analysed as a folder the way users batch
their PDFs (``python -m citelens analyze folder -o out.jsonl`` in a subprocess: pdfminer reads the long
paper in about five seconds).

The guide asks that bad input lose nothing, 500-page files included; how the time and memory grow with
the page count is measured by bench/bench_large.py, not asserted here. What is asserted is behaviour:
one progress line per file with its page count, and an analysis that holds everything the generator
drew: every reference, every citation number in the text, every heading and every figure.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from builders import load_demo_paper

PAGES = 120


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    demo = load_demo_paper()
    folder = tmp_path_factory.mktemp("long")
    short = demo.write_demo_paper(folder / "a-demo-paper.pdf")
    paper = demo.write_long_paper(folder / "b-long.pdf", PAGES)
    out = folder.parent / "analyses.jsonl"
    env = {k: v for k, v in os.environ.items() if k != "CITELENS_DEBUG"}
    proc = subprocess.run([sys.executable, "-m", "citelens", "analyze", str(folder), "-o", str(out)],
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=600, check=False)
    analyses = [json.loads(line) for line in out.read_text("utf-8").splitlines()] if out.is_file() else []
    return {"short": short, "paper": paper, "proc": proc, "analyses": analyses}


@pytest.fixture(scope="module")
def long_analysis(batch: dict[str, Any]) -> dict[str, Any]:
    found = [a for a in batch["analyses"] if a["source"]["file"] == str(batch["paper"].path)]
    assert len(found) == 1, [a["source"]["file"] for a in batch["analyses"]]
    return found[0]


def test_the_batch_reports_each_file_with_its_pages_and_ends_well(batch: dict[str, Any]) -> None:
    proc = batch["proc"]
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 3, lines  # stderr is no terminal: one line per file, then the summary
    assert re.fullmatch(rf"citelens: \[1/2\] {re.escape(str(batch['short'].path))}: {batch['short'].pages} pages in \d+\.\d s", lines[0])
    assert re.fullmatch(rf"citelens: \[2/2\] {re.escape(str(batch['paper'].path))}: {PAGES} pages in \d+\.\d s",
                        lines[1])
    assert re.fullmatch(r"citelens: 2 ok, 0 failed in \d+\.\d s", lines[2])
    assert [a["source"]["file"] for a in batch["analyses"]] == [str(batch["short"].path), str(batch["paper"].path)]


def test_every_page_and_reference_is_there(batch: dict[str, Any], long_analysis: dict[str, Any]) -> None:
    paper = batch["paper"]
    assert paper.pages == PAGES
    assert [p["number"] for p in long_analysis["pages"]] == list(range(1, PAGES + 1))
    assert long_analysis["diagnostics"] == []
    refs = long_analysis["references"]
    assert [r["label"] for r in refs] == [f"[{n}]" for n in range(1, paper.references + 1)]
    # Each entry whole: its own title ("part n") and the venue's pages that end it.
    for n, (ref, drawn) in enumerate(zip(refs, load_demo_paper().long_references(paper.references), strict=True),
                                     start=1):
        assert f"part {n}." in ref["raw"] and ref["raw"].endswith(drawn[-8:]), (n, ref["raw"])


def test_every_citation_number_drawn_is_found_and_linked(batch: dict[str, Any],
                                                         long_analysis: dict[str, Any]) -> None:
    paper = batch["paper"]
    label = {r["index"]: r["label"] for r in long_analysis["references"]}
    found = Counter(int(label[i].strip("[]")) for c in long_analysis["citations"] for i in c["ref_indexes"])
    drawn = Counter(n for numbers in paper.cited_on.values() for n in numbers)
    assert sum(drawn.values()) == paper.citations
    assert found == drawn
    first_reference_page = min(r["page"] for r in long_analysis["references"])
    cited_pages = {c["page"] for c in long_analysis["citations"]}
    assert cited_pages == set(range(1, first_reference_page)), "every body page has citations, no other page"
    assert all(c["sentence"] and c["text"] in c["sentence"]["text"] for c in long_analysis["citations"])


def test_every_heading_and_figure_is_found(batch: dict[str, Any], long_analysis: dict[str, Any]) -> None:
    paper = batch["paper"]
    outline = long_analysis["outline"]
    assert long_analysis["outline_source"] == "detected"
    # The title block and the abstract's label are front matter, no section of the outline (outline.sections).
    sections = [h for h in paper.headings if h.text != "Abstract"]
    assert [o["title"] for o in outline] == [h.text for h in sections]
    assert [o["page"] for o in outline] == [h.page for h in sections]
    figures = {m["label"] for m in long_analysis["figure_mentions"] if m["kind"] == "figure"}
    assert figures == {str(n) for n in range(1, paper.figures + 1)}
    assert all(m["target"] for m in long_analysis["figure_mentions"]), "every mention finds its caption"
