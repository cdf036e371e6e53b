"""Texts through the extractor: each source becomes transcripts, the provider finds candidates.

Every :class:`~._found.Doc` is cut into transcripts the pipeline's provider accepts (at
most :data:`TRANSCRIPT_CHARS`, one message per paragraph, mail or chat message) and sent
through :func:`memdir.pipeline.transcript.build_transcript` (secrets redacted, blocks
stripped) to the provider the pipeline uses (``llm`` in the settings: the offline rules,
or a model). Candidates are screened like the pipeline's: evidence must name the person's
own words, confidence at least ``MIN_CONFIDENCE``, secrets redacted. A candidate whose
evidence trips the guard is kept as *refused* (listed, never proposed), so poisoned text
cannot be laundered through a model's paraphrase.

A model's answers are cached in ``$MEMDIR_HOME/bootstrap-cache.json`` by transcript hash:
the ids a dry run prints name the same proposals when ``--apply`` runs again, the model is
not paid twice, and a run stopped at :data:`MAX_MODEL_CALLS` continues where it stopped.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ... import guard
from ...errors import MemdirError
from ...pipeline.run import MIN_CONFIDENCE
from ...pipeline.schema import Candidate
from ...pipeline.transcript import Transcript, build_transcript
from ...sessions import Message
from ._found import Doc, Found, Gathered, Progress

if TYPE_CHECKING:
    from ...pipeline.providers import Provider

__all__ = ["CACHE_NAME", "MAX_CHARS", "MAX_MODEL_CALLS", "extract_docs", "transcripts"]

TRANSCRIPT_CHARS = 20_000  # under the pipeline's 24,000, so nothing is dropped
MAX_MODEL_CALLS = 50  # per run; the rest waits for the next run (answers are cached)
MAX_CHARS = 20_000_000  # text sent to the rules per run
CACHE_NAME = "bootstrap-cache.json"
MAX_CACHED = 5_000


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
    return build_transcript(sid, [dataclasses.replace(m, session_id=sid) for m in messages],
                            max_chars=TRANSCRIPT_CHARS + 4_000)


class _Cache:
    """Model answers by transcript hash, kept between runs (only for model providers)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.answers: dict[str, list[dict[str, Any]]] = {}
        self.changed = False
        if path is None or not path.exists():
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            answers = data["answers"] if isinstance(data, dict) else None
            if isinstance(answers, dict):
                self.answers = {k: v for k, v in answers.items() if isinstance(v, list)}
        except (OSError, ValueError, KeyError, TypeError):
            self.answers = {}  # our own cache: a damaged one is rebuilt, never fatal

    @staticmethod
    def key(provider: Provider, transcript: Transcript) -> str:
        text = f"{provider.name}\0{transcript.render()}"
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def get(self, key: str) -> list[Candidate] | None:
        if self.path is None or key not in self.answers:
            return None
        try:
            return [Candidate.from_dict(c) for c in self.answers[key]]
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, key: str, found: Sequence[Candidate]) -> None:
        if self.path is not None:
            self.answers[key] = [c.to_dict() for c in found]
            self.changed = True

    def save(self) -> None:
        if self.path is None or not self.changed:
            return
        keep = dict(list(self.answers.items())[-MAX_CACHED:])
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".bootstrap-cache.")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"version": 1, "answers": keep}, f, ensure_ascii=False)
            os.replace(tmp, self.path)
        except OSError:
            Path(tmp).unlink(missing_ok=True)
            raise


def _screen(c: Candidate, doc: Doc, transcript: Transcript, where: dict[int, str],
            dropped: Counter[str]) -> Found | None:
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
    return Found(doc.kind, str(doc.path), c.type, guard.redact_secrets(c.name),
                 guard.redact_secrets(c.description), guard.redact_secrets(c.body),
                 "user" if c.scope == "user" else doc.scope, None,
                 (f"bootstrap:{doc.kind}:{doc.path}",), detail, refused)


def extract_docs(provider: Provider, docs: Sequence[Doc], g: Gathered, *, home: Path,
                 when: datetime, progress: Progress | None = None) -> None:
    """Run every doc through ``provider``; candidates (and refusals) go to ``g.found``."""
    cache = _Cache(home / CACHE_NAME if provider.uses_model else None)
    calls = chars = 0
    dropped: Counter[str] = Counter()
    left = 0
    try:
        for i, doc in enumerate(docs, 1):
            if progress is not None and (i % 50 == 0 or provider.uses_model):
                progress(f"extracting: {i:,} of {len(docs):,} texts ({doc.path.name})")
            for transcript, where in transcripts(doc, when):
                if not transcript.user_ids:
                    continue
                key = _Cache.key(provider, transcript) if provider.uses_model else ""
                found = cache.get(key) if key else None
                if found is None:
                    if (calls >= MAX_MODEL_CALLS if provider.uses_model
                            else chars >= MAX_CHARS):
                        left += 1
                        continue
                    try:
                        found = provider.extract(transcript).candidates
                    except MemdirError as exc:
                        g.problems.append(f"{doc.path}: extraction failed: {exc}")
                        continue
                    calls += provider.uses_model
                    chars += transcript.chars
                    if key:
                        cache.put(key, found)
                for c in found:
                    screened = _screen(c, doc, transcript, where, dropped)
                    if screened is not None:
                        g.found.append(screened)
    finally:
        cache.save()
    if left:
        limit = (f"{MAX_MODEL_CALLS} model calls" if provider.uses_model
                 else f"{MAX_CHARS:,} characters")
        g.notes.append(f"stopped after {limit}: {left} text(s) not read yet; run bootstrap "
                       f"again to continue" + (" (answers so far are cached)"
                                               if provider.uses_model else ""))
    for why, n in sorted(dropped.items()):
        g.notes.append(f"extractor: {n} candidate(s) dropped ({why})")
