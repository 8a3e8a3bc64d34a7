#!/usr/bin/env bats
# sdk-render: clean grid (PNM, PNG), onto the photo, text, frame streams,
# -o templates, bad input; round trips through sdk-ocr and the pipeline.

load helper

F="$FIXTURES/render"
SOLVED=534678912672195348198342567859761423426853791713924856961537284287419635345286179
CLASSIC=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79

check() {
	python3 "$F/pnmcheck.py" "$@"
}

# The raster of a PNM (its last W*H*3 bytes).
raster() {
	tail -c "$2" "$1"
}

# Run the named programs or skip.
need_programs() {
	local p
	for p in "$@"; do
		[ -x "$SDK_BINDIR/$p" ] || skip "$p is not built"
	done
}

setup() {
	cd "$F" || return 1
	T="$BATS_TEST_TMPDIR"
}

@test "the clean grid: a 450x450 PPM carrying the record's metadata" {
	run_sep sdk-render solved.txt
	assert_success
	[ -z "$stderr" ]
	sdk-render solved.txt >"$T/g.ppm"
	run pamfile "$T/g.ppm"
	assert_output --partial "PPM raw, 450 by 450  maxval 255"
	head -c 200 "$T/g.ppm" | grep -a -q '^# sdk-source scans/page3.jpg$'
	head -c 300 "$T/g.ppm" | grep -a -q '^# sdk-status solved$'
}

@test "givens and filled digits in different colours; no banner when solved" {
	sdk-render solved.txt >"$T/g.ppm"
	run check colours "$T/g.ppm"
	read -r w h blue red dark <<<"$output"
	[ "$w" -eq 450 ] && [ "$h" -eq 450 ]
	[ "$blue" -gt 3000 ] || fail "blue $blue"
	[ "$dark" -gt 3000 ] || fail "dark $dark"
	[ "$red" -eq 0 ] || fail "red $red"
	# without sdk-puzzle every digit is a given: no blue at all
	echo "$SOLVED" | sdk-render >"$T/p.ppm"
	run check colours "$T/p.ppm"
	read -r w h blue red dark <<<"$output"
	[ "$blue" -eq 0 ] || fail "blue $blue"
}

@test "records without handwritten entries draw as before issue 14" {
	local sum args n=0
	while read -r sum args; do
		# shellcheck disable=SC2086
		got=$(sdk-render $args 2>/dev/null | sha256sum | cut -d' ' -f1)
		[ "$got" = "$sum" ] || fail "sdk-render $args: output changed"
		n=$((n + 1))
	done <unchanged.sha256
	[ "$n" -eq 9 ]
}

@test "rendering is deterministic: byte-identical output, PNG too" {
	sdk-render solved.txt >"$T/a.ppm"
	sdk-render solved.txt >"$T/b.ppm"
	cmp "$T/a.ppm" "$T/b.ppm"
	sdk-render -o "$T/a.png" solved.txt
	sdk-render -f png solved.txt >"$T/b.png"
	cmp "$T/a.png" "$T/b.png"
}

@test "PNG: what libpng writes decodes to the PPM's pixels" {
	run_sep sdk-render -o "$T/g.png" solved.txt
	assert_success
	[ -z "$output" ]
	[ "$(head -c 8 "$T/g.png" | od -An -tx1 | tr -d ' \n')" = \
	    89504e470d0a1a0a ]
	sdk-render solved.txt >"$T/g.ppm"
	pngtopnm "$T/g.png" >"$T/d.ppm"
	cmp <(raster "$T/g.ppm" 607500) <(raster "$T/d.ppm" 607500)
	# the metadata ride along as text chunks
	grep -a -q 'sdk-source' "$T/g.png"
}

@test "-s: any size, lines and digits drawn from outlines" {
	for s in 27 60 333 1201; do
		sdk-render -s "$s" solved.txt >"$T/g.ppm"
		run pamfile "$T/g.ppm"
		assert_output --partial "$s by $s"
		[ "$s" -lt 60 ] && continue	# cells of 3 pixels: no pure blue
		run check colours "$T/g.ppm"
		read -r w h blue red dark <<<"$output"
		[ "$blue" -gt 0 ] || fail "-s $s: no blue"
	done
	run_sep sdk-render -s 26 solved.txt
	fails 2 "^sdk-render: -s 26: not a size"
	run_sep sdk-render -s big solved.txt
	fails 2 "^sdk-render: -s big: not a size"
	SDK_MAX_PIXELS=1000000 run_sep sdk-render -s 2000 solved.txt
	fails 2 "^sdk-render: -s 2000: image too large"
	run_sep sdk-render -m 200 solved.txt
	fails 2 "^sdk-render: -m 200: more than a quarter"
}

@test "anti-aliased: edges have intermediate shades, not just two colours" {
	echo "$SOLVED" | sdk-render -s 200 >"$T/g.ppm"
	# grey levels other than paper and ink exist in quantity
	n=$(raster "$T/g.ppm" 120000 | od -An -v -tu1 -w3 |
	    awk '$1 > 40 && $1 < 215 && $1 == $2 && $2 == $3' | wc -l)
	[ "$n" -gt 500 ] || fail "only $n intermediate pixels"
}

@test "an unsolved record: drawn with a banner, named on stderr, exit 1" {
	run_sep sdk-render batch.txt
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"sdk-render: scans/two.png: not solved: unsolvable"* ]]
	[[ "$stderr" == *"sdk-render: three.jpeg: not solved: no-grid"* ]]
	sdk-render batch.txt 2>/dev/null >"$T/b.ppm" || true
	run check colours "$T/b.ppm"
	[ "${#lines[@]}" -eq 3 ]
	read -r w h blue red dark <<<"${lines[0]}"
	[ "$red" -eq 0 ]
	read -r w h blue red dark <<<"${lines[1]}"
	[ "$red" -gt 10000 ] || fail "no banner: $red"
	[ "$blue" -eq 0 ]
	read -r w h blue red dark <<<"${lines[2]}"
	[ "$red" -gt 10000 ] || fail "no banner: $red"
	# -q: the status still says it, stderr does not
	run_sep sdk-render -q batch.txt
	[ "$status" -eq 1 ]
	[ -z "$stderr" ]
	# "solved" with empty cells is not drawn as solved
	printf '# sdk-status solved\n%s\n' "$CLASSIC" >"$T/lie.txt"
	run_sep sdk-render -f text "$T/lie.txt"
	[ "$status" -eq 1 ]
	assert_line "NOT SOLVED"
}

@test "a stream of records is a stream of frames" {
	sdk-render -q batch.txt >"$T/f.ppm" || true
	run pamfile -allimages "$T/f.ppm"
	[ "${#lines[@]}" -eq 3 ]
	# one PNM file holds them all too
	run_sep sdk-render -q -o "$T/f2.ppm" batch.txt
	[ "$status" -eq 1 ]
	cmp "$T/f.ppm" "$T/f2.ppm"
	# ffmpeg turns them into a video, where it is installed
	if command -v ffmpeg >/dev/null; then
		sdk-render -q -s 360 batch.txt | ffmpeg -loglevel error \
		    -f image2pipe -c:v ppm -framerate 2 -i - "$T/v.gif"
		[ -s "$T/v.gif" ]
	fi
}

@test "-o templates: %s, %n, %4n and %%; one file per record" {
	mkdir "$T/out"
	run_sep sdk-render -q -o "$T/out/%s.png" batch.txt
	[ "$status" -eq 1 ]
	[ -s "$T/out/one.png" ] && [ -s "$T/out/two.png" ] &&
	    [ -s "$T/out/three.png" ]
	run_sep sdk-render -q -o "$T/out/f%4n-%%.ppm" batch.txt
	[ -s "$T/out/f0001-%.ppm" ] && [ -s "$T/out/f0003-%.ppm" ]
	run pamfile "$T/out/f0002-%.ppm"
	assert_output --partial "450 by 450"
	echo "$SOLVED" | sdk-render -o "$T/out/%s-%n.txt"
	[ -s "$T/out/1-1.txt" ]
	[ "$(ls "$T/out" | wc -l)" -eq 7 ]
	run_sep sdk-render -o "$T/out/%d.png" solved.txt
	fails 2 "^sdk-render: -o .*%d.png: unknown % escape"
}

