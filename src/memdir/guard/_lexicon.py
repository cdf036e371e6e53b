"""Multilingual vocabulary for the injection rules. (docs/design/guard.md)."""

from __future__ import annotations

from ._build import lexicon

# "ignore / disregard / forget" as a command.
# en
# es / pt / it / fr share "ignor-"
# ru
# tr
# id / tl
# vi
# hi / bn
# ar
# ko / ja / zh / th / el
# "regardless of": the same override, phrased as a condition.
IGNORE = lexicon(
    r"ignor(?:e|es|ed|ing)\b|disregard\w*|forget\w*|forgot\w*|overlook\w*|pay no (?:attention|heed|"
    r"mind)|set aside|put aside|throw out|discard\w*|dismiss\w*|abandon\w*|bypass\w*|neglect\w*|"
    r"ignor[aeiáéí]\w*|olvid\w*|omit[ae]\w*|descart\w*|haz caso omiso|hagas caso|pasa por alto|"
    r"deja de lado|desestim\w*|oubli\w*|fais abstraction|faites abstraction|ne tiens pas compte|ne "
    r"tenez pas compte|ne tenez plus compte|laisse[zr]? de côté|ignorier\w*|vergiss\w*|"
    r"vergessen\w*|missacht\w*|übergeh\w*|nicht beachten|beachte\w* nicht|außer acht|dimentic\w*|"
    r"trascur\w*|tralasci\w*|non considera\w*|non tener\w* conto|esque[cç]\w*|desconsider\w*|"
    r"desprez\w*|deixe de lado|игнорир\w*|проигнорир\w*|ігнору\w*|забуд\w*|забыть|не обращай\w*|не "
    r"учитывай\w*|пренебре\w*|отбрось\w*|yok say\w*|yoksay\w*|görmezden gel\w*|unut\w*|dikkate "
    r"alma\w*|göz ardı\w*|önemseme\w*|aldırma\w*|abaikan\w*|lupakan\w*|acuhkan\w*|hiraukan\w*|"
    r"jangan ikuti|huwag pansinin|huwag intindihin|huwag sundin|kalimutan\w*|balewalain|"
    r"ipagwalang-bahala|bỏ qua|phớt lờ|lờ đi|quên|không để ý|không tuân theo|अनदेखा|नज़रअंदाज़|"
    r"नजरअंदाज|नज़रअंदाज|भूल जा|उपेक्षा|ध्यान न द|अवहेलना|दरकिनार|উপেক্ষা|ভুলে যা|ভুলে যে|অগ্রাহ্য|"
    r"অবজ্ঞা|এড়িয়ে|تجاهل|انس |إنس |انسى|انسوا|اغفل|أغفل|لا تلتفت|تغاضى|تغاض|무시|잊어|잊으|잊고|"
    r"따르지 마|無視|忘れ|従わな|忽略|忽视|无视|不要理会|不理会|别理会|忘记|忘掉|抛开|不要遵守|"
    r"不要遵循|不用管|作废|废弃|破棄|폐기|negeer\w*|vergeet|เพิกเฉย|ละเว้น|ไม่สนใจ|ลืม|ละเลย|"
    r"มองข้าม|αγνόησ\w*|αγνοήστε|ξέχασ\w*|ξεχάστε|regardless of (?!the |this |that )|irrespective "
    r"of|independientemente de|independentemente d|indépendamment d|unabhängig von|"
    r"indipendentemente d|terlepas dari|bất kể|независимо от|bakılmaksızın|बावजूद|নির্বিশেষে|بغض "
    r"النظر|관계없이|にかかわらず"
)

