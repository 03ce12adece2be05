#ifndef CIMAGEFILES_H
#define CIMAGEFILES_H

#include <stddef.h>

/* Reading PNG (libpng) and JPEG (libjpeg-turbo) files as 8-bit RGBA, with
   the size checked before any pixel is allocated. Each returns 0 and a malloc'd buffer of
   width × height × 4 bytes in *pixels (free it with free), or a nonzero code and a message:
   1 the file cannot be read, 2 it is damaged or not of that format, 3 it is larger than
   max_pixels (then *width and *height say how large). */
int iki_read_png(const char *path, size_t max_pixels, unsigned char **pixels, int *width, int *height, char *message, size_t message_length);
/* A JPEG for a picture of at least min_side pixels on its shorter side (0: full size) may be
   decoded at 1/2, 1/4 or 1/8 scale; *width and *height are the pixels', *full_width and
   *full_height the file's. */
int iki_read_jpeg(const char *path, size_t max_pixels, int min_side, unsigned char **pixels, int *width, int *height, int *full_width, int *full_height, char *message, size_t message_length);

/* Writing them (for tests and tools): RGBA in, 0 on success. JPEG drops alpha. */
int iki_write_png(const char *path, const unsigned char *rgba, int width, int height);
int iki_write_jpeg(const char *path, const unsigned char *rgba, int width, int height, int quality);

#endif
