"""Moving a scope's data from one key to another on the team database: a project whose
repository was renamed on its host, a local scope keyed by the checkout's slug before
2026-12-04. Files, versions, grants and every user's state rows under the old key (what
was forgotten, usage, candidates, held writes, dream runs) move in one transaction.
Why and who may: docs/design/team-server.md (renamed repositories)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import MemdirError
from .db import PgDatabase
from .names import local_slug_name, project_key, url_slug, user_name
from .schema import MEMORY

#: State tables whose ``location`` is a scope's key (memdir.pg.state_schema).
_STATE_TABLES = ("tombstones", "usage", "candidates", "pending_writes", "dream_runs")


@dataclass(frozen=True)
class Moved:
    """What a move took from ``old`` to ``new``: entries, files, versions, grants and
    users' state rows."""

    old: str
    new: str
    entries: int
    files: int
    commits: int
    grants: int
    state_rows: int

    def to_dict(self) -> dict[str, object]:
        """The JSON fields."""
        return {
            "from": self.old,
            "to": self.new,
            "entries": self.entries,
            "files": self.files,
            "commits": self.commits,
            "grants": self.grants,
            "state_rows": self.state_rows,
        }


def scope_key(value: str) -> tuple[str, str | None, str | None]:
    """``(key, project, owner)`` of a project (its URL, any form ``grant`` takes, or
    ``project:host/owner/repo``) or a local scope (``local:USER:SLUG``)."""
    if value.startswith("local:"):
        _, owner, slug = [*value.split(":", 2), "", ""][:3]
        return f"local:{user_name(owner)}:{local_slug_name(slug)}", None, user_name(owner)
    url = project_key(value.removeprefix("project:"))
    return f"project:{url}", url, None


def move(db: PgDatabase, old: str, new: str) -> Moved:
    """Move everything under scope ``old`` to ``new`` (both a project, or both local
    scopes of one user). Refused when ``new`` holds entries already (nothing is ever
    overwritten) or ``old`` holds none."""
    (src, src_project, src_owner), (dst, dst_project, dst_owner) = scope_key(old), scope_key(new)
    if src == dst:
        raise MemdirError(f"{old} and {new} are the same scope ({src})")
    if (src_project is None) != (dst_project is None) or src_owner != dst_owner:
        raise MemdirError(
            f"{src} cannot move to {dst}: a project moves to a project, a local scope "
            f"to a local scope of the same user"
        )
    db.ensure(MEMORY)
    with db.transaction("move a scope to its new key") as conn:
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('memdir.rekey'))")
        entries = _count(conn, src, active=True)
        if _count(conn, src) == 0:
            raise MemdirError(f"{src} holds no entries; nothing to move")
        if _count(conn, dst):
            raise MemdirError(
                f"{dst} holds entries already; nothing moved (move them away first, or "
                f"keep both scopes: nothing is ever overwritten)"
            )
        conn.execute("SET LOCAL memdir.rekey = 'on'")
        kind = "project" if dst_project is not None else "local"
        conn.execute(
            "INSERT INTO memdir_scopes (key, kind, owner, project) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (key) DO NOTHING",
            (dst, kind, dst_owner, dst_project),
        )
        conn.execute("DELETE FROM memdir_files WHERE scope = %s", (dst,))  # an index alone
        files = conn.execute(
            "UPDATE memdir_files SET scope = %s WHERE scope = %s", (dst, src)
        ).rowcount
        commits = conn.execute(
            "UPDATE memdir_commits SET scope = %s WHERE scope = %s", (dst, src)
        ).rowcount
        conn.execute("UPDATE memdir_versions SET scope = %s WHERE scope = %s", (dst, src))
        grants = 0
        if src_project is not None:
            grants = conn.execute(
                "INSERT INTO memdir_grants (user_name, project) SELECT user_name, %s "
                "FROM memdir_grants WHERE project = %s ON CONFLICT DO NOTHING",
                (dst_project, src_project),
            ).rowcount
            conn.execute("DELETE FROM memdir_grants WHERE project = %s", (src_project,))
            conn.execute(
                "INSERT INTO memdir_project_roots (project, root) SELECT %s, root "
                "FROM memdir_project_roots WHERE project = %s ON CONFLICT DO NOTHING",
                (dst_project, src_project),
            )
        slug = url_slug(dst_project) if dst_project is not None else dst.split(":", 2)[2]
        rows = sum(_move_state(conn, schema, src, dst, slug) for schema in _states(conn, src_owner))
    return Moved(src, dst, entries, files, commits, grants, rows)


def _count(conn: Any, key: str, *, active: bool = False) -> int:
    """Entry files under ``key`` (``active``: not archived)."""
    row = conn.execute(
        "SELECT count(*) FROM memdir_files WHERE scope = %s AND name LIKE '%%.md' "
        "AND name <> 'MEMORY.md' AND NOT (%s AND starts_with(name, 'archive/'))",
        (key, active),
    ).fetchone()
    return int(row[0])


def _states(conn: Any, owner: str | None) -> list[str]:
    """The state schemas to rekey: the owner's, or (a project) every user's there is."""
    from .sessions import schema_name

    base = str(conn.execute("SELECT current_schema()").fetchone()[0])
    names = [owner] if owner else [r[0] for r in conn.execute("SELECT name FROM memdir_users")]
    wanted = [schema_name(base, n) for n in names]
    found = conn.execute(
        "SELECT nspname FROM pg_namespace WHERE nspname = ANY(%s)", (wanted,)
    ).fetchall()
    return sorted(str(r[0]) for r in found)


