"""The client of ``memdir push/pull --server`` against servers that are not memdir or
misbehave, over real sockets: every failure is one error line naming the server, and
the token never goes to another address."""

from __future__ import annotations

import http.server
import json
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dulwich.repo import Repo

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


def test_an_older_server_is_said_to_be_older_and_keys_nothing_by_a_path(
    tmp_path: Path,
) -> None:
    """A server before 2026-12-04 (its answers as main's `web/api.py` gives them): a push
    from a checkout with an origin sends no ``local_scope`` (that server keys the local
    scope by the URL too); one without an origin does, and that server's 400 "unknown
    field" is said as an older server; a pull's local scope it did not key is dropped."""
    import memdir
    from memdir.pg import remote

    sent: list[tuple[dict[str, Any], dict[str, str]]] = []
    entry = {"id": "feedback_x", "type": "feedback", "name": "x", "description": "d"}
    entry |= {"body": "b", "updated": "2026-01-01T00:00:00Z", "pinned": False, "origins": []}

    class Old(http.server.BaseHTTPRequestHandler):
        def _answer(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps({"memdir": 1, **body}).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            sent.append((body, dict(self.headers)))
            if "local_scope" in body:
                error = "memdir: the body has an unknown field 'local_scope'"
                self._answer(400, {"error": error})
            else:
                self._answer(200, {"applied": False, "counts": {}, "notes": [], "moves": []})

        def do_GET(self) -> None:
            scopes = {"local": [entry]}
            self._answer(200, {"user": "alice", "project": None, "scopes": scopes, "notes": []})

        def log_message(self, *args: object) -> None:
            pass

    old = http.server.HTTPServer(("127.0.0.1", 0), Old)
    threading.Thread(target=old.serve_forever, daemon=True).start()
    try:
        server = Server(f"http://127.0.0.1:{old.server_port}", "mdt_x")
        with_origin = tmp_path / "app"
        repo = Repo.init(str(with_origin), mkdir=True)
        config = repo.get_config()
        config.set((b"remote", b"origin"), b"url", b"https://git.example.test/acme/app")
        config.write_to_path()
        repo.close()
        bare = tmp_path / "bare"
        bare.mkdir()
        for folder in (with_origin, bare):
            ws = memdir.open(tmp_path / "home", folder, database_url="")
            ws.store("local").add(type="feedback", name="Mine", description="d", body="M.")
            if folder == with_origin:
                remote.push(server, ws, apply=False)
                body, headers = sent[-1]
                assert "local_scope" not in body and "local" in body["scopes"]
                assert headers["X-Memdir-Project"] == "https://git.example.test/acme/app"
            else:
                with pytest.raises(MemdirError, match="older than this memdir client"):
                    remote.push(server, ws, apply=False)
                assert sent[-1][0]["local_scope"]
                pulled = remote.pull(server, ws, apply=False)
                assert pulled.moves == [] and any("older" in n for n in pulled.notes)
    finally:
        old.shutdown()
        old.server_close()
