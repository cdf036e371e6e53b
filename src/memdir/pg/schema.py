"""The team backend's tables for memory: scopes, their files, the append-only versions,
users, tokens and grants. See docs/design/team-server.md."""

from __future__ import annotations

from .db import Schema, Step

_APPEND_ONLY = """
CREATE FUNCTION memdir_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'memdir history is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END $$
"""

MEMORY = Schema(
    "memory",
    (
        Step(
            "0001-scopes",
            (
                """CREATE TABLE memdir_users (
                    name text PRIMARY KEY,
                    admin boolean NOT NULL DEFAULT false,
                    created double precision NOT NULL)""",
                """CREATE TABLE memdir_tokens (
                    id text PRIMARY KEY,
                    user_name text NOT NULL REFERENCES memdir_users(name),
                    salt bytea NOT NULL,
                    hash bytea NOT NULL,
                    created double precision NOT NULL,
                    revoked double precision)""",
                "CREATE INDEX ON memdir_tokens (user_name)",
                """CREATE TABLE memdir_grants (
                    user_name text NOT NULL REFERENCES memdir_users(name),
                    project text NOT NULL,
                    PRIMARY KEY (user_name, project))""",
                # The key says whose a scope is; the checks keep owner and key in step,
                # so no row can claim someone else's scope.
                """CREATE TABLE memdir_scopes (
                    key text PRIMARY KEY,
                    kind text NOT NULL CHECK (kind IN ('org', 'user', 'project', 'local')),
                    owner text,
                    project text,
                    CHECK ((kind = 'org' AND key = 'org' AND owner IS NULL AND project IS NULL)
                        OR (kind = 'user' AND key = 'user:' || owner AND project IS NULL)
                        OR (kind = 'project' AND key = 'project:' || project
                            AND owner IS NULL)
                        OR (kind = 'local' AND key LIKE 'local:' || owner || ':%'
                            AND project IS NULL)))""",
                """CREATE TABLE memdir_files (
                    scope text NOT NULL REFERENCES memdir_scopes(key),
                    name text NOT NULL,
                    data bytea NOT NULL,
                    version bigint NOT NULL,
                    mtime double precision NOT NULL,
                    PRIMARY KEY (scope, name))""",
                "CREATE SEQUENCE memdir_file_version",
                """CREATE TABLE memdir_commits (
                    seq bigserial PRIMARY KEY,
                    scope text NOT NULL REFERENCES memdir_scopes(key),
                    rev text NOT NULL UNIQUE,
                    message text NOT NULL,
                    time double precision NOT NULL,
                    paths text[] NOT NULL)""",
                "CREATE INDEX ON memdir_commits (scope, seq)",
                """CREATE TABLE memdir_versions (
                    seq bigint NOT NULL REFERENCES memdir_commits(seq),
                    scope text NOT NULL,
                    name text NOT NULL,
                    data bytea,
                    PRIMARY KEY (scope, name, seq))""",
                _APPEND_ONLY,
                "CREATE TRIGGER memdir_commits_append_only BEFORE UPDATE OR DELETE ON "
                "memdir_commits FOR EACH ROW EXECUTE FUNCTION memdir_append_only()",
                "CREATE TRIGGER memdir_versions_append_only BEFORE UPDATE OR DELETE ON "
                "memdir_versions FOR EACH ROW EXECUTE FUNCTION memdir_append_only()",
            ),
        ),
        # 0001's check matched a local key with LIKE, where '_' in a user name is a
        # wildcard: user a_b could make the row of local:axb:<slug> its own. A prefix
        # test compares every character; a row the old check let in fails this step.
        Step(
            "0002-local-key-prefix",
            (
                "ALTER TABLE memdir_scopes DROP CONSTRAINT memdir_scopes_check",
                """ALTER TABLE memdir_scopes ADD CONSTRAINT memdir_scopes_owner CHECK (
                    (kind = 'org' AND key = 'org' AND owner IS NULL AND project IS NULL)
                    OR (kind = 'user' AND key = 'user:' || owner AND project IS NULL
                        AND strpos(owner, ':') = 0)
                    OR (kind = 'project' AND key = 'project:' || project AND owner IS NULL)
                    OR (kind = 'local' AND starts_with(key, 'local:' || owner || ':')
                        AND strpos(owner, ':') = 0 AND project IS NULL))""",
            ),
        ),
        # A write refused by the access rule raises instead of writing nothing, so the
        # writes of a scope and their COMMIT can be sent in one round trip (see
        # PgBackend.lock).
        Step(
            "0003-may-write",
            (
                """CREATE FUNCTION memdir_may_write(ok boolean, scope text) RETURNS boolean
                LANGUAGE plpgsql AS $$ BEGIN
                    IF ok IS NOT TRUE THEN
                        RAISE EXCEPTION 'memdir: this user may not write the scope %', scope
                            USING ERRCODE = 'insufficient_privilege';
                    END IF;
                    RETURN true;
                END $$""",
            ),
        ),
        # Each token's label (`users add --label`) and when a server last took it, so
        # `users ls` can say which token is which laptop's; a token made before has
        # no label. Its public id is the one it always had (mdt_<id>).
        Step(
            "0004-token-labels",
            (
                "ALTER TABLE memdir_tokens ADD COLUMN label text NOT NULL DEFAULT ''",
                "ALTER TABLE memdir_tokens ADD COLUMN last_used double precision",
            ),
        ),
        # `users rm` deletes a person's own scopes with their history: the append-only
        # trigger lets a DELETE through only for the scopes of the user the transaction
        # names in memdir.removing_user (set_config(..., true): that transaction alone).
        Step(
            "0005-user-removal",
            (
                """CREATE OR REPLACE FUNCTION memdir_append_only() RETURNS trigger
                LANGUAGE plpgsql AS $$
                DECLARE leaving text := coalesce(current_setting('memdir.removing_user', true), '');
                BEGIN
                  IF TG_OP = 'DELETE' AND leaving <> '' AND (OLD.scope = 'user:' || leaving
                      OR starts_with(OLD.scope, 'local:' || leaving || ':')) THEN
                    RETURN OLD;
                  END IF;
                  RAISE EXCEPTION 'memdir history is append-only: % on % refused',
                    TG_OP, TG_TABLE_NAME;
                END $$""",
            ),
        ),
        # A project's data moves to its new key when its repository is renamed (and a
        # local scope's to the key it has now): the versions keep every byte, only the
        # key they are filed under changes, and only in a transaction that says so
        # (memdir.pg.rekey). The roots record which repositories a project's checkouts
        # were, so a renamed one is recognised. The trigger keeps 0005's removal window.
        Step(
            "0006-rekey",
            (
                """CREATE OR REPLACE FUNCTION memdir_append_only() RETURNS trigger
                LANGUAGE plpgsql AS $$
                DECLARE leaving text := coalesce(current_setting('memdir.removing_user', true), '');
                BEGIN
                  IF TG_OP = 'DELETE' AND leaving <> '' AND (OLD.scope = 'user:' || leaving
                      OR starts_with(OLD.scope, 'local:' || leaving || ':')) THEN
                    RETURN OLD;
                  END IF;
                  IF TG_OP = 'UPDATE' AND current_setting('memdir.rekey', true) = 'on'
                      AND (to_jsonb(NEW) - 'scope') = (to_jsonb(OLD) - 'scope') THEN
                    RETURN NEW;
                  END IF;
                  RAISE EXCEPTION 'memdir history is append-only: % on % refused',
                    TG_OP, TG_TABLE_NAME;
                END $$""",
                """CREATE TABLE memdir_project_roots (
                    project text NOT NULL,
                    root text NOT NULL,
                    PRIMARY KEY (project, root))""",
                "CREATE INDEX ON memdir_project_roots (root)",
            ),
        ),
        # A user or local scope belongs to a current user: a write for bob that passed
        # its token check before `users rm bob` committed cannot make user:bob again
        # (the insert waits on the removal's row lock, then fails). NOT VALID: rows left
        # by that race before this step stay until `users rm NAME` deletes them.
        Step(
            "0007-scope-owner-is-a-user",
            (
                """ALTER TABLE memdir_scopes ADD CONSTRAINT memdir_scopes_owner_user
                FOREIGN KEY (owner) REFERENCES memdir_users(name) NOT VALID""",
            ),
        ),
    ),
)

