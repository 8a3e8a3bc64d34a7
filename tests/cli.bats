#!/usr/bin/env bats
# The conventions every program shares (sdk.7, STYLE.md): --help, --version,
# bad options, missing files, empty input, a full disk, a closed pipe.
# Each test walks over every program in $SDK_BINDIR, so a new program is
# covered as soon as it is built.

load helper

# Programs that read records (sdk-gen reads nothing: it refuses operands
# and writes what -n asks for; tests/sdk-gen.bats covers it).
reads_input() {
	[ "$1" != sdk-gen ]
}

# A small valid input for each program, made once (setup_file) from the
# shipped samples through the earlier programs of the pipeline.
good_input() {
	if [ -f "$BATS_FILE_TMPDIR/good-$1" ]; then
		cat "$BATS_FILE_TMPDIR/good-$1"
		return
	fi
	make_good_input "$1"
}

setup_file() {
	local p
	for p in "$SDK_BINDIR"/sdk-*; do
		p=${p##*/}
		make_good_input "$p" >"$BATS_FILE_TMPDIR/good-$p" 2>/dev/null ||
		    rm -f "$BATS_FILE_TMPDIR/good-$p"
	done
}

make_good_input() {
	case "$1" in
	sdk-detect) cat "$SAMPLES/image1.jpg" ;;
	sdk-warp) sdk-detect "$SAMPLES/image1.jpg" ;;
	sdk-ocr) sdk-detect "$SAMPLES/image1.jpg" | sdk-warp ;;
	sdk-render | sdk-solve)
		echo '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' |
		    if [ "$1" = sdk-render ]; then sdk-solve; else cat; fi ;;
	# Two frames of one answer: the second gets it held.
	sdk-hold)
		sdk-solve "$CLASSIC" "$CLASSIC" ;;
	*) return 1 ;;
	esac
}

CLASSIC=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79

# The compiled programs: the shared options below are libcommon/cli.c's.
# (sdk-batch, a script, has its own options and suite.)
c_programs() {
	local p elf
	elf=$(printf '\177ELF')
	for p in $(programs); do
		[ "$(head -c 4 "$SDK_BINDIR/$p")" = "$elf" ] && echo "$p"
	done
}

# A record that fails on its merits, named on stderr (unless -q); nothing
# for the programs that have none (sdk-warp passes failures on silently,
# sdk-gen reads nothing).
bad_input() {
	case "$1" in
	sdk-detect | sdk-ocr)
		{ printf 'P5\n32 32\n255\n'; head -c 1024 /dev/zero; } |
		    if [ "$1" = sdk-ocr ]; then sdk-detect -q | sdk-warp; else cat; fi
		return 0 ;;
	sdk-solve) printf '%s\n' "${CLASSIC%?}1" ;;
	sdk-render) printf '# sdk-status unsolvable\n%s\n' "$CLASSIC" ;;
	sdk-hold) printf '%s\n' "$CLASSIC" ;;
	*) return 1 ;;
	esac
}

# The options that make PROG write text: JSON Lines with -j, the boxed
# grid of sdk-render (which writes JSON only beside its pictures).
json_args() {
	case "$1" in
	sdk-render) echo "-o $BATS_TEST_TMPDIR/r%n.png" ;;
	sdk-gen) echo "--seed 1" ;;
	esac
}

# run_with PROG INPUT ARGS...: PROG ARGS on INPUT (a file; none for sdk-gen).
run_with() {
	local p=$1 in=$2
	shift 2
	if reads_input "$p"; then
		run_sep "$p" "$@" "$in"
	else
		run_sep "$p" "$@"
	fi
}

