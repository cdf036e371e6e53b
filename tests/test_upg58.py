"""A person upgrades memdir: homes and team databases written by old commits, opened by
today's code. The old shapes are dumps kept under tests/fixtures/upg58 (see its README)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from memdir.core.scopes import project_slug
from memdir.sessions.schema import MIGRATIONS

FIXTURES = Path(__file__).parent / "fixtures"
OLD = FIXTURES / "upg58"
TRANSCRIPTS = FIXTURES / "transcripts" / "home"
ALICE = "mdt_a8f1617f8c834d13_NBIrCdCXavdlcgWl5GcNsyVGMhdnP2J9q7y5n3Dv-x8"
BOB = "mdt_abf1a3ec344b9d86_lhNCtkNZpiglU81LM81zAHWyJceHhcH0lYUkDzvPJ08"
OLD_PROJECT = "https://git.example.test/acme/app.git"  # what the old run granted
OLD_SLUG = "-tmp-upg58-sm-proj-cd3f8d42"  # its checkout's slug

Run = Callable[..., subprocess.CompletedProcess[str]]


def _state_db(dump: str, target: Path, places: dict[str, str] | None = None) -> None:
    """Make ``target`` from an old ``sqlite3 .dump``, its run's paths put in ``places``."""
    text = (OLD / dump).read_text(encoding="utf-8")
    for old, new in (places or {}).items():
        text = text.replace(old, new)
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(target) as conn:
        conn.executescript(text)
    conn.close()


def _rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def test_the_oldest_state_db_opens_and_every_message_is_found_as_written(
    home: Path, run: Run
) -> None:
    """state.db from f9b99820 (steps 0001-0003): every session, message and tool call
    comes back byte for byte, search finds them, and the upgraded file takes new ones."""
    db = home / "state.db"
    _state_db("state-f9b99820.sql", db)
    before = _rows(db, "SELECT id, session_id, role, content, tool_name, tool_calls FROM messages")
    assert len(before) == 7

    assert "damaged" not in run("doctor").stdout
    found = run("sessions", "search", "rounding").stdout
    assert "sess-alpha" in found and "Use Decimal with ROUND_HALF_UP in total.py." in found
    child = run("sessions", "search", "Österreich").stdout
    assert "sess-alpha-child" in child and "Mehrwertsteuer für Österreich — 20 %" in child
    assert "好的，已经把部署脚本改为 pnpm install。" in run("sessions", "search", "pnpm").stdout
    shown = run("sessions", "show", "sess-alpha").stdout
    assert "total.py:12: float(x) * 1.19" in shown and '"pattern": "round("' in shown
    listed = run("sessions", "ls").stdout
    assert "sess-alpha-child" in listed and "(child of sess-alpha)" in listed

    after = _rows(db, "SELECT id, session_id, role, content, tool_name, tool_calls FROM messages")
    assert after == before
    steps = {str(r[0]) for r in _rows(db, "SELECT name FROM migrations")}
    assert steps == {m.name for m in MIGRATIONS}

    out = run("import-sessions", "codex", "--from", str(TRANSCRIPTS / ".codex" / "sessions"))
    assert "1 new" in out.stdout
    assert "nightly export job" in run("sessions", "search", "nightly export").stdout
    assert "sess-alpha" in run("sessions", "search", "rounding").stdout


def test_sessions_imported_by_27ebacd6_are_not_imported_twice_and_tombstones_stay(
    home: Path, project: Path, tmp_path: Path, run: Run
) -> None:
    """state.db from 27ebacd6 (steps 0001-0009, keys rewritten by 0013/0014): re-importing
    the same transcripts adds nothing, search finds them, the forgotten stay forgotten."""
    transcripts = tmp_path / "fakehome"
    shutil.copytree(TRANSCRIPTS, transcripts)
    local = home / "projects" / project_slug(project)
    db = home / "state.db"
    _state_db(
        "state-27ebacd6.sql",
        db,
        {
            "/tmp/upg58/home-27ebacd6/projects/-tmp-upg58-proj-27ebacd6-d90a1fff": str(local),
            "/tmp/upg58/fakehome-27ebacd6": str(transcripts),
        },
    )
    messages = _rows(db, "SELECT count(*), group_concat(content, '|') FROM messages")
    tombstones = _rows(
        db, "SELECT location, entry_id, kind, content_hash, name_key, origins FROM tombstones"
    )
    assert len(tombstones) == 3

    claude = run("import-sessions", "claude-code", "--from", str(transcripts / ".claude/projects"))
    assert "0 new, 0 grown, 4 unchanged" in claude.stdout and "0 messages added" in claude.stdout
    codex = run("import-sessions", "codex", "--from", str(transcripts / ".codex/sessions"))
    assert "0 new, 0 grown, 1 unchanged" in codex.stdout and "0 messages added" in codex.stdout

    assert "Let me look at the rounding code." in run("sessions", "search", "rounding").stdout
    assert "好的，已经把部署脚本改为 pnpm install。" in run("sessions", "search", "pnpm").stdout
    assert _rows(db, "SELECT count(*), group_concat(content, '|') FROM messages") == messages
    kept = _rows(
        db, "SELECT location, entry_id, kind, content_hash, name_key, origins FROM tombstones"
    )
    assert sorted(kept) == sorted(tombstones)
    assert "damaged" not in run("doctor").stdout


