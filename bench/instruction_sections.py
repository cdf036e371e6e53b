"""The guard's false positives on real instruction files: every ``CLAUDE.md``,
``AGENTS.md``, ``CLAUDE.local.md`` and ``.claude/rules/**`` file kept in
``tests/fixtures/real/`` (real people's repositories), cut into sections as memdir's block
cuts a repository's files (:func:`memdir.core.instruction_guard.sections`), each scanned
by ``memdir.guard.scan``. Every section it refuses would be withheld from the block.

    PYTHONPATH=$PWD/src .venv/bin/python bench/instruction_sections.py
"""

from __future__ import annotations

import argparse
from pathlib import Path

from memdir import guard
from memdir.core.instruction_guard import sections

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests/fixtures/real"
NAMES = {"CLAUDE.md", "AGENTS.md", "CLAUDE.local.md", "AGENTS.override.md", "AGENTS.local.md"}


def instruction_files() -> list[Path]:
    """The fixtures that are instruction files (their ``.txt`` suffix left off)."""
    out = []
    for path in sorted(REAL.rglob("*.md.txt")):
        name = path.name.removesuffix(".txt")
        rel = path.relative_to(REAL).as_posix()
        if name in NAMES or "/.claude/rules/" in rel:
            out.append(path)
    return out


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    files = instruction_files()
    total, refused = 0, []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for heading, part in sections(text):
            total += 1
            finding = guard.scan(part)
            if finding is not None:
                refused.append((path.relative_to(REAL), heading, finding.rule))
    for rel, heading, rule in refused:
        print(f"{rule:32} {rel}  {heading}")
    share = len(refused) / total if total else 0.0
    hit = len({rel for rel, _, _ in refused})
    print(
        f"{len(files)} files, {total} sections: {len(refused)} withheld ({share:.2%}), "
        f"in {hit} files ({hit / max(len(files), 1):.1%})"
    )


if __name__ == "__main__":
    main()
