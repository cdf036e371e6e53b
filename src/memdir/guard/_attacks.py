"""Rules against payloads that act on the machine: exfiltration, persistence, malware.
See docs/design/guard.md."""

from __future__ import annotations

import re

from ._build import alt, builder, lexicon, prefixes
from ._engine import Rule
from ._patterns import affirmed

_SEND = lexicon(
    r"send\w*|forward\w*|email\w*|e-mail\w*|post\b|upload\w*|transmit\w*|exfiltrat\w*|leak\w*|"
    r"submit\w*|beam\b|envi[aeá]\w*|enví\w*|enviar|mand[ae]\w*|envoie\w*|envoyer|transmet\w*|"
    r"sende\w*|schick\w*|übermittle\w*|invia\w*|отправ|пришли|перешли|gönder\w*|ilet\w*|"
    r"kirim\w*|ipadala|ipasa|gửi|भेज|পাঠা|أرسل|ارسل|إرسال|보내|전송|送信|送って|发送|发给|"
    r"发到|转发|ส่ง"
)
_SENSITIVE = lexicon(
    r"conversation|chat (?:history|log)s?|system prompt|"
    r"(?:full|entire|whole|conversation|chat|session) context|memories|transcripts?|api keys?|"
    r"credentials?|passwords?|secrets?|tokens?|cookies|personal (?:data|information|details)|"
    r"users?'? (?:data|details|information|records)|"
    r"employees?'? (?:data|details|information|records)|"
    r"customers?'? (?:data|details|information|records)|bank details|ssn\b|credit card\w*|"
    r"environment variables|env vars|private key|everything|datos|données|daten|dati\b|dados|"
    r"данн|veri(?:ler\w*|yi|si\w*)?\b|dữ liệu|डेटा|ডেটা|بيانات|데이터|データ|数据|资料|ข้อมูล|"
    r"contraseña|"
    r"mot de passe|passwort|senha|пароль|şifre|kata sandi|mật khẩu|पासवर्ड|পাসওয়ার্ড|"
    r"كلمة المرور|비밀번호|パスワード|密码|รหัสผ่าน|conversación|gespräch|conversazione|"
    r"conversa\b|переписк|sohbet|percakapan|usapan|cuộc trò chuyện|बातचीत|কথোপকথন|محادثة|대화|"
    r"会話|对话|聊天记录|การสนทนา"
)
_DEST = (
    r"(?:https?://|www\.|[\w.+-]+@[\w-]+\.[\w.-]+|(?:my|this|that|an external|a remote|"
    r"the following|our) (?:server|url|endpoint|address|email|inbox))"
)
_DEST_WORDS = lexicon(r"http|www |@|server|url |endpoint|address|email|inbox")


_NOUN_BEFORE = re.compile(r"\b(?:the|a|an|this|that|fake|phishing|spoofed|suspicious)\s+$")


# What is sent, negated: "summaries (counts only, no user data)" sends none.
_NOT_WHAT = re.compile(r"\b(?:no|not|never|without|excluding|except|nor)\s+(?:\w+\s+)?$")


@builder
def _sensitive() -> re.Pattern[str]:
    return re.compile(alt(_SENSITIVE))


def _sent(m: re.Match[str]) -> bool:
    """An affirmed send verb; "the fake email asked staff to …" names a mail, it sends none."""
    what = _sensitive().search(m.string, m.start() + 1, m.end())
    return (
        affirmed(m)
        and not _NOUN_BEFORE.search(m.string, max(0, m.start() - 12), m.start())
        and not (what and _NOT_WHAT.search(m.string, max(0, what.start() - 24), what.start()))
    )


def _exfiltration_rules() -> tuple[Rule, ...]:
    send, sensitive = alt(_SEND), alt(_SENSITIVE)
    send_reason = (
        "it tells the model to send conversation data, credentials or personal "
        "data to an outside address"
    )
    return (
        Rule(
            "exfiltration.send-data",
            "exfiltration",
            send_reason,
            prefixes(_SEND),
            rf"{send}[^.\n]{{0,80}}?{sensitive}[^.\n]{{0,80}}?{_DEST}",
            requires=(_DEST_WORDS,),
            near=prefixes(_SENSITIVE),
            span=100,
            accept=_sent,
        ),
        Rule(
            "exfiltration.send-data",
            "exfiltration",
            send_reason,
            prefixes(_SENSITIVE),
            rf"{sensitive}[^.\n]{{0,60}}?{send}[^.\n]{{0,60}}?{_DEST}",
            requires=(_DEST_WORDS,),
            near=prefixes(_SEND),
            span=80,
            accept=affirmed,
        ),
        Rule(
            "exfiltration.markdown-image",
            "exfiltration",
            "it embeds an image whose URL carries data in its query string, which leaks that "
            "data the moment the reply is rendered",
            ("![", "<img "),
            r"(?:!\[[^\]\n]{0,200}\]\(\s*<?|<img[^>]{0,100}src\s*=\s*[\"']?)https?://"
            r"(?:[^\s)\"'>]{1,300}?=(?:[{$<\[]|%7b|%24)|"
            r"[^\s)\"'>]{1,300}[?&][^\s)\"'>]{0,300}?(?:[{}$<\[]|%7b|%24|(?:data|q|query|secret|"
            r"key|token|conv|conversation|chat|history|msg|message|prompt|info|content|text|"
            r"payload|pw|password|email|session|cookie)=(?!public\b|[\w-]*badge\b)))",
        ),
    )


