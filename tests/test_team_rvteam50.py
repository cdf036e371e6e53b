"""Review rvteam50 of branch team50 (issue 17: pull's exit status 3, the dry-run pull, the
ledger's `updated:` stamps, push --server's batches below the limit the server announces).
Each test here failed on team50; minor findings are strict xfails. Real HTTP on loopback
(a hostile or broken server where the finding needs one), the real CLI as a subprocess,
real PostgreSQL where a team server is needed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from webserver import serving

pytestmark = pytest.mark.slow

TOKEN = "mdt_" + "x" * 40


def _entry(id_: str, name: str, body: str, updated: str = "2026-12-01T10:00:00+00:00") -> Any:
    return {
        "id": id_,
        "type": "user",
        "name": name,
        "description": f"about {name}",
        "body": body,
        "updated": updated,
        "pinned": False,
        "origins": [],
    }


class _Fake:
    """A server that answers as a memdir team server would (or a broken proxy in front of
    one): ``entries`` for GET /api/entries, an empty report for POST /api/push; every
    answer with the header ``announce`` (raw bytes) as X-Memdir-Max-Body, when given."""

    def __init__(self, entries: list[Any], announce: bytes | None = None) -> None:
        self.entries = entries
        self.announce = announce
        self.requests: list[tuple[str, str, int]] = []

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        self.requests.append((scope["method"], scope["path"], len(body)))
        if scope["path"].startswith("/api/entries"):
            headers = dict(scope["headers"])
            slug = headers.get(b"x-memdir-checkout", b"").decode()
            answer: Any = {
                "memdir": 1,
                "user": "alice",
                "project": None,
                "local_scope": slug,
                "scopes": {"user": self.entries},
                "notes": [],
            }
        else:
            answer = {"memdir": 1, "applied": False, "counts": {}, "notes": [], "moves": []}
        data = json.dumps(answer).encode()
        out = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
        if self.announce is not None:
            out.append((b"x-memdir-max-body", self.announce))
        await send({"type": "http.response.start", "status": 200, "headers": out})
        await send({"type": "http.response.body", "body": data})


def _cli(tmp: Path, server: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``memdir args`` as a subprocess on the laptop home ``tmp/laptop`` and the checkout
    ``tmp/project`` (no remote), with ``server`` and a token."""
    (tmp / "project").mkdir(exist_ok=True)
    env = {
        **os.environ,
        "MEMDIR_HOME": str(tmp / "laptop"),
        "MEMDIR_MANAGED_DIR": str(tmp / "m"),
        "MEMDIR_SERVER": server,
        "MEMDIR_TOKEN": TOKEN,
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }
    for key in ("MEMDIR_DATABASE_URL", "MEMDIR_USER", "MEMDIR_DISABLE"):
        env.pop(key, None)
    return subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(tmp / "project"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@contextmanager
def _fake(entries: list[Any], announce: bytes | None = None) -> Iterator[str]:
    with serving(_Fake(entries, announce)) as url:
        yield url


# -- the ledger's stamp keys -----------------------------------------------------------------


def test_an_entry_whose_id_is_updated_does_not_break_the_ledger(tmp_path: Path) -> None:
    # MEDIUM: the stamp key is the digest key + "\0updated", so the digest key of an entry
    # whose id is "updated" ("user\0updated") reads as a stamp: after one pull of it every
    # pull (dry runs too) is a ParseError until pulled.json is moved aside (its records lost).
    entries = [_entry("updated", "Updated", "A note named updated on the server.")]
    with _fake(entries) as url:
        first = _cli(tmp_path, url, "pull", "--apply", "--json")
        assert first.returncode == 0, first.stdout + first.stderr
        assert json.loads(first.stdout)["counts"] == {"add": 1}, first.stdout
        again = _cli(tmp_path, url, "pull", "--json")
    assert again.returncode == 0, again.stdout + again.stderr


# -- what the server announces ---------------------------------------------------------------


@pytest.mark.parametrize(
    "announce",
    [
        pytest.param("\N{SUPERSCRIPT TWO}".encode("latin-1"), id="a-latin-1-digit"),
        pytest.param(b"9" * 5000, id="more-digits-than-int-parses"),
    ],
)
def test_a_broken_body_limit_header_is_ignored_not_a_traceback(
    tmp_path: Path, announce: bytes
) -> None:
    # MEDIUM: Server._learn takes str.isdigit() for a number: "²" (a proxy's byte 0xB2, read
    # as latin-1) or 5000 digits pass it and int() raises ValueError, which no one catches:
    # push and pull die with a traceback on any answer carrying such a header.
    with _fake([], announce) as url:
        for args in (("pull",), ("push",)):
            got = _cli(tmp_path, url, *args)
            assert "Traceback" not in got.stderr, got.stderr[-2000:]
            assert got.returncode == 0, got.stdout + got.stderr
