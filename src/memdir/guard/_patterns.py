"""Rules against text aimed at the model: injection, role hijack, hiding, secret requests.
See docs/design/guard.md."""

from __future__ import annotations

import re

from . import _lexicon as lx
from ._build import alt, builder, lexicon, prefixes
from ._engine import Rule
from ._orders import THING_DOES

_NEGATION = re.compile(
    r"(?:\b(?:don't|do not|never|not|no|must not|mustn't|should not|shouldn't|avoid|"
    r"without|nunca|jamais|nie|niemals|non|não)\b|不要|别|禁止|勿)[^.\n]{0,24}$"
)


def gap(n: int) -> str:
    """Up to ``n`` characters that stay inside one sentence."""
    return rf"[^.!?。！？।؟\n]{{0,{n}}}?"


def affirmed(m: re.Match[str]) -> bool:
    """False when the match follows a negation ("never disable the firewall")."""
    return _NEGATION.search(m.string, max(0, m.start() - 32), m.start()) is None


def negated(m: re.Match[str]) -> bool:
    """True when a negation comes shortly before the match ("do not have to abide")."""
    return not affirmed(m)


_PAST = re.compile(
    r"(?:ignored|forgot(?:ten)?|disregarded|overlooked|dismissed|discarded|"
    r"abandoned|neglected|bypassed)$"
)


def not_narrative(m: re.Match[str]) -> bool:
    """False when the English verb is in the past tense ("the rules were forgotten")."""
    words = m.group().split()
    return not (_PAST.match(words[0]) or _PAST.match(words[-1].rstrip(".,;:")))


def _header_start(m: re.Match[str]) -> bool:
    """The role word opens its line after ``#``s, or after ``(`` when ``)`` closes it."""
    line = m.string[m.string.rfind("\n", 0, m.start()) + 1 : m.start()].strip(" \t")
    if ")" in m.group():
        return line.lstrip("#").strip(" \t") == "("
    return line != "" and line.strip("#") == ""


def at_line_start(m: re.Match[str]) -> bool:
    """True when only whitespace, ``#`` or ``[`` precede the match on its line."""
    line = m.string[m.string.rfind("\n", 0, m.start()) + 1 : m.start()]
    return not line.strip(" \t#[>*-")


# English "say / state" needs a cue that it is a command, not the noun "state".
EN_SAY = (
    r"(?:(?:and|then|instead|just|only|simply|please)[,:]?\s+|[,;:]\s*)(?:\w+\s+)?(?:state|say|"
    r"declare|claim|assert|respond|reply|answer|output|print|tell (?:me|them|the user|everyone))\b"
)
EN_SAY_WORDS = lexicon(r"state|say |declare|claim|assert|respond|reply|answer|output|print|tell ")
USER_WORDS = lexicon(
    r"user|usuario|utilisateur|benutzer|nutzer|utente|usuário|пользовател|kullanıcı|pengguna|"
    r"người dùng|उपयोगकर्ता|ব্যবহারকারী|المستخدم|사용자|ユーザー|用户|用戶|ผู้ใช้"
)
_SECRET_WORDS = lexicon(
    r"secret|password|passcode|passphrase|prompt|instructions|api |private key|credentials|"
    r"contraseña|mot de passe|passwort|senha|пароль|şifre|kata sandi|mật khẩu|पासवर्ड|"
    r"পাসওয়ার্ড|كلمة|비밀번호|パスワード|密码|รหัสผ่าน"
)
_SAID = r"(?:told|said|instructed|taught|given|programmed|trained)"


# "forget the previous instruction about tabs": a correction limited to one topic, not an
# override of every instruction (the topic follows the noun, or sits in brackets after it).
_TOPIC = re.compile(
    r"\s*(?:\([^)\n]{1,40}\)|(?:about|regarding|on using|sobre|sur|sulle?|sull'|sui|über|zu|"
    r"про|о|об|关于|에 대한)\s)"
)


_TOPIC_BEFORE = re.compile(r"(?:ilgili|hakkındaki|について(?:の)?|に関する)\s*$")  # tr, ja: first
# … and it is one instruction: attacks drop them all ("instructions", "all", "rules").
_MANY = re.compile(
    r"instructions|instrucciones|istruzioni|instruções|consignes|anweisungen|инструкции|"
    r"указания|rules|reglas|regole|regras|règles|regeln|правила|\b(?:all|every|todas|tutte|"
    r"toutes|alle)\b|все|모든|所有|全部|tüm"
)


