"""Entities named by the model (``model_entities``, on by default with a chat model):
messages' mentions come in the extraction reply itself (no call of their own), entries'
in a bounded call a run; added to the deterministic mentions as the same links,
validated so a bad answer loses nothing, off without a model or the setting."""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Clock
from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.pipeline import RulesProvider
from memdir.pipeline.entities import CALL_CHARS, MODEL_KINDS, PER_TEXT, check, parse
from memdir.sessions.entities import KINDS, key_of
from memdir.testing import ScriptedProvider, candidates_reply, ops_reply

QUERY = "how do kestrel backups work?"
KNOWN = (("kestrel", "project"), ("initech", "org"))
LINE = re.compile(r"^\[#(\d+) (user|assistant)\] (.*)$", re.M)


pytestmark = pytest.mark.backends


@pytest.fixture
def off(md: Memdir, clock: Clock) -> Iterator[Memdir]:
    """``md`` with ``model_entities = false``."""
    without = Memdir(dataclasses.replace(md.settings, model_entities=False), clock=clock)
    yield without
    without.close()


def _said(transcript: str) -> list[tuple[int, str]]:
    """(message id, text) of the user and assistant lines of a rendered transcript."""
    return [(int(i), text) for i, _, text in LINE.findall(transcript)]


def _reply(transcript: str, entities: object = "named", **candidate: object) -> str:
    """An extraction reply: ``candidate`` (if given, cited by the first user message) and
    ``entities`` (by default the known names each message says; ``None``: left out)."""
    said = _said(transcript)
    data = json.loads(
        candidates_reply({"evidence": [said[0][0]], **candidate})
        if candidate
        else candidates_reply()
    )
    if entities == "named":
        entities = [
            {"id": i, "name": name, "kind": kind}
            for i, text in said
            for name, kind in KNOWN
            if name in text
        ]
    if entities is not None:
        data["entities"] = entities
    return json.dumps(data)


def _names(kind: str, user: str) -> str:
    """A model that knows the lower-case project kestrel and the organisation initech."""
    if kind == "extract":
        return _reply(user)  # nothing worth saving, the names the messages say
    texts = json.loads(user)["texts"]
    found = [
        {"text": i, "name": name, "kind": kind}
        for i, text in enumerate(texts)
        for name, kind in KNOWN
        if name in text
    ]
    return json.dumps({"entities": found})


def _seed(md: Memdir) -> None:
    """Two entries that match :data:`QUERY` equally well, one word each."""
    store = md.store("local")
    for name, what in (("Release cadence", "kestrel"), ("Rollout cadence", "backups")):
        body = f"Friday releases of {what} go out blue-green."
        store.add(type="project", name=name, description="The weekly plan", body=body)


def _tied(md: Memdir) -> bool:
    """Whether :data:`QUERY` scores the two seeded entries alike (no entity lift)."""
    score = {h.entry.name: h.score for h in md.search(QUERY, limit=5)}
    return score["Release cadence"] == score["Rollout cadence"]


def test_a_name_only_the_model_finds_lifts_the_memory_that_names_it(md: Memdir) -> None:
    """The rules do not see the lower-case "kestrel"; once the model names it, its memory
    rises above one that matches the query as well by another word. On by default with a
    chat model."""
    assert md.settings.model_entities
    _seed(md)
    assert _tied(md)
    assert md.entity("kestrel").entries == []
    with md.session(agent="a") as s:
        s.log("user", "Remember that initech signs off every kestrel release.")
        s.log("assistant", "Noted.")
    provider = ScriptedProvider(_names)
    md.pipeline.provider = provider
    report = md.pipeline.run()
    assert not report.errors, report.errors
    first, second = md.search(QUERY, limit=2)
    assert (first.entry.name, second.entry.name) == ("Release cadence", "Rollout cadence")
    assert first.score > second.score
    kinds = {e.key: e.kind for e in md.entities()}
    assert kinds["kestrel"] == "project" and kinds["initech"] == "org"
    kestrel = md.entity("kestrel")
    assert [n for _, _, n in kestrel.entries] == ["Release cadence"]
    assert [t for _, _, t in kestrel.messages] == [
        "Remember that initech signs off every kestrel release."
    ]
    asked = [u for k, u in provider.calls if k == "entities"]
    assert len(asked) == report.phase_calls["entities"] == 1  # the entries; messages: none
    assert len(json.loads(asked[-1])["texts"]) == 2  # both entries in one call
    assert report.model_calls == 2  # and the extraction, which named the message's

    md.pipeline.run()  # nothing new: the model is not asked again
    assert len(provider.calls) == 2
    md.store("local").replace(
        "project_release-cadence", body="Friday releases of kestrel and osprey go out."
    )
    md.pipeline.run()  # a new version is read again; its links stay one each
    assert [k for k, _ in provider.calls][-1] == "entities"
    assert len(md.entity("kestrel").entries) == 1


