# tools/sdk-render/tool.mk
sdk-render_LIBS := image
sdk-render_LDLIBS := $(PNG_LIBS)
sdk-render_SRCS := $(addprefix tools/sdk-render/, \
	sdk-render.c draw.c font.gen.c handwriting.c jmarker.c jpegmem.c \
	jpegout.c jpegpatch.c options.c photo.c pngout.c raster.c template.c \
	text.c)

# Regenerate the embedded glyph outlines (font.gen.c) from the Debian
# font files (doc/HACKING.md: generated files).  Needs libfreetype-dev
# and fonts-dejavu-core; not part of "all".
RENDER_FONTDIR ?= /usr/share/fonts/truetype/dejavu
.PHONY: render-font
render-font:
	@mkdir -p $(B)/gen
	$(CC) -O2 -o $(B)/gen/fontgen tools/sdk-render/gen/fontgen.c \
	    $$($(PKG_CONFIG) --cflags --libs freetype2)
	$(B)/gen/fontgen $(RENDER_FONTDIR)/DejaVuSans.ttf \
	    $(RENDER_FONTDIR)/DejaVuSans-Bold.ttf \
	    > tools/sdk-render/font.gen.c.tmp
	mv tools/sdk-render/font.gen.c.tmp tools/sdk-render/font.gen.c