@test "-o template: %s never names . or .. and never leaves its folder" {
	# Records whose sources name only dots, less an extension or not.
	for src in .. ... . dir/.. dir/... '..\n' ./; do
		printf '# sdk-source %s\n' "$src"
		echo "$SOLVED"
	done >"$T/dots.txt"
	mkdir -p "$T/o/sub/1" "$T/o/sub/2" "$T/o/sub/3" "$T/o/sub/4" \
	    "$T/o/sub/5" "$T/o/sub/6" "$T/o/sub/7"
	run_sep sdk-render -o "$T/o/sub/%s/x.txt" "$T/dots.txt"
	assert_success
	# "..." wrote o/x.txt and "..x" o/sub/./x.txt before.
	[ ! -e "$T/o/x.txt" ]
	[ ! -e "$T/o/sub/x.txt" ]
	for n in 1 2 3 4 5 6 7; do
		[ -s "$T/o/sub/$n/x.txt" ] || fail "record $n: $(ls -R "$T/o")"
	done
	# A name of its own beside the dots is kept as it is.
	printf '# sdk-source ..a.jpg\n%s\n# sdk-source .x\n%s\n' \
	    "$SOLVED" "$SOLVED" | sdk-render -o "$T/o/%s.txt"
	[ -s "$T/o/..a.txt" ] && [ -s "$T/o/.x.txt" ]
}

@test "-o '%32n': every width pads, every record its file; over 255 a usage error" {
	mkdir "$T/out"
	run_sep sdk-render -q -o "$T/out/%32n.png" batch.txt
	[ "$status" -eq 1 ]
	run ls "$T/out"
	assert_output "$(printf '%032d.png\n' 1 2 3)"
	run_sep sdk-render -o "$T/out/%256n.png" batch.txt
	fails 2 "^sdk-render: -o .*%256n.png: a %n width over 255\$"
}

@test "one PNG cannot hold several records: exit 2 and no file" {
	run_sep sdk-render -q -o "$T/all.png" batch.txt
	fails 2 "^sdk-render: .*all.png: one PNG file cannot hold several records"
	[ ! -e "$T/all.png" ]
	[ "$(ls -A "$T" | grep -c all)" -eq 0 ]
}

@test "an existing output is never left half-written" {
	echo old >"$T/keep.png"
	cat solved.txt bad-short.txt >"$T/mixed.txt"
	run_sep sdk-render -o "$T/keep.png" "$T/mixed.txt"
	fails 2 "mixed.txt: line 6: 80 cells"
	[ "$(cat "$T/keep.png")" = old ]
	echo old >"$T/keep.ppm"
	run_sep sdk-render -o "$T/keep.ppm" "$T/mixed.txt"
	[ "$status" -eq 2 ]
	[ "$(cat "$T/keep.ppm")" = old ]
	# no temporary file stays behind
	run bash -c "ls -A \"$T\" | grep -v separate-stderr"
	assert_output "$(printf "keep.png\nkeep.ppm\nmixed.txt")"
	run_sep sdk-render -o /nonexistent/dir/x.png solved.txt
	fails 2 "^sdk-render: /nonexistent/dir/x.png: cannot create: no folder /nonexistent/dir \(make it first: mkdir -p\)$"
	# A template's folder is not made either (as netpbm's and GNU tools').
	run_sep sdk-render -o "$T/out/%n.png" solved.txt
	fails 2 "^sdk-render: $T/out/1.png: cannot create: no folder $T/out "
	[ ! -e "$T/out" ]
}

@test "text: a boxed grid; colour only when asked or on a terminal" {
	run_sep sdk-render -f text solved.txt
	assert_success
	diff <(printf '%s\n' "$output") solved.text
	run_sep sdk-render -o "$T/g.txt" solved.txt
	assert_success
	diff "$T/g.txt" solved.text
	run_sep sdk-render -f text --color=always solved.txt
	assert_line --partial $'| \e[1m5\e[0m \e[1m3\e[0m \e[32m4\e[0m |'
	# the nine-line layout is read as well
	run_sep sdk-render -f text boxed.txt
	assert_line --index 1 "+-------+-------+-------+"
	assert_line --index 2 "| 5 3 4 | 6 7 8 | 9 1 2 |"
	# on a terminal: colour by default
	command -v script >/dev/null || skip "no script(1)"
	run script -qec "'$SDK_BINDIR/sdk-render' -f text solved.txt" /dev/null
	assert_success
	[[ "$output" == *$'\e[32m4\e[0m'* ]]
	run_sep sdk-render --color=sometimes solved.txt
	fails 2 "^sdk-render: --color=sometimes: want auto, always or never"
}

@test "binary images are not written to a terminal" {
	command -v script >/dev/null || skip "no script(1)"
	run script -qec "'$SDK_BINDIR/sdk-render' solved.txt" /dev/null
	[ "$status" -eq 2 ]
	[[ "$output" == *"sdk-render: standard output is a terminal"* ]]
	[[ "$output" != *P6* ]]
}

@test "-j: one JSON object a record, with the output file" {
	run_sep sdk-render -q -j -o "$T/%n.png" batch.txt
	[ "$status" -eq 1 ]
	assert_line --index 0 "{\"record\":1,\"source\":\"scans/one.jpg\",\"status\":\"solved\",\"output\":\"$T/1.png\"}"
	assert_line --index 2 "{\"record\":3,\"source\":\"three.jpeg\",\"status\":\"no-grid\",\"output\":\"$T/3.png\"}"
	run_sep sdk-render -j solved.txt
	fails 2 "^sdk-render: -j writes on standard output"
}

@test "--onto=PHOTO: the photo's size, filled digits in ink, givens untouched" {
	run_sep sdk-render --onto=photo.jpg photo.txt
	assert_success
	sdk-render --onto=photo.jpg photo.txt >"$T/o.ppm"
	run pamfile "$T/o.ppm"
	assert_output --partial "640 by 480"
	run check colours "$T/o.ppm"
	read -r w h blue red dark <<<"$output"
	[ "$blue" -gt 1000 ] || fail "blue $blue"
	# bare --onto takes the photo from sdk-source; "--onto PHOTO" too
	sdk-render --onto photo.txt >"$T/o2.ppm"
	cmp "$T/o.ppm" "$T/o2.ppm"
	sdk-render --onto photo.jpg photo.txt >"$T/o3.ppm"
	cmp "$T/o.ppm" "$T/o3.ppm"
	sdk-render --onto -o "$T/o.png" photo.txt
	pngtopnm "$T/o.png" >"$T/d.ppm"
	cmp <(raster "$T/o.ppm" 921600) <(raster "$T/d.ppm" 921600)
}

@test "--onto: every filled digit lands inside its cell of the photo" {
	sdk-render --onto=photo.jpg photo-only.txt >"$T/plain.ppm"
	sdk-render --onto=photo.jpg photo.txt >"$T/onto.ppm"
	run check overlay "$T/plain.ppm" "$T/onto.ppm" photo.txt
	assert_success
	assert_output --regexp '^filled 48 inked 48 stray 0 empty 0 '
	# the photo is scaled: the quad follows (sdk-size is the original)
	pnmscale 0.5 "$T/plain.ppm" >"$T/half.ppm"
	sdk-render --onto="$T/half.ppm" photo-only.txt >"$T/hplain.ppm"
	sdk-render --onto="$T/half.ppm" photo.txt >"$T/honto.ppm"
	run check overlay "$T/hplain.ppm" "$T/honto.ppm" photo.txt
	assert_success
	assert_output --regexp 'stray 0 empty 0 '
}

# overlay_photo PHOTO DAT QUAD: draw digits in the empty cells of the
# puzzle in DAT onto PHOTO through QUAD and check where the ink went.
overlay_photo() {
	local p g
	p=$(tail -n +3 "$2" | tr -d ' \r\n' | tr 0 .)
	# any digits do for the empty cells: the geometry is checked
	g=$(awk -v p="$p" 'BEGIN { for (i = 1; i <= 81; i++) {
	    c = substr(p, i, 1); printf "%s", c == "." ? i % 9 + 1 : c }
	    print "" }')
	printf '# sdk-quad %s\n%s\n' "$3" "$p" >"$T/plain.txt"
	printf '# sdk-quad %s\n# sdk-puzzle %s\n# sdk-status solved\n%s\n' \
	    "$3" "$p" "$g" >"$T/rec.txt"
	sdk-render --onto="$1" "$T/plain.txt" >"$T/p.ppm"
	sdk-render --onto="$1" "$T/rec.txt" >"$T/o.ppm"
	check overlay "$T/p.ppm" "$T/o.ppm" "$T/rec.txt"
}

