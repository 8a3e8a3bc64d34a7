# tools/sdk-solve/tool.mk
sdk-solve_LIBS := text
sdk-solve_SRCS := $(addprefix tools/sdk-solve/, \
	solve.c engine.c bench.c fast.c dlx.c ac3.c backtrack.c)
