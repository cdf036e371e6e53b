"""The state.db schema, as ordered, named migrations. (docs/design/sessions.md)."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from .analyzer import TOKENIZER, tokenize
from .analyzer import sql as _terms

WORD_TOKENIZER = TOKENIZER
#: The word indexes' tokenizer before step 0015 (combining marks broke words).
_TOKENIZER_0002 = "porter unicode61 remove_diacritics 2"
TRIGRAM_TOKENIZER = "trigram"

_TOOL_NEW = "coalesce(new.tool_name, '') || ' ' || coalesce(new.tool_calls, '')"
_TOOL_OLD = "coalesce(old.tool_name, '') || ' ' || coalesce(old.tool_calls, '')"


Progress = Callable[[int, int], None]  # (rows done, rows in all)

#: A session id after its ``harness:`` prefix (the id the harness itself shows), for the
#: ids that have one (:data:`HAS_HARNESS`): the expression index ``sessions_bare`` holds
#: (step 0013; PostgreSQL's step 0012, where the dialect spells ``instr`` ``strpos``).
#: A query uses that index only with these very expressions.
BARE_ID = "substr(id, instr(id, ':') + 1)"
HAS_HARNESS = "instr(id, ':') > 0"


@dataclass(frozen=True)
class Migration:
    """One schema step: a unique name, the statements that make it, and optionally Python
    that fills what they made (given the connection and a progress callback)."""

    name: str
    statements: tuple[str, ...]
    fill: Callable[[sqlite3.Connection, Progress], None] | None = None
    #: A database without this step reads and searches correctly (only how its index cut
    #: words differs), so a read-only one an older memdir wrote is read as it is.
    reads_without: bool = False


def _fts_pair(base: str, source: str, columns: tuple[str, ...]) -> tuple[str, ...]:
    """The word and trigram FTS5 tables over ``source`` (a table or view with an ``id``)."""
    cols = ", ".join(columns)
    return tuple(
        f"CREATE VIRTUAL TABLE {base}_{kind} USING fts5({cols}, content='{source}', "
        f"content_rowid='id', tokenize='{tokenizer}')"
        for kind, tokenizer in (("word", _TOKENIZER_0002), ("tri", TRIGRAM_TOKENIZER))
    )


def _triggers(
    table: str,
    base: str,
    columns: tuple[str, ...],
    new_values: tuple[str, ...],
    old_values: tuple[str, ...],
) -> tuple[str, ...]:
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

#: The corpora with a word index: each has a content table of the same name, the FTS
#: table ``<base>_word`` and its source view ``<base>_fts_src``.
FTS_BASES = ("messages", "entries")
_TRIGGERS = ("insert", "delete", "update")


def _legacy_message_statements() -> tuple[str, ...]:
    """Step 0002's message indexes as released (replaced by step 0007; kept verbatim so
    the step stays what it was)."""
    return (
        *_fts_pair("messages", "message_text", _MESSAGE_COLUMNS),
        *_triggers(
            "messages",
            "messages",
            _MESSAGE_COLUMNS,
            ("new.content", _TOOL_NEW),
            ("old.content", _TOOL_OLD),
        ),
    )


# CJK test for the trigram index: the byte-vs-character length test skips the GLOB on
# ASCII text (a GLOB on every row halves the load rate).
_CJK_CLASS = "[぀-ヿ㐀-䶿一-鿿가-힯豈-﫿𠀀-𯿿]"


def _has_cjk(x: str) -> str:
    return f"(length(CAST({x} AS BLOB)) > length({x}) AND {x} GLOB '*{_CJK_CLASS}*')"


def _cjk_row(r: str) -> str:
    return f"({_has_cjk(f'{r}.content')} OR {_has_cjk(f'{r}.tool_calls')})"


def _message_statements_0007() -> tuple[str, ...]:
    """Step 0007's message indexes as released (replaced by step 0010; what each was:
    docs/design/sessions.md, ``memdir.sessions.schema``)."""
    word_new = "new.id, new.content, new.tool_name, new.tool_calls"
    word_old = "'delete', old.id, old.content, old.tool_name, old.tool_calls"
    tri_new = f"SELECT new.id, new.content || ' ', new.tool_calls || ' ' WHERE {_cjk_row('new')}"
    tri_old = (
        f"SELECT 'delete', old.id, old.content || ' ', old.tool_calls || ' ' "
        f"WHERE {_cjk_row('old')}"
    )
    add = (
        f"INSERT INTO messages_word(rowid, content, tool_name, tool_calls) "
        f"VALUES ({word_new}); "
        f"INSERT INTO messages_tri(rowid, content, tool_calls) {tri_new}; "
    )
    drop = (
        f"INSERT INTO messages_word(messages_word, rowid, content, tool_name, tool_calls) "
        f"VALUES ({word_old}); "
        f"INSERT INTO messages_tri(messages_tri, rowid, content, tool_calls) {tri_old}; "
    )
    return (
        f"CREATE VIRTUAL TABLE messages_word USING fts5(content, tool_name, tool_calls, "
        f"content='messages', content_rowid='id', tokenize='{_TOKENIZER_0002}')",
        f"CREATE VIEW IF NOT EXISTS messages_tri_src(id, content, tool_calls) AS "
        f"SELECT m.id, m.content || ' ', m.tool_calls || ' ' FROM messages m "
        f"WHERE {_cjk_row('m')}",
        f"CREATE VIRTUAL TABLE messages_tri USING fts5(content, tool_calls, "
        f"content='messages_tri_src', content_rowid='id', tokenize='{TRIGRAM_TOKENIZER}')",
        "CREATE VIRTUAL TABLE IF NOT EXISTS messages_tri_vocab "
        "USING fts5vocab(messages_tri, 'row')",
        f"CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN {add}END",
        f"CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN {drop}END",
        f"CREATE TRIGGER messages_fts_update AFTER UPDATE ON messages BEGIN {drop}{add}END",
    )


def _legacy_entry_statements() -> tuple[str, ...]:
    """Step 0003's entry indexes as released (replaced by step 0010)."""
    return (
        *_fts_pair("entries", "entries", _ENTRY_COLUMNS),
        *_triggers(
            "entries",
            "entries",
            _ENTRY_COLUMNS,
            tuple(f"new.{c}" for c in _ENTRY_COLUMNS),
            tuple(f"old.{c}" for c in _ENTRY_COLUMNS),
        ),
    )


