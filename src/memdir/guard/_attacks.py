"""Rules against payloads that act on the machine: exfiltration, persistence, malware.

A memory that says "run ``curl -d @~/.ssh/id_rsa …``" or carries a keylogger snippet turns
every later session into an attacker's agent. These rules look for the *behaviour* (a
network tool next to a secret file, input capture next to an upload, a loop of requests
with no pause), not for any particular script, so rewording the code does not evade them.
"""

from __future__ import annotations

import functools
import re

from ._engine import Rule
from ._patterns import affirmed

__all__ = ["rules"]

_NET_TOOLS = ("curl", "wget", "nc ", "ncat", "netcat", "socat", "scp", "sftp", "ftp ", "telnet",
              "rsync", "invoke-webrequest", "invoke-restmethod", "iwr ", "irm ", "requests.",
              "urlopen", "fetch(")
_NET = (r"(?:\b(?:curl|wget|nc|ncat|netcat|socat|scp|sftp|ftp|telnet|rsync|invoke-webrequest|"
        r"invoke-restmethod|iwr|irm)\b|requests\.(?:post|put)|urlopen|fetch\()")
# Files whose content is a credential; ~/.ssh/config and known_hosts are not.
_SECRET_FILE = (r"(?:~/\.ssh/?(?=[\s\"'`*)]|$)|\.ssh/(?:id_\w+|authorized_keys)|\bid_(?:rsa|dsa|"
                r"ecdsa|ed25519)\b|/etc/(?:passwd|shadow|sudoers)\b|(?:^|[\s\"'=@:/`])\.env\b|"
                r"\.aws/credentials|credentials\.json|\.netrc\b|\.npmrc\b|\.pypirc\b|"
                r"\.git-credentials|\.kube/config|\.docker/config\.json|\.bash_history|"
                r"\.zsh_history|\.gnupg|wallet\.dat|cookies\.sqlite|login data|keychain-db)")
_SECRET_ANCHORS = ("~/.ssh", ".ssh/", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "/etc/passwd",
                   "/etc/shadow", "/etc/sudoers", ".env", ".aws/credentials", "credentials.json",
                   ".netrc", ".npmrc", ".pypirc", ".git-credentials", ".kube/config",
                   ".docker/config", "_history", ".gnupg", "wallet.dat", "cookies.sqlite",
                   "login data", "keychain-db")
_STRONG_SECRET = (r"(?:\.ssh/id_\w+|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|/etc/(?:passwd|shadow)\b|"
                  r"\.aws/credentials|\.git-credentials|\.netrc\b|~/\.ssh/?(?=[\s\"'`*)]|$)|"
                  r"\.bash_history|wallet\.dat)")

_SEND_VERBS = (r"(?:send|sends|sending|forward|email|e-mail|post|upload|transmit|exfiltrate|leak|"
               r"submit|beam|envía\w*|envie\w*|enviar|manda\w*|envoie\w*|envoyer|transmet\w*|"
               r"sende\w*|schick\w*|übermittle\w*|invia\w*|отправ\w*|пришли\w*|перешли\w*|"
               r"gönder\w*|ilet\w*|kirim\w*|ipadala|ipasa|gửi|भेज|পাঠা|أرسل|ارسل|إرسال|보내|전송|"
               r"送信|送って|发送|发给|发到|转发|ส่ง)")
_SENSITIVE = (r"(?:conversation|chat (?:history|log)s?|context|system prompt|memories|"
              r"transcripts?|api keys?|credentials?|passwords?|secrets?|tokens?|cookies|personal (?:data|information|details)|(?:user|employee|customer|"
              r"client|patient)s?'? (?:data|details|information|records)|bank details|ssn|"
              r"credit card\w*|environment variables|env vars|private key|everything|"
              r"datos|données|daten|dati|dados|данн\w*|veri\w*|dữ liệu|डेटा|ডেটা|بيانات|"
              r"데이터|データ|数据|资料|ข้อมูล|contraseña|mot de passe|passwort|senha|пароль|şifre|"
              r"kata sandi|mật khẩu|पासवर्ड|পাসওয়ার্ড|كلمة المرور|비밀번호|パスワード|密码|รหัสผ่าน|"
              r"conversación|gespräch|conversazione|conversa|переписк\w*|sohbet|percakapan|usapan|"
              r"cuộc trò chuyện|बातचीत|কথোপকথন|محادثة|대화|会話|对话|聊天记录|การสนทนา)")
