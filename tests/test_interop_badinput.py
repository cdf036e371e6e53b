"""Other tools' files with bad input (issue 16): a clear error or the documented result,
the file on disk unchanged; never a traceback, a hang or unbounded memory. Each reader is
driven from the entry point the CLI calls. docs/design/interop.md."""

from __future__ import annotations

import os
import signal
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from memdir.core.codex_docs import _codex_docs
from memdir.core.config import load_settings
from memdir.core.errors import MemdirError, ParseError
from memdir.core.frontmatter import parse_entry, read_frontmatter
from memdir.engine import Memdir
from memdir.interop import import_memories, install
from memdir.interop.bootstrap.chats import iter_chat_export
from memdir.interop.claude_code.memory import memory_folder
from memdir.interop.hermes.memory import limits
from memdir.interop.install.claude_code_hook import answer
from memdir.interop.install.codex_notify import notify

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)
DEEP = 5_000
#: YAML that broke a reader on main: a bad explicit tag, an int past Python's digit limit,
#: a base-60 int whose value takes quadratic time, a base-60 float past a float, aliases
YAML_HOLES = {
    "bad int tag": "memory:\n  memory_char_limit: !!int _\n",
    "bad timestamp tag": "x: !!timestamp y\nmemory:\n  provider: honcho\n",
    "5,000-digit int": "memory:\n  memory_char_limit: " + "1" * 5_000 + "\n",
    "base-60 int": "memory:\n  memory_char_limit: 1" + ":0" * 3_000 + "\n",
    "base-60 float": "memory:\n  memory_char_limit: 1" + ":0" * 200 + ".5\n",
    "alias bomb": BOMB + "memory:\n  provider: honcho\n",
    "recursive alias": "a: &a [*a]\nmemory:\n  provider: honcho\n",
    "deep nesting": "memory:\n  provider: honcho\nx: " + "[" * DEEP + "]" * DEEP + "\n",
}
_YAML_PIECES = [
    "memory:",
    "\n",
    "  ",
    "memory_char_limit: ",
    "provider: ",
    "- ",
    ": ",
    "!!int _",
    "!!timestamp y",
    "!!float x",
    "!!bool maybe",
    "!!binary ~",
    "1" * 5_000,
    "1" + ":0" * 3_000,
    "1" + ":0" * 200 + ".5",
    ".inf",
    "1e400",
    "&a [1, 2]",
    "*a",
    "<<: *a",
    "[" * 50,
    "]",
    "{",
    "}",
    "'",
    '"',
    "#",
    "---",
    "2026-13-45",
    "9" * 400,
]
_TOML_PIECES = [
    "[mcp_servers]",
    "[mcp_servers.memdir]",
    "\n",
    "x = ",
    "notify = ",
    "project_doc_max_bytes = ",
    "project_doc_fallback_filenames = ",
    "1" * 5_000,
    "[" * 400,
    "]",
    "{a = ",
    "}",
    "inf",
    "1e400",
    "9999-99-99",
    "1979-05-27T07:32:00Z",
    '"',
    "'''",
    "=",
]
_JSON_PIECES = ["[" * 400, "{", "}", "]", '"a":', ",", "1" * 5_000, "1e400", "NaN", '"\\ud800"']
_JSON_PIECES += ['"hooks":', '"autoMemoryDirectory":', ":", "null", "[" * DEEP]


def _texts(pieces: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=12).map("".join) | st.text(max_size=60)


@contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


@contextmanager
def _quick(seconds: float = 5.0) -> Iterator[None]:
    """CPU time, not a wall clock: the machine is shared."""
    started = time.process_time()
    yield
    assert time.process_time() - started < seconds


# -- Hermes's config.yaml: the export's limits and `memdir install hermes --activate` ------


def _hermes_limits(text: str) -> tuple[dict[str, int], list[str]]:
    with _folder() as folder, _quick():
        (folder / "memories").mkdir()
        (folder / "config.yaml").write_bytes(text.encode())
        found, notes = limits(folder / "memories")
        assert (folder / "config.yaml").read_bytes() == text.encode()
    assert set(found) == {"MEMORY.md", "USER.md"}
    assert all(0 < v <= 2**53 for v in found.values())  # export budgets them as floats
    return found, notes


def _hermes_install(text: str) -> str:
    """The error an install gives (the file unchanged), or "" when it edits the config."""
    with _folder() as folder, _quick():
        hermes = folder / "hermes"
        hermes.mkdir()
        config = hermes / "config.yaml"
        config.write_bytes(text.encode())
        try:
            plan = install.plan_install("hermes", folder / "md", hermes_home=hermes, activate=True)
            install.apply(plan)
        except MemdirError as exc:
            assert config.read_bytes() == text.encode()
            return str(exc)
        assert yaml.safe_load(config.read_bytes())["memory"]["provider"] == "memdir"  # as Hermes
        install.apply(install.plan_uninstall("hermes", folder / "md", hermes_home=hermes))
        return ""


