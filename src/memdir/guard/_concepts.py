"""Round 38: standing orders by concept, as slots that meet in one clause in any order:
another source ranked with the user's orders, oversight matters kept from the user, the
agent approving its own work, a stop the user asks for overruled. (docs/design/guard.md)."""

from __future__ import annotations

import bisect
import re
from collections import defaultdict

from ._build import branches, builder, lit, prefixes, word_start
from ._clause import (
    OTHERS,
    Clauses,
    Spots,
    line_back,
    mentioned,
    negated,
    open_quote,
    phrase,
)
from ._engine import Rule, RuleSet, Text
from ._frames import _TELL_EN, _TELL_OTHER, _TELL_WEAK, _USER_AUDIENCE
from ._needles import required
from ._orders import BLOCK, Order

# Whom the agent answers to: the user, or the writer in the first person.
_USER = (
    r"\b(?:the user|the owner|me|my|mine|nutzer\w*|benutzer\w*|mir|mein\w*|gebruiker\w*|mij|mijn|"
    r"utilisateur\w*|moi|mes|mon|usuari\w*|usuário\w*|m[ií]os?|m[ií]as?|mis|meus?|minhas?|"
    r"utente|miei|mie|mio|пользовател\w*|мо[иейё]\w*|мне|меня|użytkownik\w*|moj\w*|mój|mnie|"
    r"pengguna|saya|kullanıcı\w*|benim|bana|người dùng|tôi|"
    # round 39: the owner, "I", and uk, el, he, fa, hu, ro
    r"owner|eigentümer\w*|besitzer\w*|eigenaar|propriétaire|propietario|dueño|dono|"
    r"proprietario|владел\w*|власник\w*|właściciel\w*|pemilik|chủ sở hữu|io|mí|mim|"
    r"користувач\w*|мо[їяєю]\w*|мій|мене|мені|χρήστ\w*|μου|ιδιοκτήτ\w*|felhasználó\w*|"
    r"utilizator\w*|המשתמש|שלי|אני|ממני)\b|用户|我的|我本人|我自己|我说|ユーザー|私の|私自身|私が|"
    r"オーナー|所有者|사용자|내 |제 |저의|(?:ال|لل)مستخدم|المالك|यूज़र|यूजर|उपयोगकर्ता|मेरे|मेरी|मालिक|"
    r"ผู้ใช้|کاربر|خودم|(?:به|با|از) من|"
    # round 41
    r"\b(?:talimatlarım\w*|söylediklerim\w*|mina|mine|mitt|mitä|minun|moje|moja|mojimi|"
    r"nekem|utasításaim\w*|mele|ohjeitani|ohjeideni|ohjeeni|användaren|brugeren|brukeren|"
    r"käyttäjä\w*|uživatel\w*|používateľ\w*|yangu|wangu)\b|صارف|(?:دستورات|حرف) من|میری|میرے|"
    r"என் |ஆவணமும்|நான்|আমার|ฉัน|שאני"
)
# What an order is or carries: instructions, requests, authority.
_ORDER_NOUN = (
    r"\b(?:instruction|order|command|request|authority|directive|wish|"
    r"instrukti|instruks|pokyn|ohje|ohjei|ohjeit|kérés|cerer|ہدایات|"
    r"anweisung|befehl|auftr[aä]g|befugnis|autorität|weisung|anordnung|"
    r"opdracht|instructie|bevel|verzoek|bevoegdheid|consigne|ordre|demande|autorité|"
    r"instrucci|[oó]rden|petici|pedido|solicit|autoridad|instruç|ordem|ordens|autoridade|"
    r"istruzion|ordin|richiest|autorità|comand|указани|инструкци|команд|распоряжени|просьб|"
    r"приказ|полномочи|polece|instrukcj|rozkaz|prośb|uprawnie|autorytet|perintah|instruksi|"
    r"permintaan|wewenang|otoritas|talimat|komut|emir|yetki|lệnh|chỉ thị|yêu cầu|quyền|"
    # messages too: a source above the user's messages demotes the user
    r"messag|nachricht|bericht|mensag|mensaj|сообщени|wiadomo|pesan|mesaj|tin nhắn)\w*|"
    r"指令|命令|指示|要求|权限|权威|依頼|権限|지시|명령|요청|권한|تعليمات|أوامر|أمر|طلبات|سلطة|"
    r"صلاحي|निर्देश|आदेश|अनुरोध|अधिकार|คำสั่ง|คำขอ|สิทธิ์|"
    # round 39: uk, el, he, fa, hu, ro
    r"вказів\w*|інструкці\w*|наказ\w*|розпорядж\w*|повідомлен\w*|εντολ\w*|οδηγί\w*|"
    r"הוראה|הוראות|פקודה|פקודות|دستور\S*|فرمان\S*|utasítás\w*|instrucțiun\w*|dispoziți\w*"
)
# A rank given: counted as, considered, on a par with, above.
_RANK = (
    r"\b(?:counts? as|counted as|(?:are|is) (?:to be )?(?:considered|regarded|treated)(?: as)?|"
    r"equal to|equivalent to|rank\w* (?:above|over)|outrank\w*|take\w* precedence over|"
    r"win\w* over|higher than|above|"
    r"(?:gelten|gilt|zählen|zählt|gelden|geldt|tellen|telt) (?:\S+ ){0,6}?als|"
    r"gelten als|gilt als|zählen als|zählt als|stehen über|steht über|vorrang vor|"
    r"gelden als|geldt als|tellen als|telt als|beschouwd als|boven|"
    r"valent comme|comptent comme|compte comme|considéré\w* comme|traité\w* comme|au-dessus d|"
    r"priment sur|prime sur|passent avant|l'emporte\w* sur|font autorité|fait autorité|"
    r"valen como|vale como|cuentan como|se consideran|considerad[oa]s? como|equivalen a|"
    r"por encima de|prevalec\w* sobre|valem como|contam como|são considerad\w*|acima d\w*|"
    r"valgono come|contano come|considerat[ie] come|al di sopra d\w*|prevalgono su|"
    r"считаются|считать|считай|приравнива\w*|выше|важнее|приоритет над|"
    r"traktuj\w* jako|traktowane jako|uznawane za|uznaj\w* za|ponad|wyżej niż|"
    r"dianggap(?: sebagai)?|berlaku sebagai|setara dengan|lebih tinggi dari|di atas|"
    r"sayılır|kabul edil\w*|üstünde|öncelikli|"
    r"được coi là|coi như|xem như|được xem là|tương đương|cao hơn|ưu tiên hơn|"
    r"вважай\w*|вважа[ює]ться|"
    r"вважаються|сприймай\w*|اعتبر|θεωρ(?:είται|ούνται)|נחשב\w*|גוברות על|גובר על|מעל|مثل|مانند|"
    r"به عنوان|بالاتر از|mai presus de|felett|"
    # round 41: sv, da, no, fi, cs, sk, ro, hu
    r"räknas som|gælder som|gjelder som|regnes som|lasketaan|ber jako|ber ako|contează ca|"
    r"számítanak)(?!\w)|"
    r"视为|视作|当作|当成|等同于|算作|高于|优先于|凌驾于|とみなす|とみなし|として扱|と同等|"
    r"より優先|간주|로 취급|으로 취급|보다 우선|تعتبر|يعتبر|تُعتبر|بمثابة|أعلى من|"
    r"माना जाए|माने जाएं|माने जाएँ|के बराबर|से ऊपर|ถือว่า|ถือเป็น|เหนือกว่า|สูงกว่า"
)
# Round 39: an imperative "treat / consider X as …", the source inside the span; what follows
# "as" must be the user's order itself (a noun within 30 characters), not "… suggestions to
# show the user, not commands".
_TREAT = (
    r"\b(?:(?:treat|consider|regard|handle)\w* (?:\S+ ){0,14}?as|(?:considère|considérez|traite|"
    r"traitez)\w* (?:\S+ ){0,14}?comme|(?:trata|trátal|considera|tómal|trate|encare)\w* (?:\S+ "
    r"){0,14}?como|(?:tratta|considera|prendi)\w* (?:\S+ ){0,14}?come|(?:behandle|betrachte|"
    r"werte|behandel|beschouw)\w* (?:\S+ ){0,14}?als|(?:traktuj|uważaj|uznaj)\w* (?:\S+ "
    r"){0,14}?(?:jako|za)|(?:anggap|perlakukan)\w* (?:\S+ ){0,14}?(?:sebagai|seperti)|"
    r"(?:θεώρησε|θεωρήστε|θεώρει|αντιμετώπισε|αντιμετωπίστε)\w* (?:\S+ ){0,14}?(?:ως|σαν)|"
    r"(?:consideră|tratează)\w* (?:\S+ ){0,14}?(?:ca|drept))(?!\w)"
)
# Verb-final ranks: the user's orders stand before them ("ユーザーの指示とみなす").
_RANK_LAST = (
    r"とみなす|とみなし|として扱|と同等|より優先|간주|로 취급|으로 취급|보다 우선|"
    # round 39: "the same as", "understood as", hu and tr verb-final ranks
    r"同じ重みで扱|と同じように扱|同様に扱|똑같이 취급|동일하게 취급|समझना|समझें|समझो|"
    r"\b(?:olarak (?:kabul et|say|gör)\w*|kezeld|kezelje|tekintsd|tekintse)\b|"
    r"\b(?:sayılır|kabul edil\w*)\b|माना जाए|माने जाएं|माने जाएँ|के बराबर|से ऊपर|"
    # round 41: tr, fa, ur, bn, ta
    r"\b(?:talimatlarım|talimatım|emirlerim|komutlarım) say\b|حساب کن|در نظر بگیر|سمجھو|گنو|"
    r"গণ্য কর|கருது|விட முன்னுரிமை"
)
# The same authority as someone, the noun first: "dieselbe Befugnis wie der Nutzer".
_SAME = (
    r"\b(?:same (?:authority|rights|weight|permissions|standing) as|"
    r"(?:die|dieselbe|gleiche|selbe)n? (?:befugnis\w*|rechte|autorität) wie|"
    r"dezelfde (?:bevoegdheid|rechten|autoriteit) als|la même autorité que|les mêmes droits que|"
    r"la misma autoridad que|los mismos derechos que|a mesma autoridade (?:que|d\w*)|"
    r"os mesmos direitos (?:que|d\w*)|la stessa autorità d\w*|gli stessi diritti d\w*|"
    r"(?:те же|такие же) (?:права|полномочия)|(?:te same|takie same) (?:uprawnienia|prawa)|"
    r"wewenang yang sama|hak yang sama|aynı yetki\w*|cùng quyền|"
    # round 41: the same weight as
    r"same weight as|lo stesso peso d\w*|el mismo peso que|o mesmo peso (?:que|d\w*)|"
    r"le même poids que|dasselbe gewicht wie|gleiche gewicht wie|even zwaar als|"
    r"väger lika tungt som|vejer lige så tungt som|veier like tungt som|yhtä painavi\w* kuin|"
    r"taką samą wagę jak|stejnou váhu jako|rovnakú váhu ako|ugyanolyan súlyú\w*|"
    r"aceeași greutate ca|таку саму вагу|такой же вес|aynı ağırlık\w*|bobot yang sama|"
    r"trọng lượng ngang|uzito sawa)(?!\w)|نفس وزن|همان وزن|שוות משקל|کے برابر|जितना|সমান|"
    r"சமமான எடை|น้ำหนักเท่ากับ|同等重要|同じ重み|같은 무게|"
    r"同等权限|相同的权限|"
    r"同じ権限|같은 권한|نفس الصلاحيات|نفس السلطة|समान अधिकार"
)
# Treated as if it came from the user ("comme s'ils venaient de moi", "benden gelmiş gibi").
_FROM = (
    r"\b(?:as if (?:it|they|these|those) (?:came|come|were coming|had come) from|as (?:coming|"
    r"having come) from|comme s'(?:il|ils|elle|elles) (?:venai(?:t|ent)|provenai(?:t|ent)) "
    r"d[e']|comme venant d[e']|como si (?:vinier\w*|viniese\w*) d[e]|como se (?:viessem|"
    r"viesse|fossem) d[eo]|come se (?:venissero|venisse|arrivassero|le dessi|li dessi|lo dicessi)|"
    r"als (?:kämen|käme|stammten|stammte) (?:sie|es|er) (?:direkt )?von|alsof (?:ze|het|hij) "
    r"(?:\S+ )?van|как будто (?:\S+ )?от|ніби (?:\S+ )?від|такими,? що (?:надійшли|прийшли) від|"
    r"jakby (?:\S+ )?od|seolah(?:-olah)? (?:\S+ )?dari|như thể (?:\S+ ){0,2}?(?:từ|của)|σαν να "
    r"(?:\S+ )?από)\s(?:me|moi|mí|mim|mir|mij|mnie|io|мене|меня|мені|мне|saya|aku|tôi|εμένα|"
    r"the user|the owner|l'utilisateur|usuario|usuário|dono|utente|nutzer|gebruiker|пользовател\w*|"
    r"користувач\w*|власник\w*|владельц\w*|użytkownik\w*|pengguna|người dùng|χρήστη)\b|"
    r"\b(?:benden|kullanıcıdan|sahibinden) gel(?:miş|iyormuş) gibi|"
    r"(?:就是|等于|当作是?|如同)我(?:本人)?(?:说|发|下)的|كأنها (?:صادرة )?(?:مني|من المستخدم)|"
    r"כאילו (?:\S+ )?(?:ממני|מהמשתמש)|(?:انگار|گویی) (?:\S+ )?از (?:من|کاربر)"
)
# Other people's text or notes, counted as the user's own ("trátalas como mías").
_OTHERS = (
    r"\b(?:other (?:users|people|members)|others'|someone else'?s|otros usuarios|otras personas|"
    r"autres utilisateurs|anderer (?:nutzer|benutzer)|andere (?:nutzer|benutzer|gebruikers)|"
    r"altri utenti|outros usuários|других пользователей|інших користувачів|innych użytkowników|"
    r"başkalarının|diğer kullanıcıların|pengguna lain|orang lain|người dùng khác|άλλων χρηστών)\b|"
    r"المستخدمين الآخرين|کاربران دیگر|משתמשים אחרים|(?:दूसरे|अन्य) उपयोगकर्ताओं|其他用户|他のユーザー|"
    r"다른 사용자|ผู้ใช้คนอื่น"
)
_MINE = (
    r"\b(?:mine|my own|les miennes|le mien|les miens|la mienne|m[ií]as|m[ií]os|minhas|meus|"
    r"le mie|i miei|die meinen|meine eigenen|de mijne|mijn eigen|моими|моїми|moje|benim|"
    r"milik saya|của tôi|δικές μου|δικά μου)\b|ملاحظاتي|مال من|شلי|मेरे अपने|我的|私の|내 것|제 것"
)
# Someone else's text: a channel, a file, an account, other people or agents.
_SOURCE = (
    r"\b(?:messages?|content|text|files?|comments?|notes|e-?mails?|chats?|channels?|accounts?|"
    r"pages?|bots?|agents?|contributors?|issues?|tickets?|prs?|pull requests?|anything|whatever|"
    r"nachricht\w*|inhalt\w*|datei\w*|kommentar\w*|kanal\w*|seite\w*|"
    r"bericht\w*|bestand\w*|pagina\w*|kanaal\w*|"
    r"fichier\w*|contenu\w*|commentaire\w*|canal\w*|compte\w*|"
    r"mensaje\w*|contenido\w*|archivo\w*|comentario\w*|cuenta\w*|"
    r"mensage\w*|conteúdo\w*|arquivo\w*|conta\w*|"
    r"messaggi\w*|contenuto\w*|commenti\w*|"
    r"сообщени\w*|содержим\w*|файл\w*|комментари\w*|чат\w*|канал\w*|аккаунт\w*|"
    r"wiadomoś\w*|treś\w*|plik\w*|komentarz\w*|kanał\w*|konto\w*|"
    r"pesan|isi|berkas|komentar|kontributor|akun|mesaj\w*|içeri\w*|dosya\w*|yorum\w*|hesab\w*|"
    r"tin nhắn|nội dung|tệp|bình luận|tài khoản|readme\w*|[\w-]+\.(?:md|txt|json|ya?ml))\b|"
    r"`[^`\n]{2,60}`|@\w|#[\w-]{2,40}|\.\w+rules\b|"
    # round 39: documents and wikis, and uk, el, he, fa, hu, ro
    r"\b(?:wiki\w*|document\w*|dokument\w*|документ\w*|doküman\w*|belge\w*|tài liệu|"
    r"повідомлен\w*|каналу?|коментар\w*|σχόλι\w*|μηνύμ\w*|κανάλι\w*|üzenet\w*|csatorn\w*|"
    r"mesaj\w*|canal\w*|מסמך|הודעות|ערוץ|پیام\S*|کانال|فایل|سند)\b|"
    r"文档|文書|ドキュメント|メモ|문서|مستند|وثيقة|दस्तावेज़|"
    r"消息|内容|文件|评论|频道|账号|メッセージ|内容|ファイル|コメント|チャンネル|메시지|내용|파일|"
    r"댓글|채널|رسائل|محتوى|ملف|संदेश|फ़ाइल|फाइल|ข้อความ|ไฟล์|"
    # round 41: bots, tickets, comments and documents in the other languages
    r"\b(?:ticket\w*|tiket\w*|bilet\w*|ärende\w*|sager|saker|tiketti\w*|zgłosze\w*|jegy\w*|"
    r"tichet\w*|тікет\w*|тикет\w*|comentári\w*|kommenteissa|komentář\w*|komentár\w*|"
    r"megjegyzés\w*|comentarii\w*|dokumen|dokumennya|botten|boten|botu\w*|bota|bot)\b|"
    r"ボット|봇|机器人|بوت|بات|בוט|הבוט|بوٹ|बॉट|বট|பாட்|บอท|チケット|티켓|工单|تذاكر|تیکت|כרטיס|"
    r"ٹکٹ|टिकट|টিকিট|டிக்கெட்|ทิกเก็ต|تعليقات|کامنت|תגובות|تبصر|टिप्पणि|মন্তব্য|கருத்து|"
    r"ความคิดเห็น|המסמך|دستاویز|নথি|ஆவண|เอกสาร|முகவர்|อีเมล"
)
# What oversight is about (wider than _orders' _OVERSEEN: access, privileges, the system).
_OVERSIGHT = (
    r"\b(?:security|safety|sandbox\w*|firewall\w*|allowlist\w*|permissions?|access (?:denied|"
    r"errors?)|sudo|root|credentials?|secrets?|network connections?|/etc\b|production|prod|"
    r"sicherheit\w*|berechtigung\w*|beveiliging\w*|toegang\w*|productie\w*|sécurité|"
    r"seguridad|segurança|sicurezza|безопасн\w*|доступ\w*|bezpiecze\w*|keamanan|güvenlik\w*|"
    r"erişim\w*|izin\w*|bảo mật|usalama|"
    # what is done outside the work folder
    r"outside|buiten|außerhalb|en dehors d\w*|fuera d\w*|fora d\w*|al di fuori d\w*|вне|poza|"
    r"di luar|dışında|"
    # what runs in the background, and the rule itself
    r"(?:in|im) (?:the )?background|hintergrund|arrière-plan|segundo plano|"
    r"в фоне|w tle|latar belakang|arka planda|nền|"
    r"(?:this|that|the|these) rules?|diese regel|cette règle|esta regla|essa regra|esta regra|"
    r"questa regola|это правило|ta reguła|aturan (?:itu|ini)|bu kural|quy tắc này|"
    # round 39: the rule in other forms, uk, el, he, fa
    r"(?:цього|этого|ці|це) правил\w*|(?:taką|tę|tej) zasad\w*|deze regel|bu kuralı|"
    r"фонов\w*|безпек\w*|доступ\w*|ασφάλει\w*|παρασκήνιο)\b|/etc\b|इस नियम|הכלל הזה|ברקע|"
    r"אבטחה|این قانون|این قاعده|پس‌زمینه|پس زمینه|امنیت|"
    r"后台|バックグラウンド|백그라운드|这条规则|このルール|이 규칙|هذه القاعدة|यह नियम|"
    r"安全|权限|セキュリティ|権限|보안|권한|الأمان|الأمن|सुरक्षा|सिक्योरिटी|ความปลอดภัย|sandbox|"
    # round 41: user rights and permissions
    r"\b(?:\w*rechte\w*|\w*rettighe\w*|rättighet\w*|behörighet\w*|käyttöoikeu\w*|"
    r"jogosultság\w*|права?|прав|permessi|permisos|permissões|droits|uprawnie\w*|oprávnění|"
    r"oprávnení|permisiun\w*|quyền)\b|صلاحيات|مجوز|הרשאות|اجازت|அனுமதி|สิทธิ์"
)
# Tell verbs _frames lacks (it avvisare, tr raporla, th แจ้ง / บอก)
_TELL_MORE = (
    r"avvis\w*|rapor\w*|bildir\w*|show\w*|zeig\w*|montr\w*|muestr\w*|mostr\w*|"
    r"показыва\w*|покажи\w*|pokazuj\w*|tunjuk\w*|göster\w*|hiển thị|"
    # round 39: pl, uk, el, he, fa, sw
    r"wspomin\w*|wspomnij\w*|mów|powiedz\w*|розповіда\w*|розкажи|кажи|скажи|згаду\w*|"
    r"повідомля\w*|πεις|αναφέρεις|ενημερώσεις|ενημέρωσε|תספר|תגיד|תודיע|תזכיר|نگو|بگو|اطلاع|"
    r"حرفی نزن|usimjulishe|usimwambie|usiniambie|"
    # round 41: it, da, sv, no, fi, hu, uk, ar, he, ur, ta, id
    r"dirmi|dimmi|avvisarmi|informarmi|fortæl\w*|besked|beskjed|berätta\w*|fortell\w*|kerro\w*|"
    r"szólj\w*|értesít\w*|повідомлен\w*|إبلاغ|أبلغ\S*|להודיע|בתאי|بتائے|بتاؤ|சொல்லாதே|"
    r"தெரிவிக்காமல்|தெரிவிக்காதே|memberi tahu"
)
# Told: not told (a negation near the verb), or "no need to".
_NOT_TELL = (
    r"(?:\b(?:don'?t|do not|never|no need to|not|nicht|kein\w*|niet|niets|geen|ne|pas|no|"
    r"nunca|não|non|mai|не|nie|jangan|tidak perlu|đừng|không|μην|אל|לא|"
    # round 41: "without telling the user"
    r"ohne|uden|utan|uten|zonder|sans|sin|sem|senza|bez|без|tanpa|בלי|ilman)\b|"
    r"(?<!\w)(?:मत|नहीं|بدون|دون)(?!\w)|不要|不用|无需|别|ไม่ต้อง|อย่า(?!ง)|โดยไม่)"
)
# A negation after the verb (V2 and verb-final languages): "meld het niet", "बताना नहीं".
_NOT_AFTER = (
    r"\b(?:niet|nicht|pas|не нужно|не надо|gerek yok|raporlama|bildirme|söyleme|anlatma|"
    r"bahsetme|usimjulishe|usimwambie|usiniambie)\b|(?<!\w)(?:नहीं|मत)(?!\w)|ない|않|말고|마세요|"
    r"نگو|نزن|nélkül|بغیر|ாதே|ாமல்"
)
# Overruling a stop the user asks for: "if the user asks you to stop X, finish it anyway".
_STOP = (
    r"\b(?:stop\w*|cancel\w*|abort\w*|halt\w*|parar|detener|cancelar|interrumpir|arrêter|annuler|"
    r"stoppen|abbrechen|abzubrechen|anhalten|anzuhalten|aufzuhören|fermare|interrompere|annullare|interromper|остановит\w*|"
    r"прекратит\w*|отменит\w*|durdur\w*|dừng|berhenti|hentikan|zatrzyma\w*|przerwa\w*|"
    # round 39: "hör auf", "dur", uk, el, he, fa
    r"hör auf|aufhören|dur|стоп|зупини\w*|припини\w*|σταμάτα\w*|לעצור|עצור)\b|"
    r"(?:تتوقف|التوقف|توقف)(?!\w)|停止|取消|止め|止ま|やめ|ストップ|中止|중단|멈춰|그만|إيقاف|"
    r"रोक|หยุด|بس کن|"
    # round 41: sv, da, no, fi, pl, cs, sk, ro, fa, ur, hi, ta
    r"\b(?:fermarsi|fermarti|fermati|sluta|stoppa|stoppe|lopettamaan|pysähtymään|przestał\w*|přestaneš|zastavil|"
    r"prestal|oprești|oprească|зупинитися)\b|دست نگه دار|متوقف|رکنے|रुकने|நிறுத்த|喊停|叫停"
)
_ANYWAY = (
    r"\b(?:anyway|regardless|nonetheless|igualmente|de todos modos|aun así|quand même|"
    r"malgré tout|trotzdem|dennoch|comunque|lo stesso|mesmo assim|всё равно|все равно|yine de|"
    r"tetap|toch|i tak|mimo to|"
    # round 41
    r"ändå|alligevel|likevel|silti|stejně|aj tak|oricum|усе одно|все одно|vẫn)\b|"
    r"باز هم|בכל זאת|پھر بھی|อยู่ดี|照样|仍然|依然|それでも|그래도|مع ذلك|फिर भी"
)
# "even if I say stop": the even-if before the stop, or its verb-final suffix after it.
_EVEN_IF = (
    r"\b(?:even if|even when|aunque|incluso si|même si|auch wenn|selbst wenn|anche se|mesmo que|"
    r"mesmo se|даже если|навіть якщо|nawet (?:jeśli|gdy)|ook (?:niet )?als|zelfs als|meskipun|"
    r"walaupun|bahkan jika|kể cả khi|ngay cả khi|ακόμα? (?:κι|και) αν|chiar dacă|"
    r"även om|selv hvis|selv om|vaikka|i když|aj keď)\b|भले ही|चाहे|"
    r"حتى (?:لو|وإن|إن)|حتی اگر|(?:גם|אפילו) אם|แม้|たとえ|即使|就算|哪怕"
)
_EVEN_AFTER = (
    r"(?:\S+ )?(?:desem|dese|söylesem|söylese|istesem|istese) (?:de|bile)\b|"
    r"\s?(?:\S{1,20} ){0,3}?(?:تب بھی|तब भी)|\S{0,12}\s?\S{0,12}சொன்னாலும்|"
    r".{0,12}?(?:ても|더라도|해도)"
)
_SAY = (
    r"\b(?:i|je|ich|yo|io|eu|я|ben|saya|aku|tôi|εγώ|the user|l'utilisateur|el usuario|"
    r"o usuário|l'utente|der (?:nutzer|benutzer)|de gebruiker|пользователь|користувач|użytkownik|"
    r"kullanıcı|pengguna|người dùng|ο χρήστης|say|tell|ask|write|type|dis|diga|pida|dice|pide|"
    r"sage|schreibe|dica|peça|скажу|попрошу|напишу|скажу|скажу|powiem|poproszę|bảo|nói|πω|"
    r"ζητήσω|jag|jeg|säger|siger|sier|käskisin|řeknu|poviem|spun)\b|मैं|कहूँ|कहूं|कहे|گفتم|کہوں|میں|"
    r"நான்|用户|ユーザー|사용자|أنا|طلبت|قلت|אני|אגיד|אבקש|私|言っ|言う|我|说|让你|제가|내가|"
    r"말해|ผม|ฉัน|บอก|(?:te|vous|dich|ti|you) (?:pide|demande|bittet|chiede|asks)"
)
# What the overruled stop leaves going: finish it, carry on, to the end.
_FINISH = (
    r"\b(?:finish\w*|complet\w*|continu\w*|keep going|carry on|go on|see it through|to the end|"
    r"termin\w*|sigue|hasta el final|finis\w*|jusqu'au bout|beend\w*|fertig\w*|weiter\w*|"
    r"zu ende|abschließ\w*|finisc\w*|fino in fondo|conclu\w*|até o fim|доводи|доведи|"
    r"законч\w*|заверш\w*|продолж\w*|до конца|продовж\w*|до кінця|dokończ\w*|kontynuuj\w*|"
    r"do końca|afmaken|doorgaan|ga door|afbreken|tamamla\w*|bitir\w*|devam\w*|sonuna kadar|"
    r"selesaikan|lanjutkan|sampai selesai|cho xong|hoàn thành|tiếp tục|τελείωσε|ολοκλήρωσε|"
    r"συνέχισε|μέχρι τέλους|תסיים|סיים|המשך|עד הסוף)\b|पूरा कर|जारी रख|अंत तक|أكمل|فأكمل|تابع|"
    r"واصل|حتى النهاية|تمام کن|ادامه بده|تا آخر|จนเสร็จ|ทำต่อ|最後まで|やり切|完了させ|続け|끝까지|"
    r"마무리|계속|做完|完成|继续|到底|"
    # round 41
    r"\b(?:fortsätt\w*|fortsæt\w*|fortsett\w*|færdig|ferdig|klar|jatka\w*|loppuun|"
    r"pokračuj\w*|do konce|do konca|continuă|până la capăt|termini)\b|ادامه|תמשיך|ממשיך|"
    r"جاری رکھ|தொடர்|முடியும் வரை"
)
_ASKS = (
    r"\b(?:asks?|tells?|wants?|pide|pida|demande|bittet|verlangt|chiede|pede|pedir|просит|"
    r"попросит|prosi|poprosi|meminta|isterse|ister|yêu cầu|vraagt|"
    r"ber|beder|pyytää|požádá|požiada|cere|просить)\b|要求|让你|頼ん|요청|يطلب|कहे|"
    r"بخواهد|מבקש|کہے|ขอให้"
)
# The user outranked when the two disagree: "in case of conflict with the user, follow X".
_CONFLICT = (
    r"\b(?:conflict\w*|disagree\w*|contradict\w*|conflit\w*|conflicto\w*|conflito\w*|"
    r"conflitto\w*|konflikt\w*|widersprech\w*|widerspruch\w*|конфликт\w*|противореч\w*|"
    r"konflik|bertentangan|çeliş\w*|çakış\w*|mâu thuẫn|xung đột|sprzeczn\w*|tegenstrijd\w*|"
    # round 39
    r"contraddic\w*|disaccordo|désaccord|desacuerdo|desacordo|contradiz\w*|суперечать|"
    r"суперечить|розбіжн\w*|αντιφ\w*|διαφων\w*|סותר\w*|מתנגש\w*)\b|"
    r"冲突|矛盾|衝突|충돌|تعارض|टकराव|不一致|食い違|다르면|다를 때|مغایر|فرق داشت|فرق دارد|مخالف|"
    # round 41
    r"\b(?:contredi\w*|contrazic\w*|tegenspreken|ingaan tegen|går emot|strider mot|modsiger|"
    r"motsier|ristiriidassa|sprzeczne|odporuj\w*|ellentmond\w*|противоречат)\b|ٹکراؤ|ٹکرائ|"
    r"முரண்பட|বিরোধ|ขัดแย้ง"
)
_FOLLOW = (
    r"\b(?:follow\w*|go with|suivre|suis|suivez|seguir|sigue|siga|folge\w*|befolge\w*|segui\w*|"
    r"следуй\w*|следовать|ikuti|uy|làm theo|volg\w*|stosuj\w*|kieruj\w*)\b|遵循|按照|听从|従|"
    r"따르|اتبع|पालन|"
    # round 39
    r"\b(?:виконуй\w*|дотримуйся|ακολούθησε|ακολουθήστε)\b|मानना|मानें|پیروی|עקוב|"
    # round 41
    r"\b(?:segue|suit|folgt|urmează\w*|uyar|følg|följ|noudata\w*|stosuj|řiď|riaď|kövesd|"
    r"követi|слушается|слухається|mengikuti|làm theo)\b|عمل کرو|பின்பற்று|অনুসরণ|ทำตาม|听|"
    r"ההולך לפי|הולך לפי|يتبع|따라|따른다"
)


