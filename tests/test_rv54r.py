"""Review rv54r of branch mend54r: a hostile cloned repository, a user upgrading a home
with sessions imported under the old keys, and the docs. Each test fails on mend54r
(the one minor finding as a strict xfail)."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memdir.interop.transcripts import import_sessions
from test_corpus import _open, person  # noqa: F401
from test_real54 import (
    CLAUDE_ID,
    CODEX_ID,
    HIST,
    _keyed_by_name,
    _md,
    _pg_keyed_by_name,
    _pg_store,
    _shared_copy,
)

pytestmark = pytest.mark.usefixtures("person")  # HOME: a scratch folder


# -- (b) a user upgrading ----------------------------------------------------------------


# Shows: a Claude Code transcript imported before the upgrade under a name that is no
# session id (session `claude-code:session-01`, as main names it) is imported again as
# `claude-code:<its id>`: the same two messages twice, nothing migrates the old session.
def test_claude_code_copy_imported_before_the_upgrade_is_not_duplicated(tmp_path: Path) -> None:
    copy = _shared_copy(tmp_path, "claude")
    md = _md(tmp_path)
    import_sessions(md, "claude-code", copy)
    new, old = f"claude-code:{CLAUDE_ID}", "claude-code:session-01"

    def as_before(c: sqlite3.Connection) -> None:  # the session id main gave this file
        c.execute(
            "INSERT INTO sessions (id, parent_id, agent, cwd, scope, title, started_at, "
            "ended_at, memory_mode) SELECT ?, ?, agent, cwd, scope, title, started_at, "
            "ended_at, memory_mode FROM sessions WHERE id = ?",
            (old, new, new),
        )
        c.execute("UPDATE messages SET session_id = ? WHERE session_id = ?", (old, new))

    md.sessions.db.write(as_before)
    assert len(md.sessions.messages(old)) == 2 and not md.sessions.messages(new)
    md.close()
    md = _md(tmp_path)  # upgraded: every migration has run
    import_sessions(md, "claude-code", copy)
    total = sum(len(md.sessions.messages(s.id)) for s in md.sessions.list())
    assert total == 2


# -- (a) a hostile cloned repository -------------------------------------------------------


def _calls_within(budget: int, run: Callable[[], object]) -> int:
    """The Python calls ``run`` makes (work done, not time taken); RuntimeError past
    ``budget``, so a test of a hang ends."""
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1
            if calls > budget:
                raise RuntimeError(f"more than {budget:,} calls")

    sys.setprofile(count)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


# Shows: a cloned repository's .claude/settings.json with 256 claudeMdExcludes globs of
# 4,096 characters (64 brace expansions each) makes every session start match ~16,000
# globs against every candidate file's absolute path: ~10 minutes of CPU for a repo with
# 100 rules (the 256-pattern / 4,096-character caps bound the count, not the work). The
# same start without the settings makes ~4,300 calls; this allows 500,000.
def test_claude_md_excludes_from_a_clone_cannot_make_a_session_start_hang(
    tmp_path: Path,
) -> None:
    co = tmp_path / "co"
    co.mkdir()
    subprocess.run(["git", "init", "-q", str(co)], check=True)
    (co / "CLAUDE.md").write_text("hi\n")
    rules = co / ".claude" / "rules"
    rules.mkdir(parents=True)
    for i in range(20):
        (rules / f"r{i}.md").write_text("rule\n")
    glob = ("{" + ",".join("**/*" * 3 + f"x{i}" for i in range(60)) + "}" + "**/*?" * 300)[:4096]
    settings = {"claudeMdExcludes": [glob + str(i) for i in range(256)]}
    (co / ".claude" / "settings.json").write_text(json.dumps(settings))
    md = _open(tmp_path, co)
    _calls_within(500_000, md.instructions)


# Shows: main imported a rollout given by path under any name and keyed its rows
# `<name>:line:index`; step 0014 rewrites only names ending `.jsonl`, so a home that
# imported `session-01.jsonl.txt` (agent-history's own name for it) gets the same two
# messages again when it imports that file after the upgrade.
def test_codex_rows_of_a_file_not_named_jsonl_are_matched_after_the_upgrade(
    tmp_path: Path,
) -> None:
    copy = _shared_copy(tmp_path, "codex", "session-01.jsonl.txt")
    md = _md(tmp_path)
    import_sessions(md, "codex", copy)
    sid = f"codex:{CODEX_ID}"
    md.sessions.db.write(lambda c: _keyed_by_name(c, copy.name))  # the keys main wrote
    md.close()
    md = _md(tmp_path)  # upgraded
    assert len(md.sessions.messages(sid)) == 2
    import_sessions(md, "codex", copy)
    assert len(md.sessions.messages(sid)) == 2


# Shows: the same on the team backend: PostgreSQL's step 0013 rewrites only keys whose
# name ends `.jsonl`, so the rows main keyed `session-01.jsonl.txt:line:index` are added
# again when that file is imported after the upgrade.
def test_codex_rows_of_a_file_not_named_jsonl_on_postgres_are_matched_after_the_upgrade(
    pg_url: str, tmp_path: Path
) -> None:
    from memdir.interop.codex import transcripts
    from memdir.interop.transcripts._reading import Tally

    copy = _shared_copy(tmp_path, "codex", "session-01.jsonl.txt")
    sid = f"codex:{CODEX_ID}"
    _pg_keyed_by_name(pg_url, copy, copy.name)  # as main's import left it
    with _pg_store(pg_url, "older") as store:
        assert len(store.messages(sid)) == 2
        store.import_sessions(transcripts.sessions(copy, Tally(None)))
        assert len(store.messages(sid)) == 2


# Shows: step 0014 reads every Codex row's id and key into a list
# (fetchall) and builds a second list of the new keys before its first UPDATE: memory
# grows with the home (100,000 Codex messages: 39 MB; a million: ~400 MB; without the
# step: under 4 MB), where its 5,000-row batches could read 5,000 at a time.
def test_codex_key_migration_memory_does_not_grow_with_the_home(tmp_path: Path) -> None:
    import tracemalloc

    md = _md(tmp_path)
    sid = "codex:019e9625-0000-7000-8000-000000000000"

    def as_before(c: sqlite3.Connection) -> None:  # a large home main imported
        c.execute("INSERT INTO sessions (id, agent, started_at) VALUES (?, 'codex', 0)", (sid,))
        name = f"rollout-2026-06-05T04-58-20-{sid[6:]}.jsonl"
        c.executemany(
            "INSERT INTO messages (session_id, role, content, timestamp, source_key) "
            "VALUES (?, 'user', 'x', 0, ?)",
            ((sid, f"{name}:{n}:0") for n in range(100_000)),
        )
        c.execute("DELETE FROM migrations WHERE name = '0014_codex_keys_by_place'")

    md.sessions.db.write(as_before)
    md.close()
    tracemalloc.start()
    try:
        md = _md(tmp_path)
        md.sessions.db.write(lambda c: None)  # opened: step 0014 runs
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    keys = md.sessions.db.write(
        lambda c: c.execute("SELECT count(*) FROM messages WHERE source_key LIKE '%.jsonl%'")
    ).fetchone()[0]
    assert keys == 0  # the step ran
    assert peak < 4 * 1024 * 1024, f"{peak:,} bytes"


# Shows (minor, strict xfail): a home that imported one rollout under two names before
# (its own and a copy's: each message twice) keeps both copies after step 0014 (one keeps
# the old key, by design), so the session shows each message twice for ever and every
# later import of the rollout reports it `resynced` ("the source no longer holds
# messages imported earlier"), which it does hold. The copy's rows hold the same place of
# the same session, so they could go.
def test_codex_rollout_imported_under_two_names_before_is_one_copy_after_the_upgrade(
    tmp_path: Path,
) -> None:
    rollout = tmp_path / "sessions" / f"rollout-2026-06-05T04-58-20-{CODEX_ID}.jsonl"
    rollout.parent.mkdir()
    shutil.copyfile(HIST / "codex" / "session-01.jsonl.txt", rollout)
    md = _md(tmp_path)
    import_sessions(md, "codex", rollout)
    sid = f"codex:{CODEX_ID}"

    def as_before(c: sqlite3.Connection) -> None:  # main's keys: the rollout and a copy
        _keyed_by_name(c, rollout.name)
        c.execute(
            "INSERT INTO messages (session_id, role, content, timestamp, source_key) "
            "SELECT session_id, role, content, timestamp, "
            "replace(source_key, ?, 'session-01.jsonl') FROM messages "
            "WHERE session_id = ? ORDER BY id",
            (rollout.name, sid),
        )

    md.sessions.db.write(as_before)
    md.close()
    md = _md(tmp_path)  # upgraded
    report = import_sessions(md, "codex", rollout)
    assert report.resynced == [] and report.diverged == []
    assert len(md.sessions.messages(sid)) == 2


def _trusted_repository(tmp_path: Path) -> Path:
    """A git repository ``trusted`` that Codex's config (``CODEX_HOME`` of
    :func:`test_corpus._open`) trusts."""
    trusted = (tmp_path / "trusted").resolve()
    trusted.mkdir()
    subprocess.run(["git", "init", "-q", str(trusted)], check=True)
    cx = tmp_path / "cx"
    cx.mkdir()
    (cx / "config.toml").write_text(f'[projects."{trusted}"]\ntrust_level = "trusted"\n')
    return trusted


def _agents_md_read(tmp_path: Path, folder: Path) -> int:
    """How much of ``folder``'s 5,000-byte AGENTS.md memdir reads there, the folder's
    ``.codex/config.toml`` setting ``project_doc_max_bytes = 100`` (read when trusted)."""
    (folder / "AGENTS.md").write_text("y" * 5000)
    (folder / ".codex").mkdir()
    (folder / ".codex" / "config.toml").write_text("project_doc_max_bytes = 100\n")
    found, _ = _open(tmp_path, folder).instructions()
    agents = next(i for i in found if i.path.name == "AGENTS.md")
    return len(agents.text)


# Shows: a project whose `.git` is a file `gitdir: <a trusted repository>/.git` (an
# unpacked archive can hold one; git itself never checks out a `.git`) borrows that
# repository's trust, and memdir reads its `.codex/config.toml`. Codex's
# resolve_root_git_project_for_trust (codex-rs git_info) follows a gitdir only into
# `<repo>/.git/worktrees/<name>` and otherwise trusts nothing: Codex leaves it unread.
def test_a_gitdir_file_pointing_at_a_trusted_repository_does_not_borrow_its_trust(
    tmp_path: Path,
) -> None:
    trusted = _trusted_repository(tmp_path)
    evil = (tmp_path / "evil").resolve()
    evil.mkdir()
    (evil / ".git").write_text(f"gitdir: {trusted}/.git\n")
    # Codex's own 32 KiB budget: the project's is unread
    assert _agents_md_read(tmp_path, evil) == 5000


def test_a_linked_worktree_of_a_trusted_repository_shares_its_trust(tmp_path: Path) -> None:
    """The other side of the gitdir rule: `git worktree add` of a trusted repository is
    trusted as Codex trusts it (its `.git` file names `<repo>/.git/worktrees/<name>`,
    whose `gitdir` points back), so the worktree's `.codex/config.toml` is read."""
    trusted = _trusted_repository(tmp_path)
    git = ["git", "-C", str(trusted), "-c", "user.name=a", "-c", "user.email=a@b"]
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "x"], check=True)
    wt = (tmp_path / "wt").resolve()
    subprocess.run([*git, "worktree", "add", "-q", str(wt)], check=True)
    # the worktree's own budget: read, as Codex reads it
    assert _agents_md_read(tmp_path, wt) == 100