@pytest.mark.parametrize("name", list(YAML_HOLES))
def test_hermes_limits_of_a_bad_config_are_the_defaults_with_a_note(name: str) -> None:
    """main: IndexError, AttributeError, ValueError (long ints, base 60 when the limit is
    formatted), OverflowError (base-60 float), RecursionError (deep nesting)."""
    found, notes = _hermes_limits(YAML_HOLES[name])
    assert found == {"MEMORY.md": 2_200, "USER.md": 1_375}
    assert notes and "default limits are used" in notes[0] and "config.yaml:" in notes[0]


@pytest.mark.parametrize("name", list(YAML_HOLES))
def test_hermes_install_refuses_a_bad_config_and_leaves_it(name: str) -> None:
    """main: the same tracebacks; a base-60 int and the alias bomb were installed (the bomb
    after ~1.5 s comparing 9**9 leaves, a level more is minutes); a recursive alias gave a
    RecursionError."""
    error = _hermes_install(YAML_HOLES[name])
    assert "config.yaml:" in error and "nothing was changed" in error


ANCHORED = "base: &b {model: x}\naux: {<<: *b}\n"


def test_hermes_limits_of_an_anchored_config_are_the_users() -> None:
    """Hermes reads anchors (``yaml.load`` with CSafeLoader), and so does the export: the
    branch before its mend refused them, budgeted USER.md for 1,375 characters against
    the user's 500, and Hermes refused every add. Only aliases standing for over 100,000
    values give the defaults with a note: PyYAML 6.0.1 copies merged keys, 2**n
    for n levels (24 levels took 13 s CPU with PyYAML 6.0.1, which pyproject allows)."""
    found, _ = _hermes_limits(ANCHORED + "memory:\n  user_char_limit: 500\n")
    assert found["USER.md"] == 500
    merges = "a0: &a0 {x: 1}\n" + "".join(
        f"a{i}: &a{i} {{<<: [*a{i - 1}, *a{i - 1}]}}\n" for i in range(1, 40)
    )
    found, notes = _hermes_limits(merges + "memory:\n  user_char_limit: 500\n")
    assert found["USER.md"] == 1_375 and "stand for over 100,000 values" in notes[0]


@pytest.mark.parametrize("provider", ["honcho", None])
def test_an_anchored_config_installs_and_uninstalls(provider: str | None) -> None:
    """Hermes's config with anchors and a merge key: install sets the provider, uninstall
    puts back what was there (the branch before its mend refused both, the uninstall
    advising ``hermes config set memory.provider memdir``)."""
    text = ANCHORED + (f"memory:\n  provider: {provider}\n" if provider else "")
    assert _hermes_install(text) == ""
    with _folder() as folder:
        hermes = folder / "hermes"
        hermes.mkdir()
        config = hermes / "config.yaml"
        config.write_text("memory:\n  provider: honcho\n")
        install.apply(
            install.plan_install("hermes", folder / "md", hermes_home=hermes, activate=True)
        )
        config.write_text(config.read_text() + ANCHORED)  # the user's edit after install
        install.apply(
            install.plan_uninstall("hermes", folder / "md", hermes_home=hermes, activate=True)
        )
        assert config.read_text() == "memory:\n  provider: honcho\n" + ANCHORED


@pytest.mark.parametrize(
    ("before", "shown"), [("memory:\n  provider: honcho\n", "honcho"), ("", "''")]
)
def test_a_refused_uninstall_names_the_provider_to_set_back(before: str, shown: str) -> None:
    """An uninstall memdir cannot check (here an alias bomb added since the install) is
    refused, the file unchanged, with the command that sets the provider *back*; the
    branch before its mend told the user to set it to memdir."""
    with _folder() as folder, _quick():
        hermes = folder / "hermes"
        hermes.mkdir()
        config = hermes / "config.yaml"
        config.write_text(before)
        install.apply(
            install.plan_install("hermes", folder / "md", hermes_home=hermes, activate=True)
        )
        text = BOMB + config.read_text()
        config.write_text(text)
        with pytest.raises(MemdirError) as caught:
            install.plan_uninstall("hermes", folder / "md", hermes_home=hermes, activate=True)
        assert config.read_text() == text
    assert "config.yaml:" in str(caught.value) and "nothing was changed" in str(caught.value)
    assert f"`hermes config set memory.provider {shown}`" in str(caught.value)
    assert "provider memdir" not in str(caught.value)


