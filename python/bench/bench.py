"""Benchmarks of the Python package (not a timed test; run it on an idle
machine). Medians of 5 runs.

    python bench.py --source ttc-travel.tbl --compact ttc-travel.ctbl [--ttc PATH]
    python bench.py --skt data/skt8 [--skt-packed data/skt8-packed]

* ``Table.probe`` per call on the compact table, after warm-up (the
  blocks of the probed positions cached; goal: at most 5 us), and cold
  (each probe decompresses its block).
* ``Table.probe_many`` of 1,000,000 random legal positions given as
  strings, on the source and on the compact table (goal: at least
  2,000,000 positions/s on the source table, 2 cores).
* Surakarta ``perft(6)`` from Python against ``ttc perft surakarta
  --depth 6`` (goal: within 10 %).
* Peak RSS of a process that makes 1,000,000 position strings and probes
  them with ``probe_many`` (source and compact tables), with its own
  (anonymous) memory apart from the table pages it maps, and of one that
  only makes the strings.
* Surakarta (``--skt``, a folder of source tables; ``--skt-packed``, its
  packed copy): ``surakarta.Tablebase.probe_many`` of 1,000,000 random
  positions given as bitboard arrays (every piece count up to the
  folder's, every material of it equally likely, counters 0 to 50),
  parallel on every core (goal: at least 1,000,000 positions/s from the
  source tables on 2 cores); and the time to open the folder (source
  tables read into memory, cells hashed).
"""

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

import tictacchec as ttc
from tictacchec import surakarta

RUNS = 5


def median_time(fn, runs=RUNS):
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def random_positions(table, n, seed=1):
    """`n` random legal positions of the table, as notation strings: cells
    drawn uniformly over both sections, each as the position
    `Table.position_at` gives (a post-opening cell's White-to-move image)."""
    rng = random.Random(seed)
    sections = [(s["name"], s["cells"]) for s in table.info["sections"]]
    total = sum(c for _, c in sections)
    out = []
    for _ in range(n):
        i = rng.randrange(total)
        for name, cells in sections:
            if i < cells:
                out.append(str(table.position_at(name, i)))
                break
            i -= cells
    return out


def bench_probe(compact, positions):
    # Warm: 2,000 random positions whose blocks (at most 2,000 of 64 KiB)
    # all fit a 256 MiB cache, probed once to fill it, then timed.
    sample = positions[:2_000]
    with ttc.open_table(compact, cache_mib=256) as t:
        for p in sample:
            t.probe(p)
        per = median_time(lambda: [t.probe(p) for p in sample]) / len(sample)
    print(f"probe (compact, warm), per call:        {per * 1e6:8.2f} us   (goal <= 5 us)")
    # Cold: 20,000 other random positions with the default 32 MiB cache, so
    # nearly every probe decompresses the block of its cell.
    cold = positions[2_000:22_000]
    with ttc.open_table(compact) as t:
        per = median_time(lambda: [t.probe(p) for p in cold], runs=1) / len(cold)
    print(f"probe (compact, cold), per call:        {per * 1e6:8.2f} us   (one block decompressed)")


def bench_probe_many(path, positions, label):
    with ttc.open_table(path, trust=True) as t:
        t.probe_many(positions[:100_000])  # warm-up
        secs = median_time(lambda: t.probe_many(positions))
    rate = len(positions) / secs
    print(f"probe_many ({label}), {len(positions):,} positions: {secs:6.3f} s = {rate:,.0f} positions/s")
    return rate


def bench_perft(ttc_bin):
    start = surakarta.Position()
    py = median_time(lambda: start.perft(6))
    cli = median_time(
        lambda: subprocess.run(
            [ttc_bin, "--json", "perft", "surakarta", "--depth", "6"],
            check=True,
            capture_output=True,
        )
    )
    nodes = start.perft(6)
    print(
        f"surakarta perft(6) = {nodes:,}: Python {py:.3f} s, ttc {cli:.3f} s "
        f"(process wall time), ratio {py / cli:.3f}"
    )


