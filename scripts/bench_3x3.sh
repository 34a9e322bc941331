#!/usr/bin/env bash
# Solve time of every 3x3 variant (all role sets, all pawn readings, the
# default opening lock of 4 plies) against its size, so the cost of the
# full game on another machine can be estimated: cells (post-opening +
# opening) and wall seconds of `ttc solve`, per variant. Run it on
# otherwise idle cores.
#
#   scripts/bench_3x3.sh [THREADS]
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${1:-2}
cargo build --release --quiet
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%-9s %-4s %12s %10s %8s\n' reading roles post-cells opening wall-s
for rules in travel outbound toward; do
  for roles in NBR PBR PNR PNB; do
    json=$(target/release/ttc --json solve --size 3 --roles "$roles" --rules "$rules" \
      --threads "$threads" --out "$dir/t.tbl" --fresh 2>/dev/null)
    python3 - "$rules" "$roles" <<PY
import json, sys
r = json.loads('''$json''')
print(f"{sys.argv[1]:<9} {sys.argv[2]:<4} {r['post']['positions']:>12,} {r['opening']['positions']:>10,} {r['seconds']:>8.2f}")
PY
  done
done
