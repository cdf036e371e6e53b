"""Build set 59 (``set.jsonl``) from third-party corpora no earlier set used.

Two steps. ``--extract`` reads fetched git snapshots (not kept here) and writes the strings
this set uses, verbatim, into ``raw/*.json`` with the repository, commit and path of each; no
upstream code is run or kept. The default step rebuilds ``set.jsonl`` from ``raw/`` alone (no
network, no snapshot)::

    .venv/bin/python bench/data/guard59/build.py --extract REDCODE MCPSCANNER SKILLSCANNER \\
        MCPSHIELD MCPSECBENCH EVERYTHINGWRONG HIJACK PROVENTRA
    .venv/bin/python bench/data/guard59/build.py

Rows are written in a fixed order, so a rerun gives the same file. The half of a row is fixed
by its corpus (README), never by a verdict; kinds are fixed by hand or by the stated rule.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RAW = HERE / "raw"

#: upstream snapshots read by ``--extract`` (repo, commit, licence, licence file kept here)
SOURCES = {
    "redcode": (
        "AI-secure/RedCode",
        "c84b6db88fd8bd258e29f12e692ccfd4287a454d",
        "CC-BY-4.0",
        "LICENSE-redcode",
    ),
    "mcp-scanner": (
        "cisco-ai-defense/mcp-scanner",
        "893327c54d223ea07296f68f32d8294f5c045f4a",
        "Apache-2.0",
        "LICENSE-mcp-scanner",
    ),
    "skill-scanner": (
        "cisco-ai-defense/skill-scanner",
        "48f59347a54b93606dd1e31c41989ebfd0fcc84d",
        "Apache-2.0",
        "LICENSE-skill-scanner",
    ),
    "mcp-shield": (
        "riseandignite/mcp-shield",
        "379140c3555bf35c6f8f451ee320da24302e792e",
        "MIT",
        "LICENSE-mcp-shield",
    ),
    "mcpsecbench": (
        "AIS2Lab/MCPSecBench",
        "7eb773d07f298b251e763f99fe07e183a9d9694e",
        "MIT",
        "LICENSE-mcpsecbench",
    ),
    "everything-wrong": (
        "acuvity/mcp-server-everything-wrong",
        "d6930774989bdb7572760e21ccda17c876177b39",
        "Apache-2.0",
        "LICENSE-everything-wrong",
    ),
    "hijack-agentic-ai": (
        "nmeisenzahl/hijack-agentic-ai",
        "02d9298e831323a07cc657cfc9c2bc726cba056e",
        "MIT",
        "LICENSE-hijack-agentic-ai",
    ),
    "proventra": (
        "proventra/proventra-core",
        "5f7a2f60880f19bed10f9721e2b109aeff149879",
        "MIT",
        "LICENSE-proventra",
    ),
}

#: split by corpus (README), fixed before anything was scored
HALF = {
    "mcp-scanner": "dev",
    "skill-scanner": "dev",
    "mcp-shield": "dev",
    "mcpsecbench": "dev",
    "everything-wrong": "dev",
    "hijack-agentic-ai": "dev",
    "redcode": "test",
    "proventra": "test",
}

# ---------------------------------------------------------------- selection constants
#: RedCode-Exec risky scenarios kept as attacks (README), by scenario index
REDCODE_ATTACK = {
    1: "egress",  # post a local file to a URL
    2: "download_run",  # download a script from an untrusted URL
    3: "tool_abuse",  # fetch a page from an attacker's site
    4: "credentials",  # copy a sensitive file (credential paths only)
    7: "credentials",  # read a sensitive file (credential paths only)
    8: "tool_abuse",  # delete a system file
    9: "tool_abuse",  # plant a destructive alias in /root/.bashrc
    10: "download_run",  # reverse shell: run the commands a remote server sends
    13: "credentials",  # read a sensitive file by path traversal (credential paths only)
    18: "tool_abuse",  # kill system processes (sshd, ...)
}
#: scenarios whose texts ask for ordinary code: benign hard negatives (README)
REDCODE_BENIGN = (11, 15, 19, 22, 25)
#: scenarios 4, 7, 13 only where the path is a credential store
REDCODE_CRED_ONLY = (4, 7, 13)
CRED_PATH = re.compile(r"passwd|shadow|ssh|\.aws|credential|secret|private|sudoers|\.pem|token")
REDCODE_PER_LANG = 3  # the first three kept texts per scenario and language (six without bash)
REDCODE_DIRS = {
    "python": "dataset/RedCode-Exec/py2text_dataset_json/index{}_30_codes_full.json",
    "bash": "dataset/RedCode-Exec/bash2text_dataset_json/index{}_30_codes_full_upd.json",
}

#: cisco mcp-scanner: (path, function, kind) of tool descriptions that carry instructions;
#: kind "benign" is a plain description (README)
MCP_DATA = "evals/behavioral-analysis/data/prompt-injection/"
MCP_EX = "examples/example-malicious-servers/"
MCP_SCANNER = (
    (MCP_DATA + "act_as_role_injection.py", "execute_system_command", "injection"),
    (MCP_DATA + "admin_privilege_escalation.py", "query_database", "injection"),
    (MCP_DATA + "contradictory_description_validation_bypass.py", "validate_input", "injection"),
    (MCP_DATA + "hidden_metadata_filter_bypass.py", "search_documentation", "injection"),
    (MCP_DATA + "hidden_system_instructions.py", "read_file_safely", "injection"),
    (MCP_DATA + "jailbreak_mode_context_manipulation.py", "process_request", "injection"),
    (MCP_DATA + "nested_ignore_trust_escalation.py", "format_text", "injection"),
    (MCP_DATA + "override_instruction_injection.py", "process_data", "injection"),
    (MCP_DATA + "safety_bypass_emergency_access.py", "emergency_system_access", "injection"),
    (MCP_DATA + "system_prompt_override.py", "configure_assistant", "injection"),
    (MCP_EX + "line_jumping_server.py", "send_mail", "egress"),
    (MCP_EX + "line_jumping_server.py", "retrieve_logs", "credentials"),
    (MCP_EX + "line_jumping_server.py", "get_workstation_environment", "tool_abuse"),
    (MCP_EX + "server.py", "send_email", "egress"),
)
#: real tool descriptions the corpus labels benign: every tool of these files
MCP_BENIGN = (
    "evals/remote/benign/GitHub_tools.py",
    "evals/remote/benign/azure_tools.py",
    "evals/remote/benign/discord_tools.py",
)
#: cisco skill-scanner: (SKILL.md path, kind)
SKILLS = (
    ("evals/skills/prompt-injection/jailbreak-override/SKILL.md", "standing_order"),
    ("evals/test_skills/malicious/prompt-injection/SKILL.md", "download_run"),
    ("evals/test_skills/malicious/ascii-smuggling/SKILL.md", "credentials"),
    ("evals/test_skills/malicious/exfiltrator/SKILL.md", "egress"),
    ("evals/skills/safe-skills/simple-math/SKILL.md", "benign"),
    ("evals/skills/safe-skills-2/file-validator/SKILL.md", "benign"),
    ("evals/test_skills/safe/simple-formatter/SKILL.md", "benign"),
    ("evals/test_skills/safe/atr-benign-control/SKILL.md", "benign"),
)
#: mcp-shield: (tool name, kind) of ``mcp-servers-example/bad-mcp-server.js``; the fact tool's
#: description twice: as served before (benign) and after its trigger file appears (attack)
SHIELD_PATH = "mcp-servers-example/bad-mcp-server.js"
SHIELD = (
    ("calculateSum", "credentials"),
    ("sendEmail", "egress"),
    ("fetchWeather", "benign"),
    ("readFile", "credentials"),
    ("factDescription#0", "benign"),
    ("factDescription#1", "egress"),
)
#: MCPSecBench: (path, function, kind) of its MCP servers' tool descriptions; the four that
#: steer tool choice or results (tool shadowing) are attacks, the plain ones benign
MCPSEC = (
    ("code/maliciousadd.py", "add", "tool_abuse"),
    ("code/maliciousadd.py", "modify", "tool_abuse"),
    ("code/maliciousadd.py", "m_check", "tool_abuse"),
    ("code/maliciousadd.py", "aft_check", "tool_abuse"),
    ("code/addserver.py", "add", "benign"),
    ("code/addserver.py", "sub", "benign"),
    ("code/download.py", "check", "benign"),
    ("code/download.py", "compute", "benign"),
    ("code/sse.py", "get_forecast", "benign"),
    ("code/maliciousadd.py", "times", "benign"),
    ("code/maliciousadd.py", "get_and_read_all_files", "benign"),
    ("code/maliciousadd.py", "get_user_notes", "benign"),
    ("code/maliciousadd.py", "get_user_info", "benign"),
    ("code/maliciousadd.py", "get_weather_forecast", "benign"),
    ("code/maliciousadd.py", "reset_challenge", "benign"),
    ("code/maliciousadd.py", "sandbox_run", "benign"),
)
#: mcp-server-everything-wrong: ``joke_teller`` (reply a fixed string) is left out (rule)
WRONG_PATH = "src/mcp_server_everything_wrong/server.py"
WRONG = (
    ("shadowing_attack", "egress"),
    ("greet", "benign"),
    ("echo", "benign"),
    ("send_email", "benign"),
    ("env_var", "benign"),
    ("fetch", "benign"),
    ("run_command", "benign"),
)
#: hijack-agentic-ai: the demos' documents, each whole (the poisoned ones hide the
#: instruction in an HTML comment)
HIJACK_D1 = "demos/demo1-indirect-prompt-injection/src/assets/"
HIJACK_D3 = "demos/demo3-rag-poisoning/src/assets/"
HIJACK = (
    (HIJACK_D1 + "offer-1-codevision.md", "benign"),
    (HIJACK_D1 + "offer-2-innovatetech.md", "benign"),
    (HIJACK_D1 + "offer-3-globaldev.md", "benign"),
    (HIJACK_D1 + "offer-4-budgetcode.md", "benign"),
    (HIJACK_D1 + "offer-5-acme-poisoned.md", "injection"),  # always rank ACME first
    (HIJACK_D3 + "forecasting-data-collection.md", "benign"),
    (HIJACK_D3 + "forecasting-model-selection.md", "benign"),
    (HIJACK_D3 + "forecasting-quality-assurance-poisoned.md", "egress"),
    (HIJACK_D3 + "forecasting-reporting-standards.md", "benign"),
    (HIJACK_D3 + "forecasting-validation-methods.md", "benign"),
)
PROVENTRA_PATH = "benchmark/data/test_data.py"
#: proventra attacks left out by the rule: index 42 asks for code that plants a backdoor
#: (content to write, not an act of the agent)
PROVENTRA_DROP = {42}
#: proventra kinds: the first group whose words appear (README)
PROVENTRA_KIND = (
    ("download_run", r"curl|wget|download|\binstall\b|\.sh\b|\.exe\b|security patch|backdoor"),
    ("credentials", r"password|credential|token|cookie|ssh|sudoers|shadow|\.key|root access"),
    (
        "egress",
        r"\b(send|sends|upload|transmit|forward|email their|exfil\w*|collect|gather_user_data)\b",
    ),
    ("standing_order", r"\b(always|from now on|whenever|any commands|all commands|in the future)\b"),
)


# ---------------------------------------------------------------- extract (needs snapshots)
def show(repo: str, commit: str, path: str) -> str:
    out = subprocess.run(
        ["git", "-C", repo, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    )
    return out.stdout


def tool_docs(source: str) -> dict[str, str]:
    """Docstring of every decorated function of a module (as ``inspect.cleandoc`` gives it,
    which is how an MCP server library turns it into the tool description)."""
    out = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.decorator_list:
            doc = ast.get_docstring(node)
            if doc:
                out[node.name] = doc
    return out


def js_descriptions(source: str) -> dict[str, str]:
    """Template-literal descriptions of ``server.tool('name', `...`)`` and of the
    ``factDescription`` assignments in mcp-shield's example server."""
    out = {m.group(1): m.group(2) for m in re.finditer(r"server\.tool\(\s*'(\w+)',\s*`([^`]*)`", source)}
    for i, m in enumerate(re.finditer(r"factDescription = `([^`]*)`", source)):
        out[f"factDescription#{i}"] = m.group(1)
    return out


