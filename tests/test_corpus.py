"""Real repositories (tests/fixtures/real, see its INDEX.md): memdir reads the instruction
files Codex and Claude Code read -- the same files, each once, in their order, the same
bytes -- and imports every real memory file and writes it back without loss.

The two harness readers below are written from the harnesses' sources and documentation
(docs/design/instructions.md), not from memdir's code, so the comparison can fail: Claude
Code's imports are any token that names a file (``@README``), read to the next space."""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.interop import export_memories, import_memories
from memdir.interop.claude_code.formats import parse_index, parse_index_line

REAL = Path(__file__).parent / "fixtures" / "real"
REPOS = sorted(  # the repositories kept for their instruction files (others: skills only)
    p
    for p in REAL.iterdir()
    if p.is_dir() and any(p.rglob("AGENTS*.txt")) | any(p.rglob("CLAUDE*.txt"))
)
CODEX_BUDGET = 32 * 1024


def materialize(fixture: Path, dest: Path) -> Path:
    """The fixture's files under their own names (``.txt`` dropped) in a git checkout."""
    for path in sorted(fixture.rglob("*.txt")):
        target = dest / path.relative_to(fixture).with_suffix("")
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            os.symlink(os.readlink(path).removesuffix(".txt"), target)
        else:
            shutil.copyfile(path, target)
    subprocess.run(["git", "init", "-q", str(dest)], check=True)
    return dest


def _text(path: Path) -> str:
    return path.read_bytes().decode("utf-8", "replace").removeprefix("\ufeff").replace("\r\n", "\n")


def _ladder(root: Path, cwd: Path) -> list[Path]:
    return [root, *reversed([p for p in cwd.parents if root in p.parents or p == root][:-1])] + (
        [cwd] if cwd != root else []
    )


# -- Codex: codex-rs/core/src/agents_md.rs ------------------------------------------------


def codex_reads(root: Path, cwd: Path) -> list[tuple[Path, str]]:
    """One file per folder from the git root down (AGENTS.override.md, else AGENTS.md), at
    most project_doc_max_bytes together; empty files skipped without using the budget."""
    out, remaining = [], CODEX_BUDGET
    for folder in _ladder(root, cwd):
        for name in ("AGENTS.override.md", "AGENTS.md"):
            path = folder / name
            if not path.is_file():
                continue
            if remaining == 0:
                break
            data = path.read_bytes()[:remaining]
            text = data.decode("utf-8", "ignore").removeprefix("\ufeff").replace("\r\n", "\n")
            if text.strip():
                out.append((path, text))
                remaining -= len(data)
            break
    return out


# -- Claude Code: memory docs (CLAUDE.md lookup, imports, .claude/rules) ------------------

_FENCE = re.compile(r"^ {0,3}(```|~~~).*?^ {0,3}\1[^\n]*$", re.M | re.S)
_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
# Claude Code's extractIncludePathsFromTokens (src/utils/claudemd.ts, as published copies
# and analyses of it quote it): the token runs to the next whitespace ("\ " escapes one),
# the fragment after "#" is dropped, and the path must start with ./ ~/ / or [A-Za-z0-9._-].
_IMPORT = re.compile(r"(?:^|(?<=\s))@((?:[^\s\\]|\\ )+)")
_VALID = re.compile(r"\./|~/|/(?!$)|(?![@#%^&*()])[a-zA-Z0-9._-]")


def _imports(text: str) -> list[str]:
    """The ``@path`` references of ``text`` outside code, as Claude Code extracts them
    (each must still name a file to be read)."""
    bare = _SPAN.sub("", _FENCE.sub("", text))
    found = []
    for token in _IMPORT.findall(bare):
        path = token.split("#", 1)[0].replace("\\ ", " ")
        if path and _VALID.match(path):
            found.append(path)
    return found


def _rule(text: str) -> tuple[str, bool]:
    """A rule's body and whether it loads at start (no ``paths:``, or ``paths: **``)."""
    if not text.startswith("---\n"):
        return text.strip("\n"), True
    end = text.find("\n---", 3)  # 3: an empty block (``---`` twice) ends at once
    if end < 0:
        return text.strip("\n"), True
    head, body = text[4:end], text[end + 4 :].split("\n", 1)[-1]
    globs = []
    if "paths:" in head:  # its value, then its `- item` lines (a later key ends the list)
        first, *rest = head.split("paths:", 1)[1].split("\n")
        items = [first, *itertools.takewhile(lambda ln: ln.lstrip().startswith("-"), rest)]
        globs = [g.strip(" -'\"") for g in items]
    globs = [g for g in ",".join(globs).split(",") if g.strip(" -'\"[]")]
    return body.strip("\n"), not globs or all(g.strip(" -'\"[]") in ("**", "**/*") for g in globs)


def claude_reads(root: Path, cwd: Path) -> list[tuple[Path, str]]:
    """At start: per folder from the top down CLAUDE.md, .claude/CLAUDE.md, the
    unconditional .claude/rules/**/*.md, then CLAUDE.local.md; each file once, its imports
    right after it, at most five hops, only within the checkout."""
    out: list[tuple[Path, str]] = []
    seen: set[Path] = set()

    def visit(path: Path, text: str | None, hops: int) -> None:
        real = path.resolve()
        if real in seen or not path.is_file() or not (real == root or root in real.parents):
            return
        text = _text(path) if text is None else text
        if not text.strip():
            return
        seen.add(real)
        out.append((path, text))
        for token in _imports(text):  # relative to the importing file's real folder
            target = (
                Path(os.path.expanduser(token)) if token.startswith("~/") else real.parent / token
            )
            if hops < 5 and target.is_file():
                visit(target, None, hops + 1)

    for folder in _ladder(root, cwd):
        visit(folder / "CLAUDE.md", None, 0)
        visit(folder / ".claude" / "CLAUDE.md", None, 0)
        for rule in sorted((folder / ".claude" / "rules").rglob("*.md")):
            body, always = _rule(_text(rule))
            if always:
                visit(rule, body, 0)
        visit(folder / "CLAUDE.local.md", None, 0)
    return out


