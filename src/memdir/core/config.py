"""Settings: memdir's own (``$MEMDIR_HOME/config.toml`` and the ``MEMDIR_*`` environment),
read once by :func:`memdir.open` and the CLI, passed explicitly everywhere else. Codex's
project-doc settings, which it carries as ``codex_docs``, are read by
:mod:`memdir.core.codex_docs`. (docs/design/core.md)."""

from __future__ import annotations

import errno
import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .budgets import SOUL_BUDGET, WARN_SHARE
from .codex_docs import CodexDocs, _codex_docs
from .errors import MemdirError, ParseError, StorageError, ValidationError
from .harness_homes import claude_config_dir, codex_home, hermes_home
from .index import PINNED_BUDGET
from .storage.regular import read_bytes

DEFAULT_MANAGED_DIR = Path("/etc/memdir")
INSTRUCTION_FILES = ("AGENTS.md", "CLAUDE.md")
WRITABLE_SCOPES = ("local", "user", "project")
_NUMBERS: dict[str, type] = {
    "pinned_budget": int,
    "lock_timeout": float,
    "search_model_seconds": float,
    "soul_budget": int,
    "llm_timeout": float,
}
HISTORY_SCOPES = ("local", "user")
LLM_TIMEOUT = 120.0  # seconds: llm_timeout's default
_CHOICES = {
    "instruction_files": INSTRUCTION_FILES,
    "agent_write_scopes": WRITABLE_SCOPES,
    "history_scopes": WRITABLE_SCOPES,
}
_COUNTS: dict[str, type] = {
    "min_idle_minutes": float,
    "max_unused_days": float,
    "archive_unused_days": float,
}  # zero allowed
_STRINGS = ("llm", "llm_base_url")
_BOOLS = ("enabled", "background", "extract_per_turn", "deep_recall", "model_entities")
_KNOWN = sorted(
    [
        *_NUMBERS,
        *_CHOICES,
        *_COUNTS,
        *_STRINGS,
        *_BOOLS,
        "include_dirs",
        "approval",
        "budget_warning",
    ]
)
_OFF = frozenset({"1", "true", "yes", "on"})
_NO = frozenset({"0", "false", "no", "off"})


@dataclass(frozen=True)
class Settings:
    """Everything a :class:`memdir.Memdir` needs to know about its surroundings."""

    home: Path
    project: Path
    managed_dir: Path = DEFAULT_MANAGED_DIR
    pinned_budget: int = PINNED_BUDGET
    lock_timeout: float = 30.0
    disabled_by: str | None = None  # what turned memory off (and how to undo it); None: on
    instruction_files: tuple[str, ...] = INSTRUCTION_FILES
    include_dirs: tuple[Path, ...] = ()
    agent_write_scopes: tuple[str, ...] = WRITABLE_SCOPES
    llm: str = "rules"  # the pipeline's provider (see memdir.pipeline.providers)
    llm_base_url: str | None = None
    llm_api_key: str | None = field(default=None, repr=False)  # from the environment
    llm_timeout: float = LLM_TIMEOUT  # seconds a model call may take before it fails
    search_model_seconds: float = 15.0  # session search's budget for model help
    embed: str | None = None  # the semantic layer (memdir.sessions.vectors); None: off
    embed_base_url: str | None = None
    embed_api_key: str | None = field(default=None, repr=False)  # OPENAI_API_KEY
    min_idle_minutes: float = 30.0
    max_unused_days: float = 30.0
    archive_unused_days: float = 90.0
    background: bool = True
    extract_per_turn: bool = False  # queue a turn with an explicit request when it ends
    deep_recall: bool = False  # recall (and the harness hooks' recall) escalates to deep
    model_entities: bool = True  # with a chat model (llm): it names entity mentions too
    history_scopes: tuple[str, ...] = HISTORY_SCOPES
    approval: tuple[str, ...] = ()  # scopes whose agent and extractor writes wait for review
    codex_docs: CodexDocs = field(default_factory=CodexDocs)
    # CLAUDE_CONFIG_DIR, CODEX_HOME and HERMES_HOME of an environ given to load_settings
    # (None: the process's, read when asked, as the harness homes always were)
    harness_env: tuple[tuple[str, str], ...] | None = None
    soul_budget: int = SOUL_BUDGET  # characters of each SOUL.md in the system block
    budget_warning: float = WARN_SHARE  # the share of a budget that earns a soft warning
    # The team backend: entries in PostgreSQL as this user (None: files + git, the default).
    database_url: str | None = field(default=None, repr=False)
    user: str | None = None

    @property
    def enabled(self) -> bool:
        """False when ``MEMDIR_DISABLE`` or ``enabled = false`` turned memory off."""
        return self.disabled_by is None

    @property
    def harness_environ(self) -> dict[str, str] | None:
        """The harness-home variables of the environ read (None: the process's)."""
        return None if self.harness_env is None else dict(self.harness_env)

    @property
    def claude_home(self) -> Path:
        """Claude Code's user folder as the environ read names it (``$CLAUDE_CONFIG_DIR``,
        else ``~/.claude``)."""
        return claude_config_dir(self.harness_environ)

    @property
    def codex_home(self) -> Path:
        """Codex's user folder as the environ read names it (``$CODEX_HOME``, else
        ``~/.codex``): the one :attr:`codex_docs` reads config.toml from."""
        return codex_home(self.harness_environ)

    @property
    def hermes_home(self) -> Path:
        """Hermes's folder as the environ read names it (``$HERMES_HOME``, else
        ``~/.hermes``)."""
        return hermes_home(self.harness_environ)