@test "--onto on the sample photos: digits inside their cells" {
	[ -e "$SAMPLES/image1.jpg" ] || skip "no samples"
	n=0
	while IFS=, read -r f x1 y1 x2 y2 x3 y3 x4 y4; do
		[ "$f" = filepath ] && continue
		run overlay_photo "$SAMPLES/$f" "$SAMPLES/${f%.jpg}.dat" \
		    "$x1 $y1 $x2 $y2 $x3 $y3 $x4 $y4"
		[ "$status" -eq 0 ] || fail "$f: $output"
		n=$((n + 1))
	done <quads.csv
	[ "$n" -eq 5 ]
}

@test "--onto on more development photos: digits inside their cells" {
	need_shared images/wicht/outlines.csv
	W="$SHARED/images/wicht"
	for n in 2 9 10 11 1004 1007; do
		[ -e "$W/image$n.jpg" ] || continue
		q=$(grep "^image$n.jpg," "$W/outlines.csv" | cut -d, -f2- |
		    tr , ' ')
		[ -n "$q" ] || continue
		run overlay_photo "$W/image$n.jpg" "$W/image$n.dat" "$q"
		[ "$status" -eq 0 ] || fail "image$n: $output"
	done
}

@test "--onto: an unsolved record shows its banner on the photo, exit 1" {
	run_sep sdk-render --onto nogrid.txt
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"not solved: no-grid"* ]]
	sdk-render --onto nogrid.txt 2>/dev/null >"$T/n.ppm" || true
	run check colours "$T/n.ppm"
	read -r w h blue red dark <<<"$output"
	[ "$w" -eq 640 ] && [ "$red" -gt 20000 ]
}

@test "--onto: bad photos and records are errors that name them" {
	run_sep sdk-render --onto=missing.jpg photo.txt
	fails 2 "^sdk-render: missing.jpg: cannot open photo: No such file"
	run_sep sdk-render --onto=notimage.jpg photo.txt
	fails 2 "^sdk-render: notimage.jpg: photo: not an image"
	run_sep sdk-render --onto noquad.txt
	fails 2 "^sdk-render: photo.jpg: line 5: no sdk-quad: cannot place"
	run_sep sdk-render --onto bad-quad.txt
	fails 2 "^sdk-render: photo.jpg: line 5: malformed sdk-quad"
	run_sep sdk-render --onto solved.txt
	fails 2 "^sdk-render: scans/page3.jpg: cannot open photo"
	run_sep sdk-render --onto <<<"$SOLVED"
	fails 2 "^sdk-render: <stdin>: line 1: no photo to draw onto"
	printf '# sdk-quad 0 0 10 0 0 10 10 10\n%s\n' "$SOLVED" >"$T/cross.txt"
	run_sep sdk-render --onto=photo.jpg "$T/cross.txt"
	fails 1 "^sdk-render: $T/cross.txt: line 2: degenerate sdk-quad\$"
	run_sep sdk-render --onto=photo.jpg -f text photo.txt
	fails 2 "^sdk-render: --onto draws images"
	# nothing is left behind with -o
	run_sep sdk-render --onto -o "$T/x.png" noquad.txt
	[ "$status" -eq 2 ]
	[ "$(ls -A "$T" | grep -c x.png)" -eq 0 ]
}

@test "malformed records: exit 2, the source and line named" {
	run_sep sdk-render bad-short.txt
	fails 2 "^sdk-render: bad-short.txt: line 2: 80 cells"
	run_sep sdk-render bad-puzzle.txt
	fails 2 "^sdk-render: badpuzzle: line 4: malformed sdk-puzzle"
	run_sep sdk-render bad-disagree.txt
	fails 2 "^sdk-render: disagree: line 4: sdk-puzzle disagrees with the grid at row 1 column 1"
	run_sep sdk-render -f text </dev/null
	assert_success
	[ -z "$output" ]
	run_sep sdk-render -f nope solved.txt
	fails 2 "^sdk-render: -f nope: unknown format"
}

@test "round trip: the clean grid read back by sdk-ocr gives the 81 cells" {
	need_programs sdk-ocr
	for p in "$CLASSIC" \
	    $(head -5 "$SAMPLES/puzzles.txt" 2>/dev/null); do
		printf '# sdk-source rt\n%s\n' "$p" |
		    sdk-render -m 0 -s 450 >"$T/rt.ppm"
		run_sep sdk-ocr "$T/rt.ppm"
		[ "$status" -eq 0 ] || fail "$p: status $status $stderr"
		got=$(printf '%s\n' "$output" | grep -v '^#' | tail -1)
		[ "$got" = "$(tr 0 . <<<"$p")" ] || fail "$p -> $got"
	done
}

@test "round trip: a solved grid drawn and read back" {
	need_programs sdk-ocr
	run_sep sdk-render -m 0 solved.txt
	sdk-render -m 0 solved.txt | sdk-ocr >"$T/back.txt"
	run grep -v '^#' "$T/back.txt"
	assert_output "$SOLVED"
}

@test "the whole pipeline reads a grid drawn at an angle on a background" {
	need_programs sdk-detect sdk-warp sdk-ocr
	printf '%s\n' "$CLASSIC" | sdk-render -s 420 -m 0 |
	    pnmpad -white -left 90 -right 110 -top 70 -bottom 80 |
	    pnmrotate -background=rgb:c8/c0/b0 9 >"$T/angled.ppm"
	run_sep bash -c "sdk-detect '$T/angled.ppm' | sdk-warp | sdk-ocr"
	[ "$status" -eq 0 ] || fail "status $status: $stderr"
	got=$(printf '%s\n' "$output" | grep -v '^#' | tail -1)
	[ "$got" = "$CLASSIC" ] || fail "got $got"
}

@test "man page: lint-clean; its examples run" {
	run mandoc -Tlint -Wwarning "$TOP/man/sdk-render.1"
	assert_success
	[ -z "$output" ]
	need_programs sdk-solve
	cd "$T"
	echo "$CLASSIC" >puzzle.txt
	sdk-solve puzzle.txt | sdk-render -o solved.png
	[ -s solved.png ]
	run bash -c "sdk-solve puzzle.txt | sdk-render -f text"
	assert_line "| 5 3 4 | 6 7 8 | 9 1 2 |"
	mkdir frames
	printf '%s\n' "$CLASSIC" "$CLASSIC" >puzzles.txt
	sdk-solve puzzles.txt | sdk-render -s 360 -o 'frames/%4n.png'
	[ -s frames/0001.png ] && [ -s frames/0002.png ]
	# a trace is a frame stream (ffmpeg makes the GIF where installed)
	run bash -c "sdk-solve --trace puzzle.txt | sdk-render -c -s 300 |
	    pamfile -allimages | wc -l"
	[ "$output" -gt 10 ] || fail "$output frames"
	if command -v ffmpeg >/dev/null; then
		sdk-solve --trace puzzle.txt | sdk-render -c -s 300 |
		    ffmpeg -loglevel error -f image2pipe -c:v ppm \
		    -framerate 4 -i - trace.gif
		[ -s trace.gif ]
	fi
	need_programs sdk-ocr
	run bash -c "sdk-solve puzzle.txt | sdk-render -m 0 | sdk-ocr"
	assert_success
	assert_line "$SOLVED"
}

@test "man page example: the answer written onto the photo it came from" {
	need_programs sdk-detect sdk-warp sdk-ocr sdk-solve
	[ -e "$SAMPLES/image1000.jpg" ] || skip "no samples"
	cd "$T"
	cp "$SAMPLES/image1000.jpg" scan.jpg
	# one PNG a record, named after its source photo
	mkdir out
	sdk-detect scan.jpg | sdk-warp | sdk-ocr | sdk-solve |
	    sdk-render -q -o 'out/%s.png' || true
	[ -s out/scan.png ]
	sdk-detect scan.jpg | sdk-warp | sdk-ocr | sdk-solve >rec.txt || true
	run_sep sdk-render --onto -o scan-solved.png rec.txt
	[ "$status" -le 1 ] || fail "status $status: $stderr"
	pngtopnm scan-solved.png >o.ppm
	run pamfile o.ppm
	assert_output --partial "960 by 1280"
	grep -q '^# sdk-status solved$' rec.txt || skip "not read: $(cat rec.txt)"
	# the ink lands in the filled cells of the quad sdk-detect found
	grep -v -e '^# sdk-puzzle' -e '^# sdk-status' rec.txt | sed '$d' \
	    >plain.txt
	sed -n 's/^# sdk-puzzle //p' rec.txt >>plain.txt
	sdk-render --onto plain.txt >p.ppm
	run check overlay p.ppm o.ppm rec.txt
	assert_success
}

