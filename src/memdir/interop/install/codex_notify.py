"""``memdir hook codex-notify``: what Codex's ``notify`` program does after each turn.
See docs/design/harnesses.md."""

from __future__ import annotations

import json
import os
import re
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ...core.scopes import is_folder
from ...core.storage.records import locked
from ._command import detached

LEDGER_NAME = "codex-rollouts.json"
_WHAT = "which Codex rollouts memdir has imported, by size and time"
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
MAX_PAYLOAD = 1024 * 1024


@dataclass
class Notified:
    """What one notify did."""

    imported: list[str] = field(default_factory=list)  # rollout files read
    messages: int = 0  # messages added
    queued: str | None = None  # the session queued for extraction
    chained: bool = False  # the user's own notify program was started

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return asdict(self)


def _rollouts(folder: Path) -> dict[str, list[int]]:
    """Every rollout file under ``folder``: path → [size, mtime in ns]."""
    found: dict[str, list[int]] = {}
    for root, _, names in os.walk(folder):
        for name in names:
            if name.startswith("rollout-") and name.endswith(".jsonl"):
                path = os.path.join(root, name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                found[path] = [info.st_size, info.st_mtime_ns]
    return found


def notify(args: list[str], home: Path | None) -> Notified:
    """Handle one Codex notify call (``args``: the chained program, then the payload)."""
    from ... import open as open_memdir
    from ...core.errors import MemdirError
    from ..transcripts.follow import follow

    done = Notified()
    if not args:
        raise MemdirError("no notify payload: Codex passes it as the last argument")
    payload_text = args[-1]
    if args[:-1]:
        with suppress(OSError):  # the user's own notify program: started, never waited for
            detached([*args[:-1], payload_text])
            done.chained = True
    if len(payload_text) > MAX_PAYLOAD:
        raise MemdirError("the notify payload is too large; skipped")
    try:
        payload = json.loads(payload_text)
    except (ValueError, RecursionError):
        raise MemdirError("the notify payload is not JSON; skipped") from None
    if not isinstance(payload, dict) or payload.get("type") != "agent-turn-complete":
        return done
    thread = payload.get("thread-id")
    thread = thread if isinstance(thread, str) and _UUID.fullmatch(thread) else None
    cwd = payload.get("cwd")
    project = cwd if isinstance(cwd, str) and is_folder(cwd) else None
    md = open_memdir(home, project or os.getcwd())
    if not md.enabled:
        return done
    folder = md.settings.codex_home / "sessions"
    with locked(md.home / LEDGER_NAME, _WHAT) as seen:
        current = _rollouts(folder) if folder.is_dir() else {}
        first = not seen
        for path, stamp in sorted(current.items()):
            if seen.get(path) == stamp:
                continue
            if first and (thread is None or thread not in Path(path).name):
                seen[path] = stamp  # history: `memdir import-sessions codex` imports it
                continue
            # live only for the turn's rollout: another new one (restored, copied in, a
            # session not seen logged) records its cwd's checkout only if proven
            live = thread is not None and thread in Path(path).name
            done.messages += follow(md, "codex", Path(path), live)  # from where it stopped
            done.imported.append(path)
            seen[path] = stamp
        for path in set(seen) - set(current):
            del seen[path]  # deleted rollouts
    grew = thread is not None and any(thread in Path(p).name for p in done.imported)
    if grew and md.pipeline.queue_session(f"codex:{thread}"):
        done.queued = f"codex:{thread}"
    return done
