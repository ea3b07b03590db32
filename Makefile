# Quartet build. `make` builds bin/quartet and the tools; `make test` runs
# every test; `make bench` prints the performance figures;
# `make test SAN=1` builds and tests everything under AddressSanitizer and
# UndefinedBehaviorSanitizer in build/san (binaries in build/san/bin).

CC      ?= cc
ARCH    ?= -march=native
CFLAGS  ?= -O2
CFLAGS  += -std=c17 -Wall -Wextra -D_GNU_SOURCE -pthread $(ARCH) -MMD -MP
LDLIBS  += -lm -pthread
PREFIX  ?= /usr/local

ifeq ($(FUZZ),1)
  # `make fuzz` builds here: clang, libFuzzer's coverage hooks, sanitizers.
  CC      := clang
  CFLAGS  += -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
  LDFLAGS += -fsanitize=fuzzer,address,undefined
  OTHELLO_OPT :=
  BUILD   := build/fuzz
  BIN     := build/fuzz/bin
else ifeq ($(SAN),1)
  CFLAGS  += -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
  LDFLAGS += -fsanitize=address,undefined
  OTHELLO_OPT := # sanitizer builds are for checking, not speed; -O3 warns there
  BUILD   := build/san
  BIN     := build/san/bin
else
  BUILD   := build/rel
  BIN     := bin
endif

ENGINE_SRC   := $(wildcard engine/*.c engine/games/*.c engine/games/*/*.c engine/search/*.c)
PROTOCOL_SRC := $(wildcard protocol/*.c)
# Game records, every format (records/): between the engine and its users.
RECORDS_SRC  := $(wildcard records/*.c)
TOOL_SRC     := $(wildcard tools/*.c)
# A tool too big for one file is a folder: tools/NAME/*.c -> bin/NAME.
# Not tools/egaroucid-web/: a wrapper built only against Egaroucid's source,
# outside this repository, by its own build.sh (doc/tournaments.md).
# Only folders with C sources are programs (tools/slurm holds scripts).
TOOL_DIRS    := $(filter-out egaroucid-web,$(patsubst tools/%/,%,$(sort $(dir $(wildcard tools/*/*.c)))))
TEST_SRC     := $(wildcard tests/test_*.c)
# Helper programs the tests drive (fake engines): tests/fake_*.c.
FAKE_SRC     := $(wildcard tests/fake_*.c)

ENGINE_OBJ   := $(ENGINE_SRC:%.c=$(BUILD)/%.o)
PROTOCOL_OBJ := $(PROTOCOL_SRC:%.c=$(BUILD)/%.o)
RECORDS_OBJ  := $(RECORDS_SRC:%.c=$(BUILD)/%.o)
LIB          := $(BUILD)/libquartet.a
RLIB         := $(BUILD)/libquartet-records.a
# What every program links: the records before the engine they use.
LIBS         := $(RLIB) $(LIB)
TOOLS        := $(TOOL_SRC:tools/%.c=$(BIN)/%) $(TOOL_DIRS:%=$(BIN)/%)
TESTS        := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%) $(FAKE_SRC:tests/%.c=$(BUILD)/tests/%)
# records_verdict: the records library's verdicts on tests/records/ (tests/records.sh).
TESTS        += $(BUILD)/tests/records_verdict
# match_write: quartet-match's lines written again by records/ (tests/records.sh).
TESTS        += $(BUILD)/tests/match_write

.PHONY: all test bench bench-ffo install clean fuzz fuzz-build
.SECONDARY:
all: $(BIN)/quartet $(TOOLS)

$(BUILD)/%.o: %.c $(BUILD)/.flags
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -I. -c $< -o $@

# Othello's search at -O3: the solver ran 3.2-3.3% faster than at -O2
# (FFO #45-#52 and #53-#54, one thread, the builds side by side, the same
# nodes); gcc -O3 elsewhere raises format-truncation warnings in tools,
# and in the sanitizer builds (set empty there) in datapath.c.
OTHELLO_OPT ?= -O3
$(BUILD)/engine/games/othello/%.o: CFLAGS += $(OTHELLO_OPT)

# Each build folder's .flags holds the compiler and flags its objects were
# built with, rewritten (while the Makefile is read) only when they change:
# every object depends on it, so `make ARCH=` or another OTHELLO_OPT
# rebuilds instead of linking objects built with other flags, which would
# make a benchmark of two settings measure one build twice.
FLAGS_NOW := $(strip $(CC) $(CFLAGS) | $(OTHELLO_OPT))
ifneq ($(FLAGS_NOW),$(strip $(shell cat $(BUILD)/.flags 2>/dev/null)))
  $(shell mkdir -p $(BUILD) && printf '%s\n' '$(FLAGS_NOW)' > $(BUILD)/.flags)
