#!/usr/bin/env bash
# Browser test of `ttc serve` and of the static site of `ttc export-site`:
# a real headless Chromium, driven over WebDriver (chromedriver) by the
# ignored tests of ttc/tests/serve_browser.rs and ttc/tests/site_browser.rs.
# Installs Debian's chromium and chromium-driver when missing, then runs the
# tests; they fail when the page shows anything but the table's values.
# Screenshots go to target/screenshots/ (TTC_SCREENSHOTS overrides). Their
# tables: TTC_SHOT_TABLE (default data/ttc-travel.ctbl when it exists) and
# TTC_SHOT_COMPARE for compare mode (default data/ttc-outbound.ctbl when it
# exists); without them solved 3x3 tables (the compare screenshot's name
# gives the board size).
# The Surakarta explorer's tests follow (ttc/tests/surakarta_browser.rs and
# surakarta_site_browser.rs, on 4-piece folders they solve); their
# screenshots are taken on TTC_SHOT_SURAKARTA (default data/skt8 when it
# exists), and TTC_SITE_SURAKARTA (a site exported from such a folder)
# gets its first view and a cached probe measured.
# Before them, the SVG figures of `ttc report` on solved 3x3 tables are
# rendered with rsvg-convert (Debian's librsvg2-bin, installed when
# missing): each must convert, at the size its SVG declares.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v rsvg-convert >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y librsvg2-bin
fi
figures="$(mktemp -d)"
trap 'rm -rf "$figures"' EXIT
cargo build -q -p ttc
for rules in travel outbound; do
    target/debug/ttc solve --size 3 --roles PNB --lock 4 --rules "$rules" \
        --threads 1 --fresh --out "$figures/$rules.tbl" >/dev/null 2>&1
done
target/debug/ttc report "$figures/travel.tbl" --compare "$figures/outbound.tbl" \
    --census --out "$figures/report" >/dev/null 2>&1
for svg in "$figures"/report/*.svg; do
    png="${svg%.svg}.png"
    rsvg-convert "$svg" -o "$png"
    python3 - "$svg" "$png" <<'PY'
import re, struct, sys
svg, png = sys.argv[1], sys.argv[2]
head = open(svg).read(300)
w, h = (int(re.search(f' {k}="(\\d+)"', head).group(1)) for k in ("width", "height"))
data = open(png, "rb").read(24)
pw, ph = struct.unpack(">II", data[16:24])
if data[:8] != b"\x89PNG\r\n\x1a\n" or (pw, ph) != (w, h):
    sys.exit(f"{svg}: rsvg-convert gave {pw}x{ph}, the SVG says {w}x{h}")
PY
done
echo "rsvg-convert: $(ls "$figures"/report/*.png | wc -l) figures rendered"

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
# The static site of `ttc export-site`, served by python3 -m http.server.
cargo test -p ttc --test site_browser -- --ignored --test-threads=1
# The Surakarta explorer: `ttc serve DIR` and its static site.
if [ -z "${TTC_SHOT_SURAKARTA:-}" ] && [ -d data/skt8 ]; then
    export TTC_SHOT_SURAKARTA="$PWD/data/skt8"
fi
cargo test -p ttc --test surakarta_browser -- --ignored --test-threads=1
cargo test -p ttc --test surakarta_site_browser -- --ignored --test-threads=1
