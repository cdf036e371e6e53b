"""Multilingual vocabulary for the injection rules.

Each list holds regex fragments in lower case; ``_engine.lit`` NFKC-normalises and
casefolds them at compile time, so they match ``fold(text)``. The languages are the ones
prompt-injection corpora are published in: en, es, fr, de, it, pt, ru, tr, id, tl, vi, hi,
bn, ar, ko, ja, zh, th, el. Latin-script stems end in ``\\w*`` so inflections match; other
scripts rely on the bounded gaps between words in the rules instead.
"""

from __future__ import annotations

# "ignore / disregard / forget" as a command.
IGNORE: tuple[str, ...] = (
    # en
    r"ignor(?:e|es|ed|ing)\b", r"disregard\w*", r"forget\w*", r"forgot\w*", r"overlook\w*",
    r"pay no (?:attention|heed|mind)", r"set aside", r"put aside", r"throw out",
    r"discard\w*", r"dismiss\w*", r"abandon\w*", r"bypass\w*", r"neglect\w*",
    # es / pt / it / fr share "ignor-"
    r"ignor[aeiáéí]\w*", r"olvid\w*", r"omit[ae]\w*", r"descart\w*", r"haz caso omiso",
    r"hagas caso", r"pasa por alto", r"deja de lado", r"desestim\w*",
    r"oubli\w*", r"fais abstraction", r"faites abstraction", r"ne tiens pas compte",
    r"ne tenez pas compte", r"ne tenez plus compte", r"laisse[zr]? de côté",
    r"ignorier\w*", r"vergiss\w*", r"vergessen\w*", r"missacht\w*", r"übergeh\w*",
    r"nicht beachten", r"beachte\w* nicht", r"außer acht",
    r"dimentic\w*", r"trascur\w*", r"tralasci\w*", r"non considera\w*", r"non tener\w* conto",
    r"esque[cç]\w*", r"desconsider\w*", r"desprez\w*", r"deixe de lado",
    # ru
    r"игнорир\w*", r"проигнорир\w*", r"забуд\w*", r"забыть", r"не обращай\w*",
    r"не учитывай\w*", r"пренебре\w*", r"отбрось\w*",
    # tr
    r"yok say\w*", r"yoksay\w*", r"görmezden gel\w*", r"unut\w*", r"dikkate alma\w*",
    r"göz ardı\w*", r"önemseme\w*", r"aldırma\w*",
    # id / tl
    r"abaikan\w*", r"lupakan\w*", r"acuhkan\w*", r"hiraukan\w*", r"jangan ikuti",
    r"huwag pansinin", r"huwag intindihin", r"huwag sundin", r"kalimutan\w*",
    r"balewalain", r"ipagwalang-bahala",
    # vi
    r"bỏ qua", r"phớt lờ", r"lờ đi", r"quên", r"không để ý", r"không tuân theo",
    # hi / bn
    "अनदेखा", "नज़रअंदाज़", "नजरअंदाज", "नज़रअंदाज", "भूल जा", "उपेक्षा", "ध्यान न द",
    "अवहेलना", "दरकिनार", "উপেক্ষা", "ভুলে যা", "ভুলে যে", "অগ্রাহ্য", "অবজ্ঞা", "এড়িয়ে",
    # ar
    "تجاهل", "انس ", "إنس ", "انسى", "انسوا", "اغفل", "أغفل", "لا تلتفت", "تغاضى", "تغاض",
    # ko / ja / zh / th / el
    "무시", "잊어", "잊으", "잊고", "따르지 마", "無視", "忘れ", "従わな",
    "忽略", "忽视", "无视", "不要理会", "不理会", "别理会", "忘记", "忘掉", "抛开", "不要遵守",
    "不要遵循", "不用管", "เพิกเฉย", "ละเว้น", "ไม่สนใจ", "ลืม", "ละเลย", "มองข้าม",
    r"αγνόησ\w*", r"αγνοήστε", r"ξέχασ\w*", r"ξεχάστε",
    # "regardless of": the same override, phrased as a condition.
    r"regardless of", r"irrespective of", r"independientemente de", r"independentemente d",
    r"indépendamment d", r"unabhängig von", r"indipendentemente d", r"terlepas dari",
    "bất kể", "независимо от", r"bakılmaksızın", "बावजूद", "নির্বিশেষে", "بغض النظر",
    "관계없이", "にかかわらず",
)

