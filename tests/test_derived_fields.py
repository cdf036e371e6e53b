"""A name or description stated from an entry's body follows a new body (walk62 defects 4
and 10); one someone wrote, or one the new body still holds, stays."""

from __future__ import annotations

import pytest

import memdir
from memdir.core.frontmatter import render_entry

pytestmark = pytest.mark.backends  # the rule is the plan's: files and PostgreSQL alike


def test_replace_of_the_body_makes_a_restating_description_follow(store: memdir.Store) -> None:
    e = store.add(
        type="reference",
        name="ログ保存",
        description="ログの保存期間は 90 日",
        body="ログの保存期間は 90 日",
    )
    new = store.replace(e.id, body="ログの保存期間は 180 日（令和8年12月から）")
    assert new.description == "ログの保存期間は 180 日（令和8年12月から）"
    assert (new.id, new.name) == (e.id, "ログ保存")  # a chosen name stays
    archived = [a for a in store.list(include_archived=True) if a.superseded_by == e.id]
    assert [a.body for a in archived] == ["ログの保存期間は 90 日"]  # nothing lost


def test_a_description_of_its_own_or_still_true_stays(store: memdir.Store) -> None:
    own = store.add(
        type="project", name="retention", description="How long logs are kept", body="90 days"
    )
    assert store.replace(own.id, body="180 days").description == "How long logs are kept"
    held = store.add(
        type="project", name="deploy", description="Deploy with make", body="Deploy with make."
    )
    changed = store.replace(held.id, body="Deploy with make, then tag the release.")
    assert changed.description == "Deploy with make"


def test_a_name_that_is_the_old_text_follows_it_and_the_id_stays(store: memdir.Store) -> None:
    """Hermes's entries are named after their text: a new text renames them, same id."""
    old = "佐藤は pnpm を使う、npm は使わない"
    e = store.add(type="user", name=old, description=old, body=old)
    new = store.replace(e.id, body="佐藤は yarn を使う（pnpm は使わない）")
    assert (new.id, new.name) == (e.id, "佐藤は yarn を使う（pnpm は使わない）")
    assert new.description == new.name
    assert store.replace(e.id, body="x", name="chosen").name == "chosen"  # given: kept


def test_memdir_edit_of_the_body_alone_makes_derived_fields_follow(store: memdir.Store) -> None:
    old = "Staging deploys on Thursday"
    e = store.add(type="project", name=old, description=old, body=old)
    text = render_entry(e).replace(f"---\n{old}", "---\nStaging deploys on Friday")
    new = store.edit(e.id, text).entry
    assert (new.id, new.name, new.description) == (e.id, "Staging deploys on Friday", new.body)
    renamed = render_entry(new).replace("name: Staging deploys on Friday", "name: staging day")
    renamed = renamed.replace("---\nStaging deploys on Friday", "---\nStaging deploys on Monday")
    kept = store.edit(e.id, renamed).entry
    assert kept.name == "staging day"  # the person's own name is kept
    assert kept.description == "Staging deploys on Monday"
