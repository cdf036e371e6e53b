"""The memory tools a model calls: schemas (OpenAI, Anthropic, MCP) and dispatch.
See docs/design/tools.md."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from .core.changes import (
    AddOp,
    Change,
    Operation,
    RemoveOp,
    ReplaceOp,
    SupersedeOp,
)
from .core.errors import (
    GuardError,
    MemdirError,
    NotFoundError,
    ReadOnlyScopeError,
    StaleError,
    UnknownSkillError,
    ValidationError,
)
from .core.frontmatter import format_time
from .core.model import SCOPES, Entry, Source
from .review import approval

if TYPE_CHECKING:
    from .core.budgets import Budget
    from .core.layers import Layers
    from .core.store import Store
    from .sessions import Message

log = logging.getLogger("memdir")

TOOL_NAMES = ("memory", "memory_read", "memory_search", "session_search")
MAX_FAILURES = 3
QUIET = 60.0  # seconds without a call: a new turn, whether or not the harness says so
SEARCH_LIMIT_MAX = 20
SESSION_LIMIT_MAX = 10
WINDOW_MAX = 10
MESSAGE_CHARS = 600  # per message in session_search output
OUTPUT_CHARS = 8000  # all messages of one session_search result together
RESULT_CHARS = 64 * 1024  # any one text in a result (a hand-placed 50 MB entry, say)
MAX_OPERATIONS = 50  # changes in one all-or-nothing batch (each holds the scope lock)

_TYPES = ["user", "feedback", "project", "reference"]
_MEMORY_DOC = (
    "Save, correct or remove long-term memory that later sessions will see. Saving nothing "
    "is usually right: a memory must earn its place. Save corrections the user made to how "
    "you work, stable preferences, facts about the user, project context that cannot be "
    "read from the code or git history, and reference facts worth not looking up again. "
    "Never save task progress, temporary state, what the code, docs or instruction files "
    "already say, or secrets. Call memory_search first and replace an existing entry rather "
    "than adding a near-duplicate. Types: user (who the person is), feedback (corrections "
    "and confirmed ways of working; most entries), project (context not in the code), "
    "reference (stable facts). Write the body as the rule or fact, then a '**Why:**' line "
    "and a '**How to apply:**' line. Use `operations` to apply several changes at once, "
    "all or nothing."
)
_ENTRY_PROPS: dict[str, Any] = {
    "action": {
        "type": "string",
        "enum": ["add", "replace", "supersede", "remove"],
        "description": "add a new entry; replace fields of one (a new body keeps the old "
        "one as history); supersede one with a new entry (this fact replaces that one); "
        "or remove one",
    },
    "target": {
        "type": "string",
        "description": "replace/supersede/remove: the entry's id or a short "
        "substring unique to it (of its name, description or body)",
    },
    "type": {"type": "string", "enum": _TYPES, "description": "add: the kind of memory"},
    "name": {
        "type": "string",
        "maxLength": 80,
        "description": "short title, at most 80 characters",
    },
    "description": {
        "type": "string",
        "maxLength": 150,
        "description": "one-line hook shown in the always-loaded index, at most 150 characters",
    },
    "body": {
        "type": "string",
        "description": "the memory itself: the rule or fact, then "
        "**Why:** and **How to apply:** lines",
    },
    "pinned": {
        "type": "boolean",
        "description": "load the whole body into every session "
        "(small budget; only for rules that matter every turn)",
    },
    "if_match": {
        "type": "string",
        "description": "replace/supersede: the etag memory_read gave for the entry; if "
        "someone changed it since, nothing is applied (so their change is not overwritten)",
    },
}
_SCHEMAS: dict[str, tuple[str, dict[str, Any]]] = {
    "memory": (
        _MEMORY_DOC,
        {
            "type": "object",
            "properties": {
                **_ENTRY_PROPS,
                "scope": {
                    "type": "string",
                    "enum": ["local", "user", "project"],
                    "description": "where to write (default local: this project, private "
                    "to the user). user: every project of this user; project: committed "
                    "with the repository for everyone. Name user or project only when the "
                    "user asked for it, or to change an entry the index marks with that "
                    "scope.",
                },
                "operations": {
                    "type": "array",
                    "description": "several add/replace/supersede/remove changes applied all "
                    "or nothing",
                    "items": {"type": "object", "properties": _ENTRY_PROPS, "required": ["action"]},
                },
            },
        },
    ),
    "memory_read": (
        "Read one memory, with how old it is and which files or symbols it names that no "
        "longer exist; verify before you rely on it. depth overview gives a few sentences, "
        "full (the default) the whole entry. With scope and no id: an overview of that "
        "scope's memories by theme.",
        {
            "type": "object",
            "properties": {
                "id": {
                    "type": "string",
                    "description": "the entry id from the index, or a unique substring; "
                    "skill:<name> for a skill",
                },
                "depth": {
                    "type": "string",
                    "enum": ["overview", "full"],
                    "description": "overview: a few sentences; full (default): everything",
                },
                "scope": {
                    "type": "string",
                    "enum": ["managed", "user", "project", "local"],
                    "description": "without id: an overview of this scope's memories",
                },
            },
        },
    ),
    "memory_search": (
        "Search saved memories by keywords. Use it before adding a memory, and when the "
        "user refers to something from an earlier session.",
        {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "a few keywords"},
                "limit": {"type": "integer", "minimum": 1, "maximum": SEARCH_LIMIT_MAX},
                "include_history": {
                    "type": "boolean",
                    "description": "also search removed and "
                    "superseded entries (what was true before)",
                },
            },
            "required": ["query"],
        },
    ),
    "session_search": (
        "Search past conversations (earlier sessions, tool calls and tool output "
        "included) when the user refers to something discussed before that is not in "
        "memory. Returns matching sessions, each with the matching message and its "
        "neighbours. To read more of a session, call again with its session_id and "
        "around=<a message id>. The current conversation is not searched.",
        {
            "type": "object",
            "properties": {
                "query": {
                    "type": "string",
                    "description": 'a few keywords, or a "quoted phrase"; any language',
                },
                "limit": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": SESSION_LIMIT_MAX,
                    "description": "sessions to return (default 5)",
                },
                "window": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": WINDOW_MAX,
                    "description": "messages to show either side of a match (default 1, "
                    "or 5 when scrolling)",
                },
                "role": {
                    "type": "string",
                    "description": "only messages with this role (user, assistant, tool, "
                    "system, or another a harness stored)",
                },
                "agent": {"type": "string", "description": "only sessions of this agent"},
                "since": {
                    "type": "string",
                    "description": "only messages from this date on (ISO 8601, e.g. 2026-11-01)",
                },
                "until": {"type": "string", "description": "only messages before this date"},
                "deep": {
                    "type": "boolean",
                    "description": "when no match is strong, let the model search and read "
                    "further (a few steps; needs MEMDIR_LLM, else the quick result)",
                },
                "summarize": {
                    "type": "boolean",
                    "description": "also a short summary of each session, citing message "
                    "ids (needs a model: MEMDIR_LLM)",
                },
                "session_id": {"type": "string", "description": "scroll: the session to read"},
                "around": {
                    "type": "integer",
                    "description": "scroll: the message id to centre on (from a previous result)",
                },
            },
        },
    ),
}


def tool_schemas(format: str = "openai") -> list[dict[str, Any]]:
    """Tool definitions in ``openai``, ``anthropic`` or ``mcp`` format."""
    out: list[dict[str, Any]] = []
    for name, (doc, params) in _SCHEMAS.items():
        if format == "openai":
            out.append(
                {
                    "type": "function",
                    "function": {"name": name, "description": doc, "parameters": params},
                }
            )
        elif format == "anthropic":
            out.append({"name": name, "description": doc, "input_schema": params})
        elif format == "mcp":
            out.append({"name": name, "description": doc, "inputSchema": params})
        else:
            raise ValidationError(f"unknown tool format {format!r}; use openai, anthropic or mcp")
    return out


def check_arguments(
    args: Mapping[str, Any], tool: str, takes: Sequence[str] = (), *, shown: str = ""
) -> None:
    """Refuse an argument ``tool`` does not take (``takes``, else its schema's): a call
    meant to narrow (a ``scope`` on a search) must not be answered as if it had been.
    ``shown``: the tool's name as the model calls it (Hermes's names)."""
    takes = list(takes or _SCHEMAS[tool][1]["properties"])
    unknown = sorted(str(k)[:40] for k in args if k not in takes)
    if unknown:
        names = ", ".join(takes[:-1]) + f" and {takes[-1]}" if len(takes) > 1 else takes[0]
        raise ValidationError(f"{shown or tool} takes {names}, not {unknown[:5]}")


def _get(args: Mapping[str, Any], key: str, kind: type, *, required: bool = False) -> Any:
    value = args.get(key)
    if value is None:
        if required:
            raise ValidationError(f"'{key}' is required", field=key)
        return None
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise ValidationError(
            f"'{key}' must be a {kind.__name__}, not {type(value).__name__}", field=key
        )
    return value


def _if_match(args: Mapping[str, Any]) -> str | None:
    """The etag a replace/supersede was made from, as a model may copy it (spaces around,
    upper case: an etag is lower-case hex); empty or absent: no check, as on the web form."""
    etag = _get(args, "if_match", str)
    if etag is None:
        return None
    return etag.strip().lower() or None


# The fields each action takes (beyond "action"), as the schema documents them.
_FIELDS = {
    "add": ("type", "name", "description", "body", "pinned"),
    "replace": ("target", "name", "description", "body", "type", "pinned", "if_match"),
    "supersede": ("target", "name", "description", "body", "type", "pinned", "if_match"),
    "remove": ("target",),
}
_TOP = ("action", "scope", "operations")  # also allowed at the top level of a call


def _aliased(args: Mapping[str, Any], notes: list[str]) -> dict[str, Any]:
    """Hermes-style arguments in memdir's names, each rename noted: ``content`` is the
    body; ``old_text`` names the target; a ``target`` of "memory" or "user" (Hermes's
    store names) is not an entry."""
    out = dict(args)
    if "content" in out:
        if out.get("body") is not None:
            raise ValidationError("send the text as 'body' or as 'content', not both")
        out["body"] = out.pop("content")
        notes.append("'content' was read as 'body' (memdir's name for the entry's text)")
    if out.get("target") in ("memory", "user") and out.get("action") == "add":
        del out["target"]
        notes.append(f"'target': {args['target']!r} was ignored (add needs no target)")
    if "old_text" in out:
        if out.get("target") in (None, "memory", "user"):
            out["target"] = out.pop("old_text")
            notes.append("'old_text' was read as 'target' (an id or unique substring)")
        else:
            raise ValidationError("send 'target' or 'old_text', not both")
    return out


def _operation(raw: Mapping[str, Any], notes: list[str], *, top: bool = False) -> Operation:
    args = _aliased(raw, notes)
    action = _get(args, "action", str, required=True)
    if action not in _FIELDS:
        raise ValidationError(f"action must be add, replace, supersede or remove, not {action!r}")
    fields = _FIELDS[action]
    unknown = sorted(k for k in args if k not in fields and k not in (_TOP if top else ("action",)))
    if unknown:
        raise ValidationError(
            f"{action} does not take {', '.join(repr(k)[:60] for k in unknown[:5])}; "
            f"it takes {', '.join(fields)}"
        )
    if action == "add":
        missing = [k for k in ("type", "name", "description", "body") if not args.get(k)]
        if missing:
            raise ValidationError(f"add needs {', '.join(missing)} (it takes {', '.join(fields)})")
        return AddOp(
            _get(args, "type", str),
            _get(args, "name", str),
            _get(args, "description", str),
            _get(args, "body", str),
            pinned=bool(_get(args, "pinned", bool)),
        )
    if action == "replace":
        values = {k: _get(args, k, str) for k in ("name", "description", "body", "type")}
        pinned = _get(args, "pinned", bool)
        if all(v is None for v in values.values()) and pinned is None:
            raise ValidationError(
                "replace needs at least one of name, description, body, type, pinned"
            )
        return ReplaceOp(
            _get(args, "target", str, required=True),
            pinned=pinned,
            if_match=_if_match(args),
            **values,
        )
    if action == "supersede":
        missing = [k for k in ("target", "name", "description", "body") if not args.get(k)]
        if missing:
            raise ValidationError(f"supersede needs {', '.join(missing)}")
        return SupersedeOp(
            _get(args, "target", str),
            _get(args, "name", str),
            _get(args, "description", str),
            _get(args, "body", str),
            type=_get(args, "type", str),
            pinned=_get(args, "pinned", bool),
            if_match=_if_match(args),
        )
    return RemoveOp(_get(args, "target", str, required=True))


_VERBS = {
    "add": "Saved",
    "exists": "Already exists, nothing saved:",
    "replace": "Updated",
    "unchanged": "Unchanged:",
    "remove": "Removed (archived)",
    "supersede": "Superseded by",
}


class _Lineage(Protocol):
    """What a dispatcher needs of its session: its id, and the sessions its searches
    leave out."""

    id: str

    def lineage(self) -> set[str]: ...


class Dispatcher:
    """Runs tool calls for one session against a :class:`~memdir.Memdir`."""

    def __init__(
        self,
        md: Layers,
        *,
        write_scope: str = "local",
        source: Source = Source.AGENT,
        session: _Lineage | None = None,
        names: Mapping[str, str] | None = None,
    ) -> None:
        self.md = md
        self.session = session  # its lineage is left out of session_search
        # memdir's tool names → the harness's, where it renames them (Hermes): the answers
        # name the tools the model has
        self.names = dict(names or {})
        self.write_scope = write_scope
        self.source = source
        self.failures = 0
        self._last_call: datetime | None = None
        # The budgets no memory write changes (SOUL.md, instruction files), read at the
        # session's first memory write and kept: a file that grows later warns next session.
        self._kept: list[Budget] | None = None
        self._handlers: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
            "memory": self._memory,
            "memory_read": self._read,
            "memory_search": self._search,
            "session_search": lambda args: _without_secrets(self._session_search(args)),
        }

    def new_turn(self) -> None:
        """Reset the per-turn failure count (call when a new user message arrives)."""
        self.failures = 0

    def call(self, name: object, arguments: object) -> dict[str, Any]:
        """Run one tool call; always returns a JSON-serialisable dict, no text in it longer
        than ``RESULT_CHARS``; failures are counted per turn (docs/design/tools.md)."""
        now = self.md.clock()
        if self._last_call is not None and (now - self._last_call).total_seconds() >= QUIET:
            self.failures = 0
        self._last_call = now
        result: dict[str, Any] = _capped(self._call(name, arguments))
        if result.get("success"):
            self.failures = 0
        return result

    def _call(self, name: object, arguments: object) -> dict[str, Any]:
        handler = self._handlers.get(name) if isinstance(name, str) else None
        if handler is None:
            return self._fail(
                f"unknown tool {name!r}; the memory tools are "
                f"{', '.join(self.named(t) for t in TOOL_NAMES)}"
            )
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments) if arguments.strip() else {}
            except (ValueError, RecursionError):
                return self._fail("arguments are not valid JSON; send a JSON object")
        if not isinstance(arguments, Mapping):
            return self._fail("arguments must be a JSON object")
        try:
            return handler(arguments)
        except MemdirError as exc:
            return self._fail(str(exc))
        except Exception as exc:  # a bug must still not break the model's turn
            log.exception("memory tool %s failed", name)
            return self._fail(
                f"memdir failed unexpectedly ({type(exc).__name__}: {str(exc)[:200]}); "
                f"this is a bug in memdir, not in your call. Carry on without this tool call."
            )

    def named(self, tool: str) -> str:
        """memdir's tool ``tool`` by the name the model calls it."""
        return self.names.get(tool, tool)

    def _fail(self, message: str) -> dict[str, Any]:
        self.failures += 1
        if self.failures >= MAX_FAILURES:
            message += (
                f" That is {self.failures} failed memory calls this turn: stop "
                f"using memory tools and carry on with the task."
            )
        return {"success": False, "error": message}

    def _memory(self, args: Mapping[str, Any]) -> dict[str, Any]:
        notes: list[str] = []
        ops_arg = args.get("operations")
        if ops_arg is not None:
            if not isinstance(ops_arg, list) or not ops_arg:
                raise ValidationError("'operations' must be a non-empty list of objects")
            if len(ops_arg) > MAX_OPERATIONS:
                raise ValidationError(
                    f"'operations' holds {len(ops_arg):,} changes; send at most "
                    f"{MAX_OPERATIONS} per call (nothing was applied)"
                )
            if args.get("action") is not None:
                raise ValidationError("send either 'action' or 'operations', not both")
            unknown = sorted(k for k in args if k not in ("operations", "scope"))
            if unknown:
                raise ValidationError(
                    f"with 'operations', send only 'scope' beside it, not "
                    f"{', '.join(repr(k)[:60] for k in unknown[:5])}"
                )
            ops = []
            for i, item in enumerate(ops_arg):
                if not isinstance(item, Mapping):
                    raise ValidationError(f"operations[{i}] must be an object")
                try:
                    ops.append(_operation(item, notes))
                except ValidationError as exc:
                    raise ValidationError(f"operations[{i}]: {exc} (nothing was applied)") from None
        else:
            ops = [_operation(args, notes, top=True)]
        scope = _get(args, "scope", str)
        store = self.md.store(self._scope(scope))
        asks = approval.asks(self.md, store, self.source)  # approval = "ask": the user decides
        try:
            if asks:  # a write that could never apply is refused now, as at once it would be
                store.check(ops, self.source)
            changes = [] if asks else store.apply(ops, source=self.source)
        except NotFoundError:
            if scope is None:
                self._point_to_scope(ops)
            raise
        except StaleError as exc:
            return self._fail(self._stale(store, exc))
        except GuardError as exc:
            if ops_arg is None or exc.at is None or not 0 <= exc.at < len(ops_arg):
                raise
            name = ops_arg[exc.at].get("name") or ops_arg[exc.at].get("target")
            named = f" ({str(name)[:80]!r})" if isinstance(name, str) else ""
            return self._fail(f"operations[{exc.at}]{named}: {exc} (nothing was applied)")
        if asks:
            held = approval.hold(
                self.md,
                store,
                ops,
                source=self.source,
                session=self.session.id if self.session else None,
            )
            return {
                "success": True,
                "pending": held["id"],
                "message": approval.message(self.md, held),
            }
        listed = [(st, st.list()) for st in self.md.stores()]  # each scope read once
        if self._kept is None:  # the persona's and rules' budgets: read once a session
            self._kept = self.md.fixed_budgets()
        # soft, at budget_warning of each budget
        warnings = self.md.budget_warnings(kept=self._kept, listed=listed)
        return {
            "success": True,
            "results": [self._summary(c) for c in changes],
            "usage": self._usage(store, next((a for st, a in listed if st is store), None)),
            **({"notes": list(dict.fromkeys(notes))} if notes else {}),
            **({"budget_warnings": warnings} if warnings else {}),
        }

    def _scope(self, scope: str | None) -> str:
        """The scope a write goes to: the session's unless the call names one, which
        config must allow (``agent_write_scopes``); managed is never writable by agents.
        A name that is no scope at all is a typo: said as unknown, with the ones to use (the
        name as ``ascii()`` shows it, so a look-alike's other letters show as ``\\u`` escapes)."""
        if scope is None:
            return self.write_scope
        if scope not in SCOPES:  # a typo: unknown, not forbidden
            named = self.md.settings.agent_write_scopes
            writable = ", ".join(s for s in named if s in SCOPES and s != "managed")
            raise ValidationError(
                f"unknown scope {scope!a}; use one of {writable}"
                if writable
                else f"unknown scope {scope!a}, and no scope may be named here "
                f"({self._write_scopes_setting()} is empty)",
                field="scope",
            )
        if scope == "managed":
            raise ReadOnlyScopeError(
                "managed", "it is set by an administrator and agents cannot change it"
            )
        if scope not in self.md.settings.agent_write_scopes:
            allowed = ", ".join(self.md.settings.agent_write_scopes) or "none"
            raise ValidationError(
                f"writing to the {scope!r} scope through a tool is not allowed here (allowed: "
                f"{allowed}; {self._write_scopes_setting()}). Write to the default scope "
                f"instead, or ask the user.",
                field="scope",
            )
        return scope

    def _write_scopes_setting(self) -> str:
        """Where ``agent_write_scopes`` is set, as the person behind the agent can act on
        it: their own config.toml, or on the team backend the server's setting (its
        config.toml is a path on the server, none of a team user's business)."""
        if self.md.database is not None:
            return "the team server's agent_write_scopes"
        return f"agent_write_scopes in {self.md.home / 'config.toml'}"

    def _point_to_scope(self, ops: list[Operation]) -> None:
        """A replace/remove target missing from the write scope but shown in the index
        from another scope: say which scope to name, instead of "not found"."""
        for op in ops:
            target = getattr(op, "target", None)
            if not isinstance(target, str):
                continue
            try:
                scope, entry = self.md.find(target)
            except MemdirError:
                continue
            if scope == self.write_scope:
                continue
            try:  # point only to a scope this call may name: never to another refusal
                self._scope(scope)
            except MemdirError as exc:
                why = (
                    "an administrator sets it and agents cannot change it; ask the user"
                    if scope == "managed"
                    else str(exc)
                )
                raise ValidationError(
                    f"{entry.id} is in the {scope} scope, not {self.write_scope}: {why} "
                    f"(nothing was applied)",
                    field="scope",
                ) from None
            raise ValidationError(
                f"{entry.id} is in the {scope} scope, not {self.write_scope}; send "
                f'"scope": "{scope}" to change it (nothing was applied)',
                field="scope",
            )

    def _stale(self, store: Store, exc: StaleError) -> str:
        """A write whose ``if_match`` is no longer the entry's etag: what changed (when,
        by whom, its etag now) and how to read the newer version."""
        now = next((e for e in store.list() if e.id == exc.entry_id), None)
        said = (
            f" (updated {format_time(now.updated)} by {now.source.value}; its etag is now "
            f"{now.etag})"
            if now is not None
            else ""
        )
        return (
            f"{exc.entry_id} was changed by someone else after you read it{said}; nothing "
            f"was applied. Call {self.named('memory_read')} with id {exc.entry_id!r} for its "
            f"current text and etag, then make your change to that version (if_match: the "
            f"new etag)."
        )

    def _summary(self, change: Change) -> dict[str, Any]:
        entry = change.entry
        if change.action in ("remove", "supersede") and change.previous is not None:
            return {
                "action": change.action,
                "id": change.previous.id,
                # a supersede's new entry (the new fact), its etag for a next if_match
                **(
                    {"new_id": entry.id, "etag": entry.etag} if change.action == "supersede" else {}
                ),
                "message": f"{_VERBS[change.action]} {entry.id}",
            }
        kept = (
            " The previous body stays in the history "
            f"({self.named('memory_search')} with include_history)."
            if change.action == "replace"
            and change.previous is not None
            and change.previous.body != entry.body
            else ""
        )
        return {
            "action": change.action,
            "id": entry.id,
            "etag": entry.etag,  # for a next replace's if_match
            "message": f"{_VERBS[change.action]} {entry.id} ({entry.name}).{kept}",
        }

    @staticmethod
    def _usage(store: Store, active: list[Entry] | None = None) -> dict[str, Any]:
        active = store.list() if active is None else active  # read once
        return {
            "scope": store.scope,
            "entries": len(active),
            "pinned_chars": store.pinned_used(active),
            "pinned_budget": store.pinned_budget,
        }

    def _read(self, args: Mapping[str, Any]) -> dict[str, Any]:
        from .core.skills import skill_text
        from .core.tiers import parse_depth

        check_arguments(args, "memory_read", shown=self.named("memory_read"))
        depth = parse_depth(args.get("depth"))
        target = _get(args, "id", str)
        if target is None:
            scope = _get(args, "scope", str)
            if scope is None:
                raise ValidationError("'id' is required (or 'scope' for a scope's overview)")
            text = self.md.scope_overview(scope, search=self.named("memory_search"))
            return {"success": True, "scope": scope, "depth": "overview", "content": text}
        if args.get("scope") is not None:
            raise ValidationError(
                "send 'id' to read an entry, or 'scope' alone for that scope's overview"
            )
        if target.startswith("skill:"):
            try:
                skill = self.md.read_skill(target[len("skill:") :].strip())
            except UnknownSkillError as exc:  # the read tool by the name the model calls it
                raise UnknownSkillError(
                    exc.name, exc.names, exc.withheld, read=self.named("memory_read")
                ) from None
            text = skill_text(skill, depth)
            return {
                "success": True,
                "skill": skill.name,
                "scope": skill.scope,
                "depth": depth,
                "content": text,
            }
        scope, entry = self.md.find(target)
        content = self.md.read(entry.id, depth=depth)
        result = {
            "success": True,
            "id": entry.id,
            "scope": scope,
            "etag": entry.etag,  # a replace/supersede passes it as if_match
            "depth": depth,
            "content": content,
        }
        if len(content) > RESULT_CHARS:
            keep = RESULT_CHARS - 1024  # room for the note within the cap
            # a file on this machine; on the team backend no path (the server's database)
            path = self.md.store(scope).backend.shown(entry.filename)
            where = f"the file {path}" if path else "kept on the team server"
            result["content"] = (
                content[:keep] + f"\n\n[Cut at {keep:,} of {len(content):,} characters: the "
                f"whole entry is {where}.]"
            )
            result["truncated"] = True
            if path:
                result["path"] = path
        return result

    def _search(self, args: Mapping[str, Any]) -> dict[str, Any]:
        check_arguments(args, "memory_search", shown=self.named("memory_search"))
        query = _get(args, "query", str, required=True)
        limit = _get(args, "limit", int) or 10
        if not 1 <= limit <= SEARCH_LIMIT_MAX:
            raise ValidationError(f"'limit' must be between 1 and {SEARCH_LIMIT_MAX}")
        history = bool(_get(args, "include_history", bool))
        hits = self.md.search(query[:1000], limit=limit, include_archived=history)
        results = [
            {
                "id": h.entry.id,
                "scope": h.scope,
                "type": h.entry.type.value,
                "name": h.entry.name,
                "description": h.entry.description,
                "preview": h.entry.body[:200],
                "score": h.score,
                **(
                    {
                        "archived": True,
                        "valid_until": h.entry.valid_until and format_time(h.entry.valid_until),
                        "superseded_by": h.entry.superseded_by,
                    }
                    if h.entry.archived
                    else {}
                ),
            }
            for h in hits
        ]
        refused = self.md.project_refused()  # as this search found it: no results from it
        return {
            "success": True,
            "results": results,
            **({} if results else {"message": "No memory matches; nothing to reuse."}),
            **({"notes": [f"the project scope was not searched: {refused}"]} if refused else {}),
        }

    def _session_search(self, args: Mapping[str, Any]) -> dict[str, Any]:
        """Past sessions for the model (every text redacted on the way out by
        :func:`_without_secrets`): a message redacted before it is cut, an excerpt or
        title cut before its cut word (docs/design/tools.md)."""
        check_arguments(args, "session_search", shown=self.named("session_search"))
        session_id = _get(args, "session_id", str)
        around = _get(args, "around", int)
        window = _get(args, "window", int)
        if window is not None and not 0 <= window <= WINDOW_MAX:
            raise ValidationError(f"'window' must be between 0 and {WINDOW_MAX}")
        if session_id is not None or around is not None:
            return self._scroll(session_id, around, 5 if window is None else window)
        query = _get(args, "query", str)
        if not query:
            raise ValidationError(
                "'query' is required (or session_id and around to read a session)", field="query"
            )
        limit = _get(args, "limit", int) or 5
        if not 1 <= limit <= SESSION_LIMIT_MAX:
            raise ValidationError(f"'limit' must be between 1 and {SESSION_LIMIT_MAX}")
        filters = {k: _get(args, k, str) for k in ("role", "agent", "since", "until")}
        exclude = sorted(self.session.lineage()) if self.session is not None else []
        summarize = _get(args, "summarize", bool)
        from .pipeline import assist

        model = assist.chat_model(self.md)  # None offline: no expansion, no summaries
        kw: dict[str, Any] = {"limit": limit, "window": 1 if window is None else window}
        kw.update(exclude=exclude, **{k: v for k, v in filters.items() if v is not None})
        helper = assist.Budget(model, self.md.settings.search_model_seconds) if model else None
        hits = (
            assist.search(self.md, helper, query, **kw)
            if helper
            else self.md.sessions.search(query, **kw)
        )
        from .guard import redact_cut, redact_secrets
        from .sessions.rows import TITLE_CHARS

        budget = OUTPUT_CHARS // max(1, len(hits))
        results = [
            {
                "session_id": h.session_id,
                "title": h.title and redact_cut(h.title, limit=TITLE_CHARS),
                "agent": h.agent,
                "date": f"{h.timestamp:%Y-%m-%d %H:%M}",
                "score": h.score,
                "matched_message_id": h.message_id,
                # a sub-agent's message: the session it is in (search folds it in)
                **(
                    {"matched_session_id": h.matched_session_id}
                    if h.matched_session_id not in ("", h.session_id)
                    else {}
                ),
                "snippet": redact_cut(h.snippet),
                "messages": _messages(h.context, budget),
            }
            for h in hits
        ]
        if summarize and helper is not None:
            summaries = assist.summarize(helper, query, [h.context for h in hits])
            for result, summary in zip(results, summaries, strict=True):
                result.update(summary or {})
        extra: dict[str, Any] = {}
        if _get(args, "deep", bool):
            from .pipeline import deep

            found = deep.recall(
                self.md,
                query,
                hits,
                **{k: v for k, v in kw.items() if k not in ("limit", "window")},
            )
            extra["deep"] = {
                "answer": found.answer,
                "cites": [  # redacted before the cut, as a message is
                    {
                        "id": m.id,
                        "session_id": m.session_id,
                        "content": redact_secrets(m.content)[:MESSAGE_CHARS],
                    }
                    for m in found.cited()
                ],
                "steps": found.steps,
                "note": found.note,
            }
        role = filters["role"]
        why = self.md.sessions.role_note(role) if role is not None and not results else None
        if not results and not (extra.get("deep") or {}).get("answer"):
            said = f": {why}." if why else ". Try other keywords."
            extra = {"message": f"No earlier session matches{said}", **extra}
            return {"success": True, "results": [], **extra}
        if why:  # a deep answer found without the filter's role: say the role is stored nowhere
            extra = {"message": f"No earlier session matches: {why}.", **extra}
        if summarize and model is None:
            extra = {"note": "summaries need MEMDIR_LLM", **extra}
        elif helper is not None and helper.skipped:
            extra = {"note": f"no model help: {helper.skipped}", **extra}
        return {"success": True, "results": results, **extra}

    def _scroll(self, session_id: str | None, around: int | None, window: int) -> dict[str, Any]:
        sessions = self.md.sessions
        if around is None:
            if session_id is None:
                raise ValidationError("'session_id' is required")
            sessions.get(session_id)  # raises with a hint when unknown
            found = sessions.messages(session_id, limit=2 * window + 1)
        else:
            found = sessions.around(around, window)
            held = found[0].session_id if found else None
            if held is None or (  # a sub-agent's message is found under its root session
                session_id is not None
                and held != session_id
                and held not in sessions.lineage(session_id)
            ):
                raise ValidationError(
                    f"no message {around} in "
                    f"{'that session' if session_id else 'any session'}; "
                    f"use a message id from a search result",
                    field="around",
                )
        return {
            "success": True,
            "session_id": found[0].session_id if found else session_id,
            "messages": _messages(found, OUTPUT_CHARS),
            "hint": "call again with around=<first or last id> to read further",
        }


