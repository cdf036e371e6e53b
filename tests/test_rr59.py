"""Review rr59 of round 59's source change: what it found, each a test. Real HTTP on
loopback."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator

import pytest

from memdir.core.errors import MemdirError
from memdir.pg.remote import Server


class _LongLength(http.server.BaseHTTPRequestHandler):
    """An answer whose Content-Length has 5,000 digits (past Python's int() limit)."""

    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self.send_response(int(self.server.status))  # type: ignore[attr-defined]
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "9" * 5000)
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(b'{"memdir": 1}')

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(params=[200, 500])
def long_length(request: pytest.FixtureRequest) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _LongLength)
    server.status = request.param  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_a_content_length_of_5000_digits_is_a_memdir_error_not_a_value_error(
    long_length: str,
) -> None:
    """pg/remote.py Server._bounded: int() of a 5,000-digit Content-Length raised
    ValueError (Python's digit limit), which call() lets out as a traceback."""
    server = Server(long_length, "mdt_0123456789abcdef_" + "x" * 43)
    with pytest.raises(MemdirError):
        server.call("GET", "/api/entries", "https://github.com/acme/app")