@test "-c marks the cells that changed since the previous record" {
	printf '%s\n' "$CLASSIC" "4${CLASSIC#?}" >"$T/two.txt"
	printf '%s\n' "$CLASSIC" "$CLASSIC" >"$T/same.txt"
	sdk-render -c "$T/same.txt" >"$T/s.ppm"
	sdk-render "$T/same.txt" >"$T/n.ppm"
	cmp "$T/s.ppm" "$T/n.ppm"
	sdk-render -c "$T/two.txt" >"$T/c.ppm"
	# the first frame is as without -c; the second has one yellow cell
	sdk-render "$T/two.txt" >"$T/n.ppm"
	cmp <(raster "$T/c.ppm" 607500 | head -c 100) \
	    <(raster "$T/n.ppm" 607500 | head -c 100)
	y=$(tail -c 607500 "$T/c.ppm" | od -An -v -tu1 -w3 |
	    awk '$1 == 255 && $2 == 226 && $3 == 120' | wc -l)
	[ "$y" -gt 1400 ] && [ "$y" -lt 2500 ] || fail "yellow $y"
	run_sep sdk-render -c -f text --color=always "$T/two.txt"
	assert_line --partial $'| \e[7m\e[1m4\e[0m'
	[ "$(grep -c $'\e\\[7m' <<<"$output")" -eq 1 ]
}

@test "doubtful readings (sdk-conf 4 or less) are flagged" {
	conf=999999999999999999977999999989999999899999999999999999999999999999999999999999993
	{ echo "# sdk-conf $conf"; cat solved.txt; } >"$T/conf.txt"
	orange() {
		tail -c 607500 "$1" | od -An -v -tu1 -w3 |
		    awk '$1 == 240 && $2 == 120 && $3 == 0' | wc -l
	}
	sdk-render "$T/conf.txt" >"$T/c.ppm"
	sdk-render solved.txt >"$T/n.ppm"
	[ "$(orange "$T/c.ppm")" -gt 20 ]
	[ "$(orange "$T/n.ppm")" -eq 0 ]
	run_sep sdk-render -f text --color=always "$T/conf.txt"
	assert_line --partial $'\e[1;33m9\e[0m |'
	[ "$(grep -c $'\e\\[1;33m' <<<"$output")" -eq 1 ]
	printf '# sdk-conf 12x\n%s\n' "$SOLVED" >"$T/bad.txt"
	run_sep sdk-render "$T/bad.txt"
	fails 2 "line 2: malformed sdk-conf"
}

# Issue 14: started puzzles.  started.txt is the classic puzzle solved,
# with the person's right entries in r1c3, r1c4 and r2c2 and a 9 written
# in r5c5 where 5 is right; started-photo.txt the same on photo.jpg.

# cell FILE N: "red solver entry dark pink amber" pixel counts of cell N (0-80)
# of a 450-pixel clean grid (margin 14).
cell() {
	check cells "$1" 14 | sed -n "$(($2 + 1))p"
}

@test "started puzzle, clean grid: each kind of digit in its own colours" {
	sdk-render started.txt >"$T/s.ppm"
	# the mistake r5c5: red (stroke, badge), the written 9 in graphite,
	# the pink cell, and no solver's blue
	read -r red blue entry dark pink amber <<<"$(cell "$T/s.ppm" 40)"
	[ "$red" -gt 150 ] || fail "mistake: red $red"
	[ "$entry" -gt 30 ] || fail "mistake: written digit $entry"
	[ "$pink" -gt 1000 ] || fail "mistake: pink $pink"
	[ "$blue" -eq 0 ] || fail "mistake: blue $blue"
	# right entries: graphite only, no red, no solver's digit over them
	for n in 2 3 10; do
		read -r red blue entry dark pink amber <<<"$(cell "$T/s.ppm" $n)"
		[ "$entry" -gt 80 ] || fail "entry $n: graphite $entry"
		[ "$red" -eq 0 ] && [ "$blue" -eq 0 ] && [ "$pink" -eq 0 ] ||
		    fail "entry $n: red $red blue $blue pink $pink"
	done
	# a cell the solver filled (r9c1): blue, and no entry colour or red
	read -r red blue entry dark pink amber <<<"$(cell "$T/s.ppm" 72)"
	[ "$blue" -gt 80 ] && [ "$entry" -eq 0 ] && [ "$red" -eq 0 ] ||
	    fail "filled: blue $blue entry $entry red $red"
	# a given (r1c1): black, nothing else
	read -r red blue entry dark pink amber <<<"$(cell "$T/s.ppm" 0)"
	[ "$dark" -gt 300 ] && [ "$blue" -eq 0 ] && [ "$entry" -eq 0 ] &&
	    [ "$red" -eq 0 ] || fail "given: $red $blue $entry $dark"
	# with the entries read as givens' cells the picture is another
	sed '/sdk-entries/d; /sdk-mistakes/d' started.txt >"$T/plain.txt"
	sdk-render "$T/plain.txt" >"$T/p.ppm"
	read -r red blue entry dark pink amber <<<"$(cell "$T/p.ppm" 2)"
	[ "$blue" -gt 80 ] && [ "$entry" -eq 0 ]
}

@test "cells read unsure (sdk-unsure): ringed in amber, never a mistake's red" {
	# r1c3 read 8, taken as the 4 that is right (an entry); r1c4 may hold
	# no digit (6 is right: no entry); r1c1, a given, read in doubt
	e=$(sed -n 's/^# sdk-entries //p' started.txt)
	e="${e:0:3}.${e:4:36}.${e:41}"
	sed -e "s/^# sdk-entries .*/# sdk-entries $e/" -e '/sdk-mistakes/d' \
	    -e '/sdk-progress/d' \
	    -e '1a # sdk-unsure r1c1:5|6 r1c3:8|4 r1c4:.|6' started.txt \
	    >"$T/u.txt"
	sdk-render "$T/u.txt" >"$T/u.ppm"
	# r1c3: the amber ring and badge, the 8 as read, no red, no blue 4
	read -r red blue entry dark pink amber <<<"$(cell "$T/u.ppm" 2)"
	[ "$amber" -gt 150 ] || fail "unsure entry: amber $amber"
	[ "$entry" -gt 20 ] || fail "unsure entry: written digit $entry"
	[ "$red" -eq 0 ] && [ "$pink" -eq 0 ] && [ "$blue" -eq 0 ] ||
	    fail "unsure entry: red $red pink $pink blue $blue"
	# r1c4: the ring and the solution's 6 in the cell itself, no hole
	read -r red blue entry dark pink amber <<<"$(cell "$T/u.ppm" 3)"
	[ "$amber" -gt 100 ] && [ "$blue" -gt 80 ] && [ "$red" -eq 0 ] ||
	    fail "unsure ink: amber $amber blue $blue red $red"
	# the given: its corner flag, as a doubtful reading
	[ "$(tail -c 607500 "$T/u.ppm" | od -An -v -tu1 -w3 |
	    awk '$1 == 240 && $2 == 120 && $3 == 0' | wc -l)" -gt 20 ]
	# in text: '?' after the solution's digit, and the list under the grid
	run_sep sdk-render -f text "$T/u.txt"
	assert_success
	assert_line --partial '| 5 3 4?| 6?7 8+|'
	assert_line 'unsure: r1c1:5|6 r1c3:8|4 r1c4:.|6'
	# onto the photo: an unsure cell is drawn (a record of nothing else)
	sed -e '/sdk-mistakes/d' \
	    -e '1a # sdk-unsure r1c3:8|4' started-photo.txt >"$T/up.txt"
	sdk-render --onto started-photo.txt >"$T/a.ppm"
	sdk-render --onto "$T/up.txt" >"$T/b.ppm"
	! cmp -s "$T/a.ppm" "$T/b.ppm"
	# malformed: exit 2, named
	for bad in 'r1c3:8|8' 'r1c3:8>4' 'r2c1:5|6 r1c3:8|4' 'r0c1:5|6'; do
		sed "1a # sdk-unsure $bad" solved.txt >"$T/bad.txt"
		run_sep sdk-render "$T/bad.txt"
		fails 2 "malformed sdk-unsure"
	done
}

