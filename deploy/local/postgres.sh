#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Local PostgreSQL for Hookline.
#   deploy/local/postgres.sh up|down|status
# DATABASE_URL defaults to postgres://hookline:hookline@127.0.0.1:5432/hookline.
#
# `up` reuses any server already answering at the URL's host:port; otherwise it
# installs Debian's `postgresql` if needed and starts (or creates) a cluster on
# that port. Either way it makes sure the role (LOGIN CREATEDB: the tests create
# a database per suite) and the database exist, and that a server on this
# machine accepts TLS with a certificate of the local CA (.data/tls/ca.crt):
#   DATABASE_URL=postgres://hookline:hookline@127.0.0.1:5432/hookline?sslmode=verify-full&sslrootcert=.data/tls/ca.crt
# Plaintext connections keep working; the certificate is loaded by a reload,
# never a restart. `down` only stops a cluster this script started (marker file
# in .data/), never a server it found running.
set -euo pipefail
NAME=postgres
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/tls.sh"

DATABASE_URL="${DATABASE_URL:-postgres://hookline:hookline@127.0.0.1:5432/hookline}"
MARKER="$DATA/postgres.started-by-us"   # contents: "<version> <cluster>"
MIN_CONNECTIONS=200

# postgres://user:pass@host:port/db (the only shape we need to understand)
re='^postgres(ql)?://([^:@/]+):([^@/]*)@([^:/]+):([0-9]+)/([^?]+)'
[[ "$DATABASE_URL" =~ $re ]] || die "cannot parse DATABASE_URL=$DATABASE_URL"
DB_USER="${BASH_REMATCH[2]}" DB_PASS="${BASH_REMATCH[3]}"
DB_HOST="${BASH_REMATCH[4]}" DB_PORT="${BASH_REMATCH[5]}" DB_NAME="${BASH_REMATCH[6]}"
# They are spliced into SQL below: accept plain identifiers only.
for v in "$DB_USER" "$DB_NAME"; do [[ "$v" =~ ^[a-z_][a-z0-9_]*$ ]] || die "unsupported name '$v'"; done
[[ "$DB_PASS" != *"'"* ]] || die "quote in password not supported"

answers() { pg_isready -q -h "$DB_HOST" -p "$DB_PORT" -t 2; }

# The superuser path: peer auth as the postgres OS user over the local socket.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -n -u postgres "$@"; fi
}
psql_su() { as_postgres psql -h /var/run/postgresql -p "$DB_PORT" -d postgres -X -q -tA -v ON_ERROR_STOP=1 "$@"; }

# "<version> <cluster> <status>" of the Debian cluster on our port, if any.
cluster_on_port() { pg_lsclusters -h 2>/dev/null | awk -v p="$DB_PORT" '$3 == p {print $1, $2, $4; exit}'; }

start_cluster() {
  ensure_cmd pg_ctlcluster postgresql
  local c ver name st
  c="$(cluster_on_port)"
  if [ -z "$c" ]; then
    [ -z "$(pg_lsclusters -h 2>/dev/null | awk -v p="$DB_PORT" '$2 == "main"')" ] \
      || die "a 'main' cluster exists on another port; set DATABASE_URL to its port"
    ver="$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -n | tail -n 1)"   # newest installed
    log "creating cluster $ver/main on port $DB_PORT"
    pg_createcluster "$ver" main --port "$DB_PORT" >/dev/null
    c="$(cluster_on_port)"
  fi
  read -r ver name st <<<"$c"
  if [ "$st" = online ]; then
    log "cluster $ver/$name is up already (started by the package install)"
  else
    log "starting cluster $ver/$name"
    pg_ctlcluster "$ver" "$name" start
  fi
  mkdir -p "$DATA" && echo "$ver $name" >"$MARKER"
}

wait_answers() {
  local i
  for ((i = 0; i < 30; i++)); do answers && return 0; sleep 1; done
  die "no server answering at $DB_HOST:$DB_PORT after 30 s (see /var/log/postgresql/)"
}

ensure_role_and_db() {
  # Quick path: if we can already log in as the app, there is nothing to do.
  if psql "$DATABASE_URL" -X -qtA -c \
      "select 1 from pg_roles where rolname = current_user and rolcreatedb" 2>/dev/null | grep -q 1; then
    return 0
  fi
  log "creating role $DB_USER and database $DB_NAME"
  psql_su <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$DB_USER') THEN
    CREATE ROLE $DB_USER LOGIN CREATEDB PASSWORD '$DB_PASS';
  ELSE
    ALTER ROLE $DB_USER LOGIN CREATEDB PASSWORD '$DB_PASS';
  END IF;
END \$\$;
SQL
  [ "$(psql_su -c "select 1 from pg_database where datname = '$DB_NAME'")" = 1 ] \
    || psql_su -c "CREATE DATABASE $DB_NAME OWNER $DB_USER"
}