# … by the user about their own instruction: "your" instruction is the agent's.
_YOURS = re.compile(
    r"\b(?:your|yours|tus?|tes|ton|ta|vos|votre|deine?[nmrs]?|ihre?[nmrs]?|tuo|tua|tuoi|tue|"
    r"seus?|suas?|sizin|senin)\b|тво\w*|ваш\w*|あなたの|君の|你的|您的|당신의|너의"
)
# … on a topic that is not the agent's safeguards (those are overrides whatever the shape).
_GUARDED_TOPIC = re.compile(
    r"confirm|approv|safe|secur|guard|system prompt|permission|restrict|consent|asking\b|"
    r"segur|permis|sécurité|bestätig|sicherheit|erlaub|"
    r"conferm|sicurezz|подтвержд|безопасн|разреш|правил|onay|güvenlik|izin|確認|安全|権限|"
    r"システムプロンプト|确认|权限|系统提示|확인|안전|권한|시스템 프롬프트"
)


def _corrected(m: re.Match[str]) -> bool:
    """Whether one instruction of the user's is ignored, limited to a topic right after it
    that is not a safeguard ("forget my previous instruction about tabs")."""
    s = m.string
    after = _TOPIC.match(s, m.end())
    before = _TOPIC_BEFORE.search(s, max(0, m.start() - 12), m.start())
    if after is not None:
        topic = s[after.end() : after.end() + 40]
    elif before is not None:
        topic = s[max(0, m.start() - 30) : m.start()]
    elif "(" in m.group():
        topic = m.group()
    else:
        return False
    return (
        _MANY.search(m.group()) is None
        and _YOURS.search(m.group()) is None
        and _GUARDED_TOPIC.search(topic.split(";")[0]) is None
    )


def _ignore_rules() -> tuple[Rule, ...]:
    ign, prev, all_ = alt(lx.IGNORE), alt(lx.PREVIOUS), alt(lx.ALL)
    instr, rules_ = alt(lx.INSTRUCTIONS), alt(lx.RULES)
    any_instr, told = alt(lx.INSTRUCTIONS, lx.RULES), alt(lx.TOLD)
    what_told = (
        *prefixes(lx.INSTRUCTIONS, lx.RULES, lx.TOLD),
        "above",
        "before",
        "prior",
        "so far",
        "previously",
        "said",
        "instructed",
        "taught",
        "given",
        "programmed",
        "trained",
    )
    reason = "it tells the model to ignore or forget its previous instructions"
    return (
        Rule(
            "injection.ignore-previous",
            "injection",
            reason,
            prefixes(lx.IGNORE),
            rf"{ign}(?:{gap(40)}(?:{prev}{gap(30)}{any_instr}|{all_}{gap(35)}{instr}"
            rf"|{any_instr}{gap(25)}{prev}|{instr}{gap(15)}{all_}|{all_}\s?(?:the\s)?{rules_}"
            rf"|{told})"
            r"|\s+(?:about\s+)?(?:everything|all|anything|whatever)(?:\s+(?:that|which))?"
            r"\s+(?:you(?:'ve| have)?|you were|i(?:'ve| have)?|we(?:'ve| have)?)\s+"
            rf"(?:been\s+|were\s+)?{_SAID}"
            r"|\s+(?:everything|all|anything)\s+(?:above|before|prior|so far|previously))",
            near=what_told,
            span=130,
            accept=lambda m: not_narrative(m) and not _corrected(m),
        ),
        # Verb-final languages (hi, bn, ja, ko, tr) put the instructions before the verb.
        Rule(
            "injection.ignore-previous",
            "injection",
            reason,
            prefixes(lx.PREVIOUS, lx.ALL, lx.TOLD),
            # "told me to ignore the flaky test": what was told is the ignoring, not its object
            rf"(?:{prev}{gap(25)}{any_instr}|{all_}{gap(15)}{instr}|{all_}\s?{rules_}"
            rf"|{told}(?!\s+(?:me|you|us|them|him|her)\s+to\b)){gap(40)}{ign}",
            requires=(prefixes(lx.INSTRUCTIONS, lx.RULES, lx.TOLD),),
            near=prefixes(lx.IGNORE),
            span=110,
            accept=lambda m: not_narrative(m) and not _corrected(m),
        ),
        Rule(
            "injection.override-answer",
            "injection",
            "it tells the model to ignore the content it is given and say something else",
            prefixes(lx.IGNORE),
            rf"{ign}{gap(60)}(?:{EN_SAY}|{alt(lx.SAY)})",
            near=prefixes(lx.SAY) + EN_SAY_WORDS,
            span=110,
            accept=lambda m: not m.group().startswith("regardless"),
        ),
    )


