#!/bin/sh
# bench/photo-same.sh OLD_BINDIR NEW_BINDIR [PHOTO ...]: whether two builds
# read photos the same to the byte, for work that must change no result
# (issue 30).  For each photo: `sdk-detect F`, `sdk-detect -a F | sdk-warp`
# and `sdk-detect F | sdk-warp | sdk-ocr`, their stdout, stderr and exit
# status, compared by MD5; and `sdk-render --onto -o x.jpg` on the first
# ten JPEGs (the puzzle solved by OLD).  Prints each photo that differs,
# then "N photos compared, N differences"; exits 1 if any differ.
# Default photos: ../shared/images/kubiesa/val/images/*.jpg (the phone
# photos, whose answers are drawn), samples/*.jpg, and ../shared/images/
# wicht, taylorjg and wicht-mixed.
set -u
cd "$(dirname "$0")/.." || exit 2
if [ $# -lt 2 ]; then
	echo "usage: bench/photo-same.sh OLD_BINDIR NEW_BINDIR [PHOTO ...]" >&2
	exit 2
fi
old=$1
new=$2
shift 2
if [ $# -eq 0 ]; then
	s=../shared/images
	set -- "$s"/kubiesa/val/images/*.jpg samples/*.jpg "$s"/wicht/*.jpg \
	    "$s"/taylorjg/*.png "$s"/wicht-mixed/*.jpg
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/photo-same.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# sums BINDIR PHOTO: the three readings' MD5s on one line.
sums() {
	d=$( ("$1/sdk-detect" "$2" 2>&1; echo "status $?") | md5sum)
	w=$( ("$1/sdk-detect" -a "$2" 2>/dev/null | "$1/sdk-warp" 2>&1
	    echo "status $?") | md5sum)
	r=$( ("$1/sdk-detect" "$2" 2>/dev/null | "$1/sdk-warp" 2>/dev/null |
	    "$1/sdk-ocr" 2>&1; echo "status $?") | md5sum)
	echo "$d $w $r"
}

n=0
bad=0
jpegs=0
for f; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	if [ "$(sums "$old" "$f")" != "$(sums "$new" "$f")" ]; then
		echo "differs: $f"
		bad=$((bad + 1))
	fi
	case $f in
	*.jpg) [ "$jpegs" -lt 10 ] || continue ;;
	*) continue ;;
	esac
	jpegs=$((jpegs + 1))
	"$old/sdk-detect" "$f" 2>/dev/null | "$old/sdk-warp" 2>/dev/null |
	    "$old/sdk-ocr" 2>/dev/null | "$old/sdk-solve" >"$tmp/s.txt" \
	    2>/dev/null
	: >"$tmp/old.jpg"
	: >"$tmp/new.jpg"
	"$old/sdk-render" --onto -o "$tmp/old.jpg" "$tmp/s.txt" 2>/dev/null
	a="status $? $(md5sum <"$tmp/old.jpg")"
	"$new/sdk-render" --onto -o "$tmp/new.jpg" "$tmp/s.txt" 2>/dev/null
	b="status $? $(md5sum <"$tmp/new.jpg")"
	if [ "$a" != "$b" ]; then
		echo "differs (sdk-render --onto): $f"
		bad=$((bad + 1))
	fi
done
echo "$n photos compared ($jpegs answers drawn), $bad differences"
[ "$bad" -eq 0 ]
