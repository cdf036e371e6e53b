"""Scope precedence as agents and people see it: shadowing, --explain, who may write
where, and turning memory off."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import memdir
from conftest import add
from memdir.core.config import load_settings
from memdir.core.errors import DisabledError, ReadOnlyScopeError
from memdir.engine import Memdir

pytestmark = pytest.mark.backends


def test_a_more_local_entry_with_the_same_name_shadows_and_is_recorded(md: Memdir) -> None:
    add(md.store("user"), "Package manager", body="Use npm.", type="project")
    add(md.store("local"), "package  MANAGER", body="Use pnpm here.")
    block = md.system_block()
    assert "[package MANAGER](feedback_package-manager.md)" in block
    assert "(project_package-manager.md)" not in block
    assert [e.body for _, e in md.entries()] == ["Use pnpm here."]
    notes = md.explain().notes
    assert [(n.scope, n.subject) for n in notes] == [("user", "project_package-manager")]
    assert "shadowed by the local entry feedback_package-manager" in notes[0].reason
    assert md.find("Package")[0] == "local"


def test_managed_scope_is_read_only(md: Memdir, tmp_path: Path) -> None:
    with pytest.raises(ReadOnlyScopeError, match="'managed'"):
        add(md.store("managed"), "Policy")
    result = md.session().call_tool(
        "memory",
        {
            "action": "add",
            "scope": "managed",
            "type": "user",
            "name": "n",
            "description": "d",
            "body": "b",
        },
    )
    assert not result["success"] and "'managed'" in result["error"]
    assert not (tmp_path / "managed").exists()


def test_tools_write_local_unless_a_scope_is_named_and_allowed(md: Memdir) -> None:
    session = md.session()
    entry = {
        "action": "add",
        "type": "user",
        "name": "Likes tea",
        "description": "tea",
        "body": "Tea, not coffee.",
    }
    assert session.call_tool("memory", entry)["results"][0]["id"] == "user_likes-tea"
    assert [e.name for e in md.store("local").list()] == ["Likes tea"]
    done = session.call_tool("memory", {**entry, "name": "Everywhere", "scope": "user"})
    assert done["success"] and done["usage"]["scope"] == "user"
    assert [e.name for e in md.store("user").list()] == ["Everywhere"]
    bad = session.call_tool("memory", {**entry, "scope": "team"})
    assert not bad["success"] and "team" in bad["error"]


def test_changing_another_scopes_entry_needs_its_scope_named(md: Memdir) -> None:
    add(md.store("user"), "Editor", body="Uses vim.")
    session = md.session()
    missing = session.call_tool(
        "memory", {"action": "replace", "target": "Editor", "body": "Uses helix."}
    )
    assert not missing["success"]
    assert (
        'feedback_editor is in the user scope, not local; send "scope": "user"' in missing["error"]
    )
    assert md.store("user").get("Editor").body == "Uses vim."
    done = session.call_tool(
        "memory", {"action": "replace", "target": "Editor", "body": "Uses helix.", "scope": "user"}
    )
    assert done["success"] and md.store("user").get("Editor").body == "Uses helix."


def test_config_can_forbid_tool_writes_to_user_and_project(
    home: Path, project: Path, tmp_path: Path
) -> None:
    home.mkdir()
    (home / "config.toml").write_text('agent_write_scopes = ["local"]\n')
    md = Memdir(load_settings(home, project, environ={}))
    result = md.session().call_tool(
        "memory",
        {
            "action": "add",
            "scope": "user",
            "type": "user",
            "name": "n",
            "description": "d",
            "body": "b",
        },
    )
    assert not result["success"]
    assert "'user' scope through a tool is not allowed here (allowed: local" in result["error"]
    assert not (home / "user").exists()
    add(md.store("user"), "A person may still write there")  # the library is the person's


@pytest.mark.parametrize("how", ["env", "config"])
def test_disabled_memory_loads_and_writes_nothing(how: str, tmp_path: Path, project: Path) -> None:
    home = tmp_path / "home"
    env: dict[str, str] = {}
    if how == "env":
        env["MEMDIR_DISABLE"] = "1"
    else:
        home.mkdir()
        (home / "config.toml").write_text("enabled = false\n")
    (project / "AGENTS.md").write_text("Instructions.\n")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    md = Memdir(load_settings(home, project, environ=env))
    assert not md.enabled and md.system_block() == "" and md.stores() == []
    with md.session() as session:
        assert session.system_block() == "" and session.tools() == []
        result = session.call_tool(
            "memory",
            {"action": "add", "type": "user", "name": "n", "description": "d", "body": "b"},
        )
        assert not result["success"] and "Memory is disabled" in result["error"]
        assert session.log("user", "remember that I like tea") == 0
        assert session.recall("tea") is None
    with pytest.raises(DisabledError, match="to turn memory on"):
        md.store("local")
    with pytest.raises(DisabledError):
        md.search("anything")
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_cli_says_memory_is_disabled_and_how_to_turn_it_on(tmp_path: Path, run) -> None:
    shown = run("context", extra_env={"MEMDIR_DISABLE": "1"})
    assert shown.returncode == 0 and shown.stdout == ""
    assert "Memory is disabled (MEMDIR_DISABLE is set in the environment; unset it" in shown.stderr
    added = run(
        "add",
        "--type",
        "user",
        "--name",
        "n",
        "--description",
        "d",
        "--body",
        "b",
        ok=False,
        extra_env={"MEMDIR_DISABLE": "1"},
    )
    assert added.returncode == 1 and "unset it to turn memory on" in added.stderr
    assert "Traceback" not in added.stderr and not (tmp_path / "home").exists()
    data = json.loads(run("context", "--json", extra_env={"MEMDIR_DISABLE": "1"}).stdout)
    assert data == {"enabled": False, "system_block": "", "reason": data["reason"]}


def test_explain_shows_a_project_rule_overriding_a_user_rule(
    tmp_path: Path, project: Path, run
) -> None:
    user_rule = tmp_path / "home" / "user" / "rules" / "testing.md"
    user_rule.parent.mkdir(parents=True)
    user_rule.write_text("Run pytest -x.\n")
    project_rule = project / ".memdir" / "rules" / "testing.md"
    project_rule.parent.mkdir(parents=True)
    project_rule.write_text("Run make test.\n")
    (project / "AGENTS.md").write_text("Top @docs/a.md\n")
    (project / "docs").mkdir()
    (project / "docs" / "a.md").write_text("included\n")
    out = run("context", "--explain")
    assert out.returncode == 0, out.stderr
    assert f"user     {user_rule}: overridden by the project rule {project_rule}" in out.stdout
    assert "project  rule" in out.stdout and "imported: AGENTS.md → docs/a.md" in out.stdout
    data = json.loads(run("context", "--explain", "--json").stdout)
    assert (
        sum(s["bytes"] for s in data["sections"])
        == data["bytes"]
        == len(data["system_block"].encode())
    )
    assert {
        "scope": "user",
        "subject": str(user_rule),
        "reason": f"overridden by the project rule {project_rule}",
    } in data["left_out"]
    block = run("context").stdout
    assert block == data["system_block"]
    assert block.index("Run make test.") > block.index("Top @docs/a.md\n")
    assert block.index("included\n") > block.index("Top @docs/a.md\n")


def test_open_with_a_path_loads_rules_for_it(tmp_path: Path, project: Path, run) -> None:
    rule = project / ".memdir" / "rules" / "web.md"
    rule.parent.mkdir(parents=True)
    rule.write_text("---\npaths: web/**\n---\nWeb rule.\n")
    assert "Web rule." not in run("context").stdout
    assert "Web rule." in run("context", "--path", "web/app.ts").stdout
    md = memdir.open(tmp_path / "home", project)
    assert "Web rule." in md.session(paths=["web/x.ts"]).system_block()


@pytest.mark.sqlite_only  # the state is in PostgreSQL on the team backend
def test_a_damaged_state_db_does_not_keep_memory_out_of_the_block(md: Memdir) -> None:
    add(md.store("local"), "Still here")
    md.state_path.write_bytes(b"this is not a database" * 100)
    fresh = Memdir(md.settings, clock=md.clock)
    assert "Still here" in fresh.system_block()
    assert any("usage decay skipped" in w for w in fresh.warnings)


def test_memdir_disable_does_not_even_read_a_broken_config(tmp_path: Path, run) -> None:
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "config.toml").write_text("this is = = not toml\n")
    shown = run("context", extra_env={"MEMDIR_DISABLE": "1"})
    assert shown.returncode == 0 and "Memory is disabled" in shown.stderr
    assert run("context", ok=False).returncode == 1  # enabled: the error shows
