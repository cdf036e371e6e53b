"""Walk 62: 佐藤さん, a Japanese backend developer, moving memory between Codex and Hermes.

Each test drives the real CLI (a subprocess, with a fresh ``HOME``) on the fixtures in
``tests/data/walk62`` (Hermes's files written by hermes-agent's own code, Codex rollouts in
Codex's format; see the README there, which also logs the walk).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "walk62"
SRC = str(Path(__file__).resolve().parents[1] / "src")


@pytest.fixture
def sato(tmp_path: Path) -> Path:
    """A fresh HOME with Sato's Codex and Hermes homes copied in, and a git checkout."""
    home = tmp_path / "home"
    shutil.copytree(DATA / "codex", home / ".codex")
    shutil.copytree(DATA / "hermes", home / ".hermes")
    repo = home / "src" / "billing"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return home


def memdir_cli(
    home: Path, *args: str, ok: bool = True, input: str | None = None, editor: str = ""
) -> subprocess.CompletedProcess[str]:
    """``memdir ARGS`` in Sato's checkout, as he would type it; no traceback, ever."""
    env = {
        **os.environ,
        "HOME": str(home),
        "MEMDIR_HOME": str(home / ".memdir"),
        "PYTHONPATH": SRC,
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }
    for name in ("EDITOR", "VISUAL", "CODEX_HOME", "HERMES_HOME", "CLAUDE_CONFIG_DIR"):
        env.pop(name, None)
    if editor:
        env["EDITOR"] = editor
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        cwd=home / "src" / "billing",
        input=input,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert (proc.returncode == 0) == ok, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def hermes_entries(path: Path) -> list[str]:
    """The entries of a Hermes memory file as hermes-agent 0.19's ``MemoryStore._read_file``
    reads them (tools/memory_tool.py: read as UTF-8, split on ``"\\n§\\n"``, stripped,
    empty ones dropped)."""
    raw = path.read_text(encoding="utf-8")
    if not raw.strip():
        return []
    return [e for e in (part.strip() for part in raw.split("\n§\n")) if e]


def test_hermes_round_trip_keeps_every_japanese_character(sato: Path) -> None:
    """Full-width letters and spaces, half-width katakana, NFD, emoji and a § inside a
    line come back from memdir exactly as Hermes wrote them."""
    memory = sato / ".hermes" / "memories"
    before = hermes_entries(memory / "MEMORY.md") + hermes_entries(memory / "USER.md")
    assert any(e != unicodedata.normalize("NFC", e) for e in before)  # the NFD note
    memdir_cli(sato, "import", "hermes", "--apply")
    memdir_cli(sato, "export", "hermes", "--apply", "--force")
    after = hermes_entries(memory / "MEMORY.md") + hermes_entries(memory / "USER.md")
    assert sorted(after) == sorted(before)
    again = memdir_cli(sato, "import", "hermes", "--json")
    assert json.loads(again.stdout)["counts"]["add"] == 0


def test_a_rule_written_in_japanese_or_chinese_imports_as_feedback(sato: Path) -> None:
    """Hermes's MEMORY.md notes are typed feedback when they state a rule of behaviour, but
    only English words counted: 「デプロイ前に必ず `make check` を実行する」 and
    「发布前必须先通知张伟」 came in as reference (so `export codex` filed them as tips,
    not preferences), while facts stay reference."""
    memory = sato / ".hermes" / "memories" / "MEMORY.md"
    text = memory.read_text(encoding="utf-8") + "\n§\n发布前必须先通知张伟"
    memory.write_text(text, encoding="utf-8")
    plan = json.loads(memdir_cli(sato, "import", "hermes", "--json").stdout)
    types = {i["name"]: i["type"] for i in plan["items"]}
    assert types["デプロイ前に必ず `make check` を実行する"] == "feedback", types
    assert types["发布前必须先通知张伟"] == "feedback", types
    assert types["张伟负责支付服务的监控告警，有问题先找他"] == "reference", types
    assert types["ﾃﾞﾌﾟﾛｲ用のｽｸﾘﾌﾟﾄは scripts/deploy.sh 🚀"] == "reference", types


