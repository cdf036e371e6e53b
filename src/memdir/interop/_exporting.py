"""Writing another harness's files without ever losing what someone else wrote there.

An exporter renders :class:`ExportFile` values (pure); :func:`write_exports` compares each
with what is on disk and with the ledger of what memdir wrote before
(``$MEMDIR_HOME/exports.json``: path → SHA-256 of the bytes memdir last wrote there):

* absent, or holding exactly what memdir last wrote → written (``create`` / ``update``);
* already equal to the new content → ``unchanged``;
* anything else is content memdir did not write → ``refused``, unless ``force``, and then
  only after a timestamped copy is saved beside it (``backup``);
* a file memdir exported before under the same target folder that is no longer part of
  the export, and still exactly as memdir wrote it → ``delete``.

Dry run is the default: without ``apply`` the report says what would happen.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..errors import MemdirError, StorageError

__all__ = ["ExportFile", "ExportReport", "FileResult", "Ledger", "write_exports"]

LEDGER_NAME = "exports.json"


@dataclass(frozen=True)
class ExportFile:
    """One file an exporter wants at ``path`` (absolute), and the entries it holds."""

    path: Path
    content: str
    entries: tuple[str, ...] = ()
    section: bool = False  # memdir owns only a marked section; the rest is kept as is


@dataclass(frozen=True)
class FileResult:
    """What happened (or would happen) to one target file."""

    path: Path
    status: str  # create | update | unchanged | refused | backup | delete
    backup: Path | None = None
    reason: str = ""


@dataclass
class ExportReport:
    """One export: files, entries that did not fit and why, and whether it was written."""

    target: str
    destination: Path
    files: list[FileResult] = field(default_factory=list)
    left_out: list[tuple[str, str]] = field(default_factory=list)  # (entry id, why)
    notes: list[str] = field(default_factory=list)
    applied: bool = False

    @property
    def refused(self) -> list[FileResult]:
        """Files not written because they hold content memdir did not write."""
        return [f for f in self.files if f.status == "refused"]

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form for ``--json``."""
        return {
            "target": self.target, "destination": str(self.destination),
            "applied": self.applied, "notes": list(self.notes),
            "files": [{"path": str(f.path), "status": f.status, "reason": f.reason,
                       "backup": None if f.backup is None else str(f.backup)}
                      for f in self.files],
            "left_out": [{"entry": e, "reason": r} for e, r in self.left_out],
        }


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _atomic_write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    dfd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


class Ledger:
    """What memdir last wrote where (``$MEMDIR_HOME/exports.json``)."""

    def __init__(self, home: Path) -> None:
        self.path = home / LEDGER_NAME
        try:
            data = json.loads(self.path.read_text("utf-8"))
            self.files: dict[str, str] = dict(data.get("files", {}))
        except FileNotFoundError:
            self.files = {}
        except (OSError, ValueError, AttributeError) as exc:
            raise MemdirError(f"cannot read {self.path} ({exc}); it records which exported "
                              f"files memdir wrote. Fix or delete it (exports will then ask "
                              f"for --force before overwriting)") from None

    def wrote(self, path: Path, data: bytes) -> bool:
        """True if ``data`` is exactly what memdir last wrote at ``path``."""
        return self.files.get(str(path)) == _digest(data)

    def record(self, path: Path, data: bytes | None) -> None:
        """Remember what memdir wrote at ``path`` (None: memdir deleted it)."""
        if data is None:
            self.files.pop(str(path), None)
        else:
            self.files[str(path)] = _digest(data)

    def under(self, folder: Path) -> list[Path]:
        """Files memdir wrote directly inside ``folder``."""
        return [Path(p) for p in sorted(self.files) if Path(p).parent == folder]

    def save(self) -> None:
        """Write the ledger atomically."""
        data = json.dumps({"version": 1, "files": self.files}, indent=1, sort_keys=True)
        _atomic_write(self.path, data.encode("utf-8"))


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StorageError("read", path, exc) from None


def _plan_file(ledger: Ledger, f: ExportFile, force: bool, stamp: str) -> FileResult:
    new = f.content.encode("utf-8")
    old = _read(f.path)
    if old is None:
        return FileResult(f.path, "create")
    if old == new:
        return FileResult(f.path, "unchanged")
    if f.section or ledger.wrote(f.path, old):
        return FileResult(f.path, "update")
    if not force:
        return FileResult(f.path, "refused", reason="holds content memdir did not write; "
                          "--force overwrites it after saving a timestamped backup")
    backup = f.path.with_name(f"{f.path.name}.memdir-backup-{stamp}")
    return FileResult(f.path, "backup", backup=backup, reason="saved before overwriting")


def write_exports(home: Path, target: str, destination: Path, files: Sequence[ExportFile],
                  *, apply: bool = False, force: bool = False,
                  left_out: Sequence[tuple[str, str]] = (), notes: Sequence[str] = (),
                  prune: Sequence[Path] = ()) -> ExportReport:
    """Plan (and with ``apply``, write) ``files``. ``prune`` names folders in which files
    memdir exported earlier but no longer exports are deleted (only when unchanged)."""
    ledger = Ledger(home)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    report = ExportReport(target, destination, left_out=list(left_out), notes=list(notes))
    wanted = {f.path for f in files}
    for f in files:
        report.files.append(_plan_file(ledger, f, force, stamp))
    for folder in prune:
        for path in ledger.under(folder):
            old = _read(path)
            if path not in wanted and old is not None and ledger.wrote(path, old):
                report.files.append(FileResult(path, "delete",
                                               reason="no longer exported"))
    if not apply:
        return report
    content = {f.path: f.content.encode("utf-8") for f in files}
    for result in report.files:
        try:
            if result.status == "backup" and result.backup is not None:
                _atomic_write(result.backup, result.path.read_bytes())
            if result.status in ("create", "update", "backup"):
                _atomic_write(result.path, content[result.path])
                ledger.record(result.path, content[result.path])
            elif result.status == "unchanged":
                ledger.record(result.path, content[result.path])
            elif result.status == "delete":
                result.path.unlink()
                ledger.record(result.path, None)
        except OSError as exc:
            ledger.save()  # what was written so far stays known
            raise StorageError("write", result.path, exc) from None
    ledger.save()
    report.applied = True
    return report
