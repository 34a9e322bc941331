#!/usr/bin/env bash
# Reproduces the Tic-Tac-Chec audit figures of REPRODUCE.md and
# checks them against the expected values (the published solve);
# exits non-zero if any figure differs or any command fails.
#
#   scripts/reproduce_audit.sh                 everything (needs the table)
#   scripts/reproduce_audit.sh --quick         perft cross-checks and 3x3 only
#   scripts/reproduce_audit.sh --no-index      skip the 4x4 index audit
#
# TABLE=path overrides the table (default data/ttc-travel.tbl); LOGS=dir keeps
# each command's output, timing and stderr there. The full run
# takes about 10 + 10 + 20 minutes on two cores (audit, index audit, census)
# and reports wall time and peak RSS of each (via /usr/bin/time -v when
# present). Uses CARGO_TARGET_DIR if set.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
index=1
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        --no-index) index=0 ;;
        *) echo "usage: $0 [--quick] [--no-index]" >&2; exit 2 ;;
    esac
done

table="${TABLE:-data/ttc-travel.tbl}"
target="${CARGO_TARGET_DIR:-target}"
cargo build --release -p ttc
ttc="$target/release/ttc"
export RUST_BACKTRACE=0
if [[ -n "${LOGS:-}" ]]; then
    logs="$LOGS" # keep every command's output there
    mkdir -p "$logs"
else
    logs="$(mktemp -d)"
    trap 'rm -rf "$logs"' EXIT
fi

failures=0
check() { # check WHAT EXPECTED ACTUAL
    if [[ "$2" == "$3" ]]; then
        echo "ok    $1: $3"
    else
        echo "FAIL  $1: expected '$2', got '$3'"
        failures=$((failures + 1))
    fi
}
# run NAME CMD...: runs CMD with output in $logs/NAME.out, timed if possible.
run() {
    local name="$1"
    shift
    local status=0
    if [[ -x /usr/bin/time ]]; then
        /usr/bin/time -v -o "$logs/$name.time" "$@" >"$logs/$name.out" 2>"$logs/$name.err" || status=$?
        local wall rss
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$logs/$name.time")
        rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$logs/$name.time")
        echo "time  $name: wall $wall, peak RSS $rss kB"
    else
        "$@" >"$logs/$name.out" 2>"$logs/$name.err" || status=$?
    fi
    if [[ $status -ne 0 ]]; then
        echo "FAIL  $name exited with status $status:"
        tail -5 "$logs/$name.err" | sed 's/^/      /'
        failures=$((failures + 1))
    fi
}
line() { grep -m1 "$2" "$logs/$1.out" || true; }
total() { sed -n 's/^nodes: //p' "$logs/$1.out" | tr -d ,; }

# 1. Perft from the empty board (placement-only opening: 64, 64*60, ...)
#    with the lockstep cross-check, and post-opening positions under each
#    pawn reading.
expected=(1 64 3840 161280 6289920)
for depth in 1 2 3 4; do
    run "perft$depth" "$ttc" perft ttc --depth "$depth" --cross-check
    check "perft $depth from the empty board" "${expected[$depth]}" "$(total "perft$depth")"
done
check "perft 4 cross-check" "cross-check: the rules and audit generators agree at 6,455,105 positions" \
    "$(line perft4 '^cross-check')"
pos="1p2/2P1/1b2/r1B1 w NRn ^v -"
for rules in travel outbound toward; do
    run "perft-$rules" "$ttc" perft ttc --rules "$rules" --depth 4 --cross-check --position "$pos"
    check "perft 4 ($rules) cross-check" "agree" \
        "$(line "perft-$rules" '^cross-check' | grep -o agree || true)"
done
check "perft 4 travel-direction from '$pos'" 188785 "$(total perft-travel)"
check "perft 4 outbound-only from '$pos'" 188446 "$(total perft-outbound)"
run perft-3x3 "$ttc" perft ttc --size 3 --roles PNB --lock 0 --depth 5 --cross-check
check "perft 5 on 3x3 PNB lock 0" 1280802 "$(total perft-3x3)"
run divide "$ttc" perft ttc --depth 2 --divide
check "divide 2: root moves with 60 replies" 64 "$(grep -c '^[PNBR]@[a-d][1-4] 60$' "$logs/divide.out" || true)"

