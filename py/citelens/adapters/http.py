"""The resolver's network edge: the transports that do one plain GET (see :mod:`citelens.resolve.transport`
for the protocol and the :class:`~citelens.resolve.transport.Client` that makes them polite and bounded).

- :class:`UrllibTransport`: the CLI's, ``urllib`` in a thread.
- :class:`FetchTransport`: the worker's, ``pyodide.http.pyfetch``: a simple GET with no custom header, so
  no CORS preflight. A failed fetch is opaque there: a 429 sent without ``Access-Control-Allow-Origin``
  (Semantic Scholar's CloudFront does that) looks exactly like being offline (``opaque_errors``).
"""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request

from citelens.resolve.transport import Response, TransportError


class UrllibTransport:
    """The CLI's transport: ``urllib`` in a worker thread, a User-Agent naming citelens (and the
    ``mailto`` address, as Crossref asks of its polite pool)."""

    opaque_errors = False

    def __init__(self, user_agent: str) -> None:
        self.user_agent = user_agent

    async def get(self, url: str, timeout: float) -> Response:
        return await asyncio.to_thread(self._get, url, timeout)

    def _get(self, url: str, timeout: float) -> Response:
        request = urllib.request.Request(url, headers={"User-Agent": self.user_agent,
                                                       "Accept": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as reply:  # noqa: S310 - https URLs we build
                return Response(url, reply.status, _headers(reply.headers.items()), _decode(reply.read()))
        except urllib.error.HTTPError as error:  # 4xx/5xx still carry a body and headers
            return Response(url, error.code, _headers(error.headers.items()), _decode(error.read()))
        except (urllib.error.URLError, ConnectionError) as error:
            raise TransportError(str(getattr(error, "reason", error))) from None


class FetchTransport:
    """The worker's transport: Pyodide's ``pyfetch``, a simple GET (no custom headers: no preflight).

    Cancelling the coroutine (the client's timeout) aborts the fetch through pyfetch's AbortController.
    """

    opaque_errors = True

    async def get(self, url: str, timeout: float) -> Response:
        from pyodide.http import pyfetch  # only in Pyodide

        reply = await pyfetch(url, method="GET", credentials="omit", referrerPolicy="no-referrer")
        body = await reply.string()
        return Response(url, int(reply.status), _headers(dict(reply.headers).items()), body)


def _headers(items: object) -> dict[str, str]:
    return {str(k).lower(): str(v) for k, v in items}  # type: ignore[attr-defined]


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")
