"""Whether git ignores a path in a checkout: git's rules (gitignore(5), the order of its
``dir.c``, its ``wildmatch``) read from the checkout's ignore files, matched in time
bounded by the files' size, whatever their patterns. (docs/design/instructions.md)"""

from __future__ import annotations

import logging
import os
import re
import stat
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from dulwich.wildmatch import MalformedPattern, translate_bracket_expression

from .regular import read_bytes

log = logging.getLogger(__name__)

#: A larger ignore file is skipped with a warning, as git skips one over 100 MiB: no
#: real one comes near, and the bound keeps the time of a check bounded.
MAX_FILE_BYTES = 1 << 20
#: Rules matched by pattern (not by exact name) for one path, all folders above it
#: included: past this many the path is read as not ignored, with a warning. Real
#: checkouts stay far below; nested 1 MiB files of ``*[q]*`` took minutes without it.
MAX_MATCHES = 100_000


class _TooMuch(Exception):
    """One path's check went past :data:`MAX_MATCHES`."""


_SLASH = 0x2F
_SPECIAL = re.compile(rb"[*?[\\]")  # git's is_glob_special
#: Every byte but those that end a literal tail made NUL, so rstrip finds the last one.
_TAIL = bytes(c if c in b"*?[]\\" else 0 for c in range(256))

# Token kinds of a compiled pattern: a byte, ``?``, a bracket class, ``*`` (no slash),
# any string (a ``**`` that spans folders), and ``**/`` (no folder, or any that end in /).
_LIT, _ONE, _SET, _STAR, _ANY, _DIRS = range(6)
_Token = tuple[int, int, "re.Pattern[bytes] | None"]


@lru_cache(maxsize=4096)
def _bracket(fragment: bytes, fold: bool) -> re.Pattern[bytes]:
    return re.compile(fragment, re.IGNORECASE if fold else 0)


def _tokens(pattern: bytes, fold: bool) -> list[_Token] | None:
    """``pattern`` as wildmatch (WM_PATHNAME) reads it; None if it can match nothing (a
    malformed class, a trailing backslash)."""
    out: list[_Token] = []
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == 0x5C:  # a backslash: the next byte as it is
            if i + 1 == n:
                return None
            c = pattern[i + 1]
            out.append((_LIT, c | 0x20 if fold and 0x41 <= c <= 0x5A else c, None))
            i += 2
        elif c == 0x3F:
            out.append((_ONE, 0, None))
            i += 1
        elif c == 0x5B:
            try:
                i, fragment = translate_bracket_expression(pattern, i + 1)
            except MalformedPattern:
                return None
            out.append((_SET, 0, _bracket(fragment, fold)))
        elif c == 0x2A:
            j = i
            while j < n and pattern[j] == 0x2A:
                j += 1
            whole = j - i > 1 and (i == 0 or pattern[i - 1] == _SLASH)
            if whole and j == n:
                out.append((_ANY, 0, None))
            elif whole and pattern[j] == _SLASH:
                if not out or out[-1][0] != _DIRS:
                    out.append((_DIRS, 0, None))
                j += 1
            elif whole and pattern[j : j + 2] == b"\\/":
                out.append((_ANY, 0, None))
            else:
                out.append((_STAR, 0, None))
            i = j
        else:
            out.append((_LIT, c | 0x20 if fold and 0x41 <= c <= 0x5A else c, None))
            i += 1
    return out


def _close(tokens: list[_Token], states: set[int], boundary: bool) -> set[int]:
    """``states`` and those reached from them without reading a byte."""
    todo, n = list(states), len(tokens)
    while todo:
        s = todo.pop()
        if s < n:
            kind = tokens[s][0]
            if (kind in (_STAR, _ANY) or (kind == _DIRS and boundary)) and s + 1 not in states:
                states.add(s + 1)
                todo.append(s + 1)
    return states


def wildmatch(tokens: list[_Token], text: bytes) -> bool:
    """Whether ``tokens`` match all of ``text``: the set of pattern positions after each
    byte (a Thompson simulation), so the time is at most bytes x tokens, never more."""
    end = len(tokens)
    states = _close(tokens, {0}, True)
    for c in text:
        after: set[int] = set()
        for s in states:
            if s == end:
                continue
            kind, lit, cls = tokens[s]
            if kind == _LIT:
                if c == lit:
                    after.add(s + 1)
            elif kind in (_ANY, _DIRS) or (kind == _STAR and c != _SLASH):
                after.add(s)
            elif c != _SLASH and (kind == _ONE or (cls is not None and cls.match(bytes((c,))))):
                after.add(s + 1)
        if not after:
            return False
        states = _close(tokens, after, c == _SLASH)
    return end in states


def _trim(line: bytes) -> bytes:
    """A line without its trailing spaces, unless a backslash quotes one (as git trims)."""
    stripped = line.rstrip(b" ")
    if len(stripped) == len(line):
        return line
    backslashes = len(stripped) - len(stripped.rstrip(b"\\"))
    return stripped + b" " if backslashes % 2 else stripped


