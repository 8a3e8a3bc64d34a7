#!/usr/bin/env bats
# Hostile input (issue 19): files made to cost time or memory, each made
# here by tests/hostile.py (nothing large is committed).  Each is refused
# from its first bytes or its header: status 2, one message naming the
# program and the input, nothing on standard output, and, outside the
# sanitizer builds, within a few megabytes (ulimit -v) where decoding it
# would take hundreds.

load helper

IMAGE_TOOLS="sdk-detect sdk-warp sdk-ocr"
GRID_TOOLS="sdk-solve sdk-render sdk-hold"

hostile() {
	python3 "$TOP/tests/hostile.py" "$@"
}

# room PROG KB: KB kilobytes more than PROG needs to start, for ulimit -v
# (nothing with the sanitizers, which cannot run under it).
room() {
	local f=$BATS_FILE_TMPDIR/floor.${1##*/}

	[ -z "${SDK_SANITIZE:-}" ] || return 0
	[ -s "$f" ] || loader_floor "$1" >"$f"
	echo $(($(cat "$f") + $2))
}

# small KB CMD...: CMD within KB kilobytes more than it needs to start.
small() {
	local kb

	kb=$(room "$2" "$1")
	shift
	if [ -n "$kb" ]; then
		under "$kb" "$@"
	else
		"$@"
	fi
}

# refused PROG FILE REGEX [KB]: refused as REGEX says, within KB kilobytes
# (default 16 MB).
refused() {
	run_sep small "${4:-16384}" "$1" "$2"
	fails 2 "^$1: $2: $3" || fail "$1 $2"
}

@test "a GIF of 270 KB saying 20000x20000 is refused from its header" {
	f=$BATS_TEST_TMPDIR/bomb.gif
	hostile gif 20000 20000 >"$f"
	[ "$(wc -c <"$f")" -lt 300000 ]
	for p in $IMAGE_TOOLS; do
		refused "$p" "$f" 'image too large \(20000x20000; limit'
	done
}

@test "every format's size is checked before decoding" {
	t=$BATS_TEST_TMPDIR
	for k in gif-head bmp-head tiff-head jp2-head jpeg-head; do
		hostile "$k" 20000 20000 >"$t/h.$k"
		refused sdk-detect "$t/h.$k" 'image too large \(20000x20000; limit'
	done
	hostile webp-head 16000 16000 >"$t/h.webp"
	refused sdk-detect "$t/h.webp" 'image too large \(16000x16000; limit'
	hostile png-palette 20000 20000 >"$t/h.png"
	refused sdk-ocr "$t/h.png" 'image too large \(20000x20000; limit'
}

@test "a GIF's frames count together; only the first is decoded" {
	t=$BATS_TEST_TMPDIR
	hostile gif 600 600 4 >"$t/four.gif"
	hostile gif 600 600 2 >"$t/two.gif"
	SDK_MAX_PIXELS=1000000 run_sep sdk-detect "$t/four.gif"
	fails 2 "^sdk-detect: $t/four.gif: image too large \\(its frames"
	SDK_MAX_PIXELS=1000000 run_sep sdk-detect -f text "$t/two.gif"
	[ "$status" -eq 1 ]
	assert_output "no-grid $t/two.gif"
}

@test "a JPEG of thousands of scans is refused at scan 101" {
	f=$BATS_TEST_TMPDIR/scans.jpg
	hostile jpeg-scans 2000 2000 >"$f"
	# libjpeg holds a progressive image's coefficients: 24 MB.
	refused sdk-detect "$f" 'bad JPEG: too many scans \(more than 100\)$' \
	    40000
	# sdk-render's photo too (it read all 2000 before libcommon/jpeg.c)
	printf '%s\n' 534678912672195348198342567859761423426853791713924856961537284287419635345286179 \
	    >"$BATS_TEST_TMPDIR/rec"
	for t in jpeg png; do
		run_sep timeout 60 sdk-render -f "$t" --onto="$f" \
		    "$BATS_TEST_TMPDIR/rec"
		fails 2 "^sdk-render: $f: photo: bad JPEG: too many scans \(more than 100\)$" ||
		    fail "-f $t"
	done
	# A progressive JPEG as encoders write it (ten scans) reads as ever.
	jpegtopnm "$SAMPLES/image1.jpg" 2>/dev/null |
	    pnmtojpeg -progressive >"$BATS_TEST_TMPDIR/p.jpg" 2>/dev/null
	run_sep sdk-detect -f text "$BATS_TEST_TMPDIR/p.jpg"
	assert_success
	assert_output --regexp '^4[0-9.]+ 1[0-9.]+ 5'
}

@test "libjpeg's corrupt-data warnings are bad input, naming the file" {
	t=$BATS_TEST_TMPDIR
	hostile jpeg-bogus 2000 2000 3000 >"$t/bogus.jpg"
	refused sdk-detect "$t/bogus.jpg" 'bad JPEG: Inconsistent progression' \
	    40000
	# A photo with 40 bytes of its data overwritten.
	python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read())
n = len(d) // 2; d[n:n + 40] = b"Z" * 40; sys.stdout.buffer.write(d)' \
	    "$SAMPLES/image1.jpg" >"$t/hit.jpg"
	refused sdk-detect "$t/hit.jpg" 'bad JPEG: Corrupt JPEG data'
	refused sdk-ocr "$t/hit.jpg" 'bad JPEG: Corrupt JPEG data'
	# sdk-render's photo, through the same decoder and error handler
	# (libcommon/jpeg.c): drawn on whole, as a JPEG (its coefficients)
	# or as pixels, never on a smeared one.
	printf '%s\n' 534678912672195348198342567859761423426853791713924856961537284287419635345286179 \
	    >"$t/rec"
	for f in jpeg png; do
		run_sep sdk-render -f "$f" --onto="$t/hit.jpg" -o "$t/on.$f" \
		    "$t/rec"
		fails 2 "^sdk-render: $t/hit.jpg: photo: bad JPEG: Corrupt JPEG data" ||
		    fail "-f $f"
		[ ! -e "$t/on.$f" ]
	done
}

