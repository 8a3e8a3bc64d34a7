#!/bin/sh
# bench/video.sh: frames per second of the video recipes of sdk.7 on a
# clip of 640x480 frames made from a sample photo (4 s at 25 frames/s,
# turning a little).  Needs ffmpeg.
#   bench/video.sh [PHOTO]      (default samples/image1.jpg)
set -u
cd "$(dirname "$0")/.." || exit 2
bin=${SDK_BINDIR:-build/bin}
photo=${1:-samples/image1.jpg}
if ! command -v ffmpeg >/dev/null; then
	echo "bench/video.sh: no ffmpeg; skipped" >&2
	exit 0
fi
# Absolute, since the clip is made and read in a temporary folder.
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
PATH="$bin:$PATH"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-video.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
ffmpeg -loglevel error -loop 1 -framerate 25 -t 4 -i "$OLDPWD/$photo" \
    -vf 'scale=640:480,rotate=0.02*sin(2*PI*t)' -pix_fmt yuv420p clip.mp4
mkdir frames
ffmpeg -loglevel error -i clip.mp4 frames/%04d.ppm
n=$(find frames -name "*.ppm" | wc -l)

run() {
	label=$1
	shift
	/usr/bin/time -f "%e %U %S" -o time sh -c "$*"
	awk -v l="$label" -v n="$n" 'END { printf "%s: %d frames in %.2f s, " \
	    "%.1f frames/s; %.1f ms CPU a frame\n", l, n, $1, n / $1,
	    ($2 + $3) * 1000 / n }' time
}
run "frames read and solved, one stream" \
    'ffmpeg -loglevel error -i clip.mp4 -f image2pipe -c:v ppm - |
    sdk-detect | sdk-warp | sdk-ocr | sdk-solve -q | sdk-hold -q >f.txt'
echo "  frames solved: $(grep -c '^# sdk-status solved' f.txt) of $n"
run "answer drawn onto every frame, to solved.mp4" \
    'sdk-detect frames/*.ppm | sdk-warp | sdk-ocr | sdk-solve -q |
    sdk-hold -q | sdk-render -q --onto -f pnm |
    ffmpeg -loglevel error -f image2pipe -c:v ppm -framerate 25 -i - solved.mp4'
uptime
