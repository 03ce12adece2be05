/*
 * giflib-floor: the floor a giflib-based decoder can reach. It reads a GIF with
 * DGifSlurp (the whole file, all images) and composites every frame by browser rules
 * (transparent start, transparency, disposal 2 and 3, clipping), as GifDecoding does.
 *
 *   giflib-floor FILE [ITERATIONS]
 *
 * prints: megapixels_per_second=… seconds=… frames=… peak_rss_kib=…
 */
#include <gif_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long peak_rss_kib(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long value = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "VmHWM:", 6) == 0) { value = strtol(line + 6, NULL, 10); break; }
    }
    fclose(f);
    return value;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static volatile uint32_t sink;

static int decode_once(const char *path, long *frames_out, long *pixels_out) {
    int error = 0;
    GifFileType *gif = DGifOpenFileName(path, &error);
    if (!gif) { fprintf(stderr, "giflib-floor: %s: %s\n", path, GifErrorString(error)); return 1; }
    if (DGifSlurp(gif) != GIF_OK) { fprintf(stderr, "giflib-floor: %s: %s\n", path, GifErrorString(gif->Error)); DGifCloseFile(gif, &error); return 1; }
    int w = gif->SWidth, h = gif->SHeight;
    uint32_t *canvas = calloc((size_t)w * h, 4), *before = calloc((size_t)w * h, 4);
    for (int i = 0; i < gif->ImageCount; i++) {
        SavedImage *image = &gif->SavedImages[i];
        GraphicsControlBlock gcb = {0, false, 0, NO_TRANSPARENT_COLOR};
        DGifSavedExtensionToGCB(gif, i, &gcb);
        ColorMapObject *map = image->ImageDesc.ColorMap ? image->ImageDesc.ColorMap : gif->SColorMap;
        uint32_t palette[256] = {0};
        if (map) for (int c = 0; c < map->ColorCount && c < 256; c++)
            palette[c] = map->Colors[c].Red | map->Colors[c].Green << 8 | (uint32_t)map->Colors[c].Blue << 16 | 0xFF000000u;
        if (gcb.DisposalMode == DISPOSE_PREVIOUS) memcpy(before, canvas, (size_t)w * h * 4);
        GifImageDesc *d = &image->ImageDesc;
        int x0 = d->Left < 0 ? 0 : d->Left, x1 = d->Left + d->Width > w ? w : d->Left + d->Width;
        int y0 = d->Top < 0 ? 0 : d->Top, y1 = d->Top + d->Height > h ? h : d->Top + d->Height;
        /* DGifSlurp de-interlaces RasterBits into display order. */
        for (int y = y0; y < y1; y++) {
            const GifByteType *row = image->RasterBits + (size_t)(y - d->Top) * d->Width;
            uint32_t *out = canvas + (size_t)y * w;
            for (int x = x0; x < x1; x++) {
                int index = row[x - d->Left];
                if (index != gcb.TransparentColor && palette[index]) out[x] = palette[index];
            }
        }
        sink ^= canvas[(size_t)(h / 2) * w + w / 2];
        if (gcb.DisposalMode == DISPOSE_BACKGROUND) {
            for (int y = y0; y < y1; y++) memset(canvas + (size_t)y * w + x0, 0, (size_t)(x1 - x0) * 4);
        } else if (gcb.DisposalMode == DISPOSE_PREVIOUS) {
            memcpy(canvas, before, (size_t)w * h * 4);
        }
    }
    *frames_out += gif->ImageCount;
    *pixels_out += (long)gif->ImageCount * w * h;
    free(canvas);
    free(before);
    DGifCloseFile(gif, &error);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: giflib-floor FILE [ITERATIONS]\n"); return 64; }
    int iterations = argc > 2 ? atoi(argv[2]) : 1;
    if (iterations < 1) iterations = 1;
    long frames = 0, pixels = 0;
    double start = now();
    for (int i = 0; i < iterations; i++) if (decode_once(argv[1], &frames, &pixels)) return 65;
    double seconds = now() - start;
    printf("megapixels_per_second=%.1f seconds=%.3f frames=%ld peak_rss_kib=%ld\n", pixels / seconds / 1e6, seconds, frames, peak_rss_kib());
    return 0;
}
