# tools/sdk-batch/tool.mk
# sdk-batch is a shell script: the Makefile builds no C for a tool whose
# NAME_SCRIPT is set; this rule installs the script as the program.  Its
# awk program (NAME_LIBEXEC) goes to $(B)/libexec/sdk in the build and to
# $(LIBEXECDIR)/sdk on install; the script's @SDK_LIBEXEC@ names that
# folder in each.
sdk-batch_SCRIPT := tools/sdk-batch/sdk-batch.sh
sdk-batch_LIBEXEC := tools/sdk-batch/sdk-batch-rows.awk
$(B)/bin/sdk-batch: $(sdk-batch_SCRIPT) \
    $(sdk-batch_LIBEXEC:tools/sdk-batch/%=$(B)/libexec/sdk/%)
	@mkdir -p $(@D)
	sed 's|@SDK_LIBEXEC@|$(abspath $(B))/libexec/sdk|' $< >$@.tmp && \
	    chmod 755 $@.tmp && mv $@.tmp $@
$(B)/libexec/sdk/%.awk: tools/sdk-batch/%.awk
	@mkdir -p $(@D)
	cp $< $@
