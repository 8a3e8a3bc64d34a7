#!/bin/sh
# bench/outcome.sh: what a user gets, photo by photo, on every set of photos
# with ground truth that ../shared has, through detect | warp | ocr | solve
# (../shared/tools/outcome: right, refused or WRONG; mistakes named,
# silently repaired, right entries accused), and how the cells are read
# (../shared/tools/eval-vision).  The planted-mistake folders are made once
# into $B/planted (../shared/tools/plant-mistakes, which needs Python 3
# with PIL and NumPy), and Wicht's printed photos filled in with a pen
# into $B/pen/seed1 and seed2 (lab/samples/make-pen.py, 100 each).
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
pen() {
	[ -f "$2/manifest.tsv" ] && return 0
	"$PY" lab/samples/make-pen.py -n 100 --seed "$1" --set "$IMAGES/wicht" \
	    --bin "$BIN" -o "$2" >/dev/null
}
if [ -f "$IMAGES/wicht/outlines.csv" ]; then
	pen 1 "$B/pen/seed1"
	pen 2 "$B/pen/seed2"
fi
echo "# outcome (SDK_BINDIR=$BIN)"
for s in "$IMAGES/taylorjg" "$IMAGES/taylorjg-multi" "$IMAGES/wicht" \
    "$IMAGES/wicht-mixed" "$IMAGES/kubiesa/val" "$IMAGES/kubiesa/train" \
    "$IMAGES/widor-hand" "$B/planted/wicht-mixed" "$B/planted/kubiesa-val" \
    "$B/pen/seed1" "$B/pen/seed2"
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
for s in "$IMAGES/wicht-mixed" "$IMAGES/kubiesa/val" "$IMAGES/widor-hand" \
    "$B/pen/seed1" "$B/pen/seed2"; do
	[ -d "$s" ] || continue
	echo "## ${s#"$IMAGES"/}"
	"$PY" "$TOOLS/eval-vision" -j 2 --cmd "$cmd" "$s" |
	    grep -E 'cells correct|grids fully|errors in|givens'
done
