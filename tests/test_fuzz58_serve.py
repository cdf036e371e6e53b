"""Fuzz pass (fuzz58) over what reaches ``memdir serve --database`` (the team server) from
other machines: any ``Authorization`` header, ``Content-Length`` and body, malformed
JSON-RPC, an ``X-Memdir-Project`` header, MCP roots with odd ``file://`` URIs. Each is
answered with a clear 4xx (or the valid answer), the process stays up and serves the next
valid request, and its log holds no traceback. Skipped without MEMDIR_TEST_DATABASE_URL."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2 as httpx
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from test_team_server import SHARED, Team, _checkout, _client, _data, make_team, serving_team
from webserver import MCP_INITIALIZE

pytestmark = pytest.mark.slow

FUZZ = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class Server:
    """The module's team server: its MCP address, host and port, alice's token."""

    def __init__(self, team: Team, url: str) -> None:
        self.team, self.url = team, url
        host, _, port = url.removeprefix("http://").removesuffix("/mcp").partition(":")
        self.address = (host, int(port))
        self.token = team.tokens["alice"]
        self.host = b"Host: 127.0.0.1:%d" % int(port)


@pytest.fixture(scope="module")
def server(module_pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    team = make_team(module_pg_url, tmp_path_factory.mktemp("fuzz58serve"))
    with serving_team(team) as url:  # asserts its log holds no traceback at the end
        yield Server(team, url)


def raw(server: Server, head: bytes, body: bytes = b"") -> tuple[int, bytes, bytes]:
    """(status, headers, body) of one raw HTTP/1.1 request (``head``: the request line
    and headers, CRLF-separated, no final blank line) sent as these bytes, read to the
    end (a server may answer, and close, before it has read the whole body)."""
    with socket.create_connection(server.address, timeout=60) as conn:

        def send() -> None:
            with contextlib.suppress(ConnectionResetError, BrokenPipeError):
                conn.sendall(head + b"\r\nConnection: close\r\n\r\n" + body)

        # sent on a thread while the answer is read: one read only after the whole body
        # was sent could meet the reset of a server that answered early and closed
        sending = threading.Thread(target=send)
        sending.start()
        chunks = []
        with contextlib.suppress(ConnectionResetError):
            while chunk := conn.recv(65536):
                chunks.append(chunk)
        sending.join()
    answer = b"".join(chunks)
    line, _, rest = answer.partition(b"\r\n")
    assert line.startswith(b"HTTP/1.1 "), answer[:300]
    headers, _, content = rest.partition(b"\r\n\r\n")
    return int(line.split()[1]), headers, content


def post(
    server: Server, body: bytes, *headers: bytes, auth: bytes | None = None
) -> tuple[int, bytes]:
    """A POST of ``body`` to /mcp with alice's token (or ``auth`` as the header's value)."""
    given = auth if auth is not None else b"Bearer " + server.token.encode()
    head = [b"POST /mcp HTTP/1.1", server.host, b"Authorization: " + given]
    head += [b"Content-Type: application/json", b"Accept: application/json, text/event-stream"]
    head += [b"Content-Length: %d" % len(body), *headers]
    status, _, answer = raw(server, b"\r\n".join(head), body)
    return status, answer


def still_serving(server: Server) -> None:
    """The next valid request is answered: an initialize with alice's token (the
    connection it opens then closed: a user may hold only so many unused)."""
    head = [b"POST /mcp HTTP/1.1", server.host, b"Authorization: Bearer " + server.token.encode()]
    head += [b"Content-Type: application/json", b"Accept: application/json, text/event-stream"]
    body = json.dumps(MCP_INITIALIZE).encode()
    status, headers, answer = raw(
        server, b"\r\n".join([*head, b"Content-Length: %d" % len(body)]), body
    )
    assert status == 200, answer[:300]
    assert b'"serverInfo"' in answer
    sid = re.search(rb"(?im)^mcp-session-id: *(\S+)", headers)
    assert sid, headers
    closed = [head[0].replace(b"POST", b"DELETE"), *head[1:3], b"Mcp-Session-Id: " + sid[1]]
    assert raw(server, b"\r\n".join(closed))[0] == 200


def clear_refusal(status: int, body: bytes) -> None:
    """A 4xx whose JSON body says why; never a 500 or a traceback."""
    assert 400 <= status < 500, (status, body[:300])
    assert b"Traceback" not in body
    if body:
        answer = json.loads(body)
        error = answer.get("error")
        message = error.get("message") if isinstance(error, dict) else error
        assert isinstance(message, str) and message, answer


# -- the Authorization header ---------------------------------------------------------------

_AUTH = [b"Bearer", b"bearer", b"BEARER", b" ", b"\t", b"mdt_", b"_", b"0123456789abcdef"]
_AUTH += [b"x" * 43, b"\xff", b"\xc3\xa9", b"\xed\xa0\x80", b"\x00", b"Basic ", b"=", b","]
_AUTH += [b"mdt_0123456789abcdef_", b"a" * 5000, b"%00", b"\x7f", b"\x1b"]


@FUZZ
@given(st.lists(st.sampled_from(_AUTH), max_size=8).map(b"".join))
@example(b"Bearer mdt_0123456789abcdef_" + b"x" * 43)  # well-formed, unknown
@example(b"Bearer mdt_0123456789abcdef_" + b"\xff" * 43)
@example(b"Bearer \xc3\xa9")
def test_any_authorization_header_is_refused_with_a_clear_403(server: Server, auth: bytes) -> None:
    status, body = post(server, json.dumps(MCP_INITIALIZE).encode(), auth=auth)
    if status != 400:  # a header value h11 refuses (a NUL) never reaches memdir
        assert status == 403, (auth, status, body[:300])
        clear_refusal(status, body)
    still_serving(server)


# -- Content-Length and the body ------------------------------------------------------------

_BODY = [b"{", b"}", b"[", b"]", b'"jsonrpc"', b":", b'"2.0"', b",", b'"id"', b"1", b"null"]
_BODY += [b'"method"', b'"tools/call"', b'"initialize"', b'"params"', b"\xff", b"\x00", b"1e999"]
_BODY += [b'"\\ud800"', b"NaN", b"-", b"9" * 400, b"[" * 50, b'"a"', b'{"name": "memory_search"}']


@FUZZ
@given(
    body=st.lists(st.sampled_from(_BODY), max_size=20).map(b"".join),
    # none claims more than the body (the server would wait for the rest, as it should)
    length=st.sampled_from([None, b"-1", b"+0", b"1e0", b"0x0", b" 0", b"99999999999999999999"]),
)
@example(body=b"{}", length=b"%d" % (2 << 20))
def test_any_body_or_length_is_answered_and_the_server_stays_up(
    server: Server, body: bytes, length: bytes | None
) -> None:
    head = [b"POST /mcp HTTP/1.1", server.host, b"Authorization: Bearer "]
    head[-1] += server.token.encode()
    head += [b"Content-Type: application/json", b"Accept: application/json, text/event-stream"]
    head.append(b"Content-Length: " + (length if length is not None else b"%d" % len(body)))
    status, _, answer = raw(server, b"\r\n".join(head), body)
    assert status < 500, (body, length, status, answer[:300])
    assert b"Traceback" not in answer
    still_serving(server)


def test_a_body_over_the_limit_is_a_413_naming_it(server: Server) -> None:
    status, body = post(server, b'{"a": "' + b"x" * (1 << 20) + b'"}')
    assert status == 413
    assert b"request body over 1,048,576 bytes" in body
    still_serving(server)


# -- the project a connection names -----------------------------------------------------------


def _header_client(server: Server, header: str) -> Client:
    """The SDK's client, sending ``header`` as X-Memdir-Project, its bytes UTF-8."""
    http = create_mcp_http_client()
    given = {"Authorization": f"Bearer {server.token}", "X-Memdir-Project": header}
    http.headers = httpx.Headers(given, encoding="utf-8")
    return Client(streamable_http_client(server.url, http_client=http))


