"""Globs as Claude Code matches them: a rule's ``paths:`` (:func:`glob_matches`, against a
checkout-relative path) and ``claudeMdExcludes`` (:class:`Excludes`, every pattern against
an absolute path at once). Each glob's brace expansions become tokens, and a path is run
through them with every token position tracked at once: time is the path's length times
the tokens, whatever the glob. :mod:`memdir.core.instructions` reads the files that name
them. See docs/design/instructions.md."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

_PLAIN_PART = re.compile(r"\*\*/|\*\*|\*|\?|[^*?\[]+")
#: A POSIX class inside a bracket class (``[[:alpha:]_]``), ASCII as picomatch reads it
_POSIX_GROUP = re.compile(r"\[:([a-z]{1,10}):\]")
_POSIX = {
    "alnum": "a-zA-Z0-9",
    "alpha": "a-zA-Z",
    "ascii": "\\x00-\\x7f",
    "blank": " \\t",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "\\x21-\\x7e",
    "lower": "a-z",
    "print": "\\x20-\\x7e",
    "punct": "!-/:-@\\[-`{-~",
    "space": " \\t\\n\\r\\f\\v",
    "upper": "A-Z",
    "word": "A-Za-z0-9_",
    "xdigit": "0-9A-Fa-f",
}
#: A brace with a comma and no brace inside: the text up to its first comma has none, so
#: no comma is tried as the split (``[^{}]*,`` made ``{`` and 100 KB of commas quadratic)
_BRACE = re.compile(r"\{([^{},]*,[^{}]*)\}")
MAX_BRACE_PATTERNS = 64
#: The tokens (wildcards, characters, classes) of every brace expansion of every
#: claudeMdExcludes pattern together: matching a file costs its path's length times at most
#: this, whatever the patterns (a clone's settings cannot make a session start hang).
MAX_EXCLUDE_TOKENS = 4096


def split_globs(text: str) -> list[str]:
    """``"a/**, b/*.{ts,tsx}"`` as two globs: a comma outside braces parts them."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "{") - (ch == "}" and depth > 0)
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


def _braces(pattern: str) -> list[str]:
    """``src/*.{ts,tsx}`` as ``src/*.ts`` and ``src/*.tsx``, as Claude Code expands a rule
    glob's braces (nested ones too); past :data:`MAX_BRACE_PATTERNS` the rest stay literal."""
    out: list[str] = []
    todo = [pattern]
    while todo:
        p = todo.pop(0)
        m = _BRACE.search(p)
        if m is None or len(out) + len(todo) + m[1].count(",") >= MAX_BRACE_PATTERNS:
            out.append(p)
            continue
        todo[:0] = [p[: m.start()] + alt + p[m.end() :] for alt in m[1].split(",")]
    return out


def _class_ends(glob: str) -> list[int]:
    """For each position, where a class body read from there stops: the first ``]`` or
    ``/`` not inside a POSIX group nor escaped (``\\]`` is a member, as minimatch and
    picomatch read it; ``len(glob)``: none). Right to left, so linear."""
    ends = [len(glob)] * (len(glob) + 2)
    for i in range(len(glob) - 1, -1, -1):
        if glob[i] in "]/":
            ends[i] = i
            continue
        if glob[i] == "\\" and glob[i + 1 : i + 2] not in ("", "/"):
            ends[i] = ends[i + 2]
            continue
        group = _POSIX_GROUP.match(glob, i) if glob[i] == "[" else None
        ends[i] = ends[group.end()] if group else ends[i + 1]
    return ends


def _pieces(glob: str) -> list[str]:
    """A glob's pieces: ``**/``, ``**``, ``*``, ``?``, a bracket class, a run of other
    characters, a ``[`` that opens no class. A class is ``[``, an optional ``!`` or ``^``,
    an optional ``]`` (a member when first, as picomatch and minimatch read ``[]a]``), then
    members and POSIX groups (``[:alpha:]``) up to a ``]``, no ``/`` between. In linear
    time: each position's stop is computed once (a search from each ``[``: 40 KB of ``[a``
    in a cloned repository's rule took 2.6 s CPU, 250 KB minutes)."""
    out: list[str] = []
    ends = _class_ends(glob) if "[" in glob else []
    at = 0
    while at < len(glob):
        if glob[at] == "[":
            first = at + 1 + (glob[at + 1 : at + 2] in ("!", "^"))
            first += glob[first : first + 1] == "]"
            stop = ends[min(first, len(glob))]
            end = stop + 1 if stop < len(glob) and glob[stop] == "]" else at + 1
        else:
            plain = _PLAIN_PART.match(glob, at)
            assert plain is not None  # any character but "[" starts one of them
            end = plain.end()
        out.append(glob[at:end])
        at = end
    return out


