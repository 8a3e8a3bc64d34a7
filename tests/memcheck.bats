#!/usr/bin/env bats
# valgrind memcheck over one photo through the whole pipeline: no invalid
# read or write, no use of uninitialised memory, and no memory definitely
# lost, in any program.  (Sanitizer builds cover the rest: make sanitize.)

load helper

# memcheck PROG ARGS... < input > output: fails on any memcheck error.
memcheck() {
	valgrind -q --error-exitcode=99 --leak-check=full \
	    --errors-for-leak-kinds=definite --show-leak-kinds=definite \
	    --log-file="$BATS_TEST_TMPDIR/vg.%p" "$@"
}

setup() {
	command -v valgrind >/dev/null || skip "no valgrind"
	[ -z "${SDK_SANITIZE:-}" ] || skip "not with sanitizers"
}

@test "photo to picture under memcheck: no error, no leak" {
	t=$BATS_TEST_TMPDIR
	memcheck sdk-detect "$SAMPLES/image1.jpg" >"$t/d.pnm"
	memcheck sdk-warp "$t/d.pnm" >"$t/w.pnm"
	if [ -x "$SDK_BINDIR/sdk-ocr" ]; then
		memcheck sdk-ocr "$t/w.pnm" >"$t/g.txt"
	else
		awk 'NR > 2 { for (i = 1; i <= NF; i++) printf "%s", ($i == "0" ? "." : $i) }
		    END { print "" }' "$SAMPLES/image1.dat" >"$t/g.txt"
	fi
	memcheck sdk-solve "$t/g.txt" >"$t/s.txt"
	memcheck sdk-render --onto "$SAMPLES/image1.jpg" -o "$t/out.png" "$t/s.txt"
	memcheck sdk-render -f text "$t/s.txt" >/dev/null
	run cat "$t"/vg.*
	assert_output ""
}

@test "a HEIC photo, a rotated one and a cut one under memcheck" {
	t=$BATS_TEST_TMPDIR
	# Small, for valgrind's pace: image1.jpg through heif-enc.
	heif-enc -q 50 -o "$t/p.heic" "$SAMPLES/image1.jpg" >/dev/null
	python3 "$TOP/tests/heif.py" rotate 270 <"$t/p.heic" >"$t/r.heic"
	head -c 3000 "$t/p.heic" >"$t/cut.heic"
	memcheck sdk-detect -f text "$t/p.heic"
	memcheck sdk-detect -f text "$t/r.heic"
	run memcheck sdk-detect "$t/cut.heic"
	[ "$status" -eq 2 ]
	run cat "$t"/vg.*
	assert_output ""
}
