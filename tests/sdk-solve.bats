#!/usr/bin/env bats
# sdk-solve: strategies, statuses, budgets, streams and the man page.

load helper

F="$FIXTURES/solve"
STRATEGIES="fast dlx ac3 backtrack"
CLASSIC=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
EMPTY=.................................................................................

check() {
	awk -f "$F/check.awk" "$@"
}

# records FILE: one line "status grid" per output record.
records() {
	awk '/^# sdk-status / { s = $3 } !/^#/ { print s, $0 }' "$1"
}

# sample FILE STEP: every STEP-th puzzle of a shared set.
sample() {
	awk -v s="$2" 'NR % s == 1' "$SHARED/puzzles/$1"
}

@test "a puzzle: givens, status and a checked solution; exit 0" {
	run_sep sdk-solve <<<"$CLASSIC"
	assert_success
	[ -z "$stderr" ]
	assert_line --index 0 "# sdk-puzzle $CLASSIC"
	assert_line --index 1 "# sdk-status solved"
	assert_line --index 2 534678912672195348198342567859761423426853791713924856961537284287419635345286179
	run check <(sdk-solve <<<"$CLASSIC")
	assert_success
}

@test "every strategy solves the shipped samples, checked independently" {
	for s in $STRATEGIES; do
		run_sep sdk-solve -s "$s" "$SAMPLES/puzzles.txt"
		[ "$status" -eq 0 ] || fail "$s: status $status: $stderr"
		[ "$(grep -c '^# sdk-status solved$' <<<"$output")" -eq 6 ] ||
		    fail "$s: $output"
		run check <(sdk-solve -s "$s" "$SAMPLES/puzzles.txt")
		assert_output "6 records, 0 bad"
	done
}

@test "metadata passes through; the nine-line layout is read" {
	run_sep sdk-solve "$F/boxed.txt"
	assert_success
	assert_line --index 0 "# sdk-source page1.jpg"
	assert_line --index 1 --regexp '^# sdk-conf 9{81}$'
	[ "$(grep -c '^# sdk-status solved$' <<<"$output")" -eq 2 ]
	run check <(sdk-solve "$F/boxed.txt")
	assert_output "2 records, 0 bad"
}

@test "the empty grid: multiple, the first solution printed, exit 1" {
	for s in $STRATEGIES; do
		run_sep sdk-solve -s "$s" <<<"$EMPTY"
		[ "$status" -eq 1 ] || fail "$s: status $status"
		assert_line "# sdk-status multiple"
		[[ "$stderr" =~ ^sdk-solve:\ \<stdin\>:\ record\ 1\ \(line\ 1\):\ multiple$ ]] ||
		    fail "$s: $stderr"
		run check <(sdk-solve -q -s "$s" <<<"$EMPTY")
		assert_output "1 records, 0 bad"
	done
}

@test "--first accepts the first solution: solved, exit 0" {
	run_sep sdk-solve --first <<<"$EMPTY"
	assert_success
	assert_line "# sdk-status solved"
}

@test "two solutions: multiple; -c counts exactly 2 with every strategy" {
	run_sep sdk-solve "$F/two.txt"
	[ "$status" -eq 1 ]
	assert_line "# sdk-status multiple"
	for s in $STRATEGIES; do
		run_sep sdk-solve -s "$s" -c "$F/two.txt"
		assert_success
		assert_output 2
	done
}

@test "-c counts up to N; --count=N too; -j reports the count" {
	run_sep sdk-solve -c25 <<<"$EMPTY"
	assert_success
	assert_output 25
	run_sep sdk-solve --count=7 -s dlx <<<"$EMPTY"
	assert_output 7
	run_sep sdk-solve -c <<<"$CLASSIC"
	assert_output 1
	run_sep sdk-solve -c -j <<<"$EMPTY"
	[[ "$output" == *'"solutions":1000000'* ]]
}

@test "no solution: unsolvable with every strategy, never timeout" {
	for s in fast dlx ac3; do
		run_sep sdk-solve -s "$s" "$F/unsolvable18.txt"
		[ "$status" -eq 1 ] || fail "$s: status $status"
		assert_line "# sdk-status unsolvable"
		assert_line --index 2 "$(cat "$F/unsolvable18.txt")"
		[[ "$stderr" == *"unsolvable18.txt: record 1 (line 1): unsolvable" ]] ||
		    fail "$s: $stderr"
	done
	run_sep sdk-solve -c "$F/unsolvable18.txt"
	assert_success
	assert_output 0
}

@test "backtracking on a hard contradiction: timeout under -t 0.05" {
	run_sep sdk-solve -s backtrack -t 0.05 "$F/unsolvable18.txt"
	[ "$status" -eq 1 ]
	assert_line "# sdk-status timeout"
	[[ "$stderr" == *"record 1 (line 1): timeout" ]]
	run_sep sdk-solve -s backtrack --timeout=.05 -j "$F/unsolvable18.txt"
	[ "$status" -eq 1 ]
	[[ "$output" == *'"status":"timeout"'* ]]
	[[ "$output" == *'"solution":null'* ]]
}

