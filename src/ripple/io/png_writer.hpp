#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace ripple {

/// 8-bit RGB image, row-major from the top.
struct RgbImage {
  int width = 0, height = 0;
  std::vector<uint8_t> pixels;  ///< 3 * width * height
  RgbImage(int w, int h) : width(w), height(h), pixels(static_cast<size_t>(3 * w * h), 0) {}
  uint8_t* at(int x, int y) { return &pixels[static_cast<size_t>(3 * (y * width + x))]; }
};

/// Writes the image as PNG with libpng (atomically).
void write_png(const std::string& path, const RgbImage& image);

}  // namespace ripple
