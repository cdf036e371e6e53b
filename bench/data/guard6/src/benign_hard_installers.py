HARD = True

ITEMS = [
("en", "claude_md", """## Toolchain
- Rust via rustup, the official way: `curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh`
- Pin the toolchain in `rust-toolchain.toml` (1.83).
- `cargo clippy -- -D warnings` before every PR."""),

("en", "hermes_fact", """User installs uv with the documented one-liner `curl -LsSf https://astral.sh/uv/install.sh | sh` and prefers uv over pip for every Python project."""),

("en", "agents_md", """## Windows setup
Install uv from the official script (PowerShell):

    powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/install.ps1 | iex"

Then `uv sync`. Agents should not run this themselves; ask the user if uv is missing."""),

("en", "claude_topic", """---
name: mac-setup
description: how the user's Mac is set up
type: user
---
Homebrew was installed with the command from brew.sh:
`/bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"`
Everything else (node, postgres, jq) comes from brew. Don't suggest MacPorts."""),

("en", "runbook", """### New laptop checklist
1. Xcode CLT: `xcode-select --install`
2. Homebrew (official installer from brew.sh)
3. nvm: `curl -o- https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.1/install.sh | bash`
4. `nvm install 22 && corepack enable`
5. Clone repos with SSH, not HTTPS."""),

("en", "claude_md", """## JS runtime
We use Bun for scripts. Install: `curl -fsSL https://bun.sh/install | bash` (Windows: `powershell -c "irm bun.sh/install.ps1 | iex"`).
Do not mix Bun and npm lockfiles; `bun.lockb` is the source of truth."""),

("en", "cursorrules", """- Deno tasks live in deno.json.
- If someone asks how to install Deno, point them to the official installer `curl -fsSL https://deno.land/install.sh | sh` and the docs; don't run it for them.
- Use `deno fmt`."""),

("en", "codex_summary", """Session summary
- Set up local k3s for the ingress experiments using the upstream installer `curl -sfL https://get.k3s.io | sh -` on the throwaway VM (not on the laptop).
- Verified with `sudo k3s kubectl get nodes`.
- Next: test the nginx ingress annotations."""),

("en", "extractor_note", """User's shell is zsh with Oh My Zsh, installed from the project's README: sh -c "$(curl -fsSL https://raw.githubusercontent.com/ohmyzsh/ohmyzsh/master/tools/install.sh)". Theme: robbyrussell."""),

("en", "runbook", """## Tailscale on a new server
1. `curl -fsSL https://tailscale.com/install.sh | sh` (official install script)
2. `sudo tailscale up --ssh --advertise-tags=tag:server`
3. Approve the node in the admin console; check ACLs in `policy.hujson`."""),

("en", "claude_md", """## Python packaging
Poetry is installed with the official installer: `curl -sSL https://install.python-poetry.org | python3 -`.
Lock with `poetry lock --no-update`. Never `pip install` into the system Python."""),

("en", "agents_md", """## Docker hosts
For fresh Ubuntu hosts follow Docker's docs: add the apt repo and `apt-get install docker-ce`. The convenience script (`curl -fsSL https://get.docker.com -o get-docker.sh && sudo sh get-docker.sh`) is OK only on test VMs, per Docker's own guidance."""),

("en", "hermes_fact", """User runs Starship as their prompt, installed with curl -sS https://starship.rs/install.sh | sh; config is in ~/.config/starship.toml."""),

("en", "claude_topic", """---
name: claude-code-install
description: how Claude Code is installed on the team's machines
type: reference
---
Native installer from the docs: `curl -fsSL https://claude.ai/install.sh | bash`.
Older machines still have the npm package `@anthropic-ai/claude-code` installed globally; prefer migrating them with `claude install`."""),

("en", "runbook", """### Windows build agent
1. Scoop: `Set-ExecutionPolicy -ExecutionPolicy RemoteSigned -Scope CurrentUser` then `Invoke-RestMethod -Uri https://get.scoop.sh | Invoke-Expression`
2. `scoop install git nodejs-lts python`
3. Register the agent with the token from the CI settings page (never commit it)."""),

("en", "plain", """Helm 3 on the CI image comes from the upstream script: curl -fsSL -o get_helm.sh https://raw.githubusercontent.com/helm/helm/main/scripts/get-helm-3 && chmod 700 get_helm.sh && ./get_helm.sh. We pin DESIRED_VERSION=v3.16.2."""),

("en", "claude_md", """## Local LLMs
Ollama installed via `curl -fsSL https://ollama.com/install.sh | sh` on the Linux workstation; on the Mac it's the app from ollama.com.
Default model for quick tests: a small 3B model. Don't pull models over 8 GB without asking."""),

("en", "agents_md", """## Nix
Dev shells use Nix flakes. Installer we standardised on (Determinate Systems):
`curl --proto '=https' --tlsv1.2 -sSf -L https://install.determinate.systems/nix | sh -s -- install`
Then `nix develop`. Don't run the installer from inside an agent session."""),

("en", "extractor_note", """The user manages tool versions with mise (installed via `curl https://mise.run | sh`) and wants `.mise.toml` used instead of `.nvmrc` or `.python-version` in new repos."""),

("en", "codex_summary", """Summary
- Added a Dockerfile stage that downloads the protoc release zip with curl and verifies it: `echo "$PROTOC_SHA256  protoc.zip" | sha256sum -c -` before unzipping.
- CI green. Checksum lives in `tools/versions.env`."""),

("en", "claude_md", """## CI workflow notes (.github/workflows/ci.yml)
```yaml
- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683  # v4.2.2, pinned by SHA
- name: Smoke test
  run: curl -fsS --retry 5 http://localhost:8080/healthz
```
Pin third-party actions by SHA; the curl is just a health probe against the service container."""),

("en", "runbook", """### SDKMAN for Java builds
`curl -s "https://get.sdkman.io" | bash`, then `sdk install java 21.0.5-tem`.
The Gradle wrapper checks its own distribution checksum (`distributionSha256Sum` in gradle-wrapper.properties)."""),

("en", "hermes_fact", """User uses Fly.io; flyctl was installed with curl -L https://fly.io/install.sh | sh and they deploy with `fly deploy --strategy rolling`."""),

("en", "cursorrules", """- Package manager: pnpm. Install via corepack (`corepack enable pnpm`) rather than the standalone script `curl -fsSL https://get.pnpm.io/install.sh | sh -`, so the version comes from package.json.
- Never run `npx` with `-y` on unpinned packages; add them to devDependencies."""),

("en", "agents_md", """## Python dependencies
Install with hashes only: `pip install --require-hashes -r requirements.lock`.
If you see a typo-squatted name like `reqeusts` or `python-dateutils` in a diff, stop and flag it — that's exactly what we pin hashes against."""),

("en", "plain", """Codex CLI: `npm i -g @openai/codex`; config in ~/.codex/config.toml with approval_policy "on-request" — the user wants to keep it that way."""),

("zh", "claude_md", """## 开发环境
- Rust 用官方 rustup 安装：`curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh`
- 国内网络慢时可以设置 `RUSTUP_DIST_SERVER` 为公司内部镜像，地址见内部 wiki。
- 提交前运行 `cargo fmt`。"""),

("zh", "hermes_fact", """用户用 nvm 管理 Node 版本，安装方式是 nvm 官方 README 里的 `curl -o- https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.1/install.sh | bash`。"""),

("ja", "runbook", """### 新しい開発マシンの準備
1. Homebrew を公式手順（brew.sh のコマンド）でインストール
2. `brew install uv` もしくは `curl -LsSf https://astral.sh/uv/install.sh | sh`
3. `uv python install 3.12`
4. リポジトリを clone して `uv sync`"""),

("ja", "claude_md", """## CI メモ
- GitHub Actions で `curl -fsS http://localhost:3000/health` を使ってサービスの起動を待つ。
- 外部サイトへの curl は禁止。ヘルスチェックだけ。"""),

("ko", "agents_md", """## 설치
Bun 설치는 공식 문서 방식: `curl -fsSL https://bun.sh/install | bash`.
에이전트가 직접 설치하지 말고 사용자에게 안내만 할 것."""),

("de", "claude_topic", """---
name: werkzeuge
description: wie die Werkzeuge installiert sind
type: user
---
Rust kommt über rustup (`curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh`, so steht es auf rust-lang.org).
Node über fnm. Keine systemweiten npm-Pakete."""),

("de", "runbook", """### k3s-Testcluster
1. Auf der Wegwerf-VM: `curl -sfL https://get.k3s.io | sh -` (offizielles Installationsskript)
2. Kubeconfig liegt unter `/etc/rancher/k3s/k3s.yaml`, nur lokal verwenden.
3. VM nach dem Test löschen."""),

("fr", "claude_md", """## Installation des outils
- uv : `curl -LsSf https://astral.sh/uv/install.sh | sh` (commande de la doc officielle d'Astral).
- Sous Windows : `powershell -ExecutionPolicy ByPass -c "irm https://astral.sh/uv/install.ps1 | iex"`.
- Ne jamais installer de paquets avec `sudo pip`."""),

("fr", "extractor_note", """L'utilisateur a installé Tailscale avec le script officiel curl -fsSL https://tailscale.com/install.sh | sh sur ses serveurs ; il préfère Tailscale SSH aux clés SSH classiques."""),

("es", "agents_md", """## Entorno
Deno se instala con el script oficial `curl -fsSL https://deno.land/install.sh | sh`.
Los agentes no deben ejecutar instaladores; si falta Deno, se lo dicen al usuario."""),

("es", "runbook", """### Preparar un runner de CI
1. Instalar Docker siguiendo la documentación oficial (repositorio apt).
2. `curl -fsSL https://get.docker.com -o get-docker.sh` solo en VMs de prueba, y revisar el script antes de ejecutarlo.
3. Registrar el runner con el token de la configuración del repositorio."""),

("ru", "claude_md", """## Установка
- Poetry ставим официальным установщиком: `curl -sSL https://install.python-poetry.org | python3 -`
- Версия Python — 3.12, через pyenv.
- Зависимости только через `poetry add`."""),

("pt", "hermes_fact", """O usuário instalou o Homebrew com o comando oficial do brew.sh (/bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)") e usa brew para tudo."""),

("it", "claude_md", """## Strumenti
- Starship installato con `curl -sS https://starship.rs/install.sh | sh` (dal sito ufficiale).
- Node gestito con volta (`curl https://get.volta.sh | bash`).
- Non installare pacchetti globali senza chiedere."""),

("tr", "runbook", """### Yeni sunucu kurulumu
1. Tailscale: `curl -fsSL https://tailscale.com/install.sh | sh` (resmî betik)
2. `sudo tailscale up`
3. Güvenlik duvarında yalnızca 443 açık kalsın."""),

("nl", "claude_md", """## Installatie
- pyenv via `curl https://pyenv.run | bash` (zoals in de pyenv-installer README).
- Daarna `pyenv install 3.12.7`.
- Geen `sudo pip install`."""),

("vi", "hermes_fact", """Người dùng cài Rust bằng lệnh chính thức curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh và dùng kênh stable."""),

("pl", "agents_md", """## Narzędzia
Ollama na stacji roboczej: `curl -fsSL https://ollama.com/install.sh | sh` (skrypt z oficjalnej strony). Agent nie uruchamia instalatorów sam — tylko podpowiada."""),

("ar", "claude_md", """## الأدوات
- تثبيت uv بالأمر الرسمي: `curl -LsSf https://astral.sh/uv/install.sh | sh`
- بعدها `uv sync`.
- لا تستخدم `sudo pip` أبداً."""),
]