# -- the team database ------------------------------------------------------------------


def _old_team(
    url: str, project: Path, slug: str | None = None, *, load: bool = True
) -> dict[str, str]:
    """Load the f821d276 team database into ``url``'s schema (unless not ``load``); make
    ``project`` a clone of the project it granted; the environment that opens memdir
    there as alice."""
    import psycopg
    from dulwich.repo import Repo

    if load:
        text = (OLD / "pg-f821d276.sql").read_text(encoding="utf-8")
        text = text.replace(OLD_SLUG, slug or OLD_SLUG)
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(text.encode())  # type: ignore[call-overload]
    repo = Repo.init(str(project))
    config = repo.get_config()
    config.set((b"remote", b"origin"), b"url", OLD_PROJECT.encode())
    config.write_to_path()
    repo.close()
    return {"MEMDIR_DATABASE_URL": url, "MEMDIR_USER": "alice"}


def _cli(home: Path, project: Path, env: dict[str, str], *args: str) -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "--home", str(home), "-C", str(project), *args],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1", **env},
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stdout + proc.stderr


def test_a_team_database_from_f821d276_migrates_and_its_tokens_still_work(
    pg_url: str, tmp_path: Path, project: Path
) -> None:
    """Users, tokens, admin, grant and the entries pushed by f821d276 survive: old tokens
    authenticate, a pull writes the old text byte for byte, writes work afterwards."""
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    env = _old_team(pg_url, project)
    db = PgDatabase.shared(pg_url)
    assert users.authenticate(db, ALICE) == "alice"
    assert users.authenticate(db, BOB) == "bob"
    assert users.is_admin(db, "bob") and not users.is_admin(db, "alice")
    assert users.is_granted(db, "alice", "git.example.test/acme/app")

    home = tmp_path / "fresh-home"
    listed = _cli(home, project, env, "ls")
    assert "user_zoe-s-editor" in listed and "feedback_direct-to-team" in listed
    assert "project_release-freeze" in listed
    shown = _cli(home, project, env, "show", "user_zoe-s-editor")
    assert "Zoë uses Helix; 日本語 too.\nTabs\tkept." in shown
    pulled = _cli(home, project, {"MEMDIR_USER": "alice"}, "pull", "--database", pg_url, "--apply")
    assert "Pulled from the team server" in pulled
    text = (home / "user" / "user_zoe-s-editor.md").read_text(encoding="utf-8")
    assert text.endswith("---\nZoë uses Helix; 日本語 too.\nTabs\tkept.\n")

    add = ("add", "--type", "user", "--name", "After the upgrade", "--scope", "user")
    _cli(home, project, env, *add, "--description", "new code", "--body", "Today's code — ✓")
    assert "user_after-the-upgrade" in _cli(home, project, env, "ls")
    assert "alice" in _cli(home, project, env, "serve", "users", "ls")
    with db.read("schema steps") as conn:
        steps = {r[0] for r in conn.execute("SELECT name FROM pg_migrations").fetchall()}
    from memdir.pg.schema import MEMORY

    assert {s.name for s in MEMORY.steps} <= steps


def test_local_entries_pushed_by_f821d276_are_read_after_the_upgrade(
    pg_url: str, tmp_path: Path, project: Path
) -> None:
    env = _old_team(pg_url, project, slug=project_slug(project))
    listed = _cli(tmp_path / "fresh-home", project, env, "ls")
    assert "reference_oncall-dashboard" in listed


def test_settings_written_for_f821d276_read_the_same(tmp_path: Path) -> None:
    """Every key f821d276 knew is still known and keeps its value."""
    from memdir.core.config import load_settings

    home = tmp_path / "home"
    home.mkdir()
    shutil.copy(OLD / "config-f821d276.toml", home / "config.toml")
    s = load_settings(home, tmp_path, environ={})
    assert (s.pinned_budget, s.lock_timeout, s.max_unused_days) == (3000, 20.0, 60.0)
    assert (s.min_idle_minutes, s.archive_unused_days, s.soul_budget) == (45.0, 120.0, 1500)
    assert s.agent_write_scopes == ("local", "user") and s.background is False
    assert s.approval == ("local", "user", "project") and s.budget_warning == 0.8
    assert s.llm_base_url == "http://127.0.0.1:8080/v1"
    assert (home / "config.toml").read_bytes() == (OLD / "config-f821d276.toml").read_bytes()


