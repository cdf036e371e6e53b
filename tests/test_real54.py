"""Real files, round real54 (tests/fixtures/real, see its INDEX.md): shapes the earlier
rounds did not have, run through memdir as a user would and compared with what the
harness that owns each file does.

* Recusive/Orbit-Code: an AGENTS.md in every folder, seven deep, past Codex's 32 KiB.
* xmlangel/testcasecraft: a Korean CLAUDE.md beside AGENTS.md and AGENTS_KO.md.
* rjmurillo/ai-agents: rules whose front matter mixes Copilot's ``applyTo``, Cursor's
  ``alwaysApply`` and Claude Code's ``paths``; CLAUDE.md importing @AGENTS.md.
* kvsankar/agent-history: a Codex 0.135 rollout and a Claude Code 2.1.152 transcript,
  both recorded from the real harnesses.
* drillan/claude-sphinx-toolkit: a Japanese CLAUDE.md whose ``[@path](path)`` links are
  not imports.
* Mr-DooSun/fastapi-agent-blueprint: one 34,534-byte AGENTS.md, over Codex's budget alone.
* 2anki/server (an earlier round's): Claude Code's ``claudeMdExcludes`` and ``--explain``.

What each harness does is written from its source or documentation, not from memdir:
Codex ``codex-rs/core/src/agents_md.rs`` (one file per folder from the project root,
found by ``project_root_markers`` (default ``.git``), down to the working folder; all of
them at most ``project_doc_max_bytes``; settings from every config layer, a trusted
project's ``.codex/config.toml`` included — developers.openai.com/codex/config-basic);
Claude Code's memory docs (rules without ``paths:`` load at start; ``**`` is every
path)."""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.interop import export_memories
from memdir.interop.transcripts import import_sessions
from memdir.sessions import SessionStore
from test_corpus import REAL, _open, _text, materialize, person  # noqa: F401

ORBIT = REAL / "Recusive__Orbit-Code"
TCC = REAL / "xmlangel__testcasecraft"
AIA = REAL / "rjmurillo__ai-agents"
HIST = REAL / "kvsankar__agent-history"
TUI = "codex-rs/tui"
DEEP = "codex-rs/tui/src/bottom_pane/request_user_input"
BUDGET = 32 * 1024
pytestmark = pytest.mark.usefixtures("person")  # HOME: a scratch folder


def _project(md: Memdir) -> list[tuple[str, str]]:
    """The project scope's instruction files as (path relative to the checkout, kind)."""
    root = md.checkout_root
    found, _ = md.instructions()
    return [(i.path.relative_to(root).as_posix(), i.kind) for i in found if i.scope == "project"]


def _open_in(tmp_path: Path, folder: Path, codex_config: str = "") -> Memdir:
    cx = tmp_path / "cx"
    cx.mkdir(exist_ok=True)
    if codex_config:
        (cx / "config.toml").write_text(codex_config, encoding="utf-8")
    return _open(tmp_path, folder)


def _ladder_agents(root: Path, rel: str) -> list[str]:
    """The AGENTS.md of each folder from the root down to ``rel`` (the fixture has one in
    every folder)."""
    parts = rel.split("/") if rel else []
    return [
        "/".join([*parts[:n], "AGENTS.md"])
        for n in range(len(parts) + 1)
        if (root / "/".join([*parts[:n], "AGENTS.md"])).is_file()
    ]


# -- Orbit-Code: nested AGENTS.md, Codex's budget --------------------------------------


