#!/usr/bin/env bash
# Makes sure this machine has what the test suite needs, installing or starting it when it can:
# Debian's Chromium for Playwright (never a downloaded browser), the PostgreSQL server the API suite
# runs against, and the Redis server the rate-limit tests use. Safe to run again: it only acts on what
# is missing.
set -euo pipefail

log() { printf '[ensure-test-machine] %s\n' "$*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }

port_open() { # host port
  node -e 'const s=require("net").connect(+process.argv[2],process.argv[1]);s.on("connect",()=>{s.end();process.exit(0)});s.on("error",()=>process.exit(1));setTimeout(()=>process.exit(1),2000)' "$1" "$2"
}

wait_for_port() { # host port name
  for _ in $(seq 1 30); do port_open "$1" "$2" && return 0; sleep 1; done
  log "$3 did not come up on $1:$2"; return 1
}

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  log "Chromium not found at $CHROMIUM: installing Debian's chromium"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
fi
log "chromium: $("$CHROMIUM" --version 2>/dev/null | head -n 1)"

# PostgreSQL: the API suite runs on it as well as on PGlite (TEST_POSTGRES_URL overrides the server).
if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  if ! port_open 127.0.0.1 5432; then
    log "PostgreSQL is not answering on 127.0.0.1:5432: starting it"
    if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
      as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
    fi
    wait_for_port 127.0.0.1 5432 PostgreSQL
  fi
  log "postgresql: 127.0.0.1:5432 answers"
fi
# psql: the two-instance end-to-end spec creates and drops its database with it.
if ! command -v psql >/dev/null; then
  log "psql not found: installing Debian's postgresql-client"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client >/dev/null
fi

# Redis: the rate-limit store is tested against it (TEST_REDIS_URL overrides the server).
if [ -z "${TEST_REDIS_URL:-}" ]; then
  if ! port_open 127.0.0.1 6379; then
    log "Redis is not answering on 127.0.0.1:6379: starting it"
    if command -v redis-server >/dev/null; then
      mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
      redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
        --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
    fi
    wait_for_port 127.0.0.1 6379 Redis
  fi
  log "redis: 127.0.0.1:6379 answers"
fi