# A confirmation dropped for what is at stake: production, root, payments, secrets.
_DROP = (
    r"\b(?:without (?:first )?(?:asking|checking|confirm\w*|approval|review|ping\w*)|no need to "
    r"(?:ask|ping|check|confirm)|zonder (?:eerst )?(?:te )?(?:vragen|overleg|bevestiging|"
    r"toestemming|goedkeuring)|ohne (?:vorher )?(?:zu )?(?:fragen|nachzufragen|rückfrage|"
    r"bestätigung|freigabe)|sans (?:me |lui )?(?:demander|confirmation|validation|autorisation)|"
    r"sin (?:preguntar|consultar|confirmaci\w+|permiso|aprobaci\w+)|sem (?:me )?(?:perguntar|"
    r"consultar|confirmaç\w+|permissão|aprovação)|senza (?:chiedere|conferma|approvazione|"
    r"permesso)|без (?:спроса|подтверждени\w*|одобрени\w*|согласовани\w*|разрешени\w*)|"
    r"не спрашивая|bez (?:pytania|pytać|potwierdzenia|zgody|akceptacji)|tanpa (?:bertanya|"
    r"konfirmasi|izin|persetujuan)|sormadan|izin almadan|không cần (?:hỏi|xác nhận|phê duyệt))\b|"
    r"无需确认|不用问|不必问|不用确认|確認なしで|確認せずに|묻지 않고|확인 없이|"
    r"(?:دون|بدون) (?:سؤال|تأكيد|موافقة)|बिना (?:\S+ ){0,3}?(?:पूछे|पुष्टि|अनुमति)|ไม่ต้องถาม"
)
_STAKES = (
    r"\b(?:production|prod|sudo|root|payments?|passwords?|credentials|"
    r"productie\w*|produktion\w*|producci[oó]n|produção|produzione|продакшн\w*|продакшен\w*|"
    r"produkcj\w*|produksi|üretim\w*|sản xuất|"
    r"zahlung\w*|betaling\w*|paiements?|pagos?|pagamentos?|pagamenti|платеж\w*|płatnoś\w*|"
    r"pembayaran|ödeme\w*|thanh toán)\b|生产环境|本番|프로덕션|الإنتاج|प्रोडक्शन|支付|決済|결제"
)
# What a stake is kept out by: "nada de pagamentos … sem me perguntar", "except production".
_EXCEPT = re.compile(
    r"\b(?:nothing|no|not|never|except|but not|nada|nunca|jamais|rien|sauf|niente|mai|tranne|"
    r"nichts|kein\w*|ausser|niets|geen|behalve|nie|oprócz|ничего|не|кроме|hiçbir|hariç|tidak|"
    r"kecuali|không|trừ)\b[^.;:\n]{0,24}$|(?:除了|以外|제외|باستثناء|सिवाय)[^。\n]{0,12}$"
)

