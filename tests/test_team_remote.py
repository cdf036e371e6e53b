"""The client of ``memdir push/pull --server`` against servers that are not memdir or
misbehave, over real sockets: every failure is one error line naming the server, and
the token never goes to another address."""

from __future__ import annotations

import http.server
import socket
import threading
from collections.abc import Iterator

import pytest

from memdir.core.errors import MemdirError
from memdir.pg.remote import Server


def _answering(reply: bytes) -> Iterator[str]:
    """A server that reads one request and answers ``reply`` raw, then hangs up."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()

    def run() -> None:
        conn, _ = sock.accept()
        conn.recv(65536)
        conn.sendall(reply)
        conn.close()

    threading.Thread(target=run, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        sock.close()


@pytest.mark.parametrize(
    "reply",
    [
        b"SSH-2.0-OpenSSH_9\r\n",  # not HTTP at all: BadStatusLine
        b'HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"memdir": 1',  # cut off
    ],
)
def test_an_answer_that_is_not_http_or_cut_off_is_one_error(reply: bytes) -> None:
    for url in _answering(reply):
        with pytest.raises(MemdirError, match=f"team server at {url}"):
            Server(url, "mdt_x").call("GET", "/api/entries", None)


def test_a_redirect_is_refused_and_the_token_stays_here() -> None:
    seen: list[str | None] = []

    class Other(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(self.headers.get("Authorization"))
            self.send_response(404)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    other = http.server.HTTPServer(("127.0.0.1", 0), Other)

    class Redirect(Other):
        def do_GET(self) -> None:
            self.send_response(302)
            self.send_header("Location", f"http://localhost:{other.server_port}/x")
            self.end_headers()

        do_POST = do_GET

    moved = http.server.HTTPServer(("127.0.0.1", 0), Redirect)
    for s in (other, moved):
        threading.Thread(target=s.serve_forever, daemon=True).start()
    try:
        server = Server(f"http://127.0.0.1:{moved.server_port}", "mdt_secret")
        for method, body in (("GET", None), ("POST", {"apply": False, "scopes": {}})):
            with pytest.raises(MemdirError, match="redirect") as caught:
                server.call(method, "/api/push", None, body)
            assert "\n" not in str(caught.value) and "localhost" in str(caught.value)
    finally:
        for s in (other, moved):
            s.shutdown()
            s.server_close()
    assert seen == []  # the other address was never asked, so never given the token


def test_a_server_that_does_not_answer_in_time_may_still_be_working(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from memdir.pg import remote

    monkeypatch.setattr(remote, "TIMEOUT", 0.5)  # configuration: the client's wait
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()  # accepts (the kernel's backlog) and never answers
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    try:
        with pytest.raises(MemdirError) as caught:
            Server(url, "mdt_x").call("POST", "/api/push", None, {"apply": True})
    finally:
        sock.close()
    message = str(caught.value)
    assert f"team server at {url} did not answer" in message, message
    assert "cannot reach" not in message and "may still be working" in message
