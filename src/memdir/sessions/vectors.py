"""The optional semantic layer: embeddings fused with the keyword ranking.
See docs/design/sessions.md."""

from __future__ import annotations

import array
import heapq
import json
import logging
import math
import operator
import sqlite3
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from .. import hooks
from ..core.errors import EmbedError, ParseError
from ..core.notices import warn_once
from ..core.storage.regular import read_json
from .db import Database
from .query import Query
from .rank import Corpus, Ranked, Ranker

log = logging.getLogger("memdir")

RRF_K = 60  # reciprocal-rank fusion constant (Cormack et al.)
WEIGHT = 0.5  # the nearest list's share beside the keyword ranking (tuned on dev: bench/README.md)
TEXT_CHARS = 2000  # of a message or entry sent to the embedder
SCAN_ROWS = 20_000  # the Python scan looks at the newest rows only (~2 s at 768 dims)
PAUSE = (30.0, 600.0)  # seconds a failed embedder is left alone: first, most
_TABLES = {"messages": "message_vectors", "entries": "entry_vectors"}


class Embedder(Protocol):
    """Turns texts into vectors. ``name`` identifies the model (vectors of another model
    are computed again)."""

    name: str

    def embed(self, texts: Sequence[str]) -> list[list[float]]: ...


class OpenAIEmbedder:
    """``POST {base_url}/embeddings`` as OpenAI defines it (standard library HTTP)."""

    def __init__(self, model: str, base_url: str | None = None, api_key: str | None = None) -> None:
        self.model = model
        self.name = f"openai:{model}"
        self.url = (base_url or "https://api.openai.com/v1").rstrip("/") + "/embeddings"
        self.api_key = api_key
        self.timeout = 10.0

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        body = json.dumps({"model": self.model, "input": list(texts)}).encode()
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.url, body, headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                data = json.loads(answer.read())
            rows = sorted(data["data"], key=lambda d: d["index"])
            vectors = [[float(x) for x in row["embedding"]] for row in rows]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise EmbedError(f"embedding endpoint {self.url} failed: {exc}") from None
        if len(vectors) != len(texts):
            raise EmbedError(f"embedding endpoint {self.url} returned {len(vectors)} vectors")
        return vectors


class LocalEmbedder:
    """A model on disk: ``model2vec`` (its ``config.json`` says ``"model_type":
    "model2vec"``) or else ``sentence-transformers``; loaded with downloads off. A model
    that cannot load is an :class:`EmbedError`, not a traceback."""

    def __init__(self, path: str) -> None:
        self.path = Path(path).expanduser()
        self.name = f"local:{self.path}"
        if not self.path.exists():
            raise EmbedError(f"MEMDIR_EMBED=local:{path}: no such folder")
        self._model: Any = None

    def _load(self) -> Any:
        try:
            config = read_json(self.path / "config.json", 1 << 20)
        except ParseError:
            config = None
        static = isinstance(config, dict) and config.get("model_type") == "model2vec"
        try:
            if static:
                from model2vec import StaticModel  # type: ignore[import-not-found]

                return StaticModel.from_pretrained(str(self.path))
            from sentence_transformers import (  # type: ignore[import-not-found]
                SentenceTransformer,
            )

            return SentenceTransformer(str(self.path), local_files_only=True)
        except ImportError:
            library = "model2vec" if static else "sentence-transformers"
            raise EmbedError(f"MEMDIR_EMBED=local:{self.path} needs {library} installed") from None
        except Exception as exc:  # noqa: BLE001  (a third-party loader: any failure)
            raise EmbedError(f"MEMDIR_EMBED=local:{self.path} cannot be loaded: {exc}") from None

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        if self._model is None:
            self._model = self._load()
        try:
            return [[float(x) for x in v] for v in self._model.encode(list(texts))]
        except Exception as exc:  # noqa: BLE001  (a third-party model: any failure)
            raise EmbedError(f"local embedder {self.path} failed: {exc}") from None


def make_embedder(spec: str | None, base_url: str | None, api_key: str | None) -> Embedder | None:
    """The embedder ``spec`` names (``openai:<model>``, ``local:<path>``, or a plugin's), or
    None."""
    embedder: Embedder | None = hooks.make_embedder(spec, base_url, api_key)
    return embedder


