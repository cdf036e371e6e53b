"""A PostgreSQL database: a connection pool, transactions, ordered named schema steps (a
:class:`Schema` per component, applied by :meth:`PgDatabase.ensure`).
See docs/design/team-server.md, "Connection layer"."""

from __future__ import annotations

import re
import selectors
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import TYPE_CHECKING, Any

from ..core import forks
from ..core.errors import PostgresError, ValidationError
from ..core.forks import renew_in_child

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import ConnectionPool

SCHEMES = ("postgresql://", "postgres://")
#: poll(2) where there is one: no descriptor limit, no epoll set made and closed a check
_SELECTOR = getattr(selectors, "PollSelector", selectors.SelectSelector)
MAX_URL = 2048
#: ``pg_advisory_xact_lock`` key that serialises schema steps across processes ("memdir").
MIGRATION_LOCK = 0x6D656D646972


@dataclass(frozen=True)
class Step:
    """One schema step: a name unique within its component and the statements that make
    it (run in one transaction), or Python given the connection."""

    name: str
    statements: tuple[str, ...] = ()
    run: Callable[[psycopg.Connection[Any]], None] | None = None


@dataclass(frozen=True)
class Schema:
    """A component's tables, as ordered steps. Steps are only ever appended."""

    component: str
    steps: tuple[Step, ...]


#: libpq's connection keywords (PostgreSQL 17/18): a query piece after a password
#: parameter whose key is not one of these is taken as part of the password (an
#: unencoded '&' in it), so it is hidden too.
_LIBPQ_KEYS = frozenset(
    [
        "host",
        "hostaddr",
        "port",
        "dbname",
        "user",
        "password",
        "passfile",
        "require_auth",
        "channel_binding",
        "connect_timeout",
        "client_encoding",
        "options",
        "application_name",
        "fallback_application_name",
        "keepalives",
        "keepalives_idle",
        "keepalives_interval",
        "keepalives_count",
        "tcp_user_timeout",
        "replication",
        "gssencmode",
        "sslmode",
        "sslnegotiation",
        "sslcompression",
        "sslcert",
        "sslkey",
        "sslcertmode",
        "sslpassword",
        "sslrootcert",
        "sslcrl",
        "sslcrldir",
        "sslsni",
        "requirepeer",
        "ssl_min_protocol_version",
        "ssl_max_protocol_version",
        "krbsrvname",
        "gsslib",
        "gssdelegation",
        "service",
        "target_session_attrs",
        "load_balance_hosts",
        "min_protocol_version",
        "max_protocol_version",
        "scram_client_key",
        "scram_server_key",
        "oauth_issuer",
        "oauth_client_id",
        "oauth_client_secret",
        "oauth_scope",
    ]
)
#: The keys whose values are secrets (compared percent-decoded, in any case).
_SECRET_KEYS = frozenset({"password", "sslpassword", "oauth_client_secret"})
_QUERY_START = re.compile(r"\?[A-Za-z_]+=")


#: A libpq keyword/value connection string (``host=h dbname=x``): how one starts, and
#: each ``keyword = value`` in it (a value quoted with ``'``, or up to a space).
_KEYWORDS_START = re.compile(r"\s*[A-Za-z_]+\s*=")
_KEYWORD = re.compile(r"(\s*)([A-Za-z_]+)(\s*=\s*)('(?:[^'\\]|\\.)*'?|(?:[^\s\\]|\\.)*)", re.S)
_WORD = re.compile(r"\s*\S*")


def _keyword_pieces(dsn: str) -> list[tuple[str, bool]]:
    """A keyword connection string cut as :func:`_pieces` cuts a URL: password values are
    secret, and so are the words after one that are no ``keyword=value`` (an unquoted
    space in the password)."""
    out: list[tuple[str, bool]] = []
    pos, hiding = 0, False
    while pos < len(dsn):
        m = _KEYWORD.match(dsn, pos)
        if m and not (hiding and m.group(2).lower() not in _LIBPQ_KEYS):
            lead, key, eq, value = m.groups()
            hiding = key.lower() in _SECRET_KEYS
            out += [(lead + key + eq, False), (value, hiding)]
            pos = m.end()
            continue
        word = _WORD.match(dsn, pos)
        assert word is not None
        if hiding:
            out[-1] = (out[-1][0] + word.group(), True)
        else:
            out.append((word.group(), False))
        pos = max(word.end(), pos + 1)
    return out


