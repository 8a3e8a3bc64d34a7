#!/usr/bin/env bats
# Fault injection: the tools under shrinking memory (ulimit -v).  From the
# least address space in which the dynamic loader gets a program running
# up to what a normal run needs, no program ever dies by a signal: at every
# limit it either does exactly what it does without one (same status, same
# output, same messages) or stops with status 2 and the one line
# "PROG: INPUT: out of memory", leaving no -o file behind.
#
# The limits go down from the top, doubling their distance from it (256 KB
# below what a normal run needs, 512 KB, 1 MB, ...) to the loader's floor,
# a dozen or so a program: an allocation that fails late in a run, once the
# large buffers are in hand, is where a NULL used to go unchecked (sdk-detect
# on a 16 MP photo died by SIGSEGV 0.2 to 4 MB under its need; sdk-ocr -e
# tesseract by SIGABRT anywhere below it).  SDK_FAULT_STEP=KB adds every
# limit KB apart, floor to top (256: some 2,000 runs, minutes).  The
# sanitizers cannot run under ulimit -v: skipped there.

load helper

setup_file() {
	local d=$BATS_FILE_TMPDIR

	[ -z "${SDK_SANITIZE:-}" ] || return 0
	PATH="$SDK_BINDIR:$PATH"
	# A 16 MP photo (the sample, scaled up), its whole record (-w: the
	# photo at full size, as sdk-warp may be given) and its square.
	jpegtopnm "$TOP/samples/image1.jpg" 2>/dev/null |
	    pamscale -width 4620 | pnmtojpeg -quality 90 >"$d/photo16.jpg"
	jpegtopnm "$TOP/samples/image1.jpg" 2>/dev/null |
	    pamscale -width 2310 | pnmtojpeg -quality 90 >"$d/photo4.jpg"
	sdk-detect -w "$d/photo16.jpg" >"$d/rec16.pnm"
	sdk-detect "$TOP/samples/image1.jpg" | sdk-warp >"$d/square.pnm"
	head -20 "$TOP/samples/puzzles.txt" >"$d/puzzles.txt"
	sdk-ocr "$d/square.pnm" | sdk-solve >"$d/solved.txt"
}

setup() {
	no_limits
}

# at KB CMD...: run CMD under KB kilobytes.  Returns 0 if it did exactly
# as without a limit, 1 if it ran out of memory as it should, 2 (saying
# what it did) otherwise: a signal, another status or message, a -o file
# left behind.
at() {
	local kb=$1 d=$BATS_TEST_TMPDIR rc
	shift
	rm -rf "$d/o" && mkdir "$d/o"
	under "$kb" "$@" >"$d/out" 2>"$d/err"
	rc=$?
	if [ "$rc" -eq "$want_rc" ] && cmp -s "$d/out" "$d/norm.out" &&
	    cmp -s "$d/err" "$d/norm.err"; then
		return 0
	fi
	# The loader's own failure, just above the floor, is not ours.
	if [ "$rc" -eq 127 ] && grep -q 'error while loading shared' "$d/err"
	then
		return 1
	fi
	if [ "$rc" -eq 2 ] && [ "$(wc -l <"$d/err")" -eq 1 ] &&
	    grep -Eq "^${1##*/}: .+: out of memory\$" "$d/err" &&
	    [ -z "$(ls -A "$d/o")" ]; then
		return 1
	fi
	echo "under $kb KB: status $rc (want $want_rc, or 2 and out of" \
	    "memory): $(head -c 300 "$d/err")"
	return 2
}

