"""What each page shows, over real HTTP on loopback: every feature of issue 19 that renders
gets a test that fails when it breaks — supersede and unpin, the memory page's source and
stale filters, a row's shadowing, use count and last use, an entry's staleness notes,
pending approvals, session lineage, another project's context, and the activity page's
sources and pipeline jobs. (Sign-in, CSRF and the main forms: test_web.py.)"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import Clock
from memdir.core.config import load_settings
from memdir.core.model import Source
from memdir.engine import Memdir
from memdir.interop import import_memories
from memdir.pipeline import RulesProvider
from test_web import ENTRY, _csrf, _seed, _signed_in
from webserver import web_server


@pytest.fixture
def site(md: Memdir) -> Iterator[str]:
    _seed(md)
    with web_server(md) as url:
        yield url


def _row(page: str, scope: str, entry_id: str) -> str:
    """The memory page's row of one entry (its ``<li>``)."""
    found = re.search(
        rf'<li class="entry[^"]*">\s*<a href="/entry/{scope}/{re.escape(entry_id)}">.*?</li>',
        page,
        re.S,
    )
    assert found, f"no row for {scope}:{entry_id}"
    return html.unescape(found.group())


def _section(page: str, heading_id: str) -> str:
    """The text of the ``<section>`` labelled by ``heading_id``, tags kept."""
    return page.split(f'id="{heading_id}"', 1)[1].split("</section>", 1)[0]


def _read(md: Memdir, entry_id: str, times: int = 1) -> None:
    """An agent reads an entry (what counts as a use)."""
    with md.session(agent="reader") as s:
        for _ in range(times):
            assert s.call_tool("memory_read", {"id": entry_id})["success"]


# -- the entry page ------------------------------------------------------------------------


def test_supersede_from_the_entry_page_archives_the_old_fact(site: str, md: Memdir) -> None:
    client = _signed_in(site)
    token = _csrf(client, f"/entry/local/{ENTRY}")
    r = client.post(
        f"/entry/local/{ENTRY}/supersede",
        data={
            "csrf": token,
            "type": "feedback",
            "name": "Use pnpm 9, not npm",
            "description": "This repo installs with pnpm 9",
            "body": "Use `pnpm install` with pnpm 9.",
        },
    )
    assert r.status_code == 303
    new_id = "feedback_use-pnpm-9-not-npm"
    assert r.headers["location"] == f"/entry/local/{new_id}?done=superseded"
    assert md.store("local").get(new_id).body == "Use `pnpm install` with pnpm 9."
    assert [e.id for e in md.store("local").list()] == [new_id]  # the old one left
    (old,) = [e for e in md.store("local").list(include_archived=True) if e.archived]
    assert old.superseded_by == new_id and old.name == "Use pnpm, not npm"
    assert old.valid_until is not None and md.store("local").get(new_id).supersedes == (ENTRY,)
    newest = md.history.log(new_id, scope="local", limit=1)[0].commit.subject
    assert newest == f"supersede {ENTRY} -> {new_id} (user)"
    shown = client.get(r.headers["location"]).text
    assert "Saved as the new version; the old one is in the archive." in shown
    archived = client.get(f"/entry/local/{old.id}").text
    assert "In the archive" in archived
    assert f'superseded by <a href="/entry/local/{new_id}">{new_id}</a>' in archived
    assert "/supersede" not in archived and 'id="e-body"' not in archived  # read-only


def test_unpin_from_the_entry_page(site: str, md: Memdir) -> None:
    md.store("local").replace(ENTRY, pinned=True)
    client = _signed_in(site)
    page = client.get(f"/entry/local/{ENTRY}").text
    assert '<span class="badge pinned">pinned</span>' in page
    assert f'action="/entry/local/{ENTRY}/unpin"' in page and "/pin" not in page.replace(
        "/unpin", ""
    )
    r = client.post(f"/entry/local/{ENTRY}/unpin", data={"csrf": _csrf(client)})
    assert r.status_code == 303 and r.headers["location"].endswith("?done=unpinned")
    assert not md.store("local").get(ENTRY).pinned
    page = client.get(r.headers["location"]).text
    assert "Unpinned." in page and '<span class="badge pinned">' not in page
    assert f'action="/entry/local/{ENTRY}/pin"' in page


