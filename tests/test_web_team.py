"""The web page of the team server: a real `memdir serve --database` process, each user
signing in with their own token. Alice sees her scopes, her granted projects and the org;
bob's browser (real HTTP, and real Chromium) gets nothing of hers by URL or form post —
0 reads, 0 writes, 403/404 — and a revoked token's cookie stops working at once."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx2 as httpx
import pytest

import memdir
from memdir.pg.db import PgDatabase
from memdir.review.versions import Versions
from test_team_server import SECRET, Team, _rows
from test_team_server import one_server as one_server
from test_team_server import one_site as one_site
from test_team_server import team as team
from webserver import chromium, quit_chromium

pytestmark = pytest.mark.slow

SECRET_URL = "git.example.test/acme/secret"
SHARED_URL = "git.example.test/acme/shared"
# What alice wrote (names, bodies, her session's words); ids and revisions bob typed may be
# echoed back in an error, her text never.
ALICE_TEXT = (
    "Alice zebra preference",
    "Secret walrus plan",
    "Local okapi note",
    "Zebra.",
    "Walrus.",
    "Okapi.",
    "zebra talk",
)


def _no_alice(text: str) -> None:
    for said in ALICE_TEXT:
        assert said not in text, f"{said!r} leaked: {text[:500]}"


def _open(team: Team, user: str, folder: Path | None = None) -> memdir.Memdir:
    return memdir.open(team.home, folder, database_url=team.url, user=user)


@pytest.fixture
def alice(team: Team, one_site: str) -> dict[str, Any]:
    """Alice's entries in her user scope, the secret project and its local scope, their
    history revisions, and a logged session: what bob must never reach."""
    md = _open(team, "alice", Path("/memdir-remote-project") / SECRET_URL)
    ids = {
        "user": md.store("user").add(
            type="user", name="Alice zebra preference", description="zebra", body="Zebra."
        ),
        "project": md.store("project").add(
            type="project", name="Secret walrus plan", description="walrus", body="Walrus."
        ),
        "local": md.store("local").add(
            type="feedback", name="Local okapi note", description="okapi", body="Okapi."
        ),
    }
    revs = {scope: Versions(md).log(scope=scope)[0].commit.rev for scope in ids}
    with md.session(agent="web-test") as s:
        s.log("user", "zebra talk about the walrus plan")
        sid = s.id
    md.close()
    return {"ids": {k: e.id for k, e in ids.items()}, "revs": revs, "session": sid}


def _client(url: str) -> httpx.Client:
    return httpx.Client(base_url=url, follow_redirects=False, timeout=60)


def _routes() -> set[tuple[str, str]]:
    """Every (method, path pattern) of the web page but signing in and out."""
    from memdir.web import activity, context, entry, memory, review, sessions

    return {
        (m, r.path)
        for mod in (activity, context, entry, memory, review, sessions)
        for r in mod.routes(None)  # only the paths are read
        for m in r.methods or ()
        if m != "HEAD"
    }


def _covered(seen: list[tuple[str, str]]) -> set[tuple[str, str]]:
    """The route patterns the requests ``seen`` reached."""
    from starlette.routing import compile_path

    return {
        (method, pattern)
        for method, pattern in _routes()
        for m, path in seen
        if m == method and compile_path(pattern)[0].fullmatch(path)
    }


def _sign_in(url: str, token: str, seen: list[tuple[str, str]] | None = None) -> httpx.Client:
    client = _client(url)
    if seen is not None:  # record every request's method and path
        client.event_hooks["request"] = [lambda r: seen.append((r.method, r.url.path))]
    r = client.post("/signin", data={"token": token, "next": "/"})
    assert r.status_code == 303 and r.headers["location"] == "/", r.text
    return client


def _csrf(client: httpx.Client, path: str = "/") -> str:
    page = client.get(path)
    assert page.status_code == 200, page.text
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found
    return found.group(1)


def _session_mode(team: Team, sid: str) -> str:
    md = _open(team, "alice")
    try:
        return md.sessions.get(sid).memory_mode
    finally:
        md.close()


def test_each_user_sees_their_scopes_their_projects_and_the_org(
    team: Team,
    one_site: str,
    alice: dict[str, Any],
) -> None:
    root = _open(team, "root")
    root.store("managed").add(
        type="reference", name="Org security contact", description="org", body="Report here."
    )
    root.close()
    a = _sign_in(one_site, team.tokens["alice"])
    home = a.get("/").text
    assert 'id="scope-managed"' in home and 'id="scope-user"' in home
    assert "Alice zebra preference" in home and "Org security contact" in home
    assert "Secret walrus plan" not in home  # no project chosen yet
    for url in (SECRET_URL, SHARED_URL):  # the projects she was granted, as links
        assert f"/?project={quote(url, safe='')}" in home
    secret = a.get("/", params={"project": SECRET_URL}).text
    assert "Secret walrus plan" in secret and "Alice zebra preference" in secret
    assert "Local okapi note" in secret
    b = _sign_in(one_site, team.tokens["bob"])
    bobs = b.get("/").text
    assert "Org security contact" in bobs and quote(SHARED_URL, safe="") in bobs
    assert quote(SECRET_URL, safe="") not in bobs  # not granted: not even listed
    _no_alice(bobs)
    refused = b.get("/", params={"project": SECRET_URL}).text
    assert "is not granted the project" in refused
    _no_alice(refused)
    team.admin("grant", "bob", SECRET)  # an admin grants it: the next page shows it
    assert "Secret walrus plan" in b.get("/", params={"project": SECRET_URL}).text


def test_alice_uses_every_route_on_her_own_memory(
    team: Team,
    one_site: str,
    alice: dict[str, Any],
) -> None:
    """Every page and action works for the owner (the same routes bob is refused)."""
    a = _sign_in(one_site, team.tokens["alice"])
    q = {"project": SECRET_URL}
    token = _csrf(a, "/?project=" + SECRET_URL)
    entry, rev, sid = alice["ids"]["project"], alice["revs"]["project"], alice["session"]
    pages = [
        "/",
        "/?q=walrus",
        f"/entry/project/{entry}",
        f"/history/project/{rev}",
        "/review",
        "/sessions",
        "/sessions?q=zebra",
        f"/sessions/{sid}",
        "/context",
        "/activity",
    ]
    for path in pages:
        r = a.get(path, params=q)
        assert r.status_code == 200, (path, r.text[:300])
    assert "Walrus." in a.get(f"/entry/project/{entry}", params=q).text
    assert "zebra talk" in a.get(f"/sessions/{sid}", params=q).text
    form = {"csrf": token}
    add = {"scope": "project", "type": "project", "name": "Web added", "description": "d"}
    r = a.post("/entries", params=q, data={**form, **add, "body": "From the page."})
    assert r.status_code == 303 and "/entry/project/project_web-added" in r.headers["location"]
    assert a.post(f"/entry/project/{entry}/pin", params=q, data=form).status_code == 303
    md = _open(team, "alice", Path("/memdir-remote-project") / SECRET_URL)
    assert md.store("project").get(entry).pinned
    pinned_rev = Versions(md).log(scope="project")[0].commit.rev
    r = a.post(f"/history/project/{pinned_rev}/revert", params=q, data={**form, "entry": entry})
    assert r.status_code == 303, r.text[:300]
    assert not md.store("project").get(entry).pinned
    md.close()
    r = a.post(f"/sessions/{sid}/mode", params=q, data={**form, "mode": "polluted"})
    assert r.status_code == 303
    assert _session_mode(team, sid) == "polluted"


def test_bob_reads_and_writes_nothing_of_alices_by_url_or_form(
    team: Team,
    one_site: str,
    alice: dict[str, Any],
) -> None:
    db = PgDatabase(team.url)
    before = _rows(db)
    seen: list[tuple[str, str]] = []
    b = _sign_in(one_site, team.tokens["bob"], seen)
    csrf = _csrf(b)
    ids, revs, sid = alice["ids"], alice["revs"], alice["session"]
    refused: list[tuple[str, int]] = []
    for project in (None, SECRET_URL, SHARED_URL):
        q = {"project": project} if project else {}
        for scope, entry in ids.items():
            for path in (f"/entry/{scope}/{entry}", f"/history/{scope}/{revs[scope]}"):
                r = b.get(path, params=q)
                refused.append((path, r.status_code))
                assert r.status_code in (403, 404), (project, path, r.status_code)
                _no_alice(r.text)
            posts = {
                "save": {"name": "Bob took it", "description": "d", "type": "user", "body": "b"},
                "pin": {},
                "unpin": {},
                "remove": {},
                "supersede": {"name": "Bob took it", "description": "d", "body": "b"},
            }
            for verb, data in posts.items():
                r = b.post(f"/entry/{scope}/{entry}/{verb}", params=q, data={**data, "csrf": csrf})
                assert r.status_code in (403, 404), (project, scope, verb, r.status_code)
                _no_alice(r.text)
            r = b.post(
                f"/history/{scope}/{revs[scope]}/revert",
                params=q,
                data={"csrf": csrf, "entry": entry},
            )
            assert r.status_code in (403, 404), (project, scope, "revert", r.status_code)
            _no_alice(r.text)
        r = b.get(f"/sessions/{sid}", params=q)
        assert r.status_code == 404
        _no_alice(r.text)
        r = b.post(f"/sessions/{sid}/mode", params=q, data={"csrf": csrf, "mode": "disabled"})
        assert r.status_code == 404
        for path in ("/", "/review", "/sessions", "/context", "/activity"):
            for extra in ({}, {"q": "zebra"}, {"q": "walrus"}):
                r = b.get(path, params={**q, **extra})  # his own scopes, never hers
                assert r.status_code == 200, (project, path, r.status_code)
                _no_alice(r.text)
        if project == SECRET_URL:  # the memory page says why that project is not shown
            assert "is not granted the project" in b.get("/", params=q).text
        for verb in ("apply", "reject"):
            r = b.post(f"/review/{verb}", params=q, data={"csrf": csrf, "id": "merge-000000"})
            assert r.status_code in (403, 303)  # refused: redirected to the reason (mend53a)
            _no_alice(r.text)
            if r.status_code == 303:
                assert r.headers["location"].startswith("/review?")
                shown = b.get(r.headers["location"])
                assert shown.status_code == 200 and "merge-000000" in shown.text
                _no_alice(shown.text)
        add = {"scope": "project", "type": "project", "name": "Bob was here", "description": "d"}
        r = b.post("/entries", params=q, data={**add, "body": "b", "csrf": csrf})
        if project == SHARED_URL:
            assert r.status_code == 303  # his own granted project works
        else:
            assert r.status_code == 403, (project, r.status_code)
    assert _rows(db) == before  # 0 writes to alice's scopes, the secret project, the org
    assert _session_mode(team, sid) == "enabled"
    assert _covered(seen) == _routes()  # bob tried every route (a new one must be added)
    for word in ("zebra", "walrus", "okapi"):  # and no search he can run finds her text
        _no_alice(b.get("/", params={"q": word, "project": SHARED_URL}).text)
        _no_alice(b.get("/sessions", params={"q": word, "project": SHARED_URL}).text)


def test_a_revoked_tokens_cookie_stops_working_at_once(
    team: Team,
    one_site: str,
    alice: dict[str, Any],
) -> None:
    a = _sign_in(one_site, team.tokens["alice"])
    token = _csrf(a)
    entry = alice["ids"]["user"]
    assert a.get(f"/entry/user/{entry}").status_code == 200
    db = PgDatabase(team.url)
    before = _rows(db)
    team.admin("revoke", "alice")
    r = a.get(f"/entry/user/{entry}")
    assert r.status_code == 303 and r.headers["location"].startswith("/signin")
    _no_alice(r.text)
    r = a.post(f"/entry/user/{entry}/remove", data={"csrf": token})
    assert r.status_code == 403
    _no_alice(r.text)
    assert _rows(db) == before
    again = _client(one_site).post("/signin", data={"token": team.tokens["alice"], "next": "/"})
    assert again.status_code == 403 and "set-cookie" not in again.headers


def test_wrong_tokens_and_forged_cookies_get_the_sign_in_page_never_data(
    team: Team,
    one_site: str,
    alice: dict[str, Any],
) -> None:
    tok = team.tokens["alice"]
    for wrong in ("", "not-a-token", tok[:-1] + ("A" if tok[-1] != "A" else "B"), "x" * 4000):
        r = _client(one_site).post("/signin", data={"token": wrong, "next": "/"})
        assert r.status_code in (403, 413) and "set-cookie" not in r.headers
        _no_alice(r.text)
    real = _sign_in(one_site, team.tokens["bob"]).cookies
    bob_cookie = next(iter(real.values()))
    name = next(iter(real.keys()))
    body, _, mac = bob_cookie.rpartition(".")
    tid = body.split(".")[1]
    forged = [  # bob's signed cookie made to say alice; another token id; garbage
        f"{body.rsplit('.', 1)[0]}.alice.{mac}",
        bob_cookie.replace(tid, "0" * 16),
        "v1.0123456789abcdef.1.alice.xx",
        "garbage",
    ]
    for cookie in forged:
        c = _client(one_site)
        c.cookies.set(name, cookie)
        r = c.get(f"/entry/user/{alice['ids']['user']}")
        assert r.status_code == 303 and r.headers["location"].startswith("/signin")
        assert c.post("/entries", data={"csrf": "x", "scope": "user"}).status_code == 403
    assert _client(one_site).get(
        "/ping", headers={"authorization": f"Bearer {tok}"}
    ).status_code == (403)  # memdir ui's probe is for the one-person server


def test_bobs_chromium_cannot_open_alices_entries_by_url(
    team: Team,
    one_site: str,
    alice: dict[str, Any],
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from test_web_browser import _shot

    driver = chromium()
    try:
        driver.get(one_site + "/")
        assert "/signin" in driver.current_url
        driver.find_element(By.CSS_SELECTOR, "#token").send_keys(team.tokens["bob"])
        driver.find_element(By.CSS_SELECTOR, ".signin button").click()
        WebDriverWait(driver, 30).until(lambda d: "/signin" not in d.current_url)
        assert "bob" in driver.find_element(By.CSS_SELECTOR, "nav.projects").text
        _no_alice(driver.page_source)
        _shot(driver, "team-bob-memory")
        ids = alice["ids"]
        for scope, entry in ids.items():
            for project in ("", SECRET_URL, SHARED_URL):
                suffix = f"?project={quote(project, safe='')}" if project else ""
                driver.get(f"{one_site}/entry/{scope}/{entry}{suffix}")
                text = driver.find_element(By.CSS_SELECTOR, "main").text
                assert "Something went wrong" in text, text
                _no_alice(driver.page_source)
        driver.get(f"{one_site}/sessions/{alice['session']}")
        assert "Something went wrong" in driver.find_element(By.CSS_SELECTOR, "main").text
        _no_alice(driver.page_source)
        driver.get(f"{one_site}/entry/project/{ids['project']}?project={SECRET_URL}")
        _shot(driver, "team-bob-refused")
    finally:
        quit_chromium(driver)


def test_a_role_change_holds_from_the_next_request(team: Team, one_site: str) -> None:
    """The same signed-in browsers, one request before and one after an admin changes
    roles (the server keeps running): root, demoted, can no longer edit the org's entry;
    bob, promoted, now can. The role is read with the token on every request."""
    root = _open(team, "root")
    rule = root.store("managed").add(
        type="reference", name="Org security contact", description="org", body="Report here."
    )
    root.close()
    page = f"/entry/managed/{rule.id}"
    r, b = _sign_in(one_site, team.tokens["root"]), _sign_in(one_site, team.tokens["bob"])
    edit = {"name": "Org security contact", "description": "org", "type": "reference"}

    def save(client: httpx.Client, body: str) -> httpx.Response:
        return client.post(f"{page}/save", data={"csrf": _csrf(client), **edit, "body": body})

    assert 'class="actions"' in r.get(page).text
    assert 'class="actions"' not in b.get(page).text
    assert save(r, "Report to root.").status_code == 303
    assert save(b, "Report to bob.").status_code == 422
    team.admin("admin", "bob")  # first: the team's last admin keeps the role
    team.admin("admin", "root", "--off")
    assert 'class="actions"' not in r.get(page).text
    assert 'class="actions"' in b.get(page).text
    refused = save(r, "Report to root again.")
    assert refused.status_code == 422 and "read-only" in refused.text
    assert save(b, "Report to bob.").status_code == 303
    md = _open(team, "bob")
    assert md.store("managed").get(rule.id).body == "Report to bob."
    md.close()
    roles = {
        u["name"]: u["admin"] for u in __import__("json").loads(team.admin("ls", "--json").stdout)
    }
    assert roles == {"alice": False, "bob": True, "root": False}


def test_a_held_writes_message_names_the_review_page_that_decides_it(team: Team) -> None:
    """On the team server a held write's tool result names the web page's Review for its
    project (walk54: never `memdir review --apply`, which a token's user cannot run); that
    page lists it to its user, not to bob, and applies it."""
    import anyio

    from test_team_server import SHARED, _data, serving_team
    from test_team_server import _client as _mcp

    team.env["MEMDIR_APPROVAL"] = "ask"
    with serving_team(team) as url:

        async def main() -> dict[str, Any]:
            async with _mcp(url, team.tokens["alice"], header=SHARED) as agent:
                add = {"action": "add", "type": "project", "name": "Kiwi deploys"}
                add.update(description="kiwi", body="Deploy to kiwi.", scope="project")
                return _data(await agent.call_tool("memory", add))

        held = anyio.run(main)
        said, pid = held["message"], held["pending"]
        assert "memdir review" not in said and pid in said, said
        found = re.search(r"\((/review\?project=[^,\s]+),", said)
        assert found, said
        site = url.removesuffix("/mcp")
        bob = _sign_in(site, team.tokens["bob"])  # granted the project too: not his write
        assert pid not in bob.get(found.group(1)).text
        alice = _sign_in(site, team.tokens["alice"])
        page = alice.get(found.group(1))
        assert page.status_code == 200 and pid in page.text and "Kiwi deploys" in page.text
        done = alice.post(
            "/review/apply",
            params={"project": SHARED_URL},
            data={"id": pid, "csrf": _csrf(alice, found.group(1))},
        )
        assert done.status_code == 303 and "applied=" in done.headers["location"], done.text
    md = _open(team, "alice", Path("/memdir-remote-project") / SHARED_URL)
    try:
        assert "Kiwi deploys" in [e.name for e in md.store("project").list()]
    finally:
        md.close()


def _add_form_scopes(client: httpx.Client) -> list[str]:
    page = client.get("/")
    assert page.status_code == 200, page.text
    form = page.text[page.text.find('id="add-scope"') :]
    return re.findall(r'<option value="([^"]+)"', form[: form.find("</select>")])


def test_the_add_form_offers_the_org_scope_to_admins_only(team: Team, one_site: str) -> None:
    """An admin's add form offers the org (managed) scope and adds to it (walk54); alice's
    offers it not, and her forged post to it is refused, nothing written."""
    root, alice = _sign_in(one_site, team.tokens["root"]), _sign_in(one_site, team.tokens["alice"])
    assert "managed" in _add_form_scopes(root) and "user" in _add_form_scopes(root)
    assert "managed" not in _add_form_scopes(alice) and "user" in _add_form_scopes(alice)
    entry = {"type": "reference", "description": "d", "body": "Deploys go to kiwi."}
    forged = alice.post(
        "/entries", data={**entry, "scope": "managed", "name": "Alice org", "csrf": _csrf(alice)}
    )
    assert forged.status_code in (303, 403), forged.text
    if forged.status_code == 303:  # the form back, saying why
        assert forged.headers["location"].startswith("/?"), forged.headers
        assert "read-only" in alice.get(forged.headers["location"]).text
    made = root.post(
        "/entries", data={**entry, "scope": "managed", "name": "Root org", "csrf": _csrf(root)}
    )
    assert made.status_code == 303 and made.headers["location"].startswith("/entry/managed/")
    md = _open(team, "bob")
    try:
        assert [e.name for e in md.store("managed").list()] == ["Root org"]  # every user's
    finally:
        md.close()


def test_a_cjk_projects_page_opens_from_its_link_and_from_any_form_of_its_url(
    team: Team, one_site: str
) -> None:
    """A project whose remote path is CJK: `users ls` prints it, the home page links it
    percent-encoded, and ``?project=`` takes the key, the raw remote or its encoded form."""
    key = "gitlab.example.cn/研发部/记忆库"
    granted = team.admin("grant", "alice", f"https://{key}.git")
    assert key in granted.stdout + granted.stderr
    assert key in team.admin("ls").stdout
    md = _open(team, "alice", Path("/memdir-remote-project") / key)
    md.store("project").add(type="project", name="部署目标", description="上海", body="上海。")
    md.close()
    a = _sign_in(one_site, team.tokens["alice"])
    assert f"/?project={quote(key, safe='')}" in a.get("/").text
    for named in (key, f"git@gitlab.example.cn:{key.split('/', 1)[1]}.git", quote(key)):
        page = a.get("/", params={"project": named})
        assert page.status_code == 200 and "部署目标" in page.text, (named, page.text[:300])
