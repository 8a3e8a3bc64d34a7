# tests/sshd.bash: OpenSSH servers of a test's own, for sdk-batch -S.
#   load sshd
# Each server is a real sshd (Debian's openssh-server) run as the user of
# the test, in the foreground (-D), on a free port of 127.0.0.1 only, with
# its own host key and authorized_keys under $SSHD_DIR (the test's
# folder); ssh reaches it as host NAME through the ssh_config $SSHCONF.
# A login there gets a home of its own, $SSHD_DIR/NAME/home, as its home
# and working folder; where the test may (root, unshare(1)), the
# login also runs in a mount namespace of its own in which each folder of
# $SSHD_HIDE is an empty tmpfs: the machine sees only what it is sent
# ($SSHD_HIDDEN is then 1).  The test stops every server it started
# (sshd_stop_all, from its teardown).

# sshd_init DIR: the servers' folder and the user's key; skip, with the
# reason, where no sshd can be run.
sshd_init() {
	SSHD_DIR=$1
	SSHCONF=$SSHD_DIR/ssh_config
	SSHD_HIDE=${SSHD_HIDE:-}
	SSHD_HIDDEN=0
	[ -x /usr/sbin/sshd ] || skip "no /usr/sbin/sshd (openssh-server)"
	command -v ssh >/dev/null || skip "no ssh"
	command -v rsync >/dev/null || skip "no rsync (GNU parallel sends files with it)"
	command -v parallel >/dev/null || skip "no GNU parallel"
	# sshd wants its privilege separation folder even to start.
	if [ ! -d /run/sshd ]; then
		if [ "$(id -u)" -eq 0 ]; then
			mkdir -p /run/sshd
		else
			skip "sshd cannot start: no /run/sshd and not root"
		fi
	fi
	mkdir -p "$SSHD_DIR"
	ssh-keygen -q -t ed25519 -N '' -C test -f "$SSHD_DIR/userkey" ||
	    skip "ssh-keygen failed"
	: >"$SSHCONF"
	if [ "$(id -u)" -eq 0 ] && [ -n "$SSHD_HIDE" ] &&
	    unshare -m sh -c 'mount -t tmpfs none "$1"' sh "$SSHD_DIR" \
	    2>/dev/null; then
		SSHD_HIDDEN=1
	fi
}

# free_port: a port of 127.0.0.1 free now.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# sshd_start NAME: a server, reachable as host NAME once this returns.
sshd_start() {
	local name=$1 d="$SSHD_DIR/$1" port i try
	mkdir -p "$d/home"
	ssh-keygen -q -t ed25519 -N '' -C "$name" -f "$d/hostkey"
	cp "$SSHD_DIR/userkey.pub" "$d/authorized_keys"
	# The login's side: its own home; the folders of $SSHD_HIDE hidden.
	{
		printf '#!/bin/sh\nHOME=%q\nexport HOME\ncd "$HOME" || exit 1\n' "$d/home"
		if [ "$SSHD_HIDDEN" = 1 ]; then
			printf 'exec unshare -m sh -c '\''for d; do [ ! -d "$d" ] || mount -t tmpfs none "$d" || exit 1; done; exec sh -c "$SSH_ORIGINAL_COMMAND"'\'' sh'
			printf ' %q' $SSHD_HIDE
			printf '\n'
		else
			printf 'exec sh -c "$SSH_ORIGINAL_COMMAND"\n'
		fi
	} >"$d/enter"
	chmod 755 "$d/enter"
	for try in 1 2 3 4 5; do
		port=$(free_port)
		cat >"$d/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $d/hostkey
AuthorizedKeysFile $d/authorized_keys
PidFile $d/sshd.pid
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AllowUsers $(id -un)
ForceCommand $d/enter
MaxStartups 100
MaxSessions 100
# bash, as the login's shell, reads ~/.bashrc when run by sshd unless it
# is not the first shell: whatever that file does (here: pyenv, which
# waits a minute for a lock a killed session left) is not the test's.
SetEnv SHLVL=1
EOF
		/usr/sbin/sshd -D -f "$d/sshd_config" -E "$d/log" &
		echo $! >"$d/pid"
		cat >>"$SSHCONF" <<EOF
Host $name
  HostName 127.0.0.1
  Port $port
  User $(id -un)
  IdentityFile $SSHD_DIR/userkey
  IdentitiesOnly yes
  UserKnownHostsFile /dev/null
  StrictHostKeyChecking no
  BatchMode yes
  ConnectTimeout 10
  LogLevel ERROR
EOF
		for i in $(seq 50); do
			ssh -F "$SSHCONF" "$name" true 2>/dev/null && return 0
			kill -0 "$(cat "$d/pid")" 2>/dev/null || break
			sleep 0.1
		done
		sshd_stop "$name"
		# Another port (the first was taken in between), without
		# this try's Host entry.
		sed -i "/^Host $name\$/,\$d" "$SSHCONF"
	done
	skip "sshd would not start: $(tail -n 3 "$d/log" 2>/dev/null)"
}

# descendants PID: the processes below PID, deepest first.
descendants() {
	local c
	for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do
		descendants "$c"
		echo "$c"
	done
}

# sshd_stop NAME: the server and every session it runs end, by their
# process ids (the machine "dies").
sshd_stop() {
	local d="$SSHD_DIR/$1" pid i
	[ -f "$d/pid" ] || return 0
	pid=$(cat "$d/pid")
	kill -KILL "$pid" $(descendants "$pid") 2>/dev/null || true
	for i in $(seq 50); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	wait "$pid" 2>/dev/null || true
	rm -f "$d/pid"
}

sshd_stop_all() {
	local d
	[ -n "${SSHD_DIR:-}" ] || return 0
	for d in "$SSHD_DIR"/*/pid; do
		[ -f "$d" ] || continue
		d=${d%/pid}
		sshd_stop "${d##*/}"
	done
}

# sshlogin NAME [SLOTS]: the -S argument for host NAME.
sshlogin() {
	printf '%s/ssh -F %s %s' "${2:-1}" "$SSHCONF" "$1"
}
