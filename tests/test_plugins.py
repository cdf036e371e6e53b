"""Plugins: fakes registered through the real hooks are used exactly like the built-ins."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from conftest import Clock
from memdir import hooks
from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.interop import ImportItem, Read, Rendered, bootstrap, import_memories
from memdir.interop.bootstrap import Found
from memdir.testing import ScriptedProvider, candidates_reply


class _Harness:
    """A harness whose memory is one text file per entry."""

    name = "notepad"

    def default_source(self, md: Any) -> Path:
        return Path.home() / ".notepad"

    def read(self, md: Any, source: Path) -> Read:
        items = [
            ImportItem("user", p.stem, p.read_text().strip(), p.read_text(), f"notepad:{p.name}")
            for p in sorted(source.glob("*.txt"))
        ]
        return Read(items)

    def default_target(self, md: Any) -> Path:
        return Path.home() / ".notepad"

    def render(self, md: Any, target: Path) -> Rendered:
        return Rendered()


class _Embedder:
    def __init__(self, model: str) -> None:
        self.name = f"letters:{model}"

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [[float(t.count(c)) for c in "aeiou"] for t in texts]


class Plugin:
    """What a third-party package would ship (found there through its entry point)."""

    provider = ScriptedProvider(
        lambda kind, user: (
            candidates_reply(
                {
                    "name": "Answer in haiku",
                    "description": "The user wants answers as haiku",
                    "body": "Answer in haiku.\n\n**Why:** they asked.\n**How to apply:** always.",
                    "evidence": [1],
                }
            )
            if kind == "extract"
            else '{"ops": [{"op": "add", "candidate": 0}]}'
        )
    )

    @hooks.hookimpl
    def register_providers(self, register: Callable[..., None]) -> None:
        register("scripted", lambda model, **_: self.provider, "scripted:NAME")

    @hooks.hookimpl
    def register_embedders(self, register: Callable[..., None]) -> None:
        register("letters", lambda model, base_url, api_key: _Embedder(model), "letters:<n>")

    @hooks.hookimpl
    def register_harnesses(self, register: Callable[..., None]) -> None:
        register("notepad", memory=_Harness())

    @hooks.hookimpl
    def register_bootstrap_sources(self, register: Callable[..., None]) -> None:
        def gather(md: Any, paths: Sequence[Path], g: bootstrap.Gathered, progress: Any) -> None:
            g.found.append(
                Found("sticky", "the fridge", "user", "Buy oat milk", "Oat milk", "Oat milk.")
            )

        register("sticky", "Sticky notes", gather)


@pytest.fixture
def plugin() -> Iterator[Plugin]:
    found = Plugin()
    hooks.manager().register(found, name="test-plugin")
    try:
        yield found
    finally:
        hooks.manager().unregister(name="test-plugin")


def _md(tmp_path: Path, clock: Clock, **env: str) -> Memdir:
    (tmp_path / "project").mkdir(exist_ok=True)
    environ = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "MEMDIR_BACKGROUND": "0", **env}
    return Memdir(
        load_settings(tmp_path / "home", tmp_path / "project", environ=environ), clock=clock
    )


def test_a_plugin_provider_runs_the_pipeline(plugin: Plugin, tmp_path: Path, clock: Clock) -> None:
    md = _md(tmp_path, clock, MEMDIR_LLM="scripted:any")
    assert md.provider is plugin.provider
    with md.session(agent="a") as s:
        s.log("user", "Please always answer me in haiku.")
    md.pipeline.run()
    assert [e.name for e in md.store("local").list()] == ["Answer in haiku"]
    assert "haiku" in plugin.provider.sent("extract")


def test_unknown_kinds_name_the_registered_ones(plugin: Plugin) -> None:
    from memdir.core.errors import EmbedError, ProviderError

    with pytest.raises(ProviderError, match="scripted:NAME"):
        hooks.make_provider("nope:x")
    with pytest.raises(EmbedError, match="letters:<n>"):
        hooks.make_embedder("nope:x", None, None)
    assert hooks.make_embedder("letters:5", None, None).embed(["aaa"]) == [[3, 0, 0, 0, 0]]


def test_a_plugin_harness_imports_and_the_cli_offers_it(
    plugin: Plugin, tmp_path: Path, clock: Clock
) -> None:
    from memdir.cli import cli
    from memdir.cli import interop as _commands  # noqa: F401  (registers the commands)

    source = tmp_path / "pad"
    source.mkdir()
    (source / "tabs.txt").write_text("I indent with tabs.")
    md = _md(tmp_path, clock)
    plan = import_memories(md, "notepad", source, apply=True)
    assert [e.name for e in md.store("local").list()] == ["tabs"]
    assert plan.by_action("add")
    param = next(p for p in cli.commands["import"].params if p.name == "harness")
    assert "notepad" in param.type.choices  # type: ignore[attr-defined]
    assert "notepad" not in [h for h in hooks.harnesses() if hooks.harnesses()[h].transcripts]


def test_a_plugin_bootstrap_source_is_proposed_under_its_title(
    plugin: Plugin, tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "empty-home"))
    found = bootstrap.propose(_md(tmp_path, clock))
    (mine,) = [p for p in found.proposals if p.kind == "sticky"]
    assert mine.name == "Buy oat milk"
    assert "## Sticky notes" in bootstrap.report_text(found)


def test_without_the_plugin_its_kinds_are_gone(tmp_path: Path, clock: Clock) -> None:
    assert "notepad" not in hooks.harnesses() and "scripted" not in hooks.providers()
    assert list(hooks.harnesses()) == ["claude-code", "codex", "hermes"]
    assert list(bootstrap.kinds()) == ["harness", "instructions", "git", "notes", "chat"]
