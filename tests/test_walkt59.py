"""walkt59: a team in Shanghai, Tokyo and Seoul sets up the team server on PostgreSQL from
the README and ``--help`` only: user names a CJK team would choose, grants of Gitee and
self-hosted remotes, homes of Chinese, Japanese and Korean memories (full-width punctuation,
emoji, mixed scripts) pushed from one machine and pulled on another, natural questions
asked over MCP and on both backends. Every machine is a fresh ``HOME`` and a real git
checkout, every command a real subprocess. The tests that pass walk what worked; each
strict xfail reproduces one defect found ("severity: …" in its reason)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import Clock, team_env
from memdir.core.config import load_settings
from memdir.engine import Memdir
from test_walk58 import Machine, _env, _mcp, team_checkout
from webserver import memdir_serving

pytestmark = pytest.mark.slow

GITEE = "git@gitee.com:zhangwei/xiangmu.git"
#: (scope, type, name, description, body) as the Shanghai machine saves them
MEMORIES = [
    (
        "project",
        "project",
        "部署目标：上海机房",
        "生产环境部署在阿里云上海区（cn-shanghai）",
        "生产环境部署在阿里云上海区，使用 Kubernetes 集群。"
        "发布前必须通过灰度测试！🚀 负责人：张伟（Zhang Wei）。",
    ),
    (
        "project",
        "feedback",
        "テストの実行方法",
        "pytest は -q で実行する",
        "テストは必ず pytest -q で実行すること。unittest は使わない。\n"
        "詳細は「運用手順書」第３章。😅",
    ),
    (
        "project",
        "reference",
        "배포 일정",
        "매주 목요일 오후에 배포한다",
        "배포는 매주 목요일 오후 3시(서울 시간)에 진행합니다. "
        "긴급 수정은 김민준 님의 승인이 필요합니다.",
    ),
    (
        "user",
        "user",
        "我的角色",
        "后端开发工程师，负责数据库",
        "我是后端开发工程师，主要负责数据库迁移和性能优化。喜欢用 Go 和 Python。",
    ),
    (
        "local",
        "project",
        "本地调试：端口冲突",
        "本地 Redis 端口 6379 被占用，改用 6380",
        "本机的 Redis 默认端口６３７９被占用了，所以改用６３８０。混在：日本語と한국어。",
    ),
]
#: a natural question in each language and the entry it should find first
QUESTIONS = {
    "部署在哪里？": "部署目标：上海机房",
    "テストはどうやって実行しますか": "テストの実行方法",
    "배포는 언제 하나요?": "배포 일정",
    "Redis 端口": "本地调试：端口冲突",
    "６３７９": "本地调试：端口冲突",
}
#: those whose answer is in the project scope, which every user granted it reads
SHARED = ["部署在哪里？", "テストはどうやって実行しますか", "배포는 언제 하나요?"]


@pytest.fixture
def tokens(pg_url: str) -> dict[str, str]:
    """zhangwei and tanaka.hiroshi, both granted the Gitee project: their tokens."""
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    db = PgDatabase(pg_url)
    try:
        made = {name: users.add(db, name) for name in ("zhangwei", "tanaka.hiroshi")}
        for name in made:
            users.grant(db, name, GITEE)
    finally:
        db.close()
    return made


@pytest.fixture
def server(pg_url: str, tokens: dict[str, str], tmp_path: Path) -> Iterator[str]:
    """A real `memdir serve --database` on loopback: its base URL."""
    (tmp_path / "server").mkdir()
    env = _env(tmp_path / "server", MEMDIR_DATABASE_URL=pg_url)
    with memdir_serving(env, tmp_path / "server") as (proc, base):
        yield base
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err, err


def _saved(home: Path, checkout: Path) -> dict[str, str]:
    """Every entry file of a home and its checkout, by file name: name, description and body
    (the lines a person wrote; timestamps and source are the copy's own)."""
    found: dict[str, str] = {}
    for path in [*(home / ".memdir").rglob("*_*.md"), *(checkout / ".memdir").glob("*_*.md")]:
        if "archive" in path.parts:
            continue
        head, _, body = path.read_text(encoding="utf-8").partition("\n---\n")
        kept = [ln for ln in head.splitlines() if ln.startswith(("name:", "description:"))]
        found[path.name] = "\n".join([*kept, body])
    return found


def test_user_names_a_cjk_team_tries_are_refused_saying_ascii_a_z(
    pg_url: str, tmp_path: Path
) -> None:
    """Hangul, hanzi, kanji and full-width Latin are letters to the person typing them: the
    refusal says a-z (before: "use 1-63 letters, digits …", which 김민준 is)."""
    admin = Machine(tmp_path / "admin", team_checkout(tmp_path / "admin", GITEE))
    for name in ("김민준", "张伟", "田中", "ｚｈａｎｇ"):
        refused = admin.run("serve", "users", "add", name, MEMDIR_DATABASE_URL=pg_url)
        assert refused.returncode == 1 and "mdt_" not in refused.stdout
        assert "a-z" in refused.stderr and "ASCII" in refused.stderr, refused.stderr
    made = admin.run("serve", "users", "add", "Zhang.Wei", MEMDIR_DATABASE_URL=pg_url)
    assert made.returncode == 0 and "zhang.wei" in made.stderr


def test_a_cjk_home_pushed_and_pulled_on_another_machine_comes_back_as_written(
    server: str, tokens: dict[str, str], tmp_path: Path
) -> None:
    shanghai = Machine(tmp_path / "上海", team_checkout(tmp_path / "上海", GITEE))
    for scope, kind, name, description, body in MEMORIES:
        added = shanghai.run(
            "add", "--scope", scope, "--type", kind, "--name", name,
            "--description", description, "--body", body,
        )  # fmt: skip
        assert added.returncode == 0, added.stderr
    as_zhangwei = {"MEMDIR_TOKEN": tokens["zhangwei"], "MEMDIR_SERVER": server}
    pushed = shanghai.run("push", "--apply", **as_zhangwei)
    assert pushed.returncode == 0 and "5 add" in pushed.stdout, pushed.stdout + pushed.stderr

    # the same person's other machine: another clone form of the repository, a CJK path
    b_home = tmp_path / "机器B"
    other = Machine(b_home, team_checkout(b_home, "https://gitee.com/ZhangWei/xiangmu.git"))
    pulled = other.run("pull", "--apply", **as_zhangwei)
    assert pulled.returncode == 0 and "5 add" in pulled.stdout, pulled.stdout + pulled.stderr
    assert _saved(other.home, other.checkout) == _saved(shanghai.home, shanghai.checkout)
    assert len(_saved(other.home, other.checkout)) == len(MEMORIES)
    again = other.run("push", "--apply", **as_zhangwei)
    assert "add" not in again.stdout and "5 same" in again.stdout, again.stdout

    # Tokyo asks over MCP (the real SDK on loopback), naming the project by URL
    asked = _mcp(
        f"{server}/mcp",
        tokens["tanaka.hiroshi"],
        [("memory_search", {"query": q}) for q in SHARED],
        project="https://gitee.com/zhangwei/xiangmu",
    )
    for question, answer in zip(SHARED, asked, strict=True):
        results = json.loads(answer)["results"]
        assert results and results[0]["name"] == QUESTIONS[question], (question, answer)
    assert all("本地调试" not in a and "我的角色" not in a for a in asked)  # zhangwei's own


def _opened(root: Path, env: dict[str, str]) -> Memdir:
    base = {"MEMDIR_MANAGED_DIR": str(root / "managed"), "MEMDIR_BACKGROUND": "0", **env}
    return Memdir(load_settings(root / "home", root / "project", environ=base), clock=Clock())


@pytest.mark.parametrize("variant", ["as typed", "NFD", "half-width"])
def test_cjk_questions_find_the_same_entries_on_sqlite_and_postgresql(
    pg_url: str, tmp_path: Path, variant: str
) -> None:
    """The same memories, the same questions: the same answers in the same order."""
    import unicodedata

    def shaped(text: str) -> str:
        if variant == "NFD":  # Korean typed on a Mac
            return unicodedata.normalize("NFD", text)
        if variant == "half-width":
            return text.replace("テスト", "ﾃｽﾄ").replace("６３７９", "6379")
        return text

    for side in ("files", "pg"):
        (tmp_path / side / "project").mkdir(parents=True)
    files = _opened(tmp_path / "files", {})
    pg = _opened(tmp_path / "pg", team_env(pg_url, tmp_path / "pg" / "project"))
    try:
        for md in (files, pg):
            for _, kind, name, description, body in MEMORIES:
                md.store("project").add(
                    type=kind, name=shaped(name), description=shaped(description), body=body
                )
        for question, first in QUESTIONS.items():
            on_files = [h.entry.name for h in files.search(shaped(question))]
            on_pg = [h.entry.name for h in pg.search(shaped(question))]
            assert on_pg == on_files, question
            assert on_files and re.sub(r"\W", "", unicodedata.normalize("NFKC", on_files[0])) == (
                re.sub(r"\W", "", unicodedata.normalize("NFKC", shaped(first)))
            ), (question, on_files)
    finally:
        files.close()
        pg.close()


@pytest.mark.parametrize(
    "remote",
    [
        "ssh://git@git.example.jp:2222/開発/メモ.git",
        "https://gitlab.example.cn/研发部/记忆库.git",
        "https://gitlab.example.cn/%E7%A0%94%E5%8F%91%E9%83%A8/%E8%AE%B0%E5%BF%86%E5%BA%93.git",
    ],
)
def test_a_repository_whose_remote_path_is_cjk_can_be_granted_and_shared(
    pg_url: str, tmp_path: Path, remote: str
) -> None:
    admin = Machine(tmp_path / "admin", team_checkout(tmp_path / "admin", GITEE))
    assert (
        admin.run("serve", "users", "add", "zhangwei", MEMDIR_DATABASE_URL=pg_url).returncode == 0
    )
    granted = admin.run("serve", "users", "grant", "zhangwei", remote, MEMDIR_DATABASE_URL=pg_url)
    assert granted.returncode == 0, granted.stderr
    dev = Machine(tmp_path / "dev", team_checkout(tmp_path / "dev", remote))
    team = {"MEMDIR_DATABASE_URL": pg_url, "MEMDIR_USER": "zhangwei"}
    added = dev.run(
        "add", "--scope", "project", "--type", "project", "--name", "会議",
        "--description", "月曜の朝会", "--body", "毎週月曜日の朝会。", **team,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert "会議" in dev.run("ls", "--scope", "project", **team).stdout


CJK_REMOTE = "https://gitlab.example.cn/研发部/记忆库.git"


def test_a_cjk_project_is_pushed_pulled_and_asked_over_http_by_any_form_of_its_url(
    pg_url: str, server: str, tokens: dict[str, str], tmp_path: Path
) -> None:
    """Over the wire the key travels percent-encoded (X-Memdir-Project is ASCII): a push
    from the raw origin, a pull from its percent-encoded form, a question over MCP naming
    it as `users ls` prints it (percent-encoded), all one project."""
    from urllib.parse import quote

    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    db = PgDatabase(pg_url)
    try:
        for name in tokens:
            users.grant(db, name, CJK_REMOTE)
    finally:
        db.close()
    as_zhangwei = {"MEMDIR_TOKEN": tokens["zhangwei"], "MEMDIR_SERVER": server}
    shanghai = Machine(tmp_path / "上海", team_checkout(tmp_path / "上海", CJK_REMOTE))
    _, kind, name, description, body = MEMORIES[0]
    added = shanghai.run(
        "add", "--scope", "project", "--type", kind, "--name", name,
        "--description", description, "--body", body,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    pushed = shanghai.run("push", "--apply", **as_zhangwei)
    assert pushed.returncode == 0 and "1 add" in pushed.stdout, pushed.stdout + pushed.stderr
    encoded = "https://gitlab.example.cn/" + quote("研发部/记忆库.git")
    other = Machine(tmp_path / "机器B", team_checkout(tmp_path / "机器B", encoded))
    pulled = other.run("pull", "--apply", **as_zhangwei)
    assert pulled.returncode == 0 and "1 add" in pulled.stdout, pulled.stdout + pulled.stderr
    assert _saved(other.home, other.checkout) == _saved(shanghai.home, shanghai.checkout)
    listed = shanghai.run("serve", "users", "ls", MEMDIR_DATABASE_URL=pg_url)
    assert "gitlab.example.cn/研发部/记忆库" in listed.stdout, listed.stdout
    (answer,) = _mcp(
        f"{server}/mcp",
        tokens["tanaka.hiroshi"],
        [("memory_search", {"query": "部署在哪里？"})],
        project=quote("gitlab.example.cn/研发部/记忆库"),
    )
    assert not answer.startswith("ERROR"), answer
    assert json.loads(answer)["results"][0]["name"] == name


def test_a_members_org_write_is_refused_saying_it_takes_an_admin(
    pg_url: str, tokens: dict[str, str], tmp_path: Path
) -> None:
    """The README says admins write the org scope; a member's write or revert of it says it
    takes an admin (before: "it is read-only", as if nobody could)."""
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    db = PgDatabase(pg_url)
    try:
        users.add(db, "ops", admin=True)
    finally:
        db.close()
    tokyo = Machine(tmp_path / "東京", team_checkout(tmp_path / "東京", GITEE))
    rule = ["--type", "feedback", "--name", "全社ルール：機密情報", "--description", "顧客データ"]
    by_ops = tokyo.run(
        "add", "--scope", "managed", *rule, "--body", "顧客の個人情報を外部に送らない。",
        MEMDIR_DATABASE_URL=pg_url, MEMDIR_USER="ops",
    )  # fmt: skip
    assert by_ops.returncode == 0, by_ops.stderr
    as_member = {"MEMDIR_DATABASE_URL": pg_url, "MEMDIR_USER": "tanaka.hiroshi"}
    logged = tokyo.run("log", "--scope", "managed", "--json", **as_member)
    rev = json.loads(logged.stdout)[0]["rev"]
    for refused in (
        tokyo.run("add", "--scope", "managed", *rule, "--body", "別の内容", **as_member),
        tokyo.run("revert", rev, **as_member),
    ):
        assert refused.returncode == 1
        assert "admin" in refused.stderr, refused.stderr


def test_a_client_may_name_its_project_as_users_ls_prints_it(
    pg_url: str, server: str, tokens: dict[str, str], tmp_path: Path
) -> None:
    """`users ls` and the web page's links name a project ``host/owner/repo``; an admin who
    copies that into X-Memdir-Project gets the project (before: "not a shared repository
    URL … not a local path")."""
    shanghai = Machine(tmp_path / "上海", team_checkout(tmp_path / "上海", GITEE))
    _, kind, name, description, body = MEMORIES[2]
    added = shanghai.run(
        "add", "--scope", "project", "--type", kind, "--name", name,
        "--description", description, "--body", body,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    pushed = shanghai.run("push", "--apply", MEMDIR_TOKEN=tokens["zhangwei"], MEMDIR_SERVER=server)
    assert pushed.returncode == 0, pushed.stderr
    listed = shanghai.run("serve", "users", "ls", MEMDIR_DATABASE_URL=pg_url)
    assert "gitee.com/zhangwei/xiangmu" in listed.stdout
    (answer,) = _mcp(
        f"{server}/mcp",
        tokens["tanaka.hiroshi"],
        [("memory_search", {"query": "배포는 언제 하나요?"})],
        project="gitee.com/zhangwei/xiangmu",
    )
    assert not answer.startswith("ERROR"), answer
    assert json.loads(answer)["results"][0]["name"] == name


def test_a_cjk_login_name_is_refused_saying_it_is_the_login_name(
    pg_url: str, tokens: dict[str, str], tmp_path: Path
) -> None:
    """On a machine whose account is 张伟, MEMDIR_USER unset names the login name: the
    refusal says so and what to set (before: only "'张伟' is not a user name")."""
    seoul = Machine(tmp_path / "서울", team_checkout(tmp_path / "서울", GITEE))
    for login in ("张伟", "김민준"):
        refused = seoul.run("ls", MEMDIR_DATABASE_URL=pg_url, LOGNAME=login, USER=login)
        assert refused.returncode == 1 and login in refused.stderr
        assert "login name" in refused.stderr and "MEMDIR_USER" in refused.stderr, refused.stderr
    named = seoul.run("ls", MEMDIR_DATABASE_URL=pg_url, MEMDIR_USER="zhangwei", LOGNAME="张伟")
    assert named.returncode == 0, named.stderr


def test_the_team_server_starts_under_a_cjk_login_name(
    pg_url: str, tokens: dict[str, str], tmp_path: Path
) -> None:
    (tmp_path / "server").mkdir()
    env = _env(tmp_path / "server", MEMDIR_DATABASE_URL=pg_url, LOGNAME="张伟", USER="张伟")
    with memdir_serving(env, tmp_path / "server") as (_, base):
        (answer,) = _mcp(
            f"{base}/mcp", tokens["zhangwei"], [("memory_search", {"query": "部署"})], GITEE
        )
    assert not answer.startswith("ERROR"), answer
