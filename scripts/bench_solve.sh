#!/usr/bin/env bash
# Benchmark of the full Tic-Tac-Chec solve: wall time and peak RSS from
# /usr/bin/time -v, plus the per-pass log. Writes into data/bench/.
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
/usr/bin/time -v target/release/ttc solve --rules "$rules" --threads "$threads" --out "$out" --fresh > "$log" 2>&1
grep -E "^(wdl sweep|wave|init|opening ply)" "$log" | grep -v "%" || true
grep -E "post-opening:|opening:|wall time" "$log"
grep -E "Elapsed \(wall clock\)|Maximum resident set size" "$log"
