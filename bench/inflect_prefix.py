"""Search time when a Turkish or German query word widens to many index terms (tune58's
first-five-letters and compound keys): ``--rows`` messages of eight words from four roots
× 14 endings, one twelve-word query per language, CPU ms (``time.thread_time``).
``--spread N``: each root is followed by up to N distinct generated suffix chains (Turkish)
or compound tails (German) instead, so thousands of terms share each prefix; a planted
row holding a close form of each query word (not the word) says whether widening still
reaches it. Prints p50 / p95 and the forms a query word and the query widened to.

    PYTHONPATH=$PWD/src .venv/bin/python bench/inflect_prefix.py --rows 50000
    PYTHONPATH=$PWD/src .venv/bin/python bench/inflect_prefix.py --rows 50000 --spread 2000
    ... --spread 2000 --database "$MEMDIR_TEST_DATABASE_URL"   # the same on PostgreSQL
    ... --spread 2000 --cap 24                                # another per-query cap
"""

from __future__ import annotations

import argparse
import random
import secrets
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from memdir.sessions import Database, SessionStore, inflect
from memdir.sessions.candidates import MESSAGE_TABLE, query_terms
from memdir.sessions.query import sanitize

ROOTS = {
    "tr": ["taşın", "ödeme", "sipar", "kirala"],
    "de": ["datenbank", "speicher", "umzugs", "rechnung"],
}
ENDS = {
    "tr": [
        "-",
        "ıyoruz",
        "acağımız",
        "ma",
        "dık",
        "ler",
        "lerde",
        "in",
        "ı",
        "de",
        "den",
        "le",
        "mış",
        "ecek",
    ],
    "de": [
        "-",
        "migration",
        "limit",
        "termin",
        "kartons",
        "wagen",
        "en",
        "s",
        "stand",
        "nummer",
        "fehler",
        "plan",
        "e",
        "er",
    ],
}
#: Pieces of the generated chains (--spread): Turkish suffixes, German nouns a compound
#: takes as its tail (with a linking s or none).
PIECES = {
    "tr": [
        "lar",
        "ler",
        "ım",
        "im",
        "ın",
        "in",
        "ı",
        "i",
        "sı",
        "si",
        "da",
        "de",
        "ta",
        "te",
        "dan",
        "den",
        "tan",
        "ten",
        "la",
        "le",
        "yla",
        "yle",
        "ki",
        "cı",
        "ci",
        "lık",
        "lik",
        "sız",
        "siz",
        "lı",
        "li",
        "ma",
        "me",
        "mak",
        "mek",
        "acak",
        "ecek",
        "mış",
        "miş",
        "dı",
        "di",
        "yor",
        "ız",
        "iz",
        "ları",
        "leri",
        "nın",
        "nin",
        "ya",
        "ye",
    ],
    "de": [
        "verwaltung",
        "zugriff",
        "leitung",
        "bericht",
        "fenster",
        "daten",
        "kosten",
        "nutzer",
        "konto",
        "system",
        "auftrag",
        "anfrage",
        "abgleich",
        "kontrolle",
        "stelle",
        "zeit",
        "plan",
        "stand",
        "wert",
        "liste",
        "karte",
        "frist",
        "gruppe",
        "ordner",
        "schema",
        "modell",
        "dienst",
        "server",
        "tabelle",
        "index",
        "sicherung",
        "lauf",
        "eintrag",
        "vertrag",
        "beleg",
    ],
}
QUERY = {
    "tr": "taşınacağımız ödemelerde siparişlerin kiralamak taşınma ödemeler siparişler "
    "kiralar taşındık ödemesi siparişi kiralık ve nasıl",
    "de": "Wann ist die Migration der Datenbank und der Speicher beim Umzug mit Rechnung "
    "und Datenbanken Speichern Umzugs Rechnungen",
}
#: A row holding close forms of the query's words (not the words themselves).
PLANTED = {
    "tr": "siparişlerini ödemelerden taşınacağımızı kiralamaktan",
    "de": "Datenbankmigrationen Speicherlimits Umzugstermine Rechnungsnummern",
}


