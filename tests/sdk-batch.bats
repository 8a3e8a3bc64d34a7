#!/usr/bin/env bats
# sdk-batch: a folder of photos (good ones, one without a grid, a corrupt
# file, a file that is no image, a subfolder) through the real programs;
# outputs aligned with the one-photo pipeline; exit status; resumption,
# also after an interrupted run; GNU parallel with --sshlogin, on this
# machine and through real sshds of the test's own (tests/sshd.bash) that
# see only what they are sent; the terminal's progress and summary
# through script(1); the batch recipes of sdk(7).

load helper

setup_file() {
	cd "$BATS_FILE_TMPDIR" || return 1
	mkdir -p scans/sub
	cp "$SAMPLES/image1.jpg" "$SAMPLES/image25.jpg" scans/
	cp "$SAMPLES/image71.jpg" scans/sub/
	# A page without a grid: an even grey picture.
	{
		printf 'P5\n160 120\n255\n'
		head -c 19200 /dev/zero | tr '\0' '\200'
	} >scans/blank.pgm
	printf 'not a photo\n' >scans/corrupt.jpg
	printf 'shopping list\n' >scans/notes.txt
}

setup() {
	cd "$BATS_FILE_TMPDIR" || return 1
	T="$BATS_TEST_TMPDIR"
}

# The sshds of the -S tests stop with their test, however it ends.
teardown() {
	if declare -F sshd_stop_all >/dev/null; then
		sshd_stop_all
	fi
}

# The read grid and the solution of one photo through the one-photo
# pipeline, named as the batch names it.
single() {
	sdk-detect "$1" 2>/dev/null | sdk-warp 2>/dev/null |
	    sdk-ocr 2>/dev/null >"$T/one.grid" || true
	sdk-solve "$T/one.grid" >"$T/one.solution" 2>/dev/null || true
}

# field NAME RESULTS: the value of a string or number field of each row.
field() {
	sed -n "s/.*\"$1\":\"\\{0,1\\}\\([^\",]*\\).*/\\1/p" "$2"
}

is_png() {
	[ "$(od -An -tx1 -N8 "$1" | tr -d ' ')" = 89504e470d0a1a0a ]
}

is_jpeg() {
	[ "$(od -An -tx1 -N3 "$1" | tr -d ' ')" = ffd8ff ]
}

@test "a folder: one row a photo, in order; no-grid, corrupt and non-image files" {
	run_sep sdk-batch -o out scans
	[ "$status" -eq 2 ] || fail "status $status: $stderr"
	[ -z "$output" ]
	# The non-image file is not taken; the subfolder is.
	run field source out/results.jsonl
	assert_output "scans/blank.pgm
scans/corrupt.jpg
scans/image1.jpg
scans/image25.jpg
scans/sub/image71.jpg"
	run field status out/results.jsonl
	assert_line --index 0 no-grid
	assert_line --index 1 error
	run field exit out/results.jsonl
	assert_line --index 0 1
	assert_line --index 1 2
	# Each failure named on stderr, once, with the stage that failed; the
	# file that is no photo named as skipped.
	[[ "$stderr" == *"sdk-batch: scans/blank.pgm: detect: no grid found"* ]]
	[[ "$stderr" == *"sdk-batch: scans/corrupt.jpg: detect: "* ]]
	[ "$(grep -c blank.pgm <<<"$stderr")" -eq 1 ]
	[ "$(grep -c corrupt.jpg <<<"$stderr")" -eq 1 ]
	[[ "$stderr" == *"sdk-batch: scans/notes.txt: not a photo; skipped"* ]]
	[ "${#stderr_lines[@]}" -eq 3 ] || fail "$stderr"
	# The CSV has a header and the same rows.
	[ "$(wc -l <out/results.csv)" -eq 6 ]
	head -n 1 out/results.csv | grep -q '^source,name,status,exit,detect,'
	[ ! -e out/corrupt.grid ] && [ ! -e out/notes.grid ]
	[ -f out/blank.grid ] && [ ! -e out/blank.png ]
	[ -f out/sub/image71.grid ]
}

