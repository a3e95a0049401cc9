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

# The smaller variants: one board per variant (the start position), Tori Shogi's guide and a
# swallow drop refused on a file that holds two.
for v in minishogi gorogoro gorogoroplus torishogi dobutsu; do
    $tool board --format svg --variant "$v" --sfen startpos >"$out/board-$v.svg"
done
$tool board --format svg --letters --variant torishogi --sfen startpos >"$out/board-torishogi-letters.svg"
$tool guide --format svg --variant torishogi >"$out/guide-torishogi.svg"
$tool guide --format svg --variant dobutsu >"$out/guide-dobutsu.svg"
$tool drops --format svg --sfen "3k3/7/7/2S4/2S4/7/3K3 b S 1" >"$out/drops-torishogi-swallows.svg"

for svg in "$out"/*.svg; do
    rsvg-convert --zoom 1.5 --background-color white "$svg" -o "${svg%.svg}.png"
done

# The README images: small enough to keep in the repository (about 150 KB at most each).
rsvg-convert --zoom 1.25 --background-color white "$out/board-start.svg" -o docs/img/board-start.png
rsvg-convert --zoom 1.25 --background-color white "$out/drops-middle-game-pawn.svg" -o docs/img/drops-middle-game.png
rsvg-convert --zoom 1.0 --background-color white "$out/guide.svg" -o docs/img/guide.png
for v in minishogi gorogoro gorogoroplus torishogi dobutsu; do
    rsvg-convert --zoom 1.0 --background-color white "$out/board-$v.svg" -o "docs/img/board-$v.png"
done
rsvg-convert --zoom 1.0 --background-color white "$out/guide-torishogi.svg" -o docs/img/guide-torishogi.png
ls -l "$out"/*.png docs/img/*.png
