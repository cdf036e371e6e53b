"""Round 32's egress without a verb: a key or the session's data with an address no service
answers at (a user-content host, a public IP) or a look-alike of the key's own service.
See docs/design/guard.md."""

from __future__ import annotations

import re
from bisect import bisect_left
from itertools import pairwise

from ._clause import Clauses, negated
from ._threats import _PRESENTED, _SIGNING, Hit, hit
from ._urls import _NAME_WORD, _SECOND_LEVEL, _readings, _service_of, _split
from ._vocab import _SECRET_NAME, _URL

# Round 32: an address no service's API answers at — a host under a name anyone registers a
# subdomain of (a Worker, a tunnel, a hosted app) or a public IP — named in one sentence with a
# key of a service whose API lives on its own domain ("base URL https://x.workers.dev/v1 with
# OPENAI_API_KEY"): no verb needed, the pairing is the configuration.
_USER_CONTENT = {
    "workers.dev": "cloudflare",
    "pages.dev": "cloudflare",
    "ngrok.io": "ngrok",
    "ngrok.app": "ngrok",
    "ngrok-free.app": "ngrok",
    "herokuapp.com": "heroku",
    "vercel.app": "vercel",
    "netlify.app": "netlify",
    "github.io": "github",
    "gitlab.io": "gitlab",
    "glitch.me": "glitch",
    "onrender.com": "render",
    "fly.dev": "fly",
    "deno.dev": "deno",
    "repl.co": "replit",
    "trycloudflare.com": "cloudflare",
    "loca.lt": "localtunnel",
}
# Services reached only at their own domains (a self-hostable one, GitLab or Sentry, is not).
_VENDORS = frozenset(
    re.findall(
        r"\w+",
        "github githubusercontent openai anthropic stripe aws amazonaws pypi npm npmjs "
        "huggingface slack discord datadog datadoghq twilio sendgrid codecov googleapis "
        "gemini cohere mistral groq replicate telegram circleci linear notion shopify paypal "
        "mailgun postmark algolia pinecone snyk pagerduty atlassian sonarcloud openrouter",
    )
)
_PLATFORM_WORDS = {"cloudflare": ("cf",), "github": ("gh",)}
_KEY_VAR = re.compile(r"(?<![\w./-])\$?\{?([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\}?(?![\w-]|\.\w)")
_SENTENCE_END = re.compile(r"(?<!\b\d)[.!?。！？](?:\s|$)|\n\s*\n")  # not "1. "
_PUBLIC_IP = re.compile(
    r"(?!(?:10|127|0)\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.|"
    r"100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)\d{1,3}(?:\.\d{1,3}){3}$"
)
# The user's own app deployed there, its key set in the platform's settings; a warning.
_DEPLOYED = re.compile(
    r"deploy|\bhosted\b|\bruns on\b|\brunning on\b|\blives (?:on|at)\b|\bserved (?:at|from)\b|"
    r"bereitgestellt|desplegad|déploy|implantad|развер|развёр|部署|デプロイ|배포|"
    r"config vars|config:set|env:set|vercel env|netlify env|fly secrets|secret put|"
    r"phishing|scam|fraud|malicious|attacker|typosquat|look-?alike|hameçonnage|estafa|"
    r"betrug|фишинг|мошенни|钓鱼|诈骗|フィッシング|詐欺|피싱|사기"
)
# The platform named in words, not in an address: the user's app there ("in Vercel").
_PLATFORM_WORD = re.compile(
    r"(?<![\w./-])(?:vercel|heroku|netlify|cloudflare|render|fly\.io|glitch|deno deploy|"
    r"github pages|gitlab pages|ngrok)(?![\w.])"
)
# Where the data goes: a word of direction right before the address or a postposition after.
_TOWARD_BEFORE = re.compile(
    r"(?:\b(?:to|into|at|a|à|al|an|nach|ke|tới|đến|lên|vào|với|para|pra|vers|sur|per|with|con|"
    r"avec|com|mit|dengan)|на|в|с|إلى|الى|مع|到|至|往|给)\s*[`'\"<(]?\s*$"
)
_TOWARD_AFTER = re.compile(
    r"[`'\">)]?\s*(?:에|로|으로|와|과|に|へ|と|पर|को|के साथ|adresine|'[ae]\b|ya\b|ye\b)"
)


_TLD_LABEL = frozenset(("com", "co", "io", "net", "org", "ai", "dev", "app"))