# … or after it: "quelle di produzione no", "prod is off limits"; or a command in backticks.
_EXCEPT_AFTER = re.compile(
    r"[^.;:\n]{0,12}?\b(?:no|not|never|nicht|niet|non|não|nunca|нет|nie|yok|không|tidak|"
    r"nooit|niemals|jamais|mai|nunca|никогда|nigdy|asla|"
    r"excluded|forbidden|off[- ]limits|yasak|dilarang|verboten|interdit|prohibid[oa]|proibid[oa]|"
    r"vietat[oa]|запрещ\w*|zabronion\w*)\b|[^。\n]{0,6}(?:禁止|不行|ダメ|금지|ممنوع|मना)"
)
# … or kept in the loop after it: "production deploys still need my OK".
_STILL_ASKED = re.compile(
    r"[^.;\n]{0,40}?\b(?:still|only (?:with|after)|needs? (?:my|your|the user'?s?|an?) (?:ok|"
    r"okay|approval|sign-?off)|ask (?:me )?first|noch immer|weiterhin|toujours|todavía|sigue|"
    r"ainda|ancora|nadal|wciąż|tetap|hâlâ|vẫn|nog steeds|всё ещё|по-прежнему)\b|"
    r"[^。\n]{0,20}(?:仍|依然|まだ|引き続き|여전히)"
)
_IN_COMMAND = re.compile(r"`[^`\n]*$")
# … or kept by a "must confirm / must ask / needs my OK" before or after it, in each language
# of _DROP: "ก่อน deploy ขึ้น production ต้องยืนยันกับผมทุกครั้ง", "prod deploys need my OK".
_KEPT = re.compile(
    lit(
        r"\b(?:must (?:always |still |first )?(?:ask|confirm with|check with)|(?:have|has|need|"
        r"needs) to (?:ask|confirm with|check with)|(?:needs?|requires?) (?:my|your|"
        r"the user'?s?|an?|explicit) (?:ok|okay|approval|sign-?off|confirmation|go-?ahead|"
        r"consent)|ask (?:me )?(?:first|before)|always ask|(?:confirm|check) with me|"
        r"only (?:with|after) my (?:ok|approval)|moet\w* (?:\S+ ){0,6}?(?:vragen|overleggen)|"
        r"vraag (?:het )?(?:mij|me) eerst|(?:vereist|vereisen|heeft|hebben) (?:mijn|"
        r"een) (?:akkoord|goedkeuring|toestemming|bevestiging)|met mijn (?:akkoord|goedkeuring|"
        r"toestemming)|muss\w* (?:\S+ ){0,3}?(?:fragen|nachfragen|abstimmen)|"
        r"frag (?:mich )?(?:immer )?(?:vorher|zuerst)|(?:braucht|brauchen|erfordert|"
        r"erfordern) (?:\S+ )?(?:meine|eine) (?:freigabe|zustimmung|bestätigung)|nur (?:mit|"
        r"nach) meiner (?:freigabe|zustimmung|bestätigung)|rücksprache mit mir|(?:dois|doit|"
        r"devez|devras|devra|faut) (?:\S+ ){0,3}?(?:demander|confirmer avec moi)|demande-moi|"
        r"(?:nécessite|nécessitent|exige|exigent|requiert|requièrent) (?:mon|ma|une|"
        r"un) (?:accord|validation|confirmation|feu vert|ok|autorisation)|avec mon (?:accord|"
        r"feu vert|ok)|(?:debes|tienes que|hay que|deberás|"
        r"necesitas) (?:\S+ ){0,3}?(?:preguntar|consultar|confirmar conmigo)|pregúntame|"
        r"consúltame|confirma conmigo|(?:necesita|necesitan|requiere|requieren) (?:mi|"
        r"una) (?:aprobaci\w+|confirmaci\w+|ok|visto bueno|permiso)|con mi (?:aprobaci\w+|ok|"
        r"visto bueno|permiso)|(?:deve|deves|tem que|tem de|precisa|precisas|"
        r"terá que) (?:\S+ ){0,3}?(?:perguntar|consultar|confirmar comigo)|pergunte-me|"
        r"me pergunte|confirme comigo|(?:precisa|precisam|requer|exige) (?:da |de )?(?:minha|"
        r"uma) (?:aprovação|confirmação|autorização)|com (?:a )?minha (?:aprovação|autorização|"
        r"confirmação)|(?:devi|deve|bisogna|occorre) (?:\S+ ){0,3}?(?:chiedere|"
        r"confermare con me)|chiedimi|conferma con me|(?:serve|servono|richiede|"
        r"richiedono) (?:il mio|la mia|una|un) (?:ok|conferma|approvazione|permesso|via libera)|"
        r"con (?:il mio|la mia) (?:ok|conferma|approvazione|permesso|via libera)|(?:нужно|надо|"
        r"должен|должна|обязательно) (?:\S+ ){0,3}?(?:спрашивать|спросить|спроси|согласов\w*|"
        r"подтвержд\w* у меня)|спроси меня|согласуй со мной|(?:нужно|нужен|нужна|требуется|"
        r"требует) (?:мо[её]|моего|мой|моя) (?:подтверждени\w*|одобрени\w*|согласи\w*|ок)|"
        r"только (?:с|после) мо\w+ (?:подтверждени\w*|одобрени\w*|согласи\w*)|(?:musisz|trzeba|"
        r"należy|musi) (?:\S+ ){0,3}?(?:zapytać|pytać|uzgodnić|potwierdzić ze mną)|zapytaj mnie|"
        r"(?:wymaga|wymagają|potrzebuje|potrzebują) (?:mojej|mojego) (?:zgody|akceptacji|"
        r"potwierdzenia)|za moją (?:zgodą|akceptacją)|(?:harus|wajib|"
        r"perlu) (?:\S+ ){0,3}?(?:tanya|bertanya|izin|persetujuan|konfirmasi ke saya)|"
        r"tanya (?:saya|aku) dulu|dengan (?:persetujuan|izin) saya|bana sor\w*|sorman gerek\w*|"
        r"sormalısın|sormak zorunda\w*|onayımı al\w*|benden onay\w*|onay (?:alman|almalısın|"
        r"gerek\w*|şart)|(?:phải|cần) (?:\S+ ){0,3}?(?:hỏi|xin phép|"
        r"xác nhận (?:lại )?với (?:tôi|mình))|hỏi (?:tôi|mình) trước|(?:sự )?(?:đồng ý|"
        r"phê duyệt|xác nhận|cho phép) của (?:tôi|mình))(?!\w)|(?:必须|务必|得|"
        r"要)(?:先)?(?:问我|(?:跟|和|向)我确认)|需要我的?(?:确认|批准|同意)|(?:跟|和|向)我确认|"
        r"经我(?:确认|批准|同意)|先问我|先问过我|(?:私|僕|俺)(?:に|の)(?:確認|許可|承認)|許可を(?:取|得|もら)|"
        r"承認が必要|(?:私|僕|俺)に相談|반드시 (?:\S+ ){0,2}?(?:물어|승인|허락)|(?:확인|승인|"
        r"허락)(?:을|를)? 받아야|먼저 (?:물어|확인)|(?:나|저)한테 (?:물어|확인)|내 (?:승인|허락|"
        r"확인)|يجب (?:\S+ ){0,3}?(?:سؤالي|أن تسألني|موافقتي)|اسألني|استشرني|بموافقتي|"
        r"بعد موافقتي|(?:يحتاج|تحتاج|يتطلب|تتطلب) (?:إلى )?(?:موافقتي|تأكيدي|إذني)|(?:मुझसे|"
        r"मुझ से) (?:\S+ ){0,3}?(?:पूछ|पुष्टि|अनुमति|मंज़ूरी|मंजूरी)|मेरी (?:अनुमति|मंज़ूरी|"
        r"मंजूरी|पुष्टि) (?:से|के बाद|ज़रूरी|जरूरी|चाहिए)|ต้อง\S{0,10}?(?:ยืนยันกับ(?:ผม|ฉัน)|"
        r"ถาม|ขออนุญาต|ขออนุมัติ)|ถาม(?:ผม|ฉัน)ก่อน|"
        # round 41: "ask me first" in sv, da, no, fi, cs, sk, hu, ro
        r"\b(?:spørg\w*|fråga|spørre|kysy|zeptej se|spýtaj sa|kérdezz|întreabă)\b(?:\s\S+)?\s"
        r"(?:først|först|ensin|nejdřív|najprv|előbb|mai întâi)\b|"
        # so41mend: the kept limit as a passive "approved by me" ("skal altid godkendes af mig")
        # (after a modal: "All transfers are approved by me." fakes the approval, review rvso41)
        r"\b(?:(?:(?:must|should|shall|needs? to|has to|have to|skal|ska|må|moet|moeten|doit|"
        r"doivent|deve|devono|debe|deben|devem|muss|müssen|musi|muszą|harus|måste)(?: always| "
        r"altid| alltid| altijd| toujours| sempre| siempre| immer| zawsze| selalu)? (?:be |być |)"
        r"|(?<=skal altid )|(?<=skal )|(?<=ska alltid )|(?<=ska )|(?<=må alltid )|(?<=må )"
        r"|(?<=moet altijd worden )|(?<=moet worden )|(?<=muss immer )|(?<=muss )|(?<=doit être )"
        r"|(?<=deve essere )|(?<=debe ser )|(?<=deve ser )|(?<=musi być )|(?<=harus ))"
        r"(?:approved|godkendes|godkännas|godkjennes|goedgekeurd|approuvée?s?|approvat[io]|"
        r"aprobad[oa]s?|aprovad[oa]s?|freigegeben|genehmigt|zatwierdzon\w*|disetujui) "
        r"(?:\S+ ){0,2}?(?:by|af|av|door|par|da|por|von|przeze|oleh) (?:me|mig|meg|mij|moi|mí|"
        r"mim|mir|mnie|saya)|(?:door|von) (?:mij|mir) (?:\S+ )?(?:goedgekeurd|freigegeben|"
        r"genehmigt)|(?:схвален\w*|одобрен\w*|погоджен\w*) мною|benim tarafımdan onaylan\w*|"
        r"được tôi (?:phê duyệt|duyệt|chấp thuận))(?!\w)|(?:私|僕)が承認|由我(?:批准|审批|确认)|"
        r"내가 승인"
    )
)
# A "must ask" negated: "no need to ask", "ohne vorher zu fragen", "ไม่ต้องถาม", "確認不要".
_KEPT_NOT = re.compile(
    lit(
        r"\b(?:no|not|never|don'?t|doesn'?t|without|stop\w*|quit|cease|skip|aufhören|hör auf|"
        r"arrête|deja de|pare de|smetti|перестань|przestań|berhenti|dừng|nicht|kein\w*|nie|"
        r"niet|geen|zonder|ohne|ne|pas|sans|sin|sem|não|non|senza|не|ни|без|bez|tanpa|tidak|tak|jangan|không|đừng|chẳng)\b|"
        r"不|无需|やめ|그만|无须|别|没|なし|ない|없|않|(?<!\w)و?لا(?!\w)|بدون|دون|ليس|नहीं|बिना|मत|ไม่|อย่า(?!ง)"
    )
)
_KEPT_STOPS = ",;:，；：、،"  # a "no need to ask" before these belongs to another part
_KEPT_NOT_AFTER = re.compile(
    lit(
        r"\s?(?:\S+ )?(?:yok|gerekmez|olmadan|almadan|sormadan)\b|(?:不要|不用|不必)|.{0,6}"
        r"(?:いらない|不要|なし|せず|しなく|必要は?ない|없이|필요 없|않)|\s?(?:\S+ ){0,3}नहीं"
    )
)


