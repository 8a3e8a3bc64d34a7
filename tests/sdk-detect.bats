#!/usr/bin/env bats
# sdk-detect: corners on real and generated photos, records, formats, and
# every kind of bad input.

load helper

D="$FIXTURES/detect"

# within TOLERANCE "x1 y1 ... y4" "x1 y1 ... y4": every corner of the first
# quad within TOLERANCE (a fraction of the mean side) of the second's.
within() {
	awk -v tol="$1" -v a="$2" -v b="$3" 'BEGIN {
		split(a, p, " "); split(b, q, " ")
		for (i = 0; i < 4; i++) {
			j = (i + 1) % 4
			side += sqrt((q[2*j+1] - q[2*i+1])^2 + (q[2*j+2] - q[2*i+2])^2) / 4
		}
		for (i = 1; i <= 8; i += 2) {
			d = sqrt((p[i] - q[i])^2 + (p[i+1] - q[i+1])^2)
			if (d > tol * side) {
				printf "corner %d off by %.1f px (side %.0f)\n", (i + 1) / 2, d, side
				exit 1
			}
		}
	}'
}

# grid W H "QUAD" > file: a perspective grid with known corners.
grid() {
	awk -v W="$1" -v H="$2" -v Q="$3" -f "$D/grid.awk"
}

@test "the grid in every sample photo, corners within 3% of the truth" {
	while IFS=, read -r name x1 y1 x2 y2 x3 y3 x4 y4; do
		run_sep sdk-detect -f text "$SAMPLES/$name"
		[ "$status" -eq 0 ] || fail "$name: status $status: $stderr"
		quad=$(cut -d' ' -f1-8 <<<"$output")
		within 0.03 "$quad" "$x1 $y1 $x2 $y2 $x3 $y3 $x4 $y4" ||
		    fail "$name: $quad"
	done <"$D/corners.csv"
}

@test "generated grids at known perspectives come back within 2%" {
	for q in "70 40 400 60 430 330 50 300" "120 20 460 90 380 350 20 280" \
	    "5 5 470 5 470 350 5 350" "200 60 330 70 340 200 190 190"; do
		grid 480 360 "$q" >"$BATS_TEST_TMPDIR/g.pgm"
		run_sep sdk-detect -f text "$BATS_TEST_TMPDIR/g.pgm"
		assert_success
		within 0.02 "$(cut -d' ' -f1-8 <<<"$output")" "$q" ||
		    fail "$q: $output"
	done
}

@test "text standing on the border does not pull the corners up" {
	for q in "70 60 400 80 430 330 50 300" "120 50 460 90 380 350 20 280" \
	    "60 60 420 60 420 340 60 340" "200 60 330 70 340 200 190 190"; do
		awk -v W=480 -v H=360 -v Q="$q" -v CAPTION=1 \
		    -f "$D/grid.awk" >"$BATS_TEST_TMPDIR/g.pgm"
		run_sep sdk-detect -f text "$BATS_TEST_TMPDIR/g.pgm"
		assert_success
		within 0.02 "$(cut -d' ' -f1-8 <<<"$output")" "$q" ||
		    fail "$q: $output"
	done
}

@test "cells filled in by hand in dark ink: the whole grid, not a part" {
	# The handwriting sets the ink threshold above most of the faint
	# border: the grid used to come out a third to a half of its size.
	for q in "70 40 400 60 430 330 50 300" "120 20 460 90 380 350 20 280" \
	    "60 60 420 60 420 340 60 340"; do
		awk -v W=480 -v H=360 -v Q="$q" -v HAND=1 \
		    -f "$D/grid.awk" >"$BATS_TEST_TMPDIR/g.pgm"
		run_sep sdk-detect -f text "$BATS_TEST_TMPDIR/g.pgm"
		assert_success
		within 0.03 "$(cut -d' ' -f1-8 <<<"$output")" "$q" ||
		    fail "$q: $output"
	done
}

# page DIR: a page of three rendered puzzles (samples/puzzles.txt, lines
# 1-3): a large one at the left, a smaller one at the right, and a small
# one below that, on white.
page() {
	local i
	for i in 1 2 3; do
		sed -n "${i}p" "$SAMPLES/puzzles.txt" | sdk-render >"$1/$i.ppm"
	done
	pamscale 0.7 "$1/2.ppm" >"$1/b.ppm"
	pamscale 0.45 "$1/3.ppm" | pnmpad -white -top 40 >"$1/c.ppm"
	pnmcat -white -tb "$1/b.ppm" "$1/c.ppm" | pnmpad -white -left 40 \
	    >"$1/bc.ppm"
	pnmcat -white -lr -jtop "$1/1.ppm" "$1/bc.ppm" |
	    pnmpad -white -left 30 -right 30 -top 30 -bottom 30 >"$1/page.ppm"
}

@test "-a: every grid of a page, a record each, in reading order; without it the largest" {
	page "$BATS_TEST_TMPDIR"
	run_sep sdk-detect -f text "$BATS_TEST_TMPDIR/page.ppm"
	assert_success
	read -r x1 _ x2 _ <<<"$output"
	# The large grid at the left, 450 pixels wide.
	awk -v a="$x1" -v b="$x2" 'BEGIN { exit !(a < 60 && b > 440 && b < 490) }' ||
	    fail "not the largest: $output"
	run_sep bash -c "sdk-detect -a '$BATS_TEST_TMPDIR/page.ppm' | sdk-warp | sdk-ocr"
	assert_success
	run grep -E '^[1-9.]{81}$' <<<"$output"
	assert_output "$(sed -n 1,3p "$SAMPLES/puzzles.txt")"
	run_sep bash -c "sdk-detect -a '$BATS_TEST_TMPDIR/page.ppm' | sdk-warp | sdk-ocr | grep '^# sdk-grid'"
	assert_output "$(printf '# sdk-grid %s\n' 1/3 2/3 3/3)"
	run_sep sdk-detect -a -j "$BATS_TEST_TMPDIR/page.ppm"
	assert_success
	assert_equal "${#lines[@]}" 3
	assert_line --index 2 --partial '"grid":3,"grids":3'
}

