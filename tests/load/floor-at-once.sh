#!/usr/bin/env bash
# The game page against the floor measured at once (docs/performance.md,
# session 16): the floor's server (`load floor`) and `rondel serve` run
# side by side on the same machine, each driven by its own `load run` for
# the same seconds, and each one's CPU per request read from its own
# process. Measured one after the other, the floor's CPU per request moves
# 4x with how idle the machine is; at once, both meet the same machine.
#
#   tests/load/floor-at-once.sh RONDEL_BINARY CLUB_DB [ROUNDS] [SECONDS] [CLIENTS]
#
# CLUB_DB is a club `load seed` made (sessions.tsv and games.tsv beside
# it), migrated for RONDEL_BINARY and with its keeper's parts made (run
# `rondel serve` on it once until it logs "games' pages kept"). The floor
# reads the same file. Prints each round's CPU per request and the ratio.
set -euo pipefail
bin=${1:?usage: $0 RONDEL_BINARY CLUB_DB [ROUNDS] [SECONDS] [CLIENTS]}
db=${2:?usage: $0 RONDEL_BINARY CLUB_DB [ROUNDS] [SECONDS] [CLIENTS]}
rounds=${3:-4} secs=${4:-20} clients=${5:-25}
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
(cd "$repo" && go build -o "$work/load" ./tests/load)
dir=$(dirname "$db")
cpu() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["server_cpu_ms_per_req"])' "$1"; }
for r in $(seq 1 "$rounds"); do
  "$work/load" floor --db "$db" --addr 127.0.0.1:8090 >"$work/floor.log" 2>&1 & floor=$!
  "$bin" serve --db "$db" --addr 127.0.0.1:8091 >"$work/serve.log" 2>&1 & serve=$!
  trap 'kill "$floor" "$serve" 2>/dev/null || true' EXIT
  for _ in $(seq 1 100); do curl -fso /dev/null http://127.0.0.1:8091/healthz && break; sleep 0.2; done
  "$work/load" run --url http://127.0.0.1:8090 --dir "$dir" --page floor --clients "$clients" --duration "${secs}s" --pid "$floor" >"$work/floor.json" & a=$!
  "$work/load" run --url http://127.0.0.1:8091 --dir "$dir" --page game --clients "$clients" --duration "${secs}s" --pid "$serve" >"$work/game.json" & b=$!
  wait "$a" "$b"
  kill "$floor" "$serve"; wait "$floor" "$serve" 2>/dev/null || true
  f=$(cpu "$work/floor.json") g=$(cpu "$work/game.json")
  python3 -c "import sys; g, f = float(sys.argv[2]), float(sys.argv[3]); print(f'round {sys.argv[1]}: game {g:.3f} ms, floor {f:.3f} ms, {g / f:.2f} floors')" "$r" "$g" "$f"
done
