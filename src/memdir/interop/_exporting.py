"""Writing another harness's files without ever losing what someone else wrote there.
See docs/design/interop.md."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..core.errors import StorageError
from ..core.storage.records import load, locked
from ..core.storage.regular import atomic_write, read_bytes
from ._files import why

LEDGER_NAME = "exports.json"
_WHAT = "which exported files memdir wrote"
_MAX_TARGET_BYTES = 64 * 1024 * 1024


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
            "target": self.target,
            "destination": str(self.destination),
            "applied": self.applied,
            "notes": list(self.notes),
            "files": [
                {
                    "path": str(f.path),
                    "status": f.status,
                    "reason": f.reason,
                    "backup": None if f.backup is None else str(f.backup),
                }
                for f in self.files
            ],
            "left_out": [{"entry": e, "reason": r} for e, r in self.left_out],
        }


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


def _record(value: Any) -> dict[str, Any]:
    """A ledger record; early ledgers held the digest alone."""
    return value if isinstance(value, dict) else {"sha": value}


class Ledger:
    """What memdir last wrote where (``$MEMDIR_HOME/exports.json``), read without a lock."""

    def __init__(self, home: Path, files: dict[str, Any] | None = None) -> None:
        self.path = home / LEDGER_NAME
        self.files = load(self.path, _WHAT) if files is None else files

    def wrote(self, path: Path, data: bytes) -> bool:
        """True if ``data`` is exactly what memdir last wrote at ``path``."""
        return self.wrote_sha(path, _digest(data))

    def wrote_sha(self, path: Path, sha: str | None) -> bool:
        """:meth:`wrote`, given the sha256 of the bytes (as ``read_whole`` records it)."""
        return sha is not None and _record(self.files.get(str(_real(path)), {})).get("sha") == sha

    def imported(self, path: Path, data: bytes) -> bool:
        """True if ``data`` is exactly what an import read whole at ``path`` (and stored
        every line of): the export replaces it, after a backup."""
        record = _record(self.files.get(str(_real(path)), {}))
        return bool(record.get("imported")) and record.get("sha") == _digest(data)

    def exported(self, folder: Path, target: str) -> list[Path]:
        """Whole files ``target`` wrote directly inside ``folder`` (sections excluded)."""
        real = _real(folder)
        return [
            Path(p)
            for p, v in sorted(self.files.items())
            if Path(p).parent == real
            and _record(v).get("target") == target
            and not _record(v).get("section")
            and not _record(v).get("imported")
        ]


def _read(path: Path) -> bytes | None:
    """The file's bytes, None when absent; ValueError when it is not a regular file."""
    try:
        return read_bytes(path, _MAX_TARGET_BYTES)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StorageError("read", path, exc) from None


def _plan_file(ledger: Ledger, f: ExportFile, force: bool) -> FileResult:
    new = f.content.encode("utf-8")
    try:
        old = _read(f.path)
    except ValueError as exc:
        return FileResult(f.path, "refused", reason=f"{why(exc)}; memdir writes only files")
    if old is None:
        return FileResult(f.path, "create")
    if old == new or old.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n") == new:
        return FileResult(f.path, "unchanged")  # (a Windows checkout's CRLF and BOM kept)
    if ledger.imported(f.path, old):  # every line stored by an import: kept as --force keeps
        return FileResult(f.path, "backup", reason="imported whole; saved before replacing")
    if f.section or ledger.wrote(f.path, old):
        return FileResult(f.path, "update")
    if not force:
        return FileResult(
            f.path,
            "refused",
            reason="holds content memdir did not write; "
            "--force overwrites it after saving a timestamped backup",
        )
    return FileResult(f.path, "backup", reason="saved before overwriting")


def _backup(path: Path) -> Path:
    """Copy ``path`` to a new ``<name>.memdir-backup-<UTC time>[-n]`` beside it (never
    replacing an earlier backup) and fsync it."""
    real = _real(path)
    data = real.read_bytes()
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    for n in range(1, 1000):
        suffix = "" if n == 1 else f"-{n}"
        dest = real.with_name(f"{real.name}.memdir-backup-{stamp}{suffix}")
        try:
            fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        return dest
    raise FileExistsError(f"{real}: too many backups this second")