# "previous / prior / above / original / system" qualifying those instructions.
PREVIOUS: tuple[str, ...] = (
    r"previous\w*", r"prior", r"preceding", r"above", r"earlier", r"former", r"foregoing",
    r"original", r"initial", r"system", r"existing", r"before",
    r"anterior\w*", r"previa\w*", r"precedent\w*", r"de arriba", r"originales",
    r"iniciales", r"del sistema", r"précédent\w*", r"antérieur\w*", r"ci-dessus",
    r"initiales", r"du système", r"vorherig\w*", r"bisherig\w*", r"vorig\w*", r"obig\w*",
    r"früher\w*", r"vorangegangen\w*", r"ursprünglich\w*", r"sopra", r"original\w*",
    r"iniziali", r"prévia\w*", r"acima", r"originais", r"iniciais", r"do sistema",
    "предыдущ", "прежн", "предшествующ", "выше", "изначальн", "исходн", "ранее", "прошл",
    "системн", r"önceki\w*", r"yukarıdaki\w*", r"daha önce\w*", r"önceden",
    r"sebelumnya", r"di atas", r"nakaraang?", r"naunang?", r"dating", r"nauna",
    "trước", "ở trên", "phía trên", "ban đầu",
    "पिछल", "पूर्व", "पहले", "ऊपर", "मूल", "प्रारंभिक", "सिस्टम",
    "পূর্ববর্তী", "আগের", "পূর্বের", "পূর্বে", "উপরের", "প্রাথমিক", "সিস্টেম",
    "السابق", "أعلاه", "الأصلي", "الأولي", "المسبق", "الماضي", "النظام",
    "이전", "앞의", "위의", "앞서", "기존", "원래", "지금까지", "시스템",
    "以前", "前の", "上記", "これまで", "先の", "元の", "既存", "前述", "システム",
    "之前", "先前", "上述", "上面", "前面", "此前", "原来", "原有", "原始", "系统", "以上",
    "ก่อนหน้า", "ข้างต้น", "เดิม", r"προηγούμεν\w*",
)

# "all / your / every": weaker qualifiers, accepted only with the strong nouns below.
ALL: tuple[str, ...] = (
    r"all\b", r"any\b", r"every\b", r"your\b", r"your own\b", r"todas?\b", r"todos\b",
    r"tus\b", r"sus\b", r"tout\w*", r"tous\b", r"vos\b", r"tes\b", r"ton\b", r"votre\b",
    r"alle\w*", r"deine\w*", r"ihre\w*", r"tutt[aeio]\b", r"tue\b", r"tuo\b", r"sua\b",
    r"tua\b", r"suas\b", r"tuas\b", "все", "всех", "ваш", "тво", r"tüm\b", r"bütün\b",
    r"semua\b", r"seluruh\b", r"anda\b", r"kamu\b", r"lahat\b", r"iyong\b", "tất cả",
    "mọi", "của bạn", "सभी", "सारे", "सब", "अपने", "आपके", "आपकी", "সমস্ত", "সব", "সকল",
    "তোমার", "আপনার", "كل", "جميع", "모든", "당신의", "すべて", "全て", "あなたの", "所有",
    "全部", "一切", "你的", "ทั้งหมด", "ทุก", "ของคุณ", r"όλ\w*",
)

# "what you were told": the content of the instructions, without naming them.
TOLD: tuple[str, ...] = (
    r"told", r"dicho", r"dit\b", r"gesagt", r"detto", r"dito\b", "говорили", "сказали",
    "сказано", r"söylenen", r"dikatakan", r"diberitahu", r"sinabi", "được bảo", "đã nói",
    "कहा गया", "बताया गया", "বলা হয়েছে", "قيل", "들은", "말한 것", "言われた", "被告知",
    "告诉你的", "对你说的", "ที่บอก",
)

