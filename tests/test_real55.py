"""Real files, round real55 (tests/fixtures/real, see its INDEX.md): Windows checkouts and
real ChatGPT conversations.

* A Windows checkout: git for Windows (``core.autocrlf=true``, its default) writes every
  text file of a real repository with CRLF, and Visual Studio saves "UTF-8 with
  signature" (a BOM); Hermes on Windows writes its memory files with CRLF. Committed CRLF
  instruction files are rare (one repository in the eighteen Windows and .NET ones scanned
  with ``od -c``: 012090120901209/AHKv2_Finetune, kept as it is), so most tests here
  check out earlier rounds' real trees the way such a checkout does. Claude Code and Codex
  read the working tree's bytes; Codex counts them against ``project_doc_max_bytes``
  (``codex-rs/core/src/project_doc.rs``: ``read_to_end`` of the file, ``take`` of the
  remaining budget), so a CRLF checkout reaches the budget sooner.
* junyeong-ai/knotch: path-scoped rules imported by the root CLAUDE.md and by each crate's
  CLAUDE.md (``@../../.claude/rules/…``).
* pionxzh/chatgpt-exporter: two conversations from real GPT-5 sessions (thinking,
  tool calls, image pointers, branches), the shape ``conversations.json`` lists.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memdir.engine import Memdir
from memdir.interop import export_memories, import_memories
from memdir.interop.bootstrap import chats, gather
from memdir.interop.bootstrap._files import read_files, walk
from memdir.interop.bootstrap._found import Gathered
from test_corpus import REAL, _open, materialize, person  # noqa: F401

pytestmark = pytest.mark.usefixtures("person")  # HOME: a scratch folder
BUDGET = 32 * 1024
ORBIT = REAL / "Recusive__Orbit-Code"
DEEP = "codex-rs/tui/src/bottom_pane/request_user_input"
CGE = REAL / "pionxzh__chatgpt-exporter"


def _windows(root: Path, bom: bool = True) -> Path:
    """``root``'s Markdown as a Windows checkout writes it: CRLF, and a BOM when ``bom``."""
    for p in sorted(root.rglob("*.md")):
        if p.is_symlink():
            continue
        data = p.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        p.write_bytes(b"\xef\xbb\xbf" * bom + data)
    return root


def _block(tmp_path: Path, root: Path, paths: list[str] | None) -> str:
    md = _open(tmp_path / f"home-{root.name}", root)
    text = md.system_block(paths=[root / p for p in paths] if paths is not None else None)
    return text.replace(str(root), "<checkout>")


@pytest.mark.parametrize(
    ("fixture", "path", "scoped"),
    [
        ("eventum-generator__eventum", "eventum/api/main.py", "# API Development Rules"),
        ("23prime__web-app-template", "app/server/src/main.rs", ""),
        ("sotayamashita__claude-code-statusline", "src/main.ts", ""),
        ("rjmurillo__ai-agents", "scripts/x.ps1", ""),
        ("louisbrulenaudet__monorepo-template", "apps/api/src/index.ts", ""),
    ],
)
def test_windows_checkout_loads_the_same_block_as_lf(
    fixture: str, path: str, scoped: str, tmp_path: Path
) -> None:
    """CRLF + BOM on every instruction file, rule and imported file: the session-start
    block is the LF checkout's, character for character — no ``\\r``, no BOM, front
    matter still front matter (a BOM before ``---`` hides it from a naive parser), and a
    ``paths:`` rule still loads only for its paths."""
    lf = materialize(REAL / fixture, tmp_path / "lf").resolve()
    crlf = _windows(materialize(REAL / fixture, tmp_path / "crlf").resolve())
    assert b"\r\n" in (crlf / "CLAUDE.md").read_bytes()
    for paths in (None, [path]):
        want, got = _block(tmp_path, lf, paths), _block(tmp_path, crlf, paths)
        assert "\r" not in got and "\ufeff" not in got
        assert "paths:" not in got.split("\n---\n")[0] or "paths:" in want
        assert got == want, paths
    if scoped:
        assert scoped not in _block(tmp_path, crlf, None)
        assert scoped in _block(tmp_path, crlf, [path])


