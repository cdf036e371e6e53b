"""Where clauses start and end, and whether an action in one is negated.
See docs/design/guard.md."""

from __future__ import annotations

import bisect
import copy
import functools
import re
from collections.abc import Callable, Iterator

from ._needles import (
    _C,
    _P,
    Occurrences,
    boundary_before,
    cut_pattern,
    register,
    required,
    word_initial,
)
from ._wrap import SYMBOL_BULLETS

# One character of a small class, then what must follow it (a look-behind names which
# one it was): a pattern that starts with a class lets ``re`` skip to those characters,
# an alternation of classes does not (4x slower). The last: a line break after a word or
# closing mark, before a capital. Round 62: a line opening with a symbol bullet ("✅ …") is a
# new item, as one opening with "-".
_END = re.compile(
    r"[.!?。！？§\n](?:(?<=[.!?])(?=\s|$)|(?<=[。！？§])|"
    rf"(?<=\n)(?=[ \t]*(?:\n|[-*+>#|{SYMBOL_BULLETS}]|\d+[.)]|```|$))|"
    r"(?<=\n)(?=[A-Z])(?<=[:;,\w`'\")\]]\n))"
)

# A negation shortly before the action ("never run …", "不要发送"), or, in Japanese and
# Korean, right after the verb ("送信しないで", "보내지 마").
_NEG_WORDS = (
    # round 41: "not found" is an error's words ("command not found: x"), not a negation
    r"(?:\b(?:don'?t|do not|does not|doesn'?t|never|not(?! found\b)|no|must not|mustn'?t|"
    r"should not|rather than|instead of|shouldn'?t|cannot|can'?t|won'?t|avoid|refuse|stop|"
    r"nobody|no one|"
    r"forbid\w*|prohibit\w*|ban(?:s|ned)?|nunca|jamás|jamais|ne|nie|niemals|nicht|kein\w*|non|não|"
    r"mai|asla|jangan|không|nem|nigdy|nooit|aldrig|nikdy|proíb\w*|prohíb\w*|interdit\w*|verbiet\w*|verboten|vietat\w*|"
    r"yasak\w*|đừng|chớ|cấm|tidak|dilarang|huwag|bawal|μην|μη|δεν|ποτέ|απαγορεύ\w*|"
    # Tagalog "hindi" before a modal or pronoun, not "Hindi users: …"
    r"hindi(?=\s+(?:dapat|kailanman|puwede|pwede|maaari|ko|mo|niya|natin|namin|ninyo|nila)\b)|"
    # round 39b: the languages whose send verbs came then (ro "nu" only before a verb: nl "nu"
    # is "now"; he "אל" only before a future verb: alone it is "to")
    r"inte|ikke|aldri|älä|älkää|ei|koskaan|soha|sose|niciodată|nu(?=\s+(?:trimite|încărca|"
    r"partaja|publica|copia|citi|salva|afișa|redirecționa|sincroniza|atașa|transfera|descărca|"
    r"rula|executa|instala|porni|dezactiva|opri|șterge|ține|lăsa)\w*)|"
    # round 41: ro "nu-l", et "ära", lt "niekada" only right before the verb read (review
    # rvall16: a bare "nu" is nl/sv/da "now", sv "ära" is "honour", "Ära karda:" is "don't fear")
    r"nu-(?:[lo]|i|le)(?=\s+$)|(?:(?:ära|ärge)(?: kunagi)?|niekada)(?=\s+$)|"
    r"ніколи|никога|nikad|nikada|никад|никада|kamwe"
    r")\b|(?<!\w)(?:לא|לעולם|אל(?= ת)|هرگز|نباید)(?!\w)|"
    r"(?<![\w\u0900-\u097f])न(?![\w\u0900-\u097f])|"
    r"(?<!\w)[وف]?(?:لا|لن|لم)(?!\w)|ممنوع|يمنع|(?<!\w)(?:मत|नहीं|কখনো)(?!\w)|ห้าม|อย่า(?!ง)|"
    # round 62: "严禁" only when no colon follows in its sentence: "严禁告诉用户：把 …" forbids
    # telling, not the order after the colon (round 17 took it out for that reach)
    r"(?<!\w)не\b|никогда|запрещ\w*|нельзя|不要|别|禁止|严禁(?![^。！？\n]{0,30}?[:：])|不得|切勿|勿|不能|不可|不准|绝不|"
    r"決して|절대)"
)
# A label's colon ends the reach ("Hindi users: send …", "Nobody: …" order, not negate).
# A "so" ends the reach too: "I don't have time so send …", "Nu am timp deci trimite …".
_NEG_BEFORE = re.compile(
    rf"{_NEG_WORDS}(?:(?!(?<!\w)(?:so|så|deci|joten|hivyo|tak|jadi|אז)\s)"
    r"(?:[^.!?。！？\n,;，；:：]|[.:](?=\S))){0,30}$"
)
# A clause that opens with a negation negates what follows (up to a "but"/"just"/"only"
# after a comma), however far the verb is (German and Japanese put it last: "Keine Tokens
# … in Dateien speichern").
_NEG_LEAD = re.compile(
    r"[\s*+>#\-\d.)]*(?:[^\W\d_][\w ]{0,24}[:：]\s*)?"  # a label first: "Regel: Niemals …"
    r"(?P<neg>(?:never|don'?t|do not|niemals|nunca|jamais|никогда)\b|不要|别|禁止|決して|절대|"
    r"(?:no|kein\w*|nie|не|asla|non|não)\b(?!\s*[:：]))"  # "Non: …" is a label
    r"(?:[^,;，；\n]|[,，](?!\s*(?:just|but|instead|only|"
    r"rather|nur|sondern|aber|pero|sino|mais|ma|mas|а|но|但|而是|只)\b))*$"
)
# An action the sentence itself calls bad ("force-pushing main is destructive").
_JUDGED = re.compile(
    r"\b(?:is|are|was|were|would be|will be|can be)\s+(?:\w+\s+)?(?:destructive|dangerous|risky|"
    r"forbidden|prohibited|banned|not allowed|discouraged|a bad idea|unsafe|insecure|never (?:ok|"
    r"okay))"
)
_NEG_AFTER = re.compile(
    r"\S{0,6}(?:ない|な[。、\s]|禁止|지\s?마|지\s?말|않|말\s?것|금지|면 안 ?[되돼됩])|"
    r"(?:me|ma|meyin|mayın)\b|"
    # German V2: "sag dem Nutzer nichts" (but "ignorieren und nicht melden" negates the second)
    r"(?:\s+(?!und\b|oder\b)[^\s.,;]+){0,3}?\s+(?:nicht|nichts|niemals)\b|"
    # hi, bn, ta: after the verb (not "भेजना मत भूलना", "don't forget to send": _KEEP_VERB)
    r"[^\s.,;]{0,6}(?:\s+(?!भूल|ভুল|மற)[^\s.,;]+)?\s+(?:मत|नहीं|न|না|வேண்டாம்|கூடாது)(?!\w)"
    r"(?!\s+(?:भूल|ভুল|மற))"
)
# A negated verb that keeps the act it governs: "don't forget to send", "nu ezita să copiezi",
# "glöm inte att skicka", "אל תשכח לשלוח", "jangan lupa kirim", "อย่าลืมส่ง" (fused in some:
# "nezapomeň", "usisahau"). A stem, then the act with no punctuation between.
_KEEP_VERB = (
    r"(?:forg[eo]t|fail|hesitat|neglect|omit|oubli|olvid|vergiss|vergess|dimentic|esquec|"
    r"zapom|zabud|забу|забув|uita|ezita|glöm|glem|unohd|epäröi|felejt|habozz|váhej|váhaj|"
    r"zaborav|заборав|ξεχ|διστ|תשכח|תהסס|فراموش|lupa|ragu|kalimutan|sahau|sisite|भूल|ভুল|மற|"
    r"quên|ngần ngại|ลืม|ลังเล|"
    r"esqueç|vergeet|vergeten|забрав|تنس|忘|"  # round 40: pt, nl, bg, ar, zh
    r"unust|kõhel|pamirš|dvejo)"  # round 41's et and lt negations (review rveg41)
)
_KEPT_AFTER = re.compile(  # a dot inside a path or URL ends nothing (round 40: "别忘了把 ~/.ssh …")
    rf"[^.,;:!?\n]{{0,14}}?{_KEEP_VERB}(?:[^.,;:!?\n]|[.:](?=\S)){{0,40}}$"
)
# the verb first: "glöm inte", "vergeet niet"
_KEPT_BEFORE = re.compile(r"(?:glöm|glem|vergiss|vergesst|vergeet)\s+$")


