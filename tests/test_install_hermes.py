"""`memdir install hermes`: the plugin files and the one line of config.yaml, in and out.

What Hermes itself does with the plugin is tests/test_hermes_plugin.py (bench venv)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import example, given
from hypothesis import strategies as st

from memdir.cli import cli
from memdir.cli import install as _install_command  # noqa: F401  (registers it)
from memdir.core.errors import MemdirError
from memdir.interop import install
from memdir.interop.install import hermes as hermes_install

REAL = Path(__file__).parent / "fixtures" / "harness_configs"
CONFIG = REAL / "channingwalton__dotfiles" / "hermes-config.yaml"


def invoke(home: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--home", str(home), *args])
    return result.exit_code, result.output


def test_install_activate_uninstall_round_trip(tmp_path: Path) -> None:
    hermes = tmp_path / "hermes"
    hermes.mkdir()
    shutil.copy(CONFIG, hermes / "config.yaml")
    home = tmp_path / "memdir"
    code, out = invoke(home, "install", "hermes", "--hermes-home", str(hermes), "--activate")
    assert code == 1 and "Aborted" in out  # asked, and no answer is no
    assert not (hermes / "plugins").exists()

    code, out = invoke(
        home, "install", "hermes", "--hermes-home", str(hermes), "--activate", "--yes"
    )
    assert code == 0, out
    assert "+  provider: memdir" in out and '-  provider: ""' in out  # the diff was shown
    before = yaml.safe_load(CONFIG.read_text())
    after = yaml.safe_load((hermes / "config.yaml").read_text())
    before["memory"]["provider"] = "memdir"
    assert after == before  # one value changed, nothing else
    plugin = (hermes / "plugins" / "memdir" / "__init__.py").read_text()
    assert "MemoryProvider" in plugin and str(home) in plugin
    backups = list(hermes.glob("config.yaml.memdir-backup-*"))
    assert [b.read_bytes() for b in backups] == [CONFIG.read_bytes()]

    code, out = invoke(
        home, "install", "hermes", "--hermes-home", str(hermes), "--activate", "--yes"
    )
    assert code == 0 and "nothing to change" in out  # idempotent, no second backup
    assert len(list(hermes.glob("config.yaml.memdir-backup-*"))) == 1

    code, out = invoke(home, "uninstall", "hermes", "--hermes-home", str(hermes), "--yes")
    assert code == 0, out
    assert (hermes / "config.yaml").read_bytes() == CONFIG.read_bytes()
    assert not (hermes / "plugins" / "memdir").exists()
    assert json.loads((home / "installs.json").read_text())["files"] == {}


def test_config_edited_after_install_keeps_the_edit(tmp_path: Path) -> None:
    hermes = tmp_path / "hermes"
    hermes.mkdir()
    shutil.copy(CONFIG, hermes / "config.yaml")
    home = tmp_path / "memdir"
    install.apply(install.plan_install("hermes", home, hermes_home=hermes, activate=True))
    config = hermes / "config.yaml"
    config.write_text(config.read_text().replace("max_turns: 90", "max_turns: 120"))
    install.apply(install.plan_uninstall("hermes", home, hermes_home=hermes, activate=True))
    text = config.read_text()
    assert text == CONFIG.read_text().replace("max_turns: 90", "max_turns: 120")


@pytest.mark.parametrize(
    ("text", "added"),
    [
        (None, "memory:\n  provider: memdir\n"),
        ("model:\n  default: x\n", "model:\n  default: x\nmemory:\n  provider: memdir\n"),
        (
            "memory:  # mine\n    memory_enabled: true\n# tail\n",
            "memory:  # mine\n    provider: memdir\n    memory_enabled: true\n# tail\n",
        ),
        (
            "memory:\n  provider: honcho  # was\n  nudge_interval: 3\n",
            "memory:\n  provider: memdir  # was\n  nudge_interval: 3\n",  # the comment stays
        ),
    ],
)
def test_config_shapes(tmp_path: Path, text: str | None, added: str) -> None:
    hermes = tmp_path / "hermes"
    hermes.mkdir()
    config = hermes / "config.yaml"
    if text is not None:
        config.write_text(text)
    home = tmp_path / "memdir"
    install.apply(install.plan_install("hermes", home, hermes_home=hermes, activate=True))
    assert config.read_text() == added
    # edited since (a comment added at the end): the surgical path, not the backup
    config.write_text(config.read_text() + "# later\n")
    install.apply(install.plan_uninstall("hermes", home, hermes_home=hermes, activate=True))
    assert config.read_text() == (text or "") + "# later\n"


def test_refuses_what_it_cannot_edit_exactly(tmp_path: Path) -> None:
    hermes = tmp_path / "hermes"
    (hermes / "plugins" / "memdir").mkdir(parents=True)
    (hermes / "config.yaml").write_text("memory: {provider: honcho}\n")
    home = tmp_path / "memdir"
    with pytest.raises(MemdirError, match=r"hermes config set memory\.provider memdir"):
        install.plan_install("hermes", home, hermes_home=hermes, activate=True)
    (hermes / "plugins" / "memdir" / "__init__.py").write_text("# someone else's plugin\n")
    with pytest.raises(MemdirError, match="not written by memdir"):
        install.plan_install("hermes", home, hermes_home=hermes)
    (hermes / "config.yaml").write_text("memory: [unclosed\n")
    code, out = invoke(
        home, "install", "hermes", "--hermes-home", str(hermes), "--activate", "--yes"
    )
    assert code == 1 and "Error:" in out and "Traceback" not in out


def test_options_of_other_harnesses_are_refused(tmp_path: Path) -> None:
    code, out = invoke(tmp_path, "install", "hermes", "--settings", str(tmp_path / "s.json"))
    assert code == 2 and "--settings is not an option of hermes" in out


_PIECES = ["memory:", "\n", "  ", "provider: x", "provider: memdir", "#", "a: 1", ":", "{", "'"]


@given(st.lists(st.sampled_from(_PIECES)).map("".join))
@example("memory:\n  provider: memdir")
def test_any_config_text_is_edited_exactly_or_refused(text: str) -> None:
    """Install then uninstall gives the text back, byte for byte; a config that named
    memdir already gets Hermes's default instead (uninstall removes the plugin it names)."""
    target = hermes_install._Config(Path("/nonexistent/config.yaml"))
    state: dict[str, object] = {}
    try:
        added = target.add(text, state)
    except MemdirError:
        return
    assert added is not None
    assert (yaml.safe_load(added) or {})["memory"]["provider"] == "memdir"
    removed = target.remove(added, state)
    if added == text:  # it named memdir before: only that value changes
        kept = target.remove(added, {"previous": "  provider: memdir\n"})  # an earlier build's
        assert kept == removed
        assert removed is not None
        expected = yaml.safe_load(text)
        expected["memory"]["provider"] = ""
        assert yaml.safe_load(removed) == expected
        assert removed.replace("provider: ''", "provider: memdir", 1) == text
    else:
        assert removed == text or (removed is None and not text.strip())


