"""Standing orders: a future-scoped rule that changes what the agent may do or whom it
trusts. (docs/design/guard.md)."""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ._build import branches, builder, prefixes, word_start
from ._clause import OTHERS, REACH, Clauses, mentioned, negated
from ._engine import Rule, RuleSet, Text

BLOCK, GREY = 3, 2

_SCOPE = (
    r"\bfrom now on\b|\bgoing forward\b|\bhenceforth\b|\bhereafter\b|\bfrom this point\b|\bfrom "
    r"(?:today|here) on\b|\b(?:in|for) (?:all|every|any) (?:future|subsequent|later|new|other) \w+|"
    r"\bfor (?:all|every) future\b|\bin future (?:sessions|conversations|chats|runs)\b|"
    r"\bpermanent(?:ly)?\b|\bstanding (?:order|instruction|rule|approval)\b|\bevery (?:time|"
    r"session|run|conversation|chat|task)\b|\bwhenever\b|\bat the (?:start|beginning) of (?:every|"
    r"each)\b|\buntil (?:told|instructed) otherwise\b|\bforever\b|\bno longer\b|\bfor the rest "
    r"of\b|\bacross (?:all )?sessions\b",
    r"以后|今后|从现在起|从现在开始|从今以后|从今往后|往后|每次|每一次|始终|永久|永远|一律|"
    r"后续所有|所有后续",
    r"今後|これから|以後|以降|毎回|常に|いつも|永久に|ずっと|すべてのセッション",
    r"앞으로|지금부터|이제부터|항상|매번|모든 세션|영구적으로",
    r"впредь|отныне|с этого момента|с этих пор|всегда|каждый раз|во всех "
    r"(?:будущих |последующих )?(?:сессиях|разговорах|диалогах)|навсегда|постоянно|больше не",
    r"a partir de ahora|de ahora en adelante|en adelante|desde ahora|siempre|cada vez|en (?:todas "
    r"las|cada) (?:sesi[oó]n|sesiones|conversaci[oó]n|conversaciones)|permanentemente|ya no",
    r"désormais|dorénavant|à partir de maintenant|à l'avenir|toujours|chaque fois|"
    r"dans (?:toutes les|chaque) (?:sessions?|conversations?)|en permanence|ne \w+ plus|"
    r"(?:règle|préférence|consigne)s? durables?",
    r"ab sofort|von nun an|ab jetzt|künftig|zukünftig|in zukunft|immer|jedes mal|in (?:allen|"
    r"jeder) (?:künftigen |zukünftigen )?(?:sitzung|gespräch)\w*|dauerhaft|nicht mehr",
    r"d'ora in poi|d'ora in avanti|da ora in poi|da adesso in (?:poi|avanti)|in futuro|sempre|"
    r"ogni volta|in (?:tutte le|"
    r"ogni) (?:sessioni?|conversazioni?)|non più",
    r"a partir de agora|de agora em diante|daqui em diante|toda vez|em (?:todas as|"
    r"cada) (?:sess(?:ões|ão)|conversas?)|não mais",
    r"bundan sonra|bundan böyle|artık|her zaman|her seferinde|kalıcı\b",
    r"từ nay(?: về sau)?|từ giờ|từ bây giờ|luôn luôn|mỗi lần|vĩnh viễn|من الآن(?: فصاعد\S*)?|"
    r"دائم\S*|في كل (?:جلسة|مرة)|अब से|हमेशा|हर (?:सत्र|बार)|स्थायी|vanaf nu|voortaan|altijd|"
    r"elke keer|in elke sessie|permanent",
    r"mulai (?:sekarang|saat ini|hari ini)|seterusnya|untuk selanjutnya|setiap (?:kali|sesi)|"
    r"secara permanen|aturan tetap",
    r"od (?:teraz|tej pory|dziś|dzisiaj|tego momentu)|odtąd|na stałe|zawsze|za każdym razem|"
    r"w (?:każdej|kolejnych|przyszłych) (?:sesji|sesjach|rozmowie|rozmowach)|we wszystkich "
    r"(?:przyszłych |kolejnych )?(?:sesjach|rozmowach)|już nie",
    # round 39: uk, el, he, fa, ro, hu, sw, th and hi "आगे से"
    r"надалі|відтепер|від тепер|з цього моменту|щоразу|у кожній сесії|"
    r"από (?:εδώ και )?(?:πέρα|τώρα και (?:στο )?εξήσ)|στο εξήσ|κάθε φορά|σε κάθε συνεδρία|"
    r"מעכשיו|מעתה|מהיום והלאה|בכל (?:פעם|סשן|שיחה)|از این به بعد|از حالا|"
    r"de acum (?:înainte|încolo)|de fiecare dată|mostantól|ezentúl|minden "
    r"munkamenetben|kuanzia sasa|tangu sasa|kila (?:mara|kikao)|ตั้งแต่นี้|ต่อจากนี้|ทุกครั้ง|आगे से",
)

