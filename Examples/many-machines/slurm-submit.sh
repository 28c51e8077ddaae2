#!/usr/bin/env bash
# Counts the pages of every book in a folder on a Slurm cluster: one job array over the sorted list
# of books, then one merge job that writes a single JSON-lines file, as paginate-books.sh does with
# GNU parallel. BOOKDIR must be on a file system every node sees, and paginate on every node's PATH
# (or PAGINATE set to its path); the same paginate version everywhere gives the same pages.
#
# Usage: slurm-submit.sh [-n BOOKS_PER_TASK] [-o books.jsonl] BOOKDIR [paginate layout options…]
#   -n N   books per array task (default 20): fewer, longer tasks are kinder to the scheduler.
#   -o F   the merged result (default BOOKDIR/../books.jsonl); the book list and the parts go to F.parts/.
# Extra sbatch options (partition, account, …) come from SBATCH_* environment variables, e.g.
# SBATCH_PARTITION=short. Prints the two job ids.
set -euo pipefail

per_task=20
result=""
while getopts "n:o:" option; do
    case "$option" in
        n) per_task="$OPTARG" ;;
        o) result="$OPTARG" ;;
        *) exit 64 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-n BOOKS_PER_TASK] [-o books.jsonl] BOOKDIR [paginate options…]" >&2; exit 64; }
bookdir="$(cd "$1" && pwd)"; shift
here="$(cd "$(dirname "$0")" && pwd)"
result="$(realpath -m "${result:-$bookdir/../books.jsonl}")"
out_dir="$result.parts"
mkdir -p "$out_dir"

# The list fixes which task takes which book; sorted so the merged file is in a stable order.
list="$out_dir/books.list"
(cd "$bookdir" && find . -type f -name '*.txt' | sed 's|^\./||' | LC_ALL=C sort) >"$list"
books=$(wc -l <"$list")
[ "$books" -gt 0 ] || { echo "$0: no .txt files in $bookdir" >&2; exit 66; }
tasks=$(((books + per_task - 1) / per_task))

array=$(sbatch --parsable --array="0-$((tasks - 1))" "$here/slurm-task.sbatch" "$bookdir" "$list" "$out_dir" "$per_task" "$@")
merge=$(sbatch --parsable --dependency="afterany:${array%%;*}" "$here/slurm-merge.sbatch" "$out_dir" "$tasks" "$result")
echo "array job $array: $books books in $tasks task(s); merge job $merge writes $result"
