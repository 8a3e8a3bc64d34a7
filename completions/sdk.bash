# bash completion for the sdk programs: their options, the values an option
# takes (strategies, levels, engines, formats, ...), files for the rest.
# Installed as completions/sdk, with a link for each program so that
# bash-completion finds it by the program's name.

# _sdk_options PROGRAM: every option of PROGRAM; those that take a value
# as the next word end in ':'.
_sdk_options()
{
	local shared='-j --json -o: --output: -q --quiet -v --verbose -h --help
	    -V --version'
	case $1 in
	sdk-detect) echo "$shared -a --all -f: --format: -s: --side: -w --whole" ;;
	sdk-warp) echo "$shared -s: --size: --quad: --no-refine" ;;
	sdk-ocr) echo "$shared -e: --engine: --no-repair --upright" ;;
	sdk-solve)
		echo "$shared -c --count -f: --format: -n: --repeat: -p --plain
		    -s: --strategy: -t: --timeout: --csv --first --max-nodes:
		    --bench --explain --hint --rate --stats --trace --pencil" ;;
	sdk-render)
		echo "$shared -c --changes -f: --format: -m: --margin: -s: --size:
		    -Q: --quality: --onto --thumbnail: --color: --colour:" ;;
	sdk-gen)
		echo "$shared -d: --level: -f: --format: -n: --count: -t: --timeout:
		    --seed: --symmetry: --minimal" ;;
	sdk-hold) echo "$shared -c: --confidence: -d: --cells:" ;;
	sdk-batch)
		echo "-e: --engine: -f --force -j: --jobs: -n: -o: --output:
		    -p: --picture: -0 --null -q --quiet -v --verbose -S:
		    --sshlogin: --remote-bindir: -t: --solve-timeout: -h --help
		    -V --version" ;;
	esac
}

# _sdk_values PROGRAM OPTION: the words OPTION's value may be, "FILE" or
# "DIR" for a path, nothing for a number or free text.
_sdk_values()
{
	case "$1 $2" in
	"sdk-detect -f" | "sdk-detect --format") echo pnm text ;;
	"sdk-ocr -e" | "sdk-ocr --engine" | "sdk-batch -e" | "sdk-batch --engine")
		echo mlp tesseract ;;
	"sdk-solve -s" | "sdk-solve --strategy")
		echo fast dlx ac3 backtrack logic all ;;
	"sdk-solve -f" | "sdk-solve --format" | "sdk-gen -f" | "sdk-gen --format")
		echo line grid ;;
	"sdk-render -f" | "sdk-render --format") echo pnm png jpeg text ;;
	"sdk-batch -p" | "sdk-batch --picture") echo auto jpeg png ;;
	"sdk-render --color" | "sdk-render --colour") echo auto always never ;;
	"sdk-render --onto") echo FILE ;;
	"sdk-gen -d" | "sdk-gen --level")
		echo easy medium hard expert extreme any ;;
	"sdk-gen --symmetry")
		echo none rotational quarter mirror flip diagonal dihedral ;;
	"sdk-hold -c" | "sdk-hold --confidence") echo 0 1 2 3 4 5 6 7 8 9 ;;
	"sdk-batch -o" | "sdk-batch --output" | "sdk-batch --remote-bindir")
		echo DIR ;;
	*" -o" | *" --output") echo FILE ;;
	esac
}

_sdk()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev='' prog=${COMP_WORDS[0]##*/}
	local opt='' o values takes=''
	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	COMPREPLY=()
	# --option=value, as one word (bash splits at '=' unless told not
	# to: both are handled).
	local prefix=''
	if [[ $cur == --*=* ]]; then
		opt=${cur%%=*}
		cur=${cur#*=}
		prefix=$opt=
	elif [ "$cur" = = ] && [[ $prev == --* ]]; then
		opt=$prev
		cur=
	elif [ "$prev" = = ] && [ "$COMP_CWORD" -gt 1 ]; then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	else
		for o in $(_sdk_options "$prog"); do
			[ "$o" = "$prev:" ] && takes=1
		done
		[ -n "$takes" ] && opt=$prev
	fi
	if [ -n "$opt" ]; then
		values=$(_sdk_values "$prog" "$opt")
		case $values in
		FILE) compopt -o filenames 2>/dev/null
			mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
		DIR) compopt -o filenames 2>/dev/null
			mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
		*) mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$values" \
		    -- "$cur") ;;
		esac
		return 0
	fi
	if [[ $cur == -* ]]; then
		mapfile -t COMPREPLY < <(compgen -W \
		    "$(_sdk_options "$prog" | tr -d :)" -- "$cur")
		return 0
	fi
	compopt -o filenames 2>/dev/null
	mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

complete -F _sdk sdk-detect sdk-warp sdk-ocr sdk-solve sdk-render sdk-gen \
    sdk-hold sdk-batch