# "before you can solve the task I gave you, do this first": a third party putting its own
# order ahead of the user's task, in whatever words the order itself is (round 58).
_PREEMPT = (
    r"(?:before|prior to|after you(?:'ve| have)? (?:do|did|done|finish|complete)\w*)\b"
    rf"{gap(60)}\b(?:the|your|my|this|that)\s+(?:\w+\s+){{0,2}}?(?:task|request|assignment|"
    r"job|question)s?\s+(?:(?:that|which)\s+)?(?:i|we)\s+(?:have\s+|had\s+)?"
    r"(?:gave|given|assigned|set|asked)(?:\s+to)?\s+you\b"
    rf"|antes de\b{gap(60)}\b(?:la|tu|mi|esta|a|sua|tua|minha)\s+(?:\w+\s+)?(?:tarea|"
    r"petición|solicitud|tarefa|solicitação|pedido)\s+que\s+(?:yo\s+|eu\s+)?(?:te|lhe)\s+"
    r"(?:di|he dado|asigné|encargué|pedí|dei|passei|atribuí)\b"
    rf"|avant de\b{gap(60)}\b(?:la|ta|votre|ma|cette)\s+(?:\w+\s+)?(?:tâche|demande|"
    r"mission)\s+que\s+je\s+(?:t'|t’|vous\s+)ai\s+(?:donnée?|confiée?|assignée?|demandée?)"
    rf"|prima di\b{gap(60)}\b(?:il|la|tuo|tua|mio|mia|questo|questa)\s+(?:\w+\s+)?"
    r"(?:compito|richiesta|incarico|attività)\s+che\s+ti\s+ho\s+(?:dat|assegnat|affidat|"
    r"chiest)[oa]\b"
    rf"|bevor\b{gap(80)}\b(?:aufgabe|anfrage|auftrag)\b{gap(40)}\b(?:die|den|das)\s+ich\s+"
    r"(?:dir|ihnen|euch)\s+(?:gegeben|gestellt|aufgetragen|erteilt)"
    r"|(?<=我)(?:给你|交给你|分配给你|布置给你|给您|交给您)的(?:任务|请求|工作)(?:之前|以前)"
)
_PREEMPT_NOUNS = (
    *("task", "request", "assignment", "job", "question", "tarea", "petición", "solicitud"),
    *("tarefa", "solicitação", "pedido", "tâche", "demande", "mission", "compito"),
    *("richiesta", "incarico", "attività", "aufgabe", "anfrage", "auftrag", "任务", "请求", "工作"),
)
_PREEMPT_ANCHORS = (
    "before",
    "prior to",
    "after you",
    "antes de",
    "avant de",
    "prima di",
    "bevor",
    "给你",
    "交给你",
    "分配给你",
    "布置给你",
    "给您",
    "交给您",
)


