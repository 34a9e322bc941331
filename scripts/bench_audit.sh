#!/usr/bin/env bash
# Benchmark of `ttc audit` (see bench_check.sh):
#   scripts/bench_audit.sh [TABLE] [THREADS]
exec "$(dirname "$0")/bench_check.sh" audit "$@"