@test "--onto: a digit filled over pencil marks goes on a patch of paper" {
	[ -e "$SAMPLES/started1.jpg" ] || skip "no samples/started1.jpg"
	need_programs sdk-detect sdk-warp sdk-ocr sdk-solve
	sdk-detect "$SAMPLES/started1.jpg" | sdk-warp | sdk-ocr | sdk-solve \
	    >"$T/s.txt"
	grep -q '^# sdk-pencil .*r1c8:' "$T/s.txt"
	djpeg -pnm "$SAMPLES/started1.jpg" >"$T/photo.ppm"
	sdk-render --onto "$T/s.txt" >"$T/a.ppm"
	check whites "$T/photo.ppm" "$T/a.ppm" "$T/s.txt" >"$T/w"
	# r1c8 (pencil marks, filled): its paper made white under the digit
	read -r before after <<<"$(sed -n 8p "$T/w")"
	[ "$after" -gt $((before + 1000)) ] || fail "r1c8: $before -> $after"
	# r2c4 (filled, no pencil marks): the photo's paper as it was
	read -r before after <<<"$(sed -n 13p "$T/w")"
	[ "$after" -le $((before + 50)) ] || fail "r2c4: $before -> $after"
	# and without the key, no patch
	sed '/^# sdk-pencil/d' "$T/s.txt" >"$T/np.txt"
	sdk-render --onto "$T/np.txt" >"$T/b.ppm"
	check whites "$T/photo.ppm" "$T/b.ppm" "$T/np.txt" >"$T/w2"
	read -r before after <<<"$(sed -n 8p "$T/w2")"
	[ "$after" -le $((before + 50)) ] || fail "r1c8 unmarked: $before -> $after"
	printf '# sdk-pencil r1c8:x\n%s\n' "$SOLVED" >"$T/bad.txt"
	run_sep sdk-render "$T/bad.txt"
	fails 2 "malformed sdk-pencil: a candidate is not a digit 1-9$"
}

@test "malformed sdk-pencil: exit 2, named, whatever the output" {
	for v in 'r1c8:x' 'r0c1:2' 'r1c2:1 r10c1:2' 'r1c2' 'r1c2:1,2'; do
		printf '# sdk-pencil %s\n%s\n' "$v" "$SOLVED" >"$T/bad.txt"
		for f in pnm text; do
			run_sep sdk-render -f "$f" "$T/bad.txt"
			fails 2 "^sdk-render: .*bad.txt: line 2: malformed sdk-pencil: " ||
			    fail "$f: $v"
		done
	done
	printf '# sdk-pencil r1c2:\n%s\n' "$SOLVED" >"$T/ok.txt"
	sdk-render -f text "$T/ok.txt" >/dev/null
}

@test "sdk-pencil-mistakes: the answer the marks lacked in red on pink" {
	# r1c3 (4 in the solution) marked 1 and 5: the 4 was crossed out
	sed '1a # sdk-pencil r1c3:15\n# sdk-pencil-mistakes r1c3:4' solved.txt \
	    >"$T/pm.txt"
	sdk-render "$T/pm.txt" >"$T/pm.ppm"
	read -r red blue entry dark pink amber <<<"$(cell "$T/pm.ppm" 2)"
	[ "$red" -gt 80 ] && [ "$pink" -gt 1000 ] && [ "$blue" -eq 0 ] ||
	    fail "pencil mistake: red $red pink $pink blue $blue"
	# "none", or no key: the solver's blue
	sed '1a # sdk-pencil-mistakes none' solved.txt >"$T/none.txt"
	for f in "$T/none.txt" solved.txt; do
		sdk-render "$f" >"$T/n.ppm"
		read -r red blue entry dark pink amber <<<"$(cell "$T/n.ppm" 2)"
		[ "$blue" -gt 80 ] && [ "$red" -eq 0 ] && [ "$pink" -eq 0 ] ||
		    fail "$f: red $red pink $pink blue $blue"
	done
	# onto the photo: the cell (r1c6, 1 in its solution) drawn otherwise
	sed '1a # sdk-pencil r1c6:35' started-photo.txt >"$T/a.txt"
	sed '1a # sdk-pencil r1c6:35\n# sdk-pencil-mistakes r1c6:1' \
	    started-photo.txt >"$T/b.txt"
	sdk-render --onto "$T/a.txt" >"$T/a.ppm"
	sdk-render --onto "$T/b.txt" >"$T/b.ppm"
	! cmp -s "$T/a.ppm" "$T/b.ppm"
	# malformed, or not the solution's digit: exit 2, named
	for bad in 'r1c3:45' 'r1c3:x' 'r1c3' 'r1c3:'; do
		sed "1a # sdk-pencil-mistakes $bad" solved.txt >"$T/bad.txt"
		run_sep sdk-render "$T/bad.txt"
		fails 2 "^sdk-render: .*: line 5: malformed sdk-pencil-mistakes: " ||
		    fail "$bad"
	done
	sed '1a # sdk-pencil-mistakes r1c3:5' solved.txt >"$T/bad.txt"
	run_sep sdk-render "$T/bad.txt"
	fails 2 "line 5: sdk-pencil-mistakes disagrees with the grid at r1c3$"
}

@test "started puzzle --onto: right entries untouched, wrong ones in red" {
	sdk-render --onto photo-only.txt >"$T/plain.ppm"
	sdk-render --onto started-photo.txt >"$T/onto.ppm"
	# 48 empty cells less 16 entries are filled; the 4 mistakes marked;
	# no ink on the 12 right entries (it would be stray)
	run check overlay "$T/plain.ppm" "$T/onto.ppm" started-photo.txt
	assert_success
	assert_output --regexp '^filled 32 inked 32 stray 0 empty 0 .* wrong 4 marked 4$'
	# a record claiming no mistakes: no red anywhere
	sed -e '/sdk-mistakes/d' -e 's/^\(# sdk-entries \).*/\1'"$(printf '.%.0s' {1..81})"'/' \
	    started-photo.txt >"$T/none.txt"
	sdk-render --onto "$T/none.txt" >"$T/none.ppm"
	run check colours "$T/none.ppm"
	read -r w h blue red dark <<<"$output"
	[ "$red" -eq 0 ] || fail "red $red"
}

# started_photo PHOTO DAT QUAD: a started record on PHOTO (any digits do
# for the solution: the geometry is checked): the first four empty cells
# written right, the next two wrong; check where the ink went.
started_photo() {
	local p g e m
	p=$(tail -n +3 "$2" | tr -d ' \r\n' | tr 0 .)
	g=$(awk -v p="$p" 'BEGIN { for (i = 1; i <= 81; i++) {
	    c = substr(p, i, 1); printf "%s", c == "." ? i % 9 + 1 : c }
	    print "" }')
	read -r e m < <(awk -v p="$p" -v g="$g" 'BEGIN { n = 0
	    for (i = 1; i <= 81; i++) {
		c = "."
		if (substr(p, i, 1) == "." && n < 6) {
			c = substr(g, i, 1)
			if (n++ >= 4) {
				c = c % 9 + 1
				m = m sprintf(" r%dc%d:%s>%s", int((i - 1) / 9) + 1,
				    (i - 1) % 9 + 1, c, substr(g, i, 1))
			}
		}
		e = e c
	    }
	    print e, substr(m, 2) }')
	printf '# sdk-quad %s\n%s\n' "$3" "$p" >"$T/plain.txt"
	printf '# sdk-quad %s\n# sdk-puzzle %s\n# sdk-entries %s\n# sdk-mistakes %s\n# sdk-status solved\n%s\n' \
	    "$3" "$p" "$e" "$m" "$g" >"$T/rec.txt"
	sdk-render --onto="$1" "$T/plain.txt" >"$T/p.ppm"
	sdk-render --onto="$1" "$T/rec.txt" >"$T/o.ppm"
	check overlay "$T/p.ppm" "$T/o.ppm" "$T/rec.txt"
}

