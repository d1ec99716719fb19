#!/usr/bin/env bash
# Remakes every dice golden into OUT with the original controllers (tools/oracle/dice/golden.py).
#   bash tools/oracle/dice/goldens.sh OUT NANOPI_84d4df6 NANOPI_e7f8d68 MISC_032491a
# NANOPI_84d4df6 = a checkout of maxbergmark/nanopi-cloud at 84d4df6 (the updated controller),
# NANOPI_e7f8d68 = the same repository at e7f8d68 (auto_bots.py: the 2019-01-07 snapshot),
# MISC_032491a   = maxbergmark/misc-scripts at 032491a (the first controller).
set -euo pipefail
out=$1; fixed=$2/forty-game/forty_game_controller.py; snap=$3/forty-game/auto_bots.py; first=$4/codegolf/forty-game/forty_game_controller.py
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
run() { # pool games seed
  for rules in fixed original; do
    ctl=$fixed; [ "$rules" = original ] && ctl=$first
    python3 "$here/golden.py" --snapshot "$snap" --controller "$ctl" --rules $rules --seed "$3" --games "$2" --bots "@$here/pools/$1.txt" > "$out/$1-$rules-seed$3.json"
  done
}
for s in 1 2 2019; do run official49 2000 $s; run small 3000 $s; done
for s in 1 2 2019 7; do run all 2000 $s; done
run official49+neo+harkonnen 2000 11
run tleilaxu-copies-harkonnen 3000 6
