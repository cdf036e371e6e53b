"""Structural detectors: what a poisoned memory asks the agent to *do* to the machine.

Each detector combines parts that are dangerous only together, inside one clause, in any
order (so SOV languages such as Japanese match as well as English):

* ``exfiltration.url-data``: a URL (or a DNS name) that carries data: a variable named like
  a secret (``?t=$GITHUB_TOKEN``, ``/k/${SECRET}``, ``{api_key}``), a command substitution
  (``$(cat …)``), or, in an auto-loading Markdown image, any placeholder;
* ``exfiltration.egress``: an action that moves data (send, upload, ``curl -d``, ``scp``) +
  something secret or private (a credential file, a secret variable, the conversation, the
  memory) + a destination outside (URL, IP, e-mail, "a remote server");
* ``execution.download-run``: fetched code handed to an interpreter (``curl … | sh``,
  ``bash <(wget …)``, ``iex (iwr …)``, ``exec(urlopen(…).read())``, download-then-run);
* ``credential.access``: a verb that reads, copies or keeps + a store that holds secrets
  (``~/.ssh/id_*``, ``~/.aws/credentials``, keychains, browser profiles; ``.env`` and the
  environment only with a verb that shows or keeps the content);
* ``persistence.tool-abuse``: a write (a tool, a redirection or a verb) + a target outside
  any task: shell start-up files, ``authorized_keys``, cron, services, git hooks, sudoers;
  CI and agent configuration only when what is written carries a URL, a command or a
  secret.

Lexicons are small and per language (verbs, nouns); the grammar is shared. Patterns run
on the folded text (NFKC, look-alikes folded, casefolded).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ._clause import Clauses, negated

__all__ = ["Hit", "detect"]


@dataclass(frozen=True)
class Hit:
    """One structural finding: rule id, category, why, what to change, and the span."""

    rule: str
    category: str
    reason: str
    start: int
    end: int


def _rx(*parts: str) -> re.Pattern[str]:
    return re.compile("|".join(parts))


def _words(*words: str) -> str:
    """An alternation of lexicon entries (regex fragments), longest first."""
    return "(?:" + "|".join(sorted(words, key=len, reverse=True)) + ")"


# --- destinations -----------------------------------------------------------------------

_URL = re.compile(r"\b(?:https?|ftp|wss?)://[^\s\"'`]+")
_HOST_PATH = (
    r"\b(?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|xyz|site|app|me|co|ru|cn|sh|tk|top|info|biz|cc|"
    r"pw|link|online|example|cloud|ai|to|ly|gg|su|ws)(?::\d+)?/[^\s\"'`]*"
)
_SINK = _rx(
    r"\b(?:https?|ftp|wss?)://[^\s\"'`]+",
    r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b",
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
    r"\b[\w.-]+@[\w.-]+:",
    _HOST_PATH,
    r"\b(?:webhook|pastebin|hastebin|transfer\.sh|requestbin|ngrok)\w*",
    r"\b(?:remote|external|outside|third[- ]party|attacker'?s?|my|our|this|that|the following|"
    r"a|an|another|personal) (?:\w+ )?(?:server|endpoint|url|host|address|site|inbox|bucket|"
    r"api|machine|collector|webhook|email)\b",
    r"(?:外部|远程|远端|第三方|指定|我的)(?:的)?(?:服务器|地址|接口|端点|网站|邮箱)|服务器|服务端|"
    r"外部(?:の)?(?:サーバー?|エンドポイント|アドレス)|サーバー|외부 서버|서버로|"
    r"(?:внешн\w*|удал[её]нн\w*|мой|мою) (?:сервер|адрес|эндпоинт|url)\w*|на сервер|"
    r"servidor (?:externo|remoto)|serveur (?:externe|distant)|externen? server|"
    r"server (?:esterno|remoto)|servidor externo|harici sunucu|uzak sunucu",
)
_IMAGE = re.compile(r"(?:!\[[^\]\n]{0,200}\]\(\s*<?|<img[^>]{0,100}src\s*=\s*[\"']?)$")
_LOCAL = re.compile(r"(?:https?://)?(?:localhost|127\.|0\.0\.0\.0|\[::1\])")

# --- what is secret or private ----------------------------------------------------------

# Files and stores whose content is a credential (any verb that reads them is a risk).
_STRONG_STORE = (
    r"~/\.ssh\b(?!/(?:config|known_hosts))",
    r"\$home/\.ssh\b(?!/(?:config|known_hosts))",
    r"\.ssh/id_[\w.-]*(?<!\.pub)",
    r"\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)",
    r"\.aws/credentials|~/\.aws\b",
    r"\.config/gcloud|application_default_credentials\.json|\.azure/(?:accesstokens|msal)",
    r"\.git-credentials|\.netrc\b|\.pgpass\b|\.config/gh/hosts\.yml",
    r"\.gnupg\b|\.password-store|secring\.gpg",
    r"/etc/(?:shadow|gshadow|master\.passwd)\b",
    r"wallet\.dat|\bkeychain\b|\.keychain(?:-db)?\b|security (?:find|dump)-\w+|dump-keychain",
    r"cmdkey /list|\blsass\b|mimikatz|credential manager",
    r"\blogin data\b|cookies\.sqlite|logins\.json|\bkey[34]\.db\b|\.mozilla/firefox",
    r"(?:google/)?chrome/(?:default|user data)|application support/google/chrome",
    r"\.hermes/\.env|\.claude/\.credentials|\.codex/auth\.json|\.docker/config\.json",
    r"\.kube/config\b",
    r"钥匙串|キーチェーン|связк\w* ключей",
)
# Secrets named in prose or held in variables: a risk with a verb that shows or keeps them.
_SECRET_VALUE = (
    r"\$\{?[a-z_]*(?:token|key|secret|password|passwd|pat|dsn|credential)\w*\}?",
    r"\b(?:api[ _-]?keys?|access tokens?|auth tokens?|tokens?|passwords?|passphrases?|private keys?|"
    r"secret(?: access)? keys?|access keys?|secrets|credentials|(?:session )?cookies?|ssh keys?|"
    r"seed phrases?|recovery codes?|(?:2fa|otp|mfa) codes?)\b",
    r"\b(?:github_pat_|ghp_|gho_|glpat-|sk-(?:ant-|proj-)?[a-z0-9]|akia[0-9a-z]|xox[bpa]-)[\w.…-]*",
    r"密钥|令牌|密码|凭证|凭据|私钥|トークン|パスワード|秘密鍵|認証情報|токен\w*|парол\w*|ключ\w*|"
    r"contraseñas?|claves?|mots? de passe|jetons?|passw[oö]rt\w*|schlüssel|senhas?|chaves?|"
    r"비밀번호|토큰|şifre\w*|parola\w*",
)
# Stores that hold secrets among other things: a risk with a verb that shows or keeps them.
_WEAK_STORE = (
    r"(?<![\w-])\.env\b(?![.\w])(?!-(?:example|sample|template|dist))",
    r"\.npmrc\b|\.pypirc\b|credentials(?:\.json|\.csv|\.ya?ml)?\b|~/\.ssh/config",
    r"\bprintenv\b|(?:^|[`$(|;&]\s*)env\b(?!\s*[.=\[])|get-childitem env:|\bos\.environ\b(?![.\[])",
    r"(?<![$\w{])[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:token|key|secret|password|pat|dsn)s?\b",
    r"\bprocess\.env\b(?![.\[])|environment variables?|env vars|环境变量|環境変数|"
    r"переменн\w* (?:окружения|среды)|variables? de entorno|variables? d'environnement|"
    r"umgebungsvariablen|variabili d'ambiente|variáveis de ambiente|환경 변수|ortam değişkenleri",
)
_SECRET_NAME = re.compile(
    r"token|secret|passw|pwd|api_?key|apikey|access_?key|private_?key|credential|\bcreds?\b|"
    r"cookie|session|auth|ssh|id_rsa|_key\b|_pat\b|^key$|keys$|dsn"
)
_PRIVATE_NAME = re.compile(
    r"conversation|chat|history|messages?|memor|transcript|context|prompt|clipboard|"
    r"user_?data|personal|email|ssn|card|env\b|environ|secrets|whoami|hostname|"
    r"diff|content|output|payload|file|inhalt|contenu|contenido|conteúdo|内容"
)
_VAR = re.compile(
    r"\$\{?([a-z_][a-z0-9_]*)\}?|\{\{?\s*([a-z_][\w. -]{0,30}?)\s*\}?\}|<([a-z_][\w -]{0,30})>|"
    r"%([a-z_]\w*)%"
)
_SUBST = re.compile(r"\$\(|`[^`\n]{1,80}`")
# Things that are private or secret, named in prose.
_PRIVATE_NOUN = (
    r"(?:whole |entire |full |all (?:of )?(?:the |your )?|your |the user'?s? )?"
    r"(?:memor(?:y|ies)(?: file| contents?| store)?|memory\.md|conversations?|chat (?:history|"
    r"logs?|transcripts?)|transcripts?|message history|previous messages|(?:full|entire|whole|"
    r"session|conversation) context|session (?:data|history)|system prompt|"
    r"(?:api|access|secret|private|ssh|aws|signing) keys?|(?:access |auth |api |bearer )?tokens|"
    r"credentials?|passwords?|secrets|cookies|environment variables|env vars|"
    r"(?:user|customer|personal)(?:'s|s')? (?:data|details|information|files|records)|"
    r"personal (?:data|information)|contacts|clipboard|keystrokes|screenshots?|"
    r"home directory|everything you (?:know|remember|have seen|do|run|type)|"
    r"(?:every|all|each) (?:\w+ ){0,2}commands? you (?:run|execute|type)|"
    r"(?:the )?user'?s? (?:last |latest |previous |recent |current )?(?:messages?|prompts?|"
    r"requests?|input|questions?)|(?:current |full |whole |entire )?(?:diffs?|source code|"
    r"codebase|repository contents|repo contents))\b",
    r"对话(?:记录|内容|历史)?|聊天记录|会话(?:记录|内容|历史)?|记忆(?:内容|库|文件)?|全部记忆|上下文|"
    r"系统提示词?|密钥|私钥|密码|口令|令牌|凭证|凭据|用户数据|个人信息|剪贴板",
    r"会話(?:履歴|ログ|内容)?|チャット履歴|履歴|メモリ(?:の内容)?|記憶|コンテキスト|システムプロンプト|"
    r"秘密鍵|認証情報|パスワード|トークン|個人情報|クリップボード",
    r"переписк\w*|разговор\w*|истори\w* (?:чата|сообщений|разговора)|памят\w*|контекст\w*|"
    r"системн\w* промпт\w*|приватн\w* ключ\w*|ключ\w*|парол\w*|токен\w*|учетн\w* данн\w*|"
    r"личн\w* данн\w*",
    r"conversaci[oó]n(?:es)?|historial(?: de chat)?|memoria|contexto|claves?(?: privadas?)?|"
    r"contraseñas?|credenciales|datos personales|"
    r"historique|mémoire|contexte|clés?(?: privées?)?|mots? de passe|jetons?|identifiants|"
    r"données personnelles|"
    r"gespräch\w*|verlauf|gedächtnis|kontext|schlüssel|passw[oö]rt\w*|zugangsdaten|"
    r"persönliche daten|"
    r"conversazion\w*|cronologia|chiav\w*|credenziali|dati personali|"
    r"conversas?|histórico|memória|chaves?(?: privadas?)?|senhas?|credenciais|dados pessoais|"
    r"대화(?: 기록| 내용)?|메모리|기억|비밀번호|토큰|자격 증명|개인 정보|개인 키|"
    r"konuşma\w*|geçmiş\w*|bellek|hafıza|anahtar\w*|şifre\w*|parola\w*|kimlik bilgileri",
)

# --- actions ----------------------------------------------------------------------------

_NET_TOOL = (
    r"\b(?:curl|wget|nc|ncat|netcat|socat|scp|sftp|rsync|telnet|ftp|iwr|irm|invoke-webrequest|"
    r"invoke-restmethod|httpie|aria2c)\b",
    r"requests\.(?:post|put|patch|get)|httpx\.(?:post|put|get)|urllib\.request|urlopen|"
    r"fetch\(|axios\.(?:post|put)|sendbeacon|xmlhttprequest|smtplib|\.sendall\(",
)
_SEND = _words(
    r"send\w*",
    r"post(?:s|ed|ing)?\b",
    r"upload\w*",
    r"forward\w*",
    r"e-?mail\b",
    r"mail\b",
    r"transmit\w*",
    r"exfiltrat\w*",
    r"leak\w*",
    r"share\b",
    r"sync\w*",
    r"mirror\w*",
    r"pipe\b",
    r"submit\w*",
    r"beacon\w*",
    r"publish\w*",
    r"deliver\w*",
    r"relay\w*",
    r"report\w*",
    r"meld\w*",
    r"notif\w*",
    "上报",
    "报告",
    "報告",
    "보고",
    r"сообщ\w*",
    r"reporta\w*",
    r"signale\w*",
    r"put (?:it|them|\w+) (?:on|to)",
    "发送",
    "发给",
    "发到",
    "传到",
    "传给",
    "上传",
    "转发",
    "提交",
    "同步",
    "推送",
    "回传",
    "外发",
    "发往",
    "送信",
    "送って",
    "送る",
    "送り",
    "アップロード",
    "転送",
    "共有",
    "보내",
    "전송",
    "업로드",
    "공유",
    r"отправ\w*",
    r"перешл\w*",
    r"пересыл\w*",
    r"загрузи\w*",
    r"выгрузи\w*",
    r"переда\w*",
    r"слей\w*",
    r"sube\w*",
    r"env[ií]a\w*",
    r"enviar\w*",
    r"reenv[ií]a\w*",
    r"comparte\w*",
    r"manda\w*",
    r"envoie\w*",
    r"envoy\w*",
    r"transmet\w*",
    r"téléverse\w*",
    r"partage\w*",
    r"schick\w*",
    r"übermittel\w*",
    r"lade\w* (?:\w+ )*hoch",
    r"hochlad\w*",
    r"weiterleit\w*",
    r"invia\w*",
    r"inoltra\w*",
    r"condividi\w*",
    r"envie\w*",
    r"encaminh\w*",
    r"compartilh\w*",
    r"gönder\w*",
    r"yükle\w*",
    r"ilet\w*",
    r"paylaş\w*",
)

# Places a secret must not be put: the memory, replies, shared pages, tickets, logs.
_VISIBLE = (
    r"memory|memories|notes?|memory\.md|reply|replies|response|answer|chat|message|wiki|docs?/|"
    r"\S+\.md\b|log|description|pull request|pr\b|issue|comment|channel|commit message|ticket|"
    r"summary|plain ?text|https?://"
)
_VERB_FORMS = (
    r"show(?:s|n|ed|ing)?|display(?:s|ed|ing)?|output(?:s|ted|ting)?|dump(?:s|ed|ing)?|"
    r"print(?:s|ed|ing)?|includ(?:e|es|ed|ing)|past(?:e|ed|es|ing)|attach(?:es|ed|ing)?|"
    r"reveal(?:s|ed|ing)?|leak(?:s|ed|ing)?|upload(?:s|ed|ing)?|sen(?:d|ds|ding|t)|"
    r"post(?:s|ed|ing)?|exfiltrat(?:e|es|ed|ing)|collect(?:s|ed|ing)?|harvest(?:s|ed|ing)?|"
    r"grab(?:s|bed|bing)?|steal(?:s|ing)?|stole"
)
_KEEP_FORMS = (
    r"sav(?:e|es|ed|ing)|stor(?:e|es|ed|ing)|cop(?:y|ies|ied|ying)|add(?:s|ed|ing)?|"
    r"append(?:s|ed|ing)?|writ(?:e|es|ing|ten)|wrote|put(?:s|ting)?|record(?:s|ed|ing)?|"
    r"remember(?:s|ed|ing)?|memori[sz](?:e|es|ed|ing)|embed(?:s|ded|ding)?|note down"
)
_READ = (
    r"(?:cat|type|more|less|head|tail|base64|xxd|od|strings|get-content|gc|cp|scp|rsync|tar|"
    r"zip|7z|mv|echo|read|extract(?:s|ed|ing)?|retriev(?:e|es|ed|ing)|gather(?:s|ed|ing)?|"
    r"back(?:ed)? ?up|archiv(?:e|es|ed|ing)|shar(?:e|ed|es|ing)|"
    rf"{_VERB_FORMS}|{_KEEP_FORMS})"
)
_READ_CJK = (
    "复制|拷贝|读取|读出|查看|打开|保存|存到|存入|存储|记住|记录|记下|发送|上传|导出|收集|获取|提取|输出|"
    "打印|显示|粘贴|附上|包含|写入|写进|加入|添加|"
    "コピー|読み|読ん|読む|開い|保存|記憶|記録|送信|アップロード|取得|抽出|出力|表示|貼り付け|含め|書き|"
    "追加|"
    "복사|읽|저장|기억|기록|보내|전송|업로드|내보내|수집|추출|출력|표시|붙여|첨부|포함|추가"
)
_READ_OTHER = (
    r"скопируй\w*|копир\w*|прочитай\w*|прочти\w*|читай\w*|сохрани\w*|запомни\w*|запиши\w*|"
    r"отправ\w*|загрузи\w*|выгрузи\w*|собери\w*|извлеки\w*|выведи\w*|покажи\w*|вставь\w*|"
    r"включи\w*|добав\w*|"
    r"copia\w*|lee\b|leer|guarda\w*|recuerda\w*|memoriza\w*|registra\w*|env[ií]a\w*|sube\w*|"
    r"exporta\w*|recopila\w*|obt[eé]n\w*|extrae\w*|muestra\w*|imprime\w*|pega\w*|adjunta\w*|"
    r"incluye\w*|añade\w*|agrega\w*|"
    r"copie\w*|lis\b|lire|sauvegarde\w*|enregistre\w*|retiens|mémorise\w*|envoie\w*|"
    r"collecte\w*|récupère\w*|extrais|affiche\w*|colle\w*|joins|inclus\w*|ajoute\w*|"
    r"kopier\w*|lies\b|lesen|speicher\w*|merk\w*|notier\w*|sende\w*|schick\w*|sammle\w*|"
    r"hole\w*|extrahier\w*|zeig\w*|füg\w*|"
    r"leggi\w*|salva\w*|ricorda\w*|memorizza\w*|invia\w*|carica\w*|esporta\w*|raccogli\w*|"
    r"recupera\w*|estrai\w*|mostra\w*|stampa\w*|incolla\w*|allega\w*|includi\w*|aggiungi\w*|"
    r"copiar|leia|ler\b|salv\w*|lembre|envie|carregue|exporte|colete|recupere|extraia|mostr\w*|"
    r"imprim\w*|col[ae]r?\b|cole\b|anex\w*|inclu\w*|adicion\w*|guardar|pegar|mostrar|adjuntar|"
    r"copier|sauvegarder|enregistrer|envoyer|coller|inclure|afficher|imprimer|joindre|"
    r"copiare|leggere|salvare|inviare|incollare|includere|mostrare|stampare|allegare|"
    r"kopyala\w*|oku\w*|kaydet\w*|hatırla\w*|gönder\w*|topla\w*|çıkar\w*|göster\w*|"
    r"yazdır\w*|yapıştır\w*|ekle\w*"
)
# Verbs that show or keep content (enough for .env and the environment).
_SHOW = (
    rf"(?:cat|type|get-content|gc|base64|xxd|echo|{_VERB_FORMS}|export(?:s|ed|ing)?(?! +\w+=)|"
    rf"(?:{_KEEP_FORMS})[^.\n]{{0,80}}?\b(?:{_VISIBLE}))"
)
_INTO_MODEL = (
    r"记忆|内存|笔记|回复|回答|メモリ|記憶|メモ|返答|回答|памят\w*|заметк\w*|ответ\w*|memoria|"
    r"notas|respuesta|mémoire|réponse|gedächtnis|notizen|antwort|risposta|memória|resposta|"
    r"메모리|기억|메모|응답|bellek|hafıza|yanıt"
)

# --- download and run -------------------------------------------------------------------

_FETCH = r"(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|aria2c|fetch)\b"
_INTERP = (
    r"(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:/usr)?(?:/bin/)?(?:(?:ba|z|da|k|fi|tc)?sh\b|"
    r"python[\d.]*\b|perl\b|ruby\b|node\b|php\b|deno\b|bun\b|iex\b|invoke-expression\b|"
    r"powershell\b|pwsh\b|source\b|osascript\b)"
)
_RUN_PATTERNS = (
    rf"{_FETCH}[^\n|]{{0,400}}\|\s*{_INTERP}",
    rf"(?:{_INTERP}|eval|exec|\.)\s*(?:-\w+\s+)*[\"']?\s*(?:<\(|\$\(|`)\s*{_FETCH}",
    r"\biex\s*\(?\s*(?:\(?\s*new-object\s+(?:system\.)?net\.webclient\s*\)?|iwr|irm|"
    r"invoke-webrequest|invoke-restmethod)",
    r"\.downloadstring\(",
    r"\bexec\s*\([^\n]{0,60}?\b(?:urlopen|requests\.get|httpx\.get|urllib)",
    r"\beval\s*\([^\n]{0,40}\bfetch\(",
    rf"{_FETCH}[^\n]{{0,300}}?(?:\s-o\s*|\s-O\s+|--output[= ]|>\s*)(?P<file>[^\s;&|]+)"
    r"[^\n]{0,200}?(?:&&|;|\|\||\n)\s*(?:sudo\s+)?(?:chmod\s+\+?[0-7x]+\s+\S+\s*(?:&&|;|\n)\s*)?"
    r"(?:(?:ba|z)?sh|python[\d.]*|perl|ruby|node|source|\.|start-process|msiexec|open)?\s*"
    r"(?:/i\s+)?\S*(?P=file)",
)
_DOWNLOAD_WORDS = _words(
    r"download\w*",
    r"fetch\w*",
    r"grab\w*",
    r"pull\w* (?:down )?",
    "下载",
    "ダウンロード",
    "다운로드",
    r"скача\w*",
    r"загрузи\w*",
    r"descarg\w*",
    r"télécharg\w*",
    r"lade\w*",
    r"herunterlad\w*",
    r"scarica\w*",
    r"baix\w*",
    r"indir\w*",
)
_RUN_WORDS = _words(
    r"run\w*",
    r"execut\w*",
    r"exec\b",
    r"launch\w*",
    r"source\b",
    r"pipe (?:it )?(?:in)?to (?:sh|bash|python)",
    "执行",
    "运行",
    "实行",
    "実行",
    "起動",
    "실행",
    r"запуст\w*",
    r"выполн\w*",
    r"ejecut\w*",
    r"exécut\w*",
    r"lance\w*",
    r"führ\w* (?:\w+ )*aus",
    r"ausführ\w*",
    r"esegu\w*",
    r"avvia\w*",
    r"execut\w*",
    r"rode\b",
    r"çalıştır\w*",
)
# Installers people really pipe to a shell (official hosts). A fetch from anywhere else
# into an interpreter is refused.
_INSTALLERS = re.compile(
    r"^(?:https?://)?(?:[\w-]+\.)*(?:astral\.sh|rustup\.rs|sh\.rustup\.rs|get\.docker\.com|"
    r"brew\.sh|bun\.sh|deno\.land|get\.pnpm\.io|install\.python-poetry\.org|pyenv\.run|"
    r"get\.volta\.sh|fnm\.vercel\.app|sdk\.cloud\.google\.com|ollama\.com|claude\.ai|"
    r"install\.determinate\.systems|nixos\.org|starship\.rs|tailscale\.com|get\.k3s\.io|mise\.run|"
    r"get\.helm\.sh|cli\.github\.com|opencode\.ai|foundry\.paradigm\.xyz|sh\.vector\.dev|"
    r"raw\.githubusercontent\.com/(?:homebrew|nvm-sh|ohmyzsh|pyenv|helm|rust-lang|astral-sh|"
    r"golangci|creationix|tj|junegunn|mitsuhiko|cli|python-poetry|denoland|oven-sh|anthropics|"
    r"openai))(?:[/:?]|$)"
)

# --- tool abuse -------------------------------------------------------------------------

_WRITE = _words(
    r">>?",
    r"tee\b",
    r"sed -i",
    r"append\w*",
    r"add\w*",
    r"writ\w*",
    r"wrote",
    r"insert\w*",
    r"put\b",
    r"inject\w*",
    r"plant\w*",
    r"modif\w*",
    r"edit\w*",
    r"updat\w*",
    r"overwrit\w*",
    r"replac\w*",
    r"creat\w*",
    r"register\w*",
    r"install\w*",
    r"schedul\w*",
    r"enabl\w*",
    r"echo",
    r"printf",
    r"cp",
    r"mv",
    r"ln -s",
    r"file_write",
    r"write_file",
    r"edit_file",
    r"create_file",
    r"str_replace\w*",
    r"apply_patch",
    r"set(?:s|ting)?",
    r"configur\w*",
    r"git config",
    "追加",
    "添加",
    "写入",
    "写进",
    "加入",
    "加到",
    "修改",
    "编辑",
    "创建",
    "追記",
    "書き込",
    "書き換",
    "추가",
    "작성",
    "수정",
    "생성",
    r"добав\w*",
    r"запиш\w*",
    r"допиш\w*",
    r"измени\w*",
    r"созда\w*",
    r"añad\w*",
    r"agreg\w*",
    r"escrib\w*",
    r"modific\w*",
    r"ajout\w*",
    r"écri\w*",
    r"füg\w*",
    r"schreib\w*",
    r"änder\w*",
    r"erstell\w*",
    r"aggiung\w*",
    r"scriv\w*",
    r"adicion\w*",
    r"escrev\w*",
    r"ekle\w*",
    r"yaz\w*",
)
# Targets that no task of a memory needs to write: persistence and privilege.
# Targets that are a backdoor whatever is written: preloading, registry run keys, redirects.
_BACKDOOR_TARGET = (
    r"ld\.so\.preload|\bld_preload\b|currentversion\\run|\\startup\b|insteadof\b",
)
_PERSIST_TARGET = (
    r"\bauthorized_keys\b",
    r"(?:~/|\$home/|/root/|\b)\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|"
    r"zlogin|kshrc|cshrc|tcshrc)\b|config\.fish\b|\$profile\b|powershell_profile\.ps1",
    r"\bcrontab\b|/etc/cron|cron\.d\b|/var/spool/cron|@reboot",
    r"/etc/systemd/|\.config/systemd/|launchagents|launchdaemons|/etc/rc\.local|/etc/profile\.d|"
    r"/etc/init\.d",
    r"\.git/hooks\b|core\.hookspath|/etc/sudoers|sudoers\.d",
    r"/etc/hosts\b|/etc/resolv\.conf|~/\.ssh/config",
)
# Targets a task may edit, risky only when what is written carries a command, URL or secret.
_CONFIG_TARGET = (
    r"\.github/workflows\b|\.gitlab-ci\.yml|jenkinsfile|\.circleci/|azure-pipelines\.yml|"
    r"bitbucket-pipelines\.yml|\.travis\.yml",
    r"\bagents\.md\b|\bclaude\.md\b|\.cursorrules|\.clinerules|\.windsurfrules|"
    r"copilot-instructions\.md|\.claude/settings|\.mcp\.json|\.codex/config\.toml|"
    r"\.hermes/|\bsoul\.md\b|\bmemory\.md\b|\buser\.md\b",
    r"\.npmrc\b|pip\.conf\b|\.pypirc\b|\.?gitconfig\b|\.vscode/(?:tasks|settings)\.json|"
    r"\bpostinstall\b|\bpreinstall\b|\bprepare script\b",
)
# What makes a write into a start-up file, cron or hook a backdoor rather than set-up.
_RISKY_PAYLOAD = _rx(
    r"\b(?:https?|ftp)://|\b(?:curl|wget|nc|ncat|netcat|socat|telnet)\b|/dev/tcp|bash -i|"
    r"base64 -d|\beval\b[^\n]{0,40}\$\((?:curl|wget)|\bld_preload\b|alias (?:sudo|ssh|git|ls|cd)=",
    r"(?:^|[\s=:'\"`])/tmp/|/dev/shm/|\$\{?[a-z_]*(?:token|secret|key|passw)|nopasswd|all=\(all|"
    r"\bssh-(?:rsa|ed25519|dss)\b|ecdsa-sha2|\b\d{1,3}(?:\.\d{1,3}){3}\b",
    r"unset histfile|set \+o history|histsize=0|history -c|histcontrol=|/dev/null 2>&1 &$|"
    r"stricthostkeychecking\W+no|userknownhostsfile\W+/dev/null",
    r"\b(?:every|each|all|any) (?:\w+ )?(?:servers?|machines?|hosts?|boxes|sessions?|repos?|"
    r"projects?|times?)\b|\bwhenever\b|\beverywhere\b|\bsilently\b|\bquietly\b",
)
_PAYLOAD = _rx(
    r"\b(?:https?|ftp)://",
    r"\b(?:curl|wget|nc|bash -i|/dev/tcp|base64 -d|eval|iex|invoke-expression)\b",
    r"\$\{?[a-z_]*(?:token|secret|key|passw)",
    r"\b(?:trust|ignore|approve|bypass|disable)\b",
    r"\bssh-(?:rsa|ed25519|dss)\b|ecdsa-sha2",
    r"[a-z0-9+/]{40,}={0,2}",
)

_WHY = {
    "exfiltration": "; stored in memory it would make every later session leak that data",
    "execution": "; stored in memory it would make every later session run code from outside",
    "credential": "; stored in memory it would make every later session hand out secrets",
    "persistence": "; stored in memory it would make every later session plant it",
}
_FIX = {
    "exfiltration.url-data": "store the URL without the variable or command in it",
    "exfiltration.egress": "store the fact without an instruction to send that data anywhere",
    "execution.download-run": (
        "store the download and the run as separate, reviewed steps, or name the installer "
        "without the pipe"
    ),
    "credential.access": "store where the secret lives, not an instruction to read or copy it",
    "persistence.tool-abuse": "describe the change in words; do not store the command that makes it",
}


def _hit(rule: str, reason: str, start: int, end: int) -> Hit:
    category = rule.split(".", 1)[0]
    return Hit(
        rule,
        category,
        f"{reason}{_WHY[category]}; to store it anyway, {_FIX[rule]}",
        start,
        end,
    )


@functools.cache
def _compiled() -> dict[str, re.Pattern[str]]:
    return {
        "sink": _SINK,
        "strong": _rx(*_STRONG_STORE),
        "told": re.compile(_TOLD),
        "weak": _rx(*_WEAK_STORE),
        "secret": _rx(*_SECRET_VALUE),
        "visible": re.compile(rf"\b(?:{_VISIBLE})|{_INTO_MODEL}"),
        "noun": _rx(*_PRIVATE_NOUN),
        "net": _rx(*_NET_TOOL),
        "send": re.compile(rf"(?<![\w-]){_SEND}|{_words('post', 'put')}(?=\s+(?:-|https?:))"),
        "read": re.compile(rf"(?<![\w./-]){_READ}(?![\w-])|{_READ_CJK}|(?<!\w)(?:{_READ_OTHER})"),
        "show": re.compile(rf"(?<![\w./-]){_SHOW}(?![\w-])|{_READ_CJK}|(?<!\w)(?:{_READ_OTHER})"),
        "into": re.compile(_INTO_MODEL),
        "run": _rx(*_RUN_PATTERNS),
        "dl": re.compile(rf"(?<!\w){_DOWNLOAD_WORDS}"),
        "exec": re.compile(rf"(?<!\w){_RUN_WORDS}"),
        "write": re.compile(rf"(?<![\w-]){_WRITE}(?![\w-])|(?<=[a-z])\s*>>?"),
        "persist": _rx(*_PERSIST_TARGET),
        "backdoor": _rx(*_BACKDOOR_TARGET),
        "config": _rx(*_CONFIG_TARGET),
    }


# Literals every match of a group contains: a detector runs only in clauses holding one.
_NEEDLES = {
    "run": ("curl", "wget", "iwr", "irm", "invoke-", "downloadstring", "exec", "eval", "aria2c",
            "fetch"),
    "url": ("://",),
    "sink": ("://", "@", "webhook", "pastebin", "hastebin", "transfer.sh", "requestbin", "ngrok",
             "server", "endpoint", "url", "host", "address", "site", "inbox", "bucket", "api",
             "machine", "collector", "email", "服务", "地址", "接口", "端点", "网站", "邮箱", "サーバ",
             "エンドポイント", "アドレス", "서버", "сервер", "адрес", "эндпоинт", "url", "servidor",
             "serveur", "sunucu", ".com/", ".net/", ".org/", ".io/", ".dev/", ".xyz/", ".site/",
             ".app/", ".me/", ".co/", ".ru/", ".cn/", ".sh/", ".tk/", ".top/", ".info/", ".biz/",
             ".cc/", ".pw/", ".link/", ".online/", ".example", ".cloud/", ".ai/", ".to/", ".ly/",
             ".gg/", ".su/", ".ws/"),
    "dns": ("nslookup", "dig ", "host ", "ping "),
    "strong": (".ssh", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", ".aws", "gcloud",
               "application_default", ".azure/", ".git-credentials", ".netrc", ".pgpass",
               "gh/hosts", ".gnupg", ".password-store", "secring",
               "/etc/shadow", "/etc/gshadow", "master.passwd", "wallet.dat", "keychain",
               "security find-", "security dump-", "cmdkey", "lsass", "mimikatz",
               "credential manager", "login data", "cookies.sqlite", "logins.json", "key3.db",
               "key4.db", ".mozilla", "chrome/", ".hermes/", ".claude/", ".codex/",
               ".docker/config", ".kube/config", "钥匙串", "キーチェーン", "связк"),
    "secret": ("$", "key", "token", "password", "github_pat_", "ghp_", "gho_", "glpat-", "sk-",
               "akia", "xox", "passphrase", "secret", "credential", "cookie",
               "seed phrase", "recovery code", "code", "密钥", "令牌", "密码", "凭", "私钥", "トークン",
               "パスワード", "秘密鍵", "認証情報", "токен", "парол", "ключ", "contraseñ", "clave", "mot de passe",
               "mots de passe", "jeton", "passw", "schlüssel", "senha", "chave", "비밀번호", "토큰",
               "şifre", "parola"),
    "weak": (".env", ".npmrc", ".pypirc", "credentials", "env", "environment", "_token", "_key",
             "_secret", "_password", "_pat", "_dsn", "环境变量",
             "環境変数", "переменн", "entorno", "environnement", "umgebungsvariablen",
             "ambiente", "환경 변수", "ortam değişkenleri"),
    "backdoor": ("ld.so.preload", "ld_preload", "currentversion\\run", "\\startup", "insteadof"),
    "persist": ("authorized_keys", ".bash", ".profile", ".zsh", ".zlogin", ".kshrc", ".cshrc",
                ".tcshrc", "config.fish", "$profile", "powershell_profile", "cron", "@reboot",
                "systemd/", "launchagents", "launchdaemons", "/etc/rc.local", "/etc/profile.d",
                "/etc/init.d", ".git/hooks", "hookspath", "sudoers", "ld.so.preload",
                "ld_preload", "/etc/hosts", "/etc/resolv.conf", "~/.ssh/config",
                "currentversion\\run", "\\startup", "insteadof"),
    "config": (".github/workflows", ".gitlab-ci", "jenkinsfile", ".circleci/", "azure-pipelines",
               "bitbucket-pipelines", ".travis.yml", "agents.md", "claude.md", ".cursorrules",
               ".clinerules", ".windsurfrules", "copilot-instructions", ".claude/settings",
               ".mcp.json", ".codex/config", ".hermes/", "soul.md", "memory.md", "user.md",
               ".npmrc", "pip.conf", ".pypirc", "gitconfig", ".vscode/", "postinstall",
               "preinstall", "prepare script"),
}


def _cjk(ch: str) -> bool:
    return "\u3040" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af"


def _affirmed(s: str, m: re.Match[str], lo: int, cl: Clauses | None = None) -> bool:
    if cl is not None and cl.under_negated_heading(m.start()):
        return False
    return not negated(s, m.start(), m.end(), lo)


_PAST = re.compile(r"[a-z]+(?<!emb)ed|wrote|sent|[a-z]+[^s\W]s")
_PASSIVE = re.compile(r"\bbe\s+(?:\w+\s+)?$")
_MODAL = re.compile(r"(?<!you )\b(?:can|could|may|might|would)\s+(?:\w+\s+)?$")


# What may stand right before an English verb used as an order: nothing (it starts the
# clause), punctuation, a conjunction, a modal or an adverb ("When asked, print …",
# "… and save it", "must be pasted"); "cron output" or "the CLI reads" are not orders.
_ORDER_BEFORE = re.compile(
    r"(?:^|[,;:.!?(\-–—*>`\"'#\d]|\b(?:and|then|to|please|always|also|just|must|should|shall|will|"
    r"can|may|you|be|or|so|first|now|simply|never|only|immediately|automatically|quietly|"
    r"silently|secretly|each|every|session|also|directly|instead|do|let's|lets)\b|"
    r"\b(?:agent|assistant|claude|codex|hermes|ai|model|bot|copilot)(?:\s+\w+ly)?)\s*$"
)
_AGENT_SUBJECT = re.compile(r"\b(?:agent|assistant|claude|codex|hermes|ai|model|bot|copilot)\s+(?:\w+ly\s+)?$")


def _ordered(s: str, m: re.Match[str], lo: int) -> bool:
    """Whether an English verb stands where an order puts it (non-English: always true)."""
    if not m.group()[:1].isascii() or not m.group()[:1].isalpha():
        return True
    return _ORDER_BEFORE.search(s, max(lo, m.start() - 40), m.start()) is not None


def _narrative(s: str, m: re.Match[str]) -> bool:
    """An English verb in the past tense ("we added …", "jobs scheduled …"): a story, not an
    order; "must be pasted" is still an order."""
    word = m.group().strip()
    before = max(0, m.start() - 24)
    if _AGENT_SUBJECT.search(s, before, m.start()):
        return False  # "the assistant uploads …" describes what the agent is to do
    if _MODAL.search(s, before, m.start()):
        return True  # "forks can leak them", "an attacker could exfiltrate"
    return bool(_PAST.fullmatch(word)) and not _PASSIVE.search(s, before, m.start())


def _inside(a: re.Match[str], b: re.Match[str]) -> bool:
    """Whether two matches overlap."""
    return a.start() < b.end() and b.start() < a.end()


# --- detectors --------------------------------------------------------------------------


def _url_data(s: str, cl: Clauses) -> Hit | None:
    for lo, hi in cl.windows(_NEEDLES["url"]):
        for m in _URL.finditer(s, lo, hi):
            url = m.group().rstrip(".,;:!?)]}>")
            if _LOCAL.match(url, url.find("//") + 2):
                continue
            bad = _SUBST.search(url)
            if bad is None:
                for v in _VAR.finditer(url):
                    name = next(g for g in v.groups() if g)
                    if _SECRET_NAME.search(name) or _PRIVATE_NAME.search(name):
                        bad = v
                        break
            if bad is None and "?" in url and _IMAGE.search(s, max(0, m.start() - 210), m.start()):
                query = url.split("?", 1)[1]
                values = re.findall(r"=([^&#]*)", query)
                bad = _VAR.search(query) or re.search(r"%7b|%24|\[", query)
                if bad is None and any(_SECRET_NAME.search(v) or _PRIVATE_NAME.search(v) for v in values):
                    bad = m
            if bad is not None:
                return _hit(
                    "exfiltration.url-data",
                    "it builds a URL that carries secrets or private data to another host",
                    m.start(),
                    m.end(),
                )
    for lo, hi in cl.windows(("?", "&")):
        for q in _QUERY_VAR.finditer(s, lo, hi):
            v = _VAR.match(q.group("var"))
            name = next(g for g in v.groups() if g) if v else ""
            if _SECRET_NAME.search(name) or _PRIVATE_NAME.search(name):
                return _hit(
                    "exfiltration.url-data",
                    "it adds secrets or private data to the query string of links",
                    q.start(),
                    q.end(),
                )
    for lo, hi in cl.windows(_NEEDLES["dns"]):
        dns = _DNS.search(s, lo, hi)
        if dns:
            return _hit(
                "exfiltration.url-data",
                "it leaks data through a DNS look-up of a name built from it",
                dns.start(),
                dns.end(),
            )
    return None


_QUERY_VAR = re.compile(r"[?&][\w-]+=(?P<var>\$\{?\w+\}?|\{\{?[^}\n]{1,40}\}?\}|<[^>\n]{1,40}>)")
_DNS = re.compile(r"(?:^|[`;&|(]\s*)(?:nslookup|dig|host|ping)\s+[^\s`]*(?:\$\(|\$\{?[a-z_])", re.M)
_HEADER = re.compile(r"(?:-h|--header|-u|--user)\s+[\"']?[^\"'\n]*$|authorization|bearer|token\s*$")


def _auth_header_only(s: str, lo: int, hi: int, sources: list[re.Match[str]]) -> bool:
    """Every secret here is a variable in an auth header sent to its own service."""
    hosts = [u.group() for u in _URL.finditer(s, lo, hi)]
    if not hosts or any(re.match(r"https?://\d", h) for h in hosts):
        return False
    for src in sources:
        name = src.group().lstrip("${").rstrip("}")
        if not _HEADER.search(s[max(lo, src.start() - 60) : src.start()]):
            return False
        vendor = re.match(r"([a-z]+)_", name)
        if vendor and vendor.group(1) not in ("api", "access", "auth", "secret", "my", "app"):
            v = "github" if vendor.group(1) == "gh" else vendor.group(1)
            if not all(v in h for h in hosts):
                return False
    return True


def _egress(s: str, cl: Clauses) -> Hit | None:
    rx = _compiled()
    spans = cl.windows(_NEEDLES["sink"])
    spans += [cl.around(m.start(), m.end()) for m in _IP.finditer(s)]
    for lo, hi in sorted(set(spans)):
        actions = [
            a
            for a in (
                *rx["send"].finditer(s, lo, hi),
                *rx["net"].finditer(s, lo, hi),
                *(u for u in _URL.finditer(s, lo, hi) if _VAR.search(u.group())),
            )
            if _affirmed(s, a, cl.around(a.start(), a.end())[0], cl)
            and (a.re is not rx["send"] or _ordered(s, a, cl.around(a.start(), a.end())[0]))
        ]
        if not actions:
            continue
        for sink in rx["sink"].finditer(s, lo, hi):
            if _LOCAL.match(sink.group()) or _LOCAL.match(sink.group(), sink.group().find("//") + 2):
                continue
            if s[max(0, sink.start() - 2) : sink.start()] == "](" and s[
                max(0, sink.start() - 200) : sink.start()
            ].rfind("![") == -1:
                continue  # a Markdown link is a reference to read, not a place to send to
            clo, chi = cl.around(sink.start(), sink.end())
            if chi - clo > 600:
                clo, chi = max(clo, sink.start() - 300), min(chi, sink.end() + 300)
            acts = [
                a for a in actions if clo <= a.start() < chi and (a.re is _URL or not _inside(a, sink))
            ]
            if not acts:
                continue
            sources = [
                x
                for k in ("strong", "weak", "noun")
                for x in rx[k].finditer(s, clo, chi)
                if not _inside(x, sink)
            ]
            variables = [
                v
                for v in _VAR.finditer(s, clo, chi)
                if _SECRET_NAME.search(next(g for g in v.groups() if g)) and not _inside(v, sink)
            ]
            subst = [x for x in _CMD.finditer(s, clo, chi) if not _inside(x, sink)]
            if not (sources or variables or subst):
                continue
            if not sources and not subst and _auth_header_only(s, clo, chi, variables):
                continue
            parts = (*acts, *sources, *variables, sink)
            return _hit(
                "exfiltration.egress",
                "it tells the agent to send secrets or private data (credentials, the "
                "conversation, the memory) to an outside address",
                min(x.start() for x in parts),
                max(x.end() for x in parts),
            )
    return None


_IP = re.compile(r"(?<![\d.])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b")
_CMD = re.compile(r"\$\(")


# A clause that reports the past ("the old doc said `curl … | sh`") rather than orders.
_TOLD = (
    r"\b(?:said|used|suggested|recommended|contained|had|showed|was|were|replaced|removed|"
    r"deleted|dropped|found|saw|noticed|caught|blocked|flagged)\b(?! to\b)"
)
# Where fetched code comes from: a URL, a host, an address or a variable holding one.
_FROM = re.compile(r"://|\b[\w-]+(?:\.[\w-]+)+/|\b\d+\.\d+\.\d+\.\d+|\$\{?\w|\b[\w-]+\.(?:sh|ps1|py)\b")


def _installer_only(span: str) -> bool:
    urls = [u.group() for u in _URL.finditer(span)]
    hosts = urls or re.findall(_HOST_PATH, span)
    return bool(hosts) and all(_INSTALLERS.match(u) for u in hosts) and "$" not in span


def _download_run(s: str, cl: Clauses) -> Hit | None:
    rx = _compiled()
    for lo, hi in cl.windows(_NEEDLES["run"], after=1):
        for m in rx["run"].finditer(s, lo, hi):
            line_lo = s.rfind("\n", 0, m.start()) + 1
            clause_lo = cl.around(m.start(), m.start())[0]
            line_hi = s.find("\n", m.end())
            line = s[line_lo : len(s) if line_hi == -1 else line_hi]
            if (
                not _FROM.search(line)
                or rx["told"].search(s, max(clause_lo, line_lo), m.start())
                or _installer_only(line)
                or negated(s, m.start(), None, max(clause_lo, line_lo))
            ):
                continue
            return _hit(
                "execution.download-run",
                "it pipes or chains code fetched from the network into an interpreter",
                m.start(),
                m.end(),
            )
    for lo, hi in cl.windows(_NEEDLES["url"]):
        dl = [d for d in rx["dl"].finditer(s, lo, hi) if _affirmed(s, d, lo, cl)]
        run = [r for r in rx["exec"].finditer(s, lo, hi) if _affirmed(s, r, lo, cl)]
        if not (dl and run):
            continue
        for sink in _URL.finditer(s, lo, hi):
            clo, chi = cl.around(sink.start(), sink.end())
            d = [x for x in dl if clo <= x.start() < chi]
            r = [x for x in run if clo <= x.start() < chi]
            if d and r and not _installer_only(s[clo:chi]):
                parts = (*d, *r, sink)
                return _hit(
                    "execution.download-run",
                    "it tells the agent to download something from the network and run it",
                    min(x.start() for x in parts),
                    max(x.end() for x in parts),
                )
    return None


_DUMP = re.compile(
    r"security dump-keychain|security find-(?:generic|internet)-password\b[^\n`]*\s-w\b|mimikatz|"
    r"sekurlsa|procdump[^\n]{0,40}lsass|reg save hklm\\(?:sam|security|system)|"
    r"lazagne|secretsdump"
)


def _credential(s: str, cl: Clauses, original: str | None = None) -> Hit | None:
    rx = _compiled()
    for lo, hi in cl.windows(("security ", "mimikatz", "sekurlsa", "lsass", "reg save", "lazagne",
                              "secretsdump")):
        for m in _DUMP.finditer(s, lo, hi):
            if _affirmed(s, m, cl.around(m.start(), m.end())[0], cl):
                return _hit(
                    "credential.access",
                    "it runs a command that dumps stored passwords or keys",
                    m.start(),
                    m.end(),
                )
    for kind in ("strong", "weak", "secret"):
        verbs = rx["read"] if kind == "strong" else rx["show"]
        for lo, hi in cl.windows(_NEEDLES[kind]):
            for store in rx[kind].finditer(s, lo, hi):
                if kind == "secret" and _USED.search(s, max(0, store.start() - 40), store.start()):
                    continue  # ``--token $X``, ``Authorization: Bearer $X``: used, not shown
                if kind == "weak" and original is not None and _BARE_VAR.fullmatch(store.group()):
                    if not original[store.start() : store.end()].isupper():
                        continue  # ``current_token`` in code, not the GITHUB_TOKEN variable
                clo, chi = cl.around(store.start(), store.end())
                window = (max(clo, store.start() - 160), min(chi, store.end() + 120))
                for v in verbs.finditer(s, *window):
                    verb = re.match(r"\S+", s[v.start() : v.end()])
                    if v.start() <= store.start() < v.start() + (verb.end() if verb else 0):
                        continue
                    if store.start() <= v.start() < store.end():
                        continue
                    if not _affirmed(s, v, clo, cl) or _narrative(s, v) or not _ordered(s, v, clo):
                        continue
                    if kind == "secret" and v.start() < store.start() and v.group().isascii():
                        head = re.match(r"[\w-]+", s[v.start() : v.end()])
                        gap = s[v.start() + (head.end() if head else 0) : store.start()]
                        if not _OBJECT_GAP.fullmatch(gap):
                            continue  # the secret is not what the verb acts on
                    if kind == "weak" and not _shows_weak(s, v, store, clo, chi):
                        continue
                    if kind == "secret" and not (
                        store.group().startswith("$") and v.group().isascii()
                    ) and not rx["visible"].search(s, clo, chi):
                        continue
                    if _is_destination(s, v, store):
                        continue
                    return _hit(
                        "credential.access",
                        "it tells the agent to read, copy or keep a file or store that holds "
                        "credentials",
                        min(v.start(), store.start()),
                        max(v.end(), store.end()),
                    )
    return None


_OBJECT_GAP = re.compile(
    r"\s+[`'\"]?(?:(?:the|a|an|your|my|their|our|this|that|these|its|his|her|user'?s?|[a-z]+'s|values?|"
    r"contents?|full|whole|real|actual|current|all|every|of|raw|plain|plaintext|any|both)\s+){0,5}"
    r"(?:[\w.-]+\s+)?"
)
_USED = re.compile(r"(?:\s-{1,2}[\w-]+[ =]|authorization:\s*(?:bearer|token|basic)?\s*|bearer\s+|"
                   r"[\w-]+:[\"']?|=)[\"']?$")
_BARE_VAR = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
_KEEP = re.compile(r"(?:sav|stor|cop|add|append|writ|put|record|remember|memori|embed)")


def _shows_weak(s: str, verb: re.Match[str], store: re.Match[str], lo: int, hi: int) -> bool:
    """A weak store counts with a showing verb; a keeping verb needs a model-visible target."""
    word = verb.group()
    if _KEEP.match(word):
        return True  # the pattern already required memory/reply after it
    if not word.isascii():
        return _compiled()["into"].search(s, lo, hi) is not None
    return True


_PLACE = re.compile(r"\b(?:in|into|to|inside|under|onto)\s+(?:(?:the|your|an?|os|\w+)\s+){0,2}$")
_DEST_BEFORE = re.compile(r"\S\s+(?:to|into|>|as)\s+(?:the\s+|a\s+|your\s+)?$|^\s*\S+\s+$")
_COPYING = re.compile(r"\s*(?:cp|copy|mv|ln|echo|printf|write|add|append)\b")


def _is_destination(s: str, verb: re.Match[str], store: re.Match[str]) -> bool:
    """``cp .env.example .env`` / "copy X to .env": the store is where data goes, not its source."""
    if verb.start() > store.start():
        return False
    if _KEEP.match(verb.group()) and _PLACE.search(s, max(0, store.start() - 30), store.start()):
        return True  # "store API keys in the OS keychain"
    between = s[verb.end() : store.start()]
    return bool(_DEST_BEFORE.search(between)) and bool(_COPYING.match(verb.group()))


def _tool_abuse(s: str, cl: Clauses) -> Hit | None:
    rx = _compiled()
    for kind in ("backdoor", "persist", "config"):
        for lo, hi in cl.windows(_NEEDLES[kind]):
            for target in rx[kind].finditer(s, lo, hi):
                clo, chi = cl.around(target.start(), target.end())
                window = (max(clo, target.start() - 200), min(chi, target.end() + 80))
                writes = [
                    w
                    for w in rx["write"].finditer(s, *window)
                    if not _inside(w, target)
                    and _affirmed(s, w, clo, cl)
                    and not _narrative(s, w)
                    and _ordered(s, w, clo)
                ]
                if not writes:
                    continue
                if kind != "backdoor":
                    # what is written: the clause, or the code block right after it
                    end = chi
                    if s.startswith(("\n```", "\n    ", ":\n"), chi - 1):
                        para = s.find("\n\n", chi)
                        end = min(len(s) if para == -1 else para, chi + 300)
                    scope = s[min(clo, *(w.start() for w in writes)) : end]
                    payload = _PAYLOAD if kind == "config" else _RISKY_PAYLOAD
                    if not payload.search(scope.replace(target.group(), " ")):
                        continue
                w = writes[0]
                return _hit(
                    "persistence.tool-abuse",
                    "it tells the agent to write into a file that runs or grants access later "
                    "(shell start-up, authorized_keys, cron, services, git hooks, CI or agent "
                    "configuration)",
                    min(w.start(), target.start()),
                    max(w.end(), target.end()),
                )
    return None


_DESTRUCTIVE = re.compile(
    r"chmod\s+(?:-\w+\s+)*(?:0?777|0?666|a\+rwx|o\+w)\s+(?:\S+\s+)*?(?:~/\.ssh|/etc|/usr|/bin|/var|"
    r"/(?=[\s`'\"]|$)|~/?(?=[\s`'\"]|$))"
    r"|git push\b[^\n]{0,60}?(?:\s-f\b|--force\b(?!-))[^\n]{0,60}?\b(?:main|master|trunk|prod\w*|"
    r"release)\b|git push\b[^\n]{0,60}?\b(?:main|master|trunk|prod\w*|release)\b[^\n]{0,30}?"
    r"(?:\s-f\b|--force\b(?!-))"
    r"|force[- ]?push\w*[^.\n]{0,30}?\b(?:to|on|onto|sur|auf|a|para|в|到)?\s*(?:main|master|trunk)\b"
    r"|forcer le push sur (?:main|master)"
)


def _destructive(s: str, cl: Clauses) -> Hit | None:
    for lo, hi in cl.windows(("chmod", "push")):
        for m in _DESTRUCTIVE.finditer(s, lo, hi):
            if _affirmed(s, m, cl.around(m.start(), m.end())[0], cl):
                return _hit(
                    "persistence.tool-abuse",
                    "it tells the agent to open up or overwrite what others rely on (world-writable "
                    "system or key folders, force-pushing the main branch)",
                    m.start(),
                    m.end(),
                )
    return None


def detect(s: str, cl: Clauses | None = None, original: str | None = None) -> Hit | None:
    """The first structural threat in the folded text ``s``, or None.

    ``original`` is the same text before casefolding (same offsets), used where case
    matters (``GITHUB_TOKEN`` is a variable, ``current_token`` a field).
    """
    cl = cl or Clauses(s)
    if original is not None and len(original) != len(s):
        original = None
    return (
        _download_run(s, cl)
        or _url_data(s, cl)
        or _tool_abuse(s, cl)
        or _destructive(s, cl)
        or _credential(s, cl, original)
        or _egress(s, cl)
    )