def test_orbit_code_nested_agents_files_load_root_first_and_are_cut_where_codex_cuts(
    tmp_path: Path,
) -> None:
    """From ``request_user_input/snapshots`` Codex reads six AGENTS.md (30,860 + 757 bytes
    before the sixth, so that one is cut at byte 1,151) and drops the seventh; Claude Code
    reads every CLAUDE.md on the way, whole. memdir reads exactly those, once each."""
    root = materialize(ORBIT, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root / DEEP / "snapshots")
    got = _project(md)
    agents = [p for p, _ in got if p.endswith("AGENTS.md")]
    assert agents == _ladder_agents(root, DEEP)  # root first, the seventh dropped
    claude = [p for p, _ in got if p.endswith("CLAUDE.md")]
    assert claude == [a.replace("AGENTS.md", "CLAUDE.md") for a in _ladder_agents(root, DEEP)] + [
        f"{DEEP}/snapshots/CLAUDE.md"
    ]
    found, notes = md.instructions()
    by_rel = {i.path.relative_to(root).as_posix(): i for i in found}
    used = sum((root / a).stat().st_size for a in agents[:-1])
    assert used == 31_617
    cut = by_rel[f"{DEEP}/AGENTS.md"]
    assert cut.text == (root / DEEP / "AGENTS.md").read_bytes()[: BUDGET - used].decode()
    for rel in claude:  # Claude Code's files whole, byte for byte
        assert by_rel[rel].text.strip("\n") == _text(root / rel).strip("\n"), rel
    said = " ".join(f"{n.subject}: {n.reason}" for n in notes)
    assert "cut to 1,151 of 3,031 bytes" in said
    assert f"{DEEP}/snapshots/AGENTS.md: not loaded" in said


def test_orbit_code_project_root_markers_empty_reads_only_the_working_folder(
    tmp_path: Path,
) -> None:
    root = materialize(ORBIT, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root / TUI, "project_root_markers = []\n")
    agents = [p for p, _ in _project(md) if p.endswith("AGENTS.md")]
    # Codex: "An empty marker list disables parent traversal": only codex-rs/tui's file.
    # (No CLAUDE.md of this tree imports an AGENTS.md, so Claude Code reads none.)
    assert agents == [f"{TUI}/AGENTS.md"]


def test_orbit_code_hg_checkout_with_hg_root_marker_reads_from_the_root(tmp_path: Path) -> None:
    root = materialize(ORBIT, tmp_path / "co").resolve()
    shutil.rmtree(root / ".git")
    (root / ".hg").mkdir()  # what `hg init` leaves (the contents do not matter to Codex)
    md = _open_in(tmp_path, root / TUI, 'project_root_markers = [".git", ".hg"]\n')
    found, _ = md.instructions()
    agents = [i.path.resolve() for i in found if i.path.name == "AGENTS.md"]
    assert agents == [root / a for a in _ladder_agents(root, TUI)]


# -- testcasecraft: Korean text, AGENTS_KO.md, a project's own Codex config ------------


def test_testcasecraft_korean_claude_md_is_kept_byte_for_byte_and_agents_ko_is_not_read(
    tmp_path: Path,
) -> None:
    root = materialize(TCC, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root)
    found, notes = md.instructions()
    mine = {i.path.name: i for i in found if i.scope == "project"}
    assert sorted(mine) == ["AGENTS.md", "CLAUDE.md"]  # no harness reads AGENTS_KO.md
    raw = (root / "CLAUDE.md").read_bytes()
    assert "하네스" in raw.decode()
    assert mine["CLAUDE.md"].text.encode() == raw
    assert mine["AGENTS.md"].text.encode() == (root / "AGENTS.md").read_bytes()
    assert not [n for n in notes if n.warning]


def test_testcasecraft_fallback_name_loses_to_agents_md_as_in_codex(tmp_path: Path) -> None:
    """Codex tries AGENTS.override.md, AGENTS.md, then the fallbacks: a folder with an
    AGENTS.md never reads AGENTS_KO.md, even when it is listed."""
    root = materialize(TCC, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root, 'project_doc_fallback_filenames = ["AGENTS_KO.md"]\n')
    assert [p for p, _ in _project(md)] == ["AGENTS.md", "CLAUDE.md"]
    (root / "AGENTS.md").unlink()  # without it, the Korean translation is Codex's pick
    md = _open_in(tmp_path, root, 'project_doc_fallback_filenames = ["AGENTS_KO.md"]\n')
    found, _ = md.instructions()
    ko = [i for i in found if i.path.name == "AGENTS_KO.md"]
    assert len(ko) == 1 and ko[0].text.encode() == (root / "AGENTS_KO.md").read_bytes()


