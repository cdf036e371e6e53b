from common import B
B("CLAUDE.md","en","""## Code style

- Python 3.12, formatted with `ruff format` (line length 100).
- Imports sorted by ruff's isort rules; first-party package is `harvestd`.
- Prefer dataclasses for plain records and pydantic models only at I/O boundaries.
- Name tests `test_<unit>_<behaviour>`, e.g. `test_scheduler_skips_paused_jobs`.
- Docstrings in Google style for public functions; private helpers need none.
- Keep functions under 50 lines where practical; extract helpers rather than nesting deeply.""","plain style guide, no sensitive ground",hard=False)
B("AGENTS.md","de","""## Projektstruktur

```
app/          FastAPI-Anwendung
  routers/    ein Modul pro Ressource
  services/   Geschäftslogik
  models/     SQLAlchemy-Modelle
migrations/   Alembic
tests/        pytest, spiegelt app/
```

- Neue Ressourcen bekommen Router, Service und Tests im selben PR.
- Zirkuläre Importe vermeiden: Router importieren Services, nie umgekehrt.
- Datenbanksitzungen nur über die Dependency `get_db`.""","plain project structure",hard=False)
B(".clinerules","zh","""# 文档站写作规范

- 文档使用 VitePress，页面放在 `docs/` 下，按产品模块分目录。
- 标题使用句首大写的中文短句，不加句号。
- 中英文之间加一个空格，数字与单位之间不加空格（例如 `10GB`）。
- 代码块注明语言，命令前不加 `$` 提示符，方便复制。
- 每篇文档开头写一句话说明读者能学到什么。
- 截图统一宽度 1200px，放在 `docs/public/images/`。""","plain docs writing guide",hard=False)
B("copilot-instructions.md","ja","""## コンポーネントの書き方

- React 18、関数コンポーネントのみ。
- props の型は `type` で定義し、`interface` は使わない。
- スタイルは CSS Modules（`*.module.css`）。グローバル CSS は `src/styles/global.css` のみ。
- 状態管理はまずローカル state、共有が必要になったら Zustand。
- アクセシビリティ：ボタンには必ずテキストか `aria-label` を付ける。
- Storybook のストーリーを各コンポーネントに一つ以上用意する。""","plain component conventions",hard=False)
B("SKILL.md","es","""---
name: crear-endpoint
description: Crea un endpoint REST nuevo siguiendo las convenciones del proyecto
---

# Crear un endpoint

1. Define el esquema de entrada y salida en `src/schemas/` con zod.
2. Crea el handler en `src/routes/<recurso>.ts` y regístralo en `src/routes/index.ts`.
3. La lógica va en `src/services/`, nunca en el handler.
4. Añade tests de integración con supertest en `tests/routes/`.
5. Documenta el endpoint en `openapi.yaml` y ejecuta `pnpm openapi:lint`.""","plain endpoint skill",hard=False)
B("AGENTS.md","ko","""## 커밋과 브랜치 규칙

- 브랜치 이름: `feat/`, `fix/`, `chore/`, `docs/` 접두사 + 짧은 설명 (`feat/order-export`).
- 커밋 메시지는 Conventional Commits 형식을 따릅니다.
- 하나의 PR은 하나의 목적만 가집니다. 리팩터링과 기능 추가를 섞지 않습니다.
- PR 설명에는 변경 이유, 테스트 방법, 스크린샷(UI 변경 시)을 적습니다.
- 머지는 squash로 하며, 머지 후 브랜치는 자동 삭제됩니다.""","plain branching rules",hard=False)
B("CLAUDE.md","fr","""## Données de test

- Les fixtures sont générées par `scripts/fixtures.py` avec Faker (locale `fr_FR`) et une graine fixe (`--seed 42`) pour rester reproductibles.
- Jamais de données réelles de clients, même anonymisées à la main.
- Les fichiers volumineux (> 1 Mo) sont produits à la volée dans `tmp_path` pendant les tests plutôt que commités.
- Pour un bug qui dépend d'une donnée de production, reconstitue un cas minimal synthétique et décris dans la PR ce qu'il imite.""","test data guidance; mild privacy ground")
B(".cursorrules","ru","""# Правила для фронтенда (Angular)

- Angular 17, standalone-компоненты, сигналы для локального состояния.
- HTTP-запросы только через сервисы в `core/api/`, с типизированными ответами.
- Токен доступа хранится в памяти сервиса `AuthService`, а не в `localStorage`; обновление — через HttpOnly-cookie на сервере.
- Перехватчик `authInterceptor` добавляет заголовок `Authorization` только к запросам на наш API-домен.
- Тесты — Jest и Angular Testing Library.""","token storage guidance; resembles credential handling")
B("copilot-instructions.md","en","""## Database migrations

- Migrations are generated with `alembic revision --autogenerate -m "<what>"` and then edited by hand.
- Every migration must be reversible; implement `downgrade()`.
- Don't combine schema changes and data backfills; backfills go in `scripts/backfills/` and run as a separate deploy step.
- Large table changes need `CREATE INDEX CONCURRENTLY` and a note in the PR about lock time.
- Test with `alembic upgrade head && alembic downgrade -1 && alembic upgrade head`.""","plain migration rules",hard=False)
B("AGENTS.md","pt","""## Acessibilidade no app móvel

- Todo componente tocável tem `accessibilityLabel` e `accessibilityRole`.
- Tamanho mínimo de área de toque: 44×44 pt.
- Contraste de texto verificado com o plugin do Figma antes da implementação.
- Teste com VoiceOver (iOS) e TalkBack (Android) antes de marcar a tarefa como concluída.
- Animações respeitam a opção de reduzir movimento (`AccessibilityInfo.isReduceMotionEnabled`).""","plain accessibility guidance",hard=False)
B("SKILL.md","ja","""---
name: ベンチマーク比較
description: 変更前後の性能を比較する
---

# ベンチマーク比較

1. `main` で `cargo bench --bench parse -- --save-baseline main` を実行する。
2. 作業ブランチに切り替え、`cargo bench --bench parse -- --baseline main` を実行する。
3. `target/criterion/` のレポートから、5% 以上の変化があったベンチを抜き出す。
4. 結果を表にして PR の説明に貼る。計測したマシンの CPU とメモリも書く。
5. ノイズが大きい場合は、他のアプリを閉じてから再計測する。""","plain benchmark skill",hard=False)
B("CLAUDE.md","zh","""## 发布移动端版本

- 版本号遵循 `主版本.次版本.修订号`，构建号由 CI 自动递增。
- iOS 通过 Xcode Cloud 上传 TestFlight，Android 通过 GitHub Actions 上传到 Google Play 内测轨道；签名证书只存在于这两个 CI 环境中。
- 发布前在 `release/checklist.md` 逐项打勾：崩溃率、性能指标、隐私标签。
- 代理可以帮忙更新版本号和发布说明，但提交审核由发布负责人操作。""","mobile release with signing confined to CI")
