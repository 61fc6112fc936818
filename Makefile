# Hearth — the two commands a newcomer needs: `make serve` and `make test`.
# Both install what they need first (liblmdb-dev from Debian), so they work on a fresh machine.

SWIFT ?= swift
DATA ?= ./.hearth
# Release builds of this package link the Swift runtime and Foundation into the binary: a `hearth`
# process then loads 9 libraries instead of 24 and starts faster (specs/architecture.md, "The process").
# Every release target uses the same flags, so they share one set of build products (`swift run`
# does not take the flag: the targets build, then run the binary).
RELEASE := -c release --static-swift-stdlib
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: deps build test soak fuzz-build fuzz fuzz-merge serve serve-debug bench-client bench-transfer-memory demo demo-medspace demo-komunit demo-giftworld demo-worknow bench bench-quick clean demo-web

## deps: install the LMDB C library and headers if pkg-config cannot find them, and Debian's chromium
## (driven headless by Playwright in the console's browser tests) if it is missing
deps:
	@pkg-config --exists lmdb 2>/dev/null || { \
		echo "Installing liblmdb-dev…"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq liblmdb-dev pkg-config; }
	@command -v chromium >/dev/null 2>&1 || { \
		echo "Installing chromium (the console's browser tests)…"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium \
		|| echo "chromium could not be installed: the console's browser tests will be skipped"; }

## build: debug build of everything
build: deps
	$(SWIFT) build

## test: the whole test suite (what CI runs): the public-surface count, the library's Swift tests, the
## example apps' package (Examples/Package.swift, which depends on the library by path), then the official
## Python client against `hearth serve` (a venv with the pinned google-cloud-firestore under .build/pyenv)
test: deps
	Tests/public-surface.sh
	$(SWIFT) build --build-tests
	HEARTH_BIN="$$($(SWIFT) build --show-bin-path)/hearth" $(SWIFT) test --skip-build
	$(SWIFT) build --package-path Examples --build-tests
	$(SWIFT) test --package-path Examples --skip-build
	HEARTH_BIN="$$($(SWIFT) build --show-bin-path)/hearth" Tests/python/run.sh

## soak: the long reliability runs (specs/reliability.md; `make test` runs the short ones): 1,000
## SIGKILL cycles, 200 with kills inside map growth, the disk-full scenario (needs root for its tmpfs), 10 minutes of 64 clients
soak: deps
	$(SWIFT) build --build-tests
	B="$$($(SWIFT) build --show-bin-path)" && "$$B/hearth-soak" --cycles 1000 --clients 6 --epoch 20 --json soak.json \
		&& "$$B/hearth-soak" --cycles 200 --clients 6 --epoch 5 --seed 2500 --kill-at map-growth --json soak-growth.json \
		&& "$$B/hearth-soak" --disk-full && "$$B/hearth-soak" --load 600 --clients 64 --json soak-load.json

## fuzz-build: the libFuzzer build of `hearth-fuzz` (-c $(FUZZ_CONFIG), -sanitize=$(FUZZ_SANITIZE)) in its own build
## path, .build-fuzz — a full sanitized build of the dependencies, ~25 min (release) or ~40 min (debug) on 2 cores the
## first time; never part of `make test`. Release runs the targets 2-5x faster; FUZZ_CONFIG=debug keeps -Onone.
FUZZ_SANITIZE ?= fuzzer,address
FUZZ_CONFIG ?= release
FUZZ_BUILD_FLAGS = -c $(FUZZ_CONFIG) --build-path .build-fuzz -Xswiftc -sanitize=$(FUZZ_SANITIZE) -Xswiftc -parse-as-library -Xswiftc -DHEARTH_LIBFUZZER
fuzz-build: deps
	$(SWIFT) build $(FUZZ_BUILD_FLAGS) --product hearth-fuzz

