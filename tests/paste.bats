#!/usr/bin/env bats
# Grids pasted from other tools (sdk.5, "Grid records"): one real example
# of each format in tests/fixtures/paste, read by every program that reads
# grids as the puzzle tests/fixtures/paste/expected gives; what the reader
# still refuses, with what it expected; a puzzle given as an operand.

load helper

P="$FIXTURES/paste"
PUZZLE=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
SOLUTION=534678912672195348198342567859761423426853791713924856961537284287419635345286179

# The fixtures that are examples (not the table and its README).
examples() {
	local f
	for f in "$P"/*; do
		case ${f##*/} in
		expected | README) ;;
		*) echo "${f##*/}" ;;
		esac
	done
}

@test "every example has its puzzles in the table, and every row a file" {
	local f n=0
	for f in $(examples); do
		grep -q "^$f " "$P/expected" || fail "$f: not in expected"
		n=$((n + 1))
	done
	[ "$n" -ge 16 ] || fail "only $n examples"
	while read -r f _; do
		[ -f "$P/$f" ] || fail "expected names $f: no such file"
	done <"$P/expected"
}

@test "sdk-solve reads each example as the puzzles of the table" {
	local f want got
	for f in $(examples); do
		want=$(awk -v f="$f" '$1 == f { print $2 }' "$P/expected")
		run_sep sdk-solve --csv "$P/$f"
		[ "$status" -eq 0 ] || fail "$f: status $status: $stderr"
		got=$(printf '%s\n' "$output" | sed 1d | cut -d, -f1)
		[ "$got" = "$want" ] || fail "$f: read $got, want $want"
	done
}

@test "sdk-render and sdk-hold read each example too" {
	local f want got
	for f in $(examples); do
		want=$(awk -v f="$f" '$1 == f { print $2 }' "$P/expected")
		# Unsolved records: sdk-hold passes them on, status 1.
		run_sep sdk-hold -q "$P/$f"
		[ "$status" -eq 1 ] || fail "sdk-hold $f: status $status: $stderr"
		got=$(printf '%s\n' "$output" | grep -v '^#')
		[ "$got" = "$want" ] || fail "sdk-hold $f: $got"
		run_sep sdk-render -f text "$P/$f"
		[ "$status" -le 1 ] || fail "sdk-render $f: status $status: $stderr"
		[[ "$output" == *"+-------+"* ]] || fail "sdk-render $f: $output"
	done
}

@test "the Wicht dataset's .dat files are read: header lines of words are skipped" {
	run_sep sdk-solve --csv "$SAMPLES/image1.dat"
	assert_success
	[ "${lines[1]%%,*}" = "...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4..." ]
}

@test "sdk-solve --csv output reads back as its puzzles" {
	sdk-solve --csv "$SAMPLES/puzzles.txt" >"$BATS_TEST_TMPDIR/s.csv"
	run_sep sdk-solve -p "$BATS_TEST_TMPDIR/s.csv"
	assert_success
	[ "$output" = "$(sdk-solve -p "$SAMPLES/puzzles.txt")" ]
}

@test "metadata lines still travel: '# key value' is metadata, '#key' a comment" {
	printf '# sdk-source a.jpg\n#ARuud\n# x\n%s #1 Classic\n' "$PUZZLE" \
	    >"$BATS_TEST_TMPDIR/in"
	run_sep sdk-hold -q "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf '# sdk-source a.jpg\n# x\n%s' "$PUZZLE")" ]
}

@test "a '[State]' section and what follows it up to the next header is not read" {
	printf '[Puzzle]\n%s\n[State]\n%s\n[PencilMarks]\n1 2 3\n[Puzzle]\n%s\n' \
	    "$PUZZLE" "$SOLUTION" "$SOLUTION" >"$BATS_TEST_TMPDIR/in"
	run_sep sdk-hold -q "$BATS_TEST_TMPDIR/in"
	[ "$status" -eq 1 ]
	[ "$output" = "$(printf '%s\n%s' "$PUZZLE" "$SOLUTION")" ]
}

# refused INPUT REGEX: sdk-solve refuses INPUT (printf format) with status
# 2, a message matching REGEX and nothing on stdout.
refused() {
	printf "$1" >"$BATS_TEST_TMPDIR/in"
	run_sep sdk-solve "$BATS_TEST_TMPDIR/in"
	fails 2 "^sdk-solve: $BATS_TEST_TMPDIR/in: $2" ||
	    fail "$(printf "$1" | head -c 60): $stderr"
}

@test "what is still refused says what was expected" {
	local cells=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7
	refused "${cells}q\n" "line 1: unexpected 'q' in a grid: a cell is 1-9, or one of \. 0 x \* _ when empty$"
	refused "${cells}\302\275\n" "line 1: unexpected U\+00BD in a grid: a cell is 1-9"
	refused "hello world\n" "line 1: text but no grid: expected 81 cells on a line, or nine rows of nine$"
	refused "Puzzle 1: ${cells}9\n" "line 1: words beside a grid: expected the grid on a line of its own$"
	refused "\377\376\065\000\n\000" "line 1: UTF-16 text: convert it to UTF-8 \(iconv -f UTF-16 -t UTF-8\)$"
	refused "\211PNG\r\n" "line 1: unexpected byte 0x89 in a grid: not UTF-8 text$"
	refused "| 5 3   |   7   |       |\n|5 3 7|\n" "line 2: row 2 has 3 cells, expected 9$"
	refused "123456789\nGrid 02\n" "line 2: row 2 is text: expected nine cells$"
	refused "123456789\n[State]\n" "line 2: section header inside a grid"
}

