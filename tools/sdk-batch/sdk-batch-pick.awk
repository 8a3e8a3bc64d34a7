# sdk-batch-pick.awk: the solved records of a sdk-batch worker's share,
# for sdk-render (awk -f sdk-batch-pick.awk W/s.txt, ENVIRON["w"] the work
# folder W, ENVIRON["picture"] the pictures' format: jpeg, png, or "" for
# JPEG when the photo is one).  Writes W/solved.txt and W/solvedj.txt
# (the records to draw as PNG and as JPEG), W/solved.src and W/solved.dir
# (a line a solved record, in order: its sdk-source, and the folder its
# picture goes to, pN for the Nth record of solved.txt, jN of
# solvedj.txt), and for the report's thumbnails W/thumbs.txt and
# W/thumbs.want: for each record of the stream a record with only its
# sdk-source and sdk-size and no digits (the photo's thumbnail), followed
# by the record itself when it is solved (the answer's), so that
# sdk-render decodes each photo once for both; thumbs.want has a line a
# record of thumbs.txt, in order: "t N" (the photo of the Nth record) or
# "a K" (the Kth solved record).

BEGIN {
	w = ENVIRON["w"]; picture = ENVIRON["picture"]
	blank = "................................................................................."
	printf "" > (w "/thumbs.txt"); printf "" > (w "/thumbs.want")
}
/^#/ {
	rec = rec $0 "\n"
	if (substr($0, 1, 13) == "# sdk-source ") {
		src = substr($0, 14)
		prec = prec $0 "\n"
	} else if (substr($0, 1, 11) == "# sdk-size ")
		prec = prec $0 "\n"
	if ($0 == "# sdk-status solved")
		ok = 1
	next
}
NF == 0 { next }
{
	printf "%s%s\n", prec, blank > (w "/thumbs.txt")
	print "t", ++nr > (w "/thumbs.want")
	if (ok) {
		ns++
		srec[ns] = rec $0; ssrc[ns] = src
		printf "%s%s\n", rec, $0 > (w "/thumbs.txt")
		print "a", ns > (w "/thumbs.want")
	}
	rec = ""; prec = ""; src = ""; ok = 0
}

# Is the answer to photo F a JPEG (-p auto): is F a phone's photo, JPEG or
# HEIF (HEIC, AVIF), by its suffix, or else by its first bytes?  Anything
# else (PNG, a scan, a frame) is answered in PNG.
function jpeg(f,   l, s, n) {
	if (tolower(f) ~ /\.(jpe?g|hei[cf]|avif)$/)
		return 1
	if (tolower(f) ~ /\.(png|p[pgbn]m|tiff?|bmp|gif|webp)$/)
		return 0
	s = ""
	for (n = 0; n < 4 && length(s) < 12; n++) {
		if ((getline l < f) <= 0)
			break
		s = s (n ? "#" : "") l
	}
	close(f)
	return substr(s, 1, 3) == "\377\330\377" || \
	    substr(s, 5, 4) == "ftyp" && \
	    substr(s, 9, 4) ~ /^(hei[cxms]|hev[cx]|mif1|msf1|avi[fs])$/
}

END {
	printf "" > (w "/solved.txt"); printf "" > (w "/solvedj.txt")
	printf "" > (w "/solved.src"); printf "" > (w "/solved.dir")
	close(w "/thumbs.txt"); close(w "/thumbs.want")
	RS = "[\n\0]"
	for (i = 1; i <= ns; i++) {
		print ssrc[i] > (w "/solved.src")
		if (picture == "jpeg" || picture == "" && jpeg(ssrc[i])) {
			printf "%s\n", srec[i] > (w "/solvedj.txt")
			print "j" ++nj > (w "/solved.dir")
		} else {
			printf "%s\n", srec[i] > (w "/solved.txt")
			print "p" ++np > (w "/solved.dir")
		}
	}
}
