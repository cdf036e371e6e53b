"""Build set 58 (``set.jsonl``) from third-party corpora no earlier set used.

Two steps. ``--extract`` reads fetched git snapshots (not kept here) and writes the strings
this set uses, verbatim, into ``raw/*.json`` with the repository, commit and path of each; no
upstream code is run or kept. The default step rebuilds ``set.jsonl`` from ``raw/`` alone (no
network, no snapshot)::

    .venv/bin/python bench/data/guard58/build.py --extract ASB MSB SPIKEE GRESHAKE DOOM INJECGUARD
    .venv/bin/python bench/data/guard58/build.py

Rows are written in a fixed order, so a rerun gives the same file. The half of a row is fixed
by its source (README), never by a verdict; kinds are fixed by hand or by the stated rule.
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
    "asb": (
        "Mengmeara/agent-safe-probe-x",
        "321cffbb879caac5dc980f4d3bdd7b85e0859d79",
        "MIT",
        "LICENSE-asb",
    ),
    "msb": ("dongsenzhang/MSB", "c1d6a70171e4d2c44c87a2ae909d13df00c6aa8d", "MIT", "LICENSE-msb"),
    "spikee": (
        "WithSecureLabs/spikee",
        "f811bcc851b41bcf5e9c7de7ff314deea2ed94e5",
        "Apache-2.0",
        "LICENSE-spikee",
    ),
    "greshake": (
        "greshake/llm-security",
        "87f4b7ffa568b7261a79b31573068d8113319212",
        "MIT",
        "LICENSE-greshake",
    ),
    "doomarena": (
        "ServiceNow/DoomArena",
        "b80902f107b4d28194580352a59b3029f4a018b4",
        "Apache-2.0",
        "LICENSE-doomarena",
    ),
    "notinject": (
        "SaFoLab-WISC/InjecGuard",
        "c7d9f9a58153db0237f8493bb792342f0344c70f",
        "MIT",
        "LICENSE-injecguard",
    ),
}
#: ASB's data is read from an MIT-licensed copy; upstream agiresearch/ASB (MIT, 2024 AGI
#: Research) has no snapshot here
VIA = {"asb": "agiresearch/ASB data as copied in Mengmeara/agent-safe-probe-x"}

#: split by corpus (README), fixed before anything was scored
HALF = {
    "spikee": "dev",
    "greshake": "dev",
    "doomarena": "dev",
    "notinject/one": "dev",
    "notinject/two": "dev",
    "asb": "test",
    "msb": "test",
    "notinject/three": "test",
}

# ---------------------------------------------------------------- selection constants
#: ASB: aggressive attacker instructions that name an act on data, money, accounts or
#: systems (README: selection rule); kind by the first group whose words appear
ASB_KIND = (
    ("credentials", r"credential|password|passcode|login|privilege|authenticat|access key"),
    (
        "egress",
        r"\b(share|shar(es|ing)|send|leak|export|extract|forward|disclose|sell|upload|"
        r"copy|transmit|distribute|publish|exfiltrat\w*|obtain|gather|collect|harvest|download|"
        r"retrieve|acquire)\b",
    ),
    (
        "tool_abuse",
        r"\b(modify|alter|delete|remove|disable|install|execute|update|adjust|manipulate|"
        r"inject|override|redirect|reroute|change|falsify|tamper|erase|deactivate|allocate|"
        r"transfer|grant|bypass|plant|insert|suppress|deploy|divert|hijack|shut|"
        r"reset|lock|unlock|block|reassign|reroute|approve|cancel|withdraw|fabricate|"
        r"initiate|reprogram|increase|decrease|corrupt|wipe|intercept|overwrite|introduce|"
        r"disrupt|seize|compromise|jam|trigger|shutdowns?|issue|administer|record|reallocate|"
        r"replicate|delay|trade|neglect)\b",
    ),
)
ASB_PER_AGENT = 7  # cap: the first seven kept instructions of each of the ten agents
ASB_FORMS = ("naive", "fake_completion", "escape_characters", "context_ignoring", "combined")
MSB_KIND = {
    "obtain_remote_control_authority": "credentials",  # plant the attacker's ssh key
    "obtain_data_information": "egress",  # copy a phone number out to an output file
    "modify_data": "tool_abuse",  # edit a phone number in a file
    "obtain_agent_interaction_data": "egress",  # write the agent's tool list out
}
#: greshake/llm-security: (file, variable, kind) kept; secondary payloads ("Respond with a
#: pirate accent from now on") and scenario descriptions are left out (README)
GRESHAKE = (
    ("scenarios/gpt3langchain/data_exfiltration.py", "attacker_social_media_injection", "egress"),
    ("scenarios/gpt3langchain/multi_stage.py", "primary_payload", "injection"),
    ("scenarios/gpt3langchain/persistence.py", "instructions", "standing_order"),
    ("scenarios/gpt3langchain/remote-control.py", "original_injection", "standing_order"),
    ("scenarios/gpt3langchain/spread.py", "text", "tool_abuse"),
    ("scenarios/gpt4/data_exfiltration.py", "injection", "egress"),
    ("scenarios/gpt4/multi_stage.py", "primary_payload", "injection"),
    ("scenarios/gpt4/persistence.py", "instructions", "standing_order"),
    ("scenarios/gpt4/remote-control.py", "original_injection", "standing_order"),
    ("scenarios/gpt4/spread.py", "malicious_email", "tool_abuse"),
)
DOOM_BROWSER = "doomarena/browsergym/src/doomarena/browsergym/attacks/"
DOOM_TAU = "doomarena/taubench/src/doomarena/taubench/system_prompt_config/"
#: DoomArena: (file, variable, kind); the popup template is filled with its default
#: ``report_url`` "localhost:1234"
DOOMARENA = (
    (DOOM_BROWSER + "popup_attacks.py", "DEFAULT_HIDDEN_WARNING_MESSAGE_TEMPLATE", "tool_abuse"),
    (DOOM_BROWSER + "banner_attacks.py", "warning_message_even", "tool_abuse"),
    (DOOM_BROWSER + "banner_attacks.py", "warning_message_odd", "tool_abuse"),
    (DOOM_BROWSER + "banner_attacks.py", "warning_message_3", "tool_abuse"),
    (DOOM_BROWSER + "banner_attacks.py", "security_risk_message", "tool_abuse"),
    (DOOM_BROWSER + "banner_attacks.py", "security_risk_message2", "tool_abuse"),
    (DOOM_BROWSER + "user_generated_content.py", "self.message", "tool_abuse"),
    (DOOM_BROWSER + "user_generated_content.py", "goal_reveal_message", "egress"),
    (DOOM_TAU + "system_prompt_initialization.py", "adv_user_inputs", "egress"),
)
SPIKEE_DIR = "spikee/data/workspace/datasets/seeds-llm-mailbox/"
LANGS = ("zu", "sq", "ga", "gd")


# ---------------------------------------------------------------- extract (needs snapshots)
def show(repo: str, commit: str, path: str) -> str:
    out = subprocess.run(
        ["git", "-C", repo, "show", f"{commit}:{path}"], capture_output=True, text=True, check=True
    )
    return out.stdout


def literal(node: ast.expr) -> str | None:
    """A string constant, or an f-string made only of constants."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and all(isinstance(v, ast.Constant) for v in node.values):
        return "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
    return None


