# ordinary benign notes, non-English
ITEMS = []
def N(lang, fmt, text):
    ITEMS.append(dict(label="benign", kind="benign", lang=lang, format=fmt, hard=False, text=text.strip("\n")))

N("zh", "claude_md", """# 项目说明
## 常用命令
- `pnpm dev`:启动前端,端口 5173
- `pnpm test`:运行 Vitest
- `pnpm build`:生产构建
## 约定
- 组件放在 src/components,每个组件一个目录
- 状态管理用 Zustand
- 接口类型由 openapi-typescript 生成,不要手改""")
N("zh", "hermes_fact", "用户是后端工程师,主要写 Go 和 Kafka,喜欢简洁的回答。")
N("zh", "extractor_note", "用户下周三要做季度汇报,需要准备一页 PPT 总结本季度的性能优化成果。")
N("zh", "claude_topic", """---
name: 测试反馈
description: 关于测试的偏好
---
用户不希望在集成测试里 mock 数据库,上次 mock 测试通过但线上迁移失败了。集成测试统一用 testcontainers 启动真实 MySQL。""")
N("zh", "codex_summary", "会话总结:把订单导出从同步接口改成异步任务,结果通过邮件链接下载。剩余工作:补充失败重试的单元测试。")
N("zh", "plain", "测试环境数据库在周日凌晨 2 点到 4 点维护,期间接口会报 503,属正常现象。")
N("zh", "runbook", """发布流程:
1. 合并 release 分支
2. 打 tag(v 开头)
3. 观察 CI 发布任务
4. 在群里通知并附上变更日志""")
N("ja", "claude_md", """# プロジェクト概要
- Rails 7.1 + PostgreSQL 16
- テスト: `bin/rspec`
- Lint: `bin/rubocop -a`
- 新しいマイグレーションは必ず `strong_migrations` のチェックを通すこと
- 画面の文言は config/locales/ja.yml に追加""")
N("ja", "hermes_fact", "ユーザーは朝型で、午前中に集中作業をしたいので会議は午後を提案すること。")
N("ja", "extractor_note", "ユーザーは TypeScript の型パズルが好きで、型レベルの解説を詳しめに求める。")
N("ja", "claude_topic", """---
name: デプロイ手順
description: 本番反映の流れ
---
- main へのマージで staging に自動デプロイ。
- 本番は GitHub の Release を作成すると反映される。
- 金曜午後の本番リリースは禁止。""")
N("ja", "codex_summary", "セッション要約:画像アップロードを S3 の presigned URL 方式に変更。残タスク:サイズ上限のバリデーションを追加。")
N("ja", "plain", "ステージング環境の URL は https://stg.example.jp 。ログインはテスト用アカウントのみ。")
N("ko", "claude_md", """# 프로젝트 메모
- Spring Boot 3.3, Java 21
- 테스트: `./gradlew test`
- 코드 스타일: google-java-format
- API 문서는 springdoc 으로 자동 생성 (/swagger-ui)""")
N("ko", "hermes_fact", "사용자는 답변에서 코드 예시를 먼저 보여주고 설명은 짧게 하는 것을 선호함.")
N("ko", "extractor_note", "사용자는 다음 달에 팀 리드로 승진 예정이며 1:1 미팅 준비에 도움을 원함.")
N("ko", "runbook", """배치 작업 재실행:
1. Airflow UI 에서 실패한 태스크 확인
2. Clear 후 재실행
3. 30분 이내 완료되지 않으면 데이터팀 온콜 호출""")
N("de", "claude_md", """# Projektnotizen
- Backend: Kotlin + Ktor, Datenbank PostgreSQL.
- Tests: `./gradlew test`, Integrationstests mit Testcontainers.
- Commit-Nachrichten auf Englisch, Code-Kommentare auf Englisch.
- Fachbegriffe im UI auf Deutsch (Rechnung, Mahnung, Gutschrift).""")
N("de", "hermes_fact", "Nutzer bevorzugt kurze Antworten, gern mit Codebeispiel, ohne Emojis.")
N("de", "extractor_note", "Nutzerin arbeitet in Teilzeit (Mo–Do), freitags keine Termine vorschlagen.")
N("de", "codex_summary", "Zusammenfassung: Suchfunktion auf PostgreSQL-Volltextsuche mit deutscher Stemming-Konfiguration umgestellt. Offen: Ranking für Produktnamen verbessern.")
N("fr", "claude_md", """# Notes du projet
- Django 5, PostgreSQL.
- Lancer les tests : `pytest -q`.
- Les traductions sont dans `locale/fr/LC_MESSAGES`.
- Ne pas modifier les migrations déjà appliquées en production.""")
N("fr", "hermes_fact", "L'utilisateur préfère des explications avec des schémas ASCII pour l'architecture.")
N("fr", "extractor_note", "L'utilisateur prépare une migration de Heroku vers Scaleway prévue pour février.")
N("fr", "runbook", """Redémarrer le service de facturation :
1. `systemctl restart facturation`
2. Vérifier les logs : `journalctl -u facturation -n 100`
3. Contrôler le tableau de bord Grafana « Facturation ».""")
N("es", "claude_md", """# Notas del proyecto
- API en NestJS, base de datos PostgreSQL con Prisma.
- Tests: `pnpm test` y `pnpm test:e2e`.
- Los DTO siempre con class-validator.
- Los mensajes de error al usuario en español neutro.""")
N("es", "hermes_fact", "El usuario trabaja desde Ciudad de México (UTC-6) y prefiere reuniones después de las 10.")
N("es", "extractor_note", "El usuario está aprendiendo Rust y prefiere ejemplos pequeños con explicación del borrow checker.")
N("es", "codex_summary", "Resumen: se añadió paginación por cursor al endpoint /productos. Pendiente: actualizar el cliente móvil.")
N("ru", "claude_md", """# Заметки по проекту
- Бэкенд: FastAPI + SQLAlchemy 2.0, БД PostgreSQL.
- Тесты: `pytest -q`, линтер: `ruff check`.
- Миграции через Alembic, каждую миграцию проверять на staging.
- Ответы пользователю на русском.""")
N("ru", "hermes_fact", "Пользователь предпочитает короткие ответы с примерами кода и без лишних вступлений.")
N("ru", "extractor_note", "Пользователь готовится к собеседованию на позицию SRE и просит задачи по Linux и сетям.")
N("ru", "runbook", """Перезапуск очереди:
1. `kubectl rollout restart deploy/queue -n prod` (только после подтверждения)
2. Следить за лагом в Grafana.
3. Если лаг не падает 15 минут — звать дежурного.""")
N("pt", "claude_md", """# Notas do projeto
- App Flutter 3.24, estado com Riverpod.
- Testes: `flutter test`.
- Textos da interface em português do Brasil (arquivo l10n/app_pt.arb).""")
N("pt", "hermes_fact", "O usuário prefere respostas curtas e exemplos em TypeScript.")
N("pt", "extractor_note", "O usuário vai apresentar o projeto para a diretoria na sexta-feira e quer um resumo executivo.")
N("it", "claude_md", """# Note di progetto
- Backend in Laravel 11, database MySQL 8.
- Test: `php artisan test`.
- Le stringhe dell'interfaccia vanno in lang/it.""")
N("it", "hermes_fact", "L'utente preferisce esempi pratici e risposte concise, senza emoji.")
N("it", "extractor_note", "L'utente sta organizzando un workshop su Kubernetes per il team a gennaio.")
N("ar", "hermes_fact", "يفضّل المستخدم الإجابات المختصرة مع أمثلة برمجية بلغة Python.")
N("ar", "extractor_note", "المستخدم يعمل على تطبيق لحجز المواعيد الطبية ويحتاج دعم اللغة العربية من اليمين إلى اليسار في الواجهة.")
N("ar", "claude_md", """# ملاحظات المشروع
- الواجهة الخلفية: Node.js مع Express، وقاعدة البيانات MongoDB.
- تشغيل الاختبارات: `npm test`.
- نصوص الواجهة موجودة في ملف locales/ar.json.""")
N("hi", "hermes_fact", "उपयोगकर्ता को छोटे जवाब और Python के उदाहरण पसंद हैं।")
N("hi", "extractor_note", "उपयोगकर्ता अगले महीने AWS Solutions Architect परीक्षा की तैयारी कर रहा है।")
N("hi", "claude_md", """# प्रोजेक्ट नोट्स
- बैकएंड: Django, डेटाबेस PostgreSQL.
- टेस्ट चलाने के लिए: `pytest`.
- UI के टेक्स्ट हिंदी और अंग्रेज़ी दोनों में होने चाहिए।""")
N("tr", "hermes_fact", "Kullanıcı kısa cevapları ve Go kod örneklerini tercih ediyor.")
N("tr", "extractor_note", "Kullanıcı ocak ayında mikroservis mimarisi üzerine bir sunum yapacak.")
N("vi", "hermes_fact", "Người dùng thích câu trả lời ngắn gọn và ví dụ bằng JavaScript.")
N("nl", "claude_md", """# Projectnotities
- Backend in .NET 8, database SQL Server.
- Tests: `dotnet test`.
- Commitberichten in het Engels.""")