endif
$(BUILD)/.flags: # gone since the Makefile was read (make clean all)
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(FLAGS_NOW)' > $@

$(LIB): $(ENGINE_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(RLIB): $(RECORDS_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BIN)/quartet: $(PROTOCOL_OBJ) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ -lreadline $(LDLIBS)

$(BIN)/%: $(BUILD)/tools/%.o $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

define TOOL_DIR_RULE
$$(BIN)/$(1): $$(patsubst %.c,$$(BUILD)/%.o,$$(wildcard tools/$(1)/*.c)) $$(LIBS)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(LDFLAGS) $$^ -o $$@ $$(LDLIBS)
endef
$(foreach t,$(TOOL_DIRS),$(eval $(call TOOL_DIR_RULE,$(t))))


$(BUILD)/tests/%: $(BUILD)/tests/%.o $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# test_linediff checks a protocol file, which the engine library leaves out.
$(BUILD)/tests/test_linediff: $(BUILD)/protocol/linediff.o
# test_train_games checks quartet-train's games file (and its positions).
$(BUILD)/tests/test_train_games: $(BUILD)/tests/test_train_games.o $(BUILD)/tools/quartet-train/games.o $(BUILD)/tools/quartet-train/data.o $(BUILD)/tools/quartet-train/parallel.o $(LIBS)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# test_othello_newgame checks what the session does at a new game (the
# library after the session, which uses it).
$(BUILD)/tests/test_othello_newgame: $(BUILD)/tests/test_othello_newgame.o $(BUILD)/protocol/session.o $(LIBS)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The fuzz targets without libFuzzer, to replay their corpus in `make test`.
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(filter-out tests/fuzz/fuzz_common.c,$(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_PROTOCOL_OBJ := $(filter-out %/main.o %/interactive.o,$(PROTOCOL_OBJ))
FUZZ_REPLAY  := $(FUZZ_TARGETS:%=$(BUILD)/tests/replay_%)
# test_catalog runs commands in-process: the protocol without its loop.
$(BUILD)/tests/test_catalog: $(BUILD)/tests/test_catalog.o $(FUZZ_PROTOCOL_OBJ) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# test_sequence runs play_sequence in-process the same way.
$(BUILD)/tests/test_sequence: $(BUILD)/tests/test_sequence.o $(FUZZ_PROTOCOL_OBJ) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# The record readers' target also links quartet-match without its main.
QMATCH_OBJ   := $(filter-out %/main.o,$(patsubst %.c,$(BUILD)/%.o,$(wildcard tools/quartet-match/*.c)))
# (Recipes of their own: the library must come after those objects.)
FUZZ_RECORDS_OBJ := $(BUILD)/tests/fuzz/fuzz_records.o $(BUILD)/tests/fuzz/fuzz_common.o
$(BUILD)/tests/replay_fuzz_records: $(FUZZ_RECORDS_OBJ) $(BUILD)/tests/fuzz/replay.o $(QMATCH_OBJ) $(FUZZ_PROTOCOL_OBJ) $(LIBS)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
$(BIN)/fuzz_records: $(FUZZ_RECORDS_OBJ) $(QMATCH_OBJ) $(FUZZ_PROTOCOL_OBJ) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# The truncation sweep's helper (tests/records_check.sh) links them too.
$(BUILD)/tests/cut_records: $(BUILD)/tests/cut_records.o $(QMATCH_OBJ) $(LIBS)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
test: $(BUILD)/tests/cut_records
# test_openings: quartet-match's openings reader, generator and balance search.
$(BUILD)/tests/test_openings: $(BUILD)/tests/test_openings.o $(QMATCH_OBJ) $(LIBS)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# test_gate: quartet-gate's parts without its main.
GATE_OBJ     := $(filter-out %/main.o,$(patsubst %.c,$(BUILD)/%.o,$(wildcard tools/quartet-gate/*.c)))
$(BUILD)/tests/test_gate: $(BUILD)/tests/test_gate.o $(GATE_OBJ)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# fuzz_gate: the gate's readers of client bytes (libFuzzer and replay).
FUZZ_GATE_OBJ := $(BUILD)/tests/fuzz/fuzz_gate.o $(BUILD)/tests/fuzz/fuzz_common.o $(GATE_OBJ)
$(BUILD)/tests/replay_fuzz_gate: $(FUZZ_GATE_OBJ) $(BUILD)/tests/fuzz/replay.o $(FUZZ_PROTOCOL_OBJ) $(LIBS)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
$(BIN)/fuzz_gate: $(FUZZ_GATE_OBJ) $(FUZZ_PROTOCOL_OBJ) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/tests/replay_fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/fuzz_common.o $(BUILD)/tests/fuzz/replay.o $(FUZZ_PROTOCOL_OBJ) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The browser test needs chromium, websocketd and the pinned node packages:
# tools/install-deps puts them in place (a no-op when they are there; as a
# non-root user it only names what is missing, and tests/browser.sh fails).
test: all $(TESTS) $(FUZZ_REPLAY)
	@tools/install-deps || echo "make test: tools/install-deps could not install everything; the browser test will say what is missing"
	@QUARTET=$(BIN)/quartet BIN=$(BIN) TESTBIN=$(BUILD)/tests sh tests/run.sh

# libFuzzer targets (tests/fuzz/, doc/fuzzing.md): `make fuzz` builds them
# with clang in build/fuzz and runs each for FUZZ_SECONDS on a copy of the
# committed corpus.
FUZZ_SECONDS ?= 60

fuzz:
	$(MAKE) FUZZ=1 fuzz-build
	sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-build: $(FUZZ_TARGETS:%=$(BIN)/%)

$(BIN)/fuzz_%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/fuzz_common.o $(FUZZ_PROTOCOL_OBJ) $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The FFO endgame suites live beside the repository (../shared/bench).
FFO_DIR ?= ../shared/bench

bench: all
	@$(BIN)/quartet-bench
	@echo "== Othello midgame: depth 12 from 10 positions, 1 thread"
	@$(BIN)/quartet-othello-bench --midgame --threads 1 | tail -n 1
	@echo "== Yonin max-n and paranoid: depth 6 from 10 positions, 1 thread"
	@$(BIN)/quartet-yonin-bench | grep 'depth 6:'
	@echo "== quartet-stats: 20,000 random Yonin 8x8 games (legal moves listed every ply)"
	@t0=$$(date +%s.%N); $(BIN)/quartet-stats -g yonin -n 20000 >/dev/null; \
	  echo "$$t0 $$(date +%s.%N)" | awk '{ printf "%.2f s\n", $$2 - $$1 }'
	@if [ -f $(FFO_DIR)/fforum-40-59.obf ]; then \
	  for t in 1 2; do echo "== Othello endgame: FFO #40-#44, $$t thread(s)"; \
	    $(BIN)/quartet-othello-bench --ffo $(FFO_DIR)/fforum-40-59.obf --last 44 --threads $$t; done; \
	else echo "(no $(FFO_DIR)/fforum-40-59.obf: endgame benchmark skipped)"; fi
	@echo "== Stoners: every line up to 13 plies"
	@t0=$$(date +%s.%N); $(BIN)/quartet-stoner --up-to 13 --no-progress | sed '/^successful stoners/q'; \
	  echo "$$t0 $$(date +%s.%N)" | awk '{ printf "%.1f s\n", $$2 - $$1 }'

# All twenty FFO #40-#59 positions with 2 threads: minutes to hours.
bench-ffo: all
	$(BIN)/quartet-othello-bench --ffo $(FFO_DIR)/fforum-40-59.obf --threads 2

# Data (Othello weights and Multi-ProbCut parameters, opening books) goes where the programs look for it:
# ../share/quartet beside their bin folder; manual pages to share/man/man6.
install: $(BIN)/quartet $(TOOLS)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/quartet/openings
	install -m 755 $(BIN)/quartet $(TOOLS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(wildcard data/*.weights data/*.book data/*.mpc) $(DESTDIR)$(PREFIX)/share/quartet
	install -m 644 $(wildcard data/openings/*.txt) $(DESTDIR)$(PREFIX)/share/quartet/openings
	install -d $(DESTDIR)$(PREFIX)/share/man/man6
	install -m 644 $(wildcard doc/man/*.6) $(DESTDIR)$(PREFIX)/share/man/man6
	install -d $(DESTDIR)$(PREFIX)/share/quartet/web
	install -m 644 web/*.html web/*.css web/*.js $(DESTDIR)$(PREFIX)/share/quartet/web
	install -m 755 tools/quartet-web $(DESTDIR)$(PREFIX)/bin

# Soak (tests/soak.sh, in `make test`; `make soak` is the long run):
# valgrind decodes no AVX-512, so the soak runs its own build of
# bin/quartet for baseline x86-64, in build/vg.
.PHONY: soak soak-bin
soak-bin:
	@$(MAKE) --no-print-directory BUILD=build/vg BIN=build/vg/bin ARCH= SAN= build/vg/bin/quartet >/dev/null
test: soak-bin
soak: soak-bin
	sh tests/soak.sh --long

clean:
	rm -rf build bin

-include $(shell find build -name '*.d' 2>/dev/null)
