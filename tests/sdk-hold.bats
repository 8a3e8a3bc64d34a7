#!/usr/bin/env bats
# sdk-hold: frames that read the held puzzle, or misread a few unsure
# cells, get the held answer; a new puzzle replaces it; a frame without a
# grid leaves it held; options, bad input; the EXAMPLES of sdk-hold(1).

load helper

setup_file() {
	cd "$BATS_FILE_TMPDIR" || return 1
	# The reads of two sample photos, as sdk-ocr gives them.
	for p in image1 image1000; do
		sdk-detect "$SAMPLES/$p.jpg" | sdk-warp | sdk-ocr >"$p.ocr"
	done
}

setup() {
	cd "$BATS_FILE_TMPDIR" || return 1
	T="$BATS_TEST_TMPDIR"
}

# frames N FILE: N frames that all read as FILE.
frames() {
	local i
	for i in $(seq "$1"); do
		cat "$2"
	done
}

# misread FILE CONF: FILE with its first cell read wrong, with confidence
# CONF.
misread() {
	awk -v c="$2" '/^# sdk-conf / { $3 = c substr($3, 2) }
	    !/^#/ { $0 = (substr($0, 1, 1) == "." ? "9" : ".") substr($0, 2) }
	    { print }' "$1"
}

# The solution lines of a stream.
solutions() {
	grep -v '^#' "$1"
}

@test "the same read in every frame: the answer of the solver, held" {
	frames 4 image1.ocr | sdk-solve -q >"$T/s.txt" || true
	grep -qx '# sdk-status solved' "$T/s.txt" ||
	    skip "sample not solved by this build's reading"
	run_sep sdk-hold "$T/s.txt"
	assert_success
	[ -z "$stderr" ]
	diff <(solutions "$T/s.txt") <(printf '%s\n' "$output" | grep -v '^#')
	[ "$(printf '%s\n' "$output" | grep -c '^# sdk-held 0$')" -eq 3 ]
}

@test "a frame that misreads an unsure cell gets the held answer" {
	{ frames 2 image1.ocr; misread image1.ocr 3; frames 1 image1.ocr; } |
	    sdk-solve -q >"$T/s.txt" || true
	[ "$(grep -c '^# sdk-status solved$' "$T/s.txt")" -ge 3 ] ||
	    skip "sample not solved by this build's reading"
	want=$(solutions "$T/s.txt" | head -n 1)
	run_sep sdk-hold -v -o "$T/h.txt" "$T/s.txt"
	assert_success
	[[ "$stderr" == *"record 3: the held puzzle but for 1 unsure cell"* ]]
	run solutions "$T/h.txt"
	[ "${#lines[@]}" -eq 4 ]
	for l in "${lines[@]}"; do
		[ "$l" = "$want" ] || fail "frame: $l"
	done
	[ "$(grep -c '^# sdk-status solved$' "$T/h.txt")" -eq 4 ]
	grep -qx '# sdk-held 1' "$T/h.txt"
	# The frame keeps its own metadata.
	[ "$(grep -c '^# sdk-quad ' "$T/h.txt")" -eq 4 ]
}

@test "-j: an object a frame, with how many cells differed when held" {
	{ frames 2 image1.ocr; misread image1.ocr 3; } | sdk-solve -q >"$T/s.txt" || true
	[ "$(grep -c '^# sdk-status solved$' "$T/s.txt")" -ge 2 ] ||
	    skip "sample not solved by this build's reading"
	run_sep sdk-hold -j "$T/s.txt"
	assert_success
	[ "${#lines[@]}" -eq 3 ]
	[[ "${lines[0]}" == '{"source":"'*'","record":1,"status":"solved","held":null,"puzzle":"'*'","grid":"'*'"}' ]] ||
	    fail "${lines[0]}"
	[[ "${lines[1]}" == *'"record":2,"status":"solved","held":0,'* ]] || fail "${lines[1]}"
	[[ "${lines[2]}" == *'"record":3,"status":"solved","held":1,'* ]] || fail "${lines[2]}"
}

