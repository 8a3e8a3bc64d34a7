# sdk: one non-recursive GNU Makefile for every program, test and page.
#
#   make            build everything into build/
#   make check      install what is missing, build, run every test
#   make lab        the programs that make shipped files (lab/lab.mk)
#   make demo       install what is missing, build, run the main job on samples/
#   make sanitize   the whole test suite under ASan+UBSan (build in build/san)
#   make lint       mandoc -Tlint and shellcheck
#   make bench      benchmarks (see bench/README.md)
#   make install    PREFIX, BINDIR, MANDIR, LIBEXECDIR, LIBDIR, INCLUDEDIR,
#                   PKGCONFIGDIR, DOCDIR, BASHCOMPDIR, ZSHCOMPDIR, DESTDIR
#   make deb        a Debian package (scripts/make-deb)
#
# Each program lives in tools/NAME/ with a tool.mk that names what it links
# besides the libc-only part of libcommon (grids, PNM, messages):
#   NAME_LIBS := image       libcommon's Leptonica glue (and Leptonica)
#   NAME_LIBS := solve       libsolve, the solving strategies
#   NAME_LDLIBS := ...       anything else (e.g. $(TESS_LIBS))

# Plain "make" builds everything: the first rule below is a library's.
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.SUFFIXES:
# Keep the objects of the test programs: they are intermediate files.
.SECONDARY:

PREFIX	?= /usr/local
BINDIR	?= $(PREFIX)/bin
MANDIR	?= $(PREFIX)/share/man
LIBEXECDIR ?= $(PREFIX)/libexec
LIBDIR	?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DOCDIR	?= $(PREFIX)/share/doc/sdk
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
DESTDIR	?=

CC	?= cc
CFLAGS	?= -O2 -g
B	?= build

WARNINGS := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wformat=2 -Wcast-qual -Wwrite-strings -Wvla
ifeq ($(CI),true)
WARNINGS += -Werror
endif
ifdef WERROR
WARNINGS += -Werror
endif

PKG_CONFIG ?= pkg-config
LEPT_CFLAGS := $(shell $(PKG_CONFIG) --cflags lept 2>/dev/null)
LEPT_LIBS   := $(shell $(PKG_CONFIG) --libs lept 2>/dev/null || echo -llept)
TESS_CFLAGS := $(shell $(PKG_CONFIG) --cflags tesseract 2>/dev/null)
TESS_LIBS   := $(shell $(PKG_CONFIG) --libs tesseract 2>/dev/null || echo -ltesseract)
PNG_CFLAGS  := $(shell $(PKG_CONFIG) --cflags libpng 2>/dev/null)
PNG_LIBS    := $(shell $(PKG_CONFIG) --libs libpng 2>/dev/null || echo -lpng)
HEIF_CFLAGS := $(shell $(PKG_CONFIG) --cflags libheif 2>/dev/null)

# Library headers go in as system headers: Leptonica's trip -Wpedantic and
# -Wstrict-prototypes, and our own code keeps the full warning set.
override CFLAGS += $(WARNINGS) -D_POSIX_C_SOURCE=200809L -Ilibcommon -Ilibsolve \
	$(patsubst -I%,-isystem %,$(sort $(LEPT_CFLAGS) $(TESS_CFLAGS) $(PNG_CFLAGS) \
	$(HEIF_CFLAGS)))

# ---------------------------------------------------------------- libcommon
TEXT_SRCS  := libcommon/util.c libcommon/cli.c libcommon/json.c \
	libcommon/meta.c libcommon/grid.c libcommon/gridline.c libcommon/pnm.c \
	libcommon/outfile.c libcommon/geom.c libcommon/rng.c libcommon/probe.c \
	libcommon/region.c libcommon/exif.c libcommon/probe-heif.c \
	libcommon/doubt.c libcommon/cellname.c libcommon/entries.c \
	libcommon/crc32.c
IMAGE_SRCS := libcommon/image.c libcommon/imagein.c libcommon/decode.c \
	libcommon/jpeg.c libcommon/morph.c \
	libcommon/heif.c libcommon/heif-guard.cc
