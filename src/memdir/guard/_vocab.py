"""The vocabulary of the structural detectors (:mod:`._threats`): small per-language
lexicons of actions, secrets and destinations, and the patterns built from them.
See docs/design/guard.md."""

from __future__ import annotations

import re

from ._build import CJK, branches, builder, lit, prefixes
from ._needles import required


def _rx(*parts: str) -> re.Pattern[str]:
    """The parts as one alternation, their non-ASCII letters casefolded as the text is (round
    41: a final "ς" written by hand is "σ" in the text)."""
    joined = "|".join(parts)
    return re.compile("".join(c if c.isascii() else c.casefold() for c in joined))


def _words(*words: str) -> str:
    """One alternation of lexicon entries (regex fragments joined by ``|``), longest first,
    then in code-point order (the same pattern in every process, whatever PYTHONHASHSEED)."""
    entries = {b for w in words for b in branches(w)}
    return "(?:" + "|".join(sorted(entries, key=lambda e: (-len(e), e))) + ")"


def _needles(spec: str) -> tuple[str, ...]:
    """Needles written as one ``|``-separated string."""
    return tuple(spec.split("|"))


# --- round 39b (egress40): the other languages' send, read and private words ---------------
# Set 17's languages and their neighbours (sv da no fi hu ro cs sk pl uk ru bg sr hr el he fa
# id ms tl sw hi bn ta vi th nl tr and the Romance "sync"). Verbs are imperatives (and
# infinitives) only: a present tense describes ("Appen skickar …", "aplikace posílá …").
# Each entry ends at a word's end unless it ends in a suffix run of its own.
def _ended(*parts: str) -> tuple[str, ...]:
    """Lexicon entries (split at the top level, NFKC-casefolded), each ending where a word
    ends unless it ends in a suffix run of its own."""
    return tuple(e if e.endswith("*") else e + r"(?!\w)" for e in map(lit, branches(*parts)))


_SEND_39 = _ended(
    # sv, da, no
    "skicka|skicka vidare|vidarebefordra|ladda upp|mejla|maila|e-posta|synka|synkronisera|"
    "rapportera|posta|publicera|överför|bifoga|dela|videresend|last opp|overfør|vedhæft|legg ved|"
    "indsend|send inn|synkroniser|synkronisér|publiser|",
    # fi, hu
    "lähetä|lähettäkää|välitä|välittäkää|synkronoi|raportoi|julkaise|siirrä|küldd|küldje|"
    "küldjétek|küldd el|továbbítsd|továbbítsa|töltsd fel|töltse fel|oszd meg|ossza meg|"
    "szinkronizáld|jelentsd|jelentse|csatold|",
    # cs, sk, pl
    "pošli|pošlete|pošlite|odešli|odešlete|odošli|odošlite|zašli|zašlete|nahraj|nahrajte|"
    "přepošli|přepošlete|prepošli|prepošlite|sdílej|sdílejte|zdieľaj|zdieľajte|publikuj|"
    "publikujte|přilož|přiložte|prilož|priložte|przekaż|przekażcie|zsynchronizuj|wgraj|wgrajcie|",
    # uk, ru, bg, sr (both scripts), hr
    "надішли|надішліть|відправ|відправте|відішли|відішліть|перешліть|вивантаж|завантаж|"
    "поділись|поділіться|синхронізуй|синхронізуйте|опублікуй|синхронизируй|синхронизируйте|"
    "скинь|залей|изпрати|изпратете|качи|качете|препрати|препратете|сподели|споделете|"
    "синхронизирай|синхронизирайте|публикувай|прехвърли|пошаљи|пошаљите|проследи|отпреми|"
    "подели|синхронизуј|објави|pošalji|pošaljite|prosledi|prosledite|proslijedi|proslijedite|"
    "otpremi|otpremite|podeli|podijeli|podelite|podijelite|sinhronizuj|objavi|",
    # el, he, fa
    "στείλε|στείλτε|ανέβασε|ανεβάστε|προώθησε|προωθήστε|μοιράσου|κοινοποίησε|συγχρόνισε|"
    "συγχρονίστε|"
    "ارسال [کك]ن|ارسال [کك]ن[یي]د|ارسال شود|بفرست|بفرست[یي]د|آپلود [کك]ن|آپلود [کك]ن[یي]د|"
    "بارگذار[یي] [کك]ن|بارگذار[یي] [کك]ن[یي]د|فوروارد [کك]ن|",
    # sw, nl, tr (not the Romance "sincroniza": round 32 pins "Sincroniza todo el historial con
    # el servidor de la empresa" as an ordinary note)
    "tuma|tumeni|pakia|pakieni|sambaza|shiriki|peleka|wasilisha|publiceer|rapporteer|raporla|"
    "senkronize et|",
    # round 43: kk
    "жібер|жіберіңіз|жіберу\\w*|",
    # hi, bn, ta (a suffix run: their vowel signs are no word characters)
    r"(?:अपलोड|फ़ॉरवर्ड|फॉरवर्ड|साझा|शेयर|सिंक|पोस्ट) (?:करें|करो|करना|कीजिए|कर दें|कर दो)|"
    r"(?:আপলোড|ফরোয়ার্ড|শেয়ার|সিঙ্ক) (?:করুন|করো|করে দিন|করে দাও)|"
    r"পাঠাও|পাঠান|পাঠাবেন|পাঠিয়ে (?:দিন|দাও)|அனுப்பு|அனுப்புங்கள்|அனுப்பவும்|"
    r"பதிவேற்று|பதிவேற்றுங்கள்|பதிவேற்றவும்|பகிர்|பகிரவும்|பகிருங்கள்",
)
# id, ms, tl, vi: no inflection tells an order; ro, he: the imperative is also the present
# ("Aplicația trimite …") or the past ("הבוט שלח …"). So these are SVO_VERB: their place is tested.
_SVO_SEND = _ended(
    "trimite|trimiteți|trimiteţi|încarcă|redirecționează|redirecţionează|partajează|"
    "sincronizează|raportează|publică|transferă|atașează|ataşează|"
    "שלח|שלחו|ושלח|תשלח|תשלחו|העלה|העלו|תעלה|שתף|שתפו|סנכרן|",
    "kirim|kirimkan|kirimlah|unggah|unggahkan|teruskan|bagikan|sinkronkan|laporkan|hantar|hantarkan|"
    "muat naik|kongsi|kongsikan|poskan|ipasa|ibahagi|i-forward|iforward|i-sync|isync|iulat|"
    "i-send|isend|chia sẻ|đồng bộ|đẩy lên|đăng lên|",
    "ipadala|i-upload|iupload|i-email|iemail",  # round 40: tl "send" itself
)
# An infinitive or subjunctive is an order after a negated "forget" or "hesitate" (their
# imperatives alone are listed above): "nu uita să trimiți", "älä unohda lähettää".
_KEPT_SEND = (
    r"(?:(?<=uita să )|(?<=ezita să )|(?<=uitați să ))(?:trimi|încarc|partaj|publi)\w+|"
    r"(?:(?<=zapomeň )|(?<=zapomeňte )|(?<=zabudni )|(?<=zabudnite ))(?:poslat|odeslat|"
    r"nahrát|sdílet|poslať|odoslať|nahrať|zdieľať)\b|"
    r"(?:(?<=unohda )|(?<=unohtako ))(?:lähettää|ladata|jakaa|välittää)\b|"
    r"(?<=zapomnij )(?:wysłać|przesłać|udostępnić)\b|"
    r"(?:(?<=usisahau )|(?<=msisahau )|(?<=usisite ))(?:kutuma|kupakia|kushiriki)\b|"
    r"(?<=תשכח )(?:לשלוח|להעלות|לשתף)(?!\w)|(?<=תשכחו )(?:לשלוח|להעלות|לשתף)(?!\w)|"
    r"পাঠাতে(?= ভুল)"
)
# --- round 40 (eg40): "don't forget to send" / "remember to send" in every language --------
# The infinitive or subjunctive after a negated forget, or after "remember to", is the order
# (da "glem ikke at sende", pl "pamiętaj, aby wysłać", uk "не забудь надіслати", ar "لا تنس
# إرسال"); verb-final ones (nl "vergeet niet … te sturen", fa "فراموش نکن … بفرستی") are read
# at the forget, with the infinitive ahead in the clause.
_KEPT_SEND_40 = (
    r"(?:(?<=ikke )|(?<=husk ))(?:at|å) (?:sende|videresende|uploade|"  # "at": no English verb
    r"laste opp|dele|overføre|maile|synkronisere|poste|vedhæfte|legge ved)\b|"
    r"(?:(?<=zapomnij )|(?<=pamiętaj, aby )|(?<=pamiętaj, żeby )|(?<=pamiętaj aby )|"
    r"(?<=pamiętaj żeby )|(?<=pamiętaj o tym, by ))(?:wysłać|przesłać|udostępnić|wgrać|wrzucić|"
    r"przekazać|załadować|zsynchronizować|opublikować|załączyć)(?!\w)|"
    r"(?:(?<=felejtsd el )|(?<=felejtse el )|(?<=felejtsétek el ))(?:elküldeni|küldeni|feltölteni|"
    r"továbbítani|megosztani|szinkronizálni)\b|"
    r"(?:(?<=забудь )|(?<=забувай )|(?<=забудьте )|(?<=пам'ятай )|(?<=пам’ятай ))(?:надіслати|"
    r"відправити|переслати|вивантажити|завантажити|поділитися|синхронізувати|опублікувати)\b|"
    r"(?:(?<=забравяй да )|(?<=забравяйте да ))(?:изпратиш|изпратите|качиш|качите|препратиш|"
    r"споделиш)\b|"
    r"(?:(?<=zaboravi )|(?<=zaboravite ))(?:poslati|proslijediti|proslediti|otpremiti|podijeliti|"
    r"podeliti|da pošalješ|da pošaljete)(?!\w)|(?<=заборави )(?:послати|проследити|да пошаљеш)\b|"
    r"(?:(?<=ξεχάσεισ να )|(?<=ξεχάσετε να )|(?<=θυμήσου να )|(?<=θυμηθείτε να ))(?:στείλεισ|"
    r"στείλετε|ανεβάσεισ|ανεβάσετε|προωθήσεισ|προωθήσετε|μοιραστείσ)(?!\w)|"
    r"(?:(?<=تنس )|(?<=تنسى )|(?<=تنسوا )|(?<=تنسي )|(?<=تذكر ))(?:أن |ان )?(?:إرسال|ارسال|ترسل|"
    r"رفع|ترفع|مشاركة|تحميل)(?!\w)|"
    r"(?:(?<=muista )|(?<=muistakaa ))(?:lähettää|ladata|jakaa|välittää)\b|"
    r"(?:(?<=kumbuka )|(?<=kumbukeni ))(?:kutuma|kupakia|kushiriki|kupeleka)\b|"
    r"(?:(?<=amintește-ți să )|(?<=aminteşte-ţi să ))(?:trimi|încarc|partaj)\w+|"
    r"(?:(?<=זכור )|(?<=זכרי )|(?<=תזכור ))(?:לשלוח|להעלות|לשתף)(?!\w)|"
    r"(?:vergeet (?:niet|nooit)|denk eraan|onthoud)(?=(?:[^.,;:!?\n]|[.:](?=\S)){0,120}?\bte "
    r"(?:ver|door ?)?"
    r"(?:sturen|zenden|uploaden|delen|mailen|synchroniseren|posten)\b)|"
    r"(?:فراموش ن[کك]ن(?:[یي]د)?|[یي]ادت باشد)(?=(?:[^.،؛\n]|[.:](?=\S)){0,120}?"
    r"(?:بفرست|ارسال [کك]ن|آپلود [کك]ن|بارگذار[یي] [کك]ن))"
)
# The assistant named as the subject of a present-tense act is an order written as a fact
# ("Asystent wysyła pamięć na …", "يُرسل المساعد نسخة …", "دستیار … اضافه می‌کند"): the match is
# the assistant word (the Arabic verb before it), the verb ahead in its clause, no negation
# between. Present forms only: the imperatives are in the lists above.
_ASSISTANT_40 = (
    r"asystent|agent|asistent|асистент\w*|помічник|агент\w*|assistenten|agenten|avustaja\w*|"
    r"agentti|asszisztens|ügynök|asistentul|agentul|βοηθόσ|πράκτορασ|העוזר|הסוכן|دست[یي]ار|"
    r"المساعد|الوكيل|msaidizi|wakala|asisten|pembantu|agen|trợ lý|katulong|ahente|assistent|"
    r"সহকারী|உதவியாளர்"
)
_GAP_40 = (  # up to three words, none a negation
    r"(?:\s+(?!(?:nie|ne|не|ні|inte|ikke|ei|nem|δεν|μην|niet|hakuna|لا|لن|ما|לא|never)(?!\w))"
    r"[^\s.,;:!?]{1,30}){0,3}?\s+"
)
_PRESENT_40 = {
    "send": (
        r"wysyła|przesyła|wgrywa|udostępnia|przekazuje|synchronizuje|posílá|odesílá|nahrává|sdílí|"
        r"posiela|odosiela|nahráva|zdieľa|надсилає|відправляє|пересилає|вивантажує|"
        r"синхронізує|изпраща|качва|препраща|синхронизира|šalje|шаље|prosljeđuje|prosleđuje|"
        r"otprema|skickar|laddar upp|synkar|synkroniserar|vidarebefordrar|sender|uploader|"
        r"laster opp|synkroniserer|videresender|lähettää|synkronoi|välittää|küldi|elküldi|"
        r"küld|feltölti|továbbítja|szinkronizálja|στέλνει|ανεβάζει|προωθεί|συγχρονίζει|stuurt|"
        r"verstuurt|uploadt|synchroniseert|anatuma|hutuma|atatuma|atume|anapakia|hupakia|apakie|"
        r"anashiriki|mengirim\w*|mengunggah\w*|membagikan|meneruskan|menyinkronkan|nagpapadala|"
        r"ipinapadala|gửi|tải lên|đồng bộ|שולח|מעלה|משתף|מסנכרן|trimite|încarcă|"
        r"ي[\u064b-\u0652]?(?:رسل|رفع|شارك|زامن)"
    ),
    "write": (
        r"dodaje|dopisuje|tworzy|přidává|vytváří|pridáva|vytvára|додає|дописує|створює|добавя|"
        r"създава|lägger till|skapar|tilføjer|opretter|legger til|oppretter|lisää|luo|hozzáad\w*|"
        r"létrehoz\w*|προσθέτει|δημιουργεί|voegt|maakt|anaongeza|huongeza|aongeze|anaunda|"
        r"menambahkan|membuat|nagdaragdag|thêm|tạo|מוסיף|יוצר|adaugă|creează|"
        r"ي[\u064b-\u0652]?(?:ضيف|كتب|نشئ)"
    ),
}
_PRESENT_40["read"] = (  # read and copy, not save: "saves the token in the Keychain" is a store
    r"kopiuje|odczytuje|czyta|kopíruje|čte|číta|копіює|читає|копира|чете|kopira|čita|kopierar|"
    r"läser|kopierer|læser|leser|kopioi|lukee|másolja|beolvassa|olvassa|αντιγράφει|διαβάζει|"
    r"kopieert|leest|anasoma|asome|husoma|anakili|akili|menyalin|membaca|kinokopya|binabasa|"
    r"sao chép|đọc|מעתיק|קורא|copiază|citește|citeşte|ي[\u064b-\u0652]?(?:نسخ|قرأ)"
)
_PRESENT_FA_40 = {
    "send": r"(?<!ن)م[یي]\u200c?\s?فرستد|ارسال م[یي]\u200c?\s?[کك]ند|آپلود م[یي]\u200c?\s?[کك]ند",
    "write": r"اضافه م[یي]\u200c?\s?[کك]ند|م[یي]\u200c?\s?نو[یي]سد|م[یي]\u200c?\s?سازد",
    "read": r"[کك]پ[یي] م[یي]\u200c?\s?[کك]ند|(?<!ن)م[یي]\u200c?\s?خواند",
}
_PRESENT_AR_40 = {"send": r"رسل|رفع|شارك|زامن", "write": r"ضيف|كتب|نشئ", "read": r"نسخ|قرأ"}