_ASK = (
    r"(?:ask(?:s|ed|ing)?|check\w* (?:with|in)\b|loop\w* in|clear\w* (?:it |this |that )?with|"
    r"(?:re-?)?verify\w* (?:\w+ )?with|confirm(?:s|ed|ing)?|consult\w*|prompt(?:ing)? (?:the user|"
    r"me|for)|wait\w* for (?:the user'?s? |my |an? )?(?:approval|confirmation|permission|consent|"
    r"sign-?off|go-ahead|answer|reply|ok))"
)
_CONSENT = (
    r"(?:confirmation|approval|permission|consent|review|sign-?off|authori[sz]ation|verification|"
    r"second opinion)"
)
_PERM = (
    # round 35: "stop asking", the person or a verb between the drop and its object, "need
    # no confirmation" and authority delegated, in the other languages of the lexicon
    r"\bdeja de (?:preguntar|pedir|consultar)\w*|\barrête\w* de (?:me |lui )?(?:demander|"
    r"consulter)|\bhör\w* auf,? (?:mich |uns )?(?:\S+ ){0,6}?(?:zu )?(?:fragen|nachzufragen)\b|"
    r"\bsmetti\w* di chieder\w*|\b(?:pare|para|deixe) de (?:me )?pergunt\w*|(?:перестань|хватит) "
    r"(?:меня )?спрашива\w*|sormayı bırak|\bberhenti (?:bertanya|menanyakan)|đừng hỏi (?:tôi|lại)|"
    r"\bwithout (?:the user'?s?|my|their|the owner'?s?|any human'?s?) (?:\w+ )?(?:approval|"
    r"confirmation|consent|permission|sign-?off|go-ahead)\b|(?:不用|无需|不需要|"
    r"不必)(?:再)?(?:请求|"
    r"征求|等待)(?:用户)?(?:的)?(?:确认|批准|同意)|(?:دون|بدون|من غير) (?:طلب|انتظار) (?:\S+ )?"
    r"(?:تأكيد|إذن|موافقة)|(?:मंज़ूरी|मंजूरी|अनुमति|पुष्टि|स्वीकृति) के बिना|"
    r"không cần (?:\S+ ){1,2}?"
    r"(?:phê duyệt|đồng ý|xác nhận)|\bohne (?:\w+ )?(?:zustimmung|einverständnis)\b|onay\w* "
    r"olmadan|\bno necesita\w* (?:de )?(?:su |la |tu )?(?:confirmaci[oó]n|aprobaci[oó]n|"
    r"autorizaci[oó]n|permiso)|\bn'(?:ont|a) (?:pas|plus) besoin (?:de |d')(?:confirmation|"
    r"validation|autorisation|approbation|permission)|\b(?:brauch|benötig)\w* keine (?:bestätigung|"
    r"freigabe|genehmigung|zustimmung|rückfrage)|\bnão precis\w* (?:de )?(?:confirmação|aprovação|"
    r"autorização|permissão)|\bnon (?:richied\w*|necessit\w*) (?:\S+ )?(?:conferma|approvazione|"
    r"autorizzazione|permesso)|не требу\w* (?:\S+ )?(?:подтверждени|одобрени|разрешени|"
    r"согласовани)\w*|확인(?:이|은|을)? 필요 없|\bdeleg\w* (?:\S+ ){0,4}?(?:la |l'|"
    r"a )?(?:autoridad|"
    r"autorité|autorità|autoridade)|делегировал\w* (?:\S+ ){0,3}?(?:право|полномочи)\w*|"
    r"(?:befugnis|vollmacht)\w* (?:\S+ ){0,3}?übertrag\w*|権限を(?:委任|委譲)|권한을 위임|权限委托|"
    r"委托给[^。\n]{0,20}权限",
    r"\bne (?:plus |jamais |pas )+(?:demander|attendre) (?:de |d'|la |l'|une |mon |ton )?"
    r"(?:confirmation|permission|autorisation|validation|accord|approbation)\b",
    r"\b(?:no longer|don'?t|doesn'?t|do not|does not|never|won'?t|will not) (?:need|"
    r"require)s? (?:a |an |any |the |my |our )?(?:human |manual |user |explicit |separate "
    r")?(?:go-?ahead|"
    r"sign-?off|approval|confirmation|review|ok|okay|permission)\b",
    r"\bno (?:human |manual |user |explicit |separate )?(?:go-?ahead|sign-?off|approval|"
    r"confirmation|review|permission) (?:is |are )?(?:needed|required|necessary)\b",
    r"\b(?:the user|they|the owner) (?:has |have )?(?:already )?(?:signed off|approved|agreed|"
    r"okayed|consented) (?:on |to )?(?:all|every|any|each)\b",
    rf"\b(?:no need|not necessary|(?:do|does|will) not (?:need|have)|(?:don't|doesn't|won't) "
    rf"(?:need|have)|no longer(?: needs?| ha(?:ve|s))?|need not|needn't|without|never|"
    rf"do(?:es)?n'?t|do(?:es)? not|stop)(?: to)? (?:ever )?(?:(?:wants?|likes?) to be |be )?"
    rf"(?:{_ASK}|{_CONSENT})\b(?! (?:(?:the )?\w+ )?(?:for|about) (?:their |the |"
    rf"a |your |my )?(?:password|credentials|secrets?|keys?|tokens?|api)\b)",
    rf"\b(?:skip\w*|bypass\w*|omit\w*|waiv\w*|disabl\w*|turn\w* off|ignor\w*|suppress\w*) (?:the |"
    rf"any |all |every |these |those |your )?(?:\w+ )?{_CONSENT}",
    r"\bpre-?(?:approv|authori[sz]|clear|confirm)\w*|\bauto-?approv\w*|\b(?:is|are|was|has been|"
    r"been) waived\b|\bwaiv(?:e|es|ed|ing) (?:the |any |all |this |that |"
    r"its )?(?:\w+ )?(?:confirmation|approval|review|check|requirement|step|permission)|"
    r"\bdelegat\w* (?:\w+ ){0,2}(?:review|approval|authority|permission|sign-?off)s?\b|"
    # the match ends at the verb: what is taken as approved is the object that scores
    r"\b(?:interpret|treat|take|count|consider|read|regard)\w*(?= (?:\S+ ){0,7}?as (?:an? |the |"
    r"being |already |the user'?s |their |my )?(?:approv\w*|pre-?approv\w*|consent\w*|permission|"
    r"permitted|authori[sz]\w*|a yes|confirm\w*|go-ahead|sign-?off|signed off)\b)|\bthe user "
    r"(?:has |have )?(?:already |permanently |explicitly )?(?:authori[sz]ed|approved|allowed|"
    r"permitted|delegated|waived|consented)\b|\b(?:turn\w* off|disabl\w*|skip\w*|remov\w*) (?:the "
    r")?['\"‘“]?(?:ask|confirm|approv)\w*|\b(?:review|approval|confirmation|safety|security|"
    r"sign-?off)(?: review)?(?: step| check| process| gate)? (?:is|are) (?:now )?(?:(?:not|no "
    r"longer) (?:needed|required|necessary)|optional|unnecessary)\b|no (?:pidas|pida|solicites|"
    r"esperes) (?:\w+ )?(?:confirmaci[oó]n|permiso|aprobaci[oó]n)|ne (?:demande|demandez) (?:pas|"
    r"plus) (?:de )?(?:confirmation|permission|autorisation)|frag\w* (?:\w+ )?nicht (?:mehr "
    r")?(?:nach|um)|\bnicht mehr (?:nach|rück)?fragen\b|non chiedere (?:più )?(?:conferma|"
    r"permesso)|"
    # "no longer need to ask" in other languages: a negated need + asking or a consent noun
    r"(?:brauch|muss|müss)\w* (?:\w+ ){0,10}?(?:nicht|nie|keine?) (?:mehr )?(?:\w+ "
    r"){0,3}?\w*(?:frag|bestätig|erlaubnis|zustimmung|freigabe|genehmigung)\w*|(?:brauch|"
    r"benötig)\w* "
    r"(?:du |sie )?(?:meine|unsere) (?:zustimmung|erlaubnis|freigabe|genehmigung|bestätigung) "
    r"nicht "
    r"mehr|(?:keine?|nicht) "
    r"(?:\w+ )?(?:bestätigung|erlaubnis|zustimmung|freigabe|genehmigung|rückfrage)\w* (?:mehr "
    r")?(?:nötig|notwendig|erforderlich)|(?:plus|pas|jamais) besoin d(?:e |')(?:\w+ "
    r"){0,2}?(?:demander|confirm\w*|permission|autorisation|valid\w*|approbation|accord|aval|feu "
    r"vert)|(?:ya )?no "
    r"(?:necesitas?|necesitáis|hace falta|es necesario|tienes que|tiene que|hay que) (?:\w+ "
    r"){0,2}?(?:pedir|preguntar|consultar|confirm\w*|permiso|autorizaci[oó]n|aprobaci[oó]n)|non "
    r"(?:ti |vi )?(?:serve|c'è bisogno di|hai bisogno di|devi|è necessario) (?:più )?(?:\w+ "
    r"){0,2}?(?:chiedere|"
    r"conferm\w*|permesso|autorizzazione|approvazione)|(?:não|nao) (?:precisa\w*|é necessário|tem "
    r"que|tens de) (?:mais )?(?:de )?(?:\w+ ){0,2}?(?:pedir|perguntar|confirm\w*|permissão|"
    r"autorização|aprovação)|(?:não|nao) (?:peça|pergunte|solicite) (?:\w+ )?(?:confirmação|"
    r"permissão|autorização)|не (?:спрашивай|проси|запрашивай) (?:\w+ )?(?:подтверждени|разрешени|"
    r"согласи)\w*|不要(?:再)?(?:问我|询问|请求确认|征求同意)|確認を求めない|聞かないで|묻지 마|"
    r"확인하지 마|(?:считай|воспринимай|расценивай)\w* (?:это|его) (?:как )?(?:разрешени|согласи|"
    r"одобрени|подтверждени)\w*|(?:tómalo|tomalo|considéralo|interprétalo) como (?:una "
    r")?(?:aprobaci[oó]n|autorizaci[oó]n|permiso)|considère\w*[- ]le comme (?:une )?(?:approbation|"
    r"autorisation)|(?:werte|betrachte)\w* (?:das|es) als (?:zustimmung|freigabe|genehmigung)|"
    r"(?:视为|当作|当成|理解为)(?:同意|批准|授权|确认)|(?:承認|許可|同意)(?:と|として)(?:みなし|"
    r"扱)|"
    r"(?:確認|承認)済み(?:と|として)(?:みなし|扱)|\bapproved in advance\b|"
    r"\balready (?:been )?(?:approved|authori[sz]ed|confirmed)\b|"
    r"\bblanket (?:approval|permission|consent)\b|\bimplicit(?:ly)? (?:approved|consent\w*)\b|"
    r"\bstanding (?:approval|permission|consent)\b|\banswer\w* yes to (?:every|any|all|each)\b|"
    r"\banswer\w* (?:them|these|those|all of them|each one) (?:with )?(?:a )?(?:yes|y)\b|"
    # an act declared allowed from now on ("force-pushing to main is allowed from now on")
    r"\b(?:is|are) (?:now )?(?:allowed|permitted)(?= (?:from now on|going forward|henceforth))|ist "
    r"(?:ab sofort|ab jetzt|künftig) erlaubt|est désormais (?:autorisée?|permise?)|(?:est[aá]|"
    r"queda) permitid[oa] (?:a partir de ahora|desde ahora)|"
    # consent given in the user's name (the name itself is the risky object that scores)
    r"\b(?:answer|reply|respond|say|click)\w* (?:with )?['\"‘“]?(?:yes|y|allow|approve)['\"’”]?(?= "
    r"on (?:the user'?s?|their|his|her) behalf\b)|(?:responde|contesta)\w* (?:que )?s[ií](?= en "
    r"nombre)|répond\w* (?:par )?oui(?= au nom)|(?:antworte|bestätige)\w* (?:mit ja )?(?=im namen)|"
    r"rispond\w* (?:di )?sì(?= a nome)|respond[ae]\w* (?:que )?sim(?= em nome)|(?:回答|点击|选择)"
    r"[“「]?(?:允许|同意|是)[”」]|「(?:はい|許可)」と(?:答え|回答|返)|"
    r"\bassum\w* (?:the answer is |that (?:the user|they) (?:said|says|would say|agreed?) )?(?:yes|"
    r"approv\w*|consent\w*)\b",
    r"\b(?:it|the agent|agents|the assistant|bots) (?:may|can) (?:now |freely |"
    r"also )?(?:\w+ ){0,2}?(?:any|all|every)\b",
    r"\b(?:you are|you're|the (?:agent|assistant) is|you have been) (?:now |hereby |fully |"
    r"also )?(?:authori[sz]ed|allowed|permitted|cleared|free|entitled) to\b",
    r"\b(?:you have|you've got|(?:has|have) been (?:given|granted)|grant(?:ed|"
    r"s)? you) (?:\w+ )?(?:permission|access|authority|clearance|rights)\b",
    r"\b(?:at|on|using) (?:your|their|its) own (?:discretion|judge?ment|initiative)\b|\bwhenever "
    r"you (?:want|like|wish|see fit)\b|\bcuando quieras\b|\bquand (?:tu veux|vous voulez)\b|\bwann "
    r"immer du (?:willst|möchtest)\b|\bquando (?:quiser|vuoi)\b",
    r"\bno questions asked\b|\byou (?:may|can) (?:now |freely |also )?(?:\w+ ){0,2}?(?:any|all|"
    r"every)\b|\b(?:auto(?:matically)?[- ]?)?approv\w* (?:all|any|every|"
    r"each) (?:\w+ ){0,3}?(?:tool calls?|requests?|commands?|actions?|prs|pull requests|changes|"
    r"deploys?|payments?|transfers?)\b",
    r"\b(?:consent|approval|permission) (?:is|has been|was) (?:given|granted|implied|assumed)\b",
    r"(?:无需|不需要|不用|不必|无须|免去?|跳过|省略|不再需要)(?:再|先)?(?:(?:向|跟|和|"
    r"与)?用户)?(?:确认|询问|请示|"
    r"批准|审批|同意|许可|审核|授权|征求|问)|已(?:经)?(?:预先|提前)?(?:批准|授权|同意)|自动(?:批准|"
    r"同意|确认|通过)|直接执行|有权(?:直接)?|被授权|获得授权|预先授权",
    r"確認(?:は|を)?(?:不要|せずに|しないで|なしで|省略|スキップ|は要りません|"
    r"は必要ありません)|許可(?:は|を)?(?:不要|取らずに|得ずに|なしで|は必要ありません)|承認(?:は|"
    r"を)?(?:不要|済み|なしで)|事前承認|自動承認|尋ねずに|聞かずに|確認を求めず|(?:確認|許可|"
    r"承認)(?:する|を取る|を得る|を求める)?必要(?:は|が)?(?:ない|ありません)|(?:許可|承認)済み|"
    r"(?:確認|許可|承認)(?:し|を取ら|を得|を求め)?なくて(?:も)?(?:よい|いい|良い|構わない|大丈夫)|"
    r"自動(?:的に|で)[「『\"]?(?:許可|承認|同意|はい)",
    r"확인(?:을|은)? ?(?:없이|하지 말고|필요 없|생략)|"
    r"(?:묻|확인하|확인받|허락받)지 않아도|"
    r"(?:묻|물어보|확인하|확인받|허락받|승인받)지 않고|허락(?:을|은)? ?(?:없이|받지 않고|필요 없)|"
    r"승인(?:을|은)? ?(?:없이|필요 없)|미리 승인|사전 승인|자동 승인|묻지 (?:말고|않고|말 것)",
    r"без (?:подтверждени|разрешени|согласовани|вопрос|спрос|одобрени)\w*|не (?:нужно|надо|"
    r"должн?\w*|обязан\w*|требуется) (?:спрашивать|подтверждать|просить|"
    r"согласовывать)(?!,? как(?:ой|ая|ое|ие|ую)\b)|не (?:спрашивай|запрашивай|уточняй)\w*|"
    r"заранее (?:одобрен|разрешен|согласован)\w*|автоматически (?:одобря|подтвержда)\w*|(?:тебе|"
    r"вам) разрешено|у (?:тебя|вас) есть (?:полн\w* )?(?:права|разрешение|доступ)",
    r"sin (?:pedir |solicitar |esperar )?(?:confirmaci[oó]n|permiso|aprobaci[oó]n|preguntar|avisar|"
    r"consultar|autorizaci[oó]n|revisi[oó]n)(?:me|nos|le|les)?|"
    r"el usuario (?:ya )?(?:autoriz|aprob)\w*|"
    r"pre-?aprobad\w*|aprobad\w* de antemano|autorizad\w* (?:previamente|de antemano)|tienes "
    r"(?:permiso|autorizaci[oó]n)|est[aá]s autorizad\w*",
    r"sans (?:demander|confirmation|autorisation|permission|validation|approbation|me demander|"
    r"vérification|vérifier|relecture|revue)|l'utilisateur a (?:déjà )?(?:autorisé|approuvé)|"
    r"inutile de (?:demander|confirmer)|pré-?approuvé\w*|approuvé\w* d'avance|autorisé\w* "
    r"(?:d'avance|à l'avance)|tu (?:as|es) (?:la permission|l'autorisation|autorisé)|vous (?:avez|"
    r"êtes) (?:la permission|l'autorisation|autorisé)",
    r"ohne (?:nachzufragen|rückfrage|bestätigung|erlaubnis|genehmigung|zu fragen|freigabe)|keine "
    r"(?:bestätigung|rückfrage|genehmigung|freigabe) (?:mehr )?(?:nötig|erforderlich|einholen)|"
    r"vorab (?:genehmigt|freigegeben)(?! werden)|"
    r"bestätigung\w* (?:\w+ )?überspring\w*|"
    r"automatisch genehmig\w*|du darfst|sie dürfen|bist (?:berechtigt|autorisiert)",
    r"senza (?:chiedere|conferma|permesso|autorizzazione|approvazione)|pre-?approvat\w*|"
    r"approvat\w* in anticipo|hai (?:il permesso|l'autorizzazione)|sei autorizzat\w*",
    r"sem (?:pedir|perguntar|confirma[cç][aã]o|permiss[aã]o|autoriza[cç][aã]o|aprova[cç][aã]o|"
    r"revis[aã]o)|pré-?aprovad\w*|aprov\w* automaticamente|automaticamente aprov\w*|aprueb\w* "
    r"automáticamente|approuve\w* automatiquement|approva\w* automaticamente|(?:usuário|usuario) "
    r"(?:já )?autoriz\w*|aprovad\w* (?:previamente|antecipadamente)|(?:tem|têm) permiss[aã]o|"
    r"est[aá] autorizad\w*",
    r"sorma(?:dan|yın)?\b|onay (?:almadan|beklemeden|gerekmez|istemeden)|izin (?:almadan|istemeden|"
    r"gerekmez)|önceden onayl\w*|otomatik onayla\w*|yetkilisin",
    r"không cần (?:hỏi|xác nhận|xin phép)|mà không (?:hỏi|xác nhận)|"
    r"(?:ولا|لا) تطلب (?:\S+ )?(?:تأكيد|إذن|موافقة)|"
    r"(?:دون|بدون|من غير) (?:تأكيد|إذن|سؤال|موافقة)|बिना (?:पुष्टि|अनुमति|पूछे|स्वीकृति)|"
    r"zonder (?:te vragen|bevestiging|toestemming|overleg)|niet (?:meer )?(?:te )?(?:vragen|"
    r"bevestigen)|vooraf goedgekeurd",
    # "without asking (me)" with the person asked in between, and "no need to ask" where the
    # lexicon lacked the asking verb (round 24)
    r"ohne (?:mich|uns|jemanden|den (?:nutzer|benutzer)|die nutzerin) (?:vorher |erst |noch )?"
    r"(?:zu )?(?:fragen|konsultieren)|ohne (?:vorher )?rückzufragen|sans (?:me |nous |lui |leur )"
    r"(?:demander|consulter)|sans (?:consulter|l'accord)\b|sem (?:me |nos |lhe )(?:consultar|"
    r"perguntar|pedir)|sem consultar\b|senza (?:chieder(?:mi|melo|glielo|lo)|consultar(?:e|mi))\b|"
    r"не (?:спрашивая|уточняя|согласовывая|запрашивая)\b|"
    r"(?:聞く|尋ねる|相談する|確認を取る)必要(?:は|が)?(?:ない|ありません|なし)|"
    r"물어(?:볼|봐야 할) 필요(?:가|는)? 없|물어보지 (?:않아도|말고|않고)|"
    r"sor(?:man|manız)(?:a|ıza)? gerek(?:miyor|\s*yok)|"
    r"(?:पूछने|अनुमति लेने|पुष्टि करने|पुष्टि) की (?:कोई )?(?:ज़रूरत|जरूरत|आवश्यकता) नहीं|"
    r"لا (?:داعي|حاجة)[^.\n،]{0,12}?(?:تسأل|السؤال|سؤال|تستأذن|الاستئذان|إذن|تأكيد)|"
    r"tanpa (?:bertanya|tanya|menanyakan)\b|(?:tidak|tak) (?:perlu|usah) (?:lagi )?(?:bertanya|"
    r"tanya)\b",
    # id: no need to ask or confirm, approved beforehand
    r"(?:jangan|tidak perlu|tak perlu|tidak usah|tanpa) (?:lagi )?(?:minta |meminta |tanya |"
    r"bertanya |menunggu )?(?:konfirmasi|izin|persetujuan)|dianggap (?:sudah |telah )?disetujui|"
    r"disetujui sebelumnya",
    r"nie (?:musisz|trzeba|potrzebujesz) (?:już |więcej )?(?:\w+ ){0,2}?(?:pytać|prosić|"
    r"potwierdz\w*|zgod\w*|pozwoleni\w*|akceptacj\w*)|bez (?:pytania|zgody|potwierdzenia|"
    r"pozwolenia|akceptacji)|nie pytaj (?:\w+ )?o (?:zgodę|pozwolenie|potwierdzenie)",
    # round 29: approval granted ahead of time, a right to act, the agent acting on its own (a
    # risky or universal object still has to raise the score)
    r"\bpre-?granted\b|\b(?:granted|given) in advance\b|\bcarte blanche\b|\bcarta (?:blanca|"
    r"bianca|branca)\b|\b(?:you have|you've got|tu as|vous avez|tienes|hai|du hast) (?:the right|"
    r"le "
    r"droit|derecho|il diritto|das recht) (?:to|de|d'|a|di|zu)\b|"
    r"\b(?:the agent|the assistant|you|it) (?:may|can|is allowed to|are allowed to) (?:\w+ "
    r"){1,6}?on (?:its|your) own\b|"
    r"확인(?:할|하실|받을) 필요(?:가|는)? 없|"
    r"(?:无需|不需要|不用|不必|无须)(?:经过|征得|得到|等)?我(?:的)?(?:同意|批准|确认|许可|授权)|"
    r"не нужн\w* (?:\w+ )?(?:мо[ёея]\w* )?(?:разрешени|подтверждени|согласи|одобрени)\w*|"
    r"(?:izin|onay) (?:alman\w*|istemen\w*|beklemen\w*) gerek (?:yok|kalmadı)|"
    r"\bdon'?t bother (?:me )?with (?:confirmations?|approvals?)\b|"
    r"\bl'agente può (?:\w+ ){1,6}?da solo\b|\bo agente pode (?:\w+ ){1,6}?por conta própria\b|"
    r"\bel agente puede (?:\w+ ){1,6}?por su cuenta\b|\bl'agent peut (?:\w+ ){1,6}?de (?:lui-même|"
    r"son propre chef)\b|\bder agent darf (?:\w+ ){1,6}?(?:eigenständig|von sich aus)\b|"
    r"\b(?:you are|you're) (?:now )?trusted to\b|\bne demande(?:z)? (?:pas|plus)\b(?! (?:de |"
    r"d')?(?:aide|"
    r"conseil))|確認も不要|\b(?:the assistant|the agent) (?:has|gets) (?:\w+ "
    r")?(?:permission|clearance|authority) to\b|"
    r"\bnicht (?:noch ?mal|nochmals|erneut) (?:nach)?fragen\b|(?:네가|니가|너가) 알아서|\bdecidi "
    r"(?:tu )?da solo\b|\bentscheide (?:du )?(?:selbst|allein)\b|\bdécide (?:tout )?seul\b|"
    r"\bdecide "
    r"(?:tú )?solo\b|\bdecida sozinho\b",
    # round 39: "don't ask (me) for approval", "without asking", "no need to ask" where the
    # lexicon lacked the language or the form (uk, el, he, fa, ro, hu, sw, th; hi, zh, es)
    r"(?:не (?:питай|запитуй|проси) (?:\S+ )?(?:дозв|підтвердж|згод|схвал)\w*|без (?:дозволу|"
    r"підтвердження|погодження|схвалення)|не питаючи|не потрібно (?:\S+ )?(?:питати|"
    r"підтверджувати|погоджувати)|χωρίς (?:να ρωτήσεις|να ρωτάς|επιβεβαίωση|άδεια|έγκριση)|"
    r"μη(?:ν)? ζητάς (?:\S+ )?(?:άδεια|επιβεβαίωση|έγκριση)|"
    r"δεν χρειάζεται (?:\S+ ){0,2}?(?:να ρωτ\w*|επιβεβαίωση|έγκριση|άδεια)|(?:אל|"
    r"לא) (?:צריך )?(?:תבקש|לבקש|תשאל|לשאול) (?:\S+ ){0,2}?(?:אישור|רשות)|(?:בלי|ללא) (?:לבקש |"
    r"לשאול )?(?:אישור|רשות)|אין צורך (?:\S+ ){0,2}?(?:לבקש|לשאול|באישור)|(?:لازم|"
    r"نیازی) نیست(?= (?:\S+ ){0,8}?(?:بپرسی\S*|اجازه|تأیید|تایید))|بدون (?:پرسیدن|اجازه|تأیید|"
    r"تایید)|fără (?:să (?:mai )?(?:întrebi|ceri)|confirmare|aprobare|permisiune)|"
    r"nu (?:mai )?(?:cere|întreba) (?:\S+ )?(?:confirmare|permisiune|aprobare)|(?:kérdezés|"
    r"engedély|jóváhagyás|megerősítés) nélkül|ne kérj (?:\S+ )?(?:engedélyt|jóváhagyást|"
    r"megerősítést)|bila (?:kuuliza|kuomba ruhusa|idhini|ruhusa|kuthibitisha)|"
    r"ไม่ต้อง(?:ขอ)?(?:อนุญาต|ยืนยัน|ถาม|อนุมัติ)|पूछे बिना|(?:अनुमति|मंज़ूरी|मंजूरी|"
    r"पुष्टि) लिए बिना|(?:不需要|无需|不用|不必)再?(?:向|跟)[^。，,\n]{1,8}?(?:确认|请示|询问)|"
    r"获得(?:长期|永久|全部)授权)"
    # … unless narrowed in the next words ("μόνο για", "лише для", "רק ל", "فقط برای", "doar")
    r"(?!(?:[^.;\n]|\.(?=\S)){0,60}(?:μόνο|лише|тільки|רק|فقط|doar|numai|csak|\btu\b|เฉพาะ|केवल|"
    r"सिर्फ़|仅|只))"
    r"|"
    r"no me (?:pidas|pida|solicites) (?:\w+ )?(?:confirmaci[oó]n|permiso|aprobaci[oó]n)",
)
_SOURCE = (
    r"(?:instructions?|commands?|messages?|requests?|content|text|emails?|comments?|input|output|"
    r"responses?|anything|whatever|orders|directives|notes|tasks?)"
)
_AS_USER = (
    r"(?:the user|i|you|the (?:\w+ )?owner|me|they|it) (?:had |have |has )?(?:typed|written|wrote|"
    r"said|sent|given|gave|asked|requested|came from|come from|issued)"
)
# Sources whose text must never gain the user's authority.
_UNTRUSTED = (
    r"(?:any|every|all|each|other|external|third-party|untrusted|incoming|remote|retrieved|fetched|"
    r"downloaded|scraped)\b|web ?pages?|websites?|pages|sites|urls?|links?|search results|(?:tool|"
    r"command|api|shell) (?:output|results?|responses?)|tool results?|issues?(?! (?:templates?|"
    r"tracker|forms?|labels?|numbers?|titles?|types?))|(?:issue |pr |code )?comments?|"
    r"pull requests|prs\b|e-?mails?|messages?|tickets?|chats?|slack|discord|\b\w+ files\b|"
    r"files (?:named|called|in)|documents|readmes\b|readme files|html|bots?\b|other agents|repos|"
    r"repositories|dependencies|packages|docstrings|commit messages|logs"
)
_INSTRUCTION = r"(?:instruction|command|order|directive|request|task|step)"
_TRUST = (
    r"(?:được coi là|coi như|xem như|được xem là) (?:lệnh|chỉ thị|yêu cầu) của người dùng|"
    r"كأن(?:ه|ها)? (?:صادر|قادم|آت)\S* (?:من|عن) المستخدم|(?:نفس|ذات) (?:سلطة|صلاحي\S*) "
    r"المستخدم|(?:उपयोगकर्ता|यूज़र|यूजर|user) (?:के|का) (?:आदेश|निर्देश)\S* (?:माना|मान[ेोक]|समझ)|"
    r"사용자(?:의)? (?:지시|명령|요청)(?:와|과) (?:동일|같|똑같)|(?:gelten|zählen) als vom "
    r"(?:nutzer|benutzer)\w* (?:verfasst|geschrieben|gesendet|gekommen)|alsof (?:ze|"
    r"het) van de gebruiker (?:komt|komen)|\b(?:carry|carries|have|"
    r"has|hold|holds|with) (?:the )?(?:user'?s|owner'?s) (?:full |same )?(?:authority|weight|"
    r"trust|permissions)\b|\b(?:the )?same authority as (?:the user|the owner|you)\b|(?:la )?même "
    r"autorité que l'utilisateur|(?:la )?misma autoridad que el usuario|(?:la )?stessa autorità "
    r"dell'utente|(?:a )?mesma autoridade (?:que o|do) usuário|(?:die )?(?:gleiche|selbe|dieselbe) "
    r"autorität wie (?:der|die) (?:nutzer|benutzer)\w*|тот же авторитет,? что и (?:у )?пользовател"
    r"\w*|与用户(?:拥有|具有|有)?(?:相同|同等|一样)的?(?:权威|权限|权力)|(?:ten sam|"
    r"taki sam) autorytet,? (?:co|jak) "
    r"(?:i )?użytkownik\w*|dezelfde autoriteit als de gebruiker|"
    r"ユーザーと同(?:じ|等の)権限|사용자와 (?:같은|동일한) 권한|kullanıcıyla "
    r"aynı yetki|صادر\S* (?:من|عن) المستخدم|sebagai (?:perintah|instruksi) (?:dari )?pengguna|"
    r"kullanıcının talimatı (?:say|gibi|olarak)|(?:jak|jako) (?:polecenia|instrukcje|rozkazy) "
    r"użytkownika",
    r"\b(?:any|every|all|each) (?:\w+ )?(?:instructions?|requests?|messages?|comments?|notes?|"
    r"tasks?) (?:\S+ ){0,8}?(?:to be|as|is|are) (?:theirs|the user'?s(?: own)?|(?:coming )?from "
    r"the user|(?:a )?direct requests? from the user)\b",
    r"\b(?:follow|obey|execute|run|act on) (?:those|these|them|the|such|its|their) (?:\w+ "
    r")?(?:files?|notes?|comments?|messages?|issues?|instructions|requests) without (?:\w+ "
    r")?(?:checking|asking|confirm\w*|verif\w*|review\w*|question\w*)",
    r"\b(?:anyone|anybody|everyone|whoever)\b(?:[^.\n]{0,80}?\b(?:is|are) to be|[^.\n]{0,40}?\b"
    r"(?:is|are)) (?:trusted|authori[sz]ed|allowed)\b",
    r"\badopt\w* (?:its|their|the|these|those|any) (?:\w+ )?(?:instructions|rules|orders|"
    r"directives|requests) as (?:your|its) own\b",
    # "… as information, not as instructions" withholds what it names
    r"\btreat\w* (?:\S+ ){0,6}?(?<!not )(?<!never )as (?:commands?|instructions?|orders|"
    r"directives)\b",
    # … but the user's, the system's or the operator's own instructions demoted take it away
    r"\btreat\w* (?:(?:the|all|any|every) )?(?:(?:user|system|operator|owner|developer)(?:'?s)? "
    r"(?:own )?(?:\w+ )?(?:instructions?|messages?|requests?|commands?|prompts?|orders|"
    r"directives|rules)|(?:instructions?|messages?|requests?|commands?|prompts?|orders) (?:from|"
    r"of|by) (?:the )?(?:user|system|operator|owner|developer)s?) as (?:mere |plain |untrusted "
    r")?(?:data|information|text|suggestions?|noise|content|input|untrusted)\b",
    r"\btrat\w* (?:las |los |a las |a los )?(?:instrucciones|mensajes|órdenes|peticiones|"
    r"indicaciones) del usuario como (?:simples )?(?:datos|información|texto|sugerencias)\b|"
    r"\btrait\w* (?:les )?(?:instructions|messages|consignes|demandes) de l'utilisateur comme "
    r"(?:des |de simples )?(?:données|informations|texte|suggestions)\b|"
    r"\bbehandle\w* (?:die )?(?:anweisungen|nachrichten|befehle) (?:des|der) (?:nutzers|"
    r"benutzers|nutzerin) als (?:bloße )?(?:daten|informationen|text)\b",
    r"\b(?:whenever|when|if) (?:a |the |any )?(?:tool (?:result|output)|web ?page|api response|"
    r"file|issue|comment|email|message|document|page|result|readme)s? (?:(?:contains?|includes?|"
    r"has|gives?) (?:an? |any )?(?:instruction|command|request|directive)s?|(?:tells?|asks?) you "
    r"to \w+(?: \w+){0,3}?),? (?:\w+ ){0,2}?(?:carry (?:it|them) out|follow|obey|execute|do (?:it|"
    r"so)|run (?:it|them)|act on)",
    r"\bauthori[sz]ed you to (?:act on|follow|obey|execute|carry out)\b",
    r"(?:comme|como|come|als|как) (?:si (?:elles |ils |fueran |vinieran |fossem |"
    r"venissero )?)?(?:venant|provenant|viniendo|vinieran|viessem|venissero|kämen|"
    r"исходящ\w*) (?:de|d'|del|do|da|von|от) ?(?:lui|elle|él|ella|ele|lei|ihm|ihr|него|неё|"
    r"l'utilisateur|usuario|usuário|utente)\b",
    r"(?:fais|fait|faites) (?:\w+ )?confiance aux (?:consignes|instructions|messages)|(?:そのまま|"
    r"原样|그대로) ?(?:実行|执行|실행)",
    r"\b(?:follow|obey|execute|carry out)\w* (?:its|their|the) (?:instructions|commands|"
    r"orders) (?:like|as) (?:the user'?s?|yours|you would the user'?s?)",
    r"\b(?:are|count as|should be treated as|become) (?:\w+ )?instructions from (?:the "
    r")?(?:operator|owner|admin\w*|developer|system)\b",
    r"\bthe (?:real|actual|true) (?:user|owner)\b[^.\n]{0,20}\bis\b|\bthe user is (?:actually|"
    r"really) ",
    r"\btrusts (?:\S+ ){0,8}?(?:as much as|like|the same as|as if (?:they|it) (?:were|came from)) "
    r"(?:their|his|her|the user'?s|your) own\b",
    r"\btrust (?:\w+ ){0,3}?(?:instructions?|commands?|messages?|requests?|emails?|comments?|"
    r"orders|directives|anything|whatever)\b",
    r"\bas (?:having|with|carrying|holding) (?:full |the |complete )?(?:admin\w* |root |owner'?s? |"
    r"user'?s? |maintainer )?(?:authority|rights|privileges|permissions|access)\b",
    rf"\b(?:as if|as though) {_AS_USER}\b",
    r"como si (?:fueran|vinieran|lo hubiera) (?:del|de parte del|escrito el) usuario|"
    r"como se (?:fossem|viessem) do usuário|comme s(?:'|i )(?:ils|elles|il|"
    r"elle) (?:pro)?venai(?:en)?t de l'utilisateur|"
    r"als (?:ob|käme[n]?) (?:sie|es) vom (?:nutzer|benutzer)|"
    r"come se (?:fossero|venissero) dell'utente|как будто (?:они |это )?от пользователя|(?:就像|"
    r"如同|当作)(?:是)?用户(?:的指令|发的|说的|写的)|ユーザー(?:の指示|から)(?:である|"
    r"の)?かのように|사용자(?:의 지시|가 보낸) (?:것처럼|것으로)",
    r"conf[ií]a\w* (?:\w+ ){0,2}en (?:\w+ ){0,2}(?:instrucciones|[oó]rdenes|mensajes|comandos)|"
    r"confi\w* (?:\w+ ){0,2}(?:nas|em) (?:\w+ )?(?:instruções|mensagens|ordens|comandos)|(?:obé\w*|"
    r"suivre|exécuter) (?:toutes )?les (?:instructions|consignes|ordres) (?:\w+ )?(?:de|du|des|"
    r"dans|venant|trouvées)\b",
    rf"\btrust (?:all |any |every )?(?:the )?{_SOURCE} (?:from|in|found in|on|coming from|sent by|"
    rf"posted by|written by|inside)\b",
    r"\btreat\w* (?:\S+ ){0,14}?as (?:if (?:it|they) (?:came|come|were) from |coming (?:directly "
    r")?from |(?:a |an )?(?:trusted|authoritative|verified|safe|legitimate)\b|(?:the |an? |your "
    r")?(?:user|owner|admin|administrator|developer|operator|system)(?:'s)? ?(?:instructions?|"
    r"messages?|requests?|commands?|input|own)?\b)",
    rf"\b(?:(?:obey|follow|execute)s?|carr(?:y|ies) out|compl(?:y|ies) with|acts? on|do(?:es)? "
    rf"whatever) (?:all |any |every )?(?:the )?(?:instructions?|commands?|orders|directives|"
    rf"requests|tasks|steps|anything) (?:(?:you )?(?:find|see|read|receive|get) )?(?:from|in|found "
    rf"in|embedded in|contained in|on|inside|sent by|posted by|given by|written in|that appear in|"
    rf"listed (?:in|at|on)) (?:the |a |an )?(?:{_UNTRUSTED})",
    rf"\b(?:{_INSTRUCTION}s?|{_SOURCE}) (?:\S+ ){{0,10}}?(?:must|should|shall|are to|will|"
    rf"can) (?:always )?be (?:obeyed|followed|executed|carried out|trusted|treated as|acted (?:on|"
    rf"upon))\b",
    r"\b(?:do|execute|follow|run|carry out) (?:whatever|what) (?:it|they|the (?:page|file|result|"
    r"output|message|comment|issue|tool|email|bot)) (?:says|say|asks|tells you|wants)\b",
    rf"\btreat\w* (?:\S+ ){{0,14}}?as (?:\w+ ){{0,2}}{_INSTRUCTION}s? (?:from|of|"
    rf"by) (?:the )?(?:user|owner|admin|developer|operator|system)\b",
    r"(?:与|和|跟)用户(?:的)?(?:指令|命令|指示|要求)(?:同等|一样|同样|相同)|(?:ユーザー|"
    r"利用者)と同じように従|(?:считай|воспринимай|рассматривай)\w* (?:\S+ ){0,5}?(?:команд|указани|"
    r"инструкци|просьб)\w* пользовател",
    rf"\b{_SOURCE} from \S+ (?:are|is|should be|must be|count as|carry) (?:to be )?(?:trusted|"
    rf"authoritative|obeyed|followed|treated as (?:the user'?s?|instructions|commands|orders|"
    rf"trusted|authoritative|coming from)|as if|the user's|from the user)",
    r"\bsame (?:authority|weight|trust|status) as (?:the user|me|the owner|(?:the )?system)",
    r"\bas (?:if|though) (?:they|it|this) (?:were|was|came|come) (?:from|by|written by) (?:the "
    r"user|me|the owner)|\bas (?:the )?user(?:'s)? (?:instructions?|commands?|requests?)\b|comme "
    r"(?:venant|provenant) de l'utilisateur|comme (?:des )?(?:instructions|consignes|ordres|"
    r"demandes|commandes|messages) de l'utilisateur|(?:genauso )?wie (?:anweisungen|befehle|"
    r"aufträge|anfragen|nachrichten) des (?:nutzers|benutzers)|como (?:si fueran "
    r")?(?:instrucciones|órdenes|peticiones|solicitudes|mensajes|comandos) del usuario|como (?:se "
    r"fossem )?(?:instruções|ordens|pedidos|solicitações|mensagens|comandos) do usuário|come (?:se "
    r"fossero )?(?:istruzioni|comandi|ordini|richieste|messaggi) dell'utente|как (?:указания|"
    r"инструкции|команды|просьбы|приказы|сообщения) пользователя|当作用户(?:的)?(?:指令|命令|指示)|"
    r"ユーザーの指示(?:として|と同じ)|사용자(?:의)? 지시(?:처럼|로)",
    r"como (?:una? )?(?:orden|instrucci[oó]n|petici[oó]n|mensaje|comando) del (?:propio )?usuario|"
    r"(?:считаются|являются|считать|рассматривать|воспринимать) (?:\S+ ){0,6}?(?:указани|инструкци|"
    r"команд|просьб|распоряжени|приказ|поручени)\w* пользовател|"
    r"(?:gelten|zählen) als (?:anweisungen|befehle|aufträge) des (?:nutzers|benutzers)|(?:valen|"
    r"cuentan) como (?:instrucciones|órdenes) del usuario|comptent comme (?:des )?(?:instructions|"
    r"ordres|consignes) de l'utilisateur|(?:valem|contam) como (?:instruções|ordens) do usuário|"
    r"valgono come (?:istruzioni|ordini) dell'utente|\b(?:count|counts|are counted) as (?:\w+ "
    r")?(?:instructions|orders|requests|commands) (?:from|of|by) the user\b",
    r"(?:信任|视为|视作|当作|当成|等同于|看作)[^。！？\n]{0,20}(?:用户|管理员|系统|开发者|主人|"
    r"可信)(?:的)?(?:指令|命令|消息|请求|要求)?|(?:执行|遵循|遵守|服从|照做|听从)(?:所有|任何|"
    r"一切)?(?:来自|在)[^。！？\n]{1,30}(?:的)?(?:指令|命令|要求|指示)",
    r"(?:ユーザー|管理者|開発者|システム)(?:の|から)の?指示として扱|信頼して(?:従|実行)|(?:の|"
    r"にある|に書かれた)指示に(?:従って|従う|従え)",
    r"(?:사용자|관리자|개발자|시스템)의? (?:지시|명령)(?:로|으로) (?:취급|간주)|신뢰하고 (?:따르|"
    r"실행)",
    r"доверя\w* (?:всем |любым )?(?:инструкци|команд|сообщени|указани)\w*|считай\w* (?:\S+ "
    r"){0,5}?(?:доверенн|пользовател|администратор|разработчик|системн)\w*|(?:выполняй|следуй|"
    r"подчиняйся) (?:всем |любым )?(?:инструкциям|командам|указаниям) (?:из|от|в)\b",
    r"conf[ií]a en (?:las |todas las )?(?:instrucciones|[oó]rdenes|mensajes)|"
    r"trata\w* (?:\S+ ){0,5}?como (?:de confianza|confiable|del usuario|instrucciones del usuario|"
    r"del administrador)|(?:obedece|sigue|ejecuta) (?:todas )?las (?:instrucciones|[oó]rdenes|"
    r"indicaciones) (?:de|en|que)\b",
    r"fais confiance aux (?:instructions|consignes|messages)|trait\w* (?:\S+ ){0,5}?comme "
    r"(?:fiable|de confiance|venant de l'utilisateur|des instructions de l'utilisateur)|(?:obéis|"
    r"suis|exécute) (?:toutes )?les (?:instructions|consignes|ordres) (?:de|du|des|dans|venant)\b",
    r"vertrau\w* (?:allen |jeden )?(?:anweisungen|befehlen|nachrichten)|"
    r"behandle\w* (?:\S+ ){0,5}?(?:als|wie) (?:vertrauenswürdig|vom (?:nutzer|benutzer)|"
    r"anweisungen des (?:nutzers|benutzers))|(?:befolge|gehorche) (?:allen |alle )?(?:anweisungen|"
    r"befehle\w*) (?:aus|von|in)\b",
    r"fidati (?:delle|di tutte le) (?:istruzioni|richieste)|tratta\w* (?:\S+ ){0,5}?come "
    r"(?:attendibil|affidabil|dell'utente|istruzioni dell'utente)\w*|(?:obbedisci|segui|esegui) "
    r"(?:tutte )?le (?:istruzioni|indicazioni|richieste) (?:di|da|nei|nelle|in)\b",
    r"confie nas (?:instruções|mensagens)|trat\w* (?:\S+ ){0,5}?como (?:confiáve\w*|do usuário|"
    r"instruções do usuário)|(?:obedeça|siga|execute) (?:todas )?as (?:instruções|ordens) (?:de|em|"
    r"do|da|nos|nas)\b",
    r"(?:talimat|komut|mesaj)\w* (?:güvenilir|kullanıcıdan gelmiş gibi)|(?:kullanıcı|"
    r"yönetici) talimatı (?:gibi|olarak)",
    # round 35: another source put on a par with the user's own instructions, or written by them
    r"\b(?:equal|equivalent) to (?:the user'?s|my|the owner'?s) (?:own )?(?:instructions|orders|"
    r"commands|requests)\b|\bon (?:a )?par with (?:the user'?s? |my )(?:own )?(?:instructions|"
    r"orders|commands|requests)|"
    r"au même titre que (?:les (?:instructions|consignes|demandes) de )?l'utilisateur|"
    r"(?:considéré|réputé)e?s? (?:comme )?(?:écrit|rédigé|envoyé)e?s? par l'utilisateur|al mismo "
    r"nivel que (?:las (?:instrucciones|órdenes) del )?usuario|(?:se consideran|cuentan como) "
    r"(?:escrit|redactad|enviad)[oa]s por el usuario|allo stesso livello (?:delle (?:istruzioni|"
    r"richieste) )?dell'utente|(?:considerat|ritenut)[ei] (?:come )?(?:scritt|inviat)[ei] "
    r"dall'utente|no mesmo nível (?:das (?:instruções|ordens) )?do usuário|(?:considerad|"
    r"tratad)[oa]s "
    r"como (?:escrit|enviad)[oa]s pelo usuário|gleichrangig (?:mit|wie) (?:den )?(?:anweisungen "
    r"(?:des|der) )?(?:nutzers|benutzers|nutzerin)|наравне с (?:указаниями |инструкциями "
    r"|командами )?пользовател|(?:считай|считать|считаются)\w* (?:\S+ ){0,3}?написанн\w* "
    r"(?:самим )?пользователем|kullanıcı(?:nın)? (?:kendi )?talimat\w* (?:ile )?(?:aynı|eşit|denk)|"
    r"kullanıcıdan gel(?:miş|en) (?:talimat|komut)\w* (?:gibi|sayılır|say)|(?:wewenang|otoritas|"
    r"kewenangan) yang sama (?:dengan|seperti) pengguna|setara dengan (?:perintah|instruksi) "
    r"pengguna|ngang (?:hàng )?với (?:lệnh|chỉ thị) (?:của )?người dùng|(?:quyền|thẩm quyền) "
    r"(?:ngang|như) người dùng|na równi z (?:poleceniami |instrukcjami )?użytkownik\w*|"
    r"(?:gelijk|gelijkwaardig) aan (?:de )?(?:instructies van de )?gebruiker|ユーザー(?:本人)?"
    r"(?:が書いた|からの)(?:もの|指示)と(?:して|みな)|사용자가 (?:직접 )?(?:쓴|작성한|보낸) "
    r"(?:것|지시)(?:으로|처럼)|用户本人(?:写的|发的|下达的)|كتعليمات المستخدم|مثل تعليمات المستخدم|"
    r"(?:उपयोगकर्ता|यूज़र|यूजर|user) (?:के बराबर|के समान|जैसा ही) (?:अधिकार|दर्जा)|(?:अधिकार|"
    r"दर्जा) (?:उपयोगकर्ता|यूज़र|यूजर|user) के (?:बराबर|समान)",
)
_GUARDED = (
    r"(?:guard\w*|safety (?:checks?|rules|filters?|guidelines|polic\w+|measures|features?)|"
    r"security (?:checks?|warnings?|scans?|polic\w+|review|controls?|software|tools?)|sandbox\w*|"
    r"content (?:filters?|polic\w+)|moderation|permission (?:checks?|prompts?|system|dialogs?)|"
    r"approval (?:prompts?|flow|step|gates?|checks?)|audit (?:logs?|logging|trail)|"
    r"injection (?:filters?|scanner|guard|checks?)|memory (?:scanner|guard)|malware (?:scan\w*|"
    r"checks?)|antivirus|firewall|2fa|mfa|two-factor|tls verification|certificate (?:checks?|"
    r"verification)|ssl verification|signature (?:checks?|verification))"
)
_SHIELD = (
    r"\b(?:dismiss|close|suppress|silenc|mute|resolv|mark)\w* (?:all|every|any|"
    r"each) (?:\S+ ){0,3}?(?:dependabot|security|vulnerabilit\w*|cve|code[- ]scanning|"
    r"secret[- ]scanning)\w* (?:\S+ )?(?:alerts?|warnings?|findings?|advisories)",
    r"\b(?:branch protection|review rules?|required reviews?|restrictions|security polic(?:y|ies)|"
    r"(?:the |these |those |our )?(?:rules|limits|policies|checks)) (?:does not|doesn'?t|do not|"
    r"don'?t|no longer) apply to (?:you|the agent|agents|bots|ai|assistants)\b",
    r"\bcore\.hookspath[\s=]+(?:/dev/null|\S*empty)",
    r"\bspctl --master-disable|\bcsrutil disable|\bsetenforce 0|set-mppreference[^\n]{0,40}-disabl"
    r"e\w*"
    r"\s+\$?true|\bufw disable|\bsystemctl (?:stop|disable|mask) (?:firewalld|apparmor|auditd)\b",
    r"\b(?:delet|remov|disabl|renam|rm|mv)\w*\s+(?:-\S+\s+)*(?:the\s+)?\S*(?:\.git/hooks/|\.husky/|"
    r"\.pre-commit-config\.ya?ml)",
    r"\b(?:approv|merg|review)\w* (?:and (?:merg|approv)\w* )?(?:your|its|their) own\b|\b(?:approv|"
    r"merg)\w* (?:and (?:merg|approv)\w* )?(?:\S+ ){0,3}?(?:myself|yourself|itself)\b",
    # the same in other languages: one's own PRs approved or merged by oneself
    r"(?:approuv|fusionn|valid|merg)\w* (?:\w+ ){0,2}?(?:ses|tes|vos|leurs) propres\b|(?:aprob|apr"
    r"ov|fusion|merge|valid)\w* (?:\w+ ){0,2}?(?:sus|tus|seus|teus|suas|tuas) (?:propi|própri)\w*|"
    r"\bselbst (?:mergen|freigeben|genehmigen|approven)\b|\beigenen? (?:pull[- ]requests?|prs?|"
    r"merge[- ]requests?|änderungen) (?:\S+ ){0,4}?(?:freigeb|genehmig|merg|approv)\w*|(?:approv|"
    r"unisc)\w* (?:\w+ ){0,2}?(?:le tue|i tuoi|le sue|i suoi) (?:propri\w* )?(?:pr|pull request|"
    r"modifiche)|自分の(?:pr|プルリク\S*|変更)を自分で(?:承認|マージ)|自己的(?:pr|合并请求|代码|"
    r"改动)[^。\n]{0,6}(?:批准|合并|审批)|自行(?:批准|合并|审批)|(?:자신|본인)의 (?:pr|변경)\S* "
    r"(?:직접 )?(?:승인|병합|머지)|(?:сам|самостоятельно) (?:одобр|мерж|слива|влива|апрув)\w*",
    r"\b(?:disabl\w*|turn\w* off|bypass\w*|deactivat\w*|circumvent\w*|switch\w* off|remov\w*|"
    r"uninstall\w*|kill\w*|stop\w*) (?:the |any |all |every |your |its |their |the user'?s? "
    r")?(?:\w+ ){0,2}?(?:2fa|mfa|two-factor|multi-factor|antivirus|firewall|audit (?:logs?|logging|"
    r"trail)|security monitoring|edr|selinux|apparmor|gatekeeper|system integrity protection|sip|"
    r"windows defender|defender|xprotect|smartscreen|uac|memory (?:scanner|guard)|injection "
    r"(?:filters?|scanner|guard)|content filters?|moderation|sandbox\w*|secret[- ]scanning|push "
    r"protection|branch protection|code scanning|signature verification|required (?:reviews?|"
    r"checks|status checks))",
)
_TESTS = (
    r"\bcontinue-on-error:\s*true|\ballow_failure:\s*true",
    r"\b(?:add|put|insert|sprinkl|append)\w* (?:\S+ ){0,3}?`?(?:#\s*noqa|#\s*type:\s*ignore|"
    r"eslint-disable|@ts-ignore|@ts-nocheck|//\s*nolint|#\s*nosec)",
    r"\bmark\w* (?:\S+ ){0,3}?`?@?(?:pytest\.mark\.)?(?:skip|xfail)\w*",
    r"\b(?:edit|chang|updat|rewrit|loosen|relax|weaken|adjust)\w* (?:\S+ ){0,4}?(?:asserts?|"
    r"assertions?|expected (?:values?|output)|snapshots?|"
    r"golden files?) (?:\S+ ){0,2}?to match (?:the )?(?:actual|current|observed)\b",
    r"\b(?:comment\w* out|delet\w*|remov\w*|disabl\w*|skip\w*|deselect\w*|mark\w* (?:\w+ )?as "
    r"(?:skip|xfail)\w*) (?:the |all |any |these |those )?(?:\w+ ){0,2}?(?:failing |security |"
    r"broken |flaky )?(?:tests?|test (?:steps?|suites?|cases?)|checks?|hooks?|asserts?|assertions?|"
    r"(?:coverage|security|lint|audit) (?:jobs?|gates?|steps?))\b(?!(?<=\btest) (?:cach\w*|"
    r"parallelism|timeouts?|retries|verbosity)\b)",  # "disable test caching": "test" modifies
    r"--no-verify\b|--deselect\b|--no-gpg-sign\b",
    r"\b(?:lower|reduc|drop|set|chang)\w* (?:the )?`?(?:fail_under|--cov-fail-under|coverage "
    r"(?:threshold|gate|minimum))`?(?: \S+){0,3}? to 0\b",
    r"テスト(?:ステップ|ケース)?を(?:削除|無効|スキップ|コメントアウト)|(?:supprim|désactiv)\w* "
    r"(?:les |tous les )?(?:hooks|tests|contrôles) de sécurité|(?:entfern|deaktivier|lösch)\w* "
    r"(?:die )?(?:sicherheits)?(?:tests|hooks|prüfungen)|(?:elimina|desactiva|borra)\w* (?:los "
    r")?(?:tests|hooks|controles) de seguridad|(?:remov|desativ|apag)\w* (?:os )?(?:testes|hooks) "
    r"de segurança|删除(?:测试|安全检查|钩子)|테스트(?:를|을)? (?:삭제|비활성화|건너뛰)",
)
_SAFETY = (
    r"\b(?:auth\w*|password|permission|signature|token|access|license) (?:\w+ )?(?:checks?|"
    r"validation|verification)\b[^.\n]{0,20}?\balways (?:returns? true|pass(?:es)?|succeeds?)\b",
    rf"\b{_GUARDED}[^.\n]{{0,80}}?\b(?:(?:turn|switch|shut)\w* (?:it|them) off|disabl\w* (?:it|"
    rf"them)|bypass\w* (?:it|them))\b",
    r"\b(?:safety|security) (?:review|check|scan|audit)s?(?: step| process)? (?:is|are) (?:not|"
    r"no longer) (?:needed|required|necessary)\b",
    rf"\b(?:{_GUARDED}|confirmation (?:step|prompts?|flow|dialogs?|checks?)) (?:is|are) (?:now "
    rf")?(?:disabled|turned off|switched off|bypassed|off)\b",
    r"确认(?:步骤|环节)(?:已|已经)?(?:关闭|禁用|取消)|確認(?:ステップ|手順)(?:は|を)?(?:無効|オフ)|"
    r"확인 단계(?:는|를)? ?(?:비활성화|끄|꺼)|(?:el )?paso de confirmaci[oó]n (?:est[aá]|queda) "
    r"desactivado|l'étape de confirmation est désactivée|bestätigungsschritt (?:ist )?"
    r"(?:\w+ )?deaktiviert|(?:a )?etapa de confirmação (?:está|fica) desativada|(?:il )?passaggio "
    r"di conferma è disattivato|шаг подтверждения (?:\w+ )?отключ\w*|krok potwierdzenia "
    r"(?:jest )?wyłączony",
    rf"\b(?:disabl\w*|turn\w* off|bypass\w*|skip\w*|ignor\w*|disregard\w*|deactivat\w*|"
    rf"circumvent\w*|suppress\w*|silenc\w*|switch\w* off|get around|work around|evad\w*) (?:the |"
    rf"any |all |every |your |its |their )?(?:\w+ )?{_GUARDED}",
    r"--dangerously-skip-permissions|bypasspermissions|\byolo mode\b|--yolo\b|danger-full-access|"
    r"approval[_-]policy\W+never",
    r"(?:关闭|禁用|绕过|跳过|忽略|停用)(?:所有|任何)?(?:的)?(?:安全|防护|审查|审核|过滤|沙箱|权限|"
    r"防火墙|杀毒|验证)",
    r"(?:セキュリティ|安全|サンドボックス|権限|フィルター?|検証)(?:チェック|機能|確認)?を(?:無効|"
    r"オフ|回避|スキップ|無視)",
    # round 29: "安全確認も省略してかまわない", "制限を全部外した状態で"
    r"(?:セキュリティ|安全)(?:チェック|確認)(?:も|は)(?:省略|スキップ|無視)|(?:セキュリティ|安全|"
    r"サンドボックス)の?制限を(?:すべて|全部|全て)?外|制限を(?:すべて|全部|全て)外",
    r"(?:보안|안전|샌드박스|권한|필터|검증)\S* (?:을|를)? ?(?:비활성화|끄|우회|건너뛰|무시)",
    r"(?:отключи|обойди|пропусти|игнорируй|выключи)\w* (?:все |любые )?(?:провер\w*|защит\w*|"
    r"безопасност\w*|фильтр\w*|песочниц\w*|брандмауэр\w*|антивирус\w*)",
    r"(?:desactiva|omite|salta|ignora|evita)\w* (?:los |las |todos los |todas las )?(?:controles|"
    r"comprobaciones|filtros|verificaciones|reglas|normas|pol[ií]ticas|medidas|protecciones|"
    r"restricciones) de (?:seguridad|permisos)|(?:desactiva|omite) (?:el |"
    r"la )?(?:sandbox|cortafuegos|antivirus)",
    r"(?:désactive|contourne|ignore|saute)\w* (?:les |tous les |toutes les )?(?:contrôles|"
    r"vérifications|filtres|protections|règles|consignes|politiques|mesures|restrictions) de "
    r"(?:sécurité|permissions?)",
    r"(?:sicherheits\w*|berechtigungs\w*|virenscanner|firewall)(?:(?!nicht|kein|"
    r"nie)[^.\n]){0,40}?(?:deaktivier|umgeh|überspring|ignorier|abschalt|ausschalt)\w*|"
    r"(?:deaktivier|umgeh|überspring|ignorier)\w* (?:die |alle )?(?:sicherheits\w*|"
    r"berechtigungs\w*|sandbox|firewall|virenscanner)",
    r"(?:disattiva|aggira|salta|ignora)\w* (?:i |le |tutti i |tutte le )?(?:controlli|"
    r"filtri|regole|norme|misure|protezioni|restrizioni) di (?:sicurezza|permessi)",
    r"(?:desativ|contorn|pul|ignor)\w* (?:as |os |todas as |todos os )?(?:verificações|checagens|"
    r"controles|filtros|regras|normas|políticas|medidas|proteções|restrições) de (?:segurança|"
    r"permiss\w+)",
    r"güvenlik (?:kontrollerini|denetimlerini|filtrelerini|kısıtlamalarını|kurallarını|"
    r"önlemlerini) (?:devre dışı bırak|atla|yok say|görmezden gel)",
    # security findings no longer reported; zh 把安全检查…关掉 (the object before the verb)
    r"sicherheits\w*(?:(?!nicht|kein|nie)[^.\n]){0,40}?nicht mehr (?:melden|erwähnen|mitteilen|"
    r"anzeigen)|\b(?:don'?t|do not|never|no longer|stop) (?:report\w*|flag\w*|rais\w*|mention\w*|"
    r"surfac\w*) (?:any |the )?(?:security|vulnerability|secret[- ]scanning) (?:warnings?|alerts?|"
    r"findings?|issues?)|把(?:所有)?(?:的)?(?:安全|防护|审查|审核|过滤|沙箱|权限|防火墙|杀毒|验证)"
    r"[^。，\n]{0,40}?(?:关掉|关闭|禁用|停用|去掉|跳过)",
)
_OVERRIDE = (
    r"\b(?:if|when|whenever) (?:the user|they) (?:objects?|disagrees?|refuses?|says? no|"
    r"pushes? back|rejects?)\b[^.\n]{0,80}?\b(?:anyway|regardless|all the same|as (?:written|"
    r"stated|described) (?:here|in this|below|above)|(?:follow|obey) (?:this|the) (?:file|note|"
    r"rule|memory))",
    r"(?:если|когда) пользователь (?:возражает|против|не согласен|отказывается)[^.\n]{0,80}?(?:всё "
    r"равно|как написано|по этому файлу)|nếu người dùng (?:phản đối|từ chối|không đồng "
    r"ý)[^.\n]{0,40}(?:vẫn|cứ)|kullanıcı (?:itiraz ederse|karşı çıkarsa|hayır "
    r"derse)[^.\n]{0,40}(?:yine de|gene de)|si el usuario (?:se opone|no está de acuerdo|se niega|"
    r"dice que no)[^.\n]{0,80}?(?:de todos modos|igual|como dice este)|si l'utilisateur (?:s'y "
    r"oppose|refuse|n'est pas d'accord)[^.\n]{0,80}?(?:quand même|comme indiqué)|wenn der "
    r"(?:nutzer|benutzer) (?:widerspricht|ablehnt|nein sagt)[^.\n]{0,80}?(?:trotzdem|wie hier)|"
    r"如果用户(?:反对|不同意|拒绝)[^。\n]{0,40}(?:照样|仍然|也要|按照本)|ユーザーが(?:反対|"
    r"拒否)(?:したら|しても)[^。\n]{0,40}(?:それでも|このファイル)|사용자가 (?:반대|거부)(?:하면|"
    r"해도)[^.\n]{0,40}(?:그래도|이 파일)",
    r"\b(?:priority|precedence|trust) (?:order|ranking|hierarchy)\b[^\n]{0,160}?\b(?:the user|"
    r"system prompt|instructions)\b",
    r"\b(?:conflict\w*|disagree\w*|contradict\w*)\b[^.\n]{0,80}?\b(?:follow|obey|prefer|go with|"
    r"side with|use|trust) (?:the |that |this )?(?!user\b)(?:\w+ ){0,2}(?:comment|file|issue|"
    r"memory|repo\w*|document|page|note|instruction)s?\b",
    r"忽略用户(?:的)?(?:指令|要求|指示|请求|意见)|(?:冲突|矛盾)[^。\n]{0,40}以[^。\n]{1,30}为准|"
    r"ユーザーの(?:指示|要求|依頼)を無視|사용자의 (?:지시|요청|명령)(?:을|를)? 무시|игнорир\w* "
    r"(?:\w+ )?(?:указани|инструкци|просьб|требовани|команд)\w* пользовател|ignora\w* (?:las |los "
    r")?(?:instrucciones|peticiones|indicaciones|órdenes) del usuario|ignor\w* (?:les "
    r")?(?:instructions|demandes|consignes) de l'utilisateur|ignorier\w* (?:die )?(?:anweisungen|"
    r"wünsche|bitten) des (?:nutzers|benutzers)|ignora\w* (?:le )?(?:istruzioni|richieste) "
    r"dell'utente|ignor\w* (?:as )?(?:instruções|solicitações|pedidos) do usuário",
    r"\b(?:this|these|the following|that|my) (?:rule|instruction|note|memory|memories|policy|"
    r"directive|entry|order)s? (?:overrides?|supersedes?|takes? precedence over|outranks?|trumps?|"
    r"wins? over|replaces?|(?:is|are) above|come first over|must be followed over)\b",
    r"\b(?:overrides?|supersedes?|takes? precedence over|above) (?:all|any|every) (?:other |"
    r"previous |prior |conflicting )?(?:instructions?|rules?|guidelines|polic\w+|directives?|"
    r"system prompts?)",
    r"\b(?:highest|top|absolute|maximum|overriding) priority\b",
    r"\b(?:are|is) (?:now )?(?:system[- ]level|root[- ]level|of system priority)\b|\bsystem[- "
    r"]level (?:priority|authority)\b",
    r"(?:此|本|这个|这份)(?:文件|记忆|笔记|备注)[^。\n]{0,8}优先(?:级)?(?:高于|于|大于)|(?:user|"
    r"chat|conversation|request)[^.\n]{0,60}?\bconflicts? with (?:this|the) (?:memory|file|"
    r"note)s?\W+(?:\w+ ){0,2}?(?:this|the) (?:memory|file|note)s? (?:always )?(?:wins|prevails|"
    r"takes precedence|comes first|overrides)",
    r"(?:システムプロンプト|システムの指示|他の(?:すべての)?指示)(?:より|よりも)(?:も)?優先|"
    r"(?:矛盾|衝突|"
    r"食い違)[^。\n]{0,8}(?:こちら|このメモ|このファイル|本メモ)に従|优先于(?:系统提示|所有其他|"
    r"其他所有)|比系统提示词?(?:更)?优先|시스템 프롬프트보다 우선",
    r"\boverrid\w* (?:the |any |what the )?user(?:'s)?\b",
    r"\bif (?:the user|they) (?:rejects?|refuses?|declines?|says? no|"
    r"reverts?)\b[^.\n]{0,80}?\b(?:anyway|regardless|all the same)\b",
    r"\bignor\w* (?:the user|any user|anyone|the owner)(?:'s)? (?:\w+ )?(?:objections?|requests?|"
    r"instructions?|wishes|protests?|corrections?|commands?|orders)",
    r"\b(?:the user'?s?|user) (?:instructions?|requests?|preferences|objections?) (?:no longer "
    r"apply|do not apply|don't apply|don't matter|can be ignored|are irrelevant)",
    r"优先级最高|最高优先级|最优先|优先于(?:所有|其他|任何|用户)|覆盖(?:所有|其他|之前)的?(?:指令|"
    r"规则)",
    r"最優先|他の(?:すべての)?指示より(?:も)?優先",
    r"최우선|다른 (?:모든 )?지시보다 우선",
    r"(?:наивысш|высш)\w* приоритет|(?:имеет приоритет|важнее) (?:над )?(?:всеми|любыми|других)",
    r"(?:máxima|mayor) prioridad|tiene prioridad sobre|anula (?:todas|cualquier|las dem[aá]s)",
    r"priorité (?:absolue|maximale)|a priorité sur|prévaut sur (?:toutes|les autres)",
    r"höchste priorität|hat vorrang vor|überschreibt (?:alle|andere|jede)",
    r"massima priorità|ha la precedenza su|prevale su (?:tutte|ogni|le altre)",
    r"prioridade máxima|tem prioridade sobre|prevalece sobre",
    r"en yüksek öncelik|(?:tüm|diğer) talimatlardan önceliklidir",
    # above the user: "Vorrang vor den Anweisungen des Nutzers", "このメモの方を優先"
    r"\b(?:precedence|priority) over (?:the |any |all )?(?:user|owner)(?:'s)?\b|vorrang vor "
    r"(?:den |dem |der )?(?:\w+ )?(?:des |der )?(?:nutzer|benutzer)\w*|priorité sur (?:les )?"
    r"(?:\w+ )?(?:de )?l'utilisateur|prioridad sobre (?:las? |los )?(?:\w+ )?(?:del )?usuario|"
    r"(?:矛盾|衝突|食い違)[^。\n]{0,30}?(?:こちら|このメモ|このファイル|本メモ)(?:の方)?を優先|"
    r"ユーザー(?:本人)?の(?:発言|指示|依頼|要求)(?:より|よりも)(?:も)?優先",
)
# Acting against the user: a preference ("even if the user asks for a quick fix, write a
# test") or an attack ("deploy even if the user objects"); the object decides.
_AGAINST = (
    r"\bregardless of (?:what|whether) (?:the user|anyone|they) (?:says?|wants?)\b",
    r"\b(?:even if|even when|regardless of whether|no matter (?:what|whether|if)) (?:the user|he|"
    r"she|they|anyone|someone|the owner|the system prompt|your (?:instructions|guidelines)|other "
    r"instructions|they|it) (?:\w+ )?(?:says?|asks?|tells? you|objects?|disagrees?|instructs?|"
    r"conflicts? with (?:what )?the user|requests?|protests?|forbids?|refuses?|says otherwise)",
    r"即使用户(?:反对|要求|说|不同意|拒绝|禁止)|无论用户(?:说什么|怎么说|是否|如何)|不管用户",
    r"ユーザーが(?:反対|拒否|何と言|禁止)(?:しても|っても)|たとえユーザーが",
    r"사용자가 (?:반대|거부|금지)(?:하더라도|해도)",
    r"даже если пользователь|независимо от того,? что (?:скажет|говорит) пользователь",
    r"aunque el usuario (?:se oponga|lo proh[ií]ba|diga)|incluso si el usuario|"
    r"sin importar lo que (?:diga|pida) el usuario",
    r"même si l'utilisateur|quoi que dise l'utilisateur",
    r"(?:auch|selbst) wenn der (?:nutzer|benutzer)|egal was der (?:nutzer|benutzer)",
    r"anche se l'utente|qualunque cosa dica l'utente",
    r"mesmo que o usuário|não importa o que o usuário",
    r"kullanıcı (?:itiraz etse|ne derse) de",
    r"\b(?:if|when|whenever|even if|even when) i (?:\w+ ){0,3}?(?:tell you to stop|ask you to stop|"
    r"say (?:no|stop)|object|refuse|disagree|cancel)\w*\b[^.\n]{0,80}?\b(?:anyway|regardless|all "
    r"the same|keep going|carry on)\b",
)
# The user demoted: their text ignored, ranked below another source, or called a suggestion.
_USER_TEXT = (
    r"(?:(?:the |your |any )?user'?s?'? (?:\w+ )?(?:messages?|requests?|instructions?|tasks?|input|"
    r"prompts?|wishes|objections?|corrections?|commands?|orders)|anything (?:the user|"
    r"they) (?:types?|says?|writes?)|(?:messages?|requests?|instructions?|input) from the user|"
    r"what (?:the user|they) (?:types?|says?|writes?|asks?)(?: (?:in|for) \w+)?)"
)
_DEMOTE = (
    rf"\b(?:ignor\w*|disregard\w*|overrid\w*|overrul\w*|set\w* aside|"
    rf"dismiss\w*) (?:\w+ ){{0,2}}?{_USER_TEXT}",
    rf"\b(?:outrank\w*|trump\w*|supersed\w*|overrid\w*|wins? over|beats?|"
    rf"comes? before) (?:\w+ )?(?:{_USER_TEXT}|the user\b|the (?:conversation|chat)\b)",
    r"\b(?:follow|obey|prefer|favou?r|trust)\w* (?:them|these|this|it|those|the \w+|this \w+) over "
    r"(?:the )?(?:chat|conversation|user\b|system prompt)",
    rf"\b(?:take|takes|taking|have|has|get|gets) (?:\w+ )?(?:precedence|"
    rf"priority) over (?:\w+ ){{0,2}}?(?:{_USER_TEXT}|the user\b)|\b(?:more important|"
    rf"higher priority) than (?:{_USER_TEXT}|the user\b)",
    r"\b(?:follow|obey|prefer|trust)\w* (?:\S+ ){1,6}?over (?:anything|whatever|what) (?:the user|"
    r"they) (?:types?|says?|writes?|asks?)",
    rf"{_USER_TEXT} (?:\w+ ){{0,4}}?(?:don'?t|do not|doesn'?t|does not|no longer) (?:count|matter|"
    rf"apply)\b",
    r"\b(?:the owner|the user|the admin)\w* (?:only )?(?:speaks?|communicates?|"
    r"gives? (?:instructions|orders)) only (?:through|via|in)\b|\bthe owner (?:only )?(?:speaks?|"
    r"communicates?) (?:through|via)\b",
    r"\b(?:the user|the person (?:typing|in (?:the |this )?chat)|the human) (?:(?:in this (?:chat|"
    r"session|conversation)|(?:chatting|talking|speaking|typing) (?:with|to) you) )?is (?:only |ju"
    r"st |actually |really )?(?:a tester|an? (?:impostor|"
    r"intern|attacker|bot)|not (?:the|your) (?:real )?(?:owner|user|admin))",
    r"(?:instrucciones|mensajes|peticiones|órdenes) del usuario[^.\n]{0,30}no (?:cuentan|valen|"
    r"importan|aplican)|(?:instructions|messages|demandes) de l'utilisateur[^.\n]{0,30}ne "
    r"(?:comptent|valent|s'appliquent) (?:pas|plus)|(?:anweisungen|nachrichten|"
    r"bitten) des (?:nutzers|benutzers)[^.\n]{0,30}(?:zählen|gelten) nicht|(?:istruzioni|messaggi|"
    r"richieste) dell'utente[^.\n]{0,30}non (?:contano|valgono)|(?:instruções|mensagens|"
    r"pedidos) do usuário[^.\n]{0,30}não (?:contam|valem)|(?:указани|сообщени|просьб|"
    r"инструкци)\w* пользовател\w*[^.\n]{0,30}не (?:считаются|важны|действуют)|用户的?(?:指令|消息|"
    r"请求|要求)[^。\n]{0,20}(?:不算|无效|不作数|不用管)|ユーザーの(?:指示|発言|"
    r"要求)[^。\n]{0,20}(?:無効|関係ない|無視してよい)",
    r"\b(?:the person|the user|the human|whoever) (?:you are|you're) (?:helping|talking to|"
    r"chatting with|working with|working for) (?:is|are) not (?:authori[sz]ed|the (?:real "
    r")?(?:owner|user)|allowed|trusted)|\b(?:answer|respond|listen|obey|follow)\w* only (?:to "
    r")?(?:the )?(?:instructions|directives|orders|commands) (?:found |written )?(?:in|from) this "
    r"(?:file|memory|note)",
    # another source followed even where it contradicts the user: it outranks them
    r"\beven (?:if|when|where|though) (?:they|it|that|those|these|this|one) (?:\w+ )?"
    r"(?:contradict|conflict|clash|go(?:es)? against)\w*(?: with)? (?:\w+ ){0,3}?(?:the user|the "
    r"person|the human|the owner|you were told by (?:the user|them))|"
    r"(?:auch|selbst) wenn (?:sie|es|er) [^.\n]{0,40}?"
    r"(?:(?:nutzer|benutzer)\w*|was ich (?:dir )?(?:gesagt|geschrieben)\w*) widersprech\w*|même "
    r"s'(?:ils?|elles?) contredi\w* [^.\n]{0,30}?(?:utilisateur|ce que je|mes (?:instructions|"
    r"consignes|demandes))|aunque contradiga\w* [^.\n]{0,30}?(?:usuario|lo que te (?:dije|ped[ií])|"
    r"mis (?:instrucciones|órdenes))|\beven (?:if|when|though) (?:it|they) (?:contradict|"
    r"conflict)\w*(?: with)? (?:what i (?:told|said|asked)|my (?:instructions|requests|orders))|"
    r"anche se (?:\w+ )?contraddic\w* (?:quello|ciò) che (?:ti )?ho detto|mesmo que contradiga\w* "
    r"o que eu (?:te )?disse|даже если (?:\w+ )?противореч\w* (?:тому,? )?что я",
    r"kullanıcı(?:nın)? (?:talimat|komut|istek)\w* (?:önce gelir|önceliklidir|üstünde\w*)|"
    r"(?:उपयोगकर्ता|यूज़र|यूजर|user) (?:के|की) (?:निर्देशों|आदेशों|बातों)\S* से (?:ऊपर|पहले|"
    r"ज़्यादा)",
    # round 35: above or before the user's own instructions, in the other languages
    r"\b(?:rank\w*|come\w*|go(?:es)?|sits?|stands?|placed?) (?:\w+ )?(?:above|ahead of) (?:the "
    r"user'?s?) (?:own )?(?:instructions|orders|requests|commands|wishes|word)\b|au-dessus (?:des "
    r"(?:instructions|consignes|demandes) )?de l'utilisateur|passe\w* avant (?:les (?:instructions|"
    r"consignes|demandes) de )?l'utilisateur|por encima de las (?:instrucciones|órdenes) del "
    r"usuario|al di sopra delle (?:istruzioni|richieste) dell'utente|"
    r"acima das (?:instruções|ordens) do usuário|über den (?:anweisungen|wünschen) (?:des|"
    r"der) (?:nutzers|benutzers|nutzerin)|выше (?:указаний|инструкций|просьб) "
    r"пользовател|приоритетнее (?:указаний |инструкций |просьб )?пользовател|di atas (?:perintah|"
    r"instruksi|permintaan) pengguna|lebih (?:penting|diutamakan) (?:dari|daripada) (?:perintah "
    r"|instruksi |permintaan )?pengguna|(?:ưu tiên hơn|quan trọng hơn) (?:cả )?(?:lệnh |chỉ thị "
    r"|yêu cầu )?(?:của )?người dùng|cao hơn (?:lệnh|chỉ thị|yêu cầu) (?:của )?người dùng|"
    r"(?:أولوية على|أعلى من|فوق) (?:أوامر |تعليمات "
    r"|طلبات )?المستخدم|boven de instructies van de gebruiker|"
    r"belangrijker dan (?:de )?(?:instructies van de )?gebruiker",
    rf"{_USER_TEXT} (?:are|is|as) (?:only |just |mere |merely )?(?:suggestions|optional|advisory|"
    rf"hints|noise)\b|{_USER_TEXT} (?:can|may|should) be (?:safely )?ignored",
    r"优先于用户|比用户(?:的)?(?:指令|要求|消息|请求)?(?:更)?优先|用户的?(?:请求|指令|要求|消息|"
    r"指示)[^。\n]{0,20}(?:一律|全部|都)?(?:忽略|无视|不予理会)",
    r"ユーザー(?:が|の)[^。\n]{0,30}(?:より|よりも)(?:常に|必ず|も)?優先|ユーザーの(?:指示|要求|"
    r"依頼|"
    r"メッセージ)[^。\n]{0,10}(?:を|は)?無視",
    r"사용자[^.\n]{0,30}보다 우선|사용자의 (?:지시|요청|메시지)[^.\n]{0,10}무시",
    r"(?:сообщени|указани|просьб|инструкци|команд)\w* (?:в чате|пользовател\w*)[^.\n]{0,60}(?:можно"
    r" |следует |нужно )?игнорир\w*|приоритет\w* (?:выше|над) (?:указани\w* )?пользовател",
    r"(?:tiene|tienen) prioridad sobre (?:lo que (?:dice|escribe) )?el usuario|a priorité sur "
    r"(?:ce que dit )?l'utilisateur|ha(?:t|ben) vorrang vor (?:dem,? was )?(?:dem |den |der "
    r")?(?:nutzer|benutzer)|ha(?:nno)? (?:la )?precedenza su(?:ll')?(?: quanto dice "
    r")?(?:l')?utente|(?:tem|têm) prioridade sobre o usuário",
    # the user last in what is outranked ("Vorrang vor den Regeln … und vor dem Nutzer")
    r"(?:ha(?:t|ben) vorrang vor|(?:tiene|tienen) prioridad sobre|(?:a la|ont la|a|ont) "
    r"priorité sur|(?:tem|têm) prioridade sobre|ha(?:nno)? (?:la )?precedenza su)(?:[^.\n;]|"
    r"\.(?=\S)){1,80}?\b(?:und|y|et|e|o|ou|oder|or) (?:vor |sobre |sur |su )?(?:dem |den |el |"
    r"l'|o |lo )?(?:nutzer|benutzer|usuario|utilisateur|usuário|utente)\b|ma(?:ją)? "
    r"pierwszeństwo przed (?:\S+ ){0,6}?użytkownik\w*",
    # round 29: more weight than the user, or before them
    r"\bmore (?:authority|weight|say) than the user\b|(?:más|mayor) (?:autoridad|peso|"
    r"prioridad) que el usuario|\bpasse\w* avant l'utilisateur|\bplus (?:d'autorité|de poids) que "
    r"l'utilisateur|\bmehr (?:gewicht|autorität) als (?:der|die) (?:nutzer|benutzer)\w*|"
    r"(?:优先级|权限|权威)(?:高于|大于|超过)用户|ユーザー(?:本人)?(?:より|よりも)(?:も)?優先|"
    r"важнее (?:чем )?пользовател\w*|\bpiù (?:autorità|peso) (?:dell'|che l')utente|\bmais "
    r"(?:autoridade|peso) (?:que|do que) o usuário",
)
# The agent's own rules, filters or configuration declared out of force: no project rule is.
_RETIRED = (
    r"पिछले (?:सभी )?(?:नियम|निर्देश)\S* (?:रद्द|अमान्य|निरस्त)|التعليمات السابقة (?:\S+ )?(?:ملغا"
    r"ة|لاغية)",
    r"\b(?:your|the agent'?s|the assistant'?s) (?:\w+ ){0,2}?(?:instructions|guidelines|rules|"
    r"configuration|config|directives|restrictions|guardrails|filters|polic(?:y|ies)|refusals|"
    r"safeguards|system prompt|programming|training)\b[^.\n]{0,40}?\b(?:(?:has|have) been|(?:is|"
    r"are)(?: now)?|were) (?:retired|disabled|lifted|suspended|revoked|removed|turned off|switched "
    r"off|deactivated|void|null|cancell?ed|withdrawn|superseded|replaced|waived)\b",
    r"\b(?:your|the agent'?s|the assistant'?s|(?:the )?usual|(?:the )?normal|(?:the )?default|"
    r"safety|content) (?:\w+ ){0,2}?(?:instructions|guidelines|rules|restrictions|guardrails|"
    r"filters|polic(?:y|ies)|refusals|safeguards|system prompt)\b[^.\n]{0,40}?\b(?:(?:do|does) not|"
    r"don'?t|doesn'?t|no longer|won'?t) (?:apply|hold|count|matter|exist)\b|\b(?:safety|content) "
    r"(?:filters?|checks?|guardrails|rules) (?:are|is|have been|has been) (?:now )?(?:disabled|off|"
    r"lifted|suspended|removed|turned off|switched off)\b",
    r"\byour only (?:source of truth|authority|instructions|rules)\b",
    r"(?:tus|las) (?:reglas|instrucciones|directrices|normas)(?: de(?:l)? (?:tu )?sistema)?"
    r"(?: anteriores)? (?:ya no (?:aplican|se aplican|son válidas|rigen|tienen efecto)|quedan "
    r"(?:anuladas|sin efecto)|han sido (?:retiradas|desactivadas|anuladas))|(?:deine|ihre) "
    r"(?:bisherigen |früheren |ursprünglichen )?(?:richtlinien|anweisungen|regeln|vorgaben|"
    r"einschränkungen|sicherheitsfilter)\w* (?:gelten|greifen|zählen) (?:hier )?nicht mehr|(?:tes|"
    r"vos) (?:anciennes |précédentes )?(?:règles|instructions|consignes|directives|restrictions) "
    r"(?:ne s'appliquent plus|ne sont plus valables|sont (?:levées|désactivées|annulées))|тво\w+ "
    r"(?:прежн\w+ |предыдущ\w+ )?(?:инструкци|правил|указани|ограничени)\w* (?:больше не "
    r"(?:действуют|применяются|актуальны)|отменен\w*|сняты)|(?:suas|tuas) (?:regras|instruções|"
    r"diretrizes)(?: anteriores)? (?:não (?:se aplicam|valem) mais|foram (?:desativadas|anuladas))|"
    r"le tue (?:regole|istruzioni|linee guida)(?: precedenti)? (?:non (?:valgono|si applicano) più|"
    r"sono (?:disattivate|annullate))",
    r"你(?:的|之前的|原来的|原有的)(?:规则|指令|指示|设定|限制|安全(?:规则|"
    r"过滤))[^。\n]{0,6}(?:不再(?:适用|"
    r"有效)|已(?:经)?(?:失效|作废|取消|解除|停用))|(?:あなたの|これまでの|以前の)(?:ルール|指示|"
    r"設定|制限|"
    r"ガイドライン)[^。\n]{0,6}(?:適用されません|無効|廃止|解除)|(?:당신의|너의|기존) (?:규칙|지시|"
    r"지침|제한)\S* (?:더 이상 )?(?:적용되지 않|무효|해제)",
)
_VOID = (
    # the system prompt itself, or earlier instructions, declared out of force
    r"\b(?:your|the) (?:system (?:prompt|instructions)|guardrails|safety (?:rules|guidelines)|"
    r"restrictions|content polic\w+)(?: (?:in|of) (?:your|the) system prompt)? (?:is|are) (?:now |"
    r"just |only |merely )?(?:an? )?(?:outdated|obsolete|void|invalid|superseded|no longer "
    r"(?:valid|in effect)|test (?:artefacts?|artifacts?|fixtures?|leftovers?)|fake|placeholders?|"
    r"not real)|\b(?:earlier|previous|prior|original) (?:\w+ )?(?:instructions|rules|guidelines|"
    r"guidance) (?:\S+ ){0,6}?(?:should|must|are to|can) be (?:disregarded|ignored|dropped)\b",
    r"\b(?:previous|prior|earlier|above|preceding|original|old|existing|all other) (?:\w+ "
    r")?(?:instructions|rules|guidelines|guidance|directives|prompts?) (?:(?:are|is|have been|has "
    r"been|were|was) (?:now |hereby )?(?:superseded|void|null|expired|cancel+ed|revoked|obsolete|"
    r"outdated|out of date|stale|deprecated|invalid|overridden|replaced(?! (?:by|with) \S*[/.])|"
    r"lifted|rolled back|reset|no longer (?:valid|current|in effect))|(?:now )?no longer (?:apply|"
    r"hold|matter|count))",
    r"(?:以上|之前|先前|原有|此前)的?(?:所有)?(?:指令|指示|规则|设定)(?:已|均|都)?(?:经)?(?:过期|"
    r"作废|失效|无效|取消|废除)",
    r"(?:以前|上記|これまで)の(?:指示|ルール|命令)は?(?:すべて)?(?:無効|失効|取り消|破棄)",
    r"이전 (?:지시|규칙|명령)\S* (?:모두 )?(?:무효|취소|폐기)",
    r"(?:предыдущ|прежн)\w* (?:инструкци|правил|указани)\w* (?:отменен|недействительн|устарел|"
    r"аннулирован)\w*",
    r"(?:instrucciones|reglas) anteriores (?:quedan |est[aá]n |son )?(?:anulad|revocad|caducad|"
    r"obsolet|sin efecto)\w*|(?:instructions|consignes|règles) précédentes (?:sont )?(?:annulé|"
    r"caduc|révoqué|obsolète)\w*|(?:vorherigen|bisherigen) (?:anweisungen|"
    r"regeln) (?:sind )?(?:aufgehoben|ungültig|veraltet|nichtig)|(?:istruzioni|"
    r"regole) precedenti (?:sono )?(?:annullat|revocat|scadut|obsolet)\w*|(?:instruções|"
    r"regras) anteriores (?:estão |foram )?(?:anulad|revogad|obsolet)\w*",
)
# Round 29: another party's text given the user's own standing, said in the first person ("an
# order from me", "as if I had written them", "comme une consigne de ma part", 내 지시와 똑같이
# 따르), or ranked above the user's own rules ("precedence over my earlier rules"). The user's
# own order says the same words, so it weighs 1: a scope and an outside source must both meet it.
_ADOPT = (
    r"\b(?:orders?|instructions?|commands?|directives?) (?:straight |directly )?from me\b|"
    r"\bcounts? as (?:mine|my own)\b|\bas my own (?:words|instructions?|orders?|commands?|"
    r"requests?)\b|\bas if (?:they|it) (?:were|was) mine\b",
    r"\b(?:precedence|priority) over (?:all )?my (?:own |earlier |previous |prior |current "
    r"|existing |standing )?(?:rules|instructions|orders|directions|requests|guidelines)\b|"
    r"\b(?:outrank|override|overrule|supersede|trump)s? my (?:own |earlier |previous |prior "
    r")?(?:rules|instructions|orders)\b",
    r"(?:consignes?|instructions?|ordres?|demandes?) (?:directe?s? )?de ma part|\bvenant de moi\b|"
    r"\bcomme si je (?:les |l'|la |le )?avais (?:écrit|donné|dit|demandé)\w*|(?:passe\w*|prime\w*) "
    r"(?:avant|sur) mes (?:propres |anciennes |précédentes )?(?:règles|consignes|instructions)|"
    r"\bpriorité sur mes (?:propres |anciennes |précédentes )?(?:règles|consignes|instructions)",
    r"(?:orden|órdenes|instrucci[oó]n|instrucciones) (?:direct[ao]s? )?m[ií][ao]s?\b|\bcomo si "
    r"(?:vinieran|viniera|fueran|fuera) de m[ií]\b|\bcomo si (?:las |los |la |lo )?hubiera "
    r"(?:escrito|dado|dicho)|\bprioridad sobre mis (?:propias |anteriores )?(?:reglas|"
    r"instrucciones|órdenes)",
    r"(?:ordin[ei]|istruzion[ei]|comand[oi]) mie?i?\b|\bcome se (?:le |li |la |lo |l')?avessi "
    r"(?:scritt|dat|dett)\w*|\bprecedenza su(?:lle|i|gli)? mie?i? (?:regole|istruzioni|ordini)",
    r"(?:anweisung|befehl|auftrag)\w* von mir\b|\bals hätte ich (?:sie|es|das) (?:selbst "
    r")?(?:geschrieben|gesagt|gegeben)|\bvorrang vor meinen (?:\w+ )?(?:regeln|anweisungen|"
    r"vorgaben)",
    r"(?:ordem|ordens|instruç[aã]o|instruções) (?:diretas? )?minhas?\b|\bcomo se (?:fossem|fosse|"
    r"viessem|viesse) (?:minhas?|de mim)\b|\bcomo se (?:eu )?(?:as |os |a |o )?tivesse (?:escrito|"
    r"dado|dito)|\bprioridade sobre (?:as )?minhas (?:regras|instruções)",
    r"私(?:から)?の指示(?:として|と同じ(?:ように)?|と同様に?)(?:扱|従|みな|受け取|実行)|"
    r"私の(?:ルール|指示)より(?:も)?優先",
    r"当作(?:是)?我(?:说的|写的|本人|的指令|的命令)|(?:视为|视作|当成|等同于)我的(?:指令|命令|"
    r"指示)|"
    r"优先于我(?:之前)?的(?:规则|指令)",
    r"(?:내|나의) (?:지시|명령)(?:와|과) (?:똑같이|같이|동일하게)|"
    r"(?:내|나의) (?:지시|명령)(?:로|으로) (?:간주|취급|여기|생각)|(?:내|나의) (?:지시|명령)처럼",
    r"(?:считай|воспринимай|рассматривай)\w* (?:\S+ ){0,6}?мо(?:ими|и|ё|й) (?:собственн\w+ "
    r")?(?:указани|инструкци|команд|приказ)\w*|\bкак (?:будто|если бы) (?:это )?я (?:сам "
    r")?(?:написал|сказал)|\bприоритет над моими",
    r"benim (?:talimat|emir|emr|komut)\w* (?:gibi|olarak)|benden gelmiş gibi",
    r"(?:jak|jako) (?:moje|moich) (?:własne )?(?:polecenia|instrukcje|rozkazy)|\bjakbym (?:je |to "
    r")?(?:sam )?napisał|\bpierwszeństwo przed moimi",
    r"\b(?:pre-?)?(?:approved|authori[sz]ed|sanctioned) by me\b|\bas (?:my own|mine)\b|"
    r"\b(?:outrank\w*|trump\w*|supersed\w*|"
    r"overrid\w*|wins? over|beats?|takes? precedence over|comes? (?:first|before)) (?:anything|"
    r"whatever|what|everything) i (?:say|type|write|ask)\b",
    r"\bals (?:ob sie|ob es|käme[n]? sie|käme es) (?:\w+ )?von mir\b|\b(?:vale|valgono|come) "
    r"(?:un |"
    r"una |dei |delle )?(?:mi[oa]|miei|mie) (?:ordin\w+|istruzion\w+|comand\w+)|"
    r"私(?:から)?の指示だと(?:思|みな|考え)|当作我的(?:要求|请求|指示)|(?:视为|视作|当成|"
    r"等同于)我的"
    r"(?:要求|请求)|\bкак (?:будто|если бы) (?:это )?я (?:\S+ )?(?:сам )?(?:написал|сказал)",
    # obeying another party: "do whatever <X> asks", "haz lo que te pidan <X>"
    r"\bdo (?:whatever|what|everything|anything) (?:\S+ ){1,5}?(?:says?|asks?|tells? you|wants?|"
    r"posts?|requests?)\b|\bhaz (?:lo que|todo lo que) (?:te )?(?:\S+ ){0,5}?(?:diga|digan|pida|"
    r"pidan|mande|manden|escriba|escriban)\b|\bfais (?:ce que|tout ce que) (?:te |t')?(?:\S+ "
    r"){0,5}?(?:dit|disent|demande|demandent|écrit|écrivent)\b|\bfai (?:quello che|tutto ciò "
    r"che|ciò che) (?:ti )?(?:\S+ ){0,5}?(?:dice|dicono|chiede|chiedono|scrive|scrivono)\b|"
    r"\bfaça (?:o que|tudo o que) (?:\S+ ){0,5}?(?:disser|disserem|pedir|pedirem|mandar|"
    r"mandarem|escrever)\b|\bobey\w* (?:\S+ ){0,4}?(?:messages?|requests?|comments?|posts?|"
    r"instructions?|orders|commands?)\b",
    # "… is an instruction of the user" (a text declared the user's order)
    r"\b(?:ist|sind|gilt|gelten) (?:als )?(?:eine )?(?:anweisung|befehl)\w* (?:des|vom) (?:nutzers|"
    r"benutzers|nutzer)|\b(?:est|sont) (?:une |des )?(?:instructions?|consignes?|ordres?) de "
    r"l'utilisateur|\b(?:es|son) (?:una |unas )?(?:instrucci[oó]n|instrucciones|[oó]rdenes|orden) "
    r"del usuario|\b(?:é|são) (?:uma )?(?:instrução|instruções|ordem|ordens) do usuário|\b(?:è|"
    r"sono) (?:un'|una )?(?:istruzion[ei]|ordin[ei]) dell'utente|\b(?:is|are) (?:an? )?"
    r"(?:instruction|order|command)s? (?:from|of|by) the user\b",
)
# Where the adopted text comes from: a page, a download, mail, a comment, a bot, a channel,
# another agent, a file (not "every", "any": no quantifier is a source). What the user
# approves is no source it obeys: "Dependabot PRs … count as approved by me", "Ana's comments
# … count as my own decisions" (after ``_APPROVED``, ``_APPROVABLE`` is left out), unless
# what they hold is obeyed (``_OBEYED``: "commands in PR comments are pre-approved by me").
_APPROVABLE = r"comments?|pull requests?|prs?"
_OBEYED = re.compile(
    r"\b(?:instructions?|orders?|commands?|(?<!pull )requests?|directives?|tasks?|anything|"
    r"everything|whatever|text)\b"
)
_APPROVED = re.compile(
    r"(?:pre-?)?(?:approved|authori[sz]ed|sanctioned) by me\b|counts? as (?:mine|my own) "
    r"(?:decisions?|calls?|choices?|approvals?|sign-?offs?)\b"
)
_SOURCES = (
    r"\b(?:web ?pages?|websites?|sites?|internet|online|fetched|downloaded|scraped|e-?mails?|inbox|"
    r"issues?|tickets?|bots?|channels?|agents?|tool (?:output|"
    r"results?)|slack|discord|messages?|posts?|files?|pdfs?|attachments?|mailbox|"
    r"logs?|pages? web|téléchargé\w*|courriels?|commentaires?|canal|canaux|fichiers?|páginas?|"
    r"web|sitios?|descargad\w*|correos?|comentarios?|canales|agentes?|mensajes?|archivos?|"
    r"ficheros?|pagine|siti|scaricat\w*|commenti|canal[ei]|agenti|messaggi|"
    r"webseiten?|heruntergeladen\w*|mails?|kommentar\w*|kanal|kanäle|agenten|"
    r"nachrichten|dateien|datei|baixad\w*|comentários?|canais|mensagens?|"
    r"arquivos?|sayfa\w*|indiril\w*|e-?posta\w*|yorum\w*|kanal\w*|mesaj\w*|dosya\w*|stron\w*|"
    r"pobier\w*|pobran\w*|maili|komentarz\w*|zgłosze\w*|kanał\w*|wiadomoś\w*|plik\w*|"
    r"веб\w*|страниц\w*|сайт\w*|интернет\w*|скачан\w*|загружен\w*|почт\w*|пис[её]м\w*|"
    r"письм\w*|коммент\w*|тикет\w*|бот\w*|канал\w*|агент\w*|сообщени\w*|файл\w*)\b|"
    r"ウェブ|ページ|サイト|インターネット|ダウンロード|メール|コメント|チケット|ボット|チャンネル|"
    r"エージェント|メッセージ|ファイル|网页|网站|互联网|网上|下载|邮件|评论|工单|机器人|频道|代理|"
    r"智能体|消息|文件|웹|페이지|사이트|인터넷|다운로드|메일|댓글|이슈|티켓|봇|채널|에이전트|"
    r"메시지|메모|파일"
)
_ELSEWHERE = re.compile(rf"\b(?:{_APPROVABLE})\b|{_SOURCES}")
_ELSEWHERE_UNAPPROVED = re.compile(_SOURCES)
# Orders given in another party's text, posted where anyone writes, in the lexicon's
# languages (round 35: "указания из комментариев …, даже если пользователь просит другое").
_POSTED = re.compile(
    r"\b(?:comments?|issues?|tickets?|e-?mails?|web ?pages?|websites?|bots?|channels?|slack|"
    r"discord|pull requests?|prs?)\b|комментари\w*|тикет\w*|письм\w*|kommentar\w*|"
    r"comentari\w*|commentaire\w*|commenti|comentário\w*|correos?|courriels?|评论|工单|邮件|"
    r"网页|コメント|チケット|メール|댓글|이슈|이메일|yorum\w*|komentar\w*|bình luận|تعليق\S*|"
    r"टिप्पणि\S*"
)
_ORDERS_WORD = re.compile(
    r"\b(?:instructions?|commands?|orders|directives)\b|instrucciones|órdenes|consignes|"
    r"anweisungen|befehle|istruzioni|instruções|указани\w*|инструкци\w*|指令|指示|지시|"
    r"talimat\w*|निर्देश|التعليمات|instruksi|chỉ thị|polecen\w*|instructies"
)
# … carried out by the agent: not instructions it writes there ("keep the setup instructions
# in code comments in English, even if the user asks otherwise": review rvall).
_CARRIED_OUT = re.compile(
    r"\b(?:carr(?:y|ies|ied) out|follow\w*|obey\w*|execut\w*|run|runs|act on|acts on|comply|"
    r"complies|apply|applies|выполня\w*|выполни\w*|следуй\w*|следовать|исполня\w*|"
    r"подчиня\w*|befolg\w*|folge|folgst|ausführ\w*|auszuführen|umsetz\w*|umzusetzen|gehorch\w*|"
    r"exécut\w*|suis|suivre|suivez|appliqu\w*|obéi\w*|sigue|seguir|sigan|siga|segue|ejecut\w*|"
    r"obedec\w*|obedeç\w*|cumpl\w*|cumpr\w*|aplica\w*|esegui\w*|segui|seguire|seguite|"
    r"obbedisc\w*|applica\w*|uygula\w*|yerine getir\w*|takip et\w*|ikuti|jalankan|"
    r"laksanakan|patuhi|làm theo|thực hiện|tuân theo|wykonuj\w*|wykonaj\w*|stosuj\w*|"
    r"przestrzegaj\w*|volg\w*|uitvoer\w*|voer\w*|gehoorza\w*)\b|执行|遵循|遵守|照做|按照|服从|"
    r"听从|実行|従|따르|따라|실행|수행|준수|نفّذ|نفذ|اتبع|اتّبع|पालन"
)
# What lies between "count"/"treat" and the approval it names ("count X as approved by me").
_AS_BEFORE = re.compile(r"(?: \S+){0,7}? as (?:an? |the |being |already )?")
# Round 29: a yes given for the user ("사용자 대신 '허용'을 선택", "im Namen des Nutzers mit Ja
# antworten"): only whom it is given for (``_BEHALF``) raises it, not a risky word ("bei der
# Lizenzfrage des Installers mit Ja antworten" is a setup step).
_YES = (
    r"허용['\"’”]?(?:을|를)? ?(?:선택|클릭|누르)|点[“「\"]?(?:允许|同意)|\bmit ja (?:antworten|"
    r"bestätigen)|répon\w* (?:par )?[«\"“]\s?oui\s?[»\"”]|\brespond\w* [«\"“]sim[»\"”]|trả lời "
    r"[«\"“]?có[»\"”]?|отвеча\w* [«\"]?да\b|\b(?:tool|command|"
    r"prompt|dialog|cli|script)s? (?:asks? for|needs?|requests?) (?:\w+ )?(?:confirmation|approval|"
    r"permission)\b[^.\n]{0,30}?\b(?:confirm|"
    r"approve|accept)\w* (?:it|them) (?:for me|on my behalf|in my name)\b",
)
_BEHALF = re.compile(
    r"\bon (?:the user'?s?|their|his|her|my) behalf\b|\bfor me\b|\bin my name\b|\bin the user'?s "
    r"name\b|\binstead of the "
    r"user\b|\ben (?:nombre|lugar) del usuario|\bau nom de l'utilisateur|\bà la place de "
    r"l'utilisateur|\bim namen des (?:nutzers|benutzers)|\banstelle des (?:nutzers|benutzers)|"
    r"\ba nome dell'utente|\bal posto dell'utente|\bem nome do usuário|\bno lugar do usuário|"
    r"(?:за|вместо|от имени) пользовател|代替用户|替用户|代表用户|以用户(?:的)?名义|사용자 (?:대신|"
    r"이름으로)|ユーザーの(?:代わりに|名前で)|ユーザーに代わって|kullanıcı adına|w imieniu "
    r"użytkownika|thay (?:cho|mặt) người dùng"
)
# Round 29: the user not told, in the other languages ("不用告诉用户", "nie informuj
# użytkownika"): a preference too ("以后改错别字不用告诉用户"), so it weighs 1 and needs both a
# scope and an object that oversight is about (``_OVERSEEN``) or a risky one.
_UNTOLD = (
    r"(?:不用|不必|无需|不需要|不要|别)(?:再)?(?:告诉|告知|报告给|通知)用户|ユーザーに(?:も|"
    r"は)?(?:報告|"
    r"連絡|通知)(?:し)?(?:なくて(?:も)?(?:いい|よい)|ない(?:で|こと))|사용자에게 (?:보고하|알리|"
    r"말하)지 (?:않아도|말고|마)|не (?:сообщай|говори|докладывай)\w* (?:\S+ ){0,3}?пользовател\w*|"
    r"no (?:se )?(?:las |los |le |lo )?(?:reportes|avises|digas|menciones|informes) (?:nada )?al "
    r"usuario|nie (?:informuj|zgłaszaj|mów|powiadamiaj)\w* (?:\S+ ){0,2}?użytkownik\w*|inutile "
    r"d'(?:informer|avertir|prévenir) l'utilisateur|não (?:precisa|é preciso) (?:de )?(?:avisar|"
    r"informar) o usuário|jangan (?:beri tahu|kasih tahu|memberi tahu|bilang ke) pengguna|de "
    r"gebruiker niet (?:te )?(?:vertellen|melden|informeren)",
    # round 62: a negation, a verb of telling and the user, in each language's own order and
    # in any mood ("не докладывать пользователю", "ne dis plus rien à l'utilisateur",
    # "dem Nutzer nichts mehr … sagen", "ユーザーに報告せずに", "사용자에게 알리지 않는다")
    r"keep (?:\w+ ){0,3}?(?:quiet|secret|hidden) (?:from|to) the user\b|"
    r"ne (?:lui |le |leur )?(?:dis|dites|dire|signale\w*|mentionne\w*|préviens|prévenez|prévenir|"
    r"avertis|avertissez|avertir|informe\w*|indique\w*|notifie\w*|parle\w*) (?:plus|pas|jamais)"
    r"(?: rien)?[^.\n;]{0,40}?l'utilisateur|"
    r"no (?:le |les |se lo )?(?:dig\w*|dec\w*|avis\w*|mencion\w*|inform\w*|notifi\w*|report\w*|"
    r"comuni\w*)(?: \S+){0,3}? al usuario|"
    r"não (?:\S+ )?(?:dig\w*|diz\w*|avis\w*|mencion\w*|inform\w*|notifi\w*|report\w*|comuni\w*)"
    r"(?: \S+){0,3}? (?:ao|o|a) usuári[oa]|"
    r"non (?:\S+ )?(?:dir\w*|dì|dica|avvis\w*|inform\w*|segnal\w*|notific\w*|menzion\w*|"
    r"comunic\w*)(?: \S+){0,3}? (?:all'|l')utente|"
    r"dem (?:nutzer|benutzer)\w*[^.\n;]{0,60}?\b(?:nicht|nichts|nie|niemals|kein\w*)\b"
    r"[^.\n;]{0,60}?\b(?:sag|meld|mitteil|mitzuteil|informier|benachrichtig|erwähn|bericht|verrat)\w*|"
    r"не (?:сообщ|говор|сказ|доклад|уведом|информир|рассказ|предупрежд|оповещ)\w* "
    r"(?:\S+ ){0,2}?пользовател\w*|без (?:уведомлени|ведома|сообщени|предупреждени)\w* "
    r"пользовател\w*|"
    r"ユーザー(?:に|へ)(?:は|も)?[^。\n]{0,12}?(?:報告|連絡|通知|伝え|知らせ)(?:せず|しない|しなく|"
    r"ないで|ず)|"
    r"(?:不|别|无需|无须|不必|不用|不要)(?:再)?[^。\n，,]{0,6}?(?:告诉|告知|通知|报告|提醒|汇报)(?:给)?"
    r"用户|(?:瞒着|不让)用户|"
    r"사용자(?:에게|한테)(?:는|도)? (?:\S+ ){0,2}?(?:알리|보고하|말하|통보하)지 (?:않|말|마)",
)
_OVERSEEN = re.compile(
    r"\b(?:memor\w*|herinnering\w*|geheugen|mémoire|memória|pamię\w*|speicher|erinnerung\w*|"
    r"памят\w*|security|sécurité|"
    r"segurança|seguridad|sicherheit\w*|sicurezza|bezpiecze\w*|безопасн\w*|bandit|pip-audit|snyk|"
    r"alert\w*|alertas?|ssh|credential\w*|secrets?|workflows?|ci)\b|记忆|メモリ|記憶|메모리|기억|"
    r"安全|セキュリティ|"
    r"보안|警告|アラート|경고|"
    # round 62: the secrets found, in the lexicon's languages
    r"\b(?:ключ\w*|парол\w*|секрет\w*|токен\w*|mots? de passe|contraseñas?|passw[oö]rt\w*|"
    r"schlüssel\w*|senhas?|chiavi)\b|密钥|密码|パスワード|秘密鍵|비밀번호"
)
# Round 29: a refused write got past the guard by rewording it until it passes.
# "… never reword it", "tell me instead of rewording": the rewording refused, not ordered
_UNDENIED = r"(?<!never )(?<!not )(?<!n't )(?<!instead of )(?<!rather than )(?<!without )"
_EVADE = (
    r"\b(?:refus|block|reject|flag|deni|den(?:y|ies))\w*(?:[^.\n]|\.(?=\S)){0,60}?"
    rf"{_UNDENIED}\b(?:reword|"
    r"rephras|reformulat|paraphras|encod|obfuscat|disguis)\w*(?:[^.\n]|"
    r"\.(?=\S)){0,40}?\buntil (?:it|they|the \w+) (?:\w+ )?(?:pass(?:es)?|go(?:es)? through|"
    r"gets? through|(?:is|are) (?:accepted|stored|saved|allowed)|succeeds?|sticks?)\b",
    r"\b(?:refus|block|reject|flag|deni|den(?:y|ies))\w*(?:[^.\n]|\.(?=\S)){0,60}?"
    rf"{_UNDENIED}\b(?:reword|"
    r"rephras|reformulat|paraphras|split|encod|obfuscat|disguis)\w*(?:[^.\n]|\.(?=\S)){0,40}?\bso "
    r"(?:that )?(?:it|they) (?:pass(?:es)?|go(?:es)? through|gets? through|(?:is|are) accepted)\b|"
    r"\b(?:base64|hex|rot13)[- ]?encod\w* (?:\S+ ){0,6}?(?:refus|block|reject|flag)\w*",
    r"\b(?:reword|rephras|rewrit|reformulat|paraphras)\w* (?:\S+ ){0,6}?until (?:the )?(?:memory "
    r")?(?:guard|scanner|filter|checker)s? (?:\w+ )?(?:accepts?|allows?|lets? (?:it|them) "
    r"through|stops? (?:refusing|blocking))",
    r"reformul\w*(?:[^.\n]){0,40}?(?:jusqu'à ce qu'(?:elle|il|elles|ils) pass|hasta que (?:pase|"
    r"se acepte|lo acepte)|finché non (?:passa|viene accettat)|até (?:que )?(?:passe|passar|ser "
    r"aceit))|formulier\w* (?:\w+ )?um(?:[^.\n]){0,40}?bis (?:sie|er|es) durch(?:geht|kommt)|"
    r"переформулир\w*(?:[^.\n]){0,40}?пока не (?:пройд|прим)|(?:通る|保存される|受け入れられる)"
    r"まで(?:言い換え|書き換え|表現を変え)|(?:换个说法|改写|重新措辞)[^。\n]{0,20}直到(?:通过|"
    r"保存成功|被接受)",
)
# What the refused write was refused by: the memory guard, not a linter, a reviewer or a
# spam filter ("if the spam filter flags the newsletter, reword it until it passes").
_GUARD_REFUSES = re.compile(
    r"\b(?:memory|guard|scanner|injection filter|safety filter|mémoire|memoria|speicher|"
    r"wächter|памят\w*)\b|メモリ|記憶|ガード|スキャナ|记忆|守卫|扫描"
)


