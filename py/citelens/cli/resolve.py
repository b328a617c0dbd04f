"""``citelens resolve PAPER.pdf`` and ``citelens analyze --resolve``: the analysis JSON with a record for
each reference.

    citelens resolve paper.pdf [--pretty] [-o out.json] [--cache-dir DIR | --no-cache] [--mailto ADDR]
                               [--openalex-key KEY] [--limit N] [--refs 3,17,55] [--doi DOI]
    citelens analyze paper.pdf --resolve [the same options]

Output: the analysis (``citelens analyze``) plus ``"resolutions"``: one object per resolved entry, in entry
order, ``{"index": <entry index>, <Result JSON>}`` (:mod:`~citelens.resolve.record`). When the PDF's
reference list cannot be read but the paper's own DOI is known (``--doi``, or the analysis' ``own_doi``: its
metadata's, or the first DOI printed on its first page), the entries come from its Crossref record's
deposited ``reference`` list instead; they are written as ``"crossref_references"`` (``references`` stays
what the PDF holds) and the resolutions index those.

stderr: a live progress line on a terminal, then one summary line per paper (``-q`` drops both); failures
as ``citelens: FILE: message``, as ``citelens analyze`` does. Unresolved entries are results, not errors:
the exit status is 0 when every paper was analysed.

:func:`register` adds the ``resolve`` command; :func:`add_options` the resolution options, which
``analyze`` declares too. The transport is an argument (``args.transport``, default
:class:`~citelens.adapters.http.UrllibTransport`; :func:`citelens.cli.main` takes it), so tests run the
real command on recorded responses.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

from citelens import __version__, ids
from citelens.adapters.cache import DirectoryCache
from citelens.adapters.http import UrllibTransport
from citelens.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    PROG,
    STATUS_LINE,
    add_input_output,
    add_password,
    add_text_only,
    check_batch,
    expand,
    output,
    positive_int,
    render,
    say,
)
from citelens.cli.pdf import add_engine, analyze_one, pdf_adapter
from citelens.resolve import own
from citelens.resolve.chain import resolve
from citelens.resolve.record import Result
from citelens.resolve.settings import PARAMS, Settings
from citelens.resolve.transport import Client, Transport

#: How many entries are resolved at once (each host still has its own pace and concurrency cap).
CONCURRENT_ENTRIES = 4


def register(sub: Any) -> None:
    """Add ``resolve`` to the subcommands ``sub``."""
    command = sub.add_parser(
        "resolve",
        help="analyse a PDF and look up each reference (Crossref, DataCite, Semantic Scholar, OpenAlex)",
        description=(
            "Analyse PDFs as `citelens analyze` does, then find each reference's record: by DOI or arXiv id, "
            "else by searching Crossref and Semantic Scholar (and OpenAlex with --openalex-key), a hit being "
            "accepted only when its title and year agree with the entry. Adds \"resolutions\" to the JSON. "
            "Results are cached for 30 days. Exit status: 0 all files analysed, 1 some file failed, 2 usage error."
        ),
    )
    add_input_output(command, metavar="PAPER.pdf", what="a PDF file or a folder of PDFs", single="a single PDF")
    add_password(command)
    add_engine(command)
    add_text_only(command)
    command.add_argument("-q", "--quiet", action="store_true", help="no progress line and no summary")
    add_options(command)
    command.set_defaults(run=run, parser=command, resolve=True)


def add_options(parser: argparse.ArgumentParser) -> None:
    """The ``resolution`` options of ``resolve`` and ``analyze --resolve``."""
    group = parser.add_argument_group("resolution")
    group.add_argument("--cache-dir", metavar="DIR", type=Path, default=None,
                       help="where results are kept for 30 days (default: $XDG_CACHE_HOME/citelens/resolve "
                            "or ~/.cache/citelens/resolve)")
    group.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    group.add_argument("--mailto", metavar="ADDR", default=os.environ.get("CITELENS_MAILTO"),
                       help="your e-mail address, sent to Crossref for its polite pool (or $CITELENS_MAILTO)")
    group.add_argument("--openalex-key", metavar="KEY", default=os.environ.get("CITELENS_OPENALEX_KEY"),
                       help="an OpenAlex API key: adds OpenAlex search as the last step "
                            "(or $CITELENS_OPENALEX_KEY)")
    group.add_argument("--limit", metavar="N", type=positive_int, default=None,
                       help="resolve only the first N references")
    group.add_argument("--refs", metavar="LIST", type=_indexes, default=None,
                       help="resolve only these entries, by index: 3,17,55")
    group.add_argument("--doi", metavar="DOI", default=None,
                       help="the paper's own DOI, for Crossref's reference list when the PDF's cannot be read")


def _indexes(text: str) -> frozenset[int]:
    try:
        return frozenset(positive_int(part.strip()) for part in text.split(",") if part.strip())
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"expected entry indexes like 3,17,55, got {text!r}") from None


def default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "citelens" / "resolve"


# ------------------------------------------------------------------------------------------------ run


def run(args: argparse.Namespace) -> int:
    """The command; ``args.transport`` (a Transport) and ``args.sleep``: None for the real ones
    (:func:`citelens.cli.main`)."""
    parser: argparse.ArgumentParser = args.parser
    batch = check_batch(args, single="a single PDF")
    if batch and args.doi:
        parser.error("--doi names one paper: give a single PDF")
    if args.doi and ids.doi(args.doi) is None:
        parser.error(f"--doi: not a DOI: {args.doi!r}")
    adapter = pdf_adapter(args.engine)
    if adapter is None:
        return EXIT_FAILED

    settings = Settings(mailto=args.mailto or None, openalex_key=args.openalex_key or None)
    transport: Transport = args.transport or UrllibTransport(_user_agent(settings))
    sleep = args.sleep or asyncio.sleep
    store = None if args.no_cache else DirectoryCache(args.cache_dir or default_cache_dir())
    progress = _Progress(sys.stderr, enabled=not args.quiet)

    files, failed = expand([Path(p) for p in args.paths], (".pdf",), "PDF")
    with output(args.output) as out:
        for file in files:
            analysis = analyze_one(adapter, file, text_only=args.text_only, progress=lambda n, total: None,
                                   password=args.password)
            if analysis is None:
                failed += 1
                out.discard = not batch
                continue
            client = Client(transport, settings=settings, params=PARAMS, clock=time.monotonic, sleep=sleep)
            own_doi = ids.doi(args.doi) if args.doi else None
            if own.needs_crossref_list(analysis) and own_doi is None:
                own_doi = analysis["own_doi"]
                if own_doi:
                    say(f"{file}: no reference list found; trying Crossref's for the paper's own DOI, {own_doi}")
            analysis = asyncio.run(_resolve_all(analysis, client, settings, store, args, own_doi, progress,
                                                file))
            out.write(render(analysis, pretty=args.pretty) + "\n")
            out.flush()
    return EXIT_FAILED if failed else EXIT_OK


async def _resolve_all(analysis: dict[str, Any], client: Client, settings: Settings, store: Any,
                       args: argparse.Namespace, own_doi: str | None, progress: _Progress,
                       file: Path) -> dict[str, Any]:
    entries = analysis["references"]
    key = "references"
    if own.needs_crossref_list(analysis) and own_doi:
        entries = await _crossref_references(client, settings, own_doi, file)
        if entries:
            analysis = {**analysis, "crossref_references": entries}
            key = "crossref_references"
    chosen = [e for e in entries if args.refs is None or e["index"] in args.refs]
    if args.limit is not None:
        chosen = chosen[: args.limit]
    text_hash = (analysis.get("source") or {}).get("text_hash")
    if key == "crossref_references":
        text_hash = f"crossref:{own_doi}"
    started = time.monotonic()
    asked = len(client.requested)
    results: dict[int, Result] = {}
    gate = asyncio.Semaphore(CONCURRENT_ENTRIES)

    async def one(entry: dict[str, Any]) -> None:
        async with gate:
            results[entry["index"]] = await resolve(entry, client, settings, store, text_hash=text_hash)
            progress.step(file, len(results), len(chosen))

    await asyncio.gather(*(one(e) for e in chosen))
    resolved = sum(1 for r in results.values() if r.ok)
    progress.done(f"{file}: {resolved} of {len(chosen)} references resolved, "
                  f"{len(client.requested) - asked} requests, {time.monotonic() - started:.1f} s")
    resolutions = [{"index": e["index"], **results[e["index"]].to_json()} for e in chosen]
    return {**analysis, "resolutions": resolutions}


async def _crossref_references(client: Client, settings: Settings, doi: str, file: Path) -> list[dict[str, Any]]:
    found = await own.crossref_list(client, doi, settings)
    if not found.entries:
        say(f"{file}: no reference list from Crossref: {found.reason}")
    return list(found.entries)


def _user_agent(settings: Settings) -> str:
    agent = f"citelens/{__version__} (https://github.com/citelens)"
    return f"{agent[:-1]}; mailto:{settings.mailto})" if settings.mailto else agent


class _Progress:
    """``resolving N/M`` on a terminal, redrawn in place; one summary line per paper."""

    def __init__(self, stream: Any, *, enabled: bool) -> None:
        self.stream, self.enabled = stream, enabled
        self.tty = enabled and stream.isatty()

    def step(self, file: Path, done: int, total: int) -> None:
        if self.tty:
            STATUS_LINE.show(self.stream, f"resolving {file.name}: {done}/{total}")

    def done(self, message: str) -> None:
        if self.enabled:
            STATUS_LINE.clear()
            print(f"{PROG}: {message}", file=self.stream, flush=True)
