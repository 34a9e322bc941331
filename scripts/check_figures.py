#!/usr/bin/env python3
"""Checks a `ttc --json` report against the expected figures in REPRODUCE.md.

Usage: check_figures.py STEP REPORT.json

REPRODUCE.md holds a table between `<!-- expected:begin -->` and
`<!-- expected:end -->` whose rows are `| step | JSON field | expected |`.
A field is a dotted path (`post.wins`, `distances.0.1` for list items).
Numbers may carry thousands separators. Exit status 1 on any mismatch.
"""
import json
import pathlib
import sys


def expected_rows(step):
    text = (pathlib.Path(__file__).resolve().parent.parent / "REPRODUCE.md").read_text()
    body = text.split("<!-- expected:begin -->", 1)[1].split("<!-- expected:end -->", 1)[0]
    for line in body.splitlines():
        cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] == step:
            yield cells[1], cells[2]


def lookup(report, path):
    node = report
    for part in path.split("."):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def main():
    step, report_path = sys.argv[1], sys.argv[2]
    report = json.loads(pathlib.Path(report_path).read_text())
    rows = list(expected_rows(step))
    if not rows:
        print(f"no expected figures for step {step!r} in REPRODUCE.md")
        return 1
    bad = 0
    for field, want in rows:
        try:
            got = lookup(report, field)
        except (KeyError, IndexError, TypeError):
            print(f"MISSING {step}: {field} (expected {want})")
            bad += 1
            continue
        want_norm = want.replace(",", "")
        ok = str(got).lower() == want_norm.lower()
        print(f"{'ok      ' if ok else 'MISMATCH'} {step}: {field} = {got} (expected {want})")
        bad += not ok
    print(f"{step}: {len(rows) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
