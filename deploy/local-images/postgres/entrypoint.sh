#!/bin/sh
# The official image's start, reduced: a cluster on first start, the user and database, then postgres.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" > "$pwfile"
  # Local socket connections (this script, an operator in the container) trusted; the network needs the password.
  initdb -D "$PGDATA" -U "${POSTGRES_USER:-postgres}" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ -n "${POSTGRES_DB:-}" ] && [ "${POSTGRES_DB}" != "${POSTGRES_USER:-postgres}" ]; then
    postgres -D "$PGDATA" -c listen_addresses='' &
    pid=$!
    until pg_isready -q -h /run/postgresql; do sleep 0.2; done
    createdb -h /run/postgresql -U "${POSTGRES_USER:-postgres}" "$POSTGRES_DB"
    kill "$pid"; wait "$pid" || true
  fi
fi
exec postgres -D "$PGDATA" -c listen_addresses='*'
