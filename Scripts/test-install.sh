#!/usr/bin/env bash
# End-to-end test of `make install` and `make uninstall`: installs into a temporary prefix, runs the
# installed binary from another folder with an empty environment, checks that it read its fonts from
# the prefix, that the man page and completions are well formed, and that uninstall leaves nothing.
#
# Usage: Scripts/test-install.sh [make arguments, e.g. SCRATCH=.build-x]
#
# Why strace: a binary built from a checkout can also find the checkout's Fonts/ (the path is compiled
# in), so "it paginates" alone would not prove the installed fonts are found. strace shows which font
# files the process opened. Without strace that one check is skipped, with a note.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

make -C "$root" --no-print-directory install PREFIX="$prefix" "$@" >"$work/install.log" 2>&1 \
    || { cat "$work/install.log" >&2; echo "FAIL: make install" >&2; exit 1; }

fonts=(DejaVuSerif DejaVuSerif-Bold DejaVuSerif-Italic DejaVuSerif-BoldItalic DroidSansFallback-Flat)
installed=(bin/paginate share/man/man1/paginate.1 share/bash-completion/completions/paginate
    share/zsh/site-functions/_paginate share/fish/vendor_completions.d/paginate.fish)
for font in "${fonts[@]}"; do installed+=("share/paginate/Fonts/$font.ttf" "share/paginate/Fonts/$font.LICENSE"); done
for file in "${installed[@]}"; do
    if [ -s "$prefix/$file" ]; then pass "installed $file"; else fail "missing $file"; fi
done

# Run from an unrelated folder with nothing in the environment: no PAGINATE_FONTS, no HOME.
mkdir -p "$work/elsewhere"
printf 'It is a truth universally acknowledged.\n' >"$work/elsewhere/book.txt"
run() { (cd "$work/elsewhere" && env -i PATH=/usr/bin:/bin "$prefix/bin/paginate" "$@"); }

pages="$(run count book.txt --no-cache)" && [ "$pages" = 1 ] && pass "installed binary counts pages" \
    || fail "installed binary: count printed '$pages'"
run --version >/dev/null && pass "--version" || fail "--version"

if command -v strace >/dev/null; then
    (cd "$work/elsewhere" && env -i PATH=/usr/bin:/bin strace -f -qq -e trace=openat -o "$work/trace" \
        "$prefix/bin/paginate" count book.txt --no-cache >/dev/null)
    opened="$(grep -o '"[^"]*\.ttf"' "$work/trace" | tr -d '"' | sort -u)"
    # The body chain and the bold face of the headings (the default --heading-style).
    expected="$(printf '%s\n' "$prefix/share/paginate/Fonts/DejaVuSerif.ttf" \
        "$prefix/share/paginate/Fonts/DejaVuSerif-Bold.ttf" \
        "$prefix/share/paginate/Fonts/DroidSansFallback-Flat.ttf" | sort)"
    if [ "$opened" = "$expected" ]; then pass "fonts read from the prefix"; else fail "fonts opened: $opened"; fi
else
    echo "note: strace missing; not checking which font folder the installed binary used"
fi

# The installed binary must not need the Swift toolchain's shared libraries.
if ldd "$prefix/bin/paginate" | grep -q 'libswiftCore'; then
    echo "note: the installed binary links the Swift runtime dynamically (INSTALL_SWIFT_FLAGS was overridden)"
fi

warnings="$(man -l "$prefix/share/man/man1/paginate.1" 2>&1 >/dev/null || true)"
if [ -z "$warnings" ]; then pass "man page renders without warnings"; else fail "man page: $warnings"; fi
grep -q 'paginate-count\|^\.It Em count' "$prefix/share/man/man1/paginate.1" && pass "man page documents count" \
    || fail "man page lacks the count subcommand"

bash -n "$prefix/share/bash-completion/completions/paginate" && pass "bash completion parses" || fail "bash completion"
completion="$(bash -c "source '$prefix/share/bash-completion/completions/paginate'
    COMP_WORDS=(paginate co); COMP_CWORD=1; COMP_LINE='paginate co'; COMP_POINT=\${#COMP_LINE}
    _paginate; printf '%s\n' \"\${COMPREPLY[@]}\"" 2>/dev/null || true)"
if grep -qx count <<<"$completion"; then pass "bash completes 'co' to count"; else fail "bash completion of 'co': $completion"; fi
if command -v zsh >/dev/null; then zsh -n "$prefix/share/zsh/site-functions/_paginate" && pass "zsh completion parses" || fail "zsh completion"; fi
if command -v fish >/dev/null; then fish -n "$prefix/share/fish/vendor_completions.d/paginate.fish" && pass "fish completion parses" || fail "fish completion"; fi

make -C "$root" --no-print-directory uninstall PREFIX="$prefix" "$@" >/dev/null
left="$(find "$prefix" -type f)"
if [ -z "$left" ]; then pass "uninstall removes every file"; else fail "left after uninstall: $left"; fi
[ ! -e "$prefix/share/paginate" ] && pass "uninstall removes share/paginate" || fail "share/paginate remains"

if [ "$failures" -gt 0 ]; then echo "$failures check(s) failed" >&2; exit 1; fi
echo "install test passed"
