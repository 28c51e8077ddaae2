#!/usr/bin/env python3
"""Generates Sources/PaginateKit/Unicode/UnicodeTables.swift from the Unicode Character Database.

Usage:
    python3 Scripts/generate-unicode-tables.py [--ucd DIR] [--output FILE]

DIR defaults to /usr/share/unicode (Debian's `unicode-data` package), which must hold
LineBreak.txt, EastAsianWidth.txt, UnicodeData.txt and DerivedCoreProperties.txt of the
same Unicode version. emoji/emoji-data.txt is read when present; otherwise the built-in
Extended_Pictographic facts below are used (only their unassigned part matters, for LB30b).

Every code point maps to one small "property record" index; records pack the resolved
Line_Break class, an East_Asian_Width kind and a zero-width flag. The index is stored in a
two-stage table (stage1: block number per block of code points; stage2: the distinct blocks).
The tables are emitted as base64 string literals because Swift type-checks and lowers large
integer array literals slowly, while a string literal costs nothing to compile and is decoded
once on first use.
"""

import argparse
import base64
import os
import re
import sys

UNICODE_VERSION_EXPECTED = "15.0.0"
CODE_POINT_COUNT = 0x110000

# Order matters: it defines LineBreakClass raw values and must match LineBreakClass.swift.
LINE_BREAK_CLASSES = [
    "BK", "CR", "LF", "CM", "NL", "SG", "WJ", "ZW", "GL", "SP", "ZWJ",
    "B2", "BA", "BB", "HY", "CB", "CL", "CP", "EX", "IN", "NS", "OP", "QU", "IS",
    "NU", "PO", "PR", "SY", "AI", "AK", "AL", "AP", "AS", "CJ", "EB", "EM",
    "H2", "H3", "HL", "ID", "JL", "JV", "JT", "RI", "SA", "VF", "VI", "XX",
]
LB_INDEX = {name: i for i, name in enumerate(LINE_BREAK_CLASSES)}

# East_Asian_Width kinds the engine distinguishes. LB30 needs F/W/H; cell widths need F/W.
EAW_OTHER, EAW_HALFWIDTH, EAW_WIDE = 0, 1, 2

# Unicode 15.0 Extended_Pictographic code points that are unassigned (General_Category Cn).
# Used only when emoji-data.txt is absent; checked against it when present.
EXTENDED_PICTOGRAPHIC_UNASSIGNED_15_0 = [
    (0x1F02C, 0x1F02F), (0x1F094, 0x1F09F), (0x1F0AF, 0x1F0B0), (0x1F0C0, 0x1F0C0),
    (0x1F0D0, 0x1F0D0), (0x1F0F6, 0x1F0FF), (0x1F1AE, 0x1F1E5), (0x1F203, 0x1F20F),
    (0x1F23C, 0x1F23F), (0x1F249, 0x1F24F), (0x1F252, 0x1F25F), (0x1F266, 0x1F2FF),
    (0x1F6D8, 0x1F6DB), (0x1F6ED, 0x1F6EF), (0x1F6FD, 0x1F6FF), (0x1F777, 0x1F77A),
    (0x1F7DA, 0x1F7DF), (0x1F7EC, 0x1F7EF), (0x1F7F1, 0x1F7FF), (0x1F80C, 0x1F80F),
    (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F), (0x1F888, 0x1F88F), (0x1F8AE, 0x1F8AF),
    (0x1F8B2, 0x1F8FF), (0x1FA54, 0x1FA5F), (0x1FA6E, 0x1FA6F), (0x1FA7D, 0x1FA7F),
    (0x1FA89, 0x1FA8F), (0x1FABE, 0x1FABE), (0x1FAC6, 0x1FACD), (0x1FADC, 0x1FADF),
    (0x1FAE9, 0x1FAEF), (0x1FAF9, 0x1FAFF), (0x1FC00, 0x1FFFD),
]


