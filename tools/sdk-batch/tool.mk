# tools/sdk-batch/tool.mk
# sdk-batch is a shell script: the Makefile builds no C for a tool whose
# NAME_SCRIPT is set; this rule installs the script as the program.
sdk-batch_SCRIPT := tools/sdk-batch/sdk-batch.sh
$(B)/bin/sdk-batch: $(sdk-batch_SCRIPT)
	@mkdir -p $(@D)
	cp $< $@.tmp && chmod 755 $@.tmp && mv $@.tmp $@
