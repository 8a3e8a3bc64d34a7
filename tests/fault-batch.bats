#!/usr/bin/env bats
# sdk-batch under attack (issue 19): file names people really have, an
# output folder that is also the input, a list of names that never ends,
# the batch killed outright or stopped mid-way, a full disk, a machine of
# -S that dies (issue 31); after each, a second run finishes the job with
# every photo once.  Options at their edges, FIFOs and links to devices.
# The hostile files are made here from the shipped samples.

load helper

setup() {
	T=$BATS_TEST_TMPDIR
	cd "$T" || return 1
}

# The small file system of the full-disk test, should the test fail; the
# sshds of the -S test.
teardown() {
	if declare -F sshd_stop_all >/dev/null; then
		sshd_stop_all
	fi
	cd / && ! mountpoint -q "$T/small" 2>/dev/null || umount "$T/small"
}

# photos DIR N: N copies of a sample photo, DIR/p1.jpg ... DIR/pN.jpg.
photos() {
	local i
	mkdir -p "$1"
	for i in $(seq "$2"); do
		cp "$SAMPLES/image1.jpg" "$1/p$i.jpg"
	done
}

# once RESULTS N: N rows, each source once, every status solved.
once() {
	[ "$(wc -l <"$1")" -eq "$2" ] || fail "$(wc -l <"$1") rows, want $2"
	[ -z "$(sed 's/^{"source":\("[^"]*"\).*/\1/' "$1" | sort | uniq -d)" ] ||
	    fail "a photo twice: $(cat "$1")"
	[ "$(grep -c '"status":"solved"' "$1")" -eq "$2" ] || fail "$(cat "$1")"
}

# gone PATTERN: within 20 s, no process's command line holds PATTERN.
gone() {
	local i
	for i in $(seq 200); do
		pgrep -f -- "$1" >/dev/null || return 0
		sleep 0.1
	done
	fail "still running: $(pgrep -af -- "$1")"
}

# started N: a batch of N photos in the background, a photo a share, one
# pipeline ($pid); back once it has the row of a photo (or has ended).
started() {
	local i
	photos many "$1"
	sdk-batch -j 1 -n 1 -o "$T/out" "$T/many" 2>"$T/err" &
	pid=$!
	for i in $(seq 600); do
		[ -n "$(ls "$T/out/.sdk-batch/rows" 2>/dev/null)" ] && return 0
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
}

@test "hostile names: every photo once, under its own name; JSON in UTF-8, CSV as RFC 4180" {
	command -v python3 >/dev/null || skip "no python3"
	mkdir in
	# A carriage return, a newline, a tab, spaces at either end, a
	# backslash, quotes, bytes that are not UTF-8, 240 characters, a
	# leading dash, "-", a comma, a percent sign, a symlinked photo.
	for n in $'cr\rx.jpg' $'nl\nline.jpg' $'tab\tx.jpg' "trail .jpg" \
	    " lead.jpg" 'back\slash.jpg' "quo'te\"s.jpg" $'bad\377\376.jpg' \
	    "-dash.jpg" - \
	    "comma,name.jpg" "per%s%n.jpg" "$(printf 'x%.0s' $(seq 236)).jpg"; do
		cp "$SAMPLES/image1.jpg" "in/$n"
	done
	ln -s "$SAMPLES/image1.jpg" in/link.jpg
	# Not photos, each named as skipped: a link to a folder, a broken
	# link, a FIFO (never opened).
	ln -s "$T" in/folder
	ln -s /nonexistent in/broken.jpg
	mkfifo in/fifo.jpg
	run_sep sdk-batch -o out in
	[ "$status" -eq 0 ] || fail "status $status: $stderr"
	[ -z "$output" ]
	assert_equal "$(printf '%s\n' "${stderr_lines[@]}" | sort)" \
	    "sdk-batch: in/broken.jpg: a broken link; skipped
sdk-batch: in/fifo.jpg: a FIFO; skipped
sdk-batch: in/folder: a link to a folder, not followed; skipped"
	# The rows name the photos, byte for byte, each once; results.jsonl
	# is UTF-8, its bad bytes written \udcXX (Python's surrogateescape);
	# results.csv reads back with a CSV reader.
	run python3 - in out <<'EOF'
import csv, json, os, sys
src, out = sys.argv[1:]
want = sorted(os.path.join(os.fsencode(src), f) for f in os.listdir(os.fsencode(src))
              if f not in (b"folder", b"broken.jpg", b"fifo.jpg"))
raw = open(os.path.join(out, "results.jsonl"), "rb").read()
rows = [json.loads(l) for l in raw.decode("utf-8").splitlines()]
got = sorted(os.fsencode(r["source"]) for r in rows)
assert got == want, (got, want)
for r in rows:
    assert r["status"] == "solved", r
    name = os.fsencode(r["name"])
    for ext in (b".grid", b".solution", b".jpg"):
        assert os.path.isfile(os.path.join(os.fsencode(out), name + ext)), name
with open(os.path.join(out, "results.csv"), newline="", encoding="utf-8",
          errors="surrogateescape") as f:
    c = list(csv.reader(f))
assert c[0][:3] == ["source", "name", "status"], c[0]
assert sorted(os.fsencode(r[0]) for r in c[1:]) == want
assert all(len(r) == len(c[0]) for r in c), c
print(len(rows))
EOF
	assert_success
	assert_output 14
	grep -q '"source":"in/bad\\udcff\\udcfe.jpg"' out/results.jsonl
	grep -q '"source":"in/nl\\nline.jpg"' out/results.jsonl
	# A name a metadata line cannot hold shows its newline as "?".
	grep -qx '# sdk-source in/nl?line.jpg' $'out/nl\nline.grid'
	if command -v jq >/dev/null; then
		[ "$(jq -r .status out/results.jsonl | sort -u)" = solved ]
	fi
	# A second run: all up to date.
	run_sep sdk-batch -v -o out in
	assert_success
	[[ "$stderr" == *"14 photos (0 run in"* ]] || fail "$stderr"
}

@test "-o '' is a usage error; nothing is written" {
	mkdir empty
	cd empty
	cp "$SAMPLES/image1.jpg" .
	run_sep sdk-batch -o '' image1.jpg
	fails 2 "^sdk-batch: option -o needs a folder name"
	[[ "$stderr" == *"usage: sdk-batch"* ]]
	run_sep sdk-batch --output= image1.jpg
	fails 2 "^sdk-batch: option -o needs a folder name"
	[ "$(ls -A)" = image1.jpg ]
	[ ! -e /.sdk-batch ]
}

@test "-o IN IN, twice: the batch never reads its own outputs" {
	mkdir IN
	cp "$SAMPLES/image1.jpg" "$SAMPLES/image25.jpg" IN/
	# PNG photos beside JPEG ones: no picture may replace a photo.
	cp "$SAMPLES/image1.jpg" IN/image1.png
	cp "$SAMPLES/image71.jpg" IN/x.png
	cp IN/x.png "$T/x.png"
	for i in 1 2; do
		run_sep sdk-batch -o IN IN
		[ "$status" -le 1 ] || fail "run $i: status $status: $stderr"
		[ -z "$stderr" ] || [ "$status" -eq 1 ] || fail "$stderr"
		[[ "$stderr" != *skipped* ]] || fail "run $i: $stderr"
		[ "$(wc -l <IN/results.jsonl)" -eq 4 ] ||
		    fail "run $i: $(cut -d, -f1 IN/results.csv)"
	done
	cmp IN/x.png "$T/x.png"
	cmp IN/image1.png "$SAMPLES/image1.jpg"
	# The pictures of the PNG photos keep their suffix.
	[ -f IN/x.png.png ] && [ -f IN/image1.png.png ]
	# Another batch over IN leaves out the first one's outputs too.
	run_sep sdk-batch -o other IN
	[ "$(wc -l <other/results.jsonl)" -eq 4 ]
}

@test "a list of names that never ends (/dev/zero): an error at once" {
	run_sep timeout 20 sdk-batch -o out </dev/zero
	fails 2 "^sdk-batch: -: line 1: a NUL byte in a name"
	run_sep timeout 20 sdk-batch -0 -o out - </dev/zero
	fails 2 "^sdk-batch: -: name 1: an empty name$"
	# A line too long to be a name, with no end either.
	run_sep timeout 20 sh -c 'tr "\0" x </dev/zero | sdk-batch -o out'
	fails 2 "^sdk-batch: -: line 1: a name longer than 4096 bytes$"
	[ ! -e out ]
}

@test "options at their edges: refused before any work, in words of ours" {
	photos in 2
	# sdk-solve -t refuses 0: so does the batch, before detect, warp and
	# ocr read a photo (which made the output folder and a row a photo).
	for t in 0 -1 abc 1e9 inf; do
		run_sep timeout 60 sdk-batch -t "$t" -o out in
		fails 2 "^sdk-batch: --solve-timeout $t: refused by sdk-solve \\(bad timeout: $t\\)\$"
		[ "${#stderr_lines[@]}" -eq 1 ] || fail "$stderr"
		[ ! -e out ] || fail "-t $t: $(ls -R out)"
	done
	run_sep sdk-batch -t 0.5 -o out in
	assert_success
	# Numbers past any shell's arithmetic: our message, not "Illegal number".
	for o in -j -n; do
		for v in 99999999999999999999 100001 0 07 1x; do
			run_sep sdk-batch "$o" "$v" -o out2 in
			fails 2 "^sdk-batch: -j and -n take a whole number from 1 to 100000, not $v\$"
			[ "${#stderr_lines[@]}" -eq 1 ] || fail "$stderr"
		done
	done
	[ ! -e out2 ]
}

@test "links to /dev/zero, FIFOs, sockets: named for what they are, never read" {
	photos in 1
	ln -s /dev/zero in/zero.jpg
	mkfifo in/fifo.jpg
	ln -s fifo.jpg in/tofifo.jpg
	python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' in/sock.jpg
	ln -s sock.jpg in/tosock.jpg
	ln -s nowhere in/broken.jpg
	ln -s loop.jpg in/loop.jpg
	ln -s p1.jpg in/alink.jpg
	run_sep timeout 60 sdk-batch -o out in
	assert_success
	assert_equal "$stderr" "sdk-batch: in/broken.jpg: a broken link; skipped
sdk-batch: in/fifo.jpg: a FIFO; skipped
sdk-batch: in/loop.jpg: a link that loops; skipped
sdk-batch: in/sock.jpg: a socket; skipped
sdk-batch: in/tofifo.jpg: a link to a FIFO; skipped
sdk-batch: in/tosock.jpg: a link to a socket; skipped
sdk-batch: in/zero.jpg: a link to a device; skipped"
	# The link to a photo is a photo, in its place by name.
	run sed 's/^{"source":"\([^"]*\)".*/\1/' out/results.jsonl
	assert_output "in/alink.jpg
in/p1.jpg"
	# Named as operands, or listed on standard input: the same words, status 2.
	for f in zero fifo sock tofifo tosock broken loop; do
		run_sep timeout 20 sdk-batch -o out3 "in/$f.jpg"
		[ "$status" -eq 2 ] || fail "$f: status $status"
		run_sep timeout 20 sh -c "echo in/$f.jpg | sdk-batch -o out3"
		[ "$status" -eq 2 ] || fail "$f: status $status"
	done
	run_sep timeout 20 sdk-batch -o out3 /dev/zero in/tofifo.jpg in/loop.jpg
	[ "$status" -eq 2 ]
	assert_equal "$stderr" "sdk-batch: /dev/zero: a device
sdk-batch: in/tofifo.jpg: a link to a FIFO
sdk-batch: in/loop.jpg: a link that loops"
	[ ! -e out3 ]
}

@test "SIGKILL mid-batch: the pipelines stop; a re-run does the rest, each photo once" {
	started 12
	kill -KILL "$pid"
	k1=$(ls "$T/out/.sdk-batch/rows" | grep -c '\.json$')
	wait "$pid" || true
	# Every process of the batch: xargs, the workers, the programs.
	gone "$T/"
	# At most the photo in the pipeline then was finished.
	k2=$(ls "$T/out/.sdk-batch/rows" | grep -c '\.json$')
	[ "$k2" -le $((k1 + 1)) ] || fail "$k1 photos done, then $k2"
	run_sep sdk-batch -j 2 -o "$T/out" "$T/many"
	assert_success
	once "$T/out/results.jsonl" 12
	[ "$(ls "$T"/out/*.jpg | wc -l)" -eq 12 ]
	[ -z "$(ls -d "$T/out/.sdk-batch"/run.* 2>/dev/null)" ]
}

@test "SIGTERM mid-batch: the results of what was done; a re-run does the rest" {
	started 8
	kill -TERM "$pid"
	s=0
	wait "$pid" || s=$?
	gone "$T/"
	if [ "$s" -eq 143 ]; then
		run cat "$T/err"
		assert_output --regexp '^sdk-batch: interrupted: [0-9]+ of 8 photos done; run again to finish$'
		k=$(sed 's/.*: \([0-9]*\) of.*/\1/' "$T/err")
		# results.csv and results.jsonl hold the photos done, whole.
		[ "$(wc -l <"$T/out/results.jsonl")" -eq "$k" ]
		[ "$(wc -l <"$T/out/results.csv")" -eq $((k + 1)) ]
		grep -q "Interrupted: $k of 8 photos done" "$T/out/index.html"
	else
		[ "$s" -eq 0 ] || fail "status $s: $(cat "$T/err")"
	fi
	[ -z "$(ls -d "$T/out/.sdk-batch"/run.* 2>/dev/null)" ]
	run_sep sdk-batch -j 2 -o "$T/out" "$T/many"
	assert_success
	once "$T/out/results.jsonl" 8
}

@test "a full disk: one message, status 2, no half rows; with room, a re-run finishes" {
	photos many 10
	mkdir small
	if ! mount -t tmpfs -o size=3m tmpfs small 2>/dev/null; then
		skip "cannot mount a small file system here (needs root)"
	fi
	run_sep sdk-batch -j 2 -n 2 -o small/out many
	s=$status
	err=$stderr
	out=$output
	# Every row there is whole, so is every line of the results.
	bad=
	for f in small/out/.sdk-batch/rows/*.json small/out/results.jsonl; do
		[ -e "$f" ] || continue
		python3 -c 'import json, sys
for l in open(sys.argv[1]): json.loads(l)' "$f" 2>/dev/null || bad="$bad $f"
	done
	mount -o remount,size=12m small
	run_sep sdk-batch -j 2 -o small/out many
	s2=$status
	n2=$(sed 's/^{"source":\("[^"]*"\).*/\1/' small/out/results.jsonl |
	    sort -u | wc -l)
	ok2=$(grep -c '"status":"solved"' small/out/results.jsonl)
	umount small
	[ "$s" -eq 2 ] || fail "status $s: $err"
	assert_equal "$err" "sdk-batch: small/out: no space left on the device"
	[ -z "$out" ]
	[ -z "$bad" ] || fail "half rows:$bad"
	[ "$s2" -eq 0 ] || fail "re-run: status $s2: $stderr"
	[ "$n2" -eq 10 ] && [ "$ok2" -eq 10 ] || fail "$n2 photos, $ok2 solved"
}

