"""DREAMS.md: what each consolidation run staged, grouped, promoted, merged, superseded and
rejected, and why; review reads the last run's proposals from it. On one machine a file
beside state.db; on the team backend rows of the user's own state (every server reads
them, no other user does). See docs/design/dreaming.md."""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import MemdirError
from ..core.model import DESCRIPTION_MAX, NAME_MAX
from ..core.notices import warn_once
from ..core.skills import SkillDraft
from ..core.storage.regular import atomic_write, open_regular, read_text
from ..core.store import state_key

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ..core.store import Store

NAME = "DREAMS.md"
MAX_BYTES = 1 << 20  # past this the oldest runs are dropped (the newest half is kept)
READ_BYTES = 256 << 10  # review reads at most this much of the end of the file
MAX_PROPOSALS = 20  # read from one run, at most
BODY_MAX = 4000
TYPES = ("user", "feedback", "project", "reference")
TITLE = "# Dreams\n\n"  # the diary's first line
_HEAD = "## Dream "
_MARK = re.compile(r"^<!-- memdir:proposal (\{.*\}) -->$", re.MULTILINE)


@dataclass(frozen=True)
class Synthesis:
    """A pattern drawn from several entries: a proposed new entry, never written unasked."""

    type: str
    name: str
    description: str
    body: str
    sources: tuple[str, ...]  # ids of the entries it is drawn from (≥ 3)

    def to_dict(self) -> dict[str, Any]:
        """The JSON kept in DREAMS.md."""
        return {"kind": "synthesis", **asdict(self), "sources": list(self.sources)}

    def summary(self) -> str:
        """The diary's line for people."""
        return f"synthesis `{self.name}` from {', '.join(self.sources)}: {self.description}"

    @classmethod
    def from_dict(cls, data: object) -> Synthesis | None:
        """The proposal ``data`` describes, or None when it is not a well-formed one."""
        if not isinstance(data, dict) or data.get("kind") != "synthesis":
            return None
        fields = [data.get(k) for k in ("type", "name", "description", "body")]
        sources = data.get("sources")
        if not all(isinstance(f, str) and f.strip() for f in fields):
            return None
        type_, name, description, body = (str(f) for f in fields)
        if (
            type_ not in TYPES
            or len(name) > NAME_MAX
            or len(description) > DESCRIPTION_MAX
            or "\n" in description
            or len(body) > BODY_MAX
            or not isinstance(sources, list)
            or not 3 <= len(sources) <= 50
            or not all(isinstance(s, str) and 0 < len(s) <= 200 for s in sources)
        ):
            return None
        return cls(type_, name, description, body, tuple(sources))


@dataclass
class Run:
    """One consolidation run on one scope, as the diary records it."""

    scope: str
    when: datetime
    staged: list[str] = field(default_factory=list)
    themes: list[str] = field(default_factory=list)
    promoted: list[str] = field(default_factory=list)
    merged: list[str] = field(default_factory=list)
    superseded: list[str] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)  # what a phase's limit left out
    noticed: list[str] = field(default_factory=list)  # themes no model worded (offline)
    proposals: list[Synthesis | SkillDraft] = field(default_factory=list)

    def render(self) -> str:
        """The run as a Markdown section (proposals also as one JSON comment each)."""
        out = [f"{_HEAD}{self.when.isoformat(timespec='seconds')} ({self.scope})\n"]
        for title, lines in (
            ("Light: staged", self.staged),
            ("REM: themes", self.themes),
            ("Deep: promoted", self.promoted),
            ("Deep: merged", self.merged),
            ("Deep: superseded", self.superseded),
            ("Rejected", self.rejected),
            ("Left by the limits", self.left),
            ("Synthesis: themes noticed", self.noticed),
        ):
            out.append(f"\n### {title} ({len(lines)})\n")
            out += [f"- {_line(x)}\n" for x in lines]
        out.append(f"\n### Proposals for review ({len(self.proposals)})\n")
        for p in self.proposals:
            data = json.dumps(p.to_dict(), ensure_ascii=False).replace("-->", "--\\u003e")
            out.append(f"\n<!-- memdir:proposal {data} -->\n")
            out.append(f"- {p.summary()}\n")
        return "".join(out) + "\n"


def _line(text: str) -> str:
    return " ".join(text.split())[:500]


