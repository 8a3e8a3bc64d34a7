# tools/sdk-solve/tool.mk
sdk-solve_LIBS := text
sdk-solve_SRCS := $(addprefix tools/sdk-solve/, \
	solve.c engine.c bench.c fast.c dlx.c ac3.c backtrack.c \
	logic.c logic-engine.c explain.c)
# The hot loops of the default strategy gain some 15% at -O3 (callgrind
# instruction counts, bench/README.md); the rest of the program does not.
$(B)/tools/sdk-solve/fast.o: CFLAGS += -O3
