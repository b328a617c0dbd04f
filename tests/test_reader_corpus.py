"""The reader's accuracy on the real papers of ../shared/corpus: each paper read as the reader reads it (pdf.js's
text items through web/analysis/extract.js, under Node: tools/extract_pdfjs.mjs) and analysed text-only by the
same Python, scored against the PDF's own links and bookmarks as ``citelens eval`` scores the command line's
reading (PDFium's). The command line's figures are asserted in tests/test_accuracy_corpus.py; these assert
that the reader, which reads the text another way, is as right: its pooled figures within
:data:`READER_WITHIN` of the command line's, and above floors of their own. ``pdf/`` prints the papers the two
readings analyse differently; ``check/`` its totals only.
"""

from __future__ import annotations

import shutil

import pytest

import corpus

HAVE_CORPUS = (corpus.CORPUS / "MANIFEST.tsv").is_file()
HAVE_PDFJS = shutil.which("node") is not None and (corpus.ROOT / "node_modules" / "pdfjs-dist").is_dir()
pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not HAVE_CORPUS, reason="../shared/corpus not found (CITELENS_SHARED)"),
    pytest.mark.skipif(not HAVE_PDFJS, reason="node and the npm packages (make site) read the papers with pdf.js"),
]

FIGURES = ("entry_f1", "marker_precision", "marker_recall", "entry_accuracy_all", "outline_f1")
#: Largest difference between the reader's pooled figures and the command line's.
READER_WITHIN = 0.01
#: The reader's own floors, just under what it measured (2026-12-06): pdf/ marker→entry F1 0.977, outline
#: 0.897, 72 of 73 reference counts within 5 %; check/ 0.976, 0.844, 21 of 24 (fourteenth session: pdf/ 0.978,
#: 0.898, 72 of 73; check/ 0.970, 0.843, 22 of 24: the partial-links flag counts its unhandled paper in full since
#: the thirteenth; fifteenth: check/'s outline 0.842). Where it reads a paper
#: otherwise than PDFium: pdf.js reads no /ActualText, so small capitals whose glyphs map to lower case read
#: as lower case ("AUtHoR contRIBUtIonS", a Greek paper's "1. ειςαγωγή"), and their headings are missed.
FLOORS = {"pdf": {"entry_f1": 0.97, "outline_f1": 0.88, "within": 0.95},
          "check": {"entry_f1": 0.97, "outline_f1": 0.83, "within": 0.85}}


@pytest.fixture(scope="module")
def scored() -> dict[str, dict[str, list]]:
    return {folder: {engine: corpus.score_folder(folder, engine) for engine in (corpus.ENGINE, corpus.READER)}
            for folder in ("pdf", "check")}


@pytest.mark.parametrize("folder", ["pdf", "check"])
def test_the_reader_is_as_right_as_the_command_line(scored, measured, folder) -> None:
    runs = scored[folder]
    totals = {engine: corpus.pooled(rows) for engine, rows in runs.items()}
    for engine, t in totals.items():
        measured.append(corpus.render_pooled(f"{folder}/ read by {engine}", t).splitlines()[0])
    if folder == "pdf":  # a row per paper of pdf/ only: check/ is read as totals
        for (paper, a), (_, b) in zip(runs[corpus.ENGINE], runs[corpus.READER], strict=True):
            seen = [(s.tally.links_found, s.tally.predicted, s.references, s.outline and s.outline.matched)
                    for s in (a, b)]
            if seen[0] != seen[1]:
                measured.append(f"  {paper.stem[:48]:<48} (links found, citations, references, outline matched) "
                                f"{corpus.ENGINE} {seen[0]}  {corpus.READER} {seen[1]}")
    reader = totals[corpus.READER]
    for figure in FIGURES:
        assert abs(reader[figure] - totals[corpus.ENGINE][figure]) <= READER_WITHIN, figure
    floors = FLOORS[folder]
    assert reader["entry_f1"] >= floors["entry_f1"] and reader["outline_f1"] >= floors["outline_f1"]
    linked = [s for _, s in runs[corpus.READER] if s.tally.links and s.entries_marked]
    within = sum(1 for s in linked if abs(s.reference_error) <= corpus.WITHIN * s.entries_marked)
    assert within >= floors["within"] * len(linked), f"{within} of {len(linked)} reference counts within 5 %"
