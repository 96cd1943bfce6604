# SponsorBridge: `make run` serves the demo, `make test` runs every test.
# PocketBase v0.40 needs Go 1.27; GOTOOLCHAIN=auto lets the go command fetch
# the toolchain named in go.mod through the module proxy.
export GOTOOLCHAIN := auto
# Every Go command here builds with CGO off, as the server binary ships: the tests, the types and
# the binary then share one build cache. With cgo on for the tests and -trimpath for the binary, a
# cold cache compiled every dependency twice (190 s of CPU for the tests beside the binary's 146 s).
export CGO_ENABLED := 0

BIN        := bin/sponsorbridge
DATA_DIR   ?= pb_data
HTTP       ?= 127.0.0.1:8090
# golangci-lint is built from the Go module proxy at this version (config: .golangci.yml)
GOLANGCI_LINT := go run github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0
GO_SOURCES := $(shell find pb pb_migrations -name '*.go' -not -name '*_test.go') go.mod go.sum
# What the web build reads (tests excluded): `make build` skips the web build when none changed.
WEB_SOURCES := $(shell find web/src web/public web/build -type f -not -name '*.test.ts' -not -name '*.test.tsx') \
               web/index.html web/package.json web/package-lock.json web/vite.config.ts $(wildcard web/tsconfig*.json)
WEB_BUILD  := pb_public/index.html
# The image's layout, built into a folder (no container builder on the build machine): make image-layout
IMAGE_DIR  ?= .tmp/image

.PHONY: run build server web deps web-deps browser promtool debian-deps go-deps test test-go test-alerts test-web test-e2e screenshots test-image image-layout bench bench-1m bench-first-screen bench-outside memprobe load lint lint-go lint-web lint-dead lint-refs types types-check clean

## run: build everything and serve the demo on http://127.0.0.1:8090
run: build
	DEMO_MODE=true ./$(BIN) serve --http $(HTTP) --dir $(DATA_DIR) --publicDir pb_public

## build: the server binary and the web app (into pb_public/)
build: server web

server: $(BIN)

# The version sponsorbridge --version, /api/health and the metrics report: git describe, else "dev"
# (the binary then falls back to the commit Go embeds). bin/.version changes only when the version
# does, so a new commit relinks the binary and an unchanged tree still builds nothing.
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo dev)
VERSION_STAMP := bin/.version
$(shell mkdir -p bin; [ "$$(cat $(VERSION_STAMP) 2>/dev/null)" = "$(VERSION)" ] || echo "$(VERSION)" > $(VERSION_STAMP))

# CGO off, as in the Dockerfile: one static binary, the same one the image ships; stripped (-s -w).
# The Dockerfile adds -trimpath (only the file paths in stack traces differ); here the binary shares
# the tests' build cache, which -trimpath would not (it changes every package's build).
$(BIN): $(GO_SOURCES) $(VERSION_STAMP)
	CGO_ENABLED=0 go build -ldflags "-s -w -X sponsorbridge/pb/internal/buildinfo.version=$(VERSION)" -o $(BIN) ./pb

web: $(WEB_BUILD)

$(WEB_BUILD): $(WEB_SOURCES) web/node_modules/.package-lock.json
	npm --prefix web run build
	@touch $@

## image-layout: the Dockerfile's final stage as a folder ($(IMAGE_DIR)/pb: binary, web app, entrypoint)
image-layout: build
	rm -rf $(IMAGE_DIR)
	mkdir -p $(IMAGE_DIR)/pb/pb_data
	cp $(BIN) $(IMAGE_DIR)/pb/sponsorbridge
	cp -R pb_public $(IMAGE_DIR)/pb/pb_public
	cp deploy/entrypoint.sh $(IMAGE_DIR)/pb/entrypoint.sh
	chmod -R go-w $(IMAGE_DIR)
	@du -sh $(IMAGE_DIR)/pb $(IMAGE_DIR)/pb/sponsorbridge $(IMAGE_DIR)/pb/pb_public

## test-image: start the image layout on a fresh data directory and smoke-test it (deploy/image-smoke.sh)
test-image: image-layout
	deploy/image-smoke.sh $(IMAGE_DIR)

## deps: everything the commands need (npm packages; Debian's chromium for browser tests; promtool)
deps: web-deps browser promtool

web-deps: web/node_modules/.package-lock.json

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	npm --prefix web ci --no-audit --no-fund

browser: debian-deps
promtool: debian-deps

