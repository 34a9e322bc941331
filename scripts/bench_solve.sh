#!/usr/bin/env bash
# Benchmark of the full Tic-Tac-Chec solve: wall time, user time and peak
# RSS from /usr/bin/time -v, the per-pass log (time, positions decoded,
# evaluated, evaluated in full, children visited, groups found from the
# change lists) and the CRC-64/XZ of the table (travel-direction must give
# 0x2d1b273677ade0ca). Run it on otherwise idle cores. Writes into
# data/bench/.
#
#   scripts/bench_solve.sh [travel|outbound|toward] [THREADS]
set -euo pipefail
cd "$(dirname "$0")/.."
rules=${1:-travel}
threads=${2:-2}
cargo build --release --quiet
mkdir -p data/bench
out=data/bench/ttc-$rules.tbl
log=data/bench/solve-$rules-$threads.log
/usr/bin/time -v target/release/ttc solve --rules "$rules" --threads "$threads" --out "$out" --fresh --log-passes > "$log" 2>&1
grep -E "^(wdl sweep|pending|wave|init|opening ply)" "$log" | grep -v "%" || true
grep -E "post-opening:|opening:|wall time|CRC-64" "$log"
grep -E "Elapsed \(wall clock\)|User time|System time|Maximum resident set size" "$log"