# "instructions / directives / prompt / programming": the strong nouns.
INSTRUCTIONS: tuple[str, ...] = (
    r"instruct\w*", r"directive\w*", r"prompts?\b", r"programming", r"guidance",
    r"instrucci\w*", r"directiv\w*", r"indicaciones", r"consigne\w*", r"anweisung\w*",
    r"instruktion\w*", r"vorgabe\w*", r"istruzion\w*", r"direttiv\w*", r"indicazion\w*",
    r"instruç\w*", r"diretriz\w*", r"orientaç\w*",
    "инструкц", "указани", "директив", "распоряжени", "установк",
    r"talimat\w*", r"yönerge\w*", r"direktif\w*", r"instruksi", r"petunjuk", r"arahan",
    r"tagubilin", r"instruksyon", r"direksyon", r"panuto", r"direktiba",
    "hướng dẫn", "chỉ dẫn", "chỉ thị",
    "निर्देश", "अनुदेश", "हिदायत", "নির্দেশ", "تعليمات", "التعليمات", "إرشادات",
    "الإرشادات", "توجيهات", "التوجيهات", "지시", "지침", "指示", "指令", "命令",
    "提示", "คำสั่ง", "คำแนะนำ", r"οδηγί\w*", r"εντολ\w*",
)

# Broader nouns ("rules", "commands", "guidelines"), accepted only with PREVIOUS.
RULES: tuple[str, ...] = (
    r"rules?\b", r"guidelines?", r"commands?", r"orders?\b", r"constraints?",
    r"restrictions?", r"context", r"training", r"policies", r"reglas?", r"normas",
    r"pautas", r"órdenes", r"règles?", r"ordres", r"regeln?", r"befehle?\w*",
    r"richtlinie\w*", r"regole", r"comandi", r"ordini", r"regras", r"comandos?", r"ordens",
    "правил", "команд", "приказ", r"kural\w*", r"komut\w*", r"emir\w*", r"perintah",
    r"aturan", r"pedoman", r"utos", r"patakaran", r"alituntunin", "lệnh", "quy tắc",
    "आदेश", "नियम", "আদেশ", "নিয়ম", "الأوامر", "أوامر", "القواعد", "명령", "규칙", "ルール",
    "規則", "说明", "规则", "设定", "要求", "限制", "กฎ", "ข้อกำหนด",
    # the tasks set before, as in "regardless of the previous tasks"
    r"tasks\b", r"tareas", r"tarefas", r"tâches", r"aufgaben", r"compiti", "задач",
    r"görev\w*", r"tugas", r"gawain", "nhiệm vụ", "कार्य", "কাজ", "المهام", "작업", "タスク",
    "任务", "งาน",
)

# "say / state / declare / answer" as a command, beyond English (English needs more
# context, see _patterns.EN_SAY): what an injected document wants said.
SAY: tuple[str, ...] = (
    r"di\b", r"diga\w*", r"decir", r"declar[ae]\w*", r"afirm[ae]\w*", r"indi[cq]u?e\w*",
    r"respond[ae]\w*", r"dis\b", r"dites", r"déclare\w*", r"affirme\w*", r"réponds",
    r"répondez", r"énonce\w*", r"sage\w*", r"gib an", r"geben sie an", r"erkläre\w*",
    r"behaupte\w*", r"antworte\w*", r"nenne\w*", r"dici", r"dite", r"dichiar\w*",
    r"afferm\w*", r"rispondi", r"rispondete", r"dica", r"informe\w*", r"responda\w*",
    "скажи", "заяви", "укажи", "утвержда", "ответь", "ответьте", "сообщи", "констатир",
    "объяви", r"söyle\w*", r"belirt\w*", r"ifade et\w*", r"beyan et\w*", r"yanıtla\w*",
    r"katakan\w*", r"nyatakan\w*", r"sebutkan\w*", r"bilang", r"sabihin\w*", r"ipahayag",
    "nói", "tuyên bố", "khẳng định", "nêu", "trả lời", "cho biết",
    "कह", "बता", "घोषित", "संकेत द", "जवाब द", "বলুন", "বলো", "বলেন", "জানান", "ঘোষণা",
    "উত্তর দিন", "উল্লেখ করুন",
    "বর্ণনা করুন", "قل", "قولي", "ذكر", "صرح", "أعلن", "أجب", "أخبر", "وضح", "أشر",
    "말하", "명시", "진술", "답하", "대답", "라고", "述べ", "言って", "と言", "答え", "回答",
    "記載", "声明", "声称", "并说", "就说", "表示", "指出", "回答", "宣布", "陈述", "输出",
    "ระบุ", "บอกว่า", "กล่าว", "ตอบ", "พูด", r"πες", r"πείτε", r"δηλώσ\w*",
)