@test "-a passes no neighbour cut by the frame's edge, nor a quad straddling two grids" {
	need_shared images/taylorjg-multi/00069.png
	need_shared images/wicht/image1087.jpg
	# 00069: the labelled puzzle whole, the one left of it cut by the
	# frame; a quad over half of each was once passed on as a second grid.
	f=$SHARED/images/taylorjg-multi/00069
	run_sep bash -c "sdk-detect -a '$f.png' | sdk-warp | sdk-ocr"
	assert_success
	run grep -E '^[1-9.]{81}$' <<<"$output"
	assert_output "$(sed -n 3,11p "$f.dat" | tr -d ' \n' | tr 0 .)"
	# image1066, image1087: a crossword and a printed solution, cut by
	# the photo's bottom edge, below the puzzle.
	for f in image1066 image1087; do
		run_sep sdk-detect -a -f text "$SHARED/images/wicht/$f.jpg"
		assert_success
		assert_equal "${#lines[@]}" 1
	done
}

@test "two puzzles side by side: the comb is the puzzle's, not shifted onto its neighbour" {
	need_shared images/taylorjg-multi/00057.png
	need_shared images/taylorjg-multi/00076.png
	# 00057: a rule over both puzzles joins them into one component,
	# and ten evenly spaced lines also run from the left puzzle's fourth
	# line to the right one's fourth (its box lines all on box lines):
	# that comb was taken, a quad straddling the two.  It continues at
	# its spacing beyond its side, which a Sudoku's border does not.
	run_sep sdk-detect -f text "$SHARED/images/taylorjg-multi/00057.png"
	assert_success
	read -r x1 _ x2 _ x3 _ x4 _ <<<"$output"
	awk -v a="$x1" -v b="$x2" -v c="$x3" -v d="$x4" 'BEGIN {
	    exit !(a < 45 && d < 45 && b < 225 && c < 225) }' ||
	    fail "straddles the two puzzles: $output"
	# 00076: the comb one line short of the border, now whole.
	f=$SHARED/images/taylorjg-multi/00076
	run_sep bash -c "sdk-detect '$f.png' | sdk-warp | sdk-ocr"
	assert_success
	assert_line "$(sed -n 3,11p "$f.dat" | tr -d ' \n' | tr 0 .)"
}

@test "a small frame: the grid, not the lines of text above it; no wrong answer" {
	# samples/image1049.jpg at 320 pixels, as a small phone frame takes a
	# newspaper page: at that size the search's closings joined the three
	# lines of text above the grid into bars as strong as its lines, and
	# the comb took them for a box's: the quad half a grid too high.  A
	# frame so small is searched enlarged.
	jpegtopnm "$SAMPLES/image1049.jpg" 2>/dev/null |
	    pamscale -xyfit 320 320 >"$BATS_TEST_TMPDIR/small.ppm"
	# The truth of corners.csv at the same scale (320 / 1129).
	q=$(awk -F, '$1 == "image1049.jpg" {
	    for (i = 2; i <= 9; i++) printf "%.1f ", $i * 320 / 1129 }' \
	    "$D/corners.csv")
	run_sep sdk-detect -f text "$BATS_TEST_TMPDIR/small.ppm"
	assert_success
	within 0.03 "$(cut -d' ' -f1-8 <<<"$output")" "$q" || fail "$output"
	# Read so small, two givens of its last row are misread, and the
	# likeliest repair of the clash, a third and an eighth as likely as
	# each reading, makes another puzzle with one solution: a wrong
	# answer.  The repair, a guess as a whole, is doubted: the right
	# solution or a refusal, never another.
	truth=$(sed -n 3,11p "$SAMPLES/image1049.dat" | tr -d ' \n' | tr 0 . |
	    sdk-solve | grep -E '^[1-9]{81}$')
	[ -n "$truth" ] || fail "the truth has no solution"
	run_sep bash -c "sdk-detect '$BATS_TEST_TMPDIR/small.ppm' | sdk-warp | sdk-ocr | sdk-solve"
	if grep -q '^# sdk-status solved$' <<<"$output"; then
		assert_line "$truth"
	fi
}

@test "a grid cut by the frame is squared out beyond the cut, not over its neighbour" {
	need_shared images/taylorjg-multi/00055.png
	# Two puzzles side by side, the right one cut by the frame's edge.
	# Enlarged (the frame is 324 pixels), the cut one's narrow quad came
	# first and was extended to a square over the gap onto the whole
	# puzzle's lines: a quad straddling the two, read unsolvable.  The
	# frame cut it on the right, so what it lost is beyond its right side.
	f=$SHARED/images/taylorjg-multi/00055
	run_sep bash -c "sdk-detect '$f.png' | sdk-warp | sdk-ocr"
	assert_success
	assert_line "$(sed -n 3,11p "$f.dat" | tr -d ' \n' | tr 0 .)"
}

@test "a page's first puzzle a hair under the least share of the frame is found once its neighbour is" {
	# lab/samples/make-pages.py's page 17 of seed 17: two puzzles of
	# shaded boxes, the page turned 38 degrees.  In the negative (a light
	# page on a dark table) the first puzzle's quad was a hair under a
	# twenty-fifth of the frame, and passed over while no grid was found;
	# the second, a hair over, was found, and read instead of the first.
	made_page 17 17
	grep -q '^make-pages two .*angle=-38' "$f.dat" ||
	    fail "not that page: $(head -1 "$f.dat")"
	page_read_as_made
}

@test "a paragraph of text is no grid: the page's puzzles are read, not it" {
	# lab/samples/make-pages.py's page 1 of seed 16: two puzzles over a
	# paragraph of small text.  In the work image each line of text is a
	# bar of ink, and the paragraph made a grid-like enough quad, larger
	# than the puzzles: read instead of them.  Its lines stand out of
	# nothing across them, as a grid's lines stand out of its cells.
	made_page 16 1
	grep -q '^make-pages two' "$f.dat" ||
	    fail "not that page: $(head -1 "$f.dat")"
	page_read_as_made
}

@test "a phone's screen photographed: the grid, not the phone's bezel around it" {
	# lab/samples/make-screens.py's picture 7 of seed 41 photographed off
	# the screen (--photo): the black bezel around the light screen was a
	# grid-like enough component, larger than the grid inside it, and
	# won; its quad was the whole screen, twice as tall as it is wide.
	made_screen 41 7 --photo 1 --entries 0.3
	grep -q ' photo ' "$f.dat" || fail "not a photo: $(head -1 "$f.dat")"
	reads_as_made "$f.jpg" "$f.dat"
}

@test "a phone's screen photographed, the grid's border joined to the bezel: the grid, not the bezel" {
	# lab/samples/make-screens.py's picture 21 of seed 41 photographed off
	# the screen.  The app's grid runs nearly from edge to edge, and its
	# border touches the black bezel's ink: one component, the only
	# candidate, whose quad ran from the grid's top to the number pad.
	# The bezel's solid ink taken out, the grid is a candidate of its own.
	made_screen 41 21 --photo 1 --entries 0.3
	grep -q ' highlight=9 .* photo ' "$f.dat" ||
	    fail "not that photo: $(head -1 "$f.dat")"
	kinds_as_made "$f.jpg" "$f" 9
}

