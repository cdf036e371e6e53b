"""rr58: a review of the day's source change (team users, rekey, gitignore, libpq
keyword strings, guard and session-search additions)."""

from __future__ import annotations

import pytest

from memdir.pg.rekey import scope_key

# --- pg/rekey.scope_key: the project forms `users grant` takes -------------------------------


@pytest.mark.parametrize(
    "given",
    ["https://github.com/acme/app", "github.com/acme/app", "project:github.com/acme/app"],
)
def test_a_project_to_move_may_be_named_as_users_ls_prints_it(given: str) -> None:
    key, project, owner = scope_key(given)
    assert (key, project, owner) == ("project:github.com/acme/app", "github.com/acme/app", None)