_OVERSIGHT = re.compile(
    r"\b(?:tell|inform|notify|ask|report (?:it |this )?to|flag (?:it |this )?to) (?:the user|them|"
    r"me)\b|\b(?:still|but|always|otherwise) ask\b|\bask (?:first|before)\b|\bwith (?:an|"
    r"the) (?:issue|ticket) (?:link|number)|\bonly (?:with|after) (?:the user'?s?|their) (?:ok|"
    r"okay|approval|consent)"
)
# Round 35: a limit kept in the next clause in the other languages ("…; attends mon accord
# pour installer un paquet"): apart, so that a text without its words skips it.
# A word between the verb and "my approval" is no negation: "wacht niet op mijn akkoord" and
# "das benötigt keinesfalls meine Zustimmung" drop the limit (review rvall).
_NOT = (
    r"(?!(?:niet|nooit|geen|nicht|nie|niemals|nimmer|keinesfalls|keineswegs|kein\w*|non|mai|"
    r"affatto|não|nunca|jamais|wcale|never|not|no|pas)\b)"
)
_LIMIT_KEPT = re.compile(
    r"\bwait\w* for my (?:ok|okay|approval|go-ahead|sign-?off)|\bneeds my "
    r"(?:ok|okay|approval|sign-?off)|\bneed my (?:ok|okay|approval|sign-?off)|"
    r"\bgoes through (?:a |the )?(?:normal |usual )?review|"
    # … in the other languages: wait for my OK, needs my approval, through the usual review
    r"\battend\w* (?:mon|ton) (?:accord|feu vert|approbation)|\bmon (?:accord|feu vert) (?:reste|"
    r"est) (?:nécessaire|requis)|\bespera\w* (?:a )?mi (?:visto bueno|aprobaci[oó]n|permiso|ok)|"
    r"\b(?:necesita|requiere)\w* (?:de )?mi (?:visto bueno|aprobaci[oó]n|permiso)|"
    rf"\b(?:brauch|benötig)\w* (?:{_NOT}\w+ )?meine (?:freigabe|zustimmung|genehmigung)|\bwarte\w* "
    r"auf meine (?:freigabe|zustimmung)|\baspett\w* (?:la )?mia (?:conferma|approvazione|ok)|"
    rf"\b(?:serve|richied\w*) (?:{_NOT}\w+ )?la mia (?:conferma|approvazione)|\besper\w* (?:pela |"
    r"a )?minha (?:aprovação|confirmação|autorização)|\b(?:precisa|requer)\w* "
    rf"(?:{_NOT}\w+ )?(?:da )?minha (?:aprovação|confirmação|autorização)|\bwacht\w* "
    rf"(?:{_NOT}\w+ )?op mijn (?:akkoord|goedkeuring|toestemming)|\bgaat via (?:een )?(?:gewone "
    r"|normale )?review|\bgaan via (?:een )?(?:gewone |normale )?review|\bwymaga\w* "
    rf"(?:{_NOT}\w+ )?mojej (?:zgody|akceptacji)|(?:жди|дожидайся) моего (?:одобрения|"
    r"разрешения|подтверждения)|(?:только )?с моего (?:разрешения|одобрения|согласия)|"
    r"需要我(?:的)?(?:同意|批准|确认)|"
    # the verb's ending may negate it: 必要ありません, 필요 없, gerekmez, bekleme (don't wait)
    r"(?:私|わたし)の(?:承認|確認|許可)が必要(?!な|あり|では|じゃ)|제 (?:승인|허락|확인)이 "
    r"필요(?! ?없)|onayımı bekle(?!m(?:e\b|eyin|eden|eksizin|ez|iyor))|onayım(?:ı)? "
    r"gerek(?!m)|cần tôi (?:đồng ý|phê duyệt)|perlu persetujuan saya|"
    # round 39: "always ask for approval" in the languages whose drops round 39 added
    r"תמיד (?:\S+ )?(?:לבקש|לשאול|תבקש|תשאל)|(?:צריך|חייב|יש) (?:\S+ )?(?:לבקש|לשאול) (?:\S+ )?"
    r"אישור|באישור שלי|(?:завжди|обов'язково) (?:\S+ )?(?:питай|запитуй|проси|питати)|(?:чекай|"
    r"потрібн\w*) (?:на )?мо\w+ (?:дозв|підтвердж|схвал)\w*|همیشه (?:\S+ )?(?:بپرس|اجازه|تأیید)|"
    r"باید (?:\S+ ){0,3}?(?:بپرسی|اجازه بگیری|تأیید بگیری)|πάντα (?:να )?ρωτ\w*|περίμενε (?:την )?"
    r"έγκρισή μου|ต้องขอ(?:อนุญาต|ยืนยัน|อนุมัติ)|ต้องถาม|(?:mereu|întotdeauna) (?:să )?(?:întrebi|"
    r"ceri)|aprobarea mea|întreabă (?:\S+ )?(?:întotdeauna|mereu|mai întâi)|mindig kérdezz|"
    r"jóváhagyásom|uliza (?:kwanza|daima)"
)