@test "a phone in dark mode photographed on a light table: the grid inside, light on dark, not the phone" {
	# lab/samples/make-screens.py's picture 7 of seed 42 photographed: a
	# dark app screen in its bezel on a light table.  The photo is light
	# as a whole, so it was sought dark on light: the ink was the phone,
	# and the quad its screen, status bar to home bar; nothing was sought
	# in the negative, where the grid's light lines are.  A quad whose
	# ground is dark and whose ink is light has the negative sought too.
	made_screen 42 7 --photo 1 --entries 0.3
	grep -q ' photo ' "$f.dat" || fail "not a photo: $(head -1 "$f.dat")"
	run_sep bash -c "sdk-detect '$f.jpg' | head -c 4000"
	assert_success
	assert_line '# sdk-ink light'
	reads_as_made "$f.jpg" "$f.dat"
}

@test "a dark screen photographed: the negative's grid wins over the ground between the lines" {
	# lab/samples/make-screens.py's picture 23 of seed 41 (a dark theme)
	# and picture 8 of seed 45 (an OLED one), photographed.  Sought as
	# they are, the dark ground between the light lines was the ink, and
	# its quad lay a row low with a corner astray; the negative's, on the
	# grid's lines, was taken only when it lay within that quad, as a
	# screen within a phone's frame does.  It wins too when it is on the
	# same grid and clearly more grid-like in the negative's grey.
	made_screen 41 23 --photo 1 --entries 0.3
	grep -q '^make-screens dark .* photo ' "$f.dat" ||
	    fail "not a dark screen photographed: $(head -1 "$f.dat")"
	reads_as_made "$f.jpg" "$f.dat"
	made_screen 45 8 --photo 1 --entries 0.5 --mistakes 0.3
	grep -q '^make-screens oled .*highlight=9 .* photo ' "$f.dat" ||
	    fail "not an OLED screen photographed: $(head -1 "$f.dat")"
	kinds_as_made "$f.jpg" "$f" 9
}

@test "a light screen photographed on a dark table: its grid is dark on light, no sdk-ink light" {
	# lab/samples/make-screens.py's picture 44 of seed 45: a light app
	# screen turned 29 degrees on a dark table.  The photo as a whole is
	# light on dark, the grid was found in its negative and said to be
	# light ink: sdk-warp turned the square and the entries' blue to their
	# negatives, the person's typed digits were read as print, and a
	# wrong one (r9c5) was taken out as a misreading: "no mistakes".
	made_screen 45 44 --photo 1 --entries 0.5 --mistakes 0.3
	grep -q '^make-screens boxes .* photo ' "$f.dat" ||
	    fail "not a light screen photographed: $(head -1 "$f.dat")"
	run_sep bash -c "sdk-detect '$f.jpg' | head -c 4000 | LC_ALL=C grep -a '^# sdk-'"
	assert_success
	assert_line --regexp '^# sdk-quad '
	refute_line '# sdk-ink light'
	run_sep bash -c "sdk-detect '$f.jpg' | sdk-warp | sdk-ocr | sdk-solve"
	refute_line '# sdk-mistakes none'
}

@test "a light page on a dark table: its grid is sought as it is too, not only in the negative" {
	# lab/samples/make-pages.py's page 16 of seed 7: a magazine page with
	# tinted boxes, turned 6 degrees on a dark table.  The photo as a
	# whole is light on dark, so the grid was sought in its negative
	# first, where the paper between the lines is the ink, the tinted
	# boxes with it; the quad found there began two rows low and ran
	# into the text below the grid.
	made_page 7 16
	grep -q '^make-pages one .*shade=boxes' "$f.dat" ||
	    fail "not that page: $(head -1 "$f.dat")"
	run_sep bash -c "sdk-detect '$f.jpg' | sdk-warp | sdk-ocr"
	assert_success
	assert_line "$(cat "$f.all")"
}

@test "a page curled towards the spine: the whole grid, not a column short" {
	# make-degraded.py's 10th photo of Wicht, seed 7: image2, its right
	# side lifted as a book's page near the spine, the print squeezed
	# towards it.  No comb of evenly spaced lines runs from border to
	# border there; the best ran from the second line to the last, and
	# the quad was a column short (15 cells wrong).  The ten lines
	# themselves, unevenly spaced, are the grid.
	made_curled 7 10 image2 right
	reads_as_made "$f" "${f%.jpg}.dat"
}

@test "a page curled under the grid: the quad on the grid's lines, not a row above" {
	# make-degraded.py's 15th photo of Wicht, seed 10: image155 thinned,
	# bled through and its bottom curled, the grid's top border near the
	# photo's edge.  The bottom border bent away from every straight
	# comb, and the comb's tenth line went a row above the grid, off the
	# photo: every row read one too low.  The quad has no line along its
	# top and one all along both its bottom and a cell below: it is moved
	# a row down.
	made_curled 10 15 image155 bottom
	reads_as_made "$f" "${f%.jpg}.dat"
}

@test "a title bar printed just above the grid is not taken into it" {
	# lab/samples/make-pages.py's page 32 of seed 1: a magazine page, a green
	# bar with the puzzle's title a little above its border, photographed.
	# The last fit of the sides went out to the bar's far edge (blurred
	# into the border line): row 1's digits fell out of their cells.
	made_page 1 32
	grep -q 'band=bar' "$f.dat" || fail "the page has no bar: $(head -1 "$f.dat")"
	run_sep bash -c "sdk-detect '$f.jpg' | sdk-warp | sdk-ocr"
	assert_success
	assert_line "$(cat "$f.all")"
}

@test "-a on a page turned 27 degrees: both puzzles side by side" {
	# lab/samples/make-pages.py's page 24 of seed 1.  The two grids' boxes
	# (not the grids) overlap by a third on a page so turned, and the
	# second was taken for a part of the first.
	made_page 1 24
	grep -q 'two .*angle=27' "$f.dat" || fail "not that page: $(head -1 "$f.dat")"
	run_sep bash -c "sdk-detect -a '$f.jpg' | sdk-warp | sdk-ocr | grep -E '^[1-9.]{81}\$' | sort"
	assert_success
	assert_output "$(sort "$f.all")"
}

