"""Issue 17's `pull`/`push` leftovers (branch team50): a pull that leaves a conflict
exits 3, a dry-run pull writes nothing (a read-only home gets its report), and a push
stays below the body limit the server announces. Each test failed on main. Real
PostgreSQL, a real `memdir serve --database` on loopback, the real CLI."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import memdir
from memdir.web.security import read_body
from test_team_push_server import _files, _laptop, _run, _three
from test_team_push_server import team as team
from test_team_rvteam49 import _pulled_then_edited
from test_team_server import Team
from test_team_server import one_server as one_server
from webserver import serving

pytestmark = pytest.mark.slow


def _tree(home: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every path under ``home``: its mode, modification time and (a file) its bytes."""
    out: dict[str, tuple[int, int, bytes]] = {}
    for path in sorted(home.rglob("*")):
        st = path.lstat()
        data = path.read_bytes() if path.is_file() and not path.is_symlink() else b""
        out[str(path.relative_to(home))] = (st.st_mode, st.st_mtime_ns, data)
    return out


def test_a_pull_that_leaves_a_conflict_exits_3_after_writing_the_rest(
    team: Team, one_server: str, tmp_path: Path
) -> None:
    """A hand edit kept as a conflict, an untouched file updated: the pull writes the
    update and exits 3 (a dry run too, writing nothing), with --json too; once the
    conflict is settled the pull exits 0."""
    env, edited = _pulled_then_edited(team, tmp_path, one_server)
    alices = memdir.open(team.home, team.shared, database_url=team.url, user="alice")
    alices.store("user").add(type="user", name="Untouched", description="d", body="Two.")
    alices.close()
    untouched = edited.with_name("user_untouched.md")

    dry = _run(env, team.shared, "pull", ok=False)
    assert dry.returncode == 3, dry.stdout + dry.stderr
    assert "Would pull from the team server: 1 conflict, 1 add." in dry.stdout, dry.stdout
    assert not untouched.exists()
    applied = _run(env, team.shared, "pull", "--apply", ok=False)
    assert applied.returncode == 3, applied.stdout + applied.stderr
    assert "Pulled from the team server: 1 conflict, 1 add." in applied.stdout, applied.stdout
    assert "Two." in untouched.read_text()  # everything else written
    assert "My hand edit." in edited.read_text()
    got = _run(env, team.shared, "pull", "--apply", "--json", status=3)
    assert got["counts"] == {"conflict": 1, "same": 1}, got

    edited.unlink()  # the conflict's advice to take the server's copy
    assert _run(env, team.shared, "pull", "--apply", "--json")["counts"] == {"add": 1, "same": 1}
    assert _run(env, team.shared, "pull").returncode == 0  # clean: 0
    usage = _run(env, team.shared, "pull", "--help").stdout
    assert "Exit status: 0 when done, 3 when an entry was left as a conflict" in usage, usage


@contextmanager
def _read_only(home: Path) -> Iterator[None]:
    """``home`` and all in it not writable: mode bits off (root ignores them: then the
    immutable attribute, which root's writes meet too, or the test is skipped)."""
    if os.geteuid() != 0:
        subprocess.run(["chmod", "-R", "a-w", str(home)], check=True)
        try:
            yield
        finally:
            subprocess.run(["chmod", "-R", "u+w", str(home)], check=True)
        return
    if shutil.which("chattr") is None:
        pytest.skip("running as root, which ignores permissions, and no chattr")
    made = subprocess.run(["chattr", "-R", "+i", str(home)], capture_output=True)
    try:
        if made.returncode != 0:
            pytest.skip(f"running as root, and chattr +i fails here: {made.stderr!r}")
        yield
    finally:
        subprocess.run(["chattr", "-R", "-i", str(home)], capture_output=True)


def test_a_dry_run_pull_needs_no_write_and_an_apply_stops_before_any(
    team: Team, one_server: str, tmp_path: Path
) -> None:
    """A home that cannot be written: a dry-run pull gives its report and touches
    nothing (no lock file, no ledger, no folder); an applied one is one clear error
    before any write, never a traceback."""
    env = _laptop(team, tmp_path, "laptop", "alice", one_server)
    alices = memdir.open(team.home, team.shared, database_url=team.url, user="alice")
    alices.store("user").add(type="user", name="Pulled", description="d", body="One.")
    assert _run(env, team.shared, "pull", "--apply", "--json")["counts"] == {"add": 1}
    alices.store("user").replace("Pulled", body="One, changed.")
    alices.store("user").add(type="user", name="New", description="d", body="Two.")
    alices.close()
    home = tmp_path / "laptop"
    before = _tree(home)
    with _read_only(home):
        dry = _run(env, team.shared, "pull", "--json")
        assert dry["counts"] == {"update": 1, "add": 1} and not dry["applied"], dry
        refused = _run(env, team.shared, "pull", "--apply", ok=False)
        assert refused.returncode == 1, refused.stdout + refused.stderr
        assert refused.stderr.startswith("Error: Could not write"), refused.stderr
        assert str(home / "pulled.json") in refused.stderr, refused.stderr
        assert _tree(home) == before
    got = _run(env, team.shared, "pull", "--apply", "--json")  # writable again: all of it
    assert got["counts"] == {"update": 1, "add": 1}, got