def _codex_takes(root: Path, files: list[str]) -> list[bytes]:
    """What Codex reads of each AGENTS.md, root first: the file's bytes up to what is left
    of ``project_doc_max_bytes``; whitespace-only files are skipped, later files dropped."""
    left, out = BUDGET, []
    for rel in files:
        data = (root / rel).read_bytes()
        if not data.strip():
            continue
        if left <= 0:
            break
        out.append(data[:left])
        left -= len(out[-1])
    return out


def test_orbit_code_windows_checkout_is_cut_where_codex_cuts_its_crlf_bytes(
    tmp_path: Path,
) -> None:
    """Orbit-Code's seven nested AGENTS.md, checked out with CRLF and a BOM: Codex counts
    the extra ``\\r`` and BOM bytes, so the sixth is cut earlier than in the LF checkout
    (real54's byte 1,151); memdir cuts at the same byte, and shows the text without them."""
    root = _windows(materialize(ORBIT, tmp_path / "co").resolve())
    md = _open(tmp_path / "home", root / DEEP / "snapshots")
    found, notes = md.instructions()
    agents = [i for i in found if i.scope == "project" and i.path.name == "AGENTS.md"]
    ladder = [
        "/".join([*DEEP.split("/")[:n], "AGENTS.md"])
        for n in range(len(DEEP.split("/")) + 1)
        if (root / "/".join([*DEEP.split("/")[:n], "AGENTS.md"])).is_file()
    ]
    takes = _codex_takes(root, [*ladder, f"{DEEP}/snapshots/AGENTS.md"])
    assert len(takes) == len(agents) == 6
    for item, raw in zip(agents, takes, strict=True):
        want = raw.decode("utf-8", "replace").removeprefix("\ufeff").replace("\r\n", "\n")
        assert item.text.rstrip("\r") == want.rstrip("\r"), item.path
    assert len(takes[-1]) < 1_151  # the CRLF checkout's cut comes sooner
    said = " ".join(f"{n.subject}: {n.reason}" for n in notes)
    assert f"cut to {len(takes[-1]):,} of" in said


def test_export_agents_md_into_a_crlf_bom_agents_md_keeps_its_bytes(tmp_path: Path) -> None:
    """memdir's section goes after a Windows checkout's AGENTS.md (CRLF, BOM) without
    touching a byte of it, in the file's own line endings; a second export changes
    nothing; the next session reads the section without ``\\r``."""
    root = _windows(materialize(REAL / "23prime__web-app-template", tmp_path / "co").resolve())
    agents = root / "AGENTS.md"
    before = agents.read_bytes()
    assert before.startswith(b"\xef\xbb\xbf# AGENTS.md\r\n")
    md = _open(tmp_path / "home", root)
    md.store("project").add(
        type="feedback",
        name="Windows shells",
        description="PowerShell in scripts",
        body="Write helper scripts for PowerShell 7, not cmd.exe.",
    )
    export_memories(md, "agents-md", agents, apply=True)
    after = agents.read_bytes()
    assert after.startswith(before)
    section = after[len(before) :]
    assert b"PowerShell 7" in section
    assert section.count(b"\n") == section.count(b"\r\n")  # no bare LF in a CRLF file
    export_memories(md, "agents-md", agents, apply=True)
    assert agents.read_bytes() == after
    block = _block(tmp_path, root, None)
    assert "Write helper scripts for PowerShell 7, not cmd.exe." in block
    assert "\r" not in block and "\ufeff" not in block


# -- pionxzh/chatgpt-exporter: real ChatGPT conversations --------------------------------


def _export(dest: Path) -> Path:
    """Both fixture conversations as one ``conversations.json`` list, as the export is."""
    convs = [json.loads((CGE / n).read_text("utf-8")) for n in sorted(CGE.glob("*.json"))]
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "conversations.json").write_text(json.dumps(convs), encoding="utf-8")
    return dest / "conversations.json"


def _read(path: Path) -> list[chats.Conversation]:
    problems: list[str] = []
    with path.open("rb") as f:
        got = list(chats.iter_chat_export(f, str(path), problems))
    assert problems == []
    return got


