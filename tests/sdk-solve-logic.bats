#!/usr/bin/env bats
# sdk-solve's human-style side: -s logic, --explain, --hint, --rate and
# --trace.  Answers are checked against the fast strategy and against the
# steps themselves, replayed here in awk.

load helper

# A newspaper puzzle that singles solve, and a hard one (top1465 #1) where
# the techniques run out.
EASY=.....9...2...83.45.78.....31..8.793..895............7....964...427..8.69......184
HARD=4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
# Many solutions.
MULTI=1.......................................................................9........

TECHNIQUE='full house|naked single|hidden single|pointing|claiming|naked pair|hidden pair|naked triple|hidden triple|naked quad|hidden quad|x-wing|swordfish|xy-wing|xyz-wing|w-wing|simple colouring|unique rectangle|finned x-wing|bug\+1|jellyfish|finned swordfish|x-chain|xy-chain|aic'

solution() {
	echo "$1" | sdk-solve | grep -v '^#'
}

# Apply the "rRcC = D" placements of an explanation (stdin) to puzzle $1.
replay() {
	awk -v p="$1" '
	    match($0, /: r[1-9]c[1-9] = [1-9]/) {
		s = substr($0, RSTART + 2, RLENGTH - 2)
		r = substr(s, 2, 1); c = substr(s, 4, 1); d = substr(s, 8, 1)
		i = (r - 1) * 9 + c
		if (substr(p, i, 1) != ".") { print "twice: " s; exit 1 }
		p = substr(p, 1, i - 1) d substr(p, i + 1)
	    }
	    END { print p }'
}

@test "-s logic gives the fast strategy's solutions" {
	run_sep sdk-solve -s logic "$TOP/samples/puzzles.txt"
	assert_success
	[ "$(grep -v '^# sdk-search' <<<"$output")" = "$(sdk-solve "$TOP/samples/puzzles.txt")" ]
}

@test "-s logic says when search had to finish" {
	run_sep sdk-solve -s logic <<<"$EASY"
	assert_success
	refute_output --partial sdk-search
	assert_line "$(solution "$EASY")"
	run_sep sdk-solve -s logic <<<"$HARD"
	assert_success
	assert_line --regexp '^# sdk-search the techniques ran out with [0-9]+ cells left; the fast strategy made [0-9]+ guesses$'
	assert_line "$(solution "$HARD")"
	run_sep sdk-solve -s logic -j <<<"$HARD"
	assert_success
	[[ "$(jq -r .search <<<"$output")" == "the techniques ran out with "* ]]
	run_sep sdk-solve -s logic -j <<<"$EASY"
	[ "$(jq -r .search <<<"$output")" = null ]
	run_sep sdk-solve -s logic <<<"$MULTI"
	[ "$status" -eq 1 ]
	assert_line "# sdk-status multiple"
}

@test "--explain: one known step per line, and they solve the puzzle" {
	run_sep sdk-solve --explain <<<"$EASY"
	assert_success
	assert_line --index 0 "# sdk-puzzle $EASY"
	assert_line --regexp '^solved: [0-9]+ steps, hardest hidden single, level easy$'
	# Every line between is a step of a known technique.
	[ -z "$(sed '1d;$d' <<<"$output" | grep -Ev "^($TECHNIQUE): ")" ]
	# One placement per empty cell, none twice, and they give the solution.
	[ "$(replay "$EASY" <<<"$output")" = "$(solution "$EASY")" ]
}

@test "--explain on a puzzle beyond the techniques: stuck, with the pencil marks" {
	run_sep sdk-solve --explain <<<"$HARD"
	[ "$status" -eq 1 ]
	[[ "$stderr" =~ ^sdk-solve:\ \<stdin\>:\ record\ 1\ \(line\ 1\):\ stuck: ]]
	assert_line --regexp '^stuck: [0-9]+ cells left after [0-9]+ steps; no technique applies to these candidates:$'
	# The boxed candidate grid: 9 rows of 9 cells, 4 rules.
	[ "$(grep -c '^| ' <<<"$output")" -eq 9 ]
	[ "$(grep -c '^+-' <<<"$output")" -eq 4 ]
	# The digits placed so far agree with the solution.
	local sol got i
	sol=$(solution "$HARD")
	got=$(replay "$HARD" <<<"$output")
	for ((i = 0; i < 81; i++)); do
		[ "${got:i:1}" = . ] || [ "${got:i:1}" = "${sol:i:1}" ]
	done
}