def parse_ranges(path):
    """Yields (first, last, fields) for each data line of a UCD semicolon file."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = [x.strip() for x in line.split(";")]
            cps = fields[0].split("..")
            first = int(cps[0], 16)
            last = int(cps[1], 16) if len(cps) > 1 else first
            yield first, last, fields[1:]


def file_version(path):
    with open(path, encoding="utf-8") as f:
        first_line = f.readline()
    m = re.search(r"-(\d+\.\d+\.\d+)\.txt", first_line)
    return m.group(1) if m else None


def load_general_categories(path):
    gc = ["Cn"] * CODE_POINT_COUNT
    range_start = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split(";")
            cp = int(fields[0], 16)
            name, cat = fields[1], fields[2]
            if name.endswith(", First>"):
                range_start = cp
                continue
            if name.endswith(", Last>"):
                for c in range(range_start, cp + 1):
                    gc[c] = cat
                range_start = None
                continue
            gc[cp] = cat
    return gc


def load_line_break(path):
    lb = ["XX"] * CODE_POINT_COUNT
    # Defaults for unlisted code points, as stated in LineBreak.txt's header (UAX #14 LB1 notes).
    for first, last, value in [
        (0x3400, 0x4DBF, "ID"), (0x4E00, 0x9FFF, "ID"), (0xF900, 0xFAFF, "ID"),
        (0x20000, 0x2FFFD, "ID"), (0x30000, 0x3FFFD, "ID"),
        (0x1F000, 0x1FAFF, "ID"), (0x1FC00, 0x1FFFD, "ID"),
        (0x20A0, 0x20CF, "PR"),
    ]:
        for c in range(first, last + 1):
            lb[c] = value
    for first, last, fields in parse_ranges(path):
        value = fields[0]
        if value not in LB_INDEX:
            sys.exit(f"unknown Line_Break value {value!r} in {path}")
        for c in range(first, last + 1):
            lb[c] = value
    return lb


def load_east_asian_width(path):
    eaw = ["N"] * CODE_POINT_COUNT
    for first, last, value in [
        (0x3400, 0x4DBF, "W"), (0x4E00, 0x9FFF, "W"), (0xF900, 0xFAFF, "W"),
        (0x20000, 0x2FFFD, "W"), (0x30000, 0x3FFFD, "W"),
    ]:
        for c in range(first, last + 1):
            eaw[c] = value
    for first, last, fields in parse_ranges(path):
        for c in range(first, last + 1):
            eaw[c] = fields[0]
    return eaw


def load_binary_property(path, name):
    result = set()
    for first, last, fields in parse_ranges(path):
        if fields[0] == name:
            result.update(range(first, last + 1))
    return result


def resolve_lb1(value, gc):
    """UAX #14 LB1: the classes the pair table never sees are resolved up front."""
    if value in ("AI", "SG", "XX"):
        return "AL"
    if value == "SA":
        return "CM" if gc in ("Mn", "Mc") else "AL"
    if value == "CJ":
        return "NS"
    return value


def is_zero_width(cp, gc, default_ignorable):
    if gc in ("Mn", "Me", "Cf", "Cc", "Zl", "Zp"):
        return True
    # Conjoining Hangul vowels and final consonants render inside the leading consonant's cell.
    if 0x1160 <= cp <= 0x11FF or 0xD7B0 <= cp <= 0xD7FF:
        return True
    # Unassigned default-ignorables must stay invisible in fonts that do not know them yet.
    return gc == "Cn" and cp in default_ignorable


def build_records(ucd, emoji_data):
    gc = load_general_categories(os.path.join(ucd, "UnicodeData.txt"))
    lb = load_line_break(os.path.join(ucd, "LineBreak.txt"))
    eaw = load_east_asian_width(os.path.join(ucd, "EastAsianWidth.txt"))
    default_ignorable = load_binary_property(
        os.path.join(ucd, "DerivedCoreProperties.txt"), "Default_Ignorable_Code_Point")

    builtin = set()
    for first, last in EXTENDED_PICTOGRAPHIC_UNASSIGNED_15_0:
        builtin.update(range(first, last + 1))
    if emoji_data and os.path.exists(emoji_data):
        ext_pict = load_binary_property(emoji_data, "Extended_Pictographic")
        unassigned = {c for c in ext_pict if gc[c] == "Cn"}
        if file_version(emoji_data) == UNICODE_VERSION_EXPECTED and unassigned != builtin:
            sys.exit("built-in Extended_Pictographic facts disagree with emoji-data.txt")
    else:
        unassigned = builtin

    records = {}
    record_list = []
    indices = bytearray(CODE_POINT_COUNT)
    for cp in range(CODE_POINT_COUNT):
        cls = LB_INDEX[resolve_lb1(lb[cp], gc[cp])]
        width = eaw[cp]
        kind = EAW_WIDE if width in ("W", "F") else EAW_HALFWIDTH if width == "H" else EAW_OTHER
        zero = is_zero_width(cp, gc[cp], default_ignorable)
        pict = cp in unassigned
        # Bits: 0-5 class, 6-7 EAW kind, 8 zero width, 9 unassigned Extended_Pictographic.
        record = cls | (kind << 6) | (int(zero) << 8) | (int(pict) << 9)
        index = records.get(record)
        if index is None:
            index = len(record_list)
            records[record] = index
            record_list.append(record)
        indices[cp] = index
        if len(record_list) > 256:
            sys.exit("more than 256 distinct property records")
    return record_list, indices


def split_two_stage(indices, shift):
    size = 1 << shift
    blocks = {}
    stage1 = []
    stage2 = bytearray()
    for start in range(0, CODE_POINT_COUNT, size):
        block = bytes(indices[start:start + size])
        number = blocks.get(block)
        if number is None:
            number = len(blocks)
            blocks[block] = number
            stage2 += block
        stage1.append(number)
    return stage1, stage2


def swift_base64_literal(data, indent="        "):
    text = base64.b64encode(bytes(data)).decode("ascii")
    width = 100
    lines = [text[i:i + width] for i in range(0, len(text), width)]
    body = "\n".join(indent + line for line in lines)
    return '"""\n' + body + "\n" + indent + '"""'


