"""How Codex picks a folder's ``AGENTS.md``: the project-doc keys of Codex's own
config.toml (:class:`CodexDocs`), the project root its ``project_root_markers`` find, and
which project ``.codex/config.toml`` layers Codex trusts enough to read
(:func:`codex_project`). Read by :mod:`memdir.core.config` (once per process, into
``Settings.codex_docs``) and :mod:`memdir.core.instructions`. See docs/design/core.md."""

from __future__ import annotations

import dataclasses
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .harness_homes import absolute, codex_home
from .storage.regular import read_bytes, read_text

OVERRIDE = "AGENTS.override.md"  # Codex reads it instead of AGENTS.md in the same folder

CODEX_MARKERS = (".git",)  # Codex's default project_root_markers
MAX_CODEX_NAMES = 256  # fallback names or root markers used from one config (a clone's too)
#: Codex's system config folder on Unix (codex-rs/core/src/config_loader): ``config.toml``
#: under the user's, ``managed_config.toml`` over every layer. ``MEMDIR_CODEX_SYSTEM_DIR``
#: names another folder (:func:`_system_dir`).
SYSTEM_DIR = Path("/etc/codex")


@dataclass(frozen=True)
class CodexDocs:
    """How Codex picks a folder's ``AGENTS.md`` (codex-rs/core/src/agents_md.rs): after
    ``AGENTS.override.md`` and ``AGENTS.md``, the ``fallbacks``; the files of one project
    together at most ``max_bytes`` (0: none), read from the project root ``markers`` find
    (None: Codex's default, ``.git``; empty: the working folder only). ``trust``: the
    ``[projects]`` trust levels of Codex's system and user configs, which decide whether a project's
    own ``.codex/config.toml`` is read. ``problem``: why Codex's config was not used;
    ``notes``: what of it was not used, and why. ``pinned``: the keys Codex's
    ``managed_config.toml`` sets, which no project layer overrides."""

    fallbacks: tuple[str, ...] = ()
    max_bytes: int = 32 * 1024
    source: str = "Codex's default"
    problem: str | None = None
    markers: tuple[str, ...] | None = None
    trust: tuple[tuple[str, str], ...] = ()
    home: Path | None = None  # $CODEX_HOME: its own .codex is not a project layer
    notes: tuple[tuple[str, str], ...] = ()  # (subject, reason)
    pinned: frozenset[str] = frozenset()  # keys managed_config.toml sets: no project overrides


def _fallback_names(
    names: list[str], path: Path | str
) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    """The ``project_doc_fallback_filenames`` memdir uses, and notes on those it does not:
    Codex joins each name to the folder (``.agents/AGENTS.md`` reads a file in a subfolder);
    a name that would leave the folder (absolute, or with ``..``) is refused, so a
    project's config cannot make memdir read outside the project."""
    notes: list[tuple[str, str]] = []
    wanted: list[str] = []
    for name in names:
        parts = name.replace("\\", "/").split("/")
        if not name or name == "." or name in wanted:
            continue
        if (
            "\x00" in name
            or name.startswith(("/", "\\", "~"))
            or ".." in parts
            or (len(name) > 1 and name[1] == ":")
        ):
            notes.append(
                (
                    str(path),
                    f"project_doc_fallback_filenames entry {name[:80]!r} not used: memdir "
                    f"reads only names inside each folder (no absolute path, no '..')",
                )
            )
            continue
        if len(wanted) == MAX_CODEX_NAMES:
            notes.append(
                (
                    str(path),
                    f"project_doc_fallback_filenames lists {len(names):,} names; memdir "
                    f"uses the first {MAX_CODEX_NAMES}",
                )
            )
            break
        wanted.append(name)
    return tuple(wanted), notes


