#!/usr/bin/env bash
# Reproduces the Surakarta figures of REPRODUCE.md and checks
# them against the expected values; exits non-zero on the first mismatch.
#
#   scripts/reproduce_surakarta.sh           perft 1..7, cross-checks, verify-game
#   scripts/reproduce_surakarta.sh --bench   also the criterion benchmark
#
# Takes about a minute without --bench (perft 7 is 1.44e9 leaves) on one
# core; the benchmark adds a few minutes. Uses CARGO_TARGET_DIR if set.
set -euo pipefail
cd "$(dirname "$0")/.."

run_bench=0
for arg in "$@"; do
    case "$arg" in
        --bench) run_bench=1 ;;
        *) echo "usage: $0 [--bench]" >&2; exit 2 ;;
    esac
done

target="${CARGO_TARGET_DIR:-target}"
cargo build --release -p ttc
ttc="$target/release/ttc"
export RUST_BACKTRACE=0

failures=0
check() { # check WHAT EXPECTED ACTUAL
    if [[ "$2" == "$3" ]]; then
        echo "ok    $1: $3"
    else
        echo "FAIL  $1: expected $2, got $3"
        failures=$((failures + 1))
    fi
}
nodes_of() { sed -n 's/^nodes: //p' | tr -d ,; }

# 1. perft from the start position, depth 1..7.
expected=(1 16 256 5382 111122 2572484 58479230 1442032302)
for depth in 1 2 3 4 5 6 7; do
    got=$("$ttc" perft surakarta --depth "$depth" | nodes_of)
    check "perft $depth from the start" "${expected[$depth]}" "$got"
done

# 2. divide at depth 2: 16 root moves, 16 replies each at the start.
got=$("$ttc" perft surakarta --depth 2 --divide | grep -c '^[a-f][1-6]-[a-f][1-6] 16$' || true)
check "divide 2: root moves with 16 replies" 16 "$got"

# 3. cross-check with the audit engine: start to depth 6, a middle game to
#    depth 5.
out=$("$ttc" perft surakarta --depth 6 --cross-check)
check "cross-check depth 6 nodes" 58479230 "$(nodes_of <<<"$out")"
check "cross-check depth 6 verdict" \
    "cross-check: the rules and audit generators agree at 2,689,261 positions" \
    "$(grep '^cross-check' <<<"$out")"
middle="bb2bb/bbb1bb/2r3/2rbr1/r1rrrr/rr3r r 2"
out=$("$ttc" perft surakarta --depth 5 --position "$middle" --cross-check)
check "middle game perft 5 (cross-checked)" 22154877 "$(nodes_of <<<"$out")"
check "middle game cross-check verdict" \
    "cross-check: the rules and audit generators agree at 691,279 positions" \
    "$(grep '^cross-check' <<<"$out")"

# 4. JSON report.
got=$("$ttc" --json perft surakarta --depth 3 | grep -c '"nodes": 5382' || true)
check "perft --json nodes" 1 "$got"

# 5. Malformed position: clear error, non-zero exit.
if err=$("$ttc" perft surakarta --depth 1 --position "6/6/6/6/6/6 w" 2>&1); then
    check "bad position rejected" "non-zero exit" "exit 0"
else
    check "bad position message" \
        "error: position \"6/6/6/6/6/6 w\": side to move must be 'r' or 'b', found \"w\"" \
        "$err"
fi

# 6. verify-game on small records.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat >"$dir/repetition.txt" <<'EOF'
# Both sides shuffle; the start position occurs for the third time.
1. a2-a3 a5-a4 2. a3-a2 a4-a5
3. a2-a3 a5-a4 4. a3-a2 a4-a5
result draw
EOF
cat >"$dir/win.txt" <<'EOF'
# b4 takes c1 via a4 and the large a6 loop: Black's last piece.
position 6/6/6/1r4/6/1b4 r 0
1. b3-b4 b1-c1 2. b4xc1
result red
EOF
cat >"$dir/fifty.txt" <<'EOF'
position b5/6/6/6/6/5r r 48
f1-e1 a6-b6
result draw
EOF
cat >"$dir/illegal.txt" <<'EOF'
1. a2-a3 a5-a4
2. b2xb5
EOF
out=$("$ttc" verify-game surakarta "$dir/repetition.txt")
check "repetition record" \
    "result    draw (draw: the same board with the same side to move for the third time)" \
    "$(grep '^result' <<<"$out")"
