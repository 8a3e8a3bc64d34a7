#!/usr/bin/env bats
# The Debian package (make deb, scripts/make-deb), named by SDK_DEB (make
# check builds it): its fields and files, then unpacked into a scratch
# root (dpkg -x, the machine's own system untouched) and run from there:
# the shared conventions, pasted grids, the pipeline and the completions
# through the suites themselves (SDK_BINDIR), "man sdk", and the library's
# example built with pkg-config against the headers and libraries there.

load helper

setup_file() {
	[ -n "${SDK_DEB:-}" ] || return 0
	R="$BATS_FILE_TMPDIR/root"
	dpkg-deb -x "$SDK_DEB" "$R"
	export R
}

setup() {
	[ -n "${SDK_DEB:-}" ] ||
	    skip "no package to test (SDK_DEB: make check builds one, make sanitize not)"
	MA=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
	LIB="$R/usr/lib/$MA"
}

@test "the package's control fields" {
	run dpkg-deb -f "$SDK_DEB" Package Version Architecture Depends Recommends
	assert_success
	assert_line "Package: sdk"
	assert_line "Version: $(sed -n 's/^#define SDK_VERSION "\(.*\)"/\1/p' "$TOP/libcommon/sdk.h")"
	assert_line "Architecture: $(dpkg --print-architecture)"
	# dpkg-shlibdeps found what the programs link.
	assert_line --regexp '^Depends: .*libc6.*liblept'
	# libheif and libtesseract are opened, not linked: named by hand.
	assert_line --regexp '^Depends: .*libheif1 \(>= 1\.8\.0\), libtesseract5'
	# sdk-batch's report puts its thumbnails on a sheet with netpbm.
	assert_line --regexp '^Recommends: .*netpbm'
	# The completions it ships do nothing without bash-completion, which a
	# minimal system lacks.
	assert_line --regexp '^Recommends: (.*, )?bash-completion(,|$)'
	run bash -c "dpkg-deb --ctrl-tarfile '$SDK_DEB' | tar -tf - | sort"
	assert_output "$(printf './\n./control\n./md5sums\n./shlibs\n./triggers')"
}

