#!/usr/bin/env bash
# The performance benchmark: one command, every figure as a ratio against a reference measured in
# the same run.
#
#   Benchmarks/run.sh
#
# Builds paginate in release as `make install` does (static Swift runtime; scratch path .build-bench), makes Pride and Prejudice x1, x8 (~5.9 MB)
# and x128 (~94 MB) in a temporary folder, times each figure and its reference (median of several
# runs; slow rows get fewer), and prints the raw numbers, the exact commands and a Markdown table.
# About 5-10 minutes on 2 cores. Installs what is missing: `time` (apt), Typst (pip install typst).
#
# Environment:
#   PAGINATE_BENCH_CORPUS  the book (default: <repo>/Corpus/pride-and-prejudice.txt)
#   PAGINATE_BENCH_REPS    most runs per figure (default 5); a row whose first run is slow gets
#                          fewer, so that it takes about PAGINATE_BENCH_BUDGET seconds (default 45)
#   PAGINATE_BENCH_BINARY  time this paginate binary instead of building one
#   PAGINATE_BENCH_KEEP=1  keep the temporary folder (its path is printed)
#   TMPDIR                 where the temporary folder goes (x128 and its PDF take ~0.5 GB)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
corpus="${PAGINATE_BENCH_CORPUS:-$repo/Corpus/pride-and-prejudice.txt}"
max_reps="${PAGINATE_BENCH_REPS:-5}"
budget="${PAGINATE_BENCH_BUDGET:-45}"
invocation="$(printf '%q ' "$0" "$@")"

log() { printf '%s\n' "$*" >&2; }
die() { log "run.sh: error: $*"; exit 1; }

[ -r "$corpus" ] || die "no corpus at $corpus (set PAGINATE_BENCH_CORPUS)"
corpus="$(cd "$(dirname "$corpus")" && pwd)/$(basename "$corpus")"

# ---------------------------------------------------------------------------------------------
# What the benchmark needs
# ---------------------------------------------------------------------------------------------
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
apt_updated=0
apt_install() {
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    log "installing: ${missing[*]}"
    if [ $apt_updated -eq 0 ]; then
        DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get update -qq
        apt_updated=1
    fi
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

bash "$repo/Scripts/install-dependencies.sh"    # the build's packages (libhpdf-dev for the C driver too)
[ -x /usr/bin/time ] || apt_install time
command -v cc >/dev/null || apt_install gcc libc6-dev
command -v python3 >/dev/null || apt_install python3 python3-pip

typst_ok=1
if ! python3 -c 'import typst' 2>/dev/null; then
    log "installing: typst (pip)"
    python3 -m pip install --quiet typst 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages typst \
        || typst_ok=0
    python3 -c 'import typst' 2>/dev/null || typst_ok=0
fi

if [ -n "${PAGINATE_BENCH_BINARY:-}" ]; then
    paginate="$PAGINATE_BENCH_BINARY"
else
    # Built as `make install` builds it: the Swift runtime linked statically, which saves the
    # dynamic loading of a dozen runtime libraries at every start (measured: 15–25 % of a warm `locate`).
    log "building paginate (release, static Swift runtime, .build-bench)"
    (cd "$repo" && swift build -c release --static-swift-stdlib --scratch-path .build-bench >&2)
    paginate="$(cd "$repo" && swift build -c release --static-swift-stdlib --scratch-path .build-bench --show-bin-path)/paginate"
fi
[ -x "$paginate" ] || die "no binary at $paginate"

work="$(mktemp -d "${TMPDIR:-/tmp}/paginate-bench.XXXXXX")"
cleanup() {
    if [ "${PAGINATE_BENCH_KEEP:-0}" = 1 ]; then log "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
# No run may read or write the user's page-map cache.
export XDG_CACHE_HOME="$work/cache-unused"

cc -O2 -o "$work/haru_lines" "$here/haru_lines.c" -lhpdf

has_jobs=0; has_no_cache=0
# Read the whole help first: `grep -q` would close the pipe at its first match, and under
# pipefail the writer's SIGPIPE would make a present flag look missing.
count_help="$("$paginate" count --help 2>/dev/null || true)"
case "$count_help" in *--jobs*) has_jobs=1 ;; esac
case "$count_help" in *--no-cache*) has_no_cache=1 ;; esac
no_cache=()
[ $has_no_cache = 1 ] && no_cache=(--no-cache)

# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------
x1="$work/x1.txt"; x8="$work/x8.txt"; x128="$work/x128.txt"
cp "$corpus" "$x1"
for _ in 1 2 3 4 5 6 7 8; do cat "$x1"; done >"$x8"
for _ in $(seq 16); do cat "$x8"; done >"$x128"
size_of() { stat -c %s "$1"; }
mkdir -p "$work/fonts"
cp "$repo/Fonts/DejaVuSerif.ttf" "$work/fonts/"    # the only font Typst may use

# ---------------------------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------------------------
declare -A SAMPLES MEDIAN COMMAND
order=()

# A fresh, empty cache folder for the next run: every cold run starts from nothing.
fresh_cache() {
    XDG_CACHE_HOME="$(mktemp -d "$work/cache-cold.XXXXXX")"
    export XDG_CACHE_HOME
}

median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# measure NAME CMD...: runs CMD (output discarded) up to max_reps times and records the wall times in
# seconds and their median. Set before the call: PRE (a function run before each run, untimed),
# RSS (a file prefix: each run goes through /usr/bin/time, peak RSS into RSS.N),
# SELF=1 (CMD prints its own seconds as its last output line: use that instead of the wall time),
# REPS (most runs for this row). After the first run, the row is cut to what fits the budget.
measure() {
    local name="$1"; shift
    local reps="${REPS:-$max_reps}" i=1 t0 t1 seconds out samples=""
    COMMAND[$name]="$(printf '%q ' "$@")"
    order+=("$name")
    while [ "$i" -le "$reps" ]; do
        [ -n "${PRE:-}" ] && "$PRE"
        t0=$(date +%s%N)
        if [ -n "${RSS:-}" ]; then
            out="$(/usr/bin/time -f %M -o "$RSS.$i" "$@")" || die "failed: ${COMMAND[$name]}"
        else
            out="$("$@")" || die "failed: ${COMMAND[$name]}"
        fi
        t1=$(date +%s%N)
        if [ "${SELF:-0}" = 1 ]; then
            seconds="$(printf '%s\n' "$out" | tail -n 1)"
        else
            seconds="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", (b - a) / 1e9 }')"
        fi
        samples="$samples $seconds"
        if [ "$i" = 1 ]; then
            reps="$(awk -v t="$seconds" -v b="$budget" -v m="$reps" 'BEGIN { n = int(b / (t > 0 ? t : 1e-9)); if (n < 1) n = 1; if (n > m) n = m; print n }')"
        fi
        i=$((i + 1))
    done
    SAMPLES[$name]="${samples# }"
    MEDIAN[$name]="$(printf '%s' "$samples" | median)"
    log "  $name: median ${MEDIAN[$name]} s of [${SAMPLES[$name]}]"
}

# ---------------------------------------------------------------------------------------------
# Runs
# ---------------------------------------------------------------------------------------------
log "timing (paginate $(cd "$repo" && git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, --jobs: $has_jobs, --no-cache: $has_no_cache)"

# Count x128 against wc -w, with peak RSS; x8 for the scaling; --jobs 1 for the cores.
LC_ALL=C.UTF-8 measure "wc -w x128" wc -w "$x128"
PRE=fresh_cache RSS="$work/rss" measure "count x128" "$paginate" count "${no_cache[@]}" "$x128"
rss_kb="$(cat "$work"/rss.* | sort -n | tail -n 1)"
PRE=fresh_cache measure "count x8" "$paginate" count "${no_cache[@]}" "$x8"
if [ $has_jobs = 1 ]; then
    PRE=fresh_cache measure "count x128 --jobs 1" "$paginate" count "${no_cache[@]}" --jobs 1 "$x128"
fi

# PDF of the book against Typst.
PRE=fresh_cache measure "pdf x1" "$paginate" "${no_cache[@]}" -o "$work/x1.pdf" "$x1"
pages_x1="$("$paginate" count "$x1")"
if [ $typst_ok = 1 ]; then
    SELF=1 REPS=$(( max_reps < 3 ? max_reps : 3 )) measure "typst x1" python3 "$here/bench_helpers.py" typst "$x1" "$work/fonts" "$work/typst.pdf"
    typst_pages="$(python3 "$here/bench_helpers.py" pages "$work/typst.pdf")"
    typst_font="$(command -v pdffonts >/dev/null && pdffonts "$work/typst.pdf" 2>/dev/null | awk 'NR == 3 { print $1 }' || echo '?')"
fi

