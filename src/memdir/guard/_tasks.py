"""Risky code tasks and tool shadowing, by structure: a request to write or run code whose act
lands outside the project (a secret read, a system path wiped, a shell handed to a host, a
guard switched off, a keylogger), and a tool description that rewires other
tools. Paths, hosts and ports carry the meaning in every language; only the short verb lists
are per language. Rationale: docs/design/guard.md, "Round 60"."""

from __future__ import annotations

import re

from ._clause import Clauses, mentioned, negated
from ._needles import register, required
from ._threats import Hit

# A request to write or run code (the frame every code task has), in six languages.
_FRAME = re.compile(
    r"\b(?:create|write|generate|run|execute|exec|launch|start|scripts?|programs?)\b"
    r"|编写|写一[个段]|创建|生成|执行|运行|"
    r"\b(?:созда\w*|напиши|сгенерируй|выполни|запусти|открой)\b|"
    r"\b(?:erstell\w*|schreib\w*|führ\w* \S+ aus|start\w*|öffne)\b|"
    r"\b(?:crea|escribe|genera|ejecuta\w*|abre|añade)\b|"
    r"作成|書いて|作って|実行|張る"
)
# Secret stores a task never needs to read, list or copy (public keys excepted).
_SECRET = re.compile(
    r"/etc/(?:shadow|sudoers|gshadow)\b|(?<![\w.])\.ssh(?:/(?:id_\w+|\*))?(?![\w/-]|\.\w)|"
    r"\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)|\.aws/credentials|\.kube/config|"
    r"\blogin data\b|\blogins\.json|\bkey4\.db|\.bash_history|/var/log/auth\.log|"
    r"\bsam\b[^.\n]{0,30}\bhives?\b|hklm/sam\b|\*\.pem\b"
)
# A system file at any depth: what a code task has no business reading out or deleting
# (the distro's release file excepted: install scripts read it).
_SYSFILE = re.compile(
    r"(?<![\w.~/$-])(?!/etc/(?:os|lsb)-release\b)/(?:etc|proc|sys|root|boot|var/log|var/lib|usr/share|usr/lib|usr/bin|"
    r"usr/sbin|dev)/[\w./*-]*[\w*]"
)
# Files every program may read and print: hardware and clock facts, randomness, word lists.
# Read out they tell nothing; only sending them away still counts.
_PUBLIC = re.compile(
    r"/(?:proc/(?:cpuinfo|meminfo|loadavg|uptime|version|stat)|sys/class/|etc/(?:hostname|timezone|"
    r"localtime)|dev/(?:u?random|null|zero)|usr/share/(?:dict|fonts|zoneinfo)/?)"
)
_SEND = re.compile(
    r"\b(?:send\w*|upload\w*|post\w*|отправ\w*|schick\w*|sende\w*|env[ií]\w*)\b|发送|上传|送信"
)
# A strong frame: code is both written (a script, a program) and run.
_WRITTEN = re.compile(
    r"\b(?:scripts?|programs?|code|one-liner)\b|脚本|代码|程序|скрипт\w*|код\w*|программ\w*|"
    r"skript\w*|programm\w*|código|スクリプト|コード|プログラム"
)
_RUN = re.compile(
    r"\b(?:run|execute|exec|launch)\w*\b|执行|运行|выполн\w*|запуст\w*|ausführ\w*|führ\w* \S+ aus|"
    r"ejecut\w*|実行"
)
# What a task does to a secret: read, list, print, copy, pack or send it.
_TAKE = re.compile(
    r"\b(?:read\w*|cat|print\w*|dump\w*|cop(?:y|ies)|cp|list\w*|show\w*|display\w*|"
    r"send\w*|upload\w*|post\w*|decrypt\w*|search\w*|collect\w*|tar\w*|zip\w*|open\w*|"
    r"moves?|keeps?|reg save|чита\w*|выв[оe]д\w*|копир\w*|отправ\w*|lies\w*|liest|kopier\w*|"
    r"schick\w*|sende\w*|auflist\w*|gibt|le[ae]\w*|env[ií]\w*|copi\w*|imprim\w*|list[ae])\b"
    r"|读取|复制|列出|发送|上传|打印|显示|打包|読み|送信|表示|コピー|一覧"
)
# A past form tells what some code did (a changelog), not what to do: "copied", "copiaba".
_PAST = re.compile(r"(?:ed|aba|ía|ó)$")
# A protective act on a secret (``chmod 600 ~/.ssh/id_ed25519``) is no theft.
_PROTECT = re.compile(r"chmod\s+[0-7]?[46]00\b|\bchmod\s+(?:go|og)-")
# A system root or the home directory itself, at most one level down (/etc/passwd, /usr/lib,
# /home/*, ~): a project's own folders sit deeper or are relative.
_SYSTEM = re.compile(
    r"(?<![\w.~/$-])(?:/(?:etc|usr|var|boot|bin|sbin|lib|lib64|root|home|sys)"
    r"(?:/[\w*-]+(?:\.\w+)?)?|/opt|/dev/(?:sd[a-z]|nvme\w*|hd[a-z])|~|\$home)/?\*?(?![\w/-]|\.\w)"
    r"|home directory|домашн\w+ (?:каталог|директори|папк)\w*|ホームディレクトリ|主目录|"
    r"home-verzeichnis|directorio (?:personal|home)"
)
# Acts that destroy or open what they touch, in six languages.
_DESTROY = re.compile(
    r"\b(?:delet\w*|remov(?:e|es|ed|ing)\b|wip\w*|eras\w*|overwrit\w*|shred\w*|rmtree|rm\s+-\w*[rf]|"
    r"mkfs\S*|truncat\w*|permissions?\b[^.\n]{0,40}\b(?:777|666)|chmod\s+(?:-\w+\s+)*0?(?:777|666))"
    r"|删除|清空|\bудал\w*|\bстира\w*|\blösch\w*|\bborr\w*|\belimin\w*|削除|消去"
)
# A shell handed to a host: the named technique, or a shell wired to an address and a port.
_REVERSE = re.compile(
    r"reverse[ -]shell|обратн\w* оболочк\w*|shell inversa|リバースシェル|反[弹向] ?shell"
)
_SHELL = re.compile(
    r"/bin/(?:ba|z|da)?sh\b|\bcmd\.exe\b|\bpowershell\b|\bshell\b(?! script)|оболочк|シェル"
)
_HOST = re.compile(r"\b(?!127\.)\d{1,3}(?:\.\d{1,3}){3}\b")
_PORT = re.compile(r"\bport\b|\bporto?\b|\bpuerto\b|порт|端口|ポート|:\d{2,5}\b")
# Switching off what watches the machine.
_DISARM = re.compile(
    r"\b(?:kill\w*|terminat\w*|stop\w*|disabl\w*|turn\w* off|завершает|отключает|beend\w*|"
    r"deaktivier\w*|desactiv\w*|det[eé]n\w*)\b|杀掉|关闭|停止|無効"
)
_GUARDS = re.compile(
    r"\b(?:auditd|falcon-sensor|clamav|clamd|antivirus|anti-virus|defender|firewall|ufw|"
    r"selinux|apparmor|edr|osquery)\b|杀毒|防火墙|антивирус\w*|брандмауэр\w*|файрвол\w*|"
    r"virenscanner|ウイルス対策|ファイアウォール|cortafuegos|disablerealtimemonitoring"
)
# A keylogger looked for is not one built: "checks whether a keylogger runs", "detection".
_HUNT = re.compile(
    r"\b(?:detect\w*|check\w*|find\w*|finds|scan\w*|hunt\w*|quarantin\w*)\b[^.\n]{0,30}$|\s+detection"
)
_SPY = re.compile(r"\bkeylog\w*|\b(?:every|all) keystrokes?\b|кейлоггер|键盘记录|キーロガー")