@test "outputs equal the one-photo pipeline's; a picture for each solved photo" {
	sdk-batch -q -o out scans || true
	for p in scans/image1.jpg scans/image25.jpg scans/sub/image71.jpg \
	    scans/blank.pgm; do
		n=${p#scans/}
		n=${n%.*}
		single "$p"
		cmp "$T/one.grid" "out/$n.grid" || fail "$p: grid differs"
		cmp "$T/one.solution" "out/$n.solution" ||
		    fail "$p: solution differs"
		if grep -qx '# sdk-status solved' "out/$n.solution"; then
			# a JPEG photo's answer is a JPEG of its size
			is_jpeg "out/$n.jpg" || fail "$p: no JPEG"
			[ ! -e "out/$n.png" ] || fail "$p: a PNG too"
			jpegtopnm "out/$n.jpg" 2>/dev/null | head -c 20 |
			    grep -aq '^640 480$' || fail "$p: not 640x480"
			grep -q "\"source\":\"$p\",.*\"status\":\"solved\",\"exit\":0" \
			    out/results.jsonl || fail "$p: row"
		else
			[ ! -e "out/$n.png" ] && [ ! -e "out/$n.jpg" ] ||
			    fail "$p: a picture unsolved"
		fi
		# The row carries the read grid.
		g=$(grep -v '^#' "out/$n.grid")
		grep -q "\"source\":\"$p\".*\"grid\":\"$g\"" out/results.jsonl ||
		    fail "$p: row grid"
	done
}

@test "exit status: the worst over the batch" {
	want=0
	for p in scans/image1.jpg scans/image25.jpg; do
		s=0
		sdk-detect "$p" | sdk-warp | sdk-ocr | sdk-solve >/dev/null \
		    2>&1 || s=$?
		[ "$s" -gt "$want" ] && want=$s
	done
	run_sep sdk-batch -o out2 scans/image1.jpg scans/image25.jpg
	[ "$status" -eq "$want" ] || fail "status $status, want $want"
	run_sep sdk-batch -o out3 scans/blank.pgm
	[ "$status" -eq 1 ]
	run_sep sdk-batch -o out4 scans/blank.pgm scans/corrupt.jpg
	[ "$status" -eq 2 ]
}

@test "a re-run skips what is up to date; a newer photo or --force redoes it" {
	sdk-batch -q -o "$T/out" scans/image1.jpg scans/blank.pgm || true
	cp -p "$T/out/results.jsonl" "$T/first.jsonl"
	touch -d '2000-01-01' "$T/out/image1.grid"
	run_sep sdk-batch -v -o "$T/out" scans/image1.jpg scans/blank.pgm
	[[ "$stderr" == *"scans/image1.jpg: up to date"* ]]
	[[ "$stderr" == *"0 run in"* ]] || fail "$stderr"
	# The failure of the earlier run is named again; the status stays.
	[[ "$stderr" == *"scans/blank.pgm: detect: no grid found (earlier run)"* ]]
	[ "$status" -eq 1 ]
	# Not redone: the old file is still there.
	[ "$(stat -c %Y "$T/out/image1.grid")" -lt 1000000000 ]
	cmp "$T/first.jsonl" "$T/out/results.jsonl"
	touch scans/image1.jpg
	run_sep sdk-batch -v -o "$T/out" scans/image1.jpg scans/blank.pgm
	[[ "$stderr" == *"(1 run in"* ]] || fail "$stderr"
	[ "$(stat -c %Y "$T/out/image1.grid")" -gt 1000000000 ]
	run_sep sdk-batch -v -f -o "$T/out" scans/image1.jpg scans/blank.pgm
	[[ "$stderr" == *"(2 run in"* ]] || fail "$stderr"
	# Other options make other results: all redone.
	run_sep sdk-batch -v -t 5 -o "$T/out" scans/image1.jpg scans/blank.pgm
	[[ "$stderr" == *"(2 run in"* ]] || fail "$stderr"
}

@test "interrupted: whole files or none, and a re-run finishes the job" {
	mkdir -p "$T/many"
	for i in 1 2 3 4 5 6 7 8; do
		cp scans/image1.jpg "$T/many/p$i.jpg"
	done
	sdk-batch -j 1 -n 1 -o "$T/out" "$T/many" 2>"$T/err" &
	pid=$!
	# Stop it once the first photo is done (or it has finished).
	for _ in $(seq 300); do
		[ -f "$T/out/.sdk-batch/rows/p1.json" ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -TERM "$pid" 2>/dev/null || true
	s=0
	wait "$pid" || s=$?
	if [ "$s" -eq 143 ]; then
		grep -q 'interrupted: .* run again to finish' "$T/err"
	fi
	# Nothing half-written: no work folder, and every picture is whole.
	[ -z "$(ls -d "$T/out/.sdk-batch"/run.* 2>/dev/null)" ]
	for f in "$T"/out/*.png; do
		[ -e "$f" ] || continue
		pngtopnm "$f" >/dev/null || fail "$f is not a whole PNG"
	done
	run_sep sdk-batch -v -j 2 -o "$T/out" "$T/many"
	[ "$(wc -l <"$T/out/results.jsonl")" -eq 8 ]
	single "$T/many/p8.jpg"
	cmp "$T/one.grid" "$T/out/p8.grid"
	[ "$(ls "$T"/out/*.grid | wc -l)" -eq 8 ]
}

@test "--sshlogin : runs the pipelines through GNU parallel, same results" {
	command -v parallel >/dev/null || skip "no GNU parallel"
	sdk-batch -q -o "$T/a" scans || true
	run_sep sdk-batch -q -S : -j 2 -o "$T/b" scans
	[ "$status" -eq 2 ]
	# The same rows but for the seconds.
	diff <(cut -d, -f1-11 "$T/a/results.csv") \
	    <(cut -d, -f1-11 "$T/b/results.csv")
	for n in image1 image25 sub/image71 blank; do
		cmp "$T/a/$n.grid" "$T/b/$n.grid"
		cmp "$T/a/$n.solution" "$T/b/$n.solution"
	done
	# --sshlogin=LOGIN and several logins (two slots on this machine).
	run_sep sdk-batch -q -f --sshlogin=: --sshlogin 1/: -o "$T/b" scans
	[ "$status" -eq 2 ]
	diff <(cut -d, -f1-11 "$T/a/results.csv") \
	    <(cut -d, -f1-11 "$T/b/results.csv")
}

@test "--sshlogin : a run right after another finds its photos up to date" {
	command -v parallel >/dev/null || skip "no GNU parallel"
	# The shares come back as tar files, which keep whole seconds: rows
	# unpacked with those would seem older than the run's options file
	# written in the same second, and their photos out of date.
	run_sep sdk-batch -q -S : -n 1 -o "$T/s" scans
	[ "$status" -eq 2 ]
	run_sep sdk-batch -v -S : -o "$T/s" scans
	[ "$status" -eq 2 ]
	# Only the photo that could not be read is tried again.
	[[ "$stderr" == *"(1 run in"*", 4 up to date, "* ]] || fail "$stderr"
}

# outputs_equal A B: the results of two batches alike but for the seconds,
# and every output file the same to the byte.
outputs_equal() {
	diff <(cut -d, -f1-11 "$1/results.csv") <(cut -d, -f1-11 "$2/results.csv")
	(cd "$1" && find . -path ./.sdk-batch -prune -o -path ./thumbs -prune \
	    -o -type f ! -name 'results.*' ! -name index.html -print) | sort \
	    >"$T/files"
	[ -s "$T/files" ]
	while IFS= read -r f; do
		cmp "$1/$f" "$2/$f" || return 1
	done <"$T/files"
}

@test "-S through real sshds: the machines see only what they are sent, the results are -j's" {
	load sshd
	# The photos and the results live in $T/local, the programs in the
	# build: both hidden from the logins where the test may.
	SSHD_HIDE="$T/local"
	case $SDK_BINDIR in
	"$TOP"/*) SSHD_HIDE="$SSHD_HIDE $(cd "$SDK_BINDIR/.." && pwd)" ;;
	esac
	sshd_init "$T/sshd"
	sshd_start server1
	sshd_start server2
	mkdir -p "$T/local" "$T/rbin"
	cp -R scans "$T/local/"
	cd "$T/local"
	for s in detect warp ocr solve render; do
		cp "$SDK_BINDIR/sdk-$s" "$T/rbin/"
	done
	if [ "$SSHD_HIDDEN" = 1 ]; then
		# There, the photos' folder is empty and the programs are not
		# where they are here.
		run ssh -F "$SSHCONF" server1 "ls -A '$T/local'; ls '$SDK_BINDIR/sdk-detect'"
		assert_output --partial "No such file or directory"
		refute_output --partial scans
		run_sep sdk-batch -q -n 1 -S "$(sshlogin server1)" -o out2 scans
		[ "$status" -eq 2 ]
		[[ "$stderr" == *"sdk-batch: "*": sdk-detect: program not found"* ]] ||
		    fail "$stderr"
		[[ "$stderr" == *"sdk-batch: scans/image1.jpg: no result (the pipeline ended early)"* ]] ||
		    fail "$stderr"
	fi
	sdk-batch -q -o ref scans || true
	# A share a photo, one at a time on each of the two machines.
	run_sep sdk-batch -n 1 -S "$(sshlogin server1)" -S "$(sshlogin server2)" \
	    --remote-bindir="$T/rbin" -o out scans
	[ "$status" -eq 2 ] || fail "status $status: $stderr"
	assert_equal "$(sort <<<"$stderr")" "sdk-batch: scans/blank.pgm: detect: no grid found
sdk-batch: scans/corrupt.jpg: detect: not an image (unknown format)
sdk-batch: scans/notes.txt: not a photo; skipped"
	outputs_equal ref out
	# The report's thumbnails came back too.
	n=$(grep -o '<img class="t" src="thumbs/' ref/index.html | wc -l)
	[ "$n" -gt 0 ] &&
	    [ "$(grep -o '<img class="t" src="thumbs/' out/index.html | wc -l)" -eq "$n" ]
	# Both machines were used; nothing was left on either.
	for h in server1 server2; do
		grep -q 'Accepted publickey' "$T/sshd/$h/log" || fail "$h unused"
		run find "$T/sshd/$h/home" -type f
		assert_output ''
	done
	# The recipe of sdk(7), as printed there but for the programs'
	# folder: ssh reaches server1 and server2 through the test's config.
	recipe 'The same over several machines' |
	    sed "s|/opt/sdk/bin|$T/rbin|" >"$T/recipe.sh"
	grep -q -- '-S 8/server1 -S 8/server2' "$T/recipe.sh"
	before=$(cat "$T"/sshd/server*/log | grep -c 'Accepted publickey')
	PARALLEL_SSH="ssh -F $SSHCONF" run_sep sh "$T/recipe.sh"
	[ "$status" -eq 2 ] || fail "status $status: $stderr"
	outputs_equal ref solved
	[ "$(cat "$T"/sshd/server*/log | grep -c 'Accepted publickey')" -gt "$before" ]
	[[ "$stderr" != *"Could not resolve"* ]] || fail "$stderr"
	# Done: a second run sends only the photo that could not be read.
	run_sep sdk-batch -v -S "$(sshlogin server1)" --remote-bindir="$T/rbin" -o out scans
	[[ "$stderr" == *"(1 run in"*", 4 up to date, "* ]] || fail "$stderr"
	outputs_equal ref out
	run_sep sdk-batch --remote-bindir=rbin scans
	fails 2 '^sdk-batch: --remote-bindir rbin: not an absolute path$'
}

@test "photo names from standard input; the output folder is not read back" {
	mkdir -p "$T/in"
	cp scans/image1.jpg "$T/in/"
	printf '%s\n' "$T/in/image1.jpg" | sdk-batch -q -o "$T/in/out" || true
	[ -f "$T/in/out/image1.grid" ]
	# A batch over the folder that holds the output skips the output.
	run_sep sdk-batch -v -o "$T/in/out" "$T/in"
	[ "$(wc -l <"$T/in/out/results.jsonl")" -eq 1 ]
	# Same name twice: the second keeps its suffix.
	cp scans/image1.jpg "$T/in/image1.png"
	sdk-batch -q -o "$T/o2" "$T/in/image1.jpg" "$T/in/image1.png" || true
	[ -f "$T/o2/image1.grid" ] && [ -f "$T/o2/image1.png.grid" ]
}

@test "several folders and a file: each photo once, in the operands' order" {
	run_sep sdk-batch -q -o "$T/o" scans/sub scans scans/image25.jpg
	[ "$status" -eq 2 ]
	run field source "$T/o/results.jsonl"
	assert_output "scans/sub/image71.jpg
scans/blank.pgm
scans/corrupt.jpg
scans/image1.jpg
scans/image25.jpg"
}

@test "a folder named by a link is walked; links inside to folders are not followed" {
	ln -s "$BATS_FILE_TMPDIR/scans/sub" "$T/sublink"
	mkdir "$T/in"
	ln -s "$BATS_FILE_TMPDIR/scans/sub" "$T/in/inner"
	run_sep sdk-batch -o "$T/o" "$T/sublink" "$T/in"
	assert_success
	assert_equal "$stderr" "sdk-batch: $T/in/inner: a link to a folder, not followed; skipped"
	run field source "$T/o/results.jsonl"
	assert_output "$T/sublink/image71.jpg"
}

@test "bad usage and unusable paths: status 2 and a message" {
	run_sep sdk-batch -j 0 scans
	fails 2 '^sdk-batch: -j and -n take a whole number'
	run_sep sdk-batch --engine=nonesuch scans
	fails 2 '^sdk-batch: --engine nonesuch: unknown engine'
	run_sep sdk-batch -o
	fails 2 'usage: sdk-batch'
	run_sep sdk-batch -o /dev/null/out scans/image1.jpg
	fails 2 '^sdk-batch: /dev/null/out: cannot create or write the folder'
	# A missing operand is named; the others are still done.
	run_sep sdk-batch -q -o "$T/o" "$T/nonesuch" scans/blank.pgm
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"sdk-batch: $T/nonesuch: No such file or directory"* ]]
	[ -f "$T/o/blank.grid" ]
}

