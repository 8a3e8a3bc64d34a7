#!/usr/bin/env bats
# sdk-gen: unique puzzles of a chosen level, reproducible by seed, with
# symmetry; every puzzle checked by sdk-solve's fast strategy.

load helper

# The grid lines of a record stream.
grids() {
	grep -v '^#' "$@"
}

@test "puzzles come as grid records with their metadata" {
	run_sep sdk-gen -n 3 --seed 42
	assert_success
	[ -z "$stderr" ]
	[ "$(grep -c '^# sdk-seed ' <<<"$output")" -eq 3 ]
	[ "$(grep -c '^# sdk-level \(easy\|medium\|hard\|expert\|extreme\)$' <<<"$output")" -eq 3 ]
	[ "$(grep -c '^# sdk-hardest ' <<<"$output")" -eq 3 ]
	[ "$(grep -c '^# sdk-steps [0-9]*$' <<<"$output")" -eq 3 ]
	[ "$(grep -c '^# sdk-guesses [0-9]*$' <<<"$output")" -eq 3 ]
	[ "$(grep -c '^# sdk-nodes [0-9]*$' <<<"$output")" -eq 3 ]
	[ "$(grep -Ec '^[1-9.]{81}$' <<<"$output")" -eq 3 ]
	assert_line --index 0 "# sdk-seed 42"
}

@test "every generated puzzle has exactly one solution (fast strategy)" {
	local l
	for l in any easy medium hard expert extreme; do
		sdk-gen -n 8 -d "$l" --seed 100 >"$BATS_TEST_TMPDIR/p" ||
		    fail "$l: sdk-gen failed"
		run_sep sdk-solve -c2 "$BATS_TEST_TMPDIR/p"
		assert_success
		[ "$(grep -c '^1$' <<<"$output")" -eq 8 ] || fail "$l: $output"
	done
}

