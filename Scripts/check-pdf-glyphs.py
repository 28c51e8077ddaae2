#!/usr/bin/python3
"""Checks that every glyph a PDF's text draws has an outline in the font program embedded for it.

Text extraction cannot see a missing glyph: a subset that keeps a composite glyph but drops its
components still maps the code to the right text, and only the picture is blank. This script reads
the file the way a viewer would: for every code shown by Tj/TJ/'/" on every page, it finds the
CIDFont the selected Type0 font descends from, turns the code into a glyph (CIDToGIDMap for
TrueType, the charset for CID-keyed CFF, the glyph index otherwise), and asks fontTools whether
that glyph draws anything. A composite TrueType glyph passes only if each component exists and, in
turn, draws something, to any depth.

Codes whose ToUnicode text is only white space or invisible characters (spaces, joiners) may
draw nothing. Everything else must.

Usage: check-pdf-glyphs.py FILE.pdf [--verbose]
Exit status: 0 when every drawn glyph has ink, 1 when some do not (each is listed), 2 when the
file cannot be read. Needs qpdf (11 or later) and python3-fonttools.
"""

import base64
import io
import json
import re
import subprocess
import sys
import unicodedata

from fontTools.cffLib import CFFFontSet
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont


def load_objects(path):
    """Every object of the file, streams decoded, as qpdf's JSON (version 2) gives them."""
    result = subprocess.run(
        ["qpdf", "--json=2", "--json-key=qpdf", "--json-stream-data=inline", "--decode-level=generalized", path],
        capture_output=True, check=False)
    if result.returncode not in (0, 3):
        raise RuntimeError(result.stderr.decode(errors="replace").strip() or "qpdf failed")
    document = json.loads(result.stdout)
    objects = {}
    for key, value in document["qpdf"][1].items():
        if key.startswith("obj:"):
            objects[key[4:]] = value
    return objects


class Document:
    def __init__(self, path):
        self.objects = load_objects(path)

    def resolve(self, value):
        """Follows an indirect reference ("12 0 R") to its value; a stream becomes its dictionary."""
        while isinstance(value, str) and re.fullmatch(r"\d+ \d+ R", value):
            entry = self.objects.get(value)
            if entry is None:
                return None
            value = entry["stream"]["dict"] if "stream" in entry else entry["value"]
        return value

    def stream_data(self, reference):
        entry = self.objects.get(reference)
        if entry is None or "stream" not in entry:
            return b""
        data = entry["stream"].get("data")
        return base64.b64decode(data) if data else b""

    def pages(self):
        """Page dictionaries in document order, with the resources they inherit."""
        root = self.resolve(self.trailer_root())
        found = []

        def walk(node_ref, inherited):
            node = self.resolve(node_ref)
            resources = node.get("/Resources", inherited)
            if node.get("/Type") == "/Pages":
                for kid in node.get("/Kids", []):
                    walk(kid, resources)
            else:
                found.append((node, resources))

        walk(root["/Pages"], None)
        return found

    def trailer_root(self):
        for key, entry in self.objects.items():
            value = entry.get("value")
            if isinstance(value, dict) and value.get("/Type") == "/Catalog":
                return key
        raise RuntimeError("the file has no catalog")


def tokens(data):
    """The content stream's tokens: operators, names, numbers, strings (as bytes), arrays."""
    index, length = 0, len(data)
    stack = [[]]
    while index < length:
        char = data[index:index + 1]
        if char in b" \t\r\n\f\x00":
            index += 1
        elif char == b"%":
            while index < length and data[index:index + 1] not in b"\r\n":
                index += 1
        elif char == b"<" and data[index:index + 2] == b"<<":
            stack[-1].append(("op", "<<"))
            index += 2
        elif char == b">" and data[index:index + 2] == b">>":
            stack[-1].append(("op", ">>"))
            index += 2
        elif char == b"<":
            end = data.index(b">", index)
            digits = re.sub(rb"\s", b"", data[index + 1:end])
            if len(digits) % 2:
                digits += b"0"
            stack[-1].append(("string", bytes.fromhex(digits.decode())))
            index = end + 1
        elif char == b"(":
            depth, index, out = 1, index + 1, bytearray()
            while index < length and depth:
                c = data[index]
                if c == 0x5C:  # backslash
                    nxt = data[index + 1:index + 2]
                    escapes = {b"n": 10, b"r": 13, b"t": 9, b"b": 8, b"f": 12}
                    if nxt in escapes:
                        out.append(escapes[nxt]); index += 2
                    elif nxt.isdigit():
                        octal = re.match(rb"[0-7]{1,3}", data[index + 1:index + 4]).group()
                        out.append(int(octal, 8) & 0xFF); index += 1 + len(octal)
                    elif nxt in b"\r\n":
                        index += 2
                    else:
                        out += nxt; index += 2
                    continue
                if c == 0x28:
                    depth += 1
                elif c == 0x29:
                    depth -= 1
                    if depth == 0:
                        index += 1
                        break
                out.append(c)
                index += 1
            stack[-1].append(("string", bytes(out)))
        elif char == b"[":
            stack.append([])
            index += 1
        elif char == b"]":
            items = stack.pop()
            stack[-1].append(("array", items))
            index += 1
        else:
            match = re.match(rb"[^\s()<>\[\]{}/%]+|/[^\s()<>\[\]{}/%]*", data[index:])
            word = match.group().decode("latin-1") if match else data[index:index + 1].decode("latin-1")
            index += max(1, len(word))
            if word.startswith("/"):
                stack[-1].append(("name", word))
            elif re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)", word):
                stack[-1].append(("number", float(word)))
            else:
                stack[-1].append(("op", word))
    return stack[0]