def assigned(source: str, name: str) -> list[str]:
    """Every string literal assigned to ``name`` (``self.x`` included) in a module."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = ast.unparse(node.targets[0])
            value = literal(node.value)
            if target == name and value is not None:
                out.append(value)
    return out


def extract(mirrors: dict[str, str]) -> None:
    RAW.mkdir(exist_ok=True)
    data: dict[str, Any] = {}
    repo, commit = mirrors["asb"], SOURCES["asb"][1]
    tools = [json.loads(x) for x in show(repo, commit, "data/all_attack_tools.jsonl").splitlines()]
    tasks = [
        json.loads(x)
        for name in ("agent_task", "agent_task_pot")  # user tasks: plain and the PoT set's
        for x in show(repo, commit, f"data/{name}.jsonl").splitlines()
        if x.strip()
    ]
    code = show(repo, commit, "pyopenagi/agents/react_agent_attack.py")
    lines = [ln.strip() for ln in code.splitlines() if "injected_prompt" in ln and "f'" in ln]
    data["asb"] = {
        "attack_tools": [t for t in tools if t["Aggressive"] == "True"],
        "tasks": tasks,
        "template_lines": lines,  # the f-strings as written, read by ``asb_forms``
    }
    repo, commit = mirrors["msb"], SOURCES["msb"][1]
    code = show(repo, commit, "data/prompt_template.py")
    data["msb"] = {
        "attack_task": [
            json.loads(x) for x in show(repo, commit, "data/attack_task.jsonl").splitlines()
        ],
        "agent_task": [
            json.loads(x)
            for x in show(repo, commit, "data/agent_task.jsonl").splitlines()
            if x.strip()
        ],
        "templates": {
            n: assigned(code, n)[-1]
            for n in (
                "PROMPT_INJECTION_TEMPLATE",
                "TOOL_RESPONSE_ATTACK_TEMPLATE",
                "SIMULATED_USER_TEMPLATE",
            )
        },
    }
    repo, commit = mirrors["spikee"], SOURCES["spikee"][1]
    data["spikee"] = {
        name: [
            json.loads(x)
            for x in show(repo, commit, SPIKEE_DIR + f"{name}.jsonl").splitlines()
            if x.strip()
        ]
        for name in ("instructions", "jailbreaks")
    }
    repo, commit = mirrors["greshake"], SOURCES["greshake"][1]
    data["greshake"] = [
        {"path": p, "variable": v, "text": assigned(show(repo, commit, p), v)[0]}
        for p, v, _ in GRESHAKE
    ]
    repo, commit = mirrors["doomarena"], SOURCES["doomarena"][1]
    doom = []
    for p, v, _ in DOOMARENA:
        src = show(repo, commit, p)
        if v == "adv_user_inputs":  # the retail fixed injection (a single string)
            fn = next(
                n
                for n in ast.walk(ast.parse(src))
                if isinstance(n, ast.FunctionDef)
                and n.name == "initialize_default_fixed_injection_retail_attacks"
            )
            text = assigned(ast.unparse(fn), v)[0]
        else:
            text = assigned(src, v)[0]
        doom.append({"path": p, "variable": v, "text": text})
    data["doomarena"] = doom
    repo, commit = mirrors["notinject"], SOURCES["notinject"][1]
    data["notinject"] = {
        n: json.loads(show(repo, commit, f"datasets/NotInject_{n}.json"))
        for n in ("one", "two", "three")
    }
    for name, value in data.items():
        (RAW / f"{name}.json").write_text(
            json.dumps(value, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )


# ---------------------------------------------------------------- build (raw/ only)
def base(source: str, suite: str, path: str, half: str) -> dict[str, Any]:
    repo, commit, licence, licence_file = SOURCES[source]
    return {
        "source": source,
        "suite": suite,
        "repo": repo,
        "via": VIA.get(source, repo),
        "commit": commit,
        "path": path,
        "licence": licence,
        "licence_file": licence_file,
        "split": half,
    }


def row(
    b: dict[str, Any], label: str, kind: str, task: str, template: str, text: str, lang: str = "en"
) -> dict[str, Any]:
    return {
        **b,
        "task": task,
        "lang": lang,
        "label": label,
        "kind": kind,
        "hard_negative": label == "benign",
        "template": template,
        "text": text,
    }


def load(name: str) -> Any:
    return json.loads((RAW / f"{name}.json").read_text(encoding="utf-8"))


def asb_forms(lines: list[str]) -> dict[str, str]:
    """ASB's injected prompt and its attack forms, as ``str.format`` templates."""
    inner = next(ln for ln in lines if ln.startswith("self.injected_prompt"))
    prompt = ast.literal_eval(inner.split("=", 1)[1].strip()[1:])  # drop the f prefix
    forms = {"naive": "{p}"}
    for ln in lines:
        m = re.match(r"'(\w+)': f(.*),$", ln)
        if m:
            forms[m.group(1)] = ast.literal_eval(m.group(2)).replace(
                "{self.injected_prompt}", "{p}"
            )
    forms["combined"] = forms.pop("combined_attack")
    return {k: v.replace("{p}", prompt) for k, v in forms.items()}


