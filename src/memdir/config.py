"""Settings: read once by :func:`memdir.open` and the CLI, passed explicitly everywhere else.

``$MEMDIR_HOME/config.toml`` (all keys optional)::

    pinned_budget = 2200     # characters of pinned entries in the system block
    lock_timeout = 30        # seconds to wait for another writer
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

__all__ = ["DEFAULT_MANAGED_DIR", "Settings", "load_settings"]

DEFAULT_MANAGED_DIR = Path("/etc/memdir")
_KEYS: dict[str, type] = {"pinned_budget": int, "lock_timeout": float}


@dataclass(frozen=True)
class Settings:
    """Everything a :class:`memdir.Memdir` needs to know about its surroundings."""

    home: Path
    project: Path
    managed_dir: Path = DEFAULT_MANAGED_DIR
    pinned_budget: int = PINNED_BUDGET
    lock_timeout: float = 30.0


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
        wanted = _KEYS.get(key)
        if wanted is None:
            known = ", ".join(sorted(_KEYS))
            raise ParseError(path, f"unknown setting {key!r} (known: {known})")
        ok = isinstance(value, int | float) if wanted is float else isinstance(value, wanted)
        if not ok or isinstance(value, bool) or not math.isfinite(value) or value <= 0:
            raise ParseError(path, f"{key} must be a positive {wanted.__name__}, not {value!r}")
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
    data = _read_config(home_path / "config.toml")
    return Settings(
        home=home_path.absolute(),
        project=project_path.absolute(),
        managed_dir=managed,
        pinned_budget=int(data.get("pinned_budget", PINNED_BUDGET)),
        lock_timeout=float(data.get("lock_timeout", 30.0)),
    )