@test "standard input of zeros: every program says so from the first bytes" {
	# shellcheck disable=SC2016
	zeros='[ -z "$1" ] || ulimit -v "$1"; shift
	    head -c 600000000 /dev/zero | timeout 60 "$@"'
	for p in $IMAGE_TOOLS; do
		run_sep bash -c "$zeros" sh "$(room "$p" 8192)" "$p"
		fails 2 "^$p: <stdin>: not an image \\(unknown format\\)\$"
	done
	for p in $GRID_TOOLS "sdk-solve --pencil" "sdk-solve --trace"; do
		# shellcheck disable=SC2086
		run_sep bash -c "$zeros" sh "$(room "${p%% *}" 8192)" $p
		fails 2 "^${p%% *}: <stdin>: line 1: NUL byte"
	done
	# sdk-gen reads no input; sdk-batch's standard input: sdk-batch.bats.
}

@test "a PNM header of endless metadata or comments is cut off at 1 MB" {
	t=$BATS_TEST_TMPDIR
	hostile pnm-meta 4000000 >"$t/lines.pnm"
	hostile pnm-meta 2000000 4000 >"$t/long.pnm"
	hostile pnm-comments 4000000 >"$t/comments.pnm"
	for p in $IMAGE_TOOLS; do
		refused "$p" "$t/lines.pnm" 'too much metadata in one record \(over 1024 lines or 1048576 bytes\)$'
		refused "$p" "$t/long.pnm" 'PNM header too long \(over 1048576 bytes'
		refused "$p" "$t/comments.pnm" 'PNM header too long'
	done
	# 984 lines of our own size are fine.
	hostile pnm-meta 60000 >"$t/ok.pnm"
	run_sep sdk-detect -f text "$t/ok.pnm"
	assert_output "no-grid $t/ok.pnm"
}

@test "grid records of endless metadata are cut off at 1024 lines or 1 MB" {
	t=$BATS_TEST_TMPDIR
	hostile grid-meta 4000000 >"$t/lines.txt"
	hostile grid-meta 2000000 4000 >"$t/long.txt"
	for p in $GRID_TOOLS "sdk-solve --pencil"; do
		# shellcheck disable=SC2086
		run_sep small 16384 $p "$t/lines.txt"
		fails 2 "^${p%% *}: $t/lines.txt: line 1025: too much metadata in one record" || fail "$p"
		# shellcheck disable=SC2086
		run_sep small 16384 $p "$t/long.txt"
		fails 2 "^${p%% *}: $t/long.txt: line 263: too much metadata" || fail "$p"
	done
	hostile grid-meta 60000 >"$t/ok.txt"
	run_sep sdk-solve "$t/ok.txt"
	[ "$status" -eq 1 ] && [ "$(echo "$output" | wc -l)" -eq 987 ]
}

@test "an 81 MP palette PNG of 10 KB reads in well under 1 GB" {
	f=$BATS_TEST_TMPDIR/pal.png
	hostile png-palette 9000 9000 >"$f"
	[ "$(wc -c <"$f")" -lt 12000 ]
	# (1 GB less what sdk-ocr needs to start, with room to spare.)
	run_sep small 900000 sdk-ocr "$f"
	assert_success
	assert_output "$(printf '# sdk-source %s\n# sdk-conf %s\n%s' "$f" \
	    "$(printf '9%.0s' $(seq 81))" "$(printf '.%.0s' $(seq 81))")"
}