SOLVE_SRCS := $(wildcard libsolve/*.c libsolve/logic/*.c)
LIBTEXT    := $(B)/libsdk-text.a
LIBIMAGE   := $(B)/libsdk-image.a
LIBSOLVE   := $(B)/libsdk-solve.a

$(LIBTEXT): $(TEXT_SRCS:%.c=$(B)/%.o)
	rm -f $@ && $(AR) rcs $@ $^
# libheif's exceptions unwind through heif.c to heif-guard.cc.
$(B)/libcommon/heif.o: CFLAGS += -fexceptions
$(LIBIMAGE): $(patsubst %.cc,$(B)/%.o,$(IMAGE_SRCS:%.c=$(B)/%.o))
	rm -f $@ && $(AR) rcs $@ $^
$(LIBSOLVE): $(SOLVE_SRCS:%.c=$(B)/%.o)
	rm -f $@ && $(AR) rcs $@ $^
# The hot loops of the fast strategy gain some 15% at -O3 (callgrind
# instruction counts, bench/README.md); the rest does not.
$(B)/libsolve/fast.o: CFLAGS += -O3
# fast-avx2.c: fast.c again for AVX2, BMI and POPCNT; fast-avx512.c for
# AVX-512 at the x86-64-v4 level (F, VL, BW, DQ, CD) with the same; the
# widest the processor runs is chosen at run time (fast.c checks exactly
# these flags' features).
FAST_AVX2_FLAGS := -O3 -mavx2 -mbmi -mbmi2 -mpopcnt
FAST_AVX512_FLAGS := $(FAST_AVX2_FLAGS) -mavx512f -mavx512vl -mavx512bw \
	-mavx512dq -mavx512cd
ifneq ($(filter x86_64-% amd64-%,$(shell $(CC) -dumpmachine 2>/dev/null)),)
$(B)/libsolve/fast-avx2.o: CFLAGS += $(FAST_AVX2_FLAGS)
$(B)/libsolve/fast-avx512.o: CFLAGS += $(FAST_AVX512_FLAGS)
endif

$(B)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<
# Assembly (sdk-ocr's built-in models: .incbin).  Its prerequisites beyond
# the source are named by the tool.mk that lists it.
$(B)/%.o: %.S
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -c -o $@ $<

# ---------------------------------------------------------------- libsdk-solve
# The strategies for other programs too (man/libsdk-solve.3): a static
# archive and a shared library that export solve.h and logic.h alone, the
# headers as <sdk/solve.h>, <sdk/logic.h> and <sdk/sdk.h>, and a pkg-config
# file; in $(B) an -uninstalled one, for the tests and the example.  Its
# objects are built apart, position independent and without a sanitizer,
# so that any program can link it.  The archive above, with every global
# of libsolve, is for our own programs and tests (sdk-ocr's repair.h, the
# finders of logic/private.h); the installed one is the same objects
# linked into one relocatable object in which the names that start with
# sdk_ (the interface) alone stay global: a user's own `peer' or `elim'
# cannot clash with ours.  The shared library is linked from that object,
# so the two export the same names (tests/libsolve-symbols.bats).
SDK_VERSION := $(shell sed -n 's/^\#define SDK_VERSION "\(.*\)"/\1/p' \
	libcommon/sdk.h)
SOLVE_SONAME := libsdk-solve.so.0
# make deb's package (scripts/make-deb).
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB := $(B)/sdk_$(SDK_VERSION)_$(DEB_ARCH).deb
LIBSOLVE_SO := $(B)/lib/libsdk-solve.so.$(SDK_VERSION)
SOLVE_HEADERS := libsolve/solve.h libsolve/logic.h libcommon/sdk.h
SOLVE_PIC_OBJS := $(SOLVE_SRCS:%.c=$(B)/pic/%.o)
LIB_FILES := $(LIBSOLVE_SO) $(addprefix $(B)/include/sdk/,$(notdir \
	$(SOLVE_HEADERS))) $(B)/lib/libsdk-solve.a \
	$(B)/lib/pkgconfig/sdk-solve-uninstalled.pc
no_san = $(filter-out -fsanitize=% -fno-sanitize%,$(1))

$(B)/pic/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(call no_san,$(CFLAGS)) -fPIC -MMD -MP -c -o $@ $<
$(B)/pic/libsolve/fast.o: CFLAGS += -O3
ifneq ($(filter x86_64-% amd64-%,$(shell $(CC) -dumpmachine 2>/dev/null)),)
$(B)/pic/libsolve/fast-avx2.o: CFLAGS += $(FAST_AVX2_FLAGS)
$(B)/pic/libsolve/fast-avx512.o: CFLAGS += $(FAST_AVX512_FLAGS)
endif
LD	?= ld
OBJCOPY	?= objcopy
SOLVE_PUB_OBJ := $(B)/pic/libsdk-solve.o
$(SOLVE_PUB_OBJ): $(SOLVE_PIC_OBJS)
	$(LD) -r -o $@.tmp $^
	$(OBJCOPY) --wildcard --keep-global-symbol='sdk_*' $@.tmp $@
	rm -f $@.tmp
$(B)/lib/libsdk-solve.a: $(SOLVE_PUB_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^
$(LIBSOLVE_SO): $(SOLVE_PUB_OBJ) libsolve/libsdk-solve.map
	@mkdir -p $(@D)
	$(CC) $(call no_san,$(LDFLAGS)) -shared -Wl,-soname,$(SOLVE_SONAME) \
	    -Wl,--version-script=libsolve/libsdk-solve.map -o $@ \
	    $(SOLVE_PUB_OBJ) -lm -pthread
	ln -sf $(@F) $(@D)/$(SOLVE_SONAME)
	ln -sf $(SOLVE_SONAME) $(@D)/libsdk-solve.so
# The headers live in libsolve/ and libcommon/, side by side in sdk/.
$(B)/include/sdk/%.h: libsolve/%.h
	@mkdir -p $(@D)
	cp $< $@
$(B)/include/sdk/%.h: libcommon/%.h
	@mkdir -p $(@D)
	cp $< $@
sdk_pc = sed -e 's|@PREFIX@|$(1)|' -e 's|@LIBDIR@|$(2)|' \
	-e 's|@INCLUDEDIR@|$(3)|' -e 's|@VERSION@|$(SDK_VERSION)|' \
	libsolve/sdk-solve.pc.in
$(B)/lib/pkgconfig/sdk-solve-uninstalled.pc: libsolve/sdk-solve.pc.in \
    libcommon/sdk.h
	@mkdir -p $(@D)
	$(call sdk_pc,$(abspath $(B)),$(abspath $(B))/lib,$(abspath \
	    $(B))/include) >$@

# The one C++ file (sdk-ocr's guard at Tesseract's boundary): the C flags
# (sanitizers included) without the C-only ones.
CXX ?= c++
CXX_FLAGS = -std=c++17 $(filter-out -std=% -Wstrict-prototypes \
	-Wmissing-prototypes,$(CFLAGS))
# UBSan's C++ checks (vptr; clang's function too) want its C++ runtime,
# which a C link (clang's, the fuzz harnesses') leaves out: the guards
# do without them.
comma := ,
CXX_FLAGS += $(if $(findstring undefined,$(CFLAGS)),-fno-sanitize=vptr$(if \
	$(filter clang%,$(notdir $(CXX))),$(comma)function))
$(B)/%.o: %.cc
	@mkdir -p $(@D)
	$(CXX) $(CPPFLAGS) $(CXX_FLAGS) $(CXXFLAGS) -MMD -MP -c -o $@ $<

# ---------------------------------------------------------------- programs
TOOLS := $(notdir $(wildcard tools/sdk-*))
include $(wildcard tools/*/tool.mk)
# What makes shipped files but is not shipped: make lab, never make all.
include lab/lab.mk