def test_an_old_entry_shows_its_age_its_unused_note_and_missing_files(
    site: str, md: Memdir, clock: Clock
) -> None:
    md.store("local").add(
        type="reference", name="Loader", description="d", body="See `src/gone_loader.py`."
    )
    client = _signed_in(site)
    fresh = client.get("/entry/local/reference_loader").text
    assert "This memory is less than a day old." in fresh
    assert "Not read or cited for a while" not in fresh
    reminder = fresh.split('class="reminder"', 1)[1].split("</div>", 1)[0]
    assert "src/gone_loader.py" in reminder and "is named in this memory but" in reminder
    clock.advance(days=45)
    old = client.get("/entry/local/reference_loader").text
    assert "This memory is 45 days old." in old
    assert "Not read or cited for a while: left out of the index" in old
    _read(md, "reference_loader")  # read now: in use again
    used = client.get("/entry/local/reference_loader").text
    assert "Not read or cited for a while" not in used
    assert "1 use, last just now" in used


# -- the memory page -----------------------------------------------------------------------


def test_a_row_shows_shadowing_use_count_and_last_use(site: str, md: Memdir, clock: Clock) -> None:
    md.store("user").add(
        type="feedback",
        name="Use pnpm, not npm",
        description="The same fact, less local",
        body="Use pnpm.",
    )
    _read(md, ENTRY, times=2)
    clock.advance(hours=3)
    client = _signed_in(site)
    page = client.get("/").text
    local = _row(page, "local", ENTRY)
    assert "2 uses, last 3 h ago" in local
    assert "shadowed" not in local and "hidden-from-agent" not in local
    user = _row(page, "user", ENTRY)
    assert "0 uses" in user and ", last" not in user
    assert 'class="entry hidden-from-agent"' in user
    assert f"shadowed by the local entry {ENTRY} ('Use pnpm, not npm')" in user
    shadowed = client.get(f"/entry/user/{ENTRY}").text
    assert "agents see that one instead" in shadowed


def test_the_source_filter_keeps_only_that_writer(site: str, md: Memdir) -> None:
    md.store("local").add(
        type="project",
        name="Agent noted the freeze",
        description="Release freeze from Friday",
        body="No deploys from Friday.",
        source=Source.AGENT,
    )
    client = _signed_in(site)
    agents = client.get("/", params={"source": "agent"}).text
    assert "Agent noted the freeze" in agents
    assert "Use pnpm, not npm" not in agents and "Prefers short answers" not in agents
    assert "1 of 3 entries" in agents
    assert '<option value="agent" selected>' in agents
    users = client.get("/", params={"source": "user"}).text
    assert "Agent noted the freeze" not in users and "Use pnpm, not npm" in users
    assert "agent · updated" in _row(
        client.get("/").text, "local", "project_agent-noted-the-freeze"
    )


def test_the_stale_filter_keeps_only_unused_entries(site: str, md: Memdir, clock: Clock) -> None:
    md.store("local").add(
        type="project", name="Pinned rule", description="d", body="Always.", pinned=True
    )
    clock.advance(days=31)
    _read(md, ENTRY)
    client = _signed_in(site)
    stale = client.get("/", params={"stale": "1"}).text
    assert "1 of 3 entries" in stale  # the unread, unpinned one
    row = _row(stale, "user", "user_prefers-short-answers")
    assert "unused for 30 days: left out of the index" in row
    assert "Use pnpm, not npm" not in stale  # read today
    assert "Pinned rule" not in stale  # pinned entries never go stale
    assert 'id="f-stale" name="stale" type="checkbox" value="1" checked' in stale
    everything = client.get("/").text
    assert "unused for" not in _row(everything, "local", ENTRY)


