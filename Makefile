# higgs.c - build with `make` (native SIMD), `make portable` (scalar only),
# `make sanitize` (ASan + UBSan), `make demo`, `make check` (a quick test, no Python), `make test`
# (every test: test_all.sh).
# Cross builds: `make CROSS=aarch64-linux-gnu-` (NEON kernels, baseline
# armv8-a: every aarch64 CPU has the f16<->f32 conversions the kernels use) or
# `make CROSS=arm-linux-gnueabihf- portable` (scalar); run the results with
# `qemu-aarch64 -L /usr/aarch64-linux-gnu ./run ...` (tests: test_all.sh).
# make's built-in CC is `cc`, which has no cross-prefixed twin: use gcc unless CC is set
ifeq ($(origin CC),default)
CC = gcc
endif
CROSS ?=
OPT ?= -O3
WARN = -Wall -Wextra
CFLAGS ?= $(OPT) -std=c11 -D_GNU_SOURCE $(WARN)
ifeq ($(CROSS),)
NATIVE ?= -march=native
else ifneq ($(findstring aarch64,$(CROSS)),)
NATIVE ?= -march=armv8-a
else
NATIVE ?=
endif
LDLIBS = -lm -lpthread
HEADERS = higgs.h $(wildcard src/*.h) tools/grids_table.h

all: run quantize

run: run.c $(HEADERS)
	$(CROSS)$(CC) $(CFLAGS) $(NATIVE) -o $@ run.c $(LDLIBS)

quantize: quantize.c $(HEADERS)
	$(CROSS)$(CC) $(CFLAGS) $(NATIVE) -o $@ quantize.c $(LDLIBS)

# scalar kernels only: what any C11 compiler on any CPU builds
portable:
	$(MAKE) NATIVE= run quantize

# AddressSanitizer + UndefinedBehaviorSanitizer build used by the tests
sanitize: run-san quantize-san
run-san: run.c $(HEADERS)
	$(CC) -O1 -g -std=c11 -D_GNU_SOURCE $(WARN) -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer $(NATIVE) -o $@ run.c $(LDLIBS)
quantize-san: quantize.c $(HEADERS)
	$(CC) -O1 -g -std=c11 -D_GNU_SOURCE $(WARN) -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer $(NATIVE) -o $@ quantize.c $(LDLIBS)

# the kernel benchmarks, with run's flags: the kernels compile differently at
# -O2 and -O3 (GCC 12 at -O3 once kept accumulators in memory that -O2 kept in
# registers), so a benchmark built otherwise measures other code
bench: bench/bench_kernels bench/bench_stream bench/bench_attention bench/bench_step bench/bench_depth bench/bench_values_int8
bench/bench_kernels: bench/bench_kernels.c $(HEADERS)
	$(CROSS)$(CC) $(CFLAGS) $(NATIVE) -o $@ bench/bench_kernels.c $(LDLIBS)
bench/bench_attention: bench/bench_attention.c $(HEADERS)
	$(CROSS)$(CC) $(CFLAGS) $(NATIVE) -o $@ bench/bench_attention.c $(LDLIBS)
bench/bench_step: bench/bench_step.c bench/bench_common.h $(HEADERS)
	$(CROSS)$(CC) $(CFLAGS) $(NATIVE) -o $@ bench/bench_step.c $(LDLIBS)
bench/bench_depth: bench/bench_depth.c bench/bench_common.h $(HEADERS)
	$(CROSS)$(CC) $(CFLAGS) $(NATIVE) -o $@ bench/bench_depth.c $(LDLIBS)
bench/bench_values_int8: bench/bench_values_int8.c bench/bench_common.h $(HEADERS)
	$(CROSS)$(CC) $(CFLAGS) $(NATIVE) -o $@ bench/bench_values_int8.c $(LDLIBS)
bench/bench_stream: bench/bench_stream.c $(HEADERS)
	$(CROSS)$(CC) $(CFLAGS) $(NATIVE) -o $@ bench/bench_stream.c $(LDLIBS)

DEMO_MODEL ?= models/brown-higgs4.higgs
demo: run
	./run $(DEMO_MODEL) -s 42 -t 0.8 -n 200 -i "The committee said that"

# the library embedded in a C program of its own (README "Use it from C")
tests/embed_example: tests/embed_example.c $(HEADERS)
	$(CROSS)$(CC) $(CFLAGS) $(NATIVE) -o $@ tests/embed_example.c $(LDLIBS)

# the C test programs one at a time (`make tests/test_kernels`), with test_all.sh's flags and the headers
# as dependencies: make's built-in rule knows only the .c file and keeps a stale binary after a header
# change. test_all.sh builds every variant itself.
TESTS_C = $(wildcard tests/test_*.c)
$(TESTS_C:.c=): tests/%: tests/%.c $(HEADERS)
	$(CROSS)$(CC) -O2 -std=c11 -D_GNU_SOURCE $(WARN) -Werror $(NATIVE) -o $@ $< $(LDLIBS)

# a quick test (under a minute, no Python or packages): generation, a quantize round trip,
# perplexity against stored values and the embedding example; test_all.sh is the full suite
check: run quantize tests/embed_example
	tests/check.sh

test: all
	./test_all.sh

clean:
	rm -f run quantize run-san quantize-san tests/embed_example tests/test_engine tests/test_engine_asan tests/test_engine_tsan tests/test_attention tests/test_attention_native tests/test_attention_avx2 tests/test_attention_scalar tests/test_attention_emu512 tests/test_pool tests/test_json tests/test_http tests/test_kernels tests/test_kernels_scalar tests/test_kernels_avx2 tests/test_kernels_avxvnni tests/test_attention_avxvnni tests/test_kernels_emu512 tests/test_tables_emu512 bench/bench_kernels bench/bench_stream bench/bench_attention bench/bench_step bench/bench_depth bench/bench_values_int8

.PHONY: all portable sanitize bench demo check test clean