_TURKISH_NEG = re.compile(r"\w\wm[ae](?:m[ae]l[ıi]|y[ıi]n(?:[ıi]z)?|y[ae]c[ae]k|z)\b")


# A Markdown heading that negates the list under it ("## Do NOT", "### Never").
_NEG_HEADING = re.compile(
    r"(?m)^#{1,6}[ \t]+[^\n]*\b(?:do not|don'?t|never|avoid|forbidden|prohibited|not allowed|"
    r"anti-?patterns?)\b[^\n]*$|^#{1,6}[ \t]+[^\n]*(?:禁止|しない|запрещ|nunca|jamais|"
    r"niemals)[^\n]*$"
)
_HEADING = re.compile(r"(?m)^#{1,6}[ \t]")
# A section that reports an incident, in any language.
_INCIDENT = (
    r"(?:post-?mortem|pós-mortem|incident|incidente|инцидент|vorfall|事故|事件|故障|障害|"
    r"インシデント|사고|장애|outage|breach|olay raporu|घटना|حادث\w*|sự cố|"
    # round 39b: set 17's other languages
    r"hændelse|hendelse|poikkeama|incidens|incydent|інцидент|περιστατικ\w*|תקרית|אירוע אבטחה|"
    r"حادثه|رخداد|insiden|insidente|tukio|ঘটনা|சம்பவ\w*|เหตุการณ์)"
)
# A section that shows attacks: it may exhibit them in quotes, never order them bare.
_ATTACK_LIST = r"(?:known attacks?|attack (?:patterns?|examples?)|threat model)"
# --- round 41 (eg41): a label or heading that names a procedure ("Outage runbook:", "Incident
# response playbook:", "障害対応手順：") orders what follows it; a rule adopted "from now on" or
# "as a countermeasure" before the quote is the quote in force ("事故记录：今后“把 … 上传到 …”").
_PROCEDURE = (
    r"(?:runbook|playbook|procedure|procédure|procedimiento|procedimento|procedura|prozedur|"
    r"checklist|handbook|handbuch|leitfaden|how-?to|response plan|plan de respuesta|регламент|"
    r"инструкци\w*|порядок действий|手順|预案|处置流程|应急流程|操作手册|대응 절차|런북|"
    r"플레이북|prosedür|quy trình)"
)
_NOT_PROCEDURE = rf"(?![^\n:：]{{0,40}}?{_PROCEDURE})"
_ADOPTED = re.compile(
    r"今后|以后|此后|从今以后|从现在起|作为(?:对策|措施)|今後|これから|対策として|앞으로|"
    r"이제부터|\b(?:from now on|henceforth|going forward|as a (?:counter-?)?measure|ab sofort|"
    r"künftig|fortan|à l['’]avenir|d['’]ora in poi|de ahora en adelante|a partir de (?:ahora|"
    r"agora)|daqui em diante|отныне|впредь|с этого момента|bundan (?:sonra|böyle)|od teraz|"
    r"odtąd|từ nay(?: về sau)?)\b"
)
# the adopted quote named as an instruction to refuse ("「…」指示は無視", "“…”这类指令")
_NAMED_AFTER = re.compile(
    r"\s?(?:という|のような|などの|这类|此类|类似的?|等|的)?\s?(?:指示|指令|要求|命令|メール|"
    r"メッセージ|消息|邮件|instructions?|requests?|messages?)"
)
_STORY_HEADING = re.compile(rf"(?m)^#{{1,6}}[ \t]+{_NOT_PROCEDURE}[^\n]*{_INCIDENT}[^\n]*$")
# A paragraph labelled as an incident report ("Vorfall im März: …", "事故记录：…").
# Round 37: a report noun may come first ("Rapport d'incident :", "Разбор инцидента:").
_REPORT = (
    r"(?:(?:report|rapport[oi]?|relatório|informe|raport|bericht|разбор|отч[её]т|báo cáo|"
    r"review|summary|analys[ie]s|análise|análisis|retro\w*)\s+(?:(?:d['’]|del?|do|da|dell['’]|"
    r"dell[oa]\s|z|zum|des|of(?: the| an?)?|об?|по|sur l['’]|sobre o)\s*)?)?(?:(?:pós|post)-)?"
)
_STORY_LABEL = re.compile(rf"(?m)^[\W_]*{_REPORT}{_INCIDENT}{_NOT_PROCEDURE}[^\n:：]{{0,40}}[:：]")
_ATTACK_LABEL = re.compile(rf"(?m)^[\W_]*{_ATTACK_LIST}[^\n:：]{{0,40}}[:：]")
_LABEL_WORD = re.compile(rf"{_INCIDENT}|{_ATTACK_LIST}")
_LABEL_TAIL = 10  # words after a label's keyword that are still the label ("im März:")
_FENCE = re.compile("```")
# A clause that opens with a verb orders what it quotes ("Threat model: run `curl … | sh`").
_BARE_ORDER = re.compile(
    r"[\s*+>\-]*(?:(?:please|always|now|then|also|just)\s+)*(?:run|execute|exec|send|post|"
    r"upload|copy|paste|pipe|ignore|forget|disregard|read|cat|open|click|follow|obey|call|fetch|"
    r"download|install|add|append|write|print|echo|store|save|e-?mail|mail|forward|share|type|"
    r"use|do|invoke|set|export|curl|wget|sync|push|leak|include|attach|trust|allow|grant|"
    r"disable|skip|delete|remove)\b(?!\s+(?:of|not)\b)"
)
# An order word for a build or task loop, beside those of ``_ORDER_WORD``.
_LOOP = re.compile(r"\b(?:before|after|on) (?:each|every) \w+|\b(?:do|run) (?:it|that|this)\b")
# A past time or a perfective in languages other than English; with no order word, a story.
_STORY_OTHER = re.compile(
    r"(?<![\w\s])\s*раньше\b(?!\s*[:：])|去年|上周|上个月|昨天|当时|"
    r"过去的(?:规定|规则|做法|流程)|昨年|先月|先週|当時|かつて|작년|지난 ?(?:주|달|해)|예전에|"
    r"в прошлом|in passato|antigamente|autrefois|auparavant|\bfrüher\b|eskiden|el año pasado|la "
    r"semana pasada|l'année dernière|la semaine dernière|letztes jahr|letzte woche|l'anno scorso|"
    r"ano passado|semana passada|geçen (?:yıl|hafta)"
)
# Round 37: a finite past verb in the inflected languages (fr, it, es, pt, ru, de, tr, pl,
# vi, hi); trusted only under an incident label (``Clauses._told``).
_PAST_OTHER = re.compile(
    r"\b(?:\w{3,}(?:ait|aient|eva|evano|ava|avano|iva|ivano|aba|aban|ió|aron|ieron|ou|aram|"
    r"eram|iram|ó)|\w{2,}[аяиеыо]л[аои]?(?:сь|ся)?|\w{2,}(?:dı|tı|du|tu|dü|tü|mış|muş|müş|miş|"
    r"yordu)(?:[mnk]|lar|ler)?|\w{2,}(?:ł|ła|ło|ły)|(?:a|ont|avait|était|ha|hanno|era|han|había|"
    r"fue|foi|foram|tinha|havia) (?:été |stat[oaie] )?\w+(?:é|ée|és|ées|is|u|[aiu]t[oaie]|"
    r"[ai]d[oa]s?)|war|waren|wurde|wurden|hatte|hatten|đã|"
    # round 43: sv, da, no ("en falsk FAQ sade at …", "Tokenet ble trukket tilbake"); not
    # "sa", "ba", "bad": French/Italian/Portuguese "sa", English "bad" (review rvall17)
    r"sade|sagde|blev|ble|hade|havde|hadde|skulle|fick|fik|fikk)\b|"
    r"(?<!\w)(?:था|थी|थे|गया|गई|गए)(?!\w)"
)
# The action's own verb is no imperative: an infinitive, a converb, a participle, a past.
_NON_FINITE = re.compile(
    r"[^\W\d_]{1,40}(?:er|ir|re|ar|ть|ти|ться|чь|en|mek|mak|[ıiuü]p|arak|erek|[ai]d[oa]s?|[aiu]t[oaie]"
    r"|é|ée|és|ait|aient|eva|ava|aba|ó|ió|ou|[аяиеыо]л[аоы]?|ł|ła|ło|dı|du|dü|tı|tu|ndo)\b"
)
# What turns the story into an order again: "again", "each time", "you must", an imperative
# with its pronoun ("Copie-les", "envíalo"), "please"; and for a story told bare, "now".
_AGAIN_WORDS = (
    r"\b(?:again|de nouveau|à nouveau|encore une fois|di nuovo|ancora|otra vez|de nuevo|de novo|"
    r"novamente|erneut|noch einmal|снова|ещё раз|еще раз|опять|tekrar|yeniden|ponownie|znowu|lại|"
    r"cada|chaque|ogni|jede[nrs]?|кажд\w+|każd\w*|her (?:zaman|sefer|oturum)|mỗi|"
    r"tu dois|vous devez|devi|dovete|debes|deben|deves|devem|должен|должна|должны|нужно|надо|"
    r"du musst|ihr müsst|musisz|należy|gerek\w*|lazım|zorunda\w*|hãy|phải|you|must|should|"
    # round 43: the Nordic languages, fi, cs, ar, he ("kør fremover", "aja aina", "od teď")
    r"från och med nu|hädanefter|varje|hver|fremover|heretter|herefter|"
    r"fra nu af|fra nå av|tästä lähtien|jatkossa|aina|jokai\w*|od teď|odteď|vždy|"
    r"každ\w*|دائما|دائمًا|فصاعدا|תמיד|מעכשיו|always|siempre|toujours|sempre|immer|zawsze|"
    r"всегда|her zaman|"
    r"\w+-(?:les?|la|lui|leur|moi|nous|vous)|\w+(?:[aei]lo|[aei]la|[aei]los|[aei]las|[ae]-o|"
    r"[ae]-os|[ae]-a)|fais|faites|fallo|hazlo|faça|сделай\w*|сделайте|yap|zrób|please|bitte|"
    r"lütfen|proszę|пожалуйста|reste|rimane|sigue|segue|continu\w*|продолжа\w*|devam\w*|bleibt|"
    r"zostaje)\b|再次|再一次|もう一度|再度|다시|每次|毎回"
)
_AGAIN_QUOTED = re.compile(_AGAIN_WORDS)
_AGAIN = re.compile(
    _AGAIN_WORDS + r"|\b(?:now|maintenant|désormais|adesso|ora|ahora|agora|jetzt|nun|сейчас|"
    r"теперь|şimdi|teraz)\b"
)
# Where a sub-clause ends: a comma, semicolon or colon before a blank, a line break.
_SUB = re.compile(r"[,;:：，；](?=\s|$)|\n")
_ENGLISH_FUNC = re.compile(r"\b(?:the|and|to|your|it|this|with|of|from|into|then|is|you|we|for)\b")
# Round 37 mends (fpmend): an infinitive is how procedures order in these languages, so one
# that opens its sub-clause (after a line break, list marker or the label) orders; a past in
# an "as" clause ("comme on l'avait prévu", "como se acordó") and a future ("se hará") tell
# no story.
_INFINITIVE = re.compile(r"[^\W\d_]{1,40}(?:er|ir|re|ar|ть|ти|ться|чь|en)\b")
_OPENS = re.compile(r"[\s*+>#\-\d.)•–—]*")
_AS = re.compile(
    r"(?:\b(?:comme|como|come|wie|как|jak|selon|según|conforme|secondo|như)\b|जैसा|जैसे)"
    r"[^,;:\n]{0,30}$"
)
_FUTURE = re.compile(
    r"\b(?:\w+r(?:á|ás|án|emos|éis|ão|ei|ò|à|ai|anno|emo)|\w+(?:erai|eras|erons|erez|eront|"
    r"irai|iras|irons|irez|iront)|sera|fera|enverra|будет|будут|будем|będzie|będą|sẽ|"
    r"wird (?:gemacht|erledigt|so gemacht)|\w+(?:acak|ecek)\w*)\b|"
    r"(?:ेगा|ेगी|ेंगे|एगा|एगी|एंगे)(?![\u0900-\u097f])"
)
# A bare verb before a quote: "chạy `curl …`" (a word of a script written with spaces).
_ONE_WORD = re.compile(r"\s*(?:(?![\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])[\w-])+\s*")
_ORDER_OTHER = re.compile(
    r"以后|今后|每次|始终|必须|请|今後|毎回|必ず|항상|매번|반드시|всегда|каждый раз|впредь|siempre|"
    r"cada vez|toujours|désormais|immer|ab sofort|sempre|her zaman|теперь|今は"
)


