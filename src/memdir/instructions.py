"""Instruction files and rules of every scope, with their ``@path`` includes expanded.

Per scope, in ascending precedence (managed, user, project, local):

* managed and user: ``AGENTS.md`` / ``CLAUDE.md`` in the scope folder;
* project: those files at the checkout root and in every folder down to the one memdir
  was opened in (outermost first), then in the project's ``.memdir/``;
* local: ``AGENTS.local.md`` / ``CLAUDE.local.md`` in the same folders (private overrides;
  a warning when git does not ignore one), then the local scope folder's own files;
* then each scope folder's ``rules/*.md``. A rule may name ``paths:`` globs in its
  frontmatter and is then loaded only for sessions opened with a matching path; a rule
  with the same file name in a more local scope replaces it.

Which of ``AGENTS.md`` and ``CLAUDE.md`` are read is configurable. Everything left out,
and why, is returned as :class:`Note` for ``memdir context --explain``.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .errors import ParseError
from .formats.frontmatter import split_frontmatter
from .formats.includes import find_includes
from .scopes import ScopeLocation
from .storage.regular import read_text

__all__ = ["MAX_INCLUDE_DEPTH", "Instruction", "Note", "gather", "glob_matches"]

MAX_INCLUDE_DEPTH = 5
MAX_FILE_BYTES = 256 * 1024
MAX_INCLUDED_BYTES = 512 * 1024  # all includes of one session start, together


@dataclass(frozen=True)
class Instruction:
    """One instruction file or rule as it goes into the system block."""

    scope: str
    path: Path
    kind: str  # "instructions" or "rule"
    text: str  # includes expanded
    includes: tuple[tuple[Path, ...], ...] = ()  # each chain, from this file down
    paths: tuple[str, ...] = ()  # a rule's globs (empty: always loaded)


@dataclass(frozen=True)
class Note:
    """Something left out of (or changed in) the system block, and why."""

    scope: str | None
    subject: str
    reason: str
    warning: bool = False  # something the user should fix, said at session start too


@dataclass
class _Context:
    roots: tuple[Path, ...]  # where the current scope's files and includes may come from
    notes: list[Note]
    budget: int = MAX_INCLUDED_BYTES  # what includes may still add (a fan-out bomb stops)


def _read(path: Path) -> str:
    """A regular file's text; OSError/ValueError say why it cannot be used. Opened without
    blocking, so a FIFO named AGENTS.md cannot hang a session start."""
    return read_text(path, MAX_FILE_BYTES).replace("\r\n", "\n")


def _inside(path: Path, roots: Iterable[Path]) -> bool:
    return any(path == root or root in path.parents for root in roots)


def _expand(
    text: str, chain: tuple[Path, ...], scope: str, ctx: _Context
) -> tuple[str, list[tuple[Path, ...]]]:
    """``text`` of ``chain[-1]`` with its includes replaced by the included text (or by a
    visible note saying why not), and the include chains used."""
    pieces: list[str] = []
    chains: list[tuple[Path, ...]] = []
    last = 0
    for inc in find_includes(text):
        pieces.append(text[last : inc.start])
        last = inc.end
        raw = inc.path
        target = Path.home() / raw[2:] if raw.startswith("~/") else chain[-1].parent / raw
        try:
            real = target.resolve()
        except (OSError, RuntimeError, ValueError):  # a loop, or a NUL in the path
            real = target
        why = None
        if "\x00" in raw:
            why = "the path holds a NUL byte"
        elif ctx.budget <= 0:
            why = (
                f"the includes already add {MAX_INCLUDED_BYTES // 1024} KiB, the most one "
                f"session start takes"
            )
        elif not _inside(real, ctx.roots):
            why = (
                "outside the folders this file may include from (list its folder under "
                "include_dirs in config.toml to allow it)"
            )
        elif real in chain:
            why = "include cycle: " + " → ".join(p.name for p in (*chain, real))
        elif len(chain) > MAX_INCLUDE_DEPTH:
            why = f"more than {MAX_INCLUDE_DEPTH} includes deep"
        else:
            try:
                included = _read(real)
            except FileNotFoundError:
                why = "no such file"
            except (OSError, ValueError) as exc:
                why = getattr(exc, "strerror", None) or str(exc)
        if why is not None:
            ctx.notes.append(Note(scope, f"@{raw} in {chain[-1]}", f"not included: {why}"))
            pieces.append(f"[memdir: @{raw} not included: {why}]")
            continue
        ctx.budget -= len(included)
        inner, inner_chains = _expand(included, (*chain, real), scope, ctx)
        chains.append((*chain, real))
        chains.extend(inner_chains)
        pieces.append(inner.rstrip("\n"))
    pieces.append(text[last:])
    return "".join(pieces), chains


def _load(path: Path, scope: str, kind: str, ctx: _Context) -> Instruction | None:
    try:
        real = path.resolve()
    except (OSError, RuntimeError):
        real = path
    if not _inside(real, ctx.roots) and (path.is_symlink() or path.exists()):
        ctx.notes.append(
            Note(
                scope,
                str(path),
                f"not loaded: it points to {real}, outside the folders it may be read from",
                warning=True,
            )
        )
        return None
    try:
        text = _read(path)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        ctx.notes.append(
            Note(
                scope,
                str(path),
                f"not loaded: {getattr(exc, 'strerror', None) or exc}",
                warning=True,
            )
        )
        return None
    paths: tuple[str, ...] = ()
    if kind == "rule":
        try:
            meta, body, _ = split_frontmatter(text, path)
        except ParseError as exc:
            ctx.notes.append(Note(scope, str(path), f"not loaded: {exc}", warning=True))
            return None
        raw = (meta or {}).get("paths")
        if raw is not None:
            items = [raw] if isinstance(raw, str) else raw
            if not isinstance(items, list) or not all(isinstance(p, str) for p in items):
                ctx.notes.append(
                    Note(
                        scope,
                        str(path),
                        "not loaded: 'paths' must be a glob or a list of globs",
                        warning=True,
                    )
                )
                return None
            paths = tuple(items)
        text = body
    expanded, chains = _expand(text, (path.resolve(),), scope, ctx)
    return Instruction(scope, path, kind, expanded, tuple(chains), paths)


def _ladder(checkout: Path, start: Path) -> list[Path]:
    """The checkout root and every folder down to ``start`` (outermost first)."""
    start = start.resolve()
    if start != checkout and checkout not in start.parents:
        return [checkout]
    folders = [start, *start.parents]
    return list(reversed(folders[: folders.index(checkout) + 1]))


def _local_name(name: str) -> str:
    return name[: -len(".md")] + ".local.md"


def _not_ignored(paths: Sequence[Path]) -> list[Path]:
    """Those of ``paths`` git does not ignore (one ``git check-ignore`` for all; none when
    they are not in a repository or git is missing)."""
    if not paths:
        return []
    import subprocess  # only when a private override exists

    try:
        done = subprocess.run(
            ["git", "-C", str(paths[0].parent), "check-ignore", "--stdin", "-z"],
            input=b"\0".join(os.fsencode(p) for p in paths),
            capture_output=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    if done.returncode not in (0, 1):
        return []
    ignored = {os.fsdecode(p) for p in done.stdout.split(b"\0") if p}
    return [p for p in paths if str(p) not in ignored]


def _files(loc: ScopeLocation, checkout: Path, start: Path, names: Sequence[str]) -> list[Path]:
    """The scope's instruction files in order: the checkout's folders first (project and
    local), then the scope folder's own (unless the scope folder cannot be used here)."""
    own = [] if loc.unavailable else [loc.path / n for n in names]
    if loc.name == "project":
        return [d / n for d in _ladder(checkout, start) for n in names] + own
    if loc.name == "local":
        return [d / _local_name(n) for d in _ladder(checkout, start) for n in names] + own
    return own


