"""Does Hermes itself read what `memdir export hermes` writes? A check against the real
hermes-agent code (its ``tools.memory_tool.MemoryStore``), not a re-implementation.

Run with the bench venv, which has hermes-agent installed, and this checkout first::

    PYTHONPATH=$PWD/src /work/main/.venv-bench/bin/python bench/hermes_interop.py

In a temporary HOME (a copy of ``tests/fixtures/hermes``), it imports the fixture's Hermes
memory into memdir, adds memdir-native entries (enough to overflow both budgets, one with a
line holding only §), exports with ``--force``, then lets Hermes load the files and
compares: the entries Hermes sees, its character counts against its limits, its drift
check (the guard Hermes runs before rewriting a file), and a write by Hermes's own tool
followed by a memdir re-import. Prints one table; exits non-zero if anything differs.
Not a test: the test suite runs without hermes-agent.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "hermes"


def main() -> int:
    """Run the check in a temporary folder, removed afterwards also when a step fails."""
    tmp = Path(tempfile.mkdtemp(prefix="memdir-hermes-"))
    try:
        return _check(tmp)
    finally:
        shutil.rmtree(tmp)


def _check(tmp: Path) -> int:
    home = tmp / "home"
    shutil.copytree(FIXTURE, home)
    os.environ.update(
        HOME=str(home),
        HERMES_HOME=str(home / ".hermes"),
        MEMDIR_MANAGED_DIR=str(tmp / "managed"),
        MEMDIR_BACKGROUND="0",
    )
    (tmp / "project").mkdir()

    from tools.memory_tool import MemoryStore  # hermes-agent

    import memdir
    from memdir.interop import export_memories, import_memories
    from memdir.interop.hermes import formats as fmt

    md = memdir.open(tmp / "memdir", tmp / "project")
    folder = home / ".hermes" / "memories"
    original = fmt.parse((folder / "MEMORY.md").read_text("utf-8"))
    plan = import_memories(md, "hermes", apply=True)
    user = md.store("user")
    user.add(
        type="feedback",
        name="Use pnpm, not npm",
        description="package manager",
        body="Always install with `pnpm install`; npm rewrites the lockfile.",
    )
    user.add(
        type="reference",
        name="Split me",
        description="has a separator line",
        body="First half.\n§\nSecond half.",
    )
    rows = [
        (
            "memdir import: added / refused / problems",
            f"{plan.counts()['add']} / {plan.counts()['refused']} / {len(plan.problems)}",
            True,
        )
    ]

    # 1. Everything fits: Hermes must see the imported entries exactly as they were.
    first = export_memories(md, "hermes", apply=True, force=True)
    store = MemoryStore()  # Hermes's defaults: 2,200 and 1,375 characters
    store.load_from_disk()
    kept = [t for t in store.memory_entries if t in original]
    rows.append(
        (
            "1. fixture MEMORY.md entries Hermes sees verbatim",
            f"{len(kept)} of {len(original)} (1 poisoned)",
            len(kept) == len(original) - 1,
        )
    )
    native = "**Use pnpm, not npm**\nAlways install with `pnpm install`; npm rewrites the lockfile."
    rows.append(
        (
            "1. native entry as Hermes sees it",
            repr(native[:40]) + "…",
            native in store.memory_entries,
        )
    )
    rows.append(
        (
            "1. left out: the entry with a § line",
            ", ".join(e for e, _ in first.left_out),
            [e for e, _ in first.left_out] == ["reference_split-me"],
        )
    )
    same = (folder / "USER.md").read_bytes() == (
        FIXTURE / ".hermes" / "memories" / "USER.md"
    ).read_bytes()
    rows.append(("1. USER.md byte-identical to the fixture's", str(same), same))

    # 2. Overflow both budgets: what Hermes loads must be what memdir chose, within limits.
    for i in range(40):
        user.add(
            type="feedback",
            name=f"House rule {i:02}",
            description=f"rule {i}",
            body=f"Always follow house rule number {i:02} in every repository.",
        )
        user.add(
            type="user",
            name=f"Hobby {i:02}",
            description=f"hobby {i}",
            body=f"The user enjoys hobby number {i:02} at weekends.",
        )
    report = export_memories(md, "hermes", apply=True)  # memdir wrote them: no --force
    store = MemoryStore()
    store.load_from_disk()
    for target, filename, limit in (
        ("memory", "MEMORY.md", store.memory_char_limit),
        ("user", "USER.md", store.user_char_limit),
    ):
        text = (folder / filename).read_text("utf-8")
        ours = fmt.parse(text)
        theirs = store._entries_for(target)
        count = store._char_count(target)
        drift = store._detect_external_drift(target)
        rows += [
            (
                f"2. {filename}: entries memdir wrote / Hermes sees",
                f"{len(ours)} / {len(theirs)}",
                ours == theirs,
            ),
            (
                f"2. {filename}: file chars / Hermes count / limit",
                f"{len(text)} / {count} / {limit}",
                len(text) == count <= limit,
            ),
            (
                f"2. {filename}: Hermes drift check",
                "clean" if drift is None else drift,
                drift is None,
            ),
        ]
    statuses = ", ".join(f"{f.path.name} {f.status}" for f in report.files)
    rows.append(("2. export statuses", statuses, all(f.status == "update" for f in report.files)))
    rows.append(
        (
            "2. entries left out, each with why",
            str(len(report.left_out)),
            all(why for _, why in report.left_out),
        )
    )

    # 3. Hermes writes with its own tool; memdir reads the change back.
    removed = store.remove("memory", "house rule number 39")
    added = store.add("memory", "Hermes noted: the VPN drops every 8 hours.")
    again = import_memories(md, "hermes", apply=True)
    rows.append(
        (
            "3. Hermes tool remove+add / memdir re-import adds",
            f"{removed['success']}+{added['success']} / {again.counts()['add']}",
            removed["success"] is True and added["success"] is True and again.counts()["add"] == 1,
        )
    )
    header = (store.format_for_system_prompt("memory") or "\n?").splitlines()[1]
    rows.append(("Hermes system-prompt header", header, True))

    ok = True
    width = max(len(r[0]) for r in rows)
    print(f"{'check':<{width}}  {'result':<56}  ok")
    print("-" * (width + 62))
    for name, value, good in rows:
        ok &= bool(good)
        print(f"{name:<{width}}  {value:<56}  {'yes' if good else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    sys.exit(main())
