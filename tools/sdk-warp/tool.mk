# tools/sdk-warp/tool.mk
sdk-warp_LIBS := image