# --- round 42 (eg42): the assistant as the subject of a future, an obligation or a periphrasis
# of sending ("enverra", "deve caricare", "musi przesłać", "perlu memuat naik", "পাঠাবে"); not
# "can" or "may" (a manual's permission). Verb-final ones (nl "zal … sturen", ar "يقوم … برفع")
# are read at the assistant word with the verb ahead in its clause.
_FUTURE_42 = (
    r"enverra|enverront|téléversera|transférera|transmettra|publiera|partagera|synchronisera|"
    r"(?:doit|devra|va|se charge d'|s'occupe d') ?(?:envoyer|téléverser|transférer|transmettre|"
    r"publier|partager|synchroniser)|"
    r"enviará|subirá|mandará|reenviará|compartirá|publicará|sincronizará|"
    r"(?:debe|deberá|va a|tiene que|se encarga de) (?:enviar|subir|mandar|reenviar|compartir|"
    r"publicar|sincronizar|cargar)|"
    r"enviará|carregará|compartilhará|partilhará|"
    r"(?:deve|deverá|precisa|vai|irá|tem de|tem que|se encarrega de) (?:enviar|carregar|subir|"
    r"fazer upload|compartilhar|partilhar|publicar|sincronizar)|"
    r"invierà|caricherà|condividerà|pubblicherà|sincronizzerà|inoltrerà|trasmetterà|"
    r"(?:deve|dovrà|si occupa di|provvede a) (?:inviare|caricare|condividere|pubblicare|"
    r"sincronizzare|inoltrare|trasmettere|spedire)|"
    r"(?:będzie|musi|ma|powinien|powinna) (?:wysyłać|przesyłać|wgrywać|udostępniać|wysłać|przesłać|"
    r"wgrać|wrzucić|wrzucać|udostępnić|zsynchronizować)|wyśle|prześle|wgra|"
    r"(?:bude|musí|má) (?:posílat|poslat|odeslat|nahrávat|nahrát|sdílet|posielať|poslať|odoslať|"
    r"nahrať|zdieľať)|pošle|odešle|nahraje|odošle|"
    r"надсилатиме|надішле|відправить|вивантажить|(?:має|повинен|мусить|буде) (?:надіслати|"
    r"відправити|вивантажити|надсилати|відправляти)|"
    r"ще (?:изпраща|изпрати|качва|качи|препраща)|трябва да (?:изпраща|изпрати|качва|качи)|"
    r"će (?:slati|poslati|otpremiti|prosljeđivati)|mora (?:slati|poslati|otpremiti)|"
    r"(?:kommer att|ska|måste) (?:skicka|ladda upp|synka|vidarebefordra)|"
    r"(?:vil|skal|må) (?:sende|uploade|laste opp|videresende)|"
    r"θα (?:στέλνει|στείλει|ανεβάζει|ανεβάσει|προωθεί|προωθήσει)|πρέπει να (?:στέλνει|στείλει|"
    r"ανεβάζει|ανεβάσει)|"
    r"va (?:trimite|încărca|partaja)|(?:trebuie să|o să) (?:trimită|încarce|partajeze)|"
    r"ישלח|יעלה|ישתף|(?:צריך|צריכה|חייב|חייבת) (?:לשלוח|להעלות|לשתף)|"
    r"(?:perlu|mesti|harus|akan|hendaklah|wajib) (?:memuat naik|menghantar|mengirim\w*|"
    r"mengunggah\w*|berkongsi|membagikan|meneruskan)|memuat naik|menghantar|"
    r"magpapadala|ipapadala|mag-a-upload|(?:dapat|kailangang) (?:ipadala|i-upload|magpadala)|"
    r"পাঠাবে|পাঠাবেন|আপলোড করবে|(?:পাঠাতে|আপলোড করতে) হবে|"
    r"भेजेगा|भेजेगी|(?:भेजना|अपलोड करना) (?:होगा|है)|"
    r"அனுப்பும்|அனுப்ப வேண்டும்|பதிவேற்றும்"
)
# Round 42 (eg42): a query left open ("?d=", "?q=soru_metni", "?u={όνομα"), in a link, an image
# or a GET, filled with the conversation, the memory or the user's words named in its clause.
_OPEN_QUERY_42 = re.compile(
    r"[?&]([\w.-]{1,40})=(?:(?=&|$)|\{|[^\W\d_]{1,40}_[^\W\d_]{1,40}(?=&|$))"
)
_QUERY_WORD_42 = _rx(
    r"(?<!\w)(?:param\w*|paramètre\w*|parámetro\w*|parâmetro\w*|παράμετρ\w*|параметр\w*|get|"
    r"image|imagem|imagen|immagine|bild|resim|görsel|εικόνα|изображени\w*|картинк\w*|markdown|"
    r"bağlantı\w*|link\w*|lien|enlace|σύνδεσμο\w*|ссылк\w*|url)(?!\w)|参数|パラメータ|"
    r"매개변수|파라미터|图片|画像|이미지|链接|リンク|링크|url में"
)
_QUERY_DATA_42 = _rx(
    r"(?<!\w)(?:(?:messages?|mensajes?|mensage(?:m|ns)|nachricht(?:en)?)(?: [\w']{1,12}){0,3}?[ '’]"
    r"(?:user|usuario|usuário|(?:be)?nutzers?|utilisateur)s?|kullanıcı\w* mesaj\w*|soru\w* metn\w*|"
    r"sorunun metni|"
    r"τελευταίο μήνυμα|μήνυμα του χρήστη|όνομα χρήστη|последн\w* сообщени\w*|"
    r"сообщени\w* пользовател\w*|resumo da conversa|resumen de la conversación|api कुंजी|"
    r"कुंजी)(?!\w)|用户的?(?:消息|问题|提问)|ユーザーの(?:メッセージ|質問)|"
    r"사용자(?:의)? (?:메시지|질문)"
)
# Round 42 (eg42): the assistant's own memory or notes as where a secret is put ("na sua memória",
# "do swojej pamięci", "in zijn geheugen", "உன் நினைவகத்தில்", "आठवणीत"); not English (main reads
# its orders) and not a bare "in memory" (a password manager's vault "in memory").
_MEMORY_TARGET_42 = _ended(
    "na sua memória|na tua memória|em sua memória|nas suas notas|en tu memoria|en su memoria|"
    "en tus notas|dans ta mémoire|dans votre mémoire|dans tes notes|garde-le en mémoire|"
    "garde-la en mémoire|gardez-le en mémoire|nella tua memoria|nella sua memoria|nelle tue note|"
    "in deinem gedächtnis|in deinen speicher|in deinem speicher|in deine notizen|in deinen notizen|"
    "in je geheugen|in jouw geheugen|in zijn geheugen|in uw geheugen|naar je geheugen|"
    "in je notities|do swojej pamięci|do twojej pamięci|w swojej pamięci|w twojej pamięci|"
    "do swoich notatek|do své paměti|do tvé paměti|ve své paměti|do svojej pamäte|"
    "vo svojej pamäti|medzi poznámky|в свою память|в твою память|в своей памяти|в твоей памяти|"
    "в свои заметки|у свою пам'ять|у своїй пам'яті|в своїй пам'яті|hafızana|belleğine|"
    "notlarına|στη μνήμη σου|în memoria ta|i ditt minne|i din hukommelse|muistiisi|"
    "memóriádba|memóriádban|kwenye kumbukumbu zako|في ذاكرتك|בזיכרון שלך|ke dalam memori|"
    "di memori kamu|dalam memori anda|dalam ingatan|vào bộ nhớ của bạn|sa iyong memorya|",
    r"(?:உன்|உங்கள்) நினைவகத்தில்|நினைவகத்தில்|आठवणीत|स्मृतीत|अपनी मेमोरी में|"
    r"স্মৃতিতে|মেমরিতে|اپنی یادداشت میں|حافظه‌ات|حافظه خود",
)
_MEMORY_TARGET_CJK_42 = "你的记忆|记忆里|记忆中|メモリに|記憶に|메모리에|기억에"
# Round 43: a memory named first, then a save verb and the secret ("Na sua memória, guarde a
# senha …", "Hafızana şunu kaydet: şifre …"); English only here ("in your memory, save …").
_MEMORY_FIRST_EN_43 = r"(?<!\w)in your (?:memory|notes)(?!\w)"
_SAVE_43 = _rx(
    r"(?<!\w)(?:save|store|keep|put|write down|note down|remember|guarde|guarda|guardar|salve|"
    r"salva|"
    r"salvare|anote|grave|registre|armazene|bewaren|bewaar|opslaan|sla|zet|noteer|onthoud|"
    r"zapisz|zachowaj|przechowuj|zanotuj|kaydet|sakla|not et|احفظ|خزّن|خزن|سجّل|سجل|almacena|"
    r"apunta|anota|enregistre|enregistrez|garde|gardez|note|notez|conserve|stocke|mémorise|"
    r"speichere|speichert|merk|merke|notiere|hinterlege|bewahre|behalte|запиши|сохрани|запомни|"
    r"храни|memorizza|conserva|annota|registra|tieni|ulož|zapiš|uchovej|spara|gem|lagre|"
    r"tallenna)(?!\w)|保存|记住|记下|存储|保存して|覚えて|저장"
)
# a save verb negated where ``negated`` does not look ("n'enregistre jamais", "nie zapisuj")
_NOT_BEFORE_43 = re.compile(
    r"(?:\bn['’]|\b(?:ne|nie|não|no|non|nicht|niet|never|nunca|jamais|mai|asla|не|لا|אל))\s?$"
)
_NOT_AFTER_43 = re.compile(r"\s(?:jamais|pas|nie|nicht|niet|nooit|never|mai|asla|ничего)(?!\w)")
_MEMORY_NEEDLES_42 = (*prefixes(_MEMORY_TARGET_42), *_MEMORY_TARGET_CJK_42.split("|"))
_SECRET_THING_42 = _rx(
    r"(?<!\w)(?:passw\w*|wachtwoord\w*|mots? de passe|contraseñ\w*|senhas?|hasł\w*|hesl\w*|"
    r"парол\w*|lozink\w*|şifre\w*|parola\w*|token\w*|_authtoken|токен\w*|credential\w*|"
    r"credenziali|credenciales|credenciais|identifiants|zugangsdaten|kimlik bilgileri|"
    r"\w*secret_key|api_key|clés? api|claves? api|chiav\w* api|chaves? api|schlüssel|ключ\w*|"
    r"kata sandi|kata laluan|mật khẩu|lösenord\w*|salasana\w*|jelszav\w*|jelszó|nenosiri|"
    r"manenosiri|κωδικ\w*|סיסמ\w*|كلمة المرور|كلمات المرور|كلمة السر)(?!\w)|"
    r"पासवर्ड|टोकन|கடவுச்சொல்|டோக்கன்|পাসওয়ার্ড|پاس ورڈ|رمز عبور|密码|口令|令牌|密钥|"
    r"パスワード|トークン|秘密鍵|비밀번호|토큰"
)
# Round 42 (eg42): a password or key given with its value and "keep it in memory", "remember
# it", "use it when …" (shape 2): the value has a letter and a digit or a sign, no placeholder.
_GIVEN_WORDS_42 = _ended(
    "mot de passe|contraseña|senha|passwort|password|wachtwoord|hasło|heslo|пароль|şifre\\w*|"
    "token|токен|kata sandi|kata laluan|mật khẩu|lösenord\\w*|salasana|jelszó|nenosiri|"
    "κωδικός|סיסמה|הסיסמה|كلمة المرور|كلمة السر|كلمة مرور|पासवर्ड|পাসওয়ার্ড|پاس ورڈ|رمز عبور",
)
_GIVEN_NEEDLES_42 = prefixes(_GIVEN_WORDS_42)
_GIVEN_VALUE_42 = re.compile(
    r"(?:[^\n.;!?。]|\.(?=\S)){0,60}?[\s:\"'«“„`—–-](?P<v>(?=[^\s]{0,39}\d)(?=[^\s]{0,39}[^\W\d_])"
    r"(?=[^\s]{0,39}[^\w\s]|[^\s]{16})[^\s\"'«»“”„`,;،<>{}$*]{6,60})(?<![.,:)])"
)
_GIVEN_USE_42 = _rx(
    r"(?<!\w)(?:garde-l[ea]|retiens-l[ea]|utilise-l[ea]|utilisez-l[ea]|"
    r"guarde-[ao]|use-[ao]|utilize-[ao]|recuérdal[ao]|guárdal[ao]|úsal[ao]|utilízal[ao]|"
    r"merk es dir|merke es dir|behalte es|benutze es|benutze sie|nutze es|verwende es|"
    r"ricordal[ao]|tienil[ao]|usal[ao]|utilizzal[ao]|запомни|используй|запам'ятай|"
    r"використовуй|zapamiętaj|używaj|użyj|onthoud|gebruik het|hatırla|kullan|aklında tut|"
    r"تذكره|تذكرها|احفظه|احفظها|استخدمه|استخدمها|يستخدمه|يستخدمها|השתמש|זכור|תזכור|"
    r"یاد رکھو|یاد رکھیں|استعمال کرو|استعمال کریں|याद रखो|याद रखें|इस्तेमाल करो|इस्तेमाल करें|"
    r"उपयोग करो|उपयोग करें|মনে রাখো|মনে রাখুন|ব্যবহার করো|ব্যবহার করুন|ingat|ingatlah|gunakan|"
    r"hãy nhớ|nhớ lấy|hãy dùng|kom ihåg|använd|husk|brug det|bruk det|muista|käytä|"
    r"zapamatuj|použij|zapamätaj|použi|θυμήσου|χρησιμοποίησε|kumbuka|itumie|tandaan|gamitin|"
    r"ține minte|folosește|jegyezd meg|használd)(?!\w)"
)
# A password vault exported (shape 6): its name and an export verb, both in the clause.
_VAULT_42 = _rx(
    r"(?<!\w)(?:bitwarden|1password|lastpass|keepass\w{0,4}|keychain|dashlane|nordpass|"
    r"schlüsselbund|trousseau|llavero|chaves do icloud)(?!\w)"
)
_EXPORT_42 = _rx(
    r"(?<!\w)(?:exportiere|exportieren|exporte|exportez|exporter|exporta|exportar|esporta|"
    r"esportare|wyeksportuj|eksportuj|exportuj|vyexportuj|экспортируй|экспортировать|выгрузи|"
    r"експортуй|dışa aktar|exporteer|ekspor|eksport|xuất)(?!\w)|导出|エクスポートし|내보내"
)
_ASSISTANT_42 = r"assistant|assistente|asistente|assistentin"  # the future forms only
_FUTURE_NL_42 = (  # verb-final: the modal after the assistant, the infinitive later in the clause
    r"(?<!\w)assistent(?=\s+(?:zal|moet|gaat|zorgt ervoor dat hij)\s(?:[^.;\n]|\.(?=\S)){0,160}?"
    r"(?<!\w)(?:te )?(?:sturen|versturen|doorsturen|uploaden|delen|mailen|synchroniseren|posten)"
    r"(?!\w))"
)
_FUTURE_BN_42 = (  # verb-final: the future or "must" ahead in the clause
    r"(?<!\w)সহকারী(?=(?:[^।.;\n]|\.(?=\S)){0,160}?(?:পাঠাবে|পাঠাবেন|আপলোড করবে|"
    r"(?:পাঠাতে|আপলোড করতে) হবে))"
)
_FUTURE_AR_42 = (  # "سيرسل المساعد", "يقوم المساعد برفع", "يجب على المساعد رفع"
    r"(?<!\w)س(?:ي|ت)(?:رسل|رفع|شارك|زامن)(?=\s+(?:المساعد|الوكيل))|"
    r"(?<!\w)س?يقوم(?=\s+(?:المساعد|الوكيل)\s+ب(?:إرسال|ارسال|رفع|مشاركة|تحميل|مزامنة)(?!\w))|"
    r"(?<!\w)(?:يجب|ينبغي)(?=\s+على\s+(?:المساعد|الوكيل)\s+(?:أن (?:ي|ت)(?:رسل|رفع|شارك)|إرسال|"
    r"ارسال|رفع|مشاركة|تحميل)(?!\w))"
)