#: The constraint of step ``0007``: a scope's owner is a user (its violation: a write
#: for a user removed meanwhile, or never added).
OWNER_IS_A_USER = "memdir_scopes_owner_user"

#: Who may read a scope (``%(scope)s``) as user ``%(user)s``: the org scope everyone, a
#: user or local scope its owner, a project scope the users granted that project.
READABLE = """EXISTS (SELECT 1 FROM memdir_scopes s WHERE s.key = %(scope)s AND (
    s.kind = 'org' OR s.owner = %(user)s OR (s.kind = 'project' AND EXISTS (
        SELECT 1 FROM memdir_grants g WHERE g.user_name = %(user)s AND g.project = s.project))))"""

#: :data:`READABLE` for many scopes at once: the keys among ``%(keys)s`` that exist and
#: that ``%(user)s`` may read.
READABLE_KEYS = """SELECT s.key FROM memdir_scopes s WHERE s.key = ANY(%(keys)s) AND (
    s.kind = 'org' OR s.owner = %(user)s OR (s.kind = 'project' AND EXISTS (
        SELECT 1 FROM memdir_grants g WHERE g.user_name = %(user)s AND g.project = s.project)))"""

#: One row (:data:`memdir.core.storage.postgres.GRANTED`) when ``%(user)s`` is granted
#: the project ``%(project)s``: sent with :data:`READABLE_KEYS`, so a grant or an ungrant
#: shows on a process's next listing without a query of its own.
GRANT_OF = """SELECT 'grant:' FROM memdir_grants
    WHERE user_name = %(user)s AND project = %(project)s"""

#: Who may write it: as :data:`READABLE`, but the org scope only admins.
WRITABLE = """EXISTS (SELECT 1 FROM memdir_scopes s WHERE s.key = %(scope)s AND (
    s.owner = %(user)s
    OR (s.kind = 'project' AND EXISTS (
        SELECT 1 FROM memdir_grants g WHERE g.user_name = %(user)s AND g.project = s.project))
    OR (s.kind = 'org' AND EXISTS (
        SELECT 1 FROM memdir_users u WHERE u.name = %(user)s AND u.admin))))"""

#: :data:`WRITABLE` that raises ``insufficient_privilege`` where it is false: a write's
#: WHERE, so a refused write fails its transaction instead of writing nothing.
MAY_WRITE = f"memdir_may_write({WRITABLE}, %(scope)s)"
