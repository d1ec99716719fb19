#!/usr/bin/env bash
# Remakes dice goldens into OUT with the original controllers (tools/oracle/dice/golden.py).
#   bash tools/oracle/dice/goldens.sh OUT NANOPI_84d4df6 SNAPSHOT_CHECKOUT MISC_032491a [SET]
# NANOPI_84d4df6 = a checkout of maxbergmark/nanopi-cloud at 84d4df6 (the updated controller),
# MISC_032491a   = maxbergmark/misc-scripts at 032491a (the first controller),
# SNAPSHOT_CHECKOUT = nanopi-cloud at the snapshot's commit (its forty-game/auto_bots.py):
#   SET jan (default): e7f8d68, the 2019-01-07 snapshot -> fixtures/dice/goldens/
#   SET feb: 5384447, the 2019-02-18 snapshot (CloneBot)  -> fixtures/dice/goldens-2019-02-18/
#   SET ours: ignored (our own tools/oracle/dice/bots/frame_readers.py) -> fixtures/dice/goldens-ours/
set -euo pipefail
out=$1; fixed=$2/forty-game/forty_game_controller.py; snap=$3/forty-game/auto_bots.py; first=$4/codegolf/forty-game/forty_game_controller.py
set_=${5:-jan}
here=$(cd "$(dirname "$0")" && pwd)
[ "$set_" = ours ] && snap=$here/bots/frame_readers.py
mkdir -p "$out"
run() { # pool games seed [file prefix]
  for rules in fixed original; do
    ctl=$fixed; [ "$rules" = original ] && ctl=$first
    python3 "$here/golden.py" --snapshot "$snap" --controller "$ctl" --rules $rules --seed "$3" --games "$2" --bots "@$here/pools/$1.txt" > "$out/${4:-$1}-$rules-seed$3.json"
  done
}
case "$set_" in
  jan)
    for s in 1 2 2019; do run official49 2000 $s; run small 3000 $s; done
    for s in 1 2 2019 7; do run all 2000 $s; done
    run official49+neo+harkonnen 2000 11
    run tleilaxu-copies-harkonnen 3000 6
    for s in 1 2; do run inspect 3000 $s; done ;;
  feb) for s in 1 2; do run feb-all 2000 $s; run feb-clone 3000 $s; done ;;
  ours) for s in 1 2; do run ours 500 $s; done ;;
  *) echo "unknown set $set_: jan, feb or ours" >&2; exit 2 ;;
esac
