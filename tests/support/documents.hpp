#pragma once
// A document read from text in a named format, for tests: a text that does not read fails
// the test that gave it.

#include <string_view>
#include <utility>

#include <gtest/gtest.h>

#include "kifu/formats/registry.hpp"

namespace kifu::test {

inline formats::Document read_as(std::string_view format, std::string_view text) {
    Result<formats::Document> d = formats::find_format(format)->read(text, {});
    EXPECT_TRUE(d) << format << ": " << text << ": " << (d ? "" : d.error().message);
    return d ? std::move(*d) : formats::Document{};
}

}  // namespace kifu::test