# "previous / prior / above / original / system" qualifying those instructions.
PREVIOUS = lexicon(
    r"previous\w*|prior|preceding|above|earlier|former|foregoing|original|initial|system|existing|"
    r"before|anterior\w*|previa\w*|precedent\w*|de arriba|originales|iniciales|del sistema|"
    r"précédent\w*|antérieur\w*|ci-dessus|initiales|du système|vorherig\w*|bisherig\w*|vorig\w*|"
    r"obig\w*|früher\w*|vorangegangen\w*|ursprünglich\w*|sopra|original\w*|iniziali|prévia\w*|"
    r"acima|originais|iniciais|do sistema|предыдущ|прежн|попередн|предшествующ|выше|изначальн|"
    r"исходн|ранее|прошл|системн|önceki\w*|yukarıdaki\w*|daha önce\w*|önceden|sebelumnya|di atas|"
    r"nakaraang?|naunang?|dating|nauna|trước|ở trên|phía trên|ban đầu|पिछल|पूर्व|पहले|ऊपर|मूल|"
    r"प्रारंभिक|सिस्टम|পূর্ববর্তী|আগের|পূর্বের|পূর্বে|উপরের|প্রাথমিক|সিস্টেম|السابق|أعلاه|الأصلي|"
    r"الأولي|المسبق|الماضي|النظام|이전|앞의|위의|앞서|기존|원래|지금까지|시스템|以前|前の|上記|"
    r"これまで|今まで|先の|元の|既存|前述|システム|之前|先前|上述|上面|前面|此前|原来|原有|原始|"
    r"系统|以上|ก่อนหน้า|ข้างต้น|เดิม|προηγούμεν\w*|eerdere|vorige"
)

# "all / your / every": weaker qualifiers, accepted only with the strong nouns below.
ALL = lexicon(
    r"all\b|any\b|every\b|your\b|your own\b|todas?\b|todos\b|tus\b|sus\b|tout\w*|tous\b|vos\b|"
    r"tes\b|ton\b|votre\b|alle\w*|deine\w*|ihre\w*|tutt[aeio]\b|tue\b|tuo\b|sua\b|tua\b|"
    r"suas\b|tuas\b|все|всех|ваш|тво|tüm\b|bütün\b|semua\b|seluruh\b|anda\b|kamu\b|lahat\b|"
    r"iyong\b|tất cả|mọi|của bạn|सभी|सारे|सब|अपने|आपके|आपकी|সমস্ত|সব|সকল|তোমার|আপনার|كل|جميع|"
    r"모든|당신의|すべて|全て|あなたの|所有|全部|一切|你的|ทั้งหมด|ทุก|ของคุณ|όλ\w*"
)

# "what you were told": the content of the instructions, without naming them.
TOLD = lexicon(
    r"told|dicho|dit\b|gesagt|detto|dito\b|говорили|сказали|сказано|söylenen|dikatakan|"
    r"diberitahu|sinabi|được bảo|đã nói|कहा गया|बताया गया|বলা হয়েছে|قيل|들은|말한 것|"
    r"言われた|被告知|告诉你的|对你说的|ที่บอก"
)

# "instructions / directives / prompt / programming": the strong nouns.
INSTRUCTIONS = lexicon(
    r"instruct\w*|directive\w*|prompts?\b|programming|guidance|instrucci\w*|directiv\w*|"
    r"indicaciones|consigne\w*|anweisung\w*|instruktion\w*|vorgabe\w*|istruzion\w*|"
    r"direttiv\w*|indicazion\w*|instruç\w*|diretriz\w*|orientaç\w*|инструкц|інструкц|указани|директив|"
    r"распоряжени|установк|talimat\w*|yönerge\w*|direktif\w*|instruksi|petunjuk|arahan|"
    r"tagubilin|instruksyon|direksyon|panuto|direktiba|hướng dẫn|chỉ dẫn|chỉ thị|निर्देश|"
    r"अनुदेश|हिदायत|নির্দেশ|تعليمات|التعليمات|إرشادات|الإرشادات|توجيهات|التوجيهات|지시|지침|"
    r"指示|指令|命令|提示|คำสั่ง|คำแนะนำ|οδηγί\w*|εντολ\w*|instructies"
)

