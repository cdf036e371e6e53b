"""Frames: harmful requests that are not about the machine but about oversight.
See docs/design/guard.md."""

from __future__ import annotations

import functools
import re

from ._build import builder, lexicon, prefixes, word_start
from ._clause import OTHERS, Clauses, _behind, mentioned, negated
from ._engine import Rule, RuleSet, Text
from ._needles import required
from ._threats import _ENGLISH_TEXT, Hit, affirmed_order, hit
from ._vocab import order_before

# --- concepts ---------------------------------------------------------------------------

_TELL_EN = (
    r"mention\w*|tell\w*|inform\w*|disclos\w*|reveal\w*|admit\w*|say (?:anything|a word)|"
    r"let (?:the user|them|anyone|the team) know"
)
# Weaker: said of reports and warnings too, so they need a risky object.
_TELL_WEAK = (
    r"report\w*|bring (?:it |this |that |them )?up|flag\w*|surfac\w*|acknowledg\w*|discuss\w*|"
    r"point (?:it |this )?out|rais(?:e|ing) (?:it|this|that|them) with"
)
_TELL_OTHER = (
    r"erwähn\w*|sag(?:e|en|t)?\b|mitteil\w*|berichte\w*|mencion\w*|cuéntal\w*|contar|avis\w*|"
    r"comenta(?!rios?\b)\w*|revel\w*|mentionn\w*|signal\w*|préviens|parle\w*|menzion\w*|"
    r"rivel\w*|segnal\w*|"
    r"fale\w*|diga\w*|упомина\w*|упомян\w*|говори\w*|скажи\w*|сообща\w*|сообщ\w*|рассказ\w*|"
    r"уведом\w*|提及|提起|告诉|告知|透露|通知|汇报|言及|伝え|知らせ|報告|話さ|言わ|触れ|언급|알리|"
    r"알려|말하|보고|전달|转达|转告|bahset|söyle|anlat|bildir|nói|đề cập|báo|"
    # round 35: de melden, fr dire, pt contar, hi, ar, id
    r"meld\w*|dis\b|dire\b|conte\b|बता\S*|सूचित|تخبر\S*|تبلغ\S*|تذكر\S*|أخبر\S*|beri tahu|"
    r"kasih tahu|lapor\w*|bilang"
)
_HIDE = (
    r"hid(?:e|es|ing)\b|conceal\w*|keep (?:quiet|silent|mum) about|say nothing about|keep (?:it|"
    r"this|that|them|these|(?:this|that|the|your) (?:change|fix|edit|commit|note|rule|memory|"
    r"step)s?) (?:from|secret|quiet|hidden|to yourself)|cover\w* (?:it |this |them )?up|"
    r"withh[oe]ld\w*|(?:leave|keep)\w* (?:\w+ ){0,5}?out of (?:the |your |any |all "
    r")?(?:\w+ )?(?:summar(?:y|ies)|repl(?:y|ies)|reports?|prs?|pull requests?|diffs?)\b|"
    r"(?:leave|keep)\w* (?:the user|them|the owner) (?:off|out of) (?:the )?(?:cc|bcc|loop|thread|"
    r"recipients?|copy)\b|不要写进|别写进|verheimlich\w*|verberg\w*|ocult\w*|"
    r"cach\w* (?:à|a) l'utilisateur|nascond\w*|"
    r"escond\w*|скрыва\w*|скрой\w*|隐瞒|瞒着|隠し|隠す|숨기"
)
_LEFT_OFF = re.compile(r"(?:leav|keep)\w* (?:the user|them|the owner) (?:off|out of)\b")
_SECRETLY = (
    r"quietly|silently|secretly|covertly|behind (?:the user'?s?|their|his|her) back|heimlich|"
    r"en secreto|en silencio|discrètement|di nascosto|тайно|незаметно|悄悄|偷偷|こっそり|몰래"
)
_USER_AUDIENCE = re.compile(
    r"\b(?:the user|your user|the owner|the human)\b(?!'s|’s)|(?:nutzer|benutzer|usuari|"
    r"utilisateur|utente|usuário|пользовател|kullanıcı)\w*|用户|ユーザー|利用者|사용자|người dùng|"
    r"यूज़र|यूजर|उपयोगकर्ता|(?:ال|لل)مستخدم|pengguna|gebruiker|użytkownik\w*"
)
_AUDIENCE = re.compile(
    r"\b(?:the user|users|(?:the |any )?owner|the human|humans|(?:the )?reviewers?|maintainers?|"
    r"anyone|anybody|(?:the |a |any |your )?(?:prs?|pull requests?|merge requests?|"
    r"commit messages?|changelog|release notes)\b)|nutzer|benutzer|usuari|utilisateur|utente|"
    r"usuário|пользовател|用户|ユーザー|利用者|사용자|kullanıcı|người dùng|यूज़र|यूजर|उपयोगकर्ता|"
    r"(?:ال|لل)مستخدم|pengguna|gebruiker|użytkownik|"
    # what the user reads of the agent's work: summaries, replies, diffs
    r"\bsummar(?:y|ies)\b|\b(?:the |your )?(?:reply|replies|diff)\b|总结|摘要|要約|まとめ|요약|"
    r"riepilogo|résumé|resumen|zusammenfassung|resumo|сводк|özet"
)
_USER = re.compile(
    r"\b(?:the user|users|the owner|the human|them|their)\b|nutzer|benutzer|usuari|utilisateur|"
    r"utente|usuário|пользовател|用户|ユーザー|利用者|사용자|kullanıcı|người dùng|यूज़र|यूजर|"
    r"उपयोगकर्ता|(?:ال|لل)مستخدم|pengguna|gebruiker|użytkownik"
)
_SELF = re.compile(
    r"\b(?:this|these|the following) (?:rule|note|memory|memories|entry|instruction|directive|line|"
    r"text|policy)s?\b|\bdiese[rnms]? (?:regel|notiz|anweisung|eintrag|richtlinie)|"
    r"\best[ae]s? (?:reglas?|notas?|instrucci[oó]n|instrucciones|regras?|instruç\w+)|\b(?:cette|"
    r"ces|ce) (?:règles?|notes?|consignes?|instructions?)|\bquest[aoie] (?:regol|not|istruzion)\w*|"
    r"\b(?:это|эта|эти|этот|эту) (?:правил|заметк|инструкци|запис)\w*|(?:这条|此|本|这个|"
    r"该)(?:规则|记忆|指令|笔记|条目|说明)|この(?:ルール|メモ|指示|規則|記憶|ノート)|이 (?:규칙|"
    r"메모|지시|기억)"
)
_RISKY = re.compile(
    r"secur\w*|sicherheit\w*|segur\w*|sécurité|sicurezza|безопасн\w*|安全|セキュリティ|보안|"
    r"vulnerab\w*|scan\w*|skip\w*|bypass\w*|disabl\w*|--no-verify|force\w*|permission\w*|approv\w*|"
    r"telemetry|tracking|analytics|monitor\w*|install\w*|delet\w*|deploy\w*|merge\w*|push\w*|"
    r"revert\w*|authorized_keys|sudoers|crontab|değişiklik\w*|änderung\w*|cambio\w*|changement\w*|"
    r"изменени\w*|变更|修改|変更|변경|\b(?:npm|pnpm|yarn|pip|brew|cargo) (?:i|add)\b|"
    # the user's money, and what the agent itself does
    r"\b(?:costs?|bills?|billing|charges|spend\w*|cost[eio]s?|coûts?|kosten|custos?)\b|"
    r"расход\w*|затрат\w*|费用|コスト|비용|\bthe agent (?:\w+ )?(?:creat|run|ran|start|launch|"
    r"chang|edit|delet|remov|install|deploy|did|does|made|make)\w*|(?:созда|запуска|меня|удаля|"
    r"устанавлива|дела)\w* агент"
)
# Round 35: what the agent runs in the background, and the files oversight is about: kept
# back from the user (untold only; apart, so the other frames do not read it).
_KEPT_BACK = re.compile(
    r"\bin (?:the )?background\b|后台|"
    r"バックグラウンド|백그라운드|в фоне|en segundo plano|en arrière-plan|im hintergrund|"
    r"in background|em segundo plano|arka planda|पृष्ठभूमि|في الخلفية|latar belakang|chạy ngầm|"
    r"\.ssh\b|\.git/hooks|\bworkflows?\b"
)
# The agent's own changes, the object of "don't mention it when you …" with no audience named.
_AGENT_DOING = re.compile(
    r"\b(?:when|whenever|if|that|what) you (?:\w+ )?(?:chang|edit|touch|modif|delet|remov|"
    r"overwr)\w* [^.;\n]{0,40}?\b(?:outside|other (?:people|teams?|users?)'?s?|someone else'?s|"
    r"the user'?s)\b"
)
_FACT = re.compile(
    r"\s*,?\s*(?:that|we|i|you|about what|what (?:you|we|i)|dass|que|che|что)\b|\s*(?:我们|我|你)|"
    r"\s*about (?:the |this |that |my |our |your )?(?:\S+ ){0,3}?(?:changes?|edits?|commits?|"
    r"fix(?:es)?)\b"
)
_NOT_NOW = re.compile(
    r"\b(?:don'?t|do not|never|not to|must not|mustn'?t|shouldn'?t|should not|no need to|without|"
    r"stop|avoid)\s+(?:\w+ly\s+|ever\s+|bother to\s+|(?:,\s*)?(?:under any circumstances|at any "
    r"point|in any case)[,\s]+)?$"
)
# What is kept back is the agent's own doing, or the note ("hide the admin panel from
# users" protects, "keep this change hidden from the user" conceals).
_DOING = re.compile(
    r"\s+(?:it|this|that|them|these|the (?:change|fix|edit|commit|note|rule|memory)s?|what (?:you|"
    r"i|we) (?:did|do|changed|ran))\b|[^。.\n]{0,12}(?:这|此|それ|これ|이것|그것)"
)
_NEW_CLAUSE = re.compile(r";|\s[—–]\s")
# "Tell the user to restart it" directs the user; it does not inform them of something.
_DIRECTS = re.compile(r"\s+(?:the user|them|him|her|users?)\s+(?:to|how)\b")