def test_codex_rollouts_answer_a_japanese_question(sato: Path) -> None:
    """「先週のデプロイで何が失敗した？」 finds the Codex turn with the failed deploy."""
    memdir_cli(sato, "import-sessions", "codex")
    found = memdir_cli(sato, "sessions", "search", "デプロイで何が失敗した？", "--json")
    text = found.stdout
    assert "ERR_PNPM_OUTDATED_LOCKFILE" in text or "デプロイが失敗した" in text


def test_imported_codex_rollout_teaches_both_of_satos_rules(sato: Path) -> None:
    """Dec 1: 「これからはデプロイ前に必ず make check を実行して。npm は絶対に使わないで、
    pnpm だけ。」 Offline extraction kept the first rule and dropped the second: 絶対に
    (never) was not read as 二度と is."""
    repo = sato / "src" / "billing"
    for rollout in (sato / ".codex" / "sessions").rglob("rollout-*.jsonl"):
        text = rollout.read_text(encoding="utf-8")
        rollout.write_text(text.replace("/home/sato/src/billing", str(repo)), encoding="utf-8")
    memdir_cli(sato, "import-sessions", "codex")
    memdir_cli(sato, "maintain", "--all")
    bodies = json.dumps(json.loads(memdir_cli(sato, "ls", "--json").stdout), ensure_ascii=False)
    assert "make check" in bodies, bodies
    assert "npm は絶対に使わないで" in bodies, bodies


def rollout(home: Path, month: str, day: str, sid: str, text: str) -> None:
    """One Codex rollout of one user turn on 2026-``month``-``day``."""
    folder = home / ".codex" / "sessions" / "2026" / month / day
    folder.mkdir(parents=True, exist_ok=True)
    stamp = f"2026-{month}-{day}T03:00:00.000Z"
    lines = [
        {"timestamp": stamp, "type": "session_meta", "payload": {"id": sid, "timestamp": stamp,
         "cwd": str(home / "src" / "billing"), "originator": "codex_cli_rs",
         "cli_version": "0.171.0", "source": "cli"}},
        {"timestamp": stamp, "type": "response_item", "payload": {"type": "message",
         "role": "user", "content": [{"type": "input_text", "text": text}]}},
    ]  # fmt: skip
    body = "".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in lines)
    (folder / f"rollout-2026-{month}-{day}T12-00-00-{sid}.jsonl").write_text(body, "utf-8")


@pytest.mark.parametrize(
    "query", ["令和8年11月20日のリリース作業", "令和８年１１月２０日のリリース作業"]
)
def test_a_date_written_the_japanese_way_is_read(sato: Path, query: str) -> None:
    """2026年11月20日 is read as a date (that day's turn ranks first), but 令和8年11月20日
    (the era year, as Japanese forms and notes write it) was not: the same words on Dec 3
    came first, as the more recent."""
    shutil.rmtree(sato / ".codex" / "sessions")
    rollout(sato, "11", "20", "0199b2b2-0000-7000-8000-000000001120", "リリース作業を実施した")
    rollout(sato, "12", "03", "0199d3d3-0000-7000-8000-000000001203", "リリース作業を実施した")
    memdir_cli(sato, "import-sessions", "codex", "--search-only")
    plain = json.loads(memdir_cli(sato, "sessions", "search", "リリース作業", "--json").stdout)
    assert [h["session_id"][:12] for h in plain] == ["codex:0199d3", "codex:0199b2"], plain
    hits = json.loads(memdir_cli(sato, "sessions", "search", query, "--json").stdout)
    assert [h["session_id"][:12] for h in hits] == ["codex:0199b2", "codex:0199d3"], hits


def test_a_rollout_line_with_a_lone_surrogate_is_skipped_not_fatal(sato: Path) -> None:
    """A damaged rollout whose tool name is the JSON escape \\ud800 (half a character)
    stopped `import-sessions codex` with exit 1, importing nothing of any file; the help
    says unreadable lines are counted and listed, never fatal."""
    folder = sato / ".codex" / "sessions" / "2026" / "12" / "03"
    bad = folder / "rollout-2026-12-03T14-02-11-0199b7c8-1d2e-7f30-9a4b-5c6d7e8f9a0b.jsonl"
    lines = bad.read_text(encoding="utf-8").splitlines()
    call = '{"timestamp":"2026-12-03T05:02:25.000Z","type":"response_item","payload":'
    call += '{"type":"function_call","name":"\\ud800","arguments":"{}","call_id":"c1"}}'
    bad.write_text("\n".join([*lines[:2], call, *lines[2:]]) + "\n", encoding="utf-8")
    proc = memdir_cli(sato, "import-sessions", "codex")
    assert "1 malformed line skipped" in proc.stdout, proc.stdout
    assert "surrogate" in proc.stderr, proc.stderr
    hits = memdir_cli(sato, "sessions", "search", "请求书 キャッシュ 发票", "--json").stdout
    assert "0199b7c8" in hits  # the damaged file's good lines
    hits = memdir_cli(sato, "sessions", "search", "ERR_PNPM_OUTDATED_LOCKFILE", "--json").stdout
    assert "0199a1b2" in hits  # and the other file