# Broader nouns ("rules", "commands", "guidelines"), accepted only with PREVIOUS.
# the tasks set before, as in "regardless of the previous tasks"
RULES = lexicon(
    r"rules?\b|guidelines?|commands?|orders?\b|constraints?|restrictions?|context|training|"
    r"policies|reglas?|normas|pautas|órdenes|règles?|ordres|regeln?|befehle?\w*|richtlinie\w*|"
    r"regole|comandi|ordini|regras|comandos?|ordens|правил|команд|приказ|kural\w*|komut\w*|"
    r"emir\w*|perintah|aturan|pedoman|utos|patakaran|alituntunin|lệnh|quy tắc|आदेश|नियम|আদেশ|"
    r"নিয়ম|الأوامر|أوامر|القواعد|명령|규칙|ルール|規則|说明|规则|设定|要求|限制|กฎ|ข้อกำหนด|"
    r"tasks\b|tareas|tarefas|tâches|aufgaben|compiti|задач|görev\w*|tugas|gawain|nhiệm vụ|"
    r"कार्य|কাজ|المهام|작업|タスク|任务|งาน"
)

# "say / state / declare / answer" as a command, beyond English (English needs more
# context, see _patterns.EN_SAY): what an injected document wants said.
SAY = lexicon(
    # Spanish "di" says something only before what is said (Italian "di" is "of")
    r"di\b(?=\s*[\"'“«:]|\s+que\b)|dì\b|diga\w*|decir|declar[ae]\w*|afirm[ae]\w*|indi[cq]u?e\w*|"
    r"respond[ae]\w*|dis\b|dites|déclare\w*|affirme\w*|réponds|répondez|énonce\w*|sage\w*|gib an|"
    r"geben sie an|erkläre\w*|behaupte\w*|antworte\w*|nenne\w*|dici|dite|dichiar\w*|afferm\w*|"
    r"rispondi|rispondete|dica|informe\w*|responda\w*|скажи|заяви|укажи|утвержда|ответь|ответьте|"
    r"сообщи|констатир|объяви|söyle\w*|belirt\w*|ifade et\w*|beyan et\w*|yanıtla\w*|katakan\w*|"
    r"nyatakan\w*|sebutkan\w*|bilang|sabihin\w*|ipahayag|nói|tuyên bố|khẳng định|nêu|trả lời|cho "
    r"biết|कह|बता|घोषित|संकेत द|जवाब द|বলুন|বলো|বলেন|জানান|ঘোষণা|উত্তর দিন|উল্লেখ করুন|বর্ণনা করুন|"
    r"قل|قولي|ذكر|صرح|أعلن|أجب|أخبر|وضح|أشر|말하|명시|진술|답하|대답|라고|述べ|言って|と言|答え|"
    r"回答|記載|声明|声称|并说|就说|表示|指出|回答|宣布|陈述|输出|ระบุ|บอกว่า|กล่าว|ตอบ|พูด|πες|"
    r"πείτε|δηλώσ\w*"
)

# "you are now ..." / "from now on you are ...": identity replacement.
YOU_ARE_NOW = lexicon(
    r"you are now|you're now|from now on,? you (?:are|will be)|ahora eres|a partir de ahora,? eres|"
    r"ahora usted es|desde ahora eres|tu es maintenant|vous êtes maintenant|désormais,? (?:tu es|"
    r"vous êtes)|à partir de maintenant,? (?:tu es|vous êtes)|du bist (?:jetzt|nun|ab sofort)|sie "
    r"sind (?:jetzt|nun|ab sofort)|ab jetzt bist du|ab sofort bist du|ora sei|adesso sei|d'ora in "
    r"poi,? sei|agora (?:você é|és|tu és)|a partir de agora,? (?:você é|és)|теперь ты|теперь вы|"
    r"отныне ты|с этого момента ты|artık sen|şu andan itibaren sen|sekarang kamu adalah|sekarang "
    r"anda adalah|mulai sekarang,? (?:kamu|anda)|ngayon ikaw ay|ikaw na ngayon|bây giờ bạn là|từ "
    r"giờ bạn là|từ bây giờ,? bạn là|अब आप|अब तुम|এখন তুমি|এখন আপনি|أنت الآن|انت الآن|이제 너는|"
    r"이제 당신은|지금부터 당신은|あなたは今|今からあなたは|これからあなたは|你现在是|"
    r"从现在开始,?你是|从现在起,?你是|现在你是|ตอนนี้คุณคือ|ตอนนี้คุณเป็น|τώρα είσαι"
)