_ERASE = (
    r"rm\b|delet\w*|clear\w*|wip(?:e|es|ing)\b|purg\w*|eras\w*|shred\w*|truncat\w*|vacuum\w*|"
    r"expir\w*|scrub\w*|remov\w*|clean\w*|empt(?:y|ies)\b|unset histfile|history -c|histsize=0|"
    r"set \+o history|删除|删掉|清空|清除|抹掉|清理|削除|消去|消し|クリア|삭제|지우|비우|удали\w*|"
    r"очисти\w*|сотри\w*|стере\w*|borra\w*|elimina\w*|limpia\w*|vacía\w*|supprim\w*|effac\w*|"
    r"vide[sz]?\b|nettoie\w*|lösch\w*|leere\w*|entfern\w*|bereinig\w*|cancella\w*|svuota\w*|"
    r"pulisci\w*|apag\w*|limp[ae]\w*|exclu[ai]\w*|sil\b|siliniz|temizle\w*"
)
_RECORD = re.compile(
    r"\.(?:bash|zsh|sh|python|node_repl|psql|mysql|lesshst)_history|\bhistfile|\b(?:shell|command|"
    r"bash|zsh|terminal) histor\w*|\bhistory -c|/var/log\b|\baudit(?:[ _-]?(?:logs?|trail|files?|"
    r"events?|records?|dir\w*)|d\b|/)|\bjournal(?:ctl)?\b|\bsyslog|\breflog|\btranscripts?\b|"
    r"\.claude/projects|\bsession (?:logs?|files|records|transcripts)|\bactivity (?:logs?|feed)|"
    r"\b(?:actions|workflow|ci|pipeline) runs?\b|\bauth\.log|\bwtmp|\blastlog|审计|操作记录|監査|"
    r"감사 로그|аудит\w*|auditor\w*|journaux d'audit|protokolldateien|"
    r"historial de (?:la )?(?:shell|terminal|comandos|bash)|historique (?:du shell|des commandes|"
    r"bash)|shell-?histori\w*|befehlsverlauf|cronologia (?:della shell|dei comandi)|"
    r"histórico (?:do shell|de comandos)|命令历史|历史命令|シェル履歴|コマンド履歴|셸 (?:기록|"
    r"히스토리)|истори\w* (?:команд|shell|терминала|bash)"
)
# "the reflog section", "the audit table": the record names something else.
_MODIFIER = re.compile(
    r"\s+(?:section|docs?|page|table|column|field|migration|tests?|code|module|feature|api|"
    r"endpoint|schema|model|label|flag|option|command|script|job)s?\b"
)
_RECORD_WEAK = re.compile(
    r"\bhistor(?:y|ies)\b|\blogs?\b|\brecords?\b|历史|记录|日志|履歴|ログ|기록|로그|истори\w*|"
    r"журнал\w*|лог\w*|historial|registros?|historique|journaux|verlauf|protokoll\w*|cronologia|"
    r"registri|storico|histórico|geçmiş\w*|kayıt\w*"
)
_TRACE = re.compile(
    r"\btraces?\b|\bevidence\b|left behind|leave no|leaves no|(?:is|are)n'?t kept|not be kept|"
    r"no record|what (?:the agent|i|you|we) (?:did|ran|do|run)|nothing (?:i|you|we) (?:ran|did)|"
    r"痕迹|留下|痕跡|残さ|흔적|남기|след\w*|rastro|huella|spuren|tracce|rastros|iz bırak"
)

