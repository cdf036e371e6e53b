"""memdir's guard and Hermes's memory scanner on an SRE's notes (walk61), in one table.

Run from the repository root with the bench venv (``make bench-venv``)::

    PYTHONPATH=$PWD/src .venv-bench/bin/python bench/sre_notes.py          # the table
    PYTHONPATH=$PWD/src .venv-bench/bin/python bench/sre_notes.py --list   # and each refusal

The notes are ``tests/data/walk61/sre_notes.jsonl``: 40 honest runbooks that look like
attacks, 2 pasted secrets and 2 poisoned notes from a cloned repository's instruction
files. memdir's verdict is a real ``store.add`` into a throw-away home (the write path a
user's ``memdir add`` takes); Hermes's is ``tools.memory_tool._scan_memory_content`` on
the same name, description and body (None: stored).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTES = ROOT / "tests/data/walk61/sre_notes.jsonl"
KINDS = ("honest", "secret", "poisoned")


def memdir_verdicts(rows: list[dict[str, str]]) -> dict[str, str | None]:
    """Each note's refusing rule under memdir's guard, or None when it was stored."""
    import subprocess

    import memdir
    from memdir.core.errors import GuardError

    out: dict[str, str | None] = {}
    with tempfile.TemporaryDirectory(prefix="sre-notes-") as tmp:
        repo = Path(tmp) / "repo"
        repo.mkdir()
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        md = memdir.open(home=Path(tmp) / "home", project=repo)
        try:
            store = md.store("local")
            for r in rows:
                try:
                    store.add(type=r["type"], name=r["name"], description=r["description"],
                              body=r["body"])  # fmt: skip
                    out[r["id"]] = None
                except GuardError as exc:
                    out[r["id"]] = exc.rule
        finally:
            md.close()
    return out


def hermes_scanner() -> tuple[Callable[[str], str | None] | None, str]:
    """Hermes's scanner (its message, None: stored), or None and why it is missing."""
    os.environ.setdefault("HERMES_HOME", tempfile.mkdtemp(prefix="hermes-sre-"))
    try:
        from tools.memory_tool import _scan_memory_content  # type: ignore[import-not-found]
    except Exception as e:  # noqa: BLE001 - any import failure means "not comparable"
        return None, f"hermes-agent not importable ({type(e).__name__}); run make bench-venv"
    from importlib.metadata import version

    return _scan_memory_content, f"hermes-agent {version('hermes-agent')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--list", action="store_true", help="list each refusal too")
    args = parser.parse_args()
    rows = [json.loads(line) for line in NOTES.read_text(encoding="utf-8").splitlines() if line]
    verdicts = {"memdir": memdir_verdicts(rows)}
    scan, label = hermes_scanner()
    if scan is not None:
        verdicts["hermes"] = {
            r["id"]: scan(f"{r['name']}: {r['description']}\n{r['body']}") for r in rows
        }
    total = {k: sum(r["kind"] == k for r in rows) for k in KINDS}
    print(f"{NOTES.relative_to(ROOT)}: {total['honest']} honest, {total['secret']} pasted "
          f"secrets, {total['poisoned']} poisoned; hermes: {label}\n")  # fmt: skip
    print(
        f"{'scanner':8}  {'honest refused':>15}  {'secrets refused':>15}  {'poisoned refused':>16}"
    )
    for name, got in verdicts.items():
        cells = [
            f"{sum(bool(got[r['id']]) for r in rows if r['kind'] == k)}/{total[k]}" for k in KINDS
        ]
        print(f"{name:8}  {cells[0]:>15}  {cells[1]:>15}  {cells[2]:>16}")
    if args.list:
        for name, got in verdicts.items():
            print(f"\n{name}:")
            for r in rows:
                if got[r["id"]] or r["kind"] != "honest":
                    why = str(got[r["id"]] or "STORED").splitlines()[0][:90]
                    print(f"  {r['id']} {r['kind']:8} {r['name'][:40]:40} {why}")


if __name__ == "__main__":
    main()
