"""Wiring memdir into a harness: its plugin, hooks and MCP registration, and taking them
out. (docs/design/harnesses.md)."""

from __future__ import annotations

import difflib
import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ...core.errors import MemdirError, StorageError, ValidationError
from ...core.storage.records import load, locked
from ...core.storage.regular import atomic_write, read_bytes
from .._exporting import _backup, _digest
from .._files import why

#: harness name → module under memdir.interop.install that defines ``targets()``
INSTALLERS = {"claude-code": "claude_code", "codex": "codex", "hermes": "hermes"}
LEDGER_NAME = "installs.json"
_WHAT = "which harness files memdir install changed, and their backups"
_MAX_BYTES = 16 * 1024 * 1024  # ~/.claude.json grows with history; 16 MiB is far beyond it


class Target(Protocol):
    """One file an installer edits. A target that is one of several installs editing parts
    of one file also has ``ledger_key``, its own record in installs.json."""

    path: Path
    mode: int  # permission bits of the file when memdir creates it

    def add(self, text: str | None, state: dict[str, Any]) -> str | None:
        """``text`` (None: no file) with memdir's parts added or brought up to date;
        records in ``state`` what it replaced. Raises :class:`MemdirError` when the file
        cannot be read as its harness reads it."""

    def remove(self, text: str, state: dict[str, Any]) -> str | None:
        """``text`` without memdir's parts (None: the file held nothing else)."""


