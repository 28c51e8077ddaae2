#!/usr/bin/env bash
# Installs the Debian packages paginate needs to build and test, if any is missing.
# Build: libfreetype-dev, libharfbuzz-dev (with harfbuzz-subset), libhpdf-dev, libfontconfig-dev (fonts by
# name), libthai-dev (Thai word breaks; its dictionary comes with libthai-data), libfribidi-dev
# (bidirectional text), pkg-config.
# Tests: unicode-data (LineBreakTest.txt, BidiCharacterTest.txt), poppler-utils (pdftotext, pdfinfo,
# pdffonts, pdftoppm), qpdf; python3-fonttools and python3-numpy for Scripts/check-pdf-glyphs.py and
# Scripts/compare-pdf-rendering.py; installed fonts looked up by name: fonts-dejavu-core,
# fonts-liberation, fonts-inconsolata (name-keyed CFF outlines), fonts-noto-cjk (CID-keyed CFF
# outlines); fonts-noto-core for the kerning tests (Noto Serif keeps its kerning in GPOS only) and for
# font fallback: it holds Noto Serif/Sans Hebrew, Noto Naskh/Sans Arabic, Noto Serif/Sans Devanagari,
# Thai and the other major scripts; fonts-symbola is a monochrome emoji and symbol font with outlines
# (colour-bitmap emoji fonts cannot be embedded in a PDF); fonts-hanazono covers CJK Extension B and beyond
# (U+20000…), which the bundled Droid Sans Fallback lacks.
set -euo pipefail
packages=(pkg-config libfreetype-dev libharfbuzz-dev libhpdf-dev libfontconfig-dev libthai-dev libfribidi-dev libhyphen-dev hyphen-en-us
          unicode-data poppler-utils qpdf python3-fonttools python3-numpy fonts-dejavu-core fonts-liberation fonts-inconsolata
          fonts-noto-core fonts-noto-cjk fonts-symbola fonts-hanazono)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
echo "installing: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
