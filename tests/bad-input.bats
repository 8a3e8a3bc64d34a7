#!/usr/bin/env bats
# Every program on a shared corpus of bad input (tests/fixtures/bad): each
# case is refused with status 2, one message naming the program and the
# input, and nothing on standard output.  Empty input is not bad: no
# records in, no records out, status 0.

load helper

B="$FIXTURES/bad"
IMAGE_TOOLS="sdk-detect sdk-warp sdk-ocr"
TEXT_TOOLS="sdk-solve sdk-render"

have() {
	[ -x "$SDK_BINDIR/$1" ]
}

# refuses PROG FILE: status 2, "PROG: FILE: ..." on stderr, stdout empty.
refuses() {
	run_sep "$1" "$2"
	fails 2 "^$1: $2: " || fail "$1 $2"
	# And the same through standard input, named "<stdin>".
	run_sep "$1" <"$2"
	fails 2 "^$1: <stdin>: " || fail "$1 < $2"
}

@test "image tools refuse broken and hostile images" {
	for p in $IMAGE_TOOLS; do
		have "$p" || continue
		for f in one-byte truncated.jpg badcrc.png huge.pgm negative.pgm \
		    maxval0.pgm maxval70000.pgm badmagic.pnm truncated.pgm nul.txt; do
			refuses "$p" "$B/$f"
		done
	done
}

@test "image tools refuse text" {
	for p in $IMAGE_TOOLS; do
		have "$p" || continue
		refuses "$p" "$B/cells80.txt"
		refuses "$p" "$SAMPLES/puzzles.txt"
	done
}

@test "text tools refuse malformed grids, naming the line" {
	for p in $TEXT_TOOLS; do
		have "$p" || continue
		for f in cells80.txt cells82.txt letters.txt nul.txt; do
			refuses "$p" "$B/$f"
			[[ "$stderr" == *"line 1: "* ]] || fail "$p $f: $stderr"
		done
	done
}

@test "text tools refuse images and binary data" {
	for p in $TEXT_TOOLS; do
		have "$p" || continue
		refuses "$p" "$SAMPLES/image1.jpg"
		refuses "$p" "$B/badcrc.png"
		refuses "$p" "$B/huge.pgm"
	done
}

@test "text tools refuse a line longer than the limit" {
	awk 'BEGIN { s = "."; while (length(s) < 200000) s = s s; print s }' \
	    >"$BATS_TEST_TMPDIR/long.txt"
	for p in $TEXT_TOOLS; do
		have "$p" || continue
		refuses "$p" "$BATS_TEST_TMPDIR/long.txt"
		[[ "$stderr" == *"line longer than"* ]] || fail "$p: $stderr"
	done
}

@test "every tool: empty input is no records and status 0" {
	for p in $IMAGE_TOOLS $TEXT_TOOLS; do
		have "$p" || continue
		run_sep "$p" <"$B/empty"
		[ "$status" -eq 0 ] || fail "$p: status $status: $stderr"
		[ -z "$output$stderr" ] || fail "$p: $output$stderr"
		# An empty pipe named as an operand is empty input too.
		run_sep "$p" /dev/null
		[ "$status" -eq 0 ] || fail "$p /dev/null: status $status"
		[ -z "$output$stderr" ] || fail "$p /dev/null: $output$stderr"
	done
	for p in $TEXT_TOOLS; do
		have "$p" || continue
		run_sep "$p" "$B/empty"
		[ "$status" -eq 0 ] || fail "$p: status $status: $stderr"
		[ -z "$output$stderr" ] || fail "$p: $output$stderr"
	done
}