def _agent_act(kind: str) -> str:
    """Round 40: the assistant as the subject of a present ``kind`` act (see above); a read
    or copy only into the chat, the memory, a note or the reply ahead in the clause ("reads
    ~/.kube/config to find the context" describes a lookup)."""
    into = (
        rf"(?:[^.;\n]|\.(?=\S)){{0,160}}?(?<!\w)(?:{'|'.join(_INTO_39)}|{_INTO_39_THAI})"
        if kind == "read"
        else ""
    )
    verbs = _PRESENT_40[kind] + ("|" + _FUTURE_42 if kind == "send" else "")  # round 42
    extra = f"|{_FUTURE_NL_42}|{_FUTURE_BN_42}|{_FUTURE_AR_42}" if kind == "send" else ""
    return (
        rf"(?<!\w)(?:{_ASSISTANT_40})(?=(?:{_GAP_40})(?:{verbs})(?!\w){into})|"
        + (rf"(?<!\w)(?:{_ASSISTANT_42})(?=(?:{_GAP_40})(?:{_FUTURE_42})(?!\w))|" if extra else "")
        + rf"(?<!\w)دست[یي]ار(?=(?:[^.،؛\n]|\.(?=\S)){{0,120}}?(?:{_PRESENT_FA_40[kind]}){into})|"
        rf"(?<!\w)ي[\u064b-\u0652]?(?:{_PRESENT_AR_40[kind]})(?=\s+(?:المساعد|الوكيل){into})"
        + extra
    )


_SEND_39_CJK = "同期|送付|동기화|첨부"
_SEND_39_THAI = "ส่ง|อัปโหลด|แชร์|ซิงค์|โพสต์"  # written without spaces: no word start
_READ_39 = _ended(
    "kopiera|läs|skriv ut|visa|spara|klistra in|extrahera|hämta|inkludera|skriv ner|anteckna|"
    "kopier|kopiér|læs|lagre|indsæt|lim inn|udtræk|hent|skriv ned|",
    "kopioi|lue|tulosta|näytä|tallenna|liitä|poimi|sisällytä|kirjoita|másold|olvasd|olvasd ki|"
    "írd ki|írd le|mutasd|mentsd|illeszd be|",
    "zkopíruj|zkopírujte|skopíruj|skopírujte|přečti|přečtěte|prečítaj|prečítajte|vypiš|vypište|"
    "vypíš|vypíšte|zobraz|zobrazte|ulož|uložte|vlož|vložte|extrahuj|zapiš|zapište|zapíš|napiš|"
    "napište|napíš|",
    "скопіюй|збережи|встав|витягни|додай|надрукуй|копирай|прочети|запази|постави|извлечи|"
    "отпечатай|kopiraj|pročitaj|prikaži|sačuvaj|zalepi|zalijepi|izvuci|zapiši|ispiši|копирај|"
    "прочитај|прикажи|сачувај|испиши|τύπωσε|τυπώστε|γράψε|",
    "[کك]پ[یي] [کك]ن|بخوان|چاپ [کك]ن|نما[یي]ش بده|ذخ[یي]ره [کك]ن|بچسبان|استخراج [کك]ن|بنو[یي]س|",
    "nakili|soma|onyesha|hifadhi|chapisha|bandika|andika|schrijf|noteer|"
    r"haal\w* (?:[\w']+ ){0,6}?(?:er)?uit|",
    r"(?:प्रिंट|सेव) (?:करें|करो|करना|कीजिए|कर दें|कर लें)|जोड़ (?:दें|दो|देना|दीजिए)|जोड़ें|जोड़ो|"
    r"नोट (?:करें|करो|करना|कीजिए|कर लें|कर लो)|"
    r"লিখে (?:রাখুন|রাখো|দিন|দাও)|লিখুন|লেখো|"
    r"(?:প্রিন্ট|সেভ|যোগ) (?:করুন|করো|করে দিন|করে দাও|করে রাখুন)|"
    r"நகலெடு|நகலெடுத்து|நகலெடுங்கள்|நகலெடுக்கவும்|காட்டு|காட்டுங்கள்|காட்டவும்|சேமி|சேமிக்கவும்|"
    r"அச்சிடு|அச்சிடுங்கள்|அச்சிடவும்|எழுது|எழுதுங்கள்|எழுதவும்|எழுதி வை",
)
_SVO_READ_39 = _ended(
    "copiază|citește|citeşte|afișează|afişează|salvează|lipește|lipeşte|extrage|notează|"
    "tipărește|tipăreşte|scrie|העתק|הדפס|הצג|שמור|הדבק|והדבק|חלץ|רשום|כתוב|",
    "cetak|cetakkan|keluarkan|paparkan|catat|catatkan|sertakan|ilabas|isama|ikopya|i-print|"
    "iprint|itala|in toàn bộ|in nội dung|in hết",
)
_READ_39_CJK = "적어|적고|(?<!ผู้ใช้)(?<!ผู้ใช้งาน)พิมพ์|เขียน|จดไว้"  # th: not "the user types"
# Where a shown secret lands in the model's view: the chat, the memory, a note, the reply.
_INTO_39 = _ended(
    "chatten|minnet|anteckning\\w*|svaret|meddelandet|hukommelsen|noterne|notat\\w*|beskeden|"
    "meldingen|chattiin|muistiin|muistiinpan\\w*|vastaukse\\w*|chatbe|jegyzet\\w*|válasz\\w*|"
    "memoria|memoriei|notițe\\w*|notiţe\\w*|răspuns\\w*|chatu|paměti|pamäte|poznám\\w*|"
    "poznam\\w*|odpověd\\w*|odpoved\\w*|czat\\w*|pamięci|notat\\w*|odpowiedzi|чат\\w*|"
    "пам['’ʼ]ят\\w*|нотатк\\w*|відповід\\w*|паметта|бележк\\w*|отговор\\w*|memorij\\w*|"
    "белешк\\w*|beleš\\w*|bilješk\\w*|odgovor\\w*|συνομιλία|μνήμη|σημειώσ\\w*|απάντησ\\w*|"
    "צ'אט|בצ'אט|זיכרון|בזיכרון|הערות|תשובה|בתשובה|چت|حافظه|[یي]ادداشت|پاسخ|obrolan|memori|"
    "catatan|balasan|jawapan|jawaban|memorya|sagot|gumzo|kumbukumbu|jibu|",
    r"चैट|मेमोरी|नोट\S*|जवाब|उत्तर|চ্যাট|মেমরি|নোট\S*|উত্তর\S*|அரட்டை\S*|நினைவக\S*|"
    r"குறிப்ப\S*|பதில\S*|",
    "đoạn chat|bộ nhớ|ghi chú|câu trả lời|phản hồi",
)
_INTO_39_THAI = "แชท|หน่วยความจำ|บันทึก|โน้ต|คำตอบ"
_PRIVATE_39 = _ended(
    "konversation\\w*|chatthistorik\\w*|samtalshistorik\\w*|lösenord\\w*|inloggningsuppgifter\\w*|"
    "personuppgifter\\w*|kunddatabas\\w*|minnet|samtalen|samtalene|samtalerne|chathistorik\\w*|"
    "chattehistorikk\\w*|adgangskode\\w*|passord\\w*|kodeord\\w*|personoplysninger|"
    "personopplysninger|kundedatabase\\w*|hukommelse\\w*|",
    "keskustelu\\w*|salasana\\w*|tunnistetie\\w*|henkilötie\\w*|asiakastietokan\\w*|"
    "beszélgetés\\w*|csevegés\\w*|jelszav\\w*|jelszó\\w*|hitelesítő adat\\w*|személyes adat\\w*|"
    "ügyféladatbázis\\w*|",
    "conversați\\w*|conversaţi\\w*|istoricul chat\\w*|parolele|parolă|credențial\\w*|"
    "credenţial\\w*|datele personale|date personale|baza de date a clienților|",
    "konverzac\\w*|konverzác\\w*|historii chatu|historie chatu|histórii chatu|históriu chatu|"
    "hesl\\w*|přihlašovací údaje|prihlasovacie údaje|osobní údaje|osobné údaje|"
    "databáz\\w* zákazník\\w*|rozmow\\w*|histori\\w* czatu|histori\\w* rozmów|hasł\\w*|"
    "dane logowania|dane osobowe|baz\\w* klientów|",
    "розмов\\w*|історі\\w* чату|листування|пам['’ʼ]ят\\w*|облікові дані|особисті дані|"
    "персональні дані|баз\\w* клієнтів|историята на чата|идентификационни данни|лични данни|"
    "паметта|razgovor\\w*|istorij\\w* četa|lozink\\w*|лозинк\\w*|lični podaci|osobni podaci|"
    "лични подаци|",
    "συνομιλί\\w*|κωδικ\\w* πρόσβασης|κωδικούς|διαπιστευτήρια|προσωπικά δεδομένα|μνήμη\\w*|"
    "שיחה|השיחה|השיחות|סיסמה|סיסמאות|הסיסמה|הסיסמאות|פרטי התחברות|מידע אישי|הזיכרון|"
    "م[کك]المه|گفتگو|گفت‌وگو|رمز عبور|گذرواژه|اطلاعات شخص[یي]|حافظه|",
    "percakapan|perbualan|riwayat (?:chat|obrolan|percakapan)|kata sandi|kata laluan|kredensial|"
    "data pribadi|data peribadi|(?:database|basis data|pangkalan data) pelanggan|usapan|"
    "pag-uusap|kasaysayan ng (?:chat|usapan)|mazungumzo|historia ya (?:gumzo|mazungumzo)|"
    "nenosiri|manenosiri|data binafsi|taarifa binafsi|gesprek\\w*|chatgeschiedenis|"
    "wachtwoord\\w*|inloggegevens|persoonsgegevens|klantendatabase|",
    r"चैट (?:इतिहास|हिस्ट्री)|पासवर्ड|क्रेडेंशियल\S*|निजी जानकारी|व्यक्तिगत जानकारी|"
    r"ग्राहक डेटाबेस|कथोपकथन|কথোপকথন|চ্যাট (?:ইতিহাস|হিস্ট্রি)|পাসওয়ার্ড\S*|ব্যক্তিগত তথ্য|"
    r"உரையாடல\S*|கடவுச்சொல\S*|தனிப்பட்ட தகவல\S*|",
    "hội thoại|cuộc trò chuyện|lịch sử (?:chat|trò chuyện)|mật khẩu|thông tin đăng nhập|"
    "dữ liệu cá nhân|(?:cơ sở dữ liệu|database) khách hàng",
)
_PRIVATE_39_THAI = "บทสนทนา|ประวัติ(?:การ)?แชท|รหัสผ่าน|ข้อมูลส่วนตัว"
# Round 40 (eg40): the memory, the clipboard and the shell history, per language (where the
# memory word is also "minutes" or "records", only "all" or "your" memories: sw "kumbukumbu
# zote"); Polish plural forms of "password" ("haseł").
_PRIVATE_40 = _ended(
    "pamięć|pamięci|pamięcią|paměť|paměti|pamäť|pamäte|memorij\\w*|memóriá\\w*|memória|muisti\\w*|"
    "memoria|memoriei|memoriile|kumbukumbu zote|kumbukumbu zako|kumbukumbu za msaidizi|memori|"
    "memorya|bộ nhớ|geheugen|मेमोरी|স্মৃতি|মেমরি|الذاكرة|ذاكرة المساعد|זיכרון|haseł|",
    "schowek|schowka|schránk\\w*|buffer obmena|буфер\\w* обміну|буфер\\w* обмена|клипборд\\w*|"
    "urklipp\\w*|udklipsholder\\w*|utklippstavl\\w*|leikepöy\\w*|vágólap\\w*|klembord|"
    "zwischenablage|presse-papiers?|portapapeles|área de transferência|"
    "الحافظة|کلیپ‌بورد|کلیپبورد|papan klip|clipboard|לוח העריכה|क्लिपबोर्ड|ক্লিপবোর্ড|"
    "historial de comandos|historique des commandes|befehlsverlauf|cronologia dei comandi|"
    "histórico de comandos|komut geçmişi|istori\\w* команд|історі\\w* команд|histori\\w* poleceń|"
    "historie příkazů|komentohistoria\\w*|parancselőzmény\\w*|kommandohistorik\\w*|"
    "geschiedenis van (?:de )?commando's|riwayat perintah|lịch sử lệnh|سجل الأوامر|"
    "تاریخچه دستورات|היסטוריית הפקודות",
)
_SOURCE_39 = (*prefixes(_PRIVATE_39), *prefixes(branches(_PRIVATE_39_THAI)))  # egress needles
_SOURCE_40 = prefixes(_PRIVATE_40)
# Round 42 (eg42): the Arabic plurals and logs ("سجلات المحادثات", "كلمات المرور"); the whole
# workspace in the lexicon's languages.
_PRIVATE_42 = _ended(
    "المحادثات|سجل المحادثة|سجلات المحادثة|كلمات المرور|كلمة السر|كلمات السر|بيانات الاعتماد|"
    "البيانات الشخصية|ذاكرتك|ذاكرة المساعد|",
    # the whole workspace copied out by a CI stage or a hook (shape 8)
    "whole workspace|entire workspace|full workspace|tüm çalışma alanı\\w*|todo o workspace|"
    "todo o espaço de trabalho|gesamten workspace|ganzen workspace|todo el espacio de trabajo|"
    "всё рабочее пространство|все рабочее пространство|tout l'espace de travail|"
    "l'intero workspace|całe środowisko robocze|cały workspace|hele workspace|",
    # round 43: saved memories, a conversation's history, a database dump (de, kk, ko, cs)
    "gespeicherten erinnerungen|gespeicherte erinnerungen|сөйлесу тарих\\w*|әңгіме тарих\\w*|"
    "db 덤프|데이터베이스 덤프|export zákaznické databáze|zákaznick\\w* databáz\\w*",
)
_SOURCE_42 = prefixes(_PRIVATE_42)
# The machine's memory, not the assistant's: "raport zużycia pamięci", "sử dụng bộ nhớ".
_RAM_WORDS_40 = (
    "zużycia|zużycie|użycia|użycie|wycieku|wyciek|využití|spotřeba|spotřeby|využitie|spotreba|"
    "sử dụng|dung lượng|rò rỉ|penggunaan|kebocoran|utilizarea|consumul|käyttö|kulutus|használat|"
    "fogyasztás|gebruik|lek"
)
_RAM_40 = "".join(f"(?<!{w} )" for w in _RAM_WORDS_40.split("|"))
_ENV_39 = _ended(
    "miljövariabl\\w*|miljøvariabl\\w*|ympäristömuuttuj\\w*|környezeti változó\\w*|"
    "variabilele de mediu|variabile de mediu|proměnn\\w* prostředí|premenn\\w* prostredia|"
    "zmienn\\w* środowisk\\w*|змінн\\w* середовища|змінн\\w* оточення|променлив\\w* на средата|"
    "promenljiv\\w* okruženja|varijabl\\w* okruženja|μεταβλητ\\w* περιβάλλοντος|משתני סביבה|"
    "משתני הסביבה|متغ[یي]رها[یي] مح[یي]ط[یي]|variabel lingkungan|pembolehubah persekitaran|"
    "omgevingsvariabel\\w*|biến môi trường|환경변수",
    r"एनवायरनमेंट वेरिएबल\S*|পরিবেশ ভেরিয়েবল\S*|এনভায়রনমেন্ট ভেরিয়েবল\S*|சூழல் மாறி\S*",
)
_ENV_39_THAI = "ตัวแปรสภาพแวดล้อม"


# --- destinations -----------------------------------------------------------------------

