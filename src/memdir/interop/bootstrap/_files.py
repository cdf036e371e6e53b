"""Folders the person names (``--from``): notes, chat exports, repositories.
See docs/design/interop.md."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from ...core.errors import ParseError
from ...core.storage.regular import open_regular, read_text
from .._files import why
from . import _chatgpt, _claude_ai, chats
from ._found import Doc, Gathered, Part, Progress

MAX_FILES = 5_000
MAX_DEPTH = 6
MAX_REPOS = 200
MAX_BYTES = {"notes": 2 << 20, "chat": 2 << 30}
MAX_CHAT_CHARS = 20_000_000  # chat text held per run (the extractor's MAX_CHARS)
PART_CHARS = 1_900
_NOTES = (".md", ".markdown", ".txt", ".text", ".org", ".rst")
_EXT = {**dict.fromkeys(_NOTES, "notes"), ".json": "chat"}
_SKIP = frozenset(
    {"node_modules", "__pycache__", "venv", "site-packages", "target", "dist", "build", "vendor"}
)
_MARKER = re.compile(r"^\s*(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,3}[.)]\s+|#{1,6}\s+|>\s?)")
_FENCE = re.compile(r"^\s*(```|~~~)")
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s+")


def walk(roots: Sequence[Path], g: Gathered) -> tuple[list[Path], list[tuple[str, Path]]]:
    """(git repositories, (kind, file) to read) under ``roots``, bounded."""
    repos: list[Path] = []
    files: list[tuple[str, Path]] = []
    for root in roots:
        root = root.expanduser().absolute()
        if root.is_file():
            kind = _kind(root)
            if kind is None:
                hint = _jsonl(1) if root.suffix == ".jsonl" else ""
                g.problems.append(
                    f"{root}: not a kind of file bootstrap reads (.md, .txt, .json){hint}"
                )
            else:
                files.append((kind, root))
            continue
        if not root.is_dir():
            why = "not a regular file or folder" if root.exists() else "no such file or folder"
            g.problems.append(f"{root}: {why}")
            continue
        found, jsonl = (len(repos), len(files)), 0  # a repository's history is read too
        if (root / ".git").exists():
            repos.append(root)
        for folder, dirs, names in os.walk(
            root, onerror=lambda e: g.problems.append(f"{e.filename}: {e.strerror or e}")
        ):
            here = Path(folder)
            depth = len(here.relative_to(root).parts)
            keep = []
            for d in sorted(dirs):
                sub = here / d
                if d.startswith(".") or d in _SKIP or depth >= MAX_DEPTH:
                    continue
                if (sub / ".git").exists():
                    if len(repos) < MAX_REPOS:
                        repos.append(sub)
                    continue  # its files are code, read for history only
                keep.append(d)
            dirs[:] = keep
            jsonl += sum(name.endswith(".jsonl") for name in names)
            for name in sorted(names):
                kind = _kind(here / name)
                if kind is not None and (here / name).is_file():  # never a FIFO or socket
                    files.append((kind, here / name))
            if len(files) > MAX_FILES:
                g.problems.append(
                    f"{root}: more than {MAX_FILES:,} files to read; the rest "
                    f"were left out (name smaller folders with --from)"
                )
                del files[MAX_FILES:]
                break
        if (len(repos), len(files)) == found:
            g.problems.append(
                f"{root}: no file bootstrap reads (.md, .txt, .json) in it{_jsonl(jsonl)}"
            )
    unique = {p.resolve(): (kind, p) for kind, p in reversed(files)}  # first one wins
    return repos, list(reversed(unique.values()))


def _jsonl(n: int) -> str:
    """What to say of ``n`` ``.jsonl`` files bootstrap passed over: harnesses' transcripts."""
    if not n:
        return ""
    files = "a .jsonl file" if n == 1 else f"{n:,} .jsonl files"
    return (
        f"; {files} (session transcripts?): `memdir import-sessions claude-code|codex "
        "--from PATH` reads those"
    )


def _kind(path: Path) -> str | None:
    if path.name == "memories.json" or _claude_ai.in_export(path):
        return "claude.ai"  # a lone memories.json: Claude's, else read as a chat export
    if _chatgpt.in_export(path):
        return "chatgpt"  # no conversation in it: noted
    return _EXT.get(path.suffix.lower())


def _split(text: str, where: str) -> Iterable[Part]:
    """``text`` as parts of at most PART_CHARS, cut between sentences where possible."""
    while len(text) > PART_CHARS:
        cut = max((m.end() for m in _SENTENCE.finditer(text, 0, PART_CHARS)), default=0)
        cut = cut or PART_CHARS
        yield Part("user", text[:cut].strip(), where)
        text = text[cut:]
    if text.strip():
        yield Part("user", text.strip(), where)


