#include "CImageFiles.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

int iki_read_png(const char *path, size_t max_pixels, unsigned char **pixels, int *width, int *height, char *message, size_t message_length) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *pixels = NULL;
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        snprintf(message, message_length, "%s", strerror(errno));
        return 1;
    }
    if (!png_image_begin_read_from_stdio(&image, file)) {
        snprintf(message, message_length, "%s", image.message);
        fclose(file);
        return 2;
    }
    *width = (int)image.width;
    *height = (int)image.height;
    if ((size_t)image.width * (size_t)image.height > max_pixels) {
        png_image_free(&image);
        fclose(file);
        snprintf(message, message_length, "%ux%u pixels", image.width, image.height);
        return 3;
    }
    image.format = PNG_FORMAT_RGBA;
    size_t size = PNG_IMAGE_SIZE(image);
    unsigned char *buffer = malloc(size > 0 ? size : 1);
    if (buffer == NULL) {
        png_image_free(&image);
        fclose(file);
        snprintf(message, message_length, "out of memory");
        return 3;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        snprintf(message, message_length, "%s", image.message);
        free(buffer);
        fclose(file);
        return 2;
    }
    fclose(file);
    *pixels = buffer;
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
