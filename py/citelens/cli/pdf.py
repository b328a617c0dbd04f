"""One PDF file to its analysis JSON, as every command that reads PDFs does it (``analyze``, ``resolve``).

:func:`pdf_adapter` imports the pdfminer adapter only when a command runs, so the core installs and runs
without it; :func:`analyze_one` extracts, analyses and serialises one file inside
:func:`~citelens.cli.common.guarded`, and says the warnings worth a line (:data:`WARN_CODES`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from citelens.cli.common import PROG, about, guarded, say
from citelens.model import DiagnosticCode, Source

PDF_EXTRA_HINT = "citelens analyze needs the [pdf] extra: pip install 'citelens[pdf]'"

#: Diagnostics worth a warning line on stderr; the rest stay in the JSON.
WARN_CODES = frozenset({DiagnosticCode.NO_TEXT_LAYER, DiagnosticCode.PAGE_FAILED})


def pdf_adapter() -> Any:
    """The pdfminer adapter, imported lazily; None (after saying which extra is missing) without pdfminer."""
    try:
        from citelens.adapters import pdfminer as adapter
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] != "pdfminer":
            raise
        print(f"{PROG}: {PDF_EXTRA_HINT}", file=sys.stderr)
        return None
    return adapter


def analyze_one(adapter: Any, file: Path, *, text_only: bool,
                progress: Callable[[int, int], None], password: str = "") -> dict[str, Any] | None:
    """The analysis JSON of one file, or None after saying on stderr why there is none; its warnings too."""
    from citelens import pipeline

    def work() -> tuple[Any, dict[str, Any]]:
        extraction = adapter.extract(file, progress=progress, password=password)
        analysis = pipeline.analyze(extraction.document, source=Source(str(file), extraction.sha256, None),
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