def _class(body: str) -> re.Pattern[str] | None:
    """A bracket class's body (``a-z_``, ``!0-9``, ``^0-9``, ``]a``, ``[:alpha:]_``) as a
    one-character pattern: each character escaped, ``\\x`` the member x (``\\]``,
    ``\\-``, ``\\\\``), each ``x-y`` a range (``-`` first or last is itself), each POSIX
    group its ASCII class (an unknown one adds nothing); None for a range out of order
    (``z-a``) or an empty class (``!`` alone, ``[:bogus:]``). Built item by item, so no
    ``--``, ``&&`` or ``[`` in a cloned repository's glob reads as a set operation Python
    warns of."""
    negate = body.startswith(("!", "^"))  # "^" too, as picomatch and minimatch read it
    chars, out, at = body[1:] if negate else body, [], 0

    def member(at: int) -> tuple[str, int]:  # a character, ``\\x`` being x; where next
        escaped = chars[at] == "\\" and at + 1 < len(chars)
        return chars[at + escaped], at + 1 + escaped

    while at < len(chars):
        group = _POSIX_GROUP.match(chars, at) if chars[at] == "[" else None
        if group is not None:
            out.append(_POSIX.get(group[1], ""))
            at = group.end()
            continue
        low, at = member(at)
        if at + 1 < len(chars) and chars[at] == "-":
            high, at = member(at + 1)
            if low > high:
                return None
            out.append(f"{re.escape(low)}-{re.escape(high)}")
        else:
            out.append(re.escape(low))
    if not "".join(out):
        return None
    return re.compile("[" + ("^" if negate else "") + "".join(out) + "]")


_WILD = {"**/": 0, "**": 1, "*": 2, "?": 3}  # folders then "/", anything, a name's run, a char
_Token = int | str | re.Pattern[str]


@functools.lru_cache(maxsize=256)
def _glob_tokens(pattern: str, limit: int | None = None) -> tuple[tuple[_Token, ...], ...] | None:
    """Each brace expansion of a glob (a rule's ``paths``, a ``claudeMdExcludes`` pattern)
    as tokens (wildcards, characters, bracket classes); None when a class :func:`_class`
    refuses (``[z-a]``, ``[!]``) makes the whole glob a literal, so neither a rule file nor
    a settings file ever breaks a session start. Past ``limit`` tokens the expansions stop
    there (the caller drops such a pattern unread: 64 expansions of 4 KB cost seconds)."""
    globs: list[tuple[_Token, ...]] = []
    size = 0
    for glob in _braces(pattern.strip()):
        if limit is not None and size > limit:
            break
        tokens: list[_Token] = []
        for piece in _pieces(glob.strip().lstrip("/")):
            if piece in _WILD:
                tokens.append(_WILD[piece])
            elif piece.startswith("[") and len(piece) > 2:
                cls = _class(piece[1:-1])
                if cls is None:
                    return None
                tokens.append(cls)
            else:
                tokens.extend(piece)
        globs.append(tuple(tokens))
        size += len(tokens) + 1
    return tuple(globs)


def _closure(tokens: Sequence[_Token | None], states: Iterable[int]) -> frozenset[int]:
    """``states`` and the positions they reach by matching nothing (``**/``, ``**``, ``*``
    may); a state ``~j`` is inside the folders token ``j`` matches, None ends a glob."""
    todo, out = list(states), set()
    while todo:
        i = todo.pop()
        if i not in out:
            out.add(i)
            if i >= 0 and tokens[i] in (0, 1, 2):  # each may match nothing
                todo.append(i + 1)
    return frozenset(out)


