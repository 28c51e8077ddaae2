#!/usr/bin/env python3
"""Rewrite every composite glyph of a TrueType font as a simple glyph.

libharu's font subsetter drops the components of some composite glyphs (seen with Droid Sans
Fallback, whose CJK ideographs are mostly built from shared components), so those characters
render as partial or empty shapes in the PDF. A font whose glyphs are all simple is subset
correctly. Outlines, metrics and the character map are unchanged.

Usage: flatten-composite-glyphs.py INPUT.ttf OUTPUT.ttf   (needs: pip install fonttools)
"""
import sys

from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont


def flatten(source: str, target: str) -> int:
    font = TTFont(source)
    glyf = font["glyf"]
    glyph_set = font.getGlyphSet()
    flattened = 0
    for name in font.getGlyphOrder():
        glyph = glyf[name]
        if not glyph.isComposite():
            continue
        recording = DecomposingRecordingPen(glyph_set)
        glyph_set[name].draw(recording)
        pen = TTGlyphPen(None)
        recording.replay(pen)
        simple = pen.glyph()
        simple.recalcBounds(glyf)
        glyf[name] = simple
        flattened += 1
    font.save(target)
    return flattened


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    count = flatten(sys.argv[1], sys.argv[2])
    print(f"flattened {count} composite glyphs into {sys.argv[2]}")
