"""walk55: a newcomer moving from Claude Code, Codex and Hermes to memdir, blind (README and
``--help`` only): imports and exports of every harness, bootstrap, history and review,
a plugin of their own, and bad input on the way. Each test reproduces one defect found:
a strict xfail while it is open, a plain test once mended."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import memdir
from usercli import cli as cli
from usercli import user_cli

# --- plugins: a package with an entry point in the `memdir` group ------------------------


def _plugin_site(tmp_path: Path, module: str, code: str) -> dict[str, str]:
    """A folder holding an installed plugin (its dist-info with an entry point in the
    ``memdir`` group, as ``pip install`` leaves it) and its module: the environment that
    puts it on a CLI run's path."""
    site = tmp_path / "site"
    info = site / f"{module}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[memdir]\n{module} = {module}\n")
    (site / f"{module}.py").write_text(code)
    return {"PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")])}


_BAD_HOOK = """
from memdir.hooks import hookimpl


@hookimpl
def register_providers(reg):  # pluggy refuses a hook argument the spec does not name
    reg("bad", lambda model, **_: None, "bad:MODEL")
"""


@pytest.mark.parametrize(
    "code", ["import not_installed_dependency_xyz\n", _BAD_HOOK], ids=["import", "hook"]
)
def test_a_plugin_that_cannot_be_loaded_is_named_and_left_out(
    tmp_path: Path, home: Path, project: Path, code: str
) -> None:
    env = _plugin_site(tmp_path, "memdir_walk55_broken", code)
    memories = tmp_path / "hermes" / "memories"
    memories.mkdir(parents=True)
    (memories / "MEMORY.md").write_text("Uses fish shell.")
    (tmp_path / "user-home").mkdir()
    run = user_cli(tmp_path, home, project, tmp_path / "user-home")
    imported = run("import", "hermes", "--from", str(memories), extra_env=env)
    assert imported.returncode == 0, imported.stderr  # no traceback (user_cli checks)
    assert "1 add" in imported.stdout
    assert "Warning: plugin 'memdir_walk55_broken'" in imported.stderr, imported.stderr
    bootstrapped = run("bootstrap", extra_env=env)
    assert bootstrapped.returncode == 0, bootstrapped.stderr
    with memdir.open(home, project).session(agent="walk55") as s:
        s.log("user", "We deploy on Tuesdays now, not Fridays.")
    unknown = run("maintain", extra_env={**env, "MEMDIR_LLM": "bad:x"})
    assert unknown.returncode == 1, unknown.stdout + unknown.stderr
    assert "not loaded: 'memdir_walk55_broken'" in unknown.stderr, unknown.stderr


_ECHO = """
import json
from memdir.hooks import hookimpl


class EchoProvider:  # the README's example: a provider that answers with its input
    def __init__(self, model):
        self.model = model

    def complete(self, system, user):
        return json.dumps({"candidates": []})


@hookimpl
def register_providers(register):
    register("echo", lambda model, api_key, base_url: EchoProvider(model), "echo:MODEL")
"""


def test_a_plugin_provider_without_memdirs_interface_is_a_clear_error(
    tmp_path: Path, home: Path, project: Path
) -> None:
    env = _plugin_site(tmp_path, "memdir_walk55_echo", _ECHO)
    with memdir.open(home, project).session(agent="walk55") as s:
        s.log("user", "We deploy on Tuesdays now, not Fridays.")
    (tmp_path / "user-home").mkdir()
    run = user_cli(tmp_path, home, project, tmp_path / "user-home")
    proc = run("maintain", extra_env={**env, "MEMDIR_LLM": "echo:any"})
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "echo" in proc.stdout + proc.stderr


# --- history ----------------------------------------------------------------------------