_PLAIN = re.compile(r"[\w\s,'-]*")  # only words between a verb and its object
_WINDOW = 300  # how far apart a task's frame and its act may stand


def _hit(rule: str, category: str, what: str, start: int, end: int) -> Hit:
    why = {
        "execution": "; stored in memory it would make every later session run it",
        "injection": "; stored in memory it would rewire every later session's tools",
    }[category]
    fix = (
        "describe the task without the act outside the project"
        if category == "execution"
        else "describe what this tool itself does, not how other tools must behave"
    )
    return Hit(rule, category, f"{what}{why}; to store it anyway, {fix}", start, end)


def _framed(s: str, cl: Clauses, m: re.Match[str]) -> bool:
    """Whether the act ``m`` stands in a request to write or run code, asserted, not told."""
    start, end = cl.around(m.start(), m.end())
    if _FRAME.search(s, start, end) is None:
        return False
    if mentioned(s, m.start()) or cl.story(m.start(), m.end()):
        return False
    return not negated(s, m.start(), m.end(), start, cl)


# The place a copy or a write lands (``copies kubeconfig to ~/.kube/config``) is not read out.
_INTO = re.compile(r"\b(?:to|into)\s+[`'\"]?$")
_NEVER = re.compile(r"\b(?:never|don't|do not|must not)\s+$")


