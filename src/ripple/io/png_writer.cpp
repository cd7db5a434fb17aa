#include "ripple/io/png_writer.hpp"

#include <png.h>

#include <cstdio>
#include <filesystem>

#include "ripple/core/errors.hpp"

namespace ripple {

void write_png(const std::string& path, const RgbImage& img) {
  const std::string tmp = path + ".tmp";
  FILE* fp = std::fopen(tmp.c_str(), "wb");
  if (!fp) throw SimulationError("cannot write " + tmp);
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!png || !info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    std::fclose(fp);
    throw SimulationError("libpng failed writing " + path);
  }
  png_init_io(png, fp);
  png_set_compression_level(png, 3);
  png_set_IHDR(png, info, img.width, img.height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int y = 0; y < img.height; ++y)
    png_write_row(png, const_cast<png_bytep>(&img.pixels[static_cast<size_t>(3 * y * img.width)]));
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  std::fclose(fp);
  std::filesystem::rename(tmp, path);
}

}  // namespace ripple
