#!/usr/bin/env python3
"""Typography quality report for a rendered PDF: spacing, hyphens, widows, orphans, rivers.

    Scripts/quality-report.py BOOK.pdf [--font FONT.ttf] [--size PT] [--json]

Measures the PDF alone, so paginate's output and another typesetter's (Typst) can be compared
by the same rules. Needs Python 3.8+ and poppler's `pdftotext` (Debian: poppler-utils); the font
is read by this script (a plain TrueType/OpenType file; no Python package needed).

What it measures
----------------
Word boxes come from `pdftotext -bbox-layout`. A word's box runs from its first glyph's origin to
its last glyph's advance, so the gap between two boxes of a line is the width the space took on
the page. Lines are rebuilt from those boxes: per page, lines whose x-ranges overlap form a
column (the document's most common count of columns per page is used on every page); lines
of a column at the same height are merged; columns read left to right, lines top to bottom.

  natural space  s = the font's space advance x size (--font, --size), or --space-width PT, or
                 with --space-width auto the most common gap on lines that stop short of the
                 right edge (ragged and paragraph-last lines are set at natural spacing). That
                 measured gap is printed in any case, as a check of the model.
  space model    TeX's for a text font: a space stretches by s/2 and shrinks by s/3.
  adjustment r   for a line with n gaps of total width G:
                     r = (G - n*s) / (n*s/2)   when G >= n*s   (stretched; 1 = all stretch used)
                     r = (G - n*s) / (n*s/3)   when G <  n*s   (shrunk; -1 = all shrink used)
                 Only justified lines count: lines that reach the measure's right edge (within
                 --tolerance; lines hanging past it count) and do not end a paragraph, with at
                 least one gap.
  measure        the text block's left edge is the most common line start; its right edge the
                 most common line end. The text counts as justified when at least 30% of lines
                 end there; otherwise (ragged) the right edge is the page width minus the left
                 margin (symmetric margins), or the longest lines' end if some pass it.
                 --left/--right override both.
  hyphenated     a line whose last word ends in a letter followed by '-' (U+002D), U+2010 or a
                 soft hyphen (U+00AD, which some PDFs map the drawn hyphen to). A compound broken
                 at its own hyphen ("well-" / "known") cannot be told apart from the PDF and is
                 counted too; a line ending in "--" or a dash is not.
  consecutive    pairs of hyphenated lines in a row, in reading order (across page breaks too);
                 the longest run is reported as well.
  rivers         lines with at least one gap wider than 2 x s (any line, justified or not).
  paragraphs     a line ends its paragraph when any of these holds:
                   - it is the document's last line;
                   - the text is justified and the line stops short of the right edge;
                   - the next line of the same column is more than 1.15 line pitches lower
                     (paragraph spacing; the pitch is the most common line-to-line distance);
                   - the next line (in reading order, across page breaks too) starts indented;
                   - the next line's first word would have fitted after this line with a natural
                     space (a break no line breaker would choose inside a paragraph; skipped for
                     hyphenated lines).
  early end      the last line of a column that had room for one more line (it sits a pitch or
                 more above the lowest line of any column): the next line was sent on, by the
                 space before a paragraph or a chapter, or by widow/orphan control. Either way no
                 paragraph is split there, so no widow or orphan is counted across it. (This
                 catches a paragraph's last line that fills the measure at a column's foot.)
  orphan         a column's last line is the first line of a paragraph that goes on in the next
                 column or page.
  widow          a column's first line is the last line of a paragraph that began in an earlier
                 column or page.

Known limits (the heuristics read geometry only):
  - One font and size: every gap has the same natural width. A run of several spaces in the
    source is one gap on the page, so a table-of-contents line with a row of spaces looks like
    a huge stretch (and a river); the 99th percentile of |r| is printed beside the maximum.
  - Gaps include any kerning against the space and the PDF's rounded glyph widths (~0.01 pt).
  - Running heads, footers or page numbers would be read as text lines.
  - A paragraph's last line that fills the measure (shrunk to fit) is seen only through the gap
    after it or its column ending early; at the foot of a full column it reads as going on,
    which can report a false orphan or widow. The same holds in ragged text for a last line
    long enough that the next word would not have fitted. A justified line left underfull, or a
    ragged paragraph broken early on purpose, looks like a paragraph end.
  - Hyphenated compounds broken at their hyphen are counted as hyphenations.
  - Columns are found from lines that overlap horizontally: a heading spanning two columns
    merges them on its page.

Options: --dump-lines N prints N lines (from --dump-page P) with their gaps, ratio and flags;
--list prints where widows, orphans, rivers, hyphen pairs and the extreme ratios are; --json
prints everything as JSON.
"""
import argparse
import collections
import html
import json
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys

HYPHENS = "-\u2010\u00ad"
STRETCH = 1 / 2          # TeX: a text font's space stretches by half its width...
SHRINK = 1 / 3           # ...and shrinks by a third of it.
RIVER_FACTOR = 2.0
PARAGRAPH_GAP = 1.15     # a line-to-line distance above this many pitches separates paragraphs
JUSTIFIED_SHARE = 0.30   # this share of lines ending at one x makes the text justified


# ---------------------------------------------------------------------------------------------
# Font: the space and hyphen advances, read from the TrueType tables directly
# ---------------------------------------------------------------------------------------------

def font_advances(path, characters):
    """Returns (unitsPerEm, {character: advance in font units}) for a .ttf/.otf file.

    Reads `head`, `hhea`, `hmtx` and a Unicode `cmap` subtable (format 4 or 12): a few struct
    calls, so the report needs no font library.
    """
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:4] == b"ttcf":
        raise ValueError(f"{path}: a font collection; pass one face's file or --space-width")
    tables = {}
    (count,) = struct.unpack_from(">H", data, 4)
    for index in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        tables[tag.decode("latin-1")] = (offset, length)
    for tag in ("head", "hhea", "hmtx", "cmap"):
        if tag not in tables:
            raise ValueError(f"{path}: no '{tag}' table")
    (units_per_em,) = struct.unpack_from(">H", data, tables["head"][0] + 18)
    (metric_count,) = struct.unpack_from(">H", data, tables["hhea"][0] + 34)
    glyphs = _cmap_lookup(data, tables["cmap"][0], [ord(c) for c in characters])

    def advance(glyph):
        # Glyphs past the last long metric share its advance (monospaced tails).
        slot = min(glyph, metric_count - 1)
        return struct.unpack_from(">H", data, tables["hmtx"][0] + 4 * slot)[0]

    return units_per_em, {c: advance(glyphs[ord(c)]) for c in characters if glyphs.get(ord(c))}


