#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (with -sanitize=fuzzer,address) and runs them, one at a
# time, for a given time or number of runs. Corpora and findings live in .fuzz-corpus/ (git-ignored).
#
#   Scripts/fuzz.sh                          # both targets, 10 minutes each
#   Scripts/fuzz.sh --target layout --runs 5000000
#   Scripts/fuzz.sh --target pdf --time 3600
#   Scripts/fuzz.sh --regress                # replay every saved finding and the corpora once
#   Scripts/fuzz.sh --time 60 -- -jobs=1 -max_len=2048   # extra libFuzzer flags after --
#   Scripts/fuzz.sh --no-asan --runs 5000000  # libFuzzer alone: about 4x the executions a second
#
# Targets: layout (FuzzLayout: the engine and its invariants) and pdf (FuzzPDF: layout, PDF, text
# spreads and JSON on small inputs). A target's findings are written to .fuzz-corpus/findings/;
# each one should become a regression test (Tests/PaginateCLITests/BadInputFuzzRegressionTests.swift)
# and, once triaged, move to .fuzz-corpus/known/<target>/, which --regress replays too, as it does
# the fixed findings committed in Fuzz/Findings/<target>/ (also replayed by the test suite).
# PAGINATE_FUZZ_TOLERATE (see Fuzz/Sources/FuzzSupport/Invariants.swift) skips known findings.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch="${FUZZ_SCRATCH_PATH:-$root/.build-fuzz}"
corpus_root="$root/.fuzz-corpus"
targets=(layout pdf)
time_limit=""
runs=""
build_only=no
sanitizers=fuzzer,address
regress=no
extra=()

usage() { sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --target) shift; [ "${1:-}" = all ] && targets=(layout pdf) || targets=("${1:?--target needs layout, pdf or all}") ;;
        --time) shift; time_limit="${1:?--time needs seconds}" ;;
        --runs) shift; runs="${1:?--runs needs a count}" ;;
        --build-only) build_only=yes ;;
        --regress) regress=yes ;;
        --no-asan) sanitizers=fuzzer; scratch="${FUZZ_SCRATCH_PATH:-$root/.build-fuzz-fast}" ;;
        -h|--help) usage; exit 0 ;;
        --) shift; extra=("$@"); break ;;
        *) echo "fuzz.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
    shift
done
if [ -z "$time_limit" ] && [ -z "$runs" ]; then time_limit=600; fi

binary_name() {
    case "$1" in
        layout) echo FuzzLayout ;;
        pdf) echo FuzzPDF ;;
        *) echo "fuzz.sh: unknown target '$1' (layout or pdf)" >&2; exit 64 ;;
    esac
}
# Small inputs keep executions fast; layout bugs rarely need more than a few lines of text
# (override with -- -max_len=N).
max_len() { echo 512; }

echo "== building the fuzz targets (release, -sanitize=$sanitizers) into $scratch"
build_log="$(mktemp)"
for attempt in 1 2 3 4; do
    if (cd "$root/Fuzz" && swift build -c release --scratch-path "$scratch" \
            -Xswiftc -sanitize="$sanitizers" -Xswiftc -parse-as-library > "$build_log" 2>&1); then
        break
    fi
    # A source file saved while the build read it: build again.
    if [ "$attempt" -lt 4 ] && grep -q 'was modified during the build' "$build_log"; then sleep 30; continue; fi
    grep -vE '^\[[0-9]+/[0-9]+\]' "$build_log" >&2
    rm -f "$build_log"
    echo "fuzz.sh: the build failed" >&2
    exit 1
done
rm -f "$build_log"
bin="$(cd "$root/Fuzz" && swift build -c release --scratch-path "$scratch" --show-bin-path)"
for target in "${targets[@]}"; do
    [ -x "$bin/$(binary_name "$target")" ] || { echo "fuzz.sh: build failed: no $bin/$(binary_name "$target")" >&2; exit 1; }
done
[ "$build_only" = yes ] && exit 0

