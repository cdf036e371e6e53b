"""Entities named by the model (``model_entities = true``): added to the deterministic
mentions as the same links, validated so a bad answer loses nothing, off without a model."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Clock
from memdir.core.errors import ProviderError
from memdir.engine import Memdir
from memdir.pipeline import RulesProvider
from memdir.pipeline.entities import CALL_CHARS, MODEL_KINDS, PER_TEXT, parse
from memdir.sessions.entities import KINDS, key_of
from memdir.testing import ScriptedProvider, candidates_reply

KESTREL = "We ship kestrel with blue-green switches."
QUERY = "what is the deploy schedule for kestrel?"


pytestmark = pytest.mark.backends


@pytest.fixture
def on(md: Memdir, clock: Clock) -> Iterator[Memdir]:
    """``md`` with ``model_entities = true``."""
    with_model = Memdir(dataclasses.replace(md.settings, model_entities=True), clock=clock)
    yield with_model
    with_model.close()


def _names(kind: str, user: str) -> str:
    """A model that knows the lower-case project kestrel and the organisation initech."""
    if kind != "entities":
        return candidates_reply()  # extraction: nothing worth saving
    texts = json.loads(user)["texts"]
    found = [
        {"text": i, "name": name, "kind": kind}
        for i, text in enumerate(texts)
        for name, kind in (("kestrel", "project"), ("initech", "org"))
        if name in text
    ]
    return json.dumps({"entities": found})


def _seed(md: Memdir) -> None:
    store = md.store("local")
    store.add(type="project", name="Release cadence", description="How it goes", body=KESTREL)
    store.add(
        type="project",
        name="Deploy schedule",
        description="The deploy schedule for services",
        body="The deploy schedule is weekly; the deploy schedule for the api is Monday.",
    )


def test_a_name_only_the_model_finds_lifts_the_memory_that_names_it(on: Memdir) -> None:
    """The rules do not see the lower-case "kestrel"; the query shares no other word with
    its memory and three with the other one."""
    md = on
    _seed(md)
    assert md.search(QUERY, limit=2)[0].entry.name == "Deploy schedule"
    assert md.entity("kestrel").entries == []
    with md.session(agent="a") as s:
        s.log("user", "Remember that initech signs off every kestrel release.")
        s.log("assistant", "Noted.")
    provider = ScriptedProvider(_names)
    md.pipeline.provider = provider
    report = md.pipeline.run()
    assert not report.errors, report.errors
    assert [h.entry.name for h in md.search(QUERY, limit=2)] == [
        "Release cadence",
        "Deploy schedule",
    ]
    kinds = {e.key: e.kind for e in md.entities()}
    assert kinds["kestrel"] == "project" and kinds["initech"] == "org"
    kestrel = md.entity("kestrel")
    assert [n for _, _, n in kestrel.entries] == ["Release cadence"]
    assert [t for _, _, t in kestrel.messages] == [
        "Remember that initech signs off every kestrel release."
    ]
    asked = [u for k, u in provider.calls if k == "entities"]
    assert len(asked) == report.phase_calls["entities"] == 2  # one per session, one for entries
    assert len(json.loads(asked[-1])["texts"]) == 2  # both entries in one call
    assert report.model_calls == 3  # and the extraction

    md.pipeline.run()  # nothing new: the model is not asked again
    assert len(provider.calls) == 3
    md.store("local").replace(
        "project_release-cadence", body="We ship kestrel and osprey with blue-green switches."
    )
    md.pipeline.run()  # a new version is read again; its links stay one each
    assert [k for k, _ in provider.calls][-1] == "entities"
    assert len(md.entity("kestrel").entries) == 1


BAD: list[str | BaseException] = [
    "no JSON at all",
    "[]",
    '{"entities": "kestrel"}',
    json.dumps(
        {
            "entities": [
                1,
                None,
                {"text": "0", "name": "kestrel"},
                {"text": 0, "name": 5},
                {"text": 0, "name": "kestrel", "kind": ["project"]},
                {"text": 7, "name": "kestrel"},
                {"text": 0, "name": "zeppelin", "kind": "project"},  # not in the text
            ]
        }
    ),
    json.dumps({"entities": [{"text": 0, "name": f"n{i}", "kind": "org"} for i in range(10_000)]}),
    ProviderError("the model server went away"),
]


def test_malformed_answers_lose_nothing_and_raise_nothing(on: Memdir, clock: Clock) -> None:
    md = on
    answers = iter(BAD)

    def model(kind: str, user: str) -> str | BaseException:
        return candidates_reply() if kind != "entities" else next(answers)

    md.pipeline.provider = ScriptedProvider(model)
    for n in range(len(BAD)):
        clock.advance(minutes=1)
        with md.session(agent="a") as s:
            s.log(
                "user",
                f"Remember that Alice Chen deploys acme/portal on the kestrel cluster ({n}).",
            )
    report = md.pipeline.run()
    assert report.extracted == len(BAD)
    assert report.errors == ["entity names not asked: the model server went away"]
    assert report.dropped["entity answer not the asked JSON"] == 3
    assert report.dropped["entity answer too long"] == 1
    assert report.dropped["entity name not in its text"] == 1
    assert report.dropped["entity of no text asked"] == 4  # 1, None, "0", 7
    assert report.dropped["entity of a wrong type"] == 2
    assert md.entity("kestrel").messages == []  # nothing a bad answer said was linked
    assert md.entity("zeppelin").messages == [] and md.entity("n1").messages == []
    assert len(md.entity("alice chen").messages) == len(BAD)  # the rules' mentions stay
    assert len(md.entity("acme/portal").messages) == len(BAD)


def test_without_a_model_or_the_setting_nothing_changes(md: Memdir, on: Memdir) -> None:
    off, md = md, on  # md: the setting on, the rules provider
    _seed(md)
    with md.session(agent="a") as s:
        s.log("user", "Remember that initech signs off every kestrel release.")
    md.pipeline.provider = RulesProvider()
    report = md.pipeline.run()
    assert not report.errors and not report.phase_calls["entities"]
    assert md.entity("kestrel").entries == [] and md.entity("kestrel").messages == []
    assert md.search(QUERY, limit=2)[0].entry.name == "Deploy schedule"

    assert not off.settings.model_entities  # a model, the setting off (the default)
    provider = ScriptedProvider(_names)
    off.pipeline.provider = provider
    with off.session(agent="a") as s:
        s.log("user", "Remember that kestrel ships on Mondays.")
    off.pipeline.run()
    assert [k for k, _ in provider.calls] == ["extract"]
    assert off.entity("kestrel").messages == []


def test_a_pass_sends_at_most_its_calls_of_call_chars(on: Memdir) -> None:
    md = on
    provider = ScriptedProvider(_names)
    md.pipeline.provider = provider
    md.pipeline.entity_calls = 1
    with md.session(agent="a") as s:
        for n in range(15):
            s.log("user", f"Remember that kestrel step {n} holds. " + "x " * 950)
    report = md.pipeline.run()
    [sent] = [json.loads(u)["texts"] for k, u in provider.calls if k == "entities"]
    assert report.phase_calls["entities"] == 1 and 1 < len(sent) < 15
    assert report.phase_chars["entities"] == sum(map(len, sent)) <= CALL_CHARS
    [transcript] = [u for k, u in provider.calls if k == "extract"]
    left = report.dropped["entity texts not asked (calls spent)"]
    assert left > 0 and len(sent) + left == transcript.count("[#")
    assert len(md.entity("kestrel").messages) == len(sent)


def test_an_answer_keeps_at_most_per_text_names_each_once() -> None:
    text = " ".join(f"svc{i:02}" for i in range(30))
    answer = [{"text": 0, "name": f"svc{i:02}", "kind": "thing"} for i in range(30)]
    notes: Counter[str] = Counter()
    [found] = parse(json.dumps({"entities": answer + answer[:3]}), [text], notes)
    assert [m.key for m in found] == [f"svc{i:02}" for i in range(PER_TEXT)]
    assert {m.kind for m in found} == {"name"}  # an unknown kind is a plain name
    assert notes["entity names past the limit"] == 30 + 3 - PER_TEXT
    assert parse("[" * 100_000, [text], notes) == [[]]  # too deep for json: a note
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
    assert len(out) == len(texts)
    for text, found in zip(texts, out, strict=True):
        assert len(found) <= PER_TEXT and len({m.key for m in found}) == len(found)
        for m in found:
            assert m.key == key_of(m.label) and m.key in key_of(text)
            assert m.kind in MODEL_KINDS + KINDS
    assert all(isinstance(k, str) and v > 0 for k, v in notes.items())
