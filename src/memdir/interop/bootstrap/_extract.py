"""Texts through the extractor: each source becomes transcripts, the provider finds
candidates. (docs/design/interop.md)."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ... import guard
from ...core.errors import MemdirError, ParseError
from ...core.storage.regular import atomic_write, read_json
from ...pipeline.answers import Candidate
from ...pipeline.providers import ChatProvider
from ...pipeline.run import MIN_CONFIDENCE
from ...pipeline.transcript import Transcript, build_transcript
from ...sessions import Message
from ._found import Doc, Found, Gathered, Progress

if TYPE_CHECKING:
    from ...pipeline.providers import Provider

TRANSCRIPT_CHARS = 20_000  # under the pipeline's 24,000, so nothing is dropped
MAX_MODEL_CALLS = 50  # per run; the rest waits for the next run (answers are cached)
MAX_CHARS = 20_000_000  # text sent to the rules per run
CACHE_NAME = "bootstrap-cache.json"
MAX_CACHED = 5_000
MAX_CACHE_BYTES = 64 << 20


def transcripts(doc: Doc, when: datetime) -> Iterator[tuple[Transcript, dict[int, str]]]:
    """``doc`` as transcripts within TRANSCRIPT_CHARS, each with its message id → where."""
    messages: list[Message] = []
    where: dict[int, str] = {}
    size = 0
    chunk = 0
    for part in doc.parts:
        if messages and size + len(part.text) + 40 > TRANSCRIPT_CHARS:
            yield _build(doc, chunk, messages), where
            messages, where, size, chunk = [], {}, 0, chunk + 1
        mid = len(messages) + 1
        messages.append(Message(mid, "", part.role, part.text, None, None, when))
        where[mid] = part.where
        size += len(part.text) + 40
    if messages:
        yield _build(doc, chunk, messages), where


def _build(doc: Doc, chunk: int, messages: list[Message]) -> Transcript:
    sid = f"bootstrap:{doc.path}{'#' + doc.label if doc.label else ''}#{chunk}"
    return build_transcript(
        sid,
        [dataclasses.replace(m, session_id=sid) for m in messages],
        max_chars=TRANSCRIPT_CHARS + 4_000,
    )


class Answers:
    """A model's answers by transcript hash: read from the cache file once, written by
    :meth:`save` with only what was proposed. ``path`` None: no cache (the offline rules).
    ``only``: answer from the file alone, never from the model (``--apply``); ``fresh``:
    ignore the file, and replace it at :meth:`save`."""

    def __init__(self, path: Path | None, *, only: bool = False, fresh: bool = False) -> None:
        self.path = path
        self.only = only and path is not None
        self.fresh = fresh
        self.stored: dict[str, list[dict[str, Any]]] = {}  # as read from the file
        self.now: dict[str, list[dict[str, Any]]] = {}  # the answers used in this run
        self.unasked = 0  # texts not sent because ``only``
        if path is None or fresh:
            return
        with contextlib.suppress(ParseError):  # our own cache: a damaged one is rebuilt
            answers = (read_json(path, MAX_CACHE_BYTES, kind=dict) or {}).get("answers")
            if isinstance(answers, dict):
                self.stored = {k: v for k, v in answers.items() if isinstance(v, list)}

    @staticmethod
    def key(provider: Provider, transcript: Transcript) -> str:
        """The hash an answer is kept under: the provider and the text it was sent."""
        text = f"{provider.name}\0{transcript.render()}"
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def get(self, key: str) -> list[Candidate] | None:
        """The kept answer for ``key`` (None when there is none, or it cannot be read)."""
        if self.path is None or key not in self.stored:
            return None
        try:
            found = [Candidate.from_dict(c) for c in self.stored[key]]
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        self.now[key] = self.stored[key]
        return found

    def put(self, key: str, found: Sequence[Candidate]) -> None:
        """The model's answer for ``key``, kept for :meth:`save`."""
        if self.path is not None:
            self.now[key] = [c.to_dict() for c in found]

    def save(self, proposed: dict[str, set[int]]) -> None:
        """Write the file: for each text of this run, the candidates of its answer that
        became proposals (``proposed``: key → their indices); what earlier runs kept for
        texts this run did not see stays, unless ``fresh``. Never with ``only``."""
        if self.path is None or self.only:
            return
        kept = {} if self.fresh else {k: v for k, v in self.stored.items() if k not in self.now}
        for key, answer in self.now.items():
            kept[key] = [c for i, c in enumerate(answer) if i in proposed.get(key, ())]
        if kept == self.stored:
            return
        keep = dict(list(kept.items())[-MAX_CACHED:])
        # ASCII JSON: no answer text (not even a lone surrogate) can fail to encode
        try:
            atomic_write(self.path, json.dumps({"version": 2, "answers": keep}).encode("ascii"))
        except OSError as exc:  # a folder in its place: the answers would be lost unsaid
            raise MemdirError(
                f"cannot write {self.path} ({exc.strerror}); it keeps the model's answers "
                f"for --apply: move it aside and run again"
            ) from None


