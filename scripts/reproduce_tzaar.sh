#!/usr/bin/env bash
# Reproduces every TZAAR figure of REPRODUCE.md and checks it; exits non-zero
# on the first mismatch. QUICK=1 skips the depth-3 cross-check (1-3 minutes).
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
nodes_of() { sed -n 's/^nodes: //p' | tr -d ,; }
has() { # has NAME NEEDLE TEXT
  if grep -qF -- "$2" <<<"$3"; then echo "ok   $1"; else echo "FAIL $1: no '$2' in: $3"; fail=1; fi
}

# 1. Perft from the fixed start, depths 1-3.
for pair in 1:42 2:260556 3:1557472755; do
  depth=${pair%%:*}; want=${pair##*:}
  out=$("$TTC" perft tzaar --depth "$depth" 2>/dev/null)
  expect "perft fixed start depth $depth" "$want" "$(nodes_of <<<"$out")"
done
expect "perft header" $'game: tzaar\nrules: tzaar-standard-2016-v1' "$(head -2 <<<"$out")"

# 2. Divide: four header lines, one line per first turn plan, a blank
#    line, the total.
out=$("$TTC" perft tzaar --depth 2 --divide 2>/dev/null)
expect "divide lines" 42 "$(grep -c '^[A-I][1-9]x' <<<"$out")"
expect "divide total" "nodes: 260,556" "$(tail -1 <<<"$out")"
expect "divide first line" "A5xA4 6142" "$(sed -n 5p <<<"$out")"

# 2b. Divide with the cross-check: the same lines, then the agreement, total last.
out=$("$TTC" perft tzaar --depth 2 --divide --cross-check 2>/dev/null)
expect "divide+cross-check first line" "A5xA4 6142" "$(sed -n 5p <<<"$out")"
expect "divide+cross-check lines" 42 "$(grep -c '^[A-I][1-9]x' <<<"$out")"
expect "divide+cross-check end" $'\ncross-check: the rules and audit generators agree at 43 positions\nnodes: 260,556' "$(tail -3 <<<"$out")"

# 3. JSON report.
out=$("$TTC" --json perft tzaar --depth 2 2>/dev/null)
has "json nodes" '"nodes": 260556' "$out"

# 4. Seeded openings: both generators agree to depth 2.
for pair in 1:853294 2:909255 3:938789 4:930767 5:813586; do
  seed=${pair%%:*}; want=${pair##*:}
  out=$("$TTC" perft tzaar --depth 2 --seed "$seed" --cross-check 2>/dev/null)
  expect "cross-check seed $seed depth 2" "agree $want" \
    "$(grep -o '^cross-check: the rules and audit generators agree' <<<"$out" | grep -o agree) $(nodes_of <<<"$out")"
done

# 5. Fixed start: both generators agree to depth 3.
if [[ "${QUICK:-0}" != 1 ]]; then
  out=$("$TTC" perft tzaar --depth 3 --cross-check 2>/dev/null)
  expect "cross-check fixed start depth 3" $'depth: 3\ncross-check: the rules and audit generators agree at 260,599 positions\nnodes: 1,557,472,755' "$(tail -3 <<<"$out")"
fi

# 6. A position given as text, and a bad one (clear error, exit code 1).
out=$("$TTC" perft tzaar --depth 2 --position "A1=T,A3=t,A4=r,E1=Z,E2=R,I1=z,I2=r,I3=t w normal" 2>/dev/null)
expect "perft from text position" $'position: A1=T,A3=t,A4=r,E1=Z,E2=R,I1=z,I2=r,I3=t w normal\ndepth: 2\nnodes: 20' "$(tail -3 <<<"$out")"
if out=$("$TTC" perft tzaar --depth 1 --position "A1=T,E5=t w normal" 2>&1); then fail=1; echo "FAIL bad position accepted"; fi
has "bad position error" 'placement 2 `E5=t`: `E5` is the centre hole' "$out"

# 7. verify-game: a legal game, a game won by a suicide stack, an illegal turn.
tmp=$(mktemp -d)
printf '# fixed start\n1. D5xD4\n2. E6xD6 pass\n3. D4xC3 D3+C3\n' >"$tmp/legal.txt"
printf 'position: A1=T,A2=R,A3=Z,A4=t,A5=t,I1=z,I2=r,I3=t w normal\n1. A3xA4 A1+A2\n' >"$tmp/suicide.txt"
printf '1. D5xD4\n2. E6xD6 pass\n3. D4xA1 pass\n' >"$tmp/illegal.txt"
out=$("$TTC" verify-game tzaar "$tmp/legal.txt" 2>&1)
has "verify legal game" "result: game in progress, Black to move" "$out"
out=$("$TTC" verify-game tzaar "$tmp/suicide.txt" 2>&1)
has "verify suicide stack" "result: Black wins: White has no visible Tzarra" "$out"
if out=$("$TTC" verify-game tzaar "$tmp/illegal.txt" 2>&1); then fail=1; echo "FAIL illegal game accepted"; fi
has "verify illegal turn" 'ILLEGAL turn 3 (line 3) `D4xA1 pass`: first action: the stack on C3 stands between D4 and A1' "$out"
# A LittleGolem record (written for the tests; the public games are in
# REPRODUCE.md, not in this repository): read by content, White wins.
cat >"$tmp/lg.txt" <<'EOF'
(;FF[TZAAR]VA[RANDOM]POS[baAbABCBAbcCbcaCCbCcAcCAbCCaABbBccBccCaCccCcabcCBCbCcBcacCBB]
;W[plom];B[smsl-mmmn];W[krlq-kpkq];B[slrl-oqnq];W[nonn-lrks])
EOF
out=$("$TTC" verify-game tzaar "$tmp/lg.txt" 2>&1)
has "verify LittleGolem record" "result: White wins: Black has no visible Tzaar" "$out"
has "LittleGolem engines agree" "the audit engine agrees on every turn and the result" "$out"
rm -rf "$tmp"

if [[ $fail != 0 ]]; then echo "TZAAR reproduction: MISMATCH"; exit 1; fi
echo "TZAAR reproduction: all figures match"