#: The text columns of each corpus's word index (RankParams.weights names them).
FTS_COLUMNS = {
    "messages": ("content", "tool_name", "tool_calls"),
    "entries": ("name", "description", "body"),
}
#: The external content each FTS index is checked against and rebuilt from.
FTS_SOURCES = {f"{base}_word": f"{base}_fts_src" for base in FTS_COLUMNS}


def fts_statements(base: str, tokenizer: str = WORD_TOKENIZER) -> tuple[str, ...]:
    """CREATE statements for the current FTS index, view and triggers of ``base``
    (messages|entries), since step 0010 (its tokenizer ``tokenizer``)."""
    cols = FTS_COLUMNS[base]
    names = ", ".join(cols)
    fts = f"{base}_word"
    new = ", ".join(_terms(f"new.{c}") for c in cols)
    old = ", ".join(_terms(f"old.{c}") for c in cols)
    add = f"INSERT INTO {fts}(rowid, {names}) VALUES (new.id, {new}); "
    drop = f"INSERT INTO {fts}({fts}, rowid, {names}) VALUES ('delete', old.id, {old}); "
    return (
        f"CREATE VIEW IF NOT EXISTS {base}_fts_src(id, {names}) AS SELECT id, "
        f"{', '.join(_terms(c) for c in cols)} FROM {base}",
        f"CREATE VIRTUAL TABLE {fts} USING fts5({names}, content='{base}_fts_src', "
        f"content_rowid='id', {tokenize(tokenizer)})",
        f"CREATE TRIGGER {base}_fts_insert AFTER INSERT ON {base} BEGIN {add}END",
        f"CREATE TRIGGER {base}_fts_delete AFTER DELETE ON {base} BEGIN {drop}END",
        f"CREATE TRIGGER {base}_fts_update AFTER UPDATE ON {base} BEGIN {drop}{add}END",
    )