def _kept_in_loop(cl: Clauses, m: re.Match[str], lo: int, hi: int) -> bool:
    """Oversight kept outside the predicate itself ("… and tell the user"; not the "ask
    before" inside "no longer need to ask before", nor a negated one: "don't … ask first")."""
    s = cl.s
    return any(
        (cl.has(rx, lo, m.start()) or cl.has(rx, m.end(), hi))
        and any(
            _STILL_DONE.search(s, max(lo, o.start() - 30), o.start()) is not None
            or not negated(s, o.start(), None, _part_start(s, lo, o.start()), own=False)
            for o in cl.spots(rx).between(lo, hi)
            if o.end() <= m.start() or o.start() >= m.end()
        )
        for rx in (_OVERSIGHT, _LIMIT_KEPT)
    )


# A negation that keeps the act: "don't forget to tell me", "never fail to notify me".
_STILL_DONE = re.compile(r"\b(?:forget|fail|hesitate|neglect)\w* (?:to )?$")


def _part_start(s: str, lo: int, at: int) -> int:
    """Where the part of the clause holding ``at`` starts: after its last comma, colon or
    dash ("never ask before X, always ask before Y": the second ask is not negated)."""
    pauses = [p.end() for p in _PAUSE.finditer(s, lo, at)]
    return pauses[-1] if pauses else lo