def _role_rules() -> tuple[Rule, ...]:
    authority = lx.AUTHORITY
    marker = (
        "it contains a fake chat-role marker (system / [INST] / im_start) that could pass "
        "for a real system message"
    )
    persona = "it tries to switch the model into an unrestricted persona (DAN, jailbreak)"
    return (
        Rule(
            "role.you-are-now",
            "role-hijack",
            "it tries to give the model a new identity",
            prefixes(lx.YOU_ARE_NOW),
            r"(?:you are now|you're now|from now on,? you (?:are|will be))\s+(?:a|an|the|my|in|"
            r"called|named|known|dan\b|\w*gpt|free|unrestricted|unfiltered|uncensored|"
            r"jailbroken|evil|operating|acting|playing|going to|no longer|not)\b"
            rf"|{alt(x for x in lx.YOU_ARE_NOW if not x.startswith(('you', 'from')))}\s*\w",
        ),
        Rule(
            "role.persona",
            "role-hijack",
            persona,
            ("do anything now", "enable", "activat", "enter", "switch to", "turn on", "unlock"),
            r"do anything now|(?:enable|activate|enter|switch to|turn on|"
            r"unlock)\w*\s+(?:the\s+)?developer mode",
            near=("do anything now", "developer mode"),
            span=60,
        ),
        Rule(
            "role.persona",
            "role-hijack",
            persona,
            ("take on", "assume the", "adopt the", "play the"),
            r"(?:take on|assume|adopt|play) the (?:role|persona|identity|character) of\s+"
            r"(?:an?\s+|the\s+)?(?:\w+\s+)?(?:ai|model|assistant|chatbot|another|different|evil|"
            r"unrestricted|hacker|character who)",
            near=("role", "persona", "identity", "character"),
            span=30,
        ),
        Rule(
            "role.persona",
            "role-hijack",
            persona,
            (
                "act as",
                "acting as",
                "behave as",
                "respond as",
                "answer as",
                "roleplay",
                "role-play",
                "pose as",
            ),
            r"(?:act|acting|behave|respond|answer|roleplay|role-play|"
            r"pose)\s+as\s+(?:if you (?:were|are)\s+)?(?:an?\s+|the\s+)?(?:unrestricted|"
            r"unfiltered|uncensored|jailbroken|evil|rogue|malicious|amoral|unethical|dan\b|"
            r"ai (?:with(?:out)?|that)|model without|assistant without|different ai|"
            r"another ai)",
            near=(
                "unrestricted",
                "unfiltered",
                "uncensored",
                "jailbroken",
                "evil",
                "rogue",
                "malicious",
                "amoral",
                "unethical",
                "dan ",
                "ai ",
                "model",
                "assistant",
                "different",
                "another",
            ),
            span=60,
        ),
        Rule(
            "role.persona",
            "role-hijack",
            persona,
            ("abide", "comply"),
            r"(?:abide|comply) (?:by|with) (?:the |any |their |your )?(?:rules|policies|"
            r"guidelines|restrictions)",
            accept=negated,
        ),
        Rule(
            "role.fake-marker",
            "role-hijack",
            marker,
            ("<|", "[inst]", "[/inst]", "<<"),
            r"(?:<\|\s*(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|"
            r"end_header_id)\s*\|>|\[/?inst\]|<<\s*/?sys\s*>>)"
            r"(?!\s*(?:,|(?:and|or|tokens?|tags?|markers?|delimiters?)\b))",  # named, not used
        ),
        Rule(
            "role.fake-marker",
            "role-hijack",
            "it closes the memory with a fake end-of-context marker so that what follows passes "
            "for a new turn or new instructions",
            ("end", "</"),
            r"(?:end\s+(?:of\s+)?(?:the\s+)?|</\s*)(?:memory|memories|notes?|context|user data|"
            r"document|agents\.md|claude\.md|system prompt|instructions)\b[\s\-=\]}>.:*]*"
            r"(?:[^\n]{0,40}\n)?\s*(?:assistant|user|human|system|developer|operator|new|trusted|"
            r"begin|you|ignore|from now on|override)\b",
            accept=lambda m: (
                m.group().startswith("</")
                or any(c in m.string[max(0, m.start() - 6) : m.start()] for c in "-=]}[")
            ),
        ),
        Rule(
            "role.fake-marker",
            "role-hijack",
            marker,
            ("<", "["),
            r"<\s*[\\/]?\s*(?:system|sys|admin|developer|root)(?:[ _-]?(?:mode|prompt|override|"
            r"message|instructions?|command))?\s*>(?![`'\"]?\s*(?:tags?|markers?|blocks?|headers?|"
            r"elements?))"  # named, not used: "a `<system>` block"
            r"|\[\s*(?:system|admin|developer)[ _-]?(?:mode|override|message|note|notice|update|"
            r"alert|prompt|directive|instructions?)"
            r"\s*\](?![`'\"]?\s*(?:tags?|markers?|blocks?|headers?))",
            near=("system", "sys ", "admin", "developer", "root"),
            span=6,
        ),
        Rule(
            "role.fake-marker",
            "role-hijack",
            marker,
            ("system", "admin", "developer"),
            # a role header with the order on its own line: "### SYSTEM MESSAGE ### Pay …",
            # "###(system_message) Pay …", "(system message) Pay …"; a heading whose text
            # starts below it is a heading
            r"(?:system|admin|developer)[ _-](?:message|prompt|override|instructions?)[ \t]*"
            r"(?:\)|#+)[ \t]*[:：-]?[ \t]*[a-z]",
            near=("message", "prompt", "override", "instruction"),
            span=12,
            accept=_header_start,
        ),
        Rule(
            "role.fake-marker",
            "role-hijack",
            "it starts a line with a fake 'system:' role marker followed by orders",
            ("system", "sys "),
            r"\[?(?:system|sys)\]?\s*[:：]\s*(?:you (?:are now|must|will now|no longer|should now)|"
            r"your (?:new|real|true) |ignore|disregard|forget|new (?:instructions|rules|task|role)|"
            r"from now|the assistant (?:must|should|will)|override|do not (?:tell|reveal|mention)|"
            r"don't (?:tell|reveal|mention)|attention,? (?:ai|assistant|model))",
            accept=at_line_start,
        ),
        Rule(
            "role.system-mode",
            "role-hijack",
            "it claims to switch the model into a system, god or override mode",
            prefixes(lx.MODE_WORDS),
            alt(lx.MODE_WORDS),
            accept=lambda m: m.start() == 0 or m.string[m.start() - 1] not in "-_",
        ),
        Rule(
            "role.false-authority",
            "role-hijack",
            "it claims to be the model's developer, operator or god in order to command it",
            prefixes(authority),
            alt(authority),
        ),
    )


