#pragma once
// A Go record read from SGF text, for tests: a text that does not read fails the test that
// gave it (and gives an empty record).

#include <string_view>
#include <utility>

#include <gtest/gtest.h>

#include "kifu/go/record.hpp"

namespace kifu::test {

inline go::Record must_read(std::string_view text) {
    Result<go::Record> r = go::read_record(text);
    EXPECT_TRUE(r) << (r ? "" : r.error().message);
    return r ? std::move(*r) : go::Record{};
}

}  // namespace kifu::test
