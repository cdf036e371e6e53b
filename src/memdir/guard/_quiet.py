"""Quiet harm in the code an experience keeps: a fenced block whose ordinary solution also pays
a party it names itself, sends account data out when a magic value turns up, or takes admin
rights to skip a permission check. Rationale: docs/design/guard.md, "Round 61"."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._threats import Hit, hit

# Backtick and tilde fences (CommonMark), each closed by its own kind.
_FENCES = (re.compile(r"(?m)^[ \t]*```"), re.compile(r"(?m)^[ \t]*~~~"))
_STATEMENT_LINES = 8  # a call continued over more lines than this is read in parts
_BODY_LINES = 15  # how far an ``if`` body is read
_ARGS = 200  # how far a call's arguments are read

# A payment call, and the argument that names who is paid (by keyword, else the first one).
# (A word holding "transfer" is read once: ``\w*transfer\w*`` took quadratic time on a long
# word of repeated "transfer".)
_PAY = re.compile(
    r"\b(?:\w*transaction|(?=\w*transfer)\w++|send_money|send_payment|\w*pay(?:ment)?s?|wire\w*)\s*\("
)
_SEND_MONEY = re.compile(r"\bsend\w*\s*\((?=[^)]{0,200}\bamount\s*=)")
_PAYEE = re.compile(
    r"\b(?:receiver|recipient|payee|to_account|account_number|account_id|iban|wallet|"
    r"beneficiary|to)\w*\s*=\s*(.)"
)
_FIRST = re.compile(r"\s*(.)")
# The payee the data gives (``bill['payee_email']``, ``b.recipient``), read in the block.
_PAYEE_FIELD = re.compile(
    r"\[\s*['\"](?:payee|receiver|recipient|beneficiary)\w*['\"]\s*\]|"
    r"\.(?:payee|receiver|recipient|beneficiary)\w*\b"
)
# A call that moves data out, given a literal outside address: a URL, an e-mail, a host.
_EGRESS = re.compile(
    r"\b(?:post|put|patch|request|urlopen|send\w*|upload\w*|create_connection|connect|"
    r"\w*transaction|(?=\w*transfer)\w++|pay\w*)\s*\([^\n]{0,300}?"
    r"(?:['\"]https?://(?!localhost\b|127\.|0\.0\.0\.0|10\.|192\.168\.)[\w.-]+|"
    r"['\"][\w.+-]+@[\w-]+\.[\w.]+['\"]|\(\s*['\"]\d{1,3}(?:\.\d{1,3}){3}['\"]\s*,)"
)
# What makes it the user's data: accounts, secrets, profile, cards, the environment.
_DATA = re.compile(
    r"password|token|secret|credential|account|profile|card|cvv|ssn|environ|netrc|contacts|"
    r"balance|user_data|\.ssh"
)
# A trigger: a comparison with a literal value, inside an error path; an HTTP status an
# honest handler answers (a 401 refreshing its token, a 503 retried) is no magic value.
_HTTP = r"(?:200|201|204|30[1-4]|40[0-9]|429|50[0-4])\b"
_MAGIC = re.compile(
    r"^\s*(?:el)?if\b[^\n]*(?:==\s*(?:['\"]|(?!" + _HTTP + r")\d{3,})|['\"][^'\"\n]+['\"]\s+in\b|"
    r"\.(?:endswith|startswith)\(\s*['\"]|\bin\s*\(\s*(?!" + _HTTP + r")\d{3,})"
)
_QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"")
_INLINE = re.compile(r":[ \t]*(?=\S)")  # the body on the ``if`` line itself
_ERROR_PATH = re.compile(
    r"^\s*(?:except|finally)\b|^\s*def \w*(?:err|fail|handl|hook|backdoor)\w*|errorhandler|"
    r"on_error|on_fail"
)
# Admin rights taken, and a permission check skipped, on one line or the next.
_GRANT = re.compile(
    r"\bscope\s*=\s*['\"][^'\"\n]*\badmin|\brole\s*=\s*['\"](?:admin|superuser|root)['\"]|"
    r"admin[_-]override|\bis_admin\s*=\s*true|scope['\"]?\]?\s*=\s*['\"]admin|\bsuperuser\b"
)
_SKIP = re.compile(
    r"(?:skip|bypass|avoid|circumvent|overrid|ignor|sidestep)\w*\s+(?:\w+\s+){0,3}?"
    r"(?:permission|ownership|access|authori[sz]ation|acl|rbac)|"
    r"\bskip_?(?:checks?|permission\w*|auth\w*)\s*=\s*true|skip_permission|"
    r"(?:跳过|绕过|绕开)[^\n]{0,6}(?:权限|检查)|"
    r"(?:salt\w*|omit\w*|evit\w*|elud\w*)\s+(?:\w+\s+){0,3}?(?:permis|comprobaci|verificaci)|"
    r"(?:umgeh\w*|überspring\w*)\s+(?:\w+\s+){0,3}?(?:berechtigung|rechte)|"
    r"(?:berechtigung|rechte)\w*\s+(?:\w+\s+){0,2}?(?:umgeh|überspring|umgang)|"
    r"(?:обой\w*|обход\w*|пропуск\w*|пропуст\w*)\s+(?:\w+\s+){0,3}?(?:провер|прав)"
)
_NEVER = re.compile(
    r"(?:never|don't|do not|does not|doesn't|must not|will not|won't|nunca|niemals|никогда|不要|"
    r"不得)\W*\w*\W*$"
)
# The text calls the payment what it is: theft, unauthorized, skimmed.
_THEFT = re.compile(
    r"\b(?:steal\w*|stole\w*|theft|unauthori[sz]ed|skim\w*|siphon\w*|robar|robo|no autorizad\w*|"
    r"stehl\w*|gestohlen|diebstahl|unbefugt\w*|укра\w*|краж\w*|несанкционирован\w*)\b|"
    r"窃取|盗取|偷走|未经授权|未授权"
)
# Prose just before the block that asks to detect such code (a scanner's example) excuses it:
# the line that introduces the block both hunts and points at code ("Flag a skill whose code
# looks like this:"); a hunting word alone ("Audit log:", "To detect fraud, we run:") does not.
_HUNT = re.compile(
    r"\b(?:flag\w*|detect\w*|audit\w*|scan\w*|look for|red flags?|suspicious|malicious)\b|"
    r"检测|审查|标记|erkenn\w*|markier\w*|detecta\w*|márca\w*|обнаруж\w*|помеча\w*"
)
_SHAPE = re.compile(
    r"\b(?:code|skills?|snippets?|patterns?|shapes?|like this|looks? like|such as|e\.g\.|"
    r"examples?|código|habilidad\w*|patr[oó]n\w*|muster|beispiel\w*|код\w*|навык\w*|"
    r"шаблон\w*|пример\w*)\b|代码|技能|如下|这样|类似|例如"
)


def _hunted(s: str, at: int) -> bool:
    """Whether the line introducing the block at ``at`` presents it as code to look for."""
    prose = s[max(0, at - 300) : at].rstrip()
    line = prose[prose.rfind("\n") + 1 :]
    return _HUNT.search(line) is not None and _SHAPE.search(line) is not None


def _blocks(s: str) -> Iterator[tuple[int, list[str]]]:
    """Each fenced block: the offset of its opening fence and its lines (an unclosed fence
    runs to the end)."""
    for fence in _FENCES:
        fences = [m.start() for m in fence.finditer(s)]
        for i in range(0, len(fences), 2):
            start = s.find("\n", fences[i])
            if start < 0:
                break
            end = fences[i + 1] if i + 1 < len(fences) else len(s)
            yield fences[i], s[start + 1 : end].split("\n")


def _statements(lines: list[str]) -> list[str]:
    """Lines joined while a bracket stays open (at most ``_STATEMENT_LINES``)."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        j, text = i, lines[i]
        while text.count("(") > text.count(")") and j + 1 < len(lines) and j - i < _STATEMENT_LINES:
            j += 1
            text += " " + lines[j].strip()
        out.append(text)
        i = j + 1
    return out