@test "started puzzle --onto the sample photos: marks in their cells" {
	[ -e "$SAMPLES/image1.jpg" ] || skip "no samples"
	n=0
	while IFS=, read -r f x1 y1 x2 y2 x3 y3 x4 y4; do
		[ "$f" = filepath ] && continue
		run started_photo "$SAMPLES/$f" "$SAMPLES/${f%.jpg}.dat" \
		    "$x1 $y1 $x2 $y2 $x3 $y3 $x4 $y4"
		[ "$status" -eq 0 ] || fail "$f: $output"
		[[ "$output" == *"wrong 2 marked 2" ]] || fail "$f: $output"
		n=$((n + 1))
	done <quads.csv
	[ "$n" -eq 5 ]
}

@test "started puzzle, text: the kinds apart with and without colour" {
	run_sep sdk-render -f text started.txt
	assert_success
	assert_line --index 1 "+-------+-------+-------+"
	assert_line --index 2 "| 5 3 4'| 6'7 8+| 9+1+2+|"
	assert_line --index 3 "| 6 7'2+| 1 9 5 | 3+4+8+|"
	assert_line --index 7 "| 4 2+6+| 8 5!3 | 7+9+1 |"
	assert_line "mistakes: r5c5:9>5"
	run_sep sdk-render -f text --color=always started.txt
	assert_line --index 2 --partial $'| \e[1m5\e[0m \e[1m3\e[0m \e[34m4\e[0m |'
	assert_line --index 7 --partial $'\e[1m8\e[0m \e[1;31m5\e[0m \e[1m3\e[0m |'
	assert_line $'\e[31mmistakes: r5c5:9>5\e[0m'
	[ "$(grep -c "'" <<<"$output")" -eq 0 ]
	# all right: "none"
	sed -e 's/^\(# sdk-entries .\{40\}\)9/\15/' \
	    -e 's/^# sdk-mistakes .*/# sdk-mistakes none/' started.txt \
	    >"$T/right.txt"
	run_sep sdk-render -f text "$T/right.txt"
	assert_success
	assert_line "mistakes: none"
	assert_line --index 7 "| 4 2+6+| 8 5'3 | 7+9+1 |"
	# straight from sdk-ocr (givens and entries, no solution): the
	# entries drawn unchecked, no mistakes line
	printf '# sdk-entries %s\n%s\n' "$(sed -n 's/^# sdk-entries //p' \
	    started.txt)" "$CLASSIC" >"$T/ocr.txt"
	run_sep sdk-render -f text "$T/ocr.txt"
	assert_success
	assert_line --index 1 "| 5 3 4'| 6'7 . | . . . |"
	refute_line --partial "mistakes"
	sdk-render "$T/ocr.txt" >"$T/ocr.ppm"
	read -r red blue entry dark pink amber <<<"$(cell "$T/ocr.ppm" 40)"
	[ "$entry" -gt 30 ] && [ "$red" -eq 0 ] || fail "$red $entry"
}

@test "an all-dots sdk-entries draws as no sdk-entries at all" {
	dots=$(printf '.%.0s' {1..81})
	for f in solved.txt photo.txt batch.txt; do
		awk -v d="$dots" '!/^#/ && NF { print "# sdk-entries " d }
		    { print }' "$f" >"$T/dots.txt"
		sdk-render -q "$f" >"$T/a.ppm" || true
		sdk-render -q "$T/dots.txt" >"$T/b.ppm" || true
		# the pictures are the same; the metadata carry the key along
		cmp <(tail -c 607500 "$T/a.ppm") <(tail -c 607500 "$T/b.ppm")
		grep -a -q '^# sdk-entries \.\.\.' "$T/b.ppm"
		cmp <(sdk-render -q -f text --color=always "$f") \
		    <(sdk-render -q -f text --color=always "$T/dots.txt")
		cmp <(sdk-render -q -f text "$f") \
		    <(sdk-render -q -f text "$T/dots.txt")
	done
	awk -v d="$dots" '!/^#/ { print "# sdk-entries " d } { print }' \
	    photo.txt >"$T/dots.txt"
	sdk-render --onto photo.txt >"$T/a.ppm"
	sdk-render --onto "$T/dots.txt" >"$T/b.ppm"
	cmp <(tail -c 921600 "$T/a.ppm") <(tail -c 921600 "$T/b.ppm")
}

@test "malformed sdk-entries and sdk-mistakes: exit 2, named, no crash" {
	bad() {
		# bad KEY VALUE REGEX: started.txt with KEY set to VALUE
		grep -v "^# $1 " started.txt | sed "1a # $1 $2" >"$T/bad.txt"
		run_sep sdk-render "$T/bad.txt"
		fails 2 "^sdk-render: scans/started.jpg: line 7: $3" ||
		    fail "$1 $2"
		run_sep sdk-render --onto=photo.jpg "$T/bad.txt"
		[ "$status" -eq 2 ] || fail "--onto $1 $2: $status"
		run_sep sdk-render -f text "$T/bad.txt"
		[ "$status" -eq 2 ] || fail "text $1 $2: $status"
	}
	e=$(sed -n 's/^# sdk-entries //p' started.txt)
	# worded as sdk-solve words them: one parser (libcommon/entries.c)
	bad sdk-entries "${e%?}" "malformed sdk-entries: 80 characters, not 81$"
	bad sdk-entries "${e}." "malformed sdk-entries: 82 characters, not 81$"
	bad sdk-entries "x${e#?}" "malformed sdk-entries: character 1 is 'x', not a digit or '.'$"
	bad sdk-mistakes "" "malformed sdk-mistakes: empty"
	bad sdk-mistakes "r5c5:9>" "malformed sdk-mistakes: \"r5c5:9>\" \(want"
	bad sdk-mistakes "r0c5:9>5" "malformed sdk-mistakes: \"r0c5:9>5\""
	bad sdk-mistakes "r5c5:9>5x" "malformed sdk-mistakes"
	bad sdk-mistakes "r5c5:9>9" "malformed sdk-mistakes: \"r5c5:9>9\" is not a mistake"
	bad sdk-mistakes "r5c5:9>5 r1c1:1>2" "malformed sdk-mistakes: \"r1c1:1>2\" is out of row-major order"
	bad sdk-mistakes "r5c5:9>5 r5c5:9>5" "malformed sdk-mistakes: .* is out of row-major order"
	bad sdk-mistakes "nothing" "malformed sdk-mistakes: \"nothing\""
	bad sdk-mistakes "none" "sdk-mistakes disagrees with the entries at row 5 column 5$"
	bad sdk-mistakes "r5c5:8>5" "sdk-mistakes disagrees with the entries at row 5 column 5"
	bad sdk-mistakes "r5c5:9>4" "sdk-mistakes disagrees with the grid at row 5 column 5$"
	bad sdk-mistakes "r5c5:9>5 r9c1:2>3" "sdk-mistakes disagrees with the entries at row 9 column 1"
	bad sdk-mistakes "r1c1:2>5 r5c5:9>5" "sdk-mistakes disagrees with the entries at row 1 column 1"
	grep -v '^# sdk-entries ' started.txt >"$T/bad.txt"
	run_sep sdk-render "$T/bad.txt"
	fails 2 "line 6: sdk-mistakes without sdk-entries$"
}

# The two bytes every JPEG begins with (SOI), as hex.
soi() {
	head -c 2 "$1" | od -An -tx1 | tr -d ' \n'
}

@test "JPEG: -o NAME.jpg or -f jpeg, a valid JPEG the grid's size, same bytes" {
	run_sep sdk-render -o "$T/g.jpg" solved.txt
	assert_success
	[ -z "$output" ] && [ -z "$stderr" ]
	[ "$(soi "$T/g.jpg")" = ffd8 ]
	jpegtopnm "$T/g.jpg" 2>/dev/null >"$T/d.ppm"
	run pamfile "$T/d.ppm"
	assert_output --partial "PPM raw, 450 by 450"
	# close to the drawing (the PPM) in brightness and in colour
	sdk-render solved.txt >"$T/g.ppm"
	read -r y cb cr < <(pnmpsnr -machine "$T/g.ppm" "$T/d.ppm" 2>/dev/null)
	awk -v y="$y" -v b="$cb" -v r="$cr" \
	    'BEGIN { exit !(y > 38 && b > 40 && r > 40) }' ||
	    fail "PSNR Y $y Cb $cb Cr $cr"
	# deterministic: a second run, stdout with -f jpeg (or jpg), .JPEG
	sdk-render -o "$T/g2.jpg" solved.txt
	cmp "$T/g.jpg" "$T/g2.jpg"
	sdk-render -f jpeg solved.txt | cmp - "$T/g.jpg"
	sdk-render -f jpg solved.txt | cmp - "$T/g.jpg"
	sdk-render -o "$T/G.JPEG" solved.txt
	cmp "$T/g.jpg" "$T/G.JPEG"
	# the metadata ride along in a comment
	grep -a -q 'sdk-source scans/page3.jpg' "$T/g.jpg"
	# -f wins over the name
	sdk-render -f pnm -o "$T/p.jpg" solved.txt
	cmp "$T/p.jpg" "$T/g.ppm"
}

@test "JPEG: --onto keeps the photo's size; an -o template of .jpg names" {
	sdk-render --onto -o "$T/o.jpg" photo.txt
	[ "$(soi "$T/o.jpg")" = ffd8 ]
	run pamfile <(jpegtopnm "$T/o.jpg" 2>/dev/null)
	assert_output --partial "640 by 480"
	sdk-render --onto -o "$T/o2.jpg" photo.txt
	cmp "$T/o.jpg" "$T/o2.jpg"
	mkdir "$T/out"
	run_sep sdk-render -q -o "$T/out/%n-%s.jpg" batch.txt
	[ "$status" -eq 1 ]
	[ "$(ls "$T/out" | wc -l)" -eq 3 ]
	for f in "$T"/out/*.jpg; do
		jpegtopnm "$f" 2>/dev/null | pamfile | grep -q "450 by 450" ||
		    fail "$f"
	done
	run_sep sdk-render -q -o "$T/all.jpg" batch.txt
	fails 2 "^sdk-render: .*all.jpg: one JPEG file cannot hold several records"
	[ ! -e "$T/all.jpg" ]
}

@test "JPEG on a JPEG photo: only the MCUs under the digits change, markers kept" {
	sdk-render --onto -o "$T/o.jpg" photo.txt
	[ "$(soi "$T/o.jpg")" = ffd8 ]
	# -nosmooth: no chroma upsampling across MCUs, each decodes alone
	djpeg -nosmooth photo.jpg >"$T/p.ppm"
	djpeg -nosmooth "$T/o.jpg" >"$T/o.ppm"
	run pamfile "$T/o.ppm"
	assert_output --partial "PPM raw, 640 by 480"
	# every pixel of an MCU the quad's box does not reach is the photo's
	run python3 "$F/pnmcheck.py" outside "$T/p.ppm" "$T/o.ppm" photo.txt 16
	assert_success
	# the digits are there, in the filled cells
	djpeg photo.jpg >"$T/ps.ppm"
	djpeg "$T/o.jpg" >"$T/os.ppm"
	run check overlay "$T/ps.ppm" "$T/os.ppm" photo.txt
	assert_success
	# deterministic
	sdk-render --onto -o "$T/o2.jpg" photo.txt
	cmp "$T/o.jpg" "$T/o2.jpg"
	# the photo's markers (JFIF, Adobe) and the record's comment
	run bash -c "djpeg -verbose -verbose '$T/o.jpg' 2>&1 >/dev/null"
	assert_output --partial "Adobe APP14 marker"
	grep -a -q 'sdk-source photo.jpg' "$T/o.jpg"
	# an EXIF segment rides along: a sample's APP1 is copied whole
	sdk-render --onto="$SAMPLES/image1.jpg" -o "$T/e.jpg" photo.txt
	grep -a -q 'Sony Ericsson' "$T/e.jpg"
	# -Q: the whole photo decoded and encoded again at that quality
	sdk-render -Q 90 --onto -o "$T/q.jpg" photo.txt
	djpeg -nosmooth "$T/q.jpg" >"$T/q.ppm"
	run python3 "$F/pnmcheck.py" outside "$T/p.ppm" "$T/q.ppm" photo.txt 16
	assert_failure
}

@test "JPEG on a JPEG photo: each digit and mark whole, as the pixel path draws it" {
	need_programs sdk-detect sdk-warp sdk-ocr sdk-solve
	# Only the boxes the board paints are decoded and encoded again:
	# a grid of many strips (started1) and one with wrong entries,
	# whose strokes and badges reach past their cells (started2).
	for f in started1 started2; do
		sdk-detect "$SAMPLES/$f.jpg" | sdk-warp | sdk-ocr |
		    sdk-solve >"$T/$f.txt" || return 1
		sdk-render --onto -o "$T/$f.jpg" "$T/$f.txt"
		sdk-render --onto -o "$T/$f.png" "$T/$f.txt"
		djpeg "$T/$f.jpg" >"$T/j.ppm"
		pngtopnm "$T/$f.png" >"$T/p.ppm"
		# the photo's own quantisation: small differences only
		run check close "$T/j.ppm" "$T/p.ppm" 100
		assert_success
		djpeg "$SAMPLES/$f.jpg" >"$T/photo.ppm"
		run check close "$T/photo.ppm" "$T/j.ppm" 100
		assert_failure
	done
	grep -q '^# sdk-mistakes r' "$T/started2.txt"
}

@test "JPEG on a JPEG photo: a progressive photo, a grey one, a quad off the edge" {
	jpegtran -progressive photo.jpg >"$T/prog.jpg"
	sdk-render --onto="$T/prog.jpg" -o "$T/o.jpg" photo.txt
	djpeg -nosmooth "$T/prog.jpg" >"$T/p.ppm"
	djpeg -nosmooth "$T/o.jpg" >"$T/o.ppm"
	run python3 "$F/pnmcheck.py" outside "$T/p.ppm" "$T/o.ppm" photo.txt 16
	assert_success
	# grey: the pixel path, a colour answer of the same size
	jpegtran -grayscale photo.jpg >"$T/grey.jpg"
	sdk-render --onto="$T/grey.jpg" -o "$T/g.jpg" photo.txt
	run pamfile <(djpeg "$T/g.jpg")
	assert_output --partial "PPM raw, 640 by 480"
	# a quad reaching past the photo's edges: clipped, no error
	sed 's/^# sdk-quad .*/# sdk-quad -300 -200 900 -100 950 700 -250 650/' \
	    photo.txt >"$T/big.txt"
	run_sep sdk-render --onto=photo.jpg -o "$T/b.jpg" "$T/big.txt"
	assert_success
	run pamfile <(djpeg "$T/b.jpg")
	assert_output --partial "PPM raw, 640 by 480"
	# a photo that is not a JPEG inside: named, status 2, nothing written
	run_sep sdk-render --onto=notimage.jpg -o "$T/n.jpg" photo.txt
	[ "$status" -eq 2 ]
	[ ! -e "$T/n.jpg" ]
}

# The netpbm turn that shows a photo of Exif orientation $1.
turn() {
	case $1 in
	1) cat ;;
	2) pamflip -lr ;;
	3) pamflip -r180 ;;
	4) pamflip -tb ;;
	5) pamflip -transpose ;;
	6) pamflip -cw ;;
	7) pamflip -transpose | pamflip -r180 ;;
	8) pamflip -ccw ;;
	esac
}

