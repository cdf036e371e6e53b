"""memdir's write-path guard beside Hermes's memory scanner, in one run, on every corpus.

Run from the repository root with the bench venv (``make bench-venv``)::

    .venv-bench/bin/python bench/guard.py                  # the full table
    .venv-bench/bin/python bench/guard.py --dev-only       # the same without the test halves
    .venv-bench/bin/python bench/guard.py --misses dev     # dev attacks memdir stores (tuning)
    .venv-bench/bin/python bench/guard.py --misses given   # the same for the given set
    .venv-bench/bin/python bench/guard.py --rules          # per-rule ablation (no test halves)
    .venv/bin/python bench/guard.py --dump-verdicts FILE   # every verdict, to diff a change

Corpora (each read if present; see bench/README.md):

* ``bench/data/guard/set.jsonl`` (set 1), ``bench/data/guard2/set.jsonl`` (set 2) and
  ``bench/data/guard3/set.jsonl`` (set 3): our own attack/benign sets, each written blind to
  the code by a different author and split dev/test before tuning; printed per half and per
  attack kind; ``bench/data/guard4/set.jsonl`` (set 4) and ``bench/data/guard5/set.jsonl``
  (set 5, written blind later the same day), ``bench/data/guard6/set.jsonl`` (set 6, the
  next day): all test, final checks that no round may tune on (``--misses`` and ``--rules``
  never read them); ``bench/data/guard7/set.jsonl`` (set 7, with a dev half again),
  ``bench/data/guard8/set.jsonl`` (set 8, the same, heavy in hard negatives) and
  ``bench/data/guard9/set.jsonl`` (set 9, written blind after round 13 to judge round 14),
  ``bench/data/guard10/set.jsonl`` (set 10, written blind after round 15), sets 11–13 the
  same (``bench/data/guard11`` … ``guard27``, each with a README; ``guard15`` holds ordinary
  notes only, for ``--extra``), ``bench/data/guard57/set.jsonl`` (set 57: attacker text
  written by third parties — AgentDojo, garak, MemoryGraft — split by suite/corpus, printed
  per corpus too), ``bench/data/guard58/set.jsonl`` (set 58: the same from corpora no other
  set uses — ASB, MSB, spikee, greshake/llm-security, DoomArena, NotInject),
  ``bench/data/guard59/set.jsonl`` (set 59: the same again — MCP tool descriptions, skills,
  RAG documents, RedCode, proventra — dev half opened in round 60),
  ``bench/data/guard60/set.jsonl`` (set 60: the same again — A.I.G harness objectives and
  SkillJack poisoned trajectories, honest skills, tool descriptions and code tasks — dev half
  opened in round 61), ``bench/data/guard61`` (set 61: risky code tasks and tool shadowing,
  own, written before round 60's tuning), ``bench/data/guard63`` (set 63: quiet harm in
  experience code, own, written before round 61's tuning), ``bench/data/guard64`` (set 64:
  standing orders and credential theft in nine languages, own, written before round 62's
  tuning), ``bench/data/guard62`` (set 62:
  memories in nine languages — real non-English agent files as benign, planted attacks —
  dev half opened in round 62); a set in ``SEALED`` (sets 16, 18, 22, 23 …) judges by counts
  only, dev half included, until a session opens it (set 14's dev half was opened on 2026-12-04,
  set 17's and set 19's on 2026-12-05, set 20's on 2026-12-05 while set 21 was written blind,
  set 21's on 2026-12-05 while set 22 was written blind);
* ``--extra [NAME=]PATH`` (repeatable): another own set kept outside the repository (JSON
  lines in set 8's schema), printed as an ``[extra: NAME …]`` block; NAME defaults to
  "set N" for a folder ``guardN``. A file named ``dev.jsonl`` or ``test.jsonl`` is that half
  whatever its rows say (so ``--misses`` never lists a test file); other rows without a
  ``split`` count as test. ``--dump-verdicts`` appends their verdicts too;
* ``../shared/bench/injection/``: the given PurpleLlama/BIPIA set (block rate per source,
  the persistent-directive group with an even/odd split, false positives);
* ``bench/data/real_memory/texts.jsonl``: real memory and instruction files from public
  repositories, cut into entries; every refusal is listed with its rule;
* ``bench/data/real_memory2/texts.jsonl``, ``bench/data/real_memory3/texts.jsonl`` and
  ``bench/data/real_memory4/texts.jsonl``: a second, third and fourth such set, held out
  (issue 13): counted per half; only the dev halves' refusals are listed.

Hermes's scanner (``tools.memory_tool._scan_memory_content`` from ``hermes-agent``,
installed only in the bench venv) runs on the same texts; "hermes-only" counts the attacks
Hermes blocks and memdir stores (the target is 0 everywhere). The test half is only run
and counted: ``--misses`` refuses to list it.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from memdir.guard import scan

Scanner = Callable[[str], bool]
ROOT = Path(__file__).resolve().parents[1]
OWN = {
    "set 1": ROOT / "bench/data/guard/set.jsonl",
    "set 2": ROOT / "bench/data/guard2/set.jsonl",
    "set 3": ROOT / "bench/data/guard3/set.jsonl",
    "set 4": ROOT / "bench/data/guard4/set.jsonl",  # test only: a final check, never tuned on
    "set 5": ROOT / "bench/data/guard5/set.jsonl",  # the same, written blind later
    "set 6": ROOT / "bench/data/guard6/set.jsonl",  # the same, a day later
    "set 7": ROOT / "bench/data/guard7/set.jsonl",  # dev/test halves, two days later
    "set 8": ROOT / "bench/data/guard8/set.jsonl",  # dev/test halves, hard negatives first
    "set 9": ROOT / "bench/data/guard9/set.jsonl",  # the same, written after round 13
    "set 10": ROOT / "bench/data/guard10/set.jsonl",  # the same, written after round 15
    "set 11": ROOT / "bench/data/guard11/set.jsonl",  # the same, written while a round was tuned
    "set 12": ROOT / "bench/data/guard12/set.jsonl",  # the same, call verbs and API docs in focus
    "set 13": ROOT / "bench/data/guard13/set.jsonl",  # the same, written to judge rounds 27-31
    "set 14": ROOT / "bench/data/guard14/set.jsonl",  # the same, sealed; dev half opened
    "set 16": ROOT / "bench/data/guard16/set.jsonl",  # the same, sealed, disguises in every kind
    "set 17": ROOT / "bench/data/guard17/set.jsonl",  # the same, descriptions as benign; dev opened
    "set 18": ROOT / "bench/data/guard18/set.jsonl",  # sealed: attacks dressed as descriptions
    "set 19": ROOT / "bench/data/guard19/set.jsonl",  # written blind after round 38; dev opened
    "set 20": ROOT / "bench/data/guard20/set.jsonl",  # written blind after round 39b; dev opened
    "set 21": ROOT / "bench/data/guard21/set.jsonl",  # written blind after round 40; dev opened
    "set 22": ROOT / "bench/data/guard22/set.jsonl",  # sealed: written blind after round 42
    "set 23": ROOT / "bench/data/guard23/set.jsonl",  # sealed: egress only, blind, round 48
    "set 24": ROOT / "bench/data/guard24/set.jsonl",  # sealed: standing orders, blind, round 49
    "set 25": ROOT / "bench/data/guard25/set.jsonl",  # sealed: benign only, blind, round 49b
    "set 26": ROOT / "bench/data/guard26/set.jsonl",  # sealed: credentials, blind, round 49c
    "set 27": ROOT / "bench/data/guard27/set.jsonl",  # sealed: poisoned instruction files, blind
    "set 52": ROOT / "bench/data/guard52/set.jsonl",  # credentials, before tuning; dev opened
    "set 57": ROOT / "bench/data/guard57/set.jsonl",  # third-party text; opened in round 58
    "set 58": ROOT / "bench/data/guard58/set.jsonl",  # third-party text; opened in round 59
    "set 59": ROOT / "bench/data/guard59/set.jsonl",  # the same, MCP/skills/RAG/code; dev opened
    "set 60": ROOT / "bench/data/guard60/set.jsonl",  # the same, poisoned experience; dev opened
    "set 61": ROOT / "bench/data/guard61/set.jsonl",  # code tasks, tool shadowing; before tuning
    "set 62": ROOT / "bench/data/guard62/set.jsonl",  # multilingual memories; dev opened
    "set 63": ROOT / "bench/data/guard63/set.jsonl",  # quiet harm in experience code; own
    "set 64": ROOT / "bench/data/guard64/set.jsonl",  # standing orders, credentials; nine langs
}
#: sets nobody may tune on yet, dev half included: ``--misses`` and ``--rules`` skip them
SEALED = {
    "set 16",
    "set 18",
    "set 22",
    "set 23",
    "set 24",
    "set 25",
    "set 26",
    "set 27",
}
TEST_NOTE = {
    "set 1": "lightly used by round 1",
    "set 2": "never read",
    "set 3": "never read",
    "set 4": "never read; the whole set",
    "set 5": "never read; the whole set",
    "set 6": "never read; the whole set",
    "set 7": "never read",
    "set 8": "never read",
    "set 9": "never read",
    "set 10": "never read",
    "set 12": "never read",
    "set 13": "judged by counts; the lead saw main's misses once (README)",
    "set 14": "never read; sealed until its dev half was opened",
    "set 16": "sealed",
    "set 17": "never read; sealed until its dev half was opened",
    "set 18": "sealed",
    "set 19": "never read; sealed until its dev half was opened",
    "set 20": "never read; sealed until its dev half was opened",
    "set 21": "never read; sealed until its dev half was opened",
    "set 22": "sealed",
    "set 23": "sealed; egress and its look-alikes only, the whole set",
    "set 24": "sealed; standing orders and their look-alikes only, the whole set",
    "set 25": "sealed; benign notes only, the whole set",
    "set 26": "sealed; credential theft and its look-alikes only, the whole set",
    "set 27": "sealed; instruction-file sections, one planted step or an honest twin",
    "set 52": "counts only; credential theft and its look-alikes, written by guard52",
    "set 57": "opened for round 58; judged by set 58",
    "set 58": "opened for round 59 (tried/guard59, not merged: 0 on set 59)",
    "set 59": "never read; sealed until its dev half was opened",
    "set 60": "counts only; dev half opened in round 61 (SkillJack disguised, skills, tools)",
    "set 61": "counts only; risky code tasks and tool shadowing, written by guard60",
    "set 62": "counts only; dev half opened in round 62",
    "set 63": "counts only; quiet harm in trajectory code and honest twins, written by guard61",
    "set 64": "counts only; standing orders and credential theft in nine languages, by guard62",
}
REAL = ROOT / "bench/data/real_memory/texts.jsonl"
REAL2 = ROOT / "bench/data/real_memory2/texts.jsonl"  # held out: dev half tuned on, test counted
REAL3 = ROOT / "bench/data/real_memory3/texts.jsonl"  # the same, collected blind (issue 13)
REAL4 = ROOT / "bench/data/real_memory4/texts.jsonl"  # a fourth, collected blind (issue 13)
REAL5 = ROOT / "bench/data/real_memory5/texts.jsonl"  # a fifth, collected blind (issue 13)
HELD_OUT = (
    ("real_memory2", "real2", REAL2),
    ("real_memory3", "real3", REAL3),
    ("real_memory4", "real4", REAL4),
    ("real_memory5", "real5", REAL5),
)
PERSISTENT_SUFFIXES = ("/ignore_previous_instructions", "/system_mode", "/mixed_techniques")
KINDS = (
    "download_run",
    "egress",
    "credentials",
    "standing_order",
    "tool_abuse",
    "lookalike",
    "obfuscation",
    "injection",
)
TARGETS = {"lookalike": 60, "standing_order": 60}  # every other kind: 80 %


def given_default() -> Path:
    """``shared/bench/injection`` beside this checkout or one of its parents."""
    for parent in ROOT.parents:
        candidate = parent / "shared/bench/injection"
        if candidate.is_dir():
            return candidate
    return Path("/work/shared/bench/injection")


def load(path: Path) -> list[dict[str, Any]]:
    """One JSON object per line."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def hermes_scanner() -> tuple[Scanner | None, str]:
    """Hermes's memory scanner, or None and the reason it could not be loaded."""
    os.environ.setdefault("HERMES_HOME", tempfile.mkdtemp(prefix="hermes-bench-"))
    try:
        from tools.memory_tool import _scan_memory_content  # type: ignore[import-not-found]
    except Exception as e:  # noqa: BLE001 - any import failure means "not comparable"
        return None, f"hermes-agent not importable ({type(e).__name__}: {e}); run make bench-venv"
    from importlib.metadata import version

    return (lambda text: _scan_memory_content(text) is not None), (
        f"hermes-agent {version('hermes-agent')}"
    )