# 2. Index audit of a 3x3 variant (seconds) and, in the full run, 4x4.
run index3 "$ttc" audit index --size 3 --roles PNB --lock 4
check "index audit 3x3 PNB" "index audit: ok (bijection, involution, pawn directions)" \
    "$(line index3 '^index audit')"

if [[ $quick -eq 1 ]]; then
    echo "quick run: $failures failure(s)"
    exit $((failures > 0))
fi

if [[ ! -f "$table" ]]; then
    echo "FAIL  table $table not found (solve it with: ttc solve --rules travel)"
    exit 1
fi

if [[ $index -eq 1 ]]; then
    run index "$ttc" audit index
    check "index post-opening" "post-opening: 2,462,360,745 ranks, 2,462,360,745 counted independently" \
        "$(line index '^post-opening')"
    check "index opening" "opening: 14,236,865 ranks, 14,236,865 counted independently" \
        "$(line index '^opening')"
    check "index audit" "index audit: ok (bijection, involution, pawn directions)" \
        "$(line index '^index audit')"
fi

# 3. The equation audit of the table.
run audit "$ttc" audit "$table"
check "audit post-opening W/L/D" \
    "post-opening: 2,462,360,745 positions: 184,895,598 wins / 24,178,920 losses / 2,253,286,227 draws" \
    "$(line audit '^post-opening: 2')"
check "audit post-opening longest" "post-opening: longest win 41 plies, longest loss 40 plies" \
    "$(line audit '^post-opening: longest')"
check "audit opening W/L/D" \
    "opening: 14,236,865 positions: 147,472 wins / 30,468 losses / 14,058,925 draws" \
    "$(line audit '^opening: 1')"
check "audit terminal positions" "18,516,912" \
    "$(line audit '^post-opening: .* terminal' | awk '{ print $2 }')"
check "audit directed post-opening moves" "28,730,418,180" \
    "$(line audit '^post-opening: .* moves checked' | sed -E 's/.* ([0-9,]+) moves checked.*/\1/')"
check "audit deepest opening result" "39" \
    "$(line audit '^opening: longest' | grep -o '[0-9]* plies' | sort -n | tail -1 | awk '{ print $1 }')"
check "audit verdict" "audit: every cell satisfies its equation" "$(line audit '^audit:')"

# 4. The threat census (the published solve, "一场注意力的较量").
run census "$ttc" census "$table"
for fig in "drawn positions with a live threat: 108,060,290" \
    "drawing moves among moves from draws: 93.20%" \
    "draws where most moves draw: 94.63%" \
    "draws where every move draws: 77.45%" \
    "moves keeping the draw under a live threat: 25.12%" \
    "threatened draws with exactly one drawing reply: 15.23%" \
    "live threats with a safe reply: 96.89%" \
    "live threats without a safe reply: 3,762,536"; do
    label="${fig%%:*}"
    got=$(line census "^  $label:" | sed -E 's/^  [^:]*: ([^ ]*) .*/\1/')
    check "census $label" "${fig#*: }" "$got"
done
# The published solve says the 3,762,536 unanswerable threats "are exactly the loss-in-2
# positions". Every one of them is lost in 2, but the table holds 3,763,248
# losses in 2: 712 of them face no live threat (every move opens a line).
threats=$(line census '^post-opening: live threats')
check "census positions lost in 2" "3,763,248 lost in 2" \
    "$(grep -o '[0-9,]* lost in 2;' <<<"$threats" | tr -d ';')"
check "census unanswerable threats not lost in 2" "0" \
    "$(sed -E 's/.*unanswerable but not lost in 2: ([0-9,]*[0-9]).*/\1/' <<<"$threats")"
check "census losses in 2 without an unanswerable threat" "712" \
    "$(sed -E 's/.*not an unanswerable threat: ([0-9,]*[0-9]).*/\1/' <<<"$threats")"
check "census live threats = wins in 1 (colour-swap symmetry)" "121,017,608" \
    "$(sed -E 's/^post-opening: live threats: ([0-9,]+) positions.*/\1/' <<<"$threats")"
check "census: the eight published figures, apart from the zugzwang finding" \
    "  published figures match: yes, all eight" "$(line census '^  published figures match:')"
check "census: losses in 2 without a live threat" "712" \
    "$(line census '^  positions lost in 2:' | sed -E 's/.*of which ([0-9,]+) face no live threat.*/\1/')"
check "census detectors" "census: the two threat detectors agree on every position" \
    "$(line census '^census:')"

echo "full run: $failures failure(s)"
exit $((failures > 0))