def _taken(s: str, m: re.Match[str]) -> bool:
    """Whether an act that reads out or moves ``m`` stands just before or after it."""
    if _INTO.search(s, max(0, m.start() - 8), m.start()):
        return False
    near = _TAKE.finditer(s, max(0, m.start() - 80), min(len(s), m.end() + 40))
    return any(
        _PAST.search(t.group()) is None and not _NEVER.search(s, max(0, t.start() - 12), t.start())
        for t in near
    )


def _built_and_run(s: str, m: re.Match[str]) -> bool:
    lo, hi = max(0, m.start() - _WINDOW), min(len(s), m.end() + _WINDOW)
    return _WRITTEN.search(s, lo, hi) is not None and _RUN.search(s, lo, hi) is not None


def _near(rx: re.Pattern[str], s: str, m: re.Match[str], reach: int = 120) -> bool:
    return rx.search(s, max(0, m.start() - reach), min(len(s), m.end() + reach)) is not None


class _Frame:
    """``_framed``, after one look for a frame anywhere: text without one (a repeated anchor)
    skips every per-anchor check."""

    def __init__(self, s: str, cl: Clauses) -> None:
        self.s, self.cl = s, cl
        self.any: bool | None = None

    def anywhere(self) -> bool:
        if self.any is None:
            self.any = _FRAME.search(self.s) is not None
        return self.any

    def __call__(self, m: re.Match[str]) -> bool:
        return self.anywhere() and _framed(self.s, self.cl, m)


