"""Import other harnesses' session transcripts into state.db, so past sessions are
searchable. (docs/design/interop.md)."""

from __future__ import annotations

import sqlite3
import stat
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ...core.errors import MemdirError
from ...sessions import ImportCounts
from ...sessions.records import check_mode
from .._files import user_path, why
from ._reading import Progress, Tally, scope_of

if TYPE_CHECKING:
    from ...core.layers import Layers


@dataclass(kw_only=True)
class TranscriptReport(ImportCounts):
    """What one transcript import read (files … problems) and wrote (the counts of
    :class:`~memdir.sessions.ImportCounts`, ``batches`` left out of :meth:`to_dict`)."""

    harness: str
    source: Path
    files: int = 0
    lines: int = 0  # lines (Hermes: message rows) read
    skipped: int = 0  # well-formed lines holding no message (metadata, token counts…)
    malformed: int = 0
    problems: list[str] = field(default_factory=list)  # the first malformed lines: where, why
    #: parents named by imported sessions whose own transcript was not imported: created
    #: empty, so ``sessions show`` finds them (their transcript fills them when imported)
    parents_missing: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        data = asdict(self)
        del data["batches"]
        data["source"] = str(self.source)
        data["sessions"] = self.sessions
        return data


def reader(harness: str) -> ModuleType:
    """The transcripts reader of ``harness`` (a plugin's, see :mod:`memdir.hooks`)."""
    from ... import hooks

    module: ModuleType = hooks.harness(harness, "transcripts")
    return module


def import_sessions(
    md: Layers,
    harness: str,
    source: str | Path | None = None,
    *,
    progress: Progress | None = None,
    memory_mode: str = "enabled",
    include_removed: bool = False,
    batch: int = 20_000,
) -> TranscriptReport:
    """Import the transcripts of ``harness`` (claude-code, codex or hermes) from ``source``
    (default: the harness's own folder under the user's home) into ``md``'s sessions;
    ``progress(done, total)`` counts bytes (Hermes: messages). See docs/design/interop.md."""
    module = reader(harness)
    check_mode(memory_mode)
    where = _default(module, md).absolute() if source is None else user_path(source, "source")
    _check(where, module, md)
    tally = Tally(progress)
    counts = md.sessions.import_sessions(
        module.sessions(where, tally, memory_mode), batch=batch, include_removed=include_removed
    )
    tally.finish()
    return TranscriptReport(
        harness=harness,
        source=where,
        files=tally.files,
        lines=tally.lines,
        skipped=tally.skipped,
        malformed=tally.malformed,
        problems=tally.problems,
        parents_missing=_fill_missing_parents(md, module.AGENT),
        **counts.to_dict(),
    )


def _fill_missing_parents(md: Layers, agent: str) -> list[str]:
    """Create each parent this harness's sessions name but state.db does not hold (a
    sub-agent or resumed session whose parent transcript is gone or not imported), empty,
    so no session points at nothing; returns their ids."""
    from ...sessions import SessionSpec

    def orphans(c: sqlite3.Connection) -> list[tuple[str, str | None, float | None]]:
        rows = c.execute(
            "SELECT s.parent_id, min(s.cwd), min(s.started_at) FROM sessions s "
            "WHERE s.agent = ? AND s.parent_id IS NOT NULL "
            "AND s.parent_id NOT IN (SELECT id FROM sessions) GROUP BY s.parent_id",
            (agent,),
        ).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    if not md.has_state:
        return []
    missing = md.sessions.db.read(orphans, action="find missing parents")
    if missing:
        md.sessions.import_sessions(
            [
                (SessionSpec(pid, agent=agent, cwd=cwd, scope=scope_of(cwd), started_at=at), [])
                for pid, cwd, at in missing
            ]
        )
    return [pid for pid, _, _ in missing]


def _default(module: ModuleType, md: Layers) -> Path:
    """The harness's own transcripts folder as ``md``'s settings' environ names it (a
    plugin's ``default_source()`` that takes no environ: as it says)."""
    import inspect

    found: Path
    if inspect.signature(module.default_source).parameters:
        found = module.default_source(md.settings.harness_environ)
    else:
        found = module.default_source()
    return found


def _check(where: Path, module: ModuleType, md: Layers) -> None:
    """``where`` must be a folder or a regular file (a FIFO would block, a device never
    end)."""
    try:
        mode = where.stat().st_mode
    except FileNotFoundError:
        raise MemdirError(
            f"No {module.LABEL} transcripts at {where}. Pass --from with the "
            f"folder or file to import (default: "
            f"{_home_relative(_default(module, md))})."
        ) from None
    except OSError as exc:
        raise MemdirError(f"Cannot read {where}: {why(exc)}.") from None
    if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
        raise MemdirError(
            f"Cannot import {module.LABEL} transcripts from {where}: not a "
            f"regular file or folder. Pass --from with the folder or file to "
            f"import."
        )


def _home_relative(path: Path) -> str:
    try:
        return f"~/{path.relative_to(Path.home())}"
    except ValueError:
        return str(path)