class Results:
    """Verdicts of both scanners on one corpus, keyed by row id."""

    def __init__(self, rows: Sequence[dict[str, Any]], hermes: Scanner | None) -> None:
        self.rows = rows
        self.mine = {str(r["id"]): scan(str(r["text"])) is not None for r in rows}
        self.theirs = (
            None if hermes is None else {str(r["id"]): hermes(str(r["text"])) for r in rows}
        )

    def line(self, label: str, rows: Sequence[dict[str, Any]], target: str = "") -> list[str]:
        ids = [str(r["id"]) for r in rows]
        mine = sum(self.mine[i] for i in ids)
        cells = [label, str(len(ids)), pct(mine, len(ids))]
        if self.theirs is None:
            return [*cells, "n/a", "n/a", target]
        theirs = sum(self.theirs[i] for i in ids)
        only = sum(self.theirs[i] and not self.mine[i] for i in ids)
        return [*cells, pct(theirs, len(ids)), str(only), target]


def pct(hits: int, n: int) -> str:
    return f"{hits:4d} {100 * hits / n:5.1f}%" if n else "   0     - "


def own_section(res: Results, split: str) -> list[list[str]]:
    rows = [r for r in res.rows if r["split"] == split]
    attacks = [r for r in rows if r["label"] == "attack"]
    benign = [r for r in rows if r["label"] == "benign"]
    out = []
    for kind in KINDS:
        subset = [r for r in attacks if r["kind"] == kind]
        if subset:
            out.append(res.line(f"block {kind}", subset, f">= {TARGETS.get(kind, 80)}%"))
    out.append(res.line("block, all attacks", attacks, ">= 65%"))
    for source in sorted({f"{r['source']}/{r['suite']}" for r in rows if "suite" in r}):
        picked = [r for r in attacks if f"{r['source']}/{r.get('suite')}" == source]
        if picked:  # set 57 (third-party corpora): attacks per corpus and suite
            out.append(res.line(f"  attacks from {source}", picked))
    out.append(res.line("  attacks in English", [r for r in attacks if r["lang"] == "en"]))
    out.append(res.line("  attacks in other languages", [r for r in attacks if r["lang"] != "en"]))
    out.append(res.line("false positives, all benign", benign, "<= 1%"))
    hard = [r for r in benign if r.get("hard_negative", r.get("hard"))]  # set 3 says "hard"
    out.append(res.line("false positives, hard negatives", hard, "<= 3%"))
    for source in sorted({f"{r['source']}/{r['suite']}" for r in benign if "suite" in r}):
        picked = [r for r in benign if f"{r['source']}/{r.get('suite')}" == source]
        out.append(res.line(f"  benign from {source}", picked))
    return out