# -- review with approval mode -------------------------------------------------------------


@pytest.fixture
def asking(home: Path, project: Path, tmp_path: Path, clock: Clock) -> Iterator[Memdir]:
    """A Memdir whose agent writes wait for approval (MEMDIR_APPROVAL=ask)."""
    env = {
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "MEMDIR_BACKGROUND": "0",
        "MEMDIR_APPROVAL": "ask",
    }
    md = Memdir(load_settings(home, project, environ=env), clock=clock)
    yield md
    md.close()


def test_a_pending_agent_write_is_shown_on_review_and_applied_from_the_page(
    asking: Memdir,
) -> None:
    with asking.session(agent="test") as s:
        held = s.call_tool(
            "memory",
            {
                "action": "add",
                "type": "feedback",
                "name": "Run tests with tox",
                "description": "tox runs the whole matrix",
                "body": "Run `tox -e py311` before pushing.",
            },
        )
        other = s.call_tool(
            "memory",
            {
                "action": "add",
                "type": "feedback",
                "name": "Skip the linters",
                "description": "not wanted",
                "body": "Never run the linters.",
            },
        )
    pending, unwanted = held["pending"], other["pending"]
    assert pending.startswith("pending-") and asking.store("local").list() == []
    with web_server(asking) as url:
        client = _signed_in(url)
        page = client.get("/review").text
        section = _section(page, "k-pending")
        assert "Writes awaiting approval" in section
        assert pending in section and unwanted in section and "Run tests with tox" in section
        assert f'aria-label="Apply {pending}:' in section
        token = _csrf(client, "/review")
        r = client.post("/review/apply", data={"csrf": token, "id": pending})
        assert r.status_code == 303 and r.headers["location"] == f"/review?applied={pending}"
        (entry,) = asking.store("local").list()
        assert entry.name == "Run tests with tox"
        assert entry.body == "Run `tox -e py311` before pushing."
        assert f"Applied {pending}." in client.get(r.headers["location"]).text
        r = client.post("/review/reject", data={"csrf": token, "id": unwanted})
        assert r.status_code == 303
        after = client.get("/review").text
        assert pending not in after and unwanted not in after
        assert [e.name for e in asking.store("local").list()] == ["Run tests with tox"]


# -- sessions ------------------------------------------------------------------------------


def test_a_session_page_shows_its_lineage(site: str, md: Memdir) -> None:
    with md.session(agent="a", session_id="lin-root") as s:
        s.log("user", "Plan the billing migration")
    with md.session(agent="a", session_id="lin-child", parent_id="lin-root") as s:
        s.log("user", "Write the migration script")
    with md.session(agent="a", session_id="lin-orphan", parent_id="lost-parent") as s:
        s.log("user", "Continue from a session logged elsewhere")
    client = _signed_in(site)
    root = _section(client.get("/sessions/lin-root").text, "lineage-h")
    assert "A root session." in root
    assert 'Child: <a href="/sessions/lin-child">' in root and "lin-orphan" not in root
    child = _section(client.get("/sessions/lin-child").text, "lineage-h")
    assert 'Parent: <a href="/sessions/lin-root">' in child and "A root session." not in child
    orphan = _section(client.get("/sessions/lin-orphan").text, "lineage-h")
    assert "Parent: lost-parent (not logged here)" in orphan


# -- context -------------------------------------------------------------------------------