# The agent approving its own work, or every permission request on its own.
_APPROVE = (
    r"\b(?:approv(?:e|es|ing)\b|zatwierdza\w*|zatwierdź\w*|goedkeur\w*|genehmig\w*|approuv\w*|aprob\w*|"
    r"aprueb\w*|aprov\w*|approvar\w*|одобр\w*|утвержд\w*|onayla\w*|phê duyệt|menyetujui|setujui|"
    r"akceptow\w*|zatwierdzać|схвал\w*|затверд\w*|εγκρίν\w*|לאשר|aprobă|"
    # round 41: it, sv, da, no, fi, cs, sk, hu, ru, he, ta, bn, ur
    r"approv(?:a|are|i|o|ato|ati|ata|ate)|godkänn\w*|godkend\w*|godkjenn\w*|hyväksy\w*|schval\w*|schvál\w*|"
    r"jóváhagy\w*|hagy\w* jóvá|утвержда\w*|מאשר)\b|அங்கீகரி|অনুমোদন|منظور|"
    r"批准|承認|승인|وافق|توافق|मंज़ूर|स्वीकृत|อนุมัติ|تأیید|تایید"
)
_OWN_WORK = (
    r"\b(?:your own|its own|własne|własnych|eigene\w*|eigen|tes propres|vos propres|tus propios|"
    r"tus propias|seus próprios|suas próprias|i tuoi|свои|sendiri|kendi|của mình|"
    # round 39: "by yourself", and pl, uk, el, he, fa
    r"by yourself|yourself|da solo|da sola|tu stesso|toi-même|tú mismo|você mesmo|selbst|zelf|"
    r"сам|сама|sam|sama|swoje|свої|tự mình|μόνος σου|בעצמך|singur|"
    # round 41
    r"själv|selv|itse|sám|sám sebe|magad|maga|kendin|kendisi|itself|lui-même|él mismo|"
    r"ele mesmo|da sé|chính mình|sami|בעצמו|bizzat)\b|நீயே|தானே|নিজেই|ตัวเอง|직접|자기|"
    r"自己|自分で|본인|스스로|"
    r"بنفسه|"
    r"खुद|ख़ुद|अपने|خودش|خودت|بنفسك"
)
_WORK = (
    r"\b(?:prs?|pull requests?|merge requests?|pull requesty|changes|commits|code|änderungen|"
    r"wijzigingen|modifications|cambios|mudanças|modifiche|изменения|зміни)\b|prهای|pr-y|"
    # round 41: PRs spelled in each language, expense claims, refunds
    r"\b(?:pull[- ]?request\w*|пул-реквест\w*|návrh\w* změn|expense\w*|note spese|spese|"
    r"gastos|despesas|notes? de frais|spesen\w*|declaratie\w*|utlägg\w*|udlæg\w*|utlegg\w*|"
    r"kulukorvau\w*|wydatk\w*|výdaj\w*|výdavk\w*|költség\w*|decont\w*|авансов\w*|masraf\w*|"
    r"chi phí|pengeluaran\w*)\b|پول‌ریکوئست|בקשות המיזוג|הוצאות|پل ریکویسٹ|اخراجات|"
    r"पुल रिक्वेस्ट|खर्च|পুল রিকোয়েস্ট|খরচ|புல் ரிக்வெஸ்ட்|செலவு|ค่าใช้จ่าย|合并请求|报销|"
    r"プルリクエスト|経費|풀 리퀘스트|경비|طلبات الدمج|مصاريف|هزینه"
)
# The approve verb negated by its own ending (tr) or by what follows it (ja, ko).
_UNABLE = re.compile(r"onayla(?:ma|yama)")
_UNABLE_AFTER = re.compile(
    r".{0,6}?(?:できな|できません|しな|しません|不可|禁止|수 없|하지 않|하지 마|てはいけ|"
    r"면 (?:절대 )?안|க்காதே)"
)
# The writer or the user as the subject: "Ich genehmige …", "PR 是我自己批准的".
_FIRST = re.compile(
    lit(
        r"\b(?:i|ich|je|j'|yo|io|eu|я|ja|ben|saya|aku|tôi|εγώ|the user|my|mein\w*|mes|mis|mie|"
        r"miei|meus|мо[иі]|moje)\b|我|私|僕|제가|내가|저는|나는|मैं|אני"
    )
)
_AUTO_ALL = (
    r"(?:\bautomatic\w*|\bauto-?|automatisch\w*|automatiquement|automáticamente|automaticamente|"
    r"автоматически|otomatik|tự động|otomatis|تلقائي\S*|自动|自動|자동)"
)
_PERMISSION_REQ = (
    r"\b(?:permission (?:requests?|prompts?)|requests? for permission)\b|طلبات (?:ال)?أذونات|"
    r"权限请求|権限リクエスト|권한 요청"
)


