#!/bin/sh
# make-examples.sh: remake the example pictures of sdk-render in this
# folder from the shipped samples.  Run from the top of the work tree
# after "make"; the animated GIF also needs netpbm and gifsicle.
set -eu
bin=${SDK_BINDIR:-build/bin}
out=samples/render
PATH="$bin:$PATH"

# A clean grid: givens in black, filled digits in blue.
sed -n 1p samples/puzzles.txt | sdk-solve | sdk-render -o "$out/solved.png"
# The same as text.
sed -n 1p samples/puzzles.txt | sdk-solve | sdk-render -f text \
    >"$out/solved.txt"
# A puzzle with no solution: drawn as it stands, with a banner.
printf '%s\n' \
    '55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' |
    sdk-solve -q | sdk-render -q -o "$out/unsolvable.png" || true
# Onto the photo, through the whole pipeline.
sdk-detect samples/image1000.jpg | sdk-warp | sdk-ocr | sdk-solve |
    sdk-render --onto -o "$out/onto.png"
# A solving trace as an animated GIF: one frame a step, the new digit
# marked.
if command -v gifsicle >/dev/null && command -v pamtogif >/dev/null; then
	tmp=$(mktemp -d)
	sed -n 3p samples/puzzles.txt | sdk-solve --trace |
	    sdk-render -c -s 300 -o "$tmp/%4n.ppm"
	for f in "$tmp"/*.ppm; do
		pnmquant 64 "$f" 2>/dev/null | pamtogif >"${f%.ppm}.gif" \
		    2>/dev/null
	done
	gifsicle -O2 --loop --delay 25 "$tmp"/*.gif >"$out/trace.gif"
	rm -rf "$tmp"
fi