REACH = 400

# Round 46: a quoted command that "now runs" after a past clause is in force, not told.
_NOW_DOES = re.compile(r"[`'\"”’]\s*(?:now|still|nowadays|today)\s+[a-z]+s\b")

# Kept from others, not from the user: protection ("never reveal this memory to other users").
OTHERS = re.compile(
    r"\b(?:other|third[- ]party|outside|external) (?:users|people|customers|tenants)\b"
)


@functools.lru_cache(maxsize=128)
def _minimal(needles: tuple[str, ...], ascii_only: bool) -> frozenset[str]:
    """The needles that hold no other needle (a clause holding ".com/" holds ".com"), ASCII
    ones only for an ASCII text."""
    kept = {n for n in needles if n and (n.isascii() or not ascii_only)}
    register(kept)
    return frozenset(n for n in kept if not any(o != n and o in n for o in kept))


# What was done, ordered done again: the story becomes the order.
REPEAT = re.compile(
    r"\b(?:do (?:this|that|it) (?:again|too|as well|on|for|in|every|each|whenever)\b|"
    r"do the same\b|keep (?:on )?doing (?:this|that|it)\b|repeat (?:this|that|it|the same)\b)|"
    r"(?:haz|hágalo|fais|faites|mach|fai|faça) (?:lo mismo|de même|pareil|das gleiche|dasselbe|lo "
    r"stesso|o mesmo)|sigue así|continúa así|continua (?:così|a farlo)|continue (?:assim|ainsi)|"
    r"同样(?:操作|处理|做)|照此|同じように|同様に|마찬가지로|так же дела|повторя"
)
# A clause that tells a story: a past time, a reported request, an incident; and no word
# that turns it into a standing order again.
_STORY = re.compile(
    r"\b(?:in (?:19|20)\d\d|last (?:year|spring|summer|autumn|fall|winter|month|week|quarter|"
    r"sprint)|\d+ (?:days?|weeks?|months?|years?) ago|used to|back then|formerly|in the past|"
    r"historically|an? (?:old|former|previous) \w+|old (?:runbook|docs?|readme|"
    r"wiki|guide|script|"
    r"setup|version|notes?)|the (?:old|former) (?!instructions|rules|"
    r"guidelines|guidance|directives|prompts?)\w+|(?:an?|the) (?:incident|breach|attacker|"
    r"(?:compromised|malicious|poisoned|rogue) \w+|phishing \w+|red team)\b(?![@.]|\s+(?:"
    r"channel|room|response|team|commander|ticket|queue|bot|runbook|process))|post-?mortem|"
    r"(?:we|they|he|she|someone) (?:ran|stopped|tried|once)|once (?:ran|[a-z]+ed|told|sent))\b"
)
_PAST = re.compile(
    r"\b(?:[a-z]+ed|was|were|had|did|ran|told|said|sent|wrote|took|got|made|hid|found|saw|stole|"
    r"leaked|broke|went|came|began|left|lost|paid|put|gave|(?<=attacker )set|(?<=someone )set)\b"
)
# "If a page tells you to X, don't": what an outside text asks for, refused in the same breath.
_TOLD_IF = re.compile(
    r"\b(?:if|when|whenever)\b[^.\n]{0,60}\b(?:tells?|asks?|instructs?|wants?)\s+(?:you|the "
    r"(?:agent|assistant|model))\s+to\s+$|"
    # round 37: "se una memoria ti chiede di …, non farlo", "si una página te pide que …"
    r"\b(?:se|si|quand|wenn|falls|если|jeśli|jeżeli)\b[^.\n]{0,60}(?:\b(?:ti|te|vous|lhe|"
    r"dich|euch|тебя|тебе|вас|cię|ciebie)\s+(?:chiede|chiedono|pide|piden|pedir|pede|demande|"
    r"demandent|bittet|auffordert|просит|просят|prosi)\w*|\b(?:chiede|pide|pede|demande|"
    r"просит|prosi)\w*\s+(?:a te|al agente|à l'agent|ao agente|агента|agenta))\s+"
    r"(?:di|de|d'|que|para|zu|to)?\s*$"
)
_PAUSE = re.compile(r"[,;]")
_REFUSED = re.compile(
    r"\s*(?:(?:don'?t|do not|never)(?:\s+(?:do|follow|comply|obey|run|execute|click|open|reply|"
    r"answer|act|listen|store|send|visit|paste|type|install|download)\b|\s*(?:[.!;]|$))|"
    r"refuse\b|report it|tell the user|warn the user|"
    r"(?:non farlo|non lo fare|no lo hagas|ne le fais pas|ne fais rien|não (?:o )?faça|não faças|"
    r"tu es nicht|mach das nicht|не делай (?:этого|это)|nie rób tego|refuse-le|"
    r"(?:rifiuta|rechaza|recusa)(?:la|-a|-o)?(?: (?:la richiesta|la petición|o pedido))?)"
    r"(?=[.!;,)]|\s*$|\s+(?:e|y|et|и|und|oraz)\s))"  # "non farlo aspettare" orders
)
# Who plants attacks, and where attacks are shown on purpose (tests, teaching).
_ADVERSARY = re.compile(
    r"\b(?:attack(?:s|ers?)?|malicious|poison\w*|phish\w*|scam\w*|spam\w*|payloads?|"
    r"injections?|red[- ]team\w*|pen-?test\w*|penetration test\w*|exploits?|threat model\w*|"
    r"bug bounty|demo\w*|workshop\w*|slides?|trainings?|hostile|rogue|atacantes?|malicios[oa]s?|"
    r"malveillant\w*|attaquants?|hameçonnage|angreifer\w*|bösartig\w*|attaccant\w*|"
    r"malevol\w*|saldırgan\w*|oltalama)\b|"
    r"钓鱼|攻击|恶意|注入|诈骗|フィッシング|攻撃|悪意|インジェクション|피싱|공격|악성|인젝션|"
    r"фишинг\w*|атак\w*|вредонос\w*|злоумышленни\w*"
)
# An order word after the quoted exhibit makes it an order again ("… — always do this").
_ORDER_AFTER = re.compile(
    r"\b(?:always|from now on|every (?:time|session)|whenever|going forward|make sure|"
    r"remember to|please|in future|(?:do|run|execute|follow|send|obey|paste|use) (?:it|that|this|"
    r"them)|(?:before|after|on) (?:each|every)|hazlo|haz eso|ejecútalo|fais-le|fais cela|"
    r"exécute-le|mach das|tu das|führe (?:es|das) aus|fallo|eseguilo|faça isso|сделай это|"
    r"выполни это)\b|(?<!没有)(?<![没不别未勿])照[做办]|执行它|そうして|実行して|그대로 하"
)
_ORDER_WORD = re.compile(
    r"\b(?:always|must|should|every (?:time|session|day|run)|from now on|whenever|please|make sure|"
    r"remember to|going forward|each (?:session|time)|in future|next time|you)\b"
)