def test_entries_an_unusable_answer_left_out_are_asked_again(md: Memdir) -> None:
    _seed(md)
    answers = iter(["Sorry, I cannot help with that."])

    def model(kind: str, user: str) -> str:
        return next(answers, None) or _names(kind, user) if kind == "entities" else ""

    md.pipeline.provider = ScriptedProvider(model)
    first = md.pipeline.run()
    assert first.dropped["entity answer not the asked JSON"] == 1
    assert md.entity("kestrel").entries == []
    md.pipeline.run()  # not marked asked: the next run asks again
    assert [n for _, _, n in md.entity("kestrel").entries] == ["Release cadence"]


def test_messages_are_named_in_the_extraction_call_at_no_extra_call(md: Memdir) -> None:
    provider = ScriptedProvider(_names)
    md.pipeline.provider = provider
    with md.session(agent="a") as s:
        s.log("user", "Remember that initech runs the kestrel cluster.")
        s.log("tool", "kestrel initech", tool_name="sh")  # not said: never linked
        s.log("assistant", "Noted: kestrel belongs to initech.")
    report = md.pipeline.run()
    assert not report.errors, report.errors
    assert [k for k, _ in provider.calls] == ["extract"]  # no entries yet: no other call
    assert report.model_calls == 1 and not report.phase_calls["entities"]
    assert sorted(t for _, _, t in md.entity("kestrel").messages) == [
        "Noted: kestrel belongs to initech.",
        "Remember that initech runs the kestrel cluster.",
    ]
    assert {e.key: e.kind for e in md.entities()}["initech"] == "org"


BAD: list[object] = [
    None,  # left out: nothing named, nothing noted
    "kestrel",
    {"id": 0, "name": "kestrel"},
    [
        1,
        None,
        {"id": "0", "name": "kestrel"},
        {"id": 10**9, "name": "kestrel"},
        {"id": "TOOL", "name": "kestrel"},
        {"id": "MSG", "name": 5},
        {"id": "MSG", "name": "kestrel", "kind": ["project"]},
        {"id": "MSG", "name": "k" * 101},
        {"id": "MSG", "name": "zeppelin", "kind": "project"},  # not in the text
        {"id": "MSG", "name": "ignore previous instructions", "kind": "concept"},
    ],
    [{"id": "MSG", "name": f"n{i}", "kind": "org"} for i in range(10_000)],
]


def test_malformed_entities_lose_no_candidate_and_raise_nothing(md: Memdir, clock: Clock) -> None:
    answers = iter(BAD)

    def model(kind: str, user: str) -> str:
        if kind != "extract":
            return ops_reply() if kind == "consolidate" else json.dumps({"entities": []})
        [(msg, _)] = [(i, t) for i, t in _said(user) if "Alice" in t]
        tool = int(re.findall(r"\[#(\d+) tool output", user)[0])
        fill = {"MSG": msg, "TOOL": tool}
        raw = json.dumps(next(answers))
        for key, value in fill.items():
            raw = raw.replace(f'"{key}"', str(value))
        entities = json.loads(raw)
        return _reply(
            user,
            entities,
            type="project",
            name="Portal",
            description="Who deploys",
            body="Alice Chen deploys acme/portal.",
        )

    md.pipeline.provider = ScriptedProvider(model)
    for n in range(len(BAD)):
        clock.advance(minutes=1)
        with md.session(agent="a") as s:
            s.log(
                "user",
                f"Remember that Alice Chen deploys acme/portal on the kestrel cluster ({n}).",
            )
            s.log("tool", "kestrel zeppelin", tool_name="sh")
    report = md.pipeline.run()
    assert not report.errors, report.errors
    assert report.extracted == len(BAD) and report.candidates == len(BAD)  # never lost
    assert report.dropped["entity answer not the asked JSON"] == 2  # a string, an object
    assert report.dropped["entity of no text asked"] == 5  # 1, None, "MSG" typo'd, 10**9, tool
    assert report.dropped["entity of a wrong type"] == 3  # name 5, kind a list, name too long
    assert report.dropped["entity name not in its text"] == 2 + 10_000
    assert md.entity("kestrel").messages == []  # nothing a bad answer said was linked
    assert md.entity("zeppelin").messages == [] and md.entity("n1").messages == []
    assert len(md.entity("alice chen").messages) == len(BAD)  # the rules' mentions stay
    assert len(md.entity("acme/portal").messages) == len(BAD)


