#!/usr/bin/env bash
# Load test of `ttc serve` on loopback with an established HTTP load
# generator, oha (installed with `cargo install oha --locked --root
# target/tools` when missing): REQUESTS (default 100,000) `GET /api/probe`
# requests over CONNECTIONS (default 64) keep-alive connections, spread over
# the positions two plies from the start (about 4,000 distinct URLs, walked
# through the API first). Prints the error count, p50/p99 latency, the
# server's CPU time per request (user + system: a figure that the load of
# other processes changes little) and its resident memory before and after
# (VmRSS, peak VmHWM). Exit status 1 if any
# request failed or got another status than 200.
#
#   scripts/load_test.sh [TABLE]          # default data/ttc-travel.ctbl
#   TTC_LOAD_REQUESTS=20000 TTC_LOAD_CONNECTIONS=16 scripts/load_test.sh small/s.ctbl
#   TTC_LOAD_ANSWER_CACHE_MIB=0 scripts/load_test.sh   # every request probed anew
#   TTC_LOAD_URLS=distinct scripts/load_test.sh small/s.ctbl   # a flood of distinct queries
#
# TTC_LOAD_URLS=distinct draws the URLs from `ttc positions TABLE --random
# N` (N = 4 x REQUESTS cells, seed 1) instead of the positions near the
# start, so that nearly every request is a query not seen before: on a
# full answer cache each one evicts an answer (issue 38). TTC_LOAD_BIN
# runs another build of `ttc` (say, one saved before a change) instead of
# building target/release/ttc.
#
# Loopback only (127.0.0.1, a free port); the request count is bounded by
# REQUESTS. Linux (/proc) for the memory figure.
set -euo pipefail
cd "$(dirname "$0")/.."
table="${1:-data/ttc-travel.ctbl}"
requests="${TTC_LOAD_REQUESTS:-100000}"
connections="${TTC_LOAD_CONNECTIONS:-64}"
oha=target/tools/bin/oha
if [ ! -x "$oha" ]; then
    cargo install oha --locked --root target/tools
fi
ttc="${TTC_LOAD_BIN:-target/release/ttc}"
if [ -z "${TTC_LOAD_BIN:-}" ]; then
    cargo build -q --release -p ttc
fi
work="$(mktemp -d)"
pid=""
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        wait "$pid" || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# The server, quiet (no access log), as many in-flight requests as
# connections so that the test measures answers, not 429s.
"$ttc" serve "$table" --addr 127.0.0.1:0 --quiet \
    --max-requests "$connections" --answer-cache-mib "${TTC_LOAD_ANSWER_CACHE_MIB:-32}" >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 600); do
    grep -q '^listening on ' "$work/out" && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/err"; exit 1; }
    sleep 0.1
done
url=$(sed -n 's/^listening on \(http:.*\)\/$/\1/p' "$work/out")
[ -n "$url" ] || { echo "the server did not start"; cat "$work/err"; exit 1; }
echo "server: $url (pid $pid), table $table"

if [ "${TTC_LOAD_URLS:-start}" = distinct ]; then
    # Distinct queries: positions of random cells of the table.
    "$ttc" positions "$table" --random $((4 * requests)) --seed 1 |
        python3 -c '
import json, sys, urllib.parse
base = sys.argv[1]
seen = dict.fromkeys(json.loads(l)["position"] for l in sys.stdin)
for p in seen:
    print(base + "/api/probe?position=" + urllib.parse.quote(p))
' "$url" >"$work/urls"
else
# The URLs: every position one and two plies from the start.
python3 - "$url" >"$work/urls" <<'PY'
import json, sys, urllib.parse, urllib.request
base = sys.argv[1]
def probe(pos):
    q = "" if pos is None else "?position=" + urllib.parse.quote(pos)
    with urllib.request.urlopen(base + "/api/probe" + q) as r:
        return json.load(r)
seen = []
for m in probe(None)["moves"]:
    seen.append(m["position"])
    for m2 in probe(m["position"])["moves"]:
        seen.append(m2["position"])
for p in dict.fromkeys(seen):
    print(base + "/api/probe?position=" + urllib.parse.quote(p))
PY
fi
echo "urls: $(wc -l <"$work/urls") distinct positions"

mem() { awk -v k="$1:" '$1 == k {print $2, $3}' "/proc/$pid/status"; }
# CPU seconds the server has used (user + system), from /proc/PID/stat.
cpu() { awk -v t="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / t}' "/proc/$pid/stat"; }
start_peak=$(mem VmHWM)
start_rss=$(mem VmRSS)
start_cpu=$(cpu)
"$oha" --no-tui -n "$requests" -c "$connections" --urls-from-file "$work/urls" \
    --output-format json >"$work/oha.json"
peak=$(mem VmHWM)
rss=$(mem VmRSS)
end_cpu=$(cpu)
echo "server CPU time: $(python3 -c "import sys; a, b, n = map(float, sys.argv[1:]); print(f'{b - a:.2f} s, {(b - a) / n * 1e6:.1f} us per request')" "$start_cpu" "$end_cpu" "$requests")"
echo "server memory before the load: RSS $start_rss, peak so far $start_peak (the check at start)"
python3 - "$work/oha.json" "$peak, RSS at the end $rss" "$requests" "$connections" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s, peak, n, c = r["summary"], sys.argv[2], sys.argv[3], sys.argv[4]
codes = r.get("statusCodeDistribution", {})
errors = sum(r.get("errorDistribution", {}).values())
others = sum(v for k, v in codes.items() if k != "200")
p = r["latencyPercentiles"]
print(f"requests: {n} over {c} connections, {s['requestsPerSec']:.0f} requests/s")
print(f"status: {codes}, errors: {errors}")
print(f"latency ms: p50 {p['p50'] * 1000:.3f}, p99 {p['p99'] * 1000:.3f}, "
      f"max {s['slowest'] * 1000:.3f}")
print(f"server peak RSS: {peak}")
sys.exit(1 if errors or others else 0)
PY
