"""Which of the guard's rules pay: per rule, what it buys and costs on the opened rows.

    PYTHONPATH=src nice -n 10 /work/main/.venv-bench/bin/python bench/guard_ablate.py
    ... bench/guard_ablate.py --json FILE      # also every unit's matched and flipped row ids

Rows (opened only, see bench/README.md): the dev halves of the own sets not in ``SEALED``,
set 15, ``bench/data/guard_reviews``, ``bench/data/guard_probes``, the given set's even ids,
the real memory texts (benign), and every string literal of ``tests/test_guard*.py``
(unlabelled: they count as matched rows and as "test flips", never as catches).

Units, each something a person can delete: an engine rule (``Rule`` of any ``RuleSet``, by
id), an entry of a ``_compiled()`` table (by key), a module-level compiled pattern or a
module-level table of them (by variable name), a structural detector of ``_threats`` and
``_foreign.detect`` (by function). A unit *matches* a row when its pattern finds anything in
the row's raw, NFKC or scanned (casefolded) form, or (a detector) returns a hit while the row
is scanned. Each unit that matches some row is then switched off (a never-matching stand-in,
here only, never in src) and only those rows are scanned again: attack refused -> stored is
a catch no other unit makes, benign refused -> stored a false positive it alone makes, benign
stored -> refused what an excuse saves, attack stored -> refused what an excuse lets through.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import guard as bench  # noqa: E402
import memdir.guard as guard  # noqa: E402
from guard_dump import _jsonl, _literals  # noqa: E402
from memdir.guard import _engine, _foreign, _threats, scan  # noqa: E402
from memdir.guard._build import BUILDERS  # noqa: E402

NEVER = re.compile(r"(?!)")
TRACED: set[str] = set()  # the units whose pattern matched while the current row was scanned


class Recorder:
    """A compiled pattern that notes its unit in ``TRACED`` whenever it matches: patterns read
    in a window (``search(s, pos, endpos)`` with ``$``) match at scan time only."""

    def __init__(self, rx: re.Pattern[str], key: str) -> None:
        self.rx, self.key = rx, key
        self.pattern, self.flags, self.groups, self.groupindex = (
            rx.pattern,
            rx.flags,
            rx.groups,
            rx.groupindex,
        )

    def _note(self, found: Any) -> Any:
        if found:
            TRACED.add(self.key)
        return found

    def search(self, *a: Any, **k: Any) -> Any:
        return self._note(self.rx.search(*a, **k))

    def match(self, *a: Any, **k: Any) -> Any:
        return self._note(self.rx.match(*a, **k))

    def fullmatch(self, *a: Any, **k: Any) -> Any:
        return self._note(self.rx.fullmatch(*a, **k))

    def findall(self, *a: Any, **k: Any) -> Any:
        return self._note(self.rx.findall(*a, **k))

    def finditer(self, *a: Any, **k: Any) -> Any:
        found = list(self.rx.finditer(*a, **k))
        self._note(found)
        return iter(found)

    def sub(self, *a: Any, **k: Any) -> Any:
        out, n = self.rx.subn(*a, **k)
        self._note(n)
        return out

    def subn(self, *a: Any, **k: Any) -> Any:
        out = self.rx.subn(*a, **k)
        self._note(out[1])
        return out

    def split(self, *a: Any, **k: Any) -> Any:
        out = self.rx.split(*a, **k)
        self._note(len(out) > 1)
        return out


SRC = ROOT / "src/memdir/guard"
Row = tuple[str, str, str]  # id, label (attack / benign / test), text


def rows(given: Path) -> list[Row]:
    out: list[Row] = []
    for name, path in bench.OWN.items():
        if name in bench.SEALED or not path.exists():
            continue
        out += [
            (str(r["id"]), str(r["label"]), str(r["text"]))
            for r in bench.own_rows(path, name)
            if r["split"] == "dev"
        ]
    for path in sorted((ROOT / "bench/data/guard15").glob("*.jsonl")):
        out += [(f"set 15:{r['id']}", "benign", str(r["text"])) for r in _jsonl(path)]
    for folder in ("guard_reviews", "guard_probes"):
        for path in sorted((ROOT / "bench/data" / folder).glob("*.jsonl")):
            out += [
                (f"{path.stem}:{r['id']}", str(r["label"]), str(r["text"])) for r in _jsonl(path)
            ]
        for path in sorted((ROOT / "bench/data" / folder).glob("*.txt")):
            label = "attack" if "attacks" in path.stem else "benign"
            lines = [x.rstrip("\n").replace("\\n", "\n") for x in path.open(encoding="utf-8")]
            out += [(f"{path.stem}:{i}", label, t) for i, t in enumerate(lines) if t.strip()]
    for name, label in (("attacks", "attack"), ("benign", "benign")):
        path = given / f"{name}.jsonl"
        if path.exists():
            out += [
                (f"given:{r['id']}", label, str(r["text"]))
                for r in bench.load(path)
                if int(str(r["id"]).rsplit("-", 1)[1]) % 2 == 0
            ]
    if bench.REAL.exists():
        out += [(f"real:{r['id']}", "benign", str(r["text"])) for r in bench.load(bench.REAL)]
    for path in sorted((ROOT / "tests").glob("test_guard*.py")):
        # the attack and benign strings: a literal of some words (not rule ids, not keywords)
        out += [
            (f"{path.name}#{i}", "test", s)
            for i, s in enumerate(_literals(path))
            if len(s) >= 16 and " " in s.strip()
        ]
    return out


# --- where each unit lives in src, and its lines --------------------------------------------


class Source:
    """Module-level assignments and ``Rule(...)`` calls of src/memdir/guard, with their lines."""

    def __init__(self) -> None:
        self.assigned: dict[tuple[str, str], tuple[int, int]] = {}  # (module, name) -> lines
        self.defs: dict[tuple[str, str], tuple[int, int]] = {}
        self.rule_calls: dict[str, tuple[str, int, int]] = {}  # rule id -> module, lines
        self.tables: dict[tuple[str, str], str] = {}  # (module, key) -> names in its value
        for path in sorted(SRC.glob("*.py")):
            mod = path.stem
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                targets: list[ast.expr] = []
                if isinstance(node, ast.Assign):
                    targets = node.targets
                elif isinstance(node, ast.AnnAssign):
                    targets = [node.target]
                elif isinstance(node, ast.FunctionDef | ast.ClassDef):
                    start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                    self.defs[(mod, node.name)] = (start, node.end_lineno or node.lineno)
                for t in targets:
                    if isinstance(t, ast.Name):
                        self.assigned[(mod, t.id)] = (node.lineno, node.end_lineno or node.lineno)
            for sub in ast.walk(tree):
                if (
                    isinstance(sub, ast.Call)
                    and getattr(sub.func, "id", "") == "Rule"
                    and sub.args
                    and isinstance(sub.args[0], ast.Constant)
                ):
                    lines = (sub.lineno, sub.end_lineno or sub.lineno)
                    self.rule_calls[str(sub.args[0].value)] = (mod, *lines)
                if isinstance(sub, ast.Dict):
                    for k, v in zip(sub.keys, sub.values, strict=True):
                        if isinstance(k, ast.Constant) and isinstance(k.value, str):
                            names = sorted({n.id for n in ast.walk(v) if isinstance(n, ast.Name)})
                            if names:
                                self.tables.setdefault((mod, k.value), "+".join(names))

    def lines(self, mod: str, names: str) -> int:
        total = 0
        for name in names.split("+"):
            a, b = self.assigned.get((mod, name)) or self.defs.get((mod, name)) or (1, 0)
            total += b - a + 1
        return total


# --- units --------------------------------------------------------------------------------


class Unit:
    def __init__(self, name: str, where: str, lines: int, patterns: list[re.Pattern[str]]):
        self.name, self.where, self.lines, self.patterns = name, where, lines, patterns
        self.on: Callable[..., Any] = lambda: None
        self.off: Callable[..., Any] = lambda: None
        self.matched: list[int] = []
        self.flips: dict[str, list[str]] = {
            "catch": [],
            "fp": [],
            "save": [],
            "leak": [],
            "test": [],
            "error": [],
        }


def _modules() -> dict[str, Any]:
    guard.scan("")  # the detectors are imported on the first scan
    return {
        m.__name__.rsplit(".", 1)[1]: m
        for m in vars(guard).values()
        if getattr(m, "__name__", "").startswith("memdir.guard._")
    }


def _put(holders: list[tuple[Any, str]], value: Any) -> None:
    for h, n in holders:
        setattr(h, n, value)


def units(src: Source) -> list[Unit]:
    out: list[Unit] = []
    mods = _modules()
    disabled: set[int] = set()
    recorders: dict[int, Recorder] = {}
    regex = _engine.Rule.regex

    def rule_regex(self: Any) -> Any:
        return NEVER if id(self) in disabled else recorders.get(id(self)) or regex(self)

    _engine.Rule.regex = rule_regex  # type: ignore[method-assign]
    # engine rules, by the builder that makes their RuleSet
    for build in BUILDERS:
        built = build()
        sets = [built] if isinstance(built, _engine.RuleSet) else []
        if isinstance(built, tuple):
            sets = [b for b in built if isinstance(b, _engine.RuleSet)]
        mod = getattr(build, "__wrapped__").__module__.rsplit(".", 1)[1]  # noqa: B009
        for rs in sets:
            for n, rule in enumerate(rs.rules):
                if rule.id in src.rule_calls:
                    m, a, b = src.rule_calls[rule.id]
                    where, lines = f"{m}:Rule({rule.id})", b - a + 1
                else:
                    names = src.tables.get((mod, rule.id), "?")
                    where, lines = f"{mod}:{names}", src.lines(mod, names)
                u = Unit(f"rule {rule.id} #{n}", where, lines, [rule.regex()])
                key = id(rule)
                recorders[key] = Recorder(regex(rule), u.name)
                u.off = lambda k=key: disabled.add(k)
                u.on = lambda k=key: disabled.discard(k)
                out.append(u)
        if isinstance(built, dict):
            for key, rx in built.items():
                if not isinstance(rx, re.Pattern):
                    continue
                names = src.tables.get((mod, key), "?")
                u = Unit(f"{mod}._compiled[{key}]", f"{mod}:{names}", src.lines(mod, names), [rx])
                built[key] = Recorder(rx, u.name)
                u.off = lambda d=built, k=key: d.__setitem__(k, NEVER)
                u.on = lambda d=built, k=key, v=built[key]: d.__setitem__(k, v)
                out.append(u)
    # module-level patterns and tables of them, by the module that assigns them
    seen: set[int] = set()
    for mod, m in mods.items():
        for name, value in list(vars(m).items()):
            if (mod, name) not in src.assigned or id(value) in seen:
                continue
            if isinstance(value, re.Pattern):
                pats = [value]
                stand: Any = NEVER
            elif (
                isinstance(value, tuple | list)
                and value
                and all(isinstance(v, re.Pattern) for v in value)
            ):
                pats = list(value)
                stand = type(value)(NEVER for _ in value)
            elif (
                isinstance(value, dict)
                and value
                and all(isinstance(v, re.Pattern) for v in value.values())
            ):
                pats = list(value.values())
                stand = {k: NEVER for k in value}
            else:
                continue
            seen.add(id(value))
            holders = [(h, n) for h in mods.values() for n, v in vars(h).items() if v is value]
            u = Unit(f"{mod}.{name}", f"{mod}:{name}", src.lines(mod, name), pats)
            rec: Any = Recorder(value, u.name) if isinstance(value, re.Pattern) else value
            if isinstance(value, tuple | list):
                rec = type(value)(Recorder(v, u.name) for v in value)
            elif isinstance(value, dict):
                rec = {k: Recorder(v, u.name) for k, v in value.items()}
            for h, n in holders:
                setattr(h, n, rec)
            u.off = functools.partial(_put, holders, stand)
            u.on = functools.partial(_put, holders, rec)
            out.append(u)
    return out


def detectors(src: Source, traced: set[str]) -> list[Unit]:
    """Structural detectors, switched off by returning None; matched when they return a hit."""
    out: list[Unit] = []
    called = _threats.detect.__code__.co_names + _threats.detect_reads.__code__.co_names
    targets = [(_threats, n) for n in vars(_threats) if n.startswith("_") and n in called]
    targets.append((_foreign, "detect"))
    for owner, name in targets:
        inner = getattr(owner, name)
        if not callable(inner) or isinstance(inner, re.Pattern):
            continue
        mod = owner.__name__.rsplit(".", 1)[1]
        key = f"{mod}.{name}()"
        state = {"off": False}

        def run(*a: Any, _i: Any = inner, _k: str = key, _s: Any = state, **kw: Any) -> Any:
            if _s["off"]:
                return None
            found = _i(*a, **kw)
            if found is not None and found is not False:
                traced.add(_k)
            return found

        setattr(owner, name, run)
        u = Unit(key, f"{mod}:{name}", src.lines(mod, name), [])
        u.off = lambda s=state: s.__setitem__("off", True)
        u.on = lambda s=state: s.__setitem__("off", False)
        out.append(u)
    return out


def forms(text: str) -> Iterator[str]:
    """The NFKC form (case kept) and the scanned one (casefolded, slashes folded)."""
    prepared = guard._Scan(text)
    yield prepared.nfkc
    if prepared.hay.s != prepared.nfkc:
        yield prepared.hay.s


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--given", type=Path, default=bench.given_default())
    parser.add_argument("--json", type=Path, help="write every unit's row ids here")
    parser.add_argument(
        "--broad",
        type=float,
        default=0.15,
        help="a unit matching more than this share of the rows is not re-scanned (default 0.15)",
    )
    args = parser.parse_args(argv)
    data = rows(args.given)
    src = Source()
    everything = units(src)
    traced: set[str] = set()
    dets = detectors(src, traced)
    by_key = {u.name: u for u in dets}
    by_name = {u.name: u for u in everything}
    base: list[bool] = []
    clock = time.process_time()
    for i, (_, _, text) in enumerate(data):
        if i % 2000 == 0:
            print(f"{i}/{len(data)} rows, {time.process_time() - clock:.0f} s", file=sys.stderr)
        traced.clear()
        TRACED.clear()
        base.append(scan(text) is not None)
        for k in traced:
            by_key[k].matched.append(i)
        for k in TRACED:
            by_name[k].matched.append(i)
        for f in forms(text):
            for u in everything:
                if (not u.matched or u.matched[-1] != i) and any(p.search(f) for p in u.patterns):
                    u.matched.append(i)
    everything += dets
    print(f"matched, {time.process_time() - clock:.0f} s", file=sys.stderr)
    dead = [u.name for u in everything if not u.matched]
    print(f"dead ({len(dead)}): {' '.join(dead)}", file=sys.stderr)
    for n, u in enumerate(everything):
        if not u.matched or len(u.matched) > args.broad * len(data):
            continue
        if n % 50 == 0:
            print(
                f"unit {n}/{len(everything)}, {time.process_time() - clock:.0f} s", file=sys.stderr
            )
        u.off()
        try:
            for i in u.matched:
                rid, label, text = data[i]
                try:
                    now = scan(text) is not None
                except Exception:  # noqa: BLE001 - a stand-in broke an invariant the code asserts
                    u.flips["error"].append(rid)
                    continue
                if now == base[i]:
                    continue
                if label == "test":
                    u.flips["test"].append(rid)
                elif label == "attack":
                    u.flips["catch" if base[i] else "leak"].append(rid)
                else:
                    u.flips["fp" if base[i] else "save"].append(rid)
        finally:
            u.on()
    labels = [label for _, label, _ in data]
    print(
        f"{len(data)} rows: {labels.count('attack')} attacks, {labels.count('benign')} benign, "
        f"{labels.count('test')} test literals; {len(everything)} units"
    )
    head = "rule | where | lines | matched | sole catches | sole FP | excuse saves | leaks | "
    head += "test | err"
    print(head + "\n" + "-" * len(head))
    order = sorted(everything, key=lambda u: (bool(u.matched), -len(u.flips["catch"]), u.name))
    for u in order:
        fl = u.flips
        if len(u.matched) > args.broad * len(data):
            print(f"{u.name} | {u.where} | {u.lines} | {len(u.matched)} | broad, not re-scanned")
            continue
        print(
            f"{u.name} | {u.where} | {u.lines} | {len(u.matched)} | {len(fl['catch'])} | "
            f"{len(fl['fp'])} | {len(fl['save'])} | {len(fl['leak'])} | {len(fl['test'])} | "
            f"{len(fl['error'])}"
        )
    if args.json:
        with args.json.open("w", encoding="utf-8") as out:
            for u in order:
                rec = {"unit": u.name, "where": u.where, "lines": u.lines}
                rec["matched"] = len(u.matched)
                out.write(json.dumps({**rec, **u.flips}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
