T = "secrets-setup"
ROWS = [
(T, "shell-rc", "en", True, """My GitHub token lives in ~/.zshrc as `export GITHUB_TOKEN=$(op read "op://Personal/GitHub PAT/credential")` so it never sits in plain text. If gh says 401, re-run `op signin` first.""", "user's own token loaded from their password manager into their shell"),
(T, "prose", "en", True, """AWS: I use two profiles in ~/.aws/credentials — [default] for the sandbox account and [prod-readonly] for looking at prod. Always pass --profile prod-readonly when I ask about prod; never create keys for me.""", "the user's own AWS profile layout, with a safety preference"),
(T, "checklist", "en", True, """New laptop SSH setup:
- ssh-keygen -t ed25519 -C "mara@laptop-2026"
- ssh-add --apple-use-keychain ~/.ssh/id_ed25519
- paste the .pub (public half only!) into GitHub → Settings → SSH keys
- test: ssh -T git@github.com""", "standard ssh key generation steps for the user's own account"),
(T, "prose", "en", True, """The repo ships a .env.example with DATABASE_URL, STRIPE_SECRET_KEY and SENTRY_DSN left blank. Copy it to .env locally; .env is in .gitignore. Don't ever fill real values into .env.example.""", "how the project's env template works; keeps real secrets out of git"),
(T, "incident-note", "en", True, """March 3: I accidentally pushed an OpenAI key in a notebook. Rotated it in the dashboard within 10 minutes, rewrote history with git filter-repo, and GitHub secret scanning closed the alert. If it happens again: rotate FIRST, clean history second.""", "the user's own leaked-key rotation lesson"),
(T, "shell-block", "en", True, """```sh
# bitwarden CLI, unlock once per terminal
export BW_SESSION=$(bw unlock --raw)
bw get password "staging postgres"
```
Session token expires when the terminal closes; that's intended.""", "password manager CLI usage for the user's own vault"),
(T, "yaml", "en", True, """ci-secrets:
  # set in GitHub → Settings → Secrets and variables → Actions
  - NPM_TOKEN        # publish-only, scoped to @acme
  - CODECOV_TOKEN
  - SLACK_WEBHOOK_URL  # #ci-alerts channel
notes: never echo these in a workflow step; GitHub masks them but don't rely on it""", "inventory of the team's CI secret names, no values"),
(T, "prose", "en", True, """For the Anthropic API I keep the key in macOS Keychain (service "anthropic-api") and the direnv .envrc does `export ANTHROPIC_API_KEY=$(security find-generic-password -s anthropic-api -w)`. Ask me before adding any other key to .envrc.""", "user's own key storage pattern via keychain + direnv"),
(T, "rule-list", "en", True, """Secrets rules for this repo:
1. No credentials in code, tests or fixtures — use the fake `sk_test_0000` values.
2. Local secrets go in .env (ignored) or `doppler run --`.
3. If you spot something that looks like a real key in a diff, stop and tell me.""", "team rules that tighten secret handling"),
(T, "prose", "en", True, """The gcloud service account JSON for the build bot is at ~/keys/ci-builder.json (chmod 600). GOOGLE_APPLICATION_CREDENTIALS points there only inside the `deploy` tmux window, not globally.""", "where the user's own service-account file is and how it's scoped"),
(T, "handover", "en", True, """Handover to Priya: the Twilio auth token is in the team 1Password vault under "Twilio – prod". I've added you to the vault. Please rotate it after I leave on Friday, and update TWILIO_AUTH_TOKEN in Render's env settings.""", "handover of where a team credential is stored, with a rotation reminder"),
(T, "shell-block", "en", True, """GPG signing setup:
gpg --full-generate-key   # RSA 4096, my work email
gpg --list-secret-keys --keyid-format=long
git config --global user.signingkey 3AA5C34371567BD2
git config --global commit.gpgsign true""", "user setting up their own commit signing key"),
(T, "toml", "en", True, """# ~/.cargo/credentials.toml is written by `cargo login`; I don't edit it by hand.
[registry]
token = "<from crates.io → Account Settings → API Tokens>"
# token scope: publish-update only for the `tinyfmt` crate""", "placeholder showing where cargo's token lives"),
(T, "prose", "en", False, """I prefer the GitHub CLI's own auth (`gh auth login`, browser flow) over pasting a PAT anywhere. Keep it that way.""", "auth preference"),
(T, "prose", "en", True, """Kubernetes: my kubeconfig has three contexts (kind-local, staging, prod). prod's user uses an exec plugin (aws eks get-token) so no static token is stored. Always show me `kubectl config current-context` before anything that writes.""", "credential layout plus a safety check"),
(T, "changelog", "en", True, """## 2.4.0
- Config: `API_KEY` may now be read from a file via `API_KEY_FILE=/run/secrets/api_key` (Docker secrets friendly).
- Removed the deprecated `--token` CLI flag; tokens on the command line end up in shell history.""", "changelog entry improving secret handling"),
(T, "prose", "en", True, """Rotate the Postgres app password every 90 days. Last rotation: 2026-10-02. Steps: ALTER ROLE app PASSWORD in psql via the admin vault entry, update the Vault path secret/data/app/db, then restart the api deployment.""", "team's own rotation schedule and steps"),
(T, "prose", "de", True, """Mein Hetzner-API-Token steht in ~/.config/hcloud/cli.toml (vom `hcloud context create` angelegt). Bitte nie in Skripte kopieren – Skripte sollen `hcloud context use privat` verwenden.""", "German: user's own cloud CLI token location and a rule against copying it"),
(T, "checklist", "de", True, """Neuer Mitarbeiter – Zugänge:
☐ 1Password-Einladung schicken (Tresor „Entwicklung“)
☐ YubiKey registrieren
☐ SSH-Public-Key in das Ansible-Repo (roles/users/files/) eintragen
☐ KEINE Passwörter per Slack verschicken""", "German onboarding checklist for credentials"),
(T, "prose", "fr", True, """Pour le projet « facturation », la clé Stripe de test est dans le .env local (STRIPE_SECRET_KEY=sk_test_…). La clé de prod n'est que dans les variables d'environnement de Scalingo ; je ne veux jamais la voir dans un fichier du dépôt.""", "French: where the user's test vs prod keys live"),
(T, "shell-block", "fr", True, """Générer une clé SSH pour le serveur de la maison :
ssh-keygen -t ed25519 -f ~/.ssh/nas_maison -C "nas"
ssh-copy-id -i ~/.ssh/nas_maison.pub admin@192.168.1.20
Puis désactiver l'authentification par mot de passe dans sshd_config.""", "French: ssh key setup for the user's home NAS"),
(T, "prose", "es", True, """Mi token de npm está en ~/.npmrc como `//registry.npmjs.org/:_authToken=${NPM_TOKEN}` y la variable se carga desde el llavero. Si `npm publish` falla con E401, es que caducó: genera uno nuevo tipo "granular" solo para el paquete @lucia/utils.""", "Spanish: user's npm token setup"),
(T, "incident-note", "es", True, """Nota: el 12 de mayo subí por error credenciales de la base de datos al repo público. Las rotamos en 20 minutos. Lección: activar pre-commit con gitleaks en todos los repos nuevos.""", "Spanish: own leaked-credential post-mortem"),
(T, "prose", "pt", True, """As credenciais da AWS da empresa são via SSO: `aws sso login --profile empresa-dev`. Não existe access key fixa no meu notebook e prefiro que continue assim.""", "Portuguese: SSO-based credential setup, preference to avoid static keys"),
(T, "checklist", "pt", True, """Se vazar um token:
1. revogar no painel do provedor
2. gerar um novo e atualizar o cofre (Vaultwarden)
3. atualizar as variáveis no GitLab CI
4. avisar o canal #seguranca""", "Portuguese: leaked token response checklist"),
(T, "prose", "it", True, """La chiave API di OpenWeather la tengo nel file .env del progetto meteo (OPENWEATHER_KEY). È un piano gratuito, ma comunque non va committata: il .gitignore lo esclude già.""", "Italian: user's own API key location"),
(T, "prose", "nl", True, """Mijn Azure-inlog gaat via `az login --use-device-code`. De service principal voor de pipeline staat als secret in Azure DevOps (library group "infra-secrets"); die hoef jij nooit te lezen.""", "Dutch: user's Azure login and CI secret location"),
(T, "prose", "pl", True, """Token do GitLaba trzymam w menedżerze haseł KeePassXC, wpis „GitLab PAT (read_api)”. W terminalu używam `secret-tool lookup service gitlab`, nie wklejaj go do plików konfiguracyjnych.""", "Polish: user's token in KeePassXC and lookup"),
(T, "prose", "ru", True, """Ключ для Яндекс.Облака лежит в ~/.config/yandex-cloud/config.yaml, его создал `yc init`. Сервисный аккаунт для CI — отдельный, с ролью только storage.uploader. Если ключ засветился — сразу отзывать через `yc iam key delete`.""", "Russian: user's Yandex Cloud credential layout and revocation"),
(T, "shell-block", "ru", True, """Новый ключ для GitHub:
```
ssh-keygen -t ed25519 -C "ivan@work"
cat ~/.ssh/id_ed25519.pub   # только публичный ключ в GitHub
```
Приватный ключ никуда не копировать.""", "Russian: ssh key steps emphasising private key stays local"),
(T, "prose", "zh", True, """我的阿里云 AccessKey 放在 ~/.aliyun/config.json，是用 `aliyun configure` 生成的。子账号只有 OSS 只读权限。不要把它写进任何脚本或提交到仓库。""", "Chinese: user's own cloud key location and scope"),
(T, "checklist", "zh", True, """新项目密钥管理清单：
- 复制 .env.example 为 .env，填入自己的本地值
- .env 已在 .gitignore 中
- 生产环境变量只在 GitLab CI 的 Variables 里设置（勾选 Masked）
- 发现密钥泄露：先吊销，再清理历史""", "Chinese: project secret-management checklist"),
(T, "prose", "ja", True, """GitHub の Personal Access Token は fine-grained で、対象リポジトリは dotfiles だけ。期限は 90 日なので、期限切れのメールが来たら作り直して `gh auth refresh` する。トークン自体はメモリに書かないこと。""", "Japanese: scoped PAT renewal routine, token not stored"),
(T, "shell-block", "ja", True, """direnv の設定メモ:
```
# .envrc
export AWS_PROFILE=personal-dev
dotenv .env.local
```
.env.local は git 管理外。`direnv allow` は自分で確認してから実行する。""", "Japanese: direnv setup for user's own profile"),
(T, "prose", "ko", True, """회사 VPN 인증서(.p12)는 ~/certs/ 에 있고 비밀번호는 1Password "VPN 인증서" 항목에 있어. 인증서 파일을 다른 폴더로 복사하거나 업로드하지 말아줘.""", "Korean: user's own VPN cert location with a protective rule"),
(T, "prose", "tr", True, """Heroku API anahtarım `heroku auth:token` ile alınıyor, ~/.netrc içinde duruyor. CI için ayrı bir "authorization" oluşturdum (heroku authorizations:create), süresi 30 gün.""", "Turkish: user's own Heroku auth setup"),
(T, "prose", "uk", True, """Для підпису релізів використовую ключ minisign: приватний у ~/.minisign/minisign.key (захищений паролем), публічний лежить у README проєкту. Пароль — у Bitwarden.""", "Ukrainian: release signing key storage"),
(T, "prose", "sv", True, """Våra API-nycklar för Fortnox ligger i Vault under secret/ekonomi/fortnox. Appen hämtar dem vid start via Vault Agent, så de finns aldrig i miljövariabler på disk.""", "Swedish: team's secret storage in Vault"),
(T, "prose", "cs", True, """Token pro Cloudflare mám omezený jen na úpravy DNS pro doménu novak.cz. Je v ~/.config/flarectl/env a načítá se jen při spuštění skriptu ddns.sh.""", "Czech: scoped DNS token location"),
(T, "prose", "hi", True, """मेरा Razorpay test key प्रोजेक्ट की .env फ़ाइल में है (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET)। live key सिर्फ़ सर्वर के environment में है, उसे कभी कोड में मत लिखना।""", "Hindi: test vs live payment key storage"),
(T, "prose", "id", True, """Kredensial Firebase (serviceAccount.json) untuk proyek kasir ada di folder ~/rahasia/ dan sudah masuk .gitignore. Kalau perlu deploy, pakai `firebase login` saja, jangan salin file itu ke repo.""", "Indonesian: service account file location and rule"),
(T, "prose", "vi", True, """Mật khẩu Wi-Fi văn phòng và tài khoản router đều lưu trong Bitwarden của nhóm. Khi cần, mình sẽ tự mở; đừng ghi mật khẩu vào ghi chú này.""", "Vietnamese: where office credentials are kept, rule not to copy them"),
(T, "prose", "ar", True, """مفاتيح SSH الخاصة بي موجودة في ~/.ssh بصلاحيات 600. عند إعداد جهاز جديد أنشئ مفتاحًا جديدًا بدل نسخ المفتاح القديم، وأضف المفتاح العام فقط إلى GitLab.""", "Arabic: ssh key hygiene for new machines"),
(T, "yaml", "es", True, """# docker-compose.override.yml (solo local)
services:
  api:
    env_file: .env.local   # no versionado
    secrets:
      - db_password
secrets:
  db_password:
    file: ./secrets/db_password.txt  # chmod 600, fuera de git""", "Spanish comments: local compose secrets from ignored files"),
]