@test "--max-nodes: over budget is timeout with every strategy" {
	for s in $STRATEGIES; do
		run_sep sdk-solve -s "$s" --max-nodes 3 -j <<<"$EMPTY"
		[ "$status" -eq 1 ] || fail "$s: status $status"
		[[ "$output" == *'"status":"timeout"'* ]] || fail "$s: $output"
		[[ "$output" == *'"nodes":3,'* ]] || fail "$s: $output"
	done
	run_sep sdk-solve -c --max-nodes 50 <<<"$EMPTY"
	[ "$status" -eq 1 ]
	assert_output "?"
}

@test "invalid givens: the unit and the digit named, exit 1, givens kept" {
	bad=11${EMPTY:2}
	run_sep sdk-solve <<<"$bad"
	[ "$status" -eq 1 ]
	assert_line "# sdk-status invalid"
	assert_line --index 2 "$bad"
	assert_equal "$stderr" "sdk-solve: <stdin>: record 1 (line 1): invalid: row 1 has two 1s"
	col=5........5${EMPTY:10}
	run_sep sdk-solve -q -j <<<"$col"
	[[ "$output" == *'"status":"invalid","message":"column 1 has two 5s"'* ]]
	[ -z "$stderr" ]
	box=7.........7${EMPTY:11}
	run_sep sdk-solve <<<"$box"
	[[ "$stderr" == *"invalid: box 1 has two 7s" ]]
}

@test "a record's sdk-source names it; no-grid passes through" {
	run_sep sdk-solve <<<"# sdk-source scans/a.jpg
# sdk-status no-grid
$EMPTY"
	[ "$status" -eq 1 ]
	assert_line "# sdk-status no-grid"
	assert_equal "$stderr" "sdk-solve: scans/a.jpg: record 1 (line 3): no-grid"
}

@test "malformed input: exit 2, line named, earlier records written" {
	run_sep sdk-solve <<<"$CLASSIC
$CLASSIC
12345"
	[ "$status" -eq 2 ]
	[ "$(grep -c '^# sdk-status solved$' <<<"$output")" -eq 2 ]
	[[ "$stderr" =~ ^sdk-solve:\ \<stdin\>:\ line\ 3:\  ]] || fail "$stderr"
}

@test "several files: statuses fold, each failure named" {
	run_sep sdk-solve "$SAMPLES/puzzles.txt" "$F/two.txt" /nonexistent
	[ "$status" -eq 2 ]
	[ "$(grep -c '^# sdk-status ' <<<"$output")" -eq 7 ]
	[[ "$stderr" == *"two.txt: record 1 (line 1): multiple"* ]]
	[[ "$stderr" == *"/nonexistent: cannot open"* ]]
}

@test "-j: one JSON object per record with the documented fields" {
	run_sep sdk-solve -j "$SAMPLES/puzzles.txt"
	assert_success
	[ "${#lines[@]}" -eq 6 ]
	run jq -r '[.source, .status, (.solution | length), .solutions,
	    (.guesses | type), (.nodes | type), (.microseconds | type)] | @tsv' \
	    <<<"$output"
	assert_success
	assert_line --index 0 "$SAMPLES/puzzles.txt	solved	81	1	number	number	number"
}

@test "-v: one line per record on stderr; a generous -t changes nothing" {
	run_sep sdk-solve -v -t 30 --max-nodes 100000 "$SAMPLES/puzzles.txt"
	assert_success
	[ "$(grep -c '^# sdk-status solved$' <<<"$output")" -eq 6 ]
	[ "$(grep -c 'record [1-6] (line [1-6]): solved, 1 solution, [0-9]* guesses, [0-9]* nodes, [0-9]* us$' <<<"$stderr")" -eq 6 ]
}

@test "-f grid writes nine boxed rows that sdk-solve reads back" {
	run_sep sdk-solve -f grid <<<"$CLASSIC"
	assert_success
	assert_line --index 2 "5 3 4 | 6 7 8 | 9 1 2"
	assert_line --index 5 "------+-------+------"
	run bash -c "sdk-solve -f grid <<<'$CLASSIC' | sdk-solve -c"
	assert_output 1
}

@test "-o writes the file whole; a bad -o leaves nothing" {
	out="$BATS_TEST_TMPDIR/out.txt"
	run_sep sdk-solve -o "$out" "$SAMPLES/puzzles.txt"
	assert_success
	[ -z "$output" ]
	run check "$out"
	assert_output "6 records, 0 bad"
	run_sep sdk-solve -o /nonexistent/dir/out.txt "$SAMPLES/puzzles.txt"
	fails 2 "^sdk-solve: /nonexistent/dir/out.txt: "
}

