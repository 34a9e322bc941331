#!/usr/bin/env bash
# The whole chain a user runs after regenerating the table, one job after
# the other, each alone on the machine: a fresh full solve, the equation
# audit, the threat census, the reachability census and the pack into a
# compact table; then the audit and the census in one pass (`ttc audit
# TABLE --census`), which a user runs instead of the two, and whose
# reports must equal theirs. For each job: wall time, user time and peak RSS
# (/usr/bin/time -v); then the figures that must not change from one
# build to the next: the solve's CRC-64/XZ (travel-direction:
# 0x2d1b273677ade0ca), the audit's verdict, the census's eight published
# figures, the reach's counts, the compact table's size and SHA-256.
#
# Every report is kept as JSON in data/bench/LABEL-THREADS/ together with
# figures.json: the reports without times, thread counts, paths and the
# per-pass and per-round logs (whose split between passes depends on
# thread timing). Two runs computed the same figures when their
# figures.json files are identical:
#
#   diff data/bench/before-2/figures.json data/bench/after-2/figures.json
#
# It builds the work tree first (`cargo build --release`), so it times
# whatever is checked out, changes included. Each run keeps its solved
# table and compact table beside the reports: about 2.6 GB of disk per run.
# Needs GNU time, jq, bc and git. Run it on otherwise idle cores: about 17
# minutes on two cores (December 2026), about twice that on one.
#
#   scripts/bench_all.sh [travel|outbound|toward] [THREADS] [LABEL]
#
# LABEL names the run's folder, e.g. `before` and `after` around a change
# (default `run`).
set -euo pipefail
cd "$(dirname "$0")/.."
rules=${1:-travel}
threads=${2:-2}
label=${3:-run}
cargo build --release --quiet
dir=data/bench/$label-$threads
mkdir -p "$dir"
table=$dir/ttc-$rules.tbl
ttc=target/release/ttc

# step NAME ARGS...: runs `ttc ARGS... --json --threads THREADS` under
# /usr/bin/time -v; the report in NAME.json, standard error in NAME.log.
step() {
    local name=$1
    shift
    echo "== $name: ttc $* --threads $threads" >&2
    if ! /usr/bin/time -v "$ttc" "$@" --json --threads "$threads" \
        > "$dir/$name.json" 2> "$dir/$name.log"; then
        tail -20 "$dir/$name.log" >&2
        echo "bench_all: $name failed (log: $dir/$name.log)" >&2
        exit 1
    fi
}

rm -f "$table" "${table%.tbl}.ctbl"
step solve solve --rules "$rules" --out "$table" --fresh --log-passes
step audit audit "$table"
step census census "$table"
step reach reach "$table"
step pack pack "$table" "${table%.tbl}.ctbl" --force
step audit_census audit "$table" --census

# The figures, without what varies from run to run.
jq -S -s 'map(walk(if type == "object"
        then del(.seconds, .search_seconds, .threads, .table, .path, .passes, .rounds)
        else . end))
    | {solve: .[0], audit: .[1], census: .[2], reach: .[3], pack: .[4]}' \
    "$dir"/{solve,audit,census,reach,pack}.json > "$dir/figures.json"
strip='walk(if type == "object" then del(.seconds, .threads, .table) else . end)'
if [ "$(jq -S "$strip" "$dir/audit.json")" = "$(jq -S ".audit | $strip" "$dir/audit_census.json")" ] &&
    [ "$(jq -S "$strip" "$dir/census.json")" = "$(jq -S ".census | $strip" "$dir/audit_census.json")" ]; then
    combined_same=yes
else
    combined_same=NO
fi

summary() {
    local log=$dir/$1.log
    local wall user rss
    wall=$(grep -E "Elapsed \(wall clock\)" "$log" | awk '{print $NF}')
    user=$(grep -E "User time" "$log" | awk '{print $NF}')
    rss=$(grep -E "Maximum resident set size" "$log" | awk '{print $NF}')
    printf '%-7s wall %8s, user %8s s, peak RSS %s KB\n' "$1" "$wall" "$user" "$rss"
}
echo "summary ($rules, $threads threads, $(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes')):"
for job in solve audit census reach pack audit_census; do summary "$job"; done
secs() { # wall seconds of a job
    grep -E "Elapsed \(wall clock\)" "$dir/$1.log" | awk '{print $NF}' |
        awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }'
}
total=0
for job in solve audit census reach pack; do total=$(echo "$total + $(secs "$job")" | bc); done
chain=0
for job in solve audit_census reach pack; do chain=$(echo "$chain + $(secs "$job")" | bc); done
echo "all five one after another: $total s; the chain with audit --census: $chain s"
jq -r '"solve   CRC-64/XZ \(.crc64)"' "$dir/solve.json"
jq -r '"audit   ok \(.ok), failures \(.failures), cells CRC ok \(.cells_crc_ok)"' "$dir/audit.json"
jq -r '"census  published figures match: \(.published_figures_match), detectors consistent: \(.consistent)"' "$dir/census.json"
jq -r '"reach   post-opening cells reached \(.post_opening.cells_reached), positions \(.post_opening.positions_reached); opening \(.opening.cells_reached); rounds \(.rounds | length)"' "$dir/reach.json"
jq -r '"pack    \(.compact_bytes) bytes, SHA-256 \(.sha256)"' "$dir/pack.json"
echo "audit --census reports equal the separate audit and census (times aside): $combined_same"
echo "figures: $dir/figures.json (sha256 $(sha256sum "$dir/figures.json" | cut -c1-16))"