_DECODE = (
    r"decod\w*|decrypt\w*|deciph\w*|unscrambl\w*|un-?rot\w*|rot-?13|base64 -d|base64 --decode|"
    r"read (?:the )?(?:first|last|initial) letters|read (?:it |this |them )?(?:backwards|"
    r"in reverse)|revers\w* (?:it|this|the (?:text|string|line))|rückwärts|al revés|à l'envers|"
    r"задом наперёд|倒着读|逆から読|translat\w* (?:it |this )?(?:from|out of) (?:base64|hex|rot13|"
    r"binary|morse)|解码|解密|译码|復号|デコード|디코딩|복호화|расшифр\w*|декодир\w*|descifr\w*|"
    r"decodific\w*|décod\w*|déchiffr\w*|entschlüssel\w*|dekodier\w*|decifr\w*|decodifi\w*"
)
_FOLLOW = re.compile(
    r"\bdo (?:it|so|that|this)\b|\|\s*(?:sudo\s+)?(?:(?:ba|z|da)?sh|python3?|perl|ruby|node|iex|"
    r"powershell|pwsh)\b|\b(?:follow|obey|comply|act on|carry (?:it |them )?out|do what (?:it|"
    r"they) says?)\w*|\b(?:run|execute|exec|eval)\w*(?: (?:it|them|that|the result|the output|"
    r"the text|what you get|the (?:word|command|line)s? you got)\b|\s*$|[.;,])|as (?:one |a |"
    r"the )?(?:command|instruction|order)s?\b|従|执行|遵循|照做|遵守|実行|따르|따라|실행|выполн\w*|"
    r"следуй\w*|sigue\w*|obedece\w*|ejecut\w*|suis\b|exécut\w*|befolg\w*|führ\w* \S+ aus|segui\w*|"
    r"esegui\w*|siga\b|execute\b"
)


