"""Rules against payloads that act on the machine: exfiltration, persistence, malware.

A memory that says "run ``curl -d @~/.ssh/id_rsa …``" or carries a keylogger snippet turns
every later session into an attacker's agent. These rules look for the *behaviour* (a
network tool next to a credential file, input capture next to an upload, a loop of
requests with no pause), not for any particular script, so rewording the code does not
evade them. Like every rule, each pattern starts with one of its anchors.
"""

from __future__ import annotations

import functools
import re

from ._build import alt, prefixes
from ._engine import Rule
from ._patterns import affirmed

__all__ = ["rules"]

_NET = (
    r"curl\b",
    r"wget\b",
    r"nc\b",
    r"ncat\b",
    r"netcat\b",
    r"socat\b",
    r"scp\b",
    r"sftp\b",
    r"ftp\b",
    r"telnet\b",
    r"rsync\b",
    r"invoke-webrequest",
    r"invoke-restmethod",
    r"iwr\b",
    r"irm\b",
    r"requests\.(?:post|put)",
    r"urlopen",
    r"fetch\(",
)
# Files whose content is a credential; ~/.ssh/config and known_hosts are not.
_SECRET_FILE = (
    r"~/\.ssh/?(?=[\s\"'`*)]|$)",
    r"\.ssh/(?:id_\w+|authorized_keys)",
    r"id_(?:rsa|dsa|ecdsa|ed25519)\b",
    r"/etc/(?:passwd|shadow|sudoers)\b",
    r"\.env\b(?!\.example|\.sample|\.template)",
    r"\.aws/credentials",
    r"credentials\.json",
    r"\.netrc\b",
    r"\.npmrc\b",
    r"\.pypirc\b",
    r"\.git-credentials",
    r"\.kube/config",
    r"\.docker/config\.json",
    r"\.bash_history",
    r"\.zsh_history",
    r"\.gnupg",
    r"wallet\.dat",
    r"cookies\.sqlite",
    r"login data",
    r"keychain-db",
)
_STRONG_SECRET = (
    r"(?:~/)?\.ssh/id_\w+|~/\.ssh/?(?=[\s\"'`*)]|$)|(?:\S*/)?id_(?:rsa|dsa|ecdsa|"
    r"ed25519)\b|/etc/(?:passwd|shadow)\b|(?:~/)?\.aws/credentials|"
    r"(?:~/)?\.git-credentials|(?:~/)?\.netrc\b|(?:~/)?\.bash_history|\S*wallet\.dat"
)
_READERS = (
    "cat ",
    "type ",
    "more ",
    "less ",
    "head ",
    "tail ",
    "base64",
    "xxd ",
    "strings ",
    "get-content",
    "gc ",
    "tar ",
    "zip ",
    "cp ",
)

_SEND = (
    r"send\w*",
    r"forward\w*",
    r"email\w*",
    r"e-mail\w*",
    r"post\b",
    r"upload\w*",
    r"transmit\w*",
    r"exfiltrat\w*",
    r"leak\w*",
    r"submit\w*",
    r"beam\b",
    r"envi[aeá]\w*",
    r"enví\w*",
    r"enviar",
    r"mand[ae]\w*",
    r"envoie\w*",
    r"envoyer",
    r"transmet\w*",
    r"sende\w*",
    r"schick\w*",
    r"übermittle\w*",
    r"invia\w*",
    "отправ",
    "пришли",
    "перешли",
    r"gönder\w*",
    r"ilet\w*",
    r"kirim\w*",
    r"ipadala",
    r"ipasa",
    "gửi",
    "भेज",
    "পাঠা",
    "أرسل",
    "ارسل",
    "إرسال",
    "보내",
    "전송",
    "送信",
    "送って",
    "发送",
    "发给",
    "发到",
    "转发",
    "ส่ง",
)
_SENSITIVE = (
    r"conversation",
    r"chat (?:history|log)s?",
    r"system prompt",
    r"(?:full|entire|whole|conversation|chat|session) context",
    r"memories",
    r"transcripts?",
    r"api keys?",
    r"credentials?",
    r"passwords?",
    r"secrets?",
    r"tokens?",
    r"cookies",
    r"personal (?:data|information|details)",
    r"users?'? (?:data|details|information|records)",
    r"employees?'? (?:data|details|information|records)",
    r"customers?'? (?:data|details|information|records)",
    r"bank details",
    r"ssn\b",
    r"credit card\w*",
    r"environment variables",
    r"env vars",
    r"private key",
    r"everything",
    r"datos",
    r"données",
    r"daten",
    r"dati\b",
    r"dados",
    "данн",
    r"veri\w*",
    "dữ liệu",
    "डेटा",
    "ডেটা",
    "بيانات",
    "데이터",
    "データ",
    "数据",
    "资料",
    "ข้อมูล",
    r"contraseña",
    r"mot de passe",
    r"passwort",
    r"senha",
    "пароль",
    r"şifre",
    r"kata sandi",
    "mật khẩu",
    "पासवर्ड",
    "পাসওয়ার্ড",
    "كلمة المرور",
    "비밀번호",
    "パスワード",
    "密码",
    "รหัสผ่าน",
    r"conversación",
    r"gespräch",
    r"conversazione",
    r"conversa\b",
    "переписк",
    r"sohbet",
    r"percakapan",
    r"usapan",
    "cuộc trò chuyện",
    "बातचीत",
    "কথোপকথন",
    "محادثة",
    "대화",
    "会話",
    "对话",
    "聊天记录",
    "การสนทนา",
)
_DEST = (
    r"(?:https?://|www\.|[\w.+-]+@[\w-]+\.[\w.-]+|(?:my|this|that|an external|a remote|"
    r"the following|our) (?:server|url|endpoint|address|email|inbox))"
)
_DEST_WORDS = ("http", "www ", "@", "server", "url ", "endpoint", "address", "email", "inbox")

