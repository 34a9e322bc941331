#!/usr/bin/env bash
# TZAAR perft speed on one and two cores.
#  1. criterion bench (rules/benches/tzaar_perft.rs): plans/s, 1 and 2 threads;
#  2. the CLI at depth 3 from the fixed start with RAYON_NUM_THREADS=1 and 2.
# Figures depend on the machine and its load: record `uptime` with them.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores"
echo "load: $(uptime)"
cargo bench -p rules --bench tzaar_perft 2>&1 | grep -E '^tzaar_perft/|thrpt:'
cargo build --release -p ttc -q
for threads in 1 2; do
  echo "ttc perft tzaar --depth 3, RAYON_NUM_THREADS=$threads:"
  # nodes and wall time from the JSON report, then plans per second.
  out=$(RAYON_NUM_THREADS=$threads "$CARGO_TARGET_DIR/release/ttc" --json perft tzaar --depth 3)
  nodes=$(sed -nE 's/^  "nodes": ([0-9]+),?/\1/p' <<<"$out")
  secs=$(sed -nE 's/^  "seconds": ([0-9.]+),?/\1/p' <<<"$out")
  echo "  nodes $nodes in $secs s: $(awk -v n="$nodes" -v s="$secs" 'BEGIN { printf "%.1f M plans/s", n / s / 1e6 }')"
done
