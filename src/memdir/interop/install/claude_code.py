"""``memdir install claude-code``: memdir's MCP server and hooks in Claude Code's settings.
See docs/design/harnesses.md."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.errors import MemdirError
from ._command import memdir_command
from ._jsonfile import dump, load

if TYPE_CHECKING:
    from . import Plan

#: hook event → Claude Code's timeout for the command, seconds (memdir answers within 2 s
#: and hands longer work to a background process; this is only a backstop)
EVENTS = {"SessionStart": 10, "UserPromptSubmit": 10, "Stop": 30, "PreCompact": 30}
EVENTS["SessionEnd"] = 30
_MATCHED = ("SessionStart", "PreCompact")  # events whose groups take a matcher ("": all)


def is_ours(hook: object) -> bool:
    """Whether a hook object is one memdir installed (its command runs ``memdir … hook
    claude-code``)."""
    if not isinstance(hook, dict) or not isinstance(hook.get("command"), str):
        return False
    command = hook["command"]
    return "memdir" in command and " hook claude-code" in command


def _config_dir() -> Path:
    env = os.environ.get("CLAUDE_CONFIG_DIR", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".claude"


def _claude_json() -> Path:
    env = os.environ.get("CLAUDE_CONFIG_DIR", "").strip()
    return Path(env).expanduser() / ".claude.json" if env else Path.home() / ".claude.json"


class _Settings:
    """The hooks in a ``settings.json``."""

    mode = 0o644

    def __init__(self, path: Path, command: str) -> None:
        self.path = path
        self.command = command

    def _hook(self, event: str) -> dict[str, Any]:
        return {"type": "command", "command": self.command, "timeout": EVENTS[event]}

    def add(self, text: str | None, state: dict[str, Any]) -> str | None:
        data = load(self.path, text)
        before = dump(data, text)
        created = state.setdefault("created", [])
        hooks = data.get("hooks")
        if hooks is None:
            hooks = data["hooks"] = {}
            created.append("hooks")
        if not isinstance(hooks, dict):
            raise MemdirError(f"'hooks' in {self.path} is not an object; nothing was changed.")
        for event, groups in list(hooks.items()):
            if event not in EVENTS and isinstance(groups, list):
                _drop_ours(groups)  # an event an earlier memdir used and this one does not
        for event in EVENTS:
            groups = hooks.get(event)
            if groups is None:
                groups = hooks[event] = []
                created.append(event)
            if not isinstance(groups, list):
                raise MemdirError(
                    f"hooks.{event} in {self.path} is not a list; nothing was changed."
                )
            mine = [h for g in groups if isinstance(g, dict) for h in g.get("hooks") or []]
            mine = [h for h in mine if is_ours(h)]
            if mine:
                mine[0].update(self._hook(event))  # a moved memdir: the new path
                continue
            group: dict[str, Any] = {"matcher": ""} if event in _MATCHED else {}
            group["hooks"] = [self._hook(event)]
            groups.append(group)
        after = dump(data, text)
        return text if after == before else after

    def remove(self, text: str, state: dict[str, Any]) -> str | None:
        data = load(self.path, text)
        before = dump(data, text)
        hooks = data.get("hooks")
        if not isinstance(hooks, dict):
            return text
        created = state.get("created", [])
        for event in list(hooks):
            groups = hooks[event]
            if isinstance(groups, list):
                _drop_ours(groups)
                if not groups and event in created:
                    del hooks[event]
        if not hooks and "hooks" in created:
            del data["hooks"]
        after = dump(data, text)
        return text if after == before else after


def _drop_ours(groups: list[Any]) -> None:
    """Take memdir's hooks out of an event's groups; a group left empty goes too."""
    for group in list(groups):
        if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
            continue
        kept = [h for h in group["hooks"] if not is_ours(h)]
        if len(kept) != len(group["hooks"]):
            if kept:
                group["hooks"] = kept
            else:
                groups.remove(group)


class _Servers:
    """``mcpServers.memdir`` in ``~/.claude.json`` or a project's ``.mcp.json``."""

    def __init__(self, path: Path, argv: list[str], mode: int) -> None:
        self.path = path
        self.mode = mode
        self.entry = {"type": "stdio", "command": argv[0], "args": [*argv[1:], "mcp"], "env": {}}

    @staticmethod
    def _looks_like_ours(entry: object) -> bool:
        if not isinstance(entry, dict) or not isinstance(entry.get("args"), list):
            return False
        argv = [str(entry.get("command", "")), *map(str, entry["args"])]
        name = Path(argv[0]).name
        return argv[-1] == "mcp" and (name == "memdir" or "memdir" in argv[1:3])

    def add(self, text: str | None, state: dict[str, Any]) -> str | None:
        data = load(self.path, text)
        servers = data.get("mcpServers")
        if servers is None:
            servers = data["mcpServers"] = {}
            state["created"] = True
        if not isinstance(servers, dict):
            raise MemdirError(f"'mcpServers' in {self.path} is not an object; nothing changed.")
        current = servers.get("memdir")
        if current == self.entry:
            return text
        if current is not None and current != state.get("entry"):
            return text  # the user's own registration: left alone (see notes())
        servers["memdir"] = self.entry
        state["entry"] = self.entry
        return dump(data, text)

    def remove(self, text: str, state: dict[str, Any]) -> str | None:
        data = load(self.path, text)
        servers = data.get("mcpServers")
        if not isinstance(servers, dict) or "memdir" not in servers:
            return text
        current = servers["memdir"]
        if current != state.get("entry") and not (
            "entry" not in state and self._looks_like_ours(current)
        ):
            return text
        del servers["memdir"]
        if not servers and state.get("created"):
            del data["mcpServers"]
        return dump(data, text)


def _servers_file(settings: Path) -> tuple[Path, int]:
    """Where the MCP registration goes for hooks in ``settings``, and its file mode."""
    folder = settings.parent
    if folder.name == ".claude" and folder.absolute() != _config_dir().absolute():
        return folder.parent / ".mcp.json", 0o644  # a project's: shared like its settings
    return _claude_json(), 0o600  # Claude Code keeps account data in it


def targets(home: Path, settings: Path | None = None, **_: Any) -> list[Any]:
    """The MCP registration and the settings file."""
    path = settings if settings is not None else _config_dir() / "settings.json"
    argv = memdir_command(home)
    servers, mode = _servers_file(path.absolute())
    return [
        _Servers(servers, argv, mode),
        _Settings(path, shlex.join([*argv, "hook", "claude-code"])),
    ]


def notes(home: Path, plan: Plan, settings: Path | None = None, **_: Any) -> list[str]:
    """A memdir MCP server the user registered themselves is kept; say so."""
    servers = next(t for t in targets(home, settings) if isinstance(t, _Servers))
    edit = next(e for e in plan.edits if e.path == servers.path)
    if plan.action == "install" and servers.path.name == ".mcp.json" and edit.after:
        approve = [
            f"Claude Code asks before it starts a server from {servers.path}: run `claude` "
            f"in the project once and approve memdir (`claude mcp list` shows it pending "
            f"until then). The hooks work without it."
        ]
    else:
        approve = []
    if plan.action != "install" or edit.before is None:
        return approve
    try:
        current = load(servers.path, edit.before.decode("utf-8")).get("mcpServers") or {}
    except (MemdirError, UnicodeDecodeError):
        return []
    found = current.get("memdir") if isinstance(current, dict) else None
    if found is not None and found != servers.entry and found != edit.state.get("entry"):
        return [
            f"An MCP server named memdir is already registered in {servers.path}; it was "
            f"left as it is (the hooks do not need it)."
        ]
    return approve
