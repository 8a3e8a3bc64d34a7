#!/usr/bin/env bats
# sdk-solve: the fast strategy's builds (portable, avx2, avx512), chosen
# at run time or forced by SDK_SOLVE_ISA: each build the processor runs
# must search alike, step for step.  Which builds this processor runs is
# read here from /proc/cpuinfo (the kernel's view: it drops the AVX-512
# flags where it does not save their registers), not from sdk-solve.

load helper

F="$FIXTURES/solve"

# widest: the widest build the processor runs, by /proc/cpuinfo.
widest() {
	local flags f
	flags=" $(awk -F: '/^flags/ { print $2; exit }' /proc/cpuinfo \
	    2>/dev/null) "
	for f in avx2 bmi1 bmi2 popcnt; do
		[[ $flags == *" $f "* ]] || { echo portable; return; }
	done
	for f in avx512f avx512vl avx512bw avx512dq avx512cd; do
		[[ $flags == *" $f "* ]] || { echo avx2; return; }
	done
	echo avx512
}

# runs BUILD: true if the processor runs BUILD.
runs() {
	case $1/$(widest) in
	portable/* | avx2/avx2 | avx2/avx512 | avx512/avx512) return 0 ;;
	esac
	return 1
}

# sample FILE STEP: every STEP-th puzzle of a shared set.
sample() {
	awk -v s="$2" 'NR % s == 1' "$SHARED/puzzles/$1"
}

# same_as_portable BUILD: BUILD's answers, counts and --bench statuses
# and guesses are the portable build's, on samples of the three sets.
same_as_portable() {
	local f=$BATS_TEST_TMPDIR b
	runs "$1" || skip "this processor does not run the $1 build" \
	    "(widest: $(widest))"
	need_shared puzzles/hardest_1905_11plus.txt
	{ sample hardest_1905_11plus.txt 100; sample top1465.txt 5
	    sample 17_clue.txt 100; cat "$F/mixed.txt"; } >"$f/in.txt"
	for b in "$1" portable; do
		SDK_SOLVE_ISA=$b sdk-solve -j --count=3 "$f/in.txt" |
		    sed 's/,"microseconds":[0-9.]*//' >"$f/$b.txt" || true
		# Solved, multiple, unsolvable, timeouts, guesses, no-guess.
		SDK_SOLVE_ISA=$b sdk-solve --bench -n 1 "$f/in.txt" |
		    awk '$1 == "fast" { print $2, $3, $4, $5, $10, $11 }' \
		    >"$f/$b.bench"
	done
	[ "$(wc -l <"$f/$1.txt")" -eq "$(wc -l <"$f/in.txt")" ]
	[ -s "$f/$1.bench" ]
	run cmp "$f/$1.txt" "$f/portable.txt"
	assert_success
	run cmp "$f/$1.bench" "$f/portable.bench"
	assert_success
}

@test "builds: the default is the widest the processor runs" {
	run_sep sdk-solve --bench -n 1 "$SAMPLES/puzzles.txt"
	assert_success
	[ -z "$stderr" ]
	assert_line --index 0 --partial ", fast's $(widest) build"
}

@test "builds: the avx512 build searches as the portable one" {
	same_as_portable avx512
}

@test "builds: the avx2 build searches as the portable one" {
	same_as_portable avx2
}

@test "builds: SDK_SOLVE_ISA forces each build the processor runs" {
	local b
	for b in portable avx2 avx512; do
		runs "$b" || continue
		run_sep env SDK_SOLVE_ISA=$b sdk-solve --bench -n 1 -j \
		    "$SAMPLES/puzzles.txt"
		assert_success
		assert_output --partial "\"build\":\"$b\""
	done
}

@test "builds: SDK_SOLVE_PORTABLE keeps the portable build, whatever SDK_SOLVE_ISA" {
	run_sep env SDK_SOLVE_PORTABLE=1 SDK_SOLVE_ISA=avx2 sdk-solve --bench \
	    -n 1 "$SAMPLES/puzzles.txt"
	assert_success
	assert_line --index 0 --partial ", fast's portable build"
}

@test "builds: a build the processor cannot run is refused, exit 2" {
	local b=avx512
	case $(widest) in
	avx512)	skip "this processor runs every build" ;;
	portable) b=avx2 ;;
	esac
	run_sep env SDK_SOLVE_ISA=$b sdk-solve "$SAMPLES/puzzles.txt"
	assert_failure 2
	[ -z "$output" ]
	assert_equal "$stderr" \
	    "sdk-solve: SDK_SOLVE_ISA: $b: this processor runs $(widest) at most"
}

# valgrind's processor has no AVX-512 (3.19 cannot run it): there the
# AVX-512 build must be neither chosen nor run when asked for.
@test "builds: under valgrind (no AVX-512) avx512 is not chosen, and refused" {
	command -v valgrind >/dev/null || skip "no valgrind"
	[ -z "${SDK_SANITIZE:-}" ] || skip "not with sanitizers"
	[ "$(widest)" = avx512 ] || skip "this processor has no AVX-512 anyway"
	run_sep valgrind -q --error-exitcode=99 sdk-solve --bench -n 1 \
	    "$SAMPLES/puzzles.txt"
	assert_success
	assert_line --index 0 --partial ", fast's avx2 build"
	run_sep env SDK_SOLVE_ISA=avx512 valgrind -q sdk-solve \
	    "$SAMPLES/puzzles.txt"
	assert_failure 2
	[ -z "$output" ]
	assert_equal "$stderr" \
	    "sdk-solve: SDK_SOLVE_ISA: avx512: this processor runs avx2 at most"
}

@test "builds: SDK_SOLVE_ISA naming no build is refused, exit 2" {
	run_sep env SDK_SOLVE_ISA=sse9 sdk-solve "$SAMPLES/puzzles.txt"
	assert_failure 2
	[ -z "$output" ]
	assert_equal "$stderr" \
	    "sdk-solve: SDK_SOLVE_ISA: sse9: not a build (portable, avx2 or avx512)"
}

@test "builds: an empty SDK_SOLVE_ISA is as unset" {
	run_sep env SDK_SOLVE_ISA= sdk-solve --bench -n 1 "$SAMPLES/puzzles.txt"
	assert_success
	assert_line --index 0 --partial ", fast's $(widest) build"
}
