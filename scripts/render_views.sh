#!/usr/bin/env bash
# Renders the SVG views of shogi-tool to PNG for a visual check, and refreshes the README
# images in docs/img/.
#
#   scripts/render_views.sh [OUT_DIR]     (default: target/views-render)
#
# Needs rsvg-convert (Debian: apt-get install librsvg2-bin) and a Japanese font so the kanji
# render (apt-get install fonts-noto-cjk, or fonts-ipafont). Not used by the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/views-render}
mkdir -p "$out" docs/img
command -v rsvg-convert >/dev/null || { echo "rsvg-convert not found: apt-get install librsvg2-bin" >&2; exit 1; }
fc-list :lang=ja | grep -q . || echo "warning: no Japanese font found; kanji will not render" >&2

cargo build --quiet
tool=target/debug/shogi-tool
game=testdata/views/middle-game.usi
check="k3r4/9/9/9/9/9/9/9/4K4 b GN 1"

$tool board --format svg --sfen startpos >"$out/board-start.svg"
$tool board --format svg --letters --sfen startpos >"$out/board-start-letters.svg"
$tool board --format svg "$game" --highlight 2c,2d >"$out/board-middle-game.svg"
$tool board --format svg --sfen "8k/9/9/9/9/9/9/9/K8 w 2r2b4g4s4n4l18p 1" >"$out/board-full-hands.svg"
$tool drops --format svg --piece P "$game" >"$out/drops-middle-game-pawn.svg"
$tool drops --format svg "$game" >"$out/drops-middle-game.svg"
$tool drops --format svg --letters --sfen "$check" >"$out/drops-self-check-letters.svg"
$tool guide --format svg >"$out/guide.svg"
$tool guide --format svg --letters B >"$out/guide-bishop-letters.svg"

for svg in "$out"/*.svg; do
    rsvg-convert --zoom 1.5 --background-color white "$svg" -o "${svg%.svg}.png"
done

# The README images: small enough to keep in the repository (about 150 KB at most each).
rsvg-convert --zoom 1.25 --background-color white "$out/board-start.svg" -o docs/img/board-start.png
rsvg-convert --zoom 1.25 --background-color white "$out/drops-middle-game-pawn.svg" -o docs/img/drops-middle-game.png
rsvg-convert --zoom 1.0 --background-color white "$out/guide.svg" -o docs/img/guide.png
ls -l "$out"/*.png docs/img/*.png
