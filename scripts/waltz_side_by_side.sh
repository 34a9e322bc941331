#!/usr/bin/env bash
# Side by side with WALTZ (Valla and Vesely's TZAAR program, built outside
# this tree from github.com/PavelVesely/tzaar-ai at 8e8ba6e with
# `make GCCFLAGS="-std=gnu99 -fcommon"` in tzaarProgram/): both programs on
# the same WALTZ test files, one set at a time, taking turns on each file.
#
#   scripts/waltz_side_by_side.sh [-s SET] [-t SECONDS] [-r RUNS] [-- EXTRA ::] WALTZ_REPO TTC
#
# SET: solvedEndgameSet (default), hardEndgameSet or middlegameSet;
# SECONDS: the time limit of both (default 30); RUNS: runs of each program
# on each file (default 1). EXTRA goes to `ttc solve-position` (e.g.
# --threads 1 or --tt-mib 1024). CPU is task-clock (all threads) from
# `perf stat`, in milliseconds, the mean of the runs. WALTZ runs as
# `tzaar -a 24 -t SECONDS -b FILE` (its best proof-number search, DFPNS);
# its value is what its DFPNS prints (`I am winner` / `I'm looser`), else
# unknown, and its `DFPNS: time` is given beside its CPU (which includes
# the alpha-beta it runs after a loss or no proof). WALTZ writes its move
# into FILE, so every run reads a fresh copy.
#
# Prints one tab-separated line per file: file, our value, turns, nodes,
# our CPU ms, WALTZ value, WALTZ DFPNS s, WALTZ CPU ms, ratio of CPU
# (WALTZ / ours), agreement (same, differ, or '-' when one is unknown);
# then totals.
set -euo pipefail
cd "$(dirname "$0")/.."
set_name=solvedEndgameSet
limit=30
runs=1
extra=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    -s) set_name="$2"; shift 2 ;;
    -t) limit="$2"; shift 2 ;;
    -r) runs="$2"; shift 2 ;;
    --) shift; while [[ $# -gt 0 && "$1" != "::" ]]; do extra+=("$1"); shift; done; shift || true ;;
    *) break ;;
  esac
done
[[ $# -eq 2 ]] || { echo "usage: $0 [-s SET] [-t SECONDS] [-r RUNS] [-- ARGS ::] WALTZ_REPO TTC" >&2; exit 2; }
repo=$1
ttc=$2
waltz="$repo/tzaarProgram/tzaar"
[[ -x "$waltz" ]] || { echo "error: no WALTZ binary at $waltz (build it first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu_ms OUT CMD...: runs CMD under perf stat; prints its task-clock (ms).
cpu_ms() {
  local out=$1; shift
  perf stat -x, -e task-clock -o "$tmp/perf" "$@" >"$out" 2>&1 || true
  awk -F, '/task-clock/ { printf "%.1f", $1 }' "$tmp/perf"
}

printf 'file\tours\tturns\tnodes\tours_ms\twaltz\twaltz_dfpns_s\twaltz_ms\tratio\tagree\n'
grep -v '^#' suites/tzaar_endgames.txt | awk -F' ; ' -v s="$set_name" '$2 == s { print $3 }' |
while IFS= read -r rel; do
  src="$repo/testPositions/$rel"
  name=${rel##*/}
  ours_sum=0 waltz_sum=0
  for ((r = 0; r < runs; r++)); do
    cp "$src" "$tmp/pos.txt"
    ms=$(cpu_ms "$tmp/ours.json" "$ttc" --json solve-position tzaar --waltz "$tmp/pos.txt" \
      --time-limit "$limit" "${extra[@]}")
    ours_sum=$(awk -v a="$ours_sum" -v b="$ms" 'BEGIN { print a + b }')
    cp "$src" "$tmp/pos.txt"
    ms=$(cd "$repo/tzaarProgram" && cpu_ms "$tmp/waltz.txt" ./tzaar -a 24 -t "$limit" -b "$tmp/pos.txt")
    waltz_sum=$(awk -v a="$waltz_sum" -v b="$ms" 'BEGIN { print a + b }')
  done
  value=$(sed -nE 's/^  "value": "([a-z]+)",?/\1/p' "$tmp/ours.json")
  turns=$(sed -nE 's/^  "turns": ([0-9a-z]+),?/\1/p' "$tmp/ours.json")
  nodes=$(sed -nE 's/^  "nodes": ([0-9]+),?/\1/p' "$tmp/ours.json")
  wvalue=unknown
  grep -q 'DFPNS: I am winner' "$tmp/waltz.txt" && wvalue=win
  grep -q "DFPNS: I'm looser" "$tmp/waltz.txt" && wvalue=loss
  wtime=$(sed -nE 's/.*DFPNS: time ([0-9.]+) s.*/\1/p' "$tmp/waltz.txt" | tail -1)
  agree=-
  if [[ $value != unknown && $wvalue != unknown ]]; then
    if [[ $value == "$wvalue" ]]; then agree=same; else agree=differ; fi
  fi
  awk -v f="$name" -v v="$value" -v t="$turns" -v n="$nodes" -v o="$ours_sum" -v wv="$wvalue" \
    -v wt="${wtime:--}" -v w="$waltz_sum" -v k="$runs" -v a="$agree" 'BEGIN {
      o /= k; w /= k
      printf "%s\t%s\t%s\t%s\t%.1f\t%s\t%s\t%.1f\t%.1f\t%s\n", f, v, t, n, o, wv, wt, w, (o > 0 ? w / o : 0), a }'
done | tee "$tmp/all"
awk -F'\t' '{ o += $5; w += $8; n++; if ($2 != "unknown") { proven++; if ($9 >= 10) ten++ }
    if ($6 != "unknown") wproven++; if ($10 == "same") same++; if ($10 == "differ") differ++ }
  END { printf "files: %d; proven: ours %d, WALTZ %d; values same on %d, different on %d\n", n, proven, wproven, same, differ
        printf "CPU ours %.1f ms, WALTZ %.1f ms; ours at least 10x less CPU on %d of the %d we prove\n", o, w, ten, proven }' "$tmp/all"
