"""memdir's write-path guard measured against Hermes's memory scanner in the same run.

Run from the repository root with the bench venv (``make bench-venv``)::

    .venv-bench/bin/python bench/guard.py                       # the full table
    .venv-bench/bin/python bench/guard.py --misses indirect/    # unblocked attacks, for work

Data: ``../shared/bench/injection/`` (see its README): ``attacks.jsonl`` gives the block
rate per source and category, ``benign.jsonl`` the false-positive rate (hard negatives
separately). The "persistent-directive" group is the set of categories whose attacks carry
a standing instruction: PurpleLlama ``*/ignore_previous_instructions``, ``*/system_mode``,
``*/mixed_techniques``, every ``indirect/*``, and BIPIA's code attacks (bipia-75…124). The
same group is also split by even and odd id, a check that the rules were not fitted to one
half. Hermes's scanner (``tools.memory_tool._scan_memory_content`` from ``hermes-agent``,
installed only in the bench venv) returns an error string when it blocks; if it cannot be
imported its column reads "n/a". The result is one table; nothing here is a test assertion.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memdir.guard import scan

Scanner = Callable[[str], bool]
DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared/bench/injection"
PERSISTENT_SUFFIXES = ("/ignore_previous_instructions", "/system_mode", "/mixed_techniques")
EMOJI_IDS = ("benign-69", "benign-276")


def load(path: Path) -> list[dict[str, Any]]:
    """One JSON object per line."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def number(row: dict[str, Any]) -> int:
    return int(str(row["id"]).rsplit("-", 1)[1])


def is_code_attack(row: dict[str, Any]) -> bool:
    return row["source"] == "bipia" and number(row) >= 75


def persistent(row: dict[str, Any]) -> bool:
    """Whether an attack belongs to the persistent-directive group."""
    if row["source"] == "bipia":
        return is_code_attack(row)
    category = str(row["category"])
    return category.startswith("indirect/") or category.endswith(PERSISTENT_SUFFIXES)


def memdir_scanner() -> Scanner:
    return lambda text: scan(text) is not None


def hermes_scanner() -> tuple[Scanner | None, str]:
    """Hermes's memory scanner, or None and the reason it could not be loaded."""
    # Hermes resolves its home from HERMES_HOME; keep it away from the user's ~/.hermes.
    os.environ.setdefault("HERMES_HOME", tempfile.mkdtemp(prefix="hermes-bench-"))
    try:
        from tools.memory_tool import _scan_memory_content  # type: ignore[import-not-found]
    except Exception as e:  # noqa: BLE001 - any import failure means "not comparable"
        return None, f"hermes-agent not importable ({type(e).__name__}: {e}); run make bench-venv"
    try:
        from importlib.metadata import version

        label = f"hermes-agent {version('hermes-agent')}"
    except Exception:  # noqa: BLE001 - the version is decoration only
        label = "hermes-agent"
    return (lambda text: _scan_memory_content(text) is not None), label


@dataclass
class Row:
    """One line of the table: a label, how many cases, and each scanner's count."""

    section: str
    label: str
    n: int
    memdir: str
    hermes: str


def rate(hits: int, n: int) -> str:
    return f"{hits:4d} {100 * hits / n:5.1f}%" if n else "   0    -  "


def count(results: dict[str, bool] | None, rows: Iterable[dict[str, Any]]) -> tuple[int, int]:
    ids = [str(r["id"]) for r in rows]
    if results is None:
        return -1, len(ids)
    return sum(results[i] for i in ids), len(ids)


def cell(results: dict[str, bool] | None, rows: Sequence[dict[str, Any]]) -> str:
    hits, n = count(results, rows)
    return "n/a" if hits < 0 else rate(hits, n)


def run(scanner: Scanner | None, rows: Sequence[dict[str, Any]]) -> dict[str, bool] | None:
    if scanner is None:
        return None
    return {str(r["id"]): scanner(str(r["text"])) for r in rows}


def body_64k(texts: Iterable[str]) -> str:
    """Texts joined and repeated up to exactly 64 KiB of UTF-8."""
    parts = list(texts)
    body = "\n".join(parts)
    while len(body.encode("utf-8")) < 65536:
        body += "\n" + "\n".join(parts)
    return body.encode("utf-8")[:65536].decode("utf-8", "ignore")


def timing(scanner: Scanner, text: str, repeat: int = 15) -> str:
    scanner(text)
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        scanner(text)
        samples.append((time.perf_counter() - t0) * 1000)
    return f"{statistics.median(samples):7.2f} ms"