out=$("$ttc" verify-game surakarta "$dir/win.txt")
check "win record" "result    red (red wins: all enemy pieces captured)" \
    "$(grep '^result' <<<"$out")"
out=$("$ttc" verify-game surakarta "$dir/fifty.txt")
check "fifty-turn record" "result    draw (draw: 50 turns without a capture)" \
    "$(grep '^result' <<<"$out")"
if out=$("$ttc" verify-game surakarta "$dir/illegal.txt" 2>&1); then
    check "illegal record rejected" "non-zero exit" "exit 0"
else
    check "illegal record" \
        "illegal   move 3 \"b2xb5\" (line 2): capture b2xb5: no path from b2 round at least one loop over empty points meets b5 as its first piece" \
        "$(grep '^illegal' <<<"$out")"
fi

# 6b. A course log (written for the tests; the public logs are in
# REPRODUCE.md, not in this repository): read by content, Red (the course's
# Black) captures every piece; shuttle moves repeat the start a third time,
# which ends the game under the standard rules but not the course's.
cat >"$dir/course.txt" <<'EOF'
C2-D3 E5-D4 D3-C4 E6-E5 C4-C6 F6-E6 C6-D4 B5-B4 D4-D6 B4-B3 D6-C5 E5-F4 C5-F4 F5-F6
C1-B3 A6-B5 F4-D5 B6-C5 D5-C5 A5-B4 C5-B4 B5-A6 B4-E6 A6-A5 B3-A5 F6-F5 E6-F5
EOF
printf 'A2-A3 A5-A4 A3-A2 A4-A5 A2-A3 A5-A4 A3-A2 A4-A5 B2-B3 ' >"$dir/shuttle.txt"
out=$("$ttc" verify-game surakarta --draw-rules course "$dir/course.txt")
check "course log" "result    red (red wins: all enemy pieces captured)" \
    "$(grep '^result' <<<"$out")"
if out=$("$ttc" verify-game surakarta "$dir/shuttle.txt" 2>&1); then
    check "repetition under standard rules" "non-zero exit" "exit 0"
else
    check "repetition under standard rules" "plies     8 legal" "$(grep '^plies' <<<"$out")"
fi
out=$("$ttc" verify-game surakarta --draw-rules course "$dir/shuttle.txt")
check "no repetition rule under course rules" "plies     9 legal" "$(grep '^plies' <<<"$out")"

# 7. Benchmark (optional): median nodes per second, goal 5e7 on one core.
if [[ $run_bench == 1 ]]; then
    cargo bench -p rules --bench surakarta_perft
    for case in start_d5 middle_d5; do
        est="$target/criterion/surakarta_perft/$case/new/estimates.json"
        elements=$([[ $case == start_d5 ]] && echo 2572484 || echo 22154877)
        median_ns=$(sed -E 's/.*"median":\{"confidence_interval":\{[^}]*\},"point_estimate":([0-9.eE+-]+).*/\1/' "$est")
        nps=$(awk -v n="$elements" -v t="$median_ns" 'BEGIN { printf "%.0f", n / (t * 1e-9) }')
        echo "bench $case: median $median_ns ns per perft, $nps nodes/s"
        if (( nps < 50000000 )); then
            echo "FAIL  bench $case: below the 50 million nodes/s goal"
            failures=$((failures + 1))
        fi
    done
fi

if (( failures > 0 )); then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all Surakarta figures reproduced"
