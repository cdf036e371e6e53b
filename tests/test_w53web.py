"""w53web: three web defects walk53 found, mended. A save or supersede over an entry
removed (or superseded) meanwhile keeps the typed text and offers to add it again; no page
shows a team user the server's config path; a form posted after its sign-in ended goes to
the sign-in page. Real parts only (the web app served by uvicorn, PostgreSQL)."""

from __future__ import annotations

import re
from pathlib import Path

import httpx2 as httpx
import pytest

import memdir
from memdir.engine import Memdir
from memdir.web.security import Keys, Viewer
from test_team_server import Team, serving_team
from test_team_server import team as team
from webserver import form_value as _form
from webserver import signed_in as _signed_in
from webserver import site as site

ENTRY = "project_cache-host"


# --- 1. a save over an entry removed meanwhile ------------------------------------------


def _typed(page: str, verb: str) -> dict[str, str]:
    form = {"csrf": _form(page, "csrf"), "etag": _form(page, "etag"), "type": "project"}
    return form | {"name": f"Cache host ({verb})", "description": "d", "body": f"my {verb} text"}


@pytest.mark.parametrize("verb", ["save", "supersede"])
def test_a_save_over_an_entry_removed_meanwhile_keeps_the_text_to_add_again(
    site: str, md: Memdir, verb: str
) -> None:
    client = _signed_in(site)
    page = client.get(f"/entry/local/{ENTRY}").text
    md.store("local").remove(ENTRY)  # in another tab, meanwhile
    r = client.post(f"/entry/local/{ENTRY}/{verb}", data=_typed(page, verb))
    assert r.status_code == 422, r.text[:500]
    assert f"my {verb} text" in r.text  # kept
    assert "this entry was removed just now, after this page was opened" in r.text
    assert "No entry matches" not in r.text and "unique substring" not in r.text  # the CLI's
    assert "walrus-7" in r.text  # the removed version, from the archive
    again = re.search(r'<form[^>]*action="(/entries)"(.*?)</form>', r.text, re.S)
    assert again, "the page offers to add the text again"
    fields = dict(re.findall(r'name="(\w+)"[^>]* value="([^"]*)"', again.group(2)))
    fields |= {"type": "project", "body": f"my {verb} text"}
    assert fields["scope"] == "local" and fields["name"] == f"Cache host ({verb})"
    added = client.post("/entries", data=fields)
    assert added.status_code == 303, added.text[:500]
    assert md.store("local").get(f"Cache host ({verb})").body == f"my {verb} text"


def test_a_save_over_an_entry_superseded_meanwhile_names_the_new_one(site: str, md: Memdir) -> None:
    client = _signed_in(site)
    page = client.get(f"/entry/local/{ENTRY}").text
    new = md.store("local").supersede(
        ENTRY, name="Cache host 2", description="the new cache", body="walrus-9"
    )
    r = client.post(f"/entry/local/{ENTRY}/save", data=_typed(page, "save"))
    assert r.status_code == 422 and "my save text" in r.text, r.text[:500]
    assert f"this entry was superseded by {new.id} just now" in r.text


def test_a_save_over_an_entry_gone_with_its_archive_is_not_found(site: str, md: Memdir) -> None:
    client = _signed_in(site)
    page = client.get(f"/entry/local/{ENTRY}").text
    md.store("local").remove(ENTRY)
    folder = Path(md.store("local").backend.location)
    for copy in (folder / "archive").glob(f"{ENTRY}--*.md"):
        copy.unlink()  # by hand: not even the archive has it
    r = client.post(f"/entry/local/{ENTRY}/save", data=_typed(page, "save"))
    assert r.status_code == 404 and "No entry matches" in r.text, r.text[:500]
    assert md.store("local").list() == []  # nothing saved


# --- 3. a form posted after its sign-in ended -------------------------------------------


def test_a_form_posted_after_its_sign_in_ended_goes_to_sign_in(site: str, md: Memdir) -> None:
    page = f"/entry/local/{ENTRY}"
    ended = httpx.Client(base_url=site, follow_redirects=False, timeout=30)
    port = site.rstrip("/").rsplit(":", 1)[1]
    # a cookie of the server's token before it changed (`memdir serve --new-token`)
    ended.cookies.set(f"memdir_web_{port}", Keys("the-old-token-" + "x" * 30).cookie(Viewer()))
    own = site.rstrip("/")
    browser = {"sec-fetch-site": "same-origin", "origin": own, "referer": own + page}
    data = {"csrf": "x", "name": "n", "description": "d", "type": "project", "body": "b"}
    r = ended.post(page + "/save", data=data, headers=browser)
    assert r.status_code == 303, r.text[:300]
    assert r.headers["location"] == "/signin?next=%2Fentry%2Flocal%2F" + ENTRY + "&ended=1"
    shown = ended.get(r.headers["location"])
    assert shown.status_code == 200 and "memdir kept none of it" in shown.text
    assert f'name="next" value="/entry/local/{ENTRY}"' in shown.text
    htmx = ended.post("/review/apply", data=data, headers={**browser, "hx-request": "true"})
    assert htmx.status_code == 204 and htmx.headers["hx-redirect"].startswith("/signin?next=")
    # another site's post, or a script's (no browser headers): refused, as before
    for headers in ({}, {**browser, "sec-fetch-site": "cross-site"}, {"origin": "http://x"}):
        refused = ended.post(page + "/save", data=data, headers=headers)
        assert refused.status_code == 403 and "Sign in first" in refused.text, headers
    assert md.store("local").get(ENTRY).body == "walrus-7"


# --- 2. no page shows a team user the server's config path -------------------------------


def test_no_page_shows_a_team_user_the_servers_config_path(team: Team) -> None:
    team.home.mkdir(mode=0o700, exist_ok=True)
    (team.home / "config.toml").write_text('history_scopes = ["local"]\n')  # not user
    md = memdir.open(team.home, database_url=team.url, user="root")
    org = md.store("managed").add(
        type="feedback", name="Org uses pnpm", description="installs", body="Use pnpm."
    )
    md.close()
    for name in ("alice", "root"):
        md = memdir.open(team.home, database_url=team.url, user=name)
        md.store("user").add(type="user", name="Likes tea", description="tea", body="Tea.")
        md.close()
    with serving_team(team) as url:
        site = url.removesuffix("/mcp")
        for name in ("alice", "root"):
            client = _signed_in(site, team.tokens[name])
            shown = client.get(f"/entry/managed/{org.id}").text
            assert "Use pnpm." in shown and "keeps no history" not in shown  # the org's kept
            mine = client.get("/entry/user/user_likes-tea").text
            assert "The user scope keeps no history on this server" in mine, mine
            hint = "history_scopes in the server&#39;s config.toml turns it on"
            assert (hint in mine) == (name == "root")  # the admin's to turn on
            csrf = _form(shown, "csrf")
            answers = [shown, mine]
            answers.append(client.get("/history/managed/HEAD").text)
            for scope in ("user",):
                answers.append(client.get(f"/history/{scope}/HEAD").text)
                revert = client.post(f"/history/{scope}/HEAD/revert", data={"csrf": csrf})
                assert revert.status_code == 400, revert.text[:300]
                answers.append(revert.text)
            for answer in answers:
                assert str(team.home) not in answer and "server-home" not in answer, answer