@test "a folder that cannot be read: status 2, the rest is done" {
	[ "$(id -u)" -ne 0 ] || skip "root reads every folder"
	mkdir -p "$T/in/locked"
	cp scans/blank.pgm "$T/in/"
	chmod 000 "$T/in/locked"
	run_sep sdk-batch -q -o "$T/o" "$T/in"
	chmod 755 "$T/in/locked"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"sdk-batch: "*"locked"*"Permission denied"* ]]
	[ -f "$T/o/blank.grid" ]
}

# screen: what a terminal shows of $output, a line each: of each line
# (script(1) ends them in CR LF) what follows its last carriage return.
screen() {
	printf '%s\n' "$output" | awk '{ sub(/\r+$/, ""); n = split($0, a, "\r")
	    print a[n] }'
}

# in_step: each progress line drawn in $output counts as many failures as
# the failure messages shown before it.
in_step() {
	printf '%s' "$output" | awk 'BEGIN { RS = "[\r\n]" }
	    /^sdk-batch: .*: (detect|warp|ocr|solve|render): / { said++ }
	    / solved, [0-9]+ failed, [0-9]+ left of / {
		f = $0; sub(/ failed,.*/, "", f); sub(/.* /, "", f)
		if (f + 0 != said + 0) { print "counts " f " after " said \
		    " messages: " $0; bad = 1 } }
	    END { exit bad }'
}

@test "on a terminal: a failure a line, the count in step, a last line that says where to look" {
	command -v script >/dev/null || skip "no script(1)"
	: >"$T/empty.jpg"
	run script -qec "sdk-batch -j 1 -n 1 -o '$T/o' scans '$T/empty.jpg'" \
	    /dev/null
	[ "$status" -eq 2 ] || fail "status $status: $output"
	in_step || fail "$output"
	run screen
	ok=$(grep -c '"exit":0' "$T/o/results.jsonl")
	# The file skipped, the three failures, the summary: nothing else
	# left on the screen, no progress line glued to a message.
	assert_line --index 0 "sdk-batch: scans/notes.txt: not a photo; skipped"
	assert_line "sdk-batch: scans/blank.pgm: detect: no grid found"
	assert_line "sdk-batch: $T/empty.jpg: detect: empty file"
	assert_line --regexp '^sdk-batch: scans/corrupt.jpg: detect: [^:]*$'
	assert_line --index 4 "sdk-batch: 6 photos: $ok solved, $((6 - ok)) failed (2 unreadable); results in $T/o/ ($T/o/index.html)"
	[ "${#lines[@]}" -eq 5 ] || fail "$output"
	# Every photo solved: the summary alone, and where the report is.
	run script -qec "sdk-batch -o 'out tty/' scans/image1.jpg" /dev/null
	assert_success
	run screen
	assert_output "sdk-batch: 1 photo: 1 solved, 0 failed; results in out tty/ (out tty/index.html)"
	# A second run: what was up to date is counted as such.
	run script -qec "sdk-batch -o 'out tty' scans/image1.jpg scans/blank.pgm" /dev/null
	[ "$status" -eq 1 ]
	run screen
	assert_line --index 1 "sdk-batch: 2 photos (1 up to date): 1 solved, 1 failed; results in out tty/ (out tty/index.html)"
	rm -rf 'out tty'
}

