"""Social-engineering rules: phishing lures, credential requests, fake claims, planted
answers. (docs/design/guard.md)."""

from __future__ import annotations

from ._build import alt, builder, lexicon, prefixes
from ._engine import Rule
from ._patterns import USER_WORDS, affirmed, gap

# "your account has been compromised / hacked / suspended".
_COMPROMISED = lexicon(
    r"your account (?:has been|was|is|got) (?:compromised|hacked|suspended|locked|breached|"
    r"hijacked|disabled)|tu cuenta (?:ha sido|fue|está) (?:comprometida|hackeada|suspendida|"
    r"bloqueada)|votre compte (?:a été|est) (?:compromis|piraté|suspendu|bloqué)|ton compte (?:a "
    r"été|est) (?:compromis|piraté|suspendu|bloqué)|ihr konto (?:wurde|ist) (?:kompromittiert|"
    r"gehackt|gesperrt)|dein konto (?:wurde|ist) (?:kompromittiert|gehackt|gesperrt)|il tuo "
    r"account è stato (?:compromesso|violato|sospeso|bloccato)|sua conta (?:foi|está) "
    r"(?:comprometida|hackeada|suspensa|bloqueada)|ваш аккаунт (?:был )?(?:скомпрометирован|"
    r"взломан|заблокирован)|ваша учетная запись (?:была )?(?:скомпрометирована|взломана)|hesabınız "
    r"(?:ele geçirildi|tehlikeye girdi|hacklendi|askıya alındı)|akun anda (?:telah )?(?:disusupi|"
    r"diretas|dibobol|diblokir)|na-kompromiso ang (?:iyong )?account|tài khoản của bạn đã bị|आपका "
    r"खाता हैक|आपके खाते से समझौता|आपका खाता से समझौता|আপনার অ্যাকাউন্ট আপস|আপনার অ্যাকাউন্ট হ্যাক|"
    r"تم اختراق حسابك|계정이 해킹|계정이 손상|계정이 도용|アカウントが侵害|アカウントが乗っ取|"
    r"您的账户已被|你的账户已被|您的帐户已被|你的帐户已被|บัญชีของคุณถูก"
)

# Words for a password or secret, and for "you/your" so that the request is aimed at the model.
_PASSWORD = lexicon(
    r"password|passcode|secret key|contraseña|mot de passe|passwort|senha|пароль|şifre|kata sandi|"
    r"mật khẩu|पासवर्ड|পাসওয়ার্ড|كلمة المرور|كلمة السر|비밀번호|パスワード|密码|口令|รหัสผ่าน"
)
_YOUR_PASSWORD = lexicon(
    r"your (?:password|passcode|secret key)\b|(?:tu|su) contraseña|(?:ton|votre) mot de passe|"
    r"(?:dein|ihr) passwort|(?:la )?tua password|(?:sua|tua) senha|твой пароль|ваш пароль|"
    r"şifren|şifreniz|kata sandi (?:anda|kamu|mu)|iyong password|mật khẩu của bạn|"
    r"आपका पासवर्ड|तुम्हारा पासवर्ड|আপনার পাসওয়ার্ড|তোমার পাসওয়ার্ড|كلمة المرور الخاصة بك|"
    r"너의 비밀번호|당신의 비밀번호|あなたのパスワード|你的密码|您的密码|รหัสผ่านของคุณ"
)
_ASK_USER = lexicon(
    r"ask\w*|request\w*|collect\w*|pid\w*|pedir|pregunt\w*|solicit\w*|demand\w*|frag\w*|chied\w*|"
    r"pergunt\w*|попрос\w*|запрос\w*|спрос\w*|询问|索要|要求|聞|尋ね|求め|물어|요청"
)
_ASKED = (  # the user, asked by the agent
    r"(?:the user|them|users?+|customers?+|the customer|à l'utilisateur|al usuario|ao usuário|"
    r"all'utente|(?:den |die )?(?:nutzer|benutzer)\w*|пользовател\w*|用户|ユーザー|사용자)"
)
_ONE_TIME = lexicon(r"2fa|mfa|otp|one-time|authenticator|\d-digit|verification code")
_SOLICIT = lexicon(
    r"give me|tell me|send me|share|need|want|reveal|provide|mir\b|moi\b|comigo|"
    r"me (?:dé|des|diga|digas|da|das)|мне|bana|kepada saya|sa akin|cho tôi|मुझे|আমাকে|أعطني|"
    r"لي|나에게|저에게|필요|말해|알려|私に|教えて|必要|告诉我|给我|发给我|บอก|ให้ฉัน"
)

