# The README's commands. Each installs what a fresh Debian machine lacks first.
SAMPLE := Examples/pride-and-prejudice-1-3.txt

.PHONY: demo test build install-dependencies clean

install-dependencies:
	@bash Scripts/install-dependencies.sh

build: install-dependencies
	swift build -c release

## Builds the tool and paginates the bundled sample into out/sample.pdf.
demo: build
	@mkdir -p out
	.build/release/paginate $(SAMPLE) --page 400x600 -o out/sample.pdf

## Builds and runs every test (unit, conformance, golden files, end to end).
test: install-dependencies
	swift build
	swift test --disable-swift-testing

clean:
	rm -rf .build out