def _doc_keys(
    data: Mapping[str, Any], path: Path | str
) -> tuple[dict[str, Any], list[tuple[str, str]], str | None]:
    """The project-doc keys one Codex config layer sets (checked), notes on names left
    out, and what is wrong with a key of the wrong type (then none of the layer is used)."""
    out: dict[str, Any] = {}
    notes: list[tuple[str, str]] = []
    if "project_doc_fallback_filenames" in data:
        names = data["project_doc_fallback_filenames"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return {}, [], f"{path}: project_doc_fallback_filenames is not a list of names"
        out["fallbacks"], notes = _fallback_names(names, path)
    if "project_doc_max_bytes" in data:
        limit = data["project_doc_max_bytes"]
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            return {}, [], f"{path}: project_doc_max_bytes is not a number of bytes"
        out["max_bytes"] = limit
    return out, notes, None


def _system_dir(env: Mapping[str, str]) -> Path | None:
    """Codex's system config folder: ``/etc/codex`` on Unix, none elsewhere;
    ``MEMDIR_CODEX_SYSTEM_DIR`` names another (for tests, and a Codex built with another)."""
    value = env.get("MEMDIR_CODEX_SYSTEM_DIR", "").strip()
    if value:
        return absolute(value)
    return None if os.name == "nt" else SYSTEM_DIR


def _layer(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """One Codex config file: its table (None: no such file), or why it cannot be read."""
    try:
        return tomllib.loads(read_text(path, 1 << 20)), None  # never blocks on a FIFO
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError, RecursionError) as exc:  # ValueError: also an int too long
        return None, f"{path} cannot be read ({exc})"


def _markers(raw: object, path: Path, notes: list[tuple[str, str]]) -> tuple[str, ...] | None:
    """One layer's ``project_root_markers`` (None: unusable, with a note)."""
    if not isinstance(raw, list) or not all(isinstance(m, str) for m in raw):
        notes.append(
            (
                str(path),
                "project_root_markers must be a list of names (Codex refuses to start); "
                "memdir uses Codex's default, .git",
            )
        )
        return None
    if len(raw) > MAX_CODEX_NAMES:
        notes.append(
            (
                str(path),
                f"project_root_markers lists {len(raw):,} names; memdir uses the "
                f"first {MAX_CODEX_NAMES}",
            )
        )
    return tuple(raw[:MAX_CODEX_NAMES])


def _codex_docs(env: Mapping[str, str]) -> CodexDocs:
    """The project-doc keys of Codex's config layers below the project's, as Codex's
    config loader stacks them: the system ``config.toml``, ``$CODEX_HOME/config.toml``
    over it, and ``managed_config.toml`` over everything (project layers too: its keys
    are ``pinned``). Defaults when none has them; defaults with ``problem`` set when the
    user's file cannot be read (it is another tool's file); a system or managed file that
    cannot be read is left out with a note."""
    home = codex_home(env)
    user = home / "config.toml"
    data, problem = _layer(user)
    if problem is not None:
        return CodexDocs(problem=f"{problem}; Codex's defaults are used", home=home)
    system_dir = _system_dir(env)
    layers: list[tuple[Path, dict[str, Any], str]] = []
    notes: list[tuple[str, str]] = []

    def read(path: Path, name: str) -> None:
        found, problem = _layer(path)
        if problem is not None:
            notes.append((str(path), problem.removeprefix(f"{path} ") + "; memdir leaves it out"))
        elif found is not None:
            layers.append((path, found, name))

    if system_dir is not None:
        read(system_dir / "config.toml", "system")
    if data is not None:
        layers.append((user, data, "user"))
    read((system_dir or home) / "managed_config.toml", "managed")  # not Unix: in CODEX_HOME
    keys: dict[str, Any] = {}
    pinned: set[str] = set()
    markers: tuple[str, ...] | None = None
    trust: dict[str, str] = {}
    source = str(user) if data is not None else "Codex's default"
    for path, table, name in layers:
        layer, more, bad = _doc_keys(table, path)
        if bad is not None and name == "user":
            return CodexDocs(problem=bad, home=home)
        if bad is not None:
            notes.append((str(path), bad.removeprefix(f"{path}: ") + "; memdir leaves it out"))
            continue
        notes += more
        keys.update(layer)
        pinned |= set(layer) if name == "managed" else set()
        source = str(path) if "max_bytes" in layer else source
        if "project_root_markers" in table:
            markers = _markers(table["project_root_markers"], path, notes)
        projects = table.get("projects")
        if name != "managed" and isinstance(projects, dict):  # Codex's trust: system, user
            for key, value in projects.items():
                level = value.get("trust_level") if isinstance(value, dict) else None
                if isinstance(level, str):
                    trust[key] = level
    return CodexDocs(
        fallbacks=keys.get("fallbacks", ()),
        max_bytes=keys.get("max_bytes", 32 * 1024),
        source=source,
        markers=markers,
        trust=tuple(trust.items()),
        home=home,
        notes=tuple(notes),
        pinned=frozenset(pinned),
    )


def _trust_repo(dot_git: Path) -> Path | None:
    """The repository whose trust a checkout with a ``.git`` file shares, as Codex's
    ``resolve_root_git_project_for_trust`` (codex-rs git_info) works it out: only a linked
    worktree's, its ``gitdir:`` naming ``<repo>/.git/worktrees/<name>``; any other git dir
    (a submodule's, or a hostile ``.git`` file naming a trusted repository's) shares
    nothing. memdir also asks that folder's ``gitdir`` file to point back at this ``.git``
    (git writes it for every worktree; a file that only names the folder borrows nothing),
    which Codex does not check."""
    try:
        text = _pointer(dot_git)
        if not text.startswith("gitdir:") or not text[len("gitdir:") :].strip():
            return None
        gitdir = (dot_git.parent / text[len("gitdir:") :].strip()).resolve(strict=True)
        back = _pointer(gitdir / "gitdir")
        if gitdir.parent.name != "worktrees" or (gitdir / back).resolve() != dot_git.resolve():
            return None
    except (OSError, RuntimeError, ValueError):  # ValueError: a FIFO, a device, a NUL
        return None
    return gitdir.parent.parent.parent


def _pointer(path: Path) -> str:
    """A git pointer file's text, stripped: at most 1 MiB of a regular file (a FIFO named
    by a crafted ``.git`` file hung every session start reading AGENTS.md files)."""
    return read_bytes(path, 1 << 20).decode("utf-8", "replace").strip()


def codex_project(codex: CodexDocs, start: Path) -> tuple[CodexDocs, Path]:
    """Codex's settings for a session started in ``start`` and the project root its
    AGENTS.md files are read from (codex-rs/core/src/config_loader: the nearest ancestor
    holding one of ``project_root_markers``; none, or an empty list: ``start``). Each
    folder from the root down to ``start`` with a ``.codex/config.toml`` adds a layer
    (the closest wins) when Codex trusts it: ``[projects."<folder>"]``, else the project
    root's, else the git repository's ``trust_level = "trusted"`` in the user config (for a
    ``.git`` file, only a linked worktree's main repository: :func:`_trust_repo`). An
    untrusted project's config is not read (Codex loads it disabled)."""
    try:
        start = start.resolve()
    except (OSError, RuntimeError):
        return codex, start
    markers = CODEX_MARKERS if codex.markers is None else codex.markers
    root = start
    if markers:
        root = next(
            (f for f in (start, *start.parents) if any(_exists(f / m) for m in markers)), start
        )
    folders = [start, *start.parents]
    folders = list(reversed(folders[: folders.index(root) + 1]))
    trust = dict(codex.trust)
    repo = next((f for f in folders[::-1] if _exists(f / ".git")), None)
    if repo is None:
        repo = next((f for f in root.parents if _exists(f / ".git")), None)
    if repo is not None and (repo / ".git").is_file():
        repo = _trust_repo(repo / ".git")
    user = str(codex.home / "config.toml") if codex.home else "Codex's config.toml"
    notes = list(codex.notes)
    keys: dict[str, Any] = {}
    source = codex.source
    home = _resolved(codex.home) if codex.home is not None else None
    for folder in folders:
        dot = folder / ".codex"
        path = dot / "config.toml"
        if not dot.is_dir() or not path.is_file() or _resolved(dot) == home:
            continue  # (Codex's own home is no project layer)
        level = next(
            (trust[k] for k in (str(folder), str(root), str(repo) if repo else None) if k in trust),
            None,
        )
        if level != "trusted":
            key = str(repo or root)
            notes.append(
                (
                    str(path),
                    f"not read, as Codex does not read it: {key} is not a trusted project "
                    f'(Codex reads it once {user} has [projects."{key}"] trust_level = '
                    f'"trusted")',
                )
            )
            continue
        try:
            data = tomllib.loads(read_text(path, 1 << 20))
        except (OSError, ValueError, RecursionError) as exc:
            notes.append((str(path), f"cannot be read ({exc}); memdir leaves it out"))
            continue
        layer, more, bad = _doc_keys(data, path)
        if bad is not None:
            notes.append((str(path), bad.removeprefix(f"{path}: ") + "; memdir leaves it out"))
            continue
        notes += more
        layer = {k: v for k, v in layer.items() if k not in codex.pinned}  # managed wins
        keys.update(layer)
        if "max_bytes" in layer:
            source = str(path)
    if not keys and notes == list(codex.notes):
        return codex, root
    return (
        dataclasses.replace(
            codex,
            fallbacks=keys.get("fallbacks", codex.fallbacks),
            max_bytes=keys.get("max_bytes", codex.max_bytes),
            source=source,
            notes=tuple(notes),
        ),
        root,
    )


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):  # a link loop
        return path


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False