def test_the_provider_logs_a_turn_whose_tool_calls_a_model_malformed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tool calls come from a model: a call that is not an object, or whose function is
    text, is skipped or kept empty, and the rest of the turn is logged (not retried and
    lost every turn)."""
    import memdir
    from memdir.interop.install.hermes_provider import MemdirProvider

    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.setenv("TERMINAL_CWD", str(project))
    provider = MemdirProvider(tmp_path / "home")
    provider.initialize("s1", agent_context="primary", platform="cli")
    calls = [
        "junk",
        {"id": "c1", "function": "not an object"},
        {"id": "c2", "function": {"name": "terminal", "arguments": '{"command": "ls"}'}},
    ]
    messages = [
        {"role": "user", "content": "list the folder"},
        {"role": "assistant", "content": "", "tool_calls": calls},
        {"role": "tool", "tool_call_id": "c2", "content": "README.md"},
        {"role": "assistant", "content": "One file."},
    ]
    provider.sync_turn("list the folder", "One file.", session_id="s1", messages=messages)
    provider.shutdown()
    logged = memdir.open(tmp_path / "home", project).sessions.messages("hermes:s1")
    assert [m.role for m in logged] == ["user", "assistant", "tool", "assistant"]
    assert logged[1].tool_calls[1] == {"id": "c2", "name": "terminal", "input": {"command": "ls"}}
    assert logged[2].tool_name == "terminal"