@hooks.hookimpl
def register_embedders(register: Callable[..., None]) -> None:
    """The built-in embedders."""
    register("openai", OpenAIEmbedder, "openai:<model>")
    register("local", lambda path, base_url, api_key: LocalEmbedder(path), "local:<path>")


# -- storage ---------------------------------------------------------------------------------


def _pack(vector: Sequence[float]) -> bytes:
    norm = math.sqrt(sum(x * x for x in vector)) or 1.0
    return array.array("f", (x / norm for x in vector)).tobytes()


def _unpack(blob: bytes) -> array.array[float]:
    return array.array("f", blob)


_TEXT = {
    "messages": "c.content || coalesce(' ' || c.tool_name, '')",
    "entries": "c.name || '. ' || c.description || '\n' || c.body",
}


def _redacted(text: str | None) -> str:
    """What of a row or query may leave the machine: secrets redacted, TEXT_CHARS long."""
    from ..guard import redact_secrets

    return redact_secrets((text or "")[: 2 * TEXT_CHARS])[:TEXT_CHARS]


def _fetch(c: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> list[tuple[int, str]]:
    return [(r[0], r[1]) for r in c.execute(sql, args)]


def _store(c: sqlite3.Connection, sql: str, values: list[tuple[Any, ...]]) -> None:
    c.executemany(sql, values)


def embed_pending(db: Database, embedder: Embedder, *, batch: int = 64, most: int = 10_000) -> int:
    """Compute vectors for rows of both corpora that have none from ``embedder`` yet,
    newest first, ``batch`` texts per call, at most ``most`` rows; returns how many were
    stored. The embedder is called outside any transaction."""
    done = 0
    for corpus, table in _TABLES.items():
        sql = (
            f"SELECT c.id, substr({_TEXT[corpus]}, 1, ?) FROM {corpus} c LEFT JOIN {table} v "
            f"ON v.id = c.id AND v.model = ? WHERE v.id IS NULL ORDER BY c.id DESC LIMIT ?"
        )
        insert = f"INSERT OR REPLACE INTO {table} (id, model, dim, v) VALUES (?, ?, ?, ?)"
        while done < most:
            args = (2 * TEXT_CHARS, embedder.name, batch)  # (a secret cut at the end: whole)
            rows: list[tuple[int, str]] = db.read(partial(_fetch, sql=sql, args=args))
            if not rows:
                break
            vectors = embedder.embed([_redacted(text) or " " for _, text in rows])
            if len(vectors) != len(rows):
                raise EmbedError(f"{embedder.name} gave {len(vectors)} vectors for {len(rows)}")
            values = [
                (i, embedder.name, len(v), _pack(v))
                for (i, _), v in zip(rows, vectors, strict=True)
            ]
            db.write(partial(_store, sql=insert, values=values), action="store vectors")
            done += len(rows)
    return done


def status(conn: sqlite3.Connection, embedder: Embedder | None) -> str:
    """One line for ``memdir doctor``: the embedder, its dimension, rows lacking vectors."""
    if embedder is None:
        return "off (set MEMDIR_EMBED=openai:<model> or local:<path> to turn it on)"
    dim = conn.execute(
        "SELECT max(dim) FROM message_vectors WHERE model = ?", (embedder.name,)
    ).fetchone()[0]
    missing = [
        conn.execute(
            f"SELECT count(*) FROM {corpus} c LEFT JOIN {table} v ON v.id = c.id AND "
            f"v.model = ? WHERE v.id IS NULL",
            (embedder.name,),
        ).fetchone()[0]
        for corpus, table in _TABLES.items()
    ]
    engine = _engine(conn)
    if engine != "sqlite-vec":
        engine += f" of the newest {SCAN_ROWS:,}"
    return (
        f"{embedder.name}, dimension {dim or 'unknown yet'}, nearest by {engine}; "
        f"without vectors: {missing[0]} messages, {missing[1]} entries "
        f"(`memdir maintain` computes them)"
    )


# -- search ----------------------------------------------------------------------------------

_LOADABLE = [True]  # False once this process found sqlite-vec missing or unloadable


def _engine(conn: sqlite3.Connection) -> str:
    """``sqlite-vec`` when it is loaded on ``conn`` (loading it if it can), else a scan."""
    try:
        conn.execute("SELECT vec_version()")
        return "sqlite-vec"
    except sqlite3.OperationalError:
        pass
    if _LOADABLE[0]:
        try:
            import sqlite_vec  # type: ignore[import-untyped]

            conn.enable_load_extension(True)
            try:
                sqlite_vec.load(conn)
            finally:  # never left on: SQL could then load any library
                conn.enable_load_extension(False)
            return "sqlite-vec"
        except (ImportError, AttributeError, sqlite3.Error):
            _LOADABLE[0] = False  # this Python cannot load extensions, or no sqlite-vec
    return "a Python scan"


def nearest(
    conn: sqlite3.Connection,
    corpus: str,
    model: str,
    query: Sequence[float],
    *,
    where: str,
    params: Sequence[Any],
    k: int,
) -> list[int]:
    """Ids of the ``k`` rows of ``corpus`` (alias ``c``, filtered by ``where``) whose
    vectors are nearest ``query``, nearest first."""
    table = _TABLES[corpus]
    q = _pack(query)
    join = f"FROM {table} v JOIN {corpus} c ON c.id = v.id WHERE v.model = ? AND ({where})"
    if _engine(conn) == "sqlite-vec":
        sql = f"SELECT v.id {join} ORDER BY vec_distance_cosine(v.v, ?) LIMIT ?"
        return [r[0] for r in conn.execute(sql, (model, *params, q, k))]
    qv = _unpack(q)
    best: list[tuple[float, int]] = []
    rows = conn.execute(
        f"SELECT v.id, v.v {join} ORDER BY v.id DESC LIMIT ?", (model, *params, SCAN_ROWS)
    )
    seen = 0
    for rid, blob in rows:
        seen += 1
        v = _unpack(blob)
        if len(v) != len(qv):
            continue
        item = (sum(map(operator.mul, v, qv)), rid)
        if len(best) < k:
            heapq.heappush(best, item)
        elif item > best[0]:
            heapq.heapreplace(best, item)
    if seen == SCAN_ROWS:
        warn_once(
            f"semantic search compares only the newest {SCAN_ROWS:,} {corpus} vectors: this "
            f"Python cannot load sqlite-vec (pip install 'memdir[semantic]' in a Python whose "
            f"sqlite3 can load extensions searches them all)"
        )
    return [rid for _, rid in sorted(best, reverse=True)]


def fused(
    ranker: Ranker, embedder: Embedder, *, depth: int = 50, k: int = RRF_K, weight: float = WEIGHT
) -> Ranker:
    """``ranker`` fused with the ``depth`` nearest vectors by reciprocal-rank fusion
    (``1/(k + rank)``, the nearest list's share times ``weight``). When
    the embedder fails, the keyword ranking alone, one warning per failure streak, and the
    embedder is not asked again for :data:`PAUSE` seconds (doubling while it fails)."""
    warned = [False]
    paused = [0.0, PAUSE[0]]  # monotonic time it may be asked again, the next pause

    def rank(
        conn: sqlite3.Connection,
        corpus: Corpus,
        query: Query,
        *,
        where: str = "1",
        params: Sequence[Any] = (),
        limit: int = 50,
        now: datetime | None = None,
    ) -> list[Ranked]:
        keyword = ranker(
            conn, corpus, query, where=where, params=params, limit=max(limit, depth), now=now
        )
        if time.monotonic() < paused[0]:
            return keyword[:limit]
        try:
            [qv] = embedder.embed([_redacted(query.text) or " "])
            near = nearest(
                conn, corpus.table.name, embedder.name, qv, where=where, params=params, k=depth
            )
        except EmbedError as exc:
            if not warned[0]:
                log.warning("semantic search is off for now, keyword results only: %s", exc)
                warned[0] = True
            paused[:] = [time.monotonic() + paused[1], min(2 * paused[1], PAUSE[1])]
            return keyword[:limit]
        warned[0] = False
        paused[:] = [0.0, PAUSE[0]]
        score: dict[int, float] = {}
        for share, ranking in ((1.0, [r.rowid for r in keyword]), (weight, near)):
            for i, rid in enumerate(ranking):
                score[rid] = score.get(rid, 0.0) + share / (k + i + 1)
        order = sorted(score, key=lambda r: score[r], reverse=True)[:limit]
        return [Ranked(rid, round(score[rid] * 1000, 6)) for rid in order]

    return rank