# What each word of NAME_LIBS adds to the link, in link order.
lib_image  = $(LIBIMAGE)
lib_solve  = $(LIBSOLVE)
# libsolve builds its tables once under pthread_once() (in the C library
# itself since glibc 2.34; libpthread before).
sys_solve  = -pthread
# libheif is opened when a HEIF photo comes (heif.c), not linked.
# heif-guard.cc wants libstdc++ (loaded already: libtiff's libLerc).
sys_image  = $(LEPT_LIBS) -ljpeg $(PNG_LIBS) -ldl -lstdc++
libs_image = $(LIBIMAGE) $(LIBTEXT) $(sys_image) -lm

define tool_rules
$(1)_SRCS ?= $$(wildcard tools/$(1)/*.c)
$(1)_OBJS := $$(patsubst %.S,$$(B)/%.o,$$(patsubst %.cc,$$(B)/%.o,$$($(1)_SRCS:%.c=$$(B)/%.o)))
$(1)_ARCH := $$(foreach l,$$($(1)_LIBS),$$(lib_$$(l))) $$(LIBTEXT)
$$(B)/bin/$(1): $$($(1)_OBJS) $$($(1)_ARCH)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) -o $$@ $$($(1)_OBJS) $$($(1)_LDLIBS) $$($(1)_ARCH) \
	    $$(foreach l,$$($(1)_LIBS),$$(sys_$$(l))) -lm
endef
# A tool.mk that sets NAME_SCRIPT ships a script and its own rule: no C.
$(foreach t,$(TOOLS),$(if $($(t)_SCRIPT),,$(eval $(call tool_rules,$(t)))))

PROGRAMS := $(TOOLS:%=$(B)/bin/%)
# Scripts (NAME_SCRIPT) and the files they read or run (NAME_LIBEXEC, and
# the programs NAME_LIBEXEC_PROGRAMS), installed in $(LIBEXECDIR)/sdk,
# which the script's @SDK_LIBEXEC@ names.
SCRIPTS := $(foreach t,$(TOOLS),$(if $($(t)_SCRIPT),$(t)))
LIBEXEC_FILES := $(strip $(foreach t,$(TOOLS),$($(t)_LIBEXEC)))
LIBEXEC_PROGRAMS := $(foreach t,$(TOOLS),$($(t)_LIBEXEC_PROGRAMS))

# ---------------------------------------------------------------- unit tests
UNIT_SRCS := $(wildcard tests/unit/test-*.c)
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%)
$(B)/tests/test-image $(B)/tests/test-jpeg $(B)/tests/test-morph: LIBS_EXTRA = $(libs_image)
$(B)/tests/test-repair: LIBS_EXTRA = $(LIBSOLVE) $(LIBTEXT) -pthread
$(B)/tests/test-logic $(B)/tests/test-givens: LIBS_EXTRA = $(LIBSOLVE) $(LIBTEXT) -pthread
# sdk-ocr's networks: the fast forward passes against the plain ones.
MLP_TEST_OBJS := $(B)/tools/sdk-ocr/mlp.o $(B)/tools/sdk-ocr/kind.o
$(B)/tests/unit/test-mlp.o: CFLAGS += -Itools/sdk-ocr
$(B)/tests/test-mlp: $(MLP_TEST_OBJS)
$(B)/tests/test-mlp: LIBS_EXTRA = $(MLP_TEST_OBJS) $(LIBTEXT)
$(B)/tests/%: $(B)/tests/unit/%.o $(LIBTEXT) $(LIBIMAGE) $(LIBSOLVE)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(or $(LIBS_EXTRA),$(LIBTEXT)) -lm

# ---------------------------------------------------------------- fuzzing
# make fuzz [FUZZ_SECONDS=60]: every libFuzzer harness in tests/fuzz, with
# clang, ASan and UBSan; results and crash inputs as tests/fuzz/run says.
FUZZ_SECONDS ?= 60
FUZZERS   := $(patsubst tests/fuzz/fuzz-%.c,%,$(wildcard tests/fuzz/fuzz-*.c))
FUZZ_OBJFLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
	-fno-omit-frame-pointer -fno-sanitize-recover=undefined
fuzz:
	@$(MAKE) --no-print-directory B=$(B)/fuzz CC=clang CXX=clang++ \
	    CFLAGS="$(FUZZ_OBJFLAGS)" $(FUZZERS:%=$(B)/fuzz/fuzz-%)
	tests/fuzz/run $(FUZZ_SECONDS)

# The harnesses of libsolve's logic (logic, pencil) link libsolve too.
fuzz_libs = $(if $(filter image,$(1)),$(libs_image),$(if $(filter logic \
	pencil,$(1)),$(LIBSOLVE) -pthread) $(LIBTEXT) -lm)
$(B)/fuzz-%: tests/fuzz/fuzz-%.c $(LIBTEXT) $(LIBIMAGE) $(LIBSOLVE)
	$(CC) $(CPPFLAGS) $(CFLAGS) -fsanitize=fuzzer -o $@ $< \
	    $(call fuzz_libs,$*)

# The same harnesses without libFuzzer replay the seeds and every input
# that once crashed, as part of make check.
REPLAYS := $(FUZZERS:%=$(B)/tests/replay-%)
$(B)/tests/replay-%: $(B)/tests/fuzz/fuzz-%.o $(B)/tests/fuzz/replay.o \
    $(LIBTEXT) $(LIBIMAGE) $(LIBSOLVE)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(B)/tests/fuzz/fuzz-$*.o \
	    $(B)/tests/fuzz/replay.o $(call fuzz_libs,$*)
$(B)/tests/fuzz/%.o: tests/fuzz/%.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

# ---------------------------------------------------------------- targets
.PHONY: all deps check check-only demo sanitize lint bench install uninstall \
	clean fuzz deb
all: $(PROGRAMS) $(UNIT_BINS) $(REPLAYS) $(LIB_FILES)

deps:
	@scripts/install-deps

# The README's test command: everything a fresh Debian machine needs.
check: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory lab
	@$(MAKE) --no-print-directory lint
	@$(MAKE) --no-print-directory check-only

# tests/package.bats installs the .deb in a scratch root and runs it (not
# under the sanitizer: a package is built without it).
CHECK_DEB := $(if $(SDK_SANITIZE),,$(DEB))
check-only: all $(CHECK_DEB)
	@SDK_BINDIR=$(CURDIR)/$(B)/bin SDK_UNITDIR=$(CURDIR)/$(B)/tests \
	    SDK_DEB=$(if $(CHECK_DEB),$(CURDIR)/$(CHECK_DEB)) tests/run

# The README's first command: the main job on the shipped samples.
demo: deps
	@$(MAKE) --no-print-directory all
	@SDK_BINDIR=$(CURDIR)/$(B)/bin scripts/demo

SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
sanitize: deps
	@$(MAKE) --no-print-directory B=$(B)/san CFLAGS="$(SAN_FLAGS)" \
	    LDFLAGS="-fsanitize=address,undefined" SDK_SANITIZE=1 check-only

lint:
	cd man && mandoc -Tlint -Wwarning *.1 *.3 *.5 *.7
	shellcheck scripts/install-deps scripts/demo scripts/make-deb tests/run \
	    .ci/run \
	    $(wildcard bench/*.sh scripts/*.sh tools/*/*.sh lab/*/*.sh)
	shellcheck -s bash completions/sdk.bash
	zsh -n completions/_sdk
	@# bench/tdoku-ref.c is built only by bench/tdoku.sh: keep it compiling.
	$(CC) $(WARNINGS) -Werror -D_POSIX_C_SOURCE=200809L -fsyntax-only \
	    bench/tdoku-ref.c

bench: all
	bench/run

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(MANDIR)/man7 $(DESTDIR)$(LIBEXECDIR)/sdk \
	    $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/sdk \
	    $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(BASHCOMPDIR) \
	    $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(DOCDIR)/examples
	install -m 755 $(filter-out $(SCRIPTS:%=$(B)/bin/%),$(PROGRAMS)) \
	    $(DESTDIR)$(BINDIR)
	for t in $(SCRIPTS); do \
	    sed 's|@SDK_LIBEXEC@|$(LIBEXECDIR)/sdk|' tools/$$t/$$t.sh \
	    >$(DESTDIR)$(BINDIR)/$$t.tmp && \
	    chmod 755 $(DESTDIR)$(BINDIR)/$$t.tmp && \
	    mv $(DESTDIR)$(BINDIR)/$$t.tmp $(DESTDIR)$(BINDIR)/$$t || exit 1; \
	done
	$(if $(LIBEXEC_FILES),install -m 644 $(LIBEXEC_FILES) \
	    $(DESTDIR)$(LIBEXECDIR)/sdk)
	install -m 755 $(LIBEXEC_PROGRAMS) $(DESTDIR)$(LIBEXECDIR)/sdk
	install -m 644 $(wildcard man/*.1) $(DESTDIR)$(MANDIR)/man1
	install -m 644 man/libsdk-solve.3 $(DESTDIR)$(MANDIR)/man3
	install -m 644 man/sdk.5 $(DESTDIR)$(MANDIR)/man5
	install -m 644 man/sdk.7 $(DESTDIR)$(MANDIR)/man7
	@# "man sdk" is the overview: section 1 is looked at before 5 and 7.
	echo '.so man7/sdk.7' >$(DESTDIR)$(MANDIR)/man1/sdk.1
	install -m 644 $(B)/lib/libsdk-solve.a $(DESTDIR)$(LIBDIR)
	install -m 755 $(LIBSOLVE_SO) $(DESTDIR)$(LIBDIR)
	ln -sf $(notdir $(LIBSOLVE_SO)) $(DESTDIR)$(LIBDIR)/$(SOLVE_SONAME)
	ln -sf $(SOLVE_SONAME) $(DESTDIR)$(LIBDIR)/libsdk-solve.so
	install -m 644 $(SOLVE_HEADERS) $(DESTDIR)$(INCLUDEDIR)/sdk
	$(call sdk_pc,$(PREFIX),$(LIBDIR),$(INCLUDEDIR)) \
	    >$(DESTDIR)$(PKGCONFIGDIR)/sdk-solve.pc
	@# bash-completion looks for a file named after the command.
	install -m 644 completions/sdk.bash $(DESTDIR)$(BASHCOMPDIR)/sdk
	for t in $(TOOLS); do ln -sf sdk $(DESTDIR)$(BASHCOMPDIR)/$$t; done
	install -m 644 completions/_sdk $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 README.md LICENSE THIRD-PARTY-NOTICES $(DESTDIR)$(DOCDIR)
	install -m 644 doc/solve.c $(DESTDIR)$(DOCDIR)/examples

uninstall:
	rm -f $(TOOLS:%=$(DESTDIR)$(BINDIR)/%) \
	    $(addprefix $(DESTDIR)$(LIBEXECDIR)/sdk/,$(notdir $(LIBEXEC_FILES) \
	    $(LIBEXEC_PROGRAMS))) \
	    $(patsubst man/%,$(DESTDIR)$(MANDIR)/man1/%,$(wildcard man/*.1)) \
	    $(DESTDIR)$(MANDIR)/man1/sdk.1 \
	    $(DESTDIR)$(MANDIR)/man3/libsdk-solve.3 \
	    $(DESTDIR)$(MANDIR)/man5/sdk.5 $(DESTDIR)$(MANDIR)/man7/sdk.7 \
	    $(DESTDIR)$(LIBDIR)/libsdk-solve.a $(DESTDIR)$(LIBDIR)/libsdk-solve.so \
	    $(DESTDIR)$(LIBDIR)/$(SOLVE_SONAME) \
	    $(DESTDIR)$(LIBDIR)/$(notdir $(LIBSOLVE_SO)) \
	    $(addprefix $(DESTDIR)$(INCLUDEDIR)/sdk/,$(notdir $(SOLVE_HEADERS))) \
	    $(DESTDIR)$(PKGCONFIGDIR)/sdk-solve.pc \
	    $(DESTDIR)$(BASHCOMPDIR)/sdk $(TOOLS:%=$(DESTDIR)$(BASHCOMPDIR)/%) \
	    $(DESTDIR)$(ZSHCOMPDIR)/_sdk \
	    $(addprefix $(DESTDIR)$(DOCDIR)/,README.md LICENSE \
	    THIRD-PARTY-NOTICES examples/solve.c)
	-rmdir $(DESTDIR)$(LIBEXECDIR)/sdk $(DESTDIR)$(INCLUDEDIR)/sdk \
	    $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR) 2>/dev/null

# make deb: a Debian package of what make install installs, built from
# this build (scripts/make-deb): $(DEB).
deb: $(DEB)
$(DEB): $(PROGRAMS) $(LIB_FILES) $(LIBEXEC_FILES) $(LIBEXEC_PROGRAMS) $(wildcard man/*.[1-9] \
    completions/*) LICENSE THIRD-PARTY-NOTICES README.md doc/solve.c \
    scripts/make-deb
	scripts/make-deb "$(B)" "$@"

clean:
	rm -rf $(B)

-include $(shell find $(B) -name '*.d' 2>/dev/null)