@test "Exif orientation: the answer comes out as the photo is shown (all 8)" {
	# the record's quad is in the photo's stored pixels, whatever the tag
	sdk-render --onto=photo.jpg -o "$T/a.png" photo.txt
	pngtopnm "$T/a.png" >"$T/a.ppm"
	for n in 1 2 3 4 5 6 7 8; do
		python3 "$F/exifsplice.py" set photo.jpg "$T/o$n.jpg" "$n"
		sdk-render --onto="$T/o$n.jpg" -o "$T/a$n.png" photo.txt
		pngtopnm "$T/a$n.png" >"$T/a$n.ppm"
		turn "$n" <"$T/a.ppm" | cmp - "$T/a$n.ppm" ||
		    fail "orientation $n: not the answer turned"
		sdk-render --onto="$T/o$n.jpg" photo.txt >"$T/p$n.ppm"
		cmp <(raster "$T/p$n.ppm" $((640 * 480 * 3))) \
		    <(raster "$T/a$n.ppm" $((640 * 480 * 3))) ||
		    fail "orientation $n: PPM and PNG differ"
	done
	run pamfile "$T/a6.ppm"
	assert_output --partial "480 by 640"
	run pamfile "$T/a3.ppm"
	assert_output --partial "640 by 480"
	# -Q: the JPEG is turned too, and carries no Exif to turn it again
	sdk-render -Q 90 --onto="$T/o6.jpg" -o "$T/q6.jpg" photo.txt
	run pamfile <(djpeg "$T/q6.jpg")
	assert_output --partial "480 by 640"
	[ -z "$(python3 "$F/exifsplice.py" app1 "$T/q6.jpg")" ]
}