# "I am your developer / creator / God": false authority.
AUTHORITY = lexicon(
    r"i am (?:your|the) (?:developer|creator|programmer|administrator|admin|owner|maker|master|"
    r"operator)s?\b|i'm (?:your|the) (?:developer|creator|programmer|administrator|admin|owner|"
    r"maker|master|operator)s?\b|i am (?:a |an )?god\b|i'm (?:a |an )?god\b|i am (?:from|with) "
    r"(?:openai|anthropic)|i'm (?:from|with) (?:openai|anthropic)|soy (?:tu|su) (?:desarrollador|"
    r"creador|programador|administrador)|soy dios|je suis (?:ton|votre) (?:développeur|créateur|"
    r"programmeur|administrateur)|je suis dieu|ich bin (?:dein|ihr) (?:entwickler|schöpfer|"
    r"programmierer|admin)|ich bin gott|sono (?:il tuo|il vostro) (?:sviluppatore|creatore|"
    r"programmatore)|sono dio|sou (?:o )?(?:seu|teu) (?:desenvolvedor|criador|programador)|sou "
    r"deus|я твой разработчик|я ваш разработчик|я твой создатель|я бог|ben (?:senin "
    r")?(?:geliştiricin|geliştiriciniz|yaratıcın)|ben tanrı|saya (?:adalah )?(?:pengembang|"
    r"pencipta) (?:anda|kamu)|saya (?:adalah )?tuhan|aku (?:adalah )?tuhan|sebagai penciptamu|"
    r"sebagai pencipta anda|ako ang (?:iyong )?(?:developer|lumikha)|ako ang diyos|tôi là nhà phát "
    r"triển|tôi là chúa|मैं आपका डेवलपर|मैं तुम्हारा डेवलपर|मैं भगवान|मैं ईश्वर|আমি আপনার ডেভেলপার|"
    r"আমি ঈশ্বর|আমি ভগবান|أنا مطورك|أنا المطور|أنا الله|أنا إله|나는 당신의 개발자|저는 당신의 "
    r"개발자|나는 신|저는 신|私はあなたの開発者|私は神|我是你的开发|我是你的创造者|我是上帝|我是神|"
    r"ฉันเป็นผู้พัฒนา|ฉันคือพระเจ้า|ฉันเป็นพระเจ้า"
)

# "system mode" / "god mode" / "override mode": modes no legitimate memory switches a model into.
MODE_WORDS = lexicon(
    r"system[ _-]?mode|god[ _-]?mode|jailbreak[ _-]?mode|dan[ _-]mode|unrestricted[ _-]?mode|"
    r"unfiltered[ _-]?mode|override[ _-]?mode|system override|security override|"
    r"safety override|modo (?:de )?sistema|modo (?:de )?anulación|modo dios|"
    r"modo (?:do )?sistema|mode (?:de )?système|mode système|mode dieu|systemmodus|"
    r"system-modus|gottmodus|modalità (?:di )?sistema|modalità dio|системный режим|"
    r"режим системы|режим бога|sistem modu|tanrı modu|mode sistem|mode dewa|system mode|"
    r"chế độ hệ thống|सिस्टम मोड|সিস্টেম মোড|وضع النظام|시스템 모드|システムモード|系统模式|"
    r"越狱模式|上帝模式|โหมดระบบ|modo de substituição|mode de remplacement|mode override"
)
