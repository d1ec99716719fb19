#!/usr/bin/env bash
# Remakes the 2026 tournament goldens (OUT/goldens = fixtures/camel-up/goldens/format2026) and the
# _fit_elo fixture (OUT/elo = fixtures/camel-up/elo) with the original tournament_core.py and
# lambda/handler.py of a checkout of GitHub trbarron/Camel_Up_Cup_2K18 at 2dbad1c:
#   bash tools/oracle/camel-up/format2026.sh OUT CAMEL@2dbad1c
set -euo pipefail
out=$1; camel=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out/goldens" "$out/elo"
rec() { PYTHONHASHSEED=0 python3 "$here/tournament2026.py" --checkout "$camel" --modules port_twins,misbehaving --path "$here/bots" --seed "$1" --games "$2" --pool "$3" > "$out/goldens/$4"; }
six=Player0,Player1,Player2,Crasher,RoundBetter,Trapper
rec 1 200 $six six-seed1.json
rec 7 150 $six six-seed7.json
rec 2 100 Player0,Player1,Player2,RoundBetter four-seed2.json
rec 3 60 Player0,Crasher,Trapper three-seed3.json
rec 1 100 Player0,Player2,Misfit,RoundBetter,Trapper misfit-seed1.json
python3 "$here/make-elo-logs.py" "$out/goldens/six-seed1.json" > "$out/elo/logs.json"
PYTHONHASHSEED=0 python3 "$here/tournament2026.py" --checkout "$camel" --elo-logs "$out/elo/logs.json" > "$out/elo/expected.json"
