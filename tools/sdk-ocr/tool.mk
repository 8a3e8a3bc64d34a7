# tools/sdk-ocr/tool.mk
sdk-ocr_LIBS := image solve
# libtesseract is opened when -e tesseract is asked (classifier-tess.c).
sdk-ocr_LDLIBS := -ldl -lstdc++
sdk-ocr_SRCS := $(addprefix tools/sdk-ocr/, \
	sdk-ocr.c cells.c crop.c lines.c tints.c mlp.c models.c sdkm.c orient.c \
	classifier-mlp.c classifier-tess.c tess-guard.cc kind.c hand.c read.c \
	builtin.S)
# Tesseract's exceptions unwind through classifier-tess.c to tess-guard.cc.
$(B)/tools/sdk-ocr/classifier-tess.o: CFLAGS += -fexceptions
# The models built in (doc/models.md); SDK_OCR_PRINTED_MODEL and
# SDK_OCR_HAND_MODEL make sdk-ocr read others without building it again.
OCR_MODELS := models/printed.sdkm models/hand.sdkm
$(B)/tools/sdk-ocr/builtin.o: $(OCR_MODELS)

# The built-in classifier's weights (models/printed.sdkm) are generated:
#   make model OCR_DEVSET=DIR
# trains two models (averaged by sdk-ocr) on digits rendered from 62
# upright faces of Debian's fonts (the fonts-* packages of
# scripts/install-deps; libfreetype-dev) and, when DIR holds the
# development photos with outlines.csv, on their cells too.  Seeded: the
# same inputs give the same models/printed.sdkm.  "make ocr-cv"
# cross-validates by puzzle on the photos instead, writing each half's
# model and held-out list to $(B)/ocr-cv/; SDK_OCR_PRINTED_MODEL=FILE runs
# sdk-ocr with another model (see bench/README.md).
# The photos live outside the repository (../shared/images/wicht for the
# shipped model): named each time, never read by default.
OCR_DEVSET ?=
OCR_TRAIN_FLAGS ?=
FT_CFLAGS = $(shell $(PKG_CONFIG) --cflags freetype2)
FT_LIBS = $(shell $(PKG_CONFIG) --libs freetype2 2>/dev/null || echo -lfreetype)
OCR_TRAIN_OBJS := $(addprefix $(B)/tools/sdk-ocr/, gen/train.o gen/fonts.o \
	gen/common.o gen/render.o gen/devset.o cells.o crop.o lines.o tints.o mlp.o \
	sdkm.o)
$(OCR_TRAIN_OBJS): CFLAGS += -Itools/sdk-ocr -Itools/sdk-ocr/gen \
	$(patsubst -I%,-isystem %,$(FT_CFLAGS))
$(B)/ocr-train: $(OCR_TRAIN_OBJS) $(LIBTEXT) $(LIBIMAGE)
	$(CC) $(LDFLAGS) -o $@ $(OCR_TRAIN_OBJS) $(FT_LIBS) $(libs_image)

# A development harness: straighten photos from their ground-truth corners
# (until sdk-detect and sdk-warp; also to tell their errors from ours).
OCR_DEVWARP_OBJS := $(addprefix $(B)/tools/sdk-ocr/, gen/devwarp.o \
	gen/common.o gen/devset.o sdkm.o)
$(OCR_DEVWARP_OBJS): CFLAGS += -Itools/sdk-ocr -Itools/sdk-ocr/gen
$(B)/ocr-devwarp: $(OCR_DEVWARP_OBJS) $(LIBTEXT) $(LIBIMAGE)
	$(CC) $(LDFLAGS) -o $@ $(OCR_DEVWARP_OBJS) $(libs_image)

model: $(B)/ocr-train
	@test -n "$(OCR_DEVSET)" || { echo "make model: name the development" \
	    "photos: OCR_DEVSET=DIR (e.g. ../shared/images/wicht)" >&2; exit 2; }
	$(B)/ocr-train $(if $(wildcard $(OCR_DEVSET)/outlines.csv),-d \
	    $(OCR_DEVSET)) $(OCR_TRAIN_FLAGS) -o models/printed.sdkm

