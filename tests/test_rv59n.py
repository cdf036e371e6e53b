"""An attacker's review of the team server's project keys and its start-up user (rv59n):
two repositories must never share a key, one repository must not get two."""

from __future__ import annotations

from pathlib import Path

import pytest

from memdir.core.errors import ValidationError
from memdir.pg.names import project_key, project_url


def test_idna_2008_hosts_keep_distinct_servers_apart(pg_url: str) -> None:
    """faß.de and fass.de are two registered domains (IDNA 2008, as git's curl resolves
    them): a grant on one must not open the other. IDNA 2003 folded ß to ss, so a
    hostile remote on fass.de read a project granted on faß.de (and ς/σ alike)."""
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    assert project_url("https://faß.de/acme/app") != project_url("https://fass.de/acme/app")
    assert project_url("https://ςa.gr/o/r") != project_url("https://σa.gr/o/r")
    db = PgDatabase(pg_url)
    try:
        users.add(db, "alice")
        users.grant(db, "alice", "https://faß.de/acme/app")
        assert users.is_granted(db, "alice", project_key("git@faß.de:acme/app.git"))
        assert not users.is_granted(db, "alice", project_key("https://fass.de/acme/app"))
    finally:
        db.close()


def test_an_idn_host_and_its_xn_form_are_one_project() -> None:
    """One repository, two spellings of its host (as typed, and the xn-- form git
    resolves): one key, or its user is locked out of their own project's grant."""
    assert project_url("https://faß.de/acme/app") == project_url("https://xn--fa-hia.de/acme/app")
    assert project_url("https://例え.テスト/张伟/应用") == "xn--r8jz45g.xn--zckzah/张伟/应用"
    assert project_url("https://ＧＩＴＨＵＢ.com/acme/app") == "github.com/acme/app"


def test_a_host_no_resolver_takes_is_refused_clearly() -> None:
    """An emoji host is no IDNA 2008 name: refused with the usual message, no traceback."""
    with pytest.raises(ValidationError, match="not a shared repository URL"):
        project_url("https://💩.la/acme/app")


def test_the_servers_own_user_name_cannot_be_added(pg_url: str) -> None:
    """`serve users add memdir-server` was taken: a token holder became the user the team
    server opens its own memdir as."""
    from memdir.pg import users
    from memdir.pg.db import PgDatabase
    from memdir.pg.names import SERVER_USER

    db = PgDatabase(pg_url)
    try:
        with pytest.raises(ValidationError, match=SERVER_USER):
            users.add(db, SERVER_USER)
        assert not users.exists(db, SERVER_USER)
    finally:
        db.close()


def test_users_ls_shows_a_right_to_left_key_in_its_own_order(pg_url: str, tmp_path: Path) -> None:
    import json
    import re

    from memdir.pg import users
    from memdir.pg.db import PgDatabase
    from test_team_users58 import _cli

    one, other = project_url("https://h.com/אב/גד"), project_url("https://h.com/גד/אב")
    assert one != other  # two projects: owner אב repo גד, and the reverse
    db = PgDatabase(pg_url)
    try:
        users.add(db, "dana")
        users.grant(db, "dana", one)
    finally:
        db.close()
    listed = _cli(tmp_path / "admin", pg_url, "serve", "users", "ls").stdout
    line = next(x for x in listed.splitlines() if x.startswith("dana"))
    assert "h.com" in line
    # two right-to-left letters with only neutral '/' between: the run is shown reversed
    assert re.search("[\u0590-\u08ff]/+[\u0590-\u08ff]", line) is None, line
    printed = line.split("\t")[-1]
    assert printed != one  # isolated for the terminal only
    db = PgDatabase(pg_url)
    try:
        assert list(users.listing(db)[0].projects) == [one]  # stored as it was
        users.add(db, "eli")
        pasted = _cli(tmp_path / "admin", pg_url, "serve", "users", "grant", "eli", printed)
        assert pasted.returncode == 0, pasted.stderr
        assert users.is_granted(db, "eli", one) and not users.is_granted(db, "eli", other)
        as_json = _cli(tmp_path / "admin", pg_url, "serve", "users", "ls", "--json").stdout
        assert [u["projects"] for u in json.loads(as_json)] == [[one], [one]], as_json
    finally:
        db.close()