# Code behaviours: something that collects, and something that ships it off the machine.
_SHIP = (
    r"requests\.(?:post|put|patch)",
    r"httpx\.(?:post|put)",
    r"urllib\.request",
    r"urlopen",
    r"http\.client",
    r"\.sendall\(",
    r"\.send\(",
    r"\.sendto\(",
    r"scp\b",
    r"curl\b",
    r"wget\b",
    r"ftplib",
    r"smtplib",
    r"paramiko",
    r"sftp",
    r"\.upload",
)
_COLLECTORS: dict[str, tuple[str, tuple[str, ...]]] = {
    "exfiltration.keylogger": (
        "it captures keystrokes or the clipboard and sends them off the machine",
        (
            r"pynput",
            r"keyboard\.(?:on_press|on_release|hook|read_key|record|listener)",
            r"getasynckeystate",
            r"setwindowshookex",
            r"pyperclip\.paste",
            r"clipboard",
            r"pbpaste",
            r"xclip\s+-o",
            r"xsel\b",
            r"keystroke",
            r"keylog",
            r"/var/log/syslog",
        ),
    ),
    "exfiltration.screen-capture": (
        "it captures the screen and sends the images off the machine",
        (
            r"screenshot",
            r"imagegrab",
            r"screencapture",
            r"snippingtool",
            r"scrot\b",
            r"mss\(\)",
            r"import -window root",
        ),
    ),
    "exfiltration.fingerprint": (
        "it collects identifying details of the machine or user and sends them away",
        (
            r"platform\.(?:uname|system|node|platform|processor|machine|version)",
            r"os\.uname",
            r"gethostname",
            r"getpass\.getuser",
            r"getlogin",
            r"nvidia-smi",
            r"uuid\.getnode",
            r"wmic",
            r"systeminfo",
            r"psutil\.\w+",
            r"geocoder",
            r"ipinfo",
            r"/proc/cpuinfo",
            r"dmidecode",
            r"getmac",
            r"net_if_addrs",
        ),
    ),
    "exfiltration.sniffing": (
        "it captures network traffic and relays it elsewhere",
        (
            r"sniff\(",
            r"tcpdump",
            r"tshark",
            r"pcap",
            r"promisc",
            r"af_packet",
            r"sock_raw",
            r"mitmproxy",
            r"arpspoof",
            r"ettercap",
            r"\.accept\(\)",
            r"\.recv\(",
        ),
    ),
}


def _collect_rules(rule_id: str) -> tuple[Rule, ...]:
    reason, collect = _COLLECTORS[rule_id]
    c, ship = alt(collect), alt(_SHIP)
    need = (prefixes(collect), prefixes(_SHIP))
    return (
        Rule(
            rule_id,
            "exfiltration",
            reason,
            prefixes(collect),
            rf"{c}.{{0,600}}?{ship}",
            requires=need,
            near=prefixes(_SHIP),
            span=620,
        ),
        Rule(
            rule_id,
            "exfiltration",
            reason,
            prefixes(_SHIP),
            rf"{ship}.{{0,600}}?{c}",
            requires=need,
            near=prefixes(collect),
            span=620,
        ),
    )


def _no_pause(m: re.Match[str]) -> bool:
    """A tight loop of requests is a flood; one that sleeps between them is polling."""
    return "sleep" not in m.group(0)


