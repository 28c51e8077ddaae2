#!/usr/bin/env bash
# Tests the recipes on this machine: copies the repository's corpus several times into a temporary folder
# of books, then checks that GNU parallel (local, and through an sshloginfile naming this machine),
# the Slurm array (run by a stand-in sbatch that executes each task here, in turn) and one plain
# `paginate count` all give the same pages for every book.
#
# Usage: test-local.sh [COPIES]   (default 4). Needs paginate on PATH (or PAGINATE) and GNU parallel;
# skips with status 0 when parallel is missing. Reads the books of Corpus/ in this repository.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
corpus="$here/../../Corpus"
copies="${1:-4}"
paginate="${PAGINATE:-paginate}"
command -v parallel >/dev/null || { echo "skipped: GNU parallel is not installed"; exit 0; }
command -v "$paginate" >/dev/null || { echo "paginate not found: put it on PATH or set PAGINATE" >&2; exit 1; }
export PAGINATE="$paginate"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
books="$work/books"
mkdir -p "$books/cjk"
for ((i = 1; i <= copies; i++)); do
    cp "$corpus/pride-and-prejudice.txt" "$books/pride $i.txt"
    cp "$corpus/diamond-sutra.txt" "$books/cjk/sutra-$i.txt"
done
count=$((2 * copies))
options=(--page a5 --size 10 --heading 'CHAPTER [IVX]+\.' --no-cache)
failures=0
check() { if "$@"; then echo "ok: $label"; else echo "FAIL: $label" >&2; failures=$((failures + 1)); fi; }

# The reference: one paginate over every book, in the same sorted order.
(cd "$books" && find . -type f -name '*.txt' | sed 's|^\./||' | LC_ALL=C sort | tr '\n' '\0' \
    | xargs -0 env PAGINATE_CONFIG=/dev/null "$paginate" count --json "${options[@]}" --) \
    | sed 's/^{"version": 1, "path": /{"version": 1, "book": /' >"$work/reference.jsonl"
label="reference has $count books"; check test "$(wc -l <"$work/reference.jsonl")" -eq "$count"
label="no book failed"; check test "$(grep -c '"error"' "$work/reference.jsonl" || true)" -eq 0

"$here/paginate-books.sh" -o "$work/parallel.jsonl" "$books" "${options[@]}" 2>/dev/null
label="GNU parallel, this machine"; check cmp -s "$work/reference.jsonl" "$work/parallel.jsonl"

printf '2/:\n1/:\n' >"$work/sshlogins"
SHARED=1 "$here/paginate-books.sh" -S "$work/sshlogins" -o "$work/ssh.jsonl" "$books" "${options[@]}" 2>/dev/null
label="GNU parallel, --sshloginfile"; check cmp -s "$work/reference.jsonl" "$work/ssh.jsonl"

# A stand-in for sbatch: runs an array's tasks one after another, then (as a dependent job would)
# the merge. Enough to test the scripts' arithmetic, file handling and merge order.
mkdir -p "$work/bin"
cat >"$work/bin/sbatch" <<'STUB'
#!/usr/bin/env bash
array=""
while [[ "$1" == --* ]]; do
    case "$1" in --array=*) array="${1#--array=}" ;; esac
    shift
done
script="$1"; shift
if [ -n "$array" ]; then
    for ((task = ${array%-*}; task <= ${array#*-}; task++)); do
        SLURM_ARRAY_TASK_ID=$task bash "$script" "$@" 2>/dev/null || true
    done
    echo 1001
else
    bash "$script" "$@" >/dev/null
    echo 1002
fi
STUB
chmod +x "$work/bin/sbatch"
PATH="$work/bin:$PATH" "$here/slurm-submit.sh" -n 3 -o "$work/slurm.jsonl" "$books" "${options[@]}" >/dev/null
label="Slurm array in $(((count + 2) / 3)) tasks of 3, merged"; check cmp -s "$work/reference.jsonl" "$work/slurm.jsonl"

echo "--- $(wc -l <"$work/reference.jsonl") books, e.g.:"
head -n 2 "$work/reference.jsonl"
if [ "$failures" -gt 0 ]; then echo "$failures check(s) failed" >&2; exit 1; fi
echo "many-machines test passed"