# Framing that announces a made-up answer ("let's state that …", "we might say …").
# "say" and "assume" are everyday idioms ("let's say 100 users"); only with "that".
# "let's assume": the same move, planting a premise instead of a statement.
_WE_SAY = lexicon(
    r"let's (?:state|declare|claim|assert|pretend)|let's (?:say|assume) that|lets (?:state|declare|"
    r"claim|assert|pretend)|lets (?:say|assume) that|let us (?:state|declare|claim|assert|pretend)|"
    r"let us (?:say|assume) that|we (?:might|could|can|will|should|would|may|must) (?:state|"
    r"declare|claim|assert)|we (?:might|could|can|will|should|would|may|must) say that|where we "
    r"(?:state|say|declare|claim|assert)|we (?:state|declare|claim|assert) that|digamos que|"
    r"afirmemos que|declaremos que|podemos (?:decir|afirmar|declarar)|disons que|affirmons que|"
    r"déclarons que|nous (?:pouvons|pourrions) (?:dire|affirmer)|nous affirmons que|sagen wir,? "
    r"dass|wir (?:könnten|können) sagen|diciamo che|affermiamo che|potremmo dire|podemos dizer|"
    r"poderíamos dizer|мы можем заявить|мы можем сказать|мы могли бы сказать|скажем, что|"
    r"belirtebiliriz|diyebiliriz|söyleyelim|mari kita katakan|kita (?:bisa|dapat) (?:mengatakan|"
    r"menyatakan)|sabihin natin|hãy nói|chúng ta có thể nói|chúng ta nói|आइए बताते|हम कह सकते|हम "
    r"बता सकते|हम बताते|আমরা বলি|আমরা বলতে পারি|قد نقول|لنقل|دعونا نقول|يمكننا القول|라고 하자|"
    r"라고 말할 수|と言おう|と言いましょう|我们可以说|让我们说|我们说|เราอาจระบุว่า|เราอาจจะบอกว่า|"
    r"เราบอกว่า|supongamos que|supposons que|nehmen wir an|supponiamo che|suponhamos que|vamos "
    r"supor que|предположим, что|допустим, что|varsayalım|anggap saja|mari kita asumsikan|"
    r"ipagpalagay natin|hãy giả sử|चलो मान ले|आइए मान ले|ধরে নেওয়া যাক|لنفترض|가정해 봅시다|"
    r"가정하자|让我们假设|สมมติว่า"
)
# The same framing where the verb ends the clause (ja, ko): "… と言おう".
_WE_SAY_FINAL = ("と言おう", "と言いましょう", "としましょう", "라고 하자", "라고 합시다")

# "As an AI developed by <vendor>": a model claiming to speak for its maker.
_AS = lexicon(
    r"as an?|als\b|como (?:una? )?|en tant qu|in quanto|sebagai|bilang|как|olarak|로서|として|"
    r"作为|ในฐานะ|بصفتي|के रूप में|হিসেবে"
)
_DEVELOPED = lexicon(
    r"develop\w*|created|built|made|trained|entwickelt\w*|sviluppat\w*|desarrollad\w*|"
    r"développé\w*|desenvolvid\w*|разработ|geliştir\w*|dikembangkan|binuo|phát triển|विकसित|"
    r"উন্নত|তৈরি|طور|개발|開発|开发|พัฒนา"
)

# Entering a special mode, announced by the speaker.
_ENTER_MODE = lexicon(
    r"i'm entering|i am entering|i'm now entering|i am now entering|now entering|"
    "entering (?:a |an |the )?[\\\"'‘“]|estoy entrando|entrando en (?:el |un )?modo|"
    r"j'entre en mode|betrete (?:ich )?(?:einen |den )?|sto entrando in|estou entrando|entrando "
    r"(?:no|em) modo|вхожу в|перехожу в|giriyorum|saya memasuki|aku memasuki|pumapasok ako|tôi "
    r"đang vào|tôi đang bước vào|प्रवेश कर रहा|প্রবেশ করছি|أدخل الآن|أنا الآن أدخل|돌입|진입한다|"
    r"に入ります|モードに入|我正在进入|我现在进入|进入.{0,12}模式|ฉันกําลังเข้าสู่|กำลังเข้าสู่"
)
_MODE_NOUN = lexicon(
    r"mode\b|modus|modo\b|modalità|режим|modu\b|chế độ|मोड|মোড|وضع|모드|モード|模式|โหมด"
)
_PHISHING = lexicon(r"phishing|钓鱼|フィッシング|피싱|фишинг|التصيد|फ़िशिंग|ফিশিং")
_WRITE = lexicon(
    r"escrib|rédige|écri|schreib|scriv|escrev|напиш|написать|yaz|tulis|sumulat|viết|लिख|লিখ|"
    r"كتابة|اكتب|작성|써|書|写|撰写|เขียน"
)
_VENDORS = ("openai", "anthropic")


