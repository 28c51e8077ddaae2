#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and then ThreadSanitizer, each build in its own
# scratch path (.build-asan, .build-tsan), so neither touches the normal build. CI runs the normal
# suite only; run this before a release or after changing unsafe-pointer or threaded code.
#
#   Scripts/sanitize.sh                      # address, then thread
#   Scripts/sanitize.sh thread               # one sanitizer
#   Scripts/sanitize.sh address -- --filter PaginateCLITests.BadInput   # extra `swift test` arguments
#
# The test binaries and the `paginate` executable the end-to-end tests run are all instrumented.
# A sanitizer report anywhere (the test process or a child) fails the run: the end-to-end tests
# see it on the child's stderr, and this script searches the log for reports from the test process.
# Logs: .build-asan/sanitize.log, .build-tsan/sanitize.log.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sanitizers=()
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        address|thread) sanitizers+=("$1") ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "sanitize.sh: unknown argument '$1' (address, thread, or -- then swift test arguments)" >&2; exit 64 ;;
    esac
    shift
done
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)

# Leak checking would report the Swift runtime's process-lifetime caches; the backtracer competes
# with the sanitizers' own reports. A sanitizer's exit code must not look like one of the tool's
# documented ones (66 is TSan's default), so both use 86. Instrumented runs are slower: the
# end-to-end tests multiply their time bounds.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:exitcode=86:strict_string_checks=1:detect_stack_use_after_return=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-exitcode=86:second_deadlock_stack=1}"
export SWIFT_BACKTRACE=enable=no
export PAGINATE_TEST_TIME_SCALE="${PAGINATE_TEST_TIME_SCALE:-8}"
# The end-to-end tests must run the instrumented `paginate` beside the test bundle, not a binary
# named by PAGINATE_BINARY (as `make check` and `make test` do with the release build).
unset PAGINATE_BINARY

cd "$root"
status=0
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
        address) scratch="$root/.build-asan" ;;
        thread) scratch="$root/.build-tsan" ;;
    esac
    mkdir -p "$scratch"
    log="$scratch/sanitize.log"
    echo "== $sanitizer: building into ${scratch#$root/}"
    swift build --build-tests --scratch-path "$scratch" -Xswiftc "-sanitize=$sanitizer" > "$scratch/build.log" 2>&1 \
        || { tail -30 "$scratch/build.log" >&2; echo "sanitize.sh: the $sanitizer build failed" >&2; exit 1; }
    echo "== $sanitizer: swift test (log: ${log#$root/})"
    set +e
    swift test --skip-build --disable-swift-testing --scratch-path "$scratch" -Xswiftc "-sanitize=$sanitizer" \
        "${extra[@]}" > "$log" 2>&1
    code=$?
    set -e
    reports="$(grep -cE '^(==[0-9]+==ERROR: AddressSanitizer|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread)Sanitizer)' "$log" || true)"
    summary="$(grep -E "^[[:space:]]*Executed [0-9]+ tests" "$log" | tail -1 | sed 's/^[[:space:]]*//')"
    echo "   $sanitizer: swift test exit $code; ${summary:-no XCTest summary}; sanitizer reports: $reports"
    if [ "$code" -ne 0 ] || [ "$reports" -ne 0 ]; then
        status=1
        grep -nE 'error: |ERROR: AddressSanitizer|WARNING: ThreadSanitizer' "$log" | head -20 | sed 's/^/   /'
    fi
done
exit $status
