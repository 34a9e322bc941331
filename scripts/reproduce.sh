#!/usr/bin/env bash
# Reproduces the Tic-Tac-Chec figures of the published solve and checks each against
# the expected values in REPRODUCE.md (scripts/check_figures.py).
#
#   scripts/reproduce.sh            # count, solve (if the table is missing), stats, verify
#   scripts/reproduce.sh --fresh    # re-solve even if data/ttc-travel.tbl exists
#   scripts/reproduce.sh --games    # also the TZAAR and Surakarta perft scripts
#   scripts/reproduce.sh --outbound # also solve outbound-only, compare the readings, audit it
#   scripts/reproduce.sh --toward   # also solve toward-opponent and compare the readings
set -euo pipefail
cd "$(dirname "$0")/.."
export RUST_BACKTRACE=0
fresh=0; games=0; outbound=0; toward=0
for a in "$@"; do
  case "$a" in
    --fresh) fresh=1 ;;
    --games) games=1 ;;
    --outbound) outbound=1 ;;
    --toward) toward=1 ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done
cargo build --release --quiet
ttc=target/release/ttc
out=data/reproduce
mkdir -p "$out"
table=data/ttc-travel.tbl
fail=0
check() { python3 scripts/check_figures.py "$1" "$2" || fail=1; }

echo "== ttc count"
$ttc --json count > "$out/count.json"
check count "$out/count.json"

if [ "$fresh" = 1 ] || [ ! -f "$table" ]; then
  echo "== ttc solve (wall time and peak RSS in $out/solve.time)"
  /usr/bin/time -v $ttc --json solve --out "$table" --fresh \
    > "$out/solve.json" 2> "$out/solve.time"
  grep -E "Elapsed|Maximum resident" "$out/solve.time"
fi

echo "== ttc stats"
$ttc --json stats "$table" > "$out/stats.json"
check stats "$out/stats.json"

echo "== ttc verify"
$ttc --json verify "$table" > "$out/verify.json"
check verify "$out/verify.json"

# Solves reading $1 into data/ttc-$1.tbl if missing, then compares it with
# the travel-direction table and checks the comparison's figures.
other_reading() {
  local r=$1 t=data/ttc-$1.tbl
  if [ ! -f "$t" ]; then
    echo "== ttc solve --rules $r"
    $ttc --json solve --rules "$r" --out "$t" --fresh > "$out/solve-$r.json"
  fi
  echo "== ttc compare travel $r"
  $ttc --json compare "$table" "$t" > "$out/compare-$r.json"
  check "compare-$r" "$out/compare-$r.json"
}
if [ "$outbound" = 1 ]; then
  other_reading outbound
  echo "== ttc audit outbound (about 9 minutes on two free cores)"
  $ttc --json audit --rules outbound data/ttc-outbound.tbl > "$out/audit-outbound.json" || true
  check audit-outbound "$out/audit-outbound.json"
fi
if [ "$toward" = 1 ]; then
  other_reading toward
fi

if [ "$games" = 1 ]; then
  echo "== TZAAR"; scripts/reproduce_tzaar.sh || fail=1
  echo "== Surakarta"; scripts/reproduce_surakarta.sh || fail=1
fi

if [ "$fail" = 0 ]; then echo "all figures reproduced"; else echo "SOME FIGURES DIFFER"; exit 1; fi
