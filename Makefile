# tableref: make demo, make test, make build. Every target first runs
# scripts/setup, which installs whatever is missing (and nothing else).

SHELL := /bin/bash
export PATH := $(PATH):/usr/local/go/bin
GO ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
# Link with lld, dropping unused code and every shared library nothing
# left calls: gocv compiles wrappers for every OpenCV module, so GNU ld
# (which decides --as-needed before it collects garbage) made each
# tableref process load 264 libraries, GTK and FFmpeg included, for
# 130-150 ms before it did anything (docs/vision.md, "Start-up").
# -extldflags, not CGO_LDFLAGS: cgo also links a probe object with
# CGO_LDFLAGS to learn a package's C imports, and garbage collection
# there leaves pure-Go binaries (linked internally) without libc.
LINK_FLAGS := -fuse-ld=lld -Wl,--gc-sections -Wl,--as-needed
GO_LDFLAGS := -extldflags "$(LINK_FLAGS)"
LDFLAGS := -X main.version=$(VERSION) $(GO_LDFLAGS)
BIN := bin/tableref
PI_OUT := out/pi

.PHONY: all setup setup-pi build test fuzz vet fmt-check demo replay-demo measure pi deb pi-check pi-boot-check deb-upgrade-check soak clean

all: build

setup:
	@scripts/setup

setup-pi:
	@scripts/setup --pi

build: setup
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/tableref

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# A package's tests may take longer than go test's 10 minutes on a slow or
# busy machine (the command tests run the binary's every documented
# example): that is not a failure.
TEST_TIMEOUT ?= 30m

# The whole suite: vet, formatting, every test, the vision tests again
# with gocv's Mat profile (a leaked Mat fails them), and the rules engines
# again without cgo (they must never need it).
test: setup vet fmt-check
	$(GO) test -timeout $(TEST_TIMEOUT) -ldflags '$(GO_LDFLAGS)' ./...
	$(GO) test -timeout $(TEST_TIMEOUT) -ldflags '$(GO_LDFLAGS)' -tags matprofile ./vision/... ./scanner/...
	CGO_ENABLED=0 $(GO) test ./rules/...
	FUZZ_PARALLEL=1 scripts/fuzz $(FUZZTIME_SHORT)

# Every parser fuzzed (the list: scripts/fuzz-targets; docs/fuzz.md says how
# to add one): make test runs each for FUZZTIME_SHORT, make fuzz for
# FUZZTIME (make fuzz FUZZTIME=10m for a night).
# make test counts executions, not seconds: a duration races Go 1.26's
# fuzzing coordinator at its deadline (a spurious "context deadline
# exceeded" with no failing input, golang/go#75804, fixed in Go 1.27).
FUZZTIME_SHORT ?= 1000x
FUZZTIME ?= 2m
fuzz: setup
	scripts/fuzz $(FUZZTIME)

# The live pipeline on a bundled recording: a generated camera sequence of
# a Where is That? game (hands moving in and out), read by the scanner,
# refereed, shown on the console display and on the status page at
# http://127.0.0.1:8080/ ; it prints the final standings, which stay on
# the page until Ctrl-C. make demo DEMO_ARGS=--speech also says the
# verdicts aloud (espeak-ng on the default ALSA device).
DEMO_ARGS ?=
demo: build
	$(BIN) demo --at-end wait $(DEMO_ARGS)

# The camera-free path: referee the recorded game's snapshots directly.
replay-demo: build
	$(BIN) demo

