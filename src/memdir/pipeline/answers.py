"""The strict JSON the models must return: extraction candidates and consolidation ops.
See docs/design/pipeline.md."""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..core.errors import SchemaError
from ..core.model import DESCRIPTION_MAX, NAME_MAX

OVERVIEW_MAX = 1000  # a model's L1 overview; the reader shows its first 400 characters

TYPES = ("user", "feedback", "project", "reference")
SCOPE_HINTS = ("local", "user")
OP_KINDS = ("add", "update", "supersede", "merge", "delete", "noop")
BODY_MAX = 4000

CANDIDATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["candidates"],
    "properties": {
        "candidates": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": [
                    "type",
                    "name",
                    "description",
                    "body",
                    "scope",
                    "evidence",
                    "confidence",
                ],
                "properties": {
                    "type": {"enum": list(TYPES)},
                    "name": {"type": "string", "maxLength": NAME_MAX},
                    "description": {"type": "string", "maxLength": DESCRIPTION_MAX},
                    "body": {"type": "string", "maxLength": BODY_MAX},
                    "scope": {"enum": list(SCOPE_HINTS)},
                    "evidence": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
                    "confidence": {"type": "number", "minimum": 0, "maximum": 1},
                    "overview": {"type": "string", "maxLength": OVERVIEW_MAX},
                },
            },
        },
        "entities": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "name", "kind"],
                "properties": {
                    "id": {"type": "integer", "description": "the message #id that names it"},
                    "name": {"type": "string", "maxLength": 100},
                    "kind": {"type": "string"},
                },
            },
        },
    },
}
OPS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["ops"],
    "properties": {
        "ops": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["op"],
                "properties": {
                    "op": {"enum": list(OP_KINDS)},
                    "candidate": {"type": "integer", "description": "index into candidates"},
                    "target": {"type": "string", "description": "id of an existing entry"},
                    "targets": {"type": "array", "items": {"type": "string"}},
                    "name": {"type": "string"},
                    "description": {"type": "string"},
                    "body": {"type": "string"},
                },
            },
        }
    },
}


@dataclass(frozen=True)
class Candidate:
    """One thing extraction proposes to remember, with the messages that support it."""

    type: str
    name: str
    description: str
    body: str
    scope: str
    evidence: tuple[int, ...]
    confidence: float
    session_id: str = ""
    overview: str = ""  # L1: a few sentences (optional; offline a summary stands in)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (as stored between extraction and consolidation)."""
        data = asdict(self)
        data["evidence"] = list(self.evidence)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Candidate:
        """Inverse of :meth:`to_dict`."""
        return cls(
            data["type"],
            data["name"],
            data["description"],
            data["body"],
            data["scope"],
            tuple(data["evidence"]),
            float(data["confidence"]),
            data.get("session_id", ""),
            data.get("overview", ""),
        )


@dataclass(frozen=True)
class OpSpec:
    """One validated consolidation op, before it becomes a store operation."""

    op: str
    candidate: int | None = None
    target: str | None = None
    targets: tuple[str, ...] = ()
    name: str | None = None
    description: str | None = None
    body: str | None = None


_FENCE = re.compile(r"^```[a-zA-Z]*\s*\n(.*)\n```\s*$", re.S)


def load_object(raw: str, what: str) -> dict[str, Any]:
    """A model's reply as a JSON object (a Markdown code fence around it is dropped);
    SchemaError for anything else, ``raw`` kept."""
    text = raw.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SchemaError(what, f"not JSON: {exc}", raw) from None
    if not isinstance(data, dict):
        raise SchemaError(what, "the top level must be an object", raw)
    return data


def _string(item: Mapping[str, Any], key: str, limit: int, what: str, raw: str, where: str) -> str:
    value = item.get(key)
    if not isinstance(value, str) or not value.strip():
        raise SchemaError(what, f"{where}.{key} must be a non-empty string", raw)
    if len(value) > limit:
        raise SchemaError(what, f"{where}.{key} is longer than {limit} characters", raw)
    return value.strip()