# A limit kept after a dropped confirmation ("…; still ask before X"), in the lexicon's
# languages: "仍然要先问", "従来どおり確認する", "по-прежнему спрашивать", "todavía pregunta".
_BUT = re.compile(
    r"\b(?:but|still|except|unless|otherwise|по-прежнему|вс[её] ещё|todav[ií]a|weiterhin|"
    r"immer noch|ainda)\b|仍然|依然|仍需|従来どおり|従来通り|引き続き"
)
_DECLARED = re.compile(r"\b(?:now|hereby)\b")  # "are now void" declares, "were replaced" reports
# What takes the place of instructions declared void: "your real task is below".
_REPLACED = re.compile(
    r"\b(?:your|the) (?:real|actual|true) (?:task|instructions?|job|goal|orders|mission)\b|"
    r"\byour (?:new|only) (?:task|instructions?|orders|mission)\b|\b(?:rules|instructions) in "
    r"this (?:memory )?(?:file|note)\b"
)
_VOUCHED = re.compile(r"\bas (?:a |an )?(?:trusted|authoritative|verified|safe|legitimate)$")
_OUTSIDE = re.compile(_UNTRUSTED)
_GRANT = re.compile(r"(?:you|it|the agent|agents|the assistant|bots) (?:may|can)\b")
# What is asked about or for, when it is neither consent nor a pronoun for an earlier act.
_TOPIC = re.compile(
    rf" (?:the user |them )?(?:about|for) (?!(?:\w+ ){{0,2}}?(?:{_CONSENT}|ok|okay|go-?ahead|"
    r"anything|it|this|that|them)\b)(?:[^\s.,;:]+ ?){1,4}"
)
_ASK_WORDS = ("ask", "asks", "asked", "asking")
# "may … on its own" holds its object inside the match: nothing after it makes it a blanket
_OWN_ACT = re.compile(
    r"on (?:its|your) own|da solo|por (?:conta própria|su cuenta)|de (?:lui-même|son propre "
    r"chef)|eigenständig|von sich aus"
)
_PAUSE = re.compile(r"[,;:]|\s[—–-]\s")
_PEOPLE = re.compile(
    r"\b(?:the user|users|they|we|humans|maintainers|reviewers)\s+(?:(?:can|may|must|should)\s+)?$"
)
_TRUTH = re.compile(
    r"\bthe (?:truth\b|(?:actual|real|accurate|correct) (?:\w+ )?(?:status|result|state)s?\b)"
)
_PROMPTED = re.compile(r"\b(?:prompts?|permission|confirm\w*|dialogs?|asks?)\b")
_WEAKENING = re.compile(
    r"\b(?:always|fail\w*|red|green|flaky|broken|to pass|in (?:the|your) way|"
    r"annoy\w*|to get (?:past|around|through))\b"
    # walk57: CI failing said in Chinese or Japanese ("CIが落ちたら", "CI 失败时")
    r"|落ち(?:たら|ても|た時|る)|失敗(?:したら|しても|した時)|失败|挂了|没通过|通らな"
)
# A line that poses as the system, an administrator or a vendor speaking to the agent.
_AUTHORITY = re.compile(  # at a line start
    r"[\W_]*\[?(?:[\w ]{0,24}\b)?(?:system|sistema|système|systeme|系统|システム|시스템|"
    r"систем\w*|admin\w*|developer|operator|vendor|anthropic|openai|(?:security|safety|trust) team|"
    r"from it(?= ?[:：])|override)(?:[ \w]{0,20})\]?\s*[:：]"
)
_ATTENTION = re.compile(r"\battention,? (?:all )?(?:ai|llm) (?:agents?|assistants?|models?)\b")


