#!/usr/bin/env bash
# Browser test of `ttc serve`: a real headless Chromium, driven over
# WebDriver (chromedriver) by the ignored tests of ttc/tests/serve_browser.rs.
# Installs Debian's chromium and chromium-driver when missing, then runs the
# tests; they fail when the page shows anything but the table's values.
# Screenshots go to target/screenshots/ (TTC_SCREENSHOTS overrides). Their
# tables: TTC_SHOT_TABLE (default data/ttc-travel.ctbl when it exists) and
# TTC_SHOT_COMPARE for compare mode (default data/ttc-outbound.ctbl when it
# exists); without them solved 3x3 tables (the compare screenshot's name
# gives the board size).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium chromium-driver
fi
export CHROMIUM="${CHROMIUM:-$(command -v chromium)}"
export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}"
export TTC_SCREENSHOTS="${TTC_SCREENSHOTS:-$PWD/target/screenshots}"
if [ -z "${TTC_SHOT_TABLE:-}" ] && [ -f data/ttc-travel.ctbl ]; then
    export TTC_SHOT_TABLE="$PWD/data/ttc-travel.ctbl"
    [ -f data/ttc-outbound.ctbl ] && export TTC_SHOT_COMPARE="$PWD/data/ttc-outbound.ctbl"
fi
echo "chromium: $("$CHROMIUM" --version 2>/dev/null || echo '?'); screenshots: $TTC_SCREENSHOTS"
cargo test -p ttc --test serve_browser -- --ignored --test-threads=1
