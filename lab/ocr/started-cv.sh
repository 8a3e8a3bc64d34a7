#!/bin/sh
# lab/ocr/started-cv.sh: how sdk-ocr reads started puzzles it has not seen.
# The wicht-mixed puzzles are split in two halves (photos of one puzzle
# together, halves by a SHA-1 order of the puzzles' givens); for each half
# the handwriting models are trained as "make model-hand" trains them but
# without that half's wicht-mixed photos and without the wicht photos of
# the same puzzles, then the half is read through the whole pipeline:
# wicht-mixed (cells, givens split) and the printed wicht photos
# (--givens), and answered through sdk-solve (../shared/tools/outcome:
# right, refused, WRONG; mistakes named, right entries accused), with the
# half's photos of $B/planted/wicht-mixed (bench/outcome.sh makes them)
# when there are any.
#   lab/ocr/started-cv.sh [IMAGES]      (default ../shared/images)
# CV_KEEP=DIR keeps each half's model (DIR/model-hand-HALF.sdkm: sdk-ocr
# reads with it when SDK_OCR_HAND_MODEL names it) and the list of
# halves (DIR/halves: SET NAME HALF) for a closer look; OCR_HAND_FLAGS go to
# ocr-train-hand as with make model-hand.
set -eu
cd "$(dirname "$0")/../.."
IMAGES=$(cd "${1:-../shared/images}" && pwd)
B=${B:-build}
# The tools want PIL and NumPy: Debian's python3 has them as packages.
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
T=$(mktemp -d "${TMPDIR:-/tmp}/started-cv.XXXXXX")
trap 'rm -rf "$T"' EXIT INT TERM
make -s "$B/lab/ocr-train-hand" "$B/bin/sdk-detect" "$B/bin/sdk-warp" \
    "$B/bin/sdk-ocr"
make -s "$B/squares/kubiesa+train.pnm" OCR_HAND_SETS="$IMAGES"
# The halves: NAME HALF for every wicht-mixed photo, and for every wicht
# photo the half of its puzzle (or "-" when no wicht-mixed photo has it).
python3 - "$IMAGES" >"$T/halves" <<'PY'
import hashlib, os, sys
d = sys.argv[1]
def rows(p):
    return ' '.join(open(p).read().split('\n')[2:11]).split()
groups = {}
for f in sorted(os.listdir(d + '/wicht-mixed')):
    if f.endswith('.givens'):
        groups.setdefault(' '.join(rows(d + '/wicht-mixed/' + f)), []).append(f[:-7])
keys = sorted(groups, key=lambda k: hashlib.sha1(k.encode()).hexdigest())
half = {k: i % 2 for i, k in enumerate(keys)}
for k in keys:
    for n in groups[k]:
        print('wicht-mixed', n, half[k])
for f in sorted(os.listdir(d + '/wicht')):
    if f.endswith('.dat'):
        k = ' '.join(rows(d + '/wicht/' + f))
        print('wicht', f[:-4], half.get(k, '-'))
PY
for h in 0 1; do
	mkdir -p "$T/held$h/wicht-mixed" "$T/held$h/wicht" "$T/held$h/planted"
	: >"$T/train$h-mixed.list"
	: >"$T/train$h-printed.list"
	while read -r set name half; do
		if [ "$half" = "$h" ]; then
			for e in jpg dat givens; do
				[ -e "$IMAGES/$set/$name.$e" ] &&
				    ln -s "$IMAGES/$set/$name.$e" \
				    "$T/held$h/$set/$name.$e"
				p=$B/planted/$set/$name.$e
				case $p in /*) ;; *) p=$(pwd)/$p ;; esac
				[ "$set" = wicht-mixed ] && [ -e "$p" ] &&
				    ln -s "$p" "$T/held$h/planted/$name.$e"
			done
		elif [ "$set" = wicht-mixed ]; then
			echo "$IMAGES/$set/$name.jpg" >>"$T/train$h-mixed.list"
		else
			echo "$IMAGES/$set/$name.jpg" >>"$T/train$h-printed.list"
		fi
	done <"$T/halves"
	for s in mixed printed; do
		xargs "$B/bin/sdk-detect" -q <"$T/train$h-$s.list" |
		    "$B/bin/sdk-warp" -q >"$T/train$h-$s.pnm" || test $? = 1
	done
	# shellcheck disable=SC2086
	"$B/lab/ocr-train-hand" -k lab/ocr/kubiesa-kinds.txt ${OCR_HAND_FLAGS:-} \
	    -P "$T/train$h-printed.pnm" -o "$T/model$h.sdkm" \
	    "$T/train$h-mixed.pnm" "$B/squares/kubiesa+train.pnm" 2>/dev/null
	if [ -n "${CV_KEEP:-}" ]; then
		mkdir -p "$CV_KEEP"
		cp "$T/halves" "$CV_KEEP/halves"
		cp "$T/model$h.sdkm" "$CV_KEEP/model-hand-$h.sdkm"
	fi
	cmd="$B/bin/sdk-detect \"\$1\" | $B/bin/sdk-warp | SDK_OCR_HAND_MODEL=$T/model$h.sdkm $B/bin/sdk-ocr"
	echo "half $h, wicht-mixed held out:"
	"$IMAGES/../tools/eval-vision" -j 2 --cmd "$cmd" "$T/held$h/wicht-mixed" |
	    grep -E 'images:|cells correct|givens exactly'
	echo "half $h, the printed photos of the same puzzles:"
	"$IMAGES/../tools/eval-vision" -j 2 --givens --cmd "$cmd" \
	    "$T/held$h/wicht" | grep -E 'images:|grids fully|givens exactly'
	for s in wicht-mixed planted; do
		ls "$T/held$h/$s"/*.jpg >/dev/null 2>&1 || continue
		echo "half $h, $s held out, answered:"
		SDK_OCR_HAND_MODEL=$T/model$h.sdkm \
		    "$PY" "$IMAGES/../tools/outcome" -j 2 --bin "$B/bin" \
		    "$T/held$h/$s" | sed 's/^/  /'
	done
done
