#!/usr/bin/env bash
# Side-by-side figures for "Running for a whole course": attempts per second
# and latency at 300 and 1,000 simulated learners for
#   (a) one instance on SQLite, (b) one instance on PostgreSQL,
#   (c) three instances behind HAProxy (internal/deploy/haproxy.cfg) on PostgreSQL.
# Each run is cmd/loadtest/attempts against the setup's URL: open
# loop at RATE attempts/s in all (default 1500), DURATION each (10s).
#
#   bash internal/deploy/figures.sh            # uses .ci/postgres for a throwaway cluster
#   RATE=3000 DURATION=20s bash internal/deploy/figures.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
RATE=${RATE:-1500}
DURATION=${DURATION:-10s}
work=$(mktemp -d /tmp/playground-figures.XXXXXX)
chmod 755 "$work" # the cluster runs as the postgres user when we are root
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  .ci/postgres stop "$work/pg" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/playground" ./cmd/playground
go build -o "$work/attempts" ./cmd/loadtest/attempts
dsn=$(.ci/postgres start "$work/pg")
token=$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')

# start NAME PORT DB: one instance, waiting for /readyz.
start() {
  "$work/playground" serve -addr "127.0.0.1:$2" -db "$3" -instructor-token "$token" -log-level warn 2>>"$work/$1.log" &
  pids+=($!)
  for _ in $(seq 1 200); do
    curl -fsS "http://127.0.0.1:$2/readyz" >/dev/null 2>&1 && return 0
    sleep 0.05
  done
  echo "instance $1 did not start:" >&2; cat "$work/$1.log" >&2; exit 1
}
stop_all() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  pids=()
}
# measure SETUP URL: the two runs, one line each.
measure() {
  for learners in 300 1000; do
    out=$("$work/attempts" -url "$2" -learners "$learners" -rate "$RATE" -duration "$DURATION" 2>&1 || true)
    thr=$(grep '^throughput' <<<"$out" | awk '{print $2}')
    lat=$(grep '^latency' <<<"$out" | sed 's/^latency: *//')
    sent=$(grep '^sent' <<<"$out" | sed 's/^sent: *//')
    printf '%-28s %5d learners  %8s attempts/s  %s  (%s)\n' "$1" "$learners" "$thr" "$lat" "$sent"
  done
}

echo "target $RATE attempts/s, $DURATION per run, $(nproc) cores"
start sqlite 18181 "$work/figures.db"
measure "(a) 1 instance, SQLite" http://127.0.0.1:18181
stop_all

start pg 18182 "$dsn"
measure "(b) 1 instance, PostgreSQL" http://127.0.0.1:18182
stop_all

start p1 18191 "$dsn"; start p2 18192 "$dsn"; start p3 18193 "$dsn"
PLAYGROUND_LISTEN=127.0.0.1:18190 PLAYGROUND_1=127.0.0.1:18191 PLAYGROUND_2=127.0.0.1:18192 PLAYGROUND_3=127.0.0.1:18193 \
  haproxy -db -f internal/deploy/haproxy.cfg >"$work/haproxy.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 200); do curl -fsS http://127.0.0.1:18190/readyz >/dev/null 2>&1 && break; sleep 0.05; done
measure "(c) 3 instances, HAProxy, PG" http://127.0.0.1:18190
stop_all
