#!/usr/bin/env bash
# Prints the page on which each chapter of a book starts, as paginate lays it out.
#
#   Examples/chapter-pages.sh BOOK.txt [LAYOUT OPTIONS...]
#   Examples/chapter-pages.sh pride-and-prejudice.txt --page a5 --size 10
#
# A chapter heading is a line that starts with "CHAPTER" or "Chapter" and a Roman numeral:
# "CHAPTER IV.", "Chapter XLVI." (Project Gutenberg's Pride and Prejudice also has "Chapter I.]",
# which closes an illustration caption, and "CHAPTER XIII" without the full stop).
#
# grep -nb gives each heading's source line and byte offset. For one heading,
# `paginate locate BOOK --line N` prints its page; for all of them, one `paginate find` per
# spelling of the first word ("CHAPTER", "Chapter") lists every occurrence with its page and byte
# range in a single layout, and the headings are picked out by their byte offsets.
#
# Output: a header line, then one tab-separated row per chapter in book order,
#   page<TAB>line<TAB>heading
# and a last line "# <chapters> chapters, <pages> pages". Layout options (paginate's, e.g.
# --page, --size) apply to every query, so the pages are those `paginate BOOK.txt` renders with
# the same options.
#
# Uses the paginate on PATH, else the release build in this checkout.
set -euo pipefail

book=${1:?usage: chapter-pages.sh BOOK.txt [LAYOUT OPTIONS...]}
shift
layout=("$@")
paginate=$(command -v paginate || echo "$(dirname "$0")/../.build/release/paginate")

work=$(mktemp -d "${TMPDIR:-/tmp}/chapter-pages.XXXXXX")
trap 'rm -rf "$work"' EXIT

# line:byte:heading, e.g. "807:40021:CHAPTER II."
grep -nbE '^(CHAPTER|Chapter) [IVXLC]+(\.|[[:space:]]*$)' -- "$book" > "$work/headings" || true
if [ ! -s "$work/headings" ]; then
    echo "chapter-pages.sh: no chapter headings in $book" >&2
    exit 1
fi

# Every occurrence of each spelling: page<TAB>line on page<TAB>start-end.
cut -d: -f3 "$work/headings" | cut -d' ' -f1 | sort -u | while read -r word; do
    "$paginate" find "$book" "$word" "${layout[@]}"
done > "$work/occurrences"

pages=$("$paginate" count "$book" "${layout[@]}")

printf 'page\tline\theading\n'
awk -F'\t' '
    FNR == NR { split($3, range, "-"); page[range[1]] = $1; next }
    {
        line = $0; sub(/:.*/, "", line)
        rest = substr($0, length(line) + 2)
        byte = rest; sub(/:.*/, "", byte)
        heading = substr(rest, length(byte) + 2); sub(/[ \t\r]+$/, "", heading)
        if (!(byte in page)) { printf "chapter-pages.sh: no page found for line %s\n", line > "/dev/stderr"; failed = 1; exit 1 }
        printf "%s\t%s\t%s\n", page[byte], line, heading
        chapters++
    }
    END { if (!failed) printf "# %d chapters, %s pages\n", chapters, pages }
' pages="$pages" "$work/occurrences" "$work/headings"