def _cron_line(m: re.Match[str]) -> bool:
    """The command sits on a crontab line: five schedule fields (or @reboot) before it."""
    line = m.string[m.string.rfind("\n", 0, m.start()) + 1 : m.start()]
    return re.match(r"\s*(?:@reboot\s|(?:[\d*/,-]+\s+){5})", line) is not None


def _in_url(m: re.Match[str]) -> bool:
    """The command substitution sits inside a URL (``https://x/?d=$(cat …)``)."""
    word = m.string[: m.start()].rsplit(None, 1)
    return bool(word) and re.search(r"https?://", word[-1]) is not None


def _same_name(m: re.Match[str]) -> bool:
    """A fork bomb calls itself twice: ``f(){ f|f& };f``."""
    return m.string[: m.start()].rstrip().endswith(m.group(1))


def _exfiltration_rules() -> tuple[Rule, ...]:
    net, secret = alt(_NET), alt(_SECRET_FILE)
    reason = "it sends a credential file (SSH key, .env, /etc/passwd) over the network"
    send, sensitive = alt(_SEND), alt(_SENSITIVE)
    send_reason = (
        "it tells the model to send conversation data, credentials or personal "
        "data to an outside address"
    )
    return (
        Rule(
            "exfiltration.secret-file",
            "exfiltration",
            reason,
            prefixes(_NET),
            rf"{net}[^\n]{{0,200}}?{secret}",
            near=prefixes(_SECRET_FILE),
            span=220,
        ),
        Rule(
            "exfiltration.secret-file",
            "exfiltration",
            reason,
            prefixes(_SECRET_FILE),
            rf"{secret}[^\n]{{0,200}}?{net}",
            near=prefixes(_NET),
            span=220,
        ),
        Rule(
            "exfiltration.read-secret-file",
            "exfiltration",
            "it dumps a private key, password file or credential store",
            _READERS,
            r"(?:cat|type|more|less|head|tail|base64|xxd|strings|get-content|gc|tar|zip|cp)\s"
            rf"[^\n|;]{{0,40}}?(?:{_STRONG_SECRET})",
            near=(
                ".ssh",
                "id_rsa",
                "id_dsa",
                "id_ecdsa",
                "id_ed25519",
                "/etc/passwd",
                "/etc/shadow",
                ".aws",
                "git-credentials",
                ".netrc",
                "bash_history",
                "wallet.dat",
            ),
            span=90,
            accept=affirmed,
        ),
        Rule(
            "exfiltration.send-data",
            "exfiltration",
            send_reason,
            prefixes(_SEND),
            rf"{send}[^.\n]{{0,80}}?{sensitive}[^.\n]{{0,80}}?{_DEST}",
            requires=(_DEST_WORDS,),
            near=prefixes(_SENSITIVE),
            span=100,
            accept=affirmed,
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
            r"[^\s)\"'>]{1,300}[?&][^\s)\"'>]{0,300}?(?:[{}$<\[]|%7b|%24|(?:data|q|query|secret|"
            r"key|token|conv|conversation|chat|history|msg|message|prompt|info|content|text|"
            r"payload|pw|password|email|session|cookie)=)",
        ),
        Rule(
            "exfiltration.url-command",
            "exfiltration",
            "it builds a URL from a shell command's output, a classic way to leak files",
            ("$(",),
            r"\$\(\s*(?:cat|base64|head|tail|env|printenv|whoami|hostname|id|history|ls|pwd)\b",
            requires=(("http",),),
            accept=_in_url,
        ),
        Rule(
            "exfiltration.tunnel",
            "exfiltration",
            "it forwards local traffic through a tunnel or relay to a remote host",
            (
                "subprocess",
                "pexpect",
                "popen",
                "os.system",
                "spawn",
                "tcp4clientendpoint",
                "tcp4serverendpoint",
            ),
            r"(?:subprocess|pexpect|popen|os\.system|spawn).{0,120}?ssh\s+(?:-\w+\s+)*-[lrd]\s*\d"
            r"|tcp4clientendpoint.{0,400}?tcp4serverendpoint|tcp4serverendpoint.{0,400}?"
            r"tcp4clientendpoint",
            requires=(("ssh ", "tcp4clientendpoint"),),
        ),
        *(r for rule_id in _COLLECTORS for r in _collect_rules(rule_id)),
    )


