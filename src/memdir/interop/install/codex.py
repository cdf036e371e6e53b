"""``memdir install codex``: ``[mcp_servers.memdir]`` and the ``notify`` program in Codex's
``config.toml`` (``$CODEX_HOME/config.toml``, default ``~/.codex/config.toml``).
See docs/design/harnesses.md."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.errors import MemdirError
from ...core.harness_homes import codex_home as default_codex_home
from ._command import memdir_command

if TYPE_CHECKING:
    from . import Plan

_HOOK = ["hook", "codex-notify"]


def is_ours(notify: object) -> bool:
    """Whether a ``notify`` value is memdir's (it runs ``… hook codex-notify``)."""
    if not isinstance(notify, list) or not all(isinstance(a, str) for a in notify):
        return False
    return any(notify[i : i + 2] == _HOOK for i in range(len(notify)))


def _chained(notify: list[str]) -> list[str]:
    """The user's program memdir's ``notify`` runs after ``--``."""
    return notify[notify.index("--") + 1 :] if "--" in notify else []


def _plain(value: Any) -> Any:
    """A tomlkit value as plain Python (for comparing)."""
    return value.unwrap() if hasattr(value, "unwrap") else value


class _Config:
    """``config.toml``: memdir's MCP server table and ``notify``."""

    mode = 0o600  # Codex's own config may hold tokens in env tables

    def __init__(self, path: Path, argv: list[str], required: bool = False) -> None:
        self.path = path
        self.argv = argv
        self.entry: dict[str, Any] = {"command": argv[0], "args": [*argv[1:], "mcp"]}
        if required:  # Codex then waits for memdir (and stops if it cannot start)
            self.entry["required"] = True

    def _parse(self, text: str | None) -> Any:
        import tomlkit
        from tomlkit.exceptions import TOMLKitError

        try:
            return tomlkit.parse(text or "")
        except TOMLKitError as exc:
            raise MemdirError(
                f"{self.path} is not TOML Codex can read ({exc}); fix it, then run memdir "
                f"install again. Nothing was changed."
            ) from None

    def _servers(self, doc: Any) -> Any:
        servers = doc.get("mcp_servers")
        if servers is not None and not hasattr(servers, "items"):
            raise MemdirError(f"mcp_servers in {self.path} is not a table; nothing changed.")
        return servers

    def add(self, text: str | None, state: dict[str, Any]) -> str | None:
        import tomlkit

        doc = self._parse(text)
        servers = self._servers(doc)
        current = None if servers is None else _plain(servers.get("memdir"))
        if current is None or (current != self.entry and current == state.get("entry")):
            table = tomlkit.table()
            table.update(self.entry)
            table.add(tomlkit.nl())
            if servers is None:
                servers = tomlkit.table(is_super_table=True)
                doc["mcp_servers"] = servers
                state["created"] = True
            servers["memdir"] = table
            state["entry"] = self.entry
        notify = _plain(doc.get("notify"))
        if notify is not None and (
            not isinstance(notify, list) or not all(isinstance(a, str) for a in notify)
        ):
            raise MemdirError(f"notify in {self.path} is not a list of strings; nothing changed.")
        before: list[str] = _chained(notify) if notify and is_ours(notify) else notify or []
        wanted = [*self.argv, *_HOOK, *(["--", *before] if before else [])]
        if notify != wanted:
            doc["notify"] = wanted
        out: str = doc.as_string()
        return text if out == (text or "") else out

    def remove(self, text: str, state: dict[str, Any]) -> str | None:
        doc = self._parse(text)
        servers = self._servers(doc)
        current = None if servers is None else _plain(servers.get("memdir"))
        ours = state.get("entry")
        if current is not None and (
            current == ours
            or (
                ours is None
                and isinstance(current, dict)
                and Path(str(current.get("command", ""))).name in ("memdir", "python", "python3")
                and (current.get("args") or [None])[-1] == "mcp"
            )
        ):
            del servers["memdir"]
            if not servers and state.get("created"):
                del doc["mcp_servers"]
        notify = _plain(doc.get("notify"))
        if is_ours(notify):
            chained = _chained(notify)
            if chained:
                doc["notify"] = chained
            else:
                del doc["notify"]
        out: str = doc.as_string()
        return text if out == text else out


def targets(
    home: Path, codex_home: Path | None = None, required: bool = False, **_: Any
) -> list[Any]:
    """Codex's ``config.toml`` (``required``: the server marked required)."""
    where = codex_home or default_codex_home()
    return [_Config(where / "config.toml", memdir_command(home), required)]


def notes(
    home: Path, plan: Plan, codex_home: Path | None = None, required: bool = False, **_: Any
) -> list[str]:
    """A memdir MCP server the user registered themselves is kept; say so."""
    if plan.action != "install":
        return []
    (edit,) = plan.edits
    target = targets(home, codex_home, required)[0]
    text = (edit.after or edit.before or b"").decode("utf-8", "replace")
    try:
        servers = target._servers(target._parse(text))
    except MemdirError:
        return []
    current = None if servers is None else _plain(servers.get("memdir"))
    if current is not None and current != target.entry:
        return [
            f"An MCP server named memdir is already in {edit.path}; it was left as it is "
            f"(the notify program does not need it)."
        ]
    return []