@test "-p: the solutions alone, an empty line for a record without one" {
	printf '%s\n%s\n%s\n' "$CLASSIC" "$EMPTY" "$CLASSIC" >"$BATS_TEST_TMPDIR/in"
	run_sep sdk-solve -p "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	sol=534678912672195348198342567859761423426853791713924856961537284287419635345286179
	# (bats drops empty lines from $lines: compare the whole output.)
	[ "$output" = "$(printf '%s\n\n%s' "$sol" "$sol")" ] || fail "$output"
	[[ "$stderr" == *"record 2 (line 2): multiple"* ]] || fail "$stderr"
	run_sep sdk-solve --plain "$SAMPLES/puzzles.txt"
	assert_success
	[ "$output" = "$(sdk-solve "$SAMPLES/puzzles.txt" | grep -v '^#')" ]
	run_sep sdk-solve -p --first <<<"$EMPTY"
	assert_success
	[[ "$output" =~ ^[1-9]{81}$ ]] || fail "$output"
	run_sep sdk-solve -p -f grid <<<"$CLASSIC"
	assert_success
	assert_line --index 0 "5 3 4 | 6 7 8 | 9 1 2"
	[ "${#lines[@]}" -eq 11 ] || fail "$output"
}

@test "--csv: a header, then puzzle,solution,status for every record" {
	printf '%s\n%s\n' "$CLASSIC" "$EMPTY" >"$BATS_TEST_TMPDIR/in"
	run_sep sdk-solve --csv "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 3 ] || fail "$output"
	assert_line --index 0 "puzzle,solution,status"
	assert_line --index 1 "$CLASSIC,534678912672195348198342567859761423426853791713924856961537284287419635345286179,solved"
	assert_line --index 2 "$EMPTY,,multiple"
	run_sep sdk-solve --csv </dev/null
	assert_success
	[ -z "$output" ]
}

@test "-p and --csv do not go with -j, -c, -f grid (--csv), --explain or --bench" {
	run_sep sdk-solve -p -j
	fails 2 "^sdk-solve: -p: not with -j$"
	run_sep sdk-solve --csv -c
	fails 2 "^sdk-solve: --csv: not with -c$"
	run_sep sdk-solve --csv -f grid
	fails 2 "^sdk-solve: --csv: not with -f grid$"
	run_sep sdk-solve -p --explain
	fails 2 "^sdk-solve: -p: not with --explain, --hint, --rate or --trace$"
	run_sep sdk-solve -p --csv
	fails 2 "^sdk-solve: -p: not with --csv$"
	run_sep sdk-solve --csv --bench "$SAMPLES/puzzles.txt"
	fails 2 "^sdk-solve: --csv: not with --bench$"
}

@test "usage errors: bad strategy, timeout, count, format, options" {
	run_sep sdk-solve -s nosuch
	fails 2 "^sdk-solve: unknown strategy: nosuch \(fast, dlx, ac3, backtrack or logic\)$"
	run_sep sdk-solve -t 0
	fails 2 "bad timeout: 0"
	run_sep sdk-solve -t abc
	fails 2 "bad timeout: abc"
	run_sep sdk-solve -c0
	fails 2 "bad count: 0"
	run_sep sdk-solve --max-nodes=-1
	fails 2 "bad node count: -1"
	run_sep sdk-solve -f fancy
	fails 2 "unknown format: fancy"
	run_sep sdk-solve -c --first
	fails 2 "usage: sdk-solve"
	run_sep sdk-solve --bench
	fails 2 "needs puzzle files"
	run_sep sdk-solve --bench -s fast,nosuch "$SAMPLES/puzzles.txt"
	fails 2 "unknown strategy in: fast,nosuch"
}

@test "--help lists every strategy" {
	run_sep sdk-solve --help
	assert_success
	for s in $STRATEGIES; do
		assert_line --regexp "^ +$s "
	done
}

@test "a long stream flows through, one record out per record in" {
	run bash -c "yes '$CLASSIC' | head -n 20000 | sdk-solve -j |
	    grep -c '\"status\":\"solved\"'"
	assert_success
	assert_output 20000
}

@test "--bench: a table per file, -j objects, every strategy" {
	run_sep sdk-solve --bench -s all -n 2 -t 5 "$SAMPLES/puzzles.txt"
	assert_success
	assert_line --index 0 --partial "puzzles.txt: 6 puzzles, 2 timed passes"
	assert_line --index 1 --regexp '^strategy +solved +multiple +unsolv +timeout +puzzles/s +mean_us +median_us +p99_us +guesses +no_guess$'
	for s in $STRATEGIES; do
		assert_line --regexp "^$s +6 +0 +0 +0 "
	done
	run_sep sdk-solve --bench -j -s fast,dlx "$F/two.txt" "$F/unsolvable18.txt"
	assert_success
	[ "${#lines[@]}" -eq 4 ]
	run jq -r '[.strategy, .puzzles, .solved, .multiple, .unsolvable] | @tsv' <<<"$output"
	assert_line --index 0 "fast	1	0	1	0"
	assert_line --index 3 "dlx	1	0	0	1"
}

