# kifu: the two commands of the quick start, and the rest of the workflow.
#   make demo    install what is missing, build (release), run kifu on examples/
#   make test    install what is missing, build (dev: ASan+UBSan, -Werror), run every test,
#                then fuzz the parsers for FUZZ_SECONDS in all (split across the targets) under ASan+UBSan
#   make bench   benchmarks and their comparison (bench/compare), kifu serve under load (bench/serve-load)
#   make fuzz    the fuzzers alone, for FUZZ_SECONDS in all
#   make test-long  the chess and shogi perft suites to full depth (optimised build; a long run)
#   make install PREFIX=/usr/local
#   make clean

FUZZ_SECONDS ?= 115
# CI builds from a clean clone: there the libraries, the tool and the Python module compile as
# a few large files each (CMake's unity build, 2-3x less compile time); at a desk file by
# file, which rebuilds faster after an edit. UNITY=ON or OFF chooses.
UNITY ?= $(if $(CI),ON,OFF)
export KIFU_UNITY_BUILD := $(UNITY)
PREFIX ?= /usr/local

.PHONY: all deps demo test unit bench fuzz install clean release dev test-long

all: release

deps:
	@scripts/install-deps build

release: deps
	cmake --preset release
	cmake --build --preset release

dev:
	@scripts/install-deps test
	cmake --preset dev -DCMAKE_UNITY_BUILD=$(UNITY)
	cmake --build --preset dev

demo: release
	@scripts/demo build/release/tools/kifu/kifu
	@echo; echo "The kifu binary is build/release/tools/kifu/kifu (make install puts it in $(PREFIX)/bin); the Python module is in build/release/python (PYTHONPATH=build/release/python python3 -c 'import kifu')."

unit: dev
	ctest --preset dev

test: unit
	scripts/fuzz $(FUZZ_SECONDS)

test-long: deps
	cmake --preset long
	cmake --build --preset long
	KIFU_LONG_TESTS=1 build/long/tests/kifu_tests --gtest_filter='PerftLong.*:ShogiPerftLong.*:XiangqiPerftLong.*'

bench:
	@scripts/install-deps bench
	cmake --preset release -DKIFU_BUILD_BENCH=ON
	cmake --build --preset release
	bench/compare build/release/bench/kifu_bench
	bench/compare-openings --kifu build/release/tools/kifu/kifu
	bench/compare-dedupe --kifu build/release/tools/kifu/kifu
	bench/compare-analyse --kifu build/release/tools/kifu/kifu
	bench/index-bench build/release/tools/kifu/kifu build/release/bench/kifu_bench
	bench/python-bench build/release/tools/kifu/kifu build/release/python
	bench/serve-load build/release/tools/kifu/kifu 20000 32

fuzz:
	@scripts/install-deps fuzz
	scripts/fuzz $(FUZZ_SECONDS)

install: release
	cmake --install build/release --prefix $(PREFIX)

clean:
	rm -rf build
