# tools/sdk-gen/tool.mk
# sdk-gen shares sdk-solve's sources (its fast strategy checks uniqueness,
# its logic strategy rates): programs never call each other's binaries.
sdk-gen_LIBS := text
sdk-gen_SRCS := tools/sdk-gen/gen.c $(addprefix tools/sdk-solve/, \
	logic.c logic-engine.c engine.c fast.c dlx.c ac3.c backtrack.c)