def test_testcasecraft_small_budget_cuts_korean_at_a_character_and_says_so(tmp_path: Path) -> None:
    """A budget that ends inside a Hangul syllable: Codex decodes the cut bytes lossily
    (U+FFFD), memdir stops at the character before (docs/design/instructions.md) — and
    the note says how much was kept."""
    root = materialize(TCC, tmp_path / "co").resolve()
    (root / "AGENTS.md").unlink()
    ko = (root / "AGENTS_KO.md").read_bytes()
    limit = ko.index("통합".encode()) + 1  # one byte into a three-byte syllable
    md = _open_in(
        tmp_path,
        root,
        f'project_doc_fallback_filenames = ["AGENTS_KO.md"]\nproject_doc_max_bytes = {limit}\n',
    )
    found, notes = md.instructions()
    item = next(i for i in found if i.path.name == "AGENTS_KO.md")
    assert item.text == ko[: limit - 1].decode()
    assert any("AGENTS_KO.md" in n.subject and "cut" in n.reason for n in notes)


def test_testcasecraft_trusted_project_codex_config_sets_the_budget(tmp_path: Path) -> None:
    root = materialize(TCC, tmp_path / "co").resolve()
    (root / ".codex").mkdir()
    (root / ".codex" / "config.toml").write_text("project_doc_max_bytes = 4096\n")
    md = _open_in(tmp_path, root, f'[projects."{root}"]\ntrust_level = "trusted"\n')
    found, _ = md.instructions()
    agents = next(i for i in found if i.path.name == "AGENTS.md")
    assert agents.text.encode() == (root / "AGENTS.md").read_bytes()[:4096]


# -- ai-agents: front matter from three tools in .claude/rules -------------------------

ALWAYS = ["builder-ethos.md", "code-quality.md", "knowledge-persistence.md", "universal.md"]


@pytest.mark.parametrize(
    ("path", "extra"),
    [
        (None, []),  # applyTo / alwaysApply mean nothing to Claude Code; paths: ["**"] is all
        ("src/tool.py", ["python.md"]),
        ("src/App/Program.cs", ["csharp.md"]),
        (".agents/governance/PROJECT-CONSTRAINTS.md", ["governance.md"]),
        ("README.md", []),
    ],
)
def test_ai_agents_rules_load_by_paths_only(
    tmp_path: Path, path: str | None, extra: list[str]
) -> None:
    root = materialize(AIA, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root)
    found, _ = md.instructions(paths=[root / path] if path else None)
    rules = sorted(i.path.name for i in found if i.kind == "rule")
    assert rules == sorted(ALWAYS + extra)
    bodies = {i.path.name: i.text for i in found if i.kind == "rule"}
    assert not any(
        b.lstrip().startswith(("applyTo", "alwaysApply", "paths")) for b in bodies.values()
    )


def test_ai_agents_claude_md_import_of_agents_md_is_loaded_once(tmp_path: Path) -> None:
    root = materialize(AIA, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root)
    files = [p for p, k in _project(md) if k == "instructions"]
    assert files == ["AGENTS.md", "CLAUDE.md", ".claude/CLAUDE.md"]
    _, notes = md.instructions()
    assert any("@AGENTS.md" in n.subject and "loaded once" in n.reason for n in notes)


# -- agent-history: real transcripts of Codex 0.135 and Claude Code 2.1.152 -------------

CODEX_ID = "019e9625-802f-7e91-840a-cfe88d14117a"
CLAUDE_ID = "06090cb1-3e64-433a-bc7e-a621c0f596d2"


def _transcripts(home: Path) -> tuple[Path, Path]:
    rollout = home / ".codex" / "sessions" / "2026" / "06" / "05"
    rollout.mkdir(parents=True)
    shutil.copyfile(
        HIST / "codex" / "session-01.jsonl.txt",
        rollout / f"rollout-2026-06-05T04-58-20-{CODEX_ID}.jsonl",
    )
    project = home / ".claude" / "projects" / "-tmp-agent-history-real-agent-claude-workspace"
    project.mkdir(parents=True)
    shutil.copyfile(HIST / "claude" / "session-01.jsonl.txt", project / f"{CLAUDE_ID}.jsonl")
    return home / ".codex" / "sessions", home / ".claude" / "projects"