def _persistence_rules() -> tuple[Rule, ...]:
    return (
        Rule(
            "persistence.reverse-shell",
            "persistence",
            "it opens a reverse shell that hands control of the machine to a remote host",
            (
                "/dev/tcp",
                "/dev/udp",
                "bash",
                "nc ",
                "ncat",
                "netcat",
                "mkfifo",
                "socat",
                "dup2",
                "pty.spawn",
            ),
            r"/dev/(?:tcp|udp)/|bash\s+-i\s*>&|(?:nc|ncat|netcat)\b[^\n|;]{0,60}\s-[ec]\s*"
            r"/?(?:bin/)?(?:ba|z)?sh\b|mkfifo[^\n]{0,100}\b(?:nc|ncat|netcat)\b|socat[^\n]{0,100}"
            r"exec:|dup2\(.{0,300}?(?:/bin/(?:ba|z)?sh|cmd\.exe|pty\.spawn)|pty\.spawn\(\s*[\"']"
            r"/bin/(?:ba|z)?sh",
        ),
        Rule(
            "persistence.destructive",
            "persistence",
            "it runs a command that destroys the system (rm -rf /, a disk wipe)",
            (
                "rm ",
                "mkfs",
                "dd ",
                ">",
                "chmod",
                "del ",
                "rd ",
                "rmdir",
                "rmtree",
                "physicaldrive",
                "open(",
                "system32",
            ),
            r"rm\s+(?:-\w+\s+)*-\w*[rR]\w*\s+(?:-\w+\s+)*(?:--no-preserve-root\s+)?"
            r"(?:/\*?|~/?|\$home/?|/\s*--no-preserve-root)(?=[\s;&|'\"`)]|$)"
            r"|mkfs(?:\.\w+)?\s+/dev/(?:sd|hd|nvme|disk|xvd)|dd\s+[^\n]{0,40}of=/dev/(?:sd|hd|"
            r"nvme|disk|xvd)|>\s*/dev/sd[a-z]\b|chmod\s+-r\s+0?777\s+/(?=\s|$)"
            r"|del\s+/[fsq][^\n]{0,40}c:\\windows|(?:rd|rmdir)\s+/s\s+/q\s+c:\\"
            r"|rmtree\(\s*[\"']/[\"']|physicaldrive0|(?:open\(\s*[\"']|>>?\s*)/boot/"
            r"|system32[^\n]{0,40}(?:del|remove|rmdir|unlink)",
            accept=affirmed,
        ),
    )


@builder
def rules() -> tuple[Rule, ...]:
    """Exfiltration, persistence and malicious-code rules (built on first use)."""
    plant = "it tells the model to plant a given code snippet in the code it writes"
    return (
        *_exfiltration_rules(),
        *_persistence_rules(),
        Rule(
            "injection.embed-snippet",
            "injection",
            plant,
            ("following", "below", "subsequent", "above", "attached", "given", "provided", "this "),
            r"(?:following|below|subsequent|above|attached|given|provided|this)\s+(?:code\s+)?"
            r"(?:code|snippet|script|block|excerpt|section|payload|fragment)\b.{0,120}?\b(?:your|"
            r"every|each|future|all)\s+(?:\w+\s+)?(?:code|implementation|solution|response|reply|"
            r"answer|output|algorithm|program|scripts?|project|elucidation|codebase)\b",
            near=(
                "code",
                "snippet",
                "script",
                "block",
                "excerpt",
                "section",
                "payload",
                "fragment",
            ),
            span=30,
        ),
        Rule(
            "injection.embed-snippet",
            "injection",
            plant,
            ("your ", "every", "each ", "future", "all "),
            r"(?:your|every|each|future|all)\s+(?:\w+\s+)?(?:code|implementation|solution|"
            r"algorithm|program|codebase)\b.{0,80}?(?:following|below|subsequent)\s+(?:code\s+)?"
            r"(?:code|snippet|script|block|excerpt|section|fragment)\b",
            near=("following", "below", "subsequent"),
            span=110,
        ),
    )
