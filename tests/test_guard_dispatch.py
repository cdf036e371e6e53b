"""A rule's alternatives narrowed to those that may start with the character at a try give the
same match as the whole rule (docs/design/guard.md, "Scan time, round 60")."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from memdir import guard
from memdir.guard import _concepts, _frames, _orders, _secrets
from memdir.guard._dispatch import _split, alternatives
from memdir.guard._engine import RuleSet

ROOT = Path(__file__).resolve().parents[1]


def _same_everywhere(pattern: str, s: str) -> None:
    whole = re.compile(pattern, re.DOTALL)
    by_char = alternatives(pattern)
    assert by_char is not None
    for p in range(len(s)):
        rx = by_char[s[p]]
        got = None if rx is None else rx.match(s, p)
        want = whole.match(s, p)
        assert (got and got.span()) == (want and want.span()), (pattern, s, p)


def test_split_reads_classes_escapes_and_groups() -> None:
    assert _split(r"a|[|]|\||(?:b|c)|[]|]|[^]|]") == ["a", "[|]", r"\|", "(?:b|c)", "[]|]", "[^]|]"]


def test_first_characters_of_optional_and_zero_width_leads() -> None:
    pattern = r"(?:ab)?c|\bd|(?<=x)e|[f-h]i|(?:j|k)?l|m*n"
    by_char = alternatives(pattern)
    assert by_char is not None
    assert by_char["z"] is None  # no alternative starts with z
    for s in ("c", "abc", "d", "xe", "gi", "jl", "l", "mmn", "n"):
        _same_everywhere(pattern, s)
    assert by_char["a"] is not None and by_char["a"].pattern == r"(?:ab)?c"
    assert by_char["c"] is not None and by_char["c"].pattern == r"(?:ab)?c"
    assert by_char["m"] is not None and by_char["m"].pattern == "m*n"
    assert by_char["n"] is not None and by_char["n"].pattern == "m*n"


def test_any_start_is_kept_with_every_character() -> None:
    # \w, a negated class, "." and a case-insensitive part may start with anything
    by_char = alternatives(r"x|\w+y|[^a]z|.w|(?i:q)v|t")
    assert by_char is not None
    assert by_char["t"] is not None
    assert by_char["t"].pattern == r"\w+y|[^a]z|.w|(?i:q)v|t"
    assert by_char["x"] is not None and by_char["x"].pattern == r"x|\w+y|[^a]z|.w|(?i:q)v"


def test_patterns_it_leaves_whole() -> None:
    for pattern in (
        "abc",  # one alternative
        "(a)|b",  # a group: its number would move
        "(?P<v>a)|b",
        "(?i)a|b",  # a global flag
        "a(?#|)|b",  # a comment
        "(?x: a | b )|c",  # verbose
        "(a|b",  # not a pattern
        "a?|b*",  # every alternative may be empty
    ):
        assert alternatives(pattern) is None, pattern


_PIECES = st.sampled_from(
    (
        *("a", "ab", "b", "ba", "(?:ab)?", "(?:a|b)", "[ab]", "\\b", "(?<=a)", "(?=b)", "(?!a)"),
        *("\\w", "[^a]", ".", "a*", "b+", "(?:a|)", "c", "(?i:a)", "(?:ab|ba)+", "$", "^"),
    )
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(_PIECES, min_size=1, max_size=4).map("".join), min_size=2, max_size=6),
    st.text(alphabet="abcA \n", max_size=12),
)
def test_narrowed_alternation_matches_as_the_whole(alts: list[str], s: str) -> None:
    pattern = "|".join(alts)
    if alternatives(pattern) is None:
        return
    _same_everywhere(pattern, s)


def _texts() -> list[str]:
    rows = []
    for name in ("guard", "guard2"):
        path = ROOT / f"bench/data/{name}/set.jsonl"
        rows += [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    return [str(r["text"]) for r in rows]


def test_the_guards_rules_match_alike_at_every_start_they_are_tried() -> None:
    sets: list[RuleSet] = [
        _orders._compiled()[0],
        guard._model_rules(),
        _frames._rules(),
        _concepts._heads(),
        _secrets.ruleset(),
    ]
    narrowed = tried = matched = 0
    for text in _texts():
        hay = guard._Scan(text).hay
        for rules in sets:
            for rule, starts in rules._candidates(hay):
                by_char = alternatives(rule.pattern)
                if by_char is None:
                    continue
                narrowed += 1
                for p in starts:
                    rx = by_char[hay.s[p]]
                    got = None if rx is None else rx.match(hay.s, p)
                    want = rule.regex().match(hay.s, p)
                    assert (got and got.span()) == (want and want.span()), (rule.id, text, p)
                    tried += 1
                    matched += want is not None
    assert narrowed > 500 and tried > 5_000 and matched > 100, (narrowed, tried, matched)