def path_for(md: Layers, location: str) -> Path:
    """Where the diary of the scope folder ``location`` lives: beside state.db, one
    folder per scope folder (not in the scope, which is a git repository others share)."""
    key = hashlib.sha1(location.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    return md.home / "dreams" / key / NAME


def append(path: Path, run: Run) -> None:
    """Add ``run`` to the diary at ``path``; past :data:`MAX_BYTES` the oldest runs go."""
    text = run.render()
    try:  # bounded, never /dev/zero; a diary memdir cannot read is kept, not written over
        old = read_text(path, 16 * MAX_BYTES)
    except FileNotFoundError:
        old = TITLE
    except (OSError, ValueError) as exc:
        raise MemdirError(
            f"Cannot read the dream diary {path} ({getattr(exc, 'strerror', None) or exc}); "
            f"move it aside and memdir starts a new one"
        ) from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        new = old + text
        if len(new.encode("utf-8")) > MAX_BYTES:
            cut = new.find(_HEAD, len(new) // 2)
            new = TITLE + (new[cut:] if cut >= 0 else text)
        atomic_write(path, new.encode("utf-8"))
    except OSError as exc:
        raise MemdirError(f"Cannot write the dream diary {path}: {exc.strerror}") from exc


def _proposal(data: object) -> Synthesis | SkillDraft | None:
    return Synthesis.from_dict(data) or SkillDraft.from_dict(data)


def last_proposals(text: str) -> list[Synthesis | SkillDraft]:
    """The well-formed proposals of the last run in a diary's text (anything else in it,
    hand edits included, is ignored; at most :data:`MAX_PROPOSALS`)."""
    start = text.rfind(_HEAD)
    section = text[start:] if start >= 0 else ""
    out: list[Synthesis | SkillDraft] = []
    for m in _MARK.finditer(section):
        try:
            found = _proposal(json.loads(m.group(1)))
        except (ValueError, RecursionError):
            continue
        if found is not None and found not in out:
            out.append(found)
        if len(out) >= MAX_PROPOSALS:
            break
    return out


def read_last(path: Path) -> list[Synthesis | SkillDraft]:
    """:func:`last_proposals` of the diary at ``path`` (its last :data:`READ_BYTES`)."""
    try:
        with os.fdopen(open_regular(path, sys.maxsize), "rb") as f:  # never a FIFO
            f.seek(max(0, os.fstat(f.fileno()).st_size - READ_BYTES))
            text = f.read(READ_BYTES).decode("utf-8", "replace")
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        warn_once(f"dream diary not read from {path}: {exc}")
        return []
    return last_proposals(text)


def record(md: Layers, store: Store, run: Run) -> None:
    """Add ``run`` to the diary of ``store``'s scope (:func:`append` on one machine); past
    :data:`MAX_BYTES` of a scope's runs, the oldest go."""
    key = state_key(store)
    if md.database is None:
        append(path_for(md, key), run)
        return
    text = run.render()

    def insert(c: Any) -> None:
        c.execute(
            "INSERT INTO dream_runs (location, run, created_at) VALUES (?, ?, ?)",
            (key, text, run.when.timestamp()),
        )
        sizes = c.execute(
            "SELECT seq, octet_length(run) FROM dream_runs WHERE location = ? ORDER BY seq DESC",
            (key,),
        ).fetchall()
        if sum(int(r[1]) for r in sizes) > MAX_BYTES:  # keep the newest half, as the file
            kept, cut = 0, int(sizes[0][0])
            for seq, size in sizes:
                kept += int(size)
                if kept > MAX_BYTES // 2:
                    break
                cut = int(seq)
            c.execute("DELETE FROM dream_runs WHERE location = ? AND seq < ?", (key, cut))

    md.sessions.db.write(insert, action="record the dream diary", serialise=False)


def proposals(md: Layers, store: Store) -> list[Synthesis | SkillDraft]:
    """The last run's proposals in the diary of ``store``'s scope (:func:`read_last`)."""
    key = state_key(store)
    if md.database is None:
        return read_last(path_for(md, key))
    row = md.sessions.db.read(
        lambda c: c.execute(
            "SELECT run FROM dream_runs WHERE location = ? ORDER BY seq DESC LIMIT 1", (key,)
        ).fetchone(),
        action="read the dream diary",
    )
    return [] if row is None else last_proposals(str(row[0]))


def text(md: Layers, store: Store) -> str:
    """The whole diary of ``store``'s scope as Markdown ("" when no run wrote one): the
    file on one machine, the scope's rows of ``dream_runs`` on the team backend, oldest
    run first (what ``memdir review --diary`` prints)."""
    key = state_key(store)
    if md.database is None:
        path = path_for(md, key)
        try:
            return read_text(path, 16 * MAX_BYTES)
        except FileNotFoundError:
            return ""
        except (OSError, ValueError) as exc:
            raise MemdirError(
                f"Cannot read the dream diary {path} ({getattr(exc, 'strerror', None) or exc})"
            ) from None
    rows = md.sessions.db.read(
        lambda c: c.execute(
            "SELECT run FROM dream_runs WHERE location = ? ORDER BY seq", (key,)
        ).fetchall(),
        action="read the dream diary",
    )
    return TITLE + "".join(str(r[0]) for r in rows) if rows else ""