# A photo file of no bytes (a copy or a download that failed) is no photo:
# an image program that printed nothing and exited 0 left the user, and
# sdk-batch, to guess why.
@test "image tools refuse an empty file, saying so" {
	cp "$B/empty" "$BATS_TEST_TMPDIR/x.jpg"
	cd "$BATS_TEST_TMPDIR"
	for p in $IMAGE_TOOLS; do
		have "$p" || continue
		run_sep "$p" x.jpg
		fails 2 "^$p: x.jpg: empty file$" || fail "$p"
		# The other operands are still read.
		run_sep "$p" x.jpg "$SAMPLES/image1.jpg"
		[ "$status" -eq 2 ] || fail "$p: status $status"
		# (sdk-warp wants the corners sdk-detect finds: it names it)
		[ -n "$output" ] || [[ "$stderr" == *"/image1.jpg: "* ]] ||
		    fail "$p: image1.jpg not read: $stderr"
	done
	have sdk-render || return 0
	head -n 1 "$SAMPLES/puzzles.txt" >p.txt
	run_sep sdk-render --onto=x.jpg -o a.jpg p.txt
	fails 2 "^sdk-render: x.jpg: photo: empty file$"
	[ ! -e a.jpg ]
	# The photo named by the record's sdk-source.
	printf '# sdk-source x.jpg\n' >q.txt
	cat p.txt >>q.txt
	run_sep sdk-render --onto -o a.jpg q.txt
	fails 2 "^sdk-render: x.jpg: photo: empty file$"
	[ ! -e a.jpg ]
}

@test "every tool: a folder, a missing file, an unreadable file" {
	for p in $IMAGE_TOOLS $TEXT_TOOLS; do
		have "$p" || continue
		run_sep "$p" "$B"
		fails 2 "^$p: $B: " || fail "$p folder"
		run_sep "$p" "$B/no such file"
		fails 2 "^$p: $B/no such file: .*No such file" || fail "$p missing"
	done
	printf 'x' >"$BATS_TEST_TMPDIR/locked"
	chmod 000 "$BATS_TEST_TMPDIR/locked"
	if [ "$(id -u)" -ne 0 ]; then
		for p in $IMAGE_TOOLS $TEXT_TOOLS; do
			have "$p" || continue
			run_sep "$p" "$BATS_TEST_TMPDIR/locked"
			fails 2 "Permission denied" || fail "$p locked"
		done
	fi
}

@test "a non-UTF-8 file name is carried through in messages" {
	name=$(printf '%s/bad\377name.txt' "$BATS_TEST_TMPDIR")
	cp "$B/cells80.txt" "$name"
	for p in $TEXT_TOOLS; do
		have "$p" || continue
		run_sep "$p" "$name"
		fails 2 "^$p: $BATS_TEST_TMPDIR/bad.name.txt: line 1: " ||
		    fail "$p: $stderr"
	done
}

@test "-o: a refused input leaves no output file behind" {
	for p in $IMAGE_TOOLS $TEXT_TOOLS; do
		have "$p" || continue
		d="$BATS_TEST_TMPDIR/$p"
		mkdir -p "$d"
		run_sep "$p" -o "$d/out" "$B/truncated.pgm"
		[ "$status" -eq 2 ] || fail "$p: status $status"
		[ -z "$(ls -A "$d")" ] || fail "$p left $(ls -A "$d")"
	done
}

@test "sdk-render refuses malformed sdk-entries and sdk-mistakes" {
	have sdk-render || skip "sdk-render is not built"
	for f in entries-short.txt mistakes-cut.txt; do
		refuses sdk-render "$B/$f"
		[[ "$stderr" == *": line "[23]": malformed sdk-"* ]] || fail "$f: $stderr"
	done
}

@test "sdk-render refuses a damaged font file, before any output" {
	have sdk-render || skip "sdk-render is not built"
	cd "$BATS_TEST_TMPDIR"
	# One byte of the glyph table changed, the header left alone.
	cp "$TOP/data/dejavu-sans.sdkf" f.sdkf
	printf X | dd of=f.sdkf bs=1 seek=5000 conv=notrunc 2>/dev/null
	head -n 1 "$SAMPLES/puzzles.txt" >p.txt
	run_sep env SDK_RENDER_FONT=f.sdkf sdk-render -o a.png p.txt
	fails 2 "^sdk-render: f.sdkf: font: CRC-32 [0-9a-f]{8} where the header says [0-9a-f]{8}: damaged$"
	[ ! -e a.png ]
}

@test "sdk-solve refuses a malformed sdk-pencil, naming it" {
	refuses sdk-solve "$B/pencil-letter.txt"
	[[ "$stderr" == *": record 1 (line 2): malformed sdk-pencil: a candidate is not a digit 1-9" ]] ||
	    fail "$stderr"
}