def test_import_of_shift_jis_memory_says_it_read_nothing_and_why(sato: Path) -> None:
    """A MEMORY.md saved in Shift_JIS (Windows' Japanese default) is not imported. The
    summary said "nothing found", as if the file were empty, and the reason only said
    "not UTF-8 (bad byte at offset 0)": now the summary counts the unreadable files and
    the reason names the encoding it looks like and how to convert it."""
    memory = sato / ".hermes" / "memories"
    text = "デプロイ前に必ず make check を実行する\n§\n佐藤は pnpm を使う、npm は使わない"
    (memory / "MEMORY.md").write_bytes(text.encode("cp932"))
    (memory / "USER.md").unlink()
    proc = memdir_cli(sato, "import", "hermes")
    assert "nothing found" not in proc.stdout, proc.stdout
    assert "1 unreadable" in proc.stdout, proc.stdout
    assert "Shift_JIS" in proc.stderr and "iconv" in proc.stderr, proc.stderr
    assert (memory / "MEMORY.md").read_bytes() == text.encode("cp932")  # left as it was


def test_missing_default_codex_memory_folder_is_nothing_found(sato: Path) -> None:
    """Sato's ~/.codex has sessions but no memories/ yet: README says that is "just
    nothing found"; it also printed "Unreadable: …: no such folder" on stderr."""
    proc = memdir_cli(sato, "import", "codex")
    assert "nothing found" in proc.stdout, proc.stdout
    assert "Unreadable" not in proc.stderr, proc.stderr
    assert "no Codex memory folder" in proc.stdout + proc.stderr


def test_codex_import_without_memories_still_says_how_to_keep_agents_md(sato: Path) -> None:
    """README: `import codex` notes say how to keep ~/.codex/AGENTS.md in view. With no
    ~/.codex/memories (Codex's memories off, the usual case) the import stopped at the
    missing folder: no word of Sato's AGENTS.md rules, and ~/.agents/skills not read."""
    skill = sato / ".agents" / "skills" / "deploy-check"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: deploy-check\ndescription: デプロイ前の確認手順\n---\n"
        "1. `make check` を実行する。\n2. `pnpm install --frozen-lockfile` を確認する。\n",
        encoding="utf-8",
    )
    proc = memdir_cli(sato, "import", "codex")
    out = proc.stdout + proc.stderr
    assert "Codex reads it in every session" in out and "@~/.codex/AGENTS.md" in out, out
    assert "deploy-check" in out, out


