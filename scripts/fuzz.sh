#!/usr/bin/env bash
# Long fuzz run: every fuzz target of the workspace with the long budget.
#
#   scripts/fuzz.sh [INPUTS]      # default 10,000,000 mutator inputs per
#                                 # parser and header target
#
# Text and header targets: INPUTS inputs each (TTC_FUZZ_INPUTS) after
# TTC_FUZZ_CASES proptest cases. Whole-file targets write every input to
# a file (under TMPDIR, /dev/shm by default) and read it whole, a few
# milliseconds each, so they take TTC_FUZZ_FILE_CASES proptest cases and
# TTC_FUZZ_FILE_INPUTS mutator inputs (default 1,000 and 10,000), plus on
# the real 3x3 tables TTC_FUZZ_TABLE_CHANGES random single-byte changes
# and as many truncations (default 10,000) besides every change and
# truncation within the first 256 bytes.
# Each target prints `fuzz TARGET: N inputs in S s`; the summary lines are
# collected at the end. Runs under `nice`; the test profile keeps overflow
# checks on, so an arithmetic overflow is a finding too.
set -euo pipefail
cd "$(dirname "$0")/.."
export TTC_FUZZ_INPUTS="${1:-${TTC_FUZZ_INPUTS:-10000000}}"
export TTC_FUZZ_CASES="${TTC_FUZZ_CASES:-10000}"
export TTC_FUZZ_FILE_CASES="${TTC_FUZZ_FILE_CASES:-1000}"
export TTC_FUZZ_FILE_INPUTS="${TTC_FUZZ_FILE_INPUTS:-10000}"
export TTC_FUZZ_TABLE_CHANGES="${TTC_FUZZ_TABLE_CHANGES:-10000}"
if [[ -z "${TMPDIR:-}" && -d /dev/shm ]]; then export TMPDIR=/dev/shm; fi
log="${FUZZ_LOG:-target/fuzz.log}"
mkdir -p "$(dirname "$log")"
: >"$log"
start=$(date +%s)
status=0
# The game-record targets are unit tests of the binary (the replay is
# private to it): `--bin ttc fuzz_records`.
for target in "rules --test fuzz_notation" "audit --test fuzz_parsers" \
    "tables --test fuzz_tables" "solver --test fuzz_tables" \
    "ttc --bin ttc fuzz_records"; do
    read -r -a args <<<"$target"
    echo "== cargo test -p ${args[*]}" | tee -a "$log"
    if ! nice cargo test -p "${args[@]}" -- --nocapture 2>&1 | tee -a "$log"; then
        status=1
    fi
done
echo "== summary (wall time $(( $(date +%s) - start )) s)"
grep -E '^fuzz ' "$log" || true
exit "$status"
