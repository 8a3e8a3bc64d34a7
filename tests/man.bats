#!/usr/bin/env bats
# The manual pages as tests: every page's EXAMPLES run as written, in a
# folder laid out as they assume (samples/, scans/, a photo, a puzzle
# file, a clip), and every metadata key the code writes is in sdk.5.
# The programs' own suites check what particular examples print.

load helper

setup() {
	W="$BATS_TEST_TMPDIR/w"
	mkdir -p "$W/scans" "$W/photos" "$W/ex"
	ln -s "$SAMPLES" "$W/samples"
	cp "$SAMPLES/image1.jpg" "$SAMPLES/image71.jpg" "$W/scans/"
	cp "$SAMPLES/image1.jpg" "$W/photos/"
	cp "$SAMPLES/image1.jpg" "$W/scan.jpg"
	cp "$SAMPLES/started1.jpg" "$W/started.jpg"
	head -n 1 "$SAMPLES/puzzles.txt" >"$W/puzzle.txt"
	cp "$SAMPLES/puzzles.txt" "$W/puzzles.txt"
	touch -d '1 hour ago' "$W/last-run"
	if command -v ffmpeg >/dev/null; then
		ffmpeg -loglevel error -loop 1 -framerate 10 -t 0.5 \
		    -i "$SAMPLES/image1.jpg" -vf scale=640:480 \
		    -pix_fmt yuv420p "$W/clip.mp4"
	fi
}

# Why an example cannot run here, or nothing when it can.
cannot_run() {
	local t
	# Other machines (GNU parallel's --sshlogin, sdk-batch -S N/host),
	# and their shared folders.
	if grep -Eq -- '-S [0-9]+/|/data/' "$1"; then
		echo "runs on other machines"
		return
	fi
	for t in ffmpeg jq parallel pv pnmtopng; do
		if grep -Eq "(^|[|] *|^ *)$t " "$1" && ! command -v "$t" >/dev/null
		then
			echo "no $t"
			return
		fi
	done
}

# shows FILE: the example's standard output ($output) is what FILE, the
# output the page shows, says: all of it, or when FILE's last line is
# "...", its first lines.
shows() {
	local want n
	want=$(cat "$1")
	if [ "$(tail -n 1 "$1")" = ... ]; then
		n=$(($(wc -l <"$1") - 1))
		want=$(head -n "$n" "$1")
		[ "$(printf '%s\n' "$output" | head -n "$n")" = "$want" ]
	else
		[ "$output" = "$want" ]
	fi
}

# run_page PAGE: every example of man/PAGE in $W: status 0 or 1 (a grep
# that finds nothing, a record that failed on its merits), never 2 (a
# usage error, a missing file) or a missing command; a block of "$ "
# commands prints on standard output what it shows (nothing when it shows
# nothing).
run_page() {
	local n k f why
	n=$(man_examples "$1" "$W/ex")
	[ "$n" -gt 0 ] || fail "$1: no EXAMPLES"
	cd "$W"
	# The C programs that the examples build.
	cp "$W"/ex/*.c "$W" 2>/dev/null || :
	# (not i: bats' run changes it)
	for k in $(seq "$n"); do
		f="$W/ex/example$k.sh"
		[ -f "$f" ] || continue	# a C file
		why=$(cannot_run "$f")
		if [ -n "$why" ]; then
			echo "# $1 example $k skipped: $why" >&3
			continue
		fi
		if head -n 1 "$f" | grep -q '^SRC :='; then
			cp "$f" Makefile
			run_sep make -j2 -k
		else
			run_sep bash -o pipefail "$f"
		fi
		[ "$status" -le 1 ] ||
		    fail "$1 example $k: status $status: $(cat "$f"): $output $stderr"
		[[ "$output$stderr" != *"usage:"* &&
		    "$output$stderr" != *"not found"* ]] ||
		    fail "$1 example $k: $output $stderr"
		[ ! -f "$W/ex/example$k.out" ] || shows "$W/ex/example$k.out" ||
		    fail "$1 example $k: $(cat "$f")
prints:
$output
shows:
$(cat "$W/ex/example$k.out")"
	done
}

@test "every page with EXAMPLES is run here" {
	local m
	for m in "$TOP"/man/*.[1-9]; do
		grep -q '^\.Sh EXAMPLES' "$m" || continue
		grep -q "^@test \"${m##*/} EXAMPLES" "$BATS_TEST_FILENAME" ||
		    fail "${m##*/} has EXAMPLES that no test runs"
	done
}

@test "sdk-batch.1 EXAMPLES" {
	run_page sdk-batch.1
}

@test "sdk-detect.1 EXAMPLES" {
	run_page sdk-detect.1
}

@test "sdk-gen.1 EXAMPLES" {
	run_page sdk-gen.1
}

@test "sdk-hold.1 EXAMPLES" {
	run_page sdk-hold.1
}

@test "sdk-ocr.1 EXAMPLES" {
	run_page sdk-ocr.1
}

@test "sdk-render.1 EXAMPLES" {
	run_page sdk-render.1
}

@test "sdk-solve.1 EXAMPLES" {
	run_page sdk-solve.1
}

@test "sdk-warp.1 EXAMPLES" {
	run_page sdk-warp.1
}

@test "libsdk-solve.3 EXAMPLES" {
	run_page libsdk-solve.3
	[ -x "$W/solve" ] || fail "the example was not built"
}

@test "the program of libsdk-solve(3) is doc/solve.c" {
	man_examples libsdk-solve.3 "$W/ex" >/dev/null
	cmp "$W/ex/solve.c" "$TOP/doc/solve.c"
}

@test "sdk.7 EXAMPLES" {
	run_page sdk.7
}

# The keys the code writes: libcommon/keys.h, and any key written by a
# bare name ("sdk-foo") with meta_set(), meta_setf() or meta_append().
written_keys() {
	sed -n 's/^#define SDK_KEY_[A-Z_]*[[:space:]]*"\(sdk-[a-z-]*\)".*/\1/p' \
	    "$TOP/libcommon/keys.h"
	grep -rhoE 'meta_(set|setf|append)\([^,]*, *"sdk-[a-z-]+"' \
	    "$TOP/libcommon" "$TOP/libsolve" "$TOP/tools" |
	    sed 's/.*"\(sdk-[a-z-]*\)"/\1/'
}

# The heads of the METADATA list of sdk.5 as mandoc renders it, one a
# line: a markup slip (".Ic x ..It Cm key" on one line) runs an entry into
# the one above, which -Tlint does not see and a grep of the source does
# not either.  In mandoc's Markdown a head is a line that starts with
# "**", its body indented below it.
rendered_heads() {
	mandoc -Tmarkdown "$TOP/man/sdk.5" |
	    sed -n '/^# METADATA/,/^# /{/^\*\*/p;}'
}

@test "every metadata key the code writes heads its own entry in sdk.5" {
	local k heads n=0
	heads=$(rendered_heads)
	[ "$(printf '%s\n' "$heads" | wc -l)" -ge 15 ] ||
	    fail "only these heads: $heads"
	for k in $(written_keys | sort -u); do
		n=$((n + 1))
		printf '%s\n' "$heads" | grep -q "^\*\*$k\*\*" ||
		    fail "$k is written but heads no entry in sdk.5"
	done
	[ "$n" -ge 20 ] || fail "only $n keys found"
	# One key an entry: a head naming two ran into another entry.
	! printf '%s\n' "$heads" | grep -E '\*\*sdk-.*\*\*sdk-' ||
	    fail "a head names two keys"
}