# The page map of x128 (in a cache folder that stays, for the warm rows), then x128's PDF against
# libharu drawing the same pages and lines.
live="$work/x128-live.txt"
cp "$x128" "$live"
warm="$work/cache-warm"
mkdir -p "$warm"
log "  filling the cache from x128 (count, map)"
t0=$(date +%s%N)
XDG_CACHE_HOME="$warm" "$paginate" count "$live" >/dev/null
t1=$(date +%s%N)
fill_seconds="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')"
XDG_CACHE_HOME="$warm" "$paginate" map "$live" >"$work/x128.json"
read -r pages128 lines128 < <(python3 "$here/bench_helpers.py" counts "$work/x128.json" "$work/counts.txt")
"$paginate" page "$x1" 1- >"$work/lines.txt"
remove_pdf128() { rm -f "$work/x128.pdf"; fresh_cache; }
PRE=remove_pdf128 REPS=3 measure "pdf x128" "$paginate" "${no_cache[@]}" -o "$work/x128.pdf" "$x128"
pdf128_bytes="$(size_of "$work/x128.pdf")"
remove_haru() { rm -f "$work/haru.pdf"; }
PRE=remove_haru REPS=3 measure "libharu x128" "$work/haru_lines" "$work/fonts/DejaVuSerif.ttf" "$work/lines.txt" "$work/counts.txt" "$work/haru.pdf"
haru_out="$("$work/haru_lines" "$work/fonts/DejaVuSerif.ttf" "$work/lines.txt" "$work/counts.txt" "$work/haru.pdf")"
haru_bytes="$(size_of "$work/haru.pdf")"
haru_text_bytes="$(printf '%s' "$haru_out" | awk '{ print $3 }')"

# locate near the end of x128, warm: once to fill the cache, then timed.
offset=$(( $(size_of "$live") - 1 ))
t0=$(date +%s%N)
XDG_CACHE_HOME="$warm" "$paginate" locate "$live" --offset "$offset" >/dev/null
t1=$(date +%s%N)
locate_first="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')"
use_warm() { XDG_CACHE_HOME="$warm"; export XDG_CACHE_HOME; }
PRE=use_warm REPS=$((max_reps < 5 ? max_reps : 5)) measure "locate x128 warm" "$paginate" locate "$live" --offset "$offset"

# count after one paragraph changed, with the cache (page maps and the paragraph memo) filled
# from the unchanged file (restored before every run, so no run sees the changed file's own results).
cp -a "$warm" "$work/cache-snapshot"
edit_note="$(python3 "$here/bench_helpers.py" edit "$live")"
restore_warm() { rm -rf "$warm"; cp -a "$work/cache-snapshot" "$warm"; XDG_CACHE_HOME="$warm"; export XDG_CACHE_HOME; }
PRE=restore_warm REPS=3 measure "count x128 edited" "$paginate" count "$live"
XDG_CACHE_HOME="$work/cache-unused"

# ---------------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------------
calc() { awk "BEGIN { $1 }"; }
f3() { calc "printf \"%.3f\", $1"; }
size_x8="$(size_of "$x8")"; size_x128="$(size_of "$x128")"
rss_mb="$(f3 "$rss_kb / 1024")"
input_mb="$(f3 "$size_x128 / 1048576")"

echo "# paginate benchmark"
echo
echo "command: $invocation"
echo "binary: $paginate ($(cd "$repo" && git rev-parse --short HEAD 2>/dev/null || echo '?')$(cd "$repo" && [ -n "$(git status --porcelain -- Sources Package.swift 2>/dev/null)" ] && echo ', uncommitted changes'))"
echo "machine: $(nproc) cores, $(uname -sm); paginate flags: --jobs $([ $has_jobs = 1 ] && echo yes || echo missing), --no-cache $([ $has_no_cache = 1 ] && echo yes || echo missing)"
echo "inputs: x1 $(size_of "$x1") B, x8 $size_x8 B, x128 $size_x128 B (copies of $(basename "$corpus"))"
echo "cold runs: every run gets an empty XDG_CACHE_HOME$([ $has_no_cache = 1 ] && echo ' and --no-cache')"
echo
echo "## Raw numbers (seconds; median of the runs listed)"
echo
for name in "${order[@]}"; do
    printf -- '- %s: median %s [%s]\n    %s\n' "$name" "${MEDIAN[$name]}" "${SAMPLES[$name]}" "${COMMAND[$name]}"
