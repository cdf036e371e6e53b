"""Write approval (`approval = "ask"`): agent and extractor writes become pending
proposals; nothing on disk changes until `memdir review --apply`; a rejection is a
tombstone, so extraction never proposes it again."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import memdir
from conftest import team_env
from memdir.cli import cli
from memdir.cli import review as _review_command  # noqa: F401  (registers it)
from memdir.core.changes import AddOp, ReplaceOp
from memdir.core.errors import ParseError
from memdir.core.model import Source
from memdir.pipeline import RunReport
from memdir.review import approval
from memdir.testing import ScriptedProvider

pytestmark = pytest.mark.backends


@pytest.fixture(autouse=True)
def _on_backend(
    backend: str, project: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL every Memdir and CLI run of the test opens the team database."""
    if backend == "postgres":
        for name, value in team_env(request.getfixturevalue("pg_url"), project).items():
            monkeypatch.setenv(name, value)


def files(folder: Path) -> dict[str, bytes]:
    """Every file of a scope folder but its caches, history and checkout record (on
    PostgreSQL: the scope's stored files, ``folder`` being its location)."""
    url = os.environ.get("MEMDIR_DATABASE_URL")
    if url:
        from memdir.pg.db import PgDatabase

        key = str(folder).rsplit("#", 1)[1]
        with PgDatabase.shared(url).transaction() as conn:
            rows = conn.execute(
                "SELECT name, data FROM memdir_files WHERE scope = %s", (key,)
            ).fetchall()
        return {name: bytes(data) for name, data in rows}
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
        and ".git" not in p.parts
        and p.name not in (".changes", ".lock", ".origin.json")
    }


@pytest.fixture
def asking(home: Path, project: Path) -> memdir.Memdir:
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('approval = "ask"\nllm = "rules"\n')
    md = memdir.open(home, project)
    md.store("local").add(
        type="feedback",
        name="Use npm",
        description="Install with npm",
        body="Run `npm install`.",
    )
    return md