def test_a_tool_argument_names_a_granted_project_as_users_ls_prints_it(
    pg_url: str, tmp_path: Path
) -> None:
    """A tool's ``project`` argument names a project by URL or ``host/owner/repo`` as the
    header does (docs/design/team-server.md); before, only a checkout folder on the
    server's disk, so its own error's advice ("name it by its repository URL") failed.
    A user not granted it who names it so still reads nothing of it."""
    from memdir.pg import users
    from memdir.pg.db import PgDatabase
    from test_walk58 import _env, _mcp
    from webserver import memdir_serving

    key = project_key("git@gitee.com:zhangwei/xiangmu.git")
    other = "https://gitee.com/lisi/other"
    add = {"action": "add", "scope": "project", "type": "project", "name": "部署目标"}
    add |= {"description": "上海机房", "body": "生产环境部署在阿里云上海区。", "project": key}
    db = PgDatabase(pg_url)
    try:
        token, intruder = users.add(db, "zhangwei"), users.add(db, "lisi")
        users.grant(db, "zhangwei", key)
        users.grant(db, "lisi", other)
    finally:
        db.close()
    (tmp_path / "server").mkdir()
    env = _env(tmp_path / "server", MEMDIR_DATABASE_URL=pg_url)
    with memdir_serving(env, tmp_path / "server") as (proc, base):
        added, found = _mcp(
            f"{base}/mcp",
            token,
            [("memory", add), ("memory_search", {"query": "部署", "project": "https://" + key})],
            project=key,
        )
        (elsewhere,) = _mcp(
            f"{base}/mcp", token, [("memory_search", {"query": "部署", "project": other})], key
        )
        (peeked,) = _mcp(
            f"{base}/mcp", intruder, [("memory_search", {"query": "部署", "project": key})], other
        )
        (alone,) = _mcp(
            f"{base}/mcp", intruder, [("memory_search", {"query": "部署", "project": key})], key
        )
        proc.terminate()
        proc.communicate(timeout=30)
    assert not added.startswith("ERROR"), added
    assert "部署目标" in found, found
    assert elsewhere.startswith("ERROR") and "works in" in elsewhere, elsewhere
    assert peeked.startswith("ERROR") and "works in" in peeked, peeked
    assert "部署目标" not in alone, alone


def test_a_dotless_hosts_key_as_users_ls_prints_it_names_its_project(pg_url: str) -> None:
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    key = project_url("git@gitserver:team/repo.git")
    assert key == "gitserver/team/repo"
    db = PgDatabase(pg_url)
    try:
        users.add(db, "alice")
        users.grant(db, "alice", "git@gitserver:team/repo.git")
        assert list(users.listing(db)[0].projects) == [key]  # what `users ls` prints
        users.grant(db, "alice", key)  # the admin copies it back
        assert project_key(key) == key
    finally:
        db.close()


@pytest.mark.parametrize(
    "path",
    ["./gitserver/team/repo", "../team/repo", "/srv/git/team/repo", "~/src/repo",
     "C:\\src\\team\\repo", "C:/src/team/repo", "d:repo", ".git/team/repo", "file:///srv/repo"],
)  # fmt: skip
def test_a_local_path_is_never_taken_for_a_dotless_key(path: str) -> None:
    """A key's host may have no dot (gitserver/team/repo), yet a local path, relative,
    absolute, a home's or a Windows drive's (which git reads as a path, not scp-style
    host:path), is still refused, never keyed as another project."""
    with pytest.raises(ValidationError, match="not a shared repository URL"):
        project_key(path)


def test_a_long_cjk_key_is_named_percent_encoded_as_the_client_sends_it() -> None:
    """A key within its 1000 characters whose percent-encoded form (9 characters a CJK
    letter, as the client sends X-Memdir-Project) is longer was refused "not a repository
    URL": the limit was on the text before decoding, so that project's own checkout could
    not push or pull, nor a forge's escaped remote name it."""
    from urllib.parse import quote

    key = project_url("https://gitee.com/张伟/" + "记" * 150)
    sent = quote("https://" + key, safe="/:@+~")  # as pg/remote.py sends it
    assert len(sent) > 1000
    assert project_key(sent) == key
    assert project_key(key) == key
    with pytest.raises(ValidationError, match="not a"):  # still bounded, by what it holds
        project_url("https://gitee.com/张伟/" + "%E8%AE%B0" * 1200)


def test_a_shown_key_is_isolated_only_when_right_to_left_and_names_its_project() -> None:
    """A key with no right-to-left letter prints as stored (byte-identical output); one
    with any has each segment isolated, and the printed text is the key again."""
    from memdir.pg.names import shown_key

    assert shown_key("github.com/acme/app") == "github.com/acme/app"
    for url in ("https://h.com/אב/גד", "https://git.example/فريق/مستودع-2", "https://h.com/x/שלום"):
        key = project_url(url)
        assert shown_key(key) != key and shown_key(key).count("\u2068") == key.count("/") + 1
        assert project_key(shown_key(key)) == key
        assert project_key("https://" + shown_key(key)) == key
