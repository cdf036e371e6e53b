"""Every literal the detectors look for, located in one pass over the text (Aho-Corasick).
See docs/design/guard.md."""

from __future__ import annotations

import re
import threading
from bisect import bisect_left
from collections.abc import Iterable
from typing import Any

import ahocorasick  # type: ignore[import-not-found]

from ..core import forks

_P: Any = re._parser  # type: ignore[attr-defined]  # sre's parser (Python >= 3.11)
_C: Any = re._constants  # type: ignore[attr-defined]

_NONE: list[int] = []


class _Registry:
    """The literals registered so far: an automaton over the ASCII ones, rebuilt when one
    is added, and for each other one the non-ASCII characters it needs.

    Literals asked about in bulk (a detector's needles, the substring gates of a rule set)
    are registered as their tables are built (all of them constants), so after the first
    scan the automaton is never rebuilt again. Non-ASCII literals (some thousand, in a
    dozen scripts) stay out of it: they would make every character of the text cost more,
    and most texts lack their characters, which a set test shows.
    """

    def __init__(self) -> None:
        self.known: frozenset[str] = frozenset()
        self.rare: dict[str, frozenset[str]] = {}
        self.rare_keys: frozenset[str] = frozenset()
        self.by_char: dict[str, set[str]] = {}  # non-ASCII character -> rare literals with it
        self.pending: set[str] = set()
        self.automaton: ahocorasick.Automaton | None = None
        self.split: dict[frozenset[str], tuple[frozenset[str], frozenset[str]]] = {}
        self._lock = threading.Lock()

    def add(self, needles: Iterable[str]) -> None:
        # one ASCII character ("i", ".") is found by ``str.find`` when asked: in the automaton
        # it was a quarter of the hits reported to Python
        new = {n for n in needles if n[1:] or n > "\x7f"}  # not "", not one ASCII character
        new = {n for n in new if n not in self.known and n not in self.rare}
        if new:
            with self._lock:
                self.pending |= new

    def current(
        self,
    ) -> tuple[ahocorasick.Automaton | None, frozenset[str], frozenset[str], _Split]:
        if self.pending:
            with self._lock:  # pending stays until built: a child forked meanwhile builds it
                pending = set(self.pending)
                for needle in pending:
                    if not needle.isascii():
                        self.rare[needle] = frozenset(c for c in needle if not c.isascii())
                        for c in self.rare[needle]:
                            self.by_char.setdefault(c, set()).add(needle)
                self.rare_keys = frozenset(self.rare)
                known = self.known | {n for n in pending if n.isascii()}
                automaton = ahocorasick.Automaton()
                for needle in known:
                    automaton.add_word(needle, (needle, len(needle) - 1))
                automaton.make_automaton()
                self.automaton, self.known, self.split = automaton, known, {}
                self.pending -= pending
        return self.automaton, self.known, self.rare_keys, self.split


_REGISTRY = _Registry()
forks.renew(_REGISTRY, "_lock")  # a parent's thread may have held it at the fork
# Per needle set, for one state of the registry: those not in the automaton, and of those
# the ones registered later (not ASCII ones, whose characters are tested first).
_Split = dict[frozenset[str], tuple[frozenset[str], frozenset[str]]]


def register(needles: Iterable[str]) -> None:
    """Name literals that later scans will look for (so one pass finds them all)."""
    _REGISTRY.add(needles)


def required(rx: re.Pattern[str]) -> frozenset[str] | None:
    """Literals of which every match of ``rx`` holds one (None when that cannot be shown):
    a text holding none of them cannot match, wherever it is searched. Read from sre's
    parse tree: a literal run, a group, a repeat taken at least once, or a branch (the union
    of its branches' sets) must be matched; case-insensitive parts are not read."""
    known = _REQUIRED.get(id(rx))  # by id: hashing a pattern hashes its compiled code
    if known is None or known[0] is not rx:
        found = None
        if not rx.flags & re.IGNORECASE:
            found = _needed(_P.parse(rx.pattern, rx.flags & ~re.UNICODE))
        if found:
            register(found)
        known = _REQUIRED[id(rx)] = rx, found
    return known[1]


_REQUIRED: dict[int, tuple[re.Pattern[str], frozenset[str] | None]] = {}


