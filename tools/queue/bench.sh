#!/usr/bin/env bash
# Queue overhead: the same dice runs locally (--workers 2) and on a Redis queue with 2
# `koth worker` processes of one thread each, on this machine. Starts its own redis-server on
# 127.0.0.1 (no persistence), removes its folder afterwards. Needs redis-server and a build
# (node build.mjs) and bc. Usage: tools/queue/bench.sh [games] [shard-size]
#   per shard: 2,000 games in shards of 1 (2,000 shards): the run's time per shard, queued and local
#   scaling:   the given run (default 2,000,000 games in shards of 50,000)
set -euo pipefail
cd "$(dirname "$0")/../.."
GAMES=${1:-2000000}
SHARD=${2:-50000}
DIR=$(mktemp -d)
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
URL=redis://127.0.0.1:$PORT
redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --maxmemory-policy noeviction --dir "$DIR" --daemonize yes --pidfile "$DIR/redis.pid" >/dev/null
W=()
cleanup() {
  for p in "${W[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  kill "$(cat "$DIR/redis.pid")" 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT
sleep 0.5
export KOTH_QUEUE_POLL_MS=${KOTH_QUEUE_POLL_MS:-100}
for i in 1 2; do node dist/koth.js worker --queue "$URL" --threads 1 2>"$DIR/w$i.log" & W+=($!); done
# The run's own time (its JSON "seconds": from the first shard out to the last merged, no process start).
t() { "$@" 2>/dev/null | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).seconds))"; }
run() { node dist/koth.js replay dice --json --workers 2 "$@"; }
run --games 1000 --shard-size 100 --queue "$URL" >/dev/null 2>&1 # warm-up: workers load the engine
lp=$(t run --games 2000 --shard-size 1)
qp=$(t run --games 2000 --shard-size 1 --queue "$URL")
ls=$(t run --games "$GAMES" --shard-size "$SHARD")
qs=$(t run --games "$GAMES" --shard-size "$SHARD" --queue "$URL")
echo "2000 shards of 1 game: local --workers 2 ${lp} s, queue + 2 workers ${qp} s: $(echo "scale=2; $qp * 1000 / 2000" | bc) ms per shard on the queue (game included), $(echo "scale=2; $lp * 1000 / 2000" | bc) ms locally"
echo "$GAMES games in shards of $SHARD: local --workers 2 ${ls} s, queue + 2 worker processes ${qs} s"
