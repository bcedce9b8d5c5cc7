# Shiftmate build entry point.
#   make            release binary ./shiftmate (EXE=name, CXX=compiler, ARCH=native|x86-64|x86-64-bmi2)
#   make run        build, then start the engine (UCI on stdin/stdout)
#   make test       build and run every test (CTest)
#   make perft-full every position of every suite in perft/ to full depth
#   make perft-bench perft speed side by side with Stockfish
#   make magics     regenerate src/magic_numbers.h with our magic search
# Missing Debian packages are installed when run as root; otherwise the
# command to install them is printed.

EXE ?= shiftmate
CXX ?= g++
ARCH ?= native
JOBS ?= 2

PACKAGES := g++ cmake make libfmt-dev libcxxopts-dev libgtest-dev
BENCH_PACKAGES := stockfish bc

# PEXT is fast on Intel (Haswell on) and AMD Zen 3 on (family 0x19 and up);
# on older AMD it is microcoded and slower than magics.
ifeq ($(ARCH),native)
  PEXT := $(shell awk -F: '/^flags/ && / bmi2/ {b=1} /^vendor_id/ {v=$$2} /^cpu family/ {f=$$2+0} \
            END {print (b && (v ~ /Intel/ || f >= 25)) ? "on" : "off"}' /proc/cpuinfo 2>/dev/null || echo off)
else
  PEXT := auto
endif

BUILD_DIR := build/$(ARCH)-$(notdir $(firstword $(CXX)))
CMAKE_FLAGS := -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=$(CXX) \
               -DSHIFTMATE_ARCH=$(ARCH) -DSHIFTMATE_PEXT=$(PEXT)

.PHONY: all build run test deps perft-full perft-bench magics format clean

all: build
	@cp $(BUILD_DIR)/shiftmate $(EXE)
	@echo "built ./$(EXE) (ARCH=$(ARCH), PEXT=$(PEXT))"

build: deps
	@cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS) > /dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: all
	./$(EXE)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# Installs what is missing (as root) or says how; skipped where dpkg is absent.
deps:
	@$(call ensure_packages,$(PACKAGES))

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
	./$(EXE) perft --suite perft/standard.epd --quiet
	./$(EXE) perft --suite perft/tricky.epd --quiet
	./$(EXE) perft --suite perft/fischer.epd --quiet --threads $(JOBS)

perft-bench: all
	@$(call ensure_packages,$(BENCH_PACKAGES))
	@scripts/perft-bench.sh ./$(EXE) /usr/games/stockfish

# Regenerates the committed magic numbers from our seeded search.
magics: all
	./$(EXE) magics > src/magic_numbers.h.new && mv src/magic_numbers.h.new src/magic_numbers.h

format:
	clang-format -i src/*.h src/*.cpp tests/*.cpp

clean:
	rm -rf build $(EXE)