@test "a misread in a certain cell, or -d 0: the frame is not held" {
	{ frames 1 image1.ocr; misread image1.ocr 9; } |
	    sdk-solve -q >"$T/s.txt" || true
	grep -qx '# sdk-status solved' "$T/s.txt" ||
	    skip "sample not solved by this build's reading"
	run_sep sdk-hold "$T/s.txt"
	! grep -q 'sdk-held' <<<"$output"
	diff <(solutions "$T/s.txt") <(printf '%s\n' "$output" | grep -v '^#')
	{ frames 1 image1.ocr; misread image1.ocr 3; } |
	    sdk-solve -q >"$T/s2.txt" || true
	run_sep sdk-hold -d 0 "$T/s2.txt"
	! grep -q 'sdk-held' <<<"$output"
	run_sep sdk-hold -c 2 "$T/s2.txt"
	! grep -q 'sdk-held' <<<"$output"
	run_sep sdk-hold -c 3 "$T/s2.txt"
	grep -qx '# sdk-held 1' <<<"$output"
}

@test "a new puzzle replaces the held answer; a lost grid leaves it held" {
	{
		frames 2 image1.ocr
		printf '# sdk-source -\n# sdk-status no-grid\n'
		printf '%081d\n' 0 | tr 0 .
		misread image1.ocr 3
		frames 2 image1000.ocr
	} | sdk-solve -q >"$T/s.txt" || true
	[ "$(grep -c '^# sdk-status solved$' "$T/s.txt")" -ge 4 ] ||
	    skip "samples not solved by this build's reading"
	run_sep sdk-hold "$T/s.txt"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"record 3: not solved: no-grid"* ]]
	first=$(solutions "$T/s.txt" | sed -n 1p)
	new=$(solutions "$T/s.txt" | sed -n 5p)
	[ "$first" != "$new" ]
	out=$(printf '%s\n' "$output" | grep -v '^#')
	[ "$(sed -n 4p <<<"$out")" = "$first" ]
	[ "$(sed -n 5p <<<"$out")" = "$new" ]
	[ "$(sed -n 6p <<<"$out")" = "$new" ]
}

@test "bad options and bad input: status 2 and a message" {
	run_sep sdk-hold -c 10
	fails 2 '^sdk-hold: -c 10: not a confidence from 0 to 9'
	run_sep sdk-hold -d x
	fails 2 '^sdk-hold: -d x: not a number of cells'
	run_sep sdk-hold <<<"not a grid"
	fails 2 '^sdk-hold: .*line 1'
	# A malformed sdk-puzzle: passed on as it came, but status 2 (it was
	# 0), the records after it as ever.
	printf '# sdk-puzzle 12x\n# sdk-status solved\n%s\n%s\n' \
	    534678912672195348198342567859761423426853791713924856961537284287419635345286179 \
	    534678912672195348198342567859761423426853791713924856961537284287419635345286179 \
	    >"$BATS_TEST_TMPDIR/bad.txt"
	run_sep sdk-hold "$BATS_TEST_TMPDIR/bad.txt"
	[ "$status" -eq 2 ]
	assert_equal "$(head -1 <<<"$stderr")" \
	    "sdk-hold: $BATS_TEST_TMPDIR/bad.txt: record 1: bad sdk-puzzle"
	[ "$(grep -c '^# sdk-puzzle 12x$' <<<"$output")" -eq 1 ]
	[ "$(grep -c '^[0-9]\{81\}$' <<<"$output")" -eq 2 ]
}

@test "sdk-hold(1) EXAMPLES" {
	command -v ffmpeg >/dev/null || skip "no ffmpeg"
	mkdir -p "$T/v"
	cd "$T/v"
	ffmpeg -loglevel error -loop 1 -framerate 10 -t 1 \
	    -i "$SAMPLES/image1.jpg" -vf scale=640:480 -pix_fmt yuv420p \
	    clip.mp4
	man_examples sdk-hold.1 . >/dev/null
	run_sep sh example1.sh
	run ffprobe -v error -count_frames -select_streams v \
	    -show_entries stream=nb_read_frames -of csv solved.mp4
	assert_output "stream,10"
	run_sep sh example2.sh
	[ "$output" -le 10 ]
}
