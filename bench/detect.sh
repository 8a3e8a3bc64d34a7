#!/bin/sh
# bench/detect.sh: how well and how fast sdk-detect finds grids.
#   bench/detect.sh [PHOTO_FOLDER]      (default ../shared/images/wicht)
# 1. eval-vision --quad: corners against the ground truth (outlines.csv).
# 2. Seconds per photo for sdk-detect, and for sdk-detect | sdk-warp, with
#    every photo in one stream (one process each, as a batch runs them).
set -u
cd "$(dirname "$0")/.." || exit 2
dir=${1:-../shared/images/wicht}
bin=${SDK_BINDIR:-build/bin}
eval=../shared/tools/eval-vision
if [ ! -d "$dir" ] || [ ! -x "$eval" ]; then
	echo "bench/detect.sh: no $dir or $eval; skipped" >&2
	exit 0
fi
"$eval" --quad --cmd "$bin/sdk-detect \"\$1\"" "$dir"
n=$(find "$dir" -name '*.jpg' | wc -l)
for stage in detect warp; do
	start=$(date +%s.%N)
	if [ "$stage" = detect ]; then
		find "$dir" -name '*.jpg' | sort | xargs "$bin/sdk-detect" -q \
		    >/dev/null
	else
		find "$dir" -name '*.jpg' | sort | xargs "$bin/sdk-detect" -q |
		    "$bin/sdk-warp" >/dev/null
	fi
	end=$(date +%s.%N)
	echo "$start $end $n $stage" | awk '{ printf "sdk-%s%s: %d photos, %.1f ms per photo\n", $4 == "warp" ? "detect | sdk-" : "", $4, $3, ($2 - $1) * 1000 / $3 }'
done
