"""``read_json``, the one reader of memdir's own JSON files (issue 16): whatever is at the
path, a value or a ParseError naming the file, never another exception, a hang or an
unbounded read. docs/design/storage.md."""

from __future__ import annotations

import json
import os
import resource
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from memdir.core.errors import ParseError
from memdir.core.storage.regular import read_json

LIMIT = 4096
BOM = b"\xef\xbb\xbf"
DEEP = b"[" * 2000 + b"]" * 2000  # within LIMIT, beyond the recursion limit
_PIECES = [b"[", b"]", b"{", b"}", b'"a":', b",", b"1", b"1" * 5000, b"NaN", b"null", b'"\\ud800"']


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    def stop(*_: object) -> None:
        raise TimeoutError("the read blocked (a FIFO?)")

    before = signal.signal(signal.SIGALRM, stop)
    limits = resource.getrlimit(resource.RLIMIT_AS)  # an unbounded read: MemoryError
    size = int(Path("/proc/self/statm").read_text().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    resource.setrlimit(resource.RLIMIT_AS, (size + (1 << 30), limits[1]))
    signal.alarm(10)
    yield
    signal.alarm(0)
    resource.setrlimit(resource.RLIMIT_AS, limits)
    signal.signal(signal.SIGALRM, before)


def _parse(text: str | None) -> object:
    try:
        return json.loads(text)  # type: ignore[arg-type]
    except (TypeError, ValueError, RecursionError):  # TypeError: not UTF-8 (None)
        return ParseError


def _read(path: Path, **how: object) -> str:
    try:
        got = read_json(path, LIMIT, **how)  # type: ignore[arg-type]
    except ParseError as exc:
        assert str(path) in str(exc) and exc.reason
        got = ParseError
    return json.dumps(got, default=str)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.sampled_from([b"", BOM]),
    st.binary(max_size=80) | st.lists(st.sampled_from(_PIECES), max_size=12).map(b"".join),
)
@example(BOM, b'{"a": [1, "\xc3\xa9"]}')
@example(b"", DEEP)
@example(b"", b"\xff{}")
def test_any_bytes_are_a_value_or_a_parse_error(tmp_path: Path, bom: bytes, data: bytes) -> None:
    path = tmp_path / "own.json"
    path.write_bytes(bom + data)
    try:
        text: str | None = (bom + data).decode("utf-8-sig")
    except UnicodeDecodeError:
        text = None
    want = _parse(text)
    assert _read(path) == json.dumps(want if len(bom + data) <= LIMIT else ParseError, default=str)
    if text is not None:  # text an installer read (its BOM dropped): parsed the same way
        assert _read(path, text=text) == json.dumps(want, default=str)


CASES = {  # what is at the path: the value, or the reason given
    "BOM": (lambda p: p.write_bytes(BOM + b'{"a": 1}'), {"a": 1}),
    "deep": (lambda p: p.write_bytes(DEEP), "not valid JSON (nested too deeply)"),
    "huge": (lambda p: p.write_bytes(b"[" + b"1," * LIMIT + b"1]"), "larger than 4 KiB"),
    "binary": (lambda p: p.write_bytes(b"\xfe[]"), "not UTF-8 (bad byte at offset 0)"),
    "kind": (lambda p: p.write_bytes(b"[]"), "not a JSON object"),
    "FIFO": (os.mkfifo, "not a regular file"),
    "folder": (Path.mkdir, "not a regular file"),
    "/dev/zero": (lambda p: p.symlink_to("/dev/zero"), "not a regular file"),
    "dangling": (lambda p: p.symlink_to(p.with_name("gone")), None),
    "none": (lambda p: None, None),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_bad_file_says_why(tmp_path: Path, case: str) -> None:
    make, reason = CASES[case]
    path = tmp_path / "own.json"
    make(path)
    try:
        got = read_json(path, LIMIT, kind=dict, advice="Move it aside.")
    except ParseError as exc:
        assert str(exc) == f"{path}: {reason}. Move it aside."
    else:
        assert got == reason


def test_a_wrong_kind_is_named_in_json_terms(tmp_path: Path) -> None:
    (tmp_path / "own.json").write_text("{}")
    with pytest.raises(ParseError, match="not a JSON array"):
        read_json(tmp_path / "own.json", LIMIT, kind=list)