@dataclass
class Rule:
    """One pattern line, parsed as git's ``parse_path_pattern`` does."""

    pattern: bytes  # without "!", one trailing "/" and (with a slash) a leading "/"
    negative: bool
    dir_only: bool
    base_name: bool  # no slash: matched against the last part of a path only
    fold: bool
    head: bytes = b""  # the literal text before the first wildcard
    tail: bytes = b""  # the literal text after the last one (a match ends with it)
    literal: bool = False
    _tokens: list[_Token] | None = field(default=None, repr=False)
    _compiled: bool = field(default=False, repr=False)

    @classmethod
    def parse(cls, line: bytes, fold: bool) -> Rule:
        negative = line.startswith(b"!")
        pattern = line[1:] if negative else line
        dir_only = pattern.endswith(b"/")
        pattern = pattern[:-1] if dir_only else pattern
        base_name = _SLASH not in pattern
        if not base_name and pattern.startswith(b"/"):
            pattern = pattern[1:]
        rule = cls(pattern, negative, dir_only, base_name, fold)
        first = _SPECIAL.search(pattern)
        rule.literal = first is None
        rule.head = pattern if first is None else pattern[: first.start()]
        last = len(pattern.translate(_TAIL).rstrip(b"\0"))
        rule.tail = pattern[last:].removeprefix(b"/") if last else b""
        if fold:
            rule.head, rule.tail = rule.head.lower(), rule.tail.lower()
        return rule

    def matches(self, path: bytes, name: bytes) -> bool:
        """Whether the rule matches ``path`` (relative to its file's folder, lower case
        when folding) whose last part is ``name``."""
        text = name if self.base_name else path
        if not text.startswith(self.head) or not text.endswith(self.tail):
            return False
        if self.literal:
            return len(text) == len(self.head)
        if not self._compiled:  # git matches the text after the literal head afresh
            self._tokens = _tokens(self.pattern[len(self.head) :], self.fold)
            self._compiled = True
        return self._tokens is not None and wildmatch(self._tokens, text[len(self.head) :])


class RuleFile:
    """The rules of one ignore file, the last matching one deciding."""

    def __init__(self, data: bytes, fold: bool) -> None:
        self.rules: list[Rule] = []
        self._names: dict[bytes, list[int]] = {}  # literal base-name rules, by name
        self._others: list[int] = []
        for raw in data.removeprefix(b"\xef\xbb\xbf").split(b"\n"):
            if not raw or raw.startswith(b"#"):
                continue
            line = _trim(raw.removesuffix(b"\r").split(b"\0", 1)[0])
            if not line:
                continue
            rule = Rule.parse(line, fold)
            if rule.base_name and rule.literal:
                self._names.setdefault(rule.head, []).append(len(self.rules))
            else:
                self._others.append(len(self.rules))
            self.rules.append(rule)

    def last(self, path: bytes, name: bytes, is_dir: bool, spent: list[int]) -> Rule | None:
        """The last rule that matches ``path`` (a folder if ``is_dir``), or None; each
        rule matched by pattern counts in ``spent`` (:data:`MAX_MATCHES`)."""
        best = -1
        for i in reversed(self._names.get(name, ())):
            if is_dir or not self.rules[i].dir_only:
                best = i
                break
        for i in reversed(self._others):
            if i < best:
                break
            rule = self.rules[i]
            spent[0] += 1
            if spent[0] > MAX_MATCHES:
                raise _TooMuch
            if (is_dir or not rule.dir_only) and rule.matches(path, name):
                best = i
                break
        return self.rules[best] if best >= 0 else None


def read_rules(path: Path, fold: bool, follow: bool = True) -> RuleFile | None:
    """The rules in ``path``; None when it is missing, not a regular file, a symbolic link
    inside the checkout (git does not follow those) or too large (then with a warning)."""
    try:
        if not follow and stat.S_ISLNK(os.lstat(path).st_mode):
            return None
        return RuleFile(read_bytes(path, MAX_FILE_BYTES), fold)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        log.warning("ignoring the ignore file %s: %s", path, exc)
        return None


class Checkout:
    """Git's ignore rules of one checkout: each folder's ``.gitignore``, then
    ``info/exclude``, then ``core.excludesFile``."""

    def __init__(self, root: Path, globals_: list[RuleFile | None], fold: bool) -> None:
        self.root = root
        self.fold = fold
        self._globals = [g for g in globals_ if g is not None]
        self._dirs: dict[tuple[str, ...], RuleFile | None] = {}

    def _folder(self, parts: tuple[str, ...]) -> RuleFile | None:
        if parts not in self._dirs:
            where = self.root.joinpath(*parts, ".gitignore")
            self._dirs[parts] = read_rules(where, self.fold, follow=False)
        return self._dirs[parts]

    def _last(
        self,
        stack: list[tuple[int, RuleFile]],
        parts: list[bytes],
        is_dir: bool,
        spent: list[int],
    ) -> Rule | None:
        name = parts[-1]
        for depth, rules in reversed(stack):
            found = rules.last(b"/".join(parts[depth:]), name, is_dir, spent)
            if found is not None:
                return found
        whole = b"/".join(parts)
        for rules in self._globals:
            found = rules.last(whole, name, is_dir, spent)
            if found is not None:
                return found
        return None

    def ignored(self, relative: str, is_dir: bool) -> bool:
        """Whether git ignores ``relative`` (a ``/``-separated path in the checkout): a
        folder above it that is ignored settles it, as git reads no rule below one. Past
        :data:`MAX_MATCHES` it is not ignored: the checkout's own rules could say so too,
        so a hostile checkout gains nothing but loses the hang."""
        names = relative.split("/")
        parts = [os.fsencode(p).lower() if self.fold else os.fsencode(p) for p in names]
        stack: list[tuple[int, RuleFile]] = []
        spent = [0]
        try:
            for depth in range(len(parts)):
                if depth:
                    found = self._last(stack, parts[:depth], True, spent)
                    if found is not None and not found.negative:
                        return True
                rules = self._folder(tuple(names[:depth]))
                if rules is not None:
                    stack.append((depth, rules))
            found = self._last(stack, parts, is_dir, spent)
        except _TooMuch:
            log.warning(
                "read %s as not ignored by git: its ignore files hold over %d patterns to "
                "match for it",
                self.root / relative,
                MAX_MATCHES,
            )
            return False
        return found is not None and not found.negative
