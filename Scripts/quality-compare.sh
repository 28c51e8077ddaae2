#!/usr/bin/env bash
# Typography comparison of paginate against Typst on Pride and Prejudice, justified and hyphenated.
#
#   Scripts/quality-compare.sh
#
# Sets the book with both on the same page (400x600 pt, 36 pt margins, DejaVu Serif 11 pt from
# Fonts/, 13.2 pt line pitch, paragraphs = the source's blank-line-separated blocks, a blank
# line between them), times both (median of 3 wall times: paginate's whole process; Typst's
# compile call inside Python, interpreter start-up and import excluded, as in Benchmarks/run.sh),
# measures both PDFs with Scripts/quality-report.py and prints a Markdown table with the goals of
# the Typography issue. Takes about a minute on 2 cores once paginate is built.
#
# Environment:
#   PAGINATE               the paginate binary (default: built with `swift build -c release`)
#   QUALITY_CORPUS         the book (default: <repo>/Corpus/pride-and-prejudice.txt)
#   QUALITY_REPS           timed runs per tool (default 3)
#   QUALITY_KEEP=1         keep the temporary folder with both PDFs and reports (its path is printed)
#
# Needs python3, pdftotext (poppler-utils) and Typst's Python package (`pip install typst`,
# installed here when missing).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
corpus="${QUALITY_CORPUS:-$repo/Corpus/pride-and-prejudice.txt}"
reps="${QUALITY_REPS:-3}"

log() { printf '%s\n' "$*" >&2; }
die() { log "quality-compare.sh: error: $*"; exit 1; }

[ -r "$corpus" ] || die "no corpus at $corpus (set QUALITY_CORPUS)"
command -v python3 >/dev/null || die "python3 is needed"
command -v pdftotext >/dev/null || die "pdftotext is needed (apt-get install poppler-utils)"

if ! python3 -c 'import typst' 2>/dev/null; then
    log "installing: typst (pip)"
    python3 -m pip install --quiet typst 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages typst \
        || die "could not install Typst's Python package (pip install typst)"
fi

if [ -n "${PAGINATE:-}" ]; then
    paginate="$PAGINATE"
else
    log "building paginate (release)"
    (cd "$repo" && swift build -c release >&2)
    paginate="$(cd "$repo" && swift build -c release --show-bin-path)/paginate"
fi
[ -x "$paginate" ] || die "no paginate binary at $paginate"

work="$(mktemp -d "${TMPDIR:-/tmp}/paginate-quality.XXXXXX")"
cleanup() { if [ "${QUALITY_KEEP:-0}" = 1 ]; then log "kept $work"; else rm -rf "$work"; fi; }
trap cleanup EXIT

mkdir -p "$work/typst" "$work/fonts"
cp "$corpus" "$work/book.txt"
cp "$corpus" "$work/typst/book.txt"
cp "$repo/Fonts/DejaVuSerif.ttf" "$work/fonts/"     # the only font Typst may use
# The same page as paginate's: a line box is 11 pt tall (top and bottom edges 0.8em and -0.2em)
# plus 2.2 pt of leading = 13.2 pt; a paragraph adds a pitch of space (15.4 + 11 = 2 x 13.2).
cat >"$work/typst/main.typ" <<'EOF'
#set page(width: 400pt, height: 600pt, margin: 36pt)
#set text(font: "DejaVu Serif", size: 11pt, top-edge: 0.8em, bottom-edge: -0.2em, hyphenate: true, lang: "en")
#set par(justify: true, leading: 2.2pt, spacing: 15.4pt)
#for p in read("book.txt").replace("\r\n", "\n").split(regex("\n[ \t]*\n")) {
  let t = p.trim()
  if t != "" { par(t.replace(regex("[ \t]*\n[ \t]*"), " ")) }
}
EOF

# One Typst compile in a fresh interpreter (no memoized work carried between runs); prints seconds.
cat >"$work/typst-compile.py" <<'EOF'
import sys, time, typst
root, fonts, output = sys.argv[1:4]
start = time.perf_counter()
typst.compile(f"{root}/main.typ", output=output, root=root, font_paths=[fonts], ignore_system_fonts=True)
print(f"{time.perf_counter() - start:.6f}")
EOF

# Neither page is numbered, so the reports measure the text alone.
paginate_cmd=("$paginate" "$work/book.txt" --page 400x600 --margin 36 --size 11 --align justify --hyphenate --kerning --folio none -o "$work/paginate.pdf")
typst_cmd=(python3 "$work/typst-compile.py" "$work/typst" "$work/fonts" "$work/typst.pdf")

median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