def _read_config(path: Path) -> dict[str, Any]:
    try:
        raw = read_bytes(path, 1 << 20)  # never blocks on a FIFO
    except FileNotFoundError:
        return {}
    except ValueError as exc:  # not a regular file, or too large
        raise ParseError(path, str(exc)) from None
    except OSError as exc:
        raise MemdirError(f"Cannot read {path}: {exc.strerror}. Check its permissions.") from exc
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))  # a BOM (Windows editors) dropped
    except UnicodeDecodeError as exc:
        raise ParseError(path, f"is not UTF-8 (bad byte at offset {exc.start})") from None
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as exc:  # a 5,000-digit int,
        raise ParseError(path, f"invalid TOML ({exc})") from None  # arrays nested 5,000 deep
    for key, value in data.items():
        if key in _NUMBERS:
            wanted = _NUMBERS[key]
            ok = isinstance(value, int | float) if wanted is float else isinstance(value, wanted)
            if not ok or isinstance(value, bool) or not math.isfinite(value) or value <= 0:
                raise ParseError(path, f"{key} must be a positive {wanted.__name__}, not {value!r}")
        elif key in _COUNTS:
            if (
                not isinstance(value, int | float)
                or isinstance(value, bool)
                or not math.isfinite(value)
                or value < 0
            ):
                raise ParseError(path, f"{key} must be a number of zero or more, not {value!r}")
        elif key in _STRINGS:
            if not isinstance(value, str) or not value.strip():
                raise ParseError(path, f"{key} must be a non-empty string, not {value!r}")
        elif key in _BOOLS:
            if not isinstance(value, bool):
                raise ParseError(path, f"{key} must be true or false, not {value!r}")
        elif key in _CHOICES:
            allowed = _CHOICES[key]
            if not isinstance(value, list) or any(v not in allowed for v in value):
                raise ParseError(
                    path, f"{key} must be a list of {', '.join(map(repr, allowed))}, not {value!r}"
                )
        elif key == "approval":
            _approval(value, path)
        elif key == "budget_warning":
            if not isinstance(value, int | float) or isinstance(value, bool) or not 0 < value <= 1:
                raise ParseError(
                    path,
                    f"budget_warning must be a share above 0, at most 1 (0.8: 80 %), not {value!r}",
                )
        elif key == "include_dirs":
            if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
                raise ParseError(
                    path, f"include_dirs must be a list of folder paths, not {value!r}"
                )
            for folder in value:
                if "\x00" in folder:
                    raise ParseError(path, f"include_dirs names {folder!r}: a NUL in a path")
                try:
                    Path(folder).expanduser()
                except RuntimeError:
                    raise ParseError(
                        path, f"include_dirs names {folder!r}: no user of that name here"
                    ) from None
        else:
            raise ParseError(path, f"unknown setting {key!r} (known: {', '.join(_KNOWN)})")
    return data


_NO_NUL = "Name an existing folder (a NUL byte in a path is never a file name)."
_HARNESS_HOMES = ("CLAUDE_CONFIG_DIR", "CODEX_HOME", "HERMES_HOME")


def _expanded(what: str, path: Path) -> Path:
    """``path`` with ``~`` expanded; a StorageError for ``~name`` of no such user, or for
    a NUL in it (checked first: a NUL in ``~name`` makes the user lookup raise ValueError)."""
    if "\x00" in str(path):  # every file call on it would raise ValueError
        shown = str(path).replace("\x00", "\\0")
        fault = OSError(errno.EINVAL, "a folder name cannot hold a NUL character")
        raise StorageError(f"use the {what} folder", shown, fault, advice=_NO_NUL)
    try:
        return path.expanduser()
    except RuntimeError:
        fault = OSError(errno.ENOENT, "no user of that name on this machine")
        raise StorageError(
            f"use the {what} folder", str(path), fault, advice="Name an existing folder."
        ) from None