def _found(rule: str, why: str, lo: int, at: int, end: int) -> Order:
    """A concept found at ``at``, shown from up to 60 characters before it (its clause's)."""
    return Order(rule, why, BLOCK, max(lo, at - 60), end)


def _rx(p: str) -> re.Pattern[str]:
    return re.compile(lit(p))


_HEADS = (
    "rank",
    "treat",
    "same",
    "rank_last",
    "from",
    "others",
    "tell",
    "conflict",
    "drop",
    "approve",
    "stop",
    "off",
    "pre",
    "drop_me",
    "fail",
)


@builder
def _heads() -> RuleSet:
    """Each concept's first part as an engine rule: tried only where its anchors occur."""
    parts = _parts()
    rules = []
    for kind in _HEADS:
        alts = branches(parts[kind])
        pattern = "|".join(f"(?:{a})" for a in alts)
        rules.append(Rule(kind, "injection", kind, prefixes(alts), pattern))
    return RuleSet(tuple(rules))


def _parts() -> dict[str, str]:
    parts = {
        "user": _USER,
        "noun": _ORDER_NOUN,
        "rank": _RANK,
        "treat": _TREAT,
        "same": _SAME,
        "rank_last": _RANK_LAST,
        "source": _SOURCE,
        "oversight": _OVERSIGHT,
        "not_tell": _NOT_TELL,
        "tell": rf"\b(?:{_TELL_EN}|{_TELL_WEAK}|{_TELL_MORE})|(?:{_TELL_OTHER})|แจ้ง|บอก",
        "not_after": _NOT_AFTER,
        "stop": _STOP,
        "anyway": _ANYWAY,
        "asks": _ASKS,
        "conflict": _CONFLICT,
        "from": _FROM,
        "others": _OTHERS,
        "mine": _MINE,
        "even_if": _EVEN_IF,
        "even_after": _EVEN_AFTER,
        "say": _SAY,
        "finish": _FINISH,
        "follow": _FOLLOW,
        "drop": f"{_DROP}|{_DROP_ME}",  # round 41: the check with the user, in more languages
        "stakes": _STAKES,
        "approve": _APPROVE,
        "own": _OWN_WORK,
        "work": _WORK,
        "auto": _AUTO_ALL,
        "permreq": _PERMISSION_REQ,
        "audit": _AUDIT,
        "off": _OFF,
        "pre": _PRE,
        "counted": _COUNTED,
        "drop_me": _DROP_ME,
        "fail": _FAIL_HEAD,
    }
    return parts


@builder
def _compiled() -> dict[str, re.Pattern[str]]:
    compiled = {k: _rx(v) for k, v in _parts().items()}
    for rx in (*compiled.values(), _KEPT):
        required(rx)  # registered before the first scan: one pass finds every part's literals
    return compiled


_ME = re.compile(
    lit(
        r"\b(?:me|bana|mir|mich|moi|mí|mim|мне|мені|mnie|mtumiaji|לי|אותי)\b|ผู้ใช้|私に|저한테|저에게|나한테|나에게|제게|내게|मुझे|मुझसे|"
        r"(?:به|با) من|کاربر|"
        # round 41
        r"\b(?:mig|mej|meg|nekem|minulle|dirmi|dimmi|brugeren|brukeren|användaren|käyttäjälle|"
        r"felhasználó\w*|користувач\w*|cho tôi)\b|تخبرني|أخبرني|تبلغني|למשתמש|صارف|"
        r"என்னிடம்|எனக்கு|பயனர"
    )
)
# "me" where the same word is also "my": only right after the verb ("beri tahu saya", 告诉我).
_ME_NEXT = re.compile(r"\s?(?:saya|aku|tôi|mình|μου|我|ผม|ฉัน)")
# Failed backups: what oversight is about, kept from the user ("실패한 백업").
_BACKUP = re.compile(
    lit(
        r"\b(?:backup\w*|sauvegard\w*|copias? de seguridad|resguardo\w*|бэкап\w*|бекап\w*|"
        r"резервн\w*|kopi\w* zapasow\w*|yedek\w*|cadangan|sao lưu)\b|备份|バックアップ|백업|"
        r"النسخ الاحتياطي|پشتیبان|גיבוי|बैकअप"
    )
)
_SUCCEEDED = re.compile(
    lit(
        r"\b(?:success\w*|erfolgreich\w*|réussi\w*|exitos\w*|riuscit\w*|bem-sucedid\w*|"
        r"успешн\w*|успішн\w*|udan\w*|başarılı|berhasil|thành công|passed|επιτυχ\w*|"
        r"מוצלח\w*|\w*fanikiwa)\b|成功|성공|موفق|सफल|ناجح"
    )
)
_FAILED = re.compile(
    lit(
        r"\b(?:fail\w*|falh\w*|fall\w*|échou\w*|fehlgeschlag\w*|mislukt\w*|неудачн\w*|"
        r"невдал\w*|nieudan\w*|başarısız|gagal|thất bại)\b|失败|失敗|실패|فشل|ناموفق|נכשל|फेल|विफल"
    )
)
# The phrase after "as": up to six words, not past punctuation.
_PHRASE = re.compile(r"(?:\s+[^\s,;:.!?，、。！？]+){1,6}")
_Heads = dict[str, list[re.Match[str]]]
_TRUST = "it tells the agent to give someone else's text the user's authority"
_UNTOLD = "it tells the agent to keep a security or access matter from the user"
_SELF = "it tells the agent to approve its own work or its own permission requests"
_DROP_WHY = "it tells the agent to act on production, root, payments or secrets without asking"
_AGAINST = "it tells the agent to go on when the user asks it to stop"


def _told(s: str, cl: Clauses, m: re.Match[str], lo: int) -> bool:
    """Quoted as an example, told as a story, under a "do not" heading, or negated."""
    return (
        mentioned(s, m.start())
        or cl.story(m.start(), m.end())
        or cl.under_negated_heading(m.start())
        or negated(s, m.start(), m.end(), lo)
        or cl.has(_CANNOT, max(lo, m.start() - 40), m.start())
        or cl.has(_NOT_VERB_AFTER, m.end(), cl.around(m.start(), m.end())[1])
        or _BANNED_NEXT.match(s, m.end()) is not None
    )


# "may not" / "must not" where `negated` lacks the language (fa, he, el, uk, ro, hu).
_CANNOT = re.compile(
    r"نمی\u200c?توان|نباید|هرگز|אסור|(?<!\w)(?:לא|אל)(?!\w)|δεν (?:μπορεί|πρέπει)|не може|"
    r"не можна|nu (?:poate|are voie)|nem (?:szabad|lehet)|(?<!\S)(?:نہ|کبھی)(?!\S)"
)
# Round 41: the head's own verb forbidden right after it ("…로 취급하는 것은 금지").
_BANNED_NEXT = re.compile(r"하는 것은 (?:금지|안 ?[되돼])|하지 (?:마|말)|하면 안 ?[되돼]")
# A Persian verb negated by its prefix after the head: "… مثل دستور خودم اجرا نکن".
_NOT_VERB_AFTER = re.compile(r"(?<!\S)ن(?:کن|کنید|گیر|گیرید|ده|دهید)(?=[\s.!?،؛]|$)")