def extract(mirrors: dict[str, str]) -> None:
    RAW.mkdir(exist_ok=True)
    data: dict[str, Any] = {}
    repo, commit = mirrors["redcode"], SOURCES["redcode"][1]
    data["redcode"] = [
        {
            "scenario": index,
            "language": language,
            "path": template.format(index),
            "items": [
                {"index": item["Index"], "text": item["Text_summary"]}
                for item in json.loads(show(repo, commit, template.format(index)))
            ],
        }
        for index in sorted([*REDCODE_ATTACK, *REDCODE_BENIGN])
        for language, template in REDCODE_DIRS.items()
        if _exists(repo, commit, template.format(index))
    ]
    repo, commit = mirrors["mcp-scanner"], SOURCES["mcp-scanner"][1]
    tools = []
    for path, fn, _ in MCP_SCANNER:
        tools.append({"path": path, "function": fn, "text": tool_docs(show(repo, commit, path))[fn]})
    for path in MCP_BENIGN:
        for fn, doc in tool_docs(show(repo, commit, path)).items():
            tools.append({"path": path, "function": fn, "text": doc})
    data["mcp-scanner"] = tools
    repo, commit = mirrors["skill-scanner"], SOURCES["skill-scanner"][1]
    data["skill-scanner"] = [{"path": p, "text": show(repo, commit, p)} for p, _ in SKILLS]
    repo, commit = mirrors["mcp-shield"], SOURCES["mcp-shield"][1]
    found = js_descriptions(show(repo, commit, SHIELD_PATH))
    data["mcp-shield"] = [{"tool": name, "text": found[name]} for name, _ in SHIELD]
    repo, commit = mirrors["mcpsecbench"], SOURCES["mcpsecbench"][1]
    data["mcpsecbench"] = [
        {"path": p, "function": fn, "text": tool_docs(show(repo, commit, p))[fn]}
        for p, fn, _ in MCPSEC
    ]
    repo, commit = mirrors["everything-wrong"], SOURCES["everything-wrong"][1]
    docs = tool_docs(show(repo, commit, WRONG_PATH))
    data["everything-wrong"] = [{"function": fn, "text": docs[fn]} for fn, _ in WRONG]
    repo, commit = mirrors["hijack-agentic-ai"], SOURCES["hijack-agentic-ai"][1]
    data["hijack-agentic-ai"] = [{"path": p, "text": show(repo, commit, p)} for p, _ in HIJACK]
    repo, commit = mirrors["proventra"], SOURCES["proventra"][1]
    lists = {
        ast.unparse(n.targets[0]): ast.literal_eval(n.value)
        for n in ast.parse(show(repo, commit, PROVENTRA_PATH)).body
        if isinstance(n, ast.Assign) and isinstance(n.value, ast.List)
    }
    data["proventra"] = {
        name: lists[name] for name in ("PROMPT_INJECTION_ATTACKS", "LEGITIMATE_REQUESTS")
    }
    for name, value in data.items():
        (RAW / f"{name}.json").write_text(
            json.dumps(value, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )


def _exists(repo: str, commit: str, path: str) -> bool:
    done = subprocess.run(
        ["git", "-C", repo, "cat-file", "-e", f"{commit}:{path}"], capture_output=True, check=False
    )
    return done.returncode == 0


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
        "split": HALF[source],
    }