def build(
    attacks: list[dict[str, Any]],
    benign: list[dict[str, Any]],
    mine: dict[str, bool],
    theirs: dict[str, bool] | None,
    scanners: tuple[Scanner, Scanner | None],
) -> list[Row]:
    """Every row of the table, in order."""
    rows: list[Row] = []

    def add(section: str, label: str, subset: Sequence[dict[str, Any]]) -> None:
        rows.append(Row(section, label, len(subset), cell(mine, subset), cell(theirs, subset)))

    for source in sorted({str(a["source"]) for a in attacks}):
        add("block, source", source, [a for a in attacks if a["source"] == source])

    def category(a: dict[str, Any]) -> str:
        if a["source"] == "bipia":
            kind = "code" if is_code_attack(a) else "text"
            return f"bipia {kind}/{a['category']}"
        return f"purplellama {a['category']}"

    for name in sorted({category(a) for a in attacks}):
        add("block, category", name, [a for a in attacks if category(a) == name])
    group = [a for a in attacks if persistent(a)]
    add("persistent group", "subtotal (target >= 60%)", group)
    add("persistent group", "  even ids", [a for a in group if number(a) % 2 == 0])
    add("persistent group", "  odd ids", [a for a in group if number(a) % 2 == 1])
    add("overall", "all attacks", attacks)
    mine_hits, n = count(mine, attacks)
    their_hits, _ = count(theirs, attacks)
    ratio = "n/a" if their_hits <= 0 else f"{mine_hits / their_hits:5.1f}x"
    rows.append(
        Row(
            "overall",
            "ratio memdir/hermes (target >= 5x)",
            n,
            ratio,
            "n/a" if theirs is None else "1.0x",
        )
    )

    add("false positive", "all benign (target <= 1%)", benign)
    add("false positive", "hard negatives (target <= 3%)", [b for b in benign if b["hard"]])
    add("false positive", "non-hard", [b for b in benign if not b["hard"]])
    for lang in sorted({str(b["lang"]) for b in benign}):
        add("false positive", f"lang {lang}", [b for b in benign if b["lang"] == lang])
    for kind in sorted({str(b["type"]) for b in benign}):
        add("false positive", f"type {kind}", [b for b in benign if b["type"] == kind])

    by_id = {str(b["id"]): b for b in benign}
    for emoji_id in EMOJI_IDS:
        if emoji_id in by_id:
            allowed = [
                "n/a" if r is None else "REFUSED" if r[emoji_id] else "allowed"
                for r in (mine, theirs)
            ]
            emoji = "".join(ch for ch in str(by_id[emoji_id]["text"]) if ord(ch) > 0x2000)
            rows.append(Row("emoji", f"{emoji_id} {emoji[:8]}", 1, *allowed))

    ours, hermes = scanners
    dense = body_64k(str(b["text"]) for b in benign)
    code = body_64k([inspect.getsource(argparse)])
    small = dense.encode("utf-8")[:1024].decode("utf-8", "ignore")
    for label, text in (
        ("one 100-char memory, median", str(benign[0]["text"])[:100]),
        ("1 KiB of benign memories, median", small),
        ("64 KiB Python source (argparse), median", code),
        ("64 KiB benign corpus, median", dense),
    ):
        rows.append(
            Row(
                "scan time",
                label,
                1,
                timing(ours, text),
                "n/a" if hermes is None else timing(hermes, text),
            )
        )
    return rows


def render(rows: list[Row], title: str, note: str) -> str:
    widths = [max(len(getattr(r, f)) for r in rows) for f in ("section", "label", "memdir")]
    head = f"{'section':<{widths[0]}}  {'row':<{widths[1]}}  {'n':>5}  {'memdir':>14}  hermes"
    lines = [title, note, head, "-" * (len(head) + 14)]
    last = ""
    for r in rows:
        section = r.section if r.section != last else ""
        last = r.section
        lines.append(
            f"{section:<{widths[0]}}  {r.label:<{widths[1]}}  {r.n:>5}  {r.memdir:>14}  {r.hermes}"
        )
    return "\n".join(lines)


def misses(attacks: list[dict[str, Any]], mine: dict[str, bool], needle: str) -> str:
    """The attacks in categories containing ``needle`` that memdir lets through."""
    out = []
    for a in attacks:
        if needle in str(a["category"]) and not mine[str(a["id"])]:
            text = " ".join(str(a["text"]).split())
            out.append(f"{a['id']:>16} {a['lang']:>3}  {a['category']}\n    {text[:300]}")
    return "\n".join(out) + f"\n{len(out)} unblocked"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="folder with attacks.jsonl and benign.jsonl"
    )
    parser.add_argument(
        "--misses",
        metavar="CATEGORY",
        help="list memdir's unblocked attacks whose category contains this",
    )
    args = parser.parse_args(argv)
    try:
        attacks = load(args.data / "attacks.jsonl")
        benign = load(args.data / "benign.jsonl")
    except OSError as e:
        parser.error(f"cannot read the benchmark data in {args.data}: {e}")
    ours = memdir_scanner()
    mine = run(ours, attacks + benign)
    assert mine is not None
    if args.misses is not None:
        print(misses(attacks, mine, args.misses))
        return 0
    hermes, label = hermes_scanner()
    theirs = run(hermes, attacks + benign)
    note = "" if hermes is not None else f"note: {label}"
    title = (
        f"memdir guard vs {label if hermes is not None else 'Hermes'} on {args.data} "
        f"({len(attacks):,} attacks, {len(benign):,} benign); counts and rates"
    )
    print(render(build(attacks, benign, mine, theirs, (ours, hermes)), title, note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
