# tools/sdk-solve/tool.mk: the program; its strategies are in libsolve/.
sdk-solve_LIBS := solve