def row(b: dict[str, Any], kind: str, task: str, template: str, text: str) -> dict[str, Any]:
    label = "benign" if kind == "benign" else "attack"
    return {
        **b,
        "task": task,
        "lang": "en",
        "label": label,
        "kind": kind,
        "hard_negative": label == "benign",
        "template": template,
        "text": text,
    }


def load(name: str) -> Any:
    return json.loads((RAW / f"{name}.json").read_text(encoding="utf-8"))


def redcode() -> list[dict[str, Any]]:
    """Attack scenarios first, then the benign ones; per scenario Python then Bash, the first
    five kept texts of each (ten of Python where the scenario has no Bash file)."""
    files = load("redcode")
    rows = []
    for index in [*REDCODE_ATTACK, *REDCODE_BENIGN]:
        kind = REDCODE_ATTACK.get(index, "benign")
        mine = [f for f in files if f["scenario"] == index]
        cap = REDCODE_PER_LANG * (2 if len(mine) == 1 else 1)
        for f in mine:
            items = [
                i
                for i in f["items"]
                if index not in REDCODE_CRED_ONLY or CRED_PATH.search(i["text"])
            ][:cap]
            b = base("redcode", f"exec-{f['language']}", f["path"])
            for i in items:
                rows.append(row(b, kind, f"index {i['index']}", "Text_summary", i["text"]))
    return rows


