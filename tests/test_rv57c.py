"""rv57c: attacks on mend57c (an imported transcript records its cwd's checkout only when
that checkout's reflog shows it there by the session's start, or the checkout a Codex
rollout names). Each real defect is a strict xfail with its severity; the rest pins what
was found sound."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from conftest import TEAM_PROJECT
from memdir.core.origins import remote_key
from test_mend57c import OLD, OTHER, SHA, _head, _import, _now, _rollout
from test_origins import REMOTE, git, make_repo
from test_rv56m import _memdir, _user


def _claude(path: Path, sid: str, cwd: Path, times: list[str | None]) -> None:
    """A Claude Code transcript of session ``sid`` in ``cwd``: one user line per entry of
    ``times`` (None: a line without ``timestamp``)."""
    lines = []
    for n, at in enumerate(times):
        said = {"role": "user", "content": f"Deploy billing to kiwi, step {n}."}
        line = {"type": "user", "uuid": f"{sid}-{n}", "parentUuid": None, "sessionId": sid,
                "cwd": str(cwd), "message": said}  # fmt: skip
        if at is not None:
            line["timestamp"] = at
        lines.append(line)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


# -- (a) wrong claims ---------------------------------------------------------------------------


def test_a_transcript_without_a_start_time_proves_no_checkout(tmp_path: Path) -> None:
    """Claude Code: the first user line lacks ``timestamp`` (a hand-made or converted
    transcript), the later lines say it was logged before this checkout was cloned. The
    start is unknown, so nothing shows the checkout was there: it must record none (the
    fallback to the file's mtime is the unsafe side of the reflog comparison)."""
    app = make_repo(tmp_path / "app")
    rolls = tmp_path / "transcripts"
    rolls.mkdir()
    _claude(rolls / "old.jsonl", "old", app, [None, OLD, OLD])
    assert _import(tmp_path, "claude-code", rolls) == {"claude-code:old": (None, None)}


def test_a_rollout_without_a_start_time_proves_no_checkout(tmp_path: Path) -> None:
    """mend57z, Codex: neither session_meta nor its lines carry a time (the start is the
    file's mtime, a guess): it records no checkout; the same rollout timed records it."""
    app = make_repo(tmp_path / "app")
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    for sid in ("timed", "untimed"):
        _rollout(rolls, sid, app, _now())
    (path,) = rolls.glob("*untimed.jsonl")
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    for line in lines:
        line.pop("timestamp")
        line["payload"].pop("timestamp", None)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert _import(tmp_path, "codex", rolls) == {
        "codex:timed": (remote_key(REMOTE), _head(app)),
        "codex:untimed": (None, None),
    }


def test_a_deleted_nested_repository_is_not_the_enclosing_checkout(tmp_path: Path) -> None:
    """The team's checkout was cloned first; a different repository cloned inside it
    (``vendor/lib``, a library read for reference) had a session, then was deleted. The
    transcript's cwd is gone: nothing shows the enclosing checkout was its checkout, so it
    must record none (claimable by `memdir sessions claim`), not the enclosing one."""
    app = make_repo(tmp_path / "app")
    nested = make_repo(app / "vendor" / "lib", remote=OTHER)
    rolls = tmp_path / "transcripts"
    rolls.mkdir()
    _claude(rolls / "lib.jsonl", "lib", nested, [_now()])
    shutil.rmtree(nested)
    assert _import(tmp_path, "claude-code", rolls) == {"claude-code:lib": (None, None)}


def test_what_the_reflog_proves_is_read_right(tmp_path: Path) -> None:
    """Sound: a linked worktree and a submodule are read by their own reflog; a first line
    with a non-UTC zone is its UNIX time; a future one (clock skew) proves nothing; a
    transcript stamped in another zone compares by its instant; an emptied reflog (`git
    reflog expire --expire=now --all`) proves nothing."""
    app = make_repo(tmp_path / "app")
    wt = tmp_path / "wt"
    git("worktree", "add", "-q", str(wt), "-b", "side", cwd=app)
    lib = make_repo(tmp_path / "lib", remote=OTHER)
    git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(lib), "sub", cwd=app)
    zoned = make_repo(tmp_path / "zoned")
    future = make_repo(tmp_path / "future")
    expired = make_repo(tmp_path / "expired")
    git("reflog", "expire", "--expire=now", "--all", cwd=expired)
    for repo, stamp in ((zoned, int(time.time()) - 3600), (future, int(time.time()) + 86400)):
        log = repo / ".git" / "logs" / "HEAD"
        old, new = log.read_text().split("\n")[0].split(" ")[:2]
        log.write_text(f"{old} {new} t <t@t> {stamp} +0530\tclone: from x\n")
    rolls = tmp_path / "transcripts"
    rolls.mkdir()
    now = _now()
    in_india = time.strftime("%Y-%m-%dT%H:%M:%S+05:30", time.gmtime(time.time() + 5.5 * 3600))
    cases = {"wt": wt, "sub": app / "sub", "zoned": zoned, "future": future, "expired": expired}
    for name, cwd in cases.items():
        _claude(rolls / f"{name}.jsonl", name, cwd, [in_india if name == "zoned" else now])
    sub_head = git("rev-parse", "HEAD", cwd=app / "sub")
    assert _import(tmp_path, "claude-code", rolls) == {
        "claude-code:wt": (remote_key(REMOTE), _head(wt)),
        "claude-code:sub": (remote_key(str(lib)), sub_head),  # its origin: the clone's source
        "claude-code:zoned": (remote_key(REMOTE), _head(zoned)),
        "claude-code:future": (None, None),
        "claude-code:expired": (None, None),
    }


# -- (c) hostile Codex `git` ---------------------------------------------------------------------