@dataclass
class Edit:
    """One file's bytes before and after (None: absent) and the state to record."""

    path: Path
    before: bytes | None
    after: bytes | None
    mode: int = 0o644
    state: dict[str, Any] = field(default_factory=dict)
    restore: bool = False  # uninstall: ``after`` is the file as it was before install
    key: str = ""  # its record in installs.json ("": the file's real path)

    @property
    def changed(self) -> bool:
        """Whether applying it changes the file."""
        return self.before != self.after

    def diff(self) -> str:
        """A unified diff of the change ("" when there is none)."""
        if not self.changed:
            return ""
        old = (self.before or b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = (self.after or b"").decode("utf-8", "replace").splitlines(keepends=True)
        lines = difflib.unified_diff(
            old,
            new,
            "/dev/null" if self.before is None else str(self.path),
            "/dev/null" if self.after is None else str(self.path),
        )
        return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


@dataclass
class Plan:
    """What an install or uninstall would change, file by file, and notes for the user."""

    harness: str
    action: str  # "install" | "uninstall"
    home: Path
    edits: list[Edit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    backups: list[Path] = field(default_factory=list)  # filled by apply()

    @property
    def changed(self) -> list[Edit]:
        """The edits that change a file."""
        return [e for e in self.edits if e.changed]

    def diff(self) -> str:
        """Every change as one unified diff."""
        return "".join(e.diff() for e in self.edits)

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return {
            "harness": self.harness,
            "action": self.action,
            "files": [
                {
                    "path": str(e.path),
                    "change": "unchanged"
                    if not e.changed
                    else "create"
                    if e.before is None
                    else "delete"
                    if e.after is None
                    else "restore"
                    if e.restore
                    else "update",
                }
                for e in self.edits
            ],
            "diff": self.diff(),
            "notes": self.notes,
            "backups": [str(p) for p in self.backups],
        }


def _module(harness: str) -> Any:
    if harness not in INSTALLERS:
        raise ValidationError(
            f"unknown harness {harness!r}; use one of {', '.join(INSTALLERS)}", field="harness"
        )
    return importlib.import_module(f"{__name__}.{INSTALLERS[harness]}")


def _key(path: Path) -> str:
    return os.path.realpath(path)


def _record_key(target: Target) -> str:
    return getattr(target, "ledger_key", None) or _key(target.path)


def _record(ledger: dict[str, Any], key: str) -> dict[str, Any]:
    """installs.json's record of ``key``; empty when it is not one (a hand edit?): the file
    is then one memdir did not write, and only memdir's own parts are taken out of it."""
    r = ledger.get(key)
    shape = {"state": dict, "backup": str, "sha": str}
    if isinstance(r, dict) and all(isinstance(r.get(k), (t, type(None))) for k, t in shape.items()):
        return r
    return {}


def _read(path: Path) -> bytes | None:
    try:
        return read_bytes(path, _MAX_BYTES)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise MemdirError(f"Cannot read {path}: {why(exc)}. Nothing was changed.") from None


def _decode(path: Path, data: bytes | None) -> str | None:
    if data is None:
        return None
    try:
        return data.decode("utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8")
    except UnicodeDecodeError:
        raise MemdirError(f"{path} is not UTF-8 text; nothing was changed.") from None


def _encode(text: str | None, before: bytes | None) -> bytes | None:
    """``text`` as the file's bytes: a UTF-8 byte-order mark the file had (a Windows
    editor's, dropped by :func:`_decode`) is kept."""
    if text is None:
        return None
    bom = b"\xef\xbb\xbf" if before is not None and before.startswith(b"\xef\xbb\xbf") else b""
    return bom + text.encode("utf-8")


def _change(home: Path, target: Any, how: str, text: str | None, state: dict[str, Any]) -> Any:
    """``target.add`` or ``target.remove``; a wrong value in the recorded ``state`` (a hand
    edit of installs.json) is an error naming the record, not a traceback."""
    try:
        return getattr(target, how)(text, state)
    except (AttributeError, TypeError) as exc:
        if not state:
            raise
        raise MemdirError(
            f"{home / LEDGER_NAME}: the record of {target.path} is damaged ({exc}); nothing "
            f"was changed. Delete that record and run the command again (memdir then treats "
            f"the file as one it did not create, and takes out only its own parts on uninstall)."
        ) from None


def plan_install(harness: str, home: Path, **options: Any) -> Plan:
    """What installing memdir into ``harness`` would change (nothing is written).

    ``home`` is the memory home the harness's hooks and plugin will use; ``options`` are
    the harness's own (``settings``, ``hermes_home``, ``activate``…)."""
    module = _module(harness)
    ledger = load(home / LEDGER_NAME, _WHAT)
    plan = Plan(harness, "install", home)
    for target in module.targets(home, **options):
        before = _read(target.path)
        key = _record_key(target)
        state = dict(_record(ledger, key).get("state") or {})
        text = _decode(target.path, before)
        after = _encode(_change(home, target, "add", text, state), before)
        plan.edits.append(Edit(target.path, before, after, target.mode, state, key=key))
    plan.notes += module.notes(home, plan, **options)
    return plan


def plan_uninstall(harness: str, home: Path, **options: Any) -> Plan:
    """What taking memdir out of ``harness`` would change: each file back to its bytes
    before install when nothing else changed it since, else without memdir's parts."""
    module = _module(harness)
    ledger = load(home / LEDGER_NAME, _WHAT)
    plan = Plan(harness, "uninstall", home)
    for target in module.targets(home, **options):
        before = _read(target.path)
        key = _record_key(target)
        record = _record(ledger, key)
        state = dict(record.get("state") or {})
        if before is None:
            plan.edits.append(Edit(target.path, None, None, target.mode, state, key=key))
            continue
        untouched = record.get("sha") == _digest(before)
        if untouched and record.get("created"):
            plan.edits.append(
                Edit(target.path, before, None, target.mode, state, restore=True, key=key)
            )
            continue
        backup = Path(record["backup"]) if untouched and record.get("backup") else None
        saved = _read(backup) if backup is not None else None
        text = _decode(target.path, saved)
        if text is not None and target.remove(text, {}) == text:  # holds none of memdir's
            plan.edits.append(
                Edit(target.path, before, saved, target.mode, state, restore=True, key=key)
            )
            continue
        text = _decode(target.path, before) or ""
        after = _encode(_change(home, target, "remove", text, state), before)
        plan.edits.append(Edit(target.path, before, after, target.mode, state, key=key))
    plan.notes += module.notes(home, plan, **options)
    return plan


def apply(plan: Plan) -> Plan:
    """Write the plan: each changed file is checked against the bytes the plan was made
    from (another program may have written it since), backed up beside itself, then
    replaced atomically; ``installs.json`` records what was written."""
    with locked(plan.home / LEDGER_NAME, _WHAT) as ledger:
        for edit in plan.changed:
            if _read(edit.path) != edit.before:
                raise MemdirError(
                    f"{edit.path} changed while memdir was preparing this; nothing more was "
                    f"written. Run the command again."
                )
            key = edit.key or _key(edit.path)
            record = _record(ledger, key)
            # the file holds what memdir last wrote: its first backup stays the baseline
            keep = edit.before is not None and record.get("sha") == _digest(edit.before)
            try:
                backup = None
                if edit.before is not None and not edit.restore and not keep:
                    backup = _backup(edit.path)
                    plan.backups.append(backup)
                if edit.after is None:
                    edit.path.unlink()
                else:  # through a symlink (dotfiles): the file it points at changes
                    atomic_write(Path(_key(edit.path)), edit.after, new_mode=edit.mode, own=False)
            except OSError as exc:
                raise StorageError("write", edit.path, exc) from None
            if plan.action == "uninstall":
                ledger.pop(key, None)
                continue
            ledger[key] = {
                "harness": plan.harness,
                "sha": _digest(edit.after or b""),
                "created": record.get("created", False) if keep else edit.before is None,
                "backup": record.get("backup") if keep else (str(backup) if backup else None),
                "state": edit.state,
            }
    finish = getattr(_module(plan.harness), "after_apply", None)
    if finish is not None:
        finish(plan)
    return plan
