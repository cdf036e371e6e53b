"""Test helpers that implement memdir's own interfaces (no mocks of memdir's code).

:class:`ScriptedProvider` is a real :class:`~memdir.pipeline.ChatProvider`: its replies go
through the same schema validation, screening and write path as a model's. Script it with
a list of replies (used in order; an exception in the list is raised) or a function of
``(kind, user_text)`` where ``kind`` is ``extract``, ``consolidate``, ``synthesize`` (a
dreaming run's pattern across ≥ 3 entries), ``deep`` (a step of deep recall) or
``entities`` (the entity mentions of a run's entries, with ``model_entities``, the
default; messages' come in the extraction reply).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from .core.errors import ProviderError
from .pipeline.deep import DEEP_PROMPT
from .pipeline.entities import ENTITY_PROMPT
from .pipeline.providers import (
    EXTRACT_PROMPT,
    EXTRACT_PROMPT_PLAIN,
    SKILL_PROMPT,
    SYNTHESIZE_PROMPT,
    ChatProvider,
)

__all__ = ["ScriptedProvider", "candidates_reply", "entities_reply", "ops_reply"]

Reply = str | BaseException
Script = Sequence[Reply] | Callable[[str, str], Reply]


class ScriptedProvider(ChatProvider):
    """A chat provider that answers from a script and records every call it gets."""

    def __init__(self, script: Script = (), *, delay: float = 0.0, name: str = "scripted") -> None:
        self.name = name
        self._script = script
        self._next = 0
        self.delay = delay
        self.calls: list[tuple[str, str]] = []  # (kind, user text) as sent
        self._lock = threading.Lock()

    def complete(self, system: str, user: str) -> str:
        """The next scripted reply (raised if it is an exception)."""
        kinds = {
            EXTRACT_PROMPT: "extract",
            EXTRACT_PROMPT_PLAIN: "extract",
            SYNTHESIZE_PROMPT: "synthesize",
            DEEP_PROMPT: "deep",
            SKILL_PROMPT: "skill",
            ENTITY_PROMPT: "entities",
        }
        kind = kinds.get(system, "consolidate")
        with self._lock:
            self.calls.append((kind, user))
            if callable(self._script):
                reply = self._script(kind, user)
            elif self._next < len(self._script):
                reply = self._script[self._next]
                self._next += 1
            else:
                raise ProviderError("ScriptedProvider ran out of replies; script more")
        if self.delay:
            time.sleep(self.delay)
        if isinstance(reply, BaseException):
            raise reply
        return reply

    def sent(self, kind: str | None = None) -> str:
        """Everything sent (of one kind), joined: what left the machine."""
        return "\n".join(u for k, u in self.calls if kind is None or k == kind)


def candidates_reply(*items: dict[str, Any]) -> str:
    """An extraction reply; each item gets defaults for the keys it leaves out."""
    base = {"type": "feedback", "scope": "local", "confidence": 0.9}
    return json.dumps({"candidates": [{**base, **item} for item in items]})


def entities_reply(*items: dict[str, Any]) -> str:
    """An entity reply for the entries pass (``{"text": i, "name": ..., "kind": ...}``)."""
    return json.dumps({"entities": list(items)})


def ops_reply(*ops: dict[str, Any]) -> str:
    """A consolidation reply."""
    return json.dumps({"ops": list(ops)})
