"""The state tables on PostgreSQL, as ordered, named steps (the SQLite ones' columns;
``tsv``/``ntok`` hold the analyzer's output). See docs/design/team-server.md."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..sessions.db import step_progress
from ..sessions.schema import FTS_COLUMNS
from .db import Schema, Step
from .dialect import Connection
from .fts import ENTRY_TERMS_FILL, POSTINGS_FILL, POSTINGS_KEY, stale_rows

_TEXT_CHANGED = """CREATE FUNCTION memdir_text_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'messages' THEN
    IF NEW.content IS DISTINCT FROM OLD.content OR NEW.tool_name IS DISTINCT FROM
       OLD.tool_name OR NEW.tool_calls IS DISTINCT FROM OLD.tool_calls THEN
      NEW.tsv := NULL; NEW.ntok := NULL;
    END IF;
  ELSIF NEW.name IS DISTINCT FROM OLD.name OR NEW.description IS DISTINCT FROM
        OLD.description OR NEW.body IS DISTINCT FROM OLD.body THEN
    NEW.tsv := NULL; NEW.ntok := NULL;
  END IF;
  RETURN NEW;
END $$"""

# The index's row count and token total (BM25's N and average length), kept by
# statement triggers over the rows each statement changed.
_STATS = """CREATE FUNCTION memdir_fts_stats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE dn bigint := 0; dt bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT dn + count(ntok), dt + coalesce(sum(ntok), 0) INTO dn, dt FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT dn - count(ntok), dt - coalesce(sum(ntok), 0) INTO dn, dt FROM old_rows;
  END IF;
  IF dn <> 0 OR dt <> 0 THEN
    UPDATE fts_stats SET nrows = nrows + dn, ntok = ntok + dt WHERE base = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$"""

_NEXT_ID = """CREATE FUNCTION memdir_next_message_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id IS NULL THEN
    SELECT coalesce(max(id), 0) + 1 INTO NEW.id FROM messages;
  END IF;
  RETURN NEW;
END $$"""


# Each message's index terms as rows of ``message_postings`` (term, id), kept by statement
# triggers; a TRUNCATE empties them too (docs/design/team-server.md, "Postings").
_POSTINGS = """CREATE FUNCTION memdir_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE message_postings;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM message_postings p USING (
      SELECT o.id, unnest(tsvector_to_array(o.tsv)) AS term FROM old_rows o
      WHERE o.tsv IS NOT NULL) d
    WHERE p.term = d.term AND p.id = d.id;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM message_postings p USING (
      SELECT o.id, unnest(tsvector_to_array(o.tsv)) AS term FROM old_rows o
      WHERE o.tsv IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM new_rows n WHERE n.id = o.id AND n.tsv IS NOT DISTINCT FROM o.tsv)) d
    WHERE p.term = d.term AND p.id = d.id;
    INSERT INTO message_postings (term, id)
    SELECT unnest(tsvector_to_array(n.tsv)), n.id FROM new_rows n
    WHERE n.tsv IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.tsv IS NOT DISTINCT FROM n.tsv);
  ELSE
    INSERT INTO message_postings (term, id)
    SELECT unnest(tsvector_to_array(n.tsv)), n.id FROM new_rows n WHERE n.tsv IS NOT NULL;
  END IF;
  RETURN NULL;