def _chain(rng: random.Random, lang: str) -> str:
    """A generated ending: two to four Turkish suffixes, or one or two German tails."""
    if lang == "tr":
        return "".join(rng.choice(PIECES["tr"]) for _ in range(rng.randint(2, 4)))
    tails = [rng.choice(PIECES["de"]) for _ in range(rng.randint(1, 2))]
    return rng.choice(["", "s"]) + "s".join(tails)


def _words(rng: random.Random, lang: str, spread: int) -> list[str]:
    """Every word a row may hold."""
    if not spread:
        return [r + e.strip("-") for r in ROOTS[lang] for e in ENDS[lang]]
    out: set[str] = set()
    for root in ROOTS[lang]:
        mine: set[str] = set()
        for _ in range(spread * 20):  # fewer when the pieces make fewer distinct chains
            mine.add(root + _chain(rng, lang))
            if len(mine) >= spread:
                break
        out |= mine
    return sorted(out)


def _forms(store: SessionStore, text: str) -> tuple[int, int]:
    """The most forms one word of ``text`` widened to, and all its words together."""

    def read(conn: Any) -> tuple[int, int]:
        terms = query_terms(sanitize(text), MESSAGE_TABLE)
        inflect.expand(conn, text, terms, MESSAGE_TABLE.name)
        counts = [len(t.forms) for t in terms]
        return max(counts, default=0), sum(counts)

    return store.db.read(read)


def _open(tmp: str, database: str | None) -> tuple[SessionStore, Any]:
    """A store on SQLite, or on a fresh PostgreSQL schema (and what to drop after)."""
    if not database:
        return SessionStore(Database(Path(tmp) / "state.db")), None
    import psycopg

    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    schema = f"bench_{secrets.token_hex(5)}"
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    url = f"{database}{'&' if '?' in database else '?'}options=-csearch_path%3D{schema}"
    db = PgStateDatabase(PgDatabase(url))
    return SessionStore(db), (db, schema)


def _drop(database: str, made: Any) -> None:
    import psycopg

    db, schema = made
    db.pg.close()
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=50_000)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--spread", type=int, default=0, help="distinct chains a root (0: 14)")
    ap.add_argument("--database", help="PostgreSQL URL: the same on PostgreSQL (wall ms)")
    ap.add_argument("--cap", type=int, help="forms a query keeps (inflect.MAX_QUERY_FORMS)")
    a = ap.parse_args()
    if a.cap is not None:
        inflect.MAX_QUERY_FORMS = a.cap
    rng = random.Random(5)
    for lang in ROOTS:
        vocab = _words(rng, lang, a.spread)
        with tempfile.TemporaryDirectory() as tmp:
            store, made = _open(tmp, a.database)
            try:
                for s in range(max(1, a.rows // 5000)):
                    store.start("bench", session_id=f"s{s}", started_at=1.8e9 + s)
                    text = [" ".join(rng.choice(vocab) for _ in range(8)) for _ in range(5000)]
                    if s == 0:
                        text[2500] = PLANTED[lang]
                    store.log_many(f"s{s}", [("user", t, None, None, 1.8e9 + s) for t in text])
                cpu, wall, found = [], [], False
                for _ in range(a.runs):
                    t0, w0 = time.thread_time(), time.perf_counter()
                    hits = store.search_messages(QUERY[lang], limit=50)
                    cpu.append((time.thread_time() - t0) * 1000)
                    wall.append((time.perf_counter() - w0) * 1000)
                    found = any(h.snippet == PLANTED[lang] for h in hits)
                word, query = _forms(store, QUERY[lang])
            finally:
                if made:
                    _drop(a.database, made)
        q = statistics.quantiles
        print(
            f"{lang}: {len(vocab)} words; CPU p50 {statistics.median(cpu):.1f} p95 "
            f"{q(cpu, n=20)[-1]:.1f} ms; wall p50 {statistics.median(wall):.1f} p95 "
            f"{q(wall, n=20)[-1]:.1f} ms; forms a word ≤ {word}, the query {query}; "
            f"planted row in the top 50: {'yes' if found else 'no'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
