# tableref: make demo, make test, make build. Every target first runs
# scripts/setup, which installs whatever is missing (and nothing else).

SHELL := /bin/bash
export PATH := $(PATH):/usr/local/go/bin
GO ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
BIN := bin/tableref

.PHONY: all setup build test vet fmt-check demo clean

all: build

setup:
	@scripts/setup

build: setup
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/tableref

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# The whole suite: vet, formatting, every test, the vision tests again
# with gocv's Mat profile (a leaked Mat fails them), and the rules engines
# again without cgo (they must never need it).
test: setup vet fmt-check
	$(GO) test ./...
	$(GO) test -tags matprofile ./vision/...
	CGO_ENABLED=0 $(GO) test ./rules/...

# Referee the bundled recorded game of Where is That? (Continental Shake Up).
demo: build
	$(BIN) replay cmd/tableref/testdata/demo-continental.jsonl

clean:
	rm -rf bin