# Every strategy against every other on samples of the shared sets: same
# status, same solution, and each solution passes the independent check.
# Backtracking gets a node budget; where it runs out it must say timeout.
agree() {
	local set="$1" step="$2" ref s
	need_shared "puzzles/$set"
	sample "$set" "$step" >"$BATS_TEST_TMPDIR/in.txt"
	sdk-solve -q "$BATS_TEST_TMPDIR/in.txt" >"$BATS_TEST_TMPDIR/fast.txt" ||
	    true
	run check "$BATS_TEST_TMPDIR/fast.txt"
	assert_success
	ref=$(grep -c '^# sdk-status solved$' "$BATS_TEST_TMPDIR/fast.txt")
	[ "$ref" -eq "$(wc -l <"$BATS_TEST_TMPDIR/in.txt")" ]
	for s in dlx ac3; do
		sdk-solve -q -s "$s" "$BATS_TEST_TMPDIR/in.txt" \
		    >"$BATS_TEST_TMPDIR/$s.txt" || true
		cmp "$BATS_TEST_TMPDIR/fast.txt" "$BATS_TEST_TMPDIR/$s.txt" ||
		    fail "$s differs from fast on $set"
	done
	sdk-solve -q -s backtrack --max-nodes 2000000 \
	    "$BATS_TEST_TMPDIR/in.txt" >"$BATS_TEST_TMPDIR/bt.txt" || true
	run check "$BATS_TEST_TMPDIR/bt.txt"
	assert_success
	# Record by record: the same status and grid, or a timeout.
	run awk 'NR == FNR { a[FNR] = $0; next }
	    $1 != "timeout" && $0 != a[FNR] { print FNR ": " $0; bad = 1 }
	    END { exit bad }' <(records "$BATS_TEST_TMPDIR/fast.txt") \
	    <(records "$BATS_TEST_TMPDIR/bt.txt")
	assert_success
}

@test "all strategies give the same statuses on mixed puzzles" {
	local s
	sdk-solve -q "$F/mixed.txt" >"$BATS_TEST_TMPDIR/fast.txt" || true
	run check "$BATS_TEST_TMPDIR/fast.txt"
	assert_output "300 records, 0 bad"
	# Every status occurs.
	for st in solved multiple unsolvable invalid; do
		grep -q "^# sdk-status $st\$" "$BATS_TEST_TMPDIR/fast.txt" ||
		    fail "no $st record"
	done
	for s in dlx ac3 backtrack; do
		sdk-solve -q -s "$s" --max-nodes 2000000 "$F/mixed.txt" \
		    >"$BATS_TEST_TMPDIR/$s.txt" || true
		run check "$BATS_TEST_TMPDIR/$s.txt"
		assert_output "300 records, 0 bad"
		# Same status; same grid unless multiple (the first solution
		# found depends on the search order); backtrack may run out.
		run awk 'NR == FNR { a[FNR] = $0; split($0, x, " "); st[FNR] = x[1]; next }
		    $1 == "timeout" && "'"$s"'" == "backtrack" { next }
		    $1 != st[FNR] || ($1 != "multiple" && $0 != a[FNR]) {
			print FNR ": " $0; bad = 1 }
		    END { exit bad }' <(records "$BATS_TEST_TMPDIR/fast.txt") \
		    <(records "$BATS_TEST_TMPDIR/$s.txt")
		assert_success
	done
}

@test "all strategies agree on a sample of top1465" {
	agree top1465.txt 100
}

@test "all strategies agree on a sample of hardest_1905_11plus" {
	agree hardest_1905_11plus.txt 5000
}

@test "all strategies agree on a sample of 17_clue" {
	agree 17_clue.txt 5000
}

# fast.c runs as built for AVX2 where the processor has it (fast-avx2.c);
# SDK_SOLVE_PORTABLE=1 keeps it to the portable build.  Both must search
# alike: same answers, guesses and nodes (elsewhere both runs are portable).
@test "fast: the AVX2 build and the portable one search alike" {
	local f=$BATS_TEST_TMPDIR
	need_shared puzzles/hardest_1905_11plus.txt
	{ sample hardest_1905_11plus.txt 250; sample top1465.txt 15
	    cat "$F/mixed.txt"; } >"$f/in.txt"
	sdk-solve -j --count=3 "$f/in.txt" |
	    sed 's/,"microseconds":[0-9.]*//' >"$f/simd.txt" || true
	SDK_SOLVE_PORTABLE=1 sdk-solve -j --count=3 "$f/in.txt" |
	    sed 's/,"microseconds":[0-9.]*//' >"$f/portable.txt" || true
	[ "$(wc -l <"$f/simd.txt")" -eq "$(wc -l <"$f/in.txt")" ]
	run cmp "$f/simd.txt" "$f/portable.txt"
	assert_success
}

