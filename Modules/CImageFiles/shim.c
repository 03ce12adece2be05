#include "CImageFiles.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* libpng reports errors through a callback that must not return: the message is kept and
   libpng jumps back to the setjmp in iki_read_png. Warnings are not printed. */
struct iki_png_error {
    char message[200];
};

static void iki_png_fail(png_structp png, png_const_charp text) {
    struct iki_png_error *error = (struct iki_png_error *)png_get_error_ptr(png);
    snprintf(error->message, sizeof error->message, "%s", text);
    png_longjmp(png, 1);
}

static void iki_png_warn(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

int iki_read_png(const char *path, size_t max_pixels, unsigned char **pixels, int *width, int *height, char *message, size_t message_length) {
    *pixels = NULL;
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        snprintf(message, message_length, "%s", strerror(errno));
        return 1;
    }
    struct iki_png_error error;
    error.message[0] = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &error, iki_png_fail, iki_png_warn);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        fclose(file);
        snprintf(message, message_length, "out of memory");
        return 3;
    }
    unsigned char *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        snprintf(message, message_length, "%s", error.message[0] ? error.message : "the data is damaged");
        png_destroy_read_struct(&png, &info, NULL);
        free(buffer);
        free(rows);
        fclose(file);
        return 2;
    }
#ifdef PNG_IGNORE_ADLER32
    /* Every chunk's CRC-32 is still checked, and it covers the compressed image data; the
       zlib checksum of the same data again costs a third of the decoding. */
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_init_io(png, file);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    *width = (int)w;
    *height = (int)h;
    if ((size_t)w * (size_t)h > max_pixels) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        snprintf(message, message_length, "%ux%u pixels", w, h);
        return 3;
    }
    /* Whatever the file holds (palette, grey, 1-16 bits, transparency), 8-bit RGBA. */
    int type = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    int transparency = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (transparency) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA) && !transparency) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = (size_t)w * 4;
    if (png_get_rowbytes(png, info) != stride) {
        snprintf(error.message, sizeof error.message, "an unexpected pixel layout");
        png_longjmp(png, 1);
    }
    buffer = malloc(stride * h + 1);
    rows = malloc(sizeof(png_bytep) * (h + 1));
    if (buffer == NULL || rows == NULL) {
        free(buffer);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        snprintf(message, message_length, "out of memory");
        return 3;
    }
    for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + stride * y;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    fclose(file);
    *pixels = buffer;
    if (message_length > 0) message[0] = 0;
    return 0;
}

/* libjpeg reports errors through a callback that must not return: it jumps back here. */
struct iki_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
    char message[JMSG_LENGTH_MAX];
};

static void iki_jpeg_fail(j_common_ptr info) {
    struct iki_jpeg_error *error = (struct iki_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->back, 1);
}

static void iki_jpeg_warn(j_common_ptr info, int level) {
    /* A warning (level < 0: data ends early, a corrupt marker the decoder gets past) is
       counted, not printed; trace messages (level ≥ 0) are ignored. */
    if (level < 0) info->err->num_warnings++;
}

int iki_read_jpeg(const char *path, size_t max_pixels, int min_side, unsigned char **pixels, int *width, int *height, int *full_width, int *full_height, char *message, size_t message_length) {
    *pixels = NULL;
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        snprintf(message, message_length, "%s", strerror(errno));
        return 1;
    }
    struct jpeg_decompress_struct info;
    struct iki_jpeg_error error;
    unsigned char *volatile buffer = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = iki_jpeg_fail;
    error.manager.emit_message = iki_jpeg_warn;
    error.message[0] = 0;
    if (setjmp(error.back)) {
        snprintf(message, message_length, "%s", error.message[0] ? error.message : "the data is damaged");
        jpeg_destroy_decompress(&info);
        free(buffer);
        fclose(file);
        return 2;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    *width = *full_width = (int)info.image_width;
    *height = *full_height = (int)info.image_height;
    if ((size_t)info.image_width * (size_t)info.image_height > max_pixels) {
        snprintf(message, message_length, "%ux%u pixels", info.image_width, info.image_height);
        jpeg_destroy_decompress(&info);
        fclose(file);
        return 3;
    }
    info.out_color_space = JCS_EXT_RGBA;
    if (min_side > 0) {
        /* Decoded at 1/2, 1/4 or 1/8 of its size (the DCT scaled: less work, not a resize),
           the shorter side kept at min_side or more; fast transforms are fine for that. */
        unsigned int shorter = info.image_width < info.image_height ? info.image_width : info.image_height;
        unsigned int denominator = 8;
        while (denominator > 1 && (shorter + denominator - 1) / denominator < (unsigned int)min_side) denominator /= 2;
        info.scale_num = 1;
        info.scale_denom = denominator;
        info.dct_method = JDCT_IFAST;
        info.do_fancy_upsampling = FALSE;
    }
    jpeg_start_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    size_t stride = (size_t)info.output_width * 4;
    buffer = malloc(stride * info.output_height + 1);
    if (buffer == NULL) {
        snprintf(message, message_length, "out of memory");
        jpeg_destroy_decompress(&info);
        fclose(file);
        return 3;
    }
    /* A file cut short: libjpeg warns and fills the rest with grey; the rows read are kept. */
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = buffer + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    int truncated = info.err->num_warnings > 0;
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    fclose(file);
    *pixels = buffer;
    if (truncated) snprintf(message, message_length, "the data ends early or is damaged; the missing part is grey");
    else if (message_length > 0) message[0] = 0;
    return 0;
}

int iki_write_png(const char *path, const unsigned char *rgba, int width, int height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGBA;
    return png_image_write_to_file(&image, path, 0, rgba, 0, NULL) ? 0 : 1;
}

int iki_write_jpeg(const char *path, const unsigned char *rgba, int width, int height, int quality) {
    FILE *file = fopen(path, "wb");
    if (file == NULL) return 1;
    struct jpeg_compress_struct info;
    struct iki_jpeg_error error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = iki_jpeg_fail;
    if (setjmp(error.back)) {
        jpeg_destroy_compress(&info);
        fclose(file);
        return 1;
    }
    jpeg_create_compress(&info);
    jpeg_stdio_dest(&info, file);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)info.next_scanline * (size_t)width * 4);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    fclose(file);
    return 0;
}
