#!/usr/bin/env bash
# Long fuzz run: every fuzz target of the workspace with the long budget.
#
#   scripts/fuzz.sh [INPUTS]      # default 10,000,000 mutator inputs per
#                                 # target checked in memory
#
# Text, header, block-index and block targets, and whole tables checked in
# memory (`from_bytes`, the checks `open` runs on a file's mapping): INPUTS
# inputs each (TTC_FUZZ_INPUTS) after TTC_FUZZ_CASES proptest cases; the
# real 3x3 tables also get TTC_FUZZ_TABLE_CHANGES random single-byte
# changes and as many random truncations in memory (default 5,000,000:
# 10,000,512 inputs per table with the 512 of the first 256 bytes).
# Whole-file targets write every input to a file (under TMPDIR, /dev/shm
# by default) and open it by path, 0.03-0.25 ms each (about 2 hours of one
# core for all of them); they take TTC_FUZZ_FILE_CASES proptest cases and
# TTC_FUZZ_FILE_INPUTS mutator inputs (default 1,000 and INPUTS).
# TTC_FUZZ_SECONDS, if set, stops each byte target's loop after that many
# seconds (its count line says so).
# Each target prints `fuzz TARGET: seed S, N inputs (proptest A of N
# accepted; mutator A of N accepted) in T s`; the summary lines are
# collected at the end. Runs under `nice`; the test profile keeps overflow
# checks on, so an arithmetic overflow is a finding too.
#
# Each run draws a fresh seed (TTC_FUZZ_SEED, printed first; set it to
# repeat a run): every target's inputs come from it, each count line shows
# it with the accepted and refused shares, and a failing input is saved
# under target/fuzz-findings/.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${TTC_FUZZ_SEED:-}" ]]; then
    TTC_FUZZ_SEED=$(od -An -N8 -tu8 /dev/urandom | tr -d ' ')
fi
export TTC_FUZZ_SEED
echo "fuzz seed: TTC_FUZZ_SEED=$TTC_FUZZ_SEED"
export TTC_FUZZ_INPUTS="${1:-${TTC_FUZZ_INPUTS:-10000000}}"
export TTC_FUZZ_CASES="${TTC_FUZZ_CASES:-10000}"
export TTC_FUZZ_FILE_CASES="${TTC_FUZZ_FILE_CASES:-1000}"
export TTC_FUZZ_FILE_INPUTS="${TTC_FUZZ_FILE_INPUTS:-$TTC_FUZZ_INPUTS}"
export TTC_FUZZ_TABLE_CHANGES="${TTC_FUZZ_TABLE_CHANGES:-5000000}"
if [[ -z "${TMPDIR:-}" && -d /dev/shm ]]; then export TMPDIR=/dev/shm; fi
log="${FUZZ_LOG:-target/fuzz.log}"
mkdir -p "$(dirname "$log")"
: >"$log"
start=$(date +%s)
status=0
# The game-record targets are unit tests of the records library:
# `records --lib fuzz_records`.
for target in "rules --test fuzz_notation" "audit --test fuzz_parsers" \
    "tables --test fuzz_tables" "solver --test fuzz_tables" \
    "records --lib fuzz_records"; do
    read -r -a args <<<"$target"
    echo "== cargo test -p ${args[*]}" | tee -a "$log"
    if ! nice -n 19 cargo test -p "${args[@]}" -- --nocapture 2>&1 | tee -a "$log"; then
        status=1
    fi
done
echo "== summary (wall time $(( $(date +%s) - start )) s)"
# With several tests of one binary running at once a count line may
# follow the libtest `test NAME ... ` prefix on the same line.
grep -oE 'fuzz [^:]+(: [^:]+)?: seed [^,]+, [0-9]+ inputs.* in .*' "$log" || true
echo "fuzz seed: TTC_FUZZ_SEED=$TTC_FUZZ_SEED"
exit "$status"