# The Swift runtime's own crash backtracer competes with AddressSanitizer's; libFuzzer reports instead.
export SWIFT_BACKTRACE=enable=no
export PAGINATE_FONTS="${PAGINATE_FONTS:-$root/Fonts}"
# No allocation stacks (a third of the time goes to recording them); rerun a finding with
# ASAN_OPTIONS=malloc_context_size=30 for full reports. Swift's runtime caches look like leaks.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:malloc_context_size=0}"

# Seeds: a 20-byte settings header (see Fuzz/Sources/FuzzSupport/FuzzCase.swift) and small texts.
# A seed missing from the corpus is added, so a corpus made before a seed existed gets it too.
seed() {
    local dir="$1"
    mkdir -p "$dir"
    # Ragged right; justified and hyphenated with a 12 pt indent; columns; a book's rules
    # (justified, optimal breaks, hyphenation, chapter breaks, 3 widows and orphans, 18 pt
    # indent, 4 pt between paragraphs).
    local header='\x60\x80\x10\x01\x14\x07\x02\x07\x40\x40\x60\x40\x00\x10\x05\x01\x00\x00\x00\x00'
    local header_justified='\x60\x80\x10\x01\x14\x07\x02\x07\x40\x40\x60\x40\x00\x10\x05\x01\x11\x00\x0c\x00'
    local header_columns='\x90\xa0\x04\x0a\x10\x07\x06\x07\x20\x20\x80\x30\x00\x40\x05\x01\x00\x00\x00\x00'
    local header_book='\x60\x80\x10\x01\x14\x07\x02\x07\x40\x40\x60\x40\x00\x10\x05\x01\x39\x05\x12\x05'
    put() { [ -e "$dir/$1" ] || printf "$2%s" "$3" > "$dir/$1"; }
    local prose="It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife."
    put seed-prose "$header" "$prose"
    put seed-prose-justified "$header_justified" "$prose"
    put seed-lines "$header" $'Chapter 1\n\n   Title line\nhard wrapped line that\ngoes on here and\nthen ends.\n\n\fNext page\ttab\tstops'
    put seed-cjk "$header_columns" '如是我聞。一時佛在舍衛國祇樹給孤獨園，與大比丘眾千二百五十人俱。'
    put seed-unicode "$header" $'e\xcc\x81 \xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9 \xe2\x98\xba\xef\xb8\x8f \xef\xbb\xbf\xc3\xa9\r\n\xc0\xaf\xed\xa0\x80\xf0\x9f'
    put seed-soft-hyphens "$header_justified" $'in\xc2\xadcom\xc2\xadpre\xc2\xadhen\xc2\xadsi\xc2\xadble extraordinarily un\xc2\xadbe\xc2\xadliev\xc2\xadable'
    put seed-url "$header_columns" 'https://example.com/a/very/long/path?with=query&and=more#fragment_without_spaces_xxxxxxxxxxxxxxxxxxxxxxxx'
    put seed-chapters "$header_book" $'CHAPTER I.\n\nIt is a truth universally acknowledged.\n\nHowever little known the feelings or views of such a man may be.\n\nCHAPTER II.\n\nMr. Bennet was among the earliest of those who waited on Mr. Bingley.'
    if [ -f "$root/Examples/pride-and-prejudice-1-3.txt" ] && [ ! -e "$dir/seed-book" ]; then
        { printf "$header"; head -c 2000 "$root/Examples/pride-and-prejudice-1-3.txt"; } > "$dir/seed-book"
    fi
    if [ -f "$root/Examples/pride-and-prejudice-1-3.txt" ] && [ ! -e "$dir/seed-book-rules" ]; then
        { printf "$header_book"; head -c 2000 "$root/Examples/pride-and-prejudice-1-3.txt"; } > "$dir/seed-book-rules"
    fi
}

