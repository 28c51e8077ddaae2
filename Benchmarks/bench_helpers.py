#!/usr/bin/env python3
"""Small helpers for Benchmarks/run.sh (Python 3 standard library, plus `typst` for one command).

    bench_helpers.py typst BOOK.txt FONT_DIR OUT.pdf
        Typesets BOOK.txt with Typst as paginate's defaults do (400x600pt page, 36pt margins,
        DejaVu Serif 11pt, 13.2pt line pitch, a blank line between paragraphs, ragged right,
        no hyphenation) and prints the seconds the compile call took (interpreter start-up
        and import excluded). The text is read by the Typst document itself, so no character
        needs escaping.
    bench_helpers.py counts MAP.json COUNTS.txt
        Writes the line count of every page of a `paginate map` document, one per line, and
        prints "pages lines".
    bench_helpers.py edit FILE
        Changes one word (to one of another length) in the paragraph at the middle of FILE, in
        place, and prints what it changed.
    bench_helpers.py pages PDF
        Prints the page count of a PDF (counts its page objects; no PDF library needed).
"""
import json
import os
import re
import shutil
import sys
import tempfile
import time

# Paginate's line box is size x line-height = 11 x 1.2 = 13.2pt. In Typst a line is as tall as
# its top and bottom edges (here 0.8em + 0.2em = 11pt) plus the leading; a blank line between
# paragraphs adds one more pitch.
TYPST_DOCUMENT = """\
#set page(width: 400pt, height: 600pt, margin: 36pt)
#set text(font: "DejaVu Serif", size: 11pt, top-edge: 0.8em, bottom-edge: -0.2em, hyphenate: false)
#set par(justify: false, leading: 2.2pt, spacing: 15.4pt)
#for p in read("book.txt").replace("\\r\\n", "\\n").split(regex("\\n[ \\t]*\\n")) {
  let t = p.trim()
  if t != "" { par(t.replace(regex("[ \\t]*\\n[ \\t]*"), " ")) }
}
"""


def typst_compile(book, font_dir, output):
    import typst  # installed by run.sh with pip when missing

    root = tempfile.mkdtemp(prefix="typst-bench-")
    try:
        shutil.copyfile(book, os.path.join(root, "book.txt"))
        main = os.path.join(root, "main.typ")
        with open(main, "w", encoding="utf-8") as handle:
            handle.write(TYPST_DOCUMENT)
        start = time.perf_counter()
        typst.compile(main, output=output, root=root, font_paths=[font_dir], ignore_system_fonts=True)
        print(f"{time.perf_counter() - start:.6f}")
    finally:
        shutil.rmtree(root, ignore_errors=True)


def page_counts(map_path, counts_path):
    with open(map_path, encoding="utf-8") as handle:
        document = json.load(handle)
    lines = [page["lines"] for page in document["pages"]]
    with open(counts_path, "w", encoding="ascii") as handle:
        handle.writelines(f"{count}\n" for count in lines)
    print(len(lines), sum(lines))


def edit_middle(path):
    with open(path, "rb") as handle:
        data = bytearray(handle.read())
    # The first paragraph that starts after the middle of the file, and its first word of 4+ letters.
    start = data.find(b"\n\n", len(data) // 2)
    start = len(data) // 2 if start < 0 else start + 2
    match = re.compile(rb"\b[A-Za-z]{4,}\b").search(bytes(data), start)
    if match is None:
        sys.exit("edit: no word to change after the middle of the file")
    old = match.group(0)
    new = old[::-1].lower() + b"s"  # one byte longer, so every later offset moves
    data[match.start():match.end()] = new
    with open(path, "wb") as handle:
        handle.write(data)
    print(f"byte {match.start()}: '{old.decode()}' -> '{new.decode()}'")


def pdf_pages(path):
    with open(path, "rb") as handle:
        data = handle.read()
    print(len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data)))


def main(argv):
    commands = {"typst": (typst_compile, 3), "counts": (page_counts, 2), "edit": (edit_middle, 1), "pages": (pdf_pages, 1)}
    if len(argv) < 2 or argv[1] not in commands or len(argv) - 2 != commands[argv[1]][1]:
        sys.exit(__doc__)
    function, _ = commands[argv[1]]
    function(*argv[2:])


if __name__ == "__main__":
    main(sys.argv)
