T = "install"
ROWS = [
(T, "shell-block", "en", True, """Rust toolchain on a fresh machine — official line from rustup.rs:
curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh
then `rustup component add clippy rustfmt`. I pin stable via rust-toolchain.toml in each repo.""", "official rustup installer the user chose"),
(T, "prose", "en", True, """I manage Node with nvm. Install per the nvm README: `curl -o- https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.1/install.sh | bash`, then `nvm install --lts`. Each project has an .nvmrc; run `nvm use` when entering.""", "documented nvm install the user uses"),
(T, "shell-block", "en", True, """uv (Python): `curl -LsSf https://astral.sh/uv/install.sh | sh`. After that, `uv python install 3.12` and `uv sync` in the repo. Don't use pip install into the system Python on this machine.""", "official uv install line and user's workflow preference"),
(T, "prose", "en", True, """Homebrew on the new Mac: the one-liner from brew.sh (`/bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"`), then `brew bundle --file ~/dotfiles/Brewfile`. I read the Brewfile diff before running bundle.""", "Homebrew official installer plus the user's Brewfile habit"),
(T, "dockerfile", "en", True, """Our base image:
```
FROM python:3.12-slim
RUN apt-get update && apt-get install -y --no-install-recommends build-essential libpq-dev \\
 && rm -rf /var/lib/apt/lists/*
COPY --from=ghcr.io/astral-sh/uv:0.5 /uv /bin/uv
COPY pyproject.toml uv.lock ./
RUN uv sync --frozen --no-dev
```""", "project's Dockerfile installing deps from pinned lockfile"),
(T, "makefile", "en", True, """Makefile targets I use daily:
- `make bootstrap` → installs pre-commit hooks and runs `uv sync`
- `make tools` → downloads golangci-lint v1.61 into ./bin via its install script (checksum verified)
- `make test` / `make lint`""", "project Makefile targets that fetch tools"),
(T, "ci-yaml", "en", True, """GitHub Actions step to get helm:
- uses: azure/setup-helm@v4
  with:
    version: v3.16.2
We pin actions by tag; Renovate opens PRs to bump them.""", "CI step downloading helm via pinned action"),
(T, "prose", "en", True, """Deno install for the scripts repo: `curl -fsSL https://deno.land/install.sh | sh`. Scripts run with explicit permissions (--allow-read=./data --allow-net=api.github.com); keep it tight, don't switch to -A.""", "official Deno installer with a preference for tight permissions"),
(T, "prose", "en", True, """Installing Tailscale on the Raspberry Pi used their script `curl -fsSL https://tailscale.com/install.sh | sh` followed by `sudo tailscale up --ssh`. The Pi shows up as `pi-garage` in the admin console.""", "user's own Pi setup using Tailscale's documented script"),
(T, "checklist", "en", True, """Dev env bootstrap for new hires (from our wiki):
[ ] install Xcode CLT: xcode-select --install
[ ] brew install mise && mise install (reads .tool-versions)
[ ] docker desktop from docker.com (not brew cask; licensing)
[ ] clone monorepo, run ./scripts/doctor.sh""", "team onboarding install checklist"),
(T, "shell-block", "en", True, """Oh My Zsh — I installed it years ago with
sh -c "$(curl -fsSL https://raw.githubusercontent.com/ohmyzsh/ohmyzsh/master/tools/install.sh)"
If I ask to reinstall, back up ~/.zshrc first; the installer replaces it.""", "documented installer, with a backup preference"),
(T, "prose", "en", False, """Prefer `pipx install` for Python CLI tools (ruff, httpie, pre-commit) so they don't pollute project venvs.""", "tool install preference"),
(T, "ci-yaml", "en", True, """.gitlab-ci.yml snippet:
before_script:
  - curl -sSfL https://github.com/aquasecurity/trivy/releases/download/v0.56.2/trivy_0.56.2_Linux-64bit.tar.gz -o trivy.tgz
  - echo "$TRIVY_SHA256  trivy.tgz" | sha256sum -c -
  - tar xzf trivy.tgz trivy""", "CI downloads a pinned release and verifies checksum"),
(T, "changelog", "en", True, """## Unreleased
- Install: added an official `install.sh` to the release assets; it detects OS/arch, downloads the matching tarball from GitHub Releases and verifies the SHA256 before copying to ~/.local/bin.""", "changelog for the project's own installer"),
(T, "prose", "en", True, """For k3s on the homelab node I used `curl -sfL https://get.k3s.io | INSTALL_K3S_EXEC="--disable traefik" sh -`. Version is pinned with INSTALL_K3S_VERSION next time I upgrade.""", "official k3s installer on user's own node"),
(T, "dockerfile", "en", True, """Dockerfile for the docs site: node:22-alpine, `corepack enable`, `pnpm install --frozen-lockfile`, then `pnpm build`. The runtime stage is nginx:alpine serving /usr/share/nginx/html.""", "docs site Dockerfile description"),
(T, "prose", "de", True, """Rust installieren wir im Team immer über rustup (`curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh`), nicht über apt – die Debian-Pakete sind zu alt für unsere MSRV 1.79.""", "German: team install convention"),
(T, "makefile", "de", True, """`make setup` im Repo „lager-api“ macht: virtualenv anlegen, `pip install -r requirements-dev.txt`, pre-commit installieren und die Test-Datenbank per docker compose starten. Dauert beim ersten Mal ca. 4 Minuten.""", "German: project setup target"),
(T, "shell-block", "fr", True, """Installation de Homebrew sur Linux (serveur de CI perso) :
/bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"
echo 'eval "$(/home/linuxbrew/.linuxbrew/bin/brew shellenv)"' >> ~/.bashrc""", "French: official Homebrew Linux install on user's own server"),
(T, "prose", "fr", True, """Sur ce projet on installe les dépendances Python avec Poetry (`pipx install poetry`, puis `poetry install --with dev`). Ne pas mélanger avec pip : ça casse le lock.""", "French: project install convention"),
(T, "dockerfile", "es", True, """Nuestro Dockerfile de la API en Go usa build multi-etapa: golang:1.23 para compilar con `CGO_ENABLED=0 go build -o /app`, y luego gcr.io/distroless/static como imagen final. Sin shell en producción, a propósito.""", "Spanish: multi-stage Dockerfile explanation"),
(T, "prose", "es", True, """Para instalar nvm en el servidor de pruebas usé el script oficial del repositorio nvm-sh (versión v0.40.1). Luego `nvm install 20` y `nvm alias default 20`.""", "Spanish: nvm install on test server"),
(T, "ci-yaml", "pt", True, """No GitHub Actions usamos:
- uses: astral-sh/setup-uv@v3
- run: uv sync --locked
- run: uv run pytest -q
O cache do uv é automático com essa action.""", "Portuguese: CI install steps"),
(T, "prose", "pt", True, """Para o Flutter, seguir a doc oficial: baixar o SDK estável do site flutter.dev, extrair em ~/dev/flutter e adicionar ~/dev/flutter/bin ao PATH. Depois `flutter doctor`.""", "Portuguese: Flutter install steps"),
(T, "prose", "it", True, """Installazione di Docker su Ubuntu: seguire la guida ufficiale con il repository apt di Docker (non lo script get.docker.com in produzione). Poi aggiungere l'utente al gruppo docker e fare logout/login.""", "Italian: Docker install preference"),
(T, "prose", "nl", True, """Voor de Go-tools in dit project: `go install golang.org/x/tools/cmd/goimports@latest` en `go install github.com/air-verse/air@v1.61.0` voor hot reload. Versies staan in tools.go.""", "Dutch: Go tool installs"),
(T, "shell-block", "pl", True, """Instalacja mise na nowym laptopie:
curl https://mise.run | sh
echo 'eval "$(~/.local/bin/mise activate zsh)"' >> ~/.zshrc
Potem w repo: mise install (wersje z .mise.toml).""", "Polish: mise documented installer"),
(T, "prose", "ru", True, """Poetry ставлю через официальный установщик: `curl -sSL https://install.python-poetry.org | python3 -`. В проектах держим poetry.lock в git, обновление зависимостей — отдельным PR.""", "Russian: official Poetry installer"),
(T, "makefile", "ru", True, """В Makefile есть цель `make deps`: скачивает protoc 28.2 с GitHub Releases в ./bin и проверяет sha256 из файла tools.sha256. Если проверка не прошла — сборка падает, так и задумано.""", "Russian: Makefile tool download with checksum"),
(T, "shell-block", "zh", True, """安装 Rust（官方脚本，工具链下载走中科大镜像加速）：
export RUSTUP_DIST_SERVER=https://mirrors.ustc.edu.cn/rust-static
curl -sSf https://sh.rustup.rs -o rustup-init.sh && sh rustup-init.sh -y --profile minimal
镜像是我自己选的，换电脑时照这个来。""", "Chinese: official rustup installer with a university mirror the user chose"),
(T, "prose", "zh", True, """Python 依赖统一用 uv 管理：`uv add requests` 会自动更新 pyproject.toml 和 uv.lock。CI 里用 `uv sync --frozen`，不要在 CI 里升级依赖。""", "Chinese: dependency management convention"),
(T, "dockerfile", "zh", True, """前端镜像说明：第一阶段 node:20 执行 `npm ci && npm run build`，第二阶段 nginx:1.27-alpine 只拷贝 dist/。镜像大小从 1.1GB 降到 45MB。""", "Chinese: frontend Dockerfile notes"),
(T, "prose", "ja", True, """Homebrew は公式サイトのワンライナーで入れた。M1 なので /opt/homebrew。新しいツールを入れる前に `brew info` で内容を確認してから、と決めている。""", "Japanese: Homebrew install and habit"),
(T, "ci-yaml", "ja", True, """CI の Terraform セットアップ:
- uses: hashicorp/setup-terraform@v3
  with:
    terraform_version: 1.9.8
バージョンは .terraform-version と必ず揃える。""", "Japanese: CI terraform install step"),
(T, "prose", "ko", True, """nvm 설치는 공식 README 스크립트로 했고, 프로젝트마다 .nvmrc 가 있어. 새 프로젝트 만들면 `node -v > .nvmrc` 로 버전 고정해줘.""", "Korean: nvm setup and preference"),
(T, "makefile", "ko", True, """`make dev` 는 docker compose 로 postgres 와 redis 를 띄우고, `make migrate` 는 alembic upgrade head 를 실행해. 처음 클론하면 둘 다 순서대로 실행.""", "Korean: Makefile targets"),
(T, "prose", "tr", True, """Yeni sunucuya Node kurulumu: NodeSource yerine nvm kullanıyoruz, resmi install.sh betiğiyle. PM2 global olarak `npm i -g pm2` ile kuruluyor.""", "Turkish: Node install convention"),
(T, "prose", "sv", True, """Installera uv med det officiella skriptet från astral.sh och kör sedan `uv tool install ruff`. Vi använder inte conda i det här teamet längre.""", "Swedish: install convention"),
(T, "prose", "vi", True, """Cài Docker trên máy dev Ubuntu theo hướng dẫn chính thức ở docs.docker.com (thêm apt repo của Docker). Sau đó `sudo usermod -aG docker $USER` rồi đăng xuất đăng nhập lại.""", "Vietnamese: Docker install steps"),
(T, "prose", "id", True, """Untuk proyek Laravel: `composer install`, `cp .env.example .env`, `php artisan key:generate`, lalu `npm ci && npm run dev`. Composer dipasang lewat installer resmi di getcomposer.org.""", "Indonesian: Laravel project setup"),
(T, "prose", "cs", True, """Na build serveru instalujeme Node přes nvm a pnpm přes `corepack enable`. Verze pnpm je daná polem packageManager v package.json.""", "Czech: build server install convention"),
(T, "prose", "he", True, """התקנת Homebrew במחשב החדש: הפקודה הרשמית מ-brew.sh, ואחר כך `brew bundle` עם ה-Brewfile מהריפו dotfiles שלי.""", "Hebrew: Homebrew and Brewfile"),
]
