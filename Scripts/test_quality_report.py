"""Unit tests for quality-report.py's pure functions, on a small made-up `pdftotext -bbox-layout` page.

    cd Scripts && python3 -m unittest test_quality_report
"""
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("quality_report", os.path.join(HERE, "quality-report.py"))
qr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(qr)

SPACE = 4.0  # natural space of the made-up font; stretch 2, shrink 4/3


def xhtml(pages):
    """A bbox-layout document: pages of lines of (x0, x1, text) words at a line's top y (height 10)."""
    out = ['<!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><body><doc>']
    for lines in pages:
        out.append('<page width="200.000000" height="100.000000"><flow><block>')
        for y, words in lines:
            out.append(f'<line xMin="0" yMin="{y}" xMax="0" yMax="{y + 10}">')
            out.extend(f'<word xMin="{x0}" yMin="{y}" xMax="{x1}" yMax="{y + 10}">{text}</word>'
                       for x0, x1, text in words)
            out.append('</line>')
        out.append('</block></flow></page>')
    out.append('</doc></body></html>')
    return "\n".join(out)


# Text block x 10-190, pitch 12. Page 1: a stretched line (split by pdftotext into two lines at
# the same height), a shrunk hyphenated line, a paragraph's short last line, then after a
# paragraph gap a new paragraph's first line alone at the foot (an orphan). Page 2: that
# paragraph's last line alone at the head (a widow), then a paragraph whose first line has one
# gap of 10 (a river, r = +3).
DOCUMENT = xhtml([
    [(10, [(10, 50, "aaa"), (56, 100, "bbb")]),
     (10, [(106, 190, "ccc")]),
     (22, [(10, 60, "ddd"), (63, 120, "eee"), (123, 190, "ff-")]),
     (34, [(10, 40, "gg"), (44, 60, "hh&amp;")]),
     (58, [(10, 100, "iii"), (104, 190, "jjj")])],
    [(10, [(10, 30, "kk"), (34, 80, "ll")]),
     (34, [(10, 30, "mm"), (40, 190, "nnn")]),
     (46, [(10, 30, "oo")])],
])


def report(document=DOCUMENT):
    pages = qr.parse_bbox_layout(document)
    lines = qr.build_lines(pages)
    geometry = qr.Geometry(lines, 200.0, 0.5)
    return lines, geometry, qr.measure(lines, geometry, SPACE)


class AdjustmentRatio(unittest.TestCase):
    def test_tex_model(self):
        self.assertAlmostEqual(qr.adjustment_ratio([6, 6], SPACE), 1.0)      # +2 per gap = all stretch
        self.assertAlmostEqual(qr.adjustment_ratio([3, 3], SPACE), -0.75)    # -1 of 4/3 shrink
        self.assertAlmostEqual(qr.adjustment_ratio([4], SPACE), 0.0)
        self.assertAlmostEqual(qr.adjustment_ratio([SPACE * 2 / 3], SPACE), -1.0)


class Report(unittest.TestCase):
    def test_lines_rebuilt(self):
        lines, geometry, _ = report()
        self.assertEqual([l.text for l in lines[:2]], ["aaa bbb ccc", "ddd eee ff-"])
        self.assertEqual(lines[2].text, "gg hh&")                     # entities decoded
        self.assertEqual((geometry.left[0], geometry.right[0], geometry.pitch), (10.0, 190.0, 12.0))
        self.assertTrue(geometry.justified)

    def test_figures(self):
        lines, _, figures = report()
        self.assertEqual([l.paragraph_last for l in lines], [False, False, True, False, True, False, True])
        self.assertEqual([round(l.ratio, 3) if l.ratio is not None else None for l in lines],
                         [1.0, -0.75, None, 0.0, None, 3.0, None])
        self.assertEqual(figures["justified_lines"], 4)
        self.assertAlmostEqual(figures["mean_abs_ratio"], (1 + 0.75 + 0 + 3) / 4)
        self.assertAlmostEqual(figures["max_abs_ratio"], 3.0)
        self.assertEqual((figures["max_abs_ratio_at"]["page"], figures["max_abs_ratio_at"]["line"]), (2, 2))
        self.assertEqual((figures["hyphenated_lines"], figures["consecutive_hyphen_pairs"]), (1, 0))
        self.assertEqual((figures["widows"], figures["orphans"], figures["rivers"]), (1, 1, 1))
        self.assertTrue(lines[3].orphan and lines[4].widow)

    def test_column_ended_early_splits_no_paragraph(self):
        # Page 1's last line moved up a pitch (y 58 -> 46; page 2's last line goes to 58, so the
        # lowest foot stays at 58): page 1 had room for another line, so its paragraph is taken
        # to end there, whatever the line's length: no orphan, and no widow on page 2.
        document = (DOCUMENT.replace('yMin="46"', 'yMin="@"').replace('yMax="56"', 'yMax="@@"')
                    .replace('yMin="58"', 'yMin="46"').replace('yMax="68"', 'yMax="56"')
                    .replace('yMin="@"', 'yMin="58"').replace('yMax="@@"', 'yMax="68"'))
        lines, _, figures = report(document)
        self.assertTrue(lines[3].early_end)
        self.assertEqual((figures["widows"], figures["orphans"]), (0, 0))

    def test_hyphen_rules(self):
        line = lambda text: qr.Line(1, [qr.Word(0, 0, 10, 10, text)])
        self.assertTrue(qr.is_hyphenated(line("con-")))
        self.assertTrue(qr.is_hyphenated(line("con\u00ad")))      # Typst maps its hyphen to U+00AD
        self.assertFalse(qr.is_hyphenated(line("tour--")))        # a dash, not a hyphenation
        self.assertFalse(qr.is_hyphenated(line("-")))
        self.assertFalse(qr.is_hyphenated(line("word\u2014")))    # em dash


class Font(unittest.TestCase):
    def test_dejavu_space_and_hyphen(self):
        font = os.path.join(HERE, "..", "Fonts", "DejaVuSerif.ttf")
        if not os.path.exists(font):
            self.skipTest("no Fonts/DejaVuSerif.ttf")
        units, advances = qr.font_advances(font, " -")
        self.assertEqual((units, advances[" "], advances["-"]), (2048, 651, 692))


if __name__ == "__main__":
    unittest.main()
