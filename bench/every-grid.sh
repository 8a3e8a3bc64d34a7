#!/bin/sh
# bench/every-grid.sh: is the labelled puzzle of each page among the grids
# sdk-detect --all passes on?
#   bench/every-grid.sh [FOLDER]      (default ../shared/images/taylorjg-multi)
# For every picture with a .dat (wichtounet format: two header lines, nine
# rows of nine digits, 0 empty), runs sdk-detect -a | sdk-warp | sdk-ocr and
# counts it found when one record's givens equal the .dat's exactly.  Where
# the picture has a NAME.all (lab/samples/make-pages.py: every puzzle of the page,
# a line each, as large as each other), it is found when every one of them
# is among the records; with one record (SDK_DETECT_ARGS=), when that one is
# any of them.  One line a picture (found or MISSED, the number of records),
# then the total.  SDK_DETECT_ARGS (default -a) is passed to sdk-detect:
# empty measures the one grid of the default.
set -u
cd "$(dirname "$0")/.." || exit 2
dir=${1:-../shared/images/taylorjg-multi}
bin=${SDK_BINDIR:-build/bin}
args=${SDK_DETECT_ARGS--a}
if [ ! -d "$dir" ]; then
	echo "bench/every-grid.sh: no $dir; skipped" >&2
	exit 0
fi
found=0 total=0
for dat in "$dir"/*.dat; do
	[ -f "$dat" ] || continue
	img=
	for ext in png jpg jpeg; do
		[ -f "${dat%.dat}.$ext" ] && img=${dat%.dat}.$ext && break
	done
	[ -n "$img" ] || continue
	want=$(sed -n '3,11p' "$dat" | tr -d ' \n' | tr 0 .)
	# shellcheck disable=SC2086 # $args is a list of options
	got=$("$bin/sdk-detect" -q $args "$img" | "$bin/sdk-warp" 2>/dev/null |
	    "$bin/sdk-ocr" 2>/dev/null | grep -E '^[1-9.]{81}$')
	n=$(printf '%s\n' "$got" | grep -c .)
	total=$((total + 1))
	all=${dat%.dat}.all
	if [ -f "$all" ] && [ -n "$args" ]; then
		# Every puzzle of the page among the records.
		missing=$(printf '%s\n' "$got" | grep -cvxFf - "$all")
	elif [ -f "$all" ]; then
		# The one record any puzzle of the page.
		printf '%s\n' "$got" | grep -qxFf "$all"
		missing=$?
	else
		printf '%s\n' "$got" | grep -qx "$want"
		missing=$?
	fi
	if [ "$missing" = 0 ]; then
		found=$((found + 1))
		echo "found $n $img"
	else
		echo "MISSED $n $img"
	fi
done
echo "labelled puzzle among the records: $found of $total"