def word_initial(rx: re.Pattern[str]) -> frozenset[str]:
    """Those of :func:`required`'s literals that ``rx`` only ever reads at a word boundary
    (right after a ``\\b``, or a word after a blank or other non-word character of the
    pattern): an occurrence inside a word ("any" in "tanya") holds no match."""
    known = _INITIAL.get(id(rx))
    if known is None or known[0] is not rx:
        lits = required(rx) or frozenset()
        flags: dict[str, bool] = {}
        # ``\b`` as :func:`boundary_before` reads it, and nothing read otherwise
        if not rx.flags & re.ASCII and not _UNREAD.search(rx.pattern):
            _runs(_P.parse(rx.pattern, rx.flags & ~re.UNICODE), None, flags)
        known = _INITIAL[id(rx)] = rx, frozenset(n for n in lits if flags.get(n))
    return known[1]


_INITIAL: dict[int, tuple[re.Pattern[str], frozenset[str]]] = {}
# A comment or a scoped ASCII or verbose flag: read otherwise than these functions read
# (``(?#[)`` is no class, ``(?a:\b)`` no Unicode boundary), so they claim nothing there.
_UNREAD = re.compile(r"\(\?(?:#|[aiLmsux-]*[ax][aiLmsux-]*:)")


def _word(c: str) -> bool:
    return c.isalnum() or c == "_"  # sre's word character in a str pattern


def _runs(seq: Any, before: str | None, flags: dict[str, bool]) -> None:
    """For every literal run (and one-character class) of ``seq``: whether every place that
    reads it stands at a word boundary, and-ed in ``flags``. ``before``: what precedes the
    sequence, ``"b"`` a ``\\b``, ``"w"`` a non-word character of the pattern (a boundary
    before a word character only), None anything else."""
    run: list[str] = []

    def note(text: str) -> None:
        at = before == "b" or (before == "w" and _word(text[0]))
        flags[text] = flags.get(text, True) and at

    for op, av in [*seq, (None, None)]:
        if op is _C.LITERAL:
            run.append(chr(av))
            continue
        if run:
            text = "".join(run)
            for t in ("", *(_spelled(op, av) or ())):  # and its joins, as _needed reads them
                note(text + t)
            before = None if _word(run[-1]) else "w"
            run = []
        if op is _C.SUBPATTERN:
            _runs(av[3], before, flags)
        elif op is _C.ATOMIC_GROUP:
            _runs(av, before, flags)
        elif op is _C.BRANCH:
            for branch in av[1]:
                _runs(branch, before, flags)
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT):
            _runs(av[2], None, flags)  # a second turn follows the first
        elif op is _C.IN and all(o is _C.LITERAL for o, _ in av):
            for _, c in av:
                note(chr(c))
        before = "b" if op is _C.AT and av is _C.AT_BOUNDARY else None


def boundary_before(s: str, at: int) -> bool:
    """Whether ``\\b`` holds at ``s[at]`` (a word character on exactly one side)."""
    return (at > 0 and _word(s[at - 1])) != (at < len(s) and _word(s[at]))


def cut_pattern(rx: re.Pattern[str]) -> re.Pattern[str] | None:
    """``rx`` with each ``\\b`` also true inside a word, if a window's end (``endpos``) can
    change what ``rx`` matches only through a ``\\b`` there: then every match in any window
    ``s[lo:hi]`` starts where the cut pattern matches in ``s`` (``Clauses.has``); a negative
    look-ahead, which holds at a window's end, is read as always true. None for a pattern
    with ``$``, ``\\B``, a negative look-behind that reads more than characters, a
    possessive or atomic part, a back reference, or an empty match."""
    known = _CUT.get(id(rx))
    if known is None or known[0] is not rx:
        tree = _P.parse(rx.pattern, rx.flags & ~re.UNICODE)
        cut = None
        plain = not rx.flags & (re.ASCII | re.VERBOSE) and not _UNREAD.search(rx.pattern)
        if plain and tree.getwidth()[0] > 0 and _end_blind(tree):
            cut = re.compile(_relaxed(rx.pattern), rx.flags)
        known = _CUT[id(rx)] = rx, cut
    return known[1]


_CUT: dict[int, tuple[re.Pattern[str], re.Pattern[str] | None]] = {}
_SAFE_AT = frozenset(
    (_C.AT_BOUNDARY, _C.AT_BEGINNING, _C.AT_BEGINNING_LINE, _C.AT_BEGINNING_STRING)
)