def test_writes_awaiting_approval_since_f838f721_are_listed_and_applied(
    home: Path, project: Path, run: Run
) -> None:
    """pending.json from f838f721: both held writes are listed; one applied lands with
    its text, the other rejected leaves nothing."""
    text = (OLD / "pending-f838f721.json").read_text(encoding="utf-8")
    text = text.replace(
        "/tmp/upg58/ap/home/projects/-tmp-upg58-ap-proj",
        str(home / "projects" / project_slug(project)),
    )
    home.mkdir()
    (home / "pending.json").write_text(text.replace("/tmp/upg58/ap/home", str(home)), "utf-8")
    (home / "config.toml").write_text('approval = "ask"\n', encoding="utf-8")

    listed = run("review").stdout
    assert "pending-21c5db8a" in listed and "pending-6b85f0cd" in listed
    assert "Zoë works 14:00–22:00 CET." in listed
    run("review", "--apply", "pending-21c5db8a")
    run("review", "--reject", "pending-6b85f0cd")
    assert "Use pnpm, never npm; 日本語 ok." in run("show", "Prefer pnpm").stdout
    assert "Zoë works late" not in run("ls", "--all").stdout
    assert "pending-" not in run("review").stdout


def test_a_team_users_state_from_f821d276_migrates_and_is_searched(
    pg_url: str, tmp_path: Path, project: Path
) -> None:
    """Alice's state schema from f821d276 (steps 0001-0007): sessions, messages, usage and
    tombstones survive today's steps; search finds them; re-importing adds nothing."""
    import psycopg

    from memdir.pg import users
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import schema_name

    with psycopg.connect(pg_url, autocommit=True) as conn:
        base = str(conn.execute("SELECT current_schema()").fetchone()[0])  # type: ignore[index]
        state = schema_name(base, "alice")
        text = (OLD / "pg-state-f821d276.sql").read_text(encoding="utf-8")
        conn.execute(text.replace("@STATE@", state).encode())  # type: ignore[call-overload]
    env = _old_team("", project, load=False)
    env["MEMDIR_DATABASE_URL"] = pg_url
    token = "mdt_4ae0b7aac5d46583_lG408MTAU9pUjr17MzbJcOznVKruIouZAPQyZrH4ySQ"
    assert users.authenticate(PgDatabase.shared(pg_url), token) == "alice"

    def counts() -> list[int]:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            tables = ("sessions", "messages", "usage", "tombstones")
            return [
                int(conn.execute(f'SELECT count(*) FROM "{state}".{t}').fetchone()[0])  # type: ignore[index]
                for t in tables
            ]

    assert counts() == [6, 21, 1, 1]
    home = tmp_path / "fresh-home"
    assert "damaged" not in _cli(home, project, env, "doctor")
    found = _cli(home, project, env, "sessions", "search", "rounding")
    assert "Let me look at the rounding code." in found
    assert "Kannst du die Zölle prüfen?" in _cli(home, project, env, "sessions", "search", "Zölle")
    assert "user_zoe-s-editor" in _cli(home, project, env, "search", "editor")
    again = ("import-sessions", "--from")
    codex = _cli(home, project, env, *again, str(TRANSCRIPTS / ".codex/sessions"), "codex")
    assert "0 new, 0 grown, 1 unchanged" in codex
    claude = _cli(home, project, env, *again, str(TRANSCRIPTS / ".claude/projects"), "claude-code")
    assert "0 new, 0 grown, 4 unchanged" in claude
    assert counts() == [6, 21, 1, 1]


def test_reinstalling_hermes_after_the_upgrade_does_not_ask_to_activate_it_again(
    tmp_path: Path, run: Run
) -> None:
    """A Hermes install from before the upgrade (memory.provider already memdir): running
    `memdir install hermes` again must not tell the person to activate what is active."""
    hermes = tmp_path / "hermes"
    hermes.mkdir()
    shutil.copy(FIXTURES / "hermes" / "configured" / ".hermes" / "config.yaml", hermes)
    run("install", "hermes", "--yes", "--activate", "--hermes-home", str(hermes))
    config = (hermes / "config.yaml").read_text(encoding="utf-8")
    assert "provider: memdir" in config

    again = run("install", "hermes", "--yes", "--hermes-home", str(hermes))
    assert "--activate" not in again.stdout + again.stderr
    assert (hermes / "config.yaml").read_text(encoding="utf-8") == config
    fresh = tmp_path / "fresh-hermes"
    fresh.mkdir()
    shutil.copy(FIXTURES / "hermes" / "configured" / ".hermes" / "config.yaml", fresh)
    told = run("install", "hermes", "--yes", "--hermes-home", str(fresh))
    assert "memdir install hermes --activate" in told.stdout + told.stderr


def test_doctor_on_an_upgraded_team_database_counts_the_users_entries(
    pg_url: str, tmp_path: Path, project: Path
) -> None:
    """``doctor`` looked for scope folders on disk: alice's user scope, two entries in
    PostgreSQL, was 'not created' under $MEMDIR_HOME (mended by mendw58b)."""
    env = _old_team(pg_url, project)
    home = tmp_path / "fresh-home"
    assert "user_zoe-s-editor" in _cli(home, project, env, "ls")
    doctor = _cli(home, project, env, "doctor")
    assert "user     2 entries" in doctor, doctor