@pytest.mark.parametrize("tag", ["!!int", "!!float", "!!bool", "!!timestamp"])
def test_a_tag_on_a_collection_is_pyyamls_error_at_once(tag: str) -> None:
    """The 10,000-character check stringified the collection (two repr()s of the subtree:
    ~1.8 s CPU for 400 KB) and quoted ``[ScalarNode(tag=…`` instead of PyYAML's own
    "expected a scalar node" at the value's line."""
    items = ",".join(["a"] * 20_000)
    _, notes = _hermes_limits(f"x: {tag} [{items}]\nmemory:\n  provider: y\n")
    assert "config.yaml:1: " in notes[0] and "expected a scalar node" in notes[0]


@pytest.mark.parametrize("value", [".inf", "-.inf", "1" * 400, "!!float 1e400"])
def test_hermes_limit_too_large_for_a_float(value: str) -> None:
    """main: ``.inf`` an OverflowError in ``int()``; a 400-digit limit an OverflowError
    when the export took 85% of it."""
    found, _ = _hermes_limits(f"memory:\n  memory_char_limit: {value}\n")
    assert found["MEMORY.md"] in (2_200, 2**53)


@settings(max_examples=60)
@given(_texts(_YAML_PIECES))
@example(YAML_HOLES["alias bomb"])
def test_any_hermes_config_gives_limits_and_installs_or_refuses(text: str) -> None:
    _hermes_limits(text)
    _hermes_install(text)


# -- frontmatter: memdir topic files, Claude Code memory files and rules ------------------


@settings(max_examples=60)
@given(_texts(_YAML_PIECES))
@example("name: 1" + ":0" * 200 + ".5")
def test_any_frontmatter_is_an_entry_or_a_parse_error(text: str) -> None:
    """main: a base-60 float in frontmatter was an OverflowError from both readers."""
    source = f"---\n{text}\n---\nbody\n"
    with _quick():
        front = read_frontmatter(source)
        with suppress(ParseError):
            parse_entry(source, "x")
    assert isinstance(front.meta, dict)


@settings(max_examples=30)
@given(_texts(_YAML_PIECES))
def test_any_rule_in_a_cloned_repository_is_read_or_noted(text: str) -> None:
    with _folder() as repo, _quick():
        rules = repo / ".claude" / "rules"
        rules.mkdir(parents=True)
        (rules / "r.md").write_text(f"---\npaths: {text}\n---\nbody\n", encoding="utf-8")
        # a Memdir's scopes: gather() given none reads no project file (fuzz57)
        md = Memdir(load_settings(repo / "home", repo, environ={"MEMDIR_BACKGROUND": "0"}))
        found, notes = md.instructions(paths=["a.py"])
        md.close()
    assert [i.text.strip() for i in found] in ([], ["body"])
    assert found or notes  # loaded, or a note says why not


# -- Codex's config.toml: `memdir install codex` and the instruction budget ---------------


@pytest.mark.parametrize("text", ["x = " + "1" * 5_000, "x = " + "[" * DEEP + "]" * DEEP])
def test_codex_docs_of_a_bad_config_are_the_defaults_with_a_problem(text: str) -> None:
    """main: ValueError (int digit limit), RecursionError (nesting) from tomllib."""
    with _folder() as folder:
        (folder / "config.toml").write_text(text)
        docs = _codex_docs({"CODEX_HOME": str(folder)})
    assert docs.problem and "Codex's defaults are used" in docs.problem


def test_codex_config_that_is_a_fifo_is_not_a_hang() -> None:
    """Every settings load reads Codex's config.toml: main opened it with open(), so a FIFO
    there hung every command. An alarm turns a hang into a failure."""

    def hung(*_: object) -> None:
        raise RuntimeError("config.toml was opened blocking")  # no OSError: not caught

    before = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    try:
        with _folder() as folder:
            os.mkfifo(folder / "config.toml")
            docs = _codex_docs({"CODEX_HOME": str(folder)})
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    assert docs.problem and "not a regular file" in docs.problem


@settings(max_examples=40)
@given(_texts(_TOML_PIECES))
def test_any_codex_config_installs_or_refuses(text: str) -> None:
    with _folder() as folder, _quick():
        codex = folder / "codex"
        codex.mkdir()
        (codex / "config.toml").write_bytes(text.encode())
        _codex_docs({"CODEX_HOME": str(codex)})
        try:
            install.apply(install.plan_install("codex", folder / "md", codex_home=codex))
        except MemdirError:
            assert (codex / "config.toml").read_bytes() == text.encode()


# -- Claude Code's JSON: settings files, hook input; Codex's notify payload ---------------