@test "fast solves whole shared sets, every solution checked" {
	need_shared puzzles/top1465.txt
	run check <(sdk-solve "$SHARED/puzzles/top1465.txt")
	assert_output "1465 records, 0 bad"
	run check <(sample 17_clue.txt 10 | sdk-solve)
	assert_output "4916 records, 0 bad"
}

# Issue 14: a puzzle a person has started.  samples/started.txt is the
# first sample puzzle (PUZ, 22 givens, its solution SOL) with entries
# written by hand: r1c1 5, r1c5 4, r1c6 2 and r6c6 9 right; r1c7 1 wrong
# (and twice in row 1 with the given at r1c2), r2c1 7 and r9c9 3 wrong;
# a 7 written over the given 1 at r1c2, which is ignored.
PUZ=.138...7...........2......1986.....5.....6..97..3.....1.4.9....8...51..2.......5.
SOL=513842976678915423429637581986174235231586749745329618154293867867451392392768154
ENT=57..421..7........................................9.............................3
# PUZ with the right entries filled in: where the person stands.
POS=513842.7...........2......1986.....5.....6..97..3.9...1.4.9....8...51..2.......5.
MISTAKES="r1c7:1>9 r2c1:7>6 r9c9:3>4"
SAY="3 mistakes to fix first: r1c7 is 1, should be 9; r2c1 is 7, should be 6; r9c9 is 3, should be 4"

# started ENTRIES [GRID]: a record with these entries on PUZ (or GRID).
started() {
	printf '# sdk-source photo.jpg\n# sdk-entries %s\n%s\n' "$1" "${2:-$PUZ}"
}

# pad CELLS: the first cells of an entries value, the rest empty.
pad() {
	local e=$1
	while [ "${#e}" -lt 81 ]; do
		e+=.
	done
	printf '%s\n' "$e"
}

# cell_of TEXT: the index (0-80) of the first cell named in TEXT.
cell_of() {
	[[ "$1" =~ r([1-9])c([1-9]) ]] || return 1
	echo $(((BASH_REMATCH[1] - 1) * 9 + BASH_REMATCH[2] - 1))
}

@test "entries: each wrong one in sdk-mistakes, sdk-progress R/N, the solution from the givens" {
	run_sep sdk-solve "$SAMPLES/started.txt"
	assert_success
	[ -z "$stderr" ]
	assert_equal "${#lines[@]}" 6
	assert_line --index 0 "# sdk-entries $ENT"
	assert_line --index 1 "# sdk-puzzle $PUZ"
	assert_line --index 2 "# sdk-status solved"
	# r1c7's 1 clashes with the given 1 at r1c2: a mistake, not invalid.
	assert_line --index 3 "# sdk-mistakes $MISTAKES"
	# 4 right of the 81 - 22 = 59 cells to fill
	assert_line --index 4 "# sdk-progress 4/59"
	assert_line --index 5 "$SOL"
	# The same for every strategy, and with -f grid.
	for s in dlx ac3 logic; do
		run_sep sdk-solve -s "$s" "$SAMPLES/started.txt"
		assert_line --index 3 "# sdk-mistakes $MISTAKES"
		assert_line --index 4 "# sdk-progress 4/59"
	done
	run_sep sdk-solve -f grid "$SAMPLES/started.txt"
	assert_line --index 3 "# sdk-mistakes $MISTAKES"
	assert_line --index 5 "5 1 3 | 8 4 2 | 9 7 6"
}

@test "entries all right: sdk-mistakes none; progress counts them" {
	local all="" i right
	# the sample's entries but the three wrong ones
	right=${ENT:0:6}.${ENT:7:2}.${ENT:10:70}.
	run_sep sdk-solve < <(started "$right")
	assert_success
	assert_line --index 4 "# sdk-mistakes none"
	assert_line --index 5 "# sdk-progress 4/59"
	# the whole solution written in by hand: 59/59
	for ((i = 0; i < 81; i++)); do
		[ "${PUZ:i:1}" = . ] && all+=${SOL:i:1} || all+=.
	done
	run_sep sdk-solve < <(started "$all")
	assert_success
	assert_line --index 4 "# sdk-mistakes none"
	assert_line --index 5 "# sdk-progress 59/59"
	run_sep sdk-solve --hint < <(started "$all")
	assert_success
	assert_output "solved: no empty cell left"
	# '0' is empty too, as in the grid line
	run_sep sdk-solve < <(started "${ENT//./0}")
	assert_line --index 4 "# sdk-mistakes $MISTAKES"
}

@test "entries: an entry on a given is ignored, never a mistake" {
	# 9 over the given 1 at r1c2, 1 over the given 8 at r1c4
	run_sep sdk-solve < <(started "$(pad .9.1)")
	assert_success
	assert_line --index 4 "# sdk-mistakes none"
	assert_line --index 5 "# sdk-progress 0/59"
}