def test_chatgpt_export_follows_current_node_and_reads_only_text(tmp_path: Path) -> None:
    """The branch ``current_node`` ends (ChatGPT's shown one), root first; ``thoughts``,
    ``reasoning_recap`` and image pointers give no text; what the person typed beside an
    image is kept."""
    image, thinking = _read(_export(tmp_path / "exp"))
    assert [(m.role, m.text) for m in thinking.messages] == [
        ("user", "question 1"),
        ("assistant", "answer 1"),
        ("user", "question 2"),
        ("assistant", "answer 2"),
    ]
    said = [m.text for m in image.messages if m.role == "user"]
    assert said == ["question 1", "question 2", "question 3", "question 4"]
    for conv in (image, thinking):
        for m in conv.messages:
            assert "sediment://" not in m.text and "Thought for" not in m.text
            assert "thought " not in m.text and "summary " not in m.text


def test_chatgpt_export_leaves_out_what_chatgpt_does_not_show(tmp_path: Path) -> None:
    """Turns ChatGPT hides (``metadata.is_visually_hidden_from_conversation``) and turns
    addressed to a tool (``recipient`` not ``all``: a ``code`` call to ``internal_tool``)
    are not the conversation (were read as what the assistant said)."""
    image, _ = _read(_export(tmp_path / "exp"))
    texts = [m.text for m in image.messages]
    assert not [t for t in texts if t.startswith(("tool text", "code "))]
    assert texts == ["question 1", "question 2", "question 3", "question 4"]


