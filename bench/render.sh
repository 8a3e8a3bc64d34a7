#!/bin/sh
# bench/render.sh: sdk-render's figures.
#   1. round trip: puzzles and their solutions drawn as clean grids
#      (-m 0) at several sizes, read back by sdk-ocr: records whose 81
#      cells all come back, and wrong cells;
#   2. the whole pipeline: grids drawn at an angle on a tinted background
#      (netpbm pnmpad + pnmrotate), read by sdk-detect | sdk-warp | sdk-ocr;
#   3. speed: wall and user time to draw the records, and instructions a
#      record counted by callgrind (the same on any load).
# SAMPLE puzzles of top1465 (default 200), ANGLED of them for 2 (default 30).
set -eu
cd "$(dirname "$0")/.."
bin=${SDK_BINDIR:-$PWD/build/bin}
PATH="$bin:$PATH"
SAMPLE=${SAMPLE:-200}
ANGLED=${ANGLED:-30}
puzzles=${SDK_PUZZLES:-../shared/puzzles}/top1465.txt
[ -r "$puzzles" ] || puzzles=samples/puzzles.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

head -n "$SAMPLE" "$puzzles" >"$tmp/p.txt"
sdk-solve -q "$tmp/p.txt" >"$tmp/s.txt" || true
n=$(wc -l <"$tmp/p.txt")

# cells FILE: the grid lines of a record stream
cells() {
	grep -v '^#' "$1" | tr 0 .
}
# compare WANT GOT: "records-right wrong-cells"
compare() {
	paste -d' ' "$1" "$2" | awk '{ if ($1 == $2) ok++
	    else for (i = 1; i <= 81; i++)
	    if (substr($1, i, 1) != substr($2, i, 1)) bad++ }
	    END { printf "%d/%d %d\n", ok, NR, bad }'
}

echo "round trip through sdk-ocr, $n puzzles of $(basename "$puzzles")"
echo "| side | puzzles: records right | wrong cells | solutions: records right | wrong cells |"
echo "|---:|---:|---:|---:|---:|"
cells "$tmp/p.txt" >"$tmp/want-p"
cells "$tmp/s.txt" >"$tmp/want-s"
for side in 120 200 450 900; do
	sdk-render -q -m 0 -s "$side" "$tmp/p.txt" | sdk-ocr -q >"$tmp/b" ||
	    true
	cells "$tmp/b" >"$tmp/got-p"
	sdk-render -q -m 0 -s "$side" "$tmp/s.txt" | sdk-ocr -q >"$tmp/b" ||
	    true
	cells "$tmp/b" >"$tmp/got-s"
	# Word splitting wanted: compare prints two numbers.
	# shellcheck disable=SC2046
	set -- $(compare "$tmp/want-p" "$tmp/got-p") \
	    $(compare "$tmp/want-s" "$tmp/got-s")
	echo "| $side | $1 | $2 | $3 | $4 |"
done

echo
echo "whole pipeline on $ANGLED grids drawn at an angle (3 to 15 degrees)"
ok=0 i=0
: >"$tmp/angled"
while read -r p && [ "$i" -lt "$ANGLED" ]; do
	i=$((i + 1))
	a=$((3 + i % 13))
	[ $((i % 2)) -eq 0 ] && a=-$a
	printf '%s\n' "$p" | sdk-render -s 400 -m 0 |
	    pnmpad -white -left 60 -right 90 -top 50 -bottom 70 |
	    pnmrotate -background=rgb:c8/c0/b0 "$a" >"$tmp/a.ppm"
	got=$(sdk-detect -q "$tmp/a.ppm" | sdk-warp -q | sdk-ocr -q |
	    grep -v '^#' || true)
	[ "$got" = "$(printf '%s' "$p" | tr 0 .)" ] && ok=$((ok + 1))
done <"$tmp/p.txt"
echo "records right: $ok/$i"

echo
echo "speed: $n solved records"
for side in 450 900; do
	/usr/bin/time -f "-s $side: %e s wall, %U s user" \
	    sdk-render -q -s "$side" "$tmp/s.txt" >/dev/null
done
/usr/bin/time -f "--onto (samples/image1049.jpg, 960x1129): %e s wall, %U s user" \
    sh -c "sed 's|^|# sdk-quad 58 285 722 283 720 938 51 943\n|' \
    '$tmp/s.txt' | sdk-render -q --onto=samples/image1049.jpg >/dev/null"
if command -v valgrind >/dev/null; then
	# instructions a record: (11 records - 1 record) / 10, so that
	# start-up (Leptonica, libpng) is left out
	head -3 "$tmp/s.txt" >"$tmp/one.txt"
	head -33 "$tmp/s.txt" >"$tmp/eleven.txt"
	ir() {
		valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
		    sdk-render "$@" >/dev/null 2>"$tmp/vg" || true
		sed -n 's/.*Collected : //p' "$tmp/vg"
	}
	for side in 200 450 900; do
		a=$(ir -s "$side" "$tmp/one.txt")
		b=$(ir -s "$side" "$tmp/eleven.txt")
		echo "-s $side: $(((b - a) / 10)) instructions a record"
	done
fi
