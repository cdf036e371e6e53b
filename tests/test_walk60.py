"""walk60: a blind walkthrough as a user who writes Spanish, Arabic and Russian notes and
uses Codex and Claude Code on the same repositories, through the real CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

import memdir


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    return {
        **env,
        "HOME": str(home),
        "MEMDIR_HOME": str(home / ".memdir"),
        "MEMDIR_MANAGED_DIR": str(home / "etc-memdir"),
        "MEMDIR_BACKGROUND": "0",
    }


def _cli(home: Path, repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(repo), *args],
        env=_env(home),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


@pytest.fixture
def where(tmp_path: Path) -> tuple[Path, Path]:
    home, repo = tmp_path / "home", tmp_path / "repo"
    home.mkdir()
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return home, repo


def _add(home: Path, repo: Path, name: str, description: str, body: str) -> None:
    proc = _cli(home, repo, "add", "--type", "project", "--name", name,
                "--description", description, "--body", body)  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def _log(home: Path, repo: Path, *messages: str) -> None:
    """One session per message, logged through the library into the home's state.db."""
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        for text in messages:
            with md.session(agent="walk60") as s:
                s.log("user", text)
    finally:
        md.close()


def test_yo_and_eastern_arabic_digits_are_found_either_way(where: tuple[Path, Path]) -> None:
    """A Kazan colleague types ёлка or елка, a Cairo one ٥٤٣٢ or 5432: the same memory
    and the same message are found both ways (before, each spelling found only itself)."""
    home, repo = where
    _add(home, repo, "CI server", "The CI server is called Ёлка", "Сервер «Ёлка» собирает образы.")
    _add(home, repo, "Test port", "خادم الاختبار على المنفذ ٥٤٣٢", "المنفذ ٥٤٣٢ هو PostgreSQL.")
    _log(home, repo, "сборка на ёлке упала", "تم نقل الخادم إلى المنفذ ٨٠٨٠")
    for query, name in (("елка", "CI server"), ("ЁЛКА", "CI server"), ("5432", "Test port")):
        proc = _cli(home, repo, "search", query, "--json")
        assert proc.returncode == 0, proc.stderr
        names = [m["name"] for m in json.loads(proc.stdout)["entries"]]
        assert names == [name], (query, proc.stdout)
    for query, text in (("елке", "ёлке"), ("8080", "٨٠٨٠"), ("٨٠٨٠", "٨٠٨٠")):
        proc = _cli(home, repo, "sessions", "search", query, "--json")
        assert proc.returncode == 0, proc.stderr
        hits = json.loads(proc.stdout)
        assert [text in h["snippet"] for h in hits] == [True], (query, proc.stdout)


def test_a_snippet_never_starts_with_a_mark_cut_from_its_letter(where: tuple[Path, Path]) -> None:
    """A fully vowelled Arabic message cut around the match: the snippet starts and ends at
    a letter with its harakat, never with a fatha alone (drawn on a dotted circle)."""
    home, repo = where
    words = "كَتَبَ الطَّالِبُ الدَّرْسَ فِي المَدْرَسَةِ "
    _log(home, repo, *(("بَ" * pad + " " + words * 12 + "خَادِمُ الاختبار") for pad in range(4)))
    proc = _cli(home, repo, "sessions", "search", "خادم", "--json")
    assert proc.returncode == 0, proc.stderr
    snippets = [h["snippet"] for h in json.loads(proc.stdout)]
    assert len(snippets) == 4, proc.stdout
    for s in snippets:
        first = s.removeprefix("…")[0]
        assert unicodedata.category(first) not in ("Mn", "Mc"), ascii(s[:8])
        assert "…" in s, s  # it was cut


def test_a_short_line_keeps_a_family_emoji_whole() -> None:
    """``short`` (index hooks, CLI lines) cuts before a joined emoji, not inside it."""
    from memdir.core.index import short

    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    cut = short("x" * 8 + family + " семья", 10)
    assert cut == "x" * 8 + "…", ascii(cut)


def test_memory_search_finds_a_russian_word_in_another_case(where: tuple[Path, Path]) -> None:
    home, repo = where
    _add(home, repo, "Миграция базы", "Миграция проходит через Alembic", "alembic upgrade head")
    _log(home, repo, "Миграция базы прошла успешно")
    proc = _cli(home, repo, "sessions", "search", "миграцией", "--json")
    assert len(json.loads(proc.stdout)) == 1, proc.stdout  # messages: found
    proc = _cli(home, repo, "search", "миграцией", "--json")
    assert [m["name"] for m in json.loads(proc.stdout)["entries"]] == ["Миграция базы"]


def test_arabic_article_and_clitics_are_read_off(where: tuple[Path, Path]) -> None:
    home, repo = where
    _add(home, repo, "Migration AR", "ترحيل قاعدة البيانات يوم الثلاثاء", "ترحيل قاعدة")
    _log(home, repo, "تم ترحيل قاعدة البيانات بنجاح")
    for query in ("الترحيل", "بالقاعدة"):
        proc = _cli(home, repo, "search", query, "--json")
        out = json.loads(proc.stdout)
        assert [m["name"] for m in out["entries"]] == ["Migration AR"], query
        proc = _cli(home, repo, "sessions", "search", query, "--json")
        assert len(json.loads(proc.stdout)) == 1, query


def test_a_cyrillic_or_arabic_name_keeps_its_letters_in_the_id(where: tuple[Path, Path]) -> None:
    home, repo = where
    _add(home, repo, "Миграция базы", "через Alembic", "alembic upgrade head")
    _add(home, repo, "ترحيل قاعدة البيانات", "يوم الثلاثاء", "alembic upgrade head")
    ids = [e["id"] for e in json.loads(_cli(home, repo, "ls", "--json").stdout)]
    assert any("миграция" in i for i in ids) and any("ترحيل" in i for i in ids), ids
    files = sorted(p.name for p in (home / ".memdir" / "projects").glob("*/*.md"))
    assert "project_миграция-базы.md" in files and "project_ترحيل-قاعدة-البيانات.md" in files
