#!/usr/bin/env bash
# Benchmark of the Surakarta endgame solve: every material up to PIECES
# pieces (default 6), RUNS times (default 3), each run from an empty
# folder under data/bench/; prints each run's wall time, user time and
# peak RSS (/usr/bin/time -v), their medians, the positions (canonical
# cells) per second of wall and of user time, and the folder's
# per-material lines of the last run. Give a second binary as OTHER to alternate two builds run by run (before and
# after a change). Run it on otherwise idle cores.
#
#   scripts/bench_surakarta.sh [PIECES] [RUNS]
#   OTHER=/path/to/old/ttc scripts/bench_surakarta.sh 6 3
set -euo pipefail
cd "$(dirname "$0")/.."
pieces=${1:-6}
runs=${2:-3}
cargo build --release --quiet -p ttc
mkdir -p data/bench
bins=(target/release/ttc)
if [ -n "${OTHER:-}" ]; then bins+=("$OTHER"); fi
for bin in "${bins[@]}"; do : > "data/bench/skt-$(basename "$(dirname "$bin")")-$$.times"; done
for i in $(seq 1 "$runs"); do
    for bin in "${bins[@]}"; do
        dir=data/bench/skt$pieces
        rm -rf "$dir"
        log=data/bench/skt-run.log
        /usr/bin/time -v "$bin" solve surakarta --pieces "$pieces" --out "$dir" > "$log" 2>&1
        wall=$(grep "Elapsed (wall clock)" "$log" | awk '{print $NF}')
        user=$(grep "User time" "$log" | awk '{print $NF}')
        rss=$(grep "Maximum resident set size" "$log" | awk '{print $NF}')
        cells=$(grep -o "[0-9,]* positions, [0-9,]* placements" "$log" | tail -1 | cut -d' ' -f1 | tr -d ,)
        echo "$bin run $i: wall $wall, user $user s, peak RSS $rss KB, $cells positions"
        echo "$wall $user $rss $cells" >> "data/bench/skt-$(basename "$(dirname "$bin")")-$$.times"
    done
done
for bin in "${bins[@]}"; do
    f="data/bench/skt-$(basename "$(dirname "$bin")")-$$.times"
    python3 - "$bin" "$f" <<'PY'
import sys, statistics
def secs(t):
    parts = [float(x) for x in t.split(':')]
    return sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
rows = [l.split() for l in open(sys.argv[2]) if l.strip()]
wall = statistics.median(secs(r[0]) for r in rows)
user = statistics.median(float(r[1]) for r in rows)
rss = statistics.median(int(r[2]) for r in rows)
cells = int(rows[-1][3])
print(f"{sys.argv[1]}: median wall {wall:.1f} s, median user {user:.1f} s, median peak RSS {rss} KB, "
      f"{cells / wall / 1e6:.2f} M positions/s wall, {cells / user / 1e6:.2f} M positions/s per core (user time)")
PY
    rm -f "$f"
done
grep -E "^[0-9]v" data/bench/skt-run.log | cut -c1-160