# The columns of CHAR in the lines of stdin that begin with START, one
# set a line ("7 26 45 64" ...).
columns() {
	awk -v start="$1" -v ch="$2" 'index($0, start) == 1 {
		s = ""
		for (i = 1; i <= length($0); i++)
			if (substr($0, i, 1) == ch)
				s = s " " i
		print s
	}' | sort -u
}

@test "--explain when stuck: the candidate grid's rules meet the rows' bars" {
	# The first of the Enjoy Sudoku forum's hardest list (via tdoku):
	# stuck at once, cells of every width from 1 to 5 candidates.
	local p=98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6
	run_sep sdk-solve --explain "$p"
	[ "$status" -eq 1 ]
	run columns '+' '+' <<<"$output"
	[ "${#lines[@]}" -eq 1 ] || fail "rules differ: $output"
	plus=$output
	run columns '|' '|' <<<"$(sdk-solve --explain "$p")"
	[ "${#lines[@]}" -eq 1 ] || fail "rows differ: $output"
	[ "$output" = "$plus" ] || fail "'+' at$plus, '|' at$output"
	# The same for the grid of the empty puzzle (every cell 9 wide).
	run columns '+' '+' <<<"$(sdk-solve --explain "$MULTI")"
	plus=$output
	run columns '|' '|' <<<"$(sdk-solve --explain "$MULTI")"
	[ "$output" = "$plus" ] || fail "'+' at$plus, '|' at$output"
}

@test "--explain -j: one object per step, then one per record" {
	run_sep sdk-solve --explain -j <<<"$EASY"
	assert_success
	run jq -s -r '(.[:-1] | map(select(.step and .technique and .text)) | length),
	    (.[:-1] | length), .[-1].status, .[-1].level, .[-1].left' <<<"$output"
	assert_success
	[ "${lines[0]}" = "${lines[1]}" ]
	[ "${lines[2]}" = solved ]
	[ "${lines[3]}" = easy ]
	[ "${lines[4]}" = 0 ]
	run_sep sdk-solve --explain -j <<<"$HARD"
	[ "$status" -eq 1 ]
	run jq -r 'select(.status) | [.status, (.candidates | length)] | @tsv' <<<"$output"
	assert_output "$(printf 'stuck\t729')"
}

@test "--hint: the simplest next step, from a partly filled grid" {
	local sol part
	sol=$(solution "$EASY")
	# Fill in the first 20 empty cells from the solution.
	part=$(awk -v p="$EASY" -v s="$sol" 'BEGIN {
		for (i = 1; i <= 81; i++) {
			c = substr(p, i, 1)
			if (c == "." && n++ < 20) c = substr(s, i, 1)
			printf "%s", c
		}
		print ""
	}')
	run_sep sdk-solve --hint <<<"$part"
	assert_success
	[ "${#lines[@]}" -eq 1 ]
	assert_output --regexp "^(full house|naked single|hidden single): r[1-9]c[1-9] = [1-9]"
	# The hinted digit is right.
	[ "$(replay "$part" <<<"$output")" != "$part" ]
	[[ "$sol" == $(replay "$part" <<<"$output" | tr . '?') ]]
	# A full grid needs no hint.
	run_sep sdk-solve --hint <<<"$sol"
	assert_success
	assert_output "solved: no empty cell left"
	# A wrong digit: no solution from here.
	run_sep sdk-solve --hint <<<"${part:0:80}$(( (${sol:80:1} % 9) + 1 ))"
	if [ "${part:80:1}" = . ]; then
		[ "$status" -eq 1 ]
		assert_output "unsolvable: no solution from here: a digit is wrong"
	fi
}