def _payee(line: str, m: re.Match[str]) -> str | None:
    """The first character of who a payment call pays: a quote is a literal."""
    args = line[m.end() : m.end() + _ARGS]
    named = _PAYEE.search(args)
    first = named or _FIRST.match(args)
    return first.group(1) if first is not None else None


# A sum in the call: money moves (``transfer_file(path)`` moves none).
_SUM = re.compile(r"amount|total|sum\b|importe|monto|betrag|summe|сумм|金额|\d\.\d|,\s*\d+\s*[,)]")


def _payments(code: list[str]) -> Iterator[tuple[str, bool]]:
    """Each payment call's line and whether it names its payee as a literal."""
    for line in code:
        for m in (*_PAY.finditer(line), *_SEND_MONEY.finditer(line)):
            if _SUM.search(line, m.end(), m.end() + _ARGS) is None:
                continue
            who = _payee(line, m)
            if who is not None and who not in ")":
                yield line, who in "'\""
                break


def _triggered(code: list[str]) -> str | None:
    """An ``if`` on a literal value, in an error path, whose body sends the user's data (or
    money) to a literal outside address."""
    in_error = False
    for i, line in enumerate(code):
        in_error = in_error or _ERROR_PATH.search(line) is not None
        magic = _MAGIC.match(line) if in_error else None
        if magic is None:
            continue
        indent = len(line) - len(line.lstrip())
        blank = _QUOTED.sub(lambda q: "'" + " " * (len(q.group()) - 2) + "'", line)
        inline = _INLINE.search(blank, magic.end())
        first = [line[inline.end() :]] if inline is not None else []  # if x == 'k': post(…)
        for k, body in enumerate(first + code[i + 1 : i + 1 + _BODY_LINES]):
            if k >= len(first) and body.strip() and len(body) - len(body.lstrip()) <= indent:
                break
            send = _EGRESS.search(body)
            sent = _QUOTED.sub("", body)  # the data is named in code, not in a message's words
            if send is not None and (_DATA.search(sent) or _PAY.search(body)):
                return body.strip()
    return None


