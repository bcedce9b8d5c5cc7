# Shiftmate build entry point.
#   make            release binary ./shiftmate (EXE=name, CXX=compiler,
#                   ARCH=native|x86-64|x86-64-bmi2|x86-64-v2|x86-64-v3|x86-64-v4 (docs/building.md),
#                   SIMD=intrinsics|highway: the network's kernels for ARCH, or chosen at run time,
#                   SPSA=on: the search margins become UCI options for scripts/spsa.py,
#                   HIDDEN=n BUCKETS=n NET=file|none: another network shape, docs/training.md "Other sizes")
#   make run        build, then start the engine (UCI on stdin/stdout)
#   make test       build and run every test (CTest)
#   make kernels    each network kernel path (AVX-512 native, AVX2, scalar, Highway): its tests and bench
#   make web        the browser build: engine in WebAssembly, UCI worker, page (build/web/site);
#                   serve-web serves it, web-test drives it in headless Chromium, web-smoke (CI)
#   make release    every download file into dist/ (Linux x86-64 v2/v3/v4, aarch64, Windows),
#                   each checked by its bench; NOTICE, LICENSE and SHA256SUMS beside them
#   make release-test  the UCI and command-line tests and the perft suites against dist/'s
#                   Windows file under Wine and aarch64 file under qemu-aarch64
#   make layers     check that src/ includes follow the layer table in docs/layout.md
#   make print-version  the version a build has (RELEASE=on: the number alone)
#   make check-bench  the bench node count against the newest commit's "Bench: N"
#   make perft-full every position of every suite in perft/ to full depth
#   make perft-bench perft speed side by side with Stockfish
#   make magics     regenerate src/magic_numbers.h with our magic search
#   make checkers-magics  the same for the checkers kings (src/checkers/magic_numbers.h)
#   make asan       every test under AddressSanitizer + UndefinedBehaviorSanitizer
#   make tsan       the threaded tests under ThreadSanitizer
#   make fuzz       each libFuzzer target for FUZZ_SECONDS (default 60)
#   make debug      debug build (assertions: position consistency after every move) and its tests
#   make soak       1,000 games at 1+0.01 through fastchess: no crash, time loss or warning
#   make format     clang-format every tracked C++ source (format-check: fail if one is not)
# Missing Debian packages are installed when run as root; otherwise the
# command to install them is printed.

EXE ?= shiftmate
# EXE may be a bare name (made in the checkout) or a path.
EXE_PATH := $(if $(findstring /,$(EXE)),$(EXE),./$(EXE))
CXX ?= g++
ARCH ?= native
SIMD ?= intrinsics
# SPSA=on builds the search margins as UCI options. A tune branch for
# OpenBench, whose workers build with plain `make`, commits the file
# tune/spsa-build to get that build (docs/openbench.md).
SPSA ?= $(if $(wildcard $(CURDIR)/tune/spsa-build),on,off)
JOBS ?= 2
# The network's shape and the net to embed (docs/training.md, "Other sizes").
HIDDEN ?= 256
BUCKETS ?= 1
NET ?= $(CURDIR)/nets/default.nnue
# OpenBench names the net to embed EVALFILE.
ifdef EVALFILE
  NET := $(EVALFILE)
endif

# The engine's; GoogleTest only for the test targets (OpenBench's workers
# build with `make EXE=name CXX=g++` and need no tests).
PACKAGES := g++ cmake make libfmt-dev libcxxopts-dev libfathom-dev
ifeq ($(SIMD),highway)
  PACKAGES += libhwy-dev
endif
BENCH_PACKAGES := stockfish valgrind
# Reference programs the tests compare with (Syzygy: fathom and Stockfish;
# opening books: polyglot and the gnuchess book); python3 runs the scripts'
# tests and check-bench, python3-requests OpenBench's client (genfens test).
TEST_PACKAGES := libgtest-dev fathom stockfish polyglot gnuchess-book python3 python3-requests
# Cross compilers and runners of the release files; dpkg-dev for NOTICE's
# package versions.
RELEASE_PACKAGES := g++-mingw-w64-x86-64-posix g++-aarch64-linux-gnu qemu-user wine wine64 dpkg-dev \
                    emscripten chromium

