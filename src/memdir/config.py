"""Settings: read once by :func:`memdir.open` and the CLI, passed explicitly everywhere else.

``$MEMDIR_HOME/config.toml`` (all keys optional)::

    enabled = true                          # false: nothing is loaded or written
    pinned_budget = 2200                    # characters of pinned entries per scope
    lock_timeout = 30                       # seconds to wait for another writer
    instruction_files = ["AGENTS.md", "CLAUDE.md"]   # which instruction files are read
    include_dirs = []                       # folders @includes may read besides the
                                            # project, the home folder and memdir's own
    agent_write_scopes = ["local", "user", "project"]  # scopes a tool call may name
    history_scopes = ["local", "user"]      # scopes whose folder is a git history; the
                                            # project scope lives in its repository's own

``MEMDIR_DISABLE=1`` in the environment turns memory off like ``enabled = false``.
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import MemdirError, ParseError
from .formats.index import PINNED_BUDGET

__all__ = ["DEFAULT_MANAGED_DIR", "INSTRUCTION_FILES", "Settings", "load_settings"]

DEFAULT_MANAGED_DIR = Path("/etc/memdir")
INSTRUCTION_FILES = ("AGENTS.md", "CLAUDE.md")
WRITABLE_SCOPES = ("local", "user", "project")
_NUMBERS: dict[str, type] = {"pinned_budget": int, "lock_timeout": float}
HISTORY_SCOPES = ("local", "user")
_CHOICES = {"instruction_files": INSTRUCTION_FILES, "agent_write_scopes": WRITABLE_SCOPES,
            "history_scopes": WRITABLE_SCOPES}
_KNOWN = sorted([*_NUMBERS, *_CHOICES, "enabled", "include_dirs"])
_OFF = frozenset({"1", "true", "yes", "on"})


@dataclass(frozen=True)
class Settings:
    """Everything a :class:`memdir.Memdir` needs to know about its surroundings."""

    home: Path
    project: Path
    managed_dir: Path = DEFAULT_MANAGED_DIR
    pinned_budget: int = PINNED_BUDGET
    lock_timeout: float = 30.0
    enabled: bool = True
    disabled_by: str | None = None  # what turned memory off, to tell the user
    instruction_files: tuple[str, ...] = INSTRUCTION_FILES
    include_dirs: tuple[Path, ...] = ()
    agent_write_scopes: tuple[str, ...] = WRITABLE_SCOPES
    history_scopes: tuple[str, ...] = HISTORY_SCOPES


def _read_config(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        return {}
    except tomllib.TOMLDecodeError as exc:
        raise ParseError(path, f"invalid TOML ({exc})") from None
    except UnicodeDecodeError as exc:
        raise ParseError(path, f"is not UTF-8 (bad byte at offset {exc.start})") from None
    except OSError as exc:
        raise MemdirError(f"Cannot read {path}: {exc.strerror}. Check its permissions.") from exc
    for key, value in data.items():
        if key in _NUMBERS:
            wanted = _NUMBERS[key]
            ok = isinstance(value, int | float) if wanted is float else isinstance(value, wanted)
            if not ok or isinstance(value, bool) or not math.isfinite(value) or value <= 0:
                raise ParseError(path, f"{key} must be a positive {wanted.__name__}, "
                                       f"not {value!r}")
        elif key == "enabled":
            if not isinstance(value, bool):
                raise ParseError(path, f"enabled must be true or false, not {value!r}")
        elif key in _CHOICES:
            allowed = _CHOICES[key]
            if not isinstance(value, list) or any(v not in allowed for v in value):
                raise ParseError(path, f"{key} must be a list of {', '.join(map(repr, allowed))}"
                                       f", not {value!r}")
        elif key == "include_dirs":
            if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                raise ParseError(path, f"include_dirs must be a list of folder paths, "
                                       f"not {value!r}")
        else:
            raise ParseError(path, f"unknown setting {key!r} (known: {', '.join(_KNOWN)})")
    return data


def load_settings(
    home: Path | str | None = None,
    project: Path | str | None = None,
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """Resolve settings from arguments, then the environment, then config.toml."""
    env = os.environ if environ is None else environ
    home_path = Path(home or env.get("MEMDIR_HOME") or Path.home() / ".memdir").expanduser()
    project_path = Path(project or Path.cwd()).expanduser()
    managed = Path(env.get("MEMDIR_MANAGED_DIR") or DEFAULT_MANAGED_DIR)
    config = home_path / "config.toml"
    data = _read_config(config)
    disabled_by = None
    if env.get("MEMDIR_DISABLE", "").strip().lower() in _OFF:
        disabled_by = "MEMDIR_DISABLE is set in the environment; unset it to turn memory on"
    elif data.get("enabled") is False:
        disabled_by = f"enabled = false in {config}; set it to true to turn memory on"
    return Settings(
        home=home_path.absolute(),
        project=project_path.absolute(),
        managed_dir=managed,
        pinned_budget=int(data.get("pinned_budget", PINNED_BUDGET)),
        lock_timeout=float(data.get("lock_timeout", 30.0)),
        enabled=disabled_by is None,
        disabled_by=disabled_by,
        instruction_files=tuple(data.get("instruction_files", INSTRUCTION_FILES)),
        include_dirs=tuple(Path(d).expanduser() for d in data.get("include_dirs", ())),
        agent_write_scopes=tuple(data.get("agent_write_scopes", WRITABLE_SCOPES)),
        history_scopes=tuple(data.get("history_scopes", HISTORY_SCOPES)),
    )
