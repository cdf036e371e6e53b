"""walk56: a team of two `memdir serve --database` processes on one PostgreSQL database,
used through the web page in Chromium, alice on one server and on the other. What one
process shows after a decision made through the other, and what it says to the person
who decided the same proposal a moment later on a page opened before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import memdir
from test_team_server import Team, serving_team
from test_team_server import team as team
from webserver import chromium, quit_chromium

pytestmark = pytest.mark.slow

SHARED_URL = "git.example.test/acme/shared"


def _sign_in(driver: Any, site: str, token: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(site + "/")
    driver.find_element(By.CSS_SELECTOR, "#token").send_keys(token)
    driver.find_element(By.CSS_SELECTOR, ".signin button").click()
    WebDriverWait(driver, 30).until(lambda d: "/signin" not in d.current_url)


def _held(team: Team, monkeypatch: pytest.MonkeyPatch) -> str:
    """An agent's write to alice's shared project, held for her (approval = ask)."""
    monkeypatch.setenv("MEMDIR_APPROVAL", "ask")
    md = memdir.open(
        team.home, Path("/memdir-remote-project") / SHARED_URL, database_url=team.url, user="alice"
    )
    try:
        with md.session(agent="walk56") as s:
            add = {"action": "add", "scope": "project", "type": "project", "name": "Kiwi deploys"}
            held = s.call_tool("memory", {**add, "description": "kiwi", "body": "Deploy to kiwi."})
    finally:
        md.close()
    assert held["success"] and held["pending"], held
    return str(held["pending"])


def test_a_proposal_decided_on_one_server_is_named_so_on_the_other(
    team: Team, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's Review is open on both servers; she applies the held write on the second,
    then rejects it on the first (its page opened before). The first server says it was
    decided already and shows the current list; on main it told her to run `memdir
    review` again, which a person holding only a token cannot run."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    pid = _held(team, monkeypatch)
    first, second = chromium(), chromium()
    try:
        with serving_team(team) as one, serving_team(team) as two:
            sites = [one.removesuffix("/mcp"), two.removesuffix("/mcp")]
            review = f"/review?project={SHARED_URL}"
            for driver, site in zip((first, second), sites, strict=True):
                _sign_in(driver, site, team.tokens["alice"])
                driver.get(site + review)
                article = f"article[aria-labelledby='p-{pid}']"
                assert "Kiwi deploys" in driver.find_element(By.CSS_SELECTOR, article).text

            def decide(driver: Any, verb: str) -> str:
                button = f"article[aria-labelledby='p-{pid}'] button[aria-label^='{verb} ']"
                driver.find_element(By.CSS_SELECTOR, button).click()
                WebDriverWait(driver, 30).until(lambda d: not d.find_elements(By.ID, f"p-{pid}"))
                found = driver.find_elements(
                    By.CSS_SELECTOR, "#proposals .flash, #proposals .error"
                )
                return str(found[0].text) if found else ""

            assert decide(second, "Apply").startswith(f"Applied {pid}")
            said = decide(first, "Reject")
            assert pid in said and "already" in said, said
            assert "memdir review" not in said, said  # main: "run `memdir review` again"
            first.get(f"{sites[0]}/?project={SHARED_URL}")  # written through the other
            assert "Kiwi deploys" in first.find_element(By.TAG_NAME, "main").text
    finally:
        quit_chromium(first)
        quit_chromium(second)


def test_alice_and_bob_on_two_servers_see_each_others_writes_at_once(team: Team) -> None:
    """The walk of the shared project through two servers in Chromium: alice adds on one,
    bob reads and edits it on the other; alice's save from a page opened before is not
    written over bob's (her text kept in the form); bob's pin of an entry alice removed
    meanwhile changes nothing and says so; revoked, bob's next form post signs him out
    and says nothing was kept."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    alice, bob = chromium(), chromium()

    def main(driver: Any) -> str:
        return str(driver.find_element(By.TAG_NAME, "main").text)

    def submit(driver: Any, form: str) -> None:
        old = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.CSS_SELECTOR, f"{form} button[type=submit]").click()
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.TAG_NAME, "html") != old)

    try:
        with serving_team(team) as one, serving_team(team) as two:
            a, b = one.removesuffix("/mcp"), two.removesuffix("/mcp")
            _sign_in(alice, a, team.tokens["alice"])
            _sign_in(bob, b, team.tokens["bob"])
            alice.get(f"{a}/?project={SHARED_URL}")
            alice.find_element(By.CSS_SELECTOR, "details.add summary").click()
            form = alice.find_element(By.CSS_SELECTOR, "form[action^='/entries']")
            Select(form.find_element(By.NAME, "scope")).select_by_value("project")
            Select(form.find_element(By.NAME, "type")).select_by_value("project")
            for name, value in (("name", "Release train"), ("description", "when")):
                form.find_element(By.NAME, name).send_keys(value)
            form.find_element(By.NAME, "body").send_keys("Releases ship on Mondays. 部门 🚀")
            submit(alice, "form[action^='/entries']")
            entry = alice.current_url.split("?")[0].removeprefix(a)
            assert entry == "/entry/project/project_release-train", alice.current_url
            page = f"{entry}?project={SHARED_URL}"
            bob.get(b + page)
            assert "Releases ship on Mondays. 部门 🚀" in main(bob)  # no staleness
            alice.get(a + page)  # opened before bob saves
            body = "form[action*='/save'] textarea[name=body]"
            bob.find_element(By.CSS_SELECTOR, body).clear()
            bob.find_element(By.CSS_SELECTOR, body).send_keys("Releases ship on Tuesdays.")
            submit(bob, "form[action*='/save']")
            alice.find_element(By.CSS_SELECTOR, body).clear()
            alice.find_element(By.CSS_SELECTOR, body).send_keys("Releases ship on Fridays.")
            submit(alice, "form[action*='/save']")
            assert "someone else saved a newer version" in main(alice), main(alice)
            kept = alice.find_element(By.CSS_SELECTOR, body).get_attribute("value")
            assert kept == "Releases ship on Fridays."
            bob.get(b + page)
            assert "Releases ship on Tuesdays." in main(bob)
            alice.get(a + page)
            submit(alice, "form[action*='/remove']")
            submit(bob, "form[action*='/pin']")
            assert "removed or replaced meanwhile" in main(bob), main(bob)
            bob.get(f"{b}/?project={SHARED_URL}")
            team.admin("revoke", "bob")
            bob.find_element(By.CSS_SELECTOR, "details.add summary").click()
            form = bob.find_element(By.CSS_SELECTOR, "form[action^='/entries']")
            for name in ("name", "description", "body"):
                form.find_element(By.NAME, name).send_keys("After revoke")
            submit(bob, "form[action^='/entries']")
            assert "/signin" in bob.current_url and "kept none of it" in main(bob)
        md = memdir.open(
            team.home, Path("/memdir-remote-project") / SHARED_URL, database_url=team.url,
            user="alice",
        )  # fmt: skip
        try:
            names = [e.name for e in md.store("project").list()]
        finally:
            md.close()
        assert "Release train" not in names and "After revoke" not in names, names
    finally:
        quit_chromium(alice)
        quit_chromium(bob)