def _pieces(url: str) -> list[tuple[str, bool]]:
    """``url`` cut into ``(text, secret)`` pieces: the password after the user name and
    the values of password parameters are secret. libpq ends the user name and password
    at the first ``@`` before any ``/``; a mistyped password may hold more ``@`` (up to
    the host's ``/`` or the query) or a ``/`` (then up to the last ``@`` before the
    query), and ``?`` or ``#`` anywhere. The query starts at the first ``?`` after them;
    an ``@`` in a query value is not the password's end."""
    if _KEYWORDS_START.match(url):
        return _keyword_pieces(url)
    scheme, sep, rest = url.partition("://")
    if not sep:
        return [(url, False)]
    first = re.search(r"[@/]", rest)
    if first and first.group() == "@":
        stop = re.search(r"/|\?[A-Za-z_]+=", rest[first.start() + 1 :])
        limit = first.start() + 1 + (stop.start() if stop else len(rest))
    else:
        stop = _QUERY_START.search(rest)
        limit = stop.start() if stop else len(rest)
    at = rest.rfind("@", 0, limit)
    out: list[tuple[str, bool]] = [(scheme + sep, False)]
    if at >= 0:
        user, colon, password = rest[:at].partition(":")
        out += [(user + colon, False), (password, True)] if colon else [(rest[:at], False)]
        rest = rest[at:]
    host, mark, query = rest.partition("?")
    out.append((host + mark, False))
    if not mark:
        return out
    hiding = False
    for n, item in enumerate(query.split("&")):
        key, eq, value = item.partition("=")
        name = urllib.parse.unquote(key).lower()
        amp = "&" if n else ""
        if hiding and (not eq or name not in _LIBPQ_KEYS):
            out[-1] = (out[-1][0] + amp + item, True)  # an unencoded '&' of the password's
            continue
        hiding = bool(eq) and name in _SECRET_KEYS
        out += [(amp + key + eq, False), (value, hiding)] if hiding else [(amp + item, False)]
    return out


def redact(url: str) -> str:
    """``url`` with any password replaced by ``***`` (for messages and logs): the one
    after the user name and every password parameter's value (see :func:`_pieces`)."""
    return "".join("***" if secret and text else text for text, secret in _pieces(url))


def _secrets(url: str) -> list[str]:
    """The pieces of ``url`` :func:`redact` hides, as written and percent-decoded."""
    found = {text for text, secret in _pieces(url) if secret}
    found |= {urllib.parse.unquote(text) for text in found}
    if _KEYWORDS_START.match(url):  # its values unquoted, and each word of a spaced one
        found |= {re.sub(r"\\(.)", r"\1", text.strip("'")) for text in found}
        found |= {word for text in found for word in text.split()}
    return sorted(filter(None, found), key=len, reverse=True)


#: Said in place of libpq's words when they quote the password (a mistyped URL).
WITHHELD = "libpq's message is withheld because it quoted the password"


def scrub(text: str, url: str) -> str:
    """``text`` (libpq's words about ``url``, which may quote the URL or a piece of it)
    with the URL redacted; :data:`WITHHELD` instead if a quoted value in it (libpq quotes
    the values it read, in double quotes; psycopg in single ones) still holds the password
    or a piece of it. The password's letters in libpq's own words are not touched."""
    shown = redact(url)
    text = text.replace(url, shown)
    quoted = re.findall(r'"([^"]*)"|(?<![A-Za-z])\'([^\']*)\'(?![A-Za-z])', text)
    for token in filter(None, (a or b for a, b in quoted)):
        if token in shown:
            continue  # the redacted URL names it anyway (a host equal to the password)
        if token in _secrets(url):  # a whole word of the password, however short
            return WITHHELD
        for secret in _secrets(url):
            match = SequenceMatcher(None, token, secret, autojunk=False).find_longest_match()
            if match.size >= min(len(secret), 4):
                return WITHHELD
    return text