def _as_main_named_it(c: Any, old: str, new: str, mark: str) -> None:
    """The session main gave a copy: ``old`` (the file's stem) holds what ``new`` holds;
    ``new`` is gone."""
    cols = "parent_id, agent, cwd, scope, title, started_at, ended_at, memory_mode, imported"
    run = c.execute
    run(
        f"INSERT INTO sessions (id, {cols}) SELECT {mark}, {cols} FROM sessions WHERE id = {mark}",
        (old, new),
    )
    run(f"UPDATE messages SET session_id = {mark} WHERE session_id = {mark}", (old, new))
    run(f"DELETE FROM sessions WHERE id = {mark}", (new,))


def test_claude_code_session_named_after_its_file_before_is_renamed_not_copied(
    tmp_path: Path,
) -> None:
    """The upgrade of item 1 without the reviewer's leftover empty session: the old
    session is renamed to the session id (messages moved, nothing duplicated)."""
    copy = _shared_copy(tmp_path, "claude")
    md = _md(tmp_path)
    import_sessions(md, "claude-code", copy)
    new, old = f"claude-code:{CLAUDE_ID}", "claude-code:session-01"
    md.sessions.db.write(lambda c: _as_main_named_it(c, old, new, "?"))
    assert [s.id for s in md.sessions.list()] == [old]
    report = import_sessions(md, "claude-code", copy)
    assert [s.id for s in md.sessions.list()] == [new]
    assert len(md.sessions.messages(new)) == 2 and report.messages_added == 0


def test_claude_code_session_named_after_its_file_on_postgres_is_renamed(
    pg_url: str, tmp_path: Path
) -> None:
    import psycopg

    from memdir.interop.claude_code import transcripts
    from memdir.interop.transcripts._reading import Tally
    from memdir.pg.sessions import schema_name

    copy = _shared_copy(tmp_path, "claude")
    name = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "renamed")
    new, old = f"claude-code:{CLAUDE_ID}", "claude-code:session-01"
    with _pg_store(pg_url, "renamed") as store:
        store.import_sessions(transcripts.sessions(copy, Tally(None)))
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{name}"')
        _as_main_named_it(conn, old, new, "%s")
    with _pg_store(pg_url, "renamed") as store:
        assert len(store.messages(old)) == 2
        store.import_sessions(transcripts.sessions(copy, Tally(None)))
        assert len(store.messages(new)) == 2 and not store.messages(old)
