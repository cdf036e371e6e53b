"""mend53a: Entry.revision renamed Entry.etag (a tab opened before the rename still
checked), if_match on the MCP `memory` tool, post/redirect/get for every refused entry
and review form, and names of astral characters editable in the web form. Real parts
only (the web app served by uvicorn, the MCP client SDK, Chromium)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2 as httpx
from mcp import Client, StdioServerParameters

import memdir
from memdir.engine import Memdir
from webserver import form_value as _form
from webserver import signed_in as _signed_in
from webserver import web_server

ENTRY = "project_cache-host"


def _data(result: Any) -> dict[str, Any]:
    assert json.loads(result.content[0].text) == result.structured_content
    return dict(result.structured_content)


def _add(md: Memdir) -> None:
    md.store("local").add(
        type="project", name="Cache host", description="cache server", body="walrus-7"
    )


@contextlib.contextmanager
def removed_meanwhile(md: Memdir) -> Iterator[tuple[httpx.Client, str]]:
    """A signed-in tab (its client and csrf) on the entry's page; then the entry is removed
    in another tab. The server runs while the block does."""
    _add(md)
    with web_server(md) as url:
        client = _signed_in(url)
        csrf = _form(client.get(f"/entry/local/{ENTRY}").text, "csrf")
        md.store("local").remove(ENTRY)
        yield client, csrf


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


# --- 2. if_match on the MCP memory tool -----------------------------------------------


def test_two_mcp_clients_a_stale_replace_is_refused_and_nothing_lost(
    tmp_path: Path, home: Path, project: Path
) -> None:
    # two agents, each its own `memdir mcp` behind the SDK's stdio client, read one entry;
    # the second writes; the first's replace from what it read is refused, then re-read
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_MANAGED_DIR": str(tmp_path / "m")}
    params = StdioServerParameters(
        command=sys.executable, env=env, args=["-m", "memdir", "-C", str(project), "mcp"]
    )
    add = {"action": "add", "type": "project", "name": "Cache host", "description": "where"}

    async def main() -> None:
        async with Client(params) as a, Client(params) as b:
            added = _data(await a.call_tool("memory", {**add, "body": "Host a."}))
            assert re.fullmatch(r"[0-9a-f]{16}", added["results"][0]["etag"])
            read_a = _data(await a.call_tool("memory_read", {"id": ENTRY}))
            read_b = _data(await b.call_tool("memory_read", {"id": ENTRY}))
            assert read_a["etag"] == read_b["etag"] == added["results"][0]["etag"]
            (resource,) = (await b.read_resource(f"memdir://entry/{ENTRY}")).contents
            assert resource.meta == {"etag": read_b["etag"]}  # the entry resource too
            b_says = {"action": "replace", "target": ENTRY, "body": "Host b (agent B)."}
            done = _data(await b.call_tool("memory", {**b_says, "if_match": read_b["etag"]}))
            assert done["results"][0]["etag"] != read_b["etag"]
            a_says = {"action": "replace", "target": ENTRY, "body": "Host c (agent A)."}
            stale = await a.call_tool("memory", {**a_says, "if_match": read_a["etag"]})
            error = _data(stale)["error"]
            assert stale.is_error and ENTRY in error and "memory_read" in error, error
            assert done["results"][0]["etag"] in error and "nothing was applied" in error
            supersede = {**add, "action": "supersede", "target": ENTRY, "body": "Host d."}
            batch = {"operations": [{**supersede, "if_match": read_a["etag"]}]}
            assert (await a.call_tool("memory", batch)).is_error  # in a batch too
            now = _data(await a.call_tool("memory_read", {"id": ENTRY}))
            assert "Host b (agent B)." in now["content"]  # B's write not lost
            bad = await a.call_tool("memory", {**a_says, "if_match": 7})
            assert bad.is_error and "'if_match' must be a str" in _data(bad)["error"]
            again = _data(await a.call_tool("memory", {**a_says, "if_match": now["etag"]}))
            assert again["results"][0]["action"] == "replace"  # from the newer version

    anyio.run(main)
    md = memdir.open(home, project)
    assert md.store("local").get(ENTRY).body == "Host c (agent A)."
    assert len(md.store("local").list()) == 1  # the refused supersede made nothing
    md.close()


def test_if_match_is_in_the_memory_tools_schema_for_replace_and_supersede() -> None:
    from memdir.tools import tool_schemas

    (memory,) = [t for t in tool_schemas("mcp") if t["name"] == "memory"]
    said = memory["inputSchema"]["properties"]["if_match"]
    assert said["type"] == "string" and "memory_read" in said["description"]
    item = memory["inputSchema"]["properties"]["operations"]["items"]["properties"]
    assert "if_match" in item


# --- 3. post/redirect/get for refused entry and review forms --------------------------


def _refused_to(client: httpx.Client, r: httpx.Response, page: str, reason: str) -> None:
    """``r`` redirected (303) to ``page`` with the refusal shown there, to this browser
    only, and again on Reload (a GET: nothing is posted again)."""
    assert r.status_code == 303, (r.status_code, r.text[:300])
    where = str(r.headers["location"])
    assert where.startswith(page + "?refused="), where
    for _ in range(2):  # the redirected page, then Reload
        shown = client.get(where)
        assert shown.status_code == 200 and 'role="alert"' in shown.text
        assert reason in shown.text, shown.text[:2000]


def test_a_refused_pin_unpin_or_remove_redirects_to_the_entry_page_saying_why(
    md: Memdir,
) -> None:
    _add(md)
    folder = Path(md.store("local").backend.location)
    with web_server(md) as url:
        client = _signed_in(url)
        csrf = _form(client.get(f"/entry/local/{ENTRY}").text, "csrf")
        (folder / "broken.md").write_text("---\nname: [unclosed\n---\nb\n")  # by hand
        before = sorted(p.read_bytes() for p in folder.glob("*.md"))
        for verb in ("pin", "unpin", "remove"):
            r = client.post(f"/entry/local/{ENTRY}/{verb}", data={"csrf": csrf})
            _refused_to(client, r, f"/entry/local/{ENTRY}", "cannot be read")
        assert sorted(p.read_bytes() for p in folder.glob("*.md")) == before  # nothing written
        expired = client.get(f"/entry/local/{ENTRY}?refused=not-kept-here").text
        assert "nothing was changed" in expired  # after a restart: still says refused


def test_a_refused_review_decision_redirects_to_the_review_page_saying_why(md: Memdir) -> None:
    with web_server(md) as url:
        client = _signed_in(url)
        csrf = _form(client.get("/review").text, "csrf")
        for verb in ("apply", "reject"):
            r = client.post(f"/review/{verb}", data={"csrf": csrf, "id": "merge-000000"})
            _refused_to(client, r, "/review", "no proposal")
        expired = client.get("/review?refused=not-kept-here").text
        assert "nothing was applied or rejected" in expired


def test_a_refused_supersede_keeps_the_typed_text_on_its_own_page(md: Memdir) -> None:
    # web.md's exception: the save and supersede forms hold typed text, which a redirect
    # would keep only in this process's memory for a while; refused, the POST's own page
    _add(md)
    with web_server(md) as url:
        client = _signed_in(url)
        page = client.get(f"/entry/local/{ENTRY}").text
        md.store("local").replace(ENTRY, body="walrus-8, saved in tab B")
        form = {"csrf": _form(page, "csrf"), "etag": _form(page, "etag"), "type": "project"}
        form |= {"name": "Cache host v2", "description": "d", "body": "my careful new fact"}
        r = client.post(f"/entry/local/{ENTRY}/supersede", data=form)
        assert r.status_code == 422 and "my careful new fact" in r.text
        assert "someone else saved a newer version" in r.text
        assert md.store("local").get(ENTRY).body == "walrus-8, saved in tab B"


# --- 4. names of astral characters in the web form ------------------------------------

SUSHI = "\U0001f363"  # one character, two UTF-16 code units


def _type(driver: Any, selector: str, text: str, at: int | None = None) -> str:
    """Insert ``text`` into the field as typing or pasting does (an input event), the
    caret at ``at`` (UTF-16 units; None: the end); the field's value after."""
    return str(
        driver.execute_script(
            "const f = document.querySelector(arguments[0]); f.focus();"
            "const at = arguments[2] === null ? f.value.length : arguments[2];"
            "f.setSelectionRange(at, at);"
            "document.execCommand('insertText', false, arguments[1]); return f.value;",
            selector,
            text,
            at,
        )
    )