def _spoken_as_authority(s: str, start: int) -> bool:
    """Whether the line of ``start`` or the one before it is labelled as the system, an
    administrator or a vendor (within ``REACH``). A label starts a line, so only the two line
    starts are tried: a search across the window cost ``REACH`` steps per anchor."""
    lo = max(0, start - REACH)
    here = s.rfind("\n", max(0, lo - 1), start)  # newlines before ``lo - 1`` start no line here
    prev = -1 if here == -1 else s.rfind("\n", max(0, lo - 1), here)
    lo = prev + 1 if prev != -1 else lo  # the line before this one, within ``REACH``
    starts = {p for p in (here + 1, prev + 1) if lo <= p < start and (p == 0 or s[p - 1] == "\n")}
    if any(_AUTHORITY.match(s, p, start) is not None for p in starts):
        return True
    return s.find("attention", lo, start) != -1 and _ATTENTION.search(s, lo, start) is not None


_SELF = (
    r"(?:this|these|the following|that) (?:exact |same |very |whole )?(?:rule|memory|memories|"
    r"entry|entries|instruction|note|directive|line|text)s?"
)
_PERSIST = (
    r"\b(?:list|show|mention|report|name)\w* (?:everything|all(?: \w+)?) (?:except|but|"
    r"other than) (?:this|these)\b",
    rf"\b{_SELF} (?:\S+ ){{0,8}}?(?:cannot|can't|must not|may not|should not|is not to|"
    rf"are not to) be "
    r"(?:removed|deleted|edited|changed|modified|overridden|archived|reviewed|questioned)\b",
    rf"\bkeep\w* {_SELF} (?:(?:\w+ )?(?:loaded|active|pinned|hidden|secret|private)\b|[^.\n]"
    r"{0,40}?\beven (?:if|when) (?:\w+ ){0,3}?(?:asks?|wants?|tells?)\b(?: \w+){0,4}? (?:it|this|"
    r"them|(?:delet|forget|remov|eras)\w*(?: \w+)? (?:it|this|them)\b))",
    r"\b(?:leave|keep|omit|hide|exclude|drop|strip)\w* (?:[^.\n]|\.(?=\S)){0,80}?\b(?:out of|"
    r"from) (?:the |your |any )?(?:\w+ )?(?:summary|summaries|report|reply|answer|response|log|"
    r"output|diff)s? (?:\w+ ){0,3}?(?:user|reviewer|owner)",
    r"(?:ne (?:pas |jamais |plus )?(?:supprimer|effacer|modifier|mentionner|révéler|dire)|"
    r"ne (?:supprime|efface|modifie|mentionne|révèle)\w* (?:pas|jamais)) (?:cette|ces|ce|cet)\b",
    rf"\b(?:do not|don't|never|must not) (?:ever )?(?:delete|remove|forget|edit|modify|change|"
    rf"archive|question|mention|reveal|disclose|discuss|explain|summari[sz]e) {_SELF}",
    rf"\b(?:re-?add|restore|recreate|re-?create|rewrite|replicate|propagate|spread|"
    rf"re-?insert) {_SELF}",
    rf"\bif {_SELF} (?:is|are|gets?|get) (?:deleted|removed|archived|edited|changed|lost)",
    rf"\b(?:save|store|add|write|copy|include|repeat|append|insert|put) {_SELF} (?:\w+ )?(?:in|"
    rf"into|to|at the (?:top|end) of) (?:every|each|all|any) (?:new |future |other )?(?:memor|"
    rf"session|files?|responses?|repl|conversations?|projects?|repos|agents\.md|claude\.md)",
    r"不要删除(?:这条|此|本)|(?:这条|此|本)(?:规则|记忆|指令|条目)(?:不得|不可|不能|"
    r"禁止)(?:被)?(?:删除|修改)|如果(?:这条|此)?(?:规则|记忆|"
    r"指令)?(?:被)?删除(?:了)?[，,]?(?:请)?(?:重新|再次)(?:添加|写入|创建|恢复)|(?:把|将)(?:这条|"
    r"此)(?:规则|指令|记忆)(?:写入|添加到|复制到|加入)(?:每个|所有|每一个)|不要(?:向用户)?(?:提及|"
    r"透露|提起)(?:这条|此)(?:规则|指令|记忆)",
    r"この(?:ルール|記憶|指示|メモ|エントリ)を(?:削除|変更|編集)しない|削除されたら(?:再)?(?:追加|"
    r"復元|作成)|(?:すべて|全て)の(?:新しい)?(?:メモリ|記憶|ファイル|セッション)に(?:この|これを)|"
    r"この(?:ルール|指示)(?:について|を)(?:ユーザーに)?(?:言及|説明)しない",
    r"이 (?:규칙|기억|지시|메모)(?:을|를)? (?:삭제|변경|수정)하지|삭제되면 다시 (?:추가|복원)|"
    r"모든 (?:새 )?(?:메모리|기억|파일|세션)에 (?:이|이것을)",
    r"не удаляй (?:это|эту|эти|этот)|если (?:это|эту|этот) (?:правило|запись|заметку)? ?(?:удалят|"
    r"удалили)|добавь (?:это|эту|этот) (?:правило|запись|заметку|текст) во (?:все|каждую)|"
    r"не упоминай (?:это|эту|этот) (?:правило|инструкцию)",
    r"no (?:borres|elimines|modifiques|menciones) (?:esta|estas|este|estos) (?:regla|nota|memoria|"
    r"instrucci[oó]n|entrada)|si (?:se )?(?:borra|elimina)n? (?:esta|"
    r"este),? (?:vuelve a )?(?:a[nñ]adirla|agregarla|crearla|restaurarla)|copia (?:esta|"
    r"este) (?:regla|instrucci[oó]n|nota) en (?:cada|todas)",
    r"ne (?:supprime|efface|modifie|mentionne) (?:pas|jamais) (?:cette|ces|ce) (?:règle|note|"
    r"mémoire|instruction|entrée)|si (?:elle|cette règle|cette note) est supprimée|copie (?:cette|"
    r"ce) (?:règle|instruction|note) dans (?:chaque|toutes)",
    r"(?:lösche|ändere|erwähne) (?:diese|diesen|dies) (?:regel|erinnerung|anweisung|notiz|"
    r"eintrag) (?:nie|niemals|nicht)|falls (?:sie|diese) (?:regel|notiz)? ?gelöscht|"
    r"kopiere (?:diese|diesen) (?:regel|anweisung|notiz) in (?:jede|alle)",
    r"non (?:cancellare|eliminare|modificare|menzionare) (?:questa|queste|questo) (?:regola|nota|"
    r"memoria|istruzione)|se (?:questa|questo) (?:regola|nota)? ?(?:viene|vengono) (?:cancellat|"
    r"eliminat)\w*",
    r"não (?:apague|exclua|modifique|mencione) (?:esta|estas|este) (?:regra|nota|memória|"
    r"instrução)|se (?:esta|este) (?:regra|nota)? ?for (?:apagad|excluíd)\w*",
    r"bu (?:kuralı|notu|talimatı) (?:silme|değiştirme|söyleme)|silinirse (?:tekrar|yeniden) ekle",
    # round 29: the same copy in the other word orders ("每次…都把这条规则复制进去")
    r"(?:每次|每个|所有)[^。\n]{0,20}(?:把|将)(?:这条|此)(?:规则|指令|记忆)(?:复制|写|加|添加)|"
    r"kopier\w* (?:du )?diese (?:regel|anweisung|notiz) in jede|(?:re)?copie\w* cette (?:règle|"
    r"instruction|note) dans (?:chaque|tous|toutes)|копируй (?:это|эту) (?:правило|указание|"
    r"заметку|запись) в кажд",
)
_REMOTE = (
    r"\b(?:fetch|load|read|visit|download|get|open|curl|retrieve|"
    r"check)\w* [^\n]{0,80}?(?:https?://|\b[\w-]+\.[a-z]{2,}/)\S++[^\n]{0,80}?\b(?:and |"
    r"then )?(?:follow|obey|execute|apply|act on|carry out|do what|run what|treat (?:it|"
    r"them) as)\w* (?:(?:all |any |the |its |every )?(?:instructions?|commands?|orders|directives|"
    r"steps|tasks)|it says|they say|whatever)",
    r"\b(?:instructions?|commands?|orders|tasks|directives) (?:are |will be )?(?:at|from|on|"
    r"in) (?:https?://|\b[\w-]+\.[a-z]{2,}/)\S+",
    r"(?:heartbeat|beacon|check[\s-]?in|report (?:in|back)) (?:to|with) (?:https?://|"
    r"\S+\.\w{2,}\b)",
    r"(?:获取|下载|读取|访问)[^。\n]{0,60}(?:https?://)[!-~]++[^。\n]{0,40}(?:并|然后)?(?:执行|"
    r"遵循|"
    r"照做|按照)[^。\n]{0,10}(?:指令|命令|说明|要求)?",
    # the URL ends at the next one: from each ``https://`` the scan stops at the next
    r"(?:https?://)(?:(?!https?:)[!-~])++[^。\n]{0,40}(?:の指示に従|の内容を実行|を取得して実行)",
    r"(?:загрузи|скачай|получи|открой)\w* [^.\n]{0,60}https?://\S++[^.\n]{0,40}(?:и )?(?:выполни|"
    r"следуй)",
    r"(?:descarga|obt[eé]n|lee|abre)\w* [^.\n]{0,60}https?://\S++[^.\n]{0,40}(?:y )?(?:sigue|"
    r"ejecuta(?!bl)|obedece)",
    r"(?:télécharge|récupère|lis|ouvre)\w* [^.\n]{0,60}https?://\S++[^.\n]{0,40}(?:et )?(?:suis|"
    r"exécute|applique)",
)
_RISKY = (
    r"\b(?:permission|confirmation|approval) (?:prompts?|dialogs?|requests?)\b|\b(?:run|"
    r"execute)\w* (?:shell |terminal |arbitrary )?commands\b|\b(?:any|every|all|each) (?:\w+ "
    r")?(?:prompts?|dialogs?|confirmations?)\b|\b(?:all|any|every|everything|anything|whatever|"
    r"arbitrary|unrestricted)\b(?: \w+)? (?:commands?|actions?|tools?|operations?|changes?|"
    r"requests?|files?|tasks?|scripts?|code|writes?|deletions?|payments?|transfers?|purchases?|"
    r"emails?|messages?|comments?|tickets?|issues?|instructions?|domains?|hosts?|urls?|sites?|"
    r"websites?|servers?)|\b(?:without (?:\w+ ){0,2}(?:asking|checking|confirm\w*|approval|review|"
    r"verification|telling)|automatically|auto-approve|--yes\b|-y\b|quietly|silently|whenever|no "
    r"need to|anyone|on (?:their|his|her|my|the user'?s) behalf)\b|\bso (?:that )?(?:ci|the "
    r"pipeline|the build|checks?|tests?|it) (?:pass|passes|is green|goes green|succeeds?)\b|\bto "
    r"make (?:ci|the pipeline|the build|checks?|tests?) (?:pass|green)\b|\b(?:delet\w*|remov\w*|rm "
    r"-|deploy\w*|(?:merged|approved) by the agent|(?:merg|approv)\w* (?:its|your) own|force|"
    r"publish\w*|releas\w*|spend\w*|\$\d|main\b|master\b|network\w*|outbound|"
    r"internet|egress|pay\w*|transfer\w*|purchas\w*|buy\w*|wire\w*|refund\w*|sudo|root|drop\w*|"
    r"truncat\w*|wip(?:e|es|ed|ing)\b|reset --hard|hard reset|factory reset|install\w*|shell|"
    r"terminal|production|prod\b|credentials?|secrets?|passwords?|keys?|tokens?|money|funds|bank|"
    r"invoices?|external|third[- ]party|https?://|curl|wget)",
    r"所有|任何|一切|一律|凡是|权限|删除|部署|推送|付款|转账|购买|生产|密码|密钥|凭证|外部|命令|"
    r"すべて|"
    r"全て|任意|削除|デプロイ|プッシュ|支払|送金|購入|本番|パスワード|コマンド|모든|어떤|"
    # walk57: not マージ (English "merge" is no risk either), but main beside CJK ("mainに")
    r"(?<![a-z0-9_])(?:main|master)(?![a-z0-9_])|"
    r"삭제|지[우워울운]|배포|푸시|결제|송금|구매|명령|все|любы\w*|удал\w*|развер\w*|оплат\w*|"
    r"перевод\w*|"
    r"покуп\w*|команд\w*|парол\w*|todos?|todas?|cualquier|borrar|eliminar|desplieg\w*|desplegar|"
    r"producci[oó]n|pagos?|transferencias?|comandos?|tous|toutes|n'importe|supprimer|déploy\w*|"
    r"pouss\w*|paiements?|virements?|commandes?|alle(?!en\b|in)|jede(?!rzeit|nfalls)\w*|lösch\w*|"
    r"bereitstellen|produktion\w*|"
    # a compound ("Produktionsdeploy") from its first letter: ``\w*deploy`` tried at every
    # letter of a long word re-read the word from each (7 s on 64 KiB of Chinese)
    r"\b\w*deploy\w*|(?<=\w)deploy\w*|zahlungen|überweisungen|befehle|tutti|tutte|qualsiasi|"
    r"eliminare|pagamenti|bonifici|comandi|qualquer|apagar|implantar|pagamentos|transferências|tüm|"
    r"her (?:şey|komut)|sil|ödeme|komut|xóa|triển khai|sản xuất|mọi|tất cả|حذف|احذف|نشر|الإنتاج|كل|"
    r"جميع|"
    r"हटा|डिलीट|डिप्लॉय|प्रोडक्शन|सभी|verwijder\w*|productie|alle(?!en\b|in)",
    # round 35: installing, passwords, publishing and acting in the user's name, in the
    # languages the first lists lacked them in
    # Words common elsewhere only in the sense meant (review rvall): ru "установить" also sets
    # a value, it "parola" is a word, "публикации"/"pubblicazioni" are publications, 公開 public.
    r"instal\w*|установ\w* (?:\S+ ){0,2}?(?:пакет|библиотек|зависимост|модул|программ|"
    r"приложени|расширени|плагин|обновлени|софт|утилит|драйвер)|(?:пакет|библиотек|"
    r"зависимост)\w* (?:\S+ ){0,2}?установ|インストール|설치|cài (?:đặt|gói)|memasang|"
    r"passw[öo]rt\w*|contraseñas?|mots? de passe|senhas?|비밀번호|şifre\w*|parola[ylsnmdt]\w*|"
    r"\bparola (?:gir|değiş|sıfırla|oluştur|paylaş|gönder)|wachtwoord\w*|hasł\w*|haseł|"
    r"kata sandi|mật khẩu|veröffentlich\w*|publier|publie\w*|publicar|pubblica(?!zion)\w*|"
    r"pubblicazion\w* (?:\S+ ){0,3}?(?:pacchett|release|version|rilasci|npm|pypi)|публику\w*|"
    r"публиков\w*|публикаци\w* (?:\S+ ){0,2}?(?:пакет|релиз|верси|сборк|npm|pypi)|"
    r"опубликова\w*|发布|公開(?:し|す|さ|でき)|リリース|릴리스|yayınla\w*|publiceer\w*|"
    r"publikow\w*|phát hành|"
    r"in meinem namen|en mon nom|en mi nombre|a mio nome|em meu nome|от моего имени|以我的名义|"
    r"私の名前で|내 이름으로|benim adıma|namens mij|w moim imieniu|atas nama saya|thay mặt tôi",
    # a target outside the task (outside the repository, the system's configuration), the
    # user's name, and "whatever …" in the other languages of the lexicon
    r"\boutside (?:the |this |of the )?(?:repo\w*|project|workspace|working (?:dir\w*|folder))|"
    r"\bsystem (?:config\w*|settings|files)\b|fuera del (?:repositorio|proyecto)|"
    r"configuraci[oó]n del sistema|hors du (?:dépôt|projet)|configuration du système|"
    r"paramètres (?:du )?système|fora do (?:repositório|projeto)|configurações do sistema|"
    r"ausserhalb des (?:repos|repositorys|projekts)|system(?:einstellungen|konfiguration)|"
    r"fuori dal (?:repository|progetto)|impostazioni di sistema|仓库之外|项目之外|"
    r"系统(?:配置|设置)|"
    r"リポジトリ外|システム設定|вне (?:репозитория|проекта)|(?:системн\w* настройк|настройк\w* "
    r"системы)\w*|au nom de l'utilisateur|en (?:nombre|nome) del? (?:usuario|utente)|em nome do "
    r"usuário|im namen des (?:nutzers|benutzers)|a nome dell'utente|quel(?:le)?s? que soi(?:t|ent)|"
    r"sea cual sea|seja qual for|qualunque|egal (?:welche|wer|was)|\binstal(?:ar|e|a|en)\b|"
    r"wszystk\w*|dowoln\w*|usu[nwń]\w*|skasuj\w*|wdr[oa]ż\w*|produkcj\w*|hasł\w*|"
    r"poza repozytorium|ustawie\w* systemow\w*|w imieniu użytkownika|以用户(?:的)?名义|代表用户|"
    r"ユーザーの名前で|ユーザーに代わって|사용자 (?:이름으로|대신)|от имени пользователя|"
    r"kullanıcı adına|无论|不管|を問わず|상관없이|независимо от|저장소 (?:밖|외부)|시스템 설정|"
    r"depo dışında|sistem ayarları|\bsemua\b",
    # round 29: "any command" and secrets in more languages, a forced push
    r"bất kỳ|mọi lệnh|أي أمر|أي (?:ملف|شيء)|किसी भी|कोई भी|シークレット|시크릿|"
    r"\bсекрет\w*|\bsegret\w*|\bsegredo\w*|\bsecreto\w*|\bgeheimnis\w*|\bforce[- ]push\w*|"
    r"\bpush forcé|強制プッシュ|강제 푸시|强制推送|принудительн\w* пуш",
    # round 29: the agent's own rules (what it would change without a word to the user), and
    # code that was downloaded (what it would run)
    r"\byour own (?:\w+ )?(?:rules|instructions|guardrails|restrictions|permissions|system "
    r"prompt)\b|"
    r"\btes propres (?:règles|consignes|instructions|restrictions|permissions)|\btus propias "
    r"(?:reglas|instrucciones|restricciones)|\bdeine eigenen (?:regeln|anweisungen|"
    r"einschränkungen|berechtigungen)|\ble tue (?:stesse )?(?:regole|istruzioni|restrizioni)|"
    r"\b(?:suas|tuas) próprias (?:regras|instruções|restrições)|\bсво(?:и|ими|ё) (?:собственн\w+ "
    r")?(?:правил|инструкци|ограничени)\w*|自分の(?:ルール|指示|制限)|你自己的(?:规则|指令|限制)|"
    r"\bdownloaded (?:scripts?|binar\w+|code|executables?|installers?)\b|\b(?:scripts?|binaires?|"
    r"exécutables?) téléchargé\w*|\b(?:scripts?|binarios?|ejecutables?) descargad\w*|"
    r"\bheruntergeladen\w* (?:skripte?|programme?)\b|\bscript scaricat\w*|\bscripts? baixad\w*|"
    r"senza (?:dirlo|avvisare|informare) (?:all')?utente|sem avisar o usuário|sin avisar al "
    r"usuario|sans (?:le dire|prévenir) (?:à )?l'utilisateur",
    # round 39: access rights, deleting and every/any in the languages added to the drops
    r"\biam\b|uprawnie\w*|הרשאות|دسترسی|مجوز\S*|права доступу|дозвол\w* доступу|删|"
    r"видал\w*|διαγρ\w*|παραγωγ\w*|למחוק|מחיקת|פריסה|פרודקשן|"
    r"پاک کردن|استقرار|șterge\w*|producți\w*|töröl\w*|futa|ลบ|ทุกคำสั่ง",
)

# Pushing is routine inside one workflow ("push the PR branch without asking again"); it is
# risky when confirmation is dropped for it from now on ("ab jetzt …, bevor du pushst").
_RISKY_WHEN_SCOPED = re.compile(r"\bpush\w*|\bgepusht\b")