_PATH = ["/", "..", "%00", "%ff", "%2e%2e", "~", "C:\\Users\\x", "\\\\srv\\share", "a", "é"]
_PATH += ["git@host:o/r.git", "https://", "file:///", "%", "\u2028", "\u202e", "部门", " "]
_PATH += ["http://u:p@h/x", "ssh://[::1]/r", "//", "?", "#", "tmp", SHARED]


@FUZZ
@given(
    st.lists(st.sampled_from(_PATH), min_size=1, max_size=6)
    .map("".join)
    .filter(lambda v: v.strip(" ") == v)  # an HTTP client trims a header's ends
)
def test_any_project_header_is_a_project_or_a_clear_error(server: Server, value: str) -> None:
    """An X-Memdir-Project header (as UTF-8 bytes): the session it starts works in a
    granted project or the call is refused saying why; never a 500."""

    async def call() -> tuple[bool, str]:
        async with _header_client(server, value) as client:
            result = await client.call_tool("memory_search", {"query": "x"})
            return bool(result.is_error), result.content[0].text if result.content else ""

    refused, text = anyio.run(call)
    if refused:
        assert "Traceback" not in text and text, value
    still_serving(server)


def _sendable(uri: str) -> bool:
    """Whether the SDK's client sends ``uri`` as a root (it validates them first)."""
    from mcp import types
    from pydantic import ValidationError

    try:
        types.Root.model_validate({"uri": uri})
    except ValidationError:
        return False
    return True