@test "entries without one solution of the givens: no verdict, entries kept" {
	local stale="# sdk-mistakes r1c1:1>2
# sdk-progress 1/2"
	# several solutions: the entries cannot be judged
	run_sep sdk-solve < <(started "$ENT" "${EMPTY}" | sed "2a\\
$stale")
	[ "$status" -eq 1 ]
	assert_line "# sdk-entries $ENT"
	assert_line "# sdk-status multiple"
	refute_line --partial "# sdk-mistakes"
	refute_line --partial "# sdk-progress"
	# invalid givens: entries are not what makes them invalid
	run_sep sdk-solve < <(started "$ENT" "11${EMPTY:2}")
	[ "$status" -eq 1 ]
	assert_line "# sdk-status invalid"
	refute_line --partial "# sdk-mistakes"
	# no entries: a verdict from elsewhere passes through untouched
	run_sep sdk-solve < <(printf '%s\n%s\n' "$stale" "$PUZ")
	assert_success
	assert_line --index 0 "# sdk-mistakes r1c1:1>2"
}

@test "-j: entries, mistakes and progress" {
	run_sep sdk-solve -j "$SAMPLES/started.txt"
	assert_success
	run jq -c '[.status, .entries, .mistakes, .progress]' <<<"$output"
	assert_output "[\"solved\",\"$ENT\",[{\"cell\":\"r1c7\",\"written\":1,\"right\":9},{\"cell\":\"r2c1\",\"written\":7,\"right\":6},{\"cell\":\"r9c9\",\"written\":3,\"right\":4}],{\"right\":4,\"wrong\":3,\"to_fill\":59}]"
	# no verdict without one solution; no new keys without entries
	run_sep sdk-solve -j < <(started "$ENT" "$EMPTY")
	run jq -c '[.status, .mistakes, .progress]' <<<"$output"
	assert_output '["multiple",null,null]'
	run_sep sdk-solve -j <<<"$PUZ"
	run jq -c 'has("entries"), has("mistakes"), has("progress")' <<<"$output"
	assert_output "false
false
false"
}

@test "--hint: the mistakes first, then a step from the givens and the right entries" {
	local want c
	# From the givens alone the hint is r6c6, which the person has filled.
	run_sep sdk-solve --hint <<<"$PUZ"
	assert_output --partial "r6c6 = 9"
	want=$(sdk-solve --hint <<<"$POS")
	run_sep sdk-solve --hint "$SAMPLES/started.txt"
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_line --index 0 "$SAY"
	assert_line --index 1 "$want"
	refute_output --partial "r6c6"
	# as the man page shows it
	assert_equal "$want" "naked single: r1c9 = 6"
	# the hinted cell is empty where the person stands
	c=$(cell_of "${lines[1]}")
	[ "${POS:c:1}" = . ]
	run jq -c '[.cell, .mistakes[0].cell, .progress.wrong]' \
	    <<<"$(sdk-solve --hint -j "$SAMPLES/started.txt")"
	assert_output "[\"r$((c / 9 + 1))c$((c % 9 + 1))\",\"r1c7\",3]"
	# one mistake: said in the singular
	run_sep sdk-solve --hint < <(started "$(pad 5.....1)")
	assert_success
	assert_line --index 0 "1 mistake to fix first: r1c7 is 1, should be 9"
	# no mistakes: nothing said
	run_sep sdk-solve --hint < <(started "$(pad 5)")
	assert_equal "${#lines[@]}" 1
	refute_output --partial mistake
}

@test "--explain: the mistakes first, then every step from the givens and the right entries" {
	run_sep sdk-solve --explain "$SAMPLES/started.txt"
	assert_success
	assert_line --index 0 "# sdk-entries $ENT"
	assert_line --index 1 "# sdk-puzzle $PUZ"
	assert_line --index 2 "$SAY"
	# the steps are those from the person's position
	diff <(tail -n +4 <<<"$output") \
	    <(sdk-solve --explain <<<"$POS" | tail -n +2 | sed '$d')
	assert_line --regexp '^solved: 55 steps, hardest '
	run_sep sdk-solve --explain -j "$SAMPLES/started.txt"
	run jq -c 'select(.status) | [.status, .left, (.mistakes | length),
	    .progress.right]' <<<"$output"
	assert_output '["solved",0,3,4]'
	# --rate is about the puzzle: the givens alone
	run_sep sdk-solve --rate "$SAMPLES/started.txt"
	assert_line "# sdk-steps 59"
}

