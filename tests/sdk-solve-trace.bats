#!/usr/bin/env bats
# sdk-solve --trace -s STRATEGY: the grid states of the search strategies
# (fast, dlx, ac3, backtrack), replayed here in awk.  The logic strategy's
# trace is tested in sdk-solve-logic.bats.

load helper

# A newspaper puzzle that singles solve, and a hard one (top1465 #1).
EASY=.....9...2...83.45.78.....31..8.793..895............7....964...427..8.69......184
HARD=4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
UNSOLVABLE="$FIXTURES/solve/unsolvable18.txt"

solution() {
	echo "$1" | sdk-solve | grep -v '^#'
}

# replay PUZZLE FILE: check the frames of a trace and print a summary,
# "LAST STATUS places P forces F backtracks B".  Frame 0 is the puzzle;
# each frame after it differs from the one before in exactly the cell its
# step names: "place" and "force" fill an empty cell with the step's
# digit, "backtrack" empties the cell filled last of those still filled;
# the last frame ("solved" or "end") repeats the grid the steps reached.
replay() {
	awk -v p="$1" '
	function bad(m) { print "step " n - 1 ": " m; err = 1; exit 1 }
	/^# sdk-puzzle / { if ($3 != p) bad("puzzle changed") }
	/^# sdk-step / { if ($3 != n++) bad("numbered " $3) }
	/^# sdk-technique / { t = $3 }
	/^# sdk-explain / { e = substr($0, 15) }
	/^# sdk-status / { st = $3; nst++ }
	/^# sdk-candidates / { bad("pencil marks") }
	length($0) == 81 && /^[1-9.]+$/ {
		g++
		if (done) bad("a frame after the end")
		for (i = 1; i <= 81; i++)
			if (substr(p, i, 1) != "." &&
			    substr($0, i, 1) != substr(p, i, 1))
				bad("given lost")
		if (n == 1) {
			if (t != "start" || $0 != p) bad("not the puzzle")
		} else if (t == "solved" || t == "end") {
			if ($0 != prev) bad("last frame is not the last state")
			done = 1
		} else if (t == "place" || t == "force" || t == "backtrack") {
			if (!match(e, /^[a-z]+: r[1-9]c[1-9] = [1-9]/))
				bad("explain: " e)
			r = substr(e, RLENGTH - 6, 1); c = substr(e, RLENGTH - 4, 1)
			d = substr(e, RLENGTH, 1); k = (r - 1) * 9 + c
			if (substr(e, 1, length(t)) != t) bad("explain: " e)
			diff = 0
			for (i = 1; i <= 81; i++)
				if (substr(prev, i, 1) != substr($0, i, 1)) diff++
			if (diff != 1) bad(diff " cells changed")
			a = substr(prev, k, 1); b = substr($0, k, 1)
			if (t == "backtrack") {
				if (a != d || b != ".") bad("not undone: " e)
				if (sp == 0 || stack[sp] != k) bad("not the last: " e)
				sp--
			} else {
				if (a != "." || b != d) bad("not filled: " e)
				stack[++sp] = k
			}
			cnt[t]++
		} else
			bad("technique " t)
		prev = $0
	}
	END {
		if (err) exit 1
		if (g != n) { print g " grids, " n " steps"; exit 1 }
		if (nst != 1 || !done) { print nst " statuses"; exit 1 }
		printf "%s %s places %d forces %d backtracks %d\n", t, st,
		    cnt["place"], cnt["force"], cnt["backtrack"]
	}' "$2"
}

@test "--trace -s fast|dlx|ac3: the search step by step, to the solution" {
	local f=$BATS_TEST_TMPDIR/trace s sol v places
	sol=$(solution "$HARD")
	for s in fast dlx ac3; do
		run_sep sdk-solve --trace -s "$s" <<<"$HARD"
		[ "$status" -eq 0 ] || fail "$s: status $status: $stderr"
		printf '%s\n' "$output" >"$f"
		run replay "$HARD" "$f"
		assert_success
		# The hard puzzle needs guesses, some of them wrong.
		assert_output --regexp '^solved solved places [1-9][0-9]* forces [1-9][0-9]* backtracks [1-9][0-9]*$'
		places=$(awk '{ print $4 }' <<<"$output")
		[ "$(tail -n 1 "$f")" = "$sol" ] || fail "$s: not the solution"
		# The same search as without the trace (stopping at the first
		# solution): its nodes and guesses, one place per guess.
		v=$(sdk-solve -v --first -s "$s" <<<"$HARD" 2>&1 >/dev/null |
		    sed -n 's/.*solution, \([0-9]*\) guesses, \([0-9]*\) nodes.*/\2 nodes, \1 guesses/p')
		grep -qx "# sdk-explain solved: $v" "$f" || fail "$s: not $v"
		[ "${v#*nodes, }" = "$places guesses" ] || fail "$s: $places places, $v"
	done
}

