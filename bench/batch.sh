#!/bin/sh
# bench/batch.sh: sdk-batch over a folder of photos, end to end (read,
# solve, draw the answer onto the photo as PNG).
#   bench/batch.sh [PHOTO_FOLDER]      (default ../shared/images/wicht)
# 1. Photos per second for the whole batch with 1 and 2 pipelines (-j),
#    wall-clock, and how many photos were solved.
# 2. Where the time goes: CPU seconds (user + system) of each stage with
#    every photo in one stream, one process a stage.
# 3. Accuracy: the batch's grids against the one-photo pipeline's
#    (sdk-detect PHOTO | sdk-warp | sdk-ocr), and both against the ground
#    truth with ../shared/tools/eval-vision when it is there.
set -u
cd "$(dirname "$0")/.." || exit 2
dir=${1:-../shared/images/wicht}
bin=${SDK_BINDIR:-build/bin}
eval=../shared/tools/eval-vision
if [ ! -d "$dir" ]; then
	echo "bench/batch.sh: no $dir; skipped" >&2
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-batch.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
find "$dir" -name '*.jpg' | sort >"$tmp/photos"
n=$(wc -l <"$tmp/photos")

for j in 1 2; do
	start=$(date +%s.%N)
	/usr/bin/time -f "%U %S" -o "$tmp/time" \
	    "$bin/sdk-batch" -q -j "$j" -o "$tmp/j$j" "$dir"
	end=$(date +%s.%N)
	solved=$(grep -c '"status":"solved"' "$tmp/j$j/results.jsonl")
	cpu=$(awk 'END { print $1 + $2 }' "$tmp/time")
	echo "$start $end $n $j $solved $cpu" | awk '{ printf "sdk-batch " \
	    "-j %d: %d photos in %.1f s, %.2f photos/s, %d solved; " \
	    "%.1f s CPU, %.1f photos per CPU second\n", $4, $3, $2 - $1,
	    $3 / ($2 - $1), $5, $6, $3 / $6 }'
done
uptime

# Each stage alone over the whole folder as one stream: cpu LABEL OUT CMD...
cpu() {
	label=$1
	out=$2
	shift 2
	/usr/bin/time -f "%U %S" -o "$tmp/time" "$@" >"$out" 2>/dev/null
	# time(1) adds a line above when the status is not 0.
	awk -v l="$label" -v n="$n" 'END { s = $1 + $2
	    printf "  %-10s %6.2f s CPU, %6.1f ms per photo\n", l, s,
	    s * 1000 / n }' "$tmp/time"
}
echo "CPU per stage, every photo in one stream:"
# shellcheck disable=SC2046
cpu detect "$tmp/d.pnm" "$bin/sdk-detect" -q $(cat "$tmp/photos")
cpu warp "$tmp/w.pnm" "$bin/sdk-warp" -q "$tmp/d.pnm"
cpu ocr "$tmp/o.txt" "$bin/sdk-ocr" -q "$tmp/w.pnm"
cpu solve "$tmp/s.txt" "$bin/sdk-solve" -q "$tmp/o.txt"
awk '/^#/ { r = r $0 "\n"; if ($0 == "# sdk-status solved") ok = 1; next }
    NF { if (ok) printf "%s%s\n", r, $0; r = ""; ok = 0 }' "$tmp/s.txt" \
    >"$tmp/solved.txt"
mkdir "$tmp/png"
cpu render "$tmp/r" "$bin/sdk-render" -q --onto -f png -o "$tmp/png/%n.png" \
    "$tmp/solved.txt"
cpu render-pnm "$tmp/r" "$bin/sdk-render" -q --onto -f pnm \
    -o "$tmp/png/%n.pnm" "$tmp/solved.txt"

# The batch reads what the one-photo pipeline reads.
same=0
while IFS= read -r p; do
	b=${p##*/}
	"$bin/sdk-detect" "$p" 2>/dev/null | "$bin/sdk-warp" 2>/dev/null |
	    "$bin/sdk-ocr" 2>/dev/null | grep -v '^#' >"$tmp/one"
	grep -v '^#' "$tmp/j2/${b%.*}.grid" 2>/dev/null | cmp -s - "$tmp/one" &&
	    same=$((same + 1))
done <"$tmp/photos"
echo "grids equal to the one-photo pipeline's: $same of $n"
if [ -x "$eval" ]; then
	echo "against the ground truth, batch (-j 2):"
	"$eval" --cmd "grep -v '^#' '$tmp/j2/'\"\$(basename \"\$1\" .jpg)\".grid" \
	    "$dir" | tail -n 3
	echo "against the ground truth, one photo at a time:"
	"$eval" --cmd "'$bin/sdk-detect' \"\$1\" | '$bin/sdk-warp' | '$bin/sdk-ocr'" \
	    "$dir" | tail -n 3
fi
