#!/bin/sh
# The one user PgBouncer lets through, from the environment (never baked into the image).
set -eu
: "${DB_USER:?set DB_USER}"
: "${DB_PASSWORD:?set DB_PASSWORD}"
umask 077
printf '"%s" "%s"\n' "$DB_USER" "$DB_PASSWORD" > /run/pgbouncer/userlist.txt
exec pgbouncer /etc/pgbouncer/pgbouncer.ini
