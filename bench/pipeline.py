"""The background pipeline over LoCoMo: its 272 sessions replayed as memdir sessions.

Run from the repository root (any venv with memdir installed)::

    .venv/bin/python bench/pipeline.py                 # all 10 conversations
    .venv/bin/python bench/pipeline.py --quick         # the first 2
    .venv/bin/python bench/pipeline.py --data path/to/locomo10.json

Each conversation gets a fresh memory home; speaker A's turns are logged as the user,
speaker B's as the assistant ("Speaker: text", plus the image caption), with LoCoMo's
session times, and every session is ended. ``memdir maintain`` is then timed (extract +
consolidate, repeated while the 5-model-calls-per-run budget defers work), once with the
offline ``rules`` provider and once with a scripted LLM provider (``memdir.testing``) that
answers instantly, so the LLM row measures memdir's own cost on that path: sanitising,
prompts, schema validation, consolidation. Prints one table: sessions per second, the
share of sessions that ended with nothing worth saving, and characters sent per session
(the sanitised transcript; for the LLM path also with the prompt). Not a test
(DESIGN.md, "Conventions"). LoCoMo is CC BY-NC 4.0: used here, never shipped.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import re
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.pipeline import Pipeline, Provider, RulesProvider
from memdir.pipeline.providers import EXTRACT_PROMPT, EXTRACT_PROMPT_PLAIN
from memdir.review.proposals import propose
from memdir.testing import ScriptedProvider, candidates_reply, ops_reply

DATA = Path(__file__).resolve().parents[2] / "shared" / "bench" / "locomo" / "locomo10.json"


def _when(text: str) -> datetime:
    """LoCoMo's "1:56 pm on 8 May, 2023"."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def _replay(md: Memdir, sample: dict[str, Any]) -> int:
    conv = sample["conversation"]
    user = conv["speaker_a"]
    count = 0
    for key in sorted(
        (k for k in conv if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k.split("_")[1])
    ):
        start = _when(conv[f"{key}_date_time"])
        session = md.session(agent="locomo", started_at=start)
        rows = []
        for i, turn in enumerate(conv[key]):
            text = f"{turn['speaker']}: {turn['text']}"
            if turn.get("blip_caption"):
                text += f" [image: {turn['blip_caption']}]"
            role = "user" if turn["speaker"] == user else "assistant"
            rows.append((role, text, None, None, start.timestamp() + 30 * i))
        session._record()
        md.sessions.log_many(session.id, rows)
        md.sessions.end(session.id, rows[-1][4] if rows else start)
        count += 1
    return count


PROCEDURES = [
    ["uv run pytest -q", "uv build", "git tag v1.{n}.0", "git push origin v1.{n}.0"],
    [
        "docker build -t api:{n} .",
        "docker push api:{n}",
        "kubectl apply -f k8s/",
        "kubectl rollout status deploy/api",
    ],
    ["alembic revision --autogenerate -m m{n}", "alembic upgrade head", "uv run pytest tests/db"],
]
NOISE = [
    "git status",
    "git diff",
    "uv run pytest tests/unit -q",
    "npm test",
    "make lint",
    "python scripts/check.py",
    "git commit -am wip",
    "git log -5",
]


def _agent(md: Memdir, sample: dict[str, Any]) -> int:
    """Synthetic agent sessions (not real data): each does 2–6 everyday commands and Read /
    Edit calls, and with probability 0.15 each of three fixed multi-step procedures."""
    import random

    rng = random.Random(sample["seed"])
    for n in range(sample["sessions"]):
        with md.session(agent="synthetic") as s:
            s.log(
                "user",
                f"Task {n}: {rng.choice(['fix', 'add'])} {rng.choice(['billing', 'auth'])}",
            )
            steps = [rng.choice(NOISE) for _ in range(rng.randint(2, 6))]
            for proc in PROCEDURES:
                if rng.random() < 0.15:
                    at = rng.randint(0, len(steps))
                    steps[at:at] = [c.format(n=n) for c in proc]
            for command in steps:
                if rng.random() < 0.3:
                    s.log(
                        "assistant",
                        "",
                        tool_calls=[{"name": "Read", "input": {"file_path": "src/app.py"}}],
                    )
                s.log("assistant", "", tool_calls=[{"name": "Bash", "input": {"command": command}}])
                s.log("tool", "ok", tool_name="Bash")
            if rng.random() < 0.2:
                s.log("user", f"Remember that for task {n}: I prefer small commits.")
    return int(sample["sessions"])