@test "malformed sdk-entries: exit 2, named; the other records written" {
	run_sep sdk-solve < <(started "${ENT:1}")
	fails 2 "^sdk-solve: photo.jpg: record 1 \(line 3\): malformed sdk-entries: 80 characters, not 81$"
	run_sep sdk-solve < <(started "${ENT:0:80}x")
	fails 2 "^sdk-solve: photo.jpg: record 1 \(line 3\): malformed sdk-entries: character 81 is 'x', not a digit or '.'$"
	run_sep sdk-solve --hint < <(printf '# sdk-entries\n%s\n' "$PUZ")
	fails 2 "^sdk-solve: <stdin>: record 1 \(line 2\): malformed sdk-entries: 0 characters, not 81$"
	run_sep sdk-solve -j < <(started "${ENT:0:40}-${ENT:41}")
	fails 2 "character 41 is '-'"
	# The records around it are solved and written; -o writes nothing.
	run_sep sdk-solve < <(echo "$CLASSIC"; started "${ENT}9"; echo "$CLASSIC")
	[ "$status" -eq 2 ]
	[ "$(grep -c '^# sdk-status solved$' <<<"$output")" -eq 2 ]
	run_sep sdk-solve -o "$BATS_TEST_TMPDIR/o.txt" < <(started "${ENT}9")
	[ "$status" -eq 2 ]
	[ ! -e "$BATS_TEST_TMPDIR/o.txt" ]
}

# Issue 27: candidates read (sdk-pencil, as sdk-ocr writes them for an
# app's screenshot) on PUZ, whose solution SOL has 5 at r1c1, 4 at r1c5, 2
# at r1c6 and 9 at r1c7: r1c5's marks lack its 4 (crossed out wrongly);
# r1c6's digits were not read; r1c2 is a given.
MARKS="r1c1:35 r1c2:5 r1c5:17 r1c6: r1c7:9"

@test "pencil marks lacking the solution's digit: sdk-pencil-mistakes names them" {
	run_sep sdk-solve < <(printf '# sdk-pencil %s\n%s\n' "$MARKS" "$PUZ")
	assert_success
	[ -z "$stderr" ]
	assert_line --index 0 "# sdk-pencil $MARKS"
	assert_line "# sdk-status solved"
	assert_line "# sdk-pencil-mistakes r1c5:4"
	assert_line "$SOL"
	run_sep sdk-solve -j < <(printf '# sdk-pencil %s\n%s\n' "$MARKS" "$PUZ")
	assert_success
	assert_output --partial '"pencil_mistakes":[{"cell":"r1c5","missing":4}]'
	run_sep sdk-solve --explain < <(printf '# sdk-pencil %s\n%s\n' \
	    "$MARKS" "$PUZ")
	assert_success
	assert_line --index 2 "1 pencil mark to fix: r1c5 lacks 4"
	# every cell's marks hold the answer: none
	run_sep sdk-solve < <(printf '# sdk-pencil r1c1:5 r1c5:347\n%s\n' "$PUZ")
	assert_line "# sdk-pencil-mistakes none"
	# the marks of an entry's cell are stale: the entry is judged
	run_sep sdk-solve < <(printf '# sdk-pencil r1c1:3 r3c1:4\n# sdk-entries %s\n%s\n' \
	    "$ENT" "$PUZ")
	assert_line "# sdk-pencil-mistakes none"
	assert_line "# sdk-mistakes $MISTAKES"
	# no one solution (r1c1's 1 clashes with r1c2's): nothing to judge by
	run_sep sdk-solve < <(printf '# sdk-pencil %s\n%s\n' "$MARKS" \
	    "1${PUZ:1}")
	assert_line "# sdk-status invalid"
	refute_line --regexp '^# sdk-pencil-mistakes'
}

@test "pencil marks with no digits read: the output as without them" {
	local want
	want=$(sdk-solve < <(echo "$PUZ"))
	run_sep sdk-solve < <(printf '# sdk-pencil r1c1: r2c2:\n%s\n' "$PUZ")
	assert_success
	assert_equal "$output" "# sdk-pencil r1c1: r2c2:"$'\n'"$want"
	run_sep sdk-solve -j < <(printf '# sdk-pencil r1c1:\n%s\n' "$PUZ")
	refute_output --partial pencil_mistakes
}

@test "malformed sdk-pencil: exit 2, named; the other records written" {
	run_sep sdk-solve < <(printf '# sdk-source shot.png\n# sdk-pencil r1c5:1x\n%s\n' "$PUZ")
	fails 2 "^sdk-solve: shot.png: record 1 \\(line 3\\): malformed sdk-pencil: a candidate is not a digit 1-9$"
	run_sep sdk-solve --hint < <(printf '# sdk-pencil r0c1:2\n%s\n' "$PUZ")
	fails 2 "^sdk-solve: <stdin>: record 1 \\(line 2\\): malformed sdk-pencil: \"r0c1:2\" \\(want words like r1c2:137\\)$"
	run_sep sdk-solve -j < <(printf '# sdk-pencil r1c5 17\n%s\n' "$PUZ")
	fails 2 "malformed sdk-pencil"
	run_sep sdk-solve < <(echo "$CLASSIC"; printf '# sdk-pencil r1c5:0\n%s\n' \
	    "$PUZ"; echo "$CLASSIC")
	[ "$status" -eq 2 ]
	[ "$(grep -c '^# sdk-status solved$' <<<"$output")" -eq 2 ]
}