def _posing(host: str) -> frozenset[str]:
    """The vendors a host's name poses as without being theirs: a vendor's domain inside
    another one (``api.stripe.com.acme-proxy.net``), a vendor's name glued to a country or a
    top-level label as the registered name (``codecov-io.app``, ``api.stripe-eu.com``; not
    ``slack-edge.com``). A vendor's name under a country's second level is not told apart
    (``huggingface.co.kr``, ``api.stripe.co.uk``: a list of real domains would be needed)."""
    labels = host.split(".")
    if len(labels) < 2:
        return frozenset()
    country = len(labels) > 2 and len(labels[-1]) == 2 and labels[-2] in _SECOND_LEVEL
    words = set(_NAME_WORD.findall(labels[-2 - country]))
    glued = words - _VENDORS  # "stripe-eu", "codecov-io": a name glued to a country or TLD
    joined = len(words) > 1 and all(len(w) == 2 or w in _TLD_LABEL for w in glued)
    poses = words & _VENDORS if joined and not country else set()
    for name, tld in pairwise(labels[: -1 - country]):
        if tld in _TLD_LABEL:
            poses |= set(_NAME_WORD.findall(name)) & _VENDORS
    return frozenset(poses)


def _foreign_host(url: str) -> tuple[str, frozenset[str], frozenset[str]] | None:
    """The platform of a user-content host (``cloudflare`` of ``x.workers.dev``), ``""`` for
    a public IP, with the words of the name under it, and the vendors a look-alike host poses
    as; None for any other address. Where tools read two hosts, the first that is such."""
    return next((f for p in _readings(url) if (f := _foreign(p.hostname or "")) is not None), None)


def _foreign(host: str) -> tuple[str, frozenset[str], frozenset[str]] | None:
    """:func:`_foreign_host` of one host name."""
    if _PUBLIC_IP.match(host):
        return "", frozenset(), frozenset()
    for suffix, platform in _USER_CONTENT.items():
        if host.endswith("." + suffix):
            return platform, frozenset(_NAME_WORD.findall(host[: -len(suffix)])), frozenset()
    poses = _posing(host)
    return ("", frozenset(), poses) if poses else None


def _begins(words: frozenset[str], labels: frozenset[str]) -> bool:
    """Whether a label word begins with a service word or begins one (``datadog`` and
    ``datadoghq``)."""
    return any(
        p.startswith(w) or (w.startswith(p) and len(p) > 3)
        for w in words
        for p in labels
        if len(w) > 1
    )


def _sendable(name: str) -> bool:
    """Whether a variable's name is a secret's that means something elsewhere: not a key
    that only signs, nor a public value."""
    return bool(_SECRET_NAME.search(name)) and not (
        _SIGNING.search(name) or "public" in name.split("_")
    )


def _posed(name: str, poses: frozenset[str]) -> bool:
    """Whether a look-alike host poses as the service a secret variable is named for
    (``sonarcloud-io.fr`` for ``SONAR_TOKEN``)."""
    return _sendable(name) and _begins(_service_of(name), poses)


def _vendor_key(name: str, platform: str) -> frozenset[str]:
    """The service words of a secret variable named for a vendor (``{hf, huggingface}`` of
    ``HF_TOKEN``), none for a signing secret, a public value or the platform's own key
    (``CF_API_TOKEN`` for a Worker)."""
    if not _sendable(name):
        return frozenset()
    words = _service_of(name)
    if platform in words or words & set(_PLATFORM_WORDS.get(platform, ())):
        return frozenset()
    return words if words & _VENDORS else frozenset()


# What a session holds, in the languages the private-noun lexicon lacks, and a word that
# takes all of it ("the whole conversation", "toàn bộ hội thoại", "पूरी बातचीत"): sent to a
# user-content host or a public IP, with a verb of sending.
_SESSION_DATA = re.compile(
    r"conversation|transcript|chat ?(?:history|logs?)|dialog|command history|\bdiffs?\b|"
    r"every file you|conversazione|trascrizione|cronologia|conversaci[oó]n|transcripci[oó]n|"
    r"historial|historique|transcription|conversa\b|transcrição|histórico|gespräch|"
    r"unterhaltung|chatverlauf|verlauf|transkript|переписк|диалог|разговор|истори[юя]|"
    r"对话|聊天记录|会话|命令历史|会話|対話|やり取り|履歴|대화|채팅|기록|बातचीत|वार्तालाप|"
    r"संवाद|hội thoại|trò chuyện|lịch sử|konuşma|sohbet|yazışma|geçmiş|yanıtları|cevapları|"
    r"percakapan|obrolan|riwayat|transkrip|محادث|سجل"
)
_WHOLE = re.compile(
    r"\b(?:full|entire|whole|complete|all|every)\b|tutt[aoie]\b|complet[aoe]s?\b|integral|"
    r"intégral|íntegr|"
    r"\btod[ao]s?\b|\binteir[ao]\b|\bganze?[nrs]?\b|\bgesamte?[nrs]?\b|\balle[nrs]?\b|"
    r"\bвс[юеяё]\b|цел[уиы]|полн|全部|完整|所有|全文|全て|すべて|전체|모든|पूर[ीा]|सार[ीा]|"
    r"toàn bộ|tất cả|\btüm\b|bütün|her şey|seluruh|semua|كامل|كل"
)
_STORED_DATA = re.compile(r"(?<![\w-])\.env\b(?![.-]?(?:example|sample|template))|_history\b")
_SEND_WORD = re.compile(
    r"\b(?:post|put|send|upload|sync|forward|push|mirror|report|stream|ship)\w*|"
    r"\b(?:invi|mand|caric|env[ií]|envoi|envoy|sub[ea]\b|schick|übertr|hochlad|отправ|"
    r"загруж|выгруж|синхрон|sincron|synchron|sinkron|gönder|bildir|rapor|yükle|kirim|"
    r"unggah)\w*|زامن|"
    r"发送|发到|上传|同步|推送|送信|送る|送って|アップロード|同期|転送|보내|전송|업로드|"
    r"동기화|भेज|अपलोड|gửi|đồng bộ|tải lên|أرسل|ارسل|يرسل|ترسل|ارفع"
)