.PHONY: ocr-cv
ocr-cv: $(B)/ocr-train
	@test -n "$(OCR_DEVSET)" || { echo "make ocr-cv: OCR_DEVSET=DIR" >&2; \
	    exit 2; }
	@mkdir -p $(B)/ocr-cv
	$(B)/ocr-train -c -d $(OCR_DEVSET) $(OCR_TRAIN_FLAGS) \
	    -o $(B)/ocr-cv/model

# A development harness: every cell's truth and features (gen/feat.c).
OCR_FEAT_OBJS := $(addprefix $(B)/tools/sdk-ocr/, gen/feat.o gen/common.o \
	gen/squares.o cells.o crop.o lines.o tints.o sdkm.o)
$(OCR_FEAT_OBJS): CFLAGS += -Itools/sdk-ocr -Itools/sdk-ocr/gen
$(B)/ocr-feat: $(OCR_FEAT_OBJS) $(LIBTEXT) $(LIBIMAGE)
	$(CC) $(LDFLAGS) -o $@ $(OCR_FEAT_OBJS) $(libs_image)

# What reads started puzzles is generated too (models/hand.sdkm: the kind
# networks and the handwriting classifiers, see kind.h):
#   make model-hand OCR_HAND_SETS=DIR
# runs the pipeline (sdk-detect | sdk-warp) over the photos with ground
# truth under DIR (../shared/images: wicht/ printed, wicht-mixed/ and
# kubiesa/train/ started by hand) and trains on the squares it makes.
# gen/kubiesa-kinds.txt says which digits of the 20 kubiesa/train
# puzzles are printed (P) and which handwritten (H): marked by eye on one
# photo of each, and checked with sdk-solve (the printed digits of each
# have exactly one solution, as a newspaper's givens do).
# As OCR_DEVSET: the shipped model from ../shared/images.
# The shipped model was trained on the squares of the pipeline before
# sdk-detect decoded large JPEGs smaller (issue 15): for the kubiesa
# photos (12-16 MP) the squares now come from libjpeg's scaled decoding
# instead of 2x2 means, a little different, and the Wicht ones are the
# same to the byte.  Trained again on the new squares, it read kubiesa/val
# at 99.32 % of cells against the shipped model's 99.46 % (wicht-mixed
# 99.77 % against 99.78 %): within the noise of one training run, and the
# shipped one was kept.
OCR_HAND_SETS ?=
OCR_HAND_FLAGS ?=
OCR_HAND_OBJS := $(addprefix $(B)/tools/sdk-ocr/, gen/hand.o gen/fonts.o \
	gen/common.o gen/squares.o gen/render.o cells.o crop.o lines.o tints.o kind.o \
	sdkm.o)
$(OCR_HAND_OBJS): CFLAGS += -Itools/sdk-ocr -Itools/sdk-ocr/gen \
	$(patsubst -I%,-isystem %,$(FT_CFLAGS))
$(B)/ocr-train-hand: $(OCR_HAND_OBJS) $(LIBTEXT) $(LIBIMAGE)
	$(CC) $(LDFLAGS) -o $@ $(OCR_HAND_OBJS) $(FT_LIBS) $(libs_image)

# The squares of a folder of photos, as the pipeline makes them.
$(B)/squares/%.pnm: $(B)/bin/sdk-detect $(B)/bin/sdk-warp
	@test -n "$(OCR_HAND_SETS)" || { echo "make model-hand: name the" \
	    "photos: OCR_HAND_SETS=DIR (e.g. ../shared/images)" >&2; exit 2; }
	@mkdir -p $(@D)
	find $(OCR_HAND_SETS)/$(subst +,/,$*) -name '*.jpg' | LC_ALL=C sort | \
	    xargs $(B)/bin/sdk-detect -q | $(B)/bin/sdk-warp -q > $@.tmp || \
	    test $$? = 1
	mv $@.tmp $@

.PHONY: model-hand
model-hand: $(B)/ocr-train-hand $(B)/squares/wicht.pnm \
    $(B)/squares/wicht-mixed.pnm $(B)/squares/kubiesa+train.pnm
	$(B)/ocr-train-hand -k tools/sdk-ocr/gen/kubiesa-kinds.txt \
	    $(OCR_HAND_FLAGS) -P $(B)/squares/wicht.pnm \
	    -o models/hand.sdkm $(B)/squares/wicht-mixed.pnm \
	    $(B)/squares/kubiesa+train.pnm
