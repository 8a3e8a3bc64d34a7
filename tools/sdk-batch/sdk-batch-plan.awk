# sdk-batch-plan.awk: the shares of a run (awk -f sdk-batch-lib.awk -f
# sdk-batch-plan.awk LIST TODO OUTPUTS).  LIST is the photos (a line each,
# from sdk-batch-names.awk), TODO the numbers of those to do, OUTPUTS the
# outputs list of the folder so far.  From ENVIRON: run (the run's
# folder), runid and chunk (photos a share).  Writes, in the run folder:
#   c.N      the Nth share, "INDEX<tab>ARG<tab>SOURCE<tab>NAME<tab>ABSOLUTE"
#            a photo (names as enc() writes them), ARG the name the
#            programs are given for the photo
#   c.N.sh   the worker's work folders and "set --" of the ARGs
#   chunks   the numbers of the shares
#   alias.sh a link l/INDEX to each photo whose name the programs cannot
#            carry on a metadata line (a newline, a carriage return or a
#            tab in it, a space or tab at either end, "-", too long)
#   With ENVIRON["remote"] (-S: machines that see only what they are
#   sent), c.N and c.N.sh name each photo by its own name when that is a
#   path below the folder sent (relative, no "." or ".."), else in/K.EXT,
#   K its place in the share and EXT its suffix when the suffix is a plain
#   one, and alias.sh makes s.N/ and links each photo into it (s.N is the
#   folder sent).
#   outputs  OUTPUTS and the outputs of this run (each photo's .grid,
#            .solution, .png and .jpg, the results, the report and its
#            thumbnail sheets): what the batch writes in its folder, never
#            taken as photos

BEGIN { FS = "\t"; run = ENVIRON["run"]; runid = ENVIRON["runid"]
	chunk = ENVIRON["chunk"] + 0; remote = ENVIRON["remote"] + 0
	out["results.csv"] = out["results.jsonl"] = out["index.html"] = 1
	printf "" > (run "/chunks"); printf "" > (run "/alias.sh") }
FILENAME == ARGV[1] { src[FNR] = $1; name[FNR] = $2; abs[FNR] = $3
	out[dec($2) ".grid"] = out[dec($2) ".solution"] = out[dec($2) ".png"] = 1
	out[dec($2) ".jpg"] = 1
	next }
FILENAME == ARGV[2] { todo[++nt] = $1; next }
{ out[dec($0)] = 1 }

function carried(s) {
	return s !~ /[\t\n\r]/ && s !~ /^[ \t]/ && s !~ /[ \t]$/ && \
	    s != "-" && length(s) <= 2048
}

END {
	for (j = 1; j <= nt; j++) {
		i = todo[j]
		k = (j - 1) % chunk + 1
		if (k == 1) {
			if (c) {
				print "    || exit 2" > f; print a > f
				close(f); close(d)
			}
			c++
			d = run "/c." c
			f = d ".sh"
			if (remote)
				print "mkdir -- " shq(run "/s." c) " " \
				    shq(run "/s." c "/in") " || exit 2" \
				    > (run "/alias.sh")
			print c > (run "/chunks")
			printf "mkdir -- \"$w\" \"$w/t\" \\\n" > f
			a = "set --"
			out["thumbs/" runid "-" c ".jpg"] = 1
		}
		s = dec(src[i])
		if (remote) {
			# The photo under its own name where that is a path
			# below the folder sent (the programs write the name into
			# the answer pictures), else as in/K.EXT.
			if (carried(s) && s !~ /^\// && ("/" s "/") !~ /\/\.\.?\// \
			    && s !~ /^(in\/|w\.|c\.|config$|sdk-batch-)/)
				g = s
			else {
				g = s
				sub(/.*\//, "", g)
				e = match(g, /\.[A-Za-z0-9]+$/) && RLENGTH <= 9 ? \
				    substr(g, RSTART) : ""
				g = "in/" k e
			}
			p = g
			if (sub(/\/[^\/]*$/, "", p) && !((c, p) in made)) {
				made[c, p] = 1
				print "mkdir -p -- " shq(run "/s." c "/" p) \
				    " || exit 2" > (run "/alias.sh")
			}
			print "ln -s -- " shq(dec(abs[i])) " " \
			    shq(run "/s." c "/" g) " || exit 2" > (run "/alias.sh")
		} else if (carried(s))
			g = s
		else {
			g = run "/l/" i
			if (!nl++)
				print "mkdir -- " shq(run "/l") " || exit 2" \
				    > (run "/alias.sh")
			print "ln -s -- " shq(dec(abs[i])) " " shq(g) " || exit 2" \
			    > (run "/alias.sh")
		}
		print i "\t" enc(g) "\t" src[i] "\t" name[i] "\t" abs[i] > d
		printf "    \"$w/%d\" \"$w/p%d\" \"$w/j%d\" \\\n", k, k, k > f
		a = a " \\\n    " shq(g)
	}
	if (c) {
		print "    || exit 2" > f; print a > f
	}
	for (o in out)
		print enc(o) > (run "/outputs")
}
