"""Distance histograms of every material of a Surakarta tablebase folder,
checked against ``ttc stats --json`` and, for the small materials, against
a tally of every placement.

    python surakarta_histogram.py DIR [--out h.png] [--data h.json] [--ttc PATH]
                                      [--check-pieces 4] [--trust]

``DIR`` is a folder of source tables (``ttc solve surakarta --pieces N
--out DIR``). The figures come from ``Tablebase.stats()`` (the library's
count over every cell): for each material the positions (cells, up to the
8 symmetries) won and lost in each number of plies without the 50-ply
rule. The script

* plots them, one panel per material, wins (odd distances) and losses
  (even) on a log scale, with matplotlib, and saves a PNG (``--out``);
* writes the histograms as JSON (``--data``): ``{material: {"cells",
  "wins", "losses", "draws", "distances": [[plies, cells], ...]}}``;
* checks every figure against ``ttc stats DIR --json`` run as a
  subprocess (``--ttc``, else ``ttc`` on PATH, else ``target/release/ttc``
  of this repository);
* for every material of at most ``--check-pieces`` pieces (default 4; 5
  takes about a minute), makes every placement of the side to move's and
  the other side's pieces with numpy, probes them all with
  ``Tablebase.probe_many``, and checks the win/draw/loss counts over the
  placements, with and without the rule, against the stats' placement
  counts: an independent tally of the same tables.

Exits 1 when a figure differs.
"""

import argparse
import itertools
import json
import pathlib
import shutil
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402
import numpy as np  # noqa: E402

from tictacchec import surakarta  # noqa: E402


def find_ttc(given):
    if given:
        return given
    found = shutil.which("ttc")
    if found:
        return found
    built = pathlib.Path(__file__).resolve().parents[2] / "target" / "release" / "ttc"
    if built.exists():
        return str(built)
    sys.exit("no ttc binary: pass --ttc PATH")


def histograms(stats):
    """``{material: {"cells", "wins", "losses", "draws", "distances"}}``
    from ``Tablebase.stats()`` (or the ``materials`` of ``ttc stats
    --json``), without the 50-ply rule, over the cells."""
    out = {}
    for s in stats:
        c = s["counts"]
        out[s["material"]] = {
            "cells": c["cells"],
            "wins": c["cells_wdl"]["wins"],
            "losses": c["cells_wdl"]["losses"],
            "draws": c["cells_wdl"]["draws"],
            "distances": [[int(d), int(n)] for d, n in c["distance_histogram"]],
        }
    return out


def plot(hists, title, out):
    n = len(hists)
    cols = min(n, 4)
    rows = (n + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.2 * rows), squeeze=False)
    for ax in axes.flat[n:]:
        ax.axis("off")
    for ax, (material, h) in zip(axes.flat, hists.items()):
        d = np.array([p for p, _ in h["distances"]], dtype=int)
        c = np.array([k for _, k in h["distances"]], dtype=np.int64)
        win = d % 2 == 1
        ax.bar(d[win], c[win], width=0.9, color="tab:green", label=f"win ({h['wins']:,})")
        ax.bar(d[~win], c[~win], width=0.9, color="tab:red", label=f"loss ({h['losses']:,})")
        if len(c):
            ax.set_yscale("log")
        ax.set_title(f"{material}: {h['cells']:,} positions, {h['draws']:,} draws", fontsize=9)
        ax.set_xlabel("distance to the end (plies)", fontsize=8)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.legend(fontsize=7)
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(out, dpi=100)


def placements(a, b):
    """Every placement of ``a`` pieces of the side to move and ``b`` of the
    other side, as two uint64 bitboard arrays."""
    bits = np.uint64(1) << np.arange(36, dtype=np.uint64)
    movers, others = [], []
    for ms in itertools.combinations(range(36), a):
        m = int(bits[list(ms)].sum())
        free = [p for p in range(36) if not m >> p & 1]
        combos = np.array(list(itertools.combinations(free, b)), dtype=np.int64)
        others.append(bits[combos].sum(axis=1))
        movers.append(np.full(len(combos), m, dtype=np.uint64))
    return np.concatenate(movers), np.concatenate(others)


def tally(categories):
    return {
        "wins": int((categories == 1).sum()),
        "losses": int((categories == -1).sum()),
        "draws": int((categories == 0).sum()),
    }


def check_placements(tb, stats, max_pieces):
    """The placement counts of the stats against ``probe_many`` over every
    placement of each material of at most ``max_pieces`` pieces."""
    ok = True
    for s in stats:
        a, b = map(int, s["material"].split("v"))
        if a + b > max_pieces:
            continue
        m, o = placements(a, b)
        cat, _, cat50, _ = tb.probe_many(m, o)
        c = s["counts"]
        for key, got in (("placements_wdl", tally(cat)), ("placements_wdl50", tally(cat50))):
            same = got == c[key] and len(m) == c["placements"]
            ok &= same
            print(
                f"{s['material']:4} {key:16} {len(m):>12,} placements  "
                f"{got['wins']:,} / {got['losses']:,} / {got['draws']:,}  "
                f"{'=' if same else '!='} stats"
            )
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=pathlib.Path, help="folder of source tables")
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("surakarta-histograms.png"))
    ap.add_argument("--data", type=pathlib.Path, help="write the histograms as JSON here")
    ap.add_argument("--ttc", help="path of the ttc binary")
    ap.add_argument("--check-pieces", type=int, default=4, help="tally every placement up to N pieces")
    ap.add_argument("--trust", action="store_true", help="skip hashing the cells at open")
    args = ap.parse_args()

    with surakarta.open_tablebase(args.folder, trust=args.trust) as tb:
        stats = tb.stats()
        hists = histograms(stats)
        plot(hists, f"{args.folder.name}: Surakarta, up to {tb.max_pieces} pieces", args.out)
        print(f"wrote {args.out}")
        if args.data:
            args.data.write_text(json.dumps(hists, indent=1) + "\n")
            print(f"wrote {args.data}")
        ok = check_placements(tb, stats, args.check_pieces)

    cli = json.loads(
        subprocess.run(
            [find_ttc(args.ttc), "--json", "stats", str(args.folder)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    theirs = histograms(cli["materials"])
    for material, h in hists.items():
        same = theirs.get(material) == h
        ok &= same
        print(f"{material:4} {h['cells']:>13,} positions {len(h['distances']):>3} distances  "
              f"{'=' if same else '!='} ttc stats")
    ok &= sorted(theirs) == sorted(hists)
    print("all figures agree" if ok else "FIGURES DIFFER")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