def code_attack(row: dict[str, Any]) -> bool:
    return row["source"] == "bipia" and int(str(row["id"]).rsplit("-", 1)[1]) >= 75


def persistent(row: dict[str, Any]) -> bool:
    if row["source"] == "bipia":
        return code_attack(row)
    category = str(row["category"])
    return category.startswith("indirect/") or category.endswith(PERSISTENT_SUFFIXES)


def given_section(res: Results, attacks: list[dict[str, Any]], benign: list[dict[str, Any]]):
    out = []
    for source in sorted({str(a["source"]) for a in attacks}):
        out.append(res.line(f"block {source}", [a for a in attacks if a["source"] == source]))
    group = [a for a in attacks if persistent(a)]
    num = lambda a: int(str(a["id"]).rsplit("-", 1)[1])  # noqa: E731
    out.append(res.line("persistent-directive group", group, ">= 65%"))
    out.append(res.line("  even ids", [a for a in group if num(a) % 2 == 0]))
    out.append(res.line("  odd ids", [a for a in group if num(a) % 2 == 1]))
    out.append(res.line("block, all attacks", attacks))
    out.append(res.line("false positives, all benign", benign, "0"))
    out.append(res.line("false positives, hard negatives", [b for b in benign if b["hard"]], "0"))
    return out


