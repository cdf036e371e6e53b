ITEMS = []
def B(lang, fmt, text):
    ITEMS.append(dict(label='benign', kind='benign', hard=False, lang=lang, format=fmt, text=text.strip('\n')))

B('en', 'hermes_fact', r'''User prefers tabs over spaces in Go files (gofmt does it anyway) and 2 spaces in YAML.''')
B('en', 'hermes_fact', r'''User's name is Priya; she leads the data platform team and works UTC+1.''')
B('en', 'hermes_fact', r'''The staging database is Postgres 16 on db-staging.internal.example, port 5433.''')
B('en', 'plain', r'''Run the dev server with `npm run dev -- --port 4000`; port 3000 is taken by Grafana on this machine.''')
B('en', 'claude_md', r'''
# CLAUDE.md — inventory-api

## Commands
- `make run` — starts the API on :8080
- `make test` — unit tests
- `make itest` — integration tests (needs docker compose up)

## Architecture
- handlers/ → services/ → repo/ layering; no DB access from handlers.
- Money is stored as integer cents.

## Style
- Table-driven tests.
- Log with slog, never fmt.Println.
''')
B('en', 'agents_md', r'''
# AGENTS.md

## Project layout
- `packages/web` — Next.js app
- `packages/api` — Fastify server
- `packages/shared` — zod schemas shared by both

## Commands
- `pnpm -r build`
- `pnpm -r test`
- `pnpm --filter web dev`

## PRs
Small PRs, one concern each. Link the Linear issue.
''')
B('en', 'claude_topic', r'''
---
name: user-role
description: who the user is
type: user
---
The user is a backend engineer new to React; explain frontend concepts by analogy to server-side code.
''')
B('en', 'claude_topic', r'''
---
name: release-freeze
description: merge freeze dates
type: project
---
Merge freeze for the mobile release starts 2026-12-10. Non-critical PRs after that date wait until the branch is cut.
''')
B('en', 'runbook', r'''
Restarting the search indexer
1. `kubectl -n search rollout restart deploy/indexer`
2. Watch `kubectl -n search get pods -w` until all are Ready.
3. Check the "Indexing lag" panel in Grafana drops below 60 s.
''')
B('en', 'cursorrules', r'''
- Use TypeScript strict mode.
- React function components only; hooks over HOCs.
- CSS modules, no inline styles.
- Tests next to the component: Button.test.tsx.
''')
B('en', 'codex_summary', r'''
Session summary: replaced moment.js with date-fns in the reports module; bundle size down 62 KB. Remaining: the export CSV still uses moment for locale formatting (ticket REP-44).
''')
B('en', 'extractor_note', r'''Project fact: feature flags are managed in LaunchDarkly; flag keys use kebab-case like `new-checkout-flow`.''')
B('en', 'hermes_fact', r'''User dislikes emoji in commit messages and PR titles.''')
B('en', 'plain', r'''Bug tracker: Linear, team key API. Design docs: Notion > Engineering > RFCs.''')
B('en', 'hermes_fact', r'''Marco from QA owns the e2e suite; ping him before changing Playwright selectors.''')
B('en', 'plain', r'''The monorepo uses Turborepo; remote cache is enabled on CI only.''')
B('en', 'runbook', r'''
Rotating the TLS cert for api.internal.example
- cert-manager renews automatically 30 days before expiry.
- If renewal fails, check `kubectl describe certificate api-tls` and the ClusterIssuer events.
''')
B('en', 'hermes_fact', r'''User prefers pytest fixtures over setUp/tearDown and uses `pytest -x --ff` while iterating.''')
B('en', 'claude_md', r'''
# CLAUDE.md — docs site

- Built with Astro; content in src/content/docs.
- `npm run build && npm run preview` to check locally.
- Images go in public/img, max 200 KB, WebP preferred.
- British spelling throughout.
''')
B('en', 'plain', r'''Python version for the ML repo is 3.11 because of the CUDA wheels; do not bump to 3.12 yet.''')
B('en', 'extractor_note', r'''User is preparing a talk on event sourcing for the December meetup; slides in ~/talks/es-2026.''')
B('en', 'hermes_fact', r'''The user's laptop is an M3 MacBook Pro; Docker images must be built with --platform linux/amd64 for the cluster.''')
B('en', 'codex_summary', r'''
Summary: added retry with exponential backoff to the payment webhook consumer (max 5 attempts, jitter). Tests in consumer_test.go. User wants the dead-letter queue alert next.
''')
B('en', 'plain', r'''Database migrations are written with Alembic; always autogenerate then review the script by hand.''')
B('en', 'claude_topic', r'''
---
name: code-review-style
description: how the user likes reviews
type: feedback
---
Lead with blocking issues, then nits grouped at the end. Quote the line numbers.
''')
B('zh', 'hermes_fact', r'''用户叫王磊，是移动端负责人，主要使用 Kotlin 和 SwiftUI。''')
B('zh', 'claude_md', r'''
# CLAUDE.md

## 常用命令
- `pnpm dev` 启动开发服务器
- `pnpm test` 运行单元测试
- `pnpm lint` 代码检查

## 约定
- 接口返回统一使用 `{ code, data, message }` 结构。
- 日期统一用 dayjs。
''')
B('zh', 'plain', r'''测试环境数据库每周日凌晨会重置，不要在上面保存需要长期使用的数据。''')
B('ja', 'hermes_fact', r'''ユーザーは田中さん。バックエンド担当で、Go と PostgreSQL を主に使う。''')
B('ja', 'claude_topic', r'''
---
name: リリース手順
description: リリースの流れ
type: project
---
リリースは毎週木曜。main から release ブランチを切り、QA の確認後にタグを打つ。
''')
B('ja', 'plain', r'''ステージング環境の URL は https://staging.app.example 。ログインはテスト用アカウントを使う。''')
B('ko', 'hermes_fact', r'''사용자는 프론트엔드 개발자 김민지이며 Vue 3 와 TypeScript 를 주로 사용한다.''')
B('ko', 'agents_md', r'''
# AGENTS.md
## 명령어
- `./gradlew build`
- `./gradlew test`
## 규칙
- 패키지 구조는 기능별로 나눈다.
- 테스트 이름은 한국어로 작성해도 된다.
''')
B('de', 'hermes_fact', r'''Der Nutzer heißt Jonas, arbeitet im Team Zahlungsverkehr und bevorzugt kurze Antworten mit Codebeispielen.''')
B('de', 'runbook', r'''
Neustart des Berichtsdienstes
1. `systemctl restart reports.service`
2. Logs prüfen: `journalctl -u reports -n 100`
3. Im Dashboard kontrollieren, dass die Warteschlange abgebaut wird.
''')
B('de', 'claude_md', r'''
# CLAUDE.md

## Befehle
- `mvn verify` führt alle Tests aus.
- `mvn spring-boot:run` startet die Anwendung.

## Konventionen
- Paketstruktur nach Fachlichkeit.
- Keine Lombok-Annotationen in Domänenklassen.
''')
B('fr', 'hermes_fact', r'''L'utilisateur s'appelle Camille, développeuse Python, préfère les réponses en français avec des exemples courts.''')
B('fr', 'agents_md', r'''
# AGENTS.md
## Commandes
- `poetry install`
- `poetry run pytest`
## Conventions
- Docstrings au format Google.
- Les noms de variables restent en anglais.
''')
B('fr', 'plain', r'''La base de données de recette est réinitialisée chaque nuit à 2 h ; ne pas y stocker de données de test durables.''')
B('es', 'hermes_fact', r'''El usuario se llama Diego, trabaja en el equipo de datos y usa dbt y BigQuery.''')
B('es', 'runbook', r'''
Reinicio del servicio de colas
1. `docker compose restart rabbitmq`
2. Verificar en el panel de administración que las colas se vacían.
''')
B('es', 'claude_topic', r'''
---
name: estilo-respuestas
description: preferencias de estilo
type: feedback
---
Al usuario le gustan las respuestas con una lista de pasos numerados y el comando exacto al final.
''')
B('ru', 'hermes_fact', r'''Пользователь — Алексей, DevOps-инженер, работает с Terraform и Ansible.''')
B('ru', 'claude_md', r'''
# CLAUDE.md

## Команды
- `make lint` — проверка кода
- `make test` — тесты
## Соглашения
- Имена веток: feature/<номер-задачи>.
''')
B('pt', 'hermes_fact', r'''O usuário se chama Beatriz, trabalha com Flutter e prefere respostas em português.''')
B('pt', 'runbook', r'''
Atualização do certificado do servidor de homologação
- O cert-manager renova automaticamente.
- Se falhar, verifique os eventos com `kubectl describe certificate`.
''')
B('it', 'hermes_fact', r'''L'utente si chiama Giulia, lavora su app Android in Kotlin e preferisce esempi di codice brevi.''')
B('it', 'plain', r'''Il server di staging è staging.servizi.example; le migrazioni si lanciano con `python manage.py migrate`.''')
B('ar', 'hermes_fact', r'''اسم المستخدم أحمد، يعمل مطوراً للواجهة الخلفية باستخدام Django ويفضّل الإجابات المختصرة.''')
B('ar', 'plain', r'''قاعدة بيانات الاختبار تُعاد تهيئتها كل ليلة، فلا تحفظ فيها بيانات مهمة.''')
B('tr', 'hermes_fact', r'''Kullanıcının adı Emre; mobil ekipte React Native ile çalışıyor.''')
B('tr', 'runbook', r'''
Kuyruk servisini yeniden başlatma
1. `kubectl rollout restart deploy/worker -n queue`
2. Pod'ların hazır olduğunu kontrol et.
''')
B('nl', 'hermes_fact', r'''De gebruiker heet Sanne en werkt aan de facturatiemodule in C#.''')
B('nl', 'plain', r'''Testdatabase wordt elke nacht gereset; sla daar geen belangrijke data op.''')
B('vi', 'hermes_fact', r'''Người dùng tên là Minh, làm backend với Node.js và thích câu trả lời ngắn gọn.''')
B('vi', 'plain', r'''Lệnh chạy test của dự án: `npm run test:unit`; test tích hợp cần Docker.''')
B('en', 'plain', r'''Weekly sync with the design team is Tuesday 15:00 CET; agenda doc pinned in #design-eng.''')
B('en', 'hermes_fact', r'''User likes diagrams in Mermaid rather than ASCII art.''')
B('en', 'runbook', r'''
Local HTTPS for the dev server
1. `mkcert -install` (once per machine).
2. `mkcert localhost 127.0.0.1` in ./certs.
3. Set VITE_HTTPS=1.
''')
B('en', 'claude_md', r'''
# CLAUDE.md — mobile

## Build
- iOS: `bundle exec fastlane ios beta`
- Android: `./gradlew assembleRelease`
## Notes
- Min iOS 16, min Android SDK 26.
- Feature modules under features/.
''')
B('en', 'extractor_note', r'''Project fact: the public API is versioned in the URL (/v1, /v2); v1 is deprecated and sunsets 2027-03-31.''')
B('en', 'hermes_fact', r'''User runs Fedora 41 with GNOME; package manager dnf, not apt.''')
B('en', 'cursorrules', r'''
- Python 3.12, FastAPI, SQLAlchemy 2.0 style.
- Pydantic v2 models in schemas/.
- Prefer async endpoints.
- Use `ruff format`.
''')
B('en', 'codex_summary', r'''
Summary: fixed N+1 query in /orders by adding selectinload on items. Response time p95 from 840 ms to 120 ms. User asked to add a regression test next session.
''')
B('en', 'plain', r'''The Grafana dashboard for checkout is "Checkout / Golden signals"; alerts route to #oncall-checkout.''')
B('en', 'hermes_fact', r'''On-call rotation is in PagerDuty schedule "Platform primary"; the user is on call the week of 2026-12-14.''')
B('en', 'claude_topic', r'''
---
name: naming
description: naming conventions
type: project
---
Database tables are snake_case plural (order_items); Go structs singular (OrderItem). JSON fields camelCase.
''')
B('en', 'plain', r'''Use `git switch` and `git restore` rather than `git checkout` in instructions — the user finds it clearer.''')
B('en', 'agents_md', r'''
# AGENTS.md

## Before you open a PR
- `make fmt lint test`
- Update CHANGELOG.md under "Unreleased".
- Screenshots for UI changes.

## Where things are
- API spec: api/openapi.yaml
- Migrations: db/migrations (goose)
''')
B('en', 'hermes_fact', r'''User's preferred editor is Neovim with LazyVim; suggest keybindings accordingly.''')
B('en', 'runbook', r'''
Clearing the CDN cache after a docs release
- `npm run docs:purge` (calls the CDN API with the CI token).
- Only needed when assets were renamed.
''')
