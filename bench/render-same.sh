#!/bin/sh
# bench/render-same.sh OLD_BINDIR NEW_BINDIR [RECORDS ...]: whether two
# builds of sdk-render draw the same to the byte, for work that must
# change no picture (issue 28: the font as data).  Each file of grid
# records is drawn by both in every mode: the clean grid (PNM; -s 200
# -m 0; -c -s 120; PNG and JPEG through -o templates), text, and, for
# records of photos, --onto to JPEG and PNG and --thumbnail; stdout,
# stderr, exit status and every file written are compared.  Prints each
# run that differs, then "N runs, N differences"; exits 1 if any differ.
# Default records: tests/fixtures/render's, samples/*.jpg through NEW's
# pipeline, sdk-solve's traces of samples/puzzles.txt (338 frames, pencil
# marks too) and the first 40 photos of ../shared/images/wicht and
# wicht-mixed through the pipeline, where they are.
set -u
if [ $# -lt 2 ]; then
	echo "usage: bench/render-same.sh OLD_BINDIR NEW_BINDIR [RECORDS ...]" >&2
	exit 2
fi
# The programs run in folders of their own: the paths made absolute.
old=$(cd "$1" && pwd) || exit 2
new=$(cd "$2" && pwd) || exit 2
shift 2
here=$(pwd)
cd "$(dirname "$0")/.." || exit 2
top=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/render-same.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# pipeline PHOTO...: their records, read and solved by NEW
pipeline() {
	"$new/sdk-detect" -q "$@" | "$new/sdk-warp" -q | "$new/sdk-ocr" -q |
	    "$new/sdk-solve" -q
}

if [ $# -eq 0 ]; then
	mkdir "$tmp/rec"
	# The fixtures name their photos relative to their folder.
	for f in solved batch boxed nogrid photo photo-only started \
	    started-photo; do
		sed "s,^# sdk-source \([^/]\),# sdk-source $top/tests/fixtures/render/\1," \
		    "tests/fixtures/render/$f.txt" >"$tmp/rec/fixture-$f.txt"
	done
	for f in samples/*.jpg; do
		pipeline "$top/$f" >"$tmp/rec/photo-$(basename "$f" .jpg).txt"
	done
	"$new/sdk-solve" -q --trace samples/puzzles.txt >"$tmp/rec/trace.txt"
	"$new/sdk-solve" -q --trace --pencil samples/puzzles.txt \
	    >"$tmp/rec/pencil.txt"
	for s in wicht wicht-mixed; do
		d="$top/../shared/images/$s"
		[ -d "$d" ] || continue
		# shellcheck disable=SC2046
		pipeline $(find "$d" -name '*.jpg' | LC_ALL=C sort | sed 40q) \
		    >"$tmp/rec/photo-$s.txt"
	done
	set -- "$tmp"/rec/*.txt
fi

# draw NAME RECORDS ARGS...: both builds, each in a folder of its own
# (stdout, stderr, status and the files of -o), the folders compared.
n=0
bad=0
draw() {
	name=$1
	rec=$2
	shift 2
	for which in old new; do
		p=$new
		[ "$which" = old ] && p=$old
		mkdir -p "$tmp/$which"
		(cd "$tmp/$which" && "$p/sdk-render" "$@" "$rec" >stdout \
		    2>stderr; echo "status $?" >>stderr)
	done
	n=$((n + 1))
	if ! diff -r -q "$tmp/old" "$tmp/new" >/dev/null; then
		echo "differs: $name: sdk-render $* $rec"
		bad=$((bad + 1))
	fi
	rm -rf "$tmp/old" "$tmp/new"
}

for r; do
	case $r in /*) ;; *) r=$here/$r ;; esac
	b=$(basename "$r" .txt)
	draw "$b" "$r"
	draw "$b" "$r" -s 200 -m 0
	draw "$b" "$r" -c -s 120
	draw "$b" "$r" -o '%4n.png'
	draw "$b" "$r" -Q 80 -o '%4n.jpg'
	draw "$b" "$r" -f text --color=always
	grep -q '^# sdk-quad ' "$r" || continue
	draw "$b" "$r" --onto -o '%4n.jpg'
	draw "$b" "$r" --onto -o '%4n.png'
	draw "$b" "$r" --onto --thumbnail=320x240
done
echo "$n runs, $bad differences"
[ "$bad" -eq 0 ]
