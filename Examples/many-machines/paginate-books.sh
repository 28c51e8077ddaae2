#!/usr/bin/env bash
# Counts the pages of every book in a folder with GNU parallel, on this machine or on many over ssh,
# and writes one JSON line per book: {"version": 1, "book": "austen/emma.txt", "pages": 424, "bytes": 912345}.
#
# paginate is a pure function of the input bytes, the settings and the fonts, so it does not matter
# which machine lays out which book: with the same paginate version everywhere, the merged result is
# the one a single machine would write. Lines come out in the order of the sorted book list.
#
# Usage: paginate-books.sh [-S sshloginfile] [-o books.jsonl] BOOKDIR [paginate layout options…]
#   -S FILE   run on the machines listed in FILE (GNU parallel --sshloginfile; ':' is this machine).
#             Each needs paginate on its PATH (or set PAGINATE to its path there). Books are copied
#             to the machine and removed afterwards, unless SHARED=1 says BOOKDIR is at the same
#             path on every machine (a shared file system).
#   -o FILE   write the JSON lines to FILE (default: standard output); written whole or not at all.
#   Options after BOOKDIR go to every `paginate count`, e.g. --page a5 --size 10.
# Exit status: 0 when every book was counted; 1 when any failed (its line then has "error").
set -euo pipefail

sshloginfile=""
output=""
while getopts "S:o:h" option; do
    case "$option" in
        S) sshloginfile="$OPTARG" ;;
        o) output="$OPTARG" ;;
        h) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) exit 64 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-S sshloginfile] [-o books.jsonl] BOOKDIR [paginate options…]" >&2; exit 64; }
bookdir="$1"; shift
command -v parallel >/dev/null || { echo "$0: GNU parallel is not installed (apt-get install parallel)" >&2; exit 69; }
paginate="${PAGINATE:-paginate}"

# Only the options given here apply, the same on every machine: no PAGINATE_<OPTION> variables
# here and no config file on any machine (their fonts folder, PAGINATE_FONTS, still counts).
for variable in $(compgen -e | grep '^PAGINATE_' | grep -vx PAGINATE_FONTS || true); do unset "$variable"; done

remote=()
if [ -n "$sshloginfile" ]; then
    remote=(--sshloginfile "$sshloginfile")
    # Without a shared file system each book travels to the machine that lays it out.
    if [ "${SHARED:-0}" != 1 ]; then remote+=(--transferfile {} --cleanup); fi
fi

# One `paginate count` per book and per job slot; each uses one layout thread, as parallel already
# fills every core. -q quotes the command, so layout options with spaces survive ssh.
# count --json prints {"version": 1, "path": …} also for a book that fails; "path" becomes "book".
run() {
    cd "$bookdir"
    find . -type f -name '*.txt' -print0 | sed -z 's|^\./||' | LC_ALL=C sort -z \
        | parallel -0 -q --keep-order --halt never "${remote[@]}" \
            env PAGINATE_CONFIG=/dev/null "$paginate" count --json --jobs 1 {} "$@" \
        | sed 's/^{"version": 1, "path": /{"version": 1, "book": /' \
        || return 1  # parallel's status is the number of failed books; report just "some failed"
}

if [ -z "$output" ]; then
    run "$@"
else
    # Write beside the target and rename, so a failed run never leaves half a file.
    temporary="$(mktemp "$output.XXXXXX")"
    trap 'rm -f "$temporary"' EXIT
    status=0
    run "$@" >"$temporary" || status=$?
    mv "$temporary" "$output"
    trap - EXIT
    exit "$status"
fi
