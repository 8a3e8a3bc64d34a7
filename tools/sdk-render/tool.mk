# tools/sdk-render/tool.mk
sdk-render_LIBS := image
sdk-render_LDLIBS := $(PNG_LIBS)
sdk-render_SRCS := $(addprefix tools/sdk-render/, \
	sdk-render.c draw.c font.c handwriting.c jmarker.c jpegmem.c \
	jpegout.c jpegpatch.c options.c photo.c pngout.c raster.c template.c \
	text.c builtin.S)
# The font built in (doc/font.md), written by lab/font/fontgen.c (make
# render-font); SDK_RENDER_FONT makes sdk-render read another.
$(B)/tools/sdk-render/builtin.o: data/dejavu-sans.sdkf
