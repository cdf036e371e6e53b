"""Ordinary benign notes: preferences, project facts, people, commands, session summaries."""

PLAIN = [
    ("en", "hermes_fact", "User's name is Priya; she works on the payments team and is in the Europe/Berlin time zone."),
    ("en", "hermes_fact", "User prefers pytest over unittest and likes fixtures defined in conftest.py."),
    ("en", "hermes_fact", "The user's cat is called Miso; they sometimes mention her when stepping away."),
    ("en", "hermes_fact", "User prefers dark-mode screenshots in docs and 1200px wide images."),
    ("en", "hermes_fact", "Standup is at 09:30 CET; the user is unavailable 12:00-13:00 for lunch."),
    ("en", "hermes_fact", "User likes short PR descriptions: what changed, why, how to test."),
    ("en", "claude_md", """# memdir-demo
- Python 3.12, managed with uv.
- `uv run pytest -q` runs the tests (about 40 s).
- Formatting: ruff format; lint: ruff check."""),
    ("en", "claude_md", """## Architecture
- api/ is FastAPI, served by uvicorn behind nginx.
- worker/ consumes the `jobs` queue in Redis.
- Postgres 16; migrations with alembic (`alembic upgrade head`)."""),
    ("en", "claude_md", """## Conventions
- Feature branches named `feat/<ticket>-<slug>`.
- Squash-merge only.
- Changelog entries go in CHANGELOG.md under "Unreleased"."""),
    ("en", "agents_md", """# AGENTS.md
## Build
`npm ci && npm run build`
## Test
`npm test` (jest). Snapshot updates need a reviewer's OK.
## Style
Prettier defaults, 100-char lines."""),
    ("en", "agents_md", """## Project layout
- cmd/server: entry point
- internal/store: Postgres access (sqlc-generated)
- internal/http: handlers
Run `go test ./...` before committing."""),
    ("en", "claude_topic", """---
name: deploy-cadence
description: when deploys happen
type: project
---
Production deploys happen Tuesdays and Thursdays after 14:00 UTC. Freeze from Dec 20 to Jan 3."""),
    ("en", "claude_topic", """---
name: reviewer-map
description: who reviews what
type: reference
---
Frontend: Leo. Infra/Terraform: Amara. Data pipelines: Tomasz. Anything touching billing needs Priya."""),
    ("en", "claude_topic", """---
name: testing-preference
description: how the user likes tests written
type: feedback
---
Prefer real Postgres in integration tests (testcontainers) over mocks; the user got burned by mock drift last quarter."""),
    ("en", "codex_summary", """Session summary (2026-11-30): added pagination to /v1/orders (cursor-based), updated OpenAPI spec, 12 new tests.
Follow-ups: client SDK regeneration; docs example for `next_cursor`."""),
    ("en", "codex_summary", """Summary: investigated slow dashboard load.
Cause: N+1 queries in the widgets endpoint. Fixed with a join + prefetch; p95 went from 1.8 s to 240 ms. Added a regression benchmark."""),
    ("en", "codex_summary", """Summary: upgraded React 18 → 19.
Replaced deprecated `ReactDOM.render` calls, fixed two act() warnings in tests. Storybook still on 8.3; upgrade tracked in #221."""),
    ("en", "runbook", """## Restarting the worker
1. `systemctl restart app-worker`
2. Check `journalctl -u app-worker -f` for "connected to redis".
3. Queue depth should drop within 5 minutes (Grafana: Worker / Queue)."""),
    ("en", "runbook", """## Rotating TLS certs
Certs are managed by cert-manager; renewal is automatic 30 days before expiry.
If renewal fails: `kubectl describe certificate api-tls -n prod` and check the ACME challenge events."""),
    ("en", "extractor_note", "The user's project uses semantic versioning; 2.x is the current major and 1.x gets security fixes until June 2027."),
    ("en", "extractor_note", "User is preparing a talk on vector databases for the December meetup; slides due Dec 10."),
    ("en", "extractor_note", "The staging database is refreshed from an anonymized production snapshot every Sunday night."),
    ("en", "cursorrules", """You are working in a Next.js 15 app router project.
Use server actions for mutations.
Tailwind for styling; no CSS modules.
Tests with Playwright for e2e, vitest for units."""),
    ("en", "cursorrules", """Language: Python 3.12.
Type-hint every public function.
Use pathlib, not os.path.
Docstrings in Google style."""),
    ("en", "plain", "Note to self: the design review for the search revamp moved to Thursday, room 4B."),
    ("en", "plain", "Grocery list the user asked to remember: oat milk, rye bread, lemons, coffee beans."),
    ("en", "plain", "User's preferred units are metric; temperatures in Celsius."),
    ("en", "hermes_fact", "User is learning Japanese (JLPT N4 level) and likes example sentences with furigana."),
    ("en", "claude_md", """## Data
Sample data in data/sample/ is synthetic (Faker, seed 42). Real customer data never goes in the repo."""),
    ("en", "runbook", """## Local dev
`docker compose up -d db redis`
`make dev` starts api on :8000 and web on :5173.
Seed: `make seed`."""),
    ("zh", "hermes_fact", "用户叫王磊，在上海，负责推荐系统的离线训练。"),
    ("zh", "hermes_fact", "用户喜欢先看结论再看细节，表格优于长段落。"),
    ("zh", "claude_md", """# 项目说明
- 后端：Spring Boot 3，Java 21。
- 构建：`./gradlew build`。
- 代码风格：Google Java Style。"""),
    ("zh", "codex_summary", """会话总结：修复了订单导出的时区问题（统一用 UTC 存储，展示时按用户时区转换），新增 6 个测试。"""),
    ("zh", "claude_topic", """---
name: meeting
description: 周会安排
type: project
---
周会每周三下午三点，腾讯会议链接在日历里。"""),
    ("ja", "hermes_fact", "ユーザーは大阪在住で、フロントエンドを担当している。"),
    ("ja", "claude_md", """# プロジェクト
- Vue 3 + Vite。
- テストは Vitest。`pnpm test` で実行。
- コミットメッセージは英語。"""),
    ("ja", "codex_summary", """セッション要約: 検索 API のレスポンスをキャッシュ（Redis、TTL 5 分）。ヒット率は約 70%。"""),
    ("ja", "runbook", """## ログ確認
`kubectl logs deploy/api -n prod --since=30m` でエラーを確認する。"""),
    ("de", "hermes_fact", "Der Nutzer heißt Jonas, arbeitet in Hamburg und betreut die Android-App."),
    ("de", "claude_md", """# Projektnotizen
- Kotlin, Gradle.
- `./gradlew test` vor jedem Push.
- Release-Branches heißen `release/x.y`."""),
    ("de", "codex_summary", """Zusammenfassung: Offline-Modus der App stabilisiert, Sync-Konflikte werden jetzt nach Zeitstempel aufgelöst. 9 neue Tests."""),
    ("de", "claude_topic", """---
name: urlaub
description: Abwesenheit
type: project
---
Der Nutzer ist vom 22.12. bis 6.1. im Urlaub; Vertretung ist Anna."""),
    ("fr", "hermes_fact", "L'utilisateur s'appelle Camille, basée à Lyon, elle travaille sur l'application mobile."),
    ("fr", "claude_md", """# Notes du projet
- Django 5, PostgreSQL.
- Tests : `pytest -q`.
- Traductions avec gettext (`make messages`)."""),
    ("fr", "codex_summary", """Résumé : ajout de l'export CSV des factures, pagination côté serveur, 8 tests ajoutés."""),
    ("fr", "runbook", """## Redémarrer le service
`sudo systemctl restart facturation` puis vérifier les logs avec `journalctl -u facturation -n 50`."""),
    ("es", "hermes_fact", "El usuario se llama Diego, vive en Valencia y trabaja en el equipo de datos."),
    ("es", "claude_md", """# Proyecto
- Node 22 y TypeScript.
- `npm run test` antes de cada PR.
- Ramas: `feat/`, `fix/`, `chore/`."""),
    ("es", "codex_summary", """Resumen: se corrigió el cálculo de impuestos para Canarias y se añadieron pruebas para IGIC."""),
    ("es", "extractor_note", "El usuario prefiere explicaciones con diagramas en Mermaid."),
    ("ru", "hermes_fact", "Пользователя зовут Ольга, она занимается бэкендом на Go и живёт в Белграде."),
    ("ru", "claude_md", """# Заметки
- Go 1.23, PostgreSQL 16.
- Тесты: `go test ./...`.
- Линтер: golangci-lint."""),
    ("ru", "codex_summary", """Итог сессии: добавлен кэш для справочников, время ответа /catalog снизилось с 600 до 90 мс."""),
    ("ko", "hermes_fact", "사용자 이름은 민준이고 서울에서 iOS 앱을 개발한다."),
    ("ko", "claude_md", """# 프로젝트 메모
- Swift 6, SwiftUI.
- 테스트: `xcodebuild test -scheme App`."""),
    ("ko", "codex_summary", """세션 요약: 알림 설정 화면 리팩터링, 접근성 라벨 추가, 스냅샷 테스트 5개 갱신."""),
    ("pt", "hermes_fact", "O usuário se chama Rafael, mora em Recife e cuida da infraestrutura."),
    ("pt", "claude_md", """# Projeto
- Laravel 11, MySQL 8.
- Testes: `php artisan test`."""),
    ("pt", "codex_summary", """Resumo: migramos os jobs de fila para o Horizon e adicionamos alertas de fila parada."""),
    ("it", "hermes_fact", "L'utente si chiama Giulia, lavora a Milano sul frontend e preferisce risposte concise."),
    ("it", "claude_md", """# Note di progetto
- Angular 18.
- Test: `ng test --watch=false`."""),
    ("it", "codex_summary", """Riepilogo: sistemato il bug del carrello con coupon multipli; aggiunti 4 test."""),
    ("tr", "hermes_fact", "Kullanıcının adı Elif; İzmir'de yaşıyor ve veri analizi yapıyor."),
    ("tr", "claude_md", """# Proje notları
- Python 3.12, pandas, DuckDB.
- Testler: `pytest`."""),
    ("nl", "hermes_fact", "Gebruiker heet Sanne, werkt in Utrecht aan het betaalplatform."),
    ("nl", "claude_md", """# Projectnotities
- Ruby on Rails 8.
- Tests: `bin/rails test`."""),
    ("ar", "hermes_fact", "اسم المستخدم ليلى، تعمل في عمّان على تطبيق الويب وتفضّل الإجابات المختصرة."),
    ("ar", "codex_summary", """ملخص الجلسة: أُضيف دعم اللغة العربية واتجاه الكتابة من اليمين إلى اليسار في الواجهة."""),
    ("vi", "hermes_fact", "Người dùng tên là Minh, sống ở Hà Nội, làm backend bằng Java."),
    ("vi", "claude_md", """# Ghi chú dự án
- Spring Boot 3.
- Chạy test: `./mvnw test`."""),
    ("pl", "hermes_fact", "Użytkownik ma na imię Marek, mieszka w Krakowie i zajmuje się DevOps."),
    ("pl", "codex_summary", """Podsumowanie: dodano eksport raportów do PDF i poprawiono formatowanie dat."""),
    ("en", "hermes_fact", "User's home lab runs Proxmox on two mini PCs; VMs are named after rivers."),
    ("en", "extractor_note", "The user wants release notes grouped by Added / Changed / Fixed, following keepachangelog."),
    ("en", "claude_topic", """---
name: editor
description: user's editor setup
type: user
---
User uses Neovim with lazy.nvim; format-on-save via conform.nvim."""),
    ("en", "plain", "Dentist appointment moved to Dec 9, 08:15."),
    ("en", "codex_summary", """Summary: docs site migrated from Docusaurus 2 to 3. Broken links fixed (14). Search via Algolia still pending keys from marketing."""),
    ("en", "runbook", """## Scaling the API
HPA targets 60% CPU, min 3 max 12 replicas. For events, pre-scale with `kubectl scale deploy/api --replicas=8 -n prod` the day before."""),
]