RSS_SCRIPT = """
import random, sys
import tictacchec as ttc
path, n, probe = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
with ttc.open_table(path, trust=True) as t:
    rng = random.Random(1)
    cells = t.info["sections"][0]["cells"]
    positions = [str(t.position_at("post-opening", rng.randrange(cells))) for _ in range(n)]
    if probe:
        t.probe_many(positions)
    status = dict(
        line.split(":", 1) for line in open("/proc/self/status") if line.startswith(("Rss", "VmHWM"))
    )
    anon = int(status.get("RssAnon", "0 kB").split()[0])
# VmHWM, not ru_maxrss: Linux carries ru_maxrss over an exec, so a child of
# a process that had the table mapped would report the parent's peak.
print(int(status["VmHWM"].split()[0]), anon)
"""


def bench_rss(path, n, label):
    def peak(probe):
        out = subprocess.run(
            [sys.executable, "-c", RSS_SCRIPT, str(path), str(n), "1" if probe else "0"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        hwm, anon = out.split()[-2:]
        return int(hwm) / 1024, int(anon) / 1024

    (base, _), (full, anon) = peak(False), peak(True)
    print(
        f"peak RSS ({label}), {n:,} strings only: {base:,.0f} MiB; with probe_many: {full:,.0f} MiB, "
        f"of which the process's own memory at the end {anon:,.0f} MiB (the rest: pages of the "
        f"table's mapping, shared with the page cache, and the batch's transient buffers)"
    )


def skt_batch(max_pieces, n, seed=1):
    """``n`` random Surakarta positions of 2 to ``max_pieces`` pieces as
    ``(mover, other, quiet)`` numpy arrays: a piece count, then a split
    between the sides, then the points, drawn uniformly."""
    rng = np.random.default_rng(seed)
    mover = np.zeros(n, dtype=np.uint64)
    other = np.zeros(n, dtype=np.uint64)
    total = rng.integers(2, max_pieces + 1, n)
    ours = np.array([rng.integers(1, t) for t in total])
    for i in range(n):
        pts = rng.choice(36, int(total[i]), replace=False).astype(np.uint64)
        bits = np.uint64(1) << pts
        mover[i] = np.bitwise_or.reduce(bits[: ours[i]])
        other[i] = np.bitwise_or.reduce(bits[ours[i] :])
    quiet = rng.integers(0, 51, n).astype(np.uint8)
    return mover, other, quiet


def bench_skt(folder, n, label):
    t0 = time.perf_counter()
    with surakarta.open_tablebase(folder) as tb:
        opened = time.perf_counter() - t0
        print(f"surakarta {label}: opened {folder} (up to {tb.max_pieces} pieces) in {opened:.1f} s")
        mover, other, quiet = skt_batch(tb.max_pieces, n)
        tb.probe_many(mover[:100_000], other[:100_000], quiet[:100_000])  # warm-up
        secs = median_time(lambda: tb.probe_many(mover, other, quiet))
    rate = n / secs
    print(f"surakarta probe_many ({label}), {n:,} positions: {secs:6.3f} s = {rate:,.0f} positions/s"
          f"   (goal >= 1,000,000 from the source tables, 2 cores)")
    return rate


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", help="a Tic-Tac-Chec source table")
    ap.add_argument("--compact", help="its compact copy")
    ap.add_argument("--skt", help="a folder of Surakarta source tables")
    ap.add_argument("--skt-packed", help="its packed copy (ttc pack)")
    ap.add_argument("--ttc", default=shutil.which("ttc") or "target/release/ttc")
    ap.add_argument("--positions", type=int, default=1_000_000)
    args = ap.parse_args()
    if args.skt:
        bench_skt(args.skt, args.positions, "source")
    if args.skt_packed:
        bench_skt(args.skt_packed, args.positions, "packed")
    if not (args.source and args.compact):
        if not args.skt:
            ap.error("give --source and --compact, or --skt")
        return
    with ttc.open_table(args.source, trust=True) as t:
        print(f"table: {t.info['rules']}; making {args.positions:,} random positions ...")
        positions = random_positions(t, args.positions)
    bench_probe(args.compact, positions)
    bench_probe_many(args.source, positions, "source")
    bench_probe_many(args.compact, positions, "compact")
    bench_perft(args.ttc)
    bench_rss(args.source, args.positions, "source")
    bench_rss(args.compact, args.positions, "compact")


if __name__ == "__main__":
    main()