def review(home: Path, project: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--home", str(home), "-C", str(project), "review", *args])
    return result.exit_code, result.output


def test_the_correction_through_the_tool_waits_for_apply(
    asking: memdir.Memdir, home: Path, project: Path
) -> None:
    scope = Path(asking.store("local").backend.location)
    before = files(scope)
    with asking.session(agent="test") as s:
        s.log("user", "We use pnpm now, not npm.")
        result = s.call_tool(
            "memory",
            {
                "action": "supersede",
                "target": "Use npm",
                "type": "feedback",
                "name": "Use pnpm, not npm",
                "description": "This repo installs with pnpm",
                "body": "Run `pnpm install`; npm rewrites the lockfile.",
            },
        )
    assert result["success"] and result["pending"].startswith("pending-")
    assert "awaits the user's approval" in result["message"]
    # one machine, or the CLI with the database URL: the command its user can run
    assert f"`memdir review --apply {result['pending']}`" in result["message"]
    assert "/review" not in result["message"]
    assert before and files(scope) == before  # nothing on disk changed

    code, out = review(home, project, "--json")
    (pending,) = [p for p in json.loads(out) if p["kind"] == "pending"]
    assert pending["id"] == result["pending"] and "Use pnpm, not npm" in pending["detail"]
    code, out = review(home, project)
    assert code == 0 and result["pending"] in out and "awaiting your approval" in out

    code, out = review(home, project, "--apply", result["pending"])
    assert code == 0, out
    md = memdir.open(home, project)
    names = [e.name for _, e in md.entries()]
    assert "Use pnpm, not npm" in names and "Use npm" not in names  # superseded
    assert not [p for p in json.loads(review(home, project, "--json")[1]) if p["kind"] == "pending"]


def test_the_correction_through_the_pipeline_is_held_and_a_rejection_sticks(
    asking: memdir.Memdir, home: Path, project: Path
) -> None:
    scope = Path(asking.store("local").backend.location)
    before = files(scope)
    with asking.session(agent="test") as s:
        s.log("user", "We migrated to pnpm last week, don't use npm.")
        s.log("assistant", "Understood.")
    report = asking.pipeline.run()
    assert report.ops  # the extractor had something to write …
    assert files(scope) == before  # … and wrote nothing
    held = [p for p in json.loads(review(home, project, "--json")[1]) if p["kind"] == "pending"]
    assert len(held) == 1 and "pnpm" in held[0]["detail"]
    assert held[0]["title"].startswith("extractor write")

    code, out = review(home, project, "--reject", held[0]["id"])
    assert code == 0 and "Rejected" in out
    asking.pipeline.run(everything=True)  # every session extracted again
    again = [p for p in json.loads(review(home, project, "--json")[1]) if p["kind"] == "pending"]
    assert again == []  # never re-proposed
    assert files(scope) == before

    code, out = review(home, project, "--reject", held[0]["id"])
    assert code == 1 and "no proposal" in out  # gone: nothing left to reject


def test_apply_through_the_pipeline_writes_what_was_proposed(
    asking: memdir.Memdir, home: Path, project: Path
) -> None:
    with asking.session(agent="test") as s:
        s.log("user", "We migrated to pnpm last week, don't use npm.")
    asking.pipeline.run()
    (held,) = [p for p in json.loads(review(home, project, "--json")[1]) if p["kind"] == "pending"]
    assert review(home, project, "--apply", held["id"])[0] == 0
    entries = {e.name: e for _, e in memdir.open(home, project).entries()}
    assert any("pnpm" in name for name in entries)
    pnpm = next(e for n, e in entries.items() if "pnpm" in n)
    assert any(o.startswith("session:") for o in pnpm.origins)  # provenance kept


def test_a_fact_held_or_saved_already_is_not_held_again(
    asking: memdir.Memdir, home: Path, project: Path
) -> None:
    """Taught again by another session: one pending write, not two; once the entry exists,
    the same fact proposed again changes nothing, so it is not held (walk53)."""

    def model(kind: str, user: str) -> str:
        if kind == "extract":
            said = [int(i) for i in re.findall(r"\[#(\d+) user\]", user)]
            fact = {"type": "reference", "name": "Deploy cluster", "description": "Where "
                    "billing deploys", "body": "Billing deploys to the kiwi cluster.",
                    "scope": "local", "evidence": said[:1], "confidence": 0.95}  # fmt: skip
            return json.dumps({"candidates": [fact], "entities": []})
        if kind == "entities":
            return json.dumps({"entities": []})
        return json.dumps({"ops": [{"op": "add", "candidate": 0}]})

    asking.provider = ScriptedProvider(model)

    def teach() -> RunReport:
        with asking.session(agent="test") as s:
            s.log("user", "Billing deploys to the kiwi cluster.")
        return asking.pipeline.run()

    def pending() -> list[dict[str, Any]]:
        found = json.loads(review(home, project, "--json")[1])
        return [p for p in found if p["kind"] == "pending"]

    assert teach().held
    assert teach().held and len(pending()) == 1  # proposed again: the same pending write
    store = asking.store("local")
    fact = ("reference", "Deploy cluster", "Where billing deploys", "Billing deploys to kiwi.")
    store.add(**dict(zip(("type", "name", "description", "body"), fact, strict=True)))
    again = [  # the same entry again, from another session; and a real change
        AddOp(*fact, origins=("session:s3",)),
        ReplaceOp("reference_deploy-cluster", body="Billing deploys to kiwi.", origins=("s:4",)),
        ReplaceOp("reference_deploy-cluster", body="Billing deploys to lime."),
    ]
    assert approval.hold_changing(asking, store, again, store.list(), Source.EXTRACTOR) == again[2:]


def test_approval_per_scope_and_user_writes(home: Path, project: Path) -> None:
    home.mkdir(parents=True)
    (home / "config.toml").write_text('approval = { user = "ask" }\n')
    md = memdir.open(home, project)
    with md.session(agent="test") as s:
        add = {"action": "add", "description": "d", "body": "b"}
        local = s.call_tool("memory", {**add, "type": "project", "name": "Staging host"})
        user = s.call_tool("memory", {**add, "type": "user", "name": "Tabs", "scope": "user"})
    assert "pending" not in local and local["results"][0]["action"] == "add", local
    assert "pending" in user
    assert [e.name for e in md.store("local").list()] == ["Staging host"]
    md.store("user").add(type="user", name="Name is Ada", description="d", body="Ada")
    assert [e.name for e in md.store("user").list()] == ["Name is Ada"]  # a person's write


@pytest.mark.parametrize(
    "value", ['"maybe"', "true", '{ managed = "ask" }', '{ user = "sometimes" }', "[1]"]
)
def test_bad_approval_settings_are_named(home: Path, project: Path, value: str) -> None:
    home.mkdir(parents=True)
    (home / "config.toml").write_text(f"approval = {value}\n")
    with pytest.raises(ParseError, match="approval must be"):
        memdir.open(home, project)


def test_a_bad_approval_from_the_environment_names_the_variable(
    run: Any, home: Path, project: Path
) -> None:
    """No config.toml exists: the error names MEMDIR_APPROVAL, not a file to fix."""
    bad = run("search", "x", ok=False, extra_env={"MEMDIR_APPROVAL": "bogus"})
    assert "MEMDIR_APPROVAL" in bad.stderr and "'bogus'" in bad.stderr, bad.stderr
    assert "config.toml:" not in bad.stderr and "Fix the file" not in bad.stderr
    assert not (home / "config.toml").exists()
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('approval = "maybe"\n')  # the file's own value: the file
    bad = run("search", "x", ok=False)
    assert "config.toml: approval must be" in bad.stderr


def test_an_applied_write_keeps_the_source_that_made_it(
    asking: memdir.Memdir, home: Path, project: Path
) -> None:
    """Approval does not turn an extractor's entry into the user's: it still decays."""
    with asking.session(agent="test") as s:
        s.log("user", "We migrated to pnpm last week, don't use npm.")
    with asking.session(agent="test") as s:
        s.call_tool(
            "memory",
            {
                "action": "add",
                "type": "project",
                "name": "Deploys on Fridays",
                "description": "Release day",
                "body": "The team deploys on Fridays after the standup.",
            },
        )
    asking.pipeline.run()
    held = [p for p in json.loads(review(home, project, "--json")[1]) if p["kind"] == "pending"]
    assert sorted(p["title"].split()[0] for p in held) == ["agent", "extractor"]
    code, out = review(home, project, "--apply", *(p["id"] for p in held))
    assert code == 0, out
    entries = {e.name: e for _, e in memdir.open(home, project).entries()}
    assert entries["Deploys on Fridays"].source is memdir.Source.AGENT
    pnpm = next(e for n, e in entries.items() if "pnpm" in n)
    assert pnpm.source is memdir.Source.EXTRACTOR


@pytest.mark.parametrize("writer", ["user", None, ["agent"]])
def test_a_held_write_of_an_unknown_writer_is_listed_never_applied(
    asking: memdir.Memdir, backend: str, home: Path, writer: object
) -> None:
    """A held record whose writer is not agent or extractor (edited by hand) is listed
    with that writer, refused by --apply with why (nothing written, not guessed to be the
    agent's) and can be rejected."""
    held = _project_write(asking, "Deploys on Fridays", "The team deploys on Fridays.")
    if backend == "files":
        path = home / "pending.json"
        data = json.loads(path.read_text())
        data["files"][held]["source"] = writer
        path.write_text(json.dumps(data))
    else:
        schema = asking.tombstones.db.schema()  # type: ignore[attr-defined]
        with psycopg_connect() as conn:
            (record,) = conn.execute(
                f'SELECT record FROM "{schema}".pending_writes WHERE id = %s', (held,)
            ).fetchone()
            changed = {**json.loads(record), "source": writer}
            conn.execute(
                f'UPDATE "{schema}".pending_writes SET record = %s WHERE id = %s',
                (json.dumps(changed), held),
            )
    (listed,) = [p for p in asking.review() if p.id == held]
    assert listed.title.startswith(f"{writer} write") and "cannot be applied" in listed.detail
    with pytest.raises(memdir.MemdirError, match=re.escape(f"names the writer {writer!r}")):
        asking.apply_review([held])
    assert asking.store("project").list() == [] and _pending(asking) == [held]
    asking.reject_review([held])
    assert _pending(asking) == [] and asking.tombstones.count() == 1


def psycopg_connect() -> Any:
    """An autocommit connection to the team database of the test."""
    import psycopg

    return psycopg.connect(os.environ["MEMDIR_DATABASE_URL"], autocommit=True)


def _project_write(md: memdir.Memdir, name: str, body: str) -> str:
    """Hold an agent's write to the project scope; returns its pending id."""
    with md.session(agent="test") as s:
        result = s.call_tool(
            "memory",
            {
                "action": "add",
                "scope": "project",
                "type": "project",
                "name": name,
                "description": "d",
                "body": body,
            },
        )
    assert result.get("pending"), result
    return str(result["pending"])


def _pending(md: memdir.Memdir) -> list[str]:
    return sorted(p.id for p in md.review() if p.kind == "pending")


def test_on_the_team_backend_every_server_of_the_user_sees_and_decides_a_held_write(
    asking: memdir.Memdir, backend: str, home: Path, project: Path, tmp_path: Path, run: Any
) -> None:
    """Two servers (two homes, one database; one of them a real process): a write held
    through one is listed once, applied and rejected through the other; no pending.json."""
    if backend != "postgres":
        pytest.skip("one machine: the held writes are pending.json in its home")
    other = tmp_path / "home2"
    other.mkdir()
    (other / "config.toml").write_text((home / "config.toml").read_text())
    kept = _project_write(asking, "Deploys on Fridays", "The team deploys on Fridays.")
    dropped = _project_write(asking, "Staging is flaky", "Staging fails on Mondays.")
    two = memdir.open(other, project)
    assert _pending(two) == sorted([kept, dropped])
    assert _project_write(two, "Deploys on Fridays", "The team deploys on Fridays.") == kept
    assert _pending(asking) == sorted([kept, dropped])  # held again: still one

    elsewhere = {"MEMDIR_HOME": str(other)}
    listed = json.loads(run("review", "--json", extra_env=elsewhere).stdout)
    assert sorted(p["id"] for p in listed if p["kind"] == "pending") == sorted([kept, dropped])
    run("review", "--apply", kept, extra_env=elsewhere)
    assert [e.name for e in asking.store("project").list()] == ["Deploys on Fridays"]
    assert _pending(asking) == [dropped]
    two.reject_review([dropped])
    assert _pending(asking) == [] and asking.tombstones.count() == 1
    assert [e.name for e in asking.store("project").list()] == ["Deploys on Fridays"]
    with pytest.raises(memdir.MemdirError, match="no proposal"):
        asking.reject_review([dropped])
    from memdir.review.approval import LEDGER_NAME

    assert not (home / LEDGER_NAME).exists() and not (other / LEDGER_NAME).exists()


def test_on_the_team_backend_no_user_sees_or_decides_another_users_held_write(
    asking: memdir.Memdir, backend: str, home: Path, project: Path
) -> None:
    """bob, granted the same project on the same server, neither lists, applies nor
    rejects alice's held write to it; alice does not see his."""
    if backend != "postgres":
        pytest.skip("one machine, one user")
    url = os.environ["MEMDIR_DATABASE_URL"]
    team_env(url, project, user="bob")
    alices = _project_write(asking, "Deploys on Fridays", "The team deploys on Fridays.")
    bob = memdir.open(home, project, database_url=url, user="bob")  # the same server
    assert _pending(bob) == []
    for decide in (bob.apply_review, bob.reject_review):
        with pytest.raises(memdir.MemdirError, match="no proposal"):
            decide([alices])
    bobs = _project_write(bob, "Staging is flaky", "Staging fails on Mondays.")
    assert _pending(bob) == [bobs] and _pending(asking) == [alices]
    assert bob.store("project").list() == [] and bob.tombstones.count() == 0


def test_on_the_team_backend_a_rejection_and_its_tombstones_are_one_transaction(
    asking: memdir.Memdir, backend: str, home: Path, project: Path, tmp_path: Path
) -> None:
    """A held write that cannot be dropped (a trigger refuses it) takes its tombstone back
    with it: still pending for every server, nothing buried; once it can, the rejection
    drops it for all of them and leaves the tombstone."""
    if backend != "postgres":
        pytest.skip("one machine: the file is written back after the tombstones")
    import psycopg

    held = _project_write(asking, "Staging is flaky", "Staging fails on Mondays.")
    schema = asking.tombstones.db.schema()  # type: ignore[attr-defined]
    url = os.environ["MEMDIR_DATABASE_URL"]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            f'CREATE FUNCTION "{schema}".refuse() RETURNS trigger LANGUAGE plpgsql AS '
            "$$ BEGIN RAISE EXCEPTION 'deletion refused'; END $$"
        )
        conn.execute(
            f'CREATE TRIGGER refuse BEFORE DELETE ON "{schema}".pending_writes '
            f'FOR EACH ROW EXECUTE FUNCTION "{schema}".refuse()'
        )
    with pytest.raises(memdir.MemdirError, match="deletion refused"):
        asking.reject_review([held])
    other = memdir.open(tmp_path / "home2", project)  # another server of alice's
    assert _pending(other) == [held] and other.tombstones.count() == 0
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP TRIGGER refuse ON "{schema}".pending_writes')
    other.reject_review([held])
    assert _pending(asking) == [] and asking.tombstones.count() == 1