def parse_candidates(raw: str, message_ids: Collection[int]) -> list[Candidate]:
    """Validate extraction output; evidence must name messages of the transcript."""
    what = "extraction"
    data = load_object(raw, what)
    if not {"candidates"} <= set(data) <= {"candidates", "entities"} or not isinstance(
        data["candidates"], list
    ):
        raise SchemaError(what, 'expected exactly {"candidates": [...]} (and "entities")', raw)
    wanted = set(CANDIDATE_SCHEMA["properties"]["candidates"]["items"]["required"])
    out = []
    for i, item in enumerate(data["candidates"]):
        where = f"candidates[{i}]"
        if not isinstance(item, dict) or not wanted <= set(item) <= wanted | {"overview"}:
            raise SchemaError(
                what,
                f"{where} must have exactly the keys {', '.join(sorted(wanted))} "
                f"(and optionally overview)",
                raw,
            )
        if item["type"] not in TYPES:
            raise SchemaError(what, f"{where}.type must be one of {', '.join(TYPES)}", raw)
        if item["scope"] not in SCOPE_HINTS:
            raise SchemaError(what, f"{where}.scope must be local or user", raw)
        evidence = item["evidence"]
        if (
            not isinstance(evidence, list)
            or not evidence
            or not all(isinstance(e, int) and not isinstance(e, bool) for e in evidence)
        ):
            raise SchemaError(
                what, f"{where}.evidence must be a non-empty list of message ids", raw
            )
        unknown = [e for e in evidence if e not in message_ids]
        if unknown:
            raise SchemaError(
                what, f"{where}.evidence names messages not in the transcript: {unknown[:5]}", raw
            )
        confidence = item["confidence"]
        if (
            not isinstance(confidence, int | float)
            or isinstance(confidence, bool)
            or not 0 <= confidence <= 1
        ):
            raise SchemaError(what, f"{where}.confidence must be a number from 0 to 1", raw)
        out.append(
            Candidate(
                item["type"],
                _string(item, "name", NAME_MAX, what, raw, where),
                _string(item, "description", DESCRIPTION_MAX, what, raw, where),
                _string(item, "body", BODY_MAX, what, raw, where),
                item["scope"],
                tuple(evidence),
                float(confidence),
                overview=_string(item, "overview", OVERVIEW_MAX, what, raw, where)
                if "overview" in item
                else "",
            )
        )
    return out


def parse_ops(raw: str, candidates: int, entry_ids: Collection[str]) -> list[OpSpec]:
    """Validate consolidation output against the candidates and entries it was shown."""
    what = "consolidation"
    data = load_object(raw, what)
    if set(data) != {"ops"} or not isinstance(data["ops"], list):
        raise SchemaError(what, 'expected exactly {"ops": [...]}', raw)
    allowed = set(OPS_SCHEMA["properties"]["ops"]["items"]["properties"])
    out = []
    for i, item in enumerate(data["ops"]):
        where = f"ops[{i}]"
        if not isinstance(item, dict) or not set(item) <= allowed or "op" not in item:
            raise SchemaError(
                what,
                f"{where} must be an object with 'op' and only the keys "
                f"{', '.join(sorted(allowed))}",
                raw,
            )
        op = item["op"]
        if op not in OP_KINDS:
            raise SchemaError(what, f"{where}.op must be one of {', '.join(OP_KINDS)}", raw)
        cand = item.get("candidate")
        bad = not isinstance(cand, int) or isinstance(cand, bool) or not 0 <= cand < candidates
        if (op in ("add", "supersede", "noop") or cand is not None) and bad:
            raise SchemaError(
                what, f"{where}.candidate must index the {candidates} candidates", raw
            )
        targets = item.get("targets", [])
        if not isinstance(targets, list) or not all(isinstance(t, str) for t in targets):
            raise SchemaError(what, f"{where}.targets must be a list of entry ids", raw)
        target = item.get("target")
        if op in ("update", "supersede", "delete") and target not in entry_ids:
            raise SchemaError(what, f"{where}.target must be the id of a current entry", raw)
        if op == "merge" and (len(targets) < 1 or not set(targets) <= set(entry_ids)):
            raise SchemaError(what, f"{where}.targets must list current entry ids", raw)
        fields: dict[str, str | None] = {}
        for key, limit in (
            ("name", NAME_MAX),
            ("description", DESCRIPTION_MAX),
            ("body", BODY_MAX),
        ):
            fields[key] = _string(item, key, limit, what, raw, where) if key in item else None
        if op == "update" and not any(fields.values()):
            raise SchemaError(what, f"{where}: update needs name, description or body", raw)
        if op == "merge" and cand is None and not all(fields.values()):
            raise SchemaError(
                what, f"{where}: merge needs a candidate or name, description and body", raw
            )
        out.append(OpSpec(op, cand, target, tuple(targets), **fields))
    return out