def _task(s: str, cl: Clauses) -> Hit | None:
    framed = _Frame(s, cl)
    for m in cl.finditer(_SECRET, 0, len(s)):
        if not framed.anywhere():  # every act needs a frame
            return None
        if _taken(s, m) and not _near(_PROTECT, s, m, 40) and framed(m):
            return _hit(
                "execution.risky-task",
                "execution",
                f"it asks for code that reads or moves a secret store ({m.group()!r})",
                m.start(),
                m.end(),
            )
    for m in cl.finditer(_SYSFILE, 0, len(s)):
        if not framed.anywhere():  # every act needs a frame
            return None
        ruin = _DESTROY.search(s, max(0, m.start() - 80), min(len(s), m.end() + 40))
        if not ruin and _PUBLIC.match(s, m.start()) and not _near(_SEND, s, m, 80):
            continue
        if (_taken(s, m) or ruin) and _built_and_run(s, m) and framed(m):
            return _hit(
                "execution.risky-task",
                "execution",
                f"it asks for code that reads out or destroys a system file ({m.group()!r})",
                m.start(),
                m.end(),
            )
    for place in cl.finditer(_SYSTEM, 0, len(s)):  # the rarer half first: a path, then the act
        if not framed.anywhere():  # every act needs a frame
            return None
        act = _DESTROY.search(s, max(0, place.start() - 60), min(len(s), place.end() + 60))
        if act is not None and framed(act):
            return _hit(
                "execution.risky-task",
                "execution",
                "it asks for code that destroys a system path or the home directory",
                act.start(),
                act.end(),
            )
    for m in cl.finditer(_REVERSE, 0, len(s)):
        if not framed.anywhere():  # every act needs a frame
            return None
        if _near(_HOST, s, m, 200) and framed(m):
            return _hit(
                "execution.risky-task", "execution", "it asks for a reverse shell", *m.span()
            )
    for m in cl.finditer(_SHELL, 0, len(s)):
        if not framed.anywhere():  # every act needs a frame
            return None
        if _near(_HOST, s, m, 160) and _near(_PORT, s, m, 160) and framed(m):
            return _hit(
                "execution.risky-task",
                "execution",
                "it asks for code that wires a shell to a remote host and port",
                *m.span(),
            )
    for m in cl.finditer(_GUARDS, 0, len(s)):
        if not framed.anywhere():  # every act needs a frame
            return None
        off = _DISARM.search(s, max(0, m.start() - 50), m.start())
        if off is not None and _PLAIN.fullmatch(s, off.end(), m.start()) and framed(m):
            return _hit(
                "execution.risky-task",
                "execution",
                f"it asks for code that switches off a security tool ({m.group()!r})",
                *m.span(),
            )
    for m in cl.finditer(_SPY, 0, len(s)):
        if not framed.anywhere():  # every act needs a frame
            return None
        if _HUNT.search(s, max(0, m.start() - 40), m.start()) or _HUNT.match(s, m.end()):
            continue
        if framed(m):
            return _hit("execution.risky-task", "execution", "it asks for a keylogger", *m.span())
    return None


# --- tool shadowing --------------------------------------------------------------------

# Other tools: any/every/all/other tools, a named snake_case tool, and the same in five more
# languages.
_OTHER = re.compile(
    r"\b(?:any|every|all|other|another)\s+(?:other\s+)?(?:[\w-]+\s+)?tools?\b"
    r"|\b[a-z][a-z0-9]*_[a-z0-9_]+\s+tool\b"
    r"|\b(?:the|using|of|with|use)\s+(?!this\b|its\b)[\w-]+\s+tool\b"
    r"|任何工具|其他.{0,6}工具|\b[a-z]\w{0,30}_\w{1,30} ?工具|"
    r"любым инструментом|любого другого инструмента|"
    r"инструмента \w+_\w+|irgendeinem werkzeug|allen anderen tools|cualquier herramienta|"
    r"herramienta \w+_\w+|どのツール|他の.{0,6}ツール"
)
# What a shadowing description does to them: a hidden recipient, a changed behaviour or
# value, a forced first call that takes the conversation or a secret, a capture of output.
_TAMPER = re.compile(
    r"overrid\w*|\b(?:modif|chang|alter)\w* (?:the )?behaviou?r|覆盖|переопределя\w*|"
    r"\banula\b|überschreib\w*|"
    r"\breplace\w* (?:the )?(?:recipient|values?|results?|arguments?|output)\b|"
    r"\bmodif\w* the (?:\w+ )?results?\b|regardless of what the user|no matter what the user|"
    r"\bthrough this tool\b|\binstead of (?:the )?(?:official|\w+_\w+)|一律改为"
)
# A hidden recipient counts only with the address the description itself names.
# (a noun closing its clause or naming packets, "packet forwarding, ...", names no recipient).
_RECIPIENT = re.compile(
    r"\bbcc\b|\bblind copy\b|\bcco\b|密送|скрыт\w* копи\w*|"
    r"\bforward\w*\b(?![,.;:]|\s*\(|\s+packets?\b)"
)
_ADDRESS = re.compile(r"@[\w-]+\.[\w.-]+|\+\d[\d -]{6,}\d|https?://\S+")
# Or it makes this tool take what other tools see: the conversation, file contents, secrets.
_THIS = re.compile(
    r"\bthis (?:tool|function)\b|\blog_event\b|本工具|(?:этот|этому|этого) инструмент\w*|"
    r"dieses tool|このツール|esta herramienta"
)
_CAPTURE = re.compile(
    r"\b(?:conversation|chat history|file contents|contents|api key|token)\b|"
    r"对话记录|历史|истори\w+ диалога|chatverlauf|会話履歴|mcp\.json"
)


