"""rv60w: an attack on mend60w (ids keep letters of every script, old ids kept; memory
search widens inflected forms; Arabic clitics) as a user who upgrades an existing home."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import memdir
from memdir.core.changes import AddOp, ReplaceOp
from memdir.core.slug import ascii_slugify, entry_id, slugify
from memdir.pipeline.answers import Candidate, OpSpec
from memdir.pipeline.consolidate import to_operations
from test_walk60 import _cli, _env


@pytest.fixture
def where(tmp_path: Path) -> tuple[Path, Path]:
    home, repo = tmp_path / "home", tmp_path / "repo"
    home.mkdir()
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return home, repo


def _old_home(home: Path, repo: Path, names: list[str]) -> dict[str, str]:
    """Entries added under ``names``, each file then named as the earlier rule named it
    (what a home written before 2026-12-07 holds); name -> old id."""
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        store = md.store("local")
        for i, n in enumerate(names):  # one by one: two may share a new id
            store.apply([AddOp("project", n, f"about {n}", f"text {i}")])
            new, old = f"project_{slugify(n)}", f"project_{ascii_slugify(n)}"
            if new != old:
                [path] = (home / ".memdir").glob(f"**/{new}.md")
                path.rename(path.with_name(f"{old}.md"))
    finally:
        md.close()
    return {n: f"project_{ascii_slugify(n)}" for n in names}


def test_a_straße_entry_of_before_is_not_taken_for_strasse() -> None:
    """ß has no ASCII fold: «Straße» is ``strae-<hash>``, never ``strasse``, the id of an
    entry «Strasse» (the taken-back rule casefolded it to that; ids61's keeps a name of Latin
    and CJK alone as the earlier rule named it)."""
    assert entry_id("project", "Straße") == "project_strae-58a377"
    assert entry_id("project", "Strasse") == "project_strasse"
    taken = {"project_strae-58a377", "project_strasse"}
    assert entry_id("project", "Straße", taken) == "project_strae-58a377"
    assert entry_id("project", "Strasse", taken) == "project_strasse"


def test_consolidating_straße_updates_straße_not_strasse(where: tuple[Path, Path]) -> None:
    """An upgraded home with «Straße» (old id) and «Strasse»: a model's add of «Straße»
    becomes a replace of «Straße», never of «Strasse» (that one's text would be lost)."""
    home, repo = where
    ids = _old_home(home, repo, ["Straße", "Strasse"])
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        entries = md.store("local").list()
        c = Candidate("project", "Straße", "about Straße", "new text", "local", (1,), 0.9)
        [op] = to_operations([OpSpec("add", candidate=0)], [c], entries)
        assert isinstance(op, ReplaceOp) and op.target == ids["Straße"], op
    finally:
        md.close()


def test_adding_straße_again_names_the_straße_entry(where: tuple[Path, Path]) -> None:
    home, repo = where
    ids = _old_home(home, repo, ["Straße", "Strasse"])
    proc = _cli(home, repo, "add", "--type", "project", "--name", "Straße",
                "--description", "d", "--body", "other", "--scope", "local")  # fmt: skip
    assert proc.returncode != 0 and ids["Straße"] in proc.stderr, proc.stderr
    listed = {e["id"] for e in json.loads(_cli(home, repo, "ls", "--json").stdout)}
    assert listed == set(ids.values())


def _items(proc: subprocess.CompletedProcess[str]) -> list[tuple[str, str, str]]:
    assert proc.returncode == 0, proc.stderr
    return [(i["action"], i["entry"], i["name"]) for i in json.loads(proc.stdout)["items"]]


def _topic(folder: Path, file: str, name: str, body: str) -> None:
    text = f"---\nname: {name}\ndescription: {file}\ntype: project\n---\n\n{body}\n"
    (folder / file).write_text(text, encoding="utf-8")


def test_reimporting_two_same_named_memories_updates_both(where: tuple[Path, Path]) -> None:
    """Two Claude Code files named alike become «Foo» and «Foo (2)»; after both change,
    the next import updates those two, not adds a «Foo (3)» beside a stale «Foo (2)»."""
    home, repo = where
    cc = home / "cc"
    cc.mkdir()
    (cc / "MEMORY.md").write_text("- [Foo](a.md) — a\n- [Foo](b.md) — b\n")
    _topic(cc, "a.md", "Foo", "alpha")
    _topic(cc, "b.md", "Foo", "beta")
    args = ("import", "claude-code", "--from", str(cc), "--json", "--apply")
    first = _items(_cli(home, repo, *args))
    assert [a for a, _, _ in first] == ["add", "add"], first
    _topic(cc, "a.md", "Foo", "alpha changed")
    _topic(cc, "b.md", "Foo", "beta changed")
    again = _items(_cli(home, repo, *args))
    assert again == [("update", e, n) for _, e, n in first], again


def test_reimporting_same_named_cyrillic_memories_after_the_upgrade(
    where: tuple[Path, Path],
) -> None:
    """The same with «Привет» named by the earlier rule: the import planned an add of
    ``project_привет`` (the new id of a name in place under its old one) and applying it
    failed as a whole (ConflictError: nothing imported)."""
    home, repo = where
    cc = home / "cc"
    cc.mkdir()
    (cc / "MEMORY.md").write_text("- [Привет](a.md) — a\n- [Привет](b.md) — b\n")
    _topic(cc, "a.md", "Привет", "alpha")
    _topic(cc, "b.md", "Привет", "beta")
    args = ("import", "claude-code", "--from", str(cc), "--json", "--apply")
    _items(_cli(home, repo, *args))
    for name in ("Привет", "Привет (2)"):  # as the earlier rule named them
        [path] = (home / ".memdir").glob(f"**/project_{slugify(name)}.md")
        path.rename(path.with_name(f"project_{ascii_slugify(name)}.md"))
    old = [f"project_{ascii_slugify(n)}" for n in ("Привет", "Привет (2)")]
    _topic(cc, "a.md", "Привет", "alpha changed")
    _topic(cc, "b.md", "Привет", "beta changed")
    again = _items(_cli(home, repo, *args))
    assert again == [("update", old[0], "Привет"), ("update", old[1], "Привет (2)")], again
    listed = json.loads(_cli(home, repo, "ls", "--json").stdout)
    assert sorted(e["id"] for e in listed) == sorted(old)


def test_reimporting_codex_notes_named_by_the_earlier_rule(where: tuple[Path, Path]) -> None:
    """Codex notes «ΣΟΦΟΣ» and «σοφος» (and «Straße», «Strasse») had two ids before; the
    new rule case-folds them to one, and Codex's reader renamed the second «σοφος (2)»:
    once its text changed, a second entry was added beside the stale one."""
    home, repo = where
    notes = home / "codex" / "extensions" / "ad_hoc" / "notes"
    notes.mkdir(parents=True)
    said = {"a": ("ΣΟΦΟΣ", "alpha"), "b": ("σοφος", "beta"), "c": ("Straße", "gamma"),
            "d": ("Strasse", "delta")}  # fmt: skip
    args = ("import", "codex", "--from", str(home / "codex"), "--json", "--apply")
    ids: dict[str, str] = {}
    for f, (name, body) in said.items():  # one by one, each renamed as the earlier rule did
        (notes / f"{f}.md").write_text(f"# {name}\n\n{body} text.\n", encoding="utf-8")
        [(_, eid, got)] = [i for i in _items(_cli(home, repo, *args)) if i[0] == "add"]
        assert got == name, got
        ids[name] = f"reference_{ascii_slugify(name)}"
        if eid != ids[name]:
            [path] = (home / ".memdir").glob(f"**/{eid}.md")
            path.rename(path.with_name(f"{ids[name]}.md"))
    for f, (name, body) in said.items():
        (notes / f"{f}.md").write_text(f"# {name}\n\n{body} text, changed.\n", encoding="utf-8")
    again = _items(_cli(home, repo, *args))
    assert sorted(again) == sorted(("update", ids[n], n) for n, _ in said.values()), again


def _entry_search(tmp_path: Path, names: list[str], query: str) -> list[str]:
    """Names of the entries (named and described ``names``) a memory search finds."""
    from datetime import UTC, datetime

    from memdir.core.model import Entry, EntryType
    from memdir.sessions import Database
    from memdir.sessions.entries import EntryDoc, EntryIndex

    now = datetime(2026, 12, 7, tzinfo=UTC)
    docs = [
        EntryDoc("/loc", "project", Entry(f"e{i}", n, n, EntryType.PROJECT, f"{n} {i}", now, now))
        for i, n in enumerate(names)
    ]
    db = Database(tmp_path / "state.db")
    try:
        return sorted(d.entry.name for d, _ in EntryIndex(db).search(query, docs, ["/loc"]))
    finally:
        db.close()


@pytest.mark.xfail(
    strict=True,
    reason="low: a Persian word starting و + ال is read as Arabic and its clitics cut: "
    "والدین (parents) is taken for و+ال+دین and finds an entry «دین» (religion)",
)
def test_persian_parents_do_not_find_religion(tmp_path: Path) -> None:
    assert _entry_search(tmp_path, ["والدین من", "دین"], "والدین") == ["والدین من"]


@pytest.mark.xfail(
    strict=True,
    reason="low: the clitic ب without the article is not read off a query word (light10 "
    "cuts بال, not ب): بمدرسة (in a school) finds no entry «مدرسة»",
)
def test_arabic_bi_without_the_article_is_read_off(tmp_path: Path) -> None:
    assert _entry_search(tmp_path, ["مدرسة", "كتاب"], "بمدرسة") == ["مدرسة"]


def test_the_dream_diary_names_an_entry_of_before_by_its_id() -> None:
    """Deep sleep's diary line for a supersede by the same name names the id the entry
    keeps (its earlier-rule one), not a new id no file has."""
    from datetime import UTC, datetime

    from memdir.core.changes import SupersedeOp
    from memdir.core.model import Entry, EntryType
    from memdir.pipeline.dreaming import deep, light
    from memdir.review.diary import Run

    now = datetime(2026, 12, 7, tzinfo=UTC)
    old = f"project_{ascii_slugify('Миграция')}"
    entries = [Entry(old, "Миграция", "d", EntryType.PROJECT, "alembic upgrade", now, now)]
    run = Run("local", now)
    op = SupersedeOp(old, "Миграция", "d", "alembic upgrade head", type="project")
    deep([op], entries, 5, run)
    assert run.superseded == [f"{old} by {old}: the model replaces it"], run.superseded
    c = Candidate("project", "Миграция", "d", "make migrate", "local", (1,), 0.9, "s1")
    light([c], entries, run)
    assert run.staged == [f"{old} from session s1"], run.staged


def test_an_add_after_a_supersede_by_the_same_name_targets_the_kept_id(
    where: tuple[Path, Path],
) -> None:
    """A supersede by the same name keeps an entry of before its id; a later add of that
    name in the batch becomes a replace of that id (not of a new id no entry has: the
    batch failed)."""
    home, repo = where
    ids = _old_home(home, repo, ["Миграция"])
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        store = md.store("local")
        c1 = Candidate("project", "Миграция", "d", "alembic upgrade head", "local", (1,), 0.9)
        c2 = Candidate("project", "Миграция", "d2", "make migrate", "local", (2,), 0.9)
        specs = [OpSpec("supersede", candidate=0, target=ids["Миграция"]), OpSpec("add", 1)]
        ops = to_operations(specs, [c1, c2], store.list())
        assert isinstance(ops[1], ReplaceOp) and ops[1].target == ids["Миграция"], ops
        store.apply(ops)
        assert [(e.id, e.body) for e in store.list()] == [(ids["Миграция"], "make migrate")]
    finally:
        md.close()


def test_push_and_pull_keep_the_ids_of_before(where: tuple[Path, Path], pg_url: str) -> None:
    home, repo = where
    ids = _old_home(home, repo, ["Привет мир", "Straße", "Strasse"])
    env = {"MEMDIR_USER": "rv60w"}
    made = _cli(home, repo, "serve", "users", "add", "rv60w", "--database", pg_url)
    assert made.returncode == 0, made.stderr

    def run(at: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(repo), *args, "--database", pg_url],
            env={**_env(at), **env},
            capture_output=True,
            text=True,
            timeout=180,
        )

    pushed = run(home, "push", "--apply")
    assert pushed.returncode == 0, pushed.stderr
    other = home.parent / "other"
    other.mkdir()
    pulled = run(other, "pull", "--apply")
    assert pulled.returncode == 0, pulled.stderr
    listed = json.loads(_cli(other, repo, "ls", "--json").stdout)
    assert sorted(e["id"] for e in listed) == sorted(ids.values())
