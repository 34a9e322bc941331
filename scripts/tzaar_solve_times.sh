#!/usr/bin/env bash
# CPU time (user + system, GNU /usr/bin/time) of `ttc solve-position tzaar`
# on the positions of one set of suites/tzaar_endgames.txt, for one or more
# ttc binaries run one after the other on each position (alternating, so a
# change of load hits them alike).
#
#   scripts/tzaar_solve_times.sh [-s SET] [-r ROUNDS] [-- EXTRA ARGS] TTC...
#
# SET: solvedEndgameSet (default), hardEndgameSet or middlegameSet.
# ROUNDS (default 1): runs of every binary on every position; each line is
# one run. EXTRA ARGS go to every solve (e.g. --time-limit 30 --threads 1).
# Prints one tab-separated line per run: file, binary, value, turns, nodes,
# CPU seconds, wall seconds; then the CPU total of each binary.
set -euo pipefail
cd "$(dirname "$0")/.."
set_name=solvedEndgameSet
rounds=1
extra=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    -s) set_name="$2"; shift 2 ;;
    -r) rounds="$2"; shift 2 ;;
    --) shift; while [[ $# -gt 0 && "$1" != "::" ]]; do extra+=("$1"); shift; done; shift || true ;;
    *) break ;;
  esac
done
[[ $# -ge 1 ]] || { echo "usage: $0 [-s SET] [-r ROUNDS] [-- ARGS ::] TTC..." >&2; exit 2; }
bins=("$@")
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.json" "$tmp.all"' EXIT
printf 'file\tbinary\tvalue\tturns\tnodes\tcpu_s\twall_s\n'
grep -v '^#' suites/tzaar_endgames.txt | awk -F' ; ' -v s="$set_name" '$2 == s' |
while IFS= read -r line; do
  pos=${line%% ; *}
  file=${line##*/}
  file=${file%.txt}
  for ((r = 0; r < rounds; r++)); do
    for bin in "${bins[@]}"; do
      /usr/bin/time -f '%U %S %e' -o "$tmp" "$bin" --json solve-position tzaar "$pos" "${extra[@]}" >"$tmp.json" 2>/dev/null
      read -r user sys wall <"$tmp"
      value=$(sed -nE 's/^  "value": "([a-z]+)",?/\1/p' "$tmp.json")
      turns=$(sed -nE 's/^  "turns": ([0-9a-z]+),?/\1/p' "$tmp.json")
      nodes=$(sed -nE 's/^  "nodes": ([0-9]+),?/\1/p' "$tmp.json")
      cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$file" "$bin" "$value" "$turns" "$nodes" "$cpu" "$wall"
    done
  done
done | tee "$tmp.all"
awk -F'\t' '{ cpu[$2] += $6; n[$2]++ } END { for (b in cpu) printf "total CPU %s: %.2f s over %d runs\n", b, cpu[b], n[b] }' "$tmp.all"