# Each FILE (named json-PROGRAM-...) holds JSON Lines: objects with a
# status and, but for sdk-gen's, a source.  One python3 for them all.
json_lines() {
	python3 -c '
import json, os, sys
for f in sys.argv[1:]:
    prog = os.path.basename(f).split("-")[1:3]
    n = 0
    for line in open(f):
        o = json.loads(line)
        assert isinstance(o, dict), (f, line)
        assert "status" in o, (f, line)
        assert "source" in o or prog == ["sdk", "gen"], (f, line)
        n += 1
    assert n > 0, f
' "$@"
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

@test "-j and --json: JSON Lines, an object a record with source and status" {
	local p j t=$BATS_TEST_TMPDIR
	for p in $(c_programs); do
		good_input "$p" >"$t/in" 2>/dev/null || :
		for j in -j --json; do
			# shellcheck disable=SC2046
			run_with "$p" "$t/in" "$j" $(json_args "$p")
			[ "$status" -eq 0 ] || fail "$p $j: status $status: $stderr"
			printf '%s\n' "$output" >"$t/json-$p$j"
		done
	done
	run json_lines "$t"/json-*
	[ "$status" -eq 0 ] || fail "not JSON Lines: $output"
}

@test "-o FILE, --output FILE and --output=FILE write the file, nothing on stdout" {
	local p o t=$BATS_TEST_TMPDIR args
	for p in $(c_programs); do
		good_input "$p" >"$t/in" 2>/dev/null || :
		args=()
		[ "$p" = sdk-render ] && args=(-f text)
		[ "$p" = sdk-gen ] && args=(--seed 1)
		reads_input "$p" && args+=("$t/in")
		"$p" "${args[@]}" >"$t/want" || fail "$p: status $?"
		for o in "-o $t/out" "--output $t/out" "--output=$t/out"; do
			rm -f "$t/out"
			# shellcheck disable=SC2086
			"$p" $o "${args[@]}" >"$t/stdout" || fail "$p $o: status $?"
			[ ! -s "$t/stdout" ] || fail "$p $o: wrote on stdout"
			cmp -s "$t/out" "$t/want" ||
			    fail "$p $o: the file is not what stdout gets"
		done
	done
}

@test "-q and --quiet silence the message about a failed record" {
	local p q n=0
	for p in $(c_programs); do
		bad_input "$p" >"$BATS_TEST_TMPDIR/bad" 2>/dev/null || continue
		run_with "$p" "$BATS_TEST_TMPDIR/bad"
		[ "$status" -eq 1 ] || fail "$p: status $status: $stderr"
		[ -n "$stderr" ] || fail "$p: the failure is not named"
		for q in -q --quiet; do
			run_with "$p" "$BATS_TEST_TMPDIR/bad" "$q"
			[ "$status" -eq 1 ] || fail "$p $q: status $status"
			[ -z "$stderr" ] || fail "$p $q: $stderr"
		done
		n=$((n + 1))
	done
	[ "$n" -ge 5 ] || fail "only $n programs have a failing input"
}

@test "-v and --verbose say more on stderr, not on stdout" {
	local p v
	for p in $(c_programs); do
		good_input "$p" >"$BATS_TEST_TMPDIR/in" 2>/dev/null || :
		[ "$p" = sdk-render ] && set -- -f text || set --
		[ "$p" = sdk-gen ] && set -- --seed 1
		run_with "$p" "$BATS_TEST_TMPDIR/in" "$@"
		[ "$status" -eq 0 ] && [ -z "$stderr" ] ||
		    fail "$p: status $status: $stderr"
		want=$output
		for v in -v --verbose; do
			run_with "$p" "$BATS_TEST_TMPDIR/in" "$@" "$v"
			[ "$status" -eq 0 ] || fail "$p $v: status $status"
			[[ "$stderr" == "$p: "* ]] || fail "$p $v: $stderr"
			[ "$output" = "$want" ] || fail "$p $v: stdout changed"
		done
	done
}

@test "--help shows the short and long form of every shared option" {
	local p o
	for p in $(c_programs); do
		run_sep "$p" --help
		for o in "-j, --json" "-o, --output=FILE" "-q, --quiet" \
		    "-v, --verbose" "-h, --help" "-V, --version"; do
			[[ "$output" == *"  $o "* ]] || fail "$p --help: no $o"
		done
	done
}

@test "long options: a missing argument, an argument too many, an ambiguous prefix" {
	local p
	for p in $(c_programs); do
		run_sep "$p" --output
		fails 2 "^$p: option --output needs an argument$" || fail "$p"
		run_sep "$p" --quiet=yes
		fails 2 "^$p: option --quiet takes no argument$" || fail "$p"
		run_sep "$p" --ver
		fails 2 "^$p: option --ver is ambiguous \((--verbose, --version|--version, --verbose)\)$" ||
		    fail "$p"
		run_sep "$p" --verb --vers
		[ "$status" -eq 0 ] && [[ "$output" == "$p (sdk) "* ]] ||
		    fail "$p --verb --vers: $status $output"
	done
}

# run_tty ENV... -- PROG ARGS: PROG under a pseudo-terminal (script(1)),
# so that it may colour; its output, carriage returns removed, in $output.
run_tty() {
	local envs=()
	while [ "$1" != -- ]; do
		envs+=("$1")
		shift
	done
	shift
	run env "${envs[@]}" script -qec "$(printf '%q ' "$@")" /dev/null
	output=${output//$'\r'/}
}

@test "colour on a terminal, not with NO_COLOR set or TERM=dumb: every program" {
	local p esc=$'\033'
	# The one program that colours does, on a terminal.
	run_tty TERM=xterm -- sdk-render -f text "$CLASSIC"
	[[ "$output" == *"$esc["* ]] || fail "sdk-render -f text: no colour"
	run_tty TERM=xterm NO_COLOR= -- sdk-render -f text "$CLASSIC"
	[[ "$output" == *"$esc["* ]] || fail "an empty NO_COLOR is unset"
	run_tty TERM=dumb NO_COLOR=1 -- sdk-render --color=always -f text "$CLASSIC"
	[[ "$output" == *"$esc["* ]] || fail "--color=always overrides them"
	for p in $(c_programs); do
		good_input "$p" >"$BATS_TEST_TMPDIR/in" 2>/dev/null || :
		set -- -j
		[ "$p" = sdk-render ] && set -- -f text
		[ "$p" = sdk-gen ] && set -- -j --seed 1
		reads_input "$p" && set -- "$@" "$BATS_TEST_TMPDIR/in"
		run_tty TERM=xterm NO_COLOR=1 -- "$p" "$@"
		[ "$status" -eq 0 ] || fail "$p: status $status: $output"
		[[ "$output" != *"$esc"* ]] || fail "$p with NO_COLOR=1: $output"
		run_tty TERM=dumb -- "$p" "$@"
		[ "$status" -eq 0 ] || fail "$p: status $status: $output"
		[[ "$output" != *"$esc"* ]] || fail "$p with TERM=dumb: $output"
	done
}

@test "-o FILE with standard output closed: the file written, status 0" {
	t=$BATS_TEST_TMPDIR
	sdk-detect "$SAMPLES/image1.jpg" | sdk-warp | sdk-ocr | sdk-solve \
	    >"$t/rec"
	# Status 2 after the file was written, before (sdk(5): nothing is
	# written after a status-2 error).
	run bash -c "'$SDK_BINDIR/sdk-solve' -o '$t/s.txt' '$t/rec' >&-"
	assert_success
	grep -q '^# sdk-status solved$' "$t/s.txt"
	run bash -c "'$SDK_BINDIR/sdk-detect' -o '$t/d.pnm' '$SAMPLES/image1.jpg' >&-"
	assert_success
	[ -s "$t/d.pnm" ]
	run bash -c "'$SDK_BINDIR/sdk-gen' -n 2 --seed 1 -o '$t/g.txt' >&-"
	assert_success
	[ -s "$t/g.txt" ]
	run bash -c "'$SDK_BINDIR/sdk-render' -o '$t/r.png' '$t/rec' >&-"
	assert_success
	[ -s "$t/r.png" ]
	# Records to a closed standard output are still a write error.
	run bash -c "'$SDK_BINDIR/sdk-solve' '$t/rec' >&-"
	[ "$status" -eq 2 ]
	assert_output "sdk-solve: write error: Bad file descriptor"
}

@test "a full disk under -o: one message at the first record, not one a record" {
	t=$BATS_TEST_TMPDIR
	mkdir "$t/small"
	mount -t tmpfs -o size=64k tmpfs "$t/small" 2>/dev/null ||
	    skip "cannot mount a small file system here (needs root)"
	dd if=/dev/zero of="$t/small/fill" bs=4k 2>/dev/null || true
	for i in $(seq 200); do cat "$SAMPLES/puzzles.txt"; done >"$t/p.txt"
	run_sep timeout 20 sdk-gen -n 1000 -d easy --seed 1 -o "$t/small/g.txt"
	gen_status=$status gen_err=$stderr
	run_sep sdk-render -f text -o "$t/small/%n.txt" "$t/p.txt"
	umount "$t/small"
	[ "$status" -eq 2 ]
	# 1,200 records: 1,200 messages before.
	assert_equal "$stderr" "sdk-render: $t/small/1.txt: write error: No space left on device"
	[ "$gen_status" -eq 2 ]
	assert_equal "$gen_err" "sdk-gen: $t/small/g.txt: write error: No space left on device"
}