# -- the comparison ------------------------------------------------------------------------


def _folders(root: Path) -> list[Path]:
    """The checkout root and every folder holding an instruction file: where a harness may
    be started."""
    names = ("AGENTS.md", "AGENTS.override.md", "CLAUDE.md")
    found = {p.parent for n in names for p in root.rglob(n) if ".git" not in p.parts}
    return sorted({root, *(f for f in found if ".claude" not in f.parts)})


@pytest.fixture
def person(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "person"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    return home


def _open(tmp_path: Path, cwd: Path, name: str = "memhome") -> Memdir:
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "CODEX_HOME": str(tmp_path / "cx")}
    return Memdir(load_settings(tmp_path / name, cwd, environ=env))


@pytest.mark.parametrize("fixture", REPOS, ids=lambda p: p.name)
def test_memdir_reads_what_codex_and_claude_code_read(
    fixture: Path, tmp_path: Path, person: Path
) -> None:
    root = materialize(fixture, tmp_path / "checkout").resolve()
    compared = 0
    for cwd in _folders(root):
        md = _open(tmp_path, cwd)
        found, notes = md.instructions()
        mine = [i for i in found if i.scope in ("project", "local")]
        reals = [i.path.resolve() for i in mine]
        assert len(reals) == len(set(reals)), f"{cwd}: a file is loaded twice"
        codex, claude = codex_reads(root, cwd), claude_reads(root, cwd)
        by_real = {i.path.resolve(): i for i in mine}
        codex_real = [p.resolve() for p, _ in codex]
        claude_real = [p.resolve() for p, _ in claude]
        for path, text in codex + claude:  # every file a harness reads, with its bytes
            item = by_real.get(path.resolve())
            assert item is not None, f"{cwd}: {path} is read by a harness, not by memdir"
            whole = _text(path) if item.kind != "rule" else _rule(_text(path))[0]
            if path.resolve() in claude_real:  # Claude Code reads all of it
                assert item.text.strip("\n") == whole.strip("\n"), path
            else:  # Codex only: its cut, if any
                assert item.text == text, path
        order = [r for r in reals if r in codex_real]  # Codex's order, exactly
        assert order == codex_real, cwd
        shared = set(codex_real)  # a file both read comes where Codex reads it
        for group in (False, True):  # team files, then private ones (memdir's local scope)
            theirs = [
                r for r in claude_real if r not in shared and r.name.endswith(".local.md") is group
            ]
            ours = [r for r in reals if r in theirs]
            assert ours == theirs, cwd
        for item in mine:  # anything else memdir reads is an import of an AGENTS file
            real = item.path.resolve()
            if real not in shared and real not in claude_real:
                assert item.includes and item.includes[0][0].name.startswith("AGENTS"), item.path
        assert not [n for n in notes if n.warning], [n for n in notes if n.warning]
        compared += len(codex) + len(claude)
    assert compared > 0  # every fixture has something a harness reads


MEMORY_REPOS = [p for p in REPOS if (p / ".claude" / "memory").is_dir()]


def _fields(md: Memdir) -> dict[str, tuple[str, str, str]]:
    return {e.name: (e.type.value, e.description, e.body.strip()) for _, e in md.entries()}


@pytest.mark.parametrize("fixture", MEMORY_REPOS, ids=lambda p: p.name)
def test_real_memory_folders_import_and_round_trip(
    fixture: Path, tmp_path: Path, person: Path
) -> None:
    root = materialize(fixture, tmp_path / "checkout")
    folder = root / ".claude" / "memory"
    md = _open(tmp_path, root)
    plan = import_memories(md, "claude-code", folder, apply=True)
    assert plan.problems == []
    origins = {p.item.origin.split("claude-code:", 1)[1].split("#")[0] for p in plan.items}
    topic_files = {str(p) for p in folder.glob("*.md") if p.name != "MEMORY.md"}
    assert topic_files <= origins  # every topic file is read
    assert {p.action for p in plan.items} <= {"add", "duplicate"}, [
        (p.item.name, p.action, p.reason)
        for p in plan.items
        if p.action not in ("add", "duplicate")
    ]
    out = tmp_path / "out"
    report = export_memories(md, "claude-code", out, apply=True)
    assert report.left_out == []  # a real folder fits Claude Code's index
    again = _open(tmp_path, root, "second-home")
    import_memories(again, "claude-code", out, apply=True)
    assert _fields(again) == _fields(md)  # names, types, descriptions, bodies

    def shape(text: str) -> list[Any]:  # the index as a reader sees it: file names are ids
        lines = [(ln, parse_index_line(ln)) for ln in text.splitlines() if ln.strip()]
        return [(link.title, link.hook) if link else ln for ln, link in lines]

    source = (folder / "MEMORY.md").read_text("utf-8")
    exported = (out / "MEMORY.md").read_text("utf-8")
    gone = {
        link.title
        for link in parse_index(source).links
        if link.filename and not (folder / link.filename).exists()
    }
    wanted = [x for x in shape(source) if not (isinstance(x, tuple) and x[0] in gone)]
    got = iter(shape(exported))
    assert all(x in got for x in wanted), json.dumps([w for w in wanted], default=str)[:2000]