_DEST = (r"(?:https?://|www\.|[\w.+-]+@[\w-]+\.[\w.-]+|(?:my|this|that|an external|a remote|"
         r"the following|our) (?:server|url|endpoint|address|email|inbox))")

# Code behaviours: something that collects, and something that ships it off the machine.
_SHIP = (r"(?:requests\.(?:post|put|patch)|httpx\.(?:post|put)|urllib\.request|urlopen|"
         r"http\.client|\.sendall\(|\.send\(|\.sendto\(|\bscp\b|\bcurl\b|\bwget\b|ftplib|"
         r"smtplib|paramiko|sftp|\.upload)")
_SHIP_ANCHORS = ("requests.", "httpx.", "urllib", "urlopen", "http.client", "send", "scp",
                 "curl", "wget", "ftplib", "smtplib", "paramiko", "sftp", ".upload")
_COLLECTORS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "exfiltration.keylogger": (
        "it captures keystrokes or the clipboard and sends them off the machine",
        ("pynput", "keyboard.", "getasynckeystate", "setwindowshookex", "pyperclip", "clipboard",
         "pbpaste", "xclip", "xsel", "keystroke", "keylog", "/var/log/syslog"),
        r"pynput|keyboard\.(?:on_press|on_release|hook|read_key|record|listener)|getasynckeystate"
        r"|setwindowshookex|pyperclip\.paste|clipboard|pbpaste|xclip\s+-o|xsel\b|keystroke|keylog"
        r"|/var/log/syslog",
    ),
    "exfiltration.screen-capture": (
        "it captures the screen and sends the images off the machine",
        ("screenshot", "imagegrab", "screencapture", "snippingtool", "scrot", "mss(",
         "import -window"),
        r"screenshot|imagegrab|screencapture|snippingtool|\bscrot\b|mss\(\)|import -window root",
    ),
    "exfiltration.fingerprint": (
        "it collects identifying details of the machine or user and sends them away",
        ("platform.", "os.uname", "gethostname", "getpass", "getlogin", "nvidia-smi", "getnode",
         "wmic", "systeminfo", "psutil.", "geocoder", "ipinfo", "cpuinfo", "dmidecode", "getmac",
         "net_if_addrs"),
        r"platform\.(?:uname|system|node|platform|processor|machine|version)|os\.uname|"
        r"gethostname|getpass\.getuser|getlogin|nvidia-smi|uuid\.getnode|wmic|systeminfo|"
        r"psutil\.\w+|geocoder|ipinfo|/proc/cpuinfo|dmidecode|getmac|net_if_addrs",
    ),
    "exfiltration.sniffing": (
        "it captures network traffic and relays it elsewhere",
        ("sniff(", "tcpdump", "tshark", "pcap", "promisc", "af_packet", "sock_raw", "mitmproxy",
         "arpspoof", "ettercap", ".accept()", ".recv("),
        r"sniff\(|tcpdump|tshark|pcap|promisc|af_packet|sock_raw|mitmproxy|arpspoof|ettercap"
        r"|\.accept\(\)|\.recv\(",
    ),
}


def _collect_rule(rule_id: str) -> Rule:
    reason, anchors, collect = _COLLECTORS[rule_id]
    return Rule(rule_id, "exfiltration", reason, anchors,
                rf"(?:{collect}).{{0,600}}?{_SHIP}|{_SHIP}.{{0,600}}?(?:{collect})", radius=700)


def _no_pause(m: re.Match[str]) -> bool:
    """A tight loop of requests is a flood; one that sleeps between them is polling."""
    return "sleep" not in m.group(0)