def test_team_error_pages_advise_what_a_browser_user_can_do(team: Team) -> None:
    import httpx2 as httpx

    with serving_team(team) as url:
        bob = httpx.Client(base_url=url.removesuffix("/mcp"), timeout=30)
        signed = bob.post("/signin", data={"token": team.tokens["bob"], "next": "/"})
        assert signed.status_code == 303, signed.text
        pages = [
            bob.get("/sessions/0123456789abcdef"),  # no such session
            bob.get("/entry/project/x", params={"project": "git.example.test/acme/secret"}),
        ]
    for page in pages:
        assert page.status_code in (403, 404) and "Something went wrong" in page.text
        said = page.text
        assert "memdir sessions ls" not in said and "md.session" not in said, said
        assert "open memdir in a project folder" not in said, said
    missing, refused = (page.text for page in pages)
    assert "The Sessions page lists them" in missing, missing
    assert "ask the team&#39;s admin for this one" in refused, refused
    assert '<a href="/">Back to memory</a>' in refused, refused  # not back to the refusal
    assert '<a href="/">Back to memory</a>' in missing, missing
    # the CLI keeps the advice it can act on
    said = team.cli("sessions", "show", "0123456789abcdef", user="bob", ok=False).stderr
    assert "`memdir sessions ls`" in said, said
    said = team.cli("ls", "--scope", "project", user="bob", cwd=team.secret, ok=False).stderr
    assert "open memdir in a project folder" in said, said