_GLOB_PART = re.compile(r"\*\*/|\*\*|\*|\?|\[[^\]/]*\]|[^*?\[]+|\[")


@functools.lru_cache(maxsize=256)
def _glob_regex(pattern: str) -> re.Pattern[str]:
    """The regex of a rule glob; a bracket class Python cannot compile (``[z-a]``, ``[!]``)
    makes the whole glob a literal, so a rule file never breaks a session start."""
    out = []
    for piece in _GLOB_PART.findall(pattern.strip().lstrip("/")):
        if piece == "**/":
            out.append("(?:.*/)?")
        elif piece == "**":
            out.append(".*")
        elif piece == "*":
            out.append("[^/]*")
        elif piece == "?":
            out.append("[^/]")
        elif piece.startswith("[") and len(piece) > 2:
            body = piece[1:-1]
            negate = body.startswith("!")
            body = (body[1:] if negate else body).replace("\\", "\\\\").replace("^", "\\^")
            out.append("[" + ("^" if negate else "") + body + "]")
        else:
            out.append(re.escape(piece))
    try:
        return re.compile("".join(out) + "(?:/.*)?")
    except re.error:
        return re.compile(re.escape(pattern.strip().lstrip("/")) + "(?:/.*)?")


def glob_matches(pattern: str, path: str) -> bool:
    """Whether a checkout-relative ``path`` matches a rule glob (``**`` spans folders,
    ``*`` and ``?`` do not; a folder pattern matches everything under it)."""
    while path.startswith("./"):
        path = path[2:]
    return _glob_regex(pattern).fullmatch(path.lstrip("/")) is not None