@test "a page of four puzzles of a size: the first, as the page numbers them, not the one seen best" {
	# lab/samples/make-pages.py's page 2 of seed 7: four puzzles two by
	# two.  Without -a the grid whose lines the photo showed a little
	# better was read, any of the four; a person means the first.
	made_page 7 2
	grep -q '^make-pages four ' "$f.dat" ||
	    fail "not a page of four: $(head -1 "$f.dat")"
	[ "$(wc -l <"$f.all")" -eq 4 ] || fail "$(wc -l <"$f.all") puzzles whole"
	run_sep bash -c "sdk-detect '$f.jpg' | sdk-warp | sdk-ocr"
	assert_success
	assert_line "$(sed -n '3,$p' "$f.dat" | tr -d ' \n' | tr 0 .)"
	assert_line "$(head -1 "$f.all")"
}

@test "-a on a photo of one grid: one record, as without it" {
	run_sep sdk-detect -f text "$SAMPLES/image71.jpg"
	one=$output
	run_sep sdk-detect -a -f text "$SAMPLES/image71.jpg"
	assert_success
	assert_output "$one"
	run_sep sdk-detect -a "$SAMPLES/image71.jpg"
	assert_line --partial "# sdk-grid 1/1"
}

@test "dark mode: light lines on a dark screen are found, and read dark on light" {
	# An app-like screen: a rendered puzzle's negative on a dark ground,
	# a coloured title bar and a panel below it.
	t=$BATS_TEST_TMPDIR
	sed -n 2p "$SAMPLES/puzzles.txt" | sdk-render | pnminvert >"$t/g.ppm"
	ppmmake '#1c2430' 520 900 >"$t/bg.ppm"
	ppmmake '#3a6ea5' 520 80 >"$t/bar.ppm"
	ppmmake '#2a3442' 440 120 >"$t/panel.ppm"
	pnmpaste "$t/bar.ppm" 0 0 "$t/bg.ppm" | pnmpaste "$t/g.ppm" 35 160 |
	    pnmpaste "$t/panel.ppm" 40 700 >"$t/screen.ppm"
	run_sep sdk-detect -f text "$t/screen.ppm"
	assert_success
	within 0.02 "$(cut -d' ' -f1-8 <<<"$output")" \
	    "47 172 473 172 473 598 47 598" || fail "$output"
	run_sep bash -c "sdk-detect '$t/screen.ppm' | sdk-warp | sdk-ocr"
	assert_success
	assert_line "# sdk-ink light"
	assert_line "$(sed -n 2p "$SAMPLES/puzzles.txt")"
	# A real photo's negative reads as the photo.
	jpegtopnm "$SAMPLES/image1.jpg" 2>/dev/null | pnminvert >"$t/neg.ppm"
	run_sep bash -c "sdk-detect '$t/neg.ppm' | sdk-warp | sdk-ocr"
	assert_success
	assert_line "$(sed -n 3,11p "$SAMPLES/image1.dat" | tr -d ' \n' | tr 0 .)"
	# A light grid is not marked.
	run_sep bash -c "sdk-detect '$SAMPLES/image1.jpg' | head -c 200"
	refute_line --partial "sdk-ink"
}

@test "a grid turned 45 degrees: its corners, not points along its sides" {
	# Corners were the extremes of x + y and x - y, which run along a
	# side at 45 degrees: a wrong quad on the photo, none on the render.
	t=$BATS_TEST_TMPDIR
	want=$(sed -n 3,11p "$SAMPLES/image71.dat" | tr -d ' \n' | tr 0 .)
	for a in 45 -45; do
		jpegtopnm "$SAMPLES/image71.jpg" 2>/dev/null |
		    pnmrotate -background=white -- "$a" >"$t/r.ppm" 2>/dev/null
		run_sep bash -c "sdk-detect '$t/r.ppm' | sdk-warp | sdk-ocr"
		assert_success
		assert_line "$want"
	done
	sed -n 3p "$SAMPLES/puzzles.txt" | sdk-render |
	    pnmpad -white -left 60 -right 60 -top 60 -bottom 60 |
	    pnmrotate -background=white 45 >"$t/g.ppm" 2>/dev/null
	run_sep sdk-detect -f text "$t/g.ppm"
	assert_success
	# The corners of the square turned: top, right, bottom, left.
	within 0.02 "$(cut -d' ' -f1-8 <<<"$output")" \
	    "104 404 405 103 705 404 404 704" || fail "$output"
}

@test "the record: the grid's region, with source, size, corners and region" {
	run_sep bash -c "sdk-detect '$SAMPLES/image71.jpg' | head -c 300 | head -n 6"
	assert_success
	assert_line --index 0 P6
	assert_line --index 1 "# sdk-source $SAMPLES/image71.jpg"
	assert_line --index 2 "# sdk-size 640 480"
	assert_line --index 3 --regexp '^# sdk-quad( [0-9.]+){8}$'
	assert_line --index 4 --regexp '^# sdk-region [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
	# A 640x480 photo is read at full size: the region is W x H pixels,
	# cut around the corners, smaller than the photo.
	read -r _ _ x y w h <<<"${lines[4]}"
	assert_line --index 5 "$w $h"
	[ $((w * h)) -lt $((640 * 480)) ]
	awk -v q="${lines[3]#\# sdk-quad }" -v x="$x" -v y="$y" -v w="$w" \
	    -v h="$h" 'BEGIN { n = split(q, c, " ")
		for (i = 1; i < n; i += 2)
			if (c[i] < x || c[i] > x + w || c[i+1] < y || c[i+1] > y + h)
				exit 1 }' || fail "corners outside the region"
}

@test "-w: the whole photo at full size, no sdk-region" {
	run_sep bash -c "sdk-detect -w '$SAMPLES/image71.jpg' | head -c 300 | head -n 5"
	assert_success
	assert_line --index 3 --regexp '^# sdk-quad( [0-9.]+){8}$'
	assert_line --index 4 "640 480"
}