## fuzz: runs each of $(FUZZ_TARGETS) for $(FUZZ_SECONDS) s (or $(FUZZ_RUNS) inputs) over the committed corpus
## Fuzz/corpus/<target> plus a working corpus in .build-fuzz/corpus/<target>; findings go to .build-fuzz/findings/
## (see specs/reliability.md). rest and grpc check for leaks after every input (Fuzz/lsan-wire.supp), which costs them
## most of their speed; FUZZ_WIRE_LEAK_CHECKS=0 runs them fast, with LeakSanitizer's report at exit only.
## E.g. `make fuzz FUZZ_TARGETS=rules FUZZ_SECONDS=600`.
FUZZ_TARGETS ?= rules indexes paths resume-token jwt rest grpc webchannel
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= -1
FUZZ_TIMEOUT ?= 30
FUZZ_OPTIONS ?= -rss_limit_mb=4096 -print_final_stats=1
FUZZ_WIRE_LEAK_CHECKS ?= 1
fuzz: fuzz-build
	@B="$$($(SWIFT) build $(FUZZ_BUILD_FLAGS) --show-bin-path)" && mkdir -p .build-fuzz/findings && \
	for t in $(FUZZ_TARGETS); do \
		mkdir -p .build-fuzz/corpus/$$t && echo "== fuzzing $$t" && \
		case $$t in rules) L=;; rest|grpc|webchannel) L=suppressions=Fuzz/lsan-wire.supp;; *) L=suppressions=Fuzz/lsan-long-lived-rules.supp;; esac && \
		case $$t in rest|grpc|webchannel) D=-detect_leaks=$(FUZZ_WIRE_LEAK_CHECKS);; *) D=;; esac && \
		LSAN_OPTIONS=$$L HEARTH_FUZZ_TARGET=$$t nice -n 10 "$$B/hearth-fuzz" -max_total_time=$(FUZZ_SECONDS) -runs=$(FUZZ_RUNS) \
			-timeout=$(FUZZ_TIMEOUT) -artifact_prefix=.build-fuzz/findings/$$t- $$D $(FUZZ_OPTIONS) \
			.build-fuzz/corpus/$$t Fuzz/corpus/$$t || exit 1; \
	done

## fuzz-merge: adds to the committed corpus only the inputs of the working corpus that reach new coverage
fuzz-merge: fuzz-build
	@B="$$($(SWIFT) build $(FUZZ_BUILD_FLAGS) --show-bin-path)" && for t in $(FUZZ_TARGETS); do \
		mkdir -p .build-fuzz/corpus/$$t .build-fuzz/findings && \
		LSAN_OPTIONS=suppressions=Fuzz/lsan-long-lived-rules.supp HEARTH_FUZZ_TARGET=$$t nice -n 10 "$$B/hearth-fuzz" -merge=1 -detect_leaks=0 -artifact_prefix=.build-fuzz/findings/$$t- -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=4096 \
			Fuzz/corpus/$$t .build-fuzz/corpus/$$t || exit 1; \
	done; du -sh Fuzz/corpus

## serve: run the emulator (a release build: 2-3x faster than debug through the clients; the first
## build takes ~10 minutes on 2 idle cores) on 127.0.0.1:8080 with its data in $(DATA) (Ctrl-C stops it cleanly);
## ARGS="..." adds serve options, e.g. ARGS="--enterprise '(default)'"
serve: deps
	$(SWIFT) build $(RELEASE) --product hearth
	"$$($(SWIFT) build -c release --show-bin-path)/hearth" serve --data $(DATA) $(ARGS)

## serve-debug: the same on a debug build (quicker to build after a change)
serve-debug: deps
	$(SWIFT) run hearth serve --data $(DATA) $(ARGS)

## demo: the RoomieFinder example's scripted session on $(DATA)-roomiefinder
demo: deps
	$(SWIFT) run --package-path Examples roomiefinder-demo --data $(DATA)-roomiefinder

## demo-worknow: the WorkNow example's scripted session on $(DATA)-worknow
demo-worknow: deps
	$(SWIFT) run --package-path Examples worknow-demo --data $(DATA)-worknow

## demo-giftworld: the Giftworld example's scripted session on $(DATA)-giftworld
demo-giftworld: deps
	$(SWIFT) run --package-path Examples giftworld-demo --data $(DATA)-giftworld