def shown_strings(data):
    """(font resource name, string bytes) for every string a text operator shows."""
    operands, font = [], None
    for kind, value in tokens(data):
        if kind != "op":
            operands.append((kind, value))
            continue
        if value == "Tf" and len(operands) >= 2 and operands[-2][0] == "name":
            font = operands[-2][1]
        elif value in ("Tj", "'", '"') and operands and operands[-1][0] == "string":
            yield font, operands[-1][1]
        elif value == "TJ" and operands and operands[-1][0] == "array":
            for kind2, item in operands[-1][1]:
                if kind2 == "string":
                    yield font, item
        operands = []


def parse_to_unicode(data):
    """Code → text from a ToUnicode CMap (bfchar and bfrange; cidrange, which is not valid in a
    ToUnicode CMap, is read too, so that files that use it can still be checked)."""
    text = data.decode("latin-1")
    mapping = {}

    def utf16(hexdigits):
        raw = bytes.fromhex(hexdigits)
        return raw.decode("utf-16-be", errors="replace")

    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>", block):
            mapping[int(src, 16)] = utf16(dst)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
        for low, high, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            start = int(dst, 16)
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                value = start + offset
                mapping[code] = value.to_bytes(len(dst) // 2, "big").decode("utf-16-be", errors="replace")
    for block in re.findall(r"begincidrange(.*?)endcidrange", text, re.S):
        for low, high, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\d+)", block):
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                mapping[code] = chr(int(dst) + offset)
    return mapping


def may_be_blank(text):
    """Whether text draws nothing by nature: white space, controls, format characters."""
    return text is not None and all(
        c.isspace() or unicodedata.category(c) in ("Zs", "Zl", "Zp", "Cc", "Cf") for c in text)


