#!/usr/bin/env bash
# The full Tic-Tac-Chec solve by two `ttc` binaries taking turns (old,
# new, old, new, ...), each under /usr/bin/time -v: one line per run with
# wall time, user seconds, peak RSS (KB) and the table's CRC-64/XZ (must
# be 0x2d1b273677ade0ca), then the median wall and mean user seconds of
# each binary. Run it on otherwise idle cores. Writes into data/ttcsbs/.
#
#   scripts/ttc_side_by_side.sh OLD_TTC NEW_TTC [RUNS]   (RUNS: 3)
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 OLD_TTC NEW_TTC [RUNS]" >&2; exit 2; }
old=$(realpath "$1"); new=$(realpath "$2"); runs=${3:-3}
cd "$(dirname "$0")/.."
dir=data/ttcsbs; mkdir -p "$dir"; : > "$dir/runs.txt"
for i in $(seq 1 "$runs"); do
  for b in old new; do
    bin=$old; [ "$b" = new ] && bin=$new
    log=$dir/run-$b-$i.log
    /usr/bin/time -v "$bin" solve --threads 2 --out "$dir/t.tbl" --fresh > "$log" 2>&1
    wall=$(awk -F': ' '/Elapsed \(wall/ {print $2}' "$log")
    secs=$(echo "$wall" | awk -F: '{s=0; for(i=1;i<=NF;i++) s=s*60+$i; print s}')
    user=$(awk -F': ' '/User time/ {print $2}' "$log")
    rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$log")
    crc=$(grep -o "0x[0-9a-f]\{16\}" "$log" | tail -1)
    echo "$b $i wall=$secs user=$user rss=$rss crc=$crc" | tee -a "$dir/runs.txt"
    rm -f "$dir/t.tbl"
  done
done
for b in old new; do
  grep "^$b " "$dir/runs.txt" | sed 's/.*wall=\([^ ]*\) user=\([^ ]*\).*/\1 \2/' | sort -n |
    awk -v b="$b" '{w[NR]=$1; u+=$2} END {m=(NR%2)?w[(NR+1)/2]:(w[NR/2]+w[NR/2+1])/2;
      printf "%s: median wall %.1f s, mean user %.1f s over %d runs\n", b, m, u/NR, NR}'
done
