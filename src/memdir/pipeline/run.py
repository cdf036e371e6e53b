"""The pipeline of one :class:`~memdir.Memdir`: queue, extract, consolidate, forget, decay.
See docs/design/pipeline.md."""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING

from .. import guard
from ..core.changes import AddOp
from ..core.errors import (
    EmbedError,
    GuardError,
    LeaseLostError,
    MemdirError,
    SchemaError,
    UnknownSessionError,
)
from ..core.model import Source
from ..core.slug import entry_id
from ..core.store import state_key
from ..review import approval, diary
from ..sessions.records import to_datetime
from ..sessions.usage import parse_citations
from . import dreaming, entities, procedures, upkeep
from .answers import Candidate
from .consolidate import describe, screened, to_operations
from .jobs import BACKOFF_BASE, LEASE, RETRIES, Job, JobQueue
from .providers import ChatProvider, Consolidation, Extraction, Provider, consolidation_input
from .transcript import Transcript, build_transcript
from .worker import Worker

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ..core.store import Store

MODEL_CALLS = 5  # consolidation model calls per run
BATCH = 40  # candidates per consolidation call
MIN_CONFIDENCE = 0.5
SHARED = "*"  # the project column of jobs on scopes every project shares (user)


@dataclass
class RunReport:
    """What one run did (or, dry, would do)."""

    queued: int = 0
    extracted: int = 0
    empty: int = 0  # sessions that ended with nothing worth saving
    skipped: int = 0
    candidates: int = 0
    dropped: Counter[str] = field(default_factory=Counter)
    ops: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)  # of ops, those held for review (ask)
    errors: list[str] = field(default_factory=list)
    model_calls: int = 0  # extraction and consolidation
    consolidation_calls: int = 0  # at most MODEL_CALLS per run
    chars_sent: int = 0
    deferred: int = 0
    archived: list[str] = field(default_factory=list)
    review: list[str] = field(default_factory=list)
    embedded: int = 0  # rows given a vector (the semantic layer)
    phase_calls: Counter[str] = field(default_factory=Counter)  # model calls by phase
    phase_chars: Counter[str] = field(default_factory=Counter)  # characters sent by phase
    proposals: int = 0  # synthesis and skill proposals written to DREAMS.md for review
    skill_proposals: int = 0  # of them, new skills and skill edits

    @property
    def did_anything(self) -> bool:
        """Whether the run found any work at all."""
        return bool(
            self.extracted
            or self.skipped
            or self.ops
            or self.dropped  # consolidated: what memory already says, said so
            or self.errors
            or self.archived
            or self.review
            or self.deferred
            or self.embedded
        )