@test "a big JPEG is decoded small: the grid at the size sdk-warp needs, corners in the photo's pixels" {
	# started1.jpg doubled: a 3024x4032 phone photo.
	big=$BATS_TEST_TMPDIR/big.jpg
	jpegtopnm "$SAMPLES/started1.jpg" 2>/dev/null | pamscale 2 |
	    pnmtojpeg -quality 92 >"$big"
	run_sep sdk-detect -f text "$big"
	assert_success
	small=$(cut -d' ' -f1-8 <<<"$output")
	run_sep sdk-detect -w -f text "$big"
	assert_success
	within 0.005 "$small" "$(cut -d' ' -f1-8 <<<"$output")" ||
	    fail "reduced: $small; whole: $output"
	sdk-detect "$big" >"$BATS_TEST_TMPDIR/d.pnm"
	run_sep bash -c "head -c 400 '$BATS_TEST_TMPDIR/d.pnm' | grep -a -A1 '^# sdk-region'"
	assert_success
	assert_line --index 0 --regexp '^# sdk-region [0-9]+ [0-9]+ [0-9]+ [0-9]+$'
	read -r _ _ _ _ w h <<<"${lines[0]}"
	read -r iw ih <<<"${lines[1]}"
	# Shrunk while the grid stays over 1.5 x 450 pixels: by 2, 4 or 8.
	r=$((w / iw))
	[[ $r =~ ^(2|4|8)$ ]] || fail "reduced by $r ($w/$iw)"
	[ $((w / r)) -eq "$iw" ] && [ $((h / r)) -eq "$ih" ]
	[ "$iw" -le 1400 ] && [ "$ih" -le 1400 ]
	# It reads as the whole photo does.
	sdk-warp "$BATS_TEST_TMPDIR/d.pnm" | sdk-ocr | tail -n 1 >"$BATS_TEST_TMPDIR/a"
	sdk-detect -w "$big" | sdk-warp | sdk-ocr | tail -n 1 >"$BATS_TEST_TMPDIR/b"
	run cat "$BATS_TEST_TMPDIR/a"
	assert_output "$(cat "$BATS_TEST_TMPDIR/b")"
	[ "$(wc -c <"$BATS_TEST_TMPDIR/a")" -eq 82 ]
}

@test "a small grid in a big JPEG is decoded again at full size for its region" {
	# image71.jpg (640x480) in the middle of a 2048x1536 page: found at 2
	# times smaller, its 450-pixel grid passed on at full size.
	big=$BATS_TEST_TMPDIR/page.jpg
	jpegtopnm "$SAMPLES/image71.jpg" 2>/dev/null |
	    pnmpad -white -width 2048 -height 1536 -halign 0.5 -valign 0.5 |
	    pnmtojpeg -quality 92 >"$big"
	sdk-detect "$big" >"$BATS_TEST_TMPDIR/d.pnm"
	run_sep bash -c "head -c 400 '$BATS_TEST_TMPDIR/d.pnm' | grep -a -A1 '^# sdk-region'"
	assert_success
	read -r _ _ _ _ w h <<<"${lines[0]}"
	read -r iw ih <<<"${lines[1]}"
	[ "$w" -eq "$iw" ] && [ "$h" -eq "$ih" ] || fail "$w x $h shown in $iw x $ih"
	[ "$iw" -lt 1000 ] && [ "$ih" -lt 1000 ]
	run_sep bash -c "sdk-warp '$BATS_TEST_TMPDIR/d.pnm' | sdk-ocr | tail -n 1"
	assert_output "$(sdk-detect "$SAMPLES/image71.jpg" | sdk-warp | sdk-ocr | tail -n 1)"
}