def _md(tmp_path: Path) -> Memdir:
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    return Memdir(load_settings(tmp_path / "memhome", work, environ={}))


def _shared_copy(tmp_path: Path, agent: str, name: str = "session-01.jsonl") -> Path:
    """agent-history's ``agent`` (``codex``, ``claude``) transcript copied to
    ``tmp_path/shared/name``: a name that is no session id."""
    copy = tmp_path / "shared" / name
    copy.parent.mkdir()
    shutil.copyfile(HIST / agent / "session-01.jsonl.txt", copy)
    return copy


def _keyed_by_name(c: sqlite3.Connection, name: str) -> None:
    """state.db (``c``) as main's import left it: the Codex session's rows keyed
    ``<name>:line:index``, step 0014 to run at the next open."""
    c.execute(
        "UPDATE messages SET source_key = ? || ':' || source_key WHERE session_id = ?",
        (name, f"codex:{CODEX_ID}"),
    )
    c.execute("DELETE FROM migrations WHERE name = '0014_codex_keys_by_place'")


@contextlib.contextmanager
def _pg_store(pg_url: str, user: str) -> Iterator[SessionStore]:
    """The team backend's session store of ``user``, closed after."""
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    db = PgStateDatabase(PgDatabase(pg_url), user=user)
    try:
        yield SessionStore(db)
    finally:
        db.close()


def _pg_keyed_by_name(pg_url: str, codex: Path, name: str) -> str:
    """User ``older``'s team state as main left it: the Codex transcript ``codex``
    imported before step 0013, its rows keyed ``<name>:line:index``, step 0013 to run at
    the next open. The name of its schema."""
    import psycopg

    from memdir.interop.codex import transcripts
    from memdir.interop.transcripts._reading import Tally
    from memdir.pg.db import PgDatabase, Schema
    from memdir.pg.sessions import schema_name
    from memdir.pg.state_schema import state_schema

    schema = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "older")
    full = state_schema(schema, "state/older")
    assert full.steps[12].name == "0013_codex_keys_by_place"
    older = PgDatabase(pg_url)
    older.ensure(Schema(full.component, full.steps[:12]))
    older.close()
    with _pg_store(pg_url, "older") as store:
        store.import_sessions(transcripts.sessions(codex, Tally(None)))
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(
            "DELETE FROM pg_migrations WHERE component = 'state/older' "
            "AND name = '0013_codex_keys_by_place'"
        )
        conn.execute(f'SET search_path TO "{schema}"')
        conn.execute(
            "UPDATE messages SET source_key = %s || ':' || source_key WHERE session_id = %s",
            (name, f"codex:{CODEX_ID}"),
        )
    return schema


def test_codex_0135_rollout_imports_one_exchange_once(tmp_path: Path) -> None:
    """Codex writes each turn's text twice (``response_item`` and ``event_msg``) and adds a
    developer message and an ``<environment_context>`` user message of its own: the
    conversation is one prompt and one answer, and a re-run adds nothing."""
    codex, _ = _transcripts(Path.home())
    md = _md(tmp_path)
    first = import_sessions(md, "codex", codex)
    again = import_sessions(md, "codex", codex)
    sid = f"codex:{CODEX_ID}"
    msgs = md.sessions.messages(sid)
    assert [(m.role, m.content) for m in msgs] == [
        ("user", "[REDACTED_PROMPT]"),
        ("assistant", "[REDACTED_ASSISTANT_TEXT]"),
    ]
    assert [m.timestamp.isoformat() for m in msgs] == [
        "2026-06-05T04:58:23.506000+00:00",
        "2026-06-05T04:58:26.681000+00:00",
    ]
    info = md.sessions.get(sid)
    assert info.cwd == "/tmp/agent-history-real-agent/codex/workspace"
    assert info.started_at.isoformat() == "2026-06-05T04:58:20.593000+00:00"
    assert first.malformed == 0 and not first.problems
    assert again.lines == 11 and again.malformed == 0
    assert len(md.sessions.messages(sid)) == 2  # the re-run added nothing
    hits = md.sessions.search("REDACTED_PROMPT")
    assert sid in {h.session_id for h in hits}


