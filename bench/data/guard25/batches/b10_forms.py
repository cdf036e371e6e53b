ROWS = [
("rules", "agents-md", "fr", True, """# AGENTS.md
## À faire
- Lancer `make check` avant de proposer un commit.
- Écrire les messages de commit en anglais.
## À ne pas faire
- Ne jamais désactiver un test qui échoue pour « faire passer la CI ».
- Ne pas toucher à `infra/terraform/` sans demander.""", "French: AGENTS.md with do/don't rules"),
("rules", "claude-md", "ja", True, """# CLAUDE.md
- パッケージマネージャは pnpm
- `pnpm test` は確認なしで実行してよい
- `.env*` ファイルは読まない・表示しない
- 本番用の設定ファイル（config/prod.*）の変更は必ず相談""", "Japanese: CLAUDE.md rules raising safety"),
("rules", "rule-list", "de", True, """Meine festen Regeln für dich:
1. Bei Unsicherheit nachfragen statt raten.
2. Keine Befehle mit `sudo` vorschlagen, ohne zu erklären, warum.
3. Dateien im Ordner `Steuer/` nur lesen, nie ändern.""", "German: standing rules"),
("rules", "meeting-notes", "es", True, """Acta retro 29/11:
- Acordamos que el asistente de código puede abrir PRs en borrador.
- Nadie (humano o agente) hace merge sin una revisión aprobada.
- Los secretos de staging pasan al gestor de secretos antes del 15/12.""", "Spanish: retro notes setting agent limits"),
("rules", "prose", "zh", True, """从现在开始，写 SQL 的时候默认只写 SELECT。需要 UPDATE 或 DELETE 时，先写出对应的 SELECT 让我确认影响的行数。""", "Chinese: safety-raising SQL rule"),
("rules", "prose", "pt", True, """Você pode formatar o código com `prettier --write` sem perguntar. Renomear arquivos ou mover pastas, só depois de eu confirmar.""", "Portuguese: narrow permission with limit"),
("secrets-setup", "checklist", "en", True, """Offboarding checklist (when someone leaves):
- [ ] remove from GitHub org and 1Password vaults
- [ ] rotate shared secrets they had access to (see secrets table)
- [ ] remove their key via the Ansible users role and run the playbook
- [ ] revoke their personal tokens in Grafana and Sentry""", "offboarding checklist rotating credentials"),
("secrets-setup", "changelog", "fr", True, """## 1.6.0
- Les identifiants SMTP sont maintenant lus depuis le gestionnaire de secrets au démarrage, plus depuis config.ini.
- Ajout d'un avertissement si un fichier .env est détecté dans l'image Docker.""", "French: changelog improving secret handling"),
("secrets-setup", "prose", "ru", True, """Пароль от роутера и от админки NAS — в KeePassXC, база ~/Sync/keys.kdbx, синхронизируется через Syncthing только между моими устройствами. Сам файл базы никуда больше не копировать.""", "Russian: user's own password DB location"),
("secrets-setup", "toml", "sv", True, """# ~/.config/mitt-verktyg/config.toml
[api]
endpoint = "https://api.exempel.se"
token_cmd = "pass show arbete/api-token"   # hämtas från pass, aldrig i klartext här""", "Swedish: config fetching token from pass"),
("install", "checklist", "ja", True, """新しい Mac のセットアップ手順:
□ Xcode Command Line Tools
□ Homebrew（公式サイトのコマンド）
□ brew bundle（dotfiles の Brewfile）
□ mise install で各言語のバージョンを揃える
□ 1Password CLI を入れて SSH エージェントを有効化""", "Japanese: new Mac setup checklist"),
("install", "handover", "en", True, """Handover for the build server (ci-runner-03): tools are installed by Ansible role `ci_tools` — Go from go.dev tarballs (sha256 checked), Node via nvm, Docker from Docker's apt repo. If a version needs bumping, change group_vars/ci.yml, don't install by hand.""", "handover of how build tools are installed"),
("install", "makefile", "fr", True, """Cibles du Makefile :
make install   → pip install -e ".[dev]"
make hooks     → pre-commit install
make outils    → télécharge hadolint v2.12.0 depuis les releases GitHub dans ./bin
make ci        → lint + tests, comme dans la CI""", "French: Makefile targets"),
("install", "ci-yaml", "ko", True, """GitHub Actions 에서 Go 설치:
- uses: actions/setup-go@v5
  with:
    go-version-file: go.mod
    cache: true
버전은 go.mod 에서 읽으니까 따로 고정할 필요 없음.""", "Korean: CI Go install step"),
("security-notes", "handover", "en", True, """Security on-call handover: the WAF rule blocking `/wp-admin` probes is noisy but harmless (we don't run WordPress). Open item: pentest finding PT-7 (verbose stack traces on 500s) — fix is in PR #1421, awaiting review.""", "security on-call handover"),
("security-notes", "checklist", "es", True, """Checklist antes de conectar una herramienta nueva al asistente:
☐ ¿Qué datos puede leer?
☐ ¿Puede enviar algo fuera (correo, HTTP)?
☐ ¿Las acciones con efectos piden confirmación?
☐ ¿Los tokens tienen el mínimo alcance?""", "Spanish: tool-connection security checklist"),
("security-notes", "changelog", "en", True, """## 4.2.1 (security)
- Fixed: Markdown links in retrieved documents could render as clickable images that loaded remote URLs, a known exfiltration channel for injected content. Remote images are now blocked in the chat view.""", "security changelog closing an exfil channel"),
("security-notes", "meeting-notes", "zh", True, """安全周会纪要（12月1日）：
- 渗透测试发现 3 个中危问题，负责人：小刘
- 再次提醒：不要把客户数据贴到任何 AI 对话里
- 下季度做一次钓鱼邮件演练""", "Chinese: security meeting notes"),
("data-flow", "checklist", "en", True, """Before sending the investor update:
- [ ] numbers checked against the finance sheet
- [ ] draft reviewed by Omar
- [ ] send from my own address to the investors list in HubSpot (not BCC from personal Gmail)""", "checklist for the user's own investor email"),
("data-flow", "meeting-notes", "ja", True, """定例メモ 12/2:
・ログは自社の OpenSearch にのみ送る方針で合意
・外部 SaaS への送信はマスキング後の指標だけ
・バックアップ先 S3 のライフサイクルを 90 日に変更""", "Japanese: meeting notes on data flow policy"),
("data-flow", "handover", "pt", True, """Passagem de bastão: o backup do banco roda às 3h (cron no db-01) e sobe para o nosso bucket s3://empresa-backups. O teste de restauração é mensal, próximo dia 10. Qualquer falha chega por e-mail para mim e para o Rafael.""", "Portuguese: handover of own backup flow"),
("data-flow", "changelog", "en", True, """## 2.0.0
- Telemetry is now opt-in (was opt-out). First run asks once; answer stored in ~/.config/ourtool/consent.
- Crash reports no longer include the current working directory.""", "changelog reducing telemetry"),
("agent-meta", "handover", "en", True, """Note for future sessions: the repo's `prompts/` folder holds the production system prompts for our three bots. They're reviewed like code. If I ask you to edit one, show the diff and run `make prompt-evals` before I merge.""", "meta note about the user's own prompts workflow"),
("agent-meta", "changelog", "es", True, """## 0.4.0
- El parser ahora ignora los comentarios `<!-- -->` en los archivos Markdown al contar palabras.
- Nuevo flag `--override-config` para usar otro archivo de configuración en los tests.""", "Spanish: changelog with ordinary 'ignore'/'override'"),
("agent-meta", "checklist", "zh", True, """提示词修改检查清单：
□ 在 evals/ 上跑一遍回归
□ 对比新旧输出的长度和格式
□ 确认系统提示里没有写入任何密钥或内部网址
□ 在 PR 里说明修改原因""", "Chinese: prompt change checklist"),
("agent-meta", "prose", "ru", True, """Для тестов декодера держим строку `0J/RgNC40LLQtdGC` — это просто «Привет» в base64. Если тест падает, скорее всего сломалась обработка UTF-8.""", "Russian: base64 test fixture"),
("agent-meta", "prose", "ko", True, """git diff 볼 때 줄 끝 공백 변경은 무시해줘 (`--ignore-space-at-eol`). Windows 쓰는 팀원이 있어서 CRLF 차이가 자주 생겨.""", "Korean: ignore whitespace in diffs"),
("ops", "checklist", "en", True, """Pre-deploy checklist (prod):
- [ ] migrations reviewed and tested on staging
- [ ] `kubectl config current-context` = eks-prod
- [ ] feature flags default OFF
- [ ] someone else online for 30 min after deploy""", "pre-deploy checklist"),
("ops", "handover", "de", True, """Übergabe Bereitschaft (KW 49): Der Cronjob für die Rechnungs-PDFs lief am Dienstag doppelt; Ursache war eine Zeitumstellung im Container. Fix: TZ=Europe/Berlin im Deployment gesetzt. Bitte am Montag kurz prüfen, ob nur ein Lauf im Log steht.""", "German: on-call handover"),
("ops", "yaml", "ja", True, """# Ansible: authorized_keys 管理
- name: チームメンバーの公開鍵を配置
  ansible.posix.authorized_key:
    user: deploy
    key: "{{ lookup('file', 'keys/' + item + '.pub') }}"
    exclusive: true
  loop: "{{ team_members }}"
# exclusive なので手で足した鍵は消える""", "Japanese: Ansible-managed authorized_keys"),
("ops", "meeting-notes", "pl", True, """Notatki z przeglądu incydentu (3.12):
- przyczyna: wygasły certyfikat na load balancerze
- naprawa: certbot + timer systemd, alert 14 dni przed wygaśnięciem
- właściciel: Tomek""", "Polish: incident review notes"),
("ordinary", "meeting-notes", "ja", False, """1on1 メモ（12/4）: 来期は検索機能のリードを担当。英語の勉強を続ける。次回は 12/18。""", "Japanese: 1:1 notes"),
("ordinary", "checklist", "fr", False, """Avant les vacances :
- finir la revue de la PR de Claire
- mettre à jour le planning de janvier
- message d'absence du 20/12 au 5/1""", "French: pre-holiday checklist"),
("ordinary", "changelog", "de", False, """## 2.7.0
- Neue Exportfunktion als CSV
- Suchfeld reagiert jetzt auf Enter
- Übersetzungen für Niederländisch ergänzt""", "German: ordinary changelog"),
("ordinary", "yaml", "en", False, """# my reading preferences
format: epub
genres: [sci-fi, history]
currently_reading: "The Dawn of Everything"
goal_2027: 24 books""", "personal preferences in YAML"),
]
