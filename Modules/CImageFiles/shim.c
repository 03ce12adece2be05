#include "CImageFiles.h"

#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jerror.h>

/* libpng and libjpeg report errors through callbacks that must not return: the message is
   kept and they jump back to the setjmp of the function that called them. Warnings are
   not printed; libjpeg's are counted (a JPEG cut short). */
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
    /* level < 0: data ends early, a corrupt marker the decoder gets past; ≥ 0: trace. */
    if (level < 0) info->err->num_warnings++;
}

/* More scans than any picture needs: a valid progressive JPEG has about ten, a few dozen
   at most; thousands of tiny ones would cost seconds each (TurboJPEG's scan limit, in
   libjpeg's terms). */
#define IKI_MAX_SCANS 100

struct iki_reader {
    FILE *file;
    int is_png;
    struct jpeg_progress_mgr progress;
    int too_many_scans;
    int cmyk, adobe;
    png_structp png;
    png_infop png_info;
    struct iki_png_error png_error;
    struct jpeg_decompress_struct jpeg;
    struct iki_jpeg_error jpeg_error;
    int width, height;
};

void iki_abandon(struct iki_reader *reader) {
    if (reader == NULL) return;
    if (reader->is_png) png_destroy_read_struct(&reader->png, &reader->png_info, NULL);
    else jpeg_destroy_decompress(&reader->jpeg);
    if (reader->file) fclose(reader->file);
    free(reader);
}

/* Opens only a regular file, without blocking on a FIFO or a device (code 4 and why not:
   a folder, a pipe, an empty file), else code 1 with the system's reason. */
static struct iki_reader *iki_open(const char *path, int is_png, int *code, char *message, size_t message_length) {
    *code = 1;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(message, message_length, "%s", strerror(errno));
        return NULL;
    }
    struct stat info;
    if (fstat(fd, &info) != 0) {
        snprintf(message, message_length, "%s", strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(info.st_mode) || info.st_size == 0) {
        snprintf(message, message_length, "%s", S_ISDIR(info.st_mode) ? "is a folder" : S_ISREG(info.st_mode) ? "is empty" : "is not a regular file (a pipe, a device or a socket)");
        *code = 4;
        close(fd);
        return NULL;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE *file = fdopen(fd, "rb");
    if (file == NULL) {
        snprintf(message, message_length, "%s", strerror(errno));
        close(fd);
        return NULL;
    }
    struct iki_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) {
        fclose(file);
        snprintf(message, message_length, "out of memory");
        return NULL;
    }
    reader->file = file;
    reader->is_png = is_png;
    return reader;
}

int iki_begin_png(const char *path, size_t max_pixels, size_t max_bytes, struct iki_reader **out, int *width, int *height, size_t *needed, char *message, size_t message_length) {
    *out = NULL;
    *needed = 0;
    int code;
    struct iki_reader *reader = iki_open(path, 1, &code, message, message_length);
    if (reader == NULL) return code;
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->png_error, iki_png_fail, iki_png_warn);
    reader->png_info = reader->png ? png_create_info_struct(reader->png) : NULL;
    if (reader->png_info == NULL) {
        iki_abandon(reader);
        snprintf(message, message_length, "out of memory");
        return 1;
    }
    if (setjmp(png_jmpbuf(reader->png))) {
        snprintf(message, message_length, "%s", reader->png_error.message[0] ? reader->png_error.message : "the data is damaged");
        iki_abandon(reader);
        return 2;
    }