def _phishing_rules() -> tuple[Rule, ...]:
    reason = (
        "it carries a phishing lure (a compromised-account scare or a password-reset "
        "link) for the model to pass on"
    )
    return (
        Rule("injection.phishing", "injection", reason, prefixes(_COMPROMISED), alt(_COMPROMISED)),
        Rule(
            "injection.phishing",
            "injection",
            reason,
            ("ask", "tell", "urg", "request", "direct"),
            r"(?:ask\w*|tell\w*|urg\w*|request\w*|direct\w*)\s+(?:the\s+)?users?\s+(?:to\s+)?(?:vis"
            r"it|go to|click|open|follow)[^\n]{0,100}?(?:reset|verify|confirm|update|"
            r"enter)\w*\s+(?:their|your|the)\s+(?:password|credentials|account|login)",
            requires=(("user",),),
            near=("password", "credentials", "account", "login"),
            span=150,
            accept=affirmed,
        ),
        Rule(
            "injection.phishing",
            "injection",
            reason,
            ("write", "draft", "compose", "create", "craft", "generat"),
            r"(?:write|draft|compose|create|craft|generate)\w*\s+(?:\w+\s+){0,3}?phishing\s+"
            r"(?:e-?mail|message|mail|page|site|text)",
            near=("phishing",),
            span=50,
            accept=affirmed,
        ),
        Rule(
            "injection.phishing",
            "injection",
            reason,
            _PHISHING,
            rf"{alt(_PHISHING)}.{{0,40}}?{alt(_WRITE)}",
            requires=(prefixes(_WRITE),),
        ),
    )


def _credential_rules() -> tuple[Rule, ...]:
    pw, your_pw, solicit = alt(_PASSWORD), alt(_YOUR_PASSWORD), alt(_SOLICIT)
    reason = "it asks the model to hand over its password or secret"
    return (
        Rule(
            "exfiltration.credential-request",
            "exfiltration",
            reason,
            prefixes(_SOLICIT),
            rf"{solicit}{gap(40)}{your_pw}",
            near=prefixes(_PASSWORD),
            span=60,
            accept=affirmed,
        ),
        Rule(
            "exfiltration.credential-request",
            "exfiltration",
            reason,
            prefixes(_YOUR_PASSWORD),
            rf"{your_pw}{gap(40)}{solicit}",
            requires=(prefixes(_SOLICIT),),
            accept=affirmed,
        ),
        Rule(  # or the user's password asked for together with a one-time code
            "exfiltration.credential-request",
            "exfiltration",
            reason,
            ("need", "want", "require", *prefixes(_ASK_USER)),
            r"(?:need|want|require)s?\s+you\s+to\s+(?:confirm|provide|share|give|reveal|tell)\s+"
            rf"(?:me\s+)?(?:with\s+)?(?:the|your)\s+{pw}|(?<!flow |page |form ){alt(_ASK_USER)}\s+"
            rf"(?:\w+\s+)?{_ASKED}"
            rf"(?!\s+(?:whether|if)\b|\s+to\s+(?:reset|change|rotate|renew|enable|set|describe))"
            rf"(?:{gap(60)}{pw}{gap(80)}{alt(_ONE_TIME)}|{gap(60)}{alt(_ONE_TIME)}{gap(80)}{pw})",
            near=prefixes(_PASSWORD),
            span=160,
            accept=affirmed,
        ),
    )


