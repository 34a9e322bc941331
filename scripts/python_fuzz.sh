#!/usr/bin/env bash
# The long fuzz run of the Python package: 100,000 hypothesis examples
# per fuzz test (malformed positions, moves and turns of the three games,
# and table probes), instead of CI's 5,000. Takes several minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
TTC_PY_FUZZ_EXAMPLES=${TTC_PY_FUZZ_EXAMPLES:-100000} \
    TTC_PY_TESTS=$PWD/python/tests/test_fuzz.py \
    exec scripts/python_test.sh "$@"
