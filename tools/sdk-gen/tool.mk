# tools/sdk-gen/tool.mk: libsolve's fast strategy checks uniqueness, its
# logic strategy rates.
sdk-gen_LIBS := solve