def _screen(
    c: Candidate, doc: Doc, transcript: Transcript, where: dict[int, str], dropped: Counter[str]
) -> Found | None:
    if not set(c.evidence) & transcript.user_ids:
        dropped["not said by the person"] += 1
        return None
    if c.confidence < MIN_CONFIDENCE:
        dropped["low confidence"] += 1
        return None
    lines = {line.id: line.text for line in transcript.lines}
    refused = ""
    for mid in c.evidence:
        finding = guard.scan(lines.get(mid, ""), allow_secrets=True)
        if finding is not None:
            refused = f"{finding.rule}: {finding.reason} (in {where.get(mid, '?')})"
            break
    places = list(dict.fromkeys(where[m] for m in c.evidence if m in where))
    label = f"{doc.label}: " if doc.label and doc.kind != "chat" else ""
    detail = f"{doc.path.name} {label}{'; '.join(places[:3])}"
    return Found(
        doc.kind,
        str(doc.path),
        c.type,
        guard.redact_secrets(c.name),
        guard.redact_secrets(c.description),
        guard.redact_secrets(c.body),
        "user" if c.scope == "user" else doc.scope,
        None,
        (f"bootstrap:{doc.kind}:{doc.path}",),
        detail,
        refused,
    )


def extract_docs(
    provider: Provider,
    docs: Sequence[Doc],
    g: Gathered,
    *,
    answers: Answers | None = None,
    when: datetime,
    progress: Progress | None = None,
) -> None:
    """Run every doc through ``provider`` (a model's answers through ``answers``, when
    given); candidates (and refusals) go to ``g.found``."""
    cache = answers if answers is not None and provider.uses_model else Answers(None)
    calls = chars = 0
    dropped: Counter[str] = Counter()
    left = 0
    empty: list[Path] = []  # notes read whole that gave nothing: said so, not silence
    for i, doc in enumerate(docs, 1):
        if progress is not None and (i % 50 == 0 or provider.uses_model):
            progress(f"extracting: {i:,} of {len(docs):,} texts ({doc.path.name})")
        had = (len(g.found), len(g.problems), left, cache.unasked)
        for transcript, where in transcripts(doc, when):
            if not transcript.user_ids:
                continue
            key = Answers.key(provider, transcript) if cache.path is not None else ""
            found = cache.get(key) if key else None
            if found is None:
                if cache.only:
                    cache.unasked += 1
                    continue
                if calls >= MAX_MODEL_CALLS if provider.uses_model else chars >= MAX_CHARS:
                    left += 1
                    continue
                try:
                    found = _candidates(provider, transcript)
                except MemdirError as exc:
                    g.problems.append(f"{doc.path}: extraction failed: {exc}")
                    continue
                calls += provider.uses_model
                chars += transcript.chars
                cache.put(key, found)
            for n, c in enumerate(found):
                screened = _screen(c, doc, transcript, where, dropped)
                if screened is not None:
                    g.found.append(
                        dataclasses.replace(screened, answer=(key, n)) if key else screened
                    )
        if doc.kind == "notes" and had == (len(g.found), len(g.problems), left, cache.unasked):
            empty.append(doc.path)
    if empty:
        named = ", ".join(str(p) for p in dict.fromkeys(empty[:5]))
        more = f" and {len(empty) - 5} more" if len(empty) > 5 else ""
        g.notes.append(
            f"{named}{more}: nothing proposed; "
            + (
                "the model found no lasting fact there"
                if provider.uses_model
                else "without a model only lines such as 'remember that …' are proposed; "
                "with a model configured (MEMDIR_LLM) their facts are"
            )
        )
    if left and provider.uses_model:
        g.notes.append(
            f"stopped after {MAX_MODEL_CALLS} model calls: {left} text(s) not "
            f"read yet"
            + (
                "; run bootstrap again to continue (the texts read are not sent again)"
                if cache.path is not None
                else ""
            )
        )
    elif left:
        g.notes.append(
            f"stopped after {MAX_CHARS:,} characters: {left} text(s) not read; "
            f"name fewer or smaller files with --from to read them"
        )
    if cache.unasked:
        g.notes.append(
            f"{cache.unasked} text(s) the last dry run did not send to the model "
            f"were not read: applying answers only from {CACHE_NAME}"
        )
    for why, n in sorted(dropped.items()):
        g.notes.append(f"extractor: {n} candidate(s) dropped ({why})")


def _candidates(provider: Provider, transcript: Transcript) -> list[Candidate]:
    """What ``provider`` extracts (a chat model is not asked for entity names here)."""
    if isinstance(provider, ChatProvider):
        return provider.extract(transcript, entities=False).candidates
    return provider.extract(transcript).candidates