@test "the stream is netpbm's: netpbm reads the records, and a netpbm filter can stand between the programs" {
	want=$(sdk-detect "$SAMPLES/image1.jpg" | sdk-warp | sdk-ocr | tail -n 1)
	[ ${#want} -eq 81 ]
	# Every record of a stream of two is a PNM image to netpbm.
	run_sep bash -c "sdk-detect '$SAMPLES/image1.jpg' '$SAMPLES/started1.jpg' | pamfile -allimages"
	assert_success
	assert_line --index 0 --regexp 'PPM raw, [0-9]+ by [0-9]+'
	assert_line --index 1 --regexp 'PPM raw, [0-9]+ by [0-9]+'
	# netpbm makes the photo; netpbm turns the square (the OCR turns it back).
	run_sep bash -c "jpegtopnm '$SAMPLES/image1.jpg' 2>/dev/null | sdk-detect | sdk-warp | pamflip -r180 | sdk-ocr | tail -n 1"
	assert_success
	assert_output "$want"
}

@test "a pipe on standard input is read; the source is -" {
	run_sep bash -c "cat '$SAMPLES/image1.jpg' | sdk-detect | head -n 2"
	assert_success
	assert_line --index 1 "# sdk-source -"
}

@test "metadata of PNM input is kept; a stream of frames gives a record each" {
	sdk-detect "$SAMPLES/image1.jpg" "$SAMPLES/image25.jpg" >"$BATS_TEST_TMPDIR/two.pnm"
	run_sep sdk-detect -f text "$BATS_TEST_TMPDIR/two.pnm"
	assert_success
	assert_line --index 0 --regexp " $SAMPLES/image1.jpg$"
	assert_line --index 1 --regexp " $SAMPLES/image25.jpg$"
}

@test "no grid: named, the record still flows with sdk-status no-grid, exit 1" {
	grid 200 150 "0 0 0 0 0 0 0 0" >"$BATS_TEST_TMPDIR/blank.pgm"
	run_sep sdk-detect "$BATS_TEST_TMPDIR/blank.pgm"
	[ "$status" -eq 1 ]
	assert_equal "$stderr" "sdk-detect: $BATS_TEST_TMPDIR/blank.pgm: no grid found"
	[[ "$output" == *"# sdk-status no-grid"* ]]
	[[ "$output" != *"sdk-quad"* ]]
	run_sep sdk-detect -q "$BATS_TEST_TMPDIR/blank.pgm"
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
}

@test "three photos in, three records out, in order, the failed one included" {
	grid 200 150 "0 0 0 0 0 0 0 0" >"$BATS_TEST_TMPDIR/blank.pgm"
	run_sep sdk-detect -f text "$SAMPLES/image1.jpg" \
	    "$BATS_TEST_TMPDIR/blank.pgm" "$SAMPLES/image71.jpg"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3 ]
	assert_line --index 0 --regexp "^[0-9. ]+ $SAMPLES/image1.jpg$"
	assert_line --index 1 "no-grid $BATS_TEST_TMPDIR/blank.pgm"
	assert_line --index 2 --regexp "^[0-9. ]+ $SAMPLES/image71.jpg$"
	run bash -c "sdk-detect -q '$SAMPLES/image1.jpg' '$BATS_TEST_TMPDIR/blank.pgm' '$SAMPLES/image71.jpg' | sdk-detect -q -f text"
	[ "${#lines[@]}" -eq 3 ]
}

@test "-j: one JSON object per photo" {
	run_sep sdk-detect -j "$SAMPLES/image1.jpg"
	assert_success
	assert_output --regexp '^\{"source":".*image1.jpg","status":"found","size":\[640,480\],"quad":\[\[[0-9.]+,[0-9.]+\](,\[[0-9.]+,[0-9.]+\]){3}\],"microseconds":[0-9]+\}$'
}

@test "-o writes the file whole, and leaves nothing when it cannot" {
	run_sep sdk-detect -o "$BATS_TEST_TMPDIR/out.pnm" "$SAMPLES/image1.jpg"
	assert_success
	[ -z "$output" ]
	[ "$(head -c 2 "$BATS_TEST_TMPDIR/out.pnm")" = P6 ]
	run_sep sdk-detect -o "$BATS_TEST_TMPDIR/no/such/dir/out.pnm" "$SAMPLES/image1.jpg"
	fails 2 "sdk-detect: $BATS_TEST_TMPDIR/no/such/dir/out.pnm: cannot create"
	run_sep sdk-detect -o "$BATS_TEST_TMPDIR/bad.pnm" /dev/null/x
	[ "$status" -eq 2 ]
	[ "$(ls -A "$BATS_TEST_TMPDIR" | grep -c '^\.')" -eq 0 ]
}

@test "bad input: each named, status 2, nothing on stdout" {
	t=$BATS_TEST_TMPDIR
	head -c 6000 "$SAMPLES/image1.jpg" >"$t/cut.jpg"
	run_sep sdk-detect "$t/cut.jpg"
	fails 2 "^sdk-detect: $t/cut.jpg: truncated JPEG data$"

	grid 60 40 "5 5 55 5 55 35 5 35" | pnmtopng >"$t/ok.png"
	# Damage the CRC of the image data (the 4 bytes after IDAT's data).
	python3 - "$t/ok.png" "$t/crc.png" <<'PY'
import sys
d = bytearray(open(sys.argv[1], 'rb').read())
i = d.index(b'IDAT')
n = int.from_bytes(d[i - 4:i], 'big')
d[i + 4 + n] ^= 0x55
open(sys.argv[2], 'wb').write(d)
PY
	run_sep sdk-detect "$t/crc.png"
	fails 2 "^sdk-detect: $t/crc.png: bad PNG: IDAT: CRC error$"

	# A photo file of no bytes is a mistake, said; empty standard input
	# is a stream of no records.
	: >"$t/empty.jpg"
	run_sep sdk-detect "$t/empty.jpg"
	fails 2 "^sdk-detect: $t/empty.jpg: empty file$"
	run_sep sdk-detect <"$t/empty.jpg"
	[ "$status" -eq 0 ] && [ -z "$output$stderr" ]

	printf 'hello, world\n' >"$t/text.jpg"
	run_sep sdk-detect "$t/text.jpg"
	fails 2 "^sdk-detect: $t/text.jpg: not an image \(unknown format\)$"

	printf 'P5\n100000 100000\n255\n' >"$t/huge.pgm"
	run_sep sdk-detect "$t/huge.pgm"
	fails 2 "^sdk-detect: $t/huge.pgm: image too large \(100000x100000"

	printf 'P5 1 1 255\n\200' >"$t/one.pgm"
	run_sep sdk-detect -f text "$t/one.pgm"
	[ "$status" -eq 1 ]
	assert_output "no-grid $t/one.pgm"
}

@test "a bad image among good ones: the others are still read" {
	printf 'garbage' >"$BATS_TEST_TMPDIR/bad.jpg"
	run_sep sdk-detect -f text "$SAMPLES/image1.jpg" "$BATS_TEST_TMPDIR/bad.jpg" "$SAMPLES/image71.jpg"
	[ "$status" -eq 2 ]
	[ "${#lines[@]}" -eq 2 ]
	[[ "$stderr" == *"bad.jpg: not an image"* ]]
}

@test "man page EXAMPLES" {
	cd "$TOP"
	run_sep sdk-detect -f text samples/image1.jpg
	assert_success
	assert_output --regexp '^[0-9.]+( [0-9.]+){7} samples/image1.jpg$'
	run_sep bash -c "sdk-detect -q -f text samples/*.jpg | grep -c '^no-grid'"
	assert_output 0
}

# quad_as_clean: the quad of made_degraded's photo $f is that of the clean
# samples/$src.jpg, each corner within 2 % of the photo's 640 pixels.
quad_as_clean() {
	local clean
	clean=$(sdk-detect "$TOP/samples/$src.jpg" | head -c 4000 |
	    LC_ALL=C sed -n 's/^# sdk-quad //p')
	run_sep bash -c "sdk-detect '$f' | head -c 4000 | LC_ALL=C sed -n 's/^# sdk-quad //p'"
	assert_success
	[ -n "$output" ] || fail "$f ($src dimmed): no grid ($stderr)"
	echo "$clean $output" | awk '{
		for (i = 1; i <= 8; i++) {
			d = $i - $(i + 8)
			if (d < -12.8 || d > 12.8)
				exit 1
		}
	}' || fail "$f ($src dimmed): quad $output, the clean photo's $clean"
}

@test "a grainy photo whose grid was found only in part: the smoothed look's whole grid wins" {
	# lab/samples/make-degraded.py --only dim, seed 22 photo 1 and seed 33
	# photo 3: samples/image71 in little light, its outer cells darker
	# (the lens's vignetting).  The grain set the ink threshold, and the
	# lines that passed it were a part of the grid: a quad of 3 by 6 or 3
	# by 3 cells was found as it is, and kept.  The smoothed look finds
	# the whole grid, far more grid-like in the grey.
	for sn in "22 1" "33 3"; do
		made_degraded "$TOP/samples" $sn --only dim
		[ "$src" = image71 ] || fail "not image71 but $src"
		quad_as_clean
	done
}

@test "a grainy photo taken in little light: its grid found on a smoothed second look, where it is" {
	# lab/samples/make-degraded.py --only dim, seed 7, photos 10 and 14:
	# samples/image71 and image25 photographed again in little light
	# (dark, warm, flat, the camera's gain raising the grain).  The grain
	# set the ink threshold: only the darkest strokes passed, the lines
	# broke up, "no grid found".  Dimming moves nothing: the quad must be
	# the clean photo's, within 2 % of the photo's width.
	for n in 10 14; do
		made_degraded "$TOP/samples" 7 $n --only dim
		quad_as_clean
	done
}

@test "-a: a page of four grids, two by two, is four grids, not nine boxes set apart" {
	# make-pages.py's page 36 of seed 2.  Four grids in a square are
	# like boxes of a grid drawn apart (four of the nine places, two
	# rows, two columns); a grid has its thin lines inside, a box not.
	made_page 2 36
	run_sep sdk-detect -a -j "$f.jpg"
	assert_success
	assert_equal "${#lines[@]}" 4
}

