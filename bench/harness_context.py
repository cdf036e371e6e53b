"""How many characters of memdir's block each harness is spared: the instruction files it
loads itself (docs/design/harnesses.md, "What each harness loads by itself").

    .venv/bin/python bench/harness_context.py

For every real repository kept in tests/fixtures/real (its instruction files in a fresh git
checkout, no memories), the block as each harness gets it, from the checkout root: the
SessionStart hook's ``additionalContext`` (run in-process through the hook's own
``answer``) before (every instruction file) and after (without what Claude Code loads), and
``system_block(harness=…)`` for Codex and Hermes. Counts characters; no timing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import memdir
from memdir.interop.install.claude_code_hook import TOOLS_NOTE, answer

REAL = Path(__file__).parents[1] / "tests" / "fixtures" / "real"


def materialize(fixture: Path, dest: Path) -> Path:
    """The fixture's files under their own names (``.txt`` dropped) in a git checkout."""
    for path in sorted(fixture.rglob("*.txt")):
        target = dest / path.relative_to(fixture).with_suffix("")
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            os.symlink(os.readlink(path).removesuffix(".txt"), target)
        else:
            shutil.copyfile(path, target)
    subprocess.run(["git", "init", "-q", str(dest)], check=True)
    return dest


def hook_block(home: Path, cwd: Path) -> str:
    raw = json.dumps({"hook_event_name": "SessionStart", "cwd": str(cwd), "source": "startup"})
    out = answer(raw.encode(), home, budget=None).output
    return str(json.loads(out)["hookSpecificOutput"]["additionalContext"]) if out else ""


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    repos = sorted(
        p
        for p in REAL.iterdir()
        if p.is_dir() and any(p.rglob("AGENTS*.txt")) | any(p.rglob("CLAUDE*.txt"))
    )
    print(f"{'':44} {'SessionStart hook':>17}  {'system_block(harness=…)':>26}")
    print(f"{'repository':44} {'before':>8} {'after':>8}  {'none':>8} {'codex':>8} {'hermes':>8}")
    totals = [0] * 5
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["HOME"] = str(Path(tmp) / "person")  # no ~/.claude, ~/.codex of the runner
        os.environ["CODEX_HOME"] = str(Path(tmp) / "codex-home")
        os.environ["CLAUDE_CONFIG_DIR"] = str(Path(tmp) / "claude-home")
        os.environ["MEMDIR_MANAGED_DIR"] = str(Path(tmp) / "managed")
        for fixture in repos:
            root = materialize(fixture, Path(tmp) / fixture.name).resolve()
            home = Path(tmp) / f"home-{fixture.name}"
            md = memdir.open(home, root)
            every = md.system_block()
            row = [
                len(every.rstrip("\n") + TOOLS_NOTE),  # what the hook gave before
                len(hook_block(home, root)),
                len(every),
                len(md.system_block(harness="codex")),
                len(md.system_block(harness="hermes")),
            ]
            totals = [a + b for a, b in zip(totals, row, strict=True)]
            print(_row(fixture.name, row))
    print(_row(f"all {len(repos)} repositories", totals))
    print(f"python {sys.version.split()[0]}; characters (len of the str)")


def _row(name: str, row: list[int]) -> str:
    a, b, *rest = (f"{n:>8,}" for n in row)
    return f"{name:44} {a} {b}  {' '.join(rest)}"


if __name__ == "__main__":
    main()
