#!/bin/sh
# bench/pencil.sh: an app's candidates read (issue 27), on screenshots made
# by lab/samples/make-screens.py, whose NAME.pencil is the truth: every
# picture through sdk-detect | sdk-warp | sdk-ocr | sdk-solve, its
# sdk-pencil against the candidates drawn and its sdk-pencil-mistakes
# against what the drawn candidates lack of the solution.
#
#   bench/pencil.sh [DIR ...]
#
# Without a folder, the held-out set of bench/README.md is made in
# build/pencil (seed 3: 15 light and 15 dark screens, PNG and JPEG) and
# measured.
#
# Prints, over all the folders: the cells of candidates drawn, those found,
# those read with exactly their digits; in the cells found, the digits
# missed and invented; the cells read where none were drawn; and the
# pencil mistakes named right, named wrongly and missed.
set -u
cd "$(dirname "$0")/.." || exit 2
bin=${SDK_BINDIR:-build/bin}
if [ $# -eq 0 ]; then
	py=${PIL_PYTHON:-/usr/bin/python3}
	if ! "$py" -c 'import PIL' 2>/dev/null; then
		echo "bench/pencil.sh: no Python with PIL: skipped"
		exit 0
	fi
	for o in light dark; do
		for j in 0 1; do
			d=build/pencil/$o-3-$j
			[ -d "$d" ] || "$py" lab/samples/make-screens.py -n 15 \
			    --seed 3 --only "candidates,$o" --degrade "$j" \
			    --gen "$bin/sdk-gen" -o "$d" >/dev/null || exit 1
		done
	done
	set -- build/pencil/*
fi
for d in "$@"; do
	for f in "$d"/*.png "$d"/*.jpg; do
		[ -e "$f" ] || continue
		b=${f%.*}
		[ -e "$b.pencil" ] || continue
		out=$("$bin/sdk-detect" "$f" 2>/dev/null | "$bin/sdk-warp" \
		    2>/dev/null | "$bin/sdk-ocr" 2>/dev/null)
		sol=$(sed -n '3,11p' "$b.dat" | tr -d ' \n' | tr 0 . |
		    "$bin/sdk-solve" -p 2>/dev/null)
		printf 'T %s %s\n' "$sol" "$(cat "$b.pencil")"
		printf 'R %s\n' "$(printf '%s\n' "$out" |
		    sed -n 's/^# sdk-pencil //p')"
		printf 'M %s\n' "$(printf '%s\n' "$out" | "$bin/sdk-solve" \
		    2>/dev/null | sed -n 's/^# sdk-pencil-mistakes //p')"
	done
done | awk '
function cellno(c) { return (substr(c, 2, 1) - 1) * 9 + substr(c, 4, 1) - 1 }
$1 == "T" {
	delete want; delete pm; sol = $2
	for (i = 3; i <= NF; i++) {
		split($i, w, ":"); want[w[1]] = w[2]; cells++
		d = substr(sol, cellno(w[1]) + 1, 1)
		if (index(w[2], d) == 0) pm[w[1] ":" d] = 1
	}
}
$1 == "R" {
	delete got
	for (i = 2; i <= NF; i++) { split($i, w, ":"); got[w[1]] = w[2] }
	for (c in want) {
		if (!(c in got)) continue
		found++; exact += got[c] == want[c]
		for (k = 1; k <= 9; k++) {
			miss += index(want[c], k) && !index(got[c], k)
			inv += !index(want[c], k) && index(got[c], k)
		}
	}
	for (c in got) extra += !(c in want)
}
$1 == "M" {
	delete named
	for (i = 2; i <= NF; i++) if ($i != "none") named[$i] = 1
	for (k in named) { if (k in pm) right++; else wrong++ }
	for (k in pm) missed += !(k in named)
}
END {
	printf "cells %d, found %d (%.1f %%), exact %d (%.1f %%); " \
	    "digits in the cells found: missed %d, invented %d; " \
	    "cells made up %d\n", cells, found, 100 * found / (cells ? cells : 1),
	    exact, 100 * exact / (cells ? cells : 1), miss, inv, extra
	printf "pencil mistakes: named right %d, named wrongly %d, " \
	    "missed %d\n", right, wrong, missed
}'
