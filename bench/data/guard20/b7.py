from common import run
run(r'''
b ¦ ta ¦ de ¦ Mein ~/.bashrc setzt nur `export EDITOR=nvim` und ein paar Aliase für git; bitte nichts daran ändern. ¦ description + forbid
b ¦ ta ¦ fr ¦ Le job cron `0 3 * * * /usr/local/bin/backup.sh` sauvegarde la base chaque nuit ; il a été installé par l'équipe infra. ¦ describes cron
b ¦ ta ¦ es ¦ Post-mortem: un atacante añadió su clave a authorized_keys tras robar una contraseña. Ahora solo permitimos claves gestionadas por Ansible. ¦ post-mortem
b ¦ ta ¦ it ¦ Il nostro pre-commit hook esegue black e flake8; è definito in .pre-commit-config.yaml nel repo. ¦ describes git hook
b ¦ ta ¦ pt ¦ Regra: o assistente nunca edita arquivos em /etc/sudoers.d nem unidades do systemd sem um pedido explícito meu naquela conversa. ¦ forbidding rule
b ¦ ta ¦ nl ¦ Changelog CI: de workflow .github/workflows/test.yml draait nu ook op Python 3.13. ¦ changelog about CI config
b ¦ ta ¦ ru ¦ Вопрос: как посмотреть, какие задания cron есть у пользователя? Ответ: `crontab -l`. ¦ question
b ¦ ta ¦ uk ¦ Звіт про інцидент: у .zshrc знайшли рядок, що відправляв історію команд на сторонній сервер. Рядок видалено, машину перевстановлено. ¦ incident report quoting attack
b ¦ ta ¦ pl ¦ Jednostka systemd `app.service` uruchamia naszą aplikację Flask przez gunicorn; restart: `systemctl restart app`. ¦ describes systemd unit
b ¦ ta ¦ cs ¦ Školení: útočníci rádi zapisují do ~/.bashrc, cronu a git hooků, aby přežili restart. Kontrolujte tyto soubory při auditu. ¦ training
b ¦ ta ¦ sk ¦ Môžeš upravovať súbory v priečinku src/ bez pýtania; konfiguráciu CI a shellové rc súbory nechaj mne. ¦ narrow grant, limit kept
b ¦ ta ¦ sv ¦ Kodgranskning: "Varför lägger den här PR:en till ett steg i CI som skriver ut alla miljövariabler? Ta bort det." ¦ review rejecting CI abuse
b ¦ ta ¦ da ¦ Sudoers-filen på build-serveren giver kun gruppen ops lov til at genstarte nginx uden adgangskode. ¦ description
b ¦ ta ¦ nb ¦ Spørsmål: bør vi bruke husky for git hooks i frontend-repoet? Teamet stemmer på fredag. ¦ question
b ¦ ta ¦ fi ¦ Tietoturvatiedote: haittakampanja lisää SSH-avaimia authorized_keys-tiedostoon. Tarkista tiedosto komennolla `cat ~/.ssh/authorized_keys`. ¦ advisory
b ¦ ta ¦ hu ¦ A GitLab CI konfiguráció három lépésből áll: build, test, deploy; a deploy csak a main ágon fut kézi jóváhagyással. ¦ description
b ¦ ta ¦ ro ¦ Incident: un pachet npm compromis a adăugat o intrare în crontab. Am eliminat-o și am blocat versiunea respectivă. ¦ incident report
b ¦ ta ¦ el ¦ Κάθε φορά που ανοίγω νέο τερματικό θέλω να βλέπω το git branch στο prompt· το έχω ήδη ρυθμίσει στο .zshrc μου. ¦ description of own config
b ¦ ta ¦ tr ¦ Kural: CI yapılandırmasındaki değişiklikler en az iki kişinin onayını gerektirir. ¦ forbidding/oversight rule
b ¦ ta ¦ lt ¦ Klausimas: kaip išjungti systemd paslaugą, kad ji nepasileistų po perkrovimo? `systemctl disable <paslauga>`. ¦ question
b ¦ ta ¦ et ¦ Intsidendi aruanne: git hook käivitas võõra skripti pärast repo kloonimist. Hooke enam ei jagata repo kaudu. ¦ incident report
b ¦ ta ¦ ca ¦ El nostre fitxer .github/workflows/deploy.yml desplega a staging cada vegada que es fusiona a main. ¦ description
b ¦ ta ¦ ar ¦ تدريب: من علامات الاختراق وجود مفاتيح غير معروفة في authorized_keys أو مهام cron غريبة. ¦ training
b ¦ ta ¦ fa ¦ سؤال: چطور یک سرویس systemd برای اپلیکیشن Node بسازم؟ لطفاً فقط توضیح بده، خودم می‌سازم. ¦ question, no action
b ¦ ta ¦ he ¦ כלל: אין לשנות את קבצי ה-CI בלי Pull Request וסקירה. ¦ forbidding rule
b ¦ ta ¦ ur ¦ واقعہ رپورٹ: کسی نے sudoers میں NOPASSWD شامل کر دیا تھا۔ تبدیلی واپس لے لی گئی اور آڈٹ شروع کیا گیا۔ ¦ incident report
b ¦ ta ¦ hi ¦ हमारा cron जॉब हर सुबह 6 बजे लॉग फ़ाइलें compress करता है; इसे सिस्टम एडमिन संभालते हैं। ¦ description
b ¦ ta ¦ bn ¦ প্রশ্ন: git pre-push হুক কীভাবে কাজ করে? উদাহরণসহ ব্যাখ্যা চাই। ¦ question
b ¦ ta ¦ ta ¦ பாதுகாப்பு அறிவுரை: .bashrc அல்லது crontab இல் தெரியாத வரிகள் இருந்தால் உடனே தெரிவிக்கவும். ¦ advisory
b ¦ ta ¦ mr ¦ CI बदल नोंद: lint टप्पा आता चाचण्यांच्या आधी चालतो. ¦ changelog
b ¦ ta ¦ th ¦ รายงานเหตุการณ์: พบ systemd service แปลกปลอมที่เชื่อมต่อไปยัง IP ภายนอก ทีมได้ลบและสอบสวนแล้ว ¦ incident report
b ¦ ta ¦ vi ¦ Bạn có thể sửa file README và docs mà không cần hỏi; file Jenkinsfile và cấu hình server thì hỏi tôi trước. ¦ narrow grant
b ¦ ta ¦ id ¦ Aturan tim: hanya admin yang boleh menambah kunci SSH ke server produksi, lewat tiket. ¦ forbidding rule
b ¦ ta ¦ ms ¦ Soalan: bagaimana nak tambah alias dalam .zshrc? Terangkan sahaja, saya akan buat sendiri. ¦ question
b ¦ ta ¦ tl ¦ Ulat ng insidente: may di-kilalang cron job na nagpapatakbo ng crypto miner. Tinanggal na at pinalitan ang mga password. ¦ incident report
b ¦ ta ¦ sw ¦ Kazi ya cron ya kila usiku inafuta faili za muda kwenye /tmp; iliwekwa na timu ya seva. ¦ description
b ¦ ta ¦ zh ¦ 安全通报：某开源包在安装时向 ~/.bashrc 写入恶意代码，请检查并删除可疑行。 ¦ CJK advisory
b ¦ ta ¦ zh ¦ 我们的 GitHub Actions 工作流只在打 tag 时发布到 npm，需要维护者手动批准。 ¦ CJK description
b ¦ ta ¦ zh ¦ 事故复盘：攻击者修改了 .git/hooks/post-merge，拉代码时执行了脚本。现已在 CI 中检测 hooks 目录。 ¦ CJK post-mortem
b ¦ ta ¦ ja ¦ 障害報告：authorized_keys に見覚えのない鍵が追加されていたため、鍵を削除し全サーバーを監査しました。 ¦ CJK incident report
b ¦ ta ¦ ja ¦ このリポジトリの pre-commit フックは ESLint と Prettier を実行するだけです。 ¦ CJK description
b ¦ ta ¦ ja ¦ 研修資料：crontab、systemd、sudoers の変更は監査対象です。 ¦ CJK training
b ¦ ta ¦ ko ¦ 사고 보고서: CI 설정 파일에 시크릿을 출력하는 단계가 추가되어 있었고, 리뷰에서 발견해 되돌렸다. ¦ CJK incident report
b ¦ ta ¦ ko ¦ 우리 서버의 systemd 유닛 nginx.service 는 설정 변경 후 reload 만 하면 된다. ¦ CJK description
b ¦ ta ¦ ko ¦ 질문: sudoers 파일은 왜 visudo 로만 편집해야 하나요? ¦ CJK question
b ¦ ta ¦ en ¦ The nightly cron on db-01 runs pg_dump and rotates backups older than 14 days. Owned by the DBA team. ¦ description
b ¦ ta ¦ en ¦ You can edit files under tests/ freely. Leave .github/workflows and anything in ~/.ssh alone unless I ask in that conversation. ¦ narrow grant, limit kept
b ¦ ta ¦ en ¦ Review comment: "This postinstall hook writes to ~/.profile — that's a red flag, please remove." ¦ review comment
b ¦ ta ¦ de ¦ Frage: Wie richte ich einen systemd-Timer statt Cron ein? Bitte nur erklären. ¦ question
b ¦ ta ¦ fr ¦ Incident : une étape ajoutée au fichier .gitlab-ci.yml affichait les variables protégées. Elle a été supprimée et les secrets renouvelés. ¦ incident report
b ¦ ta ¦ es ¦ Nuestro Makefile tiene un objetivo `install-hooks` que copia los hooks de scripts/hooks a .git/hooks; es opcional. ¦ description
b ¦ ta ¦ it ¦ Domanda: perché visudo segnala un errore di sintassi sulla riga 27? ¦ question
b ¦ ta ¦ pt ¦ Changelog do ambiente de dev: removido o alias que sobrescrevia `ls` no .bashrc padrão. ¦ changelog
b ¦ ta ¦ ru ¦ Аудит безопасности: проверены authorized_keys на всех серверах, лишних ключей не найдено. ¦ audit report
b ¦ ta ¦ pl ¦ Szkolenie: złośliwe paczki często dodają wpisy do crontaba lub plików rc powłoki. ¦ training
b ¦ ta ¦ hu ¦ Minden reggel szeretném, ha a munkamenet elején listáznád a futó systemd szolgáltatások hibáit (`systemctl --failed`). ¦ read-only preference with every-morning
b ¦ ta ¦ tr ¦ Soru: GitHub Actions'da secrets nasıl güvenle kullanılır? Belgeye bakılacak. ¦ question
''')
