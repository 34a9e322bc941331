#!/usr/bin/env bash
# The three long jobs one after the other, each alone on the machine: a
# fresh full solve (bench_solve.sh), then the equation audit and the threat
# census of the table it wrote (bench_audit.sh, bench_census.sh). Prints
# each script's report, then one summary line per job: wall time, user
# time and peak RSS (/usr/bin/time -v). Run it on otherwise idle cores;
# about 20 minutes on two cores. Logs in data/bench/.
#
#   scripts/bench_all.sh [travel|outbound|toward] [THREADS]
set -euo pipefail
cd "$(dirname "$0")/.."
rules=${1:-travel}
threads=${2:-2}
table=data/bench/ttc-$rules.tbl
scripts/bench_solve.sh "$rules" "$threads"
scripts/bench_audit.sh "$table" "$threads"
scripts/bench_census.sh "$table" "$threads"
summary() {
    local log=$1
    local wall user rss
    wall=$(grep -E "Elapsed \(wall clock\)" "$log" | awk '{print $NF}')
    user=$(grep -E "User time" "$log" | awk '{print $NF}')
    rss=$(grep -E "Maximum resident set size" "$log" | awk '{print $NF}')
    printf '%-7s wall %s, user %s s, peak RSS %s KB\n' "$2" "$wall" "$user" "$rss"
}
echo "summary ($rules, $threads threads):"
summary "data/bench/solve-$rules-$threads.log" solve
summary "data/bench/audit-ttc-$rules-$threads.log" audit
summary "data/bench/census-ttc-$rules-$threads.log" census
