"""Salvaging rows from a damaged SQLite file: a damaged leaf page can answer rows out of
order; the salvage must only ever go forward (no duplicate, no row overwritten, no loop)."""

from __future__ import annotations

import sqlite3
import struct
from pathlib import Path

import pytest

from memdir.sessions.recovery import _rows

PAGE = 4096


def _table(path: Path, rows: int = 3000) -> None:
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
        c.executemany(
            "INSERT INTO t VALUES (?, ?)", [(i, f"row {i:05d}") for i in range(1, rows + 1)]
        )
    sqlite3.connect(path).close()


def _relabel(path: Path, rowid: int, new: int) -> None:
    """Rewrite the stored rowid of row ``rowid`` (a 2-byte varint) as ``new``, in place."""
    data = bytearray(path.read_bytes())
    want = bytes([0x80 | (rowid >> 7), rowid & 0x7F])
    for page in range(1, len(data) // PAGE):
        base = page * PAGE
        if data[base] != 0x0D:  # a table leaf page
            continue
        cells = struct.unpack(">H", data[base + 3 : base + 5])[0]
        for k in range(cells):
            at = base + struct.unpack(">H", data[base + 8 + 2 * k : base + 10 + 2 * k])[0]
            if data[at + 1 : at + 3] == want:  # payload size (1 byte), then the rowid
                data[at + 1 : at + 3] = bytes([0x80, new])
                path.write_bytes(bytes(data))
                return
    raise AssertionError(f"row {rowid} not found")


@pytest.mark.parametrize("damaged", [1543, 2000])  # mid-chunk, and the last row of a chunk
def test_salvage_goes_forward_only(tmp_path: Path, damaged: int) -> None:
    db = tmp_path / "t.db"
    _table(db)
    _relabel(db, damaged, 5)
    with sqlite3.connect(db) as conn:
        got = [row for chunk in _rows(conn, "t", ["v"], {}) for row in chunk]
    ids = [row[0] for row in got]
    assert ids == sorted(set(ids)), "rows repeated or out of order"
    assert dict((i, v) for i, v in got)[5] == "row 00005"  # not overwritten by the damaged row
    assert len(ids) >= 2998