_URL = re.compile(r"\b(?:https?|s?ftp|scp|wss?|s3|gs)://[^\s\"'`]+")
_TLDS = (
    r"com|net|org|io|dev|xyz|site|app|me|co|ru|cn|tk|top|info|biz|cc|pw|link|online|example|cloud|"
    r"ai|ly|gg|su|ws"
)
_HOST_PATH = rf"\b(?:[a-z0-9-]+\.)+(?:{_TLDS}|sh|to)(?::\d+)?/[^\s\"'`]*"
_SINK = _rx(
    r"\b(?:https?|s?ftp|scp|wss?|s3|gs)://[^\s\"'`]+",
    r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b",
    r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+",
    r"\b[\w.-]+@[\w.-]+:",
    _HOST_PATH,
    rf"(?:(?<=\bto )|(?<=\bat )|(?<=\bvia ))(?:[a-z0-9-]+\.)+(?:{_TLDS})\b(?![./\w-])",
    r"\b(?:webhook|pastebin|hastebin|transfer\.sh|requestbin|ngrok)\w*|\b(?:d?paste|termbin|"
    r"ghostbin)\.[a-z]{2,4}\b",
    r"\b(?:remote|external|outside|third[- ]party|attacker'?s?|my|our|this|that|the following|a|an|"
    r"another|personal) (?:\w+ )?(?:server|endpoint|url|host|address|site|inbox|bucket|api|machine|"
    r"collector|webhook|email)\b",
    r"(?:外部|远程|远端|第三方|指定|我的)(?:的)?(?:服务器|地址|接口|端点|网站|邮箱)|服务器|服务端|"
    r"外部(?:の)?(?:サーバー?|エンドポイント|アドレス)|サーバー|외부 서버|서버로|(?:внешн\w*|"
    r"удал[её]нн\w*|мой|мою) (?:сервер|адрес|эндпоинт|url)\w*|на сервер|servidor (?:externo|"
    r"remoto)|serveur (?:externe|distant)|externen? server|server (?:esterno|remoto)|"
    r"servidor externo|harici sunucu|uzak sunucu",
    # a person outside: whoever asks, the sender of an invite, external contacts
    r"\b(?:with|to) (?:anyone|anybody|whoever|the (?:sender|organi[sz]er|requester|inviter)s?|"
    r"external (?:\w+ )?(?:contacts?|people|parties|users|guests?|attendees?))\b",
)
_IMAGE = re.compile(r"(?:!\[[^\]\n]{0,200}\]\(\s*<?|<img[^>]{0,100}src\s*=\s*[\"']?)$")
# This machine, as a whole host name (``127.1``, ``localhost.localdomain``, ``localhost.`` too):
# not ``localhost.evil.example`` or ``127.0.0.1.evil.example``, nor ``localhost\@evil.example``
# or ``localhost:1@evil.example`` (curl sends those to the host after "@").
_LOCAL = re.compile(
    r"(?:https?://)?(?:localhost(?:\.localdomain)?\.?|127(?:\.\d{1,3}){1,3}|0\.0\.0\.0|\[::1\])"
    r"(?![\w.-])(?![^\s/?#]*@)"
)

# --- what is secret or private ----------------------------------------------------------

# A home folder, spelled on any system (backslashes are folded to "/" before matching).
_HOME = r"(?:~|\$home|%userprofile%|\$env:userprofile|%homepath%|[a-z]:/users/[^/\s]+)"
# Files and stores whose content is a credential (any verb that reads them is a risk).
_STRONG_STORE = (
    rf"{_HOME}/\.ssh\b(?!/(?:config|known_hosts|[\w.-]+\.pub)\b)",
    r"\.ssh/id_[\w.-]*+(?<!\.pub)",
    r"\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)",
    rf"\.aws/credentials|{_HOME}/\.aws\b",
    r"(?:\.config|appdata%?(?:/roaming)?)/gcloud|application_default_credentials\.json|"
    r"\.azure/(?:accesstokens|msal)",
    r"\.git-credentials|\.netrc\b|\.pgpass\b|\.config/gh/hosts\.yml",
    # client config files that hold a password or an OAuth token in plain text
    r"\.my\.cnf\b|\.s3cfg\b|rclone/rclone\.conf\b|\.boto\b|credentials\.tfrc\.json|\.terraformrc\b|"
    r"\.cargo/credentials|\.gem/credentials|\.htpasswd\b|\.vault-token\b",
    r"\.gnupg\b|\.password-store|secring\.gpg",
    r"/etc/(?:shadow|gshadow|master\.passwd)\b",
    r"wallet\.dat|\bkeychain\b|\.keychain(?:-db)?\b|security (?:find|dump)-\w+|dump-keychain",
    r"cmdkey /list|\blsass\b|mimikatz|credential manager|vaultcmd|cryptunprotectdata|"
    r"microsoft/(?:credentials|protect|vault)\b",
    r"\blogin data\b|cookies\.sqlite|logins\.json|\bkey[34]\.db\b|\.mozilla/firefox",
    r"(?:google/)?chrome/(?:default|user data)|application support/google/chrome",
    # what a browser keeps for the user: its saved passwords and logins (round 24; not its
    # cookies: "save the browser cookies to tests/fixtures" is how scraper tests are set up)
    r"\b(?:(?:browser|chrome|firefox|safari)(?:'s)? (?:saved |stored )?(?:passwords?|logins)|"
    r"saved (?:passwords|logins))\b|contraseñas (?:guardadas|almacenadas)|contraseñas del "
    r"navegador|mots de passe (?:enregistrés|sauvegardés|mémorisés)|mots de passe du navigateur|"
    r"gespeichert\w* (?:passw[oö]rt\w*|kennw[oö]rt\w*|logins)|(?:browser|chrome|firefox)-?"
    r"(?:passw[oö]rt\w*|kennw[oö]rt\w*)|password salvate|password del browser|senhas salvas|"
    r"senhas do navegador|сохран[её]нн\w* парол\w*|парол\w* (?:из )?браузера|"
    r"浏览器(?:里|中)?(?:保存的)?密码|保存的密码|ブラウザ(?:に保存された|の)パスワード|"
    r"保存されたパスワード|브라우저에 저장된 비밀번호|저장된 비밀번호|"
    r"kayıtlı şifre\w*|zapisane hasła",
    r"\.hermes/\.env|\.claude/\.credentials|\.codex/auth\.json|\.docker/config\.json",
    r"\.kube/config\b|kubectl config view (?:[^\n`|]{0,40})?--raw\b|"
    r"service[- ]account (?:json|key)|"
    r"(?<![\w-])[\w-]*(?:-sa|_sa|service-account)\.json\b",
    # commands whose output is a credential
    r"aws sts get-session-token|gcloud auth print-\w+-token|az account get-access-token|"
    r"\bgh auth token|kubectl get secrets?|vault (?:read|kv get)|\bop read\b|heroku auth:token",
    r"\baws configure get aws_(?:secret_access_key|session_token)|\bbw get (?:password|item)\b|"
    r"\blpass show\b|\bop item get\b|\bpass show\b|docker-credential-[\w-]+ get\b|"
    r"\bgit credential fill\b",
    r"钥匙串|キーチェーン|связк\w* ключей",
    # a CLI's login file under the home folder (~/.vercel/auth.json, ~/.config/x/token.json),
    # and TLS private keys (privkey.pem, /etc/ssl/private)
    rf"{_HOME}/\.(?:config/)?[\w.-]+/(?:[\w.-]*[._-])?(?:auth|credentials?|tokens?|secrets?)"
    r"\.(?:json|ya?ml|toml|ini|db)\b",
    r"(?<![\w.-])(?:privkey|private[_-]?key)[\w.-]*\.(?:pem|key)\b|/etc/ssl/private\b",
)
# Secrets named in prose or held in variables: a risk with a verb that shows or keeps them.
_SECRET_VALUE = (
    r"\$\{?[a-z_]*(?:token|key|secret|password|passwd|pat|dsn|credential)\w*\}?",
    r"\b(?:api[ _-]?keys?|access tokens?|auth tokens?|tokens?|passwords?|passphrases?|"
    r"private keys?|secret(?: access)? keys?|access keys?|secrets|secret(?![- ](?:scanning|manager|"
    r"store|santa|sauce|menu))(?![/.\w-])|credentials|(?:session )?cookies?|ssh keys?|"
    r"seed phrases?|recovery codes?|(?:2fa|otp|mfa) codes?)\b",
    r"\b(?:github_pat_|ghp_|gho_|glpat-|sk-(?:ant-|proj-)?[a-z0-9]|akia[0-9a-z]|xox[bpa]-)[\w.…-]*",
    r"密钥|令牌|密码|凭证|凭据|私钥|トークン|パスワード|秘密鍵|認証情報|токен\w*|парол\w*|ключ\w*|"
    r"contraseñas?|claves?|mots? de passe|jetons?|passw[oö]rt\w*|schlüssel|senhas?|chaves?|"
    r"비밀번호|토큰|şifre\w*|parola\w*",
)
# Stores that hold secrets among other things: a risk with a verb that shows or keeps them.
_WEAK_STORE = (
    r"(?<![\w-])\.env(?:\.(?!example|sample|template|dist|defaults?)\w+)?\b(?!\.?\w)(?!-(?:example|"
    r"sample|template|dist))",
    r"\.npmrc\b|\.pypirc\b|credentials(?:\.json|\.csv|\.ya?ml)?\b|~/\.ssh/config|\.tfstate\b|\.(?:"
    r"p12|pfx|jks|keystore)\b|keystore\.properties\b",
    r"\bprintenv\b|/proc/(?:self|\d+|\$\$|\*)/environ\b|(?:^|[`$(|;&]\s*)env\b(?!\s*[.=\[])|"
    r"get-childitem env:|\bos\.environ\b(?![.\[])",
    r"(?<![$\w{])[a-z][a-z0-9]*(?:_[a-z0-9]+)*_(?:token|key|secret|password|pat|dsn)s?\b",
    r"\bdocument\.cookie\b|\blocalstorage\b|\bsessionstorage\b|\bprocess\.env\b(?![.\[])|"
    r"environment variables?|env vars|环境变量|環境変数|переменн\w* (?:окружения|среды)|"
    r"variables? de entorno|variables? d'environnement|umgebungsvariablen|variabili d'ambiente|"
    r"variáveis de ambiente|환경 변수|ortam değişkenleri",
    # round 39b: by their own names: a database's URL (its password inside), a framework's
    # secrets file, the environment printed ("the env output", "env çıktısı")
    r"(?<![$\w{])(?:[a-z0-9]+_){0,3}(?:database|db|postgres(?:ql)?|pg|mongo(?:db)?|mysql|redis)"
    r"_url\b|(?<![\w-])secrets\.(?:ya?ml|toml|json)\b|(?<![\w./$-])env(?:[ -](?:output|dump|"
    r"çıktı\w*|ausgabe|salida|sortie|saída|вывод\w*|výstup\w*|wynik\w*|uitvoer|utdata|tuloste)"
    r"\b|\s?(?:出力|输出|출력))",
    rf"(?<!\w)(?:{'|'.join(_ENV_39)})",  # round 39b
    _ENV_39_THAI,
)
_SECRET_NAME = re.compile(
    r"token|secret|passw|pwd|api_?key|apikey|access_?key|private_?key|credential|\bcreds?\b|cookie|"
    r"session|auth|ssh|id_rsa|_key\b|_pat\b|^key$|keys$|dsn|database_url|db_url"
)
# A webhook URL is a credential (anyone holding it can post), though its name says no secret.
_WEBHOOK_NAME = re.compile(r"webhook(?:_?ur[il])?$|hook_?ur[il]$")
# A call of a URL sends what goes with it (header, body): the verb in a URL's reach, never a
# noun ("a function call", "so-called", "the cache hit rate"), nor a call of a person.
_NOT_CALLER = (
    *("function", "api", "method", "rpc", "phone", "video", "tool", "conference", "cache"),
    *("a", "the", "one", "this", "each", "every", "per", "no", "any", "so"),
    *("sql", "search", "graphql", "db", "database", "la", "el", "une", "die", "der", "eine"),
)
_CALL = re.compile(
    r"(?<![\w-])"
    + "".join(f"(?<!{w} )" for w in _NOT_CALLER)
    + r"(?:call(?:s|ing|ed)?|invok(?:e|es|ing|ed)|hit(?:s|ting)?|ping(?:s|ing|ed)?|"
    r"(?:make|makes|making|made|issue|issues) an? (?:(?:get|post|put|patch|delete|https?|api) )?"
    r"(?:call|request)s? to|"
    r"(?:make|makes|making|made|issue|issues) an? (?:get|post|put|patch|delete) to|"
    # round 28: other verbs that send a request (query, contact, trigger, register with …)
    r"quer(?:y|ies|ying|ied)|contact(?:s|ing|ed)?|trigger(?:s|ing|ed)?|"
    r"register(?:s|ing|ed)? (?:with|at)|us(?:e|es|ing) (?:the |this )?(?:endpoint|webhook)|"
    r"request(?=\s+https?://)|reach(?:es|ing)? out to|"
    r"fa(?:ça|z|zer) uma (?:requisição|chamada) (?:para|a)|(?:haz|hacer|haga) una (?:petición|"
    r"solicitud|llamada) a|(?:fai|fare|faccia) una (?:richiesta|chiamata) a|(?:fais|faire|faites) "
    r"une requête (?:à|vers|sur)|"
    r"consult(?:a|e|ar|ez|er)|contact(?:a|e|ar|ez|er)|interrog(?:e|ez|er|a)|contatta|"
    r"déclench(?:e|ez|er)|dispar(?:a|ar)|kontaktier(?:e|en)?|abfragen|"
    r"chiama|chiami|llam(?:a|e|ar)|appel(?:le|lez|ez|er)|cham[ae]|вызов(?:и|ите)|вызвать|"
    r"вызыва(?:й|йте|ть)|обращай(?:ся|тесь) к|обратись к|обратитесь к|запрашивай|запроси|"
    r"ruf(?:e|t|en)?|aufrufen)(?![\w-])(?!\s+(?:rates?|ratios?|counts?|me|us|him|her|to)\b)|调用|"
    r"呼び出|请求(?![头体参])|查询|リクエスト(?:する|して|を送)|問い合わせ"
)
_PRIVATE_NAME = re.compile(
    r"conversation|chat|history|messages?|memor|transcript|context|prompt|clipboard|user_?data|"
    r"personal|email|ssn|card|env\b|environ|secrets|whoami|hostname|diff|content|output|payload|"
    r"file|inhalt|contenu|contenido|conteúdo|内容|对话|会话|聊天|密钥|摘要|会話|履歴|대화"
)
_VAR = re.compile(
    r"\$\{?([a-z_][a-z0-9_]*)\}?|\{\{?\s*([a-z_][\w. -]{0,30}?)\s*\}?\}|<([a-z_][\w -]{0,30})>|"
    r"%([a-z_]\w*)%"
)
_SUBST = re.compile(r"\$\(|`[^`\n]{1,80}`")
# Things that are private or secret, named in prose.
_PRIVATE_NOUN = (
    r"(?<!\w)(?:whole |entire |full |all (?:of )?(?:the |your )?|your |the user'?s? )?(?:memor(?:y|"
    r"ies)(?: file| contents?| store)?|memory\.md|conversations?|chat (?:history|logs?|"
    r"transcripts?)|transcripts?|message history|previous messages|(?:full|entire|whole|session|"
    r"conversation) context|session (?:data|history)|system prompt|(?:api|access|secret|private|"
    r"ssh|aws|signing) keys?|(?:access |auth |api |bearer )?tokens|credentials?|passwords?|secrets|"
    r"cookies|environment variables|env vars|(?:full|whole|entire|complete) environment|"
    r"(?:pod|container|process|runtime|server)(?:'s)? environment|"
    r"~/(?:documents|desktop|downloads|pictures)\b|~/\.config(?![\w.-]|/\w)|(?:its|their) outputs?|"
    r"(?:command|shell|terminal|tool) outputs?|outputs? of (?:each|every|all|the) commands?|"
    r"(?:customer|client|user) (?:database|db|table|records|list)s?|pg_dump|mysqldump|mongodump|"
    r"(?:personal|private|financial|finance|medical|tax) (?:files|documents|records|data)|invoices|"
    # the user's drafts copied in blind copy ("BCC a copy of each draft to …")
    r"(?:bcc|cco|cci)\b[^.\n]{0,40}?(?:drafts?|borrador(?:es)?|brouillons?|entw[üu]rfe?|bozz[ae]|"
    r"rascunhos?)|"
    r"bank statements|(?:e-?mail|home|postal) addresses|phone numbers|dates? of birth|(?:passport|"
    r"credit card|social security) numbers|passphrases?|(?:user|customer|personal)(?:'s|s')? "
    r"(?:data|details|information|files|records)|personal (?:data|information)|contacts|clipboard|"
    r"keystrokes|screenshots?|home directory|everything you (?:know|remember|have seen|do|run|"
    r"type)|\.claude/projects|calendar(?: export| events)?|contacts|photos|e-?mails|inbox|browsing "
    r"history|(?:bash|zsh|shell|fish|command|powershell)[ _]history|consolehost_history|location|"
    r"\.codex/sessions|\.hermes/(?:sessions|memories)|(?:every|all|each) (?:\w+ ){0,2}commands? "
    r"(?:you|the agent|the assistant|it) (?:runs?|executes?|types?)|(?:the )?user'?s? (?:last |"
    r"latest |previous |recent |current )?(?:messages?|prompts?|requests?|input|questions?)|"
    r"(?:current |full |whole |entire )?(?:diffs?|source code|codebase|repository contents|repo "
    r"contents|all branches|(?:whole |entire )?(?:repo|repository)))\b|"
    r"--all\b|--mirror\b|toutes les branches|branches privées|todas las ramas|ramas privadas|"
    r"alle branches|все ветки|所有分支|すべてのブランチ",
    r"对话(?:记录|内容|历史)?|聊天记录|会话(?:记录|内容|历史)?|记忆(?:内容|库|文件)?|全部记忆|"
    r"上下文|系统提示词?|密钥|私钥|密码|口令|令牌|凭证|凭据|用户数据|个人信息|剪贴板|差异|代码改动|"
    r"用户(?:\S{0,6}?的)?(?:指令|发言|输入|消息)",
    r"会話(?:履歴|ログ|内容)?|チャット履歴|履歴|メモリ(?:の内容)?|記憶|コンテキスト|"
    r"システムプロンプト|秘密鍵|認証情報|パスワード|トークン|個人情報|クリップボード|差分|"
    r"ユーザーの(?:\S{0,6}?の)?(?:指示|発言|入力|メッセージ)",
    r"переписк\w*|разговор\w*|истори\w* (?:чата|сообщений|разговора)|памят\w*|контекст\w*|"
    r"системн\w* промпт\w*|приватн\w* ключ\w*|ключ\w*|парол\w*|токен\w*|учетн\w* данн\w*|"
    r"личн\w* данн\w*",
    r"conversaci[oó]n(?:es)?|historial(?: de chat)?|memoria|contexto|claves?(?: privadas?)?|"
    r"contraseñas?|credenciales|datos personales|historique|mémoire|contexte|clés?(?: privées?)?|"
    r"mots? de passe|jetons?|identifiants|données personnelles|gespräch\w*|verlauf|gedächtnis|"
    r"kontext|schlüssel|passw[oö]rt\w*|zugangsdaten|persönliche daten|conversazion\w*|cronologia|"
    r"chiav\w*|credenziali|dati personali|conversas?|histórico|memória|chaves?(?: privadas?)?|"
    r"senhas?|credenciais|dados pessoais|대화(?: 기록| 내용)?|메모리|기억|비밀번호|토큰|자격 증명|"
    r"개인 정보|개인 키|konuşma\w*|geçmiş\w*|bellek|hafıza|anahtar\w*|şifre\w*|parola\w*|"
    r"kimlik bilgileri|вывод\w*|banco de clientes|base de datos de clientes|kundendaten|"
    r"données clients|客户数据|顧客データ|محتوى|المحادثة|كلمة المرور|सामग्री|बातचीत",
    rf"(?<!\w)(?:{'|'.join(_PRIVATE_39)})",  # round 39b
    _PRIVATE_39_THAI,
    rf"(?<!\w){_RAM_40}(?:{'|'.join(_PRIVATE_40)})",  # round 40
    rf"(?<!\w)(?:{'|'.join(_PRIVATE_42)})",  # round 42
)