@test "a given read unsure (sdk-unsure): status unsure, no solution, the cells named" {
	local T="$BATS_TEST_TMPDIR"
	local SOLVED=534678912672195348198342567859761423426853791713924856961537284287419635345286179
	# r1c1 read 5 might be a 1: both make a proper puzzle, apart
	printf '# sdk-source p.jpg\n# sdk-unsure r1c1:5|1 r1c3:4|2\n%s\n%s\n' \
	    "$CLASSIC" "$CLASSIC" >"$T/u.txt"
	run_sep sdk-solve "$T/u.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "sdk-solve: p.jpg: record 1 (line 3): unsure: r1c1 is 5 or 1" ]
	assert_line "# sdk-status unsure"
	assert_line "# sdk-unsure r1c1:5|1 r1c3:4|2"
	# no solution: the givens come back; the record after it is solved
	[ "$(grep -Fxc "$CLASSIC" <<<"$output")" -eq 1 ]
	assert_line "$SOLVED"
	run_sep sdk-solve -j "$T/u.txt"
	assert_line --partial '"status":"unsure","message":"r1c1 is 5 or 1"'
	assert_line --partial '"solution":null'
	# the reading taken as it is: drop the line
	run_sep sh -c "grep -v '^# sdk-unsure' '$T/u.txt' | sdk-solve"
	assert_success
	# an unsure entry's cell alone does not stop the solve, and is no
	# mistake: it is not among the entries
	printf '# sdk-unsure r2c2:8|7\n# sdk-entries %s\n%s\n' "$ENT" "$PUZ" \
	    >"$T/e.txt"
	run_sep sdk-solve "$T/e.txt"
	assert_success
	assert_line "# sdk-mistakes $MISTAKES"
	assert_line "# sdk-unsure r2c2:8|7"
	run_sep sdk-solve --hint "$T/e.txt"
	assert_success
	assert_line "$SAY"
	assert_line "1 cell to check: r2c2 reads 8, the answer has 7"
	# malformed: exit 2, named, nothing written
	for bad in 'r1c1:5|5' 'r1c1:5' 'r2c1:5|6 r1c1:5|6' 'x'; do
		printf '# sdk-unsure %s\n%s\n' "$bad" "$CLASSIC" >"$T/b.txt"
		run_sep sdk-solve "$T/b.txt"
		fails 2 "malformed sdk-unsure"
	done
}

@test "records without entries: the output of before issue 14, byte for byte" {
	local p="$F/plain"
	run bash -c "sdk-solve <'$p.txt' | cmp - '$p.out'"
	assert_success
	run bash -c "sdk-solve -f grid <'$p.txt' | cmp - '$p.grid.out'"
	assert_success
	run bash -c "sdk-solve -j <'$p.txt' |
	    sed 's/,\"microseconds\":[0-9.]*//' | cmp - '$p.json.out'"
	assert_success
	run bash -c "sdk-solve --hint <'$p.txt' | cmp - '$p.hint.out'"
	assert_success
	run bash -c "sdk-solve --hint -j <'$p.txt' | cmp - '$p.hint.json.out'"
	assert_success
	run bash -c "sdk-solve --explain <'$p.txt' | cmp - '$p.explain.out'"
	assert_success
	run bash -c "sdk-solve --explain -j <'$p.txt' |
	    cmp - '$p.explain.json.out'"
	assert_success
}

# The EXAMPLES of man/sdk-solve.1, run as written from the top folder.
@test "man page EXAMPLES run" {
	local cmd n=0
	[ -f "$TOP/man/sdk-solve.1" ] || skip "no man page"
	cd "$TOP"
	while IFS= read -r cmd; do
		n=$((n + 1))
		cmd=${cmd//\\e/\\}
		# The photo pipeline needs the image programs and a sample photo.
		if [[ "$cmd" == *samples/image1.jpg* ]]; then
			[ -f samples/image1.jpg ] && [ -x "$SDK_BINDIR/sdk-ocr" ] &&
			    [ -x "$SDK_BINDIR/sdk-detect" ] &&
			    [ -x "$SDK_BINDIR/sdk-warp" ] || continue
		fi
		[[ "$cmd" != *sdk-render* ]] || [ -x "$SDK_BINDIR/sdk-render" ] ||
		    continue
		run bash -o pipefail -c "$cmd"
		[ "$status" -eq 0 ] || fail "example $n: $cmd: status $status: $output"
		[ -n "$output" ] || fail "example $n: $cmd: no output"
	done < <(sed -n 's/^\$ //p' man/sdk-solve.1)
	[ "$n" -ge 5 ]
}
