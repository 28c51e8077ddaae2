#!/usr/bin/python3
"""Compares each page of a PDF with an independent drawing of the text it should show.

Page N of PDF must show line N of SAMPLE (a UTF-8 text file; lines starting with '#' are
comments, and a '# font: …' comment names the font when --font is not given: a file, relative
to the repository or absolute, FILE:INDEX, or a fontconfig family name).

The reference is made without the PDF writer, its subsetter or its fonts: fontTools reads the
original font file and draws each character's nominal glyph (cmap) as a filled path, composites
decomposed by fontTools itself, at the advance the engine measures (hmtx, thousandths of an em
truncated toward zero). Both files are rasterized by pdftoppm at 288 dpi and cropped to their ink,
which must agree in:

  - the size of the ink's bounding box (width within 1%, height within 4%, plus 4 pixels),
  - the amount of ink (within 6%),
  - the ink of every cell of a third of an em: no cell may differ by more than 0.45 of the average
    cell of the reference.

A base letter missing under its accent, a missing dot below, a box (U+FFFD or .notdef) for a real
character, or the wrong glyph changes a cell well beyond that; the difference between poppler
drawing a glyph of an embedded font and filling the same outline as a path stays far within it
(at most about 0.3 on the samples).

Text that is shaped (joined Arabic, Indic conjuncts and reordered vowel signs, right-to-left
lines) has no nominal-glyph reference: with --reference shaped, each line is drawn instead by
HarfBuzz's own hb-view (libharfbuzz-bin), which shapes it (direction and script from the text,
standard ligatures and kerning off, as paginate's defaults) and draws it through cairo, never
touching the PDF writer. (hb-view is not the default because the cairo it draws with clips ink
above the font's bounding box: stacked Vietnamese marks such as the hook of U+1EB2 lose their
top, which is a difference in the reference, not in the PDF.)

Usage: compare-pdf-rendering.py PDF SAMPLE [--font FONT] [--size POINTS] [--keep DIR]
                                [--reference nominal|shaped]
Exit status: 0 when every line matches, 1 when one does not (each is reported), 2 on bad input.
"""

import os
import subprocess
import sys
import tempfile

import numpy
from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

RESOLUTION = 288


def read_pgm(path):
    with open(path, "rb") as handle:
        data = handle.read()
    fields, index = [], 0
    while len(fields) < 4:
        while data[index:index + 1].isspace():
            index += 1
        if data[index:index + 1] == b"#":
            while data[index:index + 1] not in (b"\n", b""):
                index += 1
            continue
        start = index
        while not data[index:index + 1].isspace():
            index += 1
        fields.append(data[start:index])
    if fields[0] != b"P5":
        raise ValueError(f"{path} is not a binary grey map")
    width, height = int(fields[1]), int(fields[2])
    pixels = numpy.frombuffer(data[index + 1:index + 1 + width * height], dtype=numpy.uint8)
    return pixels.reshape(height, width)


def rasterize(pdf, page, directory, name):
    prefix = os.path.join(directory, name)
    subprocess.run(["pdftoppm", "-r", str(RESOLUTION), "-gray", "-f", str(page), "-l", str(page), "-singlefile", pdf, prefix],
                   check=True, capture_output=True)
    return read_pgm(prefix + ".pgm")


class PathPen(BasePen):
    """Collects a glyph's outline as PDF path operators, scaled and moved into place."""

    def __init__(self, glyph_set, scale, x, y):
        super().__init__(glyph_set)
        self.scale, self.x, self.y, self.operators = scale, x, y, []

    def point(self, point):
        return f"{self.x + point[0] * self.scale:.3f} {self.y + point[1] * self.scale:.3f}"

    def _moveTo(self, point):
        self.operators.append(f"{self.point(point)} m")

    def _lineTo(self, point):
        self.operators.append(f"{self.point(point)} l")

    def _curveToOne(self, first, second, third):
        self.operators.append(f"{self.point(first)} {self.point(second)} {self.point(third)} c")

    def _closePath(self):
        self.operators.append("h")


def reference_pdf(lines, path, face, size, destination):
    """A PDF with one page per line, each glyph drawn as a filled path from the original font file:
    each character's nominal glyph (cmap), composites decomposed by fontTools, placed at the advance
    the engine measures (hmtx, in thousandths of an em truncated toward zero, as the PDF's /W)."""
    font = TTFont(path, fontNumber=int(face or 0))
    glyph_set, cmap = font.getGlyphSet(), font.getBestCmap()
    metrics, units = font["hmtx"].metrics, font["head"].unitsPerEm
    scale = size / units
    pages = []
    for line in lines:
        x, operators = 16.0, []
        for character in line:
            name = cmap.get(ord(character), ".notdef")
            pen = PathPen(glyph_set, scale, x, 2 * size)
            glyph_set[name].draw(pen)
            if pen.operators:
                operators.append(" ".join(pen.operators) + " f")
            x += int(metrics[name][0] * 1000 / units) * size / 1000
        pages.append((x + 16, 4 * size, "\n".join(operators).encode()))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None]
    kids = []
    for width, height, content in pages:
        number = len(objects) + 1
        kids.append(f"{number} 0 R")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width:.3f} {height:.3f}] /Contents {number + 1} 0 R >>".encode())
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    output, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(output))
        output += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    start = len(output)
    output += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        output += b"%010d 00000 n \n" % offset
    output += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
    with open(destination, "wb") as handle:
        handle.write(output)


def shaped_reference(line, path, face, size, directory, number):
    """Line `number` shaped and drawn by hb-view into a PDF of its own, rasterized like the rest."""
    output = os.path.join(directory, f"shaped-{number}.pdf")
    subprocess.run(["hb-view", f"--font-file={path}", f"--face-index={face or 0}", f"--font-size={size:g}",
                    "--margin=16", "--features=-liga,-clig,-kern", "--output-format=pdf", f"--output-file={output}",
                    f"--text={line}"], check=True, capture_output=True)
    return rasterize(output, 1, directory, f"reference-{number}")