def _llm(kind: str, user: str) -> str:
    """A scripted model: an instant, deterministic answer of the right shape. It proposes
    one preference per session in which the user says "I love/like/prefer …"."""
    if kind == "entities":  # the cost of asking, not what a model would find
        return '{"entities": []}'
    if kind == "extract":
        for msg_id, text in re.findall(r"\[#(\d+) user\] [^:]+: (.*)", user):
            m = re.search(r"\bI (?:really )?(love|like|prefer|enjoy) ([\w' -]{3,40})", text)
            if m:
                what = m.group(2).strip()
                return candidates_reply(
                    {
                        "type": "user",
                        "name": f"{m.group(1).title()}s {what}"[:80],
                        "description": f"The user {m.group(1)}s {what}"[:150],
                        "body": f"The user said: {text[:300]}",
                        "evidence": [int(msg_id)],
                    }
                )
        return candidates_reply()
    if kind == "skill":  # a SKILL.md that lists the steps it was shown
        data = json.loads(user)
        steps = data["steps"]
        name = "procedure-" + hashlib.sha1("\n".join(steps).encode()).hexdigest()[:6]
        if "existing_skill" in data:
            name = re.search(r"name: (\S+)", data["existing_skill"]).group(1)  # type: ignore[union-attr]
        return json.dumps(
            {
                "name": name,
                "description": f"{len(steps)} steps: " + ", ".join(steps)[:120],
                "when_to_use": data["task"][:100] or "the same task again",
                "body": "\n".join(f"{i}. {t}" for i, t in enumerate(steps, 1)),
            }
        )
    if kind == "synthesize":  # a pattern named after the theme's first entry
        first = json.loads(user.split("\n\n", 1)[0])
        return json.dumps(
            {
                "type": "user",
                "name": f"Pattern: {first['description']}"[:80],
                "description": f"A pattern around {first['description']}"[:150],
                "body": "Drawn from: " + ", ".join(re.findall(r'"id": "([^"]+)"', user)),
            }
        )
    data = json.loads(user)
    names = {e["name"].casefold() for e in data["entries"]}
    return ops_reply(
        *(
            {"op": "noop" if c["name"].casefold() in names else "add", "candidate": c["index"]}
            for c in data["candidates"]
        )
    )


