"""Names that come from people and clients: user names, project remote URLs, tokens.
Each parser gives a clean value or a :class:`ValidationError` saying what is wanted."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path, PurePath, PurePosixPath
from urllib.parse import unquote_to_bytes, urlsplit

import idna

from ..core.errors import ValidationError
from .db import redact

USER_NAME = re.compile(r"[a-z][a-z0-9._-]{0,62}")
#: the user the team server opens its own memdir as: only the base each token's user's is
#: made from (``Memdir.for_project(user=…)``), never the login name (张伟 is no user name);
#: reserved, so no token holder can be it (``users.add``)
SERVER_USER = "memdir-server"
TOKEN = re.compile(r"mdt_([0-9a-f]{16})_([A-Za-z0-9_-]{43})")
_SCP = re.compile(r"(?:[^@/\s]+@)?([^:/\s]+):(?!//)(.+)")  # git@host:owner/repo.git
#: ``C:/src/app``, ``D:repo``: a Windows drive, a local path to git there, not scp-style
_DRIVE = re.compile(r"[A-Za-z]:.*")
_HOST = re.compile(r"[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?")
_SEGMENT = re.compile(r"[a-z0-9._~+-]{1,200}")  # ASCII, as every key before walkt59
_ASCII_UPPER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_SLUG = re.compile(r"[A-Za-z0-9-]{1,100}")  # what core.scopes.project_slug makes
MAX_URL = 1000  # characters of a key (decoded)
#: characters of a URL before decoding: a key's limit with every letter percent-encoded
#: (12 for a 4-byte one), so a long CJK key is named as the client sends it (rv59n)
MAX_SENT = 12 * MAX_URL
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
    password, port and ``.git`` dropped, the host lower-cased (an IDN to its ``xn--``
    form), each path segment percent-decoded, NFC, its ASCII letters lower-cased, so
    every clone of one repository (https or ssh) names the same project scope
    (docs/design/team-server.md, "project keys")."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_SENT:
        raise ValidationError(
            f"{str(value)[:80]!r} is not a repository URL; give its remote, e.g. "
            f"https://github.com/acme/app or git@github.com:acme/app.git",
            field="project",
        )
    raw = value.strip()
    host, path = "", ""
    if (bad := _unwanted(raw)) is not None:
        raise _not_shared(raw, f"it holds {bad}")
    if "://" in raw:
        try:
            parts = urlsplit(raw)
            host = parts.hostname or ""
        except ValueError:
            host = ""
        else:
            if parts.scheme.lower() not in ("https", "http", "ssh", "git", "git+ssh"):
                host = ""
            path = parts.path
    elif _DRIVE.fullmatch(raw):
        raise _not_shared(raw, "a Windows drive's path")
    elif (m := _SCP.fullmatch(raw)) is not None:
        host, path = m.group(1), m.group(2)
    host = _host(host)
    segments = [s for s in path.split("/") if s]
    if not host or not _HOST.fullmatch(host) or not segments:
        raise _not_shared(raw)
    keyed = []
    for at, segment in enumerate(segments, 1 - len(segments)):
        text, why = _segment(segment, last=at == 0)
        if why:
            raise _not_shared(raw, why)
        keyed.append(text)
    key = "/".join([host, *keyed])
    if len(key) > MAX_URL:
        raise _not_shared(raw, f"over {MAX_URL} characters")
    return key


def _not_shared(raw: str, why: str = "") -> ValidationError:
    return ValidationError(
        f"{redact(raw)[:120]!r} is not a shared repository URL"
        + (f" ({why})" if why else "")
        + "; give its remote (https://host/owner/repo or git@host:owner/repo.git), "
        "not a local path",
        field="project",
    )


def _named(char: str) -> str:
    return f"U+{ord(char):04X} ({unicodedata.name(char, 'unnamed')})"


def _unwanted(text: str) -> str | None:
    """The first control, format (bidi) or other invisible character of ``text``, named."""
    for char in text:
        if unicodedata.category(char)[0] == "C" or (
            not char.isascii() and unicodedata.category(char)[0] == "Z"
        ):
            return _named(char)
    return None


def _host(host: str) -> str:
    """``host`` lower-cased; a non-ASCII one in its ``xn--`` form ("" when it has none):
    IDNA 2008 with UTS 46 mapping, as git's curl resolves it (IDNA 2003 made faß.de
    fass.de, another domain's key)."""
    if not host.isascii():
        try:
            host = idna.encode(host, uts46=True).decode("ascii")
        except (idna.IDNAError, UnicodeError):
            return ""
    return host.lower()


def _segment(segment: str, last: bool) -> tuple[str, str]:
    """A path segment as its key holds it (percent-decoded, NFC, ASCII lower-cased, the
    last one without ``.git``), and why it is refused ("" when it is not)."""
    try:
        text = unquote_to_bytes(segment).decode("utf-8")
    except UnicodeDecodeError:
        return "", f"{segment[:40]!r} is percent-encoded, but not as UTF-8"
    text = unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).translate(_ASCII_UPPER))
    if last and text.endswith(".git"):
        text = text[:-4]
        if text.endswith(".git"):  # its key would name another repository's (x.git)
            return "", f"{text[-40:] + '.git'!r} ends in .git twice"
    if (bad := _unwanted(text)) is not None:
        return "", f"a path segment holds {bad}"
    if text in (".", "..") or not 0 < len(text) <= 200:
        return "", f"{text[:40]!r} is not a path segment of a repository"
    for char in text:
        if char.isascii() and not _SEGMENT.fullmatch(char):
            return "", f"a path segment holds {char!r}"
    return text, ""


#: A project as `serve users ls` prints it: ``host/owner/repo``, no scheme; the host may
#: have no dot (``gitserver/team/repo``, of ``git@gitserver:team/repo.git``). A path starting
#: ``.``, ``..``, ``~``, ``/`` or a drive (``C:``) never matches; a relative one (``src/app``)
#: is read as host ``src``'s key: the two are written alike, no rule tells them apart.
_KEY = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9-]+)*(/[^/\s?#:@\\]+)+", re.I)


#: First strong isolate and pop directional isolate: what :func:`shown_key` puts around
#: each segment of a right-to-left key, and :func:`project_key` takes out again.
ISOLATE = ("\u2068", "\u2069")


def shown_key(key: str) -> str:
    """``key`` for a terminal: when it holds a right-to-left letter, each segment in an
    isolate (FSI…PDI), so ``h.com/אב/גד`` is not shown as ``h.com/גד/אב`` (the other
    project); never stored, and :func:`project_key` takes the printed text back."""
    if not any(unicodedata.bidirectional(c) in ("R", "AL") for c in key):
        return key
    first, last = ISOLATE
    return "/".join(f"{first}{s}{last}" for s in key.split("/"))


def project_key(value: object) -> str:
    """:func:`project_url`, which also takes the normalised ``host/owner/repo`` that
    ``memdir serve users ls`` prints, isolates and all (an admin's grant or ungrant, a
    client's header or ``project`` argument)."""
    if isinstance(value, str):
        for mark in ISOLATE:
            value = value.replace(mark, "")
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
