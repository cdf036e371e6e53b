"""The state.db schema, as ordered, named migrations.

Each migration is a list of statements applied in one transaction and recorded by name in
``migrations``, so a database is always at a known step and a half-applied step cannot
exist. Never edit a released step: add a new one.

Full-text search keeps two FTS5 indexes per corpus, both *external content* (the text is
stored once, in the ordinary table; the indexes hold only postings), kept in step by
triggers:

* ``*_word``: ``porter unicode61 remove_diacritics 2`` — stemmed, case- and
  accent-folded words;
* ``*_tri``: ``trigram`` — substrings of three characters or more, which is what makes
  Chinese, Japanese and Korean text (no spaces between words) and code fragments findable.

Because the indexes are external content, a damaged one is rebuilt from its table with
FTS5's ``rebuild`` command (see :mod:`memdir.sessions.maintenance`).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FTS_BASES", "MIGRATIONS", "Migration", "fts_statements"]

WORD_TOKENIZER = "porter unicode61 remove_diacritics 2"
TRIGRAM_TOKENIZER = "trigram"

_TOOL_NEW = "coalesce(new.tool_name, '') || ' ' || coalesce(new.tool_calls, '')"
_TOOL_OLD = "coalesce(old.tool_name, '') || ' ' || coalesce(old.tool_calls, '')"


@dataclass(frozen=True)
class Migration:
    """One schema step: a unique name and the statements that make it."""

    name: str
    statements: tuple[str, ...]


def _fts_pair(base: str, source: str, columns: tuple[str, ...]) -> tuple[str, ...]:
    """The word and trigram FTS5 tables over ``source`` (a table or view with an ``id``)."""
    cols = ", ".join(columns)
    return tuple(
        f"CREATE VIRTUAL TABLE {base}_{kind} USING fts5({cols}, content='{source}', "
        f"content_rowid='id', tokenize='{tokenizer}')"
        for kind, tokenizer in (("word", WORD_TOKENIZER), ("tri", TRIGRAM_TOKENIZER))
    )


def _triggers(table: str, base: str, columns: tuple[str, ...],
              new_values: tuple[str, ...], old_values: tuple[str, ...]) -> tuple[str, ...]:
    """Insert/delete/update triggers that keep both FTS tables of ``base`` in step."""
    cols = ", ".join(columns)
    new = ", ".join(new_values)
    old = ", ".join(old_values)
    add = "".join(
        f"INSERT INTO {base}_{k}(rowid, {cols}) VALUES (new.id, {new}); " for k in ("word", "tri")
    )
    drop = "".join(
        f"INSERT INTO {base}_{k}({base}_{k}, rowid, {cols}) VALUES ('delete', old.id, {old}); "
        for k in ("word", "tri")
    )
    return (
        f"CREATE TRIGGER {table}_fts_insert AFTER INSERT ON {table} BEGIN {add}END",
        f"CREATE TRIGGER {table}_fts_delete AFTER DELETE ON {table} BEGIN {drop}END",
        f"CREATE TRIGGER {table}_fts_update AFTER UPDATE ON {table} BEGIN {drop}{add}END",
    )


_MESSAGE_COLUMNS = ("content", "tool")
_ENTRY_COLUMNS = ("name", "description", "body")

#: The corpora with FTS indexes: each has a content table of the same name and the FTS
#: tables ``<base>_word`` and ``<base>_tri``.
FTS_BASES = ("messages", "entries")


def fts_statements(base: str) -> tuple[str, ...]:
    """CREATE statements for the FTS tables and triggers of ``base`` (messages|entries)."""
    if base == "messages":
        return (*_fts_pair("messages", "message_text", _MESSAGE_COLUMNS),
                *_triggers("messages", "messages", _MESSAGE_COLUMNS,
                           ("new.content", _TOOL_NEW), ("old.content", _TOOL_OLD)))
    return (*_fts_pair("entries", "entries", _ENTRY_COLUMNS),
            *_triggers("entries", "entries", _ENTRY_COLUMNS,
                       tuple(f"new.{c}" for c in _ENTRY_COLUMNS),
                       tuple(f"old.{c}" for c in _ENTRY_COLUMNS)))


MIGRATIONS: tuple[Migration, ...] = (
    Migration("0001_sessions_and_messages", (
        """CREATE TABLE sessions (
            id TEXT PRIMARY KEY,
            parent_id TEXT,
            agent TEXT NOT NULL,
            cwd TEXT,
            scope TEXT,
            title TEXT,
            started_at REAL NOT NULL,
            ended_at REAL,
            memory_mode TEXT NOT NULL DEFAULT 'enabled'
                CHECK (memory_mode IN ('enabled', 'disabled', 'polluted'))
        )""",
        "CREATE INDEX sessions_parent ON sessions(parent_id)",
        "CREATE INDEX sessions_started ON sessions(started_at)",
        """CREATE TABLE messages (
            id INTEGER PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            role TEXT NOT NULL,
            content TEXT NOT NULL,
            tool_name TEXT,
            tool_calls TEXT,
            timestamp REAL NOT NULL
        )""",
        "CREATE INDEX messages_session ON messages(session_id, id)",
        "CREATE INDEX messages_time ON messages(timestamp)",
    )),
    Migration("0002_message_search", (
        # The text the message indexes see: content, and tool name + tool calls together.
        f"""CREATE VIEW message_text AS
            SELECT id, content, {_TOOL_NEW.replace('new.', '')} AS tool FROM messages""",
        *fts_statements("messages"),
    )),
    Migration("0003_entry_search", (
        # A search copy of the Markdown entries (the files stay the source of truth);
        # ``sig`` tells the sync which rows are out of date.
        """CREATE TABLE entries (
            id INTEGER PRIMARY KEY,
            location TEXT NOT NULL,
            entry_id TEXT NOT NULL,
            scope TEXT NOT NULL,
            archived INTEGER NOT NULL,
            updated REAL NOT NULL,
            sig TEXT NOT NULL,
            name TEXT NOT NULL,
            description TEXT NOT NULL,
            body TEXT NOT NULL,
            UNIQUE (location, entry_id)
        )""",
        *fts_statements("entries"),
    )),
    # The background pipeline (memdir.pipeline): jobs with leases, retries and watermarks,
    # candidates waiting for consolidation, tombstones of forgotten facts, usage counters.
    Migration("0004_jobs", (
        """CREATE TABLE jobs (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            project TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'running', 'done', 'error')),
            outcome TEXT,
            worker TEXT,
            token TEXT,
            lease_until REAL,
            retry_at REAL NOT NULL DEFAULT 0,
            retries_left INTEGER NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            raw_output TEXT,
            input_watermark INTEGER NOT NULL DEFAULT 0,
            done_watermark INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            UNIQUE (kind, key)
        )""",
        "CREATE INDEX jobs_ready ON jobs(status, retry_at)",
        # AUTOINCREMENT: ids are consolidation watermarks, so a consumed id is never reused.
        """CREATE TABLE candidates (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            location TEXT NOT NULL,
            session_id TEXT NOT NULL,
            data TEXT NOT NULL,
            created_at REAL NOT NULL
        )""",
        "CREATE INDEX candidates_location ON candidates(location, id)",
        """CREATE TABLE memory_writes (
            session_id TEXT NOT NULL,
            message_id INTEGER NOT NULL,
            PRIMARY KEY (session_id, message_id)
        )""",
    )),
    Migration("0005_tombstones", (
        """CREATE TABLE tombstones (
            id INTEGER PRIMARY KEY,
            location TEXT NOT NULL,
            entry_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            name_key TEXT NOT NULL,
            origins TEXT NOT NULL,
            created_at REAL NOT NULL
        )""",
        "CREATE INDEX tombstones_hash ON tombstones(content_hash)",
        "CREATE INDEX tombstones_key ON tombstones(name_key)",
    )),
    Migration("0006_usage", (
        """CREATE TABLE usage (
            location TEXT NOT NULL,
            entry_id TEXT NOT NULL,
            usage_count INTEGER NOT NULL DEFAULT 0,
            last_used REAL NOT NULL,
            PRIMARY KEY (location, entry_id)
        )""",
    )),
)