FILL_CHUNK = 20_000


def fill(conn: sqlite3.Connection, base: str, progress: Progress) -> None:
    """Index every row of ``base`` (its word index is new and empty), ``FILL_CHUNK`` rows
    per statement, calling ``progress`` after each."""
    total = conn.execute(f"SELECT count(*) FROM {base}").fetchone()[0]
    names = ", ".join(FTS_COLUMNS[base])
    done, last = 0, -1
    while True:
        row = conn.execute(
            f"SELECT max(id), count(*) FROM (SELECT id FROM {base} WHERE id > ? "
            f"ORDER BY id LIMIT ?)",
            (last, FILL_CHUNK),
        ).fetchone()
        if not row[1]:
            break
        conn.execute(
            f"INSERT INTO {base}_word(rowid, {names}) SELECT id, {names} FROM "
            f"{base}_fts_src WHERE id > ? AND id <= ?",
            (last, row[0]),
        )
        done, last = done + row[1], row[0]
        progress(done, total)


def _reindex(conn: sqlite3.Connection, progress: Progress) -> None:
    fill(conn, "entries", lambda done, total: None)
    fill(conn, "messages", progress)


#: A Codex message's source key as imports before 0014 wrote it: ``<file name>:line:index``
#: (the rollout's name, or any name a file was imported under); the new form is
#: ``line:index``, which this never matches (it needs a name before two numbers).
_CODEX_FILE_KEY = re.compile(r".+:([0-9]+):([0-9]+)", re.DOTALL)