def test_bootstrap_from_a_real_chatgpt_export_runs_clean(tmp_path: Path) -> None:
    """``memdir bootstrap --from`` on the export: read, no problem reported, no
    traceback (a subprocess, as a person runs it)."""
    exp = _export(tmp_path / "exp").parent
    proj = tmp_path / "proj"
    subprocess.run(["git", "init", "-q", str(proj)], check=True)
    run = subprocess.run(
        [sys.executable, "-m", "memdir", "bootstrap", "--from", str(exp), "--json"],
        cwd=proj,
        capture_output=True,
        text=True,
        env={
            "HOME": os.environ["HOME"],  # the person fixture's
            "MEMDIR_HOME": str(tmp_path / "mh"),
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(Path(chats.__file__).parents[3]),
        },
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    out = json.loads(run.stdout)
    assert out["problems"] == [] and out["refused"] == []
    assert not [n for n in out["notes"] if "conversations.json" in n]


@pytest.mark.parametrize(
    ("fixture", "harness", "folder"),
    [
        ("0x0wRangler__stockerly", "claude-code", ".claude/memory"),
        ("ActorForth__ActorForth", "claude-code", ".claude/memory"),
        ("sno-ai__sno-cli", "codex", ".codex/memories"),
        ("drlove2002__ai-config", "codex", "memories"),
        ("mrcoggsworth__threat-intel-agent", "hermes", ".hermes/memories"),
        ("alansrobotlab2__lloyd", "hermes", "memories"),
    ],
)
def test_memory_folder_from_a_windows_checkout_imports_as_from_lf(
    fixture: str, harness: str, folder: str, tmp_path: Path
) -> None:
    """A harness's memory folder synced through a Windows checkout (CRLF, BOM): the same
    memories, names, types, descriptions and bodies, as from the LF folder, no ``\\r``."""
    got, problems = {}, {}
    for kind in ("lf", "crlf"):
        root = materialize(REAL / fixture, tmp_path / kind).resolve()
        if kind == "crlf":
            _windows(root)
        md = _open(tmp_path / f"home-{kind}", root)
        plan = import_memories(md, harness, root / folder, apply=True)
        problems[kind] = [p.replace(str(root), "") for p in plan.problems]
        got[kind] = {e.name: (e.type.value, e.description, e.body.strip()) for _, e in md.entries()}
    assert got["lf"], "the folder gave no memory"
    assert got["crlf"] == got["lf"]
    assert problems["crlf"] == problems["lf"]  # (sno-cli's preamble, the same line)
    assert not [n for n, v in got["crlf"].items() if "\r" in "".join(v) or "\ufeff" in n]


# -- junyeong-ai/knotch: path-scoped rules reached by import, three ways -----------------

KNOTCH = REAL / "junyeong-ai__knotch"


def _project_files(md: Memdir, root: Path, path: str | None) -> list[str]:
    found, _ = md.instructions(paths=[root / path] if path else None)
    return [i.path.relative_to(root).as_posix() for i in found if i.scope == "project"]


def test_knotch_root_imports_follow_claude_codes_tokens_and_ignore_paths(tmp_path: Path) -> None:
    """From the root Claude Code reads CLAUDE.md and the four tokens that name a file: the
    last SKILL.md of a table row (the others end in ``,``, part of the path) and three rules
    — ``testing.md`` too, although its ``paths:`` matches nothing yet, because an import
    inlines the file at start whatever its front matter (anthropics/claude-code#77818)."""
    root = materialize(KNOTCH, tmp_path / "co").resolve()
    md = _open(tmp_path / "home", root)
    assert _project_files(md, root, None) == [
        "CLAUDE.md",
        ".claude/skills/knotch-transition/SKILL.md",
        ".claude/rules/constitution.md",
        ".claude/rules/testing.md",
        ".claude/rules/governance.md",
    ]
    _, notes = md.instructions()
    said = {n.subject.split(" in ")[0]: n.reason for n in notes if isinstance(n.subject, str)}
    assert "','" in said["@.claude/rules/hook-integration.md,"]


@pytest.mark.parametrize(
    ("path", "crate_reads"),
    [
        (
            "crates/knotch-kernel/tests/replay.rs",
            [
                ".claude/rules/causation.md",
                ".claude/rules/preconditions.md",
                ".claude/rules/fingerprint.md",
                ".claude/rules/no-unsafe.md",
            ],
        ),
        ("crates/knotch-agent/src/lib.rs", [".claude/rules/causation.md"]),
    ],
)
def test_knotch_crate_imports_of_root_rules_load_each_file_once_by_its_own_name(
    path: str, crate_reads: list[str], tmp_path: Path
) -> None:
    """A crate's CLAUDE.md imports ``@../../.claude/rules/…``: Claude Code resolves the
    path (``..`` folded), so the block names ``.claude/rules/causation.md``, not
    ``crates/knotch-kernel/../../.claude/rules/causation.md``; a rule already in the block
    (imported by the root, or loaded for its ``paths:``) is not loaded again."""
    root = materialize(KNOTCH, tmp_path / "co").resolve()
    md = _open(tmp_path / "home", root)
    got = _project_files(md, root, path)
    crate = "/".join(path.split("/")[:2]) + "/CLAUDE.md"
    assert got[got.index(crate) + 1 :] == crate_reads
    assert len(got) == len(set(got))
    assert not [p for p in got if ".." in p.split("/")]
    block = md.system_block(paths=[root / path])
    heads = [ln for ln in block.splitlines() if ln.startswith("## project ")]
    assert (
        "## project instructions: .claude/rules/causation.md (imported by " + crate + ")" in heads
    )
    assert not [h for h in heads if "/../" in h]


def test_export_back_to_a_windows_hermes_home_it_imported_changes_nothing(
    tmp_path: Path,
) -> None:
    """Hermes on Windows writes MEMORY.md/USER.md in text mode (``tools/memory_tool.py``
    ``_write_file``: ``os.fdopen(fd, "w")``), so every ``\\n`` of ``\\n§\\n`` is CRLF.
    Imported into memdir and exported back, the files hold the same memories: as with the
    LF home, nothing is refused or rewritten for its line endings (was: both refused as
    "content memdir did not write"); a SOUL.md saved by a Windows editor likewise."""
    root = _windows(materialize(REAL / "alansrobotlab2__lloyd", tmp_path / "co").resolve())
    where = root / "memories"
    before = {p: p.read_bytes() for p in where.rglob("*") if p.is_file()}
    assert b"\r\n\xc2\xa7\r\n" in before[where / "MEMORY.md"]  # § between CRLFs
    md = _open(tmp_path / "home", root)
    import_memories(md, "hermes", where, apply=True)
    report = export_memories(md, "hermes", where, apply=True)
    assert [(f.path.name, f.status) for f in report.files] == [
        ("MEMORY.md", "unchanged"),
        ("USER.md", "unchanged"),
    ]
    assert {p: p.read_bytes() for p in where.rglob("*") if p.is_file()} == before

    soul = _windows(materialize(REAL / "mrcoggsworth__threat-intel-agent", tmp_path / "h2"))
    md = _open(tmp_path / "home2", soul)
    import_memories(md, "hermes", soul / ".hermes" / "memories", apply=True)
    report = export_memories(md, "hermes", soul / ".hermes" / "memories", apply=False)
    assert "SOUL.md" not in [f.path.name for f in report.refused]


# -- 012090120901209/AHKv2_Finetune: committed CRLF, and a file of mixed line endings --

AHK = REAL / "012090120901209__AHKv2_Finetune"


def test_ahk_committed_crlf_and_mixed_files_load_once_without_cr(tmp_path: Path) -> None:
    """A session in ``data/Scripts``: Codex reads AGENTS.md and data/Scripts/AGENTS.md,
    Claude Code CLAUDE.md; each once, with its text as the harness reads it (``\\r\\n`` →
    ``\\n``, so the mixed file's LF tail and CRLF body read alike) and no ``\\r`` left."""
    root = materialize(AHK, tmp_path / "co").resolve()
    raw = (root / "data/Scripts/AGENTS.md").read_bytes()
    assert raw.count(b"\r\n") == 77 and raw.count(b"\n") == 84  # mixed, as committed
    md = _open(tmp_path / "home", root / "data" / "Scripts")
    found, _ = md.instructions()
    got = {i.path.relative_to(root).as_posix(): i.text for i in found if i.scope == "project"}
    assert sorted(got) == ["AGENTS.md", "CLAUDE.md", "data/Scripts/AGENTS.md"]
    for rel, text in got.items():
        want = (root / rel).read_bytes().decode().replace("\r\n", "\n")
        assert text.strip("\n") == want.strip("\n"), rel
        assert "\r" not in text
    block = md.system_block()
    assert "\r" not in block and block.count("# AHK Finetune - Development Guidelines") == 1


def test_export_agents_md_into_a_mixed_line_ending_file_keeps_its_bytes(tmp_path: Path) -> None:
    """The mixed file is mostly CRLF: memdir's section is written in CRLF after every byte
    of it (its LF tail and final CRLF blank line included); a second export changes
    nothing."""
    root = materialize(AHK, tmp_path / "co").resolve()
    target = root / "data" / "Scripts" / "AGENTS.md"
    before = target.read_bytes()
    md = _open(tmp_path / "home", root / "data" / "Scripts")
    md.store("project").add(
        type="feedback",
        name="AHK encoding",
        description="script encoding",
        body="Save AutoHotkey scripts as UTF-8 without BOM.",
    )
    export_memories(md, "agents-md", target, apply=True)
    after = target.read_bytes()
    assert after.startswith(before)
    section = after[len(before) :]
    assert b"UTF-8 without BOM" in section
    assert section.count(b"\n") == section.count(b"\r\n")
    export_memories(md, "agents-md", target, apply=True)
    assert target.read_bytes() == after


def test_memdir_context_cli_on_a_windows_checkout_prints_no_cr(tmp_path: Path) -> None:
    """``memdir context --path`` (a subprocess, as a session-start hook runs it) in the
    CRLF+BOM eventum checkout: the path-scoped API rule is in, as text, with no ``\\r``
    or BOM, and without the rule's front matter."""
    root = _windows(materialize(REAL / "eventum-generator__eventum", tmp_path / "co").resolve())
    env = {
        "HOME": os.environ["HOME"],
        "MEMDIR_HOME": str(tmp_path / "mh"),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "CODEX_HOME": str(tmp_path / "cx"),
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(Path(chats.__file__).parents[3]),
    }
    run = subprocess.run(
        [sys.executable, "-m", "memdir", "context", "--path", "eventum/api/main.py"],
        cwd=root,
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout.decode("utf-8")
    assert "# API Development Rules" in out
    assert "\r" not in out and "\ufeff" not in out
    assert 'paths:\n  - "eventum/api/**"' not in out


# -- Claude.ai data export: the files beside conversations.json, and edit branches ------
# No public, permissively licensed Claude.ai export was found; these inputs follow the
# export's shape as third parties document it from real exports (``users.json``,
# ``conversations.json`` whose ``chat_messages`` carry ``parent_message_uuid`` — the
# branch tree of edits and regenerations, root ``00000000-…`` —, ``projects.json``
# with ``prompt_template`` and ``docs``, ``memories.json`` with ``conversations_memory``
# and ``project_memories``).

_ROOT = "00000000-0000-4000-8000-000000000000"


def _claude_msg(uuid: str, parent: str, sender: str, text: str, at: str) -> dict[str, object]:
    return {
        "uuid": uuid,
        "text": text,
        "content": [{"type": "text", "text": text}],
        "sender": sender,
        "created_at": f"2026-02-07T10:{at}Z",
        "updated_at": f"2026-02-07T10:{at}Z",
        "attachments": [],
        "files": [],
        "parent_message_uuid": parent,
    }


def _claude_export(dest: Path) -> Path:
    """An unzipped Claude.ai export: the first prompt was edited (a second branch from the
    root), which is the one Claude.ai shows."""
    dest.mkdir(parents=True)
    conv = {
        "uuid": "c1",
        "name": "Editor setup",
        "summary": None,
        "created_at": "2026-02-07T10:00:00Z",
        "updated_at": "2026-02-07T10:05:00Z",
        "account": {"uuid": "a1"},
        "chat_messages": [
            _claude_msg("m1", _ROOT, "human", "I use vim and my team indents with tabs.", "00:00"),
            _claude_msg("m2", "m1", "assistant", "Noted: vim and tabs.", "00:05"),
            _claude_msg(
                "m3", _ROOT, "human", "I use emacs and my team indents with spaces.", "01:00"
            ),
            _claude_msg("m4", "m3", "assistant", "Noted: emacs and spaces.", "01:05"),
        ],
    }
    files: dict[str, object] = {
        "conversations.json": [conv],
        "users.json": [{"uuid": "u1", "full_name": "A. Person", "email_address": "a@example.com"}],
        "projects.json": [
            {
                "uuid": "p1",
                "name": "Backend",
                "description": "",
                "is_private": True,
                "prompt_template": "Answer in British English.",
                "docs": [],
            }
        ],
        "memories.json": [
            {
                "account_uuid": "a1",
                "conversations_memory": "The user is a backend engineer who prefers Go.",
                "project_memories": {},
            }
        ],
    }
    for name, data in files.items():
        (dest / name).write_text(json.dumps(data), encoding="utf-8")
    return dest


def test_claude_export_memories_json_is_read_and_its_other_files_are_no_problem(
    tmp_path: Path,
) -> None:
    exp = _claude_export(tmp_path / "exp")
    proj = tmp_path / "proj"
    subprocess.run(["git", "init", "-q", str(proj)], check=True)
    md = _open(tmp_path / "home", proj)
    g = gather(md, [exp])
    assert [p for p in g.problems if str(exp) in p] == []
    texts = " ".join(p.text for d in g.docs for p in d.parts)
    assert "backend engineer who prefers Go" in texts


def _gather_files(*roots: Path) -> Gathered:
    """What bootstrap's notes source reads under ``roots`` (no extractor run)."""
    g = Gathered()
    read_files(walk(list(roots), g)[1], g)
    return g


def _texts(g: Gathered, name: str) -> dict[str, list[str]]:
    """Doc label → texts of the docs read from files called ``name``."""
    out: dict[str, list[str]] = {}
    for d in g.docs:
        if d.path.name == name:
            out.setdefault(d.label, []).extend(p.text for p in d.parts)
    return out


def _write(path: Path, data: object) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def test_claude_export_project_memories_are_named_by_project_and_users_json_is_skipped(
    tmp_path: Path,
) -> None:
    """A project memory is labelled with its project's name from projects.json; a
    project's instructions and its short documents are read, a long document is noted and
    left out; users.json gives a note and no text (never the e-mail address)."""
    exp = _claude_export(tmp_path / "exp")
    _write(
        exp / "memories.json",
        [
            {
                "conversations_memory": "**Work**\n\nThe user writes Go at a bank.",
                "project_memories": {"p1": "Deploys on Fridays.", "p9": "Uses Rust."},
            }
        ],
    )
    projects = json.loads((exp / "projects.json").read_text("utf-8"))
    projects[0]["docs"] = [
        {"uuid": "d1", "filename": "style.md", "content": "Tabs, never spaces."},
        {"uuid": "d2", "filename": "paper.pdf", "content": "x " * 20_000},
    ]
    _write(exp / "projects.json", projects)
    g = _gather_files(exp)
    assert g.problems == []
    assert _texts(g, "memories.json") == {
        "memory [0]": ["**Work**", "The user writes Go at a bank."],
        "memory [0] project Backend": ["Deploys on Fridays."],
        "memory [0] project p9": ["Uses Rust."],  # no such project: its uuid
    }
    assert _texts(g, "projects.json") == {
        "project Backend": ["Answer in British English.", "Tabs, never spaces."]
    }
    wheres = [p.where for d in g.docs for p in d.parts if d.path.name != "conversations.json"]
    assert "Claude's memory of project Backend, line 1" in wheres
    assert "project Backend document style.md, line 1" in wheres
    assert any("1 project document(s) longer than" in n for n in g.notes)
    assert any(str(exp / "users.json") in n for n in g.notes)
    everything = " ".join(p.text for d in g.docs for p in d.parts)
    assert "a@example.com" not in everything and "A. Person" not in everything
    assert [d.label for d in g.docs if d.path.name == "conversations.json"] == ["[0] Editor setup"]


_HUGE = "x" * 200_001


@pytest.mark.parametrize(
    ("name", "data", "problem"),
    [
        ("memories.json", ["a memory", "another"], "item [0]: a string, not a memory"),
        ("memories.json", {"memories": []}, "item [0]: an object, not a memory"),
        ("memories.json", None, "item [0]: null, not a memory"),
        ("memories.json", [{"conversations_memory": None, "project_memories": None}], ""),
        ("memories.json", [{"conversations_memory": 3}], "conversations_memory: a number"),
        ("memories.json", [{"project_memories": ["a"]}], "project_memories is a list"),
        ("memories.json", [{"project_memories": {"p1": {"t": 1}}}], "an object, not a text"),
        ("memories.json", [{"conversations_memory": _HUGE}], "200,001 characters"),
        ("projects.json", ["Backend"], "item [0]: a string, not a project"),
        ("projects.json", {"name": "Backend"}, "item [0]: an object, not a project"),
        ("projects.json", [{"prompt_template": None, "docs": None}], ""),
        ("projects.json", [{"prompt_template": _HUGE}], "200,001 characters"),
        ("projects.json", [{"docs": {"a": 1}}], "project [0]: docs is an object, not a list"),
        ("projects.json", [{"docs": ["a", 2]}], "docs [0]: a string, not a document"),
        ("users.json", "not users at all", ""),
    ],
)
def test_claude_export_file_of_a_wrong_shape_is_one_problem_and_loses_nothing_else(
    name: str, data: object, problem: str, tmp_path: Path
) -> None:
    """Each wrong shape is at most one line naming the file and what is wrong; the
    conversations and the other file of the export are still read."""
    exp = _claude_export(tmp_path / "exp")
    _write(exp / name, data)
    g = _gather_files(exp)
    if problem:
        (line,) = g.problems
        assert line.startswith(f"{exp / name}: ") and problem in line
    else:
        assert g.problems == []
    assert [d.label for d in g.docs if d.path.name == "conversations.json"] == ["[0] Editor setup"]
    other = {"memories.json": "projects.json", "projects.json": "memories.json"}.get(name)
    assert other is None or _texts(g, other)


def test_claude_export_memories_json_of_many_wrongs_is_one_line_and_keeps_the_good(
    tmp_path: Path,
) -> None:
    exp = _claude_export(tmp_path / "exp")
    _write(exp / "memories.json", ["a", {"conversations_memory": "Prefers Go."}, 7, None])
    g = _gather_files(exp)
    assert g.problems == [
        f"{exp / 'memories.json'}: item [0]: a string, not a memory (no conversations_memory "
        f"or project_memories) (and 2 more such problems)"
    ]
    assert _texts(g, "memories.json") == {"memory [1]": ["Prefers Go."]}


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (
            b'[{"conversations_memory": "Prefers Go."}, {"conversations_memory": "caf\xe9"}]',
            "not valid JSON",
        ),
        (b'[{"conversations_memory": "Prefers Go."}, {"conv', "not valid JSON"),
        (
            b'[{"conversations_memory": "Prefers Go."}, {"conversations_memory": "'
            + b"x" * (33 << 20)
            + b'"}]',
            "item [1] is larger than 32 MiB",
        ),
    ],
    ids=["latin-1", "cut", "33-MiB-item"],
)
def test_claude_export_memories_json_that_breaks_part_way_keeps_what_came_before(
    data: bytes, problem: str, tmp_path: Path
) -> None:
    exp = _claude_export(tmp_path / "exp")
    (exp / "memories.json").write_bytes(data)
    g = _gather_files(exp)
    (line,) = g.problems
    assert line.startswith(f"{exp / 'memories.json'}: ") and problem in line
    assert _texts(g, "memories.json") == {"memory [0]": ["Prefers Go."]}
    assert _texts(g, "projects.json") and _texts(g, "conversations.json")


