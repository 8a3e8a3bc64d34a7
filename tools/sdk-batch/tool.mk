# tools/sdk-batch/tool.mk
# sdk-batch is a shell script: the Makefile builds no C for a tool whose
# NAME_SCRIPT is set; this rule installs the script as the program.
# sdk-batch-rows (NAME_LIBEXEC_PROGRAMS), the C program that reads and
# writes the batch's lists, records and rows and is its worker (every .c
# file here), goes to $(B)/libexec/sdk in the build and to
# $(LIBEXECDIR)/sdk on install; the script's @SDK_LIBEXEC@ names that
# folder.
sdk-batch_SCRIPT := tools/sdk-batch/sdk-batch.sh
sdk-batch_LIBEXEC_PROGRAMS := $(B)/libexec/sdk/sdk-batch-rows
sdk-batch-rows_OBJS := $(patsubst %.c,$(B)/%.o,$(wildcard tools/sdk-batch/*.c))
$(B)/bin/sdk-batch: $(sdk-batch_SCRIPT) $(sdk-batch_LIBEXEC_PROGRAMS)
	@mkdir -p $(@D)
	sed 's|@SDK_LIBEXEC@|$(abspath $(B))/libexec/sdk|' $< >$@.tmp && \
	    chmod 755 $@.tmp && mv $@.tmp $@
$(B)/libexec/sdk/sdk-batch-rows: $(sdk-batch-rows_OBJS) $(LIBTEXT)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(sdk-batch-rows_OBJS) $(LIBTEXT)