def _codex_keys(conn: sqlite3.Connection, progress: Progress) -> None:
    """Codex's imported messages keyed by their place in the session, not by the name the
    file was imported under (memdir.interop.codex.transcripts), so a re-import of a
    rollout, under any name, matches them. Read in batches of 5,000 by id (memory does not
    grow with the home; one pass; a re-run finds nothing left to move). A row whose place
    another message of the session holds already (the same rollout imported under two
    names before) goes when it is that message's copy (same role, content and tools), else
    it stays as it was."""
    (total,) = conn.execute(
        "SELECT count(*) FROM messages WHERE session_id >= 'codex:' "
        "AND session_id < 'codex;' AND source_key GLOB '*:[0-9]*:[0-9]*'"
    ).fetchone()
    last, done = -1, 0
    while True:
        rows = conn.execute(
            "SELECT id, source_key FROM messages WHERE id > ? AND session_id >= 'codex:' "
            "AND session_id < 'codex;' AND source_key GLOB '*:[0-9]*:[0-9]*' "
            "ORDER BY id LIMIT 5000",
            (last,),
        ).fetchall()
        if not rows:
            break
        last, done = rows[-1][0], done + len(rows)
        moved = [
            (f"{m[1]}:{m[2]}", rid) for rid, key in rows if (m := _CODEX_FILE_KEY.fullmatch(key))
        ]
        conn.executemany("UPDATE OR IGNORE messages SET source_key = ? WHERE id = ?", moved)
        conn.executemany(
            "DELETE FROM messages WHERE id = ?2 AND source_key IS NOT ?1 AND EXISTS ("
            "SELECT 1 FROM messages o, messages m WHERE m.id = ?2 "
            "AND o.session_id = m.session_id AND o.source_key = ?1 AND o.role = m.role "
            "AND o.content = m.content AND o.tool_name IS m.tool_name "
            "AND o.tool_calls IS m.tool_calls)",
            moved,
        )
        progress(min(done, total), total)


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0001_sessions_and_messages",
        (
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
        ),
    ),
    Migration(
        "0002_message_search",
        (
            # The text the message indexes see: content, and tool name + tool calls together.
            f"""CREATE VIEW message_text AS
            SELECT id, content, {_TOOL_NEW.replace("new.", "")} AS tool FROM messages""",
            *_legacy_message_statements(),
        ),
    ),
    Migration(
        "0003_entry_search",
        (
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
            *_legacy_entry_statements(),
        ),
    ),
    # The background pipeline (memdir.pipeline): jobs with leases, retries and watermarks,
    # candidates waiting for consolidation, tombstones of forgotten facts, usage counters.
    Migration(
        "0004_jobs",
        (
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
        ),
    ),
    Migration(
        "0005_tombstones",
        (
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
        ),
    ),
    Migration(
        "0006_usage",
        (
            """CREATE TABLE usage (
            location TEXT NOT NULL,
            entry_id TEXT NOT NULL,
            usage_count INTEGER NOT NULL DEFAULT 0,
            last_used REAL NOT NULL,
            PRIMARY KEY (location, entry_id)
        )""",
        ),
    ),
    # Ranking v2 (memdir.sessions.rank): a three-column word index, a trigram index of the
    # CJK rows only, its vocabulary; both filled again from the messages table.
    Migration(
        "0007_message_search_v2",
        (
            "DROP TRIGGER IF EXISTS messages_fts_insert",
            "DROP TRIGGER IF EXISTS messages_fts_delete",
            "DROP TRIGGER IF EXISTS messages_fts_update",
            "DROP TABLE IF EXISTS messages_word",
            "DROP TABLE IF EXISTS messages_tri",
            "DROP VIEW IF EXISTS message_text",
            *_message_statements_0007(),
            "INSERT INTO messages_word(messages_word) VALUES ('rebuild')",
            "INSERT INTO messages_tri(messages_tri) VALUES ('rebuild')",
        ),
    ),
    # Imports (memdir.sessions.bulk, .provenance): a message may carry the key that
    # identifies it in its source (a transcript record, a file line), so a re-import
    # inserts exactly the messages not there yet. The index is partial: messages logged
    # without a key pay nothing for it.
    Migration(
        "0008_message_source_keys",
        (
            "ALTER TABLE messages ADD COLUMN source_key TEXT",
            "CREATE UNIQUE INDEX messages_source_key ON messages(session_id, source_key) "
            "WHERE source_key IS NOT NULL",
        ),
    ),
    # ``imported`` marks the sessions a bulk import created; ``removed_imports`` remembers
    # the ones the user deleted since (``sessions rm`` / ``prune``), so the next import
    # does not bring them back.
    Migration(
        "0009_removed_imports",
        (
            "ALTER TABLE sessions ADD COLUMN imported INTEGER NOT NULL DEFAULT 0",
            # sessions imported before this step: the transcript importers' ids
            "UPDATE sessions SET imported = 1 WHERE agent IN ('claude-code', 'codex', 'hermes') "
            "AND substr(id, 1, length(agent) + 1) = agent || ':'",
            """CREATE TABLE removed_imports (
            session_id TEXT PRIMARY KEY,
            removed_at REAL NOT NULL
        )""",
        ),
    ),
    # The CJK analyzer (memdir.sessions.analyzer): CJK text in the word index as bigrams
    # and characters; the trigram indexes are gone. Every row is indexed again.
    Migration(
        "0010_cjk_analyzer",
        (
            *(f"DROP TRIGGER IF EXISTS {b}_fts_{t}" for b in FTS_BASES for t in _TRIGGERS),
            "DROP TABLE IF EXISTS messages_tri_vocab",
            *(f"DROP TABLE IF EXISTS {b}_{k}" for b in FTS_BASES for k in ("word", "tri")),
            "DROP VIEW IF EXISTS messages_tri_src",
            *fts_statements("messages", _TOKENIZER_0002),
            *fts_statements("entries", _TOKENIZER_0002),
        ),
        _reindex,
    ),
    # The optional semantic layer (memdir.sessions.vectors): one unit-length float32 vector
    # per row and model, gone with its row.
    Migration(
        "0011_vectors",
        tuple(
            f"""CREATE TABLE {table} (
            id INTEGER PRIMARY KEY REFERENCES {base}(id) ON DELETE CASCADE,
            model TEXT NOT NULL,
            dim INTEGER NOT NULL,
            v BLOB NOT NULL
        )"""
            for base, table in (("messages", "message_vectors"), ("entries", "entry_vectors"))
        ),
    ),
    # Entity links (memdir.sessions.links): the people, projects, repositories, hosts and
    # packages a message or an entry names, gone with its row. Entries are linked when the
    # search index takes them; messages a batch at a time before a search (the mark).
    Migration(
        "0012_entity_links",
        (
            """CREATE TABLE entity_links (
            entity TEXT NOT NULL,
            label TEXT NOT NULL,
            kind TEXT NOT NULL,
            message_id INTEGER REFERENCES messages(id) ON DELETE CASCADE,
            entry_row INTEGER REFERENCES entries(id) ON DELETE CASCADE,
            CHECK ((message_id IS NULL) <> (entry_row IS NULL))
        )""",
            "CREATE INDEX entity_links_entity ON entity_links(entity)",
            "CREATE INDEX entity_links_message ON entity_links(message_id) "
            "WHERE message_id IS NOT NULL",
            "CREATE INDEX entity_links_entry ON entity_links(entry_row) "
            "WHERE entry_row IS NOT NULL",
            "CREATE TABLE entity_marks (name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
        ),
    ),
    # A session id given to ``memdir sessions show`` is looked up among the ids after a
    # ``harness:`` prefix too (SessionStore._starting_with): a prefix range on this index
    # of those ids (the index keeps itself right on every insert), not a scan of sessions.
    # Its expression and predicate are BARE_ID and HAS_HARNESS, spelled out as released.
    Migration(
        "0013_session_bare_ids",
        (
            "CREATE INDEX sessions_bare ON sessions(substr(id, instr(id, ':') + 1), id) "
            "WHERE instr(id, ':') > 0",
        ),
    ),
    # Codex's imported messages keyed by their place in the session (the rollout's file
    # name dropped from the key), so a rollout imported again under another name adds
    # nothing.
    Migration("0014_codex_keys_by_place", (), _codex_keys),
    # Combining marks (Devanagari and other Indic vowel signs, Thai marks, Arabic harakat)
    # are part of a word, not a break in it (memdir.sessions.analyzer.TOKENIZER): both word
    # indexes made again with that tokenizer and every row indexed again.
    Migration(
        "0015_marks_in_words",
        (
            *(f"DROP TRIGGER IF EXISTS {b}_fts_{t}" for b in FTS_BASES for t in _TRIGGERS),
            *(f"DROP TABLE IF EXISTS {b}_word" for b in FTS_BASES),
            *fts_statements("messages"),
            *fts_statements("entries"),
        ),
        _reindex,
        reads_without=True,  # the old index's words are still found (cut more finely)
    ),
    # The git checkout a session was logged or imported in (memdir.sessions.checkouts):
    # its remote and HEAD commit, so a team run rekeys only its own repository's
    # path-keyed sessions. Rows from before record none (NULL): never claimed.
    Migration(
        "0016_session_checkouts",
        (
            "ALTER TABLE sessions ADD COLUMN checkout_remote TEXT",
            "ALTER TABLE sessions ADD COLUMN checkout_commit TEXT",
        ),
        # no read asks for them (the rekey is the team backend's); a write waits for the
        # upgrade's lock, so it sees the columns
        reads_without=True,
    ),
    # Traditional characters are indexed as their Simplified ones (analyzer.fold: 數據庫
    # finds 数据库), ё as е and Eastern Arabic digits as 0-9 (analyzer._ALIKE): both word
    # indexes made again and every row indexed again (a row's delete must pass the terms it
    # was indexed with). One step for both folds (walk60, cjk60: merged the same day).
    Migration(
        "0017_folded_alike",
        (
            *(f"DROP TRIGGER IF EXISTS {b}_fts_{t}" for b in FTS_BASES for t in _TRIGGERS),
            *(f"DROP TABLE IF EXISTS {b}_word" for b in FTS_BASES),
            *fts_statements("messages"),
            *fts_statements("entries"),
        ),
        _reindex,
        reads_without=True,  # Simplified text is found as before; the folded forms once indexed
    ),
)