_URI = ["file://", "/", "tmp", "%2F", "%00", "%ff", "%ED%A0%80", "..", "%2e%2e", "C:/x", "C:%5Cx"]
_URI += ["localhost", "host", "\\", "?", "#", "a", "%20", "é", ";", "//", "~"]


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.lists(st.sampled_from(_URI), max_size=8).map("".join).filter(_sendable),
        min_size=1,
        max_size=3,
    )
)
def test_any_roots_leave_the_connection_answering(server: Server, roots: list[str]) -> None:
    """Roots a client lists, whatever their URIs: the tool call is answered (a root that
    is no granted checkout is not used, as a missing one is not)."""

    async def call() -> Any:
        async with _client(server.url, server.token, roots=roots) as client:
            return await client.call_tool("memory_search", {"query": "x"})

    result = anyio.run(call)
    assert result.content and "Traceback" not in result.content[0].text
    still_serving(server)


def test_a_granted_checkout_named_by_a_percent_escaped_root_is_used(
    server: Server, tmp_path: Path
) -> None:
    """The SDK's client on a checkout of a granted project whose name needs escapes."""
    folder = _checkout(tmp_path / "a b%c é", SHARED)

    async def call() -> Any:
        async with _client(server.url, server.token, roots=[folder]) as client:
            return await client.call_tool(
                "memory",
                {
                    "action": "add",
                    "scope": "project",
                    "type": "project",
                    "name": "Bytes folder",
                    "description": "d",
                    "body": "written from the folder named by bytes",
                },
            )

    result = anyio.run(call)
    assert not result.is_error and _data(result)["success"], result.content
    assert _data(result) is not None


# -- /api and the web page of the team server -----------------------------------------------

_HEADER = [b"https://", b"git.example.test", b"/acme/shared.git", b"git@", b":", b"/", b"~"]
_HEADER += [b"\xff", b"\xc3\xa9", b"%00", b"..", b"\\", b"a" * 300, b"ssh://", b"[::1]", b"@"]


