# tools/sdk-ocr/tool.mk
sdk-ocr_LIBS := image solve
# libtesseract is opened when -e tesseract is asked (classifier-tess.c).
sdk-ocr_LDLIBS := -ldl -lstdc++
sdk-ocr_SRCS := $(addprefix tools/sdk-ocr/, \
	sdk-ocr.c cells.c candcut.c frames.c crop.c lines.c tints.c mlp.c models.c sdkm.c orient.c \
	classifier-mlp.c classifier-tess.c tess-guard.cc kind.c hand.c read.c givendoubt.c \
	marks.c ownhand.c inks.c inkkinds.c judge.c \
	builtin.S)
# Tesseract's exceptions unwind through classifier-tess.c to tess-guard.cc.
$(B)/tools/sdk-ocr/classifier-tess.o: CFLAGS += -fexceptions
# The models built in (doc/models.md); SDK_OCR_PRINTED_MODEL and
# SDK_OCR_HAND_MODEL make sdk-ocr read others without building it again.
OCR_MODELS := models/printed.sdkm models/hand.sdkm
$(B)/tools/sdk-ocr/builtin.o: $(OCR_MODELS)

# Their trainers are in lab/ (lab/lab.mk: make model, make model-hand).
