"""mend53a2: the fixes to rv53a's findings on if_match (the MCP `memory` tool and the
memdir://entry resource). Real parts only: the tool dispatcher every agent integration
calls, the `memdir mcp` server through the MCP client SDK."""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

from memdir.engine import Memdir
from memdir.tools import Dispatcher

ENTRY = "project_cache-host"
ADD = {"action": "add", "type": "project", "name": "Cache host", "description": "where"}


def _read(md: Memdir) -> tuple[Dispatcher, str]:
    tools = Dispatcher(md)
    assert tools.call("memory", {**ADD, "body": "Host a."})["success"]
    return tools, str(tools.call("memory_read", {"id": ENTRY})["etag"])


@pytest.mark.backends
def test_a_batch_checks_each_if_match_against_the_version_before_it(md: Memdir) -> None:
    tools, etag = _read(md)
    # a rename, then a change to the renamed entry, both from the one read
    batch = [
        {"action": "replace", "target": ENTRY, "name": "Cache host two", "if_match": etag},
        {"action": "replace", "target": "project_cache-host-two", "body": "B", "if_match": etag},
    ]
    r = tools.call("memory", {"operations": batch})
    assert r["success"], r
    now = md.store("local").get("project_cache-host-two")
    assert now.body == "B" and r["results"][-1]["etag"] == now.etag
    # the etag of the batch's first change (never read by anyone) is not the one read:
    # a batch whose second op sends it is refused, nothing applied
    mid = r["results"][0]["etag"]
    again = [
        {"action": "replace", "target": now.id, "body": "C", "if_match": now.etag},
        {"action": "replace", "target": now.id, "pinned": True, "if_match": mid},
    ]
    refused = tools.call("memory", {"operations": again})
    assert not refused["success"] and "someone else" in refused["error"], refused
    assert md.store("local").get(now.id).etag == now.etag
    # someone else's write between the read and the batch: every op refused as before
    md.store("local").replace(now.id, body="theirs")
    both = [{**op, "if_match": now.etag} for op in again]
    assert not tools.call("memory", {"operations": both})["success"]
    assert md.store("local").get(now.id).body == "theirs"


@pytest.mark.backends
def test_if_match_empty_is_no_check_and_a_near_miss_is_the_etag(md: Memdir) -> None:
    tools, etag = _read(md)
    said = {"action": "replace", "target": ENTRY, "if_match": ""}
    assert tools.call("memory", {**said, "body": "one"})["success"]  # no check, as the web
    assert md.store("local").get(ENTRY).body == "one"
    now = md.store("local").get(ENTRY).etag
    for padded in (False, True):  # as a model may copy it: upper case, spaces around
        sent = f"  {now}\n" if padded else now.upper()
        r = tools.call("memory", {**said, "body": f"from {sent}", "if_match": sent})
        assert r["success"], r
        now = r["results"][0]["etag"]
    r = tools.call("memory", {**said, "body": "stale", "if_match": f" {etag.upper()} "})
    assert not r["success"] and f"etag is now {now}" in r["error"], r  # still checked


@pytest.mark.files_only
def test_each_kind_of_resource_reads(tmp_path: Any, home: Any, project: Any, md: Memdir) -> None:
    import anyio
    from mcp import Client, StdioServerParameters
    from mcp.shared.exceptions import MCPError

    md.write_skill("deploy", "Deploy to staging, then prod", "1. Deploy.", scope="user")
    big = md.store("local").add(type="project", name="Big", description="d", body="x " * 30000)
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_MANAGED_DIR": str(tmp_path / "m")}
    params = StdioServerParameters(
        command=sys.executable, env=env, args=["-m", "memdir", "-C", str(project), "mcp"]
    )

    async def main() -> None:
        async with Client(params) as client:
            listed = {str(r.uri) for r in (await client.list_resources()).resources}
            assert {"memdir://index", "memdir://context", f"memdir://entry/{big.id}"} <= listed
            for uri in listed | {"memdir://entry/skill:deploy"}:
                (shown,) = (await client.read_resource(uri)).contents
                assert getattr(shown, "text", ""), uri
                etag = (shown.meta or {}).get("etag")
                assert (etag is not None) == uri.startswith("memdir://entry/project_"), uri
            (big_shown,) = (await client.read_resource(f"memdir://entry/{big.id}")).contents
            assert (big_shown.meta or {})["etag"] == md.store("local").get(big.id).etag
            with pytest.raises(MCPError):
                await client.read_resource("memdir://entry/skill:nope")

    anyio.run(main)


@pytest.mark.files_only
def test_a_pin_or_remove_of_an_entry_gone_meanwhile_says_so_on_the_memory_page(
    md: Memdir,
) -> None:
    from test_mend53a import _add, _form, _signed_in
    from webserver import web_server

    _add(md)
    with web_server(md) as url:
        client = _signed_in(url)
        csrf = _form(client.get(f"/entry/local/{ENTRY}").text, "csrf")
        md.store("local").remove(ENTRY)
        for verb, done in (("pin", "pinned"), ("unpin", "unpinned"), ("remove", "removed")):
            r = client.post(f"/entry/local/{ENTRY}/{verb}", data={"csrf": csrf})
            assert r.status_code == 303 and r.headers["location"].startswith("/?refused=")
            page = client.get(r.headers["location"])
            assert page.status_code == 200
            assert f"{ENTRY} was removed or replaced meanwhile" in page.text
            assert f"so it was not {done}" in page.text