ensure_max_connections() {
  # Parallel test suites each open pools; Debian's default of 100 runs out.
  # Needs a restart, so only on a cluster we own, and only when it changes.
  [ -f "$MARKER" ] || return 0
  local cur ver name
  cur="$(psql_su -c 'show max_connections')"
  [ "$cur" -ge "$MIN_CONNECTIONS" ] && return 0
  read -r ver name <"$MARKER"
  log "raising max_connections $cur -> $MIN_CONNECTIONS (restart)"
  psql_su -c "ALTER SYSTEM SET max_connections = $MIN_CONNECTIONS"
  pg_ctlcluster "$ver" "$name" restart
  wait_answers
}

# TLS with a certificate of the local CA. The server reads the certificate and key from its data
# directory (owned by postgres, as it requires of a key); a reload takes them, and connections
# without TLS are untouched. Skipped for a server on another machine.
ensure_tls() {
  case "$DB_HOST" in 127.0.0.1 | localhost | ::1) ;; *) return 0 ;; esac
  issue_cert postgres-server localhost "IP:127.0.0.1,DNS:localhost" serverAuth
  local data crt key
  data="$(psql_su -c 'show data_directory')"
  crt="$data/hookline-server.crt" key="$data/hookline-server.key"
  if [ "$(psql_su -c 'show ssl')" = on ] && [ "$(psql_su -c 'show ssl_cert_file')" = "$crt" ] \
    && as_postgres cmp -s "$crt" /dev/stdin <"$TLS_DIR/postgres-server.crt"; then
    return 0
  fi
  log "serving TLS with the local CA's certificate (reload, no restart)"
  as_postgres tee "$crt" <"$TLS_DIR/postgres-server.crt" >/dev/null
  as_postgres sh -c "umask 077 && cat >'$key'" <"$TLS_DIR/postgres-server.key"
  psql_su -c "ALTER SYSTEM SET ssl_cert_file = '$crt'" -c "ALTER SYSTEM SET ssl_key_file = '$key'" \
    -c "ALTER SYSTEM SET ssl = on" -c "SELECT pg_reload_conf()" >/dev/null
  local i
  for ((i = 0; i < 20; i++)); do
    [ "$(psql_su -c 'show ssl_cert_file')" = "$crt" ] && return 0
    sleep 0.5
  done
  die "the server did not take the TLS settings; see /var/log/postgresql/"
}

up() {
  # A server answering before we touch anything is someone else's. One that
  # answers right after we installed the package (Debian's postinst may start
  # it) is ours.
  local fresh=""
  command -v pg_isready >/dev/null || fresh=1
  ensure_cmd pg_isready postgresql   # on a fresh machine: server, psql, pg_ctlcluster
  if [ -z "$fresh" ] && answers; then
    [ -f "$MARKER" ] || log "using the server already running at $DB_HOST:$DB_PORT"
  else
    rm -f "$MARKER"
    case "$DB_HOST" in 127.0.0.1 | localhost | ::1) ;;
      *) die "nothing answers at $DB_HOST:$DB_PORT and it is not this machine" ;;
    esac
    start_cluster
    wait_answers
  fi
  ensure_role_and_db
  ensure_max_connections
  ensure_tls
  log "ready: $DATABASE_URL (TLS: add ?sslmode=verify-full&sslrootcert=$TLS_CA)"
}

down() {
  if [ ! -f "$MARKER" ]; then
    if answers 2>/dev/null; then
      log "server at $DB_HOST:$DB_PORT was not started by this script: leaving it running"
    else
      log "not running"
    fi
    return 0
  fi
  local ver name
  read -r ver name <"$MARKER"
  log "stopping cluster $ver/$name"
  pg_ctlcluster "$ver" "$name" stop || true
  rm -f "$MARKER"
}

status() {
  if command -v pg_isready >/dev/null && answers; then
    if [ -f "$MARKER" ]; then echo "postgres: running (cluster $(cat "$MARKER"), started by us) url=$DATABASE_URL"
    else echo "postgres: running (external) url=$DATABASE_URL"; fi
  else
    echo "postgres: stopped"
  fi
}

case "${1:-}" in
  up) up ;;
  down) down ;;
  status) status ;;
  *) echo "usage: $0 up|down|status" >&2; exit 2 ;;
esac
