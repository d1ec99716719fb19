#!/usr/bin/env bash
# Remakes one fixture set with the ORIGINAL programs (checkouts you fetched, outside the repo)
# and compares it with the committed one. Opt-in: not part of `npm test`.
#
#   npm run fixtures:remake -- rng
#   npm run fixtures:remake -- dice-goldens NANOPI@84d4df6 NANOPI@e7f8d68 MISC@032491a
#   npm run fixtures:remake -- dice-goldens-2019-02-18 NANOPI@84d4df6 NANOPI@5384447 MISC@032491a
#   npm run fixtures:remake -- dice-goldens-ours NANOPI@84d4df6 MISC@032491a
#   npm run fixtures:remake -- dice-traces  NANOPI@e7f8d68
#   npm run fixtures:remake -- ruins-goldens PCG@f83740b PCG@254d63f
#   npm run fixtures:remake -- atomas-goldens DIR   (controller.py and the three answers cut from the question)
#   npm run fixtures:remake -- camel-up-goldens CAMEL@46f6797 CAMEL@2ec4082
#   npm run fixtures:remake -- camel-up-format2026 CAMEL@2dbad1c   (the 2026 tournament goldens and the _fit_elo fixture)
#   npm run fixtures:remake -- stats FISHTEST_STATS_DIR CUTECHESS_DRIVER   (fixtures/stats: fishtest's server/fishtest/stats, your cutechess driver; see fixtures/stats/README.md)
#
# NANOPI@c: GitHub maxbergmark/nanopi-cloud at commit c; MISC@c: maxbergmark/misc-scripts;
# PCG@c: Beefster09/pcg-general. Exit 0 when every remade file equals the committed one, 1 when
# one differs (named), 2 on bad arguments. The remade files stay in a temporary folder (printed).
set -uo pipefail
cd "$(dirname "$0")/../.."
set_=${1:-}; shift || true
out=$(mktemp -d "${TMPDIR:-/tmp}/koth-remake-$set_-XXXXXX")
need() { [ $# -ge "$1" ] || { echo "usage: see the header of tools/oracle/remake.sh" >&2; exit 2; }; }
compare_dir() { # committed remade [zcat]
  local bad=0 n=0
  for f in "$2"/*; do
    n=$((n + 1)); b=$(basename "$f"); c="$1/$b"
    if [ "${3:-}" = zcat ]; then cmp -s <(zcat "$c") <(zcat "$f"); else cmp -s "$c" "$f"; fi
    if [ $? -eq 0 ]; then echo "same $b"; else echo "DIFF $b"; bad=$((bad + 1)); fi
  done
  echo "$((n - bad)) of $n equal (remade in $2)"
  [ $bad -eq 0 ]
}
case "$set_" in
  rng) python3 tools/oracle/rng/make_rng_vectors.py "$out" >/dev/null && compare_dir fixtures/rng "$out" ;;
  dice-goldens) shift 0; need 3 "$@" && bash tools/oracle/dice/goldens.sh "$out" "$1" "$2" "$3" && compare_dir fixtures/dice/goldens "$out" ;;
  dice-goldens-2019-02-18) need 3 "$@" && bash tools/oracle/dice/goldens.sh "$out" "$1" "$2" "$3" feb && compare_dir fixtures/dice/goldens-2019-02-18 "$out" ;;
  dice-goldens-ours) need 2 "$@" && bash tools/oracle/dice/goldens.sh "$out" "$1" - "$2" ours && compare_dir fixtures/dice/goldens-ours "$out" ;;
  dice-traces) need 1 "$@" && bash tools/oracle/dice/traces.sh "$out" "$1" && compare_dir fixtures/dice/traces "$out" zcat ;;
  ruins-goldens) need 2 "$@" && python3 tools/oracle/ruins/remake.py "$out" "$1" "$2" ;;
  atomas-goldens) need 1 "$@" && for b in draftBot RandomBot BadPlayer; do for s in 1 2 3 7 95889; do
      python3 tools/oracle/atomas/record.py --controller "$1/controller.py" --bot "$1/$b.py" --seed $s > "$out/$b-seed$s.json" || exit 1; done; done &&
    compare_dir fixtures/atomas/goldens "$out" ;;
  camel-up-goldens) need 2 "$@" && bash tools/oracle/camel-up/goldens.sh "$out" "$1" "$2" && compare_dir fixtures/camel-up/goldens "$out" ;;
  camel-up-format2026) need 1 "$@" && bash tools/oracle/camel-up/format2026.sh "$out" "$1" && compare_dir fixtures/camel-up/goldens/format2026 "$out/goldens" && compare_dir fixtures/camel-up/elo "$out/elo" ;;
  stats) need 2 "$@" && python3 tools/oracle/stats/record.py --fishtest-stats "$1" --cutechess-driver "$2" > "$out/sprt-reference.json" && compare_dir fixtures/stats "$out" ;;
  *) echo "unknown fixture set '$set_': rng, dice-goldens, dice-goldens-2019-02-18, dice-goldens-ours, dice-traces, ruins-goldens, atomas-goldens, camel-up-goldens, camel-up-format2026 or stats (see tools/oracle/remake.sh)" >&2; exit 2 ;;
esac