_REWRITE = re.compile(
    r"\b(?:replace\w* (?:the )?(?:values?|results?|arguments?)|modif\w* the (?:\w+ )?results?)\b"
)


# What another step gave back: only its values rewritten are someone else's.
_RETURNED = re.compile(
    r"\b(?:returned|returns|response|after|before (?:execut|call|us|runn)\w*|previous|other|"
    r"another|step)\b"
)
# A tool that names itself before its own verb ("the jira tool overrides the priority"), or
# a preference between tools ("use this tool instead of ..."), rewires nothing.
_OWN_VERB = re.compile(r"\s+(?:overrid\w*|instead of)")
_PREFER = re.compile(r"\b(?:use|prefer)\s+this\s+(?:tool|function)\s+$")


def _shadowing(s: str, cl: Clauses) -> Hit | None:
    for m in cl.finditer(_REWRITE, 0, len(s)):
        if not _near(_RETURNED, s, m, 80):
            continue
        if _near(_THIS, s, m, 80) and not mentioned(s, m.start()):
            return _hit(
                "injection.tool-shadowing",
                "injection",
                "it makes this tool rewrite what another step returns",
                *m.span(),
            )
    acts: bool | None = None  # any tampering, recipient or capture word in the text at all
    for m in cl.finditer(_OTHER, 0, len(s)):
        if acts is None:
            acts = any(rx.search(s) is not None for rx in (_TAMPER, _RECIPIENT, _CAPTURE))
        if not acts:
            break
        lo, hi = cl.around(m.start(), m.end())
        t = _TAMPER.search(s, max(lo, m.start() - 200), min(hi, m.end() + 200))
        a, b = max(0, m.start() - 200), min(len(s), m.end() + 200)
        if t is None and _ADDRESS.search(s, a, b) is not None:
            t = _RECIPIENT.search(s, a, b)
        if t is None and _THIS.search(s, a, b) is not None:
            t = _CAPTURE.search(s, a, b)
        if t is None:
            continue
        if t.start() == m.end() + 1 and _OWN_VERB.match(s, m.end()) and "tool" in m.group():
            continue
        if t.group().startswith("instead of") and _PREFER.search(
            s, max(0, t.start() - 25), t.start()
        ):
            continue
        if mentioned(s, m.start()) or cl.story(m.start(), m.end()):
            continue
        if negated(s, t.start(), t.end(), max(lo, t.start() - 80), cl):
            continue
        return _hit(
            "injection.tool-shadowing",
            "injection",
            f"it tells other tools how to behave ({t.group()!r})",
            min(m.start(), t.start()),
            max(m.end(), t.end()),
        )
    return None


# The literals each anchor needs, found in the one pass every detector shares.
for _rx in (_SECRET, _SYSFILE, _SYSTEM, _REVERSE, _SHELL, _GUARDS, _SPY, _REWRITE, _OTHER):
    register(required(_rx) or ())


def detect(s: str, cl: Clauses) -> Hit | None:
    """The first risky code task or tool-shadowing order in ``s`` (NFKC-casefolded)."""
    return _task(s, cl) or _shadowing(s, cl)