END $$"""


# Step 0010: an UPDATE that changes a row's ``tsv`` from one vector to another (the deep
# repair, docs/design/team-server.md "The text against its terms") deletes and adds only
# the terms that differ, not every term of both (~13k each for a 100 KB message); a row
# indexed for the first time (``index_pending`` after each write: no old terms) or
# unindexed (no new ones) has its terms added or deleted as they are, with no difference.
_POSTINGS_BY_DIFFERENCE = """CREATE OR REPLACE FUNCTION memdir_postings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE message_postings;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM message_postings p USING (
      SELECT o.id, unnest(tsvector_to_array(o.tsv)) AS term FROM old_rows o
      WHERE o.tsv IS NOT NULL) d
    WHERE p.term = d.term AND p.id = d.id;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH was AS MATERIALIZED (
      SELECT o.id, o.tsv FROM old_rows o WHERE o.tsv IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM new_rows n WHERE n.id = o.id AND n.tsv IS NOT DISTINCT FROM o.tsv)),
    now AS MATERIALIZED (
      SELECT n.id, n.tsv FROM new_rows n WHERE n.tsv IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM old_rows o WHERE o.id = n.id AND o.tsv IS NOT DISTINCT FROM n.tsv)),
    gone AS (
      SELECT w.id, unnest(tsvector_to_array(w.tsv)) AS term FROM was w
      WHERE NOT EXISTS (SELECT 1 FROM now n WHERE n.id = w.id)
      UNION ALL (
        SELECT w.id, unnest(tsvector_to_array(w.tsv)) FROM was w
        WHERE EXISTS (SELECT 1 FROM now n WHERE n.id = w.id)
        EXCEPT SELECT n.id, unnest(tsvector_to_array(n.tsv)) FROM now n
        WHERE EXISTS (SELECT 1 FROM was w WHERE w.id = n.id))),
    dropped AS (
      DELETE FROM message_postings p USING gone g WHERE p.term = g.term AND p.id = g.id)
    INSERT INTO message_postings (term, id)
    SELECT term, id FROM (
      SELECT n.id, unnest(tsvector_to_array(n.tsv)) AS term FROM now n
      WHERE NOT EXISTS (SELECT 1 FROM was w WHERE w.id = n.id)
      UNION ALL (
        SELECT n.id, unnest(tsvector_to_array(n.tsv)) FROM now n
        WHERE EXISTS (SELECT 1 FROM was w WHERE w.id = n.id)
        EXCEPT SELECT w.id, unnest(tsvector_to_array(w.tsv)) FROM was w
        WHERE EXISTS (SELECT 1 FROM now n WHERE n.id = w.id))) came;
  ELSE
    INSERT INTO message_postings (term, id)
    SELECT unnest(tsvector_to_array(n.tsv)), n.id FROM new_rows n WHERE n.tsv IS NOT NULL;
  END IF;
  RETURN NULL;
END $$"""

# A TRUNCATE leaves no transition table: the counters of the emptied table go to zero.
_STATS_TRUNCATE = """CREATE FUNCTION memdir_fts_stats_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fts_stats SET nrows = 0, ntok = 0 WHERE base = TG_TABLE_NAME;
  RETURN NULL;