summaries=()
status=0
for target in "${targets[@]}"; do
    name="$(binary_name "$target")"
    corpus="$corpus_root/$target"
    findings="$corpus_root/findings/$target"
    mkdir -p "$findings"
    seed "$corpus"
    log="$corpus_root/logs/$target-$(date +%Y%m%d-%H%M%S).log"
    mkdir -p "$corpus_root/logs"
    if [ "$regress" = yes ]; then
        echo "== $name: replaying saved findings and the corpus"
        replay="$corpus_root/regress-$target-corpus.log"
        if "$bin/$name" -runs=0 -detect_leaks=0 -artifact_prefix="$corpus_root/regress-" "$corpus" > "$replay" 2>&1; then
            echo "   corpus: $(grep -m1 -oE 'Done [0-9]+ runs' "$replay" || echo 'replayed')"
        else
            status=1
            grep -m1 -E 'invariant violated|ERROR: AddressSanitizer|Fatal error|ERROR: libFuzzer' "$replay" | sed 's/^/   corpus: /'
        fi
        saved=()
        known="$corpus_root/known/$target"
        committed="$root/Fuzz/Findings/$target"
        [ -n "$(ls -A "$findings" 2>/dev/null)" ] && saved+=("$findings"/*)
        [ -n "$(ls -A "$known" 2>/dev/null)" ] && saved+=("$known"/*)
        [ -n "$(ls -A "$committed" 2>/dev/null)" ] && saved+=("$committed"/*)
        if [ ${#saved[@]} -gt 0 ]; then
            # Individual files: libFuzzer runs each once and stops at the first that fails.
            "$bin/$name" -detect_leaks=0 -artifact_prefix="$corpus_root/regress-" "${saved[@]}" > "$corpus_root/regress-$target.log" 2>&1 || {
                status=1
                grep -m1 -E 'invariant violated|ERROR: AddressSanitizer|Fatal error' "$corpus_root/regress-$target.log" | sed 's/^/   /'
            }
            echo "   $(grep -c '^Executed' "$corpus_root/regress-$target.log") saved findings replayed"
        fi
        continue
    fi
    limits=()
    [ -n "$time_limit" ] && limits+=("-max_total_time=$time_limit")
    [ -n "$runs" ] && limits+=("-runs=$runs")
    echo "== $name: ${limits[*]} (log: ${log#$root/})"
    set +e
    "$bin/$name" "$corpus" -max_len="$(max_len "$target")" -timeout=30 -rss_limit_mb=4096 \
        -dict="$root/Fuzz/paginate.dict" -artifact_prefix="$findings/" -print_final_stats=1 -detect_leaks=0 \
        "${limits[@]}" "${extra[@]}" > "$log" 2>&1
    code=$?
    set -e
    executed="$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || echo '?')"
    speed="$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | tail -1 | grep -oE '[0-9]+$' || echo '?')"
    if [ "$executed" = '?' ]; then
        # A process killed by the C library (heap corruption detected by malloc) prints no final
        # statistics, and may not save its input either: count up to its last status line.
        last="$(grep -E '^#[0-9]+' "$log" | tail -1 || true)"
        if [ -n "$last" ]; then
            executed="$(echo "$last" | grep -oE '^#[0-9]+' | tr -d '#' || echo '?')"
            speed="$(echo "$last" | grep -oE 'exec/s: [0-9]+' | grep -oE '[0-9]+' || echo '?')"
        fi
    fi
    files="$(find "$corpus" -type f | wc -l)"
    bytes="$(du -sb "$corpus" | cut -f1)"
    found="$(find "$findings" -type f | wc -l)"
    line="$name: exit $code, $executed runs, $speed exec/s, corpus $files files ($bytes bytes), findings $found"
    echo "   $line"
    summaries+=("$line")
    # One row per run, for totals over many runs: date, target, exit, runs, exec/s, corpus files, findings.
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$code" "$executed" "$speed" "$files" "$found" \
        >> "$corpus_root/runs.tsv"
    if [ "$code" -eq 72 ]; then
        echo "   interrupted"
    elif [ "$code" -ne 0 ]; then
        status=1
        grep -m1 -E 'invariant violated|ERROR: AddressSanitizer|ERROR: libFuzzer|Fatal error|corrupted|free\(\)|malloc\(\)' "$log" | sed 's/^/   /' || true
        echo "   input saved in ${findings#$root/}/ (replay: $bin/$name <file>)"
    fi
done

if [ "$regress" = no ]; then
    echo "== summary"
    printf '   %s\n' "${summaries[@]}"
fi
exit $status
