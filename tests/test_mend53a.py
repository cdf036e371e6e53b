"""mend53a: Entry.revision renamed Entry.etag (a tab opened before the rename still
checked), if_match on the MCP `memory` tool, post/redirect/get for every refused entry
and review form, and names of astral characters editable in the web form. Real parts
only (the web app served by uvicorn, the MCP client SDK, Chromium)."""

from __future__ import annotations

import re

import httpx2 as httpx

from memdir.engine import Memdir
from webserver import TOKEN, web_server

ENTRY = "project_cache-host"


def _signed_in(url: str) -> httpx.Client:
    client = httpx.Client(base_url=url, follow_redirects=False, timeout=30)
    r = client.post("/signin", data={"token": TOKEN, "next": "/"})
    assert r.status_code == 303
    return client


def _form(page: str, field: str) -> str:
    found = re.search(rf'name="{field}" value="([^"]*)"', page)
    assert found, f"the page has a form field {field}"
    return found.group(1)


def _add(md: Memdir) -> None:
    md.store("local").add(
        type="project", name="Cache host", description="cache server", body="walrus-7"
    )


# --- 1. Entry.etag: a form from before the rename -------------------------------------


def test_a_tab_opened_before_the_rename_is_still_checked(md: Memdir) -> None:
    # a page rendered before the upgrade posts the digest as "revision": a save from it
    # after someone else's write is refused as stale, not a silent overwrite
    _add(md)
    old_digest = md.store("local").get(ENTRY).etag
    with web_server(md) as url:
        client = _signed_in(url)
        csrf = _form(client.get(f"/entry/local/{ENTRY}").text, "csrf")
        md.store("local").replace(ENTRY, body="walrus-8, saved in tab B")
        form = {"csrf": csrf, "name": "Cache host", "description": "cache server"}
        form |= {"type": "project", "body": "tab A's text", "revision": old_digest}
        r = client.post(f"/entry/local/{ENTRY}/save", data=form)
        assert "someone else saved a newer version" in r.text, r.text[:400]
        assert md.store("local").get(ENTRY).body == "walrus-8, saved in tab B"
        page = client.get(f"/entry/local/{ENTRY}").text
        assert _form(page, "etag") == md.store("local").get(ENTRY).etag
        assert 'name="revision"' not in page
