#!/bin/sh
# bench/ocr.sh: photo reading, end to end (sdk-detect | sdk-warp | sdk-ocr),
# for each OCR engine: accuracy on a folder of photos with ground truth
# (eval-vision's table), then the time per photo when the whole folder flows
# as one stream through one pipeline pinned to one core.
#
#   bench/ocr.sh [DIR]            default ../shared/images/wicht
#   ENGINES="mlp" bench/ocr.sh    engines to measure (default: mlp tesseract)
set -u
cd "$(dirname "$0")/.." || exit 2
dir=${1:-${SDK_PHOTOS:-../shared/images/wicht}}
engines=${ENGINES:-mlp tesseract}
bin=${SDK_BINDIR:-build/bin}
eval=../shared/tools/eval-vision
if [ ! -d "$dir" ] || [ ! -x "$eval" ]; then
	echo "bench/ocr.sh: no photos ($dir) or no $eval: skipped"
	exit 0
fi
export OMP_THREAD_LIMIT=1
pin=
command -v taskset >/dev/null 2>&1 && pin="taskset -c 0"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-ocr.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

set -- "$dir"/*.jpg
n=$#
for e in $engines; do
	echo "### engine $e: accuracy (one pipeline per photo)"
	"$eval" --cmd "$bin/sdk-detect \"\$1\" | $bin/sdk-warp | $bin/sdk-ocr -e $e" \
	    --json "$tmp/$e.json" "$dir" | sed -n '/^grid/,$p'
	echo "### engine $e: one stream of $n photos on one core"
	start=$(date +%s.%N)
	$pin sh -c "$bin/sdk-detect \"\$@\" | $bin/sdk-warp | \
	    $bin/sdk-ocr -e $e -v 2>$tmp/$e.log >$tmp/$e.out" sh "$@"
	end=$(date +%s.%N)
	awk -v s="$start" -v e="$end" -v n="$n" 'BEGIN {
		printf "%d photos in %.2f s: %.1f ms per photo\n",
		    n, e - s, (e - s) * 1000 / n }'
	# sdk-ocr -v gives each record's own time: median and worst.
	sed -n 's/.* \([0-9.]*\) ms$/\1/p' "$tmp/$e.log" | sort -n | awk '
	    { v[NR] = $1 } END { if (NR) printf "sdk-ocr alone: median " \
	    "%.1f ms, max %.1f ms per record\n", v[int((NR + 1) / 2)], v[NR] }'
done