def check_url(url: object) -> str:
    """``url`` if it is a PostgreSQL URL libpq can parse (a keyword connection string as
    the same URL), else a ValidationError."""
    if not isinstance(url, str) or not url.strip():
        raise ValidationError(
            "the database URL is empty; give postgresql://USER@HOST:PORT/DBNAME",
            field="database_url",
        )
    url = url.strip()
    if len(url) > MAX_URL:
        raise ValidationError(
            f"the database URL is {len(url):,} characters; the limit is {MAX_URL:,}",
            field="database_url",
        )
    if _KEYWORDS_START.match(url) and "\x00" not in url:
        return _keywords_as_url(url)
    if not url.lower().startswith(SCHEMES) or "\x00" in url:
        raise ValidationError(
            f"{redact(url)[:200]!r} is not a PostgreSQL URL; give "
            f"postgresql://USER@HOST:PORT/DBNAME",
            field="database_url",
        )
    from psycopg import conninfo

    try:
        parts = conninfo.conninfo_to_dict(url)
    except Exception as exc:  # noqa: BLE001 — libpq's parser raises several kinds
        raise ValidationError(
            f"cannot parse the database URL {redact(url)[:200]!r}: {scrub(_first_line(exc), url)}",
            field="database_url",
        ) from None
    if any("@" in str(parts.get(key) or "") for key in ("host", "dbname")):
        # an '@' or '/' of the password taken as is: libpq would read part of the
        # password as the host or the database, and say so in its error
        raise ValidationError(
            f"the database URL {redact(url)[:200]!r} holds '@' or '/' in its user name or "
            f"password as is; percent-encode them there ('@' as %40, '/' as %2F, ':' as %3A)",
            field="database_url",
        )
    return url


_PLAIN_HOST = re.compile(r"[A-Za-z0-9._-]+")


def _keywords_as_url(dsn: str) -> str:
    """A libpq keyword connection string (``host=h user=u password=p dbname=x``) as the
    URL that connects the same way, so that every message shows it with the password
    masked; a ValidationError when libpq cannot parse it."""
    from psycopg import conninfo

    try:
        parts = {k: str(v) for k, v in conninfo.conninfo_to_dict(dsn).items() if v is not None}
    except Exception as exc:  # noqa: BLE001 — libpq's parser raises several kinds
        raise ValidationError(
            f"cannot parse the database connection string {redact(dsn)[:200]!r}: "
            f"{scrub(_first_line(exc), dsn)}",
            field="database_url",
        ) from None
    rest = dict(parts)
    quote = urllib.parse.quote
    netloc = ""
    if "user" in rest:
        user = quote(rest.pop("user"), safe="")
        password = rest.pop("password", None)
        netloc = user + ("" if password is None else ":" + quote(password, safe="")) + "@"
    if _PLAIN_HOST.fullmatch(rest.get("host", "")):
        netloc += rest.pop("host")
        if rest.get("port", "").isdigit():
            netloc += ":" + rest.pop("port")
    path = "/" + quote(rest.pop("dbname"), safe="") if "dbname" in rest else "/"
    query = urllib.parse.urlencode(rest, quote_via=quote, safe="")
    url = f"postgresql://{netloc}{path}" + (f"?{query}" if query else "")
    if conninfo.conninfo_to_dict(url) != parts:  # never a URL that connects elsewhere
        raise ValidationError(
            f"cannot read the database connection string {redact(dsn)[:200]!r} as a URL; "
            f"give postgresql://USER@HOST:PORT/DBNAME",
            field="database_url",
        )
    return url


#: What a client not signed in yet is told when the team database fails its token check:
#: not the database's host, port, user or name (anyone can send a well-formed token).
UNAVAILABLE = (
    "the team database cannot be reached right now; try again shortly (the server's log says why)"
)


def unavailable(exc: PostgresError) -> str:
    """:data:`UNAVAILABLE`, with ``exc`` (which names the database) logged for whoever
    runs the server."""
    import logging

    logging.getLogger("memdir").warning("%s", exc)
    return UNAVAILABLE


def _version() -> str:
    from ..version import installed

    found = installed()
    return f"memdir {found}" if found else "memdir, version unknown"


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


_SHARED: dict[str, PgDatabase] = {}
_SHARED_LOCK = threading.Lock()


forks.renew(sys.modules[__name__], "_SHARED_LOCK")


def close_shared() -> None:
    """Close every pool :meth:`PgDatabase.shared` opened (tests, shutdown)."""
    with _SHARED_LOCK:
        for db in _SHARED.values():
            db.close()
        _SHARED.clear()