@test "--trace -s fast|dlx|ac3: singles alone are forced steps" {
	local f=$BATS_TEST_TMPDIR/trace s
	for s in fast dlx; do
		sdk-solve --trace -s "$s" <<<"$EASY" >"$f"
		run replay "$EASY" "$f"
		assert_output "solved solved places 0 forces 51 backtracks 0"
	done
	# ac3 keeps to arc consistency: the hidden singles need a guess.
	sdk-solve --trace -s ac3 <<<"$EASY" >"$f"
	run replay "$EASY" "$f"
	assert_output --regexp '^solved solved places [1-9][0-9]* forces [0-9]+ backtracks [0-9]+$'
	[ "$(tail -n 1 "$f")" = "$(solution "$EASY")" ]
}

@test "--trace -s backtrack follows the same rules" {
	local f=$BATS_TEST_TMPDIR/trace
	sdk-solve --trace -s backtrack <<<"$EASY" >"$f"
	run replay "$EASY" "$f"
	assert_output --regexp '^solved solved places [1-9][0-9]* forces 0 backtracks [1-9][0-9]*$'
	[ "$(tail -n 1 "$f")" = "$(solution "$EASY")" ]
}

@test "--trace of an unsolvable puzzle: every step undone, status unsolvable" {
	local f=$BATS_TEST_TMPDIR/trace s p
	p=$(cat "$UNSOLVABLE")
	for s in fast dlx; do
		run_sep sdk-solve --trace -s "$s" "$UNSOLVABLE"
		[ "$status" -eq 1 ] || fail "$s: status $status"
		[[ "$stderr" == *"record 1 (line 1): unsolvable" ]] || fail "$stderr"
		printf '%s\n' "$output" >"$f"
		run replay "$p" "$f"
		assert_output --regexp '^end unsolvable '
		[ "$(tail -n 1 "$f")" = "$p" ]
	done
}

@test "--trace of a puzzle with many solutions ends multiple, as without --trace" {
	local f=$BATS_TEST_TMPDIR/trace s empty
	empty=$(printf '.%.0s' $(seq 81))
	run_sep sdk-solve <<<"$empty"
	[ "$status" -eq 1 ]
	assert_line --index 1 '# sdk-status multiple'
	for s in logic fast dlx; do
		run_sep sdk-solve --trace -s "$s" <<<"$empty"
		[ "$status" -eq 1 ] || fail "$s: status $status"
		assert_equal "$stderr" "sdk-solve: <stdin>: record 1 (line 1): multiple"
		printf '%s\n' "$output" >"$f"
		[ "$(grep '^# sdk-status' "$f" | tail -n 1)" = "# sdk-status multiple" ] ||
		    fail "$s: $(grep '^# sdk-status' "$f" | tail -n 1)"
		grep -q '^# sdk-explain .*; not the only solution$' "$f"
	done
}

@test "--trace under --max-nodes stops with a timeout, well-formed" {
	local f=$BATS_TEST_TMPDIR/trace s
	for s in fast dlx ac3 backtrack; do
		run_sep sdk-solve --trace -s "$s" --max-nodes 5 <<<"$HARD"
		[ "$status" -eq 1 ] || fail "$s: status $status"
		[[ "$stderr" == *"record 1 (line 1): timeout" ]] || fail "$stderr"
		printf '%s\n' "$output" >"$f"
		run replay "$HARD" "$f"
		assert_output --regexp '^end timeout '
		grep -qx '# sdk-explain the budget ran out' "$f"
	done
}

@test "--trace -s: JSON Lines, several records, and sdk-render draws the frames" {
	local f=$BATS_TEST_TMPDIR/trace n
	run_sep sdk-solve --trace -j -s dlx <<<"$HARD"
	assert_success
	n=$(sdk-solve --trace -s dlx <<<"$HARD" | grep -c '^# sdk-step')
	run jq -s -r 'length, .[-1].status, .[-1].grid, .[0].candidates,
	    ([.[].technique] | unique | join(" "))' <<<"$output"
	assert_line --index 0 "$n"
	assert_line --index 1 solved
	assert_line --index 2 "$(solution "$HARD")"
	assert_line --index 3 null
	assert_line --index 4 "backtrack force place solved start"
	# Two records: two traces, steps counted from 0 in each.
	printf '%s\n%s\n' "$EASY" "$HARD" | sdk-solve --trace -s fast >"$f"
	[ "$(grep -c '^# sdk-step 0$' "$f")" -eq 2 ]
	[ "$(grep -c '^# sdk-status solved$' "$f")" -eq 2 ]
	# One picture per record.
	n=$(grep -c '^# sdk-step' "$f")
	run bash -c "sdk-render -s 90 <'$f' | pamfile -allimages | wc -l"
	assert_output "$n"
	run bash -c "sdk-render -f text <'$f' | grep -c '^+-------+'"
	assert_output "$((n * 4))"
}

@test "--trace takes any strategy; the other modes only logic" {
	run_sep sdk-solve --trace -s nonesuch <<<"$EASY"
	fails 2 'unknown strategy: nonesuch'
	run_sep sdk-solve --explain -s fast <<<"$EASY"
	fails 2 '^sdk-solve: -s fast: --explain, --hint and --rate use the logic strategy$'
	run_sep sdk-solve --trace -s fast --first <<<"$EASY"
	fails 2 'not with --explain'
	# Without -s, --trace is the logic strategy's (with pencil marks).
	run_sep sdk-solve --trace <<<"$EASY"
	assert_success
	assert_line --regexp '^# sdk-candidates '
	assert_line '# sdk-technique naked single'
}
