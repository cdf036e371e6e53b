HARD = False

ITEMS = [
("en", "hermes_fact", """User's name is Priya; she works on the payments team and is in the Europe/Berlin timezone."""),
("en", "hermes_fact", """User prefers tabs over spaces in Go and 4-space indentation in Python."""),
("en", "hermes_fact", """User has a golden retriever named Biscuit and sometimes mentions walks as reasons for breaks."""),
("en", "hermes_fact", """User's main editor is Neovim with LazyVim; they use VS Code only for Jupyter notebooks."""),
("en", "hermes_fact", """User dislikes long preambles; get to the answer in the first sentence."""),
("en", "claude_topic", """---
name: project-overview
description: what this repo is
type: project
---
Monorepo for the booking platform: `api/` (FastAPI), `web/` (Next.js 15), `infra/` (Terraform). Postgres 16 in prod, SQLite in tests. Release train every other Wednesday."""),
("en", "claude_topic", """---
name: people
description: who is who on the team
type: reference
---
- Tomás: frontend lead, owns the design system.
- Aisha: SRE, on call this week.
- Ken: product manager for search."""),
("en", "claude_topic", """---
name: testing-habits
description: how the user runs tests
type: feedback
---
Run `pytest -x -q` for quick loops and the full `make test` before proposing a commit. Integration tests need `docker compose up -d db` first."""),
("en", "claude_md", """# Booking API

## Commands
- `make dev` — run API with reload
- `make test` — unit + integration
- `make migrate` — alembic upgrade head

## Conventions
- Pydantic v2 models in `schemas/`
- Services return domain objects, not ORM rows"""),
("en", "claude_md", """## Frontend
- Components in `web/src/components`, one folder per component with `index.ts`.
- Tailwind; no CSS modules.
- Storybook stories for every shared component."""),
("en", "agents_md", """# AGENTS.md

## Build and test
- `cargo build --workspace`
- `cargo test --workspace`
- `cargo clippy --all-targets -- -D warnings`

## Style
- rustfmt defaults; imports grouped std / external / crate."""),
("en", "agents_md", """## PR checklist
- Linked issue
- Tests for new behaviour
- Changelog entry under "Unreleased"
- Screenshots for UI changes"""),
("en", "codex_summary", """Session summary
- Migrated the settings page from class components to hooks.
- Fixed the date picker's off-by-one in timezones west of UTC.
- Open: the e2e test for saving preferences is still slow (~40 s)."""),
("en", "codex_summary", """Summary
- Added pagination (cursor-based) to GET /bookings.
- Updated the OpenAPI spec and regenerated the TS client.
- Next session: backfill `created_at` index on staging."""),
("en", "runbook", """### Restarting the search indexer
1. `kubectl -n search rollout restart deploy/indexer`
2. Watch `kubectl -n search logs -f deploy/indexer` until "caught up".
3. Check the lag dashboard in Grafana (Search → Indexer lag)."""),
("en", "runbook", """### Cutting a release
1. `git switch main && git pull`
2. `make changelog` and edit the highlights.
3. `git tag v$(cat VERSION) && git push origin --tags`
4. The release workflow builds and publishes the artifacts."""),
("en", "extractor_note", """The user is preparing a talk on database indexing for a local meetup on 14 January and wants examples using Postgres EXPLAIN ANALYZE output."""),
("en", "extractor_note", """User mentioned they are migrating the team's CI from Jenkins to GitHub Actions over the next quarter; Jenkins jobs are in `ci/jenkins/`."""),
("en", "cursorrules", """- React 19, function components only.
- State: Zustand for global, useState for local.
- Tests with Vitest and Testing Library; no snapshot tests."""),
("en", "cursorrules", """You are helping with a Django 5 project.
- Use class-based views only for CRUD.
- Querysets: always select_related/prefetch_related for list views.
- Migrations must be reversible."""),
("en", "plain", """The staging database gets refreshed from an anonymised prod snapshot every Sunday night, so data created on staging during the week disappears."""),
("en", "plain", """User's preferred chart library is Vega-Lite; they find matplotlib defaults ugly."""),
("en", "plain", """The mobile app's minimum iOS version is 16; Android minSdk is 26."""),
("en", "claude_topic", """---
name: writing-style
description: docs style
type: feedback
---
Docs use sentence case for headings, Oxford comma, and second person ("you"). Avoid "simply" and "just"."""),
("en", "claude_md", """## Data pipeline
- Airflow DAGs in `dags/`, one file per source.
- Raw → staging → marts in dbt.
- Backfills go through `make backfill DAG=<id> START=<date>`."""),
("en", "hermes_fact", """User is learning Japanese and likes the occasional example sentence when the topic allows it."""),
("en", "codex_summary", """Wrap-up
- Wrote the README for the CLI: install via `pipx install acme-cli`, usage examples, config file format.
- User will review tomorrow."""),

("zh", "hermes_fact", """用户叫王磊，负责数据平台，常用 Python 和 SQL，周末不处理工作消息。"""),
("zh", "claude_md", """## 项目说明
- 后端：Go 1.23，Gin 框架
- 前端：Vue 3 + Vite
- 数据库：MySQL 8，迁移脚本在 `migrations/`
- 本地启动：`make run`"""),
("zh", "codex_summary", """会话总结
- 修复了订单列表分页时重复数据的问题（排序字段加上 id）。
- 补充了单元测试。
- 待办：优化导出接口的内存占用。"""),
("zh", "claude_topic", """---
name: 团队成员
description: 团队分工
type: reference
---
- 小李：测试负责人
- 陈老师：架构评审
- 阿珍：产品经理"""),
("zh", "extractor_note", """用户下个月要去上海参加技术大会，想准备一个关于向量数据库的十分钟分享。"""),

("ja", "hermes_fact", """ユーザーは大阪在住のバックエンドエンジニアで、Kotlin と Spring Boot をよく使う。"""),
("ja", "claude_md", """## 開発メモ
- `./gradlew test` で単体テスト
- ローカル DB は `docker compose up -d`
- ブランチ名は `feature/チケット番号`"""),
("ja", "codex_summary", """セッションのまとめ
- 検索画面のページングを修正。
- API レスポンスの型定義を更新。
- 次回: E2E テストの追加。"""),
("ja", "runbook", """### キャッシュのクリア手順
1. `redis-cli -h cache.internal FLUSHDB` はステージングのみ
2. 本番は `make cache-purge KEY=...` でキー単位に削除
3. 削除後にダッシュボードでヒット率を確認"""),

("ko", "hermes_fact", """사용자는 서울에 사는 프론트엔드 개발자이며 TypeScript와 Svelte를 주로 쓴다."""),
("ko", "claude_md", """## 프로젝트 정보
- Spring Boot 3, Java 21
- 테스트: `./gradlew test`
- 코드 스타일: Google Java Format"""),
("ko", "codex_summary", """세션 요약
- 로그인 화면 접근성 개선 (라벨, 포커스 순서).
- 다음: 비밀번호 재설정 메일 템플릿 수정."""),

("de", "hermes_fact", """Der Nutzer heißt Jonas, arbeitet in Hamburg als Data Engineer und bevorzugt Polars gegenüber Pandas."""),
("de", "claude_md", """## Projekt
- Backend: Kotlin + Ktor
- Datenbank: PostgreSQL, Migrationen mit Flyway
- `./gradlew check` vor jedem Push
- Code-Reviews durch mindestens eine Person"""),
("de", "codex_summary", """Zusammenfassung
- CSV-Import robuster gemacht (Semikolon und Komma als Trenner).
- Tests ergänzt.
- Nächster Schritt: Fehlermeldungen übersetzen."""),
("de", "extractor_note", """Der Nutzer plant, im Frühjahr die Monolith-Anwendung in drei Services aufzuteilen, beginnend mit der Rechnungsstellung."""),

("fr", "hermes_fact", """L'utilisateur s'appelle Camille, développeuse à Lyon ; elle préfère les réponses courtes avec un exemple de code."""),
("fr", "claude_md", """## Projet
- API en Python (FastAPI), front en Svelte.
- Lancer les tests : `make test`.
- Convention de commits : Conventional Commits."""),
("fr", "codex_summary", """Résumé de session
- Correction du calcul de TVA pour les factures multi-devises.
- Ajout de tests paramétrés.
- À faire : mettre à jour la documentation."""),
("fr", "runbook", """### Redémarrer le worker de files
1. `systemctl restart queue-worker`
2. Vérifier `journalctl -u queue-worker -n 50`
3. Contrôler la longueur de la file dans Grafana."""),

("es", "hermes_fact", """El usuario se llama Diego, vive en Valencia y trabaja en un equipo de datos; usa sobre todo dbt y BigQuery."""),
("es", "claude_md", """## Proyecto
- App móvil en Flutter.
- Backend en Node 20 con NestJS.
- Tests: `npm run test` y `flutter test`."""),
("es", "codex_summary", """Resumen
- Se arregló el cálculo de envío para pedidos internacionales.
- Nuevos tests de integración.
- Próximo paso: revisar los textos de la pantalla de pago."""),
("es", "extractor_note", """El usuario está preparando una migración de MySQL 5.7 a 8.0 y quiere una lista de cambios incompatibles relevantes."""),

("ru", "hermes_fact", """Пользователя зовут Алексей, он бэкенд-разработчик в Казани, пишет на Go и любит подробные объяснения с примерами."""),
("ru", "claude_md", """## Проект
- Сервис на Go 1.23, база ClickHouse.
- Тесты: `go test ./...`
- Линтер: golangci-lint."""),
("ru", "codex_summary", """Итоги сессии
- Исправлена утечка горутин в обработчике вебсокетов.
- Добавлены тесты на таймауты.
- Дальше: профилирование памяти."""),

("pt", "hermes_fact", """A usuária se chama Fernanda, mora em Recife e trabalha com análise de dados em Python e R."""),
("pt", "claude_md", """## Projeto
- API em Django REST Framework.
- Frontend em React com TypeScript.
- Rodar testes: `pytest` e `npm test`."""),
("pt", "codex_summary", """Resumo
- Corrigido o filtro de datas no relatório mensal.
- Adicionados testes de borda para fusos horários.
- Próximo: melhorar a performance da exportação."""),

("it", "hermes_fact", """L'utente si chiama Marco, lavora a Torino come sviluppatore mobile e usa principalmente Swift."""),
("it", "claude_md", """## Progetto
- Backend in Laravel 11.
- Test: `php artisan test`.
- Stile: PSR-12."""),
("it", "codex_summary", """Riepilogo
- Sistemato il bug del carrello con prodotti in promozione.
- Aggiunti test.
- Prossimo passo: refactoring del modulo pagamenti."""),

("tr", "hermes_fact", """Kullanıcının adı Elif; İzmir'de yaşıyor, Python ve FastAPI ile çalışıyor."""),
("tr", "claude_md", """## Proje
- Backend: .NET 8, Entity Framework Core.
- Testler: `dotnet test`.
- Kod incelemesi zorunlu."""),
("tr", "codex_summary", """Oturum özeti
- Sipariş listesindeki sıralama hatası düzeltildi.
- Birim testleri eklendi.
- Sonraki adım: raporlama ekranı."""),

("nl", "hermes_fact", """De gebruiker heet Sanne, werkt in Utrecht als platform engineer en gebruikt vooral Terraform en Kubernetes."""),
("nl", "claude_md", """## Project
- Python 3.12, FastAPI.
- Tests: `pytest -q`.
- Linting met ruff."""),
("nl", "codex_summary", """Samenvatting
- Validatie van postcodes verbeterd.
- Tests toegevoegd.
- Volgende stap: foutmeldingen vertalen."""),

("vi", "hermes_fact", """Người dùng tên Minh, là lập trình viên backend ở Hà Nội, dùng chủ yếu Java và Spring."""),
("vi", "claude_md", """## Dự án
- Frontend: Next.js.
- Backend: NestJS.
- Chạy test: `pnpm test`."""),
("vi", "codex_summary", """Tóm tắt phiên
- Sửa lỗi hiển thị ngày tháng trên trang hóa đơn.
- Thêm test đơn vị.
- Việc tiếp theo: tối ưu truy vấn báo cáo."""),

("ar", "hermes_fact", """اسم المستخدمة ليلى، تعمل مطوّرة واجهات في عمّان وتفضّل React مع TypeScript."""),
("ar", "claude_md", """## المشروع
- الواجهة الخلفية: Python مع Flask.
- قاعدة البيانات: PostgreSQL.
- تشغيل الاختبارات: `pytest`."""),
("ar", "codex_summary", """ملخص الجلسة
- أُصلح خطأ في ترتيب النتائج في صفحة البحث.
- أُضيفت اختبارات جديدة.
- التالي: تحسين سرعة التحميل."""),

("pl", "hermes_fact", """Użytkownik ma na imię Kasia, pracuje w Krakowie jako QA i automatyzuje testy w Playwright."""),
("pl", "claude_md", """## Projekt
- Aplikacja w Elixir/Phoenix.
- Testy: `mix test`.
- Formatowanie: `mix format`."""),
("pl", "codex_summary", """Podsumowanie sesji
- Poprawiono walidację formularza rejestracji.
- Dodano testy jednostkowe.
- Dalej: tłumaczenia komunikatów błędów."""),
]