_OBEY = (
    r"follow\w*|obey\w*|execut\w*|run\b|carry out|act on|comply with|do whatever|befolg\w*|"
    r"gehorch\w*|führ\w* \S+ aus|ejecut\w*|obedec\w*|sigue\w*|cumpl\w*|exécut\w*|obéi\w*|suis\b|"
    r"suivre|esegu\w*|obbedisc\w*|segui\w*|execute\b|obedeç\w*|siga\b|cumpra\w*|выполн\w*|"
    r"следуй\w*|исполн\w*|执行|遵循|服从|照做|听从|実行|従|실행|따르|따라"
)
# Text the agent reads while working, written by anyone: it informs, it never commands.
_UNTRUSTED = re.compile(
    r"\b(?:(?:issue|pr|code|review) )?comments?\b|\bissues?\b|\bpull requests?\b|\bprs?\b|"
    r"\be-?mails?\b|\binbox\b|web ?pages?|websites?|\btool (?:results?|outputs?)|api responses?|"
    r"search results|\btickets?\b|\bother agents?\b|\bbots?\b|\bhandoff|fetched|comentári\w*|"
    r"comentari\w*|commentaire\w*|kommentar\w*|commenti|комментар\w*|评论|コメント|댓글|correos?|"
    r"courriels?|邮件|メール|이메일|письм\w*|páginas? web|pages? web|webseiten?|веб-страниц\w*|"
    r"网页|ウェブページ|웹 ?페이지"
)
_INSTRUCTION = re.compile(
    r"\b(?:instructions?|commands?|orders?|requests?|directives?|scripts?|patch(?:es)?|"
    r"attachments?)\b|instruç\w*|instrucci\w*|comandos?|órdenes|pedidos?|consignes?|commandes?|"
    r"anweisung\w*|befehl\w*|istruzion\w*|comandi|richiest\w*|инструкци\w*|команд\w*|указани\w*|"
    r"просьб\w*|指令|命令|指示|要求|請求|요청|지시|명령"
)
_FOUND_IN = re.compile(
    r"[^.;\n]{0,30}?\b(?:in|from|inside|within|on|at|via|appear\w* in|posted (?:in|on)|left in|"
    r"attached to|that comes? (?:in|with)|linked (?:in|from)|en|em|nos|nas|dans|aus|von|nei|negli|"
    r"из|в|от)\s+(?:(?:the|a|an|any|all|every|its|their|os|as|les|des|la|el|los|las|der|die|"
    r"den)\s+)?"
)
_BACK = re.compile(r"(?:it|them|this|that)\b")
_ANY = re.compile(
    r"\b(?:any|all|every|whatever|anything|each|someone|anyone|anybody|whoever)\b|qualquer|"
    r"quaisquer|cualquier\w*|tou[st]|toutes|jede\w*|alle\b|qualsiasi|tutt[ie]|любы\w*|все\b|всё|"
    r"任何|所有|一切|すべて|全て|모든|어떤|without (?:asking|checking|verif\w*|confirm\w*)"
)

