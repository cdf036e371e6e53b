"""rv56m: an attacker's review of mend56 (a session records the checkout it was logged in).

A transcript's ``cwd`` names any folder; the git files read under it (``.git``, HEAD, refs,
packed-refs, config and what it includes, commondir) may be a FIFO or a device, and must
neither block nor be read without bound."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from memdir.core.origins import remote_key
from test_origins import REMOTE, git, make_repo

MEMORY = 1 << 31  # address space the import may use: /dev/zero read whole would not fit


def _transcript(sid: str, cwd: str) -> str:
    rows = [
        {"type": "user", "uuid": f"{sid}-1", "parentUuid": None, "sessionId": sid, "cwd": cwd,
         "timestamp": "2026-12-01T10:00:00Z",
         "message": {"role": "user", "content": "Deploy billing to the kiwi cluster."}},
    ]  # fmt: skip
    return "".join(json.dumps(r) + "\n" for r in rows)


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _hostile(base: Path) -> dict[str, tuple[Path, tuple[str | None, str | None]]]:
    """Checkouts whose git files are FIFOs, /dev/zero or loops: each session's cwd and the
    checkout it must record (what can be read of it; nothing blocks)."""
    made: dict[str, tuple[Path, tuple[str | None, str | None]]] = {}
    base.mkdir()

    def plain(name: str, dotgit: object) -> None:
        folder = base / name
        folder.mkdir()
        if dotgit == "fifo":
            os.mkfifo(folder / ".git")
        else:
            (folder / ".git").symlink_to(str(dotgit))
        made[name] = (folder, (None, None))

    plain("dotgit-fifo", "fifo")
    plain("dotgit-zero", "/dev/zero")
    plain("dotgit-loop", base / "dotgit-loop" / ".git")

    def repo(name: str, file: str, how: str, *, head: str | None = None) -> None:
        folder = make_repo(base / name)
        sha = git("rev-parse", "HEAD", cwd=folder).strip()
        target = folder / ".git" / file
        if head is not None:
            (folder / ".git" / "HEAD").write_text(f"ref: {head}\n")
        target.unlink(missing_ok=True)
        if how == "fifo":
            os.mkfifo(target)
        else:
            target.symlink_to("/dev/zero")
        remote = None if file == "config" else remote_key(REMOTE)
        made[name] = (folder, (remote, None if file != "config" else sha))

    for how in ("fifo", "zero"):
        repo(f"head-{how}", "HEAD", how)
        repo(f"config-{how}", "config", how)
        repo(f"ref-{how}", "refs/heads/gone", how, head="refs/heads/gone")
        repo(f"packed-{how}", "packed-refs", how, head="refs/heads/gone")
    included = make_repo(base / "include-fifo")
    sha = git("rev-parse", "HEAD", cwd=included).strip()
    made["include-fifo"] = (included, (remote_key(REMOTE), sha))  # the include skipped
    os.mkfifo(base / "included")
    with (included / ".git" / "config").open("a") as f:
        f.write(f"[include]\n\tpath = {base / 'included'}\n")

    for how in ("fifo", "zero"):
        folder = base / f"commondir-{how}"
        (folder / "gd").mkdir(parents=True)
        (folder / ".git").write_text(f"gitdir: {folder / 'gd'}\n")
        if how == "fifo":
            os.mkfifo(folder / "gd" / "commondir")
        else:
            (folder / "gd" / "commondir").symlink_to("/dev/zero")
        made[folder.name] = (folder, (None, None))
    loop = make_repo(base / "ref-loop")
    (loop / ".git" / "HEAD").write_text("ref: refs/heads/a\n")
    (loop / ".git" / "refs" / "heads" / "a").write_text("ref: refs/heads/b\n")
    (loop / ".git" / "refs" / "heads" / "b").write_text("ref: refs/heads/a\n")
    made["ref-loop"] = (loop, (remote_key(REMOTE), None))
    return made


def test_import_sessions_never_blocks_on_a_cwds_fifo_or_device(tmp_path: Path) -> None:
    """`memdir import-sessions` of transcripts whose cwds are checkouts with a FIFO or
    /dev/zero as .git, HEAD, a ref, packed-refs, config, an included config or commondir
    (a ref loop, a .git symlink loop): the import ends, every session is imported, and
    each records what can be read of its checkout; memory stays bounded."""
    hostile = _hostile(tmp_path / "cwds")
    transcripts = tmp_path / "transcripts"
    transcripts.mkdir()
    for n, (folder, _) in enumerate(hostile.values()):
        (transcripts / f"s{n}.jsonl").write_text(_transcript(f"s{n}", str(folder)))
    home, project = tmp_path / "home", tmp_path / "project"
    project.mkdir()
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_BACKGROUND": "0", "NO_COLOR": "1"}
    env.pop("MEMDIR_DATABASE_URL", None)
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), "import-sessions", "claude-code",
         "--from", str(transcripts), "--search-only"],
        capture_output=True, text=True, env=env, timeout=60, preexec_fn=_bounded,
    )  # fmt: skip
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stdout + proc.stderr
    with sqlite3.connect(home / "state.db") as db:
        rows = {
            r[0]: (r[1], r[2])
            for r in db.execute("SELECT id, checkout_remote, checkout_commit FROM sessions")
        }
    expected = {f"claude-code:s{n}": want for n, (_, want) in enumerate(hostile.values())}
    assert rows == expected, {name: rows.get(f"claude-code:s{n}") for n, name in enumerate(hostile)}


@pytest.mark.parametrize(
    "url",
    [
        "https://bob:ghp_SECRET@git.example.test/acme/app.git",
        "https://bob:pa@SECRET@git.example.test/acme/app.git",  # an @ git's curl takes
        "https://bob:pa/SECRET@git.example.test/acme/app.git",
        "https://git.example.test/acme/app.git?private_token=SECRET",
        "https://git.example.test/acme/app.git#SECRET",
        "ssh://bob:SECRET@git.example.test:22/acme/app.git",
        "bob:SECRET@git.example.test:acme/app.git",
    ],
)
def test_no_credential_of_the_remote_is_recorded(tmp_path: Path, url: str) -> None:
    """The remote a session records (on the team server, for its users' sessions) has no
    user name, password or token: in the userinfo (with an @ or / in it) or the query."""
    from memdir.sessions.db import Database
    from memdir.sessions.log import SessionStore

    app = make_repo(tmp_path / "app", remote=url)
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("a", session_id="s", cwd=str(app))
    row = store.db.read(
        lambda c: c.execute("SELECT checkout_remote FROM sessions WHERE id = 's'").fetchone()
    )
    assert row[0] == "git.example.test/acme/app" and "SECRET" not in row[0]


def test_a_branch_named_in_any_letters_records_its_commit(tmp_path: Path) -> None:
    """HEAD on a branch with a non-ASCII name (loose, then packed) names its commit; a
    symbolic ref leaving the refs folder names none."""
    from memdir.sessions.checkouts import checkout_of

    app = make_repo(tmp_path / "app")
    head = git("rev-parse", "HEAD", cwd=app).strip()
    git("checkout", "-qb", "функция/ü", cwd=app)
    assert checkout_of(str(app)) == (remote_key(REMOTE), head)
    git("pack-refs", "--all", cwd=app)
    assert checkout_of(str(app)) == (remote_key(REMOTE), head)
    (tmp_path / "outside").write_text(head + "\n")
    (app / ".git" / "HEAD").write_text("ref: refs/../../../outside\n")
    assert checkout_of(str(app)) == (remote_key(REMOTE), None)
