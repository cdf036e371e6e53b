"""The team server's parsers of names from people and clients: user names, repository
URLs, tokens. Fuzzed: a clean value or a ValidationError, never anything else."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memdir.core.errors import ValidationError
from memdir.pg.names import (
    USER_NAME,
    project_key,
    project_url,
    remote_folder,
    remote_url,
    token_id,
    url_slug,
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
    assert not any("A" <= c <= "Z" for c in url) and "@" not in url and not url.endswith(".git")
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


CJK = "gitlab.example.cn/研发部/记忆库"


@pytest.mark.parametrize(
    "remote",
    [
        "https://gitlab.example.cn/研发部/记忆库.git",
        "https://GitLab.example.cn/%E7%A0%94%E5%8F%91%E9%83%A8/%E8%AE%B0%E5%BF%86%E5%BA%93.git",
        "git@gitlab.example.cn:研发部/记忆库.git",
        "ssh://git@gitlab.example.cn:2222/研发部/记忆库",
        CJK,
    ],
)
def test_a_cjk_remote_raw_or_percent_encoded_names_one_project(remote: str) -> None:
    assert project_key(remote) == CJK


def test_nfd_and_nfc_forms_of_a_path_name_one_project() -> None:
    import unicodedata

    nfc = "https://git.example.kr/개발팀/메모장.git"
    nfd = unicodedata.normalize("NFD", nfc)
    assert nfd != nfc and project_url(nfd) == project_url(nfc) == "git.example.kr/개발팀/메모장"


def test_non_ascii_letters_keep_their_case_ascii_ones_are_lowered_as_before() -> None:
    assert project_url("https://Git.Example.com/Team/Ωmega.git") == "git.example.com/team/Ωmega"
    assert project_url("https://git.example.com/team/ωmega") == "git.example.com/team/ωmega"


@pytest.mark.parametrize(
    ("remote", "named"),
    [
        ("https://h.example/研发/a\u202eb", "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
        ("https://h.example/研发/a%E2%80%8Bb", "U+200B (ZERO WIDTH SPACE)"),
        ("https://h.example/研发/a\tb", "U+0009"),
        ("https://h.example/研发/a%00b", "U+0000"),
        ("https://h.example/研发\u3000部/x", "U+3000 (IDEOGRAPHIC SPACE)"),
        ("https://h.example/研发/%2E%2E", "'..'"),
        ("https://h.example/研发/a%2Fb", "'/'"),
        ("https://h.example/研发/%FF", "not as UTF-8"),
        ("https://h.example/研发/a%25b", "'%'"),
        ("https://h.example/研发/x.git.git", "twice"),
    ],
)
def test_what_must_be_refused_is_refused_naming_the_character(remote: str, named: str) -> None:
    with pytest.raises(ValidationError, match="not a shared repository URL") as err:
        project_url(remote)
    assert named in str(err.value) and err.value.field == "project"


def _legacy(value: str) -> str | None:
    """The ASCII-only rule before walkt59 (lower-cased host and path), for comparison."""
    import re
    from urllib.parse import urlsplit

    raw, host, path = value.strip(), "", ""
    if "://" in raw:
        try:
            parts = urlsplit(raw)
            host = (parts.hostname or "").lower()
        except ValueError:
            return None
        if parts.scheme.lower() not in ("https", "http", "ssh", "git", "git+ssh"):
            return None
        path = parts.path
    elif (m := re.fullmatch(r"(?:[^@/\s]+@)?([^:/\s]+):(?!//)(.+)", raw)) is not None:
        host, path = m.group(1).lower(), m.group(2)
    segments = [s for s in path.lower().split("/") if s]
    if segments and segments[-1].endswith(".git"):
        segments[-1] = segments[-1][:-4]
    if (
        not re.fullmatch(r"[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?", host)
        or not segments
        or not all(re.fullmatch(r"[a-z0-9._~+-]{1,200}", s) for s in segments)
        or any(s in (".", "..") for s in segments)
    ):
        return None
    return "/".join([host, *segments])


_URLISH = st.text(alphabet="aZ09.-_~+/:@%Ks", max_size=40)


@given(st.sampled_from(["https://", "ssh://git@", "git@", ""]), _URLISH, _URLISH)
def test_every_key_the_ascii_rule_made_is_made_byte_identical(
    scheme: str, host: str, path: str
) -> None:
    value = f"{scheme}{host}.com{':' if scheme == 'git@' else '/'}{path}"
    old = _legacy(value)
    if old is None or old.endswith(".git"):  # x.git.git: now refused, as ambiguous
        return
    assert project_url(value) == old


_PATHY = st.text(
    alphabet=st.one_of(
        st.sampled_from("aA0.-_%/研发部메모ΩΣK\u0301\u1100\u1161\u202e\u3000"),
        st.characters(),
    ),
    max_size=60,
)


@given(_PATHY)
def test_fuzzed_paths_normalise_idempotently_and_bounded(path: str) -> None:
    try:
        key = project_key("https://git.example.cn/" + path)
    except ValidationError as exc:
        assert exc.field == "project" and "\n" not in str(exc)
        return
    assert project_key(key) == key and project_url("https://" + key) == key
    assert len(key) <= 1000 and all(0 < len(s) <= 200 for s in key.split("/"))
    assert remote_url(remote_folder(key)) == key


def test_slugs_are_file_system_safe_bounded_and_never_shared_by_two_remotes() -> None:
    import re

    remotes = [
        CJK,
        "gitlab.example.cn/研发部/记忆馆",
        "gitlab.example.cn/研发部/记忆-库",
        "gitlab.example.cn/研发部-记忆库",
        "gitlab.example.cn/研发部/记忆库/x",
        "gitlab.example.cn/" + "长" * 200,
        "gitlab.example.cn/" + "短" * 200,
        "github.com/acme/app",
    ]
    slugs = [url_slug(project_key(r)) for r in remotes]
    assert len(set(slugs)) == len(remotes), slugs
    assert all(re.fullmatch(r"[A-Za-z0-9-]{1,100}", s) for s in slugs)
    encoded = "https://gitlab.example.cn/%E7%A0%94%E5%8F%91%E9%83%A8/%E8%AE%B0%E5%BF%86%E5%BA%93"
    assert url_slug(project_key(encoded)) == slugs[0]
    assert url_slug("github.com/acme/app") == "-memdir-remote-project-github-com-acme-app-c3d9646d"
