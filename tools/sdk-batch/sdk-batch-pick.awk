# sdk-batch-pick.awk: the solved records of a sdk-batch worker's share,
# for sdk-render (awk -f sdk-batch-pick.awk W/s.txt, ENVIRON["w"] the work
# folder W).  Writes W/solved.txt (the records), W/solved.src (their
# sdk-source, a line each) and W/solvedt.txt (the records again, their
# sdk-source the thumbnail of their photo, W/t/N.ppm for the Nth record of
# the stream, from 0).

BEGIN { w = ENVIRON["w"] }
/^#/ {
	rec = rec $0 "\n"
	if (substr($0, 1, 13) == "# sdk-source ") {
		src = substr($0, 14)
		trec = trec sprintf("# sdk-source %s/t/%04d.ppm\n", w, n)
	} else
		trec = trec $0 "\n"
	if ($0 == "# sdk-status solved")
		ok = 1
	next
}
NF == 0 { next }
{
	if (ok) {
		printf "%s%s\n", rec, $0 > (w "/solved.txt")
		print src > (w "/solved.src")
		printf "%s%s\n", trec, $0 > (w "/solvedt.txt")
	}
	rec = ""; trec = ""; src = ""; ok = 0; n++
}
END {
	printf "" > (w "/solved.txt"); printf "" > (w "/solved.src")
	printf "" > (w "/solvedt.txt")
}
