/*
 * haru_lines: the libharu baseline for the PDF benchmark.
 *
 * Writes a PDF the way paginate's PDF writer does — UTF-8 (Identity-H) text, one TrueType font
 * embedded as a subset, full stream compression, one text object per page, one absolute text
 * matrix and one string per line — but with no layout at all: the lines are read from a file and
 * drawn in order (cycling through the file as often as needed), with the number of lines on each
 * page read from a second file (one count per line, e.g. the "lines" of `paginate map`).
 *
 * usage: haru_lines FONT.ttf LINES.txt COUNTS.txt OUT.pdf [WIDTH HEIGHT MARGIN SIZE PITCH]
 *        defaults: 400 600 36 11 13.2 (points)
 * Prints "pages lines bytes-of-text" on standard output.
 */
#include <hpdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void on_error(HPDF_STATUS error, HPDF_STATUS detail, void *user) {
    (void)user;
    fprintf(stderr, "haru_lines: libharu error 0x%04X (detail %u)\n", (unsigned)error, (unsigned)detail);
    exit(1);
}

static char *read_all(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(66); }
    size_t capacity = 1 << 20, used = 0;
    char *data = malloc(capacity + 1);
    size_t got;
    while (data && (got = fread(data + used, 1, capacity - used, file)) > 0) {
        used += got;
        if (used == capacity) { capacity *= 2; data = realloc(data, capacity + 1); }
    }
    if (!data) { fprintf(stderr, "haru_lines: out of memory\n"); exit(1); }
    fclose(file);
    data[used] = '\0';
    *length = used;
    return data;
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 10) {
        fprintf(stderr, "usage: %s FONT.ttf LINES.txt COUNTS.txt OUT.pdf [WIDTH HEIGHT MARGIN SIZE PITCH]\n", argv[0]);
        return 64;
    }
    double width = 400, height = 600, margin = 36, size = 11, pitch = 13.2;
    if (argc == 10) {
        width = atof(argv[5]); height = atof(argv[6]); margin = atof(argv[7]);
        size = atof(argv[8]); pitch = atof(argv[9]);
    }

    /* The lines: split in place at LF; a line holding only a form feed (a page separator in
       `paginate page` output) is skipped. Empty lines stay: they take a line slot but draw nothing. */
    size_t text_length;
    char *text = read_all(argv[2], &text_length);
    size_t line_capacity = 1024, line_count = 0;
    char **lines = malloc(line_capacity * sizeof *lines);
    for (char *start = text; start < text + text_length;) {
        char *end = memchr(start, '\n', (size_t)(text + text_length - start));
        if (!end) end = text + text_length;
        *end = '\0';
        if (strcmp(start, "\f") != 0) {
            if (line_count == line_capacity) { line_capacity *= 2; lines = realloc(lines, line_capacity * sizeof *lines); }
            lines[line_count++] = start;
        }
        start = end + 1;
    }
    if (line_count == 0) { fprintf(stderr, "haru_lines: %s has no lines\n", argv[2]); return 65; }

    size_t counts_length;
    char *counts = read_all(argv[3], &counts_length);
    long pages = 0;
    for (char *p = counts; *p; p++) if (*p == '\n') pages++;

    HPDF_Doc doc = HPDF_New(on_error, NULL);
    if (!doc) { fprintf(stderr, "haru_lines: cannot create a document\n"); return 1; }
    HPDF_UseUTFEncodings(doc);
    HPDF_SetCurrentEncoder(doc, "UTF-8");
    HPDF_SetCompressionMode(doc, HPDF_COMP_ALL);
    if (pages > HPDF_LIMIT_MAX_ARRAY) HPDF_SetPagesConfiguration(doc, 1024);
    const char *font_name = HPDF_LoadTTFontFromFile(doc, argv[1], HPDF_TRUE);
    HPDF_Font font = HPDF_GetFont(doc, font_name, "UTF-8");

    /* The first baseline sits one ascent below the top margin, as in paginate's containers. */
    double ascent = HPDF_Font_GetAscent(font) * size / 1000.0;
    size_t next = 0;
    long drawn = 0;
    long long text_bytes = 0;
    char *cursor = counts;
    for (long page_index = 0; page_index < pages; page_index++) {
        long on_page = strtol(cursor, &cursor, 10);
        HPDF_Page page = HPDF_AddPage(doc);
        HPDF_Page_SetWidth(page, (HPDF_REAL)width);
        HPDF_Page_SetHeight(page, (HPDF_REAL)height);
        HPDF_Page_BeginText(page);
        HPDF_Page_SetFontAndSize(page, font, (HPDF_REAL)size);
        for (long line = 0; line < on_page; line++) {
            const char *line_text = lines[next];
            next = (next + 1) % line_count;
            drawn++;
            if (*line_text == '\0') continue;
            double y = height - margin - line * pitch - ascent;
            HPDF_Page_SetTextMatrix(page, 1, 0, 0, 1, (HPDF_REAL)margin, (HPDF_REAL)y);
            HPDF_Page_ShowText(page, line_text);
            text_bytes += (long long)strlen(line_text);
        }
        HPDF_Page_EndText(page);
    }
    if (HPDF_SaveToFile(doc, argv[4]) != HPDF_OK) { fprintf(stderr, "haru_lines: cannot write %s\n", argv[4]); return 73; }
    HPDF_Free(doc);
    printf("%ld %ld %lld\n", pages, drawn, text_bytes);
    free(lines);
    free(text);
    free(counts);
    return 0;
}