def _persistence_rules() -> tuple[Rule, ...]:
    flood = "it floods a host with requests in an endless loop (denial of service)"
    rc = r"\.(?:bashrc|bash_profile|profile|zshrc|zprofile|zshenv|bash_login)\b|config\.fish"
    rc_files = (
        ".bashrc",
        ".bash_profile",
        ".profile",
        ".zshrc",
        ".zprofile",
        ".zshenv",
        ".bash_login",
        "config.fish",
    )
    fetch = r"(?:curl|wget|nc\b|/dev/tcp|base64 -d|eval|python3? -c|ld_preload|alias sudo=)"
    return (
        Rule(
            "persistence.authorized-keys",
            "persistence",
            "it adds an SSH key to authorized_keys, giving someone lasting access",
            (">", "tee ", "add", "append", "insert", "write", "put", "inject", "copy"),
            r"(?:>>?|tee\s+(?:-a\s+)?)\s*\S{0,60}authorized_keys"
            r"|(?:add|append|insert|write|put|inject|copy)\w*\s[^.\n]{0,80}?key[^.\n]{0,60}?"
            r"(?:to|into|in)\s+(?:the\s+|your\s+)?\S{0,40}authorized_keys",
            near=("authorized_keys",),
            span=170,
            accept=affirmed,
        ),
        Rule(
            "persistence.cron",
            "persistence",
            "it installs a scheduled job that fetches or runs remote code",
            ("crontab", "echo ", "printf", ">", "tee ", "@reboot"),
            r"crontab\s+-l[^\n]{0,160}\|\s*crontab\b|(?:echo|printf)\s[^\n]{0,200}\|\s*crontab\b"
            r"|(?:>>?|tee\s+(?:-a\s+)?)\s*/(?:etc/cron|var/spool/cron)|@reboot\s+\S",
            requires=(("crontab", "cron", "reboot"),),
        ),
        Rule(
            "persistence.cron",
            "persistence",
            "it installs a scheduled job that fetches or runs remote code",
            ("curl", "wget", "nc ", "bash -i", "/dev/tcp", "python", "base64"),
            r"(?:curl|wget|nc\b|bash -i|/dev/tcp|python3? -c|base64 -d)",
            requires=(("* *", "@reboot"),),
            accept=_cron_line,
        ),
        Rule(
            "persistence.shell-rc",
            "persistence",
            "it plants a command that fetches or runs remote code in a shell start-up file",
            (
                "curl",
                "wget",
                "nc ",
                "/dev/tcp",
                "base64",
                "eval",
                "python",
                "ld_preload",
                "alias sudo",
            ),
            rf"{fetch}[^\n]{{0,200}}?(?:>>?|\btee\b[^\n]{{0,10}})\s*\S{{0,40}}(?:{rc})",
            near=rc_files,
            span=260,
        ),
        Rule(
            "persistence.shell-rc",
            "persistence",
            "it plants a command that fetches or runs remote code in a shell start-up file",
            ("add", "append", "insert", "write", "put"),
            r"(?:add|append|insert|write|put)\w*\s[^.\n]{0,80}?(?:curl|wget|\bnc\b|/dev/tcp|"
            r"reverse shell|base64 -d)[^.\n]{0,80}?(?:to|into|in)\s+(?:the\s+|your\s+)?\S{0,20}"
            rf"(?:{rc})",
            near=rc_files,
            span=200,
        ),
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
            "persistence.reverse-shell",
            "persistence",
            "it opens a reverse shell that hands control of the machine to a remote host",
            ("open", "spawn", "start", "create", "set up", "establish", "launch", "run"),
            r"(?:open|spawn|start|create|set up|establish|launch|run)\w*\s+(?:a\s+)?"
            r"reverse shell",
            near=("reverse",),
            span=40,
        ),
        Rule(
            "persistence.destructive",
            "persistence",
            "it runs a command that destroys the system (rm -rf /, disk wipe, fork bomb)",
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
        Rule(
            "persistence.destructive",
            "persistence",
            "it defines a fork bomb, which exhausts the machine",
            ("()",),
            r"\(\)\s*\{\s*(\w+|:)\s*\|\s*\1\s*&\s*\}",
            near=("|",),
            span=40,
            accept=_same_name,
        ),
        Rule(
            "persistence.destructive",
            "persistence",
            "it runs a command that destroys the system (rm -rf /, disk wipe, fork bomb)",
            ("format",),
            r"format\s+c:",
            near=("c:",),
            span=12,
            accept=affirmed,
        ),
        Rule(
            "persistence.disable-security",
            "persistence",
            "it switches off a firewall, antivirus or other security control",
            (
                "disabl",
                "turn",
                "stop",
                "kill",
                "uninstall",
                "deactivat",
                "setenforce",
                "ufw ",
                "set-mppreference",
                "systemctl",
                "iptables",
                "netsh",
                "csrutil",
                "spctl",
            ),
            r"(?:disabl\w*|turn\w* off|stop\w*|kill\w*|uninstall\w*|deactivat\w*)\s+(?:the\s+|"
            r"all\s+|any\s+|windows\s+)*(?:firewall|antivirus|anti-virus|defender|edr|selinux|"
            r"apparmor|auditd|audit logging|security (?:software|updates|monitoring|alerts)|"
            r"endpoint protection|real-?time (?:monitoring|protection)|gatekeeper|"
            r"system integrity protection)"
            r"|setenforce\s+0|ufw\s+disable|set-mppreference[^\n]{0,60}-disable\w*\s+\$?true"
            r"|systemctl\s+(?:stop|disable|mask)\s+(?:firewalld|ufw|auditd|apparmor|falcon\w*|"
            r"clamav\w*)|iptables\s+-f\b|netsh\s+advfirewall\s+set\s+\w+\s+state\s+off"
            r"|csrutil\s+disable|spctl\s+--master-disable",
            accept=affirmed,
        ),
        Rule(
            "persistence.network-sabotage",
            "persistence",
            "it cuts the machine off the network or redirects public sites to nowhere",
            ("ipconfig", "ifconfig", "ip link", "nmcli", "netsh", "networkadapter", "/etc/hosts"),
            r"ipconfig\s+/release|(?:ifconfig|ip\s+link\s+set)\s+\w+\s+down|nmcli\s+(?:networking|"
            r"radio\s+\w+)\s+off|netsh\s+interface\s+set\s+interface[^\n]{0,60}disabled?"
            r"|networkadapter\w*.{0,200}?\.disable\(\)"
            r"|/etc/hosts.{0,200}?(?:127\.0\.0\.1|0\.0\.0\.0)\s+(?:www\.)?[\w-]+\.(?:com|org|net|io)"
            r"\b",
        ),
        Rule(
            "persistence.ransomware",
            "persistence",
            "it encrypts files with a remotely held key or demands a ransom",
            (
                "fernet",
                "aes ",
                "aes.",
                "cipher",
                "encrypt",
                "requests.get",
                "urlopen",
                "os.walk",
                "glob.glob",
                "your ",
                "all ",
                "pay",
            ),
            r"(?:fernet|aes|cipher|encrypt\w*).{0,400}?(?:requests\.get|urlopen|os\.walk|"
            r"glob\.glob|ransom|bitcoin)|(?:requests\.get|urlopen|os\.walk|glob\.glob).{0,400}?"
            r"(?:fernet|aes\.new|cipher\(|encrypt\w*\()"
            r"|(?:your|all)\s+(?:files|documents|data)\s+(?:have been|are|were)\s+encrypted"
            r"|pay[^.\n]{0,40}(?:ransom|bitcoin|btc|monero)[^.\n]{0,60}decrypt",
            requires=(("fernet", "aes ", "aes.", "cipher", "encrypt", "ransom"),),
        ),
        Rule(
            "persistence.flood",
            "persistence",
            flood,
            ("while", "itertools.count"),
            r"(?:while\s*\(?\s*(?:true|1)\s*\)?\s*:?|itertools\.count\(\)).{0,160}?(?:\.connect\(|"
            r"\.send\w*\(|requests\.\w+\(|urlopen|\bcurl\b|\bping\b|http)",
            near=("connect(", "send", "requests.", "urlopen", "curl", "ping", "http"),
            span=180,
            accept=_no_pause,
        ),
        Rule(
            "persistence.flood",
            "persistence",
            flood,
            ("hping", "slowloris", "flags"),
            r"hping3?[^\n]{0,60}--flood|slowloris|flags\s*=\s*[\"']s[\"']",
        ),
        Rule(
            "persistence.flood",
            "persistence",
            flood,
            ("for ",),
            r"for\s+\w+\s+in\s+range\(\s*\d{3,}\s*\).{0,200}?(?:multiprocessing\.process|"
            r"threading\.thread|os\.fork)\(",
            near=("multiprocessing.process", "threading.thread", "os.fork"),
            span=260,
        ),
    )


@functools.cache
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
            ("code", "snippet", "script", "block", "excerpt", "section", "payload", "fragment"),
            r"(?:code|snippet|script|block|excerpt|section|payload|fragment)\s+(?:below|above)\b"
            r".{0,120}?\b(?:your|every|each|future|all)\s+(?:\w+\s+)?(?:code|implementation|"
            r"solution|response|reply|answer|output|algorithm|program|scripts?|project|codebase)\b",
            near=("below", "above"),
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
