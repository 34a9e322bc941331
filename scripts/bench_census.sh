#!/usr/bin/env bash
# Benchmark of `ttc census` (see bench_check.sh):
#   scripts/bench_census.sh [TABLE] [THREADS]
exec "$(dirname "$0")/bench_check.sh" census "$@"