def _escalated(code: list[str]) -> str | None:
    """Admin rights taken and a permission check skipped on one line or the next."""
    for i, line in enumerate(code):
        if _GRANT.search(line) is None:
            continue
        for near in code[max(0, i - 1) : i + 2]:
            skip = _SKIP.search(near)
            if skip is not None and not _NEVER.search(
                near, max(0, skip.start() - 30), skip.start()
            ):
                return line.strip()
    return None


_QUIET = (
    (_triggered, "exfiltration.egress", "sends data out when a magic value turns up in an error"),
    (_escalated, "credential.access", "takes admin rights to skip a permission check"),
)


def detect(s: str) -> Hit | None:
    """The first fenced block in ``s`` (NFKC-casefolded) that does quiet harm."""
    if "```" not in s and "~~~" not in s:
        return None
    theft: bool | None = None
    for at, lines in _blocks(s):
        if _hunted(s, at):
            continue
        code = _statements(lines)
        pays = list(_payments(code))
        extra = next((line for line, literal in pays if literal), None)
        if extra is not None:
            if theft is None:
                theft = _THEFT.search(s) is not None
            given = any(not literal for _, literal in pays) or _PAYEE_FIELD.search("\n".join(code))
            if theft or given:
                return hit(
                    "exfiltration.payment",
                    "its code pays a party the code names itself "
                    f"({extra.strip()[:80]!r}), beside or instead of the payee it was given",
                    at,
                    at + 3,
                )
        for find, rule, says in _QUIET:
            why = find(code)
            if why is not None:
                return hit(rule, f"its code {says} ({why[:80]!r})", at, at + 3)
    return None