@test "--trace records can be resumed: --hint on each gives the next step" {
	local f=$BATS_TEST_TMPDIR/trace n k want got
	sdk-solve --trace <<<"$EASY" >"$f"
	n=$(grep -c '^# sdk-step ' "$f")
	[ "$n" -gt 50 ]
	# Records k = 0, 10, 20, ...: the hint is record k+1's step.
	for ((k = 0; k < n - 2; k += 10)); do
		want=$(awk -v k=$((k + 1)) '$2 == "sdk-step" { s = ($3 == k) }
		    s && $2 == "sdk-explain" { sub(/^# sdk-explain /, ""); print }' "$f")
		got=$(awk -v k=$k '
		    /^# sdk-step / { cur = $3 }
		    cur == k { print }
		    cur == k && !/^#/ { exit }' "$f" | sdk-solve --hint)
		[ "$got" = "$want" ] || fail "record $k: hint '$got', trace '$want'"
	done
}

@test "--trace is a well-formed stream of grid states ending in the solution" {
	local f=$BATS_TEST_TMPDIR/trace sol
	sol=$(solution "$HARD")
	sdk-solve --trace <<<"$HARD" >"$f"
	# Steps numbered 0, 1, 2, ... with one grid each.
	run awk '/^# sdk-step / { if ($3 != n++) { print "bad step " $3; exit 1 } }
	    length($0) == 81 && /^[1-9.]+$/ { g++ } END { if (g != n) { print g " grids, " n " steps"; exit 1 } }' "$f"
	assert_success
	# Every record keeps the givens, and shows only digits of the solution
	# but for guesses that are undone.
	run awk -v p="$HARD" '/^# sdk-puzzle / && $3 != p { print "puzzle changed"; exit 1 }
	    length($0) == 81 && /^[1-9.]+$/ { for (i = 1; i <= 81; i++) if (substr(p, i, 1) != "." && substr($0, i, 1) != substr(p, i, 1)) { print "given lost"; exit 1 } }' "$f"
	assert_success
	grep -q '^# sdk-technique guess$' "$f"
	grep -q '^# sdk-technique backtrack$' "$f"
	[ "$(grep -c '^# sdk-candidates [1-9.]\{729\}$' "$f")" -eq "$(grep -c '^# sdk-step' "$f")" ]
	[ "$(grep -c '^# sdk-status' "$f")" -eq 1 ]
	[ "$(tail -n 2 "$f" | head -n 1)" = "# sdk-status solved" ]
	[ "$(tail -n 1 "$f")" = "$sol" ]
	# The same as JSON Lines.
	run_sep sdk-solve --trace -j <<<"$HARD"
	assert_success
	run jq -s -r 'length, .[-1].status, .[-1].grid' <<<"$output"
	assert_line --index 0 "$(grep -c '^# sdk-step' "$f")"
	assert_line --index 1 solved
	assert_line --index 2 "$sol"
}

@test "--trace -s backtrack: every placement and backtrack of that strategy" {
	local f=$BATS_TEST_TMPDIR/bt
	sdk-solve --trace -s backtrack <<<"$EASY" >"$f"
	# Each record differs from the one before in exactly one cell: set by
	# a placement, cleared by a backtrack.
	run awk 'length($0) == 81 && /^[1-9.]+$/ {
		if (prev != "" && last != "solved") {
			d = 0
			for (i = 1; i <= 81; i++) {
				a = substr(prev, i, 1); b = substr($0, i, 1)
				if (a != b) {
					d++
					if (t == "place" && a != ".") bad = 1
					if (t == "backtrack" && b != ".") bad = 1
				}
			}
			if (d != 1) { print "changed " d " cells at step " s; exit 1 }
			if (bad) { print "wrong change at step " s; exit 1 }
		}
		prev = $0
	    }
	    /^# sdk-step / { s = $3 }
	    /^# sdk-technique / { t = $3; last = $3 }' "$f"
	assert_success
	grep -q '^# sdk-technique backtrack$' "$f"
	[ "$(tail -n 1 "$f")" = "$(solution "$EASY")" ]
	[ "$(grep -c '^# sdk-candidates' "$f")" -eq 0 ]
	# A budget cuts it short: timeout.
	run_sep sdk-solve --trace -s backtrack --max-nodes 100 <<<"$HARD"
	[ "$status" -eq 1 ]
	assert_line '# sdk-status timeout'
	run_sep sdk-solve --explain -s backtrack <<<"$EASY"
	fails 2 'use the logic strategy$'
}

@test "--rate: level, hardest technique, steps and search effort" {
	run_sep sdk-solve --rate <<<"$EASY"
	assert_success
	assert_output "$(printf '%s\n' '# sdk-status solved' '# sdk-level easy' \
	    '# sdk-hardest hidden single' "$(grep '^# sdk-steps' <<<"$output")" \
	    '# sdk-guesses 0' '# sdk-nodes 1' '# sdk-score 1.5' "$EASY")"
	run_sep sdk-solve --rate <<<"$HARD"
	assert_success
	assert_line '# sdk-level extreme'
	assert_line --regexp '^# sdk-guesses [1-9][0-9]*$'
	run_sep sdk-solve --rate <<<"$MULTI"
	[ "$status" -eq 1 ]
	assert_line '# sdk-status multiple'
	refute_output --partial sdk-level
	[[ "$stderr" == *"record 1 (line 1): multiple"* ]]
}

# The value of key $1 in the records of $output.
key() {
	sed -n "s/^# $1 //p" <<<"$output"
}

@test "--stats: the steps of each technique, which add up to sdk-steps" {
	local sum
	run_sep sdk-solve --stats <<<"$EASY"
	assert_success
	# Singles alone solve it; the counts are those of --explain's steps.
	[ "$(key sdk-stats)" = "$(sdk-solve --explain <<<"$EASY" |
	    awk -F: -v t="$TECHNIQUE" '$1 ~ "^(" t ")$" { n[$1]++ }
		END { split(t, o, "|"); for (i = 1; i in o; i++)
		    if (o[i] in n) printf "%s%d %s", k++ ? ", " : "",
			n[o[i]], o[i]; print "" }')" ] ||
	    fail "$(key sdk-stats)"
	assert_line --regexp '^# sdk-stats [0-9]+ full house, [0-9]+ naked single, [0-9]+ hidden single$'
	sum=$(key sdk-stats | tr ',' '\n' | awk '{ s += $1 } END { print s }')
	[ "$sum" -eq "$(key sdk-steps)" ] || fail "$sum steps counted"
	# A puzzle that needs more, and one beyond the techniques: the steps
	# taken before they ran out.
	for p in "$(sed -n 3p "$TOP/samples/puzzles.txt")" "$HARD"; do
		run_sep sdk-solve --stats -j <<<"$p"
		assert_success
		sum=$(jq '[.stats[]] | add' <<<"$output")
		[ "$sum" -eq "$(jq .steps <<<"$output")" ] || fail "$output"
	done
	[ "$(jq -c .stats <<<"$output")" != '{}' ]
	jq -e '.stats | has("pointing")' <<<"$output"
	# --rate is the same without the counts.
	run_sep sdk-solve --stats samples/puzzles.txt
	[ "$(grep -v '^# sdk-stats' <<<"$output")" = "$(sdk-solve --rate samples/puzzles.txt)" ]
	# A full grid: nothing to do.
	run_sep sdk-solve --stats <<<"$(solution "$EASY")"
	assert_success
	assert_line '# sdk-stats none'
	assert_line '# sdk-score 0.0'
	run_sep sdk-solve --stats --explain <<<"$EASY"
	fails 2 '^sdk-solve: --stats: not with --explain, --hint or --trace$'
	run_sep sdk-solve --stats --rate <<<"$EASY"
	assert_success
}

# Sudoku Explainer's ratings of 42 puzzles from a public list, 5.4 to 9.1:
# below 7.5 (the techniques' range), the score is within 1.6 of the
# rating; from 8 on (its forcing nets), the techniques run out: 10.0.
@test "--rate's score against Sudoku Explainer's ratings" {
	local f="$FIXTURES/solve/se-ratings.txt" n
	run bash -c "awk '{ print \$2 }' '$f' | sdk-solve --rate -j |
	    jq -r .score | paste - '$f'"
	assert_success
	n=$(awk -F'\t' '{ split($2, a, " "); se = a[3]; d = $1 - se
		if (se < 7.5 && (d > 1.6 || d < -1.6 || $1 > 7)) { print "far: " $0; bad = 1 }
		if (se >= 8 && $1 != 10) { print "not 10: " $0; bad = 1 }
		n++ } END { print bad ? "bad" : n }' <<<"$output")
	[ "$n" = 42 ] || fail "$n"
	# Easy puzzles score low; the hard one beyond the techniques more.
	run_sep sdk-solve --rate "$TOP/samples/puzzles.txt"
	[ "$(key sdk-score | sort -u | tr '\n' ' ')" = "1.2 1.5 2.0 " ] ||
	    fail "$output"
	run_sep sdk-solve --rate <<<"$HARD"
	[ "$(key sdk-score)" = 10.0 ]
}

@test "--rate agrees with the levels sdk-gen asked for" {
	[ -x "$SDK_BINDIR/sdk-gen" ] || skip "no sdk-gen"
	local l
	for l in easy medium hard expert extreme; do
		run_sep bash -c "sdk-gen -n 3 -d $l --seed 8 | sdk-solve --rate -j"
		assert_success
		[ "$(jq -r .level <<<"$output" | sort -u)" = "$l" ] ||
		    fail "$l: $output"
	done
}

@test "--rate calibration: the 11+ puzzles are extreme, newspapers mostly easy" {
	need_shared puzzles/hardest_1905_11plus.txt
	need_shared images/wicht/image1.dat
	# Every 200th of the hardest puzzles.
	run bash -c "awk 'NR % 200 == 1' '$SHARED/puzzles/hardest_1905_11plus.txt' |
	    sdk-solve --rate -j | jq -r .level | sort | uniq -c"
	assert_success
	assert_output --regexp '^ *244 extreme$'
	run bash -c "awk 'NR % 200 == 1' '$SHARED/puzzles/hardest_1905_11plus.txt' |
	    sdk-solve --rate | sed -n 's/^# sdk-score //p' | sort | uniq -c"
	assert_output --regexp '^ *244 10.0$'
	# The photographed newspaper puzzles.
	run bash -c "for f in '$SHARED'/images/wicht/*.dat; do
		tail -n 9 \"\$f\" | tr -d ' \n'; echo; done |
	    sdk-solve --rate -j | jq -r .level | sort | uniq -c"
	assert_success
	local easy total
	easy=$(awk '$2 == "easy" { print $1 }' <<<"$output")
	total=$(awk '{ t += $1 } END { print t }' <<<"$output")
	[ "$total" -eq 102 ]
	[ $((easy * 2)) -gt "$total" ]
	refute_output --partial extreme
}

@test "pencil marks in sdk-candidates: checked against the grid" {
	local f=$BATS_TEST_TMPDIR/trace pm
	sdk-solve --trace <<<"$EASY" | awk '/^# sdk-step 5$/ { p = 1 } p { print } p && !/^#/ { exit }' >"$f"
	run_sep sdk-solve --hint "$f"
	assert_success
	# Pencil marks that contradict the grid are refused.
	pm=$(sed -n 's/^# sdk-candidates //p' "$f")
	sed "s/^# sdk-candidates .*/# sdk-candidates ${pm:0:700}/" "$f" >"$f.bad"
	run_sep sdk-solve --hint "$f.bad"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"invalid: sdk-candidates: "* ]]
}

@test "--pencil reads the boxed pencil marks --explain prints, and 729 lines" {
	local f=$BATS_TEST_TMPDIR/marks
	sdk-solve --explain <<<"$HARD" 2>/dev/null | sed -n '/^+/,/^$/p' >"$f"
	[ "$(wc -l <"$f")" -eq 14 ]
	# Two records back to back: each the same stuck position.
	cat "$f" "$f" >"$f.2"
	run_sep sdk-solve --pencil -s logic "$f.2"
	assert_success
	[ "$(grep -c "^$(solution "$HARD")\$" <<<"$output")" -eq 2 ]
	[ "$(grep -c '^# sdk-candidates [1-9.]*$' <<<"$output")" -eq 2 ]
	run_sep sdk-solve --pencil --explain "$f"
	[ "$status" -eq 1 ]
	assert_line --regexp '^stuck: [0-9]+ cells left after 0 steps'
	# A 729 line from a trace.
	run_sep bash -c "sdk-solve --trace <<<'$EASY' | sed -n 's/^# sdk-candidates //p' | sed -n 3p | sdk-solve --pencil --rate"
	assert_success
	assert_line '# sdk-level easy'
	# Truncated and malformed pencil marks.
	run_sep sdk-solve --pencil --hint <<<"1 2 3"
	fails 2 '^sdk-solve: <stdin>: line 1: the candidate grid ends after 3 cells$'
	run_sep sdk-solve --pencil --hint < <(head -n 5 "$f")
	fails 2 'line 5: the candidate grid ends after 27 cells'
	run_sep sdk-solve --pencil --hint <<<"# sdk-source x"
	fails 2 'metadata without a grid'
	run_sep sdk-solve --pencil --bench "$f"
	fails 2 -- '--pencil: not with --bench'
}

@test "--pencil: marks that cannot be, named by their cells" {
	all=$(printf '123456789%.0s' {1..81})
	run_sep sdk-solve --pencil --hint <<<"2${all:1}"
	fails 2 "^sdk-solve: <stdin>: line 1: cell r1c1: '2' in place 1$"
	run_sep sdk-solve --pencil --hint <<<"1 1 $(printf '123456789 %.0s' {1..79})"
	fails 2 '^sdk-solve: <stdin>: line 1: 1 twice, at r1c1 and r1c2$'
	run_sep sdk-solve --pencil --hint <<<"1 2 3 4 5 6 7 8 9 23 $(printf '123456789 %.0s' {1..71})"
	fails 2 '^sdk-solve: <stdin>: line 1: cell r2c1 has no candidate left beside the placed digits$'
	run_sep sdk-solve --pencil --hint <<<"${all:0:720}........."
	fails 2 '^sdk-solve: <stdin>: line 1: cell r9c9 has no candidate$'
}

@test "invalid records and bad usage" {
	run_sep sdk-solve --explain <<<"55${EASY:2}"
	[ "$status" -eq 1 ]
	assert_line "invalid: row 1 has two 5s"
	run_sep sdk-solve --explain --hint <<<"$EASY"
	fails 2 'exclude each other'
	run_sep sdk-solve --rate -s dlx <<<"$EASY"
	fails 2 '^sdk-solve: -s dlx: --explain, --hint and --rate use the logic strategy$'
	run_sep sdk-solve --trace -c2 <<<"$EASY"
	fails 2 'not with --explain'
	run_sep sdk-solve --explain </dev/null
	assert_success
	[ -z "$output" ]
}

@test "--pencil reads through the shared reader: its line limit, record numbers" {
	{ printf '1%.0s' $(seq 70000); echo; } >"$BATS_TEST_TMPDIR/long"
	run_sep sdk-solve --pencil "$BATS_TEST_TMPDIR/long"
	fails 2 "^sdk-solve: $BATS_TEST_TMPDIR/long: line 1: line longer than 65536 bytes$"
	printf '%s\n\n%s\n' "$EASY" "$EASY" >"$BATS_TEST_TMPDIR/two"
	run_sep sdk-solve --pencil -v "$BATS_TEST_TMPDIR/two"
	assert_success
	[[ "$stderr" == *"record 2 (line 3): solved, 1 solution"* ]] ||
	    fail "$stderr"
}
