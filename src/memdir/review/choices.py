"""Which value of a choice (a package manager, tabs or spaces…) an entry prefers, in
English, Chinese and Japanese: a value after a verb of use, or a Japanese ``… を使う``,
that no negation (never, 不要, 别, 使わない…) cancels. See docs/design/review.md
(conflict)."""

from __future__ import annotations

import functools
import re
import unicodedata

CHOICES = (
    ("npm", "pnpm", "yarn", "bun"),
    ("pip", "poetry", "uv", "pipenv", "conda"),
    ("tabs", "spaces"),
    ("jest", "vitest", "mocha"),
    ("black", "ruff format", "yapf"),
    ("unittest", "pytest"),
    ("mysql", "postgresql", "postgres", "sqlite"),
    ("webpack", "vite", "esbuild", "rollup"),
    ("rebase", "merge commits"),
)
_END = r"(?![a-z0-9_])"  # not \b: a CJK letter is \w, and 用pnpm不要 has no spaces
_VERB = (  # an English verb is a word of its own ("because npm" is no use of npm)
    r"(?<![a-z0-9_])(?:use|uses|using|prefer|prefers|with|run|runs|always)\s+"
    r"|(?:使用|采用|改用|选用|换用|换成|改成|用|始终|总是|一律|常に|いつも)\s*"
)
#: Japanese puts the verb after its object; a negated or forbidding form is no preference
_JA_USE = (
    r"\s*を\s*(?:使用(?!しな|せず|しませ|禁止|しては)|利用(?!しな|せず|しませ)"
    r"|使(?!わ|用|いませ|っては))"
)
#: a negation just before the verb cancels it: "never use npm", "不要用 npm", "别再用 npm"
_NEGATED = re.compile(
    r"(?:never|not|n't|avoid|(?:不要|不能|不准|不许|不得|不可以|不可|不应该|不应|不|别|別|勿|禁止)再?)\s*$"
)


def preferred(text: str, group: tuple[str, ...]) -> frozenset[str]:
    """The values of ``group`` that ``text`` prefers; failing any, the one it mentions
    (if it mentions only one)."""
    return _prefers(unicodedata.normalize("NFKC", text).lower(), group)


@functools.lru_cache(maxsize=16384)
def _prefers(text: str, group: tuple[str, ...]) -> frozenset[str]:
    said = frozenset(v for v in group if _used(text, re.escape(v)))
    if said:
        return said
    mentioned = frozenset(
        v for v in group if re.search(rf"(?<![a-z0-9_]){re.escape(v)}{_END}", text)
    )
    return mentioned if len(mentioned) == 1 else frozenset()


def _used(text: str, value: str) -> bool:
    forms = rf"(?:{_VERB})`?{value}{_END}|(?<![a-z0-9_])`?{value}{_END}`?{_JA_USE}"
    return any(
        not _NEGATED.search(text[max(0, m.start() - 8) : m.start()])
        for m in re.finditer(forms, text)
    )
