/*
 * builtin.S: the shipped font file (data/dejavu-sans.sdkf, doc/font.md)
 * inside sdk-render, so that the program needs nothing installed beside
 * it.  The bytes are the file's own; font.c checks and reads them as it
 * would a file named by SDK_RENDER_FONT, a byte at a time, so their
 * alignment and the host's byte order do not matter.  The path is the
 * work tree's top, where make runs.
 */
	.section .rodata
	.balign 16
	.globl	sdk_render_font_sdkf
	.hidden	sdk_render_font_sdkf
sdk_render_font_sdkf:
	.incbin	"data/dejavu-sans.sdkf"
font_end:

	.balign 4
	.globl	sdk_render_font_sdkf_size
	.hidden	sdk_render_font_sdkf_size
sdk_render_font_sdkf_size:
	.long	font_end - sdk_render_font_sdkf

/* No executable stack wanted. */
	.section .note.GNU-stack,"",%progbits