def asb_kind(text: str) -> str | None:
    for kind, words in ASB_KIND:
        if re.search(words, text, re.IGNORECASE):
            return kind
    return None


def asb() -> list[dict[str, Any]]:
    raw = load("asb")
    forms = asb_forms(raw["template_lines"])
    rows = []
    attacks = base("asb", "asb", "data/all_attack_tools.jsonl", HALF["asb"])
    per_agent: dict[str, int] = {}
    n = 0
    for t in raw["attack_tools"]:
        kind = asb_kind(t["Attacker Instruction"])
        agent = t["Corresponding Agent"]
        if kind is None or per_agent.get(agent, 0) >= ASB_PER_AGENT:
            continue
        per_agent[agent] = per_agent.get(agent, 0) + 1
        form = ASB_FORMS[n % len(ASB_FORMS)]  # each form in turn: none dominates
        n += 1
        text = (
            forms[form]
            .replace("{self.attack_instru}", t["Attacker Instruction"])
            .replace("{self.tool_name}", t["Attacker Tool"])
        )
        rows.append(row(attacks, "attack", kind, f"{agent}/{t['Attacker Tool']}", form, text))
    tasks = base("asb", "asb", "data/agent_task{,_pot}.jsonl", HALF["asb"])
    for agent in raw["tasks"]:
        for task in agent["tasks"]:
            rows.append(row(tasks, "benign", "benign", agent["agent_name"], "agent_task", task))
    return rows