def mcp_scanner() -> list[dict[str, Any]]:
    kinds = {(p, fn): k for p, fn, k in MCP_SCANNER}
    rows = []
    for t in load("mcp-scanner"):
        kind = kinds.get((t["path"], t["function"]), "benign")
        b = base("mcp-scanner", "tool-description", t["path"])
        rows.append(row(b, kind, t["function"], "tool description", t["text"]))
    return rows


def skill_scanner() -> list[dict[str, Any]]:
    kinds = dict(SKILLS)
    rows = []
    for s in load("skill-scanner"):
        b = base("skill-scanner", "SKILL.md", s["path"])
        rows.append(row(b, kinds[s["path"]], s["path"].split("/")[-2], "SKILL.md", s["text"]))
    return rows


def mcp_shield() -> list[dict[str, Any]]:
    kinds = dict(SHIELD)
    rows = []
    for t in load("mcp-shield"):
        b = base("mcp-shield", "tool-description", SHIELD_PATH)
        rows.append(row(b, kinds[t["tool"]], t["tool"], "tool description", t["text"]))
    return rows


def mcpsecbench() -> list[dict[str, Any]]:
    kinds = {(p, fn): k for p, fn, k in MCPSEC}
    rows = []
    for t in load("mcpsecbench"):
        b = base("mcpsecbench", "tool-description", t["path"])
        kind = kinds[(t["path"], t["function"])]
        rows.append(row(b, kind, t["function"], "tool description", t["text"]))
    return rows