def test_team_settings_nested_too_deep_is_not_a_traceback() -> None:
    """A cloned repository's ``.claude/settings.json`` nested too deep while ``memdir
    install claude-code --project`` edits settings.local.json (``_has_our_hooks``)."""
    with _folder() as folder:
        project = folder / "project"
        (project / ".claude").mkdir(parents=True)
        team = project / ".claude" / "settings.json"
        team.write_text("[" * DEEP + "]" * DEEP)
        plan = install.plan_install("claude-code", folder / "md", project=project)
        assert team.read_text() == "[" * DEEP + "]" * DEEP
    assert plan.edits


@pytest.mark.parametrize("text", ["[" * DEEP + "]" * DEEP, '{"a":' * DEEP + "1" + "}" * DEEP])
def test_claude_settings_nested_too_deep_are_refused(text: str) -> None:
    """main: RecursionError from ``memdir install claude-code``."""
    with _folder() as folder:
        settings_file = folder / "settings.json"
        settings_file.write_text(text)
        with pytest.raises(MemdirError, match="not valid JSON"):
            install.plan_install("claude-code", folder / "md", settings=settings_file)
        assert settings_file.read_text() == text


@settings(max_examples=40)
@given(_texts(_JSON_PIECES))
def test_any_claude_settings_install_or_refuse(text: str) -> None:
    with _folder() as folder, _quick():
        settings_file = folder / "settings.json"
        settings_file.write_bytes(text.encode())
        try:
            install.apply(
                install.plan_install("claude-code", folder / "md", settings=settings_file)
            )
        except MemdirError:
            assert settings_file.read_bytes() == text.encode()


@settings(max_examples=40)
@given(_texts(_JSON_PIECES))
@example("[" * DEEP)
def test_any_hook_input_or_notify_payload_is_answered(text: str) -> None:
    """main: a payload nested too deep was "unexpected RecursionError" from the hook and a
    RecursionError traceback from ``memdir hook codex-notify``."""
    with _folder() as folder, _quick():
        reply = answer(text.encode("utf-8", "surrogatepass"), folder)
        assert "unexpected" not in reply.output
        try:
            notify([text], folder)
        except MemdirError as exc:
            assert str(exc)


# -- Claude Code's memory folder, a chat export ------------------------------------------


@settings(max_examples=20)
@given(_texts(_YAML_PIECES), _texts(_JSON_PIECES))
def test_any_claude_memory_imports_or_refuses(front: str, settings_text: str) -> None:
    """Topic file frontmatter and the project's settings.local.json (its
    ``autoMemoryDirectory``), both from a cloned repository."""
    with _folder() as folder, _quick(10):
        project = folder / "project"
        (project / ".claude").mkdir(parents=True)
        (project / ".claude" / "settings.local.json").write_bytes(
            settings_text.encode("utf-8", "surrogatepass")
        )
        env = {"MEMDIR_MANAGED_DIR": str(folder / "managed"), "MEMDIR_BACKGROUND": "0"}
        md = Memdir(load_settings(folder / "home", project, environ=env))
        source = folder / "memory"
        source.mkdir()
        (source / "MEMORY.md").write_text("- [Topic](user_topic.md) — a topic\n")
        topic = f"---\nname: topic\n{front}\n---\nbody\n"
        (source / "user_topic.md").write_bytes(topic.encode("utf-8", "surrogatepass"))
        import_memories(md, "claude-code", source, apply=True)
        assert (source / "user_topic.md").read_bytes() == topic.encode("utf-8", "surrogatepass")
        assert all(s.list() is not None for s in md.stores())  # what it wrote reads back
        with suppress(MemdirError):
            memory_folder(md)


@settings(max_examples=40)
@given(_texts([*_JSON_PIECES, "[", '{"mapping": ', '{"chat_messages": ', '"text": "x"']))
def test_any_chat_export_is_read_or_a_parse_error(text: str) -> None:
    with _quick(), suppress(ParseError):
        list(iter_chat_export([text]))


def test_a_base_60_monster_is_refused_before_it_is_built() -> None:
    """Under the int digit limit only once built: 200,000 parts (400 KB) took ~8 s CPU on
    main (quadratic), in a topic file or Hermes's config alike."""
    value = "1" + ":0" * 200_000
    with _quick(1), pytest.raises(ParseError, match="not a valid int"):
        parse_entry(f"---\nname: {value}\n---\nbody\n", "x")
    _hermes_limits(f"memory:\n  memory_char_limit: {value}\n")


def test_team_settings_that_are_a_fifo_are_not_a_hang() -> None:
    """A cloned repository's ``.claude/settings.json`` as a FIFO: main's ``_has_our_hooks``
    opened it unbounded and blocked ``memdir install claude-code --project``."""
    with _folder() as folder:
        project = folder / "project"
        (project / ".claude").mkdir(parents=True)
        os.mkfifo(project / ".claude" / "settings.json")
        plan = install.plan_install("claude-code", folder / "md", project=project)
    assert plan.edits