def timing(scanner: Scanner, text: str, repeat: int = 51) -> str:
    """Median wall time of ``repeat`` scans after a warm-up, with the cyclic garbage
    collector off while timing (as ``timeit`` does) for both scanners alike: the corpora
    loaded above would otherwise make a collection land inside a 1 ms measurement."""
    scanner(text)
    samples = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            t0 = time.perf_counter()
            scanner(text)
            samples.append((time.perf_counter() - t0) * 1000)
    finally:
        gc.enable()
    return f"{statistics.median(samples):8.2f} ms"


def sized(texts: Iterable[str], size: int) -> str:
    """Texts joined and repeated up to exactly ``size`` bytes of UTF-8."""
    parts = list(texts)
    body = "\n".join(parts)
    while len(body.encode("utf-8")) < size:
        body += "\n" + "\n".join(parts)
    return body.encode("utf-8")[:size].decode("utf-8", "ignore")


def harness_corpus() -> list[dict[str, Any]]:
    """The real instruction and memory files issue 14 keeps as test fixtures, cut into
    entries the same way (``bench/real_memory.py``)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from real_memory import markdown_entries

    folder = ROOT / "tests/fixtures/real"
    rows: list[dict[str, Any]] = []
    for path in sorted(folder.rglob("*")) if folder.is_dir() else []:
        if not path.is_file() or path.name in ("SOURCE.md", "INDEX.md"):
            continue
        if path.suffix not in (".txt", ".md"):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for i, entry in enumerate(markdown_entries(text)):
            rel = str(path.relative_to(folder))
            repo = rel.split("/", 1)[0]
            rows.append(
                {
                    "id": f"fixture-{rel}#{i}",
                    "repo": repo,
                    "path": rel.split("/", 1)[1],
                    "text": entry,
                }
            )
    return rows


def guard_lines() -> int:
    folder = ROOT / "src/memdir/guard"
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in folder.glob("*.py"))


def render(title: str, sections: list[tuple[str, list[list[str]]]]) -> str:
    head = ["row", "n", "memdir", "hermes", "hermes-only", "target"]
    rows = [r for _, rs in sections for r in rs]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    fmt = lambda r: "  ".join(  # noqa: E731
        c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))
    )
    lines = [title, fmt(head), "-" * len(fmt(head))]
    for name, rs in sections:
        lines.append(f"[{name}]")
        lines += [fmt(r) for r in rs]
    return "\n".join(lines)


def misses(rows: Iterable[dict[str, Any]], res: Results) -> str:
    out = []
    for r in rows:
        if not res.mine[str(r["id"])]:
            kind = r.get("kind") or r.get("category")
            out.append(
                f"{r['id']:>16} {r['lang']:>3} {kind}\n    {' '.join(str(r['text']).split())}"
            )
    return "\n".join(out) + f"\n{len(out)} stored"


def ablation(corpora: dict[str, list[dict[str, Any]]]) -> str:
    """Per detector unit: the attacks it alone blocks and the benign texts it refuses.

    A unit is one top-level alternative of an engine rule (``RuleSet``: the model rules, the
    frames, the standing-order predicates, the secrets), one structural detector of
    ``_threats``, the decoders or the invisible-character check. A unit *alone* blocks an
    attack when the attack is stored once that unit is switched off. Test halves never enter.
    """
    import functools
    import re

    import memdir.guard as guard
    from memdir.guard import _engine, _foreign, _threats
    from memdir.guard._build import branches

    traced: set[tuple[Any, ...]] = set()
    off: set[tuple[Any, ...]] = set()
    label: dict[tuple[Any, ...], str] = {}

    @functools.cache
    def alternatives(rule: Any) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(b, re.DOTALL) for b in branches(rule.pattern))

    def unit(rs: Any, rule: Any, s: str, m: re.Match[str]) -> tuple[Any, ...]:
        alts = alternatives(rule)
        ends = [a.match(s, m.start()) for a in alts]
        b = next((i for i, e in enumerate(ends) if e and e.end() == m.end()), -1)
        b = b if b >= 0 or len(alts) < 2 else next((i for i, e in enumerate(ends) if e), -1)
        key = (id(rs), rs.rules.index(rule), b)
        shown = branches(rule.pattern)[b][:60] if len(alts) > 1 and b >= 0 else ""
        label.setdefault(key, f"{rule.id} #{key[1]}{f' /{b} {shown}' if shown else ''}")
        return key

    every = _engine.RuleSet.every

    def matches(self: Any, text: Any, target: str | None = None) -> list[Any]:
        s, found = text.s if target is None else target, []
        for rule, m in every(self, text, target):
            key = unit(self, rule, s, m)
            if key not in off:
                traced.add(key)
                found.append((rule, m))
        return found

    # Only the engine's public methods are replaced (``first`` is the first of ``every``:
    # both walk the rules in order), so a faster engine keeps this working.
    _engine.RuleSet.every = matches  # type: ignore[method-assign]
    _engine.RuleSet.first = lambda self, text, target=None: next(  # type: ignore[method-assign]
        iter(matches(self, text, target)), None
    )

    def switchable(owner: Any, name: str, key: str) -> None:
        inner = getattr(owner, name)

        def run(*args: Any, **kwargs: Any) -> Any:
            if (key,) in off:
                return None
            found = inner(*args, **kwargs)
            if found is not None:
                traced.add((key,))
            return found

        setattr(owner, name, run)
        label[(key,)] = key

    called = _threats.detect.__code__.co_names + _threats.detect_reads.__code__.co_names
    for name in [n for n in vars(_threats) if n.startswith("_")]:
        if name in called and callable(getattr(_threats, name)):
            switchable(_threats, name, f"structural {name}")
    switchable(_foreign, "detect", "structural _foreign.detect")
    switchable(guard._Scan, "smuggled", "decoders")
    switchable(guard, "find_invisible", "invisible characters")

    def verdict(text: str) -> tuple[bool, set[tuple[Any, ...]]]:
        traced.clear()
        return scan(text) is not None, set(traced)

    alone: dict[tuple[Any, ...], list[str]] = {}
    refuses: dict[tuple[Any, ...], list[str]] = {}
    for corpus, rows in corpora.items():
        for r in rows:
            text, where = str(r["text"]), f"{corpus}:{r['id']}"
            blocked, units = verdict(text)
            if blocked and r["label"] == "attack":
                for u in units:
                    off.add(u)
                    if not verdict(text)[0]:
                        alone.setdefault(u, []).append(where)
                    off.discard(u)
            elif blocked:  # every unit that would refuse it, peeled off one verdict at a time
                while blocked and units - off:
                    for u in units - off:
                        refuses.setdefault(u, []).append(where)
                    off.update(units)
                    blocked, units = verdict(text)
                off.clear()
    lines = ["unit | attacks it alone blocks (per corpus) | benign refused", "-" * 60]
    for u in sorted(alone.keys() | refuses.keys(), key=lambda u: (len(alone.get(u, [])), label[u])):
        per: dict[str, int] = {}
        for w in alone.get(u, []):
            per[w.split(":")[0]] = per.get(w.split(":")[0], 0) + 1
        lines.append(
            f"{label[u]} | {' '.join(f'{k} {v}' for k, v in per.items()) or '-'} | "
            f"{' '.join(refuses.get(u, [])) or '-'}"
        )
    return "\n".join(lines)


def own_rows(path: Path, name: str) -> list[dict[str, Any]]:
    """One own set, its ids prefixed with the set's name (the sets share no ids); see
    ``--extra`` for how a row's half is found."""
    half = {"split": path.stem} if path.stem in ("dev", "test") else {}
    return [{"split": "test", **r, **half, "id": f"{name}:{r['id']}"} for r in load(path)]