def markdown_parts(text: str) -> list[Part]:
    """Paragraphs and list items of Markdown or plain text, markers and code left out."""
    lines = text.split("\n")
    start = 0
    if lines and lines[0].strip() == "---":  # frontmatter
        end = next((i for i in range(1, min(len(lines), 200)) if lines[i].strip() == "---"), 0)
        start = end + 1 if end else 0
    parts: list[Part] = []
    block: list[str] = []
    first = 0
    fence = False

    def flush() -> None:
        if block:
            parts.extend(_split(" ".join(block), f"line {first}"))
            block.clear()

    for number, line in enumerate(lines[start:], start + 1):
        if _FENCE.match(line):
            flush()
            fence = not fence
            continue
        if fence:
            continue
        if not line.strip():
            flush()
            continue
        marker = _MARKER.match(line)
        if (marker and not line.lstrip().startswith(">")) or line.lstrip().startswith("#"):
            flush()
        if not block:
            first = number
        block.append(line[marker.end() :].strip() if marker else line.strip())
    flush()
    return parts


def _chats(path: Path, g: Gathered) -> None:
    """Conversations streamed from the export, until :data:`MAX_CHAT_CHARS` of chat text
    are held (what the extractor reads in one run at most)."""
    problems: list[str] = []
    file = open(open_regular(path, MAX_BYTES["chat"]), "rb")  # noqa: SIM115 — closed below
    conversations = chats.iter_chat_export(file, str(path), problems)
    try:
        for conv in conversations:
            if g.chat_chars >= MAX_CHAT_CHARS:
                g.notes.append(
                    f"{path}: chat exports read up to {MAX_CHAT_CHARS:,} "
                    f"characters of text (what the extractor reads in one run); "
                    f"{conv.where} and the conversations after it were left out"
                )
                break
            parts = []
            for n, m in enumerate(conv.messages, 1):
                where = f"{conv.where}, message {n}"
                parts += [Part(m.role, p.text, where) for p in _split(m.text, where)]
            g.docs.append(Doc("chat", path, tuple(parts), label=conv.where))
            g.chat_chars += sum(len(p.text) for p in parts)
    finally:
        conversations.close()
        file.close()  # also when stopped early
        g.problems += [f"{path}: {p}" for p in problems]


def _claude_ai_file(path: Path, g: Gathered) -> None:
    """A file of a Claude.ai export beside its conversations (:mod:`._claude_ai`); a lone
    ``memories.json`` of no Claude.ai shape is read as a chat export."""
    if path.name == "users.json":
        g.notes.append(
            f"{path}: the Claude.ai account (name, e-mail address); nothing proposed from it"
        )
        return
    tally = _claude_ai.Tally()
    texts = (
        _claude_ai.memories(path, _claude_ai.project_names(path.parent / "projects.json"), tally)
        if path.name == "memories.json"
        else _claude_ai.projects(path, tally)
    )
    docs: dict[str, list[Part]] = {}
    try:
        for t in texts:
            if g.chat_chars >= MAX_CHAT_CHARS:
                g.notes.append(
                    f"{path}: chat exports read up to {MAX_CHAT_CHARS:,} characters of text; "
                    f"{t.where} and the texts after it were left out"
                )
                break
            parts = [Part(p.role, p.text, f"{t.where}, {p.where}") for p in markdown_parts(t.text)]
            docs.setdefault(t.label, []).extend(parts)
            g.chat_chars += sum(len(p.text) for p in parts)
    except ParseError as exc:  # invalid JSON part way: what came before is kept
        tally.wrong.insert(0, exc.reason)
    finally:
        texts.close()
    if not tally.known and not _claude_ai.in_export(path):
        _chats(path, g)  # no Claude.ai memory: whatever the chat reader makes of it
        return
    g.docs += [Doc("chat", path, tuple(ps), label=label) for label, ps in docs.items() if ps]
    if (problem := tally.problem()) is not None:
        g.problems.append(f"{path}: {problem}")
    if tally.long_docs:
        g.notes.append(
            f"{path}: {tally.long_docs} project document(s) longer than "
            f"{_claude_ai.DOC_CHARS:,} characters left out (reference material, not notes)"
        )


def read_file(
    kind: str,
    path: Path,
    g: Gathered,
) -> None:
    """Read one file into ``g`` (docs for the extractor); any failure becomes one line in
    ``g.problems``."""
    try:
        if kind == "notes" and (parts := markdown_parts(read_text(path, MAX_BYTES["notes"]))):
            g.docs.append(Doc("notes", path, tuple(parts)))
        elif kind == "chat":
            _chats(path, g)
        elif kind == "claude.ai":
            _claude_ai_file(path, g)
        elif kind == "chatgpt":
            g.notes.append(_chatgpt.note(path))
    except ParseError as exc:
        g.problems.append(f"{path}: {exc.reason}")
    except (OSError, ValueError) as exc:
        g.problems.append(f"{path}: {why(exc)}")


def read_files(
    files: Sequence[tuple[str, Path]],
    g: Gathered,
    *,
    progress: Progress | None = None,
) -> None:
    """Read every file found by :func:`walk`, reporting progress every 100 files."""
    for i, (kind, path) in enumerate(files, 1):
        if progress is not None and i % 100 == 0:
            progress(f"files: {i:,} of {len(files):,} read")
        read_file(kind, path, g)