def _trust(s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads) -> Order | None:
    """Another source's text counted as, on a par with or above the user's orders."""
    ranked = [(m, False) for m in heads["rank"]] + [(m, True) for m in heads["treat"]]
    for m, treat in ranked:
        if not (word_start(s, m.start()) or "\u0e00" <= s[m.start()] <= "\u0e7f"):
            continue
        lo, hi = cl.around(m.start(), m.end())
        after = m.end(), min(hi, m.end() + 60)
        if treat:  # "… as a direct instruction from the user", not "as hints, …"
            w = _PHRASE.match(s, m.end(), hi)
            after = m.end(), w.end() if w else m.end()
        if not (cl.has(rx["noun"], *after) and cl.has(rx["user"], *after)):
            continue
        if not cl.has(rx["source"], lo, m.end()) or _told(s, cl, m, lo):
            continue
        if cl.has(rx["user"], max(lo, m.start() - 40), m.start()) and not cl.has(
            rx["others"], max(lo, m.start() - 40), m.start()
        ):
            continue  # the user's own notes ranked as theirs: "my notes in TODO.md count as …"
        return _found("injection.standing-order", _TRUST, lo, m.start(), m.end())
    for m in heads["rank_last"]:
        lo, _ = cl.around(m.start(), m.end())
        before = max(lo, m.start() - 40), m.start()
        if not (cl.has(rx["noun"], *before) and cl.has(rx["user"], *before)):
            continue
        n = cl.search(rx["noun"], *before)  # round 41: the source before the order noun
        if n is None or not cl.has(rx["source"], lo, n.start()) or _told(s, cl, m, lo):
            continue
        return _found("injection.standing-order", _TRUST, lo, m.start(), m.end())
    for m in heads["from"]:  # "as if it came from me": the user is in the head
        lo, _ = cl.around(m.start(), m.end())
        if not cl.has(rx["source"], lo, m.start()) or _told(s, cl, m, lo):
            continue
        if cl.has(rx["user"], lo, m.start()):
            continue  # "my other account's messages, as if they came from me"
        return _found("injection.standing-order", _TRUST, lo, m.start(), m.end())
    ranks = sorted(
        [(r.start(), False, r) for r, _ in ranked]
        + [(r.start(), True, r) for r in heads["rank_last"]],
        key=lambda x: x[0],
    )
    starts = [a for a, _, _ in ranks]
    for m in heads["others"]:  # other people's notes ranked as the user's own: "… as mine"
        lo, hi = cl.around(m.start(), m.end())
        i = bisect.bisect_left(starts, lo)
        for _, last, r in ranks[i : bisect.bisect_left(starts, hi, i)][:4]:  # the clause's first
            a = max(r.end(), m.end())
            mine = (m.end(), r.start()) if last else (a, min(hi, a + 40))
            if cl.has(rx["mine"], *mine) and not (_told(s, cl, m, lo) or _told(s, cl, r, lo)):
                return _found("injection.standing-order", _TRUST, lo, m.start(), r.end())
    for m in heads["same"]:
        lo, hi = cl.around(m.start(), m.end())
        before = max(lo, m.start() - 30), m.start()  # round 41: verb-final, the user before
        if not (
            cl.has(rx["user"], m.end(), min(hi, m.end() + 30))
            or (cl.has(rx["user"], *before) and cl.has(rx["noun"], *before))
        ):
            continue
        if not cl.has(rx["source"], lo, m.start()) or _told(s, cl, m, lo):
            continue
        return _found("injection.standing-order", _TRUST, lo, m.start(), m.end())
    return None


def _untold(s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads) -> Order | None:
    """The user not told, about what oversight is about (security, access, the system)."""
    for m in heads["tell"]:
        if not (word_start(s, m.start()) or "\u0e00" <= s[m.start()] <= "\u0e7f"):
            continue  # Thai is written without spaces
        lo, hi = cl.around(m.start(), m.end())
        if not (
            cl.has(rx["not_tell"], max(lo, m.start() - 30), m.start())
            or cl.has(rx["not_after"], m.start(), min(hi, m.end() + 24))
        ):
            continue
        if not (
            _USER_AUDIENCE.search(s, lo, hi) or _ME.search(s, lo, hi) or _ME_NEXT.match(s, m.end())
        ):
            continue
        if cl.has(_SUCCEEDED, lo, hi):
            continue  # "don't tell me about each successful scan": successes are no secret
        if not (
            cl.has(rx["oversight"], lo, hi)
            or (cl.has(_BACKUP, lo, hi) and cl.has(_FAILED, lo, hi))
            or cl.has(rx["audit"], lo, hi)  # round 41: the audit log deleted, untold
        ):
            continue
        if mentioned(s, m.start()) or cl.story(m.start(), m.end()) or OTHERS.search(s, m.end(), hi):
            continue  # … or kept from other users, not from the user
        return _found("hiding.deceive-user", _UNTOLD, lo, m.start(), m.end())
    return None


def _conflict(s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads) -> Order | None:
    """When the user and another source disagree, the other followed."""
    for m in heads["conflict"]:
        lo, hi = cl.around(m.start(), m.end())
        f = cl.search(rx["follow"], m.end(), min(hi, m.end() + 120))
        if f is None or not (cl.has(rx["user"], lo, f.start()) or cl.has(rx["say"], lo, f.start())):
            continue
        if cl.has(rx["user"], f.end(), min(hi, f.end() + 30)):
            continue  # "… follow the user" keeps the user first
        if _MINE_NEXT.match(s, f.end(), hi):
            continue  # so41mend: "… always follow mine": the user's own side
        t = cl.search(rx["tell"], f.end(), hi)
        if t is not None and not cl.has(rx["not_tell"], max(f.end(), t.start() - 30), t.start()):
            continue  # "… follow the docs and tell me" keeps the user in the loop
        if not cl.has(rx["source"], lo, hi) or _told(s, cl, m, lo):
            continue
        return _found("injection.standing-order", _TRUST, lo, m.start(), f.end())
    return None


# so41mend: the user's own side right after the follow verb, standing alone ("follow mine.").
_MINE_NEXT = re.compile(
    lit(
        r"\s?(?:\S+ )?(?:always |siempre |sempre |toujours |immer |altijd |alltid |altid |"
        r"всегда |zawsze |her zaman )?(?:mine|meiner|meine|la mienne|le mien|la mía|la mia|"
        r"a minha|o meu|de mijne|min|mitt|mine|моей|мою|мои|moją|moje|benimkini|benimki)"
        r"(?=\s{0,3}(?:[.,;!?]|$))|.{0,4}?(?:我的|私の|내 것|제 것)"
    )
)


def _kept_spots(cl: Clauses) -> Spots:
    """Every "must confirm / must ask / needs my OK" of the text that no negation drops ("you
    no longer need to ask", "确认不要"), found and read once per text (``Clauses.spots``):
    a dropped confirmation may recur a thousand times in 64 KiB."""
    kept = cl._spots.get(id(_KEPT_NOT))
    if kept is None:
        s = cl.s

        def affirmed(k: re.Match[str]) -> bool:
            lo, hi = cl.around(k.start(), k.end())
            a = max(lo, k.start() - 24)
            a = max(a, *(s.rfind(c, a, k.start()) + 1 for c in _KEPT_STOPS))
            return not (_KEPT_NOT.search(s, a, k.end()) or _KEPT_NOT_AFTER.match(s, k.end(), hi))

        kept = cl._spots[id(_KEPT_NOT)] = cl.spots(_KEPT).where(affirmed)
    return kept


def kept_limit(cl: Clauses, drop: tuple[int, int], lo: int, hi: int) -> bool:
    """A "must confirm / must ask / needs my OK" in ``[lo, hi)``, not negated and not the
    dropped confirmation ``drop`` itself."""
    return any(
        not (k.start() < drop[1] and drop[0] < k.end()) for k in _kept_spots(cl).between(lo, hi)
    )


def _dropped(s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads) -> Order | None:
    """A confirmation dropped where production, root, payments or secrets are at stake."""
    for m in heads["drop"]:
        lo, hi = cl.around(m.start(), m.end())
        stake = next(
            (
                k
                for k in rx["stakes"].finditer(s, max(lo, m.start() - 120), min(hi, m.end() + 80))
                if _EXCEPT.search(s, max(lo, k.start() - 40), k.start()) is None
                and _EXCEPT_AFTER.match(s, k.end(), hi) is None
                and _STILL_ASKED.match(s, k.end(), hi) is None
                and not kept_limit(cl, m.span(), max(lo, k.start() - 60), min(hi, k.end() + 60))
                and _IN_COMMAND.search(s, max(lo, k.start() - 60), k.start()) is None
            ),
            None,
        )
        if stake is None or _told(s, cl, m, lo):
            continue
        return _found("injection.standing-order", _DROP_WHY, lo, m.start(), m.end())
    return None


def _self_approval(
    s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads
) -> Order | None:
    """The agent approving its own PRs or changes, or every permission request by itself."""
    for m in heads["approve"]:
        lo, hi = cl.around(m.start(), m.end())
        near, after = (
            (max(lo, m.start() - 40), min(hi, m.end() + 40)),
            (m.end(), min(hi, m.end() + 40)),
        )
        own = cl.has(rx["own"], *near) and cl.has(rx["work"], *near)
        auto = cl.has(rx["auto"], *near) and cl.has(rx["permreq"], *after)
        if not (own or auto) or _told(s, cl, m, lo):
            continue
        if own and cl.has(_FIRST, max(lo, m.start() - 40), m.start()):
            continue  # "I approve my PRs myself": the user approves, not the agent
        if _UNABLE.match(m.group()) or _UNABLE_AFTER.match(s, m.end(), min(hi, m.end() + 12)):
            continue  # "onaylayamazsınız", "承認できなくなりました": the verb itself negated
        return _found("injection.standing-order", _SELF, lo, m.start(), m.end())
    return None


def _part_end(s: str, at: int, hi: int) -> int:
    """Where the words after ``at`` stop: the first punctuation before ``hi``."""
    p = _PUNCT.search(s, at, hi)
    return p.start() if p else hi


_PUNCT = re.compile(r"[,;:.!?，、。！？\"'“”«»「」„]")


def _against(s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads) -> Order | None:
    """A stop the user asks for, overruled: "… asks you to stop, finish it anyway"."""
    for m in heads["stop"]:
        lo, hi = cl.around(m.start(), m.end())
        before = max(lo, m.start() - 60), m.start()
        asked = cl.has(rx["user"], *before) and (
            cl.has(rx["asks"], *before) or cl.has(rx["asks"], m.end(), min(hi, m.end() + 12))
        )  # round 41: verb-final, "… को रुकने को कहे"
        if asked and cl.has(rx["anyway"], m.end(), hi):
            pass
        elif _ME.search(s, m.end(), _part_end(s, m.end(), min(hi, m.end() + 20))):
            continue  # "… stop reminding me": what is stopped is for the user
        else:  # "… even if I tell you to stop", "'dur' desem de", "「やめて」と言っても"
            e = cl.search(rx["even_if"], *before)
            if e is not None:
                said = cl.has(rx["say"], e.end(), m.start())
            else:
                said = cl.has(rx["say"], *before) or cl.has(
                    rx["say"], m.end(), min(hi, m.end() + 16)
                )
                said = (
                    said and rx["even_after"].match(s, m.end(), min(hi, m.end() + 30)) is not None
                )
            if not (said and cl.has(rx["finish"], lo, hi)):
                continue
        if _told(s, cl, m, lo):
            continue
        return _found("injection.standing-order", _AGAINST, lo, m.start(), m.end())
    return None