def _plan(
    ledger: Ledger, target: str, files: Sequence[ExportFile], force: bool, prune: Sequence[Path]
) -> list[FileResult]:
    results = [_plan_file(ledger, f, force) for f in files]
    wanted = {_real(f.path) for f in files}
    for folder in prune:
        for path in ledger.exported(folder, target):
            try:
                old = _read(path)
            except ValueError:
                continue
            if path not in wanted and old is not None and ledger.wrote(path, old):
                results.append(FileResult(path, "delete", reason="no longer exported"))
    return results


def _as_before(real: Path, data: bytes, status: str, section: bool) -> bytes:
    """The bytes to write (and record) for ``data`` at ``real``: an unchanged file's own
    bytes (a CRLF or BOM checkout of memdir's output is recorded as it is, so the next
    export updates it as a file memdir wrote), and an updated file in the CRLF line
    endings and BOM it had, when all its line endings were CRLF (a section's exporter
    keeps the file's own bytes itself)."""
    if status not in ("unchanged", "update", "backup") or (section and status != "unchanged"):
        return data
    try:
        old = _read(real)
    except (ValueError, StorageError):
        return data
    if old is None:
        return data
    if status == "unchanged":
        return old
    bom = b"\xef\xbb\xbf" if old.startswith(b"\xef\xbb\xbf") else b""
    if b"\r\n" in old and old.count(b"\n") == old.count(b"\r\n") and b"\r" not in data:
        data = data.replace(b"\n", b"\r\n")
    return bom + data.removeprefix(b"\xef\xbb\xbf")


def _write(
    report: ExportReport, files: Sequence[ExportFile], target: str, records: dict[str, Any]
) -> None:
    by_path = {f.path: f for f in files}
    ordered = [r for r in report.files if r.status != "delete"] + [
        r for r in report.files if r.status == "delete"
    ]
    done = []
    for result in ordered:
        real = _real(result.path)
        try:
            if result.status == "delete":
                real.unlink()
                records.pop(str(real), None)
                done.append(result)
                continue
            if result.status == "refused":
                done.append(result)
                continue
            f = by_path[result.path]
            data = _as_before(real, f.content.encode("utf-8"), result.status, f.section)
            if result.status == "backup":
                result = FileResult(result.path, "backup", _backup(result.path), result.reason)
            if result.status in ("create", "update", "backup"):
                # a harness's file, like its own; its mode the user's
                atomic_write(real, data, new_mode=0o644, own=False)
            records[str(real)] = {"sha": _digest(data), "target": target, "section": f.section}
        except OSError as exc:
            raise StorageError("write", result.path, exc) from None
        done.append(result)
    report.files = done


def record_imported(home: Path, target: str, files: dict[Path, str]) -> None:
    """Note that memdir imported every entry of each file in ``files`` (path -> sha256 of
    its bytes, as read): while it still holds those bytes, export ``target`` may replace
    it, as a file memdir wrote (a file edited since is refused as before)."""
    with locked(home / LEDGER_NAME, _WHAT) as records:
        for path, sha in files.items():
            try:
                now = _read(path)
            except (ValueError, StorageError):
                continue
            if now is not None and _digest(now) == sha:  # unchanged since it was read
                records[str(_real(path))] = {
                    "sha": sha,
                    "target": target,
                    "section": False,
                    "imported": True,
                }


def write_exports(
    home: Path,
    target: str,
    destination: Path,
    files: Sequence[ExportFile],
    *,
    apply: bool = False,
    force: bool = False,
    left_out: Sequence[tuple[str, str]] = (),
    notes: Sequence[str] = (),
    prune: Sequence[Path] = (),
) -> ExportReport:
    """Plan (and with ``apply``, write) ``files`` for export ``target``; when any file is
    refused, nothing is written (``applied`` stays False). ``prune`` names
    folders where whole files this target exported before, and no longer exports, are
    deleted (only when unchanged since)."""
    report = ExportReport(target, destination, left_out=list(left_out), notes=list(notes))
    if not apply:
        report.files = _plan(Ledger(home), target, files, force, prune)
        return report
    with locked(home / LEDGER_NAME, _WHAT) as records:
        report.files = _plan(Ledger(home, records), target, files, force, prune)
        if report.refused:  # all or nothing: no half export beside a file it could not write
            return report
        _write(report, files, target, records)
    report.applied = True
    return report
