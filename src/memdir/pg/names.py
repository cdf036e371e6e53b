"""Names that come from people and clients: user names, project remote URLs, tokens.
Each parser gives a clean value or a :class:`ValidationError` saying what is wanted."""

from __future__ import annotations

import re
from pathlib import Path, PurePath, PurePosixPath
from urllib.parse import urlsplit

from ..core.errors import ValidationError
from .db import redact

USER_NAME = re.compile(r"[a-z][a-z0-9._-]{0,62}")
TOKEN = re.compile(r"mdt_([0-9a-f]{16})_([A-Za-z0-9_-]{43})")
_SCP = re.compile(r"(?:[^@/\s]+@)?([^:/\s]+):(?!//)(.+)")  # git@host:owner/repo.git
_HOST = re.compile(r"[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?")
_SEGMENT = re.compile(r"[a-z0-9._~+-]{1,200}")
_SLUG = re.compile(r"[A-Za-z0-9-]{1,100}")  # what core.scopes.project_slug makes
MAX_URL = 1000
#: Where a project named only by its URL (a client on another machine) seems to live: no
#: folder is read there; the team backend takes the project URL from the path below it.
REMOTE_PROJECTS = PurePosixPath("/memdir-remote-project")


def user_name(value: object) -> str:
    """A user name: 1–63 of ``a-z 0-9 . _ -``, starting with a letter (lower-cased)."""
    if not isinstance(value, str) or not USER_NAME.fullmatch(value.strip().lower()):
        shown = repr(value)[:80]
        raise ValidationError(
            f"{shown} is not a user name; use 1-63 of a-z, 0-9, '.', '_' or '-', "
            f"starting with a-z: ASCII only (e.g. alice, zhang.wei, kim-minjun)",
            field="user",
        )
    return value.strip().lower()


def project_url(value: object) -> str:
    """A repository's remote URL normalised to ``host/owner/repo``: scheme, user,
    password, port and ``.git`` dropped, lower-cased, so every clone of one repository
    (https or ssh) names the same project scope."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_URL:
        raise ValidationError(
            f"{str(value)[:80]!r} is not a repository URL; give its remote, e.g. "
            f"https://github.com/acme/app or git@github.com:acme/app.git",
            field="project",
        )
    raw = value.strip()
    host, path = "", ""
    if "://" in raw:
        try:
            parts = urlsplit(raw)
            host = (parts.hostname or "").lower()
        except ValueError:
            host = ""
        else:
            if parts.scheme.lower() not in ("https", "http", "ssh", "git", "git+ssh"):
                host = ""
            path = parts.path
    elif (m := _SCP.fullmatch(raw)) is not None:
        host, path = m.group(1).lower(), m.group(2)
    segments = [s for s in path.lower().split("/") if s]
    if segments and segments[-1].endswith(".git"):
        segments[-1] = segments[-1][:-4]
    if (
        not host
        or not _HOST.fullmatch(host)
        or not segments
        or not all(_SEGMENT.fullmatch(s) and s not in (".", "..") for s in segments)
    ):
        raise ValidationError(
            f"{redact(raw)[:120]!r} is not a shared repository URL; give its remote "
            f"(https://host/owner/repo or git@host:owner/repo.git), not a local path",
            field="project",
        )
    return "/".join([host, *segments])


#: A project as `serve users ls` prints it: ``host/owner/repo``, no scheme (the host has a dot).
_KEY = re.compile(r"[a-z0-9-]+(\.[a-z0-9-]+)+(/[a-z0-9._~+-]+)+", re.I)


def project_key(value: object) -> str:
    """:func:`project_url`, which also takes the normalised ``host/owner/repo`` that
    ``memdir serve users ls`` prints (an admin's grant or ungrant)."""
    if isinstance(value, str) and _KEY.fullmatch(value.strip()):
        return project_url("https://" + value.strip())
    return project_url(value)


def local_slug_name(value: object) -> str:
    """The slug of a checkout's local scope as a client sends it (``local:<user>:<slug>``,
    always the sender's own): 1-100 of ``A-Z a-z 0-9 -``, as project slugs are made."""
    if not isinstance(value, str) or not _SLUG.fullmatch(value):
        raise ValidationError(
            f"{repr(value)[:80]} is not a local scope's slug (1-100 letters, digits or "
            f"'-', as memdir makes them from the checkout's path)",
            field="local_scope",
        )
    return value


def url_slug(url: str) -> str:
    """The slug of the local scope of the project ``url`` (normalised, ``host/owner/repo``,
    as ``Workspace.project_url`` holds it): its stand-in folder's (:func:`remote_folder`).
    On the team backend it keys ``local:<user>:<slug>`` on every route; only a checkout
    without a remote URL is keyed by its own slug."""
    from ..core.scopes import project_slug

    return project_slug(Path(remote_folder("https://" + url)))


def token_id(value: object) -> tuple[str, str]:
    """``(id, secret)`` of a token ``mdt_<16 hex>_<43 url-safe characters>``."""
    if not isinstance(value, str) or (m := TOKEN.fullmatch(value.strip())) is None:
        raise ValidationError(
            "not a memdir token (they look like mdt_<16 hex digits>_<43 characters>); "
            "ask an admin for one: memdir serve users add NAME",
            field="token",
        )
    return m.group(1), m.group(2)


def remote_folder(url: str) -> PurePosixPath:
    """The stand-in folder of a project a client names by its repository URL (or by the
    ``host/owner/repo`` that ``users ls`` prints)."""
    return REMOTE_PROJECTS / project_key(url)


def remote_url(folder: PurePath | str) -> str | None:
    """The project URL of a :func:`remote_folder`, or None for a real folder."""
    path = PurePosixPath(folder)
    if not path.is_relative_to(REMOTE_PROJECTS) or path == REMOTE_PROJECTS:
        return None
    return project_url("https://" + str(path.relative_to(REMOTE_PROJECTS)))