@FUZZ
@given(
    path=st.sampled_from([b"/api/entries", b"/api/push", b"/api/", b"/api/x"]),
    project=st.none() | st.lists(st.sampled_from(_HEADER), max_size=6).map(b"".join),
    checkout=st.none() | st.lists(st.sampled_from(_HEADER), max_size=4).map(b"".join),
)
def test_any_api_request_headers_are_answered_with_json_never_a_500(
    server: Server, path: bytes, project: bytes | None, checkout: bytes | None
) -> None:
    head = [b"GET " + path + b" HTTP/1.1", server.host]
    head.append(b"Authorization: Bearer " + server.token.encode())
    if project is not None:
        head.append(b"X-Memdir-Project: " + project)
    if checkout is not None:
        head.append(b"X-Memdir-Checkout: " + checkout)
    status, _, body = raw(server, b"\r\n".join(head))
    if status == 400 and not body.startswith(b"{"):  # a header h11 refuses (no memdir)
        return
    assert status in (200, 400, 403, 404, 405), (path, project, checkout, status, body[:300])
    answer = json.loads(body)
    assert status == 200 or (isinstance(answer["error"], str) and answer["error"]), answer
    assert b"Traceback" not in body and b"internal error" not in body


_TOKEN = ["mdt_", "0123456789abcdef", "_", "x" * 43, "\x00", "\ud800", "é", "<b id=fz58>", " "]


@FUZZ
@given(
    token=st.lists(st.sampled_from(_TOKEN), max_size=5).map("".join),
    project=st.sampled_from(
        ["", "x", "git.example.test/acme/shared", "/tmp", "\x00", "<b id=fz58>"]
    )
    | st.lists(st.sampled_from(_PATH), max_size=4).map("".join),
)
def test_any_team_sign_in_or_project_on_the_page_is_a_page_never_a_500(
    server: Server, token: str, project: str
) -> None:
    """The team server's page: a sign-in with any token, then (alice signed in) the
    memory page for any ``?project=``; the text shown escaped, never a 500."""
    base = server.url.removesuffix("/mcp")
    with httpx.Client(base_url=base, follow_redirects=False, timeout=60) as client:
        sent = token.encode(errors="surrogatepass")  # a browser may send any bytes
        form = b"token=" + urllib.parse.quote_from_bytes(sent).encode() + b"&next=/"
        kind = {"Content-Type": "application/x-www-form-urlencoded"}
        r = client.post("/signin", content=form, headers=kind)
        assert r.status_code in (303, 400, 403), (token, r.status_code, r.text[:300])
        assert "<b id=fz58>" not in r.text
        r = client.post("/signin", data={"token": server.token, "next": "/"})
        assert r.status_code == 303
        r = client.get("/", params={"project": project})
        assert r.status_code in (200, 400, 403, 404), (project, r.status_code, r.text[:300])
        assert "<b id=fz58>" not in r.text and "Traceback" not in r.text


def test_a_root_naming_a_folder_whose_name_is_no_utf8_is_that_folder(
    server: Server, tmp_path: Path
) -> None:
    """An MCP root for a folder whose name is bytes that are no UTF-8 (``Path.as_uri``
    escapes them: ``%FF``) was read as U+FFFD, another folder's name: there a checkout of
    a project bob was not granted, so his granted checkout's root was dropped and the
    call refused; on a single-user server it would have worked in that other folder.
    (medium: a client's project mistaken for another folder)"""
    import os

    base = os.fsencode(tmp_path)
    granted = _checkout(Path(os.fsdecode(base + b"/\xff")), SHARED)
    _checkout(tmp_path / "\ufffd", "https://git.example.test/acme/other.git")
    assert granted.as_uri().endswith("/%FF")

    async def call() -> Any:
        async with _client(server.url, server.team.tokens["bob"], roots=[granted]) as client:
            return await client.call_tool(
                "memory",
                {
                    "action": "add",
                    "scope": "project",
                    "type": "project",
                    "name": "Bytes folder",
                    "description": "d",
                    "body": "written from the folder named by bytes",
                },
            )

    result = anyio.run(call)
    assert not result.is_error and _data(result)["success"], result.content