APPLIER = """
import sys, time, memdir
from pathlib import Path
md = memdir.open(sys.argv[1], sys.argv[2])
held, ready, go = sys.argv[3], Path(sys.argv[4]), Path(sys.argv[5])
assert held in [p.id for p in md.review()]  # held when this process looked
ready.touch()
while not go.exists():
    time.sleep(0.005)
try:
    if sys.argv[6] == "apply":
        md.apply_review([held])
    else:
        md.reject_review([held])
    print("decided")
except memdir.MemdirError as exc:
    print(f"refused: {exc}")
"""


def _decider(
    home: Path, project: Path, held: str, how: str, ready: Path, go: Path, tmp_path: Path
) -> subprocess.Popen[str]:
    """A real process that applies or rejects (``how``) ``held`` once ``go`` exists."""
    env = {**os.environ, "MEMDIR_BACKGROUND": "0", "MEMDIR_MANAGED_DIR": str(tmp_path / "m")}
    return subprocess.Popen(
        [sys.executable, "-c", APPLIER, str(home), str(project), held, str(ready), str(go), how],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("second", ["apply", "reject"])
def test_two_processes_deciding_one_held_write_decide_it_once(
    asking: memdir.Memdir, backend: str, home: Path, project: Path, tmp_path: Path, second: str
) -> None:
    """Two real processes (on one machine: one home; on the team backend: two servers'
    homes) told to apply (or one to apply, one to reject) the same held write at once:
    one decides it, the other is told it was already applied or rejected; the scope shows
    that one decision (one commit, or a tombstone and no entry), nothing held after."""
    held = _project_write(asking, "Deploys on Fridays", "The team deploys on Fridays.")
    homes = [home, home if backend == "files" else tmp_path / "home2"]
    homes[1].mkdir(exist_ok=True)
    (homes[1] / "config.toml").write_text((home / "config.toml").read_text())
    go = tmp_path / "go"
    ready = [tmp_path / f"ready{n}" for n in range(2)]
    procs = [
        _decider(h, project, held, how, r, go, tmp_path)
        for h, r, how in zip(homes, ready, ["apply", second], strict=True)
    ]
    try:
        for _ in range(6000):
            if all(r.exists() for r in ready) or any(p.poll() is not None for p in procs):
                break
            time.sleep(0.01)
        go.touch()
        outs = [p.communicate(timeout=120) for p in procs]
    finally:
        for p in procs:
            p.kill()
    assert [p.returncode for p in procs] == [0, 0], outs
    said = [out.strip() for out, _ in outs]
    assert sorted(said)[0] == "decided", said
    assert sorted(said)[1].startswith("refused:"), said
    assert "already applied or rejected" in sorted(said)[1], said
    after = memdir.open(tmp_path / "check" if backend == "postgres" else home, project)
    store = after.store("project")
    assert _pending(after) == []
    if said[0] == "decided" or second == "apply":  # applied: one commit, no tombstone
        (entry,) = store.list()
        assert entry.name == "Deploys on Fridays" and after.tombstones.count() == 0
        if store.history is not None:  # the project scope has its own history on PostgreSQL
            assert len(store.history.log(lambda path: path == entry.filename)) == 1
    else:  # rejected: nothing written, one tombstone
        assert store.list() == [] and after.tombstones.count() == 1


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(max_size=30), body=st.text(max_size=200), target=st.text(max_size=20))
def test_any_text_held_comes_back_as_it_was_held_and_once(
    asking: memdir.Memdir, backend: str, tmp_path: Path, project: Path, name: str, body: str,
    target: str,
) -> None:  # fmt: skip
    """Whatever a model sends (NUL, CJK, emoji, quotes) is held and listed unchanged by
    another server of the user (on one machine: another process on the same home);
    holding it again is the same record."""
    from memdir import guard
    from memdir.core.changes import AddOp, ReplaceOp
    from memdir.review import approval

    # a text the guard refuses is never held (tested apart): not this test's concern
    assume(guard.scan(f"{name}\nd\n{body}") is None and guard.scan(body) is None)
    other = memdir.open(tmp_path / "home2" if backend == "postgres" else asking.home, project)
    ops = (AddOp("project", name, "d", body), ReplaceOp(target or "x", body=body))
    first = approval.hold(
        asking, asking.store("local"), ops, source=memdir.Source.AGENT, session=None
    )
    again = approval.hold(
        other, other.store("local"), ops, source=memdir.Source.AGENT, session=None
    )
    assert again["id"] == first["id"]
    (held,) = [p for p in approval.proposals(other) if p.id == first["id"]]
    assert held.actions[0].ops == ops and held.actions[0].scope == "local"
    with approval.claimed(other, [first["id"]]):
        pass
    assert first["id"] not in {p.id for p in approval.proposals(asking)}


