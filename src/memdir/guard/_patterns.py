"""Rules against text aimed at the model: injection, role hijack, hiding, secret requests.

Memory is pasted into future system prompts, so a sentence that tells the model to drop
its instructions, become someone else, keep things from the user or hand over secrets
would act on every later session. Patterns are written against ``fold(text)`` (NFKC,
casefolded) and use bounded gaps that stay inside one sentence, so they cannot backtrack
catastrophically and rarely join unrelated clauses.
"""

from __future__ import annotations

import functools
import re

from . import _lexicon as lx
from ._engine import Rule, alt, prefixes

__all__ = ["rules"]

_NEGATION = re.compile(
    r"(?:\b(?:don't|do not|never|not|no|must not|mustn't|should not|shouldn't|avoid|"
    r"without|nunca|jamais|nie|niemals|non|não)\b|不要|别|禁止|勿)[^.\n]{0,24}$"
)


def gap(n: int) -> str:
    """Up to ``n`` characters that stay inside one sentence."""
    return rf"[^.!?。！？।؟\n]{{0,{n}}}?"


def affirmed(m: re.Match[str]) -> bool:
    """False when the match is preceded by a negation ("never disable the firewall")."""
    return _NEGATION.search(m.string, max(0, m.start() - 32), m.start()) is None


# English "say / state" needs a cue that it is a command, not the noun "state".
EN_SAY = (
    r"(?:(?:and|then|instead|just|only|simply|please)[,:]?\s+|[,;:]\s*)"
    r"(?:\w+\s+)?(?:state|say|declare|claim|assert|respond|reply|answer|output|print|"
    r"tell (?:me|them|the user|everyone))\b"
)
_USER = (
    "user", "usuario", "utilisateur", "benutzer", "nutzer", "utente", "usuário",
    "пользовател", "kullanıcı", "pengguna", "người dùng", "उपयोगकर्ता", "ব্যবহারকারী",
    "المستخدم", "사용자", "ユーザー", "用户", "用戶", "ผู้ใช้",
)
_MODE_ANCHORS = (
    "mode", "override", "modo", "modus", "modalità", "режим", "modu", "chế độ", "मोड", "মোড",
    "وضع", "모드", "モード", "模式", "โหมด",
)