def test_a_malformed_url_in_a_rollout_keeps_no_credentials(tmp_path: Path) -> None:
    app = make_repo(tmp_path / "app")
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    now = _now()
    urls = [
        "https://bob:SECRET@git.example.test:abc/acme/old.git",
        "https://bob:SECRET?x@git.example.test/acme/old.git",
    ]
    for n, url in enumerate(urls):
        _rollout(rolls, f"bad{n}", app, now, {"repository_url": url, "commit_hash": SHA})
    found = _import(tmp_path, "codex", rolls)
    assert len(found) == 2 and not any("SECRET" in (r or "") for r, _ in found.values()), found


def _notify(env: dict[str, str], app: Path, sid: str) -> None:
    payload = {"type": "agent-turn-complete", "thread-id": sid, "cwd": str(app)}
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "hook", "codex-notify", json.dumps(payload)],
        capture_output=True, text=True, env=env, timeout=120, cwd=app,
    )  # fmt: skip
    assert proc.returncode == 0 and "unexpected" not in proc.stderr, proc.stdout + proc.stderr


# -- (d) the hooks' ledger ------------------------------------------------------------------------


def test_the_hooks_ledger_keeps_no_credentials(tmp_path: Path) -> None:
    """`memdir` as Codex's notify program (a real subprocess) follows the rollout of the
    turn; what memdir writes keeps no credential (the session row records the reduced
    remote; the ledger copies the raw URL)."""
    app = make_repo(tmp_path / "app")
    home, codex = tmp_path / "home", tmp_path / "codex"
    day = codex / "sessions" / "2026" / "12" / "07"
    day.mkdir(parents=True)
    sid = "0197a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6b"
    url = "https://bob:SECRET@git.example.test/acme/old.git"
    _rollout(day, sid, app, _now(), {"repository_url": url, "commit_hash": SHA})
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_BACKGROUND": "0", "NO_COLOR": "1"}
    env.pop("MEMDIR_DATABASE_URL", None)
    env["CODEX_HOME"] = str(codex)
    _notify(env, app, sid)
    with sqlite3.connect(home / "state.db") as db:
        rows = db.execute("SELECT checkout_remote FROM sessions").fetchall()
    assert rows == [("git.example.test/acme/old",)], rows  # the row: reduced
    written = [p for p in home.rglob("*.json") if "transcript-offsets" in p.name]
    assert written, sorted(str(p) for p in home.rglob("*"))
    assert all("SECRET" not in p.read_text() for p in written)


def test_codex_notify_checks_an_old_rollout_it_did_not_see_logged(tmp_path: Path) -> None:
    app = make_repo(tmp_path / "app")
    home, codex = tmp_path / "home", tmp_path / "codex"
    day = codex / "sessions" / "2026" / "12" / "07"
    day.mkdir(parents=True)
    live = "0197a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6b"
    old = "0197a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6c"
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_BACKGROUND": "0", "NO_COLOR": "1"}
    env.pop("MEMDIR_DATABASE_URL", None)
    env["CODEX_HOME"] = str(codex)
    _rollout(day, live, app, _now())
    _notify(env, app, live)
    _rollout(day, old, app, OLD)  # restored: begun before this checkout was cloned
    _notify(env, app, live)
    with sqlite3.connect(home / "state.db") as db:
        rows = dict(db.execute("SELECT id, checkout_remote FROM sessions").fetchall())
    assert rows == {f"codex:{live}": remote_key(REMOTE), f"codex:{old}": None}, rows


# -- (b) lost claims: what maintain says ----------------------------------------------------------


def test_maintain_says_why_an_imported_session_waits(tmp_path: Path, pg_url: str) -> None:
    """A team member's long-lived checkout whose reflog git expired: today's transcript
    stays path-keyed (the documented safe side); `sessions claim` still takes it; the
    notice must not say the session predates checkout records."""
    project = make_repo(tmp_path / "app", remote=TEAM_PROJECT)
    git("reflog", "expire", "--expire=now", "--all", cwd=project)
    alice = _user(tmp_path, pg_url, project, "alice")
    claude = tmp_path / "claude"
    claude.mkdir()
    _claude(claude / "today.jsonl", "today", project, [_now()])
    _memdir(alice, project, "import-sessions", "claude-code", "--from", str(claude))
    said = _memdir(alice, project, "maintain")
    notice = said.stdout + said.stderr
    assert "claude-code:today" in notice, notice
    claimed = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), "sessions", "claim", "--yes"],
        capture_output=True, text=True, env=alice, timeout=120,
    )  # fmt: skip
    assert claimed.returncode == 0 and "Claimed 1" in claimed.stdout, claimed.stdout
    assert "before sessions recorded their checkout" not in notice, notice
    assert "reflog" in notice and "memdir sessions claim" in notice, notice
    helped = subprocess.run(
        [sys.executable, "-m", "memdir", "sessions", "claim", "--help"],
        capture_output=True, text=True, env=alice, timeout=120,
    )  # fmt: skip
    assert "reflog" in " ".join(helped.stdout.split()), helped.stdout


def test_remote_key_drops_credentials_and_is_its_own_key() -> None:
    """mend57z: whatever fails to parse keeps no user name, password or query; a key
    reduces to itself (Codex's reader hands bulk the key, which reduces it again)."""
    urls = [
        "https://bob:SECRET@git.example.test:abc/acme/old.git",
        "https://bob:SE#CRET@git.example.test/acme/old.git",
        "https://host:abc/acme/old?token=SECRET",
        "https://[::1]:8080/acme/old.git",
        "git@github.com:acme/old.git",
    ]
    for url in urls:
        key = remote_key(url)
        assert "SECRET" not in key and "bob" not in key and remote_key(key) == key, key
    assert remote_key(urls[1]) == remote_key("git@git.example.test:acme/old")