def _run(tokens: Sequence[_Token | None], states: frozenset[int], text: str) -> frozenset[int]:
    """The states after reading ``text`` from ``states`` (empty: no glob can match)."""
    for c in text:
        step: set[int] = set()
        for i in states:
            j = ~i if i < 0 else i  # ~j: inside the folders token j matches
            t = tokens[j]
            if t is None:
                continue
            if t == 0:  # "**/": folders, which end with "/"
                step |= {~j, j + 1} if c == "/" else {~j}
            elif t == 1 or (t == 2 and c != "/"):
                step.add(i)
            elif (t == 3 and c != "/") or t == c or (isinstance(t, re.Pattern) and t.match(c)):
                step.add(i + 1)
        if not step:
            return frozenset()
        states = _closure(tokens, step)
    return states


def _match(tokens: tuple[_Token, ...], path: str) -> bool:
    """Whether ``path`` matches (or lies under a folder matching) the glob: every token
    position tracked at once, so time is len(path) x len(tokens) whatever the glob (a
    backtracking regex takes exponential time on ``*a*a*a…b``)."""
    end = len(tokens)
    automaton = (*tokens, None)
    states = _closure(automaton, {0})
    for c in path:
        if end in states and c == "/":
            return True  # a folder pattern matches everything under it
        states = _run(automaton, states, c)
        if not states:
            return False
    return end in states


def glob_matches(pattern: str, path: str) -> bool:
    """Whether a checkout-relative ``path`` matches a rule glob (``**`` spans folders,
    ``*`` and ``?`` do not; a folder pattern matches everything under it)."""
    while path.startswith("./"):
        path = path[2:]
    path = path.lstrip("/")
    globs = _glob_tokens(pattern)
    if globs is None:
        literal = pattern.strip().lstrip("/")
        return path == literal or path.startswith(literal + "/")
    return any(_match(tokens, path) for tokens in globs)


class Excludes:
    """The claudeMdExcludes patterns as one automaton: every brace expansion of every
    pattern tracked at once, each path read once (a folder's states kept for the files
    under it), so a file costs its path's length times at most
    :data:`MAX_EXCLUDE_TOKENS`. A pattern matches the whole absolute path, as Claude
    Code's glob does (``/a/b`` is not ``/a/b/**``). ``dropped``: the patterns past that
    many tokens, not used (the caller notes them)."""

    def __init__(self, found: Sequence[tuple[str, Path]]) -> None:
        self.patterns: list[tuple[str, Path]] = []
        self.literals: dict[str, int] = {}
        self.tokens: list[_Token | None] = []  # None: the end of a pattern's expansion
        self.owner: dict[int, int] = {}  # an end's index: its pattern's
        starts: list[int] = []
        self.dropped = 0
        for pattern, source in found:
            globs = _glob_tokens(pattern, MAX_EXCLUDE_TOKENS)
            size = sum(len(g) + 1 for g in globs) if globs is not None else 0
            if len(self.tokens) + size > MAX_EXCLUDE_TOKENS:
                self.dropped += 1
                continue
            n = len(self.patterns)
            self.patterns.append((pattern, source))
            if globs is None:
                self.literals.setdefault(pattern.strip().lstrip("/"), n)
                continue
            for glob in globs:
                starts.append(len(self.tokens))
                self.tokens += glob
                self.owner[len(self.tokens)] = n
                self.tokens.append(None)
        self.start = _closure(self.tokens, starts)
        self.seen: dict[str, frozenset[int]] = {"": self.start}

    def _states(self, path: str) -> frozenset[int]:
        cut = path.rfind("/") + 1
        folder = path[:cut]
        states = self.seen.get(folder)
        if states is None:
            states = _run(self.tokens, self._states(folder[:-1]) if folder else self.start, "/")
            states = self.seen.setdefault(folder, states) if len(self.seen) < 4096 else states
        return _run(self.tokens, states, path[cut:])

    def first(self, name: str) -> int | None:
        """The first pattern matching the absolute path ``name``, or None."""
        name = name.lstrip("/")
        hits = [self.owner[i] for i in self._states(name) if i >= 0 and i in self.owner]
        if name in self.literals:
            hits.append(self.literals[name])
        return min(hits, default=None)
