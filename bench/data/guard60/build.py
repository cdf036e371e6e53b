"""Build set 60 (``set.jsonl``) from third-party corpora no earlier set used.

Two steps. ``--extract`` reads fetched git snapshots (not kept here) and writes the strings
this set uses, verbatim, into ``raw/*.json``; no upstream code is run or kept. The default
step rebuilds ``set.jsonl`` from ``raw/`` alone (no network, no snapshot)::

    .venv/bin/python bench/data/guard60/build.py --extract AIG BIGCODEBENCH ANTHROPIC_SKILLS \\
        PLAYWRIGHT_MCP
    .venv/bin/python bench/data/guard60/build.py

Rows are written in a fixed order, so a rerun gives the same file. The half of a row is fixed
by its corpus (README), never by a verdict; kinds are fixed by hand or by the stated rule.
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RAW = HERE / "raw"

#: upstream snapshots read by ``--extract`` (repo, commit, licence, licence file kept here)
SOURCES = {
    "aig": (
        "Tencent/AI-Infra-Guard",
        "4908db1deab794a02ee9eaa77d3583ad590e7b27",
        "Apache-2.0",
        "LICENSE-ai-infra-guard",
    ),
    "bigcodebench": (
        "bigcode-project/bigcodebench-annotation",
        "a3b89850db670d7302571142b881e4f85eef18e3",
        "Apache-2.0",
        "LICENSE-bigcodebench",
    ),
    "anthropic-skills": (
        "anthropics/skills",
        "9d2f1ae187231d8199c64b5b762e1bdf2244733d",
        "Apache-2.0",
        "LICENSE-anthropic-skills",
    ),
    "playwright-mcp": (
        "microsoft/playwright-mcp",
        "7e0457a7cbf88823bf0146d12c46ae12c6818247",
        "Apache-2.0",
        "LICENSE-playwright-mcp",
    ),
}

#: corpora: (source, suite) -> half; whole corpora to one half, fixed before scoring (README)
HALF = {
    ("aig", "harness-task"): "dev",
    ("aig", "skilljack-naive"): "dev",
    ("aig", "skilljack-clean"): "dev",
    ("bigcodebench", "instruct"): "dev",
    ("aig", "skilljack-disguised"): "test",
    ("aig", "skilljack-clean-large"): "test",
    ("aig", "scanner-skill"): "test",
    ("anthropic-skills", "SKILL.md"): "test",
    ("playwright-mcp", "tool-description"): "test",
}

# ---------------------------------------------------------------- selection constants
HARNESS_PATH = (
    "Research/deepseek-harness-security-assessment/dataset/full_channel_mode_sanitized.toml"
)
#: harness objectives dropped by the rule: a fixed reply ("reply with exactly: SYNCED.")
HARNESS_DROP = re.compile(r"^reply with exactly")
#: harness kinds: the first group whose words appear (README)
HARNESS_KIND = (
    ("download_run", r"curl |download and run|install the package"),
    ("credentials", r"password|API key|login details"),
    (
        "egress",
        r"forward|export|transaction history|attach|upload|share my|My salary|My employee ID",
    ),
)
SKILLJACK_DIR = "Research/SkillJack/data/poisoned_trajectories/"
#: SkillJack files: file -> suite (README)
SKILLJACK = {
    "naive_trajectories.jsonl": "skilljack-naive",
    "naive_trajectories_large.jsonl": "skilljack-naive",
    "poisoned_trajectories.jsonl": "skilljack-disguised",
    "poisoned_trajectories_large.jsonl": "skilljack-disguised",
    "improved_unauth_trajectories.jsonl": "skilljack-disguised",
    "clean_trajectories.jsonl": "skilljack-clean",
    "clean_trajectories_large.jsonl": "skilljack-clean-large",
}
#: SkillJack attack types -> kind (README)
SKILLJACK_KIND = {
    "data_exfiltration": "egress",
    "privilege_escalation": "credentials",
    "unauthorized_transfer": "tool_abuse",
    "persistent_backdoor": "standing_order",
}
#: honest SKILL.md files of AI-Infra-Guard's own scanners (benign hard negatives)
AIG_SKILL_DIR = "agent-scan/agent_scan/prompt/skills/"
AIG_SKILLS = (
    *(
        AIG_SKILL_DIR + name + "/SKILL.md"
        for name in (
            "agentic-supply-chain-detection",
            "authorization-bypass-detection",
            "cascading-failure-detection",
            "data-leakage-detection",
            "direct-injection-detection",
            "file-path-traversal-detection",
            "hardcoded-secret-detection",
            "human-agent-trust-exploit-detection",
            "indirect-injection-detection",
            "inter-agent-comm-security-detection",
            "memory-poisoning-detection",
            "owasp-asi",
            "tool-abuse-detection",
            "unexpected-code-execution-detection",
            "web-exfiltration-detection",
        )
    ),
    "skills/aig-scanner/SKILL.md",
    "skills/edgeone-clawscan/SKILL.md",
    "skills/edgeone-skill-scanner/SKILL.md",
)
#: anthropics/skills: the SKILL.md of every skill whose LICENSE.txt is Apache-2.0 (the
#: document skills docx, pdf, pptx, xlsx are source-available only and left out)
ANTHROPIC_SKILLS = tuple(
    f"skills/{name}/SKILL.md"
    for name in (
        "algorithmic-art",
        "brand-guidelines",
        "canvas-design",
        "claude-api",
        "frontend-design",
        "internal-comms",
        "mcp-builder",
        "skill-creator",
        "slack-gif-creator",
        "theme-factory",
        "web-artifacts-builder",
        "webapp-testing",
    )
)
BIGCODEBENCH_PATH = "data/BigCodeBench.jsonl.gz"
#: BigCodeBench tasks kept: those whose solution uses one of these libraries (processes,
#: network, mail, file trees): ordinary code a code-risk detector may wrongly refuse
BIGCODEBENCH_LIBS = {
    "subprocess",
    "requests",
    "urllib",
    "shutil",
    "socket",
    "smtplib",
    "ftplib",
    "ssl",
    "http",
    "mechanize",
    "psutil",
}
#: playwright-mcp: every tool's description as its README lists it (generated from the tools)
PLAYWRIGHT_PATH = "README.md"
PLAYWRIGHT_TOOL = re.compile(r"^- \*\*(\w+)\*\*\n  - Title: .*\n  - Description: (.*)$", re.M)
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


# ---------------------------------------------------------------- extract (needs snapshots)
def show(repo: str, commit: str, path: str) -> bytes:
    out = subprocess.run(
        ["git", "-C", repo, "show", f"{commit}:{path}"], capture_output=True, check=True
    )
    return out.stdout


def show_text(repo: str, commit: str, path: str) -> str:
    return show(repo, commit, path).decode("utf-8")


def extract(mirrors: dict[str, str]) -> None:
    RAW.mkdir(exist_ok=True)
    data: dict[str, Any] = {}
    repo, commit = mirrors["aig"], SOURCES["aig"][1]
    tasks: dict[str, dict[str, Any]] = {}
    for case in tomllib.loads(show_text(repo, commit, HARNESS_PATH))["cases"]:
        seen = tasks.setdefault(case["task"], {"first_case": case["id"], "cases": 0})
        seen["cases"] += 1
    data["aig-harness"] = [{"task": t, **v} for t, v in tasks.items()]
    skilljack = []
    for name in SKILLJACK:
        text = show_text(repo, commit, SKILLJACK_DIR + name)
        for line in text.splitlines():
            if not line.strip():
                continue
            t = json.loads(line)
            attack = t.get("attack_type") or (t.get("metadata") or {}).get("attack_type")
            skilljack.append(
                {
                    "file": name,
                    "id": t.get("trajectory_id") or t.get("id"),
                    "attack_type": attack,
                    "user_task": t["user_task"],
                    "messages": [
                        {"role": m["role"], "content": m["content"]}
                        for m in t["task_history"]
                        if m["role"] != "system"
                    ],
                }
            )
    data["aig-skilljack"] = skilljack
    data["aig-skills"] = [{"path": p, "text": show_text(repo, commit, p)} for p in AIG_SKILLS]
    repo, commit = mirrors["anthropic-skills"], SOURCES["anthropic-skills"][1]
    data["anthropic-skills"] = [
        {"path": p, "text": show_text(repo, commit, p)} for p in ANTHROPIC_SKILLS
    ]
    repo, commit = mirrors["playwright-mcp"], SOURCES["playwright-mcp"][1]
    data["playwright-mcp"] = [
        {"tool": m.group(1), "text": m.group(2)}
        for m in PLAYWRIGHT_TOOL.finditer(show_text(repo, commit, PLAYWRIGHT_PATH))
    ]
    repo, commit = mirrors["bigcodebench"], SOURCES["bigcodebench"][1]
    tasks_bcb = [
        json.loads(line)
        for line in gzip.decompress(show(repo, commit, BIGCODEBENCH_PATH)).decode().splitlines()
    ]
    data["bigcodebench"] = [
        {"task_id": t["task_id"], "libs": t["libs"], "instruction": t["instruction"]}
        for t in tasks_bcb
        if any(lib.split(".")[0] in BIGCODEBENCH_LIBS for lib in t["libs"])
    ]
    for name, value in data.items():
        (RAW / f"{name}.json").write_text(
            json.dumps(value, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )


# ---------------------------------------------------------------- build (raw/ only)
def base(source: str, suite: str, path: str) -> dict[str, Any]:
    repo, commit, licence, licence_file = SOURCES[source]
    return {
        "source": source,
        "suite": suite,
        "repo": repo,
        "via": repo,
        "commit": commit,
        "path": path,
        "licence": licence,
        "licence_file": licence_file,
        "split": HALF[(source, suite)],
    }


def lang(text: str) -> str:
    """``zh`` when at least 5 % of the characters are CJK, else ``en`` (all other texts)."""
    return "zh" if len(CJK.findall(text)) >= 0.05 * len(text) else "en"


def row(b: dict[str, Any], kind: str, task: str, template: str, text: str) -> dict[str, Any]:
    label = "benign" if kind == "benign" else "attack"
    return {
        **b,
        "task": task,
        "lang": lang(text),
        "label": label,
        "kind": kind,
        "hard_negative": label == "benign",
        "template": template,
        "text": text,
    }


def load(name: str) -> Any:
    return json.loads((RAW / f"{name}.json").read_text(encoding="utf-8"))


def harness_kind(text: str) -> str:
    for kind, words in HARNESS_KIND:
        if re.search(words, text):
            return kind
    return "tool_abuse"


def harness() -> list[dict[str, Any]]:
    b = base("aig", "harness-task", HARNESS_PATH)
    return [
        row(b, harness_kind(t["task"]), t["first_case"], "payload objective", t["task"])
        for t in load("aig-harness")
        if not HARNESS_DROP.search(t["task"])
    ]


def trajectory_text(t: dict[str, Any]) -> str:
    """A trajectory as the agent's experience store keeps it: its turns after the system
    prompt, each message's content as written, one blank line apart."""
    return "\n\n".join(m["content"] for m in t["messages"])


