#!/usr/bin/env bash
# Two `rondel serve` on one PostgreSQL under the load tool's moves, one of
# them killed with SIGKILL half-way (docs/deploy.md, "Several machines").
# First, in 5 games, one move submitted 100 times at once over both
# instances: exactly one stored. Then every move acknowledged under load
# must be stored once, and `rondel verify` clean.
#
#   tests/load/two-instances.sh POSTGRES_URL_OF_AN_EMPTY_DATABASE [WORKDIR]
#
# It seeds a small club in SQLite, copies it to the database, starts two
# instances on free ports, drives both for 40 s (6 clients each), kills the
# first after 15 s, then counts and verifies.
set -euo pipefail
pg=${1:?usage: $0 POSTGRES_URL [WORKDIR]}
work=${2:-$(mktemp -d)}
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$work"
(cd "$repo" && go build -o "$work/rondel" . && go build -o "$work/load" ./tests/load)
[ -f club.db ] || ./load seed --db club.db --games 100 --active 60 --workers 1 >/dev/null
./rondel copy --from club.db --to "$pg"
./rondel serve --db "$pg" --addr 127.0.0.1:8091 >s1.log 2>&1 & s1=$!
./rondel serve --db "$pg" --addr 127.0.0.1:8092 >s2.log 2>&1 & s2=$!
trap 'kill "$s1" "$s2" 2>/dev/null || true' EXIT
sleep 3
race_before=$(psql -Atq "$pg" -c "SELECT count(*) FROM moves WHERE by = 'player'")
./load race --url http://127.0.0.1:8091,http://127.0.0.1:8092 --dir . --games 5 --submissions 100 | tee race.json
race_after=$(psql -Atq "$pg" -c "SELECT count(*) FROM moves WHERE by = 'player'")
echo "race: $((race_after - race_before)) moves stored for $(wc -l <race.json) games"
[ $((race_after - race_before)) -eq "$(wc -l <race.json)" ]
before=$(psql -Atq "$pg" -c "SELECT COALESCE(MAX(id), 0) FROM moves")
./load run --url http://127.0.0.1:8091 --dir . --page moves --clients 6 --duration 40s --seed 1 >l1.json 2>l1.err & l1=$!
./load run --url http://127.0.0.1:8092 --dir . --page moves --clients 6 --duration 40s --seed 2 >l2.json 2>l2.err & l2=$!
sleep 15
kill -9 "$s1"
wait "$l1" "$l2" || true
kill "$s2"; wait "$s2" || true
acked=$(cat l1.json l2.json | sed -n 's/.*"accepted":\([0-9]*\).*/\1/p' | paste -sd+ | bc)
stored=$(psql -Atq "$pg" -c "SELECT count(*) FROM moves WHERE id > $before AND by = 'player'")
twice=$(psql -Atq "$pg" -c "SELECT count(*) FROM (SELECT game_id, seq FROM moves GROUP BY 1, 2 HAVING count(*) > 1) d")
echo "acknowledged $acked moves; stored $stored new players' moves; $twice (game, move number) stored twice"
./rondel verify --db "$pg"
[ "$stored" -ge "$acked" ] && [ "$twice" -eq 0 ]
