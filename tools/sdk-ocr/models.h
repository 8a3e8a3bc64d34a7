/*
 * models.h: the networks sdk-ocr reads with, from two model files
 * (sdkm.h, doc/models.md): models/printed.sdkm, the printed digits'
 * classifiers (mlp.h), and models/hand.sdkm, the kind networks' two
 * passes and the handwritten digits' classifiers (kind.h).  Both are
 * built into the program (builtin.S); SDK_OCR_PRINTED_MODEL and
 * SDK_OCR_HAND_MODEL name files to read instead (sdk-ocr(1)).
 */
#ifndef SDK_OCR_MODELS_H
#define SDK_OCR_MODELS_H

#include "kind.h"
#include "mlp.h"

struct ocr_models {
	const struct mlp *printed;	/* printed digits 1-9 */
	int		 nprinted;
	const char	*printed_about;	/* how they were made (--version) */
	const struct kindnet *kind;	/* the kinds, first pass */
	int		 nkind;
	const float	*kind_w1t;	/* their first layers transposed
					   (kind_transpose), one after the
					   other; NULL without the memory */
	const struct kindnet2 *kind2;	/* the kinds, second pass */
	int		 nkind2;
	const struct mlp *hand;		/* handwritten digits 1-9 */
	int		 nhand;
	const char	*hand_about;
};

/*
 * The models, read and checked on the first call.  A model file that is
 * missing, damaged or of other shapes ends the program (exit 2) with a
 * message naming it: main() calls this before any output.
 */
const struct ocr_models *ocr_models(void);

#endif
