"""Where Claude Code, Codex and Hermes keep their user folders: ``$CLAUDE_CONFIG_DIR``
(else ``~/.claude``, with ``~/.claude.json`` beside it), ``$CODEX_HOME`` (else
``~/.codex``) and ``$HERMES_HOME`` (else ``~/.hermes``).
Every reader and installer in memdir asks here, so hooks, memories, transcripts and
instructions all come from the folder the harness itself uses. docs/design/harnesses.md."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def _folder(name: str, env: Mapping[str, str] | None) -> Path | None:
    """``$name`` as an absolute path (``~`` expanded, a relative one taken from the
    working folder, as the harness started here would); None when unset or blank."""
    value = (os.environ if env is None else env).get(name, "").strip()
    return absolute(value) if value else None


def absolute(value: str) -> Path:
    """``value`` as an absolute path, ``~`` expanded; a ``~user`` that names no user is
    kept as written (a folder of that name here), not a RuntimeError traceback."""
    try:
        return Path(value).expanduser().absolute()
    except RuntimeError:  # "Could not determine home directory."
        return Path(value).absolute()


def claude_config_dir(env: Mapping[str, str] | None = None) -> Path:
    """Claude Code's user folder: ``$CLAUDE_CONFIG_DIR``, else ``~/.claude``."""
    return _folder("CLAUDE_CONFIG_DIR", env) or Path.home() / ".claude"


def claude_json(env: Mapping[str, str] | None = None) -> Path:
    """Claude Code's user state file (user-scope MCP servers): ``.claude.json`` inside
    ``$CLAUDE_CONFIG_DIR`` when that is set, else ``~/.claude.json``."""
    folder = _folder("CLAUDE_CONFIG_DIR", env)
    return folder / ".claude.json" if folder else Path.home() / ".claude.json"


def codex_home(env: Mapping[str, str] | None = None) -> Path:
    """Codex's user folder: ``$CODEX_HOME``, else ``~/.codex``."""
    return _folder("CODEX_HOME", env) or Path.home() / ".codex"


def hermes_home(env: Mapping[str, str] | None = None) -> Path:
    """Hermes's folder: ``$HERMES_HOME``, else ``~/.hermes`` (as Hermes resolves it on
    Linux and macOS; its memories, skills, plugins and ``state.db`` are all in it)."""
    return _folder("HERMES_HOME", env) or Path.home() / ".hermes"