def test_a_ledger_record_of_the_wrong_type_stops_the_pull_before_any_write(
    team: Team, one_server: str, tmp_path: Path
) -> None:
    """A number where pulled.json holds a digest: one error naming the file and the
    way out, as for a ledger that is not JSON, and the hand edit it guarded stays."""
    env, edited = _pulled_then_edited(team, tmp_path, one_server)
    ledger = tmp_path / "laptop" / "pulled.json"
    records = json.loads(ledger.read_text())
    records["files"] = {k: 5 for k in records["files"]}
    ledger.write_text(json.dumps(records))
    before = _tree(tmp_path / "laptop")
    for args in ((), ("--apply",)):
        refused = _run(env, team.shared, "pull", *args, ok=False)
        assert refused.returncode == 1, refused.stdout + refused.stderr
        assert refused.stderr.startswith(f"Error: {ledger}: the record"), refused.stderr
        assert "move it aside" in refused.stderr, refused.stderr
    assert _tree(tmp_path / "laptop") == before
    assert "My hand edit." in edited.read_text()


def test_a_batch_over_the_servers_limit_is_split_and_all_of_it_arrives(
    team: Team, tmp_path: Path
) -> None:
    """A server taking 20 KB a request, three entries of 8 KB: one default batch (512
    KiB, 200 entries) was refused; the server announces its limit on every answer and
    the client sends batches below it."""
    proc, url = team.serve("--max-body", "20000")
    try:
        _three(team, tmp_path, (8000, 8000, 8000)).close()
        env = _laptop(team, tmp_path, "laptop", "alice", url)
        assert _run(env, team.shared, "push", "--apply", "--json")["counts"] == {"add": 3}
        names = {f[1] for f in _files(team.url) if f[0].startswith("user:")}
        assert {"user_note-0.md", "user_note-1.md", "user_note-2.md"} <= names, names
        assert _run(env, team.shared, "push", "--apply", "--json")["counts"] == {"same": 3}
        base = url.removesuffix("/mcp")
        request = urllib.request.Request(base + "/api/entries")  # no token: a 403 without
        with pytest.raises(urllib.error.HTTPError) as refused:  # it (mend50t: told only
            urllib.request.urlopen(request, timeout=60)  # to a caller with a good token)
        assert refused.value.code == 403, refused.value
        assert "X-Memdir-Max-Body" not in refused.value.headers, refused.value.headers
        token = {"Authorization": f"Bearer {team.tokens['alice']}"}
        request = urllib.request.Request(base + "/api/entries", headers=token)
        with urllib.request.urlopen(request, timeout=60) as answer:
            assert answer.headers["X-Memdir-Max-Body"] == "20000", answer.headers
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


class _Older:
    """The team server at ``base`` as a server before the announcement answers: each
    request passed on, each answer passed back without X-Memdir-Max-Body."""

    def __init__(self, base: str) -> None:
        self.base = base

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        import anyio

        if scope["type"] != "http":
            return
        _, _, body = await read_body(receive, 1 << 30)
        headers = {
            k.decode(): v.decode()
            for k, v in scope["headers"]
            if k.lower() in (b"authorization", b"content-type", b"x-memdir-project")
            or k.lower().startswith(b"x-memdir-")
        }
        request = urllib.request.Request(
            self.base + scope["path"], body or None, headers, method=scope["method"]
        )

        def forward() -> tuple[int, list[tuple[str, str]], bytes]:
            try:
                with urllib.request.urlopen(request, timeout=60) as answer:
                    return answer.status, list(answer.headers.items()), answer.read()
            except urllib.error.HTTPError as exc:
                return exc.code, list(exc.headers.items()), exc.read()

        status, got, data = await anyio.to_thread.run_sync(forward)
        kept = [
            (k.lower().encode(), v.encode())
            for k, v in got
            if k.lower() in ("content-type", "content-length")
        ]
        assert all(k != b"x-memdir-max-body" for k, _ in kept)
        await send({"type": "http.response.start", "status": status, "headers": kept})
        await send({"type": "http.response.body", "body": data})


def test_a_server_that_announces_no_limit_gets_the_batches_as_before(
    team: Team, tmp_path: Path
) -> None:
    """Before the announcement, a push met the server's --max-body unwarned: the same
    batches (512 KiB) and the same refusal, no re-run promised; a push that fits goes."""
    proc, url = team.serve("--max-body", "20000")
    try:
        with serving(_Older(url.removesuffix("/mcp"))) as older:
            _three(team, tmp_path, (8000, 8000, 8000)).close()
            env = _laptop(team, tmp_path, "laptop", "alice", older)
            refused = _run(env, team.shared, "push", "--apply", ok=False)
            assert "answered HTTP 413: request body over 20,000 bytes" in refused.stderr
            assert not [f for f in _files(team.url) if f[0].startswith("user:")]
            small = _laptop(team, tmp_path, "small", "alice", older)
            _three(team, tmp_path / "s", (100, 100, 100)).close()
            small["MEMDIR_HOME"] = str(tmp_path / "s" / "laptop")
            assert _run(small, team.shared, "push", "--apply", "--json")["counts"] == {"add": 3}
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