def _run(
    samples: list[dict[str, Any]],
    make: type[Provider] | None,
    dreams: bool = True,
    skills: bool = True,
    replay: Any = _replay,
    entities: bool = False,
) -> dict[str, float]:
    sessions = extracted = empty = chars = prompt_chars = runs = entries = calls = 0
    seconds = 0.0
    phase_calls: Counter[str] = Counter()
    phase_chars: Counter[str] = Counter()
    review = patterns = skill_items = unasked = 0
    for sample in samples:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            (root / "project").mkdir()
            env = {"MEMDIR_MANAGED_DIR": str(root / "managed"), "MEMDIR_BACKGROUND": "0"}
            settings = load_settings(root / "home", root / "project", environ=env)
            md = Memdir(dataclasses.replace(settings, model_entities=entities))
            sessions += replay(md, sample)
            provider = RulesProvider() if make is None else ScriptedProvider(_llm)
            pipeline = Pipeline(md, provider)
            pipeline.dreams = dreams
            pipeline.skills = skills
            t0 = time.perf_counter()
            while True:
                report = pipeline.run()
                runs += 1
                extracted += report.extracted
                empty += report.empty
                chars += report.chars_sent
                calls += report.model_calls
                phase_calls.update(report.phase_calls)
                phase_chars.update(report.phase_chars)
                unasked += report.dropped["entity texts not asked (calls spent)"]
                if not report.deferred:
                    break
            seconds += time.perf_counter() - t0
            if isinstance(provider, ScriptedProvider):
                prompt_chars += sum(
                    len(EXTRACT_PROMPT if entities else EXTRACT_PROMPT_PLAIN) + len(u)
                    for k, u in provider.calls
                    if k == "extract"
                )
            entries += len(md.store("local").list())
            kinds = [p.kind for p in propose(md)]
            review += len(kinds)
            patterns += kinds.count("synthesis")
            skill_items += kinds.count("skill")
            md.close()
    return {
        "sessions": sessions,
        "seconds": seconds,
        "rate": sessions / seconds,
        "empty": empty / max(extracted, 1),
        "chars": chars / max(extracted, 1),
        "prompt": prompt_chars / max(extracted, 1),
        "entries": entries,
        "runs": runs,
        "calls": calls,
        "stage_calls": phase_calls["consolidate"] + phase_calls["deep"],
        "stage_chars": phase_chars["consolidate"] + phase_chars["deep"],
        "synth_calls": phase_calls["synthesis"],
        "synth_chars": phase_chars["synthesis"],
        "review": 100 * review / max(sessions, 1),
        "patterns": 100 * patterns / max(sessions, 1),
        "skills": 100 * skill_items / max(sessions, 1),
        "skill_calls": phase_calls["skills"],
        "skill_chars": phase_chars["skills"],
        "entity_calls": phase_calls["entities"],
        "entity_chars": phase_chars["entities"],
        "unasked": unasked,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--quick", action="store_true", help="only the first 2 conversations")
    args = parser.parse_args()
    quick = args.quick
    samples = json.loads(args.data.read_text())[: 2 if quick else None]
    rows = [
        ("rules (offline)", _run(samples, None)),
        ("scripted LLM", _run(samples, ScriptedProvider)),
    ]
    agents = [{"seed": seed, "sessions": 50} for seed in range(2 if quick else 4)]
    modes: list[tuple[str, str, str, dict[str, float]]] = []
    for data, replay, group in (("LoCoMo", _replay, samples), ("synthetic agent", _agent, agents)):
        for dreams in (False, True):
            for name, make in (("rules (offline)", None), ("scripted LLM", ScriptedProvider)):
                r = (
                    dict(rows)[name]
                    if dreams and data == "LoCoMo"
                    else _run(group, make, dreams=dreams, replay=replay)
                )
                modes.append((data, name, "dreaming" if dreams else "one stage", r))
    print(f"bench/pipeline.py — LoCoMo, {len(samples)} conversations, {datetime.now(UTC):%Y-%m-%d}")
    head = (
        f"{'provider':16} {'sessions':>8} {'seconds':>8} {'sessions/s':>10} "
        f"{'no output':>9} {'chars/session':>13} {'with prompt':>11} {'entries':>7} "
        f"{'model calls':>11} {'runs':>5}"
    )
    print(head)
    print("-" * len(head))
    for name, r in rows:
        prompt = f"{r['prompt']:11,.0f}" if r["prompt"] else f"{'-':>11}"
        print(
            f"{name:16} {r['sessions']:8.0f} {r['seconds']:8.2f} {r['rate']:10.1f} "
            f"{r['empty']:9.1%} {r['chars']:13,.0f} {prompt} {r['entries']:7.0f} "
            f"{r['calls']:11.0f} {r['runs']:5.0f}"
        )
    print(
        "\nConsolidation, the same sessions: one stage (before issue 20) vs dreaming (light →"
        " REM → deep, then synthesis). Light and REM make no model calls. Review items: what"
        " `memdir review` lists at the end, per 100 sessions; patterns: the synthesis"
        " proposals among them (a model words them; offline none); without synthesis = minus"
        " the patterns (skill proposals stay: they come from procedures, not synthesis)."
    )
    head = (
        f"{'sessions':16} {'provider':16} {'mode':9} {'stage calls':>11} {'stage chars':>11} "
        f"{'synth calls':>11} {'synth chars':>11} {'entries':>7} {'review/100':>10} "
        f"{'patterns':>8} {'w/o synth':>9}"
    )
    print(head)
    print("-" * len(head))
    for data, name, mode, r in modes:
        print(
            f"{data:16} {name:16} {mode:9} {r['stage_calls']:11.0f} {r['stage_chars']:11,.0f} "
            f"{r['synth_calls']:11.0f} {r['synth_chars']:11,.0f} {r['entries']:7.0f} "
            f"{r['review']:10.1f} {r['patterns']:8.1f} "
            f"{r['review'] - r['patterns']:9.1f}"
        )
    print(
        "\nEntity mentions named by the model (model_entities, on by default with a chat model)"
        " vs off, scripted LLM (it names nothing: the cost of asking). Messages are named in"
        " the extraction reply (no call of their own), entries in at most 2 calls a run. Calls"
        " and characters of the entity phase; entries a spent per-run budget left unasked;"
        " characters one extraction call sends (prompt and transcript; off, no entities asked)."
    )
    head = (
        f"{'model_entities':14} {'model calls':>11} {'entity calls':>12} {'entity chars':>12} "
        f"{'chars/session':>13} {'unasked':>7} {'extract chars':>13} {'seconds':>8}"
    )
    print(head)
    print("-" * len(head))
    for on in (False, True):
        r = _run(samples, ScriptedProvider, entities=on)
        print(
            f"{'on' if on else 'off':14} {r['calls']:11.0f} {r['entity_calls']:12.0f} "
            f"{r['entity_chars']:12,.0f} {r['entity_chars'] / r['sessions']:13,.0f} "
            f"{r['unasked']:7.0f} {r['prompt']:13,.0f} {r['seconds']:8.2f}"
        )
    print(
        "\nSkills proposed from procedures repeated across sessions (dreaming; skills off ="
        " Pipeline.skills False). LoCoMo: chat, no procedures (what skills add there is"
        " noise). Synthetic: agent sessions from bench/pipeline.py's _agent (not real data;"
        " three fixed procedures, each in ~15% of sessions, among everyday commands)."
    )
    head = (
        f"{'sessions':20} {'provider':16} {'skills':6} {'proposals/100':>13} "
        f"{'skill calls':>11} {'skill chars':>11} {'seconds':>8}"
    )
    print(head)
    print("-" * len(head))
    for data, replay, group in (
        ("LoCoMo", _replay, samples),
        ("synthetic agent", _agent, agents),
    ):
        for name, make in (("rules (offline)", None), ("scripted LLM", ScriptedProvider)):
            for on in (False, True):
                r = _run(group, make, skills=on, replay=replay)  # type: ignore[arg-type]
                print(
                    f"{data:20} {name:16} {'on' if on else 'off':6} {r['skills']:13.1f} "
                    f"{r['skill_calls']:11.0f} {r['skill_chars']:11,.0f} {r['seconds']:8.2f}"
                )


if __name__ == "__main__":
    main()
