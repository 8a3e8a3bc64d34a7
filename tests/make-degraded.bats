#!/usr/bin/env bats
# lab/samples/make-degraded.py: printed photos photographed again badly.
# What is checked is what the measures rest on: the truth is the source's,
# each kind of harm changes the picture, the same seed makes the same.

load helper

# make_degraded N SEED [ARGS...]: N photos of SEED from samples/ made in
# $BATS_TEST_TMPDIR/$SEED.
make_degraded() {
	make_lab make-degraded.py "$@" --set "$TOP/samples"
}

@test "make-degraded: the truth is the source's; each kind changes the picture" {
	for k in curl dim bleed thin; do
		make_degraded 1 5 --only $k
		d=$BATS_TEST_TMPDIR/5
		src=$(awk '{ print $2 }' "$d/MANIFEST")
		grep -q " $k=" "$d/MANIFEST" || fail "$k: not in $(cat "$d/MANIFEST")"
		cmp "$TOP/samples/$src.dat" "$d/deg-001.dat"
		# The picture is the source's size, and not the source: a
		# hundredth of its pixels at least 8 levels off.
		run_sep "$PIL_PYTHON" -c '
import sys
from PIL import Image, ImageChops
a = Image.open(sys.argv[1]).convert("RGB")
b = Image.open(sys.argv[2]).convert("RGB")
assert a.size == b.size, (a.size, b.size)
d = ImageChops.difference(a, b).convert("L").histogram()
share = sum(d[8:]) / (a.size[0] * a.size[1])
sys.exit("%s: only %.4f changed" % (sys.argv[3], share) if share < 0.01 else 0)
' "$TOP/samples/$src.jpg" "$d/deg-001.jpg" "$k"
		assert_success
		mv "$d" "$BATS_TEST_TMPDIR/$k"
	done
}

@test "make-degraded: the same seed makes the same photos; another seed others" {
	make_degraded 2 3
	mv "$BATS_TEST_TMPDIR/3" "$BATS_TEST_TMPDIR/first"
	make_degraded 1 3 --start 1
	cmp "$BATS_TEST_TMPDIR/first/deg-002.jpg" "$BATS_TEST_TMPDIR/3/deg-002.jpg"
	[ ! -e "$BATS_TEST_TMPDIR/3/deg-001.jpg" ]
	make_degraded 2 4
	! cmp -s "$BATS_TEST_TMPDIR/first/deg-002.jpg" \
	    "$BATS_TEST_TMPDIR/4/deg-002.jpg" || fail "seeds 3 and 4 alike"
}

@test "make-degraded: an unknown kind and a set without photos are refused" {
	need_numpy
	run_sep "$PIL_PYTHON" "$TOP/lab/samples/make-degraded.py" --only fog \
	    -o "$BATS_TEST_TMPDIR/out"
	assert_failure 2
	assert_output ''
	run_sep "$PIL_PYTHON" "$TOP/lab/samples/make-degraded.py" \
	    --set "$BATS_TEST_TMPDIR" -o "$BATS_TEST_TMPDIR/out"
	assert_failure 1
	assert_equal "$stderr" "make-degraded: $BATS_TEST_TMPDIR: no photo with a .dat"
	[ ! -e "$BATS_TEST_TMPDIR/out" ]
}
