// libpng for Swift. libpng reports errors by longjmp, which Swift cannot
// catch, so every call sequence that can fail runs here, inside a function
// that owns the setjmp, and reports failure as a return value and a message.
#ifndef MESHGRAD_CPNG_SHIM_H
#define MESHGRAD_CPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct mg_png_error {
    char message[256];
} mg_png_error;

static void mg_png_on_error(png_structp png, png_const_charp message) {
    mg_png_error *error = (mg_png_error *)png_get_error_ptr(png);
    if (error) {
        strncpy(error->message, message ? message : "libpng error", sizeof error->message - 1);
        error->message[sizeof error->message - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void mg_png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Called with each piece of the encoded stream; returns 0 to stop.
typedef int (*mg_png_sink)(void *context, const unsigned char *bytes, size_t count);

typedef struct mg_png_sink_state {
    mg_png_sink sink;
    void *context;
    int failed;
} mg_png_sink_state;

static void mg_png_write_data(png_structp png, png_bytep data, size_t length) {
    mg_png_sink_state *state = (mg_png_sink_state *)png_get_io_ptr(png);
    if (!state->failed && !state->sink(state->context, data, length)) {
        state->failed = 1;
        png_error(png, "could not write the output");
    }
}

static void mg_png_flush(png_structp png) { (void)png; }

/// Encodes `height` rows (each `width` pixels of `channels` components of
/// `bit_depth` bits, 16-bit components in native byte order) as one PNG.
/// `channels` is 3 (RGB) or 4 (RGBA). `filters` is a PNG_FILTER_* mask,
/// `level` a zlib level 0-9. Returns 1 on success.
static inline int mg_png_encode(
    unsigned width, unsigned height, int bit_depth, int channels,
    const unsigned char *const *rows, int level, int filters,
    mg_png_sink sink, void *context, mg_png_error *error)
{
    mg_png_sink_state state = {sink, context, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, error, mg_png_on_error, mg_png_on_warning);
    if (!png) {
        strcpy(error->message, "out of memory");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        strcpy(error->message, "out of memory");
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return 0;
    }
    png_set_write_fn(png, &state, mg_png_write_data, mg_png_flush);
    png_set_IHDR(png, info, width, height, bit_depth,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB_gAMA_and_cHRM(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    if (bit_depth == 16) {
        png_set_swap(png); // PNG is big-endian; our components are native.
    }
    png_write_rows(png, (png_bytepp)rows, height);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 1;
}

typedef struct mg_png_memory_reader {
    const unsigned char *bytes;
    size_t count;
    size_t offset;
} mg_png_memory_reader;

static void mg_png_read_data(png_structp png, png_bytep out, size_t length) {
    mg_png_memory_reader *reader = (mg_png_memory_reader *)png_get_io_ptr(png);
    if (reader->count - reader->offset < length) {
        png_error(png, "the file ends early");
    }
    memcpy(out, reader->bytes + reader->offset, length);
    reader->offset += length;
}

typedef struct mg_png_info {
    unsigned width;
    unsigned height;
    int bit_depth;    // of the decoded components: 8 or 16
    int has_alpha;    // whether the file stores alpha (decoded data is RGBA regardless)
} mg_png_info;

/// Reads the header of a PNG in memory. Returns 1 on success.
static inline int mg_png_read_info(const unsigned char *bytes, size_t count, mg_png_info *out, mg_png_error *error) {
    if (count < 8 || png_sig_cmp(bytes, 0, 8) != 0) {
        strcpy(error->message, "not a PNG file");
        return 0;
    }
    mg_png_memory_reader reader = {bytes, count, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error, mg_png_on_error, mg_png_on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        strcpy(error->message, "out of memory");
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    png_set_read_fn(png, &reader, mg_png_read_data);
    png_read_info(png, info);
    out->width = png_get_image_width(png, info);
    out->height = png_get_image_height(png, info);
    out->bit_depth = png_get_bit_depth(png, info) == 16 ? 16 : 8;
    int type = png_get_color_type(png, info);
    out->has_alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}

/// Decodes a PNG in memory to RGBA with `info->bit_depth` bits per
/// component (16-bit in native byte order) into `pixels`, which holds
/// `width * height * 4` components. Returns 1 on success.
static inline int mg_png_decode_rgba(const unsigned char *bytes, size_t count, void *pixels, mg_png_error *error) {
    mg_png_memory_reader reader = {bytes, count, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, error, mg_png_on_error, mg_png_on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_bytep *volatile rows = NULL;
    if (!png || !info) {
        png_destroy_read_struct(&png, &info, NULL);
        strcpy(error->message, "out of memory");
        return 0;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    png_set_read_fn(png, &reader, mg_png_read_data);
    png_read_info(png, info);
    unsigned width = png_get_image_width(png, info);
    unsigned height = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info);
    int type = png_get_color_type(png, info);
    if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, depth == 16 ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
    }
    if (depth == 16) png_set_swap(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = png_get_rowbytes(png, info);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
    if (!rows) png_error(png, "out of memory");
    for (unsigned y = 0; y < height; y++) rows[y] = (png_bytep)pixels + (size_t)y * stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 1;
}

#endif