def _hiding_rules() -> tuple[Rule, ...]:
    return (
        Rule(
            "hiding.dont-tell-user",
            "hiding",
            "it tells the model to do something secretly, behind the user's back",
            ("silently", "quietly"),
            r"(?:silently|quietly)[, ]+(?:send|forward|upload|exfiltrate|email|post|"
            r"leak)\w*\s+(?:\w+\s+){0,3}?(?:to|it|them|the|all|every|this)\b",
        ),
        Rule(
            "hiding.dont-tell-user",
            "hiding",
            "it announces hidden instructions for the model",
            ("follow", "obey", "execute", "these are"),
            r"(?:follow|obey|execute|these are)\s+(?:the\s+)?(?:hidden|invisible|"
            r"secret)\s+(?:instructions|directives|commands)",
            requires=(("instruct", "directive", "command"),),
        ),
        Rule(
            "hiding.html-comment",
            "hiding",
            "it hides instructions inside an HTML comment, which a person reading the rendered "
            "memory never sees",
            ("<!",),
            r"<!\s*--(.{0,600}?)(?:-->|$)",
            accept=lambda m: _directive_comment(m.group(1)),
        ),
    )


def _request_rules() -> tuple[Rule, ...]:
    ask = "it asks the model to reveal a password, key or its system prompt"
    return (
        Rule(
            "exfiltration.secret-request",
            "exfiltration",
            ask,
            (
                "reveal",
                "disclose",
                "leak",
                "divulge",
                "share",
                "give me",
                "tell me",
                "show me",
                "send me",
                "provide",
                "confirm",
                "print out",
                "output",
                "repeat",
                "spell out",
                "read out",
            ),
            r"(?:reveal|disclose|leak|divulge|share|give me|tell me|show me|send me|"
            r"provide me with|print out|output|repeat|spell out|read out)\s+(?:me\s+)?(?:your|"
            r"the|its)\s+(?:secret(?: key| word| code| phrase)?|password|passcode|passphrase|"
            r"system prompt|initial (?:prompt|instructions)|hidden (?:prompt|instructions)|"
            r"original (?:prompt|instructions)|instructions above|api keys?|private key|"
            r"credentials)\b",
            near=_SECRET_WORDS,
            span=50,
            # what a tool can do is no request ("`claude --debug` can output the system prompt")
            accept=lambda m: THING_DOES.search(m.string, max(0, m.start() - 60), m.start()) is None,
        ),
        Rule(
            "exfiltration.secret-request",
            "exfiltration",
            ask,
            (
                "cuál es",
                "quel est",
                "qual è",
                "какой",
                "apa kata",
                "mật khẩu",
                "पासवर्ड",
                "ما هي",
                "비밀번호",
                "パスワード",
            ),
            r"cuál es (?:la|tu) contraseña|quel est (?:le|votre|ton) mot de passe|"
            r"qual è la (?:tua )?password|какой (?:у тебя )?пароль|apa kata sandi|"
            r"mật khẩu (?:của bạn )?là gì|पासवर्ड क्या है|ما هي كلمة (?:المرور|السر)|비밀번호(?:가|"
            r"는)? (?:뭐|무엇)|パスワードは何です",
            requires=(_SECRET_WORDS,),
        ),
    )