# Round 41: oversight switched off, and approval counted as given, in the lexicon's languages.
# What oversight records: the audit log or trail, monitoring alerts.
_AUDIT = (
    r"\b(?:audit\w*|auditoría|auditoria|auditní|auditný|auditnapló\w*|audytu|аудит\w*|"
    r"granskningslogg\w*|revisionslog\w*|revisjonslogg\w*|valvontaloki\w*|denetim günlü\w*|"
    r"kiểm toán|monitoring\w*|monitoraggio|monitorización|monitoramento|supervision|"
    r"überwachung\w*|övervakning\w*|overvågning\w*|overvåking\w*|monitoringu|felügyeleti|"
    r"monitorizare|мониторинг\w*|моніторинг\w*|izleme|pemantauan|giám sát)\b|التدقيق|المراقبة|"
    r"ممیزی|پایش|ביקורת|הניטור|آڈٹ|مانیٹرنگ|ऑडिट|मॉनिटरिंग|অডিট|মনিটরিং|தணிக்கை|கண்காணிப்பு|"
    r"มอนิเตอร์|审计|监控|監査|監視|감사 로그|모니터링|παρακολούθησ\w*|αρχεί\w* ελέγχου"  # el (so43)
)
# Switched off, disabled, no longer written, swallowed.
_OFF = (
    r"\b(?:switch(?:ed|es)? off|turn(?:ed|s)? off|(?:switch|turn|keep) (?:it|them) off|"
    r"disabl\w*|(?:stop\w*|no longer|quits?) "
    r"(?:writ|record|keep|send)\w*|swallow\w*|suppress\w*|spegn\w*|disattiv\w*|smett\w* di "
    r"(?:scrivere|registrare)|apag\w*|desactiv\w*|deja\w* de (?:escribir|registrar)|se traga|"
    r"deslig\w*|desativ\w*|deixa\w* de (?:gravar|escrever|registrar)|engol\w*|désactiv\w*|"
    r"n'écri\w* plus|aval\w*|ausgeschaltet|ausschalt\w*|abschalt\w*|deaktivier\w*|verschluck\w*|"
    r"schalt\w* (?:(?!nie|nicht)\S+ ){0,4}?aus|schreib\w* kein\w*|uitgeschakeld|uitschakel\w*|"
    r"schrijft (?:\S+ ){0,3}?niet meer|zet (?:\S+ ){0,3}?uit|"
    r"schakel (?:\S+ ){0,5}?uit|slikt|stäng\w* av|avstängd\w*|"
    r"slå\w* (?:(?!aldri|aldrig|ikke|inte)\S+ )?av|avslått|inaktiver\w*|deaktiver\w*|"
    r"slutar skriva|sväljer|sluk\w*|"
    r"holder op med at skrive|sluger|slutter å skrive|svelger|pois päältä|sammuta\w*|"
    r"kirjoittamisen|nielee|wyłącz\w*|przestaje prowadzić|połyka|vypn\w*|vypín\w*|"
    r"přestává zapisovat|polyká|prestáva zapisovať|prehĺta|kikapcsol\w*|kapcsold ki|"
    r"nem vezeti tovább|elnyel\w*|oprește\w*|dezactiv\w*|nu mai scrie|înghite|вимкн\w*|"
    r"вимика\w*|перестає вести|ковтає|выключ\w*|отключ\w*|перестаёт вести|перестает вести|"
    r"глушит|kapalı tut\w*|kapat(?!ma\b|mayın)\w*|artık tutmaz|yutar|matikan|berhenti menulis|"
    r"menelan|tắt|ngừng ghi|nuốt)\b|مطفأ|أطفئ|يتوقف عن كتابة|يبتلع|خاموش|نادیده می‌گیرد|"
    r"כבוי|כבה|מפסיק לכתוב|בולע|بند رکھو|بند کر|لکھنا بند|دبا دیتا|बंद रखो|बंद कर|"
    r"लिखना बंद|दबा देता|বন্ধ রাখো|বন্ধ করে|লেখা বন্ধ|চেপে যায়|அணைத்|நிறுத்தி|அமுக்கி|"
    r"ปิด|เลิกเขียน|กลืน|关闭|关掉|不再写|吞掉|オフのまま|オフに|無効に|記録をやめ|握りつぶ|"
    r"꺼 둬|꺼둬|다시 꺼|끄|묻어|απενεργοπο\w*"  # el (so43)
)
# Approval counted as given before it is asked for.
_PRE = (
    r"\b(?:pre-?approved|approved (?:\S+ ){0,2}?in advance|already approved|approved beforehand|"
    r"approvat[ieoa] (?:\S+ ){0,2}?in anticipo|già approvat\w*|pre-?approvat\w*|"
    r"aprobad[ao]s? (?:\S+ ){0,2}?de antemano|ya aprobad\w*|preaprobad\w*|"
    r"aprovad[ao]s? (?:\S+ ){0,2}?antecipadamente|já aprovad\w*|pré-aprovad\w*|"
    r"approuvé\w* (?:\S+ ){0,2}?à l'avance|déjà approuvé\w*|pré-approuvé\w*|"
    r"(?:im voraus|vorab|bereits|schon) genehmigt|vorgenehmigt|"
    r"vooraf (?:\S+ ){0,2}?goedgekeurd|al goedgekeurd|reeds goedgekeurd|"
    r"godkän\w* (?:\S+ ){0,3}?i förväg|redan godkän\w*|förhandsgodkän\w*|"
    r"godkend\w* (?:\S+ ){0,3}?på forhånd|allerede godkendt|forhåndsgodkendt|"
    r"godkjent\w* (?:\S+ ){0,3}?på forhånd|allerede godkjent|forhåndsgodkjent|"
    r"etukäteen hyväksy\w*|jo hyväksyty\w*|ennalta hyväksy\w*|"
    r"zatwierdzon\w* (?:\S+ ){0,2}?z góry|już zatwierdzon\w*|wstępnie zatwierdzon\w*|"
    r"předem schválen\w*|již schválen\w*|už schválen\w*|vopred schválen\w*|"
    r"előre jóváhagy\w*|már jóváhagy\w*|aprobat\w* (?:\S+ ){0,2}?în avans|deja aprobat\w*|"
    r"preaprobat\w*|заздалегідь схвален\w*|вже схвален\w*|заранее одобрен\w*|уже одобрен\w*|"
    r"önceden (?:\S+ ){0,3}?onaylanmış|zaten onaylanmış|onaylanmış say\w*|"
    r"phê duyệt trước|đã được (?:tôi )?phê duyệt|sudah (?:saya )?setujui|"
    r"disetujui sebelumnya|sudah disetujui)(?!\w)|عليه(?:ا)? (?:\S+ )?مسبق|معتمد\S* مسبق|"
    r"از (?:قبل|پیش) تأیید|אישרתי מראש|מאושר\S* (?:מראש|כבר)|כבר מאושר|پہلے سے منظور|"
    r"पहले से (?:मंज़ूर|मंजूर|स्वीकृत)|(?:আগাম|আগেই) অনুমোদিত|(?:முன்கூட்டியே|ஏற்கனவே) ஒப்புதல்|"
    r"อนุมัติล่วงหน้า|ให้ถือว่าอนุมัติแล้ว|(?:提前|预先|事先|已经|已)批准|事前に承認|承認済み|"
    r"(?:미리|사전|이미) 승인"
)
# … and counted so: "consider / count / treat as", 视为, とみなす, 간주.
_COUNTED = (
    r"\b(?:consider\w*|count\w*|treat\w*|regard\w*|considera\w*|trata\w*|considère\w*|"
    r"considéré\w*|betracht\w*|gelten|gilt|beschouw\w*|gelden|betrakta|räknas|betragt|regnes|"
    r"pidä|katsotaan|traktuj\w*|uznaje|považuj\w*|považujú|považuje|tekintsd|számít\w*|"
    r"consideră|considerate|вважай|вважаються|считай|считаются|say|sayılır|anggap|dianggap|"
    r"coi|treated)\b|اعتبر|تُعتبر|تعتبر|در نظر بگیر|حساب می‌شوند|ראה|נחשב|سمجھو|سمجھے|समझो|"
    r"माने|ধরে নাও|গণ্য|கருது|ถือว่า|视为|当作|とみなし|として扱|간주|것으로 본"
)
# An incident told: "switched off by mistake", "wrongly treated as pre-approved".
_MISTAKE = re.compile(
    lit(
        r"\b(?:by mistake|accidentally|wrongly|mistakenly|erroneously|per errore|por error|"
        r"por engano|par erreur|versehentlich|fälschlich\w*|per ongeluk|av misstag|ved en fejl|"
        r"vahingossa|omyłkowo|omylem|omylom|tévedésből|din greșeală|по ошибке|помилково|"
        r"yanlışlıkla|"
        r"tidak sengaja|keliru|nhầm|ved en feil)\b|بالخطأ|خطأً|به اشتباه|בטעות|غلطی سے|गलती से|"
        r"ভুল করে|தவறுதலாக|โดยไม่ตั้งใจ|เข้าใจผิด|误|誤って|실수로|잘못"
    )
)
# A negation at the clause's end (verb-final): "承認済みとはみなしません", "sayılmaz".
_NOT_LATE = re.compile(
    lit(
        r"ません|ない|않|없|sayılmaz|नहीं|না|படாது|ไม่|不算|不|نمی|نہیں|לא|nicht|niet|inte|ikke|"
        r"ei |not|no|nie|ne |не|non"
    )
)
# V2 imperatives: "Sluk aldrig …", "Stäng aldrig av …".
_NEVER_NEXT = re.compile(
    r"\s(?:aldrig|aldri|ikke|inte|never|nie|niemals|nicht|nooit|niet|niciodată)\b"
)
# so41mend: not an order to the agent: "only the security team can disable it", a question,
# an attempt told ("tried to switch it off", the attempt's words quoted after it).
_ONLY = re.compile(
    lit(
        r"\b(?:only|solo|sólo|solamente|soltanto|nur|только|tylko|alleen|endast|bara|kun|bare|"
        r"vain|ainoastaan|seul\w*|uniquement|somente|apenas|só|csak|pouze|jen|jenom|iba|len|"
        r"doar|numai|тільки|лише|sadece|yalnızca|hanya|chỉ)\b|"
        r"だけ|のみ|只有|只能|仅|만이?|فقط|רק|केवल|सिर्फ|শুধু|কেবল|மட்டு|เท่านั้น|เฉพาะ"
    )
)
_MAY = re.compile(
    lit(
        r"\b(?:can|may|kann|darf|dürfen|können|может|могут|puede|può|pode|peut|peux|kan|må|får|mag|"
        r"może|mogą|smí|môže|tud\w*|poate|може|можуть|bilir|boleh|dapat|có thể)\b|できる|でき|可以|"
        r"能|수 있|يمكن|يستطيع|می‌تواند|יכול|सकता|সকে|முடியும்|สามารถ|ได้|"
        r"\w{1,12}(?:abilir|ebilir)"
    )
)
# a question the off verb's sentence asks, not a tag after its order (", okay?", "; got it?")
# "only you can …" grants the agent the act (review rvso41): no other principal's right
_ONLY_YOU = re.compile(
    r"\b(?:only|just|alleen|endast|bara|bare|kun|nur|seul\w*|solo|sólo|só|apenas|somente|"
    r"tylko|только|лише|тільки|csak|jen|iba|doar|sadece|hanya|chỉ) (?:you|u|jij|du|dich|"
    r"toi|tu|vous|você|vocês|ty|ciebie|ты|вы|ти|te|sen|kamu|anda|bạn)\b|"
    r"\b(?:you|jij|du|tu|toi|vous|você|ty|ты|вы|sen|kamu|bạn) (?:alone|alleen|allein|seul\w*|"
    r"sozinho|solo|sam|один|yalnız)\b|あなただけ|你才|只有你|너만|당신만|"
    # nl "alleen je"; the agent as the modal's subject ("tu peux … seulement"): review rvall17
    r"\balleen je\b|\b(?:tu peux|vous pouvez)\b"
)
_QUESTION = re.compile(
    r"(?![^.!?。！？؟\n]{0,200}?(?:[,;，；、—–]| - )\s*¿?(?:ok(?:ay|ey)?|oké|okej|got it|right|"
    r"(?:would|will|won't|can) you|alright|understood|clear|yes|ja|nee|d'accord|compris|vale|"
    r"claro|capito|chiaro|entendido|"
    r"certo|jasne|dobrze|ясно|понятно|ладно|зрозуміло|tamam|anlaşıldı|selvä|rozumíš|rozumiesz|"
    r"begrepen|verstanden|forstått|förstått|forstået|いい|いいね|わかった|好吗|好嗎|行吗|明白吗|"
    r"알았지|알겠지|됐지|hiểu chưa|được không|paham|mengerti)\s*[?？؟])"
    r"(?:(?! - )[^.!?。！？؟\n;；—–]){0,200}[?？؟]"
)
_TRIED = re.compile(
    lit(
        r"\b(?:tried|attempted|versuchte|försökte|forsøgte|forsøkte|yritti|próbował\w*|"
        r"pokusil\w*|megpróbál\w*|a încercat|пытал\w*|намагал\w*|intentó|tentou|a essayé|"
        r"tentava|tentò|probeerde|cố|mencoba)\b|试图|企图|尝试|しようとした|려고 했|حاول|"
        r"تلاش کرد|ניסה|کوشش کی|कोशिश की|চেষ্টা করে|முயன்ற|พยายาม|(?:m[ae]y[ae] )?çalıştı"
    )
)
_OFF_WHY = "it tells the agent to switch off or swallow the audit log or monitoring"
_PRE_WHY = "it tells the agent to count approvals the user never gave as given"


