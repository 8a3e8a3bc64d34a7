#!/usr/bin/env bats
# HEIF photos (HEIC as phones write them, AVIF): samples/started1.heic is
# samples/started1.jpg through heif-enc (samples/README.md).  Read as the
# JPEG is, by every program that reads photos; a rotation in the file
# (irot, added by tests/heif.py) is applied as the phone shows it.

load helper

# near A B: the two "x y x y ..." corner lists differ by at most 3 pixels.
near() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		n = split(a, p); m = split(b, q)
		if (n != 8 || m != 8) exit 1
		for (i = 1; i <= 8; i++)
			if (p[i] - q[i] > 3 || q[i] - p[i] > 3) exit 1
	}'
}

# corners FILE: the corners sdk-detect finds, "x y x y x y x y".
corners() {
	sdk-detect -f text "$1" | cut -d' ' -f1-8
}

# grid: the read grid and the solution of the record on stdin.
grid() {
	grep -E '^(# sdk-(puzzle|entries|pencil|status) |[0-9.]{81}$)'
}

@test "a HEIC photo: the grid's corners are the JPEG's, within 3 pixels" {
	a=$(corners "$SAMPLES/started1.jpg")
	b=$(corners "$SAMPLES/started1.heic")
	near "$a" "$b" || fail "jpeg $a, heic $b"
	run sdk-detect "$SAMPLES/started1.heic"
	assert_success
	assert_line '# sdk-size 1512 2016'
}

@test "the whole pipe reads and solves a HEIC as it does the JPEG" {
	for f in jpg heic; do
		sdk-detect "$SAMPLES/started1.$f" | sdk-warp | sdk-ocr |
		    sdk-solve | grid >"$BATS_TEST_TMPDIR/$f.txt"
	done
	run cat "$BATS_TEST_TMPDIR/heic.txt"
	assert_line '# sdk-status solved'
	assert_line --regexp '^[1-9]{81}$'
	cmp "$BATS_TEST_TMPDIR/jpg.txt" "$BATS_TEST_TMPDIR/heic.txt"
}

@test "a HEIC held on its side comes out as the phone shows it" {
	t=$BATS_TEST_TMPDIR
	python3 "$TOP/tests/heif.py" rotate 90 <"$SAMPLES/started1.heic" \
	    >"$t/r90.heic"
	run sdk-detect "$t/r90.heic"
	assert_success
	assert_line '# sdk-size 2016 1512'
	# Turned a quarter counter-clockwise: (x, y) is now at (y, 1512 - x),
	# the top-right corner the top-left.
	a=$(corners "$SAMPLES/started1.heic" | awk '{
		print $4, 1512 - $3, $6, 1512 - $5, $8, 1512 - $7, $2, 1512 - $1
	}')
	b=$(corners "$t/r90.heic")
	near "$a" "$b" || fail "want $a, got $b"
	python3 "$TOP/tests/heif.py" rotate 180 <"$SAMPLES/started1.heic" \
	    >"$t/r180.heic"
	run sdk-detect "$t/r180.heic"
	assert_line '# sdk-size 1512 2016'
}

@test "sdk-render --onto a HEIC photo: the answer at the photo's size" {
	t=$BATS_TEST_TMPDIR
	sdk-detect "$SAMPLES/started1.heic" | sdk-warp | sdk-ocr | sdk-solve \
	    >"$t/rec"
	run sdk-render --onto -o "$t/on.png" "$t/rec"
	assert_success
	[ "$(pngtopnm "$t/on.png" | head -c 13 | sed -n 2p)" = "1512 2016" ]
	run sdk-render --onto "$SAMPLES/started1.heic" -o "$t/on.jpg" "$t/rec"
	assert_success
	[ "$(jpegtopnm "$t/on.jpg" 2>/dev/null | head -c 13 | sed -n 2p)" = \
	    "1512 2016" ]
}

@test "sdk-batch takes .heic and .HEIF files, and HEIF by its first bytes; answers them in JPEG" {
	t=$BATS_TEST_TMPDIR
	mkdir "$t/in"
	cp "$SAMPLES/started1.heic" "$t/in/a.HEIC"
	cp "$SAMPLES/started1.heic" "$t/in/b.heif"
	cp "$SAMPLES/started1.heic" "$t/in/c"
	run_sep sdk-batch -o "$t/out" "$t/in"
	assert_success
	[ -z "$stderr" ] || fail "stderr: $stderr"
	for n in a b c; do
		grep -qx '# sdk-status solved' "$t/out/$n.solution"
		# A phone's photo: its answer is a JPEG, of the photo's size.
		run jpegtopnm "$t/out/$n.jpg"
		[ "$status" -eq 0 ] && [ ! -e "$t/out/$n.png" ]
		[ "$(jpegtopnm "$t/out/$n.jpg" 2>/dev/null | pamfile)" = \
		    "stdin:	PPM raw, 1512 by 2016  maxval 255" ] ||
		    fail "$n.jpg: $(jpegtopnm "$t/out/$n.jpg" 2>/dev/null | pamfile)"
	done
}

@test "an AVIF is read too (libheif decodes AV1)" {
	t=$BATS_TEST_TMPDIR
	heif-enc -A -q 60 -o "$t/p.avif" "$SAMPLES/image1.jpg" >/dev/null
	a=$(corners "$SAMPLES/image1.jpg")
	b=$(corners "$t/p.avif")
	near "$a" "$b" || fail "jpeg $a, avif $b"
}

@test "--version names libheif" {
	for p in sdk-detect sdk-warp sdk-ocr sdk-render; do
		run "$p" --version
		assert_success
		assert_output --partial 'libheif 1.'
	done
}