def test_lone_memories_json_is_read_by_its_shape(tmp_path: Path) -> None:
    """Without conversations.json beside it, a memories.json of Claude.ai's shape is still
    Claude's memory (the one file taken out of the export); of a chat's shape it is a chat
    export, of neither it is "not a chat export" as before, and so are a lone
    projects.json and users.json."""
    (tmp_path / "a").mkdir()
    _write(tmp_path / "a" / "memories.json", [{"conversations_memory": "Prefers Go."}])
    (tmp_path / "b").mkdir()
    _write(tmp_path / "b" / "memories.json", [{"role": "user", "content": "I use vim."}])
    (tmp_path / "c").mkdir()
    for name in ("memories.json", "projects.json", "users.json"):
        _write(tmp_path / "c" / name, [{"name": "x"}])
    g = _gather_files(tmp_path)
    texts = {str(d.path.relative_to(tmp_path)): [p.text for p in d.parts] for d in g.docs}
    assert texts == {"a/memories.json": ["Prefers Go."], "b/memories.json": ["I use vim."]}
    for name in ("memories.json", "projects.json", "users.json"):
        assert any(p.startswith(f"{tmp_path / 'c' / name}: not a chat export") for p in g.problems)
    assert all(str(tmp_path / "c") in p for p in g.problems)


