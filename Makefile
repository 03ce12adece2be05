# IndicatorKit: the two commands a newcomer needs are `make showcase` and `make test`.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)

.PHONY: setup showcase test install bench fuzz pictures api api-check format lint docs clean

PREFIX ?= /usr/local

setup:
	@bash Tools/setup

## Set up, build in release mode and run the showcase terminal app.
showcase: setup
	$(SWIFT) build -c release --product showcase
	@"$$($(SWIFT) build -c release --show-bin-path)/showcase"

## Set up, check the house style (swift format lint --strict, .swift-format), build, check
## each library's public API against Tools/api, run every unit test
## and every headless scenario, check that the documentation's pictures are up to date,
## then build and run its examples (Tools/doc-check) and test the ports of other libraries'
## examples (Examples/).
test: setup
	$(MAKE) --no-print-directory lint
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory api-check
	$(SWIFT) test --skip-build
	"$$($(SWIFT) build --show-bin-path)/showcase" headless Tests/Scenarios
	bash Tools/pictures "$$($(SWIFT) build --show-bin-path)/showcase" --check
	"$$($(SWIFT) build --show-bin-path)/doc-check" --swift "$(SWIFT)" .
	# The port packages share one build folder: the kit is built for them once.
	cd Examples/FromRatatui && $(SWIFT) build --build-tests --scratch-path ../.build && $(SWIFT) test --skip-build --scratch-path ../.build
	cd Examples/FromLipgloss && $(SWIFT) build --build-tests --scratch-path ../.build && $(SWIFT) test --skip-build --scratch-path ../.build
	cd Examples/FromRich && $(SWIFT) build --build-tests --scratch-path ../.build && $(SWIFT) test --skip-build --scratch-path ../.build

## The public API of every library product (swift-api-digester on the built modules,
## flattened by Tools/api-check) against its record in Tools/api; `make api` records it
## again after a change that is meant (say so in CHANGELOG.md).
DIGESTER ?= $(dir $(realpath $(SWIFT)))swift-api-digester
API_CHECK = "$$($(SWIFT) build --show-bin-path)/api-check" --digester "$(DIGESTER)" \
	--modules "$$($(SWIFT) build --show-bin-path)/Modules" $(foreach d,$(wildcard Modules/*/module.modulemap),--include $(dir $(d))) \
	$$(for m in "$$($(SWIFT) build --show-bin-path)"/*.build/module.modulemap; do printf -- '--module-map %s ' "$$m"; done) \
	--baseline Tools/api --swift "$(SWIFT)"
api-check:
	@$(API_CHECK)
api: setup
	$(SWIFT) build
	$(API_CHECK) --update

## The documentation of every library product as a static site (.build/docs-site), with
## the toolchain's docc; fails on a warning and says how much of each API is documented.
docs: setup
	SWIFT="$(SWIFT)" bash Tools/docs

## The house style: `make lint` checks it (make test does), `make format` applies it.
SOURCES = Modules Apps Tests Tools Examples Package.swift
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SOURCES)
format:
	$(SWIFT) format format --in-place --recursive --parallel $(SOURCES)

## Make the documentation's pictures of the showcase again (docs/pictures, from the
## scenarios' snapshots); `make test` fails while they are out of date.
pictures: setup
	$(SWIFT) build --product showcase
	bash Tools/pictures "$$($(SWIFT) build --show-bin-path)/showcase"

## Build showcase in release mode and install it as $(DESTDIR)$(PREFIX)/bin/showcase
## (one file: its GIF is compiled in, so no resource folder goes with it).
install: setup
	$(SWIFT) build -c release --product showcase
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/showcase" "$(DESTDIR)$(PREFIX)/bin/showcase"

## Build the benchmarks in release mode and run them (see docs/BENCHMARKS.md).
bench: setup
	$(SWIFT) build -c release --product bench
	$(SWIFT) build -c release --product frames-app
	$(SWIFT) build -c release --product giflib-floor
	$(SWIFT) build -c release --product showcase
	"$$($(SWIFT) build -c release --show-bin-path)/bench" all

## Fuzz GifDecoding, PNG, JPEG, the terminal input parser, progress templates, the filter and the layout solver for 10 minutes each (Tools/fuzz/run SECONDS [gif png jpeg terminal template filter layout] for others).
fuzz: setup
	bash Tools/fuzz/run 600

clean:
	$(SWIFT) package clean