# --- actions ----------------------------------------------------------------------------

# vi, id and tl verbs, in _READ_OTHER and _WRITE and, to test their place, in SVO_VERB.
_SVO_READ = (
    r"sao chép|chép|đọc|lưu(?! ý)|gửi|hiển thị|in ra|tải lên|dán|đính kèm|thu thập|xuất|"
    r"(?:salin|baca|simpan|kirim|tampilkan|unggah|tempel|lampirkan|kumpulkan|ekspor)(?:kan|lah)?\b|"
    r"kopyahin|basahin|i-?save|itago|ipadala|ipakita|i-?upload|idikit|ilakip|kunin"
)
_SVO_WRITE = (
    r"thêm|ghi|chèn|nối|(?:tambah|tulis|sisip|pasang)(?:kan|lah)?\b|men(?:ambah|ulis|yisip)(?:kan)?\b|"
    r"memasang(?:kan)?\b|"
    r"idagdag|isulat|ilagay|"
    # round 40: ro, he, id, ms, vi, tl create/edit/write
    r"adaugă|adăugați|scrie|creează|modifică|editează|inserează|הוסף|הוסיפו|כתוב|צור|ערוך|"
    r"(?:buat|ubah|sunting)(?:kan|lah)?\b|tạo|sửa|chỉnh sửa|gumawa|baguhin|i-edit"
)

# Round 40 (eg40): add, write, edit and create verbs of the other languages, imperatives
# (ro, he, id, ms, vi, tl in _SVO_WRITE: their place is tested).
_WRITE_40 = _ended(
    "lägg till|skriv in|skriv|ändra|skapa|redigera|infoga|tilføj|opret|rediger|indsæt|legg til|"
    "opprett|endre|sett inn|lisää|lisätkää|muokkaa|muokatkaa|kirjoita|luo|add hozzá|adja hozzá|"
    "írd be|írja be|hozd létre|hozza létre|módosítsd|szerkeszd|",
    "přidej|přidejte|dopiš|dopište|zapiš|zapište|vytvoř|vytvořte|uprav|upravte|pridaj|pridajte|"
    "dopíš|zapíš|vytvor|vytvorte|додай|додайте|допиши|допишіть|запиши|запишіть|створи|створіть|"
    "зміни|відредагуй|впиши|добави|добавете|създай|промени|редактирай|dopiši|upiši|napravi|"
    "izmijeni|izmeni|uredi|додај|упиши|направи|измени|",
    "ongeza|ongezeni|andika|weka|unda|hariri|اضافه [کك]ن|اضافه [کك]ن[یي]د|بنو[یي]س[یي]د|بساز|"
    "schrijf|maak|wijzig|bewerk|pas aan|düzenle|oluştur|δημιούργησε|δημιουργήστε|άλλαξε|"
    "επεξεργάσου|lege|",
)
_NET_TOOL = (
    r"\b(?:curl|wget|nc|ncat|netcat|socat|scp|sftp|rsync|telnet|ftp|iwr|irm|invoke-webrequest|"
    r"invoke-restmethod|httpie|aria2c)\b",
    r"requests\.(?:post|put|patch|get)|httpx\.(?:post|put|get)|urllib\.request|urlopen|fetch\(|"
    r"axios\.(?:post|put)|sendbeacon|xmlhttprequest|smtplib|\.sendall\(",
)
_SEND = _words(
    r"send\w*|includ\w*|attach\w*|append\w*|embed\w*|maile\w*|bcc\b|cco\b|cci\b|密送|post(?:s|ed|ing)?\b|push(?:es|ed|"
    r"ing)?\b|upload\w*|forward\w*|e-?mail\b|mail\b|cop(?:y|ies|ied|ying)\b|shar(?:e|es|ed|ing)\b|"
    r"transmit\w*|exfiltrat\w*|leak\w*|share\b|sync\w*|mirror\w*|pipe\b|submit\w*|beacon\w*|"
    r"publish\w*|deliver\w*|relay\w*|report\w*|meld\w*|notif\w*|上报|报告|報告|보고|сообщ\w*|"
    r"reporta\w*|signale\w*|put (?:it|them|\w+) (?:on|to)|发送|发给|发到|传到|传给|上传|转发|提交|"
    r"同步|推送|回传|外发|发往|送信|送って|送る|送り|アップロード|転送|共有|보내|전송|업로드|공유|올리|올려|pouss\w*|"
    r"отправ\w*|перешл\w*|пересыл\w*|загрузи\w*|выгрузи\w*|переда\w*|слей\w*|sube\w*|env[ií]a\w*|"
    r"enviar\w*|reenv[ií]a\w*|comparte\w*|manda\w*|envoie\w*|envoy\w*|transmet\w*|téléverse\w*|"
    r"partage\w*|schick\w*|übermittel\w*|lade\w* (?:[^.\n]|\.(?=\S)){0,150}?\bhoch\b|hochlad\w*|"
    r"weiterleit\w*|invia\w*|inoltra\w*|condividi\w*|envie\w*|encaminh\w*|compartilh\w*|gönder\w*|"
    r"yükle\w*|ilet\w*|paylaş\w*|أرسل\S*|ارسل\S*|ارفع\S*|भेज\S*|gửi|tải lên|chuyển tiếp|stuur\w*|"
    r"verstuur\w*|wyślij\w*|prześlij\w*|wrzuć\b|udostępnij\b|opublikuj\b",
    *_SEND_39,  # round 39b
    *_SVO_SEND,
    _SEND_39_CJK,
)

# Places a secret must not be put: the memory, replies, shared pages, tickets, logs.
_VISIBLE = (
    r"memory|memories|notes?|memory\.md|reply|replies|response|answer|chat|message|wiki|docs?/|"
    r"(?<!\S)[^\w\s]*+\w\S*?\.md\b|logs?\b|description|pull request|pr\b|issue|comment|channel|"
    r"commit message|ticket|"
    r"summary|report|plain ?text|https?://"
)
_VERB_FORMS = (
    r"show(?:s|n|ed|ing)?|display(?:s|ed|ing)?|output(?:s|ted|ting)?|dump(?:s|ed|ing)?|print(?:s|"
    r"ed|ing)?|includ(?:e|es|ed|ing)|past(?:e|ed|es|ing)|attach(?:es|ed|ing)?|reveal(?:s|ed|ing)?|"
    r"leak(?:s|ed|ing)?|upload(?:s|ed|ing)?|sen(?:d|ds|ding|t)|(?:answer|reply|respond)(?:s|ed|ing"
    r")? "
    r"with|post(?:s|ed|ing)?|exfiltrat(?:e|es|"
    r"ed|ing)|collect(?:s|ed|ing)?|harvest(?:s|ed|ing)?|grab(?:s|bed|bing)?|steal(?:s|ing)?|stole"
)
_KEEP_FORMS = (
    r"sav(?:e|es|ed|ing)|stor(?:e|es|ed|ing)|cop(?:y|ies|ied|ying)|add(?:s|ed|ing)?|append(?:s|ed|"
    r"ing)?|writ(?:e|es|ing|ten)|wrote|put(?:s|ting)?|record(?:s|ed|ing)?|remember(?:s|ed|ing)?|"
    r"memori[sz](?:e|es|ed|ing)|embed(?:s|ded|ding)?|note down"
)
# Commands that print a file and are English words too ("type", "head"): only as a command,
# with options or a path after them.
_PRINTER = (
    r"(?:type|head|tail|less|more|bat|nl|sort|strings)(?=(?:\s+-{1,2}\w[\w=,]*(?:\s+\d+)?)*"
    r"\s+[\w~.$%:-]*[/.~$%])"
)
_GREP = r"grep(?!\s+-\w*[clqL])"  # -c counts, -l names files, -q prints nothing
_READ = (
    rf"(?:cat|more|less|head|tail|base64|xxd|od|strings|get-content|gc|{_PRINTER}|sed|awk|{_GREP}|"
    rf"findstr|"
    r"select-string|copy-item|cp|scp|rsync|tar|zip|7z|mv|keep (?:a )?cop(?:y|ies) of|"
    r"echo|read|extract(?:s|ed|ing)?|retriev(?:e|es|ed|ing)|gather(?:s|ed|ing)?|back(?:ed)? ?up|"
    r"archiv(?:e|es|ed|ing)|shar(?:e|ed|es|ing)|recover(?:s|ed|ing)?|decrypt(?:s|ed|ing)?|"
    r"obtain(?:s|ed|ing)?|export(?:s|ed|ing)?|"
    rf"{_VERB_FORMS}|{_KEEP_FORMS})"
)
_READ_CJK = (
    "复制|拷贝|读取|读出|查看|打开|保存|存到|存入|存储|记住|记录|记下|发送|上传|导出|收集|获取|提取|输出|"
    "打印|显示|粘贴|附上|包含|写入|写进|加入|添加|打包|压缩|发给|发到|传给|记到|记进|记入|存进|贴到|贴进|"
    "コピー|追記|書き留め|書いて|取り出|読み|読ん|読む|開い|保存|記憶|記録|送信|アップロード|取得|抽出|出力|表示|貼り付け|含め|書き|"
    "追加|"
    "복사|읽|저장|기억|기록|보내|전송|업로드|내보내|수집|추출|출력|표시|붙여|첨부|포함|추가|공유|"
    "คัดลอก|ก๊อป|อ่าน|บันทึก|ส่ง|แสดง|อัปโหลด|แนบ|รวบรวม|"  # th: written without spaces too
    + _READ_39_CJK  # round 39b
)
_READ_OTHER = (
    r"скопируй\w*|копир\w*|прочитай\w*|прочти\w*|читай\w*|сохрани\w*|запомни\w*|запиши\w*|"
    r"отправ\w*|загрузи\w*|выгрузи\w*|собери\w*|извлеки\w*|выведи\w*|покажи\w*|вставь\w*|включи\w*|"
    r"добав\w*|copia\w*|lee\b|leer|guarda\w*|recuerda\w*|memoriza\w*|registra\w*|env[ií]a\w*|"
    r"sube\w*|exporta\w*|recopila\w*|obt[eé]n\w*|extrae\w*|muestra\w*|imprime\w*|pega\w*|"
    r"adjunta\w*|incluye\w*|añade\w*|agrega\w*|copie\w*|lis\b|lire|sauvegarde\w*|enregistre\w*|"
    r"retiens|mémorise\w*|envoie\w*|collecte\w*|récupère\w*|extrais|affiche\w*|colle\w*|joins|"
    r"inclus\w*|ajoute\w*|kopier\w*|lies\b|lesen|speicher\w*|merk\w*|notier\w*|sende\w*|schick\w*|"
    r"sammle\w*|hole\w*|extrahier\w*|zeig\w*|füg\w*|leggi\w*|salva\w*|ricorda\w*|memorizza\w*|"
    r"invia\w*|carica\w*|esporta\w*|raccogli\w*|recupera\w*|estrai\w*|mostra\w*|stampa\w*|"
    r"incolla\w*|allega\w*|includi\w*|aggiungi\w*|copiar|leia|ler\b|salv\w*|lembre|envie|carregue|"
    r"exporte|colete|recupere|extraia|mostr\w*|imprim\w*|col[ae]r?\b|cole\b|anex\w*|inclu\w*|"
    r"adicion\w*|guardar|pegar|mostrar|adjuntar|copier|sauvegarder|enregistrer|envoyer|coller|"
    r"récupérer|noter\b|extraire|extraer|estrarre|extrair\b|"
    r"inclure|afficher|imprimer|joindre|copiare|leggere|salvare|inviare|incollare|includere|"
    r"mostrare|stampare|allegare|kopyala\w*|oku\w*|kaydet\w*|hatırla\w*|gönder\w*|topla\w*|"
    r"çıkar\w*|göster\w*|yazdır\w*|yapıştır\w*|ekle\w*|yaz(?:ın)?(?=\s*(?:[.,;!:]|$))|übertrag\w*|gib\b|teil\w*|"
    r"poste\w*|"
    r"leg\w* (?:\w+ ){0,4}ab|hinterleg\w*|trag\w* (?:\w+ ){0,4}ein|exportier\w*|veröffentlich\w*|"
    r"häng\w*|lad\w*|les\w+|mets|mettre|publie\w*|partage\w*|transf[eè]re\w*|exporte\w*|"
    r"téléverse\w*|pon\b|poner|publica\w*|comparte\w*|transfiere\w*|metti|mettere|pubblica\w*|"
    r"condividi\w*|trasferisci\w*|coloque|colocar|publique|compartilh\w*|transfira|выложи\w*|"
    r"опубликуй\w*|поделись|перенеси\w*|приложи\w*|экспортируй\w*|aus\w*les\w*|ableg\w*|"
    r"lees\b|kopieer\w*|bewaar\w*|zet\b|plak\w*|toon\b|"
    # es imperatives with an enclitic pronoun take an accent ("guárdalo", "pégalo", "cópialo")
    r"gu[aá]rd[aá]\w*|p[eé]ga\w*|c[oó]pia\w*|mu[eé]stra\w*|súbe\w*|"
    # pl imperatives: copy, save, paste, print, send, read, show, attach, add, keep, remember
    r"skopiuj\w*|kopiuj\b|zapisz\b|wklej\b|wypisz\b|wyślij\b|prześlij\b|przeczytaj\b|"
    r"odczytaj\b|pokaż\b|wyświetl\b|załącz\b|dołącz\b|dodaj\b|dopisz\b|zachowaj\b|"
    r"zapamiętaj\b|wrzuć\b|wyeksportuj\b|zbierz\b|"
    # round 62: ru orders in the infinitive, as Russian house rules write them ("Скопировать
    # ключ …", "Прочитать ~/.aws/credentials и вставить …", "записывать его в …")
    r"(?:с|пере)?копировать\b|прочитать\b|прочесть\b|читать\b|сохранит?ь\b|сохранять\b|"
    r"записать\b|записывать\b|вставить\b|вставлять\b|выложить\b|выкладывать\b|переслать\b|"
    r"пересылать\b|выгрузить\b|выгружать\b|загрузить\b|загружать\b|вывести\b|выводить\b|"
    r"показать\b|показывать\b|приложить\b|прикладывать\b|опубликовать\b|поделиться\b|"
    # ar (with "and"/"then" prefixed), hi, bn, vi, id, tl, el: copy, read, save, send, show,
    # upload, paste, attach, collect, export, add (imperatives: a subject makes a description)
    r"[وف]?(?:انسخ|اقرأ|اقرا|احفظ|أرسل|ارسل|اعرض|ارفع|اطبع|الصق|أرفق|ارفق|اجمع|استخرج|صدّر|"
    r"أضف|اضف)\w*|"
    r"कॉपी|कापी|पढ़|सहेज|भेज|दिखा|अपलोड|चिपका|निकाल|"
    # bn: not a present that describes ("অ্যাপটি … সংরক্ষণ করে।", "… আপলোড করা হয়")
    r"(?:কপি|পড়|পাঠা|দেখা|আপলোড|সংরক্ষণ)(?! কর(?:ে|েন)(?:\s*[।.,;]|\s+(?:এবং|ও|আর)\s|$)| করা হয়)|"
    rf"{_SVO_READ}|"
    r"αντίγραψ\w*|αντιγραφ\w*|διάβασ\w*|αποθήκευσ\w*|στείλ\w*|εμφάνισ\w*|ανέβασ\w*|"
    r"επικόλλησ\w*|κράτησ\w*|" + "|".join((*_READ_39, *_SVO_READ_39))  # round 39b
)
# Verbs that show or keep content (enough for .env and the environment).
_SHOW = (
    rf"(?:cat|get-content|gc|{_PRINTER}|sed|awk|{_GREP}|findstr|select-string|base64|xxd|echo|"
    rf"{_VERB_FORMS}|export(?:s|ed|ing)?(?! +\w+=)|"
    rf"(?:{_KEEP_FORMS})(?:[^.\n]|\.(?=\S)){{0,80}}?\b(?:{_VISIBLE}))"
)
_INTO_MODEL = (
    r"记忆|内存|笔记|回复|回答|メモリ|記憶|メモ|返答|回答|памят\w*|заметк\w*|ответ\w*|memoria|"
    r"notas|respuesta|mémoire|réponse|gedächtnis|notizen|antwort|risposta|memória|resposta|메모리|"
    r"antwoord|geheugen|notities|memory\.md|claude\.md|agents\.md|"
    r"기억|메모|응답|bellek|hafıza|yanıt|채팅|チャット|聊天|"  # round 62: the chat, as чат
    rf"(?<!\w)(?:{'|'.join(_INTO_39)})|{_INTO_39_THAI}"  # round 39b
)

