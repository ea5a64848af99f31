#!/usr/bin/env bash
# The README's "Running on PostgreSQL", run once as written (CI): a fresh database, a secret key,
# `npm start`, /healthz must answer 200; then stop the server and drop the database.
# It uses PostgreSQL on 127.0.0.1:5432 as the user postgres (trust authentication), as CI provides.
set -euo pipefail
cd "$(dirname "$0")/.."

db="health_readme_$$"
port="${PG_CHECK_PORT:-18080}"
work="$(mktemp -d)"
server_pid=""
dropped=""

# npm does not pass SIGTERM on to the script it runs: stop the whole process group (npm, the start
# script and the server). Job control (set -m) gives the background job its own group, whose id is
# the job's pid.
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  # The server closes its database connections as it exits: wait for it before dropping.
  for _ in $(seq 1 100); do
    kill -0 -- "-$server_pid" 2> /dev/null || break
    sleep 0.1
  done
  server_pid=""
}

cleanup() {
  [ -z "$server_pid" ] || stop_server
  [ -n "$dropped" ] || dropdb -h 127.0.0.1 -U postgres --if-exists "$db" || true
  rm -rf "$work"
}
trap cleanup EXIT

# As the README: createdb, a key kept in a file, npm start with SECRET_KEY and DATABASE_URL.
createdb -h 127.0.0.1 -U postgres "$db"
test -f "$work/postgres.key" || (mkdir -p "$work" && openssl rand -base64 32 > "$work/postgres.key")
set -m
SECRET_KEY="$(cat "$work/postgres.key")" DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" \
  PORT="$port" HOST=127.0.0.1 DATA_DIR="$work/data" \
  npm start > "$work/server.log" 2>&1 &
server_pid=$!
set +m

# npm start may build first (sources changed since the last build): give it time.
for _ in $(seq 1 600); do
  if curl -sf "http://127.0.0.1:$port/healthz" > /dev/null; then
    echo "✓ npm start on PostgreSQL ($db): /healthz answers 200"
    stop_server
    dropdb -h 127.0.0.1 -U postgres "$db"
    dropped=1
    echo "✓ stopped, database $db dropped"
    exit 0
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  sleep 0.5
done
echo "✗ npm start on PostgreSQL did not answer /healthz:" >&2
cat "$work/server.log" >&2
exit 1
