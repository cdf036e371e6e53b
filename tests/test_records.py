"""Records: parsed entries shared through the change log, and every way back to the file."""

from __future__ import annotations

import os
import string
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import memdir
from conftest import add
from memdir.engine import Memdir
from memdir.formats.frontmatter import KNOWN_KEYS, parse_entry, render_entry
from memdir.formats.record import decode, encode
from memdir.model import Entry, EntryType, Layout, Source
from memdir.store import Store

_text = (
    st.text(
        alphabet=st.characters(
            blacklist_categories=("Cs", "Cc"), blacklist_characters="\u2028\u2029\x85"
        ),
        min_size=1,
        max_size=40,
    )
    .map(str.strip)
    .filter(bool)
)
_times = st.datetimes(min_value=datetime(1, 1, 2), timezones=st.just(UTC))
_key = st.text(string.ascii_lowercase + "_", min_size=1, max_size=8).filter(
    lambda k: k not in KNOWN_KEYS
)
_value = st.recursive(
    st.one_of(
        st.integers(),
        st.booleans(),
        st.none(),
        _text,
        st.floats(allow_nan=False, allow_infinity=False),
        _times,
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_key, inner, max_size=3),
    max_leaves=6,
)


@st.composite
def entries(draw: st.DrawFn) -> Entry:
    name = draw(_text)
    archived = draw(st.booleans())
    optional = st.none() | _times
    return Entry(
        id=("archive-" if archived else "")
        + draw(st.text(string.ascii_lowercase + "_-", min_size=1, max_size=20)),
        name=name,
        description=draw(st.just("") | _text),
        type=draw(st.sampled_from(list(EntryType))),
        body=draw(_text),
        created=draw(_times),
        updated=draw(_times),
        source=draw(st.sampled_from(list(Source))),
        origins=tuple(draw(st.lists(_text, max_size=2))),
        pinned=draw(st.booleans()),
        supersedes=tuple(draw(st.lists(_text, max_size=2))),
        valid_from=draw(optional),
        valid_until=draw(optional),
        superseded_by=draw(st.none() | _text),
        removed_at=draw(optional),
        extra=draw(st.dictionaries(_key, _value, max_size=3)),
        archived=archived,
        layout=Layout(crlf=draw(st.booleans()), bom=draw(st.booleans())),
    )


