"""Type checks of a reader's saved resume state (the hooks' ledger): a state of the right
version and fingerprint whose fields have other types is read afresh, not trusted."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from ...core.errors import ValidationError
from ...sessions.checkouts import named
from ...sessions.specs import SessionSpec

_SPEC_FIELDS = {f.name for f in dataclasses.fields(SessionSpec)}
_SPEC_TIMES = {"started_at", "ended_at"}


def count(value: object) -> bool:
    """A whole number of zero or more (not a bool)."""
    return type(value) is int and value >= 0


def number(value: object) -> bool:
    """An int or a float (not a bool)."""
    return type(value) in (int, float)


def optional_str(value: object) -> bool:
    return value is None or isinstance(value, str)


def str_map(value: object) -> bool:
    """A dict of strings to strings."""
    return isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    )


def spec(value: object) -> bool:
    """The fields of a :class:`SessionSpec` as ``dataclasses.asdict`` wrote them."""
    if not isinstance(value, dict) or not isinstance(value.get("id"), str):
        return False
    if not value.keys() <= _SPEC_FIELDS or not isinstance(value.get("agent", ""), str):
        return False
    if not isinstance(value.get("memory_mode", ""), str):
        return False
    if not all(
        v is None
        or isinstance(v, str)
        or (k in _SPEC_TIMES and number(v))
        or (k == "guessed_start" and flag(v))
        for k, v in value.items()
    ):
        return False
    try:  # the checkout it names: a commit id, a remote of bounded length
        named(value.get("remote"), value.get("commit"))
    except ValidationError:
        return False
    return True


def text(value: object) -> bool:
    return isinstance(value, str)


def flag(value: object) -> bool:
    return type(value) is bool


def list_of(check: Callable[[object], bool]) -> Callable[[object], bool]:
    """A check of a list whose items ``check`` accepts."""
    return lambda value: isinstance(value, list) and all(map(check, value))


def fields(state: dict[str, Any], checks: Mapping[str, Callable[[object], bool]]) -> bool:
    """Whether each of ``checks``' keys is in ``state`` with a value its check accepts."""
    return all(k in state and check(state[k]) for k, check in checks.items())
