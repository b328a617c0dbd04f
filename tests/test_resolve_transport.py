"""The CLI's transport (urllib) against a loopback HTTP server that sends recorded responses: statuses,
headers and bodies come through as the chain expects, a 404's body included, and a refused connection is
a TransportError."""

from __future__ import annotations

import asyncio
import http.server
import socket
import threading

import pytest

from citelens.resolve import TransportError
from citelens.adapters.http import UrllibTransport
from resolve_fixtures import in_thread, recorded

ROUTES = {"/ok": "semanticscholar/match_paperqa.json", "/missing": "crossref/error_404_works_notarealdoi.txt",
          "/limited": "semanticscholar/error_429_too_many_requests.json"}


class Handler(http.server.BaseHTTPRequestHandler):
    seen: list[dict[str, str]] = []

    def do_GET(self) -> None:  # noqa: N802 - the base class's name
        Handler.seen.append(dict(self.headers))
        rec = recorded(ROUTES[self.path])
        body = rec.body.encode("utf-8")
        self.send_response(rec.status)
        for name, value in rec.headers.items():
            if name not in {"content-length", "content-encoding", "transfer-encoding", "connection"}:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def base():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def get(url: str):
    return in_thread(asyncio.run, UrllibTransport("citelens-test (mailto:me@example.org)").get(url, 5.0))


def test_a_200_with_its_headers_and_body(base: str) -> None:
    response = get(f"{base}/ok")
    assert response.status == 200
    assert response.headers["access-control-allow-origin"] == "*"
    assert response.body == recorded("semanticscholar/match_paperqa.json").body
    assert Handler.seen[-1]["User-Agent"] == "citelens-test (mailto:me@example.org)"


def test_error_statuses_are_responses_with_their_bodies(base: str) -> None:
    missing = get(f"{base}/missing")
    assert (missing.status, missing.body) == (404, "Resource not found.")
    limited = get(f"{base}/limited")
    assert limited.status == 429 and "Too Many Requests" in limited.body
    assert limited.headers["x-amzn-errortype"] == "TooManyRequestsException"


def test_a_refused_connection_is_a_transport_error() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed when the block ends: nothing listens there
    with pytest.raises(TransportError):
        get(f"http://127.0.0.1:{port}/x")