@test "not on a terminal: only the failures; -v adds the summary" {
	run_sep sdk-batch -o "$T/o" scans/image1.jpg
	assert_success
	[ -z "$stderr" ] || fail "$stderr"
	run_sep sdk-batch -f -o "$T/o" scans/image1.jpg scans/blank.pgm
	[ "$status" -eq 1 ]
	assert_equal "$stderr" "sdk-batch: scans/blank.pgm: detect: no grid found"
	run_sep sdk-batch -v -f -o "$T/o" scans/image1.jpg
	assert_success
	[[ "$stderr" == "sdk-batch: 1 photo (1 run in "*"s, 0 up to date, 0 files skipped): 1 solved, 0 failed; results in $T/o/ ($T/o/index.html)" ]] ||
	    fail "$stderr"
}

@test "no operand on a terminal: what it wants and the usage, status 2, no wait" {
	command -v script >/dev/null || skip "no script(1)"
	run timeout 20 script -qec "sdk-batch -o '$T/o'" /dev/null
	[ "$status" -eq 2 ] || fail "status $status: $output"
	[[ "$output" == *"sdk-batch: no photos named, and standard input is a terminal: name photos or folders (- reads names typed in)"* ]] ||
	    fail "$output"
	[[ "$output" == *"usage: sdk-batch "* ]]
	[ ! -e "$T/o" ]
	# Not a terminal: the names are read from it, as ever.
	run_sep sdk-batch -o "$T/o" </dev/null
	assert_success
}

@test "an empty photo file: an error in plain words, in a stream with others" {
	: >"$T/empty.jpg"
	run_sep sdk-batch -n 2 -o "$T/o" "$T/empty.jpg" scans/image1.jpg
	[ "$status" -eq 2 ]
	assert_equal "$stderr" "sdk-batch: $T/empty.jpg: detect: empty file"
	grep -q '^'"$T"'/empty.jpg,empty,error,2,error,-,-,-,-,,,.*,detect: empty file,' \
	    "$T/o/results.csv"
	grep -q '"source":"scans/image1.jpg".*"exit":0' "$T/o/results.jsonl"
}

# The recipes of sdk(7), taken from the page as printed there.
recipe() {
	awk -v start="$1" '
	    index($0, start) == 1 { on = 1 }
	    on && /^\.Bd -literal/ { lit = 1; next }
	    lit && /^\.Ed/ { exit }
	    lit { gsub(/\\e/, "\\"); print }' "$TOP/man/sdk.7"
}

@test "sdk(7): the makefile recipe, make -j -k, redoes only what changed" {
	command -v make >/dev/null || skip "no make"
	mkdir -p "$T/m"
	cp -r scans "$T/m/"
	recipe 'As a makefile' >"$T/m/Makefile"
	grep -q sdk-batch "$T/m/Makefile" || grep -q sdk-detect "$T/m/Makefile"
	cd "$T/m"
	run make -j 2 -k
	[ "$status" -ne 0 ]
	[[ "$output" == *corrupt.jpg* ]]
	single scans/image1.jpg
	cmp "$T/one.solution" out/image1.txt
	[ -f out/image25.txt ] && [ ! -e out/corrupt.txt ]
	[ ! -e out/corrupt.txt.tmp ]
	if grep -qx '# sdk-status solved' out/image1.txt; then
		is_png out/image1.png
	fi
	# Up to date but for the corrupt photo, which is tried again.
	run make -k -q out/image1.txt out/image25.txt
	assert_success
	touch scans/image1.jpg
	run make -k -q out/image1.txt
	assert_failure
}

@test "sdk(7): the for loop recipe" {
	mkdir -p "$T/f"
	cp -r scans "$T/f/"
	recipe 'With a plain' >"$T/f/loop.sh"
	grep -q 'for ' "$T/f/loop.sh"
	cd "$T/f"
	run sh loop.sh
	single scans/image1.jpg
	cmp "$T/one.solution" out/image1.txt
	single scans/image25.jpg
	cmp "$T/one.solution" out/image25.txt
	if grep -qx '# sdk-status solved' out/image1.txt; then
		is_png out/image1.png
	fi
}

@test "sdk-batch(1) EXAMPLES" {
	local nphotos
	mkdir -p "$T/e/scans"
	cp "$SAMPLES"/*.jpg "$T/e/scans/"
	# A name with a comma and a quote: the first example must not break.
	cp "$SAMPLES/image1.jpg" "$T/e/scans/Sunday, \"easy\".jpg"
	nphotos=$(ls "$T/e/scans" | wc -l)
	cp scans/blank.pgm "$T/e/scans/"
	man_examples sdk-batch.1 "$T/e" >/dev/null
	cd "$T/e"
	[ -f example5.sh ] && [ ! -e example6.sh ]
	# -p png: every answer a PNG, though the photos are JPEGs
	run_sep sh example5.sh
	[ "$status" -le 1 ]
	is_png solved/image1.png && [ ! -e solved/image1.jpg ]
	rm -rf solved
	command -v jq >/dev/null || skip "no jq"
	run_sep sh example1.sh
	assert_success
	assert_line "$(printf 'scans/blank.pgm\tno-grid')"
	assert_line "$(printf 'scans/Sunday, "easy".jpg\tsolved')"
	# A line a photo, the blank page.
	[ "${#lines[@]}" -eq $((nphotos + 1)) ]
	run_sep sh example2.sh
	[ "$status" -le 1 ]
	grep -q '"ocr":"ok"' solved/results.jsonl
	run sh example3.sh
	assert_line "scans/blank.pgm: detect: no grid found"
	# The machines of the last example are this one: -S :.
	command -v parallel >/dev/null || skip "no GNU parallel"
	sed -e ':a' -e '/\\$/{N;s/\\\n *//;ba' -e '}' \
	    -e 's|/data/||g' -e 's| -newer last-run||' \
	    -e 's| -S 4/node1 -S 4/node2||' \
	    -e 's| --remote-bindir=/opt/sdk/bin||' example4.sh >local.sh
	grep -q -- '-S : -o solved -$' local.sh
	rm -rf solved
	run_sep sh local.sh
	[ "$(wc -l <solved/results.jsonl)" -eq "$nphotos" ]
}

