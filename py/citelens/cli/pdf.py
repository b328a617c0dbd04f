"""One PDF file to its analysis JSON, as every command that reads PDFs does it (``analyze``, ``eval``,
``resolve``).

:func:`pdf_adapter` imports the adapter of the engine asked for (``--engine``, :func:`add_engine`) only when a
command runs, so the core installs and runs without either: :data:`ENGINES` names them, the default being
the first one installed (:func:`default_engine`). :func:`analyze_one` extracts, analyses and
serialises one file inside :func:`~citelens.cli.common.guarded`, records the engine in the analysis's
``source``, and says the warnings worth a line (:data:`WARN_CODES`).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from citelens.cli.common import PROG, about, guarded, say
from citelens.model import DiagnosticCode, Source

PDF_EXTRA_HINT = "citelens analyze needs the [pdf] extra: pip install 'citelens[pdf]'"

#: The PDF engines, by ``--engine`` name, and the library each needs; the first installed is the default.
ENGINES = {"pdfium": "pypdfium2", "pdfminer": "pdfminer"}

#: Diagnostics worth a warning line on stderr; the rest stay in the JSON.
WARN_CODES = frozenset({DiagnosticCode.NO_TEXT_LAYER, DiagnosticCode.PAGE_FAILED})


def default_engine() -> str:
    """The first engine of :data:`ENGINES` whose library is installed (the first when none is)."""
    for name, library in ENGINES.items():
        if importlib.util.find_spec(library) is not None:
            return name
    return next(iter(ENGINES))


def add_engine(parser: argparse.ArgumentParser) -> None:
    """``--engine pdfium|pdfminer`` (default: :func:`default_engine`, decided when the command runs)."""
    parser.add_argument("--engine", choices=tuple(ENGINES), default=None,
                        help="the library that reads the PDFs: pdfium (pypdfium2, the default where installed) or "
                             "pdfminer (pdfminer.six, pure Python, several times slower)")


def engine_module(engine: str) -> Any:
    """The adapter module of ``engine`` (raises ModuleNotFoundError without its library)."""
    if engine == "pdfium":
        from citelens.adapters import pdfium as adapter
    elif engine == "pdfminer":
        from citelens.adapters import pdfminer as adapter
    else:
        raise ValueError(f"unknown PDF engine {engine!r} (choose from {', '.join(ENGINES)})")
    return adapter


def pdf_adapter(engine: str | None = None) -> Any:
    """The adapter of ``engine`` (None: :func:`default_engine`), imported lazily; None (after saying which
    extra is missing) without its library. The adapter's ``NAME`` is the engine's name."""
    engine = engine or default_engine()
    try:
        return engine_module(engine)
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] != ENGINES[engine]:
            raise
        print(f"{PROG}: {PDF_EXTRA_HINT} (the {engine} engine needs {ENGINES[engine]})", file=sys.stderr)
        return None


def analyze_one(adapter: Any, file: Path, *, text_only: bool, progress: Callable[[int, int], None],
                password: str = "", engine: str | None = None) -> dict[str, Any] | None:
    """The analysis JSON of one file read by ``adapter`` (:func:`pdf_adapter`; None: the adapter of ``engine``),
    or None after saying on stderr why there is none; its warnings too."""
    from citelens import pipeline

    if adapter is None:
        adapter = pdf_adapter(engine)
        if adapter is None:
            return None

    def work() -> tuple[Any, dict[str, Any]]:
        extraction = adapter.extract(file, progress=progress, password=password)
        analysis = pipeline.analyze(extraction.document,
                                    source=Source(str(file), extraction.sha256, None, adapter.NAME),
                                    text_only=text_only, diagnostics=extraction.diagnostics)
        return analysis, analysis.to_json()

    done = guarded(file, work)
    if done is None:
        return None
    analysis, result = done
    for diag in analysis.diagnostics:
        if diag.code in WARN_CODES:
            say(about(file, f"warning: {diag.message}"))
    return result
