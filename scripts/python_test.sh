#!/usr/bin/env bash
# Tests of the Python package (python/): makes a virtualenv under
# target/py-venv, installs maturin, numpy, pytest, hypothesis and
# matplotlib (for the example) from the package index, builds and
# installs the package from python/ (release build, in target/python),
# builds the `ttc` binary the tests compare against (target/release/ttc),
# and runs pytest on python/tests.
#
# Environment: PYTHON (interpreter for the virtualenv, default python3),
# TTC_PY_FUZZ_EXAMPLES (hypothesis examples per fuzz test, default 5000;
# scripts/python_fuzz.sh runs 100,000), TTC_PY_TESTS (the test file or
# folder, default python/tests). Extra arguments go to pytest.
#
# Exits non-zero when a test fails, and also when no test ran.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
venv=$root/target/py-venv
python=${PYTHON:-python3}
# maturin, the build backend, is run from the virtualenv.
export PATH="$venv/bin:$PATH"

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "maturin>=1.5,<2" numpy pytest hypothesis matplotlib

cargo build --release --quiet -p ttc
export TTC_BIN=$root/target/release/ttc

# The package's crate is a workspace of its own (outside the root
# workspace, so that `cargo test --workspace` needs no Python): format and
# lints here, in its own target folder.
cargo fmt --manifest-path python/Cargo.toml -- --check
PYO3_PYTHON="$venv/bin/python" CARGO_TARGET_DIR=$root/target/python \
    cargo clippy --quiet --manifest-path python/Cargo.toml --all-targets -- -D warnings

CARGO_TARGET_DIR=$root/target/python \
    "$venv/bin/python" -m pip install --quiet --no-build-isolation --force-reinstall --no-deps ./python

# Run from outside python/ so that `import tictacchec` finds the
# installed package, not the source folder.
cd "$root/target"
status=0
"$venv/bin/python" -m pytest -q -p no:cacheprovider "${TTC_PY_TESTS:-$root/python/tests}" "$@" || status=$?
if [ "$status" -eq 5 ]; then
    echo "python_test.sh: pytest collected no test" >&2
    exit 1
fi
exit "$status"