def _cmap_lookup(data, cmap, code_points):
    """Glyph ids of code_points from the best Unicode subtable (format 12, else format 4)."""
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    subtables = {}
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * index)
        (form,) = struct.unpack_from(">H", data, cmap + offset)
        if platform == 0 or (platform == 3 and encoding in (1, 10)):
            subtables.setdefault(form, cmap + offset)
    found = {}
    if 12 in subtables:
        table = subtables[12]
        (groups,) = struct.unpack_from(">I", data, table + 12)
        for group in range(groups):
            start, end, glyph = struct.unpack_from(">III", data, table + 16 + 12 * group)
            for code in code_points:
                if start <= code <= end:
                    found[code] = glyph + code - start
        return found
    if 4 not in subtables:
        raise ValueError("no Unicode cmap subtable (format 4 or 12)")
    table = subtables[4]
    (segments_x2,) = struct.unpack_from(">H", data, table + 6)
    ends = table + 14
    starts = ends + segments_x2 + 2
    deltas = starts + segments_x2
    range_offsets = deltas + segments_x2
    for code in code_points:
        for segment in range(segments_x2 // 2):
            (end,) = struct.unpack_from(">H", data, ends + 2 * segment)
            if code > end:
                continue
            (start,) = struct.unpack_from(">H", data, starts + 2 * segment)
            if code >= start:
                (delta,) = struct.unpack_from(">h", data, deltas + 2 * segment)
                at = range_offsets + 2 * segment
                (range_offset,) = struct.unpack_from(">H", data, at)
                if range_offset == 0:
                    found[code] = (code + delta) & 0xFFFF
                else:
                    # idRangeOffset is relative to its own position in the array.
                    (glyph,) = struct.unpack_from(">H", data, at + range_offset + 2 * (code - start))
                    found[code] = (glyph + delta) & 0xFFFF if glyph else 0
            break
    return found


# ---------------------------------------------------------------------------------------------
# PDF -> pages of word boxes (pdftotext -bbox-layout)
# ---------------------------------------------------------------------------------------------

Word = collections.namedtuple("Word", "x0 y0 x1 y1 text")


class Line:
    """One visual line of one column: its words left to right and what the report finds in it."""

    def __init__(self, page, words):
        self.page = page                 # 1-based page number
        self.column = 0                  # 0-based column of its page
        self.index = 1                   # 1-based line number in its column
        self.words = sorted(words, key=lambda w: w.x0)
        self.paragraph_last = False
        self.early_end = False           # last line of a column that had room for one more
        self.justified = False           # counted in the adjustment statistics
        self.ratio = None
        self.hyphenated = False
        self.river = False
        self.widow = False
        self.orphan = False

    x0 = property(lambda self: self.words[0].x0)
    x1 = property(lambda self: self.words[-1].x1)
    y0 = property(lambda self: min(w.y0 for w in self.words))
    y1 = property(lambda self: max(w.y1 for w in self.words))
    text = property(lambda self: " ".join(w.text for w in self.words))

    def gaps(self):
        return [b.x0 - a.x1 for a, b in zip(self.words, self.words[1:])]


_TAG = re.compile(r'<page width="([-\d.]+)" height="([-\d.]+)"|<line\b|'
                  r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>', re.S)


def parse_bbox_layout(xhtml):
    """Pages of pdftotext's lines: [(page width, [[Word, ...], ...]), ...]."""
    pages = []
    for match in _TAG.finditer(xhtml):
        if match.group(1) is not None:
            pages.append((float(match.group(1)), []))
        elif match.group(3) is None:
            if pages:
                pages[-1][1].append([])
        elif pages and pages[-1][1]:
            x0, y0, x1, y1 = (float(match.group(i)) for i in range(3, 7))
            pages[-1][1][-1].append(Word(x0, y0, x1, y1, html.unescape(match.group(7))))
    return [(width, [line for line in lines if line]) for width, lines in pages]


def _column_spans(raw_lines):
    """Groups one page's raw lines into runs whose x-ranges overlap: [(left x, [raw lines]), ...]."""
    spans = sorted((min(w.x0 for w in l), max(w.x1 for w in l), l) for l in raw_lines)
    groups = []                          # [left, right so far, [raw lines]]
    for x0, x1, raw in spans:
        if groups and x0 < groups[-1][1]:
            groups[-1][1] = max(groups[-1][1], x1)
            groups[-1][2].append(raw)
        else:
            groups.append([x0, x1, [raw]])
    return [(left, raws) for left, _, raws in groups]


def build_lines(pages, columns=None):
    """Visual lines in reading order, each tagged with its page and column.

    pdftotext may split one visual line into several (a wide gap starts a new block) and orders
    blocks its own way, so the order is rebuilt from geometry. Columns are runs of lines whose
    x-ranges overlap; the document's column count is the most common count per page (or
    `columns`), and every line goes to the last column whose usual left edge it reaches, so a
    page of short lines with numbers at the right (a table of contents) stays one column.
    Within a column, lines at the same height are one line.
    """
    per_page = [_column_spans(raw_lines) for _, raw_lines in pages]
    if columns is None:
        counts = collections.Counter(len(spans) for spans in per_page if spans)
        columns = counts.most_common(1)[0][0] if counts else 1
    lefts = [0.0]
    if columns > 1:
        typical = [spans for spans in per_page if len(spans) == columns]
        if not typical:
            raise ValueError(f"no page has {columns} separate columns of text")
        lefts = [mode([spans[i][0] for spans in typical], 0.1) for i in range(columns)]
    result = []
    for page_number, spans in enumerate(per_page, start=1):
        by_column = collections.defaultdict(list)
        for left, raws in spans:
            index = max([i for i, edge in enumerate(lefts) if edge <= left + 1.0], default=0)
            by_column[index].extend(raws)
        for index in sorted(by_column):
            merged = []
            for raw in sorted(by_column[index], key=lambda l: min(w.y0 for w in l)):
                top = min(w.y0 for w in raw)
                height = max(w.y1 for w in raw) - top
                if merged and abs(merged[-1][0] - top) < 0.5 * height:
                    merged[-1][1].extend(raw)
                else:
                    merged.append([top, list(raw)])
            for position, (_, words) in enumerate(merged, start=1):
                line = Line(page_number, words)
                line.column, line.index = index, position
                result.append(line)
    return result


def run_pdftotext(pdf):
    if shutil.which("pdftotext") is None:
        sys.exit("quality-report: pdftotext not found; install poppler-utils (apt-get install poppler-utils)")
    process = subprocess.run(["pdftotext", "-bbox-layout", "-enc", "UTF-8", pdf, "-"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if process.returncode != 0:
        sys.exit(f"quality-report: pdftotext failed on {pdf}: {process.stderr.decode(errors='replace').strip()}")
    return process.stdout.decode("utf-8", errors="replace")


# ---------------------------------------------------------------------------------------------
# Geometry of the text block
# ---------------------------------------------------------------------------------------------

def mode(values, step):
    """The most common value at a resolution of `step`, refined to the median of its bin's values."""
    if not values:
        return None
    bins = collections.Counter(round(v / step) for v in values)
    best = bins.most_common(1)[0][0]
    return statistics.median(v for v in values if round(v / step) == best)


class Geometry:
    """The measure of each column index, the line pitch and whether the text is justified."""

    def __init__(self, lines, page_width, tolerance, left=None, right=None):
        self.tolerance = tolerance
        columns = sorted({l.column for l in lines})
        self.left, self.right, self.share = {}, {}, {}
        for column in columns:
            members = [l for l in lines if l.column == column]
            start = left if left is not None else mode([l.x0 for l in members], 0.1)
            end = mode([l.x1 for l in members], 0.1)
            share = sum(abs(l.x1 - end) <= tolerance for l in members) / len(members)
            self.share[column] = share
            if right is not None:
                end = right
            elif share < JUSTIFIED_SHARE:
                # Ragged: no common end. Assume symmetric margins on a one-column page unless
                # the longest lines (ignoring the 0.5% widest, e.g. an unbreakable URL) pass it.
                ends = sorted(l.x1 for l in members)
                longest = ends[min(len(ends) - 1, int(len(ends) * 0.995))]
                end = max(page_width - start, longest) if len(columns) == 1 else longest
            self.left[column], self.right[column] = start, end
        self.justified = bool(self.share) and min(self.share.values()) >= JUSTIFIED_SHARE
        # The lowest line top of each column: a column whose last line sits a pitch or more above
        # it had room for one more line.
        self.foot = {}
        for a, b in zip(lines, lines[1:] + [None]):
            if b is None or (a.page, a.column) != (b.page, b.column):
                self.foot[a.column] = max(self.foot.get(a.column, a.y0), a.y0)
        deltas = [b.y0 - a.y0 for a, b in zip(lines, lines[1:])
                  if (a.page, a.column) == (b.page, b.column) and b.y0 > a.y0]
        self.pitch = mode(deltas, 0.05) or 0.0


# ---------------------------------------------------------------------------------------------
# The measurements
# ---------------------------------------------------------------------------------------------

def is_hyphenated(line):
    last = line.words[-1].text
    return len(last) >= 2 and last[-1] in HYPHENS and last[-2].isalpha()


def adjustment_ratio(gaps, space):
    """TeX's ratio for a line whose n gaps total G: stretch s/2 and shrink s/3 per space."""
    natural = len(gaps) * space
    excess = sum(gaps) - natural
    return excess / (natural * STRETCH) if excess >= 0 else excess / (natural * SHRINK)


def find_paragraph_ends(lines, geometry, space):
    """Sets line.paragraph_last by the rules of the module's docstring."""
    tolerance = geometry.tolerance
    for i, line in enumerate(lines):
        following = lines[i + 1] if i + 1 < len(lines) else None
        right = geometry.right[line.column]
        if following is None:
            line.paragraph_last = True
            continue
        same_column = (line.page, line.column) == (following.page, following.column)
        short = geometry.justified and line.x1 < right - tolerance
        spaced = same_column and following.y0 - line.y0 > PARAGRAPH_GAP * geometry.pitch
        indented = following.x0 > geometry.left[following.column] + max(tolerance, 1.0)
        first = following.words[0]
        fits = (not is_hyphenated(line)
                and line.x1 + space + (first.x1 - first.x0) <= right - tolerance)
        line.paragraph_last = short or spaced or indented or fits
        line.early_end = not same_column and line.y0 + geometry.pitch <= geometry.foot[line.column] + 0.1


def observed_space(lines, geometry):
    """The most common gap on lines that stop short of the right edge, which are set at natural
    spacing (ragged lines, paragraphs' last lines), or None if there are none."""
    gaps = [g for l in lines if l.x1 < geometry.right[l.column] - geometry.tolerance for g in l.gaps()]
    return mode(gaps, 0.01)


def measure(lines, geometry, space):
    """Fills in each line's flags and returns the report's figures."""
    find_paragraph_ends(lines, geometry, space)
    for line in lines:
        gaps = line.gaps()
        line.hyphenated = is_hyphenated(line)
        line.river = any(g > RIVER_FACTOR * space + 0.01 for g in gaps)
        line.justified = (geometry.justified and not line.paragraph_last and bool(gaps)
                          and line.x1 >= geometry.right[line.column] - geometry.tolerance)
        if line.justified:
            line.ratio = adjustment_ratio(gaps, space)

    # Containers (a column of a page) and the paragraphs that cross their edges.
    for i, line in enumerate(lines):
        previous = lines[i - 1] if i > 0 else None
        following = lines[i + 1] if i + 1 < len(lines) else None
        container_first = previous is None or (previous.page, previous.column) != (line.page, line.column)
        container_last = following is None or (following.page, following.column) != (line.page, line.column)
        # A paragraph crosses from one column to the next unless a line ends it or its column
        # ended early.
        continues = not line.paragraph_last and not line.early_end
        paragraph_first = previous is None or previous.paragraph_last or previous.early_end
        if container_first and previous is not None and line.paragraph_last \
                and not (previous.paragraph_last or previous.early_end):
            line.widow = True
        if container_last and following is not None and paragraph_first and continues:
            line.orphan = True

    ratios = [l.ratio for l in lines if l.ratio is not None]
    pairs = [(a, b) for a, b in zip(lines, lines[1:]) if a.hyphenated and b.hyphenated]
    longest, run = 0, 0
    for line in lines:
        run = run + 1 if line.hyphenated else 0
        longest = max(longest, run)
    extreme = max((l for l in lines if l.ratio is not None), key=lambda l: abs(l.ratio), default=None)
    return {
        "pages": len({l.page for l in lines}),
        "lines": len(lines),
        "paragraph_ends": sum(l.paragraph_last for l in lines),
        "early_column_ends": sum(l.early_end and not l.paragraph_last for l in lines),
        "justified_lines": len(ratios),
        "mean_abs_ratio": statistics.fmean(abs(r) for r in ratios) if ratios else None,
        "max_abs_ratio": abs(extreme.ratio) if extreme else None,
        "max_abs_ratio_at": where(extreme) if extreme else None,
        "p99_abs_ratio": percentile([abs(r) for r in ratios], 0.99),
        "mean_ratio": statistics.fmean(ratios) if ratios else None,
        "lines_ratio_above_1": sum(r > 1 for r in ratios),
        "lines_ratio_below_minus_1": sum(r < -1 for r in ratios),
        "hyphenated_lines": sum(l.hyphenated for l in lines),
        "consecutive_hyphen_pairs": len(pairs),
        "longest_hyphen_run": longest,
        "hyphenated_column_ends": sum(l.hyphenated for i, l in enumerate(lines)
                                      if i + 1 == len(lines) or (lines[i + 1].page, lines[i + 1].column) != (l.page, l.column)),
        "widows": sum(l.widow for l in lines),
        "orphans": sum(l.orphan for l in lines),
        "rivers": sum(l.river for l in lines),
    }


def percentile(values, share):
    """The value below which `share` of the values lie (nearest rank), or None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def where(line):
    """A line's location: page, column, line number in its column, and its text."""
    return {"page": line.page, "column": line.column + 1, "line": line.index, "text": line.text}


# ---------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------

def number(value, digits=3):
    return "n/a" if value is None else f"{value:.{digits}f}" if isinstance(value, float) else str(value)


def print_table(name, figures, model, geometry):
    print(f"Typography quality report: {name}")
    print(f"  model: natural space {model['space']:.3f} pt ({model['space_source']}; "
          f"most common gap on short lines {number(model['observed_space'], 3)} pt)")
    print("         stretch = 1/2 space, shrink = 1/3 space (TeX's spacing for a text font); "
          "river = a gap wider than 2 spaces")
    blocks = ", ".join(f"x {geometry.left[c]:.2f}-{geometry.right[c]:.2f} ({geometry.share[c]:.0%} of lines end there)"
                       for c in sorted(geometry.left))
    print(f"  text block: {blocks}; line pitch {geometry.pitch:.2f} pt; "
          f"{'justified' if geometry.justified else 'ragged (no adjustment statistics)'}")
    at = figures["max_abs_ratio_at"]
    rows = [
        ("pages", figures["pages"]),
        ("lines", figures["lines"]),
        ("paragraph ends found", figures["paragraph_ends"]),
        ("columns ended early, no paragraph end seen", figures["early_column_ends"]),
        ("justified lines measured", figures["justified_lines"]),
        ("mean |adjustment ratio|", number(figures["mean_abs_ratio"])),
        ("max |adjustment ratio|", number(figures["max_abs_ratio"]) +
         (f"  (page {at['page']}, line {at['line']})" if at else "")),
        ("99th percentile |adjustment ratio|", number(figures["p99_abs_ratio"])),
        ("mean adjustment ratio (signed)", number(figures["mean_ratio"])),
        ("lines with r > 1 (beyond TeX stretch)", figures["lines_ratio_above_1"]),
        ("lines with r < -1 (beyond TeX shrink)", figures["lines_ratio_below_minus_1"]),
        ("hyphenated lines", figures["hyphenated_lines"]),
        ("consecutive hyphens (line pairs)", figures["consecutive_hyphen_pairs"]),
        ("longest run of hyphenated lines", figures["longest_hyphen_run"]),
        ("hyphenated page/column ends", figures["hyphenated_column_ends"]),
        ("widows", figures["widows"]),
        ("orphans", figures["orphans"]),
        ("rivers (a gap > 2x natural space)", figures["rivers"]),
    ]
    width = max(len(label) for label, _ in rows)
    print()
    print(f"  {'metric'.ljust(width)}  value")
    print(f"  {'-' * width}  {'-' * 12}")
    for label, value in rows:
        print(f"  {label.ljust(width)}  {value}")


def flags(line):
    return "".join(mark if on else "." for mark, on in (
        ("J", line.justified), ("P", line.paragraph_last), ("H", line.hyphenated),
        ("W", line.widow), ("O", line.orphan), ("R", line.river), ("E", line.early_end)))


def dump(lines, first_page, count, space, out):
    print(f"flags: J justified (measured), P paragraph's last line, H hyphenated, W widow, O orphan, "
          f"R river, E column ended early; gaps in pt (natural {space:.3f})", file=out)
    shown = 0
    for line in lines:
        if line.page < first_page or shown >= count:
            continue
        shown += 1
        ratio = "" if line.ratio is None else f"r={line.ratio:+.3f}"
        print(f"p{line.page} c{line.column + 1} l{line.index:<3} x {line.x0:7.2f}-{line.x1:7.2f} y {line.y0:7.2f} "
              f"{flags(line)} {ratio:9} {line.text}", file=out)
        gaps = line.gaps()
        if gaps:
            print(f"      gaps: {' '.join(f'{g:.2f}' for g in gaps)}  "
                  f"(sum {sum(gaps):.2f}, natural {len(gaps) * space:.2f})", file=out)


def listing(lines, figures):
    def show(title, chosen):
        print(f"\n{title}: {len(chosen)}")
        for line in chosen:
            ratio = "" if line.ratio is None else f" r={line.ratio:+.3f}"
            print(f"  page {line.page} col {line.column + 1} line {line.index}{ratio}: {line.text}")

    show("widows", [l for l in lines if l.widow])
    show("orphans", [l for l in lines if l.orphan])
    show("rivers", [l for l in lines if l.river])
    show("consecutive hyphens (second line of each pair)",
         [b for a, b in zip(lines, lines[1:]) if a.hyphenated and b.hyphenated])
    loosest = sorted((l for l in lines if l.ratio is not None), key=lambda l: -abs(l.ratio))[:10]
    show("ten largest |r|", loosest)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="quality-report.py", description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("What it measures\n----------------\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pdf")
    parser.add_argument("--font", help="the font file the text is set in (natural space width); "
                        "default: Fonts/DejaVuSerif.ttf of this repository when --size or no --space-width is given")
    parser.add_argument("--size", type=float, default=11.0, help="font size in pt (default 11)")
    parser.add_argument("--space-width", help="natural space width in pt, or 'auto' to take the most common gap "
                        "on lines that stop short of the right edge (overrides --font/--size)")
    parser.add_argument("--left", type=float, help="left edge of the text block in pt (default: inferred)")
    parser.add_argument("--right", type=float, help="right edge of the text block in pt (default: inferred)")
    parser.add_argument("--columns", type=int, help="columns per page (default: the most common count found)")
    parser.add_argument("--tolerance", type=float, default=0.5,
                        help="how far in pt a line may stop short of the right edge and still be justified (default 0.5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--list", action="store_true", help="also list the lines behind each count")
    parser.add_argument("--dump-lines", type=int, default=0, metavar="N", help="print N lines with gaps, ratio and flags")
    parser.add_argument("--dump-page", type=int, default=1, metavar="P", help="page where --dump-lines starts (default 1)")
    args = parser.parse_args(argv)

    if not os.path.isfile(args.pdf):
        sys.exit(f"quality-report: no such file: {args.pdf}")
    pages = parse_bbox_layout(run_pdftotext(args.pdf))
    try:
        lines = build_lines(pages, args.columns)
    except ValueError as error:
        sys.exit(f"quality-report: {error}")
    if not lines:
        sys.exit(f"quality-report: no text found in {args.pdf}")
    page_width = max(width for width, _ in pages)
    geometry = Geometry(lines, page_width, args.tolerance, args.left, args.right)

    model = {"stretch": STRETCH, "shrink": SHRINK, "river_factor": RIVER_FACTOR,
             "observed_space": observed_space(lines, geometry)}
    if args.space_width == "auto":
        if model["observed_space"] is None:
            sys.exit("quality-report: no line stops short of the right edge to measure a space on; pass --space-width PT")
        model.update(space=model["observed_space"], space_source="most common gap on short lines")
    elif args.space_width is not None:
        try:
            space = float(args.space_width)
        except ValueError:
            sys.exit(f"quality-report: --space-width takes points or 'auto' (got {args.space_width!r})")
        if not space > 0:
            sys.exit("quality-report: --space-width must be positive")
        model.update(space=space, space_source="--space-width")
    else:
        font = args.font or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fonts", "DejaVuSerif.ttf")
        try:
            units, advances = font_advances(font, " -")
        except (OSError, ValueError, struct.error) as error:
            sys.exit(f"quality-report: cannot read the font ({error}); pass --font FILE or --space-width PT")
        if " " not in advances:
            sys.exit(f"quality-report: {font} has no space glyph; pass --space-width PT")
        model.update(space=advances[" "] * args.size / units,
                     space_source=f"{os.path.basename(font)} space {advances[' ']}/{units} em x {args.size:g} pt",
                     hyphen=advances.get("-", 0) * args.size / units)

    figures = measure(lines, geometry, model["space"])
    if args.json:
        print(json.dumps({"pdf": args.pdf, "model": model,
                          "text_block": {"columns": [{"left": geometry.left[c], "right": geometry.right[c],
                                                      "share_at_right_edge": geometry.share[c]}
                                                     for c in sorted(geometry.left)],
                                         "pitch": geometry.pitch, "justified": geometry.justified},
                          "figures": figures,
                          "widows": [where(l) for l in lines if l.widow],
                          "orphans": [where(l) for l in lines if l.orphan]}, indent=2, ensure_ascii=False))
    else:
        print_table(args.pdf, figures, model, geometry)
        if args.list:
            listing(lines, figures)
    if args.dump_lines:
        # After JSON, the dump goes to standard error so that standard output stays parseable.
        out = sys.stderr if args.json else sys.stdout
        print(file=out)
        dump(lines, args.dump_page, args.dump_lines, model["space"], out)


if __name__ == "__main__":
    main()