@test "-S: a machine that dies mid-batch (its sshd and sessions killed): nothing lost; a re-run finishes every photo once" {
	load sshd
	SSHD_HIDE="$T/local"
	sshd_init "$T/sshd"
	sshd_start h1
	sshd_start h2
	mkdir -p "$T/local"
	cd "$T/local"
	photos in 12
	sdk-batch -n 1 -S "$(sshlogin h1)" -S "$(sshlogin h2)" -o out in \
	    2>"$T/err" &
	pid=$!
	# h1 dies once the first photo is back.
	for i in $(seq 600); do
		[ -n "$(ls out/.sdk-batch/rows 2>/dev/null)" ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	sshd_stop h1
	s=0
	wait "$pid" || s=$?
	[ "$s" -le 2 ] || fail "status $s: $(cat "$T/err")"
	# The shares h1 had are tried on h2 (GNU parallel's --retries): this
	# run may well finish them all.  Whatever came back is whole: each
	# row's photo has its grid, solution and answer, a JPEG that decodes.
	n=$(wc -l <out/results.jsonl)
	[ "$n" -ge 1 ] || fail "$(cat "$T/err")"
	for f in out/*.solution; do
		b=${f%.solution}
		[ -s "$b.grid" ] && djpeg "$b.jpg" >/dev/null 2>&1 ||
		    fail "$b: outputs not whole"
		grep -qx '# sdk-status solved' "$f"
	done
	# The same command again, h1 still dead: the rest, each photo once.
	run_sep timeout 300 sdk-batch -n 1 -S "$(sshlogin h1)" -S "$(sshlogin h2)" \
	    -o out in
	[ "$status" -le 2 ] || fail "status $status: $stderr"
	once out/results.jsonl 12
	[ "$(find out/.sdk-batch/rows -name '*.json' | wc -l)" -eq 12 ]
	[ "$(ls out/*.jpg | wc -l)" -eq 12 ]
	# And once more: nothing left to do.
	run_sep sdk-batch -v -S "$(sshlogin h2)" -o out in
	assert_success
	[[ "$stderr" == *"(0 run in"*", 12 up to date, "* ]] || fail "$stderr"
}