# Measurements for the closing note (not checks): verdict latency at
# 1080p, three runs; the same pinned to one core (taskset -c 0, the
# Raspberry Pi stand-in) and a whole game at 12 MP on one core; the whole
# game at 12 MP and at 2304x1296 on one core under a CPU quota standing for
# a Raspberry Pi 5 (33 %) and a Pi 4 (18 %) (scripts/cpuquota: a cgroup's
# cpu.max or cpu.cfs_quota_us; it needs root and refuses rather than run
# unthrottled, and every line the test prints says the quota it had; a run
# whose game the scanner could not follow fails, and the others still run).
# Each Pi run twice: frames decoded outside the quota, as a Pi's camera
# delivers them from its image processor (TABLEREF_MEASURE_ISP=1, the
# figure that stands for a Pi), then with the recording's JPEG decoding
# charged to the quota too (a camera that sends MJPEG).
# Peak memory on a 12 MP recording comes before those.
DAEMON = cd cmd/tableref/internal/daemon &&
PI_QUOTAS ?= 33 18
LATENCY = taskset -c 0 $(CURDIR)/bin/daemon.test -test.run TestVerdictLatency -test.v
# (pipefail: a failed run fails make measure, whatever grep keeps of it.)
measure: build
	set -o pipefail; TABLEREF_MEASURE=1 $(GO) test -ldflags '$(GO_LDFLAGS)' -count 3 -run TestVerdictLatency -v ./cmd/tableref/internal/daemon/ | grep -E 'latency_test|ok|FAIL'
	$(GO) test -ldflags '$(GO_LDFLAGS)' -c -o bin/daemon.test ./cmd/tableref/internal/daemon/
	set -o pipefail; $(DAEMON) TABLEREF_MEASURE=1 $(LATENCY) -test.count 3 | grep -E 'latency_test|PASS|FAIL'
	set -o pipefail; $(DAEMON) TABLEREF_MEASURE=12MP TABLEREF_MEASURE_SNAPSHOTS=0 $(LATENCY) | grep -E 'latency_test|PASS|FAIL'
	scripts/soak -memory $(BIN)
	st=0; for q in $(PI_QUOTAS); do for m in 12MP 2304x1296; do for isp in 1 ""; do \
	  ( $(DAEMON) set -o pipefail; TABLEREF_MEASURE_ISP=$$isp TABLEREF_MEASURE=$$m TABLEREF_MEASURE_SNAPSHOTS=0 $(CURDIR)/scripts/cpuquota $$q -- $(CURDIR)/bin/daemon.test -test.run TestVerdictLatency -test.v 2>&1 | grep -E 'latency_test|cpuquota|stopped|PASS|FAIL' ) || st=1; \
	done; done; done; exit $$st

# Raspberry Pi: an arm64 binary (cgo with the arm64 OpenCV unpacked into
# a sysroot, never installed), its .deb, and checks of both under qemu.
pi: setup-pi
	scripts/build-pi build $(PI_OUT)

deb: pi
	scripts/build-deb $(PI_OUT)/tableref-arm64 arm64 $(PI_OUT)

pi-check: deb
	scripts/build-pi check $(PI_OUT)

# The .deb on a booted Debian bookworm arm64 system (systemd as PID 1 under
# systemd-nspawn, its arm64 programs run by qemu-user-static through
# binfmt_misc, avahi-daemon): installed as the docs say, then READY, the
# watchdog, the demo game from a folder camera, kill -9, the page with and
# without the PIN and tableref.local from a second network namespace, an
# avahi restart, an upgrade over an edited config, remove and purge
# (scripts/pi-boot-check; docs/raspberry-pi.md, "How the package is
# checked"). The system is made once and cached under
# ~/.cache/tableref/pi-boot. Exit 77 from the script: this machine cannot
# run arm64 programs (no binfmt_misc): a failure, unless PI_BOOT_OPTIONAL
# is set (.ci/run sets it, and the run's log says NOT RUN).
pi-boot-check: deb
	@scripts/setup --pi-boot
	@st=0; scripts/pi-boot-check $(PI_OUT) || st=$$?; \
	if [ $$st = 77 ] && [ -n "$(PI_BOOT_OPTIONAL)" ]; then \
	  echo "pi-boot-check: NOT RUN: this machine cannot run arm64 programs (PI_BOOT_OPTIONAL is set, so this is not a failure)"; st=0; fi; \
	exit $$st

# Upgrades keep the user's /etc/tableref/config.yaml and never prompt
# (issue 33 D2): packages of this machine's architecture with a stub
# binary, installed, edited, upgraded and purged with real dpkg in a
# throwaway overlay of this system (root; a few minutes). pi-check runs it.
deb-upgrade-check: setup
	scripts/deb-upgrade-check

# 20 minutes on a looping recording, watching memory, goroutines and open
# files (not part of make test): scripts/soak -h for the options.
soak: build
	scripts/soak $(BIN)

clean:
	rm -rf bin out/pi