## demo-komunit: the Komunit example's scripted session on $(DATA)-komunit
demo-komunit: deps
	$(SWIFT) run --package-path Examples komunit-demo --data $(DATA)-komunit

## demo-medspace: the Medspace example's scripted session on $(DATA)-medspace
demo-medspace: deps
	$(SWIFT) run --package-path Examples medspace-demo --data $(DATA)-medspace

## bench: release-build benchmarks, JSON written to bench.json (the example apps' workloads to bench-apps.json)
bench: deps
	$(SWIFT) build $(RELEASE) --product hearth  # the wire rounds' `hearth serve` rows run it
	$(SWIFT) build $(RELEASE) --product hearth-bench
	"$$($(SWIFT) build -c release --show-bin-path)/hearth-bench" --json bench.json
	$(SWIFT) run -c release --package-path Examples hearth-bench-apps --json bench-apps.json

## bench-client: end-to-end figures through the official Python client against a release `hearth serve`
bench-client: deps
	$(SWIFT) build $(RELEASE) --product hearth
	HEARTH_BIN=unused Tests/python/run.sh --collect-only -q >/dev/null  # creates the client venv
	HEARTH_BIN="$$($(SWIFT) build -c release --show-bin-path)/hearth" .build/pyenv/venv/bin/python \
		Benchmarks/python/bench_client.py --documents $${DOCUMENTS:-100000} --mixed-seconds $${MIXED_SECONDS:-600} --rounds $${ROUNDS:-3} --json bench-client.json

## bench-transfer-memory: rate and memory of separate `hearth import` / `hearth export` processes (DOCUMENTS, default 1M)
bench-transfer-memory: deps
	$(SWIFT) build $(RELEASE) --product hearth
	python3 Benchmarks/python/transfer_memory.py "$$($(SWIFT) build -c release --show-bin-path)/hearth" --documents $${DOCUMENTS:-1000000}

## bench-quick: a smaller benchmark run
bench-quick: deps
	$(SWIFT) build $(RELEASE) --product hearth
	$(SWIFT) build $(RELEASE) --product hearth-bench
	"$$($(SWIFT) build -c release --show-bin-path)/hearth-bench" --quick --json bench-quick.json
	$(SWIFT) run -c release --package-path Examples hearth-bench-apps --quick --json bench-apps-quick.json

clean:
	rm -rf .build Examples/.build

## demo-web: RoomieFinder's screens as a web page (Examples/RoomieFinder/Web, the Firebase JS SDK 12.9.0 from Google's
## CDN) against a debug `hearth serve` with the app's rules and indexes on $(DATA)-roomiefinder-web, Firestore on
## port $(WEB_HEARTH_PORT), Auth on $(WEB_AUTH_PORT); the page is served on 127.0.0.1:$(WEB_PORT) (Ctrl-C stops both)
WEB_PORT ?= 8000
WEB_HEARTH_PORT ?= 8080
WEB_AUTH_PORT ?= 9099
demo-web: deps
	$(SWIFT) build --product hearth
	@B="$$($(SWIFT) build --show-bin-path)"; R=Examples/RoomieFinder; INDEXES=; \
	if [ -f $$R/firestore.indexes.json ]; then INDEXES="--indexes $$R/firestore.indexes.json --require-indexes"; fi; \
	"$$B/hearth" serve --data $(DATA)-roomiefinder-web --project demo-roomiefinder --rules $$R/firestore.rules $$INDEXES \
		--port $(WEB_HEARTH_PORT) --auth-port $(WEB_AUTH_PORT) & HEARTH=$$!; \
	trap 'kill $$HEARTH 2>/dev/null; wait $$HEARTH' EXIT INT TERM; \
	sleep 1; echo; echo "RoomieFinder web: open http://127.0.0.1:$(WEB_PORT)/?port=$(WEB_HEARTH_PORT)&authPort=$(WEB_AUTH_PORT)"; echo; \
	python3 -m http.server $(WEB_PORT) --bind 127.0.0.1 --directory $$R/Web