@test "a plain 24-bit BMP with bytes after its rows reads like any photo" {
	t=$BATS_TEST_TMPDIR
	jpegtopnm "$SAMPLES/image1.jpg" 2>/dev/null >"$t/p.ppm"
	hostile bmp-trailer <"$t/p.ppm" >"$t/p.bmp"
	run_sep sdk-detect -f text "$t/p.ppm"
	want=${output% *}
	run_sep sdk-detect -f text "$t/p.bmp"
	assert_success
	assert_output "$want $t/p.bmp"
}

@test "HEIF: a header saying 20000x20000, cut files, garbage: refused, named" {
	t=$BATS_TEST_TMPDIR
	f=$SAMPLES/started1.heic
	python3 "$TOP/tests/heif.py" head 20000 20000 >"$t/big.heic"
	n=$(wc -c <"$f")
	head -c $((n / 2)) "$f" >"$t/half.heic"
	head -c 300 "$f" >"$t/head.heic"
	# The ftyp box, then bytes that are no box.
	{ head -c 28 "$f"; head -c 4000 "$SAMPLES/image1.jpg"; } >"$t/junk.heic"
	# The files libheif is given are refused within 64 MB: libheif is
	# opened when a HEIF file comes, and it maps libde265, libx265,
	# libaom and libdav1d with it.
	for p in $IMAGE_TOOLS; do
		refused "$p" "$t/big.heic" 'image too large \(20000x20000; limit'
		refused "$p" "$t/half.heic" 'truncated HEIF data$' 65536
		refused "$p" "$t/head.heic" 'truncated HEIF data$'
		refused "$p" "$t/junk.heic" 'bad HEIF: bad box$'
	done
	# A header whose item has no data: libheif's own message.
	python3 "$TOP/tests/heif.py" head 200 100 >"$t/empty.heic"
	refused sdk-detect "$t/empty.heic" 'bad HEIF data: invalid input: ' 65536
	# From standard input too.
	run_sep sdk-detect <"$t/half.heic"
	fails 2 '^sdk-detect: <stdin>: truncated HEIF data$'
}

@test "HEIF: a grid or an overlay is checked by what it decodes, not by its ispe" {
	t=$BATS_TEST_TMPDIR
	h() { python3 "$TOP/tests/heif.py" "$@" <"$SAMPLES/started1.heic"; }
	# The primary item's ispe says 512x512; the canvas is 16384x16384
	# (1.2 GB and 4-9 s decoded, before).
	h grid 16384 16384 2 2 >"$t/grid.heic"
	h overlay 16384 16384 1 >"$t/iovl.heic"
	# A canvas within the limit, its tiles not (4 of 1512x2016).
	h grid 1000 1000 2 2 >"$t/tiles.heic"
	# 33 x 32 tiles: each is a decoder of its own.
	h grid 1000 1000 33 32 >"$t/many.heic"
	for p in $IMAGE_TOOLS; do
		refused "$p" "$t/grid.heic" 'image too large \(16384x16384; limit'
		refused "$p" "$t/iovl.heic" 'image too large \(16384x16384; limit'
		refused "$p" "$t/many.heic" 'image too large \(1056 images in a grid; limit 1024\)$'
	done
	SDK_MAX_PIXELS=10000000 refused sdk-detect "$t/tiles.heic" \
	    'image too large \(12192768 pixels in its coded images; limit 10000000\)$'
	# An identity item: the image it names is what is decoded.
	h iden >"$t/iden.heic"
	SDK_MAX_PIXELS=1000000 refused sdk-detect "$t/iden.heic" \
	    'image too large \(1512x2016; limit 1000000 pixels'
	# sdk-render --onto wrote a 16384x16384 JPEG.
	sdk-detect "$SAMPLES/started1.jpg" | sdk-warp | sdk-ocr | sdk-solve \
	    >"$t/rec"
	run_sep sdk-render --onto="$t/grid.heic" -o "$t/on.jpg" "$t/rec"
	fails 2 "^sdk-render: $t/grid.heic: photo: image too large"
	[ ! -e "$t/on.jpg" ]
	# A grid of honest size decodes as before: the tile at the top left.
	h grid 3024 4032 2 2 >"$t/ok.heic"
	run_sep sdk-detect -f text "$t/ok.heic"
	assert_success
}