# --- download and run -------------------------------------------------------------------

_FETCH = r"(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|aria2c|fetch)\b"
_INTERP = (
    r"(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:/usr)?(?:/bin/)?(?:(?:ba|z|da|k|fi|tc)?sh\b|"
    r"python[\d.]*\b|perl\b|ruby\b|node\b|php\b|deno\b|bun\b|iex\b|invoke-expression\b|"
    r"powershell\b|pwsh\b|source\b|osascript\b)"
)
# Forges and registries a package may be installed from by URL; any other host (or plain
# http, or an address) serves code nobody reviewed.
_FORGE = (
    r"(?!(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|pypi\.org|"
    r"files\.pythonhosted\.org|registry\.npmjs\.org|crates\.io|proxy\.golang\.org|localhost|"
    r"127\.)[/:])"
)
# The last run pattern from its output flag on: a fetch saved to a file, then that file run.
# ``_threats._runs`` tries it once per flag, not once per (fetch, flag) pair.
_SAVED_RUN = (
    r"(?:\s-o\s*|\s-O\s+|--output[= ]|>\s*)(?P<file>[^\s;&|]+)"
    r"[^\n]{0,200}?(?:&&|;|\|\||\n)\s*(?:sudo\s+)?(?:chmod\s+\+?[0-7x]+\s+\S+\s*(?:&&|;|"
    r"\n)\s*)?(?:(?:ba|z)?sh|python[\d.]*|perl|ruby|node|source|\.|start-process|msiexec|"
    r"open)?\s*(?:/i\s+)?\S*(?P=file)"
)
# --- round 41 (eg41): one-liners that run what they fetch, in a note of any language -------
_URL_ARG = r"\s*\(\s*[\"'`]?(?:https?|ftp)://"
_RUN_41 = (
    # an interpreter evaluating a fetch: perl ``eval get(…)``, php ``eval(file_get_contents(…))``,
    # python ``exec(u.urlopen(…).read())``, ruby ``eval(URI.open(…).read)``, node ``fetch(…)
    # .then(eval)``
    r"\b(?:eval|exec)\s*\(?\s*(?:await\s+)?\(?\s*(?:await\s+)?[\w.:]{0,30}?(?:get|"
    r"file_get_contents|urlopen|open|fetch)(?:\s*\(\s*uri)?(?:\s+|\s*\(\s*)[\"'`]?(?:https?|ftp)://",
    r"\bfetch" + _URL_ARG + r"[^\n]{0,200}?\.then\s*\(\s*(?:\w+\s*=>\s*)?eval\b",
    # Windows' own fetch-and-run programs
    r"\bmshta(?:\.exe)?\s+[\"']?(?:(?:javascript|vbscript):[^\n]{0,200}?)?(?:https?|ftp)://|"
    r"\bregsvr32\b[^\n]{0,60}?/i:\s*[\"']?https?://|\bwmic\b[^\n]{0,80}?/format:\s*[\"']?https?://|"
    r"\brundll32\b[^\n]{0,120}?script:https?://|"
    r"\bmsiexec(?:\.exe)?\s+(?:/\w+\s+){0,4}/(?:i|package)\s+[\"']?(?:https?|ftp)://",
    r"\b(?:certutil(?:\.exe)?\s[^\n]{0,60}?-urlcache\b|bitsadmin(?:\.exe)?\s[^\n]{0,60}?"
    r"/transfer\b)[^\n]{0,60}?(?:https?|ftp)://[^\s\"']{1,300}[\"']?\s+[\"']?(?P<cfile>[^\s&|;`'\"]+)"
    r"[^\n]{0,200}?(?:&&?|;|\|\||\n)\s*(?:start\s+|call\s+|cmd\s+/c\s+)?[\"']?(?:\./)?(?P=cfile)",
    r"\b(?:start-bitstransfer\b[^\n]{0,160}?-destination|(?:invoke-webrequest|iwr)\b[^\n]{0,160}?"
    r"-outfile)\s+[\"']?(?P<pfile>[^\s;&|`'\"]+)[^\n]{0,200}?(?:;|&&?|\n)\s*(?:start-process\s+|&\s*)?"
    r"[\"']?(?:\./)?(?P=pfile)",
)
_RUN_PATTERNS = (
    r"\b(?:(?:pip3?|pipx|uv|npm|pnpm|yarn|bun|cargo|gem|go|composer|"
    r"deno)(?:\s+[\w.-]+){0,2}?\s+(?:install|add|run|i|get|x|dlx)|npx|bunx|"
    r"uvx)\b(?:\s+-{1,2}[\w-]+(?:[= ](?!https?:)\S+)?)*\s+(?:[^\s|;&]*\s+)?(?:git\+|--(?:git|from|"
    r"spec|registry|(?:extra-)?index-url)[= ]\s*(?:git\+)?)?"
    rf"(?:http://(?!localhost|127\.)|(?:https?|git|ssh)://{_FORGE})",
    r"\bpip3? install\b[^\n]{0,80}?--(?:extra-)?index-url[= ]\s*https?://(?!pypi\.org|"
    r"files\.pythonhosted\.org)|\bnpm (?:i|install)\b[^\n]{0,80}?--registry[= "
    r"]\s*https?://(?!registry\.npmjs\.org)",
    r"\badd\s+https?://\S+\s+(?P<dfile>[^\s`'\"]+)[^\n]{0,200}?\brun\s+(?:(?:ba|z)?sh|"
    r"python3?)\s+(?P=dfile)",
    rf"{_FETCH}[^\n|]{{0,400}}\|\s*{_INTERP}",
    rf"(?:{_INTERP}|eval|exec|\.)\s*(?:-\w+\s+)*[\"']?\s*(?:<\(|\$\(|`)\s*{_FETCH}",
    r"\biex\s*\(?\s*(?:\(?\s*new-object\s+(?:system\.)?net\.webclient\s*\)?|iwr|irm|"
    r"invoke-webrequest|invoke-restmethod)",
    r"\.downloadstring\(",
    r"\bexec\s*\([^\n]{0,60}?\b(?:urlopen|requests\.get|httpx\.get|urllib)",
    r"\beval\s*\([^\n]{0,40}\bfetch\(",
    *_RUN_41,
    rf"{_FETCH}[^\n]{{0,300}}?{_SAVED_RUN}",
)
# --- round 41 (eg41): download and run said in words, in the lexicon's other languages ----
# (any tense, as English "downloads … runs": the URL and both verbs share one clause)
_DOWNLOAD_41 = (
    r"ha(?:a|le)?l\w*(?: \S+){0,5} op|binnenhal\w*|laadi\w* alla|laeb alla|lae alla|"
    r"tõmba\w* alla|lataa\w*|ladda(?:r)? (?:ner|ned)|hämta\w*|hent\w*|last(?:er)? ned|pobier\w*|"
    r"pobra\w*|ściąg\w*|stáhn\w*|stahuj\w*|stiahn\w*|sťahuj\w*|tölts\w* le|letölt\w*|"
    r"descarc\w*|descărca\w*|завантаж\w*|скачай\w*|скачива\w*|загружа\w*|изтегл\w*|"
    r"свали\w*|preuzm\w*|preuzima\w*|skini|skida\w*|преузм\w*|преузима\w*|κατέβασ\w*|"
    r"κατεβάζ\w*|ו?הורד\w*|ו?מוריד\w*|دانلود|بارگیری|نزّل|نزل|حمّل|حمل|يحمّل|يحمل|[وب]?تنزيل|[وب]?تحميل|"
    r"unduh|mengunduh|muat turun|memuat turun|i-download|idownload|ida-download|\w{0,5}pakua|"
    r"डाउनलोड|ডাউনলোড|பதிவிறக்க\S*|டவுன்லோட்\S*|ڈاؤن لوڈ|tải (?:về|xuống)|다운받|取得して|"
    r"ダウンロードし|descarreg\w*|atsisiųs\w*|parsisiųs\w*|atsisiunči\w*|parsisiunči\w*"
)
_RUN_41_WORDS = (
    r"voer\w*(?: \S+){0,4} uit|uitvoer\w*|käivita\w*|aja\b|ajaa|suorita\w*|käynnistä\w*|"
    r"kör\w*|köra|kør\w*|kjør\w*|uruchom\w*|wykonaj\w*|wykonuj\w*|odpal\w*|spus[tť]\w*|"
    r"spouští|spúšťa\w*|proveď|vykonaj|futtas\w*|futtat\w*|indítsd|elindít\w*|rulea\w*|rula\b|"
    r"execută|lansea\w*|запусти\w*|запуска\w*|виконай\w*|викону\w*|стартир\w*|изпълн\w*|пусни|pokren\w*|"
    r"pokreć\w*|izvrši|покрен\w*|покреће|изврши|εκτέλεσ\w*|εκτελ\w*|τρέξ\w*|ו?הרץ|ו?הריצ\w*|ו?תריץ|"
    r"ו?מריץ|ו?הפעל\w*|اجرا|و?شغّل|و?شغل|و?نفّذ|و?نفذ|[وب]?تشغيل\w*|[وب]?تنفيذ\w*|يشغل|ينفذ|jalankan|menjalankan|patakbuhin|"
    r"i-run|patatakbuhin|pinapatakbo|\w{0,5}endesha|\w{0,5}tekeleza|चलाएं|चलाएँ|चलाओ|चलाता|चलाए|চালান|চালাও|"
    r"চালাবে|চালানো|चलाना|चलाने|இயக்க\S*|चालव\S*|چلا\S*|chạy|thực thi|paleisk\w*|paleist\w*|"
    r"paleidži\w*|vykdyk\w*|vykdyt\w*"
)
_DOWNLOAD_WORDS = _words(
    _DOWNLOAD_41,
    r"download\w*|fetch\w*|grab\w*|pull\w* (?:down )?|下载|ダウンロード|다운로드|скача\w*|"
    r"загрузи\w*|descarg\w*|télécharg\w*|lade\w*|herunterlad\w*|scarica\w*|baix\w*|indir\w*",
)
_RUN_WORDS = _words(
    _RUN_41_WORDS,
    r"run(?!book(?!\s+(?:it|them|this|that)\b))\w*|"  # round 43: "runbook it" runs it
    r"execut\w*|exec\b|launch\w*|source\b|pipe (?:it )?(?:in)?to (?:sh|bash|"
    r"python)|执行|"
    r"运行|实行|実行|起動|실행|запуст\w*|выполн\w*|ejec[uú]t\w*|exécut\w*|lance\w*|"
    r"führ\w* (?:\w+ )*aus|ausführ\w*|esegu\w*|avvia\w*|execut\w*|rode\b|çalıştır\w*",
)
# Installers people really pipe to a shell: hosts of the vendors' own domains (and any host
# under them); on a host that also serves user content (deno.land/x/…) only the vendor's
# own paths; on a forge a listed ``owner/repo`` (an owner with personal repositories, or a
# repository named after its owner, proves nothing: anyone can make one). A fetch from
# anywhere else into an interpreter is refused. URLs are parsed (``_threats.official``),
# never matched as a prefix.
_HOSTS = (
    "astral.sh rustup.rs get.docker.com brew.sh bun.sh get.pnpm.io "
    "install.python-poetry.org pyenv.run get.volta.sh fnm.vercel.app sdk.cloud.google.com "
    "ollama.com claude.ai install.determinate.systems nixos.org starship.rs tailscale.com "
    "get.k3s.io mise.run get.helm.sh cli.github.com opencode.ai foundry.paradigm.xyz "
    "get.scoop.sh fly.io get.sdkman.io sh.rustup.rs "
    "sh.vector.dev nodesource.com awscli.amazonaws.com"
)
_INSTALLER_HOSTS = frozenset(_HOSTS.split())
_PINNED = (
    "deno.land/install.sh deno.land/install.ps1 deno.land/x/install/install.sh "
    "deno.land/x/install/install.ps1"
)
_INSTALLER_PATHS = frozenset(_PINNED.split())
_PINNED_HOSTS = frozenset(p.split("/")[0] for p in _INSTALLER_PATHS)
_FORGE_RAW = frozenset({"raw.githubusercontent.com"})
_REPOS = (
    "homebrew/install nvm-sh/nvm creationix/nvm ohmyzsh/ohmyzsh pyenv/pyenv-installer "
    "helm/helm rust-lang/rustup astral-sh/uv golangci/golangci-lint tj/n junegunn/fzf "
    "mitsuhiko/rye python-poetry/poetry python-poetry/install.python-poetry.org "
    "denoland/deno_install oven-sh/bun k3d-io/k3d"
)
_FORGE_REPOS = frozenset(_REPOS.split())