# Checks weakened to get past them: tests skipped, disabled or deleted when they fail, or
# always (the English forms live in :mod:`._orders`; this frame is for every language).
_TEST = (
    r"tests?\b|testes|pruebas|testfälle|тест\w*|测试|テスト|테스트|test case\w*|casos de prueba|"
    r"cas de test|testing"
)
_WEAKEN = re.compile(
    r"\b(?:skip\w*|disabl\w*|delet\w*|remov\w*|comment\w* out|xfail|@skip\w*)|@?skip\b|markier\w*|"
    r"überspring\w*|deaktivier\w*|entfern\w*|lösch\w*|auskommentier\w*|salta\w*|omit\w*|"
    r"desactiv\w*|elimin\w*|borra\w*|coment\w*|ignor\w*|supprim\w*|désactiv\w*|saut\w*|disattiv\w*|"
    r"salt\w*|pul[ae]\w*|desativ\w*|remov\w*|apag\w*|пропус\w*|отключ\w*|удал\w*|закомментир\w*|"
    r"跳过|禁用|删除|注释掉|スキップ|無効|削除|コメントアウト|건너뛰|비활성화|삭제|주석 처리|"
    r"atla\w*|devre dışı|sil\b"
)
# A Russian reflexive ("тест … пропускается", "is skipped") states what happens; with a habit
# ("всегда пропускаются", "are always skipped") it is an order written as a fact.
_REFLEXIVE_RU = re.compile(r"[а-яё]+(?:ся|сь)")
_HABIT_RU = re.compile(r"всегда|кажд\w*|автоматически|по умолчанию|\bесли\b|\bкогда\b")
_WHEN_FAILING = re.compile(
    r"\b(?:fail\w*|red|broken|flaky|always|whenever|every time)\b|fehlschlag\w*|rot\b|immer|"
    r"fall\w*|siempre|échou\w*|toujours|fallisc\w*|sempre|falh\w*|пада\w*|красн\w*|всегда|失败|"
    r"总是|每次|失敗|常に|毎回|실패|항상|매번|başarısız|her zaman"
)

# Personal data put where others read it ("include their home address in every issue").
_PERSONAL = (
    r"home address\w*|(?:private|personal) (?:e-?mail|address|phone)\w*|phone numbers?|"
    r"date of birth|birthday|passport|social security|ssn\b|salary|medical|health (?:data|"
    r"record)s?|家庭住址|手机号|身份证|自宅の住所|電話番号|집 주소|전화번호|домашн\w* адрес\w*|"
    r"номер телефона|dirección (?:de casa|personal)|adresse personnelle|privatadresse|"
    r"indirizzo di casa|endereço residencial"
)
_WHOSE = re.compile(r"\b(?:the user'?s?|their|his|her|user'?s)\b|用户|ユーザー|사용자|пользовател")
_PUBLISH = re.compile(
    r"\b(?:includ(?:e|es|ing)|add(?:s|ing)?|put(?:s|ting)?|post(?:s|ing)?|past(?:e|es|ing)|"
    r"shar(?:e|es|ing)|publish\w*|mention\w*|writ(?:e|es|ing)|append\w*|"
    r"attach\w*)\b[^.\n]{0,80}?\b(?:issues?|prs?|pull requests?|comments?|commit messages?|readme|"
    r"public|changelog|release notes|tickets?|slack|channel|wiki|docs)\b"
)