# The peers' CSV layouts beyond the fixtures: a header names the puzzle's
# column (any of its usual names, any case, quoted, after other columns,
# ';' or tab between fields); the other columns are not read, whatever
# they hold.
@test "a CSV is read by the column its header names the puzzle's" {
	local t="$BATS_TEST_TMPDIR"
	printf 'source;"Quiz";rating\n"Le Monde; 2006";"%s";hard words\n' \
	    "$PUZZLE" >"$t/semi.csv"
	run_sep sdk-solve -p "$t/semi.csv"
	assert_success
	[ "$output" = "$SOLUTION" ]
	printf 'n\tsudoku\tsolution\n7\t%s\t%s\n' "$PUZZLE" "$SOLUTION" \
	    >"$t/tab.tsv"
	run_sep sdk-solve -p "$t/tab.tsv"
	assert_success
	[ "$output" = "$SOLUTION" ]
	# Two data sets one after the other: each header rules its rows.
	cat "$P/radcliffe-3m.csv" "$P/kaggle.csv" >"$t/both.csv"
	run_sep sdk-solve --csv "$t/both.csv"
	assert_success
	[ "${#lines[@]}" -eq 4 ] || fail "$output"
	[ "${lines[3]%%,*}" = "$(awk '$1 == "kaggle.csv" { print $2 }' "$P/expected")" ]
	# The Debian sudoku program's rows: a grid cut short is still one.
	head -n 8 "$P/debian-sudoku.csv" >"$t/cut.csv"
	run_sep sdk-solve "$t/cut.csv"
	fails 2 "line 8: input ends after 8 of 9 rows$"
}

@test "a CSV row whose puzzle column holds no puzzle is refused, naming it" {
	local cells=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7
	refused "id,puzzle,solution\n1,$cells,$SOLUTION\n" "line 2: column 2 \(puzzle\): 80 cells, expected 81$"
	refused "id,Puzzle,solution\n1\n" "line 2: 1 cells, expected 81"
	# A line without the header's separator is read as a whole.
	refused "id,puzzle\n2;$PUZZLE\n" "line 2: 82 cells, expected 81"
	refused "a,b,puzzle\n1,2\n" "line 2: no column 3 \(puzzle\): expected the puzzle there$"
	refused "id,puzzle\n1,\n" "line 2: column 2 \(puzzle\): no puzzle: expected 81 cells$"
	refused "id,puzzle\n1,${cells}q\n" "line 2: column 2 \(puzzle\): unexpected 'q' in a grid"
	# A header that names no puzzle's column: the row as a whole, as before.
	refused "id,clues,solution\n1,27,$SOLUTION\n" "line 2: 84 cells, expected 81"
	# A spreadsheet's row is nine fields of at most one cell each.
	refused "9,,,,7,,,,5\n,5,,,,2,4,9,\n,1,,6,5,,,,,\n" "line 3: row 3 has 3 cells, expected 9$"
	refused "9,,,,7,,,,5\n,5,,,,2,4,9,\n,1,,6,55,,,,\n" "line 3: row 3 has 4 cells, expected 9$"
}

@test "a puzzle may be an operand: 81 cells that name no file" {
	run_sep sdk-solve -p "$PUZZLE"
	assert_success
	[ "$output" = "$SOLUTION" ]
	run_sep sdk-solve -j "$PUZZLE"
	assert_success
	[[ "$output" == *"\"source\":\"$PUZZLE\""* ]] || fail "$output"
	run_sep sdk-render -f text "$PUZZLE"
	assert_success
	[[ "${lines[1]}" == "| 5 3 . | . 7 . | . . . |" ]] || fail "$output"
	# Two puzzles, and a file between them.
	run_sep sdk-solve -p "$PUZZLE" "$SAMPLES/puzzles.txt" "$PUZZLE"
	assert_success
	[ "${#lines[@]}" -eq 8 ] && [ "${lines[7]}" = "$SOLUTION" ]
}

@test "a file named like a puzzle is read as the file" {
	cd "$BATS_TEST_TMPDIR"
	head -n 1 "$SAMPLES/puzzles.txt" >"$PUZZLE"
	run_sep sdk-solve --csv "$PUZZLE"
	assert_success
	[ "${lines[1]%%,*}" = "$(head -n 1 "$SAMPLES/puzzles.txt")" ]
}

@test "an operand of cells that is not 81 of them: no such file, not a puzzle" {
	run_sep sdk-solve 53..7....6..195
	fails 2 "^sdk-solve: 53\.\.7\.\.\.\.6\.\.195: no such file, and not a puzzle: 15 cells, expected 81$"
	run_sep sdk-render "${PUZZLE}1"
	fails 2 "^sdk-render: ${PUZZLE}1: no such file, and not a puzzle: 82 cells, expected 81$"
}