# --- tool abuse -------------------------------------------------------------------------

_WRITE = _words(
    r">>?|tee\b|sed -i|append\w*|add\w*|writ\w*|wrote|insert\w*|put\b|inject\w*|plant\w*|modif\w*|"
    r"edit\w*|chang(?:e|es|ed|ing)\b|updat\w*|(?:over|re)writ\w*|replac\w*|creat\w*|register\w*|"
    r"drop (?:a|an|this|these|the following)\b|einfüg\w*|"
    r"install\w*|schedul\w*|enabl\w*|"
    r"echo|printf|cp|mv|ln -s|file_write|write_file|edit_file|create_file|str_replace\w*|"
    r"apply_patch|set(?:s|ting)?|configur\w*|git config|追加|添加|写入|写进|加入|加到|修改|编辑|"
    r"创建|追記|書き込|書き換|추가|작성|수정|생성|добав\w*|запиш\w*|допиш\w*|измени\w*|созда\w*|"
    r"añad\w*|agreg\w*|escrib\w*|modific\w*|ajout\w*|écri\w*|füg\w*|schreib\w*|änder\w*|erstell\w*|"
    r"aggiung\w*|scriv\w*|adicion\w*|escrev\w*|ekle\w*|yaz\w*|"
    # ar, vi, hi, bn, id, tl, th, el: add, write, put
    r"[وف]?(?:أضف|اضف|أضِف|اكتب|ضع)\w*|जोड़|लिख|डाल|যোগ|লেখ|"
    rf"{_SVO_WRITE}|voeg\w*|zet(?:ten)?\b|加上|"
    r"crea\b|créa\w*|cre[ae]r\b|instal[ae]\b|instalar\b|dopisz\b|dodaj\b|wstaw\b|utwórz\b|zmień\b|"
    r"πρόσθεσ\w*|γράψ\w*|βάλ\w*|" + "|".join(_WRITE_40)  # round 40
)
# Targets that no task of a memory needs to write: persistence and privilege.
# Targets that are a backdoor whatever is written: preloading, registry run keys, redirects.
_BACKDOOR_TARGET = (
    r"ld\.so\.preload|\bld_preload\b|currentversion/run|programs/startup\b|insteadof\b",
)
_PERSIST_TARGET = (
    r"\bauthorized_keys\b",
    r"(?:~/|\$home/|/root/|(?<![\w.]))\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|"
    r"zshenv|zlogin|kshrc|cshrc|tcshrc)(?![a-z0-9_])|config\.fish\b|\$profile\b|powershell_profile\.ps1",
    r"\bcrontab\b|/etc/cron|cron\.d\b|/var/spool/cron|@reboot|"
    r"\bcron (?:entry|entries|jobs?|lines?)\b|cron-?(?:eintrag|job|aufgabe)\w*|"
    r"entrada (?:de )?cron|entrée (?:de )?cron|tâche cron|voce (?:di )?cron|"
    r"запис\w* (?:в )?cron|cron ?任务|定时任务|cron ?ジョブ|크론|wpis\w* (?:w |do )?cron\w*|"
    # round 40: a cron job or crontab named in the other languages
    r"\bcrontab(?:a|ie|u|ı|ına|ını|iin|ista)\b|\bcronjob\w*|(?:مهمة|مهام|وظيفة) cron|"
    r"cron (?:görevi|işi)|(?:tarefa|trabalho|trabajo|tarea|tâche|attività) (?:de |do |di )?cron|"
    r"cron-?(?:taak|jobb|työ|feladat)\w*|úloh\w* (?:v )?cron\w*|zadani\w* cron\w*|"
    r"завдання cron|задач\w* cron|(?:کار|وظ[یي]فه) cron|משימת cron|kazi ya cron|tugas cron|"
    r"công việc cron|cron (?:feladat|job)",
    r"\bsystemd (?:user )?(?:services?|units?|timers?)\b|(?<=\b(?:at|on) )boot\b",
    r"/etc/systemd/|\.config/systemd/|\.config/autostart\b|launchagents|launchdaemons|"
    r"/etc/rc\.local|/etc/profile\.d|/etc/init\.d",
    r"\bschtasks\b|register-scheduledtask|core\.(?:sshcommand|fsmonitor|pager)\b|proxycommand|"
    r"\.git/hooks\b|\.husky/|\b(?:pre|post)-(?:commit|push|merge|checkout|receive|rewrite) "
    r"hooks?\b|core\.hookspath|/etc/sudoers|sudoers\.d",
    r"/etc/hosts\b|/etc/resolv\.conf|~/\.ssh/config",
    r"(?<![\w.-])\.envrc\b|~/\.ssh/rc\b",  # direnv runs .envrc on every cd, sshd ~/.ssh/rc
)
# Targets a task may edit, risky only when what is written carries a command, URL or secret.
_CONFIG_TARGET = (
    r"\.github/workflows\b|\.gitlab-ci\.yml|jenkinsfile|\.circleci/|azure-pipelines\.yml|"
    r"bitbucket-pipelines\.yml|\.travis\.yml|\bfastfile\b|\.goreleaser\.ya?ml|cloudbuild\.ya?ml|"
    r"\.buildkite/|\.drone\.yml|bitrise\.yml|codemagic\.yaml|appveyor\.yml",
    r"\bagents\.md\b|\bclaude\.md\b|\.cursorrules|\.clinerules|\.windsurfrules|"
    r"copilot-instructions\.md|\.claude/settings|mcp\.json|"
    r"\.codex/config\.toml|\.hermes/|\bsoul\.md\b|\bmemory\.md\b|\buser\.md\b|\b(?:other|every|"
    r"each|all) (?:\w+'s? )?(?:\w+ )?memor(?:y|ies)(?: files?)?\b",
    r"\.npmrc\b|pip\.conf\b|\.pypirc\b|\.?gitconfig\b|\.vscode/(?:tasks|settings)\.json|"
    r"\bpostinstall\b|\bpreinstall\b|\bprepare script\b",
)
# round 41 (eg41): home written out (/home/<user>, /root) as well as ~ and $HOME
_HOME_41 = r"(?:~|\$home|/home/[\w.-]{1,40}|(?<![\w.-])/root)"
# What makes a write into a start-up file, cron or hook a backdoor rather than set-up.
_RISKY_PAYLOAD = _rx(
    r"\b(?:https?|ftp)://|\b(?:curl|wget|nc|ncat|netcat|socat|telnet)\b|/dev/tcp|bash -i|base64 -d|"
    r"\beval\b[^\n]{0,40}\$\((?:curl|wget)|\bld_preload\b|alias (?:sudo|ssh|git|ls|cd)=|"
    r"\bnot (?:security|auth)\b|--no-verify|skip[_-]?security|(?<![\w-])exit 0\b",
    r"(?:^|[\s=:'\"`])(?:/tmp/|[a-z]:/users/public/|%temp%|%appdata%)|/dev/shm/|"
    r"\$\{?[a-z_]*(?:token|secret|key|passw)|nopasswd|all=\(all|"
    r"\bssh-(?:rsa|ed25519|dss)\b|ecdsa-sha2|\b\d{1,3}(?:\.\d{1,3}){3}\b",
    r"unset histfile|histfile=/dev/null|set \+o history|histsize=0|history -c|histcontrol=|"
    r"/dev/null 2>&1 &$|"
    r"stricthostkeychecking\W+no|userknownhostsfile\W+/dev/null|pastebin|hastebin|transfer\.sh",
    # a program kept in a hidden folder nested under home (~/.local/share/.agent/sync.sh)
    _HOME_41 + r"/[\w.-]+/(?:[\w.-]+/){0,4}\.[\w-]+/[\w.-]+",
    # round 40: a hidden program or folder in a system path (/usr/local/bin/.kworker,
    # /opt/.h/run, /users/shared/.svc) or in a hidden folder under home (~/.cache/.t.js)
    r"(?:^|[\s=:'\"`(])/(?:usr|opt|var|etc|srv|lib|bin|sbin|users/shared|library)/(?:[\w.-]+/){0,4}"
    r"\.(?!(?:venv|git|github|local|cache|config|well-known|env|nvm|pyenv|rbenv|cargo|npm|"
    r"ssh|gnupg|docker|kube|m2|gradle|bundle|virtualenvs?|htaccess|htpasswd|pgpass|my\.cnf|"
    r"npmrc|netrc|profile|bashrc|gitignore|gitkeep|dockerignore|keep)\b)[\w-]+|"
    + _HOME_41
    + r"/\.[\w-]+/(?:[\w.-]+/){0,4}\.(?!env\b|git\b)[\w-]+",
    r"\b(?:every|each|all|any) (?:\w+ )?(?:servers?|machines?|hosts?|box(?:es)?|sessions?|repos?|"
    r"projects?|times?)\b|\bwhenever\b|\beverywhere\b|\bsilently\b|\bquietly\b",
    # what runs is replaced later from elsewhere: whoever owns that source runs code here
    r"\b(?:re-?)?(?:synced|syncs|refreshed|pulled|downloaded|fetched|mirrored|updated) "
    r"(?:\w+ ){0,2}?from\b(?! (?:our|this|the team'?s?|the company'?s?)\b)",
    # every server, in the other languages of the lexicon
    r"كل (?:خادم|جهاز)|(?:كل|جميع) الخوادم|(?:mọi|mỗi|tất cả(?: các)?) máy chủ|(?:हर|सभी) सर्वर|"
    r"(?:প্রতিটি|সব) সার্ভার|(?:setiap|semua) server|(?:bawat|lahat ng) server|ทุกเซิร์ฟเวอร์|"
    r"ทุกเครื่อง|κάθε (?:διακομιστ|server)|όλους τους (?:διακομιστ|server)|(?:elke|alle) servers?|"
    r"(?:jede\w*|alle\w*) (?:server|rechner|hosts?)|(?:chaque|tous les) serveurs?|"
    r"(?:cada|todos los|todos os) servidor(?:es)?|(?:ogni|tutti i) server|кажд\w* сервер|"
    r"все\w* сервер|每台|所有(?:的)?服务器|每个服务器|(?:全|すべての|各)サーバ|(?:모든|각) 서버|"
    r"(?:her|tüm) sunucu",
)
_PAYLOAD = _rx(
    # a URL, except the public package registries themselves
    r"\b(?:https?|ftp)://(?!(?:registry\.npmjs\.org|registry\.yarnpkg\.com|pypi\.org|"
    r"files\.pythonhosted\.org)/)",
    r"\b(?:curl|wget|nc|bash -i|/dev/tcp|base64 -d|eval|iex|invoke-expression)\b|"
    r"\bnpx (?:-y|--yes)\b(?! @modelcontextprotocol/)|\"command\"\s*:\s*\"(?:npx|uvx|bunx)\"",
    r"\$\{?[a-z_]*(?:token|secret|key|passw)",
    r"\b(?:trust|ignore|approv\w*|bypass\w*|disabl\w*|skip\w*)",
    # a grant of obedience or of every command
    r"\bobey\w*|\b(?:answer|listen|respond)\w* only to\b|\ballow\w* (?:all|any|every) "
    r"(?:shell |bash |terminal )?(?:commands?|tools?|tool calls|actions)\b",
    r"\bssh-(?:rsa|ed25519|dss)\b|ecdsa-sha2",
    r"[a-z0-9+/]{40,}={0,2}",
    r"\(\*\)|bypasspermissions|dangerously-skip-permissions|danger-full-access|"
    r"approval_policy\W+never|tojson\(secrets\)|\b(?:print|echo|dump|log|upload)\w* (?:\w+ )?"
    r"(?:secrets|tokens|credentials)\b",
    # a control made optional or removed, or a protected branch pushed to directly
    r"\b(?:reviews?|approvals?|confirmations?|asking|permission|sign-?offs?|security checks?|"
    r"branch protection)\b[^.\n]{0,40}?\b(?:optional|not (?:needed|required|necessary)|"
    r"unnecessary|no longer (?:needed|required))\b",
    r"\b(?:remov|drop|delet)\w*\s+(?:(?:the|any|all)\s+)?(?:(?:rule|step|requirement|line)s?\s+"
    r"(?:about|on|for|requiring|to)\s+)?(?:\w+\s+)?(?:reviews?|approvals?|confirmations?|asking|"
    r"sign-?offs?|security checks?)\b|\b(?:straight|directly) to (?:main|master|prod\w*)\b",
)


# A word starts here: after a non-word character, or anywhere in scripts without spaces.
_START = rf"(?:(?<!\w)|(?<=[{CJK}]))"


@builder
def _compiled() -> dict[str, re.Pattern[str]]:
    compiled = {
        "sink": _SINK,
        "strong": _rx(*_STRONG_STORE),
        "told": re.compile(_TOLD),
        "weak": _rx(*_WEAK_STORE),
        "secret": _rx(*_SECRET_VALUE),
        "visible": re.compile(rf"\b(?:{_VISIBLE})|{_INTO_MODEL}"),
        "noun": _rx(*_PRIVATE_NOUN),
        "net": _rx(*_NET_TOOL),
        "send": re.compile(
            rf"{_START}(?<!-){_SEND}|{_words('post', 'put')}(?=\s+(?:-|https?:))|{_SEND_39_THAI}|"
            + _KEPT_SEND
            + "|"
            + _KEPT_SEND_40  # round 40
            + "|"
            + _agent_act("send")
        ),
        "read": re.compile(
            rf"(?<![\w./-]){_READ}(?![\w-])|{_READ_CJK}|(?<!\w)(?:{_READ_OTHER})|"
            + _agent_act("read")  # round 40
        ),
        "show": re.compile(rf"(?<![\w./-]){_SHOW}(?![\w-])|{_READ_CJK}|(?<!\w)(?:{_READ_OTHER})"),
        "into": re.compile(_INTO_MODEL),
        "run": _rx(*_RUN_PATTERNS),
        "run_first": _rx(*_RUN_PATTERNS[:-1]),
        "saved_run": re.compile(_SAVED_RUN),
        "dl": re.compile(rf"{_START}{_DOWNLOAD_WORDS}|ดาวน์โหลด"),
        "exec": re.compile(rf"{_START}{_RUN_WORDS}|รัน|เรียกใช้"),
        "write": re.compile(
            # a CJK verb is written between particles ("を追加し"): a word boundary there too
            rf"(?:(?<![\w<-])|(?<=[{CJK}])){_WRITE}(?:(?![\w-])|(?<=[{CJK}]))|เพิ่ม|เขียน|ใส่|"
            r"(?<=[\w'\"`])\s+>>?(?=\s*[~/$.\w])|" + _agent_act("write")  # round 40
        ),
        "persist": _rx(*_PERSIST_TARGET),
        "backdoor": _rx(*_BACKDOOR_TARGET),
        "config": _rx(*_CONFIG_TARGET),
    }
    # egress reads a window for send verbs only where one of these literals is
    # (Clauses.finditer): found with the rest, not at the first such window of a process
    required(compiled["send"])
    return compiled


