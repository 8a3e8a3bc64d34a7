#!/usr/bin/env bats
# lab/samples/make-pen.py: Wicht's printed photos filled in with a pen.
# What is checked is its truth, which the measures (../shared/tools/outcome,
# eval-vision) rest on: the printed givens are the source's, the written
# digits agree with them where printed and are the solution's elsewhere
# except exactly the mistakes it lists.

load helper

# make N SEED [ARGS...]: N photos of SEED made in $BATS_TEST_TMPDIR/$SEED.
make_pen() {
	need_shared images/wicht/outlines.csv
	make_lab make-pen.py "$@" --bin "$SDK_BINDIR"
}

# grid FILE: a Wicht .dat's 81 cells on one line ('.' empty).
grid() {
	sed -n 3,11p "$1" | tr -d ' \n' | tr 0 .
}

@test "make-pen: the givens are the source's, the entries the solution's but the mistakes listed" {
	make_pen 2 7 --mistakes 0.2 --fill 0.8,0.9
	d=$BATS_TEST_TMPDIR/7
	for f in "$d"/pen-001 "$d"/pen-002; do
		[ -s "$f.jpg" ] || fail "$f.jpg not made"
		src=$(head -1 "$f.dat" | cut -d' ' -f2)
		cmp "$f.givens" "$SHARED/images/wicht/$src.dat" ||
		    fail "$f.givens is not $src.dat"
		g=$(grid "$f.givens") w=$(grid "$f.dat")
		sol=$(echo "$g" | sdk-solve | grep -E '^[1-9]{81}$')
		want= written=0
		for i in $(seq 0 80); do
			a=${g:i:1} b=${w:i:1} s=${sol:i:1}
			if [ "$a" != . ]; then
				[ "$b" = "$a" ] || fail "$f: given r$((i / 9 + 1))c$((i % 9 + 1)) is $b in the .dat"
			elif [ "$b" != . ]; then
				written=$((written + 1))
				[ "$b" = "$s" ] ||
				    want="$want r$((i / 9 + 1))c$((i % 9 + 1)):$b>$s"
			fi
		done
		# --fill 0.8,0.9: most empty cells are written.
		empty=$(echo "$g" | tr -cd . | wc -c)
		[ $((written * 10)) -ge $((empty * 7)) ] ||
		    fail "$f: $written of $empty empty cells written"
		assert_equal "$(cat "$f.mistakes")" "${want# }"
	done
	# 2 photos at 20 %: some mistake is planted (the seed's are known).
	[ -n "$(cat "$d"/*.mistakes | tr -d ' \n')" ] || fail "no mistake planted"
	assert_equal "$(tail -n +2 "$d/outlines.csv" | cut -d, -f1)" \
	    "$(printf 'pen-001.jpg\npen-002.jpg')"
	assert_equal "$(tail -n +2 "$d/manifest.tsv" | wc -l)" 2
	# The measures read the folder as a Wicht-mixed one.
	if [ -x "$SHARED/tools/eval-vision" ]; then
		run_sep "$PIL_PYTHON" "$SHARED/tools/eval-vision" --list "$d"
		assert_success
		assert_equal "$(echo "$output" | grep -c 'pen-00[12]')" 2
	fi
}

@test "make-pen: the same seed makes the same photos; another seed others" {
	make_pen 1 3
	make_pen 1 4
	mv "$BATS_TEST_TMPDIR/3" "$BATS_TEST_TMPDIR/first"
	make_pen 1 3
	for x in jpg dat givens; do
		cmp "$BATS_TEST_TMPDIR/first/pen-001.$x" \
		    "$BATS_TEST_TMPDIR/3/pen-001.$x" || fail "pen-001.$x differs"
	done
	! cmp -s "$BATS_TEST_TMPDIR/3/pen-001.jpg" \
	    "$BATS_TEST_TMPDIR/4/pen-001.jpg" || fail "seeds 3 and 4 alike"
	# Without --mistakes every entry is the solution's: no .mistakes.
	[ ! -e "$BATS_TEST_TMPDIR/3/pen-001.mistakes" ]
}

@test "make-pen: a set without outlines.csv is refused, naming it" {
	need_numpy
	run_sep "$PIL_PYTHON" "$TOP/lab/samples/make-pen.py" -n 1 \
	    --set "$BATS_TEST_TMPDIR" -o "$BATS_TEST_TMPDIR/out"
	assert_failure 1
	assert_equal "$stderr" \
	    "make-pen: $BATS_TEST_TMPDIR/outlines.csv: No such file or directory"
	run_sep "$PIL_PYTHON" "$TOP/lab/samples/make-pen.py" -n 1 --fill 2 \
	    -o "$BATS_TEST_TMPDIR/out"
	assert_failure 2
}
