"""Review of hermes62 (derived names and descriptions, Hermes edit pairing): a user's
words kept or brought back, a hostile MEMORY.md bounded and kept to its own entries."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from subprocess import CompletedProcess

import pytest

import memdir
from memdir.core.model import Source
from memdir.engine import Memdir
from memdir.interop import import_memories
from memdir.interop.hermes import formats as fmt
from test_walk58 import Team, _machine, server, team  # noqa: F401 - fixtures


@pytest.mark.backends
def test_a_description_word_inside_another_word_is_the_writers(store: memdir.Store) -> None:
    """A word "port" is no quote of "Reports go to S3": the writer's word stays when the body
    changes (it was judged a quote by substring and replaced by the body)."""
    e = store.add(type="project", name="reports", description="port", body="Reports go to S3")
    assert store.replace(e.id, body="Summaries go to GCS").description == "port"
    cjk = store.add(type="project", name="ログ", description="保存", body="ログの保存期間は 90 日")
    assert store.replace(cjk.id, body="ログは 180 日で消す").description == "保存"


@pytest.mark.backends
def test_a_cut_description_still_follows_a_long_body(store: memdir.Store) -> None:
    """A description cut mid-word ("…") is a quote: it follows the new body."""
    body = "ログの保存期間は九十日" * 20
    e = store.add(type="project", name="ログ", description=body[:149] + "\u2026", body=body)
    new = store.replace(e.id, body="ログの保存期間は百八十日")
    assert new.description == "ログの保存期間は百八十日"


@pytest.mark.xfail(
    strict=True,
    reason="a one-word description naming the body's topic is judged a quote of the body "
    "(derived.stale_description) and replaced by the new body when that word leaves it",
)
@pytest.mark.backends
def test_a_one_word_topic_description_is_kept(store: memdir.Store) -> None:
    e = store.add(type="project", name="ci", description="deploy", body="deploy: make ship")
    assert store.replace(e.id, body="release: make tag").description == "deploy"


def test_a_description_rebuilt_by_an_edit_comes_back_with_revert(
    run: Callable[..., CompletedProcess[str]], tmp_path: Path
) -> None:
    """``memdir edit`` of the body alone rebuilds a description that quoted it; ``log``
    shows the change and ``revert`` brings the writer's description back, same id."""
    mine = "Deploy with make ship"
    out = run("add", "--type", "project", "--name", "deploy", "--description", mine,
              "--body", "Deploy with make ship, then tag.", "--json")  # fmt: skip
    eid = json.loads(out.stdout)["id"]
    text = Path(json.loads(run("show", eid, "--json").stdout)["path"]).read_text("utf-8")
    edited = tmp_path / "edited.md"
    edited.write_text(text.replace("make ship, then tag.", "make release."), "utf-8")
    run("edit", eid, "--from", str(edited), extra_env={"EDITOR": "true"})
    shown = json.loads(run("show", eid, "--json").stdout)
    assert shown["description"] == "Deploy with make release."  # the quote followed
    assert eid in run("log", eid).stdout
    run("revert", "HEAD", "--scope", "local")
    back = json.loads(run("show", eid, "--json").stdout)
    assert (back["description"], back["body"]) == (mine, "Deploy with make ship, then tag.")


@pytest.mark.xfail(
    strict=True,
    reason="memdir edit --from a text without frontmatter (here `memdir show`'s output, "
    "its '# path' line first) is saved: the name becomes the id, the description '', "
    "created 1970, the entry renamed; it should be refused as the edit of no entry",
)
def test_an_edit_from_shows_output_is_refused(
    run: Callable[..., CompletedProcess[str]], tmp_path: Path
) -> None:
    run("add", "--type", "project", "--name", "deploy", "--description", "Deploy it",
        "--body", "Deploy it now")  # fmt: skip
    shown = tmp_path / "shown.md"
    shown.write_text(run("show", "project_deploy").stdout, "utf-8")
    run("edit", "project_deploy", "--from", str(shown), ok=False, extra_env={"EDITOR": "true"})
    back = json.loads(run("show", "project_deploy", "--json").stdout)
    assert (back["name"], back["description"]) == ("deploy", "Deploy it")


def test_a_description_made_of_an_extractors_body_holds_no_secret(md: Memdir) -> None:
    """The rebuilt description is made of the body the guard redacted, never the raw one."""
    store = md.store("local")
    e = store.add(type="project", name="token", description="the token", body="the token")
    secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    new = store.apply(
        [memdir.ReplaceOp(target=e.id, body=f"token is {secret}")], source=Source.EXTRACTOR
    )[0].entry
    assert new is not None and secret not in new.body
    assert secret not in new.description and new.description.startswith("token is")


def _hermes(tmp_path: Path, name: str, texts: list[str]) -> Path:
    folder = tmp_path / name / "memories"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "MEMORY.md").write_text(fmt.render(texts), "utf-8")
    return folder