def _move_state(conn: Any, schema: str, src: str, dst: str, project: str) -> int:
    """One user's state rows under ``src``, filed under ``dst``; the search index rows
    too (their location ends in ``#<key>``), and the consolidation of ``src``'s candidates
    (the job of ``project``, the slug a checkout of ``dst`` claims jobs by)."""
    moved = 0
    for table in _STATE_TABLES:
        if conn.execute("SELECT to_regclass(%s)", (f'"{schema}".{table}',)).fetchone()[0]:
            moved += conn.execute(
                f'UPDATE "{schema}".{table} SET location = %s WHERE location = %s', (dst, src)
            ).rowcount
    if conn.execute("SELECT to_regclass(%s)", (f'"{schema}".entries',)).fetchone()[0]:
        conn.execute(
            f'UPDATE "{schema}".entries SET location = left(location, '
            f"length(location) - length(%(src)s)) || %(dst)s "
            f"WHERE right(location, length(%(src)s) + 1) = '#' || %(src)s",
            {"src": src, "dst": dst},
        )
    if conn.execute("SELECT to_regclass(%s)", (f'"{schema}".jobs',)).fetchone()[0]:
        _carry_consolidation(conn, schema, src, dst, project)
    return moved


def _carry_consolidation(conn: Any, schema: str, src: str, dst: str, project: str) -> None:
    """The consolidate job of ``src`` as ``dst``'s (renamed, or merged into it), due now
    when candidates wait: as :func:`memdir.sessions.log._carry_consolidation` does for a
    moved folder."""
    jobs = f'"{schema}".jobs'
    old = conn.execute(
        f"SELECT id, input_watermark, done_watermark FROM {jobs} "
        "WHERE kind = 'consolidate' AND key = %s",
        (src,),
    ).fetchone()
    if old is None:
        return
    kept = conn.execute(
        f"SELECT id FROM {jobs} WHERE kind = 'consolidate' AND key = %s", (dst,)
    ).fetchone()
    if kept is None:
        conn.execute(f"UPDATE {jobs} SET key = %s WHERE id = %s", (dst, old[0]))
        kept = old
    else:
        conn.execute(f"DELETE FROM {jobs} WHERE id = %s", (old[0],))
    waiting = conn.execute(
        f'SELECT EXISTS (SELECT 1 FROM "{schema}".candidates WHERE location = %s)', (dst,)
    ).fetchone()[0]
    conn.execute(
        f"UPDATE {jobs} SET input_watermark = greatest(input_watermark, %(top)s), "
        "done_watermark = least(done_watermark, %(done)s), project = %(project)s, "
        "status = CASE WHEN %(waiting)s AND status <> 'running' THEN 'pending' ELSE status END, "
        "retry_at = CASE WHEN %(waiting)s AND status <> 'running' THEN 0 ELSE retry_at END, "
        "retries_left = CASE WHEN %(waiting)s AND status <> 'running' "
        "THEN greatest(retries_left, 1) ELSE retries_left END WHERE id = %(id)s",
        {"top": old[1], "done": old[2], "project": project, "waiting": bool(waiting),
         "id": kept[0]},
    )  # fmt: skip


def roots_of(root: Path) -> list[str]:
    """The first commits of the checkout at ``root`` (a few; none without a commit)."""
    from ..core.storage.git import root_commits

    return (root_commits(root) or [])[:8]


#: (project, root) rows :func:`renamed_here` looks at, at most
MAX_ROOT_ROWS = 4096


def roots_statement(project: str, roots: list[str]) -> tuple[str, Any]:
    """The statement noting ``roots`` (:func:`roots_of` a checkout of ``project``, granted
    to its user) as ``project``'s, so a rename of its repository is recognised later; sent
    with the project scope's first write (``PgBackend.with_first_write``): a read records
    nothing."""
    return (
        "INSERT INTO memdir_project_roots (project, root) SELECT %s, r "
        "FROM unnest(%s::text[]) AS r ON CONFLICT DO NOTHING",
        (project, roots),
    )


def renamed_here(db: PgDatabase, user: str, project: str, checkout: Path) -> list[str]:
    """Projects ``user`` is granted that hold entries and share a first commit with the
    ``checkout`` of ``project`` (recorded first commits it holds: no walk of its history),
    while ``project`` holds none: where its memories likely are. Reads only."""
    from ..core.storage.git import held_commits

    with db.read("look for the project's old key") as conn:
        if _count(conn, f"project:{project}"):
            return []
        rows = conn.execute(
            "SELECT r.project, r.root FROM memdir_project_roots r "
            "JOIN memdir_grants g ON g.project = r.project AND g.user_name = %(user)s "
            "WHERE r.project <> %(project)s AND EXISTS ("
            "SELECT 1 FROM memdir_files f WHERE f.scope = 'project:' || r.project "
            "AND f.name LIKE '%%.md' AND f.name <> 'MEMORY.md') ORDER BY 1, 2 LIMIT %(most)s",
            {"user": user, "project": project, "most": MAX_ROOT_ROWS},
        ).fetchall()
    held = held_commits(checkout, {str(r[1]) for r in rows})
    return sorted({str(r[0]) for r in rows if str(r[1]) in held})