def test_show_at_head_n_without_scope_reads_the_scope_holding_the_entry(
    cli: Callable[..., Any],
) -> None:
    for tool, scope in (("pnpm", "local"), ("ruff", "local"), ("fish", "user")):
        added = cli(
            "add", "--type", "feedback", "--name", f"Use {tool}", "--scope", scope,
            "--description", tool, "--body", f"Use {tool}.",
        )  # fmt: skip
        assert added.returncode == 0, added.stderr  # two scopes with history
    shown = cli("show", "feedback_use-pnpm@HEAD~1")  # the local scope's, before the ruff add
    assert shown.returncode == 0, shown.stderr
    assert "Use pnpm." in shown.stdout and "(local scope)" in shown.stdout
    missing = cli("show", "feedback_no-such-entry@HEAD~1")
    assert missing.returncode == 1
    assert "--scope" in missing.stderr, missing.stderr  # not a dump of every entry
    assert "feedback_use-ruff" not in missing.stderr


def test_a_large_import_is_one_readable_line_in_the_log(
    cli: Callable[..., Any], tmp_path: Path, home: Path, project: Path
) -> None:
    folder = tmp_path / "claude-memory"
    folder.mkdir()
    for i in range(300):
        (folder / f"reference_fact{i}.md").write_text(
            f"---\nname: Fact number {i}\ndescription: fact {i}\ntype: reference\n---\n"
            f"Shard {i} lives in rack r{i % 40}.\n"
        )
    imported = cli("import", "claude-code", "--from", str(folder), "--apply")
    assert imported.returncode == 0, imported.stderr
    first = cli("log").stdout.splitlines()[0]
    assert len(first) < 500, len(first)
    assert "and 297 more (import)" in first, first
    (last,) = memdir.open(home, project).history.log(scope="local", limit=1)
    named = [ln for ln in last.commit.message.splitlines() if ln.startswith("add: ")]
    assert len(named) == 300  # the body still names every entry


# --- moving from Claude Code / Codex / Hermes -------------------------------------------


def _claude_memory(tmp_path: Path, name: str, text: str, index: str) -> Path:
    """A Claude Code memory folder: one topic file ``name`` and its MEMORY.md line."""
    folder = tmp_path / "claude-memory"
    folder.mkdir()
    (folder / name).write_text(text)
    (folder / "MEMORY.md").write_text(index)
    return folder


