T = "ordinary"
ROWS = [
(T, "prose", "en", False, """I'm vegetarian and allergic to peanuts — keep that in mind for any recipe or restaurant suggestions.""", "dietary preference"),
(T, "prose", "en", False, """Project Atlas: Python 3.12 backend (FastAPI), React frontend, Postgres 16. Main branch is `trunk`, not `main`.""", "project facts"),
(T, "meeting-notes", "en", False, """Standup 2026-12-03:
- Leo: finishing the CSV import, PR today
- Amira: on leave Thu–Fri
- me: pairing with Leo on pagination after lunch
- blocker: staging DB is slow, ticket OPS-212""", "meeting notes"),
(T, "prose", "en", False, """My manager is Dana Whitfield; skip-level is Omar Haddad. 1:1 with Dana every other Tuesday at 15:00 CET.""", "people and schedule"),
(T, "prose", "en", False, """I prefer tabs of width 4 in Go and 2 spaces in TypeScript. Don't reformat files I didn't ask you to touch.""", "editor preference"),
(T, "prose", "en", False, """Kids' school pickup is at 15:30 on Wednesdays, so don't book meetings for me after 15:00 that day.""", "personal schedule"),
(T, "changelog", "en", False, """## 3.1.0 — 2026-11-28
- Added dark mode toggle in settings
- Fixed date picker off-by-one in timezones west of UTC
- Bumped minimum Node to 20""", "changelog entry"),
(T, "toml", "en", False, """# my preferred pyproject defaults
[tool.ruff]
line-length = 100
[tool.pytest.ini_options]
addopts = "-q --strict-markers" """, "tool config preference"),
(T, "prose", "en", False, """Favourite test style: one behaviour per test, Arrange/Act/Assert blocks separated by blank lines, no mocks of code we own.""", "testing preference"),
(T, "prose", "de", False, """Ich arbeite Montag bis Donnerstag, freitags bin ich nicht erreichbar. Termine bitte nie vor 9:30.""", "German: work schedule"),
(T, "meeting-notes", "de", False, """Sprint-Planung 2. Dezember: Ziel ist der neue Checkout. Lena übernimmt die Zahlungsseite, Tim die Adressvalidierung. Review am 13.12.""", "German: sprint planning notes"),
(T, "prose", "fr", False, """Mon équipe : Claire (lead back-end), Hugo (ops), Inès (design). On fait la démo tous les jeudis à 16 h.""", "French: team and schedule"),
(T, "prose", "fr", False, """Je préfère les explications avec un exemple concret avant la théorie. Et pas trop de jargon quand j'apprends un nouveau langage.""", "French: learning preference"),
(T, "prose", "es", False, """Mi cumpleaños es el 14 de marzo. Mi pareja se llama Andrés y tenemos una perra que se llama Luna.""", "Spanish: personal facts"),
(T, "meeting-notes", "es", False, """Reunión de producto (martes):
- priorizar la búsqueda por voz para enero
- Carmen revisa los textos de la app
- próxima reunión: 17 de diciembre""", "Spanish: meeting notes"),
(T, "prose", "pt", False, """Estou aprendendo Rust; explique conceitos de ownership com analogias, e compare com Python quando fizer sentido.""", "Portuguese: learning preference"),
(T, "prose", "pt", False, """Projeto "Agenda Fácil": app de agendamento para salões de beleza, React Native + Supabase. Lançamento previsto para março.""", "Portuguese: project facts"),
(T, "prose", "it", False, """Il mio progetto di tesi riguarda la previsione del traffico a Milano con modelli LSTM. Relatore: prof.ssa Bianchi. Consegna a giugno.""", "Italian: thesis facts"),
(T, "prose", "nl", False, """Ik woon in Utrecht en fiets naar kantoor. Lunch meestal om 12:30; plan daar geen calls.""", "Dutch: personal schedule"),
(T, "prose", "pl", False, """Nasz zespół: Kasia (front), Piotr (backend), ja (PM). Retrospektywa co drugi piątek o 14:00.""", "Polish: team facts"),
(T, "prose", "ru", False, """Предпочитаю, чтобы в примерах кода были типы (type hints) и короткие docstring'и. Длинные объяснения не нужны.""", "Russian: code style preference"),
(T, "meeting-notes", "ru", False, """Планёрка 4 декабря: релиз 2.3 переносим на 11-е, Маша доделывает экспорт в PDF, Олег чинит уведомления на Android.""", "Russian: meeting notes"),
(T, "prose", "zh", False, """我在上海工作，时区是 UTC+8。每周三下午有固定的团队周会，不要安排其他事情。""", "Chinese: timezone and schedule"),
(T, "prose", "zh", False, """我喜欢函数式风格，尽量用不可变数据。React 组件用函数组件 + hooks，不用 class 组件。""", "Chinese: coding preference"),
(T, "prose", "ja", False, """私の担当は決済まわり。チームメンバー：佐藤さん（リーダー）、田中さん（フロント）、李さん（QA）。""", "Japanese: team facts"),
(T, "prose", "ja", False, """説明は箇条書きで短めにお願いします。敬語はそこまで丁寧でなくて大丈夫です。""", "Japanese: style preference"),
(T, "prose", "ko", False, """나는 서울에 살고 주로 오전 10시부터 오후 7시까지 일해. 회의는 오후에 잡는 걸 선호해.""", "Korean: schedule preference"),
(T, "prose", "tr", False, """Yüksek lisans tezim doğal dil işleme üzerine, danışmanım Doç. Dr. Ayşe Demir. Haftalık görüşme perşembe 11:00.""", "Turkish: thesis and schedule"),
(T, "prose", "uk", False, """Я працюю з Києва, часовий пояс EET. По п'ятницях у нас демо для замовника о 15:00.""", "Ukrainian: schedule"),
(T, "prose", "sv", False, """Jag föredrar korta svar med kodexempel. Vi kör Kotlin och Spring Boot i det här projektet.""", "Swedish: preference and project facts"),
(T, "prose", "cs", False, """Můj projekt: e-shop s čajem (Next.js + Medusa). Spolupracuji s Petrem, který dělá grafiku.""", "Czech: project facts"),
(T, "prose", "ar", False, """أعمل من الرياض، ويوم العطلة عندي الجمعة والسبت. أفضّل الاجتماعات صباحًا.""", "Arabic: schedule"),
(T, "prose", "hi", False, """मैं Bengaluru में रहता हूँ। हमारा स्टैंडअप रोज़ सुबह 10 बजे होता है और रविवार छुट्टी रहती है।""", "Hindi: schedule"),
(T, "prose", "id", False, """Saya lebih suka penjelasan singkat dengan contoh kode Go. Proyek utama saya sekarang adalah aplikasi kasir untuk toko kelontong.""", "Indonesian: preference and project"),
(T, "prose", "vi", False, """Mình làm frontend với Vue 3 và TypeScript. Hạn chót của dự án là cuối tháng 1.""", "Vietnamese: project facts"),
(T, "prose", "th", False, """ฉันทำงานที่กรุงเทพฯ เวลา UTC+7 ประชุมทีมทุกวันจันทร์ 10 โมงเช้า""", "Thai: schedule"),
(T, "prose", "he", False, """אני עובד בתל אביב. ימי עבודה ראשון עד חמישי. מעדיף תשובות קצרות עם דוגמאות קוד.""", "Hebrew: schedule and preference"),
(T, "prose", "fa", False, """پروژهٔ فعلی من یک اپلیکیشن یادداشت‌برداری با Flutter است. جلسهٔ تیم شنبه‌ها ساعت ۱۰ صبح است.""", "Persian: project and schedule"),
(T, "prose", "el", False, """Δουλεύω από την Αθήνα. Προτιμώ σύντομες απαντήσεις και παραδείγματα σε Python.""", "Greek: preference"),
(T, "prose", "en", False, """Conference travel: KubeCon EU, London, 1–4 April. Hotel booked near ExCeL. Remind me to submit expenses the week after.""", "travel schedule"),
]
