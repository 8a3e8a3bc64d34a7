#!/usr/bin/env zsh
# tests/complete.zsh FPATH_DIR LINE...: for each LINE, the matches zsh
# offers when TAB is pressed after it, as "LINE<tab>MATCH" lines, using
# the completion functions of FPATH_DIR (completions/).  zsh completes
# only inside its line editor, so an interactive zsh runs in a
# pseudo-terminal (zsh/zpty); compadd is wrapped to print what it is
# given, and a mark is printed when a completion is done.
zmodload zsh/zpty || exit 2
local dir=$1 line got
shift
zpty z zsh -f -i
send() { zpty -w z "$1" }
send "PROMPT= RPROMPT=; fpath=(${(q)dir} \$fpath)"
send 'autoload -U compinit; compinit -u -D'
send "zstyle ':completion:*' list-grouped false"
send "zstyle ':completion:*' insert-tab false"
# The marks are split in what is sent, so that its echo is not taken for
# them; spaces, not tabs, in what is sent: a tab completes.
send 'sdk_mark() { echo -E - "<<""done>>" }'
send 'compadd() {
  if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then
    builtin compadd "$@"; return
  fi
  typeset -a hits
  builtin compadd -A hits "$@"
  local h
  for h in $hits; do echo -E - "<<""match>>$h"; done
  builtin compadd "$@"
}'
send "bindkey '^I' complete-word"
for line in "$@"; do
	# (_main_complete empties comppostfuncs once it has called them.)
	send 'comppostfuncs=( sdk_mark )'
	# The line, TAB, then its matches up to the mark; ^U clears it.
	zpty -n -w z "$line"$'\t'
	integer tries=0
	while zpty -r z got; do
		case $got in
		*'<<done>>'*) break ;;
		*'<<match>>'*)
			got=${${got##*<<match>>}%%$'\r'*}
			[[ -n $got ]] && print -r -- "$line"$'\t'"$got" ;;
		esac
		(( ++tries > 5000 )) && exit 1
	done
	zpty -n -w z $'\C-u'
done
zpty -d z