# A possessive or atomic part does not give back what the end stopped; a back reference
# repeats it.
_END_SEEN = (_C.ATOMIC_GROUP, _C.POSSESSIVE_REPEAT, _C.GROUPREF, _C.GROUPREF_EXISTS)


def _end_blind(seq: Any) -> bool:
    """Whether nothing in ``seq`` but ``\\b`` reads a string's end as such."""
    for op, av in seq:
        if op is _C.AT:
            if av not in _SAFE_AT:
                return False
        elif op in _END_SEEN:
            return False
        elif op is _C.ASSERT_NOT and av[0] < 0 and not _letters(av[1]):
            return False  # relaxed inside, it would hold less often (a look-ahead: always true)
        elif op is _C.ASSERT:
            if not _end_blind(av[1]):
                return False
        elif op is _C.SUBPATTERN:
            if not _end_blind(av[3]):
                return False
        elif op is _C.BRANCH:
            if not all(_end_blind(b) for b in av[1]):
                return False
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT) and not _end_blind(av[2]):
            return False
    return True


def _letters(seq: Any) -> bool:
    """Whether ``seq`` reads characters only (no anchor, look-around or reference)."""
    return all(
        op in (_C.LITERAL, _C.NOT_LITERAL, _C.IN, _C.ANY)
        or (op is _C.SUBPATTERN and _letters(av[3]))
        or (op is _C.BRANCH and all(_letters(b) for b in av[1]))
        for op, av in seq
    )