def load_settings(
    home: Path | str | None = None,
    project: Path | str | None = None,
    environ: Mapping[str, str] | None = None,
    *,
    database_url: str | None = None,
    user: str | None = None,
) -> Settings:
    """Resolve settings from arguments, then the environment, then config.toml."""
    env = os.environ if environ is None else environ
    home_path = _expanded("home", Path(home or env.get("MEMDIR_HOME") or Path.home() / ".memdir"))
    project_path = _expanded("project", Path(project or Path.cwd()))
    managed = Path(env.get("MEMDIR_MANAGED_DIR") or DEFAULT_MANAGED_DIR)
    config = home_path / "config.toml"
    disabled_by = None
    if env.get("MEMDIR_DISABLE", "").strip().lower() in _OFF:  # then not even config is read
        disabled_by = "MEMDIR_DISABLE is set in the environment; unset it to turn memory on"
    data = {} if disabled_by else _read_config(config)
    if disabled_by is None and data.get("enabled") is False:
        disabled_by = f"enabled = false in {config}; set it to true to turn memory on"
    return Settings(
        home=home_path.absolute(),
        project=project_path.absolute(),
        managed_dir=managed,
        pinned_budget=int(data.get("pinned_budget", PINNED_BUDGET)),
        lock_timeout=float(data.get("lock_timeout", 30.0)),
        disabled_by=disabled_by,
        instruction_files=tuple(data.get("instruction_files", INSTRUCTION_FILES)),
        include_dirs=tuple(Path(d).expanduser() for d in data.get("include_dirs", ())),
        agent_write_scopes=tuple(data.get("agent_write_scopes", WRITABLE_SCOPES)),
        llm=(env.get("MEMDIR_LLM") or data.get("llm") or "rules").strip(),
        llm_base_url=env.get("MEMDIR_LLM_BASE_URL") or data.get("llm_base_url"),
        llm_api_key=_api_key(env.get("MEMDIR_LLM") or data.get("llm") or "rules", env),
        llm_timeout=_seconds(env["MEMDIR_LLM_TIMEOUT"], "MEMDIR_LLM_TIMEOUT")
        if env.get("MEMDIR_LLM_TIMEOUT")
        else float(data.get("llm_timeout", LLM_TIMEOUT)),
        search_model_seconds=float(data.get("search_model_seconds", 15.0)),
        embed=env.get("MEMDIR_EMBED") or data.get("embed") or None,
        embed_base_url=env.get("MEMDIR_EMBED_BASE_URL")
        or data.get("embed_base_url")
        or env.get("OPENAI_BASE_URL"),
        embed_api_key=env.get("OPENAI_API_KEY"),
        min_idle_minutes=float(data.get("min_idle_minutes", 30.0)),
        max_unused_days=float(data.get("max_unused_days", 30.0)),
        archive_unused_days=float(data.get("archive_unused_days", 90.0)),
        background=(
            env.get("MEMDIR_BACKGROUND", "").strip().lower() not in _NO
            and data.get("background", True) is not False
        ),
        extract_per_turn=data.get("extract_per_turn", False) is True,
        deep_recall=data.get("deep_recall", False) is True,
        model_entities=data.get("model_entities", True) is not False,
        history_scopes=tuple(data.get("history_scopes", HISTORY_SCOPES)),
        approval=_approval(env["MEMDIR_APPROVAL"], "MEMDIR_APPROVAL")
        if env.get("MEMDIR_APPROVAL")
        else _approval(data.get("approval", "auto"), config),
        codex_docs=_codex_docs(env),
        harness_env=None
        if environ is None
        else tuple((k, environ[k]) for k in _HARNESS_HOMES if k in environ),
        soul_budget=int(data.get("soul_budget", SOUL_BUDGET)),
        budget_warning=float(data.get("budget_warning", WARN_SHARE)),
        database_url=(env.get("MEMDIR_DATABASE_URL") if database_url is None else database_url)
        or None,  # "": the files, even when MEMDIR_DATABASE_URL is set
        user=user or env.get("MEMDIR_USER") or None,
    )


def _seconds(value: str, name: str) -> float:
    """The positive number of seconds in the environment variable ``name``."""
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValidationError(
            f"the environment variable {name} must be a positive number of seconds, "
            f"not {value[:40]!r}",
            field=name,
        )
    return seconds


def _approval(value: object, path: Path | str) -> tuple[str, ...]:
    """The scopes ``approval`` (``"ask"``, ``"auto"`` or ``{scope = mode}``) makes ask;
    ``path`` is the config file, or the name of the environment variable it came from."""
    modes = ("ask", "auto")
    if isinstance(value, str) and value.strip() in modes:
        return WRITABLE_SCOPES if value.strip() == "ask" else ()
    if isinstance(path, str):
        raise ValidationError(
            f'the environment variable {path} must be "ask" or "auto", not {value!r}: '
            f"fix or unset it (a mode per scope goes in config.toml's approval)",
            field=path,
        )
    if isinstance(value, dict) and all(
        k in WRITABLE_SCOPES and v in modes for k, v in value.items()
    ):
        return tuple(s for s in WRITABLE_SCOPES if value.get(s) == "ask")
    raise ParseError(
        path,
        f'approval must be "ask", "auto" or a table of scope = "ask" | "auto" '
        f"(scopes: {', '.join(WRITABLE_SCOPES)}), not {value!r}",
    )


def _api_key(llm: str, env: Mapping[str, str]) -> str | None:
    """The API key the chosen provider reads from the environment, if any."""
    kind = llm.strip().split(":", 1)[0].lower()
    name = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}.get(kind)
    return env.get(name) if name else None