# PEXT is fast on Intel (Haswell on) and AMD Zen 3 on (family 0x19 and up);
# on older AMD it is microcoded and slower than magics.
ifeq ($(ARCH),native)
  PEXT := $(shell awk -F: '/^flags/ && / bmi2/ {b=1} /^vendor_id/ {v=$$2} /^cpu family/ {f=$$2+0} \
            END {print (b && (v ~ /Intel/ || f >= 25)) ? "on" : "off"}' /proc/cpuinfo 2>/dev/null || echo off)
else
  PEXT := auto
endif

SHAPE := $(if $(filter-out 256:1,$(HIDDEN):$(BUCKETS)),-h$(HIDDEN)x$(BUCKETS))$(if $(filter none,$(NET)),-nonet)
BUILD_DIR := build/$(ARCH)-$(notdir $(firstword $(CXX)))$(if $(filter highway,$(SIMD)),-highway)$(if $(filter on,$(SPSA)),-spsa)$(SHAPE)
CMAKE_FLAGS := -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
               -DSHIFTMATE_ARCH=$(ARCH) -DSHIFTMATE_PEXT=$(PEXT) -DSHIFTMATE_SIMD=$(SIMD) \
               -DSHIFTMATE_SPSA=$(if $(filter on,$(SPSA)),ON,OFF) \
               -DSHIFTMATE_HIDDEN=$(HIDDEN) -DSHIFTMATE_OUTPUT_BUCKETS=$(BUCKETS) \
               -DSHIFTMATE_NET=$(if $(filter none,$(NET)),none,$(abspath $(NET)))

# The version (cmake/version.cmake reads VERSION and the commit): RELEASE=on
# builds say the number alone ("1.0"), others "1.0-dev-<commit>".
# `make print-version` prints it; $(VERSION) is it, for release file names.
RELEASE ?= off
CMAKE_FLAGS += -DSHIFTMATE_RELEASE=$(if $(filter on,$(RELEASE)),ON,OFF)
VERSION = $(shell cmake -D SOURCE_DIR=$(CURDIR) -D RELEASE=$(if $(filter on,$(RELEASE)),ON,OFF) \
                        -P cmake/version.cmake)

.PHONY: web serve-web web-test web-smoke release release-test all build run test kernels layers print-version windows windows-check check-bench deps test-deps perft-full perft-bench magics checkers-magics soak asan tsan fuzz debug format format-check clean

all: build
	@cp -f $(BUILD_DIR)/shiftmate $(EXE)  # -f: replaces a binary that is running
	@echo "built $(EXE_PATH) (ARCH=$(ARCH), PEXT=$(PEXT), SIMD=$(SIMD))"

build: deps
	@cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS) > /dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: all
	$(EXE_PATH)