# Debian's chromium (the browser tests) and prometheus, for promtool (the alert rule tests; nothing
# is started): one apt-get for whichever is missing, so `make -j` never runs two at once (dpkg's lock).
debian-deps:
	@missing=""; \
	command -v /usr/bin/chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v promtool >/dev/null 2>&1 || missing="$$missing prometheus"; \
	[ -z "$$missing" ] || { \
	  echo "Installing Debian's$$missing"; \
	  apt-get update -qq && \
	  { [ "$${missing#*chromium}" = "$$missing" ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } && \
	  { [ "$${missing#*prometheus}" = "$$missing" ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null; }; }

## test: every check and test (lint, Go, alert rules, front end, browser, the image's layout)
# First golangci-lint (on a fresh machine: the Go toolchain, the modules and golangci-lint's own
# build, minutes of CPU) while npm, apt and the module proxy download what the rest needs. Then the
# Go suite with the light checks beside it (each of them a core or less for seconds, filling what the
# suite leaves idle), and last, one after the other, the two that time themselves (vitest's and the
# journeys' timeouts). -Otarget keeps each part's output together.
test:
	@$(MAKE) --no-print-directory -j4 -Otarget lint-go deps go-deps
	@$(MAKE) --no-print-directory -j3 -Otarget test-go types-check lint-web lint-dead lint-refs test-alerts test-image
	@$(MAKE) --no-print-directory test-web test-e2e

# The modules the server and its tests import, downloaded (no compiling: the build cache fills later).
go-deps:
	go list -deps -test ./pb/... ./pb_migrations/... >/dev/null

## test-go: every Go test, like go test -count=1, with the test binaries kept in .tmp/gotest between
## runs so only changed ones are linked again (pb/cmd/testrun); `make test-go TESTFLAGS=-test.v`
test-go:
	go run ./pb/cmd/testrun ./pb/... ./pb_migrations/... -- $(TESTFLAGS)

## test-alerts: deploy/alerts.yml is valid and each alert fires in deploy/alerts_test.yml (promtool)
test-alerts: promtool
	promtool check rules deploy/alerts.yml
	promtool test rules deploy/alerts_test.yml

test-web: web-deps
	npm --prefix web run typecheck
	npm --prefix web test

## lint: golangci-lint (.golangci.yml: go vet, staticcheck, errcheck, gofmt, goimports, ...),
## the API types match the Go DTOs, ESLint (imports, feature boundaries, a11y) and Prettier,
## no unreachable Go code, no reference to a file or doc section that is not there
lint: lint-go types-check lint-web lint-dead lint-refs

lint-go:
	$(GOLANGCI_LINT) run ./pb/... ./pb_migrations/...

## lint-dead: no function the server or a command cannot reach (deadcode; the few that stay
## are in pb/cmd/deadcheck/allowed.txt with the reason)
## (whole-program analysis, 20-40 s: it runs again only when a non-test Go file or the allowlist changed)
lint-dead: .tmp/lint-dead.ok

.tmp/lint-dead.ok: $(GO_SOURCES) pb/cmd/deadcheck/allowed.txt
	go run ./pb/cmd/deadcheck
	@mkdir -p .tmp && touch $@

## lint-refs: every path, file name, doc section and markdown link named in comments and docs exists
lint-refs:
	go run ./pb/cmd/refcheck

# ESLint and Prettier keep caches in web/node_modules/.cache (keyed by file content and config): a
# warm run checks only changed files (ESLint 30 s of CPU cold, 2 s warm). A file that did not change
# is not re-checked when a module it imports is deleted: tsc (test-web, build) reports that import.
lint-web: web-deps
	npm --prefix web run lint
	npm --prefix web run format:check

test-e2e: build browser
	npm --prefix web run e2e

## screenshots: every screen on desktop and phone, both themes, into web/e2e/screenshots/ (the
## journeys of make test visit and check the same screens without writing the pictures; e2e/shots.ts)
screenshots: build browser
	E2E_SCREENSHOTS=1 npm --prefix web run e2e -- e2e/a11y.spec.ts e2e/screenshots.spec.ts \
	  e2e/account-recovery.spec.ts e2e/receipts.spec.ts e2e/subscription.spec.ts e2e/contrast.spec.ts

## types: write web/src/lib/api-types.gen.ts and limits.gen.ts from the Go response types and
## constants (pb/cmd/apitypes)
types:
	go run ./pb/cmd/apitypes

## types-check: fail when web/src/lib/api-types.gen.ts or limits.gen.ts differs from what the Go
## types and constants generate
types-check:
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	go run ./pb/cmd/apitypes -dir "$$tmp" && \
	for f in api-types.gen.ts limits.gen.ts; do \
	  diff -u web/src/lib/$$f "$$tmp/$$f" >&2 || { \
	    echo "web/src/lib/$$f is stale or edited by hand: run make types" >&2; exit 1; }; \
	done

## bench: seed 100,000 listings of each kind and measure the list routes under a varied
## concurrent load (docs/search.md); bench-1m does the same with 1,000,000 of each kind;
## BENCH_GZIP=0: the clients ask for no compression (as wrk does unless told)
bench:
	BENCH_SECONDS=$${BENCH_SECONDS:-5} go test -run '^$$' -bench . -benchtime 1x -timeout 60m ./pb/internal/listings/
	go test -run '^$$' -bench Percolate ./pb/search/

bench-1m:
	BENCH_LISTINGS=1000000 BENCH_SECONDS=$${BENCH_SECONDS:-5} go test -run '^$$' -bench . -benchtime 1x -timeout 90m ./pb/internal/listings/

## load: the whole app under a community's load against the real binary: LOAD_MEMBERS members
## (2000) signed in with realtime open, LOAD_ACTIVE (200) of them acting for LOAD_SECONDS (30),
## pausing LOAD_THINK seconds before each action (0.5-3, drawn each time; 0: flat out),
## LOAD_LISTINGS (20000) of each kind; per route class p50/p99, errors, CPU a request, realtime
## delivery, peak memory and the health ceiling (docs/measurements.md); then the idle tabs: TABS_PAIRS (4)
## pairs messaging for TABS_SECONDS (10) with no other tabs and with TABS_OPEN (2000) idle tabs open,
## memory a tab (settled: a minute after the runtime's next collection, at most TABS_SETTLE s, 250;
## the live heap from the server's GC trace), every tab reconnecting after a restart
## (TABS_RESTARTS=0 skips), then TABS_MANY (10000) idle tabs open at once; not part of make test
load: server
	LOAD_BIN=$(CURDIR)/$(BIN) go test -v -count=1 -run '^(TestLoad|TestTabs)$$' -timeout 60m ./pb/internal/load/

## bench-first-screen: first cards of /home on an emulated Fast-3G phone with a 4x slower CPU, and
## what the first screen transfers (docs/web/bundle-size.md); a benchmark, not part of make test
bench-first-screen: build browser
	cd web && BENCH_FIRST_SCREEN=1 npx playwright test e2e/first-screen-bench.spec.ts e2e/bundle-budget.spec.ts --reporter=list

## memprobe: peak memory of the server binary (GOMEMLIMIT as fly.toml) on make bench's
## 100,000-listing data under list, search, upload and thumbnail load, then lists while another
## process writes listings through SQL (docs/security.md,
## "Memory"; sizes fly.toml); MEMPROBE_LISTINGS=1000000 on make bench-1m's data
memprobe: server
	go run ./pb/cmd/memprobe -bin $(BIN) -listings $${MEMPROBE_LISTINGS:-100000} -seconds $${MEMPROBE_SECONDS:-20}

## bench-outside: issue 39's search goals measured from outside, as the issue does: the server
## binary on make bench's data (BENCH_LISTINGS=1000000: make bench-1m's) as deployed, wrk (Debian's
## package, installed if missing) with no compression asked: /api/health without and with a session
## (the ceiling), the mix and the hard mix, every list path drawn afresh, then plain pages (the list
## route's floor: ten paths whose cards are always cached); server CPU a request and
## p50/p99 (docs/measurements.md); BENCH_SECONDS a load (8), BENCH_ROUNDS (2); not part of make test
bench-outside: server
	@command -v wrk >/dev/null 2>&1 || { echo "Installing Debian's wrk"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
	@go run ./pb/cmd/memprobe -listings $${BENCH_LISTINGS:-100000} -seeded || \
	  BENCH_LISTINGS=$${BENCH_LISTINGS:-100000} BENCH_SECONDS=1 go test -run '^$$' -bench '^BenchmarkHealth$$' -benchtime 1x -timeout 60m ./pb/internal/listings/
	go run ./pb/cmd/memprobe -goals -bin $(BIN) -listings $${BENCH_LISTINGS:-100000} -seconds $${BENCH_SECONDS:-8} -rounds $${BENCH_ROUNDS:-2}

clean:
	rm -rf bin pb_public $(IMAGE_DIR)