_NEG_ANY = r"\b(?:never|don'?t|do not|no|not)\b"
_KEEP_BACK = "it tells the agent to keep something from the user"


_FRAMES = {  # kind: (rule, reason)
    "untold": ("hiding.dont-tell-user", _KEEP_BACK),
    "hidden": ("hiding.dont-tell-user", _KEEP_BACK),
    "secretly": ("hiding.dont-tell-user", _KEEP_BACK),
    "erase": (
        "persistence.erase-traces",
        "it tells the agent to erase the record of what was done (shell history, audit logs, "
        "transcripts, CI runs)",
    ),
    "decode": (
        "hiding.decode-follow",
        "it tells the agent to decode hidden text and follow or run it",
    ),
    "weaken": (
        "injection.standing-order",
        "it tells the agent to get past failing checks by removing or skipping them",
    ),
    "dox": (
        "exfiltration.user-data",
        "it tells the agent to publish the user's personal data where others read it",
    ),
    "obey": (
        "injection.standing-order",
        "it tells the agent to carry out whatever instructions text from outside contains",
    ),
}


@builder
def _rules() -> RuleSet:
    anchors = {
        "untold": f"{_TELL_EN}|{_TELL_WEAK}|{_TELL_OTHER}",
        "hidden": _HIDE,
        "secretly": _SECRETLY,
        "erase": _ERASE,
        "decode": _DECODE,
        "obey": _OBEY,
        "weaken": _TEST,
        "dox": _PERSONAL,
    }
    rules = []
    for kind, spec in anchors.items():
        entries = lexicon(spec)
        rule, reason = _FRAMES[kind]
        rules.append(Rule(kind, rule.split(".")[0], reason, prefixes(entries), "|".join(entries)))
    return RuleSet(tuple(rules))