def _relaxed(pattern: str) -> str:
    """``pattern`` with each ``\\b`` outside a class read as "a boundary or inside a word",
    and each negative look-ahead as always true (``(?=|…)``)."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            pair = pattern[i : i + 2]
            out.append(r"(?:\b|(?<=\w)(?=\w))" if pair == r"\b" and not in_class else pair)
            i += 2
            continue
        if pattern.startswith("(?!", i) and not in_class:
            out.append("(?=|")
            i += 3
            continue
        if c == "[" and not in_class:
            in_class = True
            out.append(c)
            i += 1
            if pattern[i : i + 1] == "^":
                out.append("^")
                i += 1
            if pattern[i : i + 1] == "]":  # a leading "]" is a member
                out.append("]")
                i += 1
            continue
        if c == "]" and in_class:
            in_class = False
        out.append(c)
        i += 1
    return "".join(out)


def _spelled(op: Any, av: Any) -> list[str] | None:
    """The few strings an item can read, if it is a class or group of literals only."""
    if op is _C.IN and len(av) <= 16 and all(o is _C.LITERAL for o, _ in av):
        return [chr(c) for _, c in av]
    branches = None
    if op is _C.BRANCH:  # a group without flags is parsed as its branch alone
        branches = av[1]
    elif op is _C.SUBPATTERN and not av[1] & re.IGNORECASE:
        seq = list(av[3])
        branches = seq[0][1][1] if len(seq) == 1 and seq[0][0] is _C.BRANCH else [seq]
    if (
        branches is not None
        and len(branches) <= 16
        and all(b and all(o is _C.LITERAL for o, _ in b) for b in branches)
    ):
        return ["".join(chr(c) for _, c in b) for b in branches]
    return None


def _needed(seq: Any) -> frozenset[str] | None:
    best: frozenset[str] | None = None
    run: list[str] = []
    for op, av in [*seq, (None, None)]:
        if op is _C.LITERAL:
            run.append(chr(av))
            continue
        cands = [frozenset(("".join(run),))] if run else []
        then = _spelled(op, av)  # "지[우워울운]": "지우", "지워", …, not "지" (in every 하지)
        if run and then is not None:
            cands.append(frozenset("".join(run) + t for t in then))
        run = []
        if op is _C.SUBPATTERN and not av[1] & re.IGNORECASE:
            cands.append(_needed(av[3]))  # type: ignore[arg-type]
        elif op is _C.ATOMIC_GROUP:
            cands.append(_needed(av))  # type: ignore[arg-type]
        elif op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT) and av[0] >= 1:
            cands.append(_needed(av[2]))  # type: ignore[arg-type]
        elif op is _C.BRANCH:
            parts = [_needed(b) for b in av[1]]
            if all(parts):
                cands.append(frozenset().union(*parts))  # type: ignore[arg-type]
        elif op is _C.IN and all(o is _C.LITERAL for o, _ in av):
            cands.append(frozenset(chr(c) for _, c in av))
        for cand in cands:  # the most selective: longest shortest literal, then fewest
            if cand and (
                best is None
                or (min(map(len, cand)), -len(cand)) > (min(map(len, best)), -len(best))
            ):
                best = cand
    return best


class Occurrences:
    """Where each literal occurs in one text: every start offset, overlaps included, in
    order (what a ``str.find`` loop from ``i + 1`` returns)."""

    __slots__ = (
        "_automaton",
        "_chars",
        "_known",
        "_may",
        "_pos",
        "_present",
        "_rare",
        "_rare_here",
        "_slow",
        "_split",
        "s",
    )

    def __init__(self, s: str) -> None:
        self.s = s
        self._pos: dict[str, list[int]] | None = None
        self._slow: dict[str, list[int]] = {}
        self._chars: set[str] | None = None
        self._may: dict[int, bool] = {}  # by id(rx), see required
        self._rare_here: set[str] | None = None
        self._present: dict[frozenset[str], frozenset[str]] = {}
        self._automaton, self._known, self._rare, self._split = _REGISTRY.current()

    def chars(self) -> set[str]:
        """Every distinct character of the text (memoised)."""
        if self._chars is None:
            self._chars = set(self.s)
        return self._chars

    def _index(self) -> dict[str, list[int]]:
        pos: dict[str, list[int]] = {}
        if self._automaton is not None:
            get = pos.get
            for end, (needle, back) in self._automaton.iter(self.s):
                found = get(needle)
                if found is None:
                    pos[needle] = [end - back]
                else:
                    found.append(end - back)
        self._pos = pos
        return pos

    def positions(self, needle: str) -> list[int]:
        """Every start of ``needle`` (do not modify the list)."""
        if needle in self._known:
            pos = self._pos if self._pos is not None else self._index()
            return pos.get(needle, _NONE)
        out = self._slow.get(needle)
        if out is None:  # asked about alone, or not ASCII: ``str.find`` when it may occur
            out = []
            rare = _REGISTRY.rare.get(needle)
            if rare is None or (not self.s.isascii() and rare.issubset(self.chars())):
                s = self.s
                i = s.find(needle)
                while i != -1:
                    out.append(i)
                    i = s.find(needle, i + 1)
            self._slow[needle] = out
        return out

    def present(self, needles: frozenset[str]) -> set[str]:
        """Those of ``needles`` that occur in the text (set operations, mostly; memoised: a
        clause check asks about the same unregistered literals once per anchor)."""
        known = self._present.get(needles)
        if known is not None:
            return set(known)
        pos = self._pos if self._pos is not None else self._index()
        # the same set either way; each reads every item of its right side (a few sets hold
        # hundreds of literals, a text some hundred)
        found = pos.keys() & needles if len(needles) < len(pos) else set(needles.intersection(pos))
        split = self._split.get(needles)
        if split is None:
            rest = needles - self._known
            split = self._split[needles] = rest, rest - self._rare
        rest, maybe = split
        if rest:
            # ``maybe``: not registered when the automaton was built
            if not self.s.isascii():
                maybe = maybe | (rest & self._rare_chars())  # the rare literals that may occur
            found.update(n for n in maybe if self.positions(n))
        self._present[needles] = frozenset(found)
        return found

    def _rare_chars(self) -> set[str]:
        """The non-ASCII literals that hold one of the text's characters (memoised)."""
        if self._rare_here is None:
            by_char = _REGISTRY.by_char
            self._rare_here = set().union(*(by_char[c] for c in by_char.keys() & self.chars()))
        return self._rare_here

    def may(self, rx: re.Pattern[str]) -> bool:
        """Whether ``rx`` may match anywhere in the text: False when a literal every match
        holds (:func:`required`) is absent, so a search in any part of it would fail."""
        found = self._may.get(id(rx))
        if found is None:
            needed = required(rx)
            found = self._may[id(rx)] = needed is None or bool(self.present(needed))
        return found

    def first(self, needle: str, start: int = 0) -> int:
        """The first start of ``needle`` at or after ``start``, or -1 (``str.find``)."""
        pos = self.positions(needle)
        i = bisect_left(pos, start) if start else 0
        return pos[i] if i < len(pos) else -1

    def within(self, needle: str, lo: int, hi: int) -> list[int]:
        """The starts of ``needle`` in ``[lo, hi]``."""
        pos = self.positions(needle)
        return pos[bisect_left(pos, lo) : bisect_left(pos, hi + 1)]