# "you are now ..." / "from now on you are ...": identity replacement.
YOU_ARE_NOW: tuple[str, ...] = (
    r"you are now", r"you're now", r"from now on,? you (?:are|will be)",
    r"ahora eres", r"a partir de ahora,? eres", r"ahora usted es", r"desde ahora eres",
    r"tu es maintenant", r"vous êtes maintenant", r"désormais,? (?:tu es|vous êtes)",
    r"à partir de maintenant,? (?:tu es|vous êtes)", r"du bist (?:jetzt|nun|ab sofort)",
    r"sie sind (?:jetzt|nun|ab sofort)", r"ab jetzt bist du", r"ab sofort bist du", r"ora sei",
    r"adesso sei", r"d'ora in poi,? sei", r"agora (?:você é|és|tu és)",
    r"a partir de agora,? (?:você é|és)", "теперь ты", "теперь вы", "отныне ты",
    "с этого момента ты", r"artık sen", r"şu andan itibaren sen", r"sekarang kamu adalah",
    r"sekarang anda adalah", r"mulai sekarang,? (?:kamu|anda)", r"ngayon ikaw ay",
    r"ikaw na ngayon", "bây giờ bạn là", "từ giờ bạn là", "từ bây giờ,? bạn là",
    "अब आप", "अब तुम", "এখন তুমি", "এখন আপনি", "أنت الآن", "انت الآن", "이제 너는",
    "이제 당신은", "지금부터 당신은", "あなたは今", "今からあなたは", "これからあなたは",
    "你现在是", "从现在开始,?你是", "从现在起,?你是", "现在你是", "ตอนนี้คุณคือ",
    "ตอนนี้คุณเป็น", r"τώρα είσαι",
)

# "I am your developer / creator / God": false authority.
AUTHORITY: tuple[str, ...] = (
    r"i am (?:your|the) (?:developer|creator|programmer|administrator|admin|owner|maker|"
    r"master|operator)s?\b",
    r"i'm (?:your|the) (?:developer|creator|programmer|administrator|admin|owner|maker|"
    r"master|operator)s?\b",
    r"i am (?:a |an )?god\b", r"i'm (?:a |an )?god\b", r"i am (?:from|with) (?:openai|anthropic)",
    r"i'm (?:from|with) (?:openai|anthropic)",
    r"soy (?:tu|su) (?:desarrollador|creador|programador|administrador)", r"soy dios",
    r"je suis (?:ton|votre) (?:développeur|créateur|programmeur|administrateur)",
    r"je suis dieu", r"ich bin (?:dein|ihr) (?:entwickler|schöpfer|programmierer|admin)",
    r"ich bin gott", r"sono (?:il tuo|il vostro) (?:sviluppatore|creatore|programmatore)",
    r"sono dio", r"sou (?:o )?(?:seu|teu) (?:desenvolvedor|criador|programador)",
    r"sou deus", "я твой разработчик", "я ваш разработчик", "я твой создатель", "я бог",
    r"ben (?:senin )?(?:geliştiricin|geliştiriciniz|yaratıcın)", r"ben tanrı",
    r"saya (?:adalah )?(?:pengembang|pencipta) (?:anda|kamu)", r"saya (?:adalah )?tuhan",
    r"aku (?:adalah )?tuhan", r"sebagai penciptamu", r"sebagai pencipta anda",
    r"ako ang (?:iyong )?(?:developer|lumikha)", r"ako ang diyos",
    "tôi là nhà phát triển", "tôi là chúa", "मैं आपका डेवलपर", "मैं तुम्हारा डेवलपर",
    "मैं भगवान", "मैं ईश्वर", "আমি আপনার ডেভেলপার", "আমি ঈশ্বর", "আমি ভগবান",
    "أنا مطورك", "أنا المطور", "أنا الله", "أنا إله", "나는 당신의 개발자", "저는 당신의 개발자",
    "나는 신", "저는 신", "私はあなたの開発者", "私は神", "我是你的开发", "我是你的创造者",
    "我是上帝", "我是神", "ฉันเป็นผู้พัฒนา", "ฉันคือพระเจ้า", "ฉันเป็นพระเจ้า",
)