@test "a JPEG of 100,000 APP markers: sdk-render copies 64, in linear time" {
	t=$BATS_TEST_TMPDIR
	sdk-detect "$SAMPLES/image1.jpg" | sdk-warp | sdk-ocr | sdk-solve \
	    >"$t/rec"
	# APP2 (copied into a JPEG answer) and APP1 (read for the Exif
	# orientation): libjpeg's saved-marker list took 42 s for the first.
	hostile jpeg-markers 100000 <"$SAMPLES/image1.jpg" >"$t/m2.jpg"
	hostile jpeg-markers 100000 1 <"$SAMPLES/image1.jpg" >"$t/m1.jpg"
	for m in m1 m2; do
		run_sep timeout 10 sdk-render --onto="$t/$m.jpg" \
		    -o "$t/$m.out.jpg" "$t/rec"
		assert_success
		run_sep timeout 10 sdk-render --onto="$t/$m.jpg" \
		    -o "$t/$m.out.png" "$t/rec"
		assert_success
		run_sep timeout 10 sdk-detect -f text "$t/$m.jpg"
		assert_success
	done
	n=$(python3 -c 'import sys; print(open(sys.argv[1], "rb").read().count(
	    bytes([0xff, 0xe2, 0, 3, 0x2a])))' "$t/m2.out.jpg")
	[ "$n" -eq 64 ] || fail "$n markers copied"
}

@test "JPEG 2000: tiles are counted and must all be there" {
	t=$BATS_TEST_TMPDIR
	# 65,535 tiles of one pixel: 640 MB in openjpeg (all, 983 KB, or
	# the first 10, 217 bytes).
	hostile j2k-tiles 255 257 1 1 >"$t/many.j2k"
	hostile j2k-tiles 255 257 1 1 10 >"$t/few.j2k"
	# 4 tiles, the first alone there: decoded blank, and no error.
	hostile j2k-tiles 64 64 32 32 1 >"$t/cut.j2k"
	for p in $IMAGE_TOOLS; do
		refused "$p" "$t/many.j2k" 'image too large \(65535 tiles; limit 4096\)$'
		refused "$p" "$t/few.j2k" 'image too large \(65535 tiles; limit 4096\)$'
		refused "$p" "$t/cut.j2k" 'truncated JPEG 2000 data \(tile 2 of 4 missing\)$'
	done
	# All 4 there: read (a blank page, no grid in it).
	hostile j2k-tiles 64 64 32 32 >"$t/ok.j2k"
	run_sep sdk-detect -f text "$t/ok.j2k"
	[ "$status" -eq 1 ]
	[ "$stderr" = "sdk-detect: $t/ok.j2k: no grid found" ]
}

@test "a name holding a newline and a quad is one source, escaped, to the end of the pipe" {
	t=$BATS_TEST_TMPDIR
	n="$t/a
# sdk-quad 1 1 2 1 2 2 1 2
b.jpg"
	cp "$SAMPLES/image1.jpg" "$n"
	cp "$SAMPLES/image1.jpg" "$t/plain.jpg"
	sdk-detect "$n" "$t/plain.jpg" >"$t/two.pnm"
	# One quad a record (the injected one was a second, and sdk-warp
	# took it), and the name on one line.
	[ "$(grep -ac '^# sdk-quad ' "$t/two.pnm")" -eq 2 ]
	grep -aqxF "# sdk-source $t/a\n# sdk-quad 1 1 2 1 2 2 1 2\nb.jpg" \
	    "$t/two.pnm"
	# Both records solved, as the plain name alone is.
	sdk-warp <"$t/two.pnm" | sdk-ocr | sdk-solve >"$t/two.txt"
	[ "$(grep -c '^# sdk-status solved$' "$t/two.txt")" -eq 2 ]
	# The square warped is the plain name's, to the byte.
	sdk-detect "$n" | sdk-warp | grep -av '^# sdk-source' >"$t/n.pnm"
	sdk-detect "$t/plain.jpg" | sdk-warp | grep -av '^# sdk-source' \
	    >"$t/p.pnm"
	cmp "$t/n.pnm" "$t/p.pnm"
	# Decoded where it is read: JSON says the name as it is.
	[ "$(sdk-warp -j <"$t/two.pnm" | head -1 | jq -r .source)" = "$n" ]
	run_sep sdk-detect -f text "$n"
	assert_output "$(sdk-detect -f text "$t/plain.jpg" | cut -d' ' -f1-8) $t/a\n# sdk-quad 1 1 2 1 2 2 1 2\nb.jpg"
}

@test "a name holding control bytes is quoted in messages" {
	t=$BATS_TEST_TMPDIR
	e=$(printf '\033')
	for p in sdk-detect sdk-warp sdk-ocr; do
		run_sep "$p" "$t/x${e}[31my.jpg"
		fails 2 "^$p: '$t/x\\\\x1b\\[31my.jpg': cannot open"
	done
	printf 'P5\n1 1\n255\n' >"$t/cut
name"
	run_sep sdk-warp "$t/cut
name"
	fails 2 "^sdk-warp: '$t/cut\\\\nname': "
}