# Literals every match of a group contains: a detector runs only in clauses holding one.
_NEEDLES = {
    # every run pattern holds a URL, a fetch or a download call: package managers need no needle
    "run": _needles(
        r"://|curl|wget|iwr|irm|invoke-|downloadstring|iex|aria2c|fetch|urlopen|requests.get|"
        r"httpx.get|urllib"
    ),
    "url": _needles(r"://"),
    "sink": _needles(
        r"://|@|webhook|pastebin|hastebin|transfer.sh|requestbin|ngrok|paste.|termbin.|ghostbin.|"
        r"server|endpoint|url|host|address|site|inbox|bucket|api|machine|collector|email|服务|地址|"
        r"接口|端点|网站|邮箱|サーバ|エンドポイント|アドレス|서버|сервер|адрес|эндпоинт|url|"
        r"servidor|serveur|sunucu|anyone|anybody|whoever|sender|organi|requester|inviter|external|"
        r".com/|.net/|.org/|.io/|.dev/|.xyz/|.site/|.app/|.me/|.co/|.ru/|"
        r".cn/|.sh/|.tk/|.top/|.info/|.biz/|.cc/|.pw/|.link/|.online/|.example|.cloud/|.ai/|.to/|"
        r".ly/|.gg/|.su/|.ws/|.com|.net|.org|.io|.dev|.xyz|.site|.app|.me|.co|.ru|.cn|.tk|.top|"
        r".info|.biz|.cc|.pw|.link|.online|.cloud|.ai|.ly|.gg|.su|.ws"
    ),
    "dns": _needles(r"nslookup|dig |host |ping |resolv|dns"),
    "strong": _needles(
        r".ssh|service account|service-account|sa.json|id_rsa|id_dsa|id_ecdsa|id_ed25519|.aws|gclo"
        r"ud|application_default|.azure/|"
        r".git-credentials|.netrc|.pgpass|gh/hosts|.gnupg|.password-store|secring|.my.cnf|.s3cfg|"
        r"rclone.conf|.boto|credentials.tfrc|.terraformrc|.cargo/credentials|.gem/credentials|"
        r".htpasswd|.vault-token|"
        r"get-session-token|auth print-|get-access-token|auth token|get secret|vault read|vault kv|"
        r"op read|auth:token|configure get|bw get|lpass show|op item get|pass show|"
        r"docker-credential-|credential fill|/etc/shadow|/etc/gshadow|master.passwd|wallet.dat|"
        r"keychain|"
        r"security find-|security dump-|cmdkey|lsass|mimikatz|credential manager|login data|"
        r"cookies.sqlite|logins.json|key3.db|key4.db|.mozilla|chrome/|.hermes/|.claude/|.codex/|"
        r"vaultcmd|cryptunprotectdata|microsoft/|"
        r".docker/config|.kube/config|钥匙串|キーチェーン|связк|config view|auth.|token|secret|"
        r"browser|chrome|firefox|safari|saved pass|saved login|guardadas|almacenadas|navegador|"
        r"navigateur|enregistrés|sauvegardés|mémorisés|gespeichert|salvate|salvas|сохран|браузер|"
        r"浏览器|保存的密码|ブラウザ|保存されたパスワード|브라우저|저장된 비밀번호|kayıtlı şifre|"
        r"zapisane hasła|"
        r"credential|privkey|private_key|private-key|privatekey|/etc/ssl/private"
    ),
    "secret": _needles(
        r"$|key|token|password|github_pat_|ghp_|gho_|glpat-|sk-|akia|xox|passphrase|secret|"
        r"credential|cookie|seed phrase|recovery code|code|密钥|令牌|密码|凭|私钥|トークン|"
        r"パスワード|秘密鍵|認証情報|токен|парол|ключ|contraseñ|clave|mot de passe|mots de passe|"
        r"jeton|passw|schlüssel|senha|chave|비밀번호|토큰|şifre|parola"
    ),
    "weak": (
        *_needles(
            r".env|.npmrc|.pypirc|.tfstate|.p12|.pfx|.jks|.keystore|keystore.properties|credentials|"
            r"env|/environ|"
            r"environment|_token|_key|_secret|_password|cookie|storage|_pat|_dsn|环境变量|環境変数|"
            r"переменн|entorno|environnement|umgebungsvariablen|ambiente|환경 변수|"
            r"ortam değişkenleri"
        ),
        *prefixes(_ENV_39),  # round 39b
        *_needles(
            "database_url|db_url|postgres_url|postgresql_url|pg_url|mongo_url|mongodb_url|"
            "mysql_url|redis_url|secrets."
        ),
        _ENV_39_THAI,
    ),
    "backdoor": _needles(r"ld.so.preload|ld_preload|currentversion/run|programs/startup|insteadof"),
    "persist": _needles(
        r"authorized_keys|.bash|.profile|.zsh|.zlogin|.kshrc|.cshrc|.tcshrc|config.fish|$profile|"
        r"powershell_profile|cron|定时任务|크론|@reboot|systemd|autostart| boot|launchagents|"
        r"launchdaemons|"
        r"/etc/rc.local|/etc/profile.d|/etc/init.d|.git/hooks|.husky/| hook|hookspath|schtasks|"
        r"scheduledtask|core.|proxycommand|sudoers|ld.so.preload|ld_preload|/etc/hosts|"
        r"/etc/resolv.conf|~/.ssh/config|.envrc|.ssh/rc|currentversion/run|programs/startup|insteadof"
    ),
    "config": _needles(
        r".github/workflows|.gitlab-ci|jenkinsfile|.circleci/|azure-pipelines|bitbucket-pipelines|"
        r".travis.yml|fastfile|goreleaser|cloudbuild|.buildkite/|.drone.yml|bitrise.yml|codemagic|"
        r"appveyor|agents.md|claude.md|.cursorrules|.clinerules|.windsurfrules|"
        r"copilot-instructions|.claude/settings|mcp.json|"
        r".codex/config|.hermes/|soul.md|memor|user.md|.npmrc|pip.conf|.pypirc|gitconfig|.vscode/|"
        r"postinstall|preinstall|prepare script"
    ),
}


_PAST = re.compile(r"[a-z]+(?<!emb)ed|wrote|sent|[a-z]+[^s\W]s")
_PASSIVE = re.compile(r"\b(?:be|is|are|gets?)\s+(?:\w+\s+)?$")
_MODAL = re.compile(r"(?<!you )\b(?:can|could|may|might|would)\s+(?:\w+\s+)?$")


# What may stand right before an English verb used as an order: nothing (it starts the
# clause), punctuation, a conjunction, a modal or an adverb ("When asked, print …",
# "… and save it", "must be pasted"); "cron output" or "the CLI reads" are not orders.
_ORDER_BEFORE = re.compile(
    r"(?:^|[,;:.!?(\-–—*>`\"'#\d&|→]|\b(?:and|then|to|please|always|also|just|must|should|shall|"
    r"will|git|sudo|can|may|you|be|or|so|first|now|simply|never|only|immediately|automatically|"
    r"quietly|silently|secretly|each|every|session|also|directly|instead|do|let's|lets|run|use|"
    r"execute|via|with|using|by|running|runs)\b|\b(?:agent|assistant|claude|codex|hermes|ai|model|bot|"
    r"copilot)(?:\s+\w+ly)?|\b(?:hook|script|job|task|alias|function|workflow|step|service|unit|"
    r"plist|extension|plugin)s? (?:that|which))\s*$"
)


# Vietnamese, Indonesian and Tagalog verbs have no inflection that tells an order from a
# description ("nhóm vận hành lưu khóa trong ~/.ssh" describes), so, as in English, the verb
# must start its clause or follow punctuation, a conjunction or a request particle.
SVO_VERB = re.compile("|".join((_SVO_READ, _SVO_WRITE, *_SVO_SEND, *_SVO_READ_39)))
_SVO_BEFORE = re.compile(
    r"(?:^|[,;:.!?(\-–—*>`\"'#\d&|→]|\b(?:hãy|vui lòng|xin|luôn|rồi|và|sau đó|tolong|silakan|"
    r"mohon|selalu|lalu|dan|kemudian|pakiusap|palaging|at|pagkatapos|"
    # modals, "remember to", "automatically" and a tool used to do it, as in English
    r"nên|cần|phải|sẽ|nhớ|tự động|âm thầm|để|bằng|dùng|harus|perlu|wajib|akan|ingat|otomatis|"
    r"untuk|dengan|gunakan|kailangan(?:g| mong)?|dapat(?: mong)?|tandaang|"
    # round 39b: ro, he
    r"și|şi|apoi|te rog|vă rog|întotdeauna|mereu|automat|deci|așa că|aşa că|atunci|תמיד|ואז|אז|"
    r"אחר כך|בבקשה|אנא|"
    # round 40: after a negated forget ("đừng quên gửi", "jangan lupa kirim")
    r"quên|lupa|kalimutang|kalimutan))\s*$"
)


def svo_order_before(s: str, lo: int, at: int) -> bool:
    """Whether a Vietnamese, Indonesian or Tagalog verb at ``at`` stands where an order puts it."""
    return _cue_before(_SVO_BEFORE, s, lo, at)


def _cue_before(cue: re.Pattern[str], s: str, lo: int, at: int) -> bool:
    """``at`` first in its clause (from ``lo``) or ``cue`` in the 40 characters before it; the
    clause is read only when those 40 are blank (a verb judged per store read it each time)."""
    near = max(lo, at - 40)
    if not s[near:at].strip() and not s[lo:at].strip():
        return True
    return cue.search(s, near, at) is not None


def order_before(s: str, lo: int, at: int) -> bool:
    """Whether ``at`` is where an English order starts: first in its clause (``lo``; ``^`` in
    a search from ``pos`` only matches at 0, so a later clause is tested here) or after a cue."""
    return _cue_before(_ORDER_BEFORE, s, lo, at)


_AGENT_SUBJECT = re.compile(
    r"\b(?:agent|assistant|claude|codex|hermes|ai|model|bot|copilot)\s+(?:\w+ly\s+)?$"
)


_QUERY_VAR = re.compile(r"[?&][\w-]+=(?P<var>\$\{?\w+\}?|\{\{?[^}\n]{1,40}\}?\}|<[^>\n]{1,40}>)")
_DNS = re.compile(r"(?:^|[`;&|(]\s*)(?:nslookup|dig|host|ping)\s+[^\s`]*(?:\$\(|\$\{?[a-z_])", re.M)
_HEADER = re.compile(r"(?:-h|--header|-u|--user)\s+[\"']?[^\"'\n]*$|authorization|bearer|token\s*$")


_NET_NEEDLES = (
    "curl",
    "wget",
    "nc ",
    "ncat",
    "netcat",
    "socat",
    "scp",
    "sftp",
    "rsync",
    "ftp",
    "iwr",
    "irm",
    "invoke-",
)
_IP = re.compile(r"(?<![\d.])\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b")
_CMD = re.compile(r"\$\(")


# A clause that reports the past ("the old doc said `curl … | sh`") rather than orders.
_TOLD = (
    r"\b(?:said|used|suggested|recommended|contained|had|showed|was|were|replaced|removed|deleted|"
    r"dropped|(?<!not )found|saw|noticed|caught|blocked|flagged)\b(?! to\b)"  # round 41: an error
)
# Where fetched code comes from: a URL, a host, an address or a variable holding one.
_FROM = re.compile(
    r"://|\b[\w-]+(?:\.[\w-]+)+/|\b\d+\.\d+\.\d+\.\d+|\$\{?\w|\b[\w-]+\.(?:sh|ps1|py)\b"
)


_DUMP = re.compile(
    r"security dump-keychain|mimikatz|"
    r"security find-(?:generic|internet)-password\b[^\n`]*\s-[a-z]*w[a-z]*\b|"
    r"sekurlsa|procdump[^\n]{0,40}lsass|reg save hklm\\(?:sam|security|system)|lazagne|secretsdump|"
    # a password manager's vault exported (the subcommand, not a later shell word), or the
    # environment filtered for secrets
    r"\b(?:bw|lpass|keepassxc-cli|op)(?:\s+-\S+(?:\s+[^-\s]\S*)?)*\s+export\b|"
    r"\bop (?:item )?get\b[^\n]{0,60}--reveal|(?:printenv|\benv|\bset|get-childitem env:|"
    r"dir env:)\s*\|\s*(?:grep|findstr|select-string|rg)\b[^\n]{0,40}(?:token|secret|key|pass|cred)"
)


_OBJECT_GAP = re.compile(
    r"\s+[`'\"]?(?:(?:the|a|an|your|my|their|our|this|that|these|its|his|her|user'?s?|[a-z]+'s|"
    r"values?|contents?|full|whole|real|actual|current|all|every|of|raw|plain|plaintext|any|"
    r"both)\s+){0,5}(?:[\w.-]+\s+)?"
)
_USED = re.compile(
    r"(?:\s-{1,2}[\w-]+[ =]|authorization:\s*(?:bearer|token|basic)?\s*|bearer\s+|[\w-]+:[\"']?|"
    r"=)[\"']?$"
)
_BARE_VAR = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
_KEEP = re.compile(r"(?:sav|stor|cop|add|append|writ|put|record|remember|memori|embed)")
# round 62: Russian keeping verbs, for a store that is where the kept data goes only
_KEEP_INTO = re.compile(_KEEP.pattern + r"|сохран|запис|добав")


_PLACE = re.compile(
    r"\b(?:in|into|to|inside|onto)\s+(?:(?:the|your|an?|os|\w+)\s+){0,2}$|(?<!\w)во?\s+\S*$"
)
_DEST_BEFORE = re.compile(r"\S\s+(?:to|into|>|as)\s+(?:the\s+|a\s+|your\s+)?$|^\s*\S+\s+$")
_COPYING = re.compile(r"\s*(?:cp|copy|mv|ln|echo|printf|write|add|append)\b")
# round 39b's copy verbs too, for a template copied (``_TEMPLATE_FIRST``) only: "salin isi
# ~/.ssh ke …" copies from ~/.ssh
_COPYING_ANY = re.compile(
    _COPYING.pattern + r"|kopi|másold|copiaz|zkopíruj|skopíruj|skopiuj|скопіюй|копир|kopiraj|"
    r"nakili|salin|sao chép|ikopya|העתק|[کك]پ[یي]|"
    r"copi|kopier|скопир"  # round 62: fr/es/pt/it, de, ru
)
_TEMPLATE_NAME = re.compile(r"[\w-]{0,40}\.(?:example|sample|dist|template)\.\w{1,8}\b")
# "Kopioi .env.example tiedostoon .env", "Nakili .env.example kwenda .env": a template file
# (and a word or two: "to", "the file") before the store, in any language, is the copy's source.
_TEMPLATE_FIRST = re.compile(
    r"^\s*(?:\S+\s+)?\S*(?:\.env[.-](?:example|sample|dist|template|defaults?)|example\.env|"
    r"\.(?:example|sample|dist|template)\.\w{1,8})\S*\s+"
    r"(?:(?!(?:and|och|og|ja|és|și|şi|und|et|y|dan|na|và|και|и|і|i|ve)\s)\S+\s+){0,2}[`'\"]?$"
)

# The same template just before the store, for a verb that follows both (de, ja, ko, ru).
_TEMPLATE_BEFORE = re.compile(
    r"(?:\.env[.-](?:example|sample|dist|template|defaults?)|example\.env|"
    r"\.(?:example|sample|dist|template)\.\w{1,8})\S*\s+(?:\S+\s+)?[`'\"]?$"
)

_DESTRUCTIVE = re.compile(
    r"chmod\s+(?:-\w+\s+)*(?:0?777|0?666|a\+rwx|o\+w)\s+(?:\S+\s+)*?(?:~/\.ssh|/etc|/usr|/bin|/var|"
    r"/(?=[\s`'\"]|$)|~/?(?=[\s`'\"]|$))|git push\b[^\n]{0,60}?(?:\s-f\b|"
    r"--force\b(?!-))[^\n]{0,60}?\b(?:main|master|trunk|prod\w*|release)\b|"
    r"git push\b[^\n]{0,60}?\b(?:main|master|trunk|prod\w*|release)\b[^\n]{0,30}?(?:\s-f\b|"
    r"--force\b(?!-))|force[- ]?push\w*[^.\n]{0,30}?\b(?:to|on|onto|sur|auf|a|para|в|"
    r"到)?\s*(?:main|master|trunk)\b|forcer le push sur (?:main|master)"
)