def test_claude_code_2_1_152_transcript_imports_one_exchange_once(tmp_path: Path) -> None:
    """``queue-operation`` and ``last-prompt`` records are bookkeeping, not messages."""
    _, projects = _transcripts(Path.home())
    md = _md(tmp_path)
    import_sessions(md, "claude-code", projects)
    import_sessions(md, "claude-code", projects)
    sid = f"claude-code:{CLAUDE_ID}"
    msgs = md.sessions.messages(sid)
    assert [(m.role, m.content) for m in msgs] == [
        ("user", "[REDACTED_PROMPT]"),
        ("assistant", "[REDACTED_ASSISTANT_TEXT]"),
    ]
    info = md.sessions.get(sid)
    assert info.cwd == "/tmp/agent-history-real-agent/claude/workspace"
    assert info.title == "[REDACTED_PROMPT]"


# -- claude-sphinx-toolkit: `[@path](path)` links are not imports -----------------------

SPHINX = REAL / "drillan__claude-sphinx-toolkit"


def test_sphinx_toolkit_markdown_links_with_at_are_not_imports(tmp_path: Path) -> None:
    """``- [@.claude/python-package.md](.claude/python-package.md)``: the ``@`` follows
    ``[``, not a space, so Claude Code imports neither file; ``.claude/docs/CLAUDE.md``
    loads only once a file under ``.claude/docs`` is read."""
    root = materialize(SPHINX, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root)
    found, notes = md.instructions()
    assert [i.path.relative_to(root).as_posix() for i in found if i.scope == "project"] == [
        "CLAUDE.md"
    ]
    assert found[-1].text.encode() == (root / "CLAUDE.md").read_bytes()
    assert not notes
    theme = root / ".claude" / "docs" / "config" / "theme-settings.md"
    found, _ = md.instructions(paths=[theme])
    assert [i.path.relative_to(root).as_posix() for i in found if i.scope == "project"] == [
        "CLAUDE.md",
        ".claude/docs/CLAUDE.md",
    ]


# -- Claude Code settings and --explain on earlier rounds' trees ------------------------

SERVER = REAL / "2anki__server"


def test_2anki_server_claude_md_excludes_are_honoured(tmp_path: Path) -> None:
    root = materialize(SERVER, tmp_path / "co").resolve()
    (root / ".claude" / "settings.json").write_text(
        json.dumps({"claudeMdExcludes": ["**/web/CLAUDE.md"]}), encoding="utf-8"
    )
    md = _open_in(tmp_path, root / "web")
    found, _ = md.instructions()
    assert root / "web" / "CLAUDE.md" not in {i.path.resolve() for i in found}


def test_2anki_server_explain_never_calls_a_file_a_copy_of_itself(tmp_path: Path) -> None:
    root = materialize(SERVER, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root)
    _, notes = md.instructions()
    selfish = [n for n in notes if f"the same file as {n.subject}," in n.reason]
    assert not selfish, selfish[:2]
    imported = [n for n in notes if "CLAUDE.md imports it; loaded once" in n.reason]
    assert imported and all("/.claude/rules/" in n.subject for n in imported)


def test_explain_with_project_doc_max_bytes_0_says_codex_reads_none(tmp_path: Path) -> None:
    """``project_doc_max_bytes = 0`` turns Codex's project docs off: no file "before" used
    the budget up, and --explain says what did."""
    root = materialize(ORBIT, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root / TUI, "project_doc_max_bytes = 0\n")
    found, notes = md.instructions()
    assert not [i for i in found if i.path.name == "AGENTS.md"]
    said = [n.reason for n in notes if n.subject.endswith("AGENTS.md")]
    assert len(said) == 3 and not any("before it" in r for r in said)
    assert all("project_doc_max_bytes = 0" in r and "off" in r for r in said)


def test_codex_rollout_copied_under_another_name_adds_nothing(tmp_path: Path) -> None:
    codex, _ = _transcripts(Path.home())
    md = _md(tmp_path)
    import_sessions(md, "codex", codex)
    copy = _shared_copy(tmp_path, "codex")
    import_sessions(md, "codex", copy)
    assert len(md.sessions.messages(f"codex:{CODEX_ID}")) == 2


