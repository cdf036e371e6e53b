"""``memdir install claude-code``: memdir's MCP server and hooks in Claude Code's settings.
See docs/design/harnesses.md."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.errors import MemdirError, ParseError
from ...core.harness_homes import claude_config_dir, claude_json
from ...core.storage.regular import read_json
from ._command import custom_home, memdir_command
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
    """``mcpServers.memdir`` in ``~/.claude.json`` (user scope), in its
    ``projects["<project>"]`` (local scope, ``project`` given) or in a project's
    ``.mcp.json``."""

    def __init__(self, path: Path, argv: list[str], mode: int, project: str | None = None) -> None:
        self.path = path
        self.mode = mode
        self.project = project
        self.ledger_key = f"{os.path.realpath(path)}#projects/{project}" if project else None
        self.entry = {"type": "stdio", "command": argv[0], "args": [*argv[1:], "mcp"], "env": {}}

    @staticmethod
    def _looks_like_ours(entry: object) -> bool:
        if not isinstance(entry, dict) or not isinstance(entry.get("args"), list):
            return False
        argv = [str(entry.get("command", "")), *map(str, entry["args"])]
        name = Path(argv[0]).name
        return argv[-1] == "mcp" and (name == "memdir" or "memdir" in argv[1:3])

    def _scope(self, data: dict[str, Any], state: dict[str, Any] | None) -> dict[str, Any]:
        """The object holding ``mcpServers`` (made, and recorded in ``state``, when
        ``state`` is given and it is missing; ``{}`` otherwise)."""
        if self.project is None:
            return data
        where = f"projects[{self.project!r}] in {self.path}"
        projects = data.get("projects")
        if projects is None and state is not None:
            projects = data["projects"] = {}
            state["created_projects"] = True
        if not isinstance(projects, dict) and projects is not None:
            raise MemdirError(f"'projects' in {self.path} is not an object; nothing changed.")
        scope = (projects or {}).get(self.project)
        if scope is None and state is not None and projects is not None:
            scope = projects[self.project] = {}
            state["created_project"] = True
        if scope is not None and not isinstance(scope, dict):
            raise MemdirError(f"{where} is not an object; nothing was changed.")
        return scope if scope is not None else {}

    def servers(self, data: dict[str, Any]) -> object:
        """What ``mcpServers`` holds where memdir registers (None: nothing)."""
        return self._scope(data, None).get("mcpServers")

    def add(self, text: str | None, state: dict[str, Any]) -> str | None:
        data = load(self.path, text)
        scope = self._scope(data, state)
        servers = scope.get("mcpServers")
        if servers is None:
            servers = scope["mcpServers"] = {}
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
        scope = self._scope(data, None)
        servers = scope.get("mcpServers")
        if not isinstance(servers, dict) or "memdir" not in servers:
            return text
        current = servers["memdir"]
        if current != state.get("entry") and not (
            "entry" not in state and self._looks_like_ours(current)
        ):
            return text
        del servers["memdir"]
        if not servers and state.get("created"):
            del scope["mcpServers"]
        projects = data.get("projects")
        if self.project is not None and isinstance(projects, dict):
            if not scope and state.get("created_project"):
                del projects[self.project]
            if not projects and state.get("created_projects"):
                del data["projects"]
        return dump(data, text)


def project_key(folder: Path) -> str:
    """The key Claude Code 2.1.197 files a folder's local-scope servers under in
    ``~/.claude.json``: the real path of its git checkout's root (of the main checkout for
    a ``git worktree``), else of the folder itself."""
    here = Path(os.path.realpath(folder))
    for root in (here, *here.parents):
        dot = root / ".git"
        if dot.is_dir():
            return str(root)
        if dot.is_file():  # a worktree or submodule: "gitdir: <path>"
            try:
                line = dot.read_text("utf-8", "replace").strip()
                gitdir = (root / line.removeprefix("gitdir:").strip()).resolve()
                common = (gitdir / (gitdir / "commondir").read_text().strip()).resolve()
            except OSError:
                return str(root)
            return str(common.parent) if common.name == ".git" else str(root)
    return str(here)


def _resolve(
    settings: Path | None, project: Path | None, shared: bool
) -> tuple[Path, Path | None, bool]:
    """The settings file for the hooks, the project (None: a user install) and whether the
    install is shared: ``--shared``, or ``--settings`` naming a project's ``settings.json``
    (the file a team commits, asked for by name)."""
    if project is not None and settings is not None:
        raise MemdirError("Give --project or --settings, not both; nothing was changed.")
    if project is not None:
        name = "settings.json" if shared else "settings.local.json"
        return project.absolute() / ".claude" / name, project.absolute(), shared
    path = (settings if settings is not None else claude_config_dir() / "settings.json").absolute()
    folder: Path | None = path.parent.parent  # the project whose .claude/ holds it, if any
    if path.parent.name != ".claude" or path.parent == claude_config_dir().absolute():
        folder = None
    if folder is None and shared:
        raise MemdirError(
            "--shared is for a project (--project DIR): a user install writes only your own "
            "files. Nothing was changed."
        )
    return path, folder, shared or (folder is not None and path.name == "settings.json")


def targets(
    home: Path,
    settings: Path | None = None,
    project: Path | None = None,
    shared: bool = False,
    **_: Any,
) -> list[Any]:
    """The MCP registration and the settings file."""
    path, folder, shared = _resolve(settings, project, shared)
    argv = memdir_command(home, by_name=shared)
    if folder is None:
        servers = _Servers(claude_json(), argv, 0o600)  # Claude Code keeps account data in it
    elif shared:
        servers = _Servers(folder / ".mcp.json", argv, 0o644)
    else:
        servers = _Servers(claude_json(), argv, 0o600, project_key(folder))
    return [servers, _Settings(path, shlex.join([*argv, "hook", "claude-code"]))]


def notes(
    home: Path,
    plan: Plan,
    settings: Path | None = None,
    project: Path | None = None,
    shared: bool = False,
    **_: Any,
) -> list[str]:
    """What the user must know: a server to approve, what a shared file names, a
    ``settings.local.json`` git does not ignore, a memdir server of their own kept."""
    servers, hooks = targets(home, settings, project, shared)
    edit = next(e for e in plan.edits if e.path == servers.path)
    found: list[str] = []
    explicit = settings is not None and not shared and _resolve(settings, None, False)[2]
    shared = shared or explicit
    if plan.action == "install" and explicit:
        found.append(
            f"{hooks.path} is the project's shared settings, which teams commit; memdir "
            f"wrote it and {servers.path} as asked. To keep them free of this machine's "
            f"paths, use `memdir install claude-code --project {hooks.path.parent.parent}` "
            f"instead (your own .claude/settings.local.json and ~/.claude.json)."
        )
    if plan.action == "install" and shared:
        command = servers.entry["command"]
        if command == "memdir":
            found.append(
                f"The shared files name `memdir` (here {shutil.which('memdir')}): everyone "
                f"using them needs memdir on their PATH."
            )
        else:
            found.append(
                f"memdir is not on PATH, so the shared files name {command}, which exists "
                f"only on this machine; put memdir on PATH and install again to name it."
            )
        if custom_home(home) is not None:
            found.append(f"The shared files name --home {home}, a path on this machine.")
        if edit.after:
            found.append(
                f"Claude Code asks before it starts a server from {servers.path}: run "
                f"`claude` in the project once and approve memdir (`claude mcp list` shows "
                f"it pending until then). The hooks work without it."
            )
    if plan.action == "install" and servers.project is not None:
        if _tracked(hooks.path):
            found.append(
                f"git does not ignore {hooks.path}: add `.claude/settings.local.json` to the "
                f"project's .gitignore (Claude Code does so when it makes the file itself)."
            )
        team = hooks.path.with_name("settings.json")
        if _has_our_hooks(team):
            found.append(
                f"{team} also runs memdir's hooks (an earlier install); `memdir uninstall "
                f"claude-code --project {team.parent.parent} --shared` takes them out."
            )
    if plan.action != "install" or edit.before is None:
        return found
    try:
        current = servers.servers(load(servers.path, edit.before.decode("utf-8"))) or {}
    except (MemdirError, UnicodeDecodeError):
        return found
    mine = current.get("memdir") if isinstance(current, dict) else None
    if mine is not None and mine != servers.entry and mine != edit.state.get("entry"):
        found.append(
            f"An MCP server named memdir is already registered in {servers.path}; it was "
            f"left as it is (the hooks do not need it)."
        )
    return found


def _has_our_hooks(path: Path) -> bool:
    """Whether the settings file at ``path`` runs memdir's hooks (False when unreadable)."""
    try:
        hooks = (read_json(path, 16 << 20, kind=dict) or {}).get("hooks")
    except ParseError:
        return False
    groups = (
        [g for gs in hooks.values() if isinstance(gs, list) for g in gs]
        if isinstance(hooks, dict)
        else []
    )
    return any(
        is_ours(h)
        for g in groups
        if isinstance(g, dict) and isinstance(g.get("hooks"), list)
        for h in g["hooks"]
    )


def _tracked(path: Path) -> bool:
    """Whether ``path`` is in a git checkout that does not ignore it (False without git)."""
    git = shutil.which("git")
    if git is None or not path.parent.parent.is_dir():
        return False
    try:
        done = subprocess.run(
            [git, "-C", str(path.parent.parent), "check-ignore", "-q", str(path)],
            capture_output=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 1  # 0: ignored; 128: not a checkout