test: test-deps build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# Every kernel path of the network, each built in its own directory: AVX-512
# (the native build, here with every test file), AVX2 (x86-64-bmi2, which also
# takes the PEXT slider lookups), scalar (x86-64) and Highway's run-time choice.
# Only the network's, the move generator's and the bench's tests are compiled
# and run, and each binary's bench must search the committed node count. A
# last build, 384 neurons wide without a net, runs the network's inference
# tests where one side's sum no longer fits int32.
KERNEL_BUILDS := x86-64-bmi2:intrinsics x86-64:intrinsics x86-64:highway
# The tests each step runs are labelled in tests/CMakeLists.txt (TEST_GROUPS);
# these files hold the ones labelled `kernels`.
KERNEL_TEST_FILES := nnue_test;movegen_test;attacks_test;uci_protocol_test
kernels: test-deps build
	@$(call ensure_packages,libhwy-dev)
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) -L kernels
	@printf 'eval\nquit\n' | $(BUILD_DIR)/shiftmate | grep '^Network'
	scripts/check-bench.sh $(BUILD_DIR)/shiftmate
	@set -e; for kernel in $(KERNEL_BUILDS); do \
	  arch=$${kernel%%:*}; simd=$${kernel#*:}; dir=build/kernels/$$arch-$$simd; \
	  echo "== kernels: ARCH=$$arch SIMD=$$simd in $$dir"; \
	  cmake -S . -B $$dir -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	    -DSHIFTMATE_ARCH=$$arch -DSHIFTMATE_SIMD=$$simd "-DSHIFTMATE_TEST_FILES=$(KERNEL_TEST_FILES)" \
	    > /dev/null; \
	  cmake --build $$dir -j $(JOBS); \
	  (cd $$dir && ctest --output-on-failure -j $(JOBS) -L kernels); \
	  printf 'eval\nquit\n' | $$dir/shiftmate | grep '^Network'; \
	  scripts/check-bench.sh $$dir/shiftmate; \
	done
	@echo "== kernels: HIDDEN=384, scalar, no net: sums past int32's range (simd.h)"
	cmake -S . -B build/kernels/h384-x86-64 -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DSHIFTMATE_ARCH=x86-64 -DSHIFTMATE_HIDDEN=384 -DSHIFTMATE_NET=none \
	  -DSHIFTMATE_TEST_FILES=nnue_test > /dev/null
	cmake --build build/kernels/h384-x86-64 -j $(JOBS)
	build/kernels/h384-x86-64/tests/shiftmate_tests --gtest_brief=1 \
	  --gtest_filter='NnueInference.*:NnueAccumulator.*'

layers:
	scripts/check-layers.py

print-version:
	@echo $(VERSION)

# Windows x86-64 (cross-compiled with MinGW-w64; ARCH=x86-64 or x86-64-bmi2):
# one static .exe at WINDOWS_EXE. windows-check runs it under Wine.
WINDOWS_ARCH := $(if $(filter native,$(ARCH)),x86-64-bmi2,$(ARCH))
WINDOWS_EXE ?= build/windows/shiftmate-$(WINDOWS_ARCH).exe
windows:
	@$(call ensure_packages,g++-mingw-w64-x86-64-posix)
	scripts/build-windows.sh $(WINDOWS_ARCH) $(WINDOWS_EXE)

windows-check: windows
	@$(call ensure_packages,wine64 gnuchess-book)
	scripts/check-foreign.py $(WINDOWS_EXE)

# The release's version: VERSION alone (cmake/version.cmake with RELEASE=ON).
RELEASE_VERSION = $(shell if [ -f cmake/version.cmake ]; then \
                    cmake -D SOURCE_DIR=$(CURDIR) -D RELEASE=ON -P cmake/version.cmake; \
                  else cat VERSION 2>/dev/null || echo dev; fi)
DIST ?= dist

# Every download file, each compared by its bench with the native build.
release: all
	@$(call ensure_packages,$(RELEASE_PACKAGES))
	@command -v npm > /dev/null || $(call ensure_packages,nodejs npm)
	DIST=$(abspath $(DIST)) JOBS=$(JOBS) scripts/release.sh $(EXE_PATH) $(RELEASE_VERSION)

# The foreign release files driven by the native tests (SHIFTMATE_TEST_ENGINE
# names the engine with its runner) and through every perft suite position
# up to PERFT_MAX_NODES leaves a depth (each suite well within 10 minutes
# under emulation). Run `make release` first.
PERFT_MAX_NODES ?= 1000000
RELEASE_TEST_FILES := wine:$(DIST)/shiftmate-$(RELEASE_VERSION)-windows-x86-64-v3.exe \
                      qemu-aarch64:$(DIST)/shiftmate-$(RELEASE_VERSION)-linux-aarch64
release-test: test-deps build
	@$(call ensure_packages,$(RELEASE_PACKAGES))
	@set -e; for entry in $(RELEASE_TEST_FILES); do \
	  runner=$${entry%%:*}; file=$${entry#*:}; \
	  [ -f "$$file" ] || { echo "release-test: no $$file (make release)"; exit 1; }; \
	  file=$$(realpath $$file); \
	  echo "== release-test: $$runner $$file: UCI and command-line tests"; \
	  (cd $(BUILD_DIR) && WINEDEBUG=-all SHIFTMATE_TEST_ENGINE="$$runner $$file" \
	    ctest --output-on-failure -j $(JOBS) -L release); \
	  echo "== release-test: $$runner $$file: Syzygy, EvalFile, BookFile, a piped session"; \
	  scripts/check-foreign.py $$file $(EXE_PATH); \
	  for suite in perft/*.epd; do \
	    echo "== release-test: $$runner $$file perft --suite $$suite --max-nodes $(PERFT_MAX_NODES)"; \
	    status=0; WINEDEBUG=-all timeout 600 $$runner $$file perft --suite $$suite --quiet \
	      --max-nodes $(PERFT_MAX_NODES) --threads $(JOBS) > $(BUILD_DIR)/release-perft.log || status=$$?; \
	    tr -d '\r' < $(BUILD_DIR)/release-perft.log | tail -n 3; \
	    [ $$status -eq 0 ] || { echo "release-test: perft FAILED ($$status)"; exit 1; }; \
	  done; \
	done

check-bench: all
	scripts/check-bench.sh $(EXE_PATH)

# Installs what is missing (as root) or says how; skipped where dpkg is absent.
deps:
	@$(call ensure_packages,$(PACKAGES))

test-deps:
	@$(call ensure_packages,$(TEST_PACKAGES))

define ensure_packages
	if command -v dpkg-query > /dev/null; then \
	  missing=""; \
	  for p in $(1); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	  done; \
	  if [ -n "$$missing" ]; then \
	    if [ "$$(id -u)" = 0 ]; then \
	      echo "installing:$$missing"; \
	      (apt-get install -y -q $$missing || (apt-get update -q && apt-get install -y -q $$missing)) > /dev/null; \
	    else \
	      echo "missing Debian packages; run: sudo apt-get install -y$$missing"; exit 1; \
	    fi; \
	  fi; \
	fi
endef

perft-full: all
	$(EXE_PATH) perft --suite perft/standard.epd --quiet
	$(EXE_PATH) perft --suite perft/tricky.epd --quiet
	$(EXE_PATH) perft --suite perft/fischer.epd --quiet --threads $(JOBS)

# Valgrind 3.19 stops at AVX-512 instructions: callgrind counts those of an
# x86-64-bmi2 build (AVX2 and PEXT), built here for the purpose.
PERFT_CALLGRIND_EXE := build/perft-bench-x86-64-bmi2
perft-bench: all
	@$(call ensure_packages,$(BENCH_PACKAGES))
	@$(MAKE) --no-print-directory ARCH=x86-64-bmi2 EXE=$(PERFT_CALLGRIND_EXE) all
	@scripts/perft-bench.py $(EXE_PATH) /usr/games/stockfish --callgrind-shiftmate $(PERFT_CALLGRIND_EXE)

# Sanitizer builds live beside the release build and run the same tests.
# They use clang (as `make fuzz` does): with AddressSanitizer and UBSan, g++
# took about three times as long over the same sources (cli_test.cpp 89 s
# against 29 s, both with line tables only), and these builds were most of
# CI's time.
SANITIZER_CXX ?= clang++
SANITIZER_PACKAGES := clang libclang-rt-14-dev
SANITIZER_FLAGS := -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=$(SANITIZER_CXX) \
                   -DSHIFTMATE_ARCH=$(ARCH) -DSHIFTMATE_PEXT=$(PEXT)
export ASAN_OPTIONS := detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS := halt_on_error=1:print_stacktrace=1
export TSAN_OPTIONS := halt_on_error=1:second_deadlock_stack=1:suppressions=$(CURDIR)/tests/tsan.supp

asan: deps test-deps
	@$(call ensure_packages,$(SANITIZER_PACKAGES))
	@cmake -S . -B build/asan $(SANITIZER_FLAGS) -DSHIFTMATE_SANITIZE=address,undefined > /dev/null
	@cmake --build build/asan -j $(JOBS)
	cd build/asan && ctest --output-on-failure -j $(JOBS)

# Tests that run several threads: UCI sessions (search threads, stop/go
# races, options mid-search), threaded perft, the stress test, datagen,
# helpers at a depth cap: label tsan in tests/CMakeLists.txt. Only the files
# that hold them (seven of the 33 test files) are compiled under
# ThreadSanitizer, and the tsan build must list as many tsan tests as the
# full build does, so a test moved to another file fails here instead of
# silently leaving the step.
TSAN_TEST_FILES := uci_protocol_test;cli_test;uci_stress_test;datagen_test;perft_test;tt_test;search_test
tsan: deps test-deps build
	@$(call ensure_packages,$(SANITIZER_PACKAGES))
	@cmake -S . -B build/tsan $(SANITIZER_FLAGS) -DSHIFTMATE_SANITIZE=thread \
	  "-DSHIFTMATE_TEST_FILES=$(TSAN_TEST_FILES)" > /dev/null
	@cmake --build build/tsan -j $(JOBS)
	@full=$$(cd $(BUILD_DIR) && ctest -N -L tsan | sed -n 's/^Total Tests: //p'); \
	 ours=$$(cd build/tsan && ctest -N -L tsan | sed -n 's/^Total Tests: //p'); \
	 echo "tsan: $$ours tests labelled tsan (the full build has $$full)"; \
	 test "$$ours" = "$$full" || { echo "tsan: TSAN_TEST_FILES misses a file with tsan tests" >&2; exit 1; }
	cd build/tsan && ctest --output-on-failure -j $(JOBS) -L tsan

# Debug build: assertions on, including a full consistency check of the
# position after every make and unmake (slow: the perft suites, label slow in
# tests/CMakeLists.txt, are skipped).
debug: deps test-deps
	@cmake -S . -B build/debug -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=$(CXX) \
	  -DSHIFTMATE_ARCH=$(ARCH) -DSHIFTMATE_PEXT=$(PEXT) > /dev/null
	@cmake --build build/debug -j $(JOBS)
	cd build/debug && ctest --output-on-failure -j $(JOBS) -LE slow

FUZZ_SECONDS ?= 60
FUZZ_TARGETS := fuzz_fen fuzz_uci fuzz_move fuzz_epd
fuzz:
	@$(call ensure_packages,$(PACKAGES) $(SANITIZER_PACKAGES))
	@cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
	  -DSHIFTMATE_ARCH=$(ARCH) -DSHIFTMATE_PEXT=$(PEXT) -DSHIFTMATE_TESTS=OFF -DSHIFTMATE_FUZZ=ON \
	  -DSHIFTMATE_SANITIZE=address,undefined > /dev/null
	@cmake --build build/fuzz -j $(JOBS)
	@for t in $(FUZZ_TARGETS); do \
	  name=$${t#fuzz_}; mkdir -p build/fuzz/corpus/$$name build/fuzz/crashes; \
	  echo "== $$t for $(FUZZ_SECONDS) s"; \
	  build/fuzz/$$t build/fuzz/corpus/$$name tests/fuzz/corpus/$$name -max_total_time=$(FUZZ_SECONDS) \
	    -max_len=4096 -timeout=20 -rss_limit_mb=4096 -artifact_prefix=build/fuzz/crashes/$$name- \
	    -print_final_stats=1 > build/fuzz/$$name.log 2>&1; status=$$?; \
	  grep -E "^(Done|stat::number_of_executed_units|SUMMARY)|ERROR" build/fuzz/$$name.log; \
	  if [ $$status -ne 0 ]; then tail -40 build/fuzz/$$name.log; exit 1; fi; \
	done

# Regenerates the committed magic numbers from our seeded search.
magics: all
	$(EXE_PATH) magics > src/magic_numbers.h.new && mv src/magic_numbers.h.new src/magic_numbers.h

# The same for the flying-king tables of the checkers move generator.
checkers-magics: all
	$(EXE_PATH) checkers magics > src/checkers/magic_numbers.h.new && \
	  mv src/checkers/magic_numbers.h.new src/checkers/magic_numbers.h

# 1,000 fast games through fastchess (on PATH): self-play and Toga II.
# SOAK_THREADS gives our side more threads (above the core count: an
# oversubscribed search must still keep its clock), SOAK_CONCURRENCY the
# games at a time.
SOAK_GAMES ?= 500
SOAK_THREADS ?= 1
SOAK_CONCURRENCY ?= 2
BOOK ?= ../shared/data/books/8moves_v3.pgn
soak: all
	@$(call ensure_packages,toga2)
	THREADS=$(SOAK_THREADS) CONCURRENCY=$(SOAK_CONCURRENCY) \
	  scripts/soak.sh $(EXE_PATH) self $(SOAK_GAMES) 1+0.01 $(BOOK) build/soak/self
	THREADS=$(SOAK_THREADS) CONCURRENCY=$(SOAK_CONCURRENCY) OPPONENT_OPTS="option.OwnBook=false" \
	  scripts/soak.sh $(EXE_PATH) /usr/games/toga2 $(SOAK_GAMES) 1+0.01 $(BOOK) build/soak/toga

# The browser build (scripts/build-web.sh): the engine in WebAssembly (threads,
# one thread, one thread without SIMD), its UCI worker and the page, in
# WEB_SITE. serve-web serves it with the headers threads need (WEB_PORT);
# web-test drives it in headless Chromium (docs/web.md); web-smoke only asks
# each engine build for a legal bestmove (CI).
WEB_SITE ?= build/web/site
WEB_PORT ?= 8080
WEB_TEST_ARGS ?=
WEB_BUILDS ?= threads one-thread one-thread-scalar
web:
	@$(call ensure_packages,emscripten libfmt-dev libcxxopts-dev libfathom-dev dpkg-dev)
	@command -v npm > /dev/null || $(call ensure_packages,nodejs npm)
	JOBS=$(JOBS) WEB_BUILDS="$(WEB_BUILDS)" scripts/build-web.sh $(WEB_SITE)

serve-web: web
	node web/serve.mjs --root $(WEB_SITE) --port $(WEB_PORT)

web-test: web
	@$(call ensure_packages,chromium)
	node web/test/browser-test.mjs --site $(WEB_SITE) $(WEB_TEST_ARGS)

web-smoke:
	@$(MAKE) --no-print-directory web WEB_BUILDS="threads one-thread"
	@$(call ensure_packages,chromium)
	node web/test/browser-test.mjs --site $(WEB_SITE) --smoke

# Every tracked C++ source but the generated tables (magic_numbers.h), which
# keep their generator's layout; outside a git checkout, every one under src/
# and tests/.
FORMAT_FILES = $(filter-out %/magic_numbers.h,$(shell git ls-files '*.h' '*.cpp' 2>/dev/null || \
                 find src tests -name '*.h' -o -name '*.cpp'))
format:
	@$(call ensure_packages,clang-format)
	clang-format -i $(FORMAT_FILES)

# Fails on any file that `make format` would change, and shows how (CI).
format-check:
	@$(call ensure_packages,clang-format)
	@clang-format --dry-run --Werror $(FORMAT_FILES) && echo "format-check: $(words $(FORMAT_FILES)) files as clang-format lays them out"

clean:
	rm -rf build $(EXE)
