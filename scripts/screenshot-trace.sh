#!/usr/bin/env bash
# Screenshot of a tacos trace as a viewer shows it, taken with headless
# Chromium (docs/images/mesh-trace-speedscope.png, see docs/Traces.md).
#
# Usage:
#   scripts/screenshot-trace.sh                  # the picture in docs/
#   scripts/screenshot-trace.sh TRACE.json OUT.png [THREAD]
#   scripts/screenshot-trace.sh --probe          # is chrome://tracing usable?
#
# Without arguments it synthesizes the All-Reduce of examples/trace/mesh.mlir
# (the commands at the top of docs/Traces.md), exports its trace and writes
# docs/images/mesh-trace-speedscope.png. THREAD picks the thread shown by a
# piece of its title, e.g. "2 -> 3 (" (default: the first, "0 -> 1").
#
# The viewer is speedscope's offline build loaded from file://, not
# chrome://tracing: Debian's Chromium 156 lists chrome://tracing among its
# internal pages but does not ship the trace viewer (--probe shows it), and
# Perfetto's UI is a web app that needs its site. A warning or error on the
# viewer's console while it imports the file fails the script.
#
# Not part of the build, the tests or CI. Prerequisites:
#   - tacos built (scripts/setup.sh; tacos-opt and tacos-translate in
#     ${TACOS_BUILD_DIR:-build}/bin), for the default picture;
#   - Debian's chromium, node and npm: apt-get install chromium nodejs npm
#     (CHROMIUM=/path overrides /usr/bin/chromium);
#   - the npm packages puppeteer-core and speedscope, installed by this
#     script on first use into ${TACOS_SHOT_DIR:-$HOME/.cache/tacos-screenshot}
#     (needs the npm registry once); versions used for the picture in
#     docs/: puppeteer-core 24.43.1, speedscope 1.25.0;
#   - for the emoji in speedscope's toolbar: apt-get install
#     fonts-noto-color-emoji (cosmetic).
set -euo pipefail
cd "$(dirname "$0")/.."

SHOT_DIR=${TACOS_SHOT_DIR:-$HOME/.cache/tacos-screenshot}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
BUILD=${TACOS_BUILD_DIR:-build}

for tool in node npm "$CHROMIUM"; do
  command -v "$tool" >/dev/null ||
    { echo "screenshot-trace: $tool not found (see the prerequisites in $0)" >&2; exit 1; }
done
if [ ! -d "$SHOT_DIR/node_modules/puppeteer-core" ] ||
   [ ! -d "$SHOT_DIR/node_modules/speedscope" ]; then
  mkdir -p "$SHOT_DIR"
  # PUPPETEER_SKIP_DOWNLOAD: puppeteer-core never downloads a browser, but
  # say so; the browser is Debian's.
  [ -f "$SHOT_DIR/package.json" ] || (cd "$SHOT_DIR" && npm init -y >/dev/null)
  (cd "$SHOT_DIR" && PUPPETEER_SKIP_DOWNLOAD=1 npm install --no-audit --no-fund \
     puppeteer-core@24 speedscope@1.25.0 >&2)
fi
# The script imports puppeteer-core from SHOT_DIR: run a copy there.
cp scripts/screenshot-trace.mjs "$SHOT_DIR/screenshot-trace.mjs"
run() { node "$SHOT_DIR/screenshot-trace.mjs" --chromium "$CHROMIUM" "$@"; }

if [ "${1:-}" = "--probe" ]; then
  run --probe
  exit 0
fi

if [ $# -ge 2 ]; then
  trace=$(realpath "$1"); out=$(realpath -m "$2"); thread=${3:-}
else
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  "$BUILD/bin/tacos-opt" examples/trace/mesh.mlir --coll-synthesize=seed=33 -o "$tmp/mesh-ar.mlir"
  "$BUILD/bin/tacos-translate" --export-chrome-trace "$tmp/mesh-ar.mlir" -o "$tmp/mesh-ar.json"
  trace=$tmp/mesh-ar.json; out=$PWD/docs/images/mesh-trace-speedscope.png; thread=
fi
run --speedscope "$SHOT_DIR/node_modules/speedscope" ${thread:+--thread "$thread"} "$trace" "$out"
