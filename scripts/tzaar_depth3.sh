#!/usr/bin/env bash
# Runs the ignored test of audit/tests/tzaar_cross.rs: the whole depth-3
# perft tree of the TZAAR fixed start (1,557,472,755 plans) counted by the
# audit engine and by `rules::tzaar`. The test profile is optimised
# (opt-level 2), so after `cargo test --workspace` this builds nothing more;
# the test itself takes about 70 s on two shared cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test -p audit --test tzaar_cross -- --ignored --exact fixed_start_agrees_at_depth_3
