#!/usr/bin/env bash
# Remakes every camel-up golden into OUT with the original controller and players.
#   bash tools/oracle/camel-up/goldens.sh OUT CAMEL@46f6797 CAMEL@2ec4082
# CAMEL@c = a checkout of GitHub trbarron/Camel_Up_Cup_2K18 at commit c.
set -euo pipefail
out=$1; head=$2; pre=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
rec() { python3 "$here/record.py" --checkout "$1" --seed "$2" --games "$3" --pool "$4" 2>/dev/null > "$out/$5"; }
for s in 1 2 3; do rec "$head" $s 300 Player0,Player1,Player2,Player0 46f6797-dumb-seed$s.json; done
for s in 1 2; do rec "$pre" $s 300 Player0,Player1,Player2,Player0 2ec4082-dumb-seed$s.json; done
for s in 1 2; do rec "$head" $s 3 Player0,Player1,Player2,Sir_Humpfree_Bogart 46f6797-all-seed$s.json; done
rec "$pre" 1 2 Player0,Player1,Player2,Sir_Humpfree_Bogart 2ec4082-all-seed1.json
