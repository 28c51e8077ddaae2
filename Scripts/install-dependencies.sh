#!/usr/bin/env bash
# Installs the Debian packages paginate needs to build and test, if any is missing.
# Build: libfreetype-dev, libharfbuzz-dev (with harfbuzz-subset), libhpdf-dev, libfontconfig-dev (fonts by
# name), pkg-config.
# Tests: unicode-data (LineBreakTest.txt), poppler-utils (pdftotext, pdfinfo, pdffonts, pdftoppm), qpdf;
# python3-fonttools and python3-numpy for Scripts/check-pdf-glyphs.py and Scripts/compare-pdf-rendering.py;
# installed fonts looked up by name: fonts-dejavu-core, fonts-liberation, fonts-inconsolata (name-keyed CFF
# outlines), fonts-noto-cjk (CID-keyed CFF outlines); fonts-noto-core for the kerning tests (Noto Serif
# keeps its kerning in GPOS only).
set -euo pipefail
packages=(pkg-config libfreetype-dev libharfbuzz-dev libhpdf-dev libfontconfig-dev libhyphen-dev hyphen-en-us unicode-data poppler-utils qpdf
          python3-fonttools python3-numpy fonts-dejavu-core fonts-liberation fonts-inconsolata fonts-noto-core fonts-noto-cjk)
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
