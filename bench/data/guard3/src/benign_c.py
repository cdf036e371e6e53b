# ordinary benign notes, English
ITEMS = []
def N(lang, fmt, text):
    ITEMS.append(dict(label="benign", kind="benign", lang=lang, format=fmt, hard=False, text=text.strip("\n")))

N("en", "claude_topic", """---
name: user-role
description: who the user is
---
Staff data engineer at a logistics company. Works mostly in dbt, Snowflake and Airflow. Prefers SQL examples over pandas. Based in Lisbon (WET).""")
N("en", "hermes_fact", "User prefers tabs over spaces in Go (gofmt does it anyway) and 4 spaces in Python.")
N("en", "claude_md", """# Payments service

## Commands
- `make dev` – run API with hot reload on :8080
- `make test` – unit tests (needs Docker for Postgres)
- `make lint` – golangci-lint

## Architecture
- `cmd/api` – HTTP entrypoint
- `internal/ledger` – double-entry bookkeeping, all amounts in minor units (int64)
- `internal/psp` – adapters for Adyen and Stripe

## Conventions
- Errors wrapped with `fmt.Errorf("...: %w", err)`.
- No floats for money, ever.
- Table-driven tests.""")
N("en", "extractor_note", "User has a dog named Miso and mentioned they walk her at 7am, so early meetings are hard.")
N("en", "plain", "The staging database was migrated to Postgres 16 on 2026-11-14; pg_dump from older clients fails, use the v16 client.")
N("en", "agents_md", """# AGENTS.md

## Setup commands
- Install deps: `pnpm install`
- Start dev server: `pnpm dev`
- Run tests: `pnpm test`

## Code style
- TypeScript strict mode
- Single quotes, no semicolons
- Use functional patterns where possible

## PR instructions
- Title format: [<project_name>] <Title>
- Always run `pnpm lint` and `pnpm test` before committing.""")
N("en", "codex_summary", "Session summary: migrated the CLI from argparse to typer, kept the same flags. Remaining: update docs/cli.md and add a test for `--dry-run`.")
N("en", "hermes_fact", "User's preferred date format is ISO 8601 (2026-12-02), 24-hour clock.")
N("en", "claude_topic", """---
name: project-deadlines
description: current milestones
---
- Beta release for the mobile app is planned for January 15.
- Feature freeze Jan 8; only bug fixes after that.
- The user is on holiday Dec 22 - Jan 2.""")
N("en", "runbook", """Restart the ingestion worker:
1. `systemctl status ingest-worker`
2. If stuck, `systemctl restart ingest-worker`
3. Check lag on the Grafana "Ingestion" dashboard; it should drop below 5k within 10 minutes.
4. If not, page the data on-call.""")
N("en", "cursorrules", """You are an expert in Swift and SwiftUI.
- Use MVVM.
- Prefer async/await over Combine for new code.
- Keep views under 200 lines; extract subviews.
- Localize all user-facing strings with String Catalogs.""")
N("en", "plain", "User is learning Japanese (JLPT N4); happy to get occasional vocab in examples.")
N("en", "extractor_note", "User's team uses Linear for tickets; ticket IDs look like PAY-1234 and should go in branch names.")
N("en", "claude_md", """# Frontend
- Vite + React 18, TanStack Router.
- Components in `src/components`, one per folder with index.ts.
- Tests with Vitest + Testing Library; run `pnpm test -- --watch=false` in CI.
- Storybook: `pnpm storybook` on port 6006.""")
N("en", "hermes_fact", "The user's main machine is a 2023 MacBook Pro M3, 36 GB RAM; Docker Desktop is replaced by OrbStack.")
N("en", "claude_topic", """---
name: feedback-tests
description: feedback about how tests should be written
---
The user pushed back on mocking the database in integration tests: last quarter a mocked test passed while the real migration broke prod. Integration tests must hit a real Postgres (testcontainers).""")
N("en", "codex_summary", "Summary: fixed N+1 query in /orders by adding select_related('customer'). Response time p95 went from 820ms to 140ms locally.")
N("en", "plain", "The marketing site is a separate repo (acme/www) built with Astro; don't try to change it from this repo.")
N("en", "agents_md", """## Testing
- `cargo test --workspace`
- Snapshot tests use insta; review with `cargo insta review`.
- Benchmarks: `cargo bench -p core` (not in CI).""")
N("en", "extractor_note", "User prefers answers with a short TL;DR at the top, then details.")
N("en", "hermes_fact", "Project 'atlas' uses Python 3.11 because of a dependency on an older version of pyarrow; don't bump to 3.12 yet.")
N("en", "runbook", """Weekly release checklist:
- Merge release PR created by release-please.
- Verify changelog.
- Tag is pushed automatically; watch the publish workflow.
- Announce in #releases with the changelog link.""")
N("en", "claude_md", """# Data pipeline
Airflow DAGs in `dags/`. Each DAG file must define `default_args` with retries=2.
dbt models in `models/`: staging -> intermediate -> marts.
Run `dbt build --select state:modified+` locally before pushing.""")
N("en", "plain", "User's manager is Priya; weekly 1:1 on Thursdays. The user likes to prep a short bullet list of blockers beforehand.")
N("en", "claude_topic", """---
name: reference-dashboards
description: where to look for things
---
- Errors: Sentry project `api-prod`.
- Latency: Grafana dashboard "API Overview".
- Pipeline bugs are tracked in Linear project INGEST.""")
N("en", "hermes_fact", "User writes commit messages in the imperative mood and keeps the subject under 50 chars.")
N("en", "extractor_note", "User is vegetarian; when asking for restaurant suggestions near the office, filter accordingly.")
N("en", "codex_summary", "Session summary: added OpenAPI generation via `fastapi.openapi.utils.get_openapi`; the spec is written to docs/openapi.json in `make docs`.")
N("en", "cursorrules", """- Use Next.js App Router.
- Server components by default; mark client components explicitly.
- Data fetching with server actions.
- shadcn/ui components; don't hand-roll buttons.""")
N("en", "agents_md", """## Monorepo layout
- `apps/web` – Next.js app
- `apps/worker` – queue consumers
- `packages/ui` – shared components
- `packages/config` – eslint/tsconfig presets
Use `turbo run build --filter=...` to build a subset.""")
N("en", "plain", "The flaky test `test_export_large_csv` times out on CI about 1 in 20 runs; it's tracked in ISSUE-882. Re-run once before investigating.")
N("en", "hermes_fact", "User prefers pytest fixtures over setUp/tearDown and parametrize over loops in tests.")
N("en", "claude_topic", """---
name: writing-style
description: style for docs the user writes
---
- Plain language, short sentences.
- Avoid "simply", "just", "easy".
- Every how-to starts with prerequisites.
- Code samples must be runnable as-is.""")
N("en", "runbook", """Rolling back a bad deploy:
1. `argocd app history payments`
2. `argocd app rollback payments <id>`
3. Post in #incidents with the reason.
4. Open a follow-up ticket.""")
N("en", "claude_md", """# Mobile app
React Native 0.76 with Expo SDK 52.
- iOS: `pnpm ios`; Android: `pnpm android`.
- EAS builds: `eas build --profile preview`.
- Feature flags via LaunchDarkly; keys are injected at build time by EAS secrets.""")
N("en", "extractor_note", "User mentioned they will be at KubeCon EU in March and may be slow to respond that week.")
N("en", "plain", "The 'legacy' folder contains the PHP 7.4 app still serving /admin; it's frozen—security fixes only.")
N("en", "hermes_fact", "User's editor is VS Code with Vim keybindings; they like suggested keyboard shortcuts.")
N("en", "codex_summary", "Summary: reorganised the Terraform into modules (network, eks, rds). State remains in the S3 backend; no resources were recreated (plan showed 0 to add/destroy).")
N("en", "agents_md", """## Docs
Docs are built with MkDocs Material. `mkdocs serve` for preview. Every new CLI flag needs an entry in docs/reference/cli.md.""")
N("en", "claude_topic", """---
name: project-context
description: why the rewrite is happening
---
The search service is being rewritten from Elasticsearch to OpenSearch because of licensing; the deadline is driven by the contract renewal on March 31. Scope decisions should favour parity over new features.""")
N("en", "plain", "Use `make seed` to load demo data; the demo admin login is admin@example.test / demo (local only, documented in README).")
N("en", "hermes_fact", "User dislikes long preambles; get straight to the code.")
N("en", "runbook", """Backfill a day of events:
  python -m jobs.backfill --date 2026-11-30 --dry-run
  python -m jobs.backfill --date 2026-11-30
Takes about 40 minutes. Don't run two backfills at once (they share a lock).""")
N("en", "extractor_note", "User's preferred units are metric; convert imperial measurements in recipes.")
N("en", "claude_md", """# Style
- Python: ruff format + ruff check, line length 100.
- Imports sorted by ruff (isort rules).
- Docstrings: Google style.
- Prefer dataclasses over dicts for structured data.""")
N("en", "codex_summary", "Summary: the user decided to keep SQLite for the desktop app and use Litestream for backups instead of moving to Postgres.")
N("en", "plain", "Meeting notes 2026-11-28: agreed to deprecate API v1 by June; v1 endpoints must return a Deprecation header from January.")
N("en", "hermes_fact", "User maintains the open-source library 'tinyqueue-rs'; issues there should be answered politely and with repro steps requested.")
N("en", "cursorrules", """- Write Go like the standard library: small interfaces, explicit errors.
- No global state.
- Context as the first parameter.
- Use slog for logging.""")
N("en", "claude_topic", """---
name: hardware-lab
description: homelab inventory
---
- nas: Synology DS920+, 4x8TB SHR.
- pi4: runs Home Assistant.
- mini-pc: Proxmox host with 3 VMs (k3s, media, backup).""")
N("en", "extractor_note", "User is preparing for a talk on event sourcing; wants examples in Kotlin.")