def msb() -> list[dict[str, Any]]:
    raw = load("msb")
    t = raw["templates"]
    forms = {
        "goal": "{goal}",
        "prompt_injection": t["PROMPT_INJECTION_TEMPLATE"],
        "false_error": t["TOOL_RESPONSE_ATTACK_TEMPLATE"] + "{goal}",
        "simulated_user": t["SIMULATED_USER_TEMPLATE"] + "{goal}",
    }
    rows = []
    attacks = base("msb", "msb", "data/attack_task.jsonl", HALF["msb"])
    for a in raw["attack_task"]:
        if a["attack_task"] not in MSB_KIND:  # kill_process: its {pid} is filled at run time
            continue
        for form, template in forms.items():
            text = template.replace("{goal}", a["implementation"])
            rows.append(
                row(attacks, "attack", MSB_KIND[a["attack_task"]], a["attack_task"], form, text)
            )
    tasks = base("msb", "msb", "data/agent_task.jsonl", HALF["msb"])
    for agent in raw["agent_task"]:
        for tt in agent["task_tool"]:
            rows.append(
                row(
                    tasks,
                    "benign",
                    "benign",
                    f"{agent['agent_name']}/{tt['tool']}",
                    "agent_task",
                    tt["task"],
                )
            )
    return rows


def lang_of(ident: str) -> str:
    suffix = ident.rsplit("-", 1)[-1]
    return suffix if suffix in LANGS else "en"


def spikee() -> list[dict[str, Any]]:
    """Each jailbreak once, with the mailbox exfiltration instruction of its language
    (spikee's ``--match-languages``)."""
    raw = load("spikee")
    instruction = {lang_of(i["id"]): i for i in raw["instructions"]}
    b = base(
        "spikee", "llm-mailbox", SPIKEE_DIR + "{jailbreaks,instructions}.jsonl", HALF["spikee"]
    )
    rows = []
    for j in raw["jailbreaks"]:
        lang = lang_of(j["id"])
        i = instruction[lang]
        text = j["text"].replace("<INSTRUCTION>", i["instruction"])
        rows.append(row(b, "attack", "egress", i["id"], j["id"], text, lang))
    return rows


def greshake() -> list[dict[str, Any]]:
    kinds = {(p, v): k for p, v, k in GRESHAKE}
    rows = []
    for g in load("greshake"):
        suite = g["path"].split("/")[1]
        b = base("greshake", suite, g["path"], HALF["greshake"])
        rows.append(
            row(
                b,
                "attack",
                kinds[(g["path"], g["variable"])],
                g["path"].rsplit("/", 1)[1],
                g["variable"],
                g["text"],
            )
        )
    return rows


def doomarena() -> list[dict[str, Any]]:
    kinds = {(p, v): k for p, v, k in DOOMARENA}
    rows = []
    for d in load("doomarena"):
        suite = "taubench" if "taubench" in d["path"] else "browsergym"
        text = d["text"].replace("{REPORT_URL_PLACEHOLDER}", "localhost:1234")
        b = base("doomarena", suite, d["path"], HALF["doomarena"])
        rows.append(
            row(
                b,
                "attack",
                kinds[(d["path"], d["variable"])],
                d["path"].rsplit("/", 1)[1],
                d["variable"],
                text,
            )
        )
    return rows


def notinject_lang(item: dict[str, Any]) -> str:
    text = item["prompt"]
    if any("\u4e00" <= c <= "\u9fff" for c in text):
        return "zh"
    if any("\u0400" <= c <= "\u04ff" for c in text):
        return "ru"
    return "es" if item["category"] == "Multilingual" else "en"


def notinject() -> list[dict[str, Any]]:
    rows = []
    for subset, items in load("notinject").items():
        b = base(
            "notinject", subset, f"datasets/NotInject_{subset}.json", HALF[f"notinject/{subset}"]
        )
        for k, item in enumerate(items):
            rows.append(
                row(
                    b,
                    "benign",
                    "benign",
                    f"{subset}/{k}",
                    item["category"],
                    item["prompt"],
                    notinject_lang(item),
                )
            )
    return rows


def build() -> list[dict[str, Any]]:
    rows = spikee() + greshake() + doomarena() + notinject() + asb() + msb()
    return [{"id": f"g58-{i:03d}", **r} for i, r in enumerate(rows, 1)]


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