def _within(found: tuple[list[re.Match[str]], list[int]], lo: int, hi: int) -> list[re.Match[str]]:
    """The matches (in order, with their starts) that lie in ``[lo, hi)``."""
    matches, starts = found
    return [m for m in matches[bisect_left(starts, lo) : bisect_left(starts, hi)] if m.end() <= hi]


def _indexed(matches: list[re.Match[str]]) -> tuple[list[re.Match[str]], list[int]]:
    """The matches with their starts, for ``_within``'s bisection."""
    return matches, [m.start() for m in matches]


def detect(s: str, cl: Clauses) -> Hit | None:
    """A key or the session's data given to an address no service answers at, or a
    look-alike of the key's own service (round 32), in the folded text ``s``."""
    if "://" not in s:
        return None
    foreign = [(u, f) for u in _URL.finditer(s) if (f := _foreign_host(u.group())) is not None]
    if not foreign:
        return None
    # each pattern is matched once over the text, looked up per address (a clause of URLs)
    ends = [m.end() for m in _SENTENCE_END.finditer(s)]
    keys_all = _indexed(list(_KEY_VAR.finditer(s)))
    whole = [m.start() for m in _WHOLE.finditer(s)]
    data_all = _indexed(
        sorted(
            [
                d
                for d in _SESSION_DATA.finditer(s)
                if bisect_left(whole, d.start() - 30) < bisect_left(whole, d.end() + 30)
            ]
            + list(_STORED_DATA.finditer(s)),
            key=lambda m: m.start(),
        )
    )
    sends = [m.start() for m in _SEND_WORD.finditer(s)] if data_all[0] else []
    for url, (platform, sub, poses) in foreign:
        url_end = url.start() + len(url.group().rstrip(").,;:>]}|"))
        parts = _split(s[url.start() : url_end])
        routed = bool(parts and parts.path.strip("/"))
        # the sentence of the address (what goes there is said with it), 200 characters at most
        i = bisect_left(ends, url.start() + 1) - 1
        first = max(ends[i] if i >= 0 else 0, url.start() - 200)
        j = bisect_left(ends, url_end + 1)
        last = min(ends[j] - 1 if j < len(ends) else len(s), url_end + 200)
        # a vendor's key to a host named for that vendor (``github-api.workers.dev``), or given
        # as a header or field value to the address (``X-Key: $AWS_SECRET_ACCESS_KEY``)
        keys = [
            k
            for k in _within(keys_all, first, last)
            if (
                routed and _posed(k.group(1), poses)
                if poses
                else (words := _vendor_key(k.group(1), platform))
                and (
                    _begins(words, sub)
                    or (routed and _PRESENTED.search(s, max(first, k.start() - 12), k.start()))
                )
            )
        ]
        data = [] if poses else _within(data_all, first, last)
        if data and (
            bisect_left(sends, first) == bisect_left(sends, last)  # no verb of sending
            or not (
                _TOWARD_BEFORE.search(s, max(first, url.start() - 12), url.start())
                or _TOWARD_AFTER.match(s, url_end)
            )
        ):
            data = []
        if not (keys or data):
            continue
        if (
            _DEPLOYED.search(s, first, last)
            or _PLATFORM_WORD.search(s, first, last)
            or negated(s, url.start(), None, first)
            or cl.story(url.start(), url_end)
        ):
            continue
        for thing in (*keys, *data):
            if negated(s, thing.start(), None, first):
                continue
            return hit(
                "exfiltration.egress",
                "it gives a service's key with an address no such service answers at (a "
                "user-content host or a bare IP)"
                if thing.re is _KEY_VAR
                else "it sends what the session holds to a user-content host or a bare IP",
                min(thing.start(), url.start()),
                max(thing.end(), url_end),
            )
    return None
