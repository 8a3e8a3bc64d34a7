# tools/sdk-detect/tool.mk
sdk-detect_LIBS := image