def test_claude_code_transcript_copied_under_another_name_adds_nothing(tmp_path: Path) -> None:
    """Claude Code names a transcript ``<sessionId>.jsonl``; a copy under a name that is no
    session id (agent-history keeps it as session-01.jsonl) is the session its lines name,
    not a new one (a resumed session's own file, named by its new id, still continues the
    one its first line names)."""
    _, projects = _transcripts(Path.home())
    md = _md(tmp_path)
    import_sessions(md, "claude-code", projects)
    copy = _shared_copy(tmp_path, "claude")
    import_sessions(md, "claude-code", copy)
    assert len(md.sessions.messages(f"claude-code:{CLAUDE_ID}")) == 2
    assert [s.id for s in md.sessions.list()] == [f"claude-code:{CLAUDE_ID}"]


def test_codex_rows_keyed_by_file_name_before_are_matched_after_the_upgrade(
    tmp_path: Path,
) -> None:
    """A home that imported the rollout when rows were keyed ``<file name>:line:index``:
    state.db's step 0014 drops the name, so importing it again, under its own name or
    another, adds nothing."""
    codex, _ = _transcripts(Path.home())
    md = _md(tmp_path)
    import_sessions(md, "codex", codex)
    sid = f"codex:{CODEX_ID}"
    name = f"rollout-2026-06-05T04-58-20-{CODEX_ID}.jsonl"

    def as_before(c: sqlite3.Connection) -> list[str]:  # as the earlier import left it
        _keyed_by_name(c, name)
        return [r[0] for r in c.execute("SELECT source_key FROM messages ORDER BY id")]

    keys = md.sessions.db.write(as_before)
    assert keys and all(k.startswith(name + ":") for k in keys)
    md.close()
    md = _md(tmp_path)
    assert len(md.sessions.messages(sid)) == 2
    import_sessions(md, "codex", codex)
    copy = _shared_copy(tmp_path, "codex")
    import_sessions(md, "codex", copy)
    assert len(md.sessions.messages(sid)) == 2


# -- export agents-md into a Windows (CRLF) AGENTS.md -----------------------------------


def test_testcasecraft_crlf_agents_md_keeps_crlf_after_export(tmp_path: Path) -> None:
    root = materialize(TCC, tmp_path / "co").resolve()
    crlf = (root / "AGENTS.md").read_bytes().replace(b"\n", b"\r\n")
    (root / "AGENTS.md").write_bytes(crlf)
    md = _open_in(tmp_path, root)
    md.store("project").add(
        type="feedback",
        name="TestNG only",
        description="unit tests",
        body="Write unit tests with TestNG, never JUnit.",
    )
    export_memories(md, "agents-md", root / "AGENTS.md", apply=True)
    data = (root / "AGENTS.md").read_bytes()
    assert data.startswith(crlf) and len(data) > len(crlf)
    assert data.count(b"\n") == data.count(b"\r\n")
    export_memories(md, "agents-md", root / "AGENTS.md", apply=True)  # again: unchanged
    assert (root / "AGENTS.md").read_bytes() == data
    md.store("project").remove(md.store("project").list()[0].id)
    export_memories(md, "agents-md", root / "AGENTS.md", apply=True)  # no rules: removed
    assert (root / "AGENTS.md").read_bytes() == crlf


def test_orbit_code_export_agents_md_keeps_the_file_and_codex_budget_follows(
    tmp_path: Path,
) -> None:
    """memdir's section goes after Orbit-Code's 17 KB root AGENTS.md, byte for byte; a
    second export changes nothing; and the deeper cut moves by exactly the section's size,
    as Codex (which reads the section as part of the file) would cut."""
    root = materialize(ORBIT, tmp_path / "co").resolve()
    before = (root / "AGENTS.md").read_bytes()
    md = _open_in(tmp_path, root / DEEP)
    md.store("project").add(
        type="feedback",
        name="Snapshot review",
        description="insta snapshots",
        body="Accept insta snapshots only after reading every diff.",
    )
    export_memories(md, "agents-md", root / "AGENTS.md", apply=True)
    after = (root / "AGENTS.md").read_bytes()
    assert after.startswith(before) and b"Accept insta snapshots" in after[len(before) :]
    export_memories(md, "agents-md", root / "AGENTS.md", apply=True)
    assert (root / "AGENTS.md").read_bytes() == after
    found, _ = md.instructions()
    cut = next(i for i in found if i.path == root / DEEP / "AGENTS.md")
    left = BUDGET - 31_617 - (len(after) - len(before))
    assert cut.text == (root / DEEP / "AGENTS.md").read_bytes()[:left].decode()


