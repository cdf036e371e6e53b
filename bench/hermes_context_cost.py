"""What an imported Hermes MEMORY.md costs in memdir's system block against what it costs
in Hermes's own (characters). Run with the bench venv and a checkout's src first::

    PYTHONPATH=$PWD/src .venv-bench/bin/python bench/hermes_context_cost.py

For each set of notes (walkh59's four CJK ones, twenty English ones near Hermes's
2,200-character limit), in a temporary HOME: write ~/.hermes/memories/MEMORY.md, run
``memdir import hermes --apply`` and ``memdir context``, and count the characters of
Hermes's block (its own ``MemoryStore._render_block`` when hermes-agent is importable, else
the notes joined by its delimiter), of memdir's block and of memdir's index alone.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

ENGLISH = [
    "billing-svc installs with pnpm, never npm (npm rewrites the lockfile).",
    "Deploy to staging with `make deploy-staging`; production needs Li Wei's approval.",
    "Production database is PostgreSQL 16 behind pgbouncer on port 6432.",
    "Server logs are in /var/log/billing and rotate daily at 03:00 KST.",
    "Run the test suite with `make test`; the integration tests need Docker running.",
    "The user prefers short answers with code first and explanation after.",
    "Feature flags live in config/flags.yaml; never toggle them in production by hand.",
    "CI runs on GitHub Actions; the slow job is e2e, about 12 minutes.",
    "Use Python 3.12 and uv for new services; older ones still use Poetry.",
    "Secrets come from Vault at vault.internal; never commit .env files.",
    "The on-call rotation changes on Mondays at 10:00; the runbook is in docs/oncall.md.",
    "Frontend is Next.js 14 in apps/web; the design system is packages/ui.",
    "Migrations go through `make migrate`; review them with the DBA before merging.",
    "The user writes commit messages in the imperative mood, under 72 characters.",
    "Redis cache TTL is 300 seconds; a TTL of 0 disabled the cache in incident 412.",
    "Staging resets every Sunday night; do not keep test data there.",
    "API docs are generated from openapi.yaml with `make docs`.",
    "The user dislikes emoji in code comments and commit messages.",
    "Metrics are in Grafana under the billing folder; alerts page #billing-oncall.",
    "Release notes are drafted in CHANGELOG.md under Unreleased before each tag.",
    "Large files go to S3 bucket billing-artifacts, not into the repository.",
    "Code review needs one approval from the owning team listed in CODEOWNERS.",
    "Prefer small pull requests; split refactors from behaviour changes.",
]


def hermes_block(notes: list[str]) -> str:
    try:
        from tools.memory_tool import MemoryStore
    except ImportError:
        return "\n§\n".join(notes)
    return MemoryStore()._render_block("memory", notes)


def memdir_block(notes: list[str]) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / ".hermes" / "memories").mkdir(parents=True)
        (home / ".hermes" / "memories" / "MEMORY.md").write_text(
            "\n§\n".join(notes), encoding="utf-8"
        )
        env = {**os.environ, "HOME": tmp, "MEMDIR_BACKGROUND": "0"}
        env.pop("MEMDIR_HOME", None)
        env.pop("HERMES_HOME", None)
        out = ""
        for args in (("import", "hermes", "--apply"), ("context",)):
            done = subprocess.run(
                [sys.executable, "-m", "memdir", *args],
                cwd=tmp,
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            out = done.stdout
        return out


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " ")).parse_args()
    from test_walkh59 import HERMES_MEMORY

    print("| notes | chars | Hermes block | memdir block | memdir index | index/Hermes |")
    print("|---|---|---|---|---|---|")
    for label, notes in (("walkh59 CJK", HERMES_MEMORY), ("English", ENGLISH)):
        hermes = len(hermes_block(notes))
        block = memdir_block(notes)
        index = len(block[block.index("## Index") :])
        print(
            f"| {label} ({len(notes)}) | {len(chr(10).join(notes)):,} | {hermes:,} "
            f"| {len(block):,} | {index:,} | {index / hermes:.2f} |"
        )


if __name__ == "__main__":
    main()