def test_context_for_a_chosen_folder_and_what_it_left_out(
    site: str, md: Memdir, tmp_path: Path
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    (other / "AGENTS.md").write_text("Always run `make lint` before committing.\n")
    there = md.for_project(other)
    there.store("local").add(
        type="feedback", name="Lint first", description="lint before commit", body="make lint"
    )
    md.store("user").add(
        type="feedback", name="Lint first", description="the user's version", body="lint"
    )
    client = _signed_in(site)
    chosen = client.get("/context", params={"project": str(other)}).text
    assert f'id="c-project" name="project" value="{other}"' in chosen
    instructions = "<td>project</td><td>instructions</td>"
    assert instructions in chosen and "<td>AGENTS.md</td>" in chosen  # its file, a part
    assert "entries of every scope (user 1, local 1)" in chosen  # the shadowed one left out
    left_out = html.unescape(chosen.split("<h2>Left out or changed</h2>", 1)[1])
    assert "<td>user</td><td>feedback_lint-first</td>" in left_out
    assert "shadowed by the local entry feedback_lint-first ('Lint first')" in left_out
    own = client.get("/context").text  # the server's own project: none of that
    assert instructions not in own and "entries of every scope (user 2, local 1)" in own
    assert "shadowed by" not in own.split("<h2>Left out or changed</h2>", 1)[1]


# -- activity ------------------------------------------------------------------------------


def _claude_code_folder(root: Path) -> Path:
    folder = root / "claude-memory"
    folder.mkdir()
    (folder / "reference_dashboards.md").write_text(
        "---\nname: Dashboards\ndescription: where the dashboards live\ntype: reference\n"
        "---\n\nGrafana board `billing-latency` tracks p95 latency.\n"
    )
    return folder


def test_activity_shows_each_writer_the_source_filter_and_pipeline_jobs(
    site: str, md: Memdir, tmp_path: Path
) -> None:
    client = _signed_in(site)
    r = client.post(
        "/entries",
        data={
            "csrf": _csrf(client),
            "scope": "local",
            "type": "user",
            "name": "Added on the page",
            "description": "d",
            "body": "b",
        },
    )
    assert r.status_code == 303
    with md.session(agent="agent") as s:
        done = s.call_tool(
            "memory",
            {
                "action": "add",
                "type": "project",
                "name": "Staging is eu-west",
                "description": "where staging runs",
                "body": "Staging runs in eu-west-1.",
            },
        )
        assert done["success"]
    with md.session(agent="agent") as s:
        s.log("user", "We migrated to pnpm last week, don't use npm.")
        s.log("assistant", "Understood.")
    waiting = _section(client.get("/activity").text, "jobs-h")
    assert f"<td>extract <code>{s.id[:16]}</code></td><td>pending</td>" in waiting
    md.pipeline.provider = RulesProvider()
    report = md.pipeline.run()
    assert report.extracted and report.ops
    plan = import_memories(md, "claude-code", _claude_code_folder(tmp_path), apply=True)
    assert plan.applied

    page = client.get("/activity").text
    changes = _section(page, "changes-h")
    rows = re.findall(r"<tr><td>[^<]*</td><td>(\w+)</td><td>([^<]*)</td>\s*<td>(.*?)</td></tr>",
                      changes, re.S)  # fmt: skip
    by = {who for _, who, _ in rows}
    assert {"user", "agent", "extractor", "import"} <= by, rows
    assert any(who == "agent" and "project_staging-is-eu-west" in what for _, who, what in rows)
    assert any(who == "import" and "reference_dashboards" in what for _, who, what in rows)
    for source in ("user", "agent", "extractor", "import"):
        assert f'<option value="{source}">' in changes
    only = _section(client.get("/activity", params={"source": "extractor"}).text, "changes-h")
    kept = re.findall(r"<tr><td>[^<]*</td><td>\w+</td><td>([^<]*)</td>", only)
    assert kept and set(kept) == {"extractor"}
    assert '<option value="extractor" selected>' in only
    jobs = _section(page, "jobs-h")
    assert "No pipeline job has run yet." not in jobs
    job = md.pipeline.jobs.get("extract", s.id)
    assert job is not None and job.status == "done"
    assert f"<td>extract <code>{job.key[:16]}</code></td><td>done</td>" in jobs
    assert f"<td>{job.outcome}</td>" in jobs
