"""Resolution: which paper each reference entry is, from the public metadata APIs.

Pure Python, shared by the CLI (``citelens resolve``, :mod:`citelens.cli.resolve`) and the browser
worker (``worker/bridge.py``); only the transport differs. Modules, one per concern:

- :mod:`~citelens.resolve.record`       Record and Result, their JSON, identifier and title normalising
- :mod:`~citelens.resolve.settings`     the user's Settings; PARAMS, the thresholds and timings (citelens.params.ResolveParams)
- :mod:`~citelens.resolve.crossref`, :mod:`~citelens.resolve.datacite`, :mod:`~citelens.resolve.semanticscholar`,
  :mod:`~citelens.resolve.openalex`    request URLs and response parsers, one module per API
- :mod:`~citelens.resolve.match`        whether a search hit is the cited paper
- :mod:`~citelens.resolve.transport`    the network: transports, throttling, backoff, timeouts
- :mod:`~citelens.resolve.cache`        results kept 30 days, per DOI and per (text hash, entry)
- :mod:`~citelens.resolve.chain`        the chain itself, :func:`resolve`
- :mod:`~citelens.resolve.own`          the reference list the paper's Crossref record holds
"""

from __future__ import annotations

from citelens.resolve.chain import resolve
from citelens.resolve.record import Author, Record, Result, Source, Status, Via
from citelens.resolve.settings import PARAMS, ResolveParams, Settings
from citelens.resolve.transport import Client, Response, TransportError

__all__ = ["PARAMS", "Author", "Client", "Record", "ResolveParams", "Response", "Result", "Settings", "Source",
           "Status", "TransportError", "Via", "resolve"]