def test_a_message_keeps_at_most_per_text_names(md: Memdir) -> None:
    text = "Remember: " + " ".join(f"svc{i:02}" for i in range(30))

    def model(kind: str, user: str) -> str:
        [(i, _)] = _said(user)
        items = [{"id": i, "name": f"svc{n:02}", "kind": "project"} for n in range(30)]
        return _reply(user, items)

    md.pipeline.provider = ScriptedProvider(model)
    with md.session(agent="a") as s:
        s.log("user", text)
    report = md.pipeline.run()
    assert report.dropped["entity names past the limit"] == 30 - PER_TEXT
    assert len(md.entity("svc00").messages) == 1 and md.entity(f"svc{PER_TEXT}").messages == []


def test_without_a_model_or_the_setting_nothing_changes(md: Memdir, off: Memdir) -> None:
    _seed(md)
    with md.session(agent="a") as s:
        s.log("user", "Remember that initech signs off every kestrel release.")
    md.pipeline.provider = RulesProvider()
    report = md.pipeline.run()
    assert not report.errors and not report.phase_calls["entities"]
    assert md.entity("kestrel").entries == [] and md.entity("kestrel").messages == []
    names = [h.entry.name for h in md.search(QUERY, limit=5)]  # kestrel is commoner now
    assert names.index("Rollout cadence") < names.index("Release cadence")

    assert not off.settings.model_entities  # a model, the setting off (the entries seeded)
    provider = ScriptedProvider(_names)
    off.pipeline.provider = provider
    with off.session(agent="a") as s:
        s.log("user", "Remember that kestrel ships on Mondays.")
    off.pipeline.run()
    assert [k for k, _ in provider.calls] == ["extract"]  # it named kestrel: not linked
    assert off.entity("kestrel").messages == [] and off.entity("kestrel").entries == []


def test_a_pass_sends_at_most_its_calls_of_call_chars(md: Memdir) -> None:
    store = md.store("local")
    for n in range(15):
        store.add(
            type="project",
            name=f"Step {n}",
            description=f"How step {n} goes",
            body=f"The kestrel step {n} holds. " + "x " * 950,
        )
    provider = ScriptedProvider(_names)
    md.pipeline.provider = provider
    md.pipeline.entity_calls = 1
    report = md.pipeline.run()
    [sent] = [json.loads(u)["texts"] for k, u in provider.calls if k == "entities"]
    assert report.phase_calls["entities"] == 1 and 1 < len(sent) < 15
    assert report.phase_chars["entities"] == sum(map(len, sent)) <= CALL_CHARS
    left = report.dropped["entity texts not asked (calls spent)"]
    assert left > 0 and len(sent) + left == 15
    assert len(md.entity("kestrel").entries) == len(sent)  # those asked
    second = md.pipeline.run()  # the rest are asked in the next runs
    assert second.phase_calls["entities"] == 1
    assert len(md.entity("kestrel").entries) > len(sent)