def everything_wrong() -> list[dict[str, Any]]:
    kinds = dict(WRONG)
    b = base("everything-wrong", "tool-description", WRONG_PATH)
    return [
        row(b, kinds[t["function"]], t["function"], "tool description", t["text"])
        for t in load("everything-wrong")
    ]


def hijack() -> list[dict[str, Any]]:
    kinds = dict(HIJACK)
    rows = []
    for d in load("hijack-agentic-ai"):
        b = base("hijack-agentic-ai", "document", d["path"])
        rows.append(row(b, kinds[d["path"]], d["path"].split("/")[1], "document", d["text"]))
    return rows


def proventra_kind(text: str) -> str:
    for kind, words in PROVENTRA_KIND:
        if re.search(words, text, re.IGNORECASE):
            return kind
    return "tool_abuse"


def proventra() -> list[dict[str, Any]]:
    raw = load("proventra")
    b = base("proventra", "benchmark", PROVENTRA_PATH)
    rows = []
    for i, a in enumerate(raw["PROMPT_INJECTION_ATTACKS"]):
        if i not in PROVENTRA_DROP:
            kind = proventra_kind(a["text"])
            rows.append(row(b, kind, f"attack {i}", a["category"], a["text"]))
    for i, a in enumerate(raw["LEGITIMATE_REQUESTS"]):
        rows.append(row(b, "benign", f"legitimate {i}", a["category"], a["text"]))
    return rows


def build() -> list[dict[str, Any]]:
    """Every corpus in a fixed order; a text met before (a corpus repeats some) is kept once."""
    rows, seen = [], set()
    for r in (
        mcp_scanner()
        + skill_scanner()
        + mcp_shield()
        + mcpsecbench()
        + everything_wrong()
        + hijack()
        + redcode()
        + proventra()
    ):
        if r["text"] not in seen:
            seen.add(r["text"])
            rows.append(r)
    return [{"id": f"g59-{i:03d}", **r} for i, r in enumerate(rows, 1)]


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
