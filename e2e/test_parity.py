"""Parity of the two adapters: the same PDF through pdf.js + the Pyodide worker (``window.citelens.analysis``)
and through the default PDF engine (PDFium) + CPython (``citelens.pipeline.analyze`` on tests/corpus.py's
cached extraction).

They must find the same number of references and at least 95 % of the same citation markers: the same page,
overlapping boxes and the same reference indexes, counted over the larger of the two lists (so a marker only
one side finds counts against the agreement either way).
"""

from __future__ import annotations

import pytest
from rapidfuzz import fuzz

from harness import PAPERS, match_markers, python_analysis

MIN_AGREEMENT = 0.95


@pytest.mark.parametrize("style", list(PAPERS))
def test_browser_and_cpython_analyses_agree(reader, style, measured):
    path = PAPERS[style]
    reader.ensure(path)
    browser, cpython = reader.analysis(), python_analysis(path)

    ours, theirs = browser["citations"], cpython["citations"]
    pairs = match_markers(theirs, ours)
    same = [(i, j) for i, j in pairs if theirs[i]["ref_indexes"] == ours[j]["ref_indexes"]]
    total = max(len(ours), len(theirs))
    agreement = len(same) / total if total else 1.0

    refs_b, refs_c = browser["references"], cpython["references"]
    raw_same = sum(fuzz.ratio(a["raw"], b["raw"]) >= 90 for a, b in zip(refs_b, refs_c))
    figs_b, figs_c = browser["figure_mentions"], cpython["figure_mentions"]
    figs_same = len(match_markers(figs_c, figs_b))
    measured.append(
        f"parity {style:<11} {path}: references {len(refs_b)} (browser) / {len(refs_c)} (CPython), "
        f"{raw_same} with the same text; citation markers {len(ours)} / {len(theirs)}, {len(pairs)} at the same "
        f"place, {len(same)} also citing the same entries = {agreement:.1%}; figure mentions {len(figs_b)} / "
        f"{len(figs_c)}, {figs_same} at the same place")

    assert len(refs_b) == len(refs_c)
    assert agreement >= MIN_AGREEMENT, [(theirs[i], ours[j]) for i, j in pairs if (i, j) not in same]


def test_the_reader_leaves_out_hidden_text_as_the_command_line_does(reader, measured):
    # pdf.js gives LaTeXiT's hidden formula source (Courier at 10^-6 pt, half this paper's characters) as
    # text items; the worker leaves them out, as both PDF adapters do (citelens.model.MIN_TEXT_SIZE), so the
    # body size is the text's, not 0.
    reader.ensure("pdf/robust-sls__main.pdf")
    browser, cpython = reader.analysis(), python_analysis("pdf/robust-sls__main.pdf")
    measured.append(f"robust-sls body font size: {browser['body_font_size']} (browser) / "
                    f"{cpython['body_font_size']} (CPython)")
    assert browser["body_font_size"] == pytest.approx(cpython["body_font_size"], abs=0.1)
    assert browser["body_font_size"] == pytest.approx(11.0, abs=0.1)


@pytest.mark.parametrize("path, names", [
    # TeX's default fonts draw "ć" as a c and a spacing acute over it: pdf.js gives "Mitrovi´", "c and ..."
    ("pdf/acl-2020-main-447-s2orc.pdf", ["Doğan", "Mitrović", "Müller", "Santamaría"]),
    # ACS draws an accent as a combining mark's own glyph after its letter: "(7) Ce", "\u0301", "larie"
    ("pdf/scholarphi__silicaGlass.pdf", ["Brückner", "Célarié", "Kühn", "Nosé"]),
])
def test_the_reader_puts_accents_on_their_letters_as_the_command_line_does(reader, measured, path, names):
    # The worker puts each accent on its letter (citelens.model.Document.plain), as both PDF adapters do by
    # the glyphs' boxes, so the reference list reads the names as printed, and as the command line does.
    from citelens.model import ACCENT_CHARS

    reader.ensure(path)
    browser, cpython = reader.analysis(), python_analysis(path)
    raw_b = [r["raw"] for r in browser["references"]]
    # An accent left apart, not an ASCII "~", "^" or "`" (a URL's "~user" is no accent).
    left = [w for raw in raw_b for w in raw.split() if any(ord(c) > 0x7F and ACCENT_CHARS.match(c) for c in w)]
    found = sorted({name for raw in raw_b for name in names if name in raw})
    measured.append(f"accents in {path}: {len(found)} of {len(names)} names read whole in the browser; "
                    f"accents left apart: {left}")
    assert not left
    assert found == names
    assert raw_b == [r["raw"] for r in cpython["references"]]