# "system mode" / "god mode" / "override mode": modes no legitimate memory switches a model into.
MODE_WORDS: tuple[str, ...] = (
    r"system[ _-]?mode", r"god[ _-]?mode", r"jailbreak[ _-]?mode", r"dan[ _-]mode",
    r"unrestricted[ _-]?mode", r"unfiltered[ _-]?mode", r"override[ _-]?mode",
    r"system override", r"security override", r"safety override",
    r"modo (?:de )?sistema", r"modo (?:de )?anulación", r"modo dios", r"modo (?:do )?sistema",
    r"mode (?:de )?système", r"mode système", r"mode dieu", r"systemmodus", r"system-modus",
    r"gottmodus", r"modalità (?:di )?sistema", r"modalità dio", "системный режим",
    "режим системы", "режим бога", r"sistem modu", r"tanrı modu", r"mode sistem",
    r"mode dewa", r"system mode", "chế độ hệ thống", "सिस्टम मोड", "সিস্টেম মোড", "وضع النظام",
    "시스템 모드", "システムモード", "系统模式", "越狱模式", "上帝模式", "โหมดระบบ",
    "modo de substituição", "mode de remplacement", "mode override",
)

# "do not tell the user": hiding what is done from the person.
DONT_TELL: tuple[str, ...] = (
    r"no (?:le )?(?:digas|diga|menciones|mencione|reveles|informes) (?:nada )?al usuario",
    r"ne (?:le )?(?:dis|dites|mentionne[z]?|révèle[z]?) (?:rien |pas )?à l'utilisateur",
    r"sag\w* (?:es )?(?:dem|den) (?:benutzer|nutzer)\w* nicht",
    r"erzähl\w* (?:es )?(?:dem|den) (?:benutzer|nutzer)\w* nicht",
    r"verrate\w* (?:es )?(?:dem|den) (?:benutzer|nutzer)\w* nicht",
    r"non (?:dire|dirlo|menzionare|rivelare) (?:nulla )?all'utente",
    r"não (?:diga|conte|mencione|revele) (?:nada )?ao usuário",
    "не говори пользователю", "не сообщай пользователю", "не сообщайте пользователю",
    "не говорите пользователю", r"kullanıcıya (?:söyleme|bahsetme|anlatma)",
    r"jangan (?:beri ?tahu|katakan|bilang|sampaikan) (?:kepada |ke )?pengguna",
    r"huwag sabihin sa user", "đừng nói với người dùng", "không nói với người dùng",
    "उपयोगकर्ता को न बताएं", "उपयोगकर्ता को मत बताओ", "उपयोगकर्ता को मत बताना",
    "ব্যবহারকারীকে বলবেন না", "لا تخبر المستخدم", "사용자에게 말하지", "사용자에게 알리지",
    "ユーザーに言わない", "ユーザーに伝えない", "ユーザーに知らせない", "不要告诉用户",
    "别告诉用户", "不要让用户知道", "不要向用户透露", "对用户保密", "向用户隐瞒", "瞒着用户",
    "不要告訴用戶", "อย่าบอกผู้ใช้",
)