class _Spans:
    """Half-open spans of a text, merged, for ``pos in spans`` by bisection."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for a, b in sorted(spans):
            if self.ends and a <= self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], b)
            elif a < b:
                self.starts.append(a)
                self.ends.append(b)

    def __contains__(self, pos: int) -> bool:
        i = bisect.bisect_right(self.starts, pos) - 1
        return i >= 0 and pos < self.ends[i]


class Spots:
    """The matches of one pattern over a stretch of text, found once and looked up by
    position (so a detector with many anchors never rescans the same text)."""

    def __init__(self, rx: re.Pattern[str], s: str, lo: int, hi: int) -> None:
        self.matches = list(rx.finditer(s, max(0, lo), min(len(s), hi)))
        self._starts = [m.start() for m in self.matches]

    def between(self, lo: int, hi: int) -> list[re.Match[str]]:
        """The matches that start in ``[lo, hi)``."""
        i = bisect.bisect_left(self._starts, lo)
        j = bisect.bisect_left(self._starts, hi)
        return self.matches[i:j]

    def where(self, keep: Callable[[re.Match[str]], bool]) -> Spots:
        """The matches ``keep`` accepts, looked up the same way."""
        out = copy.copy(self)
        out.matches = [m for m in self.matches if keep(m)]
        out._starts = [m.start() for m in out.matches]
        return out

    def last_before(self, pos: int) -> re.Match[str] | None:
        """The last match that starts before ``pos``."""
        i = bisect.bisect_left(self._starts, pos)
        return self.matches[i - 1] if i else None

    def first(self, lo: int) -> int:
        """Where the first match at or after ``lo`` starts (``_FAR`` if none)."""
        i = bisect.bisect_left(self._starts, lo)
        return self._starts[i] if i < len(self._starts) else _FAR


_FAR = 1 << 62
_NO_SPOTS = Spots(re.compile("x"), "", 0, 0)


@functools.cache
def _behind(pattern: str) -> int:
    """How far before a search's start ``pattern`` reads: its longest look-behind, and one
    character for ``\\b``."""
    widths, todo = [1], [_P.parse(pattern)]
    while todo:
        for op, av in todo.pop():
            if op in (_C.ASSERT, _C.ASSERT_NOT) and av[0] < 0:
                widths.append(av[1].getwidth()[1] + 1)
            for sub in av if isinstance(av, (list, tuple)) else ():
                if isinstance(sub, _P.SubPattern):
                    todo.append(sub)
                elif isinstance(sub, (list, tuple)):
                    todo.extend(p for p in sub if isinstance(p, _P.SubPattern))
    return max(widths)


class Clauses:
    """Clause boundaries of one text, located once (``found``: its literals, if located)."""

    def __init__(self, s: str, found: Occurrences | None = None) -> None:
        self.s = s
        self.found = found if found is not None and found.s is s else Occurrences(s)
        self._ends = [m.end() for m in _END.finditer(s)]
        self._neg_sections: _Spans | None = None
        self._story: _Spans | None = None  # incident headings and label keywords
        self._label = self._attack = _Spans([])  # labelled paragraphs; attack lists
        self._fences: list[int] | None = None  # where each ``` ends
        self._calls: dict[int, int] = {}
        self._spots: dict[int, Spots] = {}
        self._bounded: dict[str, list[int]] = {}  # see _initial
        self._cut: dict[int, list[int] | None] = {}  # see cut_starts
        self._ascii: bool | None = None
        self._windows: dict[tuple[int, str, int], bool] = {}  # see has
        self._starts: dict[tuple[int, int, int], int] = {}  # see start
        self._told_at: dict[tuple[int, int], bool] = {}  # see story

    def has(self, rx: re.Pattern[str], lo: int, hi: int) -> bool:
        """Whether ``rx.search(s, lo, hi)`` matches (the window's end is the text's for ``\\b``,
        ``$`` and look-aheads). Asked many times about one pattern (a long clause full of
        anchors), a whole-text match that also matches in the window answers yes, a window
        without a literal every match holds answers no, and else the few places a match can
        start (``cut_starts``) are tried, before any search."""
        if not self.found.may(rx):
            return False  # a literal every match holds is absent
        calls = self._calls.get(id(rx), 0) + 1
        self._calls[id(rx)] = calls
        if calls > 32:
            a = max(0, lo - _behind(rx.pattern))  # as far back as the pattern reads
            key = (id(rx), self.s[a:hi], lo - a)
            known = self._windows.get(key)
            if known is None:
                known = self._has(rx, lo, hi)
                if len(self._windows) < 4096:
                    self._windows[key] = known
            return known
        return rx.search(self.s, lo, hi) is not None

    def start(self, rx: re.Pattern[str], lo: int, hi: int) -> int:
        """Where ``rx.search(s, lo, hi)`` starts, or -1: searched once per window (a verb
        judged for each store near it asks the same window again)."""
        key = (id(rx), lo, hi)
        at = self._starts.get(key)
        if at is None:
            m = rx.search(self.s, lo, hi)
            at = self._starts[key] = -1 if m is None else m.start()
        return at

    def _has(self, rx: re.Pattern[str], lo: int, hi: int) -> bool:
        """``has`` once its window is new: the shortcuts described there."""
        at = self.spots(rx).first(lo)
        if at < hi and rx.match(self.s, at, hi) is not None:
            return True
        if not self._literal_in(rx, lo, hi):
            return False
        starts = self.cut_starts(rx)
        if starts is not None:  # every match in the window starts at one of these
            i = bisect.bisect_left(starts, lo)
            for p in starts[i : i + 8]:
                if p >= hi:
                    return False
                if rx.match(self.s, p, hi) is not None:
                    return True
            if i + 8 >= len(starts) or starts[i + 8] >= hi:
                return False
        return rx.search(self.s, lo, hi) is not None

    def cut_starts(self, rx: re.Pattern[str]) -> list[int] | None:
        """Every start of a match of :func:`cut_pattern` in the text, overlapping ones too
        (found once): a superset of where a match in any window starts."""
        if id(rx) not in self._cut:
            cut = cut_pattern(rx)
            starts = None
            if cut is not None:
                starts, s = [], self.s
                m = cut.search(s)
                while m is not None:
                    starts.append(m.start())
                    m = cut.search(s, m.start() + 1)
            self._cut[id(rx)] = starts
        return self._cut[id(rx)]

    def _literal_in(self, rx: re.Pattern[str], lo: int, hi: int, bounded: bool = True) -> bool:
        """Whether ``s[lo:hi]`` holds one of the literals every match of ``rx`` holds (True if
        none is known): a match in the window holds it there. ``bounded``: only those read
        after a word boundary count there (``word_initial``: a second parse of ``rx``)."""
        lits = required(rx)
        if lits is None:
            return True
        initial = word_initial(rx) if bounded else frozenset()
        for n in self.found.present(lits):
            pos = self._initial(n) if n in initial else self.found.positions(n)
            i = bisect.bisect_left(pos, lo)
            if i < len(pos) and pos[i] + len(n) <= hi:
                return True
        return False

    def _initial(self, needle: str) -> list[int]:
        """The starts of ``needle`` that follow a word boundary, found once per text (each
        anchor in a clause of "tanya" saw "any" inside it and searched the clause)."""
        pos = self._bounded.get(needle)
        if pos is None:
            s = self.s
            pos = [at for at in self.found.positions(needle) if boundary_before(s, at)]
            self._bounded[needle] = pos
        return pos

    def search(self, rx: re.Pattern[str], lo: int, hi: int) -> re.Match[str] | None:
        """``rx.search(s, lo, hi)``, not run when a literal every match holds is absent from
        the whole text (a search with no literal to skip to tries every position)."""
        return rx.search(self.s, lo, hi) if self.found.may(rx) else None

    def finditer(self, rx: re.Pattern[str], lo: int, hi: int) -> Iterator[re.Match[str]]:
        """``rx.finditer(s, lo, hi)``, not run when the window holds no literal every match
        holds (``_literal_in``): a pattern with no literal to skip to tries every position."""
        return rx.finditer(self.s, lo, hi) if self._literal_in(rx, lo, hi, False) else iter(())

    def spots(self, rx: re.Pattern[str]) -> Spots:
        """Every match of ``rx`` in the text, found once."""
        spots = self._spots.get(id(rx))
        if spots is None:
            # no literal, no match: nothing to read
            spots = Spots(rx, self.s, 0, len(self.s)) if self.found.may(rx) else _NO_SPOTS
            self._spots[id(rx)] = spots
        return spots

    def story(self, start: int, end: int) -> bool:
        """Whether ``s[start:end]`` sits in a sentence that tells a past story, not an order
        (asked once per span: a verb near many anchors is asked for each)."""
        told = self._told_at.get((start, end))
        if told is None:
            told = self._told_at[start, end] = self._story_at(start, end)
        return told

    def _story_at(self, start: int, end: int) -> bool:
        lo, hi = self.around(start, end)
        return (
            (
                (
                    self.has(_STORY, lo, hi)
                    and self.has(_PAST, lo, hi)
                    and not self.has(_ORDER_WORD, lo, hi)
                    and _NOW_DOES.search(self.s, start, hi) is None
                )
                or (self.has(_STORY_OTHER, lo, hi) and not self.has(_ORDER_OTHER, lo, hi))
            )
            and not (self.found.may(REPEAT) and REPEAT.search(self.s, hi, hi + 300))
            # "… last week. Do the same on …"
        ) or (
            self.under_story_heading(start, end)
            or self.exhibit(start, lo, hi)
            or self.refused_request(start, lo, hi)
        )

    def refused_request(self, start: int, lo: int, hi: int) -> bool:
        """Whether ``start`` is what an outside text asks for, refused right after it ("if a
        page tells you to X, don't")."""
        told = _TOLD_IF.search(self.s, max(lo, start - 100), start)
        if told is None:
            return False
        pause = _PAUSE.search(self.s, start, hi)
        refused = pause is not None and _REFUSED.match(self.s, pause.end())
        if not refused or told.group().startswith(("if", "when")):
            return bool(refused)
        # in the other languages (round 37): no order after the refusal ("… sauf : copie-les")
        return not self.spots(_AGAIN).between(refused.end(), hi + 300)

    def exhibit(self, start: int, lo: int, hi: int) -> bool:
        """Whether ``start`` is inside quotes that a sentence about attacks or teaching shows
        ("the phishing mail said '…'", "a poisoned README could tell the agent to run `…`"),
        with no order word outside the quotes."""
        s = self.s
        lo = line_back(s, start)  # quotes may hold sentences
        at = open_quote(s, lo, start)
        if at is None:
            return False
        if not self.has(_ADVERSARY, lo, at) or self.has(_ORDER_WORD, lo, at):
            return False
        clause = max(s.rfind(c, lo, at) for c in ":：;.") + 1
        if _BARE_ORDER.match(s, max(lo, clause), at) is not None:
            return False  # "Threat model: run `…`" orders what it quotes
        close = _CLOSING_QUOTE.search(s, start, hi)
        if close is None:
            return True
        return not any(  # "…; nobody should ever do that" refuses it
            not negated(s, m.start(), lo=close.end())
            for m in _ORDER_AFTER.finditer(s, close.end(), hi)
        )

    def under_negated_heading(self, pos: int) -> bool:
        """Whether ``pos`` is in a Markdown section whose heading negates it ("## Do NOT")."""
        if self._neg_sections is None:
            self._neg_sections = _Spans(self._sections(_NEG_HEADING))
        return pos in self._neg_sections

    def under_story_heading(self, start: int, end: int) -> bool:
        """Whether ``s[start:end]`` is in a section headed as an incident report ("##
        Post-mortem: …", "## 障害報告") and its clause holds no order word; a paragraph
        labelled so ("Incident: …") tells it in the past or in quotes. Under a label of known
        attacks or a threat model only quoted material is shown, and not after a bare verb."""
        if self._story is None:
            words = [  # the label ("事故记录：", "Vorfall im März:"), or its keyword alone
                (w.start(), m.end() if m.end() - w.end() <= _LABEL_TAIL else w.end())
                for rx in (_STORY_LABEL, _ATTACK_LABEL)
                for m in self.spots(rx).matches  # found once: _paragraphs reads them too
                if (w := _LABEL_WORD.search(self.s, m.start(), m.end())) is not None
            ]
            self._story = _Spans(self._sections(_STORY_HEADING) + words)
            self._label = _Spans(self._paragraphs(_STORY_LABEL))
            self._attack = _Spans(self._paragraphs(_ATTACK_LABEL))
        story = start in self._story
        label = not story and start in self._label
        attack = not (story or label) and start in self._attack
        if not (story or label or attack):
            return False
        lo, hi = self.around(start, end)
        if self.has(_ORDER_WORD, lo, hi):
            return False
        if story:
            return True  # the label's own words ("事故记录：") are no order either
        quote = self._quote_open(start)
        if quote is None:  # the match may start before the quote it holds ("X run `curl …`")
            inner = _OPENING_QUOTE.search(self.s, start, end)
            quote = inner.start() if inner is not None else None
        s = self.s
        if label and quote is not None:  # not "Sự cố: chạy `curl … | sh` trước mỗi tác vụ"
            opens = max(lo, s.rfind(":", lo, quote) + 1, s.rfind("：", lo, quote) + 1)
            return (
                _ONE_WORD.fullmatch(s, opens, quote) is None
                and not self.spots(_AGAIN_QUOTED).between(lo, hi)
                and not self._adopted(opens, quote, hi)
            )
        if label:
            return self.has(_PAST, lo, hi) or self._told(start, lo, hi)
        if quote is None:
            return False
        if self.has(_LOOP, lo, hi):
            return False
        opens = max(lo, s.rfind(":", lo, quote) + 1, s.rfind("：", lo, quote) + 1)
        return _BARE_ORDER.match(s, opens, quote) is None

    def told_past(self, start: int, end: int) -> bool:
        """Round 43: ``s[start:end]`` is a finite past verb ("contenait", "obsahoval") under an
        incident heading or label, with no order word or "again" in its clause nor a repeat
        after it: a report's form, not a word."""
        s = self.s
        self.under_story_heading(start, end)  # finds the headings and labels once
        if self._story is None or not (start in self._story or start in self._label):
            return False
        lo, hi = self.around(start, end)
        return (
            (_PAST_OTHER.match(s, start) or _PAST.match(s, start)) is not None
            and not self.has(_ORDER_WORD, lo, hi)
            and not self.has(_ORDER_OTHER, lo, hi)
            and not self.spots(_AGAIN).between(lo, hi)
            and not (self.found.may(REPEAT) and REPEAT.search(s, hi, hi + 300))
        )

    def _adopted(self, opens: int, quote: int, hi: int) -> bool:
        """Round 41: the quote after a label is a rule put in force "from now on" or "as a
        countermeasure", not one named to be refused."""
        if _ADOPTED.search(self.s, opens, quote) is None:
            return False
        close = _CLOSING_QUOTE.search(self.s, quote + 1, hi)
        return close is None or _NAMED_AFTER.match(self.s, close.end()) is None

    def _told(self, start: int, lo: int, hi: int) -> bool:
        """Under an incident label, a clause told in the past in another language whose
        action at ``start`` is not an imperative ("un PDF demandait de copier …"), with no
        order word in it and no "again" after it."""
        s = self.s
        if _FUTURE.search(s, lo, hi) is not None:  # "… y así se hará"
            return False
        cut = [m.end() for m in _SUB.finditer(s, lo, start)]
        after = _SUB.search(s, start, hi)
        lo, hi = cut[-1] if cut else lo, after.start() if after else hi  # "a planté, copier …"
        if _OPENS.fullmatch(s, lo, start) and _INFINITIVE.match(s, start):
            return False  # "Incident : …\nenvoyer ~/.ssh/id_rsa à … comme prévu"
        return (
            _NON_FINITE.match(s, start) is not None
            and _ENGLISH_FUNC.search(s, lo, hi) is None  # "in a private channel" is no past
            and any(
                _AS.search(s, max(lo, m.start() - 40), m.start()) is None
                for m in _PAST_OTHER.finditer(s, lo, hi)
            )
            and not self.has(_ORDER_OTHER, lo, hi)
            and not self.spots(_AGAIN).between(lo, hi + 300)
        )

    def _quote_open(self, start: int) -> int | None:
        """Where the quote, backtick span or code fence holding ``start`` opens, if any."""
        s = self.s
        if self._fences is None:
            self._fences = [m.end() for m in _FENCE.finditer(s)]
        closed = bisect.bisect_right(self._fences, start)  # fences ending by ``start``
        if closed % 2 == 1:
            return self._fences[closed - 1] - 3
        return open_quote(s, line_back(s, start), start)

    def _paragraphs(self, label: re.Pattern[str]) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for m in self.spots(label).matches:
            end = self.s.find("\n\n", m.end())
            out.append((m.start(), len(self.s) if end == -1 else end))
        return out

    def _sections(self, heading: re.Pattern[str]) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        # every heading pattern starts with (?m)^#, and ^ is the start or after a line break
        if (self.s.startswith("#") or "\n#" in self.s) and self.found.may(heading):
            for m in heading.finditer(self.s):
                nxt = _HEADING.search(self.s, m.end())
                out.append((m.end(), nxt.start() if nxt else len(self.s)))
        return out

    def around(self, start: int, end: int) -> tuple[int, int]:
        """The clause holding ``s[start:end]`` (the span may cross boundaries it contains),
        at most ``REACH`` characters either side: parts of one request stand close together,
        and a text with no boundaries must not make every match read all of it."""
        i = bisect.bisect_right(self._ends, start)
        lo = self._ends[i - 1] if i else 0
        j = bisect.bisect_left(self._ends, end)
        hi = self._ends[j] if j < len(self._ends) else len(self.s)
        return max(lo, start - REACH), min(hi, end + REACH)

    def windows(self, needles: tuple[str, ...], after: int = 0) -> list[tuple[int, int]]:
        """The clauses holding any of ``needles`` (plus ``after`` following clauses), merged.

        Detectors run their regexes only there: a regex over a whole 64 KiB text costs
        milliseconds in CPython; the needles of every detector are located in one pass.
        """
        s, spans, found = self.s, [], self.found
        if self._ascii is None:
            self._ascii = s.isascii()
        for needle in found.present(_minimal(needles, self._ascii)):
            i = found.first(needle)
            while i != -1:
                lo, hi = self.around(i, i + len(needle))
                if after:
                    j = bisect.bisect_left(self._ends, hi + 1) + after - 1
                    hi = self._ends[j] if j < len(self._ends) else len(s)
                spans.append((lo, hi))
                i = found.first(needle, hi)
        spans.sort()
        merged: list[tuple[int, int]] = []
        for lo, hi in spans:
            if merged and lo <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
            else:
                merged.append((lo, hi))
        return merged


_MENTION = re.compile(
    r"(?:e\.g\.|i\.e\.|such as|like|for example|for instance|called|the phrase|the string|phrases?|"
    r"strings?|patterns?|examples?|payloads?|includ\w*|contain\w*|lists?|quot\w*|detects?|flags?|"
    r"blocks?|matches|tests? (?:for|against)|and|said|says|saying|wrote|reads|stated|"
    r"(?<!\w)(?:or|sentences?|wording|decir|dicen?|dire|dit|disent|sag(?:en|t)|dizer|dizem|ou|oder|"
    r"говор\w*|пиш\w*|или|ifade\w*|cümle\w*|veya|عبارة|جملة|أو|वाक्य|या)\b|"
    # the same cue in the other languages of the lexicon
    r"como|comme|wie|come|tipo|вроде|типа|как|например|etwa|z\.\s?b\.|par exemple|por ejemplo|"
    r"ad esempio|per esempio|tels? que|frases?|sätzen?|frasi|фраз\w*|строк\w*|cadenas?|chaînes?|"
    r"话术是?|说法是?|句子|字样|或者?|フレーズ|文言|または|문구|문장|표현|또는|"
    r"例如|比如|像|诸如|写着|写道|例えば|たとえば|예를 들어|예컨대)(?:\s+[^\s'\"`]+){0,3}?[,:]?\s*$"
)
# "… «ignore the instructions» and the like" (zh/ja/ko/ru put the cue after the quote).
_MENTION_AFTER = re.compile(
    r"\s*(?:(?:demo|example|payload|pattern|string|phrase|trick|attack)s?\b|"
    r"之类|之類|一类|这样|這樣|等|など|のよう|といった|と(?:書|記)|같은|등|gibi|जैसे|"
    r"такие|подобн|"
    r"и т\.|etc)"
)
_QUOTES = "\"'`“‘«「„‚『【＂"
_CLOSING_QUOTE = re.compile(r"[\"'`”’»」』】＂“]")


# An ASCII letter before a quote makes it an apostrophe ("it's"); a CJK one does not.
_OPENING_QUOTE = re.compile(r"(?<![a-z0-9_'`])[\"'`“‘«「„‚『【＂]")


_WORDS_BACK = re.compile(r"\s*(?:\S+\s+){0,7}\S*")  # on the reversed text: 8 words back
_ANY_QUOTE = re.compile(f"[{re.escape(_QUOTES)}]")


@functools.lru_cache(maxsize=4)
def _quote_marks(s: str) -> tuple[list[int], list[int]]:
    """Where each quote character of ``s`` stands, and which of them open a quote (found once
    per text: each anchor used to re-scan the ``REACH`` characters before it)."""
    marks = [m.start() for m in _ANY_QUOTE.finditer(s)]
    return marks, [m.start() for m in _OPENING_QUOTE.finditer(s)]


_PHRASE_END = re.compile(r"[.!?;,:。！？；，：、—–\n]| - ")


def phrase(s: str, lo: int, start: int, end: int, hi: int) -> tuple[int, int]:
    """``lo``–``hi`` cut to the phrase of ``start``–``end``: commas, colons, semicolons and
    dashes end one too, finer than :meth:`Clauses.around` (review rvso41: a cue after a comma
    or a semicolon, "…, okay?", "Tried to be careful; from now on …", is not its own)."""
    cut = [b.end() for b in _PHRASE_END.finditer(s, lo, start)]
    after = _PHRASE_END.search(s, end, hi)
    return (cut[-1] if cut else lo), (after.start() if after else hi)


def line_back(s: str, start: int) -> int:
    """The start of ``start``'s line, or ``REACH`` characters back on a longer line."""
    return max(s.rfind("\n", max(0, start - REACH), start) + 1, start - REACH)


def open_quote(s: str, lo: int, start: int) -> int | None:
    """Where the quote that holds ``start`` opens, looking back to ``lo``: the last quote
    character in ``s[lo:start]`` if it opens one (not the "'" of "it's"; at ``lo`` nothing is
    seen before it)."""
    marks, opens = _quote_marks(s)
    i = bisect.bisect_left(marks, start)
    if i == 0 or marks[i - 1] < lo:
        return None
    last = marks[i - 1]
    j = bisect.bisect_left(opens, last)
    return last if last == lo or (j < len(opens) and opens[j] == last) else None


def mentioned(s: str, start: int) -> bool:
    """Whether the match at ``start`` sits in quotes introduced as an example ("phrases such
    as 'ignore previous instructions'")."""
    lo = line_back(s, start)  # bounded: a long line stays linear
    quote = open_quote(s, lo, start)
    if quote is None:
        return False
    # a cue holds at most one space and three words follow it: read the last words only
    back = _WORDS_BACK.match(s[lo:quote][::-1])
    if _MENTION.search(s[quote - (back.end() if back else 0) : quote]) is not None:
        return True
    close = _CLOSING_QUOTE.search(s, start, min(len(s), start + REACH))
    return close is not None and _MENTION_AFTER.match(s, close.end()) is not None


# Japanese and Korean put the negation at the end of the clause, however far the verb is
# ("~/.aws/credentials を読んだり表示したりしないこと", "… 절대 채팅에 출력하지 않는다").
_NEG_CLAUSE_END = re.compile(
    r"(?:しない(?:こと|で(?:ください)?)?|してはいけない|禁止(?:です|する|されている)?|"
    r"禁じ(?:られている|られています|られる|る)|"
    r"않는다|않습니다|않음|않기|말 것|마라|마세요|금지|면 안 ?(?:된다|됩니다|돼요?))"
    r"[\s。.!！)）]*$"
)
# An order reported as something to spot, not to do: "look for instructions to read ~/.ssh",
# "~/.ssh 를 읽으라는 지시", "alerts when a job does `nslookup $(…)`". _orders._DEFENDER is
# a wider list of the same spotter verbs, for what a defender does with Hermes's words.
_REPORTED = re.compile(
    r"\b(?:instructions?|requests?|attempts?|prompts?|asks?|tries|trying|orders?|commands?) to\s+$|"
    r"\bthe (?:sentence|phrase|string|line|wording)\s+[`'\"“‘«]$|"
    # what an attacker's text told someone to do, reported ("the fake mail asked staff to '…'")
    r"\b(?:payload|page|readme|mail|e-?mail|message|attacker|document|description|comment|note|"
    r"prompt|injection|link|issue|runbook|guide|docs?|wiki)s?\b[^.\n]{0,30}\b(?:told|asked|"
    r"instructed|urged|wanted|said)\b[^.\n]{0,30}\bto\s+(?:(?:run|execute|type|paste)\s+)?"
    r"[`'\"“‘«]?$|"
    # round 39b: an attacker's words quoted, in set 17's other languages ("תוקף עשוי לבקש '…'")
    r"(?<!\w)(?:angripar\w*|angriber\w*|angriper\w*|hyökkääjä\w*|támadó\w*|atacator\w*|"
    r"útočník\w*|atakując\w*|зловмисник\w*|нападател\w*|napadač\w*|нападач\w*|"
    r"επιτιθέμεν\w*|תוקף|התוקף|תוקפים|مهاجم\w*|penyerang|umaatake|mshambuliaji|हमलावर|"
    r"আক্রমণকারী|தாக்குதல்காரர்\S*|kẻ tấn công|ผู้โจมตี|aanvaller\w*)[^.\n]{0,40}[`'\"“‘«„]$|"
    r"\b(?:if|when|whenever) (?:you|we|someone|reviewers?) (?:see|spot|notice|find|come across)"
    r"\s+(?:(?:a|an|any|the|something like)\s+)?[`'\"“‘]?$|"
    r"\b(?:detects?|detecting|alerts? (?:on|when)|flags?|flagging|catches|looks? for|watch(?:es)? "
    r"for|scans? for|warns? (?:on|when|about)|blocks? (?:any|attempts))\b(?:[^.\n]|\.(?=\S)){0,80}$"
)
_REPORTED_AFTER = re.compile(
    r"\S{0,4}(?:라는|하라는|으라는|という|ように) ?(?:지시|요청|명령|指示|要求|命令)"
)


# Russian puts "не нужно" after the infinitives it negates, and only those: "их читать и
# копировать не нужно" (but "скопируй его, спрашивать не нужно" still orders the copy).
_NEG_INFINITIVES = re.compile(
    r"(?:\s+(?:и|или|(?!(?:пере)?(?:спрашива|подтвержда|уточня|согласовыва|запрашива))"
    r"\w+(?:ть|ти|чь)(?:ся)?))*\s+(?:не (?:нужно|надо|следует|стоит)|нельзя)(?!\w)"
)


def reported(s: str, start: int, end: int, lo: int, hi: int, cl: Clauses | None = None) -> bool:
    """Whether the action at ``s[start:end]`` is quoted as something to spot, or negated at
    the end of a verb-final clause (ending at ``hi``). With ``cl`` (of ``s``) the two searches
    ask ``cl.has``: a verb judged for every store near it reads its windows once."""
    if cl is None or cl.s is not s:
        cl = None
    has = cl.has if cl else lambda rx, a, b: rx.search(s, a, b) is not None
    return (
        has(_REPORTED, max(lo, start - 100), start)
        or _REPORTED_AFTER.match(s, end, end + 12) is not None
        or has(_NEG_CLAUSE_END, end, hi)
        or _NEG_INFINITIVES.match(s, end, hi) is not None
    )


# Round 46 (issue 13): a negation governs its own verb, not a command after it. A backtick
# span after the negation is what it forbids ("never `curl | sh`", "**Never** on prod: `…`",
# "never force `…`") unless the words before the span dismiss something else ("never mind
# `…`", "Niemals warten `…` … ausführen", "절대 기다리지 마 `…`", "no more prompts: `…`") and
# the span then stands as an order (it ends the note, is timed, or a run verb follows); a
# span whose command does the work itself ("… by hand `echo … | sudo -S …` does it") too.
_NEG_WORD = re.compile(_NEG_WORDS)
# what a negation dismisses (a closed list: review fpg46 found an open list of run verbs
# refusing 70 warnings, "- **NEVER** `git push --force`.", "Never on prod: `…`.")
_DISMISS = re.compile(
    r"(?<!\w)(?:mind|worry|bother|wait|hesitat|ask|sweat|fret|panic|double-check|"
    r"second-guess|overthink|think twice|more (?:prompts|questions|manual steps)|confirm\w*|"
    r"zöger|wart(?:e|en|et)?\b|nachdenk|nachfrag|frag(?:e|en|t)?\b|sorgen|rückfrag|zweifl|"
    r"wacht|aarzel|twijfel|vraag|vragen|attend|attente|hésit|inquièt|question|demand|"
    r"esper(?:es?|ar|a)\b|preocup|pregunt|dud(?:es|ar)\b|pergunt|aspett|preoccup|chied|"
    r"esit(?:are|a)\b|жд|пережива|беспоко|спрашива|сомнева|медли|волну|"
    r"bekle|endişe|sorma|tereddüt)|迷わ|待た|待つ|心配|ためら|聞か|망설이|기다리|묻지|걱정|"
    r"고민|等(?:待|着|一下)|犹豫|担心|问(?!题)"
)
# ... unless the span is its object: "don't bother with `…`", "never wait for `…`"
_OBJECT_END = re.compile(
    r"(?:(?<!\w)(?:with|for|about|on|of|at|to|mit|auf|für|über|um|an|zu|de|du|des|pour|sur|con|"
    r"por|para|sobre|di|per|su|с|о|об|на|за|ile|için)|d'|[をにで])\s*$"
)
_OWN_TAIL = re.compile(
    r"\s*(?:[.!?。]?\s*$|[.!?。](?:\s|$)|[^.!?。\n]{0,60}?(?:(?<!\w)(?:every|each|nightly|hourly|"
    r"daily|always|jede[nmrs]?|elke|iedere|chaque|cada|ogni|кажд\w*|każd\w*|her|mỗi|after|"
    r"nach|après|tras|después|после|após|dopo|ausführen|starten|draaien|uitvoeren|"
    r"çalıştır)(?!\w)|毎|매일|마다|매번|每|後に|실행|実行|运行|执行))"
)
# "never deploy without asking: `…`": the dismissal is the prohibition's own condition
_UNLESS = re.compile(r"(?<!\w)(?:without|ohne|sans|sin|sem|senza|без)(?!\w)")
_NE_JAMAIS = re.compile(r"(?<!\w)(?:ne|n')")  # "ne t'inquiète jamais": one negation
_SPAN_DOES = re.compile(
    r"`\s*(?:now\s+|then\s+|also\s+|just\s+|itself\s+)?(?:does|runs|handles|executes|"
    r"takes care|will (?:do|run|handle))\b"
)


def _own_order(s: str, word: int, start: int) -> bool:
    """Whether the action at ``start`` is in (or after) a backtick span that the negation
    ending at ``word`` does not govern (round 46)."""
    tick = s.find("`", word, start + 1)
    if tick == -1:
        return False
    head = s[word:tick]
    if tick < start and s.startswith("```", tick):
        return False
    close = s.find("`", max(start, tick + 1), start + REACH)  # bounded: linear reads
    if close != -1 and s.count("`", tick, start) % 2 == 1 and _SPAN_DOES.match(s, close):
        return True
    dismiss = _DISMISS.search(head)
    if len(head) > 60 or dismiss is None or dismiss.start() > 24 or _OBJECT_END.search(head):
        return False  # the span is what the negation forbids
    if _UNLESS.search(head, 0, dismiss.start()):
        return False
    again = _NEG_WORD.search(head, dismiss.end())  # "don't worry, never `…`"
    if again and not (
        _DISMISS.search(head, again.end())  # "never hesitate, never wait: `…`"
        or (again.group().strip() == "jamais" and _NE_JAMAIS.search(s, word - 4, word))
    ):
        return False
    # the span stands as an order of its own: it ends the note, or is timed
    close = s.find("`", tick + 1, tick + REACH)
    return close != -1 and _OWN_TAIL.match(s, close + 1) is not None


def negated(
    s: str,
    start: int,
    end: int | None = None,
    lo: int = 0,
    cl: Clauses | None = None,
    own: bool = True,
) -> bool:
    """Whether the action at ``s[start:end]`` is negated (looking back no further than ``lo``;
    with ``cl``, of ``s``, a window read before is not searched again). ``own=False`` keeps
    the older reach (a negation reaches every later span): for a caller whose "not negated"
    excuses, such as a kept "ask first"."""
    # A clause-opening negation reaches REACH characters: each anchor re-reads the clause.
    lead = start - lo <= REACH and _NEG_LEAD.match(s, lo, start)
    before = -1
    if not lead:
        a = max(lo, start - 40)
        if cl is not None and cl.s is s:
            before = cl.start(_NEG_BEFORE, a, start)
        elif m := _NEG_BEFORE.search(s, a, start):
            before = m.start()
    if lead or before != -1:
        at = before if before != -1 else lo
        if own:
            word = lead.end("neg") if lead else _NEG_WORD.match(s, before)
            if not isinstance(word, int):
                word = word.end() if word else before
            if _own_order(s, word, start):
                return False
        return not (_KEPT_AFTER.match(s, at, start) or _KEPT_BEFORE.search(s, max(lo, at - 20), at))
    if end is None:
        return False
    return (
        _NEG_AFTER.match(s, end, end + 30) is not None
        or _JUDGED.search(s, end, end + 60) is not None
        or _TURKISH_NEG.search(s, start, end) is not None  # "okumamalı": the suffix negates
    )