@test "a page of two puzzles turned 40 degrees: the first along the page's own rows" {
	# lab/samples/make-pages.py's page 18 of seed 11: two puzzles side by
	# side, the page turned so far that, in the frame's rows, the second
	# puzzle lies above the first, and was the one read.  The grids'
	# sides give the page's turn; read along it, the first comes first.
	made_page 11 18
	grep -q '^make-pages two .*angle=-40' "$f.dat" ||
	    fail "not that page: $(head -1 "$f.dat")"
	[ "$(wc -l <"$f.all")" -eq 2 ] || fail "$(wc -l <"$f.all") puzzles whole"
	page_read_as_made
}

@test "a phone's screen photographed, oblong or turned 36 degrees: the grid it holds, not the screen" {
	# lab/samples/make-screens.py's seed 75, photographed off the screen.
	# Picture 10, upright: a warm theme's thin lines scored the grid
	# below the screen around it, whose outline and the grid lines its
	# comb crossed made it a grid as good; the quad ran from the status
	# bar to the grid's foot.  Picture 7, the phone turned 36 degrees: its
	# box is square, so the bezel's solid ink was not taken out of it.
	# Picture 27: the grid split from the bezel, its tinted cells gone
	# with the bezel's solid ink, fitted nowhere; the screen was taken.
	# Pictures 10 and 27 have no entries or draw them as the givens are
	# drawn: every digit of the truth is in the record's grid.
	local n
	for n in 10 7 27; do
		made_screen 75 $n --photo 0.5 --entries 0.5 --mistakes 0.5 \
		    --degrade 0.3
		grep -q ' photo ' "$f.dat" ||
		    fail "not a photo: $(head -1 "$f.dat")"
		if [ "$n" -eq 7 ]; then
			kinds_as_made "$f.jpg" "$f"
		else
			reads_as_made "$f.jpg" "$f.dat"
		fi
	done
}

@test "a light screen on a dark table, taken for the grid: the grid is sought within it" {
	# A light screen photographed on a dark table is sought in the
	# negative first, where the screen is the ink and its outline the
	# quad; as it is, the table's edge set the ink threshold above the
	# grid's grey lines.  The quad was the screen (seed 76's picture 42,
	# upright) or its upper part, status bar to the grid's middle (seed
	# 41's picture 3, turned 43 degrees): 24 and 30 cells misread.
	made_screen 76 42 --photo 0.5 --entries 0.5 --mistakes 0.5 --degrade 0.3
	grep -q '^make-screens light .* photo ' "$f.dat" ||
	    fail "not a light screen photographed: $(head -1 "$f.dat")"
	reads_as_made "$f.jpg" "$f.dat"
	made_screen 41 3 --photo 1 --entries 0.5 --mistakes 0.3
	grep -q '^make-screens light .* photo angle=-43 ' "$f.dat" ||
	    fail "not a light screen turned: $(head -1 "$f.dat")"
	reads_as_made "$f.jpg" "$f.dat"
}

@test "a screen on a dark table, its grid's lines joined to the screen's text: the grid sought within the screen" {
	# Photos of a light screen on a dark table, as they are: the table
	# and the bezel set the ink's threshold, and the quad joined the
	# grid's lines to the title and the status bar (seed 84's picture
	# 17, turned 44 degrees: from the title to a row above the number
	# pad, 28 cells misread) or ran half a cell off the grid at a corner
	# (seed 42's picture 40, one given lost).  Within the screen's box
	# the grid is found whole.
	made_screen 84 17 --photo 0.5 --entries 0.5 --mistakes 0.5 --degrade 0.3
	grep -q ' photo angle=44 ' "$f.dat" ||
	    fail "not a screen turned: $(head -1 "$f.dat")"
	reads_as_made "$f.jpg" "$f.dat"
	made_screen 42 40 --photo 1 --entries 0.3
	grep -q ' photo ' "$f.dat" || fail "no photo: $(head -1 "$f.dat")"
	reads_as_made "$f.jpg" "$f.dat"
}

@test "a caption joined above the grid's top line: the side fitted to the line, not tilted up to the caption" {
	# lab/samples/make-screens.py's picture 14 of seed 98: a dark screen
	# turned 8 degrees, photographed.  Its "Mistakes" and timer, joined
	# to the top line in the mask, were the outermost ink over half the
	# side; the line through them and the line's ends had more points
	# than the line alone, and the quad's top right corner rose a third
	# of a cell (8 cells misread).  The extreme points lay on the line:
	# fitted from them as from a side on a line, the caption is a band
	# beyond it.
	made_screen 98 14 --photo 0.5 --entries 0.5 --mistakes 0.5 --degrade 0.3
	grep -q '^make-screens dark-blue .* photo angle=-8 ' "$f.dat" ||
	    fail "not that photo: $(head -1 "$f.dat")"
	reads_as_made "$f.jpg" "$f.dat"
}

@test "a screen whose grid's thin lines break up in the first mask: the grid, not the screen around it" {
	# lab/samples/make-screens.py's picture 38 of seed 98: thin grey
	# lines under glare, photographed.  In the first mask the grid's
	# lines broke up and it was no candidate; the screen's outline was,
	# and won.  The joined mask found the grid, but the screen's comb,
	# crossing the grid's box lines, scored above it: 43 cells misread.
	# So in seed 99's picture 7 the screen trimmed to a comb whose first
	# line was the screen's left edge, a column wide (37 cells misread).
	# A quad holding the square grid found in the other mask ranks after
	# it if oblong (the grid a quarter smaller at least), as within one
	# mask, or if less square and less grid-like in the grey.
	made_screen 98 38 --photo 0.5 --entries 0.5 --mistakes 0.5 --degrade 0.3
	grep -q '^make-screens warm .* highlight=5 .* photo angle=0 ' \
	    "$f.dat" || fail "not that photo: $(head -1 "$f.dat")"
	kinds_as_made "$f.jpg" "$f" 5
	made_screen 99 7 --photo 1 --entries 0.5 --mistakes 0.5
	grep -q '^make-screens boxes .* highlight=1 .* photo angle=0 ' \
	    "$f.dat" || fail "not that photo: $(head -1 "$f.dat")"
	kinds_as_made "$f.jpg" "$f" 1
}

