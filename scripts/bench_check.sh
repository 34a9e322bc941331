#!/usr/bin/env bash
# Benchmark of `ttc audit` or `ttc census` on a 4x4 table: wall time,
# user time and peak RSS from /usr/bin/time -v, and the command's own
# report (per-pass times on standard error). Run it on otherwise idle
# cores. Writes into data/bench/. Called by bench_audit.sh and
# bench_census.sh.
#
#   scripts/bench_check.sh audit|census [TABLE] [THREADS]
set -euo pipefail
cd "$(dirname "$0")/.."
cmd=$1
table=${2:-data/ttc-travel.tbl}
threads=${3:-2}
cargo build --release --quiet
mkdir -p data/bench
log=data/bench/$cmd-$(basename "$table" .tbl)-$threads.log
/usr/bin/time -v target/release/ttc "$cmd" "$table" --threads "$threads" > "$log" 2>&1
grep -vE "^\s" "$log" | grep -v "%" | tail -40
grep -E "Elapsed \(wall clock\)|User time|Maximum resident set size|Exit status" "$log"