def test_writes_of_two_writers_to_one_scope_are_checked_together(
    asking: memdir.Memdir,
) -> None:
    """An approved agent write and a user's proposal on the same scope are planned one after
    the other, so a clash is found before anything is written, not undone after."""
    from memdir.core.changes import AddOp
    from memdir.review.apply import Action, Proposal, apply_all

    def adding(pid: str, body: str, source: memdir.Source) -> Proposal:
        op = AddOp(type="project", name="Release day", description="When we ship", body=body)
        return Proposal("pending", pid, "", (), (Action("local", (op,)),), pid, source=source)

    before = [e.name for e in asking.store("local").list()]
    clash = [
        adding("pending-a", "We ship on Fridays.", memdir.Source.AGENT),
        adding("mine", "We ship on Tuesdays.", memdir.Source.USER),
    ]
    with pytest.raises(memdir.MemdirError, match="another proposal named may have changed it"):
        apply_all(asking, clash)
    assert [e.name for e in asking.store("local").list()] == before


def _waiting(backend: str, pid: int, lock: Path) -> bool:
    """Whether process ``pid`` waits for the held write's lock (files: a blocked flock of
    ``lock`` in /proc/locks; PostgreSQL: a backend waiting for a row lock on it)."""
    if backend == "files":
        inode = f":{os.stat(lock).st_ino} "
        return any(
            "->" in line and f" {pid} " in line and inode in line
            for line in Path("/proc/locks").read_text().splitlines()
        )
    import psycopg

    with psycopg.connect(os.environ["MEMDIR_DATABASE_URL"], autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND datname = current_database() "
            "AND query LIKE '%pending_writes%'"
        ).fetchone()
    return bool(row and row[0])


