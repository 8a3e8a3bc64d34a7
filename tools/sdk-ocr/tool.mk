# tools/sdk-ocr/tool.mk
sdk-ocr_LIBS := image solve
sdk-ocr_LDLIBS := $(TESS_LIBS)
OCR_MODEL ?= tools/sdk-ocr/model.c
sdk-ocr_SRCS := $(addprefix tools/sdk-ocr/, \
	sdk-ocr.c cells.c mlp.c models.c orient.c engine-mlp.c engine-tess.c) \
	$(OCR_MODEL)
$(OCR_MODEL:%.c=$(B)/%.o): CFLAGS += -Itools/sdk-ocr

# The built-in classifier's weights (model.c) are generated:
#   make model [OCR_DEVSET=DIR]
# trains two models (averaged by sdk-ocr) on digits rendered from 62
# upright faces of Debian's fonts (the fonts-* packages of
# scripts/install-deps; libfreetype-dev) and, when DIR holds the
# development photos with outlines.csv, on their cells too.  Seeded: the
# same inputs give the same model.c.  "make ocr-cv" cross-validates
# by puzzle on the photos instead, writing each half's model and held-out
# list to $(B)/ocr-cv/; OCR_MODEL=FILE builds sdk-ocr with another model
# (see bench/README.md).
OCR_DEVSET ?= ../shared/images/wicht
OCR_TRAIN_FLAGS ?=
FT_CFLAGS = $(shell $(PKG_CONFIG) --cflags freetype2)
FT_LIBS = $(shell $(PKG_CONFIG) --libs freetype2 2>/dev/null || echo -lfreetype)
OCR_TRAIN_OBJS := $(addprefix $(B)/tools/sdk-ocr/, train/train.o \
	train/render.o train/devset.o cells.o mlp.o)
$(OCR_TRAIN_OBJS): CFLAGS += -Itools/sdk-ocr -Itools/sdk-ocr/train \
	$(patsubst -I%,-isystem %,$(FT_CFLAGS))
$(B)/ocr-train: $(OCR_TRAIN_OBJS) $(LIBTEXT) $(LIBIMAGE)
	$(CC) $(LDFLAGS) -o $@ $(OCR_TRAIN_OBJS) $(FT_LIBS) $(libs_image)

# A development harness: straighten photos from their ground-truth corners
# (until sdk-detect and sdk-warp; also to tell their errors from ours).
OCR_DEVWARP_OBJS := $(addprefix $(B)/tools/sdk-ocr/, train/devwarp.o \
	train/devset.o)
$(OCR_DEVWARP_OBJS): CFLAGS += -Itools/sdk-ocr/train
$(B)/ocr-devwarp: $(OCR_DEVWARP_OBJS) $(LIBTEXT) $(LIBIMAGE)
	$(CC) $(LDFLAGS) -o $@ $(OCR_DEVWARP_OBJS) $(libs_image)

model: $(B)/ocr-train
	$(B)/ocr-train $(if $(wildcard $(OCR_DEVSET)/outlines.csv),-d \
	    $(OCR_DEVSET)) $(OCR_TRAIN_FLAGS) -o tools/sdk-ocr/model.c

.PHONY: ocr-cv
ocr-cv: $(B)/ocr-train
	@mkdir -p $(B)/ocr-cv
	$(B)/ocr-train -c -d $(OCR_DEVSET) $(OCR_TRAIN_FLAGS) \
	    -o $(B)/ocr-cv/model
