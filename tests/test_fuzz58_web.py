"""Fuzz pass (fuzz58) over the web page's URLs as a browser or another page sends them:
raw query strings (percent-escapes of NUL, of bytes that are no UTF-8, of lone
surrogates), odd path segments, and every query key a page reads. Each answer is a page
or a clear 4xx, never a 500; what came in is shown escaped; a GET changes nothing.
(test_web.py fuzzes well-formed query values and form fields.)"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memdir.core.config import load_settings
from memdir.engine import Memdir
from test_web import ENTRY, _seed, _signed_in
from webserver import web_server

#: what a page must never show unescaped: a tag any of them could reflect
MARK = "<b id=fz58>"
#: pieces of a raw (already percent-encoded) query value or path segment
_RAW = ["a", "%00", "%ff", "%ED%A0%80", "%C3%A9", "%E2%80%A8", "%E2%80%AE", "%", "%%", "%2"]
_RAW += ["%2F", "..", "/", "%2e%2e", "+", "&", "=", "#", "%23", "%3C", "%3E", "%22", "'", "%27"]
_RAW += ["<b%20id=fz58>", "%3Cb%20id%3Dfz58%3E", "javascript:", "//evil.example", "\\", "%5C"]
_RAW += ["%F0%9F%98%80", "%E9%83%A8", "0", "1", "-1", "9" * 30, "HEAD", "local", ENTRY]
RAW = st.lists(st.sampled_from(_RAW), max_size=8).map("".join)
KEYS = ["q", "type", "source", "stale", "role", "paths", "page", "mode", "project", "refused"]
KEYS += ["failed", "done", "entry", "next", "ticket", "ended", "applied", "rejected"]
PAGES = ["/", "/sessions", "/context", "/activity", "/review", "/signin", f"/entry/local/{ENTRY}"]
PAGES += ["/history/local/HEAD", "/sessions/{s}", "/entry/{s}/{s}", "/history/{s}/{s}"]
PAGES += ["/entry/local/{s}", "/history/local/{s}", "/static/{s}"]


def _files(root: Path) -> dict[str, str]:
    """Every file of the home and project but the state database (a page may index it)
    and a lock: what a GET must not change."""
    seen = {}
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.name.startswith("state.db") or path.suffix == ".lock":
            continue
        seen[str(path.relative_to(root))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return seen


@pytest.fixture(scope="module")
def page_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, httpx.Client]]:
    root = tmp_path_factory.mktemp("fuzz58web")
    (root / "project").mkdir()
    env = {"MEMDIR_MANAGED_DIR": str(root / "managed"), "MEMDIR_BACKGROUND": "0"}
    md = Memdir(load_settings(root / "home", root / "project", environ=env))
    _seed(md)
    md.store("local").add(
        type="project",
        name="Markup <i>kept</i>",
        description="a & b <script>x</script>",
        body="<b id=fz58> and <script>alert(1)</script>",
    )
    with web_server(md) as url:
        client = _signed_in(url)
        client.get("/")  # the first page indexes the entries: the GETs below change nothing
        yield root, client
    md.close()


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    page=st.sampled_from(PAGES),
    segment=RAW.filter(lambda s: s not in ("", ".", "..") and "/" not in s and "#" not in s),
    query=st.lists(st.tuples(st.sampled_from(KEYS), RAW), max_size=4),
)
def test_any_raw_url_gives_a_page_or_a_clear_error_and_changes_nothing(
    page_site: tuple[Path, httpx.Client], page: str, segment: str, query: list[tuple[str, str]]
) -> None:
    root, client = page_site
    before = _files(root)
    raw = page.replace("{s}", segment) + ("?" + "&".join(f"{k}={v}" for k, v in query))
    r = client.get(raw)
    assert r.status_code in (200, 303, 307, 400, 403, 404), (raw, r.status_code, r.text[:300])
    if r.status_code == 307:  # Starlette's redirect to the path without its trailing "/"
        assert r.headers["location"].startswith(str(client.base_url).rstrip("/") + "/")
    assert "Traceback" not in r.text and "Internal Server Error" not in r.text
    if r.headers.get("content-type", "").startswith("text/html"):
        assert MARK not in r.text, raw  # shown as text, never as markup
        assert "<script>alert" not in r.text
    assert _files(root) == before, raw


_FORM_KEYS = ["scope", "type", "name", "description", "body", "pinned", "id", "mode", "entry"]
_FORM_KEYS += ["etag", "revision", "csrf", "next", "token"]
FORM_PATHS = ["/entries", f"/entry/local/{ENTRY}/save", f"/entry/local/{ENTRY}/supersede"]
FORM_PATHS += [f"/entry/local/{ENTRY}/pin", "/review/apply", "/sessions/{s}/mode", "/signin"]
FORM_PATHS += ["/history/local/HEAD/revert", "/entry/{s}/{s}/remove"]


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    path=st.sampled_from(FORM_PATHS),
    segment=RAW.filter(lambda s: s not in ("", ".", "..") and "/" not in s and "#" not in s),
    fields=st.lists(st.tuples(st.sampled_from(_FORM_KEYS), RAW), max_size=6),
    csrf=st.booleans(),
)
def test_any_raw_form_body_gives_a_page_or_a_clear_error(
    page_site: tuple[Path, httpx.Client],
    path: str,
    segment: str,
    fields: list[tuple[str, str]],
    csrf: bool,
) -> None:
    """A form body as raw bytes (percent-escapes of NUL, of no UTF-8, of lone
    surrogates), with or without the page's CSRF token: a redirect, a page saying why,
    or a 4xx; never a 500, and what it sent shown escaped."""
    _, client = page_site
    body = "&".join(f"{k}={v}" for k, v in fields)
    if csrf:
        page = client.get("/")
        token = page.text.split('name="csrf" value="', 1)[1].split('"', 1)[0]
        body = f"csrf={token}&" + body
    kind = {"Content-Type": "application/x-www-form-urlencoded"}
    r = client.post(path.replace("{s}", segment), content=body.encode(), headers=kind)
    assert r.status_code in (303, 400, 403, 404, 409, 413, 422), (path, body, r.status_code)
    assert "Traceback" not in r.text and "Internal Server Error" not in r.text
    assert MARK not in r.text