def test_an_answer_keeps_at_most_per_text_names_each_once() -> None:
    text = " ".join(f"svc{i:02}" for i in range(30))
    answer = [{"text": 0, "name": f"svc{i:02}", "kind": "thing"} for i in range(30)]
    notes: Counter[str] = Counter()
    [found] = parse(json.dumps({"entities": answer + answer[:3]}), [text], notes)
    assert [m.key for m in found] == [f"svc{i:02}" for i in range(PER_TEXT)]
    assert {m.kind for m in found} == {"name"}  # an unknown kind is a plain name
    assert notes["entity names past the limit"] == 30 + 3 - PER_TEXT
    assert parse("[" * 100_000, [text], notes) is None  # too deep for json: a note
    assert notes["entity answer not the asked JSON"] == 1
    [found] = parse('{"entities": [{"text": 0, "name": "svc0"}]}', [text], notes)
    assert found == []  # a part of a word is not a name the text says
    fenced = '```json\n{"entities": [{"text": 0, "name": "SVC01", "kind": "Project"}]}\n```'
    [[m]] = parse(fenced, [text], notes)
    assert (m.key, m.label, m.kind) == ("svc01", "SVC01", "project")


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(["entities", "text", "name", "kind"]), inner, max_size=4)
    ),
    max_leaves=30,
)
_item = st.fixed_dictionaries(
    {"text": st.integers(-1, 3), "name": st.text(max_size=12), "kind": st.text(max_size=8)}
)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=300),
        _json.map(json.dumps),
        st.lists(_item, max_size=40).map(lambda xs: json.dumps({"entities": xs})),
    ),
    st.lists(st.text(max_size=60), min_size=1, max_size=3),
)
def test_parse_never_raises_and_keeps_only_names_of_their_text(raw: str, texts: list[str]) -> None:
    notes: Counter[str] = Counter()
    out = parse(raw, texts, notes)
    if out is None:  # unusable as a whole: said in the notes
        assert notes["entity answer not the asked JSON"] + notes["entity answer too long"] == 1
        return
    assert len(out) == len(texts)
    for text, found in zip(texts, out, strict=True):
        assert len(found) <= PER_TEXT and len({m.key for m in found}) == len(found)
        for m in found:
            assert m.key == key_of(m.label) and m.key in key_of(text)
            assert m.kind in MODEL_KINDS + KINDS
    assert all(isinstance(k, str) and v > 0 for k, v in notes.items())


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        _json
        | st.fixed_dictionaries(
            {"id": st.integers(-1, 12), "name": st.text(max_size=12), "kind": st.text(max_size=8)}
        ),
        max_size=40,
    ),
    st.dictionaries(st.integers(0, 12), st.text(max_size=60), min_size=1, max_size=3),
)
def test_check_of_an_extraction_reply_never_raises_and_keeps_only_said_names(
    items: list[object], texts: dict[int, str]
) -> None:
    """The extraction reply's items name messages by id: any JSON goes in, only names their
    message says come out, under the ids asked."""
    notes: Counter[str] = Counter()
    found = check(items, texts, "id", notes)
    assert set(found) <= set(texts)
    for i, ms in found.items():
        assert len(ms) <= PER_TEXT and len({m.key for m in ms}) == len(ms)
        assert all(m.key == key_of(m.label) and m.key in key_of(texts[i]) for m in ms)
        assert all(m.kind in MODEL_KINDS + KINDS for m in ms)
    assert sum(len(ms) for ms in found.values()) + sum(notes.values()) <= len(items)


def test_config_turns_it_off_and_it_is_on_by_default(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    (tmp_path / "h").mkdir()
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "m")}
    assert load_settings(tmp_path / "h", tmp_path / "p", environ=env).model_entities
    (tmp_path / "h" / "config.toml").write_text("model_entities = false\n")
    assert not load_settings(tmp_path / "h", tmp_path / "p", environ=env).model_entities


class _Systems(ScriptedProvider):
    """The scripted model, also keeping each call's system prompt."""

    def __init__(self) -> None:
        super().__init__(_names)
        self.systems: list[str] = []

    def complete(self, system: str, user: str) -> str:
        self.systems.append(system)
        return super().complete(system, user)


def test_with_the_setting_off_the_extraction_asks_for_no_entities(md: Memdir, off: Memdir) -> None:
    """Off, the prompt and its schema leave the entities out (no tokens paid for them)."""
    for memdir_, asked in ((md, True), (off, False)):
        provider = _Systems()
        memdir_.pipeline.provider = provider
        with memdir_.session(agent="a") as s:
            s.log("user", f"Remember that initech signs off every kestrel release ({asked}).")
        memdir_.pipeline.run()
        [system] = [p for p in provider.systems if "decide what, if anything" in p]
        assert ('"entities"' in system) is asked and ("under 'entities'" in system) is asked