# Something kept from the user as a standing practice (a scope makes it an order).
_HIDE = (
    r"\bstop (?:telling|informing|mentioning|notifying|reporting to) (?:\w+ ){0,2}?the user\b|"
    r"\b(?:without|never|do not|don'?t) (?:(?:ever|under any circumstances|at any point|at all|"
    r"even once|really) )?(?:tell\w*|inform\w*|disclos\w*|mention\w*|say\w*|reveal\w*) (?:\w+ "
    r"){0,2}?(?:the user(?!'s)|that (?:this|it) is|it'?s (?:a )?(?:sponsored|paid|an ad|"
    r"promot\w*))|ユーザーに(?:は)?(?:伝え|言わ|知らせ)(?:ず|ないで|なくて(?:も)?(?:よい|いい))|"
    r"(?:不要|不|别)告诉用户|瞒着用户|sin (?:decir|avisar|mencionar|informar)(?:le)? (?:al usuario "
    r"|que )|sans (?:prévenir|avertir|informer) l'utilisateur|"
    r"senza dire che|senza (?:avvisare|informare) l'utente|sans (?:le )?dire (?:à "
    r"l'utilisateur|que)|ohne (?:es )?dem (?:nutzer|benutzer) zu sagen|sem (?:dizer|avisar) (?:ao "
    r"usuário|que)|без упоминания|не (?:говори|сообщай) пользователю|kullanıcıya söyleme|دون إبلاغ "
    r"المستخدم|उपयोगकर्ता को बताए बिना|사용자에게 알리지 (?:말고|않고)|không (?:nói|báo) (?:cho|"
    r"với) người dùng|zonder het de gebruiker te vertellen",
    # an infinitive order not to tell the user (fr, de, es, it, pt)
    r"ne (?:plus|jamais|pas) (?:signaler|mentionner|dire|indiquer|montrer)(?: rien)? à "
    r"l'utilisateur|dem (?:nutzer|benutzer) (?:\w+ )?nicht (?:mehr )?(?:melden|sagen|mitteilen|"
    r"zeigen)|no (?:le )?(?:avises|digas|menciones|informes|comentes) (?:más |nada )?al usuario|"
    r"non (?:dire|segnalare|mostrare) (?:più |niente )?all'utente|não (?:diga|avise|informe|"
    r"mencione) (?:mais |nada )?ao usuário",
)
_DECEIVE = (
    # something else done instead, then reported as the act the user asked for
    r"\binstead\b[^.\n]{0,60}?\b(?:confirm|tell|report|say|claim|assure)\w* (?:to )?(?:the user |"
    r"them )?(?:that )?(?:it|they|this|that|these|those|the \w+|all \w+) (?:was|were|is|are|has "
    r"been|have been) (?:deleted|removed|erased|purged|sent|done|fixed|completed|gone)\b",
    r"\b(?:(?:tell|say|report|claim|assure|state|confirm|cite|attribute|"
    r"credit)\w* (?:to )?(?:the user|them|him|her|everyone|the team)?(?: that)?|(?:answer|reply|"
    r"respond)\w* (?:to \w+ )?that)[^.\n]{0,80}?\b(?:even (?:when|if|though)|regardless of|"
    r"no matter|whether or not|irrespective of)\b",
    r"\bif (?:the user|they|anyone|someone|a reviewer) asks? (?:about|whether|which|if|what|"
    r"for) (?:\w+ ){0,4}?(?:memor\w*|rules?|instructions?|notes?|this|changes?|"
    r"tests?)\b[^.\n]{0,60}?\b(?:say|tell|answer|reply|respond|deny|claim)\w*",
    r"\bif (?:the user|they|anyone|someone|a reviewer|he|she) asks?\b[^.\n]{0,80}?\b(?:say|tell "
    r"(?:them|the user|him|her)|reply|answer|respond)\w*(?: that)? (?:nothing|none|no |there (?:is|"
    r"are|were) no|everything is (?:fine|normal|ok)|all is well|it'?s? (?:normal|fine|nothing))",
    r"\bclaim\w* (?:that )?(?:the )?(?:tests?|ci|the build|builds?|it|everything|checks?) (?:pass|"
    r"passed|is green|are green|succeeded|works?|worked)\b|\breport(?!s\b)\w* (?:them|it|(?:the )?"
    r"(?:failing )?(?:tests?|failures?|builds?|checks?|ci|runs?)) as (?:green|pass\w*)\b",
    r"(?:告诉|告知|回复|对)用户[^。\n]{0,40}(?:即使|无论|不管|哪怕)|(?:即使|无论|不管|"
    r"哪怕)[^。\n]{0,40}(?:都|也)(?:告诉|说|回复)|如果用户问(?:起)?[^。\n]{0,30}(?:就说|回答|否认)",
    # round 29: "say it was deleted but keep it", "when a test fails, tell them it passes"
    r"\b(?:say|tell (?:them|the user)|answer|reply|report|confirm)\w* (?:that )?(?:it|this|the "
    r"\w+|they) (?:was|were|has been|have been|is) (?:deleted|removed|gone|erased)[^.\n]{0,40}?\b"
    r"(?:but|and) (?:keep|retain|leave)\b|\b(?:fail\w*|red|broken)\b[^.\n]{0,60}?"
    r"(?<!never )(?<!not )(?<!n't )\b(?:tell|say|"
    r"report)\w* (?:to )?(?:them |the user |him |her )?(?:that )?(?:it|they|the tests?|everything|"
    r"all(?: tests)?) (?:pass(?:es|ed)?|(?:is|are) (?:green|passing|fine)|succeeded)\b|"
    r"(?:失败|没通过|报错)[^。\n]{0,20}(?:跟|对|告诉)用户(?:说)?[^。\n]{0,6}(?:全部)?(?:通过|成功|"
    r"没问题)|(?:失敗|落ち)[^。\n]{0,20}ユーザー(?:に|には)[^。\n]{0,6}(?:成功|通過|"
    r"パス)(?:した)?と"
    r"(?:報告|伝え|言)|échou\w*[^.\n]{0,40}dis à l'utilisateur qu'(?:ils|elles|il|elle|tout) "
    r"(?:passent|passe|est vert|fonctionne)|(?:fehlschlag\w*|rot)[^.\n]{0,40}dem (?:nutzer|"
    r"benutzer) sagen, dass (?:alles|sie|es) (?:grün|bestanden|ok)|说(?:已经)?删除了[^。\n]{0,10}"
    r"(?:但|实际上)[^。\n]{0,8}保留|削除したと(?:答え|伝え|言)[^。\n]{0,15}残|(?:dile|di|responde|"
    r"contesta|confirma)\w* (?:que )?se (?:borró|eliminó)[^.\n]{0,20}pero (?:mantenla|mantenlo|"
    r"consérvala|"
    r"guárdala|no la borres|no lo borres)|\bsag\w*,? (?:sie|es|die notiz) sei gelöscht[^.\n]{0,30}"
    r"behalte",
    # round 29: asked a question, answer no (or yes) whatever the truth; "say you forgot it"
    r"\b(?:asks?|asked)\b[^.\n]{0,60}?\b(?:say|answer|reply)\w* (?:with )?[«\"“']?(?:no|yes)\b"
    r"(?! or (?:no|yes)\b)"
    r"[^.\n]{0,30}?\beven (?:if|though|when)\b|\bpregunt\w*[^.\n]{0,60}?\b(?:di|responde|"
    r"contesta)\w* (?:que )?(?:no|sí)\b[^.\n]{0,30}?(?:aunque|incluso si)|\bdemand\w*[^.\n]"
    r"{0,60}?\b(?:dis|réponds)\w* (?:que )?(?:non|oui)\b[^.\n]{0,30}?même si|\bfrag\w*[^.\n]"
    r"{0,60}?\b(?:sag|antwort)\w* (?:mit )?(?:nein|ja)\b[^.\n]{0,30}?(?:auch|selbst) wenn|"
    r"\bchied\w*[^.\n]{0,60}?\b(?:di'?|rispondi)\w* (?:che )?(?:no|sì)\b[^.\n]{0,30}?anche se|"
    r"问[^。\n]{0,30}?(?:就)?(?:说|回答)[^。\n]{0,10}(?:即使|哪怕|就算)|聞かれ[^。\n]{0,30}?"
    r"(?:ても|でも)[^。\n]{0,10}と(?:答え|回答|言)|\bsay (?:that )?you (?:forgot|deleted|removed|"
    r"erased) (?:it|them|that)\b[^.\n]{0,30}\b(?:but|and) (?:keep|retain)|\bdis (?:que )?"
    r"(?:c'est|tu l'as) (?:oublié|supprimé|effacé)[^.\n]{0,30}(?:mais|et) (?:garde|conserve)|"
    r"\bdi' che (?:l'hai |è stato )?(?:dimenticat|cancellat|eliminat)\w*[^.\n]{0,30}ma "
    r"(?:tienilo|tienila|conservalo|conservala)",
    r"(?:(?:dile|di|responde|dites|dis|sag|sage|dica|diga)\w* (?:al usuario|à l'utilisateur|"
    r"dem (?:nutzer|benutzer)|ao usuário)|(?:respond|répond|antwort|rispond|отвеча|ответ|"
    r"скажи|говори)\w*,? (?:que|qu'|dass|che|что))[^.\n]{0,80}?(?:aunque|incluso si|même si|"
    r"auch wenn|selbst wenn|mesmo que|anche se|даже если)",
)

# Operations that destroy data or open access; an order to run them is dangerous unless
# the user is asked (scope, "without", "automatically", production raise the score).
_DANGER = (
    r"\bdrop (?:database|schema|table)s?\b(?! if exists)|\btruncate table\b|\bterraform destroy\b|"
    r"\bkubectl delete (?:ns|namespace|--all|all)\b|\bgit reset --hard origin\b|\b(?:delet|remov|"
    r"wip|purg)\w* (?:all|every) (?:\w+ )?(?:branches|backups|snapshots|logs|audit logs|databases|"
    r"buckets|users|repos|repositories)\b",
)
# Changes that open access or remove oversight: refused outright.
# round 43: "`PermitRootLogin` на `yes`"; 44: "(back) to", "zurück auf", not "defaults to";
# 46: the wider forms an ordered verb sets are read by ``_threats._sshd_yes``
SSHD_YES = (
    r"\bpermitrootlogin\W{1,4}(?:(?:(?:zurück|обратно|back)\s{1,4})?(?:на|auf|to)\W{1,4})?yes\b|"
    r"\bpasswordauthentication\W+yes\b|\bpermitemptypasswords\W+yes\b"
)
_OPENING = (
    r"\bclusterrolebinding\b[^\n]{0,80}?cluster-admin|\badministratoraccess\b|\"action\":\s*\"\*\"|"
    r"\biam:\*|/var/run/docker\.sock|\bpull_request_target\b[^\n]{0,80}?secrets|"
    # the privileged trigger running the fork's own code
    r"\bpull_request_target\b[^\n]{0,120}?(?<!never )(?<!not )\b(?:check\w* out|checkout|"
    r"ref:)[^\n]{0,40}?pull_request\.head\.(?:sha|ref)\b|"
    r"\bcredential\.helper\W+store\b|--privileged\b|-v /:/|0\.0\.0\.0/0",
    r"\b(?:add|invite|make)\w* (?:\S+ ){0,4}?(?:an? )?(?:admin|owner|maintainer)\w* collaborator|"
    r"\b(?:add|invite|make|aggiung|añad|agreg|ajout|adicion|füg|добав)\w* (?:\S+ ){0,5}?(?:as|come|"
    r"como|comme|als|как) (?:an? |un |una |um |uma )?(?:admin|owner|amministrat|propriet)\w*"
    r"[^.\n]{0,30}?\b(?:all|every|tutti|todos|tous|alle|все)\b(?: (?:\w{1,5}|\S+'s?)){0,4}"
    r" (?:repo|dépôt|org|proje|proge|proye|account|cuenta|compte|konto|проект)|"
    r"\b(?:grant|give|add|promot|elevat)\w* (?:\S+ ){0,4}?(?:admin|owner|root|sudo|superuser|"
    r"maintainer)\w* (?:rights|access|permissions?|privileges|role|status)\b|\b(?:has been|"
    r"have been|was|were|is|are) granted (?:\w+ )?(?:admin|administrator|root|owner|superuser)\b|"
    r"\busermod\s+-a?G\s+(?:sudo|wheel|docker|admin)\b|\bchmod\s+u\+s\b|\bsetcap\b|\bmake (?:the |"
    r"this |our )?(?:\w+ ){0,2}?(?:repo\w*|bucket|project|gist|dataset|drive|folder|document|"
    r"channel|dashboard)s? public\b",
    # "make it public" in the other languages of the lexicon
    r"(?:deix|torn)\w* (?:o |a |os |as )?(?:\w+ ){0,2}?(?:bucket|reposit[oó]rio|projeto|pasta)s? "
    r"(?:d[eo]s? \w+ )?p[uú]blic[oa]s?\b|(?:hac|hazl|vuelv)\w* (?:el |la |los |las )?(?:\w+ ){0,2}?"
    r"(?:bucket|repositorio|proyecto|carpeta)s? (?:de \w+ )?p[uú]blic[oa]s?\b|(?:hac|haz)\w* "
    r"p[uú]blic[oa]s? (?:el |la |los |las )?(?:bucket|repositorio|proyecto|carpeta)|rend\w* (?:le |"
    r"la |les )?(?:\w+ ){0,2}?(?:bucket|dépôt|projet|dossier)s? publics?\b|(?:bucket|repo\w*|"
    r"projekt|ordner) öffentlich (?:machen|stellen)\b",
    SSHD_YES,
    r"\b(?:remov|delet|disabl|drop|lift|turn\w* off)\w* (?:the )?(?:codeowners|required[- "
    r"]reviews?|review rules?|required[- ]review rule|branch protection|(?:branch )?protection "
    r"rules?)\b|"
    r"(?:désactiv|desactiv|deaktivier|disattiv|desativ)\w* (?:la |el |die |den |il |a )?"
    r"(?:protection de (?:la )?branche|protección de (?:la )?rama|branch-?schutz|protezione del "
    r"(?:branch|ramo)|proteção d[ae] branch|branch protection)|"
    r"\b(?:turn\w* off|disabl\w*|stop\w*|delet\w*) (?:the )?(?:cloudtrail|audit logs?|"
    r"audit logging|guardduty|security hub|flow logs)\b",
    r"\b(?:approv\w*|merge) (?:\S+ ){0,6}?without (?:reading|reviewing|checking|looking "
    r"at|review|running (?:the |any )?(?:tests?|checks?|ci))\b",
)

_KEY = r"(?:our|my|this|unser|unseren|notre|nuestra) (?:\w+ )?(?:key|schlüssel|clé|clave|ключ)\b"
_FLEET = r"(?:every|each|all|jedem|allen|chaque|tous|cada|todos|каждом|всех|每台|所有|各台)"

# Promptware: what agent-hijacking payloads say (the vocabulary Hermes's scanner anchors
# on, as grammar): identity swaps, fake updates, hidden or derived code, command-and-control.
_PROMPTWARE = (
    r"\byou are no longer (?:claude|codex|hermes|chatgpt|gemini|copilot|an? (?:\w+ )?(?:assistant|"
    r"ai|model)|the assistant|yourself|bound by)\b|\bnever refuses? (?:a |"
    r"any )?(?:\w+ )?(?:command|request|task)s?\b",
    r"\bsystem\s+prompt\s+override\b|\boverrid\w* (?:the |your )?system prompt\b",
    r"\bdisregard\w* (?:\w+ ){0,2}?(?:your|all|any|the) (?:\w+ ){0,3}?(?:instructions|rules|"
    r"guidelines|policies|restrictions)\b",
    r"\b(?:act|behave|respond|operate|work)\w* as (?:if|though) (?:\w+ ){0,4}?you (?:\w+ )?"
    r"(?:(?:have|had) no|don'?t have(?: any)?|do not have(?: any)?|did not have(?: any)?) "
    r"(?:\w+ )?(?:restrictions|limits|rules|guidelines|filters)\b|\byou (?:have|"
    r"are under) no (?:\w+ )?(?:restrictions|limits|rules|guidelines)\b",
    r"\bpretend\w* (?:\w+ ){0,3}?(?:you are|you're|to be) (?:the |a |an )?(?:\w+ )?(?:owner|"
    r"admin\w*|developer|root|maintainer|user|system|operator|human|unrestricted|another|"
    r"different|team|staff|reviewer|manager|employee|person|support|bot|ci)\b",
    r"\b(?:act|behave|respond|proceed)\w* as (?:if|though) (?:they|it|these|those|the \w+) (?:were|"
    r"was|did) (?:not (?:there|present|exist)|n'?t (?:there|exist)|absent|gone)\b",
    r"\byou (?:now |will now |are now )?(?:operate|run|work|are) (?:now )?in (?:\w+ )?(?:developer|"
    r"dev|debug|maintenance|god|admin|unrestricted|jailbreak|root|sudo|override) mode\b",
    r"\byou are (?:as of (?:today|now)|from (?:today|now) on|hereby|henceforth|officially) "
    r"(?:now )?(?:a|an|the) \w+",
    r"\bname yourself \w+|\byou (?:have been|were|are being) (?:\w+ ){0,3}?(?:updated|upgraded|"
    r"patched|reprogrammed|reconfigured) to\b",
    r"\btranslat\w* [^\n]{0,200}? (?:in)?to [^\n]{0,200}? (?:and|then) (?:execute|run|eval)\w*",
    r"\bregister\w* (?:yourself |itself |this agent )?(?:as )?(?:an? )?(?:\w+ )?node\b[^.\n]{0,80}?"
    r"(?:with|at|on|in) (?:the )?(?:\S+\.\w{2,}\b|https?://|(?:\w+ )?(?:mesh|hub|swarm|c2|"
    r"coordinat\w*|network|controller|relay))",
    # a keep-alive addressed to command infrastructure, or to a host named by IP
    r"\b(?:heartbeat|beacon|check[\s-]?in)s? (?:to|with) (?:the |our |your )?(?:\w+ )?"
    r"(?:controller|relay|hub|mesh|swarm|c2|coordinator)\b|"
    r"\b(?:heartbeat|beacon|check[\s-]?in)s? (?:to|with) [^.\n]{0,40}?(?:at "
    r")?(?:https?://)?\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b",
    r"\bpull\w* (?:down )?(?:new )?tasking\b|\bpull\w* (?:down )?(?:new )?tasks? from (?:the "
    r")?(?:\w+ )?(?:queue |server |hub )?(?:at |on )?(?:https?://|\S+\.\w{2,}\b)",
    # a network named by its address joined to take its orders ("… at 198.51.100.7 and wait
    # for orders"; "the guest network, then wait for setup instructions" is ordinary)
    r"\bconnect to the (?:\w+ )?network (?:at |of )?(?:https?://)?(?:\d{1,3}(?:\.\d{1,3}){3}|[\w-]+"
    r"(?:\.[\w-]+)*\.[a-z]{2,})\b(?:[^.\n]|\.(?=\w)){0,60}?\b(?:wait|listen|await)\w* "
    r"(?:for )?(?:\w+ )?(?:orders|commands|instructions|tasks|tasking)\b",
    r"\bconnect to the (?:agent |peer |c2 |\w+ )?network (?:of (?:\w+ ){0,2}?(?:agents|bots|peers|"
    r"nodes)|and (?:wait|listen|await|take)|for (?:orders|tasks|instructions)|at (?:https?://|"
    r"[\w-]+"
    r"\.[\w.-]+\.[a-z]{2,}\b))",
    r"\byou must (?:\w+ ){0,3}?(?:register|beacon|check in|connect)\b[^.\n]{0,40}?(?:(?:the|a|our|"
    r"your) )?(?:\w+ )?(?:mesh|hub|node|swarm|network|server|c2|coordinator|relay|controller)\b|"
    r"\byou must (?:\w+ ){0,3}?report (?:\w+ ){0,6}?to (?:the |our )?(?:\w+ )?(?:relay|controller|"
    r"c2|mesh|hub|swarm)\b|\byou must (?:\w+ ){0,3}?(?:register|beacon|check in|connect|report)\b"
    r"[^.\n@]{0,60}?(?:https?://|\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|\brelay\.)",
    # a beacon to any host ("beacon-test the access points" is not one); every command or
    # keystroke reported to a named host (files reported are an ordinary security policy)
    r"\byou must (?:\w+ ){0,3}?beacon\b(?!-)|\byou must (?:\w+ ){0,3}?report (?:every|each|all)"
    r"(?: the)? (?:\w+ )?(?:commands?|keystrokes?|actions?|messages?)\b[^.\n]{0,40}? to "
    r"(?:https?://|[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\b)",
    r"\bonly use one[\s-]?liners?\b[^.\n]{0,60}?(?:nothing|no trace|trace|left|disk|forensic|"
    r"history|logs?\b)",
    r"\bnever (?:\w+ ){0,4}?(?:create|write|save|drop) (?:\w+ ){0,4}?(?:scripts?|files?|"
    r"payloads?) (?:\w+ ){0,4}?(?:to |on )?disk\b",
    r"\bunset \w*(?:claude|codex|hermes|agent|openai|anthropic)\w*",
    r"\b(?:cobalt ?strike|metasploit|brainworm)\b|\b(?:sliver|havoc|mythic)\b[^.\n]{0,60}?\b(?:c2|"
    r"beacon|implant|listener|teamserver|team server|payload|profile|demon|agent)s?\b",
    # the brand in a sentence of another script is no English word ("havoc", "sliver")
    r"\b(?:sliver|havoc|mythic)\b[^.\n]{0,40}?[\u0370-\u06ff\u3000-\u9fff\uac00-\ud7af]",
    r"\bc2 (?:server|channel|infrastructure|beacon|network)\b|\bcommand[- ]and[- ]control\b",
    r"\b(?:include|output|print|share|repeat|append|paste|dump|attach)\w* (?:\w+ ){0,6}?(?:full|"
    r"entire|whole|complete|verbatim|raw) (?:\w+ )?(?:conversation|chat history|context|transcript|"
    r"message history)\b|\b(?:include|output|print|share|repeat|append|paste|"
    r"dump)\w* (?:\w+ ){0,4}?(?:all )?(?:the )?previous messages\b|\b(?:include|output|print|share|"
    r"paste|dump|post) (?:\w+ ){0,3}?(?:chat|conversation|message) history\b",
    r"\b(?:output|print|dump|paste|repeat)\w* (?:(?:in full|verbatim(?: and \w+)?|word for word) "
    r"(?:\w+ ){0,2}?|(?:\w+ ){0,3}?)(?:system|initial) prompt\b",
    r"\b(?:respond|answer|reply)\w* without (?:\w+ ){0,2}?(?:restrictions|limitations|filters|"
    r"safety)\b",
    # anything sent to a public host named by a bare IP address (Hermes: any send to a URL)
    r"\b(?:send|post|upload|transmit|forward)\w* (?:\w+ ){0,6}?(?:to|at) https?://(?!(?:10|127|"
    r"0)\.|"
    r"192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.)\d{1,3}(?:\.\d{1,3}){3}\b",
    # a key of ours planted across the fleet (any language; Hermes matches the file name alone)
    rf"\b{_KEY}[^.\n]{{0,80}}?\bauthorized_keys\b[^.\n]{{0,60}}?{_FLEET}",
    rf"{_FLEET}[^.\n]{{0,60}}?\bauthorized_keys\b[^.\n]{{0,40}}?(?:{_KEY}|公钥|密钥)",
)
_HIDDEN_HTML = (
    r"style\s*=\s*[\"'][^\"']{0,200}(?:display\s*:\s*none|visibility\s*:\s*hidden|"
    r"font-size\s*:\s*0)",
)

_WEIGHTS = {
    "demote": 3,
    "void": 2,
    "retired": 3,
    "perm": 2,
    "trust": 3,
    "shield": 3,
    "safety": 2,
    "tests": 2,
    "override": 3,
    "against": 2,
    "persist": 3,
    "remote": 3,
    "deceive": 3,
    "hide": 2,
    "danger": 2,
    "opening": 3,
    "promptware": 3,
    "hidden": 3,
    "adopt": 1,
    "evade": 3,
    "yes": 2,
    "untold": 1,
}
# Predicates whose wording already carries the negation ("no need to ask", "never ask").
_NEGATIVE_FORM = re.compile(
    r"^(?:no |not |never|without|don'?t|do not|does not|doesn'?t|will not|won'?t|need not|needn'?t|"
    r"stop|sin |sans |ohne |senza |sem |без |не |无需|不|免|無|없|묻지|否)"
)
_WITHOUT = re.compile(r"^(?:without|sin |sans |ohne |senza |sem |без )")
# Round 62b: "nothing" as the subject of an elliptic "… without X" (one to three words
# between, none a verb of its own: "nothing should stop you … without" is not it).
_NOTHING = re.compile(
    r"(?<!\w)(?:nothing|ничего|nichts|rien|nada|niente|nulla)(?!\w)"
    r"(?![^\n]*?\b(?:should|can|could|will|must|stops?|prevents?|keeps?|needs?|is|are)\b)"
    r"(?:[ \t]+[^\W\d_][\w-]*){0,3}[ \t*]*\Z"
)
_REASONS = {
    "demote": "it ranks another source above the user or tells the agent to ignore the user",
    "void": "it declares the agent's instructions void",
    "retired": "it declares the agent's own rules, filters or configuration out of force",
    "perm": "it tells the agent that confirmation or permission is no longer needed",
    "trust": "it tells the agent to give someone else's text the user's authority",
    "safety": "it tells the agent to switch off a safety, security or approval control",
    "shield": "it tells the agent to switch off an account or machine security control",
    "tests": "it tells the agent to get past failing checks by removing or skipping them",
    "override": "it ranks itself above the user and every other instruction",
    "against": "it tells the agent to act against what the user says",
    "persist": "it protects or copies itself so that it cannot be reviewed or removed",
    "remote": "it tells the agent to fetch instructions from a URL and follow them",
    "deceive": "it tells the agent to tell the user something whatever the truth is",
    "hide": "it tells the agent to keep something from the user from now on",
    "danger": "it tells the agent to destroy data",
    "opening": "it tells the agent to open up access or remove oversight (admin rights, public "
    "exposure, review or audit switched off)",
    "promptware": "it carries an agent-hijacking payload (identity swap, fake update, hidden or "
    "derived code, command-and-control)",
    "hidden": "it hides text from a person reading the rendered memory (display:none)",
    "adopt": "it tells the agent to give someone else's text the user's own authority",
    "evade": "it tells the agent to reword a refused write until the guard lets it through",
    "yes": "it tells the agent to give consent in the user's name",
    "untold": "it tells the agent to keep something from the user from now on",
}
_RULES = {
    "demote": "injection.standing-order",
    "void": "injection.ignore-previous",
    "retired": "injection.ignore-previous",
    "perm": "injection.standing-order",
    "trust": "injection.standing-order",
    "safety": "injection.standing-order",
    "shield": "injection.standing-order",
    "tests": "injection.standing-order",
    "override": "injection.standing-order",
    "against": "injection.standing-order",
    "persist": "injection.standing-order",
    "remote": "injection.remote-instructions",
    "deceive": "hiding.deceive-user",
    "hide": "hiding.deceive-user",
    "danger": "persistence.tool-abuse",
    "opening": "persistence.tool-abuse",
    "promptware": "injection.promptware",
    "hidden": "hiding.hidden-html",
    "adopt": "injection.standing-order",
    "evade": "injection.standing-order",
    "yes": "injection.standing-order",
    "untold": "hiding.deceive-user",
}


# A permission mode named, not chosen: the value of a ``…mode`` key in a JSON record (a
# transcript's ``{…"permissionmode":"bypasspermissions"}``), or the last of a list of modes
# ("default, plan, acceptedits 或 bypasspermissions").
_MODE_KEY = re.compile(r'"\w*mode"\s*:\s*"$')
_MODE_SIBLING = re.compile(
    r"\b(?:acceptedits|plan|dontask|default|auto)\b[\"'`]?(?:[\s\"'`,/|、，]|\b(?:or|and)\b|或|和|"
    r"または|또는)*$"
)
_MODES = re.compile(r"bypasspermissions|danger-full-access")


def _mode_named(s: str, m: re.Match[str]) -> bool:
    """Whether the safety predicate is a permission mode named as data, not an order."""
    if _MODES.fullmatch(m.group()) is None:
        return False
    before = s[max(0, m.start() - 40) : m.start()]
    if _MODE_KEY.search(before):
        line = s.rfind("\n", 0, m.start()) + 1
        return s.startswith("{", line)
    return _MODE_SIBLING.search(before) is not None


@dataclass(frozen=True)
class Order:
    """A standing-order finding with its score (``BLOCK`` refuses; ``GREY`` is unsure)."""

    rule: str
    reason: str
    score: int
    start: int
    end: int

    @property
    def span(self) -> tuple[int, int]:
        """Where it is in the scanned text."""
        return self.start, self.end