@test "each puzzle has the level asked for" {
	local l
	for l in easy medium hard expert extreme; do
		run_sep sdk-gen -n 4 -d "$l" --seed 5
		assert_success
		[ "$(grep -c "^# sdk-level $l\$" <<<"$output")" -eq 4 ] ||
		    fail "$l: $output"
	done
	# Easy ones need no technique beyond singles.
	run_sep sdk-gen -n 10 -d easy --seed 5
	refute_output --regexp '# sdk-hardest (pointing|claiming|naked pair)'
}

@test "the same seed gives the same puzzles; seed n+1 is the next puzzle" {
	sdk-gen -n 4 -d medium --seed 9 >"$BATS_TEST_TMPDIR/a"
	sdk-gen -n 4 -d medium --seed 9 >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	sdk-gen -d medium --seed 11 >"$BATS_TEST_TMPDIR/c"
	[ "$(grids "$BATS_TEST_TMPDIR/c")" = "$(grids "$BATS_TEST_TMPDIR/a" | sed -n 3p)" ]
	# A different seed, a different puzzle.
	sdk-gen -d medium --seed 10 >"$BATS_TEST_TMPDIR/d"
	[ "$(grids "$BATS_TEST_TMPDIR/d")" != "$(grids "$BATS_TEST_TMPDIR/c")" ]
	# Pinned: the first easy puzzle of seed 3 on every machine.
	run_sep sdk-gen -d easy --seed 3
	assert_line --index 6 "..6..3.9....1....482........89...3.7...2..1...52..64.......8..576........9.....61"
}

# symmetric FILE MAP: every grid of FILE has givens where MAP sends them;
# MAP is an awk expression of r and c (0-8) giving the image cell index.
symmetric() {
	grids "$1" | awk -v map="$2" '
	    function img(r, c) {
		if (map == "rot") return (8 - r) * 9 + 8 - c
		if (map == "mirror") return r * 9 + 8 - c
		if (map == "flip") return (8 - r) * 9 + c
		if (map == "diag") return c * 9 + r
		if (map == "quarter") return c * 9 + 8 - r
	    }
	    {
		for (i = 0; i < 81; i++) {
			r = int(i / 9); c = i % 9; j = img(r, c)
			if ((substr($0, i + 1, 1) == ".") != (substr($0, j + 1, 1) == ".")) {
				print "asymmetric: " $0; bad = 1
			}
		}
	    }
	    END { exit bad }'
}

@test "--symmetry places the givens symmetrically" {
	local f=$BATS_TEST_TMPDIR/s
	sdk-gen -n 5 --symmetry rotational --seed 1 >"$f"
	symmetric "$f" rot
	sdk-gen -n 5 --symmetry mirror --seed 1 >"$f"
	symmetric "$f" mirror
	sdk-gen -n 5 --symmetry flip --seed 1 >"$f"
	symmetric "$f" flip
	sdk-gen -n 5 --symmetry diagonal --seed 1 >"$f"
	symmetric "$f" diag
	sdk-gen -n 3 --symmetry quarter --seed 1 >"$f"
	symmetric "$f" quarter
	sdk-gen -n 2 --symmetry dihedral -d easy --seed 1 >"$f"
	symmetric "$f" rot
	symmetric "$f" mirror
	symmetric "$f" diag
	# ... and without: some puzzle is not symmetric.
	sdk-gen -n 5 --seed 1 >"$f"
	! symmetric "$f" rot
}

@test "--minimal: taking any given away leaves several solutions" {
	local p
	p=$(sdk-gen -d medium --minimal --seed 21 | grids)
	[ ${#p} -eq 81 ]
	# One line per given, with that given removed.
	awk -v p="$p" 'BEGIN {
		for (i = 1; i <= 81; i++)
			if (substr(p, i, 1) != ".")
				print substr(p, 1, i - 1) "." substr(p, i + 1)
	}' >"$BATS_TEST_TMPDIR/less"
	run_sep sdk-solve -c2 "$BATS_TEST_TMPDIR/less"
	assert_success
	[ "$(grep -c '^2$' <<<"$output")" -eq "$(wc -l <"$BATS_TEST_TMPDIR/less")" ]
	# With a level and no --minimal an easy puzzle may keep spare givens.
	run_sep sdk-gen -d easy --seed 21 -j
	[ "$(jq .givens <<<"$output")" -ge 17 ]
}

@test "-j writes one JSON object per puzzle" {
	run_sep sdk-gen -j -n 3 -d hard --seed 4
	assert_success
	[ "${#lines[@]}" -eq 3 ]
	run jq -r '[.source, .status, .seed, .level, (.puzzle | length)] | @tsv' <<<"$output"
	assert_line --index 0 "$(printf 'sdk-gen\tgenerated\t4\thard\t81')"
	assert_line --index 2 "$(printf 'sdk-gen\tgenerated\t6\thard\t81')"
}

@test "-f grid writes boxed grids that sdk-solve reads back" {
	run_sep sdk-gen -f grid -d easy --seed 2
	assert_success
	assert_output --partial -- "------+-------+------"
	run_sep sdk-solve -c2 <<<"$output"
	assert_output 1
}

@test "-o writes the file whole" {
	run_sep sdk-gen -n 2 --seed 3 -o "$BATS_TEST_TMPDIR/out"
	assert_success
	[ -z "$output" ]
	[ "$(grids "$BATS_TEST_TMPDIR/out" | wc -l)" -eq 2 ]
	run_sep sdk-gen --seed 3 -o /nonexistent/dir/out
	fails 2 '^sdk-gen: .*/nonexistent/dir'
}

@test "-n 0 writes nothing" {
	run_sep sdk-gen -n 0
	assert_success
	[ -z "$output" ]
}

@test "a puzzle not found in time: status 1, named, the others written" {
	# Seed 2 takes several attempts for an expert puzzle (checked by -j).
	run_sep sdk-gen -j -d expert --seed 2
	[ "$(jq .attempts <<<"$output")" -gt 1 ]
	run_sep sdk-gen -d expert --seed 2 -t 0.000001
	fails 1 '^sdk-gen: seed 2: no expert puzzle in 1e-06 seconds'
	run_sep sdk-gen -q -d expert --seed 2 -t 0.000001
	fails 1 '^$'
	# Seed 1 takes one: it is written, and seed 2 after it is not.
	run_sep sdk-gen -d expert --seed 1 -n 2 -t 0.000001
	[ "$status" -eq 1 ]
	[ "$(grep -c '^# sdk-seed 1$' <<<"$output")" -eq 1 ]
	[[ "$stderr" == *"seed 2: no expert puzzle"* ]]
}

@test "bad usage: status 2 and the usage" {
	run_sep sdk-gen -d diabolical
	fails 2 '^sdk-gen: unknown level: diabolical \(easy, medium, hard, expert, extreme or any\)$'
	run_sep sdk-gen --symmetry spiral
	fails 2 '^sdk-gen: unknown symmetry: spiral \(none, rotational, quarter, mirror, flip, diagonal or dihedral\)$'
	run_sep sdk-gen --seed -1
	fails 2 'bad seed: -1'
	run_sep sdk-gen --seed 99999999999999999999
	fails 2 'bad seed'
	run_sep sdk-gen -n many
	fails 2 'bad count: many'
	run_sep sdk-gen -t 0
	fails 2 'bad timeout: 0'
	run_sep sdk-gen puzzles.txt
	fails 2 'no operands expected: puzzles.txt'
	run_sep sdk-gen -f wide
	fails 2 'unknown format: wide'
}

@test "a full disk and a closed pipe" {
	run bash -c "sdk-gen -n 3 --seed 1 >/dev/full"
	[ "$status" -eq 2 ]
	[[ "$output" == *"sdk-gen: write error"* ]]
	run bash -c "sdk-gen -n 200 -d easy --seed 1 2>&1 | head -c 1 >/dev/null"
	assert_success
	refute_output --partial rror
}

@test "--seed takes every seed sdk-seed says, to 2^64 - 1, then 0" {
	run_sep sdk-gen -n 3 -d easy --seed 18446744073709551614
	assert_success
	run grep '^# sdk-seed ' <<<"$output"
	assert_output "$(printf '# sdk-seed %s\n' 18446744073709551614 \
	    18446744073709551615 0)"
	# Each seed written makes its puzzle again.
	a=$(sdk-gen -n 2 -d easy --seed 18446744073709551615 | grep -v '^#')
	b=$(sdk-gen -d easy --seed 18446744073709551615 | grep -v '^#')
	c=$(sdk-gen -d easy --seed 0 | grep -v '^#')
	[ "$a" = "$(printf '%s\n%s' "$b" "$c")" ]
	sdk-gen -d easy --seed 10000000000000000000 >/dev/null
	run_sep sdk-gen --seed 18446744073709551616
	fails 2 '^sdk-gen: bad seed: 18446744073709551616 \(over 18446744073709551615\)$'
}