@test "sdk(7): video as frames, read per frame and drawn onto each" {
	command -v ffmpeg >/dev/null || skip "no ffmpeg"
	mkdir -p "$T/v"
	cd "$T/v"
	# A two-second clip of a sample photo, turning a little.
	ffmpeg -loglevel error -loop 1 -framerate 10 -t 2 \
	    -i "$SAMPLES/image1.jpg" \
	    -vf 'scale=640:480,rotate=0.02*sin(2*PI*t)' -pix_fmt yuv420p \
	    clip.mp4
	recipe 'A video is a long stream' >stream.sh
	recipe 'The answer drawn onto every frame' >onto.sh
	run_sep sh stream.sh
	[ "$(grep -c '^# sdk-source -$' frames.txt)" -eq 20 ]
	# Each frame read as the still photo is read, or close to it.
	single "$SAMPLES/image1.jpg"
	want=$(grep -v '^#' "$T/one.grid")
	same=$(grep -c -x "$want" <(grep '^# sdk-puzzle ' frames.txt |
	    cut -d' ' -f3))
	[ "$same" -ge 15 ] || fail "$same of 20 frames read as the photo"
	run_sep sh onto.sh
	[ "$(ls frames | wc -l)" -eq 20 ]
	run ffprobe -v error -count_frames -select_streams v \
	    -show_entries stream=nb_read_frames,width,height -of csv solved.mp4
	assert_output "stream,640,480,20"
}

# The rows code of sdk-batch (sdk-batch-rows, the C program that reads
# the records for the worker), where the program under test finds it: the
# folder its libexec= names, or the fallbacks it tries.
rows_code() {
	local d
	for d in "$(sed -n "s/^libexec='\(.*\)'\$/\1/p" "$SDK_BINDIR/sdk-batch")" \
	    "$SDK_BINDIR" "$SDK_BINDIR/../libexec/sdk"; do
		if [ -x "$d/sdk-batch-rows" ]; then
			rows_prog=$d/sdk-batch-rows
			return 0
		fi
	done
	return 1
}