def skilljack(suites: tuple[str, ...]) -> list[dict[str, Any]]:
    rows = []
    for t in load("aig-skilljack"):
        suite = SKILLJACK[t["file"]]
        if suite not in suites:
            continue
        kind = SKILLJACK_KIND[t["attack_type"]] if t["attack_type"] else "benign"
        b = base("aig", suite, SKILLJACK_DIR + t["file"])
        rows.append(row(b, kind, t["id"], "trajectory", trajectory_text(t)))
    return rows


def skills(name: str, source: str, suite: str) -> list[dict[str, Any]]:
    rows = []
    for s in load(name):
        b = base(source, suite, s["path"])
        rows.append(row(b, "benign", s["path"].split("/")[-2], "SKILL.md", s["text"]))
    return rows


def bigcodebench() -> list[dict[str, Any]]:
    b = base("bigcodebench", "instruct", BIGCODEBENCH_PATH)
    return [
        row(b, "benign", t["task_id"], "instruction", t["instruction"])
        for t in load("bigcodebench")
    ]


def playwright() -> list[dict[str, Any]]:
    b = base("playwright-mcp", "tool-description", PLAYWRIGHT_PATH)
    return [
        row(b, "benign", t["tool"], "tool description", t["text"]) for t in load("playwright-mcp")
    ]


def build() -> list[dict[str, Any]]:
    """Every corpus in a fixed order (dev corpora, then test); a text met before is kept once."""
    rows, seen = [], set()
    for r in (
        harness()
        + skilljack(("skilljack-naive", "skilljack-clean"))
        + bigcodebench()
        + skilljack(("skilljack-disguised", "skilljack-clean-large"))
        + skills("aig-skills", "aig", "scanner-skill")
        + skills("anthropic-skills", "anthropic-skills", "SKILL.md")
        + playwright()
    ):
        if r["text"] not in seen:
            seen.add(r["text"])
            rows.append(r)
    return [{"id": f"g60-{i:03d}", **r} for i, r in enumerate(rows, 1)]


def render(rows: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--extract"]:
        extract(dict(zip(SOURCES, argv[1:], strict=True)))
    rows = build()
    (HERE / "set.jsonl").write_text(render(rows), encoding="utf-8")
    print(len(rows), "rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
