# tools/sdk-batch/tool.mk
# sdk-batch is a shell script: the Makefile builds no C for a tool whose
# NAME_SCRIPT is set; this rule installs the script as the program.  Its
# worker and awk programs (NAME_LIBEXEC) go to $(B)/libexec/sdk in the
# build and to $(LIBEXECDIR)/sdk on install; the script's @SDK_LIBEXEC@
# names that folder in each.
sdk-batch_SCRIPT := tools/sdk-batch/sdk-batch.sh
sdk-batch_LIBEXEC := $(addprefix tools/sdk-batch/sdk-batch-,lib.awk \
    list.awk names.awk pick.awk plan.awk rows.awk report.awk worker.sh)
$(B)/bin/sdk-batch: $(sdk-batch_SCRIPT) \
    $(sdk-batch_LIBEXEC:tools/sdk-batch/%=$(B)/libexec/sdk/%)
	@mkdir -p $(@D)
	sed 's|@SDK_LIBEXEC@|$(abspath $(B))/libexec/sdk|' $< >$@.tmp && \
	    chmod 755 $@.tmp && mv $@.tmp $@
$(B)/libexec/sdk/sdk-batch-%: tools/sdk-batch/sdk-batch-%
	@mkdir -p $(@D)
	cp $< $@