class Pipeline:
    """Background extraction and consolidation for one Layers."""

    def __init__(
        self,
        md: Layers,
        provider: Provider | None = None,
        *,
        worker: str | None = None,
        lease: float = LEASE,
        backoff: float = BACKOFF_BASE,
        retries: int = RETRIES,
    ) -> None:
        self.md = md
        if provider is not None:
            md.provider = provider
        self.worker_id = worker or f"{socket.gethostname()}:{os.getpid()}"
        db = md.sessions.db
        self.jobs = JobQueue(db, clock=md.clock, retries=retries, backoff=backoff, lease=lease)
        self.tombstones = md.tombstones
        self.usage = md.usage()
        self.project = md.project
        self._worker = Worker(lambda: self.run(scan=False))
        self._lock = threading.Lock()  # one run at a time in this process
        self.batch = BATCH  # candidates per consolidation call
        self.limits = dreaming.Limits(light=BATCH)
        self.dreams = True  # the three phases and the diary; False: one stage, no diary
        self.skills = True  # with dreams: propose skills from repeated procedures
        self.entity_calls = entities.CALLS  # a run's entity calls for the entries

    @property
    def provider(self) -> Provider:
        """The provider ``llm`` / ``MEMDIR_LLM`` names (the workspace's)."""
        return self.md.provider

    @provider.setter
    def provider(self, value: Provider) -> None:
        self.md.provider = value

    # -- hooks from sessions and stores ----------------------------------------------------

    def queue_session(self, session_id: str) -> bool:
        """Queue extraction of a session's messages up to its newest one."""
        last = self.md.sessions.last_message_id(session_id)
        if not last:
            return False
        return self.jobs.enqueue("extract", session_id, project=self.project, watermark=last)

    def session_ended(self, session_id: str) -> None:
        """Queue the session; the worker thread picks it up (when ``background`` is on)."""
        self.flush(session_id)

    def flush(self, session_id: str) -> bool:
        """Queue extraction of what the session logged so far, the session going on (a
        harness compacting its context, a turn ending); the worker runs it when
        ``background`` is on. False when the session has no messages."""
        queued = self.queue_session(session_id)
        if queued and self.md.settings.background:
            self._worker.request()
        return queued

    def note_write(self, session_id: str) -> None:
        """The live agent wrote memory this turn: extraction will skip the turn."""
        self.tombstones.mark_write(session_id)

    def note_read(self, scope: str, entry_id: str) -> None:
        """``memory_read`` read an entry: count a use."""
        self.usage.bump([(state_key(self.md.store(scope)), entry_id)])

    def note_citations(self, text: str) -> int:
        """Count a use of every entry cited in an assistant message; returns how many."""
        cited = set(parse_citations(text))
        if not cited:
            return 0
        keys = {s.scope: state_key(s) for s in self.md.stores()}
        return self.usage.bump(
            [(keys[scope], e.id) for scope, e in self.md.entries() if e.id in cited]
        )

    def drain(self, timeout: float | None = None) -> bool:
        """Wait for the worker thread to finish queued work; False on timeout."""
        return self._worker.drain(timeout)

    def stop(self) -> None:
        """End the worker thread after its run in flight (queued jobs stay queued)."""
        self._worker.stop()

    # -- queueing --------------------------------------------------------------------------

    def scan(self, *, everything: bool = False) -> int:
        """Queue this project's sessions that are due: ended, or idle for
        ``min_idle_minutes``; memory mode enabled; grown past their watermark.
        ``everything`` forgets the watermarks first, so every session is redone."""
        if everything:
            self.jobs.reset_watermarks("extract", self.project)
        idle = (self.md.clock() - timedelta(minutes=self.md.settings.min_idle_minutes)).timestamp()
        return sum(
            self.jobs.enqueue("extract", sid, project=self.project, watermark=last)
            for sid, last, done in self.md.sessions.due(self.project, idle)
            if last > done
        )

    def rekey(self) -> list[str]:
        """Make this project's the rows keyed by an adopted folder or by this checkout's
        path (team backend): what :meth:`run` does first, and what a :meth:`scan` before
        it needs, or it queues none of them. Returns errors (tried again next run)."""
        with self._lock:
            return self._rekey()

    def _rekey(self) -> list[str]:
        errors = upkeep.carry_adopted(self.md)  # keyed by an adopted folder since
        return errors + upkeep.key_by_url(self.md)  # keyed by this checkout's path

    def due(self) -> int:
        """Jobs of this project ready to run now."""
        return self.jobs.ready((self.project, SHARED))

    def waiting(self) -> list[Job]:
        """Jobs of this project that failed and wait to be retried later (soonest first)."""
        now = self.md.clock()
        pending = self.jobs.list(status="pending", limit=1000)
        found = [j for j in pending if j.project in (self.project, SHARED) and j.retry_at > now]
        return sorted(found, key=lambda j: j.retry_at)

    # -- running ---------------------------------------------------------------------------

    def run(
        self,
        *,
        scan: bool = True,
        everything: bool = False,
        progress: Callable[[Job], None] | None = None,
    ) -> RunReport:
        """Queue what is due (unless ``scan`` is false), then process jobs until none is
        left; archive per policy and list entries to review."""
        report = RunReport()
        with self._lock:
            report.errors += self._rekey()
            if scan:
                report.queued = self.scan(everything=everything)
            while not self._worker.stopping():  # close() ends a background run early
                job = self.jobs.claim(self.worker_id, projects=(self.project, SHARED))
                if job is None:
                    break
                try:
                    if job.kind == "extract":
                        self._extract_job(job, report)
                    elif job.kind == "consolidate":
                        self._consolidate_job(job, report)
                except LeaseLostError:
                    continue  # another worker took the job over and finishes it
                if progress is not None:
                    progress(job)
                if report.deferred:
                    break  # the model-call budget is spent: the rest waits for the next run
            allowed = self._entities_on() and self.entity_calls  # a call is allowed
            if allowed and (complete := self._complete()) is not None:
                cost = entities.Cost()
                try:
                    entities.name_entries(self.md, complete, cost, self.entity_calls)
                except MemdirError as exc:
                    cost.errors.append(f"entity names of entries: {exc}")
                self._spent(cost, report)
            if scan:
                report.archived = self.archive_unused()
                report.review = self.review()
                self.embed(report)
                self.md.sessions.link_entities(budget=50_000)  # entity mentions of messages
        return report

    def _entities_on(self) -> bool:
        """Whether the model names entities (``model_entities``, the default, and a chat
        model)."""
        on = self.md.settings
        return isinstance(self.provider, ChatProvider) and on.enabled and on.model_entities

    def _extract(self, transcript: Transcript) -> Extraction:
        """The provider's extraction; a chat model is asked for entity names only when on."""
        if isinstance(self.provider, ChatProvider):
            return self.provider.extract(transcript, entities=self._entities_on())
        return self.provider.extract(transcript)

    def _complete(self) -> entities.Complete | None:
        """The chat model's call (None: the provider is no chat model)."""
        return self.provider.complete if isinstance(self.provider, ChatProvider) else None

    @staticmethod
    def _spent(cost: entities.Cost, report: RunReport) -> None:
        report.model_calls += cost.calls
        report.phase_calls["entities"] += cost.calls
        report.phase_chars["entities"] += cost.chars
        report.dropped.update(cost.notes)
        report.errors += cost.errors

    def embed(self, report: RunReport) -> None:
        """Vectors for rows that lack them, when the semantic layer is on, counted in
        ``report`` (a failing endpoint is an error there, tried again next run)."""
        from ..sessions import vectors

        db = self.md.sessions.db  # opening the sessions sets up the embedder
        embedder = self.md.embedder
        if embedder is not None:
            try:
                report.embedded = vectors.embed_pending(db, embedder)
            except EmbedError as exc:
                report.errors.append(f"vectors not computed: {exc}")

    def _session_transcript(self, session_id: str, since: int) -> Transcript | None:
        info = self.md.sessions.get(session_id)
        if info.memory_mode != "enabled":
            return None
        messages = [m for m in self.md.sessions.messages(session_id) if m.id > since]
        texts = [i.text for i in self.md.instructions()[0]]
        return build_transcript(
            session_id, messages, instructions=texts, written=self.tombstones.marks(session_id)
        )

    def _screen(
        self, found: list[Candidate], transcript: Transcript, report: RunReport, *, dry: bool
    ) -> list[Candidate]:
        """Redact, then keep candidates the user said, the guard allows and no tombstone
        forbids. Those the guard refuses are recorded as refused writes, unless ``dry``."""
        times = {line.id: line.timestamp for line in transcript.lines}
        kept = []
        for c in found:
            c = dataclasses.replace(
                c,
                name=guard.redact_secrets(c.name),
                body=guard.redact_secrets(c.body),
                description=guard.redact_secrets(c.description),
                session_id=transcript.session_id,
            )
            if not set(c.evidence) & transcript.user_ids:
                report.dropped["not said by the user"] += 1
            elif c.confidence < MIN_CONFIDENCE:
                report.dropped["low confidence"] += 1
            elif finding := guard.scan(f"{c.name}\n{c.description}\n{c.body}", allow_secrets=True):
                report.dropped["refused by the guard"] += 1
                if not dry:  # listed where the other refused writes are (Activity)
                    refused = GuardError(rule=finding.rule, reason=finding.reason)
                    self.md.record_refusal(self._scope(c), Source.EXTRACTOR, refused, c.name)
            elif self.tombstones.matching(c, max(times[i] for i in c.evidence if i in times)):
                report.dropped["forgotten (tombstone)"] += 1
            else:
                kept.append(c)
        return kept

    def _scope(self, c: Candidate) -> str:
        """The scope candidate ``c`` is written to."""
        return "user" if c.scope == "user" and self._usable("user") else "local"

    def _location(self, c: Candidate) -> str:
        return state_key(self.md.store(self._scope(c)))

    def _usable(self, scope: str) -> bool:
        return upkeep.usable(self.md, scope)

    def _extract_job(self, job: Job, report: RunReport) -> None:
        try:
            transcript = self._session_transcript(job.key, job.done_watermark)
        except UnknownSessionError:
            transcript = None
        # what the transcript accounts for: all messages up to the job's input watermark
        # that still exist (read after the claim), so never less than that watermark, which
        # may be past the newest message (a message deleted since it was queued); else the
        # job went pending again as it finished and was claimed again, for ever (rv55t)
        covered = None if transcript is None else max(transcript.watermark, job.input_watermark)
        if transcript is None or not transcript.user_ids:
            report.skipped += transcript is None
            report.empty += transcript is not None
            self.jobs.finish(job, "skipped" if transcript is None else "nothing", watermark=covered)
            return
        try:
            extraction = self._extract(transcript)
        except MemdirError as exc:
            self._failed(job, report, f"extract {job.key}", exc)
            return
        report.model_calls += self.provider.uses_model
        report.chars_sent += extraction.chars_sent
        kept = self._screen(extraction.candidates, transcript, report, dry=False)
        report.extracted += 1
        report.candidates += len(kept)
        if self._entities_on():  # named in the extraction reply: no call of their own
            said = [(x.id, x.text) for x in transcript.lines if x.role in ("user", "assistant")]
            try:
                entities.name_messages(self.md, extraction.entities, said, report.dropped)
            except MemdirError as exc:
                report.errors.append(f"entity names of {job.key}: {exc}")
        report.empty += not kept
        raw = extraction.raw or None

        local = state_key(self.md.store("local"))
        found = [
            (where, json.dumps(cand.to_dict()), self.project if where == local else SHARED)
            for cand in kept
            for where in [self._location(cand)]
        ]

        self.jobs.finish(
            job,
            "candidates" if kept else "nothing",
            watermark=covered,
            raw_output=raw,
            also=lambda c: self.jobs.stage(c, job.key, found),
        )

    def _failed(self, job: Job, report: RunReport, what: str, exc: MemdirError) -> None:
        """Record a failed job (with the model's raw text when its output was invalid)."""
        raw = exc.raw if isinstance(exc, SchemaError) else None
        self.jobs.fail(job, str(exc), raw_output=raw)
        report.errors.append(f"{what}: {exc}")

    def _store_at(self, key: str) -> Store | None:
        for scope in ("local", "user"):
            if self._usable(scope) and state_key(self.md.store(scope)) == key:
                return self.md.store(scope)
        return None

    def _consolidate_job(self, job: Job, report: RunReport) -> None:
        store = self._store_at(job.key)
        if store is None:
            error = f"scope {job.key} is not writable from project {self.project}"
            self.jobs.fail(job, error, retry=False)
            report.errors.append(error)
            return
        # the next batch; None for a candidate a session turned polluted or a removal
        # since its extraction forbids (consumed, never applied)
        limit = min(self.batch, self.limits.light) if self.dreams else self.batch
        rows = self.jobs.candidates(job.key, limit)
        modes = self.md.sessions.memory_modes(r[3] for r in rows)
        pending: list[tuple[int, Candidate | None]] = []
        for row_id, data, created, session_id in rows:
            cand = Candidate.from_dict(json.loads(data))
            mode = modes.get(session_id)
            gone = mode != "enabled" or self.tombstones.matching(cand, to_datetime(created))
            pending.append((row_id, None if gone else cand))
        if not pending:
            self.jobs.finish(job, "nothing")
            return
        if self.provider.uses_model and report.consolidation_calls >= MODEL_CALLS:
            self.jobs.release(job)
            report.deferred += 1
            return
        last = max(i for i, _ in pending)
        candidates = [c for _, c in pending if c is not None]
        if not candidates:
            report.dropped["forgotten before consolidation"] += len(pending)
            self.jobs.finish(
                job,
                "nothing",
                watermark=last,
                also=self.jobs.consumed(job.key, last),
            )
            return
        if len(candidates) < len(pending):
            report.dropped["forgotten before consolidation"] += len(pending) - len(candidates)
        run = diary.Run(store.scope, self.md.clock())
        said = 0  # candidates light rejected: an entry (or an earlier one) says them
        try:
            entries = store.list()
            themes: list[dreaming.Theme] = []
            if self.dreams:
                waiting = self.jobs.waiting(job.key, last)
                staged = dreaming.light(
                    candidates, entries, run, waiting=waiting, limit=self.limits.light
                )  # what an entry or an earlier candidate says already: in the diary
                said = len(candidates) - len(staged)
                candidates = staged
                themes = dreaming.rem(candidates, entries, self.limits.rem, run)
            result = (
                self.provider.consolidate(candidates, entries)
                if candidates
                else Consolidation([], "", 0)
            )
            phase = "deep" if self.dreams else "consolidate"
            report.model_calls += result.model_calls
            report.consolidation_calls += result.model_calls
            report.phase_calls[phase] += result.model_calls
            if result.model_calls:
                report.phase_chars[phase] += len(consolidation_input(candidates, entries))
            sources: list[Candidate | None] = []
            ops = to_operations(result.ops, candidates, entries, sources)
            again: list[Candidate] = []
            adds = sum(isinstance(op, AddOp) for op in ops)
            if self.dreams:  # an add an entry already says is merged away here
                ops, again = dreaming.deep(ops, entries, self.limits.deep, run, sources)
            said += adds - sum(isinstance(op, AddOp) for op in ops)
            ops, refused = screened(store, ops)  # dropped, as extraction drops a candidate
            if refused:
                report.dropped["refused by the guard"] += refused
            # what changes some text is written (or held); the rest brings provenance only
            same = approval.unchanged(store, ops, entries, Source.EXTRACTOR)
            writes = [op for op, entry in zip(ops, same, strict=True) if entry is None]
            said += len(ops) - len(writes)
            held = bool(ops) and approval.asks(self.md, store, Source.EXTRACTOR)
            if held:  # approval = "ask": the ops that change something wait in review
                ops = approval.hold_changing(
                    self.md, store, ops, entries, Source.EXTRACTOR, same
                )  # planned once: the ops ``same`` found changing no text are not held
                held = bool(ops)
            changes = store.apply(ops, source=Source.EXTRACTOR) if ops and not held else []
        except MemdirError as exc:
            self._failed(job, report, f"consolidate {store.scope}", exc)
            return
        if said:
            report.dropped["already in memory"] += said
        report.ops += [f"{store.scope}: {describe(op)}" for op in writes]
        if held:
            report.held += [f"{store.scope}: {describe(op)}" for op in writes]
        if self.dreams:
            self._dream_on(store, run, themes, candidates, report)
        written = any(ch.action not in ("exists", "unchanged") for ch in changes)
        consumed = self.jobs.consumed(job.key, last)

        def also(c: sqlite3.Connection) -> None:
            consumed(c)  # then the candidates the deep limit left wait for the next run
            for cand in again:
                found = [(job.key, json.dumps(cand.to_dict()), job.project)]
                self.jobs.stage(c, cand.session_id, found)

        self.jobs.finish(
            job,
            "held" if held else "written" if written else "nothing",
            watermark=last,
            raw_output=result.raw or None,
            also=also,
        )

    def _dream_on(
        self,
        store: Store,
        run: diary.Run,
        themes: list[dreaming.Theme],
        candidates: list[Candidate],
        report: RunReport,
    ) -> None:
        """Synthesis over the themes (with the entries just written), then the diary."""
        entries = store.list()
        ids = {e.id for e in entries}
        grown = [
            dataclasses.replace(
                t,
                entries=t.entries
                + tuple(
                    i
                    for n in t.candidates
                    if (i := entry_id(candidates[n].type, candidates[n].name, ids)) in ids
                ),
            )
            for t in themes
        ]
        try:
            calls = dreaming.synthesize(
                self._complete(), grown, entries, self.limits.synthesis, run
            )
        except MemdirError as exc:
            calls = 0
            run.rejected.append(f"synthesis stopped: {exc}")
        report.model_calls += calls
        report.phase_calls["synthesis"] += calls
        report.phase_chars["synthesis"] += (
            sum(
                len(e.body[:600]) + len(e.description)
                for t in grown
                for e in entries
                if e.id in t.entries
            )
            if calls
            else 0
        )
        if self.skills and store.scope == "local":
            self._procedures(run, report)
        report.proposals += len(run.proposals)
        try:
            diary.record(self.md, store, run)
        except MemdirError as exc:
            report.errors.append(str(exc))

    def _procedures(self, run: diary.Run, report: RunReport) -> None:
        """Skill proposals from procedures repeated in this project's newest sessions."""
        sessions = []
        for info in self.md.sessions.list(scope=self.project, limit=procedures.SESSIONS):
            if info.memory_mode == "enabled":
                messages = self.md.sessions.messages(info.id, limit=procedures.MESSAGES)
                sessions.append((info.id, info.title, messages))
        found = procedures.detect(sessions, limit=3 * self.limits.skills)
        if not found:
            return
        from ..review.proposals import rejected, skill_proposal

        gone = set(rejected(self.md))
        before = len(run.proposals)
        try:
            cost = procedures.propose(
                self._complete(),
                found,
                self.md.skills(),
                run,
                limit=self.limits.skills,
                refused=lambda d: skill_proposal("local", d).id in gone,
            )
        except MemdirError as exc:
            run.rejected.append(f"skills stopped: {exc}")
            return
        report.model_calls += cost.calls
        report.phase_calls["skills"] += cost.calls
        report.phase_chars["skills"] += cost.chars
        report.skill_proposals += len(run.proposals) - before

    # -- dry run, decay, review, deletion --------------------------------------------------

    def plan(self, *, everything: bool = False) -> RunReport:
        """What :meth:`run` would do, without writing anything (providers are called)."""
        report = RunReport()
        idle = (self.md.clock() - timedelta(minutes=self.md.settings.min_idle_minutes)).timestamp()
        by_location: dict[str, list[Candidate]] = {}
        due = self.md.sessions.due(self.project, idle)
        due += upkeep.due_by_path(self.md, idle)  # what a run's rekey makes this project's
        for session_id, _, done in due:
            transcript = self._session_transcript(session_id, 0 if everything else done)
            if transcript is None or not transcript.user_ids:
                continue
            extraction = self._extract(transcript)
            report.extracted += 1
            report.model_calls += self.provider.uses_model
            report.chars_sent += extraction.chars_sent
            kept = self._screen(extraction.candidates, transcript, report, dry=True)
            report.candidates += len(kept)
            report.empty += not kept
            for c in kept:
                by_location.setdefault(self._location(c), []).append(c)
        for location, found in by_location.items():
            store = self._store_at(location)
            if store is None:
                continue
            entries = store.list()
            result = self.provider.consolidate(found[: self.batch], entries)
            ops = to_operations(result.ops, found[: self.batch], entries)
            same = approval.unchanged(store, ops, entries, Source.EXTRACTOR)
            writes = [op for op, entry in zip(ops, same, strict=True) if entry is None]
            if len(writes) < len(ops):  # as a run counts them: provenance only
                report.dropped["already in memory"] += len(ops) - len(writes)
            report.ops += [f"{store.scope}: {describe(op)}" for op in writes]
            if approval.asks(self.md, store, Source.EXTRACTOR):  # held: what changes text
                report.held += [f"{store.scope}: {describe(op)}" for op in writes]
        report.archived = self.archive_unused(dry_run=True)
        report.review = self.review()
        return report

    def archive_unused(self, *, dry_run: bool = False) -> list[str]:
        """Archive extracted entries unused for ``archive_unused_days`` (see
        :func:`memdir.pipeline.upkeep.archive_unused`)."""
        return upkeep.archive_unused(self.md, self.usage, dry_run=dry_run)

    def review(self) -> list[str]:
        """Entries whose only origin is a session marked polluted: a person should look."""
        return upkeep.review(self.md)

    def delete_session(self, session_id: str) -> list[str]:
        """Delete a session; remove (with tombstones) the entries only it taught."""
        return upkeep.delete_session(self.md, session_id)
