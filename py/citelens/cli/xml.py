"""``citelens xml``: structured articles (JATS, Elsevier, BMC XML; publisher HTML) in, their citation model out.

    citelens xml article.xml [--pretty] [-o out.json]      a JATS, Elsevier or BMC XML article's model
    citelens xml articles/ [-o out.jsonl] [--progress]     one model per line (JSON Lines)
    citelens xml page.html [--text extracted.txt]          a publisher's HTML page (markers linking to its list)

Input: the paths (a folder is searched recursively for :data:`XML_SUFFIXES` and :data:`HTML_SUFFIXES`).
Output: each article's ``to_json()`` (:mod:`citelens.xml`), in order; with ``--text``, the HTML page's links
placed in that extracted text, and their counts on stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from citelens.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    Status,
    about,
    add_input_output,
    check_batch,
    expand,
    guarded,
    output,
    render,
    say,
)

XML_SUFFIXES = (".xml", ".nxml")
HTML_SUFFIXES = (".html", ".htm")


def register(sub: Any) -> None:
    """Add ``xml`` to the subcommands ``sub``."""
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
    xml.set_defaults(run=run, parser=xml)


def run(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.parser
    paths = [Path(p) for p in args.paths]
    batch = check_batch(args, single="a single file")
    text = None
    if args.text is not None:
        if batch or paths[0].suffix.lower() not in HTML_SUFFIXES:
            parser.error("--text needs a single HTML page (.html, .htm): citelens xml page.html --text page.txt")
        try:
            text = args.text.read_bytes().decode("utf-8")
        except OSError as exc:
            say(about(args.text, f"cannot read: {exc.strerror or exc}"))
            return EXIT_FAILED
        except UnicodeDecodeError as exc:
            say(about(args.text, f"not UTF-8 text: {exc.reason} at byte {exc.start}"))
            return EXIT_FAILED
    files, failed = expand(paths, XML_SUFFIXES + HTML_SUFFIXES, "XML")
    show = batch and not args.quiet
    status = Status(sys.stderr, total=len(files), enabled=show and (args.progress or sys.stderr.isatty()))
    status.tty = status.enabled  # a bar, never one line per file: reading XML takes milliseconds
    ok = 0
    with output(args.output) as out:
        for n, file in enumerate(files, start=1):
            status.start(n, file)
            article = guarded(file, lambda file=file: read(file, text))
            if article is None:
                failed += 1
                out.discard = not batch
                continue
            ok += 1
            out.write(render(article.to_json(), pretty=args.pretty) + "\n")
            out.flush()
    if show:
        status.summary(ok, failed)
    return EXIT_FAILED if failed else EXIT_OK


def read(file: Path, text: str | None = None) -> Any:
    """The XmlArticle of one file (with ``text``: the PlacedText of an HTML page); raises as the readers do."""
    from citelens.xml import read_article

    data = file.read_bytes()
    if file.suffix.lower() in HTML_SUFFIXES:
        return _read_html(data, file, text)
    return read_article(data, str(file))


def _read_html(data: bytes, file: Path, text: str | None) -> Any:
    """A publisher's HTML page; with ``text``, its links placed in that extracted text (counts on stderr)."""
    from citelens.xml.html import place_in_text, read_html

    if text is None:
        return read_html(data, str(file))
    placed = place_in_text(data, text, str(file))
    counts = placed.counts()
    say(f"{file}: {counts['placed_uniquely']} of {len(placed.links)} links placed uniquely in the text "
        f"({counts['ambiguous']} ambiguous, {counts['not_found']} not found)")
    return placed
