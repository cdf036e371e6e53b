"""Several writers on one scope: each sees what the others wrote, and every hand edit."""

from __future__ import annotations

from pathlib import Path

import pytest

import memdir
from conftest import add
from memdir.core.storage.files import FileBackend
from memdir.core.store import Store
from memdir.engine import Memdir


def _writers(md: Memdir) -> tuple[memdir.Store, memdir.Store]:
    """Two Stores on one scope, each with its own cache, as two processes would have."""
    a = md.store("local")
    return a, Store(FileBackend(a.backend.location), clock=md.clock)


def _count_reads(store: memdir.Store, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    reads: list[str] = []
    real = store.backend.read

    def read(name: str) -> bytes:
        reads.append(name)
        return real(name)

    monkeypatch.setattr(store.backend, "read", read)
    return reads


def test_another_writers_file_is_read_once_and_nothing_else_is(
    md: Memdir, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = _writers(md)
    add(a, "First")
    add(b, "Second")
    b.list()  # b's cache is warm
    reads = _count_reads(b, monkeypatch)
    mine = add(a, "Third")
    assert b.get(mine.id) == a.get(mine.id)
    assert reads == [mine.filename]  # only the file whose signature changed
    add(b, "Fourth")
    assert reads == [mine.filename]


def test_a_hand_edit_in_place_is_seen_by_a_warm_writer(
    md: Memdir, scope_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = _writers(md)
    add(a, "First")
    add(b, "Second")
    mine = add(a, "Third", description="old hook")
    b.list()  # b's cache is warm
    path = scope_dir / mine.filename
    with open(path, "r+b") as f:  # in place, same size: only the stat times tell
        data = f.read()
        f.seek(0)
        f.write(data.replace(b"old hook", b"new hook"))
    reads = _count_reads(b, monkeypatch)
    add(b, "Fourth")
    assert reads == [mine.filename]
    assert b.get(mine.id).description == "new hook"
    assert "— new hook" in (scope_dir / "MEMORY.md").read_text()


def test_a_full_read_sees_what_another_writer_wrote(
    md: Memdir, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = _writers(md)
    add(a, "First")
    assert [e.name for e in b.list()] == ["First"]
    mine = add(a, "Second")
    reads = _count_reads(b, monkeypatch)
    assert [e.name for e in b.list()] == ["First", "Second"]
    assert reads == [mine.filename]
    assert b.get(mine.id) == a.get(mine.id)


def test_an_in_place_edit_is_seen_by_the_very_next_write(
    md: Memdir, scope_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = md.store("local")
    b = Store(a.backend, clock=md.clock)
    add(b, "First")
    mine = add(a, "Second", description="old hook")
    add(b, "Third")  # b is warm
    path = scope_dir / mine.filename
    path.write_bytes(path.read_bytes().replace(b"old hook", b"new hook"))  # in place
    add(b, "Fourth")  # no wait: every locked load stats every file
    assert "— new hook" in (scope_dir / "MEMORY.md").read_text()


def test_a_first_read_reads_every_file_once(
    md: Memdir, scope_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh process (``memdir context``) reads each file once, hand edits included."""
    a = md.store("local")
    add(a, "First")
    edited = add(a, "Second", description="old hook")
    add(a, "Third")
    path = scope_dir / edited.filename
    with open(path, "r+b") as f:  # in place, same size: only the stat times tell
        data = f.read()
        f.seek(0)
        f.write(data.replace(b"old hook", b"new hook"))
    fresh = Store(a.backend.__class__(scope_dir), clock=md.clock)
    reads = _count_reads(fresh, monkeypatch)
    entries = {e.name: e for e in fresh.list()}
    assert set(entries) == {"First", "Second", "Third"}
    assert entries["Second"].description == "new hook"
    assert sorted(reads) == sorted(e.filename for e in entries.values())
    fresh.list()
    assert len(reads) == 3  # the second look reads nothing