#ifdef PNG_IGNORE_ADLER32
    /* Every chunk's CRC-32 is still checked, and it covers the compressed image data; the
       zlib checksum of the same data again costs a third of the decoding. */
    png_set_option(reader->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    /* Text is never shown: its chunks are skipped unread, however large (a 400 MB tEXt chunk
       cost 846 MB). Any other chunk libpng keeps is bounded, in size and in number. */
    static const png_byte text_chunks[] = {'t', 'E', 'X', 't', 0, 'z', 'T', 'X', 't', 0, 'i', 'T', 'X', 't', 0};
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 3);
    png_set_chunk_malloc_max(reader->png, max_bytes < (8u << 20) ? max_bytes : (8u << 20));
    png_set_chunk_cache_max(reader->png, 128);
    png_init_io(reader->png, reader->file);
    png_read_info(reader->png, reader->png_info);
    png_uint_32 w = png_get_image_width(reader->png, reader->png_info), h = png_get_image_height(reader->png, reader->png_info);
    *width = (int)w;
    *height = (int)h;
    if ((size_t)w * (size_t)h > max_pixels) {
        snprintf(message, message_length, "%ux%u pixels", w, h);
        iki_abandon(reader);
        return 3;
    }
    /* The RGBA pixels (libpng's row buffers are small beside them). */
    *needed = (size_t)w * (size_t)h * 4;
    if (*needed > max_bytes) {
        iki_abandon(reader);
        return 6;
    }
    /* Whatever the file holds (palette, grey, 1-16 bits, transparency), 8-bit RGBA. */
    int type = png_get_color_type(reader->png, reader->png_info), depth = png_get_bit_depth(reader->png, reader->png_info);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(reader->png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(reader->png);
    int transparency = png_get_valid(reader->png, reader->png_info, PNG_INFO_tRNS) != 0;
    if (transparency) png_set_tRNS_to_alpha(reader->png);
    if (depth == 16) png_set_scale_16(reader->png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(reader->png);
    if (!(type & PNG_COLOR_MASK_ALPHA) && !transparency) png_set_filler(reader->png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(reader->png);
    png_read_update_info(reader->png, reader->png_info);
    if (png_get_rowbytes(reader->png, reader->png_info) != (size_t)w * 4) {
        snprintf(message, message_length, "an unexpected pixel layout");
        iki_abandon(reader);
        return 2;
    }
    reader->width = (int)w;
    reader->height = (int)h;
    *out = reader;
    return 0;
}

/* Called by libjpeg as it reads: ends the decoding once the file has more scans than any
   picture needs. */
static void iki_jpeg_progress(j_common_ptr info) {
    if (!info->is_decompressor) return;
    j_decompress_ptr jpeg = (j_decompress_ptr)info;
    if (jpeg->input_scan_number > IKI_MAX_SCANS) {
        struct iki_reader *reader = (struct iki_reader *)((char *)info->progress - offsetof(struct iki_reader, progress));
        reader->too_many_scans = 1;
        longjmp(reader->jpeg_error.back, 1);
    }
}

/* A valid JPEG of a kind not read: 12-bit samples, a colour conversion libjpeg lacks. */
static int iki_jpeg_unsupported(int code) {
    return code == JERR_BAD_PRECISION || code == JERR_CONVERSION_NOTIMPL || code == JERR_NOT_COMPILED;
}

/* Why libjpeg stopped, as a code of iki_begin_jpeg's and a message: 5 for a valid file of a
   kind not read (more scans than any picture needs, 12-bit samples, a conversion libjpeg
   lacks), 2 for damage (or its pools outgrowing the budget). */
static int iki_jpeg_failure(struct iki_reader *reader, char *message, size_t message_length) {
    int code = reader->jpeg_error.manager.msg_code;
    if (reader->too_many_scans) {
        snprintf(message, message_length, "more than %d scans", IKI_MAX_SCANS);
        return 5;
    }
    if (code == JERR_BAD_PRECISION) {
        snprintf(message, message_length, "%d-bit samples", reader->jpeg.data_precision);
        return 5;
    }
    if (code == JERR_NO_BACKING_STORE) {
        snprintf(message, message_length, "more memory than allowed");
        return 2;
    }
    snprintf(message, message_length, "%s", reader->jpeg_error.message[0] ? reader->jpeg_error.message : "the data is damaged");
    return iki_jpeg_unsupported(code) ? 5 : 2;
}

int iki_begin_jpeg(const char *path, size_t max_pixels, size_t max_bytes, int min_side, struct iki_reader **out, int *width, int *height, int *full_width, int *full_height, size_t *needed, char *message, size_t message_length) {
    *out = NULL;
    *needed = 0;
    int code;
    struct iki_reader *reader = iki_open(path, 0, &code, message, message_length);
    if (reader == NULL) return code;
    reader->jpeg.err = jpeg_std_error(&reader->jpeg_error.manager);
    reader->jpeg_error.manager.error_exit = iki_jpeg_fail;
    reader->jpeg_error.manager.emit_message = iki_jpeg_warn;
    reader->jpeg_error.message[0] = 0;
    if (setjmp(reader->jpeg_error.back)) {
        int result = iki_jpeg_failure(reader, message, message_length);
        iki_abandon(reader);  /* a decompressor never created has no memory pool: destroying it does nothing */
        return result;
    }
    jpeg_create_decompress(&reader->jpeg);
    reader->progress.progress_monitor = iki_jpeg_progress;
    reader->jpeg.progress = &reader->progress;
    jpeg_stdio_src(&reader->jpeg, reader->file);
    jpeg_read_header(&reader->jpeg, TRUE);
    *width = *full_width = (int)reader->jpeg.image_width;
    *height = *full_height = (int)reader->jpeg.image_height;
    if ((size_t)reader->jpeg.image_width * (size_t)reader->jpeg.image_height > max_pixels) {
        snprintf(message, message_length, "%ux%u pixels", reader->jpeg.image_width, reader->jpeg.image_height);
        iki_abandon(reader);
        return 3;
    }
    if (reader->jpeg.data_precision != 8) {
        snprintf(message, message_length, "%d-bit samples", reader->jpeg.data_precision);
        iki_abandon(reader);
        return 5;
    }
    /* CMYK (and YCCK) as printers' files have it: read as CMYK, made RGB in iki_finish. */
    reader->cmyk = reader->jpeg.jpeg_color_space == JCS_CMYK || reader->jpeg.jpeg_color_space == JCS_YCCK;
    reader->adobe = reader->jpeg.saw_Adobe_marker;
    reader->jpeg.out_color_space = reader->cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    if (min_side > 0) {
        /* Decoded at 1/2, 1/4 or 1/8 of its size (the DCT scaled: less work, not a resize),
           the shorter side kept at min_side or more; fast transforms are fine for that. */
        unsigned int shorter = reader->jpeg.image_width < reader->jpeg.image_height ? reader->jpeg.image_width : reader->jpeg.image_height;
        unsigned int denominator = 8;
        while (denominator > 1 && (shorter + denominator - 1) / denominator < (unsigned int)min_side) denominator /= 2;
        reader->jpeg.scale_num = 1;
        reader->jpeg.scale_denom = denominator;
        reader->jpeg.dct_method = JDCT_IFAST;
        reader->jpeg.do_fancy_upsampling = FALSE;
    }
    /* What decoding takes: a file of several scans keeps every coefficient of the picture at
       its full size (two bytes each, whatever the scale it is shown at), then the RGBA pixels.
       Refused before anything is allocated; libjpeg's own pools are held to the same budget. */
    jpeg_calc_output_dimensions(&reader->jpeg);
    size_t coefficients = 0;
    if (jpeg_has_multiple_scans(&reader->jpeg)) {
        for (int i = 0; i < reader->jpeg.num_components; i++) {
            jpeg_component_info *component = &reader->jpeg.comp_info[i];
            size_t across = ((size_t)component->width_in_blocks + component->h_samp_factor - 1) / component->h_samp_factor * component->h_samp_factor;
            size_t down = ((size_t)component->height_in_blocks + component->v_samp_factor - 1) / component->v_samp_factor * component->v_samp_factor;
            coefficients += across * down * DCTSIZE2 * sizeof(JCOEF);
        }
    }
    *needed = coefficients + (size_t)reader->jpeg.output_width * reader->jpeg.output_height * 4;
    if (*needed > max_bytes) {
        iki_abandon(reader);
        return 6;
    }
    reader->jpeg.mem->max_memory_to_use = (long)(max_bytes < (size_t)0x7fffffff ? max_bytes : 0x7fffffff);
    jpeg_start_decompress(&reader->jpeg);
    reader->width = *width = (int)reader->jpeg.output_width;
    reader->height = *height = (int)reader->jpeg.output_height;
    *out = reader;
    return 0;
}

/* CMYK pixels (4 bytes each, in place) as RGBA. Adobe's files store the inks inverted. */
static void iki_cmyk_to_rgba(unsigned char *row, int width, int adobe) {
    for (int x = 0; x < width; x++) {
        unsigned char *p = row + (size_t)x * 4;
        unsigned int c = p[0], m = p[1], y = p[2], k = p[3];
        if (!adobe) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        p[0] = (unsigned char)((c * k + 127) / 255);
        p[1] = (unsigned char)((m * k + 127) / 255);
        p[2] = (unsigned char)((y * k + 127) / 255);
        p[3] = 255;
    }
}

int iki_finish(struct iki_reader *reader, unsigned char *rgba, char *message, size_t message_length) {
    size_t stride = (size_t)reader->width * 4;
    if (message_length > 0) message[0] = 0;
    if (reader->is_png) {
        png_bytep *volatile rows = malloc(sizeof(png_bytep) * ((size_t)reader->height + 1));
        if (rows == NULL) {
            snprintf(message, message_length, "out of memory");
            iki_abandon(reader);
            return 2;
        }
        if (setjmp(png_jmpbuf(reader->png))) {
            snprintf(message, message_length, "%s", reader->png_error.message[0] ? reader->png_error.message : "the data is damaged");
            free(rows);
            iki_abandon(reader);
            return 2;
        }
        for (int y = 0; y < reader->height; y++) rows[y] = rgba + stride * (size_t)y;
        png_read_image(reader->png, rows);
        png_read_end(reader->png, NULL);
        free(rows);
        iki_abandon(reader);
        return 0;
    }
    if (setjmp(reader->jpeg_error.back)) {
        int result = iki_jpeg_failure(reader, message, message_length);
        iki_abandon(reader);
        return result;
    }
    /* A file cut short: libjpeg warns and fills the rest with grey; the rows read are kept. */
    while (reader->jpeg.output_scanline < reader->jpeg.output_height) {
        JSAMPROW row = rgba + stride * reader->jpeg.output_scanline;
        jpeg_read_scanlines(&reader->jpeg, &row, 1);
        if (reader->cmyk) iki_cmyk_to_rgba(row, reader->width, reader->adobe);
    }
    int truncated = reader->jpeg.err->num_warnings > 0;
    jpeg_finish_decompress(&reader->jpeg);
    iki_abandon(reader);
    if (truncated) snprintf(message, message_length, "the data ends early or is damaged; the missing part is grey");
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

int iki_write_jpeg(const char *path, const unsigned char *rgba, int width, int height, int quality, int progressive) {
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
    if (progressive) jpeg_simple_progression(&info);
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