def _relative(path: str | Path, checkout: Path) -> str:
    p = Path(path)
    if p.is_absolute():
        try:
            return p.resolve().relative_to(checkout).as_posix()
        except ValueError:
            return p.as_posix()
    return p.as_posix()


def gather(
    locations: Sequence[ScopeLocation],
    *,
    checkout: Path,
    start: Path,
    names: Sequence[str],
    include_dirs: Sequence[Path] = (),
    paths: Sequence[str | Path] | None = None,
) -> tuple[list[Instruction], list[Note]]:
    """Every instruction file and rule that applies, in ascending precedence, and notes on
    what was left out. ``paths`` are the files a session works on (for path-scoped rules)."""
    # A repository's own files (it may be a stranger's clone) read only from the checkout:
    # `@~/.aws/credentials` in its AGENTS.md must not reach a prompt. The person's own
    # scopes may also read from their home folder.
    project_roots = {checkout.resolve(), *(p.resolve() for p in include_dirs)}
    own_roots = {*project_roots, Path.home().resolve()}
    own_roots.update(loc.path.resolve() for loc in locations if not loc.unavailable)
    ctx = _Context(tuple(own_roots), [])
    wanted = [_relative(p, checkout.resolve()) for p in paths or ()]
    found: list[Instruction] = []
    rules: dict[str, Instruction] = {}
    for loc in locations:
        ctx.roots = tuple(project_roots if loc.name == "project" else own_roots)
        for path in _files(loc, checkout, start, names):
            item = _load(path, loc.name, "instructions", ctx)
            if item is not None:
                found.append(item)
        try:
            rule_files = [] if loc.unavailable else sorted((loc.path / "rules").glob("*.md"))
        except OSError:
            rule_files = []
        for path in rule_files:
            rule = _load(path, loc.name, "rule", ctx)
            if rule is None:
                continue
            if rule.paths and not any(glob_matches(g, p) for g in rule.paths for p in wanted):
                ctx.notes.append(
                    Note(
                        loc.name,
                        str(path),
                        f"not loaded: only for paths matching {', '.join(rule.paths)}",
                    )
                )
                continue
            old = rules.get(path.name)
            if old is not None:
                ctx.notes.append(
                    Note(old.scope, str(old.path), f"overridden by the {loc.name} rule {path}")
                )
            rules[path.name] = rule
    private = [i.path for i in found if i.path.name.endswith(".local.md")]
    ctx.notes += [
        Note(
            "local",
            str(p),
            "is not ignored by git, so it may be committed and shared; add it to .gitignore",
            warning=True,
        )
        for p in _not_ignored(private)
    ]
    order = {loc.name: i for i, loc in enumerate(locations)}
    ranked = sorted(rules.values(), key=lambda r: (order[r.scope], r.path.name))
    merged = [*found, *ranked]
    merged.sort(key=lambda i: order[i.scope])  # stable: files, then rules, per scope
    return merged, ctx.notes