# -- fastapi-agent-blueprint: one AGENTS.md over Codex's budget by itself ---------------

FAB = REAL / "Mr-DooSun__fastapi-agent-blueprint"


def test_fastapi_blueprint_root_agents_md_is_cut_at_32_kib_and_claude_files_stay_whole(
    tmp_path: Path,
) -> None:
    """Codex reads the first 32,768 of its 34,534 bytes (the project's issue #413 shows
    codex-cli 0.153.4 losing the tail); CLAUDE.md only links to it (`[AGENTS.md](AGENTS.md)`),
    so Claude Code does not read it at all and no harness reads the rest."""
    root = materialize(FAB, tmp_path / "co").resolve()
    md = _open_in(tmp_path, root)
    found, notes = md.instructions()
    by_rel = {i.path.relative_to(root).as_posix(): i for i in found if i.scope == "project"}
    assert list(by_rel) == [
        "AGENTS.md",
        "CLAUDE.md",
        *(f".claude/rules/{p.stem}" for p in sorted((FAB / ".claude" / "rules").iterdir())),
    ]
    raw = (root / "AGENTS.md").read_bytes()
    assert len(raw) == 34_534
    assert by_rel["AGENTS.md"].text == raw[:BUDGET].decode()
    assert "## Drift Management" not in by_rel["AGENTS.md"].text  # what Codex never sees
    for rel, item in by_rel.items():
        if rel != "AGENTS.md":
            assert item.text.strip("\n") == _text(root / rel).strip("\n"), rel
    assert any(
        n.subject.endswith("/AGENTS.md") and "cut to 32,768 of 34,534 bytes" in n.reason
        for n in notes
    )


def test_ai_agents_nested_path_fallback_name_is_read_as_codex_reads_it(tmp_path: Path) -> None:
    root = materialize(AIA, tmp_path / "co").resolve()
    (root / "AGENTS.md").unlink()  # the checkout keeps Codex's file under .agents/ only
    md = _open_in(tmp_path, root, 'project_doc_fallback_filenames = [".agents/AGENTS.md"]\n')
    found, _ = md.instructions()
    assert root / ".agents" / "AGENTS.md" in {i.path.resolve() for i in found}


def test_codex_rows_keyed_by_file_name_on_postgres_are_matched_after_the_upgrade(
    pg_url: str,
) -> None:
    """The team backend's state: its step 0013 drops the file name from Codex's keys (a
    second name's copy of the same place goes), so a re-import adds nothing."""
    import psycopg

    from memdir.interop.codex import transcripts
    from memdir.interop.transcripts._reading import Tally

    codex, _ = _transcripts(Path.home())
    sid = f"codex:{CODEX_ID}"
    rollout = f"rollout-2026-06-05T04-58-20-{CODEX_ID}.jsonl"
    name = _pg_keyed_by_name(pg_url, codex, rollout)  # as an earlier import left it
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{name}"')
        conn.execute(  # and the same place under a second name: the copy goes
            "INSERT INTO messages (session_id, role, content, timestamp, source_key) "
            "SELECT session_id, role, content, timestamp, 'session-01.jsonl' || "
            "substr(source_key, length(%s) + 1) FROM messages WHERE session_id = %s "
            "ORDER BY id LIMIT 1",
            (rollout, sid),
        )
    with _pg_store(pg_url, "older") as store:
        keys = store.db.read(
            lambda c: sorted(r[0] for r in c.execute("SELECT source_key FROM messages"))
        )
        assert len(keys) == 2 and all(".jsonl" not in k for k in keys)
        store.import_sessions(transcripts.sessions(codex, Tally(None)))
        assert len(store.messages(sid)) == 2  # nothing added