# sweep CMD...: CMD (its -o file, if any, in $BATS_TEST_TMPDIR/o) at every
# limit; fails at the first it does not pass.
sweep() {
	local d=$BATS_TEST_TMPDIR floor lo hi mid step top rc
	rm -rf "$d/o" && mkdir "$d/o"
	"$@" >"$d/norm.out" 2>"$d/norm.err"
	want_rc=$?
	floor=$(loader_floor "$1")
	# The least limit at which it runs as without one, to 256 KB.
	lo=$floor
	hi=4194304
	while [ $((hi - lo)) -gt 256 ]; do
		mid=$(((lo + hi) / 2))
		at "$mid" "$@" && rc=0 || rc=$?
		[ "$rc" -lt 2 ] || return 1
		if [ "$rc" -eq 0 ]; then
			hi=$mid
		else
			lo=$mid
		fi
	done
	top=$hi
	echo "# $1: loader from $floor KB, runs from $top KB" >&3
	if [ -n "${SDK_FAULT_STEP:-}" ]; then
		for ((mid = top; mid > floor; mid -= SDK_FAULT_STEP)); do
			at "$mid" "$@" || [ $? -eq 1 ] || return 1
		done
	fi
	for ((step = 256; top - step > floor; step *= 2)); do
		at $((top - step)) "$@" || [ $? -eq 1 ] || return 1
	done
	at $((floor + 256)) "$@" || [ $? -eq 1 ] || return 1
}

@test "sdk-detect on a 16 MP photo under shrinking memory: no signal" {
	sweep sdk-detect "$BATS_FILE_TMPDIR/photo16.jpg"
}

@test "sdk-warp on a 16 MP photo's record under shrinking memory: no signal" {
	sweep sdk-warp "$BATS_FILE_TMPDIR/rec16.pnm"
}

@test "sdk-ocr under shrinking memory: no signal" {
	sweep sdk-ocr "$BATS_FILE_TMPDIR/square.pnm"
}

@test "sdk-ocr -e tesseract under shrinking memory: no signal" {
	sweep sdk-ocr -e tesseract "$BATS_FILE_TMPDIR/square.pnm"
}

@test "sdk-solve under shrinking memory: no signal" {
	sweep sdk-solve "$BATS_FILE_TMPDIR/puzzles.txt"
}

@test "sdk-render onto a photo, -o FILE, under shrinking memory: no signal, no file left" {
	sweep sdk-render --onto "$BATS_FILE_TMPDIR/photo4.jpg" \
	    -o "$BATS_TEST_TMPDIR/o/out.png" "$BATS_FILE_TMPDIR/solved.txt"
}

# A HEIC photo: libheif is C++, and libde265 decodes in a thread of its
# own.  Its failures fell in windows of about a megabyte (started1.heic:
# SIGABRT from std::bad_alloc at 38.5-39.5, 47-47.75 and 55.75-56.25 MB,
# "bad HEIF data: ... Unspecified" in between): every 500 KB, not only
# the doubling steps.
@test "sdk-detect on a HEIC photo under shrinking memory: no signal" {
	SDK_FAULT_STEP=${SDK_FAULT_STEP:-500} sweep sdk-detect \
	    "$TOP/samples/started1.heic"
}

@test "sdk-render onto a HEIC photo under shrinking memory: no signal, no file left" {
	SDK_FAULT_STEP=${SDK_FAULT_STEP:-500} sweep sdk-render --onto \
	    "$TOP/samples/started1.heic" -o "$BATS_TEST_TMPDIR/o/out.jpg" \
	    "$BATS_FILE_TMPDIR/solved.txt"
}

@test "out of memory names the program and the input" {
	local f=$BATS_FILE_TMPDIR/photo16.jpg floor

	floor=$(loader_floor sdk-detect)
	# Room to start, none for a 16 MP photo decoded whole (64 MB; without
	# -w it is decoded 4 times smaller, 4 MB).
	run_sep under $((floor + 16384)) sdk-detect -w "$f"
	fails 2 "^sdk-detect: $f: out of memory\$"
	# A record being read is named by its operand.
	f=$BATS_FILE_TMPDIR/rec16.pnm
	run_sep under $((floor + 16384)) sdk-warp "$f"
	fails 2 "^sdk-warp: $f: out of memory\$"
}
