#!/usr/bin/env bash
# Packs the travel-direction table into a compact table, proves it lossless
# (cell by cell and by CRC), checks its size, probes the empty board from
# both formats and times a probe. Exits non-zero on the first failed check.
#
#   scripts/reproduce_probe.sh            # data/ttc-travel.tbl -> data/ttc-travel.ctbl
#   QUICK=1 scripts/reproduce_probe.sh    # the same on a 3x3 table solved on the fly
#   BENCH=1 ...                           # also run the criterion probe benchmark
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
export RUST_BACKTRACE=0
cargo build --release -p ttc -q
TTC="$CARGO_TARGET_DIR/release/ttc"
fail=0
expect() { # expect NAME EXPECTED ACTUAL
  if [[ "$2" == "$3" ]]; then echo "ok   $1: $3"; else echo "FAIL $1: expected '$2', got '$3'"; fail=1; fi
}
has() { # has NAME NEEDLE TEXT
  if grep -qF -- "$2" <<<"$3"; then echo "ok   $1"; else echo "FAIL $1: no '$2' in: $3"; fail=1; fi
}

if [[ "${QUICK:-0}" == 1 ]]; then
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  SRC="$tmp/t3.tbl"; OUT="$tmp/t3.ctbl"
  "$TTC" solve --size 3 --roles PNB --out "$SRC" --threads 1 >/dev/null 2>&1
  CELLS=339239; MAX_BYTES=339367; MOVES=27; EMPTY="win in 7"
else
  SRC="${TABLE:-data/ttc-travel.tbl}"; OUT="${OUT:-data/ttc-travel.ctbl}"
  [[ -f "$SRC" ]] || { echo "missing $SRC: run scripts/reproduce.sh (the solve) first"; exit 1; }
  CELLS=2476597610; MAX_BYTES=250000000; MOVES=64; EMPTY="draw"
fi

# 1. Pack (includes the cell-by-cell comparison of the written file with the source).
start=$(date +%s.%N)
pack=$(nice -n 10 "$TTC" --json pack "$SRC" "$OUT" --force)
end=$(date +%s.%N)
echo "pack wall time: $(echo "$end - $start" | bc) s"
expect "cells identical to the source" "$CELLS" "$(jq .identical_cells <<<"$pack")"
bytes=$(jq .compact_bytes <<<"$pack")
echo "compact size: $bytes bytes (source $(jq .source_bytes <<<"$pack"), ratio $(jq .ratio <<<"$pack"))"
if (( bytes <= MAX_BYTES )); then echo "ok   size <= $MAX_BYTES"; else echo "FAIL size $bytes > $MAX_BYTES"; fail=1; fi
expect "compact file length" "$bytes" "$(stat -c %s "$OUT")"

# 2. CRC: the compact header carries the source's cell CRC; SHA-256 sidecar.
src_crc=$("$TTC" --json verify "$SRC" | jq -r .crc64)
expect "cells CRC-64/XZ equals the source's" "$src_crc" "$(jq -r .cells_crc_hex <<<"$pack")"
(cd "$(dirname "$OUT")" && sha256sum --quiet -c "$(basename "$OUT").sha256") && echo "ok   SHA-256 sidecar" || { echo "FAIL SHA-256 sidecar"; fail=1; }
if v=$("$TTC" verify "$OUT" 2>&1); then
  echo "ok   ttc verify of the compact table"
elif grep -q "TTCTBASE" <<<"$v"; then
  echo "skip ttc verify does not read compact tables yet: $v"
else
  echo "FAIL ttc verify: $v"; fail=1
fi

# 3. Probe the empty board from both formats: identical move lists.
a=$("$TTC" --json probe "$SRC" | jq -c '{category, distance, text, moves}')
b=$("$TTC" --json probe "$OUT" | jq -c '{category, distance, text, moves}')
expect "probe source == probe compact (SHA-256 of the JSON move lists)" "$(sha256sum <<<"$a" | cut -c1-16)" "$(sha256sum <<<"$b" | cut -c1-16)"
expect "empty board" "$EMPTY" "$(jq -r .text <<<"$b")"
expect "first placements" "$MOVES" "$(jq '.moves | length' <<<"$b")"
if [[ "${QUICK:-0}" != 1 ]]; then
  expect "every first placement draws" "$MOVES" "$(jq '[.moves[] | select(.category == "draw")] | length' <<<"$b")"
fi
"$TTC" probe "$OUT" | head -12

# 4. Time whole probe commands (process start, index build, cold blocks).
for t in "$OUT" "$SRC"; do
  start=$(date +%s.%N)
  "$TTC" probe "$t" --moves "$([[ "${QUICK:-0}" == 1 ]] && echo 'P@a1 n@b2 N@c3 p@a3' || echo 'N@b2 n@c3 B@a1 b@d4 R@c1 r@a4')" >/dev/null
  end=$(date +%s.%N)
  echo "ttc probe $t: $(echo "$end - $start" | bc) s (cold, whole command)"
done

# 5. Warm probe latency (criterion medians).
if [[ "${BENCH:-0}" == 1 ]]; then
  TTC_COMPACT="$(realpath "$OUT")" nice -n 10 cargo bench -p solver --bench probe >/dev/null 2>&1
  # Criterion medians (estimates.json), one line per benchmark.
  find "$CARGO_TARGET_DIR/criterion" -path "*warm probe*" -path "*/new/estimates.json" -print0 |
    while IFS= read -r -d '' f; do
      d=$(dirname "$f")
      printf "%-90s median %8.0f ns\n" "$(jq -r .title "$d/benchmark.json")" "$(jq .median.point_estimate "$f")"
    done | sort
fi

if [[ $fail == 0 ]]; then echo "reproduce_probe: all checks passed"; else echo "reproduce_probe: FAILED"; exit 1; fi