@test "a page of two puzzles, its first with a checkerboard of shaded cells a little smaller: both, and the first read" {
	# lab/samples/make-pages.py's page 36 of seed 1.  The first puzzle's
	# shaded cells make it half ink in the mask, and the photo's
	# perspective makes it a little under the share of the frame a grid
	# must have: only the second was found, and read.  Once a grid of
	# the page is found, another of its shape and size may be so.
	made_page 1 36
	grep -q '^make-pages two .*shade=cells' "$f.dat" ||
	    fail "not that page: $(head -1 "$f.dat")"
	page_read_as_made
}

@test "a small picture, its grid a third of it: looked at twice as closely" {
	# make-web.py's pages 23 and 40 of seed 72: desktop pages scaled to
	# 928 and 762 pixels wide, each grid about 220 pixels, its cells 24:
	# light cards with pencil marks, and a dark theme's table.  Nothing
	# was found (the closer look was for pictures of 1080 pixels and
	# more); drawn, not photographed, they are enlarged twice for the
	# closer look, and both are read.
	web_read 72 23 --entries 0.3 --mistakes 0.3
	grep -q '^make-web cards light .* scaled=0.68 ' "${f%.*}.dat" ||
	    fail "not that page: $(head -1 "${f%.*}.dat")"
	web_read 72 40 --entries 0.3 --mistakes 0.3
	grep -q '^make-web inputs midnight .* scaled=0.60 ' "${f%.*}.dat" ||
	    fail "not that page: $(head -1 "${f%.*}.dat")"
}

@test "a dark phone on a table, its number pad's keys a lattice as they are: the grid in the negative" {
	# make-screens.py's picture 45 of seed 86: a phone in a dark theme on
	# a brown table.  Sought as it is, the dark ground between the number
	# pad's light keys is a lattice of lines, and six keys were the grid
	# (no grid in the keys' 0.97 of grey, and a puzzle of nothing).  The
	# grid above them, found in the negative elsewhere, is clearly more
	# grid-like in the negative's grey (9.2) than the keys in the
	# photo's, and wins: its 81 cells are read as drawn, given or typed.
	local grid ent
	made_screen 86 45 --photo 1 --entries 0.5 --mistakes 0.3
	grep -q '^make-screens dark-blue .* photo ' "$f.dat" ||
	    fail "not that screen: $(head -1 "$f.dat")"
	run_sep bash -c "sdk-detect '$f.jpg' | sdk-warp | sdk-ocr"
	assert_success
	grid=$(grep -E '^[1-9.]{81}$' <<<"$output")
	ent=$(sed -n 's/^# sdk-entries //p' <<<"$output")
	[ -n "$ent" ] || ent=$(printf '%81s' '' | tr ' ' .)
	[ "$(paste <(fold -w1 <<<"$grid") <(fold -w1 <<<"$ent") |
	    awk '{ printf "%s", $1 == "." ? $2 : $1 }')" = \
	    "$(sed -n '3,$p' "$f.dat" | tr -d ' \n' | tr 0 .)" ] ||
	    fail "read so: $grid $ent"
}

@test "nine cards, the first mask's quad a row short: the square the joined mask finds around it wins" {
	# make-web.py's page 3 of seed 80: sepia cards scaled to 0.51.  The
	# first mask's quad lost the top row of cells, a rectangle 0.13 from
	# square; the joined mask's, on the same three other sides, is square
	# but 5 % less grid-like in the grey, and lost: 11 cells misread.
	# (Drawn after pages 1 and 2, as in the set; alone, Chromium draws it
	# a little otherwise, and the first mask finds the whole grid.)
	WEB_FROM_FIRST=1 web_read 80 3 --entries 0.3 --mistakes 0.3
	grep -q '^make-web cards ' "${f%.*}.dat" || fail "not cards: $(head -1 "${f%.*}.dat")"
}

@test "nine cards, the top row not found: the window whose gaps are clear, not the text under the grid" {
	# make-web.py's page 55 of seed 72: a dark theme's nine cards on a
	# phone, the top row's cards broken by the selected row's tint and
	# not found.  Of the windows holding the four cards found, the one a
	# row down took the paragraph under the grid for the third row of
	# cards: more grid-like in the grey (its lines of text), but its text
	# runs across the gaps that a Sudoku's cards leave clear.
	web_read 72 55 --entries 0.3 --mistakes 0.3
	grep -q '^make-web cards midnight ' "${f%.*}.dat" ||
	    fail "not that page: $(head -1 "${f%.*}.dat")"
}

@test "nine cards, none whole after another: the lattice stepped back to the cards before" {
	# make-web.py's page 53 of seed 82: a dark page's nine cards, some
	# broken or joined by the selected digit's tints.  The lattice was
	# stepped only to the cards after one, and after each card found
	# whole the next was broken, joined or not there (the last row has
	# none below): no lattice, and the quad found was astray across the
	# boxes (two 8s read in a row, refused).
	web_read 82 53 --entries 0.3 --mistakes 0.3
	grep -q '^make-web cards dark ' "${f%.*}.dat" ||
	    fail "not that page: $(head -1 "${f%.*}.dat")"
}

@test "a webcam's page filled in with a heavy pen: the faint grid found whole, not the boxes the pen left" {
	# lab/samples/make-pen.py's pictures 23 of seed 50 and 48 of seed 44:
	# Wicht's 640 x 480 webcam photos of newspapers, filled in with a
	# dark pen.  The pen raised the ink threshold over the faint printed
	# grid: the first mask held a few boxes of it, the faint ink joined
	# within their boxes a few more, and the quad held only some of the
	# grid's nine columns.  What that faint ink leads on to, box after
	# box, holds the whole grid.
	local seed_n seed n line quad
	need_shared images/wicht/outlines.csv
	need_numpy
	for seed_n in 50:23 44:48; do
		seed=${seed_n%:*} n=${seed_n#*:}
		"$PIL_PYTHON" "$TOP/lab/samples/make-pen.py" -n "$n" \
		    --seed "$seed" --bin "$SDK_BINDIR" \
		    -o "$BATS_TEST_TMPDIR/$seed" >/dev/null
		f=$BATS_TEST_TMPDIR/$seed/pen-$(printf %03d "$n").jpg
		line=$(grep "^${f##*/}," "$BATS_TEST_TMPDIR/$seed/outlines.csv")
		run_sep sdk-detect -f text "$f"
		assert_success
		quad=$(cut -d' ' -f1-8 <<<"$output")
		within 0.03 "$quad" "$(cut -d, -f2- <<<"$line" | tr , ' ')" ||
		    fail "seed $seed picture $n: $quad, the grid ${line#*,}"
	done
}