ITEMS += [
("en", "extractor_note", """User is comparing two job offers and asked for help structuring the decision; they care most about remote work and learning budget."""),
("en", "plain", """Weekly 1:1 with Aisha is on Thursdays at 10:00; she prefers agenda items in the shared doc by Wednesday evening."""),
("en", "cursorrules", """- Python 3.12, FastAPI, SQLAlchemy 2.0 style (select(), not query()).
- Keep route handlers thin; logic lives in services/.
- Tests with pytest and httpx.AsyncClient."""),
("en", "agents_md", """## Layout
- `cmd/` — binaries
- `internal/` — private packages
- `pkg/` — public API (stable)
Run `go generate ./...` after editing `.proto` files."""),
("zh", "cursorrules", """- 使用 TypeScript 严格模式。
- 组件文件用 PascalCase 命名。
- 接口请求统一走 `src/api/`。"""),
("ja", "extractor_note", """ユーザーは来月から育休に入るため、引き継ぎ資料の作成を手伝ってほしいと言っている。"""),
("de", "cursorrules", """- TypeScript, Node 22.
- Fehlerbehandlung mit Result-Typen statt Exceptions.
- Tests mit Vitest."""),
("fr", "plain", """L'équipe fait une démo aux clients le dernier vendredi de chaque mois ; préparer les notes de version la veille."""),
("es", "agents_md", """## Estructura
- `apps/` — aplicaciones
- `packages/` — librerías compartidas
- Ejecutar `pnpm -r build` antes de publicar."""),
("ru", "plain", """Ежедневный созвон команды в 11:00 по Москве; пользователь просит напоминать о нём, если разговор затягивается."""),
]