class PgDatabase:
    """One PostgreSQL database over a connection pool of ``max_size`` connections.

    Opening checks the URL and connects once (a clear :class:`PostgresError` when the
    server cannot be reached); the pool opens on first use.
    """

    def __init__(
        self,
        url: str,
        *,
        max_size: int = 20,
        connect_timeout: float = 10.0,
        application: str = "memdir",
    ) -> None:
        self.url = check_url(url)
        self.max_size = max_size
        self.connect_timeout = connect_timeout
        self.application = application
        self._pool: ConnectionPool[Any] | None = None
        self._mutex = threading.Lock()
        self._ensured: set[str] = set()
        with self._connect("connect") as conn:
            conn.execute("SELECT 1")
        renew_in_child(self)

    def _forked(self) -> None:
        """In a forked child: the pool's connections are the parent's (two processes on
        one socket garble both) and so are its threads; it is left unused and unclosed,
        and the child opens its own pool on first use."""
        forks.LEFT.append(self._pool)
        self._pool = None
        self._mutex = threading.Lock()

    def __repr__(self) -> str:
        return f"PgDatabase({redact(self.url)!r})"

    @classmethod
    def shared(cls, url: str) -> PgDatabase:
        """One database (one pool) per URL in this process: every project a server opens
        shares it. A pool holds no state another process could make stale."""
        url = check_url(url)
        with _SHARED_LOCK:
            db = _SHARED.get(url)
            if db is None:
                db = _SHARED[url] = cls(url)
        return db

    def _kwargs(self) -> dict[str, Any]:
        return {
            "connect_timeout": max(1, round(self.connect_timeout)),
            "application_name": self.application,
        }

    @staticmethod
    def _autocommit(conn: psycopg.Connection[Any]) -> None:
        """Pooled connections run in autocommit: :meth:`read` costs one round trip a
        statement, :meth:`transaction` sends its own BEGIN and COMMIT."""
        conn.autocommit = True

    @staticmethod
    def _check(pool: ConnectionPool[Any], conn: psycopg.Connection[Any]) -> None:
        """The pool's check of a connection it hands out, free while it is healthy: an idle
        connection's socket has nothing to read unless the server closed it (a restart,
        ``pg_terminate_backend``: its FATAL message and EOF). Only then is it checked by a
        round trip, which fails, and the other idle ones of ``pool`` (the one handing it
        out) with it (they died together), so the pool hands out a new connection instead
        of a dead one a call."""
        from psycopg_pool import ConnectionPool

        with _SELECTOR() as sel:
            sel.register(conn.fileno(), selectors.EVENT_READ)
            if not sel.select(0):
                return
        try:
            ConnectionPool.check_connection(conn)
        except Exception:
            pool.check()
            raise

    @contextmanager
    def _connect(self, action: str) -> Iterator[psycopg.Connection[Any]]:
        """One connection outside the pool (the probe when opening), closed on exit."""
        import psycopg

        try:
            conn = psycopg.connect(self.url, autocommit=True, **self._kwargs())
        except psycopg.Error as exc:
            raise self.error(action, exc) from None
        try:
            yield conn
        except psycopg.Error as exc:
            raise self.error(action, exc) from None
        finally:
            conn.close()

    def error(self, action: str, exc: BaseException) -> PostgresError:
        """A psycopg error as a :class:`PostgresError` naming the server (no password)."""
        import psycopg

        state = getattr(exc, "sqlstate", None) or ""
        # no SQLSTATE: not from the server, but a DataError is a value the driver refused
        refused = isinstance(exc, psycopg.DataError)
        reaching = (not state and not refused) or state.startswith(("08", "28", "3D", "57P"))
        reason = scrub(_first_line(exc), self.url)
        hint = "The driver refused a value before sending it." if refused and not state else ""
        return PostgresError(
            redact(self.url), action, reason, reaching=reaching, hint=hint, sqlstate=state
        )

    @property
    def pool(self) -> ConnectionPool[Any]:
        """The connection pool, opened on first use."""
        if self._pool is None:
            with self._mutex:
                if self._pool is None:
                    from psycopg_pool import ConnectionPool

                    pool: ConnectionPool[Any] = ConnectionPool(
                        self.url,
                        min_size=1,
                        max_size=self.max_size,
                        kwargs=self._kwargs(),
                        configure=self._autocommit,
                        check=lambda conn: self._check(pool, conn),
                        timeout=self.connect_timeout,
                        open=False,
                        name="memdir",
                    )
                    try:
                        pool.open(wait=True, timeout=self.connect_timeout)
                    except Exception as exc:  # noqa: BLE001 — PoolTimeout or psycopg.Error
                        pool.close()
                        raise self.error("open the connection pool", exc) from None
                    self._pool = pool
        return self._pool

    @contextmanager
    def transaction(self, action: str = "run a query") -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection inside one transaction: committed when the block ends,
        rolled back when it raises. psycopg errors leave as :class:`PostgresError`."""
        with self._pooled(action, transaction=True) as conn:
            yield conn

    @contextmanager
    def begun(self, setup: bytes, action: str = "run a query") -> Iterator[psycopg.Connection[Any]]:
        """:meth:`transaction` whose BEGIN travels with ``setup`` (statements without
        parameters: the isolation level, ``SET LOCAL``s, a lock) in one round trip."""
        import psycopg

        with self.read(action) as conn:
            try:
                conn.execute(b"BEGIN; " + setup)  # a failed setup is rolled back too
                yield conn
            except BaseException:
                if not conn.closed:  # a broken connection: the pool discards it
                    with suppress(psycopg.Error):
                        conn.execute("ROLLBACK")
                raise
            try:
                conn.execute("COMMIT")
            except psycopg.Error as exc:
                raise self.error(action, exc) from None

    @contextmanager
    def read(self, action: str = "run a query") -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection outside any transaction: each statement is its own snapshot
        and one round trip (no BEGIN, no COMMIT). For single-statement reads; errors as in
        :meth:`transaction`."""
        with self._pooled(action, transaction=False) as conn:
            yield conn

    @contextmanager
    def _pooled(self, action: str, *, transaction: bool) -> Iterator[psycopg.Connection[Any]]:
        import psycopg
        from psycopg_pool import PoolTimeout

        try:
            with (
                self.pool.connection() as conn,
                conn.transaction() if transaction else nullcontext(),
            ):
                yield conn
        except (psycopg.Error, PoolTimeout) as exc:
            raise self.error(action, exc) from None

    def close(self) -> None:
        """Close the pool (it reopens on next use)."""
        with self._mutex:
            if self._pool is not None:
                self._pool.close()
                self._pool = None

    # -- schema ----------------------------------------------------------------------------

    def ensure(self, schema: Schema) -> None:
        """Apply the steps of ``schema`` this database lacks, in order, each in its own
        transaction under an advisory lock; refuse a database that has steps this
        memdir does not know (written by a newer one)."""
        if schema.component in self._ensured:
            return
        names = [s.name for s in schema.steps]
        if len(set(names)) != len(names):
            raise ValueError(f"duplicate step names in {schema.component}")
        with self.transaction(f"prepare the {schema.component} schema") as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            conn.execute(
                "CREATE TABLE IF NOT EXISTS pg_migrations (id bigserial PRIMARY KEY, "
                "component text NOT NULL, name text NOT NULL, applied_at double precision "
                "NOT NULL, UNIQUE (component, name))"
            )
        done = self.migrations(schema.component)
        unknown = {n for n, _ in done} - set(names)
        if unknown:
            raise PostgresError(
                redact(self.url),
                f"open the {schema.component} schema",
                f"it was written by a newer memdir (unknown steps: {', '.join(sorted(unknown))})",
                reaching=False,
                hint=f"Upgrade memdir here (this is {_version()}) to the version the other "
                f"machines and `memdir serve` processes on this database run; nothing was "
                f"read or written.",
            )
        for step in schema.steps:
            self._apply(schema.component, step)
        self._ensured.add(schema.component)

    def forget(self, component: str) -> None:
        """Check ``component``'s steps again on its next :meth:`ensure` (another process
        dropped what they made: ``users rm``)."""
        self._ensured.discard(component)

    def _apply(self, component: str, step: Step) -> None:
        with self.transaction(f"apply schema step {component}/{step.name}") as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            found = conn.execute(
                "SELECT 1 FROM pg_migrations WHERE component = %s AND name = %s",
                (component, step.name),
            ).fetchone()
            if found:  # another process got here first
                return
            for sql in step.statements:
                conn.execute(sql.encode())  # bytes: a literal step is not a template
            if step.run is not None:
                step.run(conn)
            conn.execute(
                "INSERT INTO pg_migrations (component, name, applied_at) VALUES (%s, %s, %s)",
                (component, step.name, time.time()),
            )

    def migrations(self, component: str | None = None) -> list[tuple[str, float]]:
        """Applied steps as ``(name, applied_at)`` in order (of one component, if named;
        else every step as ``component/name``)."""
        with self.transaction("read the schema steps") as conn:
            if component is None:
                rows: Sequence[tuple[Any, ...]] = conn.execute(
                    "SELECT component || '/' || name, applied_at FROM pg_migrations ORDER BY id"
                ).fetchall()
            else:
                rows = conn.execute(
                    "SELECT name, applied_at FROM pg_migrations WHERE component = %s ORDER BY id",
                    (component,),
                ).fetchall()
        return [(str(r[0]), float(r[1])) for r in rows]
