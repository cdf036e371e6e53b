"""MEMORY.md after any run of writes and hand edits: byte for byte the full rebuild."""

from __future__ import annotations

import json
import re
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import memdir
from memdir.core.config import load_settings
from memdir.core.storage.files import FileBackend
from memdir.engine import Memdir

_NAMES = ["Use pnpm", "Deploy on Fridays", "Billing owner", "Café notes", "日本語のメモ", "a b"]
_TEXT = st.text(
    alphabet=st.characters(
        whitelist_categories=("L", "N", "Zs", "Po", "Pd"), blacklist_characters="\u2028\u2029"
    ),
    min_size=1,
    max_size=40,
).filter(str.strip)
_TYPES = st.sampled_from(["feedback", "user", "project", "reference"])
_PICK = st.integers(0, 50)
_STEP = st.one_of(
    st.tuples(st.just("add"), _TYPES, st.sampled_from(_NAMES) | _TEXT, _TEXT, st.booleans()),
    st.tuples(st.just("replace"), _PICK, _TEXT, st.sampled_from(["description", "body", "name"])),
    st.tuples(st.just("pin"), _PICK, st.booleans()),
    st.tuples(st.just("remove"), _PICK),
    st.tuples(st.just("hand edit"), _PICK, _TEXT),
    st.tuples(st.just("hand add"), _TYPES, _TEXT),
    st.tuples(st.just("hand delete"), _PICK),
    st.tuples(st.just("edit index"), _TEXT),
    st.tuples(st.just("later"), st.integers(0, 3)),
)


class _Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _write(store: memdir.Store, step: tuple[Any, ...]) -> bool:
    """Apply one memdir write; False when memdir refused it (nothing written)."""
    entries = store.list()
    kind = step[0]
    try:
        if kind == "add":
            _, type_, name, text, pinned = step
            store.add(type=type_, name=name, description=text, body=f"{text}\nbody", pinned=pinned)
        elif not entries:
            return False
        elif kind == "replace":
            _, pick, text, field = step
            store.replace(entries[pick % len(entries)].id, **{field: text})
        elif kind == "pin":
            store.replace(entries[step[1] % len(entries)].id, pinned=step[2])
        else:
            store.remove(entries[step[1] % len(entries)].id)
    except memdir.MemdirError:  # a conflict, a budget, a guard refusal: nothing written
        return False
    return True


def _hand(folder: Path, step: tuple[Any, ...], clock: _Clock) -> None:
    """What a person does between writes: edit, create or delete a topic file in place, or
    scribble on MEMORY.md."""
    kind = step[0]
    if not folder.is_dir():  # nothing written yet
        return
    files = sorted(p for p in folder.glob("*.md") if p.name != "MEMORY.md")
    if kind == "hand edit" and files:
        path = files[step[1] % len(files)]
        text = path.read_text(encoding="utf-8")
        line = f"description: {json.dumps(step[2])}"
        new = re.sub(r"(?m)^description: .*$", lambda _: line, text, count=1)
        with open(path, "r+", encoding="utf-8") as f:  # in place: the inode stays
            f.write(new)
            f.truncate()
    elif kind == "hand add":
        stamp = f"{clock.now:%Y-%m-%dT%H:%M:%SZ}"
        (folder / f"{step[1]}_by-hand-{len(files)}.md").write_text(
            f"---\nname: By hand {len(files)}\ndescription: {json.dumps(step[2])}\n"
            f"type: {step[1]}\ncreated: {stamp}\nupdated: {stamp}\n---\nTyped in an editor.\n",
            encoding="utf-8",
        )
    elif kind == "hand delete" and files:
        files[step[1] % len(files)].unlink()
    elif kind == "edit index" and (folder / "MEMORY.md").exists():
        with open(folder / "MEMORY.md", "a", encoding="utf-8") as f:
            f.write(f"- {step[1]}\n")
    elif kind == "later":
        clock.now += timedelta(minutes=step[1])


@settings(max_examples=25)
@given(st.lists(_STEP, min_size=1, max_size=8))
def test_index_after_any_writes_and_hand_edits_is_the_full_rebuild(
    steps: list[tuple[Any, ...]],
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        home, project = root / "home", root / "project"
        (project / ".git").mkdir(parents=True)
        home.mkdir()
        (home / "config.toml").write_text("history_scopes = []\n", encoding="utf-8")
        env = {"MEMDIR_MANAGED_DIR": str(root / "managed"), "MEMDIR_BACKGROUND": "0"}
        clock = _Clock()
        md = Memdir(load_settings(home, project, environ=env), clock=clock)
        try:
            store = md.store("local")
            folder = Path(store.backend.location)
            for n, step in enumerate(steps):
                if step[0] not in ("add", "replace", "pin", "remove"):
                    _hand(folder, step, clock)  # then a write of another entry sees it
                    step = ("add", "project", f"Probe {n}", f"probe {n}", False)
                if _write(store, step):
                    fresh = memdir.Store(FileBackend(folder))  # a cold full rebuild
                    want = fresh.render_index().encode("utf-8")
                    assert (folder / "MEMORY.md").read_bytes() == want, steps
        finally:
            md.close()