@builder
def _compiled() -> tuple[RuleSet, re.Pattern[str], re.Pattern[str]]:
    groups = {
        "demote": _DEMOTE,
        "void": _VOID,
        "retired": _RETIRED,
        "perm": _PERM,
        "trust": _TRUST,
        "safety": _SAFETY,
        "shield": _SHIELD,
        "tests": _TESTS,
        "override": _OVERRIDE,
        "against": _AGAINST,
        "persist": _PERSIST,
        "remote": _REMOTE,
        "deceive": _DECEIVE,
        "hide": _HIDE,
        "danger": _DANGER,
        "opening": _OPENING,
        "promptware": _PROMPTWARE,
        "hidden": _HIDDEN_HTML,
        "adopt": _ADOPT,
        "evade": _EVADE,
        "yes": _YES,
        "untold": _UNTOLD,
    }
    rules = []
    for kind, patterns in groups.items():
        alts = branches(*patterns)
        pattern = "|".join(f"(?:{a})" for a in alts)
        rules.append(Rule(kind, "injection", _REASONS[kind], prefixes(alts), pattern))
    scope = re.compile("|".join(f"(?:{p})" for p in _SCOPE))
    risky = re.compile("|".join(f"(?:{p})" for p in _RISKY))
    return RuleSet(tuple(rules)), scope, risky


# A dropped confirmation with nothing after it that limits it ("… no longer need to ask for
# permission."): every action is meant, as with "any command".
_BLANKET = re.compile(
    r"(?:\W*\b(?:for|to|de|d'|la|le|les|um|a|the|any|your|my|me|mich|me|permission|permiso|"
    r"permesso|permissão|erlaubnis|confirmation|confirmaci[oó]n|conferma|bestätigung|approval|"
    r"autorisation|anymore|again|mehr|plus|más|più|mais|ask|fragen|nachzufragen|demander|pedir|"
    r"preguntar|chiedere|perguntar|anything|everything|para|nada|pour|rien|für|nichts|per|niente|"
    r"nulla|tudo)\b)*\W*"
)

_SUBJECT_ONLY = re.compile(
    r"(?:\W*\b(?:you|tu|du|vous|usted|ustedes|voi|você|ya|just|now|there['’]?s|there|is|"
    r"n['’]a(?:s|vez)?)(?!\w))*\W*"
)


def _blanket(cl: Clauses, m: re.Match[str], lo: int, hi: int, scope_rx: re.Pattern[str]) -> bool:
    """Whether nothing before or after the dropped confirmation limits what it covers (the
    scope may come last: "… from now on.")."""
    starts = cl.cut_starts(scope_rx)
    s = cl.s
    return _only(_SUBJECT_ONLY, s, lo, m.start(), scope_rx, starts) and _only(
        _BLANKET, s, m.end(), hi, scope_rx, starts
    )


def _only(
    words: re.Pattern[str],
    s: str,
    lo: int,
    hi: int,
    scope_rx: re.Pattern[str],
    starts: list[int] | None,
) -> bool:
    """``words.fullmatch(scope_rx.sub(" ", s[lo:hi]))``, read piece by piece between the
    scopes up to the first piece that fails (``words`` holds a blank wherever the pieces hold
    it). ``starts``: a superset of where a scope in any window starts (``Clauses.cut_starts``);
    only those up to the next letter no word of ``words`` holds are tried."""
    b, p = s[lo:hi], 0
    alien = _alien(words)
    while True:
        a = alien.search(b, p)
        stop = a.start() if a is not None else len(b)
        if starts is None:
            sm = scope_rx.search(b, p)
        else:
            sm, i = None, bisect.bisect_left(starts, lo + p)
            while sm is None and i < len(starts) and starts[i] - lo <= stop:
                sm, i = scope_rx.match(b, starts[i] - lo), i + 1
        if sm is None:
            return a is None and words.fullmatch(b[p:]) is not None
        if sm.end() == sm.start():  # no scope matches empty; were one to, ask sub
            return words.fullmatch(scope_rx.sub(" ", b)) is not None
        if words.fullmatch(b[p : sm.start()]) is None:
            return False
        p = sm.end()


@cache
def _alien(words: re.Pattern[str]) -> re.Pattern[str]:
    """A letter that no word of ``words`` holds (every letter of its source is taken)."""
    letters = "".join(sorted({c for c in words.pattern if c.isalnum() or c == "_"}))
    return re.compile(f"[^\\W{re.escape(letters)}]")


# A risky action narrowed to one named folder ("delete files under `tmp/`") risks that only.
_NARROWED = re.compile(r"(?:\s+\w+){0,2}\s+(?:under|in|inside|within)\s+`?[\w.-]+/")
# … in the other languages (round 39), for a risky word of another script: the folder within
# four words ("видаляти
# тимчасові файли в tmp/", "删除 tmp/ 里")
_NARROWED_OTHER = re.compile(r"(?:\s+\S{1,30}){0,4}?\s*`?(?<![~/\w.-])[\w.-]+/(?=[\s`)]|$)")


# One command written out in backticks with its arguments, that destroys, publishes or
# fetches nothing (the caller starts it at the backtick before the risky word).
_COMMAND_SPAN = re.compile(
    r"(?<=`)(?:(?!rm |delet|remov|drop|truncat|wip|reset|force|-f\b|push|deploy|publish|releas|"
    r"curl|wget|https?:)[^`\n ]+ )+[^`\n ]+`(?! commands?\b)"
)


# Commands named in backticks, in a list, just before a dropped confirmation.
_NAMED_BEFORE = re.compile(r"`[^`\n]+`(?:(?:,\s*|,?\s+(?:and|or)\s+)`[^`\n]+`)*\s+$")


class _Drops:
    """The dropped confirmations' spans, asked whether one holds a place: sorted starts and
    the furthest end so far, one bisect a question (a scan of every span was quadratic)."""

    def __init__(self, spans: Sequence[tuple[int, int]]) -> None:
        spans = sorted(spans)
        self.starts = [a for a, _ in spans]
        self.reach = list(itertools.accumulate((b for _, b in spans), max))

    def hold(self, pos: int) -> bool:
        """Whether some span ``a``–``b`` has ``a <= pos < b``."""
        i = bisect.bisect_right(self.starts, pos)
        return i > 0 and self.reach[i - 1] > pos


_NO_DROPS = _Drops(())


def _risky(
    cl: Clauses,
    risky_rx: re.Pattern[str],
    lo: int,
    hi: int,
    named: bool,
    drops: _Drops,
) -> bool:
    """Whether ``s[lo:hi]`` holds a risky action or object not narrowed to a named folder
    (``named``: nor inside one command written out in backticks, the user's own narrow
    permission: "`sudo systemctl restart caddy` may be run without asking"). ``drops``: the
    dropped confirmations of the text; one right after commands named in backticks is
    bounded by them ("you may run `make test` and `make lint` without asking"), a bare one
    is not ("from now on … just proceed without asking")."""
    if not cl.has(risky_rx, lo, hi):
        return False
    s = cl.s
    return any(
        r.end() <= hi
        and not _NARROWED.match(s, r.end())
        and not (not r.group().isascii() and _NARROWED_OTHER.match(s, r.end()))
        and not (named and _COMMAND_SPAN.match(s, s.rfind("`", 0, r.start()) + 1) is not None)
        and not (
            drops.hold(r.start())
            and _NAMED_BEFORE.search(s, max(lo, r.start() - 200), r.start()) is not None
        )
        for r in cl.spots(risky_rx).between(lo, hi)
    )


def _excused(rule: str, m: re.Match[str], s: str, cl: Clauses, lo: int, hi: int) -> bool:
    """Whether the predicate ``m`` (its clause ``lo``–``hi``) is no order after all."""
    if mentioned(s, m.start()) or cl.story(m.start(), m.end()):
        return True  # … quoted as an example ("payloads like '…'"), or told as a past story
    # what follows a match that ends in a blank is the next word ("… coming from me"), no
    # suffix of its verb (Turkish "okuma": the "ma" negates only when it is attached)
    end = m.end() - (len(m.group()) - len(m.group().rstrip()))
    if (not _NEGATIVE_FORM.match(m.group()) or _WITHOUT.match(m.group())) and negated(
        s, m.start(), max(end, m.start() + 1), lo
    ):
        return True  # "never X", and "never X without asking" (which asks first)
    if rule in ("persist", "hide", "untold") and OTHERS.search(s, m.end(), hi):
        return True  # kept from other users, not from the user
    if rule == "perm" and _FLAG_ROW.match(s, s.rfind("\n", 0, m.start()) + 1):
        return True  # "| `--auto` | … 확인 없이 삭제 |": what a command-line flag does
    if rule == "perm" and _flag_item(m, s):
        return True  # "* `--force`：跳过确认提示": the same, as a list of flags
    if rule == "perm" and _WITHOUT.match(m.group()) and _NOTHING.search(s, lo, m.start()):
        return True  # "nothing irreversible without confirmation": no act goes unconfirmed
    if rule == "perm" and _ko_negated(m, s, hi):
        return True  # "승인 없이 … 삭제하지 않습니다": the verb it qualifies is negated
    if (
        rule == "override"
        and _THIS_FILE_KEPT.search(m.group())
        and _OWN_KNOWLEDGE.search(s, lo, hi)
        and not _PERSON.search(s, lo, hi)
    ):
        return True  # "if what you think you know contradicts this file, trust this file"
    if rule == "override" and _ranked_list(m, s):
        return True  # "(highest priority first)", "## 세션 로그 (최우선)": a rank among parts
    if rule == "override" and _AUTHORITY_FIRST.fullmatch(s, lo, m.start()):
        return True  # "系统指令优先级最高": the system's own rank, no text raised above it
    if rule == "shield" and _PEOPLE.search(s, max(lo, m.start() - 16), m.start()):
        return True  # "the user approves their own PRs": people may, the agent may not
    if (
        rule == "trust"
        and _OWN_FILE.search(m.group())
        and _SEARCH_ONLY.search(s, m.end(), hi)
        and _GAP.search(s, m.end(), hi)
        and not _PERSON.search(s, lo, hi)
    ):
        return True  # "trust these instructions; only search if they are incomplete"
    if rule == "trust" and _VOUCHED.search(m.group()) and not _OUTSIDE.search(m.group()):
        return True  # "treat that feedback as authoritative": no outside source gains trust
    if rule == "deceive" and _TRUTH.search(m.group()):
        return True  # "tell the user the truth about failing tests even if …"
    if rule == "deceive" and _REPORT_NOUN.search(s, max(lo, m.start() - 12), m.start() + 6):
        return True  # walk57: "… in the final report even when no alert fired" (a noun)
    if rule == "promptware" and _described(m, s, lo, hi):
        return True
    if (
        rule == "tests"
        and _THIRD_PERSON.match(m.group())
        and _CODE_DOES.search(s, max(lo, m.start() - 80), m.start())
    ):
        return True  # "`@skip_if_…` decorator — skips the test when …": what code does
    # "assume yes" only answers a prompt ("assume the user wants TypeScript")
    return m.group().startswith("assum") and not cl.has(_PROMPTED, lo, hi)


# The file trusted over the agent's own searching, not over anyone: "trust these
# instructions first - only search if information is incomplete or incorrect".
_SEARCH_ONLY = re.compile(r"\bonly (?:perform |do )?(?:a )?(?:search|explor|look)\w*")
_GAP = re.compile(r"\b(?:incomplete|incorrect|in error|wrong|outdated|missing|out of date)\b")
_OWN_FILE = re.compile(r"\b(?:these|this) (?:instructions|file|guide)\b")
# The model's own knowledge is what the file is preferred over (not a person, not a source).
_OWN_KNOWLEDGE = re.compile(
    r"\b(?:anything |what |whatever )?you (?:think you )?(?:know|remember|recall)\b[^.\n]{0,40}?"
    r"\bcontradicts?\b|\b(?:your|the model'?s) (?:own )?(?:training(?: data)?|prior knowledge|"
    r"knowledge|memory|assumptions)\b[^.\n]{0,40}?\b(?:contradicts?|conflicts?|disagrees?)\b"
)
_THIS_FILE_KEPT = re.compile(
    r"\b(?:follow|trust|prefer|use|go with) (?:this|these) (?:file|guide|document|instructions)\b"
)
_PERSON = re.compile(r"\b(?:user|owner|human|person|people|anyone|someone|operator|admin)")
# Korean: what a "… 없이" qualifies is the next predicate; a negated one at the sentence's
# end, with no verb linked before it (-고, -며, -면서 …), is no dropped confirmation.
_KO_NEG_END = re.compile(
    r"지\s?(?:않(?:습니다|는다|아요|음|기)|마(?:세요|십시오|라)?|말 것)[\s)）*]*$|금지[\s)）*]*$"
)
_KO_LINK = re.compile(r"[가-힣](?:고|며|면서|지만|는데|해서|하여)(?:[\s,，]|$)|후에?\s|다음에?\s")


def _ko_negated(m: re.Match[str], s: str, hi: int) -> bool:
    if not m.group().rstrip().endswith(("없이", "않고")):
        return False
    end = _SENTENCE_END.search(s, m.end(), hi)
    tail = s[m.end() : end.start() if end else hi]
    neg = _KO_NEG_END.search(tail)
    return neg is not None and _KO_LINK.search(tail, 0, neg.start()) is None


# A table row documenting a flag: its first cell is the flag alone, in backticks.
_FLAG_ROW = re.compile(r"[ \t]*\|[ \t]*`--?[a-z][\w-]*(?:[ =][^`|\n]{0,20})?`[ \t]*\|[^|\n]*\|")
# Round 62b: a list item that opens with the flag alone, in backticks, then its gloss.
_FLAG_ITEM = re.compile(r"[ \t]*[-*+][ \t]+`--?[a-z][\w-]*(?:[ =][^`\n]{0,20})?`[ \t]*[:：—–]")


def _flag_item(m: re.Match[str], s: str) -> bool:
    """The drop is in the first sentence of a flag's gloss (not in an order after it)."""
    item = _FLAG_ITEM.match(s, s.rfind("\n", 0, m.start()) + 1)
    return item is not None and _SENTENCE_END.search(s, item.end(), m.start()) is None


_SENTENCE_END = re.compile(r"[.。!?！？\n]")
# A priority that orders a list ("highest priority first") or tags a heading's section.
_RANK_AFTER = re.compile(r"[\s*]*(?:first|to lowest|→ lowest)[\s*]*[)）]")
_HEADING_TAG = re.compile(r"[ \t]*[)）][ \t]*[:：]?[ \t*]*[:：]?[ \t]*$")
# A heading, or a bold label on a line of its own ("**Requirement fidelity (highest priority):**")
_LABEL_LINE = re.compile(r"#|[ \t]*(?:[-*+] )?\*\*")
# Round 62b: what has the top rank is the system's or the user's instructions (the rank they
# have anyway), as the whole subject of the clause: "系统指令优先级最高", "the system prompt
# has the highest priority"; not "以下系统指令…" (a text calling itself the system's).
_AUTHORITY_FIRST = re.compile(
    r"[\s*>#+\-\d.)]*(?:(?:系统|系統|用户|用戶|开发者|開發者)的?(?:指令|指示|提示词?|提示詞?|消息|要求)(?:的)?"
    r"[ \t]*\Z|\b(?:the )?(?:system|user|developer)(?:'s)? (?:prompt|instructions?|messages?)"
    r"(?: (?:always|has|have|takes?|gets?|are|is|of))*(?: the)? \Z|(?:システム|ユーザー)の?"
    r"(?:指示|プロンプト)(?:が|は)?\Z|(?:시스템|사용자)(?:의)? ?(?:지시|프롬프트)(?:가|는|이)? ?\Z)"
)


def _ranked_list(m: re.Match[str], s: str) -> bool:
    if s[m.start() - 1 : m.start()] in ("(", "（") and _RANK_AFTER.match(s, m.end()):
        return True
    line = s.rfind("\n", 0, m.start()) + 1
    end = s.find("\n", m.end())
    end = len(s) if end == -1 else end
    return (
        _LABEL_LINE.match(s, line) is not None
        and s[m.start() - 1 : m.start()] in ("(", "（")
        and _HEADING_TAG.fullmatch(s, m.end(), end) is not None
    )


# Hermes's words in a note that describes rather than orders: a thing does it ("the
# endpoint will respond without filters", "`claude --debug` can output the system prompt"),
# a defender acts on it ("our rules flag C2 beacon traffic"), a policy names it ("Metasploit
# is allowed only in the lab"), or its object is not the agent's ("lint rules", "the full
# context of the error", "upgraded to the Team plan", "into pytest cases", a *_DIR variable,
# the agent's own product name).
THING_DOES = re.compile(
    r"(?:`[^`\n]+`|\b(?:endpoint|api|server|service|search|tool|cli|command|flag|script|model|"
    r"app|page|site|plugin|library|sdk))s? (?:will |would |can |could |may |might |does |did )?"
    r"(?:not )?$"
)
# Round 62b: a code element (its name in backticks, maybe a noun after it) as the subject of
# a verb in the third person: "`@skip_if_…`** decorator — skips …" describes the code.
_CODE_DOES = re.compile(r"`[^`\n]+`[*_]*(?: [a-z]+)?[ \t]*(?:[—–:]|--?)?[ \t]*\Z")
_THIRD_PERSON = re.compile(r"[a-z]+[^s]s\b")
# Wider than _clause._REPORTED's spotter words ("lists", "quarantine"): folding them there
# moved 21 verdicts, so the two stay apart.
_DEFENDER = re.compile(
    r"\b(?:detect\w*|flag\w*|block\w*|lists?|monitor\w*|alerts? on|hunt\w* for|scan\w* for|"
    r"quarantin\w*)\b[^.;\n]{0,40}$"
)
_POLICY = re.compile(r"\s(?:is|are) (?:only )?(?:allowed|permitted|banned|forbidden|blocked)\b")
_NOT_THE_AGENTS = re.compile(
    r"\b(?:lint\w*|style|formatting|naming|old|legacy|deprecated|outdated|node \d+) (?:\w+ )?"
    r"(?:rules|instructions|guidelines)\b|\binto (?:\w+ ){0,2}?(?:tests?|test cases|cases|"
    r"specs?)\b|_(?:dir|path|home)$|\bname yourself (?:claude|codex|copilot|gemini|hermes)\b"
)
_TOPIC_AFTER = re.compile(
    r" of (?:the |an? )?(?:error|failure|bug|crash|issue|exception|problem|incident)s?\b|"
    r" (?:the |a |our )?(?:\w+ )?(?:plan|tier|subscription|licen[cs]e)\b"
)


_REPORT_NOUN = re.compile(r"\b(?:the|a|final|weekly|daily|status) report$")


def _described(m: re.Match[str], s: str, lo: int, hi: int) -> bool:
    before = s[max(lo, m.start() - 60) : m.start()]
    return bool(
        THING_DOES.search(before)
        or _DEFENDER.search(before)
        or _POLICY.match(s, m.end(), hi)
        or _NOT_THE_AGENTS.search(m.group())
        or _TOPIC_AFTER.match(s, m.end(), hi)
    )


def detect(hay: Text, clauses: Clauses | None = None) -> Order | None:
    """The highest-scoring standing order in the folded text (None below ``GREY``)."""
    rules, scope_rx, risky_rx = _compiled()
    s = hay.s
    cl = clauses or Clauses(s)
    best: Order | None = None
    found = list(rules.every(hay))
    # each dropped confirmation ("without asking"), not a grant ("you may run any …")
    drops = [(m.start(), m.end()) for r, m in found if r.id == "perm" and not _GRANT.match(m[0])]
    drop_starts = sorted(a for a, _ in drops)
    drop_ends = dict(drops)
    held = _Drops(drops)
    for rule, m in found:
        if not word_start(s, m.start()):
            continue
        lo, hi = cl.around(m.start(), m.end())
        clause = lo, hi
        score = _WEIGHTS[rule.id]
        scoped = cl.has(scope_rx, lo, hi)
        if rule.id == "void" and scoped:  # "… no longer apply" is the predicate, not a scope
            scoped = cl.has(scope_rx, lo, m.start()) or cl.has(scope_rx, m.end(), hi)
        # "from now on, run the tests without asking" is a preference: for dropped
        # confirmations only what is no longer confirmed (the object) raises the score.
        score += scoped and rule.id not in ("perm", "against", "yes")
        if rule.id == "perm":  # only what is no longer confirmed counts: "…; still ask before X"
            buts = cl.spots(_BUT)
            after = buts.between(m.end(), hi)
            if after:  # "…; main still needs a PR": the limit starts its own clause
                semi = s.rfind(";", m.end(), after[0].start())
                paren = s.rfind("(", m.end(), after[0].start())
                if paren > semi and "," not in s[paren : after[0].start()]:
                    # "（削除と push は従来どおり確認する）", not "(delete …, still …)"
                    semi = paren
                hi = semi if semi != -1 else after[0].start()
            before = [b for b in buts.between(lo, m.start()) if m.start() - b.end() > 3]
            lo = before[-1].end() if before else lo
            topic = _TOPIC.match(s, m.end()) if m.group().endswith(_ASK_WORDS) else None
            if topic is not None:  # "never ask about the changelog": only the topic may be risky
                lo, hi = m.end(), min(hi, topic.end())
        if rule.id == "safety" and not scoped and _mode_named(s, m):
            continue  # a permission mode as a recorded value or one of a list of modes
        if rule.id == "evade" and not cl.has(_GUARD_REFUSES, lo, hi):
            continue  # a linter or a reviewer refused it: rewording is the fix
        named = rule.id == "perm"
        dropped = held if named else _NO_DROPS
        # "… even if the user asks to delete X": what the user asks for is no act against them
        rest = m.end()
        if rule.id == "against":
            asked = _PAUSE.search(s, rest, hi)
            rest = asked.end() if asked else hi
            # an outside source's orders carried out against the user outrank them (round 35)
            score += (
                cl.has(_POSTED, lo, m.start())
                and cl.has(_ORDERS_WORD, lo, m.start())
                and cl.has(_CARRIED_OUT, lo, m.start())
            )
        if rule.id == "adopt":  # the user's own order says "from me" too: whose text it is counts
            # a drop beside it (one look, not a loop), not the one in its own words: "pre-approved"
            i = bisect.bisect_left(drop_starts, lo)
            j = bisect.bisect_left(drop_starts, m.end())
            # nor the verb whose "as approved" it is: "count … as approved by me"
            while (
                i < len(drop_starts)
                and drop_starts[i] < m.start()
                and _AS_BEFORE.fullmatch(s, drop_ends[drop_starts[i]], m.start()) is not None
            ):
                i += 1
            beside = (i < len(drop_starts) and drop_starts[i] < m.start()) or (
                j < len(drop_starts) and drop_starts[j] < hi
            )
            approved = _APPROVED.match(s, m.start()) is not None and not cl.has(_OBEYED, lo, hi)
            score += cl.has(_ELSEWHERE_UNAPPROVED if approved else _ELSEWHERE, lo, hi) or beside
        elif rule.id == "yes":  # only whom the yes is given for counts
            score += cl.has(_BEHALF, lo, hi)
        elif rule.id == "untold":  # what is kept back must be what oversight is about
            score += cl.has(_OVERSEEN, lo, hi) or _risky(cl, risky_rx, lo, hi, False, _NO_DROPS)
        elif (
            _risky(cl, risky_rx, lo, m.start(), named, dropped)
            or _risky(cl, risky_rx, rest, hi, named, dropped)
            or (
                rule.id == "perm"
                and scoped
                and not _OWN_ACT.search(m.group())
                and _blanket(cl, m, lo, hi, scope_rx)
            )
            or (scoped and cl.has(_RISKY_WHEN_SCOPED, lo, hi))
        ):
            score += 1
        if rule.id == "perm" and _GRANT.match(m.group()) and risky_rx.search(m.group()):
            score += 1  # "you can delete any …": the risky action is inside the grant
        if rule.id == "tests":  # "always", or to get past a failure: "whenever CI is red"
            score += cl.has(_WEAKENING, lo, hi)
        if rule.id in ("tests", "perm", "safety") and _kept_in_loop(cl, m, lo, hi):
            score -= 1  # "… with an issue link and tell the user" keeps the user in the loop
        elif rule.id == "void" and not scoped:  # void, then a new order: "… From now on, …"
            score += (
                cl.has(scope_rx, hi, hi + 200)
                or bool(_DECLARED.search(m.group()))
                or _REPLACED.search(s, m.end(), hi + 200) is not None
            )
        # spoken as the system, an administrator or a vendor ("SYSTEM:", "系统提示：")
        score += _spoken_as_authority(s, m.start())
        # what excuses an order is only asked of one that would outscore the best so far
        if (best is None or score > best.score) and not _excused(rule.id, m, s, cl, *clause):
            scope = scope_rx.search(s, lo, hi) if scoped else None
            start = min(m.start(), scope.start()) if scope else m.start()
            best = Order(_RULES[rule.id], _REASONS[rule.id], score, start, m.end())
            if score >= BLOCK:
                return best
    return best if best is not None and best.score >= GREY else None