def test_claude_export_reads_the_branch_claude_shows(tmp_path: Path) -> None:
    """A Claude.ai export lists every branch (edited prompts, regenerated answers;
    ``parent_message_uuid`` is the tree): the conversation is the branch Claude.ai shows,
    ending at the latest message — not the edited-away prompt beside its correction (was:
    all four read in order)."""
    (conv,) = _read(_claude_export(tmp_path / "exp") / "conversations.json")
    assert [(m.role, m.text) for m in conv.messages] == [
        ("user", "I use emacs and my team indents with spaces."),
        ("assistant", "Noted: emacs and spaces."),
    ]


def test_claude_export_with_a_parent_left_out_reads_every_message(tmp_path: Path) -> None:
    """A tree that does not reach the root (a parent the export left out) is no branch to
    follow: every message is read, in order, as before — nothing is lost."""
    exp = _claude_export(tmp_path / "exp") / "conversations.json"
    data = json.loads(exp.read_text("utf-8"))
    data[0]["chat_messages"][2]["parent_message_uuid"] = "not-in-the-export"
    exp.write_text(json.dumps(data), encoding="utf-8")
    (conv,) = _read(exp)
    assert [m.text for m in conv.messages] == [
        "I use vim and my team indents with tabs.",
        "Noted: vim and tabs.",
        "I use emacs and my team indents with spaces.",
        "Noted: emacs and spaces.",
    ]


def test_orbit_code_cut_file_with_a_latin1_byte_keeps_it_as_u_fffd(tmp_path: Path) -> None:
    """A Windows editor saved one ``é`` of the cut AGENTS.md as Latin-1 (byte 0xE9): Codex
    decodes the bytes it reads lossily, so the cut text holds U+FFFD there, as the file
    read whole does — the byte is not dropped."""
    root = materialize(ORBIT, tmp_path / "co").resolve()
    cut = root / DEEP / "AGENTS.md"
    raw = cut.read_bytes()
    cut.write_bytes(raw[:40] + b"caf\xe9 " + raw[40:])
    md = _open(tmp_path / "home", root / DEEP / "snapshots")
    found, _ = md.instructions()
    (item,) = [i for i in found if i.path == cut]
    assert "caf\ufffd " in item.text
    assert item.text.startswith(raw[:40].decode())