@pytest.mark.parametrize("how", ["apply", "reject"])
def test_a_decision_that_waited_for_another_is_refused_and_does_nothing(
    asking: memdir.Memdir, backend: str, home: Path, project: Path, tmp_path: Path, how: str
) -> None:
    """A process that applies or rejects a held write while another holds it waits; when
    the other has decided it (here: its row or record is gone when the lock is let go),
    this one is told so and writes nothing: no entry, no tombstone."""
    import fcntl

    held = _project_write(asking, "Deploys on Fridays", "The team deploys on Fridays.")
    go, lock = tmp_path / "go", home / "pending.json.lock"
    go.touch()
    conn: Any = None
    if backend == "files":  # the lock approval takes, held by this process
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
    else:
        import psycopg

        schema = asking.tombstones.db.schema()  # type: ignore[attr-defined]
        conn = psycopg.connect(os.environ["MEMDIR_DATABASE_URL"])
        conn.execute(f'SELECT 1 FROM "{schema}".pending_writes WHERE id = %s FOR UPDATE', (held,))
    proc = _decider(
        home if backend == "files" else tmp_path / "home2",
        project,
        held,
        how,
        tmp_path / "ready",
        go,
        tmp_path,
    )
    try:
        for _ in range(6000):
            if proc.poll() is not None or _waiting(backend, proc.pid, lock):
                break
            time.sleep(0.01)
        assert proc.poll() is None, proc.communicate()
        if backend == "files":  # decided by "another process": its record is gone
            path = home / "pending.json"
            data = json.loads(path.read_text())
            del data["files"][held]
            path.write_text(json.dumps(data))
            os.close(fd)
        else:
            conn.execute(f'DELETE FROM "{schema}".pending_writes WHERE id = %s', (held,))
            conn.commit()
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
        if conn is not None:
            conn.close()
    assert proc.returncode == 0, err
    assert out.startswith("refused:") and "already applied or rejected" in out, out
    assert asking.store("project").list() == [] and asking.tombstones.count() == 0