def ink(image):
    """The image cropped to its ink, as darkness (0 paper … 1 black); None when blank."""
    darkness = (255 - image.astype(numpy.float64)) / 255
    rows = numpy.where((darkness > 0.35).any(axis=1))[0]
    columns = numpy.where((darkness > 0.35).any(axis=0))[0]
    if len(rows) == 0:
        return None
    return darkness[rows[0]:rows[-1] + 1, columns[0]:columns[-1] + 1]


def cells(crop, shape, cell):
    """Ink summed over square cells of `cell` pixels, the crop placed top left in `shape`."""
    height = -(-shape[0] // cell) * cell
    width = -(-shape[1] // cell) * cell
    padded = numpy.zeros((height, width))
    padded[:crop.shape[0], :crop.shape[1]] = crop
    return padded.reshape(height // cell, cell, width // cell, cell).sum(axis=(1, 3))


def compare(actual, expected, em):
    """Why two crops differ, or None when they agree; `em` is the font size in pixels."""
    if actual is None or expected is None:
        return "blank" if actual is None else "unexpected ink where the reference is blank"
    (ah, aw), (eh, ew) = actual.shape, expected.shape
    if abs(aw - ew) > 0.01 * ew + 4:
        return f"ink is {aw} px wide, the reference {ew} px"
    if abs(ah - eh) > 0.04 * eh + 4:
        return f"ink is {ah} px high, the reference {eh} px"
    ratio = actual.sum() / expected.sum()
    if abs(ratio - 1) > 0.06:
        return f"{ratio:.0%} of the reference's ink"
    shape = (max(ah, eh), max(aw, ew))
    cell = max(1, int(em / 3))
    mine, theirs = cells(actual, shape, cell), cells(expected, shape, cell)
    worst = numpy.abs(mine - theirs).max() / theirs[theirs > 0].mean()
    if worst > 0.45:
        row, column = numpy.unravel_index(numpy.abs(mine - theirs).argmax(), mine.shape)
        return (f"ink differs locally by {worst:.2f} of an average cell, about {column * cell / em:.1f} em "
                f"from the left edge of the ink")
    return None


def resolve_font(font):
    """(file, face index) for a file (absolute, or relative to the repository), FILE:INDEX, or a
    fontconfig name such as 'Noto Sans CJK SC'."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path, _, face = font.rpartition(":") if font.rpartition(":")[2].isdigit() else (font, "", "0")
    for candidate in (path, os.path.join(root, path)):
        if os.path.isfile(candidate):
            return candidate, face or "0"
    found = subprocess.run(["fc-match", "-f", "%{file}\\n%{index}\\n%{family}", font], capture_output=True, text=True, check=True)
    file, index, family = (found.stdout.split("\n") + ["", "", ""])[:3]
    if font.split(":")[0].lower() not in family.lower():
        raise ValueError(f"no installed font is named '{font}' (fontconfig offers '{family}')")
    return file, index


def sample_lines(path):
    lines, font = [], None
    with open(path, encoding="utf-8") as handle:
        for line in handle.read().split("\n"):
            if line.startswith("# font:"):
                font = line[len("# font:"):].strip()
            elif line and not line.startswith("#"):
                lines.append(line)
    return lines, font


def main(arguments):
    options = {"--font": None, "--size": "24", "--keep": None, "--reference": "nominal"}
    positional = []
    index = 0
    while index < len(arguments):
        if arguments[index] in options and index + 1 < len(arguments):
            options[arguments[index]] = arguments[index + 1]
            index += 2
        else:
            positional.append(arguments[index])
            index += 1
    if len(positional) != 2:
        print("usage: compare-pdf-rendering.py PDF SAMPLE [--font FILE[:INDEX]] [--size POINTS] [--keep DIR] "
              "[--reference nominal|shaped]", file=sys.stderr)
        return 2
    if options["--reference"] not in ("nominal", "shaped"):
        print("compare-pdf-rendering: --reference must be nominal or shaped", file=sys.stderr)
        return 2
    pdf, sample = positional
    lines, named = sample_lines(sample)
    font = options["--font"] or named
    if not font:
        print(f"compare-pdf-rendering: {sample} names no font; pass --font", file=sys.stderr)
        return 2
    path, face = resolve_font(font)
    directory = options["--keep"] or tempfile.mkdtemp(prefix="compare-pdf-")
    os.makedirs(directory, exist_ok=True)
    failures = 0
    shaped = options["--reference"] == "shaped"
    reference = os.path.join(directory, "reference.pdf")
    if not shaped:
        reference_pdf(lines, path, face, float(options["--size"]), reference)
    for number, line in enumerate(lines, start=1):
        actual = ink(rasterize(pdf, number, directory, f"actual-{number}"))
        if shaped:
            expected = ink(shaped_reference(line, path, face, float(options["--size"]), directory, number))
        else:
            expected = ink(rasterize(reference, number, directory, f"reference-{number}"))
        problem = compare(actual, expected, float(options["--size"]) * RESOLUTION / 72)
        if problem:
            failures += 1
            print(f"line {number} differs: {problem}: {line}")
        else:
            print(f"line {number} matches: {line}")
    if failures:
        print(f"FAIL: {failures} of {len(lines)} lines differ from the reference rendering")
        return 1
    print(f"OK: all {len(lines)} lines match the reference rendering")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (OSError, ValueError, subprocess.CalledProcessError) as error:
        print(f"compare-pdf-rendering: {error}", file=sys.stderr)
        sys.exit(2)
