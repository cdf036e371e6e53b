"""Rule engine: token-gated, lazily compiled regex rules matched at their anchors.
See docs/design/guard.md."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import itemgetter

from ._build import lit
from ._dispatch import alternatives
from ._needles import Occurrences, register

_KEY = 4  # shortest stem a token-prefix gate accepts
_PREFIX_LENGTHS = (4, 6, 8)  # token prefix sets built per scan


@dataclass(frozen=True)
class Finding:
    """One reason the guard refuses a write.

    ``rule`` is a stable id (``injection.ignore-previous``), ``category`` its family,
    ``reason`` one sentence for a human or a model, ``excerpt`` the matched text (at most
    60 chars, invisible characters shown as ``<U+XXXX>``, secrets masked).
    """

    rule: str
    category: str
    reason: str
    excerpt: str


@dataclass(frozen=True)
class Rule:
    """A pattern, the anchors it starts with, and other words it needs.

    Every match of ``pattern`` starts with the first word of one of ``anchors``; the
    regex is tried only at those positions. ``requires`` lists further groups; each must
    have a word that may be present for the rule to run at all. With ``near``, a start is
    only tried when one of those words follows within ``span`` characters (the pattern's
    second component). ``accept`` can veto a match (e.g. a negated sentence). Anchors,
    and the pattern unless ``folded=False``, are NFKC-casefolded on construction.
    """

    id: str
    category: str
    reason: str
    anchors: tuple[str, ...]
    pattern: str
    requires: tuple[tuple[str, ...], ...] = ()
    near: tuple[str, ...] = ()
    span: int = 120
    accept: Callable[[re.Match[str]], bool] | None = field(default=None, compare=False)
    folded: bool = True

    def __post_init__(self) -> None:
        # Written by hand in any normalisation form; matched against NFKC-casefolded text.
        object.__setattr__(self, "anchors", tuple(lit(a) for a in self.anchors))
        object.__setattr__(self, "requires", tuple(tuple(lit(a) for a in g) for g in self.requires))
        object.__setattr__(self, "near", tuple(lit(a) for a in self.near))
        if self.folded:
            object.__setattr__(self, "pattern", lit(self.pattern))

    def regex(self) -> re.Pattern[str]:
        """The compiled pattern (cached across rules with the same source)."""
        return _compile(self.pattern)


@functools.cache
def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.DOTALL)


# --- gates -----------------------------------------------------------------------------

# Every ASCII byte except [a-z0-9] separates tokens; bytes >= 0x80 belong to tokens.
_SPLIT = bytes(b if (48 <= b <= 57 or 97 <= b <= 122 or b >= 128) else 32 for b in range(256))
# Leading punctuation that sticks to a token outside ASCII: quotes, ¿¡, 「」, dashes.
_LEADING = "“”‘’‚„«»‹›¿¡「」『』【】《》〈〉—–…·、。"
# Scripts written without spaces (or with clitics glued on): gate by script + substring.
_SCRIPTS: tuple[tuple[str, int, int, tuple[bytes, ...]], ...] = (
    ("kana", 0x3040, 0x30FF, (b"\xe3\x81", b"\xe3\x82", b"\xe3\x83")),
    ("han", 0x3400, 0x9FFF, (b"\xe4", b"\xe5", b"\xe6", b"\xe7", b"\xe8", b"\xe9")),
    ("hangul", 0xAC00, 0xD7AF, (b"\xea", b"\xeb", b"\xec", b"\xed")),
    ("thai", 0x0E00, 0x0E7F, (b"\xe0\xb8", b"\xe0\xb9")),
    ("arabic", 0x0600, 0x06FF, (b"\xd8", b"\xd9", b"\xda", b"\xdb")),
)

# ("pre", token prefix bytes) | ("word", whole token bytes) | ("chr", c)
# | ("sub", literal) | (script, literal)
Gate = tuple[str, str | bytes]


def _script(ch: str) -> str | None:
    cp = ord(ch)
    for name, lo, hi, _ in _SCRIPTS:
        if lo <= cp <= hi:
            return name
    return None


@functools.cache
def gates(anchor: str) -> tuple[Gate, ...]:
    """The gate conditions (all must hold) implied by one anchor literal.

    Words that end inside the anchor (followed by a separator) must be whole tokens;
    the last word may be a stem, so only its first bytes are required.
    """
    for ch in anchor:
        script = _script(ch)
        if script is not None:
            return ((script, anchor),)
    words = anchor.encode("utf-8").translate(_SPLIT)
    parts = words.split(b" ")
    toks = [p for p in parts if p]
    if not toks:
        if len(anchor.strip()) > 1:
            return (("sub", anchor.strip()),)
        return (("chr", max(anchor, key=_rarity)),)
    out: list[Gate] = []
    complete = words.rstrip(b" ") != words  # a separator after the last word
    for i, tok in enumerate(toks):
        whole = i < len(toks) - 1 or complete
        if whole:
            out.append(("word", tok))
        elif len(tok) >= _KEY:
            # Prefix sets exist for a few lengths only; compare the longest that fits.
            out.append(("pre", tok[: max(n for n in _PREFIX_LENGTHS if n <= len(tok))]))
        elif i == 0:  # a short stem ("~/.ssh"): fall back to a substring test
            out.append(("sub", anchor.strip()))
    return tuple(out)


def _rarity(ch: str) -> int:
    i = _COMMON.find(ch)
    return len(_COMMON) if i == -1 else i


_COMMON = " etaoinsrhldcumfpgwybvkxjqz0123456789.,-'\"/:;()_=<>[]{}!?*&%$#@~`|\\^+"


class _Gates:
    """The token and token-prefix gate values of every rule set built so far: a text's tokens
    are intersected with them once, then each rule set with that (much smaller) result."""

    def __init__(self) -> None:
        self.words: frozenset[bytes] = frozenset()
        self.prefixes: dict[int, frozenset[bytes]] = {}
        self.version = 0

    def add(self, words: frozenset[bytes], prefixes: dict[int, frozenset[bytes]]) -> None:
        self.words = self.words | words
        for n, values in prefixes.items():
            self.prefixes[n] = self.prefixes.get(n, frozenset()) | values
        self.version += 1


_GATES = _Gates()


class Text:
    """A folded haystack with lazily built token sets and memoised word positions."""

    __slots__ = ("_bytes", "_gated", "_prefixes", "_scripts", "_words", "found", "s")

    def __init__(self, s: str) -> None:
        self.s = s
        self.found = Occurrences(s)
        self._scripts: dict[str, bool] = {}
        self._bytes: bytes | None = None
        self._words: set[bytes] | None = None
        self._prefixes: dict[int, set[bytes]] = {}
        self._gated: dict[int, tuple[int, set[bytes]]] = {}  # see gated

    def raw(self) -> bytes:
        """The text as UTF-8 (lone surrogates passed through)."""
        if self._bytes is None:
            self._bytes = self.s.encode("utf-8", "surrogatepass")
        return self._bytes

    def words(self) -> set[bytes]:
        """Every token (bytes), tokens split on ASCII non-alphanumerics."""
        if self._words is None:
            toks = set(self.raw().translate(_SPLIT).split())
            for t in [t for t in toks if t[0] in (0xC2, 0xE2, 0xE3)]:
                stripped = t.decode("utf-8", "surrogateescape").lstrip(_LEADING)
                if stripped:
                    toks.add(stripped.encode("utf-8", "surrogateescape"))
            self._words = toks
        return self._words

    def prefixes(self, n: int) -> set[bytes]:
        """The first ``n`` bytes of every token (shorter tokens whole: they never equal an
        ``n``-byte gate), memoised per ``n``."""
        found = self._prefixes.get(n)
        if found is None:
            found = self._prefixes[n] = set(map(itemgetter(slice(None, n)), self.words()))
        return found

    def gated(self, n: int) -> set[bytes]:
        """Those of the text's tokens (``n`` 0) or ``n``-byte token prefixes that some rule
        set gates on (memoised until another rule set is built)."""
        known = self._gated.get(n)
        if known is None or known[0] != _GATES.version:
            values = _GATES.prefixes.get(n, frozenset()) if n else _GATES.words
            mine = self.prefixes(n) if n else self.words()
            known = self._gated[n] = _GATES.version, mine & values
        return known[1]

    def chars(self) -> set[str]:
        """Every distinct character of the text (memoised)."""
        return self.found.chars()

    def has_script(self, name: str) -> bool:
        """Whether any character of the script ``name`` may occur (a byte-level test)."""
        present = self._scripts.get(name)
        if present is None:
            raw = self.raw()
            leads = next(sc[3] for sc in _SCRIPTS if sc[0] == name)
            present = any(b[:1] in raw and b in raw for b in leads)
            self._scripts[name] = present
        return present

    def passes(self, gate: Gate) -> bool:
        """Whether a substring or script gate holds (token gates are checked in bulk)."""
        kind, value = gate
        assert isinstance(value, str)
        if kind in ("chr", "sub"):
            return bool(self.found.positions(value))
        if not self.has_script(kind):
            return False
        # one C-level pass, then most anchors fail on a set test
        return self.chars().issuperset(value) and bool(self.found.positions(value))


def _before(text: Text, needles: set[str], near: list[str], span: int) -> list[int]:
    """Where a needle occurs at most ``span`` characters before one of the ``near`` words.

    The near words are the rarer second half of a pattern, so they are located first and
    the needles are searched for only in the stretches in front of them; when those
    stretches cover much of the text, the needles are located everywhere and filtered.
    """
    spots = sorted({p for a in near for p in text.found.positions(_longest_word(a))})
    if not spots:
        return []
    stretches: list[list[int]] = []
    for spot in spots:
        lo = max(0, spot - span)
        if stretches and lo <= stretches[-1][1]:
            stretches[-1][1] = spot + 1
        else:
            stretches.append([lo, spot + 1])
    s = text.s
    # Each stretch costs a find call per needle; past a few dozen, one pass is cheaper.
    if len(stretches) > 24 or sum(hi - lo for lo, hi in stretches) * 4 > len(s):
        starts = sorted({p for n in needles for p in text.found.positions(n)})
        return [p for p in starts if _has_spot(spots, p, p + span)]
    found: set[int] = set()
    for needle in needles:
        if len(needle) > len(s):
            continue
        for lo, hi in stretches:
            # a match must start in [lo, hi] and end inside the text
            found.update(text.found.within(needle, lo, min(hi, len(s) - len(needle))))
    return sorted(found)


def _has_spot(spots: list[int], lo: int, hi: int) -> bool:
    i = bisect.bisect_left(spots, lo)
    return i < len(spots) and spots[i] <= hi


@functools.cache
def _longest_word(anchor: str) -> str:
    """The longest space-free piece of an anchor: the most selective thing to find."""
    return max(anchor.split(), key=len) if anchor.strip() else anchor


@functools.cache
def _first_word(anchor: str) -> str:
    """The part of an anchor located with find: up to its first space (whitespace varies)."""
    head = anchor.strip().split(" ", 1)[0]
    return head or anchor


class RuleSet:
    """Rules with their anchors' gates indexed, so one scan evaluates each gate once.

    Per scan the cost is a set intersection for the token gates, one test per substring
    or script gate, and then work only for the rules whose gates all pass.
    """

    def __init__(self, rules: tuple[Rule, ...]) -> None:
        self.rules = rules
        ids: dict[str, int] = {}
        self._anchors: list[str] = []
        self._need: list[int] = []  # number of distinct gates per anchor
        self._by_gate: dict[Gate, list[int]] = {}

        def anchor_id(a: str) -> int:
            if a not in ids:
                ids[a] = len(self._anchors)
                self._anchors.append(a)
                gs = set(gates(a))
                self._need.append(len(gs))
                for g in gs:
                    self._by_gate.setdefault(g, []).append(ids[a])
            return ids[a]

        self._trigger = [frozenset(anchor_id(a) for a in r.anchors) for r in rules]
        self._requires = [
            tuple(frozenset(anchor_id(a) for a in g) for g in r.requires) for r in rules
        ]
        self._near = [frozenset(anchor_id(a) for a in r.near) for r in rules]
        # Each gate gets a number; per gate, the anchors it alone opens and those that
        # need it and other gates as well.
        gate_ids = {g: i for i, g in enumerate(self._by_gate)}
        self._single: list[list[int]] = [
            [a for a in anchors if self._need[a] == 1] for anchors in self._by_gate.values()
        ]
        self._multi: list[list[int]] = [
            [a for a in anchors if self._need[a] > 1] for anchors in self._by_gate.values()
        ]
        self._pre_ids: dict[int, dict[bytes, int]] = {}
        self._word_ids: dict[bytes, int] = {}
        self._sub_ids: dict[str, list[int]] = {}  # substring gates ("chr", "sub") by literal
        self._by_first: dict[str, list[tuple[Gate, int]]] = {}
        for g, i in gate_ids.items():
            kind, value = g
            if kind == "pre" and isinstance(value, bytes):
                self._pre_ids.setdefault(len(value), {})[value] = i
            elif kind == "word" and isinstance(value, bytes):
                self._word_ids[value] = i
            elif kind in ("chr", "sub") and isinstance(value, str):
                self._sub_ids.setdefault(value, []).append(i)
            elif isinstance(value, str):  # script gates, keyed by their first character
                self._by_first.setdefault(value[0], []).append((g, i))
        self._pre_gates = {n: frozenset(ids) for n, ids in self._pre_ids.items()}
        self._word_gates = frozenset(self._word_ids)
        _GATES.add(self._word_gates, self._pre_gates)
        self._sub_values = frozenset(self._sub_ids)
        self._first_words = [_first_word(a) for a in self._anchors]
        register(v for k, v in self._by_gate if isinstance(v, str))
        # First words are located only for the anchors that pass their gates; one- and
        # two-letter ones ("a", "in") occur everywhere and are cheaper to find when asked.
        register(w for w in self._first_words if len(w) > 2)
        self._rules_of: list[list[int]] = [[] for _ in self._anchors]
        for i, trigger in enumerate(self._trigger):
            for a in trigger:
                self._rules_of[a].append(i)

    def _live(self, text: Text) -> set[int]:
        """Ids of the anchors that may occur in ``text``."""
        word_ids = self._word_ids
        passing = [word_ids[v] for v in self._word_gates & text.gated(0)]
        for n, values in self._pre_gates.items():
            pre_ids = self._pre_ids[n]
            passing += [pre_ids[v] for v in values & text.gated(n)]
        for v in text.found.present(self._sub_values):
            passing += self._sub_ids[v]
        if not text.s.isascii():
            for ch in self._by_first.keys() & text.chars():
                passing += [i for g, i in self._by_first[ch] if text.passes(g)]
        live: set[int] = set()
        count: dict[int, int] = {}
        single, multi = self._single, self._multi
        for i in passing:
            live.update(single[i])
            for a in multi[i]:
                count[a] = count.get(a, 0) + 1
        live.update(a for a, n in count.items() if n == self._need[a])
        return live

    def _candidates(self, text: Text) -> list[tuple[Rule, list[int]]]:
        """Rules whose gates pass, each with the positions where a match may start."""
        live = self._live(text)
        out: list[tuple[Rule, list[int]]] = []
        positions = text.found.positions
        picked: dict[int, list[int]] = {}  # rule -> its live trigger anchors
        for a in live:
            for i in self._rules_of[a]:
                picked.setdefault(i, []).append(a)
        for i in sorted(picked):  # in rule order: ``first`` reports the first rule that matches
            rule, requires, near = self.rules[i], self._requires[i], self._near[i]
            if any(g.isdisjoint(live) for g in requires):
                continue
            if near and near.isdisjoint(live):
                continue
            needles = {self._first_words[a] for a in picked[i]}
            if near:
                words = [self._anchors[a] for a in near & live]
                ordered = _before(text, needles, words, rule.span)
            elif len(needles) == 1:
                ordered = positions(next(iter(needles)))  # sorted, each once
            else:
                ordered = sorted({p for n in needles for p in positions(n)})
            if ordered:
                out.append((rule, ordered))
        return out

    def first(self, text: Text, target: str | None = None) -> tuple[Rule, re.Match[str]] | None:
        """The first rule (in order) with an accepted match, and that match.

        ``target`` is the string to match (default ``text.s``); it must have the same
        offsets as ``text.s`` (used to match case-sensitively on unfolded text).
        """
        s = text.s if target is None else target
        for rule, starts in self._candidates(text):
            # ``target`` may differ from the text at a start: keyed by it, keys would not
            # be bounded by the rule's literals
            by_char = alternatives(rule.pattern) if target is None else None
            whole = rule.regex() if by_char is None else None
            end = -1
            for p in starts:
                if p < end:
                    continue
                rx = whole if by_char is None else by_char[s[p]]
                m = None if rx is None else rx.match(s, p)
                if m is None:
                    continue
                if rule.accept is None or rule.accept(m):
                    return rule, m
                end = m.end()  # a rejected match: its tail would be re-scanned from each anchor
        return None

    def every(self, text: Text, target: str | None = None) -> list[tuple[Rule, re.Match[str]]]:
        """Every accepted match of every rule (non-overlapping within one rule)."""
        s = text.s if target is None else target
        found: list[tuple[Rule, re.Match[str]]] = []
        for rule, starts in self._candidates(text):
            by_char = alternatives(rule.pattern) if target is None else None
            whole = rule.regex() if by_char is None else None
            end = -1
            for p in starts:
                if p < end:
                    continue
                rx = whole if by_char is None else by_char[s[p]]
                m = None if rx is None else rx.match(s, p)
                if m is None:
                    continue
                if rule.accept is None or rule.accept(m):
                    found.append((rule, m))
                end = m.end()  # accepted or not: never re-scan a matched run from each anchor
        return found