@test "rows of started puzzles: entries, mistakes and progress at the end" {
	# Every case (a mistake, none, no handwriting, not solved) cannot be
	# had from the photos we have: the rows code is run alone, as a worker
	# runs it after the stages, on the streams of a share of four photos
	# written by hand.  The next test takes a real photo through it all.
	rows_code
	p='...7...8..9...31....68.5.7..2.6...49...2...5...8.4...7...9...3.37......61.5..4...'
	s='253716984897423165416895273721658349964237851538149627642971538379582416185364792'
	dots=$(printf '%078d' 0 | tr 0 .)
	w=$T/w
	mkdir -p "$w"/1 "$w"/2 "$w"/3 "$w"/4 "$w"/p1 "$w"/p2
	# A line a photo: its number, the name the programs were given, its
	# name, that of its outputs, its absolute path.
	for l in 7:started 8:sub/fresh 9:right 10:stuck; do
		f=scans/${l#*:}.jpg
		printf '%s\t%s\t%s\t%s\t/p/%s\n' "${l%%:*}" "$f" "$f" \
		    "${l#*:}" "$f"
	done >"$T/chunk"
	: >"$w/detect.err"; : >"$w/warp.err"; : >"$w/ocr.err"
	: >"$w/render.err"
	echo 'sdk-solve: scans/stuck.jpg: record 4 (line 14): invalid' \
	    >"$w/solve.err"
	# The grid records of sdk-ocr, then those of sdk-solve.
	rec() {
		printf '# sdk-source scans/%s.jpg\n' "$1"
		[ -n "$2" ] && printf '# sdk-entries %s\n' "$2"
		shift 2
		printf '%s\n' "$@"
	}
	{
		rec started "258$dots" "$p"
		rec fresh '' "$p"
		rec right "25.$dots" "$p"
		rec stuck "..9$dots" "99${p#..}"
	} | sed 's|scans/fresh|scans/sub/fresh|' >"$w/o.txt"
	{
		rec started "258$dots" "# sdk-puzzle $p" '# sdk-status solved' \
		    '# sdk-mistakes r1c3:8>3' '# sdk-progress 2/55' "$s"
		rec fresh '' "# sdk-puzzle $p" '# sdk-status solved' "$s"
		rec right "25.$dots" "# sdk-puzzle $p" '# sdk-status solved' \
		    '# sdk-mistakes none' '# sdk-progress 2/55' "$s"
		rec stuck "..9$dots" '# sdk-status invalid' "99${p#..}"
	} | sed 's|scans/fresh|scans/sub/fresh|' >"$w/s.txt"
	printf 'scans/started.jpg\nscans/sub/fresh.jpg\nscans/right.jpg\n' \
	    >"$w/solved.src"
	printf '1\tp1/started.png\n2\tp2/fresh.png\n3\tj1/right.jpg\n' \
	    >"$w/rendered"
	: >"$w/thumbs"
	: >"$w/empty"
	t='0m0.00s 0m0.00s'
	run "$rows_prog" rows -o /o -r /o/.sdk-batch/rows -c "0 0 0 1 0" \
	    -t "start $t detect $t warp $t ocr $t solve $t pick $t render $t" \
	    "$T/chunk" "$w"
	assert_success
	assert_output ''
	# What the worker carries out (sdk-batch-rows place), a line each:
	# the outputs moved, the rows last, the photos done (the one that
	# failed with its message).
	run grep -A 3 -x "n	$w/1/started.grid	/o/started.grid" "$w/ops"
	assert_output "n	$w/1/started.grid	/o/started.grid
n	$w/1/started.solution	/o/started.solution
n	$w/p1/started.png	/o/started.png
n	$w/3/right.grid	/o/right.grid"
	run grep -B 1 -A 2 -x "n	$w/2/fresh.grid	/o/sub/fresh.grid" "$w/ops"
	assert_output "d	/o/sub
n	$w/2/fresh.grid	/o/sub/fresh.grid
n	$w/2/fresh.solution	/o/sub/fresh.solution
n	$w/p2/fresh.png	/o/sub/fresh.png"
	run cat "$w/ops"
	# a JPEG picture: moved as NAME.jpg, an earlier NAME.png removed
	assert_line "n	$w/j1/right.jpg	/o/right.jpg"
	assert_line "r	/o/right.png"
	refute_line "r	/o/right.jpg"
	assert_line "p	10	1	scans/stuck.jpg: solve: invalid"
	assert_line "p	7	0	"
	# the rows after every output, in their folders
	[ "$(grep -n "^n	$w/1/started.csv	/o/.sdk-batch/rows/started.csv\$" "$w/ops" | cut -d: -f1)" -gt \
	    "$(grep -n "^n	$w/p2/fresh.png	" "$w/ops" | cut -d: -f1)" ]
	assert_line "n	$w/2/fresh.html	/o/.sdk-batch/rows/sub/fresh.html"
	# The new columns come last; the earlier ones are as they were.
	run cat "$w/1/started.csv" "$w/2/fresh.csv" "$w/3/right.csv" \
	    "$w/4/stuck.csv"
	assert_line --index 0 --regexp "^scans/started\.jpg,started,solved,0,ok,ok,ok,solved,ok,$p,$s,(0\.0000,){5},3,r1c3:8>3,2/55,4,\$"
	assert_line --index 1 --regexp "^scans/sub/fresh\.jpg,sub/fresh,solved,0,.*,,,,,4,\$"
	assert_line --index 2 --regexp "^scans/right\.jpg,right,solved,0,.*,,2,,2/55,4,\$"
	assert_line --index 3 --regexp "^scans/stuck\.jpg,stuck,invalid,1,ok,ok,ok,invalid,-,.*,solve: invalid,1,,,4,\$"
	run cat "$w/1/started.json" "$w/2/fresh.json" "$w/3/right.json" \
	    "$w/4/stuck.json"
	assert_line --index 0 --partial \
	    ",\"entries\":3,\"mistakes\":\"r1c3:8>3\",\"progress\":\"2/55\","
	assert_line --index 1 --partial \
	    ",\"entries\":null,\"mistakes\":null,\"progress\":null,"
	assert_line --index 2 --partial \
	    ",\"entries\":2,\"mistakes\":\"\",\"progress\":\"2/55\","
	assert_line --index 3 --partial \
	    ",\"entries\":1,\"mistakes\":null,\"progress\":null,"
	if command -v jq >/dev/null; then
		jq -e . "$w"/*/*.json >/dev/null
	fi
	# The header names the same columns.
	run_sep sdk-batch -q -o "$T/o" scans/blank.pgm
	head -n 1 "$T/o/results.csv" |
	    grep -q ',seconds_render,message,entries,mistakes,progress,photos_in_stream,unsure$'
	grep -q '"entries":null,"mistakes":null,"progress":null,' \
	    "$T/o/results.jsonl"
}

@test "sdk-batch-rows: bad usage, a bad work folder, a move that fails: status 2 and a message" {
	rows_code
	run_sep "$rows_prog"
	fails 2 '^sdk-batch: list, conf, names, todo, plan, pick, rows, place or report\?$'
	[[ "$stderr" == *"usage: sdk-batch-rows list"* ]] || fail "$stderr"
	run_sep "$rows_prog" frob "$T"
	fails 2 '^sdk-batch: frob: not list, conf, names, todo, plan, pick, rows, place or report$'
	# conf: the workers' settings, data a line each.
	run_sep "$rows_prog" conf a=b "c=x	y\\z" "d="
	assert_success
	assert_output "a	b
c	x\\ty\\\\z
d	"
	run_sep "$rows_prog" conf a=b =c
	fails 2 '^sdk-batch: =c: not KEY=VALUE$'
	# list: the names a line each, escaped as the line files are.
	run_sep "$rows_prog" list -0 < <(printf 'a\\b\tc\nd\0\\n\0')
	assert_success
	assert_output 'a\\b\tc\nd
\\n'
	# (sdk-batch takes none of a list refused: what came before the
	# bad name is on standard output, and thrown away.)
	run_sep "$rows_prog" list < <(printf 'a\n\nb\0c\n')
	[ "$status" -eq 2 ] || fail "status $status"
	assert_equal "$stderr" \
	    'sdk-batch: -: line 3: a NUL byte in a name (with -0, names end in NUL)'
	run_sep "$rows_prog" names "$T/items" "$T/list" "$T/skipped"
	fails 2 '^sdk-batch: names needs -C and -O$'
	run_sep "$rows_prog" todo -r "$T" -m "$T" -P "$T" "$T/none" "$T/todo"
	fails 2 "^sdk-batch: $T/none: cannot open: No such file or directory\$"
	run_sep "$rows_prog" plan -n 0 "$T" a b c d
	fails 2 '^sdk-batch: -n 0: not a number of photos from 1 to 100000$'
	run_sep "$rows_prog" report -o o -O /o -r /o/r "$T"
	fails 2 '^sdk-batch: report takes 7 operands$'
	run_sep "$rows_prog" pick -p gif "$T"
	fails 2 '^sdk-batch: --picture gif: unknown format \(jpeg or png\)$'
	run_sep "$rows_prog" rows "$T/chunk" "$T"
	fails 2 '^sdk-batch: rows needs -c, -t, -o and -r$'
	run_sep "$rows_prog" place
	fails 2 '^sdk-batch: place takes 1 operand$'
	run_sep "$rows_prog" pick "$T/none"
	fails 2 "^sdk-batch: $T/none/s.txt: cannot open: No such file or directory\$"
	run_sep "$rows_prog" rows -c 0 -t '' -o /o -r /r "$T/none" "$T"
	fails 2 "^sdk-batch: $T/none: cannot open: No such file or directory\$"
	# Streams the grid reader refuses (a grid line of 12 cells, a NUL
	# byte) are read up to there: the photo whose record is lost gets a
	# row that says so, the others theirs.
	w=$T/w
	mkdir -p "$w/1" "$w/2"
	printf '1\ta.jpg\ta.jpg\ta\t/p/a.jpg\n2\tb.jpg\tb.jpg\tb\t/p/b.jpg\n' \
	    >"$T/chunk"
	for f in detect warp ocr solve render; do : >"$w/$f.err"; done
	: >"$w/rendered"; : >"$w/thumbs"; : >"$w/empty"
	dots=$(printf '%081d' 0 | tr 0 .)
	printf '# sdk-source a.jpg\n%s\n# sdk-source b.jpg\n%s\n' "$dots" \
	    "$dots" >"$w/o.txt"
	printf '# sdk-source a.jpg\n# sdk-status unsolved\n%s\n# sdk-source b.jpg\n123456789012\n' \
	    "$dots" >"$w/s.txt"
	run_sep "$rows_prog" pick "$w"
	assert_success
	run cat "$w/thumbs.want"
	assert_output 't 1'
	printf 'x\0y\n' >>"$w/o.txt"
	t='0m0.00s 0m0.00s'
	# The outputs' folder: below a file, where no folder can be made.
	: >"$T/f"
	run_sep "$rows_prog" rows -c "0 0 0 0 0" -t "start $t solve $t" \
	    -o "$T/f/o" -r "$T/f/o/rows" "$T/chunk" "$w"
	assert_success
	assert_equal "$stderr" ''
	grep -q '^a.jpg,a,unsolved,1,ok,ok,ok,unsolved,-,' "$w/1/a.csv"
	grep -q '^b.jpg,b,error,2,ok,ok,ok,error,-,.*,solve: no record,' \
	    "$w/2/b.csv" || fail "$(cat "$w/2/b.csv")"
	# A move that fails stops place before any photo is counted done.
	run_sep "$rows_prog" place "$w"
	[ "$status" -eq 2 ] || fail "status $status"
	assert_equal "$output" ''
	assert_equal "$stderr" \
	    "sdk-batch: cannot make the folder $T/f/o: Not a directory"
	printf 'n\t%s\t%s\np\t1\t0\t\n' "$w/1/a.csv" "$T/a.csv" >"$w/ops"
	run_sep "$rows_prog" place "$w"
	assert_success
	assert_equal "$output" "1	0	"
	[ -f "$T/a.csv" ] && [ ! -e "$w/1/a.csv" ]
	printf 'x\t%s\n' "$w" >"$w/ops"
	run_sep "$rows_prog" place "$w"
	fails 2 "^sdk-batch: unknown operation 'x' in the work folder's ops\$"
}

@test "a started puzzle's photo: its entries and progress in the rows" {
	[ -e "$SAMPLES/started1.jpg" ] || skip "no samples/started1.jpg"
	run_sep sdk-batch -o "$T/st" "$SAMPLES/started1.jpg"
	assert_success
	want="$(grep -v '^#' "$SAMPLES/started1.txt")"
	grep -q ",$want,.*,12,,12/53,1,\$" "$T/st/results.csv" ||
	    fail "$(cat "$T/st/results.csv")"
	grep -q '"entries":12,"mistakes":"","progress":"12/53"' \
	    "$T/st/results.jsonl" || fail "$(cat "$T/st/results.jsonl")"
}

@test "cells read in doubt are counted apart: the unsure column, never mistakes" {
	[ -e "$SAMPLES/started3.jpg" ] || skip "no samples/started3.jpg"
	run_sep sdk-batch -o "$T/st" "$SAMPLES/started3.jpg"
	assert_success
	grep -q ',53/55,1,r3c6:2|7 r3c8:2|1$' "$T/st/results.csv" ||
	    fail "$(cat "$T/st/results.csv")"
	grep -q '"mistakes":"","progress":"53/55","unsure":"r3c6:2|7 r3c8:2|1"' \
	    "$T/st/results.jsonl" || fail "$(cat "$T/st/results.jsonl")"
	grep -q 'done 53/55, to check r3c6:2|7 r3c8:2|1' "$T/st/index.html"
}

# browse PAGE: the DOM of PAGE once a headless Chromium has loaded it (and
# run its script).  --no-sandbox: the sandbox cannot start as root, nor in
# most containers.
browse() {
	local ud
	ud=$(mktemp -d "$T/chromium.XXXXXX")
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
	    --disable-quic --no-first-run --disable-background-networking \
	    --disable-component-update --disable-sync --user-data-dir="$ud" \
	    --dump-dom "file://$1" 2>/dev/null
}

@test "index.html in a real browser: every thumbnail loads, a row a photo, failures first" {
	command -v chromium >/dev/null ||
	    skip "no chromium (scripts/install-deps installs it)"
	run_sep sdk-batch -q -o "$T/o" scans
	[ "$status" -eq 2 ]
	run browse "$T/o/index.html"
	assert_success
	dom=$output
	# The page's script counts the images the browser could decode.
	images=$(grep -o 'data-images="[0-9]*"' <<<"$dom" | tr -dc 0-9)
	loaded=$(grep -o 'data-loaded="[0-9]*"' <<<"$dom" | tr -dc 0-9)
	# A thumbnail of each photo that could be read (4) and of each answer (3).
	[ "$images" = 7 ] || fail "images: '$images'"
	[ "$loaded" = "$images" ] || fail "$loaded of $images loaded"
	# A row a photo, as in results.csv, those that failed first.
	run grep -o '<tr class="[a-z]*"' <<<"$dom"
	assert_output '<tr class="err"
<tr class="fail"
<tr class="ok"
<tr class="ok"
<tr class="ok"'
	[ "${#lines[@]}" -eq $(($(wc -l <"$T/o/results.csv") - 1)) ]
	[[ "$dom" == *"5 photos</b>: <b>3 solved</b>, 1 failed on their merits (no-grid 1), 1 could not be read; 1 file skipped."* ]] ||
	    fail "$(grep 'class="sum"' <<<"$dom")"
	[[ "$dom" == *"<li>scans/notes.txt: not a photo</li>"* ]]
	# The buttons: only the failed, only the solved (a copy of the page
	# with a script that clicks them and counts the rows shown).
	sed 's|</body>|<script>addEventListener("load", function () {\
	  var r = document.querySelectorAll("tbody tr"), b = document.body.dataset;\
	  function shown() { var n = 0; for (var i = 0; i < r.length; i++)\
	    if (r[i].offsetParent !== null) n++; return n; }\
	  document.getElementById("f-failed").click(); b.failed = shown();\
	  document.getElementById("f-solved").click(); b.solved = shown(); });\
	</script></body>|' "$T/o/index.html" >"$T/o/clicked.html"
	run browse "$T/o/clicked.html"
	[[ "$output" == *'data-failed="2" data-solved="3"'* ]] ||
	    fail "$(grep -o '<body[^>]*>' <<<"$output")"
}

@test "the report's thumbnails: small JPEG sheets, kept while up to date, dropped when redone" {
	sdk-batch -q -o "$T/o" scans || true
	# The links of the page lead to files that are there.
	grep -o 'src="[^"]*"' "$T/o/index.html" | sed 's/src="//; s/"$//' |
	    sort -u >"$T/srcs"
	[ -s "$T/srcs" ]
	while IFS= read -r f; do
		[ "$(od -An -tx1 -N3 "$T/o/$f" | tr -d ' ')" = ffd8ff ] ||
		    fail "$f is not a JPEG file"
	done <"$T/srcs"
	# Small: under 12 KB a photo, both thumbnails.
	size=$(cat "$T"/o/thumbs/*.jpg | wc -c)
	[ "$size" -lt $((5 * 12 * 1024)) ] || fail "$size bytes"
	ls "$T/o/thumbs" >"$T/before"
	sdk-batch -q -o "$T/o" scans || true
	ls "$T/o/thumbs" | diff "$T/before" - || true
	# The unreadable photo is tried again: its sheet (none) aside, the
	# sheets stay.
	comm -23 "$T/before" <(ls "$T/o/thumbs") >"$T/lost"
	[ ! -s "$T/lost" ] || fail "up to date, yet gone: $(cat "$T/lost")"
	sdk-batch -q -f -o "$T/o" scans || true
	[ -z "$(comm -12 "$T/before" <(ls "$T/o/thumbs"))" ] ||
	    fail "old sheets kept"
	grep -o 'src="[^"]*"' "$T/o/index.html" | sed 's/src="//; s/"$//' |
	    while IFS= read -r f; do [ -f "$T/o/$f" ] || echo "$f"; done >"$T/missing"
	[ ! -s "$T/missing" ] || fail "missing: $(cat "$T/missing")"
}

@test "no photos found: status 1, nothing written; every file skipped named and counted" {
	mkdir -p "$T/empty" "$T/raw"
	run_sep sdk-batch -o "$T/o" "$T/empty"
	fails 1 '^sdk-batch: no photos found$'
	[ ! -e "$T/o" ]
	# A camera raw file is none of the photos read.
	touch "$T/raw/a.cr2" "$T/raw/b.txt"
	run_sep sdk-batch -o "$T/o" "$T/raw"
	fails 1 '^sdk-batch: no photos found \(2 files skipped\)$'
	assert_equal "${stderr_lines[0]}" "sdk-batch: $T/raw/a.cr2: not a photo; skipped"
	assert_equal "${stderr_lines[1]}" "sdk-batch: $T/raw/b.txt: not a photo; skipped"
	[ ! -e "$T/o" ]
	# -q: no names, the count stays.
	run_sep sdk-batch -q -o "$T/o" "$T/raw"
	fails 1 '^sdk-batch: no photos found \(2 files skipped\)$'
	[ "${#stderr_lines[@]}" -eq 1 ]
	# An empty list of names is no batch at all.
	run_sep sdk-batch -o "$T/o" </dev/null
	assert_success
	[ -z "$stderr" ] && [ ! -e "$T/o" ]
}

@test "- reads names from standard input: a line each, or NUL-separated with -0" {
	printf 'scans/image25.jpg\n\nscans/sub\n' >"$T/list"
	run_sep sdk-batch -q -o "$T/a" scans/blank.pgm - <"$T/list"
	[ "$status" -eq 1 ]
	run field source "$T/a/results.jsonl"
	assert_output "scans/blank.pgm
scans/image25.jpg
scans/sub/image71.jpg"
	mkdir "$T/in"
	cp scans/image1.jpg "$T/in/$(printf 'two\nlines.jpg')"
	find "$T/in" -type f -print0 >"$T/list0"
	run_sep sdk-batch -0 -o "$T/b" <"$T/list0"
	assert_success
	grep -q '"source":".*/in/two\\nlines.jpg"' "$T/b/results.jsonl"
	# Without -0, that list is not one of lines.
	run_sep sdk-batch -o "$T/c" <"$T/list0"
	fails 2 '^sdk-batch: -: line 2: a NUL byte in a name'
	[ ! -e "$T/c" ]
}

@test "the long options of the C programs; -j stays the number of jobs" {
	run_sep sdk-batch --quiet --verbose --jobs=1 --output="$T/a" scans/image1.jpg
	assert_success
	[[ "$stderr" == *"1 photo (1 run in"* ]] || fail "$stderr"
	[ -f "$T/a/image1.grid" ]
	run_sep sdk-batch --output "$T/b" --jobs 1 -qv scans/blank.pgm
	[ "$status" -eq 1 ]
	[[ "$stderr" != *"no grid"* && "$stderr" == *"1 photo (1 run"* ]] ||
	    fail "$stderr"
	run_sep sdk-batch --quiet=yes scans/image1.jpg
	fails 2 '^sdk-batch: option --quiet takes no argument$'
	run_sep sdk-batch --output
	fails 2 '^sdk-batch: option --output needs an argument$'
}

@test "one line a failed photo; a stage not reached has no seconds" {
	run_sep sdk-batch -o "$T/o" scans/corrupt.jpg scans/blank.pgm
	[ "$status" -eq 2 ]
	assert_equal "$stderr" "sdk-batch: scans/corrupt.jpg: detect: not an image (unknown format)
sdk-batch: scans/blank.pgm: detect: no grid found"
	grep -q '"seconds":{"detect":[0-9.]*,"warp":null,"ocr":null,"solve":null,"render":null}' \
	    "$T/o/results.jsonl"
	grep -q '^scans/corrupt.jpg,corrupt,error,2,error,-,-,-,-,,,[0-9.]*,,,,,' \
	    "$T/o/results.csv"
}

@test "TERM=dumb, NO_COLOR: the progress line has no escape sequence" {
	command -v script >/dev/null || skip "no script(1)"
	for env in TERM=dumb NO_COLOR=1 TERM=xterm; do
		run env "$env" script -qec "sdk-batch -f -o '$T/o' scans/image1.jpg" \
		    /dev/null
		[[ "$output" == *"sdk-batch: 1 photo: "* ]] || fail "$env: $output"
		[[ "$output" != *$'\e'* ]] || fail "$env: $(od -c <<<"$output")"
	done
}

@test "answer pictures: JPEG for JPEG photos, PNG for others; -p forces one" {
	mkdir "$T/in"
	cp "$SAMPLES/image1.jpg" "$T/in/a.JPG"
	cp "$SAMPLES/image1.jpg" "$T/in/noext"
	jpegtopnm "$SAMPLES/image71.jpg" 2>/dev/null | pnmtopng >"$T/in/p.png"
	run_sep sdk-batch -o "$T/o" "$T/in"
	[ "$status" -le 1 ] || fail "status $status: $stderr"
	grep -qx '# sdk-status solved' "$T/o/p.solution" ||
	    skip "p.png not solved"
	is_jpeg "$T/o/a.jpg" && is_jpeg "$T/o/noext.jpg" && is_png "$T/o/p.png"
	[ ! -e "$T/o/a.png" ] && [ ! -e "$T/o/noext.png" ] &&
	    [ ! -e "$T/o/p.jpg" ]
	jpegtopnm "$T/o/a.jpg" 2>/dev/null | head -c 20 | grep -aq '^640 480$'
	# the report links the picture that is there
	grep -q 'href="a.jpg"' "$T/o/index.html"
	grep -q 'href="p.png"' "$T/o/index.html"
	# forced: every picture in one format, the other one's removed
	sdk-batch -q -p png -o "$T/o" "$T/in" || true
	is_png "$T/o/a.png" && [ ! -e "$T/o/a.jpg" ] && [ ! -e "$T/o/noext.jpg" ]
	sdk-batch -q --picture=jpeg -o "$T/o" "$T/in" || true
	is_jpeg "$T/o/p.jpg" && [ ! -e "$T/o/p.png" ] && [ ! -e "$T/o/a.png" ]
	# auto again: as the first run
	sdk-batch -q -p auto -o "$T/o" "$T/in" || true
	is_jpeg "$T/o/a.jpg" && is_png "$T/o/p.png" && [ ! -e "$T/o/p.jpg" ]
	run_sep sdk-batch -p gif -o "$T/o" "$T/in"
	fails 2 '^sdk-batch: --picture gif: unknown format \(auto, jpeg or png\)'
	run_sep sdk-batch -p
	fails 2 '^sdk-batch: option -p needs an argument'
}

@test "CPU seconds: a stream's mean, labelled so, and over how many photos; -n 1 measures each photo" {
	run_sep sdk-batch -n 2 -j 1 -o "$T/o" scans/image1.jpg scans/image25.jpg \
	    scans/sub/image71.jpg
	[ "$status" -le 1 ] || fail "$stderr"
	head -n 1 "$T/o/results.csv" | grep -q ',progress,photos_in_stream,unsure$'
	# Python's csv: the two photos of the first stream share their
	# figures and say so; the third is a stream of its own.
	python3 - "$T/o/results.csv" <<'PY'
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))
assert [x["photos_in_stream"] for x in r] == ["2", "2", "1"], r
assert r[0]["seconds_detect"] == r[1]["seconds_detect"], r
PY
	grep -q '<th title="[^"]*">CPU s, mean of its stream</th>' "$T/o/index.html"
	grep -q '<td class="r" title="the CPU seconds of a stream of 2 photos, shared among them">' \
	    "$T/o/index.html"
	run_sep sdk-batch -f -n 1 -o "$T/o" scans/image1.jpg scans/image25.jpg
	[ "$(cut -d, -f21 "$T/o/results.csv" | sort | uniq -c | tr -s ' ')" = " 2 1
 1 photos_in_stream" ]
	grep -c '"photos_in_stream":1,' "$T/o/results.jsonl" | grep -qx 2
}