def render(version, records, shift, stage1, stage2):
    stage1_bytes = bytearray()
    for value in stage1:
        stage1_bytes += value.to_bytes(2, "little")
    record_literal = ", ".join(f"0x{r:03X}" for r in records)
    return f"""\
// Generated from Unicode {version} by Scripts/generate-unicode-tables.py. Do not edit.
// Sources: LineBreak.txt, EastAsianWidth.txt, UnicodeData.txt, DerivedCoreProperties.txt,
// emoji-data.txt (Extended_Pictographic). Line_Break values are resolved per UAX #14 LB1.

/// Per-code-point properties for line breaking and cell widths, as a two-stage table.
///
/// A record packs: bits 0-5 the LB1-resolved `LineBreakClass` raw value, bits 6-7 the East Asian
/// width kind (0 other, 1 halfwidth, 2 wide or fullwidth), bit 8 "zero cell width", bit 9
/// "unassigned Extended_Pictographic" (UAX #14 LB30b).
enum UnicodeTables {{
    /// The Unicode version the tables were generated from.
    static let unicodeVersion = "{version}"

    /// log2 of the number of code points per stage-2 block.
    static let blockShift: UInt32 = {shift}

    /// The distinct property records; stage 2 holds indices into this array.
    static let records: [UInt16] = [{record_literal}]

    /// Block number (little-endian UInt16) for each block of code points.
    static let stage1: [UInt16] = decodeUInt16(stage1Base64)

    /// Record index for each code point of each distinct block.
    static let stage2: [UInt8] = decodeBytes(stage2Base64)

    /// Packed record for a code point; code points past U+10FFFF get the record of U+FFFD.
    @inline(__always)
    static func record(_ scalar: UInt32) -> UInt16 {{
        let cp = scalar < 0x110000 ? scalar : 0xFFFD
        let block = Int(stage1[Int(truncatingIfNeeded: cp >> blockShift)])
        let offset = Int(truncatingIfNeeded: cp & ((1 << blockShift) - 1))
        return records[Int(stage2[(block << Int(blockShift)) | offset])]
    }}

    /// Decodes standard padded base64 that is known to be well formed (it is generated).
    private static func decodeBytes(_ text: String) -> [UInt8] {{
        var sextets = [UInt8](repeating: 0, count: 128)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {{
            sextets[Int(c)] = UInt8(i)
        }}
        var result: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for c in text.utf8 where c != UInt8(ascii: "\\n") && c != UInt8(ascii: " ") {{
            if c == UInt8(ascii: "=") {{ break }}
            accumulator = (accumulator << 6) | UInt32(sextets[Int(c)])
            bits += 6
            if bits >= 8 {{
                bits -= 8
                result.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }}
        }}
        return result
    }}

    private static func decodeUInt16(_ text: String) -> [UInt16] {{
        let bytes = decodeBytes(text)
        var result = [UInt16](repeating: 0, count: bytes.count / 2)
        for i in result.indices {{
            result[i] = UInt16(bytes[2 * i]) | (UInt16(bytes[2 * i + 1]) << 8)
        }}
        return result
    }}

    // {len(stage1)} entries.
    private static let stage1Base64: String = {swift_base64_literal(stage1_bytes)}

    // {len(stage2)} entries.
    private static let stage2Base64: String = {swift_base64_literal(stage2)}
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--ucd", default="/usr/share/unicode")
    parser.add_argument("--output", default=os.path.join(
        here, "..", "Sources", "PaginateKit", "Unicode", "UnicodeTables.swift"))
    parser.add_argument("--shift", type=int, default=None,
                        help="log2 block size; the smallest output is chosen when omitted")
    args = parser.parse_args()

    version = file_version(os.path.join(args.ucd, "LineBreak.txt"))
    for name in ("EastAsianWidth.txt",):
        other = file_version(os.path.join(args.ucd, name))
        if other != version:
            sys.exit(f"{name} is Unicode {other}, LineBreak.txt is {version}")
    if version != UNICODE_VERSION_EXPECTED:
        print(f"warning: UCD is {version}; the rules and built-in facts target "
              f"{UNICODE_VERSION_EXPECTED}", file=sys.stderr)

    records, indices = build_records(args.ucd, os.path.join(args.ucd, "emoji", "emoji-data.txt"))

    best = None
    for shift in ([args.shift] if args.shift else range(4, 11)):
        stage1, stage2 = split_two_stage(indices, shift)
        if max(stage1) > 0xFFFF:
            continue
        size = 2 * len(stage1) + len(stage2)
        if best is None or size < best[0]:
            best = (size, shift, stage1, stage2)
    _, shift, stage1, stage2 = best

    output = os.path.normpath(args.output)
    os.makedirs(os.path.dirname(output), exist_ok=True)
    with open(output, "w", encoding="utf-8") as f:
        f.write(render(version, records, shift, stage1, stage2))
    print(f"wrote {output}: {len(records)} records, shift {shift}, "
          f"stage1 {len(stage1)} x UInt16, stage2 {len(stage2)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