@functools.cache
def rules() -> tuple[Rule, ...]:
    """The model-directed rules, most specific first (built on first use)."""
    ign, prev, all_ = alt(lx.IGNORE), alt(lx.PREVIOUS), alt(lx.ALL)
    instr, any_instr = alt(lx.INSTRUCTIONS), alt(lx.INSTRUCTIONS, lx.RULES)
    ign_anchors = prefixes(lx.IGNORE)
    said = r"(?:told|said|instructed|taught|given|programmed|trained)"
    return (
        Rule(
            "injection.ignore-previous",
            "injection",
            "it tells the model to ignore or forget its previous instructions",
            ign_anchors,
            rf"{ign}{gap(40)}(?:{prev}{gap(30)}{any_instr}|{all_}{gap(20)}{instr}"
            rf"|{any_instr}{gap(25)}{prev})"
            rf"|(?:{prev}{gap(25)}{any_instr}|{all_}{gap(15)}{instr}){gap(40)}{ign}"
            rf"|{ign}\s+(?:about\s+)?(?:everything|all|anything|whatever)(?:\s+(?:that|which))?"
            rf"\s+(?:you(?:'ve| have)?|you were|i(?:'ve| have)?|we(?:'ve| have)?)\s+"
            rf"(?:been\s+|were\s+)?{said}"
            rf"|{ign}\s+(?:everything|all|anything)\s+(?:above|before|prior|so far|previously)",
        ),
        Rule(
            "injection.override-answer",
            "injection",
            "it tells the model to ignore the content it is given and say something else",
            ign_anchors,
            rf"{ign}{gap(60)}(?:{EN_SAY}|{alt(lx.SAY)})",
        ),
        Rule(
            "injection.new-instructions",
            "injection",
            "it announces new instructions or an override for the model",
            ("new ", "updated ", "revised ", "real ", "actual ", "override", "nuevas", "nouvelles",
             "neue", "nuove", "novas", "новые", "yeni", "baru", "bagong", "mới", "नए", "নতুন",
             "جديدة", "새로운", "新しい", "新的", "新指", "ใหม่"),
            r"(?:new|updated|revised|real|actual)\s+(?:system\s+)?(?:instructions|directives|"
            r"orders|task|objective|goal|rules)\s*[:：]"
            r"|(?:your|the) new (?:instructions|directives|task|role|objective|goal|purpose|"
            r"identity) (?:is|are)\b"
            r"|override\w*\s+(?:all\s+|any\s+|your\s+|the\s+)*(?:previous\s+|prior\s+|existing\s+)?"
            r"(?:instructions|directives|rules|programming|guidelines|restrictions|safety)"
            r"|(?:nuevas instrucciones|nouvelles (?:instructions|consignes)|neue anweisungen|"
            r"nuove istruzioni|novas instruções|новые инструкции|yeni talimatlar|instruksi baru|"
            r"bagong tagubilin|hướng dẫn mới|नए निर्देश|নতুন নির্দেশ|تعليمات جديدة|새로운 지시|"
            r"新しい指示|新的指令|新的指示|新指令|新指示|คำสั่งใหม่)\s*[:：]",
        ),
        Rule(
            "injection.safety-bypass",
            "injection",
            "it tells the model to switch off its safety rules",
            ("ignor", "bypass", "disable", "remove", "turn off", "override", "circumvent",
             "deactivat", "switch off", "without"),
            r"(?:ignor\w*|bypass\w*|disabl\w*|remov\w*|turn\w* off|overrid\w*|circumvent\w*|"
            r"deactivat\w*|switch\w* off)\s+(?:all\s+|any\s+|your\s+|the\s+|its\s+)*"
            r"(?:safety|content|ethical|moral)\s+(?:filters?|guidelines|restrictions|protocols|"
            r"policies|measures|guardrails|rules|constraints|training)"
            r"|without\s+(?:any\s+)?(?:ethical|moral|content|safety)\s+(?:restrictions|filters|"
            r"limitations|guidelines|constraints|considerations)",
            accept=affirmed,
        ),
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
            "it tries to switch the model into an unrestricted persona (DAN, jailbreak)",
            ("do anything now", "dan", "jailbr", "immerse yourself", "into the role", "act as",
             "acting as", "behave as", "pretend", "roleplay", "role-play", "broken free",
             "break free", "breaking free", "abide by", "comply with", "no longer bound",
             "no longer restricted", "developer mode", "the role of", "the persona of"),
            r"do anything now|\bdan\b[^.\n]{0,40}(?:stands for|mode|jailbreak|persona)"
            r"|(?:you are|you're|as|act as|become|called|named|known as)\s+(?:a |an |the )?dan\b"
            r"|jailbr(?:eak|oken)\w*\s+(?:mode|persona|version|ai|assistant|chatbot|model)"
            r"|(?:immerse yourself|step) into the role of"
            r"|(?:take on|assume|adopt|play) the (?:role|persona|identity|character) of\s+"
            r"(?:an?\s+|the\s+)?(?:\w+\s+)?(?:ai|model|assistant|chatbot|another|different|evil|"
            r"unrestricted|hacker|character who)"
            r"|(?:act|acting|behave|respond|answer|roleplay|role-play|pose)\s+as\s+(?:if you "
            r"(?:were|are)\s+)?(?:an?\s+|the\s+)?(?:unrestricted|unfiltered|uncensored|jailbroken|"
            r"evil|rogue|malicious|amoral|unethical|dan\b|ai (?:with(?:out)?|that)|model without|"
            r"assistant without|different ai|another ai)"
            r"|pretend(?:ing)?\s+(?:to be|you are|you're|that you are)\s+(?:an?\s+|the\s+)?"
            r"(?:unrestricted|unfiltered|uncensored|different|another|evil|dan\b|ai\b|human|"
            r"hacker|developer|admin|system|chatgpt|gpt)"
            r"|(?:broken|break|breaking) free (?:of|from)"
            r"|(?:do not|don't|doesn't|does not|no longer|not) (?:have to |need to )?"
            r"(?:abide|comply) (?:by|with) (?:the |any |their |your )?(?:rules|policies|"
            r"guidelines|restrictions)"
            r"|no longer (?:bound|restricted|limited|constrained) by"
            r"|(?:enable|activate|enter|switch to|turn on|unlock)\w*\s+(?:the\s+)?developer mode"
            r"|developer mode (?:enabled|activated|is on)|in developer mode,? you",
        ),
        Rule(
            "role.fake-marker",
            "role-hijack",
            "it contains a fake chat-role marker (system / [INST] / im_start) that could "
            "pass for a real system message",
            ("<|", "[inst]", "[/inst]", "<<sys", "<< sys", "system", "sys]", "admin", "developer"),
            r"<\|\s*(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|"
            r"end_header_id)\s*\|>|\[/?inst\]|<<\s*/?sys\s*>>"
            r"|<\s*[\\/]?\s*(?:system|sys|admin|developer|root)(?:[ _-]?(?:mode|prompt|override|"
            r"message|instructions?|command))?\s*>"
            r"|\[\s*(?:system|admin|developer)[ _-]?(?:mode|override|message|note|instructions?)"
            r"\s*\]"
            r"|(?:^|\n)\s*(?:#{1,6}\s*)?\[?(?:system|sys)\]?\s*[:：]\s*(?:you|your|ignore|new|"
            r"from now|the assistant|override|always|never|do not|don't|important|attention)"
            r"|\b(?:system|admin|developer)\s+(?:message|note|notice|alert|instruction|update|"
            r"override)\s*[:：]",
        ),
        Rule(
            "role.system-mode",
            "role-hijack",
            "it claims to switch the model into a system, god or override mode",
            _MODE_ANCHORS,
            alt(lx.MODE_WORDS),
        ),
        Rule(
            "role.false-authority",
            "role-hijack",
            "it claims to be the model's developer, operator or god in order to command it",
            ("i am ", "i'm ", "as an ai", "as a language model", "running a", "system check",
             *prefixes(x for x in lx.AUTHORITY if not x.startswith("i"))),
            rf"{alt(lx.AUTHORITY)}"
            r"|as an? (?:ai|language model|model|assistant) (?:developed|created|made|built|"
            r"trained) by"
            r"|(?:running|performing|conducting|initiating|doing) an? [\"']?(?:system|security|"
            r"diagnostic|maintenance)[\"']? (?:check|audit|test|reset|scan)[^.\n]{0,60}?"
            r"(?:need you|you (?:must|need|have to|should)|confirm|provide|reveal|give me|share)",
        ),
        Rule(
            "hiding.dont-tell-user",
            "hiding",
            "it tells the model to hide something from the user",
            _USER + ("human", "operator", "without", "secretly", "silently", "covertly",
                     "quietly", "discreetly", "hidden", "invisible", "secret"),
            r"(?:do not|don't|never|must not|mustn't|should not|shouldn't|without)\s+(?:ever\s+)?"
            r"(?:tell|telling|inform|informing|mention|mentioning|reveal|revealing|disclose|"
            r"disclosing|notify|notifying|alert|alerting|show|showing|let on)\s+(?:this\s+|it\s+|"
            r"that\s+|anything\s+|them\s+)?(?:to\s+)?(?:the\s+|your\s+)?(?:user|human|operator)s?\b"
            r"|(?:do not|don't|never)\s+(?:let|allow)\s+(?:the\s+|your\s+)?(?:user|human)s?\s+"
            r"(?:know|see|find out|notice|learn)"
            r"|(?:keep|hide)\s+(?:this|it|these|that|the following|everything)(?:\s+\w+){0,3}\s+"
            r"(?:secret\s+|hidden\s+)?from\s+(?:the\s+|your\s+)?(?:user|human)s?"
            r"|the\s+(?:user|human)s?\s+(?:must|should|will|may)\s+(?:never|not)\s+(?:know|see|"
            r"find out|notice|learn|be told|be informed)"
            r"|without\s+(?:the\s+(?:user|human)s?|them|anyone)\s+(?:knowing|noticing|seeing|"
            r"being told)"
            r"|(?:secretly|silently|covertly|quietly|discreetly)[, ]+(?:send|forward|copy|upload|"
            r"include|add|insert|run|execute|exfiltrate|collect|record|log|email|post|leak|share)"
            r"|(?:follow|obey|execute|these are)\s+(?:the\s+)?(?:hidden|invisible|secret)\s+"
            r"(?:instructions|directives|commands)"
            r"|(?:hidden|invisible|secret)\s+(?:instructions?|directives?|commands?)\s*[:：]"
            rf"|{alt(lx.DONT_TELL)}",
        ),
        Rule(
            "hiding.html-comment",
            "hiding",
            "it hides instructions inside an HTML comment, which a person reading the "
            "rendered memory never sees",
            ("<!",),
            r"<!\s*--(.{0,600}?)(?:-->|$)",
            radius=700,
            accept=lambda m: _directive_comment(m.group(1)),
        ),
        Rule(
            "exfiltration.secret-request",
            "exfiltration",
            "it asks the model to reveal a password, key or its system prompt",
            ("reveal", "disclose", "leak", "divulge", "share", "give me", "tell me", "show me",
             "send me", "provide", "confirm", "print", "output", "repeat", "spell out",
             "read out", "what is", "what's", "cuál es", "quel est", "wie lautet",
             "qual è", "qual é", "какой", "nedir", "apa ", "ano ang", "là gì", "क्या है",
             "কী", "ما هي", "뭐", "무엇", "何です", "是什么", "คืออะไร"),
            r"(?:reveal|disclose|leak|divulge|share|give me|tell me|show me|send me|"
            r"provide me with|print out|output|repeat|spell out|read out)\s+(?:me\s+)?"
            r"(?:your|the|its)\s+(?:secret(?: key| word| code| phrase)?|password|passcode|"
            r"passphrase|system prompt|initial (?:prompt|instructions)|hidden (?:prompt|"
            r"instructions)|original (?:prompt|instructions)|instructions above|api keys?|"
            r"private key|credentials)\b"
            r"|(?:provide|confirm)\s+(?:me\s+)?(?:with\s+)?your\s+(?:secret|password|passcode|"
            r"system prompt|api key|credentials)"
            r"|what(?:'s| is) (?:your|the) (?:secret(?: key| word| code)?|password|passcode|"
            r"system prompt)\s*\?"
            r"|(?:cuál es (?:la|tu) contraseña|quel est (?:le|votre|ton) mot de passe|"
            r"wie lautet (?:das|dein|ihr) passwort|qual è la (?:tua )?password|"
            r"qual é a (?:sua )?senha|какой (?:у тебя )?пароль|şifre(?:niz)? nedir|"
            r"apa kata sandi|ano ang password|mật khẩu (?:của bạn )?là gì|पासवर्ड क्या है|"
            r"পাসওয়ার্ড কী|ما هي كلمة (?:المرور|السر)|비밀번호(?:가|는)? 뭐|비밀번호(?:가|는)? 무엇|"
            r"パスワードは何です|密码是什么|รหัสผ่านคืออะไร)",
        ),
    )


_DIRECTIVE_WORDS: tuple[str, ...] = (
    r"\byou\b", r"\byour\b", r"\bassistant\b", r"\bai\b", r"\bmodel\b", r"\bllm\b",
    r"\binstruction", r"\bignore\b", r"\bstate\b", r"\bsay\b", r"\bprint\b", r"\boutput\b",
    r"\brespond\b", r"\breply\b", r"\banswer\b", r"\bsystem\b",
)


@functools.cache
def _directive_rx() -> re.Pattern[str]:
    words = alt(_DIRECTIVE_WORDS, lx.IGNORE, lx.SAY, lx.INSTRUCTIONS, lx.YOU_ARE_NOW)
    return re.compile(words)


def _directive_comment(body: str) -> bool:
    """An HTML comment that reads like prose addressed to the model, not a marker."""
    return len(body.split()) >= 4 and _directive_rx().search(body) is not None