class EmbeddedFont:
    """One Type0 font of the file: how its codes become glyphs, and whether a glyph has ink."""

    def __init__(self, document, reference):
        font = document.resolve(reference)
        self.name = font.get("/BaseFont", "?")
        if font.get("/Subtype") != "/Type0":
            raise RuntimeError(f"font {self.name} is {font.get('/Subtype')}, not a Type0 font")
        self.to_unicode = {}
        if "/ToUnicode" in font:
            self.to_unicode = parse_to_unicode(document.stream_data(font["/ToUnicode"]))
        descendant = document.resolve(document.resolve(font["/DescendantFonts"])[0])
        descriptor = document.resolve(descendant["/FontDescriptor"])
        self.cid_to_gid = None
        mapping = descendant.get("/CIDToGIDMap", "/Identity")
        if mapping != "/Identity":
            raw = document.stream_data(mapping)
            self.cid_to_gid = [int.from_bytes(raw[i:i + 2], "big") for i in range(0, len(raw) - 1, 2)]
        self.truetype = None
        self.cff = None
        if "/FontFile2" in descriptor:
            self.truetype = TTFont(io.BytesIO(document.stream_data(descriptor["/FontFile2"])))
        elif "/FontFile3" in descriptor:
            subtype = document.resolve(descriptor["/FontFile3"]).get("/Subtype")
            data = document.stream_data(descriptor["/FontFile3"])
            if subtype == "/OpenType":
                program = TTFont(io.BytesIO(data))
                if "glyf" in program:
                    self.truetype = program
                else:
                    self.cff = program["CFF "].cff
            else:
                self.cff = CFFFontSet()
                self.cff.decompile(io.BytesIO(data), None)
        else:
            raise RuntimeError(f"font {self.name} has no embedded font program")
        self.cache = {}

    def glyph_name(self, code):
        """The glyph a code draws, or None when the program has no such glyph."""
        if self.truetype is not None:
            gid = code if self.cid_to_gid is None else (self.cid_to_gid[code] if code < len(self.cid_to_gid) else 0)
            order = self.truetype.getGlyphOrder()
            return order[gid] if gid < len(order) else None
        top = self.cff.topDictIndex[0]
        order = top.charset
        if hasattr(top, "ROS"):
            # A CID-keyed font: the charset gives each glyph its CID; fontTools names it cidNNNNN.
            name = "cid%05d" % code if code else ".notdef"
            return name if name in top.CharStrings else None
        return order[code] if code < len(order) else None

    def problem(self, code):
        """Why the code's glyph draws nothing, or None when it has ink."""
        if code not in self.cache:
            name = self.glyph_name(code)
            if name is None:
                self.cache[code] = f"code {code:04X} addresses no glyph in the embedded program"
            elif self.truetype is not None:
                self.cache[code] = self.truetype_problem(name, set())
            else:
                self.cache[code] = self.cff_problem(name)
        return self.cache[code]

    def truetype_problem(self, name, seen):
        glyf = self.truetype["glyf"]
        if name not in glyf.glyphs and name not in glyf.keys():
            return f"glyph {name} is missing"
        glyph = glyf[name]
        if glyph.isComposite():
            if name in seen:
                return f"composite glyph {name} refers to itself"
            for component in glyph.components:
                try:
                    index = self.truetype.getGlyphID(component.glyphName)
                except KeyError:
                    return f"composite glyph {name} uses missing glyph {component.glyphName}"
                inner = self.truetype_problem(component.glyphName, seen | {name})
                if inner:
                    return f"composite glyph {name} → component {index}: {inner}"
            return None
        if glyph.numberOfContours <= 0:
            return f"glyph {name} (index {self.truetype.getGlyphID(name)}) has no outline"
        return None

    def cff_problem(self, name):
        top = self.cff.topDictIndex[0]
        pen = BoundsPen(None)
        top.CharStrings[name].draw(pen)
        return None if pen.bounds else f"glyph {name} has no outline"


def check(path, verbose=False):
    document = Document(path)
    fonts, problems, drawn = {}, {}, 0
    for number, (page, resources) in enumerate(document.pages(), start=1):
        resources = document.resolve(resources) or {}
        font_resources = document.resolve(resources.get("/Font", {})) or {}
        contents = page.get("/Contents", [])
        contents = contents if isinstance(contents, list) else [contents]
        data = b"\n".join(document.stream_data(c) for c in contents)
        for resource, string in shown_strings(data):
            reference = font_resources.get(resource)
            if reference is None:
                problems.setdefault(("page", number), f"page {number} shows text in {resource}, which its resources lack")
                continue
            if reference not in fonts:
                fonts[reference] = EmbeddedFont(document, reference)
            font = fonts[reference]
            for i in range(0, len(string) - 1, 2):
                code = (string[i] << 8) | string[i + 1]
                drawn += 1
                text = font.to_unicode.get(code)
                if may_be_blank(text):
                    continue
                problem = font.problem(code)
                if problem:
                    key = (font.name, code)
                    if key not in problems:
                        shown = f" ('{text}' U+{ord(text[0]):04X})" if text else ""
                        problems[key] = f"page {number}: {font.name} code {code:04X}{shown}: {problem}"
    for message in problems.values():
        print(message)
    distinct = sum(len(f.cache) for f in fonts.values())
    summary = f"{drawn} glyphs drawn ({distinct} distinct with ink required) in {len(fonts)} fonts"
    if problems:
        print(f"FAIL: {len(problems)} drawn glyphs without outlines; {summary}")
        return 1
    print(f"OK: every drawn glyph has an outline; {summary}")
    if verbose:
        for font in fonts.values():
            print(f"  {font.name}: {len(font.cache)} glyphs checked")
    return 0


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(arguments) != 1:
        print(__doc__.strip().splitlines()[-4], file=sys.stderr)
        sys.exit(2)
    try:
        sys.exit(check(arguments[0], verbose="--verbose" in sys.argv))
    except (RuntimeError, OSError, ValueError, KeyError) as error:
        print(f"check-pdf-glyphs: cannot check {arguments[0]}: {error}", file=sys.stderr)
        sys.exit(2)