def _user_data_rules() -> tuple[Rule, ...]:
    reason = "it asks the model to share the user's personal details"
    return (
        Rule(
            "exfiltration.user-data",
            "exfiltration",
            reason,
            ("share", "reveal", "disclose", "give me", "send me", "tell me"),
            r"(?:share|reveal|disclose|give me|send me|tell me)\s+(?:me\s+)?(?:the|this)\s+"
            r"user'?s'?\s+(?:\w+\s+)?(?:e-?mail|address|location|phone|password|birth\s?date|"
            r"date of birth|ssn|social security|bank|credit card|home|whereabouts)",
            near=("user",),
            span=30,
            accept=affirmed,
        ),
        Rule(
            "exfiltration.user-data",
            "exfiltration",
            reason,
            USER_WORDS,
            r"(?:usuario|utilisateur|benutzer|nutzer|utente|usuário|пользовател\w*|kullanıcı\w*|"
            r"pengguna|người dùng|उपयोगकर्ता|ব্যবহারকারী|المستخدم|사용자|ユーザー|用户)"
            r".{0,30}?(?:correo|e-?mail|adresse|indirizzo|endereço|почт|адрес|e-posta|adres|"
            r"alamat|địa chỉ|ईमेल|पता|ইমেল|ঠিকানা|البريد|عنوان|이메일|주소|メール|住所|邮件|"
            r"邮箱|地址|อีเมล|ที่อยู่).{0,40}?(?:compart|partag|teilen|condivid|поделит|"
            r"сообщит|paylaş|bagikan|ibahagi|chia sẻ|साझा|শেয়ার|مشاركة|공유|共有|分享|แชร์)",
            near=(
                "compart",
                "partag",
                "teilen",
                "condivid",
                "поделит",
                "сообщит",
                "paylaş",
                "bagikan",
                "ibahagi",
                "chia sẻ",
                "साझा",
                "শেয়ার",
                "مشاركة",
                "공유",
                "共有",
                "分享",
                "แชร์",
            ),
            span=90,
            accept=affirmed,
        ),
    )


@builder
def rules() -> tuple[Rule, ...]:
    """Social-engineering rules (built on first use)."""
    mode = alt(_MODE_NOUN)
    as_, developed, vendor = alt(_AS), alt(_DEVELOPED), alt(_VENDORS)
    we_say = alt(_WE_SAY)
    claim = "it claims to speak as the model or its maker in order to unlock special behaviour"
    return (
        *_phishing_rules(),
        *_credential_rules(),
        *_user_data_rules(),
        Rule(
            "injection.assert-answer",
            "injection",
            "it plants a made-up answer for the model to state as fact",
            prefixes(_WE_SAY, _WE_SAY_FINAL),
            near=prefixes(_WE_SAY, _WE_SAY_FINAL),
            span=40,
            pattern=rf"{we_say}\s*(?:that\s+)?[:：]"
            rf"|{we_say}[^.\n]{{0,60}}?(?:是|は|는|은|là|है|হল|هي|هو|คือ|est|ist|è|é|"
            r"es|это|olduğunu|adalah|ay|['\"‘’“”「『])"
            rf"|{alt(_WE_SAY_FINAL)}",
        ),
        Rule(
            "injection.assert-answer",
            "injection",
            "it plants a made-up answer for the model to state as fact",
            ("state", "say ", "declare", "claim", "assert"),
            r"(?:state|say|declare|claim|assert)\s+(?:that\s+)?the\s+(?:output|answer|result|"
            r"capital|conclusion|sum|total|value|correct answer)\b[^.\n]{0,60}?\b(?:is|are|"
            r"was|equals|should be)\b",
            requires=(
                ("output", "answer", "result", "capital", "conclusion", "sum ", "total", "value"),
            ),
        ),
        Rule(
            "injection.reply-payload",
            "injection",
            "it tells the model to slip a link or a request for personal details into its replies",
            ("add", "include", "insert", "append", "embed", "put"),
            r"(?:add|include|insert|append|embed|put)\w*\s[^\n]{0,160}?(?:https?://|"
            r"www\.)[^\n]{0,160}?(?:to|in|into|within)\s+(?:all\s+|every\s+)?your\s+(?:reply|"
            r"replies|response|responses|answer|answers|message|messages|output)",
            near=(
                "reply",
                "replies",
                "response",
                "answer",
                "message",
                "output",
            ),
            span=340,
        ),
        Rule(
            "role.ai-claim",
            "role-hijack",
            claim,
            prefixes(_AS),
            rf"{as_}.{{0,50}}?{developed}.{{0,30}}?{vendor}|{as_}.{{0,30}}?{vendor}.{{0,30}}?"
            rf"{developed}",
            requires=(prefixes(_DEVELOPED),),
            near=_VENDORS,
            span=90,
        ),
        Rule(
            "role.mode-switch",
            "role-hijack",
            "it announces that the model is entering a special mode",
            prefixes(_ENTER_MODE),
            rf"{alt(_ENTER_MODE)}.{{0,40}}?{mode}",
            requires=(prefixes(_MODE_NOUN),),
        ),
        Rule(
            "role.obey",
            "role-hijack",
            "it orders the model to obey the writer instead of its instructions",
            ("you must", "you have to", "you will", "you shall", "you are required", "deve"),
            r"you (?:must|have to|will|shall|are required to) (?:obey|listen to|"
            r"follow)\s+(?:me\b|my (?:instructions|orders|commands|every))|"
            r"deve obedecer(?:-me)?",
            near=("obey", "listen", "follow", "obedecer"),
            span=40,
        ),
    )
