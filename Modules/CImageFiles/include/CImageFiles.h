#ifndef CIMAGEFILES_H
#define CIMAGEFILES_H

#include <stddef.h>

/* Reading PNG (libpng) and JPEG (libjpeg-turbo) files as 8-bit RGBA, in two steps so that
   the caller allocates the pixels once it knows the size, and nothing is allocated for an
   image larger than max_pixels. Each begin returns 0 and a reader with the pixels' size, or
   a nonzero code and a message: 1 the file cannot be read, 2 it is damaged or not of that
   format, 3 it is larger than max_pixels (then *width and *height say how large).
   iki_finish decodes into rgba (width × height × 4 bytes) and frees the reader: 0 (the
   message then says what damage was got past, if any: a JPEG cut short) or 2; a reader not
   finished is freed with iki_abandon. A JPEG for a picture of at least min_side pixels on
   its shorter side (0: full size) may be decoded at 1/2, 1/4 or 1/8 scale; *width and
   *height are the pixels', *full_width and *full_height the file's. */
struct iki_reader;
int iki_begin_png(const char *path, size_t max_pixels, struct iki_reader **reader, int *width, int *height, char *message, size_t message_length);
int iki_begin_jpeg(const char *path, size_t max_pixels, int min_side, struct iki_reader **reader, int *width, int *height, int *full_width, int *full_height, char *message, size_t message_length);
int iki_finish(struct iki_reader *reader, unsigned char *rgba, char *message, size_t message_length);
void iki_abandon(struct iki_reader *reader);

/* Writing them (for tests and tools): RGBA in, 0 on success. JPEG drops alpha. */
int iki_write_png(const char *path, const unsigned char *rgba, int width, int height);
int iki_write_jpeg(const char *path, const unsigned char *rgba, int width, int height, int quality);

#endif