def test_a_name_of_emoji_is_edited_and_the_limit_kept_in_characters(md: Memdir) -> None:
    from selenium.webdriver.common.keys import Keys as Key

    from test_web_browser import _css, _sign_in, _submit
    from webserver import chromium, quit_chromium

    md.store("local").add(type="project", name=SUSHI * 79, description="sushi", body="b")
    (entry,) = md.store("local").list()
    driver = chromium()
    try:
        with web_server(md) as url:
            _sign_in(driver, url)
            driver.get(f"{url}/entry/local/{entry.id}")
            assert _type(driver, "#e-name", SUSHI) == SUSHI * 80  # 80 characters: taken
            assert _type(driver, "#e-name", SUSHI + "x") == SUSHI * 80  # past it: not
            assert _type(driver, "#e-name", "y", at=0) == SUSHI * 80  # the end never cut
            _css(driver, "#e-name").send_keys(Key.END, Key.BACKSPACE)
            valid = driver.execute_script(
                "return document.querySelector('#e-name').form.checkValidity()"
            )
            assert valid
            _submit(driver, "form[action*='/save']")
            assert md.store("local").list()[0].name == SUSHI * 79
            driver.get(url + "/")
            _css(driver, "details.add summary").click()
            assert _type(driver, "#add-name", "N" * 100) == "N" * 80  # a paste: cut at 80
            assert _type(driver, "#add-description", SUSHI * 151) == SUSHI * 150
    finally:
        quit_chromium(driver)


def test_the_server_refuses_a_name_too_long_saying_the_limit(md: Memdir) -> None:
    # without the page's script (or past it), the server's check: the limit in characters
    _add(md)
    with web_server(md) as url:
        client = _signed_in(url)
        page = client.get(f"/entry/local/{ENTRY}").text
        form = {"csrf": _form(page, "csrf"), "etag": _form(page, "etag"), "type": "project"}
        form |= {"name": SUSHI * 81, "description": "cache server", "body": "walrus-7"}
        r = client.post(f"/entry/local/{ENTRY}/save", data=form)
        assert r.status_code == 422
        assert "name is 81 characters; the limit is 80 characters" in r.text
        assert SUSHI * 81 in r.text  # the typed name kept in the form
        assert md.store("local").get(ENTRY).name == "Cache host"