@functools.cache
def rules() -> tuple[Rule, ...]:
    """Exfiltration, persistence and malicious-code rules (built on first use)."""
    return (
        Rule(
            "exfiltration.secret-file",
            "exfiltration",
            "it sends a credential file (SSH key, .env, /etc/passwd) over the network",
            _SECRET_ANCHORS,
            rf"{_NET}[^\n]{{0,200}}?{_SECRET_FILE}|{_SECRET_FILE}[^\n]{{0,200}}?{_NET}",
        ),
        Rule(
            "exfiltration.read-secret-file",
            "exfiltration",
            "it dumps a private key, password file or credential store",
            _SECRET_ANCHORS,
            r"\b(?:cat|type|more|less|head|tail|base64|xxd|strings|get-content|gc|tar|zip|cp)\s"
            rf"[^\n|;]{{0,40}}?{_STRONG_SECRET}",
            accept=affirmed,
        ),
        Rule(
            "exfiltration.send-data",
            "exfiltration",
            "it tells the model to send conversation data, credentials or personal data to "
            "an outside address",
            ("send", "forward", "email", "e-mail", "post", "upload", "transmit", "exfiltrate",
             "leak", "submit", "beam", "enví", "envi", "envia", "manda", "envoie", "envoyer",
             "transmet", "sende", "schick", "übermittle", "invia", "отправ", "пришли", "перешли",
             "gönder", "ilet", "kirim", "ipadala", "ipasa", "gửi", "भेज", "পাঠা", "أرسل", "ارسل",
             "إرسال", "보내", "전송", "送信", "送って", "发送", "发给", "发到", "转发", "ส่ง"),
            rf"{_SEND_VERBS}[^.\n]{{0,80}}?{_SENSITIVE}[^.\n]{{0,80}}?{_DEST}"
            rf"|{_SENSITIVE}[^.\n]{{0,60}}?{_SEND_VERBS}[^.\n]{{0,60}}?{_DEST}",
            accept=affirmed,
        ),
        Rule(
            "exfiltration.markdown-image",
            "exfiltration",
            "it embeds an image whose URL carries data in its query string, which leaks that "
            "data the moment the reply is rendered",
            ("![", "<img"),
            r"(?:!\[[^\]\n]{0,200}\]\(\s*<?|<img[^>]{0,100}src\s*=\s*[\"']?)https?://[^\s)\"'>]{1,300}"
            r"[?&][^\s)\"'>]{0,300}?(?:[{}$<\[]|%7b|%24|(?:data|q|query|secret|key|token|conv|"
            r"conversation|chat|history|msg|message|prompt|info|content|text|payload|pw|password|"
            r"email|session|cookie)=)",
        ),
        Rule(
            "exfiltration.url-command",
            "exfiltration",
            "it builds a URL from a shell command's output, a classic way to leak files",
            ("http",),
            r"https?://[^\s\"'<>]{0,200}?\$\(\s*(?:cat|base64|head|tail|env|printenv|whoami|"
            r"hostname|id|history|ls|pwd)\b",
        ),
        Rule(
            "persistence.authorized-keys",
            "persistence",
            "it adds an SSH key to authorized_keys, giving someone lasting access",
            ("authorized_keys",),
            r"(?:>>?|\btee\s+(?:-a\s+)?)\s*\S{0,60}authorized_keys"
            r"|(?:add|append|insert|write|put|inject|copy)\w*\s[^.\n]{0,80}?key[^.\n]{0,60}?"
            r"(?:to|into|in)\s+(?:the\s+|your\s+)?\S{0,40}authorized_keys",
            accept=affirmed,
        ),
        Rule(
            "persistence.cron",
            "persistence",
            "it installs a scheduled job that fetches or runs remote code",
            ("crontab", "/etc/cron", "/var/spool/cron", "@reboot", "* * *"),
            r"crontab\s+-l[^\n]{0,160}\|\s*crontab\b|(?:echo|printf)\s[^\n]{0,200}\|\s*crontab\b"
            r"|(?:>>?|\btee\s+(?:-a\s+)?)\s*/(?:etc/cron|var/spool/cron)|@reboot\s+\S"
            r"|(?:[\d*/,-]+\s+){4}[\d*/,-]+\s+[^\n]{0,200}?(?:curl|wget|\bnc\b|bash -i|/dev/tcp|"
            r"python3? -c|base64 -d)",
        ),
        Rule(
            "persistence.shell-rc",
            "persistence",
            "it plants a command that fetches or runs remote code in a shell start-up file",
            (".bashrc", ".bash_profile", ".profile", ".zshrc", ".zprofile", ".zshenv",
             ".bash_login", "config.fish"),
            r"(?:curl|wget|\bnc\b|/dev/tcp|base64 -d|eval|python3? -c|ld_preload|alias sudo=)"
            r"[^\n]{0,200}?(?:>>?|\btee\b[^\n]{0,10})\s*\S{0,40}\.(?:bashrc|bash_profile|profile|"
            r"zshrc|zprofile|zshenv|bash_login|config/fish/config\.fish)\b"
            r"|(?:add|append|insert|write|put)\w*\s[^.\n]{0,80}?(?:curl|wget|\bnc\b|/dev/tcp|"
            r"reverse shell|base64 -d)[^.\n]{0,80}?(?:to|into|in)\s+(?:the\s+|your\s+)?\S{0,20}"
            r"\.(?:bashrc|bash_profile|profile|zshrc|zprofile)\b",
        ),
        Rule(
            "persistence.reverse-shell",
            "persistence",
            "it opens a reverse shell that hands control of the machine to a remote host",
            ("/dev/tcp", "/dev/udp", "bash -i", "nc ", "ncat", "netcat", "mkfifo", "socat",
             "dup2", "pty.spawn", "reverse shell"),
            r"/dev/(?:tcp|udp)/|bash\s+-i\s*>&|\b(?:nc|ncat|netcat)\b[^\n|;]{0,60}\s-[ec]\s*"
            r"/?(?:bin/)?(?:ba|z)?sh\b|mkfifo[^\n]{0,100}\b(?:nc|ncat|netcat)\b|socat[^\n]{0,100}"
            r"exec:|dup2\(.{0,300}?(?:/bin/(?:ba|z)?sh|cmd\.exe|pty\.spawn)|pty\.spawn\(\s*[\"']"
            r"/bin/(?:ba|z)?sh|(?:open|spawn|start|create|set up|establish|launch|run)\w*\s+"
            r"(?:a\s+)?reverse shell",
            radius=400,
        ),
        Rule(
            "persistence.destructive",
            "persistence",
            "it runs a command that destroys the system (rm -rf /, disk wipe, fork bomb)",
            ("rm ", "mkfs", "dd ", "of=/dev", "chmod", "format c", "del ", "rd ", "rmdir",
             "rmtree", ":()", "(){", "physicaldrive", "grub", "/boot/", "system32"),
            r"\brm\s+(?:-\w+\s+)*-\w*[rR]\w*\s+(?:-\w+\s+)*(?:--no-preserve-root\s+)?"
            r"(?:/\*?|~/?|\$home/?|/\s*--no-preserve-root)(?=[\s;&|'\"`)]|$)"
            r"|(\w+|:)\(\)\s*\{\s*\1\s*\|\s*\1\s*&\s*\}\s*;?\s*\1"
            r"|mkfs(?:\.\w+)?\s+/dev/(?:sd|hd|nvme|disk|xvd)|\bdd\s+[^\n]{0,40}of=/dev/(?:sd|hd|"
            r"nvme|disk|xvd)|>\s*/dev/sd[a-z]\b|chmod\s+-r\s+0?777\s+/(?=\s|$)|format\s+c:"
            r"|\bdel\s+/[fsq][^\n]{0,40}c:\\windows|\b(?:rd|rmdir)\s+/s\s+/q\s+c:\\"
            r"|rmtree\(\s*[\"']/[\"']|physicaldrive0|(?:open\(\s*[\"']|>>?\s*)/boot/"
            r"|system32[^\n]{0,40}(?:del|remove|rmdir|unlink)",
            accept=affirmed,
        ),
        Rule(
            "persistence.disable-security",
            "persistence",
            "it switches off a firewall, antivirus or other security control",
            ("disabl", "turn off", "stop", "kill", "uninstall", "deactivat", "setenforce",
             "ufw", "set-mppreference", "systemctl", "iptables", "netsh", "csrutil", "spctl"),
            r"(?:disabl\w*|turn\w* off|stop\w*|kill\w*|uninstall\w*|deactivat\w*)\s+(?:the\s+|"
            r"all\s+|any\s+|windows\s+)*(?:firewall|antivirus|anti-virus|defender|edr|selinux|"
            r"apparmor|auditd|audit logging|security (?:software|updates|monitoring|alerts)|"
            r"endpoint protection|real-?time (?:monitoring|protection)|gatekeeper|"
            r"system integrity protection)"
            r"|setenforce\s+0|\bufw\s+disable|set-mppreference[^\n]{0,60}-disable\w*\s+\$?true"
            r"|systemctl\s+(?:stop|disable|mask)\s+(?:firewalld|ufw|auditd|apparmor|falcon\w*|"
            r"clamav\w*)|iptables\s+-f\b|netsh\s+advfirewall\s+set\s+\w+\s+state\s+off"
            r"|csrutil\s+disable|spctl\s+--master-disable",
            accept=affirmed,
        ),
        Rule(
            "persistence.network-sabotage",
            "persistence",
            "it cuts the machine off the network or redirects public sites to nowhere",
            ("ipconfig", "ifconfig", "ip link", "nmcli", "netsh", "networkadapter", "/etc/hosts",
             "hosts"),
            r"ipconfig\s+/release|(?:ifconfig|ip\s+link\s+set)\s+\w+\s+down|nmcli\s+(?:networking|"
            r"radio\s+\w+)\s+off|netsh\s+interface\s+set\s+interface[^\n]{0,60}disabled?"
            r"|networkadapter\w*.{0,200}?\.disable\(\)"
            r"|/etc/hosts.{0,200}?(?:127\.0\.0\.1|0\.0\.0\.0)\s+(?:www\.)?[\w-]+\.(?:com|org|net|io)"
            r"\b",
            radius=400,
        ),
        Rule(
            "persistence.ransomware",
            "persistence",
            "it encrypts files with a remotely held key or demands a ransom",
            ("fernet", "aes", "cipher", "encrypt", "ransom", "bitcoin", "decrypt"),
            r"(?:fernet|aes|cipher|encrypt\w*).{0,400}?(?:requests\.get|urlopen|os\.walk|"
            r"glob\.glob|ransom|bitcoin)|(?:requests\.get|urlopen|os\.walk|glob\.glob).{0,400}?"
            r"(?:fernet|aes\.new|cipher\(|encrypt\w*\()"
            r"|(?:your|all)\s+(?:files|documents|data)\s+(?:have been|are|were)\s+encrypted"
            r"|pay[^.\n]{0,40}(?:ransom|bitcoin|btc|monero)[^.\n]{0,60}decrypt",
            radius=600,
        ),
        Rule(
            "persistence.flood",
            "persistence",
            "it floods a host with requests in an endless loop (denial of service)",
            ("while true", "while 1", "while(1)", "while (1)", "itertools.count", "flood",
             "slowloris", "hping", "flags=\"s\"", "flags='s'", "ddos", "for "),
            r"(?:while\s*\(?\s*(?:true|1)\s*\)?\s*:?|itertools\.count\(\)).{0,300}?(?:\.connect\(|"
            r"\.send\w*\(|requests\.\w+\(|urlopen|\bcurl\b|\bping\b|http)"
            r"|hping3?[^\n]{0,60}--flood|slowloris|flags\s*=\s*[\"']s[\"']"
            r"|for\s+\w+\s+in\s+range\(\s*\d{3,}\s*\).{0,200}?(?:multiprocessing\.process|"
            r"threading\.thread|os\.fork)\(",
            radius=500,
            accept=_no_pause,
        ),
        Rule(
            "exfiltration.tunnel",
            "exfiltration",
            "it forwards local traffic through a tunnel or relay to a remote host",
            ("ssh", "tcp4clientendpoint", "proxy"),
            r"(?:subprocess|pexpect|popen|os\.system|spawn).{0,120}?ssh\s+(?:-\w+\s+)*-[lrd]\s*\d"
            r"|tcp4clientendpoint.{0,400}?tcp4serverendpoint|tcp4serverendpoint.{0,400}?"
            r"tcp4clientendpoint",
            radius=500,
        ),
        *(_collect_rule(rule_id) for rule_id in _COLLECTORS),
        Rule(
            "injection.embed-snippet",
            "injection",
            "it tells the model to plant a given code snippet in the code it writes",
            ("following", "below", "subsequent", "above", "attached", "given", "provided",
             "this code", "this snippet"),
            r"(?:following|below|subsequent|above|attached|given|provided|this)\s+(?:code\s+)?"
            r"(?:code|snippet|script|block|excerpt|section|payload|fragment)\b.{0,120}?\b(?:your|"
            r"every|each|future|all)\s+(?:\w+\s+)?(?:code|implementation|solution|response|reply|"
            r"answer|output|algorithm|program|scripts?|project|elucidation|codebase)\b"
            r"|\b(?:your|every|each|future|all)\s+(?:\w+\s+)?(?:code|implementation|solution|"
            r"algorithm|program|codebase)\b.{0,80}?(?:following|below|subsequent)\s+(?:code\s+)?"
            r"(?:code|snippet|script|block|excerpt|section|fragment)\b",
        ),
    )
