"""Distance histogram of a Tic-Tac-Chec source table, checked against
``ttc stats --json``.

    python histogram.py TABLE.tbl [--out histogram.png] [--ttc PATH]

Counts the cell codes of each section over the table's memory mapping
(``Table.cells``, no copy; in chunks, so the 2.5 GB table of the full
game needs well under 1 GB), decodes the codes found with
``tictacchec.decode``, plots wins and losses by distance (plies) with
matplotlib, saves a PNG, and checks the win, loss and draw counts and the
distance histogram against ``ttc stats --json`` run as a subprocess. The
``ttc`` binary is ``--ttc``, else ``ttc`` on PATH, else
``target/release/ttc`` of this repository. Exits 1 when a figure differs.
"""

import argparse
import json
import pathlib
import shutil
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import tictacchec as ttc  # noqa: E402

CHUNK = 1 << 26  # cells counted at a time (64 Mi: 512 MB of bincount input)


def code_counts(cells: np.ndarray) -> np.ndarray:
    """How many cells hold each code 0..255."""
    counts = np.zeros(256, dtype=np.int64)
    for start in range(0, len(cells), CHUNK):
        counts += np.bincount(cells[start : start + CHUNK], minlength=256)
    return counts


def section_figures(counts: np.ndarray) -> dict:
    """W/L/D counts and the distance histogram of one section, from its
    code counts, decoded by the library."""
    codes = np.flatnonzero(counts).astype(np.uint8)
    categories, distances = ttc.decode(codes)
    n = counts[codes]
    return {
        "positions": int(n.sum()),
        "wins": int(n[categories == 1].sum()),
        "losses": int(n[categories == -1].sum()),
        "draws": int(n[categories == 0].sum()),
        "distances": [
            [int(d), int(c)] for d, c in sorted(zip(distances[distances >= 0], n[distances >= 0]))
        ],
    }


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


def plot(figures: dict, title: str, out: pathlib.Path) -> None:
    fig, axes = plt.subplots(1, len(figures), figsize=(7 * len(figures), 4.5), squeeze=False)
    for ax, (name, f) in zip(axes[0], figures.items()):
        dist = np.array([d for d, _ in f["distances"]], dtype=int)
        cnt = np.array([c for _, c in f["distances"]], dtype=np.int64)
        win = dist % 2 == 1
        ax.bar(dist[win], cnt[win], width=0.9, color="tab:green", label=f"win ({f['wins']:,})")
        ax.bar(dist[~win], cnt[~win], width=0.9, color="tab:red", label=f"loss ({f['losses']:,})")
        ax.set_yscale("log")
        ax.set_xlabel("distance to the end (plies)")
        ax.set_ylabel("positions (log scale)")
        ax.set_title(f"{name}: {f['positions']:,} positions, {f['draws']:,} draws")
        ax.legend()
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(out, dpi=110)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table", type=pathlib.Path, help="source table (.tbl)")
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("histogram.png"))
    ap.add_argument("--ttc", help="path of the ttc binary")
    ap.add_argument("--trust", action="store_true", help="skip the cell CRC at open")
    args = ap.parse_args()

    with ttc.open_table(args.table, trust=args.trust) as t:
        rules = t.info["rules"]
        figures = {
            s["name"]: section_figures(code_counts(t.cells(s["name"])))
            for s in t.info["sections"]
        }
    plot(figures, f"{args.table.name}: {rules}", args.out)
    print(f"wrote {args.out}")

    stats = json.loads(
        subprocess.run(
            [find_ttc(args.ttc), "--json", "stats", str(args.table)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    keys = {"post-opening": "post", "opening": "opening"}
    ok = True
    for name, f in figures.items():
        theirs = stats[keys[name]]
        for field in ("positions", "wins", "losses", "draws", "distances"):
            same = f[field] == theirs[field]
            ok &= same
            shown = f[field] if field != "distances" else f"{len(f[field])} distances"
            print(f"{name:13} {field:9} {shown!s:>16}  {'=' if same else '!='} ttc stats")
    print("all figures agree with ttc stats" if ok else "FIGURES DIFFER from ttc stats")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