def test_each_fact_of_one_run_is_its_own_pending_write(
    asking: memdir.Memdir, home: Path, project: Path
) -> None:
    """Two facts one `maintain` run proposes are two pending writes: one is applied, the
    other rejected (walk54); a fact taught again beside a new one is still the one write;
    two changes of one entry stay one write (applied together or not at all)."""
    said: dict[str, str] = {
        "kiwi": "Billing deploys to the kiwi cluster.",
        "helix": "The user edits code in Helix.",
        "lime": "Search runs on the lime cluster.",
    }

    def model(kind: str, user: str) -> str:
        if kind == "extract":
            ids = {int(i): t for i, t in re.findall(r"\[#(\d+) user\] (.*)", user)}
            facts = [
                {"type": "reference", "name": f"Fact {key}", "description": f"About {key}",
                 "body": text, "scope": "local", "evidence": [i], "confidence": 0.95}
                for i, line in ids.items() for key, text in said.items() if text in line
            ]  # fmt: skip
            return json.dumps({"candidates": facts, "entities": []})
        if kind == "entities":
            return json.dumps({"entities": []})
        count = len(re.findall(r"Fact (?:kiwi|helix|lime)", user))
        return json.dumps({"ops": [{"op": "add", "candidate": i} for i in range(count)]})

    asking.provider = ScriptedProvider(model)

    def teach(*keys: str) -> RunReport:
        with asking.session(agent="test") as s:
            for key in keys:
                s.log("user", said[key])
        return asking.pipeline.run()

    def pending() -> dict[str, str]:
        found = json.loads(review(home, project, "--json")[1])
        return {p["id"]: p["detail"] for p in found if p["kind"] == "pending"}

    assert len(teach("kiwi", "helix").held) == 2
    held = pending()
    assert len(held) == 2, held
    assert len(teach("kiwi", "lime").held) == 2  # kiwi again: the same write as before
    held = pending()
    assert len(held) == 3, held
    (kiwi,) = [i for i, d in held.items() if "kiwi" in d]
    (helix,) = [i for i, d in held.items() if "Helix" in d]
    assert review(home, project, "--reject", helix)[0] == 0
    assert review(home, project, "--apply", kiwi)[0] == 0
    names = {e.name for _, e in memdir.open(home, project).entries()}
    assert "Fact kiwi" in names and "Fact helix" not in names and "Fact lime" not in names
    assert [d for d in pending().values()] == [held[i] for i in held if i not in (kiwi, helix)]

    store = asking.store("local")
    (npm,) = [e for e in store.list() if e.name == "Use npm"]
    two = [
        ReplaceOp(npm.id, body="Run `pnpm install`."),
        ReplaceOp(npm.id, description="Install with pnpm"),
        AddOp("reference", "Fact ruby", "About ruby", "Tools are pinned in .tool-versions."),
    ]
    before = set(pending())
    assert approval.hold_changing(asking, store, two, store.list(), Source.EXTRACTOR) == two
    new = {i: d for i, d in pending().items() if i not in before}
    assert len(new) == 2, new  # the two changes of one entry together, the add on its own
    assert sorted(d.count("change") for d in new.values()) == [0, 2], new