@test "the package holds the programs, man pages, completions, library, header and .pc" {
	local p f
	run dpkg-deb -c "$SDK_DEB"
	assert_success
	for p in "$SDK_BINDIR"/sdk-*; do
		p=${p##*/}
		assert_line --regexp " \./usr/bin/$p$"
		assert_line --regexp " \./usr/share/man/man1/$p\.1\.gz$"
		assert_line --regexp " \./usr/share/bash-completion/completions/$p -> sdk$"
	done
	for f in usr/share/man/man1/sdk.1.gz usr/share/man/man3/libsdk-solve.3.gz \
	    usr/share/man/man5/sdk.5.gz usr/share/man/man7/sdk.7.gz \
	    usr/share/bash-completion/completions/sdk \
	    usr/share/zsh/vendor-completions/_sdk \
	    usr/include/sdk/solve.h usr/include/sdk/logic.h usr/include/sdk/sdk.h \
	    "usr/lib/$MA/libsdk-solve.a" "usr/lib/$MA/libsdk-solve.so.0.1.0" \
	    "usr/lib/$MA/pkgconfig/sdk-solve.pc" usr/libexec/sdk/sdk-batch-rows \
	    usr/share/doc/sdk/copyright usr/share/doc/sdk/THIRD-PARTY-NOTICES \
	    usr/share/doc/sdk/examples/solve.c; do
		assert_line --regexp " \./$f$"
	done
	assert_line --regexp " \./usr/lib/$MA/libsdk-solve.so.0 -> libsdk-solve.so.0.1.0$"
	# Every file as root's, no temporary file of the build.
	refute_line --regexp '^[^ ]+ [^r][^ ]*/'
	refute_line --partial '.tmp'
}

@test "the files are those the md5sums list, unchanged" {
	cd "$R"
	dpkg-deb --ctrl-tarfile "$SDK_DEB" | tar -xOf - ./md5sums >"$BATS_TEST_TMPDIR/md5sums"
	run md5sum -c --quiet "$BATS_TEST_TMPDIR/md5sums"
	assert_success
	[ "$(wc -l <"$BATS_TEST_TMPDIR/md5sums")" -eq "$(find usr -type f | wc -l)" ]
}

@test "dpkg installs it and removes it without a trace (in a scratch root)" {
	local d="$BATS_TEST_TMPDIR/dpkg"
	# An empty package database: what it depends on is not "installed"
	# there, hence --force-depends.
	mkdir -p "$d/var/lib/dpkg/info" "$d/var/lib/dpkg/updates"
	touch "$d/var/lib/dpkg/status"
	run dpkg --root="$d" --force-depends --force-script-chrootless -i "$SDK_DEB"
	assert_success
	run dpkg --root="$d" -s sdk
	assert_line "Status: install ok installed"
	[ -x "$d/usr/bin/sdk-solve" ] && [ -f "$d/usr/lib/$MA/libsdk-solve.so.0.1.0" ]
	run dpkg --root="$d" --force-script-chrootless -r sdk
	assert_success
	[ ! -e "$d/usr" ] || fail "left behind: $(find "$d/usr" | head)"
}

@test "the installed programs pass the shared conventions, paste and pipeline suites" {
	cd "$TOP/tests"
	run env SDK_BINDIR="$R/usr/bin" SDK_SYSROOT="$R" \
	    bats --tap cli.bats paste.bats pipeline.bats
	[ "$status" -eq 0 ] || fail "$(grep -A5 '^not ok' <<<"$output")"
	[ "$(grep -c '^ok ' <<<"$output")" -ge 30 ] || fail "$output"
}

@test "the installed completions are the tested ones, and load by the programs' names" {
	local p c="$R/usr/share/bash-completion/completions"
	cmp "$c/sdk" "$TOP/completions/sdk.bash"
	cmp "$R/usr/share/zsh/vendor-completions/_sdk" "$TOP/completions/_sdk"
	# bash-completion loads completions/NAME when NAME is first completed.
	for p in "$SDK_BINDIR"/sdk-*; do
		p=${p##*/}
		run bash -c "source '$c/$p'; complete -p $p"
		assert_output "complete -F _sdk $p"
	done
}

@test "man sdk opens the overview, man 5 sdk the formats, man 3 libsdk-solve the library" {
	run man -M "$R/usr/share/man" -w sdk
	assert_output "$R/usr/share/man/man7/sdk.7.gz"
	run env MANPAGER=cat MANWIDTH=80 man -M "$R/usr/share/man" sdk
	assert_success
	assert_line --regexp '^SDK\(7\) '
	assert_output --partial 'from a photo of a Sudoku to its solution'
	run man -M "$R/usr/share/man" -w 5 sdk
	assert_output "$R/usr/share/man/man5/sdk.5.gz"
	run env MANPAGER=cat MANWIDTH=80 man -M "$R/usr/share/man" 3 libsdk-solve
	assert_output --partial 'pkg-config --cflags --libs sdk-solve'
}

@test "the library's example builds with pkg-config against the package, shared and static" {
	local want
	want=$(printf '%s\n%s' \
	    534678912672195348198342567859761423426853791713924856961537284287419635345286179 \
	    'easy, 51 steps, hardest naked single')
	cd "$BATS_TEST_TMPDIR"
	export PKG_CONFIG_PATH="$LIB/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$R"
	run pkg-config --cflags --libs sdk-solve
	[ "$(echo $output)" = "-I$R/usr/include -L$LIB -lsdk-solve" ] || fail "$output"
	cc -std=c11 -Wall -Wextra -Werror -o solve \
	    "$R/usr/share/doc/sdk/examples/solve.c" \
	    $(pkg-config --cflags --libs sdk-solve)
	run env LD_LIBRARY_PATH="$LIB" ./solve \
	    53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
	assert_success
	assert_output "$want"
	# It runs against the package's shared library.
	run env LD_LIBRARY_PATH="$LIB" ldd ./solve
	assert_output --partial "libsdk-solve.so.0 => $LIB/libsdk-solve.so.0"
	cc -std=c11 -o solve-static "$R/usr/share/doc/sdk/examples/solve.c" \
	    $(pkg-config --cflags sdk-solve) "$LIB/libsdk-solve.a" \
	    $(pkg-config --libs-only-other --static sdk-solve) -lm
	run ./solve-static \
	    53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
	assert_output "$want"
	# Bad input: the example's own messages.
	run ./solve-static 11.......
	[ "$status" -eq 2 ]
}

@test "the shared library exports the interface alone" {
	run nm -D --defined-only "$LIB/libsdk-solve.so.0.1.0"
	assert_success
	assert_line --regexp ' T sdk_engine_find@@SDK_SOLVE_0$'
	assert_line --regexp ' T sdk_logic_rate@@SDK_SOLVE_0$'
	assert_line --regexp ' T sdk_logic_score@@SDK_SOLVE_0$'
	assert_line --regexp ' D sdk_engine_fast@@SDK_SOLVE_0$'
	# Not the techniques' insides (logic/private.h) nor the OCR's repair.
	refute_line --regexp ' find_'
	refute_line --regexp ' repair_'
	run objdump -p "$LIB/libsdk-solve.so.0.1.0"
	assert_line --regexp 'SONAME +libsdk-solve\.so\.0$'
}
