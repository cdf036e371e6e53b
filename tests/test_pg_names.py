"""The team server's parsers of names from people and clients: user names, repository
URLs, tokens. Fuzzed: a clean value or a ValidationError, never anything else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memdir.core.errors import ValidationError
from memdir.pg.names import (
    USER_NAME,
    project_url,
    remote_folder,
    remote_url,
    token_id,
    user_name,
)


@pytest.mark.parametrize(
    "remote",
    [
        "https://github.com/Acme/App.git",
        "https://user:s3cret@github.com/acme/app",
        "git@github.com:acme/app.git",
        "ssh://git@github.com:22/acme/app.git",
        "https://GitHub.com/acme/app/",
        "git+ssh://git@github.com/acme/app",
    ],
)
def test_every_clone_of_one_repository_names_one_project(remote: str) -> None:
    assert project_url(remote) == "github.com/acme/app"


@pytest.mark.parametrize(
    "remote",
    ["", "/srv/repo.git", "file:///srv/repo.git", "../repo", "https://", "ftp://h/x", "h:"],
)
def test_local_paths_and_junk_are_refused(remote: str) -> None:
    with pytest.raises(ValidationError, match="repository URL") as err:
        project_url(remote)
    assert err.value.field == "project"


def test_a_password_never_appears_in_the_refusal() -> None:
    with pytest.raises(ValidationError) as err:
        project_url("https://bob:hunter2@/nohost")
    assert "hunter2" not in str(err.value)


@given(st.text(max_size=300))
def test_fuzzed_urls(value: str) -> None:
    try:
        url = project_url(value)
    except ValidationError as exc:
        assert exc.field == "project"
        return
    assert url == url.lower() and "@" not in url and not url.endswith(".git")
    assert project_url(url.replace("/", ":", 1).join(["git@", ".git"])) == url  # scp form


@given(st.one_of(st.text(max_size=100), st.integers(), st.none(), st.binary(max_size=20)))
def test_fuzzed_user_names(value: object) -> None:
    try:
        name = user_name(value)
    except ValidationError as exc:
        assert exc.field == "user"
        return
    assert USER_NAME.fullmatch(name) and user_name(name) == name


@given(st.text(max_size=120))
def test_fuzzed_tokens(value: str) -> None:
    try:
        tid, secret = token_id(value)
    except ValidationError as exc:
        assert exc.field == "token" and "mdt_<16 hex digits>" in str(exc)  # never echoed
        return
    assert len(tid) == 16 and len(secret) == 43


def test_a_real_token_parses() -> None:
    token = "mdt_0123456789abcdef_" + "A" * 43
    assert token_id(token) == ("0123456789abcdef", "A" * 43)


@given(st.text(max_size=200))
def test_a_project_named_by_url_round_trips_through_its_stand_in_folder(value: str) -> None:
    try:
        url = project_url(value)
    except ValidationError:
        return
    assert remote_url(remote_folder(value)) == url
    assert remote_url("/home/alice/src/app") is None