def _without_secrets(value: Any) -> Any:
    """``value`` with the secrets in its texts redacted: a past session may hold a key the
    user pasted, and a tool result goes to the model (and the model's provider). One pass
    over the whole result, so a field added later is covered too."""
    from .guard import redact_secrets

    if isinstance(value, str):
        return redact_secrets(value)
    if isinstance(value, dict):
        return {k: _without_secrets(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_secrets(v) for v in value]
    return value


def _capped(value: Any) -> Any:
    """``value`` with every text longer than ``RESULT_CHARS`` cut, saying so: a model's
    context (and an HTTP response) is no place for megabytes."""
    if isinstance(value, str) and len(value) > RESULT_CHARS:
        return value[:RESULT_CHARS] + f" [… cut: {len(value):,} characters in all]"
    if isinstance(value, dict):
        return {k: _capped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_capped(v) for v in value]
    return value


def _messages(messages: list[Message], budget: int) -> list[dict[str, Any]]:
    """Messages for a tool result, each cut so that all of them fit ``budget``; secrets
    redacted before the cut (a key cut in half is no longer recognised as one)."""
    from .guard import redact_secrets

    each = max(80, min(MESSAGE_CHARS, budget // max(1, len(messages))))
    out = []
    for m in messages:
        text = redact_secrets(m.content)
        text = text if len(text) <= each else text[: each - 1] + "…"
        item: dict[str, Any] = {
            "id": m.id,
            "role": m.role,
            "content": text,
            "time": f"{m.timestamp:%Y-%m-%d %H:%M}",
        }
        if m.tool_name:
            item["tool_name"] = m.tool_name
        if m.tool_calls is not None:
            calls = redact_secrets(json.dumps(m.tool_calls, ensure_ascii=False, default=str))
            item["tool_calls"] = calls if len(calls) <= each else calls[: each - 1] + "…"
        out.append(item)
    return out