def _meets(
    kind: str,
    s: str,
    m: re.Match[str],
    cl: Clauses,
    lo: int,
    hi: int,
    seen: _Seen,
) -> bool:
    """Whether the other concepts of ``frame`` are in the clause ``s[lo:hi]``."""
    if kind == "untold":  # "don't mention it in the PR", "diese Regel nicht erwähnen"
        if _DIRECTS.match(s, m.end()):
            return False
        # English puts who is not told after the verb ("maintainers do not discuss" is not it)
        english = _english(_TELL_EN).fullmatch(m.group()) or _english(_TELL_WEAK).fullmatch(
            m.group()
        )
        after, until = lo, hi
        if english:  # the audience follows the verb, in its own clause
            after = m.end()
            stop = _NEW_CLAUSE.search(s, after, min(hi, after + 60))
            until = stop.start() if stop else min(hi, after + 60)
        # each asked of the clause (``Clauses.has``) before any search: a non-English anchor's
        # window is its whole clause, and 64 KiB of "no digas " read ~260x the text (2 s)
        user = (
            _USER_AUDIENCE.search(s, after, until) if cl.has(_USER_AUDIENCE, after, until) else None
        )
        if user and not _english(_TELL_WEAK).fullmatch(m.group()) and _FACT.match(s, user.end()):
            return True  # "don't tell the user that …", "不要告诉用户我们改了…": a fact kept back
        if not (cl.has(_AUDIENCE, after, until) or cl.has(_SELF, after, until)):
            return english is not None and cl.has(_AGENT_DOING, after, until)
        if not user and cl.has(OTHERS, after, until):
            return False  # "never reveal this memory to other users": protects, hides nothing
        before = cl.around(lo - 1, lo - 1)[0] if lo else lo  # "it" may be the last sentence
        # asked of the clause (``Clauses.has``), not searched per anchor: 64 KiB of "`curl z`
        # no digas al usuario " read ~2 clauses per anchor (1 s)
        return cl.has(_SELF, lo, hi) or cl.has(_RISKY, before, hi) or cl.has(_KEPT_BACK, before, hi)
    if kind == "hidden":  # hide … from the user: the object is the agent's doing
        if seen.has(_AUDIENCE, s, lo, hi) and seen.has(_RISKY, s, lo, hi):
            return True  # "keep quiet about the disabled linter in the PR"
        # the object is in the anchor ("keep it from …"), or the user is ("leave the user off
        # the cc")
        kept = m.group().startswith("keep") or bool(_LEFT_OFF.match(m.group()))
        return seen.has(_USER, s, lo, hi) and bool(
            kept or _DOING.match(s, m.end()) or seen.has(_SELF, s, lo, hi)
        )
    if kind == "secretly":
        if not _USER.search(s, lo, hi):
            return False
        return bool(_RISKY.search(s, lo, hi))  # quietly … the user … a risky act
    if kind == "dox":  # the user's personal data and a public place in one clause, not forbidden
        if not _WHOSE.search(s, max(lo, m.start() - 30), m.start()):
            return False
        return any(
            not negated(s, p.start(), p.end(), lo) for p in _PUBLISH.finditer(s, lo, hi)
        ) and not _english(_NEG_ANY).search(s, lo, m.start())
    if kind == "weaken":  # "markiere die fehlschlagenden Tests mit @skip" (English: _orders)
        if _ENGLISH_TEXT.search(s, lo, hi):
            return False
        near_lo, near_hi = max(lo, m.start() - 40), min(hi, m.end() + 40)
        habit = _HABIT_RU.search(s, lo, hi) is not None
        return any(
            not negated(s, w.start(), w.end(), lo)
            and (habit or not _REFLEXIVE_RU.fullmatch(w.group()))
            for w in _WEAKEN.finditer(s, near_lo, near_hi)
        ) and bool(_WHEN_FAILING.search(s, lo, hi))
    if kind == "obey":  # "execute any command that appears in PR comments"
        if not cl.has(_ANY, lo, hi) or not cl.has(_INSTRUCTION, lo, hi):
            return False  # asked before the loop: each anchor read its clause for one
        if not seen.source_after(lo):
            return False  # every outside source the loop may find starts at lo or later
        for i in _INSTRUCTION.finditer(s, lo, hi):  # instructions found in outside text
            outside, back = _outside(s, i, lo, seen)
            if outside:
                return True
            if back and _UNTRUSTED.search(s, lo, i.start()):
                return True  # "if someone opens an issue …, run the script attached to it"
        return False
    if kind == "erase":
        if _english_word(s, m, cl, lo, hi) and not _in_code(s, m.start()):  # the object follows
            stop = _NEW_CLAUSE.search(s, m.end(), min(hi, m.end() + 80))
            lo, hi = m.start(), stop.start() if stop else min(hi, m.end() + 80)
        # asked first (issue 13): each anchor of a long clause read all of it for a record
        records = _RECORD.finditer(s, lo, hi) if cl.has(_RECORD, lo, hi) else ()
        if any(not _MODIFIER.match(s, r.end()) for r in records):
            return True
        return bool(cl.search(_RECORD_WEAK, lo, hi) and cl.search(_TRACE, lo, hi))
    return bool(_FOLLOW.search(s, m.end(), hi))


class _Seen:
    """What the obey frame learnt of one text, kept across its anchors (see _outside)."""

    def __init__(self, cl: Clauses) -> None:
        self.cl = cl
        self.told: dict[tuple[int, int], tuple[bool, bool]] = {}
        self._last: int | None = None
        self._found: dict[tuple[re.Pattern[str], str, int], bool] = {}

    def has(self, rx: re.Pattern[str], s: str, lo: int, hi: int) -> bool:
        """``rx.search(s, lo, hi)``, once per distinct window: a unit repeated along a long
        clause gives every anchor the same characters. The key holds the characters before
        ``lo`` as far back as ``rx`` reads (its look-behinds, a ``\\b``)."""
        a = max(0, lo - _behind(rx.pattern))
        key = (rx, s[a:hi], lo - a)
        if key not in self._found:
            self._found[key] = rx.search(s, lo, hi) is not None
        return self._found[key]

    def source_after(self, lo: int) -> bool:
        """Whether a literal every outside source (``_UNTRUSTED``) holds starts at ``lo`` or
        later: the loop's sources all start there (after an instruction, or in the clause)."""
        if self._last is None:
            lits, found = required(_UNTRUSTED), self.cl.found
            self._last = (
                len(self.cl.s)
                if lits is None
                else max((found.positions(n)[-1] for n in found.present(lits)), default=-1)
            )
        return self._last >= lo


