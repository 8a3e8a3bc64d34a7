/*
 * builtin.S: the shipped model files (models/, doc/models.md) inside
 * sdk-ocr, so that the program needs nothing installed beside it.  The
 * bytes are the files' own; models.c checks and reads them as it would
 * a file named by SDK_OCR_PRINTED_MODEL or SDK_OCR_HAND_MODEL, a byte
 * at a time, so their alignment and the host's byte order do not matter.
 * The paths are the work tree's top, where make runs.
 */
	.section .rodata
	.balign 16
	.globl	sdk_ocr_printed_sdkm
	.hidden	sdk_ocr_printed_sdkm
sdk_ocr_printed_sdkm:
	.incbin	"models/printed.sdkm"
printed_end:

	.balign 16
	.globl	sdk_ocr_hand_sdkm
	.hidden	sdk_ocr_hand_sdkm
sdk_ocr_hand_sdkm:
	.incbin	"models/hand.sdkm"
hand_end:

	.balign 4
	.globl	sdk_ocr_printed_sdkm_size
	.hidden	sdk_ocr_printed_sdkm_size
sdk_ocr_printed_sdkm_size:
	.long	printed_end - sdk_ocr_printed_sdkm
	.globl	sdk_ocr_hand_sdkm_size
	.hidden	sdk_ocr_hand_sdkm_size
sdk_ocr_hand_sdkm_size:
	.long	hand_end - sdk_ocr_hand_sdkm

/* No executable stack wanted. */
	.section .note.GNU-stack,"",%progbits
