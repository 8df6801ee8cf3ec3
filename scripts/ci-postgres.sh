#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the archive's conformance suite and prints the URL to
# export as ARCHIVE_TEST_DATABASE_URL (the suite creates and drops its own database on it).
#
#   export ARCHIVE_TEST_DATABASE_URL="$(scripts/ci-postgres.sh)"
#   npm run test:archive          # runs on PGlite, then on PostgreSQL
#   scripts/ci-postgres.sh stop   # stops the cluster and deletes it
#
# Installs PostgreSQL with apt-get when no server binaries are found (CI images). Runs the server
# as the `postgres` user when started as root. Settings: PG_PORT (5433), PG_DIR (/tmp/ingest-pg).
set -euo pipefail

PG_PORT="${PG_PORT:-5433}"
PG_DIR="${PG_DIR:-/tmp/ingest-pg}"
PG_USER="scriptorium"
PG_PASSWORD="scriptorium"

log() { echo "ci-postgres: $*" >&2; }

find_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    if [[ -x "$dir/pg_ctl" ]]; then echo "$dir"; fi
  done | sort -V | tail -n 1
}

BIN="$(find_bin)"
if [[ -z "$BIN" ]]; then
  log "installing PostgreSQL"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
  BIN="$(find_bin)"
fi
[[ -n "$BIN" ]] || { log "no PostgreSQL server binaries found"; exit 1; }

# Runs a command as the cluster's owner: postgres when we are root (initdb refuses root).
as_owner() {
  if [[ "$(id -u)" == "0" ]]; then
    su postgres -s /bin/bash -c "$(printf '%q ' "$@")"
  else
    "$@"
  fi
}

if [[ "${1:-start}" == "stop" ]]; then
  if [[ -d "$PG_DIR/data" ]]; then as_owner "$BIN/pg_ctl" -D "$PG_DIR/data" -m fast stop >&2 || true; fi
  rm -rf "$PG_DIR"
  exit 0
fi

if [[ ! -f "$PG_DIR/data/PG_VERSION" ]]; then
  mkdir -p "$PG_DIR"
  if [[ "$(id -u)" == "0" ]]; then chown postgres "$PG_DIR"; fi
  log "creating a cluster in $PG_DIR/data with $BIN"
  as_owner "$BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust --encoding=UTF8 --no-locale >&2
fi

if ! as_owner "$BIN/pg_ctl" -D "$PG_DIR/data" status >/dev/null 2>&1; then
  # Durability stays on (fsync): the suite checks what a 2xx promises.
  as_owner "$BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >&2
fi

psql_admin() { as_owner "$BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }
if [[ "$(psql_admin -c "select 1 from pg_roles where rolname = '$PG_USER'")" != "1" ]]; then
  psql_admin -c "create role $PG_USER login createdb password '$PG_PASSWORD'" >&2
fi
if [[ "$(psql_admin -c "select 1 from pg_database where datname = '$PG_USER'")" != "1" ]]; then
  psql_admin -c "create database $PG_USER owner $PG_USER" >&2
fi

echo "postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$PG_PORT/$PG_USER"
