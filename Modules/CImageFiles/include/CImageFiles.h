#ifndef CIMAGEFILES_H
#define CIMAGEFILES_H

#include <stddef.h>

/* Reading PNG (libpng) and JPEG (libjpeg-turbo) files as 8-bit RGBA, in two steps so that
   the caller allocates the pixels once it knows the size, and nothing is allocated for an
   image larger than max_pixels or needing more than max_bytes. Only regular files are
   opened, never waiting on a FIFO or a device. Each begin returns 0 and a reader with the
   pixels' size, or a nonzero code and a message: 1 the file cannot be read, 2 it is damaged
   or not of that format, 3 it is larger than max_pixels (then *width and *height say how
   large), 4 it is not a regular file or is empty (the message says which), 5 it is valid but
   of a kind not read (12-bit samples, more scans than any picture needs), 6 decoding it
   needs more than max_bytes (*needed says how much; a JPEG of several scans keeps all its
   coefficients). iki_finish decodes into rgba (width × height × 4 bytes) and frees the
   reader: 0 (the message then says what damage was got past, if any: a JPEG cut short), 2
   or 5; a reader not finished is freed with iki_abandon. A JPEG for a picture of at least
   min_side pixels on its shorter side (0: full size) may be decoded at 1/2, 1/4 or 1/8
   scale; *width and *height are the pixels', *full_width and *full_height the file's.
   CMYK JPEGs come as RGB. PNG text chunks are skipped unread. */
struct iki_reader;
int iki_begin_png(const char *path, size_t max_pixels, size_t max_bytes, struct iki_reader **reader, int *width, int *height, size_t *needed, char *message, size_t message_length);
int iki_begin_jpeg(const char *path, size_t max_pixels, size_t max_bytes, int min_side, struct iki_reader **reader, int *width, int *height, int *full_width, int *full_height, size_t *needed, char *message, size_t message_length);
int iki_finish(struct iki_reader *reader, unsigned char *rgba, char *message, size_t message_length);
void iki_abandon(struct iki_reader *reader);

/* Writing them (for tests and tools): RGBA in, 0 on success. JPEG drops alpha; progressive
   JPEGs have libjpeg's simple progression (ten scans). */
int iki_write_png(const char *path, const unsigned char *rgba, int width, int height);
int iki_write_jpeg(const char *path, const unsigned char *rgba, int width, int height, int quality, int progressive);

#endif