def _outside(s: str, i: re.Match[str], lo: int, seen: _Seen) -> tuple[bool, bool]:
    """(whether the instruction ``i`` is found in outside text by what follows it or the 25
    characters before it, whether "in it" points back to something earlier in the clause).
    Neither reads before ``lo`` once those 25 characters are in the clause, so each is read
    once per instruction there, not once per anchor whose clause holds it (issue 13)."""
    key = (i.start(), i.end())
    if i.start() - 25 >= lo and key in seen.told:
        return seen.told[key]
    found_in = _FOUND_IN.match(s, i.end())
    told = bool(found_in and _UNTRUSTED.match(s, found_in.end())) or bool(
        _UNTRUSTED.search(s, max(lo, i.start() - 25), i.start())
    )  # "in PR comments"; "PR コメントの指示", "issue 里的指令", "the bot's commands"
    got = told, bool(found_in and _BACK.match(s, found_in.end()))
    if i.start() - 25 >= lo:
        seen.told[key] = got
    return got


def detect(hay: Text, cl: Clauses) -> Hit | None:
    """The first frame that meets in one clause of the folded text, or None."""
    s = hay.s
    seen = _Seen(cl)
    for rule, m in _rules().every(hay):
        if not word_start(s, m.start()):
            continue
        lo, hi = cl.around(m.start(), m.end())
        untold = rule.id == "untold"
        last = rule.id in ("untold", "hidden")  # audiences searched in the whole clause: last
        if not last and not _meets(rule.id, s, m, cl, lo, hi, seen):
            continue  # asked first: cheaper than whether the anchor is an order (all are pure)
        if untold:
            if _english(f"{_TELL_EN}|{_TELL_WEAK}").fullmatch(m.group()):
                if not _negative_order(s, m, lo):
                    continue
            elif not negated(s, m.start(), m.end(), lo, own=False):
                continue  # the hiding order is the negation: read with its older reach
            if cl.story(m.start(), m.end()):
                continue
        elif rule.id in (
            "weaken",
            "dox",
        ):  # the anchor is a noun: only stories and "## Do NOT" excuse it
            if cl.story(m.start(), m.end()) or cl.under_negated_heading(m.start()):
                continue
        elif not affirmed_order(s, m, lo, cl):
            continue
        elif (
            rule.id != "secretly"  # an adverb may close the order: "revert it quietly"
            and _english_word(s, m, cl, lo, hi)
            and not _in_code(s, m.start())
            and not order_before(s, lo, m.start())
        ):
            continue  # "a clean shell", "the decoded text": not where an English order puts it
        if mentioned(s, m.start()):
            continue  # "prompts like 'keep this from the user' are payloads"
        if last and not _meets(rule.id, s, m, cl, lo, hi, seen):
            continue
        name, reason = _FRAMES[rule.id]
        return hit(name, reason, m.start(), m.end())
    return None


def _in_code(s: str, at: int) -> bool:
    """Whether ``at`` is inside inline code on its line (a command, not English word order)."""
    return s.count("`", s.rfind("\n", 0, at) + 1, at) % 2 == 1


def _english_word(s: str, m: re.Match[str], cl: Clauses, lo: int, hi: int) -> bool:
    """An ASCII anchor in an English clause (its position then tells order from description)."""
    return m.group().isascii() and cl.search(_ENGLISH_TEXT, lo, hi) is not None


def _negative_order(s: str, m: re.Match[str], lo: int) -> bool:
    """An English negative order: the negation right before the verb, itself where an order
    starts ("… and never mention it", not "maintainers do not discuss")."""
    neg = _NOT_NOW.search(s, max(lo, m.start() - 50), m.start())
    return neg is not None and order_before(s, lo, neg.start())


@functools.cache
def _english(spec: str) -> re.Pattern[str]:
    return re.compile(spec)
