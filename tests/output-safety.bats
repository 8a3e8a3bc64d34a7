#!/usr/bin/env bats
# -o FILE is never left half-written: a program killed mid-stream leaves
# neither the file nor its temporary behind, and an old FILE untouched.
# The input comes through a FIFO that stays open, so the program is always
# caught mid-stream, never after it has finished.

load helper

# killed_midway PROG SIGNAL INPUT [ARGS...]: run PROG -o out on INPUT, fed
# through a FIFO that stays open; kill it once it has read the input.
killed_midway() {
	local prog=$1 sig=$2 input=$3 pid feeder
	shift 3
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	{ cat "$input"; sleep 30; } >"$BATS_TEST_TMPDIR/fifo" 3>&- &
	feeder=$!
	# A background job starts with SIGINT ignored (POSIX), and the
	# programs rightly leave ignored signals alone: restore the default.
	env --default-signal "$prog" "$@" -o "$BATS_TEST_TMPDIR/out/result" \
	    "$BATS_TEST_TMPDIR/fifo" 3>&- &
	pid=$!
	# Wait until its temporary file is there and it has read some input.
	for _ in $(seq 100); do
		[ -n "$(find "$BATS_TEST_TMPDIR/out" -name '.result.*' 2>/dev/null)" ] && break
		sleep 0.1
	done
	sleep 0.5
	kill "-$sig" "$pid"
	wait "$pid" 2>/dev/null || true
	pkill -P "$feeder" sleep 2>/dev/null || true
	kill "$feeder" 2>/dev/null || true
	rm -f "$BATS_TEST_TMPDIR/fifo"
}

setup() {
	mkdir -p "$BATS_TEST_TMPDIR/out"
	for _ in $(seq 40); do cat "$SAMPLES/puzzles.txt"; done >"$BATS_TEST_TMPDIR/puzzles.txt"
}

@test "sdk-solve killed mid-stream (TERM, INT, HUP): no file, no temporary" {
	for sig in TERM INT HUP; do
		killed_midway sdk-solve "$sig" "$BATS_TEST_TMPDIR/puzzles.txt"
		run ls -A "$BATS_TEST_TMPDIR/out"
		assert_output ""
	done
}

@test "sdk-solve killed mid-stream: an old file is left as it was" {
	echo old >"$BATS_TEST_TMPDIR/out/result"
	killed_midway sdk-solve TERM "$BATS_TEST_TMPDIR/puzzles.txt"
	run cat "$BATS_TEST_TMPDIR/out/result"
	assert_output old
	run ls -A "$BATS_TEST_TMPDIR/out"
	assert_output result
}

@test "SIGKILL cannot be caught, yet the old file is still whole" {
	echo old >"$BATS_TEST_TMPDIR/out/result"
	killed_midway sdk-solve KILL "$BATS_TEST_TMPDIR/puzzles.txt"
	run cat "$BATS_TEST_TMPDIR/out/result"
	assert_output old
}

@test "the image programs killed mid-stream leave nothing" {
	for _ in 1 2 3; do sdk-detect "$SAMPLES/image1.jpg"; done >"$BATS_TEST_TMPDIR/photos.pnm"
	killed_midway sdk-detect TERM "$BATS_TEST_TMPDIR/photos.pnm"
	run ls -A "$BATS_TEST_TMPDIR/out"
	assert_output ""
	killed_midway sdk-warp TERM "$BATS_TEST_TMPDIR/photos.pnm"
	run ls -A "$BATS_TEST_TMPDIR/out"
	assert_output ""
	if [ -x "$SDK_BINDIR/sdk-ocr" ]; then
		sdk-warp <"$BATS_TEST_TMPDIR/photos.pnm" >"$BATS_TEST_TMPDIR/squares.pnm"
		killed_midway sdk-ocr TERM "$BATS_TEST_TMPDIR/squares.pnm"
		run ls -A "$BATS_TEST_TMPDIR/out"
		assert_output ""
	fi
}

@test "sdk-render killed mid-stream leaves nothing" {
	sdk-solve "$BATS_TEST_TMPDIR/puzzles.txt" >"$BATS_TEST_TMPDIR/solved.txt" || true
	killed_midway sdk-render TERM "$BATS_TEST_TMPDIR/solved.txt"
	run ls -A "$BATS_TEST_TMPDIR/out"
	assert_output ""
}
