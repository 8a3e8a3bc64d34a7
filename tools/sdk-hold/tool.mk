# tools/sdk-hold/tool.mk
# sdk-hold reads and writes grid records only: libc-only libcommon.
sdk-hold_LIBS :=