def _has_time(value: object) -> bool:
    if isinstance(value, dict):
        return any(_has_time(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_time(v) for v in value)
    return isinstance(value, datetime)


def _as_read(entry: Entry) -> Entry:
    return parse_entry(render_entry(entry), entry.id, archived=entry.archived)


@settings(max_examples=300)
@given(entries(), st.lists(st.integers(0, 2**63), min_size=5, max_size=5))
def test_a_record_gives_exactly_what_parsing_the_file_gives(entry: Entry, sig: list[int]) -> None:
    read = _as_read(entry)
    record = encode(tuple(sig), read)
    if record is None:  # only values JSON cannot carry exactly: the reader reads the file
        assert _has_time(read.extra)
        return
    decoded = decode(record, read.filename)
    assert decoded is not None
    assert decoded[0] == tuple(sig)
    assert decoded[1] == read and decoded[1].layout == read.layout
    assert decode(record, "other.md") is None  # a record only ever describes its own file


def test_plain_entries_always_get_a_record() -> None:
    t = datetime(2026, 11, 30, tzinfo=UTC)
    entry = Entry(
        id="feedback_x",
        name="X",
        description="d",
        type=EntryType.FEEDBACK,
        body="b",
        created=t,
        updated=t,
        extra={"owner": "ann", "n": [1, "a"]},
    )
    assert encode((1, 2, 3, 4, 5), _as_read(entry)) is not None


def test_damaged_records_are_refused() -> None:
    t = datetime(2026, 11, 30, tzinfo=UTC)
    read = _as_read(
        Entry(
            id="user_x",
            name="X",
            description="d",
            type=EntryType.USER,
            body="the body",
            created=t,
            updated=t,
        )
    )
    record = encode((1, 2, 3, 4, 5), read)
    assert record is not None
    for cut in range(len(record)):
        assert decode(record[:cut], "user_x.md") is None
    assert decode(record.replace("the body", "the bodz"), "user_x.md") is None
    assert decode("00000000 [1]", "user_x.md") is None
    assert decode("garbage", "user_x.md") is None


# -- through the change log, between two writers ---------------------------------------------


def _writers(md: Memdir) -> tuple[memdir.Store, memdir.Store]:
    """Two Stores on one scope, each with its own cache, as two processes would have."""
    a = md.store("local")
    return a, Store(a.backend, clock=md.clock)


def _count_reads(store: memdir.Store, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    reads: list[str] = []
    real = store.backend.read

    def read(name: str) -> bytes:
        reads.append(name)
        return real(name)

    monkeypatch.setattr(store.backend, "read", read)
    return reads


def test_another_writers_file_is_known_from_its_record_without_reading_it(
    md: Memdir, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = _writers(md)
    add(a, "First")
    add(b, "Second")  # b's locked load and a's position are now set
    reads = _count_reads(b, monkeypatch)
    mine = add(a, "Third")
    assert b._reader.prefetch()
    assert reads == []
    assert b._reader.known()[mine.id] == a.get(mine.id)
    add(b, "Fourth")
    assert reads == []


def test_a_hand_edit_of_a_file_with_a_logged_record_is_seen(
    md: Memdir, scope_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = _writers(md)
    add(a, "First")
    add(b, "Second")
    mine = add(a, "Third", description="old hook")
    path = scope_dir / mine.filename
    with open(path, "r+b") as f:  # in place, same size: only the stat times tell
        data = f.read()
        f.seek(0)
        f.write(data.replace(b"old hook", b"new hook"))
    reads = _count_reads(b, monkeypatch)
    assert b._reader.prefetch()
    assert reads == [mine.filename]
    assert b._reader.known()[mine.id].description == "new hook"
    add(b, "Fourth")
    assert "— new hook" in (scope_dir / "MEMORY.md").read_text()


@pytest.mark.parametrize("damage", ["garble", "truncate"])
def test_a_damaged_record_falls_back_to_reading_the_file(
    md: Memdir, scope_dir: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    a, b = _writers(md)
    add(a, "First")
    add(b, "Second")
    mine = add(a, "Third", body="the real body")
    log = scope_dir / ".changes"
    text = log.read_text()
    start = text.rindex("=entry ")
    end = text.index("\n", start)
    line = text[start:end]
    assert "the real body" in line
    if damage == "garble":
        line = line.replace("the real body", "a false body!")
    else:
        line = line[: len(line) // 2]
    os.truncate(log, start)  # same file (inode), still past b's position
    with open(log, "a") as f:
        f.write(line + text[end:])
    reads = _count_reads(b, monkeypatch)
    assert b._reader.prefetch()
    assert reads == [mine.filename]
    assert b._reader.known()[mine.id].body == "the real body"
    add(b, "Fourth")
    assert b.get(mine.id).body == "the real body"


def test_a_full_read_also_uses_the_records_logged_since_its_last_look(
    md: Memdir, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = _writers(md)
    add(a, "First")
    assert [e.name for e in b.list()] == ["First"]  # b has looked at the log
    mine = add(a, "Second")
    reads = _count_reads(b, monkeypatch)
    assert [e.name for e in b.list()] == ["First", "Second"]
    assert reads == []
    assert b.get(mine.id) == a.get(mine.id)


def test_an_empty_stretch_of_the_log_still_reports_the_mark_it_ends_in(tmp_path: Path) -> None:
    from memdir.storage.changelog import ChangeLog

    log = ChangeLog(tmp_path / ".changes")
    log.append({"a.md"})
    end = log.mark((1, 2, 3), {"a.md": "x" * 300})
    assert log.since(end) == (set(), end, (1, 2, 3), {})
    after = log.append({"b.md"})
    assert log.since(after) == (set(), after, None, {})  # ends in a name, not a mark
    with open(tmp_path / ".changes", "ab") as f:
        f.write(b'=entry c.md\t00000000 ["y=folder 4 5 6"]\n')
    position = log.position()
    assert position is not None
    delta = log.since(position)
    assert delta is not None and delta[2] is None  # a mark must be a whole line


def test_an_in_place_edit_is_seen_within_recheck_seconds_without_a_locked_listing(
    md: Memdir, scope_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time
    import traceback

    a = md.store("local")
    b = Store(a.backend, clock=md.clock, recheck_seconds=0.2)
    add(b, "First")
    mine = add(a, "Second", description="old hook")
    add(b, "Third")  # b is warm
    path = scope_dir / mine.filename
    path.write_bytes(path.read_bytes().replace(b"old hook", b"new hook"))  # in place
    time.sleep(0.25)
    callers: list[str] = []
    real = b.backend.listing

    def listing(*, archive: bool = False) -> object:
        callers.append(traceback.extract_stack(limit=2)[0].name)
        return real(archive=archive)

    monkeypatch.setattr(b.backend, "listing", listing)
    add(b, "Fourth")
    assert "— new hook" in (scope_dir / "MEMORY.md").read_text()
    assert callers == ["_sweep"]  # once, by prefetch before the lock; not by the locked load


def test_a_first_read_builds_memdirs_own_files_from_the_log_and_reads_hand_edits(
    md: Memdir, scope_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fresh process (``memdir context``) takes the entries memdir wrote from the change
    log's records, and reads only the files whose signature no record matches."""
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
    assert reads == [edited.filename]
