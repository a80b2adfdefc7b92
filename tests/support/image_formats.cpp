// The tests exercise every format, images included: kifu::image's formats join the
// registry before any test runs, as the tool, the service and the Python module add them.
#include "kifu/image/formats.hpp"

namespace {
[[maybe_unused]] const bool kImageFormatsAdded = (kifu::image::add_formats(), true);
}  // namespace
