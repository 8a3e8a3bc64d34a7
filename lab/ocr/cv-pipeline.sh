#!/bin/sh
# cv-pipeline.sh: the held-out figure of sdk-ocr's built-in classifier on
# the whole pipeline.  "make ocr-cv" trains one model per half of the
# development photos (split by puzzle) and lists the photos each did not
# see; here sdk-ocr reads with each model (SDK_OCR_PRINTED_MODEL) and is
# scored by eval-vision on the photos its model did not see, through
# sdk-detect and sdk-warp.
#
#   lab/ocr/cv-pipeline.sh [DIR]   (after make ocr-cv)
set -eu
cd "$(dirname "$0")/../.."
dir=${1:-../shared/images/wicht}
B=${B:-build}
for h in 0 1; do
	[ -f "$B/ocr-cv/model$h.sdkm" ] || {
		echo "cv-pipeline.sh: no $B/ocr-cv/model$h.sdkm: run make ocr-cv OCR_DEVSET=DIR" >&2
		exit 2
	}
	set --
	while read -r name; do
		set -- "$@" "$dir/$name.jpg"
	done <"$B/ocr-cv/model$h.txt"
	echo "### held-out half $h: $# photos"
	../shared/tools/eval-vision -v --cmd "$B/bin/sdk-detect \"\$1\" | \
	    $B/bin/sdk-warp | SDK_OCR_PRINTED_MODEL=$B/ocr-cv/model$h.sdkm \
	    $B/bin/sdk-ocr" "$@" |
	    grep -E ' wrong | no-grid |digit (precision|recall)|grids fully'
done
