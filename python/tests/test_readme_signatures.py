"""The python/README's method table against the methods themselves (issue
38, item 10: it showed ``t.line(pos=None, ...)`` for an argument that is
positional-only). Each ``t.NAME(ARGS)`` of a table row must have the
method's parameters: the same number, kinds (positional-only before
``/``, keyword-only after ``*``), keyword names and defaults."""

import inspect
import re

import tictacchec as ttc
from conftest import REPO

CALL = re.compile(r"`(t|tb|ttc)\.(\w+)\(([^)]*)\)`")
# Whose method each row's call names: a Table's, a Surakarta Tablebase's,
# or the package's own function.
OWNERS = {"t": ttc.Table, "tb": ttc.surakarta.Tablebase, "ttc": ttc}


def documented(args):
    """``[(name, kind, default)]`` of the README's argument list."""
    out, kind = [], inspect.Parameter.POSITIONAL_OR_KEYWORD
    parts = [a.strip() for a in args.split(",") if a.strip()]
    if "/" in parts:
        cut = parts.index("/")
        for a in parts[:cut]:
            name, _, default = a.partition("=")
            out.append((name, inspect.Parameter.POSITIONAL_ONLY, default or None))
        parts = parts[cut + 1 :]
    for a in parts:
        if a == "*":
            kind = inspect.Parameter.KEYWORD_ONLY
            continue
        name, _, default = a.partition("=")
        out.append((name, kind, default or None))
    return out


def actual(fn):
    """The same triples from the method's own signature."""
    out = []
    for p in inspect.signature(fn).parameters.values():
        if p.name == "self":
            continue
        default = None if p.default is inspect.Parameter.empty else repr(p.default)
        out.append((p.name, p.kind, default))
    return out


def test_the_readme_table_shows_each_methods_signature():
    rows = [l for l in (REPO / "python" / "README.md").read_text().splitlines() if l.startswith("| `")]
    calls = [m.groups() for row in rows for m in CALL.finditer(row.split(" | ")[0])]
    assert len(calls) >= 10, calls
    for owner, name, args in calls:
        fn = getattr(OWNERS[owner], name)
        want, got = documented(args), actual(fn)
        shown = f"{owner}.{name}({args})"
        assert [k for _, k, _ in want] == [k for _, k, _ in got], (shown, got)
        assert [d for _, _, d in want] == [d for _, _, d in got], (shown, got)
        for (wn, kind, _), (gn, _, _) in zip(want, got):
            if kind != inspect.Parameter.POSITIONAL_ONLY:
                assert wn == gn, (shown, got)
