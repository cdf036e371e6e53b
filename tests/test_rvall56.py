"""Findings of the review across this session's change (branch rvall56): what the CLI
prints of a session (the ids it suggests) never holds a character a terminal
acts on, a git repository given to ``bootstrap --from`` is not a file it could not read,
and the Thai อย่าง (like) is no negation อย่า (don't)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from memdir.review.similar import negations
from test_left56b_sessions import _rollout

Run = Callable[..., Any]


def test_an_unknown_ids_suggestions_are_printed_escaped(tmp_path: Path, run: Run) -> None:
    """The CLI's own wording of 'no such session' listed the ids holding the text typed
    as they are (a line break split the error, an ESC reached the terminal); so did
    `sessions show --around` naming a message not in the session."""
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    _rollout(rolls, "nl", "cccc\nzebra", "the nl quokka is fed at noon")
    _rollout(rolls, "esc", "bbbb\x1b[31mzebra", "the esc quokka is fed at noon")
    run("import-sessions", "codex", "--from", str(rolls))
    said = run("sessions", "show", "zebra", ok=False).stderr
    assert "Ids holding it: " in said, said
    assert "codex:cccc\\nzebra" in said and "codex:bbbb\\x1b[31mzebra" in said, said
    assert "\x1b" not in said and len(said.strip().splitlines()) == 1, said
    said = run("sessions", "show", "codex:cccc\\nzebra", "--around", "999999", ok=False).stderr
    assert "not in session codex:cccc\\nzebra" in said, said


def test_a_repository_with_no_notes_is_not_a_folder_it_could_not_read(
    tmp_path: Path, run: Run
) -> None:
    """`bootstrap --from REPO` reads the repository's history; a repository holding no
    .md, .txt or .json was still listed under 'Could not read' as a folder it reads
    nothing in."""
    repo = tmp_path / "code"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "app.py").write_text("print(1)\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    user = tmp_path / "user-home"
    user.mkdir()
    out = run("bootstrap", "--from", str(repo), extra_env={"HOME": str(user)}).stdout
    assert f"{repo}: no git identity" in out, out  # read as a repository
    assert "no file bootstrap reads" not in out, out
    empty = tmp_path / "empty"
    empty.mkdir()
    out = run("bootstrap", "--from", str(empty), extra_env={"HOME": str(user)}).stdout
    assert f"{empty}: no file bootstrap reads" in out, out  # a plain folder still says so


def test_thai_ayang_is_no_negation() -> None:
    plain = negations("ใช้ tabs")
    assert negations("ใช้ tabs อย่างเดียว") == plain  # use tabs only
    assert negations("ตัวอย่าง: ใช้ tabs") == plain  # example: use tabs
    assert negations("อย่างไรก็ตาม ใช้ tabs") == plain  # however, use tabs
    assert negations("อย่าใช้ tabs") != plain  # don't use tabs: still a negation
    assert negations("อย่าใช้ tabs อย่างเดียว") == negations("อย่าใช้ tabs")


def test_import_sessions_names_a_rewritten_session_escaped(tmp_path: Path, run: Run) -> None:
    """`import-sessions`' Resynced and Diverged lines printed the session id raw (a line
    break split the line, and the `sessions rm ID` it suggests could not be pasted)."""
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    _rollout(rolls, "r", "rrrr\nsplit", "the first fact", "the second fact")
    run("import-sessions", "codex", "--from", str(rolls))
    path = next(rolls.iterdir())
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:-1]), encoding="utf-8")  # its last message dropped
    said = run("import-sessions", "codex", "--from", str(rolls)).stderr
    assert "codex:rrrr\\nsplit" in said and "codex:rrrr\nsplit" not in said, said


# rvall56 pinned it on a4e3d9a2; rv56t's shown() escapes backslashes (75e6993f)
def test_ids_that_differ_print_differently() -> None:
    from memdir.core.printable import shown

    assert shown("codex:x\\n1") != shown("codex:x\n1")