END $$"""


def _entry_terms_change(terms: str) -> str:
    """The statement adding ``terms`` (rows of term and +1 or -1, an entry's each) to
    ``entry_terms``' counts, then deleting the terms no entry holds any longer."""
    return f"""WITH d AS (SELECT term, sum(k) AS k FROM ({terms}) x GROUP BY term
      HAVING sum(k) <> 0),
    u AS (INSERT INTO entry_terms AS e (term, n) SELECT term, k FROM d ORDER BY term
      ON CONFLICT (term) DO UPDATE SET n = e.n + excluded.n RETURNING e.term, e.n)
    SELECT array_agg(term) INTO gone FROM u WHERE n <= 0;
    IF gone IS NOT NULL THEN
      DELETE FROM entry_terms WHERE term = ANY(gone) AND n <= 0;
    END IF;"""


_ADDED = (
    "SELECT unnest(tsvector_to_array(tsv)) AS term, 1 AS k FROM new_rows n WHERE tsv IS NOT NULL"
)
_REMOVED = (
    "SELECT unnest(tsvector_to_array(tsv)) AS term, -1 AS k FROM old_rows o WHERE tsv IS NOT NULL"
)
# an UPDATE's rows whose terms it left as they were (a rekey's new location) are skipped
_SAME = "NOT EXISTS (SELECT 1 FROM {} x WHERE x.id = {a}.id AND x.tsv IS NOT DISTINCT FROM {a}.tsv)"
_EDITED = (
    f"{_ADDED} AND {_SAME.format('old_rows', a='n')} UNION ALL "
    f"{_REMOVED} AND {_SAME.format('new_rows', a='o')}"
)
# The memory entries' distinct index terms, each with how many entries hold it, kept by
# statement triggers (an edit's old and new terms netted first): a query word's inflected
# forms are looked up in its key, not in every entry's vector (docs/design/team-server.md,
# "Entry terms"). Its path is the step's (the state's schema first): a rekey updates
# "schema".entries from the team's schema (pg/rekey.py).
_ENTRY_TERMS = f"""CREATE FUNCTION memdir_entry_terms() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
DECLARE gone text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE entry_terms;
  ELSIF TG_OP = 'INSERT' THEN
    {_entry_terms_change(_ADDED)}
  ELSIF TG_OP = 'DELETE' THEN
    {_entry_terms_change(_REMOVED)}
  ELSE
    {_entry_terms_change(_EDITED)}
  END IF;
  RETURN NULL;
END $$"""


# A state key an older memdir wrote: the server's URL, '#', the scope key (steps 0006, 0007).
_URL = "'^postgres(ql)?://[^#]*#'"


def _key(column: str) -> str:
    return f"regexp_replace({column}, {_URL}, '')"


def _statement_triggers(name: str, table: str, function: str) -> tuple[str, ...]:
    """``function`` after each INSERT, UPDATE and DELETE on ``table``, over the rows the
    statement changed (``new_rows``, ``old_rows``)."""
    return tuple(
        f"CREATE TRIGGER {name}_{op.lower()} AFTER {op} ON {table} REFERENCING {refs} "
        f"FOR EACH STATEMENT EXECUTE FUNCTION {function}()"
        for op, refs in (
            ("INSERT", "NEW TABLE AS new_rows"),
            ("UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
            ("DELETE", "OLD TABLE AS old_rows"),
        )
    )


def _fts(base: str) -> tuple[str, ...]:
    return (
        f"ALTER TABLE {base} ADD COLUMN tsv tsvector",
        f"ALTER TABLE {base} ADD COLUMN ntok integer",
        f"CREATE INDEX {base}_tsv ON {base} USING gin (tsv)",
        f"CREATE INDEX {base}_unindexed ON {base} (id) WHERE tsv IS NULL",
        f"INSERT INTO fts_stats (base) VALUES ('{base}')",
        f"CREATE TRIGGER {base}_text BEFORE UPDATE ON {base} FOR EACH ROW "
        f"EXECUTE FUNCTION memdir_text_changed()",
        *_statement_triggers(f"{base}_stats", base, "memdir_fts_stats"),
    )


def _in(schema: str) -> tuple[str, ...]:
    """Statements that make ``schema`` and put it first on this transaction's path."""
    return (
        f'CREATE SCHEMA IF NOT EXISTS "{schema}"',
        f"SELECT set_config('search_path', '\"{schema}\", ' || "
        f"current_setting('search_path'), true)",
    )


def state_schema(schema: str, component: str) -> Schema:
    """The state tables' steps, made in ``schema`` (recorded as ``component``)."""
    return Schema(component, tuple(Step(s.name, _in(schema) + s.statements, s.run) for s in _STEPS))


def _reindex(name: str) -> Callable[[Any], None]:
    """A step that makes every row's terms again by the analyzer of now, only those that
    differ written (``fts.stale_rows`` with ``mend``), the postings and counters following
    by their triggers; progress on stderr."""

    def run(conn: Any) -> None:
        report = step_progress(name, "the team database")
        for base in FTS_COLUMNS:
            stale_rows(Connection(conn, None), base, lambda _, d, t: report(d, t or d), mend=True)

    return run


_STEPS: tuple[Step, ...] = (
    Step(
        "0001_state",
        (
            """CREATE TABLE sessions (
            rowid bigint GENERATED ALWAYS AS IDENTITY,
            id text PRIMARY KEY,
            parent_id text,
            agent text NOT NULL,
            cwd text,
            scope text,
            title text,
            started_at double precision NOT NULL,
            ended_at double precision,
            memory_mode text NOT NULL DEFAULT 'enabled'
                CHECK (memory_mode IN ('enabled', 'disabled', 'polluted')),
            imported integer NOT NULL DEFAULT 0
        )""",
            "CREATE INDEX sessions_parent ON sessions(parent_id)",
            "CREATE INDEX sessions_started ON sessions(started_at)",
            """CREATE TABLE messages (
            id bigint PRIMARY KEY,
            session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
            role text NOT NULL,
            content text NOT NULL,
            tool_name text,
            tool_calls text,
            timestamp double precision NOT NULL,
            source_key text
        )""",
            "CREATE INDEX messages_session ON messages(session_id, id)",
            "CREATE INDEX messages_time ON messages(timestamp)",
            "CREATE UNIQUE INDEX messages_source_key ON messages(session_id, source_key) "
            "WHERE source_key IS NOT NULL",
            _NEXT_ID,
            "CREATE TRIGGER messages_id BEFORE INSERT ON messages FOR EACH ROW "
            "WHEN (NEW.id IS NULL) EXECUTE FUNCTION memdir_next_message_id()",
            """CREATE TABLE removed_imports (
            session_id text PRIMARY KEY,
            removed_at double precision NOT NULL
        )""",
            """CREATE TABLE entries (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            location text NOT NULL,
            entry_id text NOT NULL,
            scope text NOT NULL,
            archived integer NOT NULL,
            updated double precision NOT NULL,
            sig text NOT NULL,
            name text NOT NULL,
            description text NOT NULL,
            body text NOT NULL,
            UNIQUE (location, entry_id)
        )""",
            """CREATE TABLE jobs (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            kind text NOT NULL,
            key text NOT NULL,
            project text NOT NULL DEFAULT '',
            status text NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'running', 'done', 'error')),
            outcome text,
            worker text,
            token text,
            lease_until double precision,
            retry_at double precision NOT NULL DEFAULT 0,
            retries_left integer NOT NULL,
            attempts integer NOT NULL DEFAULT 0,
            last_error text,
            raw_output text,
            input_watermark bigint NOT NULL DEFAULT 0,
            done_watermark bigint NOT NULL DEFAULT 0,
            created_at double precision NOT NULL,
            updated_at double precision NOT NULL,
            UNIQUE (kind, key)
        )""",
            "CREATE INDEX jobs_ready ON jobs(status, retry_at)",
            """CREATE TABLE candidates (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            location text NOT NULL,
            session_id text NOT NULL,
            data text NOT NULL,
            created_at double precision NOT NULL
        )""",
            "CREATE INDEX candidates_location ON candidates(location, id)",
            """CREATE TABLE memory_writes (
            session_id text NOT NULL,
            message_id bigint NOT NULL,
            PRIMARY KEY (session_id, message_id)
        )""",
            """CREATE TABLE tombstones (
            id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            location text NOT NULL,
            entry_id text NOT NULL,
            kind text NOT NULL,
            content_hash text NOT NULL,
            name_key text NOT NULL,
            origins text NOT NULL,
            created_at double precision NOT NULL
        )""",
            "CREATE INDEX tombstones_hash ON tombstones(content_hash)",
            "CREATE INDEX tombstones_key ON tombstones(name_key)",
            """CREATE TABLE usage (
            location text NOT NULL,
            entry_id text NOT NULL,
            usage_count integer NOT NULL DEFAULT 0,
            last_used double precision NOT NULL,
            PRIMARY KEY (location, entry_id)
        )""",
            *(
                f"""CREATE TABLE {table} (
            id bigint PRIMARY KEY REFERENCES {base}(id) ON DELETE CASCADE,
            model text NOT NULL,
            dim integer NOT NULL,
            v bytea NOT NULL
        )"""
                for base, table in (
                    ("messages", "message_vectors"),
                    ("entries", "entry_vectors"),
                )
            ),
            """CREATE TABLE fts_stats (
            base text PRIMARY KEY,
            nrows bigint NOT NULL DEFAULT 0,
            ntok bigint NOT NULL DEFAULT 0
        )""",
            _TEXT_CHANGED,
            _STATS,
            *_fts("messages"),
            *_fts("entries"),
        ),
    ),
    Step(  # SQLite's 0012: which messages and entries name which entity
        "0002_entity_links",
        (
            """CREATE TABLE entity_links (
            entity text NOT NULL,
            label text NOT NULL,
            kind text NOT NULL,
            message_id bigint REFERENCES messages(id) ON DELETE CASCADE,
            entry_row bigint REFERENCES entries(id) ON DELETE CASCADE,
            CHECK ((message_id IS NULL) <> (entry_row IS NULL))
        )""",
            "CREATE INDEX entity_links_entity ON entity_links(entity)",
            "CREATE INDEX entity_links_message ON entity_links(message_id) "
            "WHERE message_id IS NOT NULL",
            "CREATE INDEX entity_links_entry ON entity_links(entry_row) "
            "WHERE entry_row IS NOT NULL",
            "CREATE TABLE entity_marks (name text PRIMARY KEY, value bigint NOT NULL)",
        ),
    ),
    Step(  # review-rejected.json on one machine: here every server of the team sees them
        "0003_review_rejected",
        (
            """CREATE TABLE review_rejected (
            seq bigserial PRIMARY KEY,
            id text NOT NULL UNIQUE,
            rejected_at double precision NOT NULL
        )""",
        ),
    ),
    Step(  # DREAMS.md under one server's home on one machine: here every server reads it
        "0004_dream_diary",
        (
            """CREATE TABLE dream_runs (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            location text NOT NULL,
            run text NOT NULL,
            created_at double precision NOT NULL
        )""",
            "CREATE INDEX dream_runs_location ON dream_runs(location, seq)",
        ),
    ),
    Step(  # pending.json under one server's home: here every server of the user sees them
        "0005_pending_writes",
        (
            """CREATE TABLE pending_writes (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id text NOT NULL UNIQUE,
            location text NOT NULL,
            record text NOT NULL,
            held_at double precision NOT NULL
        )""",
        ),
    ),
    # Tombstones named their scope by its location, the server's URL with the scope key:
    # forgotten through 127.0.0.1, an entry came back through localhost. They name it by
    # the scope key alone now (core.store.state_key), as held writes and the diary do.
    Step(
        "0006_tombstones_by_scope_key",
        (
            "UPDATE tombstones SET location = regexp_replace(location, "
            "'^postgres(ql)?://[^#]*#', '') WHERE location ~ '^postgres(ql)?://[^#]*#'",
        ),
    ),
    # Usage, candidates and consolidate jobs named their scope by location too: uses
    # counted through localhost were unseen through 127.0.0.1 (archived as unused), a
    # job queued through one failed for good on the other. Rows of one scope under two
    # spellings merge: uses add up, the latest use wins; one consolidate job is kept
    # (the one keyed by scope, else the oldest), due again while its candidates wait.
    Step(
        "0007_usage_by_scope_key",
        (
            f"""INSERT INTO usage (location, entry_id, usage_count, last_used)
            SELECT {_key("location")}, entry_id, sum(usage_count), max(last_used)
            FROM usage WHERE location ~ {_URL} GROUP BY 1, 2
            ON CONFLICT (location, entry_id) DO UPDATE SET
            usage_count = usage.usage_count + excluded.usage_count,
            last_used = greatest(usage.last_used, excluded.last_used)""",
            f"DELETE FROM usage WHERE location ~ {_URL}",
            f"UPDATE candidates SET location = {_key('location')} WHERE location ~ {_URL}",
            f"""UPDATE jobs j SET input_watermark = greatest(j.input_watermark, w.last),
            status = CASE WHEN j.status IN ('done', 'error') THEN 'pending' ELSE j.status END,
            retry_at = CASE WHEN j.status IN ('done', 'error') THEN 0 ELSE j.retry_at END,
            retries_left = greatest(j.retries_left, 1)
            FROM (SELECT location, max(id) AS last FROM candidates GROUP BY location) w
            WHERE j.kind = 'consolidate' AND {_key("j.key")} = w.location
            AND w.location IN (SELECT {_key("key")} FROM jobs
                               WHERE kind = 'consolidate' AND key ~ {_URL})""",
            f"""DELETE FROM jobs j WHERE j.kind = 'consolidate' AND j.key ~ {_URL}
            AND EXISTS (SELECT 1 FROM jobs o WHERE o.kind = 'consolidate' AND o.id <> j.id
                        AND {_key("o.key")} = {_key("j.key")}
                        AND (o.key !~ {_URL} OR o.id < j.id))""",
            f"UPDATE jobs SET key = {_key('key')} WHERE kind = 'consolidate' AND key ~ {_URL}",
        ),
    ),
    # A message search's stage 1 read a heap page a match through the GIN index (it
    # holds no id); these rows give a word's newest matches from index pages only. On an
    # existing state the rows are filled first and their key built once after them.
    Step(
        "0008_message_postings",
        (
            'CREATE TABLE message_postings (term text COLLATE "C" NOT NULL, id bigint NOT NULL)',
            _POSTINGS,
            *_statement_triggers("messages_postings", "messages", "memdir_postings"),
            "CREATE TRIGGER messages_postings_truncate AFTER TRUNCATE ON messages "
            "FOR EACH STATEMENT EXECUTE FUNCTION memdir_postings()",
            POSTINGS_FILL,
            POSTINGS_KEY,  # built once over the filled rows, not kept up row by row
        ),
    ),
    # ``TRUNCATE messages`` (or ``sessions``, cascading) left ``fts_stats`` counting the
    # rows it removed: BM25's N and average length wrong until `memdir doctor` repaired it.
    Step(
        "0009_truncate_resets_fts_stats",
        (
            _STATS_TRUNCATE,
            *(
                f"CREATE TRIGGER {base}_stats_truncate AFTER TRUNCATE ON {base} "
                f"FOR EACH STATEMENT EXECUTE FUNCTION memdir_fts_stats_truncate()"
                for base in ("messages", "entries")
            ),
        ),
    ),
    # A row's terms replaced by others (the deep repair) touch only the postings that differ.
    Step("0010_postings_by_difference", (_POSTINGS_BY_DIFFERENCE,)),
    # guard-refusals.jsonl under the server's home was one log for every user of a team
    # server (review rviso48): each user's refusals are rows of their own state now.
    Step(
        "0011_guard_refusals",
        (
            """CREATE TABLE guard_refusals (
            seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            refused_at double precision NOT NULL,
            scope text NOT NULL,
            source text NOT NULL,
            rule text NOT NULL,
            reason text NOT NULL,
            name text NOT NULL
        )""",
        ),
    ),
    # SQLite's 0013: a session id's start looked up by prefix ranges on indexes, not by a
    # scan of sessions (SessionStore._starting_with). Its queries compare ids by code point
    # (their COLLATE BINARY is COLLATE "C" here, whatever the database's collation), so the
    # ids need an index in that order; and the ids after a ``harness:`` prefix (the
    # expression and predicate are those of sessions.schema.BARE_ID and HAS_HARNESS).
    Step(
        "0012_session_id_ranges",
        (
            'CREATE INDEX sessions_id_bytes ON sessions (id COLLATE "C")',
            "CREATE INDEX sessions_bare ON sessions "
            """((substr(id, strpos(id, ':') + 1)) COLLATE "C", id COLLATE "C") """
            "WHERE strpos(id, ':') > 0",
        ),
    ),
    # SQLite's 0014: Codex's imported messages keyed by their place in the session, the
    # name the file was imported under dropped (``<name>:line:index``, any name; a key
    # already ``line:index`` never matches); a row whose place another message of the
    # session holds already goes when it is that message's copy, else it stays as it was.
    Step(
        "0013_codex_keys_by_place",
        (
            r"""UPDATE messages m SET source_key = u.k FROM (
            SELECT DISTINCT ON (session_id, k) id, k FROM (
                SELECT id, session_id,
                    regexp_replace(source_key, '^.+:([0-9]+):([0-9]+)$', '\1:\2')
                    AS k
                FROM messages
                WHERE session_id COLLATE "C" >= 'codex:' AND session_id COLLATE "C" < 'codex;'
                    AND source_key ~ '^.+:[0-9]+:[0-9]+$'
            ) x ORDER BY session_id, k, id
        ) u
        WHERE m.id = u.id AND NOT EXISTS (
            SELECT 1 FROM messages o WHERE o.session_id = m.session_id AND o.source_key = u.k
        )""",
            r"""DELETE FROM messages m USING messages o
        WHERE m.session_id COLLATE "C" >= 'codex:' AND m.session_id COLLATE "C" < 'codex;'
            AND m.source_key ~ '^.+:[0-9]+:[0-9]+$' AND o.session_id = m.session_id
            AND o.source_key = regexp_replace(m.source_key, '^.+:([0-9]+):([0-9]+)$', '\1:\2')
            AND o.role = m.role AND o.content = m.content
            AND o.tool_name IS NOT DISTINCT FROM m.tool_name
            AND o.tool_calls IS NOT DISTINCT FROM m.tool_calls""",
        ),
    ),
    # SQLite's 0015: combining marks (Indic vowel signs, Thai marks; Arabic harakat and
    # Hebrew points left out) are part of a word, not a break in it: the rows whose terms
    # the analyzer of now makes otherwise are indexed again.
    Step("0014_marks_in_words", run=_reindex("0014_marks_in_words")),
    # SQLite's 0016: the git checkout (remote, HEAD commit) a session was logged or
    # imported in, so a run rekeys only its own repository's path-keyed sessions
    # (SessionStore.rekey); rows from before record none and are never claimed.
    Step(
        "0015_session_checkouts",
        (
            "ALTER TABLE sessions ADD COLUMN checkout_remote text",
            "ALTER TABLE sessions ADD COLUMN checkout_commit text",
        ),
    ),
    # A row's columns apart by fts.COLUMN_GAP (mend59p: a phrase spans no two columns):
    # rows indexed before are indexed again, else `doctor --deep` calls each one damaged.
    Step("0016_column_gap", run=_reindex("0016_column_gap")),
    # SQLite's 0017: Traditional characters indexed as their Simplified ones (analyzer.fold),
    # ё read as е, Eastern Arabic digits as 0-9 (analyzer._ALIKE): the rows whose terms the
    # analyzer of now makes otherwise are indexed again.
    Step("0017_folded_alike", run=_reindex("0017_folded_alike")),
    # An inflected query word's forms among the entries' terms were listed from every
    # entry's vector, each query (1.6 s for 2,000 long Arabic notes): their distinct terms
    # are rows of their own now, filled here from the entries there are.
    Step(
        "0018_entry_terms",
        (
            'CREATE TABLE entry_terms (term text COLLATE "C" PRIMARY KEY, n bigint NOT NULL)',
            _ENTRY_TERMS,
            *_statement_triggers("entries_terms", "entries", "memdir_entry_terms"),
            "CREATE TRIGGER entries_terms_truncate AFTER TRUNCATE ON entries "
            "FOR EACH STATEMENT EXECUTE FUNCTION memdir_entry_terms()",
            ENTRY_TERMS_FILL,
        ),
    ),
)
