#!/usr/bin/env bash
# Makes sure this machine has what the test suite needs, installing or starting it when it can, from
# Debian's packages (apt-get, as root or through sudo): Chromium and its headless shell for Playwright
# (never a downloaded browser), the PostgreSQL server the API suite runs against, with a database `test`
# that user `postgres` reaches without a password over TCP from 127.0.0.1 and ::1 (pg_hba `trust`), and
# the Redis server the rate-limit tests use. Safe to run again: it only acts on what is missing, and leaves a
# server that already answers as it is (README.md, "Tests", lists every change it can make).
#
# TEST_POSTGRES_URL / TEST_REDIS_URL point the tests at other servers: this script then leaves that one
# alone. TEST_MACHINE_PG_CLUSTER / TEST_MACHINE_PG_PORT (default main / 5432) name the Debian cluster it
# manages, so the script itself can be checked on a throwaway cluster beside a running one.
set -euo pipefail

log() { printf '[ensure-test-machine] %s\n' "$*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }

apt_updated=''
apt_install() { # package…
  if [ -z "$apt_updated" ]; then
    as_root apt-get update -qq
    apt_updated=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

port_open() { # host port
  node -e 'const s=require("net").connect(+process.argv[2],process.argv[1]);s.on("connect",()=>{s.end();process.exit(0)});s.on("error",()=>process.exit(1));setTimeout(()=>process.exit(1),2000)' "$1" "$2"
}

wait_for_port() { # host port name
  for _ in $(seq 1 30); do port_open "$1" "$2" && return 0; sleep 1; done
  log "$3 did not come up on $1:$2"
  return 1
}

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  log "Chromium not found at $CHROMIUM: installing Debian's chromium"
  apt_install chromium fonts-liberation
fi
log "chromium: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"
# Its headless shell, the build the end-to-end suite drives (packages/harness/src/chromium.ts says why).
HEADLESS_SHELL="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/lib/chromium/chromium-headless-shell}"
if [ ! -x "$HEADLESS_SHELL" ]; then
  log "Chromium's headless shell not found at $HEADLESS_SHELL: installing Debian's chromium-headless-shell"
  apt_install chromium-headless-shell
fi
log "chromium-headless-shell: $("$HEADLESS_SHELL" --version 2>/dev/null | head -n 1)"

# psql: this script checks the database with it, and the two-instance end-to-end spec creates and
# drops its database with it.
if ! command -v psql >/dev/null; then
  log "psql not found: installing Debian's postgresql-client"
  apt_install postgresql-client
fi

PG_CLUSTER="${TEST_MACHINE_PG_CLUSTER:-main}"
PG_PORT="${TEST_MACHINE_PG_PORT:-5432}"

# The newest PostgreSQL server installed (Debian's postgresql package installs one), or nothing.
pg_server_version() {
  local bin
  for bin in /usr/lib/postgresql/*/bin/postgres; do
    if [ -x "$bin" ]; then basename "$(dirname "$(dirname "$bin")")"; fi
  done | sort -V | tail -n 1
}

# First match wins in pg_hba.conf: a `trust` line for each loopback address goes before any other rule
# unless the first rule for that address already is one. True when it changed the file.
ensure_loopback_trust() { # pg_hba.conf
  local hba="$1" address lines=''
  for address in 127.0.0.1/32 ::1/128; do
    # shellcheck disable=SC2016 # $1… are awk's fields
    if ! as_root awk -v address="$address" '
      /^[[:space:]]*(#|$)/ { next }
      $1 == "host" && $4 == address { found = 1; exit !($2 == "all" && $3 == "all" && $5 == "trust") }
      END { if (!found) exit 1 }' "$hba"; then
      log "pg_hba: \"host all all $address trust\" goes before the other rules of $hba"
      lines+="host    all             all             $address            trust\n"
    fi
  done
  [ -n "$lines" ] || return 1
  lines="# ensure-test-machine: the test suite signs in as postgres without a password over TCP\n$lines"
  if as_root grep -q '^[[:space:]]*[^#[:space:]]' "$hba"; then
    as_root sed -i "0,/^[[:space:]]*[^#[:space:]]/s||$lines&|" "$hba"
  else
    printf '%b' "$lines" | as_root tee -a "$hba" >/dev/null
  fi
}

psql_admin() { # sql…: as postgres over TCP, without a password
  psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -Atqc "$1"
}

# PostgreSQL: the API suite runs on it as well as on PGlite (TEST_POSTGRES_URL overrides the server).
if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  if port_open 127.0.0.1 "$PG_PORT"; then
    # A server that answers but asks postgres for a password: its cluster gets the trust rules, reloaded.
    if ! psql_admin 'SELECT 1' >/dev/null 2>&1; then
      version="$(pg_server_version)"
      hba="/etc/postgresql/$version/$PG_CLUSTER/pg_hba.conf"
      if [ -n "$version" ] && [ -f "$hba" ] && ensure_loopback_trust "$hba"; then
        log "reloading $version/$PG_CLUSTER's pg_hba rules"
        as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$PG_CLUSTER" reload
      fi
    fi
  else
    version="$(pg_server_version)"
    if [ -z "$version" ]; then
      log "no PostgreSQL server installed: installing Debian's postgresql"
      apt_install postgresql
      version="$(pg_server_version)"
    fi
    if ! pg_lsclusters --no-header | awk -v v="$version" -v c="$PG_CLUSTER" '$1 == v && $2 == c { f = 1 } END { exit !f }'; then
      log "creating PostgreSQL $version cluster $PG_CLUSTER on port $PG_PORT"
      as_root pg_createcluster "$version" "$PG_CLUSTER" -p "$PG_PORT" >/dev/null
    fi
    hba_changed=''
    ensure_loopback_trust "/etc/postgresql/$version/$PG_CLUSTER/pg_hba.conf" && hba_changed=1
    log "PostgreSQL is not answering on 127.0.0.1:$PG_PORT: starting $version/$PG_CLUSTER"
    # Already started by the package's own scripts, the cluster refuses a second start: it is waited for.
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$PG_CLUSTER" start 2>/dev/null || true
    wait_for_port 127.0.0.1 "$PG_PORT" PostgreSQL
    if [ -n "$hba_changed" ]; then as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$PG_CLUSTER" reload; fi
  fi
  if [ -z "$(psql_admin "SELECT 1 FROM pg_database WHERE datname = 'test'")" ]; then
    log "creating database test"
    psql_admin 'CREATE DATABASE test' >/dev/null
  fi
  log "postgresql: postgres@127.0.0.1:$PG_PORT/test answers without a password"
fi

# Redis: the rate-limit store is tested against it (TEST_REDIS_URL overrides the server).
if [ -z "${TEST_REDIS_URL:-}" ]; then
  if ! port_open 127.0.0.1 6379; then
    if ! command -v redis-server >/dev/null; then
      log "redis-server not found: installing Debian's redis-server"
      apt_install redis-server
    fi
    if ! port_open 127.0.0.1 6379; then
      log "Redis is not answering on 127.0.0.1:6379: starting it"
      mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
      redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
        --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
    fi
    wait_for_port 127.0.0.1 6379 Redis
  fi
  log "redis: 127.0.0.1:6379 answers"
fi
