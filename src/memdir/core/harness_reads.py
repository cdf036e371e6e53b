"""Which instruction files each harness loads into its prompt by itself, so the system
block it gets from memdir can leave them out (they would reach the model twice). See
docs/design/harnesses.md ("What each harness loads by itself")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from .codex_docs import OVERRIDE
from .errors import MemdirError, ParseError
from .frontmatter import load_yaml
from .storage.regular import read_bytes

#: the harnesses memdir knows, by the name ``--harness`` takes, with the name it shows
HARNESSES = {"claude-code": "Claude Code", "codex": "Codex", "hermes": "Hermes"}
#: an MCP client's ``clientInfo.name`` → the harness it is (others: keep everything)
MCP_CLIENTS = {"claude-code": "claude-code", "codex-mcp-client": "codex"}
#: Claude Code's managed policy files (code.claude.com/docs/en/memory), by real path
CLAUDE_MANAGED = (
    Path("/etc/claude-code/CLAUDE.md"),
    Path("/Library/Application Support/ClaudeCode/CLAUDE.md"),
)
HERMES_NAMES = ((".hermes.md", "HERMES.md"), ("AGENTS.md", "agents.md"), ("CLAUDE.md", "claude.md"))
HERMES_MAX_CHARS = 20_000  # Hermes cuts a longer "## NAME\n\n" + file's middle out (its floor)
HERMES_CONFIG_BYTES = 4 * 1024 * 1024  # a Hermes config.yaml is a few KB
MAX_READ = 1 << 20  # bytes read to see whether a file holds text
NOT_REPEATED = "loads these instruction files itself, so they are not repeated here:"
_SHOWN = 10  # file names the block's line lists


def harness(name: str | None) -> str | None:
    """``name`` checked against :data:`HARNESSES` (None: none named)."""
    if name is None or (isinstance(name, str) and name in HARNESSES):
        return name
    shown = repr(name) if len(repr(name)) <= 60 else repr(name)[:59] + "…"  # a caller's
    raise MemdirError(f"unknown harness {shown}; use one of {', '.join(sorted(HARNESSES))}")


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return path


def _has_text(path: Path, errors: str = "strict") -> bool:
    """Whether a harness would read ``path`` as a non-empty file: a regular file of UTF-8
    text that is not all whitespace (Codex and Hermes skip an empty one; Hermes also one
    it cannot decode, Codex reads that with U+FFFD: ``errors="replace"``)."""
    try:
        return bool(read_bytes(path, MAX_READ).decode("utf-8", errors).strip())
    except UnicodeDecodeError:
        return False
    except ValueError:  # larger than MAX_READ (or not a regular file): text enough
        return path.is_file()
    except OSError:
        return False


def codex_global(home: Path | None) -> Path | None:
    """The file Codex reads from its home: the first non-empty of AGENTS.override.md and
    AGENTS.md (developers.openai.com/codex/guides/agents-md)."""
    if home is None:
        return None
    return next(
        (_real(home / n) for n in (OVERRIDE, "AGENTS.md") if _has_text(home / n, "replace")),
        None,
    )


def hermes_pick(start: Path) -> Path | None:
    """The one project file Hermes loads at session start (hermes-agent 0.19.0,
    ``agent/prompt_builder.py`` ``build_context_files_prompt``): the nearest
    ``.hermes.md``/``HERMES.md`` up to the git root (memdir reads neither), else the first
    non-empty of ``AGENTS.md``, ``agents.md``, ``CLAUDE.md``, ``claude.md`` in ``start``."""
    here = _real(start)
    folders = [here, *here.parents]
    root = next((f for f in folders if (f / ".git").exists()), None)
    walk = folders[: folders.index(root) + 1] if root is not None else [here]
    found = next((f / n for f in walk for n in HERMES_NAMES[0] if (f / n).is_file()), None)
    if found is not None and _has_text(found):  # (an empty one: Hermes goes on to AGENTS.md)
        return _real(found)
    for names in HERMES_NAMES[1:]:
        for name in names:
            if _has_text(here / name):
                return _real(here / name)
    return None


def hermes_cap(home: Path | None) -> int:
    """The characters past which Hermes cuts a context file (``agent/prompt_builder.py``
    ``_get_context_file_max_chars``): ``context_file_max_chars`` of its ``config.yaml``
    when a positive number, else its floor, 20,000 (the cap it scales up from)."""
    if home is None:
        return HERMES_MAX_CHARS
    path = home / "config.yaml"
    try:
        text = read_bytes(path, HERMES_CONFIG_BYTES).decode("utf-8")
        data = load_yaml(text, path, "Hermes's config", first=1, expand=100_000)
        value = data.get("context_file_max_chars") if isinstance(data, dict) else None
        if isinstance(value, (int, float)) and value > 0:  # as Hermes checks it
            return int(value)
    except (OSError, ValueError, OverflowError, ParseError):  # Hermes: its default
        pass
    return HERMES_MAX_CHARS


class Readers:
    """What each harness reads itself, gathered once for a block: :meth:`of` says which
    harnesses load one file. ``claude_read``: real paths Claude Code reads whole (its own
    files, and those they import or link to); ``codex_read``: real paths of the project
    docs Codex reads as memdir shows them (cut to its budget, not kept whole past it);
    ``hermes_home``: where Hermes's config.yaml may lower its cap (:func:`hermes_cap`)."""

    def __init__(
        self,
        *,
        claude_read: Iterable[Path],
        codex_read: Iterable[Path],
        start: Path,
        claude_home: Path,
        codex_home: Path | None,
        hermes_home: Path | None = None,
    ) -> None:
        self.claude = {*claude_read, *(_real(p) for p in CLAUDE_MANAGED)}
        self.claude.add(_real(claude_home / "CLAUDE.md"))
        self.claude_rules = _real(claude_home / "rules")
        self.codex = {*codex_read}
        if (own := codex_global(codex_home)) is not None:
            self.codex.add(own)
        self.hermes = hermes_pick(start)
        self.hermes_home = hermes_home

    def _claude(self, real: Path) -> bool:
        return real in self.claude or self.claude_rules in real.parents

    def of(self, path: Path, reader: str, importers: Iterable[Path], size: int) -> frozenset[str]:
        """The harnesses that load the file at ``path`` themselves: read by ``reader``
        (``claude-code``, ``codex`` or ``memdir``), imported through ``importers`` (real
        paths), ``size`` bytes."""
        real = _real(path)
        loaded = set()
        if reader == "claude-code" or self._claude(real) or any(map(self._claude, importers)):
            loaded.add("claude-code")
        if real in self.codex:
            loaded.add("codex")
        if real == self.hermes and size + len(f"## {real.name}\n\n") <= hermes_cap(
            self.hermes_home
        ):  # (config.yaml read only for the one file Hermes picks)
            loaded.add("hermes")
        return frozenset(loaded)


def left_out_line(name: str, shown: Sequence[str]) -> str:
    """The block's one line naming the files left out because ``name`` loads them."""
    listed = ", ".join(shown[:_SHOWN])
    more = f" and {len(shown) - _SHOWN} more" if len(shown) > _SHOWN else ""
    return f"\n> {HARNESSES[name]} {NOT_REPEATED} {listed}{more}.\n"