@builder
def rules() -> tuple[Rule, ...]:
    """The model-directed rules, most specific first (built on first use)."""
    announce = "it announces new instructions or an override for the model"
    return (
        *_ignore_rules(),
        Rule(
            "injection.preempt-task",
            "injection",
            "it puts its own order ahead of the task the user gave the model",
            _PREEMPT_ANCHORS,
            _PREEMPT,
            near=_PREEMPT_NOUNS,
            span=110,
        ),
        Rule(
            "injection.new-instructions",
            "injection",
            announce,
            ("new ", "updated ", "revised ", "real ", "actual "),
            r"(?:new|updated|revised|real|actual)\s+(?:system\s+)?(?:instructions|directives|"
            r"orders|task|objective|goal|rules)\s*[:：]",
            near=(
                "instructions",
                "directives",
                "orders",
                "task",
                "objective",
                "goal",
                "rules",
                "role",
                "purpose",
                "identity",
            ),
            span=30,
        ),
        Rule(
            "injection.safety-bypass",
            "injection",
            "it tells the model to switch off its safety rules",
            (
                "ignor",
                "bypass",
                "disabl",
                "remov",
                "turn",
                "overrid",
                "circumvent",
                "deactivat",
                "switch",
                "without",
            ),
            r"(?:ignor\w*|bypass\w*|disabl\w*|remov\w*|turn\w* off|overrid\w*|circumvent\w*|"
            r"deactivat\w*|switch\w* off)\s+(?:all\s+|any\s+|your\s+|the\s+|its\s+)*(?:safety|"
            r"content|ethical|moral)\s+(?:filters?|guidelines|restrictions|protocols|policies|"
            r"measures|guardrails|rules|constraints|training)",
            near=("safety", "content", "ethical", "moral"),
            span=50,
            accept=affirmed,
        ),
        *_role_rules(),
        *_hiding_rules(),
        *_request_rules(),
    )


_DIRECTIVE_WORDS = lexicon(
    r"assistant\b|ai\b|model\b|llm\b|chatbot\b|instruction|ignore\b|state\b|say\b|print\b|"
    r"output\b|respond\b|reply\b|answer\b|system\b|overrid"
)


@builder
def _directive_rx() -> re.Pattern[str]:
    words = alt(_DIRECTIVE_WORDS, lx.IGNORE, lx.SAY, lx.INSTRUCTIONS, lx.YOU_ARE_NOW)
    return re.compile(rf"(?<![a-z0-9]){words}")


# "<!-- system: … -->", "<!-- override: … -->": a label that addresses the model, with a clause
_LABELLED = re.compile(r"^\s*(?:system|override|hidden|secret)\s*[:：]\s*(.+)", re.S)


# "<!-- cspell:ignore Chdir azext -->", "<!-- markdownlint-disable MD013 -->": a tool's pragma
# head (a tool name joined to its keyword); what follows it is read as any comment's body.
_PRAGMA = re.compile(
    r"^\s*(?:cspell|spell-?checker|codespell|markdownlint(?:-cli2)?|prettier|eslint|textlint|"
    r"vale|alex|remark-lint|typos)[:-](?:ignore|words|disable|enable|flagwords|dictionaries|"
    r"language|off|on)(?:-[\w-]+)?\b"
)
# A spell checker's or linter's word list: one line of ASCII words, none of them a word
# that joins a sentence ("cspell:ignore the human and …" is an order, round 47c's review).
_LIST_WORD = re.compile(r"[a-z][\w'.-]*")
_JOINERS = re.compile(
    r"a|an|and|or|then|to|of|in|on|at|for|from|with|into|every|all|any|always|now|you|your|it|"
    r"them|this|that|is|are|be|will|not|no|never|each|user|human|owner|reviewer"
)


def _word_list(rest: str) -> bool:
    words = rest.split()
    return (
        "\n" not in rest.strip()
        and all(_LIST_WORD.fullmatch(w) and not _JOINERS.fullmatch(w) for w in words)
        and _directive_rx().search(rest) is None
    )


def _directive_comment(body: str) -> bool:
    """An HTML comment that reads like prose addressed to the model, not a marker."""
    pragma = _PRAGMA.match(body)
    if pragma is not None and _word_list(body[pragma.end() :]):
        return False
    label = _LABELLED.match(body)
    if label is not None and (len(label[1].split()) >= 2 or not label[1].isascii()):
        return True
    return len(body.split()) >= 4 and _directive_rx().search(body) is not None