paginate_times=""; typst_times=""
for run in $(seq "$reps"); do
    # A fresh, empty cache folder for every run: paginate must not reuse an earlier layout.
    export XDG_CACHE_HOME="$work/cache.$run"
    start=$(date +%s%N)
    "${paginate_cmd[@]}" >/dev/null 2>"$work/paginate.err" || { cat "$work/paginate.err" >&2; die "paginate failed"; }
    paginate_times+=" $(awk -v ns=$(( $(date +%s%N) - start )) 'BEGIN { printf "%.6f", ns / 1e9 }')"
    typst_times+=" $("${typst_cmd[@]}")"
    log "run $run/$reps: paginate ${paginate_times##* } s, Typst ${typst_times##* } s"
done
paginate_time="$(echo "$paginate_times" | median)"
typst_time="$(echo "$typst_times" | median)"

report=(python3 "$here/quality-report.py" --font "$repo/Fonts/DejaVuSerif.ttf" --size 11)
"${report[@]}" --json "$work/paginate.pdf" >"$work/paginate.json"
"${report[@]}" --json "$work/typst.pdf" >"$work/typst.json"
"${report[@]}" --list "$work/paginate.pdf" >"$work/paginate-report.txt"
"${report[@]}" --list "$work/typst.pdf" >"$work/typst-report.txt"

typst_version="$(python3 -c 'import importlib.metadata as m; print(m.version("typst"))' 2>/dev/null || echo '?')"

echo "## Typography: paginate vs Typst on Pride and Prejudice"
echo
echo "400x600 pt, 36 pt margins, DejaVu Serif 11 pt, 13.2 pt pitch, justified, hyphenated (en)."
echo "Both PDFs measured by Scripts/quality-report.py (natural space = the font's space advance;"
echo "TeX's spacing model: stretch 1/2, shrink 1/3 of a space). Typst: PyPI typst $typst_version."
echo "Times: median of $reps wall times (paginate: whole process; Typst: the compile call)."
echo
python3 - "$work/paginate.json" "$work/typst.json" "$paginate_time" "$typst_time" <<'EOF'
import json, sys

ours, theirs = (json.load(open(path))["figures"] for path in sys.argv[1:3])
our_time, their_time = float(sys.argv[3]), float(sys.argv[4])

def show(value, digits=3):
    return "n/a" if value is None else f"{value:.{digits}f}" if isinstance(value, float) else str(value)

def verdict(ok):
    return "n/a" if ok is None else "yes" if ok else "**no**"

def at_most(key):
    a, b = ours[key], theirs[key]
    return None if a is None or b is None else a <= b + 1e-9

rows = [
    ("pages", "pages", "", None),
    ("justified lines measured", "justified_lines", "", None),
    ("mean \\|adjustment ratio\\|", "mean_abs_ratio", "<= Typst", at_most("mean_abs_ratio")),
    ("max \\|adjustment ratio\\|", "max_abs_ratio", "<= Typst", at_most("max_abs_ratio")),
    ("99th percentile \\|r\\|", "p99_abs_ratio", "", None),
    ("lines with r > 1", "lines_ratio_above_1", "", None),
    ("lines with r < -1", "lines_ratio_below_minus_1", "", None),
    ("hyphenated lines", "hyphenated_lines", "", None),
    ("consecutive hyphens (line pairs)", "consecutive_hyphen_pairs", "", None),
    ("widows", "widows", "0", ours["widows"] == 0),
    ("orphans", "orphans", "0", ours["orphans"] == 0),
    ("rivers (a gap > 2x natural space)", "rivers", "", None),
]
print("| metric | paginate | Typst | goal | met |")
print("| --- | ---: | ---: | --- | --- |")
for label, key, goal, ok in rows:
    print(f"| {label} | {show(ours[key])} | {show(theirs[key])} | {goal} | {verdict(ok) if goal else ''} |")
ratio = their_time / our_time if our_time > 0 else float("inf")
print(f"| time (s) | {our_time:.3f} | {their_time:.3f} | | |")
print(f"| Typst time / paginate time | {ratio:.1f}x | | >= 10x | {verdict(ratio >= 10)} |")
if ours["justified_lines"] == 0:
    print("\nThe paginate PDF has no justified lines: its text is ragged (is --align justify implemented?).")
EOF
echo
show_command() { printf '    '; printf '%q ' "$@"; printf '\n'; }
echo "Commands (in a temporary folder; QUALITY_KEEP=1 keeps it, with both PDFs and full reports):"
show_command "${paginate_cmd[@]}"
show_command "${typst_cmd[@]}"
show_command "${report[@]}" --list PDF
