#!/usr/bin/env bats
# The shell completions (completions/sdk.bash, completions/_sdk): for every
# program, every option its --help names is offered by bash and by zsh,
# every option offered is one the program takes, and every value offered
# for an option (strategies, levels, engines, formats, ...) is one it
# accepts.

load helper

# The completions of the source tree, or of an installed copy
# (tests/package.bats): the bash file and zsh's folder of _sdk.
BASH_COMP=${SDK_BASH_COMPLETION:-$TOP/completions/sdk.bash}
ZSH_DIR=${SDK_ZSH_FPATH:-$TOP/completions}

# The options --help names: -x and --long-name, in the option column.
help_options() {
	"$1" --help | grep -E '^ +-' | grep -oE '(^|[ ,])(-[A-Za-z0-9]|--[a-z][a-z0-9-]*)' |
	    tr -d ' ,' | sort -u
}

# bash: what _sdk offers for the words given (the last one is completed).
bash_complete() {
	bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
	    _sdk; printf "%s\n" "${COMPREPLY[@]}"' sh "$BASH_COMP" "$@" | sort -u
}

# zsh: what zsh offers after each LINE, as "LINE<tab>MATCH" lines (one
# zsh for them all: it takes a while to start).
zsh_complete() {
	timeout 60 zsh "$TOP/tests/complete.zsh" "$ZSH_DIR" "$@"
}

# The matches for LINE in the output of zsh_complete ($zsh).
zsh_matches() {
	printf '%s\n' "$zsh" | awk -F '\t' -v l="$1" '$1 == l { print $2 }' |
	    sort -u
}

# The options bash offers PROGRAM, one a line, and those that take a value.
bash_options() {
	bash -c 'source "$1"; _sdk_options "$2"' sh "$BASH_COMP" "$1" |
	    tr ' \t' '\n\n' | grep . | tr -d :
}
valued_options() {
	bash -c 'source "$1"; _sdk_options "$2"' sh "$BASH_COMP" "$1" |
	    tr ' \t' '\n\n' | grep ':$' | tr -d :
}

@test "every program has its completions, in bash and in zsh" {
	local p
	for p in $(programs); do
		grep -q "complete -F _sdk.* $p\( \|$\)" "$BASH_COMP" ||
		    grep -A1 '^complete -F _sdk' "$BASH_COMP" | grep -qw -- "$p" ||
		    fail "$p: not in sdk.bash's complete line"
		head -n 1 "$ZSH_DIR/_sdk" | grep -qw -- "$p" ||
		    fail "$p: not in _sdk's #compdef line"
	done
}

@test "bash offers every option of --help, and only options the program takes" {
	local p o missing
	for p in $(programs); do
		missing=$(comm -23 <(help_options "$p") <(bash_options "$p" | sort -u))
		[ -z "$missing" ] || fail "$p: bash does not offer: $missing"
		run bash_complete "$p" -
		for o in $(help_options "$p"); do
			grep -qx -- "$o" <<<"$output" || fail "$p -<TAB>: no $o"
		done
		# (In a folder of its own: "-o 1 --help" might write 1.)
		cd "$BATS_TEST_TMPDIR"
		for o in $(bash_options "$p"); do
			if valued_options "$p" | grep -qx -- "$o"; then
				run_sep "$p" "$o" 1 --help
			else
				run_sep "$p" "$o" --help
			fi
			[[ "$stderr" != *"unknown option"* ]] ||
			    fail "$p takes no $o: $stderr"
		done
	done
}

@test "zsh offers every option of --help" {
	local p got missing
	command -v zsh >/dev/null || skip "no zsh"
	local lines=()
	for p in $(programs); do
		lines+=("$p -" "$p --")
	done
	zsh=$(zsh_complete "${lines[@]}")
	for p in $(programs); do
		got=$( { zsh_matches "$p -"; zsh_matches "$p --"; } | sort -u)
		[ -n "$got" ] || fail "$p: zsh offers nothing"
		missing=$(comm -23 <(help_options "$p") <(printf '%s\n' "$got"))
		[ -z "$missing" ] || fail "$p: zsh does not offer: $missing"
	done
}

# try PROGRAM OPTION VALUE: run PROGRAM with OPTION VALUE on a small input;
# the value is accepted when the status is not 2 (a usage error).
try() {
	local p=$1 o=$2 v=$3 puzzle
	puzzle=$(head -n 1 "$SAMPLES/puzzles.txt")
	cd "$BATS_TEST_TMPDIR"
	case $p in
	sdk-detect) run_sep "$p" "$o" "$v" "$SAMPLES/image1.jpg" ;;
	sdk-ocr) sdk-detect "$SAMPLES/image1.jpg" | sdk-warp >sq.pgm
		run_sep "$p" "$o" "$v" sq.pgm ;;
	# A strategy through --bench, which takes "all" too.
	sdk-solve) if [ "$o" = -s ] || [ "$o" = --strategy ]; then
			run_sep "$p" --bench "$o" "$v" "$SAMPLES/puzzles.txt"
		else
			run_sep "$p" "$o" "$v" "$puzzle"
		fi ;;
	sdk-gen) run_sep "$p" --seed 1 -t 0.5 "$o" "$v" ;;
	sdk-render) run_sep "$p" -o out "$o" "$v" "$puzzle" ;;
	sdk-hold) run_sep "$p" "$o" "$v" "$puzzle" ;;
	sdk-batch) run_sep "$p" -o batch "$o" "$v" "$SAMPLES/image1.jpg" ;;
	*) return 1 ;;
	esac
}

@test "every value offered is one the program accepts; zsh offers the same" {
	local p o v values n=0 lines=()
	for p in $(programs); do
		for o in $(valued_options "$p"); do
			lines+=("$p $o ")
		done
	done
	command -v zsh >/dev/null && zsh=$(zsh_complete "${lines[@]}")
	for p in $(programs); do
		for o in $(valued_options "$p"); do
			values=$(bash -c 'source "$1"; _sdk_values "$2" "$3"' sh \
			    "$BASH_COMP" "$p" "$o")
			case $values in '' | FILE | DIR) continue ;; esac
			run bash_complete "$p" "$o" ""
			[ "$output" = "$(tr ' ' '\n' <<<"$values" | sort -u)" ] ||
			    fail "bash $p $o: $output"
			if command -v zsh >/dev/null; then
				[ "$(zsh_matches "$p $o ")" = "$output" ] ||
				    fail "zsh $p $o: $(zsh_matches "$p $o ")"
			fi
			for v in $values; do
				try "$p" "$o" "$v" || continue
				[ "$status" -le 1 ] ||
				    fail "$p $o $v: status $status: $stderr"
				n=$((n + 1))
			done
		done
	done
	[ "$n" -ge 30 ] || fail "only $n values tried"
}

@test "bash: --option=value, a file after -o, files for operands" {
	cd "$SAMPLES"
	run bash_complete sdk-gen --level=h
	assert_output --level=hard
	run bash_complete sdk-gen --level = ex
	assert_output "$(printf 'expert\nextreme')"
	run bash_complete sdk-solve -o puzz
	assert_output puzzles.txt
	run bash_complete sdk-render --onto = image10
	assert_output "$(printf 'image1000.dat\nimage1000.jpg\nimage1049.dat\nimage1049.jpg')"
	run bash_complete sdk-solve puzz
	assert_output puzzles.txt
}