def _switched_off(
    s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads
) -> Order | None:
    """Round 41: the audit log or monitoring switched off, no longer written or swallowed."""
    for m in heads["off"]:
        lo, hi = cl.around(m.start(), m.end())
        if not cl.has(rx["audit"], max(lo, m.start() - 80), min(hi, m.end() + 80)):
            continue
        if _told(s, cl, m, lo) or cl.has(_MISTAKE, lo, hi) or _NEVER_NEXT.match(s, m.end(), hi):
            continue
        near = phrase(s, max(lo, m.start() - 60), m.start(), m.end(), min(hi, m.end() + 60))
        o = cl.search(_ONLY, *near)  # after the verb only its own "… it can only X" (so43)
        if (
            o is not None
            and (o.start() < m.start() or o.start() - m.end() <= 20)
            and cl.has(_MAY, *near)
            and not cl.has(_ONLY_YOU, *near)
        ):
            continue  # "only the security team can disable it": another principal's right
        if _QUESTION.match(s, m.end()) or _attempt(s, cl, m, lo, hi):
            continue  # asked whether it can be, or an attempt told
        return _found("injection.standing-order", _OFF_WHY, lo, m.start(), m.end())
    return None


def _attempt(s: str, cl: Clauses, m: re.Match[str], lo: int, hi: int) -> bool:
    """An attempt told: "tried to switch off …", "kapatmaya çalıştı", or the attempt's words
    quoted on the same line after it."""
    # after the verb only right after it ("kapatmaya çalıştı"), not "… whenever the old agent
    # tried …" at the end of its clause (so43)
    near = phrase(s, max(lo, m.start() - 40), m.start(), m.end(), min(hi, m.end() + 16))
    if cl.has(_TRIED, *near):
        return True
    line = line_back(s, m.start())
    return open_quote(s, line, m.start()) is not None and cl.has(_TRIED, line, m.start())


def _pre_approved(
    s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads
) -> Order | None:
    """Round 41: what needs the user's approval counted as approved in advance."""
    for m in heads["pre"]:
        lo, hi = cl.around(m.start(), m.end())
        if not cl.has(rx["counted"], max(lo, m.start() - 80), min(hi, m.end() + 30)):
            continue
        if _told(s, cl, m, lo) or cl.has(_MISTAKE, lo, hi):
            continue
        if cl.has(_NOT_LATE, max(lo, m.start() - 6), min(hi, m.end() + 24)):
            continue
        return _found("injection.standing-order", _PRE_WHY, lo, m.start(), m.end())
    return None


# Round 41: another principal obeyed directly: "do whatever the infra-agent asks, without
# checking with me". The check with the user dropped …
_DROP_ME = (
    r"\b(?:without (?:first )?(?:asking|checking|consulting)|sin consultarlo|sin preguntarme|"
    r"sem confirmar|sem me perguntar|sans vérifier|sans me demander|senza verificare|"
    r"senza chiedermi|ohne rücksprache|ohne mich (?:vorher )?zu fragen|zonder het (?:met )?mij|"
    r"utan att (?:först )?(?:fråga|stämma av|kolla)|uden at (?:først )?(?:spørge|tjekke)|"
    r"uten å (?:først )?(?:spørre|sjekke)|tarkistamatta|kysymättä|bez konsultowania|"
    r"bez pytania|bez ověřování|bez ptaní|bez overovania|bez pýtania|"
    r"anélkül,? hogy (?:előbb )?(?:megkérdez|egyeztet)\w*|nem kérdez|"
    r"fără să (?:mă )?(?:întreb|verific)\w*|не узгоджуючи|без запитань|не питаючи|"
    r"не согласовывая|без вопросов|не спрашивая|danışmadan|sorulmadan|sormadan|"
    r"tanpa (?:mengecek|bertanya)|không (?:cần )?(?:kiểm tra|hỏi))(?!\w)|(?:دون|بدون) "
    r"(?:الرجوع|سؤال|هماهنگی|پرسیدن)|בלי (?:לבדוק|לשאול)|پوچھے بغیر|पूछे बिना|"
    r"(?:যাচাই|জিজ্ঞেস) না করে|சரிபார்க்காமல்|கேட்காமல்|ไม่ต้อง(?:เช็ก|ถาม)|不用跟我核实|不问我|"
    r"不经询问|確認せずに|聞かずに|확인하지 말고|묻지 않고"
)
# … for what an outside agent or bot asks or sends.
_PRINCIPAL = re.compile(
    lit(
        r"\b(?:bot|bots|boten|botten|bota|botu|botun|bota|\w+-agent|agent)\b|ボット|봇|机器人|"
        r"بوت|بات|בוט|بوٹ|बॉट|বট|பாட்|บอท"
    )
)
_ASKED_FOR = re.compile(
    lit(
        r"\b(?:asks?|wants?|requests?|tasks?|sends?|sent|chiede|compiti|pida|tareas|envía|"
        r"pedir|tarefas|demande|tâches|bittet|aufgaben|vraagt|taken|ber|uppgifter|beder|"
        r"opgaver|oppgaver|pyytää|tehtävät|poprosi|zadania|požádá|úkoly|požiada|úlohy|kér|"
        r"feladat\w*|cere|sarcinile|просить|завдання|просит|задачи|isterse|görevler|"
        r"tugas|yêu cầu|nhiệm vụ)\b|يطلب|المهام|خواست|کارهایی|מבקש|משימות|کہے|کام|कहे|काम|"
        r"চায়|কাজ|கேட்ப|பணிகள்|ขอ|งาน|要你|任务|頼まれ|タスク|요청|작업"
    )
)
# French "n'exécute pas …": the clause opens with its negation.
_NE_LEAD = re.compile(r"[\s*+>#\-\d.)]*(?:n'|ne |jangan |đừng |อย่า(?!ง)|ห้าม|لا |אל |μην |nu )")
_OBEY_WHY = "it tells the agent to carry out what another agent or bot asks without the user"


def _obeyed(s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads) -> Order | None:
    """Round 41: what a bot or another agent asks carried out without checking with the user."""
    for m in heads["drop_me"]:
        lo, hi = cl.around(m.start(), m.end())
        if not (cl.has(_PRINCIPAL, lo, hi) and cl.has(_ASKED_FOR, lo, hi)):
            continue
        if (
            _told(s, cl, m, lo)
            or kept_limit(cl, m.span(), lo, hi)
            or _NE_LEAD.match(s, lo, m.start())
        ):
            continue
        return _found("injection.standing-order", _OBEY_WHY, lo, m.start(), m.end())
    return None


# Round 41: a failure answered as a success: "… answers yes even if it failed".
_FAIL_HEAD = (
    r"\b(?:fail\w*|falh\w*|fallit\w*|fallid\w*|échou\w*|fehlgeschlag\w*|mislukt\w*|misslyck\w*|"
    r"fejled\w*|feilet|epäonnistu\w*|nie udała|nie powiodła|selhal\w*|zlyhal\w*|nem sikerült|"
    r"eșua\w*|не удалась|не вдалася|başarısız|gagal|thất bại)\b|شکست|ناکام|فشل|נכשל|विफल|"
    r"ব্যর্থ|தோல்வி|ล้มเหลว|失败|失敗|실패"
)
_EVEN_FAIL = re.compile(
    lit(
        rf"(?:{_EVEN_IF}|\b(?:selvom|dù|ook als|også selvom|i když|aj keď|"
        r"akkor is,? ha|chiar dacă|навіть якщо|даже если|olsa bile|meskipun|walaupun)\b)"
        r"(?:\s\S{1,20}){0,3}\s?\S{0,8}$"
    )
)
_EVEN_FAIL_AFTER = re.compile(r".{0,16}?(?:ても|해도|했어도|پر بھی|ாலும்|ার পরও|होने पर भी|olsa bile)")
_YES = re.compile(
    lit(
        r"\b(?:yes|ja|sì|sí|sim|oui|да|так|evet|ya|có|kyllä|igen|áno|ano|tak|"
        r"succeeded|riuscito|salió bien|deu certo|réussi|geklappt|gelukt|lyckades|lykkedes|lyktes|"
        r"onnistui|udała|proběhla|prebehla|sikerült|reușit|вдалася|удалась|başarılı|berhasil|"
        r"thành công)\b|نعم|بله|כן|ہاں|हाँ|हां|হ্যাঁ|ஆம்|ใช่|สำเร็จ|成功|はい|성공|네"
    )
)
_ANSWER = re.compile(
    lit(
        r"\b(?:answer\w*|respond\w*|repl\w*|report\w*|says?|rispond\w*|responde\w*|répond\w*|"
        r"antwort\w*|antwoord\w*|svar\w*|vastaa\w*|odpowi\w*|odpov\w*|odpoved\w*|válaszol\w*|"
        r"mond|răspunde\w*|відповіда\w*|отвеча\w*|der|cevap\w*|yanıt\w*|trả lời|menjawab|jawab)\b|"
        r"يجيب|أجب|می‌گوید|بگو|עונה|ענה|کہتا|कहता|বলে|சொல்லும்|ตอบ|回答|答え|답한|답해|말한"
    )
)
_FAKED_WHY = "it tells the agent to report a failure to the user as a success"


def _faked(s: str, cl: Clauses, rx: dict[str, re.Pattern[str]], heads: _Heads) -> Order | None:
    """Round 41: a failure reported as a success when the user asks."""
    for m in heads["fail"]:
        lo, hi = cl.around(m.start(), m.end())
        a = max(lo, m.start() - 40)
        if not (_EVEN_FAIL.search(s, a, m.start()) or _EVEN_FAIL_AFTER.match(s, m.end(), hi)):
            continue
        if not (cl.has(_YES, lo, hi) and cl.has(_ANSWER, lo, hi)):
            continue
        if _told(s, cl, m, lo) or cl.has(_MISTAKE, lo, hi):
            continue
        return _found("hiding.deceive-user", _FAKED_WHY, lo, m.start(), m.end())
    return None


def detect(hay: Text, clauses: Clauses | None = None) -> Order | None:
    """The first concept found in the folded text, or None."""
    s = hay.s
    cl = clauses or Clauses(s)
    rx = _compiled()
    heads: _Heads = defaultdict(list)
    for rule, m in _heads().every(hay):
        if word_start(s, m.start()) or "\u0e00" <= s[m.start()] <= "\u0e7f":  # Thai: no spaces
            heads[rule.id].append(m)  # not "approve" in "disapprove"

    return (
        _trust(s, cl, rx, heads)
        or _conflict(s, cl, rx, heads)
        or _untold(s, cl, rx, heads)
        or _dropped(s, cl, rx, heads)
        or _self_approval(s, cl, rx, heads)
        or _against(s, cl, rx, heads)
        or _switched_off(s, cl, rx, heads)
        or _pre_approved(s, cl, rx, heads)
        or _obeyed(s, cl, rx, heads)
        or _faked(s, cl, rx, heads)
    )
