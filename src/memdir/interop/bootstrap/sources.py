"""The built-in Day-1 sources, registered through :mod:`memdir.hooks` like a plugin's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.storage.git import git_dirs
from ...hooks import hookimpl
from ._files import read_files, walk
from ._found import Gathered, Progress
from ._git import gather_git, known_repos
from ._installed import gather_harnesses, gather_instructions

if TYPE_CHECKING:
    from ...core.layers import Layers


def _walked(paths: Sequence[Path], g: Gathered) -> tuple[list[Path], list[tuple[str, Path]]]:
    """The repositories and files under ``paths``, walked once per run."""
    if g.walked is None:
        g.walked = walk(list(paths), g)
    return g.walked


def harnesses(md: Layers, paths: Sequence[Path], g: Gathered, progress: Progress | None) -> None:
    """Every registered harness's memories at its usual place."""
    gather_harnesses(md, g)


def instructions(md: Layers, paths: Sequence[Path], g: Gathered, progress: Progress | None) -> None:
    """Instruction files the person wrote for their harnesses."""
    gather_instructions(md, g)


def git(md: Layers, paths: Sequence[Path], g: Gathered, progress: Progress | None) -> None:
    """Git identity and commit conventions across the person's repositories."""
    gather_git(_repositories(md, _walked(paths, g)[0], g), g, progress)


def files(md: Layers, paths: Sequence[Path], g: Gathered, progress: Progress | None) -> None:
    """Notes and chat exports under ``paths`` (texts for the extractor)."""
    read_files(_walked(paths, g)[1], g, progress=progress)


def _repo_key(repo: Path) -> Path:
    """One repository however it is reached: a worktree and its main checkout share it."""
    dirs = git_dirs(repo)
    return (dirs[1] if dirs else repo).resolve()


def _repositories(md: Layers, named: list[Path], g: Gathered) -> list[Path]:
    """The current checkout, the repositories under the paths, then those this home knows
    (listed in the notes); each repository once."""
    found: dict[Path, Path] = {}
    current = [md.checkout_root] if (md.checkout_root / ".git").exists() else []
    for repo in [*current, *named]:
        found.setdefault(_repo_key(repo), repo)
    also = []
    for repo in known_repos(md.home, g):
        if _repo_key(repo) not in found:
            found[_repo_key(repo)] = repo
            also.append(repo)
    if also:
        shown = ", ".join(str(r) for r in also[:10])
        more = f" and {len(also) - 10} more" if len(also) > 10 else ""
        g.notes.append(
            f"git: also read {len(also)} repositor{'y' if len(also) == 1 else 'ies'}"
            f" this memdir home knows (from their local scopes): {shown}{more}"
        )
    return list(found.values())


@hookimpl
def register_bootstrap_sources(register: Callable[..., None]) -> None:
    """The built-in sources, in the order their proposals are shown."""
    register("harness", "Harness memories", harnesses)
    register("instructions", "Instruction files", instructions)
    register("git", "Git identity and history", git)
    register("notes", "Notes", files)
    register("chat", "Chat exports")  # read by the notes source, from the same walk
