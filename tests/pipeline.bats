#!/usr/bin/env bats
# The whole pipeline on the shipped photos, and the batch recipes of sdk.7.

load helper

# truth PHOTO: the 81-character grid of a sample's .dat file.
truth() {
	awk 'NR > 2 { for (i = 1; i <= NF; i++) printf "%s", ($i == "0" ? "." : $i) }
	    END { print "" }' "${1%.jpg}.dat"
}

grid_of() {
	grep -E '^[1-9.]{81}$'
}

setup() {
	[ -x "$SDK_BINDIR/sdk-ocr" ] || skip "no sdk-ocr yet"
}

@test "every sample photo is read exactly as its ground truth" {
	for photo in "$SAMPLES"/*.jpg; do
		run_sep bash -c "sdk-detect '$photo' | sdk-warp | sdk-ocr"
		[ "$status" -eq 0 ] || fail "$photo: status $status: $stderr"
		got=$(grid_of <<<"$output")
		if [ -e "${photo%.jpg}.txt" ]; then
			# A started puzzle: its givens and its entries, those
			# read in doubt (left out of sdk-entries, the digit
			# read in sdk-unsure: r1c5:7|9) as read.
			[ "$got" = "$(grep -v '^#' "${photo%.jpg}.txt")" ] ||
			    fail "$photo: read givens $got"
			ent=$(sed -n 's/^# sdk-entries //p' <<<"$output")
			for u in $(sed -n 's/^# sdk-unsure //p' <<<"$output"); do
				c=${u%%:*} d=${u#*:}
				d=${d%%|*}
				i=$(((${c:1:1} - 1) * 9 + ${c:3:1} - 1))
				[ "${ent:i:1}" = . ] && [ "$d" != . ] &&
				    ent=${ent:0:i}$d${ent:i+1}
			done
			[ "# sdk-entries $ent" = \
			    "$(grep '^# sdk-entries' "${photo%.jpg}.txt")" ] ||
			    fail "$photo: entries: $output"
			continue
		fi
		[ "$got" = "$(truth "$photo")" ] ||
		    fail "$photo: read $got, truth $(truth "$photo")"
	done
}

@test "photo to solution: solved, checked independently, source kept" {
	run_sep bash -c "sdk-detect '$SAMPLES/image71.jpg' | sdk-warp | sdk-ocr | sdk-solve"
	assert_success
	assert_line --index 0 "# sdk-source $SAMPLES/image71.jpg"
	assert_line "# sdk-status solved"
	run awk -f "$FIXTURES/solve/check.awk" <(sdk-detect "$SAMPLES/image71.jpg" |
	    sdk-warp | sdk-ocr | sdk-solve)
	assert_output "1 records, 0 bad"
}

@test "a folder in one stream: a record per photo, in order, failures kept" {
	awk -v W=200 -v H=150 -v Q="0 0 0 0 0 0 0 0" -f "$FIXTURES/detect/grid.awk" \
	    >"$BATS_TEST_TMPDIR/blank.pgm"
	run_sep bash -c "sdk-detect -q '$SAMPLES/image1.jpg' '$BATS_TEST_TMPDIR/blank.pgm' \
	    '$SAMPLES/image71.jpg' | sdk-warp | sdk-ocr -q | sdk-solve -q"
	[ "$status" -eq 1 ]
	run grep -E '^# sdk-(source|status) ' <<<"$output"
	assert_line --index 0 "# sdk-source $SAMPLES/image1.jpg"
	assert_line --index 1 "# sdk-status solved"
	assert_line --index 2 "# sdk-source $BATS_TEST_TMPDIR/blank.pgm"
	assert_line --index 3 "# sdk-status no-grid"
	assert_line --index 4 "# sdk-source $SAMPLES/image71.jpg"
	assert_line --index 5 "# sdk-status solved"
}

@test "the answer drawn onto the photo, a PNG at the photo's size" {
	sdk-detect "$SAMPLES/image1.jpg" | sdk-warp | sdk-ocr | sdk-solve |
	    sdk-render --onto "$SAMPLES/image1.jpg" -o "$BATS_TEST_TMPDIR/out.png"
	run bash -c "pngtopnm '$BATS_TEST_TMPDIR/out.png' | head -c 20 | sed -n 2p"
	assert_output "640 480"
}

@test "sdk.7 EXAMPLES: xargs -P and make run the same pipeline" {
	cd "$BATS_TEST_TMPDIR"
	mkdir scans
	cp "$SAMPLES/image1.jpg" "$SAMPLES/image71.jpg" scans/
	find scans -name '*.jpg' -print0 |
	    xargs -0 -n 16 -P 2 sh -c \
	    'sdk-detect "$@" | sdk-warp | sdk-ocr | sdk-solve -q' sh >solutions.txt
	[ "$(grep -c '^# sdk-status solved$' solutions.txt)" -eq 2 ]
	cat >Makefile <<'MK'
SRC := $(wildcard scans/*.jpg)
all: $(SRC:scans/%.jpg=out/%.txt)
out/%.txt: scans/%.jpg
	@mkdir -p out
	sdk-detect $< | sdk-warp | sdk-ocr | sdk-solve > $@.tmp && mv $@.tmp $@
MK
	run make -j2 -k
	assert_success
	[ "$(cat out/*.txt | grep -c '^# sdk-status solved$')" -eq 2 ]
	run make -q
	assert_success
}
