#!/bin/sh
# bench/outcome.sh: what a user gets, photo by photo, on every set of photos
# with ground truth that ../shared has, through detect | warp | ocr | solve
# (../shared/tools/outcome: right, refused or WRONG; mistakes named,
# silently repaired, right entries accused), and how the cells are read
# (../shared/tools/eval-vision).  The planted-mistake folders are made once
# into $B/planted (../shared/tools/plant-mistakes, which needs Python 3
# with PIL and NumPy).
#   bench/outcome.sh [IMAGES]      (default ../shared/images)
# SDK_BINDIR names other programs to measure (default build/bin).
set -eu
cd "$(dirname "$0")/.."
IMAGES=$(cd "${1:-../shared/images}" && pwd)
TOOLS=$IMAGES/../tools
B=${B:-build}
BIN=$(cd "${SDK_BINDIR:-$B/bin}" && pwd)
# The tools want PIL and NumPy: Debian's python3 has them as packages.
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
[ -n "${SDK_BINDIR:-}" ] || make -s all
plant() {
	[ -f "$2/manifest.tsv" ] && return 0
	"$PY" "$TOOLS/plant-mistakes" -j 2 "$@" >/dev/null
}
mkdir -p "$B/planted"
plant --corners "$IMAGES/wicht/outlines.csv" "$IMAGES/wicht-mixed" \
    "$B/planted/wicht-mixed"
plant --givens "$IMAGES/kubiesa/givens.txt" "$IMAGES/kubiesa/val" \
    "$B/planted/kubiesa-val"
echo "# outcome (SDK_BINDIR=$BIN)"
for s in "$IMAGES/taylorjg" "$IMAGES/taylorjg-multi" "$IMAGES/wicht" \
    "$IMAGES/wicht-mixed" "$IMAGES/kubiesa/val" "$IMAGES/kubiesa/train" \
    "$IMAGES/widor-hand" "$B/planted/wicht-mixed" "$B/planted/kubiesa-val"
do
	[ -d "$s" ] || continue
	"$PY" "$TOOLS/outcome" -j 2 --bin "$BIN" "$s" 2>&1
done
echo "# cells (eval-vision)"
cmd="'$BIN/sdk-detect' \"\$1\" | '$BIN/sdk-warp' | '$BIN/sdk-ocr'"
for s in wicht taylorjg; do
	echo "## $s (--givens)"
	"$PY" "$TOOLS/eval-vision" -j 2 --givens --cmd "$cmd" "$IMAGES/$s" |
	    grep -E 'cells correct|grids fully|errors in'
done
for s in wicht-mixed kubiesa/val widor-hand; do
	echo "## $s"
	"$PY" "$TOOLS/eval-vision" -j 2 --cmd "$cmd" "$IMAGES/$s" |
	    grep -E 'cells correct|grids fully|errors in|givens'
done
