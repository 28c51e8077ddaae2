#!/usr/bin/env bash
# A script that uses paginate the way scripts do: page counts, a page map, and
# "on which page does this phrase stand?".
#
#   Examples/page-report.sh BOOK.txt [PHRASE]
#
# Uses the paginate on PATH, else the release build in this checkout.
set -euo pipefail

book=${1:?usage: page-report.sh BOOK.txt [PHRASE]}
phrase=${2:-}
paginate=$(command -v paginate || echo "$(dirname "$0")/../.build/release/paginate")
layout=(--page a5 --margin 15mm --size 10.5)

pages=$("$paginate" count "$book" "${layout[@]}")
echo "$book: $pages pages on A5"

# The page map is JSON: one object per page with its byte range [start, end).
"$paginate" map "$book" "${layout[@]}" > "${TMPDIR:-/tmp}/page-map.$$.json"
trap 'rm -f "${TMPDIR:-/tmp}/page-map.$$.json"' EXIT
longest=$(python3 -c '
import json, sys
pages = json.load(open(sys.argv[1]))["pages"]
page = max(pages, key=lambda p: p["end"] - p["start"])
print(page["page"], page["end"] - page["start"])
' "${TMPDIR:-/tmp}/page-map.$$.json")
echo "densest page: ${longest% *} (${longest#* } bytes)"

if [ -n "$phrase" ]; then
    # grep -b gives the byte offset of the match, which is what locate takes.
    offset=$(grep -ob -F -- "$phrase" "$book" | head -n 1 | cut -d: -f1 || true)
    if [ -z "$offset" ]; then
        echo "\"$phrase\" does not occur in $book"
    else
        echo "\"$phrase\" (byte $offset) is on page $("$paginate" locate "$book" "${layout[@]}" --offset "$offset")"
    fi
fi