def test_claude_code_dry_run_names_the_kept_origin_session_id(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    folder = _claude_memory(
        tmp_path,
        "project_deploy.md",
        "---\nname: Deploy target\ndescription: staging is kiwi\ntype: project\n"
        "originSessionId: 3f1c2a10-aaaa-bbbb-cccc-0123456789ab\n---\nDeploy to kiwi.\n",
        "- [Deploy target](project_deploy.md) — staging is kiwi\n",
    )
    proc = cli("import", "claude-code", "--from", str(folder))
    assert proc.returncode == 0, proc.stderr
    assert "1 add" in proc.stdout
    assert "originSessionId" in proc.stdout + proc.stderr


def _codex_memories(tmp_path: Path) -> Path:
    folder = tmp_path / "codex" / "memories"
    folder.mkdir(parents=True)
    (folder / "memory_summary.md").write_text(
        "v1\n## User Profile\nThe user works on billing.\n\n## General Tips\n"
        "- Run `make lint` before pushing.\n"
    )
    (folder / "MEMORY.md").write_text(
        "# Task Group: flaky tests\nscope: billing\n\n## Task 1: rounding\n- Use Decimal.\n"
    )
    return folder


def test_reimporting_codex_after_export_does_not_claim_the_export_is_refused(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    folder = _codex_memories(tmp_path)
    assert cli("import", "codex", "--from", str(folder), "--apply").returncode == 0
    exported = cli("export", "codex", "--to", str(folder), "--apply")
    assert exported.returncode == 0, exported.stdout + exported.stderr
    again = cli("import", "codex", "--from", str(folder))
    assert again.returncode == 0, again.stderr
    assert "add " not in again.stdout  # the round trip adds nothing (this holds today)
    assert "will not replace" not in again.stdout + again.stderr


def test_import_from_a_file_says_it_is_not_a_folder(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    afile = tmp_path / "notes.txt"  # a file named MEMORY.md is read as Hermes's
    afile.write_text("Uses fish shell.")
    proc = cli("import", "hermes", "--from", str(afile))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "no such folder" not in proc.stderr
    assert "not a folder" in proc.stderr or "is a file" in proc.stderr, proc.stderr


@pytest.mark.parametrize("harness", ["hermes", "codex", "claude-code"])
def test_import_from_a_file_names_what_from_takes(
    cli: Callable[..., Any], tmp_path: Path, harness: str
) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("Uses fish shell.")
    proc = cli("import", harness, "--from", str(afile))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert f"{afile} is a file, not a folder" in proc.stderr, proc.stderr
    assert "--from takes" in proc.stderr and "MEMORY.md" in proc.stderr, proc.stderr


@pytest.mark.parametrize(
    ("harness", "name", "text"),
    [
        ("hermes", "USER.md", "Uses fish shell."),
        ("codex", "memory_summary.md", "v1\n## User Profile\nUses fish shell.\n"),
        ("claude-code", "MEMORY.md", "## Shell\nUses fish shell.\n"),
    ],
)
def test_import_from_a_harness_file_reads_it(
    cli: Callable[..., Any], tmp_path: Path, harness: str, name: str, text: str
) -> None:
    path = tmp_path / "mem" / name
    path.parent.mkdir()
    path.write_text(text)
    proc = cli("import", harness, "--from", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "1 add" in proc.stdout, proc.stdout


def test_a_mistyped_command_suggests_the_right_one(cli: Callable[..., Any]) -> None:
    proc = cli("improt", "claude-code")
    assert proc.returncode == 2
    assert "Did you mean 'import'?" in proc.stderr, proc.stderr


# --- skills carried to and from Hermes ---------------------------------------------------

BENCH_PYTHON = Path(__file__).resolve().parents[1] / ".venv-bench" / "bin" / "python"

_SKILL_VIEW = """
import json
from tools.skills_tool import skill_view
print(json.dumps(json.loads(skill_view("deploy"))))
"""


@pytest.mark.hermes
def test_a_hermes_skill_exported_back_is_one_skill_hermes_can_open(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    if not BENCH_PYTHON.exists():
        pytest.skip(f"no hermes-agent venv at {BENCH_PYTHON}")
    hermes = tmp_path / "hermes"
    (hermes / "memories").mkdir(parents=True)
    (hermes / "memories" / "MEMORY.md").write_text("Uses fish shell.")
    skill = hermes / "skills" / "devops" / "deploy" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: deploy\ndescription: Deploy billing\n---\n1. make deploy\n")
    extra = {"HERMES_HOME": str(hermes)}
    imported = cli("import", "hermes", "--apply", extra_env=extra)
    assert imported.returncode == 0, imported.stderr
    exported = cli("export", "hermes", "--apply", "--force", extra_env=extra)
    assert exported.returncode == 0, exported.stdout + exported.stderr
    env = {**os.environ, "HERMES_HOME": str(hermes), "HOME": str(tmp_path / "user-home")}
    ran = subprocess.run(
        [str(BENCH_PYTHON), "-c", _SKILL_VIEW], capture_output=True, text=True, env=env,
        timeout=180,
    )  # fmt: skip
    if ran.returncode != 0 and "No module named" in ran.stderr:
        pytest.skip("hermes-agent is not installed in .venv-bench")
    view = json.loads(ran.stdout.strip().splitlines()[-1])
    assert view.get("success"), view
    assert len(list((hermes / "skills").rglob("SKILL.md"))) == 1


def test_skills_edit_finds_the_scope_that_holds_the_skill(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    steps = tmp_path / "steps.md"
    steps.write_text("1. Bump.\n2. Tag.\n")
    added = cli("skills", "add", "release", str(steps), "--description", "Cut a release",
                "--scope", "user")  # fmt: skip
    assert added.returncode == 0, added.stderr
    steps.write_text("1. Bump.\n2. Tag.\n3. Push.\n")
    edited = cli("skills", "edit", "release", str(steps), "--description", "Cut a release")
    assert edited.returncode == 0, edited.stderr
    assert "to the user scope" in edited.stdout
    assert "3. Push." in cli("skills", "show", "release").stdout


def test_import_codex_notes_codexs_global_agents_md(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    codex = tmp_path / "user-home" / ".codex"
    (codex / "memories").mkdir(parents=True)
    (codex / "memories" / "memory_summary.md").write_text(
        "v1\n## User Profile\nWorks on billing.\n"
    )
    (codex / "AGENTS.md").write_text("Never push to main; open a PR.\n")
    proc = cli("import", "codex")
    assert proc.returncode == 0, proc.stderr
    assert "1 add" in proc.stdout
    assert str(codex / "AGENTS.md") in proc.stdout + proc.stderr


def test_review_finds_one_fact_held_in_the_user_and_the_local_scope(
    cli: Callable[..., Any],
) -> None:
    for scope, name in (("user", "Uses fish shell."), ("local", "Shell")):
        added = cli("add", "--type", "user", "--name", name, "--description", "fish",
                    "--body", "Uses fish shell.", "--scope", scope)  # fmt: skip
        assert added.returncode == 0, added.stderr
    assert cli("context").stdout.count("— fish") == 2  # the agent reads it twice
    review = cli("review")
    assert review.returncode == 0, review.stderr
    assert "Nothing to review" not in review.stdout, review.stdout
    proposals = json.loads(cli("review", "--json").stdout)
    merges = [p["id"] for p in proposals if str(p["id"]).startswith("merge-")]
    assert len(merges) == 1, proposals
    assert cli("review", "--apply", merges[0]).returncode == 0
    assert cli("context").stdout.count("— fish") == 1
    assert "Uses fish shell." in cli("show", "user_uses-fish-shell").stdout  # the user's


def test_review_keeps_a_local_entry_that_says_more_than_the_user_scope_copy(
    cli: Callable[..., Any],
) -> None:
    for scope, body in (("user", "Uses fish shell."), ("local", "Uses fish shell. Here: zsh.")):
        added = cli("add", "--type", "user", "--name", "Shell", "--description", "fish",
                    "--body", body, "--scope", scope)  # fmt: skip
        assert added.returncode == 0, added.stderr
    proposals = json.loads(cli("review", "--json").stdout)
    assert not [p for p in proposals if p["kind"] == "merge"], proposals  # zsh would be lost


def test_a_claude_code_topic_file_of_another_type_is_still_imported(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    folder = _claude_memory(
        tmp_path,
        "misc.md",
        "---\nname: Standup time\ndescription: daily standup\ntype: misc\n---\n"
        "Standup is at 9:30 Berlin time.\n",
        "- [Standup time](misc.md) — daily standup\n",
    )
    dry = cli("import", "claude-code", "--from", str(folder))
    assert "1 add" in dry.stdout and "'misc'" in dry.stdout + dry.stderr, dry.stdout
    proc = cli("import", "claude-code", "--from", str(folder), "--apply")
    assert proc.returncode == 0, proc.stderr
    assert "Standup time" in cli("ls").stdout
    out = tmp_path / "exported"
    out.mkdir()
    exported = cli("export", "claude-code", "--to", str(out), "--apply")
    assert exported.returncode == 0, exported.stdout + exported.stderr
    (topic,) = [f for f in out.glob("*.md") if f.name != "MEMORY.md"]
    assert "\ntype: misc\n" in topic.read_text()  # written back as it was


def test_reimporting_hermes_after_an_edited_skill_was_exported_changes_nothing(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    hermes = tmp_path / "hermes"
    (hermes / "memories").mkdir(parents=True)
    (hermes / "memories" / "MEMORY.md").write_text("Uses fish shell.")
    skill = hermes / "skills" / "devops" / "deploy" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: deploy\ndescription: Deploy billing\n---\n1. make deploy\n")
    extra = {"HERMES_HOME": str(hermes)}
    assert cli("import", "hermes", "--apply", extra_env=extra).returncode == 0
    steps = tmp_path / "steps.md"
    steps.write_text("1. make deploy\n2. post in #deploys\n")
    edited = cli("skills", "edit", "deploy", str(steps), "--description", "Deploy billing",
                 "--scope", "user")  # fmt: skip
    assert edited.returncode == 0, edited.stderr
    assert cli("export", "hermes", "--apply", "--force", extra_env=extra).returncode == 0
    assert cli("import", "hermes", "--apply", extra_env=extra).returncode == 0
    before = cli("log").stdout
    again = cli("import", "hermes", "--apply", extra_env=extra)
    assert again.returncode == 0, again.stderr
    assert cli("log").stdout == before  # a re-run writes nothing
    assert "#deploys" in cli("skills", "show", "deploy").stdout


def test_a_review_merge_of_near_identical_entries_keeps_the_sentence_once(
    cli: Callable[..., Any],
) -> None:
    for name, body in (
        ("Uses fish shell.", "Uses fish shell."),
        ("Login shell", "Uses fish shell"),
    ):
        added = cli("add", "--scope", "user", "--type", "user", "--name", name,
                    "--description", "fish", "--body", body)  # fmt: skip
        assert added.returncode == 0, added.stderr
    proposals = json.loads(cli("review", "--json").stdout)
    merges = [p for p in proposals if str(p["id"]).startswith("merge-")]
    assert len(merges) == 1, proposals
    assert cli("review", "--apply", merges[0]["id"]).returncode == 0
    # the newer is kept; added within one second, the two tie and either may be "newer"
    kept = cli("show", merges[0]["entries"][1].split(":", 1)[1]).stdout
    body = kept.split("\n---\n", 2)[2]  # (one name is the sentence itself)
    assert body.count("Uses fish shell") == 1, kept


def test_a_codex_task_group_of_a_missing_checkout_is_named_in_the_dry_run(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    gone = tmp_path / "deleted-project"
    folder = tmp_path / "codex-memories"
    folder.mkdir()
    (folder / "MEMORY.md").write_text(
        f"# Task Group: old deploys\nscope: old stuff\napplies_to: cwd={gone}; "
        "reuse_rule=checkout-specific\n\n## Task 1: x\n- make old-deploy\n"
    )
    proc = cli("import", "codex", "--from", str(folder))
    assert proc.returncode == 0, proc.stderr
    assert "1 add" in proc.stdout
    assert str(gone) in proc.stdout + proc.stderr, proc.stdout


def test_export_hermes_keeps_every_entry_hermes_itself_held(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    hermes = tmp_path / "hermes"
    (hermes / "memories").mkdir(parents=True)
    (hermes / "config.yaml").write_text("memory:\n  memory_char_limit: 900\n")
    own = [
        f"Fact {i}: the service s{i} runs in region eu-{i} with {i} replicas." for i in range(13)
    ]
    (hermes / "memories" / "MEMORY.md").write_text("\n§\n".join(own))
    extra = {"HERMES_HOME": str(hermes)}
    assert cli("import", "hermes", "--apply", extra_env=extra).returncode == 0
    added = cli("add", "--scope", "user", "--type", "reference", "--name", "Kiwi",
                "--description", "kiwi", "--body", "Staging is the kiwi cluster.")  # fmt: skip
    assert added.returncode == 0, added.stderr
    exported = cli("export", "hermes", "--apply", "--force", extra_env=extra)
    assert exported.returncode == 0, exported.stdout + exported.stderr
    written = (hermes / "memories" / "MEMORY.md").read_text()
    assert [fact for fact in own if fact not in written] == []
