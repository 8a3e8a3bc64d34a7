#!/bin/sh
# before-after.sh: remake doc/before-after.png, the README's picture: a
# sample photo beside the answer that the pipeline lays onto it, both
# scaled to 360 pixels wide, in 64 colours.  Run from the top of the work
# tree after "make"; needs netpbm.
set -eu
bin=${SDK_BINDIR:-build/bin}
photo=${1:-samples/image1000.jpg}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/sdk-detect" "$photo" | "$bin/sdk-warp" | "$bin/sdk-ocr" |
    "$bin/sdk-solve" | "$bin/sdk-render" --onto -f pnm >"$tmp/after.ppm"
jpegtopnm "$photo" 2>/dev/null | pnmscale -width 360 >"$tmp/a.ppm"
pnmscale -width 360 "$tmp/after.ppm" >"$tmp/b.ppm"
h=$(pnmfile "$tmp/a.ppm" | sed 's/.* by \([0-9]*\) .*/\1/')
ppmmake white 12 "$h" >"$tmp/gap.ppm"
mkdir -p doc
pnmcat -white -lr -jcenter "$tmp/a.ppm" "$tmp/gap.ppm" "$tmp/b.ppm" |
    pnmquant 64 2>/dev/null | pnmtopng -compression 9 >doc/before-after.png