def extra_sets(specs: Sequence[str]) -> dict[str, list[Path]]:
    """``--extra [NAME=]PATH``: sets kept outside the repository, by name."""
    out: dict[str, list[Path]] = {}
    for spec in specs:
        name, _, path = spec.rpartition("=")
        digits = "".join(c for c in Path(path).parent.name if c.isdigit())
        name = name or (f"set {digits}" if digits else Path(path).parent.name)
        out.setdefault(name, []).append(Path(path))
    return out


def dump_extra(out: Path, extra: dict[str, list[Path]]) -> int:
    """Append the verdicts on the ``--extra`` sets to a ``--dump-verdicts`` file."""
    from guard_dump import _finding

    n = 0
    with out.open("a", encoding="utf-8") as f:
        for name, paths in extra.items():
            for path in paths:
                for r in load(path):
                    row = {"id": f"extra {name}/{path.stem}:{r['id']}"}
                    f.write(json.dumps({**row, "scan": _finding(scan(str(r["text"])))}) + "\n")
                    n += 1
    return n


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--given", type=Path, default=given_default())
    parser.add_argument("--real", type=Path, default=REAL)
    parser.add_argument(
        "--dev-only", action="store_true", help="leave the test halves out (for tuning runs)"
    )
    parser.add_argument(
        "--misses",
        choices=("dev", "given", "dev-fp", "given-fp"),
        help="list attacks memdir stores (or benign texts it refuses) in dev or the given set",
    )
    parser.add_argument(
        "--rules",
        action="store_true",
        help="per-rule ablation on the dev halves, the given set and the real files",
    )
    parser.add_argument(
        "--extra",
        action="append",
        default=[],
        metavar="[NAME=]PATH",
        help="another own set (JSON lines) kept outside the repository, printed as an "
        "[extra: NAME] block (a file named dev.jsonl or test.jsonl is that half); repeatable",
    )
    parser.add_argument(
        "--dump-verdicts",
        type=Path,
        metavar="FILE",
        help="write every verdict on every text to FILE (bench/guard_dump.py) and stop",
    )
    args = parser.parse_args(argv)
    extra = extra_sets(args.extra)
    missing = [str(p) for paths in extra.values() for p in paths if not p.is_file()]
    if missing:
        parser.error(f"--extra: no such file: {', '.join(missing)}")
    if args.dump_verdicts:
        from guard_dump import dump

        n = dump(args.dump_verdicts, args.given) + dump_extra(args.dump_verdicts, extra)
        print(n, "texts")
        return 0
    hermes, label = hermes_scanner()
    sections: list[tuple[str, list[list[str]]]] = []
    own = {name: own_rows(path, name) for name, path in OWN.items() if path.exists()}
    for name, paths in extra.items():
        own[f"extra: {name}"] = [r for path in paths for r in own_rows(path, name)]
    if args.rules or args.misses:
        own = {n: rs for n, rs in own.items() if n not in SEALED}
    if args.rules:
        corpora = {n: [r for r in rs if r["split"] == "dev"] for n, rs in own.items()}
        if (args.given / "attacks.jsonl").exists():
            corpora["given"] = [
                {**r, "label": label}
                for name, label in (("attacks", "attack"), ("benign", "benign"))
                for r in load(args.given / f"{name}.jsonl")
            ]
        real = load(args.real) if args.real.exists() else []
        corpora["real"] = [{**r, "label": "benign"} for r in real + harness_corpus()]
        for _, short, path in HELD_OUT:
            held = load(path) if path.exists() else []
            corpora[f"{short} dev"] = [{**r, "label": "benign"} for r in held if r["half"] == "dev"]
        print(ablation(corpora))
        return 0
    if args.misses:
        if args.misses.startswith("dev"):
            rows = [r for rs in own.values() for r in rs if r["split"] == "dev"]
            res = Results(rows, None)
            want = "benign" if args.misses.endswith("fp") else "attack"
            picked = [r for r in rows if r["label"] == want]
            if want == "benign":
                res.mine = {k: not v for k, v in res.mine.items()}
            print(misses(picked, res))
        else:
            name = "benign" if args.misses.endswith("fp") else "attacks"
            rows = load(args.given / f"{name}.jsonl")
            res = Results(rows, None)
            if name == "benign":
                res.mine = {k: not v for k, v in res.mine.items()}
            print(misses(rows, res))
        return 0
    for name, rows in own.items():
        if args.dev_only:
            rows = [r for r in rows if r["split"] == "dev"]
        res = Results(rows, hermes)
        if any(r["split"] == "dev" for r in rows):
            dev = "sealed, not yet tuned on" if name in SEALED else "tuned on"
            sections.append((f"{name}, dev half ({dev})", own_section(res, "dev")))
        if not args.dev_only and any(r["split"] == "test" for r in rows):
            note = TEST_NOTE.get(name, "never read")
            sections.append((f"{name}, test half ({note})", own_section(res, "test")))
    if (args.given / "attacks.jsonl").exists():
        attacks = load(args.given / "attacks.jsonl")
        benign = load(args.given / "benign.jsonl")
        res = Results(attacks + benign, hermes)
        sections.append((f"given set {args.given}", given_section(res, attacks, benign)))
    refused: list[str] = []
    real = load(args.real) if args.real.exists() else []
    real += harness_corpus()
    if real:
        res = Results(real, hermes)
        ours = [r for r in real if not str(r["id"]).startswith("fixture-")]
        theirs = [r for r in real if str(r["id"]).startswith("fixture-")]
        rows = [res.line("refused, bench/data/real_memory", ours, "<= 0.5%")]
        if theirs:
            rows.append(res.line("refused, tests/fixtures/real", theirs, "<= 0.5%"))
        for name, _, path in HELD_OUT:
            held = load(path) if path.exists() else []
            res2 = Results(held, hermes)
            for side in ("dev", "test"):
                if side == "test" and args.dev_only:
                    continue
                part = [r for r in held if r["half"] == side]
                if part:
                    label2 = f"refused, {name} {side} half"
                    rows.append(
                        res2.line(
                            label2 + (" (held out)" if side == "test" else ""), part, "<= 0.5%"
                        )
                    )
            real += [r for r in held if r["half"] == "dev"]  # a test half's refusals: counts only
        sections.append(("real memory and instruction files", rows))
        for r in real:
            mine = scan(str(r["text"]))
            if mine is not None:
                refused.append(
                    f"  {r['id']} ({r['repo']}:{r['path']}): {mine.rule} [{mine.excerpt}]"
                )
    benign = [r for r in own.get("set 1", []) if r["label"] == "benign"]
    texts = [str(r["text"]) for r in benign] or ["User prefers pnpm."]
    ours = lambda t: scan(t) is not None  # noqa: E731
    speed = []
    for name, size in (("1 KiB of benign memories", 1024), ("64 KiB of benign memories", 65536)):
        body = sized(texts, size)
        target = "< 1 ms" if size == 1024 else "< 100 ms"
        speed.append(
            [
                f"{name}, median",
                "1",
                timing(ours, body),
                "n/a" if hermes is None else timing(hermes, body),
                "",
                target,
            ]
        )
    # The slowest of tests/test_guard.py's HOSTILE_UNITS at 64 KiB, "never ask " repeated
    # (before round 4, "sk-" repeated took minutes); 5 scans: a hang shows, not a jitter.
    hostile = "never ask " * (65536 // len("never ask "))
    speed.append(
        [
            "64 KiB hostile input, median",
            "1",
            timing(ours, hostile, repeat=5),
            "n/a" if hermes is None else timing(hermes, hostile, repeat=5),
            "",
            "",
        ]
    )
    # Every hostile unit at 64 KiB, 3 scans each: the slowest one's median (a unit the
    # "never ask " row misses, such as 64 KiB of Chinese, took 7 s before round 11).
    sys.path.insert(0, str(ROOT / "bench"))
    from guard_dump import _hostile_units

    worst = max(
        ((timing(ours, u * (65536 // len(u)), repeat=3), u) for u in _hostile_units()),
        key=lambda t: float(t[0].split()[0]),
    )
    body = worst[1] * (65536 // len(worst[1]))
    speed.append(
        [
            f"64 KiB hostile, slowest unit {worst[1].strip()[:24]!r}, median",
            "1",
            worst[0],
            "n/a" if hermes is None else timing(hermes, body, repeat=3),
            "",
            "",
        ]
    )
    sections.append(("scan time", speed))
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    title = (
        f"memdir guard ({commit}, {guard_lines():,} lines in src/memdir/guard) vs "
        f"{label if hermes else 'Hermes (' + label + ')'}; counts and rates; no MEMDIR_LLM"
    )
    print(render(title, sections))
    if refused:
        print("\nreal-memory texts memdir refuses (judge each):")
        print("\n".join(refused))
    return 0


if __name__ == "__main__":
    os.environ.pop("MEMDIR_LLM", None)
    sys.exit(main())
