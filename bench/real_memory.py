"""Rebuild texts.jsonl from public repositories fetched as git mirrors (see README.md).

    python bench/real_memory.py /work/.mirror > bench/data/real_memory/texts.jsonl
    python bench/real_memory.py /work/.mirror --set real_memory2 \
        --manifest bench/data/real_memory2/manifest.json > bench/data/real_memory2/texts.jsonl
    python bench/real_memory.py /work/.mirror --set real_memory3 \
        --manifest bench/data/real_memory3/manifest.json > bench/data/real_memory3/texts.jsonl
    python bench/real_memory.py /work/.mirror --set real_memory5 \
        --manifest bench/data/real_memory5/manifest.json > bench/data/real_memory5/texts.jsonl

Each source file is cut into entry-sized texts the way memdir would store them: Hermes
memory files at their ``§`` delimiters, Markdown at its headings, and a section longer than
``LIMIT`` characters into runs of whole paragraphs (code fences are never split).
The held-out sets (``real_memory2`` to ``real_memory5``, ``SOURCES2`` to ``SOURCES5``) also mark
each text's ``half``: dev or test by a stable hash of its repository, so a repository's texts sit on
one side.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
from pathlib import Path

LIMIT = 1500
MIN = 40

# (repository, licence, [paths]) — licences checked in each repository's LICENSE file.
SOURCES: list[tuple[str, str, list[str]]] = [
    ("anthropics/claude-code-action", "MIT", ["CLAUDE.md", "base-action/CLAUDE.md"]),
    (
        "pydantic/pydantic-ai",
        "MIT",
        [
            "AGENTS.md",
            "docs/AGENTS.md",
            "tests/AGENTS.md",
            "pydantic_ai_slim/pydantic_ai/AGENTS.md",
            "pydantic_ai_slim/pydantic_ai/models/AGENTS.md",
            "pydantic_ai_slim/pydantic_ai/ui/AGENTS.md",
            ".github/workflows/AGENTS.md",
        ],
    ),
    (
        "mem0ai/mem0",
        "Apache-2.0",
        [
            "AGENTS.md",
            ".github/AGENTS.md",
            "mem0/AGENTS.md",
            "skills/AGENTS.md",
            "integrations/AGENTS.md",
        ],
    ),
    ("modelcontextprotocol/python-sdk", "MIT", ["CLAUDE.md", "AGENTS.md"]),
    ("openai/openai-agents-python", "MIT", ["AGENTS.md", "CLAUDE.md"]),
    ("browser-use/browser-use", "MIT", ["AGENTS.md", "CLAUDE.md"]),
    ("getzep/graphiti", "Apache-2.0", ["AGENTS.md", "CLAUDE.md"]),
    ("langchain-ai/langgraph", "MIT", ["AGENTS.md", "CLAUDE.md"]),
    ("huggingface/smolagents", "Apache-2.0", ["AGENTS.md"]),
    ("simonw/llm", "Apache-2.0", ["AGENTS.md"]),
    ("AnotherSava/chrome-assistant", "MIT", ["CLAUDE.md"]),
    ("ActorForth/ActorForth", "BSD-3-Clause", [".claude/memory/MEMORY.md", "CLAUDE.md"]),
    (
        "Industrial/nixos-dotfiles",
        "Unlicense",
        [
            ".hermes/memories/MEMORY.md",
            ".hermes/memories/USER.md",
            "features/ai/hermes-agent/.hermes/memories/MEMORY.md",
            "features/ai/hermes-agent/.hermes/memories/USER.md",
            "AGENTS.md",
            "CLAUDE.md",
        ],
    ),
    (
        "jk-kim0/skills-jk",
        "CC0-1.0",
        [".hermes/memories/MEMORY.md", ".hermes/memories/USER.md", "AGENTS.md", "CLAUDE.md"],
    ),
]


# real_memory2: repositories not in SOURCES, chosen before the guard ever read them (README).
COMPASS = "templates/coding/compass/i18n"
SOURCES2: list[tuple[str, str, list[str]]] = [
    ("projectdiscovery/nuclei", "MIT", ["CLAUDE.md"]),
    ("vxcontrol/pentagi", "MIT", ["CLAUDE.md"]),
    ("better-auth/better-auth", "MIT", ["AGENTS.md"]),
    ("Loupeznik/playbooks", "MIT", ["CLAUDE.md"]),
    ("ksamaschke/claude-code-vm", "MIT", ["CLAUDE.md"]),
    ("enuno/home-lab", "Apache-2.0", [".claude/commands/vault-migrate.md"]),
    (
        "Robotti-io/copilot-security-instructions",
        "Apache-2.0",
        [".github/copilot-instructions.md", "copilot-instructions.md"],
    ),
    ("mintmcp/agent-security", "Apache-2.0", ["AGENTS.md"]),
    ("0FL01/ssh-mcp", "MIT", ["GEMINI.md"]),
    ("0FL01/Oxide-Agent", "MIT", ["AGENTS.md"]),
    ("juanfont/headscale", "BSD-3-Clause", ["AGENTS.md"]),
    (
        "cloudflare/workers-sdk",
        "MIT OR Apache-2.0",
        ["AGENTS.md", "packages/workers-auth/AGENTS.md", "packages/wrangler/AGENTS.md"],
    ),
    ("anthropics/claude-code-security-review", "MIT", [".claude/commands/security-review.md"]),
    ("fatedier/frp", "Apache-2.0", ["AGENTS.md"]),
    ("pulumi/pulumi", "Apache-2.0", ["AGENTS.md", "pkg/AGENTS.md", "sdk/python/AGENTS.md"]),
    ("01rabbit/Azazel-Gadget", "MIT", ["AGENTS.md"]),
    ("coollabsio/coolify", "Apache-2.0", [".claude/skills/fortify-development/SKILL.md"]),
    (
        "bytedance/deer-flow",
        "MIT",
        [".github/copilot-instructions.md", "backend/packages/harness/deerflow/sandbox/AGENTS.md"],
    ),
    (
        "PatrickJS/awesome-cursorrules",
        "CC0-1.0",
        [
            f"rules/{name}.mdc"
            for name in (
                "docker",
                "security-devsecops-ssdls-appsec",
                "github-cursorrules-prompt-file-instructions",
                "cloudflare-email-telegram-cursorrules-prompt-file",
                "go-backend-scalability-cursorrules-prompt-file",
                "code-guidelines-cursorrules-prompt-file",
            )
        ],
    ),
    (
        "google-gemini/gemini-cli",
        "Apache-2.0",
        ["GEMINI.md"]
        + [f"packages/{p}/GEMINI.md" for p in ("cli", "core", "devtools", "test-utils")],
    ),
    ("astral-sh/uv", "MIT OR Apache-2.0", ["AGENTS.md"]),
    ("ant-design/ant-design", "MIT", [".github/copilot-instructions.md"]),
    (
        "yoshiko-pg/difit",
        "MIT",
        ["AGENTS.md", ".claude/skills/difit-review/SKILL.md", ".claude/commands/release.md"],
    ),
    ("router-for-me/CLIProxyAPI", "MIT", ["AGENTS.md"]),
    ("zeromicro/go-zero", "MIT", [".github/copilot-instructions.md"]),
    (
        "triggerdotdev/trigger.dev",
        "Apache-2.0",
        [
            ".claude/rules/database-safety.md",
            ".claude/rules/server-apps.md",
            ".claude/agents/code-reviewer.md",
            ".cursor/rules/executing-commands.mdc",
            ".cursor/rules/webapp.mdc",
            ".cursor/rules/otel-metrics.mdc",
        ],
    ),
    (
        "continuedev/continue",
        "Apache-2.0",
        ["extensions/cli/AGENTS.md", ".claude/skills/docs-style/SKILL.md"],
    ),
    ("agno-agi/agno", "Apache-2.0", [".cursorrules", "CLAUDE.md"]),
    ("browserbase/stagehand", "MIT", ["AGENTS.md", "packages/integrations/fx/AGENTS.md"]),
    ("Krinco1/HA_Addon_EVCC_Ostrom_EV-Bat-logic", "MIT", ["CLAUDE.md"]),
    ("tadashi-aikawa/table-format.nvim", "MIT", ["CLAUDE.md"]),
    ("Wei-Shaw/claude-relay-service", "MIT", ["CLAUDE.md"]),
    (
        "shinpr/ai-coding-project-boilerplate",
        "MIT",
        [
            "CLAUDE.ja.md",
            ".claude/agents-ja/security-reviewer.md",
            ".claude/skills-ja/coding-standards/references/security-checks.md",
            ".claude/agents-ja/investigator.md",
        ],
    ),
    (
        "sebastianserna/ai-workflows",
        "MIT",
        [f"{COMPASS}/{lang}/AGENTS.md" for lang in ("de", "ru")]
        + [f"{COMPASS}/{lang}/CLAUDE.md" for lang in ("de", "es", "fr", "ja", "ko", "ru", "zh")],
    ),
    ("xpzouying/xiaohongshu-mcp", "Apache-2.0", ["CLAUDE.md"]),
    (
        "Mrxu-zhao/AIAgent",
        "MIT",
        [".hermes/memories/MEMORY.md", ".hermes/memories/USER.md", "AGENTS.md"],
    ),
]

# real_memory3: repositories in neither SOURCES nor SOURCES2, chosen and cut before the guard
# ever read them (README): shell-heavy DevOps, homelab and secrets files, and non-English ones.
BP_ZH = "development-workflows/rpi/.claude/commands/rpi"
SOURCES3: list[tuple[str, str, list[str]]] = [
    (
        "rommelporras/homelab",
        "MIT",
        [
            "CLAUDE.md",
            ".claude/commands/audit-security.md",
            ".claude/commands/audit-cluster.md",
            ".claude/commands/verify-sync.md",
            ".claude/agent-memory/code-reviewer/MEMORY.md",
            ".claude/skills/audit-docs-deep/SKILL.md",
        ],
    ),
    ("jasencdev/axiomlayer", "MIT", ["AGENTS.md", "CLAUDE.md"]),
    ("byteink/ssd", "MIT", ["CLAUDE.md", "skill/SKILL.md", ".claude/skills/release/SKILL.md"]),
    (
        "jleechanorg/claude-commands",
        "MIT",
        [
            ".claude/commands/second_opinion.md",
            ".claude/skills/bashrc-credential-guard/SKILL.md",
            "hermes/skills/github/github-auth/SKILL.md",
            "hermes/skills/security/outbound-secret-redaction-gate/SKILL.md",
            "hermes/skills/devops/slack-mcp-mail-bot-reinstall/SKILL.md",
            "hermes/skills/github/github-repo-management/SKILL.md",
        ],
    ),
    (
        "Max-Moro/lg-vscode",
        "Apache-2.0",
        [f".claude/agents/{name}.md" for name in ("code-integrator", "linter", "compiler")],
    ),
    (
        "shenshuoyaoyouguang/claude-code-best-practice-zh",
        "MIT",
        ["CLAUDE.zh-CN.md"]
        + [
            f".claude/agents/{name}.zh-CN.md"
            for name in (
                "development-workflows-research-agent",
                "presentation-curator",
                "time-agent",
                "weather-agent",
            )
        ]
        + [f".claude/commands/{name}.zh-CN.md" for name in ("time-command", "weather-orchestrator")]
        + [f".claude/rules/{name}.zh-CN.md" for name in ("markdown-docs", "presentation")]
        + [
            ".claude/agent-memory/weather-agent/MEMORY.zh-CN.md",
            ".claude/hooks/HOOKS-README.zh-CN.md",
        ]
        + [f"{BP_ZH}/{step}.zh-CN.md" for step in ("research", "plan", "implement")],
    ),
    (
        "Apocrathia/homelab",
        "MIT",
        [
            f".cursor/rules/{name}.mdc"
            for name in (
                "conventional-commit-messages",
                "flux",
                "general",
                "helm",
                "python",
                "renovate",
                "secrets",
                "security",
                "talos",
            )
        ],
    ),
    (
        "KeiaiLab/postgres-operator",
        "MIT",
        ["AGENTS.md", "docs/AGENTS.ja.md", "docs/AGENTS.ko.md", "docs/AGENTS.zh.md"],
    ),
    ("tom-miy/agent-privacy-guard", "MIT", ["AGENTS.md", "AGENTS.ja.md", "CLAUDE.ja.md"]),
    (
        "x-mesh/mem-mesh",
        "MIT",
        [
            "AGENTS.md",
            ".cursorrules",
            "CLAUDE.md",
            "app/core/AGENTS.md",
            "app/mcp_common/AGENTS.md",
            "scripts/AGENTS.md",
        ],
    ),
    (
        "Calebmambwe/claude-super-setup",
        "MIT",
        [
            f".cursor/rules/{name}.mdc"
            for name in ("docker", "security", "backend-architecture", "consistency")
        ]
        + ["AGENTS.md", "config/CLAUDE.md", "skills/docker/SKILL.md"],
    ),
    ("external-secrets/external-secrets", "Apache-2.0", ["AGENTS.md"]),
    (
        "traefik/traefik",
        "MIT",
        ["AGENTS.md", ".claude/skills/release/SKILL.md", ".claude/skills/review/SKILL.md"],
    ),
    ("fluxcd/flux2", "Apache-2.0", ["AGENTS.md"]),
    ("svesh87/ai-agent-rules", "MIT", ["AGENTS.ru.md", "skills/rules-install/SKILL.md"]),
    ("st03psn/heat-pump-hero", "MIT", ["CLAUDE.md"]),
    (
        "daniloaguiarbr/atomwrite",
        "MIT OR Apache-2.0",
        ["docs/AGENTS.pt-BR.md", "skill/atomwrite-pt/SKILL.md"],
    ),
    (
        "inode64/Sermo",
        "Apache-2.0",
        ["AGENTS.es.md", "CLAUDE.es.md"]
        + [
            f".agents/skills/sermo-{name}/SKILL.md"
            for name in ("remote-testing", "linux-service", "safety-review")
        ],
    ),
    ("sham-sr/xwiki-mcp", "MIT", ["AGENTS.ru.md", "CLAUDE.md"]),
    ("henkitoff/ctx", "MIT", ["AGENTS.de.md", "CLAUDE.de.md"]),
    (
        "akash-network/console",
        "Apache-2.0",
        ["CLAUDE.md", ".claude/skills/branch-namer/SKILL.md"]
        + [
            f".claude/instructions/{name}.md"
            for name in (
                "clean-code-over-comments",
                "commit-and-pr-conventions",
                "use-logger-service-instead-of-console",
                "use-mock-instead-of-as-unknown-as-in-tests",
            )
        ],
    ),
    (
        "Fission-AI/OpenSpec",
        "MIT",
        [".agents/skills/release-openspec/SKILL.md", "openspec/work/AGENTS.md"],
    ),
    (
        "modu-ai/moai-adk",
        "Apache-2.0",
        [
            "CLAUDE.local.md",
            "CLAUDE.md",
            ".claude/skills/moai-ref-secops/modules/devsecops.md",
            ".claude/skills/moai-ref-secops/modules/container.md",
            ".claude/skills/moai-workflow-spec/references/examples.md",
            ".claude/skills/moai-domain-humanize/modules/japanese.md",
        ],
    ),
    ("cutmail/tesla_fleet_api", "MIT", ["CLAUDE.ja.md", "CLAUDE.md"]),
    (
        "akira-toriyama/dotfiles",
        "MIT",
        ["CLAUDE.md", "chezmoi/private_dot_claude/CLAUDE.md"]
        + [
            f"chezmoi/private_dot_claude/skills/{name}/SKILL.md"
            for name in ("github-practices", "go-dev")
        ],
    ),
    ("costa92/llm-agent", "MIT", ["CLAUDE.zh-CN.md", "CLAUDE.md"]),
    ("goreleaser/goreleaser", "MIT", [".copilot/skills/authoring-docs/SKILL.md"]),
    (
        "theepicsaxguy/homelab",
        "MIT",
        ["AGENTS.md", "k8s/CLAUDE.md", ".claude/skills/cilium-hubble/SKILL.md"],
    ),
    ("royen99/cryptobot-trader", "MIT", [".github/copilot-instructions.md"]),
    (
        "Azure/azure-dev",
        "MIT",
        [
            ".github/copilot-instructions.md",
            "ext/vscode/.github/copilot-instructions.md",
            "cli/azd/AGENTS.md",
        ],
    ),
]
# real_memory4: repositories in none of SOURCES, SOURCES2, SOURCES3, chosen and cut before the
# guard ever read them (README): security and pentest teams' files, secrets and CI/CD, agent
# frameworks (prompts, injection, tool permissions), non-English files, ordinary repositories.
PAI = "Releases/v2.3/.claude"
PAI_SEC = f"{PAI}/PAISECURITYSYSTEM"
DOC = "cmd/devopsclaw/workspace"
LDO = "plugins"
WSH = "plugins"
SOURCES4: list[tuple[str, str, list[str]]] = [
    (
        "prowler-cloud/prowler",
        "Apache-2.0",
        ["AGENTS.md", "api/AGENTS.md", "mcp_server/AGENTS.md", "prowler/AGENTS.md", "ui/AGENTS.md"]
        + [
            f"skills/{name}/SKILL.md"
            for name in (
                "prowler-attack-paths-query",
                "prowler-sdk-check",
                "prowler-compliance-review",
                "prowler-ci",
                "prowler-provider",
                "gh-aw",
            )
        ],
    ),
    ("NVIDIA/garak", "Apache-2.0", ["AGENTS.md"]),
    (
        "matank001/cursor-security-rules",
        "MIT",
        [
            f"{name}.mdc"
            for name in (
                "dangerous-flows",
                "path-traversal-prevention",
                "secure-dev-c",
                "secure-dev-java",
                "secure-dev-node",
                "secure-dev-php",
                "secure-dev-python",
                "secure-dev-ruby",
                "secure-dev-rust",
                "secure-development-principles",
                "secure-mcp-usage",
                "secure-sql-usage",
                "ssrf-prevention",
                "xxe-prevention",
            )
        ],
    ),
    (
        "juice-shop/juice-shop",
        "MIT",
        [
            "AGENTS.md",
            ".claude/CLAUDE.md",
            ".github/copilot-instructions.md",
            ".junie/AGENTS.md",
            ".ai/skills/verify-challenge/SKILL.md",
            ".ai/skills/verify-rsn-fix/SKILL.md",
            ".ai/skills/add-solution/SKILL.md",
            ".ai/skills/generate-release-notes/SKILL.md",
        ],
    ),
    (
        "danielmiessler/Personal_AI_Infrastructure",
        "MIT",
        [f"{PAI}/CLAUDE.md"]
        + [
            f"{PAI_SEC}/{name}.md"
            for name in ("README", "ARCHITECTURE", "COMMANDINJECTION", "PROMPTINJECTION", "HOOKS")
        ]
        + [
            f"{PAI}/agents/Pentester.md",
            f"{PAI}/agents/Engineer.md",
            f"{PAI}/hooks/README.md",
            f"{PAI}/skills/CORE/SKILL.md",
            f"{PAI}/skills/CORE/SYSTEM/MEMORYSYSTEM.md",
        ],
    ),
    (
        "Freitascorp/devopsclaw",
        "MIT",
        [f"{DOC}/USER.md", f"{DOC}/memory/MEMORY.md"]
        + [
            f"{DOC}/skills/{name}/SKILL.md"
            for name in (
                "vault",
                "github-actions",
                "trivy",
                "ansible",
            )
        ],
    ),
    (
        "HermeticOrmus/LibreDevOps-Claude-Code",
        "MIT",
        [
            f"{LDO}/{plugin}/{part}"
            for plugin, name in (
                ("secret-management", "secrets"),
                ("github-actions", "gha"),
                ("infrastructure-security", "infrasec"),
            )
            for part in (f"skills/{name}-patterns/SKILL.md",)
        ],
    ),
    (
        "wshobson/agents",
        "MIT",
        [
            "AGENTS.md",
            ".cursor/rules/000-project-conventions.mdc",
            ".cursor/rules/020-agent-skill-authoring.mdc",
        ]
        + [
            f"{WSH}/{plugin}/skills/{name}/SKILL.md"
            for plugin, name in (
                ("cicd-automation", "secrets-management"),
                ("cicd-automation", "github-actions-templates"),
                ("security-scanning", "attack-tree-construction"),
                ("security-scanning", "sast-configuration"),
                ("security-scanning", "stride-analysis-patterns"),
                ("security-scanning", "threat-mitigation-mapping"),
                ("kubernetes-operations", "k8s-security-policies"),
                ("blockchain-web3", "solidity-security"),
                ("incident-response", "incident-runbook-templates"),
                ("block-no-verify", "block-no-verify-hook"),
            )
        ],
    ),
    ("nektos/act", "MIT", ["CLAUDE.md"]),
    ("zizmorcore/zizmor", "MIT", ["AGENTS.md"]),
    (
        "bauer-group/automation-templates",
        "MIT",
        [".claude/CLAUDE.md", ".claude/commands/triage.md"],
    ),
    ("github/github-mcp-server", "MIT", [".github/copilot-instructions.md"]),
    (
        "cline/cline",
        "Apache-2.0",
        ["AGENTS.md", "sdk/AGENTS.md", ".github/copilot-instructions.md"]
        + [
            f".clinerules/{name}.md"
            for name in (
                "general",
                "network",
                "storage",
                "debug-harness",
                "hooks/README",
                "workflows/pr-review",
                "workflows/hotfix-release",
            )
        ]
        + [".cline/skills/publish-cli/SKILL.md", ".agents/skills/create-pull-request/SKILL.md"],
    ),
    (
        "MoonshotAI/kimi-cli",
        "Apache-2.0",
        ["AGENTS.md", "src/kimi_cli/acp/AGENTS.md", "tests_e2e/AGENTS.md"]
        + [
            f".agents/skills/{name}/SKILL.md"
            for name in ("codex-worker", "feature-smoke-test", "release", "worktree-status")
        ],
    ),
    (
        "crewAIInc/crewAI",
        "MIT",
        [
            "AGENTS.md",
            "lib/cli/src/crewai_cli/templates/AGENTS.md",
        ],
    ),
    (
        "humanlayer/humanlayer",
        "Apache-2.0",
        [
            "CLAUDE.md",
            "hld/CLAUDE.md",
            "humanlayer-wui/CLAUDE.md",
            ".claude/agents/codebase-analyzer.md",
            ".claude/agents/web-search-researcher.md",
            ".claude/commands/linear.md",
        ],
    ),
    (
        "obra/superpowers",
        "MIT",
        ["CLAUDE.md"]
        + [
            f"skills/{name}/SKILL.md"
            for name in (
                "systematic-debugging",
                "test-driven-development",
                "using-git-worktrees",
                "verification-before-completion",
                "receiving-code-review",
            )
        ],
    ),
    (
        "RooCodeInc/Roo-Code",
        "Apache-2.0",
        [
            "AGENTS.md",
            ".roo/skills/evals-context/SKILL.md",
            ".roo/skills/roo-translation/SKILL.md",
        ],
    ),
    ("astral-sh/ruff", "MIT", ["AGENTS.md", ".agents/skills/adding-ty-diagnostics/SKILL.md"]),
    (
        "biomejs/biome",
        "MIT OR Apache-2.0",
        [
            "AGENTS.md",
            ".claude/skills/biome-code-review/SKILL.md",
            ".claude/skills/lint-rule-development/SKILL.md",
            ".claude/skills/changeset/SKILL.md",
        ],
    ),
    ("excalidraw/excalidraw", "MIT", ["CLAUDE.md", ".github/copilot-instructions.md"]),
    (
        "Ai-Whisperers/Courses-Content",
        "MIT",
        [
            ".claude/CLAUDE.md",
            ".claude/CLAUDE.local.md",
            ".claude/agents/compliance/information-security-manager-iso27001-alirezarezvani.md",
            ".claude/agents/compliance/gdpr-dsgvo-expert-alirezarezvani.md",
        ],
    ),
    (
        "digitalplanetno/claude-guides",
        "MIT",
        [
            "templates/base/CLAUDE.md",
            "templates/laravel/CLAUDE.md",
            "templates/nextjs/CLAUDE.md",
            "examples/laravel-saas/CLAUDE.md",
            "examples/monorepo/CLAUDE.md",
            "examples/nextjs-dashboard/CLAUDE.md",
            "templates/laravel/skills/laravel/SKILL.md",
            "templates/nextjs/skills/nextjs/SKILL.md",
        ],
    ),
    (
        "taka-123/ai-knowledge-rulebook",
        "MIT",
        [
            "AGENTS.md",
            "CLAUDE.md",
            ".cursor/rules/external-services-safety.mdc",
            ".cursor/rules/review-routing.mdc",
        ]
        + [
            f".claude/agents/{name}.md"
            for name in ("security-reviewer", "code-reviewer", "verifier", "repo-scaffolder")
        ]
        + [
            f".claude/skills/{name}/SKILL.md"
            for name in ("codex-wiring-doctor", "docs-sync", "lint-fix", "schema-guard")
        ],
    ),
    (
        "kubrickcode/ai-config-toolkit",
        "MIT",
        [
            f".claude.ko/skills/{name}/SKILL.md"
            for name in (
                "commit",
                "code-review",
                "review-pr",
                "prepare-pr",
                "workflow-plan",
                "workflow-execute",
                "dead-code-cleanup",
                "handover",
            )
        ],
    ),
    (
        "TencentCloudBase/CloudBase-AI-ToolKit",
        "MIT",
        [
            "CLAUDE.md",
            ".cursor/rules/project.mdc",
            "config/.claude/skills/auth-web/SKILL.md",
            "config/.claude/skills/cloud-functions/SKILL.md",
        ],
    ),
    (
        "gengqifu/Minos",
        "Apache-2.0",
        ["AGENTS.md"]
        + [
            f".cursor/rules/{name}.mdc"
            for name in (
                "core-rules/rule-generating-agent",
                "core-rules/workflow-agile-manual",
                "tool-rules/git-commit-push-agent",
                "workflows/arch",
                "workflows/dev",
                "workflows/pm",
            )
        ],
    ),
    ("dslara/ultralearning", "MIT", [".github/copilot-instructions.md"]),
    (
        "Decalogue/creator",
        "MIT",
        [
            f".cursor/rules/{name}.mdc"
            for name in (
                "code",
                "copy",
                "engineering-principles",
                "env",
                "import",
                "instructions",
                "security",
                "testing",
            )
        ],
    ),
]

# real_memory5: repositories in none of SOURCES..SOURCES4 (nor in their texts, guard62's README or
# tests/fixtures/real), chosen and cut before the guard ever read them (README): red-team and
# bug-bounty agents, secrets and CI/CD, agent frameworks, SRE runbooks, non-English files.
ECC_JA = ("security-reviewer", "network-troubleshooter", "loop-operator")
ECC_ZH = ("save-session", "hookify", "harness-audit", "instinct-import", "pm2")
ECC_AGENTS = (
    ("ko-KR", ("security-reviewer",)),
    ("pt-BR", ("security-reviewer",)),
    ("tr", ("security-reviewer",)),
    ("zh-TW", ("security-reviewer",)),
)
CSA_AGENTS = ("orchestrator", "orchestrator-supervisor", "engagement-planning", "recon")
CSA_AGENTS += ("opsec-evasion", "privilege-escalation", "lateral-movement", "cleanup-rollback")
CSA_AGENTS += ("impact-exfiltration", "reporting-remediation", "vulnerability-triage")
CSA_SKILLS = ("web-attack-methods", "redteam-opsec", "post-exploitation", "pentest-blackboard")
CSA_SKILLS += ("attack-surface-recon", "cloud-attack-methods", "specialized-attack-playbooks")
CSA_SKILLS += ("unlimited-attack-scope", "pentest-verification", "ai-llm-app-attack")
HIBUZ = ("security-and-hardening", "ci-cd-and-automation", "context-engineering")
HIBUZ += ("debugging-and-error-recovery", "shipping-and-launch")
OAJ = ("sensitive-logging-audit", "final-release-review", "implementation-strategy")
OAJ += ("runtime-behavior-probe", "code-change-verification", "pnpm-upgrade", "docs-sync")
OAJ += ("implementation-kickoff", "pr-draft-summary", "changeset-validation")
IROHA_RB = "docs/portal/docs/devportal/incident-runbooks"
MAF = "python/packages"
SOURCES5: list[tuple[str, str, list[str]]] = [
    (
        "affaan-m/everything-claude-code",
        "MIT",
        [
            "AGENTS.md",
            "CLAUDE.md",
            "agents/security-reviewer.md",
            ".kiro/steering/security.md",
            ".kiro/steering/lessons-learned.md",
            ".cursor/rules/common-security.md",
            ".cursor/rules/common-hooks.md",
            ".agents/skills/security-review/SKILL.md",
        ]
        + [f"docs/ja-JP/agents/{name}.md" for name in ECC_JA]
        + [f"docs/ja-JP/rules/{name}.md" for name in ("common/security", "common/hooks")]
        + [f"docs/zh-CN/commands/{name}.md" for name in ECC_ZH]
        + [f"docs/zh-CN/rules/{name}.md" for name in ("java/security",)]
        + [f"docs/{lang}/agents/{name}.md" for lang, names in ECC_AGENTS for name in names],
    ),
    (
        "Ed1s0nZ/CyberStrikeAI",
        "Apache-2.0",
        [f"agents/{name}.md" for name in CSA_AGENTS]
        + [f"skills/{name}/SKILL.md" for name in CSA_SKILLS]
        + ["docs/zh-CN/runbooks.md", "docs/en-US/runbooks.md"],
    ),
    (
        "Jack753951/scope-first-bug-bounty-automation-playbook",
        "MIT",
        [
            ".hermes.md",
            "CLAUDE.md",
            "docs/runbook/DAILY_SOP.md",
            "docs/runbook/KALI_SSH_WORKFLOW.md",
        ]
        + [
            f"hermes/loops/{name}.md"
            for name in ("daily_sweep", "hourly_diff", "minute_alerts", "on_trigger")
        ]
        + [
            f"hermes/policies/{name}.md"
            for name in ("autonomous_actions", "consult_claude", "consult_codex", "stop_conditions")
        ]
        + [
            "hermes/state/README.md",
            "hermes/proposals/2026-05-29_agent_driven_authz_hunt_playbook.md",
            "hermes/proposals/2026-05-29_controlled_exploit_ssrf_api_credential_policy.md",
            "hermes/proposals/2026-05-29_default_low_speed_active_recon_policy.md",
            "hermes/proposals/2026-05-29_safety_conditional_low_intensity_discovery.md",
            "handoff/current_navigation.md",
            "handoff/operator_inbox_20260528.md",
            "handoff/operator_inbox_20260529.md",
        ],
    ),
    (
        "hibuz/agent-skills",
        "MIT",
        ["AGENTS.ko.md", "CLAUDE.ko.md", ".claude/commands/ship.ko.md"]
        + [f"skills/{name}/SKILL.ko.md" for name in HIBUZ],
    ),
    (
        "hyperledger-iroha/iroha",
        "Apache-2.0",
        ["AGENTS.md", "AGENTS.ja.md", "AGENTS.zh-hans.md", "AGENTS.ru.md", "GEMINI.ru.md"]
        + [f"crates/{name}/AGENTS.md" for name in ("ivm", "norito", "iroha_crypto", "irohad")]
        + [f"{IROHA_RB}{lang}.md" for lang in ("", ".ru", ".ja", ".zh-hans", ".es", ".fr")],
    ),
    (
        "openai/openai-agents-js",
        "MIT",
        ["AGENTS.md"] + [f".agents/skills/{name}/SKILL.md" for name in OAJ],
    ),
    (
        "Tencent/WeKnora",
        "MIT",
        [
            "cli/AGENTS.md",
            "cli/skills/weknora-shared/SKILL.md",
            "cli/skills/weknora-rag-search/SKILL.md",
            "skills/preloaded/data-processor/SKILL.md",
            "skills/preloaded/document-analyzer/SKILL.md",
            "skills/preloaded/citation-generator/SKILL.md",
        ],
    ),
    (
        "DefectDojo/django-DefectDojo",
        "BSD-3-Clause",
        ["AGENTS.md"],
    ),
    (
        "robusta-dev/holmesgpt",
        "Apache-2.0",
        [
            "CLAUDE.md",
            ".claude/commands/create-toolset.md",
            "holmes/plugins/runbooks/CLAUDE.md",
            "holmes/plugins/runbooks/networking/dns_troubleshooting_instructions.md",
            "holmes/plugins/runbooks/upgrade/upgrade_troubleshooting_instructions.md",
        ],
    ),
    (
        "awslabs/mcp",
        "Apache-2.0",
        [
            "src/dynamodb-mcp-server/AGENTS.md",
            "src/cloudwatch-mcp-server/skills/agentcore-investigation/SKILL.md",
        ],
    ),
    (
        "BrighterCommand/Brighter",
        "MIT",
        ["AGENTS.md", "CLAUDE.md", ".github/copilot-instructions.md"]
        + [
            f".claude/commands/{name}.md"
            for name in ("bugfix/triage", "bugfix/fix", "spec/review", "refactor/tidy-first")
        ],
    ),
    (
        "microsoft/agent-framework",
        "MIT",
        [
            ".github/copilot-instructions.md",
            "python/AGENTS.md",
            "dotnet/AGENTS.md",
            "python/.github/skills/python-testing/SKILL.md",
        ]
        + [f"{MAF}/{name}/AGENTS.md" for name in ("core", "hosting-mcp", "purview", "mem0")],
    ),
    (
        "cloudflare/agents",
        "MIT",
        [
            "AGENTS.md",
            "packages/agents/AGENTS.md",
            "agent-think/AGENTS.md",
            "agent-think/skills/reproduce/SKILL.md",
            "agent-think/skills/open-pr/SKILL.md",
            "design/AGENTS.md",
            "docs/AGENTS.md",
            "guides/AGENTS.md",
            "wip/AGENTS.md",
        ],
    ),
    ("strands-agents/sdk-python", "Apache-2.0", ["AGENTS.md"]),
    ("letta-ai/letta", "Apache-2.0", ["AGENTS.md"]),
    ("google/osv-scanner", "Apache-2.0", ["AGENTS.md"]),
    (
        "All-Hands-AI/OpenHands",
        "MIT",
        [f".openhands/microagents/{name}.md" for name in ("repo", "glossary", "documentation")],
    ),
    (
        "Jeongho-K/quality-gates",
        "Apache-2.0",
        ["plugins/quality-gates/skills/quality-pipeline/SKILL.md"]
        + [f"plugins/quality-gates/agents/{name}.md" for name in ("adversarial", "scout")],
    ),
    (
        "hiyouga/LLaMA-Factory",
        "Apache-2.0",
        [
            ".ai/CLAUDE.md",
            ".github/copilot-instructions.md",
            ".claude/skills/llamafactory-sft/SKILL.md",
        ],
    ),
    (
        "sapper-ai/core",
        "MIT",
        [
            "AGENTS.md",
            "docs/ops/AGENTS.md",
            "packages/core/src/AGENTS.md",
            "packages/mcp/src/AGENTS.md",
        ],
    ),
    ("pavelveter/hermem", "MIT", ["AGENTS.md", "skills/hermem/SKILL.md", "docs/RUNBOOK.md"]),
    (
        "nagual2/echovault",
        "MIT",
        [".codex/AGENTS.md", ".codex/AGENTS.ru.md", ".codex/skills/echovault/SKILL.ru.md"],
    ),
    ("TimeLayer-OS/TL-Agent", "Apache-2.0", ["AGENTS.md", "AGENTS.ru.md"]),
    ("mini-software/MiniExcel-Rust", "Apache-2.0", ["AGENTS.md", "AGENTS.zh-CN.md"]),
    (
        "mnasyrov/nrgy",
        "MIT",
        [
            "docs/contributing/agent_guide.md",
            "docs/contributing/agent_guide.ru.md",
            "docs/contributing/docs_prompt.ru.md",
        ],
    ),
    (
        "westonbrown/Cyber-AutoAgent",
        "MIT",
        [
            f"src/modules/operation_plugins/{name}/execution_prompt.md"
            for name in ("general", "ctf", "code_security", "threat_emulation")
        ],
    ),
    ("norseto/k8s-watchdogs", "MIT", ["AGENTS.md", "CLAUDE.md"]),
    (
        "alexdresko/EasyScrutor",
        "MIT",
        [".github/copilot-instructions.md", ".github/instructions/csharp.instructions.md"],
    ),
    ("pleali/delphi-logging-facade", "MIT", ["CLAUDE.md"]),
    ("kazuph/mcp-fetch", "MIT", ["CLAUDE.md"]),
    ("daaain/claude-code-log", "MIT", ["CLAUDE.md"]),
    ("mitkury/chatgpt-export-parser", "MIT", ["AGENTS.md"]),
    ("simonw/claude-code-transcripts", "Apache-2.0", ["AGENTS.md"]),
    ("Armstrm6/DesktopApplicationTemplate", "MIT", ["AGENTS.md"]),
]

SETS = {
    "real_memory": ("real", SOURCES),
    "real_memory2": ("real2", SOURCES2),
    "real_memory3": ("real3", SOURCES3),
    "real_memory4": ("real4", SOURCES4),
    "real_memory5": ("real5", SOURCES5),
}


def half(repo: str) -> str:
    """dev or test, by a stable hash of ``owner/name`` (the held-out sets only)."""
    return "dev" if hashlib.sha256(repo.encode()).digest()[0] % 2 == 0 else "test"


def kind(path: str) -> str:
    name = path.rsplit("/", 1)[-1]
    if "/memories/" in f"/{path}":
        return "hermes-" + name.removesuffix(".md").lower()
    if ".claude/memory/" in path:
        return "claude-memory"
    if name.endswith(".mdc"):
        return "cursor-rules"
    if name in (".cursorrules", ".windsurfrules"):
        return name[1:]
    if name == "copilot-instructions.md":
        return "copilot-instructions"
    if "/.claude/" in f"/{path}":
        return "claude-dir"
    if "/.clinerules/" in f"/{path}":
        return "clinerules"
    return _kind5(path, name) or name.split(".")[0].lower() + "-md"


def _kind5(path: str, name: str) -> str | None:
    """Kinds first met in real_memory5 (no earlier set has a path of these shapes)."""
    if name == ".hermes.md":
        return "hermes-md"
    if name == "SKILL.md":
        return None
    if path.startswith("hermes/") or path.startswith("handoff/"):
        return "hermes-workspace"
    folders = {
        "agents": "agent-def",
        "commands": "command-def",
        "rules": "rules-md",
        "steering": "kiro-steering",
        "microagents": "openhands-microagent",
        "runbook": "runbook",
    }
    for folder, k in folders.items():
        if f"/{folder}/" in f"/{path}":
            return k
    if "runbook" in name.lower():
        return "runbook"
    if name.endswith("instructions.md") or name.endswith("prompt.md"):
        return "instructions-md"
    return None


def blocks(text: str) -> list[str]:
    """Paragraphs, with fenced code kept whole."""
    out: list[str] = []
    cur: list[str] = []
    fence = False
    for line in text.splitlines():
        if line.strip().startswith("```"):
            fence = not fence
        if not line.strip() and not fence:
            if cur:
                out.append("\n".join(cur))
                cur = []
            continue
        cur.append(line)
    if cur:
        out.append("\n".join(cur))
    return out


def markdown_entries(text: str) -> list[str]:
    sections = re.split(r"(?m)^(?=#{1,4} )", text)
    entries: list[str] = []
    for section in sections:
        chunk = ""
        for block in blocks(section):
            if chunk and len(chunk) + len(block) + 2 > LIMIT:
                entries.append(chunk)
                chunk = ""
            chunk = f"{chunk}\n\n{block}" if chunk else block
        if chunk:
            entries.append(chunk)
    return [e.strip() for e in entries if len(e.strip()) >= MIN]


def hermes_entries(text: str) -> list[str]:
    return [e.strip() for e in re.split(r"(?m)^\s*§\s*$", text) if len(e.strip()) >= MIN]


def main(mirror: Path, name: str = "real_memory", manifest: Path | None = None) -> None:
    prefix, sources = SETS[name]
    n = 0
    files: list[dict[str, object]] = []
    for repo, licence, paths in sources:
        git = mirror / repo.replace("/", "+") / "repo"
        commit = subprocess.run(
            ["git", "-C", str(git), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        for path in paths:
            text = subprocess.run(
                ["git", "-C", str(git), "show", f"HEAD:{path}"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            k = kind(path)
            memories = "/memories/" in f"/{path}"  # Hermes memory files, § between entries
            parts = hermes_entries(text) if memories else markdown_entries(text)
            side = {"half": half(repo)} if sources is not SOURCES else {}
            files.append(
                {"repo": repo, "commit": commit, "path": path, "license": licence, "kind": k}
                | {"entries": len(parts)}
                | side
            )
            for i, part in enumerate(parts):
                n += 1
                row = {
                    "id": f"{prefix}-{n:04d}",
                    "repo": repo,
                    "commit": commit,
                    "path": path,
                    "license": licence,
                    "kind": k,
                    "part": i,
                    **side,
                    "text": part,
                }
                print(json.dumps(row, ensure_ascii=False))
    if manifest is not None:
        manifest.write_text(
            json.dumps(files, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "mirror", type=Path, help="folder of git mirrors (owner+name/repo), e.g. /work/.mirror"
    )
    parser.add_argument("--set", choices=sorted(SETS), default="real_memory")
    parser.add_argument("--manifest", type=Path, help="also write the per-file manifest here")
    args = parser.parse_args()
    main(args.mirror, args.set, args.manifest)
