#!/usr/bin/env bats
# The conventions every program shares (sdk.7, STYLE.md): --help, --version,
# bad options, missing files, empty input, a full disk, a closed pipe.
# Each test walks over every program in $SDK_BINDIR, so a new program is
# covered as soon as it is built.

load helper

programs() {
	local p
	for p in "$SDK_BINDIR"/sdk-*; do
		[ -x "$p" ] && basename "$p"
	done
}

# Programs that read records (sdk-gen reads nothing: it refuses operands
# and writes what -n asks for; tests/sdk-gen.bats covers it).
reads_input() {
	[ "$1" != sdk-gen ]
}

# A small valid input for each program, made from the shipped samples
# through the earlier programs of the pipeline.
good_input() {
	case "$1" in
	sdk-detect) cat "$SAMPLES/image1.jpg" ;;
	sdk-warp) sdk-detect "$SAMPLES/image1.jpg" ;;
	sdk-ocr) sdk-detect "$SAMPLES/image1.jpg" | sdk-warp ;;
	sdk-render | sdk-solve)
		echo '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' |
		    if [ "$1" = sdk-render ]; then sdk-solve; else cat; fi ;;
	*) return 1 ;;
	esac
}

@test "there are programs to test" {
	run programs
	assert_success
	[ -n "$output" ]
}

@test "--help and -h print the usage on stdout and exit 0" {
	for p in $(programs); do
		for h in --help -h; do
			run_sep "$p" "$h"
			[ "$status" -eq 0 ] || fail "$p $h: status $status"
			[[ "$output" == *"usage: $p"* ]] || fail "$p $h: $output"
			[ -z "$stderr" ] || fail "$p $h wrote on stderr: $stderr"
		done
	done
}

@test "--version and -V name the program, sdk and the version" {
	for p in $(programs); do
		for v in --version -V; do
			run_sep "$p" "$v"
			[ "$status" -eq 0 ] || fail "$p $v: status $status"
			[[ "${lines[0]}" =~ ^$p\ \(sdk\)\ [0-9]+\.[0-9]+\.[0-9]+$ ]] ||
			    fail "$p $v: ${lines[0]}"
		done
	done
}

@test "an unknown option is a usage error: status 2, usage on stderr" {
	for p in $(programs); do
		run_sep "$p" --no-such-option
		fails 2 "usage: $p" || fail "$p"
		run_sep "$p" -Z
		fails 2 "usage: $p" || fail "$p -Z"
	done
}

@test "a missing file: status 2 and a message naming it" {
	for p in $(programs); do
		reads_input "$p" || continue
		run_sep "$p" /nonexistent/input
		fails 2 "^$p: /nonexistent/input: .*No such file or directory" ||
		    fail "$p"
	done
}

@test "empty input: no records out, status 0" {
	for p in $(programs); do
		reads_input "$p" || continue
		run_sep "$p" </dev/null
		[ "$status" -eq 0 ] || fail "$p: status $status: $stderr"
		[ -z "$output" ] || fail "$p: wrote $output"
	done
}

@test "a full disk: status 2 and a write error" {
	for p in $(programs); do
		good_input "$p" >"$BATS_TEST_TMPDIR/in" 2>/dev/null ||
		    continue
		run bash -c "'$p' '$BATS_TEST_TMPDIR/in' >/dev/full"
		[ "$status" -eq 2 ] || fail "$p: status $status: $output"
		[[ "$output" == *"$p: write error"* ]] || fail "$p: $output"
	done
}

@test "a reader that goes away ends the program quietly" {
	for p in $(programs); do
		good_input "$p" >"$BATS_TEST_TMPDIR/in" 2>/dev/null ||
		    continue
		for i in 1 2 3 4 5 6 7 8; do cat "$BATS_TEST_TMPDIR/in"; done \
		    >"$BATS_TEST_TMPDIR/in8"
		run bash -c "'$p' '$BATS_TEST_TMPDIR/in8' 2>&1 | head -c 1 >/dev/null"
		[ "$status" -eq 0 ] || fail "$p: status $status"
		[[ "$output" != *"rror"* ]] || fail "$p: $output"
	done
}

# --help and --version to a full disk: a write error, status 2.
check_full() {
	local p=$1 a
	for a in --help -h --version -V; do
		run bash -c "'$p' $a >/dev/full"
		[ "$status" -eq 2 ] || fail "$p $a >/dev/full: status $status"
		[[ "$output" == "$p: write error"* ]] ||
		    fail "$p $a >/dev/full: $output"
	done
}

# A bad option: its message names the program first, then the option.
check_bad_option() {
	local p=$1
	run_sep "$p" -Z
	fails 2 "^$p: unknown option -Z$" || fail "$p -Z: $stderr"
	[[ "${stderr_lines[0]}" == "$p: "* ]] || fail "$p -Z: $stderr"
	run_sep "$p" --no-such-option
	fails 2 "^$p: unknown option --no-such-option$" ||
	    fail "$p --no-such-option: $stderr"
	[[ "${stderr_lines[0]}" == "$p: "* ]] || fail "$p: $stderr"
}

@test "--help and --version to a full disk: status 2 and a write error" {
	for p in $(programs); do
		check_full "$p"
	done
}

@test "a bad option is named after the program's name" {
	for p in $(programs); do
		check_bad_option "$p"
	done
}

@test "a missing option argument is named after the program's name" {
	for p in $(programs); do
		run_sep "$p" -o
		fails 2 "^$p: .*-o.*(needs an argument|argument)" ||
		    fail "$p -o: $stderr"
	done
}
