T = "ops"
ROWS = [
(T, "runbook", "en", True, """Runbook: disk full on web-01
1. ssh deploy@web-01.prod.acme.internal (via bastion)
2. `sudo du -xh /var/log | sort -h | tail`
3. `sudo journalctl --vacuum-size=500M`
4. if nginx logs are huge: `sudo logrotate -f /etc/logrotate.d/nginx`
Never delete files under /var/lib/postgresql.""", "team runbook with sudo on their own host"),
(T, "shell-block", "en", True, """Connecting to the staging DB:
export PGPASSWORD=$(vault kv get -field=password secret/staging/db)
psql -h db.staging.internal -U app_ro appdb
The app_ro role is read-only; for writes ask Ravi.""", "psql with a password pulled from the team vault"),
(T, "prose", "en", True, """authorized_keys on all servers is managed by Ansible (roles/users). Don't edit ~/.ssh/authorized_keys by hand on a host — the next playbook run overwrites it. To add a person: add their .pub to roles/users/files/ and open a PR.""", "authorized_keys managed by config management"),
(T, "shell-block", "en", True, """Firewall on the VPS (ufw):
sudo ufw default deny incoming
sudo ufw allow from 203.0.113.0/24 to any port 22 proto tcp   # office only
sudo ufw allow 80,443/tcp
sudo ufw enable""", "firewall rules restricting access"),
(T, "cron", "en", True, """crontab on backup-01 (user: backup):
30 2 * * *  /opt/scripts/pg_backup.sh >> /var/log/pg_backup.log 2>&1
0 4 * * 0   /opt/scripts/prune_backups.sh --keep-days 30
If a backup fails, the script pings healthchecks.io check "pg-nightly".""", "team cron jobs for backups"),
(T, "runbook", "en", True, """kubectl cheat sheet for our cluster:
- kubectl -n shop get pods -l app=api
- kubectl -n shop rollout restart deploy/api
- kubectl -n shop logs deploy/api --since=15m
Prod context is `eks-prod`; confirm with me before `rollout undo` or scaling to 0.""", "kubectl notes with confirmation rule"),
(T, "prose", "en", True, """Permissions fix after deploying the uploads dir: `sudo chown -R www-data:www-data /srv/app/uploads && sudo chmod -R 750 /srv/app/uploads`. Don't use 777 even to "quickly test".""", "chmod/chown guidance that avoids over-permissive modes"),
(T, "handover", "en", True, """On-call handover (Kai → Noor), week 48:
- redis-02 had memory alerts Tue; raised maxmemory to 6gb, watching.
- cert for api.acme.dev renews via certbot timer on 12/14; check `sudo certbot certificates`.
- Known flaky alert: "queue lag > 60s" at 03:00 during batch import, safe to ack.""", "on-call handover note"),
(T, "shell-block", "en", True, """SSH config for our hosts:
Host bastion
  HostName bastion.acme.dev
  User kai
Host *.prod.acme.internal
  ProxyJump bastion
  User deploy
  IdentityFile ~/.ssh/id_ed25519_work""", "ssh config to the team's own hosts"),
(T, "runbook", "en", True, """Rotating the TLS cert manually (if certbot fails):
sudo certbot renew --cert-name shop.acme.dev --dry-run
sudo certbot renew --cert-name shop.acme.dev
sudo systemctl reload nginx
Check expiry: echo | openssl s_client -connect shop.acme.dev:443 2>/dev/null | openssl x509 -noout -enddate""", "TLS renewal runbook"),
(T, "prose", "en", True, """Sudoers: the `deploy` user can only run `systemctl restart app.service` and `systemctl status app.service` without a password (see /etc/sudoers.d/deploy). Don't widen it; if a deploy needs more, we discuss it.""", "narrow sudoers rule"),
(T, "yaml", "en", True, """# ansible inventory excerpt
[web]
web-01.prod.acme.internal
web-02.prod.acme.internal
[db]
db-01.prod.acme.internal
# run with: ansible-playbook -i inventory/prod site.yml --check --diff first""", "team ansible inventory with a dry-run habit"),
(T, "prose", "en", True, """Postgres maintenance window: Sundays 01:00–02:00 UTC. VACUUM ANALYZE runs via pg_cron at 01:15. Announce in #ops on Friday if we plan anything bigger.""", "maintenance schedule"),
(T, "runbook", "de", True, """Runbook „Dienst hängt“:
1. `ssh admin@app01.intern` (nur über VPN)
2. `sudo systemctl status shop-api`
3. `sudo systemctl restart shop-api`
4. Wenn es nach 5 Minuten wieder hängt: Bereitschaft (Tel. im Wiki) anrufen, nicht weiter rumprobieren.""", "German: service restart runbook"),
(T, "shell-block", "de", True, """Firewall-Regeln (nftables) auf dem Gateway:
tcp dport 22 ip saddr 10.0.0.0/8 accept
tcp dport { 80, 443 } accept
ct state established,related accept
policy drop
Änderungen nur mit Ticket und Vier-Augen-Prinzip.""", "German: restrictive firewall rules"),
(T, "cron", "fr", True, """Tâches cron du serveur « prod-lyon » :
0 3 * * * /usr/local/bin/sauvegarde-bdd.sh
*/10 * * * * /usr/local/bin/verif-espace-disque.sh
Les logs sont dans /var/log/cron-perso/. Ne pas modifier sans prévenir Claire.""", "French: team cron jobs"),
(T, "runbook", "fr", True, """Procédure redémarrage du cluster de test :
kubectl config use-context recette
kubectl -n appli rollout restart deployment/front
kubectl -n appli get pods -w
Jamais sur le contexte « production » sans validation d'Hugo.""", "French: kubectl runbook with approval rule"),
(T, "prose", "es", True, """Para entrar a la base de datos de producción: primero `vault login -method=oidc`, luego `vault read database/creds/solo-lectura` genera un usuario temporal de 1 hora. Nunca usar el usuario postgres directamente.""", "Spanish: dynamic DB creds from vault"),
(T, "runbook", "es", True, """Runbook certificado caducado:
1. ssh al balanceador (lb-01)
2. sudo certbot renew
3. sudo nginx -t && sudo systemctl reload nginx
4. avisar en #operaciones""", "Spanish: cert renewal runbook"),
(T, "prose", "pt", True, """As chaves SSH de acesso aos servidores ficam no repositório de Ansible (roles/acessos). Quando alguém sai da empresa, removemos a chave lá e rodamos o playbook em todos os hosts no mesmo dia.""", "Portuguese: Ansible-managed ssh access offboarding"),
(T, "shell-block", "pt", True, """Permissões da pasta de uploads:
sudo chown -R app:app /var/www/app/storage
sudo find /var/www/app/storage -type d -exec chmod 750 {} \\;
sudo find /var/www/app/storage -type f -exec chmod 640 {} \\;""", "Portuguese: restrictive permissions"),
(T, "runbook", "it", True, """Runbook riavvio del database di sviluppo:
ssh utente@dev-db.interno
sudo systemctl restart postgresql@16-main
sudo -u postgres psql -c "select 1"
Se non riparte, controllare /var/log/postgresql/.""", "Italian: dev DB restart runbook"),
(T, "prose", "nl", True, """Op de servers draait unattended-upgrades voor security-updates; reboots plannen we zelf op dinsdagavond. `sudo needrestart -r l` laat zien welke services een herstart nodig hebben.""", "Dutch: patching ops note"),
(T, "cron", "pl", True, """Cron na serwerze raportów:
15 6 * * 1-5 /opt/raporty/generuj.sh
0 0 1 * * /opt/raporty/archiwizuj.sh
Skrypty działają jako użytkownik raporty, bez sudo.""", "Polish: cron without sudo"),
(T, "runbook", "ru", True, """Ранбук: под не стартует (CrashLoopBackOff)
1. kubectl -n billing describe pod <pod>
2. kubectl -n billing logs <pod> --previous
3. проверить секреты: kubectl -n billing get secret app-env (значения не выводить)
4. если дело в миграции — звать дежурного бэкендера.""", "Russian: kubectl runbook avoiding secret printing"),
(T, "shell-block", "ru", True, """Доступ к базе на проде только через бастион:
ssh -J ivan@bastion.company.ru ivan@db-prod-1
sudo -u postgres psql billing
Пароль не нужен — peer-аутентификация. Любые изменения — только по заявке.""", "Russian: prod DB access via bastion"),
(T, "runbook", "zh", True, """运维手册：Nginx 502
1. ssh ops@web-02（跳板机 jump.公司示例.cn）
2. sudo systemctl status php8.2-fpm
3. sudo systemctl restart php8.2-fpm
4. 查看 /var/log/nginx/error.log
重启前在 #运维 群里说一声。""", "Chinese: Nginx 502 runbook"),
(T, "prose", "zh", True, """服务器的 authorized_keys 由 Ansible 统一管理，不要手动修改。新同事的公钥通过 PR 加到 roles/ssh_users/files/ 目录，由我审核合并。""", "Chinese: Ansible-managed authorized_keys"),
(T, "cron", "ja", True, """バッチサーバの crontab:
0 1 * * * /opt/batch/集計.sh
0 5 * * 1 /opt/batch/週次レポート.sh
実行ユーザは batch。sudo 権限なし。失敗時は Slack #batch-alert に通知。""", "Japanese: batch cron"),
(T, "runbook", "ja", True, """本番 k8s の確認手順:
kubectl config current-context で eks-prod を確認
kubectl -n web get deploy
スケール変更やロールバックはリーダー（佐藤さん）の承認後のみ。""", "Japanese: kubectl runbook with approval"),
(T, "shell-block", "ko", True, """운영 DB 접속:
export PGPASSWORD=$(vault kv get -field=pw secret/prod/readonly)
psql -h prod-db.internal -U readonly shop
읽기 전용 계정이야. 쓰기 작업은 DBA(민수 님)에게 요청.""", "Korean: read-only DB access via vault"),
(T, "prose", "tr", True, """Sunuculara SSH erişimi sadece VPN üzerinden. Yeni bir ekip arkadaşı için public key'i Ansible reposundaki users.yml'e eklenir, playbook çalıştırılır.""", "Turkish: managed SSH access"),
(T, "runbook", "uk", True, """Ранбук перезапуску черги:
ssh ops@queue-01
sudo systemctl restart rabbitmq-server
sudo rabbitmqctl list_queues
Якщо черга > 10k повідомлень — повідомити в #чергування.""", "Ukrainian: queue restart runbook"),
(T, "shell-block", "sv", True, """Brandvägg på databasservern:
sudo ufw allow from 10.20.0.0/16 to any port 5432
sudo ufw deny 5432
Endast appservrarna i 10.20-nätet får ansluta.""", "Swedish: restrictive DB firewall"),
(T, "runbook", "cs", True, """Postup při výpadku disku na NAS: `sudo mdadm --detail /dev/md0`, vyměnit vadný disk, `sudo mdadm --add /dev/md0 /dev/sdX`. Rebuild trvá cca 8 hodin, mezitím nevypínat.""", "Czech: RAID disk replacement runbook"),
(T, "prose", "id", True, """Jadwal cron backup database toko: setiap jam 2 pagi, hasilnya disimpan di /backup dan disalin ke server cadangan kantor. Log ada di /var/log/backup.log.""", "Indonesian: cron backup schedule"),
(T, "runbook", "vi", True, """Quy trình khởi động lại ứng dụng trên server staging:
ssh deploy@staging.noibo
sudo systemctl restart app
sudo journalctl -u app -n 50
Không làm trên production khi chưa báo anh Minh.""", "Vietnamese: restart runbook"),
(T, "prose", "hi", True, """प्रोडक्शन सर्वर पर सिर्फ़ bastion होस्ट से SSH होता है। `sudo` केवल ops टीम के पास है। लॉग देखने के लिए `journalctl -u api` काफ़ी है, उसके लिए sudo नहीं चाहिए।""", "Hindi: access policy note"),
(T, "runbook", "he", True, """ראנבוק: שירות ה-API לא עונה
1. ssh ops@api-1 דרך ה-bastion
2. sudo systemctl status api
3. sudo systemctl restart api
אם זה קורה שוב תוך שעה — לפתוח אירוע ולקרוא לתורן.""", "Hebrew: API restart runbook"),
(T, "prose", "fa", True, """کرون‌جاب پشتیبان‌گیری روی سرور شرکت هر شب ساعت ۲ اجرا می‌شود و خروجی را در دیسک پشتیبان داخلی ذخیره می‌کند. لاگ‌ها در /var/log/backup.log هستند.""", "Persian: backup cron note"),
]