def test_pairing_beyond_its_work_budget_is_not_attempted_and_loses_nothing(
    md: Memdir, tmp_path: Path
) -> None:
    """difflib's cost grows with both texts' lengths: 10,000 pairs of 5,000 a/b characters
    took ~6 s CPU a pair (hours); texts whose lengths multiply past the budget are adds."""
    rnd = random.Random(7)
    words = [" ".join(rnd.choice(("alpha", "beta", "gamma")) for _ in range(300)) for _ in range(6)]
    folder = _hermes(tmp_path, "h", words)
    import_memories(md, "hermes", folder, apply=True)
    edited = [f"edited {w}" for w in words]
    _hermes(tmp_path, "h", edited)
    plan = import_memories(md, "hermes", folder, apply=True)
    assert {p.action for p in plan.items} == {"add"}, [(p.action, p.reason) for p in plan.items]
    bodies = {e.body for e in md.store("user").list()}
    assert set(words) | set(edited) <= bodies


def test_a_profiles_text_never_updates_an_entry_of_another_hermes_home(
    md: Memdir, tmp_path: Path
) -> None:
    """Pairing is per file: a near copy in another home's MEMORY.md is an add."""
    text = "The CI runners are slow on Mondays; rerun flaky jobs once."
    home = _hermes(tmp_path, "main", [text])
    import_memories(md, "hermes", home, apply=True)
    _hermes(tmp_path, "main", [])
    other = _hermes(tmp_path, "profile", [text.replace("Mondays", "Tuesdays")])
    plan = import_memories(md, "hermes", other)
    assert [p.action for p in plan.items] == ["add"]


def test_a_text_flipped_back_and_forth_updates_one_entry_and_keeps_each(
    md: Memdir, tmp_path: Path
) -> None:
    a = "Staging deploys on Thursday after the standup."
    b = a.replace("Thursday", "Friday")
    folder = _hermes(tmp_path, "h", [a, "Use pnpm, never npm."])
    import_memories(md, "hermes", folder, apply=True)
    store = md.store("user")
    eid = next(e.id for e in store.list() if e.body == a)
    for text in (b, a, b):
        _hermes(tmp_path, "h", [text, "Use pnpm, never npm."])
        plan = import_memories(md, "hermes", folder, apply=True)
        assert [p.action for p in plan.items] == ["update", "unchanged"], (text, plan.items)
    active = store.list()
    assert len(active) == 2 and next(e for e in active if e.id == eid).body == b
    archived = [e.body for e in store.list(include_archived=True) if e.superseded_by == eid]
    assert sorted(archived) == sorted([a, b, a])


@pytest.mark.xfail(
    strict=True,
    reason="a name that follows the body is made unique in its own scope only "
    "(Plan._other_names): it can take the name of another scope's entry, which it then "
    "shadows, hidden from md.entries() and every agent's context",
)
def test_a_followed_name_never_shadows_another_scopes_entry(md: Memdir) -> None:
    md.store("user").add(
        type="project",
        name="Staging deploys on Friday",
        description="the team's rule",
        body="Staging deploys on Friday, never on Monday.",
    )
    old = "Staging deploys on Thursday"
    local = md.store("local").add(type="project", name=old, description=old, body=old)
    md.store("local").replace(local.id, body="Staging deploys on Friday")
    visible = {(scope, e.name) for scope, e in md.entries()}
    assert ("user", "Staging deploys on Friday") in visible, visible


@pytest.mark.backends
def test_a_followed_name_with_a_new_type_gives_an_id_of_that_type(store: memdir.Store) -> None:
    """The id stays as a name follows the body, but not across a type change: an id says
    its type (``check_id``; a push refuses an entry whose id does not)."""
    old = "Staging deploys on Thursday"
    e = store.add(type="project", name=old, description=old, body=old)
    new = store.replace(e.id, body="Always deploy staging on Friday", type="feedback")
    assert new.type.value == "feedback" and new.id.startswith("feedback_"), new.id
    assert new.name == "Always deploy staging on Friday"


def test_a_name_that_followed_its_body_syncs_as_the_same_entry(
    tmp_path: Path,
    team: Team,  # noqa: F811 - test_walk58's fixture
    server: str,  # noqa: F811
) -> None:
    """Pushed, then corrected here (the name follows, the id stays): the next push and a
    pull elsewhere update that one entry, no second copy, no conflict by name."""
    a1, a2 = _machine(tmp_path, "alice-1"), _machine(tmp_path, "alice-2")
    token = {"MEMDIR_TOKEN": team.tokens["alice"]}
    old, new = "Staging deploys on Thursday", "Staging deploys on Friday"
    md = memdir.open(home=a1.home / ".memdir", project=a1.checkout)
    try:
        [made] = md.store("project").apply([memdir.AddOp("project", old, old, old)])
    finally:
        md.close()
    assert a1.run("push", "--apply", "--server", server, **token).returncode == 0
    assert a2.run("pull", "--apply", "--server", server, **token).returncode == 0
    md = memdir.open(home=a1.home / ".memdir", project=a1.checkout)
    try:
        md.store("project").apply([memdir.ReplaceOp(made.entry.id, body=new)])
    finally:
        md.close()
    pushed = a1.run("push", "--apply", "--json", "--server", server, **token)
    assert [m["action"] for m in json.loads(pushed.stdout)["moves"]] == ["update"], pushed
    pulled = a2.run("pull", "--apply", "--json", "--server", server, **token)
    assert [m["action"] for m in json.loads(pulled.stdout)["moves"]] == ["update"], pulled
    md = memdir.open(home=a2.home / ".memdir", project=a2.checkout)
    try:
        got = [(e.id, e.name, e.description) for e in md.store("project").list()]
    finally:
        md.close()
    assert got == [(made.entry.id, new, new)]
