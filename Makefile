# IndicatorKit: the two commands a newcomer needs are `make showcase` and `make test`.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)

.PHONY: setup showcase test install bench fuzz clean

PREFIX ?= /usr/local

setup:
	@bash Tools/setup

## Set up, build in release mode and run the showcase terminal app.
showcase: setup
	$(SWIFT) build -c release --product showcase
	@"$$($(SWIFT) build -c release --show-bin-path)/showcase"

## Set up, build, run every unit test and every headless scenario, then build and run
## the documentation's examples (Tools/doc-check).
test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	"$$($(SWIFT) build --show-bin-path)/showcase" headless Tests/Scenarios
	"$$($(SWIFT) build --show-bin-path)/doc-check" --swift "$(SWIFT)" .

## Build showcase in release mode and install it as $(DESTDIR)$(PREFIX)/bin/showcase
## (one file: its GIF is compiled in, so no resource folder goes with it).
install: setup
	$(SWIFT) build -c release --product showcase
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/showcase" "$(DESTDIR)$(PREFIX)/bin/showcase"

## Build the benchmarks in release mode and run them (see docs/BENCHMARKS.md).
bench: setup
	$(SWIFT) build -c release --product bench
	$(SWIFT) build -c release --product giflib-floor
	"$$($(SWIFT) build -c release --show-bin-path)/bench" all

## Fuzz GifDecoding for 10 minutes (Tools/fuzz/run SECONDS for another length).
fuzz: setup
	bash Tools/fuzz/run 600

clean:
	$(SWIFT) package clean