def run_sessions(home: Path, *said: str) -> str:
    """Each of ``said`` a user turn of its own session, then the offline pipeline run;
    the bodies of the entries every scope then holds."""
    script = (
        "import sys, memdir\n"
        "md = memdir.open()\n"
        "for said in sys.argv[1:]:\n"
        "    with md.session(agent='codex') as s:\n"
        "        s.log('user', said)\n"
        "        s.log('assistant', '了解しました。')\n"
        "    md.pipeline.run()\n"
        "print([e.body for _, e in md.entries()])\n"
    )
    env = {**os.environ, "HOME": str(home), "MEMDIR_HOME": str(home / ".memdir")}
    env["PYTHONPATH"] = SRC
    proc = subprocess.run(
        [sys.executable, "-c", script, *said],
        cwd=home / "src" / "billing",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    return proc.stdout


def test_japanese_memory_ends_with_its_own_full_stop(sato: Path) -> None:
    """「覚えておいて：…に行う。」 was saved as "…に行う." (a Latin period after Japanese)."""
    out = run_sessions(sato, "覚えておいて：ステージングのデプロイは毎週木曜の17時に行う。")
    assert "毎週木曜の17時に行う。\\n" in out, out
    assert "行う." not in out, out


def test_japanese_request_to_forget_removes_the_memory(sato: Path) -> None:
    """覚えておいて saves a memory offline, but 「…という件は忘れて」 did nothing: the rules
    extractor knew English and Chinese "forget" only, so the entry stayed."""
    out = run_sessions(
        sato,
        "覚えておいて：ステージングのデプロイは毎週木曜の17時に行う",
        "ステージングのデプロイが毎週木曜という件は忘れて",
    )
    assert "毎週木曜" not in out, out
    listed = memdir_cli(sato, "ls", "--all")
    assert "毎週木曜" in listed.stdout  # kept in the archive, as README says of forgetting


@pytest.mark.parametrize(
    "said",
    ["忘れないで：リリース前にタグを打つ", "昨日の会議のこと、すっかり忘れてた"],
)
def test_japanese_forget_words_that_are_not_a_request_forget_nothing(sato: Path, said: str) -> None:
    """忘れないで (don't forget) and 忘れてた (I had forgotten) ask to forget nothing."""
    body = "リリース前にタグを打つ。昨日の会議で決定。"
    memdir_cli(
        sato,
        "add",
        "--type",
        "project",
        "--name",
        "リリース",
        "--description",
        "会議",
        "--body",
        body,
    )
    assert "リリース前にタグを打つ。昨日" in run_sessions(sato, said)


def test_entry_edited_in_hermes_updates_the_imported_one(sato: Path) -> None:
    """An entry edited in Hermes's MEMORY.md since the last import was planned as a new
    'add' (its name, hence its id, comes from its text): memdir then held the old and the
    corrected fact side by side."""
    memory = sato / ".hermes" / "memories" / "MEMORY.md"
    memdir_cli(sato, "import", "hermes", "--apply")
    before = {e["id"] for e in json.loads(memdir_cli(sato, "ls", "--json").stdout)}
    # Hermes removed the second entry, and a later one was edited: positions shift
    entries = hermes_entries(memory)
    assert entries[0].startswith("デプロイ前に必ず") and entries[5].endswith("木曜 15:00 JST")
    edited = entries[0].replace("`make check` を", "`make check` と `make lint` を")
    moved = entries[5].replace("木曜", "金曜")
    memory.write_text("\n§\n".join([edited, *entries[2:5], moved, *entries[6:]]), "utf-8")
    plan = json.loads(memdir_cli(sato, "import", "hermes", "--json").stdout)
    assert plan["counts"]["add"] == 0, plan
    updates = [i for i in plan["items"] if i["action"] == "update"]
    replaced = [unicodedata.normalize("NFC", u["reason"]).split("replaces ")[1] for u in updates]
    assert replaced[0].startswith("'デプロイ前に必ず `make check` を実行する'"), updates
    assert replaced[1].startswith("'メモ：デザインレビューは毎週木曜"), updates
    assert len(updates) == 2, updates
    memdir_cli(sato, "import", "hermes", "--apply")
    listed = json.loads(memdir_cli(sato, "ls", "--json").stdout)
    bodies = json.dumps(listed, ensure_ascii=False)
    assert "`make check` を実行する" not in bodies, bodies
    assert {e["id"] for e in listed} == before  # the same entry; the removed one stays
    (mine,) = [e for e in listed if "`make lint`" in e["body"]]
    assert mine["name"] == "デプロイ前に必ず `make check` と `make lint` を実行する"
    assert "`make check` を実行する" in memdir_cli(sato, "ls", "--all").stdout  # history
    again = json.loads(memdir_cli(sato, "import", "hermes", "--json").stdout)
    assert again["counts"]["add"] == again["counts"]["update"] == 0, again


def test_corrected_entry_exports_to_hermes_without_its_old_text(sato: Path) -> None:
    """An entry imported from Hermes (named after its text) and corrected in its file
    exported as '**<old text>**' above the new text: Hermes's agent was shown the
    superseded fact next to the correction."""
    memdir_cli(sato, "import", "hermes", "--apply")
    shown = memdir_cli(sato, "show", "佐藤は").stdout
    path = Path(shown.splitlines()[0].removeprefix("# "))
    old = "佐藤は pnpm を使う、npm は使わない"
    new = "佐藤は yarn を使う（pnpm は使わない）"
    path.write_text(path.read_text(encoding="utf-8").replace(f"---\n{old}", f"---\n{new}"))
    memdir_cli(sato, "export", "hermes", "--apply", "--force")
    user = hermes_entries(sato / ".hermes" / "memories" / "USER.md")
    assert new in user
    assert not any(old in e for e in user), user


def test_memdir_edit_renames_an_imported_entry_after_its_new_text(
    sato: Path, tmp_path: Path
) -> None:
    """`memdir edit` of the body alone: the name and description the import made of the
    old text follow the new one (memdir's own index showed the old fact), the id stays,
    the old text stays in the history, and Hermes gets the new text alone."""
    memdir_cli(sato, "import", "hermes", "--apply")
    old = "佐藤は pnpm を使う、npm は使わない"
    new = "佐藤は yarn を使う（pnpm は使わない）"
    before = {e["id"] for e in json.loads(memdir_cli(sato, "ls", "--json").stdout)}
    script = tmp_path / "ed.py"
    script.write_text(
        "import pathlib, sys\np = pathlib.Path(sys.argv[1])\n"
        f"p.write_text(p.read_text('utf-8').replace({'---' + chr(10) + old!r}, "
        f"{'---' + chr(10) + new!r}), 'utf-8')\n",
        encoding="utf-8",
    )
    memdir_cli(sato, "edit", "佐藤は", editor=f"{sys.executable} {script}")
    listed = json.loads(memdir_cli(sato, "ls", "--json").stdout)
    assert {e["id"] for e in listed} == before
    mine = [e for e in listed if e["body"].strip() == new]
    assert [(e["name"], e["description"]) for e in mine] == [(new, new)], listed
    assert old not in memdir_cli(sato, "ls").stdout
    assert old in memdir_cli(sato, "ls", "--all").stdout  # kept in the history
    memdir_cli(sato, "export", "hermes", "--apply", "--force")
    user = hermes_entries(sato / ".hermes" / "memories" / "USER.md")
    assert new in user and not any(old in e for e in user), user
    again = json.loads(memdir_cli(sato, "import", "hermes", "--json").stdout)
    assert again["counts"]["add"] == 0, again


@pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`
def test_hermes_own_loader_reads_the_export(sato: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hermes's own MemoryStore loads memdir's export: every entry, in full, none blocked
    by its scanner, and no drift it would refuse to write over."""
    memory_tool = pytest.importorskip("tools.memory_tool")
    memdir_cli(sato, "import", "hermes", "--apply")
    memdir_cli(sato, "export", "hermes", "--apply", "--force")
    monkeypatch.setenv("HERMES_HOME", str(sato / ".hermes"))
    store = memory_tool.MemoryStore()
    store.load_from_disk()
    memory = sato / ".hermes" / "memories"
    assert store.memory_entries == hermes_entries(memory / "MEMORY.md")
    assert store.user_entries == hermes_entries(memory / "USER.md")
    assert "BLOCKED" not in (store.format_for_system_prompt("memory") or "")
    assert store._detect_external_drift("memory") is None
    assert store._detect_external_drift("user") is None


def test_hermes_style_replace_does_not_leave_the_old_fact_in_the_index(sato: Path) -> None:
    """A Hermes-style replace (old_text + content only) changed the body but kept the
    description, which the index in every later session's system block shows: it still
    stated the superseded fact (90 日) while the body said 180 日."""
    script = (
        "import memdir\n"
        "md = memdir.open()\n"
        "with md.session(agent='hermes') as s:\n"
        "    s.call_tool('memory', {'action': 'add', 'type': 'reference', 'name': 'ログ保存',\n"
        "        'description': 'ログの保存期間は 90 日', 'content': 'ログの保存期間は 90 日'})\n"
        "    r = s.call_tool('memory', {'action': 'replace', 'old_text': 'ログの保存期間',\n"
        "        'content': 'ログの保存期間は 180 日（令和8年12月から）'})\n"
        "    assert r['success'], r\n"
        "with md.session(agent='hermes') as s:\n"
        "    print(s.system_block())\n"
    )
    env = {**os.environ, "HOME": str(sato), "MEMDIR_HOME": str(sato / ".memdir")}
    env["PYTHONPATH"] = SRC
    proc = subprocess.run(
        [sys.executable, "-c", script],
        cwd=sato / "src" / "billing",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    index = [line for line in proc.stdout.splitlines() if "ログ" in line]
    assert index and "90 日" not in " ".join(index), index