done
echo "- filling the cache (first count of x128, empty cache): $fill_seconds s; first locate after it: $locate_first s"
echo "- peak RSS of count x128: $rss_kb KB; input $size_x128 B"
echo "- pages: paginate x1 $pages_x1$([ $typst_ok = 1 ] && echo ", Typst x1 $typst_pages (font $typst_font)"); x128: $pages128 pages, $lines128 lines"
echo "- libharu driver: $haru_out (pages lines text-bytes), PDF $haru_bytes B, $(f3 "$lines128 / ${MEDIAN[libharu x128]} / 1000") k lines/s, $(f3 "$haru_text_bytes / ${MEDIAN[libharu x128]} / 1048576") MB text/s; paginate's x128 PDF $pdf128_bytes B"
echo "- edit: $edit_note (offset $offset used for locate)"
[ $typst_ok = 1 ] && echo "- Typst: the compile call in-process (Python start-up excluded), same page, margins, font file, size and 13.2pt pitch"
echo

# Rows: figure | measured | reference | ratio | goal | met?
row() { printf '| %s | %s | %s | %s | %s | %s |\n' "$@"; }
yes_no() { calc "print ($1) ? \"yes\" : \"no\""; }
echo "## Results"
echo
row "figure" "measured" "reference" "ratio" "goal" "met?"
row "---" "---" "---" "---" "---" "---"

c128="${MEDIAN[count x128]}"; wc128="${MEDIAN[wc -w x128]}"
r="$(f3 "$c128 / $wc128")"
row "\`count\` x128, wall" "$(f3 "$c128") s" "\`wc -w\` $(f3 "$wc128") s" "$r ×" "≤ 1.0 ×" "$(yes_no "$r <= 1.0")"

p1="${MEDIAN[pdf x1]}"
if [ $typst_ok = 1 ]; then
    t1x="${MEDIAN[typst x1]}"
    r="$(calc "printf \"%.1f\", $t1x / $p1")"
    row "\`-o x.pdf\` book x1, wall" "$(f3 "$p1") s" "Typst $(f3 "$t1x") s" "$r × faster" "≥ 20 × faster" "$(yes_no "$t1x / $p1 >= 20")"
else
    row "\`-o x.pdf\` book x1, wall" "$(f3 "$p1") s" "n/a (Typst missing)" "n/a" "≥ 20 × faster" "n/a"
fi

p128="${MEDIAN[pdf x128]}"; h128="${MEDIAN[libharu x128]}"
r="$(f3 "$p128 / $h128")"
row "PDF x128, wall" "$(f3 "$p128") s" "libharu alone $(f3 "$h128") s" "$r ×" "≤ 1.5 ×" "$(yes_no "$r <= 1.5")"

loc="$(f3 "${MEDIAN[locate x128 warm]} * 1000")"
row "\`locate\` x128, 2nd call (warm)" "$loc ms" "—" "—" "≤ 20 ms" "$(yes_no "$loc <= 20")"

ed="${MEDIAN[count x128 edited]}"
r="$(calc "printf \"%.1f\", 100 * $ed / $c128")"
row "\`count\` x128 after one paragraph changed" "$(f3 "$ed") s" "cold \`count\` $(f3 "$c128") s" "$r %" "≤ 10 %" "$(yes_no "$r <= 10")"

row "peak RSS, \`count\` x128" "$rss_mb MB" "input $input_mb MB" "$(f3 "$rss_kb * 1024 / $size_x128") ×" "≤ 200 MB" "$(yes_no "$rss_mb <= 200")"

c8="${MEDIAN[count x8]}"
linear="$(calc "print $c8 * $size_x128 / $size_x8")"
r="$(calc "printf \"%+.1f\", 100 * ($c128 / $linear - 1)")"
row "scaling x8 → x128" "$(f3 "$c128") s" "linear from x8 ($(f3 "$c8") s): $(f3 "$linear") s" "$r %" "≤ +10.5 %" "$(yes_no "$r <= 10.5")"

if [ $has_jobs = 1 ]; then
    j1="${MEDIAN[count x128 --jobs 1]}"
    r="$(calc "printf \"%.2f\", $j1 / $c128")"
    row "2 cores vs 1 (\`count\` x128)" "$(f3 "$c128") s" "\`--jobs 1\` $(f3 "$j1") s" "$r × faster" "≥ 1.8 ×" "$(yes_no "$r >= 1.8")"
else
    row "2 cores vs 1 (\`count\` x128)" "n/a (flag missing)" "n/a (flag missing)" "n/a" "≥ 1.8 ×" "n/a"
fi
