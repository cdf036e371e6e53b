"""Entities: mentions found without a model, stored as links in state.db, listed by
``memdir entities``, and a query naming one lifts the memories that name it."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import memdir
from memdir.engine import Memdir
from memdir.sessions.entities import MAX_MENTIONS, mentions, query_keys


def _kinds(text: str) -> set[tuple[str, str]]:
    return {(m.label, m.kind) for m in mentions(text)}


def test_mentions_of_each_kind_and_not_paths_or_files() -> None:
    found = _kinds(
        "Alice Chen asked @bob-smith to deploy acme/portal to db-stg-1.corp.example; "
        "run pnpm add vitest first. See src/app.py and config.yaml."
    )
    assert found >= {
        ("Alice Chen", "name"),
        ("@bob-smith", "handle"),
        ("acme/portal", "repo"),
        ("db-stg-1.corp.example", "host"),
        ("vitest", "package"),
    }
    labels = {label for label, _ in found}
    assert not labels & {"src/app.py", "app.py", "config.yaml"}
    assert _kinds("王伟负责部署，李娜说周五不发布。") >= {("王伟", "name"), ("李娜", "name")}
    assert _kinds("我们和张三讨论了发布，明天问李娜。") == {("张三", "name"), ("李娜", "name")}
    assert _kinds("请马上确认，和方案讨论的金额。跟周末说好了。") == set()
    assert (
        _kinds("我们周一和周三开会，提醒我周二和周五提交。让程序员确认，和曾经说的一样。") == set()
    )
    assert _kinds("Deploy on Fridays is fine.") == set()  # a sentence's first word


def test_a_name_never_spans_lines_or_an_entrys_fields(md: Memdir, store: memdir.Store) -> None:
    """An entry is linked from "name\ndescription\nbody": a capitalised word ending one
    field and one opening the next ("Chinese" / "The") are not one name."""
    assert _kinds("We asked Maria Schmidt\nThe release waits.") == {("Maria Schmidt", "name")}
    store.add(
        type="user",
        name="Reply in Chinese",
        description="The user wants answers in Chinese",
        body="Answer in Chinese.",
    )
    names = {e.label for e in md.entities()}
    assert "Chinese" in names
    assert not [n for n in names if n.startswith("Chinese ")], names


def test_a_query_naming_a_project_lifts_the_memory_that_names_it(
    md: Memdir, store: memdir.Store
) -> None:
    """Each entry shares one word with its query and nothing else, as rare and as often;
    where that word names a project (Orion) its entry rises above the other, where it
    names nothing the two tie. The lift decides near-equal matches only
    (docs/design/entities.md)."""
    for name, what in (
        ("Release cadence", "Orion"),
        ("Rollout cadence", "backups"),
        ("Shipping cadence", "ocelot"),
        ("Launch cadence", "gadgets"),
    ):
        body = f"Friday releases of {what} go out blue-green."
        store.add(type="project", name=name, description="The weekly plan", body=body)
    first, second = md.search("how do orion backups work?", limit=2)
    assert (first.entry.name, second.entry.name) == ("Release cadence", "Rollout cadence")
    assert first.score > second.score
    plain = md.search("how do ocelot gadgets work?", limit=2)
    assert {h.entry.name for h in plain} == {"Shipping cadence", "Launch cadence"}
    assert plain[0].score == plain[1].score  # the same shape without a name: a tie
    recalled = md.session().recall("how do orion backups work?", entries=1)
    assert recalled is not None and "Orion" in recalled


def test_entities_lists_entries_and_messages(md: Memdir, store: memdir.Store, run) -> None:
    store.add(type="reference", name="Portal repo", description="d", body="Code: acme/portal.")
    with md.session(agent="a") as s:
        s.log("user", "Ask @carol about acme/portal before Friday.")
    top = {e.key: e for e in md.entities()}
    assert (top["acme/portal"].entries, top["acme/portal"].messages) == (1, 1)
    assert top["@carol"].messages == 1
    named = md.entity("ACME/Portal")
    assert [i for _, i, _ in named.entries] == ["reference_portal-repo"]
    assert "Ask @carol" in named.messages[0][2]
    out = run("entities", "acme/portal", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["entries"][0]["id"] == "reference_portal-repo"
    listing = run("entities")
    assert "acme/portal" in listing.stdout and "@carol" in listing.stdout


def test_removing_an_entry_removes_its_links(md: Memdir, store: memdir.Store) -> None:
    entry = store.add(type="reference", name="Host", description="d", body="See ci.corp.example.")
    assert md.entity("ci.corp.example").entries
    store.remove(entry.id)
    assert md.entity("ci.corp.example").entries == []


_hostile = st.text(alphabet=st.sampled_from("Aa Zz@/.-_\n\t王伟说アイウ1:(`'\""), max_size=5000)


@settings(max_examples=100, deadline=None)
@given(_hostile)
def test_mentions_on_hostile_text_are_bounded(text: str) -> None:
    found = mentions(text)
    assert len(found) <= MAX_MENTIONS
    assert len({m.key for m in found}) == len(found)
    assert len(query_keys(text)) <= 200


def test_mentions_on_huge_pathological_text_finish() -> None:
    for text in ("A" * 200_000, "a." * 100_000, "@" * 100_000, "Aa " * 70_000, "a/" * 100_000):
        assert len(mentions(text)) <= MAX_MENTIONS


def test_entities_name_prints_what_names_it_or_that_nothing_does(
    md: Memdir, store: memdir.Store, run
) -> None:
    """``memdir entities NAME`` without --json: one line per entry and per message, or a
    sentence when nothing names it."""
    store.add(type="reference", name="Portal repo", description="d", body="Code: acme/portal.")
    with md.session(agent="a", session_id="s-portal") as s:
        s.log("user", "Ask   @carol about\nacme/portal before Friday.")
    out = run("entities", "acme/portal").stdout.splitlines()
    assert "entry    local:reference_portal-repo  Portal repo" in out
    assert [line for line in out if line.startswith("message")] == [
        f"message  #{md.entity('acme/portal').messages[0][0]} in s-portal  "
        "Ask @carol about acme/portal before Friday."
    ]
    assert run("entities", "nobody/here").stdout == "Nothing names 'nobody/here'.\n"
