#!/usr/bin/env bash
# Re-records every dice trace into OUT (one process per bot, so class-level state starts fresh)
# on the situations of the committed files, with the original bots of the 2019-01-07 snapshot.
#   bash tools/oracle/dice/traces.sh OUT NANOPI_e7f8d68 [BOT ...]
# NANOPI_e7f8d68 = a checkout of maxbergmark/nanopi-cloud at e7f8d68 (forty-game/auto_bots.py).
set -euo pipefail
out=$1; snap=$2/forty-game/auto_bots.py; shift 2
here=$(cd "$(dirname "$0")" && pwd); traces=$here/../../../fixtures/dice/traces
mkdir -p "$out"
bots=("$@"); [ ${#bots[@]} -gt 0 ] || bots=($(ls "$traces" | sed -n 's/\.json\.gz$//p'))
for b in "${bots[@]}"; do
  python3 "$here/trace.py" --snapshot "$snap" --bot "$b" --situations "$traces/$b.json.gz" > "$out/$b.json"
  gzip -9 -n -f "$out/$b.json"
done