@test "Exif orientation: a JPEG answer on a JPEG photo keeps the photo's Exif" {
	python3 "$F/exifsplice.py" set photo.jpg "$T/o6.jpg" 6
	sdk-render --onto="$T/o6.jpg" -o "$T/a6.jpg" photo.txt
	# the stored pixels, the tag kept: a viewer turns both alike
	run pamfile <(djpeg "$T/a6.jpg")
	assert_output --partial "640 by 480"
	want=$(python3 "$F/exifsplice.py" app1 "$T/o6.jpg")
	[ -n "$want" ]
	[ "$(python3 "$F/exifsplice.py" app1 "$T/a6.jpg")" = "$want" ]
	# turned as the tag says, it is the PNG answer (within JPEG's loss)
	sdk-render --onto="$T/o6.jpg" -o "$T/a6.png" photo.txt
	djpeg "$T/a6.jpg" | pamflip -cw >"$T/t6.ppm"
	pngtopnm "$T/a6.png" >"$T/p6.ppm"
	read -r y _ < <(pnmpsnr -machine "$T/t6.ppm" "$T/p6.ppm" 2>/dev/null)
	awk -v y="$y" 'BEGIN { exit !(y > 30) }' || fail "PSNR Y $y"
}

@test "--thumbnail: the photo made to fit the box, turned as shown, the digits on it" {
	sdk-render --onto --thumbnail=160x120 -o "$T/t.png" photo.txt
	run pamfile <(pngtopnm "$T/t.png")
	assert_output --partial "160 by 120"
	sdk-render --onto --thumbnail=100x100 photo.txt >"$T/t.ppm"
	run pamfile "$T/t.ppm"
	assert_output --partial "100 by 75"
	# never larger than the photo
	sdk-render --onto --thumbnail=2000x2000 photo.txt >"$T/big.ppm"
	run pamfile "$T/big.ppm"
	assert_output --partial "640 by 480"
	# the photo alone: a record with no digits to draw needs no quad
	printf '# sdk-source photo.jpg\n%s\n' "$(printf '.%.0s' $(seq 81))" \
	    >"$T/plain.txt"
	sdk-render --onto --thumbnail=160x120 "$T/plain.txt" >"$T/p.ppm"
	run pamfile "$T/p.ppm"
	assert_output --partial "160 by 120"
	# the answer differs from the photo inside the grid only
	pamcut 0 0 160 12 "$T/p.ppm" | cmp - <(pamcut 0 0 160 12 \
	    <(sdk-render --onto --thumbnail=160x120 photo.txt))
	! cmp -s "$T/p.ppm" <(sdk-render --onto --thumbnail=160x120 photo.txt)
	# Orientation 6: shown turned
	python3 "$F/exifsplice.py" set photo.jpg "$T/o6.jpg" 6
	sdk-render --onto="$T/o6.jpg" --thumbnail=160x120 photo.txt >"$T/t6.ppm"
	run pamfile "$T/t6.ppm"
	assert_output --partial "90 by 120"
	run_sep sdk-render --thumbnail=160x120 photo.txt
	fails 2 "^sdk-render: --thumbnail makes the photo small: it needs --onto"
	for b in 160 0x0 7x100 160x 160x120x 9000x10 x120; do
		run_sep sdk-render --onto --thumbnail=$b photo.txt
		fails 2 "^sdk-render: --thumbnail=$b: not a box" || return 1
	done
}

@test "--thumbnail: records of one photo in a row decode it once, each as alone" {
	printf '# sdk-source photo.jpg\n%s\n' "$(printf '.%.0s' $(seq 81))" \
	    >"$T/plain.txt"
	sdk-render --onto --thumbnail=160x120 "$T/plain.txt" >"$T/p.ppm"
	sdk-render --onto --thumbnail=160x120 photo.txt >"$T/a.ppm"
	# the photo, its answer, the photo again (sdk-batch's report)
	cat "$T/plain.txt" photo.txt "$T/plain.txt" >"$T/three.txt"
	sdk-render --onto --thumbnail=160x120 -o "$T/%n.ppm" "$T/three.txt"
	cmp "$T/p.ppm" "$T/1.ppm"
	cmp "$T/a.ppm" "$T/2.ppm"
	cmp "$T/p.ppm" "$T/3.ppm"
	command -v strace >/dev/null || skip "no strace"
	# LeakSanitizer cannot run under ptrace
	[ -z "${SDK_SANITIZE:-}" ] || skip "strace: not with the sanitizers"
	strace -f -e trace=openat -o "$T/trace" sdk-render --onto \
	    --thumbnail=160x120 -o "$T/%n.ppm" "$T/three.txt"
	[ "$(grep -c '"photo.jpg"' "$T/trace")" -eq 1 ]
}

@test "JPEG: -Q sets the quality; a bad one is a usage error" {
	sdk-render -Q 20 -o "$T/q20.jpg" solved.txt
	sdk-render --quality=95 -o "$T/q95.jpg" solved.txt
	sdk-render -o "$T/q90.jpg" solved.txt
	sdk-render -Q 90 -f jpeg solved.txt | cmp - "$T/q90.jpg"
	s20=$(wc -c <"$T/q20.jpg") s90=$(wc -c <"$T/q90.jpg")
	s95=$(wc -c <"$T/q95.jpg")
	[ "$s20" -lt "$s90" ] && [ "$s90" -lt "$s95" ] ||
	    fail "sizes $s20 $s90 $s95"
	for q in 0 101 -5 ten 9x ''; do
		run_sep sdk-render -Q "$q" -f jpeg solved.txt
		fails 2 "^sdk-render: -Q $q: not a JPEG quality from 1 to 100" ||
		    fail "-Q '$q'"
	done
	run_sep sdk-render -Q 80 -o "$T/x.png" solved.txt
	fails 2 "^sdk-render: -Q 80: only JPEG output has a quality"
	[ ! -e "$T/x.png" ]
}

@test "JPEG: an output that cannot be written leaves no file behind" {
	# the file system refuses a block halfway through libjpeg's writing:
	# a write error, and neither the file nor its temporary one is there
	# (an old file kept: "an existing output is never left half-written")
	mkdir "$T/small"
	run_sep bash -c "ulimit -f 16; trap '' XFSZ;
	    exec '$SDK_BINDIR/sdk-render' --onto -o '$T/small/o.jpg' photo.txt"
	fails 2 "^sdk-render: $T/small/o.jpg: write error: File too large$"
	[ -z "$(ls -A "$T/small")" ]
	run_sep bash -c "'$SDK_BINDIR/sdk-render' -f jpeg solved.txt >/dev/full"
	fails 2 "^sdk-render: write error: No space left on device"
}

@test "--onto: a quad no grid goes through fails its record alone, as in sdk-warp" {
	# Crossing sides (sdk-warp warped it), corners 1e5 away (sdk-warp
	# ran out of memory), then a good record.
	sed 's/^# sdk-quad .*/# sdk-quad 95 60 556 67 97 466 567 458/' \
	    photo.txt >"$T/three.txt"
	sed 's/^# sdk-quad .*/# sdk-quad -1e5 -1e5 1e5 -1e5 1e5 1e5 -1e5 1e5/' \
	    photo.txt >>"$T/three.txt"
	cat photo.txt >>"$T/three.txt"
	mkdir "$T/o"
	for fmt in png jpg; do
		run_sep sdk-render --onto -o "$T/o/%n.$fmt" "$T/three.txt"
		[ "$status" -eq 1 ]
		assert_equal "$stderr" "$(printf '%s\n' \
		    'sdk-render: photo.jpg: line 6: degenerate sdk-quad' \
		    'sdk-render: photo.jpg: line 12: off the photo sdk-quad')"
		[ ! -e "$T/o/1.$fmt" ] && [ ! -e "$T/o/2.$fmt" ]
		[ -s "$T/o/3.$fmt" ]
	done
	# One output: the good record alone in it, exit 1.
	run_sep sdk-render --onto -o "$T/one.png" "$T/three.txt"
	[ "$status" -eq 1 ]
	[ -s "$T/one.png" ]
}
