"""The ``citelens`` command: PDF files in, analysis JSON out.

    citelens analyze paper.pdf [--pretty] [-o out.json]    one analysis, as one JSON document
    citelens analyze papers/ more.pdf [-o out.jsonl]       one analysis per line (JSON Lines)
    citelens eval papers/ [--json]                         text-only analysis scored against the PDFs' own links
    citelens xml article.xml [--pretty] [-o out.json]      a JATS, Elsevier or BMC XML article's model
    citelens xml articles/ [-o out.jsonl] [--progress]     one model per line (JSON Lines)
    citelens xml page.html [--text extracted.txt]          a publisher's HTML page (markers linking to its list)
    citelens eval --gold article.xml paper.pdf [--json]    the PDF analysis scored against the XML's citations

Contract: stdout (or ``-o``) carries only analyses; everything for people goes to stderr, one line per
event: ``citelens: FILE: message`` for a file that failed or earned a warning, a progress bar and a
summary in batch mode. A bad file never stops a batch and never prints a traceback (set
``CITELENS_DEBUG=1`` to get one). Exit status: 0 all files analysed, 1 some file failed, 2 usage error.

This is the one module that opens user files and the only place besides the adapter that knows a PDF
library exists: the pdfminer adapter is imported lazily, so the core installs and runs without it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TextIO

from citelens import __version__
from citelens.model import CitelensError, DiagnosticCode, Source

PROG = "citelens"
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

#: Diagnostics worth a warning line on stderr; the rest stay in the JSON.
WARN_CODES = frozenset({DiagnosticCode.NO_TEXT_LAYER, DiagnosticCode.PAGE_FAILED})

PDF_EXTRA_HINT = "citelens analyze needs the [pdf] extra: pip install 'citelens[pdf]'"


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_usage(sys.stderr)
        print(f"{PROG}: error: a command is required (try '{PROG} analyze --help')", file=sys.stderr)
        return EXIT_USAGE
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`citelens analyze dir | head -1`): not an error worth a traceback.
        # Point stdout at devnull so the interpreter's final flush does not raise again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILED
    except OSError as exc:  # the output cannot be written (disk full, permissions): no file to blame
        print(f"{PROG}: cannot write the output: {exc}", file=sys.stderr)
        return EXIT_FAILED


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Live citations, figure links and section outlines for scholarly PDFs.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    analyze = sub.add_parser(
        "analyze",
        help="analyse PDFs and print the analysis as JSON",
        description=(
            "Analyse PDFs. One PDF gives one JSON document; a folder (searched recursively for *.pdf) or "
            "several files give JSON Lines, one analysis per line, with progress on stderr. "
            "Exit status: 0 all files analysed, 1 some file failed, 2 usage error."
        ),
    )
    add_input_output(analyze, metavar="PATH", what="a PDF file or a folder of PDFs", single="a single PDF")
    analyze.add_argument("--text-only", action="store_true",
                         help="ignore the PDF's own bookmarks and link annotations; use its text alone")
    add_password(analyze)
    analyze.add_argument("-q", "--quiet", action="store_true",
                         help="no progress bar and no summary (failures and warnings are still printed)")
    analyze.set_defaults(run=_analyze, parser=analyze)

    evaluate = sub.add_parser(
        "eval",
        help="score the text-only analysis against the PDF's own citation links and bookmarks",
        description=(
            "For each PDF, run the analysis ignoring the PDF's own links and bookmarks (--text-only), then "
            "score it against them: citation markers (precision / recall / F1: a predicted marker matches "
            "a link when their boxes overlap on the same page), marker→entry accuracy (the predicted entry "
            "is the one the link lands on), reference count (entries found vs distinct link targets) and "
            "outline F1 vs bookmarks. Prints a table per paper and pooled totals. "
            "Exit status: 0 all files scored, 1 some file failed, 2 usage error."
        ),
    )
    evaluate.add_argument("paths", nargs="+", metavar="PATH", help="a PDF file or a folder of PDFs")
    evaluate.add_argument("--json", action="store_true", help="print the scores as one JSON document")
    evaluate.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    evaluate.add_argument("--gold", metavar="ARTICLE.xml", type=Path,
                          help="score the analysis of the one PDF given against this XML version's citations "
                               "(JATS, Elsevier or BMC), with and without the PDF's own links")
    evaluate.set_defaults(run=_eval, parser=evaluate)
    _add_xml_command(sub)
    # `citelens resolve` and `analyze --resolve`: the resolution chain's own module adds its options.
    from citelens.resolve.command import register

    register(sub)
    return parser


def _eval(args: argparse.Namespace) -> int:
    if args.gold is not None:
        return _eval_gold(args)
    from citelens.evaluation import evaluate, render_table, summarize
    from citelens.layout import text_map
    from citelens.model import SCHEMA_VERSION
    from citelens.pipeline import analyze
    from citelens.references import find_references

    adapter = _pdf_adapter()
    if adapter is None:
        return EXIT_FAILED
    files, failed = _expand([Path(p) for p in args.paths])
    status = _Status(sys.stderr, total=len(files), enabled=not args.quiet and len(files) > 1)
    scores = []
    for n, file in enumerate(files, start=1):
        status.start(n, file)
        try:
            document = adapter.extract(file, progress=status.page).document
            analysis = analyze(document, source=Source(str(file)), text_only=True)
            refs = find_references(text_map(document.without_pdf_structure().pages))
            scores.append(evaluate(document, analysis, refs, name=file.name))
            status.done(file, True)
        except CitelensError as exc:
            status.done(file, False)
            _say(_about(file, str(exc)))
            failed += 1
        except Exception as exc:  # noqa: BLE001 - one bad file must not end the batch
            if os.environ.get("CITELENS_DEBUG"):
                raise
            status.done(file, False)
            _say(_about(file, f"internal error: {type(exc).__name__}: {_one_line(str(exc))}"))
            failed += 1
    summary = summarize(scores)
    if args.json:
        print(json.dumps({"schema_version": SCHEMA_VERSION, "papers": [s.to_json() for s in scores],
                          "summary": summary.to_json()}, ensure_ascii=False, indent=1))
    else:
        print(render_table(scores, summary))
    return EXIT_FAILED if failed else EXIT_OK


# -------------------------------------------------------------------------------------------- xml


XML_SUFFIXES = (".xml", ".nxml")
HTML_SUFFIXES = (".html", ".htm")


def _add_xml_command(sub: Any) -> None:
    xml = sub.add_parser(
        "xml",
        help="read JATS, Elsevier or BMC XML articles (or publisher HTML): text, references and every in-text citation, as JSON",
        description=(
            "Read structured articles (JATS 1.x from PMC / Europe PMC / pubget, Elsevier full-text-retrieval-"
            "response XML; publisher HTML pages whose markers link to the page's own reference list) into the "
            "citation model: the article text, the reference list and each in-text citation with its character "
            "offsets, the entries it names and its sentence. One file gives one JSON document; a folder (searched "
            "recursively for *.xml, *.nxml, *.html, *.htm) or several files give JSON Lines. A file that cannot "
            "be read is reported on stderr and the batch goes on. "
            "Exit status: 0 all files read, 1 some file failed, 2 usage error."
        ),
    )
    add_input_output(xml, metavar="PATH", what="an XML or HTML file or a folder of them", single="a single file")
    xml.add_argument("--progress", action="store_true",
                     help="draw the progress bar even when stderr is not a terminal")
    xml.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no summary")
    xml.add_argument("--text", metavar="FILE", type=Path,
                     help="with one HTML page: place its citation links in FILE, a readability-style extraction "
                          "of the page (UTF-8 text), by each link's text and the 40 characters before it")
    xml.set_defaults(run=_xml, parser=xml)


def add_input_output(parser: argparse.ArgumentParser, *, metavar: str, what: str, single: str) -> None:
    """The arguments every reading command shares: the paths, ``-o/--output`` and ``--pretty``."""
    parser.add_argument("paths", nargs="+", metavar=metavar, help=what)
    parser.add_argument("-o", "--output", metavar="FILE", type=Path,
                        help="write to FILE instead of stdout (replaced in one step, never half-written)")
    parser.add_argument("--pretty", action="store_true", help=f"indent the JSON ({single} only)")


def add_password(parser: argparse.ArgumentParser) -> None:
    """``--password``: the user password of encrypted PDFs (``$CITELENS_PDF_PASSWORD`` when not given, which
    keeps it out of the process list)."""
    parser.add_argument("--password", metavar="TEXT", default=os.environ.get("CITELENS_PDF_PASSWORD", ""),
                        help="open encrypted PDFs with this password (default: $CITELENS_PDF_PASSWORD)")


def _expand_xml(paths: Sequence[Path]) -> tuple[list[Path], int]:
    """XML files to read, in order (each folder's sorted by path), and how many folders held none."""
    files: list[Path] = []
    empty = 0
    for path in paths:
        if path.is_dir():
            found = sorted((p for p in path.rglob("*") if p.suffix.lower() in XML_SUFFIXES + HTML_SUFFIXES
                            and p.is_file()),
                           key=lambda p: p.parts)
            if not found:
                _say(f"{path}: no XML files in this folder")
                empty += 1
            files.extend(found)
        else:
            files.append(path)
    unique: dict[Path, Path] = {}
    for f in files:
        unique.setdefault(f.resolve(), f)
    return list(unique.values()), empty


def _read_xml(file: Path, text: str | None = None) -> Any:
    """The XmlArticle of one file (with ``text``: the PlacedText of an HTML page), or None after saying on
    stderr why there is none."""
    from citelens.xml import read_article

    try:
        data = file.read_bytes()
    except OSError as exc:
        _say(_about(file, f"cannot read: {exc.strerror or exc}"))
        return None
    try:
        if file.suffix.lower() in HTML_SUFFIXES:
            return _read_html(data, file, text)
        return read_article(data, str(file))
    except CitelensError as exc:
        _say(_about(file, str(exc)))
    except Exception as exc:  # noqa: BLE001 - one bad file must not end the batch
        if os.environ.get("CITELENS_DEBUG"):
            raise
        _say(_about(file, f"internal error: {type(exc).__name__}: {_one_line(str(exc))}"
                          " (CITELENS_DEBUG=1 shows the traceback)"))
    return None


def _xml(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.parser
    paths = [Path(p) for p in args.paths]
    batch = len(paths) > 1 or any(p.is_dir() for p in paths)
    if batch and args.pretty:
        parser.error("--pretty needs a single file: a folder or several files give JSON Lines, one per line")
    if args.output is not None and not args.output.parent.is_dir():
        parser.error(f"cannot write {args.output}: no folder {args.output.parent}")
    text = None
    if args.text is not None:
        if batch or paths[0].suffix.lower() not in HTML_SUFFIXES:
            parser.error("--text needs a single HTML page (.html, .htm): citelens xml page.html --text page.txt")
        try:
            text = args.text.read_bytes().decode("utf-8")
        except OSError as exc:
            _say(_about(args.text, f"cannot read: {exc.strerror or exc}"))
            return EXIT_FAILED
        except UnicodeDecodeError as exc:
            _say(_about(args.text, f"not UTF-8 text: {exc.reason} at byte {exc.start}"))
            return EXIT_FAILED
    files, failed = _expand_xml(paths)
    show = batch and not args.quiet
    status = _Status(sys.stderr, total=len(files), enabled=show and (args.progress or sys.stderr.isatty()))
    status.tty = status.enabled  # a bar, never one line per file: reading XML takes milliseconds
    ok = 0
    with _output(args.output) as out:
        for n, file in enumerate(files, start=1):
            status.start(n, file)
            article = _read_xml(file, text)
            if article is None:
                failed += 1
                out.discard = not batch
                continue
            ok += 1
            data = article.to_json()
            out.write(json.dumps(data, ensure_ascii=False, indent=2 if args.pretty else None,
                                 separators=None if args.pretty else (",", ":")) + "\n")
            out.flush()
    if show:
        status.summary(ok, failed)
    return EXIT_FAILED if failed else EXIT_OK


def _read_html(data: bytes, file: Path, text: str | None) -> Any:
    """A publisher's HTML page; with ``text``, its links placed in that extracted text (counts on stderr)."""
    from citelens.xml.html import place_in_text, read_html

    if text is None:
        return read_html(data, str(file))
    placed = place_in_text(data, text, str(file))
    counts = placed.counts()
    _say(f"{file}: {counts['placed_uniquely']} of {len(placed.links)} links placed uniquely in the text "
         f"({counts['ambiguous']} ambiguous, {counts['not_found']} not found)")
    return placed


def _eval_gold(args: argparse.Namespace) -> int:
    """``citelens eval --gold ARTICLE.xml PAPER.pdf``: the PDF analysis scored against the XML."""
    from citelens.model import SCHEMA_VERSION
    from citelens.pipeline import analyze
    from citelens.xml import read_article
    from citelens.xml.gold import render_gold, score_gold

    parser: argparse.ArgumentParser = args.parser
    if len(args.paths) != 1 or Path(args.paths[0]).is_dir():
        parser.error("--gold takes exactly one PDF: citelens eval --gold ARTICLE.xml PAPER.pdf")
    adapter = _pdf_adapter()
    if adapter is None:
        return EXIT_FAILED
    pdf, gold = Path(args.paths[0]), args.gold
    try:
        article = read_article(gold.read_bytes(), str(gold))
    except OSError as exc:
        _say(_about(gold, f"cannot read: {exc.strerror or exc}"))
        return EXIT_FAILED
    except CitelensError as exc:
        _say(_about(gold, str(exc)))
        return EXIT_FAILED
    try:
        extraction = adapter.extract(pdf)
        runs = {mode: analyze(extraction.document, source=Source(str(pdf)), text_only=mode == "text-only")
                for mode in ("text-only", "with-links")}
    except CitelensError as exc:
        _say(_about(pdf, str(exc)))
        return EXIT_FAILED
    scores = {mode: score_gold(article, analysis, name=pdf.name) for mode, analysis in runs.items()}
    if args.json:
        print(json.dumps({"schema_version": SCHEMA_VERSION, "gold": str(gold), "pdf": str(pdf),
                          "modes": {mode: s.to_json() for mode, s in scores.items()}}, ensure_ascii=False, indent=1))
    else:
        print(render_gold(scores))
    return EXIT_OK


# ---------------------------------------------------------------------------------------- analyze


def _analyze(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.parser
    paths: list[Path] = [Path(p) for p in args.paths]
    batch = len(paths) > 1 or any(p.is_dir() for p in paths)
    if batch and args.pretty:
        parser.error("--pretty needs a single PDF: a folder or several files give JSON Lines, one per line")
    if args.output is not None and not args.output.parent.is_dir():
        parser.error(f"cannot write {args.output}: no folder {args.output.parent}")
    adapter = _pdf_adapter()
    if adapter is None:
        return EXIT_FAILED

    files, failed = _expand(paths)
    status = _Status(sys.stderr, total=len(files), enabled=batch and not args.quiet)
    ok = 0
    with _output(args.output) as out:
        for n, file in enumerate(files, start=1):
            status.start(n, file)
            result = _analyze_one(adapter, file, text_only=args.text_only, progress=status.page,
                                  password=args.password)
            status.done(file, result is not None)
            if result is None:
                failed += 1
                out.discard = not batch  # -o keeps its old content when its single PDF failed
                continue
            ok += 1
            out.write(analysis_json(result, pretty=args.pretty) + "\n")
            out.flush()
    if batch and not args.quiet:
        status.summary(ok, failed)
    return EXIT_FAILED if failed else EXIT_OK


def analysis_json(result: dict[str, Any], *, pretty: bool = False) -> str:
    """An analysis JSON as ``citelens analyze`` prints it: compact (one line), or indented with ``pretty``."""
    if pretty:
        return json.dumps(result, ensure_ascii=False, indent=2)
    return json.dumps(result, ensure_ascii=False, separators=(",", ":"))


def _pdf_adapter() -> Any:
    """The pdfminer adapter, imported lazily; None (after saying which extra is missing) without pdfminer."""
    try:
        from citelens.adapters import pdfminer as adapter
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] != "pdfminer":
            raise
        print(f"{PROG}: {PDF_EXTRA_HINT}", file=sys.stderr)
        return None
    return adapter


def _expand(paths: Sequence[Path]) -> tuple[list[Path], int]:
    """Files to analyse, in order (each folder's PDFs sorted by path), and how many folders held none."""
    files: list[Path] = []
    empty = 0
    for path in paths:
        if path.is_dir():
            found = sorted((p for p in path.rglob("*") if p.suffix.lower() == ".pdf" and p.is_file()),
                           key=lambda p: p.parts)
            if not found:
                _say(f"{path}: no PDF files in this folder")
                empty += 1
            files.extend(found)
        else:
            files.append(path)  # a missing file fails later, in its turn, with the others
    unique: dict[Path, Path] = {}
    for f in files:
        unique.setdefault(f.resolve(), f)  # a file named twice is analysed once, where first named
    return list(unique.values()), empty


def _analyze_one(adapter: Any, file: Path, *, text_only: bool,
                 progress: Callable[[int, int], None], password: str = "") -> dict[str, Any] | None:
    """The analysis JSON of one file, or None after reporting on stderr why there is none."""
    from citelens.pipeline import analyze

    try:
        extraction = adapter.extract(file, progress=progress, password=password)
        analysis = analyze(extraction.document, source=Source(str(file), extraction.sha256, None),
                           text_only=text_only, diagnostics=extraction.diagnostics)
        result = analysis.to_json()
    except CitelensError as exc:
        _say(_about(file, str(exc)))
        return None
    except Exception as exc:  # noqa: BLE001 - one bad file must not end the batch
        if os.environ.get("CITELENS_DEBUG"):
            raise
        _say(_about(file, f"internal error: {type(exc).__name__}: {_one_line(str(exc))}"
                          " (CITELENS_DEBUG=1 shows the traceback)"))
        return None
    for diag in analysis.diagnostics:
        if diag.code in WARN_CODES:
            _say(_about(file, f"warning: {diag.message}"))
    return result


def _about(file: Path, message: str) -> str:
    """``FILE: message``; the adapter's errors already start with the file name."""
    message = _one_line(message)
    return message if message.startswith(f"{file}:") else f"{file}: {message}"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _say(message: str) -> None:
    _STATUS_LINE.clear()
    print(f"{PROG}: {message}", file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------------------- output


class _Output:
    """Text sink writing UTF-8 whatever the locale: JSON is UTF-8 by definition (RFC 8259)."""

    def __init__(self, raw: IO[bytes]) -> None:
        self._raw = raw
        self.discard = False  # for a file: leave the target as it was

    def write(self, text: str) -> None:
        self._raw.write(text.encode("utf-8"))

    def flush(self) -> None:
        self._raw.flush()


@contextmanager
def _output(path: Path | None) -> Iterator[_Output]:
    """stdout, or a temporary file beside ``path`` renamed over it once everything is written."""
    if path is None:
        yield _Output(sys.stdout.buffer)
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("wb") as f:
            out = _Output(f)
            yield out
            f.flush()
            os.fsync(f.fileno())
        if not out.discard:
            os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


# ---------------------------------------------------------------------------------------- progress


class _StatusLine:
    """The one ``\\r``-rewritten line on a terminal; cleared before any other stderr output."""

    def __init__(self) -> None:
        self.stream: TextIO | None = None
        self.width = 0

    def show(self, stream: TextIO, text: str) -> None:
        columns = shutil.get_terminal_size((80, 24)).columns - 1
        text = text[:columns]
        stream.write("\r" + text + " " * max(self.width - len(text), 0))
        stream.flush()
        self.stream, self.width = stream, len(text)

    def clear(self) -> None:
        if self.stream is not None and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
        self.width = 0


_STATUS_LINE = _StatusLine()


class _Status:
    """Batch progress on stderr: a live bar on a terminal, one line per finished file otherwise."""

    BAR = 20

    def __init__(self, stream: TextIO, *, total: int, enabled: bool) -> None:
        self.stream = stream
        self.total = total
        self.enabled = enabled
        self.tty = enabled and stream.isatty()
        self.n = 0
        self.name = ""
        self.began = time.monotonic()
        self.file_began = self.began
        self.pages = 0

    def start(self, n: int, file: Path) -> None:
        self.n, self.name, self.pages = n, file.name, 0
        self.file_began = time.monotonic()
        if self.tty:
            self._draw("")

    def page(self, number: int, total: int) -> None:
        self.pages = total
        if self.tty:
            self._draw(f"page {number}/{total}")

    def _draw(self, detail: str) -> None:
        filled = round(self.BAR * (self.n - 1) / self.total) if self.total else self.BAR
        bar = "#" * filled + "-" * (self.BAR - filled)
        _STATUS_LINE.show(self.stream, f"[{bar}] {self.n}/{self.total} {self.name} {detail}".rstrip())

    def done(self, file: Path, ok: bool) -> None:
        """One line per analysed file when stderr is no terminal; a failure has had its own line."""
        if not self.enabled or self.tty or not ok:
            return
        seconds = time.monotonic() - self.file_began
        print(f"{PROG}: [{self.n}/{self.total}] {file}: {self.pages} pages in {seconds:.1f} s",
              file=self.stream, flush=True)

    def summary(self, ok: int, failed: int) -> None:
        _STATUS_LINE.clear()
        elapsed = time.monotonic() - self.began
        print(f"{PROG}: {ok} ok, {failed} failed in {elapsed:.1f} s", file=self.stream, flush=True)
